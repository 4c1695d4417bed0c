/* Signature program: a mix of ALU, shift, multiply/divide, sub-word memory,
 * CSR and trap results written to begin_signature..end_signature, which the
 * benches dump riscv-arch-test style. sw/tests/rtl/test_icarus_smoke.py
 * compares the RTL's signature with the golden ISS's (mosaic-iss
 * --signature) word for word. */
#include "rtl_test.h"

/* Store reg at the next signature word (t5 is the cursor). */
.macro SIG reg
    sw \reg, 0(t5)
    addi t5, t5, 4
.endm

TEST_BEGIN
    la t5, begin_signature
    li s0, 0x9e3779b9
    li s1, 0x7f4a7c15
    /* ALU and shifts over a small LCG sequence. */
    li t0, 8
1:  add a0, s0, s1
    SIG a0
    sub a0, s0, s1
    SIG a0
    xor a0, s0, s1
    sra a1, s0, s1
    srl a2, s0, s1
    sll a3, s1, s0
    slt a4, s0, s1
    sltu a5, s0, s1
    SIG a0
    SIG a1
    SIG a2
    SIG a3
    SIG a4
    SIG a5
    mul a0, s0, s1
    mulh a1, s0, s1
    mulhsu a2, s0, s1
    mulhu a3, s0, s1
    div a4, s0, s1
    rem a5, s0, s1
    divu a6, s0, s1
    remu a7, s0, s1
    SIG a0
    SIG a1
    SIG a2
    SIG a3
    SIG a4
    SIG a5
    SIG a6
    SIG a7
    /* next: s0 = s0 * 1664525 + 1013904223, s1 rotates */
    li t1, 1664525
    mul s0, s0, t1
    li t1, 1013904223
    add s0, s0, t1
    slli t1, s1, 7
    srli s1, s1, 25
    or s1, s1, t1
    addi t0, t0, -1
    bnez t0, 1b

    /* Sub-word loads of what we just wrote. */
    la t1, begin_signature
    lb a0, 1(t1)
    lbu a1, 2(t1)
    lh a2, 2(t1)
    lhu a3, 6(t1)
    SIG a0
    SIG a1
    SIG a2
    SIG a3

    /* Deterministic CSRs and trap records. */
    csrr a0, misa
    SIG a0
    csrr a0, mstatus
    SIG a0
    la s11, 2f
    ecall
2:  SIG s9
    SIG s10
    la s11, 3f
    .word 0x0000707f
3:  SIG s9
    SIG s10
    /* A misaligned load (two bus accesses), then one whose second word is
     * past the end of the RAM: a load access fault, mtval = that word. */
    la a1, begin_signature
    lw a0, 2(a1)
    SIG a0
    la s11, 4f
    li a1, 0x80080000           /* MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE */
    lw a0, -3(a1)
4:  SIG s9
    SIG s10

    j pass

    .data
    .balign 16
    .globl begin_signature
begin_signature:
    .fill 8 * 16 + 4 + 9, 4, 0xdeadbeef
    .globl end_signature
end_signature:
    .text
TEST_END
