/* The Atalla runtime's scratchpad pool: the single instance behind
 * scpad_alloc/scpad_free and the kernels (atalla.h). This is the library's
 * one piece of mutable state, on purpose: the specified C interface has no
 * pool argument, so the pool it means must be one per program. */
#include "atalla.h"
#include "mosaic_memmap.h"

/* Empty as initialized data (all bitmaps zero): no set-up call on first
 * use, which would be charged to the first kernel. */
static scpad_pool pool = {.base = MOSAIC_SCPAD_BASE};

scpad_pool *atalla_scpad_pool(void) { return &pool; }

void *scpad_alloc(size_t bytes, size_t align, int *sid)
{
    return scpad_pool_alloc(atalla_scpad_pool(), bytes, align, -1, sid);
}

void scpad_free(void *ptr, int sid) { scpad_pool_free(atalla_scpad_pool(), ptr, sid); }
