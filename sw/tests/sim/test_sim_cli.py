#!/usr/bin/env python3
"""mosaic-sim's command line: --help, option and file errors (exit 2, one
line "mosaic-sim: <what>: <where>"), the exit-status contract shared with
mosaic-iss (tohost pass/fail/HTIF, EXIT value), --max-cycles and hang
detection (exit 3), --no-cosim, --signature, --stats, --trace, --fst,
--seed, --dram-bw / --dram-outstanding values. Programs: build/sim/*.elf
(sw/tests/sim/*.S, `make sim-progs`) and the ISA tests. Prints
`PASS: name` / `FAIL: name: why`.
"""
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

# The command-line contract is the same binary code with or without the
# tensor unit; the scalar build runs it hundreds of times faster.
SIM, PROGS, BUILD = simlib.SIM_SCALAR, simlib.PROGS, simlib.BUILD
TALLY = simlib.Tally()
check = TALLY.check


def sim(*args, timeout=120):
    return simlib.run([SIM, *args], timeout=timeout)


def one_error_line(name, args, what, where=None):
    rc, out, err = sim(*args)
    lines = err.strip().splitlines()
    ok = (rc == 2 and len(lines) == 1 and lines[0].startswith(f"mosaic-sim: {what}")
          and (where is None or lines[0].endswith(f": {where}")) and not out)
    check(name, ok, f"exit {rc}, stdout {out!r}, stderr {err.strip()!r}")


def prog(name):
    return os.path.join(PROGS, name + ".elf")


def main():
    if not os.access(SIM, os.X_OK):
        print(f"FAIL: setup: {SIM} not built (make test builds it)")
        return 1
    missing = [p for p in ("end_exit", "end_tohost_fail", "end_tohost_htif", "spin", "spin_wfi",
                           "sim_demo", "signature", "end_tohost_partial") if not os.path.exists(prog(p))]
    if missing:
        print(f"FAIL: setup: {', '.join(missing)} not built (make sim-progs)")
        return 1
    alu = os.path.join(BUILD, "isa", "rv32i_alu.elf")
    tmp = tempfile.mkdtemp(prefix="mosaic-sim-cli-")

    # --help
    rc, out, err = sim("--help")
    opts = ["--no-cosim", "--max-cycles", "--fst", "--fst-start", "--signature", "--stats",
            "--seed", "--trace", "--dram-latency", "--dram-stall-pct", "--dram-seed", "--dram-bw",
            "--dram-outstanding", "--dram-poison", "--help"]
    check("--help", rc == 0 and out.startswith("usage: mosaic-sim") and all(o in out for o in opts)
          and not err, f"exit {rc}, missing {[o for o in opts if o not in out]}")

    # Usage errors.
    one_error_line("no program", [], "no program given", "try --help")
    one_error_line("unknown option", ["--bogus", alu], "unknown option", "--bogus")
    one_error_line("option without value", [alu, "--max-cycles"], "option needs a value", "--max-cycles")
    one_error_line("bad --max-cycles", ["--max-cycles", "12x", alu], "bad --max-cycles value", "12x")
    one_error_line("zero --max-cycles", ["--max-cycles=0", alu], "bad --max-cycles value", "0")
    one_error_line("negative --seed", ["--seed", "-1", alu], "bad --seed value", "-1")
    one_error_line("zero --seed", ["--seed", "0", alu], "bad --seed value")
    one_error_line("--fst-start without --fst", ["--fst-start", "10", alu], "--fst-start needs --fst")
    one_error_line("two programs", [alu, alu], "more than one program", alu)
    # Main-memory model limits: 0..255 each, a number, a value.
    for opt in ("--dram-bw", "--dram-outstanding"):
        one_error_line(f"bad {opt}", [opt, "4x", alu], f"bad {opt} value", "4x")
        one_error_line(f"empty {opt}", [f"{opt}=", alu], f"bad {opt} value")
        one_error_line(f"negative {opt}", [opt, "-1", alu], f"bad {opt} value", "-1")
        one_error_line(f"{opt} out of range", [f"{opt}=256", alu], f"bad {opt} value", "256")
        one_error_line(f"{opt} without value", [alu, opt], "option needs a value", opt)
    # Fault injection: a 64-byte-aligned main-memory address.
    for bad in ("0x40F00004", "0x80000000", "0x41000000", "0", "x"):
        one_error_line(f"--dram-poison {bad}", ["--dram-poison", bad, alu], "", bad)
    rc, out, err = sim("--dram-bw", "255", "--dram-outstanding=1", alu)
    check("--dram-bw 255 --dram-outstanding=1 accepted", rc == 0, f"exit {rc}: {err.strip()!r}")

    # File and ELF errors: one line naming the file.
    nofile = os.path.join(tmp, "missing.elf")
    one_error_line("missing file", [nofile], "", nofile)
    text = os.path.join(tmp, "text.elf")
    with open(text, "w") as f:
        f.write("this is not an ELF file\n" * 10)
    one_error_line("not an ELF", [text], "", text)
    trunc = os.path.join(tmp, "trunc.elf")
    with open(alu, "rb") as f, open(trunc, "wb") as g:
        g.write(f.read()[:100])
    one_error_line("truncated ELF", [trunc], "", trunc)
    one_error_line("64-bit host ELF", ["/bin/true"], "", "/bin/true")
    one_error_line("signature symbols missing", ["--signature", os.path.join(tmp, "s"), prog("end_exit")],
                   "no begin_signature/end_signature symbols", prog("end_exit"))
    one_error_line("trace file not writable", ["--trace=/nonexistent/dir/t", alu], "cannot write trace")

    # Exit-status contract, with and without lockstep.
    for mode in ([], ["--no-cosim"]):
        tag = " (--no-cosim)" if mode else ""
        rc, out, err = sim(*mode, alu)
        check("tohost pass -> 0" + tag, rc == 0 and not err, f"exit {rc}: {err.strip()!r}")
        rc, out, err = sim(*mode, prog("end_tohost_fail"))
        check("tohost fail 3 -> 1, FAIL: test 3" + tag,
              rc == 1 and err.strip() == "FAIL: test 3", f"exit {rc}: {err.strip()!r}")
        rc, out, err = sim(*mode, prog("end_tohost_htif"))
        check("tohost HTIF request -> 4" + tag,
              rc == 4 and "unsupported tohost request 0x00000100" in err, f"exit {rc}: {err.strip()!r}")
        rc, out, err = sim(*mode, prog("end_exit"))
        check("EXIT 5 -> 5, UART output on stdout" + tag, rc == 5 and out == "ok\n" and not err,
              f"exit {rc}, stdout {out!r}, stderr {err.strip()!r}")
        rc, out, err = sim(*mode, "--max-cycles", "1000", prog("spin"))
        check("--max-cycles -> 3" + tag,
              rc == 3 and re.search(r"cycle limit reached: 1000 cycles, \d+ instructions", err),
              f"exit {rc}: {err.strip()!r}")
        rc, out, err = sim(*mode, prog("spin_wfi"))
        check("hang (wfi, no interrupt) -> 3" + tag,
              rc == 3 and "no instruction retired for 1000000 cycles" in err, f"exit {rc}: {err.strip()!r}")
    # The ISS and the RTL must also end the same way: tohost = 0x100, then a
    # byte store of 1 (ISS: whole word 0x101 = fail 128; simctrl: lanes = 1).
    rc, out, err = sim(prog("end_tohost_partial"))
    check("end-of-program disagreement -> mismatch report",
          rc == 1 and "LOCKSTEP MISMATCH" in err and "end of program" in err
          and re.search(r"^  outcome +ends: tohost fail 128 +ends: tohost pass$", err, re.M),
          f"exit {rc}: {simlib.first_lines(err)}")
    rc, out, err = sim("--no-cosim", prog("end_tohost_partial"))
    check("... and the RTL alone passes (--no-cosim)", rc == 0, f"exit {rc}: {err.strip()!r}")
    rc, out, err = sim("--no-cosim", prog("sim_demo"))
    check("--no-cosim runs a C program", rc == 0 and "PASS: sim_demo" in out, f"exit {rc}: {err.strip()!r}")

    # --stats: the fields and their arithmetic.
    rc, out, err = sim("--stats", alu)
    m = {k: re.search(p, err, re.M) for k, p in (
        ("cycles", r"^cycles: (\d+)$"), ("insns", r"^instructions: (\d+) retired, (\d+) trapped"),
        ("cpi", r"^CPI: ([\d.]+)$"), ("time", r"^time: [\d.]+ s, [\d.]+ M cycles/s"))}
    ok = rc == 0 and all(m.values())
    if ok:
        cyc, ret, cpi = int(m["cycles"].group(1)), int(m["insns"].group(1)), float(m["cpi"].group(1))
        parts = [int(v) for v in re.findall(r"^  \S.*?\s(\d+)\s+[\d.]+ %$", err, re.M)]
        ok = abs(cpi - cyc / ret) < 0.001 and len(parts) == 7 and abs(sum(parts) - cyc) <= 1
    check("--stats", ok, f"exit {rc}: {err.strip()!r}")

    # --trace: one line per retired instruction, to a file or stderr.
    tr = os.path.join(tmp, "trace.txt")
    rc, out, err = sim("--stats", "--trace=" + tr, alu)
    lines = open(tr).read().splitlines() if os.path.exists(tr) else []
    m = re.search(r"instructions: (\d+) retired, (\d+) trapped", err)
    ok = rc == 0 and m and len(lines) == int(m.group(1)) + int(m.group(2))
    ok = ok and re.match(r"^\s+\d+ 80000000 [0-9a-f]{8} ", lines[0])
    check("--trace=FILE", ok, f"exit {rc}, {len(lines)} lines")
    rc, out, err = sim("--trace", prog("end_exit"))
    check("--trace to stderr", rc == 5 and "sw t1, 0(t0)" in err and "[0x11000000]=0x00000005" in err,
          f"exit {rc}: {err.strip()[:200]!r}")

    # --signature reads the RTL's memory and matches mosaic-iss's file.
    s1, s2 = os.path.join(tmp, "rtl.sig"), os.path.join(tmp, "iss.sig")
    rc, _, err = sim("--signature", s1, prog("signature"))
    rc2, _, _ = simlib.run([simlib.ISS, "--signature", s2, prog("signature")])
    words = open(s1).read().split() if os.path.exists(s1) else []
    ok = (rc == 0 and rc2 == 0 and len(words) == 19 and words[16:18] == ["0bada50d", "beef1111"]
          and all(re.fullmatch(r"[0-9a-f]{8}", w) for w in words) and open(s1).read() == open(s2).read())
    check("--signature (same file as mosaic-iss)", ok, f"exit {rc}/{rc2}, {words[:3]}: {err.strip()!r}")

    # --fst: mosaic-sim refuses it in one line; mosaic-sim-fst (make sim-fst,
    # not built by `make test`) writes the waveform from --fst-start on.
    fst = os.path.join(tmp, "wave.fst")
    one_error_line("--fst needs mosaic-sim-fst", ["--fst", fst, alu], "built without waveform support",
                   "--fst")
    simfst = os.path.join(BUILD, "bin", "mosaic-sim-fst")
    if os.access(simfst, os.X_OK):
        sizes = []
        for start in ("0", "300"):
            rc, out, err = simlib.run([simfst, "--fst", fst, "--fst-start", start, alu])
            sizes.append(os.path.getsize(fst) if rc == 0 and os.path.exists(fst) else 0)
        check("mosaic-sim-fst --fst FILE [--fst-start N]", sizes[0] > sizes[1] > 0,
              f"exit {rc}, sizes {sizes}: {err.strip()!r}")
    else:
        print(f"INFO: {simfst} not built (make sim-fst): waveform output not checked")

    # --seed: random initial state in non-reset flops must not matter.
    res = set()
    for seed in ("1", "2", "123456789"):
        rc, out, err = sim("--seed", seed, "--stats", prog("sim_demo"))
        cyc = re.search(r"^cycles: (\d+)$", err, re.M)
        res.add((rc, out, cyc.group(1) if cyc else None))
    check("--seed 1/2/123456789: same output and cycle count", len(res) == 1 and
          next(iter(res))[0] == 0, f"{res}")
    print(f"cli: {TALLY.passed} passed, {TALLY.failed} failed")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
