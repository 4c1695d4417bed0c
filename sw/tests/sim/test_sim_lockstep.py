#!/usr/bin/env python3
"""Programs on the RTL in lockstep with the ISS (build/bin/mosaic-sim).

  * every ISA-suite program (build/isa/*.elf),
  * the target examples and tests (build/sw/*.elf, build/sw/tests/*.elf) and
    the scalar demo (build/sim/sim_demo.elf),
  * a random campaign (tools/rvgen.py, CAMPAIGN): 40 seeds x 20k
    instructions with traps, 2 without, 6 with timer interrupts, 3 of 100k;
    without interrupts the RTL's final signature must also equal the ISS's;
    each runs with --seed = its generator seed,
  * three ISA programs again under other --seed values (random initial
    state of every non-reset flop).

  * a random tensor campaign (rvgen --tensor, the op set the RTL implements),
  * the GEMM example and a random tensor program on the 4x4-array build
    (build/bin/mosaic-sim-4x4).

A program passes when lockstep reports no difference and it ends in pass
(exit status 0).
Prints `PASS: name` / `FAIL: name: why`.
"""
import glob
import importlib.util
import os
import re
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

ROOT, BUILD, SIM, ISS = simlib.ROOT, simlib.BUILD, simlib.SIM, simlib.ISS
MAX_CYCLES = 20_000_000
RVGEN = simlib.RVGEN
# (seed, generator flags, instructions); fixed so a failure reproduces.
CAMPAIGN = ([(s, [], 20000) for s in range(1, 41)] +
            [(s, ["--no-traps"], 20000) for s in (101, 102)] +
            [(s, ["--irq"], 20000) for s in (201, 203, 204, 205, 206)] +
            [(202, ["--irq", "--no-traps"], 20000)] +
            [(s, [], 100000) for s in (301, 302)] + [(303, ["--irq"], 100000)])
# Tensor programs (the default --tensor-ops: what the RTL implements). A
# tensor program carries ~11k fixed instructions, so 30k leaves ~19k random.
TENSOR_CAMPAIGN = [(s, ["--tensor"], 30000) for s in range(1, 4)]
TENSOR_4X4 = [(s, ["--tensor"], 30000) for s in (21, 22)]
# Programs that use the tensor unit run on this build; scalar ones on the
# scalar build (simlib.SIM_SCALAR), which is hundreds of times faster.
TENSOR_SIM = simlib.SIM_4X4

failed = passed = 0


def report(name, why, note=""):
    global failed, passed
    if why:
        failed += 1
        print(f"FAIL: {name}: {why}")
    else:
        passed += 1
        print(f"PASS: {name}{note}")
    sys.stdout.flush()


def mismatch_summary(err):
    lines = err.strip().splitlines()
    for i, line in enumerate(lines):
        if "LOCKSTEP MISMATCH" in line:
            return " | ".join(lines[i:i + 6])
    return simlib.first_lines(err, 4)


def run_program(name, elf, extra=(), sim=None):
    if sim is None:
        custom, csr = simlib.tensor_use(elf)
        sim = TENSOR_SIM if custom or csr else simlib.SIM_SCALAR
    rc, out, err = simlib.run([sim, "--max-cycles", str(MAX_CYCLES), *extra, elf], timeout=900)
    if rc is None:
        return report(name, "timed out")
    if "LOCKSTEP MISMATCH" in err:
        return report(name, f"exit {rc}: {mismatch_summary(err)}")
    if rc != 0:
        return report(name, f"exit {rc}: {simlib.first_lines(err, 4)}")
    report(name, None)


# The full GEMM example runs 43 M instructions and spec_ame 23 M (their
# soft-float references): hours on the RTL. The *_rtl.elf builds are the
# same programs sized for simulation.
TOO_LONG = {"gemm", "spec_ame"}


def program_list(pattern):
    progs = []
    for elf in sorted(glob.glob(os.path.join(BUILD, pattern))):
        if os.path.splitext(os.path.basename(elf))[0] in TOO_LONG:
            print(f"INFO: {elf}: not run on the RTL (too long; its _rtl.elf build is)")
            continue
        progs.append(elf)
    return progs


def suite_programs():
    for label, pattern in (("isa", "isa/*.elf"), ("sw", "sw/*.elf"), ("sw/tests", "sw/tests/*.elf")):
        progs = program_list(pattern)
        if not progs:
            report(f"{label}: programs", f"none in {os.path.join(BUILD, pattern)} (make isa-tests sw)")
            continue
        for elf in progs:
            name = os.path.splitext(os.path.basename(elf))[0]
            run_program(f"{label}/{name}", elf)
    # A few short tensor programs on the 16x16 build too (the rest run on
    # the 4x4 build: the 16x16 model simulates about 4x slower).
    for name in ("sw/spec_tensorload", "sw/tests/test_runtime", "sw/hello"):
        elf = os.path.join(BUILD, name + ".elf")
        if os.path.exists(elf):
            run_program(f"16x16: {name}", elf, sim=SIM)
    demo = os.path.join(simlib.PROGS, "sim_demo.elf")
    if not os.path.exists(demo):
        return report("sim_demo", f"{demo} not built (make sim-progs)")
    rc, out, err = simlib.run([SIM, demo])
    report("sim_demo", None if rc == 0 and "PASS: sim_demo" in out and "hello" in out
           else f"exit {rc}, stdout {simlib.first_lines(out)!r}: {mismatch_summary(err)}")


def seeds():
    for name in ("rv32i_mem", "rv32m", "traps"):
        elf = os.path.join(BUILD, "isa", name + ".elf")
        for seed in (2, 77, 4000000000):
            if os.path.exists(elf):
                run_program(f"isa/{name} --seed {seed}", elf, extra=("--seed", str(seed)))


def random_campaign(campaign, sim=SIM, label=""):
    spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
    rvgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rvgen)
    for seed, flags, insns in campaign:
        name = f"{label}random seed {seed}{''.join(' ' + f for f in flags)}, {insns // 1000}k"
        base, why = simlib.build_random(seed, flags, insns)
        if why:
            report(name, why)
            continue
        # The program's seed also seeds the model's random initial state.
        rc, out, err = simlib.run([sim, "--stats", "--seed", str(seed), "--max-cycles", str(MAX_CYCLES),
                                   "--signature", base + ".rtl.sig", base + ".elf"], timeout=600)
        if rc != 0 or "LOCKSTEP MISMATCH" in err:
            report(name, f"exit {rc}: {mismatch_summary(err)}")
            continue
        m = re.search(r"instructions: (\d+) retired, (\d+) trapped, (\d+) interrupts", err)
        if not m:
            report(name, "no --stats line")
            continue
        retired, trapped, irqs = map(int, m.groups())
        with open(base + ".rtl.sig") as f:
            sig = [int(w, 16) for w in f.read().split()]
        status = sig[(rvgen.S_STATUS - rvgen.SIG) // 4]
        if status != 1:
            report(name, f"signature status {status}")
            continue
        if "--irq" in flags:
            report(name, None if irqs > 0 else "no timer interrupt was taken",
                   f" ({retired} retired, {trapped} traps, {irqs} interrupts)")
            continue
        rc, _, err = simlib.run([ISS, "--signature", base + ".iss.sig", base + ".elf"])
        if rc != 0:
            report(name, f"mosaic-iss exit {rc}: {err.strip()}")
            continue
        same = open(base + ".iss.sig").read() == open(base + ".rtl.sig").read()
        report(name, None if same else "RTL and ISS signatures differ",
               f" ({retired} retired, {trapped} traps)")


def small_array():
    """The 4x4-array build (a 16x16 tile is 16 block passes there) runs the
    tensor programs of suite_programs; here also random tensor programs."""
    if not os.access(simlib.SIM_4X4, os.X_OK):
        return report("4x4: setup", f"{simlib.SIM_4X4} not built (make sim-4x4)")
    random_campaign(TENSOR_4X4, simlib.SIM_4X4, "4x4: ")
    # The same programs with a slow, randomly stalling main memory (every
    # tensor-unit burst: 25 % of AXI cycles withheld, 30 cycles latency).
    for seed, flags, insns in TENSOR_4X4:
        base, why = simlib.build_random(seed, flags, insns)
        if why:
            report(f"4x4 slow DRAM: seed {seed}", why)
            continue
        run_program(f"4x4 slow DRAM: random seed {seed} --tensor", base + ".elf",
                    extra=("--dram-latency", "30", "--dram-stall-pct", "25", "--seed", str(seed)),
                    sim=simlib.SIM_4X4)


def main():
    t0 = time.time()
    for b in (SIM, simlib.SIM_SCALAR, simlib.SIM_4X4):
        if not os.access(b, os.X_OK):
            print(f"FAIL: setup: {b} not built (make test builds it)")
            return 1
    suite_programs()
    seeds()
    random_campaign(CAMPAIGN, simlib.SIM_SCALAR)
    random_campaign(TENSOR_CAMPAIGN)
    small_array()
    print(f"lockstep: {passed} passed, {failed} failed in {time.time() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
