#!/usr/bin/env python3
"""Derive the FP32 constants and the exp polynomial of Mosaic's tact
algorithms (docs/numerics.md, "tact algorithms"; sw/golden/tact.c).

The polynomial approximates e^r on |r| <= R (the reduced argument after
r = t - n*ln2, n = RNE(t*log2e), plus a little slack for the rounding of n's
product and the low part gelu adds) in the form

    p(r) = 1 + r + c2 r^2 + ... + c6 r^6

minimising the maximum relative error |p(r)/e^r - 1| (Lawson iteration on a
dense grid). The constant and linear terms are exactly 1: exp(0) = 1
exactly, and exp_core forms 1 + r exactly and adds r^2 (c2 + ... ) to it.
The coefficients c2..c6 are rounded to FP32 one at a time, lowest degree
first, and the remaining ones are refitted after each rounding, so the
final FP32 set is near-minimax rather than a rounded minimax set.
Also prints the hi/lo splits of the other constants and the exp
overflow/underflow thresholds.

Usage: tact_coeffs.py   (prints the constants as C initialisers and the
approximation error; needs mpmath and numpy). Deterministic.
"""
import struct

import mpmath as mp
import numpy as np

mp.mp.prec = 200
R = mp.mpf("0.34662")   # ln2/2 = 0.346574; slack for n rounding and gelu's low part
DEG = 6


def rn32(x):
    """Round a real to the nearest FP32 value, ties to even (normal range)."""
    x = mp.mpf(x)
    if x == 0:
        return mp.mpf(0)
    s = 1 if x > 0 else -1
    a = abs(x)
    e = max(int(mp.floor(mp.log(a, 2))), -126)
    ulp = mp.mpf(2) ** (e - 23)
    q = a / ulp
    fl = mp.floor(q)
    fr = q - fl
    if fr > 0.5 or (fr == 0.5 and int(fl) % 2 == 1):
        fl += 1
    return s * fl * ulp


def bits(v):
    return struct.unpack("<I", struct.pack("<f", float(v)))[0]


def rel_err(c, r):
    """p(r)/e^r - 1 for coefficients c[1..DEG] (c[0] = 1)."""
    p = mp.mpf(1)
    for k in range(DEG, 0, -1):
        p = p * r + c[k] if k < DEG else c[k]
    # Horner above builds c6 r^5 + ... + c1; finish 1 + r*q
    return (1 + r * p) * mp.exp(-r) - 1


def minimax(fixed):
    """Minimax relative error with the coefficients in `fixed` (dict k->value)
    held; returns the full coefficient list c[0..DEG] and the max error.

    Lawson's iteratively reweighted least squares on a dense grid. (A Remez
    exchange is fragile here: once c1, c2 are fixed, the free basis
    r^3..r^6 has a triple zero at r = 0 and is not a Haar system.) The
    least-squares solves run in float64, which is ample for errors near
    2^-29; the reported error is re-measured in 200-bit arithmetic."""
    free = [k for k in range(1, DEG + 1) if k not in fixed]
    grid = np.linspace(-float(R), float(R), 4001)
    er = np.exp(-grid)
    base = er * (1 + sum(float(fixed[k]) * grid ** k for k in fixed)) - 1
    A = np.stack([er * grid ** k for k in free], axis=1)
    w = np.ones_like(grid) / len(grid)
    for _ in range(3000):
        sw = np.sqrt(w)
        sol, *_ = np.linalg.lstsq(A * sw[:, None], -base * sw, rcond=None)
        err = np.abs(A @ sol + base)
        w = w * err
        w = w / w.sum()
    c = [mp.mpf(1)] + [mp.mpf(0)] * DEG
    for k in fixed:
        c[k] = fixed[k]
    for j, k in enumerate(free):
        c[k] = mp.mpf(float(sol[j]))
    emax = max(abs(rel_err(c, -R + 2 * R * i / 4000)) for i in range(4001))
    return c, emax


def main():
    # c1 = 1 exactly: exp_core adds 1 + r1 exactly (Fast2Sum) and only
    # r^2 Q on top, so the linear coefficient is built in.
    fixed = {1: mp.mpf(1)}
    for k in range(2, DEG + 1):
        c, e = minimax(fixed)
        fixed[k] = rn32(c[k])
    c = [mp.mpf(1)] + [fixed[k] for k in range(1, DEG + 1)]
    emax = max(abs(rel_err(c, -R + 2 * R * i / 20000)) for i in range(20001))
    print("/* exp polynomial, |r| <= %s, max relative error %s = 2^%.2f */"
          % (mp.nstr(R, 6), mp.nstr(emax, 4), float(mp.log(emax, 2))))
    print("    /* c1 = 1 (implicit) */")
    for k in range(2, DEG + 1):
        print("    0x%08Xu, /* c%d = %s */" % (bits(c[k]), k, mp.nstr(c[k], 12)))

    def split(name, val):
        h = rn32(val)
        l = rn32(val - h)
        print("%-6s hi 0x%08X (%s)  lo 0x%08X (%s)  residual %s" % (
            name, bits(h), mp.nstr(h, 12), bits(l), mp.nstr(l, 8),
            mp.nstr((val - h - l) / val, 3)))

    split("log2e", 1 / mp.log(2))
    split("ln2", mp.log(2))
    k2 = 2 * mp.sqrt(2 / mp.pi)
    split("K2", k2)                          # 2*sqrt(2/pi)
    split("A2", k2 * mp.mpf("0.044715"))     # 2*sqrt(2/pi)*0.044715
    # exp thresholds: largest x with RNE(e^x) finite, and the largest x with
    # e^x <= 2^-150 (RNE gives +0 there)
    lo = mp.log(mp.mpf(2) ** -150)
    hi = mp.log(mp.mpf(2) ** 128 * (1 - mp.mpf(2) ** -25))
    for name, v, want_below in (("exp overflow (x > this -> +Inf)", hi, True),
                                ("exp underflow (x < this -> +0)", lo, False)):
        f = rn32(v)
        if want_below and f > v:
            f = f - mp.mpf(2) ** (int(mp.floor(mp.log(abs(f), 2))) - 23)
        if not want_below and f < v:
            f = f + mp.mpf(2) ** (int(mp.floor(mp.log(abs(f), 2))) - 23)
        print("%s: 0x%08X (%s); boundary %s" % (name, bits(f), mp.nstr(f, 12),
                                                 mp.nstr(v, 15)))


if __name__ == "__main__":
    main()
