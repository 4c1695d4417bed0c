#!/usr/bin/env python3
"""Run Mosaic's benchmark set on the RTL and write a performance report:
build/perf/report.html (self-contained, plots embedded), the plots as PNG
and every number as CSV (make perf; docs/performance.md).

    tools/perf_report.py [--out DIR] [--quick] [--models small,large]
                         [--dram-latency L] [--dram-bw B] [--sweep-bw 4,8,16,32]
                         [--fmt-max 256|512] NAME=SIM:PE ...
    tools/perf_report.py --replot [--out DIR]

NAME=SIM:PE is one RTL build: a label (16x16), the mosaic-sim binary and
its number of MAC units (256). Every build runs:
  - bench_tmma and bench_ame (chained tmma and AME mmacc per input format
    pair; utilization = useful MACs / (cycles x PE));
  - atalla_sizes (atalla_gemm on S x S x S BF16 from main memory, S = 16
    ... 512; ... 256 on builds of fewer than 256 MAC units);
  - bench_fmt (the example kernel gemm_tiled per input format pair on
    S x S x S, S = 16 ... --fmt-max: bench_fmt256.elf or bench_fmt.elf);
  - bench_gemm (256^3 BF16 -> FP32 from main memory): on the largest build
    at every --sweep-bw (the roofline's DRAM sweep), on the others at
    --dram-bw;
  - bench_gemm512 (512^3, the same from main memory): on the largest build;
and on the largest build the three Atalla ONNX models (tools/atalla_models.py)
at each --models size, compiled to blobs and run by run_model.elf.
Programs with main-memory traffic run at --dram-latency / --dram-bw (the
sweep varies the bandwidth); all run --no-cosim (the RTL alone: lockstep
with the ISS is what make test checks; here only the counters matter).

Every cycle, MAC and byte figure is read by the program itself from the
performance counters (mcycle, hpmcounter3..9; sw/bench/bench.h) and printed
as a BENCH or OP line, so the report is the same on any host. The one
wall-clock figure, simulation speed (simulated cycles per CPU-second of
the simulator process, from --stats and getrusage), is labelled with the
machine. --quick runs bench_tmma and bench_ame only (the make test check).
--replot draws the plots and report.html again from a run's CSVs and its
run.json (the settings, builds, source revision and machine), simulating
nothing: for a change to a plot.
Exit status: 0, 1 when a run fails (the report is still written, the
failure named in it), 2 on bad usage.
"""
import argparse
import base64
import csv
import datetime
import html
import io
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
sys.path.insert(0, HERE)
import perf  # noqa: E402
from sim_bench import cpu_model  # noqa: E402

COUNTERS = ("n", "cycles", "insns", "tensor_insns", "mac_busy", "macs", "conflicts",
            "tu_stalls", "sdma_bytes", "sdma_busy")
OP_LINE = re.compile(r"^OP\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\d+)$")
MODEL_ADDR = 0x40800000
PLOTS = ("roofline", "sizes", "fmt_sizes", "formats", "models", "speed")
OUTPUTS = ("report.html", "bench.csv", "models.csv", "simspeed.csv", "run.json") + tuple(
    p + ".png" for p in PLOTS)
# The port ceiling: the SoC's one 128-bit AXI port moves at most one 16-byte
# beat per cycle whatever --dram-bw says (mosaic-sim --help).
PORT_BW = 16
FORMAT_LABEL = {"bf16": "BF16→FP32", "e4m3": "FP8 E4M3→FP32", "int8": "INT8→INT32",
                "int8_int16": "INT8→INT16", "e4m3_fp16": "FP8 E4M3→FP16",
                "bf16_fp32": "BF16→FP32"}


class Build:
    def __init__(self, spec):
        name, _, rest = spec.partition("=")
        sim, _, pe = rest.rpartition(":")
        if not name or not sim or not pe.isdigit() or int(pe) <= 0:
            raise ValueError(f"{spec}: want NAME=SIM:PE (e.g. 16x16=build/bin/mosaic-sim:256)")
        self.name, self.sim, self.pe, self.spec = name, sim, int(pe), spec


class Runner:
    """Runs programs on the simulators; collects BENCH rows, OP rows, the
    simulation speed of every run and the failures."""

    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.rows, self.ops, self.speed, self.failures = [], [], [], []

    def sim(self, build, elf, opts, label, extra_args=()):
        cmd = [build.sim, "--no-cosim", "--stats", *opts, *extra_args, elf]
        log = os.path.join(self.out_dir, "logs", f"{build.name}_{label}.log")
        print(f"perf: {build.name}: {label} ...", flush=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        with open(log, "w") as f:
            f.write(f"$ {' '.join(cmd)}\n{p.stdout}{p.stderr}")
        m = re.search(r"^cycles: (\d+)", p.stderr, re.M)
        if p.returncode != 0 or not m:
            self.failures.append(f"{build.name} {label}: exit {p.returncode} (log {log})")
            print(f"perf: {build.name}: {label} FAILED, exit {p.returncode}, see {log}", flush=True)
        if m:
            self.speed.append({"build": build.name, "program": label, "cycles": int(m.group(1)),
                               "cpu_s": round(cpu, 2), "wall_s": round(wall, 2),
                               "machine": machine()})  # wall-clock figures name their host
        return p.stdout

    def bench(self, build, elf, label, dram_lat=0, dram_bw=0):
        opts = ["--dram-latency", str(dram_lat), "--dram-bw", str(dram_bw)] if dram_bw else []
        out = self.sim(build, elf, opts, label)
        order, cases = perf.parse_lines(out.splitlines())
        for case in order:
            c = cases[case]
            row = {"build": build.name, "pe": build.pe, "program": label, "case": case,
                   "dram_latency": dram_lat if dram_bw else "", "dram_bw": dram_bw or ""}
            for k in COUNTERS:
                row[k] = c.get(k, "")
            row["utilization"] = round(c["macs"] / (c["cycles"] * build.pe), 4) if c.get("cycles") else ""
            row["macs_per_cycle"] = round(c["macs"] / c["cycles"], 3) if c.get("cycles") else ""
            row["macs_per_byte"] = round(c["macs"] / c["sdma_bytes"], 3) if c.get("sdma_bytes") else ""
            self.rows.append(row)
        if not order:
            self.failures.append(f"{build.name} {label}: no BENCH line")

    def model(self, build, elf, model, size, dram_lat, dram_bw, work):
        import atalla_models
        import atalla_onnx
        m, feeds = atalla_models.build(model, size)
        blob = atalla_onnx.compile_model(m, feeds)
        path = os.path.join(work, f"{model}_{size}.blob")
        with open(path, "wb") as f:
            f.write(blob)
        label = f"{model}_{size}"
        out = self.sim(build, elf, ["--dram-latency", str(dram_lat), "--dram-bw", str(dram_bw)],
                       label, ["--load", f"{path}@0x{MODEL_ADDR:08x}"])
        n = 0
        for line in out.splitlines():
            g = OP_LINE.match(line.strip())
            if not g:
                continue
            n += 1
            self.ops.append({"build": build.name, "pe": build.pe, "model": model, "size": size,
                             "op": int(g[1]), "kind": g[2], "output": g[3], "shape": g[4],
                             "cycles": int(g[5]), "insns": int(g[6]), "tensor_insns": int(g[7]),
                             "macs": int(g[8]), "sdma_bytes": int(g[10]),
                             "dram_latency": dram_lat, "dram_bw": dram_bw})
        if not n:
            self.failures.append(f"{build.name} {label}: no OP line")


def write_csv(path, rows):
    if not rows:
        return
    keys = list(rows[0])
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys)
        w.writeheader()
        w.writerows(rows)


# ---------------------------------------------------------------- plots

def fig_png(fig, path):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    data = buf.getvalue()
    with open(path, "wb") as f:
        f.write(data)
    return base64.b64encode(data).decode()


def plot_roofline(plt, rows, builds, sweep_bw):
    big = max(builds, key=lambda b: b.pe)
    pts = [r for r in rows if r["build"] == big.name and r["macs_per_byte"] != ""
           and r["dram_bw"] != ""]
    if not pts:
        return None
    fig, ax = plt.subplots(figsize=(7.5, 4.8))
    xs = [r["macs_per_byte"] for r in pts]
    x0, x1 = min(xs) / 4, max(xs) * 4
    ax.axhline(big.pe, color="black", lw=1.5)
    ax.text(x0 * 1.1, big.pe * 1.06, f"compute ceiling: {big.pe} MACs/cycle ({big.name})", fontsize=8)
    for bw in sweep_bw:
        eff = min(bw, PORT_BW)
        ax.plot([x0, x1], [eff * x0, eff * x1], ls="--", lw=1,
                label=f"DRAM {bw} B/cycle" + (" (= port ceiling 16)" if bw > PORT_BW else ""))
    marks = {"bench_gemm_bw": ("o", "bench_gemm 256³ (colour = DRAM B/cycle)"),
             "bench_gemm512": ("D", "bench_gemm512 512³"),
             "atalla_sizes": ("s", "atalla_gemm S³, S = 16…512")}
    for prog, (mk, label) in marks.items():
        sel = [r for r in pts if r["program"].startswith(prog)]
        for r in sel:
            ax.scatter(r["macs_per_byte"], r["macs_per_cycle"], marker=mk, s=36, zorder=3,
                       color=f"C{sweep_bw.index(r['dram_bw']) if r['dram_bw'] in sweep_bw else 0}")
        if sel:
            ax.scatter([], [], marker=mk, color="gray", label=label)
    for r in pts:
        if r["program"].startswith("atalla_sizes"):
            ax.annotate(r["case"].replace("gemm_size_", ""), (r["macs_per_byte"], r["macs_per_cycle"]),
                        textcoords="offset points", xytext=(4, -10), fontsize=7)
    ax.set_xscale("log", base=2)
    ax.set_yscale("log", base=2)
    ax.set_ylim(top=big.pe * 1.6)
    ax.set_xlabel("arithmetic intensity: useful MACs per main-memory byte (SDMA)")
    ax.set_ylabel("achieved MACs per cycle")
    ax.set_title(f"GEMM roofline on {big.name}, DRAM latency {pts[0]['dram_latency']} cycles")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    return fig


def plot_sizes(plt, rows, builds):
    """atalla_gemm's utilization against S per build (lines), and the
    hand-blocked kernels bench_gemm (256^3) and bench_gemm512 (512^3) at
    the same DRAM settings (stars, BF16 -> FP32): how far a kernel tuned
    for one size gets."""
    fig, ax = plt.subplots(figsize=(7.5, 5.0))
    any_ = any_hand = False
    for i, b in enumerate(sorted(builds, key=lambda b: b.pe)):
        sel = [r for r in rows if r["build"] == b.name and r["program"].startswith("atalla_sizes")]
        if not sel:
            continue
        any_ = True
        xs = [int(r["case"].rsplit("_", 1)[1]) for r in sel]
        ys = [100 * r["utilization"] for r in sel]
        ax.plot(xs, ys, marker="o", label=f"atalla_gemm on {b.name} ({b.pe} MACs)", color=f"C{i}")
        for x, y in zip(xs, ys):  # labels above, then below, then above ...: no overlap
            ax.annotate(f"{y:.0f}", (x, y), textcoords="offset points",
                        xytext=(0, 6 if i % 2 == 0 else -12), fontsize=7, ha="center",
                        color=f"C{i}")
        hand = [r for r in rows if r["build"] == b.name and r["dram_bw"] == sel[0]["dram_bw"]
                and (r["program"] == "bench_gemm512" or r["program"].startswith("bench_gemm_bw"))]
        if hand:
            any_hand = True
            hx = [512 if r["program"] == "bench_gemm512" else 256 for r in hand]
            hy = [100 * r["utilization"] for r in hand]
            ax.scatter(hx, hy, marker="*", s=90, zorder=3, color=f"C{i}")
            for x, y in zip(hx, hy):
                ax.annotate(f"{y:.1f}", (x, y), textcoords="offset points", xytext=(8, -3),
                            fontsize=7, color=f"C{i}")
    if not any_:
        plt.close(fig)
        return None
    if any_hand:
        ax.scatter([], [], marker="*", s=90, color="gray",
                   label="bench_gemm 256³, bench_gemm512 512³ (hand-blocked, BF16→FP32)")
    ax.set_xscale("log", base=2)
    ax.set_xticks([16, 32, 64, 128, 256, 512], ["16", "32", "64", "128", "256", "512"])
    ax.set_ylim(0, 105)
    ax.set_xlabel("matrix size S (S×S×S GEMM from main memory)")
    ax.set_ylabel("MAC utilization %")
    ax.set_xlim(12, 720)  # room for the 512 star's label
    ax.set_title("GEMM utilization against matrix size (atalla_gemm: BF16→FP32→BF16)")
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    fig.tight_layout()
    return fig


def plot_fmt_sizes(plt, rows, builds):
    """One panel per build: gemm_tiled's utilization against S for each
    input format pair, atalla_gemm (BF16) in grey for reference."""
    bs = [b for b in sorted(builds, key=lambda b: b.pe)
          if any(r["build"] == b.name and r["program"] == "bench_fmt" for r in rows)]
    if not bs:
        return None
    fig, axes = plt.subplots(1, len(bs), figsize=(4.2 * len(bs) + 0.5, 4.0), squeeze=False,
                             sharey=True)
    for ax, b in zip(axes[0], bs):
        drawn = {}
        for i, pair in enumerate(("bf16", "e4m3", "int8")):
            sel = [r for r in rows if r["build"] == b.name and r["program"] == "bench_fmt"
                   and r["case"].startswith(f"gemm_fmt_{pair}_")]
            ys = tuple(100 * r["utilization"] for r in sel)
            label = f"gemm_tiled {FORMAT_LABEL[pair]}"
            if ys in drawn:  # a line hidden under an equal one: say so
                label += f" (= {drawn[ys]})"
            drawn.setdefault(ys, FORMAT_LABEL[pair])
            ax.plot([int(r["case"].rsplit("_", 1)[1]) for r in sel], ys, marker="o", ls="--",
                    color=f"C{i}", label=label)
        sel = [r for r in rows if r["build"] == b.name and r["program"].startswith("atalla_sizes")]
        ax.plot([int(r["case"].rsplit("_", 1)[1]) for r in sel],
                [100 * r["utilization"] for r in sel], marker="s", color="grey",
                label="atalla_gemm BF16→FP32→BF16")
        ax.set_xscale("log", base=2)
        ax.set_xticks([16, 32, 64, 128, 256, 512], ["16", "32", "64", "128", "256", "512"])
        ax.set_ylim(0, 105)
        ax.set_title(f"{b.name} ({b.pe} MACs)", fontsize=10)
        ax.set_xlabel("matrix size S")
        ax.grid(True, alpha=0.3)
    axes[0][0].set_ylabel("MAC utilization %")
    axes[0][-1].legend(fontsize=7, loc="upper left")  # the largest array: its lines stay low
    fig.suptitle("GEMM utilization against matrix size per input format pair (S×S×S from main memory)")
    return fig


def first_seen(values):
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


def grouped_bars(plt, names, groups, value, label=None):
    """One bar per (build name, group), the builds side by side in each
    group; value(name, group) gives the height (0: none), label(height)
    the text above a bar, if any."""
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    width = 0.8 / max(len(names), 1)
    for i, n in enumerate(names):
        ys = [value(n, g) for g in groups]
        xs = [j + (i - (len(names) - 1) / 2) * width for j in range(len(groups))]
        bars = ax.bar(xs, ys, width, label=n, color=f"C{i}")
        for bar, y in zip(bars, ys):
            if y and label:  # vertical: three bars' labels side by side fit
                ax.annotate(label(y), (bar.get_x() + bar.get_width() / 2, y), fontsize=6,
                            ha="center", va="bottom", rotation=90, xytext=(0, 2),
                            textcoords="offset points")
    ax.legend(fontsize=8, ncol=len(names), loc="upper left")
    return fig, ax


def plot_formats(plt, rows, builds):
    sel = [r for r in rows if r["program"] in ("bench_tmma", "bench_ame")]
    if not sel:
        return None
    names = [b.name for b in sorted(builds, key=lambda b: b.pe)]
    cases = first_seen(r["case"] for r in sel)

    def util(n, c):
        v = [r["utilization"] for r in sel if r["build"] == n and r["case"] == c]
        return 100 * v[0] if v else 0
    fig, ax = grouped_bars(plt, names, cases, util, lambda y: f"{y:.1f}")
    ax.set_xticks(range(len(cases)), [case_label(c) for c in cases], rotation=30, ha="right",
                  fontsize=7)
    ax.set_ylim(0, 130)
    ax.set_yticks(range(0, 101, 20))
    ax.set_ylabel("MAC utilization %")
    ax.set_title("Chained tmma (1000 tiles) and AME mmacc (40 instructions) per input format pair")
    ax.grid(True, axis="y", alpha=0.3)
    return fig


def case_label(c):
    if c.startswith("tmma_"):
        return "tmma " + FORMAT_LABEL.get(c[5:], c[5:])
    m = re.match(r"ame_(\d+x\d+)_(.*)", c)
    if m:
        return f"mmacc {m[1]} " + FORMAT_LABEL.get(m[2], m[2])
    return c


def plot_models(plt, ops):
    if not ops:
        return None
    keys = first_seen((o["build"], o["model"], o["size"]) for o in ops)
    sizes = first_seen(k[2] for k in keys)
    kinds = sorted({o["kind"] for o in ops})
    fig, axes = plt.subplots(1, len(sizes), figsize=(5 * len(sizes) + 1, 4.4), squeeze=False)
    for ax, size in zip(axes[0], sizes):
        ks = [k for k in keys if k[2] == size]
        bottoms = [0] * len(ks)
        for ci, kind in enumerate(kinds):
            vals = [sum(o["cycles"] for o in ops if (o["build"], o["model"], o["size"]) == k
                        and o["kind"] == kind) for k in ks]
            ax.bar(range(len(ks)), vals, bottom=bottoms, label=kind, color=f"C{ci}")
            bottoms = [b + v for b, v in zip(bottoms, vals)]
        for j, k in enumerate(ks):
            sel = [o for o in ops if (o["build"], o["model"], o["size"]) == k]
            pe = sel[0]["pe"]
            util = sum(o["macs"] for o in sel) / (pe * sum(o["cycles"] for o in sel))
            ax.annotate(f"{bottoms[j]:,} cycles\n{100 * util:.1f} % MAC util.", (j, bottoms[j]),
                        ha="center", fontsize=7, xytext=(0, 3), textcoords="offset points")
        ax.set_xticks(range(len(ks)), [k[1] for k in ks], fontsize=8)
        ax.set_ylim(0, max(bottoms) * 1.2)
        if ax is axes[0][0]:
            ax.set_ylabel("cycles (sum over the model's ops)")
        ax.set_title(f"{size} models on {ks[0][0]}", fontsize=10)
        ax.grid(True, axis="y", alpha=0.3)
    axes[0][-1].legend(title="op kind", fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.suptitle("Atalla ONNX models: cycles per op kind (stacked)")
    return fig


def plot_speed(plt, speed, builds):
    if not speed:
        return None
    names = [b.name for b in sorted(builds, key=lambda b: b.pe)]
    progs = first_seen(x["program"] for x in speed)

    def rate(n, p):
        v = [x for x in speed if x["build"] == n and x["program"] == p]
        return v[0]["cycles"] / max(v[0]["cpu_s"], 1e-3) / 1e3 if v else 0
    fig, ax = grouped_bars(plt, names, progs, rate, lambda y: f"{y:.0f}")
    ax.set_xticks(range(len(progs)), progs, rotation=30, ha="right", fontsize=7)
    ax.set_yscale("log")
    top = max(rate(n, p) for n in names for p in progs)
    ax.set_ylim(top=top * 6)  # room for the labels and the legend
    ax.set_yticks([t for t in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= top * 2],
                  [f"{t}" for t in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000) if t <= top * 2])
    ax.yaxis.set_minor_formatter(plt.NullFormatter())
    ax.set_ylabel("k simulated cycles per CPU-second")
    ax.set_title(f"Simulation speed (Verilator, --no-cosim) on {speed[0]['machine']}", fontsize=9)
    ax.grid(True, axis="y", which="both", alpha=0.3)
    return fig


def machine():
    return f"{os.cpu_count()} cores, {cpu_model()}"


# ---------------------------------------------------------------- HTML

def table(rows, cols, fmt=None):
    fmt = fmt or {}
    head = "".join(f"<th>{html.escape(h)}</th>" for h, _ in cols)
    body = []
    for r in rows:
        cells = []
        for _, k in cols:
            v = k(r) if callable(k) else r.get(k, "")
            if k in fmt:
                v = fmt[k](v)
            elif isinstance(v, int):
                v = f"{v:,}"
            cells.append(f"<td>{html.escape(str(v))}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def pct(v):
    return f"{100 * v:.1f} %" if v != "" else "-"


def section(title, img, text, tab):
    fig = f'<img alt="{html.escape(title)}" src="data:image/png;base64,{img}">' if img else \
        "<p><em>Not run in this report.</em></p>"
    return f"<h2>{html.escape(title)}</h2>\n<p>{text}</p>\n{fig}\n{tab}\n"


STYLE = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;color:#222}
table{border-collapse:collapse;font-size:12px;margin:0.5em 0 1.5em}
td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}th{background:#eee}
img{max-width:100%;border:1px solid #ddd}.fail{color:#b00;font-weight:bold}
code{background:#f4f4f4}"""


def write_html(path, a, builds, runner, imgs, run):
    """run: the run's record (run_record): revision, machine, time."""
    r = runner
    bench_cols = [("build", "build"), ("program", "program"), ("case", "case"), ("n", "n"),
                  ("cycles", "cycles"), ("MACs", "macs"), ("MAC-busy cycles", "mac_busy"),
                  ("utilization", "utilization"), ("SDMA bytes", "sdma_bytes"),
                  ("DRAM B/cycle", "dram_bw")]
    fmt = {"utilization": pct}
    parts = [f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>Mosaic performance report"
             f"</title><style>{STYLE}</style></head><body>",
             "<h1>Mosaic performance report</h1>",
             "<p>Every cycle, MAC and byte count below was read by the benchmark program itself "
             "from the performance counters (<code>mcycle</code>, <code>hpmcounter3…9</code>) "
             "of the RTL, simulated cycle-accurately by Verilator; they are the same on any host. "
             "Utilization = useful MACs / (cycles × MAC units).</p><ul>"]
    for b in builds:
        parts.append(f"<li><b>{html.escape(b.name)}</b>: {b.pe} MAC units, "
                     f"<code>{html.escape(b.sim)}</code> --no-cosim</li>")
    parts.append(f"<li>Main memory for the programs that use it: {a.dram_latency} cycles latency, "
                 f"{a.dram_bw} B/cycle (the roofline sweeps {', '.join(map(str, a.sweep_bw))}); "
                 f"the SoC's AXI port carries at most {PORT_BW} B/cycle.</li>")
    redrawn = ("" if run.get("replotted") is None else
               f"; plots and this page redrawn {html.escape(run['replotted'])} (--replot)")
    parts.append(f"<li>Source: git {html.escape(run['rev'])}; run "
                 f"{html.escape(run['generated'])} on {html.escape(run['machine'])} "
                 f"(only the simulation-speed figures depend on it){redrawn}.</li></ul>")
    if r.failures:
        parts.append("<p class='fail'>Failed runs: " + html.escape("; ".join(r.failures)) + "</p>")
    parts.append(section(
        "GEMM roofline", imgs.get("roofline"),
        "Achieved MACs per cycle against arithmetic intensity (useful MACs per byte moved "
        "between main memory and the scratchpad). A point cannot sit above the compute "
        "ceiling (the array's MAC count) or above its DRAM line (bandwidth × intensity). "
        "<code>bench_gemm</code> (256³, the hand-blocked kernel) runs at each DRAM bandwidth, "
        "<code>bench_gemm512</code> (512³) at the default one; "
        "<code>atalla_gemm</code> S³ runs at the default bandwidth. The plot and the table are "
        "of the largest build; the other builds' rows are in bench.csv (their atalla_gemm rows also in "
        "the next table).",
        table([x for x in r.rows if x["macs_per_byte"] != "" and x["dram_bw"] != ""
               and x["build"] == max(builds, key=lambda b: b.pe).name],
              bench_cols + [("MACs/byte", "macs_per_byte"), ("MACs/cycle", "macs_per_cycle")], fmt)))
    parts.append(section(
        "GEMM utilization against matrix size", imgs.get("sizes"),
        "<code>atalla_gemm</code> (the library's general GEMM: BF16 in and out, FP32 "
        "accumulation) on S×S×S from main memory, everything included: SDMA, tile loads, "
        "conversion, stores and the scalar core's loop. Small sizes are bound by fixed costs "
        "(a few thousand cycles of set-up and drain per call). atalla_gemm is BF16 (Atalla's "
        "type); the next section sweeps the format pairs with the example kernel. The stars are "
        "the hand-blocked kernels <code>bench_gemm</code> (256³) and <code>bench_gemm512</code> "
        "(512³, largest build; BF16→FP32, rows in the roofline table) at the same DRAM settings.",
        table([x for x in r.rows if x["program"].startswith("atalla_sizes")], bench_cols, fmt)))
    parts.append(section(
        "GEMM utilization against matrix size, per input format pair", imgs.get("fmt_sizes"),
        "<code>gemm_tiled</code> (<code>sw/examples/gemm</code>: the simple general kernel, any "
        "format pair) on S×S×S from main memory for BF16→FP32, FP8 E4M3→FP32 and INT8→INT32, "
        "<code>atalla_gemm</code> (BF16) in grey. Per tile product <code>gemm_tiled</code> moves "
        "both input tiles from main memory (1 KiB for 16-bit inputs, 512 bytes for 8-bit) and the "
        "scalar core issues about 90 instructions, so on 16×16 the core bounds it (about 130 "
        "cycles a tile product) and on 4×4 the array; the 8-bit pairs' halved traffic shows as "
        "a few percent in between.",
        table([x for x in r.rows if x["program"] == "bench_fmt"], bench_cols, fmt)))
    parts.append(section(
        "Input format pairs", imgs.get("formats"),
        "Peak sustained throughput per input format: 1000 chained <code>tmma</code> into one "
        "accumulator (<code>bench_tmma</code>, operands in the TRF) and 40 AME <code>mmacc</code> "
        "(<code>bench_ame</code>). No main memory involved.",
        table([x for x in r.rows if x["program"] in ("bench_tmma", "bench_ame")], bench_cols, fmt)))
    op_cols = [("model", "model"), ("size", "size"), ("op", "op"), ("kind", "kind"),
               ("output", "output"), ("shape", "shape"), ("cycles", "cycles"), ("MACs", "macs"),
               ("utilization", lambda o: pct(o["macs"] / (o["pe"] * o["cycles"]) if o["cycles"] else 0)),
               ("SDMA bytes", "sdma_bytes")]
    parts.append(section(
        "Atalla models, per op", imgs.get("models"),
        "The three Atalla ONNX models (<code>tools/atalla_models.py</code>), compiled to "
        "ATALLA00 blobs and run by <code>run_model.elf</code>; each op's cycles are counter "
        "deltas around its kernel call. The bar's label is the model's total and its MAC "
        "utilization.", table(r.ops, op_cols)))
    parts.append(section(
        "Simulation speed", imgs.get("speed"),
        f"Simulated cycles per CPU-second of each run of this report (Verilator model, RTL "
        f"alone), on {html.escape(run['machine'])}. A wall-clock figure: it depends on the host.",
        table(r.speed, [("build", "build"), ("program", "program"), ("cycles", "cycles"),
                        ("CPU s", "cpu_s"), ("wall s", "wall_s"),
                        ("k cycles/CPU-s", lambda s: f"{s['cycles'] / max(s['cpu_s'], 1e-3) / 1e3:,.0f}")])))
    parts.append("<p>Numbers: <code>bench.csv</code>, <code>models.csv</code>, "
                 "<code>simspeed.csv</code>; plots: <code>*.png</code>; logs: <code>logs/</code>, "
                 "beside this file.</p></body></html>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))


def git_rev():
    try:
        p = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                           capture_output=True, text=True)
        return p.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def run_record(a, builds, failures):
    """What --replot needs besides the CSVs: run.json."""
    return {"builds": [b.spec for b in builds], "dram_latency": a.dram_latency,
            "dram_bw": a.dram_bw, "sweep_bw": a.sweep_bw, "fmt_max": a.fmt_max,
            "rev": git_rev(), "machine": machine(),
            "generated": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "failures": failures}


def read_csv(path):
    """A CSV this tool wrote, numbers as numbers ("" stays: no value). A
    table with no rows was not written (write_csv): none is empty."""
    if not os.path.exists(path):
        return []
    def num(v):
        for t in (int, float):
            try:
                return t(v)
            except ValueError:
                pass
        return v
    with open(path, newline="") as f:
        return [{k: num(v) for k, v in row.items()} for row in csv.DictReader(f)]


def render(plt, out, a, builds, r, run):
    """The plots (PNG) and report.html from the collected rows."""
    imgs = {}
    draw = {"roofline": lambda: plot_roofline(plt, r.rows, builds, a.sweep_bw),
            "sizes": lambda: plot_sizes(plt, r.rows, builds),
            "fmt_sizes": lambda: plot_fmt_sizes(plt, r.rows, builds),
            "formats": lambda: plot_formats(plt, r.rows, builds),
            "models": lambda: plot_models(plt, r.ops),
            "speed": lambda: plot_speed(plt, r.speed, builds)}
    for key in PLOTS:  # the names OUTPUTS clears, so none is drawn unnamed
        path = os.path.join(out, f"{key}.png")
        if os.path.exists(path):
            os.remove(path)
        fig = draw[key]()
        if fig is not None:
            imgs[key] = fig_png(fig, path)
            plt.close(fig)
    report = os.path.join(out, "report.html")
    write_html(report, a, builds, r, imgs, run)
    return report, imgs


def replot(out, plt):
    """--replot: render again from out's CSVs and run.json."""
    try:
        with open(os.path.join(out, "run.json")) as f:
            run = json.load(f)
        r = Runner(out)
        if not os.path.exists(os.path.join(out, "bench.csv")):
            raise OSError(f"no bench.csv in {out}")
        r.rows, r.ops, r.speed = (read_csv(os.path.join(out, n))
                                  for n in ("bench.csv", "models.csv", "simspeed.csv"))
        r.failures = list(run["failures"])
        builds = [Build(s) for s in run["builds"]]
        a = argparse.Namespace(**{k: run[k] for k in ("dram_latency", "dram_bw", "sweep_bw")})
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"perf_report: --replot {out}: {e}", file=sys.stderr)
        return 2
    run["replotted"] = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    report, imgs = render(plt, out, a, builds, r, run)
    print(f"perf: redrew {report} ({len(r.rows)} benchmark rows, {len(r.ops)} model ops, "
          f"{len(imgs)} plots) from the CSVs of git {run['rev']}")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("builds", nargs="*", metavar="NAME=SIM:PE")
    ap.add_argument("--replot", action="store_true",
                    help="redraw the plots and report.html from --out's CSVs and run.json")
    ap.add_argument("--out", default=os.path.join(BUILD, "perf"))
    ap.add_argument("--quick", action="store_true", help="bench_tmma and bench_ame only")
    ap.add_argument("--models", default="small,large", help="model sizes, comma-separated ('' = none)")
    ap.add_argument("--dram-latency", type=int, default=100)
    ap.add_argument("--dram-bw", type=int, default=16)
    ap.add_argument("--sweep-bw", default="4,8,16,32")
    ap.add_argument("--fmt-max", type=int, choices=(256, 512), default=256,
                    help="bench_fmt's largest matrix size")
    a = ap.parse_args(argv)
    if a.replot or not a.builds:
        if not a.replot or a.builds:
            ap.error("give NAME=SIM:PE builds, or --replot without them")
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        return replot(a.out, plt)
    try:
        builds = [Build(s) for s in a.builds]
        a.sweep_bw = [int(x) for x in re.split(r"[,\s]+", a.sweep_bw) if x]
    except ValueError as e:
        ap.error(str(e))
    sizes = [s for s in a.models.split(",") if s]
    import atalla_models
    for s in sizes:
        if s not in atalla_models.SIZES:
            ap.error(f"--models: unknown size {s} (one of {', '.join(sorted(atalla_models.SIZES))})")
    sw = os.path.join(BUILD, "sw")
    elf = {n: os.path.join(sw, p) for n, p in (
        ("bench_tmma", "bench/bench_tmma.elf"), ("bench_ame", "bench/bench_ame.elf"),
        ("bench_gemm", "bench/bench_gemm.elf"), ("bench_gemm512", "bench/bench_gemm512.elf"),
        ("bench_fmt", "bench/bench_fmt.elf"), ("bench_fmt256", "bench/bench_fmt256.elf"),
        ("atalla_sizes", "atalla/atalla_sizes.elf"),
        ("atalla_sizes256", "atalla/atalla_sizes256.elf"), ("run_model", "model/run_model.elf"))}
    need = [b.sim for b in builds] + [elf["bench_tmma"], elf["bench_ame"]]
    if not a.quick:
        fmt_prog = "bench_fmt" if a.fmt_max == 512 else "bench_fmt256"
        need += [elf[k] for k in ("bench_gemm", "bench_gemm512", fmt_prog, "atalla_sizes",
                                  "atalla_sizes256")]
        if sizes:
            need.append(elf["run_model"])
    for p in need:
        if not os.path.exists(p):
            print(f"perf_report: {p} is missing (make sim bench-elfs atalla model)", file=sys.stderr)
            return 2
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Nothing of an earlier report may sit beside this one (a quick run
    # writes fewer plots and tables); only files this tool writes go.
    os.makedirs(os.path.join(a.out, "logs"), exist_ok=True)
    for f in os.listdir(os.path.join(a.out, "logs")):
        if f.endswith(".log"):
            os.remove(os.path.join(a.out, "logs", f))
    for f in OUTPUTS:
        if os.path.exists(os.path.join(a.out, f)):
            os.remove(os.path.join(a.out, f))
    r = Runner(a.out)
    big = max(builds, key=lambda b: b.pe)
    for b in builds:
        r.bench(b, elf["bench_tmma"], "bench_tmma")
        r.bench(b, elf["bench_ame"], "bench_ame")
        if a.quick:
            continue
        sz = "atalla_sizes" if b.pe >= 256 else "atalla_sizes256"
        r.bench(b, elf[sz], sz, a.dram_latency, a.dram_bw)
        r.bench(b, elf[fmt_prog], "bench_fmt", a.dram_latency, a.dram_bw)
        for bw in (a.sweep_bw if b is big else [a.dram_bw]):
            r.bench(b, elf["bench_gemm"], f"bench_gemm_bw{bw}", a.dram_latency, bw)
        if b is big:
            r.bench(b, elf["bench_gemm512"], "bench_gemm512", a.dram_latency, a.dram_bw)
    if not a.quick and sizes:
        with tempfile.TemporaryDirectory(prefix="perf_report.") as work:
            for s in sizes:
                for m in atalla_models.MODELS:
                    r.model(big, elf["run_model"], m, s, a.dram_latency, a.dram_bw, work)

    write_csv(os.path.join(a.out, "bench.csv"), r.rows)
    write_csv(os.path.join(a.out, "models.csv"), r.ops)
    write_csv(os.path.join(a.out, "simspeed.csv"), r.speed)
    run = run_record(a, builds, r.failures)
    with open(os.path.join(a.out, "run.json"), "w") as f:
        json.dump(run, f, indent=1)
    report, imgs = render(plt, a.out, a, builds, r, run)
    print(f"perf: wrote {report} ({len(r.rows)} benchmark rows, {len(r.ops)} model ops, "
          f"{len(imgs)} plots)")
    for f in r.failures:
        print(f"perf: FAILED: {f}")
    return 1 if r.failures else 0


if __name__ == "__main__":
    sys.exit(main())
