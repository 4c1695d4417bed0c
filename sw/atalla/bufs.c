/* Scratchpad buffer sets for a kernel, all or nothing (atalla_internal.h). */
#include "atalla_internal.h"

int atalla_bufs_alloc(atalla_bufs *b, unsigned n, const uint32_t *bytes, const int *bank)
{
    scpad_pool *p = atalla_scpad_pool();
    b->n = 0;
    for (unsigned i = 0; i < n && i < ATALLA_MAX_BUFS; i++) {
        int sid = 0;
        void *a = NULL;
        if (bank[i] >= 0) {
            a = scpad_pool_alloc(p, bytes[i], 256, bank[i], &sid);
            if (!a)
                a = scpad_pool_alloc(p, bytes[i], 256, 1 - bank[i], &sid);
        } else {
            a = scpad_pool_alloc(p, bytes[i], 256, -1, &sid);
        }
        if (!a) {
            atalla_bufs_free(b);
            return ATALLA_ERR_SCPAD;
        }
        b->addr[i] = SPA(a);
        b->sid[i] = sid;
        b->n = i + 1;
    }
    return n <= ATALLA_MAX_BUFS ? 0 : (atalla_bufs_free(b), ATALLA_ERR_SCPAD);
}

void atalla_bufs_free(atalla_bufs *b)
{
    scpad_pool *p = atalla_scpad_pool();
    for (unsigned i = 0; i < b->n; i++)
        scpad_pool_free(p, (void *)(uintptr_t)b->addr[i], b->sid[i]);
    b->n = 0;
}
