#!/usr/bin/env python3
"""Line coverage of rtl/ under the lockstep suites (make coverage).

Runs the lockstep suites (sw/tests/sim/test_sim_lockstep.py and
test_sim_dram.py) with every SoC model they use replaced by the coverage
build (build/tb/verilator/mosaic-sim-cov: the 4x4 SoC with the tensor unit,
Verilator --coverage-line), except the FPGA configuration's core, which
stays on its own model. Each run writes its counts to a file of its own;
this script adds them up and reports, per RTL file (one module per file),
the Verilator line-coverage points (statement blocks and branch arms) that
ran at least once in any instance.

    coverage.py [--tier test|regress]   run the suites, then report
    coverage.py --report-only           report what build/coverage/dat holds

Writes build/coverage/report.md (per-file table and every uncovered point
with its source line) and prints the per-IP summary. The tier is that of
the suites (MOSAIC_TIER): test = what make test runs, regress = make
regress's campaigns.
"""
import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import time

import run_tests  # tools/: the runner's count of PASS/FAIL lines

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
OUT = os.path.join(BUILD, "coverage")
DAT = os.path.join(OUT, "dat")
SIM_COV = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-cov")
SUITES = ["sw/tests/sim/test_sim_lockstep.py", "sw/tests/sim/test_sim_dram.py"]


def run_suites(tier):
    """Run the suites on the coverage model; (passed, failed) cases."""
    shutil.rmtree(DAT, ignore_errors=True)
    os.makedirs(DAT)
    env = dict(os.environ, MOSAIC_TIER=tier, MOSAIC_COVERAGE_DIR=DAT,
               MOSAIC_SIM=SIM_COV, MOSAIC_SIM_4X4=SIM_COV, MOSAIC_SIM_SCALAR=SIM_COV)
    passed = failed = 0
    for suite in SUITES:
        t0 = time.time()
        log = os.path.join(OUT, os.path.basename(suite) + ".log")
        with open(log, "w") as f:
            r = subprocess.run([sys.executable, os.path.join(ROOT, suite)], env=env, stdout=f,
                               stderr=subprocess.STDOUT)
        p, fl = run_tests.count_cases(log)
        passed += p
        failed += fl + (1 if r.returncode and not fl else 0)
        print(f"coverage: {suite}: {p} passed, {fl} failed, {time.time() - t0:.0f} s (log: {log})",
              flush=True)
    return passed, failed


def read_points():
    """{(file, line, comment): hits summed over runs and instances}."""
    pts = collections.Counter()
    files = glob.glob(os.path.join(DAT, "*.dat"))
    for path in files:
        with open(path, errors="replace") as f:
            for raw in f:
                m = re.match(r"C '(.*)' (\d+)\s*$", raw)
                if not m:
                    continue
                kv = dict(x.split("\002", 1) for x in m.group(1).split("\001") if "\002" in x)
                if not kv.get("page", "").startswith("v_line"):
                    continue
                fname = os.path.relpath(os.path.join(ROOT, kv.get("f", "?")), ROOT)
                pts[(fname, int(kv.get("l", 0)), kv.get("o", ""))] += int(m.group(2))
    return pts, len(files)


def report(pts, nfiles):
    per = collections.defaultdict(lambda: [0, 0])
    missed = collections.defaultdict(list)
    for (fname, line, what), hits in pts.items():
        if not fname.startswith("rtl/"):
            continue
        per[fname][1] += 1
        if hits:
            per[fname][0] += 1
        else:
            missed[fname].append((line, what))
    ips = collections.defaultdict(lambda: [0, 0])
    for fname, (c, t) in per.items():
        ip = fname.split("/")[1]
        ips[ip][0] += c
        ips[ip][1] += t
    tot_c = sum(c for c, _ in per.values())
    tot_t = sum(t for _, t in per.values())
    lines = [f"# Line coverage of rtl/ ({nfiles} runs)", "",
             "| IP | covered | points | % |", "|---|---|---|---|"]
    for ip in sorted(ips):
        c, t = ips[ip]
        lines.append(f"| {ip} | {c} | {t} | {100.0 * c / t:.1f} |")
    lines.append(f"| all | {tot_c} | {tot_t} | {100.0 * tot_c / max(tot_t, 1):.1f} |")
    lines += ["", "| file | covered | points | % |", "|---|---|---|---|"]
    for fname in sorted(per, key=lambda f: per[f][0] / per[f][1]):
        c, t = per[fname]
        lines.append(f"| {fname} | {c} | {t} | {100.0 * c / t:.1f} |")
    lines += ["", "## Points never reached", ""]
    for fname in sorted(missed):
        try:
            with open(os.path.join(ROOT, fname)) as f:
                src = f.read().split("\n")
        except OSError:
            src = []
        lines.append(f"### {fname}")
        for line, what in sorted(missed[fname]):
            text = src[line - 1].strip() if 0 < line <= len(src) else ""
            lines.append(f"- {line} ({what}): `{text}`")
        lines.append("")
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for ln in lines[2:3 + len(ips) + 2]:
        print(ln)
    print(f"coverage: per-file table and uncovered points in {os.path.join(OUT, 'report.md')}")
    return tot_t


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tier", choices=("test", "regress"), default="test")
    ap.add_argument("--report-only", action="store_true")
    a = ap.parse_args(argv)
    failed = 0
    if not a.report_only:
        if not os.access(SIM_COV, os.X_OK):
            print(f"coverage: {SIM_COV} not built (make coverage builds it)")
            return 1
        _, failed = run_suites(a.tier)
    pts, n = read_points()
    if not n or not report(pts, n):
        print(f"coverage: no coverage data in {DAT}")
        return 1
    if failed:
        print(f"coverage: {failed} suite cases failed on the coverage build (see the logs)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
