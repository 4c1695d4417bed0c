/* MINA-T element-wise ops and Mosaic's extensions (tadd tsub tmul tmax tmin
 * trowmax trowsum tbsub tbmul tbdiv), tcvt, tact, tzero, tscale.
 * References are host IEEE float arithmetic (one FP32 rounding, under
 * fesetround for the directed modes) and bit-manipulation decoders /
 * exhaustive-search encoders from test_minat_util.h; integer references are
 * int64 arithmetic with explicit clamps. tact is checked for its plumbing
 * against mosaic_tact_f32 applied per element. */
#include <fenv.h>
#include <float.h>

#include "test_minat_util.h"
#include "tu_internal.h" /* mosaic_tact_f32 */

static const char *cls_name[] = {"tadd", "tmma", "tsub", "tmul", "tmax", "tmin",
                                 "trowmax", "trowsum", "tbsub", "tbmul", "tbdiv"};

/* IEEE maximumNumber / minimumNumber. */
static float ref_max(float a, float b, int is_max)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == 0 && b == 0)
        return (signbit(a) != 0) == is_max ? b : a; /* max prefers +0, min -0 */
    return (a > b) == is_max ? a : b;
}

static float ref_op(unsigned cls, float x, float y)
{
    volatile float a = x, b = y; /* evaluated at run time, in the current rounding mode */
    switch (cls) {
    case C_TADD: return a + b;
    case C_TSUB: case C_TBSUB: return a - b;
    case C_TMUL: case C_TBMUL: return a * b;
    case C_TMAX: return ref_max(a, b, 1);
    case C_TMIN: return ref_max(a, b, 0);
    default: return a / b;
    }
}

static int64_t clamp_fmt(mosaic_fmt f, int64_t v, int *sat)
{
    int64_t lo = f == MOSAIC_FMT_INT8 ? -128 : f == MOSAIC_FMT_INT16 ? -32768 : INT32_MIN;
    int64_t hi = f == MOSAIC_FMT_INT8 ? 127 : f == MOSAIC_FMT_INT16 ? 32767 : INT32_MAX;
    if (v < lo || v > hi)
        *sat = 1;
    return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t int_bits(mosaic_fmt f, int64_t v)
{
    return (uint32_t)v & mosaic_fmt_mask(f);
}

static int64_t ival(mosaic_fmt f, uint32_t b)
{
    return f == MOSAIC_FMT_INT8 ? (int8_t)b : f == MOSAIC_FMT_INT16 ? (int16_t)b : (int32_t)b;
}

typedef struct {
    mosaic_fmt d, a, b;
    unsigned mcsr;
} combo;

/* Element-wise and broadcast ops over random tiles vs the reference. */
static void binary_ops_vs_reference(check_ctx *c)
{
    static const unsigned classes[] = {C_TADD, C_TSUB,  C_TMUL,  C_TMAX, C_TMIN,
                                       C_TBSUB, C_TBMUL, C_TBDIV};
    static const combo combos[] = {
        {MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0},
        {MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
        {MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, MOSAIC_FMT_E4M3, 0},
        {MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, MOSAIC_FMT_FP16, 0},
        {MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_FP4, MOSAIC_MCSR_MFP8SAT},
        {MOSAIC_FMT_E5M2, MOSAIC_FMT_E4M3, MOSAIC_FMT_FP16, MOSAIC_MCSR_MFP8SAT},
        {MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, MOSAIC_MCSR_MFP8SUB},
        {MOSAIC_FMT_TF32, MOSAIC_FMT_FP32, MOSAIC_FMT_TF32, 0},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_INT16, MOSAIC_FMT_INT32, MOSAIC_FMT_INT32, 0},
    };
    uint64_t seed = 1234;
    for (unsigned ci = 0; ci < sizeof combos / sizeof combos[0]; ci++) {
        const combo *co = &combos[ci];
        int sub = (co->mcsr & MOSAIC_MCSR_MFP8SUB) != 0;
        for (unsigned k = 0; k < sizeof classes / sizeof classes[0]; k++) {
            unsigned cls = classes[k];
            if (cls == C_TBDIV && mosaic_fmt_is_int(co->d))
                continue;
            rig r;
            rig_init(&r);
            r.tu.mcsr = co->mcsr;
            uint32_t A[256], B[256], D[256];
            for (unsigned i = 0; i < 256; i++) {
                A[i] = rnd_finite(co->a, &seed);
                B[i] = rnd_finite(co->b, &seed);
                if (cls == C_TBDIV && ref_val(co->b, B[i], sub) == 0)
                    B[i] = co->b == MOSAIC_FMT_FP4 ? 0x2 : ref_to(co->b, 1.0f, 1);
            }
            put_tile(&r.tu, 3, co->a, A);
            put_tile(&r.tu, 4, co->b, B);
            fill_garbage(&r.tu, 5, &seed);
            r.tu.tag[5] = (uint8_t)co->d;
            RUN_OK(c, &r, e_r(cls, 5, 3, 4), 0);
            get_tile(&r.tu, 5, co->d, D);
            int sat = 0;
            for (unsigned i = 0; i < 256; i++) {
                unsigned bi = (cls == C_TBSUB || cls == C_TBMUL || cls == C_TBDIV) ? i & ~15u : i;
                uint32_t want;
                if (mosaic_fmt_is_int(co->d)) {
                    int64_t x = ival(co->a, A[i]), y = ival(co->b, B[bi]);
                    int64_t v = cls == C_TADD ? x + y
                              : cls == C_TSUB || cls == C_TBSUB ? x - y
                              : cls == C_TMUL || cls == C_TBMUL ? x * y
                              : cls == C_TMAX ? (x > y ? x : y) : (x < y ? x : y);
                    want = int_bits(co->d, clamp_fmt(co->d, v, &sat));
                } else {
                    float v = ref_op(cls, ref_val(co->a, A[i], sub), ref_val(co->b, B[bi], sub));
                    want = ref_to(co->d, v, sub);
                }
                CHECK(c, same_val(co->d, D[i], want), "%s %s=%s,%s elem %u: got 0x%x want 0x%x",
                      cls_name[cls], mosaic_fmt_name(co->d), mosaic_fmt_name(co->a),
                      mosaic_fmt_name(co->b), i, (unsigned)D[i], (unsigned)want);
            }
            CHECK(c, above_zero(&r.tu, 5, co->d), "%s: zeros above", cls_name[cls]);
            CHECK(c, r.tu.tag[5] == co->d, "%s: tag changed", cls_name[cls]);
            if (mosaic_fmt_is_int(co->d))
                CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s %s: msat %d want %d",
                      cls_name[cls], mosaic_fmt_name(co->d), (r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0,
                      sat);
            rig_free(&r);
        }
    }
}

/* Directed float cases: NaN, infinities, signed zeros, division by zero. */
static void binary_float_specials(check_ctx *c)
{
    static const uint32_t vals[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u,
                                    0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F800001u,
                                    0xFFC12345u, 0x00000001u, 0x80800000u, 0x7F7FFFFFu,
                                    0xFF7FFFFFu, 0x40490FDBu, 0x00800000u, 0x3F800001u};
    static const unsigned classes[] = {C_TADD, C_TSUB, C_TMUL, C_TMAX, C_TMIN, C_TBDIV};
    rig r;
    rig_init(&r);
    uint32_t A[256], B[256], D[256];
    for (unsigned i = 0; i < 256; i++) {
        A[i] = vals[i % 16];
        B[i] = vals[i / 16];
    }
    /* B is constant along rows, so tbdiv's broadcast of column 0 sees B[i] */
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    for (unsigned k = 0; k < sizeof classes / sizeof classes[0]; k++) {
        unsigned cls = classes[k];
        RUN_OK(c, &r, e_r(cls, 0, 1, 2), 0);
        get_tile(&r.tu, 0, MOSAIC_FMT_FP32, D);
        for (unsigned i = 0; i < 256; i++) {
            uint32_t want = f2u(ref_op(cls, u2f(A[i]), u2f(B[i])));
            CHECK(c, same_val(MOSAIC_FMT_FP32, D[i], want), "%s(0x%08x, 0x%08x) = 0x%08x want 0x%08x",
                  cls_name[cls], (unsigned)A[i], (unsigned)B[i], (unsigned)D[i], (unsigned)want);
        }
    }
    /* exact values: signed-zero results and max/min of zeros */
    uint32_t z[256] = {0};
    z[0] = 0x80000000u;
    put_tile(&r.tu, 3, MOSAIC_FMT_FP32, z);
    z[0] = 0x00000000u;
    put_tile(&r.tu, 4, MOSAIC_FMT_FP32, z);
    RUN_OK(c, &r, e_r(C_TMAX, 5, 3, 4), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP32, 0), 0, "max(-0,+0)");
    RUN_OK(c, &r, e_r(C_TMIN, 5, 4, 3), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP32, 0), 0x80000000u, "min(+0,-0)");
    RUN_OK(c, &r, e_r(C_TADD, 5, 3, 3), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP32, 0), 0x80000000u, "-0 + -0");
    RUN_OK(c, &r, e_r(C_TSUB, 5, 3, 3), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP32, 0), 0, "-0 - -0 (RNE)");
    set_frm(&r.tu, MOSAIC_RM_RDN);
    RUN_OK(c, &r, e_r(C_TSUB, 5, 3, 3), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP32, 0), 0x80000000u, "-0 - -0 (RDN)");
    rig_free(&r);
}

/* The FP32 operation rounds under mcsr.mfrm (host fesetround as reference),
 * and so does the conversion to the destination. */
static void binary_rounding_modes(check_ctx *c)
{
    static const struct {
        unsigned rm;
        int fe;
    } modes[] = {{MOSAIC_RM_RTZ, FE_TOWARDZERO}, {MOSAIC_RM_RDN, FE_DOWNWARD},
                 {MOSAIC_RM_RUP, FE_UPWARD}, {MOSAIC_RM_RNE, FE_TONEAREST}};
    static const unsigned classes[] = {C_TADD, C_TSUB, C_TMUL, C_TBDIV};
    uint64_t seed = 77;
    for (unsigned m = 0; m < 4; m++) {
        for (unsigned k = 0; k < 4; k++) {
            rig r;
            rig_init(&r);
            set_frm(&r.tu, modes[m].rm);
            uint32_t A[256], B[256], D[256], E[256];
            for (unsigned i = 0; i < 256; i++) {
                /* exponents close together so additions are inexact but not trivial */
                A[i] = (rnd(&seed) & 0x807FFFFFu) | ((120u + rnd(&seed) % 16u) << 23);
                B[i] = (rnd(&seed) & 0x807FFFFFu) | ((120u + rnd(&seed) % 16u) << 23);
            }
            put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
            put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
            r.tu.tag[3] = MOSAIC_FMT_FP32;
            r.tu.tag[4] = MOSAIC_FMT_BF16;
            RUN_OK(c, &r, e_r(classes[k], 3, 1, 2), 0);
            RUN_OK(c, &r, e_r(classes[k], 4, 1, 2), 0);
            get_tile(&r.tu, 3, MOSAIC_FMT_FP32, D);
            get_tile(&r.tu, 4, MOSAIC_FMT_BF16, E);
            fesetround(modes[m].fe);
            for (unsigned i = 0; i < 256; i++) {
                unsigned bi = classes[k] == C_TBDIV ? i & ~15u : i;
                float v = ref_op(classes[k], u2f(A[i]), u2f(B[bi]));
                uint32_t u = f2u(v), t = u >> 16, neg = u >> 31;
                uint32_t bf = (u & 0xFFFFu) == 0 || modes[m].fe == FE_TOWARDZERO ? t
                            : modes[m].fe == FE_TONEAREST ? ref_to_bf16(v)
                            : (modes[m].fe == FE_DOWNWARD) == (neg != 0) ? t + 1 : t;
                CHECK(c, D[i] == u, "%s rm %u elem %u: 0x%08x want 0x%08x", cls_name[classes[k]],
                      modes[m].rm, i, (unsigned)D[i], (unsigned)u);
                CHECK(c, E[i] == bf, "%s rm %u bf16 elem %u: 0x%04x want 0x%04x",
                      cls_name[classes[k]], modes[m].rm, i, (unsigned)E[i], (unsigned)bf);
            }
            fesetround(FE_TONEAREST);
            rig_free(&r);
        }
    }
    /* RMM (no host mode): 1 + 2^-24 is a tie; RNE keeps 1, RMM goes up */
    rig r;
    rig_init(&r);
    uint32_t A[256] = {0}, B[256] = {0};
    A[0] = 0x3F800000u;
    B[0] = 0x33800000u;
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    RUN_OK(c, &r, e_r(C_TADD, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 0), 0x3F800000u, "RNE tie");
    set_frm(&r.tu, MOSAIC_RM_RMM);
    RUN_OK(c, &r, e_r(C_TADD, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 0), 0x3F800001u, "RMM tie");
    rig_free(&r);
}

/* FP32 then FP8: the sum is rounded in FP32 first (double rounding is the
 * specified behaviour). 1 + 2^-4 + 2^-24: FP32 keeps 1.0625 (a tie in
 * E4M3 between 1.0 and 1.125) -> RNE 1.0, though the exact sum is above
 * the tie. */
static void double_rounding_is_specified(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t A[256] = {0}, B[256] = {0};
    A[0] = f2u(1.0625f);
    B[0] = f2u(0x1p-24f);
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    r.tu.tag[3] = MOSAIC_FMT_E4M3;
    RUN_OK(c, &r, e_r(C_TADD, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_E4M3, 0), 0x38, "E4M3(FP32(1.0625+2^-24))");
    rig_free(&r);
}

/* trowmax / trowsum: left-to-right FP32 (or exact integer) per row into
 * column 0, zeros elsewhere. */
static void row_ops_vs_reference(check_ctx *c)
{
    static const combo combos[] = {
        {MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0},
        {MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
        {MOSAIC_FMT_FP32, MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, 0},
        {MOSAIC_FMT_FP16, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, 0},
        {MOSAIC_FMT_INT16, MOSAIC_FMT_INT32, MOSAIC_FMT_INT32, 0},
    };
    uint64_t seed = 99;
    for (unsigned ci = 0; ci < sizeof combos / sizeof combos[0]; ci++) {
        for (unsigned cls = C_TROWMAX; cls <= C_TROWSUM; cls++) {
            const combo *co = &combos[ci];
            rig r;
            rig_init(&r);
            uint32_t A[256], D[256];
            for (unsigned i = 0; i < 256; i++) {
                A[i] = rnd_finite(co->a, &seed);
                if (co->a == MOSAIC_FMT_FP32) /* keep sums from being one huge term */
                    A[i] = (A[i] & 0x807FFFFFu) | ((100u + rnd(&seed) % 40u) << 23);
            }
            put_tile(&r.tu, 6, co->a, A);
            fill_garbage(&r.tu, 7, &seed);
            r.tu.tag[7] = (uint8_t)co->d;
            RUN_OK(c, &r, e_r(cls, 7, 6, 0), 0);
            get_tile(&r.tu, 7, co->d, D);
            int sat = 0;
            for (unsigned row = 0; row < 16; row++) {
                uint32_t want;
                if (mosaic_fmt_is_int(co->d)) {
                    int64_t acc = ival(co->a, A[16 * row]);
                    for (unsigned j = 1; j < 16; j++) {
                        int64_t x = ival(co->a, A[16 * row + j]);
                        acc = cls == C_TROWSUM ? acc + x : (x > acc ? x : acc);
                    }
                    want = int_bits(co->d, clamp_fmt(co->d, acc, &sat));
                } else {
                    volatile float acc = ref_val(co->a, A[16 * row], 0);
                    for (unsigned j = 1; j < 16; j++) {
                        float x = ref_val(co->a, A[16 * row + j], 0);
                        acc = cls == C_TROWSUM ? acc + x : ref_max(acc, x, 1);
                    }
                    want = ref_to(co->d, acc, 0);
                }
                CHECK(c, same_val(co->d, D[16 * row], want), "%s %s<-%s row %u: 0x%x want 0x%x",
                      cls_name[cls], mosaic_fmt_name(co->d), mosaic_fmt_name(co->a), row,
                      (unsigned)D[16 * row], (unsigned)want);
                for (unsigned j = 1; j < 16; j++)
                    CHECK(c, D[16 * row + j] == 0, "%s row %u col %u not zero", cls_name[cls], row, j);
            }
            CHECK(c, above_zero(&r.tu, 7, co->d), "zeros above");
            if (mosaic_fmt_is_int(co->d))
                CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s msat", cls_name[cls]);
            rig_free(&r);
        }
    }
    /* The order is observable: 2^24 + 1 + 1 + ... left to right stays 2^24
     * (each +1 is a tie to even), a tree would not. */
    rig r;
    rig_init(&r);
    uint32_t A[256];
    for (unsigned i = 0; i < 256; i++)
        A[i] = f2u(i % 16 == 0 ? 16777216.0f : 1.0f);
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    RUN_OK(c, &r, e_r(C_TROWSUM, 1, 1, 0), 0); /* D aliases A */
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 1, MOSAIC_FMT_FP32, 0), 0x4B800000u, "2^24 + 15 x 1");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 1, MOSAIC_FMT_FP32, 1), 0, "aliased row tail");
    /* NaNs: rowmax ignores them, rowsum propagates the canonical NaN */
    for (unsigned i = 0; i < 256; i++)
        A[i] = i % 16 == 3 ? 0x7FA00000u : f2u((float)(i % 16) - 8.0f);
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    RUN_OK(c, &r, e_r(C_TROWMAX, 2, 1, 0), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_FP32, 16), f2u(7.0f), "rowmax with NaN");
    RUN_OK(c, &r, e_r(C_TROWSUM, 2, 1, 0), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_FP32, 16), 0x7FC00000u, "rowsum with NaN");
    rig_free(&r);
}

/* D may alias A or B (B's column 0 included): sources are read first. */
static void aliasing(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t A[256], B[256], D[256];
    for (unsigned i = 0; i < 256; i++) {
        A[i] = f2u((float)i);
        B[i] = f2u((float)(i / 16) + 0.5f);
    }
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    RUN_OK(c, &r, e_r(C_TBSUB, 2, 1, 2), 0);
    get_tile(&r.tu, 2, MOSAIC_FMT_FP32, D);
    for (unsigned i = 0; i < 256; i++)
        CHECK(c, D[i] == f2u((float)i - ((float)(i / 16) + 0.5f)), "tbsub D=B elem %u", i);
    RUN_OK(c, &r, e_r(C_TADD, 1, 1, 1), 0);
    get_tile(&r.tu, 1, MOSAIC_FMT_FP32, D);
    for (unsigned i = 0; i < 256; i++)
        CHECK(c, D[i] == f2u(2.0f * (float)i), "tadd D=A=B elem %u", i);
    /* integer tbmul with D = A */
    for (unsigned i = 0; i < 256; i++)
        A[i] = (uint32_t)(int32_t)(i - 128) & 0xFFu;
    put_tile(&r.tu, 3, MOSAIC_FMT_INT8, A);
    for (unsigned i = 0; i < 256; i++)
        B[i] = i % 16 == 0 ? (uint32_t)(i / 16) : 0x55u;
    put_tile(&r.tu, 4, MOSAIC_FMT_INT8, B);
    RUN_OK(c, &r, e_r(C_TBMUL, 3, 3, 4), 0);
    get_tile(&r.tu, 3, MOSAIC_FMT_INT8, D);
    int sat = 0;
    for (unsigned i = 0; i < 256; i++) {
        uint32_t want = int_bits(MOSAIC_FMT_INT8,
                                 clamp_fmt(MOSAIC_FMT_INT8, ((int64_t)i - 128) * (i / 16), &sat));
        CHECK(c, D[i] == want, "tbmul int8 elem %u: 0x%x want 0x%x", i, (unsigned)D[i], (unsigned)want);
    }
    CHECK(c, sat && (r.tu.mcsr & MOSAIC_MCSR_MSAT) && (r.tu.mxstatus & MOSAIC_MX_SAT_HIT),
          "saturation sets msat and sat_hit");
    rig_free(&r);
}

/* ---- tcvt ---- */
typedef struct {
    mosaic_fmt from, to;
    uint32_t in, out;
    unsigned mcsr;
    int sat; /* expected msat */
} cvt_case;

static void tcvt_edge_cases(check_ctx *c)
{
    const unsigned S = MOSAIC_MCSR_MFP8SAT, U = MOSAIC_MCSR_MFP8SUB;
    const mosaic_fmt F32 = MOSAIC_FMT_FP32;
    const cvt_case cases[] = {
        /* FP8 E4M3: max, overflow to NaN or saturation, underflow, subnormals */
        {F32, MOSAIC_FMT_E4M3, 0x43E00000u /* 448 */, 0x7E, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x43E60000u /* 460 -> 448 */, 0x7E, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x43E80000u /* 464: tie, even is 448 */, 0x7E, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x43E88000u /* 465 rounds to 480: overflow */, 0x7F, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x43E88000u, 0x7E, S, 1},
        {F32, MOSAIC_FMT_E4M3, 0xC47A0000u /* -1000 */, 0xFE, S, 1},
        {F32, MOSAIC_FMT_E4M3, 0x2EDBE6FFu /* 1e-10 */, 0x00, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0xAEDBE6FFu /* -1e-10 */, 0x80, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3B000000u /* 2^-9: subnormal */, 0x00, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3B000000u, 0x01, U, 0},
        {F32, MOSAIC_FMT_E4M3, 0xBC400000u /* -3*2^-8 */, 0x80, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0xBC400000u, 0x86, U, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3C7AE148u /* 0.98*2^-6 rounds up to normal */, 0x08, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3C800000u /* 2^-6 */, 0x08, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3F880000u /* 1.0625 tie -> 1.0 */, 0x38, 0, 0},
        {F32, MOSAIC_FMT_E4M3, 0x3F980000u /* 1.1875 tie -> 1.25 */, 0x3A, 0, 0},
        /* FP8 E5M2 */
        {F32, MOSAIC_FMT_E5M2, 0x47600000u /* 57344 */, 0x7B, 0, 0},
        {F32, MOSAIC_FMT_E5M2, 0x49742400u /* 1e6 */, 0x7C, 0, 0},
        {F32, MOSAIC_FMT_E5M2, 0x49742400u, 0x7B, S, 1},
        {F32, MOSAIC_FMT_E5M2, 0xC9742400u, 0xFC, 0, 0},
        {F32, MOSAIC_FMT_E5M2, 0xC9742400u, 0xFB, S, 1},
        {F32, MOSAIC_FMT_E5M2, 0x7F800000u /* +Inf */, 0x7C, 0, 0},
        {F32, MOSAIC_FMT_E5M2, 0x37800000u /* 2^-16 subnormal */, 0x00, 0, 0},
        {F32, MOSAIC_FMT_E5M2, 0x37800000u, 0x01, U, 0},
        /* FP16 / BF16 / TF32: IEEE overflow to Inf (no saturation), RNE */
        {F32, MOSAIC_FMT_FP16, 0x477FEF00u /* 65519 */, 0x7BFF, 0, 0},
        {F32, MOSAIC_FMT_FP16, 0x477FF000u /* 65520 */, 0x7C00, 0, 0},
        {F32, MOSAIC_FMT_FP16, 0x33800000u /* 2^-24 min subnormal */, 0x0001, 0, 0},
        {F32, MOSAIC_FMT_FP16, 0x33000000u /* 2^-25 tie -> 0 */, 0x0000, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x7F7FFFFFu, 0x7F80, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x3F808000u /* tie -> even */, 0x3F80, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x3F818000u, 0x3F82, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x00000001u /* subnormal kept, rounds to 0 */, 0x0000, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x00010000u, 0x0001, 0, 0},
        {F32, MOSAIC_FMT_TF32, 0x3F801000u /* 1+2^-11 tie */, 0x3F800000u, 0, 0},
        {F32, MOSAIC_FMT_TF32, 0x3F803000u, 0x3F804000u, 0, 0},
        /* NaN to float formats: canonical */
        {F32, F32, 0x7F800001u, 0x7FC00000u, 0, 0},
        {F32, F32, 0xFFC12345u, 0x7FC00000u, 0, 0},
        {F32, MOSAIC_FMT_BF16, 0x7F800001u, 0x7FC0, 0, 0},
        {F32, MOSAIC_FMT_FP16, 0xFFFFFFFFu, 0x7E00, 0, 0},
        {MOSAIC_FMT_E4M3, F32, 0x7F, 0x7FC00000u, 0, 0},
        {MOSAIC_FMT_E4M3, F32, 0xFF, 0x7FC00000u, 0, 0},
        {MOSAIC_FMT_E5M2, F32, 0x7D, 0x7FC00000u, 0, 0},
        /* widening is exact */
        {MOSAIC_FMT_E4M3, F32, 0x7E, 0x43E00000u, 0, 0},
        {MOSAIC_FMT_E4M3, F32, 0x01, 0x00000000u, 0, 0},
        {MOSAIC_FMT_E4M3, F32, 0x81, 0x3B000000u | 0x80000000u, U, 0},
        {MOSAIC_FMT_E5M2, F32, 0xFC, 0xFF800000u, 0, 0},
        {MOSAIC_FMT_FP4, F32, 0x7, 0x40C00000u, 0, 0},
        {MOSAIC_FMT_FP4, F32, 0x9, 0x80000000u, 0, 0},
        {MOSAIC_FMT_FP4, F32, 0x9, 0xBF000000u, U, 0},
        {MOSAIC_FMT_FP16, F32, 0x0001, 0x33800000u, 0, 0},
        {MOSAIC_FMT_TF32, F32, 0x3F801FFFu, 0x3F800000u, 0, 0},
        /* FP4: saturating, ties to even, subnormal 0.5 flushes by default */
        {F32, MOSAIC_FMT_FP4, 0x42C80000u /* 100 */, 0x7, 0, 1},
        {F32, MOSAIC_FMT_FP4, 0xC2C80000u, 0xF, 0, 1},
        {F32, MOSAIC_FMT_FP4, 0x40A00000u /* 5 tie -> 4 */, 0x6, 0, 0},
        {F32, MOSAIC_FMT_FP4, 0x40B00000u /* 5.5 -> 6 */, 0x7, 0, 0},
        {F32, MOSAIC_FMT_FP4, 0x3F400000u /* 0.75 tie -> 1 */, 0x2, 0, 0},
        {F32, MOSAIC_FMT_FP4, 0x3E99999Au /* 0.3 -> 0.5 subnormal */, 0x0, 0, 0},
        {F32, MOSAIC_FMT_FP4, 0x3E99999Au, 0x1, U, 0},
        {F32, MOSAIC_FMT_FP4, 0x7F800000u /* +Inf */, 0x7, 0, 1},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_FP4, 0x07, 0x7, 0, 1},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_FP4, 0x06, 0x7, 0, 0},
        /* float to integer: RNE, saturation */
        {F32, MOSAIC_FMT_INT8, 0x42FF0000u /* 127.5 -> 128 */, 0x7F, 0, 1},
        {F32, MOSAIC_FMT_INT8, 0xC3008000u /* -128.5 -> -128 */, 0x80, 0, 0},
        {F32, MOSAIC_FMT_INT8, 0x40200000u /* 2.5 */, 0x02, 0, 0},
        {F32, MOSAIC_FMT_INT8, 0xC0600000u /* -3.5 */, 0xFC, 0, 0},
        {F32, MOSAIC_FMT_INT8, 0x501502F9u /* 1e10 */, 0x7F, 0, 1},
        {F32, MOSAIC_FMT_INT8, 0xFF800000u /* -Inf */, 0x80, 0, 1},
        {F32, MOSAIC_FMT_INT16, 0x46FFFE00u /* 32767 */, 0x7FFF, 0, 0},
        {F32, MOSAIC_FMT_INT16, 0x47000000u /* 32768 */, 0x7FFF, 0, 1},
        {F32, MOSAIC_FMT_INT32, 0x4F000000u /* 2^31 */, 0x7FFFFFFFu, 0, 1},
        {F32, MOSAIC_FMT_INT32, 0xCF000000u /* -2^31 */, 0x80000000u, 0, 0},
        /* integers */
        {MOSAIC_FMT_INT32, F32, 16777217u, 0x4B800000u, 0, 0},
        {MOSAIC_FMT_INT32, F32, 16777219u, 0x4B800002u, 0, 0},
        {MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 0xFED4 /* -300 */, 0x80, 0, 1},
        {MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 0x007F, 0x7F, 0, 0},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_INT32, 0x80, 0xFFFFFF80u, 0, 0},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_E4M3, 0x7F /* 127 -> 128 */, 0x70, 0, 0},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_E4M3, 0x00000200u /* 512 */, 0x7F, 0, 0},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_E4M3, 0x00000200u, 0x7E, S, 1},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const cvt_case *cc = &cases[k];
        rig r;
        rig_init(&r);
        r.tu.mcsr = cc->mcsr;
        uint32_t v[256] = {0};
        v[37] = cc->in;
        put_tile(&r.tu, 9, cc->from, v);
        fill_garbage(&r.tu, 10, &(uint64_t){k + 1});
        mosaic_tu_result res = RUN_OK(c, &r, e_tcvt(10, 9, cc->to), 0);
        uint32_t got = mosaic_tile_get(&r.tu, 10, cc->to, 37);
        CHECK(c, got == cc->out, "case %u: %s 0x%x -> %s: 0x%x want 0x%x", k,
              mosaic_fmt_name(cc->from), (unsigned)cc->in, mosaic_fmt_name(cc->to), (unsigned)got,
              (unsigned)cc->out);
        int msat = (r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
        CHECK(c, msat == cc->sat, "case %u: msat %d want %d", k, msat, cc->sat);
        CHECK(c, res.csr_written == (cc->sat != 0), "case %u: csr_written", k);
        CHECK(c, r.tu.tag[10] == cc->to && r.tu.tag[9] == cc->from, "case %u: tags", k);
        CHECK(c, above_zero(&r.tu, 10, cc->to), "case %u: zeros above", k);
        CHECK(c, res.treg_written == 1u << 10, "case %u: treg_written", k);
        CHECK(c, mosaic_tile_get(&r.tu, 10, cc->to, 36) == 0, "case %u: neighbour", k);
        rig_free(&r);
    }
}

/* NaN to integers and FP4 (rules in docs/numerics.md): the instruction
 * gives exactly the scalar conversion, and no format leaves a NaN
 * unconverted. Every format pair over random tiles, in place (D = S). */
static void tcvt_every_pair_plumbing(check_ctx *c)
{
    uint64_t seed = 4242;
    for (unsigned from = 0; from < MOSAIC_FMT_COUNT; from++) {
        for (unsigned to = 0; to < MOSAIC_FMT_COUNT; to++) {
            rig r;
            rig_init(&r);
            r.tu.mcsr = (rnd(&seed) & 1u) ? MOSAIC_MCSR_MFP8SAT : 0;
            uint32_t v[256], d[256];
            for (unsigned i = 0; i < 256; i++)
                v[i] = rnd(&seed) & mosaic_fmt_mask((mosaic_fmt)from);
            v[0] = mosaic_fmt_canonical_nan((mosaic_fmt)from);
            put_tile(&r.tu, 12, (mosaic_fmt)from, v);
            RUN_OK(c, &r, e_tcvt(12, 12, to), 0);
            get_tile(&r.tu, 12, (mosaic_fmt)to, d);
            mosaic_cvt_opts o = mosaic_tu_cvt_opts(&r.tu);
            unsigned fl = 0;
            for (unsigned i = 0; i < 256; i++) {
                uint32_t want = mosaic_convert((mosaic_fmt)from, (mosaic_fmt)to, v[i], &o, &fl);
                CHECK(c, d[i] == want, "%s->%s elem %u", mosaic_fmt_name((mosaic_fmt)from),
                      mosaic_fmt_name((mosaic_fmt)to), i);
            }
            CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == ((fl & MOSAIC_FLAG_SAT) != 0),
                  "%s->%s msat", mosaic_fmt_name((mosaic_fmt)from), mosaic_fmt_name((mosaic_fmt)to));
            CHECK(c, r.tu.tag[12] == to && above_zero(&r.tu, 12, (mosaic_fmt)to), "tag/zeros");
            rig_free(&r);
        }
    }
}

/* FP32 -> BF16/E4M3 under each rounding mode. */
static void tcvt_rounding_modes(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256] = {0};
    v[0] = 0x3F80FFFFu;  /* just below the BF16 midpoint above 1 */
    v[1] = 0xBF808001u;  /* just above a negative midpoint */
    v[2] = 0x3F900000u;  /* 1.125: exact in E4M3 */
    v[3] = 0x3F920000u;  /* 1.140625: between 1.125 and 1.25 */
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, v);
    static const struct {
        unsigned rm;
        uint32_t bf0, bf1, e3;
    } want[] = {{MOSAIC_RM_RNE, 0x3F81, 0xBF81, 0x39},
                {MOSAIC_RM_RTZ, 0x3F80, 0xBF80, 0x39},
                {MOSAIC_RM_RDN, 0x3F80, 0xBF81, 0x39},
                {MOSAIC_RM_RUP, 0x3F81, 0xBF80, 0x3A},
                {MOSAIC_RM_RMM, 0x3F81, 0xBF81, 0x39}};
    for (unsigned k = 0; k < 5; k++) {
        set_frm(&r.tu, want[k].rm);
        RUN_OK(c, &r, e_tcvt(2, 1, MOSAIC_FMT_BF16), 0);
        CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_BF16, 0), want[k].bf0, "bf16 v0");
        CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_BF16, 1), want[k].bf1, "bf16 v1");
        RUN_OK(c, &r, e_tcvt(3, 1, MOSAIC_FMT_E4M3), 0);
        CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_E4M3, 2), 0x39, "e4m3 exact");
        CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_E4M3, 3), want[k].e3, "e4m3 v3");
    }
    rig_free(&r);
}

/* ---- tact ---- */
static void tact_each_function_each_format(check_ctx *c)
{
    uint64_t seed = 31337;
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u,
                                        0x7FC00000u, 0x3F800000u, 0xBF800000u, 0x00000001u};
    for (unsigned f = 0; f < MOSAIC_FMT_COUNT; f++) {
        for (unsigned func = 0; func < 5; func++) {
            rig r;
            rig_init(&r);
            mosaic_fmt fm = (mosaic_fmt)f;
            uint32_t v[256], d[256];
            for (unsigned i = 0; i < 256; i++) {
                if (mosaic_fmt_is_float(fm) && fm != MOSAIC_FMT_FP32)
                    v[i] = rnd(&seed) & mosaic_fmt_mask(fm);
                else if (fm == MOSAIC_FMT_FP32)
                    v[i] = i < 8 ? specials[i] : f2u(((float)(rnd(&seed) % 4001) - 2000.0f) / 100.0f);
                else
                    v[i] = (i < 4 ? (uint32_t)(int32_t)(int)(i - 1) : rnd(&seed) % 41u - 20u) &
                           mosaic_fmt_mask(fm);
            }
            put_tile(&r.tu, 20, fm, v);
            mosaic_tu_result res = RUN_OK(c, &r, e_tact(20, func), 0);
            get_tile(&r.tu, 20, fm, d);
            mosaic_cvt_opts o = mosaic_cvt_default();
            for (unsigned i = 0; i < 256; i++) {
                unsigned fl = 0;
                uint32_t want;
                if (fm == MOSAIC_FMT_FP32) {
                    want = mosaic_tact_f32(func, v[i], &fl);
                } else if (func == 4 && mosaic_fmt_is_int(fm) && mosaic_int_value(fm, v[i]) == 0) {
                    want = 0;
                } else {
                    uint32_t x = mosaic_to_f32(fm, v[i], &o, &fl);
                    want = mosaic_convert(MOSAIC_FMT_FP32, fm, mosaic_tact_f32(func, x, &fl), &o, &fl);
                }
                CHECK(c, d[i] == want, "tact %u %s elem %u in 0x%x: 0x%x want 0x%x", func,
                      mosaic_fmt_name(fm), i, (unsigned)v[i], (unsigned)d[i], (unsigned)want);
            }
            CHECK(c, r.tu.tag[20] == fm && above_zero(&r.tu, 20, fm), "tag/zeros");
            CHECK(c, res.treg_written == 1u << 20, "treg_written");
            rig_free(&r);
        }
    }
}

/* MINA-T §3.5: integer reciprocal of 0 is 0; of +-1 is +-1. */
static void tact_int_recip(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256] = {0};
    v[1] = 1;
    v[2] = 0xFF;
    put_tile(&r.tu, 4, MOSAIC_FMT_INT8, v);
    RUN_OK(c, &r, e_tact(4, 4), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 4, MOSAIC_FMT_INT8, 0), 0, "recip(0)");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 4, MOSAIC_FMT_INT8, 1), 1, "recip(1)");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 4, MOSAIC_FMT_INT8, 2), 0xFF, "recip(-1)");
    CHECK(c, !(r.tu.mcsr & MOSAIC_MCSR_MSAT), "recip(0) is not a saturation");
    /* float tags: recip(+-0) = +-Inf */
    uint32_t z[256] = {0};
    z[1] = 0x8000u;
    put_tile(&r.tu, 5, MOSAIC_FMT_FP16, z);
    RUN_OK(c, &r, e_tact(5, 4), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP16, 0), 0x7C00, "recip(+0) fp16");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 5, MOSAIC_FMT_FP16, 1), 0xFC00, "recip(-0) fp16");
    rig_free(&r);
}

/* ---- tzero ---- */
static void tzero_keeps_tag(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint64_t seed = 8;
    for (unsigned reg = 0; reg < 32; reg++)
        fill_garbage(&r.tu, reg, &seed);
    r.tu.tag[17] = MOSAIC_FMT_INT16;
    mosaic_tu before;
    memcpy(&before, &r.tu, sizeof before);
    mosaic_tu_result res = RUN_OK(c, &r, e_tzero(17), 0);
    for (unsigned i = 0; i < MOSAIC_TREG_BYTES; i++)
        CHECK(c, r.tu.treg[17][i] == 0, "byte %u", i);
    CHECK(c, r.tu.tag[17] == MOSAIC_FMT_INT16, "tag preserved");
    CHECK(c, memcmp(before.treg, r.tu.treg, 17 * MOSAIC_TREG_BYTES) == 0 &&
                 memcmp(before.treg[18], r.tu.treg[18], 14 * MOSAIC_TREG_BYTES) == 0,
          "other registers");
    CHECK(c, res.treg_written == 1u << 17 && !res.csr_written, "effects");
    CHECK(c, r.tu.ts == MOSAIC_TS_DIRTY, "Dirty");
    /* tzero works with a reserved mfrm (it does not round) */
    set_frm(&r.tu, 7);
    RUN_OK(c, &r, e_tzero(3), 0);
    rig_free(&r);
}

/* ---- tscale ---- */
static void tscale_float(check_ctx *c)
{
    static const uint32_t scalars[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u,
                                       0x7F7FFFFFu, 0x00000001u, 0x7F800000u, 0x7FC00000u,
                                       0x00800000u, 0x40400000u, 0xFF800001u, 0x3EAAAAABu};
    uint64_t seed = 555;
    rig r;
    rig_init(&r);
    uint32_t v[256], d[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = i < 12 ? scalars[i] : rnd(&seed);
    for (unsigned k = 0; k < sizeof scalars / sizeof scalars[0]; k++) {
        put_tile(&r.tu, 1, MOSAIC_FMT_FP32, v);
        RUN_OK(c, &r, e_tscale(1, 9), scalars[k]);
        get_tile(&r.tu, 1, MOSAIC_FMT_FP32, d);
        for (unsigned i = 0; i < 256; i++) {
            uint32_t want = f2u(ref_op(C_TMUL, u2f(v[i]), u2f(scalars[k])));
            CHECK(c, same_val(MOSAIC_FMT_FP32, d[i], want), "0x%08x * 0x%08x = 0x%08x want 0x%08x",
                  (unsigned)v[i], (unsigned)scalars[k], (unsigned)d[i], (unsigned)want);
        }
    }
    /* BF16 tile: x 0, x 1 (identity on finite values), x 1e30 (overflow) */
    for (unsigned i = 0; i < 256; i++)
        v[i] = rnd_finite(MOSAIC_FMT_BF16, &seed);
    static const float bscal[] = {0.0f, 1.0f, 1e30f, -2.0f, 1e-30f};
    for (unsigned k = 0; k < 5; k++) {
        put_tile(&r.tu, 2, MOSAIC_FMT_BF16, v);
        RUN_OK(c, &r, e_tscale(2, 9), f2u(bscal[k]));
        get_tile(&r.tu, 2, MOSAIC_FMT_BF16, d);
        for (unsigned i = 0; i < 256; i++) {
            uint32_t want = ref_to_bf16(ref_op(C_TMUL, ref_bf16(v[i]), bscal[k]));
            CHECK(c, d[i] == want, "bf16 0x%04x * %g = 0x%04x want 0x%04x", (unsigned)v[i],
                  (double)bscal[k], (unsigned)d[i], (unsigned)want);
        }
    }
    CHECK(c, !(r.tu.mcsr & MOSAIC_MCSR_MSAT), "no saturation for BF16 overflow");
    rig_free(&r);
}

static void tscale_fp8(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256], d[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = i;
    /* x 1 on E4M3: normal values unchanged, subnormals flush, NaN canonical */
    put_tile(&r.tu, 1, MOSAIC_FMT_E4M3, v);
    RUN_OK(c, &r, e_tscale(1, 9), 0x3F800000u);
    get_tile(&r.tu, 1, MOSAIC_FMT_E4M3, d);
    for (unsigned i = 0; i < 256; i++) {
        unsigned e = (i >> 3) & 15;
        uint32_t want = (i & 0x7F) == 0x7F ? mosaic_fmt_canonical_nan(MOSAIC_FMT_E4M3)
                      : e == 0 ? (i & 0x80) : i;
        CHECK(c, d[i] == want, "e4m3 0x%02x x 1 = 0x%02x want 0x%02x", i, (unsigned)d[i],
              (unsigned)want);
    }
    /* overflow: NaN without mfp8sat (no msat), +-448 with it (msat) */
    put_tile(&r.tu, 1, MOSAIC_FMT_E4M3, v);
    RUN_OK(c, &r, e_tscale(1, 9), f2u(1000.0f));
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 1, MOSAIC_FMT_E4M3, 0x38), 0x7F, "1*1000 -> NaN");
    CHECK(c, !(r.tu.mcsr & MOSAIC_MCSR_MSAT), "non-saturating overflow: no msat");
    r.tu.mcsr |= MOSAIC_MCSR_MFP8SAT;
    put_tile(&r.tu, 1, MOSAIC_FMT_E4M3, v);
    RUN_OK(c, &r, e_tscale(1, 9), f2u(-1000.0f));
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 1, MOSAIC_FMT_E4M3, 0x38), 0xFE, "1*-1000 -> -448");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 1, MOSAIC_FMT_E4M3, 0x00), 0x80, "0*-1000 -> -0");
    CHECK(c, (r.tu.mcsr & MOSAIC_MCSR_MSAT) && (r.tu.mxstatus & MOSAIC_MX_SAT_HIT), "msat");
    /* FP4 x 0.5 under mfp8sub=1 keeps the 0.5 subnormal */
    r.tu.mcsr = MOSAIC_MCSR_MFP8SUB;
    for (unsigned i = 0; i < 256; i++)
        v[i] = i & 15u;
    put_tile(&r.tu, 3, MOSAIC_FMT_FP4, v);
    RUN_OK(c, &r, e_tscale(3, 9), f2u(0.5f));
    get_tile(&r.tu, 3, MOSAIC_FMT_FP4, d);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t want = ref_to_small(MOSAIC_FMT_FP4, ref_fp4(i, 1) * 0.5f, 1);
        CHECK(c, d[i] == want, "fp4 %u x 0.5 = %u want %u", i, (unsigned)d[i], (unsigned)want);
    }
    rig_free(&r);
}

static void tscale_int(check_ctx *c)
{
    static const int32_t scalars[] = {0, 1, -1, 2, 1000, INT32_MIN, INT32_MAX};
    static const mosaic_fmt fmts[] = {MOSAIC_FMT_INT8, MOSAIC_FMT_INT16, MOSAIC_FMT_INT32};
    uint64_t seed = 66;
    for (unsigned fi = 0; fi < 3; fi++) {
        for (unsigned k = 0; k < sizeof scalars / sizeof scalars[0]; k++) {
            rig r;
            rig_init(&r);
            mosaic_fmt f = fmts[fi];
            uint32_t v[256], d[256];
            for (unsigned i = 0; i < 256; i++)
                v[i] = (i < 3 ? (uint32_t)(0x80000000u >> (32 - mosaic_fmt_bits(f))) * (i == 0)
                              : rnd(&seed)) & mosaic_fmt_mask(f);
            v[1] = 0;
            v[2] = mosaic_fmt_mask(f) >> 1; /* max */
            put_tile(&r.tu, 6, f, v);
            set_frm(&r.tu, 6); /* integer tscale does not round: reserved mfrm is fine */
            RUN_OK(c, &r, e_tscale(6, 9), (uint32_t)scalars[k]);
            get_tile(&r.tu, 6, f, d);
            int sat = 0;
            for (unsigned i = 0; i < 256; i++) {
                uint32_t want = int_bits(f, clamp_fmt(f, ival(f, v[i]) * scalars[k], &sat));
                CHECK(c, d[i] == want, "%s 0x%x * %d = 0x%x want 0x%x", mosaic_fmt_name(f),
                      (unsigned)v[i], (int)scalars[k], (unsigned)d[i], (unsigned)want);
            }
            CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s x %d msat", mosaic_fmt_name(f),
                  (int)scalars[k]);
            CHECK(c, r.tu.tag[6] == f && above_zero(&r.tu, 6, f), "tag/zeros");
            rig_free(&r);
        }
    }
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, binary_ops_vs_reference);
    RUN(&c, binary_float_specials);
    RUN(&c, binary_rounding_modes);
    RUN(&c, double_rounding_is_specified);
    RUN(&c, row_ops_vs_reference);
    RUN(&c, aliasing);
    RUN(&c, tcvt_edge_cases);
    RUN(&c, tcvt_every_pair_plumbing);
    RUN(&c, tcvt_rounding_modes);
    RUN(&c, tact_each_function_each_format);
    RUN(&c, tact_int_recip);
    RUN(&c, tzero_keeps_tag);
    RUN(&c, tscale_float);
    RUN(&c, tscale_fp8);
    RUN(&c, tscale_int);
    return check_exit(&c);
}
