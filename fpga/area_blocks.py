#!/usr/bin/env python3
"""Per-block ECP5 area of the tensor unit from a hierarchical synth_ecp5 run.

make fpga-area-blocks maps mosaic_tu as make fpga-area does, but keeps the
blocks named in FPGA_AREA_BLOCKS as their own modules (keep_hierarchy), so
Yosys's `stat` counts each one. This script reads that `stat` output and
prints the hierarchy, each block with the cells of everything inside it:
LUT4 sites (a LUT4 one, a CCU2C carry cell two, a TRELLIS_DPR16X4 LUT RAM
six, as nextpnr places them), LUT4, CCU2C, LUT RAM, flip-flops, multipliers
and block RAMs, and "own" for the cells outside its kept sub-blocks.

Kept boundaries stop optimisation across them (a constant input or an
unused output is no longer seen), so the sum is larger than the flattened
make fpga-area figure; the split is what this is for.

Usage: area_blocks.py STAT_FILE
"""
import re
import sys

KINDS = ("LUT4", "CCU2C", "TRELLIS_DPR16X4", "TRELLIS_FF", "MULT18X18D", "DP16KD")


def parse(text):
    """{module: (cells by kind, instances by module)} from Yosys stat output."""
    mods, cur = {}, None
    for line in text.splitlines():
        head = re.match(r"^=== (.*) ===$", line)
        if head:
            cur = head.group(1)
            mods[cur] = ({}, {})
            continue
        row = re.match(r"^\s+(\d+)\s+(\S+)\s*$", line)
        if not row or cur is None or cur == "design hierarchy":
            continue
        n, kind = int(row.group(1)), row.group(2)
        if kind in KINDS:
            mods[cur][0][kind] = n
        elif kind in mods or "mosaic_" in kind:
            mods[cur][1][kind] = n
    return mods


def name(mod):
    """mosaic_tu_mma from $paramod$<hash>\\mosaic_tu_mma or $paramod\\mosaic_x\\P=1."""
    return mod.split("\\")[1] if "\\" in mod else mod


def total(mods, mod):
    cells = dict(mods[mod][0])
    for sub, n in mods[mod][1].items():
        if sub in mods:
            for kind, v in total(mods, sub).items():
                cells[kind] = cells.get(kind, 0) + n * v
    return cells


def sites(cells):
    return cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0) + 6 * cells.get("TRELLIS_DPR16X4", 0)


def report(mods, top):
    print(f"{'block':34s} {'n':>2s} {'sites':>7s} {'own':>7s} {'LUT4':>7s} {'CCU2C':>6s} "
          f"{'LUTRAM':>6s} {'FF':>6s} {'MULT':>4s} {'DP16KD':>6s}")

    def show(mod, depth, n):
        c = {kind: n * v for kind, v in total(mods, mod).items()}
        own = {kind: n * v for kind, v in mods[mod][0].items()}
        print(f"{'  ' * depth + name(mod):34s} {n:2d} {sites(c):7d} {sites(own):7d} "
              f"{c.get('LUT4', 0):7d} {c.get('CCU2C', 0):6d} {c.get('TRELLIS_DPR16X4', 0):6d} "
              f"{c.get('TRELLIS_FF', 0):6d} {c.get('MULT18X18D', 0):4d} {c.get('DP16KD', 0):6d}")
        subs = [(s, k) for s, k in mods[mod][1].items() if s in mods]
        for sub, k in sorted(subs, key=lambda sk: -sk[1] * sites(total(mods, sk[0]))):
            show(sub, depth + 1, k)

    show(top, 0, 1)
    print("(a block's figures are for all n of its instances together; sites = LUT4 + "
          "2 CCU2C + 6 TRELLIS_DPR16X4)")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: area_blocks.py STAT_FILE")
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            mods = parse(f.read())
    except OSError as e:
        sys.exit(f"area_blocks: {sys.argv[1]}: {e.strerror}")
    tops = [m for m in mods if name(m) == "mosaic_tu"]
    if not tops:
        sys.exit(f"area_blocks: {sys.argv[1]}: no mosaic_tu module in the stat output")
    report(mods, tops[0])


if __name__ == "__main__":
    main()
