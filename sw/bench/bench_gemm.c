/* GEMM benchmark: C = A x B, BF16 inputs -> FP32, M = N = K = 256 by
 * default, all three matrices row-major in main memory, tiles moved by SDMA
 * into the scratchpad (double-buffered) and from there into the TRF by tld.
 * Prints one BENCH line (n = 16x16x16 tile products) for tools/perf.py,
 * which turns it into MAC utilization and the roofline bound.
 *
 * Blocking (GEMM_M/N/K may be overridden at build time for a quick run:
 * N == K, a multiple of 64 up to 256; M a multiple of 32):
 *
 *  - Panel q of C is 4 column tiles, {2q, 2q+1, 2q+NT/2, 2q+NT/2+1}
 *    (NT = N/16), not 4 adjacent ones: every transfer uses one sdma_stride
 *    (writing that CSR waits until the tensor unit is idle), S = 2K bytes,
 *    the row pitch of A and of B and half that of C, so one 32-row store
 *    of C writes 16 C rows at two places N/2 columns apart.
 *  - B's panel (K x 64 BF16 = 32 KiB) stays in the scratchpad while all M
 *    rows of A stream through it, double-buffered with the next panel.
 *  - A moves a step of two 16-row blocks at a time (32 x K BF16 = 16 KiB),
 *    double-buffered; scpad.wait once per step.
 *  - In the TRF a row block's 16 A tiles stay resident (A_k in bank 0 or 1)
 *    while its 4 C tiles are computed one after another as chains of 16
 *    tmma into one FP32 accumulator (bank 3, two of them alternating); B
 *    tiles stream through 4 registers of bank 2, loaded two tmma ahead.
 *    Per tmma: one B tld (8 TRF rows), a quarter A tld, 1/16 of a D clear
 *    (tld of a zero tile) and of a D store (tst).
 *
 * Scratchpad layout: A and B sit there as packed 16x16 BF16 tiles (512
 * contiguous bytes, 64-byte aligned), so every A and B tld has stride 32
 * and takes the tile mover's packed path (rtl/mosaic_tu_spx.sv). tld cost
 * over the 64-byte scratchpad row port: a packed tile (stride = row bytes,
 * base 64-byte aligned) is one word per TRF row, 8 cycles for BF16; any
 * other stride one step per tile row, 16 cycles for BF16. (At the pitches
 * of row-major blocks, 128 B for A and 64 B for B, the tld stream, 1.25
 * BF16 tiles per 16-cycle tmma, would bound the kernel.) SDMA packs only
 * whole rows on the scratchpad side, so a packed tile needs 32-byte
 * main-memory rows: each command is SDMA_SHAPE(32, 8, 2), 32 rows of 16
 * BF16 = two vertically adjacent tiles, landing as two consecutive packed
 * tiles (1 KiB); the price is main-memory bursts of 32 bytes (one per row)
 * where row-major blocks had 128 (A) and 64 (B). A step of A is K/16 of
 * them (tile column k: the upper row block's tile k, then the lower
 * one's), a B panel K/8 (4 tile columns of K/32 each, a column's K/16
 * tiles consecutive). The zero tile (FP32, stride 64) is packed too; the C
 * tst (stride 256, 1/16 per tmma) is not. Prefetch commands are spread
 * over 8 issue points per row block, all before the step's scpad.wait, so
 * they enter the SDMA queue (4 deep) a few at a time. SDMA commands per
 * 256^3 run: 512 A + 128 B + 64 C.
 *
 * What the hardware may overlap: while a transfer is in flight, tld/tst
 * touch only other scratchpad buffers. The one same-buffer ordering left
 * to the hardware is a row block's C store (scpad.st) after the tst that
 * wrote its staging buffer; every other reuse is separated by scpad.wait
 * (A and B prefetches are read only after the step's wait, and a buffer
 * is refilled only after the wait that follows its last tld).
 *
 * Main-memory traffic (the sdma_bytes counter, checked below):
 *   A read N/64 times:  N/64 * M*K*2   (256^3: 512 KiB)
 *   B read once:        K*N*2          (128 KiB)
 *   C written once:     M*N*4          (256 KiB)
 *   total 917,504 bytes = 57,344 cycles at 16 B/cycle, below the 65,536
 *   cycles of 4096 tiles at 16 cycles each on a 16x16 array.
 *
 * Check: useful MACs = M*N*K and SDMA bytes = the traffic above (both
 * architectural counters); 16 elements of C (the four corners and 12
 * spread ones) bit-exact against the documented tmma order (acc = +0, then
 * for k = 0..K-1 acc = fma(a, b, acc) in FP32, one rounding each, RNE),
 * computed with mref.c's soft float, independently of the golden model;
 * and every element of rows 0 and 15 of each row block written (C is
 * poisoned there before the run). Any failure exits 1. */
#include <stdio.h>

#include "bench.h"
#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"

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

#if N != K || K % 64 != 0 || K < 64 || K > 256 || M % 32 != 0 || M < 32
#error "bench_gemm: needs N == K, K a multiple of 64 in 64..256, M a multiple of 32"
#endif

#define NK (K / 16)          /* K tiles: chain length, A tiles resident */
#define NSLOT (4 * NK)       /* tmma per row block (4 chains) */
#define HALF (NK / 2)        /* A tiles reloaded at each end of a row block */
#define NP (N / 64)          /* panels */
#define NS (M / 32)          /* steps (two row blocks) per panel */
#define NRB (M / 16)         /* row blocks per panel */
#define S_BYTES (2 * K)      /* sdma_stride */
#define NB_CMDS (K / 8)      /* SDMA commands per B panel (4 tile columns x K/32) */
#define NA_CMDS (K / 16)     /* SDMA commands per A step (one per tile column) */
#define TILE_B 512u          /* a packed 16x16 BF16 tile */
#define PAIR_B 1024u         /* two vertically adjacent packed tiles: one SDMA */
#define TILES ((M / 16) * (N / 16) * (K / 16))
#define TRAFFIC ((uint32_t)NP * M * K * 2u + (uint32_t)K * N * 2u + (uint32_t)M * N * 4u)

/* Slot positions inside a chain: the previous chain's D is stored after
 * TST_P tmma of the new chain (so the tst finds the array drained), and the
 * next chain's D cleared after that (it is the register just stored). */
#define TST_P (NK >= 8 ? 3 : 1)
#define ZERO_P (NK / 2)

/* TRF: A_k in banks 0/1, B in bank 2, D in bank 3 (bank = index mod 4).
 * The modulo keeps the numbers in range in slots that compile away. */
#define AREG(k) (((k) & 1) + 4 * (((k) >> 1) & 7))
#define BREG(t) (2 + 4 * ((t) % 4))
#define DREG(c) (3 + 4 * ((c) % 2))

/* Byte offsets inside the scratchpad buffers (compile-time per slot):
 * A step buffer: K/16 pairs of packed tiles, pair k = tile k of the upper
 * row block, then of the lower one (a row block's tile k is at
 * h * 512 + AOFF(k));
 * B panel: column tile jj (of 2q, 2q+1, 2q+NT/2, 2q+NT/2+1) is K/16 packed
 * tiles in k order, K * 32 bytes;
 * C row block: 32 SDMA rows of 128 B, row 2r+h = C row r, half h. */
#define AOFF(k) ((k) * PAIR_B)
#define BOFF(jj, k) ((jj) * (K * 32) + (k) * TILE_B)
#define COFF(jj) (((jj) / 2) * 128 + ((jj) % 2) * 64)
#define TP 32 /* tld stride of a packed BF16 tile: its row bytes */

static uint32_t A[M * K / 2] MOSAIC_TENSOR_NOINIT; /* BF16 pairs */
static uint32_t B[K * N / 2] MOSAIC_TENSOR_NOINIT;
static uint32_t C[M * N] MOSAIC_TENSOR_NOINIT;     /* FP32 */

static uint8_t sp_b0[K * 128] MOSAIC_SCPAD_BANK0;
static uint8_t sp_a[2][32 * K * 2] MOSAIC_SCPAD_BANK0;
static uint8_t sp_b1[K * 128] MOSAIC_SCPAD_BANK1;
static uint8_t sp_c[4][4096] MOSAIC_SCPAD_BANK1;
static uint8_t sp_zero[1024] MOSAIC_SCPAD_BANK1;
/* Bank 0: 32 + 2 x 16 KiB, bank 1: 32 + 16 + 1 KiB (of 64 each). Every
 * SDMA command stays inside one of these buffers, so inside one bank. */
_Static_assert(sizeof sp_b0 == NB_CMDS * PAIR_B && sizeof sp_a[0] == NA_CMDS * PAIR_B,
               "a B panel / A step is its SDMA commands' packed tile pairs");

#define SP(x) ((uint32_t)(uintptr_t)(x))
#define MEM(x) ((uintptr_t)(x))

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

/* SDMA issue points: slots p * HALF, p = 0..7, the last one the step's
 * scpad.wait (slot NSLOT - HALF = 7 HALF), so a row block's prefetch
 * commands enter the SDMA queue (4 deep) spread out and all before that
 * wait. Point p issues commands ceil(p nxf / 8) .. ceil((p + 1) nxf / 8) - 1
 * (a power of two: no division at run time). */
#define XLO(p) (((p) * nxf + 7) / 8)

/* One SLOT per tmma of a row block; t is a literal, so every register
 * number is a constant. Order inside a slot: SDMA commands (issue points;
 * the C store at the second chain's start), the step's scpad.wait, A
 * reloads, B two slots ahead, the previous chain's D store, the next
 * chain's D clear, then the tmma. */
#define CH(t) ((t) / NK)
#define PK(t) ((t) % NK)
#define SLOT(t)                                                                \
    if ((t) < NSLOT) {                                                         \
        if ((t) % HALF == 0 && (t) / HALF < 8)                                 \
            for (unsigned i_ = XLO((t) / HALF); i_ < XLO((t) / HALF + 1); i_++) \
                issue(&xf[i_]);                                                \
        if ((t) == NK && cstore)                                               \
            issue(cstore);                                                     \
        if (wait && (t) == NSLOT - HALF)                                       \
            scpad_wait();                                                      \
        if ((t) < HALF)                                                        \
            tld(AREG((t) + HALF), a_cur + AOFF((t) + HALF), TP);               \
        if ((t) >= NSLOT - HALF && a_next)                                     \
            tld(AREG((t) - (NSLOT - HALF)), a_next + AOFF((t) - (NSLOT - HALF)), TP); \
        if ((t) + 2 < NSLOT)                                                   \
            tld(BREG((t) + 2), bpan + BOFF(CH((t) + 2), PK((t) + 2)), TP);     \
        if (PK(t) == TST_P) {                                                  \
            if (CH(t) > 0)                                                     \
                tst(DREG(CH(t) + 1), cbuf + COFF(CH(t) - 1), 256);             \
            else if (cprev)                                                    \
                tst(DREG(1), cprev + COFF(3), 256);                            \
        }                                                                      \
        if (PK(t) == ZERO_P)                                                   \
            tld(DREG(CH(t) + 1), SP(sp_zero), 64);                             \
        tmma(DREG(CH(t)), AREG(PK(t)), BREG(t));                               \
    }
/* (DREG(c + 1) is DREG(c - 1), kept non-negative for the range check.) */
#define SLOT8(b)                                                               \
    SLOT(b) SLOT(b + 1) SLOT(b + 2) SLOT(b + 3) SLOT(b + 4) SLOT(b + 5) SLOT(b + 6) SLOT(b + 7)

/* One row block against the current B panel: 4 chains of NK tmma.
 * a_cur: this row block's A in the step buffer (tiles HALF.. are loaded
 * here; 0..HALF-1 came with the previous row block); a_next: the next row
 * block's A (0: none); cbuf/cprev: C staging of this / the previous row
 * block (0: none); cstore: the previous row block's C store (issued at the
 * second chain, after its last tst); xf: nxf prefetch commands spread over
 * the issue points; wait: scpad.wait before the next row block's A is read. */
static void row_block(uint32_t a_cur, uint32_t a_next, uint32_t bpan, uint32_t cbuf,
                      uint32_t cprev, const xfer *cstore, const xfer *xf, unsigned nxf, int wait)
{
    tld(BREG(0), bpan + BOFF(0, 0), TP);
    tld(BREG(1), bpan + BOFF(0, 1), TP);
    SLOT8(0) SLOT8(8) SLOT8(16) SLOT8(24) SLOT8(32) SLOT8(40) SLOT8(48) SLOT8(56)
}

static uint32_t abuf(unsigned g) { return SP(sp_a[g % 2]); }
static uint32_t bbuf(unsigned q) { return q % 2 ? SP(sp_b1) : SP(sp_b0); }

/* Store of global row block grb (panel grb / NRB) from its staging buffer. */
static xfer c_store(unsigned grb)
{
    unsigned q = grb / NRB, rb = grb % NRB;
    xfer x = {SDMA_SHAPE(32, 32, 2), SP(sp_c[grb % 4]),
              MEM(C) + (uintptr_t)rb * 16u * N * 4u + q * 128u, 1};
    return x;
}

/* One SDMA command = 32 main-memory rows of 32 bytes (16 BF16) = two
 * vertically adjacent 16x16 tiles, landing as two packed tiles. */
#define PAIR_SHAPE SDMA_SHAPE(32, 8, 2)

/* Loads of A rows 32s..32s+31 into step buffer g: command k is tile
 * column k (both row blocks' tile k). */
static unsigned a_loads(xfer *x, unsigned s, unsigned g)
{
    for (unsigned k = 0; k < NA_CMDS; k++) {
        xfer v = {PAIR_SHAPE, abuf(g) + k * PAIR_B,
                  MEM(A) + (uintptr_t)s * 32u * S_BYTES + k * 32u, 0};
        x[k] = v;
    }
    return NA_CMDS;
}

/* Loads number lo..hi-1 of panel q's B: command i is column tile jj = i % 4
 * (its 32-byte column at q * 64 + (jj % 2) * 32 in the first or, jj >= 2,
 * the second half of the row, N bytes on), rows 32 (i / 4) .. + 31. */
static unsigned b_loads(xfer *x, unsigned q, unsigned lo, unsigned hi)
{
    unsigned n = 0;
    for (unsigned i = lo; i < hi; i++) {
        unsigned jj = i % 4, r = i / 4;
        xfer v = {PAIR_SHAPE, bbuf(q) + jj * (K * 32u) + r * PAIR_B,
                  MEM(B) + (uintptr_t)r * 32u * S_BYTES + q * 64u + (jj % 2) * 32u +
                      (jj / 2) * (uint32_t)N,
                  0};
        x[n++] = v;
    }
    return n;
}

static void gemm(void)
{
    xfer xa[NA_CMDS], xb[NB_CMDS], cs;
    sdma_stride_write(S_BYTES);
    /* Prologue: panel 0 of B and step 0 of A, then the first A tiles and D. */
    unsigned n = b_loads(xb, 0, 0, NB_CMDS);
    for (unsigned i = 0; i < n; i++)
        issue(&xb[i]);
    n = a_loads(xa, 0, 0);
    for (unsigned i = 0; i < n; i++)
        issue(&xa[i]);
    scpad_wait();
#define LOAD_A0(k)                                                             \
    if ((k) < HALF)                                                            \
        tld(AREG(k), abuf(0) + AOFF(k), TP);
    LOAD_A0(0) LOAD_A0(1) LOAD_A0(2) LOAD_A0(3) LOAD_A0(4) LOAD_A0(5) LOAD_A0(6) LOAD_A0(7)
    tld(DREG(0), SP(sp_zero), 64);

    const unsigned nsteps = NP * NS;
    for (unsigned q = 0; q < NP; q++) {
        for (unsigned s = 0; s < NS; s++) {
            unsigned g = q * NS + s;
            unsigned na = g + 1 < nsteps ? a_loads(xa, (s + 1) % NS, g + 1) : 0;
            /* The next panel's B goes into the buffer the previous panel
             * read until after its last wait, so from step 1 on (WAR
             * through scpad.wait, not through the hardware's ordering). */
            unsigned nb = 0;
            if (q + 1 < NP) {
                unsigned from = NS > 1 ? 1 : 0, span = NS - from;
                if (s >= from)
                    nb = b_loads(xb, q + 1, (s - from) * NB_CMDS / span,
                                 (s - from + 1) * NB_CMDS / span);
            }
            for (unsigned h = 0; h < 2; h++) {
                unsigned grb = q * NRB + 2 * s + h;
                uint32_t a_cur = abuf(g) + h * TILE_B;
                uint32_t a_next = h == 0 ? abuf(g) + TILE_B : g + 1 < nsteps ? abuf(g + 1) : 0;
                uint32_t cprev = grb ? SP(sp_c[(grb - 1) % 4]) : 0;
                if (grb)
                    cs = c_store(grb - 1);
                row_block(a_cur, a_next, bbuf(q), SP(sp_c[grb % 4]), cprev, grb ? &cs : NULL,
                          h == 0 ? xa : xb, h == 0 ? na : nb, h == 1);
            }
        }
    }
    /* The last chain's D and the last row block's store. */
    unsigned last = NP * NRB - 1;
    tst(DREG(3), SP(sp_c[last % 4]) + COFF(3), 256);
    cs = c_store(last);
    issue(&cs);
    scpad_wait();
}

/* Deterministic BF16 pairs: sign, mantissa and the low 3 exponent bits
 * from a mixed Weyl sequence, exponent field 120..127 (2^-7 .. 2^0), so a
 * K-term sum stays far inside FP32 while every fma rounds. */
static void fill(uint32_t *p, uint32_t words, uint32_t seed)
{
    uint32_t x = seed;
    for (uint32_t i = 0; i < words; i++) {
        x += 0x9E3779B9u;
        uint32_t r = x ^ (x >> 15);
        p[i] = (r & 0x83FF83FFu) | 0x3C003C00u;
    }
}

static float elem(const uint32_t *p, uint32_t i)
{
    return ref_bf16_to_f32((uint16_t)(p[i / 2] >> (16 * (i % 2))));
}

/* Elements compared with the reference: 16 sampled, or all of C in a
 * -DGEMM_CHECK_ALL build (small sizes: about 300 instructions per fma). */
#ifdef GEMM_CHECK_ALL
#define NCHECK ((uint32_t)M * N)
#else
#define NCHECK 16u
#endif

#define POISON 0xFFC0DEADu /* a NaN no tmma produces (its results are finite) */

int main(void)
{
    msettile_full();
    mcsr_write(0); /* mmode A x B, RNE */
    fill(A, M * K / 2, 0x1234567u);
    fill(B, K * N / 2, 0x89ABCDEu);
    for (uint32_t i = 0; i < M; i++)
        if (i % 16 == 0 || i % 16 == 15)
            for (uint32_t j = 0; j < N; j++)
                C[i * N + j] = POISON;

#define INIT_A(k) tinit(AREG(k), FMT_BF16);
    INIT_A(0) INIT_A(1) INIT_A(2) INIT_A(3) INIT_A(4) INIT_A(5) INIT_A(6) INIT_A(7)
    INIT_A(8) INIT_A(9) INIT_A(10) INIT_A(11) INIT_A(12) INIT_A(13) INIT_A(14) INIT_A(15)
    tinit(BREG(0), FMT_BF16);
    tinit(BREG(1), FMT_BF16);
    tinit(BREG(2), FMT_BF16);
    tinit(BREG(3), FMT_BF16);
    tinit(DREG(1), FMT_FP32);
    tinit(DREG(0), FMT_FP32);
    tst(DREG(0), SP(sp_zero), 64); /* the zero tile that clears each D */

    bench_counters a, b;
    mosaic_fence(); /* A and B were written by scalar stores */
    bench_read(&a);
    gemm();
    mosaic_fence(); /* the tensor unit has drained; C is read by scalar loads */
    bench_read(&b);
    bench_counters d = bench_delta(&a, &b);
    bench_print("gemm_bf16", TILES, &d);
    msettile_full();

    int fail = 0;
    if (d.macs != (uint32_t)M * N * K || d.sdma_bytes != TRAFFIC) {
        printf("FAIL: gemm_bf16: %lu useful MACs, %lu SDMA bytes (want %lu, %lu)\n",
               (unsigned long)d.macs, (unsigned long)d.sdma_bytes,
               (unsigned long)M * N * K, (unsigned long)TRAFFIC);
        fail = 1;
    }
    uint32_t unwritten = 0, bad = 0;
    for (uint32_t i = 0; i < M; i++)
        if (i % 16 == 0 || i % 16 == 15)
            for (uint32_t j = 0; j < N; j++)
                unwritten += C[i * N + j] == POISON;
    if (unwritten) {
        printf("FAIL: gemm_bf16: %lu elements of C not written\n", (unsigned long)unwritten);
        fail = 1;
    }
    for (unsigned s = 0; s < NCHECK; s++) {
        uint32_t i, j;
#ifdef GEMM_CHECK_ALL
        i = s / N;
        j = s % N;
#else
        if (s < 4) {
            i = s & 1 ? M - 1 : 0;
            j = s & 2 ? N - 1 : 0;
        } else {
            i = (37u * s + 5u) % M;
            j = (91u * s + 13u) % N;
        }
#endif
        float acc = 0.0f;
        for (uint32_t k = 0; k < K; k++)
            acc = ref_fmaf(elem(A, i * K + k), elem(B, k * N + j), acc);
        uint32_t got = C[i * N + j], want = f2u(acc);
        if (got != want && ++bad <= 4) {
            printf("FAIL: gemm_bf16: C[%lu][%lu] = 0x%08lx, want 0x%08lx\n", (unsigned long)i,
                   (unsigned long)j, (unsigned long)got, (unsigned long)want);
        }
    }
    if (bad) {
        printf("FAIL: gemm_bf16: %lu of %lu checked elements differ\n", (unsigned long)bad,
               (unsigned long)NCHECK);
        fail = 1;
    }
    if (!fail)
        printf("PASS: gemm_bf16 %dx%dx%d: %lu elements bit-exact, %lu SDMA bytes\n", M, N, K,
               (unsigned long)NCHECK, (unsigned long)d.sdma_bytes);
    return fail;
}
