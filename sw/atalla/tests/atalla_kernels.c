/* Every Atalla kernel on many shapes (sizes 1, 15, 17, 33, non-square,
 * ranks 1-4, batched GEMM, multi-chunk and multi-panel runs, in-place
 * elementwise and softmax, a caller holding scratchpad). Prints inputs and
 * outputs (tcase.h); sw/atalla/test_atalla.py checks them against numpy. */
#include <stdio.h>

#include "tcase.h"

#define S1(a) 1, {a, 0, 0, 0}
#define S2(a, b) 2, {a, b, 0, 0}
#define S3(a, b, c) 3, {a, b, c, 0}
#define S4(a, b, c, d) 4, {a, b, c, d}

static const tcase cases[] = {
    /* elementwise: add a, sub u, mul m, relu r */
    {"add_1", 'a', S1(1), 0, 0, 0, 0, 0},
    {"add_15", 'a', S1(15), 0, 0, 0, 0, 0},
    {"add_17x33", 'a', S2(17, 33), 0, 0, 0, 0, 0},
    {"add_3x1x5x33", 'a', S4(3, 1, 5, 33), 0, 0, 0, 0, 0},
    {"add_4097_chunks", 'a', S1(4097), 0, 0, 0, 0, 0},
    {"add_inplace_2x15x33", 'a', S3(2, 15, 33), 0, 0, 0, 1, 0},
    {"add_hold_100x333", 'a', S2(100, 333), 0, 0, 61440, 0, 0},
    {"sub_33", 'u', S1(33), 0, 0, 0, 0, 0},
    {"sub_15x17", 'u', S2(15, 17), 0, 0, 0, 0, 0},
    {"sub_2x3x17", 'u', S3(2, 3, 17), 0, 0, 0, 0, 0},
    {"sub_2x2x2x1000", 'u', S4(2, 2, 2, 1000), 0, 0, 0, 0, 0},
    {"mul_17", 'm', S1(17), 0, 0, 0, 0, 0},
    {"mul_33x15", 'm', S2(33, 15), 0, 0, 0, 0, 0},
    {"mul_1x1x1x1", 'm', S4(1, 1, 1, 1), 0, 0, 0, 0, 0},
    {"mul_inplace_3x3000", 'm', S2(3, 3000), 0, 0, 0, 1, 0},
    {"relu_1", 'r', S1(1), 0, 0, 0, 0, 0},
    {"relu_15x17", 'r', S2(15, 17), 0, 0, 0, 0, 0},
    {"relu_5x7x33", 'r', S3(5, 7, 33), 0, 0, 0, 0, 0},
    {"relu_2x3x4x500", 'r', S4(2, 3, 4, 500), 0, 0, 0, 0, 0},
    {"relu_inplace_9000", 'r', S1(9000), 0, 0, 0, 1, 0},
    /* gemm: sizes of a ([..., M, K]) and N */
    {"gemm_1x1x1", 'g', S2(1, 1), 1, 0, 0, 0, 0},
    {"gemm_15x17x33", 'g', S2(15, 17), 33, 0, 0, 0, 0},
    {"gemm_33x15x17", 'g', S2(33, 15), 17, 0, 0, 0, 0},
    {"gemm_17x33x1", 'g', S2(17, 33), 1, 0, 0, 0, 0},
    {"gemm_16x16x16", 'g', S2(16, 16), 16, 0, 0, 0, 0},
    {"gemm_64x64x64", 'g', S2(64, 64), 64, 0, 0, 0, 0},
    {"gemm_70x40x130", 'g', S2(70, 40), 130, 0, 0, 0, 0},
    {"gemm_48x128x128", 'g', S2(48, 128), 128, 0, 0, 0, 0},
    {"gemm_20x300x20", 'g', S2(20, 300), 20, 0, 0, 0, 0},
    {"gemm_b2_17x33x15", 'g', S3(2, 17, 33), 15, 0, 0, 0, 0},
    {"gemm_b2x3_15x17x33", 'g', S4(2, 3, 15, 17), 33, 0, 0, 0, 0},
    {"gemm_40x256x80", 'g', S2(40, 256), 80, 0, 0, 0, 0},
    {"gemm_33x512x64", 'g', S2(33, 512), 64, 0, 0, 0, 0},
    {"gemm_48x256x256", 'g', S2(48, 256), 256, 0, 0, 0, 0},
    /* fast chains of 12 and 8 tiles; two chunks, the second of 4 */
    {"gemm_33x192x70", 'g', S2(33, 192), 70, 0, 0, 0, 0},
    {"gemm_b2_40x128x64", 'g', S3(2, 40, 128), 64, 0, 0, 0, 0},
    {"gemm_17x320x48", 'g', S2(17, 320), 48, 0, 0, 0, 0},
    {"gemm_b2_17x256x16", 'g', S3(2, 17, 256), 16, 0, 0, 0, 0},
    {"gemm_2x976x3_kmax", 'g', S2(2, 976), 3, 0, 0, 0, 0},
    {"gemm_hold_40x100x70", 'g', S2(40, 100), 70, 0, 49152, 0, 0},
    /* softmax: p0 = dim */
    {"softmax_1", 's', S1(1), 0, 0, 0, 0, 0},
    {"softmax_15", 's', S1(15), -1, 0, 0, 0, 0},
    {"softmax_17x33", 's', S2(17, 33), 1, 0, 0, 0, 0},
    {"softmax_33x16", 's', S2(33, 16), 1, 0, 0, 0, 0},
    {"softmax_20x1", 's', S2(20, 1), -1, 0, 0, 0, 0},
    {"softmax_2x3x17", 's', S3(2, 3, 17), 2, 0, 0, 0, 0},
    {"softmax_2x2x3x40", 's', S4(2, 2, 3, 40), 3, 0, 0, 0, 0},
    {"softmax_40x1000", 's', S2(40, 1000), 1, 0, 0, 0, 0},
    {"softmax_2x2032_lmax", 's', S2(2, 2032), 1, 0, 0, 0, 0},
    {"softmax_inplace_35x100", 's', S2(35, 100), -1, 0, 0, 1, 0},
    {"softmax_hold_17x300", 's', S2(17, 300), 1, 0, 53248, 0, 65536},
    /* transpose: p0, p1 = dims */
    {"transpose_15x17_01", 't', S2(15, 17), 0, 1, 0, 0, 0},
    {"transpose_33x1_01", 't', S2(33, 1), 0, 1, 0, 0, 0},
    {"transpose_17x33_10", 't', S2(17, 33), 1, 0, 0, 0, 0},
    {"transpose_70x130_01", 't', S2(70, 130), 0, 1, 0, 0, 0},
    {"transpose_64x64_01", 't', S2(64, 64), 0, 1, 0, 0, 0},
    {"transpose_1_00", 't', S1(33), 0, 0, 0, 0, 0},
    {"transpose_2x17x15_01", 't', S3(2, 17, 15), 0, 1, 0, 0, 0},
    {"transpose_2x17x15_02", 't', S3(2, 17, 15), 0, 2, 0, 0, 0},
    {"transpose_2x17x15_12", 't', S3(2, 17, 15), 1, 2, 0, 0, 0},
    {"transpose_3x4x40_01", 't', S3(3, 4, 40), 0, 1, 0, 0, 0},
    {"transpose_2x2x3000_01", 't', S3(2, 2, 3000), -3, -2, 0, 0, 0},
    {"transpose_2x3x5x17_03", 't', S4(2, 3, 5, 17), 0, 3, 0, 0, 0},
    {"transpose_2x3x5x17_12", 't', S4(2, 3, 5, 17), 1, 2, 0, 0, 0},
    {"transpose_2x3x5x17_23", 't', S4(2, 3, 5, 17), 2, 3, 0, 0, 0},
    {"transpose_3x40x2x5_13", 't', S4(3, 40, 2, 5), 1, -1, 0, 0, 0},
    {"transpose_3x40x2x5_11", 't', S4(3, 40, 2, 5), 1, 1, 0, 0, 0},
};

int main(void)
{
    int bad = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad |= tcase_run(&cases[i], 1000u + i, 1) != 0;
    printf("END\n");
    return bad;
}
