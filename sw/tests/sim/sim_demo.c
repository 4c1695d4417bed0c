/* Scalar demo for the RTL (`make sim-demo`): UART output, a small integer
 * kernel checked two ways, and the core's own counters. Uses no tensor
 * instruction, so it runs on mosaic_soc without a tensor unit; mosaic-sim
 * compares every instruction with the ISS (the cycle counter reads take the
 * RTL's values). */
#include <stdint.h>
#include <stdio.h>

#include "mosaic_csr.h"

#define N 12

static int32_t a[N][N], b[N][N], c[N][N];

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 16;
}

int main(void)
{
    printf("hello from the Mosaic RTL (RV32IM, no tensor unit)\n");

    uint32_t seed = 1;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (int32_t)(lcg(&seed) % 201) - 100;
            b[i][j] = (int32_t)(lcg(&seed) % 201) - 100;
        }

    uint32_t c0 = rdcycle(), i0 = rdinstret();
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
    uint32_t c1 = rdcycle(), i1 = rdinstret();

    /* Check: sum(C) = sum_k colsum(A)[k] * rowsum(B)[k]. */
    int64_t sum = 0, want = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            sum += c[i][j];
    for (int k = 0; k < N; k++) {
        int64_t ca = 0, rb = 0;
        for (int i = 0; i < N; i++) {
            ca += a[i][k];
            rb += b[k][i];
        }
        want += ca * rb;
    }
    /* Division and remainder, checked by multiplying back. */
    int ok = sum == want;
    for (int i = 1; i < 50; i++) {
        int32_t x = c[i % N][(3 * i) % N], d = i * 7 - 100;
        if (d != 0 && (x / d) * d + x % d != x)
            ok = 0;
    }

    uint32_t cyc = c1 - c0, ins = i1 - i0;
    printf("%dx%d int32 matmul: checksum %ld (%s)\n", N, N, (long)sum, ok ? "ok" : "WRONG");
    printf("kernel: %lu cycles, %lu instructions, CPI %lu.%03lu\n", (unsigned long)cyc,
           (unsigned long)ins, (unsigned long)(cyc / ins),
           (unsigned long)((cyc % ins) * 1000u / ins));
    printf("%s: sim_demo\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
