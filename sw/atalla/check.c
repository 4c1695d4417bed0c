/* Argument checks shared by the kernels (docs/atalla.md "Errors"). */
#include "atalla_internal.h"

/* 2^30 elements = 2 GiB of BF16: larger tensors cannot exist in a 32-bit
 * address space, and the limit keeps every byte count below 2^31. */
#define MAX_NUMEL (1u << 30)

uint32_t atalla_numel(const atalla_tensor *t)
{
    uint32_t n = 1;
    for (int32_t d = 0; d < t->ndim; d++)
        n *= (uint32_t)t->sizes[d];
    return n;
}

static int check_sizes(const atalla_tensor *t)
{
    uint64_t n = 1;
    for (int32_t d = 0; d < t->ndim; d++) {
        if (t->sizes[d] <= 0)
            return ATALLA_ERR_SIZE;
        n *= (uint64_t)t->sizes[d];
        if (n > MAX_NUMEL)
            return ATALLA_ERR_SIZE;
    }
    return 0;
}

static int check_strides(const atalla_tensor *t)
{
    int64_t want = 1;
    for (int32_t d = t->ndim - 1; d >= 0; d--) {
        if (t->strides[d] != want)
            return ATALLA_ERR_STRIDE;
        want *= t->sizes[d];
    }
    return 0;
}

int atalla_check_args(const atalla_tensor *const *t, unsigned n, int lo, int hi)
{
    for (unsigned i = 0; i < n; i++)
        if (!t[i] || !t[i]->data)
            return ATALLA_ERR_NULL;
    for (unsigned i = 0; i < n; i++)
        if (t[i]->ndim < lo || t[i]->ndim > hi)
            return ATALLA_ERR_NDIM;
    for (unsigned i = 0; i < n; i++)
        if (check_sizes(t[i]))
            return ATALLA_ERR_SIZE;
    for (unsigned i = 0; i < n; i++)
        if (check_strides(t[i]))
            return ATALLA_ERR_STRIDE;
    for (unsigned i = 0; i < n; i++)
        if ((uintptr_t)t[i]->data % 64u)
            return ATALLA_ERR_ALIGN;
    return 0;
}

int atalla_same_shape(const atalla_tensor *a, const atalla_tensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (int32_t d = 0; d < a->ndim; d++)
        if (a->sizes[d] != b->sizes[d])
            return 0;
    return 1;
}

int atalla_overlap(const atalla_tensor *a, const atalla_tensor *b)
{
    uint64_t a0 = (uintptr_t)a->data, a1 = a0 + 2u * (uint64_t)atalla_numel(a);
    uint64_t b0 = (uintptr_t)b->data, b1 = b0 + 2u * (uint64_t)atalla_numel(b);
    return a0 < b1 && b0 < a1;
}
