// Module test: rtl/mem/mosaic_axi_arb.sv + rtl/mem/mosaic_mem_sys.sv (top
// tb/modules/tb_mem_sys.sv) against a C++ reference memory, on the 128-bit
// AXI bus (16-byte beats; -DMEMSYS_BUS_BYTES=8 with -GAxiDataWidth=64 runs
// the same test on the 64-bit bus).
//
// Three agents run at once: two random AXI4 masters (m0, m1 of the
// arbiter) and a random core data port (OBI-like: request held until
// grant, response the cycle after), plus instruction fetches from the RAM.
// Windows: RAM 16 KiB, main 64 KiB, scratchpad 32 KiB at the real bases.
// Each window is cut in quarters; writes (and the reads that check data)
// of m0 stay in quarters 0 and 3, m1 in quarter 1, the core in quarter 2,
// so the expected value of every byte is independent of how the agents
// interleave. A master never has a read and a write to the same bytes
// outstanding (or presented) at once. Bursts: INCR, full width (size 4, 16-byte beats)
// or narrow (size 3, 8-byte beats on the byte lanes of their address,
// random data on the other lane, and in 10% of the beats stray strobes
// there, which the slave ignores; a narrow read is checked on its lane
// only), len 0-255 (biased short), unaligned starts, random strobes,
// biased to end exactly at a quarter (so a window) end. Error bursts must
// answer every beat with their code and write nothing: DECERR (leaving a
// window, unmapped), SLVERR (any size but 3 and 4, or FIXED / WRAP /
// reserved burst type); the expected code comes from a reference decode
// (the burst's span from its size). Masters present valid with random
// delays and deassert rready / bready 25% of the cycles; up to 4 reads and
// 4 writes outstanding each.
//
// Phases with different main-memory models (latency / stall percent /
// bandwidth bytes per cycle / outstanding bursts): 0/0/-/-, 12/25/-/-,
// 3/70/-/-, 40/10/-/-, 20/10/6/2, 0/0/12/1, each followed by a drain; then
// directed measurements with m0 alone and a sweep: m0 reads back every
// window in 256-beat bursts and every byte must equal the reference
// (nothing outside the written bytes changed).
//
// Cases: memsys_m0, memsys_m1 (R data, R/B responses, rlast, beat counts),
// memsys_core (read data, rvalid exactly one cycle after the grant, hit
// flag, no response for an address that is not ours), memsys_fetch,
// memsys_sweep, memsys_throughput (0/0: 64-beat reads and writes, full and
// narrow, stream at one beat per cycle from main memory and the
// scratchpad, one beat per 4 (full) or 2 (narrow) cycles from the 32-bit
// RAM), memsys_latency (random phases: no main-window R beat earlier than
// the latency after its AR, no B earlier than the latency after the last
// W; directed: 37 more cycles of latency add exactly 37 cycles to a
// main-memory read and write, nothing to the scratchpad), memsys_bandwidth (64-beat main
// reads and writes, full and narrow, at 0, 4, 8, 12, 16, 255 bytes per
// cycle take exactly the cycles of the byte-credit model: credit capped at
// two full beats, a beat pays its bytes), memsys_outstanding (main-window
// bursts in flight per direction never above the limit, and reaching it),
// memsys_stalls (at 50%: a 256-beat main read / write takes 2x the cycles
// +-15%, the scratchpad is not stalled), memsys_no_hang,
// memsys_poison (dram_poison_i: a random phase with a block of m1's main
// quarter poisoned: its R beats answer SLVERR with zero data, its W beats
// write nothing and make their burst's B SLVERR, every other beat is
// normal; the final sweep, poison off, shows the block unwritten; then the
// core's port misses the block and hits next to it),
// memsys_injected_bug_detected (MOSAIC_INJECT_BUG: a burst ending exactly
// at a window end is refused).
//
// Usage: test_rtl_mem_sys [--quick] [--seed N]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "Vtb_mem_sys.h"
#include "tb_check.h"
#include "verilated.h"

#ifndef MEMSYS_BUS_BYTES
#define MEMSYS_BUS_BYTES 16
#endif

namespace {

constexpr unsigned kBus = MEMSYS_BUS_BYTES;           // bytes per full beat
constexpr unsigned kFullSize = kBus == 16 ? 4 : 3;    // AxSIZE of a full beat
static_assert(kBus == 8 || kBus == 16, "the bus is 64 or 128 bits");

Vtb_mem_sys *dut;
uint64_t cycles;
tb::Rng *rng;

constexpr uint32_t kBase[3] = {0x80000000u, 0x40000000u, 0x20000000u};
constexpr uint32_t kSize[3] = {0x4000u, 0x10000u, 0x8000u};
constexpr int kMain = 1;
std::vector<uint8_t> ref[3] = {std::vector<uint8_t>(kSize[0]), std::vector<uint8_t>(kSize[1]),
                               std::vector<uint8_t>(kSize[2])};

// The poisoned 64-byte block (dram_poison_i), 0: none.
uint32_t poison;
bool poisoned(uint32_t a) { return poison != 0 && a - poison < 64; }
uint64_t poison_r, poison_w; // poisoned beats seen

uint8_t *ref_at(uint32_t a) {
    for (int i = 0; i < 3; i++)
        if (a - kBase[i] < kSize[i]) return &ref[i][a - kBase[i]];
    return nullptr;
}

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
    cycles++;
}

// ---------------------------------------------------------------- bus data
// A beat as bytes, byte i on bus lane i (little-endian), whatever the
// Verilator type of the port (QData for 64 bits, VlWide<4> for 128).
using Bytes = std::array<uint8_t, kBus>;

template <std::size_t N> void put_bus(VlWide<N> &p, const Bytes &b) {
    static_assert(N * 4 == kBus, "bus width");
    for (std::size_t w = 0; w < N; w++)
        p.at(w) = (uint32_t)b[4 * w] | (uint32_t)b[4 * w + 1] << 8 | (uint32_t)b[4 * w + 2] << 16 |
                  (uint32_t)b[4 * w + 3] << 24;
}
inline void put_bus(QData &p, const Bytes &b) {
    p = 0;
    for (unsigned i = 0; i < kBus; i++) p |= (QData)b[i] << (8 * i);
}
template <std::size_t N> Bytes get_bus(const VlWide<N> &p) {
    Bytes b;
    for (unsigned i = 0; i < kBus; i++) b[i] = (uint8_t)(p.at(i / 4) >> (8 * (i % 4)));
    return b;
}
inline Bytes get_bus(QData p) {
    Bytes b;
    for (unsigned i = 0; i < kBus; i++) b[i] = (uint8_t)(p >> (8 * i));
    return b;
}

// ---------------------------------------------------------------- decode
// Reference of mosaic_mem_decode: window (-1 none) and response.
struct Dec {
    int win;
    unsigned resp;
};
Dec decode(uint32_t addr, unsigned len, unsigned size, unsigned burst) {
    const uint64_t bs = 1ull << size;
    const uint32_t a0 = addr & ~(uint32_t)(bs - 1);
    const uint64_t span = bs * (len + 1);
    for (int w = 0; w < 3; w++)
        if ((uint64_t)(uint32_t)(a0 - kBase[w]) + span <= kSize[w])
            return {w, ((size == 3 || size == kFullSize) && burst == 1) ? 0u : 2u};
    return {-1, 3};
}

bool narrow(unsigned size) { return size == 3 && kBus > 8; }
// Address of beat `beat` (any size), and the bus word holding it.
uint32_t beat_addr(uint32_t addr, unsigned size, unsigned beat) {
    const uint32_t bs = 1u << size;
    return (addr & ~(bs - 1)) + bs * beat;
}
uint32_t bus_word(uint32_t a) { return a & ~(kBus - 1); }

// ---------------------------------------------------------------- DRAM model state
struct Model {
    unsigned lat = 0, pct = 0, bw = 0, outst = 0;
    int rd_main = 0, wr_main = 0;   // main-window bursts in flight
    int rd_max = 0, wr_max = 0;     // the most seen while a limit was set
} model;

// ---------------------------------------------------------------- AXI master
struct Burst {
    uint32_t addr;
    unsigned len, size, burst;
};
struct Rd {
    Burst b;
    Dec d;
    unsigned beat;
    bool check; // compare data with the reference
    uint64_t t_ar;
};
struct Wr {
    Burst b;
    Dec d;
    unsigned beat;
};
struct Bexp {
    unsigned resp;
    int win;
    bool w_done;
    uint64_t t_w; // cycle of the last W beat
};
struct Range {
    uint64_t lo, hi;
};

struct Master {
    int id;
    tb::Case *c;
    bool gen = true;    // generate new traffic
    bool eager = false; // W every cycle, rready / bready always (measurements)
    // Presented addresses (valid until accepted).
    bool ar_v = false, aw_v = false;
    Burst ar{}, aw{};
    bool ar_check = true;
    std::deque<Rd> rd_out;
    std::deque<Wr> w_todo; // accepted AW, W beats to send (AW order)
    std::deque<Bexp> b_exp; // expected B responses (AW order)
    std::deque<Range> rd_ranges, wr_ranges;
    // W beat presented
    bool w_v = false;
    Bytes w_data{};
    unsigned w_strb = 0;
    bool w_last = false;
    // Handshake cycles, kept while `record` (measurements).
    bool record = false;
    std::vector<uint64_t> t_r, t_w, t_b;
    uint64_t t_ar = 0, t_aw = 0;
    uint64_t beats_r = 0, bursts = 0, narrow_bursts = 0, errs = 0;
};
Master mst[2];
tb::Case *lat_case, *outst_case;

bool overlaps(const std::deque<Range> &rs, uint64_t lo, uint64_t hi) {
    for (const auto &r : rs)
        if (lo < r.hi && r.lo < hi) return true;
    return false;
}

uint64_t burst_lo(const Burst &b) { return beat_addr(b.addr, b.size, 0); }
uint64_t burst_hi(const Burst &b) { return burst_lo(b) + (1ull << b.size) * (b.len + 1); }

// A random burst for master m.
Burst pick_burst(const Master &m) {
    Burst b{0, 0, kFullSize, 1};
    if (kBus > 8 && rng->chance(40)) b.size = 3;
    const uint32_t bs = 1u << b.size;
    const unsigned k = rng->below(100);
    unsigned l = rng->chance(60) ? rng->below(8) : rng->chance(70) ? rng->below(64) : rng->below(256);
    const int w = rng->below(3);
    if (k < 6) { // leaves the window (starts inside)
        const uint32_t end = kBase[w] + kSize[w];
        if (l == 0) l = 1 + rng->below(16);
        b.addr = end - bs * (1 + rng->below(l)) + rng->below(bs);
        b.len = l;
        return b;
    }
    if (k < 9) { // unmapped
        static const uint32_t un[4] = {0x10000000u, 0x00000000u, 0x40000000u + 0x10000u,
                                       0xF0000000u};
        b.addr = un[rng->below(4)] + bs * rng->below(64);
        b.len = l;
        return b;
    }
    // While a block of m1's main quarter is poisoned, half of m1's bursts
    // cross it (up to 4 beats before it, up to 16 beats long).
    if (poison && m.id == 1 && rng->chance(50)) {
        b.addr = poison - bs * rng->below(4) + (rng->chance(20) ? rng->below(bs) : 0);
        b.len = rng->below(16);
        return b;
    }
    // Own quarter.
    const uint32_t q = kSize[w] / 4;
    const unsigned quarter = m.id == 1 ? 1 : (rng->chance(50) ? 0 : 3);
    const uint32_t qb = kBase[w] + quarter * q;
    if (bs * (l + 1) > q) l = q / bs - 1;
    uint32_t a;
    if (rng->chance(25)) a = qb + q - bs * (l + 1); // ends at the quarter's end
    else a = qb + bs * rng->below(q / bs - l);
    if (rng->chance(20)) a += rng->below(bs);       // unaligned start
    b.addr = a;
    b.len = l;
    if (k < 12) { // unsupported size: SLVERR (DECERR if its span leaves the window)
        do b.size = rng->below(8);
        while (b.size == 3 || b.size == kFullSize);
    } else if (k < 14) { // FIXED, WRAP or reserved: SLVERR
        static const unsigned bt[3] = {0, 2, 3};
        b.burst = bt[rng->below(3)];
    }
    return b;
}

void count_burst(Master &m, const Burst &b, const Dec &d) {
    m.bursts++;
    if (d.resp == 0 && narrow(b.size)) m.narrow_bursts++;
    if (d.resp != 0) m.errs++;
}

bool overlaps(const Burst &a, const Burst &b) {
    return burst_lo(a) < burst_hi(b) && burst_lo(b) < burst_hi(a);
}

// Drive master m's outputs for this cycle (before eval). A new read must
// not overlap a write outstanding or still presented, and vice versa (AXI
// does not order reads and writes).
void master_drive(Master &m) {
    if (!m.ar_v && m.gen && m.rd_out.size() < 4 && rng->chance(30)) {
        const Burst b = pick_burst(m);
        if (!overlaps(m.wr_ranges, burst_lo(b), burst_hi(b)) && !(m.aw_v && overlaps(m.aw, b))) {
            m.ar_v = true, m.ar = b;
            m.ar_check = true;
        }
    }
    if (!m.aw_v && m.gen && m.b_exp.size() < 4 && rng->chance(30)) {
        const Burst b = pick_burst(m);
        if (!overlaps(m.rd_ranges, burst_lo(b), burst_hi(b)) && !(m.ar_v && overlaps(m.ar, b)))
            m.aw_v = true, m.aw = b;
    }
    if (!m.w_v && !m.w_todo.empty() && (m.eager || rng->chance(80))) {
        const Wr &w = m.w_todo.front();
        const uint32_t ba = beat_addr(w.b.addr, w.b.size, w.beat);
        const uint32_t wa = bus_word(ba);
        m.w_v = true;
        for (auto &x : m.w_data) x = (uint8_t)rng->next();
        unsigned strb;
        if (narrow(w.b.size)) {
            const unsigned lo = ba - wa; // byte lane of the beat: 0 or 8
            strb = (rng->chance(70) ? 0xFFu : rng->below(256)) << lo;
            if (rng->chance(10)) strb |= rng->below(256) << (8 - lo); // stray: ignored
        } else {
            strb = rng->chance(70) ? (1u << kBus) - 1 : rng->below(1u << kBus);
        }
        for (unsigned i = 0; i < kBus; i++)
            if (wa + i < w.b.addr) strb &= ~(1u << i);
        m.w_strb = strb;
        m.w_last = w.beat == w.b.len;
    }
    const bool rready = m.eager || !rng->chance(25);
    const bool bready = m.eager || !rng->chance(25);
#define DRIVE(p)                                                                               \
    do {                                                                                       \
        dut->p##_awvalid_i = m.aw_v, dut->p##_awaddr_i = m.aw.addr, dut->p##_awlen_i = m.aw.len; \
        dut->p##_awsize_i = m.aw.size, dut->p##_awburst_i = m.aw.burst;                        \
        dut->p##_arvalid_i = m.ar_v, dut->p##_araddr_i = m.ar.addr, dut->p##_arlen_i = m.ar.len; \
        dut->p##_arsize_i = m.ar.size, dut->p##_arburst_i = m.ar.burst;                        \
        dut->p##_wvalid_i = m.w_v, dut->p##_wstrb_i = m.w_strb, dut->p##_wlast_i = m.w_last;   \
        put_bus(dut->p##_wdata_i, m.w_data);                                                   \
        dut->p##_rready_i = rready, dut->p##_bready_i = bready;                                \
    } while (0)
    if (m.id == 0) DRIVE(m0);
    else DRIVE(m1);
#undef DRIVE
}

// Observe handshakes of master m (after eval, before the clock edge).
void master_observe(Master &m) {
    bool awr, arr, wr, rv, rr, bv, br, rlast;
    Bytes rdata;
    unsigned rresp, bresp;
#define OBS(p)                                                                              \
    awr = dut->p##_awready_o, arr = dut->p##_arready_o, wr = dut->p##_wready_o,             \
    rv = dut->p##_rvalid_o, rr = dut->p##_rready_i, bv = dut->p##_bvalid_o,                 \
    br = dut->p##_bready_i, rlast = dut->p##_rlast_o, rdata = get_bus(dut->p##_rdata_o),    \
    rresp = dut->p##_rresp_o, bresp = dut->p##_bresp_o
    if (m.id == 0) OBS(m0);
    else OBS(m1);
#undef OBS
    tb::Case &c = *m.c;
    if (m.ar_v && arr) {
        const Dec d = decode(m.ar.addr, m.ar.len, m.ar.size, m.ar.burst);
        m.rd_out.push_back({m.ar, d, 0, m.ar_check, cycles});
        m.rd_ranges.push_back({burst_lo(m.ar), burst_hi(m.ar)});
        m.ar_v = false;
        if (d.win == kMain) model.rd_main++;
        if (m.record) m.t_ar = cycles;
        count_burst(m, m.ar, d);
    }
    if (m.aw_v && awr) {
        const Dec d = decode(m.aw.addr, m.aw.len, m.aw.size, m.aw.burst);
        m.w_todo.push_back({m.aw, d, 0});
        m.b_exp.push_back({d.resp, d.win, false, 0});
        m.wr_ranges.push_back({burst_lo(m.aw), burst_hi(m.aw)});
        m.aw_v = false;
        if (d.win == kMain) model.wr_main++;
        if (m.record) m.t_aw = cycles;
        count_burst(m, m.aw, d);
    }
    if (m.w_v && wr) {
        Wr &w = m.w_todo.front();
        const uint32_t ba = beat_addr(w.b.addr, w.b.size, w.beat);
        const uint32_t wa = bus_word(ba);
        // A beat of the poisoned block writes nothing; its burst's B is SLVERR.
        const bool bad = w.d.resp == 0 && w.d.win == kMain && poisoned(wa);
        if (bad) {
            poison_w++;
            if (m.b_exp.size() >= m.w_todo.size()) m.b_exp[m.b_exp.size() - m.w_todo.size()].resp = 2;
        }
        if (w.d.resp == 0 && !bad)
            for (unsigned i = 0; i < kBus; i++) {
                if (!((m.w_strb >> i) & 1)) continue;
                if (narrow(w.b.size) && wa + i - ba >= 8) continue; // not the beat's lane
                if (uint8_t *p = ref_at(wa + i)) *p = m.w_data[i];
            }
        m.w_v = false;
        if (m.record) m.t_w.push_back(cycles);
        if (++w.beat > w.b.len) {
            if (m.b_exp.size() >= m.w_todo.size()) { // else B came early (reported there)
                Bexp &e = m.b_exp[m.b_exp.size() - m.w_todo.size()];
                e.w_done = true, e.t_w = cycles;
            }
            m.w_todo.pop_front();
        }
    }
    if (rv && rr) {
        if (m.rd_out.empty()) {
            c.fail("m%d: R beat with no read outstanding", m.id);
        } else {
            Rd &r = m.rd_out.front();
            c.vector();
            m.beats_r++;
            if (m.record) m.t_r.push_back(cycles);
            const uint32_t ba = beat_addr(r.b.addr, r.b.size, r.beat);
            const uint32_t wa = bus_word(ba);
            // A beat of the poisoned block answers SLVERR with zero data.
            const bool bad = r.d.resp == 0 && r.d.win == kMain && poisoned(wa);
            const unsigned want = bad ? 2u : r.d.resp;
            if (bad) {
                poison_r++;
                for (unsigned i = 0; i < kBus; i++)
                    if (rdata[i]) {
                        c.fail("m%d: poisoned read %08x beat %u: byte %u = %02x, expected 0", m.id,
                               r.b.addr, r.beat, i, rdata[i]);
                        break;
                    }
            }
            if (rresp != want)
                c.fail("m%d: read %08x len %u size %u burst %u beat %u resp %u, expected %u", m.id,
                       r.b.addr, r.b.len, r.b.size, r.b.burst, r.beat, rresp, want);
            if (rlast != (r.beat == r.b.len))
                c.fail("m%d: read %08x len %u beat %u rlast %d", m.id, r.b.addr, r.b.len, r.beat,
                       rlast);
            if (r.beat == 0 && r.d.win == kMain) {
                lat_case->vector();
                if (cycles - r.t_ar < model.lat)
                    lat_case->fail("m%d: read %08x: first beat %llu cycles after AR, latency %u",
                                   m.id, r.b.addr, (unsigned long long)(cycles - r.t_ar), model.lat);
            }
            if (want == 0 && r.check) {
                // A narrow beat is checked on its own lane.
                const unsigned lo = narrow(r.b.size) ? ba - wa : 0;
                const unsigned hi = narrow(r.b.size) ? lo + 8 : kBus;
                for (unsigned i = lo; i < hi; i++) {
                    const uint8_t *p = ref_at(wa + i);
                    if (p && *p != rdata[i]) {
                        c.fail("m%d: read %08x size %u beat %u byte %08x = %02x, expected %02x",
                               m.id, r.b.addr, r.b.size, r.beat, wa + i, rdata[i], *p);
                        break;
                    }
                }
            }
            if (++r.beat > r.b.len) {
                if (r.d.win == kMain) model.rd_main--;
                m.rd_out.pop_front();
                m.rd_ranges.pop_front();
            }
        }
    }
    if (bv && br) {
        c.vector();
        if (m.record) m.t_b.push_back(cycles);
        if (m.b_exp.empty()) {
            c.fail("m%d: B with no write outstanding", m.id);
        } else {
            const Bexp &e = m.b_exp.front();
            if (bresp != e.resp) c.fail("m%d: B resp %u, expected %u", m.id, bresp, e.resp);
            if (!e.w_done) {
                c.fail("m%d: B before the burst's last W beat", m.id);
            } else if (e.win == kMain) {
                lat_case->vector();
                if (cycles - e.t_w < model.lat)
                    lat_case->fail("m%d: B %llu cycles after the last W, latency %u", m.id,
                                   (unsigned long long)(cycles - e.t_w), model.lat);
            }
            if (e.win == kMain) model.wr_main--;
            m.b_exp.pop_front();
            m.wr_ranges.pop_front();
        }
    }
}

bool master_idle(const Master &m) {
    return !m.ar_v && !m.aw_v && !m.w_v && m.rd_out.empty() && m.w_todo.empty() && m.b_exp.empty();
}

// ---------------------------------------------------------------- core port
struct Core {
    tb::Case *c, *f;
    bool gen = true;
    bool req = false, we = false, mine = true;
    uint32_t addr = 0, wdata = 0;
    unsigned be = 0;
    bool pend = false; // response due this cycle
    bool pend_we = false;
    uint32_t pend_addr = 0;
    uint64_t grants = 0, waits = 0;
    // Fetch
    bool if_pend = false;
    uint32_t if_addr = 0;
    bool if_skip = false;
    bool if_check = true; // off while AXI writes the core's quarter (fill)
} core;

void core_drive() {
    if (!core.req && core.gen && rng->chance(50)) {
        core.req = true;
        core.we = rng->chance(50);
        core.mine = !rng->chance(5);
        if (core.mine) {
            const int w = rng->below(3);
            const uint32_t q = kSize[w] / 4;
            core.addr = kBase[w] + 2 * q + 4 * rng->below(q / 4);
        } else {
            core.addr = 0x10000000u + 4 * rng->below(1024);
        }
        if (poisoned(core.addr)) core.mine = false; // the SoC makes it an access fault
        core.wdata = rng->u32();
        core.be = rng->chance(60) ? 0xF : rng->below(16);
    }
    dut->data_req_i = core.req;
    dut->data_we_i = core.we;
    dut->data_addr_i = core.addr;
    dut->data_wdata_i = core.wdata;
    dut->data_be_i = core.be;
    // Fetch from the core's RAM quarter.
    dut->instr_req_i = rng->chance(50);
    dut->instr_addr_i = kBase[0] + 2 * (kSize[0] / 4) + 4 * rng->below(kSize[0] / 16);
}

void core_observe() {
    tb::Case &c = *core.c;
    // Response of last cycle's grant.
    if (core.pend) {
        c.vector();
        if (!dut->data_rvalid_o) c.fail("no rvalid the cycle after the grant (%08x)", core.pend_addr);
        else if (!core.pend_we) {
            uint32_t exp = 0;
            for (int i = 0; i < 4; i++) exp |= (uint32_t)*ref_at(core.pend_addr + i) << (8 * i);
            if (dut->data_rdata_o != exp)
                c.fail("core read %08x = %08x, expected %08x", core.pend_addr, dut->data_rdata_o, exp);
        }
    } else if (dut->data_rvalid_o) {
        c.fail("rvalid without a granted request");
    }
    core.pend = false;
    if (core.if_pend && !core.if_skip && core.if_check) {
        core.f->vector();
        uint32_t exp = 0;
        for (int i = 0; i < 4; i++) exp |= (uint32_t)*ref_at(core.if_addr + i) << (8 * i);
        if (dut->instr_rdata_o != exp)
            core.f->fail("fetch %08x = %08x, expected %08x", core.if_addr, dut->instr_rdata_o, exp);
    }
    core.if_pend = dut->instr_req_i;
    core.if_addr = dut->instr_addr_i;
    core.if_skip = false;
    if (core.req) {
        if (dut->data_hit_o != core.mine) c.fail("data_hit_o %d for %08x", dut->data_hit_o, core.addr);
        if (dut->data_gnt_o) {
            core.grants++;
            if (core.mine) {
                core.pend = true;
                core.pend_we = core.we;
                core.pend_addr = core.addr;
                if (core.we) {
                    for (int i = 0; i < 4; i++)
                        if ((core.be >> i) & 1) *ref_at(core.addr + i) = (uint8_t)(core.wdata >> (8 * i));
                    // A fetch of the word written in the same cycle may see either value.
                    if (core.if_pend && core.if_addr == core.addr) core.if_skip = true;
                }
            }
            core.req = false;
        } else {
            core.waits++;
            if (!core.mine) c.fail("no grant for an address that is not ours");
        }
    }
}

void cycle() {
    master_drive(mst[0]);
    master_drive(mst[1]);
    core_drive();
    dut->eval();
    master_observe(mst[0]);
    master_observe(mst[1]);
    core_observe();
    if (model.outst) {
        outst_case->vector();
        if (model.rd_main > (int)model.outst || model.wr_main > (int)model.outst)
            outst_case->fail("main-window bursts in flight: %d reads, %d writes, limit %u",
                             model.rd_main, model.wr_main, model.outst);
        model.rd_max = std::max(model.rd_max, model.rd_main);
        model.wr_max = std::max(model.wr_max, model.wr_main);
    }
    tick();
}

void set_dram(unsigned lat, unsigned pct, unsigned bw = 0, unsigned outst = 0) {
    model.lat = lat, model.pct = pct, model.bw = bw, model.outst = outst;
    dut->dram_latency_i = lat;
    dut->dram_stall_pct_i = pct;
    dut->dram_bw_i = bw;
    dut->dram_outstanding_i = outst;
}

bool drain(tb::Case &hang) {
    mst[0].gen = mst[1].gen = core.gen = false;
    const uint64_t t0 = cycles;
    while (cycles - t0 < 200000) {
        cycle();
        if (master_idle(mst[0]) && master_idle(mst[1]) && !core.req && !core.pend) return true;
    }
    hang.fail("traffic did not drain in 200000 cycles");
    return false;
}

// ---------------------------------------------------------------- measurements
// One burst of m0 alone, eager (W every cycle, always ready), after `idle`
// quiet cycles (the bandwidth credit refills); m0's handshake cycles are
// left in its t_* fields. Returns false if it did not finish.
bool run_one(const Burst &b, bool write, tb::Case &hang, unsigned idle = 80) {
    Master &m = mst[0];
    mst[0].gen = mst[1].gen = core.gen = false;
    for (unsigned i = 0; i < idle; i++) cycle();
    m.eager = m.record = true;
    m.t_r.clear(), m.t_w.clear(), m.t_b.clear();
    if (write) m.aw_v = true, m.aw = b;
    else m.ar_v = true, m.ar = b, m.ar_check = true;
    const uint64_t ts = cycles;
    while (!master_idle(m) && cycles - ts < 20000) cycle();
    m.eager = m.record = false;
    if (!master_idle(m)) {
        hang.fail("%s %08x len %u did not finish", write ? "write" : "read", b.addr, b.len);
        return false;
    }
    return true;
}

// Cycles from the first to the last of `beats` beats of `bytes` bytes under
// the byte-credit model at `bw` bytes per cycle (credit full at the start).
uint64_t credit_span(unsigned beats, unsigned bytes, unsigned bw) {
    const int cap = 2 * kBus;
    const bool unlimited = bw == 0 || bw >= kBus;
    const int add = unlimited ? kBus : bw;
    int credit = cap;
    uint64_t t = 0, first = 0, last = 0;
    for (unsigned done = 0; done < beats; t++) {
        int pay = 0;
        if (unlimited || credit >= (int)bytes) {
            if (done++ == 0) first = t;
            last = t;
            pay = bytes;
        }
        credit = std::min(cap, credit + add - pay);
    }
    return last - first;
}

uint64_t span(const std::vector<uint64_t> &t) { return t.empty() ? 0 : t.back() - t.front(); }

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D454D53ull;
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    ctx.commandArgs(argc, argv); // the RAMs look for their image plusargs
    Vtb_mem_sys top{&ctx};
    dut = &top;
    tb::Rng r(seed);
    rng = &r;
    const auto t0 = std::chrono::steady_clock::now();

    tb::Case c0("memsys_m0"), c1("memsys_m1"), cc("memsys_core"), cf("memsys_fetch"),
        sweep("memsys_sweep"), thr("memsys_throughput"), lat("memsys_latency"),
        bwc("memsys_bandwidth"), outc("memsys_outstanding"), stl("memsys_stalls"),
        hang("memsys_no_hang"), poi("memsys_poison");
    mst[0].id = 0, mst[0].c = &c0;
    mst[1].id = 1, mst[1].c = &c1;
    core.c = &cc, core.f = &cf;
    outst_case = &outc;
    lat_case = &lat;

    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->dram_seed_i = (uint32_t)seed;
    set_dram(0, 0);
    dut->eval();
    tick();
    dut->rst_ni = 1;
    dut->eval();

    // Fill every window with random bytes through m0, full-width 2 KiB
    // bursts (full strobes come from the generator 70% of the time, the
    // rest keep zeros).
    mst[0].gen = mst[1].gen = core.gen = false;
    core.if_check = false;
    for (int w = 0; w < 3; w++)
        for (uint32_t a = kBase[w]; a < kBase[w] + kSize[w]; a += 2048) {
            Master &m = mst[0];
            m.aw_v = true, m.aw = {a, 2048 / kBus - 1, kFullSize, 1};
            const uint64_t ts = cycles;
            while (!master_idle(m) && cycles - ts < 20000) cycle();
            if (!master_idle(m)) hang.fail("fill write %08x did not finish", a);
        }
    core.if_check = true;

    // Random traffic: latency / stall % / bandwidth / outstanding.
    const unsigned phase_cycles = quick ? 3000 : 40000;
    const unsigned settings[6][4] = {{0, 0, 0, 0},  {12, 25, 0, 0}, {3, 70, 0, 0},
                                     {40, 10, 0, 0}, {20, 10, 6, 2}, {0, 0, 12, 1}};
    bool ok = true;
    for (int ph = 0; ph < 6 && ok; ph++) {
        set_dram(settings[ph][0], settings[ph][1], settings[ph][2], settings[ph][3]);
        mst[0].gen = mst[1].gen = core.gen = true;
        for (unsigned i = 0; i < phase_cycles; i++) cycle();
        ok &= drain(hang);
        if (model.outst && (model.rd_max < (int)model.outst || model.wr_max < (int)model.outst))
            outc.fail("limit %u never reached: at most %d reads, %d writes in flight", model.outst,
                      model.rd_max, model.wr_max);
        model.rd_max = model.wr_max = 0;
        if (model.rd_main || model.wr_main)
            hang.fail("after the drain %d reads, %d writes still counted in flight", model.rd_main,
                      model.wr_main);
    }
    // Fault injection: random traffic with a block of m1's main quarter
    // poisoned (m1 checks every beat against it, the final sweep that the
    // block was never written), then directed core accesses.
    if (ok) {
        const uint32_t q = kSize[kMain] / 4;
        // Away from the quarter's ends, so the bursts crossing it stay in it.
        poison = kBase[kMain] + q + 256 + 64 * rng->below(q / 64 - 12);
        dut->dram_poison_i = poison;
        set_dram(5, 10);
        mst[0].gen = mst[1].gen = core.gen = true;
        for (unsigned i = 0; i < phase_cycles; i++) cycle();
        ok &= drain(hang);
        poi.vector();
        if (!quick && (poison_r == 0 || poison_w == 0))
            poi.fail("block %08x: %llu R and %llu W beats hit it", poison,
                     (unsigned long long)poison_r, (unsigned long long)poison_w);
        // The core: a word of the block misses, the word before it hits.
        poison = kBase[kMain] + 2 * q + 64 * rng->below(q / 256);
        dut->dram_poison_i = poison;
        for (uint32_t a : {poison, poison + 60, poison - 4, poison + 64})
            for (int we = 0; we < 2; we++) {
                core.req = true, core.we = we, core.addr = a, core.be = 0xF;
                core.wdata = rng->u32(), core.mine = !poisoned(a);
                const uint64_t ts = cycles;
                while ((core.req || core.pend) && cycles - ts < 100) cycle();
                poi.vector();
                if (core.req || core.pend) poi.fail("core access %08x did not finish", a);
            }
        poison = 0;
        dut->dram_poison_i = 0;
    }
    set_dram(0, 0);
    hang.vector();

    // Directed measurements, m0 alone, in its quarter 0 of each window.
    const unsigned sizes[2] = {kFullSize, 3};
    const unsigned nsizes = kBus > 8 ? 2 : 1;
    // Throughput at 0/0: 64 beats, first to last handshake.
    if (ok) {
        for (int w = 0; w < 3; w++)
            for (unsigned si = 0; si < nsizes; si++)
                for (int wr = 0; wr < 2; wr++) {
                    const unsigned sz = sizes[si];
                    const Burst b{kBase[w] + 64, 63, sz, 1};
                    if (!run_one(b, wr, hang)) break;
                    thr.vector();
                    const auto &t = wr ? mst[0].t_w : mst[0].t_r;
                    // The 32-bit RAM takes one cycle per word of the beat.
                    const uint64_t want = w == 0 ? 63ull * ((1u << sz) / 4) : 63;
                    if (t.size() != 64 || span(t) != want)
                        thr.fail("%s window %d size %u: %zu beats, first to last %llu cycles "
                                 "(want %llu)", wr ? "write" : "read", w, sz, t.size(),
                                 (unsigned long long)span(t), (unsigned long long)want);
                    if (!wr && w == kMain && !t.empty() && t.front() - mst[0].t_ar > 4)
                        thr.fail("first beat %llu cycles after AR",
                                 (unsigned long long)(t.front() - mst[0].t_ar));
                }
    }

    // Latency: a one-beat read / write at latency 1 and 38; the difference
    // is 37 cycles for main memory and 0 for the scratchpad. (Latency 0 and
    // 1 are the same: the due time counts from acceptance, and the burst
    // spends that first cycle entering the queue.)
    if (ok) {
        for (int w : {kMain, 2})
            for (int wr = 0; wr < 2; wr++) {
                uint64_t d[2] = {0, 0};
                const unsigned lats[2] = {1, 38};
                for (int i = 0; i < 2; i++) {
                    set_dram(lats[i], 0);
                    if (!run_one({kBase[w] + 256, 0, kFullSize, 1}, wr, hang)) break;
                    const Master &m = mst[0];
                    if (wr) d[i] = m.t_b.empty() || m.t_w.empty() ? 0 : m.t_b[0] - m.t_w.back();
                    else d[i] = m.t_r.empty() ? 0 : m.t_r[0] - m.t_ar;
                }
                lat.vector();
                const uint64_t want = w == kMain ? 37 : 0;
                if (d[1] - d[0] != want)
                    lat.fail("%s window %d: %llu cycles at latency 1, %llu at 38 (want +%llu)",
                             wr ? "write (last W to B)" : "read (AR to R)", w,
                             (unsigned long long)d[0], (unsigned long long)d[1],
                             (unsigned long long)want);
            }
        set_dram(0, 0);
    }

    // Bandwidth: 64-beat main-memory reads and writes, exact cycles of the
    // credit model.
    if (ok) {
        for (unsigned bw : {0u, 4u, 8u, 12u, 16u, 255u})
            for (unsigned si = 0; si < nsizes; si++)
                for (int wr = 0; wr < 2; wr++) {
                    const unsigned sz = sizes[si];
                    set_dram(0, 0, bw);
                    if (!run_one({kBase[kMain] + 512, 63, sz, 1}, wr, hang)) break;
                    bwc.vector();
                    const auto &t = wr ? mst[0].t_w : mst[0].t_r;
                    const uint64_t want = credit_span(64, 1u << sz, bw);
                    if (t.size() != 64 || span(t) != want)
                        bwc.fail("%s size %u at %u B/cycle: %zu beats, first to last %llu cycles "
                                 "(want %llu)", wr ? "write" : "read", sz, bw, t.size(),
                                 (unsigned long long)span(t), (unsigned long long)want);
                }
        set_dram(0, 0);
    }

    // Stalls at 50%: main memory runs at about half rate, the scratchpad at
    // full rate.
    if (ok) {
        set_dram(0, 50);
        for (int w : {kMain, 2})
            for (int wr = 0; wr < 2; wr++) {
                const unsigned n = w == kMain ? 256 : 64;
                if (!run_one({kBase[w], n - 1, kFullSize, 1}, wr, hang)) break;
                stl.vector();
                const auto &t = wr ? mst[0].t_w : mst[0].t_r;
                const double s = (double)span(t);
                const bool good = t.size() == n && (w == kMain ? s >= 0.85 * 2 * (n - 1) &&
                                                                     s <= 1.15 * 2 * (n - 1)
                                                               : s == n - 1);
                if (!good)
                    stl.fail("%s window %d at 50%% stalls: %zu beats in %.0f cycles", wr ? "write" : "read",
                             w, t.size(), s);
            }
        set_dram(0, 0);
    }

    // Sweep: read every window back through m0 and compare all bytes.
    if (ok) {
        Master &m = mst[0];
        const uint32_t step = 256 * kBus;
        for (int w = 0; w < 3; w++)
            for (uint32_t a = kBase[w]; a < kBase[w] + kSize[w]; a += step) {
                m.c = &sweep;
                m.ar_v = true, m.ar = {a, 255, kFullSize, 1};
                m.ar_check = true;
                const uint64_t ts = cycles;
                while ((m.ar_v || !m.rd_out.empty()) && cycles - ts < 20000) cycle();
                if (m.ar_v || !m.rd_out.empty()) hang.fail("sweep read %08x did not finish", a);
                m.c = &c0;
            }
    }

    ok &= c0.finish();
    ok &= c1.finish();
    ok &= cc.finish();
    ok &= cf.finish();
    ok &= sweep.finish();
    ok &= thr.finish();
    ok &= lat.finish();
    ok &= bwc.finish();
    ok &= outc.finish();
    ok &= stl.finish();
    ok &= hang.finish();
    ok &= poi.finish();
    std::printf("# poison: %llu R and %llu W beats of the poisoned block\n",
                (unsigned long long)poison_r, (unsigned long long)poison_w);
    std::printf("# coverage (%u-byte bus): m0 %llu bursts (%llu narrow, %llu errors) %llu R beats, "
                "m1 %llu bursts (%llu narrow, %llu errors) %llu R beats, core %llu grants %llu "
                "wait cycles\n",
                kBus, (unsigned long long)mst[0].bursts, (unsigned long long)mst[0].narrow_bursts,
                (unsigned long long)mst[0].errs, (unsigned long long)mst[0].beats_r,
                (unsigned long long)mst[1].bursts, (unsigned long long)mst[1].narrow_bursts,
                (unsigned long long)mst[1].errs, (unsigned long long)mst[1].beats_r,
                (unsigned long long)core.grants, (unsigned long long)core.waits);
    if (!quick) ok &= tb::check_mutant(argv[0], "test_rtl_mem_sys_mutant", "memsys_injected_bug_detected");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_mem_sys: %s in %.1f s (%llu cycles)\n", ok ? "all cases passed" : "FAILURES",
                secs, (unsigned long long)cycles);
    top.final();
    return ok ? 0 : 1;
}
