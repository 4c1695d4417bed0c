// Module test: rtl/fp/mosaic_fma32*.sv against the golden mosaic_f32_fma().
//
// One operand stream per cycle drives tb_fma32, which holds the unit in four
// configurations: combinational (Stages=0), Stages=1, Stages=2 and the
// late-addend PE form (Stages=1, CLate). Every vector is checked in all four
// (bits and the six flags), with random pipeline bubbles so the valid
// tracking is exercised too.
//
// Cases: every triple of a list of special and boundary values under every
// rounding mode; random triples biased to cancellation, ties, subnormal
// results, overflow and subnormal operands; every distance from -72 to 72
// binades between the addend's top bit and the product's; the add/sub/mul identities the
// unit is documented to support (against mosaic_f32_add/sub/mul); and a copy
// of the harness built with MOSAIC_INJECT_BUG must report mismatches.
//
// Usage: test_rtl_fma32 [--quick] [--seed N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "Vtb_fma32.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

// One operation in flight: its operands, the expected result, its case.
struct Op {
    bool valid;
    uint32_t a, b, c;
    unsigned rm;
    uint32_t want;
    unsigned want_flags;
    tb::Case *c_case;
};

class Driver {
  public:
    explicit Driver(Vtb_fma32 *dut, tb::Rng *rng) : dut_(dut), rng_(rng) {
        dut_->clk_i = 0;
        dut_->rst_ni = 0;
        dut_->valid_i = 0;
        dut_->eval();
        for (int i = 0; i < 2; i++)
            tick();
        dut_->rst_ni = 1;
        dut_->eval();
        for (auto &h : hist_)
            h = Op{false, 0, 0, 0, 0, 0, 0, nullptr};
    }

    // Issue one operation (possibly after a random bubble) with an explicit
    // expected result.
    void issue(tb::Case &c, uint32_t a, uint32_t b, uint32_t cc, unsigned rm, uint32_t want,
               unsigned want_flags) {
        if (rng_->chance(10))
            cycle(Op{false, rng_->u32(), rng_->u32(), rng_->u32(), rng_->below(5), 0, 0, nullptr});
        cycle(Op{true, a, b, cc, rm, want, want_flags, &c});
    }

    // Issue a*b+c, expecting the golden fma.
    void fma(tb::Case &c, uint32_t a, uint32_t b, uint32_t cc, unsigned rm) {
        unsigned f = 0;
        const uint32_t r = mosaic_f32_fma(a, b, cc, (mosaic_rm)rm, &f);
        issue(c, a, b, cc, rm, r, f);
    }

    // Drain the pipelines so every issued vector has been checked.
    void drain() {
        for (int i = 0; i < 3; i++)
            cycle(Op{false, 0, 0, 0, 0, 0, 0, nullptr});
    }

  private:
    void tick() {
        dut_->clk_i = 1;
        dut_->eval();
        dut_->clk_i = 0;
        dut_->eval();
    }

    void compare(const char *cfg, const Op &op, bool valid, uint32_t res, unsigned flags) {
        if (valid != op.valid) {
            // Attribute a valid mismatch to whichever side claims a vector.
            tb::Case *c = op.c_case;
            if (c) {
                c->fail("%s: valid_o low for a=0x%08x b=0x%08x c=0x%08x", cfg, op.a, op.b, op.c);
            } else {
                if (bubble_errors_++ == 0)
                    std::printf("FAIL: fma_valid_tracking: %s valid_o high for a bubble\n", cfg);
            }
            return;
        }
        if (!op.valid)
            return;
        if (res != op.want || flags != op.want_flags)
            op.c_case->fail("%s: a=0x%08x b=0x%08x c=0x%08x rm=%s: got 0x%08x flags 0x%02x, want "
                            "0x%08x flags 0x%02x",
                            cfg, op.a, op.b, op.c, tb::rm_name(op.rm), res, flags, op.want,
                            op.want_flags);
    }

    void cycle(const Op &op) {
        hist_[2] = hist_[1];
        hist_[1] = hist_[0];
        hist_[0] = op;
        dut_->valid_i = op.valid;
        dut_->a_i = op.a;
        dut_->b_i = op.b;
        dut_->c_i = op.c;
        dut_->rm_i = op.rm;
        // The late-addend unit sees a/b now and their c one cycle later.
        dut_->c_late_i = hist_[1].c;
        dut_->eval();
        if (op.c_case)
            op.c_case->vector();
        compare("stages0", hist_[0], dut_->s0_valid_o, dut_->s0_res_o, dut_->s0_flags_o);
        compare("stages1", hist_[1], dut_->s1_valid_o, dut_->s1_res_o, dut_->s1_flags_o);
        compare("stages2", hist_[2], dut_->s2_valid_o, dut_->s2_res_o, dut_->s2_flags_o);
        compare("clate", hist_[1], dut_->late_valid_o, dut_->late_res_o, dut_->late_flags_o);
        tick();
    }

    Vtb_fma32 *dut_;
    tb::Rng *rng_;
    Op hist_[3];

  public:
    unsigned bubble_errors_ = 0;
};

// Specials and boundaries: zeros, subnormal extremes, normal extremes,
// values whose products land at the overflow and underflow thresholds,
// infinities, quiet and signalling NaNs.
const uint32_t kSpecials[] = {
    0x00000000u, 0x00000001u, 0x00000002u, 0x007FFFFFu, 0x00400000u, 0x00800000u,
    0x00800001u, 0x00FFFFFFu, 0x3F800000u, 0x3F800001u, 0x3FFFFFFFu, 0x3FC00000u,
    0x3F7FFFFFu, 0x40000000u, 0x33800000u, 0x34000000u, 0x1F800000u, 0x1F7FFFFFu,
    0x20000000u, 0x5F800000u, 0x5F7FFFFFu, 0x7F000000u, 0x7F7FFFFFu, 0x7F7FFFFEu,
    0x7F800000u, 0x7FC00000u, 0x7F800001u, 0x7FFFFFFFu, 0x0C000000u, 0x2C000000u,
};

void specials(Driver &d, bool *ok) {
    tb::Case c("fma_specials_all_triples");
    const unsigned n = sizeof kSpecials / sizeof kSpecials[0];
    for (unsigned i = 0; i < 2 * n; i++)
        for (unsigned j = 0; j < 2 * n; j++)
            for (unsigned k = 0; k < 2 * n; k++) {
                // Both signs of every value.
                const uint32_t a = kSpecials[i % n] ^ (i >= n ? 0x80000000u : 0u);
                const uint32_t b = kSpecials[j % n] ^ (j >= n ? 0x80000000u : 0u);
                const uint32_t cc = kSpecials[k % n] ^ (k >= n ? 0x80000000u : 0u);
                for (unsigned rm = 0; rm < 5; rm++)
                    d.fma(c, a, b, cc, rm);
            }
    d.drain();
    *ok &= c.finish();
}

uint32_t mant(tb::Rng &r) {
    switch (r.below(6)) {
    case 0:
        return 0;
    case 1:
        return 0x7FFFFFu;
    case 2: { // few significant bits: exact products, ties in the sum
        const unsigned k = r.below(23);
        return r.u32() & 0x7FFFFFu & ~((1u << k) - 1u);
    }
    default:
        return r.u32() & 0x7FFFFFu;
    }
}

uint32_t f32(unsigned sign, int bexp, uint32_t m) {
    if (bexp < 0)
        bexp = 0;
    if (bexp > 255)
        bexp = 255;
    return (sign << 31) | ((uint32_t)bexp << 23) | (m & 0x7FFFFFu);
}

// One random triple from a mix of scenarios.
void random_triple(tb::Rng &r, uint32_t *a, uint32_t *b, uint32_t *c) {
    const unsigned sa = r.u32() & 1, sb = r.u32() & 1, sc = r.u32() & 1;
    const int ea = 1 + (int)r.below(254), eb = 1 + (int)r.below(254);
    switch (r.below(10)) {
    case 0: // anything, specials included
        *a = r.u32();
        *b = r.u32();
        *c = r.u32();
        return;
    case 1: { // c close to a*b: cancellation and near-cancellation
        const int ma = 100 + (int)r.below(55), mb = 100 + (int)r.below(55);
        *a = f32(sa, ma, mant(r));
        *b = f32(sb, mb, mant(r));
        const uint32_t p = mosaic_f32_mul(*a, *b, MOSAIC_RM_RNE, nullptr);
        *c = (p ^ 0x80000000u) + (uint32_t)((int)r.below(9) - 4);
        if (r.chance(30))
            *c ^= 0x80000000u;
        return;
    }
    case 2: { // exponents of a*b and c within a few binades (alignment edge)
        *a = f32(sa, ea, mant(r));
        *b = f32(sb, 127 + (int)r.below(60) - 30, mant(r));
        const int ep = ea + ((int)(*b >> 23 & 0xFF) - 127);
        *c = f32(sc, ep + (int)r.below(61) - 30, mant(r));
        return;
    }
    case 3: { // product around the subnormal range, small c
        const int target = -126 - 30 + (int)r.below(40); // unbiased exponent of a*b
        const int e1 = 1 + (int)r.below(120);
        *a = f32(sa, e1, mant(r));
        *b = f32(sb, target - (e1 - 127) + 127, mant(r));
        *c = r.chance(50) ? f32(sc, (int)r.below(3), mant(r)) : (sc << 31);
        return;
    }
    case 4: { // product around the overflow threshold
        const int target = 126 + (int)r.below(4);
        const int e1 = 127 + (int)r.below(127);
        *a = f32(sa, e1, mant(r));
        *b = f32(sb, target - (e1 - 127) + 127, mant(r));
        *c = r.chance(50) ? f32(sc, 250 + (int)r.below(5), mant(r)) : f32(sc, ea, mant(r));
        return;
    }
    case 5: // subnormal operands
        *a = f32(sa, r.chance(50) ? 0 : ea, mant(r));
        *b = f32(sb, r.chance(50) ? 0 : eb, mant(r));
        *c = f32(sc, r.chance(50) ? 0 : (int)r.below(60), mant(r));
        return;
    case 6: { // addend far above or below the product
        *a = f32(sa, 127 + (int)r.below(40) - 20, mant(r));
        *b = f32(sb, 127 + (int)r.below(40) - 20, mant(r));
        const int ep = (int)(*a >> 23 & 0xFF) + (int)(*b >> 23 & 0xFF) - 127;
        *c = f32(sc, ep + (r.chance(50) ? 1 : -1) * (20 + (int)r.below(40)), mant(r));
        return;
    }
    default: // biased exponents, random mantissas
        *a = f32(sa, ea, mant(r));
        *b = f32(sb, 127 + (int)r.below(80) - 40, mant(r));
        *c = f32(sc, (int)r.below(256), mant(r));
        return;
    }
}

void random_fma(Driver &d, tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case c("fma_random");
    for (uint64_t i = 0; i < n; i++) {
        uint32_t a, b, cc;
        random_triple(r, &a, &b, &cc);
        d.fma(c, a, b, cc, (unsigned)(i % 5));
    }
    d.drain();
    *ok &= c.finish();
}

// Every distance between the addend's top bit and the product's, around the
// places where the add half changes how it aligns them (mosaic_fma32_add.sv:
// the reference operand switches at 0, bits are jammed from 16 above and 40
// below, everything but the sticky bit leaves the window at 63), with
// subnormal operands and addends among them and both signs (cancellation).
void alignment_sweep(Driver &d, tb::Rng &r, unsigned per_t, bool *ok) {
    tb::Case c("fma_alignment_sweep");
    unsigned n = 0;
    for (int t = -72; t <= 72; t++)
        for (unsigned i = 0; i < per_t; i++) {
            // Biased exponents: the product's top weighs 2^(ea + eb - 253)
            // (a subnormal counts as exponent 1), the addend's 2^(ec - 127).
            const unsigned sub = r.below(8); // 0: a subnormal, 1: c subnormal
            const int ec = sub == 1 ? 1 : 1 + (int)r.below(254);
            const int pexp = ec + 126 - t;
            int ea = sub == 0 ? 1 : pexp / 2 + (int)r.below(41) - 20;
            if (ea < 1)
                ea = 1;
            if (ea > 254)
                ea = 254;
            const int eb = pexp - ea;
            if (eb < 1 || eb > 254)
                continue;
            const uint32_t a = f32(r.u32() & 1, sub == 0 ? 0 : ea, mant(r));
            const uint32_t b = f32(r.u32() & 1, eb, mant(r));
            const uint32_t cc = f32(r.u32() & 1, sub == 1 ? 0 : ec, mant(r));
            d.fma(c, a, b, cc, (unsigned)(n++ % 5));
        }
    d.drain();
    *ok &= c.finish();
}

// add(a, c) == fma(a, 1.0, c); sub(a, c) == fma(a, 1.0, -c);
// mul(a, b) == fma(a, b, RDN ? +0 : -0), bits and flags.
void identities(Driver &d, tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case ca("fma_as_add"), cs("fma_as_sub"), cm("fma_as_mul");
    const unsigned ns = sizeof kSpecials / sizeof kSpecials[0];
    for (uint64_t i = 0; i < n; i++) {
        uint32_t a, b, cc;
        random_triple(r, &a, &b, &cc);
        if (r.chance(10))
            a = kSpecials[r.below(ns)] ^ (r.u32() & 0x80000000u);
        if (r.chance(10))
            cc = kSpecials[r.below(ns)] ^ (r.u32() & 0x80000000u);
        if (r.chance(5))
            cc = a ^ 0x80000000u; // exact cancellation
        const unsigned rm = (unsigned)(i % 5);
        unsigned f = 0;
        uint32_t want = mosaic_f32_add(a, cc, (mosaic_rm)rm, &f);
        d.issue(ca, a, 0x3F800000u, cc, rm, want, f);
        f = 0;
        want = mosaic_f32_sub(a, cc, (mosaic_rm)rm, &f);
        d.issue(cs, a, 0x3F800000u, cc ^ 0x80000000u, rm, want, f);
        f = 0;
        want = mosaic_f32_mul(a, b, (mosaic_rm)rm, &f);
        d.issue(cm, a, b, rm == MOSAIC_RM_RDN ? 0u : 0x80000000u, rm, want, f);
    }
    d.drain();
    *ok &= ca.finish();
    *ok &= cs.finish();
    *ok &= cm.finish();
}

// Reserved rounding codes never reach the unit (they trap at issue); the RTL
// still decides like the golden model's default (truncate, overflow to Inf).
void reserved_rm(Driver &d, tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case c("fma_reserved_rounding_modes");
    for (uint64_t i = 0; i < n; i++) {
        uint32_t a, b, cc;
        random_triple(r, &a, &b, &cc);
        d.fma(c, a, b, cc, 5 + r.below(3));
    }
    d.drain();
    *ok &= c.finish();
}

void mutant(const char *argv0, bool *ok) {
    *ok &= tb::check_mutant(argv0, "test_rtl_fma32_mutant", "fma_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x464D41333221ull; // "FMA32!"
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vtb_fma32 top{&ctx};
    tb::Rng rng(seed);
    Driver d(&top, &rng);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    if (!quick)
        specials(d, &ok);
    random_fma(d, rng, quick ? 100000 : 1500000, &ok);
    alignment_sweep(d, rng, quick ? 200 : 2000, &ok);
    identities(d, rng, quick ? 20000 : 200000, &ok);
    reserved_rm(d, rng, quick ? 10000 : 50000, &ok);
    if (d.bubble_errors_ == 0) {
        std::printf("PASS: fma_valid_tracking\n");
    } else {
        ok = false;
    }
    if (!quick)
        mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_fma32: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
