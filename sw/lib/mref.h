/* mref: plain-C reference numerics for on-target checks.
 *
 * Written from docs/isa.md, independently of the golden model, so a test
 * that compares the tensor unit with these functions checks the ISS (and
 * later the RTL) against a second reading of the spec. Only round-to-
 * nearest-even is implemented; FP32 arithmetic uses the compiler's soft
 * float (IEEE, subnormals kept). */
#ifndef MREF_H
#define MREF_H

#include <stdbool.h>
#include <stdint.h>

static inline uint32_t f2u(float f)
{
    union { float f; uint32_t u; } v = {.f = f};
    return v.u;
}
static inline float u2f(uint32_t u)
{
    union { uint32_t u; float f; } v = {.u = u};
    return v.f;
}

#define REF_F32_QNAN 0x7FC00000u

/* Small float formats: decode to FP32 (exact). FP8/FP4 subnormals flush to
 * zero unless `sub` (mcsr.mfp8sub) is set. */
float ref_fp16_to_f32(uint16_t h);
float ref_bf16_to_f32(uint16_t b);
float ref_e4m3_to_f32(uint8_t v, bool sub);
float ref_e5m2_to_f32(uint8_t v, bool sub);
float ref_fp4_to_f32(uint8_t v, bool sub);

/* FP32 to small formats, round to nearest even. FP8: `sat` is mcsr.mfp8sat
 * (overflow to +-max instead of NaN/Inf), results below the normal range
 * flush to zero unless `sub`. NaN inputs give the canonical NaN. */
uint16_t ref_f32_to_fp16(float f);
uint16_t ref_f32_to_bf16(float f);
uint8_t ref_f32_to_e4m3(float f, bool sat, bool sub);
uint8_t ref_f32_to_e5m2(float f, bool sat, bool sub);

/* Correctly rounded FP32 fused multiply-add a*b + c (RNE), computed in
 * double with round-to-odd so the final rounding is the only one. */
float ref_fmaf(float a, float b, float c);

/* Clamp to a signed integer range. */
int32_t ref_sat(int64_t v, int bits);

/* Deterministic pseudo-random numbers (xorshift32; seed must be non-zero). */
uint32_t ref_rand(uint32_t *state);
/* Uniform integer in [lo, hi]. */
int32_t ref_rand_range(uint32_t *state, int32_t lo, int32_t hi);

#endif
