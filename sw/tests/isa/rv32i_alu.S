/* RV32I register-register and register-immediate arithmetic, LUI/AUIPC,
 * shifts at their limits, sign extension of immediates, x0. */
#include "isa_test.h"

TEST_BEGIN
    TEST_RR 1, add, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 2, add, 0x80000000, 0x7fffffff, 0x00000001
    TEST_RR 3, add, 0xfffffffe, 0xffffffff, 0xffffffff
    TEST_RR 4, add, 0x00000000, 0xffffffff, 0x00000001
    TEST_RR 5, sub, 0x7fffffff, 0x80000000, 0x00000001
    TEST_RR 6, sub, 0xffffffff, 0x00000000, 0x00000001
    TEST_RR 7, sub, 0x00000000, 0x12345678, 0x12345678
    TEST_RR 8, sll, 0x80000000, 0x00000001, 31
    TEST_RR 9, sll, 0x00000001, 0x00000001, 32        /* only rs2[4:0] counts */
    TEST_RR 10, sll, 0x42424242, 0x21212121, 0xffffffe1
    TEST_RR 11, srl, 0x00000001, 0x80000000, 31
    TEST_RR 12, srl, 0x7fffffff, 0xffffffff, 1
    TEST_RR 13, srl, 0x80000000, 0x80000000, 0xffffffe0
    TEST_RR 14, sra, 0xffffffff, 0x80000000, 31
    TEST_RR 15, sra, 0xc0000000, 0x80000000, 1
    TEST_RR 16, sra, 0x3fffffff, 0x7fffffff, 1
    TEST_RR 17, slt, 1, 0x80000000, 0x7fffffff
    TEST_RR 18, slt, 0, 0x7fffffff, 0x80000000
    TEST_RR 19, slt, 0, 5, 5
    TEST_RR 20, sltu, 0, 0x80000000, 0x7fffffff
    TEST_RR 21, sltu, 1, 0x7fffffff, 0x80000000
    TEST_RR 22, sltu, 1, 0, 0xffffffff
    TEST_RR 23, xor, 0xf00ff00f, 0xff00ff00, 0x0f0f0f0f
    TEST_RR 24, or, 0xff0fff0f, 0xff00ff00, 0x0f0f0f0f
    TEST_RR 25, and, 0x0f000f00, 0xff00ff00, 0x0f0f0f0f

    TEST_RI 30, addi, 0x00000800, 0x00001000, -2048
    TEST_RI 31, addi, 0x000017ff, 0x00001000, 2047
    TEST_RI 32, addi, 0xffffffff, 0x00000000, -1
    TEST_RI 33, addi, 0x80000000, 0x7fffffff, 1
    TEST_RI 34, slti, 1, 0xfffff000, -2048
    TEST_RI 35, slti, 0, 0, -1
    TEST_RI 36, sltiu, 1, 0xfffffffe, -1              /* imm sign-extends, then compares unsigned */
    TEST_RI 37, sltiu, 0, 0xffffffff, -1
    TEST_RI 38, sltiu, 1, 0, 1                        /* seqz */
    TEST_RI 39, xori, 0xffffff0f, 0x000000f0, -1
    TEST_RI 40, xori, 0x00ff07f0, 0x00ff0000, 0x7f0
    TEST_RI 41, ori, 0xfffff800, 0x00000000, -2048
    TEST_RI 42, andi, 0x00ffff00, 0x00ffff00, -256
    TEST_RI 43, andi, 0x00000000, 0xff00ff00, 0x0f
    TEST_RI 44, slli, 0x80000000, 0x00000001, 31
    TEST_RI 45, slli, 0x00000001, 0x00000001, 0
    TEST_RI 46, srli, 0x00000001, 0x80000000, 31
    TEST_RI 47, srli, 0x80000000, 0x80000000, 0
    TEST_RI 48, srai, 0xffffffff, 0x80000000, 31
    TEST_RI 49, srai, 0x00000000, 0x7fffffff, 31
    TEST_RI 50, srai, 0xf8000000, 0x80000000, 4

    TEST_RR_SRC1_EQ_DEST 60, add, 3, 1, 2
    TEST_RR_SRC1_EQ_DEST 61, sub, 0xffffffff, 1, 2
    TEST_RR_ZERO_DEST 62, add, 1, 2
    TEST_RR_ZERO_DEST 63, sll, 1, 2

    /* x0 as a source reads zero; writes to it vanish. */
    li gp, 64
    addi x0, x0, 5
    add a0, x0, x0
    CHECK a0, 0
    li gp, 65
    lui x0, 0x12345
    bnez x0, fail
    li gp, 66
    li a1, 7
    sub a0, x0, a1
    CHECK a0, -7

    /* LUI puts imm in [31:12], zeros below. */
    li gp, 70
    lui a0, 0xfffff
    CHECK a0, 0xfffff000
    li gp, 71
    lui a0, 0x80000
    srai a0, a0, 12
    CHECK a0, 0xfff80000
    li gp, 72
    lui a0, 0
    CHECK a0, 0

    /* AUIPC adds to its own address. */
    li gp, 73
1:  auipc a0, 0
    la a1, 1b
    bne a0, a1, fail
    li gp, 74
2:  auipc a0, 0x1
    la a1, 2b
    sub a0, a0, a1
    CHECK a0, 0x1000
    li gp, 75
3:  auipc a0, 0xfffff
    la a1, 3b
    sub a0, a0, a1
    CHECK a0, 0xfffff000

    j pass
TEST_END
