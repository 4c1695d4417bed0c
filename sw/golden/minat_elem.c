/* Element-wise and row operations, tact, tcvt, tzero, tscale.
 *
 * Float domain: operands widen exactly to FP32, one FP32 operation rounds
 * under mcsr.mfrm, the result converts to D's tag under mfrm/mfp8sat/
 * mfp8sub. Integer domain: exact 64-bit arithmetic, saturated to D's tag.
 * The reduction order of the row ops (left to right) is architectural. */
#include "minat.h"

static bool broadcasts(unsigned cls)
{
    return cls == MINAT_TBSUB || cls == MINAT_TBMUL || cls == MINAT_TBDIV;
}

static bool row_op(unsigned cls)
{
    return cls == MINAT_TROWMAX || cls == MINAT_TROWSUM;
}

/* One FP32 operation of class cls (tadd..tbdiv without the row ops). */
static uint32_t f32_op(unsigned cls, uint32_t x, uint32_t y, mosaic_rm rm, unsigned *flags)
{
    switch (cls) {
    case MINAT_TADD:
        return mosaic_f32_add(x, y, rm, flags);
    case MINAT_TSUB:
    case MINAT_TBSUB:
        return mosaic_f32_sub(x, y, rm, flags);
    case MINAT_TMUL:
    case MINAT_TBMUL:
        return mosaic_f32_mul(x, y, rm, flags);
    case MINAT_TMAX:
        return mosaic_f32_max(x, y);
    case MINAT_TMIN:
        return mosaic_f32_min(x, y);
    default: /* MINAT_TBDIV */
        return mosaic_f32_div(x, y, rm, flags);
    }
}

/* Exact integer counterpart; int32 operands, so no int64 overflow. */
static int64_t int_op(unsigned cls, int64_t x, int64_t y)
{
    switch (cls) {
    case MINAT_TADD:
        return x + y;
    case MINAT_TSUB:
    case MINAT_TBSUB:
        return x - y;
    case MINAT_TMUL:
    case MINAT_TBMUL:
        return x * y;
    case MINAT_TMAX:
        return x > y ? x : y;
    default: /* MINAT_TMIN (tbdiv is float only) */
        return x < y ? x : y;
    }
}

/* Row max/sum of row r, in FP32, left to right. */
static uint32_t f32_row(unsigned cls, const uint32_t *row, mosaic_rm rm, unsigned *flags)
{
    uint32_t acc = row[0];
    for (unsigned j = 1; j < MOSAIC_TILE; j++)
        acc = cls == MINAT_TROWSUM ? mosaic_f32_add(acc, row[j], rm, flags)
                                   : mosaic_f32_max(acc, row[j]);
    return acc;
}

static int64_t int_row(unsigned cls, const int64_t *row)
{
    int64_t acc = row[0];
    for (unsigned j = 1; j < MOSAIC_TILE; j++)
        acc = cls == MINAT_TROWSUM ? acc + row[j] : (row[j] > acc ? row[j] : acc);
    return acc;
}

static void binary_float(unsigned cls, mosaic_fmt fd, mosaic_fmt fa, mosaic_fmt fb,
                         const uint32_t *A, const uint32_t *B, uint32_t *out,
                         const mosaic_cvt_opts *o, unsigned *flags)
{
    uint32_t x[MINAT_ELEMS], y[MINAT_ELEMS];
    for (unsigned i = 0; i < MINAT_ELEMS; i++) {
        x[i] = mosaic_to_f32(fa, A[i], o, flags);
        if (!row_op(cls))
            y[i] = mosaic_to_f32(fb, B[i], o, flags);
    }
    for (unsigned r = 0; r < MOSAIC_TILE; r++) {
        for (unsigned c = 0; c < MOSAIC_TILE; c++) {
            unsigned i = r * MOSAIC_TILE + c;
            if (row_op(cls)) {
                out[i] = c == 0 ? mosaic_convert(MOSAIC_FMT_FP32, fd,
                                                 f32_row(cls, &x[i], o->rm, flags), o, flags)
                                : 0;
                continue;
            }
            uint32_t yy = broadcasts(cls) ? y[r * MOSAIC_TILE] : y[i];
            out[i] = mosaic_convert(MOSAIC_FMT_FP32, fd, f32_op(cls, x[i], yy, o->rm, flags), o,
                                    flags);
        }
    }
}

static void binary_int(unsigned cls, mosaic_fmt fd, mosaic_fmt fa, mosaic_fmt fb,
                       const uint32_t *A, const uint32_t *B, uint32_t *out, unsigned *flags)
{
    int64_t x[MINAT_ELEMS], y[MINAT_ELEMS];
    for (unsigned i = 0; i < MINAT_ELEMS; i++) {
        x[i] = mosaic_int_value(fa, A[i]);
        y[i] = row_op(cls) ? 0 : mosaic_int_value(fb, B[i]);
    }
    for (unsigned r = 0; r < MOSAIC_TILE; r++) {
        for (unsigned c = 0; c < MOSAIC_TILE; c++) {
            unsigned i = r * MOSAIC_TILE + c;
            if (row_op(cls)) {
                out[i] = c == 0 ? mosaic_int_to_fmt(fd, int_row(cls, &x[i]), false, flags) : 0;
                continue;
            }
            int64_t yy = broadcasts(cls) ? y[r * MOSAIC_TILE] : y[i];
            out[i] = mosaic_int_to_fmt(fd, int_op(cls, x[i], yy), false, flags);
        }
    }
}

void minat_binary(mosaic_tu *tu, unsigned cls, unsigned d, unsigned a, unsigned b,
                  mosaic_tu_result *res)
{
    mosaic_fmt fd = (mosaic_fmt)tu->tag[d], fa = (mosaic_fmt)tu->tag[a];
    mosaic_fmt fb = row_op(cls) ? fa : (mosaic_fmt)tu->tag[b];
    uint32_t A[MINAT_ELEMS], B[MINAT_ELEMS] = {0}, out[MINAT_ELEMS];
    minat_read_tile(tu, a, fa, A);
    if (!row_op(cls))
        minat_read_tile(tu, b, fb, B);
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    if (mosaic_fmt_is_float(fd))
        binary_float(cls, fd, fa, fb, A, B, out, &o, &flags);
    else
        binary_int(cls, fd, fa, fb, A, B, out, &flags);
    minat_write_tile(tu, d, fd, out, res);
    mosaic_tu_note_flags(tu, flags, false, res);
}

void minat_tact(mosaic_tu *tu, unsigned d, unsigned func, mosaic_tu_result *res)
{
    mosaic_fmt f = (mosaic_fmt)tu->tag[d];
    uint32_t v[MINAT_ELEMS];
    minat_read_tile(tu, d, f, v);
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    for (unsigned i = 0; i < MINAT_ELEMS; i++) {
        /* MINA-T §3.5: an integer 1/0 is 0, not a saturated maximum. */
        if (func == 4 && mosaic_fmt_is_int(f) && mosaic_int_value(f, v[i]) == 0)
            continue;
        uint32_t x = mosaic_to_f32(f, v[i], &o, &flags);
        v[i] = mosaic_convert(MOSAIC_FMT_FP32, f, mosaic_tact_f32(func, x, &flags), &o, &flags);
    }
    minat_write_tile(tu, d, f, v, res);
    mosaic_tu_note_flags(tu, flags, false, res);
}

void minat_tcvt(mosaic_tu *tu, unsigned d, unsigned s, mosaic_fmt to, mosaic_tu_result *res)
{
    mosaic_fmt from = (mosaic_fmt)tu->tag[s];
    uint32_t v[MINAT_ELEMS];
    minat_read_tile(tu, s, from, v);
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    for (unsigned i = 0; i < MINAT_ELEMS; i++)
        v[i] = mosaic_convert(from, to, v[i], &o, &flags);
    minat_write_tile(tu, d, to, v, res);
    tu->tag[d] = (uint8_t)to;
    mosaic_tu_note_flags(tu, flags, false, res);
}

void minat_tzero(mosaic_tu *tu, unsigned d, mosaic_tu_result *res)
{
    mosaic_treg_clear(tu, d, res);
}

void minat_tscale(mosaic_tu *tu, unsigned d, uint32_t x, mosaic_tu_result *res)
{
    mosaic_fmt f = (mosaic_fmt)tu->tag[d];
    uint32_t v[MINAT_ELEMS];
    minat_read_tile(tu, d, f, v);
    mosaic_cvt_opts o = mosaic_tu_cvt_opts(tu);
    unsigned flags = 0;
    for (unsigned i = 0; i < MINAT_ELEMS; i++) {
        if (mosaic_fmt_is_float(f)) {
            uint32_t p = mosaic_f32_mul(mosaic_to_f32(f, v[i], &o, &flags), x, o.rm, &flags);
            v[i] = mosaic_convert(MOSAIC_FMT_FP32, f, p, &o, &flags);
        } else {
            /* R3: x[rs1] is a signed 32-bit scalar; the product is exact. */
            int64_t p = (int64_t)mosaic_int_value(f, v[i]) * (int64_t)(int32_t)x;
            v[i] = mosaic_int_to_fmt(f, p, false, &flags);
        }
    }
    minat_write_tile(tu, d, f, v, res);
    mosaic_tu_note_flags(tu, flags, false, res);
}
