/* Internal interface between the ISS files:
 *   iss_core.c    fetch, decode, RV32IM execute, step/retire
 *   iss_csr.c     CSRs, counters, traps, interrupts, mret
 *   iss_mem.c     bus: memories, MMIO (CLINT, UART, sim control), tohost,
 *                 the tensor unit's view of memory
 *   iss_tensor.c  custom-0..3 glue to the golden tensor unit
 *   iss_elf.c     ELF32 loader and symbol table
 *   iss_disasm.c  disassembler and tensor-op classes
 */
#ifndef MOSAIC_ISS_INTERNAL_H
#define MOSAIC_ISS_INTERNAL_H

#include "mosaic_iss.h"
#include "mosaic_memmap.h"

/* Standard machine CSR addresses the ISS implements. */
enum {
    CSR_MSTATUS = 0x300,
    CSR_MISA = 0x301,
    CSR_MIE = 0x304,
    CSR_MTVEC = 0x305,
    CSR_MCOUNTINHIBIT = 0x320,
    CSR_MHPMEVENT3 = 0x323,
    CSR_MHPMEVENT31 = 0x33F,
    CSR_MSCRATCH = 0x340,
    CSR_MEPC = 0x341,
    CSR_MCAUSE = 0x342,
    CSR_MTVAL = 0x343,
    CSR_MIP = 0x344,
    CSR_TSELECT = 0x7A0,
    CSR_TDATA1 = 0x7A1,
    CSR_TDATA2 = 0x7A2,
    CSR_TDATA3 = 0x7A3,
    CSR_TINFO = 0x7A4,
    CSR_MCYCLE = 0xB00,
    CSR_MINSTRET = 0xB02,
    CSR_MHPMCOUNTER3 = 0xB03,
    CSR_MHPMCOUNTER31 = 0xB1F,
    CSR_MCYCLEH = 0xB80,
    CSR_MINSTRETH = 0xB82,
    CSR_MHPMCOUNTER3H = 0xB83,
    CSR_MHPMCOUNTER31H = 0xB9F,
    CSR_CYCLE = 0xC00,
    CSR_TIME = 0xC01,
    CSR_INSTRET = 0xC02,
    CSR_HPMCOUNTER3 = 0xC03,
    CSR_HPMCOUNTER31 = 0xC1F,
    CSR_CYCLEH = 0xC80,
    CSR_TIMEH = 0xC81,
    CSR_INSTRETH = 0xC82,
    CSR_HPMCOUNTER3H = 0xC83,
    CSR_HPMCOUNTER31H = 0xC9F,
    CSR_MVENDORID = 0xF11,
    CSR_MARCHID = 0xF12,
    CSR_MIMPID = 0xF13,
    CSR_MHARTID = 0xF14
};

#define MSTATUS_MIE (1u << 3)
#define MSTATUS_MPIE (1u << 7)
#define MSTATUS_MPP (3u << 11) /* hardwired to M: only machine mode exists */
#define MSTATUS_TS (3u << MOSAIC_MSTATUS_TS_SHIFT)
#define MSTATUS_SD (1u << 31)
#define MIP_MTIP (1u << MOSAIC_IRQ_MTIMER)

/* Performance counters that count in the ISS (the others of 3..9 count
 * timing events the ISS does not model; 10..31 are hardwired zero). */
#define HPM_TENSOR_INSNS 3
#define HPM_USEFUL_MACS 5
#define HPM_SDMA_BYTES 8
#define HPM_LAST 9 /* mhpmcounter3..9 exist; 10..31 read zero */

/* misa: MXL=1 (RV32), I, M, X (non-standard extensions: the tensor ISA). */
#define ISS_MISA ((1u << 30) | (1u << 8) | (1u << 12) | (1u << 23))

typedef struct {
    char *name;
    uint32_t value;
} iss_symbol;

struct mosaic_iss {
    uint32_t x[32];
    uint32_t pc;
    uint32_t entry; /* reset pc: the ELF entry point once one is loaded */

    /* Machine CSRs. mstatus keeps MIE/MPIE here; MPP reads 3; TS lives in
     * tu.ts (the tensor unit checks it) and SD is derived. */
    uint32_t mstatus, mie, mtvec, mepc, mcause, mtval, mscratch;
    uint32_t mcountinhibit;
    uint64_t mcycle, minstret;
    uint64_t hpm[HPM_LAST + 1];

    /* CLINT */
    uint64_t mtime, mtimecmp;
    int irq_force; /* <0: MTIP from the CLINT; 0/1: forced */

    /* Memories (sizes from mosaic_memmap.h). */
    uint8_t *ram, *mainmem, *scpad;

    mosaic_tu tu;
    mosaic_mem_if tu_mem;

    /* Fault injection (mosaic_iss_set_dram_poison): a 64-byte block of main
     * memory that answers every access with a bus error; 0: none. */
    uint32_t poison;

    /* Symbols from the ELF (for tohost, the signature and the API). */
    iss_symbol *syms;
    size_t nsyms;
    bool has_tohost;
    uint32_t tohost;

    mosaic_iss_halt halt;
    uint32_t halt_code;

    void (*uart_tx)(void *ctx, uint8_t byte);
    void *uart_ctx;
    int (*uart_rx)(void *ctx, bool pop); /* next received byte, -1: none */
    void *uart_rx_ctx;

    mosaic_iss_stats st;
    uint64_t *op_retired; /* per tensor op (mosaic_tensor_op_count()) */

    /* Per-step bookkeeping: the effects being filled (never NULL during a
     * step), the trap raised by the current instruction, and which counters
     * the instruction wrote (an explicit write wins over the increment). */
    mosaic_iss_effects *eff;
    mosaic_iss_effects scratch_eff;
    bool trapped;
    uint32_t trap_cause, trap_tval;
    uint32_t next_pc;
    bool wrote_mtime;
    /* Counter writes of this step, by counter index (0 mcycle, 2 minstret,
     * 3.. hpm): which were written. A write to either half is a
     * write of the whole 64-bit counter (the other half keeps its value):
     * it does not also count this step (Spike's and Sail's rule; the
     * counters are judged by the mcountinhibit in force before the
     * instruction). */
    uint32_t ctr_wrote;
    uint32_t inhibit_at_start;
};

/* iss_core.c */
void iss_raise(mosaic_iss *s, uint32_t cause, uint32_t tval);
void iss_write_rd(mosaic_iss *s, uint32_t rd, uint32_t value);

/* iss_csr.c */
void iss_csr_reset(mosaic_iss *s);
void iss_exec_csr(mosaic_iss *s, uint32_t insn);
bool iss_csr_read(const mosaic_iss *s, uint32_t csr, uint32_t *value);
uint32_t iss_mstatus(const mosaic_iss *s);
void iss_note_csr(mosaic_iss *s, uint32_t csr);
bool iss_irq_pending(const mosaic_iss *s); /* enabled and pending */
bool iss_mtip(const mosaic_iss *s);
void iss_take_trap(mosaic_iss *s, uint32_t cause, uint32_t tval, uint32_t epc);
void iss_mret(mosaic_iss *s);
void iss_wfi(mosaic_iss *s);
void iss_retire_counters(mosaic_iss *s, const mosaic_iss_effects *eff);

/* iss_mem.c */
bool iss_mem_alloc(mosaic_iss *s);
void iss_mem_free(mosaic_iss *s);
/* Pointer to [addr, addr+len) if it lies inside one memory (not MMIO). */
uint8_t *iss_mem_ptr(const mosaic_iss *s, uint32_t addr, uint32_t len);
/* Scalar access of 1, 2 or 4 bytes at any address, as the core's bus
 * carries it out: one access per aligned word touched, the lower word
 * first. Returns false on an access fault (a word no memory or device
 * answers), with *fault = the address of the part that faulted (addr, or
 * the second word's address; a store's first part then stays written).
 * Loads zero-extend into *value. */
bool iss_load(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t *value, uint32_t *fault);
bool iss_store(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t value, uint32_t *fault);
void iss_note_memw(mosaic_iss *s, uint32_t addr, uint32_t len, uint32_t data);
void iss_tu_mem_init(mosaic_iss *s);

/* iss_tensor.c */
void iss_exec_tensor(mosaic_iss *s, uint32_t insn);

/* iss_elf.c */
void iss_symbols_free(mosaic_iss *s);

#endif
