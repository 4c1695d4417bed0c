#!/usr/bin/env python3
"""tools/coverage.py's report (make coverage) on coverage data written here.

Runs `coverage.py --report-only` on a build folder of its own holding two
runs' Verilator coverage files with known line and toggle points, and
checks the sums: a point counts once however many runs and instances hit
it, covered when any did; points outside rtl/ are left out; a toggle
point's bits are grouped under their signal; no data is exit 1. Prints
`PASS: name` / `FAIL: name: why`."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOOL = os.path.join(ROOT, "tools", "coverage.py")


def point(f, line, page, what, hits, inst="TOP.a"):
    kv = [("f", f), ("l", str(line)), ("page", page), ("o", what), ("h", inst)]
    return "C '" + "".join(f"\001{k}\002{v}" for k, v in kv) + f"' {hits}\n"


FIFO, TU = "rtl/mem/mosaic_mem_fifo.sv", "rtl/tu/mosaic_tu.sv"
RUNS = [
    # run 1: two instances of the FIFO
    [point(FIFO, 30, "v_line/m", "block", 4), point(FIFO, 31, "v_line/m", "if", 0),
     point(FIFO, 32, "v_line/m", "else", 0),
     point(FIFO, 20, "v_toggle/m", "wptr_q[0]", 2), point(FIFO, 20, "v_toggle/m", "wptr_q[1]", 0),
     point(FIFO, 20, "v_toggle/m", "wptr_q[1]", 0, "TOP.b"), point(FIFO, 21, "v_toggle/m", "full_o", 0),
     point(TU, 300, "v_toggle/m", "q.op[0]", 1), point("tb/x.sv", 1, "v_line/m", "block", 0)],
    # run 2: the else arm runs once; full_o toggles in the second instance
    [point(FIFO, 32, "v_line/m", "else", 1), point(FIFO, 21, "v_toggle/m", "full_o", 1, "TOP.b"),
     point(TU, 301, "v_toggle/m", "q.op[1]", 0)],
]


def main():
    results = []

    def check(name, ok, why=""):
        results.append(ok)
        print(f"PASS: {name}" if ok else f"FAIL: {name}: {why}")

    tmp = tempfile.mkdtemp(prefix="covrep", dir=os.path.join(ROOT, "build")
                           if os.path.isdir(os.path.join(ROOT, "build")) else None)
    try:
        dat = os.path.join(tmp, "coverage", "dat")
        os.makedirs(dat)
        env = dict(os.environ, MOSAIC_BUILD=tmp, MOSAIC_ROOT=ROOT)
        r = subprocess.run([sys.executable, TOOL, "--report-only"], env=env, capture_output=True,
                           text=True)
        check("no coverage data: exit 1, said", r.returncode == 1 and "no coverage data" in r.stdout,
              f"exit {r.returncode}: {r.stdout.strip()[-200:]}")
        for i, run in enumerate(RUNS):
            with open(os.path.join(dat, f"run{i}.dat"), "w") as f:
                f.write("# SystemC::Coverage-3\n" + "".join(run))
        r = subprocess.run([sys.executable, TOOL, "--report-only"], env=env, capture_output=True,
                           text=True)
        check("report: exit 0", r.returncode == 0, f"exit {r.returncode}: {r.stderr[-300:]}")
        path = os.path.join(tmp, "coverage", "report.md")
        text = open(path).read() if os.path.exists(path) else ""
        check("report.md written", bool(text), path)
        rows = {m.group(1): m.group(2).split(" | ")
                for m in re.finditer(r"^\| (\S+) \| (.*) \|$", text, flags=re.M)}
        want = {
            # lines: 30 and 32 covered of 30, 31, 32; toggles: wptr_q[0] and
            # full_o (in TOP.b) of wptr_q[0..1], full_o
            "mem": ["2", "3", "66.7", "2", "3", "66.7"],
            # q.op[0] toggled, q.op[1] not; no line points
            "tu": ["0", "0", "-", "1", "2", "50.0"],
            "all": ["2", "3", "66.7", "3", "5", "60.0"],
            FIFO: ["2", "3", "66.7", "2", "3", "66.7"],
        }
        for name, cells in want.items():
            check(f"row {name}", rows.get(name) == cells, f"got {rows.get(name)}, want {cells}")
        check("tb/ points left out", "tb/x.sv" not in text and "| tb |" not in text)
        check("the unreached line listed", re.search(r"^- 31 \(if\)", text, flags=re.M) is not None)
        check("untoggled bits grouped by signal",
              re.search(r"^- 20 `wptr_q` \[1\]$", text, flags=re.M) is not None
              and re.search(r"^- 301 `q\.op` \[1\]$", text, flags=re.M) is not None
              and "full_o" not in text.split("never toggled")[-1], text[-400:])
        check("summary printed", "| all | 2 | 3 | 66.7 | 3 | 5 | 60.0 |" in r.stdout, r.stdout[-300:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    nfail = results.count(False)
    print(f"{len(results) - nfail} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
