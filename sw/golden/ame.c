/* AME (custom-1): mmacc with IFmt/RFmt from mxcfg and tiling from mxtile,
 * and msettile{m,k,n}[i]. The per-sub-operation multiply is the tile core
 * shared with tmma (mma.h). */
#include "mma.h"
#include "tu_internal.h"

/* mxcfg / mxtile fields (AME section 6 layout, docs/isa.md "CSRs"). */
#define MXCFG_IFMT(v) ((v) & 0xFFu)
#define MXCFG_RFMT(v) (((v) >> 8) & 0xFFu)
#define MXCFG_RND(v) (((v) >> 16) & 0x7u)
#define MXCFG_SAT (1u << 19)
#define MXTILE_K(v) ((v) & 0xFFu)
#define MXTILE_M(v) (((v) >> 8) & 0xFFu)
#define MXTILE_TILING(v) (((v) >> 16) & 0x3u)
#define MXTILE_GUARD4X4 (1u << 18)

/* AME 8-bit format code -> Mosaic format, -1 for formats Mosaic does not
 * implement (which are badgeom, not a different illegal). */
static int ame_fmt(unsigned code)
{
    switch (code) {
    case 0x00: /* AME's "default" INT8 */
    case 0x10: return MOSAIC_FMT_INT8;
    case 0x11: return MOSAIC_FMT_E4M3;
    case 0x12: return MOSAIC_FMT_E5M2;
    case 0x02: return MOSAIC_FMT_FP4;
    case 0x20: return MOSAIC_FMT_INT16;
    case 0x28: return MOSAIC_FMT_FP16;
    case 0x29: return MOSAIC_FMT_BF16;
    case 0x40: return MOSAIC_FMT_INT32;
    case 0x48: return MOSAIC_FMT_FP32;
    case 0x49: return MOSAIC_FMT_TF32;
    default: return -1;
    }
}

/* The implemented IFmt -> RFmt pairs (docs/isa.md "AME mmacc"), as a bit
 * set of result formats per input format. */
static bool pair_implemented(mosaic_fmt in, mosaic_fmt out)
{
#define F(x) (1u << MOSAIC_FMT_##x)
    unsigned outs;
    switch (in) {
    case MOSAIC_FMT_INT8: outs = F(INT8) | F(INT16) | F(INT32); break;
    case MOSAIC_FMT_INT16: outs = F(INT16) | F(INT32); break;
    case MOSAIC_FMT_E4M3:
    case MOSAIC_FMT_E5M2: outs = F(E4M3) | F(E5M2) | F(FP16); break;
    case MOSAIC_FMT_FP4: outs = F(E4M3) | F(E5M2); break;
    case MOSAIC_FMT_FP16: outs = F(FP16) | F(FP32); break;
    case MOSAIC_FMT_BF16: outs = F(BF16) | F(FP32) | F(TF32); break;
    case MOSAIC_FMT_TF32: outs = F(TF32); break;
    case MOSAIC_FMT_FP32: outs = F(FP32); break;
    default: outs = 0; break;
    }
#undef F
    return (outs >> out) & 1u;
}

enum { MODE_1X1, MODE_2X2, MODE_1X4, MODE_4X1, MODE_4X4 };

/* Sub-operations (a, b -> c) of each tiling mode, in execution order. */
typedef struct {
    uint8_t a, b, c;
} subop;

static unsigned mode_subops(unsigned mode, subop *ops)
{
    unsigned n = 0;
    switch (mode) {
    case MODE_1X1:
        ops[n++] = (subop){0, 0, 0};
        break;
    case MODE_2X2:
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < 2; j++)
                ops[n++] = (subop){(uint8_t)i, (uint8_t)j, (uint8_t)(2 * i + j)};
        break;
    case MODE_1X4:
        for (unsigned j = 0; j < 4; j++)
            ops[n++] = (subop){0, (uint8_t)j, (uint8_t)j};
        break;
    case MODE_4X1:
        for (unsigned i = 0; i < 4; i++)
            ops[n++] = (subop){(uint8_t)i, 0, (uint8_t)i};
        break;
    default: /* 4x4 */
        for (unsigned i = 0; i < 4; i++)
            for (unsigned j = 0; j < 4; j++)
                ops[n++] = (subop){(uint8_t)i, (uint8_t)j, (uint8_t)(4 * i + j)};
        break;
    }
    return n;
}

/* AME's guard: 4x4 needs outputs of at most 16 bits and 16 results times
 * the physical tiles per result (1/2/4 for 8/16/32-bit outputs in AME's
 * 256-byte tiles) within the 32-tile file. Mosaic evaluates it exactly as
 * AME does, although one Mosaic register holds any result (ARCHITECTURE §2),
 * so software sees the same fallbacks. */
static bool guard_passes(mosaic_fmt out)
{
    unsigned width = mosaic_fmt_bits(out);
    unsigned tiles_per_result = width <= 8 ? 1u : width / 8u;
    return width <= 16 && 16u * tiles_per_result <= 32u;
}

static const mosaic_rm ame_rnd[4] = {MOSAIC_RM_RNE, MOSAIC_RM_RUP, MOSAIC_RM_RDN,
                                     MOSAIC_RM_RTZ};

static void badgeom(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    tu->mxstatus |= MOSAIC_MX_BADGEOM;
    res->csr_written = true;
    mosaic_trap_illegal(res, in);
}

static void exec_mmacc(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    if ((in->funct7 >> 2) != 0) {
        mosaic_trap_illegal(res, in); /* encoding, not geometry: no badgeom */
        return;
    }
    unsigned btr = in->funct7 & 3u;
    uint32_t cfg = tu->mxcfg, tile = tu->mxtile;
    int ifmt = ame_fmt(MXCFG_IFMT(cfg)), rfmt = ame_fmt(MXCFG_RFMT(cfg));
    if (ifmt < 0 || rfmt < 0 || !pair_implemented((mosaic_fmt)ifmt, (mosaic_fmt)rfmt) ||
        MXTILE_M(tile) != MOSAIC_TILE || MXTILE_K(tile) != MOSAIC_TILE ||
        MXCFG_RND(cfg) > 3u) {
        badgeom(tu, in, res);
        return;
    }
    mosaic_fmt I = (mosaic_fmt)ifmt, R = (mosaic_fmt)rfmt;

    unsigned mode = MXTILE_TILING(tile);
    bool fallback = false;
    if (tile & MXTILE_GUARD4X4) {
        fallback = !guard_passes(R);
        mode = fallback ? MODE_2X2 : MODE_4X4;
    }
    subop ops[16];
    unsigned nops = mode_subops(mode, ops);
    for (unsigned s = 0; s < nops; s++)
        if (in->rs1 + ops[s].a > 31u || in->rs2 + ops[s].b > 31u || in->rd + ops[s].c > 31u) {
            badgeom(tu, in, res);
            return;
        }

    /* From here on the instruction completes. */
    if (fallback) {
        tu->mxstatus |= MOSAIC_MX_GUARD_FALLBACK;
        res->csr_written = true;
    }
    mosaic_cvt_opts opts = mosaic_tu_cvt_opts(tu);
    opts.rm = ame_rnd[MXCFG_RND(cfg)];
    opts.fp8_sat = false; /* AME §3.1: FP8 results overflow to Inf/NaN */
    /* Integer results wrap only when SAT = 0 and nothing widens (AME §3.1,
     * §8); a widening accumulate always saturates. */
    bool wrap = mosaic_fmt_is_int(R) && !(cfg & MXCFG_SAT) &&
                mosaic_fmt_bits(R) == mosaic_fmt_bits(I);
    opts.int_wrap = wrap;
    unsigned flags = 0;
    /* Sub-operations run in order, each reading its sources as they stand
     * then, so a C that is also a later A or B is seen already updated. */
    for (unsigned s = 0; s < nops; s++) {
        unsigned c = in->rd + ops[s].c;
        mosaic_mma_tile(tu, c, R, in->rs1 + ops[s].a, I, in->rs2 + ops[s].b, I, btr,
                        tu->mtilem, tu->mtilek, tu->mtilen, &opts, wrap, &flags);
        tu->tag[c] = (uint8_t)R;
        res->treg_written |= 1u << c;
    }
    mosaic_tu_note_flags(tu, flags, true, res);
}

static void exec_msettile(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    bool imm = in->funct3 >= 5;
    /* Register forms: funct7 and rs2 are zero. Immediate forms: rs1 is zero
     * (the immediate fills funct7/rs2). */
    if (imm ? in->rs1 != 0 : (in->funct7 != 0 || in->rs2 != 0)) {
        mosaic_trap_illegal(res, in);
        return;
    }
    uint32_t v = imm ? in->uimm_i : in->x_rs1;
    if (v > MOSAIC_TILE)
        v = MOSAIC_TILE;
    uint32_t *dst[3] = {&tu->mtilem, &tu->mtilek, &tu->mtilen};
    *dst[(in->funct3 & 3u) - 1u] = v;
    res->csr_written = true;
    if (in->rd != 0) {
        res->rd_write = true;
        res->rd = in->rd;
        res->rd_value = v;
    }
}

void mosaic_exec_ame(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res)
{
    switch (in->funct3) {
    case 0:
        exec_mmacc(tu, in, res);
        break;
    case 1: case 2: case 3: case 5: case 6: case 7:
        exec_msettile(tu, in, res);
        break;
    default:
        mosaic_trap_illegal(res, in);
        break;
    }
}
