/* ISS core: object lifetime, fetch, RV32IM decode and execute, and the step
 * that ties traps, interrupts and retirement together. */
#include <stdlib.h>
#include <string.h>

#include "iss_internal.h"

mosaic_iss *mosaic_iss_create(void)
{
    mosaic_iss *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->op_retired = calloc(mosaic_tensor_op_count(), sizeof *s->op_retired);
    if (!s->op_retired || !iss_mem_alloc(s)) {
        mosaic_iss_destroy(s);
        return NULL;
    }
    iss_tu_mem_init(s);
    s->entry = MOSAIC_RESET_PC;
    mosaic_iss_reset(s);
    return s;
}

void mosaic_iss_destroy(mosaic_iss *s)
{
    if (!s)
        return;
    iss_mem_free(s);
    iss_symbols_free(s);
    free(s->op_retired);
    free(s);
}

void mosaic_iss_reset(mosaic_iss *s)
{
    memset(s->x, 0, sizeof s->x);
    s->pc = s->entry;
    mosaic_tu_config cfg = mosaic_tu_config_default();
    cfg.scpad_base = MOSAIC_SCPAD_BASE;
    cfg.scpad_bank_bytes = MOSAIC_SCPAD_BANK_BYTES;
    mosaic_tu_reset(&s->tu, &cfg);
    iss_csr_reset(s);
    s->halt = MOSAIC_ISS_RUNNING;
    s->halt_code = 0;
    memset(&s->st, 0, sizeof s->st);
    memset(s->op_retired, 0, mosaic_tensor_op_count() * sizeof *s->op_retired);
}

void iss_raise(mosaic_iss *s, uint32_t cause, uint32_t tval)
{
    /* The first trap of an instruction wins; execution paths return right
     * after raising, so a second one would be a bug, not a priority rule. */
    if (s->trapped)
        return;
    s->trapped = true;
    s->trap_cause = cause;
    s->trap_tval = tval;
}

void iss_write_rd(mosaic_iss *s, uint32_t rd, uint32_t value)
{
    if (rd == 0)
        return;
    s->x[rd] = value;
    s->eff->rd_write = true;
    s->eff->rd = rd;
    s->eff->rd_value = value;
}

static inline int32_t imm_i(uint32_t insn)
{
    return (int32_t)insn >> 20;
}

static inline int32_t imm_s(uint32_t insn)
{
    uint32_t v = (insn >> 25) << 5 | ((insn >> 7) & 0x1Fu);
    return (int32_t)(v << 20) >> 20; /* shift unsigned: a signed one overflows */
}

static inline int32_t imm_b(uint32_t insn)
{
    uint32_t v = ((insn >> 31) & 1u) << 12 | ((insn >> 7) & 1u) << 11 |
                 ((insn >> 25) & 0x3Fu) << 5 | ((insn >> 8) & 0xFu) << 1;
    return (int32_t)(v << 19) >> 19;
}

static inline int32_t imm_j(uint32_t insn)
{
    uint32_t v = ((insn >> 31) & 1u) << 20 | ((insn >> 12) & 0xFFu) << 12 |
                 ((insn >> 20) & 1u) << 11 | ((insn >> 21) & 0x3FFu) << 1;
    return (int32_t)(v << 11) >> 11;
}

/* Jumps and taken branches to an address that is not 4-byte aligned trap on
 * the jump itself (no C extension: IALIGN = 32), before rd is written. */
static bool jump(mosaic_iss *s, uint32_t target)
{
    if (target & 3u) {
        iss_raise(s, MOSAIC_CAUSE_FETCH_MISALIGNED, target);
        return false;
    }
    s->next_pc = target;
    return true;
}

static void exec_load(mosaic_iss *s, uint32_t insn, uint32_t rd, uint32_t f3, uint32_t a)
{
    static const unsigned size_of[8] = {1, 2, 4, 0, 1, 2, 0, 0};
    unsigned size = size_of[f3];
    if (!size) {
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        return;
    }
    /* Misaligned accesses are carried out (iss_load), as the RTL does. */
    uint32_t v, fault;
    if (!iss_load(s, a, size, &v, &fault)) {
        iss_raise(s, MOSAIC_CAUSE_LOAD_FAULT, fault);
        return;
    }
    if (f3 == 0)
        v = (uint32_t)(int32_t)(int8_t)v;
    else if (f3 == 1)
        v = (uint32_t)(int32_t)(int16_t)v;
    iss_write_rd(s, rd, v);
}

static void exec_store(mosaic_iss *s, uint32_t insn, uint32_t f3, uint32_t a, uint32_t v)
{
    if (f3 > 2) {
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        return;
    }
    unsigned size = 1u << f3;
    if (size < 4)
        v &= (1u << (8 * size)) - 1u;
    uint32_t fault;
    if (!iss_store(s, a, size, v, &fault))
        iss_raise(s, MOSAIC_CAUSE_STORE_FAULT, fault);
}

/* RV32M, with the spec's results for division by zero and overflow. */
static uint32_t exec_muldiv(uint32_t f3, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (f3) {
    case 0: return a * b;
    case 1: return (uint32_t)(((int64_t)sa * (int64_t)sb) >> 32);
    case 2: return (uint32_t)(((int64_t)sa * (int64_t)(uint64_t)b) >> 32);
    case 3: return (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
    case 4:
        if (b == 0)
            return 0xFFFFFFFFu;
        if (sa == INT32_MIN && sb == -1)
            return a;
        return (uint32_t)(sa / sb);
    case 5: return b == 0 ? 0xFFFFFFFFu : a / b;
    case 6:
        if (b == 0)
            return a;
        if (sa == INT32_MIN && sb == -1)
            return 0;
        return (uint32_t)(sa % sb);
    default: return b == 0 ? a : a % b;
    }
}

static void exec_op(mosaic_iss *s, uint32_t insn, uint32_t rd, uint32_t f3, uint32_t f7,
                    uint32_t a, uint32_t b)
{
    uint32_t v;
    if (f7 == 1) {
        v = exec_muldiv(f3, a, b);
    } else if (f7 == 0) {
        switch (f3) {
        case 0: v = a + b; break;
        case 1: v = a << (b & 31u); break;
        case 2: v = (int32_t)a < (int32_t)b; break;
        case 3: v = a < b; break;
        case 4: v = a ^ b; break;
        case 5: v = a >> (b & 31u); break;
        case 6: v = a | b; break;
        default: v = a & b; break;
        }
    } else if (f7 == 0x20 && f3 == 0) {
        v = a - b;
    } else if (f7 == 0x20 && f3 == 5) {
        v = (uint32_t)((int32_t)a >> (b & 31u));
    } else {
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        return;
    }
    iss_write_rd(s, rd, v);
}

static void exec_opimm(mosaic_iss *s, uint32_t insn, uint32_t rd, uint32_t f3, uint32_t a)
{
    uint32_t imm = (uint32_t)imm_i(insn);
    uint32_t f7 = insn >> 25, sh = (insn >> 20) & 31u;
    uint32_t v;
    switch (f3) {
    case 0: v = a + imm; break;
    case 2: v = (int32_t)a < (int32_t)imm; break;
    case 3: v = a < imm; break;
    case 4: v = a ^ imm; break;
    case 6: v = a | imm; break;
    case 7: v = a & imm; break;
    case 1:
        /* RV32: shamt[5] set is reserved, as is any other funct7. */
        if (f7 != 0)
            goto illegal;
        v = a << sh;
        break;
    default:
        if (f7 == 0)
            v = a >> sh;
        else if (f7 == 0x20)
            v = (uint32_t)((int32_t)a >> sh);
        else
            goto illegal;
        break;
    }
    iss_write_rd(s, rd, v);
    return;
illegal:
    iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
}

static void exec_branch(mosaic_iss *s, uint32_t insn, uint32_t pc, uint32_t f3, uint32_t a,
                        uint32_t b)
{
    bool take;
    switch (f3) {
    case 0: take = a == b; break;
    case 1: take = a != b; break;
    case 4: take = (int32_t)a < (int32_t)b; break;
    case 5: take = (int32_t)a >= (int32_t)b; break;
    case 6: take = a < b; break;
    case 7: take = a >= b; break;
    default: iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn); return;
    }
    if (take)
        jump(s, pc + (uint32_t)imm_b(insn));
}

/* ecall, ebreak, mret, wfi and the CSR instructions. */
static void exec_system(mosaic_iss *s, uint32_t insn, uint32_t pc)
{
    if (((insn >> 12) & 7u) != 0) {
        iss_exec_csr(s, insn);
        return;
    }
    switch (insn) {
    case 0x00000073u: iss_raise(s, MOSAIC_CAUSE_ECALL_M, 0); return;
    case 0x00100073u: iss_raise(s, MOSAIC_CAUSE_BREAKPOINT, pc); return;
    case 0x30200073u: iss_mret(s); return;
    case 0x10500073u: iss_wfi(s); return;
    default: iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn); return;
    }
}

static void execute(mosaic_iss *s, uint32_t insn, uint32_t pc)
{
    uint32_t rd = (insn >> 7) & 31u, f3 = (insn >> 12) & 7u;
    uint32_t a = s->x[(insn >> 15) & 31u], b = s->x[(insn >> 20) & 31u];
    switch (insn & 0x7Fu) {
    case 0x37: /* LUI */
        iss_write_rd(s, rd, insn & 0xFFFFF000u);
        break;
    case 0x17: /* AUIPC */
        iss_write_rd(s, rd, pc + (insn & 0xFFFFF000u));
        break;
    case 0x6F: /* JAL */
        if (jump(s, pc + (uint32_t)imm_j(insn)))
            iss_write_rd(s, rd, pc + 4);
        break;
    case 0x67: /* JALR */
        if (f3 != 0)
            iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        else if (jump(s, (a + (uint32_t)imm_i(insn)) & ~1u))
            iss_write_rd(s, rd, pc + 4);
        break;
    case 0x63:
        exec_branch(s, insn, pc, f3, a, b);
        break;
    case 0x03:
        exec_load(s, insn, rd, f3, a + (uint32_t)imm_i(insn));
        break;
    case 0x23:
        exec_store(s, insn, f3, a + (uint32_t)imm_s(insn), b);
        break;
    case 0x13:
        exec_opimm(s, insn, rd, f3, a);
        break;
    case 0x33:
        exec_op(s, insn, rd, f3, insn >> 25, a, b);
        break;
    case 0x0F:
        /* FENCE orders nothing here: the golden model executes tensor and
         * scalar memory operations in program order. FENCE.I (Zifencei)
         * has nothing to do either: every fetch reads memory as it is now.
         * Its imm, rs1 and rd fields are ignored, as Zifencei requires. */
        if (f3 > 1)
            iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        break;
    case 0x73:
        exec_system(s, insn, pc);
        break;
    case MOSAIC_OP_CUSTOM0:
    case MOSAIC_OP_CUSTOM1:
    case MOSAIC_OP_CUSTOM2:
    case MOSAIC_OP_CUSTOM3:
        iss_exec_tensor(s, insn);
        break;
    default:
        iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn);
        break;
    }
}

static void effects_begin(mosaic_iss_effects *e)
{
    /* Only the scalar header is cleared: clearing the bounded lists on every
     * step would dominate the run time. */
    e->intr = e->trap = e->rd_write = e->tensor = e->tcsr_written = e->halted = false;
    e->intr_cause = e->cause = e->tval = e->rd = e->rd_value = 0;
    e->ncsrw = e->nmemw = e->memw_dropped = 0;
    e->treg_written = e->sdma_issued = e->sdma_bytes = 0;
    e->macs = 0;
}

bool mosaic_iss_step(mosaic_iss *s, mosaic_iss_effects *eff)
{
    if (s->halt != MOSAIC_ISS_RUNNING)
        return false;
    if (!eff)
        eff = &s->scratch_eff;
    effects_begin(eff);
    s->eff = eff;
    s->trapped = false;
    s->wrote_mtime = false;
    s->ctr_wrote = 0;
    s->inhibit_at_start = s->mcountinhibit;

    if ((s->mstatus & MSTATUS_MIE) && iss_irq_pending(s)) {
        eff->intr = true;
        eff->intr_cause = MOSAIC_CAUSE_INTERRUPT | MOSAIC_IRQ_MTIMER;
        iss_take_trap(s, eff->intr_cause, 0, s->pc);
        s->st.interrupts++;
    }

    uint32_t pc = s->pc;
    eff->pc = pc;
    s->next_pc = pc + 4;
    uint32_t insn = 0;
    /* Instructions are fetched from the on-chip RAM only (the core's I
     * port); main memory and the scratchpad hold data. */
    if (pc & 3u) {
        iss_raise(s, MOSAIC_CAUSE_FETCH_MISALIGNED, pc);
    } else if (pc - (uint32_t)MOSAIC_RAM_BASE > (uint32_t)MOSAIC_RAM_SIZE - 4u) {
        iss_raise(s, MOSAIC_CAUSE_FETCH_FAULT, pc);
    } else {
        const uint8_t *p = s->ram + (pc - (uint32_t)MOSAIC_RAM_BASE);
        insn = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
               (uint32_t)p[3] << 24;
        if ((insn & 3u) != 3u)
            iss_raise(s, MOSAIC_CAUSE_ILLEGAL, insn); /* no C extension */
        else
            execute(s, insn, pc);
    }
    eff->insn = insn;
    s->st.steps++;

    if (s->trapped) {
        eff->trap = true;
        eff->cause = s->trap_cause;
        eff->tval = s->trap_tval;
        iss_take_trap(s, s->trap_cause, s->trap_tval, pc);
        s->st.traps++;
    } else {
        s->pc = s->next_pc;
        iss_retire_counters(s, eff);
    }
    eff->next_pc = s->pc;
    eff->halted = s->halt != MOSAIC_ISS_RUNNING;
    return true;
}

mosaic_iss_halt mosaic_iss_halt_reason(const mosaic_iss *s, uint32_t *halt_code)
{
    if (halt_code)
        *halt_code = s->halt_code;
    return s->halt;
}

uint32_t mosaic_iss_get_pc(const mosaic_iss *s)
{
    return s->pc;
}

void mosaic_iss_set_pc(mosaic_iss *s, uint32_t pc)
{
    s->pc = pc;
}

uint32_t mosaic_iss_get_reg(const mosaic_iss *s, unsigned reg)
{
    return reg < 32 ? s->x[reg] : 0;
}

void mosaic_iss_set_reg(mosaic_iss *s, unsigned reg, uint32_t value)
{
    if (reg > 0 && reg < 32)
        s->x[reg] = value;
}

const mosaic_tu *mosaic_iss_tu(const mosaic_iss *s)
{
    return &s->tu;
}

void mosaic_iss_get_stats(const mosaic_iss *s, mosaic_iss_stats *st)
{
    *st = s->st;
}

uint64_t mosaic_iss_tensor_op_retired(const mosaic_iss *s, unsigned op)
{
    return op < mosaic_tensor_op_count() ? s->op_retired[op] : 0;
}
