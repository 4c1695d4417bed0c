/* Internal helpers shared by fmt_*.c and f32_*.c. Not part of the API.
 *
 * Every conversion and every FP32 operation works the same way: decode the
 * operands to exact values, compute the exact result (or an exact value
 * plus a sticky bit), and hand it to the one round-and-pack routine of the
 * target format. Only integer arithmetic is used, so results never depend
 * on the host's floating point.
 *
 * The hot part of that path (the format table, decode, the exact addition
 * here; rounding and packing in fp_round.h) is written once, as static
 * inline functions: where the format is a constant, as in every FP32
 * operation, the compiler folds the table away. Out of line, these calls
 * were most of the ISS's time on tmma (docs/performance.md).
 */
#ifndef MOSAIC_FP_INTERNAL_H
#define MOSAIC_FP_INTERNAL_H

#include <stddef.h>

#include "mosaic_fmt.h"

/* How a float format spends its all-ones exponent. */
typedef enum {
    FP_SPECIALS_IEEE, /* Inf (fraction 0) and NaN (fraction != 0) */
    FP_SPECIALS_FN,   /* E4M3FN: only S.1111.111 is NaN, no Inf */
    FP_SPECIALS_NONE  /* FP4: every encoding is a finite number */
} fp_specials;

/* What happens when a rounded magnitude exceeds the largest finite value. */
typedef enum {
    FP_OVF_IEEE, /* Inf or max depending on the rounding mode, OF|NX */
    FP_OVF_FP8,  /* opts->fp8_sat: +-max SAT|NX, else Inf/NaN OF|NX */
    FP_OVF_SAT   /* always +-max with SAT|NX (FP4) */
} fp_overflow;

typedef struct {
    uint8_t ebits;
    uint8_t mbits;
    int16_t bias;
    uint8_t shift;        /* pattern starts at this bit (TF32: 13) */
    fp_specials specials;
    fp_overflow overflow;
    bool flushable;       /* FP8/FP4: subnormals governed by opts->subnormals */
    uint32_t max_finite;  /* unshifted encoding of +max */
} fp_desc;

/* Indexed by mosaic_fmt; integer formats have ebits == 0. */
static const fp_desc FP_DESCS[MOSAIC_FMT_COUNT] = {
    [MOSAIC_FMT_FP32] = {8, 23, 127, 0, FP_SPECIALS_IEEE, FP_OVF_IEEE, false, 0x7F7FFFFFu},
    [MOSAIC_FMT_FP16] = {5, 10, 15, 0, FP_SPECIALS_IEEE, FP_OVF_IEEE, false, 0x7BFFu},
    [MOSAIC_FMT_BF16] = {8, 7, 127, 0, FP_SPECIALS_IEEE, FP_OVF_IEEE, false, 0x7F7Fu},
    [MOSAIC_FMT_E4M3] = {4, 3, 7, 0, FP_SPECIALS_FN, FP_OVF_FP8, true, 0x7Eu},
    [MOSAIC_FMT_E5M2] = {5, 2, 15, 0, FP_SPECIALS_IEEE, FP_OVF_FP8, true, 0x7Bu},
    [MOSAIC_FMT_FP4] = {2, 1, 1, 0, FP_SPECIALS_NONE, FP_OVF_SAT, true, 0x7u},
    /* TF32 is E8M10 living in bits 31:13 of the FP32 container. */
    [MOSAIC_FMT_TF32] = {8, 10, 127, 13, FP_SPECIALS_IEEE, FP_OVF_IEEE, false, 0x3FBFFu},
};

/* NULL for integer formats and invalid codes (mosaic_fmt_valid). */
static inline const fp_desc *fp_desc_of(mosaic_fmt f)
{
    if ((unsigned)f >= MOSAIC_FMT_COUNT || FP_DESCS[f].ebits == 0)
        return NULL;
    return &FP_DESCS[f];
}

typedef enum { FPV_ZERO, FPV_FINITE, FPV_INF, FPV_NAN } fpv_class;

/* An exact value: |v| = sig * 2^exp when FPV_FINITE. sticky means the true
 * magnitude lies strictly between sig and sig+1 units of 2^exp; producers
 * that set it keep at least 26 significant bits in sig so the rounding
 * point of every target is above the unit the sticky bit belongs to. */
typedef struct {
    fpv_class cls;
    bool sign;
    int32_t exp;
    uint64_t sig;
    bool sticky;
} fp_value;

static inline unsigned fp_clz64(uint64_t x)
{
#if defined(__GNUC__)
    return x ? (unsigned)__builtin_clzll(x) : 64u;
#else
    unsigned n = 0;
    if (x == 0)
        return 64;
    for (unsigned step = 32; step; step >>= 1)
        if (!(x >> (64 - step))) {
            x <<= step;
            n += step;
        }
    return n;
#endif
}

/* An integer format's pattern as an exact value (fmt_decode.c). */
fp_value fp_decode_int(mosaic_fmt f, uint32_t bits);

/* Decode any format. flush_small: FP8/FP4 subnormal inputs read as +-0. */
static inline fp_value fp_decode(mosaic_fmt f, uint32_t bits, bool flush_small)
{
    const fp_desc *d = fp_desc_of(f);
    if (!d)
        return fp_decode_int(f, bits);

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

/* Sign of an exact zero sum x + y (IEEE 754 6.3). */
static inline bool fp_zero_sum_sign(bool sx, bool sy, mosaic_rm rm)
{
    return sx == sy ? sx : rm == MOSAIC_RM_RDN;
}

/* Pattern of an integer format's max (negative: min). */
uint32_t fp_int_limit(mosaic_fmt to, bool negative);

/* Round-and-pack for integer targets (fmt_int.c); v is finite, nonzero and
 * has no sticky bit: only exact (converted) values are ever rounded to an
 * integer. */
uint32_t fp_pack_int(mosaic_fmt to, bool sign, int32_t exp, uint64_t sig,
                     const mosaic_cvt_opts *opts, unsigned *flags);

/* Exact sum of two finite nonzero values whose sig has at most 48 bits and
 * no sticky. The result's sig may be 0 (exact cancellation). */
static inline fp_value fp_add_exact(fp_value x, fp_value y)
{
    /* Put both leading ones at bit 61: bit 62 takes a carry, and since both
     * inputs have at most 48 bits, their low 13 bits start out zero. An
     * alignment shift of up to 13 is therefore exact; a longer one leaves
     * the sum's leading one at bit 60 or above, so jamming the lost bits
     * into bit 0 acts as a sticky bit far below any rounding point. */
    unsigned sx = fp_clz64(x.sig) - 2, sy = fp_clz64(y.sig) - 2;
    x.sig <<= sx;
    x.exp -= (int32_t)sx;
    y.sig <<= sy;
    y.exp -= (int32_t)sy;
    if (x.exp < y.exp) {
        fp_value t = x;
        x = y;
        y = t;
    }
    int64_t d = (int64_t)x.exp - y.exp;
    if (d >= 63)
        y.sig = 1;
    else if (d > 0)
        y.sig = (y.sig >> d) | ((y.sig & ((UINT64_C(1) << d) - 1u)) != 0);
    if (x.sign == y.sign) {
        x.sig += y.sig;
    } else if (x.sig >= y.sig) {
        x.sig -= y.sig;
    } else {
        x.sig = y.sig - x.sig;
        x.sign = y.sign;
    }
    x.cls = FPV_FINITE;
    x.sticky = false;
    return x;
}

/* FP32 helpers for the f32_*.c files. */
static inline fp_value f32_decode(uint32_t a)
{
    return fp_decode(MOSAIC_FMT_FP32, a, false);
}

#define F32_NAN 0x7FC00000u

#endif
