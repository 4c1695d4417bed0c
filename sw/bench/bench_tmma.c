/* tmma throughput: 1,000 chained tmma into one accumulator per input format
 * (BF16 -> FP32, E4M3 -> FP32, INT8 -> INT32), A and B in other TRF banks
 * than D, whole 16x16x16 tiles. Prints one BENCH line per case with the
 * cycle, tensor-instruction, MAC-busy, useful-MAC, bank-conflict and
 * core-stall deltas; tools/perf.py turns them into utilization
 * (macs / (cycles x PEs)) and cycles per tile.
 *
 * Check: useful MACs must be 1000 x 16^3 and tensor instructions 1000 (the
 * counters are architectural); anything else fails the program. */
#include <stdio.h>

#include "bench.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#define NTMMA 1000
#define UNROLL 10

/* Registers: D in bank 0, A in bank 1, B in bank 2 (bank = index mod 4). */
#define TR_D 0
#define TR_A 5
#define TR_B 10
#define TR_SRC 15 /* FP32 staging tile */

/* 256 small FP32 values (multiples of 1/8 in [-2, 2]): every input format
 * holds them closely, and 1000 x 16 products stay far from overflow in FP32
 * and INT32. */
static uint32_t src_tile[256] MOSAIC_TENSOR;

static void fill_src(void)
{
    bench_fill_small(src_tile, 12345u);
    mosaic_fence(); /* scalar stores before the tensor load */
    tinit(TR_SRC, FMT_FP32);
    tld(TR_SRC, src_tile, 64);
}

#define TMMA10() \
    tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); \
    tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); \
    tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); tmma(TR_D, TR_A, TR_B); \
    tmma(TR_D, TR_A, TR_B)

/* The conversions need constant formats, hence one setup per case. */
#define SETUP(in_fmt, acc_fmt)                                                 \
    do {                                                                       \
        tcvt(TR_A, TR_SRC, in_fmt);                                            \
        tcvt(TR_B, TR_SRC, in_fmt);                                            \
        tinit(TR_D, acc_fmt);                                                  \
    } while (0)

static int run_case(const char *name)
{
    bench_counters a, b;
    mosaic_fence();
    bench_read(&a);
    for (unsigned i = 0; i < NTMMA / UNROLL; i++) {
        TMMA10();
    }
    mosaic_fence(); /* the tensor unit has drained: every tmma counted */
    bench_read(&b);
    bench_counters d = bench_delta(&a, &b);
    bench_print(name, NTMMA, &d);
    if (d.macs != (uint32_t)NTMMA * 16u * 16u * 16u || d.tensor_insns != NTMMA) {
        printf("FAIL: %s: %lu useful MACs, %lu tensor instructions (want %lu, %u)\n", name,
               (unsigned long)d.macs, (unsigned long)d.tensor_insns,
               (unsigned long)NTMMA * 4096ul, NTMMA);
        return 1;
    }
    return 0;
}

int main(void)
{
    int fail = 0;
    msettile_full();
    mcsr_write(0); /* mmode A x B, RNE */
    fill_src();

    SETUP(FMT_BF16, FMT_FP32);
    fail |= run_case("tmma_bf16");
    SETUP(FMT_E4M3, FMT_FP32);
    fail |= run_case("tmma_e4m3");
    SETUP(FMT_INT8, FMT_INT32);
    fail |= run_case("tmma_int8");
    return fail;
}
