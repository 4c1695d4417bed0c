/* TensorLoad's Appendix A examples as docs/isa.md resolves them.
 *
 * A.1 transposes a [8,16,8,2] tensor, which holds 2048 bytes: more than a
 * 1024-byte register, so Mosaic treats the descriptor as bad (R6): it traps
 * while tl_xpose_config.TRAP = 1 and only records the error while it is 0.
 * The same flow with the legal shape [8,16,8,1] transposes. A.2
 * concatenates along dimension 2 and A.3 loads with a mask; both read mask
 * bit i as position/slice i (R7), so A.3's 0xCC loads slices 2, 3, 6, 7.
 * The seed places these on custom-2; Mosaic moved TensorLoad to custom-3. */
#include <stdio.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mtest.h"

static uint8_t mem_in[1024] MOSAIC_TENSOR;
static uint8_t mem_out[1024] MOSAIC_TENSOR;
static uint8_t want[1024];

#define FULL TL_DESC(4, 16, 16, 1) /* whole register, for moving bytes */

static void put_reg1(void)
{
    for (unsigned i = 0; i < 1024; i++)
        mem_in[i] = (uint8_t)(i * 13 + (i >> 7));
    mosaic_fence();
    tl_load_mask_write(0xF);
    tl_mload(2, FULL, mem_in); /* t2 = the source tensor */
}

#define GET(tr)                                                                \
    do {                                                                       \
        tl_store_mask_write(0xF);                                              \
        tl_mstore(tr, mem_out, FULL);                                          \
        mosaic_fence();                                                        \
    } while (0)

/* li x10, 0x02081008 ; tl.xpose.01 t1, t2, x10 */
static void a1_bad_descriptor(void)
{
    put_reg1();
    uint32_t x10 = 0x02081008u; /* [8,16,8,2]: 2048 bytes */
    tl_xpose_config_write(TL_XPOSE_CONFIG_TRAP);
    tl_xpose_status_write(0);
    CHECK_ILLEGAL(tl_xpose_01(1, 2, x10));
    CHECK_EQ_U32(tl_xpose_status_read(), TL_XSTATUS_TOO_BIG);
    printf("A.1: [8,16,8,2] is 2048 bytes: illegal-instruction trap, tl_xpose_status = %lu\n",
           (unsigned long)tl_xpose_status_read());

    tl_xpose_config_write(0);
    tl_xpose_status_write(0);
    CHECK_NO_TRAP(tl_xpose_01(1, 2, x10));
    CHECK_EQ_U32(tl_xpose_status_read(), TL_XSTATUS_TOO_BIG);
    tl_xpose_config_write(TL_XPOSE_CONFIG_TRAP);
    tl_xpose_status_write(0);
}

/* The same with D3 = 1: [8,16,8,1] -> [16,8,8,1] */
static void a1_legal_shape(void)
{
    put_reg1();
    uint32_t x10 = 0x01081008u;
    tl_xpose_01(1, 2, x10);
    GET(1);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = 0; j < 16; j++)
            for (unsigned k = 0; k < 8; k++)
                want[(j * 8 + i) * 8 + k] = mem_in[(i * 16 + j) * 8 + k];
    CHECK_MEM(mem_out, want, 1024);
    CHECK_EQ_U32(tl_tensor_shape_read(), TL_DESC(16, 8, 8, 1));
    CHECK_EQ_U32(tl_transpose_perm_read(), TL_PERM(1, 0, 2, 3));
    printf("A.1 with [8,16,8,1]: result shape 0x%08lx, permutation 0x%02lx\n",
           (unsigned long)tl_tensor_shape_read(), (unsigned long)tl_transpose_perm_read());
}

/* li x20, 0xC ; li x21, 0x3 ; csrrw tl_mask1/2 ; tl.concat.2 t10, t11, t12 */
static void a2_concat(void)
{
    /* t11, t12: [2,2,4,4] tensors (64 bytes) */
    for (unsigned i = 0; i < 64; i++) {
        mem_in[i] = (uint8_t)(0x10 + i);
        mem_in[64 + i] = (uint8_t)(0x80 + i);
    }
    mosaic_fence();
    tl_load_mask_write(0x3);
    tl_mload(11, TL_DESC(2, 2, 4, 4), mem_in);      /* slices 0, 1 of 32 bytes */
    tl_mload(12, TL_DESC(2, 2, 4, 4), mem_in + 64);
    tl_tensor_shape_write(TL_DESC(2, 2, 4, 4));
    tl_mask1_write(0xC); /* positions 2, 3 of t11 */
    tl_mask2_write(0x3); /* positions 0, 1 of t12 */
    tl_concat_2(10, 11, 12);
    GET(10);
    memset(want, 0, sizeof want);
    for (unsigned o = 0; o < 4; o++) { /* outer = D0*D1, inner = D3 = 4 */
        memcpy(want + (o * 4 + 0) * 4, mem_in + (o * 4 + 2) * 4, 8);
        memcpy(want + (o * 4 + 2) * 4, mem_in + 64 + (o * 4 + 0) * 4, 8);
    }
    CHECK_MEM(mem_out, want, 1024);
    CHECK_EQ_U32(tl_tensor_shape_read(), TL_DESC(2, 2, 4, 4));
    printf("A.2: concat along dim 2 took positions 2,3 of t11 then 0,1 of t12\n");
}

/* li x10, 0x01081008 ; li x11, base ; li x12, 0xCC ; tl.mload t1, x10, x11 */
static void a3_masked_load(void)
{
    for (unsigned i = 0; i < 1024; i++)
        mem_in[i] = (uint8_t)(i / 128 + 1); /* slice s holds s+1 */
    mosaic_fence();
    tl_load_mask_write(0xCC);
    tl_mload(1, 0x01081008u, mem_in);
    GET(1);
    memset(want, 0, sizeof want);
    for (unsigned s = 0; s < 8; s++)
        if ((0xCCu >> s) & 1)
            memset(want + 128 * s, (int)(s + 1), 128);
    CHECK_MEM(mem_out, want, 1024);
    printf("A.3: mask 0xCC loaded slices");
    for (unsigned s = 0; s < 8; s++)
        if (mem_out[128 * s])
            printf(" %u", s);
    printf(" (bit i = slice i); the rest of t1 is zero\n");
}

int main(void)
{
    printf("TensorLoad Appendix A on Mosaic (custom-3)\n");
    MTEST_RUN(a1_bad_descriptor);
    MTEST_RUN(a1_legal_shape);
    MTEST_RUN(a2_concat);
    MTEST_RUN(a3_masked_load);
    return mtest_finish();
}
