/* Internal interface between the TensorLoad files (tl*.c): descriptors and
 * one entry point per instruction. tl.c decodes custom-3 and dispatches. */
#ifndef MOSAIC_TL_INTERNAL_H
#define MOSAIC_TL_INTERNAL_H

#include "tu_internal.h"

/* A 4-D byte-tensor shape: D0 in descriptor bits 7:0 ... D3 in 31:24. */
typedef struct {
    unsigned d[4];
} tl_shape;

/* tl_xpose_status codes (docs/isa.md "CSRs"). */
enum { TL_DESC_OK = 0, TL_DESC_ZERO_DIM = 1, TL_DESC_TOO_BIG = 2 };

tl_shape tl_shape_decode(uint32_t word);
uint32_t tl_shape_encode(const tl_shape *s);
/* D0·D1·D2·D3 (64-bit: four 8-bit fields can exceed 2^32 - 1 only barely,
 * but the check must not depend on that). */
uint64_t tl_shape_bytes(const tl_shape *s);
/* Error code of a shape under R6 (TL_DESC_*). */
unsigned tl_shape_error(const tl_shape *s);

/* R6: returns true for a good shape. For a bad one, records the code in
 * tl_xpose_status and either traps (TRAP = 1) or makes the instruction a
 * no-op that still completes (TRAP = 0); the caller must then stop. */
bool tl_shape_accept(mosaic_tu *tu, const mosaic_insn *in, const tl_shape *s,
                     mosaic_tu_result *res);

void tl_exec_xpose(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res);
void tl_exec_concat(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res);
void tl_exec_addi(mosaic_tu *tu, const mosaic_insn *in, mosaic_tu_result *res);
void tl_exec_mload(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                   mosaic_tu_result *res);
void tl_exec_mstore(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                    mosaic_tu_result *res);

#endif
