/* The matrix programmer's model on Mosaic: mcsr (mmode, msat, mrm, mfp8sat,
 * mfrm), mtilem/k/n and msettile{m,k,n}[i], mamul, mmisa, and the context
 * status MS (= MINA-T TS, mstatus[24:23]). Checked against plain C. */
#include <stdio.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"
#include "mtest.h"

static int8_t A[256] MOSAIC_TENSOR;
static int8_t B[256] MOSAIC_TENSOR;
static int32_t D[256] MOSAIC_TENSOR;
static int32_t D0[256], want[256];
static float fa[256] MOSAIC_TENSOR;
static float fb[256] MOSAIC_TENSOR;
static float fd[256] MOSAIC_TENSOR;

static void setup_int(void)
{
    uint32_t st = 0xA11CEu;
    for (unsigned i = 0; i < 256; i++) {
        A[i] = (int8_t)ref_rand(&st);
        B[i] = (int8_t)ref_rand(&st);
        D0[i] = ref_rand_range(&st, -1000, 1000);
    }
    memcpy(D, D0, sizeof D);
    mosaic_fence();
    tinit(1, FMT_INT8);
    tinit(2, FMT_INT8);
    tinit(3, FMT_INT32);
    tld(1, A, 16);
    tld(2, B, 16);
    tld(3, D, 64);
}

/* D += op(A) x op(B) restricted to m x k x n, per mmode. */
static void expect(unsigned mode, unsigned m, unsigned k, unsigned n)
{
    memcpy(want, D0, sizeof want);
    for (unsigned i = 0; i < m; i++)
        for (unsigned j = 0; j < n; j++)
            for (unsigned q = 0; q < k; q++) {
                int a = mode == MMODE_ATB ? A[16 * q + i] : A[16 * i + q];
                int b = mode == MMODE_ABT ? B[16 * j + q] : B[16 * q + j];
                want[16 * i + j] += a * b;
            }
}

static void check_d(void)
{
    tst(3, D, 64);
    mosaic_fence();
    CHECK_MEM(D, want, sizeof want);
}

static void mcsr_fields(void)
{
    mcsr_write(0xFFFFFFFFu);
    CHECK_EQ_U32(mcsr_read(), 0x3FFu); /* mmode..mfp8sub; the rest reads 0 */
    mcsr_write(FIELD_PREP(MCSR_MRM, 2) | FIELD_PREP(MCSR_MFRM, RM_RUP) | MCSR_MFP8SAT);
    CHECK_EQ_U32(FIELD_GET(MCSR_MRM, mcsr_read()), 2); /* stored only (R14) */
    CHECK_EQ_U32(FIELD_GET(MCSR_MFRM, mcsr_read()), RM_RUP);
    mcsr_write(0);
    printf("mcsr: fields read back; reserved bits read zero\n");
}

/* mmode selects A x B, A x B^T or A^T x B for tmma; 3 is illegal. */
static void mmode_variants(void)
{
    static const char *const names[] = {"A x B", "A x B^T", "A^T x B"};
    for (unsigned mode = 0; mode < 3; mode++) {
        setup_int();
        mcsr_set_mmode(mode);
        tmma(3, 1, 2);
        expect(mode, 16, 16, 16);
        tst(3, D, 64);
        mosaic_fence();
        if (CHECK_MEM(D, want, sizeof want))
            printf("mmode %u: D += %s checked\n", mode, names[mode]);
    }
    mcsr_set_mmode(3);
    CHECK_ILLEGAL(tmma(3, 1, 2));
    mcsr_write(0);
}

/* msat: sticky saturation flag, cleared by software. */
static void msat_sticky(void)
{
    memset(A, 100, sizeof A);
    mosaic_fence();
    tinit(4, FMT_INT8);
    tinit(5, FMT_INT8);
    tld(4, A, 16);
    mcsr_write(0);
    tadd(5, 4, 4); /* 100 + 100 saturates to 127 */
    CHECK(mcsr_read() & MCSR_MSAT);
    tzero(5);
    CHECK(mcsr_read() & MCSR_MSAT); /* sticky */
    mcsr_clear(MCSR_MSAT);
    CHECK(!(mcsr_read() & MCSR_MSAT));
    printf("msat: set by a saturating tadd, sticky until cleared\n");
}

/* mfrm rounds every float result: 1 + (2^-24 + 2^-32), just above half an
 * ulp, in each mode, and its negation. */
static void mfrm_modes(void)
{
    static const uint32_t pos[5] = {0x3F800001u, 0x3F800000u, 0x3F800000u, 0x3F800001u,
                                    0x3F800001u};
    static const uint32_t neg[5] = {0xBF800001u, 0xBF800000u, 0xBF800001u, 0xBF800000u,
                                    0xBF800001u};
    memset(fa, 0, sizeof fa);
    memset(fb, 0, sizeof fb);
    fa[0] = 1.0f;
    fb[0] = u2f(0x33808000u);
    fa[1] = -1.0f;
    fb[1] = -u2f(0x33808000u);
    mosaic_fence();
    tinit(6, FMT_FP32);
    tinit(7, FMT_FP32);
    tinit(8, FMT_FP32);
    tld(6, fa, 64);
    tld(7, fb, 64);
    for (unsigned rm = RM_RNE; rm <= RM_RMM; rm++) {
        mcsr_set_mfrm(rm);
        tadd(8, 6, 7);
        tst(8, fd, 64);
        mosaic_fence();
        CHECKF(f2u(fd[0]) == pos[rm] && f2u(fd[1]) == neg[rm],
               "mfrm %u: %08lx %08lx, want %08lx %08lx", rm, (unsigned long)f2u(fd[0]),
               (unsigned long)f2u(fd[1]), (unsigned long)pos[rm], (unsigned long)neg[rm]);
    }
    mcsr_set_mfrm(5);
    CHECK_ILLEGAL(tadd(8, 6, 7));
    mcsr_write(0);
    printf("mfrm: RNE/RTZ/RDN/RUP/RMM round a float tadd as specified; 5 is illegal\n");
}

/* mfp8sat: FP8 overflow (round first, then check) gives NaN for E4M3 and
 * Inf for E5M2, or the largest finite value when set. */
static void mfp8sat_mode(void)
{
    memset(fa, 0, sizeof fa);
    fa[0] = 1000.0f;
    fa[1] = -1e6f;
    mosaic_fence();
    tinit(6, FMT_FP32);
    tld(6, fa, 64);
    uint8_t *out = (uint8_t *)fd;
    /* [mfp8sat][E4M3, E5M2][1000, -1e6]; 1000 fits E5M2 (rounds to 1024) */
    static const uint8_t want8[2][2][2] = {{{0x7F, 0x7F}, {0x64, 0xFC}},
                                           {{0x7E, 0xFE}, {0x64, 0xFB}}};
    for (unsigned sat = 0; sat < 2; sat++) {
        mcsr_write(sat ? MCSR_MFP8SAT : 0);
        tcvt(9, 6, FMT_E4M3);
        tcvt(10, 6, FMT_E5M2);
        tst(9, out, 16);
        tst(10, out + 256, 16);
        mosaic_fence();
        CHECK_EQ_U32(out[0], want8[sat][0][0]);
        CHECK_EQ_U32(out[1], want8[sat][0][1]);
        CHECK_EQ_U32(out[256], want8[sat][1][0]);
        CHECK_EQ_U32(out[257], want8[sat][1][1]);
        printf("mfp8sat=%u: 1000 -> E4M3 0x%02x, -1e6 -> E5M2 0x%02x\n", sat, out[0], out[257]);
    }
    mcsr_write(0);
}

/* msettile{m,k,n}[i] write min(v, 16) to mtilem/k/n and return it; tmma
 * then computes only the m x k x n sub-problem, other elements keep their
 * bits. The CSRs themselves are read-only. */
static void mtile_subproblem(void)
{
    volatile uint32_t v = 40;
    CHECK_EQ_U32(msettilem(v), 16);
    CHECK_EQ_U32(msettilemi(3), 3);
    CHECK_EQ_U32(msettilek(5), 5);
    CHECK_EQ_U32(msettileni(7), 7);
    CHECK_EQ_U32(mtilem_read(), 3);
    CHECK_EQ_U32(mtilek_read(), 5);
    CHECK_EQ_U32(mtilen_read(), 7);
    setup_int();
    tmma(3, 1, 2);
    expect(MMODE_AB, 3, 5, 7);
    check_d();
    CHECK_EQ_U32(msettileki(0), 0); /* an empty sum: D unchanged */
    setup_int();
    tmma(3, 1, 2);
    memcpy(want, D0, sizeof want);
    check_d();
    msettile_full();
    CHECK_ILLEGAL(csr_write(CSR_MTILEM, 4));
    printf("mtile: msettile clamps to 16; a 3x5x7 tmma left every other element alone\n");
}

/* mamul (AMUL = 1) and mmisa (features in the programmer's model order). */
static void mamul_mmisa(void)
{
    uint32_t want_isa = MMISA_MMI8I32 | MMISA_MMI16I16 | MMISA_MMI16I32 | MMISA_MMTF32FP32 |
                        MMISA_MMFP32FP32 | MMISA_MMF16FP32 | MMISA_MMFP16FP16 | MMISA_MMF8F32 |
                        MMISA_MMF8F16 | MMISA_MAB | MMISA_MATB | MMISA_MABT | MMISA_MFEW |
                        MMISA_MIEW;
    CHECK_EQ_U32(mamul_read(), 0);
    CHECK_EQ_U32(mmisa_read(), want_isa);
    CHECK_ILLEGAL(csr_write(CSR_MMISA, 0));
    printf("mamul = %lu (AMUL 1), mmisa = 0x%08lx\n", (unsigned long)mamul_read(),
           (unsigned long)mmisa_read());
}

/* MS/TS: Off makes matrix instructions and CSRs illegal; use makes it
 * Dirty (mstatus.SD). */
static void context_status(void)
{
    mosaic_ts_set(TS_CLEAN);
    tzero(1);
    CHECK_EQ_U32(mosaic_ts_get(), TS_DIRTY);
    CHECK(csr_read(CSR_MSTATUS) & MSTATUS_SD);
    mosaic_ts_set(TS_OFF);
    CHECK_ILLEGAL(tmma(3, 1, 2));
    CHECK_ILLEGAL((void)mcsr_read());
    mosaic_ts_set(TS_INITIAL);
    printf("MS/TS: Clean -> Dirty on use, Off traps, back to Initial\n");
}

int main(void)
{
    printf("Matrix programmer's model on Mosaic\n");
    MTEST_RUN(mcsr_fields);
    MTEST_RUN(mmode_variants);
    MTEST_RUN(msat_sticky);
    MTEST_RUN(mfrm_modes);
    MTEST_RUN(mfp8sat_mode);
    MTEST_RUN(mtile_subproblem);
    MTEST_RUN(mamul_mmisa);
    MTEST_RUN(context_status);
    return mtest_finish();
}
