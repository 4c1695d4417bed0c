/* ATALLA00 executor on the core (docs/atalla.md, "Blob format ATALLA00"):
 * places the tensors of a parsed blob (constants and inputs in place,
 * TEMP/OUTPUT through the caller's allocator), runs the ops through the
 * Atalla kernel ABI and measures each op with the performance counters.
 * No global state: everything lives in the caller's arrays. */
#ifndef ATALLA_EXEC_H
#define ATALLA_EXEC_H

#include <stdint.h>

#include "atalla.h"
#include "blob.h"

enum {
    ATALLA_EXEC_ERR_ALIGN = 20,  /* the blob is not 64-byte aligned in memory */
    ATALLA_EXEC_ERR_NOMEM = 21,  /* a TEMP/OUTPUT tensor could not be allocated */
    ATALLA_EXEC_ERR_KERNEL = 22, /* a kernel returned an ATALLA_ERR_* code */
};

typedef struct {
    /* Main-memory allocation for runtime tensors: NULL when it cannot. */
    void *(*alloc)(void *ctx, uint32_t bytes, uint32_t align);
    void *ctx;
} atalla_exec_env;

/* Counter deltas over one op (kernel call only). On mosaic-iss cycles
 * counts instructions. */
typedef struct {
    uint32_t cycles, insns, tensor_insns, macs, sdma_bytes;
} atalla_op_perf;

/* Fill ts[0..tensor_count) (the kernel ABI's tensors): CONST/INPUT data in
 * the blob, TEMP/OUTPUT from env->alloc, 64-byte aligned. 0 or an
 * ATALLA_EXEC_ERR_* code with one line in msg. */
int atalla_exec_prepare(const atalla_blob *b, const atalla_exec_env *env, atalla_tensor *ts,
                        char *msg, uint32_t msglen);

/* Run every op in order; perf[0..op_count) gets each op's counters. On a
 * kernel error stops there: returns ATALLA_EXEC_ERR_KERNEL, *failed_op and
 * *kernel_rc say which and why (either pointer may be NULL). */
int atalla_exec_run(const atalla_blob *b, atalla_tensor *ts, atalla_op_perf *perf,
                    uint32_t *failed_op, int *kernel_rc, char *msg, uint32_t msglen);

/* The per-op table and the total (pe: MACs per cycle of the array, for the
 * utilization column). */
void atalla_exec_print(const atalla_blob *b, const atalla_op_perf *perf, uint32_t pe);

/* "T <id> <name> <ndim> <sizes...> <hex>" per OUTPUT tensor (all = 0) or
 * every tensor (all = 1); hex is 4 digits per BF16 element. */
void atalla_exec_dump(const atalla_blob *b, const atalla_tensor *ts, int all);

#endif
