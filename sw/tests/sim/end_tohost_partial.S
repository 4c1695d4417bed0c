/* An end-of-program disagreement the lockstep must report: tohost starts
 * as 0x100 and a byte store writes 1 into its low byte. The ISS looks at the
 * whole word (0x101: fail 128), mosaic_simctrl at the lanes written (1:
 * pass), so mosaic-sim stops with "end of program" (exit 1). */
#include "mosaic_memmap.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    li t0, 1
    la t1, tohost
    sb t0, 0(t1)
1:  j 1b
    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0x100, 0
