/* Tensor CSRs: addresses, read-only fields, WARL masks, TS gating. */
#include <stddef.h>

#include "tu_internal.h"

/* Matrix ISA register (mmisa): bit per feature, in the order the matrix
 * programmer's model lists them (docs/isa.md). */
#define MMISA_MMI8I32 (1u << 1)
#define MMISA_MMI16I16 (1u << 2)
#define MMISA_MMI16I32 (1u << 3)
#define MMISA_MMTF32FP32 (1u << 8)
#define MMISA_MMFP32FP32 (1u << 9)
#define MMISA_MMF16FP32 (1u << 11)
#define MMISA_MMFP16FP16 (1u << 12)
#define MMISA_MMF8F32 (1u << 13)
#define MMISA_MMF8F16 (1u << 14)
#define MMISA_MAB (1u << 15)
#define MMISA_MATB (1u << 16)
#define MMISA_MABT (1u << 17)
#define MMISA_MFEW (1u << 20)
#define MMISA_MIEW (1u << 22)

static const uint32_t mmisa_value = MMISA_MMI8I32 | MMISA_MMI16I16 | MMISA_MMI16I32 |
                                    MMISA_MMTF32FP32 | MMISA_MMFP32FP32 | MMISA_MMF16FP32 |
                                    MMISA_MMFP16FP16 | MMISA_MMF8F32 | MMISA_MMF8F16 |
                                    MMISA_MAB | MMISA_MATB | MMISA_MABT | MMISA_MFEW |
                                    MMISA_MIEW;

/* Pointer to the backing field and its writable mask; NULL if not ours. */
static uint32_t *csr_field(mosaic_tu *tu, uint32_t csr, uint32_t *wmask)
{
    switch (csr) {
    case MOSAIC_CSR_TL_SHAPE: *wmask = 0xFFFFFFFFu; return &tu->tl_shape;
    case MOSAIC_CSR_TL_PERM: *wmask = 0xFFu; return &tu->tl_perm;
    case MOSAIC_CSR_TL_XCFG: *wmask = 0x1u; return &tu->tl_xcfg;
    case MOSAIC_CSR_TL_XSTATUS: *wmask = 0x3u; return &tu->tl_xstatus;
    case MOSAIC_CSR_TL_MASK1: *wmask = 0xFFFFFFFFu; return &tu->tl_mask1;
    case MOSAIC_CSR_TL_MASK2: *wmask = 0xFFFFFFFFu; return &tu->tl_mask2;
    case MOSAIC_CSR_TL_LMASK: *wmask = 0xFFFFFFFFu; return &tu->tl_lmask;
    case MOSAIC_CSR_TL_SMASK: *wmask = 0xFFFFFFFFu; return &tu->tl_smask;
    case MOSAIC_CSR_MCSR: *wmask = MOSAIC_MCSR_WMASK; return &tu->mcsr;
    case MOSAIC_CSR_SDMA_STRIDE: *wmask = 0xFFFFFFFFu; return &tu->sdma_stride;
    case MOSAIC_CSR_SDMA_STATUS: *wmask = 0x1Fu; return &tu->sdma_status;
    case MOSAIC_CSR_SDMA_ERRADDR: *wmask = 0xFFFFFFFFu; return &tu->sdma_erraddr;
    case MOSAIC_CSR_MXCFG: *wmask = 0xFFFFFu; return &tu->mxcfg;
    case MOSAIC_CSR_MXTILE: *wmask = 0x7FFFFu; return &tu->mxtile;
    case MOSAIC_CSR_MXSTATUS: *wmask = 0xFu; return &tu->mxstatus;
    case MOSAIC_CSR_MDDCBASE: *wmask = 0xFFFFFFFFu; return &tu->ddc_base;
    case MOSAIC_CSR_MDDCLIMIT: *wmask = 0xFFFFFFFFu; return &tu->ddc_limit;
    case MOSAIC_CSR_MDDCPERM: *wmask = 0x3u; return &tu->ddc_perm;
    case MOSAIC_CSR_MTILEM: *wmask = 0; return &tu->mtilem;
    case MOSAIC_CSR_MTILEK: *wmask = 0; return &tu->mtilek;
    case MOSAIC_CSR_MTILEN: *wmask = 0; return &tu->mtilen;
    default: return NULL;
    }
}

bool mosaic_tu_csr_is_mine(uint32_t csr)
{
    mosaic_tu scratch_tu; /* only the address decode is used */
    uint32_t m;
    return csr == MOSAIC_CSR_MAMUL || csr == MOSAIC_CSR_MMISA ||
           csr_field(&scratch_tu, csr, &m) != NULL;
}

int mosaic_tu_csr_read(const mosaic_tu *tu, uint32_t csr, uint32_t *value)
{
    if (!mosaic_tu_csr_is_mine(csr))
        return MOSAIC_CSR_NOT_MINE;
    if (tu->ts == MOSAIC_TS_OFF)
        return MOSAIC_CSR_ILLEGAL;
    if (csr == MOSAIC_CSR_MAMUL) {
        *value = 0; /* AMUL = 1: accumulators are ordinary registers */
        return MOSAIC_CSR_OK;
    }
    if (csr == MOSAIC_CSR_MMISA) {
        *value = mmisa_value;
        return MOSAIC_CSR_OK;
    }
    uint32_t m;
    *value = *csr_field((mosaic_tu *)tu, csr, &m);
    return MOSAIC_CSR_OK;
}

int mosaic_tu_csr_write(mosaic_tu *tu, uint32_t csr, uint32_t value)
{
    if (!mosaic_tu_csr_is_mine(csr))
        return MOSAIC_CSR_NOT_MINE;
    /* 0xC00-0xFFF is the read-only CSR space (RISC-V convention). */
    if (tu->ts == MOSAIC_TS_OFF || (csr >> 10) == 3u)
        return MOSAIC_CSR_ILLEGAL;
    uint32_t wmask;
    uint32_t *f = csr_field(tu, csr, &wmask);
    *f = value & wmask;
    tu->ts = MOSAIC_TS_DIRTY;
    return MOSAIC_CSR_OK;
}
