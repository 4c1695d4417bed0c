"""Shared helpers of the mosaic-sim suites (sw/tests/sim/test_*.py): paths,
running the simulator, and finding programs that use the tensor unit (the
RTL has none attached yet, so those programs would trap illegal there)."""
import os
import re
import struct
import subprocess

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
SIM = os.path.join(BUILD, "bin", "mosaic-sim")
SIM_MUTANT = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-mutant")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
PROGS = os.path.join(BUILD, "sim")

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
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise ValueError(f"{path}: not a little-endian ELF32 file")
    shoff, = struct.unpack_from("<I", data, 32)
    shentsize, shnum = struct.unpack_from("<HH", data, 46)
    custom = csr = 0
    for i in range(shnum):
        _name, sh_type, flags, _addr, off, size = struct.unpack_from("<IIIIII", data, shoff + i * shentsize)
        if sh_type != 1 or not flags & SHF_EXECINSTR:  # SHT_PROGBITS, executable
            continue
        for (w,) in struct.iter_unpack("<I", data[off:off + size - size % 4]):
            op = w & 0x7F
            if op in CUSTOM_OPCODES:
                custom += 1
            elif op == 0x73 and (w >> 12) & 3 and (w >> 20) in _TCSRS:
                csr += 1
    return custom, csr


def run(cmd, timeout=300, **kw):
    """Run a command; returns (exit status or None on timeout, stdout, stderr)."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None, "", "timed out"
    return (p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"))


def first_lines(text, n=6):
    return " | ".join(text.strip().splitlines()[:n])
