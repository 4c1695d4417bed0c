/* One Atalla GEMM with edge tiles in every dimension, for a lockstep run on
 * the 16x16 RTL build (sw/atalla/test_atalla.py). */
#include <stdio.h>

#include "tcase.h"

static const tcase one = {"gemm_33x17x20", 'g', 2, {33, 17, 0, 0}, 20, 0, 0, 0, 0};

int main(void)
{
    int rc = tcase_run(&one, 77u, 1);
    printf("END\n");
    return rc != 0;
}
