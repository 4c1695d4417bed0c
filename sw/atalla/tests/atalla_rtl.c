/* All seven Atalla kernels and the allocator on small shapes, for a
 * lockstep run on the RTL (the 4x4 build; sw/atalla/test_atalla.py checks
 * the printed outputs against numpy as for the ISS breadth run). Edge tiles
 * everywhere, a batched GEMM, a GEMM on the fast chains, in-place
 * elementwise, every transpose path,
 * and a case run while the caller holds scratchpad pages. */
#include <stdio.h>

#include "tcase.h"

static const tcase cases[] = {
    {"add_15x17", 'a', 2, {15, 17, 0, 0}, 0, 0, 0, 0, 0},
    {"sub_inplace_33", 'u', 1, {33, 0, 0, 0}, 0, 0, 0, 1, 0},
    {"mul_2x3x5", 'm', 3, {2, 3, 5, 0}, 0, 0, 0, 0, 0},
    {"relu_hold_1x2x3x17", 'r', 4, {1, 2, 3, 17}, 0, 0, 61440, 0, 0},
    {"gemm_17x15x33", 'g', 2, {17, 15, 0, 0}, 33, 0, 0, 0, 0},
    {"gemm_b2_5x17x3", 'g', 3, {2, 5, 17, 0}, 3, 0, 0, 0, 0},
    /* the fast chains (4 tiles), two panels, K != N */
    {"gemm_20x64x80", 'g', 2, {20, 64, 0, 0}, 80, 0, 0, 0, 0},
    {"softmax_3x40", 's', 2, {3, 40, 0, 0}, -1, 0, 0, 0, 0},
    {"transpose_17x33_01", 't', 2, {17, 33, 0, 0}, 0, 1, 0, 0, 0},
    {"transpose_2x3x5_01", 't', 3, {2, 3, 5, 0}, 0, 1, 0, 0, 0},
    {"transpose_2x3x5_22", 't', 3, {2, 3, 5, 0}, 2, 2, 0, 0, 0},
};

int main(void)
{
    int bad = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        bad |= tcase_run(&cases[i], 500u + i, 1) != 0;
    /* The allocator directly: what the kernels took is back in the pool. */
    int sid = -1;
    void *p = scpad_alloc(3000, 1024, &sid);
    printf("SCPAD %lx %d\n", (unsigned long)(uintptr_t)p, sid);
    scpad_free(p, sid);
    printf("END\n");
    return bad;
}
