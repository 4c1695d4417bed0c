/* GEMM utilization against matrix size per input format pair (make perf's
 * report, tools/perf_report.py): the example kernel gemm_tiled
 * (sw/examples/gemm: any M, N, K and any pair tmma takes) on S x S x S,
 * S = 16 .. 512, for BF16 -> FP32, FP8 E4M3 -> FP32 and INT8 -> INT32
 * (bench_fmt256.elf, -DSIZES_MAX=256, stops at 256: make perf's default,
 * since 512^3 for every pair and array adds about 20 minutes of
 * simulation).
 * One BENCH line per pair and size, `gemm_fmt_<pair>_<S>`, n = (S/16)^3
 * tile products.
 *
 * gemm_tiled is the simple general kernel: per tile product it moves the A
 * and B tiles from main memory by SDMA (double-buffered, no reuse across
 * products), loads them with tld and chains tmma into one accumulator per
 * C tile. So its traffic per tmma is two input tiles, and the format pair
 * sets that traffic: 1 KiB for 16-bit inputs, 512 bytes for 8-bit ones.
 * atalla_gemm (atalla_sizes.c) is the tuned BF16 kernel.
 *
 * The matrices are not filled (main memory starts zero in simulation; the
 * timing does not depend on the values). Every call must return 0 and
 * count exactly S^3 useful MACs, else exit 1. */
#include <stdio.h>

#include "../examples/gemm/gemm.h"
#include "bench.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#ifndef SIZES_MAX
#define SIZES_MAX 512
#endif
static uint8_t A[SIZES_MAX * SIZES_MAX * 2] MOSAIC_TENSOR_NOINIT;
static uint8_t B[SIZES_MAX * SIZES_MAX * 2] MOSAIC_TENSOR_NOINIT;
static uint8_t C[SIZES_MAX * SIZES_MAX * 4] MOSAIC_TENSOR_NOINIT;

#define NSIZES 6 /* 16 32 64 128 256 512 */
static const struct {
    unsigned in, out;
    const char *name[NSIZES];
} PAIRS[] = {
    {FMT_BF16, FMT_FP32,
     {"gemm_fmt_bf16_16", "gemm_fmt_bf16_32", "gemm_fmt_bf16_64", "gemm_fmt_bf16_128",
      "gemm_fmt_bf16_256", "gemm_fmt_bf16_512"}},
    {FMT_E4M3, FMT_FP32,
     {"gemm_fmt_e4m3_16", "gemm_fmt_e4m3_32", "gemm_fmt_e4m3_64", "gemm_fmt_e4m3_128",
      "gemm_fmt_e4m3_256", "gemm_fmt_e4m3_512"}},
    {FMT_INT8, FMT_INT32,
     {"gemm_fmt_int8_16", "gemm_fmt_int8_32", "gemm_fmt_int8_64", "gemm_fmt_int8_128",
      "gemm_fmt_int8_256", "gemm_fmt_int8_512"}},
};

int main(void)
{
    int fails = 0;
    for (unsigned p = 0; p < sizeof PAIRS / sizeof PAIRS[0]; p++) {
        for (unsigned i = 0; i < NSIZES && (16u << i) <= SIZES_MAX; i++) {
            uint32_t s = 16u << i, t = s / 16;
            bench_counters a, b;
            bench_read(&a);
            int rc = gemm_tiled(PAIRS[p].in, PAIRS[p].out, s, s, s, A, s, B, s, C, s);
            bench_read(&b);
            bench_counters d = bench_delta(&a, &b);
            bench_print(PAIRS[p].name[i], t * t * t, &d);
            if (rc != 0 || d.macs != s * s * s) {
                printf("FAIL: %s: returned %d, %lu MACs (want %lu)\n", PAIRS[p].name[i], rc,
                       (unsigned long)d.macs, (unsigned long)(s * s * s));
                fails++;
            }
        }
    }
    return fails;
}
