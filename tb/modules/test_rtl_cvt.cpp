// Module test: rtl/fp/mosaic_fmt_cvt.sv against the golden mosaic_convert().
//
// Every case compares the result pattern and all six flags, vector by
// vector. Exhaustive: every FP4/8-bit/16-bit source pattern x every target x
// the five rounding modes x every combination of fp8_sat, subnormals and
// int_wrap. Random (fixed seed): FP32, INT32 and TF32 sources biased to the
// exponents where targets overflow, underflow, saturate or round, plus
// structured FP32 mantissas (ties and their neighbours at every rounding
// position, for every exponent). Finally the harness runs a copy of itself
// built with MOSAIC_INJECT_BUG (one broken rounding case in the RTL) and
// checks that the copy reports mismatches: the comparison can fail.
//
// Usage: test_rtl_cvt [--quick] [--seed N]
//   --quick: exhaustive FP4/8-bit sources and short random runs only (used
//            for the injected-bug copy).
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

#include "Vmosaic_fmt_cvt.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

Vmosaic_fmt_cvt *dut;

struct Opts {
    unsigned rm;
    bool sat, sub, wrap;
};

Opts opts_from_index(unsigned rm, unsigned idx) {
    return Opts{rm, (idx & 1) != 0, (idx & 2) != 0, (idx & 4) != 0};
}

// One vector: drive the DUT, run the golden model, compare bits and flags.
inline void check(tb::Case &c, unsigned from, unsigned to, uint32_t bits, const Opts &o) {
    dut->from_i = from;
    dut->to_i = to;
    dut->bits_i = bits;
    dut->rm_i = o.rm;
    dut->fp8_sat_i = o.sat;
    dut->subnormals_i = o.sub;
    dut->int_wrap_i = o.wrap;
    dut->eval();

    mosaic_cvt_opts go;
    go.rm = (mosaic_rm)o.rm;
    go.fp8_sat = o.sat;
    go.subnormals = o.sub;
    go.int_wrap = o.wrap;
    unsigned want_flags = 0;
    uint32_t want = mosaic_convert((mosaic_fmt)from, (mosaic_fmt)to, bits, &go, &want_flags);

    c.vector();
    if (dut->bits_o != want || dut->flags_o != want_flags)
        c.fail("%s->%s 0x%08x rm=%s sat=%d sub=%d wrap=%d: got 0x%08x flags 0x%02x, want "
               "0x%08x flags 0x%02x",
               mosaic_fmt_name((mosaic_fmt)from), mosaic_fmt_name((mosaic_fmt)to), bits,
               tb::rm_name(o.rm), o.sat, o.sub, o.wrap, (unsigned)dut->bits_o,
               (unsigned)dut->flags_o, want, want_flags);
}

// Narrow sources, exhaustively: patterns x 5 modes x 8 option combinations.
void exhaustive(unsigned from, bool *ok) {
    const unsigned width = mosaic_fmt_bits((mosaic_fmt)from);
    for (unsigned to = 0; to < MOSAIC_FMT_COUNT; to++) {
        tb::Case c(std::string("cvt_exhaustive_") + mosaic_fmt_name((mosaic_fmt)from) + "_to_" +
                   mosaic_fmt_name((mosaic_fmt)to));
        for (uint32_t bits = 0; bits < (1u << width); bits++)
            for (unsigned rm = 0; rm < 5; rm++)
                for (unsigned oi = 0; oi < 8; oi++)
                    check(c, from, to, bits, opts_from_index(rm, oi));
        *ok &= c.finish();
    }
}

// A 'len'-bit mantissa with a pattern that stresses rounding at some
// position: uniformly random, zero, all ones, or a tie / just above / just
// below a tie at a random bit.
uint32_t mantissa(tb::Rng &r, unsigned len) {
    const uint32_t mask = len >= 32 ? 0xFFFFFFFFu : (1u << len) - 1u;
    if (len == 0)
        return 0;
    const unsigned k = r.below(len);
    const uint32_t above = r.u32() & mask & ~((2u << k) - 1u);
    switch (r.below(7)) {
    case 0:
        return 0;
    case 1:
        return mask;
    case 2:
        return above | (1u << k); // exact tie at bit k
    case 3:
        return (above | (1u << k) | 1u) & mask; // just above
    case 4:
        return above | ((1u << k) - 1u); // just below
    default:
        return r.u32() & mask;
    }
}

// Biased exponents: where FP32 itself, the narrow floats and the integers
// have their overflow, subnormal and saturation boundaries.
unsigned biased_exp(tb::Rng &r) {
    static const int centres[] = {
        127,            // 1.0
        127 + 15, 127 - 14, 127 - 24, 127 - 25,            // FP16 max, min normal, min subnormal
        127 + 8, 127 - 6, 127 - 9, 127 - 10,               // E4M3
        127 + 15, 127 - 14, 127 - 16, 127 - 17,            // E5M2
        127 + 2, 127, 127 - 1, 127 - 2,                    // FP4
        127 + 7, 127 + 15, 127 + 31, 127 + 30, 127 + 32,   // INT8/16/32 limits
        127 + 62, 127 + 63,                                // wrap: low bits vanish
        254, 1, 0, 255,                                    // FP32 / BF16 / TF32 range ends
    };
    switch (r.below(6)) {
    case 0:
        return r.below(256);
    default: {
        int e = centres[r.below(sizeof centres / sizeof centres[0])] + (int)r.below(7) - 3;
        return e < 0 ? 0 : e > 255 ? 255 : (unsigned)e;
    }
    }
}

uint32_t gen_f32(tb::Rng &r) {
    uint32_t sign = r.u32() & 1u;
    return (sign << 31) | (biased_exp(r) << 23) | mantissa(r, 23);
}

uint32_t gen_i32(tb::Rng &r) {
    static const uint32_t edges[] = {0u, 1u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                                     0x7Fu, 0x80u, 0xFFFFFF80u, 0xFFFFFF7Fu, 0x7FFFu,
                                     0x8000u, 0xFFFF8000u, 0xFFFF7FFFu, 0x01000001u,
                                     0xFEFFFFFFu, 0x0000FFF0u, 0x0000FFEFu};
    if (r.chance(5))
        return edges[r.below(sizeof edges / sizeof edges[0])];
    const unsigned top = r.below(32); // leading one position
    uint32_t mag = (1u << top) | mantissa(r, top);
    return (r.u32() & 1u) ? 0u - mag : mag;
}

Opts random_opts(tb::Rng &r) {
    return opts_from_index(r.below(5), r.below(8));
}

void random_case(const char *name, unsigned from, uint64_t n, tb::Rng &r, bool *ok) {
    tb::Case c(name);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t bits;
        if (from == MOSAIC_FMT_INT32)
            bits = gen_i32(r);
        else if (from == MOSAIC_FMT_TF32)
            bits = gen_f32(r) ^ (r.u32() & 0x1FFFu); // low 13 bits must be ignored
        else
            bits = gen_f32(r);
        check(c, from, (unsigned)(i % MOSAIC_FMT_COUNT), bits, random_opts(r));
    }
    *ok &= c.finish();
}

// Every FP32 exponent x both signs x mantissas that tie, or sit one unit
// either side of a tie, at every bit position, into every target under every
// mode and option combination.
void structured_f32(bool *ok) {
    tb::Case c("cvt_structured_fp32");
    uint32_t mants[160];
    unsigned nm = 0;
    mants[nm++] = 0;
    mants[nm++] = 1;
    mants[nm++] = 0x7FFFFFu;
    for (unsigned k = 0; k < 23; k++) {
        const uint32_t bit = 1u << k, below = bit - 1u, ones_above = 0x7FFFFFu & ~((bit << 1) - 1u);
        mants[nm++] = bit;
        mants[nm++] = bit | below;
        mants[nm++] = ones_above | bit;
        mants[nm++] = ones_above | below;
        mants[nm++] = ones_above | bit | (k ? 1u : 0u);
        mants[nm++] = (0x2AAAAAu & ~((bit << 1) - 1u)) | bit;
    }
    for (unsigned e = 0; e < 256; e++)
        for (unsigned s = 0; s < 2; s++)
            for (unsigned m = 0; m < nm; m++) {
                const uint32_t bits = (s << 31) | (e << 23) | mants[m];
                for (unsigned to = 0; to < MOSAIC_FMT_COUNT; to++)
                    for (unsigned rm = 0; rm < 5; rm++)
                        for (unsigned oi = 0; oi < 8; oi++)
                            check(c, MOSAIC_FMT_FP32, to, bits, opts_from_index(rm, oi));
            }
    *ok &= c.finish();
}

// Narrow sources with garbage above their width: it must be ignored.
void high_bits(tb::Rng &r, uint64_t n, bool *ok) {
    static const unsigned narrow[] = {MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_E4M3,
                                      MOSAIC_FMT_E5M2, MOSAIC_FMT_INT8, MOSAIC_FMT_FP4,
                                      MOSAIC_FMT_INT16};
    tb::Case c("cvt_high_source_bits_ignored");
    for (uint64_t i = 0; i < n; i++)
        check(c, narrow[r.below(7)], r.below(MOSAIC_FMT_COUNT), r.u32(), random_opts(r));
    *ok &= c.finish();
}

// Codes 10..15 on either side give 0 and no flags; reserved rounding modes
// 5..7 (which trap at issue and never reach a converter) still match the
// golden model, which truncates for them.
void odd_inputs(tb::Rng &r, uint64_t n, bool *ok) {
    tb::Case ci("cvt_invalid_format_codes");
    for (uint64_t i = 0; i < n; i++) {
        unsigned from = r.below(16), to = r.below(16);
        if (from < MOSAIC_FMT_COUNT && to < MOSAIC_FMT_COUNT)
            to = MOSAIC_FMT_COUNT + r.below(6);
        check(ci, from, to, r.chance(50) ? gen_f32(r) : r.u32(), random_opts(r));
    }
    *ok &= ci.finish();
    tb::Case cr("cvt_reserved_rounding_modes");
    for (uint64_t i = 0; i < n; i++) {
        Opts o = random_opts(r);
        o.rm = 5 + r.below(3);
        const unsigned from = r.below(MOSAIC_FMT_COUNT);
        check(cr, from, r.below(MOSAIC_FMT_COUNT),
              from == MOSAIC_FMT_INT32 ? gen_i32(r) : r.chance(70) ? gen_f32(r) : r.u32(), o);
    }
    *ok &= cr.finish();
}

// The copy of this harness built against the RTL with MOSAIC_INJECT_BUG must
// report at least one FAIL line and exit non-zero.
void mutant(const char *argv0, bool *ok) {
    *ok &= tb::check_mutant(argv0, "test_rtl_cvt_mutant", "cvt_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull; // "Mosaic"
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_fmt_cvt top{&ctx};
    dut = &top;
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    for (unsigned f : {MOSAIC_FMT_FP4, MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_INT8})
        exhaustive(f, &ok);
    if (!quick) {
        for (unsigned f : {MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_INT16})
            exhaustive(f, &ok);
        structured_f32(&ok);
    }
    const uint64_t n = quick ? 100000 : 2000000;
    random_case("cvt_random_fp32", MOSAIC_FMT_FP32, n, rng, &ok);
    random_case("cvt_random_int32", MOSAIC_FMT_INT32, n, rng, &ok);
    random_case("cvt_random_tf32", MOSAIC_FMT_TF32, n / 4, rng, &ok);
    high_bits(rng, n / 4, &ok);
    odd_inputs(rng, n / 20, &ok);
    if (!quick)
        mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_cvt: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
