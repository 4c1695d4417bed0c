/* ATALLA00 blob loader (docs/atalla.md, "Blob format ATALLA00").
 *
 * Plain C11 with no dependence on the target: the same file builds for the
 * core and for the host (the malformed-blob test runs it under ASan/UBSan).
 * atalla_blob_parse checks the whole blob before anything may use it and
 * reads only bytes inside [buf, buf + len), field by field (no alignment
 * needed). No global state. */
#ifndef ATALLA_BLOB_H
#define ATALLA_BLOB_H

#include <stddef.h>
#include <stdint.h>

#define ATALLA_BLOB_VERSION 1u
#define ATALLA_BLOB_HDR_BYTES 24u
#define ATALLA_BLOB_OP_BYTES 24u
#define ATALLA_BLOB_TENSOR_BYTES 72u
#define ATALLA_BLOB_PRELUDE_BYTES 16u
#define ATALLA_BLOB_MAX_OPS 1024u
#define ATALLA_BLOB_MAX_TENSORS 1024u
#define ATALLA_BLOB_NO_INPUT 0xFFFFFFFFu

enum atalla_op_kind {
    OP_GEMM = 1,
    OP_RELU = 2,
    OP_SOFTMAX = 3,
    OP_ADD = 4,
    OP_SUB = 5,
    OP_MUL = 6,
    OP_TRANSPOSE = 7,
};

enum { ATALLA_DT_BF16 = 1 };
enum { ATALLA_ST_DRAM = 0 };
enum { ATALLA_ROLE_CONST = 0, ATALLA_ROLE_INPUT = 1, ATALLA_ROLE_TEMP = 2, ATALLA_ROLE_OUTPUT = 3 };
#define ATALLA_BLOB_FLAG_DUMP_OUTPUTS 1u
#define ATALLA_BLOB_FLAG_DUMP_ALL 2u

/* Error codes, in the order the checks run (docs/atalla.md). */
enum {
    ATALLA_BLOB_OK = 0,
    ATALLA_BLOB_ERR_TRUNCATED = 1,
    ATALLA_BLOB_ERR_MAGIC = 2,
    ATALLA_BLOB_ERR_VERSION = 3,
    ATALLA_BLOB_ERR_SECTION = 4,
    ATALLA_BLOB_ERR_CRC = 5,
    ATALLA_BLOB_ERR_TENSOR = 6,
    ATALLA_BLOB_ERR_STORAGE = 7,
    ATALLA_BLOB_ERR_DATA = 8,
    ATALLA_BLOB_ERR_OP_KIND = 9,
    ATALLA_BLOB_ERR_OP_ID = 10,
    ATALLA_BLOB_ERR_OP_DIM = 11,
    ATALLA_BLOB_ERR_OP_SHAPE = 12,
    ATALLA_BLOB_ERR_DATAFLOW = 13,
};

/* The specification's op record, decoded. */
typedef struct {
    uint32_t kind;
    uint32_t input_ids[2];
    uint32_t output_id;
    int32_t dim0;
    int32_t dim1;
} atalla_op;

typedef struct {
    uint32_t ndim;
    int32_t sizes[4];
    int32_t strides[4];
    uint32_t dtype, storage, role, data_offset, data_bytes;
    uint32_t elems; /* product of the sizes (filled by the loader) */
    char name[16];  /* NUL-terminated */
} atalla_blob_tensor;

/* A blob that passed every check. */
typedef struct {
    const uint8_t *base;
    uint32_t total; /* bytes of the blob */
    uint32_t op_count, tensor_count, flags;
    uint32_t const_off, const_bytes, meta_off;
} atalla_blob;

/* Check the whole blob in buf[0..len). Returns ATALLA_BLOB_OK and fills
 * *b, or the first failing check's code with one line in msg (msg may be
 * NULL). Never reads outside buf[0..len). */
int atalla_blob_parse(const void *buf, size_t len, atalla_blob *b, char *msg, size_t msglen);

/* Op i / tensor i of a parsed blob (i below op_count / tensor_count). */
void atalla_blob_op(const atalla_blob *b, uint32_t i, atalla_op *op);
void atalla_blob_tensor_get(const atalla_blob *b, uint32_t i, atalla_blob_tensor *t);

/* "TRUNCATED", "MAGIC", ... ("?" for an unknown code). */
const char *atalla_blob_err_name(int code);
const char *atalla_op_kind_name(uint32_t kind);

/* CRC-32 (zlib's) of n bytes continuing from crc (start with 0). */
uint32_t atalla_blob_crc32(uint32_t crc, const uint8_t *p, size_t n);

#endif
