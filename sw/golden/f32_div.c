/* FP32 division: a long quotient plus a remainder sticky bit, rounded once. */
#include "fp_round.h"

uint32_t mosaic_f32_div(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags)
{
    unsigned ignored = 0;
    if (!flags)
        flags = &ignored;
    fp_value x = f32_decode(a), y = f32_decode(b);
    bool sign = x.sign != y.sign;
    if (x.cls == FPV_NAN || y.cls == FPV_NAN)
        return F32_NAN;
    if (x.cls == FPV_INF) {
        if (y.cls == FPV_INF) {
            *flags |= MOSAIC_FLAG_NV;
            return F32_NAN;
        }
        return fp_inf_bits(MOSAIC_FMT_FP32, sign);
    }
    if (y.cls == FPV_INF)
        return (uint32_t)sign << 31;
    if (y.cls == FPV_ZERO) {
        if (x.cls == FPV_ZERO) {
            *flags |= MOSAIC_FLAG_NV;
            return F32_NAN;
        }
        *flags |= MOSAIC_FLAG_DZ;
        return fp_inf_bits(MOSAIC_FMT_FP32, sign);
    }
    if (x.cls == FPV_ZERO)
        return (uint32_t)sign << 31;

    /* Normalise both to a leading one at bit 23 (subnormals included): the
     * quotient of (x << 40) / y then has 40 or 41 bits, well over the 26
     * the sticky-bit contract of fp_value asks for. */
    unsigned sx = fp_clz64(x.sig) - 40, sy = fp_clz64(y.sig) - 40;
    uint64_t n = (x.sig << sx) << 40;
    uint64_t dv = y.sig << sy;
    fp_value q = {FPV_FINITE, sign, x.exp - (int32_t)sx - (y.exp - (int32_t)sy) - 40, n / dv,
                  n % dv != 0};
    return f32_round(&q, rm, flags);
}
