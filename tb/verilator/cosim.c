/* Lockstep comparison of the RTL (one RVFI record per retired or trapping
 * instruction) with the golden ISS (one mosaic_iss_step per record), in the
 * manner of Ibex's co-simulation:
 *
 *  - Interrupts: the RTL decides when. A record with rvfi_intr (the first
 *    instruction of a handler) is stepped with the ISS's timer line forced
 *    to 1, every other record with it forced to 0, so the ISS takes an
 *    interrupt exactly where the RTL did (if its enables agree).
 *  - Timing-dependent reads (mcycle/cycle, time, hpmcounter4/6/7/9 and
 *    their high halves, mip.MTIP, loads of the CLINT's mtime): the ISS's
 *    result is replaced by the RTL's (mosaic_iss_set_reg), as
 *    docs/verification.md "## ISS" asks.
 *  - Everything else is compared: pc, instruction, interrupt, trap, next
 *    pc, rd write, register reads, memory access (address, size, data) and
 *    the architectural CSRs and minstret (after every SYSTEM instruction,
 *    trap and interrupt, and every 64th instruction).
 *
 * On the first difference: a report with the expected and actual value of
 * every field that differs and the last 16 instructions. */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cosim_tensor.h"
#include "mosaic_memmap.h"
#include "sim.h"

enum { HIST = 16, MAX_ROWS = 24, CELL = 96 };

static const char *const abi[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
    "a1",   "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
    "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

/* One retired instruction as the RTL reported it, for the history. */
typedef struct {
    uint64_t cycle, order;
    uint32_t pc, insn;
    bool intr, trap;
    uint32_t cause;
    uint32_t rd, rd_value; /* rd = 0: no write */
    bool rd_from_rtl;      /* a timing-dependent value the ISS took over */
    uint32_t rmask, wmask, mem_addr, mem_data;
} hist_entry;

struct cosim {
    mosaic_iss *iss;
    const sim_options *o;
    uint32_t x[32]; /* the ISS's registers before the current step */
    uint64_t next_order;
    uint64_t steps;
    bool halted;
    bool wfi_irq_due;   /* a wfi woke up with the timer interrupt enabled */
    uint32_t wfi_pc;
    hist_entry h[HIST];
    unsigned hn; /* entries written in total */
    mosaic_iss_effects eff;
    int nrows;
    char rows[MAX_ROWS][3][CELL];
    ct_state *ct;
};

cosim *cosim_create(mosaic_iss *iss, const sim_options *o)
{
    cosim *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->iss = iss;
    c->o = o;
    if (!(c->ct = ct_create())) {
        free(c);
        return NULL;
    }
    for (unsigned r = 0; r < 32; r++)
        c->x[r] = mosaic_iss_get_reg(iss, r);
    mosaic_iss_set_irq(iss, 0);
    return c;
}

void cosim_destroy(cosim *c)
{
    if (c)
        ct_destroy(c->ct);
    free(c);
}

static void fmt_end(char *buf, size_t n, mosaic_iss_halt h, uint32_t code)
{
    switch (h) {
    case MOSAIC_ISS_RUNNING: snprintf(buf, n, "program continues"); break;
    case MOSAIC_ISS_HALT_TOHOST_PASS: snprintf(buf, n, "ends: tohost pass"); break;
    case MOSAIC_ISS_HALT_TOHOST_FAIL: snprintf(buf, n, "ends: tohost fail %" PRIu32, code); break;
    case MOSAIC_ISS_HALT_TOHOST_BAD: snprintf(buf, n, "ends: tohost 0x%08" PRIx32, code); break;
    default: snprintf(buf, n, "ends: EXIT %" PRIu32, code); break;
    }
}

bool cosim_check_end(cosim *c, const sim_end *end, uint64_t cycle, FILE *f)
{
    uint32_t icode = 0, rcode = 0;
    mosaic_iss_halt ih = c->halted ? mosaic_iss_halt_reason(c->iss, &icode) : MOSAIC_ISS_RUNNING;
    mosaic_iss_halt rh = MOSAIC_ISS_RUNNING;
    if (end && end->kind == SIM_END_EXIT) {
        rh = MOSAIC_ISS_HALT_EXIT;
        rcode = end->value;
    } else if (end) {
        rh = end->value == 1 ? MOSAIC_ISS_HALT_TOHOST_PASS
             : (end->value & 1u) ? MOSAIC_ISS_HALT_TOHOST_FAIL : MOSAIC_ISS_HALT_TOHOST_BAD;
        rcode = rh == MOSAIC_ISS_HALT_TOHOST_FAIL ? end->value >> 1
              : rh == MOSAIC_ISS_HALT_TOHOST_BAD  ? end->value : 0;
    }
    if (ih == rh && icode == rcode)
        return true;
    char se[CELL], sa[CELL];
    fmt_end(se, sizeof se, ih, icode);
    fmt_end(sa, sizeof sa, rh, rcode);
    cosim_report(c, f, cycle, "end of program: the ISS and the RTL disagree", se, sa);
    return false;
}

/* ---- Decoding helpers ------------------------------------------------------------ */

static uint32_t opcode(uint32_t insn)
{
    return insn & 0x7Fu;
}

static uint32_t f3(uint32_t insn)
{
    return (insn >> 12) & 7u;
}

static int32_t imm_i(uint32_t insn)
{
    return (int32_t)insn >> 20;
}

static bool is_load(uint32_t insn)
{
    return opcode(insn) == 0x03;
}

static bool is_store(uint32_t insn)
{
    return opcode(insn) == 0x23;
}

static bool is_csr_op(uint32_t insn)
{
    return opcode(insn) == 0x73 && (f3(insn) & 3u) != 0;
}

static uint32_t byte_mask(unsigned bytes)
{
    return bytes >= 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1u;
}

/* Bits of a CSR's value that depend on timing (0: none). */
static uint32_t timing_csr_bits(uint32_t csr)
{
    uint32_t lo = csr & ~0x80u; /* high halves are 0x80 above */
    switch (lo) {
    case 0xB00: /* mcycle */
    case 0xC00: /* cycle */
    case 0xC01: /* time */
    case 0xB04: case 0xB06: case 0xB07: case 0xB09: /* mhpmcounter4/6/7/9 */
    case 0xC04: case 0xC06: case 0xC07: case 0xC09: /* hpmcounter4/6/7/9 */
        return 0xFFFFFFFFu;
    default: break;
    }
    if (csr == 0x344) /* mip: MTIP follows the RTL's timer */
        return 1u << MOSAIC_IRQ_MTIMER;
    return 0;
}

/* ---- Report rows -------------------------------------------------------------------- */

static void row(cosim *c, const char *field, const char *fmt_e, const char *fmt_a)
{
    if (c->nrows >= MAX_ROWS)
        return;
    snprintf(c->rows[c->nrows][0], CELL, "%s", field);
    snprintf(c->rows[c->nrows][1], CELL, "%s", fmt_e);
    snprintf(c->rows[c->nrows][2], CELL, "%s", fmt_a);
    c->nrows++;
}

static void rowf(cosim *c, const char *field, const char *fmt, uint32_t e, uint32_t a)
{
    char se[CELL], sa[CELL];
    snprintf(se, sizeof se, fmt, e);
    snprintf(sa, sizeof sa, fmt, a);
    row(c, field, se, sa);
}

static void fmt_rd(char *buf, size_t n, bool w, uint32_t rd, uint32_t v)
{
    if (w && rd)
        snprintf(buf, n, "%s=0x%08" PRIx32, abi[rd & 31u], v);
    else
        snprintf(buf, n, "none");
}

static void fmt_mem(char *buf, size_t n, uint32_t rmask, uint32_t wmask, uint32_t addr,
                    uint32_t data, bool data_known)
{
    uint32_t m = rmask ? rmask : wmask;
    unsigned bytes = m == 1 ? 1 : m == 3 ? 2 : m == 0xF ? 4 : 0;
    if (!m) {
        snprintf(buf, n, "none");
    } else if (!bytes) {
        snprintf(buf, n, "%s mask 0x%" PRIx32 " at 0x%08" PRIx32, rmask ? "load" : "store", m,
                 addr);
    } else if (data_known) {
        snprintf(buf, n, "%s %u B [0x%08" PRIx32 "] = 0x%0*" PRIx32, rmask ? "load" : "store",
                 bytes, addr, (int)(2 * bytes), data & byte_mask(bytes));
    } else {
        snprintf(buf, n, "%s %u B [0x%08" PRIx32 "]", rmask ? "load" : "store", bytes, addr);
    }
}

static void fmt_insn(char *buf, size_t n, uint32_t pc, uint32_t insn)
{
    char dis[64];
    mosaic_disasm(insn, pc, dis, sizeof dis);
    snprintf(buf, n, "0x%08" PRIx32 " %s", insn, dis);
}

/* ---- The comparison --------------------------------------------------------------------- */

static void compare_csrs(cosim *c, const sim_csrs *k)
{
    static const struct {
        uint32_t csr;
        const char *name;
        size_t off;
    } list[] = {
        {0x300, "csr mstatus", offsetof(sim_csrs, mstatus)},
        {0x304, "csr mie", offsetof(sim_csrs, mie)},
        {0x305, "csr mtvec", offsetof(sim_csrs, mtvec)},
        {0x340, "csr mscratch", offsetof(sim_csrs, mscratch)},
        {0x341, "csr mepc", offsetof(sim_csrs, mepc)},
        {0x342, "csr mcause", offsetof(sim_csrs, mcause)},
        {0x343, "csr mtval", offsetof(sim_csrs, mtval)},
        {0x320, "csr mcountinhibit", offsetof(sim_csrs, mcountinhibit)},
    };
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) {
        uint32_t e = 0, a;
        memcpy(&a, (const char *)k + list[i].off, sizeof a);
        if (!mosaic_iss_get_csr(c->iss, list[i].csr, &e) || e != a)
            rowf(c, list[i].name, "0x%08" PRIx32, e, a);
    }
    uint32_t lo = 0, hi = 0;
    mosaic_iss_get_csr(c->iss, 0xB02, &lo);
    mosaic_iss_get_csr(c->iss, 0xB82, &hi);
    uint64_t e = (uint64_t)hi << 32 | lo;
    if (e != k->minstret) {
        char se[CELL], sa[CELL];
        snprintf(se, sizeof se, "0x%08" PRIx32 "_%08" PRIx32, (uint32_t)(e >> 32), (uint32_t)e);
        snprintf(sa, sizeof sa, "0x%08" PRIx32 "_%08" PRIx32, (uint32_t)(k->minstret >> 32),
                 (uint32_t)k->minstret);
        row(c, "csr minstret", se, sa);
    }
}

static void record(cosim *c, const sim_rvfi *r, uint64_t cycle, uint32_t cause, bool from_rtl)
{
    hist_entry *h = &c->h[c->hn++ % HIST];
    h->cycle = cycle;
    h->order = r->order;
    h->pc = r->pc_rdata;
    h->insn = r->insn;
    h->intr = r->intr;
    h->trap = r->trap;
    h->cause = cause;
    h->rd = r->rd_addr;
    h->rd_value = r->rd_wdata;
    h->rd_from_rtl = from_rtl;
    h->rmask = r->mem_rmask;
    h->wmask = r->mem_wmask;
    h->mem_addr = r->mem_addr;
    h->mem_data = r->mem_rmask ? r->mem_rdata : r->mem_wdata;
}

bool cosim_step(cosim *c, const sim_rvfi *r, const sim_csrs *csrs, uint64_t cycle, FILE *f)
{
    mosaic_iss_effects *e = &c->eff;
    char se[CELL], sa[CELL];
    c->nrows = 0;

    if (r->order != c->next_order)
        rowf(c, "rvfi_order", "%" PRIu32, (uint32_t)c->next_order, (uint32_t)r->order);
    c->next_order = r->order + 1;

    mosaic_iss_set_irq(c->iss, r->intr ? 1 : 0);
    if (!mosaic_iss_step(c->iss, e)) {
        record(c, r, cycle, 0, false);
        cosim_report(c, f, cycle, "the RTL retired an instruction after the ISS ended the program",
                     NULL, NULL);
        return false;
    }
    c->steps++;
    c->halted = e->halted;

    /* Privileged spec, WFI: an enabled interrupt that wakes the hart "will
     * be taken on the following instruction, i.e. execution resumes in the
     * trap handler and mepc = pc + 4". */
    if (c->wfi_irq_due && !r->intr) {
        char se2[CELL];
        snprintf(se2, sizeof se2, "interrupt taken after wfi at 0x%08" PRIx32 " (mepc 0x%08" PRIx32
                 ")", c->wfi_pc, c->wfi_pc + 4);
        row(c, "wfi wake-up", se2, "no interrupt: the next instruction ran");
    }
    c->wfi_irq_due = false;

    /* Which instruction, and did it trap. */
    if (e->intr != r->intr) {
        row(c, "interrupt before",
            e->intr ? "timer interrupt taken" : "none (ISS: mstatus.MIE or mie.MTIE clear)",
            r->intr ? "timer interrupt taken" : "none");
    }
    if (e->pc != r->pc_rdata)
        rowf(c, "pc", "0x%08" PRIx32, e->pc, r->pc_rdata);
    if (e->insn != r->insn) {
        fmt_insn(se, sizeof se, e->pc, e->insn);
        fmt_insn(sa, sizeof sa, r->pc_rdata, r->insn);
        row(c, "instruction", se, sa);
    }
    bool same_insn = e->pc == r->pc_rdata && e->insn == r->insn;
    if (e->trap != r->trap) {
        if (e->trap)
            snprintf(se, sizeof se, "trap, cause %" PRIu32 ", tval 0x%08" PRIx32, e->cause, e->tval);
        else
            snprintf(se, sizeof se, "no trap");
        if (r->trap && csrs)
            snprintf(sa, sizeof sa, "trap, cause %" PRIu32 ", tval 0x%08" PRIx32, csrs->mcause,
                     csrs->mtval);
        else
            snprintf(sa, sizeof sa, "%s", r->trap ? "trap" : "no trap");
        row(c, "trap", se, sa);
    }

    /* Timing-dependent reads: the RTL's value goes into the ISS. */
    bool from_rtl = false;
    uint32_t tmask = 0;
    if (same_insn && !e->trap && !r->trap) {
        if (is_csr_op(e->insn)) {
            tmask = timing_csr_bits(e->insn >> 20);
        } else if (is_load(e->insn)) {
            uint32_t a = c->x[(e->insn >> 15) & 31u] + (uint32_t)imm_i(e->insn);
            if ((a & ~7u) == MOSAIC_CLINT_MTIME)
                tmask = 0xFFFFFFFFu;
        }
        if (tmask && e->rd_write && r->rd_addr == e->rd) {
            uint32_t v = (e->rd_value & ~tmask) | (r->rd_wdata & tmask);
            if (v != e->rd_value) {
                mosaic_iss_set_reg(c->iss, e->rd, v);
                e->rd_value = v;
            }
            from_rtl = true;
        }
    }

    /* Register reads (operand forwarding), register write, next pc. */
    if (r->rs1_addr && r->rs1_rdata != c->x[r->rs1_addr & 31u]) {
        snprintf(se, sizeof se, "%s=0x%08" PRIx32, abi[r->rs1_addr & 31u], c->x[r->rs1_addr & 31u]);
        snprintf(sa, sizeof sa, "%s=0x%08" PRIx32, abi[r->rs1_addr & 31u], r->rs1_rdata);
        row(c, "rs1 read", se, sa);
    }
    if (r->rs2_addr && r->rs2_rdata != c->x[r->rs2_addr & 31u]) {
        snprintf(se, sizeof se, "%s=0x%08" PRIx32, abi[r->rs2_addr & 31u], c->x[r->rs2_addr & 31u]);
        snprintf(sa, sizeof sa, "%s=0x%08" PRIx32, abi[r->rs2_addr & 31u], r->rs2_rdata);
        row(c, "rs2 read", se, sa);
    }
    uint32_t erd = e->rd_write ? e->rd : 0, ev = e->rd_write ? e->rd_value : 0;
    uint32_t ard = r->rd_addr & 31u, av = ard ? r->rd_wdata : 0;
    if (erd != ard || ev != av) {
        fmt_rd(se, sizeof se, e->rd_write, erd, ev);
        fmt_rd(sa, sizeof sa, ard != 0, ard, av);
        row(c, "rd write", se, sa);
    }
    if (e->next_pc != r->pc_wdata)
        rowf(c, "next pc", "0x%08" PRIx32, e->next_pc, r->pc_wdata);

    /* Memory access. */
    uint32_t ermask = 0, ewmask = 0, eaddr = 0, edata = 0;
    bool eknown = true;
    if (!e->trap && is_load(e->insn)) {
        unsigned bytes = 1u << (f3(e->insn) & 3u);
        ermask = (1u << bytes) - 1u;
        eaddr = c->x[(e->insn >> 15) & 31u] + (uint32_t)imm_i(e->insn);
        uint8_t b[4] = {0};
        if (mosaic_iss_read_mem(c->iss, eaddr, b, bytes))
            edata = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                    (uint32_t)b[3] << 24;
        else if (e->rd_write) /* MMIO: what the ISS read, as its rd shows */
            edata = e->rd_value & byte_mask(bytes);
        else
            eknown = false;
    } else if (!e->trap && is_store(e->insn) && e->nmemw == 1 && e->memw[0].len <= 4) {
        ewmask = (1u << e->memw[0].len) - 1u;
        eaddr = e->memw[0].addr;
        edata = e->memw[0].data;
    }
    if (ermask != r->mem_rmask || ewmask != r->mem_wmask) {
        fmt_mem(se, sizeof se, ermask, ewmask, eaddr, edata, eknown);
        fmt_mem(sa, sizeof sa, r->mem_rmask, r->mem_wmask, r->mem_addr,
                r->mem_rmask ? r->mem_rdata : r->mem_wdata, true);
        row(c, "memory access", se, sa);
    } else if (ermask | ewmask) {
        uint32_t adata = ermask ? r->mem_rdata : r->mem_wdata;
        uint32_t m = byte_mask(ermask ? (ermask == 1 ? 1 : ermask == 3 ? 2 : 4)
                                      : (ewmask == 1 ? 1 : ewmask == 3 ? 2 : 4));
        if (eaddr != r->mem_addr || (eknown && ((edata ^ adata) & m))) {
            fmt_mem(se, sizeof se, ermask, ewmask, eaddr, edata, eknown);
            fmt_mem(sa, sizeof sa, r->mem_rmask, r->mem_wmask, r->mem_addr, adata, true);
            row(c, ermask ? "load" : "store", se, sa);
        }
    }

    /* The CSR state changes only through SYSTEM instructions, traps and
     * interrupts: compare it after those, and every 64th instruction to
     * catch a change nothing asked for (reading ISS CSRs on every step
     * was 17 % of the lockstep profile). */
    if (csrs && (opcode(e->insn) == 0x73 || e->trap || r->trap || e->intr || r->intr ||
                 e->ncsrw || (c->steps & 63u) == 0))
        compare_csrs(c, csrs);
    if (csrs && !r->trap && r->insn == 0x10500073u && (csrs->mip & csrs->mie & 0x80u) &&
        (csrs->mstatus & 0x8u)) {
        c->wfi_irq_due = true;
        c->wfi_pc = r->pc_rdata;
    }

    if (e->rd_write)
        c->x[e->rd & 31u] = e->rd_value;
    record(c, r, cycle, e->trap ? e->cause : (csrs ? csrs->mcause : 0), from_rtl);
    if (c->nrows) {
        cosim_report(c, f, cycle, NULL, NULL, NULL);
        return false;
    }
    ct_diff d;
    if (!ct_expect(c->ct, c->iss, e, r->order, &d)) {
        cosim_report(c, f, cycle, d.what, d.expected, d.actual);
        return false;
    }
    return true;
}

bool cosim_tensor(cosim *c, const sim_tu_trace *tr, uint64_t cycle,
                  uint32_t (*read)(void *, uint32_t), void *ctx, FILE *f)
{
    ct_diff d;
    if (ct_cycle(c->ct, tr, read, ctx, &d))
        return true;
    c->nrows = 0;
    cosim_report(c, f, cycle, d.what, d.expected, d.actual);
    return false;
}

unsigned cosim_tensor_pending(const cosim *c)
{
    return ct_pending(c->ct);
}

bool cosim_tensor_oldest(const cosim *c, uint32_t *pc, uint32_t *insn)
{
    return ct_oldest(c->ct, pc, insn);
}

uint64_t cosim_tensor_checked(const cosim *c)
{
    return ct_checked(c->ct);
}

/* ---- The report ---------------------------------------------------------------------------- */

/* The options that shape this run (seed, the DRAM model, --load), as they
 * were given, for the reproduce and waveform lines. */
static void run_options(const sim_options *o, char *buf, size_t len)
{
    size_t n = (size_t)snprintf(buf, len, " --seed %" PRIu32, o->seed);
    const struct {
        const char *name;
        uint32_t v;
        bool on;
    } d[] = {{"--dram-latency", o->dram_latency, o->dram_latency != 0},
             {"--dram-bw", o->dram_bw, o->dram_bw != 0},
             {"--dram-stall-pct", o->dram_stall_pct, o->dram_stall_pct != 0},
             {"--dram-seed", o->dram_seed, o->dram_seed_set},
             {"--dram-outstanding", o->dram_outstanding, o->dram_outstanding != 0},
             {"--dram-poison", o->dram_poison, o->dram_poison != 0}};
    for (size_t i = 0; i < sizeof d / sizeof d[0] && n < len; i++)
        if (d[i].on)
            n += (size_t)snprintf(buf + n, len - n, " %s %" PRIu32, d[i].name, d[i].v);
    for (int i = 0; i < o->nloads && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, " --load %s", o->loads[i]);
}

static void hist_effects(const hist_entry *h, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = '\0';
#define PUT(...)                                                     \
    do {                                                             \
        if (k < n)                                                   \
            k += (size_t)snprintf(buf + k, n - k, __VA_ARGS__);      \
    } while (0)
    if (h->intr)
        PUT(" intr");
    if (h->trap)
        PUT(" trap(cause=%" PRIu32 ")", h->cause);
    if (h->rd)
        PUT(" %s=0x%08" PRIx32 "%s", abi[h->rd & 31u], h->rd_value,
            h->rd_from_rtl ? " (timing: RTL value)" : "");
    if (h->rmask)
        PUT(" load[0x%08" PRIx32 "]=0x%08" PRIx32, h->mem_addr, h->mem_data);
    if (h->wmask)
        PUT(" [0x%08" PRIx32 "]=0x%08" PRIx32 "/%" PRIx32, h->mem_addr, h->mem_data, h->wmask);
#undef PUT
}

void cosim_report(cosim *c, FILE *f, uint64_t cycle, const char *what, const char *expected,
                  const char *actual)
{
    fflush(stdout);
    const hist_entry *last = c->hn ? &c->h[(c->hn - 1) % HIST] : NULL;
    char ins[CELL];
    if (last)
        fmt_insn(ins, sizeof ins, last->pc, last->insn);
    else
        snprintf(ins, sizeof ins, "(none)");
    fprintf(f, "mosaic-sim: LOCKSTEP MISMATCH at cycle %" PRIu64 ", instruction %" PRIu64 "\n",
            cycle, last ? last->order + 1 : 0);
    if (what)
        fprintf(f, "  %s\n", what);
    if (last)
        fprintf(f, "  pc 0x%08" PRIx32 "  %s\n", last->pc, ins);
    if (expected || actual) {
        row(c, "outcome", expected ? expected : "-", actual ? actual : "-");
    }
    if (c->nrows) {
        int w = (int)strlen("ISS (expected)");
        for (int i = 0; i < c->nrows; i++)
            if ((int)strlen(c->rows[i][1]) > w)
                w = (int)strlen(c->rows[i][1]);
        fprintf(f, "  %-18s %-*s  %s\n", "field", w, "ISS (expected)", "RTL (actual)");
        for (int i = 0; i < c->nrows; i++)
            fprintf(f, "  %-18s %-*s  %s\n", c->rows[i][0], w, c->rows[i][1], c->rows[i][2]);
    }
    unsigned n = c->hn < HIST ? c->hn : HIST;
    fprintf(f, "last %u instructions as the RTL retired them (oldest first):\n", n);
    fprintf(f, "  %10s %9s  %-8s  %-8s  %-30s %s\n", "cycle", "instr", "pc", "insn", "disassembly",
            "effects");
    for (unsigned i = c->hn - n; i < c->hn; i++) {
        const hist_entry *h = &c->h[i % HIST];
        char dis[64], eff[160];
        mosaic_disasm(h->insn, h->pc, dis, sizeof dis);
        hist_effects(h, eff, sizeof eff);
        fprintf(f, "%s %10" PRIu64 " %9" PRIu64 "  %08" PRIx32 "  %08" PRIx32 "  %-30s%s\n",
                i + 1 == c->hn ? ">" : " ", h->cycle, h->order + 1, h->pc, h->insn, dis, eff);
    }
    uint64_t start = cycle > 200 ? cycle - 200 : 0;
    char opts[1024];
    run_options(c->o, opts, sizeof opts);
    fprintf(f, "reproduce: %s%s %s\n", c->o->argv0, opts, c->o->elf);
    fprintf(f, "waveform:  %s%s --fst mismatch.fst --fst-start %" PRIu64 " %s%s\n",
            c->o->fst_supported ? c->o->argv0 : "mosaic-sim-fst", opts, start, c->o->elf,
            c->o->fst_supported ? "" : "   (make sim-fst)");
}
