/* Macros for Mosaic's bare ISA tests (riscv-tests style, our own).
 *
 * A test file is
 *     #include "isa_test.h"
 *     TEST_BEGIN
 *         ... cases, each setting gp to its number ...
 *         j pass
 *     TEST_END
 * and ends through tohost: 1 on pass, (gp << 1) | 1 on the first failing
 * case (a failure before any case reports 999).
 *
 * Register conventions: gp = current case; s7/s8/s9/s10 = mstatus/mepc/
 * mcause/mtval at the last trap; s11 = where a trap resumes (0: any trap
 * fails the test);
 * a0-a2, t0-t2 are scratch for the macros.
 */
#ifndef ISA_TEST_H
#define ISA_TEST_H

#include "mosaic_memmap.h"

#define MCAUSE_FETCH_MISALIGNED 0
#define MCAUSE_FETCH_FAULT 1
#define MCAUSE_ILLEGAL 2
#define MCAUSE_BREAKPOINT 3
#define MCAUSE_LOAD_MISALIGNED 4
#define MCAUSE_LOAD_FAULT 5
#define MCAUSE_STORE_MISALIGNED 6
#define MCAUSE_STORE_FAULT 7
#define MCAUSE_ECALL_M 11
#define MCAUSE_MTIMER 0x80000007

.macro TEST_BEGIN
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la t0, isa_trap_entry
    csrw mtvec, t0
    li s11, 0
    li gp, 0
    j isa_test_body
    /* The default handler: record the trap and resume at s11, or fail. */
    .balign 4
isa_trap_entry:
    csrr s7, mstatus
    csrr s8, mepc
    csrr s9, mcause
    csrr s10, mtval
    beqz s11, fail
    csrw mepc, s11
    li s11, 0
    mret
isa_test_body:
.endm

.macro TEST_END
pass:
    li t0, 1
    la t1, tohost
    sw t0, 0(t1)
1:  j 1b
fail:
    bnez gp, 2f
    li gp, 999
2:  slli t0, gp, 1
    ori t0, t0, 1
    la t1, tohost
    sw t0, 0(t1)
3:  j 3b

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0, 0
    .balign 64
    .globl fromhost
fromhost: .word 0, 0
    .text
.endm

/* reg must equal val (clobbers t2). */
.macro CHECK reg, val
    li t2, \val
    bne \reg, t2, fail
.endm

/* lo <= reg <= hi, unsigned: for values that depend on timing (mtime,
 * mcycle), which the ISS advances once per instruction and the RTL once
 * per cycle; both must pass. */
.macro CHECK_RANGE reg, lo, hi
    li t2, \lo
    bltu \reg, t2, fail
    li t2, \hi
    bltu t2, \reg, fail
.endm

/* a0 = op(v1, v2) with registers. */
.macro TEST_RR n, op, result, v1, v2
    li gp, \n
    li a1, \v1
    li a2, \v2
    \op a0, a1, a2
    CHECK a0, \result
.endm

/* a0 = op(v1, imm). */
.macro TEST_RI n, op, result, v1, imm
    li gp, \n
    li a1, \v1
    \op a0, a1, \imm
    CHECK a0, \result
.endm

/* Destination is the first source: rd == rs1. */
.macro TEST_RR_SRC1_EQ_DEST n, op, result, v1, v2
    li gp, \n
    li a1, \v1
    li a2, \v2
    \op a1, a1, a2
    CHECK a1, \result
.endm

/* Writes to x0 are discarded. */
.macro TEST_RR_ZERO_DEST n, op, v1, v2
    li gp, \n
    li a1, \v1
    li a2, \v2
    \op x0, a1, a2
    bnez x0, fail
.endm

/* The instruction(s) must trap with `cause`; mepc must be the first of
 * them. Afterwards s9 = mcause, s10 = mtval (check with CHECK). */
.macro TEST_TRAP n, cause, insn:vararg
    li gp, \n
    la s11, .Lresume\@
.Lat\@:
    \insn
    j fail
.Lresume\@:
    CHECK s9, \cause
    la t2, .Lat\@
    bne s8, t2, fail
.endm

/* The instruction must trap as illegal with mtval = its bits. */
.macro TEST_ILLEGAL n, bits
    TEST_TRAP \n, MCAUSE_ILLEGAL, .word \bits
    CHECK s10, \bits
.endm

#endif
