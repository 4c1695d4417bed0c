/* Mosaic start-up and trap entry (machine mode, RV32IM).
 *
 * The ELF loader has already placed .text/.data/.tdata/.tensor, so start-up
 * only has to set the ABI registers, clear .tbss/.bss and install mtvec. */

#define FRAME_WORDS 36 /* x0..x31, mepc, mcause, mtval, mstatus */
#define FRAME_BYTES (FRAME_WORDS * 4)

    .section .text.init, "ax", @progbits
    .globl _start
    .type _start, @function
_start:
    .option push
    .option norelax /* gp is not set yet */
    la gp, __global_pointer$
    .option pop
    la sp, __stack
    la tp, __tls_base /* picolibc TLS (errno, ...) */
    la t0, mosaic_trap_entry
    csrw mtvec, t0

    la t0, __bss_start
    la t1, __bss_end
1:  bgeu t0, t1, 2f
    sw zero, 0(t0)
    addi t0, t0, 4
    j 1b
2:
    call __libc_init_array /* C constructors */
    li a0, 0
    li a1, 0
    li a2, 0
    call main
    call exit
3:  j 3b
    .size _start, . - _start

/* Trap entry: save every register so a handler can resume the program
 * (expect-trap tests) or print it; mtvec must be 4-byte aligned (direct). */
    .text
    .align 4
    .globl mosaic_trap_entry
    .type mosaic_trap_entry, @function
mosaic_trap_entry:
    addi sp, sp, -FRAME_BYTES
    sw x1, 1*4(sp)
    sw x3, 3*4(sp)
    sw x4, 4*4(sp)
    sw x5, 5*4(sp)
    sw x6, 6*4(sp)
    sw x7, 7*4(sp)
    sw x8, 8*4(sp)
    sw x9, 9*4(sp)
    sw x10, 10*4(sp)
    sw x11, 11*4(sp)
    sw x12, 12*4(sp)
    sw x13, 13*4(sp)
    sw x14, 14*4(sp)
    sw x15, 15*4(sp)
    sw x16, 16*4(sp)
    sw x17, 17*4(sp)
    sw x18, 18*4(sp)
    sw x19, 19*4(sp)
    sw x20, 20*4(sp)
    sw x21, 21*4(sp)
    sw x22, 22*4(sp)
    sw x23, 23*4(sp)
    sw x24, 24*4(sp)
    sw x25, 25*4(sp)
    sw x26, 26*4(sp)
    sw x27, 27*4(sp)
    sw x28, 28*4(sp)
    sw x29, 29*4(sp)
    sw x30, 30*4(sp)
    sw x31, 31*4(sp)
    addi t0, sp, FRAME_BYTES
    sw t0, 2*4(sp) /* the interrupted sp */
    csrr t0, mepc
    sw t0, 32*4(sp)
    csrr t0, mcause
    sw t0, 33*4(sp)
    csrr t0, mtval
    sw t0, 34*4(sp)
    csrr t0, mstatus
    sw t0, 35*4(sp)

    mv a0, sp
    call mosaic_trap_dispatch

    lw t0, 32*4(sp)
    csrw mepc, t0
    lw x1, 1*4(sp)
    lw x3, 3*4(sp)
    lw x4, 4*4(sp)
    lw x5, 5*4(sp)
    lw x6, 6*4(sp)
    lw x7, 7*4(sp)
    lw x8, 8*4(sp)
    lw x9, 9*4(sp)
    lw x10, 10*4(sp)
    lw x11, 11*4(sp)
    lw x12, 12*4(sp)
    lw x13, 13*4(sp)
    lw x14, 14*4(sp)
    lw x15, 15*4(sp)
    lw x16, 16*4(sp)
    lw x17, 17*4(sp)
    lw x18, 18*4(sp)
    lw x19, 19*4(sp)
    lw x20, 20*4(sp)
    lw x21, 21*4(sp)
    lw x22, 22*4(sp)
    lw x23, 23*4(sp)
    lw x24, 24*4(sp)
    lw x25, 25*4(sp)
    lw x26, 26*4(sp)
    lw x27, 27*4(sp)
    lw x28, 28*4(sp)
    lw x29, 29*4(sp)
    lw x30, 30*4(sp)
    lw x31, 31*4(sp)
    addi sp, sp, FRAME_BYTES
    mret
    .size mosaic_trap_entry, . - mosaic_trap_entry

/* riscv-tests host words; weak so a program may bring its own. */
    .section .tohost, "aw", @progbits
    .align 6
    .weak tohost
    .weak fromhost
tohost: .dword 0
    .align 6
fromhost: .dword 0
