/* Inputs, the measured run and the result check of the GEMM benchmarks
 * (bench_gemm.c, bench_gemm512.c): BF16 A (M x K) and B (K x N), FP32 C
 * (M x N), all row-major, BF16 pairs packed in 32-bit words.
 *
 * The check: useful MACs = M*N*K and SDMA bytes = the kernel's traffic
 * (both architectural counters); elements of C bit-exact against the
 * documented tmma order (acc = +0, then for k = 0..K-1 acc = fma(a, b, acc)
 * in FP32, one rounding each, RNE), computed with mref.c's soft float,
 * independently of the golden model: 16 of them (the four corners and 12
 * spread ones), or all; and every element of rows 0 and 15 of each row
 * block written (gemm_poison marks them before the run). */
#ifndef MOSAIC_GEMM_CHECK_H
#define MOSAIC_GEMM_CHECK_H

#include <stdint.h>
#include <stdio.h>

#include "bench.h"
#include "mref.h"

/* Deterministic BF16 pairs: sign, mantissa and the low 3 exponent bits
 * from a mixed Weyl sequence, exponent field 120..127 (2^-7 .. 2^0), so a
 * K-term sum stays far inside FP32 while every fma rounds. */
static inline void gemm_fill(uint32_t *p, uint32_t words, uint32_t seed)
{
    uint32_t x = seed;
    for (uint32_t i = 0; i < words; i++) {
        x += 0x9E3779B9u;
        uint32_t r = x ^ (x >> 15);
        p[i] = (r & 0x83FF83FFu) | 0x3C003C00u;
    }
}

#define GEMM_POISON 0xFFC0DEADu /* a NaN no tmma produces (its results are finite) */

/* Rows 0 and 15 of every row block of C, which the check requires written. */
static inline int gemm_poisoned_row(uint32_t i)
{
    return i % 16 == 0 || i % 16 == 15;
}

static inline void gemm_poison(uint32_t *c, uint32_t m, uint32_t n)
{
    for (uint32_t i = 0; i < m; i++)
        if (gemm_poisoned_row(i))
            for (uint32_t j = 0; j < n; j++)
                c[i * n + j] = GEMM_POISON;
}

static inline float gemm_elem(const uint32_t *p, uint32_t i)
{
    return ref_bf16_to_f32((uint16_t)(p[i / 2] >> (16 * (i % 2))));
}

/* Before the run: tiles full, mmode A x B with RNE, A and B filled, the
 * rows gemm_check requires written poisoned. */
static inline void gemm_inputs(uint32_t *a, uint32_t *b, uint32_t *c, uint32_t m, uint32_t n,
                               uint32_t k)
{
    msettile_full();
    mcsr_write(0);
    gemm_fill(a, m * k / 2, 0x1234567u);
    gemm_fill(b, k * n / 2, 0x89ABCDEu);
    gemm_poison(c, m, n);
}

/* The measured run: counters around fn (the kernel), its BENCH line. */
static inline bench_counters gemm_run(const char *name, void (*fn)(void), uint32_t tiles)
{
    bench_counters a, b;
    mosaic_fence(); /* A and B were written by scalar stores */
    bench_read(&a);
    fn();
    mosaic_fence(); /* the tensor unit has drained; C is read by scalar loads */
    bench_read(&b);
    bench_counters d = bench_delta(&a, &b);
    bench_print(name, tiles, &d);
    msettile_full();
    return d;
}

/* tinit of a kernel's 16 A and 4 B registers to BF16, by its own AREG
 * and BREG (register numbers are instruction immediates). */
#define GEMM_TINIT_AB()                                                        \
    do {                                                                       \
        tinit(AREG(0), FMT_BF16);                                              \
        tinit(AREG(1), FMT_BF16);                                              \
        tinit(AREG(2), FMT_BF16);                                              \
        tinit(AREG(3), FMT_BF16);                                              \
        tinit(AREG(4), FMT_BF16);                                              \
        tinit(AREG(5), FMT_BF16);                                              \
        tinit(AREG(6), FMT_BF16);                                              \
        tinit(AREG(7), FMT_BF16);                                              \
        tinit(AREG(8), FMT_BF16);                                              \
        tinit(AREG(9), FMT_BF16);                                              \
        tinit(AREG(10), FMT_BF16);                                             \
        tinit(AREG(11), FMT_BF16);                                             \
        tinit(AREG(12), FMT_BF16);                                             \
        tinit(AREG(13), FMT_BF16);                                             \
        tinit(AREG(14), FMT_BF16);                                             \
        tinit(AREG(15), FMT_BF16);                                             \
        tinit(BREG(0), FMT_BF16);                                              \
        tinit(BREG(1), FMT_BF16);                                              \
        tinit(BREG(2), FMT_BF16);                                              \
        tinit(BREG(3), FMT_BF16);                                              \
    } while (0)

/* Which elements of C gemm_check compares with the reference (about 300
 * instructions per fma of it): 16 sampled ones, every element, every
 * element of rows 0, 5, 10 and 15 of each row block (every column, so
 * every C tile of every panel), or none: the lockstep builds, whose every
 * tensor-register and memory write the harness compares with the golden
 * ISS, check only the counters and the written rows. */
enum { GEMM_CHECK_SAMPLES, GEMM_CHECK_EVERY, GEMM_CHECK_ROWS, GEMM_CHECK_NONE };

/* The check a build asks for: -DGEMM_CHECK_ALL the benchmark's thorough one
 * (all), -DGEMM_LOCKSTEP none, else the samples. */
#if defined(GEMM_CHECK_ALL)
#define GEMM_CHECK_BUILD(all) (all)
#elif defined(GEMM_LOCKSTEP)
#define GEMM_CHECK_BUILD(all) GEMM_CHECK_NONE
#else
#define GEMM_CHECK_BUILD(all) GEMM_CHECK_SAMPLES
#endif

/* Prints FAIL lines or one PASS line; returns the exit status (0 or 1). */
static inline int gemm_check(const char *name, const uint32_t *a, const uint32_t *b,
                             const uint32_t *c, uint32_t m, uint32_t n, uint32_t k,
                             const bench_counters *d, uint32_t traffic, int which)
{
    int fail = 0;
    if (d->macs != m * n * k || d->sdma_bytes != traffic) {
        printf("FAIL: %s: %lu useful MACs, %lu SDMA bytes (want %lu, %lu)\n", name,
               (unsigned long)d->macs, (unsigned long)d->sdma_bytes, (unsigned long)(m * n * k),
               (unsigned long)traffic);
        fail = 1;
    }
    uint32_t unwritten = 0, bad = 0;
    for (uint32_t i = 0; i < m; i++)
        if (gemm_poisoned_row(i))
            for (uint32_t j = 0; j < n; j++)
                unwritten += c[i * n + j] == GEMM_POISON;
    if (unwritten) {
        printf("FAIL: %s: %lu elements of C not written\n", name, (unsigned long)unwritten);
        fail = 1;
    }
    uint32_t ncheck = which == GEMM_CHECK_EVERY  ? m * n
                      : which == GEMM_CHECK_ROWS ? m / 4 * n
                      : which == GEMM_CHECK_NONE ? 0u
                                                 : 16u;
    for (uint32_t s = 0; s < ncheck; s++) {
        uint32_t i, j;
        if (which == GEMM_CHECK_EVERY) {
            i = s / n;
            j = s % n;
        } else if (which == GEMM_CHECK_ROWS) {
            i = s / n / 4 * 16 + s / n % 4 * 5;
            j = s % n;
        } else if (s < 4) {
            i = s & 1 ? m - 1 : 0;
            j = s & 2 ? n - 1 : 0;
        } else {
            i = (37u * s + 5u) % m;
            j = (91u * s + 13u) % n;
        }
        float acc = 0.0f;
        for (uint32_t kk = 0; kk < k; kk++)
            acc = ref_fmaf(gemm_elem(a, i * k + kk), gemm_elem(b, kk * n + j), acc);
        uint32_t got = c[i * n + j], want = f2u(acc);
        if (got != want && ++bad <= 4)
            printf("FAIL: %s: C[%lu][%lu] = 0x%08lx, want 0x%08lx\n", name, (unsigned long)i,
                   (unsigned long)j, (unsigned long)got, (unsigned long)want);
    }
    if (bad) {
        printf("FAIL: %s: %lu of %lu checked elements differ\n", name, (unsigned long)bad,
               (unsigned long)ncheck);
        fail = 1;
    }
    if (!fail && which == GEMM_CHECK_NONE)
        printf("PASS: %s %lux%lux%lu: MAC and SDMA-byte counters, C written (its values: "
               "lockstep)\n",
               name, (unsigned long)m, (unsigned long)n, (unsigned long)k);
    else if (!fail)
        printf("PASS: %s %lux%lux%lu: %lu elements bit-exact, %lu SDMA bytes\n", name,
               (unsigned long)m, (unsigned long)n, (unsigned long)k, (unsigned long)ncheck,
               (unsigned long)d->sdma_bytes);
    return fail;
}

#endif
