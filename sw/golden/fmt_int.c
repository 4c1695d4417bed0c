/* Integer formats: reading a pattern, and rounding/saturating/wrapping an
 * exact value into INT8/INT16/INT32. */
#include "fp_round.h"

static unsigned int_width(mosaic_fmt f)
{
    return f == MOSAIC_FMT_INT8 ? 8u : f == MOSAIC_FMT_INT16 ? 16u : 32u;
}

static uint32_t width_mask(unsigned w)
{
    return w >= 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
}

int32_t mosaic_int_value(mosaic_fmt f, uint32_t bits)
{
    if (!mosaic_fmt_is_int(f))
        return 0;
    unsigned w = int_width(f);
    uint32_t u = bits & width_mask(w);
    uint32_t signbit = 1u << (w - 1);
    /* Portable sign extension (no implementation-defined narrowing). */
    if (u & signbit)
        return -(int32_t)((~u & width_mask(w)) & (signbit - 1u)) - 1;
    return (int32_t)u;
}

uint32_t fp_int_limit(mosaic_fmt to, bool negative)
{
    unsigned w = int_width(to);
    uint32_t min_bits = 1u << (w - 1);
    return negative ? min_bits : min_bits - 1u;
}

uint32_t fp_pack_int(mosaic_fmt to, bool sign, int32_t exp, uint64_t sig,
                     const mosaic_cvt_opts *o, unsigned *flags)
{
    unsigned w = int_width(to);
    uint32_t mask = width_mask(w);
    uint64_t mag = sig;
    int32_t lshift = 0; /* the rounded magnitude is mag * 2^lshift */
    if (exp < 0) {
        bool inexact;
        mag = fp_shift_round(sig, false, -exp, sign, o->rm, &inexact);
        if (inexact)
            *flags |= MOSAIC_FLAG_NX;
    } else {
        lshift = exp;
    }
    if (mag == 0)
        return 0; /* -0 and values rounding to zero are plain 0 */

    if (o->int_wrap) {
        uint32_t low = lshift >= 32 ? 0u : (uint32_t)(mag << lshift);
        return (sign ? 0u - low : low) & mask;
    }
    uint64_t limit = sign ? (UINT64_C(1) << (w - 1)) : (UINT64_C(1) << (w - 1)) - 1u;
    /* mag * 2^s > limit  <=>  mag > floor(limit / 2^s) */
    if (lshift >= 32 || mag > (limit >> lshift)) {
        *flags |= MOSAIC_FLAG_SAT;
        return fp_int_limit(to, sign);
    }
    uint32_t v = (uint32_t)(mag << lshift);
    return (sign ? 0u - v : v) & mask;
}

uint32_t mosaic_int_to_fmt(mosaic_fmt to, int64_t v, bool wrap, unsigned *flags)
{
    unsigned ignored = 0;
    if (!flags)
        flags = &ignored;
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.int_wrap = wrap;
    bool sign = v < 0;
    uint64_t mag = sign ? 0u - (uint64_t)v : (uint64_t)v;
    fp_value x = {mag ? FPV_FINITE : FPV_ZERO, sign, 0, mag, false};
    /* A float target gets the default (RNE) rounding: keeps the function total. */
    return fp_encode(to, &x, &o, flags);
}
