/* Mosaic tensor instructions for C programs (docs/isa.md is normative).
 *
 * One macro per instruction, named after its mnemonic with '.' -> '_', with
 * operands in the manual's order:
 *
 *     tld(1, a_ptr, 32);        // tld   tr1, 32(a)
 *     tmma(3, 1, 2);            // tmma  tr3, tr1, tr2
 *     tl_xpose_01(4, 5, desc);  // tl.xpose.01 t4, t5, desc
 *     scpad_ld(shape, sp, mem); // scpad.ld shape, sp, mem
 *
 * Tensor register numbers, funct fields and immediates are encoded into the
 * instruction word, so they must be integer constant expressions; they are
 * passed to GNU as `.insn` through "n" asm operands, which is why these are
 * macros rather than functions (a function's parameter is never a constant
 * at -O0). Pointers and scalars are ordinary run-time values. Each macro
 * rejects out-of-range constants at compile time; the raw encoders at the
 * end emit anything, for tests of illegal encodings.
 *
 * Ordering: tensor memory accesses are ordered among themselves but against
 * scalar loads/stores only across a fence (ARCHITECTURE §1). Call
 * mosaic_fence() between scalar writes and tensor reads of the same memory,
 * and between tensor writes and scalar reads.
 *
 * Define MOSAIC_COUNT_OPS before including this file to count every tensor
 * instruction a translation unit issues in mosaic_op_count[] (mosaic_ops.h).
 */
#ifndef MOSAIC_H
#define MOSAIC_H

#include <stdint.h>

#include "mosaic_csr.h"
#include "mosaic_ops.h"

/* ---- encoding constants ---------------------------------------------------- */

#define MOSAIC_OPC_SDMA 0x0B  /* custom-0 */
#define MOSAIC_OPC_AME 0x2B   /* custom-1 */
#define MOSAIC_OPC_MINAT 0x5B /* custom-2: MINA-T + Mosaic extensions */
#define MOSAIC_OPC_TL 0x7B    /* custom-3: TensorLoad */

/* custom-2 funct3 */
#define F3_TLD 0
#define F3_TST 1
#define F3_TACT 2
#define F3_TCVT 3
#define F3_TZERO 4
#define F3_TRED 5
#define F3_TSCALE 6
#define F3_TRTYPE 7 /* all R-type ops (R2); funct7 selects */

/* custom-2 R-type funct7 */
#define F7_TADD 0
#define F7_TMMA 1
#define F7_TSUB 2
#define F7_TMUL 3
#define F7_TMAX 4
#define F7_TMIN 5
#define F7_TROWMAX 6
#define F7_TROWSUM 7
#define F7_TBSUB 8
#define F7_TBMUL 9
#define F7_TBDIV 10

/* custom-3 funct3 / funct7 */
#define F3_TL_XPOSE 0
#define F3_TL_CONCAT 1
#define F3_TL_ADDI 2
#define F3_TL_MLOAD 3
#define F3_TL_MSTORE 4
#define F7_TL_XPOSE_01 0x31 /* 0110001 */
#define F7_TL_XPOSE_02 0x32 /* 0110010 */
#define F7_TL_XPOSE_03 0x33 /* 0110011 */
#define F7_TL_XPOSE_12 0x39 /* 0111001 */
#define F7_TL_XPOSE_13 0x3D /* 0111101 (R5: the seed's 0111010 is illegal) */
#define F7_TL_XPOSE_23 0x3B /* 0111011 */
#define F7_TL_CONCAT(d) (0x40 | (d))
#define F7_TL_MLOAD 0x50
#define F7_TL_MSTORE 0x51

/* custom-1 funct3 */
#define F3_MMACC 0
#define F3_MSETTILEM 1
#define F3_MSETTILEK 2
#define F3_MSETTILEN 3
#define F3_MSETTILEMI 5
#define F3_MSETTILEKI 6
#define F3_MSETTILENI 7

/* custom-0 funct3 */
#define F3_SCPAD_LD 0
#define F3_SCPAD_ST 1
#define F3_SCPAD_WAIT 2

/* Element format tags (MINA-T codes 0-6, Mosaic 7-9). */
#define FMT_FP32 0
#define FMT_FP16 1
#define FMT_BF16 2
#define FMT_E4M3 3 /* OCP E4M3FN */
#define FMT_E5M2 4
#define FMT_INT8 5
#define FMT_FP4 6 /* E2M1 */
#define FMT_INT16 7
#define FMT_INT32 8
#define FMT_TF32 9
#define FMT_COUNT 10

/* tact functions, tred operations */
#define ACT_RELU 0
#define ACT_GELU 1
#define ACT_SILU 2
#define ACT_EXP 3
#define ACT_RECIP 4
#define RED_SUM 0
#define RED_MAX 1
#define RED_MIN 2

/* AME transpose flags (mmacc btr) */
#define BTR_AB 0
#define BTR_ABT 1
#define BTR_ATB 2
#define BTR_ATBT 3

#define MOSAIC_TILE 16       /* 16x16 tiles */
#define MOSAIC_TREG_BYTES 1024
#define MOSAIC_NTREG 32

/* Bits per element of a format tag (FP4: 4), as a constant expression. */
#define FMT_BITS(f)                                                            \
    ((f) == FMT_FP32 || (f) == FMT_INT32 || (f) == FMT_TF32   ? 32             \
     : (f) == FMT_FP16 || (f) == FMT_BF16 || (f) == FMT_INT16 ? 16             \
     : (f) == FMT_FP4                                         ? 4              \
                                                              : 8)
/* Bytes of one 16-element tile row, and of a whole 16x16 tile. */
#define TILE_PITCH(f) (FMT_BITS(f) * MOSAIC_TILE / 8)
#define TILE_BYTES(f) (TILE_PITCH(f) * MOSAIC_TILE)

/* Bits per element of a format tag (FP4: 4); 0 for an invalid code. */
static inline unsigned fmt_bits(unsigned fmt)
{
    static const unsigned char bits[FMT_COUNT] = {32, 16, 16, 8, 8, 8, 4, 16, 32, 32};
    return fmt < FMT_COUNT ? bits[fmt] : 0;
}

/* ---- raw encoders (no range checks) ---------------------------------------- */

/* Operands are numbers: register fields name x<n>, which .insn encodes as n. */
#define mosaic_insn_r(opc, f3, f7, rd, rs1, rs2)                               \
    __asm__ volatile(".insn r %0, %1, %2, x%3, x%4, x%5" ::"n"(opc), "n"(f3),  \
                     "n"(f7), "n"(rd), "n"(rs1), "n"(rs2)                      \
                     : "memory")
#define mosaic_insn_i(opc, f3, rd, rs1, imm)                                   \
    __asm__ volatile(".insn i %0, %1, x%2, x%3, %4" ::"n"(opc), "n"(f3),       \
                     "n"(rd), "n"(rs1), "n"(imm)                               \
                     : "memory")
/* Any 32-bit word, executed as an instruction. */
#define mosaic_insn_word(w) __asm__ volatile(".word %0" ::"i"(w) : "memory")

/* The instruction word an R/I-type encoding produces (for expected mtval). */
#define MOSAIC_ENC_R(opc, f3, f7, rd, rs1, rs2)                                \
    (((uint32_t)(f7) << 25) | ((uint32_t)(rs2) << 20) | ((uint32_t)(rs1) << 15) | \
     ((uint32_t)(f3) << 12) | ((uint32_t)(rd) << 7) | (uint32_t)(opc))
#define MOSAIC_ENC_I(opc, f3, rd, rs1, imm)                                    \
    ((((uint32_t)(imm) & 0xFFFu) << 20) | ((uint32_t)(rs1) << 15) |            \
     ((uint32_t)(f3) << 12) | ((uint32_t)(rd) << 7) | (uint32_t)(opc))

/* ---- compile-time operand checks -------------------------------------------- */

/* Evaluates to 0; a negative array size stops the build if c is false. */
#define MOSAIC_ASSERT_C(c) ((void)sizeof(char[(c) ? 1 : -1]))
#define MOSAIC_TR(r) MOSAIC_ASSERT_C((unsigned)(r) < 32u)

#define mosaic_fence() __asm__ volatile("fence rw, rw" ::: "memory")

/* ---- custom-2: MINA-T ------------------------------------------------------- */

/* tld trD, stride(base): 16 rows of trD's tag format from base + y*stride. */
#define tld(trd, base, stride)                                                 \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_ASSERT_C((stride) >= -2048 && (stride) <= 2047);                \
        MOSAIC_COUNT(OPID_TLD);                                                \
        __asm__ volatile(".insn i %0, %1, x%2, %3, %4" ::"n"(MOSAIC_OPC_MINAT), \
                         "n"(F3_TLD), "n"(trd), "r"(base), "n"(stride)         \
                         : "memory");                                          \
    } while (0)

/* tst trS, stride(base) */
#define tst(trs, base, stride)                                                 \
    do {                                                                       \
        MOSAIC_TR(trs);                                                        \
        MOSAIC_ASSERT_C((stride) >= -2048 && (stride) <= 2047);                \
        MOSAIC_COUNT(OPID_TST);                                                \
        __asm__ volatile(".insn i %0, %1, x%2, %3, %4" ::"n"(MOSAIC_OPC_MINAT), \
                         "n"(F3_TST), "n"(trs), "r"(base), "n"(stride)         \
                         : "memory");                                          \
    } while (0)

/* tact trD, func (ACT_*): in place */
#define tact(trd, func)                                                        \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_ASSERT_C((unsigned)(func) <= ACT_RECIP);                        \
        MOSAIC_COUNT(OPID_TACT);                                               \
        mosaic_insn_i(MOSAIC_OPC_MINAT, F3_TACT, trd, trd, func);              \
    } while (0)

/* tcvt trD, trS, fmt (FMT_*): convert; trD's tag becomes fmt */
#define tcvt(trd, trs, fmt)                                                    \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_TR(trs);                                                        \
        MOSAIC_ASSERT_C((unsigned)(fmt) < FMT_COUNT);                          \
        MOSAIC_COUNT(OPID_TCVT);                                               \
        mosaic_insn_i(MOSAIC_OPC_MINAT, F3_TCVT, trd, trs, fmt);               \
    } while (0)

/* tzero trD: all 1024 bytes zero, tag kept */
#define tzero(trd)                                                             \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_COUNT(OPID_TZERO);                                              \
        mosaic_insn_i(MOSAIC_OPC_MINAT, F3_TZERO, trd, trd, 0);                \
    } while (0)

/* tred rd, trS, op (RED_*): returns the FP32 bit pattern or saturated INT32 */
#define tred(trs, op)                                                          \
    __extension__({                                                            \
        uint32_t tred_v_;                                                      \
        MOSAIC_TR(trs);                                                        \
        MOSAIC_ASSERT_C((unsigned)(op) <= RED_MIN);                            \
        MOSAIC_COUNT(OPID_TRED);                                               \
        __asm__ volatile(".insn i %1, %2, %0, x%3, %4"                         \
                         : "=r"(tred_v_)                                       \
                         : "n"(MOSAIC_OPC_MINAT), "n"(F3_TRED), "n"(trs), "n"(op) \
                         : "memory");                                          \
        tred_v_;                                                               \
    })

/* tscale trD, rs1: scalar is an FP32 bit pattern (float tags; see
 * tscale_f) or a signed 32-bit integer (integer tags) */
#define tscale(trd, scalar)                                                    \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_COUNT(OPID_TSCALE);                                             \
        __asm__ volatile(".insn i %0, %1, x%2, %3, 0" ::"n"(MOSAIC_OPC_MINAT), \
                         "n"(F3_TSCALE), "n"(trd), "r"((uint32_t)(scalar))     \
                         : "memory");                                          \
    } while (0)

/* FP32 bit pattern of a float (what tscale takes for float tags). */
static inline uint32_t mosaic_f32_bits(float f)
{
    union {
        float f;
        uint32_t u;
    } v = {.f = f};
    return v.u;
}
/* tscale by a float value (a plain tscale(trd, 2.0f) would pass the
 * integer 2, not the pattern of 2.0f). */
#define tscale_f(trd, x) tscale(trd, mosaic_f32_bits(x))

/* R-type tile ops: funct3 = 111, funct7 = class */
#define MOSAIC_TR3(id, f7, trd, tra, trb)                                      \
    do {                                                                       \
        MOSAIC_TR(trd);                                                        \
        MOSAIC_TR(tra);                                                        \
        MOSAIC_TR(trb);                                                        \
        MOSAIC_COUNT(id);                                                      \
        mosaic_insn_r(MOSAIC_OPC_MINAT, F3_TRTYPE, f7, trd, tra, trb);         \
    } while (0)

#define tadd(trd, tra, trb) MOSAIC_TR3(OPID_TADD, F7_TADD, trd, tra, trb)
/* D += op(A) x op(B) under mcsr.mmode and mtilem/k/n */
#define tmma(trd, tra, trb) MOSAIC_TR3(OPID_TMMA, F7_TMMA, trd, tra, trb)

/* ---- custom-2: Mosaic extensions --------------------------------------------- */

#define tsub(trd, tra, trb) MOSAIC_TR3(OPID_TSUB, F7_TSUB, trd, tra, trb)
#define tmul(trd, tra, trb) MOSAIC_TR3(OPID_TMUL, F7_TMUL, trd, tra, trb)
#define tmax(trd, tra, trb) MOSAIC_TR3(OPID_TMAX, F7_TMAX, trd, tra, trb)
#define tmin(trd, tra, trb) MOSAIC_TR3(OPID_TMIN, F7_TMIN, trd, tra, trb)
/* D[i][0] = max_j / sum_j A[i][j], rest of D zero */
#define trowmax(trd, tra) MOSAIC_TR3(OPID_TROWMAX, F7_TROWMAX, trd, tra, 0)
#define trowsum(trd, tra) MOSAIC_TR3(OPID_TROWSUM, F7_TROWSUM, trd, tra, 0)
/* D[i][j] = A[i][j] op B[i][0] (row broadcast) */
#define tbsub(trd, tra, trb) MOSAIC_TR3(OPID_TBSUB, F7_TBSUB, trd, tra, trb)
#define tbmul(trd, tra, trb) MOSAIC_TR3(OPID_TBMUL, F7_TBMUL, trd, tra, trb)
#define tbdiv(trd, tra, trb) MOSAIC_TR3(OPID_TBDIV, F7_TBDIV, trd, tra, trb)

/* ---- custom-3: TensorLoad ------------------------------------------------------ */

#define MOSAIC_TL_XPOSE(id, f7, td, ts, desc)                                  \
    do {                                                                       \
        MOSAIC_TR(td);                                                         \
        MOSAIC_TR(ts);                                                         \
        MOSAIC_COUNT(id);                                                      \
        __asm__ volatile(".insn r %0, %1, %2, x%3, x%4, %5" ::"n"(MOSAIC_OPC_TL), \
                         "n"(F3_TL_XPOSE), "n"(f7), "n"(td), "n"(ts),          \
                         "r"((uint32_t)(desc))                                 \
                         : "memory");                                          \
    } while (0)

/* tl.xpose.ab tD, tS, xdesc: swap dimensions a and b of the [D0..D3] tensor */
#define tl_xpose_01(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_01, td, ts, desc)
#define tl_xpose_02(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_02, td, ts, desc)
#define tl_xpose_03(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_03, td, ts, desc)
#define tl_xpose_12(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_12, td, ts, desc)
#define tl_xpose_13(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_13, td, ts, desc)
#define tl_xpose_23(td, ts, desc) MOSAIC_TL_XPOSE(OPID_TL_XPOSE, F7_TL_XPOSE_23, td, ts, desc)

/* tl.concat.d tD, tA, tB: masked slices of tA then tB along dimension d */
#define MOSAIC_TL_CONCAT(d, td, ta, tb)                                        \
    do {                                                                       \
        MOSAIC_TR(td);                                                         \
        MOSAIC_TR(ta);                                                         \
        MOSAIC_TR(tb);                                                         \
        MOSAIC_COUNT(OPID_TL_CONCAT);                                          \
        mosaic_insn_r(MOSAIC_OPC_TL, F3_TL_CONCAT, F7_TL_CONCAT(d), td, ta, tb); \
    } while (0)
#define tl_concat_0(td, ta, tb) MOSAIC_TL_CONCAT(0, td, ta, tb)
#define tl_concat_1(td, ta, tb) MOSAIC_TL_CONCAT(1, td, ta, tb)
#define tl_concat_2(td, ta, tb) MOSAIC_TL_CONCAT(2, td, ta, tb)

/* tl.addi tD, tS, imm: every byte + imm, clamped to [0, 255] */
#define tl_addi(td, ts, imm)                                                   \
    do {                                                                       \
        MOSAIC_TR(td);                                                         \
        MOSAIC_TR(ts);                                                         \
        MOSAIC_ASSERT_C((imm) >= -2048 && (imm) <= 2047);                      \
        MOSAIC_COUNT(OPID_TL_ADDI);                                            \
        mosaic_insn_i(MOSAIC_OPC_TL, F3_TL_ADDI, td, ts, imm);                 \
    } while (0)

/* tl.mload tD, xdesc, xbase: slices selected by tl_load_mask */
#define tl_mload(td, desc, base)                                               \
    do {                                                                       \
        MOSAIC_TR(td);                                                         \
        MOSAIC_COUNT(OPID_TL_MLOAD);                                           \
        __asm__ volatile(".insn r %0, %1, %2, x%3, %4, %5" ::"n"(MOSAIC_OPC_TL), \
                         "n"(F3_TL_MLOAD), "n"(F7_TL_MLOAD), "n"(td),          \
                         "r"((uint32_t)(desc)), "r"(base)                      \
                         : "memory");                                          \
    } while (0)

/* tl.mstore tS, xbase, xdesc: slices selected by tl_store_mask. The rd
 * field holds the descriptor GPR (read, not written). */
#define tl_mstore(ts, base, desc)                                              \
    do {                                                                       \
        MOSAIC_TR(ts);                                                         \
        MOSAIC_COUNT(OPID_TL_MSTORE);                                          \
        __asm__ volatile(".insn r %0, %1, %2, %3, x%4, %5" ::"n"(MOSAIC_OPC_TL), \
                         "n"(F3_TL_MSTORE), "n"(F7_TL_MSTORE),                 \
                         "r"((uint32_t)(desc)), "n"(ts), "r"(base)             \
                         : "memory");                                          \
    } while (0)

/* ---- custom-1: AME ------------------------------------------------------------- */

/* mmacc tC, tA, tB, btr: C += op(A) x op(B) per mxcfg/mxtile (tiling mode
 * adds indices to the three base registers) */
#define mmacc(tc, ta, tb, btr)                                                 \
    do {                                                                       \
        MOSAIC_TR(tc);                                                         \
        MOSAIC_TR(ta);                                                         \
        MOSAIC_TR(tb);                                                         \
        MOSAIC_ASSERT_C((unsigned)(btr) <= 3u);                                \
        MOSAIC_COUNT(OPID_MMACC);                                              \
        mosaic_insn_r(MOSAIC_OPC_AME, F3_MMACC, btr, tc, ta, tb);              \
    } while (0)

/* msettile{m,k,n} rd, rs1: mtileX = min(v, 16); returns the new value */
#define MOSAIC_MSETTILE(id, f3, v)                                             \
    __extension__({                                                            \
        uint32_t mst_v_;                                                       \
        MOSAIC_COUNT(id);                                                      \
        __asm__ volatile(".insn r %1, %2, 0, %0, %3, x0"                       \
                         : "=r"(mst_v_)                                        \
                         : "n"(MOSAIC_OPC_AME), "n"(f3), "r"((uint32_t)(v))    \
                         : "memory");                                          \
        mst_v_;                                                                \
    })
#define msettilem(v) MOSAIC_MSETTILE(OPID_MSETTILE, F3_MSETTILEM, v)
#define msettilek(v) MOSAIC_MSETTILE(OPID_MSETTILE, F3_MSETTILEK, v)
#define msettilen(v) MOSAIC_MSETTILE(OPID_MSETTILE, F3_MSETTILEN, v)

/* msettile{m,k,n}i rd, uimm: immediate forms (0..2047 here; the field is
 * 12 bits unsigned, values above 16 clamp anyway) */
#define MOSAIC_MSETTILEI(id, f3, u)                                            \
    __extension__({                                                            \
        uint32_t mst_v_;                                                       \
        MOSAIC_ASSERT_C((u) >= 0 && (u) <= 2047);                              \
        MOSAIC_COUNT(id);                                                      \
        __asm__ volatile(".insn i %1, %2, %0, x0, %3"                          \
                         : "=r"(mst_v_)                                        \
                         : "n"(MOSAIC_OPC_AME), "n"(f3), "n"(u)                \
                         : "memory");                                          \
        mst_v_;                                                                \
    })
#define msettilemi(u) MOSAIC_MSETTILEI(OPID_MSETTILE, F3_MSETTILEMI, u)
#define msettileki(u) MOSAIC_MSETTILEI(OPID_MSETTILE, F3_MSETTILEKI, u)
#define msettileni(u) MOSAIC_MSETTILEI(OPID_MSETTILE, F3_MSETTILENI, u)

/* ---- custom-0: SDMA ---------------------------------------------------------- */

/* scpad.ld xshape, xsp, xmem: main memory (row stride sdma_stride) ->
 * scratchpad (rows packed). The shape GPR sits in the rd field, read only. */
static inline void scpad_ld(uint32_t shape, uint32_t sp_addr, const volatile void *mem)
{
    MOSAIC_COUNT(OPID_SCPAD_LD);
    __asm__ volatile(".insn r %0, %1, 0, %2, %3, %4" ::"n"(MOSAIC_OPC_SDMA),
                     "n"(F3_SCPAD_LD), "r"(shape), "r"(sp_addr), "r"(mem)
                     : "memory");
}

/* scpad.st xshape, xsp, xmem: scratchpad -> main memory */
static inline void scpad_st(uint32_t shape, uint32_t sp_addr, volatile void *mem)
{
    MOSAIC_COUNT(OPID_SCPAD_ST);
    __asm__ volatile(".insn r %0, %1, 0, %2, %3, %4" ::"n"(MOSAIC_OPC_SDMA),
                     "n"(F3_SCPAD_ST), "r"(shape), "r"(sp_addr), "r"(mem)
                     : "memory");
}

/* scpad.wait: wait for transfers; traps if sdma_status.ERR is set */
static inline void scpad_wait(void)
{
    MOSAIC_COUNT(OPID_SCPAD_WAIT);
    mosaic_insn_r(MOSAIC_OPC_SDMA, F3_SCPAD_WAIT, 0, 0, 0, 0);
}

/* ---- conveniences ---------------------------------------------------------------- */

/* Give trD format fmt with all-zero contents (tcvt of zeros never rounds or
 * saturates, so no status flag changes). */
#define tinit(trd, fmt)                                                        \
    do {                                                                       \
        tzero(trd);                                                            \
        tcvt(trd, trd, fmt);                                                   \
    } while (0)

/* tinit with a run-time format (one tcvt per possible immediate). */
#define tinit_dyn(trd, fmt)                                                    \
    do {                                                                       \
        tzero(trd);                                                            \
        switch (fmt) {                                                         \
        case FMT_FP32: tcvt(trd, trd, FMT_FP32); break;                        \
        case FMT_FP16: tcvt(trd, trd, FMT_FP16); break;                        \
        case FMT_BF16: tcvt(trd, trd, FMT_BF16); break;                        \
        case FMT_E4M3: tcvt(trd, trd, FMT_E4M3); break;                        \
        case FMT_E5M2: tcvt(trd, trd, FMT_E5M2); break;                        \
        case FMT_INT8: tcvt(trd, trd, FMT_INT8); break;                        \
        case FMT_FP4: tcvt(trd, trd, FMT_FP4); break;                          \
        case FMT_INT16: tcvt(trd, trd, FMT_INT16); break;                      \
        case FMT_INT32: tcvt(trd, trd, FMT_INT32); break;                      \
        case FMT_TF32: tcvt(trd, trd, FMT_TF32); break;                        \
        default: break;                                                        \
        }                                                                      \
    } while (0)

/* Restore the whole-tile geometry (reset state of mtilem/k/n). */
#define msettile_full()                                                        \
    do {                                                                       \
        (void)msettilemi(16);                                                  \
        (void)msettileki(16);                                                  \
        (void)msettileni(16);                                                  \
    } while (0)

#endif
