/* libFuzzer target: the ATALLA00 blob loader (sw/model/blob.c) on arbitrary
 * bytes. The first input byte chooses whether the harness first repairs the
 * CRC-32 (odd) or parses the rest as it is (even): with the repair,
 * mutations get past the CRC to the checks behind it. A blob that parses is
 * walked as the executor walks it. Nothing may read outside the buffer
 * (an exact-size heap copy, ASan) or hit undefined behaviour (UBSan), and a
 * refusal carries a one-line message. */
#include <stdint.h>

/* parse_copy (an exact-size heap copy, parsed, every record read) is the
 * host checker's; its source is compiled in with main renamed. */
#define main blob_check_main
#include "../../model/blob_check.c"
#undef main

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Write the CRC the header's sizes call for, when those sizes fit. */
static void repair_crc(uint8_t *p, size_t n)
{
    if (n < ATALLA_BLOB_HDR_BYTES)
        return;
    uint64_t ops = rd32(p + 12), cb = rd32(p + 16), mb = rd32(p + 20);
    if (ops < 1 || ops > ATALLA_BLOB_MAX_OPS || mb < 4)
        return;
    uint64_t head = ATALLA_BLOB_HDR_BYTES + ATALLA_BLOB_OP_BYTES * ops;
    uint64_t meta = ((head + 63) & ~(uint64_t)63) + cb;
    if (meta + mb > n)
        return;
    uint32_t crc = atalla_blob_crc32(0, p, (size_t)head);
    crc = atalla_blob_crc32(crc, p + meta + 4, (size_t)mb - 4);
    for (int i = 0; i < 4; i++)
        p[meta + (uint64_t)i] = (uint8_t)(crc >> (8 * i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    size_t n = size - 1;
    uint8_t *buf = malloc(n ? n : 1);
    if (!buf)
        abort();
    memcpy(buf, data + 1, n);
    if (data[0] & 1)
        repair_crc(buf, n);
    char msg[160] = "";
    int rc = parse_copy(buf, n, msg, sizeof msg);
    if (rc != ATALLA_BLOB_OK && (!msg[0] || strchr(msg, '\n'))) {
        fprintf(stderr, "fuzz_blob: code %d without a one-line message: \"%s\"\n", rc, msg);
        abort();
    }
    free(buf);
    return 0;
}
