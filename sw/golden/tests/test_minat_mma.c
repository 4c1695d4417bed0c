/* tmma and the shared core mosaic_mma_tile (mma.h). Float references use
 * the host's fmaf (IEEE, one rounding, subnormals kept) on operands
 * decoded by bit manipulation; integer references are int64 sums. Every
 * mmode, mtilem/k/n sub-problems (outside elements unchanged), aliasing,
 * rounding modes, saturation. */
#include <fenv.h>

#include "mma.h"
#include "test_minat_util.h"

typedef struct {
    mosaic_fmt d, a, b;
    unsigned mcsr; /* extra mcsr bits (mfp8sat, mfp8sub) */
} combo;

static unsigned aidx(unsigned mode, unsigned i, unsigned k)
{
    return (mode & 2u) ? 16 * k + i : 16 * i + k;
}
static unsigned bidx(unsigned mode, unsigned k, unsigned j)
{
    return (mode & 1u) ? 16 * j + k : 16 * k + j;
}

static int64_t ival(mosaic_fmt f, uint32_t b)
{
    return f == MOSAIC_FMT_INT8 ? (int8_t)b : f == MOSAIC_FMT_INT16 ? (int16_t)b : (int32_t)b;
}

/* Reference D' = D + op(A)op(B) on the m x k x n corner. *sat: some clamp. */
static void ref_mma(const combo *co, const uint32_t *D, const uint32_t *A, const uint32_t *B,
                    unsigned mode, unsigned m, unsigned k, unsigned n, bool wrap, uint32_t *out,
                    int *sat)
{
    int sub = (co->mcsr & MOSAIC_MCSR_MFP8SUB) != 0;
    for (unsigned e = 0; e < 256; e++)
        out[e] = D[e];
    if (k == 0)
        return;
    for (unsigned i = 0; i < m; i++) {
        for (unsigned j = 0; j < n; j++) {
            unsigned e = 16 * i + j;
            if (mosaic_fmt_is_float(co->d)) {
                float acc = ref_val(co->d, D[e], sub);
                for (unsigned kk = 0; kk < k; kk++)
                    acc = fmaf(ref_val(co->a, A[aidx(mode, i, kk)], sub),
                               ref_val(co->b, B[bidx(mode, kk, j)], sub), acc);
                out[e] = ref_to_fp8sat(co->d, acc, sub, (co->mcsr & MOSAIC_MCSR_MFP8SAT) != 0);
            } else {
                int64_t acc = ival(co->d, D[e]);
                for (unsigned kk = 0; kk < k; kk++)
                    acc += ival(co->a, A[aidx(mode, i, kk)]) * ival(co->b, B[bidx(mode, kk, j)]);
                unsigned bits = mosaic_fmt_bits(co->d);
                int64_t lo = -((int64_t)1 << (bits - 1)), hi = ((int64_t)1 << (bits - 1)) - 1;
                if (wrap) {
                    out[e] = (uint32_t)acc & mosaic_fmt_mask(co->d);
                } else {
                    if (acc < lo || acc > hi)
                        *sat = 1;
                    out[e] = (uint32_t)(acc < lo ? lo : acc > hi ? hi : acc) & mosaic_fmt_mask(co->d);
                }
            }
        }
    }
}

/* Random operands: float values with exponents kept near 1 so sums are
 * meaningful (occasional overflow still happens for narrow formats). */
static uint32_t rnd_operand(mosaic_fmt f, uint64_t *s)
{
    if (f == MOSAIC_FMT_FP32 || f == MOSAIC_FMT_TF32) {
        uint32_t b = (rnd(s) & 0x807FFFFFu) | ((112u + rnd(s) % 32u) << 23);
        return f == MOSAIC_FMT_TF32 ? b & 0xFFFFE000u : b;
    }
    if (f == MOSAIC_FMT_BF16)
        return (rnd(s) & 0x807Fu) | ((112u + rnd(s) % 32u) << 7);
    return rnd_finite(f, s);
}

static int run_case(check_ctx *c, const combo *co, unsigned mode, unsigned m, unsigned k,
                    unsigned n, uint64_t *seed, const char *what)
{
    rig r;
    rig_init(&r);
    r.tu.mcsr = co->mcsr | mode;
    r.tu.mtilem = m;
    r.tu.mtilek = k;
    r.tu.mtilen = n;
    uint32_t A[256], B[256], D[256], got[256], want[256];
    for (unsigned i = 0; i < 256; i++) {
        A[i] = rnd_operand(co->a, seed);
        B[i] = rnd_operand(co->b, seed);
        D[i] = rnd_operand(co->d, seed);
    }
    put_tile(&r.tu, 8, co->a, A);
    put_tile(&r.tu, 13, co->b, B); /* a different bank from A */
    put_tile(&r.tu, 2, co->d, D);
    /* garbage above D's tile: the write zeroes it (R9) */
    for (unsigned i = mosaic_tile_bytes(co->d); i < MOSAIC_TREG_BYTES; i++)
        r.tu.treg[2][i] = (uint8_t)(i * 7 + 1);
    mosaic_tu_result res = RUN_OK(c, &r, e_r(C_TMMA, 2, 8, 13), 0);
    get_tile(&r.tu, 2, co->d, got);
    int sat = 0;
    ref_mma(co, D, A, B, mode, m, k, n, false, want, &sat);
    int bad = 0;
    for (unsigned e = 0; e < 256; e++) {
        /* outside the sub-problem (or with k = 0) the old bits, exactly */
        bool inside = e / 16 < m && e % 16 < n && k > 0;
        if (inside ? !same_val(co->d, got[e], want[e]) : got[e] != D[e]) {
            if (bad++ < 3)
                CHECK(c, 0, "%s %s=%s*%s mode %u m%u k%u n%u elem %u: 0x%x want 0x%x", what,
                      mosaic_fmt_name(co->d), mosaic_fmt_name(co->a), mosaic_fmt_name(co->b), mode,
                      m, k, n, e, (unsigned)got[e], (unsigned)want[e]);
        }
    }
    CHECK(c, bad == 0, "%s: %d wrong elements", what, bad);
    CHECK(c, above_zero(&r.tu, 2, co->d), "%s: zeros above", what);
    CHECK(c, r.tu.tag[2] == co->d && r.tu.tag[8] == co->a && r.tu.tag[13] == co->b, "%s: tags", what);
    CHECK(c, res.treg_written == 1u << 2 && !res.rd_write, "%s: effects", what);
    if (mosaic_fmt_is_int(co->d))
        CHECK(c, ((r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s: msat %d want %d", what,
              (r.tu.mcsr & MOSAIC_MCSR_MSAT) != 0, sat);
    CHECK(c, r.tu.ts == MOSAIC_TS_DIRTY, "%s: Dirty", what);
    rig_free(&r);
    return bad;
}

static const combo float_combos[] = {
    {MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_E5M2, MOSAIC_FMT_E5M2, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_MCSR_MFP8SUB},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, 0},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_FP4, MOSAIC_FMT_E4M3, MOSAIC_MCSR_MFP8SUB},
    {MOSAIC_FMT_FP32, MOSAIC_FMT_TF32, MOSAIC_FMT_TF32, 0},
    {MOSAIC_FMT_TF32, MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, 0},
    {MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
    {MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, 0},
    {MOSAIC_FMT_FP16, MOSAIC_FMT_E5M2, MOSAIC_FMT_E4M3, 0},
    {MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, MOSAIC_MCSR_MFP8SAT},
    {MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, 0},
    {MOSAIC_FMT_E5M2, MOSAIC_FMT_E5M2, MOSAIC_FMT_E5M2, 0},
    {MOSAIC_FMT_E5M2, MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, MOSAIC_MCSR_MFP8SAT | MOSAIC_MCSR_MFP8SUB},
    {MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, 0},
};

static const combo int_combos[] = {
    {MOSAIC_FMT_INT32, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
    {MOSAIC_FMT_INT32, MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 0},
    {MOSAIC_FMT_INT32, MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, 0},
    {MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
    {MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, 0},
    {MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static void tmma_float_every_format_every_mode(check_ctx *c)
{
    uint64_t seed = 2024;
    for (unsigned ci = 0; ci < NELEM(float_combos); ci++)
        for (unsigned mode = 0; mode < 3; mode++)
            run_case(c, &float_combos[ci], mode, 16, 16, 16, &seed, "full");
}

static void tmma_int_every_format_every_mode(check_ctx *c)
{
    uint64_t seed = 7;
    for (unsigned ci = 0; ci < NELEM(int_combos); ci++)
        for (unsigned mode = 0; mode < 3; mode++)
            run_case(c, &int_combos[ci], mode, 16, 16, 16, &seed, "full");
}

/* mtilem/k/n: the corner is computed with k terms, the rest keeps its bits. */
static void tmma_subproblems(check_ctx *c)
{
    static const unsigned mkn[][3] = {{5, 7, 3},  {16, 1, 16}, {1, 16, 1}, {0, 16, 16},
                                      {16, 0, 16}, {16, 16, 0}, {15, 16, 14}, {16, 9, 2}};
    static const combo combos[] = {
        {MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
        {MOSAIC_FMT_BF16, MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, 0},
        {MOSAIC_FMT_E4M3, MOSAIC_FMT_E4M3, MOSAIC_FMT_FP4, MOSAIC_MCSR_MFP8SAT},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, MOSAIC_FMT_INT16, 0},
    };
    uint64_t seed = 99;
    for (unsigned ci = 0; ci < NELEM(combos); ci++)
        for (unsigned mode = 0; mode < 3; mode++)
            for (unsigned s = 0; s < NELEM(mkn); s++)
                run_case(c, &combos[ci], mode, mkn[s][0], mkn[s][1], mkn[s][2], &seed, "sub");
}

/* k == 0 changes no element, not even a NaN payload or an FP8 subnormal
 * that a conversion round trip would flush. */
static void tmma_k0_changes_no_bits(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t D[256], got[256];
    for (unsigned i = 0; i < 256; i++)
        D[i] = i;
    put_tile(&r.tu, 1, MOSAIC_FMT_E4M3, D);
    r.tu.mtilek = 0;
    RUN_OK(c, &r, e_r(C_TMMA, 1, 1, 1), 0);
    get_tile(&r.tu, 1, MOSAIC_FMT_E4M3, got);
    CHECK(c, memcmp(got, D, sizeof D) == 0, "k=0 changed bits");
    rig_free(&r);
}

/* One rounding per step: a*b + c with a = b = 1 + 2^-12, c = -(1 + 2^-11)
 * is 2^-24 with fma, 0 with a rounded product. */
static void tmma_uses_fused_steps(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t A[256] = {0}, B[256] = {0}, D[256] = {0};
    A[0] = f2u(1.0f + 0x1p-12f);
    B[0] = f2u(1.0f + 0x1p-12f);
    D[0] = f2u(-(1.0f + 0x1p-11f));
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    put_tile(&r.tu, 3, MOSAIC_FMT_FP32, D);
    RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 0), f2u(0x1p-24f), "fma step");
    /* and the order is k = 0..15: 2^24 + 1 + ... + 1 stays 2^24 (ties to even) */
    for (unsigned i = 0; i < 256; i++) {
        A[i] = f2u(1.0f);
        B[i] = f2u(1.0f);
        D[i] = f2u(16777216.0f);
    }
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    put_tile(&r.tu, 3, MOSAIC_FMT_FP32, D);
    RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 77), f2u(16777216.0f), "sequential order");
    rig_free(&r);
}

static void tmma_specials(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t A[256] = {0}, B[256] = {0}, D[256] = {0};
    A[0] = 0x7F800000u; /* Inf * 0 in row 0 */
    D[1] = 0x7FA00001u; /* a NaN accumulator with a payload */
    A[16] = 0x7F800000u; /* Inf * 1 in row 1 */
    B[0] = 0x3F800000u;
    D[17] = 0xFF800000u; /* + (-Inf) at (1,1)? B[0][1] = 0: Inf*0 */
    put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
    put_tile(&r.tu, 3, MOSAIC_FMT_FP32, D);
    RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 0), 0x7F800000u, "Inf*1");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 1), 0x7FC00000u, "Inf*0 / NaN acc");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 16), 0x7F800000u, "row 1 Inf*1");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 17), 0x7FC00000u, "-Inf + Inf*0");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_FP32, 34), 0, "0");
    rig_free(&r);
}

/* D may be A, B or both: all three are read before D is written. */
static void tmma_aliasing(check_ctx *c)
{
    uint64_t seed = 3;
    const combo co = {MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0};
    for (unsigned mode = 0; mode < 3; mode++) {
        for (unsigned which = 0; which < 3; which++) {
            rig r;
            rig_init(&r);
            r.tu.mcsr = mode;
            uint32_t X[256], Y[256], got[256], want[256];
            for (unsigned i = 0; i < 256; i++) {
                X[i] = rnd_operand(MOSAIC_FMT_FP32, &seed);
                Y[i] = rnd_operand(MOSAIC_FMT_FP32, &seed);
            }
            put_tile(&r.tu, 4, MOSAIC_FMT_FP32, X);
            put_tile(&r.tu, 5, MOSAIC_FMT_FP32, Y);
            int sat = 0;
            uint32_t insn = which == 0 ? e_r(C_TMMA, 4, 4, 5)   /* D = A */
                          : which == 1 ? e_r(C_TMMA, 4, 5, 4)   /* D = B */
                                       : e_r(C_TMMA, 4, 4, 4);  /* D = A = B */
            const uint32_t *a = which == 1 ? Y : X, *b = which == 0 ? Y : X;
            ref_mma(&co, X, a, b, mode, 16, 16, 16, false, want, &sat);
            RUN_OK(c, &r, insn, 0);
            get_tile(&r.tu, 4, MOSAIC_FMT_FP32, got);
            for (unsigned e = 0; e < 256; e++)
                CHECK(c, same_val(MOSAIC_FMT_FP32, got[e], want[e]), "alias %u mode %u elem %u", which,
                      mode, e);
            rig_free(&r);
        }
    }
}

static void tmma_rounding_modes(check_ctx *c)
{
    static const struct {
        unsigned rm;
        int fe;
    } modes[] = {{MOSAIC_RM_RTZ, FE_TOWARDZERO}, {MOSAIC_RM_RDN, FE_DOWNWARD}, {MOSAIC_RM_RUP, FE_UPWARD}};
    uint64_t seed = 1;
    combo co = {MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 0};
    for (unsigned m = 0; m < 3; m++) {
        rig r;
        rig_init(&r);
        set_frm(&r.tu, modes[m].rm);
        uint32_t A[256], B[256], D[256], got[256], want[256];
        for (unsigned i = 0; i < 256; i++) {
            A[i] = rnd_operand(MOSAIC_FMT_FP32, &seed);
            B[i] = rnd_operand(MOSAIC_FMT_FP32, &seed);
            D[i] = rnd_operand(MOSAIC_FMT_FP32, &seed);
        }
        put_tile(&r.tu, 1, MOSAIC_FMT_FP32, A);
        put_tile(&r.tu, 2, MOSAIC_FMT_FP32, B);
        put_tile(&r.tu, 3, MOSAIC_FMT_FP32, D);
        RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
        get_tile(&r.tu, 3, MOSAIC_FMT_FP32, got);
        int sat = 0;
        fesetround(modes[m].fe);
        ref_mma(&co, D, A, B, 0, 16, 16, 16, false, want, &sat);
        fesetround(FE_TONEAREST);
        for (unsigned e = 0; e < 256; e++)
            CHECK(c, got[e] == want[e], "rm %u elem %u: 0x%08x want 0x%08x", modes[m].rm, e,
                  (unsigned)got[e], (unsigned)want[e]);
        rig_free(&r);
    }
}

/* INT8 x INT8 into INT8: saturation at both ends sets msat and sat_hit. */
static void tmma_int_saturation(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t A[256], B[256], D[256] = {0};
    for (unsigned i = 0; i < 256; i++) {
        A[i] = 0x7F;
        B[i] = i % 16 < 8 ? 0x7F : 0x80;
    }
    put_tile(&r.tu, 1, MOSAIC_FMT_INT8, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_INT8, B);
    put_tile(&r.tu, 3, MOSAIC_FMT_INT8, D);
    mosaic_tu_result res = RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_INT8, 0), 0x7F, "+sat");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_INT8, 15), 0x80, "-sat");
    CHECK(c, (r.tu.mcsr & MOSAIC_MCSR_MSAT) && (r.tu.mxstatus & MOSAIC_MX_SAT_HIT) && res.csr_written,
          "msat/sat_hit/csr_written");
    /* INT32 accumulator: 16 * 127 * -128 fits, no saturation */
    rig_free(&r);
    rig_init(&r);
    put_tile(&r.tu, 1, MOSAIC_FMT_INT8, A);
    put_tile(&r.tu, 2, MOSAIC_FMT_INT8, B);
    uint32_t D32[256];
    for (unsigned i = 0; i < 256; i++)
        D32[i] = 0x7FFF0000u;
    put_tile(&r.tu, 3, MOSAIC_FMT_INT32, D32);
    res = RUN_OK(c, &r, e_r(C_TMMA, 3, 1, 2), 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_INT32, 15), 0x7FFF0000u - 16u * 127u * 128u, "int32 acc");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 3, MOSAIC_FMT_INT32, 0), 0x7FFFFFFFu, "int32 acc sat");
    CHECK(c, r.tu.mcsr & MOSAIC_MCSR_MSAT, "int32 sat sets msat");
    rig_free(&r);
}

/* The shared core as AME uses it: operands read in given formats whatever
 * the tags, mode 3 (AᵀBᵀ), wrap for equal widths, tags untouched. */
static void mma_tile_core_for_ame(check_ctx *c)
{
    uint64_t seed = 17;
    static const combo combos[] = {
        {MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, MOSAIC_FMT_INT16, 0},
        {MOSAIC_FMT_INT32, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8, 0},
        {MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, MOSAIC_FMT_FP16, 0},
        {MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, 0},
        {MOSAIC_FMT_E5M2, MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, 0},
    };
    for (unsigned ci = 0; ci < NELEM(combos); ci++) {
        for (unsigned mode = 0; mode < 4; mode++) {
            for (unsigned wrap = 0; wrap < 2; wrap++) {
                const combo *co = &combos[ci];
                mosaic_tu tu;
                mosaic_tu_reset(&tu, NULL);
                uint32_t A[256], B[256], D[256], got[256], want[256];
                for (unsigned i = 0; i < 256; i++) {
                    A[i] = rnd_operand(co->a, &seed);
                    B[i] = rnd_operand(co->b, &seed);
                    D[i] = rnd_operand(co->d, &seed);
                }
                put_tile(&tu, 20, co->a, A);
                put_tile(&tu, 21, co->b, B);
                put_tile(&tu, 22, co->d, D);
                tu.tag[20] = tu.tag[21] = tu.tag[22] = MOSAIC_FMT_INT32; /* ignored */
                mosaic_cvt_opts o = mosaic_cvt_default();
                unsigned flags = 0;
                mosaic_mma_tile(&tu, 22, co->d, 20, co->a, 21, co->b, mode, 16, 16, 16, &o,
                                wrap != 0, &flags);
                get_tile(&tu, 22, co->d, got);
                int sat = 0;
                bool w = wrap && mosaic_fmt_is_int(co->d);
                ref_mma(co, D, A, B, mode, 16, 16, 16, w, want, &sat);
                for (unsigned e = 0; e < 256; e++)
                    CHECK(c, same_val(co->d, got[e], want[e]), "%s mode %u wrap %u elem %u: 0x%x want 0x%x",
                          mosaic_fmt_name(co->d), mode, wrap, e, (unsigned)got[e], (unsigned)want[e]);
                CHECK(c, tu.tag[22] == MOSAIC_FMT_INT32, "tag untouched");
                CHECK(c, above_zero(&tu, 22, co->d), "zeros above");
                if (mosaic_fmt_is_int(co->d))
                    CHECK(c, ((flags & MOSAIC_FLAG_SAT) != 0) == sat, "%s mode %u wrap %u: SAT flag",
                          mosaic_fmt_name(co->d), mode, wrap);
                CHECK(c, tu.mcsr == 0 && tu.mxstatus == 0, "core does not touch CSRs");
            }
        }
    }
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, tmma_float_every_format_every_mode);
    RUN(&c, tmma_int_every_format_every_mode);
    RUN(&c, tmma_subproblems);
    RUN(&c, tmma_k0_changes_no_bits);
    RUN(&c, tmma_uses_fused_steps);
    RUN(&c, tmma_specials);
    RUN(&c, tmma_aliasing);
    RUN(&c, tmma_rounding_modes);
    RUN(&c, tmma_int_saturation);
    RUN(&c, mma_tile_core_for_ame);
    return check_exit(&c);
}
