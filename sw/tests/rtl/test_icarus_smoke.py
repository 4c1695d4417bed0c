#!/usr/bin/env python3
"""Icarus Verilog smoke tests of the RTL: module benches (ALU, multiplier,
divider) and whole programs on mosaic_soc.

Programs: sw/tests/rtl/*.S (pipeline hazards, cycle budgets, the X-IF port
against the toy coprocessor, a signature compared with the golden ISS) and
the bare ISA suite sw/tests/isa/*.S. Each runs to tohost on
build/tb/icarus/soc.vvp (no tensor unit) or soc_tu.vvp (toy coprocessor,
which also implements the tensor CSRs). Prints `PASS: name` / `FAIL: name:
why` per case.

    test_icarus_smoke.py                run everything
    test_icarus_smoke.py --run ELF [--tu] [--args "+trace=t.log"]
                                        run one program and show the result
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
BENCH = os.path.join(BUILD, "tb", "icarus")
PROGS = os.path.join(BENCH, "progs")
CC = "riscv64-unknown-elf-gcc"
NM = "riscv64-unknown-elf-nm"
CFLAGS = ["-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
          "-Wl,--no-warn-rwx-segments"]
RAM_BASE, RAM_SIZE = 0x80000000, 0x80000
MAIN_BASE, MAIN_SIZE = 0x40000000, 0x1000000
MAX_CYCLES = 1_000_000

# ISA programs that need a tensor unit beyond the toy coprocessor.
ISA_SKIP = {"tensor": "needs the tensor unit"}
# ISA programs that use tensor CSRs: run with the toy coprocessor.
ISA_TU = {"csr"}


def run_cmd(cmd, timeout=300, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, **kw)


def build_benches():
    p = run_cmd(["make", "-s", "-C", ROOT, "BUILD=" + BUILD, "tb-icarus"], timeout=600)
    if p.returncode != 0:
        raise RuntimeError("make tb-icarus failed: " + (p.stdout + p.stderr).strip()[-400:])


def build_elf(src, name, ldscript, incdirs):
    os.makedirs(PROGS, exist_ok=True)
    elf = os.path.join(PROGS, name + ".elf")
    cmd = [CC] + CFLAGS + ["-I" + d for d in incdirs] + ["-T", ldscript, src, "-o", elf]
    p = run_cmd(cmd)
    if p.returncode != 0:
        raise RuntimeError("build failed: " + (p.stdout + p.stderr).strip()[-300:])
    return elf


def symbols(elf):
    p = run_cmd([NM, elf])
    syms = {}
    for line in p.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            syms[parts[2]] = int(parts[0], 16)
    return syms


def run_program(elf, tu=False, extra=(), max_cycles=MAX_CYCLES):
    """Run elf on the Icarus SoC; return a dict with exit, cycles, instret,
    uart (bytes), signature (list of words or None) and the raw output."""
    stem = os.path.splitext(elf)[0]
    ram_hex, main_hex = stem + ".ram.hex", stem + ".main.hex"
    conv = os.path.join(ROOT, "tools", "elf2hex.py")
    for out, base, size in ((ram_hex, RAM_BASE, RAM_SIZE), (main_hex, MAIN_BASE, MAIN_SIZE)):
        p = run_cmd([sys.executable, conv, elf, out, "--base", hex(base), "--size", hex(size)])
        if p.returncode != 0:
            raise RuntimeError(p.stderr.strip())
    syms = symbols(elf)
    uart, sig = stem + ".uart", stem + ".sig"
    for f in (uart, sig):
        if os.path.exists(f):
            os.remove(f)
    # An empty main-memory image is left out: main memory then starts zero
    # without its staging image (seconds per run in Icarus; mosaic_mem_wide).
    args = ["vvp", "-n", os.path.join(BENCH, "soc_tu.vvp" if tu else "soc.vvp"),
            "+ram_hex=" + ram_hex, "+uart=" + uart,
            "+max_cycles=%d" % max_cycles, "+tohost=%x" % syms.get("tohost", 0)]
    if os.path.getsize(main_hex):
        args.append("+main_hex=" + main_hex)
    if "begin_signature" in syms and "end_signature" in syms:
        args += ["+begin_signature=%x" % syms["begin_signature"],
                 "+end_signature=%x" % syms["end_signature"], "+signature=" + sig]
    args += list(extra)
    p = run_cmd(args, timeout=600)
    out = p.stdout + p.stderr
    res = {"exit": None, "cycles": None, "instret": None, "output": out, "uart": b"",
           "signature": None, "timeout": False}
    m = re.search(r"\[tb\] exit (\d+) cycles (\d+) instret (\d+)", out)
    if m:
        res["exit"], res["cycles"], res["instret"] = (int(x) for x in m.groups())
    elif re.search(r"\[tb\] timeout", out):
        res["timeout"] = True
    if os.path.exists(uart):
        with open(uart, "rb") as f:
            res["uart"] = f.read()
    if os.path.exists(sig):
        with open(sig) as f:
            res["signature"] = [int(x, 16) for x in f.read().split()]
    # The model and the core report protocol violations on stdout.
    res["errors"] = [l for l in out.splitlines() if "ERROR" in l or "X-IF result" in l]
    return res


def describe(res):
    if res["timeout"]:
        return "timed out after %d cycles" % MAX_CYCLES
    if res["exit"] is None:
        return "no exit line: " + res["output"].strip()[-200:]
    if res["exit"] & 0xFFFFFFFF != res["exit"]:
        return "exit %d" % res["exit"]
    return "exit %d (tohost case %d)" % (res["exit"], res["exit"])


def expected_stdout(src):
    with open(src, encoding="utf-8") as f:
        m = re.search(r'EXPECT_STDOUT: "((?:[^"\\]|\\.)*)"', f.read())
    return m.group(1).encode().decode("unicode_escape").encode() if m else None


def module_benches():
    failed = 0
    for unit in ("alu", "mul", "div"):
        p = run_cmd(["vvp", "-n", os.path.join(BENCH, unit + ".vvp")], timeout=300)
        lines = [l for l in p.stdout.splitlines() if l.startswith(("PASS: ", "FAIL: "))]
        for l in lines:
            print(l.replace(": ", ": icarus/", 1))
        if not lines or p.returncode != 0:
            print("FAIL: icarus/%s: bench printed no result (exit %d)" % (unit, p.returncode))
            failed += 1
        failed += sum(1 for l in lines if l.startswith("FAIL: "))
    return failed


def own_programs():
    src_dir = os.path.join(ROOT, "sw", "tests", "rtl")
    ld = os.path.join(src_dir, "link.ld")
    iss = os.path.join(BUILD, "bin", "mosaic-iss")
    failed = 0
    for src in sorted(glob.glob(os.path.join(src_dir, "*.S"))):
        name = os.path.splitext(os.path.basename(src))[0]
        label = "rtl/" + name
        with open(src, encoding="utf-8") as f:
            tu = "RTL_TENSOR_UNIT" in f.read()
        try:
            elf = build_elf(src, "rtl_" + name, ld, [src_dir])
            res = run_program(elf, tu=tu)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print("FAIL: %s: %s" % (label, e))
            failed += 1
            continue
        if res["exit"] != 0 or res["errors"]:
            why = describe(res) if res["exit"] != 0 else res["errors"][0]
            print("FAIL: %s: %s" % (label, why))
            failed += 1
            continue
        note = "%d cycles, %d instructions" % (res["cycles"], res["instret"])
        if name == "perf" and res["signature"]:
            names = ["32 dependent addi", "16 load-use pairs", "16 loads", "16 stores",
                     "16 dependent mul", "4 dependent divu", "16-iteration loop",
                     "8 jumps", "8 mul+use", "16 crossing lw", "16 crossing sw"]
            note += "; cycles: " + ", ".join(
                "%s %d" % (n, c) for n, c in zip(names, res["signature"][1:12]))
        if name == "sig":
            if not os.access(iss, os.X_OK):
                print("FAIL: %s: %s not built (make golden)" % (label, iss))
                failed += 1
                continue
            sig_iss = os.path.splitext(elf)[0] + ".iss.sig"
            p = run_cmd([iss, "--signature", sig_iss, elf], timeout=120)
            with open(sig_iss) as f:
                words_iss = [int(x, 16) for x in f.read().split()]
            if p.returncode != 0 or words_iss != res["signature"]:
                diff = [i for i, (a, b) in enumerate(zip(words_iss, res["signature"] or []))
                        if a != b]
                print("FAIL: %s: signature differs from mosaic-iss (ISS exit %d, first word %s)"
                      % (label, p.returncode, diff[0] if diff else "length"))
                failed += 1
                continue
            note += "; signature = mosaic-iss (%d words)" % len(words_iss)
            # ARCHITECTURE §6: both simulators must produce the same
            # signature for the same program.
            sim = os.path.join(BUILD, "bin", "mosaic-sim")
            if not os.access(sim, os.X_OK):
                print("FAIL: %s: %s not built (make sim)" % (label, sim))
                failed += 1
                continue
            sig_vl = os.path.splitext(elf)[0] + ".verilator.sig"
            p = run_cmd([sim, "--signature", sig_vl, elf], timeout=300)
            words_vl = []
            if os.path.exists(sig_vl):
                with open(sig_vl) as f:
                    words_vl = [int(x, 16) for x in f.read().split()]
            if p.returncode != 0 or words_vl != res["signature"]:
                print("FAIL: %s: Verilator signature differs from Icarus (mosaic-sim exit %d)"
                      % (label, p.returncode))
                failed += 1
                continue
            note += "; Icarus = Verilator"
        print("PASS: %s (%s)" % (label, note))
    return failed


def isa_programs():
    src_dir = os.path.join(ROOT, "sw", "tests", "isa")
    sources = sorted(p for p in glob.glob(os.path.join(src_dir, "*.S"))
                     if not p.endswith("link.ld.S"))
    if not sources:
        return 0
    ld = os.path.join(PROGS, "isa_link.ld")
    os.makedirs(PROGS, exist_ok=True)
    p = run_cmd([CC, "-E", "-P", "-undef", "-x", "c", "-I" + os.path.join(ROOT, "sw", "golden"),
                 os.path.join(src_dir, "link.ld.S"), "-o", ld])
    if p.returncode != 0:
        print("FAIL: isa: link.ld: " + p.stderr.strip()[-200:])
        return 1
    failed = 0
    for src in sources:
        name = os.path.splitext(os.path.basename(src))[0]
        label = "isa/" + name
        if name in ISA_SKIP:
            print("note: %s skipped on Icarus: %s" % (label, ISA_SKIP[name]))
            continue
        try:
            elf = build_elf(src, "isa_" + name, ld, [src_dir, os.path.join(ROOT, "sw", "golden")])
            res = run_program(elf, tu=name in ISA_TU)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            print("FAIL: %s: %s" % (label, e))
            failed += 1
            continue
        want = expected_stdout(src)
        ok_exit = res["exit"] == 0
        if not ok_exit or res["errors"]:
            print("FAIL: %s: %s" % (label, describe(res) if not ok_exit else res["errors"][0]))
            failed += 1
        elif want is not None and res["uart"] != want:
            print("FAIL: %s: UART %r, expected %r" % (label, res["uart"], want))
            failed += 1
        else:
            print("PASS: %s (%d cycles)" % (label, res["cycles"]))
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--run", metavar="ELF", help="run one program and report")
    ap.add_argument("--tu", action="store_true", help="with the toy coprocessor")
    ap.add_argument("--args", default="", help="extra plusargs for vvp")
    args = ap.parse_args()

    missing = [t for t in ("iverilog", "vvp", CC, NM, "make") if shutil.which(t) is None]
    if missing:
        print("FAIL: setup: missing " + ", ".join(missing))
        return 1
    try:
        build_benches()
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        print("FAIL: setup: %s" % e)
        return 1

    if args.run:
        res = run_program(os.path.abspath(args.run), tu=args.tu, extra=shlex.split(args.args))
        sys.stdout.write(res["output"])
        return 0 if res["exit"] == 0 else 1

    t0 = time.time()
    failed = module_benches()
    failed += own_programs()
    failed += isa_programs()
    print("note: icarus smoke took %.0f s" % (time.time() - t0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
