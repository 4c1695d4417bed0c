/* Misaligned loads and stores (docs/isa.md, "Misaligned accesses"): they
 * do not trap. The core carries one out as one bus access per aligned
 * word it touches, the lower word first: every offset of lh/lhu/lw/sh/sw
 * in the RAM, main memory and the scratchpad, a load used by the next
 * instruction, and the faults: a first word no memory answers (nothing
 * read or written, mtval = the address) and a second one (mtval = the
 * second word's address; a store's first word stays written). */
#include "isa_test.h"

    .data
    .balign 16
buf: .word 0x11223344, 0x55667788, 0x99aabbcc, 0
    .text

/* Fill 12 bytes at a1 with the pattern of buf, through aligned stores. */
.macro FILL
    li t0, 0x11223344
    sw t0, 0(a1)
    li t0, 0x55667788
    sw t0, 4(a1)
    li t0, 0x99aabbcc
    sw t0, 8(a1)
.endm

/* Loads at every offset of the pattern (bytes 44 33 22 11 88 77 66 55 cc
 * bb aa 99 from a1), then stores checked by aligned loads. n is the first
 * case number of the block. */
.macro MISALIGNED_BLOCK n
    FILL
    li gp, \n + 0
    lw a0, 1(a1)
    CHECK a0, 0x88112233
    li gp, \n + 1
    lw a0, 2(a1)
    CHECK a0, 0x77881122
    li gp, \n + 2
    lw a0, 3(a1)
    CHECK a0, 0x66778811
    li gp, \n + 3
    lh a0, 1(a1)
    CHECK a0, 0x2233
    li gp, \n + 4
    lh a0, 3(a1)
    CHECK a0, 0xffff8811
    li gp, \n + 5
    lhu a0, 3(a1)
    CHECK a0, 0x8811
    li gp, \n + 6
    lhu a0, 7(a1)
    CHECK a0, 0xcc55
    li gp, \n + 7
    lh a0, 7(a1)
    CHECK a0, 0xffffcc55
    li gp, \n + 8
    lw a0, 7(a1)            /* the word used at once: the load's hazard */
    addi a0, a0, 1
    CHECK a0, 0xaabbcc56
    li gp, \n + 9
    li t1, 0xdeadbeef
    sw t1, 5(a1)
    lw a0, 4(a1)
    CHECK a0, 0xadbeef88
    lw a0, 8(a1)
    CHECK a0, 0x99aabbde
    lw a0, 5(a1)            /* read back at once */
    CHECK a0, 0xdeadbeef
    li gp, \n + 10
    li t1, 0xcafe1234
    sh t1, 3(a1)            /* bytes 3, 4 */
    sh t1, 9(a1)            /* bytes 9, 10: inside one word */
    lw a0, 0(a1)
    CHECK a0, 0x34223344
    lw a0, 4(a1)
    CHECK a0, 0xadbeef12
    lw a0, 8(a1)
    CHECK a0, 0x991234de
    li gp, \n + 11
    li t1, 0x0a0b0c0d
    sw t1, 2(a1)
    sw t1, 3(a1)            /* overlapping, the later one wins */
    lw a0, 0(a1)
    CHECK a0, 0x0d0d3344
    lw a0, 4(a1)
    CHECK a0, 0xad0a0b0c
.endm

TEST_BEGIN
    la a1, buf
    MISALIGNED_BLOCK 10
    li a1, MOSAIC_MAIN_BASE + 0x1000
    MISALIGNED_BLOCK 30
    li a1, MOSAIC_SCPAD_BASE + 0x2000
    MISALIGNED_BLOCK 50

    /* The second word faults: past the end of the RAM. A load writes no
     * register; a store's first word is written. */
    li a1, MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE
    li a0, 0x99
    TEST_TRAP 70, MCAUSE_LOAD_FAULT, lw a0, -2(a1)
    bne s10, a1, fail
    CHECK a0, 0x99
    TEST_TRAP 71, MCAUSE_LOAD_FAULT, lhu a0, -1(a1)
    bne s10, a1, fail
    CHECK a0, 0x99
    li t0, 0x55555555
    sw t0, -4(a1)
    li t1, 0xa1b2c3d4
    TEST_TRAP 72, MCAUSE_STORE_FAULT, sw t1, -1(a1)
    bne s10, a1, fail
    lw a0, -4(a1)
    CHECK a0, 0xd4555555
    TEST_TRAP 73, MCAUSE_STORE_FAULT, sh t1, -1(a1)
    bne s10, a1, fail
    lw a0, -4(a1)
    CHECK a0, 0xd4555555

    /* The first word faults (below the scratchpad, where nothing
     * answers): nothing is read or written, mtval is the address. */
    li a1, MOSAIC_SCPAD_BASE
    li t0, 0x76543210
    sw t0, 0(a1)
    li a0, 0x99
    TEST_TRAP 74, MCAUSE_LOAD_FAULT, lw a0, -2(a1)
    addi t0, a1, -2
    bne s10, t0, fail
    CHECK a0, 0x99
    TEST_TRAP 75, MCAUSE_STORE_FAULT, sw t1, -3(a1)
    addi t0, a1, -3
    bne s10, t0, fail
    lw a0, 0(a1)
    CHECK a0, 0x76543210

    /* The end of main memory: the second word faults. */
    li a1, MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE
    TEST_TRAP 76, MCAUSE_LOAD_FAULT, lh a0, -1(a1)
    bne s10, a1, fail
    j pass
TEST_END
