/* Tensor-unit lockstep: see cosim_tensor.h. */
#include "cosim_tensor.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SLOTS is the RTL's sequence-number window, 2^mosaic_pkg::SeqW: a
 * completion names its instruction by the sequence number modulo SLOTS
 * (sw/tests/rtl/test_defs_agree.py checks the two agree). EARLY bounds the
 * done reports that come before their instruction retires, which the
 * pipeline depth limits. */
enum { SLOTS = 1 << 16, EARLY = 256 };

typedef struct {
    uint32_t addr, len;
    uint8_t *bytes;
} ct_memw;

typedef struct {
    bool valid;
    uint64_t order;
    uint32_t pc, insn;
    uint32_t regs;          /* tensor registers written */
    uint8_t tag[MOSAIC_NTREG];
    uint8_t *data;          /* popcount(regs) x 1 KiB, ascending register order */
    unsigned nmemw;
    ct_memw *memw;
} ct_rec;

struct ct_state {
    uint8_t trf[MOSAIC_NTREG][MOSAIC_TREG_BYTES]; /* the RTL's TRF, from the trace */
    uint32_t next_seq;
    ct_rec rec[SLOTS];
    unsigned pending;
    uint64_t checked;
    /* Done reports that came before their instruction's retirement. */
    struct {
        uint32_t seq, tag;
    } early[EARLY];
    unsigned nearly;
};

ct_state *ct_create(void)
{
    return calloc(1, sizeof(ct_state));
}

static void rec_free(ct_rec *r)
{
    for (unsigned i = 0; i < r->nmemw; i++)
        free(r->memw[i].bytes);
    free(r->memw);
    free(r->data);
    memset(r, 0, sizeof *r);
}

void ct_destroy(ct_state *t)
{
    if (!t)
        return;
    for (unsigned i = 0; i < SLOTS; i++)
        rec_free(&t->rec[i]);
    free(t);
}

unsigned ct_pending(const ct_state *t)
{
    return t->pending;
}

bool ct_oldest(const ct_state *t, uint32_t *pc, uint32_t *insn)
{
    const ct_rec *old = NULL;
    for (unsigned i = 0; i < SLOTS; i++)
        if (t->rec[i].valid && (!old || t->rec[i].order < old->order))
            old = &t->rec[i];
    if (!old)
        return false;
    *pc = old->pc;
    *insn = old->insn;
    return true;
}

uint64_t ct_checked(const ct_state *t)
{
    return t->checked;
}

static bool custom_opcode(uint32_t insn)
{
    uint32_t op = insn & 0x7Fu;
    return op == 0x0B || op == 0x2B || op == 0x5B || op == 0x7B;
}

static unsigned popcount32(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static void describe(char *buf, size_t n, const ct_rec *r, uint32_t seq)
{
    char dis[64];
    mosaic_disasm(r->insn, r->pc, dis, sizeof dis);
    snprintf(buf, n, "tensor instruction #%" PRIu64 " (seq %" PRIu32 ") pc 0x%08" PRIx32 " %s",
             r->order + 1, seq, r->pc, dis);
}

/* Compare a recorded instruction with the RTL's state at its completion. */
static bool check(ct_state *t, uint32_t seq, uint32_t tag, uint32_t (*read)(void *, uint32_t),
                  void *ctx, ct_diff *d)
{
    ct_rec *r = &t->rec[seq];
    char who[128];
    describe(who, sizeof who, r, seq);
    const uint8_t *exp = r->data;
    uint32_t rd = (r->insn >> 7) & 31u;
    for (unsigned reg = 0; reg < MOSAIC_NTREG; reg++) {
        if (!(r->regs & (1u << reg)))
            continue;
        const uint8_t *act = t->trf[reg];
        for (unsigned b = 0; b < MOSAIC_TREG_BYTES; b++) {
            if (exp[b] == act[b])
                continue;
            unsigned w = b & ~3u;
            snprintf(d->what, sizeof d->what, "%s: tr%u byte %u (TRF row %u) differs", who, reg,
                     b, b / 64);
            snprintf(d->expected, sizeof d->expected, "tr%u[%u..%u] = %02x %02x %02x %02x", reg, w,
                     w + 3, exp[w], exp[w + 1], exp[w + 2], exp[w + 3]);
            snprintf(d->actual, sizeof d->actual, "tr%u[%u..%u] = %02x %02x %02x %02x", reg, w,
                     w + 3, act[w], act[w + 1], act[w + 2], act[w + 3]);
            return false;
        }
        if (reg == rd && r->tag[reg] != tag) {
            snprintf(d->what, sizeof d->what, "%s: format tag of tr%u", who, reg);
            snprintf(d->expected, sizeof d->expected, "tag %u", r->tag[reg]);
            snprintf(d->actual, sizeof d->actual, "tag %" PRIu32, tag);
            return false;
        }
        exp += MOSAIC_TREG_BYTES;
    }
    for (unsigned i = 0; i < r->nmemw; i++) {
        const ct_memw *m = &r->memw[i];
        for (uint32_t k = 0; k < m->len; k++) {
            uint32_t a = m->addr + k;
            uint8_t act = (uint8_t)(read(ctx, a & ~3u) >> (8 * (a & 3u)));
            if (act == m->bytes[k])
                continue;
            snprintf(d->what, sizeof d->what, "%s: memory byte 0x%08" PRIx32 " differs", who, a);
            snprintf(d->expected, sizeof d->expected, "[0x%08" PRIx32 "] = 0x%02x", a,
                     m->bytes[k]);
            snprintf(d->actual, sizeof d->actual, "[0x%08" PRIx32 "] = 0x%02x", a, act);
            return false;
        }
    }
    rec_free(r);
    t->pending--;
    t->checked++;
    return true;
}

bool ct_expect(ct_state *t, const mosaic_iss *iss, const mosaic_iss_effects *e,
               uint64_t order, ct_diff *d)
{
    (void)d;
    if (e->trap || e->intr || !custom_opcode(e->insn))
        return true;
    uint32_t seq = t->next_seq++ & (SLOTS - 1);
    ct_rec *r = &t->rec[seq];
    if (r->valid) {
        /* The RTL has not completed the instruction SLOTS tensor
         * instructions back: its sequence number is about to be reused. */
        char who[128];
        describe(who, sizeof who, r, seq);
        snprintf(d->what, sizeof d->what,
                 "%s has not completed in the %d tensor instructions since "
                 "(the sequence-number window)", who, SLOTS);
        snprintf(d->expected, sizeof d->expected, "seq %" PRIu32 " completed", seq);
        snprintf(d->actual, sizeof d->actual, "still outstanding");
        return false;
    }
    const mosaic_tu *tu = mosaic_iss_tu(iss);
    r->valid = true;
    r->order = order;
    r->pc = e->pc;
    r->insn = e->insn;
    r->regs = e->treg_written;
    memcpy(r->tag, tu->tag, sizeof r->tag);
    unsigned n = popcount32(r->regs);
    r->data = n ? malloc((size_t)n * MOSAIC_TREG_BYTES) : NULL;
    uint8_t *p = r->data;
    for (unsigned reg = 0; reg < MOSAIC_NTREG; reg++) {
        if (r->regs & (1u << reg)) {
            memcpy(p, tu->treg[reg], MOSAIC_TREG_BYTES);
            p += MOSAIC_TREG_BYTES;
        }
    }
    if (e->nmemw) {
        r->memw = calloc(e->nmemw, sizeof *r->memw);
        for (unsigned i = 0; i < e->nmemw; i++) {
            ct_memw *m = &r->memw[r->nmemw++];
            m->addr = e->memw[i].addr;
            m->len = e->memw[i].len;
            m->bytes = malloc(m->len ? m->len : 1);
            mosaic_iss_read_mem(iss, m->addr, m->bytes, m->len);
        }
    }
    t->pending++;
    return true;
}

static bool done_one(ct_state *t, uint32_t seq_in, uint32_t tag,
                     uint32_t (*read)(void *, uint32_t), void *ctx, ct_diff *d);

bool ct_cycle(ct_state *t, const sim_tu_trace *tr, uint32_t (*read)(void *, uint32_t),
              void *ctx, ct_diff *d)
{
    if (tr->trf_we) {
        uint8_t *row = &t->trf[tr->trf_reg & 31u][(tr->trf_row & 15u) * 64u];
        for (unsigned b = 0; b < 64; b++)
            if (tr->trf_be >> b & 1u)
                row[b] = tr->trf_data[b];
    }
    if (tr->trf1_we)
        memcpy(&t->trf[tr->trf1_reg & 31u][(tr->trf1_row & 15u) * 64u], tr->trf1_data, 64);
    /* Early reports whose instruction has retired by now. */
    for (unsigned i = 0; i < t->nearly;) {
        uint32_t s = t->early[i].seq;
        if (!t->rec[s].valid) {
            i++;
            continue;
        }
        uint32_t tag = t->early[i].tag;
        t->early[i] = t->early[--t->nearly];
        if (!check(t, s, tag, read, ctx, d))
            return false;
    }
    /* An SDMA transfer writes no tensor register (tag unused). */
    if (tr->sdma_done && !done_one(t, tr->sdma_seq, 0, read, ctx, d))
        return false;
    return !tr->done || done_one(t, tr->done_seq, tr->done_tag, read, ctx, d);
}

static bool done_one(ct_state *t, uint32_t seq_in, uint32_t tag,
                     uint32_t (*read)(void *, uint32_t), void *ctx, ct_diff *d)
{
    uint32_t seq = seq_in & (SLOTS - 1);
    if (t->rec[seq].valid)
        return check(t, seq, tag, read, ctx, d);
    if (t->nearly == EARLY) {
        snprintf(d->what, sizeof d->what,
                 "the RTL reports tensor instructions done that never retired");
        snprintf(d->expected, sizeof d->expected, "seq %" PRIu32 " retired", seq);
        snprintf(d->actual, sizeof d->actual, "not retired");
        return false;
    }
    t->early[t->nearly].seq = seq;
    t->early[t->nearly].tag = tag;
    t->nearly++;
    return true;
}
