/* Scratchpad buffer sets for a kernel, all or nothing (atalla_internal.h). */
#include "atalla_internal.h"

#define PAGE_UP(x) (((x) + SCPAD_PAGE_BYTES - 1) & ~(SCPAD_PAGE_BYTES - 1))

static int add(atalla_bufs *b, scpad_pool *p, uint32_t bytes, int bank, uint32_t *addr)
{
    int sid = 0;
    void *a = scpad_pool_alloc(p, bytes, 256, bank, &sid);
    if (!a)
        return 0;
    *addr = SPA(a);
    b->alloc[b->n] = *addr;
    b->sid[b->n++] = sid;
    return 1;
}

/* One block per bank, carved in buffer order; 0 if a block does not fit. */
static int blocks(atalla_bufs *b, scpad_pool *p, unsigned n, const uint32_t *bytes, const int *bank)
{
    for (int k = 0; k < (int)SCPAD_NBANKS; k++) {
        uint32_t total = 0, base;
        for (unsigned i = 0; i < n; i++)
            total += bank[i] == k ? PAGE_UP(bytes[i]) : 0;
        if (!total)
            continue;
        if (!add(b, p, total, k, &base))
            return 0;
        for (unsigned i = 0; i < n; i++)
            if (bank[i] == k) {
                b->addr[i] = base;
                base += PAGE_UP(bytes[i]);
            }
    }
    return 1;
}

int atalla_bufs_alloc(atalla_bufs *b, unsigned n, const uint32_t *bytes, const int *bank)
{
    scpad_pool *p = atalla_scpad_pool();
    b->n = 0;
    if (n > ATALLA_MAX_BUFS)
        return ATALLA_ERR_SCPAD;
    int named = 1;
    for (unsigned i = 0; i < n; i++)
        named &= bank[i] >= 0;
    if (named && blocks(b, p, n, bytes, bank))
        return 0;
    atalla_bufs_free(b);
    for (unsigned i = 0; i < n; i++) {
        int ok = bank[i] >= 0 ? add(b, p, bytes[i], bank[i], &b->addr[i]) ||
                                    add(b, p, bytes[i], 1 - bank[i], &b->addr[i])
                              : add(b, p, bytes[i], -1, &b->addr[i]);
        if (!ok) {
            atalla_bufs_free(b);
            return ATALLA_ERR_SCPAD;
        }
    }
    return 0;
}

void atalla_bufs_free(atalla_bufs *b)
{
    scpad_pool *p = atalla_scpad_pool();
    for (unsigned i = 0; i < b->n; i++)
        scpad_pool_free(p, (void *)(uintptr_t)b->alloc[i], b->sid[i]);
    b->n = 0;
}
