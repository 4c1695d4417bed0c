/* MINA-T and Mosaic extensions (custom-2 0x5B): decode, the illegal-
 * instruction checks in docs/isa.md order, dispatch. Every check that can
 * trap illegal runs here, before any executor touches state, so a trapping
 * instruction changes nothing. Alignment and DDC checks (the last two in the
 * order) belong to tld/tst in minat_mem.c. */
#include "minat.h"

static bool is_float_tag(const mosaic_tu *tu, unsigned reg)
{
    return mosaic_fmt_is_float((mosaic_fmt)tu->tag[reg]);
}

static bool is_int_tag(const mosaic_tu *tu, unsigned reg)
{
    return mosaic_fmt_is_int((mosaic_fmt)tu->tag[reg]);
}

/* Row ops read only A; rs2 is a must-be-zero field for them. */
static bool uses_b(unsigned cls)
{
    return cls != MINAT_TROWMAX && cls != MINAT_TROWSUM;
}

/* Field and immediate checks: unlisted funct3/funct7, must-be-zero bits,
 * rs1 = rd for tact/tzero, func/fmt/op codes. */
static bool encoding_ok(const mosaic_insn *in)
{
    uint32_t imm = in->uimm_i;
    switch (in->funct3) {
    case MINAT_F3_TLD:
    case MINAT_F3_TST:
        return true; /* the whole immediate is the stride */
    case MINAT_F3_TACT:
        return in->rs1 == in->rd && (imm >> 3) == 0 && (imm & 7u) <= 4u;
    case MINAT_F3_TCVT:
        return (imm >> 4) == 0 && mosaic_fmt_valid(imm & 0xFu);
    case MINAT_F3_TZERO:
        return in->rs1 == in->rd && imm == 0;
    case MINAT_F3_TRED:
        return (imm >> 2) == 0 && (imm & 3u) <= 2u;
    case MINAT_F3_TSCALE:
        return imm == 0;
    default: /* MINAT_F3_RTYPE */
        if (in->funct7 >= MINAT_NCLASS)
            return false;
        return uses_b(in->funct7) || in->rs2 == 0;
    }
}

/* Does the instruction round under mcsr.mfrm? (Then a reserved mfrm makes
 * it illegal, R13.) tact always rounds: whatever the tag, its FP32 result
 * is converted back under mfrm, and an integer tag's FP32 value is not
 * exact after gelu/silu/exp/recip. Tags are valid here (every writer of a
 * tag checks it), so "not float" means integer. */
static bool rounds(const mosaic_tu *tu, const mosaic_insn *in)
{
    switch (in->funct3) {
    case MINAT_F3_TLD:
    case MINAT_F3_TST:
    case MINAT_F3_TZERO:
        return false;
    case MINAT_F3_TACT:
        return true;
    case MINAT_F3_TCVT:
        return is_float_tag(tu, in->rs1) || mosaic_fmt_is_float((mosaic_fmt)(in->uimm_i & 0xFu));
    case MINAT_F3_TRED:
        return is_float_tag(tu, in->rs1);
    case MINAT_F3_TSCALE:
        return is_float_tag(tu, in->rd);
    default: /* any float operand or result puts the op in the float domain */
        return is_float_tag(tu, in->rd) || is_float_tag(tu, in->rs1) ||
               (uses_b(in->funct7) && is_float_tag(tu, in->rs2));
    }
}

static bool int8_or_16(const mosaic_tu *tu, unsigned reg)
{
    return tu->tag[reg] == MOSAIC_FMT_INT8 || tu->tag[reg] == MOSAIC_FMT_INT16;
}

/* docs/isa.md "Format domains". */
static bool formats_ok(const mosaic_tu *tu, const mosaic_insn *in)
{
    if (in->funct3 != MINAT_F3_RTYPE) {
        /* Single-register instructions accept any format; a tag outside the
         * table cannot occur (every tag writer checks), but a corrupted one
         * must not reach the element code. */
        unsigned reg = in->funct3 == MINAT_F3_TCVT || in->funct3 == MINAT_F3_TRED ? in->rs1
                                                                                   : in->rd;
        return mosaic_fmt_valid(tu->tag[reg]);
    }
    unsigned d = in->rd, a = in->rs1, b = in->rs2;
    if (!mosaic_fmt_valid(tu->tag[d]) || !mosaic_fmt_valid(tu->tag[a]) ||
        (uses_b(in->funct7) && !mosaic_fmt_valid(tu->tag[b])))
        return false;
    switch (in->funct7) {
    case MINAT_TROWMAX:
    case MINAT_TROWSUM:
        return is_float_tag(tu, a) == is_float_tag(tu, d);
    case MINAT_TBDIV:
        return is_float_tag(tu, a) && is_float_tag(tu, b) && is_float_tag(tu, d);
    case MINAT_TMMA:
        if (is_int_tag(tu, d))
            return int8_or_16(tu, a) && int8_or_16(tu, b);
        return is_float_tag(tu, a) && is_float_tag(tu, b);
    default:
        return is_float_tag(tu, a) == is_float_tag(tu, d) &&
               is_float_tag(tu, b) == is_float_tag(tu, d);
    }
}

void mosaic_exec_minat(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                       mosaic_tu_result *res)
{
    /* TS Off was checked by mosaic_tu_exec. */
    if (!encoding_ok(in) || (mosaic_tu_frm(tu) < 0 && rounds(tu, in)) || !formats_ok(tu, in) ||
        (in->funct3 == MINAT_F3_RTYPE && in->funct7 == MINAT_TMMA &&
         (tu->mcsr & MOSAIC_MCSR_MMODE_MASK) == 3u)) {
        mosaic_trap_illegal(res, in);
        return;
    }
    switch (in->funct3) {
    case MINAT_F3_TLD:
        minat_tld(tu, mem, in, res);
        break;
    case MINAT_F3_TST:
        minat_tst(tu, mem, in, res);
        break;
    case MINAT_F3_TACT:
        minat_tact(tu, in->rd, in->uimm_i & 7u, res);
        break;
    case MINAT_F3_TCVT:
        minat_tcvt(tu, in->rd, in->rs1, (mosaic_fmt)(in->uimm_i & 0xFu), res);
        break;
    case MINAT_F3_TZERO:
        minat_tzero(tu, in->rd, res);
        break;
    case MINAT_F3_TRED:
        minat_tred(tu, in->rs1, in->uimm_i & 3u, in->rd, res);
        break;
    case MINAT_F3_TSCALE:
        minat_tscale(tu, in->rd, in->x_rs1, res);
        break;
    default:
        if (in->funct7 == MINAT_TMMA)
            minat_tmma(tu, in->rd, in->rs1, in->rs2, res);
        else
            minat_binary(tu, in->funct7, in->rd, in->rs1, in->rs2, res);
        break;
    }
}
