"""Shared plumbing for the oracle suites: run the golden model in batch
through build/bin/mosaic-fmt-batch, and report check groups as
`PASS: name` / `FAIL: name: why` lines with the first few mismatches."""
import os
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD", os.path.join(ROOT, "build"))
BATCH = os.path.join(BUILD, "bin", "mosaic-fmt-batch")

MODES = ["rne", "rtz", "rdn", "rup", "rmm"]
NX, UF, OF, DZ, NV, SAT = 1, 2, 4, 8, 16, 32
FLAG_NAMES = [(NX, "NX"), (UF, "UF"), (OF, "OF"), (DZ, "DZ"), (NV, "NV"), (SAT, "SAT")]

WIDTH = {"fp32": 32, "tf32": 32, "int32": 32, "fp16": 16, "bf16": 16, "int16": 16,
         "e4m3": 8, "e5m2": 8, "int8": 8, "fp4": 4}


def ctrl(rm, sat=False, sub=False, wrap=False):
    """Control word of a batch record (rm may be a numpy array)."""
    return np.asarray(rm, dtype=np.uint32) | (sat << 8) | (sub << 9) | (wrap << 10)


def batch(op, a, b=None, c=None, ctl=0, src=None, dst=None):
    """Run one golden-model operation over arrays; returns (result, flags)."""
    a = np.asarray(a, dtype=np.uint32)
    recs = np.zeros((a.size, 4), dtype="<u4")
    recs[:, 0] = ctl
    recs[:, 1] = a
    if b is not None:
        recs[:, 2] = b
    if c is not None:
        recs[:, 3] = c
    argv = [BATCH, op] + ([src, dst] if op == "cvt" else [])
    p = subprocess.run(argv, input=recs.tobytes(), capture_output=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {p.returncode}: {p.stderr.decode().strip()}")
    out = np.frombuffer(p.stdout, dtype="<u4").reshape(-1, 2)
    if out.shape[0] != a.size:
        raise RuntimeError(f"{op}: {out.shape[0]} results for {a.size} records")
    return out[:, 0].astype(np.uint32), out[:, 1].astype(np.uint32)


def flag_str(f):
    return "|".join(n for bit, n in FLAG_NAMES if int(f) & bit) or "-"


def hexw(v, width):
    return f"{int(v):0{max(1, width // 4)}x}"


class Suite:
    """Collects check groups; main() exits non-zero if any failed."""

    def __init__(self):
        self.failed = 0
        self.t0 = time.time()

    def check(self, name, bad, describe, total):
        """bad: boolean mask of failing cases; describe(i) -> text for case i.
        Prints one PASS/FAIL line, then up to 5 examples."""
        idx = np.flatnonzero(bad)
        self.report(name, idx.size, total, [describe(int(i)) for i in idx[:5]])

    def report(self, name, nbad, total, examples):
        if nbad == 0:
            print(f"PASS: {name} ({total} cases)")
        else:
            self.failed += 1
            print(f"FAIL: {name}: {nbad} of {total} cases differ")
            for e in examples[:5]:
                print(f"    {e}")
        sys.stdout.flush()

    def ok(self, name, cond, why=""):
        if cond:
            print(f"PASS: {name}")
        else:
            self.failed += 1
            print(f"FAIL: {name}: {why}")
        sys.stdout.flush()

    def finish(self):
        print(f"# {time.time() - self.t0:.1f} s")
        sys.exit(1 if self.failed else 0)


def require_batch(suite):
    if not os.access(BATCH, os.X_OK):
        suite.ok("mosaic-fmt-batch is built", False, f"{BATCH} missing: run `make golden`")
        suite.finish()
