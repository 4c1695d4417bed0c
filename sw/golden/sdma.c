/* SDMA (custom-0): scpad.ld / scpad.st between main memory and the
 * two-bank scratchpad, and scpad.wait, which reports a failed transfer.
 *
 * Errors are not traps at the transfer: the transfer is decoupled, so the
 * first bad one is latched in sdma_status/sdma_erraddr and the trap is taken
 * at the next scpad.wait (docs/isa.md "SDMA"). */
#include "tu_internal.h"

#define SDMA_MAX_BYTES (32u * 32u * 4u)

typedef struct {
    uint32_t rows, cols, esize; /* esize in bytes */
} sdma_shape;

static bool shape_decode(uint32_t w, sdma_shape *s)
{
    const uint32_t used = 0x3Fu | (0x3Fu << 8) | (0x3u << 16);
    s->cols = w & 0x3Fu;
    s->rows = (w >> 8) & 0x3Fu;
    uint32_t lg = (w >> 16) & 3u;
    s->esize = 1u << lg;
    return (w & ~used) == 0 && s->cols >= 1 && s->cols <= 32 && s->rows >= 1 &&
           s->rows <= 32 && lg <= 2;
}

/* Main-memory rows: each row must be inside the DDC region (R for a load
 * from memory, W for a store to it) and mapped, without wrapping. */
static bool main_rows_ok(const mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t base,
                         int32_t stride, const sdma_shape *s, bool write)
{
    uint32_t row_bytes = s->cols * s->esize;
    for (uint32_t r = 0; r < s->rows; r++) {
        int64_t a = (int64_t)base + (int64_t)r * stride;
        if (a < 0 || !mosaic_ddc_allows(tu, (uint64_t)a, row_bytes, write) ||
            !mem->ok(mem->ctx, (uint32_t)a, row_bytes, write))
            return false;
    }
    return true;
}

/* One bank holds the whole packed range (R15: a transfer may not cross a
 * bank boundary, and the bank is implied by the address). */
static bool in_one_bank(const mosaic_tu *tu, uint32_t sp, uint32_t bytes)
{
    uint64_t bank = tu->cfg.scpad_bank_bytes;
    uint64_t lo = tu->cfg.scpad_base;
    if (sp < lo || bank == 0)
        return false;
    uint64_t off = sp - lo;
    uint64_t b = off / bank;
    return b < 2 && off + bytes <= (b + 1) * bank;
}

static unsigned check_transfer(const mosaic_tu *tu, const mosaic_mem_if *mem,
                               const mosaic_insn *in, bool store, sdma_shape *s)
{
    uint32_t sp = in->x_rs1, mm = in->x_rs2;
    int32_t stride = (int32_t)tu->sdma_stride;
    if (!shape_decode(in->x_rd, s))
        return SDMA_BAD_SHAPE;
    /* The stride only matters between rows (as for tld/tst). */
    if (sp % s->esize || mm % s->esize || (s->rows > 1 && (uint32_t)stride % s->esize))
        return SDMA_MISALIGNED;
    uint32_t bytes = s->rows * s->cols * s->esize;
    if (!in_one_bank(tu, sp, bytes))
        return SDMA_BANK;
    /* A load reads main memory and writes the scratchpad; a store the
     * reverse. The scratchpad is reached through the same memory interface
     * and the same DDC as everything else. */
    if (!main_rows_ok(tu, mem, mm, stride, s, store) ||
        !mosaic_ddc_allows(tu, sp, bytes, !store) || !mem->ok(mem->ctx, sp, bytes, !store))
        return SDMA_ACCESS;
    return SDMA_OK;
}

/* Returns false when some beat met a bus error (its bytes read as zero or
 * stay unwritten; the rest moves). */
static bool transfer(const mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                     bool store, const sdma_shape *s)
{
    bool ok = true;
    uint32_t sp = in->x_rs1, mm = in->x_rs2;
    int32_t stride = (int32_t)tu->sdma_stride;
    uint32_t row_bytes = s->cols * s->esize;
    uint32_t total = s->rows * row_bytes;
    uint8_t buf[SDMA_MAX_BYTES];
    /* Read the whole source before writing, so overlapping ranges (a main
     * address inside the scratchpad window) behave as one copy. Rows that
     * overlap each other in main memory (|stride| < row bytes) are written
     * in row order, the last one winning. */
    if (store) {
        ok &= mem->read(mem->ctx, sp, buf, total);
        for (uint32_t r = 0; r < s->rows; r++)
            ok &= mem->write(mem->ctx, mm + r * (uint32_t)stride, buf + r * row_bytes, row_bytes);
    } else {
        for (uint32_t r = 0; r < s->rows; r++)
            ok &= mem->read(mem->ctx, mm + r * (uint32_t)stride, buf + r * row_bytes, row_bytes);
        ok &= mem->write(mem->ctx, sp, buf, total);
    }
    return ok;
}

static void exec_transfer(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                          bool store, mosaic_tu_result *res)
{
    sdma_shape s;
    unsigned code = check_transfer(tu, mem, in, store, &s);
    if (code == SDMA_OK) {
        if (!transfer(tu, mem, in, store, &s))
            mosaic_tu_bus_error(tu, store, in->x_rs2);
        res->sdma_issued = 1;
        return;
    }
    if (mosaic_sdma_latch(tu, code, store, in->x_rs2))
        res->csr_written = true;
}

void mosaic_exec_sdma(mosaic_tu *tu, const mosaic_mem_if *mem, const mosaic_insn *in,
                      mosaic_tu_result *res)
{
    if (in->funct7 != 0 || in->funct3 > 2 ||
        (in->funct3 == 2 && (in->rd | in->rs1 | in->rs2) != 0)) {
        mosaic_trap_illegal(res, in);
        return;
    }
    if (in->funct3 < 2) {
        exec_transfer(tu, mem, in, in->funct3 == 1, res);
        return;
    }
    if (tu->sdma_status & SDMA_ERR)
        mosaic_trap(res,
                    (tu->sdma_status & SDMA_OP_ST) ? MOSAIC_CAUSE_STORE_FAULT
                                                   : MOSAIC_CAUSE_LOAD_FAULT,
                    tu->sdma_erraddr);
}
