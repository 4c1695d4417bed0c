#!/usr/bin/env python3
"""Simulation speed of the Verilator models (make sim-bench): a benchmark,
not a test.

    tools/sim_bench.py [--max-cycles N] [--no-header] NAME=SIM ... -- PROG.elf ...

Runs every program on every model, in lockstep with the ISS and RTL only
(--no-cosim), one at a time, and prints a Markdown table of simulated
cycles per CPU-second of the simulator process (user + system time, so the
figure does not depend on what else the machine runs; wall time is shown
beside it). --no-header continues an earlier table (another set of models
and programs). --max-cycles bounds each run (the program then stops early
with exit status 3, which still measures its speed). Exits non-zero if a
run fails or prints no cycle count.
"""
import argparse
import os
import platform
import re
import resource
import subprocess
import sys
import time


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def run(sim, prog, mode, max_cycles):
    cmd = [sim, "--stats", "--max-cycles", str(max_cycles), *mode, prog]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"^cycles: (\d+)", p.stderr, re.M)
    # 0 = the program ended, 3 = --max-cycles stopped it: both measured.
    if p.returncode not in (0, 3) or not m:
        tail = p.stderr.strip().splitlines()[-1:] or ["no output"]
        sys.exit(f"sim_bench: {' '.join(cmd)}: exit {p.returncode}: {tail[0]}")
    return int(m.group(1)), cpu, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--max-cycles", type=int, default=2_000_000)
    ap.add_argument("--no-header", action="store_true")
    ap.add_argument("args", nargs="+", help="NAME=SIM ... -- PROG.elf ...")
    a = ap.parse_args()
    if "--" not in sys.argv:
        ap.error("give models, then --, then programs")
    sims = [x for x in a.args if "=" in x]
    progs = [x for x in a.args if "=" not in x]
    if not sims or not progs:
        ap.error("need at least one NAME=SIM and one program")
    for x in sims:
        if not os.access(x.split("=", 1)[1], os.X_OK):
            sys.exit(f"sim_bench: {x.split('=', 1)[1]}: no such simulator")
    for x in progs:
        if not os.path.isfile(x):
            sys.exit(f"sim_bench: {x}: no such program")
    if not a.no_header:
        print(f"machine: {os.cpu_count()} cores, {cpu_model()}; cycles per CPU-second of the "
              f"simulator (wall in parentheses); at most {a.max_cycles} cycles a run\n")
        print("| model | program | cycles | lockstep | RTL only (`--no-cosim`) |")
        print("|---|---|---|---|---|")
    for s in sims:
        name, sim = s.split("=", 1)
        for prog in progs:
            cells = []
            for mode in ([], ["--no-cosim"]):
                cycles, cpu, wall = run(sim, prog, mode, a.max_cycles)
                cells.append(f"{cycles / max(cpu, 1e-3) / 1e3:,.0f} k ({wall:.1f} s)")
            print(f"| {name} | {os.path.basename(prog)} | {cycles} | {cells[0]} | {cells[1]} |",
                  flush=True)


if __name__ == "__main__":
    main()
