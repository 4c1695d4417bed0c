/* DDC (MINA-T §4: mddcbase / mddclimit / mddcperm) boundary cases for every
 * tensor memory instruction: tld, tst, scpad.ld, scpad.st, tl.mload,
 * tl.mstore.
 *
 * Each case fills a small world with a known pattern: an arena in main
 * memory (the region sits inside it with guard bytes on both sides) and,
 * for SDMA, a window in each scratchpad bank. It sets the region, runs one
 * instruction, reopens the DDC and reads everything back. The expected
 * world and register come from a model of the instruction applied to the
 * pattern (docs/isa.md), so a case checks the bytes that moved, and that
 * nothing else changed (for a fault: nothing at all).
 *
 * Addresses are 32-bit but the rules are not modular: a row below 0 or
 * ending past 2^32 - 1 is a fault, never a wrap to the other end. No
 * memory is mapped near 0 or 2^32, and no stride reachable here carries a
 * run of mapped rows across either end, so a wrapped address never lands
 * in memory: the wrap cases check that such accesses fault precisely and
 * move nothing, but cannot tell a DDC compare that wraps from one that
 * does not (the mapping check faults either way). */
#include "tt.h"

#define TR 5                         /* tile register under test */
#define FULL TL_DESC(4, 16, 16, 1)   /* the whole register as 4 slices */
#define ARENA 512u                   /* main-memory arena */
#define SPW 512u                     /* scratchpad window per bank */
#define SP0 MOSAIC_SCPAD_BASE
#define SP1 (MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES)
#define RW (DDC_R | DDC_W)
#define TOP 0xFFFFFFFFu

/* A failed check, reported at the line of the case that made it, with the
 * instruction under test. */
static const char *cur_op = "";
#define CASEF(line, cond, fmt, ...)                                            \
    ((cond) ? 1 : mtest_fail(__FILE__, line, "%s: " fmt, cur_op, __VA_ARGS__))

static uint8_t *arena;               /* ARENA bytes in main memory */
/* Main memory: [0, 1K) reg_pat (written once), [1K, 2K) register dumps,
 * [2K, 2.5K) and [2.5K, 3K) the scratchpad windows' copies. */
static uint8_t *stage;
static uint32_t A;                   /* arena address */
static uint32_t RB, RL;              /* the usual region: arena + 53 .. + 452 */

/* Expected world (RAM) and register images. */
static uint8_t w_arena[ARENA] __attribute__((aligned(64)));
static uint8_t w_sp0[SPW] __attribute__((aligned(4))), w_sp1[SPW] __attribute__((aligned(4)));
static uint8_t reg_pat[1024] __attribute__((aligned(4)));
static uint8_t reg_want[1024] __attribute__((aligned(4)));
static const uint8_t *reg_exp; /* reg_pat (unchanged) or reg_want */
static uint32_t seed = 1;

/* Region of the running case. */
static uint32_t d_base, d_limit, d_perm;

static void region(uint32_t base, uint32_t limit, uint32_t perm)
{
    d_base = base;
    d_limit = limit;
    d_perm = perm;
}

static void ddc_apply(void)
{
    mddcbase_write(d_base);
    mddclimit_write(d_limit);
    mddcperm_write(d_perm);
}

static void ddc_open(void)
{
    mddcbase_write(0);
    mddclimit_write(TOP);
    mddcperm_write(RW);
}

/* Word-wise copies and pattern: the RTL lockstep run pays for every
 * scalar instruction. Buffers are word aligned and sizes multiples of 4. */
static void copy32(void *d, const void *s, uint32_t n)
{
    uint32_t *dw = d;
    const uint32_t *sw = s;
    for (uint32_t i = 0; i < n / 4; i++)
        dw[i] = sw[i];
}

static void pattern(uint8_t *p, uint32_t n)
{
    uint32_t *w = (uint32_t *)p;
    for (uint32_t i = 0; i < n / 4; i++) {
        seed = seed * 1664525u + 1013904223u;
        w[i] = seed;
    }
}

/* The model's view of memory: the three windows, nothing else. An access
 * outside them in a case that must complete is a bug of the test. */
static uint8_t *world(uint32_t addr, uint32_t n)
{
    if (addr >= A && addr - A <= ARENA && n <= ARENA - (addr - A))
        return w_arena + (addr - A);
    if (addr >= SP0 && addr - SP0 <= SPW && n <= SPW - (addr - SP0))
        return w_sp0 + (addr - SP0);
    if (addr >= SP1 && addr - SP1 <= SPW && n <= SPW - (addr - SP1))
        return w_sp1 + (addr - SP1);
    return 0;
}

static int bad_model;

static void w_read(uint32_t addr, uint8_t *buf, uint32_t n)
{
    const uint8_t *p = world(addr, n);
    if (!p) {
        bad_model = 1;
        return;
    }
    for (uint32_t i = 0; i < n; i++)
        buf[i] = p[i];
}

/* Parts of the world a case changed (or found different): the next case
 * refills them, so that every store writes bytes that differ from what is
 * there. Unchanged parts keep their verified pattern, which saves the
 * RTL lockstep run most of the refills. */
static bool stale_arena = true, stale_sp = true;

static void w_write(uint32_t addr, const uint8_t *buf, uint32_t n)
{
    uint8_t *p = world(addr, n);
    if (!p) {
        bad_model = 1;
        return;
    }
    if (p >= w_arena && p < w_arena + ARENA)
        stale_arena = true;
    else
        stale_sp = true;
    for (uint32_t i = 0; i < n; i++)
        p[i] = buf[i];
}

/* Register TR <- reg_pat, and TR -> stage + 1K, through tl.mload/mstore
 * (DDC open). */
static void reg_put(void)
{
    tl_load_mask_write(0xF);
    tl_mload(TR, FULL, stage);
}

static void reg_get(void)
{
    tl_store_mask_write(0xF);
    tl_mstore(TR, stage + 1024, FULL);
    mosaic_fence();
}

/* Scratchpad windows <-> stage + 2K / + 2.5K (16 rows x 32 bytes). */
static void sp_windows(bool put)
{
    sdma_stride_write(32);
    if (put) {
        mosaic_fence();
        scpad_ld(SDMA_SHAPE(16, 32, 0), SP0, stage + 2048);
        scpad_ld(SDMA_SHAPE(16, 32, 0), SP1, stage + 2560);
    } else {
        scpad_st(SDMA_SHAPE(16, 32, 0), SP0, stage + 2048);
        scpad_st(SDMA_SHAPE(16, 32, 0), SP1, stage + 2560);
    }
    scpad_wait();
    mosaic_fence();
}

/* Fill the world (and the register) with fresh patterns; the expected
 * images start equal to them. */
static void prep(bool with_sp)
{
    ddc_open();
    bad_model = 0;
    if (stale_arena) {
        pattern(w_arena, ARENA);
        copy32(arena, w_arena, ARENA);
        mosaic_fence();
        stale_arena = false;
    }
    reg_put();
    reg_exp = reg_pat;
    if (with_sp && stale_sp) {
        pattern(w_sp0, SPW);
        pattern(w_sp1, SPW);
        copy32(stage + 2048, w_sp0, SPW);
        copy32(stage + 2560, w_sp1, SPW);
        sp_windows(true);
        stale_sp = false;
    }
}

/* n a multiple of 16; 4 words per test (the common case is equality). */
static int differ(int line, const char *what, uint32_t base, const uint8_t *got,
                  const uint8_t *want, uint32_t n)
{
    const uint32_t *g = (const uint32_t *)got, *w = (const uint32_t *)want;
    for (uint32_t i = 0; i < n / 4; i += 4) {
        if (((g[i] ^ w[i]) | (g[i + 1] ^ w[i + 1]) | (g[i + 2] ^ w[i + 2]) |
             (g[i + 3] ^ w[i + 3])) == 0)
            continue;
        uint32_t b = 4 * i;
        while (got[b] == want[b])
            b++;
        return mtest_fail(__FILE__, line, "%s: %s byte 0x%08lx = 0x%02x, want 0x%02x", cur_op,
                          what, (unsigned long)(base + b), got[b], want[b]);
    }
    return 1;
}

/* Compare the world (and the register) with the expected images. */
static void verify(int line, bool with_sp, bool with_reg)
{
    ddc_open();
    if (bad_model)
        mtest_fail(__FILE__, line, "test bug: the model accessed outside the arena/windows");
    mosaic_fence();
    if (!differ(line, "arena", A, arena, w_arena, ARENA))
        stale_arena = true;
    if (with_reg) {
        reg_get();
        differ(line, "register", 0, stage + 1024, reg_exp, 1024);
    }
    if (with_sp) {
        sp_windows(false);
        if (!differ(line, "scratchpad", SP0, stage + 2048, w_sp0, SPW) ||
            !differ(line, "scratchpad", SP1, stage + 2560, w_sp1, SPW))
            stale_sp = true;
    }
}

/* Check the trap record of one instruction: none (ok) or exactly one
 * access fault with mtval = its base address. */
static void check_outcome(int line, const mosaic_trap_record *r, bool ok, uint32_t cause,
                          uint32_t tval)
{
    if (ok)
        CASEF(line, r->count == 0, "trapped, cause %lu mtval 0x%08lx", (unsigned long)r->mcause,
              (unsigned long)r->mtval);
    else
        CASEF(line, r->count == 1 && r->mcause == cause && r->mtval == tval,
              "%lu traps, cause %lu mtval 0x%08lx; want one, cause %lu mtval 0x%08lx",
              (unsigned long)r->count, (unsigned long)r->mcause, (unsigned long)r->mtval,
              (unsigned long)cause, (unsigned long)tval);
}

/* Run one instruction under the region. */
#define RUN(ok, cause, tval, stmt)                                             \
    do {                                                                       \
        ddc_apply();                                                           \
        mosaic_trap_record r_ = MTEST_TRAP(stmt);                              \
        ddc_open();                                                            \
        check_outcome(__LINE__, &r_, ok, cause, tval);                         \
    } while (0)

/* reg_want = 0; the opaque zero keeps GCC from calling picolibc's
 * byte-wise memset. */
static void zero_reg_want(void)
{
    uint32_t z = 0, *w = (uint32_t *)reg_want;
    __asm__("" : "+r"(z));
    for (uint32_t i = 0; i < 1024 / 4; i += 4) {
        w[i] = z;
        w[i + 1] = z;
        w[i + 2] = z;
        w[i + 3] = z;
    }
    reg_exp = reg_want;
}

/* ---- tld / tst -------------------------------------------------------------- */

static uint32_t row_bytes = 16; /* of TR's tag */

/* tld: rows of row_bytes at a + y*stride into register rows; zeros above. */
static void model_tld(uint32_t a, int32_t stride)
{
    zero_reg_want();
    for (uint32_t y = 0; y < 16; y++)
        w_read(a + y * (uint32_t)stride, reg_want + y * row_bytes, row_bytes);
}

/* tst: rows in order, a later row overwriting an earlier one. */
static void model_tst(uint32_t a, int32_t stride)
{
    for (uint32_t y = 0; y < 16; y++)
        w_write(a + y * (uint32_t)stride, reg_pat + y * row_bytes, row_bytes);
}

/* One tld / tst; with_sp: the world includes the scratchpad windows. */
#define TILE_CASE(with_sp, store, addr, stride, ok)                            \
    do {                                                                       \
        uint32_t a_ = (uint32_t)(addr);                                        \
        cur_op = (store) ? "tst" : "tld";                                      \
        prep(with_sp);                                                         \
        if (store)                                                             \
            RUN(ok, CAUSE_STORE_FAULT, a_, tst(TR, a_, stride));               \
        else                                                                   \
            RUN(ok, CAUSE_LOAD_FAULT, a_, tld(TR, a_, stride));                \
        if ((ok) && (store))                                                   \
            model_tst(a_, stride);                                             \
        else if (ok)                                                           \
            model_tld(a_, stride);                                             \
        verify(__LINE__, with_sp, !(store)); /* a store leaves TR */         \
    } while (0)
#define TLD(addr, stride, ok) TILE_CASE(false, false, addr, stride, ok)
#define TST(addr, stride, ok) TILE_CASE(false, true, addr, stride, ok)

#define OK true
#define FAULT false

/* INT8 rows of 16 bytes, stride 24 (gaps of 8 between rows): the tile
 * spans 15*24 + 16 = 376 bytes of the 400-byte region. Row 0 is the
 * lowest row with a positive stride, the highest with a negative one. */
static void t_tld_int8(void)
{
    tinit(TR, FMT_INT8);
    row_bytes = 16;
    region(RB, RL, RW);
    TLD(RB, 24, OK);              /* row 0's first byte = base */
    TLD(RL - 375, 24, OK);        /* row 15's last byte = limit */
    TLD(RB - 1, 24, FAULT);       /* row 0 starts one byte below */
    TLD(RL - 374, 24, FAULT);     /* row 15 ends one byte above */
    TLD(RL - 15, -24, OK);        /* row 0 (highest) ends at the limit */
    TLD(RL - 14, -24, FAULT);
    TLD(RB + 360, -24, OK);       /* row 15 (lowest) starts at the base */
    TLD(RB + 359, -24, FAULT);
    TLD(RL - 15, 0, OK);          /* stride 0: one row 16 times */
    TLD(RL - 14, 0, FAULT);
    TLD(RB, 2047, FAULT);         /* row 1 already past the limit */
    region(RB, RL, DDC_R);
    TLD(RB + 7, 24, OK);
    region(RB, RL, DDC_W);        /* write-only region: loads fault */
    TLD(RB + 7, 24, FAULT);
    region(RB, RL, 0);
    TLD(RB + 7, 24, FAULT);
    region(RB + 8, RB + 8, RW);   /* a one-byte region */
    TLD(RB + 8, 0, FAULT);
}

static void t_tst_int8(void)
{
    tinit(TR, FMT_INT8);
    row_bytes = 16;
    region(RB, RL, RW);
    TST(RB, 24, OK);
    TST(RL - 375, 24, OK);
    TST(RB - 1, 24, FAULT);
    TST(RL - 374, 24, FAULT);
    TST(RL - 15, -24, OK);
    TST(RL - 14, -24, FAULT);
    TST(RB + 360, -24, OK);
    TST(RB + 359, -24, FAULT);
    TST(RL - 15, 0, OK);          /* row 15 is the one left in memory */
    TST(RL - 14, 0, FAULT);
    TST(RL - 135, 8, OK);         /* overlapping rows end at the limit */
    TST(RL - 134, 8, FAULT);
    region(RB, RL, DDC_W);
    TST(RB + 7, 24, OK);
    region(RB, RL, DDC_R);        /* read-only region: stores fault */
    TST(RB + 7, 24, FAULT);
    region(RB, RL, 0);
    TST(RB + 7, 24, FAULT);
}

/* Other row sizes: FP16 (32-byte rows, 2-byte alignment, overlapping rows
 * at stride 22: 15*22 + 32 = 362 bytes) and FP4 (8-byte rows, stride 25:
 * 383 bytes). With 2-byte elements the nearest aligned access outside an
 * even base is 2 bytes out; an odd base or even limit makes it one. */
static void t_other_formats(void)
{
    tinit(TR, FMT_FP16);
    row_bytes = 32;
    uint32_t b = A + 54, l = A + 451;
    region(b, l, RW);
    TLD(b, 22, OK);
    TLD(l - 361, 22, OK);
    TLD(b - 2, 22, FAULT);
    TLD(l - 359, 22, FAULT);
    TST(b, 22, OK);
    TST(l - 361, 22, OK);
    TST(b - 2, 22, FAULT);
    TST(l - 359, 22, FAULT);
    region(b + 1, l, RW);         /* first byte one below the base */
    TLD(b, 22, FAULT);
    TST(b, 22, FAULT);
    region(b, l - 1, RW);         /* last byte one above the limit */
    TLD(l - 361, 22, FAULT);
    TST(l - 361, 22, FAULT);
    /* misalignment is checked before the DDC: cause 4 / 6, not 5 / 7 */
    region(b, l, RW);
    cur_op = "tld/tst";
    prep(false);
    RUN(FAULT, CAUSE_LOAD_MISALIGNED, b - 1, tld(TR, b - 1, 22));
    RUN(FAULT, CAUSE_STORE_MISALIGNED, l - 360, tst(TR, l - 360, 22));
    verify(__LINE__, false, true);

    tinit(TR, FMT_FP4);
    row_bytes = 8;
    region(RB, RL, RW);
    TLD(RB, 25, OK);
    TLD(RL - 382, 25, OK);
    TLD(RB - 1, 25, FAULT);
    TLD(RL - 381, 25, FAULT);
    TST(RB, 25, OK);
    TST(RL - 382, 25, OK);
    TST(RB - 1, 25, FAULT);
    TST(RL - 381, 25, FAULT);
}

/* The scratchpad through tld / tst: the same rules (a region of 400
 * bytes in bank 0's window, INT8 rows at stride 24). */
static void t_tile_scratchpad(void)
{
    tinit(TR, FMT_INT8);
    row_bytes = 16;
    uint32_t b = SP0 + 0x45, l = b + 399;
    region(b, l, RW);
    TILE_CASE(true, false, b, 24, OK);
    TILE_CASE(true, false, l - 374, 24, FAULT);
    TILE_CASE(true, true, l - 375, 24, OK);
    TILE_CASE(true, true, b - 1, 24, FAULT);
    TILE_CASE(true, true, l - 15, -24, OK);
    TILE_CASE(true, true, l - 14, -24, FAULT);
}

/* A region up to the last address, and rows whose address arithmetic
 * would wrap past 2^32 or below 0 (faults, whatever the region). */
static void t_tld_tst_wrap(void)
{
    tinit(TR, FMT_INT8);
    row_bytes = 16;
    region(RB, TOP, RW);
    TLD(RB, 24, OK);
    TLD(RB - 1, 24, FAULT);
    TST(A + ARENA - 376, 24, OK); /* ends at the arena's end, far below the limit */
    TST(RB - 1, 24, FAULT);
    TLD(0xFFFFFFF0u, 16, FAULT);  /* row 0 ends at 2^32-1, row 1 wraps to 0 */
    TST(0xFFFFFFF0u, 16, FAULT);
    TLD(0xFFFFFF00u, 2047, FAULT);
    region(0, TOP, RW);
    TLD(0x10u, -16, FAULT);       /* row 2 starts below 0 */
    TST(0x10u, -16, FAULT);
    TLD(0xFFFFFFF0u, 0, FAULT);   /* inside the region, not mapped */
}

/* ---- scpad.ld / scpad.st ----------------------------------------------------- */

/* Byte elements, 8 rows of 12: 96 packed bytes in the scratchpad; with
 * stride 40 the main-memory rows span 7*40 + 12 = 292 bytes. */
#define SH SDMA_SHAPE(8, 12, 0)
#define SH2 SDMA_SHAPE(4, 6, 1)

static void model_sdma(bool store, uint32_t rows, uint32_t rb, uint32_t sp, uint32_t mm,
                       int32_t stride)
{
    uint8_t buf[1024];
    if (rows * rb > sizeof buf) {
        bad_model = 1;
        return;
    }
    if (store) {
        w_read(sp, buf, rows * rb);
        for (uint32_t r = 0; r < rows; r++)
            w_write(mm + r * (uint32_t)stride, buf + r * rb, rb);
    } else {
        for (uint32_t r = 0; r < rows; r++)
            w_read(mm + r * (uint32_t)stride, buf + r * rb, rb);
        w_write(sp, buf, rows * rb);
    }
}

/* One transfer under the region. A good one moves its bytes and leaves
 * sdma_status clear; a bad one moves nothing, latches ERR, code 4 (access),
 * the op and erraddr = the main-memory address, and scpad.wait traps with
 * cause 5 (ld) / 7 (st), mtval = that address. */
static void sdma_case(int line, bool store, uint32_t shape, uint32_t sp, uint32_t mm,
                      int32_t stride, bool ok)
{
    uint32_t rows = (shape >> 8) & 0x3Fu, rb = (shape & 0x3Fu) << ((shape >> 16) & 3u);
    cur_op = store ? "scpad.st" : "scpad.ld";
    prep(true);
    sdma_status_write(0);
    sdma_erraddr_write(0);
    sdma_stride_write((uint32_t)stride);
    uint32_t b0 = rdhpm(HPM_SDMA_BYTES);
    ddc_apply();
    mosaic_trap_expect();
    if (store)
        scpad_st(shape, sp, (void *)(uintptr_t)mm);
    else
        scpad_ld(shape, sp, (const void *)(uintptr_t)mm);
    mosaic_trap_record r = mosaic_trap_end();
    ddc_open();
    CASEF(line, r.count == 0, "the transfer itself trapped (cause %lu)", (unsigned long)r.mcause);
    uint32_t want_status = ok ? 0
                              : SDMA_STATUS_ERR | FIELD_PREP(SDMA_STATUS_CODE, SDMA_ERR_ACCESS) |
                                    FIELD_PREP(SDMA_STATUS_OP, store);
    uint32_t st = sdma_status_read(), ea = sdma_erraddr_read();
    CASEF(line, st == want_status, "sdma_status 0x%lx, want 0x%lx", (unsigned long)st,
          (unsigned long)want_status);
    CASEF(line, ea == (ok ? 0 : mm), "sdma_erraddr 0x%08lx", (unsigned long)ea);
    r = MTEST_TRAP(scpad_wait());
    check_outcome(line, &r, ok, store ? CAUSE_STORE_FAULT : CAUSE_LOAD_FAULT, mm);
    sdma_status_write(0);
    uint32_t moved = rdhpm(HPM_SDMA_BYTES) - b0;
    CASEF(line, moved == (ok ? rows * rb : 0), "%lu SDMA bytes moved", (unsigned long)moved);
    if (ok)
        model_sdma(store, rows, rb, sp, mm, stride);
    verify(line, true, false);
}

#define SLD(shape, sp, mm, stride, ok)                                         \
    sdma_case(__LINE__, false, shape, (uint32_t)(sp), (uint32_t)(mm), stride, ok)
#define SST(shape, sp, mm, stride, ok)                                         \
    sdma_case(__LINE__, true, shape, (uint32_t)(sp), (uint32_t)(mm), stride, ok)

/* A load reads main memory (R) and writes the scratchpad (W), a store the
 * reverse, all through the one region. The scratchpad lies below main
 * memory, so layout A puts the region's base in the scratchpad (the packed
 * range) and its limit in main memory (the rows); layout B puts both ends
 * in the scratchpad, the "main-memory" rows in bank 0 at the base and the
 * packed range in bank 1 at the limit. */
static void t_sdma_layout_a(void)
{
    uint32_t spa = SP0 + 0x81;
    region(spa, RL, RW);
    SLD(SH, spa, RL - 291, 40, OK);        /* packed range at the base, last row at the limit */
    SLD(SH, spa - 1, RL - 291, 40, FAULT); /* packed range one byte below */
    SLD(SH, spa, RL - 290, 40, FAULT);     /* last row one byte above */
    SLD(SH, spa, RL - 11, -40, OK);        /* row 0 highest, ending at the limit */
    SLD(SH, spa, RL - 10, -40, FAULT);
    SST(SH, spa, RL - 291, 40, OK);
    SST(SH, spa - 1, RL - 291, 40, FAULT);
    SST(SH, spa, RL - 290, 40, FAULT);
    SST(SH, spa, RL - 11, -40, OK);
    SST(SH, spa, RL - 10, -40, FAULT);
}

static void t_sdma_layout_b(void)
{
    uint32_t mmb = SP0 + 0x53, sbl = SP1 + 0x1A0;
    region(mmb, sbl, RW);
    SLD(SH, sbl - 95, mmb, 40, OK);         /* row 0 at the base, packed range ends at the limit */
    SLD(SH, sbl - 95, mmb - 1, 40, FAULT);  /* row 0 one byte below */
    SLD(SH, sbl - 94, mmb, 40, FAULT);      /* packed range one byte above */
    SLD(SH, sbl - 95, mmb + 280, -40, OK);  /* row 7 (lowest) at the base */
    SLD(SH, sbl - 95, mmb + 279, -40, FAULT);
    SST(SH, sbl - 95, mmb, 40, OK);
    SST(SH, sbl - 95, mmb - 1, 40, FAULT);
    SST(SH, sbl - 94, mmb, 40, FAULT);
    SST(SH, sbl - 95, mmb + 280, -40, OK);
    SST(SH, sbl - 95, mmb + 279, -40, FAULT);
    /* 2-byte elements, 4 rows of 6 at stride 20: the region's ends are
     * made even / odd so that aligned accesses can start at the base and
     * end at the limit; moving the region by one byte leaves one out. */
    region(mmb + 1, sbl - 1, RW);
    SLD(SH2, sbl - 48, mmb + 1, 20, OK);
    SST(SH2, sbl - 48, mmb + 1, 20, OK);
    SLD(SH2, sbl - 48, mmb - 1, 20, FAULT);
    SLD(SH2, sbl - 46, mmb + 1, 20, FAULT);
    region(mmb + 2, sbl - 1, RW);
    SLD(SH2, sbl - 48, mmb + 1, 20, FAULT);
    region(mmb + 1, sbl - 2, RW);
    SST(SH2, sbl - 48, mmb + 1, 20, FAULT);
}

/* Every transfer needs both permissions (it reads one side and writes the
 * other), so a read-only or write-only region refuses loads and stores. */
static void t_sdma_perm(void)
{
    uint32_t sp = SP0 + 0x40, mm = A + 64;
    uint32_t perms[3] = {DDC_R, DDC_W, 0};
    for (unsigned i = 0; i < 3; i++) {
        region(0, TOP, perms[i]);
        SLD(SH, sp, mm, 40, FAULT);
        SST(SH, sp, mm, 40, FAULT);
    }
    region(0, TOP, RW);
    SLD(SH, sp, mm, 40, OK);
}

static void t_sdma_wrap(void)
{
    uint32_t sp = SP0 + 0x40;
    region(sp, TOP, RW);            /* a region up to the last address */
    SLD(SH, sp, A + 64, 40, OK);
    SST(SH, sp, A + 64, 40, OK);
    SLD(SH, sp - 1, A + 64, 40, FAULT);
    SLD(SDMA_SHAPE(1, 12, 0), sp, 0xFFFFFFF4u, 0, FAULT); /* ends at 2^32-1: not mapped */
    SLD(SDMA_SHAPE(1, 12, 0), sp, 0xFFFFFFF8u, 0, FAULT); /* wraps past 2^32 */
    SST(SDMA_SHAPE(1, 12, 0), sp, 0xFFFFFFF8u, 0, FAULT);
    region(0, TOP, RW);
    /* row 1 = base - 2^31 < 0 (modulo 2^32 it would be base + 2^31) */
    SLD(SDMA_SHAPE(2, 12, 0), sp, A + 64, (int32_t)0x80000000u, FAULT);
    /* row 1 = base + 2^31 - 8 > 2^32 - 1 for a base in RAM */
    SLD(SDMA_SHAPE(2, 12, 0), sp, (uintptr_t)w_arena, 0x7FFFFFF8, FAULT);
    SST(SDMA_SHAPE(2, 12, 0), sp, (uintptr_t)w_arena, 0x7FFFFFF8, FAULT);
    /* no wrap: a stride of about -512 MiB from main memory into the
     * scratchpad; each row is checked on its own */
    uint32_t mm = A + 0x10, r1 = SP0 + 0x180;
    SLD(SDMA_SHAPE(2, 12, 0), SP1 + 0x40, mm, (int32_t)(r1 - mm), OK);
    SST(SDMA_SHAPE(2, 12, 0), SP1 + 0x40, mm, (int32_t)(r1 - mm), OK);
    region(r1, TOP, RW);
    SLD(SDMA_SHAPE(2, 12, 0), SP1 + 0x40, mm, (int32_t)(r1 - mm), OK);
    region(r1 + 1, TOP, RW);        /* row 1 one byte below the base */
    SLD(SDMA_SHAPE(2, 12, 0), SP1 + 0x40, mm, (int32_t)(r1 - mm), FAULT);
}

/* ---- tl.mload / tl.mstore ------------------------------------------------------ */

/* 8 slices of S = 40 bytes (320 bytes). */
#define D8 TL_DESC(8, 1, 5, 8)
#define S8 40u

static void model_mload(uint32_t a, uint32_t d0, uint32_t s, uint32_t mask)
{
    zero_reg_want();
    for (uint32_t i = 0; i < d0 && i < 32; i++)
        if (mask & (1u << i))
            w_read(a + i * s, reg_want + i * s, s);
}

static void model_mstore(uint32_t a, uint32_t d0, uint32_t s, uint32_t mask)
{
    for (uint32_t i = 0; i < d0 && i < 32; i++)
        if (mask & (1u << i))
            w_write(a + i * s, reg_pat + i * s, s);
}

static void tl_case(int line, bool store, uint32_t desc, uint32_t mask, uint32_t a, bool ok,
                    bool with_sp)
{
    uint32_t d0 = TL_DESC_DIM(desc, 0);
    uint32_t s = TL_DESC_DIM(desc, 1) * TL_DESC_DIM(desc, 2) * TL_DESC_DIM(desc, 3);
    cur_op = store ? "tl.mstore" : "tl.mload";
    prep(with_sp);
    mosaic_trap_record r;
    ddc_apply();
    if (store) {
        tl_store_mask_write(mask);
        r = MTEST_TRAP(tl_mstore(TR, a, desc));
    } else {
        tl_load_mask_write(mask);
        r = MTEST_TRAP(tl_mload(TR, desc, a));
    }
    ddc_open();
    check_outcome(line, &r, ok, store ? CAUSE_STORE_FAULT : CAUSE_LOAD_FAULT, a);
    if (ok && store)
        model_mstore(a, d0, s, mask);
    else if (ok)
        model_mload(a, d0, s, mask);
    verify(line, with_sp, !store);
}

#define MLD(desc, mask, a, ok) tl_case(__LINE__, false, desc, mask, (uint32_t)(a), ok, false)
#define MST(desc, mask, a, ok) tl_case(__LINE__, true, desc, mask, (uint32_t)(a), ok, false)

/* Only selected slices are checked: the first and last selected ones are
 * the boundary rows, whatever the unselected slices around them cover. */
static void t_tl(void)
{
    region(RB, RL, RW);
    for (int st = 0; st < 2; st++) {
        bool s = st != 0;
        tl_case(__LINE__, s, D8, 0xFF, RB, OK, false);
        tl_case(__LINE__, s, D8, 0xFF, RL - 319, OK, false);
        tl_case(__LINE__, s, D8, 0xFF, RB - 1, FAULT, false);
        tl_case(__LINE__, s, D8, 0xFF, RL - 318, FAULT, false);
        /* slices 1..6: slice 0 below the base and 7 above the limit */
        tl_case(__LINE__, s, D8, 0x7E, RB - S8, OK, false);
        tl_case(__LINE__, s, D8, 0x7E, RB - S8 - 1, FAULT, false);
        tl_case(__LINE__, s, D8, 0x7E, RL - 279, OK, false);
        tl_case(__LINE__, s, D8, 0x7E, RL - 278, FAULT, false);
        /* slices 0 and 7 only: the gap between them is not accessed */
        tl_case(__LINE__, s, D8, 0x81, RL - 319, OK, false);
        tl_case(__LINE__, s, D8, 0x81, RL - 318, FAULT, false);
        /* 40 slices of 1 byte: positions 32..39 are never selected, so
         * slice 31 is the last one checked */
        tl_case(__LINE__, s, TL_DESC(40, 1, 1, 1), 0xFFFFFFFFu, RL - 31, OK, false);
        tl_case(__LINE__, s, TL_DESC(40, 1, 1, 1), 0xFFFFFFFFu, RL - 30, FAULT, false);
        /* nothing selected: nothing checked (an mload still zeroes tD) */
        tl_case(__LINE__, s, D8, 0, RB - 1, OK, false);
    }
    region(RB, RL, DDC_R);
    MLD(D8, 0xFF, RB + 3, OK);
    MST(D8, 0xFF, RB + 3, FAULT);   /* read-only region */
    region(RB, RL, DDC_W);
    MLD(D8, 0xFF, RB + 3, FAULT);   /* write-only region */
    MST(D8, 0xFF, RB + 3, OK);
    region(RB, RL, 0);
    MLD(D8, 0x01, RB + 3, FAULT);
    MST(D8, 0x01, RB + 3, FAULT);
}

/* Slices in the scratchpad (bank 1's window). */
static void t_tl_scratchpad(void)
{
    uint32_t b = SP1 + 0x31, l = b + 399;
    region(b, l, RW);
    tl_case(__LINE__, true, D8, 0xFF, l - 319, OK, true);
    tl_case(__LINE__, true, D8, 0xFF, l - 318, FAULT, true);
    tl_case(__LINE__, true, D8, 0x7E, b - S8, OK, true);
    tl_case(__LINE__, true, D8, 0x7E, b - S8 - 1, FAULT, true);
    tl_case(__LINE__, false, D8, 0xFF, b, OK, true);
    tl_case(__LINE__, false, D8, 0xFF, b - 1, FAULT, true);
}

static void t_tl_wrap(void)
{
    region(RB, TOP, RW);
    MLD(D8, 0xFF, RB, OK);
    MST(D8, 0xFF, A + ARENA - 320, OK);
    MLD(D8, 0xFF, RB - 1, FAULT);
    MLD(D8, 0xFF, 0xFFFFFF00u, FAULT);  /* slice 6 crosses 2^32, slice 7 lies past it */
    MST(D8, 0xFF, 0xFFFFFF00u, FAULT);
    MLD(D8, 0x80, 0xFFFFFF00u, FAULT);  /* only the slice past 2^32 */
    MLD(D8, 0x01, 0xFFFFFFD8u, FAULT);  /* ends at 2^32-1: not mapped */
    MLD(D8, 0x00, 0xFFFFFF00u, OK);     /* nothing selected, nothing checked */
    MST(D8, 0x00, 0xFFFFFF00u, OK);
}

int main(void)
{
    tt_reset_csrs();
    arena = mosaic_tensor_alloc(ARENA, 64);
    stage = mosaic_tensor_alloc(3072, 64);
    if (!arena || !stage) {
        mtest_fail(__FILE__, __LINE__, "mosaic_tensor_alloc failed");
        return mtest_finish();
    }
    A = (uint32_t)(uintptr_t)arena;
    pattern(reg_pat, 1024);
    copy32(stage, reg_pat, 1024);
    mosaic_fence();
    RB = A + 53;
    RL = A + 452;
    MTEST_RUN(t_tld_int8);
    MTEST_RUN(t_tst_int8);
    MTEST_RUN(t_other_formats);
    MTEST_RUN(t_tile_scratchpad);
    MTEST_RUN(t_tld_tst_wrap);
    MTEST_RUN(t_sdma_layout_a);
    MTEST_RUN(t_sdma_layout_b);
    MTEST_RUN(t_sdma_perm);
    MTEST_RUN(t_sdma_wrap);
    MTEST_RUN(t_tl);
    MTEST_RUN(t_tl_scratchpad);
    MTEST_RUN(t_tl_wrap);
    tt_reset_csrs();
    return mtest_finish();
}
