/* tl.concat.d: masked concatenation of two tensors along dimension d. */
#include <string.h>

#include "tl_internal.h"

/* Positions of dimension length `len` selected by `mask` (bit i = position
 * i, LSB first, R7); bits past the dimension or past 31 select nothing. */
static unsigned select_positions(uint32_t mask, unsigned len, unsigned *pos)
{
    unsigned n = 0;
    for (unsigned p = 0; p < len && p < 32; p++)
        if (mask & (1u << p))
            pos[n++] = p;
    return n;
}

void tl_exec_concat(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    unsigned dim = in->funct7 & 3u;
    tl_shape src = tl_shape_decode(tu->tl_shape);
    if (!tl_shape_accept(tu, in, &src, res))
        return;

    unsigned sel1[32], sel2[32];
    unsigned n1 = select_positions(tu->tl_mask1, src.d[dim], sel1);
    unsigned n2 = select_positions(tu->tl_mask2, src.d[dim], sel2);
    tl_shape dst = src;
    dst.d[dim] = n1 + n2;
    /* The result must itself be a register-sized tensor: an empty selection
     * (zero dimension) or one that outgrows 1024 bytes is a bad descriptor. */
    if (!tl_shape_accept(tu, in, &dst, res))
        return;

    unsigned outer = 1, inner = 1;
    for (unsigned r = 0; r < dim; r++)
        outer *= src.d[r];
    for (unsigned r = dim + 1; r < 4; r++)
        inner *= src.d[r];

    uint8_t a[MOSAIC_TREG_BYTES], b[MOSAIC_TREG_BYTES];
    memcpy(a, tu->treg[in->rs1], sizeof a); /* rd may equal a source */
    memcpy(b, tu->treg[in->rs2], sizeof b);
    mosaic_treg_clear(tu, in->rd, res);
    uint8_t *d = tu->treg[in->rd];
    unsigned len = src.d[dim], n = n1 + n2;
    for (unsigned o = 0; o < outer; o++)
        for (unsigned q = 0; q < n; q++) {
            const uint8_t *from = q < n1 ? a + (o * len + sel1[q]) * inner
                                         : b + (o * len + sel2[q - n1]) * inner;
            memcpy(d + (o * n + q) * inner, from, inner);
        }

    tu->tl_shape = tl_shape_encode(&dst);
    res->csr_written = true;
}
