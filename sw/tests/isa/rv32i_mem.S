/* Loads and stores: every width, sign and zero extension, negative and
 * positive offsets, byte lanes, x0 destination, and memories beyond RAM
 * (main memory and scratchpad are data memories for scalar accesses). */
#include "isa_test.h"

    .data
    .balign 16
buf:
    .word 0x80ff7f01, 0x00000000, 0x12345678, 0xdeadbeef
    .text

.macro TEST_LD n, op, result, off
    li gp, \n
    la a1, buf
    \op a0, \off(a1)
    CHECK a0, \result
.endm

TEST_BEGIN
    TEST_LD 1, lb, 0x00000001, 0
    TEST_LD 2, lb, 0x0000007f, 1
    TEST_LD 3, lb, 0xffffffff, 2
    TEST_LD 4, lb, 0xffffff80, 3
    TEST_LD 5, lbu, 0x000000ff, 2
    TEST_LD 6, lbu, 0x00000080, 3
    TEST_LD 7, lh, 0x00007f01, 0
    TEST_LD 8, lh, 0xffff80ff, 2
    TEST_LD 9, lhu, 0x000080ff, 2
    TEST_LD 10, lw, 0x80ff7f01, 0
    TEST_LD 11, lw, 0xdeadbeef, 12
    TEST_LD 12, lhu, 0x0000dead, 14

    /* Negative offset. */
    li gp, 13
    la a1, buf + 12
    lw a0, -4(a1)
    CHECK a0, 0x12345678

    /* Loads into x0 are discarded. */
    li gp, 14
    la a1, buf
    lw x0, 0(a1)
    bnez x0, fail

    /* Stores, each width, into the byte lanes they name. */
    li gp, 20
    la a1, buf
    sw zero, 4(a1)
    li a0, 0xaabbccdd
    sb a0, 5(a1)
    lw a2, 4(a1)
    CHECK a2, 0x0000dd00
    li gp, 21
    sh a0, 6(a1)
    lw a2, 4(a1)
    CHECK a2, 0xccdddd00
    li gp, 22
    sw a0, 4(a1)
    lw a2, 4(a1)
    CHECK a2, 0xaabbccdd
    li gp, 23
    li a0, -1
    sb a0, 4(a1)
    lbu a2, 4(a1)
    CHECK a2, 0xff
    lw a2, 4(a1)
    CHECK a2, 0xaabbccff
    li gp, 24
    sw zero, -4+8(a1)
    lw a2, 4(a1)
    CHECK a2, 0

    /* Main memory and the scratchpad take scalar loads and stores. */
    li gp, 30
    li a1, MOSAIC_MAIN_BASE
    li a0, 0x13572468
    sw a0, 0(a1)
    lw a2, 0(a1)
    bne a0, a2, fail
    li gp, 31
    li a1, MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE - 4
    sw a0, 0(a1)
    lw a2, 0(a1)
    bne a0, a2, fail
    li gp, 32
    li a1, MOSAIC_SCPAD_BASE
    sh a0, 2(a1)
    lhu a2, 2(a1)
    CHECK a2, 0x2468
    li gp, 33
    li a1, MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS - 1
    sb a0, 0(a1)
    lbu a2, 0(a1)
    CHECK a2, 0x68
    li gp, 34
    li a1, MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE - 4
    sw a0, 0(a1)
    lw a2, 0(a1)
    bne a0, a2, fail

    /* FENCE in every form orders nothing in the ISS (program order) and
     * must execute as a no-op. */
    li gp, 40
    fence
    fence rw, rw
    fence.tso
    fence w, r
    .word 0x0ff0000f          /* fence iorw, iorw */
    .word 0x00a5800f          /* reserved rd/rs1 fields are ignored */

    j pass
TEST_END
