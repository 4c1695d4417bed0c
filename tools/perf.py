#!/usr/bin/env python3
"""Turn the BENCH lines of sw/bench programs into a Markdown report.

    tools/perf.py [--source rtl|iss] [--pe N] [--sim CMD] [--dram-bw B]
                  [--dram-latency L] [-o perf.md] LOG...

A BENCH line is `BENCH <case> n=<N> cycles=... insns=... tensor_insns=...
mac_busy=... macs=... conflicts=... tu_stalls=... sdma_bytes=... sdma_busy=...`
(sw/bench/bench.h). Cases `tmma_*` (N chained tmma) and `ame_*` (mmacc, N =
sub-operations) give a throughput table: cycles per tile = cycles / N, utilization = macs / (cycles x PE), MAC busy =
mac_busy / cycles. Cases `cpi_*` (N independent instances) give CPI =
cycles / N; `cpi_loop` is the loop overhead included in the others, and
"net" subtracts it.

Cases `gemm_*` (sw/bench/bench_gemm.c: a whole GEMM from main memory, N =
16x16x16 tile products) give utilization = macs / (cycles x PE) beside the
roofline: compute bound = macs / PE cycles, memory bound = sdma_bytes /
DRAM bytes per cycle (--dram-bw, what the run was given), bound = the
larger, and the share of that bound the run reached (bound / cycles).
--copy-bw C adds the SoC's own ceiling: SDMA bytes / C cycles, C being
what the SDMA path can copy per cycle whatever the DRAM does (8 on the
current SoC: one 8-byte AXI port whose read and write channels each
copied byte crosses, main memory -> engine -> scratchpad); the bound type
is then "port" when that is the largest. SDMA busy = sdma_busy / cycles
(the engine holding at least one command).

    tools/perf.py --sweep [--pe N] [-o sweep.md] BW=LOG...

tabulates one gemm case over runs at several DRAM bandwidths (BW bytes per
cycle, one log each): bw, cycles, MAC utilization, roofline bound, bound
type (memory/compute), and the bandwidth where the roofline turns
compute-bound (sdma_bytes / compute cycles).

PE is the number of MAC units (16x16 = 256 by default): docs/isa.md defines
no CSR that reports the array size (mamul is AMUL, mmisa lists features), so
the harness passes it (make perf-table PE=16 for a 4x4 build).

On the ISS (--source iss) mcycle counts retired instructions and the timing
counters (mac_busy, conflicts, tu_stalls) are 0: the report says so and
labels the figures as instruction counts. The table goes to stdout and -o.
"""
import argparse
import os
import re
import sys

LINE = re.compile(r"^BENCH\s+(\S+)\s+(.*)$")


def parse_lines(lines, order=None, cases=None):
    """BENCH lines -> (case names in first-seen order, {case: {field: value}});
    a later line of the same case replaces the earlier one."""
    order = [] if order is None else order
    cases = {} if cases is None else cases
    for line in lines:
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


def parse(paths):
    order, cases = [], {}
    for p in paths:
        with open(p, encoding="utf-8", errors="replace") as f:
            parse_lines(f, order, cases)
    return order, cases


def pct(num, den):
    return f"{100.0 * num / den:.1f} %" if den else "-"


def ratio(num, den, digits=2):
    return f"{num / den:.{digits}f}" if den else "-"


def roofline(macs, sdma_bytes, pe, bw, copy_bw=None):
    """Lower bound on cycles: the array at full rate, the DRAM at bw or the
    SoC's copy path at copy_bw bytes per cycle."""
    compute = macs / pe
    memory = sdma_bytes / bw if bw else None
    port = sdma_bytes / copy_bw if copy_bw else None
    bound = max(compute, memory or 0, port or 0)
    kind = "memory" if memory is not None and memory > compute else "compute"
    if port is not None and port >= bound:
        kind = "port"
    return {"compute": compute, "memory": memory, "port": port, "bound": bound,
            "type": kind if memory is not None or port is not None else "compute (no DRAM bw)"}


def fmt_mem(r):
    text = "-" if r["memory"] is None else f"{r['memory']:.0f}"
    return text + (f" (port {r['port']:.0f})" if r.get("port") else "")


def report(order, cases, source, pe, sim, dram_bw=None, dram_latency=None, copy_bw=None):
    iss = source == "iss"
    cyc = "instructions" if iss else "cycles"
    out = ["# Tensor-unit performance (sw/bench)", ""]
    if iss:
        out += [f"Run on the ISS ({sim}): **cycle figures are retired-instruction counts**, "
                "not time; MAC busy, bank conflicts and TU stalls are not modelled (0). "
                "Utilization and CPI below are therefore instruction ratios; the real "
                "figures come from the RTL (`make perf-table` with build/bin/mosaic-sim).", ""]
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
    gm = [n for n in order if n.startswith("gemm_")]
    if gm:
        dram = (f"DRAM {dram_bw:g} B/cycle" if dram_bw else "DRAM bandwidth not given") + (
            f", latency {dram_latency}" if dram_latency is not None else "") + (
            f", SDMA copy path {copy_bw:g} B/cycle" if copy_bw else "")
        if iss:
            dram += "; the ISS models no DRAM timing, so only the bounds are meaningful"
        out += [f"## GEMM from main memory ({dram}; roofline = max(compute, memory))", "",
                f"| case | tiles | {cyc} | useful MACs | utilization (PE={pe}) | MAC busy | "
                "SDMA bytes | compute bound | memory bound | bound type | "
                f"share of roofline | SDMA busy |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|"]
        for n in gm:
            c = cases[n]
            cycles, macs, sb = c.get("cycles", 0), c.get("macs", 0), c.get("sdma_bytes", 0)
            r = roofline(macs, sb, pe, dram_bw, copy_bw)
            out.append(f"| {n} | {c.get('n', 0)} | {cycles} | {macs} | {pct(macs, cycles * pe)} | "
                       f"{pct(c.get('mac_busy', 0), cycles)} | {sb} | {r['compute']:.0f} | "
                       f"{fmt_mem(r)} | {r['type']} | {pct(r['bound'], cycles)} | "
                       f"{pct(c.get('sdma_busy', 0), cycles)} |")
        out.append("")
    other = [n for n in order if not n.startswith(("tmma_", "ame_", "cpi_", "gemm_"))]
    for n in other:
        out.append(f"- {n}: " + ", ".join(f"{k}={v}" for k, v in cases[n].items()))
    return "\n".join(out).rstrip() + "\n"


def sweep(runs, pe, copy_bw=None):
    """runs: [(bw, path)], one gemm case each."""
    rows, name = [], None
    for bw, path in runs:
        order, cases = parse([path])
        gm = [n for n in order if n.startswith("gemm_")]
        if not gm:
            return None, f"no gemm BENCH line in {path}"
        name = gm[0]
        rows.append((bw, cases[name]))
    out = [f"# {name}: DRAM bandwidth sweep (PE array = {pe} MAC units)", "",
           "| DRAM B/cycle | cycles | MAC utilization | roofline bound (cycles) | bound type | "
           "share of roofline | SDMA bytes | MAC busy | SDMA busy |",
           "|---:|---:|---:|---:|---|---:|---:|---:|---:|"]
    for bw, c in sorted(rows, key=lambda x: x[0]):
        cycles, macs, sb = c.get("cycles", 0), c.get("macs", 0), c.get("sdma_bytes", 0)
        r = roofline(macs, sb, pe, bw, copy_bw)
        out.append(f"| {bw:g} | {cycles} | {pct(macs, cycles * pe)} | {r['bound']:.0f} | "
                   f"{r['type']} | {pct(r['bound'], cycles)} | {sb} | "
                   f"{pct(c.get('mac_busy', 0), cycles)} | {pct(c.get('sdma_busy', 0), cycles)} |")
    c = rows[0][1]
    if c.get("macs", 0):
        cross = c.get("sdma_bytes", 0) / (c["macs"] / pe)
        out += ["", f"The roofline turns compute-bound at {cross:.1f} B/cycle "
                f"({c.get('sdma_bytes', 0)} bytes over {c['macs'] / pe:.0f} compute cycles)."]
        if copy_bw:
            out += [f"The SoC's SDMA copy path ({copy_bw:g} B/cycle) bounds every run at "
                    f"{c.get('sdma_bytes', 0) / copy_bw:.0f} cycles, "
                    f"{pct(c['macs'], c.get('sdma_bytes', 0) / copy_bw * pe)} MAC utilization."]
    return "\n".join(out) + "\n", None


def write(text, output):
    sys.stdout.write(text)
    if output:
        os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="outputs of the bench programs")
    ap.add_argument("--source", choices=["rtl", "iss"], default="rtl")
    ap.add_argument("--pe", type=int, default=256, help="MAC units in the array (default 256)")
    ap.add_argument("--sim", default="", help="the command that ran the programs (for the text)")
    ap.add_argument("--dram-bw", type=float, help="DRAM bytes/cycle of the gemm run (roofline)")
    ap.add_argument("--dram-latency", type=int, help="DRAM latency of the gemm run (for the text)")
    ap.add_argument("--copy-bw", type=float,
                    help="bytes/cycle the SoC's SDMA path copies at most (roofline ceiling)")
    ap.add_argument("--sweep", action="store_true",
                    help="LOG arguments are BW=LOG: one gemm run per DRAM bandwidth")
    ap.add_argument("-o", "--output", help="also write the report here")
    a = ap.parse_args(argv)
    if a.pe <= 0:
        ap.error("--pe must be positive")
    if a.dram_bw is not None and a.dram_bw <= 0:
        ap.error("--dram-bw must be positive")
    if a.copy_bw is not None and a.copy_bw <= 0:
        ap.error("--copy-bw must be positive")
    if a.sweep:
        runs = []
        for arg in a.logs:
            bw, sep, path = arg.partition("=")
            try:
                bwv = float(bw)
            except ValueError:
                bwv = 0
            if not sep or bwv <= 0:
                print(f"perf.py: --sweep takes BW=LOG arguments with BW > 0, not {arg!r}",
                      file=sys.stderr)
                return 2
            if not os.path.exists(path):
                print(f"perf.py: {path}: no such file", file=sys.stderr)
                return 1
            runs.append((bwv, path))
        text, err = sweep(runs, a.pe, a.copy_bw)
        if err:
            print("perf.py: " + err, file=sys.stderr)
            return 1
        write(text, a.output)
        return 0
    order, cases = parse(a.logs)
    if not order:
        print("perf.py: no BENCH lines in " + " ".join(a.logs), file=sys.stderr)
        return 1
    text = report(order, cases, a.source, a.pe, a.sim or a.source, a.dram_bw, a.dram_latency,
                  a.copy_bw)
    write(text, a.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
