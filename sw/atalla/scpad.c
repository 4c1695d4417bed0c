/* Scratchpad page allocator (atalla.h, docs/atalla.md "Allocator").
 *
 * Pure bookkeeping on a caller-owned pool: no tensor instruction, no global
 * state, so it runs (and is tested) anywhere. A page is used or free; an
 * allocation is a run of used pages inside one bank whose length is kept at
 * its first page. Free pages need no list: a run is free when none of its
 * pages is used, so freed runs merge with their free neighbours at once. */
#include "atalla.h"

void scpad_pool_init(scpad_pool *p, uint32_t base)
{
    p->base = base;
    for (unsigned b = 0; b < SCPAD_NBANKS; b++)
        for (unsigned i = 0; i < SCPAD_BANK_PAGES; i++) {
            p->run[b][i] = 0;
            p->used[b][i] = 0;
        }
}

static uint32_t bank_base(const scpad_pool *p, unsigned b)
{
    return p->base + b * SCPAD_BANK_PAGES * SCPAD_PAGE_BYTES;
}

/* First page index >= from that is a multiple of step and starts n free
 * pages, or -1. */
static int first_fit(const scpad_pool *p, unsigned b, uint32_t n, uint32_t step)
{
    for (uint32_t s = 0; s + n <= SCPAD_BANK_PAGES; s += step) {
        uint32_t k = 0;
        while (k < n && !p->used[b][s + k])
            k++;
        if (k == n)
            return (int)s;
        /* Page s + k is used: no start at or before it can fit, nor
         * inside the allocation it begins (skipped whole: a scan page by
         * page cost the kernels ~1,400 instructions an allocation). */
        uint32_t blocked = s + k, r = p->run[b][blocked];
        if (r)
            blocked += r - 1u;
        while (s + step <= blocked)
            s += step;
    }
    return -1;
}

void *scpad_pool_alloc(scpad_pool *p, size_t bytes, size_t align, int bank, int *sid)
{
    if (!p || !sid || bytes == 0 || align < 64 || (align & (align - 1)) != 0)
        return NULL;
    if (bytes > SCPAD_BANK_PAGES * SCPAD_PAGE_BYTES || bank < -1 || bank >= (int)SCPAD_NBANKS)
        return NULL;
    uint32_t n = (uint32_t)((bytes + SCPAD_PAGE_BYTES - 1) / SCPAD_PAGE_BYTES);
    /* Pages are 256-byte aligned; a larger alignment is a page multiple
     * (bank bases are 64 KiB aligned, so page index alignment is enough). */
    uint32_t step = align <= SCPAD_PAGE_BYTES ? 1u : (uint32_t)(align / SCPAD_PAGE_BYTES);
    if (step > SCPAD_BANK_PAGES)
        return NULL;
    for (unsigned b = bank < 0 ? 0u : (unsigned)bank; b < SCPAD_NBANKS; b++) {
        int s = first_fit(p, b, n, step);
        if (s >= 0) {
            for (uint32_t k = 0; k < n; k++)
                p->used[b][s + k] = 1;
            p->run[b][s] = (uint16_t)n;
            *sid = (int)b;
            return (void *)(uintptr_t)(bank_base(p, b) + (uint32_t)s * SCPAD_PAGE_BYTES);
        }
        if (bank >= 0)
            break;
    }
    return NULL;
}

void scpad_pool_free(scpad_pool *p, void *ptr, int sid)
{
    if (!p || !ptr || sid < 0 || sid >= (int)SCPAD_NBANKS)
        return;
    uint32_t a = (uint32_t)(uintptr_t)ptr, lo = bank_base(p, (unsigned)sid);
    if (a < lo || a - lo >= SCPAD_BANK_PAGES * SCPAD_PAGE_BYTES || (a - lo) % SCPAD_PAGE_BYTES)
        return;
    uint32_t s = (a - lo) / SCPAD_PAGE_BYTES, n = p->run[sid][s];
    if (n == 0) /* not the start of a live allocation: double free, stray pointer */
        return;
    for (uint32_t k = 0; k < n; k++)
        p->used[sid][s + k] = 0;
    p->run[sid][s] = 0;
}

uint32_t scpad_pool_free_pages(const scpad_pool *p, int b)
{
    uint32_t n = 0;
    if (b < 0 || b >= (int)SCPAD_NBANKS)
        return 0;
    for (unsigned i = 0; i < SCPAD_BANK_PAGES; i++)
        n += !p->used[b][i];
    return n;
}
