/* Atalla kernel benchmark (docs/performance.md "Atalla kernels"): one BENCH
 * line (sw/bench/bench.h) per kernel, counters around the call:
 *   atalla_gemm 256x256x256 BF16 (n = 4096 tile products: MAC utilization
 *   = macs / (cycles x 256) on 16x16), atalla_add/mul/relu on 1 MiB
 *   tensors, atalla_softmax on 256x1024, atalla_transpose of 512x512
 *   (n = bytes of the output; bytes per cycle = sdma_bytes / cycles).
 * Run on the 16x16 RTL with --no-cosim --dram-latency 100 --dram-bw 16
 * (`make atalla-bench`). The tensors are not filled (main memory starts
 * zero in simulation): filling 1 MiB from the scalar core would take longer
 * than the kernels, whose timing does not depend on the values. Every call
 * must return 0 and move exactly the bytes its rule implies, else exit 1. */
#include <stdio.h>

#include "atalla.h"
#include "bench.h"
#include "mosaic_rt.h"

#define EW_N (512u * 1024u) /* 1 MiB of BF16 */
static bf16 T0[EW_N] MOSAIC_TENSOR_NOINIT;
static bf16 T1[EW_N] MOSAIC_TENSOR_NOINIT;
static bf16 T2[EW_N] MOSAIC_TENSOR_NOINIT;

static int fails;

static void set2(atalla_tensor *t, bf16 *d, int32_t r, int32_t c)
{
    *t = (atalla_tensor){d, 2, {r, c, 0, 0}, {c, 1, 0, 0}};
}

typedef int (*kernel_fn)(void);

static atalla_tensor ta, tb, to;
static int k_gemm(void) { return atalla_gemm(&ta, &tb, &to); }
static int k_add(void) { return atalla_add(&ta, &tb, &to); }
static int k_mul(void) { return atalla_mul(&ta, &tb, &to); }
static int k_relu(void) { return atalla_relu(&ta, &to); }
static int k_softmax(void) { return atalla_softmax(&ta, 1, &to); }
static int k_transpose(void) { return atalla_transpose(&ta, 0, 1, &to); }

/* The SDMA traffic of atalla_add without the tile work: per 4 KiB chunk
 * two loads and a store (32 rows of 128 bytes each), into three scratchpad
 * buffers. What the engine and the DRAM model allow this mix, the ceiling
 * the elementwise kernels are measured against. */
static int k_sdma_mix(void)
{
    int s0, s1, s2;
    void *b0 = scpad_alloc(4096, 256, &s0), *b1 = scpad_alloc(4096, 256, &s1);
    void *b2 = scpad_alloc(4096, 256, &s2);
    if (!b0 || !b1 || !b2)
        return -1;
    uint32_t shape = SDMA_SHAPE(32, 32, 2);
    mosaic_fence();
    sdma_stride_write(128);
    for (uint32_t off = 0; off < 2 * EW_N; off += 4096) {
        scpad_ld(shape, (uint32_t)(uintptr_t)b0, (const char *)T0 + off);
        scpad_ld(shape, (uint32_t)(uintptr_t)b1, (const char *)T1 + off);
        scpad_st(shape, (uint32_t)(uintptr_t)b2, (char *)T2 + off);
    }
    scpad_wait();
    mosaic_fence();
    scpad_free(b0, s0);
    scpad_free(b1, s1);
    scpad_free(b2, s2);
    return 0;
}

static void bench(const char *name, kernel_fn f, unsigned n, uint32_t want_bytes)
{
    bench_counters a, b;
    bench_read(&a);
    int rc = f();
    bench_read(&b);
    bench_counters d = bench_delta(&a, &b);
    bench_print(name, n, &d);
    if (rc != 0 || (want_bytes && d.sdma_bytes != want_bytes)) {
        printf("FAIL: %s: returned %d, %lu SDMA bytes (want %lu)\n", name, rc,
               (unsigned long)d.sdma_bytes, (unsigned long)want_bytes);
        fails++;
    } else {
        printf("PASS: %s\n", name);
    }
}

int main(void)
{
    /* GEMM: A read once per 64-column panel (4), B once, C written once. */
    set2(&ta, T0, 256, 256);
    set2(&tb, T1, 256, 256);
    set2(&to, T2, 256, 256);
    bench("gemm_atalla_256", k_gemm, 4096, 4u * 131072u + 131072u + 131072u);
    set2(&ta, T0, 512, 1024);
    set2(&tb, T1, 512, 1024);
    set2(&to, T2, 512, 1024);
    bench("sdma_mix_1MiB", k_sdma_mix, 3u << 20, 3u << 20);
    bench("ew_add_1MiB", k_add, 3u << 20, 3u << 20);
    bench("ew_mul_1MiB", k_mul, 3u << 20, 3u << 20);
    bench("ew_relu_1MiB", k_relu, 2u << 20, 2u << 20);
    set2(&ta, T0, 256, 1024);
    set2(&to, T2, 256, 1024);
    bench("softmax_256x1024", k_softmax, 1u << 20, 1u << 20);
    set2(&ta, T0, 512, 512);
    set2(&to, T2, 512, 512);
    bench("transpose_512x512", k_transpose, 1u << 20, 1u << 20);
    return fails;
}
