/* Macros for the RTL smoke programs (sw/tests/rtl/*.S).
 *
 *     #include "rtl_test.h"
 *     TEST_BEGIN
 *         ... cases, each setting gp to its number ...
 *         j pass
 *     TEST_END
 *
 * The program ends through tohost: 1 on pass, (gp << 1) | 1 on the first
 * failing case. A trap records mcause/mepc/mtval in s9/s8/s10 and resumes
 * at s11 (s11 = 0: any trap fails the test). a0-a7, t0-t6 are free; the
 * macros clobber t6. */
#ifndef RTL_TEST_H
#define RTL_TEST_H

#define MTIMECMP 0x02004000
#define MTIME 0x0200BFF8
#define MAIN_BASE 0x40000000
#define SCPAD_BASE 0x20000000

.macro TEST_BEGIN
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la t0, rtl_trap
    csrw mtvec, t0
    li s11, 0
    li gp, 0
    j rtl_body
    .balign 4
rtl_trap:
    csrr s8, mepc
    csrr s9, mcause
    csrr s10, mtval
    beqz s11, fail
    csrw mepc, s11
    li s11, 0
    mret
rtl_body:
.endm

.macro TEST_END
pass:
    li t0, 1
    la t1, tohost
    sw t0, 0(t1)
1:  j 1b
fail:
    slli t0, gp, 1
    ori t0, t0, 1
    la t1, tohost
    sw t0, 0(t1)
2:  j 2b

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0, 0
    .balign 64
    .globl fromhost
fromhost: .word 0, 0
    .text
.endm

/* reg must equal val. */
.macro CHECK reg, val
    li t6, \val
    bne \reg, t6, fail
.endm

/* The next instruction(s) must trap with `cause`, mepc = their first. */
.macro EXPECT_TRAP n, cause, insn:vararg
    li gp, \n
    la s11, .Lres\@
.Lat\@:
    \insn
    j fail
.Lres\@:
    CHECK s9, \cause
    la t6, .Lat\@
    bne s8, t6, fail
.endm

/* a0 = cycles taken by the code between CYCLES_START and CYCLES_END. */
.macro CYCLES_START
    csrr s6, mcycle
.endm
.macro CYCLES_END
    csrr a0, mcycle
    sub a0, a0, s6
.endm

#endif
