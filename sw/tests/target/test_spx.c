/* tld / tst between the TRF and the scratchpad: the RTL moves these over
 * the scratchpad's 64-byte row port (mosaic_tu_scpad_xfer), beside the mma engine
 * and SDMA, so these cases aim at its corners: every element size, packed
 * tiles (one word per TRF row), rows that straddle a 64-byte word, strides
 * that are negative, smaller than a row (overlapping rows) or share words,
 * and the orderings it must keep: tmma reading a register a tld is still
 * writing, tst of a tmma result, SDMA transfers in flight on the same
 * bytes (R21).
 *
 * Expected bytes come from a byte model of tld/tst (docs/isa.md: row y at
 * base + y*stride, later rows win) applied to the pattern the core wrote;
 * the lockstep harness compares every register and memory write with the
 * golden model besides. */
#include "tt.h"

#define SPA (MOSAIC_SCPAD_BASE + 0x1000u)                        /* bank 0 */
#define SPB (MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES + 0x800u) /* bank 1 */
#define WIN 4096u

static uint8_t want[WIN] __attribute__((aligned(4)));
static uint8_t img[1024] __attribute__((aligned(4)));
static uint8_t *mem_a;

static void fill(volatile uint8_t *p, unsigned n, uint32_t seed)
{
    uint32_t st = seed;
    for (unsigned i = 0; i < n; i += 4) {
        uint32_t v = ref_rand(&st);
        for (unsigned k = 0; k < 4 && i + k < n; k++)
            p[i + k] = (uint8_t)(v >> (8 * k));
    }
}

static int check_win(int line, const char *what, uint32_t base, const uint8_t *exp, unsigned n)
{
    const volatile uint8_t *p = (const volatile uint8_t *)(uintptr_t)base;
    for (unsigned i = 0; i < n; i++)
        if (p[i] != exp[i])
            return mtest_fail(__FILE__, line, "%s: byte %u at 0x%08x is 0x%02x, want 0x%02x",
                              what, i, (unsigned)(base + i), p[i], exp[i]);
    return 1;
}

static void prepare(uint32_t seed)
{
    fill((volatile uint8_t *)(uintptr_t)SPA, WIN, seed);
    fill((volatile uint8_t *)(uintptr_t)SPB, WIN, seed ^ 0x5a5a5a5au);
    mosaic_fence();
}

/* The model: the tile image read at SPA + off_ld / stride s_ld, and the
 * window at SPB after storing it at off_st / s_st. */
static int model_and_check(int line, unsigned fmt, uint32_t off_ld, int32_t s_ld,
                           uint32_t off_st, int32_t s_st, uint32_t seed)
{
    unsigned rb = TILE_PITCH(fmt);
    uint8_t src[WIN];
    fill(src, WIN, seed);
    fill(want, WIN, seed ^ 0x5a5a5a5au);
    for (unsigned y = 0; y < 16; y++)
        memcpy(img + y * rb, src + (int32_t)off_ld + (int32_t)y * s_ld, rb);
    for (unsigned y = 0; y < 16; y++)
        memcpy(want + (int32_t)off_st + (int32_t)y * s_st, img + y * rb, rb);
    int ok = check_win(line, "scratchpad after tst", SPB, want, WIN);
    return ok && check_win(line, "register image", (uint32_t)(uintptr_t)mem_a, img, 16 * rb);
}

#define XCASE(fmt, off_ld, S_LD, off_st, S_ST, seed)                           \
    do {                                                                       \
        prepare(seed);                                                         \
        tinit(9, fmt);                                                         \
        tld(9, SPA + (off_ld), S_LD);                                          \
        tst(9, SPB + (off_st), S_ST);                                          \
        tst(9, mem_a, TILE_PITCH(fmt));                                        \
        mosaic_fence();                                                        \
        if (!model_and_check(__LINE__, fmt, off_ld, S_LD, off_st, S_ST, seed)) \
            return;                                                            \
    } while (0)

/* Packed tiles (the one-word-per-TRF-row path) and their near misses. */
static void t_packed(void)
{
    XCASE(FMT_FP32, 0, 64, 0, 64, 1);
    XCASE(FMT_BF16, 0, 32, 0, 32, 2);
    XCASE(FMT_INT8, 0, 16, 0, 16, 3);
    XCASE(FMT_FP4, 0, 8, 0, 8, 4);
    XCASE(FMT_BF16, 2, 32, 30, 32, 5);   /* packed stride, unaligned base */
    XCASE(FMT_FP32, 4, 64, 60, 64, 6);   /* every row straddles */
    XCASE(FMT_INT8, 64, 16, 8, 16, 7);
}

/* Strided, straddling, negative and overlapping rows. */
static void t_strided(void)
{
    XCASE(FMT_BF16, 0, 64, 0, 128, 11);
    XCASE(FMT_BF16, 48, 96, 16, 80, 12); /* rows alternate whole / straddling */
    XCASE(FMT_FP16, 1000, -64, 2000, -34, 13);
    XCASE(FMT_FP32, 60, 68, 1100, -68, 14);
    XCASE(FMT_INT8, 7, 17, 3, 33, 15);
    XCASE(FMT_E4M3, 500, -16, 700, 0, 16); /* all stores on one row: the last wins */
    XCASE(FMT_FP4, 61, 9, 63, 11, 17);   /* 8-byte rows across words */
    XCASE(FMT_BF16, 10, 2, 20, 6, 18);    /* overlapping rows */
    XCASE(FMT_FP32, 2040, 0, 0, 4, 19);
    XCASE(FMT_INT32, 4, 4, 100, 4, 20);
}

/* tmma with operands arriving by scratchpad tld and its result leaving by
 * tst, no fence between: the result must equal the same sequence run with
 * a fence after every instruction. */
static void chain(int fenced, uint8_t *out)
{
    tinit(1, FMT_BF16);
    tinit(2, FMT_BF16);
    tinit(3, FMT_FP32);
    tinit(5, FMT_BF16);
    tinit(6, FMT_BF16);
    tinit(7, FMT_FP32);
    msettile_full();
    tld(3, SPA + 2048, 64);
    if (fenced)
        mosaic_fence();
    for (unsigned k = 0; k < 4; k++) {
        uint32_t a = SPA + 512 * (k & 1), b = SPA + 1024 + 512 * (k >> 1);
        tld(1, a, 32);
        if (fenced)
            mosaic_fence();
        tld(2, b, 32);
        if (fenced)
            mosaic_fence();
        tmma(3, 1, 2);
        if (fenced)
            mosaic_fence();
        /* the next pair in other registers while this tmma runs */
        tld(5, b, 32);
        tld(6, a, 32);
        tmma(7, 5, 6);
        tld(1, SPA + 3072, 64); /* overwrite an operand of a running tmma */
        if (fenced)
            mosaic_fence();
    }
    tst(3, SPB, 64);
    tld(3, SPB + 1024, 64); /* reuse the accumulator right after its tst */
    tst(7, SPB + 2048, 64);
    mosaic_fence();
    memcpy(out, (const void *)(uintptr_t)SPB, 1024);
    memcpy(out + 1024, (const void *)(uintptr_t)(SPB + 2048), 1024);
}

static uint8_t chain_a[2048], chain_b[2048];

static void t_beside_tmma(void)
{
    uint32_t st = 77;
    volatile uint8_t *sp = (volatile uint8_t *)(uintptr_t)SPA;
    /* BF16 operands of small integers keep the sums exact and finite */
    for (unsigned i = 0; i < 2048; i += 2) {
        union {
            float f;
            uint32_t u;
        } c = {.f = (float)((int32_t)(ref_rand(&st) % 9u) - 4)};
        uint32_t f = c.u;
        sp[i] = (uint8_t)(f >> 16);
        sp[i + 1] = (uint8_t)(f >> 24);
    }
    fill(sp + 2048, 2048, 78);
    mosaic_fence();
    chain(0, chain_a);
    chain(1, chain_b);
    CHECK_MEM(chain_a, chain_b, sizeof chain_a);
}

/* R21: a tld right after a scpad.ld of its bytes sees the new data, and a
 * scpad.st right after a tst of its bytes stores what tst wrote; neither
 * with a scpad.wait in between. */
static void t_sdma_order(void)
{
    fill(mem_a, 2048, 31);
    prepare(32);
    tinit(4, FMT_FP32);
    sdma_stride_write(64);
    scpad_ld(SDMA_SHAPE(16, 16, 2), SPA, mem_a);        /* 1 KiB into SPA */
    tld(4, SPA, 64);                                   /* must see it */
    tst(4, SPB, 64);
    scpad_st(SDMA_SHAPE(16, 16, 2), SPB, mem_a + 1024); /* must store it */
    scpad_wait();
    mosaic_fence();
    CHECK_MEM(mem_a + 1024, mem_a, 1024);
}

int main(void)
{
    tt_reset_csrs();
    mem_a = mosaic_tensor_alloc(4096, 64);
    MTEST_RUN(t_packed);
    MTEST_RUN(t_strided);
    MTEST_RUN(t_beside_tmma);
    MTEST_RUN(t_sdma_order);
    tt_reset_csrs();
    return mtest_finish();
}
