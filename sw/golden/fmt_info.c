/* Format metadata: names, widths, masks, canonical NaNs, and the layout
 * table the decode and round-and-pack code is driven by. */
#include <string.h>

#include "fp_internal.h"


static const char *const NAMES[MOSAIC_FMT_COUNT] = {
    "fp32", "fp16", "bf16", "e4m3", "e5m2", "int8", "fp4", "int16", "int32", "tf32",
};

static const uint8_t BITS[MOSAIC_FMT_COUNT] = {32, 16, 16, 8, 8, 8, 4, 16, 32, 32};

mosaic_cvt_opts mosaic_cvt_default(void)
{
    mosaic_cvt_opts o = {MOSAIC_RM_RNE, false, false, false};
    return o;
}

bool mosaic_fmt_valid(unsigned code)
{
    return code < MOSAIC_FMT_COUNT;
}

unsigned mosaic_fmt_bits(mosaic_fmt f)
{
    return mosaic_fmt_valid((unsigned)f) ? BITS[f] : 0;
}

bool mosaic_fmt_is_int(mosaic_fmt f)
{
    return f == MOSAIC_FMT_INT8 || f == MOSAIC_FMT_INT16 || f == MOSAIC_FMT_INT32;
}

bool mosaic_fmt_is_float(mosaic_fmt f)
{
    return fp_desc_of(f) != NULL;
}

const char *mosaic_fmt_name(mosaic_fmt f)
{
    return mosaic_fmt_valid((unsigned)f) ? NAMES[f] : "?";
}

int mosaic_fmt_parse(const char *name)
{
    for (int i = 0; i < MOSAIC_FMT_COUNT; i++)
        if (name && strcmp(name, NAMES[i]) == 0)
            return i;
    return -1;
}

uint32_t mosaic_fmt_mask(mosaic_fmt f)
{
    if (f == MOSAIC_FMT_TF32)
        return 0xFFFFE000u;
    unsigned n = mosaic_fmt_bits(f);
    return n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
}

uint32_t mosaic_fmt_canonical_nan(mosaic_fmt f)
{
    switch (f) {
    case MOSAIC_FMT_FP32:
    case MOSAIC_FMT_TF32:
        return 0x7FC00000u;
    case MOSAIC_FMT_FP16:
        return 0x7E00u;
    case MOSAIC_FMT_BF16:
        return 0x7FC0u;
    case MOSAIC_FMT_E4M3:
        return 0x7Fu;
    case MOSAIC_FMT_E5M2:
        return 0x7Eu;
    default:
        return 0;
    }
}

bool mosaic_is_nan(mosaic_fmt f, uint32_t bits)
{
    return fp_desc_of(f) && fp_decode(f, bits, false).cls == FPV_NAN;
}
