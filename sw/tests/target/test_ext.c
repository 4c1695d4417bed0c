/* Directed tests of Mosaic's extension ops on custom-2 (funct3 111,
 * funct7 2..10): tsub tmul tmax tmin trowmax trowsum tbsub tbmul tbdiv. */
#include "tt.h"

static uint8_t a_t[1024], b_t[1024], got[1024], want[1024];

typedef float (*f32_op)(float a, float b);
static float op_sub(float a, float b) { return a - b; }
static float op_mul(float a, float b) { return a * b; }
static float op_div(float a, float b) { return a / b; }

/* IEEE maximumNumber / minimumNumber: a NaN loses, -0 < +0. */
static uint32_t max_num(uint32_t a, uint32_t b)
{
    bool na = (a & 0x7FFFFFFFu) > 0x7F800000u, nb = (b & 0x7FFFFFFFu) > 0x7F800000u;
    if (na && nb)
        return REF_F32_QNAN;
    if (na || nb)
        return na ? b : a;
    if (u2f(a) == u2f(b))
        return (a >> 31) ? b : a; /* +0 beats -0 */
    return u2f(a) > u2f(b) ? a : b;
}
static uint32_t min_num(uint32_t a, uint32_t b)
{
    bool na = (a & 0x7FFFFFFFu) > 0x7F800000u, nb = (b & 0x7FFFFFFFu) > 0x7F800000u;
    if (na && nb)
        return REF_F32_QNAN;
    if (na || nb)
        return na ? b : a;
    if (u2f(a) == u2f(b))
        return (a >> 31) ? a : b;
    return u2f(a) < u2f(b) ? a : b;
}

/* A/B random FP32 tiles with a few special lanes for max/min. */
static void load_fp32_pair(uint32_t seed)
{
    uint32_t st = seed;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    tt_fill(b_t, FMT_FP32, tt_rand_f32, &st);
    tt_set(a_t, FMT_FP32, 0, 0x7FC00000u); /* NaN vs number */
    tt_set(b_t, FMT_FP32, 1, 0x7FC00000u);
    tt_set(a_t, FMT_FP32, 2, 0x80000000u); /* -0 vs +0 */
    tt_set(b_t, FMT_FP32, 2, 0x00000000u);
    tt_set(a_t, FMT_FP32, 3, 0x00000000u);
    tt_set(b_t, FMT_FP32, 3, 0x80000000u);
    tt_set(b_t, FMT_FP32, 4, tt_get(a_t, FMT_FP32, 4)); /* equal */
    TT_LOAD(1, FMT_FP32, a_t);
    TT_LOAD(2, FMT_FP32, b_t);
    tinit(3, FMT_FP32);
}

/* Element-wise float op against C on the same operands (lanes 0..1 hold a
 * NaN, whose result is the canonical NaN for arithmetic). */
static void check_ew(f32_op op)
{
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++) {
        float r = op(u2f(tt_get(a_t, FMT_FP32, i)), u2f(tt_get(b_t, FMT_FP32, i)));
        tt_set(want, FMT_FP32, i, r != r ? REF_F32_QNAN : f2u(r));
    }
    CHECK_TILE(got, want, FMT_FP32);
}

static void t_tsub_tmul_fp32(void)
{
    load_fp32_pair(101);
    tsub(3, 1, 2);
    check_ew(op_sub);
    tmul(3, 1, 2);
    check_ew(op_mul);
}

static void t_tmax_tmin_fp32(void)
{
    load_fp32_pair(102);
    tmax(3, 1, 2);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_FP32, i, max_num(tt_get(a_t, FMT_FP32, i), tt_get(b_t, FMT_FP32, i)));
    CHECK_TILE(got, want, FMT_FP32);
    tmin(3, 1, 2);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_FP32, i, min_num(tt_get(a_t, FMT_FP32, i), tt_get(b_t, FMT_FP32, i)));
    CHECK_TILE(got, want, FMT_FP32);
}

/* Integer element-wise ops saturate to the destination. */
static void t_int8_ops(void)
{
    uint32_t st = 103;
    tt_fill(a_t, FMT_INT8, tt_rand_i8, &st);
    tt_fill(b_t, FMT_INT8, tt_rand_i8, &st);
    TT_LOAD(1, FMT_INT8, a_t);
    TT_LOAD(2, FMT_INT8, b_t);
    tinit(3, FMT_INT8);
    tsub(3, 1, 2);
    TT_STORE(3, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        want[i] = (uint8_t)ref_sat((int8_t)a_t[i] - (int8_t)b_t[i], 8);
    CHECK_TILE(got, want, FMT_INT8);
    tmul(3, 1, 2);
    TT_STORE(3, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        want[i] = (uint8_t)ref_sat((int8_t)a_t[i] * (int8_t)b_t[i], 8);
    CHECK_TILE(got, want, FMT_INT8);
    tmax(3, 1, 2);
    TT_STORE(3, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        want[i] = (int8_t)a_t[i] > (int8_t)b_t[i] ? a_t[i] : b_t[i];
    CHECK_TILE(got, want, FMT_INT8);
    tmin(3, 1, 2);
    TT_STORE(3, FMT_INT8, got);
    for (unsigned i = 0; i < 256; i++)
        want[i] = (int8_t)a_t[i] < (int8_t)b_t[i] ? a_t[i] : b_t[i];
    CHECK_TILE(got, want, FMT_INT8);
    /* widening destination: exact */
    tinit(4, FMT_INT16);
    tmul(4, 1, 2);
    TT_STORE(4, FMT_INT16, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_INT16, i, (uint32_t)((int8_t)a_t[i] * (int8_t)b_t[i]));
    CHECK_TILE(got, want, FMT_INT16);
}

/* trowsum adds left to right; trowmax; both write column 0, zero the rest. */
static void t_row_reductions(void)
{
    uint32_t st = 104;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(1, FMT_FP32, a_t);
    tinit(3, FMT_FP32);
    trowsum(3, 1);
    TT_STORE(3, FMT_FP32, got);
    memset(want, 0, sizeof want);
    for (unsigned i = 0; i < 16; i++) {
        float s = u2f(tt_get(a_t, FMT_FP32, 16 * i));
        for (unsigned j = 1; j < 16; j++)
            s += u2f(tt_get(a_t, FMT_FP32, 16 * i + j));
        tt_set(want, FMT_FP32, 16 * i, f2u(s));
    }
    CHECK_TILE(got, want, FMT_FP32);
    trowmax(3, 1);
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 16; i++) {
        uint32_t m = tt_get(a_t, FMT_FP32, 16 * i);
        for (unsigned j = 1; j < 16; j++)
            m = max_num(m, tt_get(a_t, FMT_FP32, 16 * i + j));
        tt_set(want, FMT_FP32, 16 * i, m);
    }
    CHECK_TILE(got, want, FMT_FP32);

    /* INT8 row sums saturate in an INT8 destination, fit an INT32 one */
    tt_fill(a_t, FMT_INT8, tt_rand_i8, &st);
    TT_LOAD(1, FMT_INT8, a_t);
    tinit(4, FMT_INT32);
    trowsum(4, 1);
    TT_STORE(4, FMT_INT32, got);
    memset(want, 0, sizeof want);
    for (unsigned i = 0; i < 16; i++) {
        int32_t s = 0;
        for (unsigned j = 0; j < 16; j++)
            s += (int8_t)a_t[16 * i + j];
        tt_set(want, FMT_INT32, 16 * i, (uint32_t)s);
    }
    CHECK_TILE(got, want, FMT_INT32);
}

/* Row broadcast: D[i][j] = A[i][j] op B[i][0]; the softmax building blocks
 * (row max, subtract, exp, row sum, divide). */
static void check_bcast(f32_op op)
{
    TT_STORE(3, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++) {
        float r = op(u2f(tt_get(a_t, FMT_FP32, i)), u2f(tt_get(b_t, FMT_FP32, i & ~15u)));
        tt_set(want, FMT_FP32, i, r != r ? REF_F32_QNAN : f2u(r));
    }
    CHECK_TILE(got, want, FMT_FP32);
}

static void t_broadcast_ops(void)
{
    uint32_t st = 105;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    tt_fill(b_t, FMT_FP32, tt_rand_f32, &st); /* columns 1..15 must be ignored */
    TT_LOAD(1, FMT_FP32, a_t);
    TT_LOAD(2, FMT_FP32, b_t);
    tinit(3, FMT_FP32);
    tbsub(3, 1, 2);
    check_bcast(op_sub);
    tbmul(3, 1, 2);
    check_bcast(op_mul);
    tbdiv(3, 1, 2);
    check_bcast(op_div);
}

/* A destination may be a source: sources are read before D is written. */
static void t_dest_is_source(void)
{
    uint32_t st = 106;
    tt_fill(a_t, FMT_FP32, tt_rand_f32, &st);
    TT_LOAD(1, FMT_FP32, a_t);
    tbsub(1, 1, 1); /* row i minus its own first element */
    TT_STORE(1, FMT_FP32, got);
    for (unsigned i = 0; i < 256; i++)
        tt_set(want, FMT_FP32, i,
               f2u(u2f(tt_get(a_t, FMT_FP32, i)) - u2f(tt_get(a_t, FMT_FP32, i & ~15u))));
    CHECK_TILE(got, want, FMT_FP32);
}

/* Format domains: mixed float/int and integer tbdiv are illegal. */
static void t_domains(void)
{
    tinit(1, FMT_FP32);
    tinit(2, FMT_INT8);
    tinit(3, FMT_FP32);
    tinit(4, FMT_INT8);
    CHECK_ILLEGAL_WORD(tsub(3, 1, 2), MOSAIC_ENC_R(0x5B, 7, F7_TSUB, 3, 1, 2));
    CHECK_ILLEGAL_WORD(tmax(4, 2, 1), MOSAIC_ENC_R(0x5B, 7, F7_TMAX, 4, 2, 1));
    CHECK_ILLEGAL_WORD(trowsum(4, 1), MOSAIC_ENC_R(0x5B, 7, F7_TROWSUM, 4, 1, 0));
    CHECK_ILLEGAL_WORD(tbdiv(4, 2, 2), MOSAIC_ENC_R(0x5B, 7, F7_TBDIV, 4, 2, 2));
    /* funct7 11 is not an operation; trowmax wants rs2 = 0 */
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x5B, 7, 11, 3, 1, 1), MOSAIC_ENC_R(0x5B, 7, 11, 3, 1, 1));
    CHECK_ILLEGAL_WORD(mosaic_insn_r(0x5B, 7, F7_TROWMAX, 3, 1, 5),
                       MOSAIC_ENC_R(0x5B, 7, F7_TROWMAX, 3, 1, 5));
    CHECK_NO_TRAP(tsub(3, 1, 1));
}

int main(void)
{
    tt_reset_csrs();
    MTEST_RUN(t_tsub_tmul_fp32);
    MTEST_RUN(t_tmax_tmin_fp32);
    MTEST_RUN(t_int8_ops);
    MTEST_RUN(t_row_reductions);
    MTEST_RUN(t_broadcast_ops);
    MTEST_RUN(t_dest_is_source);
    MTEST_RUN(t_domains);
    return mtest_finish();
}
