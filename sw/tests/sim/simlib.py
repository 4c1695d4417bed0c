"""Shared helpers of the mosaic-sim suites (sw/tests/sim/test_*.py): paths,
running the simulator, and finding programs that use tensor instructions
the RTL tensor unit does not implement yet (it does not accept them, so they
trap illegal there where the ISS executes them)."""
import os
import re
import struct
import sys
import subprocess
import threading

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
# MOSAIC_SIM, MOSAIC_SIM_4X4, MOSAIC_SIM_SCALAR and MOSAIC_SIM_FPGA replace a
# model (make coverage runs the lockstep suites on its coverage build this way).
SIM = os.environ.get("MOSAIC_SIM") or os.path.join(BUILD, "bin", "mosaic-sim")
SIM_MUTANT = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-mutant")
SIM_4X4 = os.environ.get("MOSAIC_SIM_4X4") or os.path.join(BUILD, "bin", "mosaic-sim-4x4")
# The 8x8 build (make perf's middle size): lockstep in make regress only.
SIM_8X8 = os.environ.get("MOSAIC_SIM_8X8") or os.path.join(BUILD, "bin", "mosaic-sim-8x8")
# The SoC without the tensor unit: 1.7-3x faster for scalar code (docs/performance.md).
SIM_SCALAR = os.environ.get("MOSAIC_SIM_SCALAR") or os.path.join(BUILD, "tb", "verilator", "mosaic-sim-scalar")
SIM_FPGA = os.environ.get("MOSAIC_SIM_FPGA") or os.path.join(BUILD, "tb", "verilator", "mosaic-sim-fpga")
SIM_TMUTANT = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-fpga-mutant")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
# The DRAM settings the GEMM benchmarks from main memory are measured at
# (sw/bench/bench.mk's GEMM_DRAM_LAT and GEMM_DRAM_BW, make perf's).
GEMM_DRAM = ["--dram-latency", "100", "--dram-bw", "16"]
PROGS = os.path.join(BUILD, "sim")

# Simulator options a program needs, by ELF name, for every runner (ISS,
# lockstep, DRAM stress): test_buserr checks bus errors on the main-memory
# block it hard-codes (sw/tests/target/test_buserr.c).
PROGRAM_OPTIONS = {"test_buserr": ("--dram-poison", "0x40F00000")}


def program_options(elf):
    return PROGRAM_OPTIONS.get(os.path.splitext(os.path.basename(elf))[0], ())


CUSTOM_OPCODES = {0x0B, 0x2B, 0x5B, 0x7B}  # custom-0..3: tensor instructions
SHF_EXECINSTR = 0x4


def tensor_csrs():
    """Tensor CSR numbers, from the golden model's header."""
    with open(os.path.join(ROOT, "sw", "golden", "mosaic_tu.h")) as f:
        return {int(v, 16) for v in re.findall(r"#define MOSAIC_CSR_\w+ (0x[0-9A-Fa-f]+)u?", f.read())}


_TCSRS = None


def tensor_use(path):
    """(custom-opcode words, tensor-CSR accesses) in the ELF's executable
    sections. Non-zero means the program needs the tensor unit."""
    global _TCSRS
    if _TCSRS is None:
        _TCSRS = tensor_csrs()
    custom = csr = 0
    for w in _code_words(path):
        op = w & 0x7F
        if op in CUSTOM_OPCODES:
            custom += 1
        elif op == 0x73 and (w >> 12) & 3 and (w >> 20) in _TCSRS:
            csr += 1
    return custom, csr


class Tally:
    """PASS/FAIL lines and their counts for a test script."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, ok, why=""):
        if ok:
            self.passed += 1
            print(f"PASS: {name}")
        else:
            self.failed += 1
            print(f"FAIL: {name}: {why}")
        sys.stdout.flush()


def _code_words(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError(f"{path}: not a little-endian ELF32 file")
    shoff, = struct.unpack_from("<I", data, 32)
    shentsize, shnum = struct.unpack_from("<HH", data, 46)
    for i in range(shnum):
        _name, sh_type, flags, _addr, off, size = struct.unpack_from("<IIIIII", data, shoff + i * shentsize)
        if sh_type == 1 and flags & SHF_EXECINSTR:  # SHT_PROGBITS, executable
            yield from (w for (w,) in struct.iter_unpack("<I", data[off:off + size - size % 4]))


def run(cmd, timeout=300, **kw):
    """Run a command; returns (exit status or None on timeout, stdout, stderr)."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None, "", "timed out"
    return (p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"))


def first_lines(text, n=6):
    return " | ".join(text.strip().splitlines()[:n])


RVGEN = os.path.join(ROOT, "tools", "rvgen.py")
RANDOM_OUT = os.path.join(BUILD, "sim", "random")
RANDOM_CC = os.environ.get("RANDOM_CC", "riscv64-unknown-elf-gcc")
RANDOM_CFLAGS = ["-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib", "-nostartfiles", "-static",
                 "-Wl,--no-warn-rwx-segments"]


_LDS_MADE = []
_LDS_LOCK = threading.Lock()


def _tmp(path):
    """A private name beside path: suites run concurrently and may build the
    same file, so each writes its own and renames it into place."""
    return f"{path}.{os.getpid()}.{threading.get_ident()}.tmp"


def build_random(seed, flags, insns):
    """Generate and assemble an rvgen program. Returns (path without
    extension, None) or (None, why). Safe to call from several threads and
    processes at once."""
    import sys
    os.makedirs(RANDOM_OUT, exist_ok=True)
    lds = os.path.join(RANDOM_OUT, "link.ld")
    with _LDS_LOCK:
        if not _LDS_MADE:  # once per run, from the current memory map
            tmp = _tmp(lds)
            rc, _, err = run([RANDOM_CC, "-E", "-P", "-undef", "-x", "c", "-I" + os.path.join(ROOT, "sw", "golden"),
                              os.path.join(ROOT, "sw", "tests", "random", "link.ld.S"), "-o", tmp])
            if rc != 0:
                return None, f"linker script: {err.strip()}"
            os.replace(tmp, lds)
            _LDS_MADE.append(lds)
    base = os.path.join(RANDOM_OUT, f"i{insns}_s{seed}{''.join(f.replace('--', '_') for f in flags)}")
    src, elf = _tmp(base + ".S"), _tmp(base + ".elf")
    rc, _, err = run([sys.executable, RVGEN, "--seed", str(seed), "--insns", str(insns), *flags, "-o", src])
    if rc != 0:
        return None, f"rvgen exit {rc}: {err.strip()}"
    # The assembler names its input in diagnostics: keep the .S name stable.
    os.replace(src, base + ".S")
    rc, _, err = run([RANDOM_CC, *RANDOM_CFLAGS, "-T", lds, base + ".S", "-o", elf])
    if rc != 0:
        return None, f"assembler: {first_lines(err, 2)}"
    os.replace(elf, base + ".elf")
    return base, None


def _rvgen_module():
    """tools/rvgen.py as a module (its signature layout)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# random_run's verdict for an --irq program that passed every other check
# but took no interrupt (its random code kept the timer interrupt masked).
NO_IRQ = "no timer interrupt was taken"


def random_run(seed, flags, insns, sim, extra=(), max_cycles=20_000_000, rvgen=None):
    """Build an rvgen program and run it on sim in lockstep (model seeded
    with the program's seed, plus extra options). Passes when lockstep
    reports no difference, the program's own status word says pass, a run
    with --irq took an interrupt, and otherwise the RTL's final signature
    equals mosaic-iss's. Returns (why or None, (retired, trapped,
    interrupts, cycles), base path)."""
    rvgen = rvgen or _rvgen_module()
    none = (0, 0, 0, 0)
    base, why = build_random(seed, flags, insns)
    if why:
        return why, none, None
    rc, _, err = run([sim, "--stats", "--seed", str(seed), "--max-cycles", str(max_cycles), *extra,
                      "--signature", base + ".rtl.sig", base + ".elf"], timeout=600)
    if rc != 0 or "LOCKSTEP MISMATCH" in err:
        return f"exit {rc}: {mismatch_summary(err)}", none, base
    m = re.search(r"instructions: (\d+) retired, (\d+) trapped, (\d+) interrupts", err)
    c = re.search(r"^cycles: (\d+)", err, re.M)
    if not m or not c:
        return "no --stats line", none, base
    counts = (*map(int, m.groups()), int(c.group(1)))
    with open(base + ".rtl.sig") as f:
        sig = [int(w, 16) for w in f.read().split()]
    status = sig[(rvgen.S_STATUS - rvgen.SIG) // 4]
    if status != 1:
        return f"signature status {status}", counts, base
    if "--irq" in flags:
        return (None if counts[2] > 0 else NO_IRQ), counts, base
    rc, _, err = run([ISS, "--signature", base + ".iss.sig", base + ".elf"])
    if rc != 0:
        return f"mosaic-iss exit {rc}: {err.strip()}", counts, base
    with open(base + ".iss.sig") as a, open(base + ".rtl.sig") as b:
        same = a.read() == b.read()
    return (None if same else "RTL and ISS signatures differ"), counts, base


def mismatch_summary(err):
    """The lockstep report's first lines, else the first lines of stderr."""
    lines = err.strip().splitlines()
    for i, line in enumerate(lines):
        if "LOCKSTEP MISMATCH" in line:
            return " | ".join(lines[i:i + 6])
    return first_lines(err, 4)


def jobs():
    """How many simulations a suite runs at once: MOSAIC_JOBS, else one per
    core this process may use."""
    env = os.environ.get("MOSAIC_JOBS", "")
    if env:
        if not env.isdigit() or int(env) < 1:
            sys.exit(f"MOSAIC_JOBS={env!r}: not a positive integer")
        return int(env)
    return max(1, len(os.sched_getaffinity(0)))
