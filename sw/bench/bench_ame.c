/* AME mmacc throughput: 2x2 and guarded 4x4 multi-tile mmacc, issued back
 * to back, for INT8 -> INT16, E4M3 -> FP16 and BF16 -> FP32 (whose 32-bit
 * result fails the 4x4 guard, so "4x4" runs as 2x2 and sets
 * mxstatus.guard_fallback). Each case is NMMACC mmacc of full 16x16x16
 * sub-operations; the BENCH line's n is the number of sub-operations (tiles),
 * so tools/perf.py's cycles per tile and utilization compare directly with
 * chained tmma (bench_tmma).
 *
 * Check: useful MACs must be n x 16^3, tensor instructions NMMACC, and the
 * guard fallback flag set exactly for BF16 -> FP32 under the guard. */
#include <stdio.h>

#include "bench.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#ifndef NMMACC
#define NMMACC 40 /* a multiple of 10 */
#endif
#define TR_A 0   /* A0..A3 */
#define TR_B 6   /* B0..B3: banks 2, 3, 0, 1 (A0..A3 are 0..3) */
#define TR_SRC 12 /* FP32 staging tile */
#define TR_C 16  /* C0..C15 (tinit in SETUP names 16..31) */

/* Small values (multiples of 1/8 in [-2, 2]): every input format holds
 * them, and FP16 results stay finite over NMMACC accumulations. */
static uint32_t src_tile[256] MOSAIC_TENSOR;

static void fill_src(void)
{
    bench_fill_small(src_tile, 4321u);
    mosaic_fence(); /* scalar stores before the tensor load */
    tinit(TR_SRC, FMT_FP32);
    tld(TR_SRC, src_tile, 64);
}

/* A and B in the input format (tcvt needs constant formats: one macro per
 * case), C cleared with the result format's tag. */
#define SETUP(in_fmt, out_fmt)                                                 \
    do {                                                                       \
        tcvt(TR_A + 0, TR_SRC, in_fmt); tcvt(TR_A + 1, TR_SRC, in_fmt);        \
        tcvt(TR_A + 2, TR_SRC, in_fmt); tcvt(TR_A + 3, TR_SRC, in_fmt);        \
        tcvt(TR_B + 0, TR_SRC, in_fmt); tcvt(TR_B + 1, TR_SRC, in_fmt);        \
        tcvt(TR_B + 2, TR_SRC, in_fmt); tcvt(TR_B + 3, TR_SRC, in_fmt);        \
        tinit(16, out_fmt); tinit(17, out_fmt); tinit(18, out_fmt);            \
        tinit(19, out_fmt); tinit(20, out_fmt); tinit(21, out_fmt);            \
        tinit(22, out_fmt); tinit(23, out_fmt); tinit(24, out_fmt);            \
        tinit(25, out_fmt); tinit(26, out_fmt); tinit(27, out_fmt);            \
        tinit(28, out_fmt); tinit(29, out_fmt); tinit(30, out_fmt);            \
        tinit(31, out_fmt);                                                    \
    } while (0)

#define MMACC10()                                                              \
    mmacc(TR_C, TR_A, TR_B, BTR_AB); mmacc(TR_C, TR_A, TR_B, BTR_AB);          \
    mmacc(TR_C, TR_A, TR_B, BTR_AB); mmacc(TR_C, TR_A, TR_B, BTR_AB);          \
    mmacc(TR_C, TR_A, TR_B, BTR_AB); mmacc(TR_C, TR_A, TR_B, BTR_AB);          \
    mmacc(TR_C, TR_A, TR_B, BTR_AB); mmacc(TR_C, TR_A, TR_B, BTR_AB);          \
    mmacc(TR_C, TR_A, TR_B, BTR_AB); mmacc(TR_C, TR_A, TR_B, BTR_AB)

static int run_case(const char *name, unsigned ame_in, unsigned ame_out, unsigned tiling,
                    unsigned guard, unsigned subops, int want_fallback)
{
    mxcfg_write(MXCFG(ame_in, ame_out, MX_RND_RNE, 1));
    mxtile_write(MXTILE(16, 16, tiling, guard));
    mxstatus_write(0);
    bench_counters a, b;
    mosaic_fence();
    bench_read(&a);
    for (unsigned i = 0; i < NMMACC / 10; i++) {
        MMACC10();
    }
    mosaic_fence(); /* the tensor unit has drained: every mmacc counted */
    bench_read(&b);
    bench_counters d = bench_delta(&a, &b);
    unsigned tiles = NMMACC * subops;
    bench_print(name, tiles, &d);
    int fell_back = (mxstatus_read() & MXSTATUS_GUARD_FALLBACK) != 0;
    if (d.macs != tiles * 4096u || d.tensor_insns != NMMACC || fell_back != want_fallback) {
        printf("FAIL: %s: %lu useful MACs, %lu tensor instructions, fallback %d "
               "(want %u, %u, %d)\n",
               name, (unsigned long)d.macs, (unsigned long)d.tensor_insns, fell_back,
               tiles * 4096u, NMMACC, want_fallback);
        return 1;
    }
    return 0;
}

int main(void)
{
    int fail = 0;
    msettile_full();
    fill_src();

    SETUP(FMT_INT8, FMT_INT16);
    fail |= run_case("ame_2x2_int8_int16", AME_INT8, AME_INT16, MX_TILING_2X2, 0, 4, 0);
    fail |= run_case("ame_4x4_int8_int16", AME_INT8, AME_INT16, MX_TILING_2X2, 1, 16, 0);
    SETUP(FMT_E4M3, FMT_FP16);
    fail |= run_case("ame_2x2_e4m3_fp16", AME_E4M3, AME_FP16, MX_TILING_2X2, 0, 4, 0);
    fail |= run_case("ame_4x4_e4m3_fp16", AME_E4M3, AME_FP16, MX_TILING_2X2, 1, 16, 0);
    SETUP(FMT_BF16, FMT_FP32);
    fail |= run_case("ame_2x2_bf16_fp32", AME_BF16, AME_FP32, MX_TILING_2X2, 0, 4, 0);
    fail |= run_case("ame_4x4_bf16_fp32", AME_BF16, AME_FP32, MX_TILING_2X2, 1, 4, 1);
    return fail;
}
