#!/usr/bin/env python3
"""The long lockstep equivalence campaign: many random programs (tools/rvgen.py),
scalar and tensor mixed, each run on an RTL build in lockstep with the golden
ISS, with the main-memory model stressed. `make campaign` runs it.

    tools/campaign.py [--seeds N] [--seed0 S] [--report FILE]

Seed s (s = seed0 .. seed0 + N - 1) picks its class from s mod 100, so any
seed reproduces alone (the command is printed for every failure):
  * 0..92   the scalar build (mosaic-sim-scalar), SCALAR_INSNS instructions;
            flavour by s mod 10: traps (0..5), no traps (6, 7), timer
            interrupts (8), both (9);
  * 93..97  the 4x4 build (mosaic-sim-4x4), a tensor program (rvgen --tensor);
  * 98, 99  the 16x16 build (mosaic-sim), a tensor program.
(A tensor program takes about ten times a scalar one's time.)
Tensor programs run with main-memory settings drawn from the seed (latency,
bandwidth, bursts in flight, random AXI stalls; see dram_flags). Every program
passes simlib.random_run's checks: no lockstep difference, the program's own
status, and (without interrupts) the RTL's final signature equal to the ISS's.
An --irq program that passes them but took no interrupt (its random code kept
the timer interrupt masked) passes, and is counted in the summary.

Prints progress every PROGRESS seconds, `FAIL:` lines with the reproducing
command, a summary per class, and `N passed, N failed`; writes the summary as
Markdown to --report. Passing programs' files are deleted as they pass; a
failing one's .S/.elf stay in build/sim/random/. Exit status 1 on any failure.
"""
import argparse
import concurrent.futures
import os
import random
import shlex
import sys
import threading
import time

sys.dont_write_bytecode = True
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "sw", "tests", "sim"))
import simlib  # noqa: E402

SCALAR_INSNS = 10_000
# rvgen --tensor carries ~11k fixed instructions (set-up, final dump): 20k
# leaves ~9k random ones, scalar and tensor mixed.
TENSOR_INSNS = 20_000
PROGRESS = 60
CLASSES = ("scalar", "4x4 tensor", "16x16 tensor")


def plan(seed):
    """(class, rvgen flags, instructions, model, extra model options)."""
    k = seed % 100
    if k < 93:
        flags = {8: ["--irq"], 9: ["--irq", "--no-traps"], 6: ["--no-traps"], 7: ["--no-traps"]}.get(seed % 10, [])
        return CLASSES[0], flags, SCALAR_INSNS, simlib.SIM_SCALAR, []
    sim = simlib.SIM_4X4 if k < 98 else simlib.SIM
    return CLASSES[1 if k < 98 else 2], ["--tensor"], TENSOR_INSNS, sim, dram_flags(seed)


def dram_flags(seed):
    """Main-memory stress for one tensor program, from its seed: from none
    to a slow, narrow, serialised memory that withholds half its cycles."""
    r = random.Random(seed)
    return ["--dram-latency", str(r.choice((0, 0, 7, 30, 100, 250))),
            "--dram-bw", str(r.choice((0, 0, 1, 3, 8, 16))),
            "--dram-outstanding", str(r.choice((0, 0, 1, 2, 4))),
            "--dram-stall-pct", str(r.choice((0, 0, 10, 25, 50)))]


def reproduce(seed, flags, insns, sim, extra):
    out = f"build/sim/random/campaign_s{seed}.S"
    gen = shlex.join(["python3", "tools/rvgen.py", "--seed", str(seed), "--insns", str(insns), *flags,
                      "-o", out])
    return (f"{gen} && riscv64-unknown-elf-gcc {' '.join(simlib.RANDOM_CFLAGS)} -T build/sim/random/link.ld "
            f"{out} -o {out[:-2]}.elf && " + " ".join([os.path.relpath(sim, ROOT), "--seed", str(seed), *extra,
                                                        f"{out[:-2]}.elf"]))


def one(seed, rvgen):
    t = time.time()
    cls, flags, insns, sim, extra = plan(seed)
    why, counts, base = simlib.random_run(seed, flags, insns, sim, extra=extra, rvgen=rvgen)
    quiet = why == simlib.NO_IRQ
    if quiet:
        why = None
    if why is None and base:
        for ext in (".S", ".elf", ".rtl.sig", ".iss.sig"):
            if os.path.exists(base + ext):
                os.remove(base + ext)
    return cls, why, quiet, counts, reproduce(seed, flags, insns, sim, extra), time.time() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=10_000, help="programs to run (default 10000)")
    ap.add_argument("--seed0", type=int, default=1_000_000, help="first seed (default 1000000)")
    ap.add_argument("--report", help="write the summary as Markdown here")
    o = ap.parse_args()
    if o.seeds < 1 or o.seed0 < 1:
        ap.error("--seeds and --seed0 must be positive")
    for b in (simlib.SIM, simlib.SIM_4X4, simlib.SIM_SCALAR, simlib.ISS):
        if not os.access(b, os.X_OK):
            print(f"FAIL: setup: {b} not built (make campaign builds it)")
            print("0 passed, 1 failed")
            return 1
    rvgen = simlib._rvgen_module()
    workers = simlib.jobs()
    seeds = range(o.seed0, o.seed0 + o.seeds)
    print(f"campaign: {o.seeds} programs from seed {o.seed0} on {workers} workers", flush=True)
    t0 = last = time.time()
    tot = {c: [0, 0, 0, 0, 0, 0] for c in CLASSES}  # programs, failed, retired, trapped, irqs, cycles
    todo = {c: sum(1 for s in seeds if plan(s)[0] == c) for c in CLASSES}
    busy = {c: 0.0 for c in CLASSES}  # seconds the class's programs took
    lock = threading.Lock()
    done = failed = quiet_irq = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        # Tensor programs take seconds, scalar ones a fraction: start the
        # tensor ones first so no worker idles at the end.
        order = sorted(seeds, key=lambda s: plan(s)[0] == CLASSES[0])
        futs = {pool.submit(one, s, rvgen): s for s in order}
        for fut in concurrent.futures.as_completed(futs):
            seed = futs[fut]
            cls, why, quiet, counts, repro, secs = fut.result()
            with lock:
                busy[cls] += secs
                quiet_irq += quiet
                t = tot[cls]
                t[0] += 1
                for i, v in enumerate(counts):
                    t[2 + i] += v
                done += 1
                if why:
                    t[1] += 1
                    failed += 1
                    print(f"FAIL: seed {seed} ({cls}): {why}\n  reproduce: {repro}", flush=True)
                now = time.time()
                if now - last >= PROGRESS or done == o.seeds:
                    last = now
                    insns = sum(v[2] for v in tot.values())
                    # Each class at its own pace so far (tensor programs
                    # run first and take ten times as long as scalar ones).
                    eta = sum(busy[c] / tot[c][0] * (todo[c] - tot[c][0]) if tot[c][0]
                              else busy[CLASSES[1]] / max(1, tot[CLASSES[1]][0]) / 10 * todo[c]
                              for c in CLASSES) / workers
                    print(f"campaign: {done}/{o.seeds} programs, {insns:,} instructions, {failed} failed, "
                          f"{(now - t0) / 60:.1f} min, about {eta / 60:.0f} min left", flush=True)
    wall = time.time() - t0
    rows = ["| class | programs | failed | instructions retired | traps | interrupts | cycles |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for c in CLASSES:
        n, f, r, tr, irq, cyc = tot[c]
        rows.append(f"| {c} | {n:,} | {f} | {r:,} | {tr:,} | {irq:,} | {cyc:,} |")
    n, f, r, tr, irq, cyc = (sum(v[i] for v in tot.values()) for i in range(6))
    rows.append(f"| all | {n:,} | {f} | {r:,} | {tr:,} | {irq:,} | {cyc:,} |")
    summary = (f"`tools/campaign.py --seeds {o.seeds} --seed0 {o.seed0}`: seeds {o.seed0}..{o.seed0 + o.seeds - 1}, "
               f"{workers} workers, {wall / 60:.1f} min wall\n\n" + "\n".join(rows) + "\n\n"
               f"--irq programs that passed without taking an interrupt: {quiet_irq}\n")
    print(summary)
    if o.report:
        os.makedirs(os.path.dirname(os.path.abspath(o.report)), exist_ok=True)
        with open(o.report, "w") as f:
            f.write(summary)
    print(f"{o.seeds - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
