/* Illegal-instruction checks of custom-2 (encodings, must-be-zero fields,
 * rs1 = rd, func/fmt/op codes, format domains, reserved mfrm, mmode = 3,
 * TS Off), the guarantee that a trapping instruction changes nothing (full
 * state snapshots: registers, tags, CSRs, memory), and the bookkeeping of
 * completing instructions: tags, msat, TS Dirty, reported effects. */
#include "test_minat_util.h"

/* Registers with known tags and garbage contents. */
enum { R_F32 = 1, R_I8 = 2, R_BF16 = 3, R_I16 = 4, R_I32 = 5, R_E4M3 = 6, R_FP4 = 7, R_TF32 = 9,
       R_E5M2 = 10, R_FP16 = 11 };

static void setup(rig *r)
{
    rig_init(r);
    uint64_t seed = 0xABCDEF;
    for (unsigned reg = 0; reg < 32; reg++)
        fill_garbage(&r->tu, reg, &seed);
    for (unsigned i = 0; i < MEM_SIZE; i++)
        r->mem.bytes[i] = (uint8_t)rnd(&seed);
    r->tu.tag[R_F32] = MOSAIC_FMT_FP32;
    r->tu.tag[R_I8] = MOSAIC_FMT_INT8;
    r->tu.tag[R_BF16] = MOSAIC_FMT_BF16;
    r->tu.tag[R_I16] = MOSAIC_FMT_INT16;
    r->tu.tag[R_I32] = MOSAIC_FMT_INT32;
    r->tu.tag[R_E4M3] = MOSAIC_FMT_E4M3;
    r->tu.tag[R_FP4] = MOSAIC_FMT_FP4;
    r->tu.tag[R_TF32] = MOSAIC_FMT_TF32;
    r->tu.tag[R_E5M2] = MOSAIC_FMT_E5M2;
    r->tu.tag[R_FP16] = MOSAIC_FMT_FP16;
    r->tu.ts = MOSAIC_TS_CLEAN;
}

static uint32_t with_imm(uint32_t insn, uint32_t imm)
{
    return (insn & 0x000FFFFFu) | (imm << 20);
}

static void illegal_encodings(check_ctx *c)
{
    rig r;
    setup(&r);
    /* R-type: funct7 11..127 are unassigned */
    for (uint32_t f7 = 11; f7 < 128; f7++)
        EXPECT_ILLEGAL(c, &r, e_r(f7, 12, 13, 14), 0);
    /* row ops: rs2 must be zero */
    for (uint32_t rs2 = 1; rs2 < 32; rs2++) {
        EXPECT_ILLEGAL(c, &r, e_r(C_TROWMAX, R_F32, R_F32, rs2), 0);
        EXPECT_ILLEGAL(c, &r, e_r(C_TROWSUM, R_I32, R_I8, rs2), 0);
    }
    /* tact: rs1 = rd over all five bits, imm[11:3] zero, func 0..4 */
    EXPECT_ILLEGAL(c, &r, enc_i(OPC, 2, 9, 1, 0), 0);   /* 9 and 1 share the low 3 bits */
    EXPECT_ILLEGAL(c, &r, enc_i(OPC, 2, 1, 17, 0), 0);
    EXPECT_ILLEGAL(c, &r, enc_i(OPC, 2, 0, 31, 0), 0);
    for (unsigned b = 3; b < 12; b++)
        EXPECT_ILLEGAL(c, &r, with_imm(e_tact(R_F32, 0), 1u << b), 0);
    for (unsigned func = 5; func < 8; func++)
        EXPECT_ILLEGAL(c, &r, e_tact(R_F32, func), 0);
    /* tcvt: imm[11:4] zero, fmt 0..9 */
    for (unsigned b = 4; b < 12; b++)
        EXPECT_ILLEGAL(c, &r, with_imm(e_tcvt(12, R_F32, 0), 1u << b), 0);
    for (unsigned fmt = 10; fmt < 16; fmt++)
        EXPECT_ILLEGAL(c, &r, e_tcvt(12, R_F32, fmt), 0);
    /* tzero: rs1 = rd, imm zero */
    EXPECT_ILLEGAL(c, &r, enc_i(OPC, 4, 12, 4, 0), 0);
    EXPECT_ILLEGAL(c, &r, enc_i(OPC, 4, 20, 4, 0), 0);
    for (unsigned b = 0; b < 12; b++)
        EXPECT_ILLEGAL(c, &r, with_imm(e_tzero(12), 1u << b), 0);
    /* tred: imm[11:2] zero, op 0..2 */
    for (unsigned b = 2; b < 12; b++)
        EXPECT_ILLEGAL(c, &r, with_imm(e_tred(1, R_F32, 0), 1u << b), 0);
    EXPECT_ILLEGAL(c, &r, e_tred(1, R_F32, 3), 0);
    EXPECT_ILLEGAL(c, &r, e_tred(1, R_I8, 3), 0);
    /* tscale: imm zero */
    for (unsigned b = 0; b < 12; b++)
        EXPECT_ILLEGAL(c, &r, with_imm(e_tscale(R_F32, 7), 1u << b), 0x3F800000u);
    /* the legal neighbours do execute */
    RUN_OK(c, &r, e_r(C_TROWMAX, R_F32, R_F32, 0), 0);
    RUN_OK(c, &r, e_tact(R_F32, 4), 0);
    RUN_OK(c, &r, e_tcvt(12, R_F32, 9), 0);
    RUN_OK(c, &r, e_tred(1, R_I8, 2), 0);
    RUN_OK(c, &r, e_tzero(12), 0);
    RUN_OK(c, &r, e_r(C_TBDIV, R_F32, R_F32, R_BF16), 0);
    rig_free(&r);
}

static void illegal_format_combinations(check_ctx *c)
{
    rig r;
    setup(&r);
    static const unsigned ew[] = {C_TADD, C_TSUB, C_TMUL, C_TMAX, C_TMIN, C_TBSUB, C_TBMUL, C_TMMA};
    for (unsigned k = 0; k < sizeof ew / sizeof ew[0]; k++) {
        unsigned cls = ew[k];
        EXPECT_ILLEGAL(c, &r, e_r(cls, R_F32, R_F32, R_I8), 0);   /* float x int */
        EXPECT_ILLEGAL(c, &r, e_r(cls, R_F32, R_I8, R_BF16), 0);  /* int x float */
        EXPECT_ILLEGAL(c, &r, e_r(cls, R_I32, R_F32, R_BF16), 0); /* float sources, int D */
        EXPECT_ILLEGAL(c, &r, e_r(cls, R_BF16, R_I8, R_I16), 0);  /* int sources, float D */
        EXPECT_ILLEGAL(c, &r, e_r(cls, R_I8, R_FP4, R_I8), 0);
    }
    /* integer tmma: inputs INT8/INT16 only */
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, R_I32, R_I32, R_I8), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, R_I32, R_I8, R_I32), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, R_I16, R_I32, R_I32), 0);
    /* row ops: A and D in one domain */
    EXPECT_ILLEGAL(c, &r, e_r(C_TROWMAX, R_I8, R_F32, 0), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TROWSUM, R_F32, R_I16, 0), 0);
    /* tbdiv: float only */
    EXPECT_ILLEGAL(c, &r, e_r(C_TBDIV, R_I8, R_I8, R_I8), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TBDIV, R_F32, R_I8, R_F32), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TBDIV, R_F32, R_F32, R_I32), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TBDIV, R_I32, R_F32, R_F32), 0);
    /* a tag outside the table (not reachable architecturally) never executes */
    r.tu.tag[20] = 12;
    EXPECT_ILLEGAL(c, &r, e_tld(20, 1, 64), MEM_BASE);
    EXPECT_ILLEGAL(c, &r, e_tcvt(21, 20, 0), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TADD, R_F32, 20, R_F32), 0);
    r.tu.tag[20] = MOSAIC_FMT_FP32;
    /* legal mixes */
    RUN_OK(c, &r, e_r(C_TADD, R_E4M3, R_F32, R_BF16), 0);
    RUN_OK(c, &r, e_r(C_TMMA, R_F32, R_E4M3, R_FP4), 0);
    RUN_OK(c, &r, e_r(C_TMMA, R_TF32, R_E5M2, R_FP16), 0);
    RUN_OK(c, &r, e_r(C_TMMA, R_I8, R_I16, R_I8), 0);
    RUN_OK(c, &r, e_r(C_TMUL, R_I8, R_I32, R_I16), 0);
    RUN_OK(c, &r, e_r(C_TROWSUM, R_I32, R_I8, 0), 0);
    RUN_OK(c, &r, e_r(C_TROWMAX, R_FP4, R_BF16, 0), 0);
    rig_free(&r);
}

/* mfrm 5..7 make exactly the rounding instructions illegal. */
static void reserved_rounding_mode(check_ctx *c)
{
    for (unsigned frm = 5; frm < 8; frm++) {
        rig r;
        setup(&r);
        set_frm(&r.tu, frm);
        const uint32_t illegal[] = {
            e_r(C_TADD, R_F32, R_F32, R_F32),   e_r(C_TMAX, R_BF16, R_BF16, R_E4M3),
            e_r(C_TMIN, R_F32, R_F32, R_F32),   e_r(C_TROWMAX, R_F32, R_F32, 0),
            e_r(C_TROWSUM, R_FP4, R_FP4, 0),    e_r(C_TBDIV, R_F32, R_F32, R_F32),
            e_r(C_TBSUB, R_F32, R_F32, R_F32),  e_r(C_TMMA, R_F32, R_E4M3, R_E4M3),
            e_tcvt(12, R_F32, MOSAIC_FMT_INT8), e_tcvt(12, R_I8, MOSAIC_FMT_FP32),
            e_tcvt(12, R_F32, MOSAIC_FMT_FP32), e_tscale(R_BF16, 3),
            e_tred(4, R_F32, 0),                e_tred(4, R_F32, 1),
            e_tact(R_F32, 0),                   e_tact(R_I8, 0),
            e_tact(R_I32, 3),
        };
        for (unsigned k = 0; k < sizeof illegal / sizeof illegal[0]; k++)
            EXPECT_ILLEGAL(c, &r, illegal[k], 0x40000000u);
        const uint32_t legal[] = {
            e_r(C_TADD, R_I8, R_I8, R_I16),     e_r(C_TMAX, R_I32, R_I8, R_I8),
            e_r(C_TROWSUM, R_I32, R_I8, 0),     e_r(C_TBMUL, R_I16, R_I16, R_I8),
            e_r(C_TMMA, R_I32, R_I8, R_I16),    e_tcvt(12, R_I8, MOSAIC_FMT_INT32),
            e_tscale(R_I16, 3),                 e_tred(4, R_I32, 0),
            e_tzero(R_F32),
        };
        for (unsigned k = 0; k < sizeof legal / sizeof legal[0]; k++)
            RUN_OK(c, &r, legal[k], 2);
        RUN_OK(c, &r, e_tld(R_F32, 1, 64), MEM_BASE);
        RUN_OK(c, &r, e_tst(R_F32, 1, 64), MEM_BASE);
        rig_free(&r);
    }
}

static void mmode3(check_ctx *c)
{
    rig r;
    setup(&r);
    r.tu.mcsr = 3;
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, R_F32, R_F32, R_F32), 0);
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, R_I32, R_I8, R_I8), 0);
    RUN_OK(c, &r, e_r(C_TADD, R_F32, R_F32, R_F32), 0); /* mmode only matters to tmma */
    for (unsigned m = 0; m < 3; m++) {
        r.tu.mcsr = m;
        RUN_OK(c, &r, e_r(C_TMMA, R_F32, R_F32, R_F32), 0);
    }
    rig_free(&r);
}

/* TS Off: everything on custom-2 is illegal and nothing changes. */
static void ts_off_everything(check_ctx *c)
{
    rig r;
    setup(&r);
    r.tu.ts = MOSAIC_TS_OFF;
    const uint32_t insns[] = {
        e_tld(R_F32, 1, 64),  e_tst(R_F32, 1, 64), e_tact(R_F32, 0), e_tcvt(12, R_F32, 3),
        e_tzero(R_F32),       e_tred(4, R_F32, 0), e_tscale(R_F32, 3),
        e_r(C_TADD, R_F32, R_F32, R_F32), e_r(C_TMMA, R_F32, R_F32, R_F32),
        e_r(C_TSUB, R_I8, R_I8, R_I8),    e_r(C_TMUL, R_F32, R_F32, R_F32),
        e_r(C_TMAX, R_F32, R_F32, R_F32), e_r(C_TMIN, R_F32, R_F32, R_F32),
        e_r(C_TROWMAX, R_F32, R_F32, 0),  e_r(C_TROWSUM, R_F32, R_F32, 0),
        e_r(C_TBSUB, R_F32, R_F32, R_F32), e_r(C_TBMUL, R_F32, R_F32, R_F32),
        e_r(C_TBDIV, R_F32, R_F32, R_F32), e_r(99, 1, 2, 3),
    };
    for (unsigned k = 0; k < sizeof insns / sizeof insns[0]; k++)
        EXPECT_ILLEGAL(c, &r, insns[k], MEM_BASE);
    CHECK(c, r.tu.ts == MOSAIC_TS_OFF, "TS stays Off");
    rig_free(&r);
}

/* Completing instructions: Dirty (except tst), effects, tags. */
static void completion_bookkeeping(check_ctx *c)
{
    rig r;
    setup(&r);
    struct {
        uint32_t insn, x;
        uint32_t treg;
        bool rd, dirty;
        int tag_reg, tag;
    } cases[] = {
        {e_tld(R_F32, 1, 64), MEM_BASE, 1u << R_F32, false, true, R_F32, MOSAIC_FMT_FP32},
        {e_tst(R_I8, 1, 16), MEM_BASE, 0, false, false, R_I8, MOSAIC_FMT_INT8},
        {e_tact(R_BF16, 0), 0, 1u << R_BF16, false, true, R_BF16, MOSAIC_FMT_BF16},
        {e_tcvt(25, R_F32, 4), 0, 1u << 25, false, true, 25, MOSAIC_FMT_E5M2},
        {e_tzero(R_I16), 0, 1u << R_I16, false, true, R_I16, MOSAIC_FMT_INT16},
        {e_tred(7, R_I8, 1), 0, 0, true, true, R_I8, MOSAIC_FMT_INT8},
        {e_tscale(R_F32, 3), 0x3F800000u, 1u << R_F32, false, true, R_F32, MOSAIC_FMT_FP32},
        {e_r(C_TADD, 31, R_F32, R_F32), 0, 1u << 31, false, true, 31, MOSAIC_FMT_FP32},
        {e_r(C_TMMA, 28, 29, 30), 0, 1u << 28, false, true, 28, MOSAIC_FMT_FP32},
        {e_r(C_TROWSUM, R_I32, R_I8, 0), 0, 1u << R_I32, false, true, R_I32, MOSAIC_FMT_INT32},
        {e_r(C_TBDIV, R_E4M3, R_F32, R_BF16), 0, 1u << R_E4M3, false, true, R_E4M3, MOSAIC_FMT_E4M3},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        r.tu.ts = MOSAIC_TS_CLEAN;
        uint8_t tags[32];
        memcpy(tags, r.tu.tag, 32);
        mosaic_tu_result res = RUN_OK(c, &r, cases[k].insn, cases[k].x);
        CHECK(c, res.treg_written == cases[k].treg, "case %u: treg_written 0x%x", k,
              (unsigned)res.treg_written);
        CHECK(c, res.rd_write == cases[k].rd, "case %u: rd_write", k);
        CHECK(c, r.tu.ts == (cases[k].dirty ? MOSAIC_TS_DIRTY : MOSAIC_TS_CLEAN), "case %u: TS %u", k,
              (unsigned)r.tu.ts);
        tags[cases[k].tag_reg] = (uint8_t)cases[k].tag;
        CHECK(c, memcmp(tags, r.tu.tag, 32) == 0, "case %u: tags", k);
    }
    /* a trap from Clean leaves Clean */
    r.tu.ts = MOSAIC_TS_CLEAN;
    EXPECT_ILLEGAL(c, &r, e_tred(1, R_F32, 3), 0);
    CHECK(c, r.tu.ts == MOSAIC_TS_CLEAN, "trap keeps Clean");
    rig_free(&r);
}

/* msat: set by a saturation, sticky across later clean instructions,
 * cleared only by a CSR write; a trapping instruction never sets it. */
static void msat_sticky(check_ctx *c)
{
    rig r;
    rig_init(&r);
    uint32_t v[256];
    for (unsigned i = 0; i < 256; i++)
        v[i] = 100;
    put_tile(&r.tu, 1, MOSAIC_FMT_INT8, v);
    r.tu.tag[2] = MOSAIC_FMT_INT8;
    mosaic_tu_result res = RUN_OK(c, &r, e_r(C_TSUB, 2, 1, 1), 0);
    CHECK(c, !(r.tu.mcsr & MOSAIC_MCSR_MSAT) && !res.csr_written, "no saturation");
    r.tu.mcsr = 3; /* mmode 3: the saturating tmma below traps */
    r.tu.mtilek = 16;
    EXPECT_ILLEGAL(c, &r, e_r(C_TMMA, 2, 1, 1), 0);
    r.tu.mcsr = 0;
    res = RUN_OK(c, &r, e_r(C_TADD, 2, 1, 1), 0);
    CHECK(c, (r.tu.mcsr & MOSAIC_MCSR_MSAT) && (r.tu.mxstatus & MOSAIC_MX_SAT_HIT) && res.csr_written,
          "saturation");
    CHECK_EQ_U32(c, mosaic_tile_get(&r.tu, 2, MOSAIC_FMT_INT8, 9), 127, "200 -> 127");
    res = RUN_OK(c, &r, e_r(C_TSUB, 2, 1, 1), 0);
    CHECK(c, (r.tu.mcsr & MOSAIC_MCSR_MSAT) && !res.csr_written, "sticky");
    CHECK(c, mosaic_tu_csr_write(&r.tu, MOSAIC_CSR_MCSR, 0) == MOSAIC_CSR_OK &&
                 !(r.tu.mcsr & MOSAIC_MCSR_MSAT),
          "cleared by a CSR write");
    /* mxstatus.inexact is AME's: MINA-T never sets it */
    uint32_t f[256];
    for (unsigned i = 0; i < 256; i++)
        f[i] = f2u(0.1f);
    put_tile(&r.tu, 3, MOSAIC_FMT_FP32, f);
    r.tu.tag[4] = MOSAIC_FMT_E4M3;
    RUN_OK(c, &r, e_r(C_TADD, 4, 3, 3), 0);
    CHECK(c, !(r.tu.mxstatus & MOSAIC_MX_INEXACT), "no inexact from MINA-T");
    rig_free(&r);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, illegal_encodings);
    RUN(&c, illegal_format_combinations);
    RUN(&c, reserved_rounding_mode);
    RUN(&c, mmode3);
    RUN(&c, ts_off_everything);
    RUN(&c, completion_bookkeeping);
    RUN(&c, msat_sticky);
    return check_exit(&c);
}
