/* Shared by the Atalla kernels: argument checks, the kernel prologue and
 * epilogue, SDMA command helpers, scratchpad buffer sets and tile moves with
 * a run-time pitch. Not part of the ABI. */
#ifndef ATALLA_INTERNAL_H
#define ATALLA_INTERNAL_H

#include <stdint.h>

#include "atalla.h"
#include "mosaic.h"

/* ---- argument checks (check.c) ------------------------------------------- */

/* Elements of a tensor that passed atalla_check_args (fits in 2^30). */
uint32_t atalla_numel(const atalla_tensor *t);

/* Checks NULL, ndim (lo..hi), sizes, strides, alignment of n tensors (the
 * output last), each check over all tensors before the next, in the order
 * of the ATALLA_ERR_* codes. Returns 0 or the first failing code. */
int atalla_check_args(const atalla_tensor *const *t, unsigned n, int lo, int hi);
/* Same ndim and sizes. */
int atalla_same_shape(const atalla_tensor *a, const atalla_tensor *b);
/* The byte ranges of two tensors' data overlap. */
int atalla_overlap(const atalla_tensor *a, const atalla_tensor *b);

/* ---- kernel prologue / epilogue (kernel.c) -------------------------------- */

/* What a kernel changes and gives back: mcsr is set to 0 (RNE, A x B) for
 * the kernel and restored after; sdma_stride and mtilem/k/n are left as the
 * kernel leaves them (documented as clobbered, like tr0-tr31). */
typedef struct {
    uint32_t mcsr;
} atalla_ctx;

/* fence (the caller's scalar stores to the inputs become visible to the
 * tensor unit), mcsr = 0, sdma_stride = stride. */
void atalla_begin(atalla_ctx *c, uint32_t stride);
/* scpad.wait (an SDMA fault traps here), fence (the caller's scalar loads
 * see out), whole-tile geometry, mcsr restored. */
void atalla_end(const atalla_ctx *c);

/* ---- SDMA (xfer.c) ----------------------------------------------------------- */

/* Copy `bytes` (even, >= 2) of contiguous main memory at mem to/from the
 * scratchpad at sp, exactly those bytes: 128-byte rows of 32 words while
 * they last (needs sdma_stride == 128 if more than one row), then one
 * single-row command of words and one of a half-word. mem and sp must be
 * 4-byte aligned. */
void atalla_ld_flat(uint32_t sp, uintptr_t mem, uint32_t bytes);
void atalla_st_flat(uint32_t sp, uintptr_t mem, uint32_t bytes);

/* Copy one contiguous run of `bytes` (even) with single-row commands (no
 * stride involved): 128-byte word commands when both addresses are 4-byte
 * aligned, else 64-byte half-word commands. */
void atalla_ld_run(uint32_t sp, uintptr_t mem, uint32_t bytes);
void atalla_st_run(uint32_t sp, uintptr_t mem, uint32_t bytes);

/* ---- scratchpad buffers (bufs.c) -------------------------------------------- */

#define ATALLA_MAX_BUFS 8
typedef struct {
    uint32_t addr[ATALLA_MAX_BUFS]; /* the buffers */
    unsigned n;                     /* pool allocations behind them */
    uint32_t alloc[ATALLA_MAX_BUFS];
    int sid[ATALLA_MAX_BUFS];
} atalla_bufs;

/* Allocate n buffers of the given sizes from the runtime pool (bank[i]: -1
 * any, 0/1 preferred bank, falling back to the other), 256-byte aligned.
 * All or nothing: returns 0 with every buffer allocated, or ATALLA_ERR_SCPAD
 * with none. When every buffer names a bank, the buffers of a bank are
 * first tried as one block of it (an allocation costs the call a few
 * hundred cycles); else, or when a block does not fit, buffer by buffer. */
int atalla_bufs_alloc(atalla_bufs *b, unsigned n, const uint32_t *bytes, const int *bank);
void atalla_bufs_free(atalla_bufs *b);

/* ---- tile moves with a run-time pitch --------------------------------------------- */

/* tld/tst take the row stride as an immediate; a scratchpad region whose
 * row pitch is only known at run time (an edge region of w < 32 columns
 * lands packed, pitch 2w bytes) goes through one case per pitch. */
#define ATALLA_PITCH_CASE(op, r, a, p)                                         \
    case p:                                                                    \
        op(r, a, p);                                                           \
        break;
#define ATALLA_PITCH_SWITCH(op, r, a, pitch)                                   \
    do {                                                                       \
        switch (pitch) {                                                       \
            ATALLA_PITCH_CASE(op, r, a, 2) ATALLA_PITCH_CASE(op, r, a, 4)      \
            ATALLA_PITCH_CASE(op, r, a, 6) ATALLA_PITCH_CASE(op, r, a, 8)      \
            ATALLA_PITCH_CASE(op, r, a, 10) ATALLA_PITCH_CASE(op, r, a, 12)    \
            ATALLA_PITCH_CASE(op, r, a, 14) ATALLA_PITCH_CASE(op, r, a, 16)    \
            ATALLA_PITCH_CASE(op, r, a, 18) ATALLA_PITCH_CASE(op, r, a, 20)    \
            ATALLA_PITCH_CASE(op, r, a, 22) ATALLA_PITCH_CASE(op, r, a, 24)    \
            ATALLA_PITCH_CASE(op, r, a, 26) ATALLA_PITCH_CASE(op, r, a, 28)    \
            ATALLA_PITCH_CASE(op, r, a, 30) ATALLA_PITCH_CASE(op, r, a, 32)    \
            ATALLA_PITCH_CASE(op, r, a, 34) ATALLA_PITCH_CASE(op, r, a, 36)    \
            ATALLA_PITCH_CASE(op, r, a, 38) ATALLA_PITCH_CASE(op, r, a, 40)    \
            ATALLA_PITCH_CASE(op, r, a, 42) ATALLA_PITCH_CASE(op, r, a, 44)    \
            ATALLA_PITCH_CASE(op, r, a, 46) ATALLA_PITCH_CASE(op, r, a, 48)    \
            ATALLA_PITCH_CASE(op, r, a, 50) ATALLA_PITCH_CASE(op, r, a, 52)    \
            ATALLA_PITCH_CASE(op, r, a, 54) ATALLA_PITCH_CASE(op, r, a, 56)    \
            ATALLA_PITCH_CASE(op, r, a, 58) ATALLA_PITCH_CASE(op, r, a, 60)    \
            ATALLA_PITCH_CASE(op, r, a, 62) ATALLA_PITCH_CASE(op, r, a, 64)    \
        default:                                                               \
            break;                                                             \
        }                                                                      \
    } while (0)
/* 16 rows of tile register r from / to the scratchpad at a, row pitch
 * `pitch` bytes (an even 2..64). A pitch below 32 reads past the region's
 * rows into the next ones (ignored lanes) and tst writes rows in order, so
 * each row's first pitch/2 elements end up packed (docs/isa.md R20). */
#define atalla_tld_p(r, a, pitch) ATALLA_PITCH_SWITCH(tld, r, a, pitch)
#define atalla_tst_p(r, a, pitch) ATALLA_PITCH_SWITCH(tst, r, a, pitch)

/* Bytes a pitch-p region of h rows needs so that tld/tst of a whole tile at
 * any 16-column offset inside it stays inside the buffer: 16 rows of 32
 * bytes from the last tile's start. */
#define ATALLA_REGION_SLACK 64u

#define SPA(x) ((uint32_t)(uintptr_t)(x))

#endif
