/* libFuzzer target: mosaic-iss's command-line parser. The input, split at
 * NUL bytes, is argv[1..] (at most 15 arguments). parse() must accept it,
 * print --help, or refuse it with one line; it never crashes. The parser is
 * static in the tool's source, so that file is compiled into this one with
 * its main renamed. */
#define main mosaic_iss_main
#include "../../golden/cli/mosaic-iss.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char buf[4096];
    if (size >= sizeof buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[17] = {"mosaic-iss"};
    int argc = 1;
    for (size_t i = 0; i <= size && argc < 16;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    options o;
    memset(&o, 0, sizeof o);
    (void)parse(argc, argv, &o);
    return 0;
}
