/* Mosaic golden model: number formats, conversions and FP32 arithmetic.
 *
 * This is the executable specification of every numeric rule in Mosaic
 * (docs/numerics.md describes the same rules in prose). All values travel as
 * raw bit patterns, right-aligned in a uint32_t: FP4 in bits 3:0, 8-bit
 * formats in 7:0, 16-bit in 15:0, FP32/INT32 in 31:0. TF32 uses the FP32
 * container (sign, 8-bit exponent, 10-bit fraction in bits 31:13); its low
 * 13 bits are ignored on input and zero on output. Integers are two's
 * complement at their own width.
 *
 * No global state: rounding mode and options are passed in, flags are
 * OR-ed into a caller-owned accumulator.
 */
#ifndef MOSAIC_FMT_H
#define MOSAIC_FMT_H

#include <stdbool.h>
#include <stdint.h>

/* Format tag codes: MINA-T's 4-bit codes plus Mosaic's 7..9. */
typedef enum {
    MOSAIC_FMT_FP32 = 0,
    MOSAIC_FMT_FP16 = 1,
    MOSAIC_FMT_BF16 = 2,
    MOSAIC_FMT_E4M3 = 3, /* OCP E4M3FN: no Inf, NaN = S.1111.111, max 448 */
    MOSAIC_FMT_E5M2 = 4, /* OCP E5M2: IEEE-like, max 57344 */
    MOSAIC_FMT_INT8 = 5,
    MOSAIC_FMT_FP4 = 6,  /* E2M1: +-{0,0.5,1,1.5,2,3,4,6}, no Inf/NaN */
    MOSAIC_FMT_INT16 = 7,
    MOSAIC_FMT_INT32 = 8,
    MOSAIC_FMT_TF32 = 9,
    MOSAIC_FMT_COUNT = 10
} mosaic_fmt;

/* RISC-V rounding-mode encodings (also mcsr.mfrm). */
typedef enum {
    MOSAIC_RM_RNE = 0,
    MOSAIC_RM_RTZ = 1,
    MOSAIC_RM_RDN = 2,
    MOSAIC_RM_RUP = 3,
    MOSAIC_RM_RMM = 4
} mosaic_rm;

/* Exception flags (IEEE set plus saturation). Only NX and SAT are
 * architecturally visible (AME mxstatus.inexact, mcsr.msat/mxstatus.sat_hit);
 * the rest exist so the oracle tests can check more. */
enum {
    MOSAIC_FLAG_NX = 1u << 0,  /* inexact */
    MOSAIC_FLAG_UF = 1u << 1,  /* underflow (tiny after rounding and inexact) */
    MOSAIC_FLAG_OF = 1u << 2,  /* overflow to Inf/NaN or IEEE max */
    MOSAIC_FLAG_DZ = 1u << 3,  /* divide by zero */
    MOSAIC_FLAG_NV = 1u << 4,  /* invalid */
    MOSAIC_FLAG_SAT = 1u << 5  /* result clamped to a format's max/min */
};

/* Options that govern a conversion (see docs/numerics.md). */
typedef struct {
    mosaic_rm rm;    /* rounding mode */
    bool fp8_sat;    /* FP8 overflow: false -> E4M3 NaN / E5M2 Inf; true -> +-max */
    bool subnormals; /* FP8/FP4 keep subnormals (OCP gradual); false = flush */
    bool int_wrap;   /* integer targets wrap (AME SAT=0, equal widths) */
} mosaic_cvt_opts;

/* Default options: RNE, non-saturating FP8, FP8/FP4 flush, integer saturate. */
mosaic_cvt_opts mosaic_cvt_default(void);

unsigned mosaic_fmt_bits(mosaic_fmt f);        /* element width in bits (TF32: 32) */
bool mosaic_fmt_is_float(mosaic_fmt f);
bool mosaic_fmt_is_int(mosaic_fmt f);
bool mosaic_fmt_valid(unsigned code);          /* code < MOSAIC_FMT_COUNT */
const char *mosaic_fmt_name(mosaic_fmt f);     /* "fp32","fp16","bf16","e4m3","e5m2","int8","fp4","int16","int32","tf32" */
int mosaic_fmt_parse(const char *name);        /* name -> code, -1 if unknown */
uint32_t mosaic_fmt_mask(mosaic_fmt f);        /* mask of the bit pattern */
uint32_t mosaic_fmt_canonical_nan(mosaic_fmt f); /* 0 for formats without NaN */
bool mosaic_is_nan(mosaic_fmt f, uint32_t bits);

/* Convert one value between any two formats. Returns the target's bit
 * pattern; OR-s MOSAIC_FLAG_* into *flags (flags may be NULL). */
uint32_t mosaic_convert(mosaic_fmt from, mosaic_fmt to, uint32_t bits,
                        const mosaic_cvt_opts *opts, unsigned *flags);

/* FP32 arithmetic, one rounding, subnormals kept, canonical NaN results,
 * signaling NaNs treated as quiet (no NV for them). */
uint32_t mosaic_f32_add(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags);
uint32_t mosaic_f32_sub(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags);
uint32_t mosaic_f32_mul(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags);
uint32_t mosaic_f32_div(uint32_t a, uint32_t b, mosaic_rm rm, unsigned *flags);
uint32_t mosaic_f32_fma(uint32_t a, uint32_t b, uint32_t c, mosaic_rm rm,
                        unsigned *flags); /* a*b + c */
/* IEEE 754-2019 maximumNumber/minimumNumber (RISC-V fmax/fmin): a NaN
 * operand yields the other operand; two NaNs the canonical NaN; -0 < +0. */
uint32_t mosaic_f32_max(uint32_t a, uint32_t b);
uint32_t mosaic_f32_min(uint32_t a, uint32_t b);
/* a < b, quiet, false if either is NaN; -0 == +0 */
bool mosaic_f32_lt(uint32_t a, uint32_t b);

/* Exact widening to FP32 for every float format (FP8/FP4 subnormals flush
 * unless opts->subnormals); integers are converted with opts->rm. */
uint32_t mosaic_to_f32(mosaic_fmt from, uint32_t bits, const mosaic_cvt_opts *opts,
                       unsigned *flags);
/* Integer value of an integer-format pattern (sign-extended). */
int32_t mosaic_int_value(mosaic_fmt f, uint32_t bits);
/* Integer result to an integer format: saturate (SAT flag) or wrap. */
uint32_t mosaic_int_to_fmt(mosaic_fmt to, int64_t v, bool wrap, unsigned *flags);

#endif
