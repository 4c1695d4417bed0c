/* Every Atalla error code (docs/atalla.md "Errors"), each case checking the
 * code and that out is unchanged (poisoned before the call, compared
 * after). Prints `PASS: name` / `FAIL: name: why`; exit status = failures. */
#include <stdio.h>
#include <string.h>

#include "atalla.h"
#include "mosaic.h"
#include "mosaic_rt.h"

#define NOUT 4096 /* elements of every buffer below */
static bf16 A[NOUT] MOSAIC_TENSOR_NOINIT;
static bf16 B[NOUT] MOSAIC_TENSOR_NOINIT;
static bf16 O[NOUT] MOSAIC_TENSOR_NOINIT;
static bf16 BIG[2000 * 2 + 64] MOSAIC_TENSOR_NOINIT;
static bf16 saved[NOUT];
static int failures;

static void t2(atalla_tensor *t, bf16 *d, int32_t r, int32_t c)
{
    *t = (atalla_tensor){d, 2, {r, c, 0, 0}, {c, 1, 0, 0}};
}

static void poison(void)
{
    for (unsigned i = 0; i < NOUT; i++) {
        O[i] = (bf16)(0xA5A5u ^ i);
        A[i] = (bf16)(0x3F80u + (i & 0x7Fu)); /* 1.0 .. 2.0 */
        B[i] = (bf16)(0x4000u + (i & 0x7Fu));
    }
    memcpy(saved, O, sizeof saved);
    mosaic_fence();
}

static void expect(const char *name, int rc, int want)
{
    mosaic_fence();
    int same = memcmp(saved, O, sizeof saved) == 0;
    if (rc == want && same) {
        printf("PASS: %s\n", name);
    } else {
        failures++;
        printf("FAIL: %s: returned %d (want %d), out %s\n", name, rc, want,
               same ? "unchanged" : "CHANGED");
    }
}

/* The seven kernels on (a, b, out); softmax dim and transpose dims given. */
static int call(char k, const atalla_tensor *a, const atalla_tensor *b, atalla_tensor *o,
                int32_t d0, int32_t d1)
{
    switch (k) {
    case 'g': return atalla_gemm(a, b, o);
    case 'r': return atalla_relu(a, o);
    case 's': return atalla_softmax(a, d0, o);
    case 'a': return atalla_add(a, b, o);
    case 'u': return atalla_sub(a, b, o);
    case 'm': return atalla_mul(a, b, o);
    default: return atalla_transpose(a, d0, d1, o);
    }
}

static const char KERNS[] = "grsaumt";
static const char *const KNAME[] = {"gemm", "relu", "softmax", "add", "sub", "mul", "transpose"};

/* A valid call for kernel k: 16x16 operands (square: every kernel's out
 * shape is 16x16). Each test breaks one thing. */
static void valid(atalla_tensor *a, atalla_tensor *b, atalla_tensor *o)
{
    t2(a, A, 16, 16);
    t2(b, B, 16, 16);
    t2(o, O, 16, 16);
}

#define EACH_KERNEL(label, want, mutate)                                       \
    for (unsigned ki = 0; ki < 7; ki++) {                                      \
        atalla_tensor a, b, o;                                                 \
        char nm[64];                                                           \
        valid(&a, &b, &o);                                                     \
        mutate;                                                                \
        poison();                                                              \
        snprintf(nm, sizeof nm, "%s_%s", KNAME[ki], label);                    \
        expect(nm, call(KERNS[ki], &a, &b, &o, 1, 0), want);                   \
    }

/* Every kernel on valid 16x16 operands returns 0. */
static void all_valid(const char *label)
{
    for (unsigned ki = 0; ki < 7; ki++) {
        atalla_tensor a, b, o;
        valid(&a, &b, &o);
        int rc = call(KERNS[ki], &a, &b, &o, 1, 0);
        printf("%s: %s_%s: returned %d\n", rc ? "FAIL" : "PASS", KNAME[ki], label, rc);
        failures += rc != 0;
    }
}

static void unary_null(char k, const char *nm)
{
    atalla_tensor o;
    t2(&o, O, 16, 16);
    poison();
    expect(nm, call(k, NULL, NULL, &o, 1, 0), ATALLA_ERR_NULL);
}

int main(void)
{
    /* A valid call of each returns 0 (the baseline the others break). */
    all_valid("valid");
    /* 1 NULL */
    EACH_KERNEL("null_out_data", ATALLA_ERR_NULL, o.data = NULL)
    EACH_KERNEL("null_a_data", ATALLA_ERR_NULL, a.data = NULL)
    for (unsigned ki = 0; ki < 7; ki++) {
        char nm[64];
        snprintf(nm, sizeof nm, "%s_null_a", KNAME[ki]);
        unary_null(KERNS[ki], nm);
    }
    {
        atalla_tensor a, o;
        t2(&a, A, 16, 16);
        poison();
        expect("add_null_b", atalla_add(&a, NULL, &o), ATALLA_ERR_NULL);
        poison();
        expect("gemm_null_out_ptr", atalla_gemm(&a, &a, NULL), ATALLA_ERR_NULL);
    }
    /* 2 ndim */
    EACH_KERNEL("ndim_0", ATALLA_ERR_NDIM, a.ndim = 0)
    EACH_KERNEL("ndim_5", ATALLA_ERR_NDIM, o.ndim = 5)
    {
        atalla_tensor a = {A, 1, {16, 0, 0, 0}, {1, 0, 0, 0}}, o = {O, 1, {1, 0, 0, 0}, {1, 0, 0, 0}};
        poison();
        expect("gemm_ndim_1", atalla_gemm(&a, &a, &o), ATALLA_ERR_NDIM);
    }
    /* 3 sizes */
    EACH_KERNEL("size_0", ATALLA_ERR_SIZE, a.sizes[1] = 0; a.strides[0] = 0)
    EACH_KERNEL("size_neg", ATALLA_ERR_SIZE, o.sizes[0] = -16)
    {
        atalla_tensor a = {A, 4, {65536, 65536, 1, 1}, {65536, 1, 1, 1}}, o = a;
        o.data = O;
        poison();
        expect("relu_size_2^32", atalla_relu(&a, &o), ATALLA_ERR_SIZE);
    }
    /* 4 strides */
    EACH_KERNEL("stride_bytes", ATALLA_ERR_STRIDE, a.strides[0] = 32; a.strides[1] = 2)
    EACH_KERNEL("stride_colmajor", ATALLA_ERR_STRIDE, o.strides[0] = 1; o.strides[1] = 16)
    EACH_KERNEL("stride_padded", ATALLA_ERR_STRIDE, a.strides[0] = 17)
    /* 5 alignment (64 bytes) */
    EACH_KERNEL("align_a", ATALLA_ERR_ALIGN, a.data = A + 16)
    EACH_KERNEL("align_out", ATALLA_ERR_ALIGN, o.data = O + 1)
    /* 6 shapes */
    EACH_KERNEL("shape_out", ATALLA_ERR_SHAPE, t2(&o, O, 8, 32))
    {
        atalla_tensor a, b, o;
        valid(&a, &b, &o);
        t2(&b, B, 8, 32);
        poison();
        expect("add_shape_b", atalla_add(&a, &b, &o), ATALLA_ERR_SHAPE);
        poison();
        expect("mul_shape_b", atalla_mul(&a, &b, &o), ATALLA_ERR_SHAPE);
        poison();
        expect("gemm_shape_inner", atalla_gemm(&a, &b, &o), ATALLA_ERR_SHAPE); /* K 16 vs 8 */
        atalla_tensor a3 = {A, 3, {2, 16, 8, 0}, {128, 8, 1, 0}};
        atalla_tensor b3 = {B, 3, {3, 8, 16, 0}, {128, 16, 1, 0}};
        atalla_tensor o3 = {O, 3, {2, 16, 16, 0}, {256, 16, 1, 0}};
        poison();
        expect("gemm_shape_batch", atalla_gemm(&a3, &b3, &o3), ATALLA_ERR_SHAPE);
        poison();
        expect("gemm_shape_rank", atalla_gemm(&a3, &b, &o3), ATALLA_ERR_SHAPE);
        t2(&a, A, 8, 32);
        t2(&o, O, 8, 32);
        poison();
        expect("transpose_shape_unswapped", atalla_transpose(&a, 0, 1, &o), ATALLA_ERR_SHAPE);
    }
    /* 7 softmax dim */
    {
        atalla_tensor a, b, o;
        valid(&a, &b, &o);
        static const int32_t bad[] = {0, 2, -2, 5};
        for (unsigned i = 0; i < 4; i++) {
            char nm[48];
            snprintf(nm, sizeof nm, "softmax_dim_%ld", (long)bad[i]);
            poison();
            expect(nm, atalla_softmax(&a, bad[i], &o), ATALLA_ERR_DIM);
        }
        /* 8 transpose dims */
        static const int32_t td[][2] = {{0, 2}, {2, 0}, {-3, 1}, {1, 7}};
        for (unsigned i = 0; i < 4; i++) {
            char nm[48];
            snprintf(nm, sizeof nm, "transpose_dims_%ld_%ld", (long)td[i][0], (long)td[i][1]);
            poison();
            expect(nm, atalla_transpose(&a, td[i][0], td[i][1], &o), ATALLA_ERR_TDIM);
        }
    }
    /* 9 aliasing: a partial overlap for every kernel; out == input for the
     * kernels that cannot run in place. (The out-unchanged check compares
     * O, which here is also an input.) */
    EACH_KERNEL("alias_partial", ATALLA_ERR_ALIAS, a.data = O + 32)
    {
        atalla_tensor a, b, o;
        valid(&a, &b, &o);
        a.data = O;
        poison();
        expect("gemm_alias_a", atalla_gemm(&a, &b, &o), ATALLA_ERR_ALIAS);
        valid(&a, &b, &o);
        b.data = O;
        poison();
        expect("gemm_alias_b", atalla_gemm(&a, &b, &o), ATALLA_ERR_ALIAS);
        valid(&a, &b, &o);
        a.data = O;
        poison();
        expect("transpose_alias", atalla_transpose(&a, 0, 1, &o), ATALLA_ERR_ALIAS);
    }
    /* 10 scratchpad exhaustion: the caller holds both banks. */
    {
        int s0, s1;
        void *h0 = scpad_alloc(65536, 64, &s0), *h1 = scpad_alloc(65536, 64, &s1);
        if (!h0 || !h1) {
            printf("FAIL: scpad_hold: could not take the scratchpad\n");
            failures++;
        }
        EACH_KERNEL("scpad_full", ATALLA_ERR_SCPAD, (void)0)
        scpad_free(h0, s0);
        scpad_free(h1, s1);
        /* One page left per bank: less than any kernel's smallest set. */
        h0 = scpad_alloc(65536 - 256, 64, &s0);
        h1 = scpad_alloc(65536 - 256, 64, &s1);
        EACH_KERNEL("scpad_1page", ATALLA_ERR_SCPAD, (void)0)
        scpad_free(h0, s0);
        scpad_free(h1, s1);
        /* After the caller frees, the same calls succeed again. */
        all_valid("after_free");
        /* Past the documented limits with an empty pool: a GEMM with K =
         * 977 (K <= 976 fits), a softmax with rows of 2033 (<= 2032). */
        atalla_tensor a = {BIG, 2, {1, 977, 0, 0}, {977, 1, 0, 0}};
        atalla_tensor b = {BIG, 2, {977, 1, 0, 0}, {1, 1, 0, 0}};
        atalla_tensor o = {O, 2, {1, 1, 0, 0}, {1, 1, 0, 0}};
        poison();
        expect("gemm_scpad_k977", atalla_gemm(&a, &b, &o), ATALLA_ERR_SCPAD);
        atalla_tensor x = {BIG, 2, {1, 2033, 0, 0}, {2033, 1, 0, 0}};
        atalla_tensor y = {O, 2, {1, 2033, 0, 0}, {2033, 1, 0, 0}};
        poison();
        expect("softmax_scpad_l2033", atalla_softmax(&x, 1, &y), ATALLA_ERR_SCPAD);
        /* The pool is whole again after every failed call. */
        scpad_pool *p = atalla_scpad_pool();
        int whole = scpad_pool_free_pages(p, 0) == SCPAD_BANK_PAGES &&
                    scpad_pool_free_pages(p, 1) == SCPAD_BANK_PAGES;
        printf("%s: scpad_pool_whole\n", whole ? "PASS" : "FAIL");
        failures += !whole;
    }
    /* Order: a NULL out beats a bad ndim, a bad stride beats a bad shape. */
    {
        atalla_tensor a, b, o;
        valid(&a, &b, &o);
        a.ndim = 7;
        o.data = NULL;
        poison();
        expect("order_null_before_ndim", atalla_add(&a, &b, &o), ATALLA_ERR_NULL);
        valid(&a, &b, &o);
        b.strides[1] = 3;
        t2(&o, O, 8, 32);
        poison();
        expect("order_stride_before_shape", atalla_add(&a, &b, &o), ATALLA_ERR_STRIDE);
    }
    return failures > 255 ? 255 : failures;
}
