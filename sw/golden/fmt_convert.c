/* Conversions: decode, then encode through the target's one rounding path.
 * fp_encode also owns the rules for NaN, Inf and zero per target. */
#include "fp_internal.h"

static uint32_t encode_int(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o,
                           unsigned *flags)
{
    switch (v->cls) {
    case FPV_NAN: /* RISC-V convention: NaN -> largest positive integer */
        *flags |= MOSAIC_FLAG_SAT | MOSAIC_FLAG_NV;
        return fp_int_limit(to, false);
    case FPV_INF: /* saturates even when wrapping: Inf has no low bits */
        *flags |= MOSAIC_FLAG_SAT;
        return fp_int_limit(to, v->sign);
    case FPV_ZERO:
        return 0;
    case FPV_FINITE:
    default:
        return fp_pack_int(to, v->sign, v->exp, v->sig, o, flags);
    }
}

uint32_t fp_encode(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o, unsigned *flags)
{
    const fp_desc *d = fp_desc_of(to);
    if (!d)
        return mosaic_fmt_is_int(to) ? encode_int(to, v, o, flags) : 0u;
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

uint32_t mosaic_convert(mosaic_fmt from, mosaic_fmt to, uint32_t bits,
                        const mosaic_cvt_opts *opts, unsigned *flags)
{
    mosaic_cvt_opts def = mosaic_cvt_default();
    unsigned ignored = 0;
    if (!opts)
        opts = &def;
    if (!flags)
        flags = &ignored;
    if (!mosaic_fmt_valid((unsigned)from) || !mosaic_fmt_valid((unsigned)to))
        return 0;
    fp_value v = fp_decode(from, bits, !opts->subnormals);
    return fp_encode(to, &v, opts, flags);
}

uint32_t mosaic_to_f32(mosaic_fmt from, uint32_t bits, const mosaic_cvt_opts *opts,
                       unsigned *flags)
{
    return mosaic_convert(from, MOSAIC_FMT_FP32, bits, opts, flags);
}

uint32_t f32_round(const fp_value *v, mosaic_rm rm, unsigned *flags)
{
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = rm;
    return fp_encode(MOSAIC_FMT_FP32, v, &o, flags);
}
