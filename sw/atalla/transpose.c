/* atalla_transpose: out = x with dimensions dim0 and dim1 swapped (docs/
 * atalla.md "Transpose"). Bits move unchanged.
 *
 * With d0 < d1 the tensor is [P, A, Q, B, R] (A = sizes[d0], B = sizes[d1],
 * P, Q, R the products of the sizes before, between and after them) and
 * out is [P, B, Q, A, R]:
 *  - A == 1, B == 1 or d0 == d1: the bytes do not move; a flat copy.
 *  - R > 1 (d1 is not the last dimension): runs of R elements move whole;
 *    SDMA alone does it, through the scratchpad: the input's B runs of one
 *    (p, a, q) are contiguous, and land in out QAR elements apart.
 *  - R == 1: per (p, q) an A x B matrix (row stride QB) becomes B x A (row
 *    stride QA). A unit is a 16-column strip of the input, 64 rows deep:
 *    two SDMA commands bring its four 16x16 tiles (sdma_stride = 2QB), each
 *    is transposed in the TRF by tl.xpose.01 on the [16][16][2]-byte view,
 *    stored (tst, pitch 128) into a staging buffer of 16 rows of 64
 *    elements, which leaves as one command when the output stride equals
 *    the input's (A == B and the run is whole), else as one run per row.
 *    Units go NU at a time (matrices()). */
#include "atalla_internal.h"

#define XDESC (16u | (16u << 8) | (2u << 16) | (1u << 24)) /* [16][16][2][1] bytes */
#define CH 4096u                                           /* flat / run chunk */

typedef struct {
    uint32_t P, A, Q, B, R;
} tshape;

/* A flat copy in CH chunks (sdma_stride = 128), double buffered. */
static void copy_flat(uintptr_t x, uintptr_t out, uint32_t bytes, const uint32_t *buf)
{
    uint32_t n = (bytes + CH - 1) / CH;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t len = bytes - i * CH < CH ? bytes - i * CH : CH;
        atalla_ld_flat(buf[i % 2], x + i * CH, len);
        atalla_st_flat(buf[i % 2], out + i * CH, len);
    }
}

/* R > 1: every run of R elements of x[p, a, q, b] goes to out[p, b, q, a]. */
static void move_runs(const tshape *t, uintptr_t x, uintptr_t out, const uint32_t *buf)
{
    uint32_t rb = 2 * t->R, k = 0;
    /* R <= 32: the runs of up to 32 consecutive b land with one strided
     * store (sdma_stride = 2QAR); the loads use single-row commands.
     * R > 32: one run at a time, in CH pieces, both sides single-row. */
    uint32_t grp = t->R <= 32 ? (CH / rb < 32 ? CH / rb : 32) : 1;
    for (uint32_t p = 0; p < t->P; p++)
        for (uint32_t a = 0; a < t->A; a++)
            for (uint32_t q = 0; q < t->Q; q++) {
                uintptr_t src = x + ((((uintptr_t)p * t->A + a) * t->Q + q) * t->B) * rb;
                for (uint32_t b0 = 0; b0 < t->B; b0 += grp) {
                    uint32_t nb = t->B - b0 < grp ? t->B - b0 : grp;
                    uintptr_t dst = out + ((((uintptr_t)p * t->B + b0) * t->Q + q) * t->A + a) * rb;
                    if (t->R <= 32) {
                        uint32_t sp = buf[k++ % 2];
                        atalla_ld_run(sp, src + (uintptr_t)b0 * rb, nb * rb);
                        scpad_st(SDMA_SHAPE(nb, t->R, 1), sp, (void *)dst);
                    } else {
                        for (uint32_t off = 0; off < rb; off += CH) {
                            uint32_t len = rb - off < CH ? rb - off : CH;
                            uint32_t sp = buf[k++ % 2];
                            atalla_ld_run(sp, src + (uintptr_t)b0 * rb + off, len);
                            atalla_st_run(sp, dst + off, len);
                        }
                    }
                }
            }
}

/* Transposes the h x w (h <= 16, w <= 16) tile at `a` (pitch 2w) into the
 * staging columns at st (pitch 128). Register pair by parity. */
#define XT(RS, RD, a, pitch, st)                                               \
    do {                                                                       \
        if ((pitch) == 32)                                                     \
            tld(RS, a, 32);                                                    \
        else                                                                   \
            atalla_tld_p(RS, a, pitch);                                        \
        tl_xpose_01(RD, RS, XDESC);                                            \
        tst(RD, st, 128);                                                      \
    } while (0)

/* R == 1: the A x B matrices. A unit is input rows a0..a0+63 (na of them),
 * columns b0..b0+15 (w). tl.xpose waits for SDMA to be idle and SDMA waits
 * for it (docs/microarchitecture.md, dispatch), so transfers and
 * transposes cannot overlap; NU units go per round (loads, transposes,
 * stores) so the DRAM latency is paid once per round, not per unit. */
#define NU 4
typedef struct {
    uintptr_t src, dst; /* x at (a0, b0), out at (b0, a0) */
    uint32_t w, na;
} unit;

static void round_trip(const unit *u, unsigned n, const uint32_t *in, const uint32_t *stage,
                       uint32_t stride_in, uint32_t stride_out)
{
    for (unsigned i = 0; i < n; i++)
        for (uint32_t h = 0; h < u[i].na; h += 32) {
            uint32_t rows = u[i].na - h < 32 ? u[i].na - h : 32;
            scpad_ld(SDMA_SHAPE(rows, u[i].w, 1), in[i] + h * 2 * u[i].w,
                     (const void *)(u[i].src + (uintptr_t)h * stride_in));
        }
    for (unsigned i = 0; i < n; i++) {
        /* Tile j (rows a0 + 16j ..) starts 16 rows into the unit. */
        uint32_t pitch = 2 * u[i].w, ib = in[i], sb = stage[i];
        XT(0, 1, ib, pitch, sb);
        if (u[i].na > 16)
            XT(4, 5, ib + 16 * pitch, pitch, sb + 32);
        if (u[i].na > 32)
            XT(0, 1, ib + 32 * pitch, pitch, sb + 64);
        if (u[i].na > 48)
            XT(4, 5, ib + 48 * pitch, pitch, sb + 96);
    }
    for (unsigned i = 0; i < n; i++) {
        if (u[i].na == 64 && stride_out == stride_in && u[i].dst % 4 == 0 && stride_out % 4 == 0)
            scpad_st(SDMA_SHAPE(u[i].w, 32, 2), stage[i], (void *)u[i].dst);
        else
            for (uint32_t r = 0; r < u[i].w; r++)
                atalla_st_run(stage[i] + r * 128, u[i].dst + (uintptr_t)r * stride_out, 2 * u[i].na);
    }
}

static void matrices(const tshape *t, uintptr_t x, uintptr_t out, const uint32_t *in,
                     const uint32_t *stage, uint32_t stride_in)
{
    uint32_t stride_out = 2 * t->Q * t->A;
    unit u[NU];
    unsigned n = 0;
    for (uint32_t p = 0; p < t->P; p++)
        for (uint32_t q = 0; q < t->Q; q++) {
            uintptr_t xm = x + (((uintptr_t)p * t->A * t->Q + q) * t->B) * 2;
            uintptr_t om = out + (((uintptr_t)p * t->B * t->Q + q) * t->A) * 2;
            for (uint32_t b0 = 0; b0 < t->B; b0 += 16)
                for (uint32_t a0 = 0; a0 < t->A; a0 += 64) {
                    u[n].src = xm + (uintptr_t)a0 * stride_in + b0 * 2;
                    u[n].dst = om + ((uintptr_t)b0 * t->Q * t->A + a0) * 2;
                    u[n].w = t->B - b0 < 16 ? t->B - b0 : 16;
                    u[n].na = t->A - a0 < 64 ? t->A - a0 : 64;
                    if (++n == NU) {
                        round_trip(u, n, in, stage, stride_in, stride_out);
                        n = 0;
                    }
                }
        }
    if (n)
        round_trip(u, n, in, stage, stride_in, stride_out);
}

int atalla_transpose(const atalla_tensor *x, int32_t dim0, int32_t dim1, atalla_tensor *out)
{
    const atalla_tensor *tt[2] = {x, out};
    int rc = atalla_check_args(tt, 2, 1, 4);
    if (rc)
        return rc;
    int32_t nd = x->ndim;
    if (out->ndim != nd)
        return ATALLA_ERR_SHAPE;
    if (dim0 < -nd || dim0 >= nd || dim1 < -nd || dim1 >= nd)
        return ATALLA_ERR_TDIM;
    int32_t d0 = dim0 < 0 ? dim0 + nd : dim0, d1 = dim1 < 0 ? dim1 + nd : dim1;
    if (d0 > d1) {
        int32_t tmp = d0;
        d0 = d1;
        d1 = tmp;
    }
    for (int32_t d = 0; d < nd; d++) {
        int32_t want = d == d0 ? x->sizes[d1] : d == d1 ? x->sizes[d0] : x->sizes[d];
        if (out->sizes[d] != want)
            return ATALLA_ERR_SHAPE;
    }
    if (atalla_overlap(x, out))
        return ATALLA_ERR_ALIAS;
    tshape t = {1, (uint32_t)x->sizes[d0], 1, (uint32_t)x->sizes[d1], 1};
    for (int32_t d = 0; d < nd; d++) {
        if (d < d0)
            t.P *= (uint32_t)x->sizes[d];
        else if (d > d0 && d < d1)
            t.Q *= (uint32_t)x->sizes[d];
        else if (d > d1)
            t.R *= (uint32_t)x->sizes[d];
    }
    int flat = d0 == d1 || t.A == 1 || t.B == 1;
    /* Buffers: two of CH (flat copy, runs), or NU unit inputs (64 rows of
     * up to 32 bytes, 2 KiB, read past by a tld at pitch < 32) and NU
     * staging buffers (16 rows of 128 bytes). */
    atalla_bufs bufs;
    uint32_t sz[2 * NU];
    int bank[2 * NU];
    unsigned nb = flat || t.R > 1 ? 2 : 2 * NU;
    for (unsigned i = 0; i < nb; i++) {
        sz[i] = nb == 2 ? CH : i < NU ? 2048 + ATALLA_REGION_SLACK : 2048;
        bank[i] = (int)(i % 2);
    }
    if (atalla_bufs_alloc(&bufs, nb, sz, bank))
        return ATALLA_ERR_SCPAD;
    uintptr_t xm = (uintptr_t)x->data, om = (uintptr_t)out->data;
    atalla_ctx ctx;
    if (flat) {
        atalla_begin(&ctx, 128);
        copy_flat(xm, om, 2u * atalla_numel(x), bufs.addr);
    } else if (t.R > 1) {
        atalla_begin(&ctx, 2 * t.Q * t.A * t.R);
        move_runs(&t, xm, om, bufs.addr);
    } else {
        atalla_begin(&ctx, 2 * t.Q * t.B);
        tinit(0, FMT_BF16);
        tinit(1, FMT_BF16);
        tinit(4, FMT_BF16);
        tinit(5, FMT_BF16);
        matrices(&t, xm, om, bufs.addr, bufs.addr + NU, 2 * t.Q * t.B);
    }
    atalla_end(&ctx);
    atalla_bufs_free(&bufs);
    return 0;
}
