/* ATALLA00 executor: tensor placement, the op loop through the kernel ABI,
 * per-op performance counters, the report (docs/atalla.md). */
#include "exec.h"

#include <inttypes.h>
#include <stdio.h>

#include "bench.h"
#include "mosaic.h"

int atalla_exec_prepare(const atalla_blob *b, const atalla_exec_env *env, atalla_tensor *ts,
                        char *msg, uint32_t ml)
{
    if ((uintptr_t)b->base % 64u) {
        snprintf(msg, ml, "ALIGN: blob at 0x%08" PRIxPTR " is not 64-byte aligned",
                 (uintptr_t)b->base);
        return ATALLA_EXEC_ERR_ALIGN;
    }
    for (uint32_t i = 0; i < b->tensor_count; i++) {
        atalla_blob_tensor t;
        atalla_blob_tensor_get(b, i, &t);
        atalla_tensor *x = &ts[i];
        x->ndim = (int32_t)t.ndim;
        for (int d = 0; d < 4; d++) {
            x->sizes[d] = t.sizes[d];
            x->strides[d] = t.strides[d];
        }
        if (t.role == ATALLA_ROLE_CONST || t.role == ATALLA_ROLE_INPUT) {
            x->data = (bf16 *)(uintptr_t)(b->base + b->const_off + t.data_offset);
        } else {
            x->data = (bf16 *)env->alloc(env->ctx, 2u * t.elems, 64u);
            if (!x->data) {
                snprintf(msg, ml, "NOMEM: tensor %" PRIu32 " (%s): %" PRIu32 " bytes", i, t.name,
                         2u * t.elems);
                return ATALLA_EXEC_ERR_NOMEM;
            }
        }
    }
    snprintf(msg, ml, "placed %" PRIu32 " tensors", b->tensor_count);
    return 0;
}

static int run_op(const atalla_op *op, atalla_tensor *ts)
{
    const atalla_tensor *a = &ts[op->input_ids[0]];
    atalla_tensor *o = &ts[op->output_id];
    switch (op->kind) {
    case OP_GEMM: return atalla_gemm(a, &ts[op->input_ids[1]], o);
    case OP_RELU: return atalla_relu(a, o);
    case OP_SOFTMAX: return atalla_softmax(a, op->dim0, o);
    case OP_ADD: return atalla_add(a, &ts[op->input_ids[1]], o);
    case OP_SUB: return atalla_sub(a, &ts[op->input_ids[1]], o);
    case OP_MUL: return atalla_mul(a, &ts[op->input_ids[1]], o);
    case OP_TRANSPOSE: return atalla_transpose(a, op->dim0, op->dim1, o);
    default: return -1; /* the loader rejects other kinds */
    }
}

int atalla_exec_run(const atalla_blob *b, atalla_tensor *ts, atalla_op_perf *perf,
                    uint32_t *failed_op, int *kernel_rc, char *msg, uint32_t ml)
{
    for (uint32_t i = 0; i < b->op_count; i++) {
        atalla_op op;
        atalla_blob_op(b, i, &op);
        bench_counters c0, c1;
        mosaic_fence();
        bench_read(&c0);
        int rc = run_op(&op, ts);
        mosaic_fence();
        bench_read(&c1);
        bench_counters d = bench_delta(&c0, &c1);
        perf[i] = (atalla_op_perf){d.cycles, d.insns, d.tensor_insns, d.macs, d.sdma_bytes};
        if (rc) {
            if (failed_op)
                *failed_op = i;
            if (kernel_rc)
                *kernel_rc = rc;
            snprintf(msg, ml, "KERNEL: op %" PRIu32 " (%s) returned %d", i,
                     atalla_op_kind_name(op.kind), rc);
            return ATALLA_EXEC_ERR_KERNEL;
        }
    }
    snprintf(msg, ml, "ran %" PRIu32 " ops", b->op_count);
    return 0;
}

/* percent with two decimals, as "ddd.dd" */
static void pct(char *s, uint32_t n, uint64_t num, uint64_t den)
{
    uint64_t v = den ? (num * 10000u + den / 2) / den : 0;
    snprintf(s, n, "%3lu.%02lu", (unsigned long)(v / 100), (unsigned long)(v % 100));
}

static void shape_str(char *s, uint32_t n, const atalla_blob_tensor *t)
{
    int k = 0;
    for (uint32_t d = 0; d < t->ndim && k >= 0 && (uint32_t)k < n; d++)
        k += snprintf(s + k, n - (uint32_t)k, d ? "x%ld" : "%ld", (long)t->sizes[d]);
}

void atalla_exec_print(const atalla_blob *b, const atalla_op_perf *perf, uint32_t pe)
{
    printf("MODEL %" PRIu32 " ops, %" PRIu32 " tensors, PE %" PRIu32 "\n", b->op_count,
           b->tensor_count, pe);
    printf("OPHDR  op kind      output          shape          cycles      insns  tensor"
           "        MACs   util%%  SDMA-bytes\n");
    uint64_t tc = 0, ti = 0, tt = 0, tm = 0, ts = 0;
    char u[16], sh[32];
    for (uint32_t i = 0; i < b->op_count; i++) {
        atalla_op op;
        atalla_blob_op(b, i, &op);
        atalla_blob_tensor o;
        atalla_blob_tensor_get(b, op.output_id, &o);
        const atalla_op_perf *p = &perf[i];
        pct(u, sizeof u, p->macs, (uint64_t)p->cycles * pe);
        shape_str(sh, sizeof sh, &o);
        printf("OP    %3" PRIu32 " %-9s %-15s %-10s %10" PRIu32 " %10" PRIu32 " %7" PRIu32
               " %11" PRIu32 " %7s %11" PRIu32 "\n",
               i, atalla_op_kind_name(op.kind), o.name, sh, p->cycles, p->insns, p->tensor_insns,
               p->macs, u, p->sdma_bytes);
        tc += p->cycles;
        ti += p->insns;
        tt += p->tensor_insns;
        tm += p->macs;
        ts += p->sdma_bytes;
    }
    pct(u, sizeof u, tm, tc * pe);
    printf("TOTAL     %-26s %10llu %10llu %7llu %11llu %7s %11llu\n", "", (unsigned long long)tc,
           (unsigned long long)ti, (unsigned long long)tt, (unsigned long long)tm, u,
           (unsigned long long)ts);
}

void atalla_exec_dump(const atalla_blob *b, const atalla_tensor *ts, int all)
{
    static const char hx[] = "0123456789abcdef";
    char buf[4 * 32 + 1];
    for (uint32_t i = 0; i < b->tensor_count; i++) {
        atalla_blob_tensor t;
        atalla_blob_tensor_get(b, i, &t);
        if (!all && t.role != ATALLA_ROLE_OUTPUT)
            continue;
        printf("T %" PRIu32 " %s %" PRIu32, i, t.name[0] ? t.name : "-", t.ndim);
        for (uint32_t d = 0; d < t.ndim; d++)
            printf(" %ld", (long)t.sizes[d]);
        putchar(' ');
        const bf16 *p = ts[i].data;
        uint32_t k = 0;
        for (uint32_t e = 0; e < t.elems; e++) {
            uint16_t v = p[e];
            buf[k++] = hx[v >> 12];
            buf[k++] = hx[(v >> 8) & 15];
            buf[k++] = hx[(v >> 4) & 15];
            buf[k++] = hx[v & 15];
            if (k == sizeof buf - 1) {
                buf[k] = '\0';
                fputs(buf, stdout);
                k = 0;
            }
        }
        buf[k] = '\0';
        fputs(buf, stdout);
        putchar('\n');
    }
}
