/* Main-memory model measurement for sw/tests/sim/test_sim_dram.py: SDMA
 * transfers timed by the performance counters, under mosaic-sim's
 * --dram-latency / --dram-bw / --dram-outstanding.
 *
 * Three phases, each NXFER transfers of 32 x 32 FP32 (4 KiB, rows of 128
 * bytes: one 16-beat burst per row), queued back to back and ended by one
 * scpad.wait:
 *   REF  scpad.ld from scratchpad bank 1 to bank 0: neither side is main
 *        memory, so this is the SDMA engine's own time at one beat per
 *        cycle (its read phase and its write phase).
 *   LD   scpad.ld from main memory to bank 0: the read phase is the DRAM's.
 *   ST   scpad.st from bank 0 to main memory: the write phase is the DRAM's.
 * The engine reads a whole transfer before writing it, so LD - REF is the
 * extra time of the DRAM reads and ST - REF that of the DRAM writes.
 *
 * For each phase begin_signature gets four words: cycles (mcycle), SDMA
 * busy cycles (hpmcounter9), SDMA bytes (hpmcounter8), and 0. Then the
 * source is compared word by word with what came back to main memory
 * (through the scratchpad): a difference fails the program (tohost 3).
 * The ISS checks the same data in lockstep. */
#include "mosaic_memmap.h"

#define NXFER   4
#define XBYTES  4096
#define SHAPE   ((32 << 8) | 32 | (2 << 16))  /* SDMA_SHAPE(32, 32, FP32) */
#define SRC     MOSAIC_MAIN_BASE                         /* LD source */
#define DST     (MOSAIC_MAIN_BASE + 0x10000)             /* ST destination */
#define SP0     MOSAIC_SCPAD_BASE
#define SP1     (MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES)

/* scpad.ld / scpad.st shape, sp, mem (custom-0, rd = shape register) */
#define SCPAD_LD(shape, sp, mem) .insn r 0x0B, 0, 0, shape, sp, mem
#define SCPAD_ST(shape, sp, mem) .insn r 0x0B, 1, 0, shape, sp, mem
#define SCPAD_WAIT               .insn r 0x0B, 2, 0, x0, x0, x0

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    /* Source pattern: word i = i * 0x9E3779B1 + 0x1234567 (no two equal). */
    li t0, SRC
    li t1, NXFER * XBYTES / 4
    li t2, 0x01234567
    li t3, 0x9E3779B1
1:  sw t2, 0(t0)
    add t2, t2, t3
    addi t0, t0, 4
    addi t1, t1, -1
    bnez t1, 1b

    li a0, SHAPE
    li t0, 128
    csrw 0x830, t0          /* sdma_stride: rows are contiguous */
    la s0, begin_signature
    fence rw, rw

    /* REF: bank 1 -> bank 0 */
    li s1, 0
    li s2, SP1
    li s3, SP0
    call phase
    /* LD: main memory -> bank 0 */
    li s1, 0
    li s2, SRC
    li s3, SP0
    call phase
    /* ST: bank 0 -> main memory */
    li s1, 1
    li s2, DST
    li s3, SP0
    call phase

    /* The data went main -> scratchpad -> main: compare. */
    li t0, SRC
    li t1, DST
    li t2, NXFER * XBYTES / 4
2:  lw t3, 0(t0)
    lw t4, 0(t1)
    bne t3, t4, fail
    addi t0, t0, 4
    addi t1, t1, 4
    addi t2, t2, -1
    bnez t2, 2b
    li t0, 1
    j done
fail:
    li t0, 3
done:
    la t1, tohost
    sw t0, 0(t1)
3:  j 3b

/* One phase: NXFER transfers, s1 = 1 for scpad.st, s2 = main-side address
 * (the source of a ld, the destination of a st), s3 = scratchpad address;
 * each transfer moves on by XBYTES on both sides. Stores the counters'
 * deltas at s0 and advances s0 by 16. */
phase:
    li t4, XBYTES
    csrr a3, mcycle
    csrr a4, 0xC09          /* hpmcounter9: SDMA busy cycles */
    csrr a5, 0xC08          /* hpmcounter8: SDMA bytes */
    li t5, NXFER
4:  bnez s1, 5f
    SCPAD_LD(a0, s3, s2)
    j 6f
5:  SCPAD_ST(a0, s3, s2)
6:  add s2, s2, t4
    add s3, s3, t4
    addi t5, t5, -1
    bnez t5, 4b
    SCPAD_WAIT
    fence rw, rw
    csrr t0, mcycle
    csrr t1, 0xC09
    csrr t2, 0xC08
    sub t0, t0, a3
    sub t1, t1, a4
    sub t2, t2, a5
    sw t0, 0(s0)
    sw t1, 4(s0)
    sw t2, 8(s0)
    sw zero, 12(s0)
    addi s0, s0, 16
    ret

    .section .tohost, "aw", @progbits
    .balign 64
    .globl tohost
tohost: .word 0, 0
    .data
    .balign 16
    .globl begin_signature
begin_signature:
    .fill 12, 4, 0
    .globl end_signature
end_signature:
