#!/usr/bin/env python3
"""Run every target program (on-target tests and examples) on the ISS.

Programs are build/sw/tests/test_*.elf (from sw/tests/target/test_*.c) and
build/sw/NAME.elf (from sw/examples/NAME/). Each program's own `PASS: x` /
`FAIL: x: why` lines are forwarded as `PASS: prog/x`, then one more case per
program checks that it exited with status 0 within the instruction budget.

Environment: MOSAIC_BUILD (build directory, default build/), MOSAIC_ROOT
(checkout), MOSAIC_MAX_INSNS (instruction budget per program).
"""
import concurrent.futures
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sim"))
import simlib  # noqa: E402

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
MAX_INSNS = int(os.environ.get("MOSAIC_MAX_INSNS", "500000000"))
TIMEOUT = 600  # seconds per program, on top of the instruction budget
JOBS = 2


def programs():
    """(name, elf) for every built program whose source still exists."""
    progs = []
    tdir = os.path.join(BUILD, "sw", "tests")
    if os.path.isdir(tdir):
        for f in sorted(os.listdir(tdir)):
            stem = f[:-4]
            if f.startswith("test_") and f.endswith(".elf") and os.path.exists(
                    os.path.join(ROOT, "sw", "tests", "target", stem + ".c")):
                progs.append((stem, os.path.join(tdir, f)))
    edir = os.path.join(BUILD, "sw")
    if os.path.isdir(edir):
        for f in sorted(os.listdir(edir)):
            stem = f[:-4]
            if f.endswith(".elf") and os.path.isdir(os.path.join(ROOT, "sw", "examples", stem)):
                progs.append((stem, os.path.join(edir, f)))
    return progs


def run(iss, name, elf):
    """Run one program; returns the lines to print."""
    cmd = [iss, "--max-insns", str(MAX_INSNS), *simlib.program_options(elf), elf]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=TIMEOUT)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err, rc = "", None
    lines = []
    for line in out.splitlines():
        if line.startswith("PASS: "):
            lines.append(f"PASS: {name}/{line[6:]}")
        elif line.startswith("FAIL: "):
            lines.append(f"FAIL: {name}/{line[6:]}")
        elif line.startswith("TRAP: ") or line.startswith("  also: "):
            lines.append(f"  {name}: {line}")
    if rc == 0:
        lines.append(f"PASS: {name}.elf: exit status 0")
    else:
        if rc is None:
            why = f"no exit within {TIMEOUT} s"
        elif rc == 3:
            why = f"exit status 3 (instruction budget of {MAX_INSNS} exhausted?)"
        else:
            why = f"exit status {rc}"
        tail = (err.strip().splitlines() or out.strip().splitlines() or ["(no output)"])[-1]
        lines.append(f"FAIL: {name}.elf: {why}: {tail}")
    return lines


def main():
    iss = os.path.join(BUILD, "bin", "mosaic-iss")
    if not os.access(iss, os.X_OK):
        print(f"FAIL: target: {iss} is missing (make golden)")
        return 1
    progs = programs()
    if not progs:
        print(f"FAIL: target: no programs under {BUILD}/sw (make sw)")
        return 1
    failed = False
    with concurrent.futures.ThreadPoolExecutor(JOBS) as ex:
        futures = [ex.submit(run, iss, n, e) for n, e in progs]
        for f in futures:
            for line in f.result():
                print(line)
                failed |= line.startswith("FAIL: ")
            sys.stdout.flush()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
