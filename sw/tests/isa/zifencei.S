/* Zifencei and the trigger CSRs (docs/verification.md).
 *
 * fence.i: instructions after it see every older store, so code a program
 * writes runs as written. The pipeline has fetched the instructions behind
 * a store before the store is written; without the refetch the old
 * instruction would run (and the RTL would differ from the ISS).
 *
 * Triggers: Mosaic has none. Software probing for them (riscv-tests
 * breakpoint, debuggers) reads tselect = 0 after writing it, tdata1 type 0
 * ("no trigger here"), tinfo = 1; none of these accesses traps. */
#include "isa_test.h"

TEST_BEGIN
    /* 1: overwrite the instruction at 1f with "addi a0, zero, 1". */
    li gp, 1
    li a0, 7
    la t0, 1f
    li t1, 0x00100513         /* addi a0, zero, 1 */
    sw t1, 0(t0)
    .word 0x0000100f          /* fence.i */
1:  addi a0, zero, 2
    li t2, 1
    bne a0, t2, fail

    /* 2: twice at the same place, through a loop: the second pass runs the
     * word written in the first. */
    li gp, 2
    li a1, 0
    li t3, 2
    la t0, 2f
    li t1, 0x00158593         /* addi a1, a1, 1 */
3:  sw t1, 0(t0)
    .word 0x0000100f          /* fence.i */
2:  addi a1, a1, 100
    li t1, 0x00a58593         /* addi a1, a1, 10 */
    addi t3, t3, -1
    bnez t3, 3b
    li t2, 11                 /* 1 + 10: both passes ran a written word */
    bne a1, t2, fail

    /* 3: fence.i ignores its imm, rs1 and rd fields (Zifencei). */
    li gp, 3
    .word 0xfff5950f          /* fence.i with imm -1, rs1 a1, rd a0 */

    /* 4: tselect is WARL and reads back 0: only index 0 exists. */
    li gp, 4
    li t0, 5
    csrw tselect, t0
    csrr a0, tselect
    bnez a0, fail
    csrw tselect, zero
    csrr a0, tselect
    bnez a0, fail

    /* 5: tdata1 type (bits 31:28) 0: no trigger at this index; writes do
     * not create one. tdata2 and tdata3 read 0. */
    li gp, 5
    li t0, 0x2000004c         /* mcontrol: type 2, m, execute */
    csrw tdata1, t0
    csrr a0, tdata1
    bnez a0, fail
    csrw tdata2, t0
    csrr a0, tdata2
    bnez a0, fail
    csrr a0, tdata3
    bnez a0, fail

    /* 6: tinfo: only type 0 ("none") is supported. */
    li gp, 6
    csrr a0, tinfo
    li t2, 1
    bne a0, t2, fail

    j pass
TEST_END
