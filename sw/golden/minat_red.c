/* tred: reduce a tile to x[rd] (R3: FP32 pattern or saturated INT32).
 * The float sum order is architectural (docs/isa.md "tred"): column
 * partial sums top to bottom, then a balanced tree over the 16 columns.
 * The columns map onto the PE columns, the tree onto an adder tree. */
#include "minat.h"

enum { TRED_SUM = 0, TRED_MAX = 1, TRED_MIN = 2 };

static uint32_t tred_float(const uint32_t *x, unsigned op, mosaic_rm rm, unsigned *flags)
{
    if (op != TRED_SUM) {
        uint32_t acc = x[0];
        for (unsigned i = 1; i < MINAT_ELEMS; i++)
            acc = op == TRED_MAX ? mosaic_f32_max(acc, x[i]) : mosaic_f32_min(acc, x[i]);
        return acc;
    }
    uint32_t p[MOSAIC_TILE];
    for (unsigned c = 0; c < MOSAIC_TILE; c++) {
        p[c] = x[c];
        for (unsigned r = 1; r < MOSAIC_TILE; r++)
            p[c] = mosaic_f32_add(p[c], x[r * MOSAIC_TILE + c], rm, flags);
    }
    /* ((p0+p1)+(p2+p3)) + ((p4+p5)+(p6+p7)) + ...: pairwise in place. */
    for (unsigned width = MOSAIC_TILE; width > 1; width /= 2)
        for (unsigned c = 0; c < width / 2; c++)
            p[c] = mosaic_f32_add(p[2 * c], p[2 * c + 1], rm, flags);
    return p[0];
}

static uint32_t tred_int(mosaic_fmt f, const uint32_t *v, unsigned op, unsigned *flags)
{
    int64_t acc = mosaic_int_value(f, v[0]);
    for (unsigned i = 1; i < MINAT_ELEMS; i++) {
        int64_t x = mosaic_int_value(f, v[i]);
        if (op == TRED_SUM)
            acc += x;
        else if (op == TRED_MAX ? x > acc : x < acc)
            acc = x;
    }
    /* max/min are already INT32 values (no saturation); only a sum of 256
     * INT32 values can leave the range. */
    return mosaic_int_to_fmt(MOSAIC_FMT_INT32, acc, false, flags);
}

void minat_tred(mosaic_tu *tu, unsigned s, unsigned op, unsigned rd, mosaic_tu_result *res)
{
    mosaic_fmt f = (mosaic_fmt)tu->tag[s];
    uint32_t v[MINAT_ELEMS];
    minat_read_tile(tu, s, f, v);
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    uint32_t r;
    if (mosaic_fmt_is_float(f)) {
        for (unsigned i = 0; i < MINAT_ELEMS; i++)
            v[i] = mosaic_to_f32(f, v[i], &o, &flags);
        r = tred_float(v, op, o.rm, &flags);
    } else {
        r = tred_int(f, v, op, &flags);
    }
    res->rd_write = true;
    res->rd = rd;
    res->rd_value = r;
    mosaic_tu_note_flags(tu, flags, false, res);
}
