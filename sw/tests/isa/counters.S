/* Zicntr and the machine counters: exact increments (the ISS counts one
 * cycle per retired instruction), the read-only shadows, 64-bit carries,
 * explicit writes winning over the increment, mcountinhibit, and the
 * hpm counters (3..9 exist, 10..31 read zero). */
#include "isa_test.h"

TEST_BEGIN
    li gp, 1
    csrr a0, minstret
    csrr a1, minstret
    sub a2, a1, a0
    CHECK a2, 1
    li gp, 2
    csrr a0, mcycle
    csrr a1, mcycle
    sub a2, a1, a0
    CHECK a2, 1
    /* Shadows read the same counters. */
    li gp, 3
    csrr a0, minstret
    csrr a1, instret
    sub a2, a1, a0
    CHECK a2, 1
    li gp, 4
    csrr a0, mcycle
    csrr a1, cycle
    sub a2, a1, a0
    CHECK_RANGE a2, 1, 16
    li gp, 5
    li t0, MOSAIC_CLINT_MTIME
    lw a0, 0(t0)
    csrr a1, time
    sub a2, a1, a0
    CHECK_RANGE a2, 0, 16
    li gp, 6
    csrr a0, minstreth
    csrr a1, instreth
    bne a0, a1, fail
    csrr a0, mcycleh
    csrr a1, cycleh
    bne a0, a1, fail
    csrr a0, timeh
    CHECK a0, 0

    /* A loop retires exactly what it executes. */
    li gp, 7
    csrr a0, minstret
    li t0, 10
1:  addi t0, t0, -1
    bnez t0, 1b
    csrr a1, minstret
    sub a2, a1, a0
    CHECK a2, 22
    /* A trapping instruction does not retire: between the two reads
     * retire the first csrr and the 8 instructions of the default handler
     * (ending in mret), not the ecall. */
    li gp, 8
    la s11, 2f
    csrr a0, minstret
    ecall
2:  csrr a1, minstret
    sub a2, a1, a0
    CHECK a2, 9

    /* Writes: the written value is what the next instruction reads. */
    li gp, 10
    li a0, 1000
    csrw mcycle, a0
    csrr a1, mcycle
    CHECK a1, 1000
    li gp, 11
    csrw minstret, a0
    csrr a1, minstret
    CHECK a1, 1000
    li gp, 12
    csrw mcycleh, zero
    li a0, -1
    csrw mcycle, a0
    csrr a1, mcycle
    csrr a2, mcycleh
    csrr a3, mcycle
    CHECK a1, 0xffffffff
    CHECK a2, 1
    CHECK a3, 1
    li gp, 13
    li a0, 0x12345
    csrw minstreth, a0
    csrr a1, instreth
    CHECK a1, 0x12345
    csrw minstreth, zero

    /* A write of either half writes the whole counter: the writing
     * instruction is counted in neither half (riscv-tests
     * instret_overflow). Counting it in the low half would wrap that half
     * to 0 before the next read. */
    li gp, 14
    li a0, -1
    csrw minstret, a0
    csrw minstreth, zero
    csrr a1, minstret
    csrr a2, minstreth
    CHECK a1, 0xffffffff
    CHECK a2, 1
    csrw minstreth, zero

    /* mcountinhibit stops CY and IR. */
    li gp, 20
    csrwi mcountinhibit, 5
    csrr a0, minstret
    csrr a1, mcycle
    nop
    nop
    csrr a2, minstret
    csrr a3, mcycle
    csrwi mcountinhibit, 0
    bne a0, a2, fail
    bne a1, a3, fail

    /* hpm counters: no tensor work yet, so 3, 5 and 8 are zero; 4, 6, 7
     * and 9 count timing events the ISS does not model and hold what is
     * written; 10..31 are hardwired zero. */
    li gp, 30
    csrr a0, hpmcounter3
    CHECK a0, 0
    csrr a0, hpmcounter5
    CHECK a0, 0
    csrr a0, hpmcounter8
    CHECK a0, 0
    csrr a0, hpmcounter8h
    CHECK a0, 0
    li gp, 31
    li a0, 0x55
    csrw mhpmcounter4, a0
    nop
    csrr a1, hpmcounter4
    CHECK a1, 0x55
    csrw mhpmcounter9h, a0
    csrr a1, hpmcounter9h
    CHECK a1, 0x55
    csrr a1, mhpmcounter6
    CHECK a1, 0
    li gp, 32
    csrw mhpmcounter10, a0
    csrr a1, mhpmcounter10
    CHECK a1, 0
    csrw mhpmcounter31h, a0
    csrr a1, hpmcounter31h
    CHECK a1, 0
    csrr a1, hpmcounter17
    CHECK a1, 0

    j pass
TEST_END
