/* Cycles per instruction of every tensor instruction the first RTL tensor
 * unit implements: a run of N = 64 independent instances (8 destinations
 * in turn, sources never written by the run) between two fences; one
 * `BENCH cpi_<mnemonic>` line each, cycles / n is the CPI. `cpi_loop` is the
 * same loop with no tensor instruction (its cycles are the scalar loop
 * overhead, included in every other line).
 *
 * Shapes: tile ops on BF16 tiles (tmma: BF16 x BF16 -> FP32, full 16^3),
 * tld/tst of BF16 tiles at a 32-byte stride (dense; from main memory and
 * from the scratchpad), scpad.ld/st of 16 x 16
 * x 2 B (one BF16 tile), scpad.wait with no transfer pending.
 *
 * Check: every case must retire exactly n tensor instructions (hpmcounter3),
 * else the program fails. */
#include <stdio.h>

#include "bench.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#define ITERS 8
#define N (8 * ITERS)

/* Sources: bank 1 and bank 2; destinations tr0..tr7 (all four banks). */
#define TR_A 29
#define TR_B 30
#define TR_F 31 /* FP32 accumulators for tmma are tr0..tr7 re-tagged */

static uint16_t tile_bf16[256] MOSAIC_TENSOR;
static uint8_t out_buf[8 * 512] MOSAIC_TENSOR_NOINIT;
static uint8_t sp_buf[8 * 512] MOSAIC_SCPAD_BANK0;

#define REP8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)

static int report(const char *name, const bench_counters *a, const bench_counters *b,
                  unsigned tensor_per_insn)
{
    bench_counters d = bench_delta(a, b);
    bench_print(name, N, &d);
    if (d.tensor_insns != N * tensor_per_insn) {
        printf("FAIL: %s: %lu tensor instructions retired, want %u\n", name,
               (unsigned long)d.tensor_insns, N * tensor_per_insn);
        return 1;
    }
    return 0;
}

/* BODY(i) is one instance with destination i. */
#define MEASURE(name, BODY, per)                                               \
    do {                                                                       \
        bench_counters a_, b_;                                                 \
        mosaic_fence();                                                        \
        bench_read(&a_);                                                       \
        for (unsigned it_ = 0; it_ < ITERS; it_++) {                           \
            REP8(BODY)                                                         \
            __asm__ volatile("" ::: "memory");                                 \
        }                                                                      \
        mosaic_fence();                                                        \
        bench_read(&b_);                                                       \
        fail |= report(name, &a_, &b_, per);                                   \
    } while (0);

#define B_NONE(i)
#define B_TLD(i) tld(i, tile_bf16, 32);
#define B_TST(i) tst(i, out_p + (i) * 512, 32);
/* the same from / to the scratchpad (its 64-byte row port) */
#define B_TLD_SP(i) tld(i, sp_base, 32);
#define B_TST_SP(i) tst(i, sp_base + (i) * 512u, 32);
#define B_TZERO(i) tzero(i);
#define B_TCVT(i) tcvt(i, TR_A, FMT_BF16);
#define B_TADD(i) tadd(i, TR_A, TR_B);
#define B_TSUB(i) tsub(i, TR_A, TR_B);
#define B_TMUL(i) tmul(i, TR_A, TR_B);
#define B_TMAX(i) tmax(i, TR_A, TR_B);
#define B_TMIN(i) tmin(i, TR_A, TR_B);
#define B_TBSUB(i) tbsub(i, TR_A, TR_B);
#define B_TBMUL(i) tbmul(i, TR_A, TR_B);
#define B_TSCALE(i) tscale(i, one_f32);
#define B_TMMA(i) tmma(i, TR_A, TR_B);
#define B_MSETM(i) (void)msettilem(sixteen);
#define B_MSETK(i) (void)msettilek(sixteen);
#define B_MSETN(i) (void)msettilen(sixteen);
#define B_MSETMI(i) (void)msettilemi(16);
#define B_SCLD(i) scpad_ld(shape, sp_base + (i) * 512u, tile_bf16);
#define B_SCST(i) scpad_st(shape, sp_base + (i) * 512u, out_p + (i) * 512);
#define B_WAIT(i) scpad_wait();
#define B_RELU(i) tact(i, ACT_RELU);
#define B_GELU(i) tact(i, ACT_GELU);
#define B_EXP(i) tact(i, ACT_EXP);
#define B_RECIP(i) tact(i, ACT_RECIP);
#define B_TRED(i) (void)tred(TR_A, RED_SUM);
#define B_ROWMAX(i) trowmax(i, TR_A);
#define B_ROWSUM(i) trowsum(i, TR_A);
#define B_TBDIV(i) tbdiv(i, TR_A, TR_B);
#define B_TLADDI(i) tl_addi(i, TR_A, 1);
#define B_TLXPOSE(i) tl_xpose_01(i, TR_A, xdesc);

int main(void)
{
    int fail = 0;
    uint8_t *out_p = out_buf;
    uint32_t sp_base = (uint32_t)(uintptr_t)sp_buf;
    uint32_t shape = SDMA_SHAPE(16, 16, 1);
    uint32_t one_f32 = 0x3F800000u; /* 1.0f */
    uint32_t sixteen = 16;
    uint32_t xdesc = 4u | 4u << 8 | 8u << 16 | 8u << 24; /* 4x4x8x8 bytes = 1 KiB */
    /* The compiler must not see through these: they are run-time values. */
    __asm__ volatile("" : "+r"(out_p), "+r"(sp_base), "+r"(shape), "+r"(one_f32), "+r"(sixteen),
                     "+r"(xdesc));

    for (unsigned i = 0; i < 256; i++) /* 1.0, 1.5, 2.0, ... as BF16 */
        tile_bf16[i] = (uint16_t)(0x3F80u + (i % 64u));
    mosaic_fence();
    msettile_full();
    mcsr_write(0);
    csr_write(CSR_SDMA_STRIDE, 32);
    tinit(TR_A, FMT_BF16);
    tinit(TR_B, FMT_BF16);
    tld(TR_A, tile_bf16, 32);
    tld(TR_B, tile_bf16, 32);
#define INIT_BF16(i) tinit(i, FMT_BF16);
    REP8(INIT_BF16)

    MEASURE("cpi_loop", B_NONE, 0)
    MEASURE("cpi_tld", B_TLD, 1)
    MEASURE("cpi_tst", B_TST, 1)
    MEASURE("cpi_tld_sp", B_TLD_SP, 1)
    MEASURE("cpi_tst_sp", B_TST_SP, 1)
    MEASURE("cpi_tzero", B_TZERO, 1)
    MEASURE("cpi_tcvt", B_TCVT, 1)
    MEASURE("cpi_tadd", B_TADD, 1)
    MEASURE("cpi_tsub", B_TSUB, 1)
    MEASURE("cpi_tmul", B_TMUL, 1)
    MEASURE("cpi_tmax", B_TMAX, 1)
    MEASURE("cpi_tmin", B_TMIN, 1)
    MEASURE("cpi_tbsub", B_TBSUB, 1)
    MEASURE("cpi_tbmul", B_TBMUL, 1)
    MEASURE("cpi_tscale", B_TSCALE, 1)
    MEASURE("cpi_tact_relu", B_RELU, 1)
    MEASURE("cpi_tact_gelu", B_GELU, 1)
    MEASURE("cpi_tact_exp", B_EXP, 1)
    MEASURE("cpi_tact_recip", B_RECIP, 1)
    MEASURE("cpi_tred", B_TRED, 1)
    MEASURE("cpi_trowmax", B_ROWMAX, 1)
    MEASURE("cpi_trowsum", B_ROWSUM, 1)
    MEASURE("cpi_tbdiv", B_TBDIV, 1)
    MEASURE("cpi_tl.addi", B_TLADDI, 1)
    MEASURE("cpi_tl.xpose", B_TLXPOSE, 1)
#define INIT_FP32(i) tinit(i, FMT_FP32);
    REP8(INIT_FP32)
    MEASURE("cpi_tmma", B_TMMA, 1)
    MEASURE("cpi_msettilem", B_MSETM, 1)
    MEASURE("cpi_msettilek", B_MSETK, 1)
    MEASURE("cpi_msettilen", B_MSETN, 1)
    MEASURE("cpi_msettilemi", B_MSETMI, 1)
    MEASURE("cpi_scpad.ld", B_SCLD, 1)
    MEASURE("cpi_scpad.st", B_SCST, 1)
    MEASURE("cpi_scpad.wait", B_WAIT, 1)
    if (csr_read(CSR_SDMA_STATUS) != 0) {
        printf("FAIL: sdma_status %#lx after the SDMA runs\n",
               (unsigned long)csr_read(CSR_SDMA_STATUS));
        fail = 1;
    }
    return fail;
}
