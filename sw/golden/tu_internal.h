/* Internal interface between the tensor-unit files of the golden model.
 * tu_exec.c decodes the opcode, applies the checks shared by all tensor
 * instructions (TS Off) and dispatches to one file per instruction group. */
#ifndef MOSAIC_TU_INTERNAL_H
#define MOSAIC_TU_INTERNAL_H

#include "mosaic_tu.h"

/* Decoded instruction fields. */
typedef struct {
    uint32_t insn;
    uint32_t opcode, rd, rs1, rs2, funct3, funct7;
    int32_t imm_i;    /* sign-extended imm[11:0] */
    uint32_t uimm_i;  /* raw imm[11:0] */
    uint32_t x_rs1, x_rs2, x_rd; /* scalar operand values */
} mosaic_insn;

/* One entry point per opcode group. Each fills *res (trap or effects). */
void mosaic_exec_sdma(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                      mosaic_tu_result *res);   /* custom-0, sdma.c */
void mosaic_exec_ame(mosaic_tu *tu, const mosaic_insn *in,
                     mosaic_tu_result *res);    /* custom-1, ame.c */
void mosaic_exec_minat(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                       mosaic_tu_result *res);  /* custom-2, minat.c (+ minat_*.c) */
void mosaic_exec_tl(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                    mosaic_tu_result *res);     /* custom-3, tl.c */

/* tact: the FP32 algorithms (tact.c). func: 0 relu, 1 gelu, 2 silu, 3 exp,
 * 4 recip. Internal arithmetic is RNE; flags are accumulated. */
uint32_t mosaic_tact_f32(unsigned func, uint32_t x, unsigned *flags);

/* Trap helpers. */
void mosaic_trap(mosaic_tu_result *res, uint32_t cause, uint32_t tval);
void mosaic_trap_illegal(mosaic_tu_result *res, const mosaic_insn *in);

/* Record conversion/arithmetic flags into the sticky CSR bits:
 * SAT -> mcsr.msat and mxstatus.sat_hit; (AME only) NX -> mxstatus.inexact. */
void mosaic_tu_note_flags(mosaic_tu *tu, unsigned flags, bool ame, mosaic_tu_result *res);

/* mcsr.mfrm, or -1 if it holds a reserved encoding (5..7). */
int mosaic_tu_frm(const mosaic_tu *tu);

/* Check a tile-shaped memory access (16 rows of row_bytes, row stride
 * `stride`) for alignment (base and stride multiples of `align`), DDC and
 * mapping. Returns true if allowed; otherwise fills the trap:
 * misaligned -> mtval = first misaligned row address; fault -> mtval = base. */
bool mosaic_tile_access_ok(const mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t base,
                           int32_t stride, uint32_t rows, uint32_t row_bytes,
                           uint32_t align, bool write, mosaic_tu_result *res);

/* A register write: clear all 1024 bytes (callers then set elements). */
void mosaic_treg_clear(mosaic_tu *tu, unsigned reg, mosaic_tu_result *res);

/* sdma_status: [0] ERR, [3:1] code, [4] op (1 = store). */
#define SDMA_ERR 1u
#define SDMA_CODE_SHIFT 1
#define SDMA_OP_ST (1u << 4)

enum {
    SDMA_OK = 0,
    SDMA_BAD_SHAPE = 1,
    SDMA_MISALIGNED = 2,
    SDMA_BANK = 3,
    SDMA_ACCESS = 4,
    SDMA_BUS = 5 /* a bus error on a tensor memory access (R32) */
};

/* Latch an error in sdma_status / sdma_erraddr unless ERR is already set
 * (only the first error is kept until software clears it). Returns whether
 * it latched. */
bool mosaic_sdma_latch(mosaic_tu *tu, unsigned code, bool store, uint32_t addr);

/* A tensor memory instruction (tld, tst, tl.mload, tl.mstore, scpad.ld,
 * scpad.st) met a bus error after it was accepted: code 5 with the op and
 * the instruction's main-memory address (R32). TS is not touched: the error
 * arrives after the instruction has retired, so hardware cannot mark it at
 * issue. */
void mosaic_tu_bus_error(mosaic_tu *tu, bool store, uint32_t addr);

#endif
