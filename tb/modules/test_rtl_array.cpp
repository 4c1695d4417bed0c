// Module test: rtl/tu/mosaic_tu_array.sv + rtl/tu/mosaic_tu_pe.sv (the tmma MAC array)
// against the golden model, built for one array size (PE_ROWS x PE_COLS,
// tb/modules.mk makes 4x4, 8x8 and 16x16, 4x4 with PE_FOLD = PE_ROWFOLD = 4:
// one FMA, a k-step in 16 cycles, the FPGA configuration's array, and 4x4
// with both folds 2: 2x2 FMAs, a k-step in 4 cycles).
//
// The harness plays the tensor unit's feeder: it widens operands with the
// golden mosaic_to_f32 / mosaic_int_value (the format converter's job at the
// array edge), applies the tmma/mmacc operand mode by indexing (the feeder's
// staging buffers do the transposes), and splits each 16x16x16 tile op into
// (16/PE_ROWS) x (16/PE_COLS) block ops of mtilek k-steps. D rows are written
// into the staging registers one row per cycle while the previous block
// streams; results are read out one row per cycle while the next block
// streams. On a 16x16 array, chained ops (D FP32/INT32) continue from the
// accumulators without load or drain.
//
// Expected values: per element acc = D widened to FP32, then mosaic_f32_fma
// for k = 0..mtilek-1 in order under the op's rounding mode (float), or the
// exact int64 sum clamped with mosaic_int_to_fmt(INT32, ...) (integer): the
// golden mosaic_mma_tile computation with an FP32 / INT32 D (a narrower D is
// converted by the unit after read-out). Every accumulator and the op's
// flags are compared bit-exactly.
//
// Usage: test_rtl_array<N> [--quick] [--seed N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <unistd.h>
#include <vector>

#include "Vmosaic_tu_array.h"
#include "tb_check.h"
#include "verilated.h"

#ifndef PE_ROWS
#define PE_ROWS 4
#endif
#ifndef PE_COLS
#define PE_COLS PE_ROWS
#endif
#ifndef PE_FOLD
#define PE_FOLD 1
#endif
#ifndef PE_ROWFOLD
#define PE_ROWFOLD 1
#endif

namespace {

constexpr unsigned T = 16;           // tile edge
constexpr unsigned E = T * T;        // elements per tile
constexpr unsigned BR = T / PE_ROWS; // output blocks down
constexpr unsigned BC = T / PE_COLS; // output blocks across

const mosaic_fmt kFloatFmts[] = {MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, MOSAIC_FMT_BF16,
                                 MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_FP4,
                                 MOSAIC_FMT_TF32};

// One tile operation (tmma / mmacc sub-operation) as the array sees it.
struct TileOp {
    bool is_int = false;
    bool wrap = false;
    bool chained = false; // continue from the previous op's accumulators
    mosaic_fmt afmt = MOSAIC_FMT_FP32, bfmt = MOSAIC_FMT_FP32, dfmt = MOSAIC_FMT_FP32;
    unsigned mode = 0, m = T, k = T, n = T, rm = 0;
    uint32_t a[E], b[E];       // widened operands (FP32 bits / sign-extended ints)
    uint32_t d[E];             // widened D (ignored when chained)
    uint32_t want[E];          // expected accumulator
    unsigned want_flags[E];    // expected flags per element
    tb::Case *c = nullptr;
};

// One block op: an output block of one tile op.
struct Job {
    unsigned op, bi, bj;
    bool load;
    int first_cycle = -1, last_cycle = -1;
};

uint32_t a_at(const TileOp &o, unsigned i, unsigned kk) {
    return o.a[(o.mode & 2u) ? kk * T + i : i * T + kk];
}
uint32_t b_at(const TileOp &o, unsigned kk, unsigned j) {
    return o.b[(o.mode & 1u) ? j * T + kk : kk * T + j];
}

// Golden expected result; prev = the previous op's result for chained ops.
void expect(TileOp &o, const uint32_t *prev) {
    const uint32_t *d = o.chained ? prev : o.d;
    for (unsigned i = 0; i < T; i++) {
        for (unsigned j = 0; j < T; j++) {
            const unsigned e = i * T + j;
            unsigned f = 0;
            uint32_t acc = d[e];
            if (i < o.m && j < o.n && o.k > 0) {
                if (o.is_int) {
                    int64_t s = (int32_t)acc;
                    for (unsigned kk = 0; kk < o.k; kk++)
                        s += (int64_t)(int32_t)a_at(o, i, kk) * (int32_t)b_at(o, kk, j);
                    acc = mosaic_int_to_fmt(MOSAIC_FMT_INT32, s, o.wrap, &f);
                } else {
                    for (unsigned kk = 0; kk < o.k; kk++)
                        acc = mosaic_f32_fma(a_at(o, i, kk), b_at(o, kk, j), acc,
                                             (mosaic_rm)o.rm, &f);
                }
            }
            o.want[e] = acc;
            o.want_flags[e] = f;
        }
    }
}

// A value of a format: mostly moderate magnitudes (so long sums stay
// interesting), some raw bit patterns (specials, extremes, subnormals).
uint32_t gen_elem(tb::Rng &r, mosaic_fmt f, int spread) {
    const mosaic_cvt_opts o = mosaic_cvt_default();
    if (mosaic_fmt_is_int(f)) {
        const uint32_t raw = r.u32() & mosaic_fmt_mask(f);
        return raw;
    }
    if (r.chance(25))
        return r.u32() & mosaic_fmt_mask(f);
    const uint32_t e = 127 + (int)r.below(2 * spread + 1) - spread;
    const uint32_t v = (r.u32() & 0x807FFFFFu) | (e << 23);
    return mosaic_convert(MOSAIC_FMT_FP32, f, v, &o, nullptr);
}

uint32_t widen(mosaic_fmt f, uint32_t bits) {
    const mosaic_cvt_opts o = mosaic_cvt_default();
    if (mosaic_fmt_is_int(f))
        return (uint32_t)mosaic_int_value(f, bits);
    return mosaic_to_f32(f, bits, &o, nullptr);
}

// Fill an op's operands from random tiles of its formats.
void fill(TileOp &o, tb::Rng &r, int spread = 6) {
    for (unsigned e = 0; e < E; e++) {
        o.a[e] = widen(o.afmt, gen_elem(r, o.afmt, spread));
        o.b[e] = widen(o.bfmt, gen_elem(r, o.bfmt, spread));
        o.d[e] = widen(o.dfmt, gen_elem(r, o.dfmt, spread + 4));
    }
}

struct Stats {
    uint64_t cycles = 0;
    std::vector<int> last_cycles; // per tile op: cycle its last step was accepted
};

class Driver {
  public:
    explicit Driver(Vmosaic_tu_array *dut, tb::Rng *rng) : dut_(dut), rng_(rng) {
        dut_->clk_i = 0;
        dut_->rst_ni = 0;
        clear_inputs();
        dut_->eval();
        tick();
        tick();
        dut_->rst_ni = 1;
        dut_->eval();
    }

    uint64_t cycle() const { return cycle_; }

    // Run a sequence of tile ops (op i chained onto op i-1 if ops[i].chained)
    // through the array; bubbles adds random idle cycles on every port.
    Stats run(std::vector<TileOp> &ops, bool bubbles) {
        // Expected values, op after op.
        for (size_t i = 0; i < ops.size(); i++)
            expect(ops[i], i ? ops[i - 1].want : nullptr);
        // Block jobs. Ops with k = 0 change nothing and are not sent.
        std::vector<Job> jobs;
        for (unsigned oi = 0; oi < ops.size(); oi++) {
            if (ops[oi].k == 0)
                continue;
            const bool chain = ops[oi].chained && BR == 1 && BC == 1 && !jobs.empty();
            for (unsigned bi = 0; bi < BR; bi++)
                for (unsigned bj = 0; bj < BC; bj++)
                    jobs.push_back(Job{oi, bi, bj, !chain});
        }
        Stats st;
        const uint64_t start = cycle_;
        size_t sj = 0, dj = 0, done = 0;
        unsigned sk = 0, drow = 0, rrow = 0;
        std::deque<size_t> rq; // jobs whose snapshot is pending read-out
        bool held = false;     // a step offered and not accepted: offer it again
        std::vector<uint32_t> rows(PE_ROWS * PE_COLS);
        unsigned rflags = 0;
        auto skip_d = [&]() {
            while (dj < jobs.size() && !jobs[dj].load)
                dj++;
        };
        skip_d();
        uint64_t guard = 0;
        while (done < jobs.size()) {
            if (++guard > 100000 + 64ull * jobs.size() * T) {
                std::printf("FAIL: array_%s: run stuck (job %zu of %zu)\n",
                            ops[0].c ? "run" : "?", sj, jobs.size());
                std::exit(1);
            }
            clear_inputs();
            // D staging write: the next load job's rows, once the previous
            // load job has consumed d_q.
            bool d_done_now = false;
            if (dj < jobs.size() && !(bubbles && rng_->chance(10))) {
                // Every earlier load job must have had its first step
                // accepted (it reads d_q in the following cycle).
                size_t pl = dj;
                while (pl > 0 && !jobs[pl - 1].load)
                    pl--;
                const bool may = pl == 0 || pl - 1 < sj || (pl - 1 == sj && sk > 0);
                if (may) {
                    const Job &jb = jobs[dj];
                    const TileOp &o = ops[jb.op];
                    const uint32_t *src = o.chained && dj > 0 ? ops[jb.op - 1].want : o.d;
                    dut_->d_we_i = 1;
                    dut_->d_row_i = drow;
                    for (unsigned c = 0; c < PE_COLS; c++)
                        dut_->d_data_i[c] = src[(jb.bi * PE_ROWS + drow) * T + jb.bj * PE_COLS + c];
                    if (++drow == PE_ROWS) {
                        drow = 0;
                        d_done_now = dj == sj;
                        dj++;
                        skip_d();
                    }
                }
            }
            // Step.
            bool offered = false, last = false;
            if (sj < jobs.size() && (held || !(bubbles && rng_->chance(10)))) {
                const Job &jb = jobs[sj];
                const TileOp &o = ops[jb.op];
                const bool d_ready = !jb.load || sk > 0 || dj > sj || d_done_now;
                if (d_ready) {
                    offered = true;
                    last = sk + 1 == o.k;
                    dut_->step_valid_i = 1;
                    dut_->step_load_i = jb.load && sk == 0;
                    dut_->step_last_i = last;
                    dut_->step_int_i = o.is_int;
                    dut_->step_wrap_i = o.wrap;
                    dut_->step_rm_i = o.rm;
                    unsigned ren = 0, cen = 0;
                    for (unsigned r = 0; r < PE_ROWS; r++) {
                        const unsigned i = jb.bi * PE_ROWS + r;
                        ren |= (i < o.m) << r;
                        dut_->step_a_i[r] = a_at(o, i, sk);
                    }
                    for (unsigned c = 0; c < PE_COLS; c++) {
                        const unsigned j = jb.bj * PE_COLS + c;
                        cen |= (j < o.n) << c;
                        dut_->step_b_i[c] = b_at(o, sk, j);
                    }
                    dut_->step_row_en_i = ren;
                    dut_->step_col_en_i = cen;
                }
            }
            // Read-out: one row per cycle; early release with the
            // second-to-last row (flags sampled then), the last row is read
            // in the next cycle unconditionally (array header contract).
            bool rd = false;
            const bool final_row = rrow + 1 == PE_ROWS;
            if (final_row || (dut_->out_valid_o && !(bubbles && rng_->chance(10)))) {
                rd = true;
                dut_->out_row_i = rrow;
                dut_->out_release_i = rrow + 2 == PE_ROWS;
            }
            dut_->eval();
            if (rd) {
                if (dut_->out_release_i)
                    rflags = dut_->out_flags_o;
                for (unsigned c = 0; c < PE_COLS; c++)
                    rows[rrow * PE_COLS + c] = dut_->out_data_o[c];
                if (++rrow == PE_ROWS) {
                    rrow = 0;
                    if (rq.empty()) {
                        std::printf("FAIL: array_protocol: snapshot with no op pending\n");
                        std::exit(1);
                    }
                    check(ops, jobs[rq.front()], rows, rflags);
                    rq.pop_front();
                    done++;
                }
            }
            held = offered && !dut_->step_ready_o;
            if (offered && dut_->step_ready_o) {
                Job &jb = jobs[sj];
                if (sk == 0)
                    jb.first_cycle = (int)(cycle_ - start);
                if (last) {
                    jb.last_cycle = (int)(cycle_ - start);
                    rq.push_back(sj);
                    sk = 0;
                    sj++;
                } else {
                    sk++;
                }
            }
            tick();
        }
        st.cycles = cycle_ - start;
        for (const Job &jb : jobs)
            if (jb.bi == BR - 1 && jb.bj == BC - 1)
                st.last_cycles.push_back(jb.last_cycle);
        return st;
    }

  private:
    void clear_inputs() {
        dut_->step_valid_i = 0;
        dut_->step_load_i = 0;
        dut_->step_last_i = 0;
        dut_->step_int_i = 0;
        dut_->step_wrap_i = 0;
        dut_->step_rm_i = 0;
        dut_->step_row_en_i = 0;
        dut_->step_col_en_i = 0;
        dut_->d_we_i = 0;
        dut_->d_row_i = 0;
        dut_->out_release_i = 0;
        dut_->out_row_i = 0;
    }

    void tick() {
        // nsub_o / nrsub_o name the groups sub_o / rsub_o give next cycle
        // (the mma engine's block RAM staging reads with them a cycle early).
        dut_->eval();
        const unsigned nsub = dut_->nsub_o, nrsub = dut_->nrsub_o;
        dut_->clk_i = 1;
        dut_->eval();
        dut_->clk_i = 0;
        dut_->eval();
        cycle_++;
        next_bad_ += (dut_->sub_o != nsub) || (dut_->rsub_o != nrsub);
    }

    void check(std::vector<TileOp> &ops, const Job &jb, const std::vector<uint32_t> &rows,
               unsigned flags) {
        const TileOp &o = ops[jb.op];
        unsigned want_flags = 0;
        bool bad = false;
        for (unsigned r = 0; r < PE_ROWS; r++) {
            for (unsigned c = 0; c < PE_COLS; c++) {
                const unsigned i = jb.bi * PE_ROWS + r, j = jb.bj * PE_COLS + c;
                const uint32_t got = rows[r * PE_COLS + c], want = o.want[i * T + j];
                want_flags |= o.want_flags[i * T + j];
                o.c->vector();
                if (got != want) {
                    bad = true;
                    o.c->fail("op %u %s%sx%s mode %u m%u k%u n%u rm %s: (%u,%u) got %08x want %08x",
                              jb.op, o.is_int ? (o.wrap ? "wrap " : "sat ") : "",
                              mosaic_fmt_name(o.afmt), mosaic_fmt_name(o.bfmt), o.mode, o.m,
                              o.k, o.n, tb::rm_name(o.rm), i, j, got, want);
                }
            }
        }
        o.c->vector();
        if (flags != want_flags && !bad)
            o.c->fail("op %u block (%u,%u): flags %02x want %02x", jb.op, jb.bi, jb.bj, flags,
                      want_flags);
    }

  public:
    uint64_t next_bad() const { return next_bad_; }

  private:
    uint64_t next_bad_ = 0;
    Vmosaic_tu_array *dut_;
    tb::Rng *rng_;
    uint64_t cycle_ = 0;
};

TileOp make_float(tb::Rng &r, tb::Case &c, mosaic_fmt af, mosaic_fmt bf, mosaic_fmt df) {
    TileOp o;
    o.afmt = af;
    o.bfmt = bf;
    o.dfmt = df;
    o.mode = r.below(4);
    o.rm = r.below(5);
    o.c = &c;
    fill(o, r);
    return o;
}

TileOp make_int(tb::Rng &r, tb::Case &c, mosaic_fmt af, mosaic_fmt bf, mosaic_fmt df) {
    TileOp o;
    o.is_int = true;
    o.afmt = af;
    o.bfmt = bf;
    o.dfmt = df;
    o.mode = r.below(4);
    o.wrap = r.chance(30);
    o.c = &c;
    fill(o, r);
    return o;
}

bool run_case(Driver &d, std::vector<TileOp> &ops, tb::Case &c, bool bubbles) {
    d.run(ops, bubbles);
    return c.finish();
}

} // namespace

// Mutant check: this build's twin with MOSAIC_INJECT_ARRAY_BUG must fail.
// tb/modules.mk names it after this executable (test_rtl_array<variant>).
static void mutant(const char *argv0, bool *ok) {
    const std::string self(argv0);
    const std::string m = self.substr(self.rfind('/') + 1) + "_mutant";
    *ok &= tb::check_mutant(argv0, m.c_str(), "array_injected_bug_detected");
}

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4152524159ull; // "ARRAY"
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_tu_array top{&ctx};
    tb::Rng rng(seed);
    Driver d(&top, &rng);
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();
    // Work scales with the number of blocks per tile op; keep 4x4 and 16x16
    // in the same ballpark of run time.
    const unsigned reps = quick ? 1 : (BR * BC >= 16 ? 6 : BR * BC >= 4 ? 8 : 12);
    const std::string sz = std::to_string(PE_ROWS) + "x" + std::to_string(PE_COLS) +
                           (PE_FOLD > 1 ? "f" + std::to_string(PE_FOLD) : "") +
                           (PE_ROWFOLD > 1 ? "r" + std::to_string(PE_ROWFOLD) : "");
    if (getenv("ARRAY_DEBUG")) {
        tb::Case c("debug");
        std::vector<TileOp> ops(1);
        TileOp &o = ops[0];
        o.is_int = true; o.afmt = o.bfmt = MOSAIC_FMT_INT8; o.dfmt = MOSAIC_FMT_INT32; o.c = &c;
        for (unsigned e = 0; e < E; e++) { o.a[e] = 1; o.b[e] = e % T; o.d[e] = 1000 * (e / T); }
        d.run(ops, false);
        return c.finish() ? 0 : 1;
    }

    // Every float A x B format pair, FP32 D, random modes and rounding modes.
    for (mosaic_fmt af : kFloatFmts) {
        for (mosaic_fmt bf : kFloatFmts) {
            if (quick && af != bf)
                continue;
            tb::Case c(std::string("array") + sz + "_float_" + mosaic_fmt_name(af) + "_x_" +
                       mosaic_fmt_name(bf));
            std::vector<TileOp> ops;
            for (unsigned i = 0; i < reps; i++)
                ops.push_back(make_float(rng, c, af, bf, MOSAIC_FMT_FP32));
            ok &= run_case(d, ops, c, true);
        }
    }
    // Narrower float D (widened exactly into the accumulators).
    {
        tb::Case c("array" + sz + "_float_narrow_d");
        std::vector<TileOp> ops;
        for (mosaic_fmt df : kFloatFmts)
            for (unsigned i = 0; i < reps; i++)
                ops.push_back(make_float(rng, c, kFloatFmts[rng.below(7)],
                                         kFloatFmts[rng.below(7)], df));
        ok &= run_case(d, ops, c, true);
    }
    // Each operand mode and each rounding mode explicitly.
    for (unsigned mode = 0; mode < 4; mode++) {
        for (unsigned rm = 0; rm < 5; rm++) {
            if (quick && mode != 0)
                continue;
            tb::Case c("array" + sz + "_mode" + std::to_string(mode) + "_" + tb::rm_name(rm));
            std::vector<TileOp> ops;
            for (unsigned i = 0; i < reps; i++) {
                TileOp o = make_float(rng, c, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32);
                o.mode = mode;
                o.rm = rm;
                fill(o, rng, 20);
                ops.push_back(o);
            }
            ok &= run_case(d, ops, c, true);
        }
    }
    // mtile sub-problems (m, n 0..16; k 0..16), float and integer.
    {
        tb::Case c("array" + sz + "_mtile");
        std::vector<TileOp> ops;
        for (unsigned i = 0; i < 6 * reps; i++) {
            TileOp o = (i & 1) ? make_int(rng, c, MOSAIC_FMT_INT8, MOSAIC_FMT_INT16,
                                          MOSAIC_FMT_INT32)
                               : make_float(rng, c, kFloatFmts[rng.below(7)],
                                            kFloatFmts[rng.below(7)], MOSAIC_FMT_FP32);
            o.m = rng.below(17);
            o.k = rng.below(17);
            o.n = rng.below(17);
            ops.push_back(o);
        }
        ops[0].k = 1; // short ops exercise the snapshot back-pressure
        ok &= run_case(d, ops, c, true);
    }
    // Integer formats, saturating and wrapping.
    const mosaic_fmt ints[] = {MOSAIC_FMT_INT8, MOSAIC_FMT_INT16};
    for (mosaic_fmt af : ints) {
        for (mosaic_fmt bf : ints) {
            tb::Case c("array" + sz + "_int_" + mosaic_fmt_name(af) + "_x_" +
                       mosaic_fmt_name(bf));
            std::vector<TileOp> ops;
            for (unsigned i = 0; i < 2 * reps; i++)
                ops.push_back(make_int(rng, c, af, bf,
                                       i % 3 == 2 ? MOSAIC_FMT_INT8 : MOSAIC_FMT_INT32));
            ok &= run_case(d, ops, c, true);
        }
    }
    // Chained ops into the same FP32 / INT32 accumulators, with mtile
    // changes between them, no bubbles; then the throughput measurement.
    for (int isint = 0; isint < 2; isint++) {
        tb::Case c("array" + sz + (isint ? "_chain_int" : "_chain_float"));
        std::vector<TileOp> ops;
        for (unsigned i = 0; i < 4 * reps; i++) {
            TileOp o = isint ? make_int(rng, c, MOSAIC_FMT_INT16, MOSAIC_FMT_INT16,
                                        MOSAIC_FMT_INT32)
                             : make_float(rng, c, kFloatFmts[rng.below(7)],
                                          kFloatFmts[rng.below(7)], MOSAIC_FMT_FP32);
            o.chained = i > 0 && !rng.chance(15);
            if (rng.chance(30)) {
                o.m = 1 + rng.below(16);
                o.n = 1 + rng.below(16);
                o.k = 1 + rng.below(16);
            }
            ops.push_back(o);
        }
        ok &= run_case(d, ops, c, isint);
    }
    {
        tb::Case c("array" + sz + "_chain_throughput");
        std::vector<TileOp> ops;
        const unsigned n = quick ? 4 : 16;
        for (unsigned i = 0; i < n; i++) {
            TileOp o = make_float(rng, c, MOSAIC_FMT_BF16, MOSAIC_FMT_BF16, MOSAIC_FMT_FP32);
            o.chained = i > 0;
            ops.push_back(o);
        }
        const Stats st = d.run(ops, false);
        const double per_tile =
            (double)(st.last_cycles.back() - st.last_cycles.front()) / (n - 1);
        // Back to back, the array does one MAC per FMA per cycle: a tile
        // in 4096 / (PE_ROWS * PE_COLS / (PE_FOLD * PE_ROWFOLD)) cycles, not
        // one more.
        const unsigned fmas = PE_ROWS * PE_COLS / (PE_FOLD * PE_ROWFOLD);
        c.vector();
        if (per_tile > 4096.0 / fmas)
            c.fail("%.2f cycles per tile, want %u", per_tile, 4096 / fmas);
        ok &= c.finish();
        std::printf("INFO: array%s: %u chained 16x16x16 tmma: %.2f cycles/tile steady state "
                    "(%.1f MACs/cycle of %u peak), %llu cycles total incl. fill/drain\n",
                    sz.c_str(), n, per_tile, 4096.0 / per_tile, fmas, (unsigned long long)st.cycles);
    }
    {
        tb::Case c("array" + sz + "_next_groups");
        c.vector();
        if (d.next_bad() != 0)
            c.fail("%llu cycles whose sub_o/rsub_o differ from the nsub_o/nrsub_o of the cycle before",
                   (unsigned long long)d.next_bad());
        ok &= c.finish();
    }
    if (!quick)
        mutant(argv[0], &ok);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("INFO: test_rtl_array %s: %.1f s, %llu cycles simulated\n", sz.c_str(), secs,
                (unsigned long long)d.cycle());
    return ok ? 0 : 1;
}
