/* Tiled GEMM on the tensor unit: C = A x B for any M, N, K. */
#ifndef GEMM_H
#define GEMM_H

#include <stdint.h>

/* A is M x K, B is K x N, C is M x N, all row-major in main memory with
 * leading dimensions (elements per row in memory) lda, ldb, ldc. Element
 * formats are tags (FMT_*): in_fmt for A and B, out_fmt for C; any pair
 * tmma accepts. Returns 0, or -1 for an unsupported request.
 *
 * Tiles travel main memory -> scratchpad by SDMA (whose row stride is a
 * CSR, so any leading dimension works, unlike tld's 12-bit immediate) and
 * scratchpad -> tensor registers by tld with a fixed tile pitch. Edge tiles
 * set mtilem/k/n so tmma computes only the m x k x n sub-problem, and SDMA
 * moves only the valid rows and columns, so the kernel never touches memory
 * outside the three matrices. */
int gemm_tiled(unsigned in_fmt, unsigned out_fmt, uint32_t M, uint32_t N, uint32_t K,
               const void *A, uint32_t lda, const void *B, uint32_t ldb, void *C,
               uint32_t ldc);

#endif
