/* Hand-derived special cases for FP32 arithmetic (add, sub, mul, div, fma,
 * min, max, lt). The bulk checking against SoftFloat lives in the oracle
 * suites; these pin the rules a reader should be able to see at a glance. */
#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "mosaic_fmt.h"

#define RNE MOSAIC_RM_RNE
#define RTZ MOSAIC_RM_RTZ
#define RDN MOSAIC_RM_RDN
#define RUP MOSAIC_RM_RUP
#define RMM MOSAIC_RM_RMM

#define NX MOSAIC_FLAG_NX
#define UF MOSAIC_FLAG_UF
#define OF MOSAIC_FLAG_OF
#define DZ MOSAIC_FLAG_DZ
#define NV MOSAIC_FLAG_NV

/* FP32 patterns */
#define PZ 0x00000000u
#define NZ 0x80000000u
#define ONE 0x3F800000u
#define MONE 0xBF800000u
#define TWO 0x40000000u
#define PINF 0x7F800000u
#define NINF 0xFF800000u
#define QNAN 0x7FC00000u
#define SNAN 0x7F800001u
#define NNAN 0xFFC00001u /* negative NaN with a payload */
#define MAXF 0x7F7FFFFFu
#define MINS 0x00000001u /* min subnormal 2^-149 */
#define MAXS 0x007FFFFFu
#define MINN 0x00800000u

typedef enum { ADD, SUB, MUL, DIV, FMA } op_t;

typedef struct {
    op_t op;
    mosaic_rm rm;
    uint32_t a, b, c, want;
    unsigned flags;
} ar_vec;

static uint32_t apply(const ar_vec *v, unsigned *fl)
{
    switch (v->op) {
    case ADD:
        return mosaic_f32_add(v->a, v->b, v->rm, fl);
    case SUB:
        return mosaic_f32_sub(v->a, v->b, v->rm, fl);
    case MUL:
        return mosaic_f32_mul(v->a, v->b, v->rm, fl);
    case DIV:
        return mosaic_f32_div(v->a, v->b, v->rm, fl);
    case FMA:
    default:
        return mosaic_f32_fma(v->a, v->b, v->c, v->rm, fl);
    }
}

static void run_vecs(check_ctx *c, const ar_vec *v, size_t n)
{
    static const char *const names[] = {"add", "sub", "mul", "div", "fma"};
    for (size_t i = 0; i < n; i++) {
        unsigned fl = 0;
        uint32_t got = apply(&v[i], &fl);
        CHECK(c, got == v[i].want && fl == v[i].flags,
              "vector %zu: %s rm=%d 0x%08x 0x%08x 0x%08x: got 0x%08x flags 0x%x, want 0x%08x "
              "flags 0x%x",
              i, names[v[i].op], (int)v[i].rm, (unsigned)v[i].a, (unsigned)v[i].b,
              (unsigned)v[i].c, (unsigned)got, fl, (unsigned)v[i].want, v[i].flags);
    }
}

#define RUN_VECS(c, t) run_vecs(c, t, sizeof(t) / sizeof(t[0]))

static void f32_add_sub(check_ctx *c)
{
    static const ar_vec v[] = {
        {ADD, RNE, ONE, ONE, 0, TWO, 0},
        /* 1 + 2^-24: midpoint of 1 and 1 + 2^-23 */
        {ADD, RNE, ONE, 0x33800000, 0, ONE, NX},
        {ADD, RUP, ONE, 0x33800000, 0, 0x3F800001, NX},
        {ADD, RMM, ONE, 0x33800000, 0, 0x3F800001, NX},
        {ADD, RTZ, ONE, 0x33800000, 0, ONE, NX},
        {SUB, RDN, ONE, 0xB3800000, 0, ONE, NX},      /* 1 - (-2^-24) */
        /* exact zero sums: +0, except -0 when rounding down */
        {ADD, RNE, ONE, MONE, 0, PZ, 0},
        {ADD, RDN, ONE, MONE, 0, NZ, 0},
        {SUB, RDN, ONE, ONE, 0, NZ, 0},
        {SUB, RUP, ONE, ONE, 0, PZ, 0},
        {ADD, RNE, PZ, NZ, 0, PZ, 0},
        {ADD, RDN, PZ, NZ, 0, NZ, 0},
        {ADD, RNE, NZ, NZ, 0, NZ, 0},
        {ADD, RDN, PZ, PZ, 0, PZ, 0},
        {SUB, RNE, NZ, PZ, 0, NZ, 0},
        {ADD, RNE, NZ, ONE, 0, ONE, 0},
        /* infinities and NaNs */
        {ADD, RNE, PINF, NINF, 0, QNAN, NV},
        {SUB, RNE, PINF, PINF, 0, QNAN, NV},
        {ADD, RNE, PINF, PINF, 0, PINF, 0},
        {ADD, RNE, NINF, MAXF, 0, NINF, 0},
        {ADD, RNE, QNAN, ONE, 0, QNAN, 0},
        {ADD, RNE, SNAN, ONE, 0, QNAN, 0},            /* sNaN acts quiet */
        {ADD, RNE, ONE, NNAN, 0, QNAN, 0},            /* canonical, positive */
        {ADD, RNE, NNAN, NINF, 0, QNAN, 0},
        /* overflow per mode */
        {ADD, RNE, MAXF, MAXF, 0, PINF, OF | NX},
        {ADD, RTZ, MAXF, MAXF, 0, MAXF, OF | NX},
        {ADD, RDN, MAXF, MAXF, 0, MAXF, OF | NX},
        {ADD, RUP, MAXF, MAXF, 0, PINF, OF | NX},
        {ADD, RUP, 0xFF7FFFFF, 0xFF7FFFFF, 0, 0xFF7FFFFF, OF | NX},
        {ADD, RDN, 0xFF7FFFFF, 0xFF7FFFFF, 0, NINF, OF | NX},
        /* subnormal sums are exact: no UF */
        {ADD, RNE, MINS, MINS, 0, 0x00000002, 0},
        {ADD, RNE, MAXS, MINS, 0, MINN, 0},
        {SUB, RNE, MINN, MINS, 0, MAXS, 0},
        /* cancellation: (1 + 2^-23) - 1 = 2^-23 */
        {SUB, RNE, 0x3F800001, ONE, 0, 0x34000000, 0},
        /* far-apart operands: the small one only sets the sticky bit */
        {ADD, RNE, ONE, MINS, 0, ONE, NX},
        {ADD, RUP, ONE, MINS, 0, 0x3F800001, NX},
        {SUB, RTZ, ONE, MINS, 0, 0x3F7FFFFF, NX},
        {SUB, RNE, ONE, MINS, 0, ONE, NX},
    };
    RUN_VECS(c, v);
}

static void f32_mul(check_ctx *c)
{
    static const ar_vec v[] = {
        {MUL, RNE, TWO, 0x40400000, 0, 0x40C00000, 0},   /* 2 * 3 = 6 */
        {MUL, RNE, PZ, MONE, 0, NZ, 0},
        {MUL, RNE, NZ, NZ, 0, PZ, 0},
        {MUL, RNE, PINF, PZ, 0, QNAN, NV},
        {MUL, RNE, NZ, NINF, 0, QNAN, NV},
        {MUL, RNE, NINF, 0xC0000000, 0, PINF, 0},
        {MUL, RNE, SNAN, PZ, 0, QNAN, 0},                /* NaN wins, no NV */
        /* 2^-75 * 2^-75 = 2^-150: half the min subnormal */
        {MUL, RNE, 0x1A000000, 0x1A000000, 0, PZ, UF | NX},
        {MUL, RUP, 0x1A000000, 0x1A000000, 0, MINS, UF | NX},
        {MUL, RMM, 0x1A000000, 0x1A000000, 0, MINS, UF | NX},
        {MUL, RDN, 0x9A000000, 0x1A000000, 0, 0x80000001, UF | NX},
        {MUL, RTZ, 0x9A000000, 0x1A000000, 0, NZ, UF | NX},
        /* exact subnormal product: no UF */
        {MUL, RNE, 0x00000004, 0x3F000000, 0, 0x00000002, 0},
        /* 2^-126 * (1 - 2^-24) = 2^-126 - 2^-150 has 24 significant bits:
         * gradual rounding gives 2^-126 (tie, even), but with an unbounded
         * exponent it is exact and below 2^-126, so it is tiny: UF|NX */
        {MUL, RNE, MINN, 0x3F7FFFFF, 0, MINN, UF | NX},
        {MUL, RTZ, MINN, 0x3F7FFFFF, 0, MAXS, UF | NX},
        /* 1801*2^-10 * 18631*2^-141 = (2^25 - 1) * 2^-151 = 2^-126 - 2^-151:
         * 24-bit rounding with an unbounded exponent ties up to 2^-126, so
         * it is not tiny: NX only */
        {MUL, RNE, 0x3FE12000, 0x0048C700, 0, MINN, NX},
        {MUL, RTZ, 0x3FE12000, 0x0048C700, 0, MAXS, UF | NX},
        /* 2^100 * 2^100 overflows */
        {MUL, RNE, 0x71800000, 0x71800000, 0, PINF, OF | NX},
        {MUL, RTZ, 0x71800000, 0x71800000, 0, MAXF, OF | NX},
        {MUL, RDN, 0xF1800000, 0x71800000, 0, NINF, OF | NX},
        {MUL, RUP, 0xF1800000, 0x71800000, 0, 0xFF7FFFFF, OF | NX},
        /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 */
        {MUL, RNE, 0x3F800001, 0x3F800001, 0, 0x3F800002, NX},
        {MUL, RUP, 0x3F800001, 0x3F800001, 0, 0x3F800003, NX},
    };
    RUN_VECS(c, v);
}

static void f32_div(check_ctx *c)
{
    static const ar_vec v[] = {
        {DIV, RNE, 0x40C00000, 0x40400000, 0, TWO, 0},   /* 6 / 3 */
        {DIV, RNE, ONE, 0x40400000, 0, 0x3EAAAAAB, NX},  /* 1/3 */
        {DIV, RTZ, ONE, 0x40400000, 0, 0x3EAAAAAA, NX},
        {DIV, RDN, ONE, 0x40400000, 0, 0x3EAAAAAA, NX},
        {DIV, RUP, ONE, 0x40400000, 0, 0x3EAAAAAB, NX},
        {DIV, RDN, MONE, 0x40400000, 0, 0xBEAAAAAB, NX},
        {DIV, RNE, ONE, PZ, 0, PINF, DZ},
        {DIV, RNE, MONE, PZ, 0, NINF, DZ},
        {DIV, RNE, ONE, NZ, 0, NINF, DZ},
        {DIV, RNE, PZ, PZ, 0, QNAN, NV},
        {DIV, RNE, PINF, NINF, 0, QNAN, NV},
        {DIV, RNE, PINF, PZ, 0, PINF, 0},                 /* Inf / 0: no DZ */
        {DIV, RNE, PZ, NINF, 0, NZ, 0},
        {DIV, RNE, ONE, PINF, 0, PZ, 0},
        {DIV, RNE, NZ, ONE, 0, NZ, 0},
        {DIV, RNE, QNAN, PZ, 0, QNAN, 0},                 /* NaN first: no DZ */
        {DIV, RNE, MINN, TWO, 0, 0x00400000, 0},          /* exact subnormal */
        {DIV, RNE, MINS, TWO, 0, PZ, UF | NX},            /* tie -> 0 */
        {DIV, RUP, MINS, TWO, 0, MINS, UF | NX},
        {DIV, RNE, MINS, 0x3F000000, 0, 0x00000002, 0},   /* / 0.5 */
        {DIV, RNE, MAXF, 0x3F000000, 0, PINF, OF | NX},
        {DIV, RTZ, MAXF, 0x3F000000, 0, MAXF, OF | NX},
        {DIV, RNE, MAXS, MAXF, 0, PZ, UF | NX},
        {DIV, RNE, MINS, MAXS, 0, 0x34000001, NX},        /* 1/(2^23-1) */
    };
    RUN_VECS(c, v);
}

static void f32_fma(check_ctx *c)
{
    static const ar_vec v[] = {
        {FMA, RNE, TWO, 0x40400000, ONE, 0x40E00000, 0},  /* 2*3 + 1 = 7 */
        /* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46: a separate multiply would
         * round the product to 1 and return 0 */
        {FMA, RNE, 0x3F800001, 0x3F7FFFFE, MONE, 0xA8800000, 0},
        {FMA, RNE, ONE, ONE, MONE, PZ, 0},
        {FMA, RDN, ONE, ONE, MONE, NZ, 0},
        {FMA, RNE, PZ, ONE, NZ, PZ, 0},
        {FMA, RDN, PZ, ONE, NZ, NZ, 0},
        {FMA, RNE, NZ, ONE, NZ, NZ, 0},
        {FMA, RNE, PZ, MONE, PZ, PZ, 0},
        {FMA, RNE, PZ, ONE, 0x40400000, 0x40400000, 0},   /* 0*1 + 3 */
        {FMA, RNE, PINF, PZ, QNAN, QNAN, NV},             /* Inf*0 + NaN: NV */
        {FMA, RNE, PZ, NINF, ONE, QNAN, NV},
        {FMA, RNE, QNAN, PZ, PINF, QNAN, 0},              /* NaN operand: no NV */
        {FMA, RNE, PINF, ONE, QNAN, QNAN, 0},
        {FMA, RNE, PINF, ONE, NINF, QNAN, NV},
        {FMA, RNE, PINF, MONE, NINF, NINF, 0},
        {FMA, RNE, ONE, ONE, NINF, NINF, 0},
        {FMA, RNE, SNAN, ONE, ONE, QNAN, 0},
        /* a tiny product only contributes a sticky bit */
        {FMA, RNE, 0x0D800000, 0x0D800000, ONE, ONE, NX}, /* 2^-200 + 1 */
        {FMA, RUP, 0x0D800000, 0x0D800000, ONE, 0x3F800001, NX},
        {FMA, RDN, 0x8D800000, 0x0D800000, ONE, 0x3F7FFFFF, NX},
        {FMA, RTZ, 0x8D800000, 0x0D800000, ONE, 0x3F7FFFFF, NX},
        /* no intermediate overflow: max*2 - max = max */
        {FMA, RNE, MAXF, TWO, 0xFF7FFFFF, MAXF, 0},
        {FMA, RNE, MAXF, TWO, PZ, PINF, OF | NX},
        /* product exactly underflows to half the min subnormal, c = 0 */
        {FMA, RNE, 0x1A000000, 0x1A000000, NZ, PZ, UF | NX},
        {FMA, RUP, 0x1A000000, 0x1A000000, PZ, MINS, UF | NX},
        /* huge addend, tiny product */
        {FMA, RNE, MINS, MINS, MAXF, MAXF, NX},
    };
    RUN_VECS(c, v);
}

static void f32_min_max_lt(check_ctx *c)
{
    CHECK_EQ_U32(c, mosaic_f32_max(ONE, QNAN), ONE, "max(1, NaN)");
    CHECK_EQ_U32(c, mosaic_f32_max(SNAN, TWO), TWO, "max(sNaN, 2)");
    CHECK_EQ_U32(c, mosaic_f32_min(NNAN, MONE), MONE, "min(-NaN, -1)");
    CHECK_EQ_U32(c, mosaic_f32_max(QNAN, NNAN), QNAN, "max(NaN, NaN)");
    CHECK_EQ_U32(c, mosaic_f32_min(NNAN, 0xFFC00002), QNAN, "min(NaN, NaN) canonical");
    CHECK_EQ_U32(c, mosaic_f32_max(NZ, PZ), PZ, "max(-0, +0)");
    CHECK_EQ_U32(c, mosaic_f32_max(PZ, NZ), PZ, "max(+0, -0)");
    CHECK_EQ_U32(c, mosaic_f32_min(PZ, NZ), NZ, "min(+0, -0)");
    CHECK_EQ_U32(c, mosaic_f32_min(NZ, PZ), NZ, "min(-0, +0)");
    CHECK_EQ_U32(c, mosaic_f32_max(MONE, 0xC0000000), MONE, "max(-1, -2)");
    CHECK_EQ_U32(c, mosaic_f32_min(MONE, 0xC0000000), 0xC0000000, "min(-1, -2)");
    CHECK_EQ_U32(c, mosaic_f32_min(NINF, 0x40400000), NINF, "min(-Inf, 3)");
    CHECK_EQ_U32(c, mosaic_f32_max(PINF, MAXF), PINF, "max(Inf, max)");
    CHECK_EQ_U32(c, mosaic_f32_max(MINS, PZ), MINS, "max(min sub, 0)");
    CHECK_EQ_U32(c, mosaic_f32_min(0x80000001, PZ), 0x80000001, "min(-min sub, 0)");

    CHECK(c, mosaic_f32_lt(ONE, TWO), "1 < 2");
    CHECK(c, !mosaic_f32_lt(TWO, ONE), "!(2 < 1)");
    CHECK(c, !mosaic_f32_lt(ONE, ONE), "!(1 < 1)");
    CHECK(c, !mosaic_f32_lt(NZ, PZ), "!(-0 < +0)");
    CHECK(c, !mosaic_f32_lt(PZ, NZ), "!(+0 < -0)");
    CHECK(c, !mosaic_f32_lt(QNAN, ONE) && !mosaic_f32_lt(ONE, QNAN), "NaN unordered");
    CHECK(c, !mosaic_f32_lt(NNAN, PINF), "-NaN unordered");
    CHECK(c, mosaic_f32_lt(NINF, 0xFF7FFFFF), "-Inf < -max");
    CHECK(c, mosaic_f32_lt(MONE, 0xBF000000), "-1 < -0.5");
    CHECK(c, !mosaic_f32_lt(0xBF000000, MONE), "!(-0.5 < -1)");
    CHECK(c, !mosaic_f32_lt(MINS, PZ), "!(min sub < 0)");
    CHECK(c, mosaic_f32_lt(0x80000001, PZ), "-min sub < 0");
    CHECK(c, mosaic_f32_lt(MAXF, PINF), "max < Inf");
}

static void f32_null_flags(check_ctx *c)
{
    CHECK_EQ_U32(c, mosaic_f32_add(MAXF, MAXF, RNE, NULL), PINF, "add");
    CHECK_EQ_U32(c, mosaic_f32_mul(PINF, PZ, RNE, NULL), QNAN, "mul");
    CHECK_EQ_U32(c, mosaic_f32_div(ONE, PZ, RNE, NULL), PINF, "div");
    CHECK_EQ_U32(c, mosaic_f32_fma(ONE, ONE, ONE, RNE, NULL), TWO, "fma");
    CHECK_EQ_U32(c, mosaic_f32_sub(ONE, ONE, RNE, NULL), PZ, "sub");
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, f32_add_sub);
    RUN(&c, f32_mul);
    RUN(&c, f32_div);
    RUN(&c, f32_fma);
    RUN(&c, f32_min_max_lt);
    RUN(&c, f32_null_flags);
    return check_exit(&c);
}
