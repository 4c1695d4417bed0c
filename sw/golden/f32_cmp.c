/* FP32 min/max (IEEE 754-2019 minimumNumber/maximumNumber) and quiet <. */
#include "fp_internal.h"

static bool is_nan(uint32_t a)
{
    return (a & 0x7FFFFFFFu) > 0x7F800000u;
}

/* Signed magnitude -> an integer with the same order; both zeros map to 0. */
static int64_t order_key(uint32_t a)
{
    int64_t m = a & 0x7FFFFFFFu;
    return (a >> 31) ? -m : m;
}

uint32_t mosaic_f32_max(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b))
        return F32_NAN;
    if (is_nan(a))
        return b;
    if (is_nan(b))
        return a;
    int64_t ka = order_key(a), kb = order_key(b);
    if (ka == kb) /* equal, or +0 vs -0: +0 is the larger */
        return a & b;
    return ka > kb ? a : b;
}

uint32_t mosaic_f32_min(uint32_t a, uint32_t b)
{
    if (is_nan(a) && is_nan(b))
        return F32_NAN;
    if (is_nan(a))
        return b;
    if (is_nan(b))
        return a;
    int64_t ka = order_key(a), kb = order_key(b);
    if (ka == kb) /* equal, or +0 vs -0: -0 is the smaller */
        return a | b;
    return ka < kb ? a : b;
}

bool mosaic_f32_lt(uint32_t a, uint32_t b)
{
    if (is_nan(a) || is_nan(b))
        return false;
    return order_key(a) < order_key(b);
}
