/* Golden-model throughput benchmark (not a test): conversions per second
 * and tmma tile operations per second for FP32, BF16 and INT8 inputs.
 * Wall-clock figures; record them with the machine they came from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mosaic_tu.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* xorshift32: deterministic inputs without global state */
static uint32_t next(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static void bench_convert(mosaic_fmt from, mosaic_fmt to, double seconds)
{
    mosaic_cvt_opts o = mosaic_cvt_default();
    uint32_t seed = 12345, sink = 0;
    unsigned flags = 0;
    long n = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < 4096; i++)
            sink ^= mosaic_convert(from, to, next(&seed) & mosaic_fmt_mask(from), &o, &flags);
        n += 4096;
    } while ((t = now() - t0) < seconds);
    printf("convert %-5s -> %-5s %10.2f M/s   (sink %08x)\n", mosaic_fmt_name(from),
           mosaic_fmt_name(to), (double)n / t / 1e6, (unsigned)sink);
}

static bool no_mem(void *ctx, uint32_t a, uint32_t l, bool w)
{
    (void)ctx, (void)a, (void)l, (void)w;
    return false;
}

static void bench_tmma(mosaic_fmt in, mosaic_fmt acc, double seconds)
{
    mosaic_tu *tu = malloc(sizeof *tu); /* 33 KiB: keep it off the stack */
    if (!tu) {
        fprintf(stderr, "mosaic-bench: out of memory\n");
        exit(1);
    }
    mosaic_tu_reset(tu, NULL);
    mosaic_mem_if mem = {.ctx = NULL, .ok = no_mem, .read = NULL, .write = NULL};
    uint32_t seed = 777;
    for (unsigned r = 1; r <= 2; r++) {
        tu->tag[r] = (uint8_t)in;
        for (unsigned b = 0; b < mosaic_tile_bytes(in); b++)
            tu->treg[r][b] = (uint8_t)(next(&seed) & 0x3F); /* modest magnitudes */
    }
    tu->tag[0] = (uint8_t)acc;
    /* tmma tr0, tr1, tr2: R-type, funct3 111, funct7 1 (docs/isa.md) */
    uint32_t insn = (1u << 25) | (2u << 20) | (1u << 15) | (7u << 12) | (0u << 7) | 0x5Bu;
    long n = 0;
    double t0 = now(), t;
    do {
        for (int i = 0; i < 64; i++) {
            mosaic_tu_result r = mosaic_tu_exec(tu, &mem, insn, 0, 0, 0);
            if (r.trap) {
                fprintf(stderr, "mosaic-bench: tmma trapped (cause %u)\n", (unsigned)r.cause);
                exit(1);
            }
        }
        n += 64;
    } while ((t = now() - t0) < seconds);
    free(tu);
    printf("tmma    %-5s -> %-5s %10.0f tiles/s (%.1f M MAC/s)\n", mosaic_fmt_name(in),
           mosaic_fmt_name(acc), (double)n / t, (double)n * 4096.0 / t / 1e6);
}

int main(int argc, char **argv)
{
    double secs = 1.0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
            secs = atof(argv[++i]);
            if (secs <= 0) {
                fprintf(stderr, "mosaic-bench: bad --seconds value: %s\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--help")) {
            printf("usage: mosaic-bench [--seconds S]\n"
                   "Golden-model throughput: conversions/s and tmma tiles/s.\n");
            return 0;
        } else {
            fprintf(stderr, "mosaic-bench: unknown option: %s\n", argv[i]);
            return 2;
        }
    }
    bench_convert(MOSAIC_FMT_FP32, MOSAIC_FMT_BF16, secs);
    bench_convert(MOSAIC_FMT_FP32, MOSAIC_FMT_FP16, secs);
    bench_convert(MOSAIC_FMT_FP32, MOSAIC_FMT_E4M3, secs);
    bench_convert(MOSAIC_FMT_BF16, MOSAIC_FMT_FP4, secs);
    bench_convert(MOSAIC_FMT_FP32, MOSAIC_FMT_INT8, secs);
    bench_tmma(MOSAIC_FMT_FP32, MOSAIC_FMT_FP32, secs);
    bench_tmma(MOSAIC_FMT_BF16, MOSAIC_FMT_FP32, secs);
    bench_tmma(MOSAIC_FMT_INT8, MOSAIC_FMT_INT32, secs);
    return 0;
}
