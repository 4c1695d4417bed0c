/* Traps and context status: TS Off (mstatus[24:23]), Dirty tracking,
 * illegal encodings, reserved rounding mode and mmode, format rules,
 * misalignment and DDC faults with their mcause/mtval. */
#include "tt.h"

static uint8_t tile[1024], before[1024], after[1024];

/* Set TS, run one statement, read TS back, restore Initial. */
#define TS_AFTER(ts, stmt)                                                     \
    __extension__({                                                            \
        mosaic_ts_set(ts);                                                     \
        stmt;                                                                  \
        uint32_t ts_ = mosaic_ts_get();                                        \
        mosaic_ts_set(TS_INITIAL);                                             \
        ts_;                                                                   \
    })

/* With TS Off every tensor instruction and tensor CSR access is illegal. */
static void t_ts_off(void)
{
    tinit(1, FMT_FP32);
    mosaic_ts_set(TS_OFF);
    CHECK_EQ_U32(mosaic_ts_get(), TS_OFF);
    CHECK_ILLEGAL(tzero(1));
    CHECK_ILLEGAL(tld(1, tt_src, 64));
    CHECK_ILLEGAL(tadd(1, 2, 3));
    CHECK_ILLEGAL(tmma(1, 2, 3));
    CHECK_ILLEGAL(tsub(1, 2, 3));
    CHECK_ILLEGAL(tl_addi(1, 2, 5));
    CHECK_ILLEGAL(mmacc(8, 0, 4, 0));
    CHECK_ILLEGAL((void)msettilemi(4));
    CHECK_ILLEGAL(scpad_wait());
    CHECK_ILLEGAL((void)mcsr_read());
    CHECK_ILLEGAL(mcsr_write(0));
    CHECK_ILLEGAL((void)mtilem_read());
    CHECK_ILLEGAL((void)mxcfg_read());
    CHECK_ILLEGAL(sdma_stride_write(4));
    CHECK_NO_TRAP((void)csr_read(CSR_MSCRATCH)); /* not tensor state */
    CHECK_NO_TRAP((void)rdhpm(HPM_TENSOR_INSNS));
    mosaic_ts_set(TS_INITIAL);
    CHECK_NO_TRAP(tzero(1));
}

/* R8: completing instructions and CSR writes make TS Dirty (and SD set),
 * except tst and tl.mstore; CSR reads leave it. */
static void t_ts_dirty(void)
{
    tinit(1, FMT_INT8);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, tzero(1)), TS_DIRTY);
    CHECK_EQ_U32(TS_AFTER(TS_INITIAL, tzero(1)), TS_DIRTY);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, tst(1, tt_dst, 16)), TS_CLEAN);
    tl_store_mask_write(0);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, tl_mstore(1, tt_dst, TL_DESC(1, 1, 1, 1))), TS_CLEAN);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, mcsr_write(0)), TS_DIRTY);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, (void)mcsr_read()), TS_CLEAN);
    CHECK_EQ_U32(TS_AFTER(TS_CLEAN, (void)msettileni(16)), TS_DIRTY);
    mosaic_ts_set(TS_DIRTY);
    CHECK(csr_read(CSR_MSTATUS) & MSTATUS_SD);
    mosaic_ts_set(TS_CLEAN);
    CHECK(!(csr_read(CSR_MSTATUS) & MSTATUS_SD));
    /* a trapping instruction does not dirty the state */
    mosaic_ts_set(TS_CLEAN);
    CHECK_ILLEGAL(mosaic_insn_i(0x5B, F3_TACT, 1, 1, 5));
    CHECK_EQ_U32(mosaic_ts_get(), TS_CLEAN);
    mosaic_ts_set(TS_INITIAL);
}

/* Encodings docs/isa.md does not list (or with non-zero must-be-zero
 * fields) are illegal; mtval is the instruction. */
#define ILL_I(f3, rd, rs1, imm)                                                \
    CHECK_ILLEGAL_WORD(mosaic_insn_i(0x5B, f3, rd, rs1, imm),                  \
                       MOSAIC_ENC_I(0x5B, f3, rd, rs1, imm))
#define ILL_R(f7, rd, rs1, rs2)                                                \
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x5B, 7, f7, rd, rs1, rs2),               \
                       MOSAIC_ENC_R(0x5B, 7, f7, rd, rs1, rs2))

static void t_illegal_encodings(void)
{
    tinit(1, FMT_FP32);
    tinit(2, FMT_FP32);
    ILL_I(F3_TACT, 1, 1, 5);    /* tact func 5..7 */
    ILL_I(F3_TACT, 1, 1, 7);
    ILL_I(F3_TACT, 1, 2, 0);    /* rs1 != rd */
    ILL_I(F3_TACT, 1, 1, 0x10); /* imm[11:3] != 0 */
    ILL_I(F3_TCVT, 1, 2, 10);   /* format codes 10..15 */
    ILL_I(F3_TCVT, 1, 2, 15);
    ILL_I(F3_TCVT, 1, 2, 0x12); /* imm[11:4] != 0 */
    ILL_I(F3_TZERO, 1, 2, 0);   /* rs1 != rd */
    ILL_I(F3_TZERO, 1, 1, 1);
    ILL_I(F3_TRED, 0, 1, 3);    /* tred op 3 (rd x0: nothing to clobber) */
    ILL_I(F3_TRED, 0, 1, 4);
    ILL_I(F3_TSCALE, 1, 5, 1);  /* tscale imm != 0 */
    ILL_R(11, 1, 1, 2);         /* funct7 past the extensions */
    ILL_R(0x40, 1, 1, 2);
    /* a tred that traps writes no GPR */
    uint32_t v = 0x12345678u;
    mosaic_trap_expect();
    __asm__ volatile(".insn i 0x5B, 5, %0, x1, 3" : "+r"(v)::"memory");
    mosaic_trap_record r = mosaic_trap_end();
    CHECK_EQ_U32(r.count, 1);
    CHECK_EQ_U32(v, 0x12345678u);
}

/* mcsr.mfrm 5..7 make rounding instructions illegal; integer work and
 * moves are unaffected. mmode 3 makes tmma illegal. */
static void t_reserved_modes(void)
{
    tinit(1, FMT_FP32);
    tinit(2, FMT_FP32);
    tinit(3, FMT_INT8);
    tinit(4, FMT_INT8);
    mcsr_set_mfrm(5);
    CHECK_ILLEGAL(tadd(1, 1, 2));
    CHECK_ILLEGAL(tmma(1, 1, 2));
    CHECK_ILLEGAL(tcvt(5, 3, FMT_FP16)); /* int -> float result rounds */
    CHECK_ILLEGAL(tact(1, ACT_EXP));
    CHECK_ILLEGAL((void)tred(1, RED_SUM));
    CHECK_NO_TRAP(tadd(3, 3, 4));
    CHECK_NO_TRAP(tld(1, tt_src, 64));
    CHECK_NO_TRAP(tzero(1));
    mcsr_set_mfrm(7);
    CHECK_ILLEGAL(tscale(1, 0x3F800000u));
    mcsr_set_mfrm(RM_RNE);
    mcsr_set_mmode(3);
    CHECK_ILLEGAL(tmma(1, 1, 2));
    CHECK_NO_TRAP(tadd(1, 1, 2));
    mcsr_write(0);
}

/* Format domains (R4): tmma A/B/D in one domain, integer inputs INT8 or
 * INT16; the destination keeps its old contents after the trap. */
static void t_format_rules(void)
{
    uint32_t st = 601;
    tt_fill(tile, FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(1, FMT_FP32, tile);
    tinit(2, FMT_INT8);
    tinit(3, FMT_INT32);
    tinit(4, FMT_FP16);
    CHECK_ILLEGAL(tmma(1, 4, 2)); /* float x int */
    CHECK_ILLEGAL(tmma(1, 2, 2)); /* int inputs, float D */
    CHECK_ILLEGAL(tmma(3, 3, 3)); /* INT32 inputs */
    CHECK_ILLEGAL(tadd(3, 1, 2)); /* mixed domains */
    CHECK_NO_TRAP(tmma(3, 2, 2));
    CHECK_NO_TRAP(tmma(1, 4, 4));
    TT_STORE(1, FMT_FP32, before);
    CHECK_ILLEGAL(tmma(1, 2, 4));
    TT_STORE(1, FMT_FP32, after);
    CHECK_MEM(after, before, 1024);
}

/* Misaligned base: mtval = base; aligned base with a bad stride: mtval =
 * base + stride (the first misaligned row). Loads cause 4, stores 6. */
static void t_misaligned(void)
{
    uintptr_t b = (uintptr_t)tt_src;
    tinit(1, FMT_FP32);
    CHECK_TRAP(tld(1, b + 2, 64), CAUSE_LOAD_MISALIGNED, b + 2);
    CHECK_TRAP(tld(1, b, 66), CAUSE_LOAD_MISALIGNED, b + 66);
    CHECK_TRAP(tst(1, b + 1, 64), CAUSE_STORE_MISALIGNED, b + 1);
    CHECK_TRAP(tst(1, b, 62), CAUSE_STORE_MISALIGNED, b + 62);
    tinit(2, FMT_FP16);
    CHECK_TRAP(tld(2, b + 1, 32), CAUSE_LOAD_MISALIGNED, b + 1);
    CHECK_NO_TRAP(tld(2, b + 2, 34));
    tinit(3, FMT_INT8); /* bytes: any alignment */
    CHECK_NO_TRAP(tld(3, b + 3, 17));
    tinit(4, FMT_FP4); /* FP4 rows are 8 bytes, byte aligned */
    CHECK_NO_TRAP(tld(4, b + 1, 9));
    /* misalignment is checked before the DDC */
    mddclimit_write(0x7FFFFFFFu);
    CHECK_TRAP(tld(1, 0x80000002u, 64), CAUSE_LOAD_MISALIGNED, 0x80000002u);
    mddclimit_write(0xFFFFFFFFu);
}

/* Every row must be inside the DDC region with the needed permission and
 * mapped; the fault reports the base. */
static void t_ddc(void)
{
    uintptr_t b = (uintptr_t)tt_src;
    tinit(1, FMT_INT8);
    mddcbase_write(b);
    mddclimit_write(b + 16 * 64 - 1); /* exactly 16 rows of 64 bytes */
    CHECK_NO_TRAP(tld(1, b, 64));
    CHECK_NO_TRAP(tld(1, b + 48, 64)); /* last row ends at the limit */
    CHECK_TRAP(tld(1, b + 49, 64), CAUSE_LOAD_FAULT, b + 49);
    CHECK_TRAP(tld(1, b - 1, 64), CAUSE_LOAD_FAULT, b - 1);
    CHECK_TRAP(tst(1, b + 64, 64), CAUSE_STORE_FAULT, b + 64);
    mddcperm_write(DDC_R);
    CHECK_TRAP(tst(1, b, 64), CAUSE_STORE_FAULT, b);
    CHECK_NO_TRAP(tld(1, b, 64));
    mddcperm_write(DDC_W);
    CHECK_TRAP(tld(1, b, 64), CAUSE_LOAD_FAULT, b);
    mddcperm_write(DDC_R | DDC_W);
    mddcbase_write(0);
    mddclimit_write(0xFFFFFFFFu);
    /* unmapped memory, and rows that wrap past 2^32 */
    CHECK_TRAP(tld(1, 0x30000000u, 16), CAUSE_LOAD_FAULT, 0x30000000u);
    CHECK_TRAP(tst(1, 0x30000000u, 16), CAUSE_STORE_FAULT, 0x30000000u);
    CHECK_TRAP(tld(1, 0xFFFFFF80u, 16), CAUSE_LOAD_FAULT, 0xFFFFFF80u);
}

int main(void)
{
    tt_reset_csrs();
    MTEST_RUN(t_ts_off);
    MTEST_RUN(t_ts_dirty);
    MTEST_RUN(t_illegal_encodings);
    MTEST_RUN(t_reserved_modes);
    MTEST_RUN(t_format_rules);
    MTEST_RUN(t_misaligned);
    MTEST_RUN(t_ddc);
    tt_reset_csrs();
    return mtest_finish();
}
