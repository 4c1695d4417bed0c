/* mosaic-sim exit contract: simulation-control EXIT = 5 -> exit status 5,
 * after printing "ok" with byte stores to the UART. */
#include "mosaic_memmap.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    li t0, MOSAIC_UART_TXDATA
    li t1, 'o'
    sb t1, 0(t0)
    li t1, 'k'
    sb t1, 0(t0)
    li t1, '\n'
    sb t1, 0(t0)
    li t0, MOSAIC_SIMCTRL_EXIT
    li t1, 5
    sw t1, 0(t0)
1:  j 1b
