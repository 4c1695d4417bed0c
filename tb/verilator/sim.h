/* mosaic-sim: the Verilator model of mosaic_soc run in lockstep with the
 * golden ISS. The C++ file (sim_main.cpp) only drives the model: clock,
 * reset, memories, waveform, and copying the RVFI port and a few internal
 * signals into the plain structs below. Everything else is C:
 *
 *   sim_cli.c   options and usage
 *   sim_ctl.c   ELF image, end-of-run detection, exit status, statistics,
 *               signature
 *   cosim.c     the lockstep comparison and its mismatch report
 *
 * docs/verification.md "## Lockstep testbench" describes the behaviour. */
#ifndef MOSAIC_SIM_H
#define MOSAIC_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mosaic_iss.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SIM_EXIT_ASSERT: an RTL assertion (rtl/prim/mosaic_assert.svh) failed. */
enum { SIM_EXIT_MISMATCH = 1, SIM_EXIT_USAGE = 2, SIM_EXIT_LIMIT = 3, SIM_EXIT_HTIF = 4,
       SIM_EXIT_ASSERT = 5 };

/* ---- Options (sim_cli.c) -------------------------------------------------- */

typedef struct {
    const char *argv0;     /* this program, for the reproduce line */
    const char *elf;
    const char *fst;       /* waveform file, NULL: none */
    const char *signature; /* signature file, NULL: none */
    const char *trace;     /* retirement trace file ("-": stderr), NULL: none */
    uint64_t max_cycles;   /* 0: no limit */
    uint64_t fst_start;    /* first cycle dumped */
    uint32_t seed;         /* Verilator randomisation seed */
    uint32_t dram_latency, dram_stall_pct, dram_seed; /* main-memory model */
    bool dram_seed_set;
    uint32_t dram_bw;          /* bytes per cycle, 0: no limit */
    uint32_t dram_outstanding; /* bursts per direction, 0: no limit */
    uint32_t dram_poison;      /* 64-byte block answering bus errors, 0: none */
    bool cosim;            /* lockstep with the ISS (default) */
    bool fst_supported;    /* this binary was built with waveform support */
    bool stats;
    const char *loads[16]; /* --load FILE@ADDR, in order (mosaic_iss_load_file) */
    int nloads;
    bool uart_pty;         /* UART on a pseudo-terminal (sim_uart.c) */
} sim_options;

/* Parse argv. Returns 0 to run, -1 after printing --help (exit 0), or an exit
 * status (SIM_EXIT_USAGE) after printing one error line. fst_supported says
 * whether this binary was built with waveform support. */
int sim_parse_args(int argc, char **argv, sim_options *o, bool fst_supported);

/* Print "mosaic-sim: <what>: <where>" on stderr; returns SIM_EXIT_USAGE. */
int sim_die(const char *what, const char *where);

/* ---- UART on a pseudo-terminal (sim_uart.c) ------------------------------ */

typedef struct sim_uart sim_uart;

/* Open a pseudo-terminal in raw mode for a UART of div clock cycles per bit;
 * its name goes into name. NULL with a message in err on failure. */
sim_uart *sim_uart_open(unsigned div, char *name, size_t namelen, char *err, size_t errlen);
/* The file descriptor the UART's output should be written to. */
int sim_uart_fd(const sim_uart *u);
/* The RX pin's level for the next clock cycle (call once per cycle): bytes
 * read from the terminal, 8N1, LSB first, div cycles per bit; idle high. */
int sim_uart_rx(sim_uart *u);
/* Wait (up to 5 s) until the host has read all UART output, then close. */
void sim_uart_close(sim_uart *u);

/* ---- What the model shows each cycle (filled by sim_main.cpp) ------------- */

/* One RVFI record (riscv-formal names; the core's conventions:
 * mem_addr is the byte address, the masks cover the access size from bit 0
 * and the data are shifted down to bit 0). */
typedef struct {
    uint64_t order;
    uint32_t insn;
    uint32_t pc_rdata, pc_wdata;
    bool trap, intr;
    uint32_t rs1_addr, rs2_addr, rs1_rdata, rs2_rdata;
    uint32_t rd_addr, rd_wdata;
    uint32_t mem_addr, mem_rmask, mem_wmask, mem_rdata, mem_wdata;
} sim_rvfi;

/* The core's architectural CSR state, read right after the retirement (RVFI
 * has no CSR fields in this core; sim_main.cpp reads the CSR registers). */
typedef struct {
    uint32_t mstatus, mie, mtvec, mscratch, mepc, mcause, mtval, mcountinhibit;
    uint32_t mip; /* MTIP = the CLINT's timer line now (timing: never compared) */
    uint64_t minstret, mcycle;
} sim_csrs;

/* Pipeline state for the cycle breakdown of --stats. */
typedef struct {
    bool wb_valid, wb_done, wb_trap, wb_mem;
    bool mem_valid, ex_valid, ex_hazard, ex_md_wait;
} sim_pipe;

enum {
    SIM_CY_RETIRE,  /* an instruction completes write-back */
    SIM_CY_TRAP,    /* a trap or interrupt is taken in write-back */
    SIM_CY_MEMWAIT, /* write-back waits for a load/store response */
    SIM_CY_WBWAIT,  /* write-back waits otherwise (wfi, fence, coprocessor) */
    SIM_CY_MULDIV,  /* write-back empty: execute busy in mul/div */
    SIM_CY_HAZARD,  /* write-back empty: execute waits for an operand */
    SIM_CY_BUBBLE,  /* write-back empty otherwise: refill after a redirect */
    SIM_CY_COUNT
};

/* The tensor unit's trace port (mosaic_tu trace_*_o, through mosaic_soc):
 * the TRF rows written at the next clock edge (write port 0 with byte enables,
 * port 1 a whole row of another register), and an accepted, non-trapping
 * custom-opcode instruction completing (its sequence number and the format
 * tag of its rd); SDMA transfers complete on a channel of their own. */
typedef struct {
    bool trf_we;
    uint32_t trf_reg, trf_row;
    uint64_t trf_be;
    uint8_t trf_data[64];
    bool trf1_we;
    uint32_t trf1_reg, trf1_row;
    uint8_t trf1_data[64];
    bool done;
    uint32_t done_seq, done_tag;
    bool sdma_done;
    uint32_t sdma_seq;
} sim_tu_trace;

/* ---- Run control (sim_ctl.c) ----------------------------------------------- */

typedef struct {
    uint64_t cycles;             /* clock cycles since reset was released */
    uint64_t retired;            /* RVFI records (trapping instructions too) */
    uint64_t traps, interrupts;  /* of those: rvfi_trap, rvfi_intr */
    uint64_t cy[SIM_CY_COUNT];   /* --stats cycle breakdown */
    double seconds;              /* wall time of the clocked part */
} sim_stats;

void sim_count_cycle(sim_stats *st, const sim_pipe *p);
/* One line per RVFI record: cycle, pc, instruction, disassembly, effects. */
void sim_trace_line(FILE *f, uint64_t cycle, const sim_rvfi *r);
void sim_print_stats(FILE *f, const sim_stats *st, bool cosim);

/* Copy the loaded program from the ISS's memories into the model: calls
 * write(ctx, mem, word_index, value) for every non-zero word; mem 0 = RAM,
 * 1 = main memory, 2 = scratchpad (the model's memories start zeroed). */
typedef void (*sim_mem_write_fn)(void *ctx, int mem, uint32_t word, uint32_t value);
void sim_copy_image(const mosaic_iss *iss, sim_mem_write_fn write, void *ctx);

/* How the program ends. A retired store that writes a non-zero value into
 * the low word of tohost or any value into simulation-control EXIT ends it
 * (the same rule as mosaic_simctrl and the ISS). */
typedef enum { SIM_END_NONE = 0, SIM_END_TOHOST, SIM_END_EXIT } sim_end_kind;
typedef struct {
    sim_end_kind kind;
    uint32_t value; /* tohost word (lanes written) or EXIT value */
    uint32_t pc;
} sim_end;

/* Does this retired instruction end the run? tohost = 0: no tohost symbol. */
bool sim_store_ends_run(const sim_rvfi *r, uint32_t tohost, sim_end *end);
/* The exit_code_o value mosaic_simctrl must show for this end. */
uint32_t sim_end_expected_code(const sim_end *end);
/* Print the outcome like mosaic-iss ("FAIL: test n", unsupported HTIF
 * request) and return the exit status. */
int sim_end_status(const sim_end *end);

/* Write the words [begin, end) as riscv-arch-test hex lines; read(ctx, addr)
 * returns a word of the model's memory. Returns 0 or SIM_EXIT_USAGE. */
int sim_write_signature(const char *path, uint32_t begin, uint32_t end,
                        uint32_t (*read)(void *ctx, uint32_t addr), void *ctx);
/* Check begin/end symbols exist and lie in one memory; 0 or an exit status. */
int sim_signature_range(const mosaic_iss *iss, const char *elf, uint32_t *begin, uint32_t *end);

/* ---- Lockstep (cosim.c) --------------------------------------------------- */

typedef struct cosim cosim;

cosim *cosim_create(mosaic_iss *iss, const sim_options *o);
void cosim_destroy(cosim *c);

/* Step the ISS for one RVFI record and compare. On the first difference
 * prints the report to f and returns false. csrs may be NULL. */
bool cosim_step(cosim *c, const sim_rvfi *r, const sim_csrs *csrs, uint64_t cycle, FILE *f);
/* After cosim_step: does the ISS end the program where the RTL does (end
 * = NULL: the RTL goes on), and the same way? Prints the report and
 * returns false if not. */
bool cosim_check_end(cosim *c, const sim_end *end, uint64_t cycle, FILE *f);
/* One cycle of the tensor unit's trace: mirror TRF writes and compare each
 * completed tensor instruction with the ISS's effects recorded at its
 * retirement (cosim_tensor.h). read reads a word of the model's memories.
 * Prints the report and returns false on the first difference. */
bool cosim_tensor(cosim *c, const sim_tu_trace *tr, uint64_t cycle,
                  uint32_t (*read)(void *, uint32_t), void *ctx, FILE *f);
/* Tensor instructions retired but not yet completed by the RTL. */
unsigned cosim_tensor_pending(const cosim *c);
/* The oldest of them (pc and word); false if none is pending. */
bool cosim_tensor_oldest(const cosim *c, uint32_t *pc, uint32_t *insn);
/* Tensor instructions whose effects were compared. */
uint64_t cosim_tensor_checked(const cosim *c);
/* Report a difference found outside cosim_step (end of run, hang). what is
 * one line; expected/actual may be NULL. */
void cosim_report(cosim *c, FILE *f, uint64_t cycle, const char *what, const char *expected,
                  const char *actual);

#ifdef __cplusplus
}
#endif

#endif
