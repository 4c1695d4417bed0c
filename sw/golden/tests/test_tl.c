/* TensorLoad (custom-3) tests: Appendix A examples, every transpose pair
 * against an independent reference, concatenation, addi saturation, masked
 * load/store with DDC faults, descriptor errors in both TRAP modes. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mosaic_tu.h"
#include "testmem.h"

#define OP MOSAIC_OP_CUSTOM3
#define MEM_BASE 0x1000u
#define MEM_SIZE 0x10000u

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

static void fill_random(rng *r, uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)rnd(r);
}

static void fresh(mosaic_tu *tu, rng *r)
{
    mosaic_tu_reset(tu, NULL);
    for (unsigned i = 0; i < MOSAIC_NTREG; i++)
        fill_random(r, tu->treg[i], MOSAIC_TREG_BYTES);
}

static uint32_t desc(unsigned d0, unsigned d1, unsigned d2, unsigned d3)
{
    return d0 | (d1 << 8) | (d2 << 16) | (d3 << 24);
}

/* funct7 of tl.xpose with dimension fields (dim1 in [3:2], dim0 in [1:0]). */
static uint32_t xpose_f7(unsigned dim1, unsigned dim0)
{
    return 0x30u | (dim1 << 2) | dim0;
}

/* A random shape of at most 1024 bytes, every dimension >= 1. */
static void random_shape(rng *r, unsigned d[4])
{
    for (;;) {
        unsigned n = 1;
        for (unsigned i = 0; i < 4; i++) {
            d[i] = 1 + rnd(r) % 12;
            n *= d[i];
        }
        if (n <= 1024)
            return;
    }
}

/* Everything but the fields a case expects to change must be bit-identical. */
static bool same_state(const mosaic_tu *a, const mosaic_tu *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* ---- reference transpose: walk the SOURCE, scatter to the destination. */
static void ref_xpose(const uint8_t *src, const unsigned d[4], unsigned a, unsigned b,
                      uint8_t *dst)
{
    unsigned rd[4] = {d[0], d[1], d[2], d[3]};
    rd[a] = d[b];
    rd[b] = d[a];
    memset(dst, 0, 1024);
    unsigned n = d[0] * d[1] * d[2] * d[3];
    for (unsigned lin = 0; lin < n; lin++) {
        unsigned idx[4], rem = lin;
        for (int k = 3; k >= 0; k--) {
            idx[k] = rem % d[k];
            rem /= d[k];
        }
        unsigned t = idx[a];
        idx[a] = idx[b];
        idx[b] = t;
        unsigned out = ((idx[0] * rd[1] + idx[1]) * rd[2] + idx[2]) * rd[3] + idx[3];
        dst[out] = src[lin];
    }
}

static void t_a1_bad_descriptor(check_ctx *c)
{
    rng r = {11};
    mosaic_tu tu, before;
    fresh(&tu, &r);
    memcpy(&before, &tu, sizeof tu);
    uint32_t insn = enc_r(OP, 0, xpose_f7(0, 1), 1, 2, 10);
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, insn, 0, 0x02081008u, 0);
    CHECK(c, res.trap, "A.1 descriptor [8,16,8,2] = 2048 bytes must trap");
    CHECK_EQ_U32(c, res.cause, MOSAIC_CAUSE_ILLEGAL, "mcause");
    CHECK_EQ_U32(c, res.tval, insn, "mtval");
    CHECK_EQ_U32(c, tu.tl_xstatus, 2, "tl_xpose_status = too big");
    CHECK(c, res.treg_written == 0, "no register written");
    before.tl_xstatus = 2;
    before.ts = MOSAIC_TS_DIRTY; /* R8: a status write marks the context Dirty */
    CHECK(c, same_state(&tu, &before), "only tl_xpose_status and TS change");

    /* zero dimension */
    res = mosaic_tu_exec(&tu, NULL, insn, 0, desc(8, 16, 0, 2), 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "zero dimension traps");
    CHECK_EQ_U32(c, tu.tl_xstatus, 1, "tl_xpose_status = zero dimension");
}

static void t_a1_legal(check_ctx *c)
{
    rng r = {12};
    mosaic_tu tu;
    fresh(&tu, &r);
    unsigned d[4] = {8, 16, 8, 1};
    uint8_t want[1024];
    ref_xpose(tu.treg[2], d, 0, 1, want);
    uint32_t insn = enc_r(OP, 0, xpose_f7(0, 1), 1, 2, 10);
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, insn, 0, 0x01081008u, 0);
    CHECK(c, !res.trap, "legal [8,16,8,1] must not trap");
    CHECK(c, memcmp(tu.treg[1], want, 1024) == 0, "t1 = transpose");
    /* spot check one element by hand: result [j,i,k,0] = source [i,j,k,0] */
    CHECK_EQ_U32(c, tu.treg[1][(5 * 8 + 3) * 8 + 7], tu.treg[2][(3 * 16 + 5) * 8 + 7],
                 "t1[5,3,7,0] = t2[3,5,7,0]");
    CHECK_EQ_U32(c, tu.tl_shape, desc(16, 8, 8, 1), "tl_tensor_shape = [16,8,8,1]");
    CHECK_EQ_U32(c, tu.tl_perm, 1u | (0u << 2) | (2u << 4) | (3u << 6), "tl_transpose_perm");
    CHECK_EQ_U32(c, res.treg_written, 1u << 1, "treg_written");
    CHECK(c, res.csr_written, "csr_written");
    CHECK_EQ_U32(c, tu.tl_xstatus, 0, "status untouched");
    CHECK_EQ_U32(c, tu.ts, MOSAIC_TS_DIRTY, "TS dirty");
}

static void t_xpose_all_pairs(check_ctx *c)
{
    rng r = {13};
    mosaic_tu tu;
    fresh(&tu, &r);
    for (unsigned a = 0; a < 4; a++)
        for (unsigned b = 0; b < 4; b++) {
            if (a == b)
                continue;
            for (unsigned trial = 0; trial < 40; trial++) {
                unsigned d[4];
                random_shape(&r, d);
                unsigned src = rnd(&r) % 32, dst = trial % 5 == 0 ? src : rnd(&r) % 32;
                fill_random(&r, tu.treg[src], 1024);
                fill_random(&r, tu.treg[dst == src ? (src + 1) % 32 : dst], 1024);
                uint8_t want[1024];
                ref_xpose(tu.treg[src], d, a, b, want);
                /* funct7 dim0 = a, dim1 = b: covers .ab and the swapped .ba */
                uint32_t insn = enc_r(OP, 0, xpose_f7(b, a), dst, src, 7);
                mosaic_tu_result res =
                    mosaic_tu_exec(&tu, NULL, insn, 0, desc(d[0], d[1], d[2], d[3]), 0);
                CHECK(c, !res.trap, "xpose %u%u trapped", a, b);
                CHECK(c, memcmp(tu.treg[dst], want, 1024) == 0,
                      "xpose dim0=%u dim1=%u shape [%u,%u,%u,%u] src t%u dst t%u", a, b, d[0],
                      d[1], d[2], d[3], src, dst);
                unsigned rs[4] = {d[0], d[1], d[2], d[3]};
                rs[a] = d[b];
                rs[b] = d[a];
                CHECK_EQ_U32(c, tu.tl_shape, desc(rs[0], rs[1], rs[2], rs[3]), "result shape");
                unsigned perm[4] = {0, 1, 2, 3};
                perm[a] = b;
                perm[b] = a;
                CHECK_EQ_U32(c, tu.tl_perm, perm[0] | perm[1] << 2 | perm[2] << 4 | perm[3] << 6,
                             "perm");
            }
        }
}

static void t_xpose_canonical_funct7(check_ctx *c)
{
    /* docs/isa.md canonical values, R5: .13 is 0111101 */
    static const struct {
        uint32_t f7;
        unsigned a, b;
    } canon[] = {{0x31, 0, 1}, {0x32, 0, 2}, {0x33, 0, 3}, {0x39, 1, 2}, {0x3D, 1, 3},
                 {0x3B, 2, 3}, {0x34, 0, 1}, {0x37, 1, 3}};
    rng r = {14};
    mosaic_tu tu;
    fresh(&tu, &r);
    unsigned d[4] = {2, 3, 4, 5};
    for (unsigned i = 0; i < sizeof canon / sizeof canon[0]; i++) {
        uint8_t want[1024];
        ref_xpose(tu.treg[4], d, canon[i].a, canon[i].b, want);
        mosaic_tu_result res =
            mosaic_tu_exec(&tu, NULL, enc_r(OP, 0, canon[i].f7, 3, 4, 1), 0, desc(2, 3, 4, 5), 0);
        CHECK(c, !res.trap && memcmp(tu.treg[3], want, 1024) == 0, "funct7 0x%02x", canon[i].f7);
    }
}

static void t_xpose_illegal_funct7(check_ctx *c)
{
    /* equal dimensions (incl. the seed table's .13 = 0111010) and funct7
     * outside the 011xxxx class; checked before the descriptor */
    static const uint32_t bad[] = {0x30, 0x35, 0x3A, 0x3F, 0x21, 0x71, 0x01, 0x41};
    rng r = {15};
    mosaic_tu tu, before;
    fresh(&tu, &r);
    memcpy(&before, &tu, sizeof tu);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t insn = enc_r(OP, 0, bad[i], 1, 2, 3);
        mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, insn, 0, desc(0, 0, 0, 0), 0);
        CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && res.tval == insn,
              "funct7 0x%02x must be illegal", bad[i]);
    }
    for (uint32_t f3 = 5; f3 < 8; f3++) {
        mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, enc_r(OP, f3, 0, 1, 2, 3), 0, 0, 0);
        CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "funct3 %u illegal", f3);
    }
    CHECK(c, same_state(&tu, &before), "illegal encodings change nothing (not even status)");
}

static void t_trap0_mode(check_ctx *c)
{
    rng r = {16};
    mosaic_tu tu, before;
    fresh(&tu, &r);
    CHECK(c, mosaic_tu_csr_write(&tu, MOSAIC_CSR_TL_XCFG, 0) == MOSAIC_CSR_OK, "csr write");
    tu.ts = MOSAIC_TS_CLEAN;
    memcpy(&before, &tu, sizeof tu);
    mosaic_tu_result res =
        mosaic_tu_exec(&tu, NULL, enc_r(OP, 0, xpose_f7(0, 1), 1, 2, 10), 0, 0x02081008u, 0);
    CHECK(c, !res.trap, "TRAP=0: no trap");
    CHECK(c, res.treg_written == 0, "no register written");
    CHECK_EQ_U32(c, tu.tl_xstatus, 2, "status recorded");
    before.tl_xstatus = 2;
    before.ts = MOSAIC_TS_DIRTY;
    CHECK(c, same_state(&tu, &before), "nothing else changes");

    /* mstore with a bad descriptor: status recorded, no memory write, and
     * the status change makes the context Dirty */
    testmem m;
    testmem_init(&m, MEM_BASE, MEM_SIZE);
    tu.ts = MOSAIC_TS_CLEAN;
    tu.tl_smask = 0xFFFFFFFFu;
    mosaic_mem_if mi = testmem_if(&m);
    res = mosaic_tu_exec(&tu, &mi, enc_r(OP, 4, 0x51, 9, 1, 2), 0, MEM_BASE, desc(1, 1, 0, 1));
    CHECK(c, !res.trap && m.writes == 0, "mstore bad descriptor: no trap, no write");
    CHECK_EQ_U32(c, tu.tl_xstatus, 1, "status zero dim");
    CHECK_EQ_U32(c, tu.ts, MOSAIC_TS_DIRTY, "TS dirty");
    /* a good descriptor leaves the last error in place (sticky) */
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 0, xpose_f7(1, 0), 1, 2, 10), 0, desc(2, 2, 2, 2), 0);
    CHECK(c, !res.trap, "good xpose");
    CHECK_EQ_U32(c, tu.tl_xstatus, 1, "status kept");
    testmem_free(&m);
}

/* ---- concat reference: gather by result index. */
static void ref_concat(const uint8_t *a, const uint8_t *b, const unsigned d[4], unsigned dim,
                       uint32_t m1, uint32_t m2, uint8_t *out, unsigned *rdim)
{
    unsigned p1[64], p2[64], n1 = 0, n2 = 0;
    for (unsigned p = 0; p < d[dim] && p < 32; p++) {
        if ((m1 >> p) & 1)
            p1[n1++] = p;
        if ((m2 >> p) & 1)
            p2[n2++] = p;
    }
    unsigned rd[4] = {d[0], d[1], d[2], d[3]};
    rd[dim] = n1 + n2;
    *rdim = n1 + n2;
    memset(out, 0, 1024);
    unsigned n = rd[0] * rd[1] * rd[2] * rd[3];
    for (unsigned lin = 0; lin < n && n <= 1024; lin++) {
        unsigned idx[4], rem = lin;
        for (int k = 3; k >= 0; k--) {
            idx[k] = rem % rd[k];
            rem /= rd[k];
        }
        unsigned q = idx[dim];
        const uint8_t *src = q < n1 ? a : b;
        idx[dim] = q < n1 ? p1[q] : p2[q - n1];
        out[lin] = src[((idx[0] * d[1] + idx[1]) * d[2] + idx[2]) * d[3] + idx[3]];
    }
}

static void t_a2_concat(check_ctx *c)
{
    rng r = {21};
    mosaic_tu tu;
    fresh(&tu, &r);
    tu.tl_shape = desc(2, 3, 4, 5);
    mosaic_tu_csr_write(&tu, MOSAIC_CSR_TL_MASK1, 0x0C); /* positions 2,3 of t11 */
    mosaic_tu_csr_write(&tu, MOSAIC_CSR_TL_MASK2, 0x03); /* positions 0,1 of t12 */
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x42, 10, 11, 12), 0, 0, 0);
    CHECK(c, !res.trap, "no trap");
    /* by hand: result [i,j,k,l] = k<2 ? t11[i,j,k+2,l] : t12[i,j,k-2,l] */
    unsigned bad = 0;
    for (unsigned i = 0; i < 2; i++)
        for (unsigned j = 0; j < 3; j++)
            for (unsigned k = 0; k < 4; k++)
                for (unsigned l = 0; l < 5; l++) {
                    unsigned o = ((i * 3 + j) * 4 + k) * 5 + l;
                    uint8_t w = k < 2 ? tu.treg[11][((i * 3 + j) * 4 + k + 2) * 5 + l]
                                      : tu.treg[12][((i * 3 + j) * 4 + k - 2) * 5 + l];
                    bad += tu.treg[10][o] != w;
                }
    CHECK(c, bad == 0, "%u bytes differ from {t11[2,3], t12[0,1]}", bad);
    uint8_t zero[1024] = {0};
    CHECK(c, memcmp(tu.treg[10] + 120, zero, 1024 - 120) == 0, "zeros above the tensor");
    CHECK_EQ_U32(c, tu.tl_shape, desc(2, 3, 4, 5), "shape (4 selected)");
}

static void t_concat_all_dims(check_ctx *c)
{
    rng r = {22};
    mosaic_tu tu;
    fresh(&tu, &r);
    for (unsigned dim = 0; dim < 3; dim++)
        for (unsigned trial = 0; trial < 60; trial++) {
            unsigned d[4];
            random_shape(&r, d);
            if (trial == 0)
                d[dim] = 40; /* positions past 31 are never selected */
            if (d[0] * d[1] * d[2] * d[3] > 1024)
                d[(dim + 1) % 4] = 1, d[(dim + 2) % 4] = 1, d[(dim + 3) % 4] = 1;
            uint32_t m1 = rnd(&r), m2 = rnd(&r);
            if (trial == 0)
                m1 = m2 = 0xFFFFFFFFu;
            unsigned ta = rnd(&r) % 32, tb = rnd(&r) % 32, td = trial % 4 ? rnd(&r) % 32 : ta;
            uint8_t want[1024];
            unsigned rdim;
            ref_concat(tu.treg[ta], tu.treg[tb], d, dim, m1, m2, want, &rdim);
            unsigned rd[4] = {d[0], d[1], d[2], d[3]};
            rd[dim] = rdim;
            unsigned rn = rd[0] * rd[1] * rd[2] * rd[3];
            tu.tl_shape = desc(d[0], d[1], d[2], d[3]);
            tu.tl_mask1 = m1;
            tu.tl_mask2 = m2;
            tu.tl_xstatus = 0;
            uint8_t keep[1024];
            memcpy(keep, tu.treg[td], 1024);
            mosaic_tu_result res =
                mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x40 | dim, td, ta, tb), 0, 0, 0);
            if (rn == 0 || rn > 1024) {
                CHECK(c, res.trap && tu.tl_xstatus == (rn ? 2u : 1u),
                      "dim %u result of %u bytes must be a bad descriptor", dim, rn);
                CHECK(c, memcmp(keep, tu.treg[td], 1024) == 0, "unchanged on trap");
                continue;
            }
            CHECK(c, !res.trap, "concat.%u trapped", dim);
            CHECK(c, memcmp(tu.treg[td], want, 1024) == 0,
                  "concat.%u shape [%u,%u,%u,%u] m1 %08x m2 %08x", dim, d[0], d[1], d[2], d[3],
                  m1, m2);
            CHECK_EQ_U32(c, tu.tl_shape, desc(rd[0], rd[1], rd[2], rd[3]), "result shape");
        }
}

static void t_concat_errors(check_ctx *c)
{
    rng r = {23};
    mosaic_tu tu, before;
    fresh(&tu, &r);
    memcpy(&before, &tu, sizeof tu);
    /* concat.3 does not exist */
    mosaic_tu_result res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x43, 1, 2, 3), 0, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "concat.3 illegal");
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x44, 1, 2, 3), 0, 0, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "funct7 1000100 illegal");
    CHECK(c, same_state(&tu, &before), "encoding traps change nothing");
    /* reset tl_tensor_shape is 0: a bad descriptor */
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x40, 1, 2, 3), 0, 0, 0);
    CHECK(c, res.trap && tu.tl_xstatus == 1, "zero shape in tl_tensor_shape");
    /* [32,32,1,1], select all 32 from both: 2048 bytes */
    tu.tl_shape = desc(32, 32, 1, 1);
    tu.tl_mask1 = tu.tl_mask2 = 0xFFFFFFFFu;
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x40, 1, 2, 3), 0, 0, 0);
    CHECK(c, res.trap && tu.tl_xstatus == 2, "result over 1024 bytes");
    /* nothing selected */
    tu.tl_mask1 = tu.tl_mask2 = 0;
    res = mosaic_tu_exec(&tu, NULL, enc_r(OP, 1, 0x41, 1, 2, 3), 0, 0, 0);
    CHECK(c, res.trap && tu.tl_xstatus == 1, "empty result");
    CHECK_EQ_U32(c, tu.tl_shape, desc(32, 32, 1, 1), "shape unchanged on trap");
}

static void t_addi(check_ctx *c)
{
    rng r = {31};
    mosaic_tu tu;
    static const int32_t imms[] = {0, 1, -1, 100, -100, 255, -255, 2047, -2048};
    for (unsigned i = 0; i < sizeof imms / sizeof imms[0]; i++) {
        fresh(&tu, &r);
        tu.treg[5][0] = 0;
        tu.treg[5][1] = 255;
        unsigned dst = i % 2 ? 5 : 6;
        uint8_t src[1024];
        memcpy(src, tu.treg[5], 1024);
        mosaic_tu_result res =
            mosaic_tu_exec(&tu, NULL, enc_i(OP, 2, dst, 5, imms[i]), 0, 0, 0);
        CHECK(c, !res.trap, "addi trapped");
        bool sat = false;
        unsigned bad = 0;
        for (unsigned k = 0; k < 1024; k++) {
            int v = src[k] + imms[i];
            if (v < 0 || v > 255)
                sat = true;
            v = v < 0 ? 0 : v > 255 ? 255 : v;
            bad += tu.treg[dst][k] != v;
        }
        CHECK(c, bad == 0, "imm %d: %u bytes wrong", imms[i], bad);
        CHECK(c, ((tu.mcsr & MOSAIC_MCSR_MSAT) != 0) == sat, "imm %d: msat %d", imms[i], sat);
        CHECK(c, ((tu.mxstatus & MOSAIC_MX_SAT_HIT) != 0) == sat, "imm %d: sat_hit", imms[i]);
        CHECK(c, res.treg_written == 1u << dst, "treg_written");
    }
    /* both ends without clamping: 0 + 0 and 255 + 0 set nothing */
    fresh(&tu, &r);
    memset(tu.treg[1], 0, 512);
    memset(tu.treg[1] + 512, 255, 512);
    mosaic_tu_exec(&tu, NULL, enc_i(OP, 2, 1, 1, 0), 0, 0, 0);
    CHECK(c, !(tu.mcsr & MOSAIC_MCSR_MSAT), "no clamp, no msat");
    mosaic_tu_exec(&tu, NULL, enc_i(OP, 2, 1, 1, 1), 0, 0, 0);
    CHECK(c, tu.treg[1][1023] == 255 && tu.treg[1][0] == 1 && (tu.mcsr & MOSAIC_MCSR_MSAT),
          "upper clamp");
    tu.mcsr = 0;
    mosaic_tu_exec(&tu, NULL, enc_i(OP, 2, 1, 1, -2), 0, 0, 0);
    CHECK(c, tu.treg[1][0] == 0 && tu.treg[1][1023] == 253 && (tu.mcsr & MOSAIC_MCSR_MSAT),
          "lower clamp");
}

/* ---- memory */

typedef struct {
    mosaic_tu tu;
    testmem m;
    mosaic_mem_if mi;
} mem_env;

static void env_init(mem_env *e, rng *r)
{
    fresh(&e->tu, r);
    testmem_init(&e->m, MEM_BASE, MEM_SIZE);
    fill_random(r, e->m.bytes, MEM_SIZE);
    e->mi = testmem_if(&e->m);
}

static uint32_t mload(unsigned td)
{
    return enc_r(OP, 3, 0x50, td, 10, 11);
}

static uint32_t mstore(unsigned ts)
{
    return enc_r(OP, 4, 0x51, 12, ts, 11);
}

static void t_a3_mload(check_ctx *c)
{
    rng r = {41};
    mem_env e;
    env_init(&e, &r);
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_TL_LMASK, 0xCC);
    mosaic_tu_result res = mosaic_tu_exec(&e.tu, &e.mi, mload(1), 0x01081008u, 0x1000u, 0);
    CHECK(c, !res.trap, "A.3 must not trap");
    unsigned S = 16 * 8 * 1;
    const uint8_t *mem = e.m.bytes; /* 0x1000 is the start of test memory */
    for (unsigned s = 0; s < 8; s++) {
        bool on = s == 2 || s == 3 || s == 6 || s == 7;
        bool ok = true;
        for (unsigned k = 0; k < S; k++)
            ok &= e.tu.treg[1][s * S + k] == (on ? mem[s * S + k] : 0);
        CHECK(c, ok, "slice %u %s", s, on ? "loaded" : "zero");
    }
    CHECK_EQ_U32(c, res.treg_written, 2, "treg_written");
    CHECK_EQ_U32(c, e.tu.ts, MOSAIC_TS_DIRTY, "TS dirty");
    testmem_free(&e.m);
}

static void t_mload_mstore_random(check_ctx *c)
{
    rng r = {42};
    mem_env e;
    env_init(&e, &r);
    for (unsigned trial = 0; trial < 200; trial++) {
        unsigned d[4];
        random_shape(&r, d);
        if (trial % 7 == 0)
            d[0] = 40, d[1] = d[2] = d[3] = 1; /* slices past 31 never move */
        unsigned S = d[1] * d[2] * d[3];
        uint32_t base = MEM_BASE + rnd(&r) % (MEM_SIZE - 1024);
        uint32_t mask = rnd(&r);
        unsigned t = rnd(&r) % 32;
        e.tu.tl_lmask = mask;
        mosaic_tu_result res =
            mosaic_tu_exec(&e.tu, &e.mi, mload(t), desc(d[0], d[1], d[2], d[3]), base, 0);
        CHECK(c, !res.trap, "mload trapped");
        unsigned bad = 0;
        for (unsigned k = 0; k < 1024; k++) {
            unsigned s = k / S;
            bool on = s < d[0] && s < 32 && ((mask >> s) & 1);
            bad += e.tu.treg[t][k] != (on ? e.m.bytes[base - MEM_BASE + k] : 0);
        }
        CHECK(c, bad == 0, "mload shape [%u,%u,%u,%u] mask %08x: %u bytes", d[0], d[1], d[2],
              d[3], mask, bad);

        /* mstore: only the selected slices change in memory */
        unsigned src = rnd(&r) % 32;
        uint32_t sbase = MEM_BASE + rnd(&r) % (MEM_SIZE - 1024);
        uint32_t smask = rnd(&r);
        e.tu.tl_smask = smask;
        uint8_t *before = malloc(MEM_SIZE);
        memcpy(before, e.m.bytes, MEM_SIZE);
        res = mosaic_tu_exec(&e.tu, &e.mi, mstore(src), 0, sbase, desc(d[0], d[1], d[2], d[3]));
        CHECK(c, !res.trap && res.treg_written == 0, "mstore");
        bad = 0;
        for (uint32_t k = 0; k < MEM_SIZE; k++) {
            uint32_t off = k - (sbase - MEM_BASE);
            uint8_t want = before[k];
            if (k >= sbase - MEM_BASE && off < 1024) {
                unsigned s = off / S;
                if (s < d[0] && s < 32 && ((smask >> s) & 1))
                    want = e.tu.treg[src][off];
            }
            bad += e.m.bytes[k] != want;
        }
        CHECK(c, bad == 0, "mstore shape [%u,%u,%u,%u] mask %08x: %u bytes", d[0], d[1], d[2],
              d[3], smask, bad);
        free(before);
    }
    testmem_free(&e.m);
}

/* DDC region [lo, hi]; a [4,16,1,1] tensor, slices 0 and 3 selected:
 * bytes [base, base+16) and [base+48, base+64). */
static void t_mem_ddc(check_ctx *c)
{
    rng r = {43};
    mem_env e;
    env_init(&e, &r);
    uint32_t lo = 0x2000, hi = 0x2FFF, dsc = desc(4, 16, 1, 1);
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_MDDCBASE, lo);
    mosaic_tu_csr_write(&e.tu, MOSAIC_CSR_MDDCLIMIT, hi);
    e.tu.tl_lmask = e.tu.tl_smask = 0x9;
    struct {
        uint32_t base;
        bool ok;
        const char *what;
    } cases[] = {
        {lo, true, "first byte = DDC base"},
        {lo - 1, false, "one below the base"},
        {hi + 1 - 64, true, "last byte = DDC limit"},
        {hi + 2 - 64, false, "one past the limit"},
        {lo - 48, false, "slice 0 below the region, slice 3 inside"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t keep[1024];
        memcpy(keep, e.tu.treg[3], 1024);
        mosaic_tu_result res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), dsc, cases[i].base, 0);
        if (cases[i].ok) {
            CHECK(c, !res.trap, "mload %s", cases[i].what);
        } else {
            CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_LOAD_FAULT && res.tval == cases[i].base,
                  "mload %s: cause 5, mtval base", cases[i].what);
            CHECK(c, memcmp(keep, e.tu.treg[3], 1024) == 0 && res.treg_written == 0,
                  "mload fault changes nothing");
        }
        unsigned w = e.m.writes;
        res = mosaic_tu_exec(&e.tu, &e.mi, mstore(3), 0, cases[i].base, dsc);
        if (cases[i].ok) {
            CHECK(c, !res.trap && e.m.writes > w, "mstore %s", cases[i].what);
        } else {
            CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_STORE_FAULT &&
                         res.tval == cases[i].base,
                  "mstore %s: cause 7, mtval base", cases[i].what);
            CHECK(c, e.m.writes == w, "mstore fault writes nothing");
        }
    }
    /* unselected slices may lie outside the region: slices 1,2 only, the
     * region covering exactly [base+16, base+48) */
    e.tu.tl_lmask = e.tu.tl_smask = 0x6;
    mosaic_tu_result res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), dsc, lo - 16, 0);
    CHECK(c, !res.trap, "unselected slice 0 below the region is not checked");
    res = mosaic_tu_exec(&e.tu, &e.mi, mstore(3), 0, hi + 1 - 48, dsc);
    CHECK(c, !res.trap, "unselected slice 3 above the region is not checked");
    /* permissions */
    e.tu.ddc_perm = 2; /* W only */
    res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), dsc, lo, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_LOAD_FAULT, "no R permission");
    res = mosaic_tu_exec(&e.tu, &e.mi, mstore(3), 0, lo, dsc);
    CHECK(c, !res.trap, "W permission suffices for mstore");
    e.tu.ddc_perm = 1; /* R only */
    unsigned w = e.m.writes;
    res = mosaic_tu_exec(&e.tu, &e.mi, mstore(3), 0, lo, dsc);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_STORE_FAULT && e.m.writes == w,
          "no W permission");
    /* unmapped memory with the DDC at reset (all of memory) */
    mosaic_tu_reset(&e.tu, NULL);
    e.tu.tl_lmask = e.tu.tl_smask = 0x9;
    res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), dsc, MEM_BASE + MEM_SIZE - 63, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_LOAD_FAULT, "last byte unmapped");
    res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), dsc, MEM_BASE + MEM_SIZE - 64, 0);
    CHECK(c, !res.trap, "last byte mapped");
    /* address wrap past 2^32 */
    e.tu.ddc_perm = 3;
    res = mosaic_tu_exec(&e.tu, &e.mi, mstore(3), 0, 0xFFFFFFF0u, dsc);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_STORE_FAULT, "wrap past 2^32");
    /* bad descriptor is checked before memory: illegal, not access fault */
    res = mosaic_tu_exec(&e.tu, &e.mi, mload(3), desc(4, 16, 17, 1), 0xFFFFFFF0u, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL && e.tu.tl_xstatus == 2,
          "descriptor before DDC");
    testmem_free(&e.m);
}

static void t_mstore_ts_and_encoding(check_ctx *c)
{
    rng r = {44};
    mem_env e;
    env_init(&e, &r);
    e.tu.ts = MOSAIC_TS_CLEAN;
    e.tu.tl_smask = 1;
    mosaic_tu_result res = mosaic_tu_exec(&e.tu, &e.mi, mstore(2), 0, MEM_BASE, desc(1, 4, 4, 4));
    CHECK(c, !res.trap, "mstore");
    CHECK(c, memcmp(e.m.bytes, e.tu.treg[2], 64) == 0, "64 bytes stored");
    CHECK_EQ_U32(c, e.tu.ts, MOSAIC_TS_CLEAN, "mstore leaves TS alone");
    res = mosaic_tu_exec(&e.tu, &e.mi, enc_r(OP, 3, 0x51, 1, 10, 11), desc(1, 1, 1, 1), MEM_BASE,
                         0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "mload with mstore's funct7");
    res = mosaic_tu_exec(&e.tu, &e.mi, enc_r(OP, 4, 0x50, 1, 10, 11), 0, MEM_BASE,
                         desc(1, 1, 1, 1));
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "mstore with mload's funct7");
    e.tu.ts = MOSAIC_TS_OFF;
    res = mosaic_tu_exec(&e.tu, &e.mi, mload(1), desc(1, 1, 1, 1), MEM_BASE, 0);
    CHECK(c, res.trap && res.cause == MOSAIC_CAUSE_ILLEGAL, "TS off");
    testmem_free(&e.m);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, t_a1_bad_descriptor);
    RUN(&c, t_a1_legal);
    RUN(&c, t_xpose_all_pairs);
    RUN(&c, t_xpose_canonical_funct7);
    RUN(&c, t_xpose_illegal_funct7);
    RUN(&c, t_trap0_mode);
    RUN(&c, t_a2_concat);
    RUN(&c, t_concat_all_dims);
    RUN(&c, t_concat_errors);
    RUN(&c, t_addi);
    RUN(&c, t_a3_mload);
    RUN(&c, t_mload_mstore_random);
    RUN(&c, t_mem_ddc);
    RUN(&c, t_mstore_ts_and_encoding);
    return check_exit(&c);
}
