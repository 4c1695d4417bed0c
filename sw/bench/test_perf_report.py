#!/usr/bin/env python3
"""make perf's report (tools/perf_report.py) holds the counters' numbers.

Runs the report in its quick form (bench_tmma and bench_ame) on the 16x16
RTL into a scratch directory, runs the same programs on the same build
itself, and checks:
  - every BENCH case the programs print is a row of bench.csv with every
    counter equal, and the row's utilization is macs / (cycles x 256);
  - report.html shows each case's utilization as computed here, embeds
    its plots as PNG and names the build and the machine;
  - the PNG files and simspeed.csv are written;
  - --replot redraws the same page from the CSVs and run.json (every
    table identical, the page saying it was redrawn);
  - a run that fails (a "simulator" that exits 1) makes the report exit 1
    and name the failure, and bad usage exits 2 with one line.
One `PASS: name` / `FAIL: name: why` per check.
"""
import base64
import csv
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "sim"))
sys.path.insert(0, HERE)
import simlib  # noqa: E402
from test_bench_rtl import run as bench_run  # noqa: E402

REPORT = os.path.join(simlib.ROOT, "tools", "perf_report.py")
PE = 256
PNG = b"\x89PNG\r\n\x1a\n"
TALLY = simlib.Tally()
check = TALLY.check


def report(out, *builds, extra=()):
    return simlib.run([sys.executable, REPORT, "--out", out, *extra, *builds], timeout=900)


def main():
    with tempfile.TemporaryDirectory(prefix="perf_report_test.") as tmp:
        out = os.path.join(tmp, "perf")
        rc, so, se = report(out, f"16x16={simlib.SIM}:{PE}", extra=("--quick",))
        check("quick report on 16x16 exits 0", rc == 0, f"exit {rc}: {simlib.first_lines(so + se)}")
        rows = {}
        try:
            with open(os.path.join(out, "bench.csv")) as f:
                for r in csv.DictReader(f):
                    rows[(r["program"], r["case"])] = r
            with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
                page = f.read()
        except OSError as e:
            check("report files written", False, str(e))
            return finish()
        for prog in ("bench_tmma", "bench_ame"):
            lines, why = bench_run("16x16", prog)
            if lines is None:
                check(f"{prog}: own run", False, why)
                continue
            check(f"{prog}: report has exactly the cases of the run",
                  sorted(c for p, c in rows if p == prog) == sorted(lines),
                  f"report {sorted(c for p, c in rows if p == prog)}, run {sorted(lines)}")
            for case, c in lines.items():
                r = rows.get((prog, case))
                if r is None:
                    continue
                diff = [k for k, v in c.items() if str(v) != r.get(k)]
                check(f"{prog} {case}: counters in bench.csv equal the run's", not diff,
                      f"differ: {', '.join(f'{k} {r.get(k)} vs {c[k]}' for k in diff)}")
                util = c["macs"] / (c["cycles"] * PE)
                check(f"{prog} {case}: utilization = macs / (cycles x {PE})",
                      abs(float(r["utilization"]) - util) < 1e-4, f"{r['utilization']} vs {util:.4f}")
                shown = f"{100 * util:.1f} %"
                check(f"{prog} {case}: report.html shows {shown}",
                      re.search(rf"<td>{re.escape(case)}</td>.*?<td>{re.escape(shown)}</td>", page)
                      is not None, "not in its table row")
        imgs = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
        check("report.html embeds PNG plots", len(imgs) >= 2
              and all(base64.b64decode(i)[:8] == PNG for i in imgs), f"{len(imgs)} embedded")
        for name in ("formats.png", "speed.png", "simspeed.csv"):
            check(f"{name} written", os.path.isfile(os.path.join(out, name)), "missing")
        check("report names the build and the machine",
              simlib.SIM in page and "cores," in page, "build path or machine missing")

        check("run.json written", os.path.isfile(os.path.join(out, "run.json")), "missing")
        rc, so, se = simlib.run([sys.executable, REPORT, "--replot", "--out", out], timeout=300)
        try:
            with open(os.path.join(out, "report.html"), encoding="utf-8") as f:
                again = f.read()
        except OSError:
            again = ""
        tables = lambda p: re.findall(r"<table>.*?</table>", p, re.S)  # noqa: E731
        check("--replot: exit 0, the same tables, says it redrew",
              rc == 0 and tables(again) == tables(page) and len(tables(page)) >= 2
              and "--replot" in again, f"exit {rc}: {simlib.first_lines(so + se)}")
        rc, so, se = simlib.run([sys.executable, REPORT, "--replot", "--out",
                                 os.path.join(tmp, "empty")], timeout=60)
        check("--replot without a run: exit 2, one line naming the file",
              rc == 2 and len(se.strip().splitlines()) == 1 and "run.json" in se,
              f"exit {rc}: {simlib.first_lines(se)}")

        bad = os.path.join(tmp, "bad")
        rc, so, se = report(bad, "broken=/bin/false:16", extra=("--quick",))
        page = ""
        if os.path.exists(os.path.join(bad, "report.html")):
            with open(os.path.join(bad, "report.html"), encoding="utf-8") as f:
                page = f.read()
        check("a failing run: exit 1, named in the output and report.html",
              rc == 1 and "broken bench_tmma: exit 1" in so and "broken bench_tmma: exit 1" in page,
              f"exit {rc}: {simlib.first_lines(so + se)}")
        for args, what in ((["16x16=nosuchpe"], "spec without PE"),
                           ([f"16x16={simlib.SIM}:256", "--replot"], "builds with --replot"),
                           ([f"16x16={simlib.SIM}:256", "--sweep-bw", "x"], "bad --sweep-bw"),
                           ([f"16x16={tmp}/nosim:256"], "missing simulator")):
            rc, so, se = report(os.path.join(tmp, "u"), *args, extra=("--quick",))
            lines = se.strip().splitlines()
            check(f"bad usage ({what}): exit 2, one line on stderr",
                  rc == 2 and len(lines) >= 1 and "perf_report" in lines[-1],
                  f"exit {rc}: {simlib.first_lines(se)}")
    return finish()


def finish():
    print(f"perf_report: {TALLY.passed} passed, {TALLY.failed} failed")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
