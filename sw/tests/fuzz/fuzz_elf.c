/* libFuzzer target: the ISS's ELF loader on arbitrary bytes
 * (mosaic_iss_load_elf_mem). A bad image must be refused with a one-line
 * reason; an image it accepts runs for at most 2 000 instructions (with a
 * UART that swallows output). Nothing may crash, read out of bounds or hit
 * undefined behaviour (ASan, UBSan). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_iss.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void uart_drop(void *ctx, uint8_t byte)
{
    (void)ctx;
    (void)byte;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mosaic_iss *iss = mosaic_iss_create();
    if (!iss)
        abort();
    mosaic_iss_set_uart(iss, uart_drop, NULL);
    char err[256] = "";
    if (mosaic_iss_load_elf_mem(iss, data, size, err, sizeof err)) {
        mosaic_iss_reset(iss);
        for (int i = 0; i < 2000 && mosaic_iss_step(iss, NULL); i++)
            ;
    } else if (!err[0] || strchr(err, '\n')) {
        fprintf(stderr, "fuzz_elf: refused without a one-line reason: \"%s\"\n", err);
        abort();
    }
    mosaic_iss_destroy(iss);
    return 0;
}
