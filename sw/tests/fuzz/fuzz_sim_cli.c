/* libFuzzer target: mosaic-sim's command-line parser (tb/verilator/
 * sim_cli.c). The input, split at NUL bytes, is argv[1..] (at most 15
 * arguments); sim_parse_args must accept it, print --help, or refuse it with
 * one line, with and without waveform support; it never crashes. */
#include <stdint.h>
#include <string.h>

#include "sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[4096];
    if (size < 1 || size >= sizeof buf)
        return 0;
    memcpy(buf, data + 1, size - 1);
    buf[size - 1] = '\0';
    char *argv[17] = {"mosaic-sim"};
    int argc = 1;
    for (size_t i = 0; i <= size - 1 && argc < 16;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    sim_options o;
    memset(&o, 0, sizeof o);
    (void)sim_parse_args(argc, argv, &o, data[0] & 1);
    return 0;
}
