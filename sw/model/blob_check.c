/* Host build of the blob loader, for the malformed-blob tests (built with
 * -fsanitize=address,undefined by sw/model/model.mk).
 *
 *   blob_check FILE             parse FILE: "<code> <message>"
 *   blob_check --truncate FILE  parse every prefix of FILE (0..size-1 bytes),
 *                               each in a buffer of exactly that size:
 *                               "<length> <code>" per prefix
 *   blob_check --batch          records on stdin (u32 little-endian length,
 *                               then the bytes): "<code> <message>" per record
 * Exit status 0 (the codes are in the output), 2 on bad usage or I/O. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blob.h"

static int parse_copy(const unsigned char *src, size_t n, char *msg, size_t ml)
{
    /* An exact-size heap copy: any read past the end is an ASan error. */
    unsigned char *buf = malloc(n ? n : 1);
    if (!buf) {
        fputs("blob_check: out of memory\n", stderr);
        exit(2);
    }
    if (n)
        memcpy(buf, src, n);
    atalla_blob b;
    int rc = atalla_blob_parse(buf, n, &b, msg, ml);
    if (rc == ATALLA_BLOB_OK) {
        /* Touch every record the executor would read. */
        for (uint32_t i = 0; i < b.op_count; i++) {
            atalla_op op;
            atalla_blob_op(&b, i, &op);
        }
        for (uint32_t i = 0; i < b.tensor_count; i++) {
            atalla_blob_tensor t;
            atalla_blob_tensor_get(&b, i, &t);
        }
    }
    free(buf);
    return rc;
}

static unsigned char *slurp(FILE *f, size_t *n)
{
    size_t cap = 1 << 16, len = 0;
    unsigned char *p = malloc(cap);
    for (size_t r; p && (r = fread(p + len, 1, cap - len, f)) > 0;) {
        len += r;
        if (len == cap) {
            unsigned char *q = realloc(p, cap *= 2);
            if (!q)
                free(p);
            p = q;
        }
    }
    *n = len;
    return p;
}

int main(int argc, char **argv)
{
    char msg[256];
    if (argc == 2 && strcmp(argv[1], "--batch") == 0) {
        size_t n;
        unsigned char *all = slurp(stdin, &n);
        if (!all)
            return 2;
        for (size_t o = 0; o + 4 <= n;) {
            size_t len = (size_t)all[o] | (size_t)all[o + 1] << 8 | (size_t)all[o + 2] << 16 |
                         (size_t)all[o + 3] << 24;
            o += 4;
            if (len > n - o) {
                fputs("blob_check: batch record past the end of the input\n", stderr);
                return 2;
            }
            int rc = parse_copy(all + o, len, msg, sizeof msg);
            printf("%d %s\n", rc, msg);
            o += len;
        }
        free(all);
        return 0;
    }
    int trunc = argc == 3 && strcmp(argv[1], "--truncate") == 0;
    if (argc != 2 && !trunc) {
        fputs("usage: blob_check FILE | --truncate FILE | --batch\n", stderr);
        return 2;
    }
    const char *path = argv[argc - 1];
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "blob_check: cannot read %s\n", path);
        return 2;
    }
    size_t n;
    unsigned char *all = slurp(f, &n);
    fclose(f);
    if (!all)
        return 2;
    if (trunc) {
        for (size_t l = 0; l < n; l++)
            printf("%lu %d\n", (unsigned long)l, parse_copy(all, l, msg, sizeof msg));
    } else {
        int rc = parse_copy(all, n, msg, sizeof msg);
        printf("%d %s\n", rc, msg);
    }
    free(all);
    return 0;
}
