/* mosaic-fmt-batch: the golden model's numeric functions over binary record
 * streams, so oracle tests can check millions of cases in one process.
 *
 *   mosaic-fmt-batch cvt FROM TO     mosaic_convert(FROM, TO, a)
 *   mosaic-fmt-batch OP              OP in add sub mul div fma min max lt
 *
 * stdin: records of four little-endian uint32 {ctrl, a, b, c}; ctrl bits
 * 2:0 rounding mode, bit 8 fp8_sat, bit 9 subnormals, bit 10 int_wrap.
 * stdout: per record two little-endian uint32 {result, flags}.
 * Exit 2 with one stderr line on bad arguments or a truncated record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_fmt.h"

enum { OP_CVT, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FMA, OP_MIN, OP_MAX, OP_LT, OP_COUNT };
static const char *const OPS[OP_COUNT] = {"cvt", "add", "sub", "mul", "div",
                                          "fma", "min", "max", "lt"};
enum { CHUNK = 4096 };

static uint32_t get_le32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "mosaic-fmt-batch: %s: %s\n", what, arg);
    return 2;
}

static uint32_t run_one(int op, mosaic_fmt from, mosaic_fmt to, const uint32_t w[4],
                        unsigned *flags)
{
    mosaic_cvt_opts o = mosaic_cvt_default();
    o.rm = (mosaic_rm)(w[0] & 7u);
    o.fp8_sat = (w[0] >> 8) & 1u;
    o.subnormals = (w[0] >> 9) & 1u;
    o.int_wrap = (w[0] >> 10) & 1u;
    switch (op) {
    case OP_CVT:
        return mosaic_convert(from, to, w[1], &o, flags);
    case OP_ADD:
        return mosaic_f32_add(w[1], w[2], o.rm, flags);
    case OP_SUB:
        return mosaic_f32_sub(w[1], w[2], o.rm, flags);
    case OP_MUL:
        return mosaic_f32_mul(w[1], w[2], o.rm, flags);
    case OP_DIV:
        return mosaic_f32_div(w[1], w[2], o.rm, flags);
    case OP_FMA:
        return mosaic_f32_fma(w[1], w[2], w[3], o.rm, flags);
    case OP_MIN:
        return mosaic_f32_min(w[1], w[2]);
    case OP_MAX:
        return mosaic_f32_max(w[1], w[2]);
    case OP_LT:
    default:
        return mosaic_f32_lt(w[1], w[2]);
    }
}

int main(int argc, char **argv)
{
    int op = -1;
    for (int i = 0; i < OP_COUNT; i++)
        if (argc > 1 && strcmp(argv[1], OPS[i]) == 0)
            op = i;
    if (op < 0)
        return usage_error("unknown operation", argc > 1 ? argv[1] : "(none)");
    int from = 0, to = 0;
    if (op == OP_CVT) {
        if (argc != 4)
            return usage_error("cvt needs FROM and TO", argv[1]);
        if ((from = mosaic_fmt_parse(argv[2])) < 0)
            return usage_error("unknown format", argv[2]);
        if ((to = mosaic_fmt_parse(argv[3])) < 0)
            return usage_error("unknown format", argv[3]);
    } else if (argc != 2) {
        return usage_error("unexpected argument", argv[2]);
    }

    unsigned char *in = malloc(CHUNK * 16), *out = malloc(CHUNK * 8);
    if (!in || !out)
        return usage_error("out of memory", argv[0]);
    size_t n;
    while ((n = fread(in, 1, CHUNK * 16, stdin)) > 0) {
        if (n % 16 != 0) {
            /* fread may return short at a pipe boundary: top up to a record */
            size_t more = fread(in + n, 1, 16 - n % 16, stdin);
            n += more;
            if (n % 16 != 0)
                return usage_error("truncated record on stdin", "stdin");
        }
        size_t recs = n / 16;
        for (size_t r = 0; r < recs; r++) {
            uint32_t w[4];
            for (int k = 0; k < 4; k++)
                w[k] = get_le32(in + 16 * r + 4 * (size_t)k);
            unsigned flags = 0;
            uint32_t res = run_one(op, (mosaic_fmt)from, (mosaic_fmt)to, w, &flags);
            put_le32(out + 8 * r, res);
            put_le32(out + 8 * r + 4, flags);
        }
        if (fwrite(out, 8, recs, stdout) != recs)
            return usage_error("write failed", "stdout");
    }
    free(in);
    free(out);
    return 0;
}
