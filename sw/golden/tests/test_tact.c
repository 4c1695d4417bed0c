/* tact algorithms (sw/golden/tact.c, docs/numerics.md "tact algorithms"):
 * special values and thresholds of every function, exp monotonicity, an
 * accuracy bound against a double-precision reference on a fast random
 * sample, and pinned bit patterns that make any change of an algorithm
 * (a spec change the RTL must follow) visible. Host double and libm are
 * used only for the reference. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tu_internal.h"

#define NX MOSAIC_FLAG_NX
#define UF MOSAIC_FLAG_UF
#define OF MOSAIC_FLAG_OF
#define DZ MOSAIC_FLAG_DZ

enum { RELU = 0, GELU = 1, SILU = 2, EXP = 3, RECIP = 4 };

#define PZ 0x00000000u
#define NZ 0x80000000u
#define ONE 0x3F800000u
#define PINF 0x7F800000u
#define NINF 0xFF800000u
#define QNAN 0x7FC00000u
#define MAXF 0x7F7FFFFFu
#define MINS 0x00000001u

/* Published accuracy bounds (ulp, see the reference and ulp definition in
 * docs/numerics.md): normal results, and subnormal results in units of
 * 2^-149. Measured maxima are lower; these bounds leave a margin for
 * inputs the sample misses, not for a worse algorithm. */
static const double BOUND_NORMAL[5] = {0.0, 3.5, 3.5, 1.0, 0.5};
static const double BOUND_SUBNORMAL[5] = {0.0, 2.0, 2.0, 1.0, 0.5};

static float f_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t b_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static uint32_t act(unsigned func, uint32_t x, unsigned *fl)
{
    *fl = 0;
    return mosaic_tact_f32(func, x, fl);
}

typedef struct {
    unsigned func;
    uint32_t x, want;
    unsigned flags;
} vec;

static void check_vecs(check_ctx *c, const vec *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned fl;
        uint32_t y = act(v[i].func, v[i].x, &fl);
        CHECK(c, y == v[i].want && fl == v[i].flags,
              "func %u x=0x%08x: got 0x%08x flags %#x, want 0x%08x flags %#x", v[i].func,
              (unsigned)v[i].x, (unsigned)y, fl, (unsigned)v[i].want, v[i].flags);
    }
}

/* The functions as MINA-T defines them, in double (same as
 * mosaic-tact-acc). gelu uses 1 + tanh u = 2e^2u/(1 + e^2u) where the tanh
 * form cancels. */
static double reference(unsigned func, double x)
{
    switch (func) {
    case RELU:
        return x > 0 ? x : 0.0;
    case GELU: {
        double u = 0.79788456080286535588 * (x + 0.044715 * x * x * x);
        if (u >= -0.5)
            return 0.5 * x * (1.0 + tanh(u));
        double e = exp(2.0 * u);
        return x * e / (1.0 + e);
    }
    case SILU:
        return x / (1.0 + exp(-x));
    case EXP:
        return exp(x);
    default:
        return 1.0 / x;
    }
}

static double ulp_err(uint32_t y, double ref, int *subnormal)
{
    int e;
    frexp(fabs(ref), &e);
    e -= 1;
    if (ref == 0 || e < -126)
        e = -126;
    *subnormal = fabs(ref) < 0x1p-126;
    return fabs((double)f_of(y) - ref) / ldexp(1.0, e - 23);
}

static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void tact_relu(check_ctx *c)
{
    static const vec v[] = {
        {RELU, PZ, PZ, 0},         {RELU, NZ, PZ, 0},          {RELU, ONE, ONE, 0},
        {RELU, 0xBF800000u, PZ, 0}, {RELU, PINF, PINF, 0},      {RELU, NINF, PZ, 0},
        {RELU, MINS, MINS, 0},     {RELU, 0x80000001u, PZ, 0}, {RELU, MAXF, MAXF, 0},
        {RELU, 0xFF7FFFFFu, PZ, 0}, {RELU, QNAN, QNAN, 0},      {RELU, 0x7F800001u, QNAN, 0},
        {RELU, 0xFFC01234u, QNAN, 0},
    };
    check_vecs(c, v, sizeof v / sizeof v[0]);
}

static void tact_recip(check_ctx *c)
{
    static const vec v[] = {
        {RECIP, PZ, PINF, DZ},
        {RECIP, NZ, NINF, DZ},
        {RECIP, PINF, PZ, 0},
        {RECIP, NINF, NZ, 0},
        {RECIP, QNAN, QNAN, 0},
        {RECIP, 0xFF800001u, QNAN, 0},
        {RECIP, 0x40000000u, 0x3F000000u, 0},      /* 1/2 */
        {RECIP, 0xC0400000u, 0xBEAAAAABu, NX},     /* 1/-3 */
        {RECIP, MINS, PINF, OF | NX},              /* 2^149 overflows */
        {RECIP, 0x00400000u, 0x7F000000u, 0},      /* 1/2^-127 = 2^127 */
        {RECIP, 0x00200000u, PINF, OF | NX},       /* 1/2^-128 overflows */
        {RECIP, MAXF, 0x00200000u, UF | NX},       /* subnormal result */
        {RECIP, 0x7F000000u, 0x00400000u, 0},      /* 1/2^127: exact subnormal */
    };
    check_vecs(c, v, sizeof v / sizeof v[0]);
    /* correctly rounded: equal to 1/x in double rounded to FP32 (double
     * rounding of a quotient from 53 to 24 bits is innocuous) */
    uint64_t s = 11;
    for (int i = 0; i < 100000; i++) {
        uint32_t x = (uint32_t)next_rand(&s);
        if ((x & 0x7FFFFFFFu) >= PINF)
            continue;
        unsigned fl;
        uint32_t y = act(RECIP, x, &fl);
        uint32_t want = b_of((float)(1.0 / (double)f_of(x)));
        CHECK(c, y == want, "recip 0x%08x: got 0x%08x want 0x%08x", (unsigned)x, (unsigned)y,
              (unsigned)want);
    }
}

static void tact_exp_specials(check_ctx *c)
{
    static const vec v[] = {
        {EXP, QNAN, QNAN, 0},
        {EXP, 0x7F800001u, QNAN, 0},       /* signaling: quiet, no NV */
        {EXP, 0xFFC00000u, QNAN, 0},
        {EXP, PINF, PINF, 0},
        {EXP, NINF, PZ, 0},
        {EXP, PZ, ONE, 0},                 /* exactly 1, no flags */
        {EXP, NZ, ONE, 0},
        {EXP, MINS, ONE, NX},              /* subnormal inputs: 1, inexact */
        {EXP, 0x807FFFFFu, ONE, NX},
        {EXP, 0x33000000u, ONE, NX},       /* 2^-25: 1 + 2^-25 rounds to 1 */
        /* 2^-24: e^x = 1 + 2^-24 + 2^-49 lies just above a midpoint; the
         * polynomial sees the midpoint itself and rounds to even, 1.0. Not
         * correctly rounded (error 0.50000001 ulp), but pinned. */
        {EXP, 0x33800000u, ONE, NX},
        {EXP, 0xB3800000u, 0x3F7FFFFFu, NX}, /* -2^-24 */
        {EXP, 0x3F800000u, 0x402DF854u, NX}, /* e */
        {EXP, 0xBF800000u, 0x3EBC5AB2u, NX}, /* 1/e */
        {EXP, MAXF, PINF, OF | NX},
        {EXP, 0xFF7FFFFFu, PZ, UF | NX},
    };
    check_vecs(c, v, sizeof v / sizeof v[0]);
}

/* The clamp constants sit exactly at the correctly rounded transitions:
 * EXP_XMAX = 0x42B17217 is the largest x with a finite result, EXP_XMIN =
 * 0xC2CFF1B4 the smallest x with a nonzero one, and around ln(2^-126) the
 * results cross from subnormal to normal. */
static void tact_exp_thresholds(check_ctx *c)
{
    unsigned fl;
    uint32_t y = act(EXP, 0x42B17217u, &fl);
    CHECK(c, y < PINF && y > 0x7F7F0000u && fl == NX, "exp(XMAX) = 0x%08x flags %#x",
          (unsigned)y, fl);
    y = act(EXP, 0x42B17218u, &fl);
    CHECK(c, y == PINF && fl == (OF | NX), "exp(XMAX+) = 0x%08x flags %#x", (unsigned)y, fl);
    y = act(EXP, 0xC2CFF1B4u, &fl);
    CHECK(c, y == MINS && fl == (UF | NX), "exp(XMIN) = 0x%08x flags %#x", (unsigned)y, fl);
    y = act(EXP, 0xC2CFF1B5u, &fl);
    CHECK(c, y == PZ && fl == (UF | NX), "exp(XMIN-) = 0x%08x flags %#x", (unsigned)y, fl);
    /* every pattern within 64 ulps of each clamp matches the reference */
    static const uint32_t centers[] = {0x42B17217u, 0xC2CFF1B4u, 0xC2AEAC50u /* ln 2^-126 */};
    for (size_t k = 0; k < sizeof centers / sizeof centers[0]; k++)
        for (uint32_t x = centers[k] - 64; x <= centers[k] + 64; x++) {
            double ref = exp((double)f_of(x));
            y = act(EXP, x, &fl);
            if (ref >= 3.4028235677973366e38) {
                CHECK(c, y == PINF, "exp(0x%08x) = 0x%08x want Inf", (unsigned)x, (unsigned)y);
                continue;
            }
            int sub;
            double err = ulp_err(y, ref, &sub);
            CHECK(c, err <= (sub ? BOUND_SUBNORMAL[EXP] : BOUND_NORMAL[EXP]),
                  "exp(0x%08x) = 0x%08x: %.3f ulp", (unsigned)x, (unsigned)y, err);
            CHECK(c, ((fl & UF) != 0) == ((y & PINF) == 0) && (fl & NX),
                  "exp(0x%08x) flags %#x", (unsigned)x, fl);
        }
}

/* exp is monotonic: checked on every pattern of windows around each
 * change of n (where the polynomial's argument jumps from +ln2/2 to
 * -ln2/2 and the result's binade changes), and on a stride through the
 * whole range. Patterns are compared in value order. */
static void tact_exp_monotonic(check_ctx *c)
{
    unsigned fl;
    for (int n = -150; n <= 127; n++) {
        uint32_t mid = b_of((float)((n + 0.5) * 0.69314718055994530942));
        uint32_t lo_b = mid - 256, hi_b = mid + 256;
        bool neg = (mid & 0x80000000u) != 0;
        if ((mid & 0x7FFFFFFFu) < 0x3F000000u)
            continue; /* |x| < 0.5: n = 0 or +-1 boundaries handled below */
        uint32_t prev = 0;
        for (uint32_t i = 0; i <= hi_b - lo_b; i++) {
            /* value order: negative patterns descend */
            uint32_t x = neg ? hi_b - i : lo_b + i;
            uint32_t y = act(EXP, x, &fl);
            CHECK(c, y >= prev, "exp not monotonic at x=0x%08x: 0x%08x < 0x%08x", (unsigned)x,
                  (unsigned)y, (unsigned)prev);
            prev = y;
        }
    }
    /* +-ln2/2 boundaries and a stride through [XMIN, XMAX] */
    uint32_t prev = 0;
    for (uint32_t m = 0xC2CFF1B4u; m > 0x80000000u; m -= (m > 0xBF000000u ? 101 : 4999)) {
        uint32_t y = act(EXP, m, &fl);
        CHECK(c, y >= prev, "exp not monotonic at x=0x%08x", (unsigned)m);
        prev = y;
    }
    for (uint32_t m = 0; m <= 0x42B17217u; m += (m < 0x3F000000u ? 4999 : 101)) {
        uint32_t y = act(EXP, m, &fl);
        CHECK(c, y >= prev, "exp not monotonic at x=0x%08x", (unsigned)m);
        prev = y;
    }
}

static void tact_silu_specials(check_ctx *c)
{
    static const vec v[] = {
        {SILU, QNAN, QNAN, 0},
        {SILU, 0xFF800001u, QNAN, 0},
        {SILU, PINF, PINF, 0},
        {SILU, NINF, NZ, 0},               /* limit from below */
        {SILU, PZ, PZ, 0},
        {SILU, NZ, NZ, 0},
        {SILU, MAXF, MAXF, NX},            /* x / (1 + e^-x) rounds to x */
        {SILU, 0x42F00000u, 0x42F00000u, NX}, /* 120: computed */
        {SILU, 0x42F00001u, 0x42F00001u, NX}, /* beyond the clamp */
        {SILU, 0xC2F00000u, NZ, UF | NX},  /* -120: computed, underflows */
        {SILU, 0xC2F00001u, NZ, UF | NX},  /* beyond the clamp */
        {SILU, 0xFF7FFFFFu, NZ, UF | NX},
        {SILU, 0xC3000000u, NZ, UF | NX},  /* -128: |x| e^x < 2^-150 */
        {SILU, 0x00000002u, MINS, UF | NX}, /* 2^-148 / 2 */
        {SILU, 0x80000002u, 0x80000001u, UF | NX},
        {SILU, 0x00000001u, PZ, UF | NX},  /* 2^-149 / 2 ties to even: 0 */
        {SILU, 0x3F800000u, 0x3F3B26A8u, NX}, /* silu(1) = 0.731058578... */
    };
    check_vecs(c, v, sizeof v / sizeof v[0]);
    /* the t < 0 branch keeps tiny results accurate down to the last
     * subnormal: silu(x) for x in [-110, -85] against the reference */
    for (uint32_t x = 0xC2AA0000u; x <= 0xC2DC0000u; x += 0x1000u) {
        unsigned fl;
        uint32_t y = act(SILU, x, &fl);
        int sub;
        double err = ulp_err(y, reference(SILU, f_of(x)), &sub);
        CHECK(c, err <= (sub ? BOUND_SUBNORMAL[SILU] : BOUND_NORMAL[SILU]),
              "silu(0x%08x) = 0x%08x: %.3f ulp", (unsigned)x, (unsigned)y, err);
    }
}

static void tact_gelu_specials(check_ctx *c)
{
    static const vec v[] = {
        {GELU, QNAN, QNAN, 0},
        {GELU, 0x7FA00000u, QNAN, 0},
        {GELU, PINF, PINF, 0},
        {GELU, NINF, NZ, 0},
        {GELU, PZ, PZ, 0},
        {GELU, NZ, NZ, 0},
        {GELU, 0x41800000u, 0x41800000u, NX}, /* 16: clamp, = x */
        {GELU, 0xC1800000u, NZ, UF | NX},     /* -16: clamp, -0 */
        {GELU, 0x417FFFFFu, 0x417FFFFFu, NX}, /* just below 16: computed, = x */
        {GELU, 0xC17FFFFFu, NZ, UF | NX},     /* computed, underflows to -0 */
        {GELU, MAXF, MAXF, NX},
        {GELU, 0xFF7FFFFFu, NZ, UF | NX},
        {GELU, 0x00000002u, MINS, UF | NX},   /* ~ x/2 */
        {GELU, 0x80000002u, 0x80000001u, UF | NX},
        {GELU, 0x3F800000u, 0x3F57585Cu, NX}, /* gelu(1) = 0.841191990... */
    };
    check_vecs(c, v, sizeof v / sizeof v[0]);
    /* deep negative tail, where 2u must be carried in two parts: every
     * normal or subnormal result down to the underflow to -0 */
    for (uint32_t x = 0xC0400000u; x <= 0xC1300000u; x += 0x800u) {
        unsigned fl;
        uint32_t y = act(GELU, x, &fl);
        int sub;
        double err = ulp_err(y, reference(GELU, f_of(x)), &sub);
        CHECK(c, err <= (sub ? BOUND_SUBNORMAL[GELU] : BOUND_NORMAL[GELU]),
              "gelu(0x%08x) = 0x%08x: %.3f ulp", (unsigned)x, (unsigned)y, err);
    }
}

/* 10^5 inputs per function: half uniform over the FP32 patterns of the
 * range, half uniform in value; every result within the published bound
 * and with consistent flags. */
static void tact_accuracy(check_ctx *c)
{
    static const struct {
        unsigned func;
        float lo, hi;
    } R[] = {{GELU, -16.0f, 16.0f}, {SILU, -128.0f, 128.0f}, {EXP, -104.0f, 89.0f}};
    for (size_t k = 0; k < sizeof R / sizeof R[0]; k++) {
        uint64_t s = 1234 + k;
        double worst = 0;
        for (int i = 0; i < 100000; i++) {
            float xf;
            if (i & 1) {
                double u = (double)(next_rand(&s) >> 11) * 0x1p-53;
                xf = (float)(R[k].lo + (R[k].hi - R[k].lo) * u);
            } else {
                /* a pattern of either sign with magnitude up to |lo| or hi */
                uint32_t b = (uint32_t)next_rand(&s);
                uint32_t lim = b_of((b & 0x80000000u) ? -R[k].lo : R[k].hi);
                xf = f_of((b & 0x80000000u) | ((b & 0x7FFFFFFFu) % (lim + 1)));
            }
            uint32_t x = b_of(xf);
            unsigned fl;
            uint32_t y = act(R[k].func, x, &fl);
            double ref = reference(R[k].func, xf);
            if (fabs(ref) >= 3.4028235677973366e38) { /* rounds to Inf */
                CHECK(c, (y & 0x7FFFFFFFu) == PINF && fl == (OF | NX),
                      "func %u x=0x%08x: got 0x%08x flags %#x, want Inf", R[k].func,
                      (unsigned)x, (unsigned)y, fl);
                continue;
            }
            int sub;
            double err = ulp_err(y, ref, &sub);
            double bound = sub ? BOUND_SUBNORMAL[R[k].func] : BOUND_NORMAL[R[k].func];
            if (!sub && err > worst)
                worst = err;
            CHECK(c, err <= bound, "func %u x=0x%08x (%.9g): got 0x%08x, ref %.12g, %.3f ulp",
                  R[k].func, (unsigned)x, (double)xf, (unsigned)y, ref, err);
            CHECK(c, (fl & ~(NX | UF)) == 0 && (((fl & UF) != 0) == ((fl & NX) && !(y & PINF))),
                  "func %u x=0x%08x flags %#x", R[k].func, (unsigned)x, fl);
        }
        printf("# func %u: max %.3f ulp on the sample\n", R[k].func, worst);
    }
}

/* Pinned outputs of the current algorithms. A change here is a change of
 * the specification: update docs/numerics.md and the RTL with it. */
static void tact_pinned(check_ctx *c)
{
    static const vec v[] = {
        {GELU, 0xC12CCCCDu, 0x80000000u, UF | NX}, /* -10.8000002 */
        {GELU, 0xC1280000u, 0x80000212u, UF | NX}, /* -10.5 */
        {GELU, 0xC1200000u, 0x8223E47Eu, NX}, /* -10 */
        {GELU, 0xC1100000u, 0x91296A97u, NX}, /* -9 */
        {GELU, 0xC0E00000u, 0xA726D85Fu, NX}, /* -7 */
        {GELU, 0xC0A00000u, 0xB476146Au, NX}, /* -5 */
        {GELU, 0xC0400000u, 0xBB6E6151u, NX}, /* -3 */
        {GELU, 0xBFC00000u, 0xBDCDAD6Bu, NX}, /* -1.5 */
        {GELU, 0xBF000000u, 0xBE1DFD26u, NX}, /* -0.5 */
        {GELU, 0xBA83126Fu, 0xBA02F7A9u, NX}, /* -0.00100000005 */
        {GELU, 0x3A83126Fu, 0x3A032D35u, NX}, /* 0.00100000005 */
        {GELU, 0x3F000000u, 0x3EB1016Du, NX}, /* 0.5 */
        {GELU, 0x3FC00000u, 0x3FB32529u, NX}, /* 1.5 */
        {GELU, 0x40400000u, 0x403FC468u, NX}, /* 3 */
        {GELU, 0x40A00000u, 0x40A00000u, NX}, /* 5 */
        {GELU, 0x41200000u, 0x41200000u, NX}, /* 10 */
        {SILU, 0xC2DC0000u, 0x80000000u, UF | NX}, /* -110 */
        {SILU, 0xC2D20000u, 0x80000013u, UF | NX}, /* -105 */
        {SILU, 0xC2BE0000u, 0x8005B61Au, UF | NX}, /* -95 */
        {SILU, 0xC2B00000u, 0x83354DDCu, NX}, /* -88 */
        {SILU, 0xC2480000u, 0x9E362A50u, NX}, /* -50 */
        {SILU, 0xC1A00000u, 0xB3310D40u, NX}, /* -20 */
        {SILU, 0xC0A00000u, 0xBD0911D0u, NX}, /* -5 */
        {SILU, 0xBFC00000u, 0xBE8C1A51u, NX}, /* -1.5 */
        {SILU, 0xBF000000u, 0xBE414D03u, NX}, /* -0.5 */
        {SILU, 0xBA83126Fu, 0xBA0301A7u, NX}, /* -0.00100000005 */
        {SILU, 0x3A83126Fu, 0x3A032336u, NX}, /* 0.00100000005 */
        {SILU, 0x3F000000u, 0x3E9F597Fu, NX}, /* 0.5 */
        {SILU, 0x3FC00000u, 0x3F9CF96Bu, NX}, /* 1.5 */
        {SILU, 0x40A00000u, 0x409EEDDCu, NX}, /* 5 */
        {SILU, 0x41A00000u, 0x41A00000u, NX}, /* 20 */
        {SILU, 0x42C80000u, 0x42C80000u, NX}, /* 100 */
        {EXP, 0xC2CF0000u, 0x00000001u, UF | NX}, /* -103.5 */
        {EXP, 0xC2C80000u, 0x0000001Bu, UF | NX}, /* -100 */
        {EXP, 0xC2B40000u, 0x0008EC28u, UF | NX}, /* -90 */
        {EXP, 0xC2AECCCDu, 0x00782140u, UF | NX}, /* -87.4000015 */
        {EXP, 0xC2AE999Au, 0x0084C38Bu, NX}, /* -87.3000031 */
        {EXP, 0xC2480000u, 0x1B692BEBu, NX}, /* -50 */
        {EXP, 0xC1200000u, 0x383E6BCEu, NX}, /* -10 */
        {EXP, 0xBFC00000u, 0x3E647C3Cu, NX}, /* -1.5 */
        {EXP, 0xBEB1719Fu, 0x3F35051Eu, NX}, /* -0.346569985 */
        {EXP, 0xBDCCCCCDu, 0x3F67A36Du, NX}, /* -0.100000001 */
        {EXP, 0x3A83126Fu, 0x3F8020C9u, NX}, /* 0.00100000005 */
        {EXP, 0x3EB1758Eu, 0x3FB5062Cu, NX}, /* 0.346599996 */
        {EXP, 0x3F000000u, 0x3FD3094Cu, NX}, /* 0.5 */
        {EXP, 0x40200000u, 0x4142EB7Fu, NX}, /* 2.5 */
        {EXP, 0x41200000u, 0x46AC14EFu, NX}, /* 10 */
        {EXP, 0x4229AE14u, 0x5E12F19Fu, NX}, /* 42.4199982 */
        {EXP, 0x42A00000u, 0x792ABBCEu, NX}, /* 80 */
        {EXP, 0x42B16666u, 0x7F7A37FCu, NX}, /* 88.6999969 */
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        unsigned fl;
        uint32_t y = act(v[i].func, v[i].x, &fl);
        CHECK(c, y == v[i].want && fl == v[i].flags,
              "func %u x=0x%08x: got 0x%08x flags %#x, pinned 0x%08x flags %#x", v[i].func,
              (unsigned)v[i].x, (unsigned)y, fl, (unsigned)v[i].want, v[i].flags);
    }
}

static void tact_misc(check_ctx *c)
{
    /* flags may be NULL; reserved func codes give the canonical NaN */
    CHECK_EQ_U32(c, mosaic_tact_f32(EXP, PZ, NULL), ONE, "exp(0), NULL flags");
    CHECK_EQ_U32(c, mosaic_tact_f32(RECIP, PZ, NULL), PINF, "recip(0), NULL flags");
    for (unsigned f = 5; f < 8; f++) {
        unsigned fl = 0;
        CHECK_EQ_U32(c, mosaic_tact_f32(f, ONE, &fl), QNAN, "reserved func");
        CHECK(c, fl == 0, "reserved func flags %#x", fl);
    }
    /* flags accumulate into the caller's word */
    unsigned fl = DZ;
    mosaic_tact_f32(EXP, ONE, &fl);
    CHECK(c, fl == (DZ | NX), "accumulated flags %#x", fl);
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, tact_relu);
    RUN(&c, tact_recip);
    RUN(&c, tact_exp_specials);
    RUN(&c, tact_exp_thresholds);
    RUN(&c, tact_exp_monotonic);
    RUN(&c, tact_silu_specials);
    RUN(&c, tact_gelu_specials);
    RUN(&c, tact_accuracy);
    RUN(&c, tact_pinned);
    RUN(&c, tact_misc);
    return check_exit(&c);
}
