/* The ISS bus: RAM, main memory and scratchpad as byte arrays; CLINT, UART
 * and simulation control as MMIO; the tohost protocol; and the tensor unit's
 * view of memory (mosaic_mem_if: the three memories, never MMIO).
 *
 * MMIO registers are 32-bit. A narrower access reads or writes the byte
 * lanes it covers; offsets inside a device window that name no register
 * read as zero and ignore writes. Addresses outside every window and memory
 * are access faults, and so is the block mosaic_iss_set_dram_poison names
 * (fault injection; the tensor unit's view gets zeros / skipped bytes and a
 * false return there, docs/isa.md R32). */
#include <stdlib.h>
#include <string.h>

#include "iss_internal.h"

bool iss_mem_alloc(mosaic_iss *s)
{
    s->ram = calloc(MOSAIC_RAM_SIZE, 1);
    s->mainmem = calloc(MOSAIC_MAIN_SIZE, 1);
    s->scpad = calloc((size_t)MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS, 1);
    return s->ram && s->mainmem && s->scpad;
}

void iss_mem_free(mosaic_iss *s)
{
    free(s->ram);
    free(s->mainmem);
    free(s->scpad);
    s->ram = s->mainmem = s->scpad = NULL;
}

static uint8_t *in_region(uint8_t *mem, uint32_t base, uint32_t size, uint32_t addr,
                          uint32_t len)
{
    uint32_t off = addr - base;
    if (addr < base || off >= size || len > size - off)
        return NULL;
    return mem + off;
}

uint8_t *iss_mem_ptr(const mosaic_iss *s, uint32_t addr, uint32_t len)
{
    uint8_t *p;
    if ((p = in_region(s->ram, MOSAIC_RAM_BASE, MOSAIC_RAM_SIZE, addr, len)))
        return p;
    if ((p = in_region(s->mainmem, MOSAIC_MAIN_BASE, MOSAIC_MAIN_SIZE, addr, len)))
        return p;
    return in_region(s->scpad, MOSAIC_SCPAD_BASE,
                     (uint32_t)MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS, addr, len);
}

static uint32_t get_le(const uint8_t *p, unsigned size)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < size; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static void put_le(uint8_t *p, unsigned size, uint32_t v)
{
    for (unsigned i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static bool in_window(uint32_t addr, uint32_t base, uint32_t size)
{
    return addr - base < size;
}

/* MMIO register read (whole 32-bit word at word address `w`). Returns false
 * if `w` is in no device window. */
static bool mmio_read_word(mosaic_iss *s, uint32_t w, uint32_t *v)
{
    *v = 0;
    if (in_window(w, MOSAIC_CLINT_BASE, MOSAIC_CLINT_SIZE)) {
        if (w == MOSAIC_CLINT_MTIME)
            *v = (uint32_t)s->mtime;
        else if (w == MOSAIC_CLINT_MTIME + 4)
            *v = (uint32_t)(s->mtime >> 32);
        else if (w == MOSAIC_CLINT_MTIMECMP)
            *v = (uint32_t)s->mtimecmp;
        else if (w == MOSAIC_CLINT_MTIMECMP + 4)
            *v = (uint32_t)(s->mtimecmp >> 32);
        return true;
    }
    if (in_window(w, MOSAIC_UART_BASE, MOSAIC_UART_SIZE)) {
        /* TX always ready; no RX errors (the bytes come whole from the host).
         * Reading RXDATA consumes the byte, as on the RTL. */
        int rx = s->uart_rx ? s->uart_rx(s->uart_rx_ctx, w == MOSAIC_UART_RXDATA) : -1;
        if (w == MOSAIC_UART_STATUS)
            *v = 1u | (rx >= 0 ? 2u : 0u);
        else if (w == MOSAIC_UART_RXDATA)
            *v = rx >= 0 ? (uint32_t)rx : 0x80000000u;
        return true;
    }
    return in_window(w, MOSAIC_SIMCTRL_BASE, MOSAIC_SIMCTRL_SIZE);
}

static uint64_t merge64(uint64_t old, bool high, uint32_t mask, uint32_t v)
{
    unsigned sh = high ? 32 : 0;
    uint64_t m = (uint64_t)mask << sh;
    return (old & ~m) | (((uint64_t)v << sh) & m);
}

/* MMIO write of the lanes in `mask` (v already shifted into place). */
static bool mmio_write_word(mosaic_iss *s, uint32_t w, uint32_t mask, uint32_t v)
{
    if (in_window(w, MOSAIC_CLINT_BASE, MOSAIC_CLINT_SIZE)) {
        if (w == MOSAIC_CLINT_MTIME || w == MOSAIC_CLINT_MTIME + 4) {
            s->mtime = merge64(s->mtime, w != MOSAIC_CLINT_MTIME, mask, v);
            s->wrote_mtime = true;
        } else if (w == MOSAIC_CLINT_MTIMECMP || w == MOSAIC_CLINT_MTIMECMP + 4) {
            s->mtimecmp = merge64(s->mtimecmp, w != MOSAIC_CLINT_MTIMECMP, mask, v);
        }
        return true;
    }
    if (in_window(w, MOSAIC_UART_BASE, MOSAIC_UART_SIZE)) {
        if (w == MOSAIC_UART_TXDATA && (mask & 0xFFu) && s->uart_tx)
            s->uart_tx(s->uart_ctx, (uint8_t)v);
        return true;
    }
    if (in_window(w, MOSAIC_SIMCTRL_BASE, MOSAIC_SIMCTRL_SIZE)) {
        if (w == MOSAIC_SIMCTRL_EXIT) {
            s->halt = MOSAIC_ISS_HALT_EXIT;
            s->halt_code = v & mask;
        }
        return true;
    }
    return false;
}

bool mosaic_dram_poison_ok(uint64_t addr)
{
    return addr % MOSAIC_POISON_BYTES == 0 && addr >= MOSAIC_MAIN_BASE &&
           addr - MOSAIC_MAIN_BASE < MOSAIC_MAIN_SIZE;
}

bool mosaic_iss_set_dram_poison(mosaic_iss *s, uint32_t addr)
{
    if (addr != 0 && !mosaic_dram_poison_ok(addr))
        return false;
    s->poison = addr;
    return true;
}

/* Whether byte addr is in the poisoned block. */
static bool poisoned(const mosaic_iss *s, uint32_t addr)
{
    return s->poison != 0 && addr - s->poison < MOSAIC_POISON_BYTES;
}

/* One bus access: the bytes [addr, addr + size) of one aligned word. */
static bool load_word_part(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t *value)
{
    if (poisoned(s, addr))
        return false;
    const uint8_t *p = iss_mem_ptr(s, addr, size);
    if (p) {
        *value = get_le(p, size);
        return true;
    }
    uint32_t w, sh = (addr & 3u) * 8;
    if (!mmio_read_word(s, addr & ~3u, &w))
        return false;
    w >>= sh;
    *value = size == 4 ? w : w & ((1u << (8 * size)) - 1u);
    return true;
}

/* Bytes of an access at addr that fall in its first aligned word. */
static unsigned first_part(uint32_t addr, unsigned size)
{
    unsigned room = 4u - (addr & 3u);
    return size < room ? size : room;
}

bool iss_load(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t *value, uint32_t *fault)
{
    unsigned n0 = first_part(addr, size);
    uint32_t lo, hi = 0, next = (addr | 3u) + 1u;
    *fault = addr;
    if (!load_word_part(s, addr, n0, &lo))
        return false;
    if (n0 < size) {
        *fault = next;
        if (!load_word_part(s, next, size - n0, &hi))
            return false;
    }
    *value = n0 < 4 ? lo | hi << (8 * n0) : lo;
    return true;
}

void iss_note_memw(mosaic_iss *s, uint32_t addr, uint32_t len, uint32_t data)
{
    mosaic_iss_effects *e = s->eff;
    if (e->tensor && e->nmemw > 0) {
        /* Tensor rows and SDMA rows are often back to back: one range. */
        mosaic_iss_memw *last = &e->memw[e->nmemw - 1];
        if ((uint64_t)last->addr + last->len == addr) {
            last->len += len;
            last->data = last->len <= 4 ? last->data | data << (8 * (last->len - len)) : 0;
            return;
        }
    }
    if (e->nmemw < MOSAIC_ISS_MAX_MEMW) {
        e->memw[e->nmemw].addr = addr;
        e->memw[e->nmemw].len = len;
        e->memw[e->nmemw].data = len <= 4 ? data : 0;
        e->nmemw++;
    } else {
        e->memw_dropped++;
    }
}

/* riscv-tests HTIF: a non-zero write to the low word of tohost ends the run.
 * Only odd values (exit requests) are understood. */
static void check_tohost(mosaic_iss *s, uint32_t addr, unsigned size)
{
    if (!s->has_tohost || (uint64_t)addr + size <= s->tohost ||
        (uint64_t)addr >= (uint64_t)s->tohost + 4u)
        return;
    const uint8_t *p = iss_mem_ptr(s, s->tohost, 4);
    uint32_t v = p ? get_le(p, 4) : 0;
    if (v == 0)
        return;
    if (v == 1) {
        s->halt = MOSAIC_ISS_HALT_TOHOST_PASS;
        s->halt_code = 0;
    } else if (v & 1u) {
        s->halt = MOSAIC_ISS_HALT_TOHOST_FAIL;
        s->halt_code = v >> 1;
    } else {
        s->halt = MOSAIC_ISS_HALT_TOHOST_BAD;
        s->halt_code = v;
    }
}

/* One bus access: the bytes [addr, addr + size) of one aligned word. */
static bool store_word_part(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t value)
{
    if (poisoned(s, addr))
        return false;
    uint8_t *p = iss_mem_ptr(s, addr, size);
    if (p) {
        put_le(p, size, value);
        check_tohost(s, addr, size);
        return true;
    }
    uint32_t sh = (addr & 3u) * 8;
    uint32_t mask = (size == 4 ? 0xFFFFFFFFu : (1u << (8 * size)) - 1u) << sh;
    return mmio_write_word(s, addr & ~3u, mask, value << sh);
}

bool iss_store(mosaic_iss *s, uint32_t addr, unsigned size, uint32_t value, uint32_t *fault)
{
    unsigned n0 = first_part(addr, size);
    uint32_t next = (addr | 3u) + 1u;
    *fault = addr;
    if (!store_word_part(s, addr, n0, value))
        return false;
    /* The first word's bytes stay written if the second word faults, as
     * they do on the bus (docs/isa.md, "Misaligned accesses"). */
    if (n0 < size) {
        *fault = next;
        if (!store_word_part(s, next, size - n0, value >> (8 * n0)))
            return false;
    }
    iss_note_memw(s, addr, size, value);
    return true;
}

bool mosaic_iss_read_mem(const mosaic_iss *s, uint32_t addr, void *buf, uint32_t len)
{
    if (len == 0)
        return true;
    const uint8_t *p = iss_mem_ptr(s, addr, len);
    if (!p)
        return false;
    memcpy(buf, p, len);
    return true;
}

bool mosaic_iss_write_mem(mosaic_iss *s, uint32_t addr, const void *buf, uint32_t len)
{
    if (len == 0)
        return true;
    uint8_t *p = iss_mem_ptr(s, addr, len);
    if (!p)
        return false;
    memcpy(p, buf, len);
    return true;
}

void mosaic_iss_set_uart(mosaic_iss *s, void (*tx)(void *ctx, uint8_t byte), void *ctx)
{
    s->uart_tx = tx;
    s->uart_ctx = ctx;
}

void mosaic_iss_set_uart_rx(mosaic_iss *s, int (*rx)(void *ctx, bool pop), void *ctx)
{
    s->uart_rx = rx;
    s->uart_rx_ctx = ctx;
}

/* The tensor unit reaches RAM, main memory and the scratchpad (one memory
 * per access; a range may not straddle two), never MMIO. */
static bool tu_ok(void *ctx, uint32_t addr, uint32_t len, bool write)
{
    (void)write;
    return len == 0 || iss_mem_ptr(ctx, addr, len) != NULL;
}

/* The part of [addr, addr + len) before the poisoned block, and the part
 * inside it (each possibly empty); the rest follows it. */
static void poison_split(const mosaic_iss *s, uint32_t addr, uint32_t len, uint32_t *before,
                         uint32_t *inside)
{
    uint64_t lo = s->poison, hi = lo + MOSAIC_POISON_BYTES, a = addr, e = a + len;
    if (s->poison == 0 || e <= lo || a >= hi) {
        *before = len;
        *inside = 0;
        return;
    }
    *before = a < lo ? (uint32_t)(lo - a) : 0;
    *inside = (uint32_t)((e < hi ? e : hi) - (a + *before));
}

/* A bus error on the poisoned block: its bytes read as zero, the others
 * move (the beats of the main-memory model never straddle the block). */
static bool tu_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    const mosaic_iss *s = ctx;
    const uint8_t *p = iss_mem_ptr(s, addr, len);
    if (!p || !len)
        return true;
    uint32_t before, inside;
    poison_split(s, addr, len, &before, &inside);
    memcpy(buf, p, len);
    memset((uint8_t *)buf + before, 0, inside);
    return inside == 0;
}

static void tu_write_part(mosaic_iss *s, uint32_t addr, const uint8_t *buf, uint32_t len)
{
    uint8_t *p = iss_mem_ptr(s, addr, len);
    if (!p || !len)
        return;
    memcpy(p, buf, len);
    iss_note_memw(s, addr, len, len <= 4 ? get_le(p, len) : 0);
}

static bool tu_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    mosaic_iss *s = ctx;
    const uint8_t *b = buf;
    uint32_t before, inside;
    poison_split(s, addr, len, &before, &inside);
    tu_write_part(s, addr, b, before);
    uint32_t after = before + inside;
    tu_write_part(s, addr + after, b + after, len - after);
    return inside == 0;
}

void iss_tu_mem_init(mosaic_iss *s)
{
    s->tu_mem.ctx = s;
    s->tu_mem.ok = tu_ok;
    s->tu_mem.read = tu_read;
    s->tu_mem.write = tu_write;
}
