/* libFuzzer target: mosaic-sim's command-line parser (tb/verilator/
 * sim_cli.c). Bit 0 of the first input byte says whether the binary has
 * waveform support; the rest, split at NUL bytes, is argv[1..] (at most 15
 * arguments). sim_parse_args must accept it, print --help, or refuse it
 * with one line; it never crashes. */
#include <stdint.h>
#include <string.h>

#include "fuzz_argv.h"
#include "sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[FUZZ_ARGV_BYTES], *argv[FUZZ_ARGV_MAX + 1];
    int argc = size ? fuzz_argv(data + 1, size - 1, "mosaic-sim", buf, argv) : 0;
    if (!argc)
        return 0;
    sim_options o;
    memset(&o, 0, sizeof o);
    (void)sim_parse_args(argc, argv, &o, data[0] & 1);
    return 0;
}
