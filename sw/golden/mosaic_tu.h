/* Mosaic golden model: tensor-unit architectural state and instructions.
 *
 * Every tensor instruction (custom-0 SDMA, custom-1 AME, custom-2 MINA-T and
 * Mosaic extensions, custom-3 TensorLoad) and every tensor CSR is defined
 * here, as functions over a mosaic_tu struct. docs/isa.md is the prose form.
 * The ISS (and the lockstep testbench through it) owns the scalar state and
 * memory; the tensor unit reaches memory through a mosaic_mem_if.
 */
#ifndef MOSAIC_TU_H
#define MOSAIC_TU_H

#include <stdbool.h>
#include <stdint.h>

#include "mosaic_fmt.h"

#define MOSAIC_NTREG 32
#define MOSAIC_TREG_BYTES 1024
#define MOSAIC_TILE 16 /* tiles are 16x16 for MINA-T and AME */

/* Opcodes (ARCHITECTURE §3). */
#define MOSAIC_OP_CUSTOM0 0x0Bu /* SDMA */
#define MOSAIC_OP_CUSTOM1 0x2Bu /* AME MMACC, msettile* */
#define MOSAIC_OP_CUSTOM2 0x5Bu /* MINA-T + Mosaic extensions */
#define MOSAIC_OP_CUSTOM3 0x7Bu /* TensorLoad */

/* Trap causes (RISC-V mcause values). */
#define MOSAIC_CAUSE_ILLEGAL 2u
#define MOSAIC_CAUSE_LOAD_MISALIGNED 4u
#define MOSAIC_CAUSE_LOAD_FAULT 5u
#define MOSAIC_CAUSE_STORE_MISALIGNED 6u
#define MOSAIC_CAUSE_STORE_FAULT 7u

/* Tensor CSR addresses (docs/isa.md "CSRs"). */
#define MOSAIC_CSR_TL_SHAPE 0x800u
#define MOSAIC_CSR_TL_PERM 0x801u
#define MOSAIC_CSR_TL_XCFG 0x802u
#define MOSAIC_CSR_TL_XSTATUS 0x803u
#define MOSAIC_CSR_TL_MASK1 0x810u
#define MOSAIC_CSR_TL_MASK2 0x811u
#define MOSAIC_CSR_TL_LMASK 0x812u
#define MOSAIC_CSR_TL_SMASK 0x813u
#define MOSAIC_CSR_MCSR 0x820u
#define MOSAIC_CSR_SDMA_STRIDE 0x830u
#define MOSAIC_CSR_SDMA_STATUS 0x831u
#define MOSAIC_CSR_SDMA_ERRADDR 0x832u
#define MOSAIC_CSR_MXCFG 0x7C0u
#define MOSAIC_CSR_MXTILE 0x7C1u
#define MOSAIC_CSR_MXSTATUS 0x7C2u
#define MOSAIC_CSR_MDDCBASE 0x7D0u
#define MOSAIC_CSR_MDDCLIMIT 0x7D1u
#define MOSAIC_CSR_MDDCPERM 0x7D2u
#define MOSAIC_CSR_MTILEM 0xCC0u /* read-only */
#define MOSAIC_CSR_MTILEK 0xCC1u
#define MOSAIC_CSR_MTILEN 0xCC2u
#define MOSAIC_CSR_MAMUL 0xCC3u
#define MOSAIC_CSR_MMISA 0xCC4u

/* mcsr fields */
#define MOSAIC_MCSR_MMODE_MASK 0x3u
#define MOSAIC_MCSR_MSAT (1u << 2)
#define MOSAIC_MCSR_MRM_SHIFT 3
#define MOSAIC_MCSR_MFP8SAT (1u << 5)
#define MOSAIC_MCSR_MFRM_SHIFT 6
#define MOSAIC_MCSR_MFP8SUB (1u << 9) /* Mosaic: keep FP8/FP4 subnormals */
#define MOSAIC_MCSR_WMASK 0x3FFu

/* mxstatus sticky flags */
#define MOSAIC_MX_GUARD_FALLBACK (1u << 0)
#define MOSAIC_MX_BADGEOM (1u << 1)
#define MOSAIC_MX_INEXACT (1u << 2)
#define MOSAIC_MX_SAT_HIT (1u << 3)

/* Context status (mstatus.TS, bits 24:23 of mstatus; docs/isa.md). */
#define MOSAIC_TS_OFF 0u
#define MOSAIC_TS_INITIAL 1u
#define MOSAIC_TS_CLEAN 2u
#define MOSAIC_TS_DIRTY 3u
#define MOSAIC_MSTATUS_TS_SHIFT 23

/* Implementation parameters the architecture exposes. */
typedef struct {
    uint32_t scpad_base;       /* scratchpad window base address */
    uint32_t scpad_bank_bytes; /* bytes per bank; two banks back to back */
} mosaic_tu_config;

mosaic_tu_config mosaic_tu_config_default(void);

/* Architectural state of the tensor unit. */
typedef struct {
    mosaic_tu_config cfg;
    uint8_t treg[MOSAIC_NTREG][MOSAIC_TREG_BYTES];
    uint8_t tag[MOSAIC_NTREG]; /* mosaic_fmt */
    uint32_t ts;               /* 2-bit context status */
    uint32_t mcsr;
    uint32_t mtilem, mtilek, mtilen;
    uint32_t mxcfg, mxtile, mxstatus;
    uint32_t tl_shape, tl_perm, tl_xcfg, tl_xstatus;
    uint32_t tl_mask1, tl_mask2, tl_lmask, tl_smask;
    uint32_t ddc_base, ddc_limit, ddc_perm;
    uint32_t sdma_stride, sdma_status, sdma_erraddr;
} mosaic_tu;

/* Memory as the tensor unit sees it (implemented by the ISS / testbench).
 * `ok` says whether [addr, addr+len) is backed by memory the tensor unit can
 * read (write=false) or write (write=true); read/write are only called on
 * ranges `ok` accepted. read/write return false when the bus answered an
 * error (SLVERR/DECERR) for some of the bytes: a read then gives zero for
 * those bytes, a write leaves them unwritten; every other byte moves
 * (docs/isa.md, R32 bus errors). */
typedef struct {
    void *ctx;
    bool (*ok)(void *ctx, uint32_t addr, uint32_t len, bool write);
    bool (*read)(void *ctx, uint32_t addr, void *buf, uint32_t len);
    bool (*write)(void *ctx, uint32_t addr, const void *buf, uint32_t len);
} mosaic_mem_if;

/* The architectural effects of one tensor instruction. */
typedef struct {
    bool trap;
    uint32_t cause, tval;
    bool rd_write; /* a scalar result for x[rd] */
    uint32_t rd, rd_value;
    uint32_t treg_written; /* bitmask of tensor registers written (data or tag) */
    bool csr_written;      /* some tensor CSR changed (including sticky flags) */
    uint32_t sdma_issued;  /* SDMA transfers accepted by this instruction */
} mosaic_tu_result;

void mosaic_tu_reset(mosaic_tu *tu, const mosaic_tu_config *cfg);

/* True for the four custom opcodes the tensor unit owns. */
bool mosaic_tu_owns(uint32_t insn);

/* Execute one tensor instruction. x_rs1/x_rs2 are the scalar values of the
 * rs1/rs2 fields; x_rd is the value of the GPR named by the rd field (read
 * as a source by tl.mstore and the SDMA instructions). A trapping
 * instruction changes no architectural state except the documented status
 * CSR fields that explain the trap (mxstatus.badgeom, tl_xstatus). */
mosaic_tu_result mosaic_tu_exec(mosaic_tu *tu, const mosaic_mem_if *mem, uint32_t insn,
                                uint32_t x_rs1, uint32_t x_rs2, uint32_t x_rd);

/* Tensor CSRs. Return values of mosaic_tu_csr_*. */
enum {
    MOSAIC_CSR_OK = 0,
    MOSAIC_CSR_NOT_MINE = 1, /* not a tensor CSR: the caller decides */
    MOSAIC_CSR_ILLEGAL = 2   /* tensor CSR but access traps (TS Off, read-only) */
};
bool mosaic_tu_csr_is_mine(uint32_t csr);
int mosaic_tu_csr_read(const mosaic_tu *tu, uint32_t csr, uint32_t *value);
/* A write to a read-only tensor CSR is illegal; WARL fields ignore bits
 * that do not exist. Successful writes set TS to Dirty. */
int mosaic_tu_csr_write(mosaic_tu *tu, uint32_t csr, uint32_t value);

/* Tile element access in a given format (idx = row*16 + col, 0..255). */
uint32_t mosaic_tile_get(const mosaic_tu *tu, unsigned reg, mosaic_fmt f, unsigned idx);
void mosaic_tile_set(mosaic_tu *tu, unsigned reg, mosaic_fmt f, unsigned idx, uint32_t bits);
/* Bytes a 16x16 tile of format f occupies (FP4 128, 8-bit 256, ...). */
unsigned mosaic_tile_bytes(mosaic_fmt f);

/* DDC: is [addr, addr+len) inside the region with the needed permission?
 * Address arithmetic that wraps past 2^32 is outside. */
bool mosaic_ddc_allows(const mosaic_tu *tu, uint64_t addr, uint64_t len, bool write);

/* Conversion options implied by mcsr (mfrm, mfp8sat, mfp8sub). */
mosaic_cvt_opts mosaic_tu_cvt_opts(const mosaic_tu *tu);

#endif
