#!/usr/bin/env python3
"""Run every bare ISA test (build/isa/*.elf, from sw/tests/isa/*.S) on
mosaic-iss. A test passes when it ends through tohost with 1 (exit status 0)
and, if its source declares `EXPECT_STDOUT: "..."`, prints exactly that on
the UART. Prints `PASS: name` / `FAIL: name: why` per program."""
import glob
import os
import re
import subprocess
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
SRC = os.path.join(ROOT, "sw", "tests", "isa")
# Far above what any test needs, so a runaway program fails fast.
MAX_INSNS = 2_000_000


def expected_stdout(src):
    with open(src, encoding="utf-8") as f:
        m = re.search(r'EXPECT_STDOUT: "((?:[^"\\]|\\.)*)"', f.read())
    return m.group(1).encode().decode("unicode_escape") if m else None


def main():
    sources = sorted(p for p in glob.glob(os.path.join(SRC, "*.S"))
                     if not p.endswith("link.ld.S"))
    if not os.access(ISS, os.X_OK):
        print(f"FAIL: setup: {ISS} not built (make golden)")
        return 1
    failed = 0
    for src in sources:
        name = os.path.splitext(os.path.basename(src))[0]
        elf = os.path.join(BUILD, "isa", name + ".elf")
        if not os.path.exists(elf):
            print(f"FAIL: {name}: {elf} not built (make isa-tests)")
            failed += 1
            continue
        try:
            p = subprocess.run([ISS, "--max-insns", str(MAX_INSNS), elf],
                               capture_output=True, timeout=120)
        except subprocess.TimeoutExpired:
            print(f"FAIL: {name}: timed out")
            failed += 1
            continue
        err = p.stderr.decode(errors="replace").strip().replace("\n", " | ")
        want = expected_stdout(src)
        out = p.stdout.decode(errors="replace")
        if p.returncode != 0:
            print(f"FAIL: {name}: exit {p.returncode}: {err}")
            failed += 1
        elif want is not None and out != want:
            print(f"FAIL: {name}: stdout {out!r}, expected {want!r}")
            failed += 1
        else:
            print(f"PASS: {name}")
    if not sources:
        print("FAIL: setup: no sources in sw/tests/isa")
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
