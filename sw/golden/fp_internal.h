/* Internal helpers shared by fmt_*.c and f32_*.c. Not part of the API.
 *
 * Every conversion and every FP32 operation works the same way: decode the
 * operands to exact values, compute the exact result (or an exact value
 * plus a sticky bit), and hand it to the one round-and-pack routine of the
 * target format. Only integer arithmetic is used, so results never depend
 * on the host's floating point.
 */
#ifndef MOSAIC_FP_INTERNAL_H
#define MOSAIC_FP_INTERNAL_H

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

/* NULL for integer formats and invalid codes. */
const fp_desc *fp_desc_of(mosaic_fmt f);

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

/* Decode any format. flush_small: FP8/FP4 subnormal inputs read as +-0. */
fp_value fp_decode(mosaic_fmt f, uint32_t bits, bool flush_small);

/* Encode an exact value into any format under opts (the one rounding and
 * packing path for every conversion and arithmetic result). */
uint32_t fp_encode(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *opts,
                   unsigned *flags);

/* Round sig * 2^-k (plus the sticky fraction) to an integer under rm; k >= 1
 * when sticky is set. Sets *inexact when anything was discarded. */
uint64_t fp_shift_round(uint64_t sig, bool sticky, int32_t k, bool sign, mosaic_rm rm,
                        bool *inexact);

/* Round-and-pack for float targets and integer targets; v is FPV_FINITE with
 * sig != 0. Called by fp_encode only. Integer targets take no sticky bit:
 * only exact (converted) values are ever rounded to an integer. */
uint32_t fp_pack_float(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *opts,
                       unsigned *flags);
uint32_t fp_pack_int(mosaic_fmt to, bool sign, int32_t exp, uint64_t sig,
                     const mosaic_cvt_opts *opts, unsigned *flags);

/* Sign of an exact zero sum x + y (IEEE 754 6.3). */
static inline bool fp_zero_sum_sign(bool sx, bool sy, mosaic_rm rm)
{
    return sx == sy ? sx : rm == MOSAIC_RM_RDN;
}

/* Pattern of an integer format's max (negative: min). */
uint32_t fp_int_limit(mosaic_fmt to, bool negative);

/* Encodings of the largest finite value and of infinity-or-what-replaces-it. */
uint32_t fp_max_bits(mosaic_fmt to, bool sign);
uint32_t fp_inf_bits(mosaic_fmt to, bool sign);

/* Exact sum of two finite nonzero values whose sig has at most 48 bits and
 * no sticky. The result's sig may be 0 (exact cancellation). */
fp_value fp_add_exact(fp_value x, fp_value y);

/* FP32 helpers for the f32_*.c files. */
static inline fp_value f32_decode(uint32_t a)
{
    return fp_decode(MOSAIC_FMT_FP32, a, false);
}

uint32_t f32_round(const fp_value *v, mosaic_rm rm, unsigned *flags);

#define F32_NAN 0x7FC00000u

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

#endif
