/* GEMM benchmark at 512x512x512: C = A x B, BF16 inputs -> FP32, all three
 * matrices row-major in main memory, tiles moved by SDMA into the
 * scratchpad and from there into the TRF by tld; chained tmma on the
 * array. Prints one BENCH line (n = 16x16x16 tile products) for
 * tools/perf.py. bench_gemm.c is the 256^3 kernel; this one differs where
 * K = 512 does not fit that blocking: a K x 128 panel of B would be the
 * whole scratchpad, and a row block's 32 A tiles with 4 B and 2 D tiles
 * more than the TRF's 32 registers. (GEMM_M may be overridden at build
 * time for a checking build: a multiple of 16, at least 32.)
 *
 * Blocking:
 *  - Panel p of C is 4 column tiles, {2p, 2p+1} and the same two N/2
 *    columns on: every transfer uses one sdma_stride, S = 2K = 1024 bytes,
 *    the row pitch of A and of B and half that of C, so one 32-row store
 *    writes a row block's 16 C rows at two places N/2 columns apart (as in
 *    bench_gemm.c). B's panel (K x 64 BF16 = 64 KiB) stays in the
 *    scratchpad while all row blocks of A stream through it; odd panels
 *    run the row blocks in reverse (snake), so the row block at a panel
 *    change keeps its A: A is read N/64 times less one row block per
 *    panel change.
 *  - A row block against a panel (an "execution") is 8 chains of 16 tmma:
 *    K-half 0 for C tiles 0..3, then K-half 1 for the same tiles, each C
 *    tile's D staying in the TRF between its two chains (4 D registers).
 *    16 A tiles are resident, the K-half's; the next half's replace them
 *    around the half's last chain (RS below). So a chain is as long as in
 *    bench_gemm.c (16 tmma), and per tmma the mover does a B tld, 1/4 of an
 *    A tld and 1/32 of a D store and of a D clear.
 *  - B's panel is 8 units (column tile c, K-half h: 16 packed tiles,
 *    8 KiB) in two of three groups of 4 units; the third group receives
 *    the next panel's K-half 0 during the panel, a command per row block,
 *    and the next panel's K-half 1 goes into the units of K-half 0 as the
 *    last row block finishes each of them.
 *  - A moves a tile at a time (16 rows of 32 bytes, 512 bytes, landing as
 *    a packed tile) into two 8 KiB buffers (K-half 0 and 1); after the
 *    tlds of a half's tiles, the next row block's are loaded in their
 *    place, 8 commands at a time. The tensor unit orders SDMA after the
 *    tld/tst before it (docs/isa.md R21), so a refill cannot overwrite a
 *    tile still to be read, and a tld waits for the transfer still
 *    writing its tile.
 *
 * TRF banks (bank = index mod 4; a tld into the bank the mma engine's
 * drain writes waits for it): D of C tiles 0..3 is in registers 3, 2, 7, 6
 * (banks 3, 2, 3, 2, alternating from chain to chain); B streams through
 * four registers in banks 0/1; A tiles as bench_gemm.c's AREG with 16
 * tiles, so the tiles reloaded during chains 3 and 7 (D in bank 2) are
 * outside bank 2 and those reloaded during chains 4 and 0 (D in bank 3)
 * outside bank 3. A D is stored (tst) in the chain after its last one and
 * cleared (tld of a zero tile) in the same chain, whose D is in the other
 * bank.
 *
 * Main-memory traffic (the sdma_bytes counter, checked below):
 *   A, 8 times less the 7 panel changes' row blocks: 249 x 16 KiB
 *   B read once:        512 KiB
 *   C written once:     1 MiB
 *   total 5,652,480 bytes = 353,280 cycles at 16 B/cycle, below the
 *   524,288 cycles of 32,768 tiles at 16 cycles each on a 16x16 array.
 *
 * Check (gemm_check.h): useful MACs and SDMA bytes from the counters, 16
 * elements of C (in a -DGEMM_CHECK_ALL build every element of rows 0, 5,
 * 10 and 15 of each row block) bit-exact against an
 * independent soft float reference of the documented tmma order, rows 0
 * and 15 of every row block written. Any failure exits 1. */
#include <stdio.h>

#include "bench.h"
#include "gemm_check.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#ifndef GEMM_M
#define GEMM_M 512
#endif
#define M GEMM_M
#define N 512
#define K 512

#if M % 16 != 0 || M < 32
#error "bench_gemm512: needs M a multiple of 16, at least 32"
#endif

#define NRB (M / 16)        /* row blocks */
#define NP (N / 64)         /* panels of 4 column tiles */
#define NX (NP * NRB)       /* executions (row block x panel) */
#define KH 16               /* K tiles per K-half: chain length */
#define NSLOT 128           /* tmma per execution: 2 halves x 4 chains x KH */
#define S_BYTES (2 * K)     /* sdma_stride */
#define TILE_B 512u         /* a packed 16x16 BF16 tile */
#define PAIR_B 1024u        /* two vertically adjacent packed tiles: one SDMA */
#define UNIT_B (KH * TILE_B) /* a B unit: one column tile, one K-half */
#define NBU 32              /* SDMA commands per B K-half of a panel (4 x 8) */
#define ROWB (16u * K * 2u) /* main-memory bytes of A per row block */
#define TILES ((M / 16) * (N / 16) * (K / 16))
#define TRAFFIC                                                                \
    ((uint32_t)(NX - (NP - 1)) * ROWB + (uint32_t)K * N * 2u + (uint32_t)M * N * 4u)

#define TILE_SHAPE SDMA_SHAPE(16, 8, 2) /* 16 rows of 32 bytes */
#define PAIR_SHAPE SDMA_SHAPE(32, 8, 2) /* 32 rows of 32 bytes */
#define CST_SHAPE SDMA_SHAPE(32, 32, 2) /* 32 rows of 128 bytes */

/* Registers (see the header). */
#define HALF 8
#define AJ(k) ((k) % HALF)
#define AS(k) (((k) / HALF) * (HALF - 2) + AJ(k))
#define AREG(k)                                                                \
    (AJ(k) < HALF - 2 ? (AS(k) & 1) + 4 * (2 + AS(k) / 2)                      \
                      : ((k) < HALF ? 3 : 2) + 4 * (((k) < HALF ? 2 : 4) + AJ(k) - (HALF - 2)))
#define BREG(t) (((t) % 2 ? 0 : 1) + 4 * (((t) % 4) / 2))
#define DREG(c) (((c) % 2 ? 2 : 3) + 4 * ((c) / 2))

#define CHECK_WHICH GEMM_CHECK_BUILD(GEMM_CHECK_ROWS)

static uint32_t A[M * K / 2] MOSAIC_TENSOR_NOINIT; /* BF16 pairs */
static uint32_t B[K * N / 2] MOSAIC_TENSOR_NOINIT;
static uint32_t C[M * N] MOSAIC_TENSOR_NOINIT;     /* FP32 */

static uint8_t sp_g01[2][4][UNIT_B] MOSAIC_SCPAD_BANK0; /* B groups 0, 1 */
static uint8_t sp_g2[4][UNIT_B] MOSAIC_SCPAD_BANK1;     /* B group 2 */
static uint8_t sp_a[2][UNIT_B] MOSAIC_SCPAD_BANK1;      /* A, K-half 0 / 1 */
static uint8_t sp_c[2][4096] MOSAIC_SCPAD_BANK1;        /* C staging */
static uint8_t sp_zero[1024] MOSAIC_SCPAD_BANK1;
/* Bank 0: 64 KiB, bank 1: 32 + 16 + 8 + 1 KiB (of 64 each). Every SDMA
 * command stays inside one of these buffers, so inside one bank. */

#define SP(x) ((uint32_t)(uintptr_t)(x))
#define MEM(x) ((uintptr_t)(x))
#define TP 32 /* tld stride of a packed BF16 tile: its row bytes */
/* C staging: 32 SDMA rows of 128 B, row 2r+g = C row r, column tiles of
 * group g (panel tiles 2g, 2g+1, N/2 columns after group 0's). */
#define COFF(c) (((c) / 2) * 128 + ((c) % 2) * 64)

/* Main-memory address of row block rb's A tile column k. */
static uintptr_t a_mem(unsigned rb, unsigned k)
{
    return MEM(A) + (uintptr_t)rb * ROWB + k * 32u;
}

/* Load r (rows 32r..32r+31 of K-half h) of panel q's unit c into dst. */
static void b_issue(unsigned q, unsigned h, unsigned c, unsigned r, uint32_t dst)
{
    unsigned col = 2 * q + c % 2 + 16 * (c / 2); /* global column tile */
    scpad_ld(PAIR_SHAPE, dst + r * PAIR_B,
             (const void *)(MEM(B) + (uintptr_t)(256u * h + 32u * r) * S_BYTES + col * 32u));
}

/* One execution's arguments. */
typedef struct {
    const uint32_t *bu;  /* bu[h * 4 + c]: B unit of chain (h, c) */
    uint32_t cbuf;       /* C staging of this execution */
    uint32_t cprev;      /* ... of the previous one (0: none) */
    uintptr_t cst_mem;   /* where the previous one's C goes */
    uintptr_t ref;       /* A rows of the next execution, refilled in this
                            one's first chain of each K-half (0: the buffer
                            already holds them, or there is none) */
    int next;            /* there is a next execution */
    unsigned bq;         /* the next panel (bpre, blast) */
    int bpre;            /* issue commands bj_lo .. bj_hi - 1 of the next
                            panel's K-half 0 */
    unsigned bj_lo, bj_hi;
    const uint32_t *bpre_dst; /* ... into these units */
    int blast;           /* issue the next panel's K-half 1 into bu[0..3] */
} x_args;

/* The next panel's K-half 1 in the last execution: commands
 * SPREAD(t) .. SPREAD(t + 1) - 1 of 32 in slot t, from slot 16 (unit c
 * after chain (0, c)'s last B tld, slot 16c + 13). */
#define SPREAD(t) ((t) <= 16 ? 0 : (((t) - 16) * NBU + 111) / 112)

#define CH(t) ((t) / KH)
#define PK(t) ((t) % KH)
/* A reloads: tile j of the next K-half goes into tile j's register RS(j)
 * slots after the start of the half's last chain (chain 3 or 7), tiles
 * 0..7 in that chain, 8..15 in the next (chain 4, or the next execution's
 * chain 0). A register's tile is read at slot j of each chain, so the tld
 * comes 6-12 slots after the old tile's last tmma and 4-10 before the
 * new one's first: spread over 22 slots instead of one per slot (8 after
 * the last use), which left the mover too little room for the B tld of
 * every slot (the spread saved 1 461 cycles at 512x128x512). RJ(o) is
 * the tile reloaded at offset o (or -1). */
#define RS(j) (6 + 7 * (j) / 5)
#define RJC(o) ((5 * ((o) - 6) + 6) / 7)
#define RJ(o) ((o) >= 6 && RJC(o) < KH && RS(RJC(o)) == (o) ? RJC(o) : -1)
/* (the modulo keeps register numbers in range in slots where the branch
 * compiles away) */
#define RJM(o) ((RJ(o) + KH) % KH)
#define A_TLD(reg, buf, tile) tld(reg, SP(sp_a[buf]) + (tile) * TILE_B, TP)
/* The C tile stored in chains 5..7 (its last chain was the one before). */
#define CP(t) ((CH(t) + 3) % 4)
/* D stores and clears: C tiles 0..2 in chains 5..7, the store 4 tmma into
 * the chain and the clear at 9; tile 3 in the next execution's chain 0 at
 * 12 and 15, after its A reloads (positions measured best at 512x128x512
 * among nearby ones). */
#define HAS_ST(ch) ((ch) == 0 || (ch) >= 5)
#define TSTP(ch) ((ch) == 0 ? 12 : 4)
#define ZEROP(ch) ((ch) == 0 ? 15 : 9)
#define BADDR(t) (bu[CH(t)] + PK(t) * TILE_B)
/* The refills of A tiles lo..lo+7 of K-half buf with the next row block's,
 * in one batch in a chain with no A reloads: a scpad.ld waits in the
 * in-order tensor queue until the tile mover is idle, which in a reload
 * window holds the tmma behind it; a batch waits once. Half 0's tiles
 * were read by the tld of the previous execution's chain 7 and this one's
 * chain 0, half 1's by chains 3 and 4. */
#define A_REFILL8(buf, lo)                                                     \
    if (ref)                                                                   \
        for (unsigned j_ = (lo); j_ < (lo) + 8u; j_++)                         \
            scpad_ld(TILE_SHAPE, SP(sp_a[buf]) + j_ * TILE_B,                  \
                     (const void *)(ref + (16u * (buf) + j_) * 32u))
#define REF0_AT(t) ((t) == 18 ? 0 : (t) == 26 ? 8 : -1)
#define REF1_AT(t) ((t) == 74 ? 0 : (t) == 92 ? 8 : -1)
/* The next panel's K-half 0: NBU commands spread over the panel's row
 * blocks, in slot 40 of each execution (one each at M = 512). */
#define BPRE_LO(i) ((i) * NBU / NRB)

/* One SLOT per tmma; t is a literal, so every register number is a
 * constant. Order: SDMA commands (the previous execution's C store, the
 * next panel's B, A refills), the A reload, B two slots ahead (none in the
 * slot after a D store, which keeps the mover ~32 cycles, and two in the
 * next), the D store, the D clear, the tmma. */
#define SLOT(t)                                                                \
    if ((t) < NSLOT) {                                                         \
        if ((t) == KH && cprev)                                                \
            scpad_st(CST_SHAPE, cprev, (void *)cst_mem);                       \
        if ((t) == 40 && xa->bpre)                                             \
            for (unsigned j_ = xa->bj_lo; j_ < xa->bj_hi; j_++)                \
                b_issue(bq, 0, j_ / 8, j_ % 8, xa->bpre_dst[j_ / 8]);          \
        if (blast)                                                             \
            for (int j_ = SPREAD(t); j_ < SPREAD((t) + 1); j_++)               \
                b_issue(bq, 1, j_ / 8, j_ % 8, bu[j_ / 8]);                    \
        if (REF0_AT(t) >= 0)                                                   \
            A_REFILL8(0, REF0_AT(t));                                          \
        if (REF1_AT(t) >= 0)                                                   \
            A_REFILL8(1, REF1_AT(t));                                          \
        if (CH(t) == 0 && RJ(PK(t) + KH) >= 0)                                 \
            A_TLD(AREG(RJM(PK(t) + KH)), 0, RJM(PK(t) + KH));                  \
        if (CH(t) == 3 && RJ(PK(t)) >= 0)                                      \
            A_TLD(AREG(RJM(PK(t))), 1, RJM(PK(t)));                            \
        if (CH(t) == 4 && RJ(PK(t) + KH) >= 0)                                 \
            A_TLD(AREG(RJM(PK(t) + KH)), 1, RJM(PK(t) + KH));                  \
        if (CH(t) == 7 && RJ(PK(t)) >= 0 && next)                              \
            A_TLD(AREG(RJM(PK(t))), 0, RJM(PK(t)));                            \
        if (HAS_ST(CH(t)) && PK(t) == TSTP(CH(t)) + 2 && (t) + 1 < NSLOT)      \
            tld(BREG((t) + 1), BADDR((t) + 1), TP);                            \
        if ((t) + 2 < NSLOT && !(HAS_ST(CH(t)) && PK(t) == TSTP(CH(t)) + 1))   \
            tld(BREG((t) + 2), BADDR((t) + 2), TP);                            \
        if (CH(t) >= 5 && PK(t) == TSTP(CH(t)))                                \
            tst(DREG(CP(t)), cbuf + COFF(CP(t)), 256);                         \
        if (CH(t) >= 5 && PK(t) == ZEROP(CH(t)))                               \
            tld(DREG(CP(t)), SP(sp_zero), 64);                                 \
        if (CH(t) == 0 && PK(t) == TSTP(0) && cprev)                           \
            tst(DREG(3), cprev + COFF(3), 256);                                \
        if (CH(t) == 0 && PK(t) == ZEROP(0) && cprev)                          \
            tld(DREG(3), SP(sp_zero), 64);                                     \
        tmma(DREG(CH(t) % 4), AREG(PK(t)), BREG(t));                           \
    }
#define SLOT8(b)                                                               \
    SLOT(b) SLOT(b + 1) SLOT(b + 2) SLOT(b + 3) SLOT(b + 4) SLOT(b + 5) SLOT(b + 6) SLOT(b + 7)
#define SLOT64(b)                                                              \
    SLOT8(b) SLOT8(b + 8) SLOT8(b + 16) SLOT8(b + 24) SLOT8(b + 32) SLOT8(b + 40) \
    SLOT8(b + 48) SLOT8(b + 56)

static void execution(const x_args *xa)
{
    const uint32_t *bu = xa->bu;
    uint32_t cbuf = xa->cbuf, cprev = xa->cprev;
    uintptr_t cst_mem = xa->cst_mem, ref = xa->ref;
    int next = xa->next, blast = xa->blast;
    unsigned bq = xa->bq;
    tld(BREG(0), BADDR(0), TP);
    tld(BREG(1), BADDR(1), TP);
    SLOT64(0) SLOT64(64)
}

/* Row block of execution x: panels alternate direction (snake). */
static unsigned rb_of(unsigned x)
{
    unsigned p = x / NRB, i = x % NRB;
    return p % 2 ? NRB - 1 - i : i;
}

/* Not inlined into main: the measured code then does not change with the
 * set-up and checking code around it (inlined, its code followed main's). */
static __attribute__((noinline)) void gemm(void)
{
    uint32_t grp[3][4]; /* B unit addresses of the three groups */
    for (unsigned c = 0; c < 4; c++) {
        grp[0][c] = SP(sp_g01[0][c]);
        grp[1][c] = SP(sp_g01[1][c]);
        grp[2][c] = SP(sp_g2[c]);
    }
    unsigned ga = 0, gb = 1, gf = 2; /* K-half 0, K-half 1, free */

    sdma_stride_write(S_BYTES);
    /* Prologue: the first row block's A and panel 0's B in the order the
     * first execution reads them. */
    for (unsigned k = 0; k < 2 * KH; k++) {
        if (k == KH)
            for (unsigned j = 0; j < NBU; j++)
                b_issue(0, 0, j / 8, j % 8, grp[ga][j / 8]);
        scpad_ld(TILE_SHAPE, SP(sp_a[k / KH]) + (k % KH) * TILE_B, (const void *)a_mem(0, k));
    }
    for (unsigned j = 0; j < NBU; j++)
        b_issue(0, 1, j / 8, j % 8, grp[gb][j / 8]);
#define LOAD_A0(k) A_TLD(AREG(k), 0, k);
    LOAD_A0(0) LOAD_A0(1) LOAD_A0(2) LOAD_A0(3) LOAD_A0(4) LOAD_A0(5) LOAD_A0(6) LOAD_A0(7)
    tld(DREG(0), SP(sp_zero), 64);
    tld(DREG(1), SP(sp_zero), 64);
    tld(DREG(2), SP(sp_zero), 64);
    tld(DREG(3), SP(sp_zero), 64);

    uint32_t bu[8];
    for (unsigned x = 0; x < NX; x++) {
        unsigned p = x / NRB, i = x % NRB;
        if (i == 0) {
            for (unsigned c = 0; c < 4; c++) {
                bu[c] = grp[ga][c];
                bu[4 + c] = grp[gb][c];
            }
        }
        x_args a;
        a.bu = bu;
        a.cbuf = SP(sp_c[x % 2]);
        a.cprev = x ? SP(sp_c[(x - 1) % 2]) : 0;
        a.cst_mem = x ? MEM(C) + (uintptr_t)rb_of(x - 1) * 16u * N * 4u + (x - 1) / NRB * 128u : 0;
        a.ref = x + 1 < NX && rb_of(x + 1) != rb_of(x) ? a_mem(rb_of(x + 1), 0) : 0;
        a.next = x + 1 < NX;
        a.bq = p + 1;
        a.bpre = p + 1 < NP;
        a.bj_lo = BPRE_LO(i);
        a.bj_hi = BPRE_LO(i + 1);
        a.bpre_dst = grp[gf];
        a.blast = p + 1 < NP && i + 1 == NRB;
        execution(&a);
        if (i + 1 == NRB) {
            unsigned t = ga;
            ga = gf;
            gf = gb;
            gb = t;
        }
    }
    /* The last execution's tile 3 and its store; the wait reports any SDMA
     * error (the check below would see it anyway). */
    uint32_t lastc = SP(sp_c[(NX - 1) % 2]);
    tst(DREG(3), lastc + COFF(3), 256);
    scpad_st(CST_SHAPE, lastc,
             (void *)(MEM(C) + (uintptr_t)rb_of(NX - 1) * 16u * N * 4u + (NX - 1) / NRB * 128u));
    scpad_wait();
}

int main(void)
{
    gemm_inputs(A, B, C, M, N, K);

    GEMM_TINIT_AB();
    tinit(DREG(0), FMT_FP32);
    tinit(DREG(1), FMT_FP32);
    tinit(DREG(2), FMT_FP32);
    tinit(DREG(3), FMT_FP32);
    tst(DREG(0), SP(sp_zero), 64); /* the zero tile that clears each D */

    bench_counters d = gemm_run("gemm_bf16_512", gemm, TILES);
    return gemm_check("gemm_bf16_512", A, B, C, M, N, K, &d, TRAFFIC, CHECK_WHICH);
}
