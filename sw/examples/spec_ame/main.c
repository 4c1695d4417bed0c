/* AME section 7, examples 1-4, on Mosaic.
 *
 * The seed writes mxtile in its section 7 layout; Mosaic uses the section 6
 * layout (ARCHITECTURE §3: it has a 1x1 mode and room for M = K = 16), so
 * `2x2 | GUARD4x4 | M=16 | K=16` becomes MXTILE(16, 16, 2X2, 1). The
 * examples use MMACC.T, "C = A x B^T", so they run with btr = 1 (A x B^T);
 * the sketch's immediate 0 is read as "no further options".
 *
 * GUARD4x4 is set throughout, so examples 1-3 (outputs of 16 bits or less)
 * run as 4x4 (A0..A3 x B0..B3 -> C0..C15) and example 4 (INT32 output)
 * falls back to 2x2 and sets mxstatus.guard_fallback. Every result is
 * checked against plain C on the target; built with -DSPEC_AME_RTL (for the
 * RTL simulator, where lockstep compares every element with the golden
 * model anyway) example 3 checks one element in FP8_SAMPLE, because its
 * soft-float reference is 20 M instructions. */
#include <stdio.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"
#include "mtest.h"

#define TA 0  /* tA0..tA3 */
#define TB 4  /* tB0..tB3 */
#define TC 16 /* tC0..tC15 */

static uint8_t a[4][256] MOSAIC_TENSOR; /* input tiles (8-bit) */
static uint8_t b[4][256] MOSAIC_TENSOR;
static uint8_t c_out[1024] MOSAIC_TENSOR;
static uint8_t ref[1024];

#ifdef SPEC_AME_RTL
#define FP8_SAMPLE 17u
#else
#define FP8_SAMPLE 1u
#endif

static void load_inputs(int fp8)
{
    uint32_t st = fp8 ? 0xF8F8u : 0x1818u;
    for (unsigned t = 0; t < 4; t++)
        for (unsigned i = 0; i < 256; i++) {
            uint32_t r = ref_rand(&st);
            /* FP8: |x| < 16 so FP16 sums stay finite */
            a[t][i] = (uint8_t)(fp8 ? (r & 0x80) | (r >> 8) % 88 : r);
            b[t][i] = (uint8_t)(fp8 ? (r >> 16 & 0x80) | (r >> 20) % 88 : r >> 16);
        }
    mosaic_fence();
    /* mmacc reads A and B as IFmt whatever their tags; tld needs a byte tag */
    tinit(TA + 0, FMT_INT8); tld(TA + 0, a[0], 16);
    tinit(TA + 1, FMT_INT8); tld(TA + 1, a[1], 16);
    tinit(TA + 2, FMT_INT8); tld(TA + 2, a[2], 16);
    tinit(TA + 3, FMT_INT8); tld(TA + 3, a[3], 16);
    tinit(TB + 0, FMT_INT8); tld(TB + 0, b[0], 16);
    tinit(TB + 1, FMT_INT8); tld(TB + 1, b[1], 16);
    tinit(TB + 2, FMT_INT8); tld(TB + 2, b[2], 16);
    tinit(TB + 3, FMT_INT8); tld(TB + 3, b[3], 16);
}

/* C registers start at zero (C accumulates). */
static void zero_c(void)
{
    tzero(16); tzero(17); tzero(18); tzero(19); tzero(20); tzero(21); tzero(22); tzero(23);
    tzero(24); tzero(25); tzero(26); tzero(27); tzero(28); tzero(29); tzero(30); tzero(31);
}

/* C = A x B^T for one sub-operation, as `kind`: 0 INT8 wrap, 1 INT16 sat,
 * 2 INT32, 3 FP8 E4M3 -> FP16. */
static void expect(unsigned kind, const uint8_t *A, const uint8_t *B)
{
    for (unsigned i = 0; i < 16; i++)
        for (unsigned j = 0; j < 16; j++) {
            unsigned e = 16 * i + j;
            if (kind == 3) {
                if (e % FP8_SAMPLE != 0) { /* not checked: the element as stored */
                    memcpy(ref + 2 * e, c_out + 2 * e, 2);
                    continue;
                }
                float acc = 0.0f;
                for (unsigned k = 0; k < 16; k++)
                    acc = ref_fmaf(ref_e4m3_to_f32(A[16 * i + k], false),
                                   ref_e4m3_to_f32(B[16 * j + k], false), acc);
                uint16_t h = ref_f32_to_fp16(acc);
                memcpy(ref + 2 * e, &h, 2);
                continue;
            }
            int32_t s = 0;
            for (unsigned k = 0; k < 16; k++)
                s += (int8_t)A[16 * i + k] * (int8_t)B[16 * j + k];
            if (kind == 0)
                ref[e] = (uint8_t)s;
            else if (kind == 1) {
                int16_t h = (int16_t)ref_sat(s, 16);
                memcpy(ref + 2 * e, &h, 2);
            } else
                memcpy(ref + 4 * e, &s, 4);
        }
}

/* Store C register TC + n with the row pitch of its (RFmt) tag. */
#define STORE_C(n, pitch)                                                      \
    do {                                                                       \
        tst(TC + (n), c_out, pitch);                                           \
        mosaic_fence();                                                        \
    } while (0)

/* Check the 16 (4x4) or 4 (2x2) results; n is a constant in each case. */
#define CHECK_C(n, kind, bytes, a_i, b_j)                                      \
    do {                                                                       \
        STORE_C(n, 16 * (bytes));                                              \
        expect(kind, a[a_i], b[b_j]);                                          \
        CHECK_MEM(c_out, ref, 256 * (bytes));                                  \
    } while (0)
#define CHECK_4X4(kind, bytes)                                                 \
    do {                                                                       \
        CHECK_C(0, kind, bytes, 0, 0); CHECK_C(1, kind, bytes, 0, 1);          \
        CHECK_C(2, kind, bytes, 0, 2); CHECK_C(3, kind, bytes, 0, 3);          \
        CHECK_C(4, kind, bytes, 1, 0); CHECK_C(5, kind, bytes, 1, 1);          \
        CHECK_C(6, kind, bytes, 1, 2); CHECK_C(7, kind, bytes, 1, 3);          \
        CHECK_C(8, kind, bytes, 2, 0); CHECK_C(9, kind, bytes, 2, 1);          \
        CHECK_C(10, kind, bytes, 2, 2); CHECK_C(11, kind, bytes, 2, 3);        \
        CHECK_C(12, kind, bytes, 3, 0); CHECK_C(13, kind, bytes, 3, 1);        \
        CHECK_C(14, kind, bytes, 3, 2); CHECK_C(15, kind, bytes, 3, 3);        \
    } while (0)

static void report(const char *what)
{
    uint32_t s = mxstatus_read();
    printf("%s: %s, mxstatus guard_fallback=%lu inexact=%lu sat_hit=%lu\n", what,
           (s & MXSTATUS_GUARD_FALLBACK) ? "fell back to 2x2" : "ran as 4x4",
           (unsigned long)(s & 1), (unsigned long)((s >> 2) & 1), (unsigned long)((s >> 3) & 1));
}

/* 1) INT8 x INT8 -> INT16, SAT=1, mxtile 2x2 | GUARD4x4 | M=16 | K=16 */
static void example1_int8_int16(void)
{
    load_inputs(0);
    zero_c();
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 1));
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 1));
    mxstatus_write(0);
    mmacc(TC, TA, TB, BTR_ABT);
    CHECK_EQ_U32(mxstatus_read() & MXSTATUS_GUARD_FALLBACK, 0);
    CHECK_4X4(1, 2);
    report("example 1 INT8->INT16 (SAT=1)");
}

/* 2) INT8 x INT8 -> INT8, SAT=0: overflow wraps */
static void example2_int8_int8(void)
{
    zero_c();
    mxcfg_write(MXCFG(AME_INT8, AME_INT8, 0, 0));
    mxstatus_write(0);
    mmacc(TC, TA, TB, BTR_ABT);
    CHECK_EQ_U32(mxstatus_read() & (MXSTATUS_GUARD_FALLBACK | MXSTATUS_SAT_HIT), 0);
    CHECK_4X4(0, 1);
    report("example 2 INT8->INT8 (SAT=0, wraps)");
}

/* 3) FP8 (E4M3) x FP8 -> FP16, RND = nearest-even; accumulation in FP32
 * with one final rounding (R11) */
static void example3_fp8_fp16(void)
{
    load_inputs(1);
    zero_c();
    mxcfg_write(MXCFG(AME_E4M3, AME_FP16, MX_RND_RNE, 0));
    mxstatus_write(0);
    mmacc(TC, TA, TB, BTR_ABT);
    CHECK_EQ_U32(mxstatus_read() & MXSTATUS_GUARD_FALLBACK, 0);
    CHECK_4X4(3, 2);
    report("example 3 E4M3->FP16 (RNE)");
}

/* 4) INT8 x INT8 -> INT32: 32-bit output fails the 4x4 guard */
static void example4_int8_int32(void)
{
    load_inputs(0);
    zero_c();
    mxcfg_write(MXCFG(AME_INT8, AME_INT32, 0, 0));
    mxstatus_write(0);
    mmacc(TC, TA, TB, BTR_ABT);
    CHECK(mxstatus_read() & MXSTATUS_GUARD_FALLBACK);
    /* 2x2: (0,0->0) (0,1->1) (1,0->2) (1,1->3) */
    CHECK_C(0, 2, 4, 0, 0);
    CHECK_C(1, 2, 4, 0, 1);
    CHECK_C(2, 2, 4, 1, 0);
    CHECK_C(3, 2, 4, 1, 1);
    report("example 4 INT8->INT32");
    mxstatus_write(0);
}

int main(void)
{
    printf("AME section 7 examples (MMACC.T = mmacc with btr 1, A x B^T)\n");
    MTEST_RUN(example1_int8_int16);
    MTEST_RUN(example2_int8_int8);
    MTEST_RUN(example3_fp8_fp16);
    MTEST_RUN(example4_int8_int32);
    return mtest_finish();
}
