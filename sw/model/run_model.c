/* run_model: run the ATALLA00 blob that the simulator loaded at
 * ATALLA_MODEL_BLOB_ADDR (mosaic-iss/mosaic-sim --load FILE@0x40800000):
 * check it whole, place its tensors, run its ops through the Atalla
 * kernels, print the per-op table and the total, and the tensors the blob's
 * flags ask for. Exit status: 0, a loader code (1..13) or an executor code
 * (20..22). docs/atalla.md, "Running a blob". */
#include <inttypes.h>
#include <stdio.h>

#include "exec.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#define ATALLA_MODEL_BLOB_ADDR (MOSAIC_MAIN_BASE + 0x00800000u)
#ifndef ATALLA_MODEL_PE
#define ATALLA_MODEL_PE 256u /* MACs per cycle of the 16x16 array */
#endif

/* Runtime tensors come from the tensor heap, below the blob. */
static void *alloc_below(void *ctx, uint32_t bytes, uint32_t align)
{
    uintptr_t limit = (uintptr_t)ctx;
    uint8_t *p = mosaic_tensor_alloc(bytes, align);
    if (!p || (uintptr_t)p + bytes > limit)
        return NULL;
    return p;
}

static atalla_tensor tensors[ATALLA_BLOB_MAX_TENSORS];
static atalla_op_perf perf[ATALLA_BLOB_MAX_OPS];

int main(void)
{
    const uint8_t *base = (const uint8_t *)(uintptr_t)ATALLA_MODEL_BLOB_ADDR;
    uint32_t avail = MOSAIC_MAIN_BASE + MOSAIC_MAIN_SIZE - ATALLA_MODEL_BLOB_ADDR;
    char msg[160];
    atalla_blob b;
    int rc = atalla_blob_parse(base, avail, &b, msg, sizeof msg);
    if (rc) {
        printf("run_model: blob at 0x%08" PRIx32 ": error %d %s\n", (uint32_t)ATALLA_MODEL_BLOB_ADDR,
               rc, msg);
        if (rc == ATALLA_BLOB_ERR_MAGIC)
            printf("run_model: load a blob with --load FILE@0x%08" PRIx32 "\n",
                   (uint32_t)ATALLA_MODEL_BLOB_ADDR);
        return rc;
    }
    printf("run_model: %s\n", msg);
    atalla_exec_env env = {alloc_below, (void *)(uintptr_t)ATALLA_MODEL_BLOB_ADDR};
    rc = atalla_exec_prepare(&b, &env, tensors, msg, sizeof msg);
    if (rc) {
        printf("run_model: error %d %s\n", rc, msg);
        return rc;
    }
    uint32_t bad = 0;
    int krc = 0;
    rc = atalla_exec_run(&b, tensors, perf, &bad, &krc, msg, sizeof msg);
    atalla_exec_print(&b, perf, ATALLA_MODEL_PE);
    if (rc) {
        printf("run_model: error %d %s\n", rc, msg);
        return rc;
    }
    if (b.flags & (ATALLA_BLOB_FLAG_DUMP_OUTPUTS | ATALLA_BLOB_FLAG_DUMP_ALL))
        atalla_exec_dump(&b, tensors, (b.flags & ATALLA_BLOB_FLAG_DUMP_ALL) != 0);
    printf("run_model: done\n");
    return 0;
}
