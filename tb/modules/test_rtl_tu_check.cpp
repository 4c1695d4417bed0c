// Module test: rtl/tu/mosaic_tu_check.sv (+ mosaic_tu_decode, mosaic_tu_range_ok)
// against the golden tensor unit.
//
// For every vector the harness draws an instruction of one opcode group
// (biased to legal encodings, with random funct3/funct7/immediates around
// them), random register indices, tags, mcsr (reserved mfrm, mmode 3
// included), mxcfg/mxtile (legal and illegal pairs and geometry), TS, DDC
// regions and addresses near their edges, the memory windows and the 2^32
// wrap, strides (negative, misaligned), TensorLoad descriptors and masks,
// and SDMA status. It sets the same state into a golden mosaic_tu, runs
// mosaic_tu_exec with a memory interface implementing the SoC map (RAM,
// main memory, scratchpad; reads return zeros, writes are dropped), and
// compares: trap, mcause, mtval, mxstatus.badgeom / guard_fallback,
// tl_xpose_status, TRAP=0 no-op, scalar writeback (and msettile's value),
// and TS -> Dirty.
//
// Finally it runs a copy built with MOSAIC_INJECT_BUG (an off-by-one in the
// DDC limit compare) and checks that the copy reports mismatches.
//
// Usage: test_rtl_tu_check [--quick] [--seed N] [--n N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "Vmosaic_tu_check.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_memmap.h"
#include "mosaic_tu.h"
}

namespace {

Vmosaic_tu_check *dut;
mosaic_tu gtu;

// The tensor unit's view of the SoC map (sw/golden/iss_mem.c tu_ok).
bool in_win(uint32_t addr, uint32_t len, uint32_t base, uint32_t size) {
    uint32_t off = addr - base;
    return addr >= base && off < size && len <= size - off;
}
bool map_ok(void *, uint32_t addr, uint32_t len, bool) {
    return len == 0 || in_win(addr, len, MOSAIC_RAM_BASE, MOSAIC_RAM_SIZE) ||
           in_win(addr, len, MOSAIC_MAIN_BASE, MOSAIC_MAIN_SIZE) ||
           in_win(addr, len, MOSAIC_SCPAD_BASE, MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS);
}
bool mem_read(void *, uint32_t, void *buf, uint32_t len) {
    std::memset(buf, 0, len);
    return true;
}
bool mem_write(void *, uint32_t, const void *, uint32_t) { return true; }
const mosaic_mem_if gmem = {nullptr, map_ok, mem_read, mem_write};

// ---------------------------------------------------------------- state
struct State {
    uint32_t ts;
    uint8_t tag[32];
    uint32_t mcsr, mxcfg, mxtile;
    uint32_t tl_xcfg, tl_shape, tl_mask1, tl_mask2, tl_lmask, tl_smask, tl_xstatus;
    uint32_t ddc_base, ddc_limit, ddc_perm;
    uint32_t sdma_status, sdma_erraddr;
};

struct Vec {
    uint32_t insn, x1, x2, xd;
    State st;
};

const uint32_t kEdges[] = {0x00000000u,
                           MOSAIC_SCPAD_BASE,
                           MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES,
                           MOSAIC_SCPAD_BASE + 2 * MOSAIC_SCPAD_BANK_BYTES,
                           MOSAIC_MAIN_BASE,
                           MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE,
                           MOSAIC_RAM_BASE,
                           MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE,
                           MOSAIC_UART_BASE,
                           0xFFFFFFFFu};

uint32_t gen_addr(tb::Rng &r) {
    switch (r.below(6)) {
    case 0: return r.u32();
    case 1: return kEdges[r.below(10)] + r.below(64) * 4 - 128; // near an edge, aligned
    case 2: return kEdges[r.below(10)] + r.below(2048) - 1024;
    case 3: return MOSAIC_MAIN_BASE + r.below(MOSAIC_MAIN_SIZE);
    case 4: return MOSAIC_RAM_BASE + r.below(MOSAIC_RAM_SIZE);
    default: return MOSAIC_SCPAD_BASE + r.below(2 * MOSAIC_SCPAD_BANK_BYTES);
    }
}

// A tl descriptor: mostly good shapes, some zero dims, too big, random.
uint32_t gen_desc(tb::Rng &r) {
    static const unsigned small[] = {1, 1, 1, 2, 2, 3, 4, 4, 5, 8, 8, 16, 16, 32, 33, 64};
    unsigned d[4];
    switch (r.below(10)) {
    case 0: return r.u32();
    case 1: // zero dim somewhere
        for (auto &x : d) x = r.below(40);
        d[r.below(4)] = 0;
        break;
    case 2: case 3: // big
        for (auto &x : d) x = 1 + r.below(r.chance(50) ? 255 : 40);
        break;
    default: // good (product <= 1024), sometimes exactly at the edge
        do {
            for (auto &x : d) x = small[r.below(16)];
        } while ((uint64_t)d[0] * d[1] * d[2] * d[3] > 1024 && !r.chance(10));
        break;
    }
    return d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24;
}

uint32_t gen_mask(tb::Rng &r) {
    switch (r.below(6)) {
    case 0: return 0;
    case 1: return 0xFFFFFFFFu;
    case 2: return 1u << r.below(32);
    case 3: return (1u << r.below(32)) | (1u << r.below(32));
    case 4: return r.u32() & ((1u << r.below(32)) - 1);
    default: return r.u32();
    }
}

const uint8_t kAmeCodes[] = {0x00, 0x10, 0x11, 0x12, 0x02, 0x20, 0x28, 0x29, 0x40, 0x48, 0x49,
                             0x01, 0x08, 0x30, 0x13, 0xFF};
const uint8_t kAmePairs[][2] = {{0x10, 0x10}, {0x10, 0x20}, {0x10, 0x40}, {0x20, 0x20},
                                {0x20, 0x40}, {0x11, 0x11}, {0x11, 0x12}, {0x12, 0x11},
                                {0x12, 0x12}, {0x11, 0x28}, {0x12, 0x28}, {0x02, 0x11},
                                {0x02, 0x12}, {0x28, 0x28}, {0x28, 0x48}, {0x29, 0x29},
                                {0x29, 0x48}, {0x29, 0x49}, {0x49, 0x49}, {0x48, 0x48},
                                {0x00, 0x40}, {0x00, 0x00}};

void gen_state(tb::Rng &r, State &s) {
    s.ts = r.chance(8) ? 0 : 1 + r.below(3);
    // Tags: sometimes all of one domain so that R-type ops are legal often.
    const unsigned mode = r.below(4);
    static const uint8_t fl[] = {0, 1, 2, 3, 4, 6, 9};
    static const uint8_t in[] = {5, 7, 8, 5, 7};
    for (auto &t : s.tag) {
        if (mode == 0) t = fl[r.below(7)];
        else if (mode == 1) t = in[r.below(5)];
        else t = r.chance(90) ? r.below(10) : r.below(16);
    }
    s.mcsr = r.u32() & 0x3FFu;
    if (r.chance(75)) s.mcsr = (s.mcsr & ~(7u << 6)) | (r.below(5) << 6);
    if (r.chance(50)) s.mcsr &= ~3u; // mmode 0 half the time
    // AME configuration.
    uint32_t ifc, rfc;
    if (r.chance(75)) {
        const auto &p = kAmePairs[r.below(sizeof kAmePairs / 2)];
        ifc = p[0];
        rfc = p[1];
    } else {
        ifc = r.chance(80) ? kAmeCodes[r.below(16)] : r.below(256);
        rfc = r.chance(80) ? kAmeCodes[r.below(16)] : r.below(256);
    }
    s.mxcfg = ifc | rfc << 8 | (r.chance(85) ? r.below(4) : r.below(8)) << 16 | r.below(2) << 19;
    static const unsigned geo[] = {16, 16, 16, 16, 16, 16, 0, 15, 17, 8, 4, 32};
    s.mxtile = geo[r.below(12)] | geo[r.below(12)] << 8 | r.below(4) << 16 | r.below(2) << 18;
    if (r.chance(10)) s.mxtile = r.u32() & 0x7FFFFu;
    // TensorLoad.
    s.tl_xcfg = r.chance(60) ? 1 : 0;
    s.tl_shape = gen_desc(r);
    s.tl_mask1 = gen_mask(r);
    s.tl_mask2 = gen_mask(r);
    s.tl_lmask = gen_mask(r);
    s.tl_smask = gen_mask(r);
    s.tl_xstatus = r.below(4);
    // DDC: reset value, or set around the addresses by the caller.
    s.ddc_base = 0;
    s.ddc_limit = 0xFFFFFFFFu;
    s.ddc_perm = r.chance(80) ? 3 : r.below(4);
    s.sdma_status = r.u32() & 0x1Fu;
    if (r.chance(50)) s.sdma_status &= ~1u;
    s.sdma_erraddr = r.u32();
}

// Put the DDC edges near the accessed range [lo, hi] (or random).
void place_ddc(tb::Rng &r, State &s, int64_t lo, int64_t hi) {
    if (r.chance(30)) return; // all of memory
    auto near = [&](int64_t v) { return (uint32_t)(v + (int)r.below(9) - 4); };
    s.ddc_base = r.chance(70) ? near(lo) : r.chance(50) ? gen_addr(r) : 0;
    s.ddc_limit = r.chance(70) ? near(hi) : r.chance(50) ? gen_addr(r) : 0xFFFFFFFFu;
}

unsigned elem_bytes(uint8_t tag) {
    switch (tag) {
    case 0: case 8: case 9: return 4;
    case 1: case 2: case 7: return 2;
    default: return 1;
    }
}

uint32_t enc(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
    return (f7 & 0x7F) << 25 | (rs2 & 31) << 20 | (rs1 & 31) << 15 | (f3 & 7) << 12 |
           (rd & 31) << 7 | op;
}
uint32_t enc_i(uint32_t imm, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op) {
    return (imm & 0xFFF) << 20 | (rs1 & 31) << 15 | (f3 & 7) << 12 | (rd & 31) << 7 | op;
}

// ---------------------------------------------------------------- groups
void gen_minat(tb::Rng &r, Vec &v) {
    State &s = v.st;
    uint32_t f3 = r.below(8), rd = r.below(32), rs1 = r.below(32), rs2 = r.below(32);
    uint32_t imm = 0;
    v.x1 = r.u32();
    v.x2 = r.u32();
    v.xd = r.u32();
    switch (f3) {
    case 0: case 1: { // tld / tst
        unsigned eb = elem_bytes(s.tag[rd]), rowb = 16 * eb;
        if (s.tag[rd] == 6) rowb = 8;
        int stride;
        switch (r.below(6)) {
        case 0: stride = (int)rowb; break;
        case 1: stride = -(int)rowb; break;
        case 2: stride = 0; break;
        case 3: stride = (int)(r.below(4096)) - 2048; break;
        default: stride = ((int)r.below(1024) - 512) * (int)eb; break;
        }
        if (r.chance(10)) stride += 1 + r.below(3);
        imm = (uint32_t)stride & 0xFFF;
        int32_t st = (int32_t)(imm << 20) >> 20;
        v.x1 = gen_addr(r);
        if (r.chance(85)) v.x1 &= ~(eb - 1);
        if (r.chance(15)) v.x1 = (uint32_t)(-15 * st) + r.below(64) - 32; // wrap around 0
        int64_t a0 = v.x1, a15 = (int64_t)v.x1 + 15 * (int64_t)st;
        int64_t lo = a0 < a15 ? a0 : a15, hi = (a0 < a15 ? a15 : a0) + rowb - 1;
        place_ddc(r, s, lo, hi);
        break;
    }
    case 2: // tact
        if (r.chance(85)) rs1 = rd;
        imm = r.chance(85) ? r.below(5) : r.below(4096);
        break;
    case 3: imm = r.chance(85) ? r.below(10) : r.chance(50) ? r.below(16) : r.below(4096); break;
    case 4:
        if (r.chance(85)) rs1 = rd;
        imm = r.chance(85) ? 0 : r.below(4096);
        break;
    case 5: imm = r.chance(85) ? r.below(3) : r.below(4096); break;
    case 6: imm = r.chance(90) ? 0 : r.below(4096); break;
    default: {
        uint32_t f7 = r.chance(90) ? r.below(11) : r.below(128);
        if ((f7 == 6 || f7 == 7) && r.chance(85)) rs2 = 0;
        v.insn = enc(f7, rs2, rs1, 7, rd, MOSAIC_OP_CUSTOM2);
        return;
    }
    }
    v.insn = enc_i(imm, rs1, f3, rd, MOSAIC_OP_CUSTOM2);
}

void gen_ame(tb::Rng &r, Vec &v) {
    static const uint32_t f3s[] = {0, 0, 0, 0, 1, 2, 3, 5, 6, 7, 4};
    uint32_t f3 = f3s[r.below(11)], rd = r.below(32), rs1 = r.below(32), rs2 = r.below(32);
    // Register bases near the top of the file exercise the range check.
    if (r.chance(40)) rd = 32 - 1 - r.below(16);
    uint32_t f7 = 0;
    if (f3 == 0) {
        f7 = r.chance(90) ? r.below(4) : r.below(128);
    } else if (f3 < 4) {
        if (!r.chance(85)) f7 = r.below(128);
        if (r.chance(85)) rs2 = 0;
    } else if (f3 >= 5) {
        f7 = r.below(128);
        if (r.chance(85)) rs1 = 0;
    }
    v.insn = enc(f7, rs2, rs1, f3, rd, MOSAIC_OP_CUSTOM1);
    if (f3 >= 5 && r.chance(50)) // small immediates
        v.insn = (v.insn & 0x000FFFFFu) | (r.below(40) << 20);
    v.x1 = r.chance(50) ? r.below(40) : r.u32();
    v.x2 = r.u32();
    v.xd = r.u32();
}

void gen_sdma(tb::Rng &r, Vec &v) {
    static const uint32_t f3s[] = {0, 1, 2, 2, 2, 3, 7};
    uint32_t f3 = f3s[r.below(7)];
    uint32_t rd = r.below(32), rs1 = r.below(32), rs2 = r.below(32);
    if (f3 == 2 && r.chance(80)) rd = rs1 = rs2 = 0;
    uint32_t f7 = r.chance(90) ? 0 : r.below(128);
    v.insn = enc(f7, rs2, rs1, f3, rd, MOSAIC_OP_CUSTOM0);
    v.x1 = gen_addr(r);
    v.x2 = gen_addr(r);
    v.xd = r.chance(60) ? (1 + r.below(32)) | (1 + r.below(32)) << 8 | r.below(3) << 16 : r.u32();
}

void gen_tl(tb::Rng &r, Vec &v) {
    State &s = v.st;
    static const uint32_t f3s[] = {0, 0, 1, 1, 2, 3, 3, 3, 4, 4, 4, 5, 6, 7};
    uint32_t f3 = f3s[r.below(14)], rd = r.below(32), rs1 = r.below(32), rs2 = r.below(32);
    uint32_t f7;
    switch (f3) {
    case 0: f7 = 0x30 | r.below(16); break;
    case 1: f7 = 0x40 | r.below(4); break;
    case 2: f7 = r.below(128); break;
    case 3: f7 = 0x50; break;
    case 4: f7 = 0x51; break;
    default: f7 = r.below(128); break;
    }
    if (r.chance(8)) f7 = r.below(128);
    v.insn = enc(f7, rs2, rs1, f3, rd, MOSAIC_OP_CUSTOM3);
    v.x1 = r.u32();
    v.x2 = r.u32();
    v.xd = r.u32();
    if (f3 == 0) v.x2 = gen_desc(r);
    if (f3 == 3) v.x1 = gen_desc(r);
    if (f3 == 4) v.xd = gen_desc(r);
    if (f3 == 3 || f3 == 4) {
        uint32_t desc = f3 == 3 ? v.x1 : v.xd;
        unsigned d0 = desc & 0xFF;
        uint64_t S = (uint64_t)((desc >> 8) & 0xFF) * ((desc >> 16) & 0xFF) * (desc >> 24);
        v.x2 = gen_addr(r);
        if (r.chance(15)) v.x2 = (uint32_t)(0 - (uint32_t)(d0 * S)) + r.below(64) - 32;
        uint32_t &mask = f3 == 3 ? s.tl_lmask : s.tl_smask;
        // Find the hull of the selected slices to put the DDC near it.
        int lo = -1, hi = -1;
        for (unsigned i = 0; i < d0 && i < 32; i++)
            if (mask & (1u << i)) {
                if (lo < 0) lo = (int)i;
                hi = (int)i;
            }
        if (lo >= 0)
            place_ddc(r, s, (int64_t)v.x2 + lo * (int64_t)S, (int64_t)v.x2 + (hi + 1) * (int64_t)S - 1);
    }
}

// ---------------------------------------------------------------- check
void set_golden(const Vec &v) {
    const State &s = v.st;
    // Dirty cannot become Dirty: run the golden model from Clean instead
    // (TS Clean and Dirty behave alike otherwise) so the transition shows.
    gtu.ts = s.ts == MOSAIC_TS_DIRTY ? MOSAIC_TS_CLEAN : s.ts;
    std::memcpy(gtu.tag, s.tag, 32);
    gtu.mcsr = s.mcsr;
    gtu.mtilem = gtu.mtilek = gtu.mtilen = 0; // no issue decision depends on them; fast
    gtu.mxcfg = s.mxcfg;
    gtu.mxtile = s.mxtile;
    gtu.mxstatus = 0;
    gtu.tl_shape = s.tl_shape;
    gtu.tl_perm = 0;
    gtu.tl_xcfg = s.tl_xcfg;
    gtu.tl_xstatus = s.tl_xstatus;
    gtu.tl_mask1 = s.tl_mask1;
    gtu.tl_mask2 = s.tl_mask2;
    gtu.tl_lmask = s.tl_lmask;
    gtu.tl_smask = s.tl_smask;
    gtu.ddc_base = s.ddc_base;
    gtu.ddc_limit = s.ddc_limit;
    gtu.ddc_perm = s.ddc_perm;
    gtu.sdma_stride = 0;
    gtu.sdma_status = s.sdma_status;
    gtu.sdma_erraddr = s.sdma_erraddr;
}

void set_dut(const Vec &v) {
    const State &s = v.st;
    dut->insn_i = v.insn;
    dut->rs1_val_i = v.x1;
    dut->rs2_val_i = v.x2;
    dut->rd_val_i = v.xd;
    dut->ts_i = s.ts;
    for (unsigned w = 0; w < 4; w++) {
        uint32_t word = 0;
        for (unsigned k = 0; k < 8; k++)
            word |= (uint32_t)(s.tag[8 * w + k] & 0xF) << (4 * k);
        dut->tags_i[w] = word;
    }
    dut->mcsr_i = s.mcsr;
    dut->mxcfg_i = s.mxcfg;
    dut->mxtile_i = s.mxtile;
    dut->tl_trap_i = s.tl_xcfg & 1;
    dut->tl_shape_i = s.tl_shape;
    dut->tl_mask1_i = s.tl_mask1;
    dut->tl_mask2_i = s.tl_mask2;
    dut->tl_lmask_i = s.tl_lmask;
    dut->tl_smask_i = s.tl_smask;
    dut->ddc_base_i = s.ddc_base;
    dut->ddc_limit_i = s.ddc_limit;
    dut->ddc_perm_i = s.ddc_perm;
    dut->sdma_status_i = s.sdma_status;
    dut->sdma_erraddr_i = s.sdma_erraddr;
    dut->eval();
}

struct Stats {
    uint64_t cause[8] = {0}, ok = 0, badgeom = 0, xstatus = 0, nop = 0, wb = 0, fallback = 0;
};

void check(tb::Case &c, const Vec &v, Stats &st) {
    set_golden(v);
    set_dut(v);
    const uint32_t op = v.insn & 0x7F;
    mosaic_tu_result res = mosaic_tu_exec(&gtu, &gmem, v.insn, v.x1, v.x2, v.xd);
    const bool g_badgeom = (gtu.mxstatus & MOSAIC_MX_BADGEOM) != 0;
    const bool g_fallback = (gtu.mxstatus & MOSAIC_MX_GUARD_FALLBACK) != 0;
    const bool g_dirty = gtu.ts == MOSAIC_TS_DIRTY;
    const bool g_nop = op == MOSAIC_OP_CUSTOM3 && !res.trap &&
                       (((v.insn >> 12) & 7) == 4 ? res.csr_written : res.treg_written == 0);
    const uint32_t x_status = dut->tl_xstatus_we_o ? dut->tl_xstatus_o : v.st.tl_xstatus;
    c.vector();
    bool bad = !dut->accept_o || dut->trap_o != res.trap ||
               (res.trap && (dut->mcause_o != res.cause || dut->mtval_o != res.tval)) ||
               dut->set_badgeom_o != g_badgeom || dut->set_guard_fallback_o != g_fallback ||
               x_status != gtu.tl_xstatus || dut->nop_o != g_nop ||
               dut->writeback_o != res.rd_write || dut->dirty_o != g_dirty;
    const bool msettile = op == MOSAIC_OP_CUSTOM1 && ((v.insn >> 12) & 3) != 0;
    if (msettile && res.rd_write && dut->wb_value_o != res.rd_value) bad = true;
    if (bad) {
        const State &s = v.st;
        c.fail("insn %08x x1 %08x x2 %08x xd %08x ts %u tags d/a/b %u/%u/%u mcsr %03x mxcfg %05x "
               "mxtile %05x ddc [%08x,%08x] p%u shape %08x lmask %08x smask %08x xcfg %u: "
               "rtl trap %d c%u tval %08x bg %d fb %d xs %u nop %d wb %d(%08x) dirty %d; "
               "golden trap %d c%u tval %08x bg %d fb %d xs %u nop %d wb %d(%08x) dirty %d",
               v.insn, v.x1, v.x2, v.xd, s.ts, s.tag[(v.insn >> 7) & 31],
               s.tag[(v.insn >> 15) & 31], s.tag[(v.insn >> 20) & 31], s.mcsr, s.mxcfg,
               s.mxtile, s.ddc_base, s.ddc_limit, s.ddc_perm, s.tl_shape, s.tl_lmask,
               s.tl_smask, s.tl_xcfg, dut->trap_o, dut->mcause_o, dut->mtval_o,
               dut->set_badgeom_o, dut->set_guard_fallback_o, x_status, dut->nop_o,
               dut->writeback_o, dut->wb_value_o, dut->dirty_o, res.trap, res.cause, res.tval,
               g_badgeom, g_fallback, gtu.tl_xstatus, g_nop, res.rd_write, res.rd_value,
               g_dirty);
    }
    if (res.trap) st.cause[res.cause & 7]++;
    else st.ok++;
    st.badgeom += g_badgeom;
    st.fallback += g_fallback;
    st.xstatus += dut->tl_xstatus_we_o;
    st.nop += g_nop;
    st.wb += res.rd_write;
}

void run_group(const char *name, void (*gen)(tb::Rng &, Vec &), uint64_t n, tb::Rng &r,
               bool *ok) {
    tb::Case c(name);
    Stats st;
    Vec v;
    for (uint64_t i = 0; i < n; i++) {
        gen_state(r, v.st);
        gen(r, v);
        check(c, v, st);
    }
    *ok &= c.finish();
    std::printf("#   %s: no trap %llu, illegal %llu, load misaligned %llu, load fault %llu, "
                "store misaligned %llu, store fault %llu; badgeom %llu, guard_fallback %llu, "
                "tl_xpose_status writes %llu, no-ops %llu, writebacks %llu\n",
                name, (unsigned long long)st.ok, (unsigned long long)st.cause[2],
                (unsigned long long)st.cause[4], (unsigned long long)st.cause[5],
                (unsigned long long)st.cause[6], (unsigned long long)st.cause[7],
                (unsigned long long)st.badgeom, (unsigned long long)st.fallback,
                (unsigned long long)st.xstatus, (unsigned long long)st.nop,
                (unsigned long long)st.wb);
}

// Other opcodes are not accepted (the core traps them itself).
void not_tensor(tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case c("tu_check_not_tensor");
    for (uint64_t i = 0; i < n; i++) {
        uint32_t insn = r.u32();
        uint32_t op = insn & 0x7F;
        if (op == 0x0B || op == 0x2B || op == 0x5B || op == 0x7B) continue;
        dut->insn_i = insn;
        dut->ts_i = r.below(4);
        dut->eval();
        c.vector();
        if (dut->accept_o || dut->trap_o || dut->dirty_o || dut->writeback_o)
            c.fail("insn %08x: accept %d trap %d dirty %d wb %d", insn, dut->accept_o,
                   dut->trap_o, dut->dirty_o, dut->writeback_o);
    }
    *ok &= c.finish();
}

void mutant(const char *argv0, bool *ok) {
    *ok &= tb::check_mutant(argv0, "test_rtl_tu_check_mutant", "tu_check_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull, n = 0;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 0);
        else if (!std::strcmp(argv[i], "--n") && i + 1 < argc)
            n = std::strtoull(argv[++i], nullptr, 0);
    }
    if (n == 0) n = quick ? 20000 : 200000;
    VerilatedContext ctx;
    Vmosaic_tu_check top{&ctx};
    dut = &top;
    mosaic_tu_reset(&gtu, nullptr);
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    run_group("tu_check_minat_custom2", gen_minat, n, rng, &ok);
    run_group("tu_check_ame_custom1", gen_ame, n, rng, &ok);
    run_group("tu_check_sdma_custom0", gen_sdma, n, rng, &ok);
    run_group("tu_check_tl_custom3", gen_tl, n, rng, &ok);
    not_tensor(rng, n / 10, &ok);
    if (!quick) mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_tu_check: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
