/* tld / tst: 16 rows of one tile row each, row y at x[rs1] + y*stride.
 * A row in memory has the same packing as a row in the register (FP4: 8
 * bytes, element 2k in the low nibble), so rows move as plain bytes. */
#include "minat.h"

/* Row size and alignment (the element size; FP4 elements share bytes, so
 * byte alignment) of the register's format. */
static void row_geometry(const mosaic_tu *tu, unsigned reg, uint32_t *row_bytes,
                         uint32_t *align)
{
    unsigned bits = mosaic_fmt_bits((mosaic_fmt)tu->tag[reg]);
    *row_bytes = MOSAIC_TILE * bits / 8u;
    *align = bits >= 8 ? bits / 8u : 1u;
}

void minat_tld(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
               mosaic_tu_result *res)
{
    uint32_t row_bytes, align;
    row_geometry(tu, in->rd, &row_bytes, &align);
    if (!mosaic_tile_access_ok(tu, mem, in->x_rs1, in->imm_i, MOSAIC_TILE, row_bytes, align,
                               false, res))
        return;
    /* Every row is read before the register changes (a memory interface
     * callback must not observe a half-written register). */
    uint8_t buf[MOSAIC_TREG_BYTES] = {0};
    bool ok = true;
    for (uint32_t y = 0; y < MOSAIC_TILE; y++)
        ok &= mem->read(mem->ctx, in->x_rs1 + y * (uint32_t)in->imm_i, buf + y * row_bytes,
                        row_bytes);
    if (!ok)
        mosaic_tu_bus_error(tu, false, in->x_rs1);
    mosaic_treg_clear(tu, in->rd, res);
    for (uint32_t i = 0; i < MOSAIC_TILE * row_bytes; i++)
        tu->treg[in->rd][i] = buf[i];
}

void minat_tst(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
               mosaic_tu_result *res)
{
    uint32_t row_bytes, align;
    row_geometry(tu, in->rd, &row_bytes, &align);
    if (!mosaic_tile_access_ok(tu, mem, in->x_rs1, in->imm_i, MOSAIC_TILE, row_bytes, align,
                               true, res))
        return;
    /* Rows are written in order, so with overlapping rows (stride 0 or
     * |stride| < row size) the later row wins. */
    bool ok = true;
    for (uint32_t y = 0; y < MOSAIC_TILE; y++)
        ok &= mem->write(mem->ctx, in->x_rs1 + y * (uint32_t)in->imm_i,
                         tu->treg[in->rd] + y * row_bytes, row_bytes);
    if (!ok)
        mosaic_tu_bus_error(tu, true, in->x_rs1);
}
