/* Lockstep for the tensor unit's asynchronous effects (cosim_tensor.c).
 *
 * The core retires a tensor instruction when the tensor unit accepts it;
 * the unit executes it later. So the golden ISS's effects of each retired,
 * non-trapping custom-opcode instruction (registers and tags it wrote,
 * memory it wrote) are recorded under the instruction's sequence number
 * (the count of such instructions before it, as the RTL numbers them), and
 * compared when the RTL reports that instruction done (trace port of
 * mosaic_tu): the register contents against a mirror of the TRF built from
 * every traced row write, memory against the model's memories. */
#ifndef MOSAIC_COSIM_TENSOR_H
#define MOSAIC_COSIM_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mosaic_iss.h"
#include "sim.h"

typedef struct ct_state ct_state;

ct_state *ct_create(void);
void ct_destroy(ct_state *t);

/* A mismatch: one line saying what, and the expected / actual cells. */
typedef struct {
    char what[256], expected[96], actual[96];
} ct_diff;

/* After the ISS stepped a retired instruction: records it if it is a
 * non-trapping custom-opcode instruction. Returns false (diff filled) on an
 * inconsistency (a record slot still in use: the instruction 65 536 tensor
 * instructions back, 2^mosaic_pkg::SeqW, has not completed). */
bool ct_expect(ct_state *t, const mosaic_iss *iss, const mosaic_iss_effects *e,
               uint64_t order, ct_diff *d);

/* One cycle of the trace port. read reads a word of the model's memories.
 * Returns false (diff filled) on the first difference. */
bool ct_cycle(ct_state *t, const sim_tu_trace *tr, uint32_t (*read)(void *, uint32_t),
              void *ctx, ct_diff *d);

/* Recorded instructions the RTL has not yet reported done. */
unsigned ct_pending(const ct_state *t);
/* The oldest retired tensor instruction not yet completed: false if none. */
bool ct_oldest(const ct_state *t, uint32_t *pc, uint32_t *insn);
/* Instructions checked so far. */
uint64_t ct_checked(const ct_state *t);

#endif
