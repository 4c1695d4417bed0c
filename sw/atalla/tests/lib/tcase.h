/* Driver of the Atalla kernel test programs: builds the tensors of a case
 * in main memory from a seed, runs the kernel, and prints inputs and output
 * for sw/atalla/test_atalla.py, which computes the reference with numpy.
 *
 * Output per case (one line each; tensors as 4 hex digits per element):
 *   CASE <name> <kernel> rc=<rc>
 *   T <role> <ndim> <size0> .. <size ndim-1> <hex...>      (role a, b, out)
 * The host takes shapes from the T lines, so it needs nothing else. */
#ifndef ATALLA_TCASE_H
#define ATALLA_TCASE_H

#include <stdint.h>

#include "atalla.h"

/* Value distributions of the inputs. */
enum {
    DIST_WIDE,    /* exponents 2^-20..2^20, some 0, -0, Inf, NaN, subnormal */
    DIST_GEMM,    /* |x| in [2^-7, 2) (sums of thousands stay finite) */
    DIST_SOFTMAX, /* |x| < 16, a few large (|x| up to 2^10) */
    DIST_BITS,    /* any 16-bit pattern (transpose moves bits) */
};

typedef struct {
    const char *name;
    char kern;        /* g gemm, r relu, s softmax, a add, u sub, m mul, t transpose */
    int32_t nd;
    int32_t s[4];     /* sizes of the (first) input */
    int32_t p0, p1;   /* gemm: N; softmax: dim; transpose: dim0, dim1 */
    uint32_t hold;    /* scratchpad bytes the caller holds in each bank during the call */
    int inplace;      /* elementwise, softmax: out = a */
    uint32_t hold1;   /* if nonzero: bytes held in bank 1 (hold: bank 0) */
} tcase;

/* Runs one case and prints it; returns the kernel's return code. */
int tcase_run(const tcase *c, uint32_t seed, int dump);

#endif
