/* The coprocessor port (X-IF) against the toy coprocessor of
 * tb/icarus/mosaic_xif_model.sv: scalar results (with x[rd] as a source),
 * forwarding of coprocessor results, rd = x0, a promised result that writes
 * nothing, exceptions decided at issue, rejected opcodes, mstatus.TS
 * (Initial -> Dirty, Clean kept by a non-dirtying instruction, Off traps
 * without issuing), tensor CSRs, fence draining, and the tensor
 * performance counters. Runs on the TensorUnit = 1 bench only.
 * RTL_TENSOR_UNIT: toy */
#include "rtl_test.h"

#define XADD(rd, rs1, rs2)  .insn r 0x0b, 0, 0, rd, rs1, rs2
#define XEXC(rs1, rs2)      .insn r 0x0b, 1, 0, x0, rs1, rs2
#define XNOP                .insn r 0x0b, 2, 0, x0, x0, x0
#define XDIRTY              .insn r 0x0b, 3, 0, x0, x0, x0
#define XBUSY(rs1)          .insn r 0x0b, 4, 0, x0, rs1, x0
#define XNOWE(rd)           .insn r 0x0b, 5, 0, rd, x0, x0
#define XREJECT             .insn r 0x0b, 7, 0, x0, x0, x0
#define TS_MASK (3 << 23)

TEST_BEGIN
    /* Reset: TS = Initial, SD = 0. */
    li gp, 1
    csrr a0, mstatus
    li t0, TS_MASK | (1 << 31)
    and a0, a0, t0
    CHECK a0, (1 << 23)

    /* x[rd] is a source: a0 = a1 + a2 + a0; the result forwards at once. */
    li gp, 2
    li a0, 100
    li a1, 1
    li a2, 2
    XADD(a0, a1, a2)
    addi a3, a0, 1
    CHECK a0, 103
    CHECK a3, 104
    /* It set TS Dirty (and SD). */
    li gp, 3
    csrr a0, mstatus
    li t0, TS_MASK | (1 << 31)
    and a0, a0, t0
    CHECK a0, TS_MASK | (1 << 31)

    /* A dependent chain of coprocessor results, operands from a load. */
    li gp, 4
    la t1, vals
    lw a1, 0(t1)
    XADD(a1, a1, a1)           /* 3 * 7 */
    XADD(a1, a1, zero)         /* 2 * 21 */
    XADD(a2, a1, a1)           /* 84 + old a2 (2) */
    CHECK a1, 42
    CHECK a2, 86
    /* rd = x0 writes nothing; a promised result without we neither. */
    li gp, 5
    XADD(zero, a1, a1)
    add a3, zero, zero
    CHECK a3, 0
    li a4, 0x77
    XNOWE(a4)
    CHECK a4, 0x77

    /* Exception at issue: cause and tval come from the coprocessor. */
    li a1, 5
    li a2, 0x40001234
    EXPECT_TRAP 10, 5, XEXC(a1, a2)
    CHECK s10, 0x40001234
    li a1, 7
    li a2, 0x1111
    EXPECT_TRAP 11, 7, XEXC(a1, a2)
    CHECK s10, 0x1111
    /* Nothing younger reaches memory when the coprocessor traps. */
    li gp, 14
    la t1, vals
    li a3, 0x99
    la s11, 1f
    XEXC(a1, a2)
    sw a3, 0(t1)
    j fail
1:  lw a4, 0(t1)
    CHECK a4, 7
    /* Not accepted: illegal instruction, mtval = the bits. */
    EXPECT_TRAP 12, 2, XREJECT
    CHECK s10, 0x0000700b
    EXPECT_TRAP 13, 2, .word 0x0000425b   /* custom-2: the toy takes none */
    CHECK s10, 0x0000425b

    /* TS Clean stays Clean under a non-dirtying instruction. */
    li gp, 20
    li t0, TS_MASK
    csrc mstatus, t0
    li t0, (2 << 23)
    csrs mstatus, t0
    XNOP
    csrr a0, mstatus
    li t0, TS_MASK
    and a0, a0, t0
    CHECK a0, (2 << 23)
    li gp, 21
    XDIRTY
    csrr a0, mstatus
    and a0, a0, t0
    CHECK a0, TS_MASK
    /* TS Off: instructions and tensor CSRs trap, nothing is issued. */
    li t0, TS_MASK
    csrc mstatus, t0
    csrr t2, hpmcounter3
    EXPECT_TRAP 22, 2, XNOP
    CHECK s10, 0x0000200b
    EXPECT_TRAP 23, 2, csrr a0, 0x820
    li gp, 24
    csrr t3, hpmcounter3
    bne t2, t3, fail
    li t0, (1 << 23)
    csrs mstatus, t0

    /* Tensor CSRs: reset values, WARL masks, read-only range, TS Dirty. */
    li gp, 30
    csrr a0, 0x7c1              /* mxtile */
    CHECK a0, 0x11010
    csrr a0, 0xcc0              /* mtilem */
    CHECK a0, 16
    li gp, 31
    li a1, -1
    csrw 0x820, a1              /* mcsr: 10 bits */
    csrr a0, 0x820
    CHECK a0, 0x3ff
    csrrc a0, 0x820, a1
    CHECK a0, 0x3ff
    csrr a0, 0x820
    CHECK a0, 0
    csrr a0, mstatus
    li t0, TS_MASK
    and a0, a0, t0
    CHECK a0, TS_MASK
    EXPECT_TRAP 32, 2, csrw 0xcc0, a1
    li gp, 33
    csrrs a0, 0xcc1, zero       /* no write: a read-only CSR may be read */
    CHECK a0, 16

    /* Tensor-instruction counter: accepted custom instructions only. */
    li gp, 40
    csrr t2, hpmcounter3
    XNOP
    XNOP
    XADD(a0, zero, zero)
    csrr a1, 0x800              /* CSR accesses do not count */
    csrr t3, hpmcounter3
    sub t3, t3, t2
    CHECK t3, 3

    /* fence waits for the coprocessor; MAC/SDMA events count its work. */
    li gp, 50
    csrr s2, hpmcounter4
    csrr s3, hpmcounter5
    csrr s4, hpmcounter8
    csrr s5, hpmcounter7
    li a1, 200
    CYCLES_START
    XBUSY(a1)
    fence
    CYCLES_END
    li t0, 200
    bltu a0, t0, fail
    li gp, 51
    csrr t1, hpmcounter4
    sub t1, t1, s2
    CHECK t1, 200
    csrr t1, hpmcounter5
    sub t1, t1, s3
    CHECK t1, 1400
    csrr t1, hpmcounter8
    sub t1, t1, s4
    CHECK t1, 400
    li gp, 52
    csrr t1, hpmcounter7        /* the core stalled on the unit */
    sub t1, t1, s5
    li t0, 190
    bltu t1, t0, fail

    j pass

    .data
    .balign 4
vals: .word 7
    .text
TEST_END
