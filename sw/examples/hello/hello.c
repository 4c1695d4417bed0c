/* Smallest Mosaic program: print through the UART, read the counters, run
 * one tensor instruction and see it counted. */
#include <stdio.h>

#include "mosaic.h"
#include "mosaic_rt.h"

int main(void)
{
    printf("hello from Mosaic (RV32IM + tensor unit)\n");

    mosaic_perf a, b, d;
    mosaic_perf_read(&a);
    tinit(1, FMT_FP32); /* tzero + tcvt: two tensor instructions */
    mosaic_perf_read(&b);
    mosaic_perf_delta(&d, &a, &b);

    printf("cycle %lu instret %lu\n", (unsigned long)b.cycle, (unsigned long)b.instret);
    for (unsigned n = HPM_FIRST; n <= HPM_LAST; n++)
        printf("hpmcounter%u %-14s %lu\n", n, mosaic_hpm_name(n), (unsigned long)b.hpm[n]);

    int ok = d.hpm[HPM_TENSOR_INSNS] == 2;
    printf("%s: hello tensor instructions counted (%lu, expected 2)\n", ok ? "PASS" : "FAIL",
           (unsigned long)d.hpm[HPM_TENSOR_INSNS]);
    return ok ? 0 : 1;
}
