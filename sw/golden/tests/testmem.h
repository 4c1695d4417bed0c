/* A flat test memory for host tests of the tensor unit: one RAM window
 * [base, base+size); everything else is unmapped. */
#ifndef MOSAIC_TESTMEM_H
#define MOSAIC_TESTMEM_H

#include <stdlib.h>
#include <string.h>

#include "mosaic_tu.h"

typedef struct {
    uint32_t base, size;
    uint8_t *bytes;
    unsigned writes; /* write calls seen */
    /* Bytes [poison_lo, poison_hi) answer a bus error: they read as zero
     * and ignore writes, and the call returns false (empty: no errors). */
    uint32_t poison_lo, poison_hi;
} testmem;

static inline bool testmem_poisoned(const testmem *m, uint32_t a)
{
    return a >= m->poison_lo && a < m->poison_hi;
}

static inline bool testmem_ok(void *ctx, uint32_t addr, uint32_t len, bool write)
{
    const testmem *m = ctx;
    (void)write;
    return addr >= m->base && (uint64_t)addr + len <= (uint64_t)m->base + m->size;
}

static inline bool testmem_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    const testmem *m = ctx;
    bool ok = true;
    for (uint32_t i = 0; i < len; i++) {
        bool bad = testmem_poisoned(m, addr + i);
        ((uint8_t *)buf)[i] = bad ? 0 : m->bytes[addr + i - m->base];
        ok &= !bad;
    }
    return ok;
}

static inline bool testmem_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    testmem *m = ctx;
    bool ok = true;
    for (uint32_t i = 0; i < len; i++) {
        bool bad = testmem_poisoned(m, addr + i);
        if (!bad)
            m->bytes[addr + i - m->base] = ((const uint8_t *)buf)[i];
        ok &= !bad;
    }
    m->writes++;
    return ok;
}

static inline void testmem_init(testmem *m, uint32_t base, uint32_t size)
{
    m->base = base;
    m->size = size;
    m->bytes = calloc(size, 1);
    m->writes = 0;
    m->poison_lo = m->poison_hi = 0;
    if (!m->bytes)
        abort();
}

static inline void testmem_free(testmem *m)
{
    free(m->bytes);
    m->bytes = NULL;
}

static inline mosaic_mem_if testmem_if(testmem *m)
{
    mosaic_mem_if i = {.ctx = m, .ok = testmem_ok, .read = testmem_read, .write = testmem_write};
    return i;
}

/* Encoders for test programs. */
static inline uint32_t enc_r(uint32_t op, uint32_t f3, uint32_t f7, uint32_t rd, uint32_t rs1,
                             uint32_t rs2)
{
    return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

static inline uint32_t enc_i(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1, int32_t imm)
{
    return ((uint32_t)imm << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | op;
}

#endif
