/* Atalla kernel ABI and scratchpad allocator on Mosaic (docs/atalla.md).
 *
 * The types and the nine functions of the Atalla phase-1 specification
 * (../shared/specs/atalla-phase1.md, "Kernel ABI" and "Scratchpad
 * Allocation API") exactly as it writes them, plus the error codes and the
 * allocator's pool type, which the specification leaves to the
 * implementation. Code that includes only this header and calls the
 * specified functions compiles unchanged.
 *
 * Every kernel returns 0 or one ATALLA_ERR_* code; a kernel that returns an
 * error has issued no write to out->data. */
#ifndef ATALLA_H
#define ATALLA_H

#include <stddef.h>
#include <stdint.h>

typedef uint16_t bf16;

typedef struct {
    bf16* data;
    int32_t ndim;
    int32_t sizes[4];
    int32_t strides[4];
} atalla_tensor;

int atalla_gemm(const atalla_tensor* a,
                const atalla_tensor* b,
                atalla_tensor* out);

int atalla_relu(const atalla_tensor* x,
                atalla_tensor* out);

int atalla_softmax(const atalla_tensor* x,
                   int32_t dim,
                   atalla_tensor* out);

int atalla_add(const atalla_tensor* a,
               const atalla_tensor* b,
               atalla_tensor* out);

int atalla_sub(const atalla_tensor* a,
               const atalla_tensor* b,
               atalla_tensor* out);

int atalla_mul(const atalla_tensor* a,
               const atalla_tensor* b,
               atalla_tensor* out);

int atalla_transpose(const atalla_tensor* x,
                     int32_t dim0,
                     int32_t dim1,
                     atalla_tensor* out);

void* scpad_alloc(size_t bytes, size_t align, int* sid);
void  scpad_free(void* ptr, int sid);

/* ---- error codes (checked in this order; the first failing check wins) --- */
#define ATALLA_OK 0
#define ATALLA_ERR_NULL 1    /* a tensor pointer or its data pointer is NULL */
#define ATALLA_ERR_NDIM 2    /* ndim outside 1..4 (GEMM: outside 2..4) */
#define ATALLA_ERR_SIZE 3    /* a size <= 0, or the tensor exceeds 2^31 bytes */
#define ATALLA_ERR_STRIDE 4  /* strides are not the contiguous row-major ones */
#define ATALLA_ERR_ALIGN 5   /* a data pointer is not 64-byte aligned */
#define ATALLA_ERR_SHAPE 6   /* shapes do not match (inputs, or out's shape) */
#define ATALLA_ERR_DIM 7     /* softmax: dim is not the last dimension */
#define ATALLA_ERR_TDIM 8    /* transpose: dim0 or dim1 outside -ndim..ndim-1 */
#define ATALLA_ERR_ALIAS 9   /* out overlaps an input where that is not allowed */
#define ATALLA_ERR_SCPAD 10  /* not enough free scratchpad for the kernel */

/* ---- scratchpad allocator -------------------------------------------------- */

/* Page allocator over the two scratchpad banks: 256-byte pages (Atalla's
 * scratchpad pointer alignment), 256 pages per 64 KiB bank. An allocation
 * is a run of pages inside one bank; freeing clears the run, so adjacent
 * free runs coalesce by construction. */
#define SCPAD_PAGE_BYTES 256u
#define SCPAD_BANK_PAGES 256u
#define SCPAD_NBANKS 2u

#define SCPAD_MAP_WORDS (SCPAD_BANK_PAGES / 32u)

/* Bitmaps: every kernel call allocates and frees its buffers, and a word
 * operation per 32 pages keeps that to a few hundred cycles. */
typedef struct {
    uint32_t base;                               /* address of bank 0, page 0 */
    uint32_t used[SCPAD_NBANKS][SCPAD_MAP_WORDS];  /* bit: page belongs to an allocation */
    uint32_t start[SCPAD_NBANKS][SCPAD_MAP_WORDS]; /* bit: page starts a live allocation */
    uint16_t run[SCPAD_NBANKS][SCPAD_BANK_PAGES];  /* its length in pages; read only
                                                      where start is set */
} scpad_pool;

/* The pool scpad_alloc/scpad_free and the kernels use: one instance owned by
 * the Atalla runtime (sw/atalla/scpad_rt.c), covering the whole scratchpad,
 * set up on first use. Programs that place their own buffers in the
 * scratchpad (MOSAIC_SCPAD_BANK0/1) must take them from this pool instead,
 * or the kernels may overwrite them. */
scpad_pool* atalla_scpad_pool(void);

/* Explicit-pool forms (scpad_alloc = scpad_pool_alloc(atalla_scpad_pool(),
 * ..., -1, ...)). bank: -1 = first fit in bank 0, then bank 1; 0 or 1 = only
 * that bank. NULL when bytes == 0, align is not a power of two >= 64, sid is
 * NULL or nothing fits. scpad_pool_free ignores NULL, a pointer that is not
 * the start of a live allocation in bank sid (double free, wrong bank,
 * interior pointer): the pool is left unchanged. */
void scpad_pool_init(scpad_pool* p, uint32_t base);
void* scpad_pool_alloc(scpad_pool* p, size_t bytes, size_t align, int bank, int* sid);
void scpad_pool_free(scpad_pool* p, void* ptr, int sid);
/* Free pages in bank b (for tests and diagnostics). */
uint32_t scpad_pool_free_pages(const scpad_pool* p, int b);

#endif
