/* mref: reference numerics (see mref.h). */
#include "mref.h"

/* A small binary format: precision and range, and what happens at the top. */
typedef struct {
    int ebits, mbits, bias;
    bool ieee_specials; /* all-ones exponent = Inf/NaN */
    bool fn;            /* E4M3FN: only S.1111.111 is NaN, no Inf */
    bool flushable;     /* FP8/FP4: subnormals flush unless asked */
} minifmt;

static const minifmt FP16 = {5, 10, 15, true, false, false};
static const minifmt BF16 = {8, 7, 127, true, false, false};
static const minifmt E4M3 = {4, 3, 7, false, true, true};
static const minifmt E5M2 = {5, 2, 15, true, false, true};
static const minifmt FP4 = {2, 1, 1, false, false, true};

/* Integer-only, so it is cheap on a core without an FPU. */
static float decode(const minifmt *f, uint32_t v, bool sub)
{
    uint32_t sign = (v >> (f->ebits + f->mbits)) & 1u;
    uint32_t e = (v >> f->mbits) & ((1u << f->ebits) - 1u);
    uint32_t m = v & ((1u << f->mbits) - 1u);
    uint32_t emax = (1u << f->ebits) - 1u;
    if ((f->ieee_specials && e == emax && m) ||
        (f->fn && e == emax && m == (1u << f->mbits) - 1u))
        return u2f(REF_F32_QNAN); /* NaN: canonical, sign dropped */
    if (f->ieee_specials && e == emax)
        return u2f((sign << 31) | 0x7F800000u);
    int32_t ef = (int32_t)e - f->bias + 127; /* FP32 biased exponent */
    if (e == 0) {
        if (m == 0 || (f->flushable && !sub))
            return u2f(sign << 31);
        /* subnormal: normalize, every one of these is normal in FP32 */
        ef = 1 - f->bias + 127;
        while (!(m >> f->mbits)) {
            m <<= 1;
            ef--;
        }
        m &= (1u << f->mbits) - 1u;
    }
    return u2f((sign << 31) | ((uint32_t)ef << 23) | (m << (23 - f->mbits)));
}

float ref_fp16_to_f32(uint16_t h) { return decode(&FP16, h, true); }
float ref_bf16_to_f32(uint16_t b) { return u2f((uint32_t)b << 16); }
float ref_e4m3_to_f32(uint8_t v, bool sub) { return decode(&E4M3, v, sub); }
float ref_e5m2_to_f32(uint8_t v, bool sub) { return decode(&E5M2, v, sub); }
float ref_fp4_to_f32(uint8_t v, bool sub) { return decode(&FP4, v & 0xFu, sub); }

static uint32_t pack(const minifmt *f, uint32_t sign, uint32_t e, uint32_t m)
{
    return (sign << (f->ebits + f->mbits)) | (e << f->mbits) | m;
}

static uint32_t max_finite(const minifmt *f, uint32_t sign)
{
    uint32_t emax = (1u << f->ebits) - 1u, mall = (1u << f->mbits) - 1u;
    if (f->ieee_specials)
        return pack(f, sign, emax - 1u, mall);
    if (f->fn)
        return pack(f, sign, emax, mall - 1u);
    return pack(f, sign, emax, mall);
}

/* Round |x| (FP32 bits, finite, non-zero) to f, RNE. */
static uint32_t encode(const minifmt *f, float x, bool sat, bool sub)
{
    uint32_t u = f2u(x), sign = u >> 31;
    /* canonical NaN; FP4 has none and gives +max */
    uint32_t nanv = f->ieee_specials ? pack(f, 0, (1u << f->ebits) - 1u, 1u << (f->mbits - 1))
                    : f->fn          ? pack(f, 0, (1u << f->ebits) - 1u, (1u << f->mbits) - 1u)
                                     : max_finite(f, 0);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u)
        return nanv;
    if ((u & 0x7FFFFFFFu) == 0x7F800000u) {
        if (f->ieee_specials && !sat)
            return pack(f, sign, (1u << f->ebits) - 1u, 0);
        return (f->fn && !sat) ? nanv : max_finite(f, sign);
    }
    if ((u & 0x7FFFFFFFu) == 0)
        return pack(f, sign, 0, 0);

    /* |x| = sig * 2^(e - 23) with sig having its leading 1 at bit 23 */
    int32_t ef = (int32_t)((u >> 23) & 0xFFu);
    uint32_t sig = u & 0x7FFFFFu;
    int32_t e;
    if (ef == 0) {
        e = -126;
        while (!(sig & 0x800000u)) {
            sig <<= 1;
            e--;
        }
    } else {
        sig |= 0x800000u;
        e = ef - 127;
    }
    int32_t emin = 1 - f->bias;
    int32_t q = (e > emin ? e : emin) - f->mbits; /* exponent of the last place */
    int32_t shift = q - (e - 23);                 /* low bits of sig to drop */
    uint32_t n;
    if (shift <= 0)
        n = sig << -shift;
    else if (shift > 25)
        n = 0;
    else {
        uint32_t rem = sig & ((1u << shift) - 1u), half = 1u << (shift - 1);
        n = sig >> shift;
        if (rem > half || (rem == half && (n & 1u)))
            n++;
    }
    if (n >> (f->mbits + 1)) { /* carried into the next binade */
        n >>= 1;
        q++;
    }
    if (n == 0)
        return pack(f, sign, 0, 0);
    if (!(n >> f->mbits)) { /* subnormal result */
        if (f->flushable && !sub)
            return pack(f, sign, 0, 0);
        return pack(f, sign, 0, n);
    }
    int32_t ebiased = q + f->mbits + f->bias;
    uint32_t enc = pack(f, sign, (uint32_t)ebiased, n & ((1u << f->mbits) - 1u));
    uint32_t maxv = max_finite(f, sign);
    bool over = ebiased > (int32_t)((1u << f->ebits) - 1u) ||
                (enc & ~(1u << (f->ebits + f->mbits))) > (maxv & ~(1u << (f->ebits + f->mbits)));
    if (!over)
        return enc;
    if (sat || (!f->ieee_specials && !f->fn))
        return maxv;
    if (f->fn)
        return nanv;
    return pack(f, sign, (1u << f->ebits) - 1u, 0);
}

uint16_t ref_f32_to_fp16(float f) { return (uint16_t)encode(&FP16, f, false, true); }
uint16_t ref_f32_to_bf16(float f) { return (uint16_t)encode(&BF16, f, false, true); }
uint8_t ref_f32_to_e4m3(float f, bool sat, bool sub) { return (uint8_t)encode(&E4M3, f, sat, sub); }
uint8_t ref_f32_to_e5m2(float f, bool sat, bool sub) { return (uint8_t)encode(&E5M2, f, sat, sub); }

/* value = sig * 2^exp (+ a sticky fraction of 2^exp if `sticky`), rounded
 * to FP32 with RNE; subnormals kept, overflow to Inf. */
static int msb64(uint64_t v) /* v != 0 */
{
    return 63 - __builtin_clzll(v);
}

static uint32_t round_pack(uint32_t sign, uint64_t sig, int32_t exp, bool sticky)
{
    int32_t lead = msb64(sig) + exp; /* exponent of the leading 1 */
    int32_t q = (lead >= -126 ? lead : -126) - 23; /* exponent of the last place */
    int32_t shift = q - exp;
    uint64_t n;
    if (shift <= 0) {
        n = sig << -shift; /* exact; sticky cannot occur here (see ref_fmaf) */
    } else if (shift > 64) {
        n = 0; /* below half of the smallest subnormal */
    } else {
        uint64_t rem = shift == 64 ? sig : sig & (((uint64_t)1 << shift) - 1);
        uint64_t half = (uint64_t)1 << (shift - 1);
        n = shift == 64 ? 0 : sig >> shift;
        if (rem > half || (rem == half && (sticky || (n & 1))))
            n++;
    }
    if (n >> 24) { /* rounding carried into the next binade */
        n >>= 1;
        q++;
    }
    if (n >> 23) {
        int32_t biased = q + 150;
        if (biased >= 255)
            return (sign << 31) | 0x7F800000u;
        return (sign << 31) | ((uint32_t)biased << 23) | ((uint32_t)n & 0x7FFFFFu);
    }
    return (sign << 31) | (uint32_t)n; /* subnormal or zero */
}

/* Finite FP32 as sig * 2^exp. */
static void unpack(uint32_t u, uint64_t *sig, int32_t *exp)
{
    uint32_t e = (u >> 23) & 0xFFu, m = u & 0x7FFFFFu;
    *sig = e ? (m | 0x800000u) : m;
    *exp = e ? (int32_t)e - 150 : -149;
}

float ref_fmaf(float a, float b, float c)
{
    uint32_t ua = f2u(a), ub = f2u(b), uc = f2u(c);
    uint32_t sp = (ua ^ ub) >> 31, sc = uc >> 31;
    bool na = (ua & 0x7FFFFFFFu) > 0x7F800000u, nb = (ub & 0x7FFFFFFFu) > 0x7F800000u,
         nc = (uc & 0x7FFFFFFFu) > 0x7F800000u;
    bool ia = (ua & 0x7FFFFFFFu) == 0x7F800000u, ib = (ub & 0x7FFFFFFFu) == 0x7F800000u,
         ic = (uc & 0x7FFFFFFFu) == 0x7F800000u;
    bool za = !(ua & 0x7FFFFFFFu), zb = !(ub & 0x7FFFFFFFu);
    if (na || nb || nc || (ia && zb) || (ib && za))
        return u2f(REF_F32_QNAN);
    if (ia || ib) {
        if (ic && sc != sp)
            return u2f(REF_F32_QNAN); /* Inf - Inf */
        return u2f((sp << 31) | 0x7F800000u);
    }
    if (ic)
        return c;

    uint64_t sa, sb, scg;
    int32_t ea, eb, ec;
    unpack(ua, &sa, &ea);
    unpack(ub, &sb, &eb);
    unpack(uc, &scg, &ec);
    uint64_t pg = sa * sb; /* exact product: at most 48 bits */
    int32_t pe = ea + eb;
    if (pg == 0) {
        if (scg == 0) /* +-0 + +-0: -0 only if both are -0 (RNE) */
            return u2f((sp & sc) << 31);
        return c;
    }
    if (scg == 0)
        return u2f(round_pack(sp, pg, pe, false));

    /* Align on the operand with the higher leading bit, moved to bit 62;
     * bits of the other shifted out below bit 0 only matter as sticky,
     * because the result then keeps its leading bit at 61 or above. */
    uint64_t big = pg, small = scg;
    int32_t ebig = pe, esmall = ec;
    uint32_t sbig = sp, ssmall = sc;
    if (msb64(scg) + ec > msb64(pg) + pe) {
        big = scg, small = pg, ebig = ec, esmall = pe, sbig = sc, ssmall = sp;
    }
    int shl = 62 - msb64(big);
    uint64_t xb = big << shl, xs;
    int32_t e = ebig - shl, d = esmall - e;
    bool sticky = false;
    if (d >= 0) {
        xs = small << d;
    } else if (-d >= 64) {
        xs = 0;
        sticky = true;
    } else {
        sticky = (small & (((uint64_t)1 << -d) - 1)) != 0;
        xs = small >> -d;
    }
    uint32_t sign = sbig;
    uint64_t sum;
    if (sbig == ssmall) {
        sum = xb + xs;
    } else if (xb >= xs) {
        /* the true subtrahend is a little above xs when sticky */
        sum = xb - xs - (sticky ? 1 : 0);
    } else {
        sum = xs - xb; /* only when the leading bits align: no sticky */
        sign = ssmall;
    }
    if (sum == 0 && !sticky)
        return u2f(0); /* exact cancellation: +0 under RNE */
    return u2f(round_pack(sign, sum, e, sticky));
}

int32_t ref_sat(int64_t v, int bits)
{
    int64_t hi = ((int64_t)1 << (bits - 1)) - 1, lo = -hi - 1;
    return (int32_t)(v > hi ? hi : v < lo ? lo : v);
}

uint32_t ref_rand(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

int32_t ref_rand_range(uint32_t *s, int32_t lo, int32_t hi)
{
    return lo + (int32_t)(ref_rand(s) % (uint32_t)(hi - lo + 1));
}
