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

/* Backing field (as an offset into mosaic_tu) and writable mask of each
 * tensor CSR that has storage; mamul and mmisa are constants. */
typedef struct {
    uint32_t csr;
    size_t offset;
    uint32_t wmask;
} csr_desc;

static const csr_desc csr_table[] = {
    {MOSAIC_CSR_TL_SHAPE, offsetof(mosaic_tu, tl_shape), 0xFFFFFFFFu},
    {MOSAIC_CSR_TL_PERM, offsetof(mosaic_tu, tl_perm), 0xFFu},
    {MOSAIC_CSR_TL_XCFG, offsetof(mosaic_tu, tl_xcfg), 0x1u},
    {MOSAIC_CSR_TL_XSTATUS, offsetof(mosaic_tu, tl_xstatus), 0x3u},
    {MOSAIC_CSR_TL_MASK1, offsetof(mosaic_tu, tl_mask1), 0xFFFFFFFFu},
    {MOSAIC_CSR_TL_MASK2, offsetof(mosaic_tu, tl_mask2), 0xFFFFFFFFu},
    {MOSAIC_CSR_TL_LMASK, offsetof(mosaic_tu, tl_lmask), 0xFFFFFFFFu},
    {MOSAIC_CSR_TL_SMASK, offsetof(mosaic_tu, tl_smask), 0xFFFFFFFFu},
    {MOSAIC_CSR_MCSR, offsetof(mosaic_tu, mcsr), MOSAIC_MCSR_WMASK},
    {MOSAIC_CSR_SDMA_STRIDE, offsetof(mosaic_tu, sdma_stride), 0xFFFFFFFFu},
    {MOSAIC_CSR_SDMA_STATUS, offsetof(mosaic_tu, sdma_status), 0x1Fu},
    {MOSAIC_CSR_SDMA_ERRADDR, offsetof(mosaic_tu, sdma_erraddr), 0xFFFFFFFFu},
    {MOSAIC_CSR_MXCFG, offsetof(mosaic_tu, mxcfg), 0xFFFFFu},
    {MOSAIC_CSR_MXTILE, offsetof(mosaic_tu, mxtile), 0x7FFFFu},
    {MOSAIC_CSR_MXSTATUS, offsetof(mosaic_tu, mxstatus), 0xFu},
    {MOSAIC_CSR_MDDCBASE, offsetof(mosaic_tu, ddc_base), 0xFFFFFFFFu},
    {MOSAIC_CSR_MDDCLIMIT, offsetof(mosaic_tu, ddc_limit), 0xFFFFFFFFu},
    {MOSAIC_CSR_MDDCPERM, offsetof(mosaic_tu, ddc_perm), 0x3u},
    {MOSAIC_CSR_MTILEM, offsetof(mosaic_tu, mtilem), 0},
    {MOSAIC_CSR_MTILEK, offsetof(mosaic_tu, mtilek), 0},
    {MOSAIC_CSR_MTILEN, offsetof(mosaic_tu, mtilen), 0},
};

static const csr_desc *csr_find(uint32_t csr)
{
    for (size_t i = 0; i < sizeof csr_table / sizeof csr_table[0]; i++)
        if (csr_table[i].csr == csr)
            return &csr_table[i];
    return NULL;
}

bool mosaic_tu_csr_is_mine(uint32_t csr)
{
    return csr == MOSAIC_CSR_MAMUL || csr == MOSAIC_CSR_MMISA || csr_find(csr) != NULL;
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
    *value = *(const uint32_t *)((const char *)tu + csr_find(csr)->offset);
    return MOSAIC_CSR_OK;
}

int mosaic_tu_csr_write(mosaic_tu *tu, uint32_t csr, uint32_t value)
{
    if (!mosaic_tu_csr_is_mine(csr))
        return MOSAIC_CSR_NOT_MINE;
    /* 0xC00-0xFFF is the read-only CSR space (RISC-V convention). */
    if (tu->ts == MOSAIC_TS_OFF || (csr >> 10) == 3u)
        return MOSAIC_CSR_ILLEGAL;
    /* mamul and mmisa sit in the read-only range, so d exists here. */
    const csr_desc *d = csr_find(csr);
    *(uint32_t *)((char *)tu + d->offset) = value & d->wmask;
    tu->ts = MOSAIC_TS_DIRTY;
    return MOSAIC_CSR_OK;
}
