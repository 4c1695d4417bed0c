// Module test: rtl/tu/mosaic_tu_trf.sv (+ mosaic_tu_trf_bank) against a C++
// reference register file.
//
// Cases:
//   trf_reset_zero    after reset (and the zeroing sweep) every row of every
//                     register reads zero and every tag is FP32; the sweep
//                     takes exactly 128 cycles (512 with one bank); a second
//                     reset in the middle of traffic zeroes everything again
//   trf_bank_mapping  every ordered pair of registers, different rows:
//                     a conflict (one stall cycle) iff reg0 mod 4 == reg1 mod 4
//                     (always with one bank); same row of the same register:
//                     no conflict
//   trf_random        random read pairs (biased to same-bank conflicts and
//                     equal rows), random byte-enable writes to random rows
//                     and random tag writes every cycle, and whole-row writes
//                     on port 1 to another bank than port 0's (or with port
//                     0 idle); read data, ready,
//                     conflict pulses, valid timing and tags checked every
//                     cycle against the reference (read-first, and the port 1
//                     row of a conflicting pair read in the stall's second
//                     cycle)
//   trf_injected_bug_detected  a copy built with MOSAIC_INJECT_BUG (banks
//                     compared on bit 0 only) must fail
//
// Built with TRF_RW_STALL (test_rtl_trfstall, RwStall = 1, the FPGA
// configuration) the reference holds a read pair while a write port writes
// one of the rows it would read that cycle (ready low, no conflict pulse)
// and then returns the new contents; its mutant
// (MOSAIC_INJECT_TRF_RW_BUG: writes on port 1 not checked) reads a row in
// the cycle it is written and must fail.
//
// Built with TRF_BANKS=1 as well (test_rtl_trfone, Banks = 1 and RwStall =
// 1, the FPGA configuration): one bank, so every pair of different rows
// conflicts and write port 1 writes only when port 0 does not; its mutant
// is the RwStall one.
//
// Usage: test_rtl_trf [--quick] [--seed N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "Vmosaic_tu_trf.h"
#include "tb_check.h"
#include "verilated.h"

#ifndef TRF_BANKS
#define TRF_BANKS 4
#endif

namespace {

constexpr unsigned kBanks = TRF_BANKS;
constexpr unsigned kSweep = 512 / kBanks;   // rows a bank: cycles of the reset sweep

Vmosaic_tu_trf *dut;
uint64_t cycles;

struct Row {
    uint8_t b[64];
    bool operator==(const Row &o) const { return std::memcmp(b, o.b, 64) == 0; }
};

Row ref[32][16];
uint8_t ref_tag[32];

void put_row(VlWide<16> &w, const Row &r) {
    for (unsigned i = 0; i < 16; i++)
        w[i] = r.b[4 * i] | r.b[4 * i + 1] << 8 | r.b[4 * i + 2] << 16 | (uint32_t)r.b[4 * i + 3] << 24;
}

Row dut_row(const VlWide<16> &w) {
    Row r;
    for (unsigned i = 0; i < 16; i++)
        for (unsigned k = 0; k < 4; k++) r.b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    return r;
}

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
    cycles++;
}

void idle_inputs() {
    dut->rd0_req_i = 0;
    dut->rd1_req_i = 0;
    dut->wr_req_i = 0;
    dut->wr1_req_i = 0;
    dut->tag_we_i = 0;
}

// Reset and wait for the sweep; returns the number of cycles until init_done.
unsigned do_reset() {
    idle_inputs();
    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->eval();
    tick();
    dut->rst_ni = 1;
    dut->eval();
    unsigned n = 0;
    while (!dut->init_done_o && n < 1000) {
        tick();
        n++;
    }
    std::memset(ref, 0, sizeof ref);
    std::memset(ref_tag, 0, sizeof ref_tag);
    return n;
}

bool tags_match() {
    for (unsigned r = 0; r < 32; r++)
        if (((dut->tags_o[r / 8] >> (4 * (r % 8))) & 0xF) != ref_tag[r]) return false;
    return true;
}

// One read request pair through the protocol, no writes: returns the
// number of stall cycles and checks the data.
struct Pair {
    bool r0, r1;
    unsigned reg0, row0, reg1, row1;
};

unsigned read_pair(tb::Case &c, const Pair &p) {
    dut->rd0_req_i = p.r0;
    dut->rd0_reg_i = p.reg0;
    dut->rd0_row_i = p.row0;
    dut->rd1_req_i = p.r1;
    dut->rd1_reg_i = p.reg1;
    dut->rd1_row_i = p.row1;
    dut->eval();
    unsigned stalls = 0;
    while (!dut->rd_ready_o && stalls < 4) {
        if (!dut->conflict_o) c.fail("not ready without a conflict pulse");
        tick();
        stalls++;
    }
    tick();
    dut->rd0_req_i = 0;
    dut->rd1_req_i = 0;
    dut->eval();
    if (dut->rd0_valid_o != p.r0 || dut->rd1_valid_o != p.r1)
        c.fail("valid %d/%d want %d/%d", dut->rd0_valid_o, dut->rd1_valid_o, p.r0, p.r1);
    if (p.r0 && !(dut_row(dut->rd0_data_o) == ref[p.reg0][p.row0]))
        c.fail("port0 tr%u row %u data mismatch", p.reg0, p.row0);
    if (p.r1 && !(dut_row(dut->rd1_data_o) == ref[p.reg1][p.row1]))
        c.fail("port1 tr%u row %u data mismatch", p.reg1, p.row1);
    return stalls;
}

void reset_zero(tb::Rng &r, bool *ok) {
    tb::Case c("trf_reset_zero");
    // Dirty the banks first so the sweep has something to clear.
    for (unsigned i = 0; i < 300; i++) {
        dut->wr_req_i = 1;
        dut->wr_reg_i = r.below(32);
        dut->wr_row_i = r.below(16);
        dut->wr_be_i = ~0ull;
        for (unsigned w = 0; w < 16; w++) dut->wr_data_i[w] = r.u32() | 1;
        dut->tag_we_i = 1u << r.below(32);
        dut->tag_i = 1 + r.below(15);
        tick();
    }
    const unsigned n = do_reset();
    c.vector();
    if (n != kSweep) c.fail("sweep took %u cycles, want %u", n, kSweep);
    c.vector();
    if (!tags_match()) c.fail("tags not FP32 after reset");
    for (unsigned reg = 0; reg < 32; reg++)
        for (unsigned row = 0; row < 16; row++) {
            c.vector();
            read_pair(c, Pair{true, false, reg, row, 0, 0});
        }
    *ok &= c.finish();
}

void bank_mapping(bool *ok) {
    tb::Case c("trf_bank_mapping");
    for (unsigned a = 0; a < 32; a++)
        for (unsigned b = 0; b < 32; b++) {
            c.vector();
            unsigned s = read_pair(c, Pair{true, true, a, 3, b, 9});
            unsigned want = (a % kBanks == b % kBanks) ? 1 : 0;
            if (s != want) c.fail("tr%u row 3 + tr%u row 9: %u stall cycles, want %u", a, b, s, want);
            c.vector();
            s = read_pair(c, Pair{true, true, a, 5, a, 5});
            if (s != 0) c.fail("tr%u row 5 on both ports: %u stall cycles, want 0", a, s);
        }
    *ok &= c.finish();
}

void random_traffic(tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case c("trf_random");
    bool held = false, pend = false;
    Pair p{};
    Row exp0{}, exp1{};
    bool want_v0 = false, want_v1 = false;
    uint64_t conflicts = 0, dut_conflicts = 0, reads = 0, writes = 0, rw_stalls = 0;
    const uint64_t reset_at = n / 2;
    for (uint64_t i = 0; i < n; i++) {
        if (i == reset_at) { // a reset in the middle of traffic
            c.vector();
            if (do_reset() != kSweep) c.fail("second sweep not %u cycles", kSweep);
            held = pend = want_v0 = want_v1 = false;
        }
        // New request pair unless one is held (the protocol holds it until ready).
        if (!held && r.chance(80)) {
            p.r0 = r.chance(85);
            p.r1 = r.chance(85);
            p.reg0 = r.below(32);
            p.row0 = r.below(16);
            switch (r.below(4)) {
            case 0: p.reg1 = (p.reg0 & ~3u) ^ (r.below(8) << 2) | (p.reg0 & 3u); p.row1 = r.below(16); break;
            case 1: p.reg1 = p.reg0; p.row1 = r.chance(50) ? p.row0 : r.below(16); break;
            default: p.reg1 = r.below(32); p.row1 = r.below(16); break;
            }
            p.reg1 &= 31;
            held = p.r0 || p.r1;
        } else if (!held) {
            p.r0 = p.r1 = false;
        }
        dut->rd0_req_i = held && p.r0;
        dut->rd0_reg_i = p.reg0;
        dut->rd0_row_i = p.row0;
        dut->rd1_req_i = held && p.r1;
        dut->rd1_reg_i = p.reg1;
        dut->rd1_row_i = p.row1;
        // Write, biased to the rows being read (hazards).
        const bool we = r.chance(50);
        unsigned wreg = r.chance(30) ? p.reg1 : r.below(32), wrow = r.chance(30) ? p.row1 : r.below(16);
        uint64_t be = r.chance(50) ? ~0ull : ((uint64_t)r.u32() << 32 | r.u32());
        Row wd;
        for (auto &x : wd.b) x = (uint8_t)r.u32();
        dut->wr_req_i = we;
        dut->wr_reg_i = wreg;
        dut->wr_row_i = wrow;
        dut->wr_be_i = be;
        put_row(dut->wr_data_i, wd);
        // Port 1: a whole row in a bank port 0 is not writing this cycle.
        unsigned w1reg = r.chance(30) ? p.reg0 : r.below(32), w1row = r.chance(30) ? p.row0 : r.below(16);
        bool we1 = r.chance(50);
        if (we && kBanks == 1) we1 = false;   // one bank: port 1 only when port 0 is idle
        else if (we && (w1reg % 4 == wreg % 4)) w1reg = (w1reg & ~3u) | ((wreg + 1 + r.below(3)) % 4);
        Row wd1;
        for (auto &x : wd1.b) x = (uint8_t)r.u32();
        dut->wr1_req_i = we1;
        dut->wr1_reg_i = w1reg;
        dut->wr1_row_i = w1row;
        put_row(dut->wr1_data_i, wd1);
        // A single register (tcvt) or a run of them (mmacc's results).
        const uint32_t twe = !r.chance(20) ? 0u : r.chance(50) ? 1u << r.below(32) : r.u32();
        const unsigned tval = r.below(16);
        dut->tag_we_i = twe;
        dut->tag_i = tval;
        dut->eval();

        // Reference decision for this cycle.
        const bool r0 = held && p.r0, r1 = held && p.r1;
        const bool raw_conflict = !pend && r0 && r1 && (p.reg0 % kBanks == p.reg1 % kBanks) &&
                                  !(p.reg0 == p.reg1 && p.row0 == p.row1);
#ifdef TRF_RW_STALL
        // A read this cycle of a row a write port writes this cycle waits.
        auto written = [&](unsigned reg, unsigned row) {
            return (we && reg == wreg && row == wrow) || (we1 && reg == w1reg && row == w1row);
        };
        const bool rw = pend ? (r1 && written(p.reg1, p.row1))
                             : ((r0 && written(p.reg0, p.row0)) ||
                                (r1 && !raw_conflict && written(p.reg1, p.row1)));
#else
        const bool rw = false;
#endif
        const bool conflict = raw_conflict && !rw;
        const bool ready = !conflict && !rw;
        rw_stalls += rw;
        c.vector();
        if (dut->rd_ready_o != ready || dut->conflict_o != conflict || !dut->wr_ready_o)
            c.fail("cycle %llu: ready %d conflict %d, want %d %d", (unsigned long long)i,
                   dut->rd_ready_o, dut->conflict_o, ready, conflict);
        conflicts += conflict;
        dut_conflicts += dut->conflict_o;
        // Rows leave the banks as read this cycle (before this cycle's write).
        if (!rw && !pend && r0) exp0 = ref[p.reg0][p.row0];
        if (!rw && ((pend && r1) || (!pend && r1 && !conflict))) exp1 = ref[p.reg1][p.row1];
        const bool fire0 = ready && r0, fire1 = ready && r1;
        if (ready) held = false;
        pend = conflict || (pend && rw);

        tick();
        if (we)
            for (unsigned k = 0; k < 64; k++)
                if (be >> k & 1) ref[wreg][wrow].b[k] = wd.b[k];
        for (unsigned t = 0; t < 32; t++)
            if (twe >> t & 1) ref_tag[t] = (uint8_t)tval;
        if (we1) ref[w1reg][w1row] = wd1;
        writes += we + we1;

        want_v0 = fire0;
        want_v1 = fire1;
        dut->eval();
        if (dut->rd0_valid_o != want_v0 || dut->rd1_valid_o != want_v1)
            c.fail("cycle %llu: valid %d/%d want %d/%d", (unsigned long long)i, dut->rd0_valid_o,
                   dut->rd1_valid_o, want_v0, want_v1);
        if (want_v0 && !(dut_row(dut->rd0_data_o) == exp0))
            c.fail("cycle %llu: port0 tr%u row %u data mismatch", (unsigned long long)i, p.reg0, p.row0);
        if (want_v1 && !(dut_row(dut->rd1_data_o) == exp1))
            c.fail("cycle %llu: port1 tr%u row %u data mismatch", (unsigned long long)i, p.reg1, p.row1);
        if (!tags_match()) c.fail("cycle %llu: tags mismatch", (unsigned long long)i);
        reads += want_v0 + want_v1;
    }
    idle_inputs();
    c.vector();
    if (conflicts != dut_conflicts)
        c.fail("conflict pulses %llu, want %llu", (unsigned long long)dut_conflicts,
               (unsigned long long)conflicts);
    *ok &= c.finish();
    std::printf("#   trf_random: %llu cycles, %llu rows read, %llu rows written, %llu conflict "
                "stall cycles, %llu read-write stall cycles\n", (unsigned long long)n,
                (unsigned long long)reads, (unsigned long long)writes,
                (unsigned long long)conflicts, (unsigned long long)rw_stalls);
#ifdef TRF_RW_STALL
    tb::Case seen("trf_rw_stalls_seen");
    seen.vector();
    if (rw_stalls == 0) seen.fail("no read met a write of its row");
    *ok &= seen.finish();
#endif
}

// The mutant of this variant: build/modules/<this executable's name>_mutant.
void mutant(const char *argv0, bool *ok) {
    const std::string self(argv0);
    const std::string m = self.substr(self.rfind('/') + 1) + "_mutant";
    *ok &= tb::check_mutant(argv0, m.c_str(), "trf_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull;
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_tu_trf top{&ctx};
    dut = &top;
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    do_reset();
    reset_zero(rng, &ok);
    bank_mapping(&ok);
    random_traffic(rng, quick ? 20000 : 400000, &ok);
    if (!quick) mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_trf: %s in %.1f s (%llu cycles)\n",
                ok ? "all cases passed" : "FAILURES", secs, (unsigned long long)cycles);
    top.final();
    return ok ? 0 : 1;
}
