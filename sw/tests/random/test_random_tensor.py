#!/usr/bin/env python3
"""A short random tensor-program campaign on mosaic-iss (tools/rvgen.py --tensor).

Each program must: have every tensor instruction class it may generate in its
`--stats`, cover the four TRF banks, every tmma format combination the golden
model accepts (355), chains into FP32 and INT32 accumulators and mtilek = 0;
assemble; end in pass within --max-insns; retire tensor instructions; with
the default op set retire no tensor instruction outside the first RTL tensor
unit's set (ISS --stats histogram); hit every trap cause it was asked to and
count exactly the traps the ISS took. Self-checks: a program regenerated with
--expect (its own signature) passes with the same signature, and with one
expected checksum word corrupted it must FAIL with code 7; a mutant whose
final dump stores one tensor register from another must change the
main-memory checksum; the same seed gives the same program. Prints `PASS: name` / `FAIL: name: why`. Outputs in
$MOSAIC_BUILD/random/tensor-suite.
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
OUT = os.path.join(BUILD, "random", "tensor-suite")
CC = os.environ.get("RANDOM_CC", "riscv64-unknown-elf-gcc")
CFLAGS = ["-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
          "-Wl,--no-warn-rwx-segments"]
INSNS = 30000
# (seed, generator flags); fixed so a failure reproduces with the same command.
CAMPAIGN = ([(s, ["--tensor"]) for s in range(1, 11)] +
            [(s, ["--tensor", "--tensor-ops", "all"]) for s in range(11, 15)] +
            [(21, ["--tensor", "--no-traps"]), (22, ["--tensor", "--irq"]),
             (23, ["--tensor", "--tensor-ops", "tmma,msettilem"])])
EXPECT_SEEDS = [1, 11, 23]
TMMA_COMBOS = 7 * 7 * 7 + 3 * 2 * 2
LOW, HIGH = 0.8, 1.3            # executed / requested instructions

sys.dont_write_bytecode = True     # no tools/__pycache__ in the source tree
spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
rvgen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rvgen)
SYNC_CAUSES = sorted({c for k in rvgen.BASE_CLASSES for c in k.causes})
# Causes only the tensor trap items raise, and not in every program: a
# misaligned tld/tst row (scalar loads and stores never trap misaligned).
TENSOR_ONLY_CAUSES = [4, 6]
# ISS --stats histogram names of the msettile immediate forms
RTL_MNEMONICS = set(rvgen.TENSOR_OPS_RTL) | {"msettilemi", "msettileki", "msettileni"}


class Opts:
    def __init__(self, flags):
        self.no_traps = "--no-traps" in flags
        self.irq = "--irq" in flags
        self.tensor = True
        ops = flags[flags.index("--tensor-ops") + 1] if "--tensor-ops" in flags else "default"
        self.tensor_op_set = rvgen.parse_tensor_ops(ops)


def tensor_classes(flags):
    """Names of the tensor classes rvgen builds for these flags."""
    class _G:
        def __init__(self, opts):
            self.opts = opts
            self.rng = __import__("random").Random(0)
            self.random_regs = list(rvgen.RANDOM_REGS)
            self.prologue_hooks, self.epilogue_hooks, self.data_lines = [], [], []
    opts = Opts(flags)
    return [c.name for c in rvgen.tensor_extension(_G(opts)) if c.needs(opts)]


def base_of(seed, flags, suffix=""):
    tag = "".join(f.replace("--", "_").replace(",", "+") for f in flags)
    return os.path.join(OUT, f"s{seed}{tag}{suffix}")


def build(seed, flags, base, lds, extra=()):
    cmd = [sys.executable, RVGEN, "--seed", str(seed), "--insns", str(INSNS), *flags, *extra,
           "--stats", "-o", base + ".S"]
    g = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if g.returncode != 0:
        return None, f"rvgen exit {g.returncode}: {g.stderr.strip()[-300:]}"
    a = subprocess.run([CC, *CFLAGS, "-T", lds, base + ".S", "-o", base + ".elf"],
                       capture_output=True, text=True, timeout=120)
    if a.returncode != 0:
        return None, f"assembler: {a.stderr.strip().splitlines()[-1:]}"
    return g.stderr, None


def run(base):
    p = subprocess.run([ISS, "--stats", "--max-insns", str(3 * INSNS + 40000),
                        "--signature", base + ".sig", base + ".elf"],
                       capture_output=True, text=True, timeout=120)
    sig = []
    if os.path.exists(base + ".sig"):
        with open(base + ".sig") as f:
            sig = [int(w, 16) for w in f.read().split()]
    return p, sig


def word(sig, off):
    return sig[(off - rvgen.SIG) // 4]


def run_one(seed, flags, lds):
    name = f"seed {seed} {' '.join(flags)}"
    base = base_of(seed, flags)
    stats, why = build(seed, flags, base, lds)
    if why:
        return name, why
    counts = {m.group(1): int(m.group(2)) for m in re.finditer(r"^class (\w+) (\d+)$", stats, re.M)}
    cover = {m.group(1): int(m.group(2)) for m in re.finditer(r"^cover (\S+) (\d+)$", stats, re.M)}
    missing = [c for c in tensor_classes(flags) if counts.get(c, 0) == 0]
    if missing:
        return name, f"tensor classes never generated: {missing}"
    if cover.get("banks") != 4:
        return name, f"tensor registers of {cover.get('banks')} banks used, not 4"
    if cover.get("tmma_combos") != TMMA_COMBOS:
        return name, f"{cover.get('tmma_combos')} tmma format combinations, not {TMMA_COMBOS}"
    if cover.get("tmma_chains") != 2:
        return name, "no tmma chain into both an FP32 and an INT32 accumulator"
    small = [k for k in ("mtilem<16", "mtilek<16", "mtilen<16", "mtilek=0") if not cover.get(k)]
    if small:
        return name, f"no tmma under {small}"
    p, sig = run(base)
    if p.returncode != 0 or not sig:
        return name, f"mosaic-iss exit {p.returncode}: {p.stderr.strip()[:200].replace(chr(10), ' | ')}"
    m = re.search(r"instructions: (\d+) retired, (\d+) trapped, (\d+) interrupts", p.stderr)
    if not m:
        return name, "no --stats line from mosaic-iss"
    retired, trapped, irqs = map(int, m.groups())
    if not LOW * INSNS <= retired + trapped <= HIGH * INSNS:
        return name, f"executed {retired + trapped} instructions, asked for {INSNS}"
    hist = {m.group(1): int(m.group(2))
            for m in re.finditer(r"^  (\S+)\s+(\d+)$", p.stderr, re.M)}
    if sum(hist.values()) == 0:
        return name, "no tensor instruction retired"
    if "--tensor-ops" not in flags:
        extra = sorted(set(hist) - RTL_MNEMONICS)
        if extra:
            return name, f"default op set retired {extra} (not in the first RTL tensor unit)"
    if word(sig, rvgen.S_STATUS) != 1:
        return name, f"signature status {word(sig, rvgen.S_STATUS)}"
    cnt = [word(sig, rvgen.S_CNT + 4 * c) for c in range(17)]
    expect = [] if "--no-traps" in flags else SYNC_CAUSES
    missed = [c for c in expect if cnt[c] == 0]
    extra = [c for c in range(16) if cnt[c] and c not in expect
             and not (c in TENSOR_ONLY_CAUSES and "--no-traps" not in flags)]
    if missed or extra:
        return name, f"trap causes not hit {missed}, unexpected {extra}"
    if sum(cnt[:16]) != trapped:
        return name, f"handler counted {sum(cnt[:16])} traps, the ISS took {trapped}"
    if cnt[16] != irqs:
        return name, f"{irqs} interrupts taken, {cnt[16]} counted"
    return name, None


def self_check(seed, flags, lds):
    """--expect with the program's own signature passes with the same
    signature; with one checksum word corrupted it fails with code 7."""
    base = base_of(seed, flags)
    good = base + ".sig"
    if not os.path.exists(good):
        return "no signature from the campaign run"
    with open(good) as f:
        ref = f.read().split()
    xb = base_of(seed, flags, ".x")
    _, why = build(seed, flags, xb, lds, ["--expect", good])
    if why:
        return why
    p, sig = run(xb)
    if p.returncode != 0 or [f"{w:08x}" for w in sig] != ref:
        return f"--expect run: exit {p.returncode}, signature {'same' if sig and [f'{w:08x}' for w in sig] == ref else 'differs'}"
    slot = [rvgen.S_REGSUM, rvgen.S_DATASUM, rvgen.S_MAINSUM][seed % 3]
    bad = list(ref)
    i = (slot - rvgen.SIG) // 4
    bad[i] = f"{int(bad[i], 16) ^ 0x00010000:08x}"
    badf = base + ".bad.sig"
    with open(badf, "w") as f:
        f.write("\n".join(bad) + "\n")
    cb = base_of(seed, flags, ".c")
    _, why = build(seed, flags, cb, lds, ["--expect", badf])
    if why:
        return why
    p, sig = run(cb)
    if p.returncode == 0 or not sig or word(sig, rvgen.S_STATUS) != rvgen.FAIL_EXPECT:
        return (f"corrupted expected checksum: exit {p.returncode}, status "
                f"{word(sig, rvgen.S_STATUS) if sig else None} (want FAIL, code {rvgen.FAIL_EXPECT})")
    return None


def dump_mutant(seed, flags, lds):
    """A wrong tensor register reaches the signature: the program with one
    register of the final dump stored from another register (same row size)
    must still pass but give another main-memory checksum."""
    base = base_of(seed, flags)
    with open(base + ".S") as f:
        lines = f.read().split("\n")
    start = next((i for i, l in enumerate(lines) if "tensor registers -> dump area" in l), None)
    if start is None:
        return "no dump in the program"
    tst = []
    for i in range(start, len(lines)):
        m = re.search(r"\.word (0x[0-9a-f]+) /\* tst tr(\d+), (\d+)\(", lines[i])
        if m:
            tst.append((i, int(m.group(1), 16), int(m.group(2)), int(m.group(3))))
    pairs = [(x, y) for x in tst for y in tst if x[3] == y[3] and x[2] != y[2]]
    if not pairs:
        return "no two dumped registers of the same row size"
    _, ref = run(base)
    # Registers may hold equal tiles (zeros, say); a few pairs are tried.
    for (i, w, r, _), (_, _, r2, _) in pairs[:8]:
        mut = list(lines)
        mut[i] = f"    .word {(w & ~(31 << 7)) | (r2 << 7):#010x} /* mutant: tst tr{r2} in place of tr{r} */"
        mb = base_of(seed, flags, ".mut")
        with open(mb + ".S", "w") as f:
            f.write("\n".join(mut))
        a = subprocess.run([CC, *CFLAGS, "-T", lds, mb + ".S", "-o", mb + ".elf"],
                           capture_output=True, text=True, timeout=120)
        if a.returncode != 0:
            return f"assembler: {a.stderr.strip().splitlines()[-1:]}"
        p, sig = run(mb)
        if p.returncode != 0 or not sig or not ref:
            return f"mutant run: exit {p.returncode}"
        if word(sig, rvgen.S_MAINSUM) != word(ref, rvgen.S_MAINSUM):
            return None
    return f"{len(pairs[:8])} register swaps in the dump left the main-memory checksum unchanged"


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

    texts = []
    for seed in (7, 7, 8):
        out = os.path.join(OUT, f"det{len(texts)}.S")
        g = subprocess.run([sys.executable, RVGEN, "--seed", str(seed), "--tensor", "-o", out],
                           capture_output=True, text=True)
        texts.append(open(out, "rb").read() if g.returncode == 0 else None)
    report("tensor: same seed, same program", None if texts[0] and texts[0] == texts[1]
           else "two generations with seed 7 differ")
    report("tensor: different seeds, different programs", None if texts[2] and texts[2] != texts[0]
           else "seeds 7 and 8 give the same program")

    for seed, flags in CAMPAIGN:
        report(*run_one(seed, flags, lds))
    for seed, flags in CAMPAIGN:
        if seed in EXPECT_SEEDS:
            report(f"seed {seed} {' '.join(flags)}: --expect passes, corrupted --expect fails",
                   self_check(seed, flags, lds))
    seed, flags = CAMPAIGN[0]
    report(f"seed {seed} {' '.join(flags)}: a wrong tensor register changes the checksum",
           dump_mutant(seed, flags, lds))
    print(f"{len(CAMPAIGN)} tensor programs of {INSNS} instructions in {time.time() - t0:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
