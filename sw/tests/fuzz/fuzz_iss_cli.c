/* libFuzzer target: mosaic-iss's command-line parser. The input, split at
 * NUL bytes, is argv[1..] (at most 15 arguments). parse() must accept it,
 * print --help, or refuse it with one line; it never crashes. The parser is
 * static in the tool's source, so that file is compiled into this one with
 * its main renamed. */
#define main mosaic_iss_main
#include "../../golden/cli/mosaic-iss.c"
#undef main

#include "fuzz_argv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[FUZZ_ARGV_BYTES], *argv[FUZZ_ARGV_MAX + 1];
    int argc = fuzz_argv(data, size, "mosaic-iss", buf, argv);
    if (!argc)
        return 0;
    options o;
    memset(&o, 0, sizeof o);
    (void)parse(argc, argv, &o);
    return 0;
}
