#!/usr/bin/env python3
"""rvgen: Mosaic's random RV32IM + Zicsr program generator.

    tools/rvgen.py --seed N [--insns 20000] [--no-traps] [--irq] [--stats] -o out.S

Writes one self-checking bare-metal assembly program (.S, built like the ISA
tests: riscv64-unknown-elf-gcc -march=rv32im_zicsr -mabi=ilp32 -nostdlib
-nostartfiles -T <sw/tests/random/link.ld.S run through cpp>, which also
defines rvgen_ram_end). The same seed and options give a byte-identical file.
The program runs on mosaic-iss and on the RTL, and in the lockstep testbench
(build/bin/mosaic-sim), which compares the two on every retired instruction.
`make random-iss|random-sim SEEDS=N INSNS=M [RVGEN_FLAGS=...]`
(sw/tests/random/random.mk) generates, builds and runs a campaign.

--insns is the dynamic instruction count aimed at (trapping instructions and
the handler included; typically within 10 %). The fixed part (set-up, one
trap of each cause, final checksums) is about 4300 instructions, so smaller
requests still give ~4500; the whole program must fit in the 512 KiB RAM,
which limits --insns to about 250000 (use more seeds for longer campaigns).
--stats prints, on stderr, the static count of each instruction class.

LOCKSTEP RULES -- every instruction class must obey them:
  * Never read a timing-dependent value: no mcycle/mcycleh, cycle/cycleh,
    time/timeh, (m)hpmcounter4/6/7/9 (and their high halves), and no load of
    the CLINT mtime. The ISS has no timing (its mcycle counts retired
    instructions, its mtime advances once per retired instruction), the RTL
    counts clock cycles, so such reads would mismatch. minstret/instret,
    (m)hpmcounter3/5/8 and the constant CSRs are architectural and allowed.
    Exception: with --irq the trap handler (and the prologue) read mtime to
    re-arm the timer; lockstep copies the RTL's value into the ISS.
  * No MMIO side effects: no stores to the UART, SIMCTRL or CLINT (except the
    timer set-up of --irq), no wfi. The program ends through tohost only.
  * Instructions execute only from RAM; data lives in a RAM data region
    (2 KiB, `rvgen_data`) and a main-memory region (1 KiB at a seed-chosen
    page of 0x40000000..), both checksummed at the end.
  * Termination: the only backward branches are counted loops on dedicated
    counter registers; everything else branches or jumps forward.
  * Timer interrupts only with --irq (default off). The ISS's mtime counts
    instructions and the RTL's counts cycles, so an interrupt arrives at a
    different instruction in each: lockstep must inject them from the RTL
    (mosaic_iss_set_irq). Under --irq the final signature therefore depends
    on timing; only the lockstep comparison is meaningful.
  * Illegal instructions are only encodings that are illegal in
    RV32IM + Zicsr whatever the implementation (or CSRs docs/verification.md
    lists as not implemented); never custom-0/1/2/3 (the tensor unit's).

Register convention (the generator owns these; random code may read them but
never writes them):
  ra   link register of calls to the generated leaf functions
  sp   stack pointer (top of the RAM data region)
  gp   RAM data region base + 1024
  tp   main-memory region base + 512
  s11  expected trap: cause + 1 before an instruction meant to trap, 0 else
  t3   trap handler state / signature pointer (rvgen_hstate)
  t4   scratch address register for the generator
  t5   inner loop counter, t6 outer loop counter
x5..x26 are random registers (t0-t2 are also saved/restored by the handler).

Traps: every trap site is `addi s11, s11, cause+1` followed by the trapping
instruction. The handler checks mcause + 1 == s11 (else the program fails
with code 1), clears s11, counts the cause, logs (mcause, mepc, mtval,
minstret) and returns to mepc + 4 (for an instruction fetch fault, to ra:
the faulting jump linked). A site that does not trap leaves s11 non-zero,
which the next trap or the epilogue detects (fail code 3).

Signature (begin_signature, word offsets from begin_signature):
  0 status (1 pass, else the fail code)   1 trap-log entries written
  2 register checksum  3 RAM data checksum  4 main-memory checksum
  5 seed  6 requested instructions  7 mcause of an unexpected trap
  8..39 per-cause counts (index = cause, 16 = timer interrupt)
  40..71 final x0..x31    72.. trap log, 128 entries of 4 words (ring)
Fail codes through tohost ((code << 1) | 1): 1 unexpected trap cause,
3 an instruction meant to trap did not.

Instruction classes are entries of a table (InsnClass: name, weight, where
it may appear, emitter). Extensions (the tensor unit, later) add their own
tables through EXTENSIONS; --tensor is reserved for that and not implemented
yet.
"""
import argparse
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMMAP_H = os.path.join(ROOT, "sw", "golden", "mosaic_memmap.h")

# ---------------------------------------------------------------------------
# Machine constants


def read_memmap(path=MEMMAP_H):
    vals = {}
    with open(path, encoding="utf-8") as f:
        for m in re.finditer(r"^#define\s+MOSAIC_(\w+)\s+(0x[0-9A-Fa-f]+|\d+)\b", f.read(), re.M):
            vals[m.group(1)] = int(m.group(2), 0)
    return vals


MM = read_memmap()
RAM_BASE, RAM_SIZE = MM["RAM_BASE"], MM["RAM_SIZE"]
MAIN_BASE, MAIN_SIZE = MM["MAIN_BASE"], MM["MAIN_SIZE"]
SCPAD_BASE = MM["SCPAD_BASE"]
SCPAD_SIZE = MM["SCPAD_BANK_BYTES"] * MM["SCPAD_BANKS"]
CLINT_MTIME, CLINT_MTIMECMP = MM["CLINT_MTIME"], MM["CLINT_MTIMECMP"]

# Every mapped window (memories and devices); the rest of the 4 GiB faults.
MAPPED = sorted([
    (MM["CLINT_BASE"], MM["CLINT_BASE"] + MM["CLINT_SIZE"]),
    (MM["UART_BASE"], MM["UART_BASE"] + MM["UART_SIZE"]),
    (MM["SIMCTRL_BASE"], MM["SIMCTRL_BASE"] + MM["SIMCTRL_SIZE"]),
    (SCPAD_BASE, SCPAD_BASE + SCPAD_SIZE),
    (MAIN_BASE, MAIN_BASE + MAIN_SIZE),
    (RAM_BASE, RAM_BASE + RAM_SIZE),
])
UNMAPPED = []
_prev = 0
for _lo, _hi in MAPPED:
    if _lo > _prev:
        UNMAPPED.append((_prev, _lo))
    _prev = _hi
if _prev < 1 << 32:
    UNMAPPED.append((_prev, 1 << 32))

DATA_SIZE = 2048        # RAM data region (gp = base + 1024, sp = end)
MAIN_REGION = 1024      # main-memory region (tp = base + 512)
LOGN = 128              # trap log entries (ring)
HANDLER_COST = 36       # instructions the handler retires per trap (estimate)
MIN_BODY = 200          # random instructions even when --insns is below the overhead

# rvgen_hstate layout (byte offsets from t3); begin_signature is at +16.
H_PERIOD = 12
SIG = 16
S_STATUS, S_NLOG, S_REGSUM, S_DATASUM, S_MAINSUM, S_SEED, S_INSNS, S_BAD = (
    SIG + 4 * i for i in range(8))
S_CNT = SIG + 32
S_REGS = S_CNT + 128
S_LOG = S_REGS + 128
S_END = S_LOG + 16 * LOGN

MCAUSE_IRQ = 0x80000007
ABI = ["zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1",
       "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
       "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"]
R_EXP, R_SIG, R_ADR, R_LOOP_IN, R_LOOP_OUT = 27, 28, 29, 30, 31
RESERVED = [1, 2, 3, 4, 27, 28, 29, 30, 31]
RANDOM_REGS = list(range(5, 27))

EDGE = [0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x80000001, 0xFFFFFFFE, 31,
        32, 33, 0x55555555, 0xAAAAAAAA, 0xFFFF, 0x10000, 0xFF, 0x7FF, 0x800,
        0xFFFFF800, 0xFFFFF000, 0x8000]


def s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def s12(v):
    v &= 0xFFF
    return v - 0x1000 if v & 0x800 else v


def fits12(v):
    return -2048 <= v <= 2047


# ---------------------------------------------------------------------------
# Pluggable instruction classes


class InsnClass:
    """One instruction class: `emit(gen, ctx)` appends its instructions
    through gen.emit*(); `allowed(ctx)` says where it may appear (ctx has
    in_func, in_skip, loop_depth); `causes` lists the trap causes it makes
    (the trap sampler runs each trapping class once at the start)."""

    def __init__(self, name, weight, emit, allowed=None, causes=(), needs=None):
        self.name = name
        self.weight = weight
        self.emit = emit
        self.allowed = allowed or (lambda ctx: True)
        self.causes = tuple(causes)
        self.needs = needs or (lambda opts: True)


class Ctx:
    def __init__(self, in_func=False, in_skip=False, loop_depth=0):
        self.in_func, self.in_skip, self.loop_depth = in_func, in_skip, loop_depth

    def but(self, **kw):
        c = Ctx(self.in_func, self.in_skip, self.loop_depth)
        for k, v in kw.items():
            setattr(c, k, v)
        return c


def control(ctx):
    return not ctx.in_skip


# --- ALU --------------------------------------------------------------------

def emit_alu_rr(g, ctx):
    op = g.rng.choice(["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"])
    a, b = g.srcs()
    g.emit(f"{op} {g.dst()}, {a}, {b}")


def emit_alu_ri(g, ctx):
    rng = g.rng
    op = rng.choice(["addi", "slti", "sltiu", "xori", "ori", "andi", "slli", "srli", "srai"])
    if op in ("slli", "srli", "srai"):
        imm = rng.choice([0, 31, 1, 16, rng.randrange(32)])
    else:
        imm = rng.choice([0, -1, 1, -2048, 2047, rng.randrange(-2048, 2048),
                          rng.randrange(-16, 16)])
    g.emit(f"{op} {g.dst()}, {g.src()}, {imm}")


def emit_mul(g, ctx):
    op = g.rng.choice(["mul", "mulh", "mulhsu", "mulhu"])
    a, b = g.srcs()
    g.emit(f"{op} {g.dst()}, {a}, {b}")


def emit_div(g, ctx):
    rng = g.rng
    op = rng.choice(["div", "divu", "rem", "remu"])
    r = rng.random()
    if r < 0.15:                    # overflow: INT_MIN / -1
        ra_, rb_ = g.rand_reg(), g.rand_reg()
        while rb_ == ra_:
            rb_ = g.rand_reg()
        g.li(ra_, 0x80000000)
        g.li(rb_, 0xFFFFFFFF)
        g.emit(f"{op} {g.dst()}, {ABI[ra_]}, {ABI[rb_]}")
    elif r < 0.3:                   # division by zero
        g.emit(f"{op} {g.dst()}, {g.src()}, zero")
    else:
        a, b = g.srcs()
        g.emit(f"{op} {g.dst()}, {a}, {b}")


def emit_upper(g, ctx):
    rng = g.rng
    imm = rng.choice([0, 0xFFFFF, 0x80000, 0x7FFFF, 1, rng.randrange(1 << 20)])
    g.emit(f"{rng.choice(['lui', 'auipc'])} {g.dst()}, {imm:#x}")


def emit_edge_const(g, ctx):
    rng = g.rng
    v = rng.choice(EDGE) if rng.random() < 0.8 else rng.getrandbits(32)
    g.li(g.rand_reg(), v)


def emit_fence(g, ctx):
    # Every FENCE form is a no-op here (docs/verification.md); funct3 = 0.
    g.emit(g.rng.choice(["fence", "fence rw, rw", "fence iorw, iorw", "fence w, r",
                         "fence.tso", ".word 0x0100000f /* pause */"]))


# --- memory -------------------------------------------------------------------

LOADS = {"lb": 1, "lbu": 1, "lh": 2, "lhu": 2, "lw": 4}
STORES = {"sb": 1, "sh": 2, "sw": 4}


def mem_operand(g, size, misalign=0):
    """Pick a data address (aligned to `size`, plus `misalign` bytes) and
    return "imm(base)", emitting base set-up for t4 when used."""
    rng = g.rng
    r = rng.random()
    if r < 0.35:            # RAM via gp: base + [0, 2048)
        off = rng.randrange(-1024, 1024 - size + 1, size) + misalign
        return f"{off}(gp)"
    if r < 0.5:             # RAM via sp (top of region, minus the frame)
        off = rng.randrange(-DATA_SIZE + g.sp_off, g.sp_off - size + 1, size) + misalign
        return f"{off}(sp)"
    if r < 0.8:             # main memory via tp
        off = rng.randrange(-MAIN_REGION // 2, MAIN_REGION // 2 - size + 1, size) + misalign
        return f"{off}(tp)"
    # t4 = address - imm with a full-range immediate
    imm = rng.randrange(-2048, 2048)
    if rng.random() < 0.5:
        rel = rng.randrange(-1024, 1024 - size + 1, size) + misalign
        g.add_const(R_ADR, 3, rel - imm)
    else:
        rel = rng.randrange(-MAIN_REGION // 2, MAIN_REGION // 2 - size + 1, size) + misalign
        g.add_const(R_ADR, 4, rel - imm)
    return f"{imm}(t4)"


def emit_load(g, ctx):
    op = g.rng.choice(list(LOADS))
    rd = "zero" if g.rng.random() < 0.03 else g.dst(allow_zero=False)
    g.emit(f"{op} {rd}, {mem_operand(g, LOADS[op])}")


def emit_store(g, ctx):
    op = g.rng.choice(list(STORES))
    g.emit(f"{op} {g.src()}, {mem_operand(g, STORES[op])}")


# --- control flow ---------------------------------------------------------------

BRANCHES = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]


def p_taken(cond, a, b):
    if a == b:
        return 1.0 if cond in ("beq", "bge", "bgeu") else 0.0
    return {"beq": 0.15, "bne": 0.85}.get(cond, 0.5)


def emit_skip(g, ctx):
    """Forward conditional branch over a few straight-line instructions."""
    rng = g.rng
    cond = rng.choice(BRANCHES)
    a, b = g.srcs()
    lbl = g.label("s")
    g.branch(f"{cond} {a}, {b}, {lbl}", lbl)
    p = p_taken(cond, a, b)
    saved = g.weight
    g.weight *= 1 - p
    g.items(rng.randint(1, 6), ctx.but(in_skip=True))
    g.weight = saved
    g.put_label(lbl)


def dead_filler(g):
    """Never executed: illegal words and junk after an unconditional jump."""
    for _ in range(g.rng.randint(1, 3)):
        g.emit(f".word {g.illegal_word():#010x} /* dead */", count=False)


def emit_jump(g, ctx):
    """Forward unconditional jump (jal / jalr, various link registers)."""
    rng = g.rng
    lbl = g.label("j")
    r = rng.random()
    if r < 0.3:
        g.emit(f"j {lbl}")
    elif r < 0.55:
        g.emit(f"jal {g.dst()}, {lbl}")
    else:
        off = rng.choice([0, 0, 1, 4, -4, 2044, -2044, rng.randrange(-2044, 2045) & ~3])
        g.emit(f"la t4, {lbl}{off:+d}", 2)
        rd = rng.choice([g.dst(), "t4", "zero"])
        g.emit(f"jalr {rd}, {-off if off != 1 else 0}(t4)")
    dead_filler(g)
    g.put_label(lbl)


def emit_call(g, ctx):
    rng = g.rng
    fn = rng.randrange(len(g.funcs))
    name, cost = g.funcs[fn]
    r = rng.random()
    if r < 0.4:
        g.emit(f"jal ra, {name}")
    elif r < 0.6:
        g.emit(f"call {name}", 2)
    else:
        off = rng.choice([0, 1, 4, -8, rng.randrange(-2044, 2045) & ~3])
        g.emit(f"la t4, {name}{off:+d}", 2)
        # off == 1: the target's bit 0 is set; jalr clears it.
        g.emit(f"jalr ra, {-off if off != 1 else 0}(t4)")
    g.est += g.weight * cost


def emit_loop(g, ctx):
    """Counted loop on t6 (t5 when nested): runs its body exactly n times,
    with every kind of back-edge (and a backward jal)."""
    rng = g.rng
    c = ABI[R_LOOP_OUT] if ctx.loop_depth == 0 else ABI[R_LOOP_IN]
    n = rng.randint(1, 8) if ctx.loop_depth == 0 else rng.randint(1, 4)
    form = rng.randrange(9)
    top = g.label("l")
    g.li_abi(c, {3: n - 1, 4: 0, 5: 0, 6: 0}.get(form, n))
    g.put_label(top)
    saved = g.weight
    g.weight *= n
    g.items(rng.randint(3, 10), ctx.but(loop_depth=ctx.loop_depth + 1))
    g.emit(f"addi {c}, {c}, {1 if form in (4, 5, 6) else -1}")
    if form == 0:
        g.branch(f"bnez {c}, {top}", top)
    elif form == 1:
        g.branch(f"blt zero, {c}, {top}", top)
    elif form == 2:
        g.branch(f"bltu zero, {c}, {top}", top)
    elif form == 3:
        g.branch(f"bge {c}, zero, {top}", top)
    elif form in (4, 5, 6):
        g.emit(f"addi t4, zero, {n}")
        g.branch(f"{ {4: 'blt', 5: 'bltu', 6: 'bne'}[form]} {c}, t4, {top}", top)
    elif form == 7:
        g.emit("addi t4, zero, 1")
        g.branch(f"bgeu {c}, t4, {top}", top)
    else:                           # leave with beq, back with a backward jal
        out = g.label("o")
        g.branch(f"beq {c}, zero, {out}", out)
        g.emit(f"j {top}")
        g.put_label(out)
    g.weight = saved


# --- CSRs -------------------------------------------------------------------------

CONST_CSRS = ["misa", "mvendorid", "marchid", "mimpid", "mhartid", "mhpmevent3",
              "mhpmcounter3", "mhpmcounter5", "mhpmcounter8", "hpmcounter3",
              "hpmcounter5", "hpmcounter8", "mhpmcounter3h", "hpmcounter8h", "mcountinhibit"]


def emit_csr(g, ctx):
    rng = g.rng
    r = rng.random()
    d = g.dst()
    if r < 0.25:                            # mscratch, every CSR instruction form
        op = rng.choice(["csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci"])
        src = str(rng.randrange(32)) if op.endswith("i") else g.src()
        g.emit(f"{op} {d}, mscratch, {src}")
    elif r < 0.42:                          # mstatus.MIE / MPIE
        if rng.random() < 0.5:
            bias = 0.7 if g.opts.irq else 0.5
            op = "csrrsi" if rng.random() < bias else "csrrci"
            g.emit(f"{op} {d}, mstatus, 8")
        else:
            m = g.rand_reg()
            g.li(m, rng.choice([0x8, 0x80, 0x88]))
            g.emit(f"{rng.choice(['csrrs', 'csrrc'])} {d}, mstatus, {ABI[m]}")
    elif r < 0.52:                          # mie (only MTIE is writable)
        if g.opts.irq:
            m = g.rand_reg()
            g.li(m, 0x80)
            g.emit(f"{'csrrs' if rng.random() < 0.7 else 'csrrc'} {d}, mie, {ABI[m]}")
        else:
            op = rng.choice(["csrrw", "csrrs", "csrrc", "csrr"])
            g.emit(f"csrr {d}, mie" if op == "csrr" else f"{op} {d}, mie, {g.src()}")
    elif r < 0.6:                           # mtvec: read, or rewrite the same (bit 1 is 0)
        if rng.random() < 0.7:
            g.emit(f"csrr {d}, mtvec")
        else:
            g.emit("csrr t4, mtvec")
            g.emit("ori t4, t4, 2")
            g.emit(f"csrrw {d}, mtvec, t4")
    elif r < 0.75:                          # instruction counters
        g.emit(f"csrr {d}, {rng.choice(['minstret', 'minstreth', 'instret', 'instreth'])}")
    elif r < 0.8:                           # minstret write (the write wins) / inhibit
        if rng.random() < 0.5:
            g.emit(f"csrw minstret, {g.src()}")
        else:
            g.emit(f"{rng.choice(['csrrsi', 'csrrci', 'csrrci'])} {d}, mcountinhibit, 4")
    elif r < 0.9:                           # constants, architectural hpm counters
        g.emit(f"csrr {d}, {rng.choice(CONST_CSRS)}")
    else:                                   # trap CSRs and mip (WARL checks)
        csr = rng.choice(["mepc", "mcause", "mtval", "mip"])
        if rng.random() < 0.5 and csr != "mip":
            g.emit(f"csrrw {d}, {csr}, {g.src()}")
        else:
            g.emit(f"csrr {d}, {csr}")


# --- traps ----------------------------------------------------------------------------

def trap_site(g, cause):
    g.emit(f"addi s11, s11, {cause + 1}")
    g.est += g.weight * HANDLER_COST


def emit_trap_ecall(g, ctx):
    trap_site(g, 11)
    g.emit("ecall")


def emit_trap_ebreak(g, ctx):
    trap_site(g, 3)
    g.emit("ebreak")


def emit_trap_illegal(g, ctx):
    w = g.illegal_word()
    trap_site(g, 2)
    g.emit(f".word {w:#010x} /* illegal */")


def emit_trap_ld_misaligned(g, ctx):
    rng = g.rng
    op = rng.choice(["lh", "lhu", "lw"])
    size = LOADS[op]
    if rng.random() < 0.2:          # misaligned and unmapped: misaligned wins
        a = g.unmapped_addr(size) + rng.randrange(1, size)
        g.li(R_ADR, a)
        oper = "0(t4)"
    else:
        oper = mem_operand(g, size, rng.randrange(1, size))
    trap_site(g, 4)
    g.emit(f"{op} {g.dst()}, {oper}")


def emit_trap_st_misaligned(g, ctx):
    rng = g.rng
    op = rng.choice(["sh", "sw"])
    size = STORES[op]
    if rng.random() < 0.2:
        a = g.unmapped_addr(size) + rng.randrange(1, size)
        g.li(R_ADR, a)
        oper = "0(t4)"
    else:
        oper = mem_operand(g, size, rng.randrange(1, size))
    trap_site(g, 6)
    g.emit(f"{op} {g.src()}, {oper}")


def fault_operand(g, size):
    imm = g.rng.choice([0, 0, g.rng.randrange(-2048, 2048)])
    g.li(R_ADR, g.unmapped_addr(size) - imm)
    return f"{imm}(t4)"


def emit_trap_ld_fault(g, ctx):
    op = g.rng.choice(list(LOADS))
    oper = fault_operand(g, LOADS[op])
    trap_site(g, 5)
    g.emit(f"{op} {g.dst()}, {oper}")


def emit_trap_st_fault(g, ctx):
    op = g.rng.choice(list(STORES))
    oper = fault_operand(g, STORES[op])
    trap_site(g, 7)
    g.emit(f"{op} {g.src()}, {oper}")


def emit_trap_jump_misaligned(g, ctx):
    """A jump or taken branch to a 2-mod-4 address: traps on the jump
    (mepc = the jump), the handler resumes after it."""
    rng = g.rng
    lbl = g.label("t")
    kind = rng.randrange(4)
    if kind == 0:
        g.emit(f"la t4, {lbl}", 2)
        off = rng.choice([2, 3, -2, 6])     # target (t4 + off) & ~1 has bit 1 set
        trap_site(g, 0)
        g.emit(f"jalr {g.dst()}, {off}(t4)")
    elif kind == 1:
        trap_site(g, 0)
        g.emit(f"jal {g.dst()}, {lbl}+2")
    else:
        r = g.src()
        cond = rng.choice(["beq", "bge", "bgeu"])   # always taken with rs1 == rs2
        trap_site(g, 0)
        g.branch(f"{cond} {r}, {r}, {lbl}+2", lbl)
    g.put_label(lbl)


def emit_trap_fetch_fault(g, ctx):
    """Jump to memory that is not RAM: fetch access fault at the target;
    the jump linked ra and the handler resumes there."""
    rng = g.rng
    r = rng.random()
    if r < 0.2:
        trap_site(g, 1)
        g.emit("jal ra, rvgen_ram_end")
        return
    if r < 0.5:
        a = rng.choice([MAIN_BASE + rng.randrange(0, MAIN_SIZE, 4),
                        SCPAD_BASE + rng.randrange(0, SCPAD_SIZE, 4)])
    else:
        a = g.unmapped_addr(4)
    imm = rng.choice([0, rng.randrange(-2048, 2048) & ~3])
    g.li(R_ADR, a - imm)
    trap_site(g, 1)
    g.emit(f"jalr ra, {imm}(t4)")


def no_trap_opt(opts):
    return not opts.no_traps


BASE_CLASSES = [
    InsnClass("alu_rr", 14, emit_alu_rr),
    InsnClass("alu_ri", 14, emit_alu_ri),
    InsnClass("mul", 4, emit_mul),
    InsnClass("div", 4, emit_div),
    InsnClass("upper", 3, emit_upper),
    InsnClass("edge_const", 4, emit_edge_const),
    InsnClass("load", 10, emit_load),
    InsnClass("store", 8, emit_store),
    InsnClass("csr", 4, emit_csr),
    InsnClass("fence", 0.6, emit_fence),
    InsnClass("skip", 4, emit_skip, control),
    InsnClass("jump", 1.5, emit_jump, control),
    InsnClass("call", 2.5, emit_call, lambda c: not c.in_skip and not c.in_func),
    InsnClass("loop", 1.0, emit_loop, lambda c: not c.in_skip and not c.in_func and c.loop_depth < 2),
    InsnClass("trap_illegal", 0.5, emit_trap_illegal, causes=[2], needs=no_trap_opt),
    InsnClass("trap_ecall", 0.2, emit_trap_ecall, causes=[11], needs=no_trap_opt),
    InsnClass("trap_ebreak", 0.2, emit_trap_ebreak, causes=[3], needs=no_trap_opt),
    InsnClass("trap_ld_misaligned", 0.25, emit_trap_ld_misaligned, causes=[4], needs=no_trap_opt),
    InsnClass("trap_st_misaligned", 0.25, emit_trap_st_misaligned, causes=[6], needs=no_trap_opt),
    InsnClass("trap_ld_fault", 0.2, emit_trap_ld_fault, causes=[5], needs=no_trap_opt),
    InsnClass("trap_st_fault", 0.2, emit_trap_st_fault, causes=[7], needs=no_trap_opt),
    InsnClass("trap_jump_misaligned", 0.2, emit_trap_jump_misaligned, causes=[0], needs=no_trap_opt),
    InsnClass("trap_fetch_fault", 0.15, emit_trap_fetch_fault, lambda c: not c.in_func,
              causes=[1], needs=no_trap_opt),
]

# Extensions: option name -> function(gen) returning a list of InsnClass.
# An extension may also take registers out of gen.random_regs (for its own
# base pointers), append to gen.prologue_hooks (functions of gen emitting
# code after the register set-up) and gen.epilogue_hooks (code after the
# final register dump, before the checksums: every register but t3 is free
# there), and add .data lines to gen.data_lines. Trapping classes list their
# causes: the sampler runs each once, and every site must go through
# trap_site() so the handler's expected-cause check covers it.


def tensor_extension(gen):
    raise SystemExit("rvgen: --tensor: not yet (tensor instruction classes are not implemented)")


EXTENSIONS = {"tensor": tensor_extension}


# ---------------------------------------------------------------------------
# Illegal encodings: only words no RV32IM + Zicsr implementation decodes
# (never the custom-0..3 opcodes 0x0b/0x2b/0x5b/0x7b of the tensor unit).

UNIMPL_OPCODES = [0x07, 0x27, 0x2F, 0x1B, 0x3B, 0x43, 0x47, 0x4B, 0x4F, 0x53,
                  0x57, 0x6B, 0x77, 0x1F, 0x3F, 0x5F, 0x7F]
# CSRs docs/verification.md lists as not implemented (and S/F/V ones).
UNIMPL_CSRS = [0x310, 0x306, 0x302, 0x303, 0x3A0, 0x3B0, 0x7A0, 0x7B0, 0xF15,
               0x180, 0x100, 0x001, 0x003, 0x008]
READONLY_CSRS = [0xC00, 0xC01, 0xC02, 0xC03, 0xC05, 0xC1F, 0xC80, 0xC82, 0xC9F,
                 0xF11, 0xF12, 0xF13, 0xF14]
SYSTEM_OK = {0x00000073, 0x00100073, 0x30200073, 0x10500073}


def illegal_word(rng):
    k = rng.randrange(13)
    rd, rs1, rs2 = rng.randrange(32), rng.randrange(32), rng.randrange(32)

    def r_type(f7, f3, op):
        return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op

    if k == 0:                              # 16-bit encodings (no C)
        return rng.getrandbits(32) & ~3 | rng.randrange(3)
    if k == 1:
        return rng.choice([0x00000000, 0xFFFFFFFF])
    if k == 2:                              # opcodes not in RV32IM
        return rng.getrandbits(25) << 7 | rng.choice(UNIMPL_OPCODES)
    if k == 3:                              # slli with funct7 != 0 (incl. shamt[5])
        return r_type(rng.randrange(1, 128), 1, 0x13)
    if k == 4:                              # srli/srai with another funct7
        f7 = rng.choice([x for x in range(1, 128) if x != 0x20])
        return r_type(f7, 5, 0x13)
    if k == 5:                              # OP with an unknown funct7
        f7 = rng.choice([x for x in range(2, 128) if x != 0x20])
        return r_type(f7, rng.randrange(8), 0x33)
    if k == 6:                              # funct7 0100000 with funct3 not sub/sra
        return r_type(0x20, rng.choice([1, 2, 3, 4, 6, 7]), 0x33)
    if k == 7:                              # load/store/branch/jalr funct3 holes
        op, f3 = rng.choice([(0x03, 3), (0x03, 6), (0x03, 7), (0x23, 3), (0x23, 4),
                             (0x23, 5), (0x23, 6), (0x23, 7), (0x63, 2), (0x63, 3),
                             (0x67, rng.randrange(1, 8))])
        return rng.getrandbits(17) << 15 & 0xFFFF8000 | f3 << 12 | (rng.getrandbits(5) << 7) | op
    if k == 8:                              # MISC-MEM funct3 != 0 (fence.i, ...)
        return rng.getrandbits(17) << 15 | rng.randrange(1, 8) << 12 | rd << 7 | 0x0F
    if k == 9:                              # SYSTEM funct3 100
        return rng.getrandbits(17) << 15 | 4 << 12 | rd << 7 | 0x73
    if k == 10:                             # SYSTEM funct3 000, not ecall/ebreak/mret/wfi
        while True:
            w = rng.choice([rng.getrandbits(12), 0x102, 0x002, 0x000, 0x001, 0x302, 0x105,
                            0x120 | rng.randrange(32)]) << 20
            w |= (rng.choice([0, rs1]) << 15) | (rng.choice([0, rd]) << 7) | 0x73
            if w not in SYSTEM_OK and (w >> 20) != 0x7B2:   # never dret
                return w
    if k == 11:                             # CSR not implemented
        f3 = rng.choice([1, 2, 3, 5, 6, 7])
        return rng.choice(UNIMPL_CSRS) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | 0x73
    # write to a read-only CSR (csrrw/csrrwi always write)
    f3 = rng.choice([1, 5, 2, 3, 6, 7])
    src = rs1 if f3 in (1, 5) else rng.randrange(1, 32)
    return rng.choice(READONLY_CSRS) << 20 | src << 15 | f3 << 12 | rd << 7 | 0x73


# ---------------------------------------------------------------------------
# The generator


class Gen:
    def __init__(self, opts):
        self.opts = opts
        self.rng = random.Random(opts.seed)
        self.random_regs = list(RANDOM_REGS)
        self.prologue_hooks, self.epilogue_hooks, self.data_lines = [], [], []
        self.classes = [c for c in BASE_CLASSES if c.needs(opts)]
        for name, ext in EXTENSIONS.items():
            if getattr(opts, name, False):
                self.classes += ext(self)
        self.stats = {c.name: 0 for c in self.classes}
        self.bufs = {}
        self.buf = None
        self.pos = {}           # buffer -> static instruction count
        self.nlabel = 0
        self.est = 0.0          # estimated dynamic instructions
        self.weight = 1.0       # expected executions of the current point
        self.sp_off = 0
        self.funcs = []
        self.static = 0

    # --- output ---
    def select(self, name):
        self.buf = name
        self.bufs.setdefault(name, [])
        self.pos.setdefault(name, 0)

    def emit(self, text, n=1, count=True):
        self.bufs[self.buf].append("    " + text)
        self.pos[self.buf] += n
        self.static += n
        if count:
            self.est += self.weight * n

    def raw(self, text):
        self.bufs[self.buf].append(text)

    def label(self, kind):
        self.nlabel += 1
        return f".L{kind}{self.nlabel}"

    def put_label(self, lbl):
        self.raw(f"{lbl}:")

    def branch(self, text, lbl):
        """A conditional branch to `lbl`. Block sizes are not bounded, so a
        target may end up beyond +-4 KiB: GNU as then relaxes the branch into
        an inverted branch over a jal (same behaviour, one more instruction)."""
        self.emit(text)

    # --- registers and constants ---
    def rand_reg(self):
        return self.rng.choice(self.random_regs)

    def dst(self, allow_zero=True):
        if allow_zero and self.rng.random() < 0.03:
            return "zero"
        return ABI[self.rand_reg()]

    def src(self):
        r = self.rng.random()
        if r < 0.06:
            return "zero"
        if r < 0.14:
            return ABI[self.rng.choice(RESERVED)]
        return ABI[self.rand_reg()]

    def srcs(self):
        a = self.src()
        return (a, a) if self.rng.random() < 0.08 else (a, self.src())

    def li(self, reg, value):
        self.li_abi(ABI[reg], value)

    def li_abi(self, name, value):
        v = value & 0xFFFFFFFF
        if fits12(s32(v)):
            self.emit(f"addi {name}, zero, {s32(v)}")
            return
        hi = ((v + 0x800) >> 12) & 0xFFFFF
        lo = s12(v - (hi << 12))
        self.emit(f"lui {name}, {hi:#x}")
        if lo:
            self.emit(f"addi {name}, {name}, {lo}")

    def add_const(self, rd, rs, value):
        """rd = x[rs] + value (value small: one or two addi)."""
        if fits12(value):
            self.emit(f"addi {ABI[rd]}, {ABI[rs]}, {value}")
        else:
            a = 2047 if value > 0 else -2048
            self.emit(f"addi {ABI[rd]}, {ABI[rs]}, {a}")
            self.emit(f"addi {ABI[rd]}, {ABI[rd]}, {value - a}")

    def illegal_word(self):
        return illegal_word(self.rng)

    def unmapped_addr(self, size):
        lo, hi = self.rng.choice(UNMAPPED)
        r = self.rng.random()
        if r < 0.25:
            return lo
        if r < 0.5:
            return hi - size
        return self.rng.randrange(lo, hi - size + 1, size) & ~(size - 1)

    # --- random items ---
    def pick(self, ctx):
        cands = [c for c in self.classes if c.allowed(ctx)]
        c = self.rng.choices(cands, weights=[c.weight for c in cands])[0]
        self.stats[c.name] += 1
        return c

    def items(self, n, ctx):
        for _ in range(n):
            self.pick(ctx).emit(self, ctx)

    # --- program parts ---
    def gen_functions(self):
        self.select("funcs")
        for k in range(self.rng.randint(4, 8)):
            name = f"rvgen_fn{k}"
            self.raw(f"    .balign 4\n{name}:")
            saved_est, self.est, self.weight = self.est, 0.0, 1.0
            frame = self.rng.random() < 0.6
            regs = self.rng.sample(self.random_regs, 2)
            if frame:
                self.emit("addi sp, sp, -16")
                self.emit(f"sw {ABI[regs[0]]}, 12(sp)")
                self.emit(f"sw {ABI[regs[1]]}, 8(sp)")
                self.sp_off = 16
            self.items(self.rng.randint(3, 16), Ctx(in_func=True))
            if frame:
                self.emit(f"lw {ABI[regs[0]]}, 12(sp)")
                self.emit(f"lw {ABI[regs[1]]}, 8(sp)")
                self.emit("addi sp, sp, 16")
                self.sp_off = 0
            r = self.rng.randrange(4)
            if r == 0:
                self.emit("ret")
            elif r == 1:
                self.emit("jalr zero, 0(ra)")
            elif r == 2:
                self.emit("addi t4, ra, 8")
                self.emit("jalr zero, -8(t4)")
            else:
                self.emit("addi t4, ra, 1")      # bit 0 set, cleared by jalr
                self.emit("jalr zero, 0(t4)")
            self.funcs.append((name, self.est))
            self.est = saved_est

    def gen_prologue(self, main_lo):
        o = self.opts
        self.select("pro")
        self.raw("    .section .text.init, \"ax\", @progbits\n    .globl _start\n_start:")
        self.emit("la t3, rvgen_hstate", 2)
        if self.vectored:
            self.emit("la t0, rvgen_vtab", 2)
            self.emit("ori t0, t0, 1")
        else:
            self.emit("la t0, rvgen_trap", 2)
        self.emit("csrw mtvec, t0")
        self.emit("la sp, rvgen_data_end", 2)
        self.emit("addi gp, sp, -1024")
        self.li(4, main_lo + MAIN_REGION // 2)
        # Main-memory region <- its initial image (8 words per iteration).
        self.raw("    /* main-memory region <- rvgen_main_init */")
        self.emit("la t0, rvgen_main_init", 2)
        self.emit("addi t1, tp, -512")
        self.emit("addi t2, tp, 512")
        self.raw("1:")
        iters = MAIN_REGION // 32
        saved = self.weight
        self.weight = iters
        for i in range(8):
            self.emit(f"lw {ABI[10 + i]}, {4 * i}(t0)")
        for i in range(8):
            self.emit(f"sw {ABI[10 + i]}, {4 * i}(t1)")
        self.emit("addi t0, t0, 32")
        self.emit("addi t1, t1, 32")
        self.emit("bne t1, t2, 1b")
        self.weight = saved
        if o.irq:
            self.raw("    /* --irq: timer due in `period`, MTIE and MIE on */")
            self.li(5, CLINT_MTIMECMP)
            self.emit("addi t1, zero, -1")
            self.emit("sw t1, 0(t0)")
            self.emit("sw zero, 4(t0)")
            self.li(6, CLINT_MTIME)
            self.emit("lw t1, 0(t1)")
            self.emit(f"lw t2, {H_PERIOD}(t3)")
            self.emit("add t1, t1, t2")
            self.emit("sw t1, 0(t0)")
            self.emit("addi t0, zero, 0x80")
            self.emit("csrs mie, t0")
            self.emit("csrsi mstatus, 8")
        self.raw("    /* registers */")
        for r in [1] + RANDOM_REGS + [27, 29, 30, 31]:
            if r in RANDOM_REGS:
                v = self.rng.choice(EDGE) if self.rng.random() < 0.4 else self.rng.getrandbits(32)
            else:
                v = 0
            self.li(r, v)
        for hook in self.prologue_hooks:
            hook(self)

    def gen_sampler(self):
        """One site of every trapping class, unconditionally executed, so
        every cause is hit at least once."""
        self.raw("    /* trap sampler: every cause once */")
        for c in self.classes:
            if c.causes:
                self.stats[c.name] += 1
                c.emit(self, Ctx())

    def gen_body(self, target):
        self.raw("    /* body */")
        incoming = {0: 1.0}
        i = 0
        maxref = 0
        start = self.est
        while self.est - start < target or i <= maxref:
            lbl = f".Lb{i}"
            self.put_label(lbl)
            prob = incoming.pop(i, 0.0)
            self.weight = prob
            if self.est - start >= target:
                i += 1          # only closing pending labels
                incoming[i] = incoming.get(i, 0.0) + prob
                continue
            self.items(self.rng.randint(3, 14), Ctx())
            if self.rng.random() < 0.35:
                cond = self.rng.choice(BRANCHES)
                a, b = self.srcs()
                d = self.rng.randint(1, 3)
                p = p_taken(cond, a, b)
                self.branch(f"{cond} {a}, {b}, .Lb{i + d}", f".Lb{i + d}")
                incoming[i + d] = incoming.get(i + d, 0.0) + prob * p
                incoming[i + 1] = incoming.get(i + 1, 0.0) + prob * (1 - p)
                maxref = max(maxref, i + d)
            else:
                incoming[i + 1] = incoming.get(i + 1, 0.0) + prob
            i += 1
        self.weight = 1.0

    def gen_epilogue(self, main_lo):
        self.select("epi")
        self.raw("rvgen_end:\n    /* end: interrupts off, check, dump, checksum, pass */")
        self.emit("csrci mstatus, 8")
        self.emit("beqz s11, 1f")
        self.emit("addi a0, zero, 3")
        self.emit("j rvgen_fail")
        self.raw("1:")
        for r in range(32):
            self.emit(f"sw {ABI[r]}, {S_REGS + 4 * r}(t3)")
        for hook in self.epilogue_hooks:
            hook(self)
        for ptr, n, slot in ((f"addi a0, t3, {S_REGS}", 32, S_REGSUM),
                             ("la a0, rvgen_data", DATA_SIZE // 4, S_DATASUM),
                             (None, MAIN_REGION // 4, S_MAINSUM)):
            if ptr is None:
                self.li(10, main_lo)
            else:
                self.emit(ptr, 2 if ptr.startswith("la") else 1)
            self.li(11, n)
            self.emit("jal ra, rvgen_hash")
            self.est += n // 4 * 15 + 3
            self.emit(f"sw a2, {slot}(t3)")
        self.emit("addi t0, zero, 1")
        self.emit(f"sw t0, {S_STATUS}(t3)")
        self.emit("la t1, tohost", 2)
        self.emit("sw t0, 0(t1)")
        self.raw("2:")
        self.emit("j 2b")
        self.raw("rvgen_fail:  /* a0 = fail code */")
        self.emit(f"sw a0, {S_STATUS}(t3)")
        self.emit("slli a0, a0, 1")
        self.emit("ori a0, a0, 1")
        self.emit("la t1, tohost", 2)
        self.emit("sw a0, 0(t1)")
        self.raw("3:")
        self.emit("j 3b")
        self.raw("    /* a2 = FNV-style hash of a1 words at a0 (a1 % 4 == 0) */\nrvgen_hash:")
        self.li_abi("a2", 0x811C9DC5)
        self.li_abi("a3", 0x01000193)
        self.raw("4:")
        for i in range(4):
            self.emit(f"lw {ABI[14 + i]}, {4 * i}(a0)")
        for i in range(4):
            self.emit(f"xor a2, a2, {ABI[14 + i]}")
            self.emit("mul a2, a2, a3")
        self.emit("addi a0, a0, 16")
        self.emit("addi a1, a1, -4")
        self.emit("bnez a1, 4b")
        self.emit("ret")

    def gen_handler(self):
        o = self.opts
        self.select("handler")
        self.raw("    .balign 4\nrvgen_trap:")
        for line in [
            "sw t0, 0(t3)", "sw t1, 4(t3)", "sw t2, 8(t3)",
            "csrr t0, mcause",
            "bltz t0, .Lh_irq",
            "addi t1, t0, 1",
            "bne t1, s11, .Lh_bad",        # not the expected cause
            "addi s11, zero, 0",
            "slli t1, t0, 2", "add t1, t1, t3",
            f"lw t2, {S_CNT}(t1)", "addi t2, t2, 1", f"sw t2, {S_CNT}(t1)",
        ]:
            self.emit(line, count=False)
        self.raw(".Lh_log:")
        for line in [
            f"lw t1, {S_NLOG}(t3)", "addi t2, t1, 1", f"sw t2, {S_NLOG}(t3)",
            f"andi t1, t1, {LOGN - 1}", "slli t1, t1, 4", "add t1, t1, t3",
            f"sw t0, {S_LOG}(t1)",
            "csrr t2, mepc", f"sw t2, {S_LOG + 4}(t1)",
            "csrr t2, mtval", f"sw t2, {S_LOG + 8}(t1)",
            "csrr t2, minstret", f"sw t2, {S_LOG + 12}(t1)",
            "bltz t0, .Lh_ret",           # interrupt: resume at mepc
            "addi t1, zero, 1",
            "beq t0, t1, .Lh_fetch",
            "csrr t2, mepc", "addi t2, t2, 4", "csrw mepc, t2",
        ]:
            self.emit(line, count=False)
        self.raw(".Lh_ret:")
        for line in ["lw t0, 0(t3)", "lw t1, 4(t3)", "lw t2, 8(t3)", "mret"]:
            self.emit(line, count=False)
        self.raw(".Lh_fetch:  /* instruction access fault: mepc = target; resume at the link */")
        self.emit("csrw mepc, ra", count=False)
        self.emit("j .Lh_ret", count=False)
        self.raw(".Lh_irq:")
        if o.irq:
            lines = [f"lui t1, {(MCAUSE_IRQ + 0x800) >> 12 & 0xFFFFF:#x}",
                     f"addi t1, t1, {s12(MCAUSE_IRQ)}",
                     "bne t0, t1, .Lh_bad",
                     f"lw t2, {S_CNT + 64}(t3)", "addi t2, t2, 1", f"sw t2, {S_CNT + 64}(t3)",
                     "/* re-arm: mtimecmp = mtime + period */",
                     f"lui t1, {(CLINT_MTIMECMP + 0x800) >> 12:#x}",
                     f"addi t1, t1, {s12(CLINT_MTIMECMP)}",
                     "addi t2, zero, -1", "sw t2, 0(t1)", "sw zero, 4(t1)",
                     f"lui t2, {(CLINT_MTIME + 0x800) >> 12:#x}",
                     f"addi t2, t2, {s12(CLINT_MTIME)}",
                     "lw t2, 0(t2)",
                     f"lw t0, {H_PERIOD}(t3)", "add t2, t2, t0", "sw t2, 0(t1)",
                     "csrr t0, mcause",
                     "j .Lh_log"]
            for line in lines:
                if line.startswith("/*"):
                    self.raw("    " + line)
                else:
                    self.emit(line, count=False)
        self.raw(".Lh_bad:")
        self.emit(f"sw t0, {S_BAD}(t3)", count=False)
        self.emit("addi a0, zero, 1", count=False)
        self.emit("j rvgen_fail", count=False)
        if self.vectored:
            self.raw("    .balign 256\nrvgen_vtab:")
            for _ in range(16):
                self.emit("j rvgen_trap", count=False)

    def generate(self):
        o, rng = self.opts, self.rng
        self.vectored = rng.random() < 0.5
        page = rng.randrange(MAIN_SIZE // 4096)
        if rng.random() < 0.25:
            page = MAIN_SIZE // 4096 - 1        # region ends at the end of main memory
        main_lo = MAIN_BASE + page * 4096 + (4096 - MAIN_REGION if rng.random() < 0.5 else 0)
        period = rng.randint(300, 1500)
        data = [rng.choice(EDGE) if rng.random() < 0.2 else rng.getrandbits(32)
                for _ in range(DATA_SIZE // 4)]
        main = [rng.choice(EDGE) if rng.random() < 0.2 else rng.getrandbits(32)
                for _ in range(MAIN_REGION // 4)]

        self.gen_functions()
        self.gen_prologue(main_lo)
        if not o.no_traps:
            self.gen_sampler()
        self.gen_epilogue(main_lo)      # before the body: its cost is known
        self.select("pro")
        self.gen_body(max(o.insns - int(self.est), MIN_BODY))
        self.gen_handler()
        if 4 * self.static + DATA_SIZE + MAIN_REGION + S_END + 4096 > RAM_SIZE:
            raise SystemExit(f"rvgen: --insns {o.insns}: the program does not fit in the "
                             f"{RAM_SIZE // 1024} KiB RAM")

        flags = " ".join(f for f, on in (("--no-traps", o.no_traps), ("--irq", o.irq)) if on)
        out = [f"/* Generated by tools/rvgen.py --seed {o.seed} --insns {o.insns}"
               f"{' ' + flags if flags else ''}: do not edit.",
               f" * main-memory region {main_lo:#010x}..{main_lo + MAIN_REGION - 1:#010x},"
               f" mtvec {'vectored' if self.vectored else 'direct'}"
               f"{f', timer period {period}' if o.irq else ''}.",
               f" * Estimated dynamic instructions: {int(self.est)}. */",
               "    .option norelax"]
        # prologue, sampler and body (one buffer), epilogue, handler; functions last
        for name in ("pro", "epi", "handler"):
            out += self.bufs[name]
        out += ["    .text"] + self.bufs["funcs"]
        out += ["", "    .data", "    .balign 64", "rvgen_data:"]
        out += words(data)
        out += ["rvgen_data_end:", "rvgen_main_init:"]
        out += words(main)
        out += self.data_lines
        out += ["    .balign 64", "rvgen_hstate:", f"    .word 0, 0, 0, {period}",
                "    .globl begin_signature", "begin_signature:",
                f"    .word 0, 0, 0, 0, 0, {o.seed & 0xFFFFFFFF:#x}, {o.insns}, 0",
                f"    .fill {(S_END - S_CNT) // 4}, 4, 0",
                "    .globl end_signature", "end_signature:",
                "", '    .section .tohost, "aw", @progbits', "    .balign 64",
                "    .globl tohost", "tohost: .word 0, 0", "    .balign 64",
                "    .globl fromhost", "fromhost: .word 0, 0", ""]
        return "\n".join(out)


def words(ws):
    return [f"    .word {', '.join(f'{w:#010x}' for w in ws[i:i + 8])}" for i in range(0, len(ws), 8)]


def main(argv=None):
    ap = argparse.ArgumentParser(description="Mosaic random RV32IM program generator "
                                             "(see the header of tools/rvgen.py)")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--insns", type=int, default=20000,
                    help="dynamic instructions to aim for (default 20000)")
    ap.add_argument("--no-traps", action="store_true", help="no trapping instructions")
    ap.add_argument("--irq", action="store_true",
                    help="timer interrupts (lockstep must inject them from the RTL)")
    ap.add_argument("--tensor", action="store_true", help="tensor instructions (not yet)")
    ap.add_argument("--stats", action="store_true",
                    help="print per-class counts to stderr")
    ap.add_argument("-o", "--output", help="output .S (default stdout)")
    opts = ap.parse_args(argv)
    if opts.insns < 0:
        ap.error("--insns must be >= 0")
    g = Gen(opts)
    text = g.generate()
    if opts.output:
        with open(opts.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if opts.stats:
        err = sys.stderr
        print(f"rvgen: seed {opts.seed}: {g.static} static instructions, "
              f"estimated {int(g.est)} dynamic", file=err)
        for name, n in g.stats.items():
            print(f"class {name} {n}", file=err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
