#!/usr/bin/env python3
"""Exhaustive conversions under every rounding mode against the independent
exact reference (fracref.py), comparing result bits and all flags.

Covered exhaustively, each under RNE/RTZ/RDN/RUP/RMM:
  FP16, BF16 -> E4M3, E5M2, FP4      x sat {0,1} x subnormals {0,1}
  E4M3, E5M2, FP4 -> E4M3, E5M2, FP4 x sat {0,1} x subnormals {0,1}
  FP16 <-> BF16, FP16/BF16 -> FP16/BF16 themselves
  FP16, BF16, E4M3, E5M2, FP4 -> INT8, INT16, INT32 x {saturate, wrap}
  INT8, INT16 -> FP16, BF16, E4M3, E5M2, FP4 (x sat {0,1} for FP8)
  INT8, INT16 -> INT8, INT16, INT32 x {saturate, wrap} (RNE only: exact)
The reference runs on every core (multiprocessing).
"""
import multiprocessing as mp

import numpy as np

import fracref as R
from mosaic_oracle import MODES, WIDTH, Suite, batch, ctrl, flag_str, hexw, require_batch

SMALL = ["e4m3", "e5m2", "fp4"]
INTS = ["int8", "int16", "int32"]


def jobs():
    out = []
    for rm in range(5):
        for src in ["fp16", "bf16"] + SMALL:
            for dst in SMALL:
                for sat in (False, True):
                    for sub in (False, True):
                        out.append((src, dst, rm, sat, sub, False))
        for src, dst in [("fp16", "bf16"), ("bf16", "fp16"), ("fp16", "fp16"), ("bf16", "bf16")]:
            out.append((src, dst, rm, False, False, False))
        for src in ["fp16", "bf16"] + SMALL:
            for dst in INTS:
                for wrap in (False, True):
                    for sub in ((False, True) if src in SMALL else (False,)):
                        out.append((src, dst, rm, False, sub, wrap))
        for src in ["int8", "int16"]:
            for dst in ["fp16", "bf16"] + SMALL:
                for sat in ((False, True) if dst in ("e4m3", "e5m2") else (False,)):
                    out.append((src, dst, rm, sat, False, False))
    # integer -> integer is exact, so the rounding mode cannot matter
    for src in ["int8", "int16"]:
        for dst in INTS:
            for wrap in (False, True):
                out.append((src, dst, 0, False, False, wrap))
    return out


def reference(job):
    src, dst, rm, sat, sub, wrap = job
    n = 1 << WIDTH[src]
    res = np.empty(n, dtype=np.uint32)
    flg = np.empty(n, dtype=np.uint32)
    for b in range(n):
        res[b], flg[b] = R.convert(src, dst, b, rm, sat, sub, wrap)
    return res, flg


def main():
    suite = Suite()
    require_batch(suite)
    todo = jobs()
    with mp.Pool(max(1, min(4, mp.cpu_count()))) as pool:
        refs = pool.map(reference, todo, chunksize=4)
    groups = {}
    for job, (want, wflags) in zip(todo, refs):
        src, dst, rm, sat, sub, wrap = job
        bits = np.arange(1 << WIDTH[src], dtype=np.uint32)
        got, gflags = batch("cvt", bits, ctl=ctrl(rm, sat, sub, wrap), src=src, dst=dst)
        bad = (got != want) | (gflags != wflags)
        g = groups.setdefault((src, dst, rm), {"n": 0, "bad": []})
        g["n"] += bits.size
        for i in np.flatnonzero(bad)[:5]:
            g["bad"].append(
                f"in={hexw(i, WIDTH[src])} rm={MODES[rm]} sat={int(sat)} sub={int(sub)} "
                f"wrap={int(wrap)} got={hexw(got[i], WIDTH[dst])} {flag_str(gflags[i])} "
                f"want={hexw(want[i], WIDTH[dst])} {flag_str(wflags[i])}")
        g["nbad"] = g.get("nbad", 0) + int(bad.sum())
    for (src, dst, rm), g in groups.items():
        suite.report(f"{src}->{dst} {MODES[rm]} all options vs fracref", g["nbad"], g["n"],
                     g["bad"])
    suite.finish()


if __name__ == "__main__":
    main()
