/* mosaic-fmt: convert bit patterns between Mosaic formats with the golden
 * model, one output line per input. See usage() and docs/numerics.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mosaic_fmt.h"

static const char USAGE[] =
    "usage: mosaic-fmt --from FMT --to FMT [--round rne|rtz|rdn|rup|rmm] [--sat]\n"
    "                  [--subnormals] HEX...\n"
    "Convert each HEX bit pattern from one number format to another with the\n"
    "Mosaic golden model and print the result pattern, one line per input.\n"
    "  FMT           fp32 fp16 bf16 tf32 e4m3 e5m2 fp4 int8 int16 int32\n"
    "  --round MODE  rounding mode (default rne)\n"
    "  --sat         FP8 overflow saturates to +-max (default: E4M3 NaN, E5M2 Inf)\n"
    "  --subnormals  keep FP8/FP4 subnormals (default: flush to zero)\n"
    "  HEX           bit pattern, optional 0x prefix, within the source width;\n"
    "                tf32 patterns are FP32 containers with bits 12:0 zero\n"
    "Output: lowercase hex padded to the target width, no prefix.\n"
    "Exit status: 0 on success, 2 on a usage error (one line on stderr).\n";

static const char *const ROUND_NAMES[] = {"rne", "rtz", "rdn", "rup", "rmm"};

static int fail(const char *what, const char *arg)
{
    fprintf(stderr, "mosaic-fmt: %s: %s\n", what, arg);
    return 2;
}

/* Parse a hex pattern; returns 0 on success, or the error text. */
static const char *parse_hex(const char *s, mosaic_fmt from, uint32_t *out)
{
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        p += 2;
    if (*p == '\0')
        return "bad hex value";
    uint64_t v = 0;
    for (; *p; p++) {
        int d;
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return "bad hex value";
        v = v * 16u + (uint64_t)d;
        if (v > 0xFFFFFFFFu)
            return "value wider than the source format";
    }
    unsigned bits = mosaic_fmt_bits(from);
    if (bits < 32 && v >> bits)
        return "value wider than the source format";
    if (from == MOSAIC_FMT_TF32 && (v & 0x1FFFu))
        return "tf32 value has nonzero bits 12:0";
    *out = (uint32_t)v;
    return NULL;
}

/* Parse the command line, convert and print; values/in are the caller's
 * buffers (freed there on every path). */
static int run(int argc, char **argv, const char **values, uint32_t **in)
{
    int from = -1, to = -1;
    const char *from_arg = NULL, *to_arg = NULL, *round_arg = NULL;
    mosaic_cvt_opts opts = mosaic_cvt_default();
    bool seen_sat = false, seen_sub = false;
    int n_values = 0;

    /* Options may come in any order and between values; a value never
     * starts with '-', so the two cannot be confused. */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] != '-') {
            values[n_values++] = a;
            continue;
        }
        if (strcmp(a, "--help") == 0) {
            fputs(USAGE, stdout);
            return 0;
        }
        const char **slot = NULL;
        if (strcmp(a, "--from") == 0)
            slot = &from_arg;
        else if (strcmp(a, "--to") == 0)
            slot = &to_arg;
        else if (strcmp(a, "--round") == 0)
            slot = &round_arg;
        if (slot) {
            if (*slot)
                return fail("option given twice", a);
            if (i + 1 >= argc)
                return fail("option needs a value", a);
            *slot = argv[++i];
            continue;
        }
        bool *seen = strcmp(a, "--sat") == 0          ? &seen_sat
                     : strcmp(a, "--subnormals") == 0 ? &seen_sub
                                                      : NULL;
        if (!seen)
            return fail("unknown option", a);
        if (*seen)
            return fail("option given twice", a);
        *seen = true;
    }

    if (!from_arg)
        return fail("missing option", "--from");
    if (!to_arg)
        return fail("missing option", "--to");
    if ((from = mosaic_fmt_parse(from_arg)) < 0)
        return fail("unknown format", from_arg);
    if ((to = mosaic_fmt_parse(to_arg)) < 0)
        return fail("unknown format", to_arg);
    if (round_arg) {
        int rm = -1;
        for (int k = 0; k < 5; k++)
            if (strcmp(round_arg, ROUND_NAMES[k]) == 0)
                rm = k;
        if (rm < 0)
            return fail("unknown rounding mode", round_arg);
        opts.rm = (mosaic_rm)rm;
    }
    opts.fp8_sat = seen_sat;
    opts.subnormals = seen_sub;
    if (n_values == 0)
        return fail("no input values", "HEX");

    /* Validate every input before printing anything, so an error never
     * leaves partial output behind. */
    if (!(*in = calloc((size_t)n_values, sizeof **in)))
        return fail("out of memory", argv[0]);
    for (int i = 0; i < n_values; i++) {
        const char *err = parse_hex(values[i], (mosaic_fmt)from, &(*in)[i]);
        if (err)
            return fail(err, values[i]);
    }
    unsigned bits = mosaic_fmt_bits((mosaic_fmt)to);
    int digits = (int)(bits / 4u);
    for (int i = 0; i < n_values; i++) {
        uint32_t r = mosaic_convert((mosaic_fmt)from, (mosaic_fmt)to, (*in)[i], &opts, NULL);
        printf("%0*x\n", digits, (unsigned)r);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char **values = calloc((size_t)argc, sizeof *values);
    if (!values)
        return fail("out of memory", argv[0]);
    uint32_t *in = NULL;
    int rc = run(argc, argv, values, &in);
    free(in);
    free(values);
    return rc;
}
