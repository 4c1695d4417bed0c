/* Scratchpad allocator trace for sw/atalla/test_atalla.py, which replays it
 * on a host model of the documented policy (first fit, bank 0 then 1,
 * 256-byte pages, align >= 64 a power of two) and compares every result.
 *
 * Lines: "ALLOC <bytes> <align> <bank> -> <addr|0> <sid>", "FREE <addr> <sid>",
 * "FREEPAGES <b0> <b1>" after every operation (the pool's own count), and
 * "SPEC ..." for the same through scpad_alloc/scpad_free (runtime pool).
 * Sequences: directed (exhaustion, alignment, fragmentation, reuse, bad
 * frees) then random. */
#include <stdio.h>

#include "atalla.h"
#include "mosaic_memmap.h"
#include "mref.h"

static scpad_pool pool; /* a private pool: bookkeeping only, no memory access */

typedef struct {
    uint32_t addr;
    int sid;
} live;

static void report(void)
{
    printf("FREEPAGES %lu %lu\n", (unsigned long)scpad_pool_free_pages(&pool, 0),
           (unsigned long)scpad_pool_free_pages(&pool, 1));
}

static uint32_t do_alloc(uint32_t bytes, uint32_t align, int bank, int *sid)
{
    *sid = -1;
    void *p = scpad_pool_alloc(&pool, bytes, align, bank, sid);
    printf("ALLOC %lu %lu %d -> %lu %d\n", (unsigned long)bytes, (unsigned long)align, bank,
           (unsigned long)(uintptr_t)p, p ? *sid : -1);
    report();
    return (uint32_t)(uintptr_t)p;
}

static void do_free(uint32_t addr, int sid)
{
    scpad_pool_free(&pool, (void *)(uintptr_t)addr, sid);
    printf("FREE %lu %d\n", (unsigned long)addr, sid);
    report();
}

static void directed(void)
{
    int sid, s2;
    printf("SEQ directed\n");
    /* Exhaustion: fill both banks with 64 KiB each, then nothing fits. */
    uint32_t b0 = do_alloc(65536, 64, -1, &sid);
    uint32_t b1 = do_alloc(65536, 64, -1, &s2);
    do_alloc(64, 64, -1, &sid);
    do_alloc(65537, 64, -1, &sid); /* larger than a bank: never fits */
    do_free(b0, 0);
    do_free(b1, 1);
    /* Bad arguments. */
    do_alloc(0, 64, -1, &sid);
    do_alloc(100, 32, -1, &sid);
    do_alloc(100, 96, -1, &sid);
    do_alloc(100, 0, -1, &sid);
    /* Alignment above a page. */
    uint32_t x = do_alloc(300, 64, -1, &sid);
    uint32_t y = do_alloc(10, 4096, -1, &s2);
    uint32_t z = do_alloc(10, 65536, -1, &s2);
    /* Fragmentation: free every other 1 KiB block, a 2 KiB request must go
     * past them; coalescing: free the rest and it fits at the start. */
    do_free(x, 0);
    do_free(y, 0);
    do_free(z, 0);
    uint32_t blk[16];
    for (int i = 0; i < 16; i++)
        blk[i] = do_alloc(1024, 64, 0, &sid);
    for (int i = 0; i < 16; i += 2)
        do_free(blk[i], 0);
    uint32_t big = do_alloc(2048, 64, 0, &sid);
    for (int i = 1; i < 16; i += 2)
        do_free(blk[i], 0);
    uint32_t again = do_alloc(2048, 64, 0, &sid);
    /* Double free, wrong bank, interior pointer, NULL: no change. */
    do_free(again, 0);
    do_free(again, 0);
    do_free(big, 1);
    do_free(big + 256, 0);
    do_free(0, 0);
    do_free(big, 0);
    /* Bank restriction. */
    uint32_t c = do_alloc(512, 64, 1, &sid);
    do_free(c, 1);
}

static void random_seq(uint32_t seed, unsigned ops)
{
    live lv[64];
    unsigned n = 0;
    uint32_t s = seed;
    printf("SEQ random %lu\n", (unsigned long)seed);
    scpad_pool_init(&pool, MOSAIC_SCPAD_BASE);
    for (unsigned i = 0; i < ops; i++) {
        uint32_t r = ref_rand(&s);
        if (n && (r % 5u < 2u || n == 64)) {
            unsigned k = (r >> 8) % n;
            /* Sometimes a bad free first (wrong bank or offset). */
            if ((r >> 20) % 8u == 0)
                do_free(lv[k].addr + ((r >> 24) & 1u ? 256u : 0u), lv[k].sid ^ (int)((r >> 25) & 1u));
            do_free(lv[k].addr, lv[k].sid);
            lv[k] = lv[--n];
        } else {
            static const uint32_t aligns[] = {64, 128, 256, 512, 1024, 4096, 16384};
            uint32_t bytes = 1u + (r >> 4) % ((r >> 30) ? 4096u : 20000u);
            uint32_t align = aligns[(r >> 16) % 7u];
            int bank = (int)((r >> 20) % 4u) - 1;
            if (bank > 1)
                bank = -1;
            int sid;
            uint32_t a = do_alloc(bytes, align, bank, &sid);
            if (a)
                lv[n++] = (live){a, sid};
        }
    }
}

int main(void)
{
    scpad_pool_init(&pool, MOSAIC_SCPAD_BASE);
    directed();
    for (uint32_t seed = 1; seed <= 6; seed++)
        random_seq(seed * 7919u, 300);
    /* The specified interface on the runtime pool. */
    int s0 = -1, s1 = -1;
    void *p = scpad_alloc(1000, 64, &s0);
    void *q = scpad_alloc(70000, 64, &s1);
    printf("SPEC alloc1 %lu %d\n", (unsigned long)(uintptr_t)p, s0);
    printf("SPEC alloc2 %lu\n", (unsigned long)(uintptr_t)q);
    scpad_free(p, s0);
    scpad_free(NULL, 0);
    void *r = scpad_alloc(1000, 64, &s1);
    printf("SPEC realloc %lu %d\n", (unsigned long)(uintptr_t)r, s1);
    scpad_free(r, s1);
    printf("SPEC free %lu %lu\n", (unsigned long)scpad_pool_free_pages(atalla_scpad_pool(), 0),
           (unsigned long)scpad_pool_free_pages(atalla_scpad_pool(), 1));
    printf("END\n");
    return 0;
}
