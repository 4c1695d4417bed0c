/* Atalla's SDMA on Mosaic: scpad.ld / scpad.st / scpad.wait.
 *
 * Atalla moves 32x32 BF16 tiles (2048 bytes) between DRAM and a two-bank
 * scratchpad, `sid` naming the bank. On Mosaic the bank is implied by the
 * scratchpad address, the shape travels in a register and the DRAM row
 * stride in sdma_stride (R15). This program
 *   1. round-trips one 32x32 tile of a 64x64 BF16 matrix through bank 0,
 *   2. runs Atalla's element-wise add flow: A and B tiles into banks 0 and
 *      1, the tensor unit adds the four 16x16 quarters straight from the
 *      scratchpad, the sum goes back to DRAM,
 *   3. shows a bad transfer (crossing a bank) surfacing at scpad.wait. */
#include <stdio.h>
#include <string.h>

#include "mosaic.h"
#include "mosaic_rt.h"
#include "mref.h"
#include "mtest.h"

#define N 64 /* DRAM matrices are N x N BF16, row stride 128 bytes */
#define TILE 32
#define TILE_SHAPE SDMA_SHAPE(TILE, TILE, 1) /* 32 rows x 32 BF16 */

static uint16_t dram_a[N * N] MOSAIC_TENSOR;
static uint16_t dram_b[N * N] MOSAIC_TENSOR;
static uint16_t dram_c[N * N] MOSAIC_TENSOR;
/* Scratchpad tiles, 256-byte aligned as Atalla asks. */
static uint16_t sp_a[TILE * TILE] MOSAIC_SCPAD_BANK0;
static uint16_t sp_c[TILE * TILE] MOSAIC_SCPAD_BANK0;
static uint16_t sp_b[TILE * TILE] MOSAIC_SCPAD_BANK1;

#define SP(x) ((uint32_t)(uintptr_t)(x))

static void fill(uint16_t *m, uint32_t seed)
{
    uint32_t st = seed;
    for (unsigned i = 0; i < N * N; i++) { /* BF16 values in [1/8, 8) */
        uint32_t r = ref_rand(&st);
        m[i] = (uint16_t)(((r & 1u) << 15) | ((124 + (r >> 1) % 6) << 7) | ((r >> 8) & 0x7F));
    }
}

static void tile_roundtrip(void)
{
    fill(dram_a, 1);
    memset(dram_c, 0, sizeof dram_c);
    mosaic_fence();
    uint16_t *src = &dram_a[TILE * N + TILE], *dst = &dram_c[TILE * N + TILE]; /* tile (1,1) */
    uint32_t b0 = rdhpm(HPM_SDMA_BYTES);
    sdma_stride_write(N * 2);
    scpad_ld(TILE_SHAPE, SP(sp_a), src);
    scpad_st(TILE_SHAPE, SP(sp_a), dst);
    scpad_wait();
    mosaic_fence();
    for (unsigned r = 0; r < N; r++)
        for (unsigned c = 0; c < N; c++) {
            uint16_t want = (r >= TILE && c >= TILE) ? dram_a[r * N + c] : 0;
            if (!CHECKF(dram_c[r * N + c] == want, "C[%u][%u] = 0x%04x, want 0x%04x", r, c,
                        dram_c[r * N + c], want))
                return;
        }
    printf("round trip: tile (1,1) of a 64x64 BF16 matrix via bank 0, %lu SDMA bytes\n",
           (unsigned long)(rdhpm(HPM_SDMA_BYTES) - b0));
}

/* One 16x16 quarter (qr, qc) of the 32x32 tiles: tld from the scratchpad
 * with the tile's row pitch (64 bytes), tadd, tst back. */
#define ADD_QUARTER(qr, qc)                                                    \
    do {                                                                       \
        unsigned off_ = (qr) * 16 * TILE + (qc) * 16;                          \
        tld(1, SP(sp_a + off_), TILE * 2);                                     \
        tld(2, SP(sp_b + off_), TILE * 2);                                     \
        tadd(3, 1, 2);                                                         \
        tst(3, SP(sp_c + off_), TILE * 2);                                     \
    } while (0)

static void elementwise_add(void)
{
    fill(dram_a, 2);
    fill(dram_b, 3);
    mosaic_fence();
    tinit(1, FMT_BF16);
    tinit(2, FMT_BF16);
    tinit(3, FMT_BF16);
    sdma_stride_write(N * 2);
    for (unsigned tr = 0; tr < N / TILE; tr++)
        for (unsigned tc = 0; tc < N / TILE; tc++) {
            unsigned base = tr * TILE * N + tc * TILE;
            scpad_ld(TILE_SHAPE, SP(sp_a), &dram_a[base]); /* bank 0 */
            scpad_ld(TILE_SHAPE, SP(sp_b), &dram_b[base]); /* bank 1 */
            ADD_QUARTER(0, 0);
            ADD_QUARTER(0, 1);
            ADD_QUARTER(1, 0);
            ADD_QUARTER(1, 1);
            scpad_st(TILE_SHAPE, SP(sp_c), &dram_c[base]);
        }
    scpad_wait();
    mosaic_fence();
    unsigned bad = 0;
    for (unsigned i = 0; i < N * N; i++) {
        uint16_t want = ref_f32_to_bf16(ref_bf16_to_f32(dram_a[i]) + ref_bf16_to_f32(dram_b[i]));
        if (dram_c[i] != want && bad++ == 0)
            CHECKF(0, "C[%u] = 0x%04x, want 0x%04x", i, dram_c[i], want);
    }
    if (!bad)
        printf("add: 64x64 BF16 as four 32x32 tiles, SDMA double-banked, all %u sums exact\n",
               N * N);
}

/* A transfer that would cross from bank 0 into bank 1 moves nothing; the
 * error is reported by the next scpad.wait (cause 5 for a load, mtval = the
 * DRAM address) and stays until software clears sdma_status. */
static void bad_transfer(void)
{
    uint32_t last_rows = MOSAIC_SCPAD_BASE + MOSAIC_SCPAD_BANK_BYTES - 1024;
    sdma_status_write(0);
    scpad_ld(TILE_SHAPE, last_rows, dram_a); /* 2048 bytes from 1 KiB before the end */
    uint32_t st = sdma_status_read();
    CHECK_EQ_U32(FIELD_GET(SDMA_STATUS_CODE, st), SDMA_ERR_BANK);
    CHECK_TRAP(scpad_wait(), CAUSE_LOAD_FAULT, (uintptr_t)dram_a);
    printf("bad transfer: sdma_status 0x%02lx (code %lu: bank crossing), scpad.wait trapped\n",
           (unsigned long)st, (unsigned long)FIELD_GET(SDMA_STATUS_CODE, st));
    sdma_status_write(0);
    CHECK_NO_TRAP(scpad_wait());
}

int main(void)
{
    printf("Atalla SDMA on Mosaic (custom-0: scpad.ld, scpad.st, scpad.wait)\n");
    MTEST_RUN(tile_roundtrip);
    MTEST_RUN(elementwise_add);
    MTEST_RUN(bad_transfer);
    return mtest_finish();
}
