/* ISS speed benchmark (not a test): a scalar loop of ALU, multiply, load,
 * store and branch instructions, 9 per iteration, ended through EXIT.
 * `make iss-bench` runs it with --stats, which reports instructions/s. */
#include "mosaic_memmap.h"

#ifndef ITERATIONS
#define ITERATIONS 20000000
#endif

    .section .text.init, "ax"
    .globl _start
_start:
    li s0, ITERATIONS
    la s1, buf
    li t1, 0
    li t3, 0
loop:
    lw t0, 0(s1)
    addi t0, t0, 1
    sw t0, 0(s1)
    xor t1, t1, t0
    slli t2, t1, 3
    add t3, t3, t2
    mul t4, t3, t0
    addi s0, s0, -1
    bnez s0, loop
    li t0, MOSAIC_SIMCTRL_EXIT
    sw zero, 0(t0)
1:  j 1b

    .data
    .balign 4
buf: .word 0
