/* Shared by the tensor-unit benchmarks (sw/bench/bench_*.c): counter
 * snapshots and the machine-readable BENCH line tools/perf.py reads.
 *
 * On mosaic-iss the cycle counter counts retired instructions and the
 * timing counters (hpmcounter4, 6, 7, 9) read 0; only RTL runs give timing. */
#ifndef MOSAIC_BENCH_H
#define MOSAIC_BENCH_H

#include <stdint.h>
#include <stdio.h>

#include "mosaic.h"

/* mosaic_csr.h names the user-level cycle/hpm counters but not mcycle and
 * minstret themselves. */
#define BENCH_CSR_MCYCLE 0xB00
#define BENCH_CSR_MINSTRET 0xB02

typedef struct {
    uint32_t cycles, insns, tensor_insns, mac_busy, macs, conflicts, tu_stalls, sdma_bytes,
        sdma_busy;
} bench_counters;

/* Every counter the BENCH lines report. The caller fences before the
 * second snapshot so the tensor unit has drained. */
static inline void bench_read(bench_counters *c)
{
    c->cycles = csr_read(BENCH_CSR_MCYCLE);
    c->insns = csr_read(BENCH_CSR_MINSTRET);
    c->tensor_insns = rdhpm(HPM_TENSOR_INSNS);
    c->mac_busy = rdhpm(HPM_MAC_BUSY);
    c->macs = rdhpm(HPM_USEFUL_MACS);
    c->conflicts = rdhpm(HPM_BANK_CONFLICTS);
    c->tu_stalls = rdhpm(HPM_TU_STALLS);
    c->sdma_bytes = rdhpm(HPM_SDMA_BYTES);
    c->sdma_busy = rdhpm(HPM_SDMA_BUSY);
}

static inline bench_counters bench_delta(const bench_counters *a, const bench_counters *b)
{
    bench_counters d = {
        b->cycles - a->cycles,       b->insns - a->insns,         b->tensor_insns - a->tensor_insns,
        b->mac_busy - a->mac_busy,   b->macs - a->macs,           b->conflicts - a->conflicts,
        b->tu_stalls - a->tu_stalls, b->sdma_bytes - a->sdma_bytes, b->sdma_busy - a->sdma_busy,
    };
    return d;
}

/* One line per case: "BENCH <case> n=<N> cycles=... insns=... ...". */
static inline void bench_print(const char *name, unsigned n, const bench_counters *d)
{
    printf("BENCH %s n=%u cycles=%lu insns=%lu tensor_insns=%lu mac_busy=%lu macs=%lu "
           "conflicts=%lu tu_stalls=%lu sdma_bytes=%lu sdma_busy=%lu\n",
           name, n, (unsigned long)d->cycles, (unsigned long)d->insns,
           (unsigned long)d->tensor_insns, (unsigned long)d->mac_busy, (unsigned long)d->macs,
           (unsigned long)d->conflicts, (unsigned long)d->tu_stalls,
           (unsigned long)d->sdma_bytes, (unsigned long)d->sdma_busy);
}

/* 256 small FP32 values (multiples of 1/8 in [-2, 2]) from a seed: every
 * input format holds them closely, and thousands of accumulated 16-term
 * products stay far from overflow in FP32, FP16 and INT32. The caller
 * fences before loading the tile. */
static inline void bench_fill_small(uint32_t *tile, uint32_t seed)
{
    uint32_t s = seed;
    for (unsigned i = 0; i < 256; i++) {
        s = s * 1103515245u + 12345u;
        union {
            float f;
            uint32_t u;
        } v = {.f = (float)((int)((s >> 16) % 33u) - 16) / 8.0f};
        tile[i] = v.u;
    }
}

#endif
