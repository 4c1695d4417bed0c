/* atalla_gemm: out = a x b, BF16 in and out, FP32 accumulation rounded once
 * (docs/atalla.md "GEMM").
 *
 * Shapes: a [..., M, K], b [..., K, N], out [..., M, N], the same leading
 * (batch) dimensions on all three; each batch index is one 2-D GEMM.
 *
 * Blocking (per batch):
 *  - A column panel of B, NBT (<= 4) tile columns wide and K deep, sits in
 *    the scratchpad while every row of A streams past it. Column tile j is
 *    its own region of packed 16x16 tiles (k order): SDMA commands of 32 B
 *    rows (16 BF16) land packed, so every B tld has stride 32 (the tile
 *    mover's packed path). A last column tile of w < 16 columns lands with
 *    pitch 2w and is read at that pitch (atalla_tld_p): lanes past w hold the
 *    next row's values, whose products land in columns never stored.
 *  - A moves in steps of AR (1 or 2) row blocks of 16 rows, double buffered:
 *    step s + 1's commands are issued before step s is computed. Tile k of
 *    a step is one command (AR x 16 rows of 16 BF16, packed tiles).
 *  - Per row block, the A tiles of up to 16 k-steps (a chunk) stay in the
 *    TRF (banks 0/1) while each of the NBT accumulators (FP32, bank 3) runs
 *    one chain of tmma over the chunk, B tiles streaming through bank 2
 *    two tmma ahead. So a chain writes D in a bank the tile mover never
 *    writes while it runs (docs/microarchitecture.md: a tld into the
 *    drain's bank waits for the drain).
 *  - K's last tile of kr = K % 16 columns runs under mtilek = kr: products
 *    past K (stale scratchpad lanes) never enter a sum.
 *  - Each accumulator is converted to BF16 once (tcvt), stored (tst) into a
 *    C staging buffer of 16 rows x 128 bytes, and the staging rows go to
 *    main memory: one command when the stride fits, else one run per row.
 *
 * sdma_stride is 2K for A and 2N for B; writing it waits for the tensor
 * unit to drain, so it changes only around each panel's B loads, never
 * when K == N (and then the next panel's B is loaded during the current
 * panel's last step). */
#include "atalla_internal.h"

#define AREG(k) (((k) / 2) * 4 + (k) % 2) /* banks 0/1: tr0 tr1 tr4 tr5 ... tr29 */
#define BREG(t) (2 + 4 * ((t) % 4))        /* bank 2 */
#define DREG(j) (3 + 4 * (j))              /* bank 3 */
#define CREG 18                            /* bank 2: the BF16 copy of a D */
#define CHUNK 16                           /* k tiles resident per chain */

typedef struct {
    uint32_t M, K, N, kt, kr; /* kt = ceil(K / 16), kr = K % 16 */
    uint32_t ar;              /* row blocks per A step: 1 or 2 */
    uint32_t nbt;             /* tile columns per B panel: 1..4 */
    uint32_t nb;              /* B panel buffers: 1 or 2 */
    uint32_t abuf[2], bbuf[2], cbuf[2];
    uint32_t bcol_bytes;      /* one column tile region */
    uint32_t stride;          /* current sdma_stride */
} gplan;

static void set_stride(gplan *g, uint32_t s)
{
    if (g->stride != s) {
        sdma_stride_write(s);
        g->stride = s;
    }
}

/* Loads of B panel columns n0 .. n0 + 16 nbt - 1 (clipped to N) into
 * buffer `buf` (sdma_stride = 2N). */
static void b_panel_load(const gplan *g, uintptr_t b, uint32_t n0, uint32_t buf)
{
    for (uint32_t j = 0; j < g->nbt && n0 + 16 * j < g->N; j++) {
        uint32_t c0 = n0 + 16 * j, w = g->N - c0 < 16 ? g->N - c0 : 16;
        uint32_t base = buf + j * g->bcol_bytes;
        for (uint32_t r0 = 0; r0 < g->K; r0 += 32) {
            uint32_t rows = g->K - r0 < 32 ? g->K - r0 : 32;
            scpad_ld(SDMA_SHAPE(rows, w, 1), base + r0 * 2 * w,
                     (const void *)(b + ((uintptr_t)r0 * g->N + c0) * 2));
        }
    }
}

/* Loads of the A step starting at row m0 (sdma_stride = 2K): tile k of
 * the step's row blocks in slot k (AR x 512 bytes). */
static void a_step_load(const gplan *g, uintptr_t a, uint32_t m0, uint32_t buf)
{
    uint32_t rows = g->M - m0 < 16 * g->ar ? g->M - m0 : 16 * g->ar;
    uint32_t whole = g->kr ? g->kt - 1 : g->kt, step = 512 * g->ar;
    uint32_t shape = SDMA_SHAPE(rows, 16, 1);
    uintptr_t src = a + (uintptr_t)m0 * g->K * 2;
    /* Pointers step instead of being recomputed: this loop issues most of
     * the kernel's SDMA commands. */
    for (uint32_t k = 0; k < whole; k++, buf += step, src += 32)
        scpad_ld(shape, buf, (const void *)src);
    if (g->kr)
        scpad_ld(SDMA_SHAPE(rows, g->kr, 1), buf, (const void *)src);
}

/* One chain: D(j) += A(chunk) x B(chunk, j) over nk <= 16 k tiles. bp: the
 * B column's pitch; lastk: this chunk holds K's last tile and kr != 0. */
#define B_TLD(t)                                                               \
    do {                                                                       \
        uint32_t ba_ = bsrc + (t) * 16 * bp;                                   \
        if (bp == 32)                                                          \
            tld(BREG(t), ba_, 32);                                             \
        else                                                                   \
            atalla_tld_p(BREG(t), ba_, bp);                                    \
    } while (0)
#define SLOT(D, t)                                                             \
    if ((t) < nk) {                                                            \
        if ((t) + 2 < nk)                                                      \
            B_TLD((t) + 2);                                                    \
        if (lastk && (t) + 1 == nk)                                            \
            (void)msettilek(kr);                                               \
        tmma(D, AREG(t), BREG(t));                                             \
    }
#define CHAIN(D)                                                               \
    do {                                                                       \
        B_TLD(0);                                                              \
        if (nk > 1)                                                            \
            B_TLD(1);                                                          \
        SLOT(D, 0) SLOT(D, 1) SLOT(D, 2) SLOT(D, 3) SLOT(D, 4) SLOT(D, 5)      \
        SLOT(D, 6) SLOT(D, 7) SLOT(D, 8) SLOT(D, 9) SLOT(D, 10) SLOT(D, 11)    \
        SLOT(D, 12) SLOT(D, 13) SLOT(D, 14) SLOT(D, 15)                        \
        if (lastk)                                                             \
            (void)msettileki(16);                                              \
    } while (0)

/* The common case, a whole chunk of whole tiles: every offset and register
 * a constant, about three scalar instructions per tmma (the general chain
 * costs ~20, more than the 16 cycles a tmma takes on 16x16). The last two
 * slots load the next chain's first two B tiles (nsrc, when it is also a
 * fast chain), so the array does not wait for them at the chain boundary;
 * pre says this chain's first two were loaded so. */
#define FSLOT(D, t)                                                            \
    if ((t) + 2 < CHUNK) {                                                     \
        tld(BREG((t) + 2), bnext, 32);                                         \
        bnext += 512u;                                                         \
        OPAQUE(bnext);                                                         \
    } else if (nsrc) {                                                         \
        tld(BREG((t) + 2), nsrc + ((t) + 2 - CHUNK) * 512u, 32);               \
    }                                                                          \
    tmma(D, AREG(t), BREG(t));
/* bnext steps through the chain's B tiles (an add per tile: constant
 * offsets past 2 KiB cost an extra lui/addi each, and GCC folds a plain
 * increment back into them, hence the empty asm). */
#define OPAQUE(v) __asm__("" : "+r"(v))
#define FAST_CHAIN(D)                                                          \
    do {                                                                       \
        uint32_t bnext = bsrc + 1024u;                                         \
        if (!pre) {                                                            \
            tld(BREG(0), bsrc, 32);                                            \
            tld(BREG(1), bsrc + 512u, 32);                                     \
        }                                                                      \
        FSLOT(D, 0) FSLOT(D, 1) FSLOT(D, 2) FSLOT(D, 3) FSLOT(D, 4) FSLOT(D, 5) \
        FSLOT(D, 6) FSLOT(D, 7) FSLOT(D, 8) FSLOT(D, 9) FSLOT(D, 10)           \
        FSLOT(D, 11) FSLOT(D, 12) FSLOT(D, 13) FSLOT(D, 14) FSLOT(D, 15)       \
    } while (0)

/* A chain is fast when it runs a whole chunk (nk = 16, not K's last tile)
 * over a whole B column (pitch 32). */
static int fast(uint32_t bp, uint32_t nk, int lastk) { return nk == CHUNK && bp == 32 && !lastk; }

static void chain(uint32_t j, uint32_t bsrc, uint32_t bp, uint32_t nk, int lastk, uint32_t kr,
                  int pre, uint32_t nsrc)
{
    if (fast(bp, nk, lastk)) {
        switch (j) {
        case 0: FAST_CHAIN(DREG(0)); break;
        case 1: FAST_CHAIN(DREG(1)); break;
        case 2: FAST_CHAIN(DREG(2)); break;
        default: FAST_CHAIN(DREG(3)); break;
        }
        return;
    }
    switch (j) {
    case 0: CHAIN(DREG(0)); break;
    case 1: CHAIN(DREG(1)); break;
    case 2: CHAIN(DREG(2)); break;
    default: CHAIN(DREG(3)); break;
    }
}

/* A tiles k0 .. k0 + nk - 1 of a row block into AREG(0..nk-1); tile k of
 * the step is at slot + h * 16 * pitch (pitch 2 kr for K's last tile). */
#define A_TLD(t)                                                               \
    if ((t) < nk) {                                                            \
        uint32_t k_ = k0 + (t), p_ = k_ + 1 == g->kt && g->kr ? 2 * g->kr : 32; \
        uint32_t aa_ = abuf + k_ * 512 * g->ar + h * 16 * p_;                  \
        if (p_ == 32)                                                          \
            tld(AREG(t), aa_, 32);                                             \
        else                                                                   \
            atalla_tld_p(AREG(t), aa_, p_);                                    \
    }

#define A_FAST(t)                                                              \
    tld(AREG(t), base, 32);                                                    \
    base += step;                                                              \
    OPAQUE(base);

static void a_tiles(const gplan *g, uint32_t abuf, uint32_t h, uint32_t k0, uint32_t nk)
{
    if (nk == CHUNK && !(k0 + nk == g->kt && g->kr)) { /* whole tiles */
        uint32_t step = 512 * g->ar, base = abuf + k0 * step + h * 512;
        A_FAST(0) A_FAST(1) A_FAST(2) A_FAST(3) A_FAST(4) A_FAST(5) A_FAST(6) A_FAST(7)
        A_FAST(8) A_FAST(9) A_FAST(10) A_FAST(11) A_FAST(12) A_FAST(13) A_FAST(14) A_FAST(15)
        return;
    }
    A_TLD(0) A_TLD(1) A_TLD(2) A_TLD(3) A_TLD(4) A_TLD(5) A_TLD(6) A_TLD(7)
    A_TLD(8) A_TLD(9) A_TLD(10) A_TLD(11) A_TLD(12) A_TLD(13) A_TLD(14) A_TLD(15)
}

/* Accumulator j -> BF16 -> staging columns 16j.., then cleared. */
static void c_out(uint32_t j, uint32_t cst)
{
    switch (j) {
#define COUT(J)                                                                \
    case J:                                                                    \
        tcvt(CREG, DREG(J), FMT_BF16);                                         \
        tst(CREG, cst + 32 * (J), 128);                                        \
        tzero(DREG(J));                                                        \
        break;
        COUT(0) COUT(1) COUT(2)
    default:
        tcvt(CREG, DREG(3), FMT_BF16);
        tst(CREG, cst + 96, 128);
        tzero(DREG(3));
        break;
#undef COUT
    }
}

/* Row block at row m0 (block h of the step in abuf) against the panel at
 * columns n0 in bbuf; C staged in cst and stored. */
static void row_block(gplan *g, uint32_t abuf, uint32_t h, uint32_t m0, uint32_t n0,
                      uint32_t bbuf, uint32_t cst, uintptr_t out)
{
    uint32_t nbt = (g->N - n0 + 15) / 16 < g->nbt ? (g->N - n0 + 15) / 16 : g->nbt;
    for (uint32_t k0 = 0; k0 < g->kt; k0 += CHUNK) {
        uint32_t nk = g->kt - k0 < CHUNK ? g->kt - k0 : CHUNK;
        int lastk = k0 + nk == g->kt && g->kr;
        a_tiles(g, abuf, h, k0, nk);
        int pre = 0;
        for (uint32_t j = 0; j < nbt; j++) {
            uint32_t c0 = n0 + 16 * j, w = g->N - c0 < 16 ? g->N - c0 : 16;
            uint32_t bp = 2 * w, bsrc = bbuf + j * g->bcol_bytes + k0 * 16 * bp;
            /* The next chain's B, if it is fast too (whole columns have
             * pitch 32, so its tiles start at k0 * 512). */
            uint32_t nsrc = 0, nw = g->N - c0 - 16 < 16 ? g->N - c0 - 16 : 16;
            if (j + 1 < nbt && fast(bp, nk, lastk) && fast(2 * nw, nk, lastk))
                nsrc = bbuf + (j + 1) * g->bcol_bytes + k0 * 512;
            chain(j, bsrc, bp, nk, lastk, g->kr, pre, nsrc);
            pre = nsrc != 0;
        }
    }
    for (uint32_t j = 0; j < nbt; j++)
        c_out(j, cst);
    uint32_t rows = g->M - m0 < 16 ? g->M - m0 : 16;
    uint32_t cols = g->N - n0 < 16 * g->nbt ? g->N - n0 : 16 * g->nbt;
    uintptr_t dst = out + ((uintptr_t)m0 * g->N + n0) * 2;
    if (cols == 64 && g->N % 2 == 0 && g->stride == 2 * g->N) {
        scpad_st(SDMA_SHAPE(rows, 32, 2), cst, (void *)dst);
    } else {
        for (uint32_t r = 0; r < rows; r++)
            atalla_st_run(cst + r * 128, dst + (uintptr_t)r * g->N * 2, cols * 2);
    }
}

static void gemm2d(gplan *g, uintptr_t a, uintptr_t b, uintptr_t out)
{
    uint32_t npanel = (g->N + 16 * g->nbt - 1) / (16 * g->nbt);
    uint32_t nsteps = (g->M + 16 * g->ar - 1) / (16 * g->ar);
    uint32_t nrb = 0; /* row blocks so far: C staging alternates */
    int b_ready = 0;  /* the next panel's B is already loaded */
    for (uint32_t p = 0; p < npanel; p++) {
        uint32_t n0 = 16 * g->nbt * p, bbuf = g->bbuf[p % g->nb];
        if (!b_ready) {
            set_stride(g, 2 * g->N);
            b_panel_load(g, b, n0, bbuf);
        }
        b_ready = 0;
        set_stride(g, 2 * g->K);
        a_step_load(g, a, 0, g->abuf[0]);
        for (uint32_t s = 0; s < nsteps; s++) {
            uint32_t m0 = 16 * g->ar * s;
            if (s + 1 < nsteps)
                a_step_load(g, a, m0 + 16 * g->ar, g->abuf[(s + 1) % 2]);
            else if (p + 1 < npanel && g->nb == 2 && g->K == g->N) {
                b_panel_load(g, b, n0 + 16 * g->nbt, g->bbuf[(p + 1) % 2]);
                b_ready = 1;
            }
            for (uint32_t h = 0; h < g->ar && m0 + 16 * h < g->M; h++, nrb++)
                row_block(g, g->abuf[s % 2], h, m0 + 16 * h, n0, bbuf, g->cbuf[nrb % 2], out);
        }
    }
}

/* Buffer configurations, most room first: (ar, nbt, nb). */
static const uint8_t configs[][3] = {
    {2, 4, 2}, {2, 4, 1}, {1, 4, 1}, {1, 2, 1}, {1, 1, 1},
};

int atalla_gemm(const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *out)
{
    const atalla_tensor *t[3] = {a, b, out};
    int rc = atalla_check_args(t, 3, 2, 4);
    if (rc)
        return rc;
    int32_t nd = a->ndim;
    if (b->ndim != nd || out->ndim != nd)
        return ATALLA_ERR_SHAPE;
    for (int32_t d = 0; d < nd - 2; d++)
        if (b->sizes[d] != a->sizes[d] || out->sizes[d] != a->sizes[d])
            return ATALLA_ERR_SHAPE;
    uint32_t M = (uint32_t)a->sizes[nd - 2], K = (uint32_t)a->sizes[nd - 1];
    uint32_t N = (uint32_t)b->sizes[nd - 1];
    if ((uint32_t)b->sizes[nd - 2] != K || (uint32_t)out->sizes[nd - 2] != M ||
        (uint32_t)out->sizes[nd - 1] != N)
        return ATALLA_ERR_SHAPE;
    /* C is written while later rows of A (and, per panel, B) are still to
     * be read: no overlap at all. */
    if (atalla_overlap(a, out) || atalla_overlap(b, out))
        return ATALLA_ERR_ALIAS;

    gplan g = {.M = M, .K = K, .N = N, .kt = (K + 15) / 16, .kr = K % 16};
    g.bcol_bytes = g.kt * 512 + ATALLA_REGION_SLACK;
    atalla_bufs bufs;
    int got = 0;
    for (unsigned i = 0; i < sizeof configs / sizeof configs[0] && !got; i++) {
        g.ar = configs[i][0];
        g.nbt = configs[i][1];
        g.nb = configs[i][2];
        uint32_t ab = g.kt * 512 * g.ar, bb = g.nbt * g.bcol_bytes;
        uint32_t sz[6] = {ab, ab, 2048, 2048, bb, bb};
        int bank[6] = {0, 1, 0, 1, 1, 0};
        got = atalla_bufs_alloc(&bufs, 4 + g.nb, sz, bank) == 0;
    }
    if (!got)
        return ATALLA_ERR_SCPAD;
    g.abuf[0] = bufs.addr[0];
    g.abuf[1] = bufs.addr[1];
    g.cbuf[0] = bufs.addr[2];
    g.cbuf[1] = bufs.addr[3];
    g.bbuf[0] = bufs.addr[4];
    g.bbuf[1] = g.nb == 2 ? bufs.addr[5] : bufs.addr[4];

    uint32_t batch = 1;
    for (int32_t d = 0; d < nd - 2; d++)
        batch *= (uint32_t)a->sizes[d];
    atalla_ctx ctx;
    g.stride = 2 * K;
    atalla_begin(&ctx, g.stride);
    /* Tags: A and B BF16, accumulators FP32 (zero); CREG gets BF16 from
     * its tcvt. */
    tinit(AREG(0), FMT_BF16);
    tinit(AREG(1), FMT_BF16);
    tinit(AREG(2), FMT_BF16);
    tinit(AREG(3), FMT_BF16);
    tinit(AREG(4), FMT_BF16);
    tinit(AREG(5), FMT_BF16);
    tinit(AREG(6), FMT_BF16);
    tinit(AREG(7), FMT_BF16);
    tinit(AREG(8), FMT_BF16);
    tinit(AREG(9), FMT_BF16);
    tinit(AREG(10), FMT_BF16);
    tinit(AREG(11), FMT_BF16);
    tinit(AREG(12), FMT_BF16);
    tinit(AREG(13), FMT_BF16);
    tinit(AREG(14), FMT_BF16);
    tinit(AREG(15), FMT_BF16);
    tinit(BREG(0), FMT_BF16);
    tinit(BREG(1), FMT_BF16);
    tinit(BREG(2), FMT_BF16);
    tinit(BREG(3), FMT_BF16);
    tinit(DREG(0), FMT_FP32);
    tinit(DREG(1), FMT_FP32);
    tinit(DREG(2), FMT_FP32);
    tinit(DREG(3), FMT_FP32);
    msettile_full();
    for (uint32_t i = 0; i < batch; i++)
        gemm2d(&g, (uintptr_t)a->data + (uintptr_t)i * M * K * 2,
               (uintptr_t)b->data + (uintptr_t)i * K * N * 2,
               (uintptr_t)out->data + (uintptr_t)i * M * N * 2);
    atalla_end(&ctx);
    atalla_bufs_free(&bufs);
    return 0;
}
