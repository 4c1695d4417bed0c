#!/usr/bin/env python3
"""Run every Mosaic test suite and count cases.

A suite is a program that prints one line per case, `PASS: name` or
`FAIL: name: why`. A suite that exits non-zero without printing a FAIL line,
or that runs out of time, counts as one failed case, so a crash is never
silent. The last line printed is `N passed, N failed`.
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LONG_FIRST = "test_sim_lockstep.py"


def discover(build, quick):
    suites = []
    for path in sorted(glob.glob(os.path.join(build, "tests", "test_*"))):
        if os.access(path, os.X_OK) and not path.endswith((".d", ".o")):
            suites.append((os.path.relpath(path, ROOT), [path]))
    if not quick:
        for path in sorted(glob.glob(os.path.join(ROOT, "sw", "**", "test_*.py"), recursive=True)):
            suites.append((os.path.relpath(path, ROOT), [sys.executable, path]))
    return suites


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--quick", action="store_true", help="C suites only")
    # A guard against a hung suite; the lockstep suite, the longest, takes
    # about 28 min on 2 cores (1,631-1,689 s in CI runs).
    ap.add_argument("--timeout", type=int, default=3000, help="seconds per suite")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, len(os.sched_getaffinity(0))),
                    help="suites run at once (default: one per core)")
    ap.add_argument("-k", default="", help="only suites whose path contains this")
    args = ap.parse_args()
    if args.jobs < 1:
        ap.error(f"--jobs {args.jobs}: must be at least 1")
    build = os.path.abspath(args.build)
    env = dict(os.environ, MOSAIC_BUILD=build, MOSAIC_ROOT=ROOT)
    logdir = os.path.join(build, "test-logs")
    os.makedirs(logdir, exist_ok=True)

    def run_suite(name, cmd):
        t0 = time.time()
        log = os.path.join(logdir, os.path.basename(name) + ".log")
        try:
            proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True,
                                  text=True, timeout=args.timeout)
            out, rc = proc.stdout + proc.stderr, proc.returncode
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            rc = None
        with open(log, "w") as f:
            f.write(out)
        sp = sf = 0
        lines = []
        for line in out.splitlines():
            if line.startswith("PASS: "):
                sp += 1
            elif line.startswith("FAIL: "):
                sf += 1
                lines.append(f"  {name}: {line}")
        if rc is None:
            sf += 1
            lines.append(f"  {name}: FAIL: timed out after {args.timeout} s")
        elif rc != 0 and sf == 0:
            sf += 1
            tail = out.strip().splitlines()[-1:] or ["(no output)"]
            lines.append(f"  {name}: FAIL: exited {rc} without a FAIL line: {tail[0]}")
        elif rc == 0 and sp + sf == 0:
            sf += 1
            lines.append(f"  {name}: FAIL: ran no case")
        lines.append(f"{name}: {sp} passed, {sf} failed ({time.time() - t0:.1f} s)")
        return sp, sf, lines

    suites = [(n, c) for n, c in discover(build, args.quick) if not args.k or args.k in n]
    # The lockstep suite is most of the time and spreads its own programs
    # over the cores; starting it first lets the short suites fill the gaps.
    suites.sort(key=lambda s: LONG_FIRST not in s[0])
    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for fut in concurrent.futures.as_completed([pool.submit(run_suite, n, c) for n, c in suites]):
            sp, sf, lines = fut.result()
            print("\n".join(lines))
            sys.stdout.flush()
            passed += sp
            failed += sf
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
