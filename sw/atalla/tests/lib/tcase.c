/* Atalla test driver (tcase.h). */
#include "tcase.h"

#include <stdio.h>
#include <string.h>

#include "mosaic_rt.h"
#include "mref.h"

static bf16 value(int dist, uint32_t *s)
{
    uint32_t r = ref_rand(s), sign = (r & 1u) << 15, man = (r >> 1) & 0x7Fu;
    switch (dist) {
    case DIST_GEMM:
        return (bf16)(sign | ((120u + (r >> 8) % 8u) << 7) | man);
    case DIST_SOFTMAX:
        if ((r >> 8) % 64u == 0)
            return (bf16)(sign | ((127u + (r >> 14) % 11u) << 7) | man);
        return (bf16)(sign | ((118u + (r >> 8) % 13u) << 7) | man);
    case DIST_BITS:
        return (bf16)(r >> 16);
    default: {
        uint32_t k = (r >> 8) % 128u;
        if (k == 0)
            return (bf16)sign;                  /* +-0 */
        if (k == 1)
            return (bf16)(sign | 0x7F80u);      /* +-Inf */
        if (k == 2)
            return (bf16)(0x7FC0u | (r >> 16 & 0x3Fu) | sign); /* NaN */
        if (k == 3)
            return (bf16)(sign | (man ? man : 1u)); /* subnormal */
        return (bf16)(sign | ((107u + (r >> 15) % 41u) << 7) | man);
    }
    }
}

static void set_shape(atalla_tensor *t, int32_t nd, const int32_t *s)
{
    t->ndim = nd;
    int32_t st = 1;
    for (int d = 3; d >= 0; d--) {
        t->sizes[d] = d < nd ? s[d] : 0;
        t->strides[d] = d < nd ? st : 0;
        if (d < nd)
            st *= s[d];
    }
}

static uint32_t numel(const atalla_tensor *t)
{
    uint32_t n = 1;
    for (int d = 0; d < t->ndim; d++)
        n *= (uint32_t)t->sizes[d];
    return n;
}

static void dump(const char *role, const atalla_tensor *t)
{
    static const char hex[] = "0123456789abcdef";
    char buf[4 * 64 + 1];
    printf("T %s %ld", role, (long)t->ndim);
    for (int d = 0; d < t->ndim; d++)
        printf(" %ld", (long)t->sizes[d]);
    putchar(' ');
    uint32_t n = numel(t), k = 0;
    for (uint32_t i = 0; i < n; i++) {
        bf16 v = t->data[i];
        for (int j = 3; j >= 0; j--)
            buf[k++] = hex[(v >> (4 * j)) & 15u];
        if (k == sizeof buf - 1 || i + 1 == n) {
            buf[k] = 0;
            fputs(buf, stdout);
            k = 0;
        }
    }
    putchar('\n');
}

static bf16 *alloc_fill(uint32_t n, int dist, uint32_t *s)
{
    bf16 *p = mosaic_tensor_alloc(2u * n, 64);
    if (p)
        for (uint32_t i = 0; i < n; i++)
            p[i] = value(dist, s);
    return p;
}

int tcase_run(const tcase *c, uint32_t seed, int dump_it)
{
    uintptr_t mark = mosaic_tensor_mark();
    uint32_t s = seed * 2654435761u + 1u;
    atalla_tensor a, b, o;
    int32_t bs[4], os[4];
    memcpy(bs, c->s, sizeof bs);
    memcpy(os, c->s, sizeof os);
    int dist = c->kern == 'g' ? DIST_GEMM : c->kern == 's' ? DIST_SOFTMAX
             : c->kern == 't' ? DIST_BITS : DIST_WIDE;
    set_shape(&a, c->nd, c->s);
    if (c->kern == 'g') { /* b: [..., K, N], out: [..., M, N] */
        bs[c->nd - 2] = c->s[c->nd - 1];
        bs[c->nd - 1] = c->p0;
        os[c->nd - 1] = c->p0;
    }
    if (c->kern == 't') {
        int32_t d0 = c->p0 < 0 ? c->p0 + c->nd : c->p0, d1 = c->p1 < 0 ? c->p1 + c->nd : c->p1;
        int32_t tmp = os[d0];
        os[d0] = os[d1];
        os[d1] = tmp;
    }
    set_shape(&b, c->nd, bs);
    set_shape(&o, c->nd, os);
    a.data = alloc_fill(numel(&a), dist, &s);
    int binary = c->kern == 'g' || c->kern == 'a' || c->kern == 'u' || c->kern == 'm';
    b.data = binary ? alloc_fill(numel(&b), dist, &s) : NULL;
    o.data = c->inplace ? a.data : alloc_fill(numel(&o), DIST_BITS, &s);
    if (!a.data || (binary && !b.data) || !o.data) {
        printf("FAIL: %s: main memory exhausted\n", c->name);
        mosaic_tensor_release(mark);
        return -1;
    }
    if (dump_it) {
        printf("CASE %s %c\nP %ld %ld\n", c->name, c->kern, (long)c->p0, (long)c->p1);
        dump("a", &a);
        if (binary)
            dump("b", &b);
    }
    /* The caller's own scratchpad use: c->hold bytes in each bank. */
    int hsid[2] = {0, 1};
    void *held[2] = {NULL, NULL};
    for (int bk = 0; bk < 2 && c->hold; bk++)
        held[bk] = scpad_pool_alloc(atalla_scpad_pool(), bk && c->hold1 ? c->hold1 : c->hold, 256, bk,
                                    &hsid[bk]);
    int rc;
    switch (c->kern) {
    case 'g': rc = atalla_gemm(&a, &b, &o); break;
    case 'r': rc = atalla_relu(&a, &o); break;
    case 's': rc = atalla_softmax(&a, c->p0, &o); break;
    case 'a': rc = atalla_add(&a, &b, &o); break;
    case 'u': rc = atalla_sub(&a, &b, &o); break;
    case 'm': rc = atalla_mul(&a, &b, &o); break;
    default: rc = atalla_transpose(&a, c->p0, c->p1, &o); break;
    }
    for (int bk = 0; bk < 2; bk++)
        scpad_free(held[bk], hsid[bk]);
    if (c->hold && (!held[0] || !held[1]))
        printf("FAIL: %s: could not hold %lu scratchpad bytes\n", c->name, (unsigned long)c->hold);
    printf("RC %s %d\n", c->name, rc);
    if (dump_it)
        dump("out", &o);
    mosaic_tensor_release(mark);
    return rc;
}
