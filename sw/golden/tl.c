/* TensorLoad (custom-3): decode, descriptor rule R6, tl.addi.
 * The other instructions live in tl_xpose.c, tl_concat.c and tl_mem.c. */
#include "tl_internal.h"

tl_shape tl_shape_decode(uint32_t word)
{
    tl_shape s;
    for (unsigned i = 0; i < 4; i++)
        s.d[i] = (word >> (8 * i)) & 0xFFu;
    return s;
}

uint32_t tl_shape_encode(const tl_shape *s)
{
    uint32_t w = 0;
    for (unsigned i = 0; i < 4; i++)
        w |= (uint32_t)(s->d[i] & 0xFFu) << (8 * i);
    return w;
}

uint64_t tl_shape_bytes(const tl_shape *s)
{
    return (uint64_t)s->d[0] * s->d[1] * s->d[2] * s->d[3];
}

unsigned tl_shape_error(const tl_shape *s)
{
    uint64_t n = tl_shape_bytes(s);
    if (n == 0)
        return TL_DESC_ZERO_DIM;
    return n > MOSAIC_TREG_BYTES ? TL_DESC_TOO_BIG : TL_DESC_OK;
}

bool tl_shape_accept(mosaic_tu *tu, const mosaic_insn *in, const tl_shape *s,
                     mosaic_tu_result *res)
{
    unsigned err = tl_shape_error(s);
    if (err == TL_DESC_OK)
        return true;
    tu->tl_xstatus = err;
    res->csr_written = true;
    /* With TRAP=0 the instruction completes having only changed
     * tl_xpose_status; csr_written makes tu_exec.c mark the context Dirty. */
    if (tu->tl_xcfg & 1u)
        mosaic_trap_illegal(res, in);
    return false;
}

void tl_exec_addi(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    uint8_t out[MOSAIC_TREG_BYTES];
    unsigned flags = 0;
    /* The whole register, whatever shape tl_tensor_shape holds: addi has no
     * descriptor operand. */
    for (unsigned i = 0; i < MOSAIC_TREG_BYTES; i++) {
        int32_t v = (int32_t)tu->treg[in->rs1][i] + in->imm_i;
        if (v > 255 || v < 0) {
            v = v > 255 ? 255 : 0;
            flags |= MOSAIC_FLAG_SAT;
        }
        out[i] = (uint8_t)v;
    }
    mosaic_treg_clear(tu, in->rd, res);
    for (unsigned i = 0; i < MOSAIC_TREG_BYTES; i++)
        tu->treg[in->rd][i] = out[i];
    mosaic_tu_note_flags(tu, flags, false, res);
}

/* Encoding legality of each funct3 (docs/isa.md "custom-3"). */
static bool encoding_ok(const mosaic_insn *in)
{
    switch (in->funct3) {
    case 0: { /* tl.xpose: 011 b a, a != b (R5) */
        unsigned a = in->funct7 & 3u, b = (in->funct7 >> 2) & 3u;
        return (in->funct7 >> 4) == 3u && a != b;
    }
    case 1: /* tl.concat: 10000 d, d <= 2 */
        return (in->funct7 >> 2) == 0x10u && (in->funct7 & 3u) <= 2u;
    case 2: /* tl.addi: every immediate is legal */
        return true;
    case 3:
        return in->funct7 == 0x50u;
    case 4:
        return in->funct7 == 0x51u;
    default:
        return false;
    }
}

void mosaic_exec_tl(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                    mosaic_tu_result *res)
{
    if (!encoding_ok(in)) {
        mosaic_trap_illegal(res, in);
        return;
    }
    switch (in->funct3) {
    case 0:
        tl_exec_xpose(tu, in, res);
        break;
    case 1:
        tl_exec_concat(tu, in, res);
        break;
    case 2:
        tl_exec_addi(tu, in, res);
        break;
    case 3:
        tl_exec_mload(tu, mem, in, res);
        break;
    default:
        tl_exec_mstore(tu, mem, in, res);
        break;
    }
}
