#!/usr/bin/env python3
"""The FPGA build's report (make fpga): resources from Yosys's statistics and
nextpnr's utilization, Fmax from nextpnr's timing analysis, and the critical
path, as a table for docs/fpga.md.

    fpga_report.py --config NAME --mhz F --stat yosys.stat --pnr nextpnr.json
                   --bit mosaic.bit

Exit status 1 when the achieved Fmax is below the target clock (the report
is still printed), 2 when an input is missing or unreadable."""
import argparse
import json
import os
import re
import sys


def yosys_cells(path):
    """Cell counts of the top module from `stat` (the last table)."""
    cells, table = {}, None
    with open(path) as f:
        for line in f:
            if line.startswith("=== "):
                table = {}
            # "   7202   LUT4" (Yosys 0.70) or "     LUT4    7202" (0.23)
            m = re.match(r"\s+(\d+)\s+(\$?\w+)\s*$", line)
            if m:
                m = (m.group(2), m.group(1))
            else:
                m = re.match(r"\s+(\$?\w+)\s+(\d+)\s*$", line)
                m = m and (m.group(1), m.group(2))
            if table is not None and m:
                table[m[0]] = int(m[1])
            if table:
                cells = table
    return cells


def critical_path(rep):
    """(clock, [(delay ns, what)]) of the worst path, from the JSON report."""
    paths = rep.get("critical_paths") or []
    if not paths:
        return None
    worst = paths[0]
    steps = []
    for seg in worst.get("path", []):
        frm, to = seg.get("from", {}), seg.get("to", {})
        steps.append((seg.get("delay", 0.0), seg.get("type", "?"),
                      "%s.%s -> %s.%s" % (frm.get("cell", "?"), frm.get("port", "?"),
                                          to.get("cell", "?"), to.get("port", "?"))))
    return worst.get("from", "?"), steps


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for a in ("--config", "--stat", "--pnr", "--bit"):
        ap.add_argument(a, required=True)
    ap.add_argument("--mhz", type=float, required=True)
    args = ap.parse_args(argv)
    try:
        cells = yosys_cells(args.stat)
        with open(args.pnr) as f:
            rep = json.load(f)
        bit_bytes = os.path.getsize(args.bit)
    except (OSError, ValueError) as e:
        print("fpga_report: %s" % e, file=sys.stderr)
        return 2
    util = rep.get("utilization", {})

    def used(kind):
        u = util.get(kind, {})
        return u.get("used", 0), u.get("available", 0)

    print("FPGA build: configuration %s, ULX3S LFE5U-85F (CABGA381), target %.0f MHz"
          % (args.config, args.mhz))
    print("| resource | used | available | share |")
    print("|---|---|---|---|")
    for kind, label in (("TRELLIS_COMB", "logic cells (LUT4 slots)"), ("TRELLIS_FF", "flip-flops"),
                        ("DP16KD", "DP16KD block RAM"), ("MULT18X18D", "MULT18X18D"),
                        ("TRELLIS_RAMW", "distributed RAM (RAMW)")):
        u, a = used(kind)
        print("| %s | %d | %d | %.1f %% |" % (label, u, a, 100.0 * u / a if a else 0.0))
    print("Yosys synth_ecp5 cells: " + ", ".join(
        "%s %d" % (k, cells[k]) for k in ("LUT4", "TRELLIS_FF", "CCU2C", "PFUMX", "L6MUX21",
                                          "DP16KD", "MULT18X18D", "TRELLIS_DPR16X4") if k in cells))
    fmax = rep.get("fmax", {})
    worst = None
    for clk, v in sorted(fmax.items()):
        print("Fmax %s: %.1f MHz (constraint %.1f MHz)" % (clk, v.get("achieved", 0.0),
                                                           v.get("constraint", 0.0)))
        if "pll" in clk or "clk" in clk:
            a = v.get("achieved", 0.0)
            worst = a if worst is None else min(worst, a)
    cp = critical_path(rep)
    if cp:
        clk, steps = cp
        total = sum(s[0] for s in steps)
        logic = [s for s in steps if s[1] == "logic"]
        print("Critical path (%s): %.2f ns, %d logic levels; from %s to %s" % (
            clk, total, len(logic), steps[0][2].split(" -> ")[0], steps[-1][2].split(" -> ")[1]))
    print("Bitstream: %s (%d bytes)" % (args.bit, bit_bytes))
    if worst is None:
        print("FAIL: no Fmax in the nextpnr report")
        return 1
    if worst < args.mhz:
        print("FAIL: Fmax %.1f MHz is below the %.0f MHz target" % (worst, args.mhz))
        return 1
    print("PASS: timing met at %.0f MHz (Fmax %.1f MHz)" % (args.mhz, worst))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
