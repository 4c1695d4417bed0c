/* Mosaic address map: the one definition shared by the ISS, the linker
 * script (sw/runtime/link.ld.S is run through the C preprocessor with this
 * file) and, through a generated package checked by a test, the RTL.
 * Only #defines: this file is included from C, assembly and linker scripts. */
#ifndef MOSAIC_MEMMAP_H
#define MOSAIC_MEMMAP_H

/* Machine timer (SiFive CLINT layout). */
#define MOSAIC_CLINT_BASE 0x02000000
#define MOSAIC_CLINT_MTIMECMP 0x02004000 /* 64-bit */
#define MOSAIC_CLINT_MTIME 0x0200BFF8    /* 64-bit */
#define MOSAIC_CLINT_SIZE 0x00010000

/* UART: write a byte to TXDATA to print it; STATUS bit 0 = TX ready (always
 * 1 in simulation), bit 1 = a received byte is waiting, bits 2-3 RX overrun
 * and framing error (sticky, write 1 to clear); reading RXDATA returns the
 * oldest received byte in bits 7:0 and removes it, or bit 31 set when none
 * is waiting (rtl/soc/mosaic_uart.sv). */
#define MOSAIC_UART_BASE 0x10000000
#define MOSAIC_UART_TXDATA 0x10000000
#define MOSAIC_UART_STATUS 0x10000004
#define MOSAIC_UART_RXDATA 0x10000008
#define MOSAIC_UART_SIZE 0x00001000

/* Simulation control: write v to EXIT to end the run with exit code v
 * (0 = pass). */
#define MOSAIC_SIMCTRL_BASE 0x11000000
#define MOSAIC_SIMCTRL_EXIT 0x11000000
#define MOSAIC_SIMCTRL_SIZE 0x00001000

/* Scratchpad: two banks back to back (Atalla), 64 KiB each by default. */
#define MOSAIC_SCPAD_BASE 0x20000000
#define MOSAIC_SCPAD_BANK_BYTES 0x00010000
#define MOSAIC_SCPAD_BANKS 2

/* Main memory for tensors (AXI4 + DRAM model in the SoC). */
#define MOSAIC_MAIN_BASE 0x40000000
#define MOSAIC_MAIN_SIZE 0x01000000 /* 16 MiB */
/* Fault injection granule (mosaic-sim/mosaic-iss --dram-poison): a whole
 * number of bus beats, so a beat is either all inside or all outside. */
#define MOSAIC_POISON_BYTES 64u

/* On-chip RAM: code, data, stack; reset PC (riscv-tests convention). */
#define MOSAIC_RAM_BASE 0x80000000
#define MOSAIC_RAM_SIZE 0x00080000 /* 512 KiB */
#define MOSAIC_RESET_PC MOSAIC_RAM_BASE

#endif
