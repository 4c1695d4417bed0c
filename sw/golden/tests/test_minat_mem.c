/* MINA-T tld / tst: round trips for every format, FP4 packing, negative and
 * zero strides, alignment, DDC and mapping traps (with their mtval and the
 * guarantee that a trap changes nothing), tags and context status. */
#include "test_minat_util.h"

static const mosaic_fmt all_fmts[] = {
    MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, MOSAIC_FMT_BF16,  MOSAIC_FMT_E4M3,  MOSAIC_FMT_E5M2,
    MOSAIC_FMT_INT8, MOSAIC_FMT_FP4,  MOSAIC_FMT_INT16, MOSAIC_FMT_INT32, MOSAIC_FMT_TF32};
#define NFMT (sizeof all_fmts / sizeof all_fmts[0])

static uint32_t row_bytes(mosaic_fmt f)
{
    return 16u * mosaic_fmt_bits(f) / 8u;
}

static uint32_t elem_align(mosaic_fmt f)
{
    return mosaic_fmt_bits(f) >= 8 ? mosaic_fmt_bits(f) / 8u : 1u;
}

static uint8_t *at(rig *r, uint32_t addr)
{
    return r->mem.bytes + (addr - MEM_BASE);
}

/* tld from a padded layout, tst to another padded layout: the register
 * holds the rows back to back, the gaps in memory are untouched. */
static void tld_tst_roundtrip_every_format(check_ctx *c)
{
    uint64_t seed = 11;
    for (unsigned k = 0; k < NFMT; k++) {
        mosaic_fmt f = all_fmts[k];
        rig r;
        rig_init(&r);
        uint32_t rb = row_bytes(f), src = MEM_BASE + 0x100, dst = MEM_BASE + 0x4000;
        int32_t s1 = (int32_t)rb + 4 * (int32_t)elem_align(f) + 8, s2 = (int32_t)rb + 64;
        for (uint32_t i = 0; i < MEM_SIZE; i++)
            r.mem.bytes[i] = (uint8_t)rnd(&seed);
        uint8_t before[MEM_SIZE];
        memcpy(before, r.mem.bytes, MEM_SIZE);
        fill_garbage(&r.tu, 5, &seed);
        r.tu.tag[5] = (uint8_t)f;
        mosaic_tu_result res = RUN_OK(c, &r, e_tld(5, 10, s1), src);
        CHECK(c, res.treg_written == 1u << 5 && !res.rd_write, "%s: tld effects",
              mosaic_fmt_name(f));
        for (uint32_t y = 0; y < 16; y++)
            CHECK(c, memcmp(r.tu.treg[5] + y * rb, at(&r, src + y * (uint32_t)s1), rb) == 0,
                  "%s: tld row %u", mosaic_fmt_name(f), (unsigned)y);
        CHECK(c, above_zero(&r.tu, 5, f), "%s: tld bytes above the tile", mosaic_fmt_name(f));
        CHECK(c, r.tu.tag[5] == f, "%s: tld changed the tag", mosaic_fmt_name(f));
        CHECK(c, r.tu.ts == MOSAIC_TS_DIRTY, "tld sets Dirty");

        r.tu.ts = MOSAIC_TS_CLEAN;
        res = RUN_OK(c, &r, e_tst(5, 11, s2), dst);
        CHECK(c, res.treg_written == 0 && !res.rd_write && !res.csr_written, "%s: tst effects",
              mosaic_fmt_name(f));
        CHECK(c, r.tu.ts == MOSAIC_TS_CLEAN, "tst leaves TS alone (R8)");
        for (uint32_t a = dst; a < dst + 16u * (uint32_t)s2; a++) {
            uint32_t off = a - dst, y = off / (uint32_t)s2, col = off % (uint32_t)s2;
            uint8_t want = col < rb ? at(&r, src + y * (uint32_t)s1)[col] : before[a - MEM_BASE];
            CHECK(c, *at(&r, a) == want, "%s: tst byte at +0x%x", mosaic_fmt_name(f),
                  (unsigned)off);
        }
        CHECK(c, memcmp(r.mem.bytes, before, dst - MEM_BASE) == 0, "%s: tst wrote below",
              mosaic_fmt_name(f));
        rig_free(&r);
    }
}

/* FP4 element 2k is the low nibble of byte k, in memory and in the tile. */
static void tld_fp4_packing(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t src = MEM_BASE + 0x200;
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t k = 0; k < 8; k++)
            *at(&r, src + y * 8 + k) = (uint8_t)(((2 * k + 1 + y) & 15u) << 4 | ((2 * k + y) & 15u));
    r.tu.tag[2] = MOSAIC_FMT_FP4;
    RUN_OK(c, &r, e_tld(2, 1, 8), src);
    for (unsigned i = 0; i < 256; i++)
        CHECK(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_FP4, i) == ((i % 16 + i / 16) & 15u),
              "fp4 element %u", i);
    /* and an FP4 row is only 8 bytes wide, byte aligned: odd base, odd stride */
    r.tu.tag[3] = MOSAIC_FMT_FP4;
    RUN_OK(c, &r, e_tld(3, 1, 9), src + 1);
    CHECK(c, r.tu.treg[3][0] == *at(&r, src + 1) && r.tu.treg[3][8] == *at(&r, src + 10),
          "fp4 odd base/stride");
    rig_free(&r);
}

static void tld_tst_negative_stride(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint64_t seed = 5;
    uint32_t base = MEM_BASE + 0x2000;
    for (uint32_t i = 0; i < MEM_SIZE; i++)
        r.mem.bytes[i] = (uint8_t)rnd(&seed);
    r.tu.tag[7] = MOSAIC_FMT_FP16;
    RUN_OK(c, &r, e_tld(7, 3, -32), base);
    for (uint32_t y = 0; y < 16; y++)
        CHECK(c, memcmp(r.tu.treg[7] + 32 * y, at(&r, base - 32 * y), 32) == 0, "row %u", (unsigned)y);
    /* most negative stride, FP32 */
    r.tu.tag[8] = MOSAIC_FMT_FP32;
    uint32_t hi = MEM_BASE + 15 * 2048 + 64;
    RUN_OK(c, &r, e_tld(8, 3, -2048), hi);
    for (uint32_t y = 0; y < 16; y++)
        CHECK(c, memcmp(r.tu.treg[8] + 64 * y, at(&r, hi - 2048 * y), 64) == 0, "row %u -2048",
              (unsigned)y);
    /* store it back reversed somewhere else and reload forwards */
    uint32_t dst = MEM_BASE + 0xF000;
    RUN_OK(c, &r, e_tst(8, 3, -64), dst + 15 * 64);
    r.tu.tag[9] = MOSAIC_FMT_FP32;
    RUN_OK(c, &r, e_tld(9, 3, 64), dst);
    for (uint32_t y = 0; y < 16; y++)
        CHECK(c, memcmp(r.tu.treg[9] + 64 * y, r.tu.treg[8] + 64 * (15 - y), 64) == 0,
              "reversed row %u", (unsigned)y);
    rig_free(&r);
}

/* Stride 0: a load broadcasts one row; a store leaves the last row (rows
 * are written in order). Overlapping rows likewise. */
static void tld_tst_zero_and_overlapping_stride(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint64_t seed = 9;
    uint32_t base = MEM_BASE + 0x800;
    for (uint32_t i = 0; i < 64; i++)
        *at(&r, base + i) = (uint8_t)rnd(&seed);
    r.tu.tag[1] = MOSAIC_FMT_INT32;
    RUN_OK(c, &r, e_tld(1, 2, 0), base);
    for (uint32_t y = 0; y < 16; y++)
        CHECK(c, memcmp(r.tu.treg[1] + 64 * y, at(&r, base), 64) == 0, "broadcast row %u",
              (unsigned)y);

    uint32_t v[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = i;
    put_tile(&r.tu, 2, MOSAIC_FMT_INT8, v);
    uint32_t dst = MEM_BASE + 0x3000;
    RUN_OK(c, &r, e_tst(2, 2, 0), dst);
    for (uint32_t i = 0; i < 16; i++)
        CHECK_EQ_U32(c, *at(&r, dst + i), 240 + i, "stride 0 store keeps row 15");
    CHECK_EQ_U32(c, *at(&r, dst + 16), 0, "stride 0 store wrote past one row");
    /* stride 8 < 16-byte rows: row y+1 overwrites the upper half of row y */
    uint32_t dst2 = MEM_BASE + 0x3100;
    RUN_OK(c, &r, e_tst(2, 2, 8), dst2);
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t i = 0; i < 8; i++)
            CHECK_EQ_U32(c, *at(&r, dst2 + 8 * y + i), 16 * y + i, "overlap low half");
    for (uint32_t i = 0; i < 8; i++)
        CHECK_EQ_U32(c, *at(&r, dst2 + 128 + i), 240 + 8 + i, "overlap tail");
    rig_free(&r);
}

static void misaligned_base(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t base = MEM_BASE + 0x100;
    for (unsigned k = 0; k < NFMT; k++) {
        mosaic_fmt f = all_fmts[k];
        r.tu.tag[4] = (uint8_t)f;
        uint32_t al = elem_align(f);
        for (uint32_t off = 1; off < al; off++) {
            EXPECT_TRAP(c, &r, e_tld(4, 6, 64), base + off, MOSAIC_CAUSE_LOAD_MISALIGNED,
                        base + off);
            EXPECT_TRAP(c, &r, e_tst(4, 6, 64), base + off, MOSAIC_CAUSE_STORE_MISALIGNED,
                        base + off);
        }
        if (al == 1) { /* byte formats: any base is fine */
            RUN_OK(c, &r, e_tld(4, 6, 16), base + 3);
            RUN_OK(c, &r, e_tst(4, 6, 16), base + 3);
        }
    }
    /* misaligned outside the DDC region: alignment is checked first */
    r.tu.tag[4] = MOSAIC_FMT_FP32;
    r.tu.ddc_base = MEM_BASE + 0x8000;
    EXPECT_TRAP(c, &r, e_tld(4, 6, 64), base + 2, MOSAIC_CAUSE_LOAD_MISALIGNED, base + 2);
    EXPECT_TRAP(c, &r, e_tst(4, 6, 64), 0x10u + 2, MOSAIC_CAUSE_STORE_MISALIGNED, 0x12u);
    rig_free(&r);
}

/* mtval = the first misaligned row address: base + stride. */
static void misaligned_stride(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t base = MEM_BASE + 0x1000;
    r.tu.tag[4] = MOSAIC_FMT_FP32;
    EXPECT_TRAP(c, &r, e_tld(4, 6, 66), base, MOSAIC_CAUSE_LOAD_MISALIGNED, base + 66);
    EXPECT_TRAP(c, &r, e_tst(4, 6, 66), base, MOSAIC_CAUSE_STORE_MISALIGNED, base + 66);
    EXPECT_TRAP(c, &r, e_tld(4, 6, -66), base, MOSAIC_CAUSE_LOAD_MISALIGNED, base - 66);
    EXPECT_TRAP(c, &r, e_tst(4, 6, 2047), base, MOSAIC_CAUSE_STORE_MISALIGNED, base + 2047);
    EXPECT_TRAP(c, &r, e_tld(4, 6, 1), base, MOSAIC_CAUSE_LOAD_MISALIGNED, base + 1);
    /* both misaligned: the base is the first misaligned row */
    EXPECT_TRAP(c, &r, e_tld(4, 6, 66), base + 1, MOSAIC_CAUSE_LOAD_MISALIGNED, base + 1);
    r.tu.tag[4] = MOSAIC_FMT_BF16;
    EXPECT_TRAP(c, &r, e_tld(4, 6, 33), base, MOSAIC_CAUSE_LOAD_MISALIGNED, base + 33);
    RUN_OK(c, &r, e_tld(4, 6, 34), base); /* element-aligned, not row-aligned: fine */
    r.tu.tag[4] = MOSAIC_FMT_INT8;
    RUN_OK(c, &r, e_tld(4, 6, 17), base);
    /* a misaligned stride traps even when the rows would also be out of DDC */
    r.tu.tag[4] = MOSAIC_FMT_INT16;
    r.tu.ddc_limit = base;
    EXPECT_TRAP(c, &r, e_tst(4, 6, 3), base, MOSAIC_CAUSE_STORE_MISALIGNED, base + 3);
    rig_free(&r);
}

/* DDC region [lo, hi]: first and last byte inside pass, one byte outside
 * faults with mtval = base. */
static void ddc_boundaries(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t lo = MEM_BASE + 0x1000, hi = MEM_BASE + 0x1FFF;
    r.tu.ddc_base = lo;
    r.tu.ddc_limit = hi;
    r.tu.tag[1] = MOSAIC_FMT_INT8; /* 16-byte rows, byte aligned */
    int32_t st = 100;
    uint32_t last_row = 15u * (uint32_t)st;
    RUN_OK(c, &r, e_tld(1, 2, st), lo);                          /* first byte = lo */
    RUN_OK(c, &r, e_tld(1, 2, st), hi - 15 - last_row);          /* last byte = hi */
    RUN_OK(c, &r, e_tst(1, 2, st), hi - 15 - last_row);
    EXPECT_TRAP(c, &r, e_tld(1, 2, st), lo - 1, MOSAIC_CAUSE_LOAD_FAULT, lo - 1);
    EXPECT_TRAP(c, &r, e_tst(1, 2, st), lo - 1, MOSAIC_CAUSE_STORE_FAULT, lo - 1);
    EXPECT_TRAP(c, &r, e_tld(1, 2, st), hi - 14 - last_row, MOSAIC_CAUSE_LOAD_FAULT,
                hi - 14 - last_row);
    EXPECT_TRAP(c, &r, e_tst(1, 2, st), hi - 14 - last_row, MOSAIC_CAUSE_STORE_FAULT,
                hi - 14 - last_row);
    /* negative stride: the last row is the lowest */
    RUN_OK(c, &r, e_tld(1, 2, -st), lo + last_row);
    EXPECT_TRAP(c, &r, e_tld(1, 2, -st), lo + last_row - 1, MOSAIC_CAUSE_LOAD_FAULT,
                lo + last_row - 1);
    RUN_OK(c, &r, e_tst(1, 2, -st), hi - 15);
    EXPECT_TRAP(c, &r, e_tst(1, 2, -st), hi - 14, MOSAIC_CAUSE_STORE_FAULT, hi - 14);
    /* an FP32 tile, stride 0: a single 64-byte row */
    r.tu.tag[1] = MOSAIC_FMT_FP32;
    RUN_OK(c, &r, e_tld(1, 2, 0), hi - 63);
    EXPECT_TRAP(c, &r, e_tld(1, 2, 0), hi - 59, MOSAIC_CAUSE_LOAD_FAULT, hi - 59);
    /* a base past the region */
    EXPECT_TRAP(c, &r, e_tld(1, 2, 0), hi + 1, MOSAIC_CAUSE_LOAD_FAULT, hi + 1);
    rig_free(&r);
}

static void ddc_permissions(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t base = MEM_BASE + 0x400;
    r.tu.tag[1] = MOSAIC_FMT_BF16;
    r.tu.ddc_perm = 1; /* R only */
    RUN_OK(c, &r, e_tld(1, 2, 32), base);
    EXPECT_TRAP(c, &r, e_tst(1, 2, 32), base, MOSAIC_CAUSE_STORE_FAULT, base);
    r.tu.ddc_perm = 2; /* W only */
    EXPECT_TRAP(c, &r, e_tld(1, 2, 32), base, MOSAIC_CAUSE_LOAD_FAULT, base);
    RUN_OK(c, &r, e_tst(1, 2, 32), base);
    r.tu.ddc_perm = 0;
    EXPECT_TRAP(c, &r, e_tld(1, 2, 32), base, MOSAIC_CAUSE_LOAD_FAULT, base);
    EXPECT_TRAP(c, &r, e_tst(1, 2, 32), base, MOSAIC_CAUSE_STORE_FAULT, base);
    rig_free(&r);
}

/* A memory where every address is mapped (reads give a pattern, writes are
 * counted): the only thing that can refuse a wrapping access is the
 * architecture's "no wrap past 2^32" rule. */
typedef struct {
    unsigned writes;
} allmem;
static bool all_ok(void *ctx, uint32_t a, uint32_t n, bool w)
{
    (void)ctx, (void)a, (void)n, (void)w;
    return true;
}
static bool all_read(void *ctx, uint32_t a, void *buf, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        ((uint8_t *)buf)[i] = (uint8_t)(a + i);
    return true;
}
static bool all_write(void *ctx, uint32_t a, const void *buf, uint32_t n)
{
    (void)a, (void)buf, (void)n;
    ((allmem *)ctx)->writes++;
    return true;
}

static void ddc_address_wraparound(check_ctx *c)
{
    mosaic_tu tu, before;
    mosaic_tu_reset(&tu, NULL);
    allmem am = {0};
    mosaic_mem_if mif = {.ctx = &am, .ok = all_ok, .read = all_read, .write = all_write};
    tu.tag[1] = MOSAIC_FMT_INT8;
    /* ends exactly at 0xFFFFFFFF: fine */
    mosaic_tu_result res = mosaic_tu_exec(&tu, &mif, e_tld(1, 2, 16), 0xFFFFFF00u, 0, 0);
    CHECK(c, !res.trap && tu.treg[1][255] == 0xFF, "tld ending at 2^32-1");
    struct {
        uint32_t insn, base, cause;
    } cases[] = {
        {e_tld(1, 2, 16), 0xFFFFFF01u, MOSAIC_CAUSE_LOAD_FAULT},   /* last byte wraps */
        {e_tst(1, 2, 16), 0xFFFFFF01u, MOSAIC_CAUSE_STORE_FAULT},
        {e_tld(1, 2, 2000), 0xFFFFF000u, MOSAIC_CAUSE_LOAD_FAULT}, /* later rows wrap */
        {e_tld(1, 2, 0), 0xFFFFFFF8u, MOSAIC_CAUSE_LOAD_FAULT},    /* one row wraps */
        {e_tld(1, 2, -16), 0x00000010u, MOSAIC_CAUSE_LOAD_FAULT},  /* below 0 */
        {e_tst(1, 2, -2048), 0x00001000u, MOSAIC_CAUSE_STORE_FAULT},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(&before, &tu, sizeof tu);
        unsigned w = am.writes;
        res = mosaic_tu_exec(&tu, &mif, cases[i].insn, cases[i].base, 0, 0);
        CHECK(c, res.trap && res.cause == cases[i].cause && res.tval == cases[i].base,
              "wrap case %u: trap %d cause %u tval 0x%08x", i, res.trap, (unsigned)res.cause,
              (unsigned)res.tval);
        CHECK(c, memcmp(&before, &tu, sizeof tu) == 0 && am.writes == w,
              "wrap case %u changed state", i);
    }
    /* the negative stride that stays >= 0 is fine */
    res = mosaic_tu_exec(&tu, &mif, e_tld(1, 2, -16), 0xF0u, 0, 0);
    CHECK(c, !res.trap, "negative stride ending at address 0");
}

static void unmapped_memory(check_ctx *c)
{
    rig r;
    rig_init(&r);
    r.tu.tag[1] = MOSAIC_FMT_FP32;
    EXPECT_TRAP(c, &r, e_tld(1, 2, 64), 0x1000u, MOSAIC_CAUSE_LOAD_FAULT, 0x1000u);
    EXPECT_TRAP(c, &r, e_tst(1, 2, 64), 0x1000u, MOSAIC_CAUSE_STORE_FAULT, 0x1000u);
    /* first row mapped, last row past the end of memory */
    uint32_t end = MEM_BASE + MEM_SIZE;
    RUN_OK(c, &r, e_tld(1, 2, 64), end - 1024);
    EXPECT_TRAP(c, &r, e_tld(1, 2, 64), end - 1020, MOSAIC_CAUSE_LOAD_FAULT, end - 1020);
    EXPECT_TRAP(c, &r, e_tst(1, 2, 64), end - 1020, MOSAIC_CAUSE_STORE_FAULT, end - 1020);
    /* last row mapped, first row below memory (negative stride) */
    EXPECT_TRAP(c, &r, e_tst(1, 2, -64), MEM_BASE + 0x100, MOSAIC_CAUSE_STORE_FAULT,
                MEM_BASE + 0x100);
    rig_free(&r);
}

/* TS Off makes tld/tst illegal before any alignment or memory check. */
static void ts_off(check_ctx *c)
{
    rig r;
    rig_init(&r);
    r.tu.ts = MOSAIC_TS_OFF;
    r.tu.tag[1] = MOSAIC_FMT_FP32;
    EXPECT_ILLEGAL(c, &r, e_tld(1, 2, 64), MEM_BASE);
    EXPECT_ILLEGAL(c, &r, e_tst(1, 2, 64), MEM_BASE);
    EXPECT_ILLEGAL(c, &r, e_tld(1, 2, 64), MEM_BASE + 1);
    EXPECT_ILLEGAL(c, &r, e_tst(1, 2, 64), 0);
    rig_free(&r);
}

/* tld writes the whole register even for narrow formats; only the
 * destination changes. */
static void tld_writes_whole_register_only(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint64_t seed = 3;
    for (unsigned reg = 0; reg < 32; reg++)
        fill_garbage(&r.tu, reg, &seed);
    r.tu.tag[31] = MOSAIC_FMT_E5M2;
    mosaic_tu before;
    memcpy(&before, &r.tu, sizeof before);
    RUN_OK(c, &r, e_tld(31, 2, 16), MEM_BASE);
    CHECK(c, above_zero(&r.tu, 31, MOSAIC_FMT_E5M2), "zeros above");
    CHECK(c, memcmp(before.treg, r.tu.treg, 31 * MOSAIC_TREG_BYTES) == 0, "other registers");
    rig_free(&r);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, tld_tst_roundtrip_every_format);
    RUN(&c, tld_fp4_packing);
    RUN(&c, tld_tst_negative_stride);
    RUN(&c, tld_tst_zero_and_overlapping_stride);
    RUN(&c, misaligned_base);
    RUN(&c, misaligned_stride);
    RUN(&c, ddc_boundaries);
    RUN(&c, ddc_permissions);
    RUN(&c, ddc_address_wraparound);
    RUN(&c, unmapped_memory);
    RUN(&c, ts_off);
    RUN(&c, tld_writes_whole_register_only);
    return check_exit(&c);
}
