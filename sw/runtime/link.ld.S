/* Mosaic linker script; run through the C preprocessor with -I sw/golden so
 * the address map has a single definition (mosaic_memmap.h).
 *
 * The ELF loader (ISS, testbench) loads every PT_LOAD segment at its
 * physical address, so code, data and initialized tensors need no copying
 * at start-up; crt0 only clears .tbss/.bss. */
#include "mosaic_memmap.h"

OUTPUT_ARCH(riscv)
ENTRY(_start)

MEMORY
{
    ram   (rwx) : ORIGIN = MOSAIC_RAM_BASE,   LENGTH = MOSAIC_RAM_SIZE
    main  (rw)  : ORIGIN = MOSAIC_MAIN_BASE,  LENGTH = MOSAIC_MAIN_SIZE
    scpad (rw)  : ORIGIN = MOSAIC_SCPAD_BASE, LENGTH = MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS
}

PHDRS
{
    text   PT_LOAD FLAGS(5);   /* r-x */
    data   PT_LOAD FLAGS(6);   /* rw- */
    tls    PT_TLS;
    tensor PT_LOAD AT(MOSAIC_MAIN_BASE) FLAGS(6);
}

/* Default sizes; a program may override them with --defsym. */
__stack_size = DEFINED(__stack_size) ? __stack_size : 0x4000;

SECTIONS
{
    .text : {
        KEEP(*(.text.init))            /* _start at the reset PC */
        *(.text.unlikely .text.unlikely.*)
        *(.text.startup .text.startup.*)
        *(.text .text.*)
        __text_end = .;
    } >ram :text

    .rodata : {
        *(.rodata .rodata.*)
        *(.srodata.cst16) *(.srodata.cst8) *(.srodata.cst4) *(.srodata.cst2)
        *(.srodata .srodata.*)
        . = ALIGN(8);
        PROVIDE_HIDDEN(__preinit_array_start = .);
        KEEP(*(.preinit_array))
        PROVIDE_HIDDEN(__preinit_array_end = .);
        PROVIDE_HIDDEN(__init_array_start = .);
        KEEP(*(SORT_BY_INIT_PRIORITY(.init_array.*)))
        KEEP(*(.init_array))
        PROVIDE_HIDDEN(__init_array_end = .);
        PROVIDE_HIDDEN(__fini_array_start = .);
        KEEP(*(SORT_BY_INIT_PRIORITY(.fini_array.*)))
        KEEP(*(.fini_array))
        PROVIDE_HIDDEN(__fini_array_end = .);
    } >ram :text

    /* riscv-tests host interface: the simulator watches writes to tohost. */
    .tohost ALIGN(64) : {
        KEEP(*(.tohost))
    } >ram :data

    .data ALIGN(8) : {
        *(.data .data.*)
        . = ALIGN(8);
        PROVIDE(__global_pointer$ = . + 0x800);
        *(.sdata .sdata.* .sdata2.*)
    } >ram :data

    /* Thread-local storage (picolibc keeps errno here); tp points at
     * __tls_base. .tbss is cleared with .bss. */
    .tdata : ALIGN(8) {
        *(.tdata .tdata.*)
    } >ram :data :tls
    PROVIDE(__tls_base = ADDR(.tdata));
    PROVIDE(__tdata_size = SIZEOF(.tdata));

    .tbss (NOLOAD) : ALIGN(8) {
        *(.tbss .tbss.*)
        *(.tcommon)
        . = ALIGN(8);
    } >ram :data :tls
    PROVIDE(__tls_size = ADDR(.tbss) + SIZEOF(.tbss) - __tls_base);
    PROVIDE(__tls_align = MAX(ALIGNOF(.tdata), ALIGNOF(.tbss)));
    PROVIDE(__bss_start = ADDR(.tbss));

    /* The linker does not advance '.' over .tbss; reserve its space. */
    .tbss_space (NOLOAD) : {
        . = ADDR(.tbss) + SIZEOF(.tbss);
    } >ram :data

    .bss (NOLOAD) : ALIGN(8) {
        *(.sbss .sbss.*)
        *(.bss .bss.*)
        *(COMMON)
        . = ALIGN(8);
        __bss_end = .;
    } >ram :data
    PROVIDE(end = __bss_end);

    /* Heap (picolibc sbrk) between .bss and the stack. The stack starts at
     * the top of RAM, or at __stack_top when the program is linked for a
     * smaller RAM (the FPGA board: -Wl,--defsym,__stack_top=..., see
     * sw/boot/boot.mk). */
    PROVIDE(__heap_start = __bss_end);
    __stack = DEFINED(__stack_top) ? __stack_top : ORIGIN(ram) + LENGTH(ram);
    PROVIDE(__heap_end = __stack - __stack_size);

    ASSERT(__bss_end <= __stack - __stack_size, "Mosaic: RAM too small for code, data and stack")

    /* Tensors in main memory (MOSAIC_TENSOR): loaded with the program, so
     * initializers work. MOSAIC_TENSOR_NOINIT arrays are not loaded and
     * start with whatever main memory holds. */
    .tensor : ALIGN(64) {
        __tensor_start = .;
        *(.tensor .tensor.*)
        . = ALIGN(64);
    } >main :tensor
    .tensor_noinit (NOLOAD) : ALIGN(64) {
        *(.tensor_noinit .tensor_noinit.*)
        . = ALIGN(64);
        __tensor_end = .;
    } >main :tensor
    /* Unused main memory, for run-time tensor allocation. */
    PROVIDE(__tensor_heap_start = __tensor_end);
    PROVIDE(__tensor_heap_end = ORIGIN(main) + LENGTH(main));

    /* Scratchpad buffers (MOSAIC_SCPAD_BANK0/1): addresses only; the
     * scratchpad is reached by SDMA and tld/tst, never loaded. */
    .scpad0 MOSAIC_SCPAD_BASE (NOLOAD) : {
        *(.scpad0 .scpad0.*)
    } >scpad :NONE
    ASSERT(SIZEOF(.scpad0) <= MOSAIC_SCPAD_BANK_BYTES, "Mosaic: scratchpad bank 0 overflow")
    .scpad1 MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES (NOLOAD) : {
        *(.scpad1 .scpad1.*)
    } >scpad :NONE
    ASSERT(SIZEOF(.scpad1) <= MOSAIC_SCPAD_BANK_BYTES, "Mosaic: scratchpad bank 1 overflow")

    /DISCARD/ : {
        *(.note .note.*)
        *(.eh_frame .eh_frame.*)
    }

    .comment 0 : { *(.comment) }
    .riscv.attributes 0 : { KEEP(*(.riscv.attributes)) }
    .debug_info     0 : { *(.debug_info .gnu.linkonce.wi.*) }
    .debug_abbrev   0 : { *(.debug_abbrev) }
    .debug_line     0 : { *(.debug_line .debug_line.* .debug_line_end) }
    .debug_frame    0 : { *(.debug_frame) }
    .debug_str      0 : { *(.debug_str) }
    .debug_loc      0 : { *(.debug_loc) }
    .debug_aranges  0 : { *(.debug_aranges) }
    .debug_ranges   0 : { *(.debug_ranges) }
    .debug_line_str 0 : { *(.debug_line_str) }
    .debug_loclists 0 : { *(.debug_loclists) }
    .debug_rnglists 0 : { *(.debug_rnglists) }
    .debug_addr     0 : { *(.debug_addr) }
    .debug_str_offsets 0 : { *(.debug_str_offsets) }
}
