/* Mosaic target runtime: memory placement, exit, traps.
 *
 * crt0 sets up the stack, gp, tp (picolibc TLS), clears .bss, installs the
 * trap vector and calls main(); main's return value goes to exit(), whose
 * code is written to the sim-control EXIT register (0 = pass). printf goes
 * to the UART. */
#ifndef MOSAIC_RT_H
#define MOSAIC_RT_H

#include <stdint.h>

#include "mosaic_memmap.h"

/* Place an array in main memory (where tensors live), loaded with the
 * program so initializers work: `static int8_t a[256] MOSAIC_TENSOR;` */
#define MOSAIC_TENSOR __attribute__((section(".tensor"), aligned(64)))
/* Main memory, not loaded and not cleared: for big arrays the program
 * fills itself. */
#define MOSAIC_TENSOR_NOINIT __attribute__((section(".tensor_noinit"), aligned(64)))
/* Scratchpad buffers by bank (addresses only: reach them with SDMA and
 * tld/tst, never with scalar loads and stores). */
#define MOSAIC_SCPAD_BANK0 __attribute__((section(".scpad0"), aligned(256)))
#define MOSAIC_SCPAD_BANK1 __attribute__((section(".scpad1"), aligned(256)))

/* Bump allocator over the main memory the program image does not use.
 * Returns NULL when full; align must be a power of two. */
void *mosaic_tensor_alloc(uint32_t bytes, uint32_t align);
/* Free everything allocated since `mark` (a value mosaic_tensor_mark gave). */
uintptr_t mosaic_tensor_mark(void);
void mosaic_tensor_release(uintptr_t mark);

/* Exit codes the runtime itself uses. */
#define MOSAIC_EXIT_UNEXPECTED_TRAP 0x7E
#define MOSAIC_EXIT_NESTED_TRAP 0x7F

/* End the simulation now with `code` (also what exit() ends in). */
__attribute__((noreturn)) void mosaic_exit(int code);

/* ---- traps ----------------------------------------------------------------- */

/* What crt0's trap entry saves; a handler may change mepc (resume point)
 * and x[] (restored on return). */
typedef struct {
    uint32_t x[32]; /* x[0] unused */
    uint32_t mepc, mcause, mtval, mstatus;
} mosaic_trap_frame;

typedef void (*mosaic_trap_handler)(mosaic_trap_frame *f);

/* Install a handler for every trap not expected (NULL = the default, which
 * prints mcause/mepc/mtval and exits with MOSAIC_EXIT_UNEXPECTED_TRAP).
 * Returns the previous handler. */
mosaic_trap_handler mosaic_trap_set_handler(mosaic_trap_handler h);
void mosaic_trap_default(mosaic_trap_frame *f);

/* Expecting traps: between mosaic_trap_expect() and mosaic_trap_end(),
 * every synchronous exception is recorded and skipped (execution resumes
 * after the trapping instruction). */
typedef struct {
    uint32_t count;                 /* traps taken while armed */
    uint32_t mcause, mepc, mtval;   /* of the first one */
    uint32_t insn;                  /* instruction word at mepc */
} mosaic_trap_record;

void mosaic_trap_expect(void);
mosaic_trap_record mosaic_trap_end(void);

#endif
