/* MINA-T section 6 ("Test Guidance") as a program: each flow the spec
 * lists, run on the tensor unit and checked against plain C on the target.
 * Exhaustive versions live in sw/tests/target/test_minat.c; this one shows
 * the flows and prints a line about each. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"
#include "mtest.h"

/* Word arrays with byte views, so element reads need no type punning. */
static uint32_t in_w[256] MOSAIC_TENSOR;
static uint32_t out_w[256] MOSAIC_TENSOR;
#define buf_in ((uint8_t *)in_w)
#define buf_out ((uint8_t *)out_w)
static float fa[256], fb[256];
static uint32_t st = 0x6D696E61u;

static void fill_random(unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        buf_in[i] = (uint8_t)ref_rand(&st);
}

/* "tld/tst round-trip for each format" */
#define RT(fmt, name)                                                          \
    do {                                                                       \
        fill_random(1024);                                                     \
        memset(out_w, 0, sizeof out_w);                                    \
        mosaic_fence();                                                        \
        tinit(1, fmt);                                                         \
        tld(1, buf_in, TILE_PITCH(fmt));                                       \
        tst(1, buf_out, TILE_PITCH(fmt));                                      \
        mosaic_fence();                                                        \
        if (CHECK_MEM(buf_out, buf_in, TILE_BYTES(fmt)))                       \
            printf(" %s(%u B)", name, TILE_BYTES(fmt));                        \
    } while (0)

static void roundtrip_each_format(void)
{
    printf("tld/tst round trip:");
    RT(FMT_FP32, "fp32");
    RT(FMT_FP16, "fp16");
    RT(FMT_BF16, "bf16");
    RT(FMT_E4M3, "e4m3");
    RT(FMT_E5M2, "e5m2");
    RT(FMT_INT8, "int8");
    RT(FMT_FP4, "fp4");
    printf("\n");
}

/* "tadd correctness vs. scalar reference" */
static void tadd_vs_scalar(void)
{
    for (unsigned i = 0; i < 256; i++) {
        fa[i] = (float)ref_rand_range(&st, -100000, 100000) / 1024.0f;
        fb[i] = (float)ref_rand_range(&st, -100000, 100000) / 3.0f;
    }
    memcpy(buf_in, fa, 1024);
    mosaic_fence();
    tinit(1, FMT_FP32);
    tinit(2, FMT_FP32);
    tinit(3, FMT_FP32);
    tld(1, buf_in, 64);
    mosaic_fence(); /* the tld must have read buf_in before it is overwritten */
    memcpy(buf_in, fb, 1024);
    mosaic_fence();
    tld(2, buf_in, 64);
    tadd(3, 1, 2);
    tst(3, buf_out, 64);
    mosaic_fence();
    unsigned bad = 0;
    for (unsigned i = 0; i < 256; i++)
        bad += out_w[i] != f2u(fa[i] + fb[i]);
    CHECKF(bad == 0, "%u FP32 sums differ", bad);
    printf("tadd: 256 FP32 sums equal the scalar a + b (e.g. %g + %g = %g)\n", (double)fa[0],
           (double)fb[0], (double)u2f(out_w[0]));
}

/* "tmma correctness vs. scalar reference (FP8, INT8)" */
static void tmma_fp8_int8(void)
{
    uint8_t a[256], b[256];
    for (unsigned i = 0; i < 256; i++) {
        a[i] = (uint8_t)ref_rand_range(&st, 0x20, 0x50) | (uint8_t)(ref_rand(&st) & 0x80);
        b[i] = (uint8_t)ref_rand_range(&st, 0x20, 0x50) | (uint8_t)(ref_rand(&st) & 0x80);
    }
    for (unsigned pass = 0; pass < 2; pass++) { /* 0: E4M3 -> FP32, 1: INT8 -> INT32 */
        memcpy(buf_in, a, 256);
        memcpy(buf_in + 256, b, 256);
        mosaic_fence();
        if (pass == 0) {
            tinit(1, FMT_E4M3);
            tinit(2, FMT_E4M3);
            tinit(3, FMT_FP32);
        } else {
            tinit(1, FMT_INT8);
            tinit(2, FMT_INT8);
            tinit(3, FMT_INT32);
        }
        tld(1, buf_in, 16);
        tld(2, buf_in + 256, 16);
        tmma(3, 1, 2);
        tst(3, buf_out, 64);
        mosaic_fence();
        unsigned bad = 0;
        for (unsigned i = 0; i < 16; i++)
            for (unsigned j = 0; j < 16; j++) {
                uint32_t want;
                if (pass == 0) {
                    float acc = 0.0f; /* FP32 fma chain, k in order */
                    for (unsigned k = 0; k < 16; k++)
                        acc = ref_fmaf(ref_e4m3_to_f32(a[16 * i + k], false),
                                       ref_e4m3_to_f32(b[16 * k + j], false), acc);
                    want = f2u(acc);
                } else {
                    int32_t s = 0;
                    for (unsigned k = 0; k < 16; k++)
                        s += (int8_t)a[16 * i + k] * (int8_t)b[16 * k + j];
                    want = (uint32_t)s;
                }
                bad += out_w[16 * i + j] != want;
            }
        CHECKF(bad == 0, "%s: %u elements differ", pass ? "int8" : "e4m3", bad);
    }
    printf("tmma: E4M3 x E4M3 -> FP32 (sequential FMA) and INT8 x INT8 -> INT32 match\n");
}

/* "tcvt edge cases (overflow, underflow, NaN)" */
static void tcvt_edges(void)
{
    static const float v[4] = {1000.0f, 0.001f, 0.0f, 1.5f};
    memset(fa, 0, sizeof fa);
    memcpy(fa, v, sizeof v);
    fa[2] = u2f(0x7FC00000u); /* NaN */
    memcpy(buf_in, fa, 1024);
    mosaic_fence();
    tinit(1, FMT_FP32);
    tld(1, buf_in, 64);
    tcvt(2, 1, FMT_E4M3);
    tcvt(3, 1, FMT_INT8);
    tst(2, buf_out, 16);
    tst(3, buf_out + 256, 16);
    mosaic_fence();
    CHECK_EQ_U32(buf_out[0], 0x7F);       /* overflow -> NaN (mfp8sat = 0) */
    CHECK_EQ_U32(buf_out[1], 0x00);       /* 0.001 < smallest normal: flushed */
    CHECK_EQ_U32(buf_out[2], 0x7F);       /* NaN -> canonical NaN */
    CHECK_EQ_U32(buf_out[3], 0x3C);       /* 1.5 exact */
    CHECK_EQ_U32(buf_out[256], 127);      /* saturates */
    CHECK_EQ_U32(buf_out[258], 127);      /* NaN -> largest integer */
    CHECK_EQ_U32(buf_out[259], 2);        /* 1.5 ties to even */
    printf("tcvt: 1000->E4M3 0x%02x, 0.001->0x%02x, NaN->0x%02x; 1000->INT8 %d, 1.5->INT8 %d\n",
           buf_out[0], buf_out[1], buf_out[2], (int8_t)buf_out[256], (int8_t)buf_out[259]);
}

/* "tact correctness for each activation (including exp/recip)" */
static void tact_each(void)
{
    static const char *const names[5] = {"relu", "gelu", "silu", "exp", "recip"};
    static const float x[4] = {-2.0f, -0.5f, 0.75f, 3.0f};
    memset(fa, 0, sizeof fa);
    memcpy(fa, x, sizeof x);
    memcpy(buf_in, fa, 1024);
    mosaic_fence();
    tinit(1, FMT_FP32);
    for (unsigned f = 0; f < 5; f++) {
        tld(1, buf_in, 64);
        switch (f) {
        case 0: tact(1, ACT_RELU); break;
        case 1: tact(1, ACT_GELU); break;
        case 2: tact(1, ACT_SILU); break;
        case 3: tact(1, ACT_EXP); break;
        default: tact(1, ACT_RECIP); break;
        }
        tst(1, buf_out, 64);
        mosaic_fence();
        printf("tact %-5s:", names[f]);
        for (unsigned i = 0; i < 4; i++) {
            double d = x[i], r;
            switch (f) {
            case 0: r = d > 0 ? d : 0; break;
            case 1: r = d / (1 + exp(-1.5957691216057308 * (d + 0.044715 * d * d * d))); break;
            case 2: r = d / (1 + exp(-d)); break;
            case 3: r = exp(d); break;
            default: r = 1 / d; break;
            }
            double g = u2f(out_w[i]);
            CHECKF(fabs(g - r) <= fabs(r) * 1e-6, "%s(%g) = %.9g, want %.9g", names[f], d, g, r);
            printf(" %s(%g)=%.7g", names[f], d, g);
        }
        printf("\n");
    }
}

/* "tred sum/max/min for random tiles" */
static void tred_random(void)
{
    int8_t v[256];
    int32_t s = 0, mx = -128, mn = 127;
    for (unsigned i = 0; i < 256; i++) {
        v[i] = (int8_t)ref_rand(&st);
        s += v[i];
        mx = v[i] > mx ? v[i] : mx;
        mn = v[i] < mn ? v[i] : mn;
    }
    memcpy(buf_in, v, 256);
    mosaic_fence();
    tinit(1, FMT_INT8);
    tld(1, buf_in, 16);
    int32_t gs = (int32_t)tred(1, RED_SUM), gx = (int32_t)tred(1, RED_MAX),
            gn = (int32_t)tred(1, RED_MIN);
    CHECK_EQ_INT(gs, s);
    CHECK_EQ_INT(gx, mx);
    CHECK_EQ_INT(gn, mn);
    printf("tred on a random INT8 tile: sum %ld max %ld min %ld\n", (long)gs, (long)gx, (long)gn);
}

/* "tscale with scalar 0, 1, and extreme values" */
static void tscale_cases(void)
{
    static const float scal[4] = {0.0f, 1.0f, 3.4028235e38f, 1e-40f};
    for (unsigned i = 0; i < 256; i++)
        fa[i] = (float)ref_rand_range(&st, -1000, 1000) / 7.0f + 0.01f;
    tinit(1, FMT_FP32);
    printf("tscale:");
    for (unsigned c = 0; c < 4; c++) {
        memcpy(buf_in, fa, 1024);
        mosaic_fence();
        tld(1, buf_in, 64);
        tscale_f(1, scal[c]);
        tst(1, buf_out, 64);
        mosaic_fence();
        unsigned bad = 0;
        for (unsigned i = 0; i < 256; i++)
            bad += out_w[i] != f2u(fa[i] * scal[c]);
        CHECKF(bad == 0, "scale by %g: %u elements differ", (double)scal[c], bad);
        printf(" x%g: %g->%g", (double)scal[c], (double)fa[0], (double)u2f(out_w[0]));
    }
    printf("\n");
}

int main(void)
{
    printf("MINA-T section 6 flows on Mosaic\n");
    MTEST_RUN(roundtrip_each_format);
    MTEST_RUN(tadd_vs_scalar);
    MTEST_RUN(tmma_fp8_int8);
    MTEST_RUN(tcvt_edges);
    MTEST_RUN(tact_each);
    MTEST_RUN(tred_random);
    MTEST_RUN(tscale_cases);
    return mtest_finish();
}
