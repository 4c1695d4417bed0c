/* Mosaic instruction-set simulator: RV32IM + Zicsr + Zicntr + Zifencei,
 * machine mode, with every tensor instruction delegated to the golden tensor unit
 * (mosaic_tu.h). Used by the mosaic-iss command and, through the stepping
 * API below, by the lockstep testbench (modelled on Ibex's co-simulation
 * step(): the testbench retires one instruction in the RTL, steps the ISS
 * once and compares the reported effects).
 *
 * All state lives in a mosaic_iss object; the library has no globals, so a
 * testbench may run several ISS instances side by side.
 */
#ifndef MOSAIC_ISS_H
#define MOSAIC_ISS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mosaic_tu.h"

typedef struct mosaic_iss mosaic_iss;

/* Scalar trap causes beyond the ones mosaic_tu.h names. */
#define MOSAIC_CAUSE_FETCH_MISALIGNED 0u
#define MOSAIC_CAUSE_FETCH_FAULT 1u
#define MOSAIC_CAUSE_BREAKPOINT 3u
#define MOSAIC_CAUSE_ECALL_M 11u
#define MOSAIC_CAUSE_INTERRUPT 0x80000000u
#define MOSAIC_IRQ_MTIMER 7u /* mcause = MOSAIC_CAUSE_INTERRUPT | 7 */

/* Bounded lists in one step's effects. Tensor stores and SDMA may write
 * thousands of bytes; adjacent ranges are merged and a list that overflows
 * counts what it dropped, so the testbench can fall back to comparing
 * memory contents. */
#define MOSAIC_ISS_MAX_MEMW 64
#define MOSAIC_ISS_MAX_CSRW 8

typedef struct {
    uint32_t addr;
    uint32_t len;  /* bytes; 1, 2 or 4 for scalar stores */
    uint32_t data; /* the stored value for len <= 4 (little-endian), else 0:
                      read the range back with mosaic_iss_read_mem */
} mosaic_iss_memw;

typedef struct {
    uint32_t csr, value; /* value after the write, as a read would see it */
} mosaic_iss_csrw;

/* Everything one step changed. Trap entry and mret report their implicit
 * CSR updates (mstatus, mepc, mcause, mtval) in csrw like explicit writes;
 * counter increments are not reported (they change on every step). */
typedef struct {
    uint32_t pc;      /* address of the instruction executed */
    uint32_t insn;    /* its bits (0 if the fetch itself faulted) */
    uint32_t next_pc; /* pc of the next instruction (trap vector on a trap) */

    /* An interrupt was taken before this instruction: `pc` is the first
     * instruction of the handler (riscv-formal's rvfi_intr convention). */
    bool intr;
    uint32_t intr_cause;

    /* The instruction trapped: it did not retire and changed nothing but the
     * trap CSRs (and the tensor status fields docs/isa.md R12 names). */
    bool trap;
    uint32_t cause, tval;

    bool rd_write; /* only for rd != x0 */
    uint32_t rd, rd_value;

    unsigned ncsrw;
    mosaic_iss_csrw csrw[MOSAIC_ISS_MAX_CSRW];

    unsigned nmemw;
    mosaic_iss_memw memw[MOSAIC_ISS_MAX_MEMW];
    unsigned memw_dropped; /* ranges that did not fit in memw */

    bool tensor;           /* a custom-0..3 instruction */
    uint32_t treg_written; /* bitmask of tensor registers written (data or tag) */
    bool tcsr_written;     /* some tensor CSR changed (sticky flags included) */
    uint32_t sdma_issued;  /* SDMA transfers accepted */
    uint32_t sdma_bytes;   /* bytes those transfers moved */
    uint64_t macs;         /* useful MACs of a completing tmma / mmacc */

    bool halted; /* the program ended in this step (see mosaic_iss_halt_*) */
} mosaic_iss_effects;

/* How a run ended. */
typedef enum {
    MOSAIC_ISS_RUNNING = 0,
    MOSAIC_ISS_HALT_TOHOST_PASS, /* tohost = 1 */
    MOSAIC_ISS_HALT_TOHOST_FAIL, /* tohost = (n << 1) | 1, n = halt_code */
    MOSAIC_ISS_HALT_TOHOST_BAD,  /* tohost even and non-zero: HTIF request
                                    this ISS does not serve; halt_code = value */
    MOSAIC_ISS_HALT_EXIT         /* simulation-control EXIT, halt_code = value */
} mosaic_iss_halt;

/* Create an ISS with memories sized from mosaic_memmap.h, reset. NULL if out
 * of memory. */
mosaic_iss *mosaic_iss_create(void);
void mosaic_iss_destroy(mosaic_iss *iss);

/* Reset: registers zero, pc = the loaded ELF's entry point (MOSAIC_RESET_PC
 * before any load), CSRs at reset values, tensor unit reset, counters and
 * statistics zero. Memory contents and the loaded symbols are kept. */
void mosaic_iss_reset(mosaic_iss *iss);

/* Load an ELF32 RISC-V executable: PT_LOAD segments copied at their physical
 * address (p_paddr; rest of memsz zeroed), pc = entry, symbols tohost /
 * begin_signature / end_signature looked up. On failure returns false and
 * writes one line describing what is wrong (no file name, no newline) to err;
 * memory may then be partly written. */
bool mosaic_iss_load_elf(mosaic_iss *iss, const char *path, char *err, size_t errlen);
bool mosaic_iss_load_elf_mem(mosaic_iss *iss, const uint8_t *buf, size_t len, char *err,
                             size_t errlen);

/* Load a data file at an address: spec is "FILE@ADDR" (ADDR decimal or
 * 0x hex). The whole file must lie inside one memory of mosaic_memmap.h
 * (RAM, main memory, scratchpad) and be non-empty. On failure returns false
 * and writes one line (naming the file, the range and the memory map, no
 * newline) to err; memory is then unchanged. Used by mosaic-iss and
 * mosaic-sim --load (sw/golden/iss_load.c). */
bool mosaic_iss_load_file(mosaic_iss *iss, const char *spec, char *err, size_t errlen);

/* Fault injection, as mosaic-sim --dram-poison gives the RTL's main-memory
 * model: every access to the 64-byte block at addr answers a bus error
 * (scalar loads and stores: access fault; tensor accesses: docs/isa.md R32).
 * addr 0 turns it off. Returns false, changing nothing, unless addr is 0 or
 * a 64-byte-aligned main-memory address. */
bool mosaic_iss_set_dram_poison(mosaic_iss *iss, uint32_t addr);
/* The addresses --dram-poison takes (mosaic-iss and mosaic-sim): a
 * 64-byte-aligned main-memory address (not 0). */
bool mosaic_dram_poison_ok(uint64_t addr);

/* Symbol addresses found by the loader. */
bool mosaic_iss_symbol(const mosaic_iss *iss, const char *name, uint32_t *addr);

/* Execute one instruction (taking a pending, enabled interrupt first).
 * eff may be NULL. Returns false, doing nothing, once the ISS has halted. */
bool mosaic_iss_step(mosaic_iss *iss, mosaic_iss_effects *eff);

mosaic_iss_halt mosaic_iss_halt_reason(const mosaic_iss *iss, uint32_t *halt_code);

/* Machine timer interrupt line. level < 0: mip.MTIP follows the CLINT
 * (mtime >= mtimecmp; the default); 0 or 1: forced by the caller (a
 * lockstep testbench mirrors the RTL's line this way). */
void mosaic_iss_set_irq(mosaic_iss *iss, int level);
/* mtime advances by one per retired instruction; a testbench may set it. */
void mosaic_iss_set_mtime(mosaic_iss *iss, uint64_t mtime);
uint64_t mosaic_iss_get_mtime(const mosaic_iss *iss);

uint32_t mosaic_iss_get_pc(const mosaic_iss *iss);
void mosaic_iss_set_pc(mosaic_iss *iss, uint32_t pc);
uint32_t mosaic_iss_get_reg(const mosaic_iss *iss, unsigned reg);
void mosaic_iss_set_reg(mosaic_iss *iss, unsigned reg, uint32_t value);
/* Read a CSR as csrr would, without side effects; false if the CSR does not
 * exist or is inaccessible (tensor CSRs while TS is Off). */
bool mosaic_iss_get_csr(const mosaic_iss *iss, uint32_t csr, uint32_t *value);
/* Copy memory out / in (RAM, main memory, scratchpad only). False if any
 * byte of the range is not backed by memory. */
bool mosaic_iss_read_mem(const mosaic_iss *iss, uint32_t addr, void *buf, uint32_t len);
bool mosaic_iss_write_mem(mosaic_iss *iss, uint32_t addr, const void *buf, uint32_t len);

/* The tensor unit (registers, tags, CSRs) for comparison after a step. */
const mosaic_tu *mosaic_iss_tu(const mosaic_iss *iss);

/* UART TX bytes go to this callback (default: none; the CLI prints them). */
void mosaic_iss_set_uart(mosaic_iss *iss, void (*tx)(void *ctx, uint8_t byte), void *ctx);

/* UART RX: rx(ctx, pop) returns the next received byte (removing it when pop
 * is true) or -1 when none is waiting (default: none ever). */
void mosaic_iss_set_uart_rx(mosaic_iss *iss, int (*rx)(void *ctx, bool pop), void *ctx);

/* Counters and statistics. */
typedef struct {
    uint64_t steps;          /* instructions executed, trapping ones included */
    uint64_t retired;        /* instructions retired */
    uint64_t tensor_retired; /* tensor instructions retired */
    uint64_t macs;           /* useful MACs */
    uint64_t sdma_bytes;     /* SDMA bytes moved */
    uint64_t traps, interrupts;
} mosaic_iss_stats;
void mosaic_iss_get_stats(const mosaic_iss *iss, mosaic_iss_stats *st);
/* Retired tensor instructions per mnemonic: index 0 .. mosaic_tensor_op_count()-1. */
uint64_t mosaic_iss_tensor_op_retired(const mosaic_iss *iss, unsigned op);

/* Disassembler (RV32IM, Zicsr, system and every tensor instruction). Writes
 * "mnemonic operands" to buf; pc resolves branch and jump targets. Unknown
 * encodings disassemble as ".insn 0x........". */
void mosaic_disasm(uint32_t insn, uint32_t pc, char *buf, size_t len);
/* CSR name for the disassembler and traces, or NULL. */
const char *mosaic_csr_name(uint32_t csr);
/* Tensor operation classes for statistics: the index of insn's mnemonic, or
 * -1 if insn is not a valid tensor encoding. */
int mosaic_tensor_op_index(uint32_t insn);
unsigned mosaic_tensor_op_count(void);
const char *mosaic_tensor_op_name(unsigned op);

#endif
