/* The boot loader's linker script (run through the C preprocessor): all of
 * it in the top BOOT_SIZE bytes of the board's RAM, except the reset jump at
 * the RAM's first word (start.S). */
#include "mosaic_memmap.h"
#include "boot.h"

OUTPUT_ARCH(riscv)
ENTRY(_reset)

MEMORY
{
    reset (rx)  : ORIGIN = MOSAIC_RAM_BASE, LENGTH = 8
    boot  (rwx) : ORIGIN = MOSAIC_RAM_BASE + BOOT_RAM_BYTES - BOOT_SIZE, LENGTH = BOOT_SIZE
}

SECTIONS
{
    .reset : { KEEP(*(.text.reset)) } >reset
    .text : {
        KEEP(*(.text.init))
        *(.text .text.*)
        *(.rodata .rodata.* .srodata .srodata.*)
    } >boot
    .data : { *(.data .data.* .sdata .sdata.*) } >boot
    .bss (NOLOAD) : { *(.bss .bss.* .sbss .sbss.* COMMON) } >boot
    /* The stack fills the rest (frame() holds 256 + a few dozen bytes). */
    __boot_stack = ORIGIN(boot) + LENGTH(boot);
    ASSERT(__boot_stack - . >= 1024, "boot loader: less than 1 KiB of stack")
    /DISCARD/ : { *(.comment) *(.riscv.attributes) *(.note*) *(.eh_frame*) }
}
