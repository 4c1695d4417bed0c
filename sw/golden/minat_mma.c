/* tmma and the multiply-accumulate core it shares with AME mmacc (mma.h). */
#include <string.h>

#include "minat.h"
#include "mma.h"

/* Element indices of a(i, kk) and b(kk, j) under an operand mode: bit 1
 * transposes A, bit 0 transposes B (MOSAIC_MMA_*). */
static unsigned a_index(unsigned mode, unsigned i, unsigned kk)
{
    return (mode & 2u) ? kk * MOSAIC_TILE + i : i * MOSAIC_TILE + kk;
}

static unsigned b_index(unsigned mode, unsigned kk, unsigned j)
{
    return (mode & 1u) ? j * MOSAIC_TILE + kk : kk * MOSAIC_TILE + j;
}

void mosaic_mma_tile(mosaic_tu *tu, unsigned d, mosaic_fmt dfmt, unsigned a, mosaic_fmt afmt,
                     unsigned b, mosaic_fmt bfmt, unsigned mode, unsigned m, unsigned k,
                     unsigned n, const mosaic_cvt_opts *opts, bool int_wrap, unsigned *flags)
{
    uint32_t A[MINAT_ELEMS], B[MINAT_ELEMS], D[MINAT_ELEMS];
    minat_read_tile(tu, a, afmt, A);
    minat_read_tile(tu, b, bfmt, B);
    minat_read_tile(tu, d, dfmt, D);
    bool fp = mosaic_fmt_is_float(dfmt);
    /* Out-of-range sizes would index past the tile; CSRs cap them at 16. */
    m = m < MOSAIC_TILE ? m : MOSAIC_TILE;
    k = k < MOSAIC_TILE ? k : MOSAIC_TILE;
    n = n < MOSAIC_TILE ? n : MOSAIC_TILE;

    if (k > 0) {
        /* Widen every operand once; the value of an element does not
         * depend on which (i, j) uses it. */
        uint32_t fa[MINAT_ELEMS], fb[MINAT_ELEMS];
        int64_t ia[MINAT_ELEMS], ib[MINAT_ELEMS];
        for (unsigned e = 0; e < MINAT_ELEMS; e++) {
            if (fp) {
                fa[e] = mosaic_to_f32(afmt, A[e], opts, flags);
                fb[e] = mosaic_to_f32(bfmt, B[e], opts, flags);
            } else {
                ia[e] = mosaic_int_value(afmt, A[e]);
                ib[e] = mosaic_int_value(bfmt, B[e]);
            }
        }
        for (unsigned i = 0; i < m; i++) {
            for (unsigned j = 0; j < n; j++) {
                unsigned e = i * MOSAIC_TILE + j;
                if (fp) {
                    uint32_t acc = mosaic_to_f32(dfmt, D[e], opts, flags);
                    for (unsigned kk = 0; kk < k; kk++)
                        acc = mosaic_f32_fma(fa[a_index(mode, i, kk)], fb[b_index(mode, kk, j)],
                                             acc, opts->rm, flags);
                    D[e] = mosaic_convert(MOSAIC_FMT_FP32, dfmt, acc, opts, flags);
                } else {
                    /* |a·b| <= 2^30, 16 terms plus an INT32: fits easily. */
                    int64_t acc = mosaic_int_value(dfmt, D[e]);
                    for (unsigned kk = 0; kk < k; kk++)
                        acc += ia[a_index(mode, i, kk)] * ib[b_index(mode, kk, j)];
                    D[e] = mosaic_int_to_fmt(dfmt, acc, int_wrap, flags);
                }
            }
        }
    }

    memset(tu->treg[d], 0, MOSAIC_TREG_BYTES); /* R9 */
    for (unsigned e = 0; e < MINAT_ELEMS; e++)
        mosaic_tile_set(tu, d, dfmt, e, D[e]);
}

void minat_tmma(mosaic_tu *tu, unsigned d, unsigned a, unsigned b, mosaic_tu_result *res)
{
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    mosaic_mma_tile(tu, d, (mosaic_fmt)tu->tag[d], a, (mosaic_fmt)tu->tag[a], b,
                    (mosaic_fmt)tu->tag[b], tu->mcsr & MOSAIC_MCSR_MMODE_MASK, tu->mtilem,
                    tu->mtilek, tu->mtilen, &o, false, &flags);
    res->treg_written |= 1u << d;
    mosaic_tu_note_flags(tu, flags, false, res);
}
