#!/usr/bin/env python3
"""FP32 arithmetic and FP32 conversions against Berkeley SoftFloat
(softfloatpy: RISC-V specialisation, tininess after rounding).

Per operation, every rounding mode sees the same case list:
  * specials: all pairs (add, sub, mul, div, lt, min, max) or triples (fma)
    of a list of boundary values with both signs;
  * for FP32 -> FP16/BF16 also every target value, its midpoint to the next
    value and the FP32 neighbours of that midpoint;
  * RANDOM_CASES random patterns biased to interesting exponents (subnormal,
    boundary and overflow ranges, operand exponents that cancel or
    underflow) and to mantissas that make exact results and ties.
Results are compared bit for bit (NaN: ours must be the canonical NaN when
SoftFloat's is any NaN) and flags NX/UF/OF/DZ/NV exactly. Mosaic treats
signalling NaNs as quiet, so SoftFloat gets them quieted (NaN-ness is
unchanged; only its NV-for-sNaN differs by design). FP32 -> INT32 maps
SoftFloat's NV for out-of-range/Inf to SAT (and NaN to SAT|NV), Mosaic's rule.
min/max (not in SoftFloat) are checked against IEEE 754-2019
maximumNumber/minimumNumber built on SoftFloat's quiet compare.
"""
import multiprocessing as mp
import os

import numpy as np
import softfloatpy as sf

from mosaic_oracle import DZ, MODES, NV, NX, OF, SAT, UF, Suite, batch, ctrl, flag_str, require_batch

RANDOM_CASES = int(os.environ.get("MOSAIC_ORACLE_CASES", 1_000_000))
SEED = int(os.environ.get("MOSAIC_ORACLE_SEED", 20240601))
SF_MODES = [sf.RoundingMode.NEAR_EVEN, sf.RoundingMode.MIN_MAG, sf.RoundingMode.MIN,
            sf.RoundingMode.MAX, sf.RoundingMode.NEAR_MAX_MAG]
# SoftFloat flag bits happen to equal Mosaic's for these five.
assert (int(sf.ExceptionFlag.INEXACT), int(sf.ExceptionFlag.UNDERFLOW),
        int(sf.ExceptionFlag.OVERFLOW), int(sf.ExceptionFlag.INFINITE),
        int(sf.ExceptionFlag.INVALID)) == (NX, UF, OF, DZ, NV)

SPECIALS = [0x00000000, 0x00000001, 0x00000002, 0x00000003, 0x00400000, 0x00400001,
            0x007FFFFF, 0x00800000, 0x00800001, 0x01000000, 0x33000000, 0x33800000,
            0x34000000, 0x387FF000, 0x38800000, 0x3F000000, 0x3F7FFFFF, 0x3F800000,
            0x3F800001, 0x3F801000, 0x3F808000, 0x3FC00000, 0x40000000, 0x40400000,
            0x477FE000, 0x477FF000, 0x4B800000, 0x4B800001, 0x4F000000, 0x7F000000,
            0x7F7FFFFE, 0x7F7FFFFF, 0x7F800000, 0x7FC00000, 0x7F800001, 0x7FFFFFFF]
FMA_SPECIALS = [0x00000000, 0x00000001, 0x007FFFFF, 0x00800000, 0x33800000, 0x3F000000,
                0x3F7FFFFF, 0x3F800000, 0x3F800001, 0x40000000, 0x40400000, 0x5F000000,
                0x7F000000, 0x7F7FFFFF, 0x7F800000, 0x7FC00000, 0x7F800001, 0x1F800000]
INTERESTING_EXP = np.array([0, 1, 2, 3, 22, 23, 24, 25, 26, 100, 102, 103, 104, 110, 111,
                            112, 113, 114, 120, 126, 127, 128, 129, 141, 142, 143, 150, 151,
                            152, 157, 158, 159, 200, 252, 253, 254, 255])


def with_signs(vals):
    v = np.array(vals, dtype=np.uint32)
    return np.concatenate([v, v | np.uint32(0x80000000)])


def rand_mant(rng, n):
    mant = rng.integers(0, 1 << 23, n, dtype=np.uint32)
    k = rng.integers(1, 24, n, dtype=np.uint32)
    low = (np.uint32(1) << k) - np.uint32(1)
    tie = (mant & ~low) | (np.uint32(1) << (k - np.uint32(1)))   # 1 then zeros
    short = mant & ~low                                          # few bits: exact
    sel = rng.random(n)
    mant = np.where(sel < 0.15, tie, mant)
    mant = np.where((sel >= 0.15) & (sel < 0.3), short, mant)
    mant = np.where((sel >= 0.3) & (sel < 0.33), 0, mant)
    mant = np.where((sel >= 0.33) & (sel < 0.36), 0x7FFFFF, mant)
    return mant.astype(np.uint32)


def pack(rng, exp):
    n = exp.size
    sign = rng.integers(0, 2, n, dtype=np.uint32) << np.uint32(31)
    return (sign | (np.clip(exp, 0, 255).astype(np.uint32) << np.uint32(23)) |
            rand_mant(rng, n)).astype(np.uint32)


def rand_exp(rng, n):
    return np.where(rng.random(n) < 0.5, rng.integers(0, 256, n),
                    rng.choice(INTERESTING_EXP, n))


def near(rng, base, spread, n):
    """Exponents near base (per element), else random: correlated operands.
    A derived exponent past the top is kept finite (Inf/NaN come from
    rand_exp often enough)."""
    return np.where(rng.random(n) < 0.6,
                    np.clip(base + rng.integers(-spread, spread + 1, n), 0, 254),
                    rand_exp(rng, n))


def random_cases(op, rng, n):
    ea = rand_exp(rng, n)
    a = pack(rng, ea)
    if op in ("add", "sub", "lt", "min", "max"):
        return a, pack(rng, near(rng, ea, 26, n)), None
    if op == "mul":   # product exponent near the underflow/overflow edges or 1
        target = rng.choice(np.array([-24, -10, 0, 1, 2, 127, 253, 254, 255, 256]), n)
        return a, pack(rng, near(rng, target - ea + 127 + rng.integers(-2, 3, n), 0, n)), None
    if op == "div":
        target = rng.choice(np.array([-24, -10, 0, 1, 2, 127, 253, 254, 255, 256]), n)
        return a, pack(rng, near(rng, ea - target + 127 + rng.integers(-2, 3, n), 0, n)), None
    if op == "fma":
        eb = rand_exp(rng, n)
        b = pack(rng, eb)
        return a, b, pack(rng, near(rng, ea + eb - 127, 30, n))
    if op in ("f16", "bf16"):
        lo = 127 - 26 if op == "f16" else 0
        hi = 127 + 17 if op == "f16" else 255
        e = np.where(rng.random(n) < 0.7, rng.integers(lo, hi, n), rand_exp(rng, n))
        return pack(rng, e), None, None
    if op == "f2i":
        e = np.where(rng.random(n) < 0.7, rng.integers(120, 160, n), rand_exp(rng, n))
        return pack(rng, e), None, None
    if op == "i2f":
        bits = rng.integers(0, 1 << 32, n, dtype=np.uint64)
        shift = rng.integers(0, 32, n, dtype=np.uint64)
        narrow = rng.random(n) < 0.5    # magnitudes of every size
        flip = np.where(rng.random(n) < 0.5, np.uint64(0), np.uint64(0xFFFFFFFF))
        v = np.where(narrow, (bits >> shift) ^ flip, bits)
        return (v & 0xFFFFFFFF).astype(np.uint32), None, None
    raise ValueError(op)


def target_boundaries(op):
    """Every FP16/BF16 value as FP32, the midpoints to the next value, and
    the FP32 neighbours of each midpoint."""
    if op == "bf16":
        b = np.arange(1 << 16, dtype=np.uint32) << np.uint32(16)
        return np.concatenate([b, b | 0x8000, b | 0x7FFF, b | 0x8001])
    h = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    with np.errstate(invalid="ignore", over="ignore"):
        v = h.astype(np.float64)
        nxt = np.nextafter(h, np.float16(np.inf)).astype(np.float64)
        mid = ((v + nxt) / 2).astype(np.float32)   # exact: 12 significant bits
    fin = np.isfinite(v) & np.isfinite(nxt)
    f = h.astype(np.float32).view(np.uint32)
    m = mid[fin].view(np.uint32)
    return np.concatenate([f, m, m - 1, m + 1]).astype(np.uint32)


def special_cases(op):
    if op == "fma":
        s = with_signs(FMA_SPECIALS)
        a, b, c = np.meshgrid(s, s, s, indexing="ij")
        return a.ravel(), b.ravel(), c.ravel()
    if op in ("f16", "bf16"):
        return np.concatenate([with_signs(SPECIALS), target_boundaries(op)]), None, None
    if op == "f2i":
        ints = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 2147483520.0, 2147483648.0,
                         -2147483648.0, 8388607.5, 16777215.0], dtype=np.float32)
        return np.concatenate([with_signs(SPECIALS), ints.view(np.uint32)]), None, None
    if op == "i2f":
        v = [0, 1, 2, 0x7FFFFFFF, 0x80000000, 0x80000001, 0x01000001, 0x01000003,
             0x00FFFFFF, 0x7FFFFFC0, 0x7FFFFFBF, 0xFEFFFFFF, 0xFFFFFFFF]
        return np.array(v, dtype=np.uint32), None, None
    s = with_signs(SPECIALS)
    a, b = np.meshgrid(s, s, indexing="ij")
    return a.ravel(), b.ravel(), None


def quiet(x):
    """sNaN -> qNaN with the same payload (Mosaic has no signalling NaNs)."""
    nan = ((x & 0x7F800000) == 0x7F800000) & ((x & 0x7FFFFF) != 0)
    return np.where(nan, x | 0x00400000, x).astype(np.uint32)


def to_objs(x):
    fb = sf.Float32.from_bytes
    raw = x.astype(">u4").tobytes()
    return [fb(raw[i:i + 4]) for i in range(0, len(raw), 4)]


def softfloat_run(args):
    """Expected (bits, flags) for one op under every mode, from SoftFloat."""
    op, a, b, c = args
    sf.set_tininess_mode(sf.TininessMode.AFTER_ROUNDING)
    sef, gef = sf.set_exception_flags, sf.get_exception_flags
    if op == "i2f":
        ib = a.astype(">u4").tobytes()
        A = [sf.Int32.from_bytes(ib[i:i + 4]) for i in range(0, len(ib), 4)]
    else:
        A = to_objs(quiet(a))
    B = to_objs(quiet(b)) if b is not None else None
    C = to_objs(quiet(c)) if c is not None else None
    fns = {"add": sf.f32_add, "sub": sf.f32_sub, "mul": sf.f32_mul, "div": sf.f32_div}
    out = []
    for mode in SF_MODES:
        sf.set_rounding_mode(mode)
        res, flg = bytearray(), bytearray()
        if op in fns:
            fn = fns[op]
            for x, y in zip(A, B):
                sef(0)
                res += fn(x, y).to_bytes()
                flg.append(gef())
        elif op == "fma":
            fn = sf.f32_mul_add
            for x, y, z in zip(A, B, C):
                sef(0)
                res += fn(x, y, z).to_bytes()
                flg.append(gef())
        elif op == "f16":
            for x in A:
                sef(0)
                res += b"\0\0" + x.to_f16().to_bytes()
                flg.append(gef())
        elif op == "bf16":
            for x in A:
                sef(0)
                res += b"\0\0" + x.to_bf16().to_bytes()
                flg.append(gef())
        elif op == "f2i":
            fn = sf.f32_to_i32
            for x in A:
                sef(0)
                res += fn(x, mode, True).to_bytes()
                flg.append(gef())
        elif op == "i2f":
            fn = sf.i32_to_f32
            for x in A:
                sef(0)
                res += fn(x).to_bytes()
                flg.append(gef())
        out.append((np.frombuffer(bytes(res), dtype=">u4").astype(np.uint32),
                    np.frombuffer(bytes(flg), dtype=np.uint8).astype(np.uint32)))
    return out


def is_nan32(x):
    return (x & 0x7FFFFFFF) > 0x7F800000


def golden_run(op, a, b, c, rm):
    if op in ("add", "sub", "mul", "div", "fma"):
        return batch(op, a, b, c, ctl=ctrl(rm))
    src, dst = {"f16": ("fp32", "fp16"), "bf16": ("fp32", "bf16"), "f2i": ("fp32", "int32"),
                "i2f": ("int32", "fp32")}[op]
    return batch("cvt", a, ctl=ctrl(rm), src=src, dst=dst)


def expected_fix(op, a, want, wflags):
    """Apply the documented Mosaic-vs-SoftFloat mappings."""
    if op == "f2i":
        inv = (wflags & NV) != 0
        wflags = np.where(inv, np.where(is_nan32(a), SAT | NV, SAT), wflags).astype(np.uint32)
    return want, wflags


def nan_of(op, x):
    if op in ("f16",):
        return ((x & 0x7FFF) > 0x7C00), 0x7E00
    if op == "bf16":
        return ((x & 0x7FFF) > 0x7F80), 0x7FC0
    if op in ("f2i",):
        return np.zeros(x.shape, dtype=bool), None
    return is_nan32(x), 0x7FC00000


def check_minmax_lt(suite, rng):
    """lt vs SoftFloat's quiet compare; min/max vs maximumNumber built on it."""
    a, b, _ = special_cases("lt")
    ra, rb, _ = random_cases("lt", rng, RANDOM_CASES)
    # equal and sign-flipped pairs exercise ties and +-0
    a = np.concatenate([a, ra, ra, ra])
    b = np.concatenate([b, rb, ra, ra ^ np.uint32(0x80000000)])
    A, B = to_objs(a), to_objs(b)
    lt = np.fromiter((sf.f32_lt_quiet(x, y) for x, y in zip(A, B)), dtype=bool, count=a.size)
    gt = np.fromiter((sf.f32_lt_quiet(y, x) for x, y in zip(A, B)), dtype=bool, count=a.size)
    got_lt, _ = batch("lt", a, b)
    suite.check("f32 lt vs softfloat f32_lt_quiet", got_lt.astype(bool) != lt,
                lambda i: f"a={a[i]:08x} b={b[i]:08x} got={got_lt[i]} want={lt[i]}", a.size)
    na, nb = is_nan32(a), is_nan32(b)
    zero_tie = ~lt & ~gt & ~na & ~nb & ((a & 0x7FFFFFFF) == 0) & ((b & 0x7FFFFFFF) == 0)
    for op in ("max", "min"):
        big, small = (gt, lt) if op == "max" else (lt, gt)
        want = np.where(big, a, np.where(small, b, a))
        want = np.where(zero_tie, (a & b) if op == "max" else (a | b), want)
        want = np.where(na, b, want)
        want = np.where(nb, a, want)
        want = np.where(na & nb, 0x7FC00000, want).astype(np.uint32)
        got, _ = batch(op, a, b)
        suite.check(f"f32 {op} vs maximumNumber/minimumNumber rule", got != want,
                    lambda i: f"a={a[i]:08x} b={b[i]:08x} got={got[i]:08x} want={want[i]:08x}",
                    a.size)


def main():
    suite = Suite()
    require_batch(suite)
    print(f"# seed {SEED}, {RANDOM_CASES} random cases per op and mode")
    rng = np.random.default_rng(SEED)
    ops = ["fma", "add", "sub", "mul", "div", "f16", "bf16", "f2i", "i2f"]
    cases = {}
    for op in ops:
        sa, sb, sc = special_cases(op)
        ra, rb, rc = random_cases(op, rng, RANDOM_CASES)
        cat = lambda s, r: None if s is None else np.concatenate([s, r]).astype(np.uint32)
        cases[op] = (op, cat(sa, ra), cat(sb, rb), cat(sc, rc))
    with mp.Pool(max(1, min(4, mp.cpu_count()))) as pool:
        results = pool.map(softfloat_run, [cases[op] for op in ops], chunksize=1)
    width = {"f16": 4, "bf16": 4}
    for op, per_mode in zip(ops, results):
        _, a, b, c = cases[op]
        for rm, (want, wflags) in enumerate(per_mode):
            want, wflags = expected_fix(op, a, want, wflags)
            got, gflags = golden_run(op, a, b, c, rm)
            wnan, canon = nan_of(op, want)
            bits_ok = np.where(wnan, got == canon, got == want)
            bad = ~bits_ok | (gflags != wflags)
            w = width.get(op, 8)

            def describe(i):
                ops_txt = " ".join(f"{x[i]:08x}" for x in (a, b, c) if x is not None)
                return (f"in={ops_txt} rm={MODES[rm]} got={got[i]:0{w}x} {flag_str(gflags[i])} "
                        f"want={want[i]:0{w}x} {flag_str(wflags[i])}")
            suite.check(f"f32 {op} {MODES[rm]} vs softfloat", bad, describe, a.size)
            if rm == 0:   # how often the cases reach each corner (RNE)
                cover = " ".join(f"{n} {int(np.count_nonzero(wflags & f))}"
                                 for f, n in ((NX, "NX"), (UF, "UF"), (OF, "OF"), (DZ, "DZ"),
                                              (NV, "NV")))
                print(f"# {op} rne coverage: {a.size} cases, {cover}, "
                      f"NaN {int(np.count_nonzero(wnan))}, exact {int(np.count_nonzero(wflags == 0))}")
    check_minmax_lt(suite, rng)
    suite.finish()


if __name__ == "__main__":
    main()
