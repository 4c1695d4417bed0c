/* mosaic-tact-acc: measure the accuracy of the golden model's tact
 * algorithms against a double-precision reference. A benchmark, not a test
 * (the bounds that gate regressions live in tests/test_tact.c); its output
 * is published in docs/numerics.md, "tact algorithms". Host double and libm
 * appear here only in the REFERENCE, never in the algorithms measured. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tu_internal.h"

static const char USAGE[] =
    "usage: mosaic-tact-acc [--func NAME] [--samples N] [--seed S] [--exhaustive]\n"
    "Measure the ulp error of the golden tact algorithms against a double-precision\n"
    "reference, per function and per sampling of the function's input range:\n"
    "  bits     FP32 bit patterns uniform over the range (every binade alike)\n"
    "  uniform  real values uniform over the range, rounded to FP32\n"
    "  --func NAME    relu, gelu, silu, exp, recip or all (default all)\n"
    "  --samples N    inputs per function and sampling, 1..2^40 (default 10000000)\n"
    "  --seed S       random seed, unsigned 64-bit (default 1)\n"
    "  --exhaustive   instead of sampling, every FP32 pattern in fixed ranges per\n"
    "                 function (minutes: exp, silu, gelu each ~3e8 patterns)\n"
    "Error of y at input x: |y - ref(x)| / ulp(ref(x)), ulp(v) = 2^(max(e,-126)-23)\n"
    "for 2^e <= |v| < 2^(e+1), measured in double; an infinite y is correct when\n"
    "ref(x) rounds to infinity in FP32 and counted in `inf` otherwise. Columns:\n"
    "normal-result max/mean ulp (with the x of the max), subnormal-result max ulp,\n"
    "wrong infinities, and the share of results equal to the reference rounded to FP32.\n"
    "Exit status: 0, or 2 on a usage error (one line on stderr).\n";

typedef struct {
    float lo, hi;
} range;

typedef struct {
    const char *name;
    unsigned func;
    range sample;        /* sampled input range */
    range every[4];      /* --exhaustive ranges (unused entries zero) */
} func_desc;

/* Sampled ranges cover every input whose result is neither a clamp
 * constant nor trivially x: beyond them the algorithms return fixed values
 * that the tests check exactly. recip and relu take every finite value.
 * The exhaustive ranges leave out |x| < 2^-12, where exp, silu and gelu are
 * 1 + x, x/2 + x^2/4 and x/2 + 0.4 x^2 to within an ulp (the sampled runs
 * cover it), and measure recip on the binades [1,2] (both signs) and on the
 * top binades whose reciprocals are subnormal. */
#define TINY 0x1p-12f
#define FMAX 3.4028235e38f
static const func_desc FUNCS[] = {
    {"relu", 0, {-FMAX, FMAX}, {{-FMAX, FMAX}}},
    {"gelu", 1, {-16.0f, 16.0f}, {{-16.0f, -TINY}, {TINY, 16.0f}}},
    {"silu", 2, {-128.0f, 128.0f}, {{-128.0f, -TINY}, {TINY, 128.0f}}},
    {"exp", 3, {-104.0f, 89.0f}, {{-104.0f, -TINY}, {TINY, 89.0f}}},
    {"recip", 4, {-FMAX, FMAX}, {{-2.0f, -1.0f}, {1.0f, 2.0f}, {0x1p125f, FMAX}}},
};
#define NFUNCS (sizeof FUNCS / sizeof FUNCS[0])

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

/* Reference values in double: the functions as MINA-T defines them. */
static double reference(unsigned func, double x)
{
    switch (func) {
    case 0:
        return x > 0 ? x : 0.0;
    case 1: {
        /* 0.5 x (1 + tanh u). For u < -0.5, 1 + tanh u cancels (it is 0 in
         * double below u = -19, where gelu is still a normal FP32 number),
         * so use the identical 1 + tanh u = 2 e^(2u) / (1 + e^(2u)). */
        const double k = 0.79788456080286535588; /* sqrt(2/pi) */
        double u = k * (x + 0.044715 * x * x * x);
        if (u >= -0.5)
            return 0.5 * x * (1.0 + tanh(u));
        double e = exp(2.0 * u);
        return x * e / (1.0 + e);
    }
    case 2:
        return x / (1.0 + exp(-x));
    case 3:
        return exp(x);
    default:
        return 1.0 / x;
    }
}

/* FP32 ulp at a real value (double), per the usage text. */
static double ulp32(double v)
{
    int e;
    double m = frexp(fabs(v), &e); /* |v| = m 2^e, m in [0.5,1) */
    (void)m;
    e -= 1;                        /* 2^e <= |v| */
    if (v == 0 || e < -126)
        e = -126;
    return ldexp(1.0, e - 23);
}

/* The smallest |v| that rounds to FP32 infinity under RNE. */
#define OVF_LIMIT 3.4028235677973366e38 /* (2^128)(1 - 2^-25) */

typedef struct {
    uint64_t n, n_norm, n_inf, n_cr;
    double max_norm, sum_norm, max_sub;
    uint32_t at_norm, at_sub;
} stats;

static void measure(unsigned func, uint32_t xb, stats *st)
{
    unsigned flags = 0;
    uint32_t yb = mosaic_tact_f32(func, xb, &flags);
    double x = f_of(xb), y = f_of(yb), ref = reference(func, x);
    st->n++;
    if (yb == b_of((float)ref) || (isnan(ref) && isnan(y)))
        st->n_cr++;
    if (fabs(ref) >= OVF_LIMIT || isinf(y)) {
        if (!(fabs(ref) >= OVF_LIMIT && isinf(y) && (ref > 0) == (y > 0)))
            st->n_inf++;
        return;
    }
    double err = fabs(y - ref) / ulp32(ref);
    if (fabs(ref) >= 0x1p-126) {
        st->n_norm++;
        st->sum_norm += err;
        if (err > st->max_norm || st->n_norm == 1) {
            st->max_norm = err;
            st->at_norm = xb;
        }
    } else if (err > st->max_sub) {
        st->max_sub = err;
        st->at_sub = xb;
    }
}

/* splitmix64: a small deterministic generator, state owned by the caller. */
static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* FP32 patterns in [lo, hi] in value order map to a contiguous integer
 * range: key(b) = b for positives, -(b & 0x7FFFFFFF) for negatives
 * (so -0 and +0 share key 0; -0 is never drawn, +0 is). */
static int64_t key_of(float f)
{
    uint32_t b = b_of(f);
    return (b & 0x80000000u) ? -(int64_t)(b & 0x7FFFFFFFu) : (int64_t)b;
}

static uint32_t pattern_of(int64_t k)
{
    return k < 0 ? (uint32_t)(-k) | 0x80000000u : (uint32_t)k;
}

static void print_row(const func_desc *f, const char *how, range r, uint64_t samples,
                      const stats *st)
{
    printf("%-6s %-8s [%g, %g]  n=%llu  max %.3f ulp at x=0x%08x (%.9g)  mean %.4f ulp"
           "  subnormal-result max %.3f ulp  inf %llu  correctly rounded %.4f%%\n",
           f->name, how, (double)r.lo, (double)r.hi, (unsigned long long)samples,
           st->max_norm, (unsigned)st->at_norm, (double)f_of(st->at_norm),
           st->n_norm ? st->sum_norm / (double)st->n_norm : 0.0, st->max_sub,
           (unsigned long long)st->n_inf, 100.0 * (double)st->n_cr / (double)st->n);
    fflush(stdout);
}

static void run(const func_desc *f, uint64_t samples, uint64_t seed, int exhaustive)
{
    if (exhaustive) {
        for (size_t i = 0; i < 4 && f->every[i].lo != f->every[i].hi; i++) {
            stats st = {0};
            for (int64_t k = key_of(f->every[i].lo); k <= key_of(f->every[i].hi); k++)
                measure(f->func, pattern_of(k), &st);
            print_row(f, "every", f->every[i], st.n, &st);
        }
        return;
    }
    range r = f->sample;
    int64_t klo = key_of(r.lo), khi = key_of(r.hi);
    uint64_t s = seed ^ (0xA0761D6478BD642Full * (f->func + 1));
    stats sb = {0}, su = {0};
    uint64_t span = (uint64_t)(khi - klo + 1);
    for (uint64_t i = 0; i < samples; i++)
        measure(f->func, pattern_of(klo + (int64_t)(next_rand(&s) % span)), &sb);
    print_row(f, "bits", r, samples, &sb);
    for (uint64_t i = 0; i < samples; i++) {
        double u = (double)(next_rand(&s) >> 11) * 0x1p-53;
        double v = (double)r.lo + ((double)r.hi - (double)r.lo) * u;
        measure(f->func, b_of((float)v), &su);
    }
    print_row(f, "uniform", r, samples, &su);
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "mosaic-tact-acc: %s: %s (try --help)\n", what, arg);
    return 2;
}

static int parse_u64(const char *s, uint64_t *out)
{
    if (!s || *s < '0' || *s > '9')
        return -1;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t samples = 10000000, seed = 1;
    int exhaustive = 0;
    const char *func = "all";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            fputs(USAGE, stdout);
            return 0;
        } else if (!strcmp(a, "--exhaustive")) {
            exhaustive = 1;
        } else if (!strcmp(a, "--func") || !strcmp(a, "--samples") || !strcmp(a, "--seed")) {
            if (i + 1 >= argc)
                return usage_error("missing value for", a);
            const char *v = argv[++i];
            if (!strcmp(a, "--func")) {
                func = v;
            } else if (!strcmp(a, "--samples")) {
                if (parse_u64(v, &samples) || samples == 0 || samples > (1ull << 40))
                    return usage_error("bad --samples", v);
            } else if (parse_u64(v, &seed)) {
                return usage_error("bad --seed", v);
            }
        } else {
            return usage_error("unknown argument", a);
        }
    }
    int found = 0;
    for (size_t i = 0; i < NFUNCS; i++)
        if (!strcmp(func, "all") || !strcmp(func, FUNCS[i].name))
            found = 1;
    if (!found)
        return usage_error("unknown --func", func);
    if (exhaustive)
        printf("mosaic-tact-acc: every FP32 pattern in each range\n");
    else
        printf("mosaic-tact-acc: seed %llu, %llu samples per function and sampling\n",
               (unsigned long long)seed, (unsigned long long)samples);
    for (size_t i = 0; i < NFUNCS; i++)
        if (!strcmp(func, "all") || !strcmp(func, FUNCS[i].name))
            run(&FUNCS[i], samples, seed, exhaustive);
    return 0;
}
