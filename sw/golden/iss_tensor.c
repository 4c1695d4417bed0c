/* Custom-0..3: hand the instruction and its three scalar operands to the
 * golden tensor unit, then turn its result into ISS effects and counter
 * events (tensor instructions, useful MACs, SDMA bytes). */
#include "iss_internal.h"

static unsigned popcount32(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static bool is_tmma(uint32_t insn)
{
    return (insn & 0x7Fu) == MOSAIC_OP_CUSTOM2 && ((insn >> 12) & 7u) == 7u && (insn >> 25) == 1u;
}

static bool is_mmacc(uint32_t insn)
{
    return (insn & 0x7Fu) == MOSAIC_OP_CUSTOM1 && ((insn >> 12) & 7u) == 0u;
}

/* Bytes an accepted scpad.ld / scpad.st moves, from its shape word
 * (docs/isa.md: [5:0] cols, [13:8] rows, [17:16] log2 element size). */
static uint32_t sdma_bytes(uint32_t shape)
{
    uint32_t cols = shape & 0x3Fu, rows = (shape >> 8) & 0x3Fu, lg = (shape >> 16) & 3u;
    return rows * cols << lg;
}

void iss_exec_tensor(mosaic_iss *s, uint32_t insn)
{
    mosaic_iss_effects *e = s->eff;
    uint32_t rd = (insn >> 7) & 31u;
    uint32_t x_rd = s->x[rd];
    uint32_t ts_before = s->tu.ts;
    /* tmma and mmacc do not change the tile geometry, so it may be sampled
     * before they run. */
    uint64_t mkn = (uint64_t)s->tu.mtilem * s->tu.mtilek * s->tu.mtilen;
    e->tensor = true;

    mosaic_tu_result r = mosaic_tu_exec(&s->tu, &s->tu_mem, insn, s->x[(insn >> 15) & 31u],
                                        s->x[(insn >> 20) & 31u], x_rd);
    if (r.csr_written)
        e->tcsr_written = true; /* may happen on a trap too (docs/isa.md R12) */
    if (r.trap) {
        iss_raise(s, r.cause, r.tval);
        return;
    }
    if (r.rd_write)
        iss_write_rd(s, r.rd, r.rd_value);
    e->treg_written = r.treg_written;
    e->sdma_issued = r.sdma_issued;
    if (r.sdma_issued && ((insn >> 12) & 7u) <= 1u && (insn & 0x7Fu) == MOSAIC_OP_CUSTOM0)
        e->sdma_bytes = r.sdma_issued * sdma_bytes(x_rd);
    /* Each mmacc sub-operation writes its own C register, so the number of
     * registers written is the number of sub-operations that completed. */
    if (is_tmma(insn) || is_mmacc(insn))
        e->macs = mkn * popcount32(r.treg_written);
    if (s->tu.ts != ts_before)
        iss_note_csr(s, CSR_MSTATUS);
    int op = mosaic_tensor_op_index(insn);
    if (op >= 0)
        s->op_retired[op]++;
}
