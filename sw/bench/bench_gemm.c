/* GEMM benchmark: C = A x B, BF16 inputs -> FP32, M = N = K = 256 by
 * default, all three matrices row-major in main memory, tiles moved by SDMA
 * into the scratchpad and from there into the TRF by tld. Prints one BENCH
 * line (n = 16x16x16 tile products) for tools/perf.py, which turns it into
 * MAC utilization and the roofline bound.
 *
 * Blocking (GEMM_M/N/K may be overridden at build time for a quick run:
 * N == K, 128 or 256; M a multiple of 32):
 *
 *  - Panel q of C is 8 column tiles, {4q..4q+3} and the same N/2 columns
 *    on (NT = N/16 tiles), not 8 adjacent ones: every transfer uses one
 *    sdma_stride (writing that CSR waits until the tensor unit is idle),
 *    S = 2K bytes, the row pitch of A and of B and half that of C, so one
 *    32-row store of C writes 16 C rows at two places N/2 columns apart.
 *  - B's panel (K x 128 BF16 = 64 KiB, half of the scratchpad) stays there
 *    while all M rows of A stream through it; panel 1 runs them in reverse,
 *    so A is read N/128 times but for one step. There is no room for a
 *    second panel: the next panel's first NPRE columns go to buffers idle
 *    during the last step, the others to the columns the last row block
 *    has finished (gemm()).
 *  - A moves a step of two 16-row blocks at a time (32 x K BF16 = 16 KiB),
 *    double-buffered, the next step's 16 commands spread over the current
 *    step's two row blocks.
 *  - In the TRF a row block's 16 A tiles stay resident while its 8 C tiles
 *    are computed one after another as chains of NK tmma into one FP32
 *    accumulator (two of them alternating); B tiles stream through 4
 *    registers, loaded two tmma ahead (banks: see AREG below).
 *    Per tmma: one B tld (8 TRF rows), 1/8 of an A tld, 1/NK of a D clear
 *    (tld of a zero tile) and of a D store (tst).
 *
 * Ordering: no scpad.wait until the end. The tensor unit orders SDMA with
 * tld/tst in program order (docs/isa.md R21): a tld waits for a transfer
 * still writing its bytes, a transfer waits for the tld/tst before it, so
 * a buffer is refilled as soon as the program has issued its last tld, and
 * read as soon as its transfer lands. The SDMA queue and the in-order tensor
 * queue make the program wait when it runs ahead of the transfers.
 *
 * Scratchpad layout: A and B sit there as packed 16x16 BF16 tiles (512
 * contiguous bytes, 64-byte aligned), so every A and B tld has stride 32
 * and takes the tile mover's packed path (rtl/tu/mosaic_tu_scpad_xfer.sv): one
 * 64-byte scratchpad word per TRF row, 8 cycles per BF16 tile; any other
 * stride costs one step per tile row, 16 cycles, and the tld stream (1.125
 * BF16 tiles per 16-cycle tmma) would then bound the kernel. SDMA packs
 * only whole rows on the scratchpad side, so a packed tile needs 32-byte
 * main-memory rows: each A and B command is SDMA_SHAPE(32, 8, 2), 32 rows
 * of 16 BF16 = two vertically adjacent tiles, landing as two consecutive
 * packed tiles (1 KiB). A step of A is K/16 of them (tile column k: the
 * upper row block's tile k, then the lower one's), a B column K/32 (its
 * K/16 tiles consecutive). The zero tile (FP32, stride 64) is packed too;
 * the C tst (stride 256, 1/NK per tmma) is not; a row block's C leaves in
 * two 4 KiB stores (32 rows of 128 bytes). SDMA commands per 256^3 run:
 * 496 A + 128 B + 64 C.
 *
 * Main-memory traffic (the sdma_bytes counter, checked below):
 *   A, N/128 times less one step per panel change:
 *                       N/128 * M*K*2 - (N/128 - 1) * 32*K*2  (256^3: 240 KiB)
 *   B read once:        K*N*2          (128 KiB)
 *   C written once:     M*N*4          (256 KiB)
 *   total 638,976 bytes = 39,936 cycles at 16 B/cycle, below the 65,536
 *   cycles of 4096 tiles at 16 cycles each on a 16x16 array.
 *
 * Check (gemm_check.h): useful MACs = M*N*K and SDMA bytes = the traffic
 * above (both architectural counters); 16 elements of C (all in a
 * -DGEMM_CHECK_ALL build) bit-exact against an independent soft float
 * reference of the documented tmma order; every element of rows 0 and 15
 * of each row block written. Any failure exits 1. */
#include <stdio.h>

#include "bench.h"
#include "gemm_check.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#ifndef GEMM_M
#define GEMM_M 256
#endif
#ifndef GEMM_N
#define GEMM_N 256
#endif
#ifndef GEMM_K
#define GEMM_K 256
#endif
#define M GEMM_M
#define N GEMM_N
#define K GEMM_K

#if N != K || (K != 128 && K != 256) || M % 32 != 0 || M < 32
#error "bench_gemm: needs N == K, 128 or 256, and M a multiple of 32"
#endif

#define NCH 8                /* C tiles per row block: chains of a panel */
#define NK (K / 16)          /* K tiles: chain length, A tiles resident */
#define NSLOT (NCH * NK)     /* tmma per row block */
#define HALF (NK / 2)        /* A tiles reloaded at each end of a row block */
#define NPTS (NSLOT / HALF)  /* SDMA issue points per row block */
#define NP (N / 128)         /* panels */
#define NS (M / 32)          /* steps (two row blocks) per panel */
#define NRB (M / 16)         /* row blocks per panel */
#define S_BYTES (2 * K)      /* sdma_stride */
#define NBC (K / 32)         /* SDMA commands per B column tile */
#define NB_CMDS (NCH * NBC)  /* ... per B panel */
#define NA_CMDS (K / 16)     /* ... per A step (one per tile column) */
#define TILE_B 512u          /* a packed 16x16 BF16 tile */
#define PAIR_B 1024u         /* two vertically adjacent packed tiles: one SDMA */
#define TILES ((M / 16) * (N / 16) * (K / 16))
#define CB (K * 32u)          /* a B column tile's packed tiles */
#define AB (32u * K * 2u)      /* an A step */
#define NPRE 3               /* next panel's columns loaded before its last row block */
#define TRAFFIC                                                                \
    ((uint32_t)NP * M * K * 2u - (NP - 1u) * AB + (uint32_t)K * N * 2u + (uint32_t)M * N * 4u)

/* Slot positions inside a chain: the previous chain's D is stored after
 * TST_P tmma of the new chain (so the tst finds the array drained), and the
 * next chain's D cleared after that (it is the register just stored). */
#define TST_P 3
#define ZERO_P (NK / 2)
/* In a row block's first chain the mover is busy with the A reloads for
 * its first HALF slots; the previous row block's last D is stored and the
 * register cleared after them. */
#define TSTP(c) ((c) == 0 ? HALF + 1 : TST_P)
#define ZEROP(c) ((c) == 0 ? HALF + 3 : ZERO_P)

/* TRF banks (bank = index mod 4; one write port each): the mma engine's
 * drain writes the chain's D in every cycle of the chain, and a tld into
 * the same bank waits until the engine has drained (the queue behind it
 * with it). So nothing the mover writes during chain c is in D(c)'s bank:
 * D alternates between banks 3 (even chains) and 2 (odd), B streams through
 * banks 0/1, A_k is in bank k & 1 except the last two tiles of each half
 * (reloaded while chain 0 resp. 7 runs), which sit in bank 2 (second half,
 * chain 0's D is in bank 3) resp. 3 (first half, chain 7's in bank 2). A
 * and B of one tmma are always in different banks (both read every row).
 * The modulo keeps the numbers in range in slots that compile away. */
#define AK(k) ((((k) % NK) + NK) % NK)
#define AJ(k) (AK(k) % HALF)                        /* position in its half */
#define AS(k) ((AK(k) / HALF) * (HALF - 2) + AJ(k)) /* index among banks 0/1 */
#define AREG(k)                                                                \
    (AJ(k) < HALF - 2 ? (AS(k) & 1) + 4 * (2 + AS(k) / 2)                      \
                      : (AK(k) < HALF ? 3 : 2) + 4 * ((AK(k) < HALF ? 2 : 4) + AJ(k) - (HALF - 2)))
#define BREG(t) (((t) % 2 ? 0 : 1) + 4 * (((t) % 4) / 2))
#define DREG(c) (3 - (c) % 2)

#define CHECK_WHICH GEMM_CHECK_BUILD(GEMM_CHECK_EVERY)

static uint32_t A[M * K / 2] MOSAIC_TENSOR_NOINIT; /* BF16 pairs */
static uint32_t B[K * N / 2] MOSAIC_TENSOR_NOINIT;
static uint32_t C[M * N] MOSAIC_TENSOR_NOINIT;     /* FP32 */

static uint8_t sp_b0[4 * K * 32] MOSAIC_SCPAD_BANK0;
static uint8_t sp_a[2][32 * K * 2] MOSAIC_SCPAD_BANK0;
static uint8_t sp_b1[4 * K * 32] MOSAIC_SCPAD_BANK1;
static uint8_t sp_c[2][8192] MOSAIC_SCPAD_BANK1;
static uint8_t sp_zero[1024] MOSAIC_SCPAD_BANK1;
static uint8_t sp_s[CB] MOSAIC_SCPAD_BANK1; /* a spare B column (panel change) */
/* Bank 0: 32 + 2 x 16 KiB, bank 1: 32 + 16 + 1 + 8 KiB (of 64 each). Every
 * SDMA command stays inside one of these buffers, so inside one bank. */
_Static_assert(sizeof sp_b0 == (NB_CMDS / 2) * PAIR_B && sizeof sp_a[0] == NA_CMDS * PAIR_B &&
                   sizeof sp_a[0] == AB && AB == 2 * CB,
               "half a B panel / an A step is its SDMA commands' packed tile pairs");

/* Where a panel's B columns and A step buffers are (run time: the second
 * panel takes over buffers the first leaves idle, see gemm()). */
typedef struct {
    uint32_t bcol[NCH]; /* column tile jj (panel-local): K/16 packed tiles */
    uint32_t abuf[2];   /* A step buffers, used alternately */
} layout;

#define SP(x) ((uint32_t)(uintptr_t)(x))
#define MEM(x) ((uintptr_t)(x))

/* Byte offsets and addresses inside the scratchpad buffers (compile-time
 * per slot): A step buffer: K/16 pairs of packed tiles, pair k = tile k of
 * the upper row block, then of the lower one (a row block's tile k is at
 * h * 512 + AOFF(k)); B panel: column tile jj (panel-local, 0..7) is K/16
 * packed tiles in k order, K * 32 bytes, columns 0..3 in bank 0, 4..7 in
 * bank 1; C row block: two 4 KiB halves (one store each) of 32 SDMA rows of
 * 128 B, row 2r+h of half i = C row r, column tiles 2i, 2i+1 of group h
 * (group h = panel tiles 4h..4h+3, N/2 columns apart). */
#define AOFF(k) ((k) * PAIR_B)
#define COFF(jj) ((((jj) % 4) / 2) * 4096 + ((jj) / 4) * 128 + ((jj) % 2) * 64)
#define TP 32 /* tld stride of a packed BF16 tile: its row bytes */

typedef struct {
    uint32_t shape, sp;
    uintptr_t mem;
    uint32_t store;
} xfer;

static void issue(const xfer *x)
{
    if (x->store)
        scpad_st(x->shape, x->sp, (void *)x->mem);
    else
        scpad_ld(x->shape, x->sp, (const void *)x->mem);
}

/* One SDMA command = 32 main-memory rows of 32 bytes (16 BF16) = two
 * vertically adjacent 16x16 tiles, landing as two packed tiles. */
#define PAIR_SHAPE SDMA_SHAPE(32, 8, 2)


/* Commands are computed where they are issued, not gathered in tables
 * first: a burst of scalar work between row blocks would leave the tensor
 * queue empty (a step's table took 262 cycles to fill). */

/* Load k of A step s (rows 32s..32s+31) into step buffer buf: tile column
 * k of both row blocks. */
static void a_issue(unsigned s, uint32_t buf, unsigned k)
{
    scpad_ld(PAIR_SHAPE, buf + k * PAIR_B,
             (const void *)(MEM(A) + (uintptr_t)s * 32u * S_BYTES + k * 32u));
}

/* Load r of panel q's B column tile jj (panel-local) into column buffer
 * col: rows 32r .. 32r + 31 of global column tile 4q + jj % 4 (+ NT/2 for
 * jj >= 4), a 32-byte column of B. */
static void b_issue(unsigned q, unsigned jj, unsigned r, uint32_t col)
{
    scpad_ld(PAIR_SHAPE, col + r * PAIR_B,
             (const void *)(MEM(B) + (uintptr_t)r * 32u * S_BYTES + q * 128u + (jj % 4) * 32u +
                            (jj / 4) * (uint32_t)N));
}

/* SDMA issue points: slots p * HALF, p = 0..NPTS-1. Point p issues
 * commands ceil(p nxf / NPTS) .. ceil((p + 1) nxf / NPTS) - 1 of the row
 * block's share of the next A step (NPTS is a power of two: no division
 * at run time). */
#define XLO(p) (((p) * nxf + NPTS - 1) / NPTS)

/* One SLOT per tmma of a row block; t is a literal, so every register
 * number is a constant. Order inside a slot: A-step commands (issue
 * points), the previous row block's C stores (at the second chain's start,
 * after its last tst), the next panel's B commands (BM_*, SPREAD), A
 * reloads, B two slots ahead, the previous chain's D
 * store, the next chain's D clear, then the tmma. The D store keeps the
 * tile mover busy for ~32 cycles (it reads the TRF in the cycles the mma
 * engine leaves free), so the slot after it loads no B: that tld would wait
 * for the mover and hold the tmma behind it in the in-order queue. The slot
 * after that loads both. */
#define CH(t) ((t) / NK)
#define PK(t) ((t) % NK)
#define SLOT(t)                                                                \
    if ((t) < NSLOT) {                                                         \
        if ((t) % HALF == 0)                                                   \
            for (unsigned i_ = XLO((t) / HALF); i_ < XLO((t) / HALF + 1); i_++) \
                a_issue(xs, xbuf, xk + i_);                                    \
        if ((t) == NK && cstore) {                                             \
            issue(&cstore[0]);                                                 \
            issue(&cstore[1]);                                                 \
        }                                                                      \
        if (bmode & BM_PRE)                                                    \
            for (int j_ = SPREAD(t, 0, NPRE * NBC);                            \
                 j_ < SPREAD((t) + 1, 0, NPRE * NBC); j_++)                    \
                b_issue(bq, j_ / NBC, j_ % NBC, bdst[j_ / NBC]);               \
        if (bmode & BM_REST)                                                   \
            for (int j_ = SPREAD(t, NK - 2, NREST);                            \
                 j_ < SPREAD((t) + 1, NK - 2, NREST); j_++)                    \
                b_issue(bq, NPRE + j_ / NBC, j_ % NBC, bdst[NPRE + j_ / NBC]); \
        if ((t) < HALF)                                                        \
            tld(AREG((t) + HALF), a_cur + AOFF((t) + HALF), TP);               \
        if ((t) >= NSLOT - HALF && a_next)                                     \
            tld(AREG((t) - (NSLOT - HALF)), a_next + AOFF((t) - (NSLOT - HALF)), TP); \
        if (PK(t) == TSTP(CH(t)) + 2 && (t) + 1 < NSLOT)                       \
            tld(BREG((t) + 1), bc[CH((t) + 1)] + PK((t) + 1) * TILE_B, TP);    \
        if ((t) + 2 < NSLOT && PK(t) != TSTP(CH(t)) + 1)                       \
            tld(BREG((t) + 2), bc[CH((t) + 2)] + PK((t) + 2) * TILE_B, TP);    \
        if (PK(t) == TSTP(CH(t))) {                                            \
            if (CH(t) > 0)                                                     \
                tst(DREG(CH(t) + 1), cbuf + COFF(CH(t) - 1), 256);             \
            else if (cprev)                                                    \
                tst(DREG(NCH - 1), cprev + COFF(NCH - 1), 256);                \
        }                                                                      \
        if (PK(t) == ZEROP(CH(t)))                                             \
            tld(DREG(CH(t) + 1), SP(sp_zero), 64);                             \
        tmma(DREG(CH(t)), AREG(PK(t)), BREG(t));                               \
    }
/* (DREG(c + 1) is DREG(c - 1), kept non-negative for the range check.) */
#define SLOT8(b)                                                               \
    SLOT(b) SLOT(b + 1) SLOT(b + 2) SLOT(b + 3) SLOT(b + 4) SLOT(b + 5) SLOT(b + 6) SLOT(b + 7)
#define SLOT64(b)                                                              \
    SLOT8(b) SLOT8(b + 8) SLOT8(b + 16) SLOT8(b + 24) SLOT8(b + 32) SLOT8(b + 40) \
    SLOT8(b + 48) SLOT8(b + 56)

/* One row block against the current B panel: NCH chains of NK tmma. */
typedef struct {
    const uint32_t *bc; /* the panel's B column buffers */
    uint32_t a_cur;     /* this row block's A in its step buffer (tiles HALF..
                           are loaded here; 0..HALF-1 came with the previous
                           row block) */
    uint32_t a_next;    /* the next row block's A (0: none) */
    uint32_t cbuf;      /* C staging of this row block */
    uint32_t cprev;     /* ... of the previous one (0: none) */
    const xfer *cstore; /* the previous row block's two C stores, issued at
                           the second chain, after its last tst (NULL: none) */
    unsigned xs, xk, nxf; /* loads xk .. xk + nxf - 1 of A step xs, */
    uint32_t xbuf;        /* into this step buffer, spread over the issue points */
    unsigned bmode;       /* B loads here: BM_* */
    unsigned bq;          /* the next panel (BM_PRE, BM_REST) */
    const uint32_t *bdst; /* ... its column buffers */
} rb_args;
/* The next panel's first NPRE columns (into buffers idle during the last
 * step, see gemm()), its other columns (into the columns this row block
 * has finished). */
enum { BM_PRE = 1, BM_REST = 2 };
/* The next panel's B commands are spread evenly over the row block, about
 * as fast as the SDMA engine completes them (one 1 KiB command per 64
 * cycles at 16 B/cycle; a row block is 128 tmma of 16), so none waits for
 * room in the list of transfers in flight (issued all at once per column,
 * the last row block's commands filled it and the queue stopped for ~1 000
 * cycles): commands SPREAD(t, s0, n) .. SPREAD(t + 1, s0, n) - 1 of n go
 * in slot t, from slot s0 on. The rest (column NPRE + c) starts at the end
 * of chain 0, when column c's last tld is issued, and stays behind that
 * (2.8 slots per command against 16 per column). */
#define NREST ((NCH - NPRE) * NBC)
#define SPREAD(t, s0, n)                                                       \
    ((t) <= (s0) ? 0 : (((t) - (s0)) * (n) + (NSLOT - (s0)) - 1) / (NSLOT - (s0)))

static void row_block(const rb_args *ra)
{
    const uint32_t *bc = ra->bc, *bdst = ra->bdst;
    uint32_t a_cur = ra->a_cur, a_next = ra->a_next, cbuf = ra->cbuf, cprev = ra->cprev;
    const xfer *cstore = ra->cstore;
    unsigned xs = ra->xs, xk = ra->xk, nxf = ra->nxf, bmode = ra->bmode;
    unsigned bq = ra->bq;
    uint32_t xbuf = ra->xbuf;
    tld(BREG(0), bc[0], TP);
    tld(BREG(1), bc[0] + TILE_B, TP);
    SLOT64(0) SLOT64(64)
}

/* The two stores of row block rb of panel q from staging buffer sbuf: half
 * i is column tiles 4q+2i, 4q+2i+1 and N/2 columns on. */
static void c_stores(xfer *x, unsigned q, unsigned rb, uint32_t sbuf)
{
    for (unsigned i = 0; i < 2; i++) {
        xfer v = {SDMA_SHAPE(32, 32, 2), sbuf + i * 4096u,
                  MEM(C) + (uintptr_t)rb * 16u * N * 4u + q * 256u + i * 128u, 1};
        x[i] = v;
    }
}

/* Not inlined into main: the measured code then does not change with the
 * set-up and checking code around it (inlined, its code followed main's). */
static __attribute__((noinline)) void gemm(void)
{
    /* Panel 1 (N = 256) runs A's steps in reverse (snake): its first step
     * is panel 0's last, so that step's A loads once, and during it the
     * other A step buffer is idle. Panel 1's first NPRE B columns go there
     * (columns 0 and 1) and to sp_s during that step's first row block;
     * column NPRE + c goes where panel 0's column c was, as soon as the
     * last row block's last tld of it is issued; panel 0's columns 5 and 6
     * (contiguous in bank 1) become panel 1's second A step buffer. So the
     * 64 KiB of the next panel's B no longer all wait for the last row
     * block's chains. */
    layout lay[2];
    const unsigned x = (NS - 1) % 2; /* buffer of panel 0's last step */
    for (unsigned jj = 0; jj < NCH; jj++)
        lay[0].bcol[jj] = (jj < 4 ? SP(sp_b0) : SP(sp_b1)) + (jj % 4) * CB;
    lay[0].abuf[0] = SP(sp_a[0]);
    lay[0].abuf[1] = SP(sp_a[1]);
    lay[1].bcol[0] = SP(sp_a[1 - x]);
    lay[1].bcol[1] = SP(sp_a[1 - x]) + CB;
    lay[1].bcol[2] = SP(sp_s);
    for (unsigned jj = NPRE; jj < NCH; jj++)
        lay[1].bcol[jj] = lay[0].bcol[jj - NPRE];
    lay[1].abuf[0] = SP(sp_a[x]);
    lay[1].abuf[1] = lay[0].bcol[NCH - NPRE];

    xfer cs[2];
    sdma_stride_write(S_BYTES);
    /* Prologue: step 0 of A, then panel 0 of B column by column, in the
     * order the first row block reads them; then the first A tiles and D. */
    for (unsigned k = 0; k < NA_CMDS; k++)
        a_issue(0, lay[0].abuf[0], k);
    for (unsigned jj = 0; jj < NCH; jj++)
        for (unsigned r = 0; r < NBC; r++)
            b_issue(0, jj, r, lay[0].bcol[jj]);
#define LOAD_A0(k)                                                             \
    if ((k) < HALF)                                                            \
        tld(AREG(k), lay[0].abuf[0] + AOFF(k), TP);
    LOAD_A0(0) LOAD_A0(1) LOAD_A0(2) LOAD_A0(3) LOAD_A0(4) LOAD_A0(5) LOAD_A0(6) LOAD_A0(7)
    tld(DREG(0), SP(sp_zero), 64);

    uint32_t cur = lay[0].abuf[0], oth = lay[0].abuf[1]; /* this / the next step's A */
    unsigned pq = 0, prb = 0;                           /* the previous row block */
    for (unsigned q = 0; q < NP; q++) {
        for (unsigned i = 0; i < NS; i++) {
            unsigned s = q % 2 ? NS - 1 - i : i;
            int last = q + 1 == NP && i + 1 == NS;
            int pchange = q + 1 < NP && i + 1 == NS;
            int load = !last && !pchange;
            for (unsigned h = 0; h < 2; h++) {
                unsigned xi = q * NRB + 2 * i + h; /* execution order */
                rb_args a;
                a.bc = lay[q % 2].bcol;
                a.a_cur = cur + h * TILE_B;
                a.a_next = h == 0 ? cur + TILE_B : last ? 0 : load ? oth : cur;
                a.cbuf = SP(sp_c[xi % 2]);
                a.cprev = xi ? SP(sp_c[(xi - 1) % 2]) : 0;
                if (xi)
                    c_stores(cs, pq, prb, a.cprev);
                a.cstore = xi ? cs : NULL;
                a.xs = q % 2 ? s - 1 : s + 1;
                a.xk = h * (NA_CMDS / 2);
                a.nxf = load ? NA_CMDS / 2 : 0;
                a.xbuf = oth;
                a.bmode = pchange ? (h ? BM_REST : BM_PRE) : 0;
                a.bq = q + 1;
                a.bdst = lay[(q + 1) % 2].bcol;
                row_block(&a);
                pq = q;
                prb = 2 * s + h;
            }
            if (load) {
                uint32_t t = cur;
                cur = oth;
                oth = t;
            }
        }
        if (q + 1 < NP) {
            cur = lay[(q + 1) % 2].abuf[0];
            oth = lay[(q + 1) % 2].abuf[1];
        }
    }
    /* The last chain's D and the last row block's stores; the wait reports
     * any SDMA error (there is none: the check below would see it anyway). */
    uint32_t lastc = SP(sp_c[(NP * NRB - 1) % 2]);
    tst(DREG(NCH - 1), lastc + COFF(NCH - 1), 256);
    c_stores(cs, pq, prb, lastc);
    issue(&cs[0]);
    issue(&cs[1]);
    scpad_wait();
}

int main(void)
{
    gemm_inputs(A, B, C, M, N, K);

    GEMM_TINIT_AB();
    tinit(DREG(1), FMT_FP32);
    tinit(DREG(0), FMT_FP32);
    tst(DREG(0), SP(sp_zero), 64); /* the zero tile that clears each D */

    bench_counters d = gemm_run("gemm_bf16", gemm, TILES);
    return gemm_check("gemm_bf16", A, B, C, M, N, K, &d, TRAFFIC, CHECK_WHICH);
}
