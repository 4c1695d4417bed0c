/* Scratchpad page allocator (atalla.h, docs/atalla.md "Allocator").
 *
 * Pure bookkeeping on a caller-owned pool: no tensor instruction, no global
 * state, so it runs (and is tested) anywhere. A page is used or free (one
 * bit); an allocation is a run of used pages inside one bank, marked by a
 * start bit at its first page, where its length is kept. Free pages need no
 * list: a run is free when none of its pages is used, so freed runs merge
 * with their free neighbours at once. */
#include "atalla.h"

void scpad_pool_init(scpad_pool *p, uint32_t base)
{
    p->base = base;
    for (unsigned b = 0; b < SCPAD_NBANKS; b++)
        for (unsigned w = 0; w < SCPAD_MAP_WORDS; w++) {
            p->used[b][w] = 0;
            p->start[b][w] = 0;
        }
}

static uint32_t bank_base(const scpad_pool *p, unsigned b)
{
    return p->base + b * SCPAD_BANK_PAGES * SCPAD_PAGE_BYTES;
}

static int bit(const uint32_t *map, uint32_t i) { return (int)((map[i / 32] >> (i % 32)) & 1u); }

/* Index of the lowest set bit of w != 0, by halving (no Zbb: GCC would
 * call libgcc's table-driven __ctzsi2). */
static uint32_t low_bit(uint32_t w)
{
    uint32_t i = 0;
    if (!(w & 0xffffu)) {
        w >>= 16;
        i += 16;
    }
    if (!(w & 0xffu)) {
        w >>= 8;
        i += 8;
    }
    if (!(w & 0xfu)) {
        w >>= 4;
        i += 4;
    }
    if (!(w & 0x3u)) {
        w >>= 2;
        i += 2;
    }
    return i + ((w & 1u) ^ 1u);
}

/* First page >= i whose used bit is `want` (0 or 1), or SCPAD_BANK_PAGES. */
static uint32_t next_page(const uint32_t *used, uint32_t i, int want)
{
    uint32_t flip = want ? 0u : ~0u;
    while (i < SCPAD_BANK_PAGES) {
        uint32_t w = (used[i / 32] ^ flip) & (~0u << (i % 32)); /* pages below i do not count */
        if (w)
            return (i & ~31u) + low_bit(w);
        i = (i & ~31u) + 32;
    }
    return SCPAD_BANK_PAGES;
}

/* Pages [s, s + n) of the map to v (0 or 1). */
static void set_range(uint32_t *map, uint32_t s, uint32_t n, int v)
{
    while (n) {
        uint32_t o = s % 32, k = 32 - o < n ? 32 - o : n;
        uint32_t m = (k == 32 ? ~0u : ((1u << k) - 1u)) << o;
        map[s / 32] = v ? map[s / 32] | m : map[s / 32] & ~m;
        s += k;
        n -= k;
    }
}

/* First page index that is a multiple of step and starts n free pages, or
 * -1: a used page inside the window moves the search past the used run it
 * is in (no start before its end can fit). */
static int first_fit(const scpad_pool *p, unsigned b, uint32_t n, uint32_t step)
{
    for (uint32_t s = 0; s + n <= SCPAD_BANK_PAGES;) {
        uint32_t u = next_page(p->used[b], s, 1);
        if (u >= s + n)
            return (int)s;
        uint32_t f = next_page(p->used[b], u, 0);
        s = (f + step - 1) & ~(step - 1); /* step: a power of two */
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
            set_range(p->used[b], (uint32_t)s, n, 1);
            set_range(p->start[b], (uint32_t)s, 1, 1);
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
    uint32_t s = (a - lo) / SCPAD_PAGE_BYTES;
    if (!bit(p->start[sid], s)) /* not the start of a live allocation: double free, stray pointer */
        return;
    set_range(p->used[sid], s, p->run[sid][s], 0);
    set_range(p->start[sid], s, 1, 0);
}

uint32_t scpad_pool_free_pages(const scpad_pool *p, int b)
{
    uint32_t n = 0;
    if (b < 0 || b >= (int)SCPAD_NBANKS)
        return 0;
    for (unsigned w = 0; w < SCPAD_MAP_WORDS; w++)
        n += 32u - (uint32_t)__builtin_popcount(p->used[b][w]);
    return n;
}
