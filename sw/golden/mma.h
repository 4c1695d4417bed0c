/* The tile multiply-accumulate core shared by MINA-T `tmma` (minat_mma.c)
 * and AME `mmacc` (ame.c, once per sub-operation). */
#ifndef MOSAIC_MMA_H
#define MOSAIC_MMA_H

#include <stdbool.h>

#include "mosaic_fmt.h"
#include "mosaic_tu.h"

/* Operand selection (docs/isa.md "tmma"): which element of A and B meets at
 * (i, k, j). Values 0..2 are mcsr.mmode; AME's bTR field uses all four. */
enum {
    MOSAIC_MMA_AB = 0,   /* a = A[i][k], b = B[k][j] */
    MOSAIC_MMA_ABT = 1,  /* a = A[i][k], b = B[j][k] */
    MOSAIC_MMA_ATB = 2,  /* a = A[k][i], b = B[k][j] */
    MOSAIC_MMA_ATBT = 3  /* a = A[k][i], b = B[j][k] (AME only) */
};

/* D = D + op(A)·op(B) on the m×k×n sub-problem of 16×16 tiles.
 *
 * Registers d, a, b (0..31) are read as dfmt, afmt, bfmt whatever their
 * tags; the caller has already checked legality (formats in one domain,
 * integer inputs INT8/INT16, mode 0..3, m/k/n 0..16, register indices).
 * All three operands are copied before D is written, so d may equal a or b.
 *
 * Float (dfmt float; afmt and bfmt must be float): for each i < m, j < n,
 * acc = D[i][j] exactly in FP32; for kk = 0..k-1 in order
 * acc = fma(a, b, acc) in FP32 with one rounding under opts->rm; then
 * D[i][j] = convert(acc) to dfmt under opts (rm, fp8_sat, subnormals).
 * Operands widen with mosaic_to_f32(..., opts, ...).
 *
 * Integer (dfmt integer; afmt and bfmt INT8/INT16): D[i][j] + Σ a·b exactly
 * (64-bit), then to dfmt with wrap if int_wrap, else saturation.
 * (opts->int_wrap is not consulted: int_wrap is the only switch.)
 *
 * k == 0 leaves every element's bits unchanged (no conversion round trip),
 * matching "msettile 0: the matrix instructions change no element".
 *
 * Elements outside m×n keep their bits (as read in dfmt). The whole 1024-byte
 * register is rewritten: the dfmt tile, then zeros above it (R9), even when
 * m, n or k is 0. The tag is NOT changed and no mosaic_tu_result is touched:
 * the caller records the write (treg_written), sets the tag if it must (AME
 * sets RFmt), and passes *flags (OR-ed MOSAIC_FLAG_*; may not be NULL) to
 * mosaic_tu_note_flags. */
void mosaic_mma_tile(mosaic_tu *tu, unsigned d, mosaic_fmt dfmt, unsigned a, mosaic_fmt afmt,
                     unsigned b, mosaic_fmt bfmt, unsigned mode, unsigned m, unsigned k,
                     unsigned n, const mosaic_cvt_opts *opts, bool int_wrap, unsigned *flags);

#endif
