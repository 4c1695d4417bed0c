#!/usr/bin/env python3
"""The UART boot loader (sw/boot) and its host tool (tools/mosaic-load),
docs/fpga.md "Loading programs".

  * on the ISS (mosaic-iss --uart-in): hello.elf and gemm_rtl.elf loaded
    through the loader print what they print when run directly, with the
    same exit status; every answer byte is the expected one;
  * bad input on the ISS: a wrong CRC, a repeated frame, a lost frame, wrong
    image totals, out-of-range addresses, lengths and types, line noise.
    Each frame is NAKed with its reason and changes nothing; a program whose
    image is incomplete never runs; the loader recovers for the next image;
  * mosaic-load's own errors: a bad ELF, an image too big for the board, a
    missing port, conflicting options (exit 2, one line);
  * on the RTL: mosaic-sim --no-cosim --uart-pty runs the loader and
    mosaic-load sends a program over the pseudo-terminal (bit by bit into
    the RTL receiver) with every 7th frame corrupted once; the program's
    output and exit status match the ISS's. The test tier sends
    board_check.elf to the scalar SoC; the regress tier (MOSAIC_TIER=regress)
    also gemm_rtl.elf (tensor unit) to the 4x4 build.

One `PASS: name` / `FAIL: name: why` per case; exit 1 on any failure (a
missing binary is a FAIL)."""
import importlib.machinery
import importlib.util
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
SIM_4X4 = os.path.join(BUILD, "bin", "mosaic-sim-4x4")
SIM_SCALAR = os.path.join(BUILD, "tb", "verilator", "mosaic-sim-scalar")
CHECK = os.path.join(BUILD, "sw", "boot", "board_check.elf")
REGRESS = os.environ.get("MOSAIC_TIER") == "regress"
BOOT = os.path.join(BUILD, "sw", "boot", "boot.elf")
LOADER = os.path.join(ROOT, "tools", "mosaic-load")
HELLO = os.path.join(BUILD, "sw", "hello.elf")
GEMM = os.path.join(BUILD, "sw", "boot", "gemm_rtl.elf")  # linked for the board
GEMM_SIM = os.path.join(BUILD, "sw", "gemm_rtl.elf")    # stack at the top of 512 KiB
TMP = tempfile.mkdtemp(prefix="test_boot.")
BANNER = b"\r\nmosaic-boot: ready\r\n"
ACK, NAK = b"\x06", b"\x15"

_spec = importlib.util.spec_from_loader(
    "mosaic_load", importlib.machinery.SourceFileLoader("mosaic_load", LOADER))
ml = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ml)

passed = failed = 0


def report(name, why):
    global passed, failed
    if why:
        failed += 1
        print("FAIL: %s: %s" % (name, why), flush=True)
    else:
        passed += 1
        print("PASS: %s" % name, flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, timeout=kw.pop("timeout", 600), **kw)


def normal(out):
    """hello.elf prints its cycle and instret counts, which include the
    loader's time, and gemm_rtl.elf its cycles: compare the rest."""
    out = re.sub(rb"cycle \d+ instret \d+\n", b"cycle N instret N\n", out)
    # gemm_rtl's timing lines differ between the ISS (1 cycle each) and RTL.
    return re.sub(rb"  cycles [^\n]*\n", b"  cycles ...\n", out)


def iss_direct(elf):
    r = run([ISS, elf])
    return normal(r.stdout), r.returncode


def iss_boot(stream, max_insns=None):
    path = os.path.join(TMP, "rx.bin")
    with open(path, "wb") as f:
        f.write(stream)
    cmd = [ISS, "--uart-in", path]
    if max_insns:
        cmd += ["--max-insns", str(max_insns)]
    r = run(cmd + [BOOT])
    return normal(r.stdout), r.returncode


def frames_for(elf):
    segs, entry, _ = ml.read_elf(elf)
    return ml.image_frames(segs, entry), segs, entry


def acks(seqs):
    """The loader's answers to accepted frames: ACK, 0x80 | seq's low 7 bits."""
    return b"".join(ACK + bytes([0x80 | (q & 0x7F)]) for q in seqs)


def check_boot(name, stream, answers, elf, runs=True):
    """The loader's output must be its banner, exactly `answers`, then (when
    runs) the program's own output and exit status."""
    out, rc = iss_boot(stream, None if runs else 20000000)
    if runs:
        want, want_rc = iss_direct(elf)
        exp = BANNER + answers + want
        if out != exp or rc != want_rc:
            i = next((k for k in range(min(len(out), len(exp))) if out[k] != exp[k]),
                     min(len(out), len(exp)))
            return report(name, "output differs at byte %d (got %r, want %r), exit %d want %d" % (
                i, out[i:i + 24], exp[i:i + 24], rc, want_rc))
        return report(name, None)
    exp = BANNER + answers
    if rc != 3 or out != exp:
        return report(name, "want the loader still waiting (exit 3) after %r, got exit %d, %r" % (
            exp[-12:], rc, out[:len(exp) + 40][-60:]))
    report(name, None)


def main():
    for p in (ISS, BOOT, HELLO, GEMM, GEMM_SIM, CHECK):
        if not os.path.exists(p):
            report("setup", "%s not built (make test-build)" % p)
            return 1
    fr, segs, entry = frames_for(HELLO)
    n = len(fr)
    ok = acks(range(n))

    # -- Good images -----------------------------------------------------
    check_boot("iss: hello.elf through the loader", b"".join(fr), ok, HELLO)
    gfr, _, _ = frames_for(GEMM)
    check_boot("iss: gemm_rtl.elf (tensor unit) through the loader", b"".join(gfr),
               acks(range(len(gfr))), GEMM)

    # -- Damaged frames ----------------------------------------------------
    bad = fr[3][:-1] + bytes([fr[3][-1] ^ 1])
    check_boot("iss: a bad CRC is NAKed, the resent frame taken",
               b"".join(fr[:3]) + bad + b"".join(fr[3:]), acks(range(3)) + NAK + b"C" + acks(range(3, n)), HELLO)
    check_boot("iss: a repeated frame (lost ACK) is ACKed and not counted twice",
               b"".join(fr[:5]) + fr[4] + b"".join(fr[5:]),
               acks(range(5)) + acks([4]) + acks(range(5, n)), HELLO)
    check_boot("iss: line noise between frames is ignored",
               b"\x00\xffM" + b"".join(f + b"zZM\x00" for f in fr), ok, HELLO)
    # A lost frame: every later one is out of sequence, and the go too.
    check_boot("iss: a lost frame: the rest NAKed S, the program never runs",
               b"".join(fr[:2] + fr[3:]), acks(range(2)) + (NAK + b"S") * (n - 3), HELLO, runs=False)
    # Go with totals that do not match: NAK I, the image forgotten, and a
    # complete new image after it runs.
    total = sum(len(b) for _, b in segs)
    crc = 0
    for _, b in segs:
        crc = zlib.crc32(b, crc)
    wrong_go = ml.frame(b"G", n - 1, entry, struct.pack("<II", total + 1, crc))
    check_boot("iss: go with wrong totals is NAKed I and the image forgotten",
               b"".join(fr[:-1]) + wrong_go, acks(range(n - 1)) + NAK + b"I", HELLO, runs=False)
    check_boot("iss: after a NAKed go, a whole new image loads and runs",
               b"".join(fr[:-1]) + wrong_go + b"".join(fr), acks(range(n - 1)) + NAK + b"I" + ok, HELLO)
    # Out-of-range writes: NAK A, nothing written (the loader's own code
    # survives an attempt on it, and the image still runs).
    cases = [
        ("the loader's own region", ml.frame(b"D", 0, 0x8000F000, b"\0" * 16), b"A"),
        ("past the RAM", ml.frame(b"D", 0, 0x8000FFF0, b"\0" * 32), b"A"),
        ("MMIO", ml.frame(b"D", 0, 0x10000000, b"\0" * 4), b"A"),
        ("past main memory", ml.frame(b"D", 0, 0x4000FFFC, b"\0" * 8), b"A"),
        ("an empty data frame", ml.frame(b"D", 0, 0x80000000, b""), b"L"),
        ("an unknown type", ml.frame(b"X", 0, 0x80000000, b"\0"), b"T"),
        ("a go of 4 bytes", ml.frame(b"G", 0, 0x80000000, b"\0" * 4), b"L"),
        ("a go into main memory", ml.frame(b"G", 0, 0x40000000, struct.pack("<II", 0, 0)), b"A"),
        ("a go into the loader", ml.frame(b"G", 0, 0x8000F000, struct.pack("<II", 0, 0)), b"A"),
    ]
    for what, f, why in cases:
        check_boot("iss: %s is NAKed %s and changes nothing" % (what, why.decode()),
                   f + b"".join(fr), NAK + why + ok, HELLO)
    # A length over 256: NAK L at once (the frame's end is unknown), then resync.
    hdr = b"MZ" + struct.pack("<cHIH", b"D", 0, 0x80000000, 300)
    check_boot("iss: a length over 256 is NAKed L, the next frames resync",
               hdr + b"".join(fr), NAK + b"L" + ok, HELLO)

    # -- mosaic-load's own errors ---------------------------------------------
    txt = os.path.join(TMP, "not.elf")
    with open(txt, "w") as f:
        f.write("hello\n")
    for name, args, want in (
            ("a file that is not an ELF", ["--frames-out", os.path.join(TMP, "x"), txt], "not an ELF"),
            ("an image too big for a 32 KiB RAM",
             ["--frames-out", os.path.join(TMP, "x"), "--ram-bytes", "0x8000", GEMM], "outside the board"),
            ("a program whose stack is above the loader",
             ["--frames-out", os.path.join(TMP, "x"), GEMM_SIM], "__stack_top=0x8000f000"),
            ("no --port and no --frames-out", [HELLO], "exactly one of"),
            ("a port that does not exist", ["--port", os.path.join(TMP, "nope"), GEMM], "nope"),
            ("a missing ELF", ["--frames-out", os.path.join(TMP, "x"), os.path.join(TMP, "none.elf")],
             "none.elf")):
        r = run([sys.executable, LOADER] + args)
        err = r.stderr.decode(errors="replace").strip().splitlines()
        if r.returncode != 2 or len(err) != 1 or want not in err[0]:
            report("mosaic-load: %s" % name, "exit %d, stderr %r" % (r.returncode, err))
        else:
            report("mosaic-load: %s" % name, None)

    # -- The RTL receiver over a pseudo-terminal -------------------------------
    rtl_tests()
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def rtl_pty(sim, elf):
    """Run the loader on `sim` with its UART on a pseudo-terminal, send `elf`
    with mosaic-load (every 7th frame corrupted once), and compare the
    program's output and exit status with the ISS's."""
    name = "rtl: %s over --uart-pty on %s, with resends" % (os.path.basename(elf),
                                                           os.path.basename(sim))
    if not os.path.exists(sim):
        return report(name, "%s not built" % sim)
    proc = subprocess.Popen([sim, "--no-cosim", "--uart-pty", BOOT],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        line = proc.stderr.readline().decode()
        if not line.startswith("mosaic-sim: uart: "):
            return report(name, "no terminal name from the simulator: %r" % line)
        pty = line.split(": ", 2)[2].strip()
        ld = run([sys.executable, LOADER, "--port", pty, "--inject-errors", "7",
                  "--idle-timeout", "0", "--ack-timeout", "60", elf], timeout=3600)
        rc = proc.wait(timeout=600)
        rest = proc.stderr.read().decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    want, want_rc = iss_direct(elf)
    log = ld.stderr.decode(errors="replace")
    if ld.returncode != 0:
        return report(name, "mosaic-load exit %d: %s" % (ld.returncode, log.strip()[-300:]))
    if "sending it again" not in log:
        return report(name, "no frame was resent (the injected errors were not NAKed): %s" % log[-300:])
    if normal(ld.stdout) != want or rc != want_rc:
        return report(name, "output %r... exit %d, want %r... exit %d (simulator: %s)" % (
            ld.stdout[:60], rc, want[:60], want_rc, rest.strip()[-200:]))
    report(name, None)


def rtl_tests():
    r = run([SIM_SCALAR, "--uart-pty", BOOT]) if os.path.exists(SIM_SCALAR) else None
    name = "rtl: --uart-pty without --no-cosim is refused"
    if r is None or r.returncode != 2 or b"needs --no-cosim" not in r.stderr:
        report(name, "exit %s %r" % (r and r.returncode, r and r.stderr))
    else:
        report(name, None)
    # The scalar SoC loads at ~1.8 M cycles/s; the 4x4 tensor build at ~15 k
    # (a 37 KB image is 1.5 M cycles of UART), so the tensor program is in
    # the regress tier.
    rtl_pty(SIM_SCALAR, CHECK)
    if REGRESS:
        rtl_pty(SIM_4X4, GEMM)


if __name__ == "__main__":
    sys.exit(main())
