#!/usr/bin/env python3
"""The tensor-unit benchmarks run to completion on mosaic-iss.

Benchmarks, not tests: this only checks that each build/sw/bench/*.elf exits
0 and prints one well-formed BENCH line for every case its source names
(the "tmma_..." / "ame_..." / "cpi_..." / "gemm_..." string literals in
sw/bench/<name>.c), and that tools/perf.py turns them into a table. Programs
that check their own results (bench_gemm: sampled elements of C against a
soft-float reference) fail with exit 1 when the check fails.

Also: bench_gemm_check.elf (bench_gemm built at 32x256x256 with every
element of C checked; both B panels, so the refill of the second) and
bench_gemm512_check.elf (bench_gemm512 at 32x512x512, every element of rows 0, 5, 10, 15 of each
row block: eight
panels, so the next panel's B in both K-halves and the snake's kept row
block) pass,
and perf.py's GEMM roofline (max(MACs / PE,
SDMA bytes / DRAM bandwidth, and SDMA bytes / --copy-bw when given)) and
its --sweep table classify the run as memory-, port- or compute-bound at the
right bandwidths. One `PASS: name` /
`FAIL: name: why` per check.
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
FIELDS = ["n", "cycles", "insns", "tensor_insns", "mac_busy", "macs", "conflicts", "tu_stalls",
          "sdma_bytes", "sdma_busy"]
PERF = os.path.join(ROOT, "tools", "perf.py")


def check(src):
    name = os.path.splitext(os.path.basename(src))[0]
    elf = os.path.join(BUILD, "sw", "bench", name + ".elf")
    if not os.path.exists(elf):
        return name, f"{elf} not built (make bench-elfs)"
    with open(src, encoding="utf-8") as f:
        # Case names are the string literals of the source, less its
        # #include lines (gemm_check.h is a file, not a case).
        code = re.sub(r"^\s*#\s*include.*$", "", f.read(), flags=re.M)
        want = sorted(set(re.findall(r'"((?:tmma|ame|cpi|gemm)_[\w.]+)"', code)))
    if not want:
        return name, "the source names no case"
    try:
        p = subprocess.run([ISS, "--max-insns", "50000000", elf], capture_output=True,
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


def run_iss(elf, max_insns):
    """(exit code, stdout) of elf on the ISS, or (None, why)."""
    if not os.path.exists(elf):
        return None, f"{elf} not built (make bench-elfs)"
    try:
        p = subprocess.run([ISS, "--max-insns", str(max_insns), elf], capture_output=True,
                           text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    return p.returncode, p.stdout + p.stderr


def check_gemm_full(prog, passed):
    """A checking build of a GEMM benchmark: every element of C compared
    (~660 M instructions, mostly the soft-float reference, ~8 s)."""
    rc, out = run_iss(os.path.join(BUILD, "sw", "bench", prog + ".elf"), 1_000_000_000)
    if rc is None:
        return out
    if rc != 0 or not re.search(r"^PASS: " + re.escape(passed) + " elements bit-exact", out, re.M):
        return f"exit {rc}: {' | '.join(out.strip().splitlines()[-3:])}"
    return None


def table_row(text, first):
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] == first:
            return cells
    return None


def check_roofline():
    """perf.py on the ISS log of bench_gemm: the roofline columns follow
    from the BENCH line's macs and sdma_bytes alone."""
    log = os.path.join(BUILD, "sw", "bench", "bench_gemm.iss.log")
    if not os.path.exists(log):
        return "no bench_gemm ISS log (bench_gemm failed above)"
    with open(log, encoding="utf-8") as f:
        m = re.search(r"^BENCH gemm_bf16 .*\bmacs=(\d+) .*\bsdma_bytes=(\d+)", f.read(), re.M)
    if not m:
        return "no gemm_bf16 BENCH line in the log"
    macs, sb = int(m.group(1)), int(m.group(2))
    compute = macs / 256
    t = subprocess.run([sys.executable, PERF, "--source", "iss", "--dram-bw", "16", log],
                       capture_output=True, text=True, timeout=60)
    row = table_row(t.stdout, "gemm_bf16")
    want = [f"{compute:.0f}", f"{sb / 16:.0f}", "memory" if sb / 16 > compute else "compute"]
    if t.returncode != 0 or not row or row[7:10] != want:
        return f"perf.py --dram-bw 16: exit {t.returncode}, row {row}, want bounds {want}"
    runs = [4, 8, 16, 32]
    t = subprocess.run([sys.executable, PERF, "--sweep"] + [f"{b}={log}" for b in runs],
                       capture_output=True, text=True, timeout=60)
    for b in runs:
        row = table_row(t.stdout, str(b))
        kind = "memory" if sb / b > compute else "compute"
        want = [f"{max(compute, sb / b):.0f}", kind]
        if t.returncode != 0 or not row or row[3:5] != want:
            return f"perf.py --sweep: bw {b}: exit {t.returncode}, row {row}, want {want}"
    # A copy ceiling (--copy-bw 4) bounds every bandwidth above 4.
    t = subprocess.run([sys.executable, PERF, "--sweep", "--copy-bw", "4"] +
                       [f"{b}={log}" for b in runs], capture_output=True, text=True, timeout=60)
    for b in runs:
        row = table_row(t.stdout, str(b))
        bound = max(compute, sb / b, sb / 4)
        want = [f"{bound:.0f}", "port" if sb / 4 >= max(compute, sb / b) else
                ("memory" if sb / b > compute else "compute")]
        if t.returncode != 0 or not row or row[3:5] != want:
            return f"perf.py --sweep --copy-bw 4: bw {b}: exit {t.returncode}, row {row}, want {want}"
    bad = subprocess.run([sys.executable, PERF, "--sweep", log], capture_output=True, text=True,
                         timeout=60)
    if bad.returncode == 0 or len(bad.stderr.strip().splitlines()) != 1:
        return f"perf.py --sweep without BW=: exit {bad.returncode}, want one error line"
    return None


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
    for name, fn in (
            ("bench_gemm_check", lambda: check_gemm_full("bench_gemm_check",
                                                         "gemm_bf16 32x256x256: 8192")),
            ("bench_gemm512_check", lambda: check_gemm_full("bench_gemm512_check",
                                                            "gemm_bf16_512 32x512x512: 4096")),
            ("perf_roofline", check_roofline)):
        why = fn()
        if why:
            failed += 1
            print(f"FAIL: {name}: {why}")
        else:
            print(f"PASS: {name}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
