/* The rounding decision, the round-and-pack routine for float targets and
 * fp_encode, the one path every conversion and arithmetic result leaves
 * through. One routine serves every float format; the format's descriptor
 * decides the precision, exponent range, subnormal flushing and overflow
 * policy. Static inline so that a constant target (FP32) folds: see
 * fp_internal.h. Internal, like it. */
#ifndef MOSAIC_FP_ROUND_H
#define MOSAIC_FP_ROUND_H

#include "fp_internal.h"

static inline bool fp_round_up(mosaic_rm rm, bool sign, bool odd, bool half, bool below)
{
    switch (rm) {
    case MOSAIC_RM_RNE:
        return half && (below || odd);
    case MOSAIC_RM_RDN:
        return sign && (half || below);
    case MOSAIC_RM_RUP:
        return !sign && (half || below);
    case MOSAIC_RM_RMM:
        return half;
    case MOSAIC_RM_RTZ:
    default:
        return false;
    }
}

/* Round sig * 2^-k (plus the sticky fraction) to an integer under rm; k >= 1
 * when sticky is set. Sets *inexact when anything was discarded. */
static inline uint64_t fp_shift_round(uint64_t sig, bool sticky, int32_t k, bool sign, mosaic_rm rm,
                                      bool *inexact)
{
    if (k <= 0) {
        /* Widening: exact. Callers never get here with sticky set. */
        *inexact = sticky;
        return k <= -64 ? 0 : sig << -k;
    }
    uint64_t kept;
    bool half, below;
    if (k < 64) {
        kept = sig >> k;
        half = (sig >> (k - 1)) & 1u;
        below = (sig & ((UINT64_C(1) << (k - 1)) - 1u)) != 0 || sticky;
    } else if (k == 64) {
        kept = 0;
        half = sig >> 63;
        below = (sig << 1) != 0 || sticky;
    } else {
        kept = 0;
        half = false;
        below = sig != 0 || sticky;
    }
    *inexact = half || below;
    return kept + (fp_round_up(rm, sign, kept & 1u, half, below) ? 1u : 0u);
}

static inline uint32_t fp_pack_fields(const fp_desc *d, bool sign, uint32_t bexp, uint32_t frac)
{
    uint32_t x = ((uint32_t)sign << (d->ebits + d->mbits)) | (bexp << d->mbits) | frac;
    return x << d->shift;
}

/* Encodings of the largest finite value and of infinity-or-what-replaces-it. */
static inline uint32_t fp_max_bits(mosaic_fmt to, bool sign)
{
    const fp_desc *d = fp_desc_of(to);
    return (d->max_finite | ((uint32_t)sign << (d->ebits + d->mbits))) << d->shift;
}

static inline uint32_t fp_inf_bits(mosaic_fmt to, bool sign)
{
    const fp_desc *d = fp_desc_of(to);
    switch (d->specials) {
    case FP_SPECIALS_IEEE:
        return fp_pack_fields(d, sign, (1u << d->ebits) - 1u, 0);
    case FP_SPECIALS_FN:
        return mosaic_fmt_canonical_nan(to);
    case FP_SPECIALS_NONE:
    default:
        return fp_max_bits(to, sign);
    }
}

static inline uint32_t fp_overflow_bits(mosaic_fmt to, const fp_desc *d, bool sign,
                                        const mosaic_cvt_opts *o, unsigned *flags)
{
    switch (d->overflow) {
    case FP_OVF_IEEE: {
        /* IEEE 754 7.4: directed modes stop at max on the side they round toward zero. */
        bool to_max = o->rm == MOSAIC_RM_RTZ || (o->rm == MOSAIC_RM_RDN && !sign) ||
                      (o->rm == MOSAIC_RM_RUP && sign);
        *flags |= MOSAIC_FLAG_OF | MOSAIC_FLAG_NX;
        return to_max ? fp_max_bits(to, sign) : fp_inf_bits(to, sign);
    }
    case FP_OVF_FP8:
        if (!o->fp8_sat) {
            *flags |= MOSAIC_FLAG_OF | MOSAIC_FLAG_NX;
            return fp_inf_bits(to, sign);
        }
        break;
    case FP_OVF_SAT:
    default:
        break;
    }
    *flags |= MOSAIC_FLAG_SAT | MOSAIC_FLAG_NX;
    return fp_max_bits(to, sign);
}

/* Round-and-pack for float targets; v is FPV_FINITE with sig != 0. */
static inline uint32_t fp_pack_float(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o,
                                     unsigned *flags)
{
    const fp_desc *d = fp_desc_of(to);
    const int32_t p = d->mbits + 1; /* precision including the hidden bit */
    const int32_t emin = 1 - d->bias;
    const uint32_t mmask = (1u << d->mbits) - 1u;
    const uint32_t emask = (1u << d->ebits) - 1u;

    /* top: exponent of the leading 1. The result's last place is 2^q: p bits
     * below top, but never below the subnormal quantum. Above the range the
     * exponent is unbounded here, so overflow is judged on the rounded value
     * (OCP's "round first, then check", which is also IEEE's rule). */
    int32_t top = v->exp + 63 - (int32_t)fp_clz64(v->sig);
    int32_t q = (top > emin ? top : emin) - (p - 1);
    bool inexact;
    uint64_t m = fp_shift_round(v->sig, v->sticky, q - v->exp, v->sign, o->rm, &inexact);
    if (m >> p) { /* rounding carried into a new binade */
        m >>= 1;
        q++;
    }

    int32_t max_q = (int32_t)((d->max_finite >> d->mbits) & emask) - d->bias - d->mbits;
    uint64_t max_m = (d->max_finite & mmask) | (1u << d->mbits);
    if (q > max_q || (q == max_q && m > max_m))
        return fp_overflow_bits(to, d, v->sign, o, flags);

    /* Tininess after rounding (RISC-V/SoftFloat): would the value, rounded to
     * p bits with an unbounded exponent, still be below 2^emin? */
    bool tiny = top < emin - 1;
    if (top == emin - 1) {
        bool ignored;
        uint64_t mp = fp_shift_round(v->sig, v->sticky, top - (p - 1) - v->exp, v->sign, o->rm,
                                     &ignored);
        tiny = !(mp >> p);
    }

    if (inexact)
        *flags |= MOSAIC_FLAG_NX;
    bool normal = (m >> (p - 1)) != 0;
    if (!normal && m != 0 && d->flushable && !o->subnormals) {
        /* FP8/FP4 flush: the rounded result is subnormal, so it becomes zero. */
        *flags |= MOSAIC_FLAG_UF | MOSAIC_FLAG_NX;
        return fp_pack_fields(d, v->sign, 0, 0);
    }
    if (tiny && inexact)
        *flags |= MOSAIC_FLAG_UF;
    if (!normal)
        return fp_pack_fields(d, v->sign, 0, (uint32_t)m);
    return fp_pack_fields(d, v->sign, (uint32_t)(q + (p - 1) + d->bias), (uint32_t)m & mmask);
}

/* fmt_convert.c: the integer targets' rules for NaN, Inf and zero. */
uint32_t fp_encode_int(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o,
                       unsigned *flags);

/* Encode an exact value into any format under opts. */
static inline uint32_t fp_encode(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o,
                                 unsigned *flags)
{
    const fp_desc *d = fp_desc_of(to);
    if (!d)
        return mosaic_fmt_is_int(to) ? fp_encode_int(to, v, o, flags) : 0u;
    switch (v->cls) {
    case FPV_NAN:
        if (d->specials == FP_SPECIALS_NONE) { /* FP4 has no NaN: +max, flagged */
            *flags |= MOSAIC_FLAG_SAT | MOSAIC_FLAG_NV;
            return fp_max_bits(to, false);
        }
        return mosaic_fmt_canonical_nan(to);
    case FPV_INF:
        if (d->overflow == FP_OVF_SAT || (d->overflow == FP_OVF_FP8 && o->fp8_sat)) {
            *flags |= MOSAIC_FLAG_SAT;
            return fp_max_bits(to, v->sign);
        }
        if (d->specials == FP_SPECIALS_FN) { /* E4M3 cannot hold Inf */
            *flags |= MOSAIC_FLAG_NV;
            return mosaic_fmt_canonical_nan(to);
        }
        return fp_inf_bits(to, v->sign);
    case FPV_ZERO:
        return ((uint32_t)v->sign << (d->ebits + d->mbits)) << d->shift;
    case FPV_FINITE:
    default:
        return fp_pack_float(to, v, o, flags);
    }
}

/* FP32 round-and-pack for the f32_*.c files. */
static inline uint32_t f32_round(const fp_value *v, mosaic_rm rm, unsigned *flags)
{
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = rm;
    return fp_encode(MOSAIC_FMT_FP32, v, &o, flags);
}

#endif
