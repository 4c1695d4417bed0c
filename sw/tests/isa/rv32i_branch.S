/* Conditional branches: each taken and not taken, signed vs unsigned
 * edges, backward branches, and a taken branch to a misaligned target. */
#include "isa_test.h"

/* Branch must be taken (forward). */
.macro TEST_BR_TAKEN n, op, v1, v2
    li gp, \n
    li a1, \v1
    li a2, \v2
    \op a1, a2, 1f
    j fail
1:
.endm

/* Branch must not be taken. */
.macro TEST_BR_NOT n, op, v1, v2
    li gp, \n
    li a1, \v1
    li a2, \v2
    \op a1, a2, fail
.endm

TEST_BEGIN
    TEST_BR_TAKEN 1, beq, 0, 0
    TEST_BR_TAKEN 2, beq, 0xffffffff, 0xffffffff
    TEST_BR_NOT 3, beq, 0, 1
    TEST_BR_NOT 4, beq, 0x80000000, 0
    TEST_BR_TAKEN 5, bne, 0, 1
    TEST_BR_TAKEN 6, bne, 0x80000000, 0
    TEST_BR_NOT 7, bne, 5, 5
    TEST_BR_TAKEN 8, blt, 0xffffffff, 0
    TEST_BR_TAKEN 9, blt, 0x80000000, 0x7fffffff
    TEST_BR_NOT 10, blt, 0, 0xffffffff
    TEST_BR_NOT 11, blt, 3, 3
    TEST_BR_TAKEN 12, bge, 3, 3
    TEST_BR_TAKEN 13, bge, 0x7fffffff, 0x80000000
    TEST_BR_NOT 14, bge, 0xffffffff, 0
    TEST_BR_TAKEN 15, bltu, 0, 0xffffffff
    TEST_BR_TAKEN 16, bltu, 0x7fffffff, 0x80000000
    TEST_BR_NOT 17, bltu, 0xffffffff, 0
    TEST_BR_NOT 18, bltu, 3, 3
    TEST_BR_TAKEN 19, bgeu, 3, 3
    TEST_BR_TAKEN 20, bgeu, 0x80000000, 0x7fffffff
    TEST_BR_NOT 21, bgeu, 0, 0xffffffff

    /* Backward branch: a counted loop runs exactly 5 times. */
    li gp, 30
    li a0, 0
    li a1, 5
1:  addi a0, a0, 1
    bne a0, a1, 1b
    CHECK a0, 5

    /* x0 operands. */
    li gp, 31
    beq x0, x0, 2f
    j fail
2:  li gp, 32
    bne x0, x0, fail

    /* A taken branch to pc+2 traps on the branch (IALIGN = 32): mepc is
     * the branch, mtval the target. beq zero, zero, +2 = 0x00000163. */
    TEST_TRAP 40, MCAUSE_FETCH_MISALIGNED, .word 0x00000163
    addi t0, s8, 2
    bne s10, t0, fail
    /* Not taken: no trap even though the target is misaligned.
     * bne zero, zero, +2 = 0x00001163. */
    li gp, 41
    .word 0x00001163

    j pass
TEST_END
