#!/usr/bin/env python3
"""A short random-program campaign on mosaic-iss (tools/rvgen.py).

Each program (20 seeds x 20k instructions, plus --no-traps and --irq ones)
must: have every instruction class in its `--stats`, assemble, end in pass
(tohost = 1, signature status 1) within --max-insns, execute roughly the
requested number of instructions (ISS --stats), hit every trap cause it was
asked to (signature counters) and no other, and log exactly the traps the
ISS took. Also: same seed -> byte-identical .S (--stats does not change it),
different seeds differ, an unknown --tensor-ops mnemonic is refused. The
tensor campaign is test_random_tensor.py.
Prints `PASS: name` / `FAIL: name: why`. Outputs in $MOSAIC_BUILD/random/suite.
"""
import importlib.util
import os
import re
import subprocess
import sys
import time

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
RVGEN = os.path.join(ROOT, "tools", "rvgen.py")
OUT = os.path.join(BUILD, "random", "suite")
CC = os.environ.get("RANDOM_CC", "riscv64-unknown-elf-gcc")
CFLAGS = ["-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
          "-Wl,--no-warn-rwx-segments"]
INSNS = 20000
# (seed, generator flags); fixed so a failure reproduces with the same command.
CAMPAIGN = [(s, []) for s in range(1, 21)] + [(101, ["--no-traps"]), (102, ["--no-traps"]),
                                             (201, ["--irq"]), (202, ["--irq", "--no-traps"])]
LOW, HIGH = 0.8, 1.25           # executed / requested instructions

sys.dont_write_bytecode = True     # no tools/__pycache__ in the source tree
spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
rvgen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rvgen)
SYNC_CAUSES = sorted({c for k in rvgen.BASE_CLASSES for c in k.causes})


def generate(seed, flags, out, stats=False):
    cmd = [sys.executable, RVGEN, "--seed", str(seed), "--insns", str(INSNS), *flags, "-o", out]
    if stats:
        cmd.append("--stats")
    return subprocess.run(cmd, capture_output=True, text=True, timeout=60)


def run_one(seed, flags, lds):
    name = f"seed {seed}{''.join(' ' + f for f in flags)}"
    base = os.path.join(OUT, f"s{seed}{''.join(f.replace('--', '_') for f in flags)}")
    g = generate(seed, flags, base + ".S", stats=True)
    if g.returncode != 0:
        return name, f"rvgen exit {g.returncode}: {g.stderr.strip()}"
    counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^class (\w+) (\d+)$", g.stderr, re.M)}
    want = [k.name for k in rvgen.BASE_CLASSES if k.needs(_Opts(flags))]
    missing = [c for c in want if counts.get(c, 0) == 0]
    if missing or not counts:
        return name, f"classes never generated: {missing or 'no --stats output'}"
    a = subprocess.run([CC, *CFLAGS, "-T", lds, base + ".S", "-o", base + ".elf"],
                       capture_output=True, text=True, timeout=120)
    if a.returncode != 0:
        return name, f"assembler: {a.stderr.strip().splitlines()[-1:]}"
    p = subprocess.run([ISS, "--stats", "--max-insns", str(3 * INSNS + 20000),
                        "--signature", base + ".sig", base + ".elf"],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        return name, f"mosaic-iss exit {p.returncode}: {p.stderr.strip().replace(chr(10), ' | ')}"
    m = re.search(r"instructions: (\d+) retired, (\d+) trapped, (\d+) interrupts", p.stderr)
    if not m:
        return name, "no --stats line from mosaic-iss"
    retired, trapped, irqs = map(int, m.groups())
    executed = retired + trapped
    if not LOW * INSNS <= executed <= HIGH * INSNS:
        return name, f"executed {executed} instructions, asked for {INSNS}"
    with open(base + ".sig") as f:
        sig = [int(w, 16) for w in f.read().split()]

    def word(off):
        return sig[(off - rvgen.SIG) // 4]

    if word(rvgen.S_STATUS) != 1:
        return name, f"signature status {word(rvgen.S_STATUS)}"
    if word(rvgen.S_SEED) != seed or word(rvgen.S_INSNS) != INSNS:
        return name, "signature does not carry the seed and size"
    cnt = [word(rvgen.S_CNT + 4 * c) for c in range(17)]
    traps = "--no-traps" not in flags
    expect = SYNC_CAUSES if traps else []
    missed = [c for c in expect if cnt[c] == 0]
    extra = [c for c in range(16) if cnt[c] and c not in expect]
    if missed or extra:
        return name, f"trap causes not hit {missed}, unexpected {extra}"
    if sum(cnt[:16]) != trapped:
        return name, f"handler counted {sum(cnt[:16])} traps, the ISS took {trapped}"
    if cnt[16] != irqs or ("--irq" in flags) != (irqs > 0):
        return name, f"{irqs} interrupts taken ({cnt[16]} counted) with flags {flags}"
    if word(rvgen.S_NLOG) != trapped + irqs:
        return name, f"trap log has {word(rvgen.S_NLOG)} entries"
    return name, None


class _Opts:
    def __init__(self, flags):
        self.no_traps = "--no-traps" in flags
        self.irq = "--irq" in flags
        self.tensor = False
        self.tensor_op_set = []


def main():
    t0 = time.time()
    if not os.access(ISS, os.X_OK):
        print(f"FAIL: setup: {ISS} not built (make golden)")
        return 1
    os.makedirs(OUT, exist_ok=True)
    lds = os.path.join(OUT, "link.ld")
    c = subprocess.run([CC, "-E", "-P", "-undef", "-x", "c", "-I" + os.path.join(ROOT, "sw", "golden"),
                        os.path.join(ROOT, "sw", "tests", "random", "link.ld.S"), "-o", lds],
                       capture_output=True, text=True)
    if c.returncode != 0:
        print(f"FAIL: setup: linker script: {c.stderr.strip()}")
        return 1
    failed = 0

    def report(name, why):
        nonlocal failed
        if why:
            failed += 1
            print(f"FAIL: {name}: {why}")
        else:
            print(f"PASS: {name}")
        sys.stdout.flush()

    # Determinism: same seed -> same bytes (with or without --stats);
    # different seeds -> different programs.
    texts = []
    for seed, extra in ((7, []), (7, []), (7, ["--stats"]), (8, [])):
        out = os.path.join(OUT, f"det{len(texts)}.S")
        g = generate(seed, extra, out)
        texts.append(open(out, "rb").read() if g.returncode == 0 else None)
    report("same seed, same program", None if texts[0] and texts[0] == texts[1] == texts[2]
           else "two generations with seed 7 differ")
    report("different seeds, different programs", None if texts[3] and texts[3] != texts[0]
           else "seeds 7 and 8 give the same program")
    g = subprocess.run([sys.executable, RVGEN, "--seed", "1", "--tensor", "--tensor-ops",
                        "tld,tfoo", "-o", os.devnull], capture_output=True, text=True)
    report("unknown --tensor-ops mnemonic refused",
           None if g.returncode != 0 and "tfoo" in g.stderr
           else f"exit {g.returncode}, stderr {g.stderr.strip()!r}")

    for seed, flags in CAMPAIGN:
        report(*run_one(seed, flags, lds))
    print(f"{len(CAMPAIGN)} programs of {INSNS} instructions in {time.time() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
