/* Conversions: decode, then encode through the target's one rounding path
 * (fp_round.h). The integer targets' rules for NaN, Inf and zero are here. */
#include "fp_round.h"

uint32_t fp_encode_int(mosaic_fmt to, const fp_value *v, const mosaic_cvt_opts *o,
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
