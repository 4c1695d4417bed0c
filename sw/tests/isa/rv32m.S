/* RV32M: every instruction, signs, high halves, division by zero and the
 * INT_MIN / -1 overflow (results the M spec defines; no trap). */
#include "isa_test.h"

TEST_BEGIN
    TEST_RR 1, mul, 0x00000000, 0x00000000, 0x00000000
    TEST_RR 2, mul, 0x00000006, 0x00000002, 0x00000003
    TEST_RR 3, mul, 0xfffffffa, 0xfffffffe, 0x00000003
    TEST_RR 4, mul, 0x00000001, 0xffffffff, 0xffffffff
    TEST_RR 5, mul, 0x00000000, 0x80000000, 0x00000002
    TEST_RR 6, mul, 0x0000ff7f, 0xaaaaaaab, 0x0002fe7d
    TEST_RR 10, mulh, 0x00000000, 0x00000002, 0x00000003
    TEST_RR 11, mulh, 0xffffffff, 0xfffffffe, 0x00000003
    TEST_RR 12, mulh, 0x00000000, 0xffffffff, 0xffffffff
    TEST_RR 13, mulh, 0x40000000, 0x80000000, 0x80000000
    TEST_RR 14, mulh, 0xc0000000, 0x80000000, 0x7fffffff
    TEST_RR 15, mulh, 0x3fffffff, 0x7fffffff, 0x7fffffff
    TEST_RR 20, mulhsu, 0xffffffff, 0xffffffff, 0xffffffff
    TEST_RR 21, mulhsu, 0x00000000, 0x00000001, 0xffffffff
    TEST_RR 22, mulhsu, 0x80000000, 0x80000000, 0xffffffff
    TEST_RR 23, mulhsu, 0x7ffffffe, 0x7fffffff, 0xffffffff
    TEST_RR 30, mulhu, 0xfffffffe, 0xffffffff, 0xffffffff
    TEST_RR 31, mulhu, 0x00000000, 0x00000001, 0xffffffff
    TEST_RR 32, mulhu, 0x40000000, 0x80000000, 0x80000000
    TEST_RR 33, mulhu, 0x00000001, 0x00010000, 0x00010000

    TEST_RR 40, div, 0x00000003, 20, 6
    TEST_RR 41, div, 0xfffffffd, -20, 6
    TEST_RR 42, div, 0xfffffffd, 20, -6
    TEST_RR 43, div, 0x00000003, -20, -6
    TEST_RR 44, div, 0x80000000, 0x80000000, 0xffffffff  /* overflow */
    TEST_RR 45, div, 0xffffffff, 0x80000000, 0              /* by zero */
    TEST_RR 46, div, 0xffffffff, 0, 0
    TEST_RR 50, divu, 0x00000003, 20, 6
    TEST_RR 51, divu, 0x2aaaaaa7, -20, 6
    TEST_RR 52, divu, 0x00000000, 20, -6
    TEST_RR 53, divu, 0x00000001, 0x80000000, 0x80000000
    TEST_RR 54, divu, 0xffffffff, 0x12345678, 0
    TEST_RR 60, rem, 0x00000002, 20, 6
    TEST_RR 61, rem, 0xfffffffe, -20, 6       /* sign of the dividend */
    TEST_RR 62, rem, 0x00000002, 20, -6
    TEST_RR 63, rem, 0xfffffffe, -20, -6
    TEST_RR 64, rem, 0x00000000, 0x80000000, 0xffffffff  /* overflow */
    TEST_RR 65, rem, 0x80000000, 0x80000000, 0           /* by zero: dividend */
    TEST_RR 66, rem, 0xfffffff3, -13, 0
    TEST_RR 70, remu, 0x00000002, 20, 6
    TEST_RR 71, remu, 0x00000002, -20, 6
    TEST_RR 72, remu, 0x00000014, 20, -6
    TEST_RR 73, remu, 0x12345678, 0x12345678, 0
    TEST_RR 74, remu, 0x00000000, 0x80000000, 0x80000000

    TEST_RR_SRC1_EQ_DEST 80, mul, 143, 13, 11
    TEST_RR_SRC1_EQ_DEST 81, div, 1, 13, 11
    TEST_RR_ZERO_DEST 82, mul, 13, 11
    TEST_RR_ZERO_DEST 83, divu, 13, 0
    j pass
TEST_END
