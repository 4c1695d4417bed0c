/* tred: sum / max / min into x[rd]. The float sum is checked against host
 * float additions in the documented order (column partial sums top to
 * bottom, then a balanced tree over the columns). */
#include <fenv.h>

#include "test_minat_util.h"

/* Documented order, host float adds (rounding in the current host mode). */
static float ref_sum(const float *x)
{
    volatile float p[16];
    for (unsigned c = 0; c < 16; c++) {
        p[c] = x[c];
        for (unsigned r = 1; r < 16; r++)
            p[c] = p[c] + x[16 * r + c];
    }
    volatile float q[8], s[4], t[2];
    for (unsigned i = 0; i < 8; i++)
        q[i] = p[2 * i] + p[2 * i + 1];
    for (unsigned i = 0; i < 4; i++)
        s[i] = q[2 * i] + q[2 * i + 1];
    for (unsigned i = 0; i < 2; i++)
        t[i] = s[2 * i] + s[2 * i + 1];
    return t[0] + t[1];
}

static float ref_fold(const float *x, int is_max)
{
    float acc = x[0];
    for (unsigned i = 1; i < 256; i++) {
        float y = x[i];
        if (isnan(acc))
            acc = y;
        else if (isnan(y))
            continue;
        else if (acc == 0 && y == 0)
            acc = (signbit(acc) != 0) == is_max ? y : acc;
        else if ((y > acc) == is_max)
            acc = y;
    }
    return acc;
}

static uint32_t tred(check_ctx *c, rig *r, unsigned s, unsigned op, unsigned rd)
{
    mosaic_tu before;
    memcpy(&before, &r->tu, sizeof before);
    mosaic_tu_result res = RUN_OK(c, r, e_tred(rd, s, op), 0);
    CHECK(c, res.rd_write && res.rd == rd && res.treg_written == 0, "tred effects");
    CHECK(c, memcmp(before.treg, r->tu.treg, sizeof before.treg) == 0 &&
                 memcmp(before.tag, r->tu.tag, sizeof before.tag) == 0,
          "tred changed the register file");
    CHECK(c, r->tu.ts == MOSAIC_TS_DIRTY, "tred completes: Dirty");
    return res.rd_value;
}

static void tred_float_random_tiles(check_ctx *c)
{
    static const mosaic_fmt fmts[] = {MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, MOSAIC_FMT_FP16,
                                      MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_FP4,
                                      MOSAIC_FMT_TF32};
    uint64_t seed = 8080;
    unsigned order_mattered = 0;
    for (unsigned fi = 0; fi < sizeof fmts / sizeof fmts[0]; fi++) {
        for (unsigned t = 0; t < 20; t++) {
            mosaic_fmt f = fmts[fi];
            rig r;
            rig_init(&r);
            uint32_t v[256];
            float x[256];
            for (unsigned i = 0; i < 256; i++) {
                v[i] = rnd_finite(f, &seed);
                if (f == MOSAIC_FMT_FP32 || f == MOSAIC_FMT_TF32) /* mixed magnitudes */
                    v[i] = ((v[i] & 0x807FFFFFu) | ((110u + rnd(&seed) % 30u) << 23)) &
                           (f == MOSAIC_FMT_TF32 ? 0xFFFFE000u : ~0u);
                x[i] = ref_val(f, v[i], 0);
            }
            put_tile(&r.tu, 11, f, v);
            uint32_t got = tred(c, &r, 11, 0, 5);
            uint32_t want = f2u(ref_sum(x));
            CHECK(c, same_val(MOSAIC_FMT_FP32, got, want), "%s sum tile %u: 0x%08x want 0x%08x",
                  mosaic_fmt_name(f), t, (unsigned)got, (unsigned)want);
            volatile float seq = 0;
            for (unsigned i = 0; i < 256; i++)
                seq = seq + x[i];
            order_mattered += f2u(seq) != want;
            got = tred(c, &r, 11, 1, 6);
            CHECK(c, same_val(MOSAIC_FMT_FP32, got, f2u(ref_fold(x, 1))), "%s max", mosaic_fmt_name(f));
            got = tred(c, &r, 11, 2, 31);
            CHECK(c, same_val(MOSAIC_FMT_FP32, got, f2u(ref_fold(x, 0))), "%s min", mosaic_fmt_name(f));
            CHECK(c, !(r.tu.mcsr & MOSAIC_MCSR_MSAT), "no msat for float tred");
            rig_free(&r);
        }
    }
    /* guard on the test itself: random tiles do tell the orders apart */
    CHECK(c, order_mattered > 20, "the documented order was indistinguishable (%u)", order_mattered);
}

/* Column partial sums first: 2^24 + 15 x 1 down column 0 stays 2^24 (each
 * +1 is a tie to even), column 1 sums to 16, and the tree adds them
 * exactly. A row-major running sum would give 2^24. */
static void tred_sum_order_directed(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256] = {0};
    for (unsigned row = 0; row < 16; row++) {
        v[16 * row] = f2u(1.0f);
        v[16 * row + 1] = f2u(1.0f);
    }
    v[0] = f2u(16777216.0f);
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 1, 0, 1), 0x4B800008u, "2^24 + 16");
    /* the tree forms (p2+p3) = 2 before it meets p0 = 2^24, so the 2 is
     * kept; a running sum would lose each 1 to a tie */
    memset(v, 0, sizeof v);
    v[0] = f2u(16777216.0f);
    v[2] = f2u(1.0f);
    v[3] = f2u(1.0f);
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 1, 0, 1), 0x4B800001u, "(2^24+0) + (1+1) = 2^24+2");
    rig_free(&r);
}

static void tred_float_specials(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0x7FC00000u + i;
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 1, 3), 0x7FC00000u, "max of all NaN");
    CHECK_EQ_U32(c, tred(c, &r, 2, 0, 3), 0x7FC00000u, "sum of NaN");
    v[200] = f2u(-5.0f);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 1, 3), f2u(-5.0f), "max ignores NaN");
    CHECK_EQ_U32(c, tred(c, &r, 2, 2, 3), f2u(-5.0f), "min ignores NaN");
    for (unsigned i = 0; i < 256; i++)
        v[i] = i & 1 ? 0x80000000u : 0;
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 1, 3), 0, "max(-0,+0)");
    CHECK_EQ_U32(c, tred(c, &r, 2, 2, 3), 0x80000000u, "min(-0,+0)");
    CHECK_EQ_U32(c, tred(c, &r, 2, 0, 3), 0, "sum of signed zeros (RNE)");
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0x80000000u;
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 0, 3), 0x80000000u, "sum of -0");
    v[7] = 0x7F800000u;
    v[9] = 0xFF800000u;
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 0, 3), 0x7FC00000u, "Inf - Inf");
    CHECK_EQ_U32(c, tred(c, &r, 2, 1, 3), 0x7F800000u, "max Inf");
    CHECK_EQ_U32(c, tred(c, &r, 2, 2, 3), 0xFF800000u, "min -Inf");
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0x7F7FFFFFu;
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, v);
    CHECK_EQ_U32(c, tred(c, &r, 2, 0, 3), 0x7F800000u, "overflow to Inf");
    /* FP8 subnormals read as zero unless mfp8sub */
    uint32_t e[256] = {0};
    e[5] = 0x01;
    put_tile(&r.tu, 4, MOSAIC_FMT_E4M3, e);
    CHECK_EQ_U32(c, tred(c, &r, 4, 0, 3), 0, "flushed subnormal");
    r.tu.mcsr |= MOSAIC_MCSR_MFP8SUB;
    CHECK_EQ_U32(c, tred(c, &r, 4, 0, 3), 0x3B000000u, "kept subnormal 2^-9");
    rig_free(&r);
}

static void tred_rounding_mode(check_ctx *c)
{
    static const struct {
        unsigned rm;
        int fe;
    } modes[] = {{MOSAIC_RM_RTZ, FE_TOWARDZERO}, {MOSAIC_RM_RDN, FE_DOWNWARD}, {MOSAIC_RM_RUP, FE_UPWARD}};
    uint64_t seed = 12;
    for (unsigned m = 0; m < 3; m++) {
        rig r;
        rig_init(&r);
        set_frm(&r.tu, modes[m].rm);
        uint32_t v[256];
        float x[256];
        for (unsigned i = 0; i < 256; i++) {
            v[i] = (rnd(&seed) & 0x807FFFFFu) | ((120u + rnd(&seed) % 10u) << 23);
            x[i] = u2f(v[i]);
        }
        put_tile(&r.tu, 1, MOSAIC_FMT_FP32, v);
        uint32_t got = tred(c, &r, 1, 0, 2);
        fesetround(modes[m].fe);
        uint32_t want = f2u(ref_sum(x));
        fesetround(FE_TONEAREST);
        CHECK(c, got == want, "rm %u: 0x%08x want 0x%08x", modes[m].rm, (unsigned)got, (unsigned)want);
        rig_free(&r);
    }
}

static void tred_int(check_ctx *c)
{
    static const mosaic_fmt fmts[] = {MOSAIC_FMT_INT8, MOSAIC_FMT_INT16, MOSAIC_FMT_INT32};
    uint64_t seed = 4;
    for (unsigned fi = 0; fi < 3; fi++) {
        for (unsigned t = 0; t < 10; t++) {
            mosaic_fmt f = fmts[fi];
            rig r;
            rig_init(&r);
            set_frm(&r.tu, 5); /* integer tred does not round */
            uint32_t v[256];
            int64_t sum = 0, mx = INT64_MIN, mn = INT64_MAX;
            for (unsigned i = 0; i < 256; i++) {
                v[i] = rnd(&seed) & mosaic_fmt_mask(f);
                if (f == MOSAIC_FMT_INT32 && t < 5) /* keep some INT32 sums in range */
                    v[i] = (uint32_t)((int32_t)(rnd(&seed) % 2000001u) - 1000000);
                int64_t x = f == MOSAIC_FMT_INT8 ? (int8_t)v[i] : f == MOSAIC_FMT_INT16 ? (int16_t)v[i] : (int32_t)v[i];
                sum += x;
                mx = x > mx ? x : mx;
                mn = x < mn ? x : mn;
            }
            put_tile(&r.tu, 9, f, v);
            int sat = sum > INT32_MAX || sum < INT32_MIN;
            int64_t ws = sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : sum;
            CHECK_EQ_U32(c, tred(c, &r, 9, 0, 1), (uint32_t)ws, "int sum");
            CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s sum msat", mosaic_fmt_name(f));
            CHECK_EQ_U32(c, tred(c, &r, 9, 1, 1), (uint32_t)mx, "int max (sign-extended)");
            CHECK_EQ_U32(c, tred(c, &r, 9, 2, 1), (uint32_t)mn, "int min (sign-extended)");
            rig_free(&r);
        }
    }
    /* saturation both ways */
    rig r;
    rig_init(&r);
    uint32_t v[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0x80000000u;
    put_tile(&r.tu, 1, MOSAIC_FMT_INT32, v);
    mosaic_tu_result res = RUN_OK(c, &r, e_tred(3, 1, 0), 0);
    CHECK(c, res.rd_value == 0x80000000u && res.csr_written, "negative saturation");
    CHECK(c, (r.tu.mcsr & MOSAIC_MCSR_MSAT) && (r.tu.mxstatus & MOSAIC_MX_SAT_HIT), "msat/sat_hit");
    r.tu.mcsr = 0;
    r.tu.mxstatus = 0;
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0x7FFFFFFFu - (i == 0 ? 0 : 0x7FFFFF00u);
    put_tile(&r.tu, 1, MOSAIC_FMT_INT32, v);
    res = RUN_OK(c, &r, e_tred(3, 1, 0), 0);
    CHECK(c, res.rd_value == 0x7FFFFFFFu && (r.tu.mcsr & MOSAIC_MCSR_MSAT), "positive saturation");
    /* INT8 max/min sign-extend */
    for (unsigned i = 0; i < 256; i++)
        v[i] = 0xFB; /* -5 */
    put_tile(&r.tu, 1, MOSAIC_FMT_INT8, v);
    CHECK_EQ_U32(c, tred(c, &r, 1, 1, 3), 0xFFFFFFFBu, "int8 max -5");
    CHECK_EQ_U32(c, tred(c, &r, 1, 0, 3), (uint32_t)(-5 * 256), "int8 sum");
    rig_free(&r);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, tred_float_random_tiles);
    RUN(&c, tred_sum_order_directed);
    RUN(&c, tred_float_specials);
    RUN(&c, tred_rounding_mode);
    RUN(&c, tred_int);
    return check_exit(&c);
}
