/* JAL and JALR: link values, rd = x0, rd = rs1, bit 0 of the JALR target
 * cleared, and misaligned targets trapping with rd unchanged. */
#include "isa_test.h"

TEST_BEGIN
    li gp, 1
    jal ra, 1f
2:  j fail
1:  la t0, 2b
    bne ra, t0, fail

    li gp, 2
    jal x0, 3f
    j fail
3:
    /* JALR link and target. */
    li gp, 3
    la a1, 4f
    jalr a0, 0(a1)
5:  j fail
4:  la t0, 5b
    bne a0, t0, fail

    /* Offset added to rs1, sign-extended. */
    li gp, 4
    la a1, 6f
    addi a1, a1, 16
    jalr x0, -16(a1)
    j fail
6:
    /* Bit 0 of the target is ignored. */
    li gp, 5
    la a1, 7f
    addi a1, a1, 1
    jalr ra, 0(a1)
    j fail
7:
    /* rd == rs1: the target uses the old value. */
    li gp, 6
    la a1, 8f
    jalr a1, 0(a1)
9:  j fail
8:  la t0, 9b
    bne a1, t0, fail

    /* JALR to an address with bit 1 set traps; rd keeps its value. */
    li a0, 0x1234
    la a1, 10f
    addi a1, a1, 2
    TEST_TRAP 7, MCAUSE_FETCH_MISALIGNED, jalr a0, 0(a1)
    bne s10, a1, fail
    CHECK a0, 0x1234
    j 11f
10: j fail
11:
    /* JAL with offset +2 traps: jal a0, .+2 = 0x0020056f. */
    li a0, 0x5678
    TEST_TRAP 8, MCAUSE_FETCH_MISALIGNED, .word 0x0020056f
    addi t0, s8, 2
    bne s10, t0, fail
    CHECK a0, 0x5678

    /* A long backward and forward JAL. */
    li gp, 9
    jal ra, far_away
    CHECK a0, 0xfa

    j pass

    .balign 4
    .skip 4096
far_away:
    li a0, 0xfa
    ret
TEST_END
