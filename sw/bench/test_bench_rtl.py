#!/usr/bin/env python3
"""The README's headline performance figures, held to the RTL's counters.

Runs the tensor-unit benchmarks (build/sw/bench/*.elf) on the RTL builds
(`mosaic-sim --no-cosim`, 16x16, and in make regress `mosaic-sim-4x4`), reads their BENCH
lines (cycle and MAC counters the programs read from the performance
counters) and checks every figure README.md's results table publishes for
them: a figure is current when the counters give it to the digits it is
published with. So a change that makes the RTL slower fails here, and so
does one that makes it faster without the README following. The published
values are in PUBLISHED below; change them together with README.md.

Utilization = useful MACs / (cycles x PE), as tools/perf.py computes it
(docs/performance.md). One `PASS: name` / `FAIL: name: why` per check.
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tests", "sim"))
import simlib  # noqa: E402  (paths from MOSAIC_BUILD, running a command, PASS/FAIL lines)

BENCH = os.path.join(simlib.BUILD, "sw", "bench")

# README.md's results table, figure by figure:
# (build, program, case, quantity, published value, digits after the point)
PUBLISHED = [
    # chained 16x16x16 tmma, 1 000 tiles: 16.09 cycles/tile, 99.5 % on 16x16
    ("16x16", "bench_tmma", "tmma_bf16", "cycles/tile", 16.09, 2),
    ("16x16", "bench_tmma", "tmma_e4m3", "cycles/tile", 16.09, 2),
    ("16x16", "bench_tmma", "tmma_int8", "cycles/tile", 16.09, 2),
    ("16x16", "bench_tmma", "tmma_bf16", "util%", 99.5, 1),
    ("16x16", "bench_tmma", "tmma_e4m3", "util%", 99.5, 1),
    ("16x16", "bench_tmma", "tmma_int8", "util%", 99.5, 1),
    # AME mmacc, 40 instructions: 96.5-96.7 % (2x2), 99.2 % (guarded 4x4)
    ("16x16", "bench_ame", "ame_2x2_int8_int16", "util%", 96.7, 1),
    ("16x16", "bench_ame", "ame_2x2_e4m3_fp16", "util%", 96.7, 1),
    ("16x16", "bench_ame", "ame_2x2_bf16_fp32", "util%", 96.5, 1),
    ("16x16", "bench_ame", "ame_4x4_int8_int16", "util%", 99.2, 1),
    ("16x16", "bench_ame", "ame_4x4_e4m3_fp16", "util%", 99.2, 1),
    # GEMM 256^3 from main memory, latency 100, 16 B/cycle: 75 003 cycles, 87.4 %
    ("16x16", "bench_gemm", "gemm_bf16", "cycles", 75003, 0),
    ("16x16", "bench_gemm", "gemm_bf16", "util%", 87.4, 1),
]
# GEMM 512^3 takes 85 s of the 16x16 model (549 k cycles), and make test
# does not build the 4x4 model: make regress (MOSAIC_TIER=regress) checks
# these figures, make test says it does not.
PUBLISHED_REGRESS = [
    ("16x16", "bench_gemm512", "gemm_bf16_512", "cycles", 549185, 0),
    ("16x16", "bench_gemm512", "gemm_bf16_512", "util%", 95.5, 1),
    # chained tmma: 96.2 % on 4x4
    ("4x4", "bench_tmma", "tmma_bf16", "util%", 96.2, 1),
    ("4x4", "bench_tmma", "tmma_e4m3", "util%", 96.2, 1),
    ("4x4", "bench_tmma", "tmma_int8", "util%", 96.2, 1),
    # mmacc: 99.8 % on 4x4 (the 2x2 INT8 case)
    ("4x4", "bench_ame", "ame_2x2_int8_int16", "util%", 99.8, 1),
]
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
PE = {"16x16": 256, "4x4": 16}
SIMS = {"16x16": simlib.SIM, "4x4": simlib.SIM_4X4}
TALLY = simlib.Tally()
check = TALLY.check


def bench_lines(text):
    """BENCH lines of a run: {case: {field: int}}."""
    out = {}
    for m in re.finditer(r"^BENCH (\S+) (.*)$", text, re.M):
        out[m.group(1)] = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", m.group(2))}
    return out


def run(build, prog):
    """Run one benchmark; returns ({case: counters}, why)."""
    elf = os.path.join(BENCH, prog + ".elf")
    sim = SIMS[build]
    for f in (sim, elf):
        if not os.path.exists(f):
            return None, f"{f} not built (make test builds it)"
    cmd = [sim, "--no-cosim"] + (simlib.GEMM_DRAM if prog.startswith("bench_gemm") else []) + [elf]
    rc, out, err = simlib.run(cmd, timeout=900)
    if rc != 0:
        return None, f"{' '.join(cmd)}: exit {rc}: {simlib.first_lines(err, 4)}"
    return bench_lines(out), ""


def value(c, quantity, pe):
    if quantity == "cycles/tile":
        return c["cycles"] / c["n"]
    if quantity == "util%":
        return 100.0 * c["macs"] / (c["cycles"] * pe)
    return float(c[quantity])


def main():
    runs = {}
    if not REGRESS:
        print("INFO: bench_gemm512's figures (85 s on the 16x16 model) and the 4x4 ones are checked by make regress")
    for build, prog, case, quantity, pub, digits in PUBLISHED + (PUBLISHED_REGRESS if REGRESS else []):
        key = (build, prog)
        if key not in runs:
            runs[key] = run(build, prog)
        lines, why = runs[key]
        name = f"{build} {prog} {case}: {quantity} = {pub} (README)"
        if lines is None:
            check(name, False, why)
            continue
        if case not in lines:
            check(name, False, f"no BENCH line {case} (cases: {sorted(lines)})")
            continue
        got = value(lines[case], quantity, PE[build])
        check(name, round(got, digits) == round(pub, digits),
              f"the counters give {got:.4f}: the RTL or README.md changed "
              f"({lines[case]})")
    print(f"bench_rtl: {TALLY.passed} passed, {TALLY.failed} failed")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
