/* Tiled GEMM kernel (see gemm.h). */
#define MOSAIC_COUNT_OPS
#include "gemm.h"

#include "mosaic.h"
#include "mosaic_rt.h"

/* Operands in three different TRF banks (bank = index mod 4). */
#define TR_A 1
#define TR_B 2
#define TR_C 3

#define T MOSAIC_TILE

/* Scratchpad staging: A tiles in bank 0 and B tiles in bank 1, so the two
 * SDMA loads of one step use different banks; two of each for
 * double-buffering (the next K step loads while this one computes). */
static uint8_t sp_a[2][T * T * 4] MOSAIC_SCPAD_BANK0;
static uint8_t sp_c[T * T * 4] MOSAIC_SCPAD_BANK0;
static uint8_t sp_b[2][T * T * 4] MOSAIC_SCPAD_BANK1;

#define SP(x) ((uint32_t)(uintptr_t)(x))

static unsigned log2_bytes(unsigned fmt)
{
    switch (fmt_bits(fmt)) {
    case 8: return 0;
    case 16: return 1;
    case 32: return 2;
    default: return 3; /* FP4: not byte-addressable per element */
    }
}

/* sdma_stride is written only when it changes. */
static uint32_t cur_stride;
static int stride_valid;

static void set_stride(uint32_t bytes)
{
    if (!stride_valid || cur_stride != bytes) {
        sdma_stride_write(bytes);
        cur_stride = bytes;
        stride_valid = 1;
    }
}

/* Move a rows x cols block between main memory (row pitch `stride` bytes)
 * and a scratchpad tile with the fixed pitch of T elements. SDMA packs rows
 * at cols x size, so a block narrower than a tile goes row by row. */
static void sdma_block(int store, uint32_t sp, uintptr_t mem, uint32_t rows, uint32_t cols,
                       unsigned lg, uint32_t stride)
{
    if (cols == T || rows == 1) {
        if (rows > 1)
            set_stride(stride);
        if (store)
            scpad_st(SDMA_SHAPE(rows, cols, lg), sp, (void *)mem);
        else
            scpad_ld(SDMA_SHAPE(rows, cols, lg), sp, (const void *)mem);
        return;
    }
    for (uint32_t r = 0; r < rows; r++) {
        uint32_t s = sp + ((r * T) << lg);
        uintptr_t m = mem + r * stride;
        if (store)
            scpad_st(SDMA_SHAPE(1, cols, lg), s, (void *)m);
        else
            scpad_ld(SDMA_SHAPE(1, cols, lg), s, (const void *)m);
    }
}

/* tld/tst take the row pitch as an immediate: one encoding per size. */
#define TLD_TILE(tr, p, lg)                                                    \
    do {                                                                       \
        if ((lg) == 0)                                                         \
            tld(tr, p, T);                                                     \
        else if ((lg) == 1)                                                    \
            tld(tr, p, 2 * T);                                                 \
        else                                                                   \
            tld(tr, p, 4 * T);                                                 \
    } while (0)
#define TST_TILE(tr, p, lg)                                                    \
    do {                                                                       \
        if ((lg) == 0)                                                         \
            tst(tr, p, T);                                                     \
        else if ((lg) == 1)                                                    \
            tst(tr, p, 2 * T);                                                 \
        else                                                                   \
            tst(tr, p, 4 * T);                                                 \
    } while (0)

/* mtilem/k/n are set only when they change (edge tiles). */
typedef struct {
    uint32_t m, k, n;
} geom;

static uint32_t min16(uint32_t v) { return v < T ? v : T; }

int gemm_tiled(unsigned in_fmt, unsigned out_fmt, uint32_t M, uint32_t N, uint32_t K,
               const void *A, uint32_t lda, const void *B, uint32_t ldb, void *C,
               uint32_t ldc)
{
    unsigned li = log2_bytes(in_fmt), lo = log2_bytes(out_fmt);
    if (li > 2 || lo > 2 || lda < K || ldb < N || ldc < N)
        return -1;
    uintptr_t a = (uintptr_t)A, b = (uintptr_t)B, c = (uintptr_t)C;
    uint32_t nk = (K + T - 1) / T;

    mosaic_fence(); /* A and B were written by scalar stores */
    stride_valid = 0;
    tinit_dyn(TR_A, in_fmt);
    tinit_dyn(TR_B, in_fmt);
    tinit_dyn(TR_C, out_fmt);
    geom g = {msettilemi(16), msettileki(16), msettileni(16)};

    for (uint32_t i0 = 0; i0 < M; i0 += T) {
        uint32_t m = min16(M - i0);
        if (g.m != m)
            g.m = msettilem(m);
        for (uint32_t j0 = 0; j0 < N; j0 += T) {
            uint32_t n = min16(N - j0);
            if (g.n != n)
                g.n = msettilen(n);
            tzero(TR_C);
            /* K steps, double-buffered: step s+1 is loaded before step s
             * is consumed. */
            for (uint32_t s = 0; s <= nk; s++) {
                if (s < nk) {
                    uint32_t k0 = s * T, kk = min16(K - k0);
                    sdma_block(0, SP(sp_a[s & 1]), a + ((i0 * lda + k0) << li), m, kk, li,
                               lda << li);
                    sdma_block(0, SP(sp_b[s & 1]), b + ((k0 * ldb + j0) << li), kk, n, li,
                               ldb << li);
                }
                if (s == 0)
                    continue;
                uint32_t p = s - 1, kk = min16(K - p * T);
                if (g.k != kk)
                    g.k = msettilek(kk);
                TLD_TILE(TR_A, SP(sp_a[p & 1]), li);
                TLD_TILE(TR_B, SP(sp_b[p & 1]), li);
                tmma(TR_C, TR_A, TR_B);
            }
            TST_TILE(TR_C, SP(sp_c), lo);
            sdma_block(1, SP(sp_c), c + ((i0 * ldc + j0) << lo), m, n, lo, ldc << lo);
        }
    }
    scpad_wait(); /* all transfers done; traps if one failed */
    msettile_full();
    mosaic_fence(); /* C is read by scalar loads next */
    return 0;
}
