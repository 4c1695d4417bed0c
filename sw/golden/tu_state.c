/* Tensor-unit state: reset, tile element access, DDC, flags. */
#include <string.h>

#include "tu_internal.h"

mosaic_tu_config mosaic_tu_config_default(void)
{
    mosaic_tu_config c = {.scpad_base = 0x20000000u, .scpad_bank_bytes = 64u * 1024u};
    return c;
}

void mosaic_tu_reset(mosaic_tu *tu, const mosaic_tu_config *cfg)
{
    memset(tu, 0, sizeof *tu);
    tu->cfg = cfg ? *cfg : mosaic_tu_config_default();
    for (unsigned r = 0; r < MOSAIC_NTREG; r++)
        tu->tag[r] = MOSAIC_FMT_FP32; /* MINA-T 4.1 */
    tu->ts = MOSAIC_TS_INITIAL;
    tu->mtilem = tu->mtilek = tu->mtilen = MOSAIC_TILE;
    /* AME defaults: INT8 -> INT16, RNE, SAT=0; 16x16 geometry, 2x2 tiling. */
    tu->mxcfg = 0x10u | (0x20u << 8);
    tu->mxtile = 16u | (16u << 8) | (1u << 16);
    tu->tl_xcfg = 1u; /* descriptor errors trap */
    tu->ddc_base = 0;
    tu->ddc_limit = 0xFFFFFFFFu;
    tu->ddc_perm = 3u;
}

unsigned mosaic_tile_bytes(mosaic_fmt f)
{
    return MOSAIC_TILE * MOSAIC_TILE * mosaic_fmt_bits(f) / 8u;
}

uint32_t mosaic_tile_get(const mosaic_tu *tu, unsigned reg, mosaic_fmt f, unsigned idx)
{
    const uint8_t *p = tu->treg[reg];
    switch (mosaic_fmt_bits(f)) {
    case 4:
        /* element 2k in the low nibble of byte k */
        return (p[idx / 2] >> ((idx & 1u) * 4u)) & 0xFu;
    case 8:
        return p[idx];
    case 16:
        return (uint32_t)p[2 * idx] | ((uint32_t)p[2 * idx + 1] << 8);
    default:
        return (uint32_t)p[4 * idx] | ((uint32_t)p[4 * idx + 1] << 8) |
               ((uint32_t)p[4 * idx + 2] << 16) | ((uint32_t)p[4 * idx + 3] << 24);
    }
}

void mosaic_tile_set(mosaic_tu *tu, unsigned reg, mosaic_fmt f, unsigned idx, uint32_t bits)
{
    uint8_t *p = tu->treg[reg];
    switch (mosaic_fmt_bits(f)) {
    case 4: {
        unsigned sh = (idx & 1u) * 4u;
        p[idx / 2] = (uint8_t)((p[idx / 2] & ~(0xFu << sh)) | ((bits & 0xFu) << sh));
        break;
    }
    case 8:
        p[idx] = (uint8_t)bits;
        break;
    case 16:
        p[2 * idx] = (uint8_t)bits;
        p[2 * idx + 1] = (uint8_t)(bits >> 8);
        break;
    default:
        for (unsigned b = 0; b < 4; b++)
            p[4 * idx + b] = (uint8_t)(bits >> (8 * b));
        break;
    }
}

void mosaic_treg_clear(mosaic_tu *tu, unsigned reg, mosaic_tu_result *res)
{
    memset(tu->treg[reg], 0, MOSAIC_TREG_BYTES);
    res->treg_written |= 1u << reg;
}

bool mosaic_ddc_allows(const mosaic_tu *tu, uint64_t addr, uint64_t len, bool write)
{
    if (!(tu->ddc_perm & (write ? 2u : 1u)))
        return false;
    if (len == 0)
        return true;
    uint64_t last = addr + len - 1;
    return addr >= tu->ddc_base && last <= tu->ddc_limit && last <= 0xFFFFFFFFull;
}

void mosaic_trap(mosaic_tu_result *res, uint32_t cause, uint32_t tval)
{
    res->trap = true;
    res->cause = cause;
    res->tval = tval;
}

void mosaic_trap_illegal(mosaic_tu_result *res, const mosaic_insn *in)
{
    mosaic_trap(res, MOSAIC_CAUSE_ILLEGAL, in->insn);
}

bool mosaic_sdma_latch(mosaic_tu *tu, unsigned code, bool store, uint32_t addr)
{
    if (tu->sdma_status & SDMA_ERR)
        return false;
    tu->sdma_status = SDMA_ERR | (code << SDMA_CODE_SHIFT) | (store ? SDMA_OP_ST : 0u);
    tu->sdma_erraddr = addr;
    return true;
}

void mosaic_tu_bus_error(mosaic_tu *tu, bool store, uint32_t addr)
{
    mosaic_sdma_latch(tu, SDMA_BUS, store, addr);
}

void mosaic_tu_note_flags(mosaic_tu *tu, unsigned flags, bool ame, mosaic_tu_result *res)
{
    if (flags & MOSAIC_FLAG_SAT) {
        tu->mcsr |= MOSAIC_MCSR_MSAT;
        tu->mxstatus |= MOSAIC_MX_SAT_HIT;
        res->csr_written = true;
    }
    if (ame && (flags & MOSAIC_FLAG_NX)) {
        tu->mxstatus |= MOSAIC_MX_INEXACT;
        res->csr_written = true;
    }
}

int mosaic_tu_frm(const mosaic_tu *tu)
{
    unsigned frm = (tu->mcsr >> MOSAIC_MCSR_MFRM_SHIFT) & 7u;
    return frm <= MOSAIC_RM_RMM ? (int)frm : -1;
}

mosaic_cvt_opts mosaic_tu_cvt_opts(const mosaic_tu *tu)
{
    mosaic_cvt_opts o = mosaic_cvt_default();
    int frm = mosaic_tu_frm(tu);
    o.rm = frm < 0 ? MOSAIC_RM_RNE : (mosaic_rm)frm;
    o.fp8_sat = (tu->mcsr & MOSAIC_MCSR_MFP8SAT) != 0;
    o.subnormals = (tu->mcsr & MOSAIC_MCSR_MFP8SUB) != 0;
    return o;
}

bool mosaic_tile_access_ok(const mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t base,
                           int32_t stride, uint32_t rows, uint32_t row_bytes,
                           uint32_t align, bool write, mosaic_tu_result *res)
{
    if (base % align != 0 || (rows > 1 && (uint32_t)stride % align != 0)) {
        uint32_t bad = base % align != 0 ? base : base + (uint32_t)stride;
        mosaic_trap(res, write ? MOSAIC_CAUSE_STORE_MISALIGNED : MOSAIC_CAUSE_LOAD_MISALIGNED,
                    bad);
        return false;
    }
    /* The region is contiguous and rows are equally spaced, so checking
     * every row is the same as checking the first and the last; every row is
     * checked anyway because the memory map need not be contiguous. */
    for (uint32_t r = 0; r < rows; r++) {
        int64_t a = (int64_t)base + (int64_t)r * stride;
        if (a < 0 || !mosaic_ddc_allows(tu, (uint64_t)a, row_bytes, write) ||
            !mem->ok(mem->ctx, (uint32_t)a, row_bytes, write)) {
            mosaic_trap(res, write ? MOSAIC_CAUSE_STORE_FAULT : MOSAIC_CAUSE_LOAD_FAULT, base);
            return false;
        }
    }
    return true;
}
