/* SDMA (custom-0) tests: scpad.ld / scpad.st round trips over random
 * shapes, element sizes, strides and both banks; every error code; the
 * deferred trap at scpad.wait; recovery after clearing sdma_status; bus
 * errors (R32) on SDMA and tld/tst. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mosaic_tu.h"
#include "testmem.h"

#define OP MOSAIC_OP_CUSTOM0
#define MAIN_BASE 0x40000000u
#define MAIN_SIZE 0x40000u
#define SP_BASE 0x20000000u
#define BANK 0x4000u

/* Two windows: main memory and the scratchpad (two banks). Anything else is
 * unmapped. */
typedef struct {
    testmem main, sp;
    unsigned writes;
} dualmem;

static testmem *which(dualmem *d, uint32_t addr, uint32_t len)
{
    if (testmem_ok(&d->main, addr, len, false))
        return &d->main;
    if (testmem_ok(&d->sp, addr, len, false))
        return &d->sp;
    return NULL;
}

static bool dual_ok(void *ctx, uint32_t addr, uint32_t len, bool write)
{
    (void)write;
    return which(ctx, addr, len) != NULL;
}

static bool dual_read(void *ctx, uint32_t addr, void *buf, uint32_t len)
{
    return testmem_read(which(ctx, addr, len), addr, buf, len);
}

static bool dual_write(void *ctx, uint32_t addr, const void *buf, uint32_t len)
{
    dualmem *d = ctx;
    d->writes++;
    return testmem_write(which(d, addr, len), addr, buf, len);
}

typedef struct {
    uint32_t s;
} rng;

static uint32_t rnd(rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 17;
    r->s ^= r->s << 5;
    return r->s;
}

typedef struct {
    mosaic_tu tu;
    dualmem m;
    mosaic_mem_if mi;
} env;

static void env_init_at(env *e, rng *r, uint32_t sp_base)
{
    mosaic_tu_config cfg = {.scpad_base = sp_base, .scpad_bank_bytes = BANK};
    mosaic_tu_reset(&e->tu, &cfg);
    testmem_init(&e->m.main, MAIN_BASE, MAIN_SIZE);
    testmem_init(&e->m.sp, sp_base, 2 * BANK);
    for (uint32_t i = 0; i < MAIN_SIZE; i++)
        e->m.main.bytes[i] = (uint8_t)rnd(r);
    for (uint32_t i = 0; i < 2 * BANK; i++)
        e->m.sp.bytes[i] = (uint8_t)rnd(r);
    e->m.writes = 0;
    e->mi = (mosaic_mem_if){.ctx = &e->m, .ok = dual_ok, .read = dual_read, .write = dual_write};
}

static void env_init(env *e, rng *r)
{
    env_init_at(e, r, SP_BASE);
}

static void env_free(env *e)
{
    testmem_free(&e->m.main);
    testmem_free(&e->m.sp);
}

static uint32_t shape(uint32_t rows, uint32_t cols, uint32_t lg)
{
    return cols | (rows << 8) | (lg << 16);
}

/* scpad.ld / scpad.st xshape(rd=5), xsp(rs1=6), xmem(rs2=7) */
static mosaic_tu_result ld(env *e, uint32_t shp, uint32_t sp, uint32_t mm)
{
    return mosaic_tu_exec(&e->tu, &e->mi, enc_r(OP, 0, 0, 5, 6, 7), sp, mm, shp);
}

static mosaic_tu_result st(env *e, uint32_t shp, uint32_t sp, uint32_t mm)
{
    return mosaic_tu_exec(&e->tu, &e->mi, enc_r(OP, 1, 0, 5, 6, 7), sp, mm, shp);
}

static mosaic_tu_result wait_(env *e)
{
    return mosaic_tu_exec(&e->tu, &e->mi, enc_r(OP, 2, 0, 0, 0, 0), 0, 0, 0);
}

static uint8_t *mainp(env *e, uint32_t a)
{
    return e->m.main.bytes + (a - MAIN_BASE);
}

static uint8_t *spp(env *e, uint32_t a)
{
    return e->m.sp.bytes + (a - e->m.sp.base);
}

static void t_round_trips(check_ctx *c)
{
    rng r = {101};
    env e;
    env_init(&e, &r);
    for (unsigned trial = 0; trial < 300; trial++) {
        uint32_t rows = 1 + rnd(&r) % 32, cols = 1 + rnd(&r) % 32, lg = rnd(&r) % 3;
        uint32_t es = 1u << lg, rb = cols * es, bytes = rows * rb;
        int32_t stride = (int32_t)(rb + es * (rnd(&r) % 8));
        if (trial % 3 == 1)
            stride = -stride;
        if (trial % 11 == 0)
            stride = (int32_t)rb; /* dense */
        uint32_t bank = trial % 2;
        uint32_t sp = SP_BASE + bank * BANK + es * (rnd(&r) % ((BANK - bytes) / es + 1));
        uint32_t span = (rows - 1) * (uint32_t)(stride < 0 ? -stride : stride) + rb;
        uint32_t lo = MAIN_BASE + es * (rnd(&r) % ((MAIN_SIZE / 2 - span) / es));
        uint32_t mm = stride < 0 ? lo + (rows - 1) * (uint32_t)(-stride) : lo;
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, (uint32_t)stride);

        mosaic_tu_result res = ld(&e, shape(rows, cols, lg), sp, mm);
        CHECK(c, !res.trap && res.sdma_issued == 1 && e.tu.sdma_status == 0,
              "ld accepted (trial %u)", trial);
        unsigned bad = 0;
        for (uint32_t y = 0; y < rows; y++)
            bad += memcmp(spp(&e, sp + y * rb), mainp(&e, mm + y * (uint32_t)stride), rb) != 0;
        CHECK(c, bad == 0, "ld rows=%u cols=%u es=%u stride=%d bank %u: %u rows wrong", rows,
              cols, es, stride, bank, bad);

        /* store back to the upper half of main memory with another stride,
         * and check the gaps between rows are untouched */
        int32_t st2 = (int32_t)(rb + es * (rnd(&r) % 5));
        if (trial % 4 == 0)
            st2 = -st2;
        uint32_t span2 = (rows - 1) * (uint32_t)(st2 < 0 ? -st2 : st2) + rb;
        uint32_t lo2 = MAIN_BASE + MAIN_SIZE / 2 + es * (rnd(&r) % ((MAIN_SIZE / 2 - span2) / es));
        uint32_t mm2 = st2 < 0 ? lo2 + (rows - 1) * (uint32_t)(-st2) : lo2;
        uint8_t *before = malloc(MAIN_SIZE);
        memcpy(before, e.m.main.bytes, MAIN_SIZE);
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, (uint32_t)st2);
        res = st(&e, shape(rows, cols, lg), sp, mm2);
        CHECK(c, !res.trap && res.sdma_issued == 1 && e.tu.sdma_status == 0, "st accepted");
        bad = 0;
        for (uint32_t a = 0; a < MAIN_SIZE; a++) {
            uint32_t addr = MAIN_BASE + a;
            uint8_t want = before[a];
            for (uint32_t y = 0; y < rows; y++) {
                uint32_t row = mm2 + y * (uint32_t)st2;
                if (addr - row < rb)
                    want = *mainp(&e, mm + y * (uint32_t)stride + (addr - row));
            }
            bad += e.m.main.bytes[a] != want;
        }
        CHECK(c, bad == 0, "st rows=%u cols=%u es=%u stride=%d: %u bytes wrong", rows, cols, es,
              st2, bad);
        free(before);
    }
    CHECK(c, !wait_(&e).trap, "wait after good transfers does not trap");
    env_free(&e);
}

/* One bad transfer: status, erraddr, nothing moved, no trap until wait. */
static void expect_error(check_ctx *c, env *e, bool store, uint32_t shp, uint32_t sp,
                         uint32_t mm, unsigned code, const char *what)
{
    mosaic_tu_csr_write(&e->tu, MOSAIC_CSR_SDMA_STATUS, 0);
    unsigned w = e->m.writes;
    mosaic_tu_result res = store ? st(e, shp, sp, mm) : ld(e, shp, sp, mm);
    CHECK(c, !res.trap, "%s: the transfer itself does not trap", what);
    CHECK(c, res.sdma_issued == 0 && e->m.writes == w, "%s: nothing moved", what);
    CHECK_EQ_U32(c, e->tu.sdma_status, 1u | (code << 1) | (store ? 1u << 4 : 0u), what);
    CHECK_EQ_U32(c, e->tu.sdma_erraddr, mm, what);
    CHECK(c, res.csr_written, "%s: csr_written", what);
    res = wait_(e);
    CHECK(c, res.trap, "%s: wait traps", what);
    CHECK_EQ_U32(c, res.cause, store ? MOSAIC_CAUSE_STORE_FAULT : MOSAIC_CAUSE_LOAD_FAULT, what);
    CHECK_EQ_U32(c, res.tval, mm, what);
    res = wait_(e);
    CHECK(c, res.trap, "%s: status stays until software clears it", what);
}

static void t_error_codes(check_ctx *c)
{
    rng r = {102};
    env e;
    env_init(&e, &r);
    uint32_t M = MAIN_BASE + 0x1000, S0 = SP_BASE, S1 = SP_BASE + BANK;
    for (int store = 0; store < 2; store++) {
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 64);
        /* 1: malformed shape */
        expect_error(c, &e, store, shape(4, 0, 0), S0, M, 1, "cols 0");
        expect_error(c, &e, store, shape(0, 4, 0), S0, M, 1, "rows 0");
        expect_error(c, &e, store, shape(4, 33, 0), S0, M, 1, "cols 33");
        expect_error(c, &e, store, shape(33, 4, 0), S0, M, 1, "rows 33");
        expect_error(c, &e, store, shape(4, 4, 3), S0, M, 1, "esize 3");
        expect_error(c, &e, store, shape(4, 4, 0) | 1u << 6, S0, M, 1, "bit 6 set");
        expect_error(c, &e, store, shape(4, 4, 0) | 1u << 20, S0, M, 1, "bit 20 set");
        /* 2: misalignment */
        expect_error(c, &e, store, shape(4, 4, 2), S0 + 2, M, 2, "scratchpad addr");
        expect_error(c, &e, store, shape(4, 4, 1), S0, M + 1, 2, "main addr");
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 66);
        expect_error(c, &e, store, shape(4, 4, 2), S0, M, 2, "stride");
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 64);
        /* 3: not inside one bank */
        expect_error(c, &e, store, shape(2, 32, 0), S1 - 32, M, 3, "crosses banks");
        expect_error(c, &e, store, shape(2, 32, 0), S1 + BANK - 32, M, 3, "past bank 1");
        expect_error(c, &e, store, shape(1, 1, 0), SP_BASE - 1, M, 3, "below scratchpad");
        expect_error(c, &e, store, shape(1, 4, 0), M + 0x100, M, 3, "scratchpad addr in main");
        /* 4: DDC / mapping */
        expect_error(c, &e, store, shape(2, 4, 0), S0, MAIN_BASE + MAIN_SIZE - 67, 4,
                     "last main byte unmapped");
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, (uint32_t)-64);
        expect_error(c, &e, store, shape(2, 4, 0), S0, 0x20, 4, "negative stride wraps below 0");
        expect_error(c, &e, store, shape(2, 4, 0), S0, MAIN_BASE + 0x20, 4,
                     "negative stride below main");
        mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 64);
        e.tu.ddc_limit = M - 1; /* main side outside, scratchpad inside */
        expect_error(c, &e, store, shape(1, 4, 0), S0, M, 4, "main outside the DDC");
        e.tu.ddc_limit = 0xFFFFFFFFu;
        e.tu.ddc_base = M; /* scratchpad side outside */
        expect_error(c, &e, store, shape(1, 4, 0), S0, M, 4, "scratchpad outside the DDC");
        e.tu.ddc_base = 0;
        e.tu.ddc_perm = store ? 1 : 2; /* remove the permission the main side needs */
        expect_error(c, &e, store, shape(1, 4, 0), S0, M, 4, "DDC permission");
        e.tu.ddc_perm = 3;
    }
    /* the unit works once the status is cleared */
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STATUS, 0);
    CHECK(c, !wait_(&e).trap, "cleared: wait does not trap");
    mosaic_tu_result res = ld(&e, shape(1, 16, 0), S1, M);
    CHECK(c, !res.trap && res.sdma_issued && memcmp(spp(&e, S1), mainp(&e, M), 16) == 0,
          "ld works after recovery");
    CHECK(c, !wait_(&e).trap, "no trap");
    env_free(&e);
}

/* DDC boundaries, first and last byte of each side. The region is one
 * interval, so each side's outer edge is tested with the scratchpad placed
 * below main memory and then above it. */
static void t_ddc_boundaries(check_ctx *c)
{
    rng r = {106};
    for (int store = 0; store < 2; store++)
        for (int above = 0; above < 2; above++) {
            env e;
            uint32_t spb = above ? 0x60000000u : SP_BASE;
            env_init_at(&e, &r, spb);
            uint32_t M = MAIN_BASE + 0x1000, S = spb + BANK; /* bank 1 */
            uint32_t shp = shape(2, 32, 1);                  /* 2 rows of 64 bytes */
            mosaic_tu_result res;
#define XFER(sp, mm) (store ? st(&e, shp, (sp), (mm)) : ld(&e, shp, (sp), (mm)))
            if (!above) {
                /* [S, M + 127]: main's last byte and the scratchpad's first */
                mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 64);
                e.tu.ddc_base = S;
                e.tu.ddc_limit = M + 127;
                res = XFER(S, M);
                CHECK(c, !res.trap && res.sdma_issued && !e.tu.sdma_status,
                      "main last byte = limit, scratchpad first byte = base");
                expect_error(c, &e, store, shp, S, M + 2, 4, "main one past the limit");
                e.tu.ddc_base = S + 2;
                expect_error(c, &e, store, shp, S, M, 4, "scratchpad below the base");
                /* negative stride: the lowest row is the one to check */
                mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STATUS, 0);
                mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, (uint32_t)-64);
                e.tu.ddc_base = S;
                e.tu.ddc_limit = M + 127;
                res = XFER(S, M + 64);
                CHECK(c, !res.trap && res.sdma_issued && !e.tu.sdma_status,
                      "negative stride inside");
                expect_error(c, &e, store, shp, S, M + 66, 4, "negative stride, top row past");
            } else {
                /* [M, S + 127]: main's first byte and the scratchpad's last */
                mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, (uint32_t)-64);
                e.tu.ddc_base = M;
                e.tu.ddc_limit = S + 127;
                res = XFER(S, M + 64);
                CHECK(c, !res.trap && res.sdma_issued && !e.tu.sdma_status,
                      "main first byte = base (negative stride), scratchpad last = limit");
                expect_error(c, &e, store, shp, S, M + 62, 4, "main one below the base");
                e.tu.ddc_limit = S + 125;
                expect_error(c, &e, store, shp, S, M + 64, 4, "scratchpad past the limit");
            }
#undef XFER
            env_free(&e);
        }
}

static void t_first_error_sticks(check_ctx *c)
{
    rng r = {103};
    env e;
    env_init(&e, &r);
    uint32_t M = MAIN_BASE + 0x2000;
    mosaic_tu_result res = st(&e, shape(0, 1, 0), SP_BASE, M); /* code 1, st */
    CHECK(c, !res.trap, "no trap");
    res = ld(&e, shape(1, 4, 0), SP_BASE + 1, M + 4); /* byte elements: any alignment */
    CHECK(c, res.sdma_issued == 1, "a good transfer after an error still runs");
    CHECK(c, memcmp(spp(&e, SP_BASE + 1), mainp(&e, M + 4), 4) == 0, "and moves data");
    res = ld(&e, shape(1, 4, 2), SP_BASE + 2, M + 8); /* code 2, ld */
    CHECK(c, res.sdma_issued == 0, "bad");
    CHECK_EQ_U32(c, e.tu.sdma_status, 1u | (1u << 1) | (1u << 4), "first error kept");
    CHECK_EQ_U32(c, e.tu.sdma_erraddr, M, "first erraddr kept");
    res = wait_(&e);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_STORE_FAULT && res.tval == M,
          "wait reports the first (store) error");
    env_free(&e);
}

/* R32: a bus error on some beats of an accepted transfer. The poisoned
 * bytes read as zero / stay unwritten, every other byte moves, and the
 * error is latched as code 5 for scpad.wait. Expected bytes are built here
 * from the memory images, row by row. */
static void t_bus_errors(check_ctx *c)
{
    rng r = {107};
    env e;
    env_init(&e, &r);
    uint32_t M = MAIN_BASE + 0x1000, S = SP_BASE + 0x100;
    uint32_t shp = shape(4, 32, 0); /* 4 rows of 32 bytes, stride 64 */
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 64);
    e.m.main.poison_lo = M + 64; /* row 1 */
    e.m.main.poison_hi = M + 128;
    uint8_t want[128];
    for (unsigned row = 0; row < 4; row++)
        for (unsigned b = 0; b < 32; b++)
            want[row * 32 + b] = row == 1 ? 0 : *mainp(&e, M + row * 64 + b);
    mosaic_tu_result res = ld(&e, shp, S, M);
    CHECK(c, !res.trap && res.sdma_issued == 1, "ld with a bus error is a good transfer");
    CHECK(c, memcmp(spp(&e, S), want, 128) == 0, "ld: poisoned row reads zero, others move");
    CHECK_EQ_U32(c, e.tu.sdma_status, 1u | (5u << 1), "ld: code 5, op ld");
    CHECK_EQ_U32(c, e.tu.sdma_erraddr, M, "ld: erraddr = main-memory address");
    res = wait_(&e);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_LOAD_FAULT && res.tval == M, "ld: wait traps");

    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STATUS, 0);
    uint32_t S2 = SP_BASE + 0x400;
    uint8_t before[256];
    memcpy(before, mainp(&e, M), sizeof before);
    res = st(&e, shp, S2, M);
    CHECK(c, !res.trap && res.sdma_issued == 1, "st with a bus error is a good transfer");
    for (unsigned row = 0; row < 4; row++) {
        const uint8_t *exp = row == 1 ? before + 64 : spp(&e, S2 + row * 32);
        CHECK(c, memcmp(mainp(&e, M + row * 64), exp, 32) == 0, "st row %u", row);
    }
    CHECK(c, memcmp(mainp(&e, M + 32), before + 32, 32) == 0, "st: the gap is untouched");
    CHECK_EQ_U32(c, e.tu.sdma_status, 1u | (5u << 1) | (1u << 4), "st: code 5, op st");
    res = wait_(&e);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_STORE_FAULT && res.tval == M,
          "st: wait traps");

    /* tld / tst latch the same way, with x[rs1]; the first error stays. */
    uint32_t tld = enc_i(MOSAIC_OP_CUSTOM2, 0, 3, 6, 64);
    uint32_t tst = enc_i(MOSAIC_OP_CUSTOM2, 1, 3, 6, 64);
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STATUS, 0);
    e.m.main.poison_lo = M + 64 * 5;
    e.m.main.poison_hi = M + 64 * 6;
    res = mosaic_tu_exec(&e.tu, &e.mi, tld, M, 0, 0);
    CHECK(c, !res.trap, "tld with a bus error does not trap");
    unsigned rb = MOSAIC_TILE * mosaic_fmt_bits((mosaic_fmt)e.tu.tag[3]) / 8u; /* row bytes */
    bool rows_ok = true;
    for (unsigned y = 0; y < 16; y++)
        for (unsigned b = 0; b < rb; b++)
            rows_ok &= e.tu.treg[3][y * rb + b] == (y == 5 ? 0 : *mainp(&e, M + y * 64 + b));
    CHECK(c, rows_ok, "tld: row 5 reads zero, others load");
    CHECK_EQ_U32(c, e.tu.sdma_status, 1u | (5u << 1), "tld: code 5, op ld");
    CHECK_EQ_U32(c, e.tu.sdma_erraddr, M, "tld: erraddr = x[rs1]");
    e.tu.ts = MOSAIC_TS_CLEAN;
    res = mosaic_tu_exec(&e.tu, &e.mi, tst, M + 0x800, 0, 0);
    CHECK(c, !res.trap && e.tu.ts == MOSAIC_TS_CLEAN, "tst: no trap, TS untouched");
    CHECK_EQ_U32(c, e.tu.sdma_erraddr, M, "tst: the first error stays");
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STATUS, 0);
    e.m.main.poison_lo = M + 0x800 + 64 * 15;
    e.m.main.poison_hi = M + 0x800 + 64 * 16;
    res = mosaic_tu_exec(&e.tu, &e.mi, tst, M + 0x800, 0, 0);
    CHECK_EQ_U32(c, e.tu.sdma_status, 1u | (5u << 1) | (1u << 4), "tst: code 5, op st");
    CHECK_EQ_U32(c, e.tu.sdma_erraddr, M + 0x800, "tst: erraddr = x[rs1]");
    env_free(&e);
}

static void t_encoding(check_ctx *c)
{
    rng r = {104};
    env e;
    env_init(&e, &r);
    mosaic_tu before;
    memcpy(&before, &e.tu, sizeof before);
    static const struct {
        uint32_t f3, f7, rd, rs1, rs2;
    } bad[] = {{0, 1, 5, 6, 7}, {1, 0x40, 5, 6, 7}, {2, 0, 1, 0, 0}, {2, 0, 0, 1, 0},
               {2, 0, 0, 0, 1}, {2, 1, 0, 0, 0}, {3, 0, 0, 0, 0}, {4, 0, 0, 0, 0},
               {7, 0, 0, 0, 0}};
    unsigned w = e.m.writes;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t insn = enc_r(OP, bad[i].f3, bad[i].f7, bad[i].rd, bad[i].rs1, bad[i].rs2);
        mosaic_tu_result res =
            mosaic_tu_exec(&e.tu, &e.mi, insn, SP_BASE, MAIN_BASE, shape(1, 1, 0));
        CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && res.tval == insn,
              "encoding %u illegal", i);
    }
    CHECK(c, e.m.writes == w && memcmp(&before, &e.tu, sizeof before) == 0, "nothing changed");
    e.tu.ts = MOSAIC_TS_OFF;
    mosaic_tu_result res = ld(&e, shape(1, 1, 0), SP_BASE, MAIN_BASE);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && e.m.writes == w, "TS off");
    e.tu.ts = MOSAIC_TS_CLEAN;
    res = wait_(&e);
    CHECK(c, !res.trap && e.tu.ts == MOSAIC_TS_DIRTY, "wait without error completes");
    env_free(&e);
}

/* Rows that overlap in main memory (|stride| < row bytes, stride 0) are
 * fine for loads and apply in row order for stores. */
static void t_overlapping_rows(check_ctx *c)
{
    rng r = {105};
    env e;
    env_init(&e, &r);
    uint32_t M = MAIN_BASE + 0x3000;
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 0);
    mosaic_tu_result res = ld(&e, shape(3, 8, 0), SP_BASE, M);
    CHECK(c, !res.trap && e.tu.sdma_status == 0, "stride 0 load");
    for (unsigned y = 0; y < 3; y++)
        CHECK(c, memcmp(spp(&e, SP_BASE + 8 * y), mainp(&e, M), 8) == 0, "row %u", y);
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 4);
    res = st(&e, shape(3, 8, 0), SP_BASE + BANK, M);
    /* rows at M, M+4, M+8, 8 bytes each; later rows win */
    uint8_t want[16];
    memcpy(want, spp(&e, SP_BASE + BANK), 8);
    memcpy(want + 4, spp(&e, SP_BASE + BANK + 8), 8);
    memcpy(want + 8, spp(&e, SP_BASE + BANK + 16), 8);
    CHECK(c, memcmp(mainp(&e, M), want, 16) == 0, "overlapping store rows in order");
    env_free(&e);
}

/* Legal edges: a transfer filling a bank up to its last byte, the largest
 * shape, a misaligned stride with one row (the stride is never used). */
static void t_legal_edges(check_ctx *c)
{
    rng r = {107};
    env e;
    env_init(&e, &r);
    uint32_t M = MAIN_BASE + 0x100;
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 128);
    for (unsigned bank = 0; bank < 2; bank++) {
        uint32_t sp = SP_BASE + (bank + 1) * BANK - 32 * 32 * 4;
        mosaic_tu_result res = ld(&e, shape(32, 32, 2), sp, M);
        CHECK(c, res.sdma_issued && !e.tu.sdma_status, "bank %u up to its last byte", bank);
        CHECK(c, memcmp(spp(&e, sp + 31 * 128), mainp(&e, M + 31 * 128), 128) == 0,
              "last row");
    }
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_SDMA_STRIDE, 3);
    mosaic_tu_result res = st(&e, shape(1, 8, 2), SP_BASE, M);
    CHECK(c, res.sdma_issued && !e.tu.sdma_status, "one row ignores a misaligned stride");
    CHECK(c, !wait_(&e).trap, "no error, no trap");
    env_free(&e);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, t_round_trips);
    RUN(&c, t_error_codes);
    RUN(&c, t_ddc_boundaries);
    RUN(&c, t_first_error_sticks);
    RUN(&c, t_bus_errors);
    RUN(&c, t_encoding);
    RUN(&c, t_overlapping_rows);
    RUN(&c, t_legal_edges);
    return check_exit(&c);
}
