/* SDMA command helpers (atalla_internal.h). A command moves at most 32 rows
 * of 32 elements; rows after the first are sdma_stride apart in main memory
 * and packed in the scratchpad. */
#include "atalla_internal.h"

#define ROW_B 128u /* 32 words: the longest row a command moves */

static void cmd(int st, uint32_t shape, uint32_t sp, uintptr_t mem)
{
    if (st)
        scpad_st(shape, sp, (void *)mem);
    else
        scpad_ld(shape, sp, (const void *)mem);
}

/* Rows of 128 bytes while they last (stride 128: main memory contiguous
 * like the scratchpad), then the remainder as words and a half-word. */
static void flat(int st, uint32_t sp, uintptr_t mem, uint32_t bytes)
{
    uint32_t rows = bytes / ROW_B;
    while (rows) {
        uint32_t r = rows < 32 ? rows : 32;
        cmd(st, SDMA_SHAPE(r, 32, 2), sp, mem);
        sp += r * ROW_B;
        mem += r * ROW_B;
        rows -= r;
    }
    uint32_t rem = bytes % ROW_B;
    if (rem >= 4) {
        cmd(st, SDMA_SHAPE(1, rem / 4, 2), sp, mem);
        sp += rem & ~3u;
        mem += rem & ~3u;
    }
    if (rem & 2u)
        cmd(st, SDMA_SHAPE(1, 1, 1), sp, mem);
}

void atalla_ld_flat(uint32_t sp, uintptr_t mem, uint32_t bytes) { flat(0, sp, mem, bytes); }
void atalla_st_flat(uint32_t sp, uintptr_t mem, uint32_t bytes) { flat(1, sp, mem, bytes); }

static void run(int st, uint32_t sp, uintptr_t mem, uint32_t bytes)
{
    /* Single-row commands never use the stride. Words need both sides
     * 4-byte aligned; otherwise half-words (at most 64 bytes a command). */
    if (sp % 4 == mem % 4 && bytes >= 4) {
        if (sp % 4) {
            cmd(st, SDMA_SHAPE(1, 1, 1), sp, mem);
            sp += 2;
            mem += 2;
            bytes -= 2;
        }
        while (bytes >= 4) {
            uint32_t w = bytes / 4 < 32 ? bytes / 4 : 32;
            cmd(st, SDMA_SHAPE(1, w, 2), sp, mem);
            sp += 4 * w;
            mem += 4 * w;
            bytes -= 4 * w;
        }
    }
    while (bytes) {
        uint32_t h = bytes / 2 < 32 ? bytes / 2 : 32;
        cmd(st, SDMA_SHAPE(1, h, 1), sp, mem);
        sp += 2 * h;
        mem += 2 * h;
        bytes -= 2 * h;
    }
}

void atalla_ld_run(uint32_t sp, uintptr_t mem, uint32_t bytes) { run(0, sp, mem, bytes); }
void atalla_st_run(uint32_t sp, uintptr_t mem, uint32_t bytes) { run(1, sp, mem, bytes); }
