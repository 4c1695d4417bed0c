/* Directed tests of AME mmacc (custom-1): transpose flags, tiling modes,
 * guarded 4x4 and its fallback, wrap vs saturate, float rounding modes,
 * result tags, and the mx.badgeom traps. */
#include "tt.h"

static uint8_t at[4][1024], bt[4][1024], ct[16][1024], got[1024], want[1024];

/* op(X)[r][c] for the transpose flags: bTR bit 1 transposes A, bit 0 B. */
static unsigned idx_a(unsigned btr, unsigned i, unsigned k) { return (btr & 2) ? 16 * k + i : 16 * i + k; }
static unsigned idx_b(unsigned btr, unsigned k, unsigned j) { return (btr & 1) ? 16 * j + k : 16 * k + j; }

/* Integer reference: C += op(A) x op(B) (A, B INT8), result to rfmt with
 * wrap or saturation. */
static void ref_int(uint8_t *c, const uint8_t *a, const uint8_t *b, unsigned btr, unsigned rfmt,
                    bool wrap)
{
    /* Strides of op(A) along k and op(B) along k, hoisted: this runs on the
     * simulated core, and lockstep time is what bounds the test. A dot
     * product of 16 INT8 pairs fits in int32 (|.| <= 16 * 2^14). */
    const int bits = (int)fmt_bits(rfmt);
    const unsigned ak = idx_a(btr, 0, 1), bk = idx_b(btr, 1, 0);
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) {
            const int8_t *pa = (const int8_t *)a + idx_a(btr, i, 0);
            const int8_t *pb = (const int8_t *)b + idx_b(btr, 0, j);
            int32_t dot = 0;
            for (unsigned k = 0; k < 16; k++, pa += ak, pb += bk)
                dot += *pa * *pb;
            uint32_t old = tt_get(c, rfmt, 16 * i + j);
            int64_t s = bits == 8 ? (int8_t)old : bits == 16 ? (int16_t)old : (int32_t)old;
            s += dot;
            uint32_t v = wrap ? (uint32_t)s : (uint32_t)ref_sat(s, bits);
            tt_set(c, rfmt, 16 * i + j, v);
        }
}

/* Registers: A at 0.., B at 4.., C at 8.. (4x4 needs 16 C registers). */
#define RA 0
#define RB 4
#define RC 8

/* The four results of a 2x2 mmacc: C_n += op(A_{n/2}) x op(B_{n%2}). */
static void ref_2x2(unsigned btr, unsigned rfmt, bool wrap)
{
    for (unsigned n = 0; n < 4; n++)
        ref_int(ct[n], at[n >> 1], bt[n & 1], btr, rfmt, wrap);
}

static void fill_inputs(uint32_t seed)
{
    uint32_t st = seed;
    for (unsigned t = 0; t < 4; t++) {
        tt_fill(at[t], FMT_INT8, tt_rand_i8, &st);
        tt_fill(bt[t], FMT_INT8, tt_rand_i8, &st);
    }
    TT_LOAD(RA + 0, FMT_INT8, at[0]);
    TT_LOAD(RA + 1, FMT_INT8, at[1]);
    TT_LOAD(RA + 2, FMT_INT8, at[2]);
    TT_LOAD(RA + 3, FMT_INT8, at[3]);
    TT_LOAD(RB + 0, FMT_INT8, bt[0]);
    TT_LOAD(RB + 1, FMT_INT8, bt[1]);
    TT_LOAD(RB + 2, FMT_INT8, bt[2]);
    TT_LOAD(RB + 3, FMT_INT8, bt[3]);
}

/* Zero C registers 8..23 and the reference copies. */
static void zero_c(void)
{
    tzero(8); tzero(9); tzero(10); tzero(11); tzero(12); tzero(13); tzero(14); tzero(15);
    tzero(16); tzero(17); tzero(18); tzero(19); tzero(20); tzero(21); tzero(22); tzero(23);
    memset(ct, 0, sizeof ct);
}

/* Store C register RC + n (constant n) and compare with ct[n] as rfmt. */
#define CHECK_C(n, rfmt)                                                       \
    do {                                                                       \
        TT_STORE(RC + (n), rfmt, got);                                         \
        tt_check_tile(__FILE__, __LINE__, "C" #n, got, ct[n], rfmt, 256);      \
    } while (0)

static void t_btr_1x1(void)
{
    fill_inputs(401);
    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    uint32_t st = 402;
    for (unsigned i = 0; i < 256; i++)
        tt_set(ct[0], FMT_INT32, i, (uint32_t)ref_rand_range(&st, -5000, 5000));
    TT_LOAD(RC, FMT_INT32, ct[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);
    mmacc(RC, RA, RB, BTR_ABT);
    ref_int(ct[0], at[0], bt[0], 1, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);
    mmacc(RC, RA, RB, BTR_ATB);
    ref_int(ct[0], at[0], bt[0], 2, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);
    mmacc(RC, RA, RB, BTR_ATBT);
    ref_int(ct[0], at[0], bt[0], 3, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);
}

/* 2x2: (0,0->0) (0,1->1) (1,0->2) (1,1->3); 1x4: (0,j->j); 4x1: (i,0->i). */
static void t_tiling_modes(void)
{
    fill_inputs(403);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 1));

    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_2x2(0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_C(1, FMT_INT16);
    CHECK_C(2, FMT_INT16);
    CHECK_C(3, FMT_INT16);
    CHECK_C(4, FMT_INT16); /* untouched: still zero */

    mxtile_write(MXTILE(16, 16, MX_TILING_1X4, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    for (unsigned n = 0; n < 4; n++)
        ref_int(ct[n], at[0], bt[n], 0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_C(1, FMT_INT16);
    CHECK_C(2, FMT_INT16);
    CHECK_C(3, FMT_INT16);

    mxtile_write(MXTILE(16, 16, MX_TILING_4X1, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    for (unsigned n = 0; n < 4; n++)
        ref_int(ct[n], at[n], bt[0], 0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_C(1, FMT_INT16);
    CHECK_C(2, FMT_INT16);
    CHECK_C(3, FMT_INT16);
}

/* Guarded 4x4: INT8 -> INT8 passes (8-bit output, 16 result tiles); INT8
 * -> INT32 fails the width rule and falls back to 2x2 with the sticky flag. */
static void t_guard4x4(void)
{
    fill_inputs(404);
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 1)); /* TILING ignored */
    mxstatus_write(0);
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    CHECK_EQ_U32(mxstatus_read() & MXSTATUS_GUARD_FALLBACK, 0);
    for (unsigned n = 0; n < 16; n++)
        ref_int(ct[n], at[n >> 2], bt[n & 3], 0, FMT_INT8, true);
    CHECK_C(0, FMT_INT8);
    CHECK_C(5, FMT_INT8);
    CHECK_C(6, FMT_INT8);
    CHECK_C(11, FMT_INT8);
    CHECK_C(15, FMT_INT8);

    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    CHECK(mxstatus_read() & MXSTATUS_GUARD_FALLBACK);
    ref_2x2(0, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);
    CHECK_C(3, FMT_INT32);
    CHECK_C(4, FMT_INT8); /* 2x2 wrote only C0..C3: C4 keeps its INT8 tag, zero */
    mxstatus_write(0);
}

/* INT8 -> INT8: SAT=0 wraps (no flag); SAT=1 saturates (sat_hit, msat).
 * INT8 -> INT16 saturates even with SAT=0 (widths differ). */
static void t_wrap_sat(void)
{
    fill_inputs(405);
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    mxstatus_write(0);
    mcsr_write(0);
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT8, true);
    CHECK_C(0, FMT_INT8);
    CHECK_EQ_U32(mxstatus_read() & MXSTATUS_SAT_HIT, 0);

    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 1));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT8, false);
    CHECK_C(0, FMT_INT8);
    CHECK(mxstatus_read() & MXSTATUS_SAT_HIT);
    CHECK(mcsr_read() & MCSR_MSAT);

    /* INT16 saturation needs sums beyond 32767: all-(-128) operands give
     * 16 * 16384 = 262144 */
    memset(at[0], 0x80, 256);
    memset(bt[0], 0x80, 256);
    TT_LD(RA, FMT_INT8, at[0]);
    TT_LD(RB, FMT_INT8, bt[0]);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_EQ_U32(tt_get(ct[0], FMT_INT16, 0), 0x7FFF);
    mxstatus_write(0);
    mcsr_write(0);
}

/* The destination's tag becomes RFmt: tst of C then stores RFmt-sized
 * elements (512 bytes for INT16). */
static void t_result_tag(void)
{
    fill_inputs(406);
    tinit(RC, FMT_FP32);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 1));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    mmacc(RC, RA, RB, BTR_AB);
    memset(tt_dst, 0xEE, 1024);
    mosaic_fence();
    tst(RC, tt_dst, 32);
    mosaic_fence();
    memset(ct[0], 0, 1024);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT16, false);
    tt_check_tile(__FILE__, __LINE__, "C as INT16", tt_dst, ct[0], FMT_INT16, 256);
    CHECK_EQ_U32(tt_dst[512], 0xEE);
}

/* Float: BF16 -> FP32 follows the tmma FMA chain; RND picks the rounding:
 * 1 + 2^-30 is inexact in FP32. */
static void t_float_rounding(void)
{
    uint16_t a[256] = {0}, b[256] = {0};
    a[0] = 0x3800; /* 2^-15 */
    b[0] = 0x3800;
    TT_LOAD(RA, FMT_BF16, a);
    TT_LOAD(RB, FMT_BF16, b);
    uint32_t c0[256] = {0};
    c0[0] = 0x3F800000u;  /* +1 */
    c0[1] = 0xBF800000u;  /* -1, gets 0 * 0 only: exact */
    static const uint32_t rnd[4] = {MX_RND_RNE, MX_RND_RUP, MX_RND_RDN, MX_RND_RTZ};
    static const uint32_t want0[4] = {0x3F800000u, 0x3F800001u, 0x3F800000u, 0x3F800000u};
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    for (unsigned r = 0; r < 4; r++) {
        mxcfg_write(MXCFG(AME_BF16, AME_FP32, rnd[r], 0));
        mxstatus_write(0);
        TT_LOAD(RC, FMT_FP32, c0);
        mmacc(RC, RA, RB, BTR_AB);
        TT_STORE(RC, FMT_FP32, got);
        CHECKF(tt_get(got, FMT_FP32, 0) == want0[r], "RND %lu: 0x%08lx, want 0x%08lx",
               (unsigned long)rnd[r], (unsigned long)tt_get(got, FMT_FP32, 0),
               (unsigned long)want0[r]);
        CHECK_EQ_U32(tt_get(got, FMT_FP32, 1), 0xBF800000u);
        CHECK(mxstatus_read() & MXSTATUS_INEXACT);
    }
    /* random BF16 and FP16 against the RNE reference */
    uint32_t st = 407;
    for (unsigned pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < 256; i++) {
            uint32_t x = tt_rand_f32(&st), y = tt_rand_f32(&st);
            a[i] = pass ? ref_f32_to_fp16(u2f(x)) : (uint16_t)(x >> 16);
            b[i] = pass ? ref_f32_to_fp16(u2f(y)) : (uint16_t)(y >> 16);
            c0[i] = tt_rand_f32(&st);
        }
        memcpy(at[0], a, 512);
        memcpy(bt[0], b, 512);
        TT_LD(RA, FMT_BF16, a); /* A/B tags do not matter to mmacc */
        TT_LD(RB, FMT_BF16, b);
        TT_LOAD(RC, FMT_FP32, c0);
        mxcfg_write(MXCFG(pass ? AME_FP16 : AME_BF16, AME_FP32, MX_RND_RNE, 0));
        mmacc(RC, RA, RB, BTR_ABT);
        TT_STORE(RC, FMT_FP32, got);
        for (unsigned i = 0; i < 16; i++)
            for (unsigned j = 0; j < 16; j++) {
                float acc = u2f(c0[16 * i + j]);
                for (unsigned k = 0; k < 16; k++) {
                    uint16_t x = a[16 * i + k], y = b[16 * j + k];
                    float fx = pass ? ref_fp16_to_f32(x) : ref_bf16_to_f32(x);
                    float fy = pass ? ref_fp16_to_f32(y) : ref_bf16_to_f32(y);
                    acc = ref_fmaf(fx, fy, acc);
                }
                tt_set(want, FMT_FP32, 16 * i + j, f2u(acc));
            }
        tt_check_tile(__FILE__, __LINE__, pass ? "fp16->fp32" : "bf16->fp32", got, want,
                      FMT_FP32, 256);
    }
}

/* Geometry and format checks trap illegal with mx.badgeom (R11, R12). */
#define BADGEOM(cfg, tile, insn_stmt, word)                                    \
    do {                                                                       \
        mxcfg_write(cfg);                                                      \
        mxtile_write(tile);                                                    \
        mxstatus_write(0);                                                     \
        CHECK_ILLEGAL_WORD(insn_stmt, word);                                   \
        CHECK(mxstatus_read() & MXSTATUS_BADGEOM);                             \
    } while (0)

static void t_badgeom(void)
{
    uint32_t ok_cfg = MXCFG(AME_INT8, AME_INT32, 0, 0);
    uint32_t ok_tile = MXTILE(16, 16, MX_TILING_1X1, 0);
    uint32_t w = MOSAIC_ENC_R(0x2B, 0, 0, 8, 0, 4);
    BADGEOM(ok_cfg, MXTILE(8, 16, MX_TILING_1X1, 0), mmacc(8, 0, 4, 0), w);   /* M != 16 */
    BADGEOM(ok_cfg, MXTILE(16, 8, MX_TILING_1X1, 0), mmacc(8, 0, 4, 0), w);   /* K != 16 */
    BADGEOM(MXCFG(AME_INT8, AME_FP32, 0, 0), ok_tile, mmacc(8, 0, 4, 0), w);  /* no such pair */
    BADGEOM(MXCFG(0x13, AME_FP32, 0, 0), ok_tile, mmacc(8, 0, 4, 0), w);      /* UE8M0 */
    BADGEOM(MXCFG(AME_BF16, AME_FP32, 4, 0), ok_tile, mmacc(8, 0, 4, 0), w);  /* RND 4 */
    /* register indices past 31: 4x1 from C base 30 needs C30..C33 */
    BADGEOM(ok_cfg, MXTILE(16, 16, MX_TILING_4X1, 0), mmacc(30, 0, 4, 0),
            MOSAIC_ENC_R(0x2B, 0, 0, 30, 0, 4));
    BADGEOM(ok_cfg, MXTILE(16, 16, MX_TILING_2X2, 0), mmacc(8, 31, 4, 0),
            MOSAIC_ENC_R(0x2B, 0, 0, 8, 31, 4));
    /* a legal configuration does not trap and leaves badgeom alone */
    mxcfg_write(ok_cfg);
    mxtile_write(ok_tile);
    mxstatus_write(0);
    CHECK_NO_TRAP(mmacc(8, 0, 4, 0));
    CHECK_EQ_U32(mxstatus_read() & MXSTATUS_BADGEOM, 0);
    /* funct7 above btr and funct3 4 are not AME instructions */
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x2B, 0, 4, 8, 0, 4), MOSAIC_ENC_R(0x2B, 0, 4, 8, 0, 4));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x2B, 4, 0, 8, 0, 4), MOSAIC_ENC_R(0x2B, 4, 0, 8, 0, 4));
}

/* msettile restricts mmacc like tmma; other elements keep their bits. */
static void t_mtile_subproblem(void)
{
    fill_inputs(408);
    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    uint32_t st = 409;
    for (unsigned i = 0; i < 256; i++)
        tt_set(ct[0], FMT_INT32, i, ref_rand(&st));
    TT_LOAD(RC, FMT_INT32, ct[0]);
    CHECK_EQ_U32(msettilemi(5), 5);
    CHECK_EQ_U32(msettileki(9), 9);
    CHECK_EQ_U32(msettileni(40), 16); /* clamps to 16 */
    mmacc(RC, RA, RB, BTR_AB);
    msettile_full();
    for (unsigned i = 0; i < 5; i++)
        for (unsigned j = 0; j < 16; j++) {
            int32_t s = (int32_t)tt_get(ct[0], FMT_INT32, 16 * i + j);
            for (unsigned k = 0; k < 9; k++)
                s += (int8_t)at[0][16 * i + k] * (int8_t)bt[0][16 * k + j];
            tt_set(ct[0], FMT_INT32, 16 * i + j, (uint32_t)s);
        }
    CHECK_C(0, FMT_INT32);
}

/* R9: mmacc rewrites all 1024 bytes of each C (its tile in RFmt, zeros
 * above) also when C's bytes above that tile are not zero: after a
 * TensorLoad write, which ignores tags, or under a wider old tag. The tile
 * is checked here; the bytes above it are compared with the golden model by
 * lockstep (mosaic-sim), which is what this case is for: the RTL clears them
 * with a separate zero writer (docs/microarchitecture.md §5.2). tmma after a
 * TensorLoad write takes the same path. */
static void t_r9_clear(void)
{
    fill_inputs(409);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 1));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));

    tinit(RC, FMT_INT16);
    tl_addi(RC, RC, 1); /* every byte 0x01, tag still INT16 */
    memset(ct[0], 1, sizeof ct[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);

    /* Old tag FP32 (1024 bytes of data), result INT16 read from the low
     * 512 bytes; 2x2 so that several sub-operations need the clear. */
    uint32_t st = 410;
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    for (unsigned n = 0; n < 4; n++)
        tt_fill(ct[n], FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(RC + 0, FMT_FP32, ct[0]);
    TT_LOAD(RC + 1, FMT_FP32, ct[1]);
    TT_LOAD(RC + 2, FMT_FP32, ct[2]);
    TT_LOAD(RC + 3, FMT_FP32, ct[3]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_2x2(0, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_C(1, FMT_INT16);
    CHECK_C(2, FMT_INT16);
    CHECK_C(3, FMT_INT16);

    /* tmma into an FP16 D that a TensorLoad instruction wrote (bytes 0x3C3C
     * = 1.0586 as FP16), with zero inputs: the tile keeps its values. */
    mcsr_write(0);
    tinit(RC + 4, FMT_FP16);
    tl_addi(RC + 4, RC + 4, 0x3C);
    tinit(RA + 3, FMT_FP16);
    tinit(RB + 3, FMT_FP16);
    tmma(RC + 4, RA + 3, RB + 3);
    memset(want, 0x3C, 512);
    TT_STORE(RC + 4, FMT_FP16, got);
    CHECK_MEM(got, want, 512);
}

/* Operand reuse. The mma engine keeps the widened A and B tiles of recent
 * ops, tagged by register, format and FP8 subnormal mode, and does not
 * restage an operand whose tag matches; any TRF write to a register drops
 * its tags (docs/microarchitecture.md §5.4). These cases issue mmacc back to
 * back, with no tld between them, so tags survive from one instruction to
 * the next; results are checked against ref_int here and every instruction
 * against the golden model (which has no such buffers) by lockstep. */

/* INT8 -> INT16 2x2, 1x4 (A repeats), 4x1 (B repeats), then 2x2 again
 * under another bTR: the operand mode is applied after staging, so a tile
 * staged for one bTR serves another. Then guarded 4x4 INT8 -> INT8 (wrap):
 * each A repeats four times while B cycles through four registers, more
 * than the engine keeps. */
static void t_reuse_modes(void)
{
    fill_inputs(411);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 1));
    zero_c();
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    mmacc(RC, RA, RB, BTR_AB);
    mxtile_write(MXTILE(16, 16, MX_TILING_1X4, 0));
    mmacc(RC + 4, RA + 1, RB, BTR_ABT);
    mxtile_write(MXTILE(16, 16, MX_TILING_4X1, 0));
    mmacc(RC + 8, RA, RB + 1, BTR_ATB);
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    mmacc(RC, RA, RB, BTR_ATBT);
    for (unsigned n = 0; n < 4; n++) {
        ref_int(ct[n], at[n >> 1], bt[n & 1], 0, FMT_INT16, false);
        ref_int(ct[4 + n], at[1], bt[n], 1, FMT_INT16, false);
        ref_int(ct[8 + n], at[n], bt[1], 2, FMT_INT16, false);
    }
    ref_2x2(3, FMT_INT16, false);
    CHECK_C(0, FMT_INT16);
    CHECK_C(1, FMT_INT16);
    CHECK_C(2, FMT_INT16);
    CHECK_C(3, FMT_INT16);
    CHECK_C(4, FMT_INT16);
    CHECK_C(5, FMT_INT16);
    CHECK_C(6, FMT_INT16);
    CHECK_C(7, FMT_INT16);
    CHECK_C(8, FMT_INT16);
    CHECK_C(9, FMT_INT16);
    CHECK_C(10, FMT_INT16);
    CHECK_C(11, FMT_INT16);

    /* tzero writes only C registers: A and B stay staged. */
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 1));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    mmacc(RC, RA, RB, BTR_ABT);
    for (unsigned n = 0; n < 16; n += 3) { /* the results checked below */
        ref_int(ct[n], at[n >> 2], bt[n & 3], 0, FMT_INT8, true);
        ref_int(ct[n], at[n >> 2], bt[n & 3], 1, FMT_INT8, true);
    }
    CHECK_C(0, FMT_INT8);
    CHECK_C(3, FMT_INT8);
    CHECK_C(6, FMT_INT8);
    CHECK_C(9, FMT_INT8);
    CHECK_C(12, FMT_INT8);
    CHECK_C(15, FMT_INT8);
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
}

/* A or B rewritten between two mmacc that would otherwise reuse it: by tld
 * (the LSU), by tzero (the element-wise engine), and by the mma engine's
 * own result -- across instructions and inside one 2x2 mmacc whose first
 * result register is its own later A. */
static void t_reuse_rewrite(void)
{
    uint32_t st = 413;
    fill_inputs(412);
    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);
    mmacc(RC, RA, RB, BTR_AB); /* reuses both */
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);

    tt_fill(at[0], FMT_INT8, tt_rand_i8, &st);
    TT_LD(RA, FMT_INT8, at[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);

    tt_fill(bt[0], FMT_INT8, tt_rand_i8, &st);
    TT_LD(RB, FMT_INT8, bt[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);

    tzero(RA);
    memset(at[0], 0, sizeof at[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);

    /* The engine's own write: A0 := A0 + A1 x B1 (INT8, wraps), then A0
     * (staged as an A by the mmacc above) is read again. */
    tt_fill(at[0], FMT_INT8, tt_rand_i8, &st);
    TT_LD(RA, FMT_INT8, at[0]);
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    mmacc(RA, RA + 1, RB + 1, BTR_AB);
    ref_int(at[0], at[1], bt[1], 0, FMT_INT8, true);
    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    mmacc(RC, RA, RB, BTR_AB);
    ref_int(ct[0], at[0], bt[0], 0, FMT_INT32, false);
    CHECK_C(0, FMT_INT32);

    /* 2x2 INT8 -> INT8 staging A0, A1, B0, B1; then 2x2 with C = A1..: its
     * sub-operation 0 writes A1 (r1) and sub-operation 2 reads it, and
     * sub-operation 3 writes B0 (r4), which sub-operation 2 reads. */
    fill_inputs(414);
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    zero_c();
    mmacc(RC, RA, RB, BTR_AB);
    ref_2x2(0, FMT_INT8, true);
    mmacc(RA + 1, RA, RB, BTR_AB);
    ref_int(at[1], at[0], bt[0], 0, FMT_INT8, true);
    ref_int(at[2], at[0], bt[1], 0, FMT_INT8, true);
    ref_int(at[3], at[1], bt[0], 0, FMT_INT8, true);
    ref_int(bt[0], at[1], bt[1], 0, FMT_INT8, true);
    mmacc(RC, RA, RB, BTR_AB); /* A1 and B0 as rewritten */
    ref_2x2(0, FMT_INT8, true);
    CHECK_C(0, FMT_INT8);
    CHECK_C(1, FMT_INT8);
    CHECK_C(2, FMT_INT8);
    CHECK_C(3, FMT_INT8);
    TT_STORE(RA + 3, FMT_INT8, got);
    tt_check_tile(__FILE__, __LINE__, "A3", got, at[3], FMT_INT8, 256);
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
}

/* Value of an FP8 byte with no Inf/NaN encoding in use (E4M3 or E5M2);
 * subnormals flush to zero unless `sub` (mcsr.MFP8SUB). */
static float fp8_val(uint8_t b, bool e5m2, bool sub)
{
    unsigned eb = e5m2 ? 5 : 4, m = 7 - eb, bias = e5m2 ? 15 : 7;
    unsigned e = (b >> m) & ((1u << eb) - 1), f = b & ((1u << m) - 1);
    float v;
    if (e == 0)
        v = sub ? (float)f * u2f((127u - bias + 1 - m) << 23) : 0.0f;
    else
        v = (float)((1u << m) + f) * u2f((127u + e - bias - m) << 23);
    return (b & 0x80) ? -v : v;
}

/* The same A and B bytes under another mcsr.MFP8SUB or another FP8 format
 * widen to other values: the tag must miss. A holds E4M3 subnormals (E5M2
 * subnormals and small normals), B 0x38 (1.0 in E4M3, 0.5 in E5M2); every
 * sum is exact in FP16. */
static void t_reuse_fmt(void)
{
    static const struct { uint32_t ifmt; bool sub; } cs[5] = {
        {AME_E4M3, false}, {AME_E4M3, true}, {AME_E5M2, true}, {AME_E4M3, false},
        {AME_E5M2, false},
    };
    uint8_t a[256], b[256];
    for (unsigned i = 0; i < 16; i++)
        for (unsigned k = 0; k < 16; k++)
            a[16 * i + k] = (uint8_t)(((3 * i + k) % 7 + 1) | (((i + k) & 4) ? 0x80 : 0));
    memset(b, 0x38, sizeof b); /* the reference below relies on one B value */
    TT_LOAD(RA, FMT_E4M3, a);
    TT_LOAD(RB, FMT_E4M3, b);
    zero_c();
    mxtile_write(MXTILE(16, 16, MX_TILING_1X1, 0));
    for (unsigned c = 0; c < 5; c++) {
        mcsr_write(cs[c].sub ? MCSR_MFP8SUB : 0);
        mxcfg_write(MXCFG(cs[c].ifmt, AME_FP16, MX_RND_RNE, 0));
        bool e5 = cs[c].ifmt == AME_E5M2;
        switch (c) { /* mmacc needs constant registers */
        case 0: mmacc(RC + 0, RA, RB, BTR_AB); break;
        case 1: mmacc(RC + 1, RA, RB, BTR_AB); break;
        case 2: mmacc(RC + 2, RA, RB, BTR_AB); break;
        case 3: mmacc(RC + 3, RA, RB, BTR_AB); break;
        default: mmacc(RC + 4, RA, RB, BTR_AB); break;
        }
        /* B is one value everywhere, so row i of C is that value times the
         * sum of A's row i (soft float on the core: kept to a few hundred
         * operations per case). */
        float bv = fp8_val(0x38, e5, cs[c].sub);
        for (unsigned i = 0; i < 16; i++) {
            float acc = 0.0f;
            for (unsigned k = 0; k < 16; k++)
                acc += fp8_val(a[16 * i + k], e5, cs[c].sub) * bv;
            uint16_t h = ref_f32_to_fp16(acc);
            for (unsigned j = 0; j < 16; j++)
                tt_set(ct[c], FMT_FP16, 16 * i + j, h);
        }
    }
    mcsr_write(0);
    CHECK_C(0, FMT_FP16);
    CHECK_C(1, FMT_FP16);
    CHECK_C(2, FMT_FP16);
    CHECK_C(3, FMT_FP16);
    CHECK_C(4, FMT_FP16);
}

int main(void)
{
    tt_reset_csrs();
    MTEST_RUN(t_btr_1x1);
    MTEST_RUN(t_tiling_modes);
    MTEST_RUN(t_guard4x4);
    MTEST_RUN(t_wrap_sat);
    MTEST_RUN(t_result_tag);
    MTEST_RUN(t_float_rounding);
    MTEST_RUN(t_badgeom);
    MTEST_RUN(t_mtile_subproblem);
    MTEST_RUN(t_r9_clear);
    MTEST_RUN(t_reuse_modes);
    MTEST_RUN(t_reuse_rewrite);
    MTEST_RUN(t_reuse_fmt);
    tt_reset_csrs();
    return mtest_finish();
}
