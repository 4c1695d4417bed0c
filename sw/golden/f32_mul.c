/* FP32 multiply and fused multiply-add (one rounding of a*b + c). */
#include "fp_round.h"

uint32_t mosaic_f32_mul(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags)
{
    unsigned ignored = 0;
    if (!flags)
        flags = &ignored;
    fp_value x = f32_decode(a), y = f32_decode(b);
    bool sign = x.sign != y.sign;
    if (x.cls == FPV_NAN || y.cls == FPV_NAN)
        return F32_NAN;
    if (x.cls == FPV_INF || y.cls == FPV_INF) {
        if (x.cls == FPV_ZERO || y.cls == FPV_ZERO) {
            *flags |= MOSAIC_FLAG_NV;
            return F32_NAN;
        }
        return fp_inf_bits(MOSAIC_FMT_FP32, sign);
    }
    if (x.cls == FPV_ZERO || y.cls == FPV_ZERO)
        return (uint32_t)sign << 31;
    fp_value p = {FPV_FINITE, sign, x.exp + y.exp, x.sig * y.sig, false};
    return f32_round(&p, rm, flags);
}

uint32_t mosaic_f32_fma(uint32_t a, uint32_t b, uint32_t c, mosaic_rm rm, unsigned *flags)
{
    unsigned ignored = 0;
    if (!flags)
        flags = &ignored;
    fp_value x = f32_decode(a), y = f32_decode(b), z = f32_decode(c);
    bool psign = x.sign != y.sign;
    if (x.cls == FPV_NAN || y.cls == FPV_NAN)
        return F32_NAN;
    bool pinf = x.cls == FPV_INF || y.cls == FPV_INF;
    bool pzero = x.cls == FPV_ZERO || y.cls == FPV_ZERO;
    /* Inf * 0 is invalid even when c is a NaN (RISC-V, SoftFloat). */
    if (pinf && pzero) {
        *flags |= MOSAIC_FLAG_NV;
        return F32_NAN;
    }
    if (z.cls == FPV_NAN)
        return F32_NAN;
    if (pinf) {
        if (z.cls == FPV_INF && z.sign != psign) {
            *flags |= MOSAIC_FLAG_NV;
            return F32_NAN;
        }
        return fp_inf_bits(MOSAIC_FMT_FP32, psign);
    }
    if (z.cls == FPV_INF)
        return fp_inf_bits(MOSAIC_FMT_FP32, z.sign);
    if (pzero) {
        if (z.cls == FPV_ZERO)
            return (uint32_t)fp_zero_sum_sign(psign, z.sign, rm) << 31;
        return f32_round(&z, rm, flags);
    }
    fp_value p = {FPV_FINITE, psign, x.exp + y.exp, x.sig * y.sig, false};
    if (z.cls == FPV_ZERO)
        return f32_round(&p, rm, flags);
    fp_value s = fp_add_exact(p, z);
    if (s.sig == 0) /* exact cancellation: +0, or -0 when rounding down */
        return (uint32_t)(rm == MOSAIC_RM_RDN) << 31;
    return f32_round(&s, rm, flags);
}
