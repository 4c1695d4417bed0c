/* Kernel prologue and epilogue (atalla_internal.h). */
#include "atalla_internal.h"

void atalla_begin(atalla_ctx *c, uint32_t stride)
{
    mosaic_fence();
    c->mcsr = mcsr_read();
    mcsr_write(0);
    sdma_stride_write(stride);
}

void atalla_end(const atalla_ctx *c)
{
    scpad_wait();
    mosaic_fence();
    msettile_full();
    mcsr_write(c->mcsr);
}
