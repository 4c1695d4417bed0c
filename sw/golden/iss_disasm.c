/* A compact disassembler for traces: RV32IM, Zicsr, the system instructions
 * and every tensor instruction of docs/isa.md. Output follows GNU objdump's
 * canonical (non-pseudo) forms with ABI register names; tensor registers are
 * `trN` in every view. The tensor-op classes it defines also key the
 * per-op statistics. */
#include <stdio.h>

#include "iss_internal.h"

static const char *const xreg[32] = {
    "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

/* Tensor operations, in a fixed order (statistics index). */
enum {
    T_TLD, T_TST, T_TACT, T_TCVT, T_TZERO, T_TRED, T_TSCALE,
    T_TADD, T_TMMA, T_TSUB, T_TMUL, T_TMAX, T_TMIN, T_TROWMAX, T_TROWSUM,
    T_TBSUB, T_TBMUL, T_TBDIV,
    T_XPOSE, T_CONCAT, T_TLADDI, T_MLOAD, T_MSTORE,
    T_MMACC, T_STM, T_STK, T_STN, T_STMI, T_STKI, T_STNI,
    T_SCLD, T_SCST, T_SCWAIT,
    T_COUNT
};

static const char *const top_name[T_COUNT] = {
    "tld", "tst", "tact", "tcvt", "tzero", "tred", "tscale",
    "tadd", "tmma", "tsub", "tmul", "tmax", "tmin", "trowmax", "trowsum",
    "tbsub", "tbmul", "tbdiv",
    "tl.xpose", "tl.concat", "tl.addi", "tl.mload", "tl.mstore",
    "mmacc", "msettilem", "msettilek", "msettilen", "msettilemi", "msettileki", "msettileni",
    "scpad.ld", "scpad.st", "scpad.wait"};

unsigned mosaic_tensor_op_count(void)
{
    return T_COUNT;
}

const char *mosaic_tensor_op_name(unsigned op)
{
    return op < T_COUNT ? top_name[op] : "?";
}

/* Classify by opcode/funct3/funct7 only; reserved-field checks are the
 * tensor unit's job (a class is reported only for retired instructions). */
int mosaic_tensor_op_index(uint32_t insn)
{
    uint32_t f3 = (insn >> 12) & 7u, f7 = insn >> 25;
    switch (insn & 0x7Fu) {
    case MOSAIC_OP_CUSTOM2:
        if (f3 < 7)
            return T_TLD + (int)f3;
        return f7 <= 10 ? T_TADD + (int)f7 : -1;
    case MOSAIC_OP_CUSTOM3:
        switch (f3) {
        case 0: return (f7 >> 4) == 3u ? T_XPOSE : -1;
        case 1: return (f7 >> 2) == 0x20u ? T_CONCAT : -1;
        case 2: return T_TLADDI;
        case 3: return f7 == 0x50u ? T_MLOAD : -1;
        case 4: return f7 == 0x51u ? T_MSTORE : -1;
        default: return -1;
        }
    case MOSAIC_OP_CUSTOM1:
        if (f3 == 0)
            return (f7 >> 2) == 0 ? T_MMACC : -1;
        if (f3 == 4)
            return -1;
        return f3 < 4 ? T_STM + (int)f3 - 1 : T_STMI + (int)f3 - 5;
    case MOSAIC_OP_CUSTOM0:
        return f3 <= 2 && f7 == 0 ? T_SCLD + (int)f3 : -1;
    default:
        return -1;
    }
}

const char *mosaic_csr_name(uint32_t csr)
{
    switch (csr) {
    case 0x300: return "mstatus";
    case 0x301: return "misa";
    case 0x304: return "mie";
    case 0x305: return "mtvec";
    case 0x310: return "mstatush";
    case 0x320: return "mcountinhibit";
    case 0x340: return "mscratch";
    case 0x341: return "mepc";
    case 0x342: return "mcause";
    case 0x343: return "mtval";
    case 0x344: return "mip";
    case 0x7A0: return "tselect";
    case 0x7A1: return "tdata1";
    case 0x7A2: return "tdata2";
    case 0x7A3: return "tdata3";
    case 0x7A4: return "tinfo";
    case 0xB00: return "mcycle";
    case 0xB02: return "minstret";
    case 0xB80: return "mcycleh";
    case 0xB82: return "minstreth";
    case 0xC00: return "cycle";
    case 0xC01: return "time";
    case 0xC02: return "instret";
    case 0xC80: return "cycleh";
    case 0xC81: return "timeh";
    case 0xC82: return "instreth";
    case 0xF11: return "mvendorid";
    case 0xF12: return "marchid";
    case 0xF13: return "mimpid";
    case 0xF14: return "mhartid";
    case 0xF15: return "mconfigptr";
    case MOSAIC_CSR_TL_SHAPE: return "tl_tensor_shape";
    case MOSAIC_CSR_TL_PERM: return "tl_transpose_perm";
    case MOSAIC_CSR_TL_XCFG: return "tl_xpose_config";
    case MOSAIC_CSR_TL_XSTATUS: return "tl_xpose_status";
    case MOSAIC_CSR_TL_MASK1: return "tl_mask1_csr";
    case MOSAIC_CSR_TL_MASK2: return "tl_mask2_csr";
    case MOSAIC_CSR_TL_LMASK: return "tl_load_mask_csr";
    case MOSAIC_CSR_TL_SMASK: return "tl_store_mask_csr";
    case MOSAIC_CSR_MCSR: return "mcsr";
    case MOSAIC_CSR_SDMA_STRIDE: return "sdma_stride";
    case MOSAIC_CSR_SDMA_STATUS: return "sdma_status";
    case MOSAIC_CSR_SDMA_ERRADDR: return "sdma_erraddr";
    case MOSAIC_CSR_MXCFG: return "mxcfg";
    case MOSAIC_CSR_MXTILE: return "mxtile";
    case MOSAIC_CSR_MXSTATUS: return "mxstatus";
    case MOSAIC_CSR_MDDCBASE: return "mddcbase";
    case MOSAIC_CSR_MDDCLIMIT: return "mddclimit";
    case MOSAIC_CSR_MDDCPERM: return "mddcperm";
    case MOSAIC_CSR_MTILEM: return "mtilem";
    case MOSAIC_CSR_MTILEK: return "mtilek";
    case MOSAIC_CSR_MTILEN: return "mtilen";
    case MOSAIC_CSR_MAMUL: return "mamul";
    case MOSAIC_CSR_MMISA: return "mmisa";
    default: return NULL;
    }
}

static void csr_str(uint32_t csr, char *buf, size_t len)
{
    const char *n = mosaic_csr_name(csr);
    if (n)
        snprintf(buf, len, "%s", n);
    else if (csr >= 0xB03 && csr <= 0xB1F)
        snprintf(buf, len, "mhpmcounter%u", csr - 0xB00);
    else if (csr >= 0xB83 && csr <= 0xB9F)
        snprintf(buf, len, "mhpmcounter%uh", csr - 0xB80);
    else if (csr >= 0xC03 && csr <= 0xC1F)
        snprintf(buf, len, "hpmcounter%u", csr - 0xC00);
    else if (csr >= 0xC83 && csr <= 0xC9F)
        snprintf(buf, len, "hpmcounter%uh", csr - 0xC80);
    else if (csr >= 0x323 && csr <= 0x33F)
        snprintf(buf, len, "mhpmevent%u", csr - 0x320);
    else
        snprintf(buf, len, "0x%03x", csr);
}

static const char *const fmt_name[16] = {"fp32", "fp16", "bf16", "e4m3", "e5m2", "int8",
                                         "fp4",  "int16", "int32", "tf32", "10", "11",
                                         "12",   "13",   "14",    "15"};

static bool disasm_tensor(uint32_t insn, char *buf, size_t len)
{
    int op = mosaic_tensor_op_index(insn);
    if (op < 0)
        return false;
    uint32_t rd = (insn >> 7) & 31u, rs1 = (insn >> 15) & 31u, rs2 = (insn >> 20) & 31u;
    uint32_t f7 = insn >> 25, uimm = insn >> 20;
    int32_t imm = (int32_t)insn >> 20;
    const char *n = top_name[op];
    static const char *const act[8] = {"relu", "gelu", "silu", "exp", "recip", "5", "6", "7"};
    static const char *const red[4] = {"sum", "max", "min", "3"};
    switch (op) {
    case T_TLD:
    case T_TST: snprintf(buf, len, "%s tr%u, %d(%s)", n, rd, imm, xreg[rs1]); break;
    case T_TACT: snprintf(buf, len, "%s tr%u, %s", n, rd, act[uimm & 7u]); break;
    case T_TCVT: snprintf(buf, len, "%s tr%u, tr%u, %s", n, rd, rs1, fmt_name[uimm & 15u]); break;
    case T_TZERO: snprintf(buf, len, "%s tr%u", n, rd); break;
    case T_TRED: snprintf(buf, len, "%s %s, tr%u, %s", n, xreg[rd], rs1, red[uimm & 3u]); break;
    case T_TSCALE: snprintf(buf, len, "%s tr%u, %s", n, rd, xreg[rs1]); break;
    case T_TROWMAX:
    case T_TROWSUM: snprintf(buf, len, "%s tr%u, tr%u", n, rd, rs1); break;
    case T_XPOSE:
        snprintf(buf, len, "%s.%u%u tr%u, tr%u, %s", n, f7 & 3u, (f7 >> 2) & 3u, rd, rs1,
                 xreg[rs2]);
        break;
    case T_CONCAT: snprintf(buf, len, "%s.%u tr%u, tr%u, tr%u", n, f7 & 3u, rd, rs1, rs2); break;
    case T_TLADDI: snprintf(buf, len, "%s tr%u, tr%u, %d", n, rd, rs1, imm); break;
    case T_MLOAD: snprintf(buf, len, "%s tr%u, %s, %s", n, rd, xreg[rs1], xreg[rs2]); break;
    case T_MSTORE: snprintf(buf, len, "%s tr%u, %s, %s", n, rs1, xreg[rs2], xreg[rd]); break;
    case T_MMACC: snprintf(buf, len, "%s tr%u, tr%u, tr%u, %u", n, rd, rs1, rs2, f7 & 3u); break;
    case T_STM:
    case T_STK:
    case T_STN: snprintf(buf, len, "%s %s, %s", n, xreg[rd], xreg[rs1]); break;
    case T_STMI:
    case T_STKI:
    case T_STNI: snprintf(buf, len, "%s %s, %u", n, xreg[rd], uimm); break;
    case T_SCLD:
    case T_SCST: snprintf(buf, len, "%s %s, %s, %s", n, xreg[rd], xreg[rs1], xreg[rs2]); break;
    case T_SCWAIT: snprintf(buf, len, "%s", n); break;
    default: snprintf(buf, len, "%s tr%u, tr%u, tr%u", n, rd, rs1, rs2); break;
    }
    return true;
}

static bool disasm_base(uint32_t insn, uint32_t pc, char *buf, size_t len)
{
    uint32_t rd = (insn >> 7) & 31u, rs1 = (insn >> 15) & 31u, rs2 = (insn >> 20) & 31u;
    uint32_t f3 = (insn >> 12) & 7u, f7 = insn >> 25;
    int32_t imm = (int32_t)insn >> 20;
    const char *R = xreg[rd], *A = xreg[rs1], *B = xreg[rs2];
    switch (insn & 0x7Fu) {
    case 0x37: snprintf(buf, len, "lui %s, 0x%x", R, insn >> 12); return true;
    case 0x17: snprintf(buf, len, "auipc %s, 0x%x", R, insn >> 12); return true;
    case 0x6F: {
        uint32_t v = ((insn >> 31) & 1u) << 20 | ((insn >> 12) & 0xFFu) << 12 |
                     ((insn >> 20) & 1u) << 11 | ((insn >> 21) & 0x3FFu) << 1;
        int32_t off = (int32_t)(v << 11) >> 11;
        snprintf(buf, len, "jal %s, 0x%08x", R, pc + (uint32_t)off);
        return true;
    }
    case 0x67:
        if (f3)
            return false;
        snprintf(buf, len, "jalr %s, %d(%s)", R, imm, A);
        return true;
    case 0x63: {
        static const char *const bn[8] = {"beq", "bne", NULL, NULL, "blt", "bge", "bltu", "bgeu"};
        if (!bn[f3])
            return false;
        uint32_t v = ((insn >> 31) & 1u) << 12 | ((insn >> 7) & 1u) << 11 |
                     ((insn >> 25) & 0x3Fu) << 5 | ((insn >> 8) & 0xFu) << 1;
        int32_t off = (int32_t)(v << 19) >> 19;
        snprintf(buf, len, "%s %s, %s, 0x%08x", bn[f3], A, B, pc + (uint32_t)off);
        return true;
    }
    case 0x03: {
        static const char *const ln[8] = {"lb", "lh", "lw", NULL, "lbu", "lhu", NULL, NULL};
        if (!ln[f3])
            return false;
        snprintf(buf, len, "%s %s, %d(%s)", ln[f3], R, imm, A);
        return true;
    }
    case 0x23: {
        static const char *const sn[8] = {"sb", "sh", "sw", NULL, NULL, NULL, NULL, NULL};
        if (!sn[f3])
            return false;
        int32_t simm = (int32_t)(((insn >> 25) << 5 | rd) << 20) >> 20;
        snprintf(buf, len, "%s %s, %d(%s)", sn[f3], B, simm, A);
        return true;
    }
    case 0x13: {
        static const char *const in[8] = {"addi", "slli", "slti", "sltiu",
                                          "xori", "srli", "ori",  "andi"};
        if (f3 == 1 || f3 == 5) {
            const char *n = f3 == 1 ? (f7 == 0 ? "slli" : NULL)
                                    : (f7 == 0 ? "srli" : f7 == 0x20 ? "srai" : NULL);
            if (!n)
                return false;
            snprintf(buf, len, "%s %s, %s, %u", n, R, A, rs2);
        } else {
            snprintf(buf, len, "%s %s, %s, %d", in[f3], R, A, imm);
        }
        return true;
    }
    case 0x33: {
        static const char *const on[8] = {"add", "sll", "slt", "sltu", "xor", "srl", "or", "and"};
        static const char *const mn[8] = {"mul",  "mulh", "mulhsu", "mulhu",
                                          "div",  "divu", "rem",    "remu"};
        const char *n = f7 == 0 ? on[f3] : f7 == 1 ? mn[f3]
                      : f7 == 0x20 && f3 == 0 ? "sub" : f7 == 0x20 && f3 == 5 ? "sra" : NULL;
        if (!n)
            return false;
        snprintf(buf, len, "%s %s, %s, %s", n, R, A, B);
        return true;
    }
    case 0x0F:
        if (f3 > 1)
            return false;
        snprintf(buf, len, f3 ? "fence.i" : "fence");
        return true;
    case 0x73: {
        if (f3 == 0) {
            const char *n = insn == 0x00000073u ? "ecall" : insn == 0x00100073u ? "ebreak"
                          : insn == 0x30200073u ? "mret" : insn == 0x10500073u ? "wfi" : NULL;
            if (!n)
                return false;
            snprintf(buf, len, "%s", n);
            return true;
        }
        static const char *const cn[8] = {NULL, "csrrw", "csrrs", "csrrc",
                                          NULL, "csrrwi", "csrrsi", "csrrci"};
        if (!cn[f3])
            return false;
        char c[24];
        csr_str(insn >> 20, c, sizeof c);
        if (f3 & 4u)
            snprintf(buf, len, "%s %s, %s, %u", cn[f3], R, c, rs1);
        else
            snprintf(buf, len, "%s %s, %s, %s", cn[f3], R, c, A);
        return true;
    }
    default:
        return false;
    }
}

void mosaic_disasm(uint32_t insn, uint32_t pc, char *buf, size_t len)
{
    if (!len)
        return;
    if ((insn & 3u) == 3u && (disasm_tensor(insn, buf, len) || disasm_base(insn, pc, buf, len)))
        return;
    snprintf(buf, len, ".insn 0x%08x", insn);
}
