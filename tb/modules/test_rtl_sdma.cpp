// Module test: rtl/tu/mosaic_tu_sdma.sv (+ mosaic_tu_sdma_check, mosaic_tu_sdma_iter, mosaic_tu_sdma_buf,
// mosaic_mem_fifo) against the golden SDMA (mosaic_tu_exec of scpad.ld /
// scpad.st on a golden memory with the same initial contents).
//
// The harness is an AXI4 slave of SDMA_AXI_BITS bits (64 or 128, -D at
// build, default 128; the RTL's AxiDataWidth must match) over three byte
// windows at the real bases (RAM 0x80000000 16 KiB, main 0x40000000
// 64 KiB, scratchpad 0x20000000 2 x 16 KiB banks; the RTL gets the same
// sizes as parameters and the golden model's memory answers `ok` for the
// same windows), with random
// latency per burst (0-24 cycles), random gaps between R beats, and 25%
// stalls on arready, awready, wready, and on rvalid / bvalid; in 30% of the
// batches at most 1-4 read bursts in flight (arready low until the oldest
// one's last beat is taken), as mosaic_mem_sys's --dram-outstanding.
//
// Commands come in batches of 1-6 (15%: 17-24, more than the queue holds),
// pushed back to back (random gaps, the queue's ready respected); the
// golden model executes the same commands in order and keeps a memory
// snapshot after each. At each done_o the DUT's memory must equal the
// snapshot of that command byte for byte (nothing else moved) or, when the
// next command has already started writing (the engine writes it while
// the done one waits for its write responses), the done command's
// destination must; at the end of a batch the whole memory must equal the
// last snapshot. done_seq / err / code / op / address must be what sdma.c
// latches (sdma_status, sdma_erraddr with the status cleared first).
//
// Cases:
//   sdma_load, sdma_store  random shapes (1-32 x 1-32, 1/2/4-byte
//       elements), banks, element alignments, strides (0, +-row,
//       overlapping |stride| < row, random, negative), main addresses in
//       main memory, RAM or the scratchpad (source and destination may
//       overlap), DDC windows and permissions; about a third are bad
//       commands of every error code
//   sdma_chain  batches of 2-6 alternating loads and stores, each reading
//       the previous one's destination (same shape: a store from the load's
//       scratchpad range, a load from the store's rows), so the engine,
//       which reads the next source while it writes, must wait for them
//   sdma_axi_protocol  every burst INCR, full-width beats (AxSIZE =
//       log2(bus bytes)), len <= 255, inside one window, not across
//       4 KiB; AR/AW/W payloads held until ready; wlast
//       exactly on the last beat; strobes, in command order, only on the
//       destination bytes of the command writing, exactly its byte count,
//       never more than one command ahead of the oldest not done (whose
//       destination it must not overlap); busy_o low and nothing
//       outstanding and no valid left after each batch; AW bursts only
//       while a good command is one of the two oldest not done; AR bursts
//       only into the source of a good command in flight (the engine reads the next
//       sources while it writes); ev_bytes_o sums to the bytes written
//   sdma_bus_error  batches whose first command's main-memory rows (main
//       window) hold a poisoned 64-byte block, as mosaic_mem_sys
//       --dram-poison makes it: its R beats answer SLVERR with zero data,
//       its W beats write nothing and make their burst's B SLVERR. The
//       golden memory answers the same (docs/isa.md R32): such a command
//       still moves its other bytes and completes with code 5; its
//       neighbours in the pipeline must not take the error
//   sdma_injected_bug_detected  the MOSAIC_INJECT_BUG build (rows after the
//       first one byte off) must fail
//
// Usage: test_rtl_sdma [--quick] [--seed N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "Vmosaic_tu_sdma.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_tu.h"
}

namespace {

Vmosaic_tu_sdma *dut;
uint64_t cycles;
tb::Rng *rng;

// ---------------------------------------------------------------- bus width
#ifndef SDMA_AXI_BITS
#define SDMA_AXI_BITS 128
#endif
constexpr uint32_t kBus = SDMA_AXI_BITS / 8; // bytes per beat
constexpr unsigned kSize = kBus == 16 ? 4 : 3; // AxSIZE
static_assert(kBus == 8 || kBus == 16, "SDMA_AXI_BITS must be 64 or 128");
static_assert(sizeof(Vmosaic_tu_sdma::rdata_i) == kBus && sizeof(Vmosaic_tu_sdma::wdata_o) == kBus,
              "SDMA_AXI_BITS differs from the RTL's AxiDataWidth");

// Verilator's data ports: a uint64_t at 64 bits, VlWide<4> (four 32-bit
// words, least significant first) at 128.
void set_beat(QData &p, const uint8_t *b) {
    p = 0;
    for (int i = 0; i < 8; i++) p |= (uint64_t)b[i] << (8 * i);
}
void set_beat(VlWide<4> &p, const uint8_t *b) {
    for (int k = 0; k < 4; k++)
        p[k] = (uint32_t)b[4 * k] | (uint32_t)b[4 * k + 1] << 8 | (uint32_t)b[4 * k + 2] << 16 |
               (uint32_t)b[4 * k + 3] << 24;
}
uint8_t beat_byte(const QData &p, unsigned i) { return (uint8_t)(p >> (8 * i)); }
uint8_t beat_byte(const VlWide<4> &p, unsigned i) { return (uint8_t)(p[i / 4] >> (8 * (i % 4))); }
// 64-bit word k (0, 1) of a beat, for the hold check.
uint64_t beat_word(const QData &p, unsigned k) { return k ? 0 : p; }
uint64_t beat_word(const VlWide<4> &p, unsigned k) {
    return (uint64_t)p[2 * k + 1] << 32 | p[2 * k];
}

// ---------------------------------------------------------------- memory
constexpr uint32_t kBankBytes = 0x4000;
constexpr uint32_t kWinBase[3] = {0x80000000u, 0x40000000u, 0x20000000u};
constexpr uint32_t kWinSize[3] = {0x4000u, 0x10000u, 2 * kBankBytes};

struct Mem {
    std::vector<uint8_t> w[3] = {std::vector<uint8_t>(kWinSize[0]),
                                 std::vector<uint8_t>(kWinSize[1]),
                                 std::vector<uint8_t>(kWinSize[2])};
    uint8_t *at(uint32_t a) {
        for (int i = 0; i < 3; i++)
            if (a - kWinBase[i] < kWinSize[i]) return &w[i][a - kWinBase[i]];
        return nullptr;
    }
    bool operator==(const Mem &o) const { return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2]; }
};
Mem gold_mem, dut_mem;

bool mem_ok(void *ctx, uint32_t a, uint32_t len, bool) {
    (void)ctx;
    if (len == 0) return true;
    for (int i = 0; i < 3; i++) {
        const uint32_t off = a - kWinBase[i];
        if (a >= kWinBase[i] && off < kWinSize[i] && len <= kWinSize[i] - off) return true;
    }
    return false;
}
// The poisoned 64-byte block (sdma_bus_error), 0: none. The golden memory
// reads it as zero and does not write it, as the slave below.
uint32_t poison;
bool poisoned(uint32_t a) { return poison != 0 && a - poison < 64; }

bool mem_read(void *ctx, uint32_t a, void *buf, uint32_t len) {
    bool ok = true;
    for (uint32_t i = 0; i < len; i++) {
        const bool bad = poisoned(a + i);
        ((uint8_t *)buf)[i] = bad ? 0 : *((Mem *)ctx)->at(a + i);
        ok &= !bad;
    }
    return ok;
}
bool mem_write(void *ctx, uint32_t a, const void *buf, uint32_t len) {
    bool ok = true;
    for (uint32_t i = 0; i < len; i++) {
        const bool bad = poisoned(a + i);
        if (!bad) *((Mem *)ctx)->at(a + i) = ((const uint8_t *)buf)[i];
        ok &= !bad;
    }
    return ok;
}

// ---------------------------------------------------------------- commands
struct Cmd {
    bool store;
    uint32_t shape, sp, mm, stride, dbase, dlimit, dperm;
    uint16_t seq;
    // Expected (golden)
    unsigned code;
    bool moves; // a good transfer (code 0) or one with a bus error (code 5)
    Mem after;
    // Destination byte ranges (for the strobe rule), bytes to write.
    uint32_t rows, rb;
    uint64_t dest_bytes;
};

// ---------------------------------------------------------------- AXI model
struct Burst {
    uint32_t addr;
    unsigned len, beat;
    uint64_t ready_at;
    bool err; // a W beat of the poisoned block: B answers SLVERR
};
struct Bresp {
    uint64_t due;
    unsigned resp;
};
std::deque<Burst> ar_q, aw_q;
std::deque<Bresp> b_q;
tb::Case *proto;
// Accepted and not yet done, oldest first: the engine may read the source
// of any of them (it reads ahead while it writes), write only the oldest
// one's whose writes are not complete (wr_idx, wr_count bytes so far),
// which may be one past the oldest not done.
const std::deque<Cmd> *inflight;
unsigned inflight_lo, inflight_hi, wr_idx;
uint64_t wr_count;
bool wr_ahead; // a strobe went to a command after the oldest not done
uint64_t n_ahead;
uint64_t strobed, ev_bytes_sum;
unsigned ar_cap; // read bursts in flight at most (0: any number)
uint64_t n_bursts;

bool in_dest(const Cmd &c, uint32_t a) {
    if (c.store) {
        for (uint32_t r = 0; r < c.rows; r++)
            if (a - (c.mm + r * c.stride) < c.rb) return true;
        return false;
    }
    return a - c.sp < c.rows * c.rb;
}

bool in_src(const Cmd &c, uint32_t a) {
    if (!c.store) {
        for (uint32_t r = 0; r < c.rows; r++)
            if (a - (c.mm + r * c.stride) < c.rb) return true;
        return false;
    }
    return a - c.sp < c.rows * c.rb;
}

// An AR burst starts in the source of a good command in flight.
bool read_ok(uint32_t addr) {
    for (unsigned k = inflight_lo; k < inflight_hi; k++) {
        const Cmd &c = (*inflight)[k];
        if (!c.moves) continue;
        for (uint32_t i = 0; i < kBus; i++)
            if (in_src(c, (addr & ~(kBus - 1)) + i)) return true;
    }
    return false;
}

int window_of(uint32_t a, uint32_t len) {
    for (int i = 0; i < 3; i++) {
        const uint32_t off = a - kWinBase[i];
        if (a >= kWinBase[i] && off < kWinSize[i] && len <= kWinSize[i] - off) return i;
    }
    return -1;
}

void check_burst(const char *ch, uint32_t addr, unsigned len, unsigned size, unsigned burst) {
    proto->vector();
    n_bursts++;
    if (burst != 1 || size != kSize || len > 255)
        proto->fail("%s addr %08x burst %u size %u len %u", ch, addr, burst, size, len);
    const uint64_t first = addr & ~(uint64_t)(kBus - 1);
    const uint64_t last = first + (uint64_t)kBus * (len + 1) - 1;
    if ((first >> 12) != (last >> 12)) proto->fail("%s addr %08x len %u crosses 4 KiB", ch, addr, len);
    if (window_of((uint32_t)first, (uint32_t)(last - first + 1)) < 0)
        proto->fail("%s addr %08x len %u outside the windows", ch, addr, len);
}

struct Hold {
    bool pend = false;
    uint64_t a = 0, b = 0, c = 0, d = 0;
};
Hold h_ar, h_aw, h_w;
void check_hold(Hold &h, const char *ch, bool valid, bool ready, uint64_t a, uint64_t b, uint64_t c,
                uint64_t d = 0) {
    if (h.pend && (!valid || h.a != a || h.b != b || h.c != c || h.d != d))
        proto->fail("%s dropped or changed before ready", ch);
    h.pend = valid && !ready;
    h.a = a, h.b = b, h.c = c, h.d = d;
}

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
    cycles++;
}

bool stall() { return rng->chance(25); }

bool r_shown = false, b_shown = false;

// One cycle of the slave; the command inputs are set by the caller.
void env_cycle() {
    // Like mosaic_mem_sys with --dram-outstanding: no more than ar_cap read
    // bursts accepted until their last beat is taken.
    dut->arready_i = !stall() && (!ar_cap || ar_q.size() < ar_cap);
    dut->awready_i = !stall();
    dut->wready_i = !aw_q.empty() && !stall();
    if (!r_shown && !ar_q.empty() && ar_q.front().ready_at <= cycles && !stall()) r_shown = true;
    dut->rvalid_i = r_shown;
    if (r_shown) {
        const Burst &b = ar_q.front();
        const uint32_t wa = (b.addr & ~(kBus - 1)) + kBus * b.beat;
        uint8_t d[kBus];
        bool bad = false;
        for (uint32_t i = 0; i < kBus; i++) {
            const uint8_t *p = dut_mem.at(wa + i);
            bad |= !p;
            d[i] = p ? *p : 0xEE;
        }
        const bool sick = poisoned(wa); // a beat is all inside or all outside
        if (sick) std::memset(d, 0, kBus);
        set_beat(dut->rdata_i, d);
        dut->rlast_i = b.beat == b.len;
        dut->rresp_i = bad ? 3 : sick ? 2 : 0;
    } else {
        uint8_t d[kBus];
        for (uint32_t i = 0; i < kBus; i += 8) {
            const uint64_t x = rng->next();
            std::memcpy(d + i, &x, 8);
        }
        set_beat(dut->rdata_i, d);
        dut->rlast_i = rng->chance(50);
        dut->rresp_i = 0;
    }
    if (!b_shown && !b_q.empty() && b_q.front().due <= cycles && !stall()) b_shown = true;
    dut->bvalid_i = b_shown;
    dut->bresp_i = b_shown ? b_q.front().resp : 0;
    dut->eval();

    check_hold(h_ar, "AR", dut->arvalid_o, dut->arready_i, dut->araddr_o,
               dut->arlen_o | (dut->arsize_o << 8) | (dut->arburst_o << 12), 0);
    check_hold(h_aw, "AW", dut->awvalid_o, dut->awready_i, dut->awaddr_o,
               dut->awlen_o | (dut->awsize_o << 8) | (dut->awburst_o << 12), 0);
    check_hold(h_w, "W", dut->wvalid_o, dut->wready_i, beat_word(dut->wdata_o, 0), dut->wstrb_o,
               dut->wlast_o, beat_word(dut->wdata_o, 1));
    if (dut->awvalid_o && dut->awready_i) {
        bool good = false;
        for (unsigned k = inflight_lo; k < inflight_hi && k < inflight_lo + 2; k++)
            good |= (*inflight)[k].moves;
        if (!good) proto->fail("AW burst issued with no good command among the two oldest not done");
    }
    if (dut->arvalid_o && dut->arready_i && !read_ok(dut->araddr_o))
        proto->fail("AR burst at %08x outside the source of every good command in flight",
                    dut->araddr_o);
    if (dut->arvalid_o && dut->arready_i) {
        check_burst("AR", dut->araddr_o, dut->arlen_o, dut->arsize_o, dut->arburst_o);
        ar_q.push_back({dut->araddr_o, dut->arlen_o, 0, cycles + rng->below(25), false});
    }
    if (dut->awvalid_o && dut->awready_i) {
        check_burst("AW", dut->awaddr_o, dut->awlen_o, dut->awsize_o, dut->awburst_o);
        aw_q.push_back({dut->awaddr_o, dut->awlen_o, 0, 0, false});
    }
    if (r_shown && dut->rready_o) {
        r_shown = false;
        if (++ar_q.front().beat > ar_q.front().len) ar_q.pop_front();
    }
    if (b_shown && dut->bready_o) {
        b_shown = false;
        b_q.pop_front();
    }
    ev_bytes_sum += dut->ev_bytes_o;
    if (dut->wvalid_o && dut->wready_i) {
        Burst &b = aw_q.front();
        const uint32_t wa = (b.addr & ~(kBus - 1)) + kBus * b.beat;
        if (dut->wlast_o != (b.beat == b.len))
            proto->fail("wlast %d on beat %u of len %u", dut->wlast_o, b.beat, b.len);
        for (uint32_t i = 0; i < kBus; i++) {
            if (!((dut->wstrb_o >> i) & 1)) continue;
            const uint32_t a = wa + i;
            strobed++;
            while (wr_idx < inflight_hi &&
                   (!(*inflight)[wr_idx].moves || (*inflight)[wr_idx].dest_bytes == 0))
                wr_idx++;
            if (wr_idx >= inflight_hi || wr_idx > inflight_lo + 1) {
                proto->fail("strobe on %08x with no command to write (writer %u, oldest %u)", a,
                            wr_idx, inflight_lo);
                continue;
            }
            const Cmd &wc = (*inflight)[wr_idx];
            if (a < b.addr || !in_dest(wc, a)) {
                proto->fail("strobe on %08x outside the destination", a);
                continue;
            }
            if (wr_idx > inflight_lo) {
                wr_ahead = true;
                if (in_dest((*inflight)[inflight_lo], a))
                    proto->fail("strobe on %08x in the destination of an older command not done", a);
            }
            if (++wr_count == wc.dest_bytes) {
                wr_idx++;
                wr_count = 0;
            }
            if (!poisoned(a))
                if (uint8_t *p = dut_mem.at(a)) *p = beat_byte(dut->wdata_o, i);
        }
        // As mosaic_mem_sys: a beat of the block writes nothing and its
        // burst's B is SLVERR, strobes or not.
        if (poisoned(wa)) b.err = true;
        if (++b.beat > b.len) {
            b_q.push_back({cycles + 1 + rng->below(20), b.err ? 2u : 0u});
            aw_q.pop_front();
        }
    }
    tick();
}

// ---------------------------------------------------------------- generator
mosaic_tu gold;
struct Stats {
    uint64_t code[6], neg, zero, overlap, main_in_scpad, main_in_ram, self, ddc;
} st;

uint32_t align_down(uint32_t a, uint32_t e) { return a & ~(e - 1); }

Cmd gen(bool store) {
    Cmd c{};
    c.store = store;
    const unsigned lg = rng->below(3), e = 1u << lg;
    unsigned rows = rng->chance(20) ? 1 : rng->chance(20) ? 32 : 1 + rng->below(32);
    unsigned cols = rng->chance(20) ? 32 : 1 + rng->below(32);
    c.shape = cols | rows << 8 | lg << 16;
    const uint32_t rb = cols * e, total = rows * rb;
    // Scratchpad side: inside one bank.
    const uint32_t bank = rng->below(2);
    c.sp = kWinBase[2] + bank * kBankBytes + align_down(rng->below(kBankBytes - total + 1), e);
    if (rng->chance(30)) c.sp = kWinBase[2] + bank * kBankBytes + kBankBytes - total; // bank end
    // Stride.
    int32_t s;
    switch (rng->below(6)) {
    case 0: s = 0; break;
    case 1: s = rng->chance(50) ? (int32_t)rb : -(int32_t)rb; break;
    case 2: s = (int32_t)align_down(rng->below(rb), e) * (rng->chance(50) ? 1 : -1); break;
    case 3: s = (int32_t)align_down(rng->below(4 * rb + 1), e) * (rng->chance(50) ? 1 : -1); break;
    default: s = (int32_t)align_down(rng->below(2048), e) * (rng->chance(50) ? 1 : -1); break;
    }
    // Main side window.
    int w = 1;
    const unsigned pick = rng->below(20);
    if (pick < 2) w = 0;
    else if (pick < 5) w = 2;
    const int64_t lo = s < 0 ? (int64_t)(rows - 1) * s : 0;
    const int64_t hi = (s > 0 ? (int64_t)(rows - 1) * s : 0) + rb;
    if (hi - lo > kWinSize[w]) s = 0;
    const int64_t lo2 = s < 0 ? (int64_t)(rows - 1) * s : 0;
    const int64_t hi2 = (s > 0 ? (int64_t)(rows - 1) * s : 0) + rb;
    const int64_t mmin = (int64_t)kWinBase[w] - lo2, mmax = (int64_t)kWinBase[w] + kWinSize[w] - hi2;
    int64_t m = mmin + rng->below((uint32_t)(mmax - mmin + 1));
    if (w == 2 && rng->chance(50)) m = (int64_t)c.sp + (int64_t)rng->below(2 * total + 1) - total;
    if (rng->chance(20)) m = rng->chance(50) ? mmin : mmax;
    m -= ((m % e) + e) % e;
    if (m < mmin) m += e;
    c.mm = (uint32_t)m;
    c.stride = (uint32_t)s;
    c.dbase = 0, c.dlimit = 0xFFFFFFFFu, c.dperm = 3;
    // DDC window around the transfer, sometimes cutting it.
    if (rng->chance(25)) {
        const uint32_t a = rng->chance(50) ? c.mm : c.sp;
        c.dbase = a - rng->below(64) + (rng->chance(20) ? rng->below(16) : 0);
        c.dlimit = a + (uint32_t)(hi2 > total ? hi2 : total) + rng->below(64) - (rng->chance(30) ? rng->below(128) : 0);
        if (rng->chance(30)) c.dbase = kWinBase[w];
        if (rng->chance(30)) c.dperm = rng->below(4);
        st.ddc++;
    }
    // Bad commands of every kind.
    switch (rng->below(16)) {
    case 0: { // shape
        switch (rng->below(6)) {
        case 0: c.shape &= ~0x3Fu; break;
        case 1: c.shape = (c.shape & ~0x3Fu) | (33 + rng->below(31)); break;
        case 2: c.shape &= ~0x3F00u; break;
        case 3: c.shape = (c.shape & ~0x3F00u) | (33 + rng->below(31)) << 8; break;
        case 4: c.shape |= 3u << 16; break;
        default: c.shape |= 1u << (6 + rng->below(26)); break;
        }
        break;
    }
    case 1: // misaligned (only meaningful for 2- and 4-byte elements)
        switch (rng->below(3)) {
        case 0: c.sp += 1 + rng->below(3); break;
        case 1: c.mm += 1 + rng->below(3); break;
        default: c.stride += 1 + rng->below(3); break;
        }
        break;
    case 2: // bank: crossing, past the scratchpad, below it
        switch (rng->below(3)) {
        case 0: c.sp = kWinBase[2] + kBankBytes - align_down(rng->below(total), e) ; break;
        case 1: c.sp = kWinBase[2] + 2 * kBankBytes + align_down(rng->below(64), e); break;
        default: c.sp = kWinBase[2] - align_down(1 + rng->below(64), e) - e; break;
        }
        break;
    case 3: // a row leaving its window, or an unmapped address
        if (rng->chance(50)) c.mm = (uint32_t)mmax + e * (1 + rng->below(8));
        else c.mm = align_down(rng->u32(), e);
        break;
    case 4: // negative row address / wrap
        c.mm = align_down(rng->below(64), e);
        c.stride = (uint32_t)-(int32_t)align_down(4096 + rng->below(1 << 20), e);
        break;
    default: break;
    }
    return c;
}

uint32_t encode(bool store) { return (store ? 1u : 0u) << 12 | 3u << 20 | 2u << 15 | 1u << 7 | 0x0Bu; }

void golden(Cmd &c) {
    mosaic_mem_if mif = {&gold_mem, mem_ok, mem_read, mem_write};
    gold.sdma_stride = c.stride;
    gold.ddc_base = c.dbase, gold.ddc_limit = c.dlimit, gold.ddc_perm = c.dperm;
    gold.sdma_status = 0;
    gold.sdma_erraddr = 0;
    gold.ts = MOSAIC_TS_INITIAL;
    const mosaic_tu_result res = mosaic_tu_exec(&gold, &mif, encode(c.store), c.sp, c.mm, c.shape);
    c.code = (gold.sdma_status & 1) ? (gold.sdma_status >> 1) & 7 : 0;
    if (res.trap) c.code = 99; // harness bug
    if (c.code == 0 && ((gold.sdma_status >> 4) & 1)) c.code = 98;
    c.after = gold_mem;
    c.rows = (c.shape >> 8) & 0x3F;
    c.rb = (c.shape & 0x3F) << ((c.shape >> 16) & 3);
    c.moves = c.code == 0 || c.code == 5;
    c.dest_bytes = c.moves ? (uint64_t)c.rows * c.rb : 0;
    if (c.code <= 5) st.code[c.code]++;
    if (c.moves) {
        const int32_t s = (int32_t)c.stride;
        st.neg += s < 0;
        st.zero += s == 0;
        st.overlap += s != 0 && (uint32_t)std::abs(s) < c.rb;
        st.main_in_scpad += c.mm - kWinBase[2] < kWinSize[2];
        st.main_in_ram += c.mm - kWinBase[0] < kWinSize[0];
        // Source and destination overlap: the engine must read all of the
        // source before it writes (no cut-through).
        const int64_t mlo = (int64_t)c.mm + (s < 0 ? (int64_t)(c.rows - 1) * s : 0);
        const int64_t mhi = (int64_t)c.mm + (s > 0 ? (int64_t)(c.rows - 1) * s : 0) + c.rb;
        st.self += mlo < (int64_t)c.sp + (int64_t)c.dest_bytes && (int64_t)c.sp < mhi;
    }
}

void first_diff(tb::Case &k, const char *what, const Mem &a, const Mem &b) {
    for (int w = 0; w < 3; w++)
        for (uint32_t i = 0; i < kWinSize[w]; i++)
            if (a.w[w][i] != b.w[w][i]) {
                k.fail("%s: mem[%08x] = %02x, golden %02x", what, kWinBase[w] + i, a.w[w][i], b.w[w][i]);
                return;
            }
}

// Only the command's destination (the next command may be writing its own).
void dest_diff(tb::Case &k, const char *what, const Cmd &c) {
    for (uint32_t r = 0; r < (c.store ? c.rows : 1u); r++)
        for (uint32_t i = 0; i < (c.store ? c.rb : c.rows * c.rb); i++) {
            const uint32_t a = c.store ? c.mm + r * c.stride + i : c.sp + i;
            const uint8_t *x = dut_mem.at(a), *y = const_cast<Mem &>(c.after).at(a);
            if (x && y && *x != *y) {
                k.fail("%s: mem[%08x] = %02x, golden %02x (its destination)", what, a, *x, *y);
                return;
            }
        }
}

// The next command of a chain: it reads what `prev` writes (the same
// shape; a store from a load's scratchpad range, a load from a store's
// rows), so the engine must not read it ahead of prev's writes.
Cmd chained(const Cmd &prev) {
    Cmd c = gen(!prev.store);
    c.shape = prev.shape;
    c.dbase = 0, c.dlimit = 0xFFFFFFFFu, c.dperm = 3;
    if (prev.store) {
        c.mm = prev.mm;
        c.stride = prev.stride;
    } else {
        c.sp = prev.sp;
    }
    return c;
}

// Run one batch of n commands of one direction, or (chain) of alternating
// directions each reading the previous one's destination; returns false on
// a hang.
bool run_batch(tb::Case &k, bool store, unsigned n, bool chain = false, bool bus_err = false) {
    std::deque<Cmd> cmds;
    ar_cap = rng->chance(30) ? 1 + rng->below(4) : 0;
    for (unsigned i = 0; i < n; i++) {
        cmds.push_back(chain && i ? chained(cmds.back()) : gen(store));
        cmds.back().seq = (uint16_t)rng->u32();
    }
    // Poison the block of a random main-memory row byte of the first
    // command (or of a random command), when it lies in the main window.
    poison = 0;
    if (bus_err) {
        const Cmd &c = cmds[rng->chance(60) ? 0 : rng->below(n)];
        const uint32_t rows = (c.shape >> 8) & 0x3F, rb = (c.shape & 0x3F) << ((c.shape >> 16) & 3);
        const uint32_t a = c.mm + (rows ? rng->below(rows) : 0) * c.stride + (rb ? rng->below(rb) : 0);
        if (a - kWinBase[1] < kWinSize[1]) poison = a & ~63u;
    }
    for (auto &c : cmds) {
        golden(c);
        if (c.code >= 98) k.fail("golden model trapped or odd status: harness bug");
    }
    unsigned pushed = 0, doneN = 0;
    uint64_t t0 = cycles, dest_total = 0;
    ev_bytes_sum = strobed = 0;
    wr_idx = 0;
    wr_count = 0;
    wr_ahead = false;
    for (auto &c : cmds) dest_total += c.dest_bytes;
    bool gap = false;
    while (doneN < n && cycles - t0 < 400000) {
        // Command side.
        if (pushed < n && !gap) {
            const Cmd &c = cmds[pushed];
            dut->cmd_valid_i = 1;
            dut->cmd_store_i = c.store;
            dut->cmd_shape_i = c.shape;
            dut->cmd_sp_i = c.sp;
            dut->cmd_mem_i = c.mm;
            dut->cmd_stride_i = c.stride;
            dut->ddc_base_i = c.dbase;
            dut->ddc_limit_i = c.dlimit;
            dut->ddc_perm_i = c.dperm;
            dut->cmd_seq_i = c.seq;
        } else {
            dut->cmd_valid_i = 0;
            dut->cmd_shape_i = rng->u32();
            dut->cmd_seq_i = rng->u32();
        }
        dut->eval();
        const bool acc = dut->cmd_valid_i && dut->cmd_ready_o;
        inflight = &cmds;
        inflight_lo = doneN;
        inflight_hi = pushed;
        const bool done = dut->done_o;
        const unsigned seq = dut->done_seq_o, err = dut->err_o, code = dut->err_code_o,
                       est = dut->err_store_o;
        const uint32_t eaddr = dut->err_addr_o;
        env_cycle();
        if (acc) pushed++;
        gap = rng->chance(20);
        if (done) {
            Cmd &c = cmds[doneN];
            k.vector();
            char nm[200];
            std::snprintf(nm, sizeof nm,
                          "%s shape %08x sp %08x mm %08x stride %d ddc %08x-%08x/%u (code %u)",
                          c.store ? "st" : "ld", c.shape, c.sp, c.mm, (int32_t)c.stride, c.dbase,
                          c.dlimit, c.dperm, c.code);
            if (doneN >= pushed) k.fail("%s: done before the command was accepted", nm);
            if (seq != c.seq) k.fail("%s: done_seq %04x, expected %04x", nm, seq, c.seq);
            if (err != (c.code != 0)) k.fail("%s: err_o %u", nm, err);
            if (c.code && (code != c.code || est != c.store || eaddr != c.mm))
                k.fail("%s: err code %u op %u addr %08x", nm, code, est, eaddr);
            if (!wr_ahead) {
                if (!(dut_mem == c.after)) {
                    first_diff(k, nm, dut_mem, c.after);
                    dut_mem = c.after;
                }
            } else {
                n_ahead++;
                if (c.moves) dest_diff(k, nm, c);
            }
            doneN++;
            wr_ahead = false;
        }
    }
    if (doneN < n) {
        k.fail("hang: %u of %u commands done after %llu cycles", doneN, n,
               (unsigned long long)(cycles - t0));
        return false;
    }
    dut->cmd_valid_i = 0;
    for (int i = 0; i < 3; i++) env_cycle();
    if (dut->busy_o) proto->fail("busy_o high with every command done");
    if (n && !(dut_mem == cmds.back().after)) {
        first_diff(k, "after the batch", dut_mem, cmds.back().after);
        dut_mem = cmds.back().after;
    }
    inflight_lo = inflight_hi = 0;
    if (dut->arvalid_o || dut->awvalid_o || dut->wvalid_o)
        proto->fail("AR/AW/W valid with every command done (beats outside bursts)");
    if (!ar_q.empty() || !aw_q.empty() || !b_q.empty() || r_shown || b_shown)
        proto->fail("transactions outstanding after the batch");
    poison = 0;
    if (strobed != dest_total) proto->fail("%llu bytes strobed, expected %llu", (unsigned long long)strobed, (unsigned long long)dest_total);
    if (ev_bytes_sum != dest_total) proto->fail("ev_bytes_o summed to %llu, expected %llu", (unsigned long long)ev_bytes_sum, (unsigned long long)dest_total);
    return true;
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x53444D41ull;
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_tu_sdma top{&ctx};
    dut = &top;
    tb::Rng r(seed);
    rng = &r;
    const auto t0 = std::chrono::steady_clock::now();

    for (int w = 0; w < 3; w++)
        for (uint32_t i = 0; i < kWinSize[w]; i++) gold_mem.w[w][i] = dut_mem.w[w][i] = (uint8_t)r.next();
    mosaic_tu_config cfg = mosaic_tu_config_default();
    cfg.scpad_base = kWinBase[2];
    cfg.scpad_bank_bytes = kBankBytes;
    mosaic_tu_reset(&gold, &cfg);

    tb::Case p("sdma_axi_protocol");
    proto = &p;
    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->cmd_valid_i = 0;
    dut->eval();
    tick();
    dut->rst_ni = 1;
    dut->eval();

    bool ok = true;
    const unsigned batches = quick ? 40 : 1500;
    for (int store = 0; store < 2; store++) {
        tb::Case k(store ? "sdma_store" : "sdma_load");
        for (unsigned b = 0; b < batches; b++)
            if (!run_batch(k, store, r.chance(15) ? 17 + r.below(8) : 1 + r.below(6))) break;
        ok &= k.finish();
    }
    {
        tb::Case k("sdma_chain");
        for (unsigned b = 0; b < batches; b++)
            if (!run_batch(k, r.chance(50), 2 + r.below(5), true)) break;
        ok &= k.finish();
    }
    {
        tb::Case k("sdma_bus_error");
        const uint64_t before = st.code[5];
        for (unsigned b = 0; b < batches; b++)
            if (!run_batch(k, r.chance(50), r.chance(15) ? 17 + r.below(8) : 1 + r.below(6),
                           r.chance(30), true))
                break;
        k.vector();
        if (st.code[5] - before < batches / 4)
            k.fail("only %llu of %u batches had a bus error", (unsigned long long)(st.code[5] - before),
                   batches);
        ok &= k.finish();
    }
    ok &= p.finish();
    std::printf("# coverage: codes ok %llu shape %llu align %llu bank %llu access %llu bus %llu; stride <0 "
                "%llu =0 %llu overlapping %llu; main side in scratchpad %llu (overlapping the scratchpad "
                "side %llu), in RAM %llu; DDC "
                "windows %llu; %llu bursts; %llu done while the next command wrote\n",
                (unsigned long long)st.code[0], (unsigned long long)st.code[1],
                (unsigned long long)st.code[2], (unsigned long long)st.code[3],
                (unsigned long long)st.code[4], (unsigned long long)st.code[5],
                (unsigned long long)st.neg,
                (unsigned long long)st.zero, (unsigned long long)st.overlap,
                (unsigned long long)st.main_in_scpad, (unsigned long long)st.self,
                (unsigned long long)st.main_in_ram,
                (unsigned long long)st.ddc, (unsigned long long)n_bursts,
                (unsigned long long)n_ahead);
    if (!quick) ok &= tb::check_mutant(argv[0], "test_rtl_sdma_mutant", "sdma_injected_bug_detected");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_sdma: %s in %.1f s (%llu cycles)\n", ok ? "all cases passed" : "FAILURES",
                secs, (unsigned long long)cycles);
    top.final();
    return ok ? 0 : 1;
}
