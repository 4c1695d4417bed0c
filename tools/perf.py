#!/usr/bin/env python3
"""Turn the BENCH lines of sw/bench programs into a Markdown report.

    tools/perf.py [--source rtl|iss] [--pe N] [--sim CMD] [-o perf.md] LOG...

A BENCH line is `BENCH <case> n=<N> cycles=... insns=... tensor_insns=...
mac_busy=... macs=... conflicts=... tu_stalls=... sdma_bytes=...`
(sw/bench/bench.h). Cases `tmma_*` (N chained tmma) and `ame_*` (mmacc, N =
sub-operations) give a throughput table: cycles per tile = cycles / N, utilization = macs / (cycles x PE), MAC busy =
mac_busy / cycles. Cases `cpi_*` (N independent instances) give CPI =
cycles / N; `cpi_loop` is the loop overhead included in the others, and
"net" subtracts it.

PE is the number of MAC units (16x16 = 256 by default): docs/isa.md defines
no CSR that reports the array size (mamul is AMUL, mmisa lists features), so
the harness passes it (make perf PE=16 for a 4x4 build).

On the ISS (--source iss) mcycle counts retired instructions and the timing
counters (mac_busy, conflicts, tu_stalls) are 0: the report says so and
labels the figures as instruction counts. The table goes to stdout and -o.
"""
import argparse
import os
import re
import sys

LINE = re.compile(r"^BENCH\s+(\S+)\s+(.*)$")


def parse(paths):
    cases = {}
    order = []
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = LINE.match(line.strip())
                if not m:
                    continue
                fields = {}
                for kv in m.group(2).split():
                    k, _, v = kv.partition("=")
                    try:
                        fields[k] = int(v, 0)
                    except ValueError:
                        fields[k] = v
                name = m.group(1)
                if name not in cases:
                    order.append(name)
                cases[name] = fields
    return order, cases


def pct(num, den):
    return f"{100.0 * num / den:.1f} %" if den else "-"


def ratio(num, den, digits=2):
    return f"{num / den:.{digits}f}" if den else "-"


def report(order, cases, source, pe, sim):
    iss = source == "iss"
    cyc = "instructions" if iss else "cycles"
    out = ["# Tensor-unit performance (sw/bench)", ""]
    if iss:
        out += [f"Run on the ISS ({sim}): **cycle figures are retired-instruction counts**, "
                "not time; MAC busy, bank conflicts and TU stalls are not modelled (0). "
                "Utilization and CPI below are therefore instruction ratios; the real "
                "figures come from the RTL (`make perf` with build/bin/mosaic-sim).", ""]
    else:
        out += [f"Run on the RTL ({sim}); PE array = {pe} MAC units.", ""]
    tm = [n for n in order if n.startswith(("tmma_", "ame_"))]
    if tm:
        out += ["## tmma / mmacc throughput (tmma chained into one accumulator; "
                "mmacc: n = 16x16x16 sub-operations)", "",
                f"| case | n | {cyc} | {cyc}/tile | useful MACs | MACs/tile | "
                f"utilization (PE={pe}) | MAC busy | bank conflicts | TU stalls |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for n in tm:
            c = cases[n]
            cycles, k, macs = c.get("cycles", 0), c.get("n", 0), c.get("macs", 0)
            out.append(f"| {n.partition('_')[2] if n.startswith('tmma_') else n} | {k} | {cycles} | {ratio(cycles, k, 1)} | {macs} | "
                       f"{ratio(macs, k, 0)} | {pct(macs, cycles * pe)} | "
                       f"{pct(c.get('mac_busy', 0), cycles)} | {c.get('conflicts', 0)} | "
                       f"{c.get('tu_stalls', 0)} |")
        out.append("")
    cp = [n for n in order if n.startswith("cpi_")]
    if cp:
        base = cases.get("cpi_loop", {})
        b_cyc, b_n = base.get("cycles", 0), base.get("n", 0)
        out += ["## Cycles per tensor instruction (independent instances)", "",
                f"| instruction | n | {cyc} | CPI | net CPI (minus loop) | TU stalls | "
                "bank conflicts |",
                "|---|---:|---:|---:|---:|---:|---:|"]
        for n in cp:
            c = cases[n]
            cycles, k = c.get("cycles", 0), c.get("n", 0)
            net = ratio(cycles - b_cyc, k) if n != "cpi_loop" and k and b_n == k else "-"
            out.append(f"| {n[4:]} | {k} | {cycles} | {ratio(cycles, k)} | {net} | "
                       f"{c.get('tu_stalls', 0)} | {c.get('conflicts', 0)} |")
        out.append("")
    other = [n for n in order if not n.startswith(("tmma_", "ame_", "cpi_"))]
    for n in other:
        out.append(f"- {n}: " + ", ".join(f"{k}={v}" for k, v in cases[n].items()))
    return "\n".join(out).rstrip() + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="outputs of the bench programs")
    ap.add_argument("--source", choices=["rtl", "iss"], default="rtl")
    ap.add_argument("--pe", type=int, default=256, help="MAC units in the array (default 256)")
    ap.add_argument("--sim", default="", help="the command that ran the programs (for the text)")
    ap.add_argument("-o", "--output", help="also write the report here")
    a = ap.parse_args(argv)
    if a.pe <= 0:
        ap.error("--pe must be positive")
    order, cases = parse(a.logs)
    if not order:
        print("perf.py: no BENCH lines in " + " ".join(a.logs), file=sys.stderr)
        return 1
    text = report(order, cases, a.source, a.pe, a.sim or a.source)
    sys.stdout.write(text)
    if a.output:
        os.makedirs(os.path.dirname(os.path.abspath(a.output)), exist_ok=True)
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
