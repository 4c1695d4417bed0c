/* atalla_add, atalla_sub, atalla_mul, atalla_relu (docs/atalla.md).
 *
 * Elementwise kernels see a contiguous tensor as a flat run of n BF16
 * values: its shape matters only for the checks. The run moves in chunks
 * (4 KiB when the pool has room) of 8 packed 16x16 tiles; chunk i + 1's
 * loads are issued before chunk i's tiles are computed, into the other of
 * two buffers (the tensor unit orders SDMA with tld/tst in program order,
 * docs/isa.md R21, so the refill waits for the last tld of the old data and
 * the tld for the new data). The last chunk's last tile has lanes past n:
 * they compute on stale scratchpad bytes and are never stored, because
 * every store moves exactly the chunk's bytes.
 *
 * One tile instruction per tile: tadd/tsub/tmul with A, B and D tagged BF16
 * (operands exact in FP32, one FP32 operation, one rounding to BF16), or
 * tact relu. */
#include "atalla_internal.h"

enum { EW_ADD, EW_SUB, EW_MUL, EW_RELU };

#define TILE_BF16 512u

/* One tile through register set (A, B, D); constants per call site. */
#define EW_TILE(op, ra, rb, rd, a, b, o)                                       \
    do {                                                                       \
        tld(ra, a, 32);                                                        \
        if ((op) == EW_RELU) {                                                 \
            tact(ra, ACT_RELU);                                                \
            tst(ra, o, 32);                                                    \
        } else {                                                               \
            tld(rb, b, 32);                                                    \
            if ((op) == EW_ADD)                                                \
                tadd(rd, ra, rb);                                              \
            else if ((op) == EW_SUB)                                           \
                tsub(rd, ra, rb);                                              \
            else                                                               \
                tmul(rd, ra, rb);                                              \
            tst(rd, o, 32);                                                    \
        }                                                                      \
    } while (0)

/* The tiles of one chunk, two register sets alternating (banks 0-2 and
 * 0-2 of the next row of registers: A and B of a tile in different banks). */
static void chunk_tiles(int op, uint32_t a, uint32_t b, uint32_t o, uint32_t nt)
{
    for (uint32_t t = 0; t < nt; t += 2) {
        uint32_t off = t * TILE_BF16;
        switch (op) {
        case EW_ADD: EW_TILE(EW_ADD, 0, 1, 2, a + off, b + off, o + off); break;
        case EW_SUB: EW_TILE(EW_SUB, 0, 1, 2, a + off, b + off, o + off); break;
        case EW_MUL: EW_TILE(EW_MUL, 0, 1, 2, a + off, b + off, o + off); break;
        default: EW_TILE(EW_RELU, 0, 1, 2, a + off, b + off, o + off); break;
        }
        if (t + 1 >= nt)
            break;
        off += TILE_BF16;
        switch (op) {
        case EW_ADD: EW_TILE(EW_ADD, 4, 5, 6, a + off, b + off, o + off); break;
        case EW_SUB: EW_TILE(EW_SUB, 4, 5, 6, a + off, b + off, o + off); break;
        case EW_MUL: EW_TILE(EW_MUL, 4, 5, 6, a + off, b + off, o + off); break;
        default: EW_TILE(EW_RELU, 4, 5, 6, a + off, b + off, o + off); break;
        }
    }
}

/* Chunk sizes tried, largest first, when the pool is short. */
static const uint32_t chunk_sizes[] = {4096, 1024, 512};

static int ew(int op, const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *out)
{
    const atalla_tensor *t3[3] = {a, b, out}, *t2[2] = {a, out};
    int binary = op != EW_RELU;
    int rc = binary ? atalla_check_args(t3, 3, 1, 4) : atalla_check_args(t2, 2, 1, 4);
    if (rc)
        return rc;
    if ((binary && !atalla_same_shape(a, b)) || !atalla_same_shape(a, out))
        return ATALLA_ERR_SHAPE;
    /* Streaming reads chunk i + 1 before it writes chunk i, so out may be an
     * input exactly, but not overlap one partly. */
    if ((atalla_overlap(a, out) && a->data != out->data) ||
        (binary && atalla_overlap(b, out) && b->data != out->data))
        return ATALLA_ERR_ALIAS;

    atalla_bufs bufs;
    uint32_t ch = 0;
    for (unsigned i = 0; i < sizeof chunk_sizes / sizeof chunk_sizes[0] && !ch; i++) {
        uint32_t c = chunk_sizes[i];
        uint32_t sz[6] = {c, c, c, c, c, c};
        int bank[6] = {0, 0, 1, 1, 0, 1}; /* a, a, b, b, out, out */
        if (atalla_bufs_alloc(&bufs, binary ? 6 : 4, sz, bank) == 0)
            ch = c;
    }
    if (!ch)
        return ATALLA_ERR_SCPAD;
    uint32_t abuf[2] = {bufs.addr[0], bufs.addr[1]};
    uint32_t bbuf[2] = {binary ? bufs.addr[2] : 0, binary ? bufs.addr[3] : 0};
    uint32_t obuf[2] = {bufs.addr[binary ? 4 : 2], bufs.addr[binary ? 5 : 3]};

    uint32_t bytes = 2u * atalla_numel(a);
    uint32_t nch = (bytes + ch - 1) / ch;
    uintptr_t am = (uintptr_t)a->data, bm = binary ? (uintptr_t)b->data : 0;
    uintptr_t om = (uintptr_t)out->data;
    atalla_ctx ctx;
    atalla_begin(&ctx, 128);
    tinit(0, FMT_BF16);
    tinit(1, FMT_BF16);
    tinit(2, FMT_BF16);
    tinit(4, FMT_BF16);
    tinit(5, FMT_BF16);
    tinit(6, FMT_BF16);
    for (uint32_t i = 0; i <= nch; i++) {
        /* Loads of chunk i (issued one chunk ahead), then chunk i - 1. */
        if (i < nch) {
            uint32_t n = bytes - i * ch < ch ? bytes - i * ch : ch;
            atalla_ld_flat(abuf[i % 2], am + i * ch, n);
            if (binary)
                atalla_ld_flat(bbuf[i % 2], bm + i * ch, n);
        }
        if (i == 0)
            continue;
        uint32_t j = i - 1, n = bytes - j * ch < ch ? bytes - j * ch : ch;
        chunk_tiles(op, abuf[j % 2], bbuf[j % 2], obuf[j % 2], (n + TILE_BF16 - 1) / TILE_BF16);
        atalla_st_flat(obuf[j % 2], om + j * ch, n);
    }
    atalla_end(&ctx);
    atalla_bufs_free(&bufs);
    return 0;
}

int atalla_add(const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *out)
{
    return ew(EW_ADD, a, b, out);
}
int atalla_sub(const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *out)
{
    return ew(EW_SUB, a, b, out);
}
int atalla_mul(const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *out)
{
    return ew(EW_MUL, a, b, out);
}
int atalla_relu(const atalla_tensor *x, atalla_tensor *out) { return ew(EW_RELU, x, NULL, out); }
