/* Linker script for the random programs of tools/rvgen.py (the ISA tests'
 * layout, sw/tests/isa/link.ld.S): everything in the on-chip RAM from the
 * reset address, tohost alone in its own aligned section; also defines
 * rvgen_ram_end. Run through the C
 * preprocessor with sw/golden/mosaic_memmap.h. */
#include "mosaic_memmap.h"

OUTPUT_ARCH(riscv)
ENTRY(_start)

MEMORY
{
    RAM (rwx) : ORIGIN = MOSAIC_RAM_BASE, LENGTH = MOSAIC_RAM_SIZE
}

SECTIONS
{
    .text.init : { *(.text.init) } > RAM
    .text : { *(.text .text.*) } > RAM
    .tohost ALIGN(64) : { *(.tohost) } > RAM
    .data ALIGN(64) : { *(.rodata .rodata.*) *(.data .data.*) *(.sdata .sdata.*) } > RAM
    .bss ALIGN(16) : { *(.sbss .sbss.*) *(.bss .bss.*) *(COMMON) } > RAM
    _end = .;
}

/* rvgen's instruction-fetch fault target: the first byte past the RAM. */
rvgen_ram_end = MOSAIC_RAM_BASE + MOSAIC_RAM_SIZE;
