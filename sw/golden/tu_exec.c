/* Tensor-unit instruction entry: decode, context-status check, dispatch. */
#include "tu_internal.h"

bool mosaic_tu_owns(uint32_t insn)
{
    uint32_t op = insn & 0x7Fu;
    return op == MOSAIC_OP_CUSTOM0 || op == MOSAIC_OP_CUSTOM1 || op == MOSAIC_OP_CUSTOM2 ||
           op == MOSAIC_OP_CUSTOM3;
}

static mosaic_insn decode(uint32_t insn, uint32_t x_rs1, uint32_t x_rs2, uint32_t x_rd)
{
    mosaic_insn in;
    in.insn = insn;
    in.opcode = insn & 0x7Fu;
    in.rd = (insn >> 7) & 0x1Fu;
    in.funct3 = (insn >> 12) & 0x7u;
    in.rs1 = (insn >> 15) & 0x1Fu;
    in.rs2 = (insn >> 20) & 0x1Fu;
    in.funct7 = insn >> 25;
    in.uimm_i = insn >> 20;
    in.imm_i = (int32_t)insn >> 20;
    in.x_rs1 = x_rs1;
    in.x_rs2 = x_rs2;
    in.x_rd = x_rd;
    return in;
}

/* tst and tl.mstore only read tensor state; every other tensor instruction
 * that completes marks the context Dirty (a static rule, so hardware can
 * apply it at issue). Status CSRs written on the way to a trap
 * (mxstatus.badgeom, tl_xpose_status) also mark it Dirty (R8): a lazy
 * context switch must not lose them. */
static bool writes_tensor_state(const mosaic_insn *in)
{
    if (in->opcode == MOSAIC_OP_CUSTOM2 && in->funct3 == 1)
        return false; /* tst */
    if (in->opcode == MOSAIC_OP_CUSTOM3 && in->funct3 == 4)
        return false; /* tl.mstore */
    return true;
}

mosaic_tu_result mosaic_tu_exec(mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t insn,
                                uint32_t x_rs1, uint32_t x_rs2, uint32_t x_rd)
{
    mosaic_tu_result res = {0};
    mosaic_insn in = decode(insn, x_rs1, x_rs2, x_rd);
    if (!mosaic_tu_owns(insn) || tu->ts == MOSAIC_TS_OFF) {
        mosaic_trap_illegal(&res, &in);
        return res;
    }
    switch (in.opcode) {
    case MOSAIC_OP_CUSTOM0:
        mosaic_exec_sdma(tu, mem, &in, &res);
        break;
    case MOSAIC_OP_CUSTOM1:
        mosaic_exec_ame(tu, &in, &res);
        break;
    case MOSAIC_OP_CUSTOM2:
        mosaic_exec_minat(tu, mem, &in, &res);
        break;
    default:
        mosaic_exec_tl(tu, mem, &in, &res);
        break;
    }
    if (res.csr_written || (!res.trap && writes_tensor_state(&in)))
        tu->ts = MOSAIC_TS_DIRTY;
    return res;
}
