/* atalla_softmax: softmax over the last dimension, FP32 inside, one
 * rounding to BF16 (docs/atalla.md "Softmax").
 *
 * The tensor is R rows of L = sizes[ndim - 1]. A row block (16 rows) moves
 * into the scratchpad as ct = ceil(L / 16) packed BF16 tiles (sdma_stride =
 * 2L; the next block's loads are issued before this one is computed, into
 * the other of two buffers). Three passes over its tiles, on the row
 * instructions:
 *   1. MX = tmax over the tiles (elementwise), m = trowmax(MX);
 *   2. e = exp(x - m) (tbsub into an FP32 tile, tact exp), S += e (tadd,
 *      FP32), s = trowsum(S); e is stored (FP32) in the block buffer when
 *      L <= 1024 (tact exp takes 304 cycles a tile on the RTL, the
 *      kernel's bottleneck: computing it once halves the kernel);
 *   3. r = 1/s (tact recip, once per block), e (reloaded, or recomputed by
 *      the same instructions, same bits), out = tbmul(e, r) into a BF16
 *      tile, stored in the block buffer, then the block goes out.
 * Lanes past L in the last tile must not count: before its rows are loaded
 * (one single-row command each, so they land at the packed tile's 32-byte
 * pitch) the tile is filled with -Inf, which tmax ignores and exp turns
 * into 0. Rows past R hold stale data and are never stored. */
#include "atalla_internal.h"

#define TILE_BF16 512u
#define R_MX 8    /* BF16: running elementwise max */
#define R_MV 12   /* FP32: row max in column 0 */
#define R_S 9     /* FP32: running elementwise sum of e */
#define R_SV 13   /* FP32: row sum, then its reciprocal, in column 0 */
#define R_NINF 10 /* BF16: all -Inf */

typedef struct {
    uint32_t R, L, ct, w; /* w: columns of the last tile */
    uint32_t xoff;        /* the input tiles' offset in a block buffer */
    int keep_e;           /* pass 2 stores e (FP32) for pass 3 */
} splan;

/* Loads of the row block at row r0 into buf (sdma_stride = 2L). */
static void block_load(const splan *s, uintptr_t x, uint32_t r0, uint32_t buf)
{
    uint32_t h = s->R - r0 < 16 ? s->R - r0 : 16;
    uintptr_t row = x + (uintptr_t)r0 * s->L * 2;
    for (uint32_t c = 0; c < s->ct; c++) {
        uint32_t t = buf + s->xoff + c * TILE_BF16;
        if (c + 1 < s->ct || s->w == 16) {
            scpad_ld(SDMA_SHAPE(h, 16, 1), t, (const void *)(row + c * 32));
        } else {
            tst(R_NINF, t, 32);
            for (uint32_t r = 0; r < h; r++)
                scpad_ld(SDMA_SHAPE(1, s->w, 1), t + r * 32,
                         (const void *)(row + (uintptr_t)r * s->L * 2 + c * 32));
        }
    }
}

/* Stores of the block's output tiles (in buf, packed). The last tile's rows
 * are repacked at pitch 2w first (tst writes rows in order), so one command
 * moves them. */
static void block_store(const splan *s, uintptr_t out, uint32_t r0, uint32_t buf)
{
    uint32_t h = s->R - r0 < 16 ? s->R - r0 : 16;
    uintptr_t row = out + (uintptr_t)r0 * s->L * 2;
    for (uint32_t c = 0; c < s->ct; c++) {
        uint32_t t = buf + c * TILE_BF16;
        scpad_st(SDMA_SHAPE(h, c + 1 < s->ct ? 16 : s->w, 1), t, (void *)(row + c * 32));
    }
}

/* Pass 2/3 step on tile c with registers X, E (and O): e = exp(x - m). */
#define EXP_TILE(X, E, a)                                                      \
    do {                                                                       \
        tld(X, a, 32);                                                         \
        tbsub(E, X, R_MV);                                                     \
        tact(E, ACT_EXP);                                                      \
    } while (0)

static void block_compute(const splan *s, uint32_t buf)
{
    uint32_t x = buf + s->xoff;
    /* Pass 1: max. */
    tld(R_MX, x, 32);
    for (uint32_t c = 1; c < s->ct; c += 2) {
        tld(0, x + c * TILE_BF16, 32);
        tmax(R_MX, R_MX, 0);
        if (c + 1 < s->ct) {
            tld(4, x + (c + 1) * TILE_BF16, 32);
            tmax(R_MX, R_MX, 4);
        }
    }
    trowmax(R_MV, R_MX);
    /* Pass 2: sum of exp; e(c) kept (FP32, 1 KiB at c KiB) when it fits. */
    tzero(R_S);
    for (uint32_t c = 0; c < s->ct; c += 2) {
        EXP_TILE(0, 1, x + c * TILE_BF16);
        tadd(R_S, R_S, 1);
        if (s->keep_e)
            tst(1, buf + c * 1024, 64);
        if (c + 1 < s->ct) {
            EXP_TILE(4, 5, x + (c + 1) * TILE_BF16);
            tadd(R_S, R_S, 5);
            if (s->keep_e)
                tst(5, buf + (c + 1) * 1024, 64);
        }
    }
    trowsum(R_SV, R_S);
    /* 1/s once per block (tact recip, correctly rounded; the zero columns
     * 1..15 become +Inf, which tbmul never reads), then a multiply per
     * tile: tbdiv would take 224 cycles a tile, tbmul takes 16. */
    tact(R_SV, ACT_RECIP);
    /* Pass 3: scale; output tile c goes to buf + c * 512. */
    for (uint32_t c = 0; c < s->ct; c += 2) {
        uint32_t o = buf + c * TILE_BF16;
        if (s->keep_e)
            tld(1, buf + c * 1024, 64);
        else
            EXP_TILE(0, 1, x + c * TILE_BF16);
        tbmul(2, 1, R_SV);
        tst(2, o, 32);
        if (c + 1 < s->ct) {
            if (s->keep_e)
                tld(5, buf + (c + 1) * 1024, 64);
            else
                EXP_TILE(4, 5, x + (c + 1) * TILE_BF16);
            tbmul(6, 5, R_SV);
            tst(6, o + TILE_BF16, 32);
        }
    }
    if (s->w != 16) {
        /* Repack the last tile's rows at pitch 2w for block_store. */
        uint32_t a = buf + (s->ct - 1) * TILE_BF16;
        tld(2, a, 32);
        atalla_tst_p(2, a, 2 * s->w);
    }
}

int atalla_softmax(const atalla_tensor *x, int32_t dim, atalla_tensor *out)
{
    const atalla_tensor *t[2] = {x, out};
    int rc = atalla_check_args(t, 2, 1, 4);
    if (rc)
        return rc;
    if (!atalla_same_shape(x, out))
        return ATALLA_ERR_SHAPE;
    if (dim != x->ndim - 1 && dim != -1)
        return ATALLA_ERR_DIM;
    /* Block i + 1 is read before block i is written: out may be x, but may
     * not overlap it otherwise. */
    if (atalla_overlap(x, out) && x->data != out->data)
        return ATALLA_ERR_ALIAS;
    splan s;
    s.L = (uint32_t)x->sizes[x->ndim - 1];
    s.R = atalla_numel(x) / s.L;
    s.ct = (s.L + 15) / 16;
    s.w = s.L - 16 * (s.ct - 1);
    /* Block buffers, most room first: two with e kept (ct KiB each: input
     * tiles in the upper half, e(c) at c KiB overwrites only input tiles
     * already read, outputs at c * 512 only e tiles already read), one with
     * e kept, two or one that recompute e in pass 3 (ct/2 KiB). A buffer
     * lies in one bank. */
    static const uint8_t cfg[4][2] = {{2, 1}, {1, 1}, {2, 0}, {1, 0}};
    atalla_bufs bufs;
    uint32_t nbuf = 0;
    for (unsigned i = 0; i < 4 && !nbuf; i++) {
        s.keep_e = cfg[i][1];
        uint32_t bytes = s.ct * TILE_BF16 * (s.keep_e ? 2 : 1) + (s.keep_e ? 0 : ATALLA_REGION_SLACK);
        uint32_t sz[2] = {bytes, bytes};
        int bank[2] = {0, 1};
        if (bytes <= 65536 && atalla_bufs_alloc(&bufs, cfg[i][0], sz, bank) == 0)
            nbuf = cfg[i][0];
    }
    if (!nbuf)
        return ATALLA_ERR_SCPAD;
    s.xoff = s.keep_e ? s.ct * TILE_BF16 : 0;
    atalla_ctx ctx;
    atalla_begin(&ctx, 2 * s.L);
    tinit(0, FMT_BF16);
    tinit(4, FMT_BF16);
    tinit(2, FMT_BF16);
    tinit(6, FMT_BF16);
    tinit(1, FMT_FP32);
    tinit(5, FMT_FP32);
    tinit(R_MX, FMT_BF16);
    tinit(R_MV, FMT_FP32);
    tinit(R_S, FMT_FP32);
    tinit(R_SV, FMT_FP32);
    /* -Inf: -0 (0 x -1), then recip(-0) = -Inf. */
    tinit(R_NINF, FMT_BF16);
    tscale_f(R_NINF, -1.0f);
    tact(R_NINF, ACT_RECIP);
    uint32_t nblk = (s.R + 15) / 16;
    uintptr_t xm = (uintptr_t)x->data, om = (uintptr_t)out->data;
    block_load(&s, xm, 0, bufs.addr[0]);
    for (uint32_t i = 0; i < nblk; i++) {
        uint32_t buf = bufs.addr[i % nbuf];
        if (nbuf == 2 && i + 1 < nblk)
            block_load(&s, xm, 16 * (i + 1), bufs.addr[(i + 1) % 2]);
        block_compute(&s, buf);
        block_store(&s, om, 16 * i, buf);
        if (nbuf == 1 && i + 1 < nblk)
            block_load(&s, xm, 16 * (i + 1), buf);
    }
    atalla_end(&ctx);
    atalla_bufs_free(&bufs);
    return 0;
}
