/* Mosaic CSRs for target programs: addresses, named fields, accessors and
 * performance counters (docs/isa.md "CSRs" is normative).
 *
 * CSR numbers are assembler immediates, so the generic accessors are macros
 * taking an integer constant expression; each named CSR also gets
 * NAME_read()/NAME_write()/NAME_set()/NAME_clear() inline functions. */
#ifndef MOSAIC_CSR_H
#define MOSAIC_CSR_H

#include <stdint.h>

/* ---- generic access ---------------------------------------------------- */

#define csr_read(csr)                                                          \
    __extension__({                                                            \
        uint32_t csr_v_;                                                       \
        __asm__ volatile("csrr %0, %1" : "=r"(csr_v_) : "i"(csr) : "memory");  \
        csr_v_;                                                                \
    })
#define csr_write(csr, val)                                                    \
    __asm__ volatile("csrw %0, %1" ::"i"(csr), "r"((uint32_t)(val)) : "memory")
#define csr_set(csr, bits)                                                     \
    __asm__ volatile("csrs %0, %1" ::"i"(csr), "r"((uint32_t)(bits)) : "memory")
#define csr_clear(csr, bits)                                                   \
    __asm__ volatile("csrc %0, %1" ::"i"(csr), "r"((uint32_t)(bits)) : "memory")
#define csr_swap(csr, val)                                                     \
    __extension__({                                                            \
        uint32_t csr_v_;                                                       \
        __asm__ volatile("csrrw %0, %1, %2"                                    \
                         : "=r"(csr_v_)                                        \
                         : "i"(csr), "r"((uint32_t)(val))                      \
                         : "memory");                                          \
        csr_v_;                                                                \
    })

/* Field helpers: NAME_SHIFT and NAME_MASK (mask in place) per field. */
#define FIELD_PREP(name, v) ((((uint32_t)(v)) << name##_SHIFT) & name##_MASK)
#define FIELD_GET(name, reg) ((((uint32_t)(reg)) & name##_MASK) >> name##_SHIFT)

/* ---- machine-mode CSRs the runtime uses -------------------------------- */

#define CSR_MSTATUS 0x300
#define CSR_MISA 0x301
#define CSR_MIE 0x304
#define CSR_MTVEC 0x305
#define CSR_MSCRATCH 0x340
#define CSR_MEPC 0x341
#define CSR_MCAUSE 0x342
#define CSR_MTVAL 0x343
#define CSR_MIP 0x344

/* mstatus.TS (= the matrix spec's MS): one 2-bit context status (R8). */
#define MSTATUS_TS_SHIFT 23
#define MSTATUS_TS_MASK (3u << 23)
#define MSTATUS_SD (1u << 31) /* TS == Dirty */
#define TS_OFF 0u
#define TS_INITIAL 1u
#define TS_CLEAN 2u
#define TS_DIRTY 3u

static inline uint32_t mosaic_ts_get(void)
{
    return FIELD_GET(MSTATUS_TS, csr_read(CSR_MSTATUS));
}
static inline void mosaic_ts_set(uint32_t ts)
{
    csr_clear(CSR_MSTATUS, MSTATUS_TS_MASK);
    csr_set(CSR_MSTATUS, FIELD_PREP(MSTATUS_TS, ts));
}

/* Trap causes tensor instructions raise (docs/isa.md "Traps"). */
#define CAUSE_ILLEGAL_INSN 2u
#define CAUSE_LOAD_MISALIGNED 4u
#define CAUSE_LOAD_FAULT 5u
#define CAUSE_STORE_MISALIGNED 6u
#define CAUSE_STORE_FAULT 7u

/* ---- tensor CSR addresses ---------------------------------------------- */

#define CSR_TL_TENSOR_SHAPE 0x800
#define CSR_TL_TRANSPOSE_PERM 0x801
#define CSR_TL_XPOSE_CONFIG 0x802
#define CSR_TL_XPOSE_STATUS 0x803
#define CSR_TL_MASK1 0x810
#define CSR_TL_MASK2 0x811
#define CSR_TL_LOAD_MASK 0x812
#define CSR_TL_STORE_MASK 0x813
#define CSR_MCSR 0x820
#define CSR_SDMA_STRIDE 0x830
#define CSR_SDMA_STATUS 0x831
#define CSR_SDMA_ERRADDR 0x832
#define CSR_MXCFG 0x7C0
#define CSR_MXTILE 0x7C1
#define CSR_MXSTATUS 0x7C2
#define CSR_MDDCBASE 0x7D0
#define CSR_MDDCLIMIT 0x7D1
#define CSR_MDDCPERM 0x7D2
#define CSR_MTILEM 0xCC0 /* read-only; written by msettile* */
#define CSR_MTILEK 0xCC1
#define CSR_MTILEN 0xCC2
#define CSR_MAMUL 0xCC3
#define CSR_MMISA 0xCC4

/* ---- tensor CSR fields --------------------------------------------------- */

/* mcsr (0x820) */
#define MCSR_MMODE_SHIFT 0
#define MCSR_MMODE_MASK 0x3u
#define MCSR_MSAT_SHIFT 2
#define MCSR_MSAT_MASK (1u << 2) /* sticky: some result saturated */
#define MCSR_MRM_SHIFT 3
#define MCSR_MRM_MASK (3u << 3) /* fixed-point rounding; stored only (R14) */
#define MCSR_MFP8SAT_SHIFT 5
#define MCSR_MFP8SAT_MASK (1u << 5) /* FP8 overflow -> +-max instead of NaN/Inf */
#define MCSR_MFRM_SHIFT 6
#define MCSR_MFRM_MASK (7u << 6) /* float rounding mode, RM_* */
#define MCSR_MFP8SUB_SHIFT 9
#define MCSR_MFP8SUB_MASK (1u << 9) /* keep FP8/FP4 subnormals (Mosaic) */
#define MCSR_MSAT MCSR_MSAT_MASK
#define MCSR_MFP8SAT MCSR_MFP8SAT_MASK
#define MCSR_MFP8SUB MCSR_MFP8SUB_MASK

/* mcsr.mmode: operand order of tmma */
#define MMODE_AB 0u  /* D += A x B */
#define MMODE_ABT 1u /* D += A x B^T */
#define MMODE_ATB 2u /* D += A^T x B */

/* mcsr.mfrm: RISC-V rounding-mode encodings (5..7 reserved -> illegal) */
#define RM_RNE 0u
#define RM_RTZ 1u
#define RM_RDN 2u
#define RM_RUP 3u
#define RM_RMM 4u

/* mxcfg (0x7C0): AME input/result formats, rounding, saturation */
#define MXCFG_IFMT_SHIFT 0
#define MXCFG_IFMT_MASK 0xFFu
#define MXCFG_RFMT_SHIFT 8
#define MXCFG_RFMT_MASK 0xFF00u
#define MXCFG_RND_SHIFT 16
#define MXCFG_RND_MASK (7u << 16)
#define MXCFG_SAT_SHIFT 19
#define MXCFG_SAT_MASK (1u << 19)
#define MXCFG_SAT MXCFG_SAT_MASK
#define MXCFG(ifmt, rfmt, rnd, sat)                                            \
    (FIELD_PREP(MXCFG_IFMT, ifmt) | FIELD_PREP(MXCFG_RFMT, rfmt) |             \
     FIELD_PREP(MXCFG_RND, rnd) | FIELD_PREP(MXCFG_SAT, sat))

/* AME RND encodings (differ from RISC-V's) */
#define MX_RND_RNE 0u
#define MX_RND_RUP 1u
#define MX_RND_RDN 2u
#define MX_RND_RTZ 3u

/* AME 8-bit format codes Mosaic implements (docs/isa.md format table) */
#define AME_INT8_DEFAULT 0x00u
#define AME_FP4 0x02u
#define AME_INT8 0x10u
#define AME_E4M3 0x11u
#define AME_E5M2 0x12u
#define AME_INT16 0x20u
#define AME_FP16 0x28u
#define AME_BF16 0x29u
#define AME_INT32 0x40u
#define AME_FP32 0x48u
#define AME_TF32 0x49u

/* mxtile (0x7C1): AME section 6 layout */
#define MXTILE_K_SHIFT 0
#define MXTILE_K_MASK 0xFFu
#define MXTILE_M_SHIFT 8
#define MXTILE_M_MASK 0xFF00u
#define MXTILE_TILING_SHIFT 16
#define MXTILE_TILING_MASK (3u << 16)
#define MXTILE_GUARD4X4_SHIFT 18
#define MXTILE_GUARD4X4_MASK (1u << 18)
#define MXTILE_GUARD4X4 MXTILE_GUARD4X4_MASK
#define MX_TILING_1X1 0u
#define MX_TILING_2X2 1u
#define MX_TILING_1X4 2u
#define MX_TILING_4X1 3u
#define MXTILE(m, k, tiling, guard)                                            \
    (FIELD_PREP(MXTILE_K, k) | FIELD_PREP(MXTILE_M, m) |                       \
     FIELD_PREP(MXTILE_TILING, tiling) | FIELD_PREP(MXTILE_GUARD4X4, guard))

/* mxstatus (0x7C2): sticky flags */
#define MXSTATUS_GUARD_FALLBACK (1u << 0)
#define MXSTATUS_BADGEOM (1u << 1)
#define MXSTATUS_INEXACT (1u << 2)
#define MXSTATUS_SAT_HIT (1u << 3)

/* TensorLoad: descriptor word [D0,D1,D2,D3] (also tl_tensor_shape) */
#define TL_DESC(d0, d1, d2, d3)                                                \
    ((uint32_t)(d0) | ((uint32_t)(d1) << 8) | ((uint32_t)(d2) << 16) |         \
     ((uint32_t)(d3) << 24))
#define TL_DESC_DIM(desc, i) (((uint32_t)(desc) >> (8 * (i))) & 0xFFu)
#define TL_XPOSE_CONFIG_TRAP 1u   /* bad descriptor traps (reset) */
#define TL_XSTATUS_OK 0u
#define TL_XSTATUS_ZERO_DIM 1u
#define TL_XSTATUS_TOO_BIG 2u
/* tl_transpose_perm: source dimension of result dimension i, 2 bits each */
#define TL_PERM(p0, p1, p2, p3)                                                \
    ((uint32_t)(p0) | ((uint32_t)(p1) << 2) | ((uint32_t)(p2) << 4) |          \
     ((uint32_t)(p3) << 6))

/* SDMA: shape word for scpad.ld/st, status fields */
#define SDMA_SHAPE(rows, cols, log2size)                                       \
    ((uint32_t)(cols) | ((uint32_t)(rows) << 8) | ((uint32_t)(log2size) << 16))
#define SDMA_STATUS_ERR (1u << 0)
#define SDMA_STATUS_CODE_SHIFT 1
#define SDMA_STATUS_CODE_MASK (7u << 1)
#define SDMA_STATUS_OP_SHIFT 4
#define SDMA_STATUS_OP_MASK (1u << 4) /* 0 load (scpad.ld, tld, tl.mload), 1 store */
#define SDMA_ERR_SHAPE 1u
#define SDMA_ERR_ALIGN 2u
#define SDMA_ERR_BANK 3u
#define SDMA_ERR_ACCESS 4u
#define SDMA_ERR_BUS 5u /* a bus error on a tensor memory access (docs/isa.md R32) */

/* DDC permission bits */
#define DDC_R 1u
#define DDC_W 2u

/* mmisa (0xCC4): feature bits in the matrix spec's order (R16) */
#define MMISA_MMI4I32 (1u << 0)
#define MMISA_MMI8I32 (1u << 1)
#define MMISA_MMI16I16 (1u << 2)
#define MMISA_MMI16I32 (1u << 3)
#define MMISA_MMI32I32 (1u << 4)
#define MMISA_MMI32I64 (1u << 5)
#define MMISA_MMI64I64 (1u << 6)
#define MMISA_MMFP64FP64 (1u << 7)
#define MMISA_MMTF32FP32 (1u << 8)
#define MMISA_MMFP32FP32 (1u << 9)
#define MMISA_MMFP32FP64 (1u << 10)
#define MMISA_MMF16FP32 (1u << 11)
#define MMISA_MMFP16FP16 (1u << 12)
#define MMISA_MMF8F32 (1u << 13)
#define MMISA_MMF8F16 (1u << 14)
#define MMISA_MAB (1u << 15)
#define MMISA_MATB (1u << 16)
#define MMISA_MABT (1u << 17)
#define MMISA_MABTPM (1u << 18)
#define MMISA_MFSP (1u << 19)
#define MMISA_MFEW (1u << 20)
#define MMISA_MISP (1u << 21)
#define MMISA_MIEW (1u << 22)
#define MMISA_MFMV (1u << 23)
#define MMISA_MT (1u << 24)
#define MMISA_MMV (1u << 25)
#define MMISA_MI2C (1u << 26)
#define MMISA_MC2I (1u << 27)

/* ---- named accessors ----------------------------------------------------- */

#define MOSAIC_CSR_RO(name, addr)                                              \
    static inline uint32_t name##_read(void) { return csr_read(addr); }
#define MOSAIC_CSR_RW(name, addr)                                              \
    MOSAIC_CSR_RO(name, addr)                                                  \
    static inline void name##_write(uint32_t v) { csr_write(addr, v); }        \
    static inline void name##_set(uint32_t m) { csr_set(addr, m); }            \
    static inline void name##_clear(uint32_t m) { csr_clear(addr, m); }

MOSAIC_CSR_RW(tl_tensor_shape, CSR_TL_TENSOR_SHAPE)
MOSAIC_CSR_RW(tl_transpose_perm, CSR_TL_TRANSPOSE_PERM)
MOSAIC_CSR_RW(tl_xpose_config, CSR_TL_XPOSE_CONFIG)
MOSAIC_CSR_RW(tl_xpose_status, CSR_TL_XPOSE_STATUS)
MOSAIC_CSR_RW(tl_mask1, CSR_TL_MASK1)
MOSAIC_CSR_RW(tl_mask2, CSR_TL_MASK2)
MOSAIC_CSR_RW(tl_load_mask, CSR_TL_LOAD_MASK)
MOSAIC_CSR_RW(tl_store_mask, CSR_TL_STORE_MASK)
MOSAIC_CSR_RW(mcsr, CSR_MCSR)
MOSAIC_CSR_RW(sdma_stride, CSR_SDMA_STRIDE)
MOSAIC_CSR_RW(sdma_status, CSR_SDMA_STATUS)
MOSAIC_CSR_RW(sdma_erraddr, CSR_SDMA_ERRADDR)
MOSAIC_CSR_RW(mxcfg, CSR_MXCFG)
MOSAIC_CSR_RW(mxtile, CSR_MXTILE)
MOSAIC_CSR_RW(mxstatus, CSR_MXSTATUS)
MOSAIC_CSR_RW(mddcbase, CSR_MDDCBASE)
MOSAIC_CSR_RW(mddclimit, CSR_MDDCLIMIT)
MOSAIC_CSR_RW(mddcperm, CSR_MDDCPERM)
MOSAIC_CSR_RO(mtilem, CSR_MTILEM)
MOSAIC_CSR_RO(mtilek, CSR_MTILEK)
MOSAIC_CSR_RO(mtilen, CSR_MTILEN)
MOSAIC_CSR_RO(mamul, CSR_MAMUL)
MOSAIC_CSR_RO(mmisa, CSR_MMISA)

/* mcsr field conveniences */
static inline void mcsr_set_mmode(uint32_t mode)
{
    mcsr_write((mcsr_read() & ~MCSR_MMODE_MASK) | FIELD_PREP(MCSR_MMODE, mode));
}
static inline void mcsr_set_mfrm(uint32_t rm)
{
    mcsr_write((mcsr_read() & ~MCSR_MFRM_MASK) | FIELD_PREP(MCSR_MFRM, rm));
}
static inline uint32_t mcsr_msat(void) { return FIELD_GET(MCSR_MSAT, mcsr_read()); }

/* ---- performance counters ------------------------------------------------ */

#define CSR_CYCLE 0xC00
#define CSR_TIME 0xC01
#define CSR_INSTRET 0xC02
#define CSR_HPMCOUNTER(n) (0xC00 + (n))
#define CSR_CYCLEH 0xC80
#define CSR_INSTRETH 0xC82
#define CSR_HPMCOUNTERH(n) (0xC80 + (n))

/* What Mosaic's hpmcounters count (ARCHITECTURE §7). */
#define HPM_TENSOR_INSNS 3   /* tensor instructions retired */
#define HPM_MAC_BUSY 4       /* cycles the MAC array is busy */
#define HPM_USEFUL_MACS 5    /* multiply-accumulates inside mtilem/k/n */
#define HPM_BANK_CONFLICTS 6 /* TRF bank-conflict stall cycles */
#define HPM_TU_STALLS 7      /* core cycles waiting on the tensor unit */
#define HPM_SDMA_BYTES 8     /* bytes moved by SDMA */
#define HPM_SDMA_BUSY 9      /* cycles SDMA is busy */
#define HPM_FIRST 3
#define HPM_LAST 9

/* 32-bit reads (low halves); n must be a constant 3..31. */
#define rdhpm(n) csr_read(CSR_HPMCOUNTER(n))
static inline uint32_t rdcycle(void) { return csr_read(CSR_CYCLE); }
static inline uint32_t rdinstret(void) { return csr_read(CSR_INSTRET); }

/* 64-bit reads: re-read if the low half wrapped between the two reads. */
#define MOSAIC_RD64(lo_csr, hi_csr)                                            \
    __extension__({                                                            \
        uint32_t hi_, lo_, hi2_;                                               \
        do {                                                                   \
            hi_ = csr_read(hi_csr);                                            \
            lo_ = csr_read(lo_csr);                                            \
            hi2_ = csr_read(hi_csr);                                           \
        } while (hi_ != hi2_);                                                 \
        ((uint64_t)hi_ << 32) | lo_;                                           \
    })
static inline uint64_t rdcycle64(void) { return MOSAIC_RD64(CSR_CYCLE, CSR_CYCLEH); }
static inline uint64_t rdinstret64(void) { return MOSAIC_RD64(CSR_INSTRET, CSR_INSTRETH); }
#define rdhpm64(n) MOSAIC_RD64(CSR_HPMCOUNTER(n), CSR_HPMCOUNTERH(n))

/* A snapshot of every counter, for measuring a region of code. */
typedef struct {
    uint32_t cycle, instret;
    uint32_t hpm[HPM_LAST + 1]; /* [HPM_FIRST..HPM_LAST] used */
} mosaic_perf;

static inline void mosaic_perf_read(mosaic_perf *p)
{
    p->cycle = rdcycle();
    p->instret = rdinstret();
    p->hpm[0] = p->hpm[1] = p->hpm[2] = 0;
    p->hpm[3] = rdhpm(3);
    p->hpm[4] = rdhpm(4);
    p->hpm[5] = rdhpm(5);
    p->hpm[6] = rdhpm(6);
    p->hpm[7] = rdhpm(7);
    p->hpm[8] = rdhpm(8);
    p->hpm[9] = rdhpm(9);
}

/* *d = b - a, field by field (wrap-around safe for 32-bit deltas). */
static inline void mosaic_perf_delta(mosaic_perf *d, const mosaic_perf *a, const mosaic_perf *b)
{
    d->cycle = b->cycle - a->cycle;
    d->instret = b->instret - a->instret;
    for (int i = 0; i <= HPM_LAST; i++)
        d->hpm[i] = b->hpm[i] - a->hpm[i];
}

/* Counter names for printing ("tensor_insns", ...); NULL outside 3..9. */
const char *mosaic_hpm_name(unsigned n);

#endif
