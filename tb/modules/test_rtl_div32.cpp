// Module test: rtl/fp/mosaic_div32.sv against mosaic_f32_div() of the golden
// model (sw/golden/f32_div.c), bits and all six flags.
//
//   div32_special       every pair of ~40 special and edge values (zeros,
//                       subnormal extremes, min normal, 1, max, Inf, quiet
//                       and signalling NaNs of both signs) x 5 rounding modes
//   div32_random_<rm>   --pairs (default 1,000,000) pairs per rounding mode:
//                       uniform bits, subnormal operands, quotients near the
//                       overflow and underflow thresholds, exact quotients
//                       (few-bit significands), subnormal results that are
//                       exact halfway cases (b a power of two), a == b
//   div32_random_reserved_rm  rounding-mode codes 5..7 (golden: truncate,
//                       overflow to Inf)
//   div32_latency       every division takes the documented 14 cycles from
//                       the accepting edge to valid_o
//   div32_handshake     random valid_i / ready_i stalls: results come out in
//                       order, once, and hold while not taken
//   div32_injected_bug_detected  the copy built with MOSAIC_INJECT_DIV_BUG
//                       (sticky bit drops the remainder) must fail --quick
//
// Usage: test_rtl_div32 [--quick] [--seed N] [--pairs N]
#include <chrono>
#include <cstring>
#include <deque>
#include <vector>

#include "Vmosaic_div32.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

constexpr unsigned kLatency = 14;

Vmosaic_div32 *dut;

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
}

struct Op {
    uint32_t a, b;
    unsigned rm;
};

// Streams ops through the divider with ready_i always high and valid_i
// high whenever an op is waiting; checks every result against the golden.
void stream(tb::Case &c, const std::vector<Op> &ops) {
    size_t next = 0, done = 0;
    std::deque<size_t> inflight;
    unsigned guard = 0;
    dut->ready_i = 1;
    while (done < ops.size()) {
        if (++guard > 64) {
            c.vector();
            c.fail("no result for %u cycles (op %zu)", guard, done);
            return;
        }
        if (next < ops.size()) {
            dut->valid_i = 1;
            dut->a_i = ops[next].a;
            dut->b_i = ops[next].b;
            dut->rm_i = ops[next].rm;
        } else {
            dut->valid_i = 0;
        }
        dut->eval();
        if (dut->valid_o) {
            if (inflight.empty()) {
                c.vector();
                c.fail("valid_o with no division in flight");
                return;
            }
            const Op &o = ops[inflight.front()];
            inflight.pop_front();
            unsigned flags = 0;
            const uint32_t want = mosaic_f32_div(o.a, o.b, (mosaic_rm)o.rm, &flags);
            c.vector();
            if (dut->res_o != want || dut->flags_o != flags)
                c.fail("%08x / %08x %s: got %08x flags %02x, want %08x flags %02x", o.a, o.b,
                       tb::rm_name(o.rm), dut->res_o, dut->flags_o, want, flags);
            done++;
            guard = 0;
        }
        if (dut->valid_i && dut->ready_o)
            inflight.push_back(next++);
        tick();
    }
    dut->valid_i = 0;
}

std::vector<uint32_t> specials() {
    std::vector<uint32_t> v;
    const uint32_t mags[] = {0x00000000, 0x00000001, 0x00000002, 0x00000003, 0x007FFFFF,
                             0x00400000, 0x00000400, 0x00800000, 0x00800001, 0x3F800000,
                             0x3F800001, 0x3FFFFFFF, 0x40000000, 0x40400000, 0x3F000000,
                             0x7F7FFFFF, 0x7F000000, 0x7F800000, 0x7FC00000, 0x7F800001,
                             0x7FFFFFFF, 0x34000000};
    for (uint32_t m : mags) {
        v.push_back(m);
        v.push_back(m | 0x80000000u);
    }
    return v;
}

uint32_t sig_bits(tb::Rng &rng, unsigned nbits) {
    // A significand with at most nbits significant bits (hidden bit set).
    const uint32_t m = (1u << 23) | (rng.u32() & 0x7FFFFFu);
    return m & ~((1u << (24 - nbits)) - 1u);
}

uint32_t pack(bool s, unsigned e, uint32_t sig24) {
    return ((uint32_t)s << 31) | ((e & 0xFFu) << 23) | (sig24 & 0x7FFFFFu);
}

uint32_t subnormal(tb::Rng &rng) {
    const uint32_t f = rng.u32() & 0x7FFFFFu;
    const unsigned sh = rng.below(23);
    return ((rng.u32() & 1u) << 31) | ((f >> sh) | 1u);
}

Op random_op(tb::Rng &rng, unsigned rm) {
    Op o{rng.u32(), rng.u32(), rm};
    const bool sa = rng.u32() & 1u, sb = rng.u32() & 1u;
    switch (rng.below(9)) {
    case 0: // uniform bits (NaNs and Infs included)
        break;
    case 1: // subnormal dividend and/or divisor
        o.a = rng.chance(70) ? subnormal(rng) : o.a;
        o.b = rng.chance(70) ? subnormal(rng) : o.b;
        break;
    case 2: { // quotient near the overflow threshold
        const unsigned ea = 200 + rng.below(55), eb = ea - 126 - rng.below(3);
        o.a = pack(sa, ea, rng.u32());
        o.b = pack(sb, eb, rng.u32());
        break;
    }
    case 3: { // quotient near or below the normal range's floor
        const unsigned eb = 150 + rng.below(104);
        const int ea = (int)eb - 127 - 26 + (int)rng.below(30);
        o.a = ea >= 1 ? pack(sa, (unsigned)ea, rng.u32()) : subnormal(rng);
        o.b = pack(sb, eb, rng.u32());
        break;
    }
    case 4: { // exact quotient: a = q * b with 12-bit significands
        const uint32_t q = pack(sa, 100 + rng.below(56), sig_bits(rng, 12));
        o.b = pack(sb, 60 + rng.below(136), sig_bits(rng, 12));
        o.a = mosaic_f32_mul(q, o.b, MOSAIC_RM_RNE, nullptr);
        break;
    }
    case 5: { // subnormal result that may be an exact halfway case
        const unsigned k = 127 + 100 + rng.below(27); // b = 2^(k-127)
        o.b = pack(sb, k, 0);
        o.a = pack(sa, 1 + rng.below(24), sig_bits(rng, 1 + rng.below(24)));
        break;
    }
    case 6: // a == b, a == b +- 1 ulp
        o.b = (rng.u32() & 0x7FFFFFFFu) % 0x7F800000u;
        o.a = o.b + (rng.below(3) - 1u);
        break;
    case 7: // divisor 1.0 / small integers: exact and near-exact
        o.b = pack(sb, 127 + rng.below(3), sig_bits(rng, 2));
        break;
    default: // dense significands, random normal exponents
        o.a = pack(sa, 1 + rng.below(254), rng.u32() | 0x7FFFF0u);
        o.b = pack(sb, 1 + rng.below(254), rng.u32() | 0x7FFFF0u);
        break;
    }
    return o;
}

void test_special(bool *ok) {
    tb::Case c("div32_special");
    const std::vector<uint32_t> s = specials();
    std::vector<Op> ops;
    for (unsigned rm = 0; rm < 5; rm++)
        for (uint32_t a : s)
            for (uint32_t b : s)
                ops.push_back({a, b, rm});
    stream(c, ops);
    *ok &= c.finish();
}

void test_random(tb::Rng &rng, unsigned pairs, bool *ok) {
    for (unsigned rm = 0; rm < 5; rm++) {
        tb::Case c(std::string("div32_random_") + tb::rm_name(rm));
        std::vector<Op> ops;
        ops.reserve(pairs);
        for (unsigned i = 0; i < pairs; i++)
            ops.push_back(random_op(rng, rm));
        stream(c, ops);
        *ok &= c.finish();
    }
    // Reserved codes 5..7 never pass the issue checks, but the divider
    // still answers like the golden model (truncate, overflow to Inf).
    tb::Case c("div32_random_reserved_rm");
    std::vector<Op> ops;
    for (unsigned i = 0; i < pairs / 50 + 1; i++)
        ops.push_back(random_op(rng, 5 + rng.below(3)));
    stream(c, ops);
    *ok &= c.finish();
}

void test_latency(tb::Rng &rng, bool *ok) {
    tb::Case c("div32_latency");
    dut->ready_i = 1;
    for (unsigned i = 0; i < 200; i++) {
        const Op o = random_op(rng, rng.below(5));
        dut->valid_i = 1;
        dut->a_i = o.a;
        dut->b_i = o.b;
        dut->rm_i = o.rm;
        dut->eval();
        c.vector();
        if (!dut->ready_o) {
            c.fail("not ready when idle");
            return;
        }
        tick();
        dut->valid_i = 0;
        unsigned n = 1;
        dut->eval();
        while (!dut->valid_o && n < 100) {
            if (dut->ready_o)
                c.fail("ready_o while busy (cycle %u)", n);
            tick();
            n++;
        }
        if (n != kLatency)
            c.fail("%08x / %08x: valid_o after %u cycles, want %u", o.a, o.b, n, kLatency);
        tick(); // ready_i = 1: result taken
        dut->eval();
        if (dut->valid_o)
            c.fail("valid_o still high after the result was taken");
    }
    *ok &= c.finish();
}

void test_handshake(tb::Rng &rng, unsigned n, bool *ok) {
    tb::Case c("div32_handshake");
    std::vector<Op> ops;
    for (unsigned i = 0; i < n; i++)
        ops.push_back(random_op(rng, rng.below(5)));
    size_t next = 0, done = 0;
    std::deque<size_t> inflight;
    uint32_t held_res = 0;
    unsigned held_flags = 0;
    bool holding = false;
    for (unsigned cyc = 0; done < ops.size() && cyc < 100 * n; cyc++) {
        dut->valid_i = next < ops.size() && rng.chance(60);
        if (dut->valid_i) {
            dut->a_i = ops[next].a;
            dut->b_i = ops[next].b;
            dut->rm_i = ops[next].rm;
        } else {
            dut->a_i = rng.u32();
            dut->b_i = rng.u32();
        }
        dut->ready_i = rng.chance(50);
        dut->eval();
        if (dut->valid_o) {
            c.vector();
            if (holding && (dut->res_o != held_res || dut->flags_o != held_flags))
                c.fail("result changed while held");
            if (inflight.empty()) {
                c.fail("valid_o with no division in flight");
                break;
            }
            const Op &o = ops[inflight.front()];
            unsigned flags = 0;
            const uint32_t want = mosaic_f32_div(o.a, o.b, (mosaic_rm)o.rm, &flags);
            if (dut->res_o != want || dut->flags_o != flags)
                c.fail("op %zu: got %08x/%02x want %08x/%02x", inflight.front(), dut->res_o,
                       dut->flags_o, want, flags);
            holding = !dut->ready_i;
            held_res = dut->res_o;
            held_flags = dut->flags_o;
            if (dut->ready_i) {
                inflight.pop_front();
                done++;
            }
        } else {
            holding = false;
        }
        if (dut->valid_i && dut->ready_o) {
            if (!inflight.empty())
                c.fail("accepted a division while one is still unread");
            inflight.push_back(next++);
        }
        tick();
    }
    c.vector();
    if (done != ops.size())
        c.fail("%zu of %zu results came out", done, ops.size());
    dut->valid_i = 0;
    dut->ready_i = 1;
    for (unsigned i = 0; i < 40; i++)
        tick();
    *ok &= c.finish();
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0xD1F32ull;
    unsigned pairs = 1000000;
    tb::parse_args(argc, argv, &quick, &seed);
    for (int i = 1; i < argc; i++)
        if (!std::strcmp(argv[i], "--pairs") && i + 1 < argc)
            pairs = (unsigned)std::strtoul(argv[++i], nullptr, 0);
    if (quick)
        pairs = 20000;
    VerilatedContext vctx;
    Vmosaic_div32 top{&vctx};
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

    test_special(&ok);
    test_random(rng, pairs, &ok);
    test_latency(rng, &ok);
    test_handshake(rng, quick ? 500 : 20000, &ok);
    if (!quick)
        ok &= tb::check_mutant(argv[0], "test_rtl_div32_mutant", "div32_injected_bug_detected");

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_div32: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
