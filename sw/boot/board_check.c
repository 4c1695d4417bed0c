/* A scalar program for the FPGA configuration's checks (docs/fpga.md): it
 * runs on the scalar SoC (no tensor instructions), on the board, in the
 * RTL simulators and on the gate-level netlist (make fpga-check), and
 * prints values a wrong ALU, multiplier, divider, load/store lane or memory
 * would change. The tests compare its output with the ISS's; nothing here
 * knows the expected values. Small on purpose: make test runs it on the
 * gate-level netlist, about 16 000 cycles a second under Verilator. */
#include <stdint.h>
#include <stdio.h>

#include "mosaic_memmap.h"

/* xorshift32: the operands. */
static uint32_t next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static uint32_t mix(uint32_t h, uint32_t v)
{
    return (h ^ v) * 0x01000193u;
}

/* Arithmetic: add/sub/shifts/compares, mul/mulh*, div/rem (signed and not,
 * including division by zero and the overflow case). */
static uint32_t arith(uint32_t seed, int n)
{
    uint32_t h = 0x811C9DC5u;
    for (int i = 0; i < n; i++) {
        uint32_t a = next(&seed), b = next(&seed) >> (i & 31);
        int32_t sa = (int32_t)a, sb = (int32_t)b;
        h = mix(h, a + b);
        h = mix(h, a - (b << (i & 7)));
        h = mix(h, (uint32_t)(sa >> (b & 31)) ^ (a >> (b & 31)));
        h = mix(h, (uint32_t)(sa < sb) + 2u * (a < b));
        h = mix(h, a * b);
        h = mix(h, (uint32_t)(((int64_t)sa * sb) >> 32));
        h = mix(h, (uint32_t)(((uint64_t)a * b) >> 32));
        h = mix(h, (uint32_t)(((int64_t)sa * (uint64_t)b) >> 32));
        h = mix(h, b ? a / b : 0xFFFFFFFFu);
        h = mix(h, b ? a % b : a);
        if (sb != 0 && !(sa == INT32_MIN && sb == -1)) {
            h = mix(h, (uint32_t)(sa / sb));
            h = mix(h, (uint32_t)(sa % sb));
        }
    }
    /* the corner cases the hardware must produce itself */
    volatile int32_t z = 0, m1 = -1, mn = INT32_MIN;
    volatile uint32_t uz = 0;
    uint32_t q, r;
    __asm__ volatile("div %0, %1, %2" : "=r"(q) : "r"(mn), "r"(m1));
    __asm__ volatile("rem %0, %1, %2" : "=r"(r) : "r"(mn), "r"(m1));
    h = mix(mix(h, q), r);
    __asm__ volatile("div %0, %1, %2" : "=r"(q) : "r"(mn), "r"(z));
    __asm__ volatile("remu %0, %1, %2" : "=r"(r) : "r"(mn), "r"(uz));
    return mix(mix(h, q), r);
}

/* Memory: byte, halfword and word stores and sign/zero-extending loads over
 * a window of one memory. */
static uint32_t memory(uintptr_t base, uint32_t bytes, uint32_t seed)
{
    volatile uint8_t *b = (volatile uint8_t *)base;
    volatile uint16_t *hw = (volatile uint16_t *)base;
    volatile uint32_t *w = (volatile uint32_t *)base;
    uint32_t s = seed;
    for (uint32_t i = 0; i < bytes / 4; i++)
        w[i] = next(&s);
    for (uint32_t i = 0; i < bytes; i += 7)
        b[i] = (uint8_t)next(&s);
    for (uint32_t i = 0; i < bytes / 2; i += 5)
        hw[i] = (uint16_t)next(&s);
    uint32_t h = 0x811C9DC5u;
    for (uint32_t i = 0; i < bytes / 4; i++)
        h = mix(h, w[i]);
    for (uint32_t i = 0; i < bytes; i += 3)
        h = mix(h, (uint32_t)(int32_t)(int8_t)b[i]);
    for (uint32_t i = 0; i < bytes / 2; i += 3)
        h = mix(h, (uint32_t)(int32_t)(int16_t)hw[i]);
    return h;
}

int main(void)
{
    static uint32_t ram_buf[64];
    printf("board_check: arith %08lx\n", (unsigned long)arith(0x12345678u, 24));
    printf("board_check: ram   %08lx\n",
           (unsigned long)memory((uintptr_t)ram_buf, sizeof ram_buf, 0x9E3779B9u));
    /* Main memory and scratchpad windows the program image does not use. */
    printf("board_check: main  %08lx\n",
           (unsigned long)memory(MOSAIC_MAIN_BASE + 0x8000u, 256, 0x85EBCA6Bu));
    printf("board_check: scpad %08lx\n",
           (unsigned long)memory(MOSAIC_SCPAD_BASE + 0x4000u, 256, 0xC2B2AE35u));
    return 0;
}
