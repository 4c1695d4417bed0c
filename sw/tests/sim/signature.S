/* mosaic-sim --signature: fills begin_signature..end_signature with values
 * computed by stores of every width (and leaves one word untouched), then
 * passes through tohost. The RTL's signature must equal mosaic-iss's. */
#include "mosaic_memmap.h"
    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la t0, begin_signature
    li t1, 0x12345678
    li t2, 16
1:  sw t1, 0(t0)
    slli t3, t1, 7
    xor t1, t1, t3
    addi t0, t0, 4
    addi t2, t2, -1
    bnez t2, 1b
    li t1, 0xA5
    sb t1, 1(t0)
    li t1, 0xBEEF
    sh t1, 6(t0)
    li t0, 1
    la t1, tohost
    sw t0, 0(t1)
2:  j 2b
    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0, 0
    .data
    .balign 16
    .globl begin_signature
begin_signature:
    .fill 16, 4, 0
    .word 0x0badf00d, 0x11111111, 0x22222222
    .globl end_signature
end_signature:
