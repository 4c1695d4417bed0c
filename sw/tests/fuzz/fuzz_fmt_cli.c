/* libFuzzer target: mosaic-fmt's command line, whole (parsing, conversion,
 * output). The input, split at NUL bytes, is argv[1..] (at most 15
 * arguments). It must print the conversions, --help, or one error line, and
 * free what it allocated on every path (LeakSanitizer). The tool's source
 * is compiled into this file with its main renamed; stdout goes to
 * /dev/null. */
#include <stdio.h>

#define main mosaic_fmt_main
#include "../../golden/cli/mosaic-fmt.c"
#undef main

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet)
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    char buf[FUZZ_ARGV_BYTES], *argv[FUZZ_ARGV_MAX + 1];
    int argc = fuzz_argv(data, size, "mosaic-fmt", buf, argv);
    if (argc)
        (void)mosaic_fmt_main(argc, argv);
    return 0;
}
