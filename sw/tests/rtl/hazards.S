/* Pipeline hazards on the RTL core: every forwarding distance (execute,
 * memory, write-back, register file), the youngest producer winning, x0,
 * load-use into every consumer (ALU, store data and address, branch, jalr),
 * multiply/divide results, CSR reads, store-to-load through memory, and the
 * three memories the data port reaches. Self-checking; ends through tohost. */
#include "rtl_test.h"

    .data
    .balign 16
words:  .word 0x11223344, 0x8899aabb, 0, 0
ptr:    .word words + 8
table:  .word tgt0, tgt1
    .text

TEST_BEGIN
    /* Distance 1..4 and back-to-back chains. */
    li gp, 1
    li a0, 1
    addi a0, a0, 1
    addi a0, a0, 1
    add a0, a0, a0
    CHECK a0, 6
    li gp, 2
    li a1, 5
    nop
    add a2, a1, a1
    CHECK a2, 10
    li gp, 3
    li a1, 7
    nop
    nop
    add a2, a1, a1
    CHECK a2, 14
    li gp, 4
    li a1, 9
    nop
    nop
    nop
    add a2, a1, a1
    CHECK a2, 18
    /* Operands from two different stages. */
    li gp, 5
    li a1, 3
    li a2, 4
    add a3, a1, a2
    sub a4, a3, a1
    CHECK a3, 7
    CHECK a4, 4
    /* The youngest producer wins. */
    li gp, 6
    li a1, 1
    li a1, 2
    li a1, 3
    add a2, a1, zero
    CHECK a2, 3
    /* x0 is never forwarded. */
    li gp, 7
    addi x0, zero, 5
    add a2, x0, x0
    CHECK a2, 0
    la a1, words
    lw x0, 0(a1)
    add a2, x0, x0
    CHECK a2, 0

    /* Load-use into ALU, both operands, store data, store address. */
    li gp, 10
    la a1, words
    lw a2, 0(a1)
    addi a3, a2, 1
    CHECK a3, 0x11223345
    li gp, 11
    lw a2, 4(a1)
    add a3, a2, a2
    CHECK a3, 0x11335576
    li gp, 12
    lw a2, 0(a1)
    sw a2, 8(a1)
    lw a3, 8(a1)
    CHECK a3, 0x11223344
    li gp, 13
    la a5, ptr
    lw a4, 0(a5)           /* a4 = &words[2] */
    li a2, 0x5a5a
    sw a2, 4(a4)           /* words[3] */
    lw a3, 12(a1)
    CHECK a3, 0x5a5a
    /* Sign/zero extension right after the load. */
    li gp, 14
    lb a2, 4(a1)           /* 0xbb */
    addi a2, a2, 0
    CHECK a2, 0xffffffbb
    lbu a2, 7(a1)
    CHECK a2, 0x88
    lh a2, 6(a1)
    CHECK a2, 0xffff8899
    lhu a2, 2(a1)
    CHECK a2, 0x1122
    /* Load-use into a branch and into jalr. */
    li gp, 15
    lw a2, 0(a1)
    li a3, 0x11223344
    lw a2, 0(a1)
    bne a2, a3, fail
    li gp, 16
    la a5, table
    lw a6, 4(a5)
.Ljalr:
    jalr ra, 0(a6)
    j fail
tgt0:
    j fail
tgt1:
    la a7, .Ljalr + 4
    bne ra, a7, fail

    /* Multiply and divide results forward like ALU results. */
    li gp, 20
    li a1, 3
    mul a2, a1, a1
    mul a3, a2, a2
    addi a3, a3, 1
    CHECK a3, 82
    li gp, 21
    li a1, -7
    li a2, 2
    div a3, a1, a2
    rem a4, a1, a2
    add a5, a3, a4
    CHECK a3, -3
    CHECK a4, -1
    CHECK a5, -4
    li gp, 22
    li a1, 1000
    li a2, 10
    divu a3, a1, a2
    mul a4, a3, a3
    divu a5, a4, a3
    CHECK a5, 100
    li gp, 23
    la a1, words
    lw a2, 4(a1)
    mulhu a3, a2, a2
    CHECK a3, 0x48e3a1a4
    li gp, 24
    li a1, 12345
    li a2, 0
    div a3, a1, a2
    addi a3, a3, 1
    CHECK a3, 0
    rem a4, a1, a2
    CHECK a4, 12345

    /* CSR read results, and a CSR write feeding a read. */
    li gp, 30
    li a1, 0x1234
    csrw mscratch, a1
    csrr a2, mscratch
    addi a3, a2, 1
    CHECK a3, 0x1235
    li gp, 31
    csrrw a2, mscratch, zero
    csrr a3, mscratch
    add a4, a2, a3
    CHECK a4, 0x1234

    /* Store then load the same word, sub-word merges. */
    li gp, 40
    la a1, words
    li a2, 0xcafef00d
    sw a2, 8(a1)
    lw a3, 8(a1)
    bne a2, a3, fail
    li gp, 41
    li a2, 0x77
    sb a2, 9(a1)
    lw a3, 8(a1)
    CHECK a3, 0xcafe770d
    li a2, 0x1234
    sh a2, 10(a1)
    lw a3, 8(a1)
    CHECK a3, 0x1234770d

    /* Main memory and scratchpad windows, back-to-back accesses. */
    li gp, 50
    li a1, MAIN_BASE
    li a2, SCPAD_BASE
    li a3, 0x600dd00d
    sw a3, 0(a1)
    sw a3, 0(a2)
    lw a4, 0(a1)
    lw a5, 0(a2)
    add a6, a4, a5
    CHECK a6, 0xc01ba01a
    li gp, 51
    li a1, MAIN_BASE + 0x1000
    sw a1, 0(a1)
    lw a2, 0(a1)
    lw a3, 0(a2)
    CHECK a3, MAIN_BASE + 0x1000

    /* A loop with a memory-carried dependency: sum 1..100 = 5050. */
    li gp, 60
    la a1, words
    sw zero, 12(a1)
    li a2, 100
1:  lw a3, 12(a1)
    add a3, a3, a2
    sw a3, 12(a1)
    addi a2, a2, -1
    bnez a2, 1b
    lw a3, 12(a1)
    CHECK a3, 5050

    /* fence is a no-op without a tensor unit to drain. */
    li gp, 70
    li a1, 1
    fence
    addi a1, a1, 1
    fence rw, rw
    CHECK a1, 2

    /* Nothing younger than a trapping instruction reaches memory: a store
     * right behind a load fault, a store fault, an illegal instruction. */
    li gp, 80
    la a1, words
    li a2, 0x5555
    sw a2, 0(a1)
    li a3, 0x30000000          /* unmapped */
    li a4, 0x6666
    la s11, 1f
    lw a5, 0(a3)
    sw a4, 0(a1)
    j fail
1:  CHECK s9, 5
    CHECK s10, 0x30000000
    lw a6, 0(a1)
    CHECK a6, 0x5555
    li gp, 81
    la s11, 2f
    sw a4, 0(a3)
    sw a4, 0(a1)
    j fail
2:  CHECK s9, 7
    lw a6, 0(a1)
    CHECK a6, 0x5555
    li gp, 82
    la s11, 3f
    .word 0xffffffff
    sw a4, 0(a1)
    j fail
3:  CHECK s9, 2
    lw a6, 0(a1)
    CHECK a6, 0x5555
    /* A rejected custom opcode traps before a younger store. */
    li gp, 83
    la s11, 4f
    .insn r 0x0b, 7, 0, a0, a1, a2  /* illegal for the tensor unit too */
    sw a4, 0(a1)
    j fail
4:  CHECK s9, 2
    lw a6, 0(a1)
    CHECK a6, 0x5555

    /* A CSR write is seen by the very next instruction's trap entry. */
    li gp, 90
    csrr s5, mtvec
    la t0, 5f
    csrw mtvec, t0
    ecall
    j fail
    .balign 4
5:  csrw mtvec, s5
    csrr t1, mepc
    addi t1, t1, 4
    csrw mepc, t1
    la t0, 6f
    csrw mepc, t0
    mret
    j fail
6:

    j pass
TEST_END
