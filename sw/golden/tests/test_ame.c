/* AME (custom-1) tests: mmacc against an independent scalar reference model
 * written here (its own element codecs, rounding and tiling tables; floats
 * through C fmaf() chains), every implemented IFmt/RFmt pair, tiling modes,
 * the 4x4 guard and its fallback, badgeom traps, SAT/wrap, flags, bTR,
 * msettile*. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mosaic_tu.h"
#include "testmem.h"

#define OP MOSAIC_OP_CUSTOM1

typedef struct {
    uint32_t s;
} rng;

static uint32_t rnd(rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 17;
    r->s ^= r->s << 5;
    return r->s;
}

/* ------------------------------------------------------------------ */
/* Reference formats, keyed by AME code; tag = the Mosaic tag from the
 * docs/isa.md table. */

enum { K_INT, K_IEEE, K_FN, K_NONE };

typedef struct {
    unsigned code, tag, bits, kind;
    int ebits, mbits, bias;
    bool flushable; /* FP8/FP4 */
    const char *name;
} rfmt;

static const rfmt FMTS[] = {
    {0x10, 5, 8, K_INT, 0, 0, 0, false, "int8"},
    {0x20, 7, 16, K_INT, 0, 0, 0, false, "int16"},
    {0x40, 8, 32, K_INT, 0, 0, 0, false, "int32"},
    {0x11, 3, 8, K_FN, 4, 3, 7, true, "e4m3"},
    {0x12, 4, 8, K_IEEE, 5, 2, 15, true, "e5m2"},
    {0x02, 6, 4, K_NONE, 2, 1, 1, true, "fp4"},
    {0x28, 1, 16, K_IEEE, 5, 10, 15, false, "fp16"},
    {0x29, 2, 16, K_IEEE, 8, 7, 127, false, "bf16"},
    {0x48, 0, 32, K_IEEE, 8, 23, 127, false, "fp32"},
    {0x49, 9, 32, K_IEEE, 8, 10, 127, false, "tf32"},
};

static const rfmt *fmt_of(unsigned code)
{
    if (code == 0x00)
        code = 0x10; /* AME's default INT8 */
    for (unsigned i = 0; i < sizeof FMTS / sizeof FMTS[0]; i++)
        if (FMTS[i].code == code)
            return &FMTS[i];
    return NULL;
}

/* The implemented pairs, as docs/isa.md lists them. */
static const unsigned PAIRS[][2] = {
    {0x10, 0x10}, {0x10, 0x20}, {0x10, 0x40}, {0x20, 0x20}, {0x20, 0x40},
    {0x11, 0x11}, {0x11, 0x12}, {0x12, 0x11}, {0x12, 0x12}, {0x11, 0x28},
    {0x12, 0x28}, {0x02, 0x11}, {0x02, 0x12}, {0x28, 0x28}, {0x28, 0x48},
    {0x29, 0x29}, {0x29, 0x48}, {0x29, 0x49}, {0x49, 0x49}, {0x48, 0x48},
};
#define NPAIRS (sizeof PAIRS / sizeof PAIRS[0])

static bool pair_listed(unsigned i, unsigned r)
{
    i = i == 0 ? 0x10 : i;
    r = r == 0 ? 0x10 : r;
    for (unsigned p = 0; p < NPAIRS; p++)
        if (PAIRS[p][0] == i && PAIRS[p][1] == r)
            return true;
    return false;
}

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Element i of a 1024-byte register at `bits` per element, little-endian;
 * FP4 element i in the low (even i) or high (odd i) nibble of byte i/2. */
static uint32_t el_get(const uint8_t *p, unsigned bits, unsigned i)
{
    if (bits == 4)
        return (p[i / 2] >> (i % 2 ? 4 : 0)) & 0xF;
    uint32_t v = 0;
    for (unsigned k = 0; k < bits / 8; k++)
        v |= (uint32_t)p[i * bits / 8 + k] << (8 * k);
    return v;
}

static void el_set(uint8_t *p, unsigned bits, unsigned i, uint32_t v)
{
    if (bits == 4) {
        unsigned sh = i % 2 ? 4 : 0;
        p[i / 2] = (uint8_t)((p[i / 2] & ~(0xF << sh)) | ((v & 0xF) << sh));
        return;
    }
    for (unsigned k = 0; k < bits / 8; k++)
        p[i * bits / 8 + k] = (uint8_t)(v >> (8 * k));
}

static int64_t int_val(const rfmt *f, uint32_t v)
{
    if (f->bits == 8)
        return (int8_t)v;
    if (f->bits == 16)
        return (int16_t)v;
    return (int32_t)v;
}

/* Value of a float element (exact in float); FP8/FP4 subnormals flush to
 * signed zero unless `sub`. */
static float ref_decode(const rfmt *f, uint32_t bits, bool sub)
{
    if (f->code == 0x48)
        return bitsf(bits);
    uint32_t b = f->code == 0x49 ? bits >> 13 : bits;
    unsigned m = f->mbits, emask = (1u << f->ebits) - 1, mmask = (1u << m) - 1;
    bool s = (b >> (f->ebits + m)) & 1;
    unsigned E = (b >> m) & emask, M = b & mmask;
    double v;
    if (f->kind == K_IEEE && E == emask)
        return M ? NAN : (s ? -INFINITY : INFINITY);
    if (f->kind == K_FN && E == emask && M == mmask)
        return NAN;
    if (E == 0)
        v = (f->flushable && !sub) ? 0.0 : ldexp(M, 1 - f->bias - (int)m);
    else
        v = ldexp(M + (1u << m), (int)E - f->bias - (int)m);
    return (float)(s ? -v : v);
}

/* Round a float to format f under AME RND (0 RNE, 1 RUP, 2 RDN, 3 RTZ);
 * FP8 overflow is non-saturating (E4M3 NaN, E5M2 Inf); IEEE overflow follows
 * IEEE 754 7.4; FP8 results that are subnormal after rounding flush unless
 * `sub`. Sets *nx on any inexact result. */
static uint32_t ref_encode(const rfmt *f, float x, unsigned rndm, bool sub, bool *nx)
{
    if (f->code == 0x48)
        return isnan(x) ? 0x7FC00000u : fbits(x);
    unsigned m = f->mbits, sp = f->ebits + m, emask = (1u << f->ebits) - 1,
             mmask = (1u << m) - 1, shift = f->code == 0x49 ? 13 : 0;
    uint32_t qnan = f->kind == K_FN ? (emask << m) | mmask : (emask << m) | (1u << (m - 1));
    if (isnan(x))
        return qnan << shift;
    bool s = signbit(x) != 0;
    uint32_t sbit = (uint32_t)s << sp;
    double maxv = f->kind == K_FN ? ldexp((1u << m) + mmask - 1, (int)emask - f->bias - (int)m)
                                  : ldexp((1u << (m + 1)) - 1, (int)emask - 1 - f->bias - (int)m);
    uint32_t maxbits = f->kind == K_FN ? (emask << m) | (mmask - 1) : ((emask - 1) << m) | mmask;
    if (isinf(x))
        return (f->kind == K_FN ? qnan : sbit | (emask << m)) << shift;
    double a = fabs((double)x);
    if (a == 0)
        return sbit << shift;
    int emin = 1 - f->bias, e;
    frexp(a, &e);
    e -= 1; /* a = 1.xxx * 2^e */
    int qe = (e > emin ? e : emin) - (int)m;
    double q = ldexp(a, -qe), n = floor(q), fr = q - n;
    bool up = false;
    switch (rndm) {
    case 0: up = fr > 0.5 || (fr == 0.5 && fmod(n, 2.0) == 1.0); break;
    case 1: up = !s && fr > 0; break;
    case 2: up = s && fr > 0; break;
    default: up = false; break;
    }
    if (fr != 0)
        *nx = true;
    double v = ldexp(n + (up ? 1 : 0), qe);
    if (v > maxv) {
        *nx = true;
        if (f->flushable) /* FP8, non-saturating */
            return (f->kind == K_FN ? qnan : sbit | (emask << m)) << shift;
        bool to_max = rndm == 3 || (rndm == 2 && !s) || (rndm == 1 && s);
        return (to_max ? sbit | maxbits : sbit | (emask << m)) << shift;
    }
    if (v == 0)
        return sbit << shift;
    if (v < ldexp(1, emin)) {
        if (f->flushable && !sub) {
            *nx = true;
            return sbit << shift;
        }
        return (sbit | (uint32_t)ldexp(v, -(emin - (int)m))) << shift;
    }
    frexp(v, &e);
    e -= 1;
    uint32_t M = (uint32_t)(ldexp(v, -(e - (int)m)) - (1u << m));
    return (sbit | ((uint32_t)(e + f->bias) << m) | M) << shift;
}

/* fmaf under a rounding mode. The volatile operands pin the call between
 * the two fesetround calls whatever the optimiser does. */
static __attribute__((noinline)) float fma_rm(float a, float b, float c, unsigned rndm)
{
    static const int modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
    volatile float va = a, vb = b, vc = c;
    fesetround(modes[rndm]);
    volatile float vr = fmaf(va, vb, vc);
    fesetround(FE_TONEAREST);
    return vr;
}

/* Was fma(a, b, c) -> r inexact? The product of two floats is exact in
 * double, and TwoSum (in the default RNE mode) gives p + c exactly. */
static bool fma_inexact(float a, float b, float c, float r)
{
    if (!isfinite(a) || !isfinite(b) || !isfinite(c))
        return false;
    if (!isfinite(r))
        return true; /* overflow */
    double p = (double)a * (double)b;
    volatile double s = p + (double)c;
    double bb = s - p;
    double err = (p - (s - bb)) + ((double)c - bb);
    return (double)r != s || err != 0;
}

/* ------------------------------------------------------------------ */
/* Reference mmacc over a copy of the register file. */

typedef struct {
    uint8_t r[32][1024];
    uint8_t tag[32];
} regfile;

typedef struct {
    const rfmt *I, *R;
    unsigned btr, m, k, n, rnd;
    bool sat, sub;
} refcfg;

static void ref_subop(regfile *rf, unsigned c, unsigned a, unsigned b, const refcfg *g, bool *nx,
                      bool *sat_hit)
{
    const rfmt *I = g->I, *R = g->R;
    uint32_t A[256], B[256], C[256];
    for (unsigned e = 0; e < 256; e++) {
        A[e] = el_get(rf->r[a], I->bits, e);
        B[e] = el_get(rf->r[b], I->bits, e);
        C[e] = el_get(rf->r[c], R->bits, e);
    }
    for (unsigned i = 0; i < g->m && g->k > 0; i++)
        for (unsigned j = 0; j < g->n; j++) {
            unsigned o = 16 * i + j;
            if (R->kind == K_INT) {
                int64_t acc = int_val(R, C[o]);
                for (unsigned kk = 0; kk < g->k; kk++) {
                    uint32_t av = (g->btr & 2) ? A[16 * kk + i] : A[16 * i + kk];
                    uint32_t bv = (g->btr & 1) ? B[16 * j + kk] : B[16 * kk + j];
                    acc += int_val(I, av) * int_val(I, bv);
                }
                int64_t lo = -((int64_t)1 << (R->bits - 1)), hi = ((int64_t)1 << (R->bits - 1)) - 1;
                bool wrap = !g->sat && R->bits == I->bits;
                if (!wrap && (acc < lo || acc > hi)) {
                    acc = acc < lo ? lo : hi;
                    *sat_hit = true;
                }
                C[o] = (uint32_t)acc & (R->bits == 32 ? 0xFFFFFFFFu : ((1u << R->bits) - 1));
            } else {
                float acc = ref_decode(R, C[o], g->sub);
                for (unsigned kk = 0; kk < g->k; kk++) {
                    uint32_t av = (g->btr & 2) ? A[16 * kk + i] : A[16 * i + kk];
                    uint32_t bv = (g->btr & 1) ? B[16 * j + kk] : B[16 * kk + j];
                    float x = ref_decode(I, av, g->sub), y = ref_decode(I, bv, g->sub);
                    float r = fma_rm(x, y, acc, g->rnd);
                    if (fma_inexact(x, y, acc, r))
                        *nx = true;
                    acc = r;
                }
                C[o] = ref_encode(R, acc, g->rnd, g->sub, nx);
            }
        }
    memset(rf->r[c], 0, 1024);
    for (unsigned e = 0; e < 256; e++)
        el_set(rf->r[c], R->bits, e, C[e]);
    rf->tag[c] = (uint8_t)R->tag;
}

enum { M1X1, M2X2, M1X4, M4X1, M4X4 };

/* (a, b, c) per sub-operation, in order (docs/isa.md table). */
static const unsigned OPS_1X1[][3] = {{0, 0, 0}};
static const unsigned OPS_2X2[][3] = {{0, 0, 0}, {0, 1, 1}, {1, 0, 2}, {1, 1, 3}};
static const unsigned OPS_1X4[][3] = {{0, 0, 0}, {0, 1, 1}, {0, 2, 2}, {0, 3, 3}};
static const unsigned OPS_4X1[][3] = {{0, 0, 0}, {1, 0, 1}, {2, 0, 2}, {3, 0, 3}};
static const unsigned OPS_4X4[][3] = {
    {0, 0, 0},  {0, 1, 1},  {0, 2, 2},  {0, 3, 3},  {1, 0, 4},  {1, 1, 5},
    {1, 2, 6},  {1, 3, 7},  {2, 0, 8},  {2, 1, 9},  {2, 2, 10}, {2, 3, 11},
    {3, 0, 12}, {3, 1, 13}, {3, 2, 14}, {3, 3, 15}};

static unsigned mode_ops(unsigned mode, const unsigned (**ops)[3])
{
    switch (mode) {
    case M1X1: *ops = OPS_1X1; return 1;
    case M2X2: *ops = OPS_2X2; return 4;
    case M1X4: *ops = OPS_1X4; return 4;
    case M4X1: *ops = OPS_4X1; return 4;
    default: *ops = OPS_4X4; return 16;
    }
}

static void ref_mmacc(regfile *rf, unsigned mode, unsigned c, unsigned a, unsigned b,
                      const refcfg *g, bool *nx, bool *sat_hit, uint32_t *written)
{
    const unsigned(*ops)[3];
    unsigned n = mode_ops(mode, &ops);
    for (unsigned s = 0; s < n; s++) {
        ref_subop(rf, c + ops[s][2], a + ops[s][0], b + ops[s][1], g, nx, sat_hit);
        *written |= 1u << (c + ops[s][2]);
    }
}

/* ------------------------------------------------------------------ */
/* Driving the model. */

static uint32_t mxcfg(unsigned ifmt, unsigned rfmt_, unsigned rndm, bool sat)
{
    return ifmt | (rfmt_ << 8) | (rndm << 16) | (sat ? 1u << 19 : 0);
}

static uint32_t mxtile(unsigned tiling, bool guard)
{
    return 16u | (16u << 8) | (tiling << 16) | (guard ? 1u << 18 : 0);
}

static uint32_t mmacc_insn(unsigned c, unsigned a, unsigned b, unsigned btr)
{
    return enc_r(OP, 0, btr, c, a, b);
}

/* A random element pattern: moderate exponents for the wide float formats
 * (so products neither all overflow nor all vanish), any pattern for
 * FP8/FP4 and integers. Specials (zero, subnormal, Inf, NaN) appear, but
 * rarely enough that most 16-term sums stay finite. */
static bool is_special(const rfmt *f, uint32_t b)
{
    if (f->kind == K_INT || f->kind == K_NONE)
        return false;
    float v = ref_decode(f, b, true);
    return !isfinite(v);
}

static uint32_t rand_elem(rng *r, const rfmt *f)
{
    uint32_t x = rnd(r);
    if (f->kind == K_INT)
        return f->bits == 32 ? x : x & ((1u << f->bits) - 1);
    if (f->bits <= 8) {
        /* mostly magnitudes below 2 (top exponent bit clear), so FP8 sums
         * of 16 products do not all overflow an FP8 result */
        uint32_t top = 1u << (f->bits - 2);
        uint32_t b = x & ((1u << f->bits) - 1);
        while (is_special(f, b) && rnd(r) % 32 != 0)
            b = rnd(r) & ((1u << f->bits) - 1);
        return (x >> 24) % 4 ? b & ~top : b;
    }
    unsigned m = f->mbits, sp = f->ebits + m, emask = (1u << f->ebits) - 1;
    uint32_t s = (x >> 31) & 1, M = rnd(r) & ((1u << m) - 1), E;
    switch (x % 512) {
    case 0: E = 0, M = 0; break;                  /* zero */
    case 1: case 2: case 3: E = 0; break;         /* subnormal */
    case 4: E = emask, M = 0; break;              /* Inf */
    case 5: E = emask, M |= 1u << (m - 1); break; /* NaN */
    default: E = (uint32_t)(f->bias + (int)((x >> 8) % 13) - 6); break;
    }
    uint32_t b = (s << sp) | (E << m) | M;
    return f->code == 0x49 ? b << 13 : b;
}

static void rand_tile(rng *r, mosaic_tu *tu, unsigned reg, const rfmt *f)
{
    for (unsigned e = 0; e < 256; e++)
        mosaic_tile_set(tu, reg, (mosaic_fmt)f->tag, e, rand_elem(r, f));
}

static void snapshot(const mosaic_tu *tu, regfile *rf)
{
    memcpy(rf->r, tu->treg, sizeof rf->r);
    memcpy(rf->tag, tu->tag, sizeof rf->tag);
}

/* Runs mmacc on the model and the reference; compares registers, tags,
 * flags and the written set. Returns the number of mismatching registers. */
static unsigned run_and_compare(check_ctx *c, mosaic_tu *tu, unsigned mode, unsigned rc,
                                unsigned ra, unsigned rb, const refcfg *g, const char *what)
{
    regfile rf;
    snapshot(tu, &rf);
    bool nx = false, sat = false;
    uint32_t written = 0;
    ref_mmacc(&rf, mode, rc, ra, rb, g, &nx, &sat, &written);
    tu->mxstatus &= ~(MOSAIC_MX_INEXACT | MOSAIC_MX_SAT_HIT);
    tu->mcsr &= ~MOSAIC_MCSR_MSAT;
    mosaic_tu_result res = mosaic_tu_exec(tu, NULL, mmacc_insn(rc, ra, rb, g->btr), 0, 0, 0);
    CHECK(c, !res.trap, "%s: trapped", what);
    unsigned bad = 0;
    for (unsigned t = 0; t < 32; t++) {
        if (memcmp(rf.r[t], tu->treg[t], 1024) != 0) {
            if (bad == 0) {
                for (unsigned e = 0; e < 256; e++) {
                    uint32_t want = el_get(rf.r[t], g->R->bits, e);
                    uint32_t got = el_get(tu->treg[t], g->R->bits, e);
                    if (want != got) {
                        CHECK(c, 0, "%s: t%u elem (%u,%u): got 0x%x want 0x%x", what, t, e / 16,
                              e % 16, got, want);
                        break;
                    }
                }
            }
            bad++;
        }
    }
    CHECK(c, bad == 0, "%s: %u registers differ", what, bad);
    CHECK(c, memcmp(rf.tag, tu->tag, 32) == 0, "%s: tags", what);
    CHECK_EQ_U32(c, res.treg_written, written, what);
    CHECK(c, ((tu->mxstatus & MOSAIC_MX_INEXACT) != 0) == nx, "%s: inexact %d", what, nx);
    CHECK(c, ((tu->mxstatus & MOSAIC_MX_SAT_HIT) != 0) == sat, "%s: sat_hit %d", what, sat);
    CHECK(c, ((tu->mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "%s: msat %d", what, sat);
    return bad;
}

static void setup(mosaic_tu *tu, rng *r)
{
    mosaic_tu_reset(tu, NULL);
    for (unsigned t = 0; t < 32; t++)
        for (unsigned i = 0; i < 1024; i++)
            tu->treg[t][i] = (uint8_t)rnd(r);
}

/* ------------------------------------------------------------------ */
/* Cases */

static void t_pairs_vs_reference(check_ctx *c)
{
    rng r = {201};
    mosaic_tu tu;
    setup(&tu, &r);
    for (unsigned p = 0; p < NPAIRS; p++)
        for (unsigned trial = 0; trial < 16; trial++) {
            refcfg g = {.I = fmt_of(PAIRS[p][0]), .R = fmt_of(PAIRS[p][1]), .btr = trial % 4,
                        .m = 16, .k = 16, .n = 16, .rnd = (trial / 4) % 4,
                        .sat = (trial & 1) != 0, .sub = (trial % 3) == 0};
            unsigned ra = rnd(&r) % 32, rb = rnd(&r) % 32, rc = rnd(&r) % 32;
            rand_tile(&r, &tu, ra, g.I);
            rand_tile(&r, &tu, rb, g.I);
            rand_tile(&r, &tu, rc, g.R);
            tu.mxcfg = mxcfg(PAIRS[p][0], PAIRS[p][1], g.rnd, g.sat);
            tu.mxtile = mxtile(0, false);
            tu.mcsr = g.sub ? MOSAIC_MCSR_MFP8SUB : 0;
            if (trial == 5)
                tu.mcsr |= MOSAIC_MCSR_MFP8SAT | (7u << MOSAIC_MCSR_MFRM_SHIFT); /* ignored */
            char what[96];
            snprintf(what, sizeof what, "%s->%s btr %u rnd %u sat %d sub %d", g.I->name,
                     g.R->name, g.btr, g.rnd, g.sat, g.sub);
            run_and_compare(c, &tu, M1X1, rc, ra, rb, &g, what);
        }
}

/* Each tiling mode's (a, b -> c) mapping, with distinct tiles everywhere. */
static void t_tiling_modes(check_ctx *c)
{
    rng r = {202};
    mosaic_tu tu;
    static const struct {
        unsigned tiling, mode;
        const char *name;
    } modes[] = {{0, M1X1, "1x1"}, {1, M2X2, "2x2"}, {2, M1X4, "1x4"}, {3, M4X1, "4x1"}};
    for (unsigned i = 0; i < 4; i++)
        for (unsigned trial = 0; trial < 6; trial++) {
            setup(&tu, &r);
            unsigned ifc = trial % 2 ? 0x10 : 0x29, rfc = trial % 2 ? 0x40 : 0x48;
            refcfg g = {.I = fmt_of(ifc), .R = fmt_of(rfc), .btr = trial % 4, .m = 16,
                        .k = 16, .n = 16, .rnd = 0, .sat = false, .sub = false};
            for (unsigned t = 0; t < 32; t++)
                rand_tile(&r, &tu, t, t >= 20 ? g.R : g.I);
            tu.mxcfg = mxcfg(ifc, rfc, 0, false);
            tu.mxtile = mxtile(modes[i].tiling, false);
            char what[64];
            snprintf(what, sizeof what, "%s %s", modes[i].name, g.R->name);
            run_and_compare(c, &tu, modes[i].mode, 20, 4, 12, &g, what);
            CHECK_EQ_U32(c, tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK, 0, "no fallback");
        }
    /* the mapping spelled out for 2x2: C2 = A1 x B0 (integers, by hand) */
    setup(&tu, &r);
    for (unsigned t = 0; t < 8; t++) {
        memset(tu.treg[t], 0, 1024);
        for (unsigned e = 0; e < 256; e++)
            tu.treg[t][e] = e % 17 == 0 ? (uint8_t)(t + 1) : 0; /* (t+1)·I */
    }
    tu.mxcfg = mxcfg(0x10, 0x40, 0, false);
    tu.mxtile = mxtile(1, false);
    for (unsigned t = 8; t < 12; t++)
        memset(tu.treg[t], 0, 1024);
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, mmacc_insn(8, 0, 2, 0), 0, 0, 0);
    CHECK(c, !res.trap, "2x2 by hand");
    /* A0 = 1·I, A1 = 2·I, B0 = 3·I, B1 = 4·I: C0 = 3I, C1 = 4I, C2 = 6I, C3 = 8I */
    static const int32_t diag[4] = {3, 4, 6, 8};
    for (unsigned t = 0; t < 4; t++)
        CHECK_EQ_U32(c, mosaic_tile_get(&tu, 8 + t, MOSAIC_FMT_INT32, 17 * 5), diag[t],
                     "2x2 C diagonal");
}

static void t_guard_4x4_pass(check_ctx *c)
{
    rng r = {203};
    mosaic_tu tu;
    static const unsigned pairs[][2] = {{0x10, 0x10}, {0x10, 0x20}, {0x11, 0x28}, {0x12, 0x28},
                                        {0x28, 0x28}, {0x29, 0x29}, {0x20, 0x20}};
    for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        setup(&tu, &r);
        refcfg g = {.I = fmt_of(pairs[p][0]), .R = fmt_of(pairs[p][1]), .btr = p % 4, .m = 16,
                    .k = 16, .n = 16, .rnd = 0, .sat = true, .sub = false};
        for (unsigned t = 0; t < 8; t++)
            rand_tile(&r, &tu, t, g.I);
        for (unsigned t = 16; t < 32; t++)
            rand_tile(&r, &tu, t, g.R);
        tu.mxcfg = mxcfg(pairs[p][0], pairs[p][1], 0, true);
        /* TILING says 1x4: the guard decides, 4x4 when it passes */
        tu.mxtile = mxtile(p % 2 ? 2 : 1, true);
        char what[64];
        snprintf(what, sizeof what, "4x4 %s->%s", g.I->name, g.R->name);
        run_and_compare(c, &tu, M4X4, 16, 0, 4, &g, what);
        CHECK_EQ_U32(c, tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK, 0, "guard passed: no flag");
    }
}

static void t_guard_fallback(check_ctx *c)
{
    rng r = {204};
    mosaic_tu tu;
    static const unsigned pairs[][2] = {{0x29, 0x48}, {0x28, 0x48}, {0x10, 0x40}, {0x20, 0x40},
                                        {0x48, 0x48}, {0x49, 0x49}, {0x29, 0x49}};
    for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        setup(&tu, &r);
        refcfg g = {.I = fmt_of(pairs[p][0]), .R = fmt_of(pairs[p][1]), .btr = 1, .m = 16,
                    .k = 16, .n = 16, .rnd = 0, .sat = false, .sub = false};
        for (unsigned t = 0; t < 8; t++)
            rand_tile(&r, &tu, t, g.I);
        for (unsigned t = 16; t < 32; t++)
            rand_tile(&r, &tu, t, g.R);
        tu.mxcfg = mxcfg(pairs[p][0], pairs[p][1], 0, false);
        tu.mxtile = mxtile(3, true); /* TILING 4x1, but a failed guard means 2x2 */
        char what[64];
        snprintf(what, sizeof what, "fallback %s->%s", g.I->name, g.R->name);
        run_and_compare(c, &tu, M2X2, 28, 0, 4, &g, what);
        CHECK(c, tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK, "%s: guard_fallback set", what);
        /* sticky: a later op without the guard leaves it set */
        tu.mxtile = mxtile(0, false);
        mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, mmacc_insn(16, 0, 4, 0), 0, 0, 0);
        CHECK(c, !res.trap && (tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK), "%s: sticky", what);
    }
    /* fallback needs C..C+3 only, so C = 28 is legal; C = 29 is badgeom and
     * then guard_fallback is not set */
    setup(&tu, &r);
    tu.mxcfg = mxcfg(0x29, 0x48, 0, false);
    tu.mxtile = mxtile(1, true);
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, mmacc_insn(29, 0, 4, 0), 0, 0, 0);
    CHECK(c, res.trap && tu.mxstatus == MOSAIC_MX_BADGEOM, "fallback past tr31: badgeom only");
}

/* AME section 7 examples 1-4. */
static void t_section7_examples(check_ctx *c)
{
    rng r = {205};
    mosaic_tu tu, before;
    setup(&tu, &r);
    /* 1) INT8 x INT8 -> INT16, SAT=1. The example's mxtile value uses
     * section 7's layout; under Mosaic's (section 6) layout it reads
     * K = 6, M = 17: bad geometry. */
    tu.mxcfg = (0x10) | (0x20 << 8) | (0 << 16) | (1 << 19);
    tu.mxtile = (2 << 0) | (1 << 2) | (16 << 4) | (16 << 8);
    memcpy(&before, &tu, sizeof tu);
    uint32_t insn = mmacc_insn(16, 0, 4, 1); /* MMACC.T: C = A x B^T */
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, insn, 0, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && res.tval == insn,
          "ex1 literal mxtile traps");
    before.mxstatus |= MOSAIC_MX_BADGEOM;
    before.ts = MOSAIC_TS_DIRTY; /* R8: a status write marks the context Dirty */
    CHECK(c, memcmp(&before, &tu, sizeof tu) == 0, "ex1 literal: only badgeom and TS change");
    tu.mxstatus = 0;
    /* the same intent in section 6 layout: 2x2 + GUARD4x4; INT16 results
     * pass the guard, so 4x4 runs */
    tu.mxtile = mxtile(1, true);
    refcfg g = {.I = fmt_of(0x10), .R = fmt_of(0x20), .btr = 1, .m = 16, .k = 16, .n = 16,
                .rnd = 0, .sat = true, .sub = false};
    for (unsigned t = 0; t < 8; t++)
        rand_tile(&r, &tu, t, g.I);
    run_and_compare(c, &tu, M4X4, 16, 0, 4, &g, "ex1 int8->int16 4x4");
    CHECK_EQ_U32(c, tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK, 0, "ex1 no fallback");

    /* 2) INT8 -> INT8, SAT=0: wraps; mxtile carried over (4x4) */
    tu.mxcfg = (0x10) | (0x10 << 8);
    g.R = fmt_of(0x10);
    g.sat = false;
    for (unsigned t = 0; t < 8; t++)
        memset(tu.treg[t], 100, 256); /* every product 10000: sums wrap */
    run_and_compare(c, &tu, M4X4, 16, 0, 4, &g, "ex2 int8->int8 wrap");
    CHECK(c, !(tu.mxstatus & MOSAIC_MX_SAT_HIT), "ex2 wrap is not saturation");

    /* 3) E4M3 -> FP16, RNE */
    tu.mxcfg = (0x11) | (0x28 << 8) | (0 << 16);
    g.I = fmt_of(0x11);
    g.R = fmt_of(0x28);
    for (unsigned t = 0; t < 8; t++)
        rand_tile(&r, &tu, t, g.I);
    for (unsigned t = 16; t < 32; t++)
        rand_tile(&r, &tu, t, g.R);
    run_and_compare(c, &tu, M4X4, 16, 0, 4, &g, "ex3 e4m3->fp16 4x4");

    /* 4) INT8 -> INT32 (implemented in Mosaic): the guard fails on 32-bit
     * results, 2x2 runs and guard_fallback is set */
    tu.mxcfg = (0x10) | (0x40 << 8);
    g.I = fmt_of(0x10);
    g.R = fmt_of(0x40);
    run_and_compare(c, &tu, M2X2, 16, 0, 4, &g, "ex4 int8->int32 fallback");
    CHECK(c, tu.mxstatus & MOSAIC_MX_GUARD_FALLBACK, "ex4 guard_fallback");
}

/* Everything that is badgeom: only mxstatus.badgeom changes. */
static void expect_badgeom(check_ctx *c, mosaic_tu *tu, uint32_t insn, const char *what)
{
    mosaic_tu before;
    tu->mxstatus = 0;
    memcpy(&before, tu, sizeof before);
    mosaic_tu_result res = mosaic_tu_exec(tu, NULL, insn, 0, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && res.tval == insn, "%s: illegal",
          what);
    CHECK(c, res.treg_written == 0, "%s: no register written", what);
    before.mxstatus = MOSAIC_MX_BADGEOM;
    CHECK(c, memcmp(&before, tu, sizeof before) == 0, "%s: only badgeom changes", what);
}

static void t_badgeom(check_ctx *c)
{
    rng r = {206};
    mosaic_tu tu;
    setup(&tu, &r);
    uint32_t insn = mmacc_insn(0, 8, 16, 0);
    /* every IFmt x RFmt code: implemented pairs run, all others trap */
    tu.mxtile = mxtile(0, false);
    unsigned ran = 0, trapped = 0, wrong = 0;
    for (unsigned i = 0; i < 256; i++)
        for (unsigned o = 0; o < 256; o++) {
            tu.mxcfg = mxcfg(i, o, 0, false);
            tu.mxstatus = 0;
            mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, insn, 0, 0, 0);
            bool want_ok = fmt_of(i) && fmt_of(o) && pair_listed(i, o);
            if (res.trap != !want_ok || (res.trap && tu.mxstatus != MOSAIC_MX_BADGEOM)) {
                if (wrong++ < 5)
                    CHECK(c, 0, "IFmt 0x%02x RFmt 0x%02x: trap %d", i, o, res.trap);
            }
            ran += !res.trap;
            trapped += res.trap;
        }
    CHECK(c, wrong == 0, "%u pairs decided wrongly", wrong);
    /* + (0x00, 0x10/0x20/0x40/0x00) and (0x10, 0x00) */
    CHECK(c, ran == NPAIRS + 5, "ran %u (20 pairs + 5 spelled with code 0x00)", ran);
    (void)trapped;

    tu.mxcfg = mxcfg(0x29, 0x48, 0, false);
    static const struct {
        unsigned k, m;
    } geo[] = {{16, 15}, {16, 32}, {8, 16}, {4, 16}, {0, 16}, {16, 0}, {32, 16}};
    for (unsigned i = 0; i < sizeof geo / sizeof geo[0]; i++) {
        tu.mxtile = geo[i].k | (geo[i].m << 8);
        char what[32];
        snprintf(what, sizeof what, "K=%u M=%u", geo[i].k, geo[i].m);
        expect_badgeom(c, &tu, insn, what);
    }
    tu.mxtile = mxtile(0, false);
    for (unsigned rr = 4; rr < 8; rr++) {
        tu.mxcfg = mxcfg(0x29, 0x48, rr, false);
        expect_badgeom(c, &tu, insn, "RND reserved");
    }
    /* register ranges past tr31 per mode */
    tu.mxcfg = mxcfg(0x10, 0x10, 0, false);
    static const struct {
        unsigned tiling;
        bool guard;
        unsigned rc, ra, rb;
        bool ok;
        const char *what;
    } idx[] = {
        {1, false, 28, 30, 30, true, "2x2 at the top"},
        {1, false, 29, 0, 0, false, "2x2 C+3 = 32"},
        {1, false, 0, 31, 0, false, "2x2 A+1 = 32"},
        {1, false, 0, 0, 31, false, "2x2 B+1 = 32"},
        {2, false, 28, 31, 28, true, "1x4 at the top"},
        {2, false, 0, 0, 29, false, "1x4 B+3 = 32"},
        {3, false, 28, 28, 31, true, "4x1 at the top"},
        {3, false, 0, 29, 0, false, "4x1 A+3 = 32"},
        {0, false, 31, 31, 31, true, "1x1 tr31"},
        {0, true, 16, 28, 28, true, "4x4 at the top"},
        {0, true, 17, 0, 0, false, "4x4 C+15 = 32"},
        {0, true, 0, 29, 0, false, "4x4 A+3 = 32"},
    };
    for (unsigned i = 0; i < sizeof idx / sizeof idx[0]; i++) {
        tu.mxtile = mxtile(idx[i].tiling, idx[i].guard);
        uint32_t in2 = mmacc_insn(idx[i].rc, idx[i].ra, idx[i].rb, 0);
        if (idx[i].ok) {
            tu.mxstatus = 0;
            mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, in2, 0, 0, 0);
            CHECK(c, !res.trap, "%s", idx[i].what);
        } else {
            expect_badgeom(c, &tu, in2, idx[i].what);
        }
    }
    /* plain encoding errors are illegal without badgeom */
    tu.mxstatus = 0;
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 0, 4, 0, 1, 2), 0, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && tu.mxstatus == 0,
          "funct7 00001xx: illegal, no badgeom");
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 4, 0, 0, 1, 2), 0, 0, 0);
    CHECK(c, res.trap && tu.mxstatus == 0, "funct3 100 illegal");
    /* TS Off */
    tu.ts = MOSAIC_TS_OFF;
    res = mosaic_tu_exec(&tu, NULL, insn, 0, 0, 0);
    CHECK(c, res.trap && tu.mxstatus == 0, "TS off: illegal, no badgeom");
}

/* SAT: wrap only when SAT = 0 and RFmt has IFmt's width. */
static void t_sat_wrap(check_ctx *c)
{
    rng r = {207};
    mosaic_tu tu;
    static const struct {
        unsigned i, o;
        bool sat, wraps;
    } cases[] = {
        {0x10, 0x10, false, true},  {0x10, 0x10, true, false}, {0x20, 0x20, false, true},
        {0x20, 0x20, true, false},  {0x10, 0x20, false, false}, {0x10, 0x20, true, false},
        {0x20, 0x40, false, false}, {0x10, 0x00, false, true},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (int sign = 0; sign < 2; sign++) {
            setup(&tu, &r);
            const rfmt *I = fmt_of(cases[k].i), *R = fmt_of(cases[k].o);
            /* A = max positive, B = +-max: every sum overflows R */
            for (unsigned e = 0; e < 256; e++) {
                uint32_t mx = (1u << (I->bits - 1)) - 1;
                mosaic_tile_set(&tu, 1, (mosaic_fmt)I->tag, e, mx);
                mosaic_tile_set(&tu, 2, (mosaic_fmt)I->tag, e, sign ? (uint32_t)-(int32_t)mx : mx);
            }
            memset(tu.treg[3], 0, 1024);
            if (R->bits == 32) { /* 16 x 2^30 does not reach INT32 limits from 0 */
                for (unsigned e = 0; e < 256; e++)
                    mosaic_tile_set(&tu, 3, MOSAIC_FMT_INT32, e,
                                    sign ? 0x80000000u + 5 : 0x7FFFFFFFu - 5);
            }
            refcfg g = {.I = I, .R = R, .btr = 0, .m = 16, .k = 16, .n = 16, .rnd = 0,
                        .sat = cases[k].sat, .sub = false};
            tu.mxcfg = mxcfg(cases[k].i, cases[k].o, 0, cases[k].sat);
            tu.mxtile = mxtile(0, false);
            char what[64];
            snprintf(what, sizeof what, "%s->%s SAT=%d %s", I->name, R->name, cases[k].sat,
                     sign ? "neg" : "pos");
            run_and_compare(c, &tu, M1X1, 3, 1, 2, &g, what);
            int64_t lim = sign ? -((int64_t)1 << (R->bits - 1)) : ((int64_t)1 << (R->bits - 1)) - 1;
            int64_t got = R->bits == 8    ? (int8_t)tu.treg[3][0]
                          : R->bits == 16 ? (int16_t)mosaic_tile_get(&tu, 3, MOSAIC_FMT_INT16, 0)
                                          : (int32_t)mosaic_tile_get(&tu, 3, MOSAIC_FMT_INT32, 0);
            CHECK(c, (got == lim) != cases[k].wraps, "%s: got %lld", what, (long long)got);
            CHECK(c, ((tu.mxstatus & MOSAIC_MX_SAT_HIT) != 0) == !cases[k].wraps,
                  "%s: sat_hit", what);
        }
}

static void t_inexact_and_rnd(check_ctx *c)
{
    rng r = {208};
    mosaic_tu tu;
    setup(&tu, &r);
    tu.mxtile = mxtile(0, false);
    /* exact: small integers in FP32 */
    for (unsigned e = 0; e < 256; e++) {
        mosaic_tile_set(&tu, 1, MOSAIC_FMT_FP32, e, fbits((float)(e % 7) - 3));
        mosaic_tile_set(&tu, 2, MOSAIC_FMT_FP32, e, fbits((float)(e % 5) - 2));
        mosaic_tile_set(&tu, 3, MOSAIC_FMT_FP32, e, fbits(1.0f));
    }
    tu.mxcfg = mxcfg(0x48, 0x48, 0, false);
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
    CHECK(c, !res.trap && !(tu.mxstatus & MOSAIC_MX_INEXACT), "exact: no inexact");
    /* 1 + 2^-30 is not an FP32: inexact, and the four modes differ */
    float one = 1.0f, tiny = ldexpf(1.0f, -30);
    static const float want_rel[4] = {0, 1, 0, 0}; /* ulps above 1 for RNE RUP RDN RTZ */
    for (unsigned rm = 0; rm < 4; rm++) {
        for (int sign = 0; sign < 2; sign++) {
            memset(tu.treg[1], 0, 1024);
            memset(tu.treg[2], 0, 1024);
            memset(tu.treg[3], 0, 1024);
            mosaic_tile_set(&tu, 1, MOSAIC_FMT_FP32, 0, fbits(sign ? -tiny : tiny));
            mosaic_tile_set(&tu, 2, MOSAIC_FMT_FP32, 0, fbits(1.0f));
            mosaic_tile_set(&tu, 3, MOSAIC_FMT_FP32, 0, fbits(sign ? -one : one));
            tu.mxstatus = 0;
            tu.mxcfg = mxcfg(0x48, 0x48, rm, false);
            res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
            /* magnitude rounds up for RUP on +, RDN on - */
            float ulps = sign ? (rm == 2 ? 1.0f : 0.0f) : want_rel[rm];
            float want = (sign ? -1.0f : 1.0f) * (1.0f + ulps * ldexpf(1.0f, -23));
            CHECK_EQ_U32(c, mosaic_tile_get(&tu, 3, MOSAIC_FMT_FP32, 0), fbits(want), "RND result");
            CHECK(c, tu.mxstatus & MOSAIC_MX_INEXACT, "RND %u: inexact", rm);
        }
    }
    /* inexact from the final conversion only: FP32 acc 1+2^-12 to BF16 */
    memset(tu.treg[1], 0, 1024);
    memset(tu.treg[2], 0, 1024);
    memset(tu.treg[3], 0, 1024);
    mosaic_tile_set(&tu, 1, MOSAIC_FMT_BF16, 0, 0x3F80);                /* 1 */
    mosaic_tile_set(&tu, 2, MOSAIC_FMT_BF16, 0, 0x3F80);                /* 1 */
    mosaic_tile_set(&tu, 1, MOSAIC_FMT_BF16, 1, 0x3980);                /* 2^-12 */
    mosaic_tile_set(&tu, 2, MOSAIC_FMT_BF16, 16, 0x3F80);               /* B[1][0] = 1 */
    tu.mxstatus = 0;
    tu.mxcfg = mxcfg(0x29, 0x29, 0, false);
    res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
    CHECK_EQ_U32(c, mosaic_tile_get(&tu, 3, MOSAIC_FMT_BF16, 0), 0x3F80, "1+2^-12 -> BF16 1");
    CHECK(c, tu.mxstatus & MOSAIC_MX_INEXACT, "conversion inexact");
    /* FP8 results never saturate, whatever mcsr.mfp8sat says */
    memset(tu.treg[1], 0, 1024);
    memset(tu.treg[2], 0, 1024);
    memset(tu.treg[3], 0, 1024);
    tu.treg[1][0] = 0x7E; /* E4M3 448 */
    tu.treg[2][0] = 0x40; /* E4M3 2 */
    tu.mcsr = MOSAIC_MCSR_MFP8SAT;
    tu.mxcfg = mxcfg(0x11, 0x11, 0, false);
    res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
    CHECK_EQ_U32(c, tu.treg[3][0], 0x7F, "E4M3 overflow -> NaN despite mfp8sat");
    tu.treg[3][0] = 0;
    tu.mxcfg = mxcfg(0x11, 0x12, 0, false);
    res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
    CHECK_EQ_U32(c, tu.treg[3][0], 0x63, "E4M3 896 -> E5M2 exactly (1.75 * 2^9)");
    tu.treg[1][0] = 0x7B; /* E5M2 57344 */
    tu.treg[3][0] = 0;
    tu.mxcfg = mxcfg(0x12, 0x12, 0, false);
    tu.treg[2][0] = 0x40; /* E5M2 2 */
    res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, 0), 0, 0, 0);
    CHECK_EQ_U32(c, tu.treg[3][0], 0x7C, "E5M2 overflow -> +Inf despite mfp8sat");
    CHECK(c, !(tu.mcsr & MOSAIC_MCSR_MSAT), "no saturation recorded");
}

/* bTR by hand: A = row index, B = column index patterns, against a
 * closed form for each mode. */
static void t_btr_by_hand(check_ctx *c)
{
    mosaic_tu tu;
    mosaic_tu_reset(&tu, NULL);
    tu.mxcfg = mxcfg(0x10, 0x40, 0, false);
    tu.mxtile = mxtile(0, false);
    for (unsigned btr = 0; btr < 4; btr++) {
        for (unsigned e = 0; e < 256; e++) {
            tu.treg[1][e] = (uint8_t)(e / 16 + 2 * (e % 16)); /* A[r][c] = r + 2c */
            tu.treg[2][e] = (uint8_t)(3 * (e / 16) + (e % 16)); /* B[r][c] = 3r + c */
        }
        memset(tu.treg[3], 0, 1024);
        mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, mmacc_insn(3, 1, 2, btr), 0, 0, 0);
        CHECK(c, !res.trap, "btr %u", btr);
        unsigned bad = 0;
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 16; j++) {
                int64_t s = 0;
                for (int k = 0; k < 16; k++) {
                    int a = (btr & 2) ? k + 2 * i : i + 2 * k;
                    int b = (btr & 1) ? 3 * j + k : 3 * k + j;
                    s += a * b;
                }
                bad += (int32_t)mosaic_tile_get(&tu, 3, MOSAIC_FMT_INT32, 16 * i + j) != s;
            }
        CHECK(c, bad == 0, "btr %u: %u elements wrong", btr, bad);
    }
}

/* C overlapping A or B: sub-operations run in order on the current
 * register contents. */
static void t_aliasing(check_ctx *c)
{
    rng r = {209};
    mosaic_tu tu;
    for (unsigned trial = 0; trial < 8; trial++) {
        setup(&tu, &r);
        unsigned ifc = trial % 2 ? 0x20 : 0x28;
        refcfg g = {.I = fmt_of(ifc), .R = fmt_of(ifc), .btr = trial % 4, .m = 16, .k = 16,
                    .n = 16, .rnd = 0, .sat = true, .sub = false};
        for (unsigned t = 0; t < 32; t++)
            rand_tile(&r, &tu, t, g.I);
        tu.mxcfg = mxcfg(ifc, ifc, 0, true);
        tu.mxtile = mxtile(1, false);
        unsigned rc = 10, ra = trial < 4 ? 9 : 11, rb = trial < 4 ? 11 : 10;
        run_and_compare(c, &tu, M2X2, rc, ra, rb, &g, "aliased 2x2");
    }
}

static void t_msettile(check_ctx *c)
{
    rng r = {210};
    mosaic_tu tu;
    setup(&tu, &r);
    static const struct {
        unsigned f3;
        uint32_t val;
        uint32_t want;
    } cases[] = {{1, 5, 5}, {2, 100, 16}, {3, 0, 0}, {1, 16, 16}, {2, 0xFFFFFFFFu, 16}, {3, 7, 7}};
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tu.ts = MOSAIC_TS_CLEAN;
        mosaic_tu_result res =
            mosaic_tu_exec(&tu, NULL, enc_r(OP, cases[i].f3, 0, 9, 4, 0), cases[i].val, 0, 0);
        uint32_t *field = cases[i].f3 == 1 ? &tu.mtilem : cases[i].f3 == 2 ? &tu.mtilek : &tu.mtilen;
        CHECK(c, !res.trap && *field == cases[i].want, "msettile f3 %u val %u", cases[i].f3,
              cases[i].val);
        CHECK(c, res.rd_write && res.rd == 9 && res.rd_value == cases[i].want, "rd value");
        CHECK(c, res.csr_written && tu.ts == MOSAIC_TS_DIRTY, "csr written, dirty");
    }
    /* immediate forms */
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, enc_i(OP, 5, 7, 0, 12), 0, 0, 0);
    CHECK(c, !res.trap && tu.mtilem == 12 && res.rd_value == 12, "msettilemi 12");
    res = mosaic_tu_exec(&tu, NULL, enc_i(OP, 6, 7, 0, 4095), 0, 0, 0);
    CHECK(c, !res.trap && tu.mtilek == 16 && res.rd_value == 16, "msettileki 4095 -> 16");
    res = mosaic_tu_exec(&tu, NULL, enc_i(OP, 7, 0, 0, 3), 0, 0, 0);
    CHECK(c, !res.trap && tu.mtilen == 3 && !res.rd_write, "msettileni x0");
    /* encodings */
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0, 9, 4, 1), 5, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "rs2 != 0");
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 2, 1, 9, 4, 0), 5, 0, 0);
    CHECK(c, res.trap, "funct7 != 0");
    res = mosaic_tu_exec(&tu, NULL, enc_i(OP, 5, 7, 1, 3), 0, 0, 0);
    CHECK(c, res.trap, "immediate form with rs1 != 0");
    CHECK(c, tu.mtilem == 12 && tu.mtilek == 16 && tu.mtilen == 3, "traps change nothing");

    /* mmacc on the 12 x 16 x 3 sub-problem, then m = 0 */
    static const unsigned pairs[][2] = {{0x10, 0x20}, {0x28, 0x48}, {0x11, 0x28}};
    for (unsigned p = 0; p < 3; p++) {
        refcfg g = {.I = fmt_of(pairs[p][0]), .R = fmt_of(pairs[p][1]), .btr = p, .m = 12,
                    .k = 16, .n = 3, .rnd = 0, .sat = true, .sub = false};
        for (unsigned t = 0; t < 8; t++)
            rand_tile(&r, &tu, t, t < 4 ? g.I : g.R);
        tu.mxcfg = mxcfg(pairs[p][0], pairs[p][1], 0, true);
        tu.mxtile = mxtile(1, false);
        run_and_compare(c, &tu, M2X2, 4, 0, 2, &g, "12x16x3");
    }
    tu.mtilek = 5;
    refcfg g = {.I = fmt_of(0x29), .R = fmt_of(0x48), .btr = 2, .m = 12, .k = 5, .n = 3,
                .rnd = 2, .sat = false, .sub = false};
    tu.mxcfg = mxcfg(0x29, 0x48, 2, false);
    run_and_compare(c, &tu, M2X2, 4, 0, 2, &g, "k = 5");
    tu.mtilek = 0;
    g.k = 0;
    /* k = 0: no element changes, bytes above the tile are still zeroed */
    rand_tile(&r, &tu, 4, fmt_of(0x28));
    tu.mxcfg = mxcfg(0x11, 0x28, 0, false);
    g.I = fmt_of(0x11);
    g.R = fmt_of(0x28);
    run_and_compare(c, &tu, M2X2, 4, 0, 2, &g, "k = 0");
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, t_pairs_vs_reference);
    RUN(&c, t_tiling_modes);
    RUN(&c, t_guard_4x4_pass);
    RUN(&c, t_guard_fallback);
    RUN(&c, t_section7_examples);
    RUN(&c, t_badgeom);
    RUN(&c, t_sat_wrap);
    RUN(&c, t_inexact_and_rnd);
    RUN(&c, t_btr_by_hand);
    RUN(&c, t_aliasing);
    RUN(&c, t_msettile);
    return check_exit(&c);
}
