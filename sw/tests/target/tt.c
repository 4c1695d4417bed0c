/* Shared test helpers (tt.h). */
#include "tt.h"

uint8_t tt_src[TT_BUF_BYTES] MOSAIC_TENSOR_NOINIT;
uint8_t tt_dst[TT_BUF_BYTES] MOSAIC_TENSOR_NOINIT;

uint32_t tt_get(const void *tile, unsigned fmt, unsigned idx)
{
    const uint8_t *p = tile;
    switch (fmt_bits(fmt)) {
    case 4: return (p[idx / 2] >> (4 * (idx & 1))) & 0xFu;
    case 8: return p[idx];
    case 16: return (uint32_t)p[2 * idx] | (uint32_t)p[2 * idx + 1] << 8;
    default:
        return (uint32_t)p[4 * idx] | (uint32_t)p[4 * idx + 1] << 8 |
               (uint32_t)p[4 * idx + 2] << 16 | (uint32_t)p[4 * idx + 3] << 24;
    }
}

void tt_set(void *tile, unsigned fmt, unsigned idx, uint32_t v)
{
    uint8_t *p = tile;
    switch (fmt_bits(fmt)) {
    case 4: {
        unsigned sh = 4 * (idx & 1);
        p[idx / 2] = (uint8_t)((p[idx / 2] & ~(0xFu << sh)) | ((v & 0xFu) << sh));
        break;
    }
    case 8: p[idx] = (uint8_t)v; break;
    case 16:
        p[2 * idx] = (uint8_t)v;
        p[2 * idx + 1] = (uint8_t)(v >> 8);
        break;
    default:
        for (int i = 0; i < 4; i++)
            p[4 * idx + i] = (uint8_t)(v >> (8 * i));
        break;
    }
}

void tt_fill(void *tile, unsigned fmt, tt_gen gen, uint32_t *st)
{
    for (unsigned i = 0; i < 256; i++)
        tt_set(tile, fmt, i, gen(st));
}

uint32_t tt_rand_f32(uint32_t *st)
{
    uint32_t r = ref_rand(st);
    return (r & 0x807FFFFFu) | ((uint32_t)(119 + (r >> 23) % 16) << 23);
}

uint32_t tt_rand_i8(uint32_t *st) { return ref_rand(st) & 0xFFu; }

uint32_t tt_rand_small(uint32_t *st) { return f2u((float)ref_rand_range(st, -8, 8)); }

int tt_check_tile(const char *file, int line, const char *what, const void *got,
                  const void *want, unsigned fmt, unsigned n)
{
    unsigned bad = 0, first = 0;
    for (unsigned i = 0; i < n; i++)
        if (tt_get(got, fmt, i) != tt_get(want, fmt, i) && bad++ == 0)
            first = i;
    if (!bad)
        return 1;
    return mtest_fail(file, line, "%s: %u of %u elements differ; first [%u][%u] = 0x%lx, want 0x%lx",
                      what, bad, n, first / 16, first % 16,
                      (unsigned long)tt_get(got, fmt, first), (unsigned long)tt_get(want, fmt, first));
}

void tt_reset_csrs(void)
{
    mcsr_write(0);
    tl_tensor_shape_write(0);
    tl_transpose_perm_write(0);
    tl_xpose_config_write(TL_XPOSE_CONFIG_TRAP);
    tl_xpose_status_write(0);
    tl_mask1_write(0);
    tl_mask2_write(0);
    tl_load_mask_write(0);
    tl_store_mask_write(0);
    sdma_stride_write(0);
    sdma_status_write(0);
    sdma_erraddr_write(0);
    mxcfg_write(MXCFG(AME_INT8, AME_INT16, 0, 0));
    mxtile_write(MXTILE(16, 16, MX_TILING_2X2, 0));
    mxstatus_write(0);
    mddcbase_write(0);
    mddclimit_write(0xFFFFFFFFu);
    mddcperm_write(DDC_R | DDC_W);
    msettile_full();
}
