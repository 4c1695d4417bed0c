/* The command-line fuzz targets' shared input format: the bytes, split at
 * NUL, are argv[1..] (at most 15 arguments), argv[0] the tool's name. */
#ifndef FUZZ_ARGV_H
#define FUZZ_ARGV_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { FUZZ_ARGV_BYTES = 4096, FUZZ_ARGV_MAX = 16 };

/* Fills buf (FUZZ_ARGV_BYTES) and argv (FUZZ_ARGV_MAX + 1 entries, NULL
 * terminated); returns argc, or 0 when the input is too long to use. */
static inline int fuzz_argv(const uint8_t *data, size_t size, const char *argv0, char *buf,
                            char **argv)
{
    if (size >= FUZZ_ARGV_BYTES)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    int argc = 0;
    argv[argc++] = (char *)argv0;
    for (size_t i = 0; i <= size && argc < FUZZ_ARGV_MAX;) {
        argv[argc++] = buf + i;
        i += strlen(buf + i) + 1;
    }
    argv[argc] = NULL;
    return argc;
}

#endif
