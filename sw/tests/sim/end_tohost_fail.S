/* mosaic-sim exit contract: tohost = (3 << 1) | 1 -> "FAIL: test 3", exit 1. */
#include "mosaic_memmap.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    li t0, 7
    la t1, tohost
    sw t0, 0(t1)
1:  j 1b
    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0, 0
