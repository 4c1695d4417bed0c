/* GEMM utilization against matrix size (make perf's report, tools/perf_report.py):
 * atalla_gemm on square S x S x S BF16 matrices from main memory, S = 16,
 * 32, ... up to SIZES_MAX (512 by default; the report builds a 256 variant
 * for the 4x4 array, where 512^3 would take minutes of simulation). One
 * BENCH line per size, `gemm_size_<S>`, counters around the call, n = the
 * number of 16x16x16 tile products (S/16)^3.
 *
 * atalla_gemm is the library's general-shape GEMM (BF16 in and out, FP32
 * accumulation; docs/atalla.md), so these figures are what a program gets
 * from the software stack at each size, prologue and epilogue included. The
 * tensors are not filled (main memory starts zero in simulation): timing
 * does not depend on the values. Every call must return 0 and count
 * exactly S^3 useful MACs, else exit 1. */
#include <stdio.h>

#include "atalla.h"
#include "bench.h"
#include "mosaic_rt.h"

#ifndef SIZES_MAX
#define SIZES_MAX 512
#endif

static bf16 A[SIZES_MAX * SIZES_MAX] MOSAIC_TENSOR_NOINIT;
static bf16 B[SIZES_MAX * SIZES_MAX] MOSAIC_TENSOR_NOINIT;
static bf16 C[SIZES_MAX * SIZES_MAX] MOSAIC_TENSOR_NOINIT;

static void set2(atalla_tensor *t, bf16 *d, int32_t s)
{
    *t = (atalla_tensor){d, 2, {s, s, 0, 0}, {s, 1, 0, 0}};
}

int main(void)
{
    int fails = 0;
    for (uint32_t s = 16; s <= SIZES_MAX; s *= 2) {
        atalla_tensor ta, tb, tc;
        set2(&ta, A, (int32_t)s);
        set2(&tb, B, (int32_t)s);
        set2(&tc, C, (int32_t)s);
        char name[32];
        snprintf(name, sizeof name, "gemm_size_%lu", (unsigned long)s);
        bench_counters a, b;
        bench_read(&a);
        int rc = atalla_gemm(&ta, &tb, &tc);
        bench_read(&b);
        bench_counters d = bench_delta(&a, &b);
        uint32_t t = s / 16;
        bench_print(name, t * t * t, &d);
        if (rc != 0 || d.macs != s * s * s) {
            printf("FAIL: %s: returned %d, %lu MACs (want %lu)\n", name, rc,
                   (unsigned long)d.macs, (unsigned long)(s * s * s));
            fails++;
        }
    }
    return fails;
}
