// Module test: rtl/tu/mosaic_tu_red.sv (tred sum/max/min, trowmax, trowsum) and
// rtl/tu/mosaic_tu_vec_div.sv (tbdiv), both inside tb/modules/tb_red.sv, against
// the golden instructions.
//
// Every tile goes through mosaic_tu_exec (tags and mcsr set as the
// instruction needs) and, row by row, through the RTL; the RTL's results
// must equal the golden ones bit for bit (tred: x[rd]; row ops and tbdiv:
// every element of D, the row ops' zero columns included as the sequencer
// would write them), and the OR of the RTL's sat_o must equal mcsr.msat.
// The full flag word of every result is checked too, against the golden
// numerics functions called in the golden's order (minat_red.c,
// minat_elem.c): only SAT is architectural, but a wrong NX/OF/UF/NV means a
// wrong datapath.
//
//   red_tred_<op>       every source format (7 float, 3 integer) x 5 rounding
//                       modes x (fp8_sat, subnormals) pairs, random tiles of
//                       several kinds: format-edge values, cancelling values
//                       (the architectural order matters), FP32 overflow to
//                       Inf, Inf - Inf, NaNs, +-0, integer sums that
//                       saturate INT32
//   red_<trowmax|trowsum>  every legal (A, D) pair (float x float, int x
//                       int), same tile kinds; narrowing to D saturates
//   red_tbdiv           every (A, B, D) float triple x 5 modes, divisors
//                       with zeros, Infs, NaNs, subnormals
//   red_handshake       random valid_i gaps and ready_i stalls on both
//                       blocks, clear_i in the middle of a tile
//   red_timing          documented cycle counts (see mosaic_tu_red.sv,
//                       mosaic_tu_red_serial.sv, mosaic_tu_vec_div.sv)
//   red_injected_bug_detected  the copy built with MOSAIC_INJECT_RED_BUG and
//                       MOSAIC_INJECT_DIV_BUG must fail --quick
//
// Built with RED_SERIAL (test_rtl_redserial, tb_red RedLanes = 1), the same
// cases run on mosaic_tu_red_serial, the one-element-per-cycle unit of the
// FPGA configuration, with its own cycle counts.
//
// Usage: test_rtl_red [--quick] [--seed N] [--tiles N]
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "Vtb_red.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_tu.h"
}

namespace {

Vtb_red *dut;
tb::Rng *grng;

// Events the sweeps must have produced (checked by red_coverage): proof
// that the tile recipes reach the interesting paths.
struct {
    unsigned tred_inf, tred_nan, tred_int_sat, tred_neg_zero, row_float_sat, row_int_sat,
        row_float_of, div_dz, div_nv, div_sat, div_uf;
} cov;
bool g_stall = false; // random valid gaps / ready stalls while driving

const unsigned kFloatFmts[] = {MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_E4M3,
                               MOSAIC_FMT_E5M2, MOSAIC_FMT_FP4,  MOSAIC_FMT_TF32};
const unsigned kIntFmts[] = {MOSAIC_FMT_INT8, MOSAIC_FMT_INT16, MOSAIC_FMT_INT32};

const char *fn(unsigned f) { return mosaic_fmt_name((mosaic_fmt)f); }

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
}

// ---------------------------------------------------------------------------
// Tile generation
// ---------------------------------------------------------------------------

uint32_t mask_of(unsigned f) {
    const unsigned w = mosaic_fmt_bits((mosaic_fmt)f);
    return w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
}

// A pattern of format f from an FP32 value (RNE, saturating), so float
// tiles of every format can be built from FP32 recipes.
uint32_t from_f32(unsigned f, uint32_t x) {
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.fp8_sat = true;
    o.subnormals = true;
    unsigned fl = 0;
    return mosaic_convert(MOSAIC_FMT_FP32, (mosaic_fmt)f, x, &o, &fl);
}

uint32_t f32(bool s, unsigned e, uint32_t m) { return ((uint32_t)s << 31) | (e << 23) | (m & 0x7FFFFFu); }

uint32_t gen_int(tb::Rng &r, unsigned w, unsigned kind) {
    const uint32_t mask = w == 32 ? 0xFFFFFFFFu : (1u << w) - 1u;
    const uint32_t hi = (1u << (w - 1)) - 1u;
    if (kind == 1) // near the limits: sums saturate
        return (r.chance(50) ? hi - r.below(4) : hi + 1u + r.below(4)) & mask;
    if (kind == 2) // one sign, large: a sum that saturates one way
        return (hi - r.below(1u << (w / 2))) & mask;
    switch (r.below(4)) {
    case 0: return (r.chance(50) ? 0u : r.chance(50) ? mask : hi + 1u) & mask;
    case 1: return r.u32() & mask;
    default: {
        const unsigned top = r.below(w);
        const uint32_t mag = (1u << top) | (r.u32() & ((1u << top) - 1u));
        return (r.chance(50) ? 0u - mag : mag) & mask;
    }
    }
}

// One element of a float tile; kind picks the recipe (shared by the tile).
uint32_t gen_float(tb::Rng &r, unsigned f, unsigned kind, uint32_t prev) {
    const uint32_t m = mask_of(f);
    const bool s = r.chance(50);
    switch (kind) {
    case 0: // raw patterns of the format (every encoding, specials too)
        if (f == MOSAIC_FMT_FP32 || f == MOSAIC_FMT_TF32) {
            const unsigned e = r.chance(10) ? r.below(256) : 100 + r.below(60);
            const uint32_t x = f32(s, e, r.u32());
            return f == MOSAIC_FMT_TF32 ? x & 0xFFFFE000u : x;
        }
        return r.u32() & m;
    case 1: // cancellation: magnitudes close to each other, both signs
        if (r.chance(50) && prev)
            return from_f32(f, prev ^ 0x80000000u) ^ (r.chance(50) ? 1u : 0u);
        return from_f32(f, f32(s, 126 + r.below(3), r.u32()));
    case 2: // wide dynamic range: rounding of every partial sum matters
        return from_f32(f, f32(s, 90 + r.below(70), r.u32()));
    case 3: // overflow: large magnitudes of one sign (FP32 sums reach Inf)
        return from_f32(f, f32(false, 250 + r.below(5), r.u32()));
    case 4: { // specials sprinkled in ordinary values
        const unsigned k = r.below(12);
        if (k == 0) return from_f32(f, 0x7F800000u | (s ? 0x80000000u : 0u));
        if (k == 1) return f == MOSAIC_FMT_FP4 ? 0 : mosaic_fmt_canonical_nan((mosaic_fmt)f);
        if (k == 2) return s ? (1u << (mosaic_fmt_bits((mosaic_fmt)f) - 1)) & m : 0u;
        return from_f32(f, f32(s, 120 + r.below(10), r.u32()));
    }
    case 6: // negative zeros with the odd +0 or number: signed-zero rules
        if (r.chance(1))
            return r.chance(50) ? 0u : from_f32(f, f32(s, 127, r.u32()));
        return from_f32(f, 0x80000000u);
    default: { // small: exponent field zero, i.e. the format's subnormals
        const unsigned w = mosaic_fmt_bits((mosaic_fmt)f);
        const uint32_t sign = s ? 1u << (w - 1) : 0u;
        if (f == MOSAIC_FMT_FP32)
            return sign | (r.u32() & 0x7FFFFFu);
        if (f == MOSAIC_FMT_TF32)
            return sign | ((r.u32() & 0x3FFu) << 13);
        return sign | (r.u32() & 0x7u);
    }
    }
}

void gen_tile(tb::Rng &r, unsigned f, uint32_t *v) {
    const bool is_int = mosaic_fmt_is_int((mosaic_fmt)f);
    const unsigned kind = r.below(is_int ? 3 : 7);
    uint32_t prev = 0;
    for (unsigned i = 0; i < 256; i++) {
        v[i] = is_int ? gen_int(r, mosaic_fmt_bits((mosaic_fmt)f), kind) : gen_float(r, f, kind, prev);
        prev = r.chance(50) ? mosaic_to_f32((mosaic_fmt)f, v[i], nullptr, nullptr) : 0;
    }
}

// ---------------------------------------------------------------------------
// Golden
// ---------------------------------------------------------------------------

bool no_mem_ok(void *, uint32_t, uint32_t, bool) { return false; }
bool no_mem_rw(void *, uint32_t, void *, uint32_t) { return true; }
bool no_mem_w(void *, uint32_t, const void *, uint32_t) { return true; }
mosaic_mem_if g_mem{nullptr, no_mem_ok, no_mem_rw, no_mem_w};

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

void tu_setup(mosaic_tu *tu, const Cfg &c) {
    mosaic_tu_config cfg = mosaic_tu_config_default();
    mosaic_tu_reset(tu, &cfg);
    tu->mcsr = (c.rm << MOSAIC_MCSR_MFRM_SHIFT) | (c.sat ? MOSAIC_MCSR_MFP8SAT : 0u) |
               (c.sub ? MOSAIC_MCSR_MFP8SUB : 0u);
}

// Loads v into register reg with tag f; returns the stored patterns.
void tu_load(mosaic_tu *tu, unsigned reg, unsigned f, uint32_t *v) {
    tu->tag[reg] = (uint8_t)f;
    for (unsigned i = 0; i < 256; i++) {
        mosaic_tile_set(tu, reg, (mosaic_fmt)f, i, v[i]);
        v[i] = mosaic_tile_get(tu, reg, (mosaic_fmt)f, i);
    }
}

// The flag word of tred, in minat_red.c's order of golden calls.
unsigned tred_flags(unsigned f, unsigned op, const uint32_t *v, const Cfg &c) {
    const mosaic_cvt_opts o = opts_of(c);
    unsigned fl = 0;
    if (mosaic_fmt_is_int((mosaic_fmt)f)) {
        int64_t acc = 0;
        for (unsigned i = 0; i < 256; i++)
            acc += mosaic_int_value((mosaic_fmt)f, v[i]);
        if (op == 0)
            mosaic_int_to_fmt(MOSAIC_FMT_INT32, acc, false, &fl);
        return fl;
    }
    uint32_t x[256];
    for (unsigned i = 0; i < 256; i++)
        x[i] = mosaic_to_f32((mosaic_fmt)f, v[i], &o, &fl);
    if (op != 0)
        return fl;
    uint32_t p[16];
    for (unsigned col = 0; col < 16; col++) {
        p[col] = x[col];
        for (unsigned row = 1; row < 16; row++)
            p[col] = mosaic_f32_add(p[col], x[row * 16 + col], o.rm, &fl);
    }
    for (unsigned w = 16; w > 1; w /= 2)
        for (unsigned col = 0; col < w / 2; col++)
            p[col] = mosaic_f32_add(p[2 * col], p[2 * col + 1], o.rm, &fl);
    return fl;
}

// The flag word of row r of trowmax/trowsum (minat_elem.c's order).
unsigned row_flags(bool sum, unsigned fa, unsigned fd, const uint32_t *row, const Cfg &c) {
    const mosaic_cvt_opts o = opts_of(c);
    unsigned fl = 0;
    if (mosaic_fmt_is_int((mosaic_fmt)fa)) {
        int64_t acc = mosaic_int_value((mosaic_fmt)fa, row[0]);
        for (unsigned j = 1; j < 16; j++) {
            const int64_t x = mosaic_int_value((mosaic_fmt)fa, row[j]);
            acc = sum ? acc + x : (x > acc ? x : acc);
        }
        mosaic_int_to_fmt((mosaic_fmt)fd, acc, false, &fl);
        return fl;
    }
    uint32_t x[16];
    for (unsigned j = 0; j < 16; j++)
        x[j] = mosaic_to_f32((mosaic_fmt)fa, row[j], &o, &fl);
    uint32_t acc = x[0];
    for (unsigned j = 1; j < 16; j++)
        acc = sum ? mosaic_f32_add(acc, x[j], o.rm, &fl) : mosaic_f32_max(acc, x[j]);
    mosaic_convert(MOSAIC_FMT_FP32, (mosaic_fmt)fd, acc, &o, &fl);
    return fl;
}

// ---------------------------------------------------------------------------
// RTL drivers
// ---------------------------------------------------------------------------

struct RedOut {
    uint32_t res;
    unsigned row, flags;
    bool last, sat;
};

// Feeds the 16 rows of v to mosaic_tu_red and collects every result until
// `want` results came out (or a cycle limit passes).
std::vector<RedOut> run_red(unsigned op, unsigned fs, unsigned fd, const Cfg &c, const uint32_t *v,
                            size_t want, unsigned *cycles = nullptr) {
    std::vector<RedOut> out;
    unsigned next = 0, cyc = 0;
    dut->r_op_i = op;
    dut->r_s_fmt_i = fs;
    dut->r_d_fmt_i = fd;
    dut->r_rm_i = c.rm;
    dut->r_fp8_sat_i = c.sat;
    dut->r_subnormals_i = c.sub;
    for (; cyc < 2000 && out.size() < want; cyc++) {
        dut->r_valid_i = next < 16 && (!g_stall || grng->chance(70));
        for (unsigned j = 0; j < 16; j++)
            dut->r_row_i[j] = dut->r_valid_i ? v[16 * next + j] : grng->u32();
        dut->r_ready_i = !g_stall || grng->chance(60);
        dut->eval();
        if (dut->r_valid_o && dut->r_ready_i)
            out.push_back({dut->r_res_o, dut->r_row_o, dut->r_flags_o, (bool)dut->r_last_o,
                           (bool)dut->r_sat_o});
        if (dut->r_valid_i && dut->r_ready_o)
            next++;
        tick();
    }
    dut->r_valid_i = 0;
    dut->r_ready_i = 1;
    dut->eval();
    if (cycles)
        *cycles = cyc;
    return out;
}

struct DivOut {
    uint32_t d[16];
    unsigned flags[16];
    bool sat;
};

std::vector<DivOut> run_div(unsigned fa, unsigned fb, unsigned fd, const Cfg &c, const uint32_t *A,
                            const uint32_t *B, unsigned *cycles = nullptr) {
    std::vector<DivOut> out;
    unsigned next = 0, cyc = 0;
    dut->v_a_fmt_i = fa;
    dut->v_b_fmt_i = fb;
    dut->v_d_fmt_i = fd;
    dut->v_rm_i = c.rm;
    dut->v_fp8_sat_i = c.sat;
    dut->v_subnormals_i = c.sub;
    for (; cyc < 8000 && out.size() < 16; cyc++) {
        dut->v_valid_i = next < 16 && (!g_stall || grng->chance(70));
        for (unsigned j = 0; j < 16; j++)
            dut->v_a_i[j] = dut->v_valid_i ? A[16 * next + j] : grng->u32();
        dut->v_b_i = dut->v_valid_i ? B[16 * next] : grng->u32();
        dut->v_ready_i = !g_stall || grng->chance(60);
        dut->eval();
        if (dut->v_valid_o && dut->v_ready_i) {
            DivOut o;
            for (unsigned e = 0; e < 16; e++) {
                o.d[e] = dut->v_d_o[e];
                const unsigned bit = 6 * e;
                uint64_t w = dut->v_flags_o[bit / 32];
                if (bit % 32 > 26)
                    w |= (uint64_t)dut->v_flags_o[bit / 32 + 1] << 32;
                o.flags[e] = (unsigned)(w >> (bit % 32)) & 0x3Fu;
            }
            o.sat = dut->v_sat_o;
            out.push_back(o);
        }
        if (dut->v_valid_i && dut->v_ready_o)
            next++;
        tick();
    }
    dut->v_valid_i = 0;
    dut->v_ready_i = 1;
    dut->eval();
    if (cycles)
        *cycles = cyc;
    return out;
}

std::string cfg_name(const Cfg &c) {
    return std::string(" rm=") + tb::rm_name(c.rm) + " sat=" + std::to_string(c.sat) +
           " sub=" + std::to_string(c.sub);
}

// ---------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------

void one_tred(tb::Case &tc, tb::Rng &r, unsigned op, unsigned f, const Cfg &c) {
    mosaic_tu tu;
    tu_setup(&tu, c);
    uint32_t v[256];
    gen_tile(r, f, v);
    const unsigned S = 4, rd = 7;
    tu_load(&tu, S, f, v);
    const uint32_t word = (op << 20) | (S << 15) | (5u << 12) | (rd << 7) | 0x5Bu;
    const mosaic_tu_result res = mosaic_tu_exec(&tu, &g_mem, word, 0, 0, 0);
    const std::string what = std::string("tred.") + std::to_string(op) + " " + fn(f) + cfg_name(c);
    tc.vector();
    if (res.trap || !res.rd_write || res.rd != rd) {
        tc.fail("%s: golden trapped or wrote no x[rd]", what.c_str());
        return;
    }
    const std::vector<RedOut> o = run_red(op, f, MOSAIC_FMT_FP32, c, v, 1);
    if (o.size() != 1 || !o[0].last || o[0].row != 15) {
        tc.fail("%s: %zu results (want one, last, row 15)", what.c_str(), o.size());
        return;
    }
    const bool msat = (tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
    const unsigned fl = tred_flags(f, op, v, c);
    const bool fl_dom = mosaic_fmt_is_float((mosaic_fmt)f);
    cov.tred_inf += fl_dom && op == 0 && (res.rd_value & 0x7FFFFFFFu) == 0x7F800000u;
    cov.tred_nan += fl_dom && op == 0 && res.rd_value == 0x7FC00000u;
    cov.tred_neg_zero += fl_dom && res.rd_value == 0x80000000u;
    cov.tred_int_sat += !fl_dom && msat;
    if (o[0].res != res.rd_value || o[0].sat != msat || o[0].flags != fl)
        tc.fail("%s: got %08x sat %d flags %02x, want %08x msat %d flags %02x", what.c_str(),
                o[0].res, o[0].sat, o[0].flags, res.rd_value, msat, fl);
}

void one_row(tb::Case &tc, tb::Rng &r, bool sum, unsigned fa, unsigned fd, const Cfg &c) {
    mosaic_tu tu;
    tu_setup(&tu, c);
    uint32_t v[256];
    gen_tile(r, fa, v);
    const unsigned A = 2, D = 9;
    tu_load(&tu, A, fa, v);
    tu.tag[D] = (uint8_t)fd;
    const uint32_t word = ((sum ? 7u : 6u) << 25) | (A << 15) | (7u << 12) | (D << 7) | 0x5Bu;
    const mosaic_tu_result res = mosaic_tu_exec(&tu, &g_mem, word, 0, 0, 0);
    const std::string what =
        std::string(sum ? "trowsum " : "trowmax ") + fn(fa) + "->" + fn(fd) + cfg_name(c);
    tc.vector();
    if (res.trap) {
        tc.fail("%s: golden trapped", what.c_str());
        return;
    }
    const std::vector<RedOut> o = run_red(sum ? 5 : 4, fa, fd, c, v, 16);
    if (o.size() != 16) {
        tc.fail("%s: %zu row results, want 16", what.c_str(), o.size());
        return;
    }
    bool sat_any = false;
    for (unsigned row = 0; row < 16; row++) {
        sat_any |= o[row].sat;
        tc.vector();
        if (o[row].row != row || o[row].last != (row == 15)) {
            tc.fail("%s: result %u has row %u last %d", what.c_str(), row, o[row].row, o[row].last);
            continue;
        }
        // The sequencer writes {0, ..., 0, res} as D's row.
        for (unsigned col = 0; col < 16; col++) {
            const uint32_t want = mosaic_tile_get(&tu, D, (mosaic_fmt)fd, 16 * row + col);
            const uint32_t got = col == 0 ? o[row].res : 0u;
            if (got != want)
                tc.fail("%s: D[%u][%u] got %08x want %08x", what.c_str(), row, col, got, want);
        }
        const unsigned fl = row_flags(sum, fa, fd, &v[16 * row], c);
        const bool fl_dom = mosaic_fmt_is_float((mosaic_fmt)fa);
        cov.row_float_sat += fl_dom && (fl & MOSAIC_FLAG_SAT);
        cov.row_int_sat += !fl_dom && (fl & MOSAIC_FLAG_SAT);
        cov.row_float_of += fl_dom && (fl & MOSAIC_FLAG_OF);
        if (o[row].flags != fl)
            tc.fail("%s: row %u flags %02x want %02x", what.c_str(), row, o[row].flags, fl);
    }
    const bool msat = (tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
    if (msat != sat_any)
        tc.fail("%s: RTL sat %d, golden mcsr.msat %d", what.c_str(), sat_any, msat);
}

void one_div(tb::Case &tc, tb::Rng &r, unsigned fa, unsigned fb, unsigned fd, const Cfg &c) {
    mosaic_tu tu;
    tu_setup(&tu, c);
    uint32_t av[256], bv[256];
    gen_tile(r, fa, av);
    gen_tile(r, fb, bv);
    // Divisors of every kind in column 0: zeros, Inf, NaN, one, subnormal.
    for (unsigned row = 0; row < 16; row++) {
        switch (r.below(8)) {
        case 0: bv[16 * row] = 0; break;
        case 1: bv[16 * row] = from_f32(fb, 0x7F800000u); break;
        case 2: bv[16 * row] = fb == MOSAIC_FMT_FP4 ? 0 : mosaic_fmt_canonical_nan((mosaic_fmt)fb); break;
        case 3: bv[16 * row] = from_f32(fb, 0x3F800000u); break;
        case 4: bv[16 * row] = 1u << (fb == MOSAIC_FMT_TF32 ? 13 : 0); break;
        default: break;
        }
    }
    const unsigned A = 1, B = 3, D = 5;
    tu_load(&tu, A, fa, av);
    tu_load(&tu, B, fb, bv);
    tu.tag[D] = (uint8_t)fd;
    const uint32_t word = (10u << 25) | (B << 20) | (A << 15) | (7u << 12) | (D << 7) | 0x5Bu;
    const mosaic_tu_result res = mosaic_tu_exec(&tu, &g_mem, word, 0, 0, 0);
    const std::string what =
        std::string("tbdiv ") + fn(fa) + "," + fn(fb) + "->" + fn(fd) + cfg_name(c);
    tc.vector();
    if (res.trap) {
        tc.fail("%s: golden trapped", what.c_str());
        return;
    }
    const std::vector<DivOut> o = run_div(fa, fb, fd, c, av, bv);
    if (o.size() != 16) {
        tc.fail("%s: %zu rows came out, want 16", what.c_str(), o.size());
        return;
    }
    const mosaic_cvt_opts opt = opts_of(c);
    bool sat_any = false;
    for (unsigned row = 0; row < 16; row++) {
        sat_any |= o[row].sat;
        for (unsigned col = 0; col < 16; col++) {
            const uint32_t want = mosaic_tile_get(&tu, D, (mosaic_fmt)fd, 16 * row + col);
            unsigned fl = 0;
            const uint32_t x = mosaic_to_f32((mosaic_fmt)fa, av[16 * row + col], &opt, &fl);
            const uint32_t y = mosaic_to_f32((mosaic_fmt)fb, bv[16 * row], &opt, &fl);
            mosaic_convert(MOSAIC_FMT_FP32, (mosaic_fmt)fd, mosaic_f32_div(x, y, opt.rm, &fl), &opt,
                           &fl);
            cov.div_dz += (fl & MOSAIC_FLAG_DZ) != 0;
            cov.div_nv += (fl & MOSAIC_FLAG_NV) != 0;
            cov.div_sat += (fl & MOSAIC_FLAG_SAT) != 0;
            cov.div_uf += (fl & MOSAIC_FLAG_UF) != 0;
            tc.vector();
            if (o[row].d[col] != want || o[row].flags[col] != fl)
                tc.fail("%s: D[%u][%u] = %08x / %08x: got %08x flags %02x, want %08x flags %02x",
                        what.c_str(), row, col, av[16 * row + col], bv[16 * row], o[row].d[col],
                        o[row].flags[col], want, fl);
        }
    }
    const bool msat = (tu.mcsr & MOSAIC_MCSR_MSAT) != 0;
    if (msat != sat_any)
        tc.fail("%s: RTL sat %d, golden mcsr.msat %d", what.c_str(), sat_any, msat);
}

Cfg rand_cfg(tb::Rng &r, unsigned rm) { return Cfg{rm, r.chance(50), r.chance(50)}; }

void sweep_tred(tb::Rng &r, unsigned tiles, bool *ok) {
    static const char *const names[] = {"sum", "max", "min"};
    for (unsigned op = 0; op < 3; op++) {
        tb::Case tc(std::string("red_tred_") + names[op]);
        for (unsigned f = 0; f < MOSAIC_FMT_COUNT; f++)
            for (unsigned rm = 0; rm < 5; rm++)
                for (unsigned t = 0; t < tiles; t++)
                    one_tred(tc, r, op, f, rand_cfg(r, rm));
        *ok &= tc.finish();
    }
}

void sweep_rows(tb::Rng &r, unsigned tiles, bool *ok) {
    for (unsigned s = 0; s < 2; s++) {
        tb::Case tc(s ? "red_trowsum" : "red_trowmax");
        for (unsigned fa : kFloatFmts)
            for (unsigned fd : kFloatFmts)
                for (unsigned rm = 0; rm < 5; rm++)
                    for (unsigned t = 0; t < tiles; t++)
                        one_row(tc, r, s, fa, fd, rand_cfg(r, rm));
        for (unsigned fa : kIntFmts)
            for (unsigned fd : kIntFmts)
                for (unsigned rm = 0; rm < 5; rm++)
                    for (unsigned t = 0; t < tiles; t++)
                        one_row(tc, r, s, fa, fd, rand_cfg(r, rm));
        *ok &= tc.finish();
    }
}

// tiles == 0 (--quick): one tile per triple under a random mode.
void sweep_div(tb::Rng &r, unsigned tiles, bool *ok) {
    tb::Case tc("red_tbdiv");
    for (unsigned fa : kFloatFmts)
        for (unsigned fb : kFloatFmts)
            for (unsigned fd : kFloatFmts) {
                if (tiles == 0)
                    one_div(tc, r, fa, fb, fd, rand_cfg(r, r.below(5)));
                for (unsigned rm = 0; rm < 5; rm++)
                    for (unsigned t = 0; t < tiles; t++)
                        one_div(tc, r, fa, fb, fd, rand_cfg(r, rm));
            }
    *ok &= tc.finish();
}

// Random stalls on both blocks, and clear_i mid-tile.
void handshake(tb::Rng &r, unsigned n, bool *ok) {
    tb::Case tc("red_handshake");
    g_stall = true;
    for (unsigned i = 0; i < n; i++) {
        // A partial tile, then clear_i: the next tile must not see it.
        const unsigned part = r.below(16);
        uint32_t junk[256];
        gen_tile(r, MOSAIC_FMT_FP32, junk);
        dut->r_op_i = r.below(6);
        dut->r_s_fmt_i = MOSAIC_FMT_FP32;
        dut->r_ready_i = 1;
        for (unsigned k = 0; k < part; k++) {
            dut->r_valid_i = 1;
            for (unsigned j = 0; j < 16; j++)
                dut->r_row_i[j] = junk[16 * k + j];
            tick();
        }
        dut->r_valid_i = 0;
        dut->r_clear_i = 1;
        tick();
        dut->r_clear_i = 0;
        const Cfg c = rand_cfg(r, r.below(5));
        switch (r.below(4)) {
        case 0: one_tred(tc, r, r.below(3), r.below(MOSAIC_FMT_COUNT), c); break;
        case 1: one_row(tc, r, r.chance(50), kFloatFmts[r.below(7)], kFloatFmts[r.below(7)], c); break;
        case 2: one_row(tc, r, r.chance(50), kIntFmts[r.below(3)], kIntFmts[r.below(3)], c); break;
        default:
            one_div(tc, r, kFloatFmts[r.below(7)], kFloatFmts[r.below(7)], kFloatFmts[r.below(7)], c);
            break;
        }
    }
    g_stall = false;
    *ok &= tc.finish();
}

// Cycle counts with valid_i always high and ready_i always high: run_red
// counts the cycles from the first row's cycle to the one whose edge
// follows the last result's consumption.
void timing(tb::Rng &r, bool *ok) {
    tb::Case tc("red_timing");
    uint32_t v[256], bv[256];
    const Cfg c{0, false, false};
    struct {
        unsigned op, fs, fd, results, cycles;
        const char *what;
    } const cases[] = {
#ifdef RED_SERIAL
        // One cycle to accept a row, one per element, one for a result into
        // the output register (the float sum's 15 tree adds after row 15
        // first), and the cycle the last result is taken.
        {0, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 1, 16 * 17 + 15 + 1 + 1, "tred float sum"},
        {1, MOSAIC_FMT_FP16, MOSAIC_FMT_FP32, 1, 16 * 17 + 1 + 1, "tred float max"},
        {0, MOSAIC_FMT_INT8, MOSAIC_FMT_FP32, 1, 16 * 17 + 1 + 1, "tred int sum"},
        {4, MOSAIC_FMT_BF16, MOSAIC_FMT_FP16, 16, 16 * 18 + 1, "trowmax"},
        {5, MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 16, 16 * 18 + 1, "int trowsum"},
        {5, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 16, 16 * 18 + 1, "float trowsum"},
#else
        {0, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 1, 21, "tred float sum"},
        {1, MOSAIC_FMT_FP16, MOSAIC_FMT_FP32, 1, 17, "tred float max"},
        {0, MOSAIC_FMT_INT8, MOSAIC_FMT_FP32, 1, 17, "tred int sum"},
        {4, MOSAIC_FMT_BF16, MOSAIC_FMT_FP16, 16, 17, "trowmax"},
        {5, MOSAIC_FMT_INT16, MOSAIC_FMT_INT8, 16, 17, "int trowsum"},
        {5, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, 16, 257, "float trowsum"},
#endif
    };
    for (const auto &k : cases) {
        gen_tile(r, k.fs, v);
        unsigned cyc = 0;
        const std::vector<RedOut> o = run_red(k.op, k.fs, k.fd, c, v, k.results, &cyc);
        tc.vector();
        if (o.size() != k.results || cyc != k.cycles)
            tc.fail("%s: %zu results in %u cycles, want %u in %u", k.what, o.size(), cyc, k.results,
                    k.cycles);
    }
    gen_tile(r, MOSAIC_FMT_FP32, v);
    gen_tile(r, MOSAIC_FMT_FP32, bv);
    unsigned cyc = 0;
    const std::vector<DivOut> o = run_div(MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, c, v, bv, &cyc);
    tc.vector();
    if (o.size() != 16 || cyc != 16 * 14 + 1)
        tc.fail("tbdiv: %zu rows in %u cycles, want 16 in %u", o.size(), cyc, 16 * 14 + 1);
    *ok &= tc.finish();
}

void coverage(bool *ok) {
    tb::Case tc("red_coverage");
    const struct {
        unsigned n;
        const char *what;
    } ev[] = {{cov.tred_inf, "tred sum = Inf"},
              {cov.tred_nan, "tred sum = NaN"},
              {cov.tred_neg_zero, "tred = -0"},
              {cov.tred_int_sat, "tred int sum saturated"},
              {cov.row_float_sat, "float row result SAT"},
              {cov.row_int_sat, "int row result SAT"},
              {cov.row_float_of, "float row result OF"},
              {cov.div_dz, "tbdiv DZ"},
              {cov.div_nv, "tbdiv NV"},
              {cov.div_sat, "tbdiv SAT"},
              {cov.div_uf, "tbdiv UF"}};
    for (const auto &e : ev) {
        tc.vector();
        if (e.n == 0)
            tc.fail("never reached: %s", e.what);
    }
    *ok &= tc.finish();
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x7265644D6Full;
    unsigned tiles = 4;
    tb::parse_args(argc, argv, &quick, &seed);
    for (int i = 1; i < argc; i++)
        if (!std::strcmp(argv[i], "--tiles") && i + 1 < argc)
            tiles = (unsigned)std::strtoul(argv[++i], nullptr, 0);
    if (quick)
        tiles = 1;
    VerilatedContext vctx;
    Vtb_red top{&vctx};
    dut = &top;
    tb::Rng rng(seed);
    grng = &rng;
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    dut->clk_i = 0;
    dut->rst_ni = 0;
    dut->r_clear_i = 0;
    dut->r_valid_i = 0;
    dut->r_ready_i = 1;
    dut->v_valid_i = 0;
    dut->v_ready_i = 1;
    dut->eval();
    dut->rst_ni = 1;
    dut->eval();

    timing(rng, &ok);
    sweep_tred(rng, tiles * 4, &ok);
    sweep_rows(rng, tiles, &ok);
    sweep_div(rng, quick ? 0 : (tiles + 3) / 4, &ok);
    handshake(rng, quick ? 20 : 200, &ok);
    if (!quick)
        coverage(&ok);
    if (!quick)
#ifdef RED_SERIAL
        ok &= tb::check_mutant(argv[0], "test_rtl_redserial_mutant", "red_injected_bug_detected");
#else
        ok &= tb::check_mutant(argv[0], "test_rtl_red_mutant", "red_injected_bug_detected");
#endif

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
#ifdef RED_SERIAL
    std::printf("# test_rtl_redserial: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
#else
    std::printf("# test_rtl_red: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
#endif
    top.final();
    return ok ? 0 : 1;
}
