// Module test: rtl/fp/mosaic_fp_widen.sv against the golden mosaic_convert().
//
// The MMA engine widens A, B and D with mosaic_fp_widen: a float format to
// FP32, an integer format to INT32. For those pairs the result must be the
// golden conversion's bit pattern whatever the rounding mode (widening is
// exact), in both subnormal modes:
//   - every pattern of FP4, E4M3, E5M2, FP16, BF16, INT8 and INT16, with
//     random garbage above the format's width;
//   - FP32 and TF32: every exponent and sign with structured mantissas
//     (zero, one, all ones, every single bit), and random patterns;
//   - INT32: edges and random patterns.
// The module's own contract, outside the golden model: with the enable low,
// and for the pairs it does not widen (across domains, invalid codes), the
// output is 0. Finally the harness runs a copy of itself built with
// MOSAIC_INJECT_WIDEN_BUG (subnormals off by one exponent) and checks that
// the copy reports mismatches.
//
// Usage: test_rtl_widen [--quick] [--seed N]
#include <chrono>
#include <string>

#include "Vmosaic_fp_widen.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

Vmosaic_fp_widen *dut;

uint32_t drive(bool en, unsigned fmt, bool to_int, bool subn, uint32_t bits) {
    dut->en_i = en;
    dut->fmt_i = fmt;
    dut->to_int_i = to_int;
    dut->subn_i = subn;
    dut->bits_i = bits;
    dut->eval();
    return dut->bits_o;
}

// One widening vector: the golden conversion under a rounding mode that
// must not matter.
void check(tb::Case &c, tb::Rng &r, unsigned fmt, uint32_t bits, bool subn) {
    const bool to_int = mosaic_fmt_is_int((mosaic_fmt)fmt);
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = (mosaic_rm)r.below(5);
    o.fp8_sat = r.chance(50);
    o.int_wrap = r.chance(50);
    o.subnormals = subn;
    unsigned flags = 0;
    const uint32_t want = mosaic_convert((mosaic_fmt)fmt,
                                         to_int ? MOSAIC_FMT_INT32 : MOSAIC_FMT_FP32, bits, &o,
                                         &flags);
    const uint32_t got = drive(true, fmt, to_int, subn, bits);
    c.vector();
    if (got != want || flags != 0)
        c.fail("%s 0x%08x subn=%d: got 0x%08x, want 0x%08x (golden flags 0x%02x)",
               mosaic_fmt_name((mosaic_fmt)fmt), bits, subn, got, want, flags);
}

void exhaustive(unsigned fmt, tb::Rng &r, bool *ok) {
    const unsigned width = mosaic_fmt_bits((mosaic_fmt)fmt);
    tb::Case c(std::string("widen_exhaustive_") + mosaic_fmt_name((mosaic_fmt)fmt));
    for (uint32_t bits = 0; bits < (1u << width); bits++)
        for (unsigned subn = 0; subn < 2; subn++) {
            check(c, r, fmt, bits, subn);
            check(c, r, fmt, bits | (r.u32() << width), subn); // high bits ignored
        }
    *ok &= c.finish();
}

// Every exponent and sign of a format with FP32's exponent field.
void structured(unsigned fmt, tb::Rng &r, bool *ok) {
    tb::Case c(std::string("widen_structured_") + mosaic_fmt_name((mosaic_fmt)fmt));
    for (uint32_t e = 0; e < 256; e++)
        for (uint32_t s = 0; s < 2; s++) {
            uint32_t mants[26] = {0, 1, 0x7FFFFFu};
            for (unsigned k = 0; k < 23; k++)
                mants[3 + k] = 1u << k;
            for (uint32_t m : mants)
                check(c, r, fmt, (s << 31) | (e << 23) | m, r.chance(50));
        }
    *ok &= c.finish();
}

void random_case(unsigned fmt, uint64_t n, tb::Rng &r, bool *ok) {
    static const uint32_t edges[] = {0u, 1u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u,
                                     0x7F800000u, 0xFF800000u, 0x7F800001u, 0x00800000u,
                                     0x007FFFFFu, 0x7FC00000u, 0xFFFFE000u};
    tb::Case c(std::string("widen_random_") + mosaic_fmt_name((mosaic_fmt)fmt));
    for (const uint32_t e : edges)
        check(c, r, fmt, e, r.chance(50));
    for (uint64_t i = 0; i < n; i++)
        check(c, r, fmt, r.u32(), r.chance(50));
    *ok &= c.finish();
}

// The contract beyond the golden model: 0 when disabled, across domains and
// for invalid format codes.
void zero_cases(uint64_t n, tb::Rng &r, bool *ok) {
    tb::Case c("widen_zero_when_disabled_or_not_a_widening");
    for (uint64_t i = 0; i < n; i++) {
        const unsigned fmt = r.below(16);
        const bool valid = fmt < MOSAIC_FMT_COUNT;
        const bool is_int = valid && mosaic_fmt_is_int((mosaic_fmt)fmt);
        const uint32_t bits = r.u32() | 1u;
        const bool subn = r.chance(50);
        uint32_t got = drive(false, fmt, r.chance(50), subn, bits);
        c.vector();
        if (got != 0)
            c.fail("disabled %u 0x%08x: got 0x%08x", fmt, bits, got);
        // The other domain's target, or an invalid code with either target.
        got = drive(true, fmt, valid ? !is_int : r.chance(50), subn, bits);
        c.vector();
        if (got != 0)
            c.fail("not a widening: fmt %u to_int=%d 0x%08x: got 0x%08x", fmt,
                   valid ? !is_int : -1, bits, got);
    }
    *ok &= c.finish();
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull; // "Mosaic"
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_fp_widen top{&ctx};
    dut = &top;
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    for (unsigned f : {MOSAIC_FMT_FP4, MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_INT8,
                       MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_INT16})
        exhaustive(f, rng, &ok);
    structured(MOSAIC_FMT_FP32, rng, &ok);
    structured(MOSAIC_FMT_TF32, rng, &ok);
    const uint64_t n = quick ? 20000 : 1000000;
    for (unsigned f : {MOSAIC_FMT_FP32, MOSAIC_FMT_TF32, MOSAIC_FMT_INT32})
        random_case(f, n, rng, &ok);
    zero_cases(n / 10, rng, &ok);
    if (!quick)
        ok &= tb::check_mutant(argv[0], "test_rtl_widen_mutant", "widen_injected_bug_detected");

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_widen: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
