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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int quiet;
    if (!quiet)
        quiet = freopen("/dev/null", "w", stdout) != NULL;
    char buf[4096];
    if (size >= sizeof buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[17] = {"mosaic-fmt"};
    int argc = 1;
    for (size_t i = 0; i <= size && argc < 16;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    (void)mosaic_fmt_main(argc, argv);
    return 0;
}
