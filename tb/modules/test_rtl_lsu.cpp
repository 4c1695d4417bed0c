// Module test: rtl/tu/mosaic_tu_lsu.sv (+ mosaic_tu_lsu_burst, mosaic_tu_lsu_beat)
// against the golden model's tld/tst (mosaic_tu_exec on the same bytes).
//
// The harness plays the TRF (write port and read port, random ready stalls,
// read data 1-3 cycles after acceptance) and an AXI4 slave over a byte
// memory of two 64 KiB windows (0x10000000 and 0xFFFF0000, so rows may end
// exactly at 2^32), with random latency per burst (0-24 cycles), random gaps
// between R beats and 25% stall on every ready (arready, awready, wready,
// TRF wr/rd ready). The golden model gets an identical memory and register
// file and executes the same encoded tld/tst.
//
// Cases:
//   lsu_tld_<fmt>, lsu_tst_<fmt>  (fmt = fp4, 8bit, 16bit, 32bit): random
//       element-aligned bases (biased to 4 KiB page ends and the top of the
//       address space) and strides (0, +-row, overlapping |stride| < row,
//       random 12-bit); tld: the whole 1 KiB register compared with the
//       golden register (every TRF row written exactly once, all byte
//       enables), tst: both windows compared byte for byte (untouched
//       neighbours included); instructions issued back to back
//   lsu_axi_protocol  every burst: INCR, full-width size, len <= 255, no
//       4 KiB crossing, inside memory; valid/payload held until ready;
//       wlast exactly on the burst's last beat; strobes only on bytes of
//       some row of the instruction, 16 x row bytes strobed in total; no
//       transaction left outstanding at done
//   lsu_injected_bug_detected  a copy built with MOSAIC_INJECT_BUG (rows
//       never split at 4 KiB) must fail
//
// Usage: test_rtl_lsu [--quick] [--seed N]
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>
#include <unistd.h>
#include <vector>

#include "Vmosaic_tu_lsu.h"
#include "tb_check.h"
#include "verilated.h"

extern "C" {
#include "mosaic_tu.h"
}

namespace {

Vmosaic_tu_lsu *dut;
uint64_t cycles;
tb::Rng *rng;

// ---------------------------------------------------------------- memory
constexpr uint32_t kWinBytes = 0x10000;
constexpr uint32_t kWinBase[2] = {0x10000000u, 0xFFFF0000u};

struct Mem {
    std::vector<uint8_t> w[2] = {std::vector<uint8_t>(kWinBytes), std::vector<uint8_t>(kWinBytes)};
    uint8_t *at(uint32_t a) {
        for (int i = 0; i < 2; i++)
            if (a - kWinBase[i] < kWinBytes) return &w[i][a - kWinBase[i]];
        return nullptr;
    }
};
Mem gold_mem, dut_mem;

bool mem_ok(void *ctx, uint32_t a, uint32_t len, bool) {
    Mem *m = (Mem *)ctx;
    if (len == 0) return true;
    return m->at(a) && m->at(a + len - 1) && m->at(a) + (len - 1) == m->at(a + len - 1);
}
bool mem_read(void *ctx, uint32_t a, void *buf, uint32_t len) {
    for (uint32_t i = 0; i < len; i++) ((uint8_t *)buf)[i] = *((Mem *)ctx)->at(a + i);
    return true;
}
bool mem_write(void *ctx, uint32_t a, const void *buf, uint32_t len) {
    for (uint32_t i = 0; i < len; i++) *((Mem *)ctx)->at(a + i) = ((const uint8_t *)buf)[i];
    return true;
}

// ---------------------------------------------------------------- TRF model
uint8_t trf[32][1024];
unsigned trf_row_writes[16];
unsigned trf_bad_be;
struct RdRet {
    uint64_t at;
    unsigned reg, row;
};
std::deque<RdRet> trf_rd_q;

// ---------------------------------------------------------------- AXI model
struct Burst {
    uint32_t addr;
    unsigned len, beat;
    uint64_t ready_at;
};
std::deque<Burst> ar_q, aw_q;
std::deque<uint64_t> b_q;
tb::Case *proto;
std::string cur_name;

// Current instruction (for the strobe rule).
uint32_t ins_base, ins_rb;
int32_t ins_stride;
uint64_t strobed_bytes;
// Coverage counters (printed as a comment line).
uint64_t st_split, st_top, st_neg, st_zero, st_overlap, st_bursts;

bool in_some_row(uint32_t a) {
    for (int y = 0; y < 16; y++)
        if (a - (ins_base + (uint32_t)(y * ins_stride)) < ins_rb) return true;
    return false;
}

void check_burst(const char *ch, uint32_t addr, unsigned len, unsigned size, unsigned burst) {
    proto->vector();
    st_bursts++;
    if (burst != 1 || size != 3 || len > 255)
        proto->fail("%s %s addr %08x burst %u size %u len %u", cur_name.c_str(), ch, addr, burst,
                    size, len);
    const uint64_t first = addr & ~7ull, last = first + 8ull * (len + 1) - 1;
    if ((first >> 12) != (last >> 12))
        proto->fail("%s %s addr %08x len %u crosses 4 KiB", cur_name.c_str(), ch, addr, len);
    if (!mem_ok(&dut_mem, addr, (uint32_t)(last - addr + 1), false))
        proto->fail("%s %s addr %08x len %u outside memory", cur_name.c_str(), ch, addr, len);
}

// Payloads held while valid && !ready.
struct Hold {
    bool pend = false;
    uint64_t a = 0, b = 0, c = 0;
};
Hold h_ar, h_aw, h_w;
void check_hold(Hold &h, const char *ch, bool valid, bool ready, uint64_t a, uint64_t b,
                uint64_t c) {
    if (h.pend && (!valid || h.a != a || h.b != b || h.c != c))
        proto->fail("%s %s dropped or changed before ready", cur_name.c_str(), ch);
    h.pend = valid && !ready;
    h.a = a, h.b = b, h.c = c;
}

void tick() {
    dut->clk_i = 1;
    dut->eval();
    dut->clk_i = 0;
    dut->eval();
    cycles++;
}

void do_reset() {
    dut->rst_ni = 0;
    dut->req_valid_i = 0;
    dut->clk_i = 0;
    dut->eval();
    tick();
    dut->rst_ni = 1;
    dut->eval();
}

bool stall() { return rng->chance(25); }

// One cycle of the environment: drive inputs, evaluate, observe handshakes,
// clock. Returns true if done_o was high.
bool env_cycle() {
    // --- drive
    dut->arready_i = !stall();
    dut->awready_i = !stall();
    dut->wready_i = !aw_q.empty() && !stall();
    dut->trf_wr_ready_i = !stall();
    dut->trf_rd_ready_i = !stall();
    // R: head burst once its latency passed; hold a presented beat.
    static bool r_shown = false;
    if (!r_shown && !ar_q.empty() && ar_q.front().ready_at <= cycles && !rng->chance(15))
        r_shown = true;
    dut->rvalid_i = r_shown;
    if (r_shown) {
        const Burst &b = ar_q.front();
        const uint32_t wa = (b.addr & ~7u) + 8u * b.beat;
        uint64_t d = 0;
        for (int i = 0; i < 8; i++) {
            const uint8_t *p = dut_mem.at(wa + i);
            d |= (uint64_t)(p ? *p : 0xEE) << (8 * i);
        }
        dut->rdata_i = d;
        dut->rlast_i = b.beat == b.len;
        dut->rresp_i = 0;
    } else {
        dut->rdata_i = rng->next();
        dut->rlast_i = rng->chance(50);
        dut->rresp_i = 0;
    }
    dut->bvalid_i = !b_q.empty() && b_q.front() <= cycles;
    dut->bresp_i = 0;
    dut->trf_rd_valid_i = !trf_rd_q.empty() && trf_rd_q.front().at <= cycles;
    if (dut->trf_rd_valid_i) {
        const RdRet &r = trf_rd_q.front();
        for (unsigned i = 0; i < 16; i++) {
            uint32_t w = 0;
            for (unsigned k = 0; k < 4; k++) w |= (uint32_t)trf[r.reg][64 * r.row + 4 * i + k] << (8 * k);
            dut->trf_rd_data_i[i] = w;
        }
    } else {
        for (unsigned i = 0; i < 16; i++) dut->trf_rd_data_i[i] = (uint32_t)rng->next();
    }
    dut->eval();

    // --- observe
    check_hold(h_ar, "AR", dut->arvalid_o, dut->arready_i, dut->araddr_o,
               dut->arlen_o | (dut->arsize_o << 8) | (dut->arburst_o << 12), 0);
    check_hold(h_aw, "AW", dut->awvalid_o, dut->awready_i, dut->awaddr_o,
               dut->awlen_o | (dut->awsize_o << 8) | (dut->awburst_o << 12), 0);
    check_hold(h_w, "W", dut->wvalid_o, dut->wready_i, dut->wdata_o, dut->wstrb_o, dut->wlast_o);
    if (dut->arvalid_o && dut->arready_i) {
        check_burst("AR", dut->araddr_o, dut->arlen_o, dut->arsize_o, dut->arburst_o);
        ar_q.push_back({dut->araddr_o, dut->arlen_o, 0, cycles + rng->below(25)});
    }
    if (dut->awvalid_o && dut->awready_i) {
        check_burst("AW", dut->awaddr_o, dut->awlen_o, dut->awsize_o, dut->awburst_o);
        aw_q.push_back({dut->awaddr_o, dut->awlen_o, 0, 0});
    }
    if (r_shown && dut->rready_o) {
        r_shown = false;
        if (++ar_q.front().beat > ar_q.front().len) ar_q.pop_front();
    }
    if (dut->wvalid_o && dut->wready_i) {
        Burst &b = aw_q.front();
        const uint32_t wa = (b.addr & ~7u) + 8u * b.beat;
        if (dut->wlast_o != (b.beat == b.len))
            proto->fail("%s wlast %d on beat %u of len %u", cur_name.c_str(), dut->wlast_o, b.beat,
                        b.len);
        for (int i = 0; i < 8; i++) {
            if (!((dut->wstrb_o >> i) & 1)) continue;
            const uint32_t a = wa + i;
            strobed_bytes++;
            if (a < b.addr || !in_some_row(a)) {
                proto->fail("%s strobe on %08x outside the rows/burst", cur_name.c_str(), a);
                continue;
            }
            if (uint8_t *p = dut_mem.at(a)) *p = (uint8_t)(dut->wdata_o >> (8 * i));
        }
        if (++b.beat > b.len) {
            aw_q.pop_front();
            b_q.push_back(cycles + 1 + rng->below(20));
        }
    }
    if (dut->bvalid_i && dut->bready_o) b_q.pop_front();
    if (dut->trf_wr_req_o && dut->trf_wr_ready_i) {
        const unsigned reg = dut->trf_wr_reg_o, row = dut->trf_wr_row_o;
        trf_row_writes[row]++;
        if (dut->trf_wr_be_o != ~0ull) trf_bad_be++;
        for (unsigned i = 0; i < 16; i++)
            for (unsigned k = 0; k < 4; k++)
                trf[reg][64 * row + 4 * i + k] = (uint8_t)(dut->trf_wr_data_o[i] >> (8 * k));
    }
    if (dut->trf_rd_valid_i) trf_rd_q.pop_front();
    if (dut->trf_rd_req_o && dut->trf_rd_ready_i)
        trf_rd_q.push_back({cycles + 1 + rng->below(3), dut->trf_rd_reg_o, dut->trf_rd_row_o});
    const bool done = dut->done_o;
    tick();
    return done;
}

const char *size_name[4] = {"fp4", "8bit", "16bit", "32bit"};

// Pick a format of the given row-size class.
mosaic_fmt pick_fmt(unsigned size) {
    static const mosaic_fmt f[4][4] = {
        {MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, MOSAIC_FMT_FP4, MOSAIC_FMT_FP4},
        {MOSAIC_FMT_E4M3, MOSAIC_FMT_E5M2, MOSAIC_FMT_INT8, MOSAIC_FMT_INT8},
        {MOSAIC_FMT_FP16, MOSAIC_FMT_BF16, MOSAIC_FMT_INT16, MOSAIC_FMT_FP16},
        {MOSAIC_FMT_FP32, MOSAIC_FMT_INT32, MOSAIC_FMT_TF32, MOSAIC_FMT_FP32}};
    return f[size][rng->below(4)];
}

// One random legal instruction: stride, base.
void pick_geometry(unsigned size, int32_t *stride, uint32_t *base) {
    const int32_t rb = 8 << size;
    const int32_t e = size <= 1 ? 1 : 1 << (size - 1); // element alignment: 1, 1, 2, 4 bytes
    int32_t s;
    switch (rng->below(6)) {
    case 0: s = 0; break;
    case 1: s = rng->chance(50) ? rb : -rb; break;
    case 2: s = (int32_t)(rng->below(rb / e)) * e * (rng->chance(50) ? 1 : -1); break; // overlap
    default: s = ((int32_t)rng->below(4096) - 2048) / e * e; break;
    }
    *stride = s;
    const int64_t lo = s < 0 ? 15ll * s : 0, hi = (s > 0 ? 15ll * s : 0) + rb; // span [lo, hi)
    const int w = rng->below(2);
    const int64_t wmin = kWinBase[w] - lo, wmax = (int64_t)kWinBase[w] + kWinBytes - hi; // base range
    int64_t b;
    switch (rng->below(4)) {
    case 0: { // row 0 (or some row) near a page end
        const int64_t page = (wmin + rng->below((uint32_t)(wmax - wmin + 1))) & ~0xFFFll;
        b = page + 4096 - (int64_t)rng->below(80);
        break;
    }
    case 1: b = wmax - rng->below(4) * e; break; // top of the window (2^32 for window 1)
    default: b = wmin + rng->below((uint32_t)(wmax - wmin + 1)); break;
    }
    b -= ((b % e) + e) % e;
    if (b < wmin) b += ((wmin - b + e - 1) / e) * e;
    if (b > wmax) b -= ((b - wmax + e - 1) / e) * e;
    *base = (uint32_t)b;
}

uint32_t encode(bool store, unsigned reg, int32_t stride) {
    return ((uint32_t)stride & 0xFFFu) << 20 | 1u << 15 | (store ? 1u : 0u) << 12 | reg << 7 | 0x5Bu;
}

mosaic_tu gold;

// Run n instructions of one (op, size); back to back (request held high).
void run_class(bool store, unsigned size, unsigned n, bool *ok) {
    tb::Case c(std::string("lsu_") + (store ? "tst_" : "tld_") + size_name[size]);
    mosaic_mem_if mif = {&gold_mem, mem_ok, mem_read, mem_write};
    for (unsigned k = 0; k < n; k++) {
        const unsigned reg = rng->below(32);
        const mosaic_fmt f = pick_fmt(size);
        int32_t stride;
        uint32_t base;
        pick_geometry(size, &stride, &base);
        c.vector();
        char nm[96];
        std::snprintf(nm, sizeof nm, "%s tr%u base %08x stride %d", store ? "tst" : "tld", reg,
                      base, stride);
        cur_name = nm;
        // Fresh random register contents and a few random memory bytes.
        for (unsigned i = 0; i < 1024; i++) trf[reg][i] = (uint8_t)rng->next();
        std::memcpy(gold.treg[reg], trf[reg], 1024);
        gold.tag[reg] = (uint8_t)f;
        const uint32_t rb = 8u << size;
        for (int y = 0; y < 16; y++)
            for (uint32_t i = 0; i < rb + 16; i++) {
                const uint32_t a = base + (uint32_t)(y * stride) + i - 8;
                uint8_t *g = gold_mem.at(a), *d = dut_mem.at(a);
                if (g && d) *g = *d = (uint8_t)rng->next();
            }
        const mosaic_tu_result res = mosaic_tu_exec(&gold, &mif, encode(store, reg, stride), base, 0, 0);
        if (res.trap) {
            c.fail("%s: golden model trapped (cause %u): harness bug", nm, res.cause);
            continue;
        }
        for (int y = 0; y < 16; y++) {
            const uint32_t a = base + (uint32_t)(y * stride);
            if ((a >> 12) != ((a + rb - 1) >> 12)) st_split++;
        }
        st_top += (uint64_t)base + 15ll * (stride > 0 ? stride : 0) + rb == 0x100000000ull ||
                  (uint64_t)base + rb == 0x100000000ull;
        st_neg += stride < 0;
        st_zero += stride == 0;
        st_overlap += stride != 0 && (uint32_t)std::abs(stride) < rb;
        ins_base = base, ins_rb = rb, ins_stride = stride, strobed_bytes = 0;
        std::memset(trf_row_writes, 0, sizeof trf_row_writes);
        trf_bad_be = 0;
        // Issue (wait for ready), then run to done.
        dut->req_valid_i = 1;
        dut->req_store_i = store;
        dut->req_treg_i = reg;
        dut->req_size_i = size;
        dut->req_base_i = base;
        dut->req_stride_i = (uint32_t)stride;
        bool issued = false, done = false;
        uint64_t t0 = cycles;
        while (!done && cycles - t0 < 20000) {
            dut->eval();
            const bool acc = dut->req_ready_o && dut->req_valid_i;
            done = env_cycle();
            if (acc) {
                issued = true;
                dut->req_valid_i = 0;
            }
        }
        if (!issued || !done) {
            c.fail("%s: timeout (issued %d)", nm, issued);
            *ok = false;
            c.finish();
            return;
        }
        if (!ar_q.empty() || !aw_q.empty() || !b_q.empty() || !trf_rd_q.empty())
            proto->fail("%s: transactions outstanding at done", nm);
        if (store) {
            if (strobed_bytes != 16u * rb)
                proto->fail("%s: %llu bytes strobed, expected %u", nm,
                            (unsigned long long)strobed_bytes, 16u * rb);
            for (int w = 0; w < 2; w++)
                if (gold_mem.w[w] != dut_mem.w[w]) {
                    for (uint32_t i = 0; i < kWinBytes; i++)
                        if (gold_mem.w[w][i] != dut_mem.w[w][i]) {
                            c.fail("%s: mem[%08x] = %02x, golden %02x", nm, kWinBase[w] + i,
                                   dut_mem.w[w][i], gold_mem.w[w][i]);
                            break;
                        }
                    dut_mem.w[w] = gold_mem.w[w];
                }
        } else {
            for (unsigned r = 0; r < 16; r++)
                if (trf_row_writes[r] != 1) {
                    c.fail("%s: TRF row %u written %u times", nm, r, trf_row_writes[r]);
                    break;
                }
            if (trf_bad_be) c.fail("%s: partial byte enables", nm);
            for (unsigned i = 0; i < 1024; i++)
                if (trf[reg][i] != gold.treg[reg][i]) {
                    c.fail("%s: reg byte %u = %02x, golden %02x", nm, i, trf[reg][i],
                           gold.treg[reg][i]);
                    break;
                }
            std::memcpy(trf[reg], gold.treg[reg], 1024);
        }
        // Sometimes the next request comes a few cycles later.
        for (unsigned i = rng->chance(50) ? rng->below(4) : 0; i > 0; i--) env_cycle();
    }
    if (!c.finish()) *ok = false;
}

void mutant(const char *argv0, bool *ok) {
    *ok &= tb::check_mutant(argv0, "test_rtl_lsu_mutant", "lsu_injected_bug_detected");
}

} // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0x4D6F73616963ull;
    tb::parse_args(argc, argv, &quick, &seed);
    VerilatedContext ctx;
    Vmosaic_tu_lsu top{&ctx};
    dut = &top;
    tb::Rng r(seed);
    rng = &r;
    bool ok = true;
    const auto t0 = std::chrono::steady_clock::now();

    for (int w = 0; w < 2; w++)
        for (uint32_t i = 0; i < kWinBytes; i++) gold_mem.w[w][i] = dut_mem.w[w][i] = (uint8_t)r.next();
    mosaic_tu_reset(&gold, nullptr);
    for (unsigned g = 0; g < 32; g++) std::memcpy(trf[g], gold.treg[g], 1024);
    tb::Case p("lsu_axi_protocol");
    proto = &p;
    do_reset();
    const unsigned n = quick ? 60 : 2000;
    for (unsigned size = 0; size < 4; size++) {
        run_class(false, size, n, &ok);
        run_class(true, size, n, &ok);
    }
    if (!p.finish()) ok = false;
    std::printf("# coverage: %llu bursts, %llu rows crossing 4 KiB, %llu insns ending at 2^32, "
                "stride <0 %llu, =0 %llu, overlapping %llu\n",
                (unsigned long long)st_bursts, (unsigned long long)st_split,
                (unsigned long long)st_top, (unsigned long long)st_neg,
                (unsigned long long)st_zero, (unsigned long long)st_overlap);
    if (!quick) mutant(argv[0], &ok);

    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_lsu: %s in %.1f s (%llu cycles)\n", ok ? "all cases passed" : "FAILURES",
                secs, (unsigned long long)cycles);
    top.final();
    return ok ? 0 : 1;
}
