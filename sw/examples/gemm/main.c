/* GEMM example: C = A x B on the tensor unit for four format pairs and
 * shapes with edge tiles, each checked on the target.
 *
 * Check: INT8 -> INT32 is compared exactly with an integer reference. The
 * float pairs are compared bit for bit with a reference that follows the
 * documented tmma order (acc = +0; for k = 0..K-1: acc = fma(a, b, acc) in
 * FP32, one rounding each, RNE), computed with software float on the target
 * (mref.c), independently of the golden model. As a sanity check on the
 * reference itself, the largest error against a double-precision dot
 * product (every 8th element) is printed relative to sum |a*b|. */
#define MOSAIC_COUNT_OPS
#include <stdio.h>
#include <string.h>

#include "gemm.h"
#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"

typedef struct {
    const char *name;
    unsigned in_fmt, out_fmt;
} fmt_pair;

static const fmt_pair pairs[] = {
    {"int8->int32", FMT_INT8, FMT_INT32},
    {"bf16->fp32", FMT_BF16, FMT_FP32},
    {"e4m3->fp32", FMT_E4M3, FMT_FP32},
    {"fp16->fp32", FMT_FP16, FMT_FP32},
};

typedef struct {
    uint32_t M, N, K;
    uint32_t pad; /* extra elements per row in memory (leading dimensions) */
} shape;

/* Whole tiles, edges in every dimension, and a skinny case whose rows are
 * padded in memory (the padding must come through untouched). */
#ifdef GEMM_RTL
/* gemm_rtl.elf, for the RTL simulator (about 10^4 times slower than the
 * ISS): smaller shapes, and float results checked on every CHECK_EVERY-th
 * element (the soft-float reference dominates the run; lockstep with the
 * golden model checks every element anyway). INT8 is always checked fully. */
static const shape shapes[] = {{16, 16, 16, 0}, {20, 33, 18, 3}};
#define CHECK_EVERY 31u
#else
static const shape shapes[] = {{16, 16, 16, 0}, {37, 21, 45, 0}, {3, 35, 18, 5}};
#define CHECK_EVERY 1u
#endif

#define NPAIRS (sizeof pairs / sizeof pairs[0])
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* A random finite value of the input format, as its bit pattern. Ranges
 * keep sums well inside FP32 while exercising rounding (and, for E4M3 and
 * FP16, subnormal inputs). */
static uint32_t rand_elem(unsigned fmt, uint32_t *st)
{
    uint32_t r = ref_rand(st);
    switch (fmt) {
    case FMT_INT8:
        return r & 0xFFu;
    case FMT_BF16: /* exponent 2^-6 .. 2^5 */
        return ((r & 1u) << 15) | ((uint32_t)(121 + (r >> 1) % 12) << 7) | ((r >> 8) & 0x7Fu);
    case FMT_E4M3: { /* every pattern but NaN (S.1111.111) */
        uint32_t v = r & 0xFFu;
        return (v & 0x7Fu) == 0x7Fu ? v - 1 : v;
    }
    case FMT_FP16: /* exponent field 0 (subnormal) .. 20 */
        return ((r & 1u) << 15) | (((r >> 1) % 21) << 10) | ((r >> 8) & 0x3FFu);
    default:
        return 0;
    }
}

static float to_f32(unsigned fmt, uint32_t v)
{
    switch (fmt) {
    case FMT_BF16: return ref_bf16_to_f32((uint16_t)v);
    case FMT_E4M3: return ref_e4m3_to_f32((uint8_t)v, false); /* mfp8sub = 0: flush */
    case FMT_FP16: return ref_fp16_to_f32((uint16_t)v);
    default: return 0;
    }
}

static uint32_t get(const void *p, unsigned bytes, uint32_t i)
{
    switch (bytes) {
    case 1: return ((const uint8_t *)p)[i];
    case 2: return ((const uint16_t *)p)[i];
    default: return ((const uint32_t *)p)[i];
    }
}

static void put(void *p, unsigned bytes, uint32_t i, uint32_t v)
{
    switch (bytes) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)v; break;
    default: ((uint32_t *)p)[i] = v; break;
    }
}

/* Reference element C[i][j]. Float inputs come pre-converted to FP32
 * (fa, fb); *exact and *mag feed the error metric. */
static uint32_t ref_elem(const fmt_pair *fp, const void *A, const void *B, const float *fa,
                         const float *fb, const shape *s, uint32_t i, uint32_t j,
                         double *exact, double *mag)
{
    if (fp->in_fmt == FMT_INT8) {
        const int8_t *a = A, *b = B;
        int64_t acc = 0;
        for (uint32_t k = 0; k < s->K; k++)
            acc += a[i * (s->K + s->pad) + k] * b[k * (s->N + s->pad) + j];
        return (uint32_t)ref_sat(acc, 32);
    }
    float acc = 0.0f;
    double d = 0, m = 0;
    for (uint32_t k = 0; k < s->K; k++)
        acc = ref_fmaf(fa[i * s->K + k], fb[k * s->N + j], acc);
    if (exact) { /* soft double is slow: only for sampled elements */
        for (uint32_t k = 0; k < s->K; k++) {
            double p = (double)fa[i * s->K + k] * fb[k * s->N + j];
            d += p;
            m += p < 0 ? -p : p;
        }
        *exact = d;
        *mag = m;
    }
    return f2u(acc);
}

static int run_case(const fmt_pair *fp, const shape *s, uint32_t seed)
{
    unsigned ib = fmt_bits(fp->in_fmt) / 8, ob = fmt_bits(fp->out_fmt) / 8;
    uint32_t lda = s->K + s->pad, ldb = s->N + s->pad, ldc = s->N + s->pad;
    uintptr_t mark = mosaic_tensor_mark();
    void *A = mosaic_tensor_alloc(s->M * lda * ib, 64);
    void *B = mosaic_tensor_alloc(s->K * ldb * ib, 64);
    void *C = mosaic_tensor_alloc(s->M * ldc * ob, 64);
    float *fa = mosaic_tensor_alloc(s->M * s->K * 4, 64);
    float *fb = mosaic_tensor_alloc(s->K * s->N * 4, 64);
    if (!A || !B || !C || !fa || !fb) {
        printf("FAIL: gemm %s %lux%lux%lu: out of main memory\n", fp->name,
               (unsigned long)s->M, (unsigned long)s->N, (unsigned long)s->K);
        return 1;
    }
    uint32_t st = seed;
    for (uint32_t i = 0; i < s->M * lda; i++)
        put(A, ib, i, rand_elem(fp->in_fmt, &st));
    for (uint32_t i = 0; i < s->K * ldb; i++)
        put(B, ib, i, rand_elem(fp->in_fmt, &st));
    for (uint32_t i = 0; i < s->M * ldc; i++)
        put(C, ob, i, 0xDEADBEEFu); /* every element must be written, no pad */

    for (uint32_t i = 0; i < s->M; i++)
        for (uint32_t k = 0; k < s->K; k++)
            fa[i * s->K + k] = to_f32(fp->in_fmt, get(A, ib, i * lda + k));
    for (uint32_t k = 0; k < s->K; k++)
        for (uint32_t j = 0; j < s->N; j++)
            fb[k * s->N + j] = to_f32(fp->in_fmt, get(B, ib, k * ldb + j));

    mosaic_perf p0, p1, d;
    mosaic_ops_reset();
    mosaic_perf_read(&p0);
    int rc = gemm_tiled(fp->in_fmt, fp->out_fmt, s->M, s->N, s->K, A, lda, B, ldb, C, ldc);
    mosaic_perf_read(&p1);
    mosaic_perf_delta(&d, &p0, &p1);

    uint32_t bad = 0, first_i = 0, first_j = 0, got0 = 0, want0 = 0;
    double max_rel = 0;
    for (uint32_t i = 0; i < s->M && rc == 0; i++)
        for (uint32_t j = 0; j < s->N; j++) {
            double exact = 0, mag = 0;
            if (fp->in_fmt != FMT_INT8 && (i * s->N + j) % CHECK_EVERY != 0)
                continue;
            int sample = (i * s->N + j) % (8 * CHECK_EVERY) == 0;
            uint32_t want = ref_elem(fp, A, B, fa, fb, s, i, j, sample ? &exact : NULL, &mag);
            uint32_t got = get(C, ob, i * ldc + j);
            if (got != want && bad++ == 0) {
                first_i = i;
                first_j = j;
                got0 = got;
                want0 = want;
            }
            if (fp->in_fmt != FMT_INT8 && mag > 0) {
                double e = (double)u2f(got) - exact;
                e = (e < 0 ? -e : e) / mag;
                if (e > max_rel)
                    max_rel = e;
            }
        }

    uint32_t pad_touched = 0;
    for (uint32_t i = 0; i < s->M; i++)
        for (uint32_t j = s->N; j < ldc; j++)
            pad_touched += get(C, ob, i * ldc + j) != 0xDEADBEEFu;

    char what[64];
    snprintf(what, sizeof what, "gemm %s %lux%lux%lu%s", fp->name, (unsigned long)s->M,
             (unsigned long)s->N, (unsigned long)s->K, s->pad ? " (padded rows)" : "");
    if (rc != 0)
        printf("FAIL: %s: kernel refused the request\n", what);
    else if (pad_touched)
        printf("FAIL: %s: %lu padding elements of C were written\n", what,
               (unsigned long)pad_touched);
    else if (bad)
        printf("FAIL: %s: %lu of %lu elements differ; first C[%lu][%lu] = 0x%08lx, want "
               "0x%08lx\n",
               what, (unsigned long)bad, (unsigned long)(s->M * s->N), (unsigned long)first_i,
               (unsigned long)first_j, (unsigned long)got0, (unsigned long)want0);
    else if (fp->in_fmt == FMT_INT8)
        printf("PASS: %s: exact match, %lu elements\n", what, (unsigned long)(s->M * s->N));
    else
        printf("PASS: %s: bit-exact vs sequential-FMA reference, %lu of %lu elements "
               "checked (max error vs double %.2e of sum|ab|)\n",
               what, (unsigned long)((s->M * s->N + CHECK_EVERY - 1) / CHECK_EVERY),
               (unsigned long)(s->M * s->N), max_rel);

    uint32_t tensor = d.hpm[HPM_TENSOR_INSNS];
    printf("  instructions %lu (scalar %lu, tensor %lu; tally %lu), useful MACs %lu "
           "(M*N*K %lu), SDMA bytes %lu\n",
           (unsigned long)d.instret, (unsigned long)(d.instret - tensor),
           (unsigned long)tensor, (unsigned long)mosaic_ops_total(),
           (unsigned long)d.hpm[HPM_USEFUL_MACS], (unsigned long)(s->M * s->N * s->K),
           (unsigned long)d.hpm[HPM_SDMA_BYTES]);
    /* Utilization = useful MACs / (cycles x PEs); the program cannot see the
     * array size, so it prints MACs per cycle and the share of a 16x16
     * array's peak (on the ISS a "cycle" is an instruction). */
    double mpc = d.cycle ? (double)d.hpm[HPM_USEFUL_MACS] / d.cycle : 0.0;
    printf("  cycles %lu, MAC array busy %lu cycles, %.1f MACs/cycle = %.1f%% of a 16x16 "
           "array's peak\n",
           (unsigned long)d.cycle, (unsigned long)d.hpm[HPM_MAC_BUSY], mpc, 100.0 * mpc / 256.0);
    mosaic_ops_print("  tensor-instruction mix: ");
    mosaic_tensor_release(mark);
    return rc != 0 || bad != 0 || pad_touched != 0;
}

int main(void)
{
    int failures = 0;
    uint32_t seed = 0x1234567u;
    printf("Mosaic GEMM example: C = A x B, tiles of 16, edge tiles via msettilem/k/n\n");
    for (unsigned p = 0; p < NPAIRS; p++)
        for (unsigned s = 0; s < NSHAPES; s++)
            failures += run_case(&pairs[p], &shapes[s], seed += 0x9E3779B9u);
    printf("gemm: %d case(s) failed\n", failures);
    return failures;
}
