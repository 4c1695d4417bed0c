/* FP32 add and subtract. */
#include "fp_round.h"

static uint32_t zero_bits(bool sign)
{
    return (uint32_t)sign << 31;
}

static uint32_t addsub(uint32_t a, uint32_t b, bool negate_b, mosaic_rm rm, unsigned *flags)
{
    unsigned ignored = 0;
    if (!flags)
        flags = &ignored;
    fp_value x = f32_decode(a), y = f32_decode(b);
    y.sign ^= negate_b;
    if (x.cls == FPV_NAN || y.cls == FPV_NAN)
        return F32_NAN;
    if (x.cls == FPV_INF || y.cls == FPV_INF) {
        if (x.cls == y.cls && x.sign != y.sign) {
            *flags |= MOSAIC_FLAG_NV;
            return F32_NAN;
        }
        return x.cls == FPV_INF ? fp_inf_bits(MOSAIC_FMT_FP32, x.sign)
                                : fp_inf_bits(MOSAIC_FMT_FP32, y.sign);
    }
    if (x.cls == FPV_ZERO && y.cls == FPV_ZERO)
        return zero_bits(fp_zero_sum_sign(x.sign, y.sign, rm));
    if (y.cls == FPV_ZERO)
        return f32_round(&x, rm, flags);
    if (x.cls == FPV_ZERO)
        return f32_round(&y, rm, flags);
    fp_value s = fp_add_exact(x, y);
    if (s.sig == 0) /* exact cancellation: +0, or -0 when rounding down */
        return zero_bits(rm == MOSAIC_RM_RDN);
    return f32_round(&s, rm, flags);
}

uint32_t mosaic_f32_add(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags)
{
    return addsub(a, b, false, rm, flags);
}

uint32_t mosaic_f32_sub(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags)
{
    return addsub(a, b, true, rm, flags);
}
