/* mosaic-sim limits: a loop that never ends (--max-cycles -> exit 3) unless
 * built with -DWFI_HANG, where the core waits in wfi with the timer
 * interrupt disabled and never retires again (hang detection -> exit 3). */
#include "mosaic_memmap.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    li t0, 0
#ifdef WFI_HANG
    csrw mie, zero
    wfi
#endif
1:  addi t0, t0, 1
    j 1b
