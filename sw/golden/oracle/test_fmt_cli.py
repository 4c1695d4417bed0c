#!/usr/bin/env python3
"""mosaic-fmt command line: known conversions (hand-derived), output format,
--help, and every class of usage error (exit 2, one stderr line
`mosaic-fmt: <what is wrong>: <the offending argument>`, nothing on stdout)."""
import os
import subprocess

from mosaic_oracle import BUILD, Suite

CLI = os.path.join(BUILD, "bin", "mosaic-fmt")

# (arguments, expected stdout lines)
VECTORS = [
    ("--from fp32 --to e4m3 3f800000 43e00000 43e80000 43e80001", ["38", "7e", "7e", "7f"]),
    ("--from fp32 --to e4m3 --sat 43e80001 ff800000", ["7e", "fe"]),
    ("--from fp32 --to e4m3 --round rtz 43fa0000", ["7f"]),            # 500 -> 480 -> NaN
    ("--from fp32 --to e5m2 47700000 ff800000 7fc00001", ["7c", "fc", "7e"]),
    ("--from fp32 --to fp4 40e00000 3f000000 7fc00000 c2c80000", ["7", "0", "7", "f"]),
    ("--from fp32 --to fp4 --subnormals 3f000000", ["1"]),
    ("--from e4m3 --to fp32 01 81 7e ff", ["00000000", "80000000", "43e00000", "7fc00000"]),
    ("--from e4m3 --to fp32 --subnormals 01", ["3b000000"]),
    ("--from fp32 --to fp16 3f801000 0x3F803000 0X477FF000", ["3c00", "3c02", "7c00"]),
    ("--from fp32 --to fp16 --round rup 3f801000", ["3c01"]),
    ("--from fp32 --to fp16 --round rtz 477ff000", ["7bff"]),
    ("--from fp32 --to fp16 --round rdn bf801000", ["bc01"]),
    ("--from fp32 --to fp16 --round rmm 3f801000", ["3c01"]),
    ("--from fp32 --to bf16 3f808000 3f818000", ["3f80", "3f82"]),
    ("--from fp32 --to tf32 3f801000 3f803000 7f7fffff", ["3f800000", "3f804000", "7f800000"]),
    ("--from tf32 --to fp32 3f802000", ["3f802000"]),
    ("--from fp32 --to int8 43960000 c3960000 40200000 7fc00000", ["7f", "80", "02", "7f"]),
    ("--from fp32 --to int16 --round rmm 40200000", ["0003"]),
    ("--from int32 --to fp32 7fffffff 00000000 ffffffff", ["4f000000", "00000000", "bf800000"]),
    ("--from int32 --to int8 00000100 ffffff7f", ["7f", "80"]),
    ("--from int8 --to int32 80", ["ffffff80"]),
    ("--from fp4 --to e5m2 7 f 0", ["46", "c6", "00"]),
    ("--from fp16 --to fp32 0001", ["33800000"]),
    ("--to fp16 --from fp32 3f800000", ["3c00"]),                     # option order is free
]

ERRORS = [
    ("--from fp32 --to fp16 --bogus 3f800000", "unknown option", "--bogus"),
    ("--from fp32 --to fp16 -x 3f800000", "unknown option", "-x"),
    ("--from fp32 --to", "option needs a value", "--to"),
    ("--from fp8 --to fp16 0", "unknown format", "fp8"),
    ("--from fp32 --to FP16 0", "unknown format", "FP16"),
    ("--to fp16 3f800000", "missing option", "--from"),
    ("--from fp32 3f800000", "missing option", "--to"),
    ("--from fp32 --to fp16 --round nearest 0", "unknown rounding mode", "nearest"),
    ("--from fp32 --to fp16 3f80000g", "bad hex value", "3f80000g"),
    ("--from fp32 --to fp16 0x", "bad hex value", "0x"),
    ("--from fp32 --to fp16 3f800000 +1", "bad hex value", "+1"),
    ("--from fp16 --to fp32 10000", "value wider than the source format", "10000"),
    ("--from fp4 --to fp32 10", "value wider than the source format", "10"),
    ("--from e4m3 --to fp32 100", "value wider than the source format", "100"),
    ("--from fp32 --to fp16 100000000", "value wider than the source format", "100000000"),
    ("--from tf32 --to fp32 3f800001", "tf32 value has nonzero bits 12:0", "3f800001"),
    ("--from fp32 --to fp16", "no input values", "HEX"),
    ("--from fp32 --from fp16 --to fp16 0", "option given twice", "--from"),
    ("--from fp32 --to fp16 --to bf16 0", "option given twice", "--to"),
    ("--from fp32 --to fp16 --round rne --round rtz 0", "option given twice", "--round"),
    ("--from fp32 --to e4m3 --sat --sat 0", "option given twice", "--sat"),
]


def run(args):
    return subprocess.run([CLI] + args, capture_output=True, text=True)


def main():
    suite = Suite()
    if not os.access(CLI, os.X_OK):
        suite.ok("mosaic-fmt is built", False, f"{CLI} missing: run `make golden`")
        suite.finish()
    for args, want in VECTORS:
        p = run(args.split())
        got = p.stdout.splitlines()
        suite.ok(f"cli {args}", p.returncode == 0 and got == want and p.stderr == "",
                 f"exit {p.returncode}, stdout {got}, want {want}, stderr {p.stderr.strip()!r}")
    p = run(["--help"])
    suite.ok("cli --help exits 0 with usage on stdout",
             p.returncode == 0 and p.stdout.startswith("usage: mosaic-fmt") and p.stderr == "",
             f"exit {p.returncode}, stderr {p.stderr!r}")
    p = run(["--from", "fp32", "--help"])
    suite.ok("cli --help after other options", p.returncode == 0 and "usage:" in p.stdout,
             f"exit {p.returncode}")
    p = run([])
    suite.ok("cli without arguments is a usage error",
             p.returncode == 2 and len(p.stderr.splitlines()) == 1 and p.stdout == "",
             f"exit {p.returncode}, stderr {p.stderr!r}")
    for args, what, arg in ERRORS:
        p = run(args.split())
        want = f"mosaic-fmt: {what}: {arg}"
        lines = p.stderr.splitlines()
        suite.ok(f"cli error {args!r}", p.returncode == 2 and lines == [want] and p.stdout == "",
                 f"exit {p.returncode}, stderr {lines}, want [{want!r}], stdout {p.stdout!r}")
    # an empty-string argument is a bad hex value too
    p = run(["--from", "fp32", "--to", "fp16", ""])
    suite.ok("cli error empty value", p.returncode == 2 and
             p.stderr.splitlines() == ["mosaic-fmt: bad hex value: "], f"stderr {p.stderr!r}")
    suite.finish()


if __name__ == "__main__":
    main()
