#!/usr/bin/env python3
"""Run every Mosaic test suite and count cases.

A suite is a program that prints one line per case, `PASS: name` or
`FAIL: name: why`. A suite that exits non-zero without printing a FAIL line,
that runs out of time, or that runs no case counts as one failed case, so a
crash is never silent. The suites that must exist are listed in EXPECTED: a
missing one is a failed case (a suite dropped from the build cannot
disappear unnoticed), and so is one that is not listed.

Two tiers: `test` (make test, what CI runs) and `regress` (make regress:
the same suites with their long campaigns; MOSAIC_TIER=regress tells a
suite to run them). While suites run, a progress line every PROGRESS
seconds says which are done and how many cases the running ones have
passed. The last line printed is `N passed, N failed`.
"""
import argparse
import concurrent.futures
import glob
import os
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_OUT = threading.Lock()


def say(text):
    """Print whole lines from any thread without interleaving them."""
    with _OUT:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
# The longest suites, started first in this order (test tier on a 2-core
# Xeon, beside other suites: lockstep 135 s over both cores, the proofs
# 130 s, then about a minute each) so the short suites fill the gaps
# rather than one long suite running alone at the end.
LONG_FIRST = ("test_sim_lockstep.py", "test_formal.py", "test_icarus_smoke.py", "test_fuzz.py",
              "test_sim_mutant.py", "test_sim_dram.py", "test_rtl_tact", "test_rtl_vec")
PROGRESS = 60

# Every suite of the project. C suites and module tests are executables in
# build/tests/, Python suites are scripts under sw/.
EXPECTED_C = [
    # golden model (sw/golden/tests)
    "test_ame", "test_fmt", "test_fmt_f32", "test_iss_step", "test_minat_elem", "test_minat_mem",
    "test_minat_mma", "test_minat_red", "test_minat_trap", "test_sdma", "test_tact", "test_tl",
    # RTL module tests (tb/modules.mk) and the Icarus numerics benches
    "test_rtl_cvt", "test_rtl_widen", "test_rtl_fma32", "test_rtl_div32", "test_rtl_tu_check",
    "test_rtl_trf", "test_rtl_trfstall", "test_rtl_trfone",
    "test_rtl_vec", "test_rtl_lsu", "test_rtl_red", "test_rtl_redserial", "test_rtl_sdma", "test_rtl_mem_sys",
    "test_rtl_tact", "test_rtl_tl", "test_rtl_tlram", "test_rtl_array4", "test_rtl_array4f", "test_rtl_array4r", "test_rtl_array8", "test_rtl_array16",
    "test_rtl_assert",
    "test_rtl_fp_icarus",
]
EXPECTED_PY = [
    "sw/atalla/test_atalla.py",
    "sw/bench/test_bench.py",
    "sw/bench/test_bench_rtl.py",
    "sw/bench/test_perf_report.py",
    "sw/boot/test_boot.py",
    "sw/boot/test_netlist.py",
    "sw/golden/oracle/test_fmt_cli.py",
    "sw/golden/oracle/test_oracle_f32_narrow.py",
    "sw/golden/oracle/test_oracle_fracref.py",
    "sw/golden/oracle/test_oracle_mldtypes.py",
    "sw/golden/oracle/test_oracle_softfloat.py",
    "sw/golden/oracle/test_tact_acc.py",
    "sw/model/test_model.py",
    "sw/tests/fuzz/test_fuzz.py",
    "sw/tests/isa/test_isa.py",
    "sw/tests/iss/test_iss_cli.py",
    "sw/tests/random/test_random_iss.py",
    "sw/tests/random/test_random_tensor.py",
    "sw/tests/rtl/test_defs_agree.py",
    "sw/tests/rtl/test_formal.py",
    "sw/tests/rtl/test_icarus_smoke.py",
    "sw/tests/rtl/test_memmap_agree.py",
    "sw/tests/sim/test_sim_cli.py",
    "sw/tests/sim/test_sim_dram.py",
    "sw/tests/sim/test_sim_lockstep.py",
    "sw/tests/sim/test_sim_mutant.py",
    "sw/tests/target/test_target.py",
]
QUICK = set(n for n in EXPECTED_C if not n.startswith("test_rtl_"))


def discover(build, quick):
    """(name, command) of every suite present, and FAIL lines for the
    expected ones that are missing and the present ones not expected."""
    suites, problems = [], []
    present = {}
    for path in sorted(glob.glob(os.path.join(build, "tests", "test_*"))):
        if os.path.isfile(path) and os.access(path, os.X_OK) and not path.endswith((".d", ".o")):
            present[os.path.basename(path)] = path
    for name in EXPECTED_C:
        if quick and name not in QUICK:
            continue
        if name in present:
            suites.append((os.path.relpath(present[name], ROOT), [present[name]]))
        else:
            problems.append(f"FAIL: suite {name}: {os.path.join(build, 'tests', name)} not built")
    for name in sorted(set(present) - set(EXPECTED_C)):
        problems.append(f"FAIL: suite {name}: built but not in tools/run_tests.py EXPECTED_C")
    if quick:
        return suites, problems
    scripts = sorted(os.path.relpath(p, ROOT)
                     for p in glob.glob(os.path.join(ROOT, "sw", "**", "test_*.py"), recursive=True))
    for rel in EXPECTED_PY:
        if rel in scripts:
            suites.append((rel, [sys.executable, os.path.join(ROOT, rel)]))
        else:
            problems.append(f"FAIL: suite {rel}: missing")
    for rel in sorted(set(scripts) - set(EXPECTED_PY)):
        problems.append(f"FAIL: suite {rel}: present but not in tools/run_tests.py EXPECTED_PY")
    return suites, problems


def count_cases(path):
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return 0, 0
    return text.count("\nPASS: ") + text.startswith("PASS: "), text.count("\nFAIL: ") + text.startswith("FAIL: ")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--quick", action="store_true", help="the golden model's C suites only")
    ap.add_argument("--tier", choices=["test", "regress"], default="test",
                    help="regress: every suite's long campaigns too (MOSAIC_TIER=regress)")
    # A guard against a hung suite, far above the longest suite's time.
    ap.add_argument("--timeout", type=int, default=5400, help="seconds per suite")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, len(os.sched_getaffinity(0))),
                    help="suites run at once (default: one per core)")
    ap.add_argument("-k", default="", help="only suites whose path contains this (no missing-suite check)")
    args = ap.parse_args()
    if args.jobs < 1:
        ap.error(f"--jobs {args.jobs}: must be at least 1")
    build = os.path.abspath(args.build)
    env = dict(os.environ, MOSAIC_BUILD=build, MOSAIC_ROOT=ROOT, MOSAIC_TIER=args.tier)
    logdir = os.path.join(build, "test-logs")
    os.makedirs(logdir, exist_ok=True)
    t_start = time.time()
    running = {}
    lock = threading.Lock()

    def run_suite(name, cmd):
        t0 = time.time()
        log = os.path.join(logdir, os.path.basename(name) + ".log")
        with lock:
            running[name] = log
        say(f"[{time.time() - t_start:6.0f} s] start {name}")
        rc = None
        with open(log, "w") as f:
            proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=f, stderr=subprocess.STDOUT, text=True)
            try:
                rc = proc.wait(timeout=args.timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        with lock:
            del running[name]
        with open(log, errors="replace") as f:
            out = f.read()
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

    suites, problems = discover(build, args.quick)
    if args.k:
        suites, problems = [(n, c) for n, c in suites if args.k in n], []
    suites.sort(key=lambda s: next((i for i, n in enumerate(LONG_FIRST) if n in s[0]),
                                   len(LONG_FIRST)))
    print(f"run_tests: {len(suites)} suites, tier {args.tier}, {args.jobs} at once; logs in {logdir}",
          flush=True)
    passed, failed = 0, len(problems)
    for p in problems:
        print(p)
    done = 0
    stop = threading.Event()

    def progress():
        while not stop.wait(PROGRESS):
            with lock:
                now = dict(running)
            parts = []
            for name, log in sorted(now.items()):
                p, f = count_cases(log)
                parts.append(f"{os.path.basename(name)} ({p} passed, {f} failed so far)")
            say(f"[{time.time() - t_start:6.0f} s] {done}/{len(suites)} suites done, "
                f"{passed} passed, {failed} failed; running: {', '.join(parts) or '-'}")

    ticker = threading.Thread(target=progress, daemon=True)
    ticker.start()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for fut in concurrent.futures.as_completed([pool.submit(run_suite, n, c) for n, c in suites]):
            sp, sf, lines = fut.result()
            say("\n".join(lines))
            passed += sp
            failed += sf
            done += 1
    stop.set()
    print(f"run_tests: {len(suites)} suites in {time.time() - t_start:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
