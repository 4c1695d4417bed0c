/* Every synchronous trap cause: illegal instruction (mtval = the bits),
 * ecall, ebreak, misaligned fetch (misaligned loads and stores do not
 * trap: misaligned.S), load/store/fetch access faults; trap entry and
 * mret effects on mstatus; vectored mtvec for exceptions. */
#include "isa_test.h"

TEST_BEGIN
    /* Illegal encodings. */
    TEST_ILLEGAL 1, 0x00000000   /* all zero */
    TEST_ILLEGAL 2, 0xffffffff   /* all ones */
    TEST_ILLEGAL 3, 0x00000001   /* 16-bit (no C extension) */
    TEST_ILLEGAL 4, 0x0000200f   /* MISC-MEM funct3 010 (reserved) */
    TEST_ILLEGAL 5, 0x10200073   /* sret */
    TEST_ILLEGAL 6, 0x00200073   /* uret */
    TEST_ILLEGAL 7, 0x12000073   /* sfence.vma */
    TEST_ILLEGAL 8, 0x02051513   /* slli a0, a0, 32 (RV64 shamt) */
    TEST_ILLEGAL 9, 0x02355513   /* srli with shamt[5] */
    TEST_ILLEGAL 10, 0x60355513  /* srai with funct7 0110000 */
    TEST_ILLEGAL 11, 0x04b50533  /* OP with funct7 0000010 */
    TEST_ILLEGAL 12, 0x40b51533  /* funct7 0100000 with funct3 001 */
    TEST_ILLEGAL 13, 0x0005b503  /* ld */
    TEST_ILLEGAL 14, 0x0005e503  /* lwu */
    TEST_ILLEGAL 15, 0x0005f503  /* load funct3 111 */
    TEST_ILLEGAL 16, 0x00a5b023  /* sd */
    TEST_ILLEGAL 17, 0x00a5c023  /* store funct3 100 */
    TEST_ILLEGAL 18, 0x00b52063  /* branch funct3 010 */
    TEST_ILLEGAL 19, 0x000590e7  /* jalr funct3 001 */
    TEST_ILLEGAL 20, 0x30054573  /* SYSTEM funct3 100 */
    TEST_ILLEGAL 21, 0x105000f3  /* wfi with rd != 0 */
    TEST_ILLEGAL 22, 0x00008073  /* ecall with rs1 != 0 */
    TEST_ILLEGAL 23, 0x302000f3  /* mret with rd != 0 */
    TEST_ILLEGAL 24, 0x0005a507  /* flw (no F) */
    TEST_ILLEGAL 25, 0x1005a52f  /* lr.w (no A) */
    TEST_ILLEGAL 26, 0x0000007f  /* 48-bit+ encoding space */
    TEST_ILLEGAL 27, 0x00000057  /* OP-V */
    /* An illegal instruction does not write rd. */
    li a0, 0x77
    TEST_ILLEGAL 28, 0x04b50533
    CHECK a0, 0x77

    /* ecall and ebreak. */
    TEST_TRAP 30, MCAUSE_ECALL_M, ecall
    CHECK s10, 0
    TEST_TRAP 31, MCAUSE_BREAKPOINT, ebreak
    bne s10, s8, fail            /* mtval = pc of the ebreak */

    /* Access faults: unmapped addresses, past the end of each memory,
     * holes between device windows. A misaligned access to an unmapped
     * address is an access fault at the address (misaligned.S: the second
     * word's faults). */
    TEST_TRAP 50, MCAUSE_LOAD_FAULT, lw a0, 0(zero)
    CHECK s10, 0
    li a1, MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE
    TEST_TRAP 51, MCAUSE_LOAD_FAULT, lw a0, 0(a1)
    bne s10, a1, fail
    li a1, MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE
    TEST_TRAP 52, MCAUSE_STORE_FAULT, sw a0, 0(a1)
    bne s10, a1, fail
    li a1, MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS
    TEST_TRAP 53, MCAUSE_STORE_FAULT, sb a0, 0(a1)
    li a1, MOSAIC_CLINT_BASE + MOSAIC_CLINT_SIZE
    TEST_TRAP 54, MCAUSE_LOAD_FAULT, lw a0, 0(a1)
    li a1, MOSAIC_UART_BASE + MOSAIC_UART_SIZE
    TEST_TRAP 55, MCAUSE_STORE_FAULT, sw a0, 0(a1)
    li a1, MOSAIC_SIMCTRL_BASE - 4
    TEST_TRAP 56, MCAUSE_LOAD_FAULT, lbu a0, 3(a1)
    li a1, 0x30000000
    TEST_TRAP 57, MCAUSE_LOAD_FAULT, lw a0, 2(a1)
    addi t0, a1, 2
    bne s10, t0, fail
    li a1, 0xfffffffc
    TEST_TRAP 58, MCAUSE_STORE_FAULT, sw a0, 0(a1)

    /* Fetch faults: instructions come from RAM only. mepc and mtval are
     * the target; the jump itself retired (its link register is written). */
    .macro FETCH_FAULT n, target
    li gp, \n
    la s11, 1f
    li a1, \target
    jalr ra, 0(a1)
2:  j fail
1:  CHECK s9, MCAUSE_FETCH_FAULT
    CHECK s8, \target
    CHECK s10, \target
    la t0, 2b
    bne ra, t0, fail
    .endm
    FETCH_FAULT 60, MOSAIC_MAIN_BASE
    FETCH_FAULT 61, MOSAIC_SCPAD_BASE
    FETCH_FAULT 62, 0x00000000
    FETCH_FAULT 63, MOSAIC_UART_BASE
    FETCH_FAULT 64, MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE

    /* Trap entry: MPIE = MIE, MIE = 0, MPP = M; mret: MIE = MPIE,
     * MPIE = 1. (mie is 0, so MIE = 1 lets no interrupt in.) */
    csrsi mstatus, 8
    TEST_TRAP 70, MCAUSE_ECALL_M, ecall
    li t1, 0x1888
    and t0, s7, t1
    CHECK t0, 0x1880
    csrr t0, mstatus
    andi t0, t0, 0x88
    CHECK t0, 0x88
    csrci mstatus, 8
    TEST_TRAP 71, MCAUSE_ECALL_M, ecall
    li t1, 0x1888
    and t0, s7, t1
    CHECK t0, 0x1800
    csrr t0, mstatus
    andi t0, t0, 0x88
    CHECK t0, 0x80

    /* mret jumps to mepc. */
    li gp, 72
    la t0, 3f
    csrw mepc, t0
    mret
    j fail
3:
    /* Vectored mode: exceptions still go to BASE. */
    csrr s0, mtvec
    ori t0, s0, 1
    csrw mtvec, t0
    TEST_TRAP 80, MCAUSE_ECALL_M, ecall
    csrw mtvec, s0

    j pass
TEST_END
