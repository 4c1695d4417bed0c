/* Integer pattern -> exact value. Float formats decode in fp_internal.h. */
#include "fp_internal.h"

fp_value fp_decode_int(mosaic_fmt f, uint32_t bits)
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
