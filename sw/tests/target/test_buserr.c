/* Bus errors (docs/isa.md R32). Needs the main-memory block at POISON to
 * answer every access with an error: mosaic-iss / mosaic-sim
 * --dram-poison 0x40F00000 (test_target.py and the lockstep suite pass it;
 * without it the first check fails and says so).
 *
 * Scalar loads and stores of the block trap precisely (cause 5/7). A
 * tensor memory instruction (tld, tst, tl.mload, tl.mstore, scpad.ld,
 * scpad.st) that touches it has already retired when the error comes back:
 * its other bytes move, the block's bytes read as zero or stay unwritten,
 * sdma_status latches code 5 with the op and the instruction's main-memory
 * address, and scpad.wait traps. Expected bytes come from pat(), the
 * address pattern the area is filled with. */
#include "tt.h"

#define POISON 0x40F00000u
#define AREA_LO (POISON - 0x400u)
#define AREA_HI (POISON + 0x440u)
#define STATUS_BUS(op)                                                         \
    (SDMA_STATUS_ERR | FIELD_PREP(SDMA_STATUS_CODE, SDMA_ERR_BUS) |           \
     ((op) ? SDMA_STATUS_OP_MASK : 0u))

static uint8_t got[1024], want[1024];

static uint8_t pat(uint32_t a)
{
    return (uint8_t)((a * 37u) ^ (a >> 7) ^ 0x5Au);
}

static bool in_block(uint32_t a)
{
    return a - POISON < 64u;
}

static uint8_t *at(uint32_t a)
{
    return (uint8_t *)(uintptr_t)a;
}

/* The area around the block holds pat(address); the block is unreachable. */
static void fill_area(void)
{
    for (uint32_t a = AREA_LO; a < AREA_HI; a++)
        if (!in_block(a))
            *(volatile uint8_t *)at(a) = pat(a);
    mosaic_fence();
}

static void clear_status(void)
{
    sdma_status_write(0);
    sdma_erraddr_write(0);
}

static void expect_status(uint32_t op, uint32_t addr)
{
    CHECK_EQ_U32(sdma_status_read(), STATUS_BUS(op));
    CHECK_EQ_U32(sdma_erraddr_read(), addr);
    CHECK_TRAP(scpad_wait(), op ? CAUSE_STORE_FAULT : CAUSE_LOAD_FAULT, addr);
    clear_status();
    CHECK_NO_TRAP(scpad_wait());
}

/* One lw / sw whatever the address (the compiler splits an access it
 * knows is misaligned). */
static uint32_t lw_at(uint32_t a)
{
    uint32_t v;
    __asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(a) : "memory");
    return v;
}

static void sw_at(uint32_t a, uint32_t v)
{
    __asm__ volatile("sw %0, 0(%1)" ::"r"(v), "r"(a) : "memory");
}

/* Rows of rb bytes at stride 64 from base, row `skip` in the block: every
 * other row holds row y of src (src_pitch bytes apart), and the byte after
 * each row still holds the area's pattern. */
static void check_rows(uint32_t base, unsigned rows, unsigned rb, unsigned skip,
                       const uint8_t *src, unsigned src_pitch)
{
    for (uint32_t y = 0; y < rows; y++) {
        if (y == skip)
            continue;
        CHECK_MEM(at(base + y * 64), src + y * src_pitch, rb);
        CHECKF(*at(base + y * 64 + rb) == pat(base + y * 64 + rb), "row %lu: gap written",
               (unsigned long)y);
    }
}

static void t_scalar(void)
{
    mosaic_trap_record r = MTEST_TRAP((void)*(volatile uint32_t *)at(POISON));
    CHECKF(r.count == 1 && r.mcause == CAUSE_LOAD_FAULT && r.mtval == POISON,
           "lw of the poisoned block: %lu traps, mcause %lu (run with --dram-poison 0x%08x)",
           (unsigned long)r.count, (unsigned long)r.mcause, POISON);
    CHECK_TRAP((void)*(volatile uint8_t *)at(POISON + 63), CAUSE_LOAD_FAULT, POISON + 63);
    CHECK_TRAP(*(volatile uint16_t *)at(POISON + 32) = 1, CAUSE_STORE_FAULT, POISON + 32);
    fill_area();
    uint32_t v = 0;
    CHECK_NO_TRAP(v = *(volatile uint32_t *)at(POISON - 4));
    CHECK_EQ_U32(v, pat(POISON - 4) | pat(POISON - 3) << 8 | pat(POISON - 2) << 16 |
                        (uint32_t)pat(POISON - 1) << 24);
    CHECK_NO_TRAP(v = *(volatile uint8_t *)at(POISON + 64));
    CHECK_EQ_U32(v, pat(POISON + 64));
    /* A misaligned word whose second half is in the block: the fault names
     * that half's address; a store's first half stays written. */
    CHECK_TRAP((void)lw_at(POISON - 2), CAUSE_LOAD_FAULT, POISON);
    CHECK_TRAP(sw_at(POISON - 2, 0xA1B2C3D4u), CAUSE_STORE_FAULT, POISON);
    CHECK_EQ_U32(*(volatile uint8_t *)at(POISON - 2), 0xD4);
    CHECK_EQ_U32(*(volatile uint8_t *)at(POISON - 1), 0xC3);
}

/* tld, INT8 rows of 16 bytes at stride 64: row 5 is in the block. */
static void t_tld(void)
{
    fill_area();
    clear_status();
    uint32_t base = POISON - 5 * 64;
    tinit(1, FMT_INT8);
    CHECK_NO_TRAP(tld(1, at(base), 64));
    expect_status(0, base);
    TT_STORE(1, FMT_INT8, got);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t b = 0; b < 16; b++)
            want[y * 16 + b] = y == 5 ? 0 : pat(base + y * 64 + b);
    CHECK_MEM(got, want, 256);
}

/* tst of the same shape, row 3 in the block: the other rows land, the
 * bytes between rows stay. */
static void t_tst(void)
{
    fill_area();
    uint32_t st = 71;
    for (unsigned i = 0; i < 256; i++)
        want[i] = (uint8_t)ref_rand(&st);
    TT_LOAD(2, FMT_INT8, want);
    clear_status();
    uint32_t base = POISON - 3 * 64;
    CHECK_NO_TRAP(tst(2, at(base), 64));
    expect_status(1, base);
    check_rows(base, 16, 16, 3, want, 16);
}

/* tl.mload / tl.mstore of a whole register ([4,16,16,1], slices of 256
 * bytes): 64 bytes of slice 2 (load) or slice 1 (store) are the block. */
#define FULL TL_DESC(4, 16, 16, 1)
static void t_tensorload(void)
{
    fill_area();
    clear_status();
    uint32_t base = POISON - 512;
    tl_load_mask_write(0xF);
    CHECK_NO_TRAP(tl_mload(3, FULL, at(base)));
    expect_status(0, base);
    tl_store_mask_write(0xF);
    tl_mstore(3, tt_dst, FULL);
    mosaic_fence();
    for (uint32_t i = 0; i < 1024; i++)
        want[i] = in_block(base + i) ? 0 : pat(base + i);
    CHECK_MEM(tt_dst, want, 1024);

    uint32_t st = 72;
    for (unsigned i = 0; i < 1024; i++)
        want[i] = (uint8_t)ref_rand(&st);
    memcpy(tt_src, want, 1024);
    mosaic_fence();
    tl_mload(4, FULL, tt_src);
    base = POISON - 256;
    CHECK_NO_TRAP(tl_mstore(4, at(base), FULL));
    expect_status(1, base);
    CHECK_MEM(at(base), want, 256);
    CHECK_MEM(at(POISON + 64), want + 320, 1024 - 320);
}

/* scpad.ld / scpad.st: 4 rows of 32 bytes at stride 64, row 2 in the
 * block. The transfers count as moved (HPM 8), the error is code 5. */
static void t_sdma(void)
{
    fill_area();
    clear_status();
    uint32_t sp = MOSAIC_SCPAD_BASE + 0x200, mm = POISON - 128;
    uint32_t shape = SDMA_SHAPE(4, 32, 0);
    sdma_stride_write(64);
    scpad_ld(shape, sp, at(mm));
    expect_status(0, mm);
    scpad_st(shape, sp, tt_dst);
    scpad_wait();
    mosaic_fence();
    for (uint32_t r = 0; r < 4; r++)
        for (uint32_t b = 0; b < 32; b++)
            want[r * 64 + b] = r == 2 ? 0 : pat(mm + r * 64 + b);
    for (uint32_t r = 0; r < 4; r++)
        CHECK_MEM(tt_dst + r * 64, want + r * 64, 32);
    CHECK_EQ_U32(sdma_status_read(), 0);

    uint32_t st = 73;
    for (unsigned i = 0; i < 256; i++)
        tt_src[i] = (uint8_t)ref_rand(&st);
    mosaic_fence();
    scpad_ld(shape, sp, tt_src);
    scpad_st(shape, sp, at(mm));
    expect_status(1, mm);
    mosaic_fence();
    check_rows(mm, 4, 32, 2, tt_src, 64);
    sdma_stride_write(0);
}

/* Queued transfers: the error belongs to the one whose beats failed, not
 * to its neighbours in the SDMA pipeline (loads and stores mixed, so R, W
 * and B hold different commands). */
static void t_sdma_queue(void)
{
    uint32_t sp = MOSAIC_SCPAD_BASE + 0x800;
    uint32_t shape = SDMA_SHAPE(8, 32, 0);
    for (unsigned bad = 0; bad < 4; bad++) {
        fill_area();
        clear_status();
        sdma_stride_write(32);
        uint32_t mm[4] = {POISON - 0x400, POISON - 0x300, POISON - 0x200, POISON + 0x100};
        mm[bad] = POISON - 64; /* rows 2 and 3 in the block */
        bool store = bad & 1;
        scpad_ld(shape, sp, at(mm[0]));
        scpad_st(shape, sp + 256, at(mm[1]));
        scpad_ld(shape, sp + 512, at(mm[2]));
        scpad_st(shape, sp + 768, at(mm[3]));
        CHECK_EQ_U32(sdma_status_read(), STATUS_BUS(store));
        CHECKF(sdma_erraddr_read() == mm[bad], "transfer %u: erraddr 0x%08lx", bad,
               (unsigned long)sdma_erraddr_read());
        clear_status();
    }
    sdma_stride_write(0);
}

/* Only the first error is kept; later good transfers still run. */
static void t_first_error_sticks(void)
{
    fill_area();
    clear_status();
    tinit(5, FMT_INT8);
    tld(5, at(POISON - 64), 64);             /* row 1 in the block: load error */
    tst(5, at(POISON - 128), 64);            /* row 2 in the block: store error */
    scpad_ld(SDMA_SHAPE(1, 4, 0), MOSAIC_SCPAD_BASE, at(POISON - 4)); /* good */
    expect_status(0, POISON - 64);
    CHECK_EQ_U32(sdma_status_read(), 0);
}

int main(void)
{
    MTEST_RUN(t_scalar);
    MTEST_RUN(t_tld);
    MTEST_RUN(t_tst);
    MTEST_RUN(t_tensorload);
    MTEST_RUN(t_sdma);
    MTEST_RUN(t_sdma_queue);
    MTEST_RUN(t_first_error_sticks);
    tt_reset_csrs();
    return mtest_finish();
}
