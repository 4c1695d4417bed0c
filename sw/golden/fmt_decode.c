/* Bit pattern -> exact value, for every format. */
#include "fp_internal.h"

static fp_value decode_int(mosaic_fmt f, uint32_t bits)
{
    int64_t v = mosaic_int_value(f, bits);
    fp_value r = {FPV_ZERO, false, 0, 0, false};
    if (v != 0) {
        r.cls = FPV_FINITE;
        r.sign = v < 0;
        r.sig = r.sign ? (uint64_t)(-v) : (uint64_t)v;
    }
    return r;
}

fp_value fp_decode(mosaic_fmt f, uint32_t bits, bool flush_small)
{
    const fp_desc *d = fp_desc_of(f);
    if (!d)
        return decode_int(f, bits);

    uint32_t x = bits >> d->shift; /* TF32: the low 13 bits are ignored */
    uint32_t mmask = (1u << d->mbits) - 1u;
    uint32_t emask = (1u << d->ebits) - 1u;
    uint32_t frac = x & mmask;
    uint32_t bexp = (x >> d->mbits) & emask;
    fp_value r = {FPV_FINITE, (x >> (d->ebits + d->mbits)) & 1u, 0, 0, false};

    if (bexp == emask) {
        if (d->specials == FP_SPECIALS_IEEE) {
            r.cls = frac ? FPV_NAN : FPV_INF;
            return r;
        }
        if (d->specials == FP_SPECIALS_FN && frac == mmask) {
            r.cls = FPV_NAN;
            return r;
        }
    }
    if (bexp == 0) {
        /* Flushed FP8/FP4 subnormals keep their sign and raise nothing. */
        if (frac == 0 || (flush_small && d->flushable)) {
            r.cls = FPV_ZERO;
            return r;
        }
        r.sig = frac;
        r.exp = 1 - d->bias - d->mbits;
        return r;
    }
    r.sig = frac | (1u << d->mbits);
    r.exp = (int32_t)bexp - d->bias - d->mbits;
    return r;
}
