/* ATALLA00 blob loader: every check of docs/atalla.md, in its order.
 * tools/atalla_blob.py validate() is the same checks in Python. */
#include "blob.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int32_t rdi32(const uint8_t *p)
{
    uint32_t u = rd32(p);
    return u <= 0x7FFFFFFFu ? (int32_t)u : -(int32_t)(~u) - 1;
}

static uint32_t align64(uint32_t n)
{
    return (n + 63u) & ~63u;
}

/* A nibble at a time (a 16-entry table): every model run checks its whole
 * blob on the core, bit by bit ~50 instructions a byte; a byte-wide table
 * would cost 1 KiB. */
uint32_t atalla_blob_crc32(uint32_t crc, const uint8_t *p, size_t n)
{
    static const uint32_t t[16] = {
        0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
        0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
        0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu};
    crc = ~crc;
    for (size_t i = 0; i < n; i++) {
        crc = (crc >> 4) ^ t[(crc ^ p[i]) & 15u];
        crc = (crc >> 4) ^ t[(crc ^ (p[i] >> 4)) & 15u];
    }
    return ~crc;
}

static const char *const err_names[] = {"OK",     "TRUNCATED", "MAGIC",   "VERSION", "SECTION",
                                        "CRC",    "TENSOR",    "STORAGE", "DATA",    "OP_KIND",
                                        "OP_ID",  "OP_DIM",    "OP_SHAPE", "DATAFLOW"};

const char *atalla_blob_err_name(int code)
{
    return code >= 0 && code < (int)(sizeof err_names / sizeof err_names[0]) ? err_names[code] : "?";
}

const char *atalla_op_kind_name(uint32_t kind)
{
    static const char *const n[] = {"?", "gemm", "relu", "softmax", "add", "sub", "mul", "transpose"};
    return kind >= 1 && kind <= 7 ? n[kind] : "?";
}

__attribute__((format(printf, 4, 5))) static int fail(char *msg, size_t msglen, int code,
                                                    const char *fmt, ...)
{
    if (msg && msglen) {
        int n = snprintf(msg, msglen, "%s: ", atalla_blob_err_name(code));
        if (n < 0)
            n = 0;
        if ((size_t)n < msglen) {
            va_list ap;
            va_start(ap, fmt);
            vsnprintf(msg + n, msglen - (size_t)n, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

static void get_tensor(const uint8_t *base, uint32_t meta_off, uint32_t i, atalla_blob_tensor *t)
{
    const uint8_t *p = base + meta_off + ATALLA_BLOB_PRELUDE_BYTES + ATALLA_BLOB_TENSOR_BYTES * i;
    t->ndim = rd32(p);
    for (int d = 0; d < 4; d++) {
        t->sizes[d] = rdi32(p + 4 + 4 * d);
        t->strides[d] = rdi32(p + 20 + 4 * d);
    }
    t->dtype = rd32(p + 36);
    t->storage = rd32(p + 40);
    t->role = rd32(p + 44);
    t->data_offset = rd32(p + 48);
    t->data_bytes = rd32(p + 52);
    memcpy(t->name, p + 56, 16);
    t->name[15] = '\0';
    t->elems = 0;
}

static void get_op(const uint8_t *base, uint32_t i, atalla_op *op)
{
    const uint8_t *p = base + ATALLA_BLOB_HDR_BYTES + ATALLA_BLOB_OP_BYTES * i;
    op->kind = rd32(p);
    op->input_ids[0] = rd32(p + 4);
    op->input_ids[1] = rd32(p + 8);
    op->output_id = rd32(p + 12);
    op->dim0 = rdi32(p + 16);
    op->dim1 = rdi32(p + 20);
}

void atalla_blob_op(const atalla_blob *b, uint32_t i, atalla_op *op)
{
    get_op(b->base, i, op);
}

static uint32_t elems_of(const atalla_blob_tensor *t)
{
    uint32_t n = 1;
    for (uint32_t d = 0; d < t->ndim; d++)
        n *= (uint32_t)t->sizes[d];
    return n;
}

void atalla_blob_tensor_get(const atalla_blob *b, uint32_t i, atalla_blob_tensor *t)
{
    get_tensor(b->base, b->meta_off, i, t);
    t->elems = elems_of(t);
}

static int is_runtime(uint32_t role)
{
    return role == ATALLA_ROLE_TEMP || role == ATALLA_ROLE_OUTPUT;
}

/* TENSOR, STORAGE, DATA checks of tensor i (earlier tensors already valid). */
static int check_tensor(const uint8_t *base, const atalla_blob *b, uint32_t i,
                        atalla_blob_tensor *t, char *msg, size_t ml)
{
    get_tensor(base, b->meta_off, i, t);
    const uint8_t *raw = base + b->meta_off + ATALLA_BLOB_PRELUDE_BYTES +
                         ATALLA_BLOB_TENSOR_BYTES * i + 56;
    uint32_t nd = t->ndim;
    if (nd < 1 || nd > 4)
        return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": ndim %" PRIu32 " outside 1..4", i, nd);
    for (uint32_t d = 0; d < 4; d++) {
        int32_t s = t->sizes[d];
        if ((d < nd && s < 1) || (d >= nd && s != 0))
            return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": sizes[%" PRIu32 "] = %ld", i, d,
                        (long)s);
    }
    uint64_t elems = 1;
    for (uint32_t d = 0; d < nd; d++) {
        elems *= (uint64_t)t->sizes[d];
        if (elems > (1u << 30))
            return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": more than 2^30 elements", i);
    }
    t->elems = (uint32_t)elems;
    int64_t want = 1;
    for (int d = 3; d >= 0; d--) {
        int32_t w = (uint32_t)d < nd ? (int32_t)want : 0;
        if (t->strides[d] != w)
            return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR,
                        "tensor %" PRIu32 ": strides[%d] = %ld, contiguous is %ld", i, d,
                        (long)t->strides[d], (long)w);
        if ((uint32_t)d < nd)
            want *= t->sizes[d];
    }
    if (t->dtype != ATALLA_DT_BF16)
        return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": dtype %" PRIu32 ", only 1 (bf16)", i,
                    t->dtype);
    if (t->storage != ATALLA_ST_DRAM)
        return fail(msg, ml, ATALLA_BLOB_ERR_STORAGE,
                    "tensor %" PRIu32 ": storage %" PRIu32 ", only 0 (dram) in version 1", i, t->storage);
    if (t->role > ATALLA_ROLE_OUTPUT)
        return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": role %" PRIu32 " outside 0..3", i, t->role);
    if (raw[15] != 0)
        return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR, "tensor %" PRIu32 ": name is not NUL-terminated", i);
    int end = 0;
    while (raw[end])
        end++;
    for (int k = 0; k < 16; k++) {
        if ((k < end && (raw[k] < 0x21 || raw[k] > 0x7E)) || (k >= end && raw[k]))
            return fail(msg, ml, ATALLA_BLOB_ERR_TENSOR,
                        "tensor %" PRIu32 ": name has a character outside 0x21..0x7e or bytes after its "
                        "NUL", i);
    }
    uint32_t off = t->data_offset, nb = t->data_bytes;
    if (is_runtime(t->role)) {
        if (off || nb)
            return fail(msg, ml, ATALLA_BLOB_ERR_DATA, "tensor %" PRIu32 ": a runtime tensor has a data range",
                        i);
        return ATALLA_BLOB_OK;
    }
    if (off % 64u)
        return fail(msg, ml, ATALLA_BLOB_ERR_DATA, "tensor %" PRIu32 ": data_offset %" PRIu32 " is not a multiple of 64",
                    i, off);
    if ((uint64_t)nb != 2u * elems)
        return fail(msg, ml, ATALLA_BLOB_ERR_DATA, "tensor %" PRIu32 ": data_bytes %" PRIu32 ", the shape needs %lu",
                    i, nb, (unsigned long)(2u * elems));
    if (off > b->const_bytes || nb > b->const_bytes - off)
        return fail(msg, ml, ATALLA_BLOB_ERR_DATA,
                    "tensor %" PRIu32 ": data %" PRIu32 "+%" PRIu32 " outside the %" PRIu32 "-byte constants section", i, off, nb,
                    b->const_bytes);
    for (uint32_t j = 0; j < i; j++) {
        atalla_blob_tensor p;
        get_tensor(base, b->meta_off, j, &p);
        if (!is_runtime(p.role) && off < p.data_offset + p.data_bytes && p.data_offset < off + nb)
            return fail(msg, ml, ATALLA_BLOB_ERR_DATA, "tensor %" PRIu32 ": data overlaps tensor %" PRIu32 "'s", i, j);
    }
    return ATALLA_BLOB_OK;
}

static int same_shape(const atalla_blob_tensor *a, const atalla_blob_tensor *b)
{
    if (a->ndim != b->ndim)
        return 0;
    for (uint32_t d = 0; d < a->ndim; d++)
        if (a->sizes[d] != b->sizes[d])
            return 0;
    return 1;
}

static int is_binary(uint32_t k)
{
    return k == OP_GEMM || k == OP_ADD || k == OP_SUB || k == OP_MUL;
}

static int check_op(const uint8_t *base, const atalla_blob *b, uint32_t i, uint8_t *written,
                    char *msg, size_t ml)
{
    atalla_op op;
    get_op(base, i, &op);
    uint32_t k = op.kind, nt = b->tensor_count;
    if (k < OP_GEMM || k > OP_TRANSPOSE)
        return fail(msg, ml, ATALLA_BLOB_ERR_OP_KIND, "op %" PRIu32 ": kind %" PRIu32 " outside 1..7", i, k);
    uint32_t ids[3];
    unsigned nid = 0;
    ids[nid++] = op.input_ids[0];
    if (is_binary(k))
        ids[nid++] = op.input_ids[1];
    ids[nid++] = op.output_id;
    for (unsigned j = 0; j < nid; j++)
        if (ids[j] >= nt)
            return fail(msg, ml, ATALLA_BLOB_ERR_OP_ID,
                        "op %" PRIu32 ": tensor id %" PRIu32 " out of range (tensor_count %" PRIu32 ")", i, ids[j], nt);
    if (!is_binary(k) && op.input_ids[1] != ATALLA_BLOB_NO_INPUT)
        return fail(msg, ml, ATALLA_BLOB_ERR_OP_ID,
                    "op %" PRIu32 ": input_ids[1] = %" PRIu32 ", a one-input op needs 0xffffffff", i,
                    op.input_ids[1]);
    atalla_blob_tensor x, y, o;
    atalla_blob_tensor_get(b, op.input_ids[0], &x);
    atalla_blob_tensor_get(b, op.output_id, &o);
    int32_t nd = (int32_t)x.ndim, d0 = op.dim0, d1 = op.dim1;
    if (k == OP_SOFTMAX) {
        if ((d0 != -1 && d0 != nd - 1) || d1 != -1)
            return fail(msg, ml, ATALLA_BLOB_ERR_OP_DIM,
                        "op %" PRIu32 ": softmax dim0 %ld dim1 %ld: dim0 must be -1 or %ld, dim1 -1", i,
                        (long)d0, (long)d1, (long)(nd - 1));
    } else if (k == OP_TRANSPOSE) {
        if (d0 < -nd || d0 >= nd || d1 < -nd || d1 >= nd)
            return fail(msg, ml, ATALLA_BLOB_ERR_OP_DIM,
                        "op %" PRIu32 ": transpose dims %ld, %ld outside -%ld..%ld", i, (long)d0, (long)d1,
                        (long)nd, (long)(nd - 1));
    } else if (d0 != -1 || d1 != -1) {
        return fail(msg, ml, ATALLA_BLOB_ERR_OP_DIM, "op %" PRIu32 ": dim0 %ld dim1 %ld, this op needs -1, -1",
                    i, (long)d0, (long)d1);
    }
    int ok = 1;
    if (k == OP_ADD || k == OP_SUB || k == OP_MUL) {
        atalla_blob_tensor_get(b, op.input_ids[1], &y);
        ok = same_shape(&x, &y) && same_shape(&x, &o);
    } else if (k == OP_RELU || k == OP_SOFTMAX) {
        ok = same_shape(&x, &o);
    } else if (k == OP_TRANSPOSE) {
        atalla_blob_tensor w = x;
        int32_t a = d0 < 0 ? d0 + nd : d0, c = d1 < 0 ? d1 + nd : d1;
        int32_t s = w.sizes[a];
        w.sizes[a] = w.sizes[c];
        w.sizes[c] = s;
        ok = same_shape(&w, &o);
    } else { /* GEMM */
        atalla_blob_tensor_get(b, op.input_ids[1], &y);
        ok = nd >= 2 && nd <= 4 && y.ndim == x.ndim && o.ndim == x.ndim;
        for (int32_t d = 0; ok && d < nd - 2; d++)
            ok = x.sizes[d] == y.sizes[d] && x.sizes[d] == o.sizes[d];
        ok = ok && x.sizes[nd - 1] == y.sizes[nd - 2] && o.sizes[nd - 2] == x.sizes[nd - 2] &&
             o.sizes[nd - 1] == y.sizes[nd - 1];
    }
    if (!ok)
        return fail(msg, ml, ATALLA_BLOB_ERR_OP_SHAPE, "op %" PRIu32 ": %s: shapes break the kernel's rule",
                    i, atalla_op_kind_name(k));
    if (!is_runtime(o.role))
        return fail(msg, ml, ATALLA_BLOB_ERR_DATAFLOW, "op %" PRIu32 ": output tensor %" PRIu32 " is not runtime", i,
                    op.output_id);
    if (written[op.output_id >> 3] & (1u << (op.output_id & 7)))
        return fail(msg, ml, ATALLA_BLOB_ERR_DATAFLOW, "op %" PRIu32 ": output tensor %" PRIu32 " is written twice", i,
                    op.output_id);
    for (unsigned j = 0; j + 1 < nid; j++) {
        atalla_blob_tensor in;
        atalla_blob_tensor_get(b, ids[j], &in);
        if (is_runtime(in.role) && !(written[ids[j] >> 3] & (1u << (ids[j] & 7))))
            return fail(msg, ml, ATALLA_BLOB_ERR_DATAFLOW,
                        "op %" PRIu32 ": input tensor %" PRIu32 " is read before it is written", i, ids[j]);
    }
    written[op.output_id >> 3] |= (uint8_t)(1u << (op.output_id & 7));
    return ATALLA_BLOB_OK;
}

int atalla_blob_parse(const void *buf, size_t len, atalla_blob *out, char *msg, size_t ml)
{
    const uint8_t *p = (const uint8_t *)buf;
    if (msg && ml)
        msg[0] = '\0';
    if (!p || len < ATALLA_BLOB_HDR_BYTES)
        return fail(msg, ml, ATALLA_BLOB_ERR_TRUNCATED,
                    "blob is %lu bytes, shorter than the 24-byte header", (unsigned long)len);
    if (memcmp(p, "ATALLA00", 8) != 0)
        return fail(msg, ml, ATALLA_BLOB_ERR_MAGIC, "magic is not ATALLA00");
    uint32_t version = rd32(p + 8), op_count = rd32(p + 12), cb = rd32(p + 16), mb = rd32(p + 20);
    if (version != ATALLA_BLOB_VERSION)
        return fail(msg, ml, ATALLA_BLOB_ERR_VERSION, "version %" PRIu32 ", only 1 is supported", version);
    if (op_count < 1 || op_count > ATALLA_BLOB_MAX_OPS)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "op_count %" PRIu32 " outside 1..1024", op_count);
    if (cb % 64u)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "const_bytes %" PRIu32 " is not a multiple of 64", cb);
    if (mb < ATALLA_BLOB_PRELUDE_BYTES + ATALLA_BLOB_TENSOR_BYTES ||
        (mb - ATALLA_BLOB_PRELUDE_BYTES) % ATALLA_BLOB_TENSOR_BYTES)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "meta_bytes %" PRIu32 " is not 16 + 72*k (k >= 1)", mb);
    uint32_t const_off = align64(ATALLA_BLOB_HDR_BYTES + ATALLA_BLOB_OP_BYTES * op_count);
    uint64_t total = (uint64_t)const_off + cb + mb;
    if (total >= (1ull << 31))
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "blob size %llu is 2^31 or more",
                    (unsigned long long)total);
    if ((uint64_t)len < total)
        return fail(msg, ml, ATALLA_BLOB_ERR_TRUNCATED, "blob is %lu bytes, its sections need %lu",
                    (unsigned long)len, (unsigned long)total);
    atalla_blob b = {0};
    b.base = p;
    b.total = (uint32_t)total;
    b.op_count = op_count;
    b.const_off = const_off;
    b.const_bytes = cb;
    b.meta_off = const_off + cb;
    uint32_t crc = rd32(p + b.meta_off);
    uint32_t want = atalla_blob_crc32(0, p, ATALLA_BLOB_HDR_BYTES + ATALLA_BLOB_OP_BYTES * op_count);
    want = atalla_blob_crc32(want, p + b.meta_off + 4, mb - 4);
    if (crc != want)
        return fail(msg, ml, ATALLA_BLOB_ERR_CRC, "crc32 0x%08lx, computed 0x%08lx",
                    (unsigned long)crc, (unsigned long)want);
    uint32_t tcount = rd32(p + b.meta_off + 4), flags = rd32(p + b.meta_off + 8),
             resv = rd32(p + b.meta_off + 12);
    if (tcount < 1 || tcount > ATALLA_BLOB_MAX_TENSORS ||
        tcount != (mb - ATALLA_BLOB_PRELUDE_BYTES) / ATALLA_BLOB_TENSOR_BYTES)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "tensor_count %" PRIu32 " does not match meta_bytes %" PRIu32 "",
                    tcount, mb);
    if (flags & ~3u)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "unknown flags 0x%lx", (unsigned long)flags);
    if (resv)
        return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "reserved metadata word is not 0");
    for (uint32_t o = ATALLA_BLOB_HDR_BYTES + ATALLA_BLOB_OP_BYTES * op_count; o < const_off; o++)
        if (p[o])
            return fail(msg, ml, ATALLA_BLOB_ERR_SECTION, "padding after the op records is not zero");
    b.tensor_count = tcount;
    b.flags = flags;
    for (uint32_t i = 0; i < tcount; i++) {
        atalla_blob_tensor t;
        int rc = check_tensor(p, &b, i, &t, msg, ml);
        if (rc)
            return rc;
    }
    uint8_t written[ATALLA_BLOB_MAX_TENSORS / 8] = {0};
    for (uint32_t i = 0; i < op_count; i++) {
        int rc = check_op(p, &b, i, written, msg, ml);
        if (rc)
            return rc;
    }
    for (uint32_t i = 0; i < tcount; i++) {
        atalla_blob_tensor t;
        get_tensor(p, b.meta_off, i, &t);
        if (is_runtime(t.role) && !(written[i >> 3] & (1u << (i & 7))))
            return fail(msg, ml, ATALLA_BLOB_ERR_DATAFLOW, "tensor %" PRIu32 " (%s) is never written", i,
                        t.role == ATALLA_ROLE_TEMP ? "temp" : "output");
    }
    if (out)
        *out = b;
    if (msg && ml)
        snprintf(msg, ml, "valid: %" PRIu32 " ops, %" PRIu32 " tensors, %" PRIu32 " bytes", op_count, tcount, b.total);
    return ATALLA_BLOB_OK;
}
