/* The ISS side of the tensor unit: custom-0..3 reach the golden model with
 * their scalar operands, scalar results land in rd, TS gates and is
 * updated (tst does not dirty), a trapping tensor instruction does not
 * retire, and the tensor performance counters count: hpmcounter3 tensor
 * instructions retired, hpmcounter5 useful MACs (m*k*n per completed
 * tmma / mmacc sub-operation), hpmcounter8 SDMA bytes. Tensor semantics
 * proper are tested by the golden model's own suites. */
#include "isa_test.h"

/* Encodings (docs/isa.md); tensor registers are written as xN. */
#define TZERO(d) .insn i 0x5b, 4, d, d, 0
#define TMMA(d, a, b) .insn r 0x5b, 7, 1, d, a, b
#define TST(s, base, stride) .insn i 0x5b, 1, s, base, stride
#define TLD(d, base, stride) .insn i 0x5b, 0, d, base, stride
#define TRED(rd, s, op) .insn i 0x5b, 5, rd, s, op
#define TACT(d, f) .insn i 0x5b, 2, d, d, f
#define MMACC(c, a, b, btr) .insn r 0x2b, 0, btr, c, a, b
#define MSETTILEMI(rd, v) .insn i 0x2b, 5, rd, x0, v
#define MSETTILEKI(rd, v) .insn i 0x2b, 6, rd, x0, v
#define MSETTILENI(rd, v) .insn i 0x2b, 7, rd, x0, v
#define MSETTILEM(rd, rs) .insn r 0x2b, 1, 0, rd, rs, x0
#define SCPAD_LD(shape, sp, mem) .insn r 0x0b, 0, 0, shape, sp, mem
#define SCPAD_WAIT .insn r 0x0b, 2, 0, x0, x0, x0

#define CSR_MTILEM 0xcc0
#define CSR_MTILEK 0xcc1
#define CSR_MXTILE 0x7c1
#define CSR_SDMA_STRIDE 0x830

TEST_BEGIN
    li gp, 1
    csrr a0, hpmcounter3
    CHECK a0, 0
    TZERO(x1)
    csrr a0, hpmcounter3
    CHECK a0, 1
    /* A completed tensor instruction makes TS Dirty, so SD = 1. */
    csrr a0, mstatus
    srli a0, a0, 23
    CHECK a0, 0x103

    /* msettile*: scalar result in rd, read-only CSRs follow. */
    li gp, 2
    MSETTILEMI(a0, 4)
    CHECK a0, 4
    MSETTILEKI(a1, 8)
    CHECK a1, 8
    MSETTILENI(a2, 2)
    CHECK a2, 2
    csrr a0, CSR_MTILEM
    CHECK a0, 4
    li a3, 100
    MSETTILEM(a4, a3)        /* min(value, 16) */
    CHECK a4, 16
    MSETTILEMI(a4, 4)

    /* tmma on a 4x8x2 sub-problem: 64 useful MACs. */
    li gp, 3
    TZERO(x2)
    TZERO(x3)
    TMMA(x3, x1, x2)
    csrr a0, hpmcounter5
    CHECK a0, 64
    csrr a0, hpmcounter3
    CHECK a0, 9              /* tzero, 4 msettile*i, msettilem, 2 tzero, tmma */

    /* mmacc with the reset mxcfg/mxtile: INT8 -> INT16, 2x2 tiling, four
     * sub-operations of 4x8x2. */
    li gp, 4
    MMACC(x8, x4, x6, 0)
    csrr a0, hpmcounter5
    CHECK a0, 64 + 4 * 64
    /* GUARD4x4 with a 16-bit result passes the guard: 16 sub-operations. */
    li gp, 5
    li a0, 16 | (16 << 8) | (1 << 16) | (1 << 18)
    csrw CSR_MXTILE, a0
    MMACC(x16, x0, x4, 0)
    csrr a0, hpmcounter5
    CHECK a0, 64 + 4 * 64 + 16 * 64
    csrr a0, hpmcounter3
    CHECK a0, 11

    /* A trapping tensor instruction retires nothing and counts nothing:
     * tact with function 7 is illegal. */
    li gp, 6
    TEST_TRAP 6, MCAUSE_ILLEGAL, TACT(x1, 7)
    csrr a0, hpmcounter3
    CHECK a0, 11
    /* mmacc whose 4x4 C block runs past tr31 is bad geometry. */
    TEST_TRAP 7, MCAUSE_ILLEGAL, MMACC(x20, x0, x4, 0)
    csrr a0, hpmcounter5
    CHECK a0, 64 + 4 * 64 + 16 * 64

    /* tred writes a scalar register: the sum of a zero FP32 tile is +0. */
    li gp, 8
    li a0, 123
    TRED(a0, x2, 0)
    CHECK a0, 0

    /* tst only reads tensor state: TS stays Clean. */
    li gp, 9
    li a0, (2 << 23)
    csrw mstatus, a0
    li a1, MOSAIC_MAIN_BASE + 0x1000
    TST(x1, a1, 64)
    csrr a0, mstatus
    srli a0, a0, 23
    CHECK a0, 2
    TLD(x1, a1, 64)
    csrr a0, mstatus
    srli a0, a0, 23
    CHECK a0, 0x103

    /* tld from MMIO is an access fault with mtval = base: the tensor unit
     * sees memories only. */
    li a1, MOSAIC_UART_BASE
    TEST_TRAP 10, MCAUSE_LOAD_FAULT, TLD(x1, a1, 64)
    bne s10, a1, fail

    /* SDMA: 2 rows x 4 columns of 4-byte elements = 32 bytes. */
    li gp, 11
    li a2, MOSAIC_MAIN_BASE + 0x2000
    li a0, 0xcafe0001
    sw a0, 0(a2)
    li a0, 0xcafe0002
    sw a0, 16(a2)
    li a0, 16
    csrw CSR_SDMA_STRIDE, a0
    li a0, 4 | (2 << 8) | (2 << 16)
    li a1, MOSAIC_SCPAD_BASE + 0x100
    SCPAD_LD(a0, a1, a2)
    SCPAD_WAIT
    csrr a0, hpmcounter8
    CHECK a0, 32
    lw a0, 0(a1)
    CHECK a0, 0xcafe0001
    lw a0, 16(a1)
    CHECK a0, 0xcafe0002

    /* mcountinhibit bit 3 stops hpmcounter3. */
    li gp, 12
    csrwi mcountinhibit, 8
    csrr a0, hpmcounter3
    TZERO(x1)
    csrr a1, hpmcounter3
    csrwi mcountinhibit, 0
    bne a0, a1, fail

    j pass
TEST_END
