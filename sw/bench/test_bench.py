#!/usr/bin/env python3
"""The tensor-unit benchmarks run to completion on mosaic-iss.

Benchmarks, not tests: this only checks that each build/sw/bench/*.elf exits
0 and prints one well-formed BENCH line for every case its source names
(the "tmma_..." / "ame_..." / "cpi_..." string literals in sw/bench/<name>.c), and that
tools/perf.py turns them into a table. One `PASS: name` / `FAIL: name: why`
per program.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
FIELDS = ["n", "cycles", "insns", "tensor_insns", "mac_busy", "macs", "conflicts", "tu_stalls"]


def check(src):
    name = os.path.splitext(os.path.basename(src))[0]
    elf = os.path.join(BUILD, "sw", "bench", name + ".elf")
    if not os.path.exists(elf):
        return name, f"{elf} not built (make bench-elfs)"
    with open(src, encoding="utf-8") as f:
        want = sorted(set(re.findall(r'"((?:tmma|ame|cpi)_[\w.]+)"', f.read())))
    if not want:
        return name, "the source names no case"
    try:
        p = subprocess.run([ISS, "--max-insns", "5000000", elf], capture_output=True,
                           text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return name, "timed out"
    if p.returncode != 0:
        tail = (p.stdout + p.stderr).strip().splitlines()[-2:]
        return name, f"mosaic-iss exit {p.returncode}: {' | '.join(tail)}"
    got = {}
    for line in p.stdout.splitlines():
        m = re.match(r"^BENCH (\S+) (.*)$", line)
        if m:
            got[m.group(1)] = dict(kv.split("=", 1) for kv in m.group(2).split())
    missing = [c for c in want if c not in got]
    if missing:
        return name, f"no BENCH line for {missing}"
    for c in want:
        bad = [k for k in FIELDS if not got[c].get(k, "").isdigit()]
        if bad:
            return name, f"{c}: fields {bad} missing or not numbers"
        if int(got[c]["n"]) == 0:
            return name, f"{c}: n=0"
    log = os.path.join(BUILD, "sw", "bench", name + ".iss.log")
    with open(log, "w", encoding="utf-8") as f:
        f.write(p.stdout)
    t = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "perf.py"), "--source", "iss",
                        log], capture_output=True, text=True, timeout=60)
    rows = [l for l in t.stdout.splitlines() if l.startswith("| ") and not l.startswith("| case")
            and not l.startswith("| instruction")]
    if t.returncode != 0 or len(rows) != len(want):
        return name, f"tools/perf.py: exit {t.returncode}, {len(rows)} table rows for {len(want)} cases"
    return name, None


def main():
    if not os.access(ISS, os.X_OK):
        print(f"FAIL: setup: {ISS} not built (make golden)")
        return 1
    failed = 0
    srcs = sorted(glob.glob(os.path.join(ROOT, "sw", "bench", "bench_*.c")))
    if not srcs:
        print("FAIL: setup: no sw/bench/bench_*.c")
        return 1
    for src in srcs:
        name, why = check(src)
        if why:
            failed += 1
            print(f"FAIL: {name}: {why}")
        else:
            print(f"PASS: {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
