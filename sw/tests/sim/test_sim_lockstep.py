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

A program passes when lockstep reports no difference and it ends in pass
(exit status 0). Programs that use the tensor unit (custom-0..3 opcodes or
tensor CSRs in their code) are excluded while the SoC has none attached:
they are counted on an INFO line, not as passes.
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
RVGEN = os.path.join(ROOT, "tools", "rvgen.py")
OUT = os.path.join(BUILD, "sim", "random")
CC = os.environ.get("RANDOM_CC", "riscv64-unknown-elf-gcc")
CFLAGS = ["-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
          "-Wl,--no-warn-rwx-segments"]
# (seed, generator flags, instructions); fixed so a failure reproduces.
CAMPAIGN = ([(s, [], 20000) for s in range(1, 41)] +
            [(s, ["--no-traps"], 20000) for s in (101, 102)] +
            [(s, ["--irq"], 20000) for s in (201, 203, 204, 205, 206)] +
            [(202, ["--irq", "--no-traps"], 20000)] +
            [(s, [], 100000) for s in (301, 302)] + [(303, ["--irq"], 100000)])

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


def run_program(name, elf, extra=()):
    rc, out, err = simlib.run([SIM, "--max-cycles", str(MAX_CYCLES), *extra, elf], timeout=600)
    if rc is None:
        return report(name, "timed out")
    if "LOCKSTEP MISMATCH" in err:
        return report(name, f"exit {rc}: {mismatch_summary(err)}")
    if rc != 0:
        return report(name, f"exit {rc}: {simlib.first_lines(err, 4)}")
    report(name, None)


def program_list(pattern):
    progs, excluded = [], []
    for elf in sorted(glob.glob(os.path.join(BUILD, pattern))):
        custom, csr = simlib.tensor_use(elf)
        (excluded if custom or csr else progs).append(elf)
    return progs, excluded


def suite_programs():
    for label, pattern in (("isa", "isa/*.elf"), ("sw", "sw/*.elf"), ("sw/tests", "sw/tests/*.elf")):
        progs, excluded = program_list(pattern)
        if not progs and not excluded:
            report(f"{label}: programs", f"none in {os.path.join(BUILD, pattern)} (make isa-tests sw)")
            continue
        for elf in progs:
            name = os.path.splitext(os.path.basename(elf))[0]
            run_program(f"{label}/{name}", elf)
        if excluded:
            print(f"INFO: {label}: {len(excluded)} programs use the tensor unit and are not run "
                  f"(no tensor unit in the RTL yet): "
                  + ", ".join(os.path.splitext(os.path.basename(e))[0] for e in excluded))
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


def random_campaign():
    spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
    rvgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rvgen)
    os.makedirs(OUT, exist_ok=True)
    lds = os.path.join(OUT, "link.ld")
    rc, _, err = simlib.run([CC, "-E", "-P", "-undef", "-x", "c", "-I" + os.path.join(ROOT, "sw", "golden"),
                             os.path.join(ROOT, "sw", "tests", "random", "link.ld.S"), "-o", lds])
    if rc != 0:
        return report("random: linker script", err.strip())
    for seed, flags, insns in CAMPAIGN:
        name = f"random seed {seed}{''.join(' ' + f for f in flags)}, {insns // 1000}k"
        base = os.path.join(OUT, f"i{insns}_s{seed}{''.join(f.replace('--', '_') for f in flags)}")
        rc, _, err = simlib.run([sys.executable, RVGEN, "--seed", str(seed), "--insns", str(insns),
                                 *flags, "-o", base + ".S"])
        if rc != 0:
            report(name, f"rvgen exit {rc}: {err.strip()}")
            continue
        rc, _, err = simlib.run([CC, *CFLAGS, "-T", lds, base + ".S", "-o", base + ".elf"])
        if rc != 0:
            report(name, f"assembler: {simlib.first_lines(err, 2)}")
            continue
        # The program's seed also seeds the model's random initial state.
        rc, out, err = simlib.run([SIM, "--stats", "--seed", str(seed), "--max-cycles", str(MAX_CYCLES),
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


def main():
    t0 = time.time()
    if not os.access(SIM, os.X_OK):
        print(f"FAIL: setup: {SIM} not built (make sim)")
        return 1
    suite_programs()
    seeds()
    random_campaign()
    print(f"lockstep: {passed} passed, {failed} failed in {time.time() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
