/* --load FILE@ADDR for mosaic-iss and mosaic-sim: a data file (a model blob,
 * inputs) placed in simulated memory next to the ELF, checked against the
 * address map. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_iss.h"
#include "mosaic_memmap.h"

static const struct {
    const char *name;
    uint64_t base, size;
} load_mems[] = {
    {"RAM", MOSAIC_RAM_BASE, MOSAIC_RAM_SIZE},
    {"main memory", MOSAIC_MAIN_BASE, MOSAIC_MAIN_SIZE},
    {"scratchpad", MOSAIC_SCPAD_BASE, (uint64_t)MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS},
};

bool mosaic_iss_load_file(mosaic_iss *iss, const char *spec, char *err, size_t errlen)
{
    const char *at = strrchr(spec, '@');
    if (!at || at == spec || !at[1]) {
        snprintf(err, errlen, "--load %s: expected FILE@ADDR", spec);
        return false;
    }
    char *end;
    errno = 0;
    unsigned long long addr = strtoull(at + 1, &end, 0);
    if (*end || errno || at[1] == '-' || addr > 0xFFFFFFFFull) {
        snprintf(err, errlen, "--load %s: bad address '%s'", spec, at + 1);
        return false;
    }
    size_t plen = (size_t)(at - spec);
    char *path = malloc(plen + 1);
    if (!path) {
        snprintf(err, errlen, "--load %s: out of memory", spec);
        return false;
    }
    memcpy(path, spec, plen);
    path[plen] = '\0';
    bool ok = false;
    uint8_t *buf = NULL;
    FILE *f = fopen(path, "rb");
    long size = -1;
    if (!f || fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        snprintf(err, errlen, "--load %s: cannot read the file", path);
        goto out;
    }
    if (size == 0) {
        snprintf(err, errlen, "--load %s: the file is empty", path);
        goto out;
    }
    uint64_t lo = addr, hi = addr + (uint64_t)size; /* [lo, hi) */
    int mem = -1;
    for (int m = 0; m < 3; m++)
        if (lo >= load_mems[m].base && hi <= load_mems[m].base + load_mems[m].size)
            mem = m;
    if (mem < 0) {
        snprintf(err, errlen,
                 "--load %s@0x%08" PRIx64 ": 0x%08" PRIx64 "..0x%08" PRIx64 " (%ld bytes) is not "
                 "inside one memory (RAM 0x%08x+0x%x, main memory 0x%08x+0x%x, scratchpad "
                 "0x%08x+0x%x)",
                 path, lo, lo, hi - 1, size, (unsigned)MOSAIC_RAM_BASE, (unsigned)MOSAIC_RAM_SIZE,
                 (unsigned)MOSAIC_MAIN_BASE, (unsigned)MOSAIC_MAIN_SIZE,
                 (unsigned)MOSAIC_SCPAD_BASE,
                 (unsigned)(MOSAIC_SCPAD_BANK_BYTES * MOSAIC_SCPAD_BANKS));
        goto out;
    }
    buf = malloc((size_t)size);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        snprintf(err, errlen, "--load %s: cannot read the file", path);
        goto out;
    }
    if (!mosaic_iss_write_mem(iss, (uint32_t)lo, buf, (uint32_t)size)) {
        snprintf(err, errlen, "--load %s@0x%08" PRIx64 ": not backed by memory", path, lo);
        goto out;
    }
    ok = true;
out:
    if (f)
        fclose(f);
    free(buf);
    free(path);
    return ok;
}
