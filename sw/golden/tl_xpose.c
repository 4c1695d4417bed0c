/* tl.xpose.ab: swap two dimensions of a 4-D byte tensor. */
#include <string.h>

#include "tl_internal.h"

void tl_exec_xpose(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    unsigned a = in->funct7 & 3u, b = (in->funct7 >> 2) & 3u;
    tl_shape src = tl_shape_decode(in->x_rs2);
    if (!tl_shape_accept(tu, in, &src, res))
        return;

    /* perm[r] = the source dimension that result dimension r comes from. */
    unsigned perm[4] = {0, 1, 2, 3};
    perm[a] = b;
    perm[b] = a;
    tl_shape dst;
    for (unsigned r = 0; r < 4; r++)
        dst.d[r] = src.d[perm[r]];

    unsigned sstride[4];
    sstride[3] = 1;
    for (int r = 2; r >= 0; r--)
        sstride[r] = sstride[r + 1] * src.d[r + 1];
    /* Source stride of each result dimension, so the walk below is a plain
     * row-major walk of the result. */
    unsigned step[4];
    for (unsigned r = 0; r < 4; r++)
        step[r] = sstride[perm[r]];

    uint8_t s[MOSAIC_TREG_BYTES];
    memcpy(s, tu->treg[in->rs1], sizeof s); /* rd may equal rs1 */
    mosaic_treg_clear(tu, in->rd, res);
    uint8_t *d = tu->treg[in->rd];
    unsigned o = 0;
    for (unsigned i = 0; i < dst.d[0]; i++)
        for (unsigned j = 0; j < dst.d[1]; j++)
            for (unsigned k = 0; k < dst.d[2]; k++)
                for (unsigned l = 0; l < dst.d[3]; l++)
                    d[o++] = s[i * step[0] + j * step[1] + k * step[2] + l * step[3]];

    tu->tl_shape = tl_shape_encode(&dst);
    tu->tl_perm = perm[0] | (perm[1] << 2) | (perm[2] << 4) | (perm[3] << 6);
    res->csr_written = true;
}
