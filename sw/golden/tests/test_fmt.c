/* Hand-derived spec vectors for format metadata and conversions.
 *
 * Every expected pattern and flag set below was worked out by hand from the
 * rules in docs/numerics.md (comments give the derivation where it is not
 * obvious); none was produced by running the implementation. */
#include <stddef.h>
#include <stdint.h>

#include "check.h"
#include "mosaic_fmt.h"

#define F32 MOSAIC_FMT_FP32
#define F16 MOSAIC_FMT_FP16
#define B16 MOSAIC_FMT_BF16
#define T32 MOSAIC_FMT_TF32
#define E4 MOSAIC_FMT_E4M3
#define E5 MOSAIC_FMT_E5M2
#define F4 MOSAIC_FMT_FP4
#define I8 MOSAIC_FMT_INT8
#define I16 MOSAIC_FMT_INT16
#define I32 MOSAIC_FMT_INT32

#define RNE MOSAIC_RM_RNE
#define RTZ MOSAIC_RM_RTZ
#define RDN MOSAIC_RM_RDN
#define RUP MOSAIC_RM_RUP
#define RMM MOSAIC_RM_RMM

#define NX MOSAIC_FLAG_NX
#define UF MOSAIC_FLAG_UF
#define OF MOSAIC_FLAG_OF
#define NV MOSAIC_FLAG_NV
#define SAT MOSAIC_FLAG_SAT

/* option bits of a vector */
#define SATO 1u /* fp8_sat */
#define SUBO 2u /* subnormals */
#define WRAP 4u /* int_wrap */

typedef struct {
    mosaic_fmt from, to;
    mosaic_rm rm;
    unsigned opt;
    uint32_t in, want;
    unsigned flags;
} cvt_vec;

static void run_vecs(check_ctx *c, const cvt_vec *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        mosaic_cvt_opts o = mosaic_cvt_default();
        o.rm = v[i].rm;
        o.fp8_sat = v[i].opt & SATO;
        o.subnormals = v[i].opt & SUBO;
        o.int_wrap = v[i].opt & WRAP;
        unsigned flags = 0;
        uint32_t got = mosaic_convert(v[i].from, v[i].to, v[i].in, &o, &flags);
        CHECK(c, got == v[i].want && flags == v[i].flags,
              "vector %zu: %s->%s rm=%d opt=%u in=0x%x: got 0x%x flags 0x%x, want 0x%x flags 0x%x",
              i, mosaic_fmt_name(v[i].from), mosaic_fmt_name(v[i].to), (int)v[i].rm, v[i].opt,
              (unsigned)v[i].in, (unsigned)got, flags, (unsigned)v[i].want, v[i].flags);
    }
}

#define RUN_VECS(c, t) run_vecs(c, t, sizeof(t) / sizeof(t[0]))

static void fmt_metadata(check_ctx *c)
{
    static const char *const names[] = {"fp32", "fp16", "bf16", "e4m3", "e5m2",
                                        "int8", "fp4",  "int16", "int32", "tf32"};
    static const unsigned bits[] = {32, 16, 16, 8, 8, 8, 4, 16, 32, 32};
    static const uint32_t nans[] = {0x7FC00000u, 0x7E00u, 0x7FC0u, 0x7Fu, 0x7Eu,
                                    0, 0, 0, 0, 0x7FC00000u};
    for (unsigned f = 0; f < MOSAIC_FMT_COUNT; f++) {
        CHECK(c, mosaic_fmt_valid(f), "valid %u", f);
        CHECK(c, mosaic_fmt_parse(names[f]) == (int)f, "parse %s", names[f]);
        CHECK(c, mosaic_fmt_parse(mosaic_fmt_name((mosaic_fmt)f)) == (int)f, "name %u", f);
        CHECK_EQ_U32(c, mosaic_fmt_bits((mosaic_fmt)f), bits[f], names[f]);
        CHECK_EQ_U32(c, mosaic_fmt_canonical_nan((mosaic_fmt)f), nans[f], names[f]);
        bool is_int = f == I8 || f == I16 || f == I32;
        CHECK(c, mosaic_fmt_is_int((mosaic_fmt)f) == is_int, "is_int %s", names[f]);
        CHECK(c, mosaic_fmt_is_float((mosaic_fmt)f) == !is_int, "is_float %s", names[f]);
        if (nans[f])
            CHECK(c, mosaic_is_nan((mosaic_fmt)f, nans[f]), "canonical NaN is NaN %s", names[f]);
    }
    CHECK(c, !mosaic_fmt_valid(MOSAIC_FMT_COUNT), "code 10 invalid");
    CHECK(c, mosaic_fmt_parse("fp8") == -1, "unknown name");
    CHECK_EQ_U32(c, mosaic_fmt_mask(F4), 0xF, "fp4 mask");
    CHECK_EQ_U32(c, mosaic_fmt_mask(E4), 0xFF, "e4m3 mask");
    CHECK_EQ_U32(c, mosaic_fmt_mask(B16), 0xFFFF, "bf16 mask");
    CHECK_EQ_U32(c, mosaic_fmt_mask(I32), 0xFFFFFFFFu, "int32 mask");
    CHECK_EQ_U32(c, mosaic_fmt_mask(T32), 0xFFFFE000u, "tf32 mask");
    mosaic_cvt_opts d = mosaic_cvt_default();
    CHECK(c, d.rm == RNE && !d.fp8_sat && !d.subnormals && !d.int_wrap, "defaults");
}

static void fmt_nan_classes(check_ctx *c)
{
    /* E4M3: only S.1111.111 is NaN; S.1111.110 is 448. */
    CHECK(c, mosaic_is_nan(E4, 0x7F) && mosaic_is_nan(E4, 0xFF), "e4m3 nan");
    CHECK(c, !mosaic_is_nan(E4, 0x7E) && !mosaic_is_nan(E4, 0x78), "e4m3 finite");
    CHECK(c, mosaic_is_nan(E5, 0x7D) && mosaic_is_nan(E5, 0xFF) && !mosaic_is_nan(E5, 0x7C),
          "e5m2");
    CHECK(c, mosaic_is_nan(F16, 0x7C01) && !mosaic_is_nan(F16, 0x7C00), "fp16");
    CHECK(c, mosaic_is_nan(B16, 0xFF81) && !mosaic_is_nan(B16, 0xFF80), "bf16");
    CHECK(c, mosaic_is_nan(F32, 0x7F800001) && !mosaic_is_nan(F32, 0xFF800000u), "fp32");
    /* TF32 ignores bits 12:0, so this is Inf, not NaN. */
    CHECK(c, !mosaic_is_nan(T32, 0x7F801FFF) && mosaic_is_nan(T32, 0x7F802000), "tf32");
    for (uint32_t b = 0; b < 16; b++)
        CHECK(c, !mosaic_is_nan(F4, b), "fp4 has no NaN 0x%x", (unsigned)b);
    CHECK(c, !mosaic_is_nan(I8, 0x80), "int8 has no NaN");
}

/* FP4 E2M1, bias 1: codes 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6. */
static void fmt_fp4_table(check_ctx *c)
{
    static const uint32_t f32[8] = {0x00000000, 0x3F000000, 0x3F800000, 0x3FC00000,
                                    0x40000000, 0x40400000, 0x40800000, 0x40C00000};
    mosaic_cvt_opts sub = mosaic_cvt_default(), flush = sub;
    sub.subnormals = true;
    for (uint32_t code = 0; code < 16; code++) {
        uint32_t want = f32[code & 7] | ((code & 8) ? 0x80000000u : 0);
        unsigned fl = 0;
        CHECK_EQ_U32(c, mosaic_convert(F4, F32, code, &sub, &fl), want, "fp4 -> fp32");
        CHECK_EQ_U32(c, fl, 0, "widening is exact");
        CHECK_EQ_U32(c, mosaic_convert(F32, F4, want, &sub, &fl), code, "fp32 -> fp4");
        CHECK_EQ_U32(c, fl, 0, "exact");
        /* flush: 0.5 (the only subnormal) reads as a signed zero, no flag */
        uint32_t wflush = (code & 7) == 1 ? (code & 8 ? 0x80000000u : 0) : want;
        CHECK_EQ_U32(c, mosaic_to_f32(F4, code, &flush, &fl), wflush, "fp4 flush -> fp32");
        CHECK_EQ_U32(c, fl, 0, "input flush raises nothing");
    }
}

/* Widening is exact; spot values of every float format. */
static void fmt_widen_spots(check_ctx *c)
{
    static const cvt_vec v[] = {
        {E4, F32, RNE, 0, 0x38, 0x3F800000, 0},      /* 0.0111.000 = 1 */
        {E4, F32, RNE, 0, 0x7E, 0x43E00000, 0},      /* 448 */
        {E4, F32, RNE, 0, 0xFE, 0xC3E00000, 0},      /* -448 */
        {E4, F32, RNE, 0, 0x7F, 0x7FC00000, 0},      /* NaN -> canonical */
        {E4, F32, RNE, 0, 0xFF, 0x7FC00000, 0},      /* -NaN -> canonical (+) */
        {E4, F32, RNE, 0, 0x08, 0x3C800000, 0},      /* min normal 2^-6 */
        {E4, F32, RNE, SUBO, 0x01, 0x3B000000, 0},   /* min subnormal 2^-9 */
        {E4, F32, RNE, 0, 0x01, 0x00000000, 0},      /* flushed input */
        {E4, F32, RNE, 0, 0x81, 0x80000000, 0},      /* flushed keeps sign */
        {E4, F32, RNE, SUBO, 0x07, 0x3C600000, 0},   /* 7 * 2^-9 = 1.75 * 2^-7 */
        {E5, F32, RNE, 0, 0x7B, 0x47600000, 0},      /* 57344 */
        {E5, F32, RNE, 0, 0x7C, 0x7F800000, 0},      /* +Inf */
        {E5, F32, RNE, 0, 0xFC, 0xFF800000, 0},      /* -Inf */
        {E5, F32, RNE, 0, 0x7D, 0x7FC00000, 0},      /* NaN */
        {E5, F32, RNE, 0, 0x04, 0x38800000, 0},      /* min normal 2^-14 */
        {E5, F32, RNE, SUBO, 0x01, 0x37800000, 0},   /* 2^-16 */
        {E5, F32, RNE, 0, 0x83, 0x80000000, 0},      /* flushed */
        {F16, F32, RNE, 0, 0x7BFF, 0x477FE000, 0},   /* 65504 */
        {F16, F32, RNE, 0, 0x0001, 0x33800000, 0},   /* FP16 subnormals never flush */
        {F16, F32, RNE, 0, 0x7C01, 0x7FC00000, 0},   /* sNaN: quiet, no NV */
        {B16, F32, RNE, 0, 0x7F7F, 0x7F7F0000, 0},
        {B16, F32, RNE, 0, 0xFF81, 0x7FC00000, 0},
        {B16, F32, RNE, 0, 0x0001, 0x00010000, 0},   /* BF16 subnormal */
        {T32, F32, RNE, 0, 0x3F802000, 0x3F802000, 0},
        {T32, F32, RNE, 0, 0x3F801FFF, 0x3F800000, 0}, /* bits 12:0 ignored */
        {T32, F32, RNE, 0, 0x7F801000, 0x7F800000, 0}, /* so this is Inf */
        {E4, E5, RNE, SUBO, 0x05, 0x21, 0},          /* 5*2^-9 = 1.01b*2^-7 */
        {E4, E5, RNE, 0, 0x05, 0x00, 0},             /* flushed input */
        {E4, F16, RNE, 0, 0x7E, 0x5F00, 0},          /* 448 = 1.75*2^8 */
        {F16, T32, RNE, 0, 0x0001, 0x33800000, 0},   /* FP16 subnormal is TF32 normal */
        {B16, T32, RNE, 0, 0x3F81, 0x3F810000, 0},
    };
    RUN_VECS(c, v);
}

/* -0 survives every float conversion; NaN results are canonical and
 * positive with no flag, whatever the payload, sign or signalling bit. */
static void fmt_zero_and_nan(check_ctx *c)
{
    static const cvt_vec v[] = {
        {F32, F16, RNE, 0, 0x80000000, 0x8000, 0},
        {F32, B16, RNE, 0, 0x80000000, 0x8000, 0},
        {F32, T32, RNE, 0, 0x80000000, 0x80000000, 0},
        {F32, E4, RNE, 0, 0x80000000, 0x80, 0},
        {F32, E5, RNE, 0, 0x80000000, 0x80, 0},
        {F32, F4, RNE, 0, 0x80000000, 0x8, 0},
        {E4, E5, RNE, 0, 0x80, 0x80, 0},
        {F4, F16, RNE, 0, 0x8, 0x8000, 0},
        {F32, I8, RNE, 0, 0x80000000, 0x00, 0},    /* float -0 -> integer 0 */
        {F32, F16, RNE, 0, 0xFFC12345, 0x7E00, 0},
        {F32, B16, RNE, 0, 0xFFC12345, 0x7FC0, 0},
        {F32, T32, RNE, 0, 0xFFC12345, 0x7FC00000, 0},
        {F32, F32, RNE, 0, 0xFFC12345, 0x7FC00000, 0},
        {F32, E4, RNE, 0, 0xFFC12345, 0x7F, 0},
        {F32, E5, RNE, 0, 0xFFC12345, 0x7E, 0},
        {F32, E4, RNE, SATO, 0x7F800001, 0x7F, 0}, /* sNaN, sat: still NaN */
        {F32, E5, RNE, SATO, 0x7F800001, 0x7E, 0},
        {F16, B16, RNE, 0, 0xFD00, 0x7FC0, 0},
        {B16, F16, RNE, 0, 0x7F81, 0x7E00, 0},
        {E5, E4, RNE, 0, 0xFF, 0x7F, 0},
        {E4, E5, RNE, 0, 0xFF, 0x7E, 0},
        {E4, F4, RNE, 0, 0x7F, 0x7, SAT | NV},     /* FP4 has no NaN: +6 */
        {F32, F4, RNE, 0, 0xFFC00000, 0x7, SAT | NV},
    };
    RUN_VECS(c, v);
}

/* OCP: round to the FP8 mantissa with an unbounded exponent, then compare
 * with max finite (E4M3 448 = 1.110b*2^8, E5M2 57344 = 1.11b*2^15). */
static void fmt_fp8_overflow(check_ctx *c)
{
    static const cvt_vec v[] = {
        /* 464 is the midpoint 448|480; ties to even mantissa 1.110 = 448 */
        {F32, E4, RNE, 0, 0x43E80000, 0x7E, NX},
        {F32, E4, RNE, 0, 0x43E80001, 0x7F, OF | NX},   /* just above: 480 > 448 */
        {F32, E4, RNE, SATO, 0x43E80001, 0x7E, SAT | NX},
        {F32, E4, RNE, 0, 0xC3E80001, 0x7F, OF | NX},   /* NaN is canonical (+) */
        {F32, E4, RNE, SATO, 0xC3E80001, 0xFE, SAT | NX},
        {F32, E4, RMM, 0, 0x43E80000, 0x7F, OF | NX},   /* tie away: 480 */
        /* RTZ 500 -> 480 (> 448): not IEEE's "RTZ gives max" */
        {F32, E4, RTZ, 0, 0x43FA0000, 0x7F, OF | NX},
        {F32, E4, RTZ, SATO, 0x43FA0000, 0x7E, SAT | NX},
        {F32, E4, RTZ, 0, 0x43EB0000, 0x7E, NX},        /* 470 -> 448 */
        {F32, E4, RDN, 0, 0x43EF8000, 0x7E, NX},        /* 479 -> 448 */
        {F32, E4, RUP, 0, 0x43E08000, 0x7F, OF | NX},   /* 449 -> 480 */
        {F32, E4, RUP, 0, 0xC3E08000, 0xFE, NX},        /* -449 -> -448 */
        {F32, E4, RDN, 0, 0xC3E08000, 0x7F, OF | NX},   /* -449 -> -480 */
        {F32, E4, RDN, SATO, 0xC3E08000, 0xFE, SAT | NX},
        {F16, E4, RNE, 0, 0x7BFF, 0x7F, OF | NX},       /* 65504 */
        {I16, E4, RNE, 0, 0x7FFF, 0x7F, OF | NX},       /* 32767 */
        {I16, E4, RNE, SATO, 0x7FFF, 0x7E, SAT | NX},
        {E5, E4, RNE, SATO, 0x7B, 0x7E, SAT | NX},      /* 57344 */
        /* E5M2: 61440 is the midpoint 57344|65536, ties to even -> 65536 */
        {F32, E5, RNE, 0, 0x47700000, 0x7C, OF | NX},
        {F32, E5, RNE, SATO, 0x47700000, 0x7B, SAT | NX},
        {F32, E5, RNE, 0, 0xC7700000, 0xFC, OF | NX},
        {F32, E5, RNE, 0, 0x476FFF00, 0x7B, NX},        /* 61439 -> 57344 */
        {F16, E5, RTZ, 0, 0x7BFF, 0x7B, NX},            /* 65504 -> 57344 */
        {F32, E5, RUP, 0, 0x47600100, 0x7C, OF | NX},   /* 57345 -> 65536 */
        {F32, E5, RTZ, 0, 0x501502F9, 0x7C, OF | NX},   /* 1e10 -> Inf even RTZ */
        {F32, E5, RTZ, SATO, 0x501502F9, 0x7B, SAT | NX},
        {F32, E5, RDN, 0, 0x47600100, 0x7B, NX},
        /* Infinite inputs */
        {F32, E4, RNE, 0, 0x7F800000, 0x7F, NV},
        {F32, E4, RNE, 0, 0xFF800000, 0x7F, NV},
        {F32, E4, RNE, SATO, 0x7F800000, 0x7E, SAT},
        {F32, E4, RNE, SATO, 0xFF800000, 0xFE, SAT},
        {F32, E5, RNE, 0, 0x7F800000, 0x7C, 0},
        {F32, E5, RNE, 0, 0xFF800000, 0xFC, 0},
        {F32, E5, RNE, SATO, 0x7F800000, 0x7B, SAT},
        {F32, E5, RNE, SATO, 0xFF800000, 0xFB, SAT},
        {E5, E4, RNE, 0, 0xFC, 0x7F, NV},
        {F16, E5, RTZ, 0, 0xFC00, 0xFC, 0},
    };
    RUN_VECS(c, v);
}

/* IEEE targets: overflow result depends on the mode, always OF|NX. */
static void fmt_ieee_overflow(check_ctx *c)
{
    static const cvt_vec v[] = {
        {F32, F16, RNE, 0, 0x48000000, 0x7C00, OF | NX}, /* 131072 */
        {F32, F16, RMM, 0, 0x48000000, 0x7C00, OF | NX},
        {F32, F16, RTZ, 0, 0x48000000, 0x7BFF, OF | NX},
        {F32, F16, RDN, 0, 0x48000000, 0x7BFF, OF | NX},
        {F32, F16, RUP, 0, 0x48000000, 0x7C00, OF | NX},
        {F32, F16, RNE, 0, 0xC8000000, 0xFC00, OF | NX},
        {F32, F16, RTZ, 0, 0xC8000000, 0xFBFF, OF | NX},
        {F32, F16, RDN, 0, 0xC8000000, 0xFC00, OF | NX},
        {F32, F16, RUP, 0, 0xC8000000, 0xFBFF, OF | NX},
        /* 65520 is the midpoint of 65504 and 2^16 */
        {F32, F16, RNE, 0, 0x477FF000, 0x7C00, OF | NX},
        {F32, F16, RTZ, 0, 0x477FF000, 0x7BFF, NX},      /* rounds to max: no OF */
        {F32, F16, RUP, 0, 0x477FE001, 0x7C00, OF | NX}, /* 65504 + 2^-8 */
        {F32, F16, RDN, 0, 0x477FE001, 0x7BFF, NX},
        {F32, F16, RNE, 0, 0x7F800000, 0x7C00, 0},       /* Inf is not overflow */
        {F32, B16, RNE, 0, 0x7F7FFFFF, 0x7F80, OF | NX},
        {F32, B16, RTZ, 0, 0x7F7FFFFF, 0x7F7F, NX},
        {F32, B16, RUP, 0, 0xFF7FFFFF, 0xFF7F, NX},
        {F32, T32, RNE, 0, 0x7F7FFFFF, 0x7F800000, OF | NX},
        {F32, T32, RTZ, 0, 0x7F7FFFFF, 0x7F7FE000, NX},
        {B16, F16, RNE, 0, 0x4780, 0x7C00, OF | NX},     /* 65536 */
        {I32, F16, RNE, 0, 70000, 0x7C00, OF | NX},
        {I32, F16, RTZ, 0, 70000, 0x7BFF, OF | NX},
    };
    RUN_VECS(c, v);
}

/* FP4 always saturates; 6 = 1.1b*2^2, the next value up in E2M1 with an
 * unbounded exponent is 8. */
static void fmt_fp4_saturation(check_ctx *c)
{
    static const cvt_vec v[] = {
        {F32, F4, RNE, 0, 0x40E00000, 0x7, SAT | NX},  /* 7: midpoint 6|8 -> 8 */
        {F32, F4, RNE, 0, 0x40D00000, 0x7, NX},        /* 6.5 -> 6 */
        {F32, F4, RNE, 0, 0x42C80000, 0x7, SAT | NX},  /* 100 */
        {F32, F4, RNE, 0, 0xC2C80000, 0xF, SAT | NX},  /* -100 */
        {F32, F4, RTZ, 0, 0x40FCCCCD, 0x7, NX},        /* 7.9 -> 6: no SAT */
        {F32, F4, RUP, 0, 0x40C33333, 0x7, SAT | NX},  /* 6.1 -> 8 */
        {F32, F4, RDN, 0, 0xC0C33333, 0xF, SAT | NX},  /* -6.1 -> -8 */
        {F32, F4, RNE, SATO, 0x42C80000, 0x7, SAT | NX}, /* fp8_sat is irrelevant */
        {F32, F4, RNE, 0, 0x7F800000, 0x7, SAT},
        {F32, F4, RNE, 0, 0xFF800000, 0xF, SAT},
        {F32, F4, RNE, 0, 0x7FC00000, 0x7, SAT | NV},
        {E5, F4, RNE, 0, 0xFC, 0xF, SAT},
        {E4, F4, RNE, 0, 0x50, 0x7, SAT | NX},         /* 8 */
        {E4, F4, RNE, 0, 0x45, 0x5, NX},               /* 3.25 -> 3 */
        {E4, F4, RNE, 0, 0x47, 0x6, NX},               /* 3.75 -> 4 */
        {E4, F4, RNE, 0, 0x46, 0x6, NX},               /* 3.5: midpoint 3|4 -> 4 */
        {E4, F4, RNE, 0, 0x3A, 0x2, NX},               /* 1.25: midpoint 1|1.5 -> 1 */
        {E4, F4, RMM, 0, 0x3A, 0x3, NX},               /* ... away -> 1.5 */
        {I8, F4, RNE, 0, 0x7F, 0x7, SAT | NX},
        {I8, F4, RNE, 0, 0xFF, 0xA, 0},                /* -1 */
        {I8, F4, RNE, 0, 0x05, 0x6, NX},               /* 5: midpoint 4|6 -> 4 */
    };
    RUN_VECS(c, v);
}

/* Subnormal outputs: gradual with opts.subnormals; for FP8/FP4 without it
 * a subnormal rounded result becomes zero with UF|NX. FP16/BF16/TF32/FP32
 * always keep subnormals. Tininess is judged after rounding. */
static void fmt_subnormal_outputs(check_ctx *c)
{
    static const cvt_vec v[] = {
        {F32, E4, RNE, SUBO, 0x3B000000, 0x01, 0},        /* 2^-9 exact */
        {F32, E4, RNE, 0, 0x3B000000, 0x00, UF | NX},     /* flushed */
        {F32, E4, RNE, 0, 0xBB000000, 0x80, UF | NX},
        {F16, E4, RNE, SUBO, 0x1800, 0x01, 0},            /* FP16 2^-9 */
        {F16, E4, RNE, 0, 0x1800, 0x00, UF | NX},
        /* 1.1111b*2^-7: gradual rounds to 2^-6 (0x08); rounding to 4 bits
         * with unbounded exponent also reaches 2^-6, so not tiny: NX only */
        {F32, E4, RNE, SUBO, 0x3C780000, 0x08, NX},
        {F32, E4, RNE, 0, 0x3C780000, 0x08, NX},
        /* 1.11101b*2^-7: gradual rounds to 2^-6, 4-bit rounding to 1.111b*2^-7
         * is still < 2^-6, so tiny: UF|NX even though the result is normal */
        {F32, E4, RNE, SUBO, 0x3C740000, 0x08, UF | NX},
        {F32, E4, RNE, 0, 0x3C740000, 0x08, UF | NX},
        {F32, E5, RNE, SUBO, 0x37800000, 0x01, 0},        /* 2^-16 */
        {F32, E5, RNE, 0, 0x37800000, 0x00, UF | NX},
        {F32, E5, RNE, SUBO, 0x37000000, 0x00, UF | NX},  /* 2^-17: tie -> 0 */
        {F32, E5, RUP, SUBO, 0x37000000, 0x01, UF | NX},
        {F32, E5, RMM, SUBO, 0x37000000, 0x01, UF | NX},
        {F32, E5, RUP, 0, 0x37000000, 0x00, UF | NX},     /* RUP to 2^-16, flushed */
        {F32, E5, RDN, SUBO, 0xB7000000, 0x81, UF | NX},
        {F32, E5, RTZ, SUBO, 0xB7000000, 0x80, UF | NX},
        {F32, F4, RNE, SUBO, 0x3E800000, 0x0, UF | NX},   /* 0.25: tie 0|0.5 -> 0 */
        {F32, F4, RNE, SUBO, 0x3E99999A, 0x1, UF | NX},   /* 0.3 -> 0.5 */
        {F32, F4, RNE, 0, 0x3E99999A, 0x0, UF | NX},      /* ... flushed */
        {F32, F4, RNE, 0, 0x3F000000, 0x0, UF | NX},      /* exact 0.5 flushed */
        {F32, F4, RNE, SUBO, 0x3F000000, 0x1, 0},
        /* 0.75: gradual tie 0.5|1 -> 1 (even); 2-bit unbounded rounding
         * keeps 1.1b*2^-1 < 1, so tiny */
        {F32, F4, RNE, 0, 0x3F400000, 0x2, UF | NX},
        {F32, F4, RNE, SUBO, 0x3F400000, 0x2, UF | NX},
        /* FP16: min subnormal 2^-24, min normal 2^-14 */
        {F32, F16, RNE, 0, 0x33800000, 0x0001, 0},
        {F32, F16, RNE, 0, 0x33000000, 0x0000, UF | NX},  /* 2^-25 tie -> 0 */
        {F32, F16, RUP, 0, 0x33000000, 0x0001, UF | NX},
        {F32, F16, RDN, 0, 0xB2800000, 0x8001, UF | NX},  /* -2^-26 */
        {F32, F16, RNE, 0, 0x33400000, 0x0001, UF | NX},  /* 0.75*2^-24 */
        {F32, F16, RNE, 0, 0x387FF000, 0x0400, NX},       /* 1.11111111111b*2^-15 */
        {F32, F16, RNE, 0, 0x387FE800, 0x0400, UF | NX},  /* 1.111111111101b*2^-15 */
        {F32, B16, RNE, 0, 0x00008000, 0x0000, UF | NX},  /* tie -> 0 */
        {F32, B16, RNE, 0, 0x00018000, 0x0002, UF | NX},  /* tie -> even 2 */
        {F32, T32, RNE, 0, 0x00001000, 0x00000000, UF | NX},
        {F32, T32, RUP, 0, 0x00001000, 0x00002000, UF | NX},
        {F32, T32, RNE, 0, 0x00002000, 0x00002000, 0},
    };
    RUN_VECS(c, v);
}

/* Each mode at a tie and just off it. */
static void fmt_rounding_ties(check_ctx *c)
{
    static const cvt_vec v[] = {
        /* 1 + 2^-11: midpoint of 1 (even) and 1 + 2^-10 in FP16 */
        {F32, F16, RNE, 0, 0x3F801000, 0x3C00, NX},
        {F32, F16, RMM, 0, 0x3F801000, 0x3C01, NX},
        {F32, F16, RTZ, 0, 0x3F801000, 0x3C00, NX},
        {F32, F16, RDN, 0, 0x3F801000, 0x3C00, NX},
        {F32, F16, RUP, 0, 0x3F801000, 0x3C01, NX},
        /* 1 + 3*2^-11: midpoint of 0x3C01 (odd) and 0x3C02 */
        {F32, F16, RNE, 0, 0x3F803000, 0x3C02, NX},
        {F32, F16, RMM, 0, 0x3F803000, 0x3C02, NX},
        {F32, F16, RTZ, 0, 0x3F803000, 0x3C01, NX},
        {F32, F16, RDN, 0, 0x3F803000, 0x3C01, NX},
        {F32, F16, RUP, 0, 0x3F803000, 0x3C02, NX},
        /* negative tie */
        {F32, F16, RNE, 0, 0xBF801000, 0xBC00, NX},
        {F32, F16, RMM, 0, 0xBF801000, 0xBC01, NX},
        {F32, F16, RTZ, 0, 0xBF801000, 0xBC00, NX},
        {F32, F16, RDN, 0, 0xBF801000, 0xBC01, NX},
        {F32, F16, RUP, 0, 0xBF801000, 0xBC00, NX},
        /* just above / below the tie */
        {F32, F16, RNE, 0, 0x3F801001, 0x3C01, NX},
        {F32, F16, RMM, 0, 0x3F800FFF, 0x3C00, NX},
        /* exact: no flag in any mode */
        {F32, F16, RUP, 0, 0x3F800000, 0x3C00, 0},
        {F32, F16, RDN, 0, 0xBF800000, 0xBC00, 0},
        /* BF16: 1 + 2^-8 */
        {F32, B16, RNE, 0, 0x3F808000, 0x3F80, NX},
        {F32, B16, RMM, 0, 0x3F808000, 0x3F81, NX},
        {F32, B16, RUP, 0, 0x3F808000, 0x3F81, NX},
        {F32, B16, RDN, 0, 0xBF808000, 0xBF81, NX},
        {F32, B16, RTZ, 0, 0xBF808000, 0xBF80, NX},
        /* TF32: 1 + 2^-11 and 1 + 3*2^-11 */
        {F32, T32, RNE, 0, 0x3F801000, 0x3F800000, NX},
        {F32, T32, RUP, 0, 0x3F801000, 0x3F802000, NX},
        {F32, T32, RNE, 0, 0x3F803000, 0x3F804000, NX},
        {F32, T32, RMM, 0, 0x3F801000, 0x3F802000, NX},
        {T32, B16, RNE, 0, 0x3F802000, 0x3F80, NX},   /* 1 + 2^-10 */
        /* E4M3: 1.0625 = midpoint 1|1.125; E5M2: 1.125 = midpoint 1|1.25 */
        {F32, E4, RNE, 0, 0x3F880000, 0x38, NX},
        {F32, E4, RMM, 0, 0x3F880000, 0x39, NX},
        {F32, E4, RUP, 0, 0x3F880000, 0x39, NX},
        {F32, E4, RTZ, 0, 0x3F880000, 0x38, NX},
        {F32, E4, RDN, 0, 0xBF880000, 0xB9, NX},
        {F32, E5, RNE, 0, 0x3F900000, 0x3C, NX},
        {F32, E5, RMM, 0, 0x3F900000, 0x3D, NX},
        {F32, E5, RNE, 0, 0x3FB00000, 0x3E, NX},      /* 1.375: 1.25|1.5 -> 1.5 */
        /* FP16 -> BF16 and back */
        {F16, B16, RNE, 0, 0x3C01, 0x3F80, NX},       /* 1 + 2^-10 */
        {F16, B16, RUP, 0, 0x3C01, 0x3F81, NX},
        {B16, F16, RNE, 0, 0x0001, 0x0000, UF | NX},  /* 2^-133 */
        {B16, F16, RUP, 0, 0x0001, 0x0001, UF | NX},
    };
    RUN_VECS(c, v);
}

/* Integers: round under the mode (NX if fractional), then saturate (SAT) or
 * wrap; NaN -> max with SAT|NV; Inf -> max/min with SAT, even when wrapping. */
static void fmt_int_targets(check_ctx *c)
{
    static const cvt_vec v[] = {
        {F32, I8, RNE, 0, 0x40200000, 0x02, NX}, /* 2.5 */
        {F32, I8, RMM, 0, 0x40200000, 0x03, NX},
        {F32, I8, RUP, 0, 0x40200000, 0x03, NX},
        {F32, I8, RDN, 0, 0x40200000, 0x02, NX},
        {F32, I8, RTZ, 0, 0x40200000, 0x02, NX},
        {F32, I8, RNE, 0, 0xC0200000, 0xFE, NX}, /* -2.5 */
        {F32, I8, RMM, 0, 0xC0200000, 0xFD, NX},
        {F32, I8, RUP, 0, 0xC0200000, 0xFE, NX},
        {F32, I8, RDN, 0, 0xC0200000, 0xFD, NX},
        {F32, I8, RTZ, 0, 0xC0200000, 0xFE, NX},
        {F32, I8, RNE, 0, 0x40600000, 0x04, NX}, /* 3.5 */
        {F32, I8, RNE, 0, 0xBF000000, 0x00, NX}, /* -0.5 -> 0, not -0 */
        {F32, I8, RDN, 0, 0xBE99999A, 0xFF, NX}, /* -0.3 -> -1 */
        {F32, I8, RNE, 0, 0x43960000, 0x7F, SAT},            /* 300 */
        {F32, I8, RNE, 0, 0xC3960000, 0x80, SAT},            /* -300 */
        {F32, I8, RNE, WRAP, 0x43960000, 0x2C, 0},           /* 300 = 0x12C */
        {F32, I8, RNE, WRAP, 0xC3960000, 0xD4, 0},           /* -300 mod 256 */
        {F32, I8, RNE, 0, 0x43964000, 0x7F, NX | SAT},       /* 300.5 */
        {F32, I8, RNE, WRAP, 0x43964000, 0x2C, NX},
        {F32, I8, RNE, 0, 0x42FF0000, 0x7F, NX | SAT},       /* 127.5 -> 128 */
        {F32, I8, RTZ, 0, 0x42FF0000, 0x7F, NX},             /* 127.5 -> 127 */
        {F32, I8, RNE, 0, 0xC3008000, 0x80, NX},             /* -128.5 -> -128 */
        {F32, I8, RDN, 0, 0xC3008000, 0x80, NX | SAT},       /* -> -129 */
        {F32, I8, RDN, WRAP, 0xC3008000, 0x7F, NX},          /* -129 wraps */
        {F32, I32, RNE, 0, 0x501502F9, 0x7FFFFFFF, SAT},     /* 1e10 */
        {F32, I32, RNE, WRAP, 0x501502F9, 0x540BE400, 0},    /* 0x2540BE400 */
        {F32, I32, RNE, WRAP, 0xD01502F9, 0xABF41C00, 0},    /* -1e10 */
        {F32, I16, RNE, WRAP, 0x53800000, 0x0000, 0},        /* 2^40 */
        {F32, I32, RNE, 0, 0x4F000000, 0x7FFFFFFF, SAT},     /* 2^31 */
        {F32, I32, RNE, 0, 0xCF000000, 0x80000000, 0},       /* -2^31 fits */
        {F32, I32, RNE, WRAP, 0x4F000000, 0x80000000, 0},
        {F32, I32, RNE, 0, 0x7F7FFFFF, 0x7FFFFFFF, SAT},
        {F32, I8, RNE, 0, 0x7FC00000, 0x7F, SAT | NV},
        {F32, I8, RNE, 0, 0xFFC00000, 0x7F, SAT | NV},
        {F32, I16, RNE, WRAP, 0x7FC00000, 0x7FFF, SAT | NV},
        {F32, I32, RNE, 0, 0x7F800001, 0x7FFFFFFF, SAT | NV},
        {F32, I16, RNE, 0, 0x7F800000, 0x7FFF, SAT},
        {F32, I16, RNE, WRAP, 0xFF800000, 0x8000, SAT},
        {F32, I32, RNE, 0, 0xFF800000, 0x80000000, SAT},
        {E4, I8, RNE, 0, 0x7F, 0x7F, SAT | NV},
        {E4, I8, RNE, 0, 0x7E, 0x7F, SAT},                   /* 448 */
        {E4, I16, RNE, 0, 0x7E, 0x01C0, 0},
        {E4, I8, RNE, 0, 0x30, 0x00, NX},                    /* 0.5 -> 0 */
        {E5, I32, RNE, 0, 0xFC, 0x80000000, SAT},
        {F16, I16, RNE, 0, 0x7BFF, 0x7FFF, SAT},             /* 65504 */
        {F16, I32, RNE, 0, 0xFBFF, 0xFFFF0020, 0},           /* -65504 */
        {F4, I8, RNE, SUBO, 0x9, 0x00, NX},                  /* -0.5 -> 0 */
        {F4, I8, RDN, SUBO, 0x9, 0xFF, NX},
        {F4, I8, RDN, 0, 0x9, 0x00, 0},                      /* flushed input */
        {T32, I32, RNE, 0, 0x3FC00000, 0x00000002, NX},      /* 1.5 */
    };
    RUN_VECS(c, v);
}

/* Integer sources are exact values; int -> int clamps or wraps exactly. */
static void fmt_int_sources(check_ctx *c)
{
    static const cvt_vec v[] = {
        {I32, F32, RNE, 0, 0x7FFFFFFF, 0x4F000000, NX},
        {I32, F32, RTZ, 0, 0x7FFFFFFF, 0x4EFFFFFF, NX},
        {I32, F32, RDN, 0, 0x7FFFFFFF, 0x4EFFFFFF, NX},
        {I32, F32, RUP, 0, 0x7FFFFFFF, 0x4F000000, NX},
        {I32, F32, RMM, 0, 0x7FFFFFFF, 0x4F000000, NX},
        {I32, F32, RNE, 0, 0x80000000, 0xCF000000, 0},
        {I32, F32, RNE, 0, 0x01000001, 0x4B800000, NX}, /* 2^24+1: tie -> even */
        {I32, F32, RMM, 0, 0x01000001, 0x4B800001, NX},
        {I32, F32, RUP, 0, 0x01000001, 0x4B800001, NX},
        {I32, F32, RDN, 0, 0xFEFFFFFF, 0xCB800001, NX}, /* -(2^24+1) */
        {I32, F32, RUP, 0, 0xFEFFFFFF, 0xCB800000, NX},
        {I32, F32, RNE, 0, 0x00000000, 0x00000000, 0},
        {I32, F32, RDN, 0, 0x00000000, 0x00000000, 0},  /* integer 0 is +0 */
        {I32, B16, RNE, 0, 257, 0x4380, NX},            /* 1.00000001b*2^8 -> 256 */
        {I8, E4, RNE, 0, 0x03, 0x44, 0},                /* 3 = 1.1b*2^1 */
        {I8, E4, RNE, 0, 0x80, 0xF0, 0},                /* -128 = -1.0b*2^7 */
        {I8, E5, RNE, 0, 0x7F, 0x58, NX},               /* 127 -> 128 */
        {I16, F16, RNE, 0, 0x0801, 0x6800, NX},         /* 2049 -> 2048 */
        {I32, I8, RNE, 0, 0x00000100, 0x7F, SAT},
        {I32, I8, RNE, WRAP, 0x00000100, 0x00, 0},
        {I32, I8, RNE, 0, 0xFFFFFF7F, 0x80, SAT},        /* -129 */
        {I32, I8, RNE, WRAP, 0xFFFFFF7F, 0x7F, 0},
        {I16, I32, RNE, 0, 0x8000, 0xFFFF8000, 0},
        {I8, I16, RNE, 0, 0x80, 0xFF80, 0},
        {I8, I8, RNE, 0, 0x80, 0x80, 0},
        {I16, I8, RNE, WRAP, 0x1234, 0x34, 0},
    };
    RUN_VECS(c, v);
}

static void fmt_int_helpers(check_ctx *c)
{
    unsigned fl = 0;
    CHECK(c, mosaic_int_value(I8, 0x80) == -128, "int8 -128");
    CHECK(c, mosaic_int_value(I8, 0x17F) == 127, "int8 ignores high bits");
    CHECK(c, mosaic_int_value(I16, 0xFFFF) == -1, "int16 -1");
    CHECK(c, mosaic_int_value(I32, 0x80000000u) == INT32_MIN, "int32 min");
    CHECK(c, mosaic_int_value(I32, 0x7FFFFFFFu) == INT32_MAX, "int32 max");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I8, 200, false, &fl), 0x7F, "sat");
    CHECK_EQ_U32(c, fl, SAT, "sat flag");
    fl = 0;
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I8, 200, true, &fl), 0xC8, "wrap");
    CHECK_EQ_U32(c, fl, 0, "wrap raises nothing");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I16, -40000, false, &fl), 0x8000, "sat low");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I16, -40000, true, NULL), 0x63C0, "wrap -40000");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I32, INT64_C(1) << 40, true, NULL), 0, "wrap 2^40");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I32, INT64_MIN, false, NULL), 0x80000000u, "int64 min");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I32, INT64_MIN, true, NULL), 0, "int64 min wraps");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I32, -5, false, NULL), 0xFFFFFFFBu, "-5");
    CHECK_EQ_U32(c, mosaic_int_to_fmt(I8, -128, false, NULL), 0x80, "-128 fits");
}

/* NULL opts means defaults; NULL flags is allowed; bad codes give 0. */
static void fmt_api_edges(check_ctx *c)
{
    CHECK_EQ_U32(c, mosaic_convert(E4, F32, 0x01, NULL, NULL), 0, "NULL opts: flush");
    CHECK_EQ_U32(c, mosaic_convert(F32, E4, 0x43E80001, NULL, NULL), 0x7F, "NULL: non-sat");
    CHECK_EQ_U32(c, mosaic_convert(F32, F16, 0x3F801000, NULL, NULL), 0x3C00, "NULL: RNE");
    CHECK_EQ_U32(c, mosaic_convert((mosaic_fmt)12, F32, 1, NULL, NULL), 0, "bad from");
    CHECK_EQ_U32(c, mosaic_convert(F32, (mosaic_fmt)12, 1, NULL, NULL), 0, "bad to");
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = RTZ;
    unsigned fl = 0;
    CHECK_EQ_U32(c, mosaic_to_f32(I32, 0x7FFFFFFF, &o, &fl), 0x4EFFFFFF, "to_f32 rounds ints");
    CHECK_EQ_U32(c, fl, NX, "inexact");
    /* high garbage bits above the format width are ignored */
    CHECK_EQ_U32(c, mosaic_convert(E4, F32, 0x138, NULL, NULL), 0x3F800000, "8-bit");
    CHECK_EQ_U32(c, mosaic_convert(F16, F32, 0xABCD3C00, NULL, NULL), 0x3F800000, "16-bit");
}

int main(void)
{
    check_ctx c = {0};
    RUN(&c, fmt_metadata);
    RUN(&c, fmt_nan_classes);
    RUN(&c, fmt_fp4_table);
    RUN(&c, fmt_widen_spots);
    RUN(&c, fmt_zero_and_nan);
    RUN(&c, fmt_fp8_overflow);
    RUN(&c, fmt_ieee_overflow);
    RUN(&c, fmt_fp4_saturation);
    RUN(&c, fmt_subnormal_outputs);
    RUN(&c, fmt_rounding_ties);
    RUN(&c, fmt_int_targets);
    RUN(&c, fmt_int_sources);
    RUN(&c, fmt_int_helpers);
    RUN(&c, fmt_api_edges);
    return check_exit(&c);
}
