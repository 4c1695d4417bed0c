/* Shared helpers for the MINA-T host tests (test_minat_*.c): a tensor unit
 * with a flat memory, instruction encoders, full-state snapshots, and
 * reference value decoders/encoders written independently of the golden
 * model's numerics (bit manipulation and host IEEE arithmetic). */
#ifndef TEST_MINAT_UTIL_H
#define TEST_MINAT_UTIL_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "mosaic_tu.h"
#include "testmem.h"

#define MEM_BASE 0x40000000u
#define MEM_SIZE 0x10000u
#define OPC 0x5Bu

typedef struct {
    mosaic_tu tu;
    testmem mem;
    mosaic_mem_if mif;
} rig;

static inline void rig_init(rig *r)
{
    mosaic_tu_reset(&r->tu, NULL);
    testmem_init(&r->mem, MEM_BASE, MEM_SIZE);
    r->mif = testmem_if(&r->mem);
}

static inline void rig_free(rig *r)
{
    testmem_free(&r->mem);
}

static inline mosaic_tu_result rig_exec(rig *r, uint32_t insn, uint32_t x_rs1)
{
    return mosaic_tu_exec(&r->tu, &r->mif, insn, x_rs1, 0, 0);
}

/* ---- encoders ---- */
static inline uint32_t e_tld(unsigned d, unsigned rs1, int32_t stride)
{
    return enc_i(OPC, 0, d, rs1, stride);
}
static inline uint32_t e_tst(unsigned s, unsigned rs1, int32_t stride)
{
    return enc_i(OPC, 1, s, rs1, stride);
}
static inline uint32_t e_tact(unsigned d, unsigned func)
{
    return enc_i(OPC, 2, d, d, (int32_t)func);
}
static inline uint32_t e_tcvt(unsigned d, unsigned s, unsigned fmt)
{
    return enc_i(OPC, 3, d, s, (int32_t)fmt);
}
static inline uint32_t e_tzero(unsigned d)
{
    return enc_i(OPC, 4, d, d, 0);
}
static inline uint32_t e_tred(unsigned rd, unsigned s, unsigned op)
{
    return enc_i(OPC, 5, rd, s, (int32_t)op);
}
static inline uint32_t e_tscale(unsigned d, unsigned rs1)
{
    return enc_i(OPC, 6, d, rs1, 0);
}
enum {
    C_TADD, C_TMMA, C_TSUB, C_TMUL, C_TMAX, C_TMIN, C_TROWMAX, C_TROWSUM, C_TBSUB, C_TBMUL,
    C_TBDIV
};
static inline uint32_t e_r(unsigned cls, unsigned d, unsigned a, unsigned b)
{
    return enc_r(OPC, 7, cls, d, a, b);
}

/* ---- deterministic random numbers (state owned by the caller) ---- */
static inline uint32_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

/* ---- host float <-> bits ---- */
static inline uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline float u2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Reference decoders. `sub`: keep FP8/FP4 subnormals (mcsr.mfp8sub). */
static inline float ref_bf16(uint32_t b)
{
    return u2f(b << 16);
}
static inline float ref_fp16(uint32_t b)
{
    uint16_t h = (uint16_t)b;
    _Float16 x;
    memcpy(&x, &h, 2);
    return (float)x;
}
static inline float ref_e4m3(uint32_t b, int sub)
{
    int s = (b >> 7) & 1, e = (b >> 3) & 15, m = b & 7;
    float v;
    if (e == 15 && m == 7)
        return NAN;
    if (e == 0)
        v = sub ? ldexpf((float)m, -9) : 0.0f;
    else
        v = ldexpf((float)(8 + m), e - 10);
    return s ? -v : v;
}
static inline float ref_e5m2(uint32_t b, int sub)
{
    int s = (b >> 7) & 1, e = (b >> 2) & 31, m = b & 3;
    float v;
    if (e == 31)
        return m ? NAN : (s ? -INFINITY : INFINITY);
    if (e == 0)
        v = sub ? ldexpf((float)m, -16) : 0.0f;
    else
        v = ldexpf((float)(4 + m), e - 17);
    return s ? -v : v;
}
static inline float ref_fp4(uint32_t b, int sub)
{
    static const float mag[8] = {0, 0.5f, 1, 1.5f, 2, 3, 4, 6};
    int s = (b >> 3) & 1, m = b & 7;
    float v = (m == 1 && !sub) ? 0.0f : mag[m];
    return s ? -v : v;
}
static inline float ref_int(mosaic_fmt f, uint32_t b)
{
    switch (f) {
    case MOSAIC_FMT_INT8: return (float)(int8_t)b;
    case MOSAIC_FMT_INT16: return (float)(int16_t)b;
    default: return (float)(int32_t)b;
    }
}
/* Value of a pattern in any float format, host float. */
static inline float ref_val(mosaic_fmt f, uint32_t b, int sub)
{
    switch (f) {
    case MOSAIC_FMT_FP32: return u2f(b);
    case MOSAIC_FMT_TF32: return u2f(b & 0xFFFFE000u);
    case MOSAIC_FMT_FP16: return ref_fp16(b);
    case MOSAIC_FMT_BF16: return ref_bf16(b);
    case MOSAIC_FMT_E4M3: return ref_e4m3(b, sub);
    case MOSAIC_FMT_E5M2: return ref_e5m2(b, sub);
    case MOSAIC_FMT_FP4: return ref_fp4(b, sub);
    default: return ref_int(f, b);
    }
}

/* Reference RNE encoders (finite inputs unless stated). */
static inline uint32_t ref_to_bf16(float f)
{
    uint32_t u = f2u(f);
    if (isnan(f))
        return 0x7FC0u;
    u += 0x7FFFu + ((u >> 16) & 1u);
    return u >> 16;
}
static inline uint32_t ref_to_fp16(float f)
{
    _Float16 h = (_Float16)f;
    uint16_t b;
    memcpy(&b, &h, 2);
    return b;
}
/* Nearest representable by exhaustive search over the finite magnitudes,
 * ties to the even encoding; beyond max it saturates to +-max (callers use
 * in-range values or expect saturation). A result that is subnormal becomes
 * a signed zero unless `sub` (the model rounds first, then flushes). */
static inline uint32_t ref_to_small(mosaic_fmt f, float x, int sub)
{
    unsigned sb = f == MOSAIC_FMT_FP4 ? 3 : 7;
    unsigned mbits = f == MOSAIC_FMT_E4M3 ? 3 : f == MOSAIC_FMT_E5M2 ? 2 : 1;
    uint32_t best = 0;
    double bd = INFINITY, ax = fabs((double)x);
    for (uint32_t b = 0; b < (1u << sb); b++) {
        float v = ref_val(f, b, 1);
        if (!isfinite(v))
            continue;
        double d = fabs((double)v - ax);
        if (d < bd || (d == bd && (b & 1u) == 0)) {
            bd = d;
            best = b;
        }
    }
    if (!sub && (best >> mbits) == 0)
        best = 0;
    return best | ((uint32_t)(signbit(x) != 0) << sb);
}

/* ---- tiles ---- */
static inline void put_tile(mosaic_tu *tu, unsigned reg, mosaic_fmt f, const uint32_t *v)
{
    memset(tu->treg[reg], 0, MOSAIC_TREG_BYTES);
    tu->tag[reg] = (uint8_t)f;
    for (unsigned i = 0; i < 256; i++)
        mosaic_tile_set(tu, reg, f, i, v[i]);
}
static inline void get_tile(const mosaic_tu *tu, unsigned reg, mosaic_fmt f, uint32_t *v)
{
    for (unsigned i = 0; i < 256; i++)
        v[i] = mosaic_tile_get(tu, reg, f, i);
}
/* Bytes above the tile of format f are all zero (R9). */
static inline int above_zero(const mosaic_tu *tu, unsigned reg, mosaic_fmt f)
{
    for (unsigned i = mosaic_tile_bytes(f); i < MOSAIC_TREG_BYTES; i++)
        if (tu->treg[reg][i])
            return 0;
    return 1;
}
static inline void fill_garbage(mosaic_tu *tu, unsigned reg, uint64_t *s)
{
    for (unsigned i = 0; i < MOSAIC_TREG_BYTES; i++)
        tu->treg[reg][i] = (uint8_t)rnd(s);
}
/* Random finite patterns of format f (NaN/Inf excluded). */
static inline uint32_t rnd_finite(mosaic_fmt f, uint64_t *s)
{
    for (;;) {
        uint32_t b = rnd(s) & mosaic_fmt_mask(f);
        if (f == MOSAIC_FMT_TF32)
            b &= 0xFFFFE000u;
        if (mosaic_fmt_is_int(f) || isfinite(ref_val(f, b, 1)))
            return b;
    }
}

/* ---- full-state snapshots ---- */
typedef struct {
    mosaic_tu tu;
    uint8_t mem[MEM_SIZE];
    unsigned writes;
} snapshot;

static inline void snap(const rig *r, snapshot *s)
{
    memcpy(&s->tu, &r->tu, sizeof s->tu);
    memcpy(s->mem, r->mem.bytes, MEM_SIZE);
    s->writes = r->mem.writes;
}
static inline int snap_same(const rig *r, const snapshot *s)
{
    return memcmp(&s->tu, &r->tu, sizeof s->tu) == 0 && memcmp(s->mem, r->mem.bytes, MEM_SIZE) == 0 &&
           s->writes == r->mem.writes;
}

static inline void set_frm(mosaic_tu *tu, unsigned frm)
{
    tu->mcsr = (tu->mcsr & ~(7u << MOSAIC_MCSR_MFRM_SHIFT)) | (frm << MOSAIC_MCSR_MFRM_SHIFT);
}

#endif

#ifndef TEST_MINAT_UTIL_TAIL
#define TEST_MINAT_UTIL_TAIL
#include <stdlib.h>

/* Reference RNE conversion of a host float to any float format. */
static inline uint32_t ref_to(mosaic_fmt f, float x, int sub)
{
    switch (f) {
    case MOSAIC_FMT_FP32: return f2u(x);
    case MOSAIC_FMT_TF32: {
        uint32_t u = f2u(x);
        if (isnan(x))
            return 0x7FC00000u;
        u += 0xFFFu + ((u >> 13) & 1u);
        return u & 0xFFFFE000u;
    }
    case MOSAIC_FMT_FP16: return ref_to_fp16(x);
    case MOSAIC_FMT_BF16: return ref_to_bf16(x);
    default: return ref_to_small(f, x, sub);
    }
}

/* ref_to with the FP8 overflow rule of mcsr.mfp8sat: without saturation a
 * value that rounds (RNE) past max becomes E4M3 NaN / E5M2 Inf. E4M3's max
 * 448 has an even significand, so the tie 464 stays 448; E5M2's max 57344
 * is odd, so the tie 61440 overflows. */
static inline uint32_t ref_to_fp8sat(mosaic_fmt f, float x, int sub, int fp8sat)
{
    if (!fp8sat && !isnan(x)) {
        uint32_t s = signbit(x) ? 0x80u : 0;
        if (f == MOSAIC_FMT_E4M3 && fabsf(x) > 464.0f)
            return 0x7Fu;
        if (f == MOSAIC_FMT_E5M2 && fabsf(x) >= 61440.0f)
            return s | 0x7Cu;
    }
    if (isnan(x) && (f == MOSAIC_FMT_E4M3 || f == MOSAIC_FMT_E5M2))
        return mosaic_fmt_canonical_nan(f);
    return ref_to(f, x, sub);
}

/* Execute and expect success. */
static inline mosaic_tu_result run_ok(check_ctx *c, rig *r, uint32_t insn, uint32_t x, int line)
{
    mosaic_tu_result res = rig_exec(r, insn, x);
    CHECK(c, !res.trap, "line %d: insn 0x%08x trapped cause %u tval 0x%08x", line,
          (unsigned)insn, (unsigned)res.cause, (unsigned)res.tval);
    return res;
}
#define RUN_OK(c, r, insn, x) run_ok(c, r, insn, x, __LINE__)

/* Execute and expect a trap with this cause and tval that changes nothing
 * at all: registers, tags, CSRs, memory (and no memory write calls). */
static inline void expect_trap(check_ctx *c, rig *r, uint32_t insn, uint32_t x, uint32_t cause,
                               uint32_t tval, int line)
{
    snapshot *s = malloc(sizeof *s);
    if (!s)
        abort();
    snap(r, s);
    mosaic_tu_result res = rig_exec(r, insn, x);
    CHECK(c, res.trap, "line %d: insn 0x%08x did not trap", line, (unsigned)insn);
    CHECK(c, res.cause == cause && res.tval == tval,
          "line %d: insn 0x%08x: cause %u tval 0x%08x, want %u 0x%08x", line, (unsigned)insn,
          (unsigned)res.cause, (unsigned)res.tval, (unsigned)cause, (unsigned)tval);
    CHECK(c, snap_same(r, s), "line %d: trapping insn 0x%08x changed state", line,
          (unsigned)insn);
    CHECK(c, !res.rd_write && res.treg_written == 0 && !res.csr_written && !res.sdma_issued,
          "line %d: trapping insn 0x%08x reported effects", line, (unsigned)insn);
    free(s);
}
#define EXPECT_TRAP(c, r, insn, x, cause, tval) expect_trap(c, r, insn, x, cause, tval, __LINE__)
#define EXPECT_ILLEGAL(c, r, insn, x) expect_trap(c, r, insn, x, MOSAIC_CAUSE_ILLEGAL, insn, __LINE__)

/* Does `got` match the reference `want`? A NaN reference (any payload: the
 * host's NaN bits are not the spec's) requires the format's canonical NaN,
 * which every NaN result must be (ARCHITECTURE §4). */
static inline int same_val(mosaic_fmt f, uint32_t got, uint32_t want)
{
    if (mosaic_fmt_is_float(f) && f != MOSAIC_FMT_FP4 && isnan(ref_val(f, want, 1)))
        return got == mosaic_fmt_canonical_nan(f);
    return got == want;
}
#endif
