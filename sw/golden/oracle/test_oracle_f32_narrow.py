#!/usr/bin/env python3
"""Random FP32 -> narrow-format conversions.

  * vs ml_dtypes (RNE): ML_CASES random FP32 patterns -> E4M3, E5M2, FP4 under
    each of the four (sat, subnormals) option sets, expected values derived
    from ml_dtypes' answer exactly as in test_oracle_mldtypes.py.
  * vs fracref (every mode, bits and flags): REF_CASES random FP32 patterns
    per mode and target for E4M3, E5M2, FP4, TF32, INT8, INT16, INT32, each
    case with a random option set (sat, subnormals, int wrap).
Random patterns are biased to the target's exponent range and to mantissas
that tie (or nearly tie) at the target's last place.
"""
import multiprocessing as mp
import os

import numpy as np

import fracref as R
from mosaic_oracle import MODES, WIDTH, Suite, batch, ctrl, flag_str, hexw, require_batch
from test_oracle_mldtypes import CANON_NAN, expected

ML_CASES = int(os.environ.get("MOSAIC_ORACLE_CASES", 1_000_000))
REF_CASES = max(1000, ML_CASES // 10)
SEED = int(os.environ.get("MOSAIC_ORACLE_SEED", 20240601)) + 1

# (min, max) biased exponent of the interesting range, and the number of
# FP32 mantissa bits below the target's last place (where ties live)
RANGE = {"e4m3": (127 - 12, 127 + 10, 20), "e5m2": (127 - 19, 127 + 17, 21),
         "fp4": (127 - 4, 127 + 4, 22), "tf32": (0, 255, 13),
         "int8": (120, 136, None), "int16": (120, 144, None), "int32": (120, 160, None)}


def rand_f32(rng, dst, n):
    lo, hi, low_bits = RANGE[dst]
    e = np.where(rng.random(n) < 0.8, rng.integers(lo, hi + 1, n), rng.integers(0, 256, n))
    mant = rng.integers(0, 1 << 23, n, dtype=np.uint32)
    sel = rng.random(n)
    if low_bits is None:   # integers: ties sit at the binary point, which moves with e
        low_bits = np.clip(150 - e, 1, 23).astype(np.uint32)
    k = np.asarray(low_bits, dtype=np.uint32)
    low = (np.uint32(1) << k) - np.uint32(1)
    half = np.uint32(1) << (k - np.uint32(1))
    mant = np.where(sel < 0.15, (mant & ~low) | half, mant)              # exact tie
    mant = np.where((sel >= 0.15) & (sel < 0.2), (mant & ~low) | (half - 1), mant)
    mant = np.where((sel >= 0.2) & (sel < 0.25), (mant & ~low) | (half + 1), mant)
    mant = np.where((sel >= 0.25) & (sel < 0.35), mant & ~low, mant)     # exact
    sign = rng.integers(0, 2, n, dtype=np.uint32) << np.uint32(31)
    return (sign | (np.clip(e, 0, 255).astype(np.uint32) << np.uint32(23)) |
            (mant & 0x7FFFFF)).astype(np.uint32)


def reference(args):
    dst, rm, bits, opts = args
    res = np.empty(bits.size, dtype=np.uint32)
    flg = np.empty(bits.size, dtype=np.uint32)
    for i, (b, o) in enumerate(zip(bits.tolist(), opts.tolist())):
        res[i], flg[i] = R.convert("fp32", dst, b, rm, bool(o & 1), bool(o & 2), bool(o & 4))
    return res, flg


def main():
    suite = Suite()
    require_batch(suite)
    rng = np.random.default_rng(SEED)
    print(f"# seed {SEED}: {ML_CASES} cases per target vs ml_dtypes, "
          f"{REF_CASES} per target and mode vs fracref")

    for dst in ("e4m3", "e5m2", "fp4"):
        bits = rand_f32(rng, dst, ML_CASES)
        for sat in (False, True):
            for sub in (False, True):
                got, _ = batch("cvt", bits, ctl=ctrl(0, sat, sub), src="fp32", dst=dst)
                want, want_nan = expected("fp32", dst, bits, sat, sub)
                src_nan = (bits & 0x7FFFFFFF) > 0x7F800000
                if dst == "fp4":   # ml_dtypes' NaN -> FP4 rule differs; see fracref
                    bad = ~src_nan & (got != want)
                else:
                    bad = ~np.where(want_nan, got == CANON_NAN[dst], got == want)
                suite.check(f"fp32->{dst} rne sat={int(sat)} sub={int(sub)} vs ml_dtypes", bad,
                            lambda i: (f"in={bits[i]:08x} got={hexw(got[i], WIDTH[dst])} "
                                       f"want={'NaN' if want_nan[i] else hexw(want[i], WIDTH[dst])}"),
                            bits.size)

    jobs = []
    for dst in ("e4m3", "e5m2", "fp4", "tf32", "int8", "int16", "int32"):
        for rm in range(5):
            bits = rand_f32(rng, dst, REF_CASES)
            opts = rng.integers(0, 8, REF_CASES, dtype=np.uint32)   # sat|sub|wrap
            jobs.append((dst, rm, bits, opts))
    with mp.Pool(max(1, min(4, mp.cpu_count()))) as pool:
        refs = pool.map(reference, jobs, chunksize=1)
    for (dst, rm, bits, opts), (want, wflags) in zip(jobs, refs):
        ctl = ctrl(rm, (opts & 1).astype(bool), (opts >> 1 & 1).astype(bool),
                   (opts >> 2 & 1).astype(bool))
        got, gflags = batch("cvt", bits, ctl=ctl, src="fp32", dst=dst)
        bad = (got != want) | (gflags != wflags)
        suite.check(f"fp32->{dst} {MODES[rm]} random options vs fracref", bad,
                    lambda i: (f"in={bits[i]:08x} opts={opts[i]} got={hexw(got[i], WIDTH[dst])} "
                               f"{flag_str(gflags[i])} want={hexw(want[i], WIDTH[dst])} "
                               f"{flag_str(wflags[i])}"),
                    bits.size)
    suite.finish()


if __name__ == "__main__":
    main()
