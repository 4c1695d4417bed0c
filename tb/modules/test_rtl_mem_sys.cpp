// Module test: rtl/mosaic_axi_arb.sv + rtl/mosaic_mem_sys.sv (top
// tb/modules/tb_mem_sys.sv) against a C++ reference memory.
//
// Three agents run at once: two random AXI4 masters (m0, m1 of the
// arbiter) and a random core data port (OBI-like: request held until
// grant, response the cycle after), plus instruction fetches from the RAM.
// Windows: RAM 16 KiB, main 64 KiB, scratchpad 32 KiB at the real bases.
// Each window is cut in quarters; writes (and the reads that check data)
// of m0 stay in quarters 0 and 3, m1 in quarter 1, the core in quarter 2,
// so the expected value of every byte is independent of how the agents
// interleave. A master never has a read and a write to the same bytes
// outstanding at once. Bursts: INCR, 64-bit, len 0-255 (biased short),
// unaligned starts, random strobes, biased to end exactly at a quarter (so
// a window) end; DECERR bursts (leaving a window, unmapped) and SLVERR
// bursts (narrow size) must answer every beat with that code and write
// nothing. Masters present valid with random delays and deassert rready /
// bready 25% of the cycles; up to 4 reads and 4 writes outstanding each.
//
// Phases with different main-memory timing (latency / stall percent):
// 0/0, 12/25, 3/70, 40/10, then a drain and a sweep: m0 reads back every
// window in 256-beat bursts and every byte must equal the reference
// (nothing outside the written bytes changed).
//
// Cases: memsys_m0, memsys_m1 (R data, R/B responses, rlast, beat counts),
// memsys_core (read data, rvalid exactly one cycle after the grant, hit
// flag, no response for an address that is not ours), memsys_fetch,
// memsys_sweep, memsys_throughput (0/0: a 64-beat main-memory read streams
// at one beat per cycle), memsys_no_hang, memsys_injected_bug_detected
// (MOSAIC_INJECT_BUG: a burst ending exactly at a window end is refused).
//
// Usage: test_rtl_mem_sys [--quick] [--seed N]
#include <chrono>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "Vtb_mem_sys.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

Vtb_mem_sys *dut;
uint64_t cycles;
tb::Rng *rng;

constexpr uint32_t kBase[3] = {0x80000000u, 0x40000000u, 0x20000000u};
constexpr uint32_t kSize[3] = {0x4000u, 0x10000u, 0x8000u};
std::vector<uint8_t> ref[3] = {std::vector<uint8_t>(kSize[0]), std::vector<uint8_t>(kSize[1]),
                               std::vector<uint8_t>(kSize[2])};

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

// ---------------------------------------------------------------- AXI master
struct Rd {
    uint32_t addr;
    unsigned len, beat, resp;
    bool check; // compare data with the reference
};
struct Wr {
    uint32_t addr;
    unsigned len, beat, resp;
};
struct Range {
    uint64_t lo, hi;
};

struct Master {
    int id;
    tb::Case *c;
    bool gen = true; // generate new traffic
    // Presented address (valid until accepted).
    bool ar_v = false, aw_v = false;
    uint32_t ar_addr = 0, aw_addr = 0;
    unsigned ar_len = 0, aw_len = 0, ar_size = 3, aw_size = 3, ar_resp = 0, aw_resp = 0;
    bool ar_check = true;
    std::deque<Rd> rd_out;
    std::deque<Wr> w_todo;      // accepted AW, W beats to send (AW order)
    std::deque<unsigned> b_exp; // expected B responses
    std::deque<Range> rd_ranges, wr_ranges;
    // W beat presented
    bool w_v = false;
    uint64_t w_data = 0;
    unsigned w_strb = 0;
    bool w_last = false;
    uint64_t beats_r = 0, bursts = 0, errs = 0;
};
Master mst[2];

bool overlaps(const std::deque<Range> &rs, uint64_t lo, uint64_t hi) {
    for (const auto &r : rs)
        if (lo < r.hi && r.lo < hi) return true;
    return false;
}

// A random burst for master m: address, len, size, expected resp.
void pick_burst(const Master &m, uint32_t *addr, unsigned *len, unsigned *size, unsigned *resp) {
    *size = 3;
    *resp = 0;
    const unsigned k = rng->below(100);
    unsigned l = rng->chance(60) ? rng->below(8) : rng->chance(70) ? rng->below(64) : rng->below(256);
    const int w = rng->below(3);
    if (k < 6) { // leaves the window (starts inside)
        const uint32_t end = kBase[w] + kSize[w];
        if (l == 0) l = 1 + rng->below(16);
        *addr = end - 8 * (1 + rng->below(l)) + rng->below(8);
        *len = l;
        *resp = 3;
        return;
    }
    if (k < 9) { // unmapped
        static const uint32_t un[4] = {0x10000000u, 0x00000000u, 0x40000000u + 0x10000u,
                                       0xF0000000u};
        *addr = un[rng->below(4)] + 8 * rng->below(64);
        *len = l;
        *resp = 3;
        return;
    }
    // Own quarter.
    const uint32_t q = kSize[w] / 4;
    const unsigned quarter = m.id == 1 ? 1 : (rng->chance(50) ? 0 : 3);
    const uint32_t qb = kBase[w] + quarter * q;
    if (8u * (l + 1) > q) l = q / 8 - 1;
    uint32_t a;
    if (rng->chance(25)) a = qb + q - 8 * (l + 1);  // ends at the quarter's end
    else a = qb + 8 * rng->below(q / 8 - l);
    if (rng->chance(20)) a += rng->below(8);        // unaligned start
    *addr = a;
    *len = l;
    if (k < 12) { // narrow: SLVERR
        *size = rng->below(3);
        *resp = 2;
    }
}

uint64_t burst_lo(uint32_t addr) { return addr & ~7ull; }
uint64_t burst_hi(uint32_t addr, unsigned len) { return burst_lo(addr) + 8ull * (len + 1); }

// Drive master m's outputs for this cycle (before eval).
void master_drive(Master &m) {
    if (!m.ar_v && m.gen && m.rd_out.size() < 4 && rng->chance(30)) {
        uint32_t a;
        unsigned l, s, r;
        pick_burst(m, &a, &l, &s, &r);
        if (!overlaps(m.wr_ranges, burst_lo(a), burst_hi(a, l))) {
            m.ar_v = true, m.ar_addr = a, m.ar_len = l, m.ar_size = s, m.ar_resp = r;
            m.ar_check = true;
        }
    }
    if (!m.aw_v && m.gen && m.b_exp.size() < 4 && rng->chance(30)) {
        uint32_t a;
        unsigned l, s, r;
        pick_burst(m, &a, &l, &s, &r);
        if (!overlaps(m.rd_ranges, burst_lo(a), burst_hi(a, l)))
            m.aw_v = true, m.aw_addr = a, m.aw_len = l, m.aw_size = s, m.aw_resp = r;
    }
    if (!m.w_v && !m.w_todo.empty() && rng->chance(80)) {
        Wr &w = m.w_todo.front();
        m.w_v = true;
        m.w_data = rng->next();
        const uint32_t ba = (uint32_t)burst_lo(w.addr) + 8 * w.beat;
        unsigned strb = rng->chance(70) ? 0xFF : rng->below(256);
        for (int i = 0; i < 8; i++)
            if (ba + i < w.addr) strb &= ~(1u << i);
        m.w_strb = strb;
        m.w_last = w.beat == w.len;
    }
#define DRIVE(p)                                                                           \
    dut->p##_awvalid_i = m.aw_v, dut->p##_awaddr_i = m.aw_addr, dut->p##_awlen_i = m.aw_len, \
    dut->p##_awsize_i = m.aw_size, dut->p##_awburst_i = 1, dut->p##_arvalid_i = m.ar_v,     \
    dut->p##_araddr_i = m.ar_addr, dut->p##_arlen_i = m.ar_len, dut->p##_arsize_i = m.ar_size, \
    dut->p##_arburst_i = 1, dut->p##_wvalid_i = m.w_v, dut->p##_wdata_i = m.w_data,         \
    dut->p##_wstrb_i = m.w_strb, dut->p##_wlast_i = m.w_last,                                \
    dut->p##_rready_i = !rng->chance(25), dut->p##_bready_i = !rng->chance(25)
    if (m.id == 0) DRIVE(m0);
    else DRIVE(m1);
#undef DRIVE
}

// Observe handshakes of master m (after eval, before the clock edge).
void master_observe(Master &m) {
    bool awr, arr, wr, rv, rr, bv, br, rlast;
    uint64_t rdata;
    unsigned rresp, bresp;
#define OBS(p)                                                                              \
    awr = dut->p##_awready_o, arr = dut->p##_arready_o, wr = dut->p##_wready_o,             \
    rv = dut->p##_rvalid_o, rr = dut->p##_rready_i, bv = dut->p##_bvalid_o,                 \
    br = dut->p##_bready_i, rlast = dut->p##_rlast_o, rdata = dut->p##_rdata_o,             \
    rresp = dut->p##_rresp_o, bresp = dut->p##_bresp_o
    if (m.id == 0) OBS(m0);
    else OBS(m1);
#undef OBS
    tb::Case &c = *m.c;
    if (m.ar_v && arr) {
        m.rd_out.push_back({m.ar_addr, m.ar_len, 0, m.ar_resp, m.ar_check});
        m.rd_ranges.push_back({burst_lo(m.ar_addr), burst_hi(m.ar_addr, m.ar_len)});
        m.ar_v = false;
        m.bursts++;
    }
    if (m.aw_v && awr) {
        m.w_todo.push_back({m.aw_addr, m.aw_len, 0, m.aw_resp});
        m.b_exp.push_back(m.aw_resp);
        m.wr_ranges.push_back({burst_lo(m.aw_addr), burst_hi(m.aw_addr, m.aw_len)});
        m.aw_v = false;
        m.bursts++;
    }
    if (m.w_v && wr) {
        Wr &w = m.w_todo.front();
        const uint32_t ba = (uint32_t)burst_lo(w.addr) + 8 * w.beat;
        if (w.resp == 0)
            for (int i = 0; i < 8; i++)
                if ((m.w_strb >> i) & 1) {
                    if (uint8_t *p = ref_at(ba + i)) *p = (uint8_t)(m.w_data >> (8 * i));
                }
        m.w_v = false;
        if (++w.beat > w.len) m.w_todo.pop_front();
    }
    if (rv && rr) {
        if (m.rd_out.empty()) {
            c.fail("m%d: R beat with no read outstanding", m.id);
        } else {
            Rd &r = m.rd_out.front();
            c.vector();
            m.beats_r++;
            const uint32_t ba = (uint32_t)burst_lo(r.addr) + 8 * r.beat;
            if (rresp != r.resp)
                c.fail("m%d: read %08x len %u beat %u resp %u, expected %u", m.id, r.addr, r.len,
                       r.beat, rresp, r.resp);
            if (rlast != (r.beat == r.len))
                c.fail("m%d: read %08x len %u beat %u rlast %d", m.id, r.addr, r.len, r.beat, rlast);
            if (r.resp == 0 && r.check)
                for (int i = 0; i < 8; i++) {
                    const uint8_t *p = ref_at(ba + i);
                    const uint8_t got = (uint8_t)(rdata >> (8 * i));
                    if (p && *p != got) {
                        c.fail("m%d: read %08x beat %u byte %08x = %02x, expected %02x", m.id,
                               r.addr, r.beat, ba + i, got, *p);
                        break;
                    }
                }
            if (++r.beat > r.len) {
                m.rd_out.pop_front();
                m.rd_ranges.pop_front();
            }
        }
    }
    if (bv && br) {
        c.vector();
        if (m.b_exp.empty()) {
            c.fail("m%d: B with no write outstanding", m.id);
        } else {
            if (bresp != m.b_exp.front())
                c.fail("m%d: B resp %u, expected %u", m.id, bresp, m.b_exp.front());
            if (!m.w_todo.empty() && m.w_todo.size() == m.b_exp.size())
                c.fail("m%d: B before the burst's last W beat", m.id);
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
    uint32_t wrote_word = 0;
    bool wrote = false;
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
    tick();
}

void set_dram(unsigned lat, unsigned pct) {
    dut->dram_latency_i = lat;
    dut->dram_stall_pct_i = pct;
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
        sweep("memsys_sweep"), thr("memsys_throughput"), hang("memsys_no_hang");
    mst[0].id = 0, mst[0].c = &c0;
    mst[1].id = 1, mst[1].c = &c1;
    core.c = &cc, core.f = &cf;

    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->dram_seed_i = (uint32_t)seed;
    set_dram(0, 0);
    dut->eval();
    tick();
    dut->rst_ni = 1;
    dut->eval();

    // Fill every window with random bytes through m0 (full strobes come
    // from the generator 70% of the time, the rest keep zeros).
    mst[0].gen = mst[1].gen = core.gen = false;
    core.if_check = false;
    for (int w = 0; w < 3; w++)
        for (uint32_t a = kBase[w]; a < kBase[w] + kSize[w]; a += 2048) {
            Master &m = mst[0];
            m.aw_v = true, m.aw_addr = a, m.aw_len = 255, m.aw_size = 3, m.aw_resp = 0;
            const uint64_t ts = cycles;
            while (!master_idle(m) && cycles - ts < 20000) cycle();
            if (!master_idle(m)) hang.fail("fill write %08x did not finish", a);
        }
    core.if_check = true;

    const unsigned phase_cycles = quick ? 3000 : 40000;
    const unsigned settings[4][2] = {{0, 0}, {12, 25}, {3, 70}, {40, 10}};
    bool ok = true;
    for (int ph = 0; ph < 4 && ok; ph++) {
        set_dram(settings[ph][0], settings[ph][1]);
        mst[0].gen = mst[1].gen = core.gen = true;
        for (unsigned i = 0; i < phase_cycles; i++) cycle();
        ok &= drain(hang);
    }
    hang.vector();

    // Throughput at 0/0: m0 alone, one 64-beat main-memory read.
    set_dram(0, 0);
    if (ok) {
        thr.vector();
        Master &m = mst[0];
        m.ar_v = true, m.ar_addr = kBase[1], m.ar_len = 63, m.ar_size = 3, m.ar_resp = 0;
        m.ar_check = true;
        const uint64_t ts = cycles;
        uint64_t first = 0, last = 0, beats = m.beats_r;
        while (cycles - ts < 1000 && (m.ar_v || !m.rd_out.empty())) {
            // Always ready for this measurement.
            master_drive(mst[0]);
            master_drive(mst[1]);
            core_drive();
            dut->m0_rready_i = 1;
            dut->eval();
            const bool beat = dut->m0_rvalid_o;
            master_observe(mst[0]);
            master_observe(mst[1]);
            core_observe();
            tick();
            if (beat && !first) first = cycles;
            if (beat) last = cycles;
        }
        beats = m.beats_r - beats;
        if (beats != 64 || last - first != 63)
            thr.fail("64-beat read: %llu beats, first to last %llu cycles (want 63)",
                     (unsigned long long)beats, (unsigned long long)(last - first));
        if (first - ts > 4) thr.fail("first beat %llu cycles after AR", (unsigned long long)(first - ts));
    }

    // Sweep: read every window back through m0 and compare all bytes.
    if (ok) {
        Master &m = mst[0];
        for (int w = 0; w < 3; w++)
            for (uint32_t a = kBase[w]; a < kBase[w] + kSize[w]; a += 2048) {
                const uint64_t sc = m.c->mismatches();
                m.c = &sweep;
                m.ar_v = true, m.ar_addr = a, m.ar_len = 255, m.ar_size = 3, m.ar_resp = 0;
                m.ar_check = true;
                const uint64_t ts = cycles;
                while ((m.ar_v || !m.rd_out.empty()) && cycles - ts < 20000) cycle();
                if (m.ar_v || !m.rd_out.empty()) hang.fail("sweep read %08x did not finish", a);
                m.c = &c0;
                (void)sc;
            }
    }

    ok &= c0.finish();
    ok &= c1.finish();
    ok &= cc.finish();
    ok &= cf.finish();
    ok &= sweep.finish();
    ok &= thr.finish();
    ok &= hang.finish();
    std::printf("# coverage: m0 %llu bursts %llu R beats, m1 %llu bursts %llu R beats, core %llu "
                "grants %llu wait cycles\n",
                (unsigned long long)mst[0].bursts, (unsigned long long)mst[0].beats_r,
                (unsigned long long)mst[1].bursts, (unsigned long long)mst[1].beats_r,
                (unsigned long long)core.grants, (unsigned long long)core.waits);
    if (!quick) ok &= tb::check_mutant(argv[0], "test_rtl_mem_sys_mutant", "memsys_injected_bug_detected");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_mem_sys: %s in %.1f s (%llu cycles)\n", ok ? "all cases passed" : "FAILURES",
                secs, (unsigned long long)cycles);
    top.final();
    return ok ? 0 : 1;
}
