/* Machine CSRs, counters, trap entry, mret, wfi and the timer interrupt.
 * Tensor CSRs are the tensor unit's (mosaic_tu_csr_*); this file only routes
 * to them. */
#include "iss_internal.h"

void iss_csr_reset(mosaic_iss *s)
{
    s->mstatus = 0;
    s->mie = 0;
    s->mtvec = 0;
    s->mepc = s->mcause = s->mtval = s->mscratch = 0;
    s->mcountinhibit = 0;
    s->mcycle = s->minstret = 0;
    for (unsigned i = 0; i <= HPM_LAST; i++)
        s->hpm[i] = 0;
    s->mtime = 0;
    /* mtimecmp has no architectural reset value; all ones keeps the timer
     * from firing until software programs it. */
    s->mtimecmp = UINT64_MAX;
    s->irq_force = -1;
}

uint32_t iss_mstatus(const mosaic_iss *s)
{
    uint32_t v = s->mstatus | MSTATUS_MPP | (s->tu.ts << MOSAIC_MSTATUS_TS_SHIFT);
    if (s->tu.ts == MOSAIC_TS_DIRTY)
        v |= MSTATUS_SD;
    return v;
}

bool iss_mtip(const mosaic_iss *s)
{
    if (s->irq_force >= 0)
        return s->irq_force != 0;
    return s->mtime >= s->mtimecmp;
}

bool iss_irq_pending(const mosaic_iss *s)
{
    return (s->mstatus & MSTATUS_MIE) && (s->mie & MIP_MTIP) && iss_mtip(s);
}

static bool hpm_exists(unsigned n)
{
    return n >= 3 && n <= HPM_LAST;
}

/* 64-bit counter halves: index n (0 cycle, 2 instret, 3..31 hpm). */
static bool counter_read(const mosaic_iss *s, unsigned n, bool high, uint32_t *v)
{
    uint64_t c;
    if (n == 0)
        c = s->mcycle;
    else if (n == 1)
        c = s->mtime;
    else if (n == 2)
        c = s->minstret;
    else
        c = hpm_exists(n) ? s->hpm[n] : 0; /* 10..31: hardwired zero */
    *v = high ? (uint32_t)(c >> 32) : (uint32_t)c;
    return true;
}

bool iss_csr_read(const mosaic_iss *s, uint32_t csr, uint32_t *v)
{
    int r = mosaic_tu_csr_read(&s->tu, csr, v);
    if (r != MOSAIC_CSR_NOT_MINE)
        return r == MOSAIC_CSR_OK;
    if (csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31 && csr != CSR_MCYCLE + 1)
        return counter_read(s, csr - CSR_MCYCLE, false, v);
    if (csr >= CSR_MCYCLEH && csr <= CSR_MHPMCOUNTER31H && csr != CSR_MCYCLEH + 1)
        return counter_read(s, csr - CSR_MCYCLEH, true, v);
    if (csr >= CSR_CYCLE && csr <= CSR_HPMCOUNTER31)
        return counter_read(s, csr - CSR_CYCLE, false, v);
    if (csr >= CSR_CYCLEH && csr <= CSR_HPMCOUNTER31H)
        return counter_read(s, csr - CSR_CYCLEH, true, v);
    if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31) {
        *v = 0; /* events are fixed per counter: WARL 0 */
        return true;
    }
    switch (csr) {
    case CSR_MSTATUS: *v = iss_mstatus(s); return true;
    case CSR_MISA: *v = ISS_MISA; return true;
    case CSR_MIE: *v = s->mie; return true;
    case CSR_MIP: *v = iss_mtip(s) ? MIP_MTIP : 0; return true;
    case CSR_MTVEC: *v = s->mtvec; return true;
    case CSR_MSCRATCH: *v = s->mscratch; return true;
    case CSR_MEPC: *v = s->mepc; return true;
    case CSR_MCAUSE: *v = s->mcause; return true;
    case CSR_MTVAL: *v = s->mtval; return true;
    case CSR_MCOUNTINHIBIT: *v = s->mcountinhibit; return true;
    case CSR_MVENDORID:
    case CSR_MARCHID:
    case CSR_MIMPID:
    case CSR_MHARTID: *v = 0; return true;
    /* No triggers (debug specification): tselect 0, tdata1 type 0 ("no
     * trigger at this index"), tinfo 1 (only type 0). */
    case CSR_TSELECT:
    case CSR_TDATA1:
    case CSR_TDATA2:
    case CSR_TDATA3: *v = 0; return true;
    case CSR_TINFO: *v = 1; return true;
    default: return false;
    }
}

bool mosaic_iss_get_csr(const mosaic_iss *s, uint32_t csr, uint32_t *value)
{
    return iss_csr_read(s, csr & 0xFFFu, value);
}

void iss_note_csr(mosaic_iss *s, uint32_t csr)
{
    mosaic_iss_effects *e = s->eff;
    uint32_t v = 0;
    iss_csr_read(s, csr, &v);
    for (unsigned i = 0; i < e->ncsrw; i++) {
        if (e->csrw[i].csr == csr) {
            e->csrw[i].value = v;
            return;
        }
    }
    if (e->ncsrw < MOSAIC_ISS_MAX_CSRW) {
        e->csrw[e->ncsrw].csr = csr;
        e->csrw[e->ncsrw].value = v;
        e->ncsrw++;
    }
}

static uint64_t *counter_ptr(mosaic_iss *s, unsigned n)
{
    if (n == 0)
        return &s->mcycle;
    if (n == 2)
        return &s->minstret;
    return hpm_exists(n) ? &s->hpm[n] : NULL;
}

static void counter_write(mosaic_iss *s, unsigned n, bool high, uint32_t v)
{
    uint64_t *c = counter_ptr(s, n);
    if (!c)
        return; /* hardwired zero */
    s->ctr_wrote |= 1u << n;
    if (high)
        *c = (*c & 0xFFFFFFFFull) | (uint64_t)v << 32;
    else
        *c = (*c & ~0xFFFFFFFFull) | v;
}

/* Advance counter n by delta at retirement, unless inhibited or written by
 * this instruction: a write of either half replaces the whole counter, so
 * the writing step is not counted, not even in the other half. */
static void counter_bump(mosaic_iss *s, unsigned n, uint64_t delta, bool counting)
{
    uint64_t *c = counter_ptr(s, n);
    if (c && counting && !(s->ctr_wrote & (1u << n)))
        *c += delta;
}

/* Write a CSR the caller has already read successfully. Returns false if
 * the write is illegal (read-only CSR). */
static bool csr_write(mosaic_iss *s, uint32_t csr, uint32_t v)
{
    /* 0xC00-0xFFF are read-only by address (RISC-V convention). */
    if ((csr >> 10) == 3u)
        return false;
    int r = mosaic_tu_csr_write(&s->tu, csr, v);
    if (r != MOSAIC_CSR_NOT_MINE)
        return r == MOSAIC_CSR_OK;
    if (csr >= CSR_MCYCLE && csr <= CSR_MHPMCOUNTER31) {
        counter_write(s, csr - CSR_MCYCLE, false, v);
        return true;
    }
    if (csr >= CSR_MCYCLEH && csr <= CSR_MHPMCOUNTER31H) {
        counter_write(s, csr - CSR_MCYCLEH, true, v);
        return true;
    }
    if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31)
        return true;
    switch (csr) {
    case CSR_MSTATUS:
        s->mstatus = v & (MSTATUS_MIE | MSTATUS_MPIE);
        s->tu.ts = (v & MSTATUS_TS) >> MOSAIC_MSTATUS_TS_SHIFT;
        return true;
    case CSR_MISA: /* WARL, not writable: the ISA cannot be switched */
    case CSR_MIP:  /* MTIP is read-only (the CLINT drives it) */
        return true;
    case CSR_MIE: s->mie = v & MIP_MTIP; return true;
    /* Direct (0) and vectored (1) modes; bit 1 of MODE does not exist. */
    case CSR_MTVEC: s->mtvec = v & ~2u; return true;
    case CSR_MSCRATCH: s->mscratch = v; return true;
    case CSR_MEPC: s->mepc = v & ~3u; return true; /* IALIGN = 32 */
    case CSR_MCAUSE: s->mcause = v; return true;
    case CSR_MTVAL: s->mtval = v; return true;
    /* CY, IR and the counters that exist; TM and 10..31 are zero. */
    case CSR_MCOUNTINHIBIT: s->mcountinhibit = v & 0x3FDu; return true;
    case CSR_TSELECT: /* WARL: only index 0, which has no trigger */
    case CSR_TDATA1:
    case CSR_TDATA2:
    case CSR_TDATA3:
    case CSR_TINFO: return true;
    default: return false;
    }
}

void iss_exec_csr(mosaic_iss *s, uint32_t insn)
{
    uint32_t f3 = (insn >> 12) & 7u, rd = (insn >> 7) & 31u, rs1 = (insn >> 15) & 31u;
    uint32_t csr = insn >> 20;
    if (f3 == 4) {
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        return;
    }
    uint32_t src = (f3 & 4u) ? rs1 : s->x[rs1];
    uint32_t op = f3 & 3u;
    /* csrrs/csrrc with x0 (or uimm 0) do not write, so they may read
     * read-only CSRs; csrrw always writes. */
    bool do_write = op == 1 || rs1 != 0;
    uint32_t old;
    if (!iss_csr_read(s, csr, &old)) {
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        return;
    }
    if (do_write) {
        uint32_t nv = op == 1 ? src : op == 2 ? (old | src) : (old & ~src);
        if (!csr_write(s, csr, nv)) {
            iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
            return;
        }
        iss_note_csr(s, csr);
        if (mosaic_tu_csr_is_mine(csr))
            s->eff->tcsr_written = true;
    }
    iss_write_rd(s, rd, old);
}

void iss_take_trap(mosaic_iss *s, uint32_t cause, uint32_t tval, uint32_t epc)
{
    s->mepc = epc;
    s->mcause = cause;
    s->mtval = tval;
    uint32_t mie = s->mstatus & MSTATUS_MIE;
    s->mstatus = (mie ? MSTATUS_MPIE : 0);
    uint32_t base = s->mtvec & ~3u;
    if ((s->mtvec & 1u) && (cause & MOSAIC_CAUSE_INTERRUPT))
        s->pc = base + 4u * (cause & 0x7FFFFFFFu);
    else
        s->pc = base;
    iss_note_csr(s, CSR_MSTATUS);
    iss_note_csr(s, CSR_MEPC);
    iss_note_csr(s, CSR_MCAUSE);
    iss_note_csr(s, CSR_MTVAL);
}

void iss_mret(mosaic_iss *s)
{
    uint32_t mpie = s->mstatus & MSTATUS_MPIE;
    s->mstatus = MSTATUS_MPIE | (mpie ? MSTATUS_MIE : 0);
    s->next_pc = s->mepc;
    iss_note_csr(s, CSR_MSTATUS);
}

/* The ISS has no time to wait in: with the timer enabled and not yet due,
 * wfi jumps mtime forward to mtimecmp (what waiting would have done). With
 * no enabled interrupt source, or a timer forced from outside, it is a nop. */
void iss_wfi(mosaic_iss *s)
{
    if (s->irq_force < 0 && (s->mie & MIP_MTIP) && s->mtime < s->mtimecmp &&
        s->mtimecmp != UINT64_MAX) {
        s->mtime = s->mtimecmp;
        s->wrote_mtime = true;
    }
}

void iss_retire_counters(mosaic_iss *s, const mosaic_iss_effects *eff)
{
    s->st.retired++;
    /* A write to mcountinhibit takes effect after the writing instruction
     * (priv. spec): that instruction is judged by the old value. */
    uint32_t inh = s->inhibit_at_start;
    /* No timing in the ISS: a cycle is a retired instruction. */
    counter_bump(s, 0, 1, !(inh & 1u));
    counter_bump(s, 2, 1, !(inh & 4u));
    if (!s->wrote_mtime)
        s->mtime++;
    if (eff->tensor) {
        s->st.tensor_retired++;
        s->st.macs += eff->macs;
        s->st.sdma_bytes += eff->sdma_bytes;
        counter_bump(s, HPM_TENSOR_INSNS, 1, !(inh & (1u << HPM_TENSOR_INSNS)));
        counter_bump(s, HPM_USEFUL_MACS, eff->macs, !(inh & (1u << HPM_USEFUL_MACS)));
        counter_bump(s, HPM_SDMA_BYTES, eff->sdma_bytes, !(inh & (1u << HPM_SDMA_BYTES)));
    }
}

void mosaic_iss_set_irq(mosaic_iss *s, int level)
{
    s->irq_force = level < 0 ? -1 : level != 0;
}

void mosaic_iss_set_mtime(mosaic_iss *s, uint64_t mtime)
{
    s->mtime = mtime;
}

uint64_t mosaic_iss_get_mtime(const mosaic_iss *s)
{
    return s->mtime;
}
