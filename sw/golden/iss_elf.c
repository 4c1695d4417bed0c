/* ELF32 little-endian RISC-V executable loader. Input is untrusted (the
 * malformed-input tests feed it truncated and corrupted files under
 * ASan/UBSan): every offset and size is checked in 64-bit arithmetic before
 * use, and fields are read byte by byte, never through casts of the file. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iss_internal.h"

#define EM_RISCV 243
#define ET_EXEC 2
#define PT_LOAD 1
#define SHT_SYMTAB 2
#define EHDR_SIZE 52
#define PHDR_SIZE 32
#define SHDR_SIZE 40
#define SYM_SIZE 16
#define MAX_ELF_BYTES (256u << 20) /* far more than all memories together */

typedef struct {
    const uint8_t *b;
    size_t len;
    char *err;
    size_t errlen;
} elf_in;

static bool fail(elf_in *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (in->errlen)
        vsnprintf(in->err, in->errlen, fmt, ap);
    va_end(ap);
    return false;
}

static uint32_t rd16(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static bool in_file(const elf_in *in, uint64_t off, uint64_t size)
{
    return off <= in->len && size <= in->len - off;
}

void iss_symbols_free(mosaic_iss *s)
{
    for (size_t i = 0; i < s->nsyms; i++)
        free(s->syms[i].name);
    free(s->syms);
    s->syms = NULL;
    s->nsyms = 0;
    s->has_tohost = false;
}

bool mosaic_iss_symbol(const mosaic_iss *s, const char *name, uint32_t *addr)
{
    for (size_t i = 0; i < s->nsyms; i++) {
        if (strcmp(s->syms[i].name, name) == 0) {
            if (addr)
                *addr = s->syms[i].value;
            return true;
        }
    }
    return false;
}

static bool check_header(elf_in *in)
{
    const uint8_t *b = in->b;
    if (in->len < 4 || memcmp(b, "\177ELF", 4) != 0)
        return fail(in, "not an ELF file");
    if (in->len < EHDR_SIZE)
        return fail(in, "truncated ELF header (%zu bytes)", in->len);
    if (b[4] != 1)
        return fail(in, "not ELFCLASS32 (class %u)", b[4]);
    if (b[5] != 1)
        return fail(in, "not little-endian (data encoding %u)", b[5]);
    if (b[6] != 1)
        return fail(in, "bad ELF version %u", b[6]);
    if (rd16(b + 18) != EM_RISCV)
        return fail(in, "not a RISC-V ELF (machine %u)", rd16(b + 18));
    if (rd16(b + 16) != ET_EXEC)
        return fail(in, "not an executable (type %u)", rd16(b + 16));
    return true;
}

/* Copy one PT_LOAD segment. Segments must lie inside one memory. */
static bool load_segment(mosaic_iss *s, elf_in *in, unsigned idx, const uint8_t *ph)
{
    uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12);
    uint32_t filesz = rd32(ph + 16), memsz = rd32(ph + 20);
    if (memsz == 0)
        return true;
    if (filesz > memsz)
        return fail(in, "segment %u: file size 0x%x exceeds memory size 0x%x", idx, filesz,
                    memsz);
    if (!in_file(in, off, filesz))
        return fail(in, "segment %u: file data [0x%x, +0x%x) past end of file", idx, off, filesz);
    uint8_t *dst = iss_mem_ptr(s, paddr, memsz);
    if (!dst)
        return fail(in, "segment %u: [0x%08x, +0x%x) outside memory", idx, paddr, memsz);
    memcpy(dst, in->b + off, filesz);
    memset(dst + filesz, 0, memsz - filesz);
    return true;
}

static bool load_segments(mosaic_iss *s, elf_in *in)
{
    const uint8_t *b = in->b;
    uint32_t phoff = rd32(b + 28), phentsize = rd16(b + 42), phnum = rd16(b + 44);
    if (phnum == 0)
        return fail(in, "no program headers");
    if (phentsize != PHDR_SIZE)
        return fail(in, "bad program header size %u", phentsize);
    if (!in_file(in, phoff, (uint64_t)phnum * PHDR_SIZE))
        return fail(in, "program headers (offset 0x%x, %u entries) past end of file", phoff,
                    phnum);
    unsigned loaded = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = b + phoff + (size_t)i * PHDR_SIZE;
        if (rd32(ph) != PT_LOAD)
            continue;
        if (!load_segment(s, in, i, ph))
            return false;
        loaded++;
    }
    if (!loaded)
        return fail(in, "no loadable segment");
    return true;
}

/* Symbols are optional (a stripped file has none), but a section table that
 * is present must be well formed. */
static bool load_symbols(mosaic_iss *s, elf_in *in)
{
    const uint8_t *b = in->b;
    uint32_t shoff = rd32(b + 32), shentsize = rd16(b + 46), shnum = rd16(b + 48);
    if (shoff == 0 || shnum == 0)
        return true;
    if (shentsize != SHDR_SIZE)
        return fail(in, "bad section header size %u", shentsize);
    if (!in_file(in, shoff, (uint64_t)shnum * SHDR_SIZE))
        return fail(in, "section headers (offset 0x%x, %u entries) past end of file", shoff,
                    shnum);
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = b + shoff + (size_t)i * SHDR_SIZE;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        if (!in_file(in, off, size) || link >= shnum)
            return fail(in, "symbol table (section %u) out of bounds", i);
        const uint8_t *strh = b + shoff + (size_t)link * SHDR_SIZE;
        uint32_t stroff = rd32(strh + 16), strsize = rd32(strh + 20);
        if (!in_file(in, stroff, strsize))
            return fail(in, "string table (section %u) out of bounds", link);
        size_t n = size / SYM_SIZE;
        iss_symbol *syms = calloc(n ? n : 1, sizeof *syms);
        if (!syms)
            return fail(in, "out of memory reading symbols");
        size_t k = 0;
        for (size_t j = 0; j < n; j++) {
            const uint8_t *sym = b + off + j * SYM_SIZE;
            uint32_t name = rd32(sym);
            if (name == 0 || name >= strsize)
                continue;
            const char *str = (const char *)(b + stroff + name);
            size_t max = strsize - name;
            size_t slen = strnlen(str, max);
            if (slen == max)
                continue; /* unterminated name: ignore the symbol */
            char *copy = malloc(slen + 1);
            if (!copy)
                break;
            memcpy(copy, str, slen + 1);
            syms[k].name = copy;
            syms[k].value = rd32(sym + 4);
            k++;
        }
        iss_symbols_free(s);
        s->syms = syms;
        s->nsyms = k;
        break; /* one symbol table per executable */
    }
    uint32_t a;
    if (mosaic_iss_symbol(s, "tohost", &a)) {
        s->has_tohost = true;
        s->tohost = a;
    }
    return true;
}

bool mosaic_iss_load_elf_mem(mosaic_iss *s, const uint8_t *buf, size_t len, char *err,
                             size_t errlen)
{
    elf_in in = {.b = buf, .len = len, .err = err, .errlen = errlen};
    if (errlen)
        err[0] = '\0';
    iss_symbols_free(s);
    if (!check_header(&in) || !load_segments(s, &in) || !load_symbols(s, &in))
        return false;
    uint32_t entry = rd32(buf + 24);
    if ((entry & 3u) || entry - (uint32_t)MOSAIC_RAM_BASE > (uint32_t)MOSAIC_RAM_SIZE - 4u)
        return fail(&in, "entry point 0x%08x is not an aligned RAM address", entry);
    s->pc = s->entry = entry;
    return true;
}

bool mosaic_iss_load_elf(mosaic_iss *s, const char *path, char *err, size_t errlen)
{
    elf_in in = {.err = err, .errlen = errlen};
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(&in, "cannot open (%s)", strerror(errno));
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    bool ok = true;
    for (;;) {
        if (len == cap) {
            if (cap >= MAX_ELF_BYTES) {
                ok = fail(&in, "file larger than %u bytes", MAX_ELF_BYTES);
                break;
            }
            size_t ncap = cap ? cap * 2 : 65536;
            uint8_t *nb = realloc(buf, ncap);
            if (!nb) {
                ok = fail(&in, "out of memory");
                break;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                ok = fail(&in, "read error (%s)", strerror(errno));
            break;
        }
    }
    fclose(f);
    if (ok)
        ok = mosaic_iss_load_elf_mem(s, buf ? buf : (const uint8_t *)"", len, err, errlen);
    free(buf);
    return ok;
}
