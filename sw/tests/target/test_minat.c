/* Directed tests of the nine MINA-T instructions (docs/isa.md semantics),
 * expected values hand-derived or computed by plain C (mref) on the target. */
#include <math.h>

#include "tt.h"

static uint8_t a_t[1024], b_t[1024], d_t[1024], got[1024], want[1024];

/* ---- tld / tst ------------------------------------------------------------ */

/* Round trip with padded strides: rows land at y*stride, gaps untouched. */
#define ROUNDTRIP(fmt, SIN, SOUT)                                              \
    do {                                                                       \
        uint32_t st_ = 0x51u + (fmt);                                          \
        for (unsigned i_ = 0; i_ < TT_BUF_BYTES; i_++) {                       \
            tt_src[i_] = (uint8_t)ref_rand(&st_);                              \
            tt_dst[i_] = 0xA5;                                                 \
        }                                                                      \
        if ((fmt) == FMT_TF32) /* keep the container's low 13 bits zero */    \
            for (unsigned i_ = 0; i_ < TT_BUF_BYTES; i_ += 4) {                \
                tt_src[i_] = 0;                                                \
                tt_src[i_ + 1] &= 0xE0;                                        \
            }                                                                  \
        mosaic_fence();                                                        \
        tinit(5, fmt);                                                         \
        tld(5, tt_src, SIN);                                                   \
        tst(5, tt_dst, SOUT);                                                  \
        mosaic_fence();                                                        \
        for (unsigned y_ = 0; y_ < 16; y_++) {                                 \
            CHECK_MEM(tt_dst + y_ * (SOUT), tt_src + y_ * (SIN), TILE_PITCH(fmt)); \
            for (unsigned g_ = TILE_PITCH(fmt); g_ < (SOUT); g_++)             \
                CHECKF(tt_dst[y_ * (SOUT) + g_] == 0xA5, "fmt %d row %u gap byte %u written", \
                       fmt, y_, g_);                                           \
        }                                                                      \
        CHECKF(tt_dst[16 * (SOUT)] == 0xA5, "fmt %d: byte after the tile written", fmt); \
    } while (0)

static void t_tld_tst_roundtrip(void)
{
    ROUNDTRIP(FMT_FP32, 80, 72);
    ROUNDTRIP(FMT_FP16, 40, 36);
    ROUNDTRIP(FMT_BF16, 34, 48);
    ROUNDTRIP(FMT_E4M3, 17, 20);
    ROUNDTRIP(FMT_E5M2, 16, 19);
    ROUNDTRIP(FMT_INT8, 33, 16);
    ROUNDTRIP(FMT_FP4, 8, 11);
    ROUNDTRIP(FMT_INT16, 32, 34);
    ROUNDTRIP(FMT_INT32, 64, 68);
    ROUNDTRIP(FMT_TF32, 68, 64);
}

/* A negative stride walks rows backwards from the base. */
static void t_tld_negative_stride(void)
{
    for (unsigned i = 0; i < 16 * 64; i++)
        tt_src[i] = (uint8_t)(i / 64 * 16 + i % 16);
    mosaic_fence();
    tinit(6, FMT_INT8);
    tld(6, tt_src + 15 * 64, -64);
    tst(6, tt_dst, 16);
    mosaic_fence();
    for (unsigned y = 0; y < 16; y++)
        CHECK_MEM(tt_dst + 16 * y, tt_src + 64 * (15 - y), 16);
}

/* tzero clears the register and keeps its tag (tst still stores 2 bytes
 * per element). */
static void t_tzero(void)
{
    uint32_t st = 7;
    tt_fill(a_t, FMT_FP16, ref_rand, &st);
    TT_LOAD(7, FMT_FP16, a_t);
    tzero(7);
    memset(tt_dst, 0xEE, 1024);
    mosaic_fence();
    tst(7, tt_dst, 32);
    mosaic_fence();
    memset(want, 0, 512);
    CHECK_MEM(tt_dst, want, 512);
    CHECKF(tt_dst[512] == 0xEE, "tst of an FP16 tile wrote past 512 bytes");
}

/* ---- tadd ------------------------------------------------------------------- */

static void t_tadd_fp32(void)
{
    uint32_t st = 11;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    tt_fill(b_t, FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(1, FMT_FP32, a_t);
    TT_LOAD(2, FMT_FP32, b_t);
    tinit(3, FMT_FP32);
    tadd(3, 1, 2);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_FP32, i,
               f2u(u2f(tt_get(a_t, FMT_FP32, i)) + u2f(tt_get(b_t, FMT_FP32, i))));
    CHECK_TILE(got, want, FMT_FP32);
}

/* BF16 + BF16 -> BF16: an FP32 add of the exact inputs (one rounding), then
 * the conversion to BF16 (a second one), as docs/isa.md prescribes. */
static void t_tadd_bf16(void)
{
    uint32_t st = 12;
    for (unsigned i = 0; i < 256; i++) {
        tt_set(a_t, FMT_BF16, i, tt_rand_f32(&st) >> 16);
        tt_set(b_t, FMT_BF16, i, tt_rand_f32(&st) >> 16);
    }
    TT_LOAD(1, FMT_BF16, a_t);
    TT_LOAD(2, FMT_BF16, b_t);
    tinit(3, FMT_BF16);
    tadd(3, 1, 2);
    TT_STORE(3, FMT_BF16, got);
    for (unsigned i = 0; i < 256; i++) {
        float s = ref_bf16_to_f32((uint16_t)tt_get(a_t, FMT_BF16, i)) +
                  ref_bf16_to_f32((uint16_t)tt_get(b_t, FMT_BF16, i));
        tt_set(want, FMT_BF16, i, ref_f32_to_bf16(s));
    }
    CHECK_TILE(got, want, FMT_BF16);
}

/* Mixed float formats: FP16 + BF16 -> FP32. */
static void t_tadd_mixed_float(void)
{
    uint32_t st = 13;
    for (unsigned i = 0; i < 256; i++) {
        tt_set(a_t, FMT_FP16, i, ref_f32_to_fp16(u2f(tt_rand_f32(&st))));
        tt_set(b_t, FMT_BF16, i, tt_rand_f32(&st) >> 16);
    }
    TT_LOAD(1, FMT_FP16, a_t);
    TT_LOAD(2, FMT_BF16, b_t);
    tinit(3, FMT_FP32);
    tadd(3, 1, 2);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_FP32, i,
               f2u(ref_fp16_to_f32((uint16_t)tt_get(a_t, FMT_FP16, i)) +
                   ref_bf16_to_f32((uint16_t)tt_get(b_t, FMT_BF16, i))));
    CHECK_TILE(got, want, FMT_FP32);
}

/* INT8 + INT8 -> INT8 saturates and sets mcsr.msat; INT8 + INT16 -> INT32
 * is exact. */
static void t_tadd_int(void)
{
    uint32_t st = 14;
    tt_fill(a_t, FMT_INT8, tt_rand_i8, &st);
    tt_fill(b_t, FMT_INT8, tt_rand_i8, &st);
    tt_set(a_t, FMT_INT8, 0, 100); /* 100 + 100 certainly saturates */
    tt_set(b_t, FMT_INT8, 0, 100);
    TT_LOAD(1, FMT_INT8, a_t);
    TT_LOAD(2, FMT_INT8, b_t);
    tinit(3, FMT_INT8);
    mcsr_clear(MCSR_MSAT);
    tadd(3, 1, 2);
    CHECK(mcsr_read() & MCSR_MSAT);
    TT_STORE(3, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT8, i, (uint32_t)ref_sat((int8_t)a_t[i] + (int8_t)b_t[i], 8));
    CHECK_TILE(got, want, FMT_INT8);

    int16_t w[256];
    for (unsigned i = 0; i < 256; i++)
        w[i] = (int16_t)(ref_rand(&st) & 0xFFFF);
    TT_LOAD(2, FMT_INT16, w);
    tinit(3, FMT_INT32);
    mcsr_clear(MCSR_MSAT);
    tadd(3, 1, 2);
    CHECK(!(mcsr_read() & MCSR_MSAT));
    TT_STORE(3, FMT_INT32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT32, i, (uint32_t)((int8_t)a_t[i] + w[i]));
    CHECK_TILE(got, want, FMT_INT32);
}

/* ---- tmma -------------------------------------------------------------------- */

/* E4M3 x E4M3 + FP32: acc = D, then fma over k in order (FP32, RNE). */
static void t_tmma_fp8(void)
{
    uint32_t st = 21;
    for (unsigned i = 0; i < 256; i++) {
        uint32_t a = ref_rand(&st) & 0xFF, b = ref_rand(&st) & 0xFF;
        tt_set(a_t, FMT_E4M3, i, (a & 0x7F) == 0x7F ? a - 1 : a); /* no NaN */
        tt_set(b_t, FMT_E4M3, i, (b & 0x7F) == 0x7F ? b - 1 : b);
        tt_set(d_t, FMT_FP32, i, tt_rand_f32(&st));
    }
    TT_LOAD(1, FMT_E4M3, a_t);
    TT_LOAD(2, FMT_E4M3, b_t);
    TT_LOAD(3, FMT_FP32, d_t);
    tmma(3, 1, 2);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) {
            float acc = u2f(tt_get(d_t, FMT_FP32, 16 * i + j));
            for (unsigned k = 0; k < 16; k++)
                acc = ref_fmaf(ref_e4m3_to_f32(a_t[16 * i + k], false),
                               ref_e4m3_to_f32(b_t[16 * k + j], false), acc);
            tt_set(want, FMT_FP32, 16 * i + j, f2u(acc));
        }
    CHECK_TILE(got, want, FMT_FP32);
}

/* INT8 x INT8 + INT32 exact; INT8 accumulator saturates (msat). */
static void t_tmma_int8(void)
{
    uint32_t st = 22;
    tt_fill(a_t, FMT_INT8, tt_rand_i8, &st);
    tt_fill(b_t, FMT_INT8, tt_rand_i8, &st);
    for (unsigned i = 0; i < 256; i++)
        tt_set(d_t, FMT_INT32, i, (uint32_t)ref_rand_range(&st, -100000, 100000));
    TT_LOAD(1, FMT_INT8, a_t);
    TT_LOAD(2, FMT_INT8, b_t);
    TT_LOAD(3, FMT_INT32, d_t);
    tmma(3, 1, 2);
    TT_STORE(3, FMT_INT32, got);
    int32_t sums[256];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) {
            int32_t s = 0;
            for (unsigned k = 0; k < 16; k++)
                s += (int8_t)a_t[16 * i + k] * (int8_t)b_t[16 * k + j];
            sums[16 * i + j] = s;
            tt_set(want, FMT_INT32, 16 * i + j, (uint32_t)((int32_t)tt_get(d_t, FMT_INT32, 16 * i + j) + s));
        }
    CHECK_TILE(got, want, FMT_INT32);

    tinit(4, FMT_INT8);
    mcsr_clear(MCSR_MSAT);
    tmma(4, 1, 2);
    CHECK(mcsr_read() & MCSR_MSAT); /* random 16-term sums exceed INT8 */
    TT_STORE(4, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT8, i, (uint32_t)ref_sat(sums[i], 8));
    CHECK_TILE(got, want, FMT_INT8);
}

/* ---- tcvt --------------------------------------------------------------------- */

/* Converts FP32 patterns in[] with tcvt to fmt under mcsr = m, returns the
 * n results in out[]. */
#define CVT_FROM_FP32(fmt, in, n, out, m)                                      \
    do {                                                                       \
        memset(a_t, 0, sizeof a_t);                                            \
        for (unsigned i_ = 0; i_ < (n); i_++)                                  \
            tt_set(a_t, FMT_FP32, i_, (in)[i_]);                               \
        TT_LOAD(1, FMT_FP32, a_t);                                             \
        mcsr_write(m);                                                         \
        tcvt(2, 1, fmt);                                                       \
        mcsr_write(0);                                                         \
        TT_STORE(2, fmt, got);                                                 \
        for (unsigned i_ = 0; i_ < (n); i_++)                                  \
            (out)[i_] = tt_get(got, fmt, i_);                                  \
    } while (0)

static void t_tcvt_fp8_edges(void)
{
    /* 448 max; 464 ties to even (448); 465 rounds past max; subnormal range
     * flushes (sign kept); 0.0155 rounds up to the smallest normal. */
    static const float v[] = {448.0f, 464.0f, 465.0f, 1e30f, -500.0f, 0.01f, -0.01f,
                              0.0155f, 1.0f, -0.0f};
    uint32_t in[12], out[12];
    unsigned n = sizeof v / sizeof v[0];
    for (unsigned i = 0; i < n; i++)
        in[i] = f2u(v[i]);
    in[n] = 0x7F800000u;     /* +Inf */
    in[n + 1] = 0x7FC12345u; /* NaN */
    static const uint8_t nonsat[] = {0x7E, 0x7E, 0x7F, 0x7F, 0x7F, 0x00, 0x80,
                                     0x08, 0x38, 0x80, 0x7F, 0x7F};
    static const uint8_t sat[] = {0x7E, 0x7E, 0x7E, 0x7E, 0xFE, 0x00, 0x80,
                                  0x08, 0x38, 0x80, 0x7E, 0x7F};
    CVT_FROM_FP32(FMT_E4M3, in, n + 2, out, 0);
    for (unsigned i = 0; i < n + 2; i++) {
        CHECKF(out[i] == nonsat[i], "e4m3(%08lx) = %02lx, want %02x", (unsigned long)in[i],
               (unsigned long)out[i], nonsat[i]);
        /* the hand table agrees with the reference converter */
        CHECKF(i >= n || ref_f32_to_e4m3(v[i], false, false) == nonsat[i], "mref e4m3 %u", i);
    }
    CVT_FROM_FP32(FMT_E4M3, in, n + 2, out, MCSR_MFP8SAT);
    for (unsigned i = 0; i < n + 2; i++)
        CHECKF(out[i] == sat[i], "sat e4m3(%08lx) = %02lx, want %02x", (unsigned long)in[i],
               (unsigned long)out[i], sat[i]);
    /* E5M2 overflows to Inf unless saturating (max 57344 = 0x7B) */
    uint32_t big[2] = {f2u(1e6f), f2u(-1e6f)};
    CVT_FROM_FP32(FMT_E5M2, big, 2, out, 0);
    CHECK_EQ_U32(out[0], 0x7C);
    CHECK_EQ_U32(out[1], 0xFC);
    CVT_FROM_FP32(FMT_E5M2, big, 2, out, MCSR_MFP8SAT);
    CHECK_EQ_U32(out[0], 0x7B);
    CHECK_EQ_U32(out[1], 0xFB);
}

static void t_tcvt_nan_and_16bit(void)
{
    uint32_t in[6] = {0x7FC12345u, 0xFF800001u /* signaling */, f2u(65520.0f), f2u(65519.0f),
                      f2u(6e-8f), f2u(1.00390625f)};
    uint32_t out[6];
    CVT_FROM_FP32(FMT_FP16, in, 6, out, 0);
    CHECK_EQ_U32(out[0], 0x7E00); /* canonical NaNs */
    CHECK_EQ_U32(out[1], 0x7E00);
    CHECK_EQ_U32(out[2], 0x7C00); /* ties to even: 65536 overflows */
    CHECK_EQ_U32(out[3], 0x7BFF);
    CHECK_EQ_U32(out[4], 0x0001); /* subnormals kept in FP16 */
    CHECK_EQ_U32(out[5], 0x3C04);
    CVT_FROM_FP32(FMT_BF16, in, 6, out, 0);
    CHECK_EQ_U32(out[0], 0x7FC0);
    CHECK_EQ_U32(out[1], 0x7FC0);
    CHECK_EQ_U32(out[5], 0x3F80); /* 1 + 2^-8 ties to even */
    CVT_FROM_FP32(FMT_FP32, in, 2, out, 0);
    CHECK_EQ_U32(out[0], 0x7FC00000u);
    CHECK_EQ_U32(out[1], 0x7FC00000u);
    CVT_FROM_FP32(FMT_E5M2, in, 1, out, 0);
    CHECK_EQ_U32(out[0], 0x7E);
}

static void t_tcvt_int8(void)
{
    static const float v[] = {2.5f, 3.5f, -2.5f, 127.4f, 127.5f, 300.0f, -1000.0f, -128.5f,
                              0.5f, -0.5f};
    static const int8_t w[] = {2, 4, -2, 127, 127, 127, -128, -128, 0, 0};
    uint32_t in[10], out[10];
    for (unsigned i = 0; i < 10; i++)
        in[i] = f2u(v[i]);
    CVT_FROM_FP32(FMT_INT8, in, 10, out, 0);
    for (unsigned i = 0; i < 10; i++)
        CHECKF((int8_t)out[i] == w[i], "int8(%g) = %d, want %d", (double)v[i], (int8_t)out[i],
               w[i]);
    /* saturation is sticky in mcsr.msat; exact conversions leave it */
    uint32_t ok[2] = {f2u(5.0f), f2u(-7.0f)};
    mcsr_write(0);
    memset(a_t, 0, sizeof a_t);
    for (unsigned i = 0; i < 2; i++)
        tt_set(a_t, FMT_FP32, i, ok[i]);
    TT_LOAD(1, FMT_FP32, a_t);
    tcvt(2, 1, FMT_INT8);
    CHECK(!(mcsr_read() & MCSR_MSAT));
    for (unsigned i = 0; i < 10; i++)
        tt_set(a_t, FMT_FP32, i, in[i]);
    TT_LD(1, FMT_FP32, a_t);
    tcvt(2, 1, FMT_INT8);
    CHECK(mcsr_read() & MCSR_MSAT);
    mcsr_write(0);
}

/* Widening conversions are exact; FP8 subnormal inputs flush unless
 * mcsr.mfp8sub; INT32 -> FP32 rounds. */
static void t_tcvt_widen(void)
{
    memset(a_t, 0, 256);
    a_t[0] = 0x01; /* E4M3 smallest subnormal 2^-9 */
    a_t[1] = 0x08; /* smallest normal 2^-6 */
    a_t[2] = 0xFE; /* -448 */
    TT_LOAD(1, FMT_E4M3, a_t);
    tcvt(2, 1, FMT_FP32);
    TT_STORE(2, FMT_FP32, got);
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 0), 0);
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 1), f2u(0.015625f));
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 2), f2u(-448.0f));
    mcsr_write(MCSR_MFP8SUB);
    tcvt(2, 1, FMT_FP32);
    mcsr_write(0);
    TT_STORE(2, FMT_FP32, got);
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 0), f2u(0.001953125f));

    int32_t iv[256] = {16777217, -16777219, 7, -128};
    TT_LOAD(3, FMT_INT32, iv);
    tcvt(4, 3, FMT_FP32);
    TT_STORE(4, FMT_FP32, got);
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 0), f2u(16777216.0f));
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 1), f2u(-16777220.0f));
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 2), f2u(7.0f));
    CHECK_EQ_U32(tt_get(got, FMT_FP32, 3), f2u(-128.0f));
}

/* ---- tact --------------------------------------------------------------------- */

static double ref_act(unsigned f, double x)
{
    switch (f) {
    case ACT_GELU: /* 0.5x(1 + tanh u) as x * sigmoid(2u): 1 + tanh u cancels */
        return x / (1 + exp(-2 * 0.7978845608028654 * (x + 0.044715 * x * x * x)));
    case ACT_SILU: return x / (1 + exp(-x));
    case ACT_EXP: return exp(x);
    default: return 1 / x; /* ACT_RECIP */
    }
}

/* relu is exact; the transcendental functions follow the golden model's
 * FP32 algorithm, so here they are held to a relative error of 2^-18
 * against double precision (plus an absolute 1e-37 near zero). */
#define ACT_CASE(func)                                                         \
    do {                                                                       \
        TT_LD(1, FMT_FP32, a_t);                                               \
        tact(1, func);                                                         \
        TT_STORE(1, FMT_FP32, got);                                            \
        for (unsigned i_ = 0; i_ < 256; i_++) {                                \
            double x_ = u2f(tt_get(a_t, FMT_FP32, i_));                        \
            double r_ = ref_act(func, x_), g_ = u2f(tt_get(got, FMT_FP32, i_)); \
            double e_ = fabs(g_ - r_);                                         \
            if (!CHECKF(e_ <= fabs(r_) * 0x1p-18 + 1e-37,                      \
                        #func "(%.9g) = %.9g, want %.9g", x_, g_, r_))         \
                break;                                                         \
        }                                                                      \
    } while (0)

static void t_tact_fp32(void)
{
    uint32_t st = 31;
    for (unsigned i = 0; i < 256; i++) /* x in about [-12, 12] */
        tt_set(a_t, FMT_FP32, i, f2u((float)ref_rand_range(&st, -12000, 12000) / 1000.0f + 0.0001f));
    tinit(1, FMT_FP32);
    TT_LD(1, FMT_FP32, a_t);
    tact(1, ACT_RELU);
    TT_STORE(1, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++) {
        float x = u2f(tt_get(a_t, FMT_FP32, i));
        tt_set(want, FMT_FP32, i, f2u(x > 0 ? x : 0.0f));
    }
    CHECK_TILE(got, want, FMT_FP32);
    ACT_CASE(ACT_GELU);
    ACT_CASE(ACT_SILU);
    ACT_CASE(ACT_EXP);
    ACT_CASE(ACT_RECIP);
}

/* Integer tags: computed in FP32 and converted back; recip(0) = 0. */
static void t_tact_int8(void)
{
    for (unsigned i = 0; i < 256; i++)
        tt_set(a_t, FMT_INT8, i, (uint32_t)(i - 128));
    TT_LOAD(1, FMT_INT8, a_t);
    tact(1, ACT_RELU);
    TT_STORE(1, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT8, i, i >= 128 ? i - 128 : 0);
    CHECK_TILE(got, want, FMT_INT8);

    TT_LD(1, FMT_INT8, a_t);
    tact(1, ACT_RECIP); /* 1/x rounds to 0 except x = +-1; 1/2 ties to 0 */
    TT_STORE(1, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++) {
        int x = (int)i - 128;
        tt_set(want, FMT_INT8, i, (uint32_t)(x == 1 ? 1 : x == -1 ? -1 : 0));
    }
    CHECK_TILE(got, want, FMT_INT8);
}

/* ---- tred --------------------------------------------------------------------- */

static void t_tred_fp32(void)
{
    uint32_t st = 41;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(1, FMT_FP32, a_t);
    /* column partial sums top to bottom, then a balanced tree */
    float p[16];
    for (unsigned j = 0; j < 16; j++) {
        p[j] = u2f(tt_get(a_t, FMT_FP32, j));
        for (unsigned i = 1; i < 16; i++)
            p[j] += u2f(tt_get(a_t, FMT_FP32, 16 * i + j));
    }
    for (unsigned n = 16; n > 1; n /= 2)
        for (unsigned k = 0; k < n / 2; k++)
            p[k] = p[2 * k] + p[2 * k + 1];
    float mx = u2f(tt_get(a_t, FMT_FP32, 0)), mn = mx;
    for (unsigned i = 1; i < 256; i++) {
        float x = u2f(tt_get(a_t, FMT_FP32, i));
        mx = x > mx ? x : mx;
        mn = x < mn ? x : mn;
    }
    CHECK_EQ_U32(tred(1, RED_SUM), f2u(p[0]));
    CHECK_EQ_U32(tred(1, RED_MAX), f2u(mx));
    CHECK_EQ_U32(tred(1, RED_MIN), f2u(mn));
}

static void t_tred_int(void)
{
    uint32_t st = 42;
    tt_fill(a_t, FMT_INT8, tt_rand_i8, &st);
    TT_LOAD(1, FMT_INT8, a_t);
    int32_t s = 0, mx = -128, mn = 127;
    for (unsigned i = 0; i < 256; i++) {
        int8_t x = (int8_t)a_t[i];
        s += x;
        mx = x > mx ? x : mx;
        mn = x < mn ? x : mn;
    }
    CHECK_EQ_INT((int32_t)tred(1, RED_SUM), s);
    CHECK_EQ_INT((int32_t)tred(1, RED_MAX), mx); /* sign-extended */
    CHECK_EQ_INT((int32_t)tred(1, RED_MIN), mn);

    /* INT32 sum saturates to 32 bits and sets msat */
    int32_t big[256];
    for (unsigned i = 0; i < 256; i++)
        big[i] = 0x40000000;
    TT_LOAD(2, FMT_INT32, big);
    mcsr_write(0);
    CHECK_EQ_U32(tred(2, RED_SUM), 0x7FFFFFFFu);
    CHECK(mcsr_read() & MCSR_MSAT);
    for (unsigned i = 0; i < 256; i++)
        big[i] = -0x40000000;
    TT_LD(2, FMT_INT32, big);
    CHECK_EQ_U32(tred(2, RED_SUM), 0x80000000u);
    mcsr_write(0);
}

/* ---- tscale ------------------------------------------------------------------- */

#define SCALE_F32(sc)                                                          \
    do {                                                                       \
        TT_LD(1, FMT_FP32, a_t);                                               \
        tscale(1, f2u(sc));                                                    \
        TT_STORE(1, FMT_FP32, got);                                            \
        for (unsigned i_ = 0; i_ < 256; i_++)                                  \
            tt_set(want, FMT_FP32, i_, f2u(u2f(tt_get(a_t, FMT_FP32, i_)) * (sc))); \
        CHECK_TILE(got, want, FMT_FP32);                                       \
    } while (0)

static void t_tscale(void)
{
    uint32_t st = 51;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    tinit(1, FMT_FP32);
    SCALE_F32(0.0f);
    SCALE_F32(1.0f);
    SCALE_F32(-3.0f);
    SCALE_F32(3.4028235e38f);  /* overflow to +-Inf */
    SCALE_F32(1.401298464e-45f); /* smallest subnormal: underflow, rounding */

    for (unsigned i = 0; i < 256; i++)
        tt_set(a_t, FMT_INT8, i, (uint32_t)(i - 128));
    TT_LOAD(2, FMT_INT8, a_t);
    mcsr_write(0);
    tscale(2, -1); /* -(-128) = 128 saturates to 127 */
    CHECK(mcsr_read() & MCSR_MSAT);
    TT_STORE(2, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT8, i, (uint32_t)ref_sat(-((int)i - 128), 8));
    CHECK_TILE(got, want, FMT_INT8);
    TT_LD(2, FMT_INT8, a_t);
    tscale(2, 0);
    TT_STORE(2, FMT_INT8, got);
    memset(want, 0, 256);
    CHECK_TILE(got, want, FMT_INT8);
    TT_LD(2, FMT_INT8, a_t);
    tscale(2, 1000000);
    TT_STORE(2, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT8, i, (uint32_t)ref_sat(((int64_t)i - 128) * 1000000, 8));
    CHECK_TILE(got, want, FMT_INT8);
    mcsr_write(0);
}

int main(void)
{
    tt_reset_csrs();
    MTEST_RUN(t_tld_tst_roundtrip);
    MTEST_RUN(t_tld_negative_stride);
    MTEST_RUN(t_tzero);
    MTEST_RUN(t_tadd_fp32);
    MTEST_RUN(t_tadd_bf16);
    MTEST_RUN(t_tadd_mixed_float);
    MTEST_RUN(t_tadd_int);
    MTEST_RUN(t_tmma_fp8);
    MTEST_RUN(t_tmma_int8);
    MTEST_RUN(t_tcvt_fp8_edges);
    MTEST_RUN(t_tcvt_nan_and_16bit);
    MTEST_RUN(t_tcvt_int8);
    MTEST_RUN(t_tcvt_widen);
    MTEST_RUN(t_tact_fp32);
    MTEST_RUN(t_tact_int8);
    MTEST_RUN(t_tred_fp32);
    MTEST_RUN(t_tred_int);
    MTEST_RUN(t_tscale);
    return mtest_finish();
}
