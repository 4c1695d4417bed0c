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
 *    step s + 1's commands are issued a few inside each of step s's chains
 *    (gplan). Tile k of a step is one command (AR x 16 rows of 16 BF16,
 *    packed tiles).
 *  - Per row block, the A tiles of up to 16 k-steps (a chunk) stay in the
 *    TRF (banks 0/1) while each of the NBT accumulators (FP32, bank 3) runs
 *    one chain of tmma over the chunk, B tiles streaming through bank 2
 *    two tmma ahead. So a chain writes D in a bank the tile mover never
 *    writes while it runs (docs/microarchitecture.md: a tld into the
 *    drain's bank waits for the drain).
 *  - K's last tile of kr = K % 16 columns runs under mtilek = kr: products
 *    past K (stale scratchpad lanes) never enter a sum. Row blocks of fewer
 *    than 16 rows and column tiles of fewer than 16 columns run under
 *    mtilem / mtilen, so the useful-MAC counter counts M x N x K.
 *  - Each accumulator is converted to BF16 once (tcvt) and cleared (tzero)
 *    at the row block's end; during the next row block's first chain the
 *    copies are stored (tst) into a C staging buffer of 16 rows x 128 bytes
 *    and the staging rows go to main memory: one command when the stride
 *    fits, else one run per row.
 *
 * sdma_stride is 2K for A and 2N for B; writing it waits for the tensor
 * unit to drain, so it changes only around each panel's B loads, never
 * when K == N (and then the next panel's B is loaded during the current
 * panel's last step). */
#include "atalla_internal.h"

#define AREG(k) (((k) / 2) * 4 + (k) % 2) /* banks 0/1: tr0 tr1 tr4 tr5 ... tr29 */
#define BREG(t) (2 + 4 * ((t) % 4))        /* bank 2 */
#define DREG(j) (3 + 4 * (j))              /* bank 3 */
#define CREG(j) (18 + 4 * (j))             /* bank 2: the BF16 copies of the D */
#define CHUNK 16                           /* k tiles resident per chain */

typedef struct {
    uint32_t M, K, N, kt, kr; /* kt = ceil(K / 16), kr = K % 16 */
    uint32_t ar;              /* row blocks per A step: 1 or 2 */
    uint32_t nbt;             /* tile columns per B panel: 1..4 */
    uint32_t nb;              /* B panel buffers: 1 or 2 */
    uint32_t abuf[2], bbuf[2], cbuf[2];
    uint32_t bcol_bytes;      /* one column tile region */
    /* SDMA loads still to issue: an A step (a_n commands) and a B panel
     * (b_n), A first. The next step's loads are issued a few at a time
     * inside the current step's chains (`spread` in each): all at once
     * they would fill the list of transfers in flight and stop the tensor
     * queue behind them, and the core issuing them would let the queue run
     * dry. Kept as counters, not a list, so that starting a step costs the
     * core nothing. */
    uintptr_t b;              /* the batch's B */
    uintptr_t a_mem;
    uint32_t a_n, a_sp, a_rows;
    uint32_t b_n, b_c0, b_w, b_r, b_sp, b_csp;
    uintptr_t b_mem;
    uint32_t spread;
    uint32_t stride;          /* current sdma_stride */
    /* The previous row block's C, converted into CREG(0 .. nbt-1), still to
     * be stored (tst into cst, then to main memory at dst): done inside the
     * next row block's first chain, where the tile mover has room. */
    struct {
        uint32_t on, k, nbt, cst, rows, cols; /* k: the next part (c_part) */
        uintptr_t dst;
    } cp;
} gplan;

static void c_part(gplan *g, uint32_t k);
static void c_flush(gplan *g);

static void set_stride(gplan *g, uint32_t s)
{
    if (g->stride != s) {
        c_flush(g); /* its store was planned for the current stride */
        sdma_stride_write(s);
        g->stride = s;
    }
}

/* The A step at row m0 into buf (sdma_stride = 2K): tile k of the step's
 * row blocks in slot k (AR x 512 bytes), one command each. */
static void a_step_start(gplan *g, uintptr_t a, uint32_t m0, uint32_t buf)
{
    uint32_t rows = g->M - m0 < 16 * g->ar ? g->M - m0 : 16 * g->ar;
    g->a_mem = a + (uintptr_t)m0 * g->K * 2;
    g->a_sp = buf;
    g->a_n = g->kt;
    g->a_rows = rows;
}

/* Column tile c0 of B from row 0 into the scratchpad at sp: the next B
 * commands' state. */
static void b_col(gplan *g, uint32_t c0, uint32_t sp)
{
    g->b_c0 = c0;
    g->b_w = g->N - c0 < 16 ? g->N - c0 : 16;
    g->b_csp = g->b_sp = sp;
    g->b_mem = g->b + (uintptr_t)c0 * 2;
    g->b_r = g->K;
}

/* B panel columns n0 .. n0 + 16 nbt - 1 (clipped to N) into buf
 * (sdma_stride = 2N): per column tile, commands of 32 rows. */
static void b_panel_start(gplan *g, uint32_t n0, uint32_t buf)
{
    uint32_t cols = (g->N - n0 + 15) / 16 < g->nbt ? (g->N - n0 + 15) / 16 : g->nbt;
    g->b_n = cols * ((g->K + 31) / 32);
    b_col(g, n0, buf);
}

/* Up to n of the loads still to issue, A's first. Pointers step (no
 * multiplications): this runs inside chains, between tensor instructions. */
static void issue(gplan *g, uint32_t n)
{
    /* Locals: scpad_ld's memory clobber would reload every field of g. */
    uint32_t an = g->a_n, asp = g->a_sp, ast = 512 * g->ar;
    uintptr_t amem = g->a_mem;
    uint32_t ashape = SDMA_SHAPE(g->a_rows, 16, 1);
    for (; n && an; n--, an--, asp += ast, amem += 32) {
        if (an == 1 && g->kr) /* K's last tile: kr columns */
            ashape = SDMA_SHAPE(g->a_rows, g->kr, 1);
        scpad_ld(ashape, asp, (const void *)amem);
    }
    g->a_n = an;
    g->a_sp = asp;
    g->a_mem = amem;
    uint32_t bn = g->b_n, br = g->b_r, bsp = g->b_sp, bw = g->b_w;
    uintptr_t bmem = g->b_mem, bstep = (uintptr_t)64 * g->N;
    for (; n && bn; n--) {
        uint32_t rows = br < 32 ? br : 32;
        scpad_ld(SDMA_SHAPE(rows, bw, 1), bsp, (const void *)bmem);
        bsp += 64 * bw;
        bmem += bstep;
        br -= rows;
        if (--bn && !br) {
            b_col(g, g->b_c0 + 16, g->b_csp + g->bcol_bytes);
            br = g->b_r;
            bsp = g->b_sp;
            bw = g->b_w;
            bmem = g->b_mem;
        }
    }
    g->b_n = bn;
    g->b_r = br;
    g->b_sp = bsp;
    g->b_mem = bmem;
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

/* The common case, whole B columns (pitch 32) and no K edge in the chunk:
 * every register a constant and tile pointers stepped, about three scalar
 * instructions per tmma (the general chain costs ~20, more than the 16
 * cycles a tmma takes on 16x16). Slot t also
 *  - loads B tile t + 2 of this chain, or, in the last two slots of a
 *    16-tile chain, the next chain's first two (nsrc), so the array does
 *    not wait for them at the chain boundary (pre: this chain's first two
 *    came so);
 *  - reloads A tile t - 2 for the next row block (anext: its tile 0,
 *    astep apart) in the row block's last chain: tmma t - 2 has read it by
 *    then, and the tile mover does one B and one A tile (8 + 8 cycles) per
 *    16-cycle tmma. Tiles nk - 2 and nk - 1 follow the chain. */
#define OPAQUE(v) __asm__("" : "+r"(v)) /* keeps GCC from folding the steps
                                           back into lui/addi offsets */
#define FSLOT(D, WA, t)                                                        \
    if ((t) < nk) {                                                            \
        if ((t) + 2 < nk) {                                                    \
            tld(BREG((t) + 2), bnext, 32);                                     \
            bnext += 512u;                                                     \
            OPAQUE(bnext);                                                     \
        } else if (nsrc) { /* nk % 4 == 0: the next chain's tiles 0 and 1 */  \
            tld(BREG((t) + 2), nsrc + ((t) + 2 - nk) * 512u, 32);              \
        }                                                                      \
        if ((WA) && (t) >= 2) {                                                \
            tld(AREG(((t) + CHUNK - 2) % CHUNK), anext, 32); /* t - 2 */       \
            anext += astep;                                                    \
            OPAQUE(anext);                                                     \
        }                                                                      \
        tmma(D, AREG(t), BREG(t));                                             \
        if ((t) == (nk >= 8 ? 5 : 3) && (g->a_n | g->b_n))                     \
            issue(g, g->spread);                                               \
        if ((t) % 4 == 1 && g->cp.on) /* slots 1 5 9 13; (t) / 4 folds */     \
            c_part(g, nk == CHUNK ? (t) / 4 : g->cp.k);                        \
    }
/* D and WA (reload A) are constants: each (D, WA) is its own unrolled
 * copy; at run time a slot tests only whether the chain has it (nk, a
 * multiple of 4, up to 16), the last two nsrc. */
#define FAST_CHAIN(D, WA)                                                      \
    do {                                                                       \
        uint32_t bnext = bsrc + 1024u;                                         \
        if (!pre) {                                                            \
            tld(BREG(0), bsrc, 32);                                            \
            tld(BREG(1), bsrc + 512u, 32);                                     \
        }                                                                      \
        FSLOT(D, WA, 0) FSLOT(D, WA, 1) FSLOT(D, WA, 2) FSLOT(D, WA, 3)        \
        FSLOT(D, WA, 4) FSLOT(D, WA, 5) FSLOT(D, WA, 6) FSLOT(D, WA, 7)        \
        FSLOT(D, WA, 8) FSLOT(D, WA, 9) FSLOT(D, WA, 10) FSLOT(D, WA, 11)      \
        FSLOT(D, WA, 12) FSLOT(D, WA, 13) FSLOT(D, WA, 14) FSLOT(D, WA, 15)    \
        if (WA)                                                                \
            a_last2(nk, anext, astep);                                         \
    } while (0)

/* A chain is fast when it is a multiple of 4 whole k tiles (no K edge; the
 * next chain's first B tiles then land in BREG(0) and BREG(1)) over a whole
 * B column (pitch 32). */
static int fast(uint32_t bp, uint32_t nk, int lastk) { return bp == 32 && nk % 4 == 0 && !lastk; }

/* The next row block's A tiles nk - 2 and nk - 1, after a reloading chain. */
static inline void a_last2(uint32_t nk, uint32_t a, uint32_t astep)
{
    switch (nk) {
    case 4:
        tld(AREG(2), a, 32);
        tld(AREG(3), a + astep, 32);
        break;
    case 8:
        tld(AREG(6), a, 32);
        tld(AREG(7), a + astep, 32);
        break;
    case 12:
        tld(AREG(10), a, 32);
        tld(AREG(11), a + astep, 32);
        break;
    default:
        tld(AREG(14), a, 32);
        tld(AREG(15), a + astep, 32);
        break;
    }
}

/* The eight (D, WA) copies of a fast chain, by v = j + 4 WA. */
#define FAST_CHAINS(v)                                                         \
    switch (v) {                                                               \
    case 0: FAST_CHAIN(DREG(0), 0); break;                                     \
    case 1: FAST_CHAIN(DREG(1), 0); break;                                     \
    case 2: FAST_CHAIN(DREG(2), 0); break;                                     \
    case 3: FAST_CHAIN(DREG(3), 0); break;                                     \
    case 4: FAST_CHAIN(DREG(0), 1); break;                                     \
    case 5: FAST_CHAIN(DREG(1), 1); break;                                     \
    case 6: FAST_CHAIN(DREG(2), 1); break;                                     \
    default: FAST_CHAIN(DREG(3), 1); break;                                    \
    }

/* A fast chain of nk tiles: D(j) += A x B(column at bsrc); pre: its first
 * two B tiles are loaded; nsrc: the next chain's B to preload, or 0;
 * anext: the next row block's A tile 0 to reload, or 0. */
static void fast_chain(gplan *g, uint32_t j, uint32_t nk_, uint32_t bsrc, int pre, uint32_t nsrc,
                       uint32_t anext)
{
    uint32_t astep = 512 * g->ar;
    unsigned v = j + (anext ? 4 : 0);
    if (nk_ == CHUNK) {
        /* The common case as its own copy, nk a constant: no slot tests
         * (the scalar core would otherwise fall behind the array). */
        const uint32_t nk = CHUNK;
        FAST_CHAINS(v);
        return;
    }
    const uint32_t nk = nk_;
    FAST_CHAINS(v);
}

/* Any chain (the general one runs its loads before it). */
static void chain(gplan *g, uint32_t j, uint32_t bsrc, uint32_t bp, uint32_t nk, int lastk,
                  uint32_t kr, int pre, uint32_t nsrc, uint32_t anext)
{
    if (fast(bp, nk, lastk)) {
        fast_chain(g, j, nk, bsrc, pre, nsrc, anext);
        return;
    }
    issue(g, g->spread);
    c_flush(g);
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

/* With more than one chunk of K, each chunk's 16 A tiles are reloaded per
 * row block; without K's edge tile every pitch is 32 and the tiles are a
 * constant step apart: pointers stepped, as the fast chains do (at 512^3
 * this saves 106 k of 1.01 M scalar instructions). */
#define A_TLDF(t)                                                              \
    if ((t) < nk) {                                                            \
        tld(AREG(t), aa, 32);                                                  \
        aa += step;                                                            \
        OPAQUE(aa);                                                            \
    }

static void a_tiles(const gplan *g, uint32_t abuf, uint32_t h, uint32_t k0, uint32_t nk)
{
    if (g->kt > CHUNK && !(g->kr && k0 + nk == g->kt)) {
        uint32_t step = 512 * g->ar, aa = abuf + k0 * step + h * 512;
        A_TLDF(0) A_TLDF(1) A_TLDF(2) A_TLDF(3) A_TLDF(4) A_TLDF(5) A_TLDF(6) A_TLDF(7)
        A_TLDF(8) A_TLDF(9) A_TLDF(10) A_TLDF(11) A_TLDF(12) A_TLDF(13) A_TLDF(14) A_TLDF(15)
        return;
    }
    A_TLD(0) A_TLD(1) A_TLD(2) A_TLD(3) A_TLD(4) A_TLD(5) A_TLD(6) A_TLD(7)
    A_TLD(8) A_TLD(9) A_TLD(10) A_TLD(11) A_TLD(12) A_TLD(13) A_TLD(14) A_TLD(15)
}

/* The row block's accumulators out: all converted, then cleared (tcvt and
 * tzero run on the element-wise engine, which waits for the whole unit to
 * be idle: one wait for the eight, back to back; the tile mover cannot
 * clear them beside the next chains, which accumulate in the same bank).
 * The stores (tst of the BF16 copies, then SDMA) are left to the next row
 * block. */
#define CVT(J)                                                                 \
    if ((J) < nbt)                                                             \
        tcvt(CREG(J), DREG(J), FMT_BF16);
#define CZERO(J)                                                               \
    if ((J) < nbt)                                                             \
        tzero(DREG(J));

static void c_out(gplan *g, uint32_t nbt, uint32_t cst, uint32_t rows, uint32_t cols,
                  uintptr_t dst)
{
    c_flush(g); /* the previous one's, if no chain took it */
    CVT(0) CVT(1) CVT(2) CVT(3)
    CZERO(0) CZERO(1) CZERO(2) CZERO(3)
    g->cp.on = 1;
    g->cp.k = 0;
    g->cp.nbt = nbt;
    g->cp.cst = cst;
    g->cp.rows = rows;
    g->cp.cols = cols;
    g->cp.dst = dst;
}

/* Part k (0..3) of the pending C store: tile k's tst into the staging
 * rows (16 rows of 128 bytes: a whole C row per SDMA row), and after the
 * last the transfer to main memory (one command when the rows fit one
 * stride). Tiles packed per 512 bytes would keep the mover half as long,
 * but their 32-byte rows cost the DRAM model more than that. */
static void c_part(gplan *g, uint32_t k)
{
    uint32_t cst = g->cp.cst;
    g->cp.k = k + 1;
    if (k < g->cp.nbt) {
        switch (k) {
        case 0: tst(CREG(0), cst, 128); break;
        case 1: tst(CREG(1), cst + 32, 128); break;
        case 2: tst(CREG(2), cst + 64, 128); break;
        default: tst(CREG(3), cst + 96, 128); break;
        }
    }
    if (k < 3)
        return;
    uint32_t rows = g->cp.rows, cols = g->cp.cols;
    if (cols == 64 && g->N % 2 == 0 && g->stride == 2 * g->N) {
        scpad_st(SDMA_SHAPE(rows, 32, 2), cst, (void *)g->cp.dst);
    } else if (cols % 16 == 0 && g->N % 2 == 0) {
        /* Whole column tiles that one command cannot store (a narrower
         * panel, K > 256, or sdma_stride set for A, K != N): one word
         * command per row, without atalla_st_run's general split. */
        uintptr_t dst = g->cp.dst;
        uint32_t shape = SDMA_SHAPE(1, cols / 2, 2);
        for (uint32_t r = 0; r < rows; r++, cst += 128, dst += (uintptr_t)g->N * 2)
            scpad_st(shape, cst, (void *)dst);
    } else {
        for (uint32_t r = 0; r < rows; r++)
            atalla_st_run(cst + r * 128, g->cp.dst + (uintptr_t)r * g->N * 2, cols * 2);
    }
    g->cp.on = 0;
}

static void c_flush(gplan *g)
{
    while (g->cp.on)
        c_part(g, g->cp.k);
}

/* Row block at row m0 (block h of the step in abuf) against the panel at
 * columns n0 in bbuf; C staged in cst and stored. pre: what the previous
 * row block preloaded (PRE_A its A tiles, PRE_B its first chain's first two
 * B tiles); anext / bnext: the next row block's A tile 0 and first B tile
 * for this one to preload in its last chain (single-chunk fast blocks), 0
 * if none; last_rb: the step's last row block, whose preloads read what the
 * step's loads bring. Returns what it preloaded. */
enum { PRE_A = 1, PRE_B = 2 };
static int row_block(gplan *g, uint32_t abuf, uint32_t h, uint32_t m0, uint32_t n0,
                     uint32_t bbuf, uint32_t cst, uintptr_t out, int pre, uint32_t anext,
                     uint32_t bnext, int last_rb)
{
    int pre_a = pre & PRE_A;
    uint32_t nbt = (g->N - n0 + 15) / 16 < g->nbt ? (g->N - n0 + 15) / 16 : g->nbt;
    int single = g->kt <= CHUNK;
    int preloaded = 0;
    /* Edge tiles run under mtilem/mtilen = the rows and columns they have:
     * the same results (C's rows and columns past M and N are never stored)
     * and a useful-MAC counter that counts M x N x K. */
    uint32_t rows = g->M - m0 < 16 ? g->M - m0 : 16;
    if (rows < 16)
        (void)msettilem(rows);
    if (single && fast(32, g->kt, g->kr != 0) && n0 + 16 * nbt <= g->N) {
        /* Every chain fast: little scalar work between chains, where the
         * tensor queue holds only the chain's tail. */
        if (!pre_a)
            a_tiles(g, abuf, h, 0, g->kt);
        uint32_t bsrc = bbuf;
        int pre_b = pre & PRE_B;
        for (uint32_t j = 0; j + 1 < nbt; j++, bsrc += g->bcol_bytes) {
            fast_chain(g, j, g->kt, bsrc, pre_b, bsrc + g->bcol_bytes, 0);
            pre_b = 1;
        }
        if (last_rb) /* its preloads may read the step's loads: all issued first */
            issue(g, ~0u);
        fast_chain(g, nbt - 1, g->kt, bsrc, pre_b, bnext, anext);
        preloaded = (anext ? PRE_A : 0) | (bnext ? PRE_B : 0);
    } else {
        for (uint32_t k0 = 0; k0 < g->kt; k0 += CHUNK) {
            uint32_t nk = g->kt - k0 < CHUNK ? g->kt - k0 : CHUNK;
            int lastk = k0 + nk == g->kt && g->kr;
            if (!pre_a)
                a_tiles(g, abuf, h, k0, nk);
            pre_a = 0;
            int pre_b = k0 == 0 && (pre & PRE_B);
            for (uint32_t j = 0; j < nbt; j++) {
                uint32_t c0 = n0 + 16 * j, w = g->N - c0 < 16 ? g->N - c0 : 16;
                uint32_t bp = 2 * w, bsrc = bbuf + j * g->bcol_bytes + k0 * 16 * bp;
                /* The next chain's B, if this one and the next are fast
                 * (whole columns have pitch 32: tiles at k0 * 512). */
                uint32_t nw = j + 1 < nbt ? (g->N - c0 - 16 < 16 ? g->N - c0 - 16 : 16) : 0;
                uint32_t nsrc = 0, an = 0;
                if (fast(bp, nk, lastk) && fast(2 * nw, nk, lastk))
                    nsrc = bbuf + (j + 1) * g->bcol_bytes + k0 * 512;
                if (j + 1 == nbt && single && fast(bp, nk, lastk)) {
                    /* The last chain preloads the next row block's A and
                     * its first chain's B (bnext: 0 unless that chain is
                     * fast). */
                    if (anext) {
                        an = anext;
                        preloaded |= PRE_A;
                    }
                    if (bnext) {
                        nsrc = bnext;
                        preloaded |= PRE_B;
                    }
                }
                if (last_rb && j + 1 == nbt && k0 + nk == g->kt)
                    issue(g, ~0u); /* as above */
                if (w < 16)
                    (void)msettilen(w);
                chain(g, j, bsrc, bp, nk, lastk, g->kr, pre_b, nsrc, an);
                if (w < 16)
                    (void)msettileni(16);
                pre_b = nsrc != 0;
            }
        }
    }
    if (rows < 16)
        (void)msettilemi(16);
    uint32_t cols = g->N - n0 < 16 * g->nbt ? g->N - n0 : 16 * g->nbt;
    c_out(g, nbt, cst, rows, cols, out + ((uintptr_t)m0 * g->N + n0) * 2);
    return preloaded;
}

/* The first panel's first A step and B panel of the batch at a, issued
 * before the kernel's register setup, which they overlap (sdma_stride is
 * left at 2N until the rest of B is issued). */
static void prime(gplan *g, uintptr_t a)
{
    set_stride(g, 2 * g->K);
    a_step_start(g, a, 0, g->abuf[0]);
    issue(g, ~0u);
    set_stride(g, 2 * g->N);
    b_panel_start(g, 0, g->bbuf[0]);
    issue(g, (g->K + 31) / 32); /* column 0: the rest after the register setup,
                                   so that the SDMA queue does not stop the core */
}

/* One batch; primed: prime() has run for it. */
static void gemm2d(gplan *g, uintptr_t a, uintptr_t out, int primed)
{
    uint32_t npanel = (g->N + 16 * g->nbt - 1) / (16 * g->nbt);
    uint32_t nsteps = (g->M + 16 * g->ar - 1) / (16 * g->ar);
    uint32_t nrb = 0;  /* row blocks so far: C staging alternates */
    int b_ready = primed; /* this panel's B is loaded (or queued) already */
    int a_ready = primed; /* this panel's first A step is loaded already */
    uint32_t ab0 = 0;  /* the A buffer of this panel's step 0 */
    int pre = 0;       /* what the previous row block preloaded */
    for (uint32_t p = 0; p < npanel; p++) {
        uint32_t n0 = 16 * g->nbt * p, bbuf = g->bbuf[p % g->nb];
        /* Whether the next panel's B can be loaded during this panel's last
         * step: a second buffer and the same stride as A. */
        int b_pre = p + 1 < npanel && g->nb == 2 && g->K == g->N;
        /* A first: a row block's first tmma waits for all its A tiles,
         * only for B's first column. */
        if (!a_ready) {
            set_stride(g, 2 * g->K);
            a_step_start(g, a, 0, g->abuf[ab0]);
            issue(g, ~0u);
        }
        if (!b_ready) {
            set_stride(g, 2 * g->N);
            b_panel_start(g, n0, bbuf);
            issue(g, ~0u);
            pre &= ~PRE_B;
        }
        set_stride(g, 2 * g->K);
        b_ready = a_ready = 0;
        uint32_t nbt_p = (g->N - n0 + 15) / 16 < g->nbt ? (g->N - n0 + 15) / 16 : g->nbt;
        for (uint32_t s = 0; s < nsteps; s++) {
            uint32_t m0 = 16 * g->ar * s, cur = g->abuf[(ab0 + s) % 2];
            uint32_t oth = g->abuf[(ab0 + s + 1) % 2];
            uint32_t nrbs = (g->M - m0 + 15) / 16 < g->ar ? (g->M - m0 + 15) / 16 : g->ar;
            /* The next step's A (or in the last step the next panel's first
             * A step, then its B): queued by the step's first chain, issued
             * a few before or inside each chain, all before the last one
             * (which may preload the next row block's A tiles). */
            if (s + 1 < nsteps) {
                a_step_start(g, a, m0 + 16 * g->ar, oth);
            } else if (p + 1 < npanel) {
                a_step_start(g, a, 0, oth);
                a_ready = 1;
                if (b_pre) {
                    b_panel_start(g, n0 + 16 * g->nbt, g->bbuf[(p + 1) % 2]);
                    b_ready = 1;
                }
            }
            uint32_t chains = nrbs * nbt_p * ((g->kt + CHUNK - 1) / CHUNK);
            chains = chains > 1 ? chains - 1 : 1;
            g->spread = (g->a_n + g->b_n + chains - 1) / chains;
            for (uint32_t h = 0; h < nrbs; h++, nrb++) {
                /* The next row block: block h + 1 of this step, or block 0
                 * of the next step or panel (its loads were issued above);
                 * its A tile 0 and, in this panel or a next one whose B is
                 * on its way, its first B tile, which this block may
                 * preload. */
                uint32_t anext = 0, bnext = 0, nb0 = bbuf;
                if (h + 1 < nrbs)
                    anext = cur + (h + 1) * 512;
                else if (s + 1 < nsteps || p + 1 < npanel)
                    anext = oth;
                if (anext && s + 1 == nsteps && h + 1 == nrbs) /* next panel */
                    nb0 = b_ready ? g->bbuf[(p + 1) % 2] : 0;
                uint32_t n1 = anext && nb0 != bbuf ? n0 + 16 * g->nbt : n0;
                if (anext && nb0 && g->N - n1 >= 16)
                    bnext = nb0;
                pre = row_block(g, cur, h, m0 + 16 * h, n0, bbuf, g->cbuf[nrb % 2], out, pre,
                                anext, bnext, h + 1 == nrbs);
            }
            issue(g, ~0u); /* anything left goes now */
        }
        ab0 = (ab0 + nsteps) % 2; /* where the next panel's step 0 went */
    }
    c_flush(g);
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

    gplan g;
    g.M = M;
    g.K = K;
    g.N = N;
    g.kt = (K + 15) / 16;
    g.kr = K % 16;
    g.a_n = g.b_n = g.spread = g.cp.on = 0;
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
    g.b = (uintptr_t)b->data;
    /* The first loads, then the tags under them. */
    msettile_full();
    prime(&g, (uintptr_t)a->data);
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
    issue(&g, ~0u); /* the rest of prime's B */
    for (uint32_t i = 0; i < batch; i++) {
        g.b = (uintptr_t)b->data + (uintptr_t)i * K * N * 2;
        gemm2d(&g, (uintptr_t)a->data + (uintptr_t)i * M * K * 2,
               (uintptr_t)out->data + (uintptr_t)i * M * N * 2, i == 0);
    }
    atalla_end(&ctx);
    atalla_bufs_free(&bufs);
    return 0;
}
