#!/usr/bin/env python3
"""rvgen: Mosaic's random RV32IM + Zicsr program generator.

    tools/rvgen.py --seed N [--insns 20000] [--no-traps] [--irq] [--stats]
                   [--tensor [--tensor-ops LIST] [--expect SIG]] -o out.S

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
    lists as not implemented); the scalar classes never use custom-0/1/2/3.
    Tensor illegal encodings (--tensor) are ones the golden model rejects
    whatever the tensor unit implements, so a partial RTL traps on them too.

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
it may appear, emitter). Extensions add their own tables through EXTENSIONS.

TENSOR PROGRAMS (--tensor). Tensor items (classes t_*) are mixed into the
scalar stream: tld/tst (main memory and scratchpad, aligned and misaligned
bases, positive/zero/negative strides), element-wise and tmma ops with random
legal formats (tags set by tzero+tcvt or tcvt in place), tmma chains into one
accumulator under random mtilem/k/n (0..16, k = 0 included) and mcsr.mmode,
msettile*, mcsr and every other tensor CSR, SDMA transfers with good and bad
descriptors and scpad.wait, DDC windows that make accesses fault, and
illegal forms (bad funct fields, must-be-zero fields, float/int mixes,
formats, reserved mfrm, mmode 3, read-only CSR writes, TS = Off). Only the
instructions of --tensor-ops are generated legally (default: the first RTL
tensor unit's set, TENSOR_OPS_RTL; `all`: every tensor instruction of the
golden model; tld, tst, tzero and tcvt are always in). Each item is
straight-line code that may depend only on this invariant, which it restores
before it ends (so items work inside loops, skips and functions):
  TS != Off; every register's tag = its home format (random per seed, every
  format used); mcsr.mfrm <= 4 and mmode <= 2; sdma_status.ERR = 0; DDC =
  the whole address space with R and W.
Data in the registers, mtilem/k/n, the other mcsr bits and the free CSRs are
whatever execution made them (deterministic, never modelled).
Memory: the tensor zone (64 KiB of main memory, seed-chosen, perhaps ending
at the end of main memory) holds every non-faulting tensor access of main
memory; its middle 2 KiB (tensor region) start from rvgen_tregion_init
(first 1 KiB: small FP32 values) and are checksummed. Scalar code never
touches the zone; tensor and SDMA accesses of the scalar main-memory region
have a fence before and after (ARCHITECTURE section 1, Memory ordering), and
a tst there is followed by scalar loads of what it wrote. The scratchpad is
filled by SDMA at set-up. Faults use unmapped addresses, the end of main
memory and of the scratchpad, wrap past 2^32, and DDC windows.
Set-up (prologue hook): region image, fence, every register tzero + tcvt to
its home + tld, the scratchpad fill, and a sweep of every tmma format
combination the golden model accepts (7 x 7 x 7 float, 3 x 2 x 2 integer;
each D format's pairs chained into one accumulator). End (epilogue hook):
fence, tst of every register (its home tile) to a dump area in another
64 KiB of main memory, fence, a fold of the tensor region and the dump,
which is mixed into the main-memory checksum (signature word 4).
Tensor trap sites also arm an mtval check (rvgen_tpre, just before
rvgen_hstate: t3-12 tensor fold, t3-8 expected mtval, t3-4 armed): the
handler fails with code 5 (signature word 7 = the mtval seen) if mtval
differs from docs/isa.md's value (instruction bits, first misaligned row,
base address, sdma_erraddr).
--expect SIG takes the signature of a run of the same program (same seed and
options) and embeds its register, data and main-memory checksums; the
program then fails with code 7 if its own differ, so it checks itself on RTL
without lockstep. With or without --expect the code is the same (only data
words change), so the checksums do not move. The fixed part of a tensor
program is about 11000 instructions more than a scalar one; use --insns
30000 or more for a useful body. Timing counters stay unread; with --tensor
the scalar reads of (m)hpmcounter5/8 (useful MACs, SDMA bytes, counted while
the tensor unit works) come after a fence, which drains it.
Fail codes added: 5 wrong mtval, 7 checksum differs from --expect.
"""
import argparse
import os
import random
import re
import struct
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
    # Every FENCE form is a no-op here (docs/verification.md); fence.i
    # refetches in the RTL (the assembler's -march has no Zifencei: a word).
    g.emit(g.rng.choice(["fence", "fence rw, rw", "fence iorw, iorw", "fence w, r",
                         "fence.tso", ".word 0x0100000f /* pause */",
                         ".word 0x0000100f /* fence.i */"]))


# --- memory -------------------------------------------------------------------

LOADS = {"lb": 1, "lbu": 1, "lh": 2, "lhu": 2, "lw": 4}
STORES = {"sb": 1, "sh": 2, "sw": 4}


def mem_operand(g, size, misalign=0):
    """Pick a data address (aligned to `size`, plus `misalign` bytes) and
    return "imm(base)", emitting base set-up for t4 when used. A misaligned
    access stays inside the region too (it may reach into the next word)."""
    rng = g.rng
    end = size - 1 + (size if misalign else 0)  # bytes past the aligned start
    r = rng.random()
    if r < 0.35:            # RAM via gp: base + [0, 2048)
        off = rng.randrange(-1024, 1024 - end, size) + misalign
        return f"{off}(gp)"
    if r < 0.5:             # RAM via sp (top of region, minus the frame)
        off = rng.randrange(-DATA_SIZE + g.sp_off, g.sp_off - end, size) + misalign
        return f"{off}(sp)"
    if r < 0.8:             # main memory via tp
        off = rng.randrange(-MAIN_REGION // 2, MAIN_REGION // 2 - end, size) + misalign
        return f"{off}(tp)"
    # t4 = address - imm with a full-range immediate
    imm = rng.randrange(-2048, 2048)
    if rng.random() < 0.5:
        rel = rng.randrange(-1024, 1024 - end, size) + misalign
        g.add_const(R_ADR, 3, rel - imm)
    else:
        rel = rng.randrange(-MAIN_REGION // 2, MAIN_REGION // 2 - end, size) + misalign
        g.add_const(R_ADR, 4, rel - imm)
    return f"{imm}(t4)"


def emit_load(g, ctx):
    op = g.rng.choice(list(LOADS))
    rd = "zero" if g.rng.random() < 0.03 else g.dst(allow_zero=False)
    g.emit(f"{op} {rd}, {mem_operand(g, LOADS[op])}")


def emit_store(g, ctx):
    op = g.rng.choice(list(STORES))
    g.emit(f"{op} {g.src()}, {mem_operand(g, STORES[op])}")


# Misaligned loads and stores do not trap (docs/isa.md): one bus access per
# aligned word they touch.
def emit_load_misaligned(g, ctx):
    op = g.rng.choice(["lh", "lhu", "lw"])
    size = LOADS[op]
    g.emit(f"{op} {g.dst(allow_zero=False)}, {mem_operand(g, size, g.rng.randrange(1, size))}")


def emit_store_misaligned(g, ctx):
    op = g.rng.choice(["sh", "sw"])
    size = STORES[op]
    g.emit(f"{op} {g.src()}, {mem_operand(g, size, g.rng.randrange(1, size))}")


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
        csr = rng.choice(CONST_CSRS)
        if g.tu and re.search(r"counter[58]", csr):
            # Useful MACs and SDMA bytes count as the tensor unit works:
            # exact only once it has drained.
            g.emit("fence")
        g.emit(f"csrr {d}, {csr}")
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


# Where a misaligned access's second word faults: the last word of each
# device window (a word no register uses: reads give 0, writes are ignored),
# then nothing. Memory ends are left out: a tensor program's zones and SDMA
# transfers may reach the end of main memory and the scratchpad, and scalar
# code must not touch them (docs/verification.md, "Lockstep rules").
DEVICE_ENDS = [MM[d + "_BASE"] + MM[d + "_SIZE"] for d in ("CLINT", "UART", "SIMCTRL")]


def split_fault_operand(g, size):
    """A misaligned address one of whose words faults: the first (an
    unmapped word; mtval = the address) or the second (past a device
    window's end; mtval = the next word)."""
    rng = g.rng
    k = rng.randrange(1, size)
    if rng.random() < 0.5:
        a = g.unmapped_addr(size) + k
    else:
        a = rng.choice(DEVICE_ENDS) - size + k
    g.li(R_ADR, a)
    return "0(t4)"


def emit_trap_ld_split(g, ctx):
    op = g.rng.choice(["lh", "lhu", "lw"])
    oper = split_fault_operand(g, LOADS[op])
    trap_site(g, 5)
    g.emit(f"{op} {g.dst()}, {oper}")


def emit_trap_st_split(g, ctx):
    op = g.rng.choice(["sh", "sw"])
    oper = split_fault_operand(g, STORES[op])
    trap_site(g, 7)
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
    InsnClass("load_misaligned", 1.0, emit_load_misaligned),
    InsnClass("store_misaligned", 0.8, emit_store_misaligned),
    InsnClass("csr", 4, emit_csr),
    InsnClass("fence", 0.6, emit_fence),
    InsnClass("skip", 4, emit_skip, control),
    InsnClass("jump", 1.5, emit_jump, control),
    InsnClass("call", 2.5, emit_call, lambda c: not c.in_skip and not c.in_func),
    InsnClass("loop", 1.0, emit_loop, lambda c: not c.in_skip and not c.in_func and c.loop_depth < 2),
    InsnClass("trap_illegal", 0.5, emit_trap_illegal, causes=[2], needs=no_trap_opt),
    InsnClass("trap_ecall", 0.2, emit_trap_ecall, causes=[11], needs=no_trap_opt),
    InsnClass("trap_ebreak", 0.2, emit_trap_ebreak, causes=[3], needs=no_trap_opt),
    InsnClass("trap_ld_split", 0.25, emit_trap_ld_split, causes=[5], needs=no_trap_opt),
    InsnClass("trap_st_split", 0.25, emit_trap_st_split, causes=[7], needs=no_trap_opt),
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


# Tensor extension (--tensor, --tensor-ops): custom-0..3 instructions and
# tensor CSRs mixed into the scalar stream. See "TENSOR PROGRAMS" in the
# header for the invariant every tensor item keeps.

OPC_SDMA, OPC_AME, OPC_MINAT, OPC_TL = 0x0B, 0x2B, 0x5B, 0x7B
FP32, FP16, BF16, E4M3, E5M2, INT8, FP4, INT16, INT32, TF32 = range(10)
FMT_NAMES = ["fp32", "fp16", "bf16", "e4m3", "e5m2", "int8", "fp4", "int16", "int32", "tf32"]
FMT_BITS = [32, 16, 16, 8, 8, 8, 4, 16, 32, 32]
FLOAT_FMTS = [FP32, FP16, BF16, E4M3, E5M2, FP4, TF32]
INT_FMTS = [INT8, INT16, INT32]
# Home-tag weights: 8-bit and FP4 homes keep the final register dump short.
HOME_W = {FP32: 0.5, FP16: 0.5, BF16: 1, E4M3: 2, E5M2: 1, INT8: 2, FP4: 1.5, INT16: 0.5,
          INT32: 0.5, TF32: 0.3}
TBINARY = {"tadd": 0, "tsub": 2, "tmul": 3, "tmax": 4, "tmin": 5, "tbsub": 8, "tbmul": 9,
           "tbdiv": 10}
TROW = {"trowmax": 6, "trowsum": 7}
TL_OPS = ["tl.xpose", "tl.concat", "tl.addi", "tl.mload", "tl.mstore"]
TENSOR_OPS_ALL = ["tld", "tst", "tact", "tcvt", "tzero", "tred", "tscale", "tadd", "tmma",
                  "tsub", "tmul", "tmax", "tmin", "trowmax", "trowsum", "tbsub", "tbmul",
                  "tbdiv"] + TL_OPS + ["mmacc", "msettilem", "msettilek", "msettilen",
                                       "scpad.ld", "scpad.st", "scpad.wait"]
# What the RTL tensor unit implements: everything.
TENSOR_OPS_RTL = list(TENSOR_OPS_ALL)
# Needed to set tags up and to dump the registers at the end.
TENSOR_OPS_REQUIRED = ["tld", "tst", "tzero", "tcvt"]

CSR_MCSR, CSR_SDMA_STRIDE, CSR_SDMA_STATUS, CSR_SDMA_ERRADDR = 0x820, 0x830, 0x831, 0x832
CSR_MDDCBASE, CSR_MDDCLIMIT, CSR_MDDCPERM = 0x7D0, 0x7D1, 0x7D2
CSR_MXCFG, CSR_MXTILE, CSR_MXSTATUS = 0x7C0, 0x7C1, 0x7C2
CSR_TL_SHAPE, CSR_TL_XCFG = 0x800, 0x802
# Tensor CSRs any value may be written to (the items that depend on one
# set it themselves).
T_CSR_FREE = [0x800, 0x801, 0x802, 0x803, 0x810, 0x811, 0x812, 0x813, 0x830, 0x832,
              0x7C0, 0x7C1, 0x7C2]
T_CSR_RO = [0xCC0, 0xCC1, 0xCC2, 0xCC3, 0xCC4]
T_CSR_READ = T_CSR_FREE + T_CSR_RO + [0x820, 0x831, 0x7D0, 0x7D1, 0x7D2]
MSTATUS_TS = 3 << 23

ZONE = 64 * 1024            # tensor zone: every non-faulting tensor access of main memory
TREGION = 2048              # checksummed part of the zone (initialised, in the middle)
SCPAD_BANK = MM["SCPAD_BANK_BYTES"]
SCPAD_HOT = 8192            # first bytes of each bank, filled by SDMA at set-up
# rvgen_tpre words (byte offsets from t3, before rvgen_hstate)
T_SUM, T_XTVAL, T_XARM = -12, -8, -4
FAIL_MTVAL, FAIL_EXPECT = 5, 7


def enc_r(opc, f3, f7, rd, rs1, rs2):
    return (f7 << 25) | (rs2 << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | opc


def enc_i(opc, f3, rd, rs1, imm):
    return ((imm & 0xFFF) << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | opc


def enc_csr(f3, csr, rd, rs1):
    return (csr << 20) | (rs1 << 15) | (f3 << 12) | (rd << 7) | 0x73


def row_geom(fmt):
    bits = FMT_BITS[fmt]
    return 16 * bits // 8, max(bits // 8, 1)       # row bytes, alignment


def is_float(f):
    return f in FLOAT_FMTS


class TensorState:
    """What the generator knows of the tensor unit at every item boundary
    (the invariant), plus the memory layout of the tensor program."""

    def __init__(self, g, ops):
        rng = g.rng
        self.ops = ops
        fmts = list(HOME_W)
        self.home = [rng.choices(fmts, weights=[HOME_W[f] for f in fmts])[0] for _ in range(32)]
        # every format is some register's home
        for f, r in zip(fmts, rng.sample(range(32), len(fmts))):
            self.home[r] = f
        nz = MAIN_SIZE // ZONE
        self.zone_i = rng.randrange(nz)
        if rng.random() < 0.2:
            self.zone_i = nz - 1                # zone ends at the end of main memory
        self.dump_i = (self.zone_i + nz // 2) % nz
        self.zone_lo = MAIN_BASE + self.zone_i * ZONE
        self.zone_hi = self.zone_lo + ZONE
        self.region_lo = self.zone_lo + ZONE // 2 - TREGION // 2
        self.region_hi = self.region_lo + TREGION
        self.dump_lo = MAIN_BASE + self.dump_i * ZONE
        self.cover = {}                         # static coverage points (--stats)
        self.main_lo = None                     # the scalar main-memory region, set later
        self.nice_fp32 = [0] * 256
        for i in range(256):
            v = rng.choice([0.0, 0.5, 1.0, -1.0, 2.0, -0.75, 1.5, 3.0, -2.5, 6.0]) \
                if rng.random() < 0.3 else \
                rng.choice([1, -1]) * (1 + rng.randrange(8) / 8) * 2.0 ** rng.randint(-2, 3)
            self.nice_fp32[i] = struct.unpack("<I", struct.pack("<f", v))[0]
        self.region_init = self.nice_fp32 + [
            rng.getrandbits(32) if rng.random() < 0.5 else
            rng.choice([0x3F803F80, 0x40004000, 0x3C003C00, 0x38383838, 0x01020304,
                        0xFF01FE02, 0x3E3E3E3E, 0x00010002, 0x7FFF8000, 0xC0400000])
            for _ in range(TREGION // 4 - 256)]

    def has(self, *names):
        return all(n in self.ops for n in names)

    def note(self, key, item=1):
        self.cover.setdefault(key, set()).add(item)


def tsel(names):
    """`needs` of a class that uses any of `names`."""
    return lambda opts: any(n in opts.tensor_op_set for n in names)


def tword(g, w, text):
    g.emit(f".word {w:#010x} /* {text} */")


def tinsn_i(g, f3, rd, rs1, imm, text):
    w = enc_i(OPC_MINAT, f3, rd, rs1, imm)
    tword(g, w, text)
    return w


def tinsn_r(g, f7, rd, rs1, rs2, text):
    w = enc_r(OPC_MINAT, 7, f7, rd, rs1, rs2)
    tword(g, w, text)
    return w


def t_tzero(g, r):
    g.tu.note("banks", r % 4)
    tinsn_i(g, 4, r, r, 0, f"tzero tr{r}")


def t_tcvt(g, d, s, f):
    tinsn_i(g, 3, d, s, f, f"tcvt tr{d}, tr{s}, {FMT_NAMES[f]}")


def t_tld(g, r, base_reg, stride):
    return tinsn_i(g, 0, r, base_reg, stride, f"tld tr{r}, {stride}({ABI[base_reg]})")


def t_tst(g, r, base_reg, stride):
    return tinsn_i(g, 1, r, base_reg, stride, f"tst tr{r}, {stride}({ABI[base_reg]})")


def t_tmma(g, d, a, b, fmts=None):
    t = g.tu
    for r in (d, a, b):
        t.note("banks", r % 4)
    if fmts:
        t.note("tmma_combos", fmts)
    return tinsn_r(g, 1, d, a, b, f"tmma tr{d}, tr{a}, tr{b}")


class Tags:
    """Tags inside one item: retag, then put every home tag back."""

    def __init__(self, g):
        self.g, self.t = g, g.tu
        self.cur = {}

    def get(self, r):
        return self.cur.get(r, self.t.home[r])

    def set(self, r, f, fresh=None, src=False):
        """Tag r with f: tcvt in place (data converted), or tzero + tcvt
        (fresh); a fresh source then gets data from the tensor region."""
        g = self.g
        if fresh is None:
            fresh = g.rng.random() < 0.25
        if fresh:
            t_tzero(g, r)
        if fresh or self.get(r) != f or g.rng.random() < 0.2:
            t_tcvt(g, r, r, f)
        self.cur[r] = f
        if fresh and src:
            rb, align = row_geom(f)
            base, stride, _ = pick_tile_access(g, rb, align, False, "region")
            emit_tile_mem(g, r, f, False, base, stride, None, False)

    def restore(self):
        for r, f in self.cur.items():
            if f != self.t.home[r]:
                t_tcvt(self.g, r, r, self.t.home[r])
        self.cur = {}


def tmp_regs(g, n):
    return g.rng.sample(g.random_regs, n)


def arm_mtval(g, mtval):
    """The next trap must report this mtval (checked by the handler)."""
    g.li(R_ADR, mtval)
    g.emit(f"sw t4, {T_XTVAL}(t3)")
    g.emit("addi t4, zero, 1")
    g.emit(f"sw t4, {T_XARM}(t3)")


def tmem_mapped(a, n):
    for lo, hi in ((MAIN_BASE, MAIN_BASE + MAIN_SIZE), (SCPAD_BASE, SCPAD_BASE + SCPAD_SIZE),
                   (RAM_BASE, RAM_BASE + RAM_SIZE)):
        if lo <= a and a + n <= hi:
            return True
    return False


def ddc_allows(ddc, a, n, write):
    if ddc is None:
        return a + n - 1 <= 0xFFFFFFFF
    base, limit, perm = ddc
    if not perm & (2 if write else 1):
        return False
    if n == 0:
        return True
    last = a + n - 1
    return a >= base and last <= limit and last <= 0xFFFFFFFF


def tile_outcome(ddc, base, stride, rows, rb, align, write):
    """None if the access is allowed, else (cause, mtval) (docs/isa.md)."""
    if base % align or (rows > 1 and stride % align):
        bad = base if base % align else (base + stride) & 0xFFFFFFFF
        return (6 if write else 4), bad
    for r in range(rows):
        a = base + r * stride
        if a < 0 or not ddc_allows(ddc, a, rb, write) or not tmem_mapped(a, rb):
            return (7 if write else 5), base
    return None


def touches_ram(base, stride, rows, rb):
    for r in range(rows):
        a = base + r * stride
        if a < RAM_BASE + RAM_SIZE and a + rb > RAM_BASE:
            return True
    return False


def pick_stride(g, rb, align, limit):
    rng = g.rng
    while True:
        s = rng.choice([rb, rb, rb, 0, -rb, 2 * rb, rb + align, -2 * rb,
                        rng.randrange(-2048, 2048) // align * align,
                        rng.randrange(-128, 129) // align * align])
        if -2048 <= s <= 2047 and 15 * abs(s) + rb <= limit:
            return s


def place(g, lo, hi, stride, rows, rb, align):
    """A base so that every row lies in [lo, hi), or None."""
    lo_off = min(0, (rows - 1) * stride)
    hi_off = max(0, (rows - 1) * stride) + rb
    a, b = lo - lo_off, hi - hi_off
    if b < a:
        return None
    base = g.rng.randrange(a, b + 1)
    base -= base % align
    if base < a:
        base += align
    return base if base <= b else None


def pick_tile_access(g, rb, align, write, where=None):
    """(base, stride, shared): a legal tile access (no DDC window)."""
    t, rng = g.tu, g.rng
    if where is None:
        # Loads mostly from the (initialised) region: the rest of the zone
        # holds only what stores put there.
        where = rng.choices(["region", "zone", "scpad", "shared"],
                            weights=[5, 2, 2, 1.5] if write else [8, 1, 2, 1.5])[0]
    for _ in range(100):
        if where == "shared":
            s = pick_stride(g, rb, align, MAIN_REGION)
            lo, hi = t.main_lo, t.main_lo + MAIN_REGION
        elif where == "scpad":
            s = pick_stride(g, rb, align, SCPAD_HOT)
            bank = SCPAD_BASE + rng.randrange(2) * SCPAD_BANK
            lo, hi = bank, bank + SCPAD_HOT
            if rng.random() < 0.1:              # anywhere, bank boundary included
                lo, hi = SCPAD_BASE, SCPAD_BASE + SCPAD_SIZE
        elif where == "region":
            s = pick_stride(g, rb, align, TREGION)
            lo, hi = t.region_lo, t.region_hi
        else:
            s = pick_stride(g, rb, align, ZONE)
            lo, hi = t.zone_lo, t.zone_hi
        base = place(g, lo, hi, s, 16, rb, align)
        if base is not None:
            return base, s, where == "shared"
    return place(g, t.region_lo, t.region_hi, rb, 16, rb, align), rb, False


def emit_tile_mem(g, r, fmt, write, base, stride, expect, shared):
    """tld/tst of tr r (tag fmt) at base/stride; `expect` is None or
    (cause, mtval)."""
    if expect:
        arm_mtval(g, expect[1])
    g.li(R_ADR, base)
    if shared and not expect:
        g.emit("fence")
    if expect:
        trap_site(g, expect[0])
    (t_tst if write else t_tld)(g, r, R_ADR, stride)
    if shared and not expect:
        g.emit("fence")
        if write:                       # tensor data becomes visible to scalar code
            rb, _ = row_geom(fmt)
            for _ in range(g.rng.randint(1, 3)):
                y = g.rng.randrange(16)
                off = base + y * stride - (g.tu.main_lo + MAIN_REGION // 2)
                off += g.rng.randrange(0, max(rb - 3, 1))
                off -= off % 4
                if -512 <= off <= 508:
                    g.emit(f"lw {g.dst(allow_zero=False)}, {off}(tp)")


def item_tld_tst(g, ctx):
    rng = g.rng
    tags = Tags(g)
    r = rng.randrange(32)
    if rng.random() < 0.3:
        tags.set(r, rng.randrange(10))
    f = tags.get(r)
    rb, align = row_geom(f)
    write = rng.random() < 0.35
    base, stride, shared = pick_tile_access(g, rb, align, write)
    emit_tile_mem(g, r, f, write, base, stride, None, shared)
    if rng.random() < 0.3 and not shared:       # read back what was stored / store what was loaded
        r2 = rng.randrange(32)
        tags.set(r2, f, fresh=False)
        emit_tile_mem(g, r2, f, not write, base, stride, None, False)
    tags.restore()


def item_tmem_trap(g, ctx, write):
    """A tld/tst that traps: misaligned base or stride, unmapped rows,
    rows past the end of main memory or wrapping past 2^32."""
    rng = g.rng
    tags = Tags(g)
    r = rng.randrange(32)
    if rng.random() < 0.3:
        tags.set(r, rng.choice([f for f in range(10) if f != FP4]))
    f = tags.get(r)
    rb, align = row_geom(f)
    for _ in range(200):
        k = rng.randrange(6)
        if k == 0 and align > 1:            # misaligned base
            base, stride, _ = pick_tile_access(g, rb, align, write, "region")
            base += rng.randrange(1, align)
        elif k == 1 and align > 1:          # misaligned stride
            base, stride, _ = pick_tile_access(g, rb, align, write, "region")
            stride = rng.choice([align + 1, -align - 1, rb - 1, 1, 2 * rb + 2, -3])
            if stride % align == 0:
                continue
        elif k == 2:                        # unmapped base
            base = g.unmapped_addr(4)
            base -= base % align
            stride = rng.choice([rb, 0, -rb])
        elif k == 3:                        # last rows past the end of main memory
            stride = rng.choice([rb, 2 * rb, 64 * align])
            base = MAIN_BASE + MAIN_SIZE - rng.randrange(1, 15) * stride
        elif k == 4:                        # rows below address 0 / past 2^32
            stride = rng.choice([-rb, rb])
            base = rng.choice([0, 64, 0xFFFFFF00 - 64, 0xFFFFFFC0]) // align * align
        else:                               # scratchpad end or scratchpad/main gap
            stride = rb
            base = SCPAD_BASE + SCPAD_SIZE - rng.randrange(1, 16) * rb
            if align > 1 and rng.random() < 0.3:
                base += rng.randrange(1, align)
        base &= 0xFFFFFFFF
        out = tile_outcome(None, base, stride, 16, rb, align, write)
        if out and not touches_ram(base, stride, 16, rb):
            emit_tile_mem(g, r, f, write, base, stride, out, False)
            break
    tags.restore()


def item_tld_trap(g, ctx):
    item_tmem_trap(g, ctx, False)


def item_tst_trap(g, ctx):
    item_tmem_trap(g, ctx, True)


def rand_fmt(g, domain):
    return g.rng.choice(FLOAT_FMTS if domain == "f" else INT_FMTS)


def item_binary(g, ctx):
    """Element-wise and row ops with legal random formats."""
    t, rng = g.tu, g.rng
    names = [n for n in list(TBINARY) + list(TROW) if n in t.ops]
    op = rng.choice(names)
    tags = Tags(g)
    domain = "f" if op == "tbdiv" or rng.random() < 0.6 else "i"
    d, a, b = rng.randrange(32), rng.randrange(32), rng.randrange(32)
    if rng.random() < 0.15:
        a = d
    if rng.random() < 0.1:
        b = a
    for r in dict.fromkeys([d, a] + ([b] if op not in TROW else [])):
        if rng.random() < 0.7 or is_float(tags.get(r)) != (domain == "f"):
            tags.set(r, rand_fmt(g, domain), src=r != d)
    for _ in range(rng.randint(1, 3)):
        if op in TROW:
            tinsn_r(g, TROW[op], d, a, 0, f"{op} tr{d}, tr{a}")
        else:
            tinsn_r(g, TBINARY[op], d, a, b, f"{op} tr{d}, tr{a}, tr{b}")
    tags.restore()


def emit_msettile(g, which, value=None):
    """msettile{m,k,n}[i]; value None: random."""
    rng = g.rng
    f3 = {"m": 1, "k": 2, "n": 3}[which]
    if value is None:
        value = rng.choice([0, 16, 1, 15, rng.randrange(17), rng.randrange(17), 17, 2047,
                            0xFFFFFFFF, 0x80000010])
    if value < 16:
        g.tu.note(f"mtile{which}<16", value)
    if value == 0 and which == "k":
        g.tu.note("mtilek=0")
    rd = 0 if rng.random() < 0.15 else g.rand_reg()
    if 0 <= value <= 2047 and rng.random() < 0.5:
        tword(g, enc_i(OPC_AME, f3 + 4, rd, 0, value), f"msettile{which}i {ABI[rd]}, {value}")
    else:
        r = g.rand_reg()
        g.li(r, value)
        tword(g, enc_r(OPC_AME, f3, 0, rd, r, 0), f"msettile{which} {ABI[rd]}, {ABI[r]}")


def legal_mcsr(g, mmode=None):
    rng = g.rng
    mm = rng.randrange(3) if mmode is None else mmode
    frm = rng.choice([0, 0, 1, 2, 3, 4])
    return (mm | rng.randrange(2) << 2 | rng.randrange(4) << 3 | rng.randrange(2) << 5 |
            frm << 6 | (rng.random() < 0.3) << 9)


def emit_mcsr_write(g, value):
    r = g.rand_reg()
    g.li(r, value)
    g.emit(f"csrrw {g.dst()}, {CSR_MCSR:#x}, {ABI[r]}")


def item_tmma(g, ctx):
    """tmma chains into one accumulator, random formats, geometry, mmode."""
    t, rng = g.tu, g.rng
    tags = Tags(g)
    if t.has("msettilem") and rng.random() < 0.6:
        for w in rng.sample("mkn", rng.randint(1, 3)):
            emit_msettile(g, w, rng.choice([None, 0, 16, rng.randrange(1, 16)])
                          if w == "k" else None)
    if rng.random() < 0.4:
        emit_mcsr_write(g, legal_mcsr(g))
    d = rng.randrange(32)
    a, b = rng.randrange(32), rng.randrange(32)
    if rng.random() < 0.6:                  # A and B in other banks than D
        a = rng.choice([r for r in range(32) if r % 4 != d % 4])
        b = rng.choice([r for r in range(32) if r % 4 != d % 4])
    if rng.random() < 0.5:
        fd = rng.choice([FP32, INT32]) if rng.random() < 0.6 else rng.choice(FLOAT_FMTS + INT_FMTS)
    else:
        fd = rng.choice(FLOAT_FMTS + INT_FMTS)
    if is_float(fd):
        fa, fb = rng.choice(FLOAT_FMTS), rng.choice(FLOAT_FMTS)
    else:
        fa, fb = rng.choice([INT8, INT16]), rng.choice([INT8, INT16])
    if a == d or b == d:
        a, b = (rng.choice([r for r in range(32) if r != d]) for _ in range(2))
    if a == b:
        fb = fa
    tags.set(d, fd)
    tags.set(a, fa, src=True)
    tags.set(b, fb, src=True)
    if rng.random() < 0.3:                  # fresh data for A from memory
        rb, align = row_geom(fa)
        base, stride, _ = pick_tile_access(g, rb, align, False, "region")
        emit_tile_mem(g, a, fa, False, base, stride, None, False)
    n = rng.choice([1, 1, 2, 3, 4, 8])
    if n > 1 and fd in (FP32, INT32):
        t.note("tmma_chains", FMT_NAMES[fd])
    for _ in range(n):
        t_tmma(g, d, a, b, (fd, fa, fb))
        if rng.random() < 0.2 and t.has("msettilek"):
            emit_msettile(g, "k")
    tags.restore()


def item_cvt(g, ctx):
    t, rng = g.tu, g.rng
    tags = Tags(g)
    d, s = rng.randrange(32), rng.randrange(32)
    k = rng.random()
    if k < 0.08:
        t_tzero(g, d)
    elif k < 0.35 and t.has("tscale"):
        if rng.random() < 0.4:
            tags.set(d, rng.randrange(10))
        f = tags.get(d)
        r = g.rand_reg()
        if is_float(f):
            v = rng.choice([1.0, 0.5, -2.0, 3.0, 1e30, -1e-30, 0.0, -0.0, 0.125])
            val = struct.unpack("<I", struct.pack("<f", v))[0]
            val = rng.choice([val, val, 0x7FC00000, 0x7F800000, rng.getrandbits(32)])
        else:
            val = rng.choice([1, -1, 0, 2, 3, 127, -128, 0x7FFFFFFF, 0x80000000, rng.getrandbits(32)])
        g.li(r, val)
        tinsn_i(g, 6, d, r, 0, f"tscale tr{d}, {ABI[r]}")
    elif k < 0.5 and t.has("tact"):
        if rng.random() < 0.4:
            tags.set(d, rng.randrange(10))
        fn = rng.randrange(5)
        tinsn_i(g, 2, d, d, fn, f"tact tr{d}, {fn}")
    elif k < 0.6 and t.has("tred"):
        if rng.random() < 0.4:
            tags.set(s, rng.randrange(10))
        op = rng.randrange(3)
        rd = g.rand_reg() if rng.random() < 0.9 else 0
        tinsn_i(g, 5, rd, s, op, f"tred {ABI[rd]}, tr{s}, {op}")
    else:
        f = rng.randrange(10)
        t_tcvt(g, d, s, f)
        tags.cur[d] = f
        if rng.random() < 0.5:              # chain of conversions
            f2 = rng.randrange(10)
            t_tcvt(g, d, d, f2)
            tags.cur[d] = f2
    tags.restore()


def item_mcsr(g, ctx):
    rng = g.rng
    k = rng.random()
    if k < 0.5:
        emit_mcsr_write(g, legal_mcsr(g))
    elif k < 0.75:                          # bits whose every value is legal
        bits = rng.choice([0x4, 0x8, 0x10, 0x18, 0x20, 0x200, 0x224, 0x1C])
        op = rng.choice(["csrrs", "csrrc"])
        r = g.rand_reg()
        g.li(r, bits)
        g.emit(f"{op} {g.dst()}, {CSR_MCSR:#x}, {ABI[r]}")
    elif k < 0.85:
        g.emit(f"{rng.choice(['csrrsi', 'csrrci'])} {g.dst()}, {CSR_MCSR:#x}, {rng.choice([4, 8, 16, 20])}")
    else:
        g.emit(f"csrr {g.dst()}, {CSR_MCSR:#x}")


def item_tcsr(g, ctx):
    rng = g.rng
    k = rng.random()
    d = g.dst()
    if k < 0.45:
        csr = rng.choice(T_CSR_READ)
        form = rng.choice(["csrr", "csrrs0", "csrrc0", "csrrsi0"])
        if form == "csrr":
            g.emit(f"csrr {d}, {csr:#x}")
        elif form == "csrrsi0":
            g.emit(f"csrrsi {d}, {csr:#x}, 0")
        else:
            g.emit(f"{form[:-1]} {d}, {csr:#x}, zero")
    elif k < 0.85:
        csr = rng.choice(T_CSR_FREE)
        op = rng.choice(["csrrw", "csrrs", "csrrc", "csrrwi", "csrrsi", "csrrci"])
        if op.endswith("i"):
            g.emit(f"{op} {d}, {csr:#x}, {rng.randrange(32)}")
        else:
            r = g.rand_reg()
            if rng.random() < 0.5:
                g.li(r, rng.choice(EDGE) if rng.random() < 0.5 else rng.getrandbits(32))
            g.emit(f"{op} {d}, {csr:#x}, {ABI[r]}")
    else:                                   # sdma_status: clear / bits other than ERR
        r = g.rand_reg()
        g.li(r, rng.choice([0, 0x1E, 0x10, rng.getrandbits(32) & ~1]))
        g.emit(f"csrrw {d}, {CSR_SDMA_STATUS:#x}, {ABI[r]}")


# --- SDMA -------------------------------------------------------------------------

def sdma_shape(rows, cols, lg):
    return (rows & 0x3F) << 8 | (cols & 0x3F) | lg << 16


def sdma_check(g, ddc, store, shape, sp, mm, stride):
    """0 if good, else the docs/isa.md error code."""
    cols, rows, lg = shape & 0x3F, (shape >> 8) & 0x3F, (shape >> 16) & 3
    used = 0x3F | 0x3F << 8 | 3 << 16
    if shape & ~used or not 1 <= cols <= 32 or not 1 <= rows <= 32 or lg > 2:
        return 1
    es = 1 << lg
    if sp % es or mm % es or (rows > 1 and stride % es):
        return 2
    nbytes = rows * cols * es
    if sp < SCPAD_BASE:
        return 3
    off = sp - SCPAD_BASE
    b = off // SCPAD_BANK
    if not (b < 2 and off + nbytes <= (b + 1) * SCPAD_BANK):
        return 3
    rb = cols * es
    for r in range(rows):
        a = mm + r * stride
        if a < 0 or not ddc_allows(ddc, a, rb, store) or not tmem_mapped(a, rb):
            return 4
    if not ddc_allows(ddc, sp, nbytes, not store) or not tmem_mapped(sp, nbytes):
        return 4
    return 0


def pick_sdma_good(g, store):
    """(shape, sp, mm, stride, shared) of a transfer that succeeds with the
    full DDC."""
    t, rng = g.tu, g.rng
    for _ in range(200):
        lg = rng.randrange(3)
        es = 1 << lg
        rows = rng.choice([1, 2, 4, 16, 32, rng.randint(1, 32)])
        cols = rng.choice([1, 8, 16, 32, rng.randint(1, 32)])
        rb = cols * es
        stride = rng.choice([rb, rb, 0, -rb, rb + es, 2 * rb, rng.randrange(-64, 65) * es])
        shared = rng.random() < 0.15
        lo, hi = (t.main_lo, t.main_lo + MAIN_REGION) if shared else \
            rng.choice([(t.region_lo, t.region_hi), (t.zone_lo, t.zone_hi)])
        mm = place(g, lo, hi, stride, rows, rb, es)
        if mm is None:
            continue
        nbytes = rows * rb
        bank = SCPAD_BASE + rng.randrange(2) * SCPAD_BANK
        span = SCPAD_HOT if rng.random() < 0.9 else SCPAD_BANK
        sp = bank + rng.randrange(0, span - nbytes + 1) // es * es
        shape = sdma_shape(rows, cols, lg)
        if sdma_check(g, None, store, shape, sp, mm, stride) == 0:
            return shape, sp, mm, stride, shared
    raise SystemExit("rvgen: no SDMA transfer fits")


def emit_sdma(g, store, shape, sp, mm, stride):
    rs, rp, rm, r = tmp_regs(g, 4)
    g.li(rs, shape)
    g.li(rp, sp)
    g.li(rm, mm)
    g.li(r, stride)
    g.emit(f"csrw {CSR_SDMA_STRIDE:#x}, {ABI[r]}")
    tword(g, enc_r(OPC_SDMA, 1 if store else 0, 0, rs, rp, rm),
          f"scpad.{'st' if store else 'ld'} {ABI[rs]}, {ABI[rp]}, {ABI[rm]}")


def emit_wait(g):
    tword(g, enc_r(OPC_SDMA, 2, 0, 0, 0, 0), "scpad.wait")


def sdma_ops(g):
    return [s for s, n in ((False, "scpad.ld"), (True, "scpad.st")) if n in g.tu.ops]


def item_sdma(g, ctx):
    rng = g.rng
    for _ in range(rng.randint(1, 3)):
        store = rng.choice(sdma_ops(g))
        shape, sp, mm, stride, shared = pick_sdma_good(g, store)
        if shared:
            g.emit("fence")
        emit_sdma(g, store, shape, sp, mm, stride)
        if shared:
            g.emit("fence")
    if "scpad.wait" in g.tu.ops and rng.random() < 0.7:
        emit_wait(g)


def pick_sdma_bad(g, store, code):
    t, rng = g.tu, g.rng
    for _ in range(500):
        shape, sp, mm, stride, _ = pick_sdma_good(g, store)
        cols, rows, lg = shape & 0x3F, (shape >> 8) & 0x3F, (shape >> 16) & 3
        if code == 1:
            shape = rng.choice([sdma_shape(rows, 0, lg), sdma_shape(0, cols, lg),
                                sdma_shape(rows, cols, 3), shape | 1 << rng.choice([6, 7, 14, 15, 20, 31]),
                                (33 + rng.randrange(31)) | rows << 8 | lg << 16])
        elif code == 2:
            if lg == 0:
                continue
            k = rng.randrange(3)
            if k == 0:
                sp += 1
            elif k == 1:
                mm += rng.randrange(1, 1 << lg)
            else:
                if rows == 1:
                    continue
                stride += 1
        elif code == 3:
            sp = rng.choice([SCPAD_BASE + SCPAD_BANK - rng.randrange(1, 64) * (1 << lg),
                             SCPAD_BASE + SCPAD_SIZE - (1 << lg), t.region_lo,
                             SCPAD_BASE - 4096])
        else:
            k = rng.randrange(3)
            if k == 0:
                mm = g.unmapped_addr(4)
            elif k == 1:
                mm = MAIN_BASE + MAIN_SIZE - (1 << lg) * rng.randrange(1, 8)
                stride = abs(stride) or 64
            else:
                mm = MAIN_BASE - 4 * rng.randrange(1, 64)
        mm &= 0xFFFFFFFF
        if sdma_check(g, None, store, shape, sp, mm, stride) == code and \
                not touches_ram(mm, stride, max(rows, 1), max(cols, 1) << min(lg, 2)):
            return shape, sp, mm, stride
    raise SystemExit(f"rvgen: no bad SDMA transfer with code {code}")


def item_sdma_err(g, ctx):
    """Bad transfers (one of each code over time), maybe good ones after,
    then scpad.wait traps with the first bad one's address; clear."""
    rng = g.rng
    k = rng.random()
    if k < 0.15:                            # ERR set by software
        store = rng.random() < 0.5
        addr = rng.getrandbits(32)
        r = g.rand_reg()
        g.li(r, addr)
        g.emit(f"csrw {CSR_SDMA_ERRADDR:#x}, {ABI[r]}")
        g.li(r, 1 | rng.randrange(1, 5) << 1 | store << 4)
        g.emit(f"csrw {CSR_SDMA_STATUS:#x}, {ABI[r]}")
        first = (store, addr)
    else:
        store = rng.choice(sdma_ops(g))
        code = rng.randint(1, 4)
        shape, sp, mm, stride = pick_sdma_bad(g, store, code)
        emit_sdma(g, store, shape, sp, mm, stride)
        first = (store, mm)
        for _ in range(rng.choice([0, 0, 1, 2])):
            if rng.random() < 0.5:
                s2 = rng.choice(sdma_ops(g))
                shape, sp, mm, stride = pick_sdma_bad(g, s2, rng.randint(1, 4))
                emit_sdma(g, s2, shape, sp, mm, stride)
            else:
                s2 = rng.choice(sdma_ops(g))
                shape, sp, mm, stride, shared = pick_sdma_good(g, s2)
                if shared:
                    g.emit("fence")
                emit_sdma(g, s2, shape, sp, mm, stride)
                if shared:
                    g.emit("fence")
    if rng.random() < 0.3:
        g.emit(f"csrr {g.dst()}, {CSR_SDMA_STATUS:#x}")
    arm_mtval(g, first[1])
    trap_site(g, 7 if first[0] else 5)
    emit_wait(g)
    if rng.random() < 0.3:                  # the trap does not clear the status
        arm_mtval(g, first[1])
        trap_site(g, 7 if first[0] else 5)
        emit_wait(g)
    g.emit(f"csrrw {g.dst()}, {CSR_SDMA_STATUS:#x}, zero")
    if rng.random() < 0.5:
        g.emit(f"csrr {g.dst()}, {CSR_SDMA_ERRADDR:#x}")
    if rng.random() < 0.5:
        emit_wait(g)


# --- DDC windows --------------------------------------------------------------------

def item_ddc(g, ctx):
    """A DDC window, tensor accesses in and out of it (the outside ones
    fault), then full access again."""
    t, rng = g.tu, g.rng
    lo = t.region_lo + rng.randrange(-16, 16) * 64
    hi = lo + rng.choice([64, 512, 1024, 2048, 4096]) - 1
    if rng.random() < 0.3:                  # window from inside the scratchpad
        lo = SCPAD_BASE + rng.randrange(0, 2 * SCPAD_HOT, 64)
    perm = rng.choice([3, 3, 3, 1, 2, 0])
    ddc = (lo, hi, perm)
    ra_, rb_ = tmp_regs(g, 2)
    g.li(ra_, lo)
    g.emit(f"csrw {CSR_MDDCBASE:#x}, {ABI[ra_]}")
    g.li(rb_, hi)
    g.emit(f"csrw {CSR_MDDCLIMIT:#x}, {ABI[rb_]}")
    g.emit(f"csrwi {CSR_MDDCPERM:#x}, {perm}")
    tags = Tags(g)
    for _ in range(rng.randint(1, 4)):
        if sdma_ops(g) and "scpad.wait" in t.ops and rng.random() < 0.3 \
                and not g.opts.no_traps:
            store = rng.choice(sdma_ops(g))
            shape, sp, mm, stride, shared = pick_sdma_good(g, store)
            if shared:
                continue
            code = sdma_check(g, ddc, store, shape, sp, mm, stride)
            emit_sdma(g, store, shape, sp, mm, stride)
            if code:
                arm_mtval(g, mm)
                trap_site(g, 7 if store else 5)
                emit_wait(g)
                g.emit(f"csrrw {g.dst()}, {CSR_SDMA_STATUS:#x}, zero")
            continue
        r = rng.randrange(32)
        f = tags.get(r)
        rb, align = row_geom(f)
        write = rng.random() < 0.5
        base, stride, shared = pick_tile_access(g, rb, align, write,
                                                rng.choice(["region", "region", "zone", "scpad"]))
        out = tile_outcome(ddc, base, stride, 16, rb, align, write)
        if out and g.opts.no_traps:
            continue
        emit_tile_mem(g, r, f, write, base, stride, out, False)
    g.emit(f"csrw {CSR_MDDCBASE:#x}, zero")
    g.emit("addi t4, zero, -1")
    g.emit(f"csrw {CSR_MDDCLIMIT:#x}, t4")
    g.emit(f"csrwi {CSR_MDDCPERM:#x}, 3")
    tags.restore()


# --- illegal tensor instructions ------------------------------------------------------

def item_tillegal(g, ctx):
    t, rng = g.tu, g.rng
    tags = Tags(g)
    restore_mcsr = False
    restore_ts = False
    d, a, b = rng.randrange(32), rng.randrange(32), rng.randrange(32)
    kinds = ["funct7", "mbz", "rtype_fmt", "tcvt_fmt", "custom0", "custom1", "custom3",
             "ro_csr", "ts_off", "frm", "mmode3"]
    k = rng.choice(kinds)
    w = None
    if k == "funct7":                       # unlisted R-type class
        w = enc_r(OPC_MINAT, 7, rng.randrange(11, 128), d, a, b)
    elif k == "mbz":                        # must-be-zero fields
        w = rng.choice([
            enc_i(OPC_MINAT, 4, d, (d + rng.randrange(1, 32)) % 32, 0),        # tzero rs1 != rd
            enc_i(OPC_MINAT, 4, d, d, rng.randrange(1, 4096)),                 # tzero imm
            enc_i(OPC_MINAT, 6, d, rng.randrange(32), rng.randrange(1, 4096)),  # tscale imm
            enc_i(OPC_MINAT, 3, d, a, rng.randrange(1, 256) << 4 | rng.randrange(10)),  # tcvt imm
            enc_i(OPC_MINAT, 2, d, d, rng.randrange(5, 8)),                    # tact func
            enc_i(OPC_MINAT, 2, d, (d + 1) % 32, 0),                           # tact rs1 != rd
            enc_i(OPC_MINAT, 2, d, d, 1 << rng.randrange(3, 12)),              # tact imm[11:3]
            enc_i(OPC_MINAT, 5, d, a, 3),                                      # tred op 3
            enc_i(OPC_MINAT, 5, d, a, rng.randrange(1, 1024) << 2),            # tred imm
            enc_r(OPC_MINAT, 7, rng.choice([6, 7]), d, a, rng.randrange(1, 32)),  # trow* rs2
        ])
    elif k == "tcvt_fmt":
        w = enc_i(OPC_MINAT, 3, d, a, rng.randrange(10, 16))
    elif k == "rtype_fmt":                  # domain mixes
        ops = [n for n in TBINARY if n in t.ops] + (["tmma"] if t.has("tmma") else [])
        op = rng.choice(ops) if ops else "tadd"
        if a == d:
            a = (d + 1) % 32
        if b == d:
            b = (d + 2) % 32
        if op == "tmma":
            choice = rng.randrange(3)
            if choice == 0:                 # integer D, INT32 (or float) source
                tags.set(d, rng.choice(INT_FMTS))
                tags.set(a, rng.choice([INT32] + FLOAT_FMTS))
                if b != a:
                    tags.set(b, rng.choice([INT8, INT16]))
            elif choice == 1:               # float D, integer source
                tags.set(d, rng.choice(FLOAT_FMTS))
                tags.set(a, rng.choice(FLOAT_FMTS))
                if b != a:
                    tags.set(b, rng.choice(INT_FMTS))
                else:
                    tags.set(a, rng.choice(INT_FMTS))
            else:                           # integer sources, float D
                tags.set(d, rng.choice(FLOAT_FMTS))
                tags.set(a, rng.choice([INT8, INT16]))
                if b != a:
                    tags.set(b, rng.choice([INT8, INT16]))
            w = enc_r(OPC_MINAT, 7, 1, d, a, b)
        else:
            fd = rng.choice(FLOAT_FMTS + INT_FMTS)
            tags.set(d, fd)
            other = INT_FMTS if is_float(fd) else FLOAT_FMTS
            same = FLOAT_FMTS if is_float(fd) else INT_FMTS
            if op == "tbdiv" and not is_float(fd):
                other = rng.choice([INT_FMTS, FLOAT_FMTS])
            if rng.random() < 0.5 or b == a:
                tags.set(a, rng.choice(other))
                if b != a:
                    tags.set(b, rng.choice(same + other))
            else:
                tags.set(a, rng.choice(same))
                tags.set(b, rng.choice(other))
            w = enc_r(OPC_MINAT, 7, TBINARY[op], d, a, b)
    elif k == "custom0":
        w = rng.choice([enc_r(OPC_SDMA, rng.randrange(3, 8), 0, a, b, d),
                        enc_r(OPC_SDMA, rng.randrange(3), rng.randrange(1, 128), a, b, d),
                        enc_r(OPC_SDMA, 2, 0, rng.randrange(1, 32), 0, 0),
                        enc_r(OPC_SDMA, 2, 0, 0, rng.randrange(1, 32), rng.randrange(32))])
    elif k == "custom1":
        w = rng.choice([enc_r(OPC_AME, 4, rng.randrange(128), d, a, b),
                        enc_r(OPC_AME, 0, rng.randrange(4, 128), d, a, b),
                        enc_r(OPC_AME, rng.randint(1, 3), rng.randrange(1, 128), d, a, b),
                        enc_r(OPC_AME, rng.randint(1, 3), 0, d, a, rng.randrange(1, 32)),
                        enc_i(OPC_AME, rng.randint(5, 7), d, rng.randrange(1, 32), rng.randrange(4096))])
    elif k == "custom3":
        w = rng.choice([enc_r(OPC_TL, rng.randrange(5, 8), rng.randrange(128), d, a, b),
                        enc_r(OPC_TL, 0, rng.choice([0x3A, 0x30, 0x35, 0x00, 0x7F, 0x3F]), d, a, b),
                        enc_r(OPC_TL, 1, rng.choice([0x43, 0x00, 0x44, 0x7F]), d, a, b),
                        enc_r(OPC_TL, 3, rng.choice([0x51, 0x00, 0x7F]), d, a, b),
                        enc_r(OPC_TL, 4, rng.choice([0x50, 0x00, 0x7F]), d, a, b)])
    elif k == "ro_csr":
        csr = rng.choice(T_CSR_RO)
        f3 = rng.choice([1, 5, 2, 3, 6, 7])
        src = rng.randrange(32) if f3 in (1, 5) else rng.randrange(1, 32)
        if f3 in (1, 2, 3) and src in RESERVED + [0]:
            src = g.rand_reg()
        w = enc_csr(f3, csr, g.rand_reg(), src)
    elif k == "ts_off":
        r = g.rand_reg()
        g.li(r, MSTATUS_TS)
        g.emit(f"csrrc {g.dst()}, mstatus, {ABI[r]}")
        if rng.random() < 0.5:
            g.emit(f"csrr {g.dst()}, mstatus")
        restore_ts = True
        cands = [enc_i(OPC_MINAT, 4, d, d, 0), enc_r(OPC_MINAT, 7, 0, d, a, b),
                 enc_i(OPC_MINAT, 0, d, rng.choice(RANDOM_REGS), 64),
                 enc_r(OPC_SDMA, 2, 0, 0, 0, 0), enc_i(OPC_AME, 5, g.rand_reg(), 0, 4),
                 enc_csr(2, rng.choice(T_CSR_READ), g.rand_reg(), 0),
                 enc_csr(1, CSR_MCSR, 0, g.rand_reg()), enc_r(OPC_TL, 2, 0, d, a, 5)]
        w = rng.choice(cands)
    elif k == "frm":                        # reserved mfrm: every rounding instruction traps
        c = rng.randrange(4)
        if a == d:
            a = (d + 1) % 32
        if c == 0:                          # tcvt to a float format
            w = enc_i(OPC_MINAT, 3, d, a, rng.choice(FLOAT_FMTS))
        elif c == 1:                        # float element-wise op
            tags.set(d, FP32)
            tags.set(a, rng.choice(FLOAT_FMTS))
            w = enc_r(OPC_MINAT, 7, rng.choice([0, 2, 3, 4, 5, 8, 9]), d, a, a)
        elif c == 2:                        # tscale of a float tile
            tags.set(d, rng.choice(FLOAT_FMTS))
            w = enc_i(OPC_MINAT, 6, d, g.rand_reg(), 0)
        else:                               # float tmma
            tags.set(d, rng.choice(FLOAT_FMTS))
            tags.set(a, rng.choice(FLOAT_FMTS))
            w = enc_r(OPC_MINAT, 7, 1, d, a, a)
        ia, ib = rng.sample([r for r in range(32) if r not in (d, a)], 2)
        if rng.random() < 0.5:              # integer operands: these do not round
            tags.set(ia, rng.choice(INT_FMTS))
            tags.set(ib, rng.choice(INT_FMTS))
        emit_mcsr_write(g, (legal_mcsr(g) & ~(7 << 6)) | rng.randrange(5, 8) << 6)
        restore_mcsr = True
        if rng.random() < 0.5:              # non-rounding instructions still run
            t_tzero(g, rng.randrange(32))
            if tags.get(ia) in INT_FMTS and tags.get(ib) in INT_FMTS and "tadd" in t.ops:
                tinsn_r(g, 0, ia, ia, ib, f"tadd tr{ia}, tr{ia}, tr{ib}")
                tinsn_i(g, 3, ib, ia, INT16, f"tcvt tr{ib}, tr{ia}, int16")
                tags.cur[ib] = INT16
    else:                                   # mmode = 3 makes tmma illegal
        if a == d:
            a = (d + 1) % 32
        if rng.random() < 0.5:
            tags.set(d, INT32)
            tags.set(a, INT8)
        emit_mcsr_write(g, legal_mcsr(g) | 3)
        restore_mcsr = True
        w = enc_r(OPC_MINAT, 7, 1, d, a, a)
    arm_mtval(g, w)
    trap_site(g, 2)
    tword(g, w, "illegal")
    if restore_ts:
        r = g.rand_reg()
        g.li(r, rng.randint(1, 3) << 23)
        g.emit(f"csrrs {g.dst()}, mstatus, {ABI[r]}")
    if restore_mcsr:
        emit_mcsr_write(g, legal_mcsr(g))
    tags.restore()


# --- TensorLoad and AME (only with --tensor-ops naming them) -------------------------------

def tl_desc(g, good=True):
    rng = g.rng
    if good:
        while True:
            d = [rng.choice([1, 2, 4, 8, 16, rng.randint(1, 16)]) for _ in range(4)]
            if d[0] * d[1] * d[2] * d[3] <= 1024:
                return d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24
    if rng.random() < 0.5:
        d = [rng.randint(1, 8) for _ in range(4)]
        d[rng.randrange(4)] = 0
    else:
        d = [rng.randint(8, 255) for _ in range(4)]
    return d[0] | d[1] << 8 | d[2] << 16 | d[3] << 24


def desc_bytes(w):
    n = 1
    for i in range(4):
        n *= (w >> (8 * i)) & 0xFF
    return n


def item_tl(g, ctx):
    t, rng = g.tu, g.rng
    op = rng.choice([o for o in TL_OPS if o in t.ops])
    trap = rng.random() < 0.5 and not g.opts.no_traps
    g.emit(f"csrwi {CSR_TL_XCFG:#x}, {int(trap)}")
    good = rng.random() < 0.8 or (trap and g.opts.no_traps)
    d, s = rng.randrange(32), rng.randrange(32)
    if op == "tl.addi":
        imm = rng.choice([0, 1, -1, 255, -256, 2047, -2048, rng.randrange(-2048, 2048)])
        tword(g, enc_i(OPC_TL, 2, d, s, imm), f"tl.addi t{d}, t{s}, {imm}")
        return
    if op == "tl.concat":
        desc = tl_desc(g, good)
        r = g.rand_reg()
        g.li(r, desc)
        g.emit(f"csrw {CSR_TL_SHAPE:#x}, {ABI[r]}")
        dd = rng.randrange(3)
        dim = (desc >> (8 * dd)) & 0xFF
        m1 = rng.getrandbits(32) & ((1 << min(dim, 32)) - 1) if dim else 0
        m2 = rng.getrandbits(32) & ((1 << min(dim, 32)) - 1) if dim else 0
        sel = bin(m1).count("1") + bin(m2).count("1")
        for csr, m in ((0x810, m1), (0x811, m2)):
            g.li(r, m)
            g.emit(f"csrw {csr:#x}, {ABI[r]}")
        if good:
            res = desc_bytes(desc) // max(dim, 1) * sel
            good = sel > 0 and res <= 1024
        w = enc_r(OPC_TL, 1, 0x40 | dd, d, s, rng.randrange(32))
        text = f"tl.concat.{dd}"
    elif op == "tl.xpose":
        desc = tl_desc(g, good)
        r = g.rand_reg()
        g.li(r, desc)
        f7 = rng.choice([0x31, 0x32, 0x33, 0x39, 0x3D, 0x3B, 0x34, 0x38, 0x3C, 0x36, 0x37, 0x3E])
        w = enc_r(OPC_TL, 0, f7, d, s, r)
        text = "tl.xpose"
    else:
        store = op == "tl.mstore"
        desc = tl_desc(g, good)
        n = desc_bytes(desc)
        rdsc, r = tmp_regs(g, 2)
        g.li(rdsc, desc)
        mask = rng.getrandbits(32)
        g.li(r, mask)
        g.emit(f"csrw {0x813 if store else 0x812:#x}, {ABI[r]}")
        base = place(g, t.region_lo, t.region_hi, 0, 1, min(n, 1024) if good else 1, 1)
        g.li(R_ADR, base)
        if store:
            w = enc_r(OPC_TL, 4, 0x51, rdsc, s, R_ADR)
        else:
            w = enc_r(OPC_TL, 3, 0x50, d, rdsc, R_ADR)
        text = op
    if not good and trap:
        arm_mtval(g, w)
        trap_site(g, 2)
    tword(g, w, text)
    if not good:
        g.emit(f"csrrw {g.dst()}, 0x803, zero")


AME_CODE = {INT8: 0x10, INT16: 0x20, INT32: 0x40, E4M3: 0x11, E5M2: 0x12, FP4: 0x02,
            FP16: 0x28, BF16: 0x29, TF32: 0x49, FP32: 0x48}
AME_PAIRS = [(INT8, INT8), (INT8, INT16), (INT8, INT32), (INT16, INT16), (INT16, INT32),
             (E4M3, E4M3), (E4M3, E5M2), (E5M2, E4M3), (E5M2, FP16), (E4M3, FP16),
             (FP4, E4M3), (FP4, E5M2), (FP16, FP16), (FP16, FP32), (BF16, BF16),
             (BF16, FP32), (BF16, TF32), (TF32, TF32), (FP32, FP32)]
TILING_SUBOPS = {0: [(0, 0, 0)], 1: [(0, 0, 0), (0, 1, 1), (1, 0, 2), (1, 1, 3)],
                 2: [(0, j, j) for j in range(4)], 3: [(i, 0, i) for i in range(4)],
                 4: [(i, j, 4 * i + j) for i in range(4) for j in range(4)]}
# AME's 4x4 guard passes for results of at most 16 bits; otherwise 2x2.
GUARD_PASSES = {INT8, INT16, E4M3, E5M2, FP16, BF16}


def item_mmacc(g, ctx):
    t, rng = g.tu, g.rng
    i, rf = rng.choice(AME_PAIRS)
    tiling = rng.randrange(4)
    bad = not g.opts.no_traps and rng.random() < 0.2
    cfg = AME_CODE[i] | AME_CODE[rf] << 8 | rng.randrange(4) << 16 | rng.randrange(2) << 19
    guard = rng.random() < 0.25            # guarded 4x4, tiling bits ignored
    tile = 16 | 16 << 8 | tiling << 16 | guard << 18
    if guard:
        tiling = 4 if rf in GUARD_PASSES else 1
    if bad:
        if rng.random() < 0.5:
            tile = rng.randrange(16) | 16 << 8 | (tile & ~0xFF)
        else:
            cfg = 0x48 | 0x10 << 8
    r = g.rand_reg()
    g.li(r, cfg)
    g.emit(f"csrw {CSR_MXCFG:#x}, {ABI[r]}")
    g.li(r, tile)
    g.emit(f"csrw {CSR_MXTILE:#x}, {ABI[r]}")
    subs = TILING_SUBOPS[tiling]
    ma = max(s[0] for s in subs)
    mb = max(s[1] for s in subs)
    mc = max(s[2] for s in subs)
    a, b, c = rng.randrange(32 - ma), rng.randrange(32 - mb), rng.randrange(32 - mc)
    btr = rng.randrange(4)
    w = enc_r(OPC_AME, 0, btr, c, a, b)
    if bad:
        arm_mtval(g, w)
        trap_site(g, 2)
        tword(g, w, f"mmacc t{c}, t{a}, t{b}, {btr} (bad geometry)")
        g.emit(f"csrrw {g.dst()}, {CSR_MXSTATUS:#x}, zero")
        return
    tword(g, w, f"mmacc t{c}, t{a}, t{b}, {btr}")
    for s in subs:                          # every C now has tag RFmt
        cr = c + s[2]
        if t.home[cr] != rf:
            t_tcvt(g, cr, cr, t.home[cr])


# --- fixed parts ---------------------------------------------------------------------------

def tensor_prologue(g):
    """Tensor region image, home tags with data, scratchpad fill, and a
    sweep of every tmma format combination."""
    t = g.tu
    g.raw("    /* tensor region <- rvgen_tregion_init */")
    g.emit("la t0, rvgen_tregion_init", 2)
    g.li(6, t.region_lo)
    g.li(7, t.region_hi)
    g.raw("1:")
    saved = g.weight
    g.weight = TREGION // 32
    for i in range(8):
        g.emit(f"lw {ABI[10 + i]}, {4 * i}(t0)")
    for i in range(8):
        g.emit(f"sw {ABI[10 + i]}, {4 * i}(t1)")
    g.emit("addi t0, t0, 32")
    g.emit("addi t1, t1, 32")
    g.emit("bne t1, t2, 1b")
    g.weight = saved
    g.emit("fence")                         # scalar stores before tensor loads
    g.raw("    /* tensor registers: home tags, data */")
    for r in range(32):
        t_tzero(g, r)
        t_tcvt(g, r, r, t.home[r])
        rb, align = row_geom(t.home[r])
        base, stride, _ = pick_tile_access(g, rb, align, False, "region")
        g.li(R_ADR, base)
        t_tld(g, r, R_ADR, stride)
    if sdma_ops(g) and "scpad.ld" in t.ops:
        g.emit(f"csrw {CSR_SDMA_STRIDE:#x}, zero")
        for bank in range(2):               # the hot 8 KiB of each bank <- region, 2 KiB at a time
            for k in range(SCPAD_HOT // 2048):
                emit_sdma_fixed(g, False, sdma_shape(16, 32, 2),
                                SCPAD_BASE + bank * SCPAD_BANK + 2048 * k,
                                t.region_lo + 64 * (k % 2), 128 if k % 2 == 0 else 64)
    if "tmma" in t.ops:
        tmma_sweep(g)


def emit_sdma_fixed(g, store, shape, sp, mm, stride):
    g.li(10, shape)
    g.li(11, sp)
    g.li(12, mm)
    g.li(13, stride)
    g.emit(f"csrw {CSR_SDMA_STRIDE:#x}, a3")
    tword(g, enc_r(OPC_SDMA, int(store), 0, 10, 11, 12), f"scpad.{'st' if store else 'ld'} a0, a1, a2")


def tmma_sweep(g):
    """Every (D, A, B) format combination tmma accepts, each D format's 49
    (or 4) source pairs chained into one accumulator."""
    t, rng = g.tu, g.rng
    g.raw("    /* tmma sweep: every accepted format combination */")
    regs = rng.sample(range(32), 12)
    src = dict(zip(FLOAT_FMTS + [INT8, INT16], regs[:9]))
    nice = regs[9]
    dreg = regs[10:12]
    tags = Tags(g)
    tags.set(nice, FP32, fresh=True)
    g.li(R_ADR, t.region_lo)
    t_tld(g, nice, R_ADR, 64)               # 256 small FP32 values
    for f, r in src.items():
        t_tcvt(g, r, nice, f)
        tags.cur[r] = f
    if "msettilem" in t.ops:
        full = rng.random() < 0.6
        for w in "mkn":
            emit_msettile(g, w, 16 if full else rng.randint(1, 16))
    emit_mcsr_write(g, legal_mcsr(g))
    for fd in FLOAT_FMTS + INT_FMTS:
        d = rng.choice(dreg)
        tags.set(d, fd, fresh=True)
        ins = FLOAT_FMTS if is_float(fd) else [INT8, INT16]
        for fa in ins:
            for fb in ins:
                t_tmma(g, d, src[fa], src[fb], (fd, fa, fb))
        if fd in (FP32, INT32):
            t.note("tmma_chains", FMT_NAMES[fd])
    if "msettilem" in t.ops:
        # partial tiles: m, n < 16 and k = 0 (the accumulator keeps its bits)
        emit_msettile(g, "m", rng.randint(1, 15))
        emit_msettile(g, "n", rng.randint(1, 15))
        for k in (rng.randint(1, 15), 0):
            emit_msettile(g, "k", k)
            fd = rng.choice([FP32, INT32])
            d = rng.choice(dreg)
            tags.set(d, fd)
            ins = [FP32, BF16, E4M3] if fd == FP32 else [INT8, INT16]
            fa, fb = rng.choice(ins), rng.choice(ins)
            for _ in range(2):
                t_tmma(g, d, src[fa], src[fb], (fd, fa, fb))
    tags.restore()


def tensor_epilogue(g):
    """fence; every tensor register to the dump area (tile bytes of its
    home format); fence; fold the tensor region and the dump into
    rvgen_tpre's sum (folded into the main-memory checksum)."""
    t = g.tu
    g.raw("    /* tensor registers -> dump area, then fold */")
    g.emit("fence")
    g.li(10, t.dump_lo)
    off = 0
    for r in range(32):
        rb, _ = row_geom(t.home[r])
        if off > 2047 - 16 * rb:
            g.emit(f"addi a0, a0, {off}")
            off = 0
        if off:
            g.emit(f"addi t4, a0, {off}")
            t_tst(g, r, R_ADR, rb)
        else:
            t_tst(g, r, 10, rb)
        off += 16 * rb
    g.emit("fence")
    total = sum(16 * row_geom(f)[0] for f in t.home)
    g.emit("addi a2, zero, 0")
    g.emit("addi a3, zero, 0")
    for lo, nbytes in ((t.region_lo, TREGION), (t.dump_lo, total)):
        g.li(10, lo)
        g.li(11, nbytes // 4)
        g.emit("jal ra, rvgen_tfold")
        g.est += nbytes // 32 * 19 + 2
    g.emit("xor a2, a2, a3")
    g.emit(f"sw a2, {T_SUM}(t3)")


def tensor_fold_routine(g):
    g.raw("    /* a2 += even words, a3 ^= odd words (a1 words at a0, a1 % 8 == 0) */\nrvgen_tfold:")
    g.raw("5:")
    regs = ["a4", "a5", "a6", "a7", "t0", "t1", "t2", "t4"]
    for i in range(8):
        g.emit(f"lw {regs[i]}, {4 * i}(a0)", count=False)
    for i in range(8):
        g.emit(f"{'add a2, a2' if i % 2 == 0 else 'xor a3, a3'}, {regs[i]}", count=False)
    g.emit("addi a0, a0, 32", count=False)
    g.emit("addi a1, a1, -8", count=False)
    g.emit("bnez a1, 5b", count=False)
    g.emit("ret", count=False)


def parse_tensor_ops(text):
    ops = []
    for name in (x.strip() for x in text.split(",")):
        if not name:
            continue
        if name == "all":
            ops += TENSOR_OPS_ALL
        elif name in ("default", "rtl"):
            ops += TENSOR_OPS_RTL
        elif name in ("msettile", "msettilemi", "msettileki", "msettileni"):
            ops += ["msettilem", "msettilek", "msettilen"]
        elif name in ("tl", "tensorload"):
            ops += TL_OPS
        elif name in TENSOR_OPS_ALL:
            ops.append(name)
        else:
            raise SystemExit(f"rvgen: --tensor-ops: unknown tensor instruction {name!r} "
                             f"(known: {', '.join(TENSOR_OPS_ALL)}, all, default)")
    if any(m in ops for m in ("msettilem", "msettilek", "msettilen")):
        ops += ["msettilem", "msettilek", "msettilen"]
    ops += TENSOR_OPS_REQUIRED
    return [o for o in TENSOR_OPS_ALL if o in set(ops)]


def tensor_extension(gen):
    o = gen.opts
    gen.tu = TensorState(gen, o.tensor_op_set)
    gen.prologue_hooks.append(tensor_prologue)
    gen.epilogue_hooks.append(tensor_epilogue)
    t = gen.tu
    gen.data_lines += ["    .balign 64", "rvgen_tregion_init:"] + words(t.region_init)
    binary = list(TBINARY) + list(TROW)
    return [
        InsnClass("t_tld_tst", 3, item_tld_tst),
        InsnClass("t_binary", 3, item_binary, needs=tsel(binary)),
        InsnClass("t_tmma", 3, item_tmma, needs=tsel(["tmma"])),
        InsnClass("t_cvt", 2, item_cvt),
        InsnClass("t_msettile", 0.7, lambda g, c: emit_msettile(g, g.rng.choice("mkn")),
                  needs=tsel(["msettilem"])),
        InsnClass("t_mcsr", 1, item_mcsr),
        InsnClass("t_csr", 1.5, item_tcsr),
        InsnClass("t_sdma", 1.5, item_sdma, needs=tsel(["scpad.ld", "scpad.st"])),
        InsnClass("t_ddc", 0.5, item_ddc),
        InsnClass("t_tl", 1, item_tl, needs=tsel(TL_OPS)),
        InsnClass("t_mmacc", 1, item_mmacc, needs=tsel(["mmacc"])),
        InsnClass("t_trap_illegal", 0.8, item_tillegal, causes=[2], needs=no_trap_opt),
        InsnClass("t_trap_tld", 0.4, item_tld_trap, causes=[4, 5], needs=no_trap_opt),
        InsnClass("t_trap_tst", 0.4, item_tst_trap, causes=[6, 7], needs=no_trap_opt),
        InsnClass("t_trap_sdma", 0.4, item_sdma_err, causes=[5, 7],
                  needs=lambda opts: not opts.no_traps and "scpad.wait" in opts.tensor_op_set
                  and any(n in opts.tensor_op_set for n in ("scpad.ld", "scpad.st"))),
    ]


EXTENSIONS = {"tensor": tensor_extension}


# ---------------------------------------------------------------------------
# Illegal encodings: only words no RV32IM + Zicsr implementation decodes
# (never the custom-0..3 opcodes 0x0b/0x2b/0x5b/0x7b of the tensor unit).

UNIMPL_OPCODES = [0x07, 0x27, 0x2F, 0x1B, 0x3B, 0x43, 0x47, 0x4B, 0x4F, 0x53,
                  0x57, 0x6B, 0x77, 0x1F, 0x3F, 0x5F, 0x7F]
# CSRs docs/verification.md lists as not implemented (and S/F/V ones).
UNIMPL_CSRS = [0x310, 0x306, 0x302, 0x303, 0x3A0, 0x3B0, 0x7A5, 0x7B0, 0xF15,
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
    if k == 8:                              # MISC-MEM funct3 other than fence/fence.i
        return rng.getrandbits(17) << 15 | rng.randrange(2, 8) << 12 | rd << 7 | 0x0F
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
        self.tu = None          # TensorState with --tensor
        self.classes = [c for c in BASE_CLASSES if c.needs(opts)]
        for name, ext in EXTENSIONS.items():
            if getattr(opts, name, False):
                self.classes += [c for c in ext(self) if c.needs(opts)]
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
            if slot == S_MAINSUM and self.tu:
                self.emit(f"lw a4, {T_SUM}(t3)")
                self.emit("xor a2, a2, a4")
                self.emit("mul a2, a2, a3")
            self.emit(f"sw a2, {slot}(t3)")
        if self.tu:
            # Expected checksums (--expect): the program checks itself, so a
            # run without lockstep (RTL alone) still fails on a wrong result.
            # Same code with or without --expect: only data words differ.
            self.emit("la a0, rvgen_expect", 2)
            self.emit("lw a1, 0(a0)")
            self.emit("beqz a1, 6f")
            for i, slot in enumerate((S_REGSUM, S_DATASUM, S_MAINSUM)):
                self.emit(f"lw a1, {4 + 4 * i}(a0)")
                self.emit(f"lw a2, {slot}(t3)")
                self.emit("bne a1, a2, 7f")
            self.emit("j 6f")
            self.raw("7:")
            self.emit(f"addi a0, zero, {FAIL_EXPECT}")
            self.emit("j rvgen_fail")
            self.raw("6:")
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
        if self.tu:
            tensor_fold_routine(self)

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
        if self.tu:
            # An armed site (tensor traps) also names the mtval it must give.
            for line in [f"lw t1, {T_XARM}(t3)", "beqz t1, .Lh_log",
                         f"sw zero, {T_XARM}(t3)", "csrr t2, mtval",
                         f"lw t1, {T_XTVAL}(t3)", "beq t1, t2, .Lh_log",
                         f"sw t2, {S_BAD}(t3)", f"addi a0, zero, {FAIL_MTVAL}",
                         "j rvgen_fail"]:
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
        if self.tu:             # keep the scalar region out of the tensor zone and dump area
            zones = (self.tu.zone_i, self.tu.dump_i)
            while page * 4096 // ZONE in zones:
                page = (page + 3 * ZONE // 4096) % (MAIN_SIZE // 4096)
        main_lo = MAIN_BASE + page * 4096 + (4096 - MAIN_REGION if rng.random() < 0.5 else 0)
        if self.tu:
            self.tu.main_lo = main_lo
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
        if 4 * self.static + DATA_SIZE + MAIN_REGION + TREGION + S_END + 4096 > RAM_SIZE:
            raise SystemExit(f"rvgen: --insns {o.insns}: the program does not fit in the "
                             f"{RAM_SIZE // 1024} KiB RAM")

        flags = " ".join(f for f, on in (("--no-traps", o.no_traps), ("--irq", o.irq),
                                         ("--tensor", o.tensor)) if on)
        if o.tensor:
            flags += f" --tensor-ops {','.join(o.tensor_op_set)}"
            if o.expect:
                flags += " --expect"
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
        if self.tu:
            exp = [0, 0, 0, 0]
            if o.expect:
                exp = [1] + [o.expect[(slot - SIG) // 4] for slot in (S_REGSUM, S_DATASUM, S_MAINSUM)]
            out += ["    .balign 16", "rvgen_expect:", f"    .word {', '.join(f'{w:#010x}' for w in exp)}"]
            # rvgen_tpre: tensor sum, expected mtval, mtval check armed (t3 - 12..4)
            out += ["    .balign 64", "    .fill 13, 4, 0", "rvgen_tpre:", "    .word 0, 0, 0"]
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
    ap.add_argument("--tensor", action="store_true",
                    help="mix tensor instructions in (see TENSOR PROGRAMS in the header)")
    ap.add_argument("--tensor-ops", default="default", metavar="LIST",
                    help="comma list of tensor mnemonics; 'default' = what the first RTL "
                         "tensor unit implements, 'all' = every one the golden model has")
    ap.add_argument("--expect", metavar="SIG",
                    help="(--tensor) signature of an earlier run of the same program: "
                         "embed its checksums, the program fails (code 7) if they differ")
    ap.add_argument("--stats", action="store_true",
                    help="print per-class counts to stderr")
    ap.add_argument("-o", "--output", help="output .S (default stdout)")
    opts = ap.parse_args(argv)
    if opts.insns < 0:
        ap.error("--insns must be >= 0")
    opts.tensor_op_set = parse_tensor_ops(opts.tensor_ops)
    if opts.expect:
        if not opts.tensor:
            ap.error("--expect needs --tensor")
        with open(opts.expect, encoding="utf-8") as f:
            opts.expect = [int(w, 16) for w in f.read().split()]
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
        if g.tu:
            for key, items in sorted(g.tu.cover.items()):
                print(f"cover {key} {len(items)}", file=err)
    return 0


if __name__ == "__main__":
    sys.exit(main())
