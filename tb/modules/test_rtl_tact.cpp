// Module test: rtl/tu/mosaic_tu_tact.sv (tact, one tile row per request) against
// the golden model.
//
//   tact_<f>_specials     FP32 specials (zeros, Infs, quiet/signalling NaNs,
//                         subnormal and normal extremes, +-1, ...) and every
//                         clamp boundary of tact.c (EXP_XMAX/XMIN, +-120,
//                         +-16) with +-1..4 ulp neighbours: bits and flags
//                         of mosaic_tact_f32
//   tact_<f>_exponents    every FP32 exponent x both signs x random
//                         mantissas
//   tact_<f>_random       TACT_SAMPLES (environment; default 10^6, 2*10^5
//                         under MOSAIC_TIER=test, --quick 2*10^4, or
//                         --samples N) random FP32 inputs: raw
//                         patterns, exponents near 1, and uniform values over
//                         the function's working range
//   tact_rows_<fmt>       whole tiles through mosaic_tu_exec (golden tact
//                         instruction, tag fmt) for every func x rounding
//                         mode x (fp8_sat, subnormals), row by row through
//                         the RTL: every element of trD, sat_o vs
//                         mcsr.msat, the flag word vs minat_tact's order of
//                         golden calls
//   tact_coverage         the tile recipes reached SAT, OF, UF, NX, integer
//                         recip of 0 and the clamps
//   tact_handshake        random valid_i gaps and ready_i stalls
//   tact_timing           documented latencies and back-to-back rate
//   tact_injected_bug_detected  the copy built with MOSAIC_INJECT_TACT_BUG
//                         must fail --quick
//
// FP32 inputs go through the FP32 tag under a random rounding mode: the
// widening and narrowing are then the identity for non-NaN values, so d_o
// and flags_o must be exactly mosaic_tact_f32's (and the rounding mode must
// not leak into tact's RNE steps). NaN inputs are compared with the full
// minat_tact composition (the FP32 widening quiets a signalling NaN).
//
// Usage: test_rtl_tact [--quick] [--seed N] [--samples N]

#include <algorithm>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "Vmosaic_tu_tact.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_tu.h"
#include "tu_internal.h"
}

namespace {

Vmosaic_tu_tact *dut;
uint64_t g_cycles;

const char *const kFuncName[5] = {"relu", "gelu", "silu", "exp", "recip"};

struct Cfg {
    unsigned rm;
    bool sat, sub;
};

mosaic_cvt_opts opts_of(const Cfg &c) {
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = (mosaic_rm)c.rm;
    o.fp8_sat = c.sat;
    o.subnormals = c.sub;
    return o;
}

std::string cfg_name(const Cfg &c) {
    return std::string(" ") + tb::rm_name(c.rm) + (c.sat ? " sat" : "") + (c.sub ? " sub" : "");
}

uint32_t mask_of(unsigned f) {
    const unsigned w = mosaic_fmt_bits((mosaic_fmt)f);
    return w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
}

bool is_nan32(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }

// minat_tact for one element (sw/golden/minat_elem.c), flags in its order.
uint32_t expect_elem(unsigned func, unsigned f, const Cfg &c, uint32_t v, unsigned *fl) {
    const mosaic_cvt_opts o = opts_of(c);
    *fl = 0;
    if (func == 4 && mosaic_fmt_is_int((mosaic_fmt)f) && mosaic_int_value((mosaic_fmt)f, v) == 0)
        return v & mask_of(f);
    const uint32_t x = mosaic_to_f32((mosaic_fmt)f, v, &o, fl);
    return mosaic_convert(MOSAIC_FMT_FP32, (mosaic_fmt)f, mosaic_tact_f32(func, x, fl), &o, fl);
}

// ---------------------------------------------------------------------------
// RTL driver
// ---------------------------------------------------------------------------

struct RowOut {
    uint32_t d[16];
    unsigned fl[16];
    bool sat;
};

unsigned flags_of(unsigned e) {
    const unsigned bit = 6 * e;
    const uint64_t lo = dut->flags_o[bit / 32];
    const uint64_t hi = bit / 32 + 1 < 3 ? dut->flags_o[bit / 32 + 1] : 0;
    return (unsigned)((((hi << 32) | lo) >> (bit % 32)) & 0x3F);
}

// One clock edge (the caller has set the inputs and evaluated with clk low).
void cycle() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    g_cycles++;
}

// Streams nrows rows (16 elements each) of one func/format/config through
// the unit; gaps/stalls in percent. Returns false on a timeout.
bool run_rows(unsigned func, unsigned fmt, const Cfg &c, const uint32_t *in, size_t nrows,
              std::vector<RowOut> *out, tb::Rng *r = nullptr, unsigned gap = 0,
              unsigned stall = 0) {
    out->assign(nrows, RowOut{});
    size_t sent = 0, got = 0;
    uint64_t idle = 0;
    dut->func_i = func;
    dut->fmt_i = fmt;
    dut->rm_i = c.rm;
    dut->fp8_sat_i = c.sat;
    dut->subnormals_i = c.sub;
    while (got < nrows) {
        const bool v = sent < nrows && !(r && gap && r->chance(gap));
        dut->valid_i = v;
        if (v)
            for (unsigned e = 0; e < 16; e++)
                dut->a_i[e] = in[16 * sent + e];
        dut->ready_i = !(r && stall && r->chance(stall));
        dut->eval();
        const bool acc = v && dut->ready_o;
        if (dut->valid_o && dut->ready_i) {
            RowOut &o = (*out)[got++];
            for (unsigned e = 0; e < 16; e++) {
                o.d[e] = dut->d_o[e];
                o.fl[e] = flags_of(e);
            }
            o.sat = dut->sat_o;
            idle = 0;
        } else if (++idle > 1000) {
            return false;
        }
        cycle();
        if (acc)
            sent++;
    }
    dut->valid_i = 0;
    dut->ready_i = 1;
    dut->eval();
    return true;
}

// ---------------------------------------------------------------------------
// FP32 checks against mosaic_tact_f32
// ---------------------------------------------------------------------------

// Checks a batch of FP32 inputs (padded to whole rows) under random configs.
void check_f32(tb::Case &tc, tb::Rng &r, unsigned func, std::vector<uint32_t> xs) {
    while (xs.size() % 16)
        xs.push_back(r.u32());
    const size_t rows_per_batch = 4096;
    std::vector<RowOut> out;
    for (size_t base = 0; base < xs.size(); base += 16 * rows_per_batch) {
        const size_t n = std::min(rows_per_batch, (xs.size() - base) / 16);
        const Cfg c{r.below(5), r.chance(50), r.chance(50)};
        if (!run_rows(func, MOSAIC_FMT_FP32, c, &xs[base], n, &out)) {
            tc.vector();
            tc.fail("%s: timeout", kFuncName[func]);
            return;
        }
        for (size_t row = 0; row < n; row++) {
            const RowOut &o = out[row];
            bool sat = false;
            for (unsigned e = 0; e < 16; e++) {
                const uint32_t x = xs[base + 16 * row + e];
                unsigned fl = 0;
                const uint32_t want = is_nan32(x) ? expect_elem(func, MOSAIC_FMT_FP32, c, x, &fl)
                                                  : mosaic_tact_f32(func, x, &fl);
                tc.vector();
                sat |= o.fl[e] >> 5 & 1;
                if (o.d[e] != want || o.fl[e] != fl)
                    tc.fail("%s(%08x)%s: got %08x flags %02x, want %08x flags %02x",
                            kFuncName[func], x, cfg_name(c).c_str(), o.d[e], o.fl[e], want, fl);
            }
            if (o.sat != sat)
                tc.fail("%s: sat_o %d, lanes' SAT %d", kFuncName[func], o.sat, sat);
        }
    }
}

uint32_t f32(bool s, unsigned e, uint32_t m) {
    return ((uint32_t)s << 31) | ((e & 0xFF) << 23) | (m & 0x7FFFFFu);
}

uint32_t bits_of(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// Every boundary pattern with its neighbours (pattern +-1..4, both signs).
void add_around(std::vector<uint32_t> *v, uint32_t b) {
    for (int d = -4; d <= 4; d++)
        for (uint32_t s : {0u, 0x80000000u})
            v->push_back(((b & 0x7FFFFFFFu) + (uint32_t)d) ^ s);
}

std::vector<uint32_t> specials() {
    std::vector<uint32_t> v = {
        0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
        0x7F800001u, 0xFF800001u, 0x7FBFFFFFu, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x7FC00001u,
        0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u, 0x80800000u,
        0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u, 0xBF800000u, 0x3F000000u, 0xBF000000u,
        0x40000000u, 0xC0000000u, 0x33800000u, 0xB3800000u, 0x34000000u, 0xB4000000u,
    };
    // tact.c's clamp limits: EXP_XMAX, EXP_XMIN, SIG_AMIN (silu and the
    // sigmoid of gelu), GELU_XBIG; the exp scale boundaries (n = -126,
    // results near 2^-149, FLT_MAX).
    for (uint32_t b : {0x42B17217u, 0xC2CFF1B4u, 0x42F00000u, 0x41800000u, 0x42AEAC50u,
                       0x42CE8ED0u, 0x42B17218u, 0x3E800000u, 0x3EB17218u, 0x3F317218u})
        add_around(&v, b);
    for (unsigned e = 0; e < 8; e++)
        add_around(&v, f32(false, e, 0));
    // gelu: 2u = 120 lies near |x| = 9.4; the scan brackets it densely.
    for (uint32_t b = bits_of(9.0f); b < bits_of(10.5f); b += 997)
        v.push_back(b), v.push_back(b | 0x80000000u);
    return v;
}

void sweep_f32(tb::Rng &r, unsigned func, uint64_t samples, bool *ok) {
    {
        tb::Case tc(std::string("tact_") + kFuncName[func] + "_specials");
        check_f32(tc, r, func, specials());
        *ok &= tc.finish();
    }
    {
        tb::Case tc(std::string("tact_") + kFuncName[func] + "_exponents");
        std::vector<uint32_t> v;
        for (unsigned e = 0; e < 256; e++)
            for (unsigned s = 0; s < 2; s++)
                for (unsigned k = 0; k < 24; k++)
                    v.push_back(f32(s, e, k == 0 ? 0 : k == 1 ? 0x7FFFFF : r.u32()));
        check_f32(tc, r, func, v);
        *ok &= tc.finish();
    }
    {
        tb::Case tc(std::string("tact_") + kFuncName[func] + "_random");
        // Working ranges: beyond them the results are clamps.
        static const float lo[5] = {-4.0f, -16.0f, -121.0f, -104.5f, -4.0f};
        static const float hi[5] = {4.0f, 16.0f, 121.0f, 89.0f, 4.0f};
        const uint64_t chunk = 16 * 4096;
        for (uint64_t done = 0; done < samples; done += chunk) {
            std::vector<uint32_t> v;
            const uint64_t n = std::min(chunk, samples - done);
            for (uint64_t i = 0; i < n; i++) {
                const unsigned k = r.below(4);
                if (k == 0) {
                    v.push_back(r.u32());
                } else if (k == 1) {
                    v.push_back(f32(r.chance(50), 96 + r.below(40), r.u32()));
                } else {
                    const float t = (float)((r.u32() >> 8) * (1.0 / 16777216.0));
                    v.push_back(bits_of(lo[func] + (hi[func] - lo[func]) * t) ^ (r.u32() & 7u));
                }
            }
            check_f32(tc, r, func, v);
        }
        *ok &= tc.finish();
    }
}

// ---------------------------------------------------------------------------
// Whole tiles through the golden tact instruction
// ---------------------------------------------------------------------------

bool no_mem_ok(void *, uint32_t, uint32_t, bool) { return false; }
bool no_mem_rw(void *, uint32_t, void *, uint32_t) { return true; }
bool no_mem_w(void *, uint32_t, const void *, uint32_t) { return true; }
mosaic_mem_if g_mem{nullptr, no_mem_ok, no_mem_rw, no_mem_w};

uint32_t from_f32(unsigned f, uint32_t x) {
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.fp8_sat = true;
    o.subnormals = true;
    unsigned fl = 0;
    return mosaic_convert(MOSAIC_FMT_FP32, (mosaic_fmt)f, x, &o, &fl);
}

// One element of a tile of format f for func: raw patterns of the format,
// specials, and values in the function's working range.
uint32_t gen_elem(tb::Rng &r, unsigned f, unsigned func) {
    const uint32_t m = mask_of(f);
    if (mosaic_fmt_is_int((mosaic_fmt)f)) {
        switch (r.below(4)) {
        case 0: return 0; // recip of an integer 0 stays 0
        case 1: return (r.below(9) - 4u) & m;
        case 2: return (r.chance(50) ? m >> 1 : (m >> 1) + 1u) & m;
        default: return r.u32() & m;
        }
    }
    switch (r.below(4)) {
    case 0: {
        const uint32_t x = r.u32() & m;
        return f == MOSAIC_FMT_TF32 ? x & 0xFFFFE000u : x;
    }
    case 1: {
        static const uint32_t sp[] = {0, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                      0x3F800000u, 0xBF800000u, 0x42B17218u, 0xC2CFF1B5u};
        return from_f32(f, sp[r.below(9)]);
    }
    default: {
        static const unsigned span[5] = {4, 16, 130, 110, 8};
        const float t = (float)((r.u32() >> 8) * (1.0 / 16777216.0)) - 0.5f;
        return from_f32(f, bits_of(2.0f * (float)span[func] * t));
    }
    }
}

// What the tile recipes reached (tact_coverage checks each is non-zero).
struct Coverage {
    uint64_t msat, of, uf, nx, int_recip_zero, clamp_exp, clamp_sig;
} cov;

void one_tile(tb::Case &tc, tb::Rng &r, unsigned func, unsigned f, const Cfg &c) {
    mosaic_tu tu;
    mosaic_tu_config cfg = mosaic_tu_config_default();
    mosaic_tu_reset(&tu, &cfg);
    tu.mcsr = (c.rm << MOSAIC_MCSR_MFRM_SHIFT) | (c.sat ? MOSAIC_MCSR_MFP8SAT : 0u) |
              (c.sub ? MOSAIC_MCSR_MFP8SUB : 0u);
    const unsigned D = 1 + r.below(31);
    uint32_t v[256];
    tu.tag[D] = (uint8_t)f;
    for (unsigned i = 0; i < 256; i++) {
        mosaic_tile_set(&tu, D, (mosaic_fmt)f, i, gen_elem(r, f, func));
        v[i] = mosaic_tile_get(&tu, D, (mosaic_fmt)f, i);
    }
    const uint32_t word = (func << 20) | (D << 15) | (2u << 12) | (D << 7) | 0x5Bu;
    const mosaic_tu_result res = mosaic_tu_exec(&tu, &g_mem, word, 0, 0, 0);
    const std::string what =
        std::string("tact ") + kFuncName[func] + " " + mosaic_fmt_name((mosaic_fmt)f) + cfg_name(c);
    tc.vector();
    if (res.trap) {
        tc.fail("%s: golden trapped", what.c_str());
        return;
    }
    // The RTL gets the patterns with random high bits (they must be ignored).
    uint32_t in[256];
    for (unsigned i = 0; i < 256; i++)
        in[i] = v[i] | (r.chance(50) ? r.u32() & ~mask_of(f) : 0u);
    std::vector<RowOut> o;
    if (!run_rows(func, f, c, in, 16, &o, &r, 20, 20)) {
        tc.fail("%s: timeout", what.c_str());
        return;
    }
    bool sat_any = false;
    for (unsigned i = 0; i < 256; i++) {
        const RowOut &ro = o[i / 16];
        const uint32_t want = mosaic_tile_get(&tu, D, (mosaic_fmt)f, i);
        unsigned fl = 0;
        const uint32_t mine = expect_elem(func, f, c, v[i], &fl);
        tc.vector();
        sat_any |= ro.fl[i % 16] >> 5 & 1;
        cov.of += (fl & MOSAIC_FLAG_OF) != 0;
        cov.uf += (fl & MOSAIC_FLAG_UF) != 0;
        cov.nx += (fl & MOSAIC_FLAG_NX) != 0;
        cov.int_recip_zero += func == 4 && mosaic_fmt_is_int((mosaic_fmt)f) &&
                              mosaic_int_value((mosaic_fmt)f, v[i]) == 0;
        if (!mosaic_fmt_is_int((mosaic_fmt)f)) {
            const uint32_t ax = mosaic_to_f32((mosaic_fmt)f, v[i], nullptr, nullptr) & 0x7FFFFFFFu;
            cov.clamp_exp += func == 3 && ax > 0x42B17217u && ax < 0x7F800000u;
            cov.clamp_sig += (func == 1 || func == 2) && ax > 0x42F00000u && ax < 0x7F800000u;
        }
        if (mine != want)
            tc.fail("%s: harness composition %08x disagrees with golden %08x", what.c_str(), mine,
                    want);
        if (ro.d[i % 16] != want || ro.fl[i % 16] != fl)
            tc.fail("%s: elem %u (%08x) got %08x flags %02x, want %08x flags %02x", what.c_str(),
                    i, v[i], ro.d[i % 16], ro.fl[i % 16], want, fl);
    }
    for (unsigned row = 0; row < 16; row++) {
        bool s = false;
        for (unsigned e = 0; e < 16; e++)
            s |= o[row].fl[e] >> 5 & 1;
        if (o[row].sat != s)
            tc.fail("%s: row %u sat_o %d, lanes' SAT %d", what.c_str(), row, o[row].sat, s);
    }
    const bool msat = (tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
    cov.msat += msat;
    if (msat != sat_any)
        tc.fail("%s: RTL SAT %d, golden mcsr.msat %d", what.c_str(), sat_any, msat);
}

void sweep_rows(tb::Rng &r, unsigned reps, bool *ok) {
    for (unsigned f = 0; f < 10; f++) {
        tb::Case tc(std::string("tact_rows_") + mosaic_fmt_name((mosaic_fmt)f));
        for (unsigned rep = 0; rep < reps; rep++)
            for (unsigned func = 0; func < 5; func++)
                for (unsigned rm = 0; rm < 5; rm++)
                    for (unsigned so = 0; so < 4; so++)
                        one_tile(tc, r, func, f, Cfg{rm, (so & 1) != 0, (so & 2) != 0});
        *ok &= tc.finish();
    }
}

void coverage(bool *ok) {
    tb::Case tc("tact_coverage");
    const struct {
        uint64_t n;
        const char *what;
    } items[] = {{cov.msat, "mcsr.msat set"},
                 {cov.of, "OF"},
                 {cov.uf, "UF"},
                 {cov.nx, "NX"},
                 {cov.int_recip_zero, "integer recip of 0"},
                 {cov.clamp_exp, "exp clamp"},
                 {cov.clamp_sig, "silu/gelu clamp"}};
    for (const auto &it : items) {
        tc.vector();
        if (it.n == 0)
            tc.fail("tile recipes never reached: %s", it.what);
    }
    *ok &= tc.finish();
}

// ---------------------------------------------------------------------------
// Handshake and timing
// ---------------------------------------------------------------------------

void handshake(tb::Rng &r, unsigned rounds, bool *ok) {
    tb::Case tc("tact_handshake");
    for (unsigned k = 0; k < rounds; k++) {
        const unsigned func = r.below(8); // 5-7 too: canonical NaN, no flags
        const unsigned nrows = 1 + r.below(6);
        std::vector<uint32_t> in(16 * nrows);
        for (auto &x : in)
            x = r.chance(50) ? r.u32() : bits_of((float)r.below(4000) / 100.0f - 20.0f);
        std::vector<RowOut> o;
        const Cfg c{r.below(5), r.chance(50), r.chance(50)};
        tc.vector();
        if (!run_rows(func, MOSAIC_FMT_FP32, c, in.data(), nrows, &o, &r, r.below(60),
                      r.below(60))) {
            tc.fail("func %u: timeout", func);
            continue;
        }
        for (unsigned i = 0; i < 16 * nrows; i++) {
            unsigned fl = 0;
            const uint32_t want = func < 5 ? expect_elem(func, MOSAIC_FMT_FP32, c, in[i], &fl)
                                           : 0x7FC00000u;
            tc.vector();
            if (o[i / 16].d[i % 16] != want || o[i / 16].fl[i % 16] != fl)
                tc.fail("func %u row %u elem %u (%08x): got %08x flags %02x, want %08x flags %02x",
                        func, i / 16, i % 16, in[i], o[i / 16].d[i % 16], o[i / 16].fl[i % 16],
                        want, fl);
        }
    }
    *ok &= tc.finish();
}

// Latency (accepting edge to valid_o) per func as documented in
// rtl/tu/mosaic_tu_tact.sv, and a stream of 16 rows at one row per latency.
void timing(bool *ok) {
    tb::Case tc("tact_timing");
    static const unsigned lat[8] = {1, 49, 35, 19, 16, 1, 1, 1};
    for (unsigned func = 0; func < 8; func++) {
        dut->func_i = func;
        dut->fmt_i = MOSAIC_FMT_FP32;
        dut->ready_i = 0;
        dut->valid_i = 1;
        for (unsigned e = 0; e < 16; e++)
            dut->a_i[e] = 0x3F800000u + e;
        dut->eval();
        tc.vector();
        if (!dut->ready_o)
            tc.fail("func %u: not ready when idle", func);
        cycle(); // accepting edge
        dut->valid_i = 0;
        unsigned n = 0;
        for (dut->eval(); !dut->valid_o && n < 200; dut->eval()) {
            if (dut->ready_o)
                tc.fail("func %u: ready_o while busy", func);
            cycle();
            n++;
        }
        if (n + 1 != lat[func])
            tc.fail("func %u: valid_o %u cycles after accept, want %u", func, n + 1, lat[func]);
        // Held while ready_i is low.
        const uint32_t d0 = dut->d_o[0];
        for (unsigned k = 0; k < 3; k++) {
            cycle();
            dut->eval();
            if (!dut->valid_o || dut->d_o[0] != d0 || dut->ready_o)
                tc.fail("func %u: result not held under ready_i = 0", func);
        }
        dut->ready_i = 1;
        dut->eval();
        cycle();
        dut->eval();
        if (dut->valid_o || !dut->ready_o)
            tc.fail("func %u: not idle after the result was taken", func);
        // Back to back: 16 rows in 16 * latency cycles (+1 for the first
        // accept).
        std::vector<uint32_t> in(256, 0x3F000000u);
        std::vector<RowOut> o;
        const uint64_t c0 = g_cycles;
        run_rows(func, MOSAIC_FMT_FP32, Cfg{0, false, false}, in.data(), 16, &o);
        const uint64_t cyc = g_cycles - c0;
        if (cyc != 16ull * lat[func] + 1)
            tc.fail("func %u: 16 rows in %llu cycles, want %u", func, (unsigned long long)cyc,
                    16 * lat[func] + 1);
    }
    *ok &= tc.finish();
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x74616374ull;
    tb::parse_args(argc, argv, &quick, &seed);
    // make test (MOSAIC_TIER=test) draws a fifth of the random samples;
    // the specials, the sweep of every exponent and the tile recipes run
    // whole in both tiers, and make regress draws all 10^6.
    uint64_t samples = tb::test_tier() ? 200000 : 1000000;
    if (const char *e = std::getenv("TACT_SAMPLES"))
        samples = std::strtoull(e, nullptr, 0);
    for (int i = 1; i < argc; i++)
        if (!std::strcmp(argv[i], "--samples") && i + 1 < argc)
            samples = std::strtoull(argv[++i], nullptr, 0);
    if (quick)
        samples = 20000;
    VerilatedContext vctx;
    Vmosaic_tu_tact top{&vctx};
    dut = &top;
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    dut->clk_i = 0;
    dut->rst_ni = 0;
    dut->valid_i = 0;
    dut->ready_i = 1;
    dut->eval();
    dut->rst_ni = 1;
    dut->eval();

    if (!quick)
        timing(&ok);
    for (unsigned func = 0; func < 5; func++)
        sweep_f32(rng, func, samples, &ok);
    if (!quick) {
        sweep_rows(rng, 1, &ok);
        coverage(&ok);
    }
    handshake(rng, quick ? 10 : 100, &ok);
    if (!quick)
        ok &= tb::check_mutant(argv[0], "test_rtl_tact_mutant", "tact_injected_bug_detected");

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_tact: %s in %.1f s (%llu samples per function, %llu cycles)\n",
                ok ? "all cases passed" : "FAILURES", secs, (unsigned long long)samples,
                (unsigned long long)g_cycles);
    top.final();
    return ok ? 0 : 1;
}
