#!/usr/bin/env python3
"""Fault check: lockstep must catch a real RTL bug and say where it is.

build/tb/verilator/mosaic-sim-mutant (`make sim-mutant`) is mosaic-sim
built against RTL with one injected bug: the core's MOSAIC_INJECT_BUG hook
if rtl/core/mosaic_core*.sv has one, otherwise a copy of mosaic_core_alu.sv whose
XOR computes OR (tb/verilator.mk). The mutant build of the FPGA
configuration carries a tensor datapath bug (one PE ignores the rounding
mode: a random tensor program must expose it) and three SoC-level bugs picked one at a time by
MOSAIC_MUTANT (rtl/prim/mosaic_mutant.svh): a core store written wrong into
the RAM (the report must stop at the load that reads it), an SDMA byte
written wrong (the SDMA instruction and the memory byte named), an
instruction of the reduction engine (tred, trowmax, trowsum, tact, tbdiv)
never dispatched (a hang report naming a reduction-engine instruction as
the oldest tensor instruction not completed). The
scalar ISA programs run on both
builds: every one passes on mosaic-sim, at least one stops on the mutant
with exit status 1 and a mismatch report a person can act on (cycle,
instruction, pc and disassembly, a field table with both values, the last
instructions with the mismatching one marked, reproduce lines). With the
XOR mutant the report must name the xor and its rd write. A run with DRAM
options and --load must reproduce from its own reproduce line.
Prints `PASS: name` / `FAIL: name: why`.
"""
import glob
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

TALLY = simlib.Tally()
check = TALLY.check


def report_problems(err, elf):
    """What a mismatch report lacks (empty list: readable)."""
    need = [
        ("header", r"^mosaic-sim: LOCKSTEP MISMATCH at cycle \d+, instruction \d+$"),
        ("pc and disassembly", r"^  pc 0x[0-9a-f]{8}  0x[0-9a-f]{8} \S+"),
        ("field table", r"^  field +ISS \(expected\) +RTL \(actual\)$"),
        ("a differing field", r"^  (?!field)\S.*\S {2,}\S"),
        ("history", r"^last \d+ instructions as the RTL retired them"),
        ("marked instruction", r"^> +\d+ +\d+  [0-9a-f]{8}  [0-9a-f]{8}  \S"),
        ("reproduce line", r"^reproduce: \S+ --seed \d+ " + re.escape(elf) + "$"),
        ("waveform line", r"^waveform: +\S+ --seed \d+ --fst \S+ --fst-start \d+ "),
    ]
    return [what for what, rx in need if not re.search(rx, err, re.M)]


def reproduce(elf):
    """A run with DRAM options and a --load: its reproduce line names them,
    and running that line stops at the same cycle and instruction."""
    data = os.path.join(simlib.BUILD, "tests", "mutant_load.bin")
    os.makedirs(os.path.dirname(data), exist_ok=True)
    with open(data, "wb") as f:
        f.write(bytes(range(64)))
    args = ["--dram-latency", "7", "--dram-bw", "5", "--load", f"{data}@0x40800000"]
    bad, _, err = simlib.run([simlib.SIM_MUTANT] + args + [elf])
    line = re.search(r"^reproduce: (.*)$", err, re.M)
    head = re.search(r"^mosaic-sim: LOCKSTEP MISMATCH at .*$", err, re.M)
    want = f"{simlib.SIM_MUTANT} --seed 1 {' '.join(args)} {elf}"
    if not (bad == 1 and line and head and line.group(1) == want):
        return check("reproduce line names the DRAM options and --load", False,
                     f"exit {bad}: {line.group(0) if line else simlib.first_lines(err, 4)}")
    again, _, err2 = simlib.run(line.group(1).split())
    head2 = re.search(r"^mosaic-sim: LOCKSTEP MISMATCH at .*$", err2, re.M)
    check("reproduce line names the DRAM options and --load, and reproduces the mismatch",
          again == 1 and head2 and head2.group(0) == head.group(0),
          f"exit {again}: {head2.group(0) if head2 else simlib.first_lines(err2, 4)} "
          f"(first run: {head.group(0)})")


def tensor_mutant():
    """The tensor datapath mutant (one PE of the FPGA configuration's 4x4
    array ignores the rounding mode): random tensor programs, whose tmma
    use random rounding modes, pass on that configuration's build and stop
    on the mutant at a tensor register compare."""
    for b in (simlib.SIM_FPGA, simlib.SIM_TMUTANT):
        if not os.access(b, os.X_OK):
            return check("tensor mutant: setup", False, f"{b} not built (make test builds it)")
    for seed in (31, 32, 33):
        base, why = simlib.build_random(seed, ["--tensor"], 30000)
        if why:
            return check(f"tensor mutant: seed {seed}", False, why)
        elf = base + ".elf"
        good, _, gerr = simlib.run([simlib.SIM_FPGA, elf], timeout=600)
        if good != 0:
            return check(f"tensor mutant: seed {seed} on the FPGA configuration", False,
                         f"exit {good}: {simlib.first_lines(gerr, 6)}")
        bad, _, err = simlib.run([simlib.SIM_TMUTANT, elf], timeout=600)
        if "LOCKSTEP MISMATCH" not in err:
            print(f"INFO: tensor mutant: seed {seed} does not exercise the bug (exit {bad})")
            continue
        missing = report_problems(err, elf)
        named = re.search(r"tensor instruction #\d+ \(seq \d+\) pc 0x[0-9a-f]{8} \S+.*tr\d+ byte \d+", err)
        return check(f"tensor mutant caught (seed {seed}): exit 1, tensor register named, readable report",
                     bad == 1 and named is not None and not missing,
                     f"exit {bad}, named {named is not None}, report lacks {missing}: "
                     f"{simlib.first_lines(err, 8)}")
    check("tensor mutant caught", False, "no seed of 31..33 exercised the injected bug")


def _mnemonic(err, rx):
    m = re.search(rx, err, re.M)
    return m.group(1) if m else None


# The SoC-level bugs of the mutant build (rtl/prim/mosaic_mutant.svh),
# one at a time by MOSAIC_MUTANT: (number, what, program under build/sw,
# the check of (exit status, stderr) -> what is wrong or ""). The programs
# are short on the FPGA configuration: spec_minat reaches a reduction
# instruction as test_minat does, in a seventh of its run.
def _store_caught(rc, err):
    # RVFI shows the store's right data; the RAM holds a wrong byte, so the
    # first load of it must be the reported instruction.
    mn = _mnemonic(err, r"^  pc 0x[0-9a-f]{8}  0x[0-9a-f]{8} (\S+)")
    if rc != 1 or mn not in ("lb", "lbu", "lh", "lhu", "lw"):
        return f"exit {rc}, reported instruction {mn}, want exit 1 at a load"
    return ""


def _sdma_caught(rc, err):
    m = re.search(r"tensor instruction #\d+ \(seq \d+\) pc 0x[0-9a-f]{8} (\S+) .*"
                  r"memory byte 0x[0-9a-f]{8} differs", err)
    if rc != 1 or not m or not m.group(1).startswith("scpad."):
        return f"exit {rc}, want exit 1 and an SDMA instruction's memory byte named"
    return ""


def _hang_caught(rc, err):
    m = re.search(r"^mosaic-sim: oldest tensor instruction not completed: pc 0x[0-9a-f]{8} (\S+)",
                  err, re.M)
    # The reduction engine's instructions (mosaic_tu h_red).
    if (rc != 3 or "no instruction retired" not in err or not m
            or not m.group(1).startswith(("tred", "trowmax", "trowsum", "tact", "tbdiv"))):
        return (f"exit {rc}, oldest pending {m.group(1) if m else None}, want exit 3, a hang, "
                "a reduction-engine instruction")
    return ""


SOC_MUTANTS = [
    (1, "a core store written wrong into the RAM", "tests/test_runtime.elf", _store_caught),
    (2, "an SDMA write beat with a wrong byte", "tests/test_sdma.elf", _sdma_caught),
    (3, "a reduction-engine instruction never dispatched", "spec_minat.elf", _hang_caught),
]


def soc_mutants():
    """Each SoC-level bug: the program passes on the FPGA configuration's
    build, and stops with the right report on the mutant build with it."""
    for b in (simlib.SIM_FPGA, simlib.SIM_TMUTANT):
        if not os.access(b, os.X_OK):
            return check("SoC mutants: setup", False, f"{b} not built (make test builds it)")
    for num, what, prog, caught in SOC_MUTANTS:
        elf = os.path.join(simlib.BUILD, "sw", prog)
        good, _, gerr = simlib.run([simlib.SIM_FPGA, elf], timeout=600)
        if good != 0:
            check(f"SoC mutant {num}: {prog} on the FPGA configuration", False,
                  f"exit {good}: {simlib.first_lines(gerr, 6)}")
            continue
        env = dict(os.environ, MOSAIC_MUTANT=str(num))
        bad, _, err = simlib.run([simlib.SIM_TMUTANT, elf], timeout=600, env=env)
        why = caught(bad, err or "")
        if not why and num != 3:
            missing = report_problems(err, elf)
            why = f"report lacks {missing}" if missing else ""
        check(f"SoC mutant {num} ({what}) caught by {prog}", not why,
              f"{why}: {simlib.first_lines(err, 8)}")


def main():
    for b in (simlib.SIM, simlib.SIM_MUTANT):
        if not os.access(b, os.X_OK):
            print(f"FAIL: setup: {b} not built (make sim sim-mutant)")
            return 1
    hook = any("MOSAIC_INJECT_BUG" in open(p).read()
               for p in glob.glob(os.path.join(simlib.ROOT, "rtl", "core", "mosaic_core*.sv")))
    print(f"INFO: mutant = {'the core MOSAIC_INJECT_BUG hook' if hook else 'ALU XOR computes OR'}")
    tensor_mutant()
    soc_mutants()
    progs = [p for p in sorted(glob.glob(os.path.join(simlib.BUILD, "isa", "*.elf")))
             if simlib.tensor_use(p) == (0, 0)]
    progs.append(os.path.join(simlib.PROGS, "sim_demo.elf"))
    caught = []
    for elf in progs:
        name = os.path.splitext(os.path.basename(elf))[0]
        good, _, gerr = simlib.run([simlib.SIM, elf])
        bad, _, err = simlib.run([simlib.SIM_MUTANT, elf])
        if "LOCKSTEP MISMATCH" in gerr:
            # A real mismatch on the unmodified RTL is another suite's
            # failure; it says nothing about the mutant.
            print(f"INFO: {name}: mismatch on the unmodified RTL too, not used here")
            continue
        if "LOCKSTEP MISMATCH" not in err:
            print(f"INFO: {name}: the injected bug is not exercised (exit {bad})")
            continue
        caught.append(name)
        missing = report_problems(err, elf)
        check(f"{name}: mutant caught, exit 1, readable report", bad == 1 and not missing,
              f"exit {bad}, report lacks {missing}: {simlib.first_lines(err, 8)}")
        if not hook:
            m = re.search(r"^  pc 0x[0-9a-f]{8}  0x[0-9a-f]{8} (\S+)", err, re.M)
            row = re.search(r"^  rd write +(\w+)=0x([0-9a-f]{8}) +(\w+)=0x([0-9a-f]{8})$", err, re.M)
            ok = m and m.group(1) in ("xor", "xori") and row and row.group(1) == row.group(3)
            if ok:
                e, a = int(row.group(2), 16), int(row.group(4), 16)
                ok = e != a and (a & ~e) != 0 and (a & e) == e  # OR sets extra bits, never clears
            check(f"{name}: report names the xor and its rd write (OR instead of XOR)", ok,
                  simlib.first_lines(err, 4))
    check("the mutant is caught by at least one program", caught, "no program exposed the injected bug")
    if caught:
        reproduce(os.path.join(simlib.BUILD, "isa", caught[0] + ".elf")
                  if caught[0] != "sim_demo" else os.path.join(simlib.PROGS, "sim_demo.elf"))
    if not hook:
        check("rv32i_alu catches the XOR mutant", "rv32i_alu" in caught, f"caught by {caught}")
    print(f"mutant: {TALLY.passed} passed, {TALLY.failed} failed; caught by {len(caught)} of {len(progs)} programs")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
