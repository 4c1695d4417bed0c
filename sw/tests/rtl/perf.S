/* Cycle budgets of the RTL pipeline (docs/microarchitecture.md): dependent
 * ALU instructions back to back, one stall per load-use, two cycles per
 * multiply, 34 per divide, one-cycle taken-branch penalty, one load or
 * store per cycle, three for one that crosses a word boundary. Each
 * measurement (mcycle between two csrr, which adds one) is checked against
 * its bound and kept in the signature, which
 * sw/tests/rtl/test_icarus_smoke.py prints. */
#include "rtl_test.h"

.macro REPEAT n, insn:vararg
    .rept \n
    \insn
    .endr
.endm

/* Record a0 in slot n of the results and check a0 <= bound. */
.macro RESULT n, bound
    li gp, \n
    la t5, begin_signature
    sw a0, (4 * \n)(t5)
    li t6, \bound
    bltu t6, a0, fail
.endm

TEST_BEGIN
    la a1, scratch
    li a2, 0

    /* 1: 32 dependent addi */
    CYCLES_START
    REPEAT 32, addi a2, a2, 1
    CYCLES_END
    RESULT 1, 33

    /* 2: 16 load-use pairs: one stall each */
    CYCLES_START
    .rept 16
    lw a2, 0(a1)
    addi a3, a2, 1
    .endr
    CYCLES_END
    RESULT 2, 49

    /* 3: 16 independent loads */
    CYCLES_START
    REPEAT 16, lw a2, 4(a1)
    CYCLES_END
    RESULT 3, 17

    /* 4: 16 stores */
    CYCLES_START
    REPEAT 16, sw a2, 8(a1)
    CYCLES_END
    RESULT 4, 17

    /* 5: 16 dependent multiplies: two cycles each */
    li a2, 3
    CYCLES_START
    REPEAT 16, mul a2, a2, a2
    CYCLES_END
    RESULT 5, 33

    /* 6: 4 dependent divides */
    li a2, -1
    li a3, 3
    CYCLES_START
    REPEAT 4, divu a2, a2, a3
    CYCLES_END
    RESULT 6, 137

    /* 7: a 16-iteration loop: 32 instructions, 15 taken branches (1 bubble each) */
    li t0, 16
    CYCLES_START
1:  addi t0, t0, -1
    bnez t0, 1b
    CYCLES_END
    RESULT 7, 48

    /* 8: 8 jumps to the next instruction (1 bubble each) */
    CYCLES_START
    .rept 8
    j 2f
2:
    .endr
    CYCLES_END
    RESULT 8, 17

    /* 9: 16 multiplies each consumed at once by an add */
    li a2, 5
    CYCLES_START
    .rept 8
    mul a3, a2, a2
    add a4, a3, a2
    .endr
    CYCLES_END
    RESULT 9, 25

    /* 10, 11: 16 loads, then 16 stores, each crossing a word boundary: the
     * second word is a second access from write-back (2 cycles more) */
    CYCLES_START
    REPEAT 16, lw a2, 2(a1)
    CYCLES_END
    RESULT 10, 49
    CYCLES_START
    REPEAT 16, sw a2, 9(a1)
    CYCLES_END
    RESULT 11, 49

    j pass

    .data
    .balign 16
scratch: .word 1, 2, 3, 4
    .balign 16
    .globl begin_signature
begin_signature:
    .fill 16, 4, 0
    .globl end_signature
end_signature:
    .text
TEST_END
