/* tl.mload / tl.mstore: masked slice transfers between memory and a
 * register. Slice s (dimension 0) is bytes [s·S, (s+1)·S) on both sides. */
#include "tl_internal.h"

/* Every selected slice must be inside the DDC region with the permission
 * and in mapped memory, checked before anything moves (traps are decided
 * at issue). */
static bool slices_ok(const mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t base,
                      uint32_t mask, const tl_shape *s, bool write)
{
    uint64_t S = tl_shape_bytes(s) / s->d[0];
    for (unsigned i = 0; i < s->d[0] && i < 32; i++) {
        if (!(mask & (1u << i)))
            continue;
        uint64_t a = (uint64_t)base + i * S;
        /* mosaic_ddc_allows rejects ranges past 2^32, so mem->ok only ever
         * sees real 32-bit ranges. */
        if (!mosaic_ddc_allows(tu, a, S, write) || !mem->ok(mem->ctx, (uint32_t)a, (uint32_t)S, write))
            return false;
    }
    return true;
}

void tl_exec_mload(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                   mosaic_tu_result *res)
{
    tl_shape s = tl_shape_decode(in->x_rs1);
    if (!tl_shape_accept(tu, in, &s, res))
        return;
    uint32_t base = in->x_rs2, mask = tu->tl_lmask;
    if (!slices_ok(tu, mem, base, mask, &s, false)) {
        mosaic_trap(res, MOSAIC_CAUSE_LOAD_FAULT, base);
        return;
    }
    uint32_t S = (uint32_t)(tl_shape_bytes(&s) / s.d[0]);
    mosaic_treg_clear(tu, in->rd, res);
    bool ok = true;
    for (unsigned i = 0; i < s.d[0] && i < 32; i++)
        if (mask & (1u << i))
            ok &= mem->read(mem->ctx, base + i * S, tu->treg[in->rd] + i * S, S);
    if (!ok)
        mosaic_tu_bus_error(tu, false, base);
}

void tl_exec_mstore(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                    mosaic_tu_result *res)
{
    /* Operand roles (docs/isa.md): descriptor in x[rd], register in the rs1
     * field, base in x[rs2]. */
    tl_shape s = tl_shape_decode(in->x_rd);
    if (!tl_shape_accept(tu, in, &s, res))
        return;
    uint32_t base = in->x_rs2, mask = tu->tl_smask;
    if (!slices_ok(tu, mem, base, mask, &s, true)) {
        mosaic_trap(res, MOSAIC_CAUSE_STORE_FAULT, base);
        return;
    }
    uint32_t S = (uint32_t)(tl_shape_bytes(&s) / s.d[0]);
    bool ok = true;
    for (unsigned i = 0; i < s.d[0] && i < 32; i++)
        if (mask & (1u << i))
            ok &= mem->write(mem->ctx, base + i * S, tu->treg[in->rs1] + i * S, S);
    if (!ok)
        mosaic_tu_bus_error(tu, true, base);
}
