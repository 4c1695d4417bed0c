#!/usr/bin/env python3
"""Line and toggle coverage of rtl/ under the lockstep suites (make coverage).

Runs the lockstep suites (sw/tests/sim/test_sim_lockstep.py and
test_sim_dram.py) with every SoC model they use replaced by the coverage
build (build/tb/verilator/mosaic-sim-cov: the 4x4 SoC with the tensor unit,
Verilator --coverage-line --coverage-toggle), except the FPGA
configuration's core, which stays on its own model. Each run writes its
counts to a file of its own; this script adds them up and reports, per RTL
file (one module per file), the Verilator line-coverage points (statement
blocks and branch arms) that ran at least once in any instance, and the
toggle points (one per bit of each signal, memories and signals of more
than 256 bits excepted: Verilator's --coverage-max-width) that changed
value at least once in any instance.

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


KINDS = ("line", "toggle")


def read_points():
    """{kind: {(file, line, comment): hits summed over runs and instances}}
    for kind in KINDS (a toggle point's comment is its signal and bit)."""
    pts = {k: collections.Counter() for k in KINDS}
    files = glob.glob(os.path.join(DAT, "*.dat"))
    for path in files:
        with open(path, errors="replace") as f:
            for raw in f:
                m = re.match(r"C '(.*)' (\d+)\s*$", raw)
                if not m:
                    continue
                kv = dict(x.split("\002", 1) for x in m.group(1).split("\001") if "\002" in x)
                kind = kv.get("page", "").split("/")[0][2:]
                if kind not in pts:
                    continue
                fname = os.path.relpath(os.path.join(ROOT, kv.get("f", "?")), ROOT)
                pts[kind][(fname, int(kv.get("l", 0)), kv.get("o", ""))] += int(m.group(2))
    return pts, len(files)


def tally(pts):
    """Per rtl/ file: [covered, total] and the points never reached."""
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
    return per, missed


def pct(c, t):
    return f"{100.0 * c / t:.1f}" if t else "-"


def untoggled(missed):
    """A file's untoggled bits grouped by signal: [(line, signal, bits)]."""
    sig = collections.OrderedDict()
    for line, what in sorted(missed):
        name = re.sub(r"\[\d+\]$", "", what)
        sig.setdefault((line, name), []).append(what[len(name):] or "")
    return [(line, name, bits) for (line, name), bits in sig.items()]


def report(pts, nfiles):
    per = {k: tally(pts[k]) for k in KINDS}
    files = sorted(set(per["line"][0]) | set(per["toggle"][0]))
    ips = collections.defaultdict(lambda: {k: [0, 0] for k in KINDS})
    for k in KINDS:
        for fname, (c, t) in per[k][0].items():
            ip = ips[fname.split("/")[1]][k]
            ip[0] += c
            ip[1] += t
    tot = {k: [sum(c for c, _ in per[k][0].values()), sum(t for _, t in per[k][0].values())]
           for k in KINDS}
    head = ("| {} | lines covered | line points | line % | bits toggled | toggle points "
            "| toggle % |")
    lines = [f"# Line and toggle coverage of rtl/ ({nfiles} runs)", "",
             head.format("IP"), "|---|---|---|---|---|---|---|"]

    def row(name, cov):
        (lc, lt), (tc, tt) = cov["line"], cov["toggle"]
        return f"| {name} | {lc} | {lt} | {pct(lc, lt)} | {tc} | {tt} | {pct(tc, tt)} |"

    for ip in sorted(ips):
        lines.append(row(ip, ips[ip]))
    lines.append(row("all", tot))
    lines += ["", head.format("file"), "|---|---|---|---|---|---|---|"]

    def frac(f):
        c, t = per["line"][0].get(f, (0, 0))
        return c / t if t else 1.0

    for fname in sorted(files, key=frac):
        lines.append(row(fname, {k: per[k][0].get(fname, [0, 0]) for k in KINDS}))
    sources = {}

    def src_line(fname, line):
        if fname not in sources:
            try:
                with open(os.path.join(ROOT, fname)) as f:
                    sources[fname] = f.read().split("\n")
            except OSError:
                sources[fname] = []
        src = sources[fname]
        return src[line - 1].strip() if 0 < line <= len(src) else ""

    lines += ["", "## Line points never reached", ""]
    for fname in sorted(per["line"][1]):
        lines.append(f"### {fname}")
        for line, what in sorted(per["line"][1][fname]):
            lines.append(f"- {line} ({what}): `{src_line(fname, line)}`")
        lines.append("")
    lines += ["## Signals with bits that never toggled", "",
              "Per file: the signal (declared on the line given), and its bits that kept "
              "one value in every instance and run.", ""]
    for fname in sorted(per["toggle"][1]):
        lines.append(f"### {fname}")
        for line, name, bits in untoggled(per["toggle"][1][fname]):
            shown = "" if bits == [""] else " " + " ".join(bits[:16]) + (
                f" ... ({len(bits)} bits)" if len(bits) > 16 else "")
            lines.append(f"- {line} `{name}`{shown}")
        lines.append("")
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    for ln in lines[2:4 + len(ips) + 1]:
        print(ln)
    print(f"coverage: per-file table, unreached lines and untoggled bits in "
          f"{os.path.join(OUT, 'report.md')}")
    return tot["line"][1] + tot["toggle"][1]


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
