/* Directed tests of SDMA (custom-0): scpad.ld / scpad.st / scpad.wait,
 * strides, element sizes, the error codes and the trap at the wait. */
#include "tt.h"

#define SP0 MOSAIC_SCPAD_BASE
#define SP1 (MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES)
#define SP_END (MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANKS * MOSAIC_SCPAD_BANK_BYTES)

static uint8_t *mem_a, *mem_b; /* main-memory areas (tensor heap) */

static void fill(uint8_t *p, unsigned n, uint32_t seed)
{
    uint32_t st = seed;
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)ref_rand(&st);
}

/* ld a rows x cols block with stride s_in into the scratchpad, st it back
 * with stride s_out; rows must land at the new stride, gaps untouched. */
static void roundtrip(uint32_t sp, unsigned rows, unsigned cols, unsigned lg, int32_t s_in,
                      int32_t s_out, uint32_t seed)
{
    unsigned rb = cols << lg;
    fill(mem_a, 8192, seed);
    memset(mem_b, 0x77, 8192);
    uint8_t *src = s_in < 0 ? mem_a + (rows - 1) * (uint32_t)-s_in : mem_a;
    uint8_t *dst = s_out < 0 ? mem_b + (rows - 1) * (uint32_t)-s_out : mem_b;
    mosaic_perf p0, p1;
    mosaic_perf_read(&p0);
    mosaic_fence();
    sdma_stride_write((uint32_t)s_in);
    scpad_ld(SDMA_SHAPE(rows, cols, lg), sp, src);
    sdma_stride_write((uint32_t)s_out);
    scpad_st(SDMA_SHAPE(rows, cols, lg), sp, dst);
    scpad_wait();
    mosaic_fence();
    mosaic_perf_read(&p1);
    for (unsigned r = 0; r < rows; r++) {
        if (!CHECK_MEM(dst + (int32_t)r * s_out, src + (int32_t)r * s_in, rb))
            break;
        if (s_out > (int32_t)rb)
            CHECKF(dst[(int32_t)r * s_out + rb] == 0x77, "row %u: byte after the row written", r);
    }
    CHECK_EQ_U32(p1.hpm[HPM_SDMA_BYTES] - p0.hpm[HPM_SDMA_BYTES], 2 * rows * rb);
    CHECK_EQ_U32(sdma_status_read(), 0);
}

static void t_roundtrip(void)
{
    roundtrip(SP0, 16, 16, 0, 40, 16, 501);        /* bytes, padded source */
    roundtrip(SP0 + 256, 5, 7, 1, 20, 14, 502);    /* 2-byte, odd shape */
    roundtrip(SP1, 32, 32, 1, 64, 80, 503);        /* Atalla BF16 32x32 tile */
    roundtrip(SP1 + 4096, 32, 32, 2, 128, 128, 504); /* 4 KiB of FP32 */
    roundtrip(SP0 + 64, 3, 9, 2, -36, 44, 505);    /* negative stride */
    roundtrip(SP0, 1, 32, 0, 0, 0, 506);           /* one row: stride unused */
}

/* The scratchpad is reachable by tld/tst: ld a tile, tld it, tst it back
 * to main memory (no scalar access to the scratchpad). */
static void t_scratchpad_tiles(void)
{
    fill(mem_a, 1024, 507);
    mosaic_fence();
    sdma_stride_write(64);
    scpad_ld(SDMA_SHAPE(16, 16, 1), SP1 + 512, mem_a); /* 16x16 BF16 */
    tinit(3, FMT_BF16);
    tld(3, SP1 + 512, 32);
    tst(3, mem_b, 32);
    scpad_wait();
    mosaic_fence();
    for (unsigned r = 0; r < 16; r++)
        CHECK_MEM(mem_b + 32 * r, mem_a + 64 * r, 32);
}

/* A bad transfer moves nothing and latches status/erraddr; scpad.wait
 * traps (5 after a load, 7 after a store, mtval = erraddr) until software
 * clears sdma_status. */
#define BAD(insn_stmt, code, op, addr)                                         \
    do {                                                                       \
        sdma_status_write(0);                                                  \
        sdma_erraddr_write(0);                                                 \
        uint32_t b0_ = rdhpm(HPM_SDMA_BYTES);                                  \
        CHECK_NO_TRAP(insn_stmt);                                              \
        CHECK_EQ_U32(rdhpm(HPM_SDMA_BYTES), b0_);                              \
        CHECK_EQ_U32(sdma_status_read(), SDMA_STATUS_ERR | FIELD_PREP(SDMA_STATUS_CODE, code) | \
                                             FIELD_PREP(SDMA_STATUS_OP, op));  \
        CHECK_EQ_U32(sdma_erraddr_read(), (uint32_t)(uintptr_t)(addr));        \
        CHECK_TRAP(scpad_wait(), (op) ? CAUSE_STORE_FAULT : CAUSE_LOAD_FAULT,  \
                   (uint32_t)(uintptr_t)(addr));                               \
    } while (0)

static void t_errors(void)
{
    sdma_stride_write(64);
    /* 1: malformed shapes */
    BAD(scpad_ld(SDMA_SHAPE(4, 0, 0), SP0, mem_a), SDMA_ERR_SHAPE, 0, mem_a);
    BAD(scpad_ld(SDMA_SHAPE(4, 33, 0), SP0, mem_a), SDMA_ERR_SHAPE, 0, mem_a);
    BAD(scpad_st(SDMA_SHAPE(0, 4, 0), SP0, mem_b), SDMA_ERR_SHAPE, 1, mem_b);
    BAD(scpad_ld(SDMA_SHAPE(4, 4, 3), SP0, mem_a), SDMA_ERR_SHAPE, 0, mem_a);
    BAD(scpad_ld(SDMA_SHAPE(4, 4, 0) | (1u << 20), SP0, mem_a), SDMA_ERR_SHAPE, 0, mem_a);
    /* 2: misaligned address or stride */
    BAD(scpad_ld(SDMA_SHAPE(4, 4, 2), SP0 + 2, mem_a), SDMA_ERR_ALIGN, 0, mem_a);
    BAD(scpad_st(SDMA_SHAPE(4, 4, 1), SP0, mem_b + 1), SDMA_ERR_ALIGN, 1, mem_b + 1);
    sdma_stride_write(66);
    BAD(scpad_ld(SDMA_SHAPE(4, 4, 2), SP0, mem_a), SDMA_ERR_ALIGN, 0, mem_a);
    sdma_stride_write(64);
    /* 3: crossing a bank boundary, or outside the scratchpad */
    BAD(scpad_ld(SDMA_SHAPE(2, 16, 2), SP1 - 64, mem_a), SDMA_ERR_BANK, 0, mem_a);
    BAD(scpad_st(SDMA_SHAPE(1, 4, 0), SP_END, mem_b), SDMA_ERR_BANK, 1, mem_b);
    /* 4: main memory outside the DDC region or unmapped */
    BAD(scpad_ld(SDMA_SHAPE(1, 4, 0), SP0, (void *)0x30000000u), SDMA_ERR_ACCESS, 0, 0x30000000u);
    mddcperm_write(DDC_R);
    BAD(scpad_st(SDMA_SHAPE(1, 4, 0), SP0, mem_b), SDMA_ERR_ACCESS, 1, mem_b);
    mddcperm_write(DDC_R | DDC_W);
    sdma_status_write(0);
}

/* The first error is kept; later bad transfers do not overwrite it, good
 * ones still run; the wait keeps trapping until status is cleared. */
static void t_error_sticky(void)
{
    sdma_status_write(0);
    sdma_stride_write(16);
    scpad_ld(SDMA_SHAPE(1, 0, 0), SP0, mem_a); /* code 1, ld */
    scpad_st(SDMA_SHAPE(2, 4, 2), SP0 + 1, mem_b); /* code 2, st: ignored */
    fill(mem_a, 64, 508);
    memset(mem_b, 0, 64);
    mosaic_fence();
    scpad_ld(SDMA_SHAPE(1, 16, 0), SP0, mem_a);
    scpad_st(SDMA_SHAPE(1, 16, 0), SP0, mem_b);
    CHECK_EQ_U32(sdma_status_read(), SDMA_STATUS_ERR | FIELD_PREP(SDMA_STATUS_CODE, SDMA_ERR_SHAPE));
    CHECK_EQ_U32(sdma_erraddr_read(), (uintptr_t)mem_a);
    CHECK_TRAP(scpad_wait(), CAUSE_LOAD_FAULT, (uintptr_t)mem_a);
    CHECK_TRAP(scpad_wait(), CAUSE_LOAD_FAULT, (uintptr_t)mem_a);
    sdma_status_write(0);
    CHECK_NO_TRAP(scpad_wait());
    mosaic_fence();
    CHECK_MEM(mem_b, mem_a, 16);
}

/* scpad.wait and the transfers have fixed fields; others are illegal. */
static void t_illegal(void)
{
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x0B, 2, 0, 1, 0, 0), MOSAIC_ENC_R(0x0B, 2, 0, 1, 0, 0));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x0B, 0, 1, 5, 6, 7), MOSAIC_ENC_R(0x0B, 0, 1, 5, 6, 7));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x0B, 3, 0, 0, 0, 0), MOSAIC_ENC_R(0x0B, 3, 0, 0, 0, 0));
}

int main(void)
{
    tt_reset_csrs();
    mem_a = mosaic_tensor_alloc(8192, 64);
    mem_b = mosaic_tensor_alloc(8192, 64);
    MTEST_RUN(t_roundtrip);
    MTEST_RUN(t_scratchpad_tiles);
    MTEST_RUN(t_errors);
    MTEST_RUN(t_error_sticky);
    MTEST_RUN(t_illegal);
    tt_reset_csrs();
    return mtest_finish();
}
