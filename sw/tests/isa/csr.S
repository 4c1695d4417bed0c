/* Zicsr on every implemented machine CSR: the six instructions, read-only
 * and unimplemented CSRs trapping illegal (mtval = the instruction), WARL
 * fields, and the tensor context status in mstatus. */
#include "isa_test.h"

TEST_BEGIN
    /* csrrw / csrrs / csrrc and the immediate forms return the old value. */
    li gp, 1
    li a0, 0x12345678
    csrrw a1, mscratch, a0
    CHECK a1, 0
    csrr a1, mscratch
    CHECK a1, 0x12345678
    li gp, 2
    li a0, 0x0000ff00
    csrrs a1, mscratch, a0
    CHECK a1, 0x12345678
    csrr a1, mscratch
    CHECK a1, 0x1234ff78
    li gp, 3
    li a0, 0x10000008
    csrrc a1, mscratch, a0
    CHECK a1, 0x1234ff78
    csrr a1, mscratch
    CHECK a1, 0x0234ff70
    li gp, 4
    csrrwi a1, mscratch, 0x1f
    CHECK a1, 0x0234ff70
    csrrsi a1, mscratch, 0x0
    CHECK a1, 0x1f
    csrrci a1, mscratch, 0x3
    CHECK a1, 0x1f
    csrr a1, mscratch
    CHECK a1, 0x1c
    /* rd = x0 still writes; rd = rs1 reads the old value. */
    li gp, 5
    li a0, 77
    csrw mscratch, a0
    csrrw a0, mscratch, a0
    CHECK a0, 77
    li a0, 5
    csrrw a0, mscratch, a0
    CHECK a0, 77
    csrr a0, mscratch
    CHECK a0, 5

    /* Identification CSRs. */
    li gp, 10
    csrr a0, misa
    CHECK a0, 0x40801100       /* RV32, I, M, X */
    li gp, 11
    csrr a0, mvendorid
    CHECK a0, 0
    csrr a0, marchid
    CHECK a0, 0
    csrr a0, mimpid
    CHECK a0, 0
    csrr a0, mhartid
    CHECK a0, 0
    /* misa is WARL and not writable: writes are ignored, no trap. */
    li gp, 12
    csrw misa, zero
    csrr a0, misa
    CHECK a0, 0x40801100

    /* Writes to read-only CSRs trap; csrrs/csrrc with x0 or uimm 0 do not
     * write and may read them. */
    TEST_ILLEGAL 20, 0xf1159073  /* csrw mvendorid, a1 */
    TEST_ILLEGAL 21, 0xf1405073  /* csrwi mhartid, 0 */
    TEST_ILLEGAL 22, 0xc0059073  /* csrw cycle, a1 */
    TEST_ILLEGAL 23, 0xc015a073  /* csrs time, a1 */
    TEST_ILLEGAL 24, 0xc020b073  /* csrc instret, ra */
    TEST_ILLEGAL 25, 0xc03fe073  /* csrsi hpmcounter3, 31 */
    TEST_ILLEGAL 26, 0xcc059073  /* csrw mtilem, a1 (tensor, read-only) */
    li gp, 27
    csrrs a0, mvendorid, zero
    csrrc a0, cycle, zero
    csrrsi a0, instret, 0
    csrrci a0, mhartid, 0

    /* Unimplemented CSRs trap on any access. */
    TEST_ILLEGAL 30, 0x306025f3  /* csrr a1, mcounteren (no U-mode) */
    TEST_ILLEGAL 31, 0x180025f3  /* csrr a1, satp */
    TEST_ILLEGAL 32, 0x001025f3  /* csrr a1, fflags (no F) */
    TEST_ILLEGAL 33, 0x7a5025f3  /* csrr a1, tcontrol (triggers: only tselect..tinfo) */
    TEST_ILLEGAL 34, 0x30259073  /* csrw medeleg, a1 (no S-mode) */
    TEST_ILLEGAL 35, 0xb0102573  /* csrr a0, 0xb01 (no mtime CSR) */
    TEST_ILLEGAL 36, 0x7ff01073  /* csrw 0x7ff, zero */
    TEST_ILLEGAL 37, 0x3b0025f3  /* csrr a1, pmpaddr0 (no PMP) */
    TEST_ILLEGAL 38, 0x310025f3  /* csrr a1, mstatush (not implemented) */
    TEST_ILLEGAL 39, 0xf15025f3  /* csrr a1, mconfigptr (not implemented) */

    /* mstatus: MIE, MPIE and TS writable, MPP reads M, SD = (TS == Dirty). */
    li gp, 40
    li a0, -1
    csrw mstatus, a0
    csrr a1, mstatus
    CHECK a1, 0x81801888
    li gp, 41
    csrw mstatus, zero         /* TS = Off */
    csrr a1, mstatus
    CHECK a1, 0x00001800
    /* TS Off: tensor CSRs and tensor instructions trap. */
    TEST_ILLEGAL 42, 0x82002573  /* csrr a0, mcsr */
    TEST_ILLEGAL 43, 0x7c1025f3  /* csrr a1, mxtile */
    TEST_ILLEGAL 44, 0x0000425b  /* tzero tr0 */
    li gp, 45
    li a0, (1 << 23)           /* TS = Initial */
    csrw mstatus, a0
    csrr a0, 0x820
    csrr a1, mstatus
    CHECK a1, 0x00801800
    li gp, 46
    li a0, 0x5
    csrw 0x7c2, a0          /* a tensor CSR write makes TS Dirty */
    csrr a1, mstatus
    CHECK a1, 0x81801800
    li gp, 47
    li a0, (2 << 23)           /* Clean */
    csrw mstatus, a0
    csrr a1, mstatus
    CHECK a1, 0x01001800

    /* mtvec: BASE 4-byte aligned, MODE 0 or 1 (bit 1 does not exist). */
    li gp, 50
    csrr s0, mtvec
    li a0, 0x80001003
    csrw mtvec, a0
    csrr a1, mtvec
    CHECK a1, 0x80001001
    li a0, 0x80001002
    csrw mtvec, a0
    csrr a1, mtvec
    CHECK a1, 0x80001000
    csrw mtvec, s0
    /* mepc: bits 1:0 are zero (IALIGN = 32). */
    li gp, 51
    li a0, 0xffffffff
    csrw mepc, a0
    csrr a1, mepc
    CHECK a1, 0xfffffffc
    /* mcause, mtval: fully writable. */
    li gp, 52
    li a0, 0x8000000b
    csrw mcause, a0
    csrr a1, mcause
    CHECK a1, 0x8000000b
    li a0, 0xdeadbeef
    csrw mtval, a0
    csrr a1, mtval
    CHECK a1, 0xdeadbeef
    /* mie: only MTIE exists. mip: MTIP is read-only, writes ignored. */
    li gp, 53
    li a0, -1
    csrw mie, a0
    csrr a1, mie
    CHECK a1, 0x80
    csrw mie, zero
    li gp, 54
    csrw mip, a0
    csrr a1, mip
    CHECK a1, 0
    /* mhpmevent3..31: WARL 0. */
    li gp, 55
    csrw mhpmevent3, a0
    csrr a1, mhpmevent3
    CHECK a1, 0
    csrw mhpmevent31, a0
    csrr a1, mhpmevent31
    CHECK a1, 0
    /* mcountinhibit: CY, IR and counters 3..9; TM and 10..31 are zero. */
    li gp, 56
    csrw mcountinhibit, a0
    csrr a1, mcountinhibit
    CHECK a1, 0x3fd
    csrw mcountinhibit, zero

    j pass
TEST_END
