// Module test: the RTL's assertions (rtl/prim/mosaic_assert.svh) are real.
// tb/modules/tb_assert.sv puts the FIFO, the AXI protocol checker and the
// tile register file in one model built with --assert; each case drives one
// rule's violation and must end with exactly that assertion's report, and a
// clean case that exercises every rule's legal edge (held handshakes,
// a burst ending on a 4 KiB boundary, a TRF bank conflict) must end with
// none. So an assertion compiled out, never evaluated, or firing on legal
// traffic fails here.
//
// Each case runs in a child process (a failed assertion ends a Verilator
// run); the parent reads the child's output and exit status.
//
// Cases: assert_clean, then one per assertion label: assert_<Label>.
//
// Usage: test_rtl_assert [--quick] [--seed N]   (both accepted, no effect:
// the cases are fixed sequences)
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "Vtb_assert.h"
#include "tb_check.h"
#include "verilated.h"

namespace {

// Exit status of a child whose run an assertion stopped.
constexpr int kAssertExit = 5;

class Bench {
  public:
    Bench() : d_(&ctx_) {
        ctx_.fatalOnError(false);
        idle();
        d_.rst_ni = 0;
        d_.clk_i = 0;
        d_.eval();
        tick();
        tick();
        d_.rst_ni = 1;
        d_.eval();
    }

    Vtb_assert &d() { return d_; }

    // One clock cycle; an assertion failure ends the child here.
    void tick() {
        d_.clk_i = 1;
        d_.eval();
        if (ctx_.gotError()) {
            std::fflush(stdout);
            _exit(kAssertExit);
        }
        d_.clk_i = 0;
        d_.eval();
    }

    void ticks(unsigned n) {
        for (unsigned i = 0; i < n; i++) tick();
    }

    void wait_trf_init() {
        for (unsigned i = 0; i < 200 && !d_.t_init_done_o; i++) tick();
    }

    // Everything low; the AXI payload fields at legal values (INCR, 8-byte beats).
    void idle() {
        d_.f_push_i = 0;
        d_.f_pop_i = 0;
        d_.f_wdata_i = 0;
        d_.awaddr_i = 0;
        d_.awlen_i = 0;
        d_.awsize_i = 3;
        d_.awburst_i = 1;
        d_.awvalid_i = 0;
        d_.awready_i = 0;
        d_.wdata_i = 0;
        d_.wstrb_i = 0xFF;
        d_.wlast_i = 0;
        d_.wvalid_i = 0;
        d_.wready_i = 0;
        d_.bresp_i = 0;
        d_.bvalid_i = 0;
        d_.bready_i = 0;
        d_.araddr_i = 0;
        d_.arlen_i = 0;
        d_.arsize_i = 3;
        d_.arburst_i = 1;
        d_.arvalid_i = 0;
        d_.arready_i = 0;
        d_.rdata_i = 0;
        d_.rresp_i = 0;
        d_.rlast_i = 0;
        d_.rvalid_i = 0;
        d_.rready_i = 0;
        d_.t_rd0_req_i = 0;
        d_.t_rd1_req_i = 0;
        d_.t_rd0_reg_i = 0;
        d_.t_rd1_reg_i = 0;
        d_.t_rd0_row_i = 0;
        d_.t_rd1_row_i = 0;
        d_.t_wr_req_i = 0;
        d_.t_wr1_req_i = 0;
        d_.t_wr_reg_i = 0;
        d_.t_wr1_reg_i = 0;
    }

    // Legal single handshakes.
    void ar(uint32_t addr, unsigned len) {
        d_.araddr_i = addr;
        d_.arlen_i = len;
        d_.arvalid_i = 1;
        d_.arready_i = 1;
        tick();
        d_.arvalid_i = 0;
        d_.arready_i = 0;
    }
    void aw(uint32_t addr, unsigned len) {
        d_.awaddr_i = addr;
        d_.awlen_i = len;
        d_.awvalid_i = 1;
        d_.awready_i = 1;
        tick();
        d_.awvalid_i = 0;
        d_.awready_i = 0;
    }
    void w(uint64_t data, bool last) {
        d_.wdata_i = data;
        d_.wlast_i = last;
        d_.wvalid_i = 1;
        d_.wready_i = 1;
        tick();
        d_.wvalid_i = 0;
        d_.wready_i = 0;
        d_.wlast_i = 0;
    }
    void r(uint64_t data, bool last) {
        d_.rdata_i = data;
        d_.rlast_i = last;
        d_.rvalid_i = 1;
        d_.rready_i = 1;
        tick();
        d_.rvalid_i = 0;
        d_.rready_i = 0;
        d_.rlast_i = 0;
    }

  private:
    VerilatedContext ctx_;
    Vtb_assert d_;
};

// ---------------------------------------------------------------------------
// Scenarios. Each drives the bench; the legal parts use the helpers above.
// ---------------------------------------------------------------------------

// Every rule at its legal edge; no assertion may fire.
void clean(Bench &b) {
    auto &d = b.d();
    // FIFO: fill to full, pop and push together, drain to empty.
    for (unsigned i = 0; i < 4; i++) {
        d.f_push_i = 1;
        d.f_wdata_i = i;
        b.tick();
    }
    d.f_push_i = 0;
    d.f_pop_i = 1;
    b.tick();
    d.f_push_i = 1;
    b.tick();
    d.f_push_i = 0;
    for (unsigned i = 0; i < 3; i++) b.tick();  // the last pop empties it
    d.f_pop_i = 0;

    // AR held for two cycles without ready, payload stable; the burst ends
    // exactly on a 4 KiB boundary (0xFE0 + 4 x 8 = 0x1000).
    d.araddr_i = 0xFE0;
    d.arlen_i = 3;
    d.arvalid_i = 1;
    b.ticks(2);
    d.arready_i = 1;
    b.tick();
    d.arvalid_i = 0;
    d.arready_i = 0;
    // R beats with a held beat (rready low), rlast on the fourth.
    for (unsigned i = 0; i < 4; i++) {
        d.rdata_i = 0x100 + i;
        d.rlast_i = i == 3;
        d.rvalid_i = 1;
        d.rready_i = 0;
        b.tick();
        d.rready_i = 1;
        b.tick();
    }
    d.rvalid_i = 0;
    d.rready_i = 0;
    d.rlast_i = 0;

    // AW held, then two W beats (one held), then B held.
    d.awaddr_i = 0x2000;
    d.awlen_i = 1;
    d.awvalid_i = 1;
    b.tick();
    d.awready_i = 1;
    b.tick();
    d.awvalid_i = 0;
    d.awready_i = 0;
    d.wdata_i = 7;
    d.wvalid_i = 1;
    b.tick();
    d.wready_i = 1;
    b.tick();
    b.w(8, true);
    d.bvalid_i = 1;
    b.tick();
    d.bready_i = 1;
    b.tick();
    d.bvalid_i = 0;
    d.bready_i = 0;

    // Fifteen reads outstanding (the checker's limit is sixteen), answered.
    for (unsigned i = 0; i < 15; i++) b.ar(0x40u * i, 0);
    for (unsigned i = 0; i < 15; i++) b.r(i, true);

    // TRF: a bank conflict held through its stall; writes to two banks.
    b.wait_trf_init();
    d.t_rd0_req_i = 1;
    d.t_rd0_reg_i = 0;
    d.t_rd0_row_i = 0;
    d.t_rd1_req_i = 1;
    d.t_rd1_reg_i = 4;
    d.t_rd1_row_i = 1;
    d.eval();
    for (unsigned i = 0; i < 4 && !d.t_rd_ready_o; i++) b.tick();
    b.tick();
    d.t_rd0_req_i = 0;
    d.t_rd1_req_i = 0;
    d.t_wr_req_i = 1;
    d.t_wr_reg_i = 1;
    d.t_wr1_req_i = 1;
    d.t_wr1_reg_i = 6;
    b.tick();
    d.t_wr_req_i = 0;
    d.t_wr1_req_i = 0;
    b.ticks(4);
}

void push_full(Bench &b) {
    b.d().f_push_i = 1;
    b.ticks(6);
}

void pop_empty(Bench &b) {
    b.d().f_pop_i = 1;
    b.ticks(2);
}

void ar_hold(Bench &b) {
    auto &d = b.d();
    d.araddr_i = 0x100;
    d.arlen_i = 1;
    d.arvalid_i = 1;
    b.tick();
    d.araddr_i = 0x140;  // changed while waiting for ready
    b.ticks(2);
}

void aw_hold(Bench &b) {
    auto &d = b.d();
    d.awvalid_i = 1;
    b.tick();
    d.awvalid_i = 0;  // withdrawn before ready
    b.ticks(2);
}

void w_hold(Bench &b) {
    auto &d = b.d();
    b.aw(0x0, 1);
    d.wdata_i = 1;
    d.wvalid_i = 1;
    b.tick();
    d.wdata_i = 2;  // changed while waiting for ready
    b.ticks(2);
}

void r_hold(Bench &b) {
    auto &d = b.d();
    b.ar(0x0, 1);
    d.rdata_i = 5;
    d.rvalid_i = 1;
    b.tick();
    d.rvalid_i = 0;  // withdrawn before ready
    b.ticks(2);
}

void b_hold(Bench &b) {
    auto &d = b.d();
    b.aw(0x0, 0);
    b.w(1, true);
    d.bvalid_i = 1;
    b.tick();
    d.bresp_i = 2;  // changed while waiting for ready
    b.ticks(2);
}

void ar_burst(Bench &b) {
    b.d().arburst_i = 2;  // WRAP
    b.ar(0x0, 3);
    b.ticks(2);
}

void aw_burst(Bench &b) {
    b.d().awsize_i = 4;  // 16-byte beats on an 8-byte bus
    b.aw(0x0, 0);
    b.ticks(2);
}

void ar_4k(Bench &b) {
    b.ar(0xFF8, 1);  // 0xFF8 + 2 x 8 passes 0x1000
    b.ticks(2);
}

void aw_4k(Bench &b) {
    b.aw(0x1FC0, 8);  // 0xFC0 + 9 x 8 passes 0x1000
    b.ticks(2);
}

void w_no_aw(Bench &b) {
    b.w(1, true);
    b.ticks(2);
}

void w_last(Bench &b) {
    b.aw(0x0, 1);
    b.w(1, true);  // wlast on the first of two beats
    b.ticks(2);
}

void r_no_req(Bench &b) {
    b.r(1, true);
    b.ticks(2);
}

void r_last(Bench &b) {
    b.ar(0x0, 0);
    b.r(1, false);  // a one-beat burst without rlast
    b.ticks(2);
}

void b_no_req(Bench &b) {
    auto &d = b.d();
    b.aw(0x0, 1);
    b.w(1, false);  // data not complete
    d.bvalid_i = 1;
    d.bready_i = 1;
    b.ticks(2);
}

void depth(Bench &b) {
    for (unsigned i = 0; i < 17; i++) b.ar(0x40u * i, 0);
    b.ticks(2);
}

void wr1_bank(Bench &b) {
    auto &d = b.d();
    b.wait_trf_init();
    d.t_wr_req_i = 1;
    d.t_wr_reg_i = 1;
    d.t_wr1_req_i = 1;
    d.t_wr1_reg_i = 5;  // bank 1 as well
    b.ticks(2);
}

void rd_hold(Bench &b) {
    auto &d = b.d();
    b.wait_trf_init();
    d.t_rd0_req_i = 1;
    d.t_rd0_reg_i = 0;
    d.t_rd1_req_i = 1;
    d.t_rd1_reg_i = 4;  // bank 0, another row: a conflict stall
    d.t_rd1_row_i = 1;
    b.tick();
    d.t_rd1_reg_i = 8;  // changed during the stall
    b.ticks(2);
}

struct Scenario {
    const char *label;  // the assertion that must fire, or nullptr
    const char *inst;   // its instance under tb_assert (the checker's
                        // properties sit in the generate block of their
                        // role: g_master_asserted, g_slave_asserted, g_w_asserted)
    void (*run)(Bench &);
};

const Scenario kScenarios[] = {
    {nullptr, nullptr, clean},
    {"PushFullA", "u_fifo", push_full},
    {"PopEmptyA", "u_fifo", pop_empty},
    {"ArHoldA", "u_axi.g_master_asserted", ar_hold},
    {"AwHoldA", "u_axi.g_master_asserted", aw_hold},
    {"WHoldA", "u_axi.g_master_asserted", w_hold},
    {"RHoldA", "u_axi.g_slave_asserted", r_hold},
    {"BHoldA", "u_axi.g_slave_asserted", b_hold},
    {"ArBurstA", "u_axi.g_master_asserted", ar_burst},
    {"AwBurstA", "u_axi.g_master_asserted", aw_burst},
    {"Ar4kA", "u_axi.g_master_asserted", ar_4k},
    {"Aw4kA", "u_axi.g_master_asserted", aw_4k},
    {"WNoAwA", "u_axi.g_w_asserted", w_no_aw},
    {"WLastA", "u_axi.g_master_asserted", w_last},
    {"RNoReqA", "u_axi.g_slave_asserted", r_no_req},
    {"RLastA", "u_axi.g_slave_asserted", r_last},
    {"BNoReqA", "u_axi.g_slave_asserted", b_no_req},
    {"CheckerDepthA", "u_axi", depth},
    {"Wr1BankA", "u_trf", wr1_bank},
    {"RdHoldA", "u_trf", rd_hold},
};

// Run one scenario in a child; returns its exit status (-1 on a signal) and
// its output in *out.
int run_child(const Scenario &s, std::string *out) {
    int fd[2];
    if (pipe(fd) != 0) return -1;
    std::fflush(stdout);
    const pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 1);
        dup2(fd[1], 2);
        {
            Bench b;
            s.run(b);
            b.ticks(4);
        }
        std::fflush(stdout);
        _exit(0);
    }
    close(fd[1]);
    char buf[4096];
    ssize_t n;
    while ((n = read(fd[0], buf, sizeof buf)) > 0) out->append(buf, (size_t)n);
    close(fd[0]);
    int st = 0;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

unsigned count(const std::string &s, const char *what) {
    unsigned n = 0;
    for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) n++;
    return n;
}

// The first line of the child's output, for a failure report.
std::string first_line(const std::string &s) {
    const size_t e = s.find('\n');
    return s.substr(0, e == std::string::npos ? s.size() : e);
}

bool check(const Scenario &s) {
    tb::Case c(std::string("assert_") + (s.label ? s.label : "clean"));
    std::string out;
    const int rc = run_child(s, &out);
    c.vector();
    const unsigned fired = count(out, "Assertion failed");
    if (!s.label) {
        if (rc != 0 || fired)
            c.fail("legal traffic: exit %d, %u assertion report(s): %s", rc, fired,
                   first_line(out).c_str());
    } else {
        const std::string want =
            std::string("Assertion failed in TOP.tb_assert.") + s.inst + "." + s.label + ":";
        if (rc != kAssertExit)
            c.fail("exit %d, want %d (the run stopped by the assertion)", rc, kAssertExit);
        if (fired != 1 || out.find(want) == std::string::npos)
            c.fail("want one report \"%s\", got %u: %s", want.c_str(), fired,
                   first_line(out).c_str());
    }
    return c.finish();
}

}  // namespace

int main(int argc, char **argv) {
    bool quick = false;
    uint64_t seed = 0;
    tb::parse_args(argc, argv, &quick, &seed);
    const auto t0 = std::chrono::steady_clock::now();
    bool ok = true;
    for (const Scenario &s : kScenarios) ok = check(s) && ok;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("# test_rtl_assert: %s in %.1f s\n", ok ? "all cases passed" : "FAILURES", secs);
    return ok ? 0 : 1;
}
