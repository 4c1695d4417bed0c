/* The riscv-tests tohost protocol: only a non-zero value in the low word
 * ends the run (zero and the high word are ignored); a byte store of 1 is a
 * pass like a word store. */
#include "isa_test.h"

TEST_BEGIN
    li gp, 1
    la t0, tohost
    sw zero, 0(t0)          /* zero: keep running */
    li a0, 3
    sw a0, 4(t0)            /* high word: not a request (3 would be "fail 1") */
    lw a1, 4(t0)
    CHECK a1, 3
    sw zero, 4(t0)
    li gp, 2
    la t0, tohost
    li a0, 1
    sb a0, 0(t0)
    j fail                  /* not reached: the store above ends the run */
TEST_END
