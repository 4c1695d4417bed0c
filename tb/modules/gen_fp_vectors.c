/* Vectors for the Icarus benches of the numerics RTL (tb/modules/
 * tb_*_icarus.sv): golden-model results for a deterministic mix of inputs,
 * one hex word per line for $readmemh.
 *
 *   cvt:  [127:96] source bits  [95:64] expected bits  [63:56] from
 *         [55:48] to  [47:40] rm  [39:32] {wrap, subnormals, fp8_sat}
 *         [31:24] expected flags
 *   fma:  [159:128] a  [127:96] b  [95:64] c  [63:32] expected result
 *         [15:8] rm  [7:0] expected flags  (160-bit words)
 *
 * Usage: gen_fp_vectors cvt|fma N > file
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_fmt.h"

static unsigned long long state = 0x9E3779B97F4A7C15ull;

static unsigned rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 32);
}

/* FP32 pattern with an exponent near the interesting ranges. */
static unsigned f32(void)
{
    static const int centres[] = {127, 142, 113, 103, 135, 121, 118, 142, 111, 129, 126,
                                  134, 158, 157, 159, 254, 1, 0, 255};
    int e = (rnd() % 4) ? centres[rnd() % (sizeof centres / sizeof centres[0])] + (int)(rnd() % 7) - 3
                        : (int)(rnd() % 256);
    e = e < 0 ? 0 : e > 255 ? 255 : e;
    unsigned m = rnd() & 0x7FFFFFu;
    if (rnd() % 3 == 0)
        m &= ~((1u << (rnd() % 23)) - 1u);
    return (rnd() & 0x80000000u) | ((unsigned)e << 23) | m;
}

static unsigned source(unsigned from)
{
    switch (from) {
    case MOSAIC_FMT_FP32:
    case MOSAIC_FMT_TF32:
        return f32();
    case MOSAIC_FMT_INT32: {
        unsigned top = rnd() % 32, mag = (1u << top) | (rnd() & ((1u << top) - 1u));
        return (rnd() & 1) ? 0u - mag : mag;
    }
    default:
        return rnd() & mosaic_fmt_mask((mosaic_fmt)from);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3 || (strcmp(argv[1], "cvt") && strcmp(argv[1], "fma"))) {
        fprintf(stderr, "usage: %s cvt|fma N\n", argv[0]);
        return 2;
    }
    const long n = atol(argv[2]);
    const int cvt = strcmp(argv[1], "cvt") == 0;
    for (long i = 0; i < n; i++) {
        if (cvt) {
            unsigned from = rnd() % MOSAIC_FMT_COUNT, to = (unsigned)(i % MOSAIC_FMT_COUNT);
            unsigned bits = source(from), rm = rnd() % 5, o = rnd() % 8, flags = 0;
            mosaic_cvt_opts opts = {(mosaic_rm)rm, o & 1, (o >> 1) & 1, (o >> 2) & 1};
            unsigned want = mosaic_convert((mosaic_fmt)from, (mosaic_fmt)to, bits, &opts, &flags);
            printf("%08x%08x%02x%02x%02x%02x%02x000000\n", bits, want, from, to, rm, o, flags);
        } else {
            unsigned a, b, c;
            if (rnd() % 2) {
                a = f32();
                b = (rnd() % 2) ? f32()
                                : (rnd() & 0x80000000u) | ((unsigned)(117 + rnd() % 20) << 23) |
                                      (rnd() & 0x7FFFFFu);
                c = (rnd() % 4) ? f32() : mosaic_f32_mul(a, b, MOSAIC_RM_RNE, NULL) ^ 0x80000000u;
            } else {
                /* Exact ties: c plus an odd multiple of half its ULP.
                 * c's LSB weighs 2^L; a = m * 2^u (m odd, < 256) and
                 * b = 2^(L - 1 - u), so a*b = m * 2^(L-1). */
                int ec = 60 + (int)(rnd() % 140), L = ec - 150, u = (int)(rnd() % 20) - 10;
                unsigned m = (rnd() % 128) * 2 + 1, top = 31 - (unsigned)__builtin_clz(m);
                c = (rnd() & 0x80000000u) | ((unsigned)ec << 23) | (rnd() & 0x7FFFFFu);
                a = (rnd() & 0x80000000u) | ((unsigned)(127 + (int)top + u) << 23) |
                    ((m << (23 - top)) & 0x7FFFFFu);
                b = (rnd() & 0x80000000u) | ((unsigned)(127 + L - 1 - u) << 23);
            }
            unsigned rm = (unsigned)(i % 5), flags = 0;
            unsigned want = mosaic_f32_fma(a, b, c, (mosaic_rm)rm, &flags);
            printf("%08x%08x%08x%08x%08x\n", a, b, c, want, (rm << 8) | flags);
        }
    }
    return 0;
}
