/* Boot loader entry. The reset PC of the FPGA build is the loader's own
 * base (BootAddr, fpga/fpga.mk); .text.reset at the RAM's first word sends a
 * core that resets to the RAM base (the simulation builds) there too. A
 * loaded program overwrites that word, which is fine: it was only needed
 * once. */
    .section .text.reset, "ax", @progbits
    .globl _reset
_reset:
    .option push
    .option norvc
    lui t0, %hi(_start)
    jalr zero, %lo(_start)(t0)
    .option pop

    .section .text.init, "ax", @progbits
    .globl _start
_start:
    la sp, __boot_stack
    csrw mie, zero       /* no interrupts: nothing here handles them */
    call boot_main
1:  j 1b
