// Module test: rtl/tu/mosaic_tu_vec.sv (16 lanes of rtl/tu/mosaic_tu_vec_lane.sv)
// against the golden model.
//
// Element sweep: every op (add sub mul max min, tscale, cvt) x every legal
// (A, B, D) format combination (float domain: 7^3; integer domain: 3^3;
// tscale: D = A = any format, B = the FP32 / INT32 scalar; cvt: 10 x 10) x
// every rounding mode x every (fp8_sat, subnormals) combination, with
// --rows rows of 16 random element pairs each (125 rows, 2,000 pairs; 40,
// 640 pairs, under MOSAIC_TIER=test; biased to specials, format edges, ties
// and cancellation). Expected bits and all six
// flags per element come from the numerics functions sw/golden/minat_elem.c
// uses (mosaic_to_f32, mosaic_f32_add/sub/mul/max/min, mosaic_convert,
// mosaic_int_value, mosaic_int_to_fmt), in the same order.
//
// Instruction cross-check: for every instruction the unit serves (tadd tsub
// tmul tmax tmin tbsub tbmul tscale tcvt), every format combination, rounding
// mode and option pair, one whole 16x16 tile goes through mosaic_tu_exec
// (the golden instruction, tags and mcsr) and, row by row, through the RTL
// with the operand mapping of rtl/tu/mosaic_tu_vec_lane.sv (broadcast B[r][0] for
// tbsub/tbmul, tscale as mul by the scalar); the 256 result elements and
// mcsr.msat (the OR of the rows' sat_o) must match.
//
// Handshake: a random stream with random valid_i / ready_i stalls must come
// out complete, in order and unchanged.
//
// Finally the harness runs a copy of itself built with MOSAIC_INJECT_VEC_BUG
// (float sub forgets to negate B under RUP) and checks that it fails.
//
// Usage: test_rtl_vec [--quick] [--seed N] [--rows N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <unistd.h>

#include "Vtb_vec.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_tu.h"
}

namespace {

constexpr unsigned kLanes = 16;
enum { OpAdd = 0, OpSub = 1, OpMul = 2, OpMax = 3, OpMin = 4, OpCvt = 5 };
const char *const kOpName[] = {"add", "sub", "mul", "max", "min", "cvt"};

Vtb_vec *dut;
VerilatedContext *ctx;

const unsigned kFloatFmts[] = {MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_E4M3,
                               MOSAIC_FMT_E5M2, MOSAIC_FMT_FP4,  MOSAIC_FMT_TF32};
const unsigned kIntFmts[] = {MOSAIC_FMT_INT8, MOSAIC_FMT_INT16, MOSAIC_FMT_INT32};

struct Cfg {
    unsigned op, fa, fb, fd, rm;
    bool sat, sub;
};

struct Row {
    uint32_t a[kLanes], b[kLanes];
};

struct Out {
    uint32_t d[kLanes];
    unsigned flags[kLanes];
    bool sat;
};

const char *fn(unsigned f) { return mosaic_fmt_name((mosaic_fmt)f); }

void drive(const Cfg &c, const Row &r) {
    dut->op_i = c.op;
    dut->a_fmt_i = c.fa;
    dut->b_fmt_i = c.fb;
    dut->d_fmt_i = c.fd;
    dut->rm_i = c.rm;
    dut->fp8_sat_i = c.sat;
    dut->subnormals_i = c.sub;
    for (unsigned e = 0; e < kLanes; e++) {
        dut->a_i[e] = r.a[e];
        dut->b_i[e] = r.b[e];
    }
}

template <typename D, typename F>
Out unpack(const D &d, const F &flags, bool sat) {
    Out o;
    for (unsigned e = 0; e < kLanes; e++) {
        o.d[e] = d[e];
        const unsigned bit = 6 * e;
        uint64_t w = flags[bit / 32];
        if (bit % 32 > 26)
            w |= (uint64_t)flags[bit / 32 + 1] << 32;
        o.flags[e] = (unsigned)(w >> (bit % 32)) & 0x3Fu;
    }
    o.sat = sat;
    return o;
}

// The registered unit (u_pipe) and the combinational one (u_comb).
Out read_pipe() { return unpack(dut->d_o, dut->flags_o, dut->sat_o); }

// One row through the combinational unit: one eval, no clock.
Out run_row(const Cfg &c, const Row &r) {
    drive(c, r);
    dut->eval();
    return unpack(dut->c_d_o, dut->c_flags_o, dut->c_sat_o);
}

mosaic_cvt_opts opts_of(const Cfg &c) {
    mosaic_cvt_opts o;
    o.rm = (mosaic_rm)c.rm;
    o.fp8_sat = c.sat;
    o.subnormals = c.sub;
    o.int_wrap = false;
    return o;
}

// Golden element, in minat_elem.c's order of steps. tscale: B is the FP32
// scalar, used as is (not widened), as minat_tscale does.
uint32_t golden(const Cfg &c, bool tscale, uint32_t a, uint32_t b, unsigned *flags) {
    const mosaic_cvt_opts o = opts_of(c);
    const mosaic_fmt fa = (mosaic_fmt)c.fa, fb = (mosaic_fmt)c.fb, fd = (mosaic_fmt)c.fd;
    if (c.op == OpCvt)
        return mosaic_convert(fa, fd, a, &o, flags);
    if (mosaic_fmt_is_float(fd)) {
        const uint32_t x = mosaic_to_f32(fa, a, &o, flags);
        const uint32_t y = tscale ? b : mosaic_to_f32(fb, b, &o, flags);
        uint32_t r;
        switch (c.op) {
        case OpAdd: r = mosaic_f32_add(x, y, o.rm, flags); break;
        case OpSub: r = mosaic_f32_sub(x, y, o.rm, flags); break;
        case OpMul: r = mosaic_f32_mul(x, y, o.rm, flags); break;
        case OpMax: r = mosaic_f32_max(x, y); break;
        default: r = mosaic_f32_min(x, y); break;
        }
        return mosaic_convert(MOSAIC_FMT_FP32, fd, r, &o, flags);
    }
    const int64_t x = mosaic_int_value(fa, a);
    const int64_t y = tscale ? (int64_t)(int32_t)b : mosaic_int_value(fb, b);
    int64_t r;
    switch (c.op) {
    case OpAdd: r = x + y; break;
    case OpSub: r = x - y; break;
    case OpMul: r = x * y; break;
    case OpMax: r = x > y ? x : y; break;
    default: r = x < y ? x : y; break;
    }
    return mosaic_int_to_fmt(fd, r, false, flags);
}

// ---------------------------------------------------------------------------
// Operand generators
// ---------------------------------------------------------------------------

uint32_t mantissa(tb::Rng &r, unsigned len) {
    if (len == 0)
        return 0;
    const uint32_t mask = (1u << len) - 1u;
    const unsigned k = r.below(len);
    const uint32_t above = r.u32() & mask & ~((2u << k) - 1u);
    switch (r.below(7)) {
    case 0: return 0;
    case 1: return mask;
    case 2: return above | (1u << k);
    case 3: return (above | (1u << k) | 1u) & mask;
    case 4: return above | ((1u << k) - 1u);
    default: return r.u32() & mask;
    }
}

// FP32 exponents where the narrow formats and the integers have edges.
unsigned biased_exp(tb::Rng &r) {
    static const int centres[] = {127, 142, 113, 103, 102, 135, 121, 118, 117, 111, 110,
                                  129, 126, 125, 134, 158, 157, 159, 254, 1, 0, 255, 140, 114};
    if (r.chance(20))
        return r.below(256);
    int e = centres[r.below(sizeof centres / sizeof centres[0])] + (int)r.below(7) - 3;
    return e < 0 ? 0 : e > 255 ? 255 : (unsigned)e;
}

uint32_t gen_int(tb::Rng &r, unsigned w) {
    const uint32_t mask = w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
    const uint32_t hi = (1u << (w - 1)) - 1u;
    switch (r.below(6)) {
    case 0: {
        const uint32_t edges[] = {0u, 1u, mask, hi, hi + 1u, hi + 2u, hi - 1u, 2u, mask - 1u};
        return edges[r.below(9)] & mask;
    }
    case 1: return r.u32() & mask;
    default: {
        const unsigned top = r.below(w);
        const uint32_t mag = (1u << top) | mantissa(r, top);
        return (r.u32() & 1u ? 0u - mag : mag) & mask;
    }
    }
}

// A random pattern of format f, biased to its edges.
uint32_t gen(tb::Rng &r, unsigned f) {
    switch (f) {
    case MOSAIC_FMT_FP32:
    case MOSAIC_FMT_TF32:
        return ((r.u32() & 1u) << 31) | (biased_exp(r) << 23) | mantissa(r, 23);
    case MOSAIC_FMT_FP16:
    case MOSAIC_FMT_BF16: {
        const unsigned eb = f == MOSAIC_FMT_FP16 ? 5 : 8, mb = 15 - eb;
        const unsigned emax = (1u << eb) - 1u;
        unsigned e;
        switch (r.below(5)) {
        case 0: e = 0; break;
        case 1: e = emax - r.below(3); break;
        case 2: e = 1 + r.below(3); break;
        default: e = r.below(emax + 1); break;
        }
        return ((r.u32() & 1u) << 15) | (e << mb) | mantissa(r, mb);
    }
    case MOSAIC_FMT_E4M3:
    case MOSAIC_FMT_E5M2: return r.u32() & 0xFFu;
    case MOSAIC_FMT_FP4: return r.u32() & 0xFu;
    case MOSAIC_FMT_INT8: return gen_int(r, 8);
    case MOSAIC_FMT_INT16: return gen_int(r, 16);
    default: return gen_int(r, 32);
    }
}

// B, sometimes close to A (equal, negated, one unit away, A converted):
// cancellation, exact zeros, ties between the two operands.
uint32_t gen_b(tb::Rng &r, unsigned fa, uint32_t a, unsigned fb) {
    if (!r.chance(30))
        return gen(r, fb);
    const unsigned w = mosaic_fmt_bits((mosaic_fmt)fb);
    const uint32_t mask = w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
    uint32_t b = a;
    if (fa != fb) {
        mosaic_cvt_opts o = mosaic_cvt_default();
        unsigned fl = 0;
        b = mosaic_convert((mosaic_fmt)fa, (mosaic_fmt)fb, a, &o, &fl);
    }
    const uint32_t lsb = fb == MOSAIC_FMT_TF32 ? 1u << 13 : 1u;
    switch (r.below(5)) {
    case 0: break;
    case 1: b ^= mosaic_fmt_is_int((mosaic_fmt)fb) ? mask : 1u << (w - 1); break;
    case 2: b += lsb; break;
    case 3: b -= lsb; break;
    default: b = (mosaic_fmt_is_int((mosaic_fmt)fb) ? 0u - b : b ^ (1u << (w - 1))) + lsb; break;
    }
    return b & mask;
}

// ---------------------------------------------------------------------------
// Element sweep
// ---------------------------------------------------------------------------

struct Sweep {
    tb::Case c;
    unsigned rows;
    explicit Sweep(const std::string &n, unsigned rows) : c(n), rows(rows) {}

    void config(tb::Rng &rng, const Cfg &cfg, bool tscale) {
        Row row;
        for (unsigned n = 0; n < rows; n++) {
            for (unsigned e = 0; e < kLanes; e++) {
                row.a[e] = gen(rng, cfg.fa);
                row.b[e] = cfg.op == OpCvt ? rng.u32() : gen_b(rng, cfg.fa, row.a[e], cfg.fb);
            }
            const Out o = run_row(cfg, row);
            bool want_sat = false;
            for (unsigned e = 0; e < kLanes; e++) {
                unsigned wf = 0;
                const uint32_t want = golden(cfg, tscale, row.a[e], row.b[e], &wf);
                want_sat |= (wf & MOSAIC_FLAG_SAT) != 0;
                c.vector();
                if (o.d[e] != want || o.flags[e] != wf)
                    c.fail("%s%s %s,%s->%s rm=%s sat=%d sub=%d a=0x%08x b=0x%08x: got 0x%08x "
                           "flags 0x%02x, want 0x%08x flags 0x%02x",
                           tscale ? "tscale/" : "", kOpName[cfg.op], fn(cfg.fa), fn(cfg.fb),
                           fn(cfg.fd), tb::rm_name(cfg.rm), cfg.sat, cfg.sub, row.a[e], row.b[e],
                           o.d[e], o.flags[e], want, wf);
            }
            if (o.sat != want_sat)
                c.fail("%s %s,%s->%s: sat_o %d, want %d", kOpName[cfg.op], fn(cfg.fa), fn(cfg.fb),
                       fn(cfg.fd), o.sat, want_sat);
        }
    }

    // Every rounding mode x option pair for one op and format triple.
    void all_modes(tb::Rng &rng, unsigned op, unsigned fa, unsigned fb, unsigned fd, bool tscale) {
        for (unsigned rm = 0; rm < 5; rm++)
            for (unsigned oi = 0; oi < 4; oi++)
                config(rng, Cfg{op, fa, fb, fd, rm, (oi & 1) != 0, (oi & 2) != 0}, tscale);
    }
};

void element_sweep(tb::Rng &rng, unsigned rows, bool *ok) {
    for (unsigned op = OpAdd; op <= OpMin; op++) {
        Sweep f(std::string("vec_float_") + kOpName[op], rows);
        for (unsigned fa : kFloatFmts)
            for (unsigned fb : kFloatFmts)
                for (unsigned fd : kFloatFmts)
                    f.all_modes(rng, op, fa, fb, fd, false);
        *ok &= f.c.finish();
        Sweep i(std::string("vec_int_") + kOpName[op], rows);
        for (unsigned fa : kIntFmts)
            for (unsigned fb : kIntFmts)
                for (unsigned fd : kIntFmts)
                    i.all_modes(rng, op, fa, fb, fd, false);
        *ok &= i.c.finish();
    }
    Sweep s("vec_tscale", rows);
    for (unsigned f : kFloatFmts)
        s.all_modes(rng, OpMul, f, MOSAIC_FMT_FP32, f, true);
    for (unsigned f : kIntFmts)
        s.all_modes(rng, OpMul, f, MOSAIC_FMT_INT32, f, true);
    *ok &= s.c.finish();
    Sweep v("vec_cvt", rows);
    for (unsigned fa = 0; fa < MOSAIC_FMT_COUNT; fa++)
        for (unsigned fd = 0; fd < MOSAIC_FMT_COUNT; fd++)
            v.all_modes(rng, OpCvt, fa, MOSAIC_FMT_FP32, fd, false);
    *ok &= v.c.finish();
}

// ---------------------------------------------------------------------------
// Whole instructions through mosaic_tu_exec
// ---------------------------------------------------------------------------

bool no_mem_ok(void *, uint32_t, uint32_t, bool) { return false; }
bool no_mem_rw(void *, uint32_t, void *, uint32_t) { return true; }
bool no_mem_w(void *, uint32_t, const void *, uint32_t) { return true; }

enum Insn { TAdd, TSub, TMul, TMax, TMin, TBsub, TBmul, TScale, TCvt, NInsn };
const char *const kInsnName[] = {"tadd", "tsub", "tmul", "tmax", "tmin",
                                 "tbsub", "tbmul", "tscale", "tcvt"};

struct InsnRunner {
    tb::Case c;
    mosaic_tu tu;
    mosaic_mem_if mem{nullptr, no_mem_ok, no_mem_rw, no_mem_w};
    explicit InsnRunner(const std::string &n) : c(n) {}

    // D = tr1, A = tr2, B = tr3; rs1 value = scalar.
    void one(tb::Rng &rng, Insn insn, unsigned fa, unsigned fb, unsigned fd, unsigned rm, bool sat,
             bool sub) {
        mosaic_tu_config cfg = mosaic_tu_config_default();
        mosaic_tu_reset(&tu, &cfg);
        const unsigned D = 1, A = insn == TScale ? 1 : 2, B = 3;
        tu.tag[A] = (uint8_t)fa;
        tu.tag[B] = (uint8_t)fb;
        tu.tag[D] = (uint8_t)(insn == TCvt ? rng.below(MOSAIC_FMT_COUNT) : fd);
        tu.mcsr = (rm << MOSAIC_MCSR_MFRM_SHIFT) | (sat ? MOSAIC_MCSR_MFP8SAT : 0u) |
                  (sub ? MOSAIC_MCSR_MFP8SUB : 0u);
        uint32_t av[256], bv[256];
        for (unsigned i = 0; i < 256; i++) {
            av[i] = gen(rng, fa);
            bv[i] = gen_b(rng, fa, av[i], fb);
            mosaic_tile_set(&tu, A, (mosaic_fmt)fa, i, av[i]);
            mosaic_tile_set(&tu, B, (mosaic_fmt)fb, i, bv[i]);
            av[i] = mosaic_tile_get(&tu, A, (mosaic_fmt)fa, i);
            bv[i] = mosaic_tile_get(&tu, B, (mosaic_fmt)fb, i);
        }
        const bool int_dom = mosaic_fmt_is_int((mosaic_fmt)fd);
        uint32_t scalar = int_dom ? gen(rng, MOSAIC_FMT_INT32) : gen(rng, MOSAIC_FMT_FP32);
        uint32_t word;
        static const unsigned f7[] = {0, 2, 3, 4, 5, 8, 9};
        if (insn == TScale)
            word = (6u << 12) | (D << 7) | (5u << 15) | 0x5Bu;
        else if (insn == TCvt)
            word = (fd << 20) | (A << 15) | (3u << 12) | (D << 7) | 0x5Bu;
        else
            word = (f7[insn] << 25) | (B << 20) | (A << 15) | (7u << 12) | (D << 7) | 0x5Bu;
        mosaic_tu_result res = mosaic_tu_exec(&tu, &mem, word, scalar, 0, 0);
        const std::string what = std::string(kInsnName[insn]) + " " + fn(fa) + "," + fn(fb) +
                                 "->" + fn(fd) + " rm=" + tb::rm_name(rm) +
                                 " sat=" + std::to_string(sat) + " sub=" + std::to_string(sub);
        if (res.trap) {
            c.vector();
            c.fail("%s: golden trapped (cause %u)", what.c_str(), res.cause);
            return;
        }
        static const unsigned op_of[] = {OpAdd, OpSub, OpMul, OpMax, OpMin, OpSub, OpMul, OpMul, OpCvt};
        Cfg cf{op_of[insn], fa, fb, fd, rm, sat, sub};
        if (insn == TScale)
            cf.fb = int_dom ? MOSAIC_FMT_INT32 : MOSAIC_FMT_FP32;
        bool sat_any = false;
        for (unsigned r = 0; r < 16; r++) {
            Row row;
            for (unsigned j = 0; j < kLanes; j++) {
                row.a[j] = av[16 * r + j];
                row.b[j] = insn == TScale                     ? scalar
                           : (insn == TBsub || insn == TBmul) ? bv[16 * r]
                                                              : bv[16 * r + j];
            }
            const Out o = run_row(cf, row);
            sat_any |= o.sat;
            for (unsigned j = 0; j < kLanes; j++) {
                const uint32_t want = mosaic_tile_get(&tu, D, (mosaic_fmt)fd, 16 * r + j);
                c.vector();
                if (o.d[j] != want)
                    c.fail("%s (%u,%u) a=0x%08x b=0x%08x: got 0x%08x want 0x%08x", what.c_str(), r,
                           j, row.a[j], row.b[j], o.d[j], want);
            }
        }
        const bool msat = (tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
        if (msat != sat_any)
            c.fail("%s: RTL sat %d, golden mcsr.msat %d", what.c_str(), sat_any, msat);
    }

    // 'tiles' tiles, each under a random rounding mode and option pair.
    void modes(tb::Rng &rng, Insn insn, unsigned fa, unsigned fb, unsigned fd) {
        for (unsigned t = 0; t < tiles; t++)
            one(rng, insn, fa, fb, fd, rng.below(5), rng.chance(50), rng.chance(50));
    }
    unsigned tiles = 1;
};

void insn_sweep(tb::Rng &rng, bool quick, bool *ok) {
    for (unsigned insn = TAdd; insn < NInsn; insn++) {
        InsnRunner ir(std::string("vec_insn_") + kInsnName[insn]);
        ir.tiles = quick ? 1 : 4;
        if (insn == TScale) {
            for (unsigned f : kFloatFmts)
                ir.modes(rng, (Insn)insn, f, f, f);
            for (unsigned f : kIntFmts)
                ir.modes(rng, (Insn)insn, f, f, f);
        } else if (insn == TCvt) {
            for (unsigned fa = 0; fa < MOSAIC_FMT_COUNT; fa++)
                for (unsigned fd = 0; fd < MOSAIC_FMT_COUNT; fd++)
                    ir.modes(rng, (Insn)insn, fa, fa, fd);
        } else {
            for (const auto &dom : {std::begin(kFloatFmts), std::begin(kIntFmts)}) {
                const unsigned n = dom == std::begin(kFloatFmts) ? 7 : 3;
                for (unsigned x = 0; x < n; x++)
                    for (unsigned y = 0; y < n; y++)
                        for (unsigned z = 0; z < n; z++) {
                            ir.modes(rng, (Insn)insn, dom[x], dom[y], dom[z]);
                        }
            }
        }
        *ok &= ir.c.finish();
    }
}

// ---------------------------------------------------------------------------
// Handshake: random valid/ready stalls, results in order
// ---------------------------------------------------------------------------

void handshake(tb::Rng &rng, unsigned nrows, bool *ok) {
    tb::Case c("vec_handshake_stalls");
    struct Pending {
        Cfg cfg;
        Row row;
    };
    std::deque<Pending> expect;
    dut->valid_i = 0;
    dut->clk_i = 1;
    dut->rst_ni = 0; // reset empties the output register
    dut->eval();
    dut->rst_ni = 1;
    dut->eval();
    unsigned sent = 0, got = 0;
    Pending cur;
    bool have = false;
    for (unsigned cyc = 0; got < nrows && cyc < nrows * 20; cyc++) {
        if (!have && sent < nrows) {
            const unsigned op = rng.below(6);
            const bool fl = rng.chance(70);
            const unsigned *set = fl ? kFloatFmts : kIntFmts;
            const unsigned n = fl ? 7 : 3;
            cur.cfg = Cfg{op, set[rng.below(n)], set[rng.below(n)], set[rng.below(n)], rng.below(5),
                          rng.chance(50), rng.chance(50)};
            for (unsigned e = 0; e < kLanes; e++) {
                cur.row.a[e] = gen(rng, cur.cfg.fa);
                cur.row.b[e] = gen_b(rng, cur.cfg.fa, cur.row.a[e], cur.cfg.fb);
            }
            have = true;
        }
        const bool valid = have && rng.chance(60);
        const bool ready = rng.chance(60);
        if (valid)
            drive(cur.cfg, cur.row);
        else
            drive(Cfg{0, 0, 0, 0, 0, false, false}, Row{}); // garbage while idle
        dut->valid_i = valid;
        dut->ready_i = ready;
        dut->clk_i = 0;
        dut->eval();
        const bool in_fire = valid && dut->ready_o;
        const bool out_fire = dut->valid_o && ready;
        if (out_fire) {
            const Out o = read_pipe();
            c.vector();
            if (expect.empty()) {
                c.fail("cycle %u: output row with nothing outstanding", cyc);
            } else {
                const Pending &p = expect.front();
                for (unsigned e = 0; e < kLanes; e++) {
                    unsigned wf = 0;
                    const uint32_t want = golden(p.cfg, false, p.row.a[e], p.row.b[e], &wf);
                    if (o.d[e] != want || o.flags[e] != wf) {
                        c.fail("cycle %u row %u lane %u: got 0x%08x/0x%02x want 0x%08x/0x%02x",
                               cyc, got, e, o.d[e], o.flags[e], want, wf);
                        break;
                    }
                }
                expect.pop_front();
            }
            got++;
        }
        if (in_fire) {
            expect.push_back(cur);
            sent++;
            have = false;
        }
        dut->clk_i = 1;
        dut->eval();
        if (expect.size() > 1)
            c.fail("cycle %u: %zu rows buffered, the unit holds one", cyc, expect.size());
    }
    if (got != nrows)
        c.fail("%u of %u rows came out", got, nrows);
    *ok &= c.finish();
}

void mutant(const char *argv0, bool *ok) {
    *ok &= tb::check_mutant(argv0, "test_rtl_vec_mutant", "vec_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull;
    // 2,000 element pairs per configuration; make test (MOSAIC_TIER=test)
    // 640, a third of the element sweep's time: every configuration is
    // still drawn, and make regress draws them all.
    unsigned rows = tb::test_tier() ? 40 : 125;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--quick"))
            quick = true;
        else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = std::strtoull(argv[++i], nullptr, 0);
        else if (!std::strcmp(argv[i], "--rows") && i + 1 < argc)
            rows = (unsigned)std::strtoul(argv[++i], nullptr, 0);
    }
    if (quick)
        rows = 2;
    VerilatedContext vctx;
    ctx = &vctx;
    Vtb_vec top{&vctx};
    dut = &top;
    tb::Rng rng(seed);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    dut->rst_ni = 0;
    dut->clk_i = 0;
    dut->eval();
    dut->rst_ni = 1;
    dut->eval();

    element_sweep(rng, rows, &ok);
    insn_sweep(rng, quick, &ok);
    handshake(rng, quick ? 500 : 20000, &ok);
    if (!quick)
        mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_vec: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    top.final();
    return ok ? 0 : 1;
}
