/* tact: the FP32 activation algorithms (docs/numerics.md, "tact algorithms").
 *
 * These sequences ARE the specification: the RTL must perform the same FP32
 * operations (every one a correctly rounded RNE mosaic_f32_* operation) on
 * the same operands -- any schedule that preserves the data flow -- and so
 * produce the same bits. Only integer bit manipulation happens between
 * them: sign flips, building 2^k patterns, comparisons of patterns,
 * selects. No host floating point.
 *
 * Structure:
 *   exp_core(a_hi, a_lo) -> p, n with e^(a_hi + a_lo) ~= p * 2^n, p in
 *       [0.70, 1.42]: range reduction + degree-6 polynomial (16 ops).
 *   scale(v, k) = v * 2^k as two multiplies, so that only the second one
 *       rounds (once, also into the subnormal range) and 2^k never needs a
 *       pattern outside the normal range.
 *   exp(x)  = scale(p, n).
 *   silu(x) = x * sigmoid(x), gelu(x) = x * sigmoid(2u): both go through
 *       x_sigmoid(), which evaluates e^(-|t|) so the exponential never
 *       overflows, and for t < 0 keeps the factor 2^n out of the division
 *       so tiny results stay accurate down to the subnormal range.
 *
 * Flags (architecturally invisible for tact, which is a MINA-T instruction,
 * but defined so the RTL and the oracle tests can compare): NX if any
 * operation of the sequence was inexact; UF if NX and the result is
 * subnormal or zero; OF if the result is infinite and x was finite; recip
 * returns exactly the flags of its division. The clamped paths set the
 * same flags directly. A NaN input (quiet or signaling) gives the
 * canonical NaN with no flags.
 */
#include "tu_internal.h"

#include "mosaic_fmt.h"

#define SIGN 0x80000000u
#define ABS 0x7FFFFFFFu
#define QNAN 0x7FC00000u
#define PINF 0x7F800000u
#define ONE 0x3F800000u

/* Range reduction. MAGIC = 1.5 * 2^23: fma(a, LOG2E, MAGIC) lands in
 * [2^23, 2^24), where the FP32 spacing is 1, so its single rounding is
 * exactly n = RNE(a * LOG2E) (the product taken exactly), for |n| < 2^22. */
#define MAGIC 0x4B400000u  /* 12582912.0 */
#define LOG2E 0x3FB8AA3Bu  /* RN(log2 e) = 1.44269502163 */
#define LN2_HI 0x3F317218u /* RN(ln 2) = 0.693147182465 */
#define LN2_LO 0xB102E308u /* RN(ln 2 - LN2_HI) = -1.9046542e-9 */

/* p(r) = 1 + r + c2 r^2 + ... + c6 r^6 ~= e^r on |r| <= 0.34662, relative
 * error 2^-28.25 (sw/golden/oracle/tact_coeffs.py: minimax with c1 = 1,
 * FP32-rounded). Table order: c2 .. c6. */
static const uint32_t EXP_POLY[5] = {
    0x3EFFFFFEu, /* c2 = 0.499999940395 */
    0x3E2AAA49u, /* c3 = 0.16666521132 */
    0x3D2AAC55u, /* c4 = 0.0416682548821 */
    0x3C091CB7u, /* c5 = 0.0083686625585 */
    0x3AB5291Cu, /* c6 = 0.001382145565 */
};

/* exp: above EXP_XMAX e^x rounds to +Inf, below EXP_XMIN to +0 (RNE). */
#define EXP_XMAX 0x42B17217u /* 88.7228317261; e^x < FLT_MAX + ulp/2 */
#define EXP_XMIN 0xC2CFF1B4u /* -103.972076416; next lower has e^x < 2^-150 */

/* gelu: 2u = x * (K2 + A2 x^2), both constants as hi + lo pairs. */
#define K2_HI 0x3FCC422Au /* RN(2 sqrt(2/pi)) = 1.59576916695 */
#define K2_LO 0xB342BC9Bu /* -4.5340681e-8 */
#define A2_HI 0x3D922279u /* RN(2 sqrt(2/pi) 0.044715) = 0.0713548138738 */
#define A2_LO 0x3124D8B5u /* 2.3988325e-9 */
#define GELU_XBIG 0x41800000u /* 16.0: from here on gelu(x) = x or -0 */

/* x_sigmoid: for a = -|t| below -120, e^a is negligible (see x_sigmoid). */
#define SIG_AMIN 0xC2F00000u /* -120.0 */

#define RNE MOSAIC_RM_RNE

static uint32_t add(uint32_t a, uint32_t b, unsigned *fl)
{
    return mosaic_f32_add(a, b, RNE, fl);
}

static uint32_t sub(uint32_t a, uint32_t b, unsigned *fl)
{
    return mosaic_f32_sub(a, b, RNE, fl);
}

static uint32_t mul(uint32_t a, uint32_t b, unsigned *fl)
{
    return mosaic_f32_mul(a, b, RNE, fl);
}

static uint32_t fma3(uint32_t a, uint32_t b, uint32_t c, unsigned *fl)
{
    return mosaic_f32_fma(a, b, c, RNE, fl);
}

static bool is_nan(uint32_t x)
{
    return (x & ABS) > PINF;
}

/* Magnitude comparison of two non-NaN patterns of the same sign. */
static bool mag_gt(uint32_t x, uint32_t lim)
{
    return (x & ABS) > (lim & ABS);
}

/* 2^k for -126 <= k <= 127: a normal number, exponent field k + 127. */
static uint32_t pow2(int32_t k)
{
    return (uint32_t)(k + 127) << 23;
}

/* v * 2^k with a single rounding. k = k1 + k2, k1 = floor(k/2): each factor
 * is a normal power of two for -252 <= k <= 254, and the first product
 * v * 2^k1 is exact as long as it stays normal (callers guarantee it: v is
 * O(1) or exactly representable after scaling, see docs), so the second
 * multiply performs the only rounding -- including a correct rounding into
 * the subnormal range and a correct overflow to Inf. One multiply by a
 * single 2^k would need a subnormal 2^k for k < -126 (n reaches -174) and
 * cannot express 2^128 at all. */
static uint32_t scale(uint32_t v, int32_t k, unsigned *fl)
{
    int32_t k1 = k >= 0 ? k / 2 : -((1 - k) / 2);
    int32_t k2 = k - k1;
    return mul(mul(v, pow2(k1), fl), pow2(k2), fl);
}

/* e^(a_hi + a_lo) ~= p * 2^n. Requires |a_hi| <= 128 and |a_lo| <=
 * ulp(a_hi). 16 FP32 operations:
 *   k  = fma(a_hi, LOG2E, MAGIC)      n = bits(k) - bits(MAGIC) (integer)
 *   m  = MAGIC - k                    (= -n exactly)
 *   r1 = fma(m, LN2_HI, a_hi)         exact: see below
 *   s  = fma(m, LN2_LO, a_lo)         the small rest of the reduced argument
 *   r  = r1 + s
 *   Q  = c6; Q = fma(Q, r, c5) ... fma(Q, r, c2)    (4 fmas)
 *   r2 = r*r
 *   h  = 1 + r1;  z = h - 1;  hl = r1 - z           Fast2Sum: h + hl = 1 + r1
 *   u  = fma(r2, Q, hl + s)
 *   p  = h + u
 * r1 is exact because n * LN2_HI and a_hi are both multiples of
 * min(ulp(a_hi), 2^-25) and |r1| < 1/2 (Cody-Waite with a full-width
 * LN2_HI, which fma permits). The leading 1 + r1 is carried exactly to the
 * last add, so p is rounded essentially once: near 0.5 ulp, against 0.8
 * for Horner's fma(q, r, 1). It also makes exp monotonic: in Horner the
 * rounding steps of q, multiplied by r, can outweigh one ulp step of r and
 * make p fall as x rises (2915 inputs did, near |x| = 1/4); here every
 * rounding before the last add is scaled by r^2 or smaller and stays far
 * below one step of r1. */
static uint32_t exp_core(uint32_t a_hi, uint32_t a_lo, int32_t *n, unsigned *fl)
{
    uint32_t k = fma3(a_hi, LOG2E, MAGIC, fl);
    *n = (int32_t)(k - MAGIC);
    uint32_t m = sub(MAGIC, k, fl);
    uint32_t r1 = fma3(m, LN2_HI, a_hi, fl);
    uint32_t s = fma3(m, LN2_LO, a_lo, fl);
    uint32_t r = add(r1, s, fl);
    uint32_t q = EXP_POLY[4];
    for (int i = 3; i >= 0; i--)
        q = fma3(q, r, EXP_POLY[i], fl);
    uint32_t r2 = mul(r, r, fl);
    uint32_t h = add(ONE, r1, fl);
    uint32_t hl = sub(r1, sub(h, ONE, fl), fl);
    uint32_t u = fma3(r2, q, add(hl, s, fl), fl);
    return add(h, u, fl);
}

/* The flags rule shared by exp, silu and gelu (see the file comment). */
static unsigned result_flags(uint32_t x, uint32_t y, unsigned op_flags)
{
    unsigned f = op_flags & MOSAIC_FLAG_NX;
    if (f && (y & PINF) == 0)
        f |= MOSAIC_FLAG_UF;
    if ((y & ABS) == PINF && (x & ABS) != PINF)
        f |= MOSAIC_FLAG_OF | MOSAIC_FLAG_NX;
    return f;
}

static uint32_t tact_exp(uint32_t x, unsigned *flags)
{
    if (is_nan(x))
        return QNAN;
    bool exact = (x & ABS) == PINF; /* e^+Inf = +Inf, e^-Inf = +0 exactly */
    if (!(x & SIGN) && mag_gt(x, EXP_XMAX)) {
        *flags |= exact ? 0 : MOSAIC_FLAG_OF | MOSAIC_FLAG_NX;
        return PINF;
    }
    if ((x & SIGN) && mag_gt(x, EXP_XMIN)) {
        *flags |= exact ? 0 : MOSAIC_FLAG_UF | MOSAIC_FLAG_NX;
        return 0;
    }
    unsigned fl = 0;
    int32_t n;
    /* n in [-150, 128]: scale's factors stay in [2^-75, 2^64] */
    uint32_t p = exp_core(x, 0, &n, &fl);
    uint32_t y = scale(p, n, &fl);
    *flags |= result_flags(x, y, fl);
    return y;
}

/* x * sigmoid(t) = x / (1 + e^-t), t = t_hi + t_lo with sign(t) = sign(x).
 * With a = -|t| and e^a = p 2^n (n <= 0):
 *   t >= 0: x / (1 + e^a)
 *   t <  0: x e^a / (1 + e^a) = (x p / (1 + e^a)) * 2^n
 * Both branches are one sequence with a select (5 ops after exp_core):
 *   d   = fma(p, 2^max(n,-126), 1)   (for n < -126, 1 + p 2^n and
 *                                     1 + p 2^-126 both round to 1)
 *   num = x * (t<0 ? p : 1)
 *   q   = num / d
 *   y   = scale(q, t<0 ? n : 0)
 * The t<0 form never rounds e^a on its own, so a result near 2^-149 is not
 * spoiled by a subnormal e^a, and the only rounding into the subnormal
 * range is the last multiply. For a < -120, e^a < 2^-173: the t >= 0
 * result rounds to x, and the t < 0 one to -0 (|x| e^-120 < 2^-150 for
 * both callers: silu has |x| = -a, gelu |x| < 16). */
static uint32_t x_sigmoid(uint32_t x, uint32_t t_hi, uint32_t t_lo, unsigned *flags)
{
    bool neg = (t_hi & SIGN) != 0;
    uint32_t a_hi = t_hi | SIGN;
    uint32_t a_lo = neg ? t_lo : t_lo ^ SIGN;
    bool exact = (x & ABS) == PINF;
    if (mag_gt(a_hi, SIG_AMIN)) {
        if (neg) {
            *flags |= exact ? 0 : MOSAIC_FLAG_UF | MOSAIC_FLAG_NX;
            return SIGN;
        }
        *flags |= exact ? 0 : MOSAIC_FLAG_NX;
        return x;
    }
    unsigned fl = 0;
    int32_t n;
    uint32_t p = exp_core(a_hi, a_lo, &n, &fl);
    uint32_t d = fma3(p, pow2(n < -126 ? -126 : n), ONE, &fl);
    uint32_t num = mul(x, neg ? p : ONE, &fl);
    uint32_t q = mosaic_f32_div(num, d, RNE, &fl);
    /* n >= -173, and |q| > 0.07 whenever n != 0: q 2^floor(n/2) is normal */
    uint32_t y = scale(q, neg ? n : 0, &fl);
    *flags |= result_flags(x, y, fl);
    return y;
}

static uint32_t tact_silu(uint32_t x, unsigned *flags)
{
    if (is_nan(x))
        return QNAN;
    return x_sigmoid(x, x, 0, flags);
}

/* gelu(x) = 0.5 x (1 + tanh u) = x * sigmoid(2u), u = sqrt(2/pi)(x +
 * 0.044715 x^3). For x < 0 the result is ~ x e^(2u): its relative error is
 * the absolute error of 2u, which reaches 100 at x = -10, so 2u is carried
 * as t_hi + t_lo with ~2^-45 relative accuracy (14 ops + max/min):
 *   x2 = x*x;            x2l = fma(x, x, -x2)        x^2 = x2 + x2l exactly
 *   ph = A2_HI*x2;       pl  = fma(A2_HI, x2, -ph)   exact product
 *   b  = max(K2_HI, ph); s = min(K2_HI, ph)          both >= 0
 *   wh = b + s;  z = wh - b;  e = s - z              Fast2Sum: wh + e exact
 *   wl = fma(A2_HI, x2l, fma(A2_LO, x2, (e + pl) + K2_LO))
 *   th = x*wh;           tl  = fma(x, wl, fma(x, wh, -th))
 * so th + tl = x (K2 + A2 x^2) = 2u. */
static uint32_t tact_gelu(uint32_t x, unsigned *flags)
{
    if (is_nan(x))
        return QNAN;
    if (!mag_gt(GELU_XBIG, x)) {
        /* |x| >= 16: 2u > 317, sigmoid(2u) rounds to 1 (or x e^2u to -0) */
        bool exact = (x & ABS) == PINF;
        if (x & SIGN) {
            *flags |= exact ? 0 : MOSAIC_FLAG_UF | MOSAIC_FLAG_NX;
            return SIGN;
        }
        *flags |= exact ? 0 : MOSAIC_FLAG_NX;
        return x;
    }
    unsigned fl = 0;
    uint32_t x2 = mul(x, x, &fl);
    uint32_t x2l = fma3(x, x, x2 ^ SIGN, &fl);
    uint32_t ph = mul(A2_HI, x2, &fl);
    uint32_t pl = fma3(A2_HI, x2, ph ^ SIGN, &fl);
    uint32_t b = mosaic_f32_max(K2_HI, ph);
    uint32_t s = mosaic_f32_min(K2_HI, ph);
    uint32_t wh = add(b, s, &fl);
    uint32_t z = sub(wh, b, &fl);
    uint32_t e = sub(s, z, &fl);
    uint32_t l = add(add(e, pl, &fl), K2_LO, &fl);
    l = fma3(A2_LO, x2, l, &fl);
    uint32_t wl = fma3(A2_HI, x2l, l, &fl);
    uint32_t th = mul(x, wh, &fl);
    uint32_t tl = fma3(x, wl, fma3(x, wh, th ^ SIGN, &fl), &fl);
    /* Only NX of the 2u ops counts; the x_sigmoid ops decide UF/OF. */
    unsigned f = fl & MOSAIC_FLAG_NX;
    uint32_t y = x_sigmoid(x, th, tl, &f);
    *flags |= result_flags(x, y, f);
    return y;
}

uint32_t mosaic_tact_f32(unsigned func, uint32_t x, unsigned *flags)
{
    unsigned local = 0;
    unsigned *fl = flags ? flags : &local;
    switch (func) {
    case 0: /* relu: +0 for every negative input and -0; no flags */
        if (is_nan(x))
            return QNAN;
        return (x & SIGN) ? 0 : x;
    case 1:
        return tact_gelu(x, fl);
    case 2:
        return tact_silu(x, fl);
    case 3:
        return tact_exp(x, fl);
    case 4: /* correctly rounded; +-0 -> +-Inf with DZ, +-Inf -> +-0 */
        return mosaic_f32_div(ONE, x, RNE, fl);
    default: /* 5-7 trap as illegal before reaching here */
        return QNAN;
    }
}
