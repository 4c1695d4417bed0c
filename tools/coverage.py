#!/usr/bin/env python3
"""Line or toggle coverage of rtl/ under the lockstep suites (make coverage,
make coverage-toggle).

Runs the lockstep suites (sw/tests/sim/test_sim_lockstep.py and
test_sim_dram.py) with every SoC model they use, the FPGA configuration's
included, replaced by a coverage build of the 4x4 SoC with the tensor unit
(the FPGA configuration's own choices, such as its core without load
forwarding, are not counted):
  - line (default): build/tb/verilator/mosaic-sim-cov, Verilator
    --coverage-line: the statement blocks and branch arms that ran at least
    once in any instance; report in build/coverage/report.md, with every
    point never reached and its source line;
  - --toggle: build/tb/verilator/mosaic-sim-cov-toggle, --coverage-toggle of
    the control logic (tb/verilator/coverage_toggle.vlt leaves the
    arithmetic datapaths out; signals up to 64 bits): a bit counts as
    toggled when, in one run and one instance, it changed at least twice
    after reset was released (so both ways). Every bit changes before that
    (the random initial state, then reset); the harness writes a snapshot
    of the counters then (<pid>.reset beside <pid>.dat), which is
    subtracted. Report in build/coverage/toggle.md, with every bit never
    toggled.
Each run writes its counts to files of its own; this script adds them up
and reports per IP and per RTL file (one module per file).

    coverage.py [--toggle] [--tier test|regress]   run the suites, then report
    coverage.py [--toggle] --report-only           report the data already there

Prints the per-IP summary. The tier is that of the suites (MOSAIC_TIER):
test = what make test runs, regress = make regress's campaigns.
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
DAT_TOGGLE = os.path.join(OUT, "dat-toggle")
SIM_COV = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-cov")
SIM_COV_TOGGLE = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-cov-toggle")
SUITES = ["sw/tests/sim/test_sim_lockstep.py", "sw/tests/sim/test_sim_dram.py"]


def run_suites(tier, model, dat, tag):
    """Run the suites on a coverage model; (passed, failed) cases."""
    shutil.rmtree(dat, ignore_errors=True)
    os.makedirs(dat)
    env = dict(os.environ, MOSAIC_TIER=tier, MOSAIC_COVERAGE_DIR=dat,
               MOSAIC_SIM=model, MOSAIC_SIM_4X4=model, MOSAIC_SIM_SCALAR=model,
               # make test runs the target tests on the FPGA configuration
               # (test_sim_lockstep.split_tensor_programs): count them too
               MOSAIC_SIM_FPGA=model)
    passed = failed = 0
    for suite in SUITES:
        t0 = time.time()
        log = os.path.join(OUT, f"{os.path.basename(suite)}.{tag}.log")
        with open(log, "w") as f:
            r = subprocess.run([sys.executable, os.path.join(ROOT, suite)], env=env, stdout=f,
                               stderr=subprocess.STDOUT)
        p, fl = run_tests.count_cases(log)
        passed += p
        failed += fl + (1 if r.returncode and not fl else 0)
        print(f"coverage: {tag}: {suite}: {p} passed, {fl} failed, {time.time() - t0:.0f} s "
              f"(log: {log})", flush=True)
    return passed, failed


def read_dat(path, page):
    """{raw point descriptor: (file, line, comment, count)} of one page kind."""
    pts = {}
    if not os.path.exists(path):
        return pts
    with open(path, errors="replace") as f:
        for raw in f:
            m = re.match(r"C '(.*)' (\d+)\s*$", raw)
            if not m:
                continue
            kv = dict(x.split("\002", 1) for x in m.group(1).split("\001") if "\002" in x)
            if not kv.get("page", "").startswith(page):
                continue
            fname = os.path.relpath(os.path.join(ROOT, kv.get("f", "?")), ROOT)
            pts[m.group(1)] = (fname, int(kv.get("l", 0)), kv.get("o", ""), int(m.group(2)))
    return pts


def read_points():
    """{(file, line, comment): hits summed over runs and instances}."""
    pts = collections.Counter()
    files = glob.glob(os.path.join(DAT, "*.dat"))
    for path in files:
        for fname, line, what, hits in read_dat(path, "v_line").values():
            pts[(fname, line, what)] += hits
    return pts, len(files)


def read_toggles():
    """{(file, line, signal bit): toggled}: changed at least twice after
    reset (both ways) in one run and one instance."""
    pts = {}
    files = glob.glob(os.path.join(DAT_TOGGLE, "*.dat"))
    for path in files:
        at_reset = read_dat(path[:-len(".dat")] + ".reset", "v_toggle")
        for key, (fname, line, what, hits) in read_dat(path, "v_toggle").items():
            after = hits - (at_reset[key][3] if key in at_reset else 0)
            k = (fname, line, what)
            pts[k] = pts.get(k, False) or after >= 2
    return pts, len(files)


def tally(pts):
    """{file: [covered, points]} and {file: [(line, what) never covered]}
    of the points in rtl/."""
    per = collections.defaultdict(lambda: [0, 0])
    missed = collections.defaultdict(list)
    for (fname, line, what), hit in pts.items():
        if not fname.startswith("rtl/"):
            continue
        per[fname][1] += 1
        if hit:
            per[fname][0] += 1
        else:
            missed[fname].append((line, what))
    return per, missed


def table(title, per):
    """Per-IP and per-file rows of {file: [covered, points]}."""
    ips = collections.defaultdict(lambda: [0, 0])
    for fname, (c, t) in per.items():
        ip = fname.split("/")[1]
        ips[ip][0] += c
        ips[ip][1] += t
    tot_c = sum(c for c, _ in per.values())
    tot_t = sum(t for _, t in per.values())
    head = [title, "", "| IP | covered | points | % |", "|---|---|---|---|"]
    for ip in sorted(ips):
        c, t = ips[ip]
        head.append(f"| {ip} | {c} | {t} | {100.0 * c / t:.1f} |")
    head.append(f"| all | {tot_c} | {tot_t} | {100.0 * tot_c / max(tot_t, 1):.1f} |")
    rows = ["", "| file | covered | points | % |", "|---|---|---|---|"]
    for fname in sorted(per, key=lambda f: per[f][0] / per[f][1]):
        c, t = per[fname]
        rows.append(f"| {fname} | {c} | {t} | {100.0 * c / t:.1f} |")
    return head, rows, tot_t


def toggle_report(pts, nfiles):
    """Write build/coverage/toggle.md; returns the number of bits."""
    per, never = tally(pts)
    head, rows, total = table(f"# Toggle coverage of rtl/'s control logic ({nfiles} runs)", per)
    lines = head + rows + ["", "## Bits never toggled both ways after reset", ""]
    for fname in sorted(never):
        lines.append(f"### {fname}")
        lines.append(", ".join(sorted(what for _, what in never[fname])))
        lines.append("")
    return write_report("toggle.md", lines, head, total)


def report(pts, nfiles):
    per, missed = tally(pts)
    head, rows, tot_t = table(f"# Line coverage of rtl/ ({nfiles} runs)", per)
    lines = head + rows + ["", "## Points never reached", ""]
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
    return write_report("report.md", lines, head, tot_t)


def write_report(name, lines, head, total):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    for ln in head[2:]:
        print(ln)
    print(f"coverage: per-file table and what was never covered in {path}")
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tier", choices=("test", "regress"), default="test")
    ap.add_argument("--toggle", action="store_true", help="toggle coverage (default: line)")
    ap.add_argument("--report-only", action="store_true")
    a = ap.parse_args(argv)
    model, dat, tag = (SIM_COV_TOGGLE, DAT_TOGGLE, "toggle") if a.toggle else (SIM_COV, DAT, "line")
    failed = 0
    if not a.report_only:
        if not os.access(model, os.X_OK):
            print(f"coverage: {model} not built (make coverage{'-toggle' if a.toggle else ''} "
                  "builds it)")
            return 1
        _, failed = run_suites(a.tier, model, dat, tag)
    pts, n = read_toggles() if a.toggle else read_points()
    if not n or not (toggle_report if a.toggle else report)(pts, n):
        print(f"coverage: no coverage data in {dat}")
        return 1
    if failed:
        print(f"coverage: {failed} suite cases failed on the coverage build (see the logs)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
