#!/usr/bin/env python3
"""Runs the libFuzzer targets (sw/tests/fuzz/fuzz_*.c, built by `make fuzz`
into build/fuzz/) with AddressSanitizer and UndefinedBehaviorSanitizer:

  * fuzz_elf      the ISS's ELF loader, and up to 2 000 instructions of what
                  it accepts
  * fuzz_decode   instruction words through the ISS and its disassembler,
                  which must agree on which words are illegal
  * fuzz_iss_cli  mosaic-iss's option parser
  * fuzz_sim_cli  mosaic-sim's option parser
  * fuzz_fmt_cli  mosaic-fmt's whole command line (parse, convert, print)
  * fuzz_blob     the ATALLA00 blob loader (sw/model/blob.c), with the CRC
                  repaired for half the inputs so mutations reach the checks
                  behind it

Each starts from sw/tests/fuzz/seeds/<target>/ (inputs that once failed stay
there as regression inputs) plus, for fuzz_elf, the ISA programs in
build/isa/ and, for fuzz_blob, a valid blob built by tools/atalla_blob.py,
and keeps what it finds in build/fuzz/corpus/<target>/. Each runs
FUZZ_SECONDS seconds: 8 in make test, 300 in make regress (MOSAIC_TIER). A
crash, a sanitizer report, a differential mismatch, a timeout or a run of
zero inputs is a FAIL naming the input libFuzzer saved. Prints
`PASS: name` / `FAIL: name: why`."""
import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
SEEDS = os.path.join(ROOT, "sw", "tests", "fuzz", "seeds")
OUT = os.path.join(BUILD, "fuzz")
TARGETS = ["elf", "decode", "iss_cli", "sim_cli", "fmt_cli", "blob"]
CLI_TARGETS = {"iss_cli", "sim_cli", "fmt_cli"}
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
SECONDS = int(os.environ.get("FUZZ_SECONDS", "300" if REGRESS else "8"))


def first_error(log):
    for pat in (r"fuzz_\w+: .*", r"runtime error: .*", r"ERROR: \w+Sanitizer: .*",
                r"ERROR: libFuzzer: .*", r"==\d+== ERROR: .*"):
        m = re.search(pat, log)
        if m:
            return m.group(0).strip()
    return "no error line"


def seed_blob():
    """A valid blob with every op kind's path (relu, add, transpose,
    softmax, gemm), built by the host compiler's blob writer."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import atalla_blob as ab
    T = ab.Tensor
    data = bytes(range(64))   # 32 BF16 values
    ts = [T("x", [4, 8], ab.INPUT, data), T("w", [8, 4], ab.CONST, data),
          T("r", [4, 8], ab.TEMP), T("s", [4, 8], ab.TEMP), T("t", [8, 4], ab.TEMP),
          T("p", [4, 8], ab.TEMP), T("y", [4, 4], ab.OUTPUT)]
    ops = [(ab.RELU, 0, ab.NO_INPUT, 2, -1, -1), (ab.ADD, 0, 2, 3, -1, -1),
           (ab.TRANSPOSE, 3, ab.NO_INPUT, 4, 0, 1), (ab.SOFTMAX, 3, ab.NO_INPUT, 5, -1, -1),
           (ab.GEMM, 5, 1, 6, -1, -1)]
    return ab.build(ts, ops)


def run(target):
    binary = os.path.join(OUT, "fuzz_" + target)
    if not os.access(binary, os.X_OK):
        return f"{binary} not built (make fuzz)"
    corpus = os.path.join(OUT, "corpus", target)
    os.makedirs(corpus, exist_ok=True)
    seeds = os.path.join(SEEDS, target)
    if target == "elf":
        elfs = sorted(glob.glob(os.path.join(BUILD, "isa", "*.elf")))
        if not elfs:
            return f"no seed ELF in {os.path.join(BUILD, 'isa')} (make isa-tests)"
        for elf in elfs:
            shutil.copy(elf, corpus)
    if target == "blob":
        with open(os.path.join(corpus, "seed-valid"), "wb") as f:
            f.write(b"\x01" + seed_blob())   # 1: the harness repairs the CRC
    artifacts = os.path.join(OUT, "artifacts", target) + os.sep
    os.makedirs(artifacts, exist_ok=True)
    log_path = os.path.join(OUT, target + ".log")
    cmd = [binary, f"-max_total_time={SECONDS}", "-timeout=20", "-rss_limit_mb=2560",
           "-max_len=16384" if target == "elf" else "-max_len=4096",
           f"-artifact_prefix={artifacts}", "-print_final_stats=1", corpus]
    if target in CLI_TARGETS:
        # The tools print an error line for nearly every input: millions of
        # lines. libFuzzer's own reports and the sanitizers' survive this
        # (it keeps a duplicate of stderr for them).
        cmd.append("-close_fd_mask=3")
    if os.path.isdir(seeds):   # git keeps no empty folder: a target may have none
        cmd.append(seeds)
    # Output straight to the log file, never into this process's memory:
    # the next fuzzer, forked from here, would inherit that size as its RSS.
    try:
        with open(log_path, "wb") as log:
            p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT,
                               timeout=SECONDS + 300, cwd=OUT)
    except subprocess.TimeoutExpired:
        return f"did not stop within {SECONDS + 300} s"
    with open(log_path, "rb") as f:
        f.seek(max(0, os.path.getsize(log_path) - (1 << 20)))   # reports are at the end
        out = f.read().decode(errors="replace")
    runs = re.search(r"stat::number_of_executed_units: (\d+)", out)
    if p.returncode != 0:
        saved = re.findall(r"Test unit written to (\S+)", out)
        if not saved:
            last = out.strip().splitlines()[-1:] or ["no output"]
            return f"exit {p.returncode}: {first_error(out)}: {last[0]} (log {log_path})"
        return (f"exit {p.returncode}: {first_error(out)} "
                f"(input: {saved[-1]}; reproduce: {binary} {saved[-1]})")
    if not runs or int(runs.group(1)) == 0:
        return f"ran no input (log {log_path})"
    cov = re.findall(r"cov: (\d+)", out)
    return None, f"{int(runs.group(1))} inputs in {SECONDS} s, {cov[-1] if cov else '?'} coverage points"


def main():
    passed = failed = 0
    print(f"INFO: {len(TARGETS)} targets, {SECONDS} s each", flush=True)
    for target in TARGETS:
        res = run(target)
        why, note = (res, "") if isinstance(res, str) else res
        if why:
            print(f"FAIL: fuzz_{target}: {why}", flush=True)
            failed += 1
        else:
            print(f"PASS: fuzz_{target} ({note})", flush=True)
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
