/* picolibc glue: stdio on the UART, exit() to sim-control, main-memory
 * tensor allocation. */
#include <stdint.h>
#include <stdio.h>

#include "mosaic_rt.h"

#define MMIO32(a) (*(volatile uint32_t *)(uintptr_t)(a))

static int uart_putc(char c, FILE *f)
{
    (void)f;
    while (!(MMIO32(MOSAIC_UART_STATUS) & 1u))
        ;
    MMIO32(MOSAIC_UART_TXDATA) = (uint8_t)c;
    return (uint8_t)c;
}

/* Unbuffered, so nothing is lost when the program exits or traps. */
static FILE uart_file = FDEV_SETUP_STREAM(uart_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &uart_file;
FILE *const stdout = &uart_file;
FILE *const stderr = &uart_file;

void mosaic_exit(int code)
{
    /* The simulator's exit status is 8 bits: keep a failure a failure. */
    uint32_t v = (uint32_t)code;
    if (v != 0 && (v & 0xFFu) == 0)
        v = 0xFF;
    __asm__ volatile("fence" ::: "memory"); /* drain tensor work first */
    MMIO32(MOSAIC_SIMCTRL_EXIT) = v;
    for (;;)
        ;
}

void _exit(int code) __attribute__((noreturn));
void _exit(int code) { mosaic_exit(code); }

/* picolibc's __libc_init_array calls these when the toolchain has them. */
void _init(void);
void _fini(void);
void _init(void) {}
void _fini(void) {}

extern char __tensor_heap_start[], __tensor_heap_end[];
static uintptr_t tensor_brk;

void *mosaic_tensor_alloc(uint32_t bytes, uint32_t align)
{
    if (!tensor_brk)
        tensor_brk = (uintptr_t)__tensor_heap_start;
    if (align < 64)
        align = 64; /* Atalla: DRAM pointers are 64-byte aligned */
    uintptr_t p = (tensor_brk + align - 1) & ~(uintptr_t)(align - 1);
    if (p < tensor_brk || p + bytes < p || p + bytes > (uintptr_t)__tensor_heap_end)
        return NULL;
    tensor_brk = p + bytes;
    return (void *)p;
}

uintptr_t mosaic_tensor_mark(void)
{
    if (!tensor_brk)
        tensor_brk = (uintptr_t)__tensor_heap_start;
    return tensor_brk;
}

void mosaic_tensor_release(uintptr_t mark) { tensor_brk = mark; }
