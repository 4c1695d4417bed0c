/* Directed tests of TensorLoad (custom-3): tl.xpose.*, tl.concat.*,
 * tl.addi, tl.mload, tl.mstore, descriptors and the tl_* CSRs. */
#include "tt.h"

static uint8_t src[1024], src2[1024], got[1024], want[1024];

/* Whole-register byte moves: a [4,16,16,1] descriptor covers 1024 bytes.
 * TL_PUT fences after the load too: the next TL_PUT rewrites tt_src with
 * scalar stores, which are ordered against a tensor load still reading it
 * only across a fence (ARCHITECTURE §1; without it a slow DRAM, e.g.
 * --dram-stall-pct 40 --dram-latency 30, lets the stores overtake the load). */
#define FULL TL_DESC(4, 16, 16, 1)
#define TL_PUT(tr, bytes)                                                      \
    do {                                                                       \
        memcpy(tt_src, (bytes), 1024);                                         \
        mosaic_fence();                                                        \
        tl_load_mask_write(0xF);                                               \
        tl_mload(tr, FULL, tt_src);                                            \
        mosaic_fence();                                                        \
    } while (0)
#define TL_GET(tr, bytes)                                                      \
    do {                                                                       \
        tl_store_mask_write(0xF);                                              \
        tl_mstore(tr, tt_dst, FULL);                                           \
        mosaic_fence();                                                        \
        memcpy((bytes), tt_dst, 1024);                                         \
    } while (0)

static void fill_random(uint8_t *p, uint32_t seed)
{
    uint32_t st = seed;
    for (unsigned i = 0; i < 1024; i++)
        p[i] = (uint8_t)ref_rand(&st);
}

static unsigned lin(const unsigned d[4], unsigned i, unsigned j, unsigned k, unsigned l)
{
    return ((i * d[1] + j) * d[2] + k) * d[3] + l;
}

/* Expected tl.xpose result: dims a and b swapped, zeros after N bytes. */
static void xpose_ref(const uint8_t *in, uint8_t *out, const unsigned d[4], unsigned a,
                      unsigned b)
{
    unsigned r[4] = {d[0], d[1], d[2], d[3]};
    r[a] = d[b];
    r[b] = d[a];
    memset(out, 0, 1024);
    unsigned x[4];
    for (x[0] = 0; x[0] < d[0]; x[0]++)
        for (x[1] = 0; x[1] < d[1]; x[1]++)
            for (x[2] = 0; x[2] < d[2]; x[2]++)
                for (x[3] = 0; x[3] < d[3]; x[3]++) {
                    unsigned y[4] = {x[0], x[1], x[2], x[3]};
                    y[a] = x[b];
                    y[b] = x[a];
                    out[lin(r, y[0], y[1], y[2], y[3])] = in[lin(d, x[0], x[1], x[2], x[3])];
                }
}

static uint32_t perm_of(unsigned a, unsigned b)
{
    unsigned p[4] = {0, 1, 2, 3};
    p[a] = b;
    p[b] = a;
    return TL_PERM(p[0], p[1], p[2], p[3]);
}

#define XPOSE_CASE(op, a, b)                                                   \
    do {                                                                       \
        TL_PUT(2, src);                                                        \
        op(3, 2, desc);                                                        \
        TL_GET(3, got);                                                        \
        xpose_ref(src, want, d, a, b);                                         \
        CHECK_MEM(got, want, 1024);                                            \
        unsigned r_[4] = {d[0], d[1], d[2], d[3]};                             \
        r_[a] = d[b];                                                          \
        r_[b] = d[a];                                                          \
        CHECK_EQ_U32(tl_tensor_shape_read(), TL_DESC(r_[0], r_[1], r_[2], r_[3])); \
        CHECK_EQ_U32(tl_transpose_perm_read(), perm_of(a, b));                 \
    } while (0)

static void t_xpose_all_pairs(void)
{
    static const unsigned d[4] = {2, 3, 4, 5};
    uint32_t desc = TL_DESC(2, 3, 4, 5);
    fill_random(src, 301); /* bytes past N must not leak into the result */
    XPOSE_CASE(tl_xpose_01, 0, 1);
    XPOSE_CASE(tl_xpose_02, 0, 2);
    XPOSE_CASE(tl_xpose_03, 0, 3);
    XPOSE_CASE(tl_xpose_12, 1, 2);
    XPOSE_CASE(tl_xpose_13, 1, 3);
    XPOSE_CASE(tl_xpose_23, 2, 3);
}

/* The swapped spelling of a pair (funct7 011 a b vs 011 b a) is the same
 * operation (docs/isa.md). */
static void t_xpose_swapped_encoding(void)
{
    static const unsigned d[4] = {3, 7, 2, 6};
    uint32_t desc = TL_DESC(3, 7, 2, 6);
    fill_random(src, 302);
    TL_PUT(2, src);
    __asm__ volatile(".insn r 0x7B, 0, 0x36, x3, x2, %0" ::"r"(desc) : "memory"); /* .21 */
    TL_GET(3, got);
    xpose_ref(src, want, d, 1, 2);
    CHECK_MEM(got, want, 1024);
}

/* Bad descriptors: zero dimension (code 1) and more than 1024 bytes (code
 * 2, Appendix A.1's [8,16,8,2]); trap when TRAP=1, else only the status. */
static void t_bad_descriptor(void)
{
    fill_random(src, 303);
    TL_PUT(4, src);
    fill_random(src2, 304);
    TL_PUT(5, src2);
    tl_xpose_config_write(TL_XPOSE_CONFIG_TRAP);
    tl_xpose_status_write(0);
    uint32_t zero = TL_DESC(0, 4, 4, 4), big = 0x02081008u;
    CHECK_ILLEGAL(tl_xpose_01(5, 4, zero));
    CHECK_EQ_U32(tl_xpose_status_read(), TL_XSTATUS_ZERO_DIM);
    CHECK_ILLEGAL(tl_xpose_01(5, 4, big));
    CHECK_EQ_U32(tl_xpose_status_read(), TL_XSTATUS_TOO_BIG);
    TL_GET(5, got);
    CHECK_MEM(got, src2, 1024); /* a trapping instruction changes nothing */

    tl_xpose_config_write(0);
    tl_xpose_status_write(0);
    CHECK_NO_TRAP(tl_xpose_01(5, 4, big));
    CHECK_EQ_U32(tl_xpose_status_read(), TL_XSTATUS_TOO_BIG);
    TL_GET(5, got);
    CHECK_MEM(got, src2, 1024); /* "does nothing else" */
    tl_xpose_config_write(TL_XPOSE_CONFIG_TRAP);
    tl_xpose_status_write(0);
}

/* Concatenation along d: mask1 selects positions of tA, mask2 of tB. */
static void concat_ref(const uint8_t *a, const uint8_t *b, uint8_t *out, const unsigned d[4],
                       unsigned dim, uint32_t m1, uint32_t m2, unsigned *n_out)
{
    unsigned outer = 1, inner = 1, len = d[dim], n = 0;
    for (unsigned r = 0; r < dim; r++)
        outer *= d[r];
    for (unsigned r = dim + 1; r < 4; r++)
        inner *= d[r];
    for (unsigned p = 0; p < len; p++)
        n += ((m1 >> p) & 1) + ((m2 >> p) & 1);
    memset(out, 0, 1024);
    for (unsigned o = 0; o < outer; o++) {
        unsigned q = 0;
        for (unsigned p = 0; p < len; p++)
            if ((m1 >> p) & 1)
                memcpy(out + (o * n + q++) * inner, a + (o * len + p) * inner, inner);
        for (unsigned p = 0; p < len; p++)
            if ((m2 >> p) & 1)
                memcpy(out + (o * n + q++) * inner, b + (o * len + p) * inner, inner);
    }
    *n_out = n;
}

#define CONCAT_CASE(op, dim, m1, m2)                                           \
    do {                                                                       \
        tl_tensor_shape_write(TL_DESC(d[0], d[1], d[2], d[3]));                \
        tl_mask1_write(m1);                                                    \
        tl_mask2_write(m2);                                                    \
        op(6, 4, 5);                                                           \
        TL_GET(6, got);                                                        \
        unsigned n_;                                                           \
        concat_ref(src, src2, want, d, dim, m1, m2, &n_);                      \
        CHECK_MEM(got, want, 1024);                                            \
        unsigned r_[4] = {d[0], d[1], d[2], d[3]};                             \
        r_[dim] = n_;                                                          \
        CHECK_EQ_U32(tl_tensor_shape_read(), TL_DESC(r_[0], r_[1], r_[2], r_[3])); \
    } while (0)

static void t_concat(void)
{
    static const unsigned d[4] = {2, 3, 4, 5};
    fill_random(src, 305);
    fill_random(src2, 306);
    TL_PUT(4, src);
    TL_PUT(5, src2);
    /* Appendix A.2: mask1 0xC (positions 2, 3), mask2 0x3 (positions 0, 1),
     * bit i = position i (R7) */
    CONCAT_CASE(tl_concat_2, 2, 0xCu, 0x3u);
    CONCAT_CASE(tl_concat_0, 0, 0x2u, 0x3u);
    CONCAT_CASE(tl_concat_1, 1, 0x5u, 0x2u);
    /* bits past the dimension select nothing */
    CONCAT_CASE(tl_concat_1, 1, 0xFFFFFFF9u, 0x0u);
    tl_mask1_write(0);
    tl_mask2_write(0);
}

/* tl.addi: bytes as unsigned + imm, clamped to [0, 255]; a clamp is a
 * saturation (mcsr.msat, mxstatus.sat_hit). */
static void t_addi(void)
{
    for (unsigned i = 0; i < 1024; i++)
        src[i] = (uint8_t)(i * 7);
    TL_PUT(7, src);
    mcsr_write(0);
    mxstatus_write(0);
    tl_addi(8, 7, 0);
    CHECK(!(mcsr_read() & MCSR_MSAT));
    TL_GET(8, got);
    CHECK_MEM(got, src, 1024);
    tl_addi(8, 7, 100);
    CHECK(mcsr_read() & MCSR_MSAT);
    CHECK(mxstatus_read() & MXSTATUS_SAT_HIT);
    TL_GET(8, got);
    for (unsigned i = 0; i < 1024; i++)
        want[i] = (uint8_t)(src[i] + 100 > 255 ? 255 : src[i] + 100);
    CHECK_MEM(got, want, 1024);
    tl_addi(8, 7, -2048);
    TL_GET(8, got);
    memset(want, 0, 1024);
    CHECK_MEM(got, want, 1024);
    tl_addi(8, 7, 2047);
    TL_GET(8, got);
    memset(want, 255, 1024);
    CHECK_MEM(got, want, 1024);
    mcsr_write(0);
    mxstatus_write(0);
}

/* Appendix A.3: [8,16,8,1] (slices of 128 bytes), mask 0xCC loads slices
 * 2, 3, 6, 7 (R7: LSB first); everything else in the register is zero. */
static void t_mload_a3(void)
{
    fill_random(src, 307);
    memset(got, 0x5A, 1024);
    TL_PUT(9, got); /* old contents must not survive */
    memcpy(tt_src, src, 1024);
    mosaic_fence();
    tl_load_mask_write(0xCC);
    uint32_t desc = 0x01081008u;
    tl_mload(9, desc, tt_src);
    TL_GET(9, got);
    memset(want, 0, 1024);
    for (unsigned s = 0; s < 8; s++)
        if ((0xCCu >> s) & 1)
            memcpy(want + 128 * s, src + 128 * s, 128);
    CHECK_MEM(got, want, 1024);
}

/* tl.mstore writes only the selected slices. */
static void t_mstore(void)
{
    fill_random(src, 308);
    TL_PUT(10, src);
    memset(tt_dst, 0xC3, 1024);
    mosaic_fence();
    tl_store_mask_write(0x21); /* slices 0 and 5 of [8,4,4,8] (128 B each) */
    tl_mstore(10, tt_dst, TL_DESC(8, 4, 4, 8));
    mosaic_fence();
    memset(want, 0xC3, 1024);
    memcpy(want, src, 128);
    memcpy(want + 5 * 128, src + 5 * 128, 128);
    CHECK_MEM(tt_dst, want, 1024);
}

/* Tile instructions write all 1024 bytes (R9): an INT8 tile (256 B) leaves
 * zeros above it, visible through the TensorLoad byte view. */
static void t_whole_register_writes(void)
{
    fill_random(src, 309);
    TL_PUT(11, src);
    tcvt(11, 11, FMT_INT8); /* whatever the old tag, the result is 256 B */
    TL_GET(11, got);
    memset(want, 0, 1024);
    CHECK_MEM(got + 256, want, 768);
}

/* Illegal encodings: the seed's tl.xpose.13 funct7 (0111010: dims 2, 2),
 * equal dimension fields, tl.concat.3, non-zero I/R fields. */
/* An instruction text with a0 = val; a0 is set inside the asm because a
 * register variable does not survive the calls around the trap checks. */
#define WITH_A0(val, text)                                                     \
    __asm__ volatile("li a0, %0\n\t" text ::"i"(val) : "a0", "memory")

static void t_illegal(void)
{
    CHECK_ILLEGAL_WORD(WITH_A0(TL_DESC(2, 2, 2, 2), ".insn r 0x7B, 0, 0x3A, x3, x2, a0"),
                       MOSAIC_ENC_R(0x7B, 0, 0x3A, 3, 2, 10));
    CHECK_ILLEGAL_WORD(WITH_A0(TL_DESC(2, 2, 2, 2), ".insn r 0x7B, 0, 0x30, x3, x2, a0"),
                       MOSAIC_ENC_R(0x7B, 0, 0x30, 3, 2, 10));
    tl_tensor_shape_write(TL_DESC(2, 2, 2, 2));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x7B, 1, 0x43, 3, 4, 5), MOSAIC_ENC_R(0x7B, 1, 0x43, 3, 4, 5));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x7B, 5, 0, 3, 4, 5), MOSAIC_ENC_R(0x7B, 5, 0, 3, 4, 5));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x7B, 3, 0x51, 3, 4, 5), MOSAIC_ENC_R(0x7B, 3, 0x51, 3, 4, 5));
    /* the corrected .13 (0111101) is legal */
    CHECK_NO_TRAP(WITH_A0(TL_DESC(2, 2, 2, 2), ".insn r 0x7B, 0, 0x3D, x3, x2, a0"));
}

/* mload/mstore check the DDC region: load fault 5 / store fault 7, mtval =
 * the base address. */
static void t_ddc_faults(void)
{
    uintptr_t base = (uintptr_t)tt_src;
    mddcbase_write(base + 4096);
    mddclimit_write(base + 8191);
    tl_load_mask_write(1);
    tl_store_mask_write(1);
    CHECK_TRAP(tl_mload(12, FULL, tt_src), CAUSE_LOAD_FAULT, base);
    CHECK_TRAP(tl_mstore(12, tt_src, FULL), CAUSE_STORE_FAULT, base);
    /* unselected slices are not checked */
    tl_load_mask_write(0);
    CHECK_NO_TRAP(tl_mload(12, FULL, tt_src));
    mddcbase_write(0);
    mddclimit_write(0xFFFFFFFFu);
    mddcperm_write(DDC_R); /* read-only region: stores fault */
    tl_store_mask_write(1);
    CHECK_TRAP(tl_mstore(12, tt_dst, FULL), CAUSE_STORE_FAULT, (uintptr_t)tt_dst);
    mddcperm_write(DDC_R | DDC_W);
}

int main(void)
{
    tt_reset_csrs();
    MTEST_RUN(t_xpose_all_pairs);
    MTEST_RUN(t_xpose_swapped_encoding);
    MTEST_RUN(t_bad_descriptor);
    MTEST_RUN(t_concat);
    MTEST_RUN(t_addi);
    MTEST_RUN(t_mload_a3);
    MTEST_RUN(t_mstore);
    MTEST_RUN(t_whole_register_writes);
    MTEST_RUN(t_illegal);
    MTEST_RUN(t_ddc_faults);
    tt_reset_csrs();
    return mtest_finish();
}
