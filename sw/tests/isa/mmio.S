/* Devices: UART (TXDATA prints, STATUS reads ready, RXDATA reads "no byte"
 * without input), CLINT mtime/mtimecmp
 * with sub-word accesses, and the read-as-zero / write-ignored holes inside
 * device windows. test_isa.py checks the UART output:
 * EXPECT_STDOUT: "mmio ok\n" */
#include "isa_test.h"

.macro PUTC c
    li t0, MOSAIC_UART_TXDATA
    li t1, \c
    sb t1, 0(t0)
.endm

TEST_BEGIN
    li gp, 1
    li t0, MOSAIC_UART_STATUS
    lw a0, 0(t0)
    CHECK a0, 1
    lbu a0, 0(t0)
    CHECK a0, 1
    lhu a0, 2(t0)
    CHECK a0, 0
    li gp, 2
    li t0, MOSAIC_UART_TXDATA
    lw a0, 0(t0)
    CHECK a0, 0
    li gp, 3
    li t0, MOSAIC_UART_RXDATA
    lw a0, 0(t0)
    li a1, 0x80000000       /* bit 31: no byte waiting */
    bne a0, a1, fail
    lw a0, 0(t0)            /* and reading it again changes nothing */
    bne a0, a1, fail
    li gp, 2
    li t0, MOSAIC_UART_TXDATA
    /* A write to TXDATA lanes 1..3 prints nothing. */
    li t1, 'X'
    sb t1, 1(t0)
    PUTC 'm'
    PUTC 'm'
    li t0, MOSAIC_UART_TXDATA
    li t1, 0x4100 + 'i'     /* a word store prints its low byte */
    sw t1, 0(t0)
    PUTC 'o'
    PUTC ' '
    PUTC 'o'
    PUTC 'k'
    PUTC '\n'

    /* mtime advances (once per instruction in the ISS, once per cycle in
     * the RTL) and is writable. */
    li gp, 10
    li t0, MOSAIC_CLINT_MTIME
    lw a0, 0(t0)
    lw a1, 0(t0)
    sub a2, a1, a0
    CHECK_RANGE a2, 1, 16
    li gp, 11
    li a0, 1000
    sw a0, 0(t0)
    lw a1, 0(t0)
    csrr a2, time
    CHECK_RANGE a1, 1000, 1016
    sub a2, a2, a1
    CHECK_RANGE a2, 1, 16
    li gp, 12
    sw zero, 4(t0)
    li a0, 5
    sw a0, 4(t0)
    lw a1, 4(t0)
    csrr a2, timeh
    CHECK a1, 5
    CHECK a2, 5
    sw zero, 4(t0)

    /* mtimecmp: byte lanes. */
    li gp, 20
    li t0, MOSAIC_CLINT_MTIMECMP
    li a0, -1
    sw a0, 0(t0)
    sb zero, 1(t0)
    lw a1, 0(t0)
    CHECK a1, 0xffff00ff
    li a0, 0x1234
    sh a0, 2(t0)
    lw a1, 0(t0)
    CHECK a1, 0x123400ff
    lbu a1, 3(t0)
    CHECK a1, 0x12
    lh a1, 2(t0)
    CHECK a1, 0x1234
    li a0, -1
    sw a0, 0(t0)
    sw a0, 4(t0)

    /* Holes inside device windows read zero and ignore writes. */
    li gp, 30
    li t0, MOSAIC_CLINT_BASE
    li a0, -1
    sw a0, 0(t0)            /* msip: not implemented */
    lw a1, 0(t0)
    CHECK a1, 0
    li t0, MOSAIC_UART_BASE + 12
    sw a0, 0(t0)
    lw a1, 0(t0)
    CHECK a1, 0
    li t0, MOSAIC_SIMCTRL_BASE + 4
    sw a0, 0(t0)
    lw a1, 0(t0)
    CHECK a1, 0
    li t0, MOSAIC_SIMCTRL_EXIT
    lw a1, 0(t0)
    CHECK a1, 0

    j pass
TEST_END
