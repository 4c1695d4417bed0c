// mosaic-sim: Verilator driver for mosaic_soc (built with +define+RVFI).
//
// Deliberately thin: clock and reset, the program image into the RAMs, the
// waveform, and copying the RVFI port (plus the CSR and pipeline signals
// tb/verilator/mosaic_sim.vlt makes visible) into the C structs of sim.h.
// Options, the lockstep comparison, the end-of-run rules and the reports
// are C (sim_cli.c, cosim.c, sim_ctl.c).

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include <unistd.h>

#include "Vmosaic_soc.h"
#include "Vmosaic_soc___024root.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
#ifdef MOSAIC_SIM_FST
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "mosaic_iss.h"
#include "mosaic_memmap.h"
}
#include "sim.h"

namespace {

// A core that retires nothing for this long is hung (exit status 3).
constexpr uint64_t kHangCycles = 1000000;
// Reset is held for this many cycles (the async reset needs none; the extra
// cycles let non-reset state settle as it would on hardware).
constexpr int kResetCycles = 4;
// Cycles the tensor unit gets after the program's end to finish.
constexpr uint64_t kDrainCycles = 100000;

Vmosaic_soc *g_top;

#define ROOT (g_top->rootp)
#define CORE(sig) (ROOT->mosaic_soc__DOT__u_core__DOT__##sig)
#define CSR(sig) (ROOT->mosaic_soc__DOT__u_core__DOT__u_csr__DOT__##sig)

// Every internal signal the harness reads is read here and in sample_pipe;
// the names are listed in mosaic_sim.vlt.
void sample_csrs(sim_csrs *k)
{
    uint32_t ts = CSR(ts_q) & 3u;
    k->mstatus = (ts == 3u ? 1u << 31 : 0u) | ts << 23 | 3u << 11 |
                 (uint32_t)(CSR(mpie_q) & 1u) << 7 | (uint32_t)(CSR(mie_q) & 1u) << 3;
    k->mie = (uint32_t)(CSR(mtie_q) & 1u) << 7;
    k->mtvec = CSR(mtvec_q);
    k->mscratch = CSR(mscratch_q);
    k->mepc = CSR(mepc_q);
    k->mcause = CSR(mcause_q);
    k->mtval = CSR(mtval_q);
    k->mcountinhibit = CSR(mcountinhibit_q);
    k->mip = (uint32_t)(ROOT->mosaic_soc__DOT__irq_timer & 1u) << 7;
    k->minstret = CSR(minstret_q);
    k->mcycle = CSR(mcycle_q);
}

void sample_pipe(sim_pipe *p)
{
    p->wb_valid = CORE(wb_valid_q);
    p->wb_done = CORE(wb_done);
    p->wb_trap = CORE(wb_trap);
    p->wb_mem = CORE(wb_load_q) || CORE(wb_store_q);
    p->mem_valid = CORE(mem_valid_q);
    p->ex_valid = CORE(ex_valid_q);
    p->ex_hazard = CORE(ex_hazard);
    p->ex_md_wait = CORE(ex_md_wait);
}

void sample_rvfi(sim_rvfi *r)
{
    const Vmosaic_soc *t = g_top;
    r->order = t->rvfi_order;
    r->insn = t->rvfi_insn;
    r->pc_rdata = t->rvfi_pc_rdata;
    r->pc_wdata = t->rvfi_pc_wdata;
    r->trap = t->rvfi_trap;
    r->intr = t->rvfi_intr;
    r->rs1_addr = t->rvfi_rs1_addr;
    r->rs2_addr = t->rvfi_rs2_addr;
    r->rs1_rdata = t->rvfi_rs1_rdata;
    r->rs2_rdata = t->rvfi_rs2_rdata;
    r->rd_addr = t->rvfi_rd_addr;
    r->rd_wdata = t->rvfi_rd_wdata;
    r->mem_addr = t->rvfi_mem_addr;
    r->mem_rmask = t->rvfi_mem_rmask;
    r->mem_wmask = t->rvfi_mem_wmask;
    r->mem_rdata = t->rvfi_mem_rdata;
    r->mem_wdata = t->rvfi_mem_wdata;
}

#define MEM(m) (ROOT->mosaic_soc__DOT__u_mem__DOT__##m##__DOT__mem_q)

// Main memory is 128 bits wide (word w is word w % 4 of entry w / 4), the
// scratchpad 512 bits (word w is word w % 16 of entry w / 16), the RAM 32.
extern "C" void write_word(void *, int mem, uint32_t word, uint32_t value)
{
    switch (mem) {
    case 0: MEM(u_ram)[word] = value; break;
    case 1: MEM(u_main)[word / 4][word % 4] = value; break;
    default: MEM(u_scpad)[word / 16][word % 16] = value; break;
    }
}

extern "C" uint32_t read_word(void *, uint32_t addr)
{
    uint32_t off;
    if ((off = addr - MOSAIC_RAM_BASE) < MOSAIC_RAM_SIZE)
        return MEM(u_ram)[off / 4];
    if ((off = addr - MOSAIC_MAIN_BASE) < MOSAIC_MAIN_SIZE)
        return MEM(u_main)[off / 16][(off / 4) % 4];
    if ((off = addr - MOSAIC_SCPAD_BASE) < MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS)
        return MEM(u_scpad)[off / 64][(off / 4) % 16];
    return 0;
}

static void row_bytes(uint8_t out[64], const VlWide<16> &w)
{
    for (unsigned i = 0; i < 16; i++)
        for (unsigned b = 0; b < 4; b++)
            out[4 * i + b] = (uint8_t)(w[i] >> (8 * b));
}

void sample_tu_trace(sim_tu_trace *t)
{
    const Vmosaic_soc *v = g_top;
    t->trf_we = v->trace_tu_trf_we;
    t->trf_reg = v->trace_tu_trf_reg;
    t->trf_row = v->trace_tu_trf_row;
    t->trf_be = v->trace_tu_trf_be;
    row_bytes(t->trf_data, v->trace_tu_trf_data);
    t->trf1_we = v->trace_tu_trf1_we;
    t->trf1_reg = v->trace_tu_trf1_reg;
    t->trf1_row = v->trace_tu_trf1_row;
    row_bytes(t->trf1_data, v->trace_tu_trf1_data);
    t->done = v->trace_tu_done;
    t->done_seq = v->trace_tu_done_seq;
    t->done_tag = v->trace_tu_done_tag;
    t->sdma_done = v->trace_tu_sdma_done;
    t->sdma_seq = v->trace_tu_sdma_done_seq;
}

void tie_inputs(Vmosaic_soc *t)
{
    // The external coprocessor port (TensorUnit = 1) is unused: tie it off.
    t->tu_issue_ready_i = 0;
    t->tu_issue_accept_i = 0;
    t->tu_issue_writeback_i = 0;
    t->tu_issue_dirty_i = 0;
    t->tu_issue_exc_i = 0;
    t->tu_issue_exccode_i = 0;
    t->tu_issue_tval_i = 0;
    t->tu_result_valid_i = 0;
    t->tu_result_id_i = 0;
    t->tu_result_rd_i = 0;
    t->tu_result_we_i = 0;
    t->tu_result_data_i = 0;
    t->tu_fence_ready_i = 0;
    t->tu_hpm_mac_busy_i = 0;
    t->tu_hpm_mac_count_i = 0;
    t->tu_hpm_bank_conflict_i = 0;
    t->tu_hpm_sdma_bytes_i = 0;
    t->tu_hpm_sdma_busy_i = 0;
    t->uart_rx_i = 1;  // idle line unless --uart-pty drives it
}

#if VM_COVERAGE
// The coverage builds (make coverage, tools/coverage.py): every run writes
// its counts as files of its own in $MOSAIC_COVERAGE_DIR.
void write_coverage(VerilatedContext *ctx, const char *suffix)
{
    if (const char *dir = std::getenv("MOSAIC_COVERAGE_DIR")) {
        const std::string path = std::string(dir) + "/" + std::to_string(getpid()) + suffix;
        ctx->coveragep()->write(path.c_str());
    }
}
#endif

}  // namespace

int main(int argc, char **argv)
{
#ifdef MOSAIC_SIM_FST
    const bool fst_supported = true;
#else
    const bool fst_supported = false;
#endif
    sim_options o;
    int rc = sim_parse_args(argc, argv, &o, fst_supported);
    if (rc)
        return rc < 0 ? 0 : rc;

    mosaic_iss *iss = mosaic_iss_create();
    if (!iss)
        return sim_die("out of memory", "creating the ISS");
    char err[256];
    if (!mosaic_iss_load_elf(iss, o.elf, err, sizeof err)) {
        mosaic_iss_destroy(iss);
        return sim_die(err, o.elf);
    }
    // The lockstep ISS answers the poisoned block as the RTL's memory does
    // (the option is checked already).
    mosaic_iss_set_dram_poison(iss, o.dram_poison);
    // --load files go into the ISS's memories, so the image copy below puts
    // them into the model's too and the lockstep ISS sees the same data.
    for (int i = 0; i < o.nloads; i++) {
        if (!mosaic_iss_load_file(iss, o.loads[i], err, sizeof err)) {
            mosaic_iss_destroy(iss);
            std::fprintf(stderr, "mosaic-sim: %s\n", err);
            return SIM_EXIT_USAGE;
        }
    }
    uint32_t sig_begin = 0, sig_end = 0;
    if (o.signature && (rc = sim_signature_range(iss, o.elf, &sig_begin, &sig_end))) {
        mosaic_iss_destroy(iss);
        return rc;
    }
    uint32_t tohost = 0;
    if (!mosaic_iss_symbol(iss, "tohost", &tohost))
        tohost = 0;

    // Random initial values for every variable without a reset (and for X
    // assignments), from --seed: reset bugs show up as seed-dependent runs.
    auto ctx = std::make_unique<VerilatedContext>();
    // No plusargs reach the model (the RAMs' +ram_hex= loader stays unused:
    // the harness loads the program itself).
    ctx->commandArgs(1, argv);
#ifdef MOSAIC_SIM_MUTANT_ENV
    // The SoC mutant build only (rtl/prim/mosaic_mutant.svh): MOSAIC_MUTANT=N
    // becomes the model's +mutant=N, which picks the injected bug.
    std::string mutant_arg;
    if (const char *m = std::getenv("MOSAIC_MUTANT")) {
        mutant_arg = std::string("+mutant=") + m;
        const char *margv[1] = {mutant_arg.c_str()};
        ctx->commandArgsAdd(1, margv);
    }
#endif
    ctx->randReset(2);
    // A failing RTL assertion ($error, built with --assert) sets the
    // context's error flag instead of aborting, so the run ends below with
    // its own report and exit status rather than a core dump.
    ctx->fatalOnError(false);
    ctx->randSeed((int)o.seed);
    if (o.fst)
        ctx->traceEverOn(true);
    auto top = std::make_unique<Vmosaic_soc>(ctx.get(), "TOP");
    g_top = top.get();

#ifdef MOSAIC_SIM_FST
    std::unique_ptr<VerilatedFstC> fst;
    if (o.fst) {
        fst = std::make_unique<VerilatedFstC>();
        top->trace(fst.get(), 99);
        fst->open(o.fst);
        if (!fst->isOpen()) {
            mosaic_iss_destroy(iss);
            return sim_die("cannot write waveform", o.fst);
        }
    }
#endif

    FILE *trace = nullptr;
    if (o.trace) {
        trace = std::string(o.trace) == "-" ? stderr : std::fopen(o.trace, "w");
        if (!trace) {
            mosaic_iss_destroy(iss);
            return sim_die("cannot write trace", o.trace);
        }
    }

    // --uart-pty: UART output to the terminal (the RTL $writes to stdout),
    // the terminal's input onto the RX pin.
    sim_uart *uart = nullptr;
    if (o.uart_pty) {
        char name[128];
        if (!(uart = sim_uart_open(MOSAIC_SIM_UART_DIV, name, sizeof name, err, sizeof err)) ||
            std::fflush(stdout) || dup2(sim_uart_fd(uart), STDOUT_FILENO) < 0) {
            sim_uart_close(uart);
            mosaic_iss_destroy(iss);
            return sim_die(uart ? "cannot redirect stdout to the terminal" : err, "--uart-pty");
        }
        std::fprintf(stderr, "mosaic-sim: uart: %s\n", name);
        std::fflush(stderr);
    }

    cosim *cs = nullptr;
    if (o.cosim && !(cs = cosim_create(iss, &o))) {
        mosaic_iss_destroy(iss);
        return sim_die("out of memory", "creating the lockstep checker");
    }

    // Reset. The first eval runs the initial blocks (the RAMs zero
    // themselves), then the program goes in.
    uint64_t tick = 0, cycle = 0;
    auto dump = [&](uint64_t t) {
#ifdef MOSAIC_SIM_FST
        if (fst && cycle >= o.fst_start)
            fst->dump(t);
#else
        (void)t;
#endif
    };
    tie_inputs(g_top);
    top->dram_latency_i = o.dram_latency;
    top->dram_stall_pct_i = o.dram_stall_pct;
    top->dram_seed_i = o.dram_seed_set ? o.dram_seed : o.seed;
    top->dram_bw_i = o.dram_bw;
    top->dram_outstanding_i = o.dram_outstanding;
    top->dram_poison_i = o.dram_poison;
    top->tohost_addr_i = tohost;
    // Power-up: reset is asserted before the clock first rises, as on the
    // board. The first eval runs the initial blocks and leaves every flop
    // at its random value; the falling edge of rst_ni then resets the
    // asynchronously reset ones. Starting with rst_ni already low would
    // leave them random until the first clock edge, which a memory's write
    // port samples: a random write into the loaded program (seen as a
    // seed-dependent wrong instruction fetched thousands of cycles later).
    top->rst_ni = 1;
    top->clk_i = 0;
    top->eval();
    top->rst_ni = 0;
    top->eval();
    sim_copy_image(iss, write_word, nullptr);
    dump(0);
    for (int i = 0; i < kResetCycles; i++) {
        top->clk_i = 1;
        top->eval();
        dump(10 * ++tick);
        top->clk_i = 0;
        top->eval();
        dump(10 * tick + 5);
    }
    top->rst_ni = 1;
    top->eval();
#if VM_COVERAGE
    // Every bit has changed by now (the random initial state, then reset),
    // and toggle coverage counts every change: a snapshot here lets
    // tools/coverage.py count only what the program toggled.
    write_coverage(ctx.get(), ".reset");
#endif

    sim_stats st = {};
    sim_end end = {};
    bool ended = false;
    uint64_t last_retire = 0, exit_seen = 0;
    uint32_t last_pc = 0;
    sim_rvfi r;
    sim_csrs k;
    sim_pipe p;
    sim_tu_trace tt;
    char msg[256], se[96], sa[96];
    auto t0 = std::chrono::steady_clock::now();

    rc = -1;
    while (rc < 0) {
        if (uart)
            top->uart_rx_i = sim_uart_rx(uart);
        top->clk_i = 1;
        top->eval();
        cycle++;
        dump(10 * ++tick);
        if (ctx->gotError()) {
            // Verilator has printed "%Error: <file>:<line>: Assertion failed
            // in <hierarchy>: <label>" on stdout.
            fflush(stdout);
            fprintf(stderr, "mosaic-sim: cycle %" PRIu64 ": RTL assertion failed (named above)\n",
                    cycle);
            rc = SIM_EXIT_ASSERT;
            break;
        }

        if (o.stats) {
            sample_pipe(&p);
            sim_count_cycle(&st, &p);
        }
        if (top->rvfi_valid && !ended) {
            sample_rvfi(&r);
            st.retired++;
            st.traps += r.trap;
            st.interrupts += r.intr;
            last_retire = cycle;
            last_pc = r.pc_rdata;
            if (trace)
                sim_trace_line(trace, cycle, &r);
            if (cs) {
                sample_csrs(&k);
                if (!cosim_step(cs, &r, &k, cycle, stderr)) {
                    rc = SIM_EXIT_MISMATCH;
                    break;
                }
            }
            ended = sim_store_ends_run(&r, tohost, &end);
            if (cs && !cosim_check_end(cs, ended ? &end : nullptr, cycle, stderr)) {
                rc = SIM_EXIT_MISMATCH;
                break;
            }
            if (ended)
                exit_seen = exit_seen ? exit_seen : cycle;
        }
        if (cs) {
            sample_tu_trace(&tt);
            if (!cosim_tensor(cs, &tt, cycle, read_word, nullptr, stderr)) {
                rc = SIM_EXIT_MISMATCH;
                break;
            }
        }
        if (top->exit_valid_o && !exit_seen)
            exit_seen = cycle;

        // The tensor unit may still be executing instructions the core has
        // retired: let it finish them (they are checked) before stopping.
        if (ended && top->exit_valid_o && cs && cosim_tensor_pending(cs) &&
            cycle - exit_seen < kDrainCycles) {
            top->clk_i = 0;
            top->eval();
            dump(10 * tick + 5);
            continue;
        }
        if (ended && top->exit_valid_o && cs && cosim_tensor_pending(cs)) {
            snprintf(msg, sizeof msg, "%u retired tensor instructions never completed",
                     cosim_tensor_pending(cs));
            cosim_report(cs, stderr, cycle, msg, NULL, NULL);
            rc = SIM_EXIT_MISMATCH;
            break;
        }
        if (ended && top->exit_valid_o) {
            // The store that ends the run has retired and simulation control
            // has seen it; its exit code must agree.
            uint32_t want = sim_end_expected_code(&end);
            if (top->exit_code_o != want) {
                snprintf(se, sizeof se, "exit_code_o 0x%08" PRIx32, want);
                snprintf(sa, sizeof sa, "exit_code_o 0x%08" PRIx32, top->exit_code_o);
                if (cs)
                    cosim_report(cs, stderr, cycle, "simulation control exit code", se, sa);
                else
                    fprintf(stderr, "mosaic-sim: simulation control: expected %s, got %s\n", se, sa);
                rc = SIM_EXIT_MISMATCH;
            } else {
                rc = sim_end_status(&end);
            }
            break;
        }
        if (exit_seen && cycle - exit_seen > 8) {
            // exit_valid_o without a store that ends the run, or the reverse.
            snprintf(msg, sizeof msg, "%s",
                     ended ? "a store ended the program but exit_valid_o did not rise"
                           : "exit_valid_o rose but no retired store ends the program");
            if (cs)
                cosim_report(cs, stderr, cycle, msg, NULL, NULL);
            else
                fprintf(stderr, "mosaic-sim: cycle %" PRIu64 ": %s (exit_code_o 0x%08" PRIx32 ")\n",
                        cycle, msg, top->exit_code_o);
            rc = SIM_EXIT_MISMATCH;
            break;
        }
        if (o.max_cycles && cycle >= o.max_cycles) {
            fflush(stdout);
            fprintf(stderr, "mosaic-sim: cycle limit reached: %" PRIu64 " cycles, %" PRIu64
                            " instructions, pc 0x%08" PRIx32 "\n",
                    cycle, st.retired, last_pc);
            rc = SIM_EXIT_LIMIT;
            break;
        }
        if (cycle - last_retire >= kHangCycles) {
            fflush(stdout);
            fprintf(stderr, "mosaic-sim: no instruction retired for %" PRIu64 " cycles (hang): cycle %"
                            PRIu64 ", last retired pc 0x%08" PRIx32 "\n",
                    kHangCycles, cycle, last_pc);
            if (cs) {
                // The lockstep ISS stands at the instruction the core cannot
                // retire; name it, and the tensor work still outstanding.
                uint32_t pc = mosaic_iss_get_pc(iss), insn = 0;
                char dis[96];
                if (mosaic_iss_read_mem(iss, pc, &insn, 4))
                    mosaic_disasm(insn, pc, dis, sizeof dis);
                else
                    snprintf(dis, sizeof dis, "(not readable)");
                fprintf(stderr, "mosaic-sim: waiting at pc 0x%08" PRIx32 " %s; %u retired tensor "
                                "instructions not completed\n",
                        pc, dis, cosim_tensor_pending(cs));
                if (cosim_tensor_oldest(cs, &pc, &insn)) {
                    mosaic_disasm(insn, pc, dis, sizeof dis);
                    fprintf(stderr, "mosaic-sim: oldest tensor instruction not completed: pc 0x%08"
                                    PRIx32 " %s\n", pc, dis);
                }
            }
            rc = SIM_EXIT_LIMIT;
            break;
        }

        top->clk_i = 0;
        top->eval();
        dump(10 * tick + 5);
    }
    st.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    st.cycles = cycle;
    fflush(stdout);

    if (o.signature) {
        int src = sim_write_signature(o.signature, sig_begin, sig_end, read_word, nullptr);
        if (src && !rc)
            rc = src;
    }
    if (o.stats)
        sim_print_stats(stderr, &st, cs != nullptr);

    if (trace && trace != stderr)
        std::fclose(trace);
    top->final();
#if VM_COVERAGE
    write_coverage(ctx.get(), ".dat");
#endif
#ifdef MOSAIC_SIM_FST
    if (fst)
        fst->close();
#endif
    cosim_destroy(cs);
    sim_uart_close(uart);
    mosaic_iss_destroy(iss);
    return rc;
}
