#!/usr/bin/env python3
"""tact's accuracy held to the figures the README and docs/numerics.md publish.

build/bin/mosaic-tact-acc measures the golden model's tact algorithms (which
the RTL matches bit for bit: test_rtl_tact) against a double-precision
reference. The published bounds come from its --exhaustive run (minutes);
here a sampled run (make test: 10^6 inputs per function and sampling, about
10 s; make regress: 10^7, the docs' sampled table) must stay within them:
  exp max 0.69 ulp, silu max 3.11, gelu max 3.18 (normal results),
  recip and relu correctly rounded (100 %), and no wrong infinity anywhere.
A sample's maximum can only be at or below the exhaustive one, so a
regression of the algorithms beyond the published bound fails here, as does
a tool that stops reporting a function. `PASS: name` / `FAIL: name: why`.
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "tests", "sim"))
import simlib  # noqa: E402  (paths from MOSAIC_BUILD, PASS/FAIL lines)

TOOL = os.path.join(simlib.BUILD, "bin", "mosaic-tact-acc")
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
SAMPLES = 10_000_000 if REGRESS else 1_000_000

# Published (README.md results table, docs/numerics.md "Accuracy"):
# function -> (max ulp over normal results, correctly rounded share required)
BOUND = {
    "exp": (0.69, None),
    "silu": (3.11, None),
    "gelu": (3.18, None),
    "recip": (0.5, 100.0),
    "relu": (0.0, 100.0),
}

LINE = re.compile(r"^(\w+)\s+(bits|uniform)\s+\[.*?\]\s+n=(\d+)\s+max ([\d.]+) ulp .*"
                  r"inf (\d+)\s+correctly rounded ([\d.]+)%$", re.M)

TALLY = simlib.Tally()
check = TALLY.check


def main():
    if not os.access(TOOL, os.X_OK):
        print(f"FAIL: setup: {TOOL} not built (make test builds it)")
        return 1
    rc, out, err = simlib.run([TOOL, "--samples", str(SAMPLES)], timeout=1800)
    check("mosaic-tact-acc runs", rc == 0, f"exit {rc}: {err.strip()}")
    seen = set()
    for m in LINE.finditer(out):
        func, sampling, n, mx, inf, cr = m.groups()
        if func not in BOUND:
            continue
        seen.add((func, sampling))
        bound, want_cr = BOUND[func]
        name = f"{func} {sampling}, {n} inputs: max {mx} ulp <= {bound}"
        ok = int(n) == SAMPLES and float(mx) <= bound and int(inf) == 0
        if want_cr is not None:
            name += f", correctly rounded {cr} %"
            ok = ok and float(cr) >= want_cr
        check(name, ok, m.group(0))
    want = {(f, s) for f in BOUND for s in ("bits", "uniform")}
    check("every function and sampling reported", seen == want,
          f"missing {sorted(want - seen)}; output: {out[:300]!r}")
    print(f"tact_acc: {TALLY.passed} passed, {TALLY.failed} failed")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
