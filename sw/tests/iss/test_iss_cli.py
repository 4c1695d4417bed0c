#!/usr/bin/env python3
"""mosaic-iss command-line behaviour: options, errors, run endings, trace,
signature, statistics, and malformed ELF files. Every error case runs the
ASan/UBSan build (build/bin/mosaic-iss-asan) and must end with exactly one
line `mosaic-iss: <what>: <where>` and exit status 2, never a signal or a
sanitizer report. Small test programs are assembled here with the RISC-V
toolchain. Prints `PASS: name` / `FAIL: name: why`."""
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
ISS_ASAN = os.path.join(BUILD, "bin", "mosaic-iss-asan")
LDS = os.path.join(BUILD, "isa", "link.ld")
CC = "riscv64-unknown-elf-gcc"
SAN_ENV = dict(os.environ,
               ASAN_OPTIONS="exitcode=86:detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="exitcode=87:halt_on_error=1:print_stacktrace=1")

RESULTS = {"passed": 0, "failed": 0}


def report(name, why=None):
    if why is None:
        print(f"PASS: {name}")
        RESULTS["passed"] += 1
    else:
        print(f"FAIL: {name}: {why}")
        RESULTS["failed"] += 1
    sys.stdout.flush()


def run(args, binary=ISS, timeout=60):
    p = subprocess.run([binary] + args, capture_output=True, timeout=timeout,
                       env=SAN_ENV if binary == ISS_ASAN else None)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def one_line_error(rc, err, must_contain=None):
    """None if (rc, err) is a proper one-line error, else why not."""
    lines = err.splitlines()
    if rc < 0:
        return f"killed by signal {-rc}"
    if "Sanitizer" in err or "runtime error" in err:
        return "sanitizer report: " + " | ".join(lines[:3])
    if rc != 2:
        return f"exit {rc}, expected 2 ({' | '.join(lines[:2])})"
    if len(lines) != 1:
        return f"{len(lines)} lines on stderr: {lines[:3]}"
    if not re.match(r"^mosaic-iss: [^:]+.*: .+$", lines[0]):
        return f"not 'mosaic-iss: <what>: <where>': {lines[0]!r}"
    if must_contain and must_contain not in lines[0]:
        return f"{lines[0]!r} does not mention {must_contain!r}"
    return None


# ---------------------------------------------------------------- programs

PRELUDE = '#include "mosaic_memmap.h"\n'

PROGRAMS = {
    # Ends with tohost = 1 after printing on the UART.
    "hello": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        li t0, MOSAIC_UART_TXDATA
        li t1, 'h'
        sb t1, 0(t0)
        li t1, 'i'
        sb t1, 0(t0)
        li t1, '\n'
        sb t1, 0(t0)
        li a0, 5
        la t0, data
        sw a0, 0(t0)
        la t0, tohost
        li t1, 1
        sw t1, 0(t0)
    1:  j 1b
        .data
    data: .word 0
        .section .tohost, "aw"
        .globl tohost
    tohost: .dword 0
    """,
    # tohost = (5 << 1) | 1: test 5 failed.
    "tohost_fail": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        la t0, tohost
        li t1, (5 << 1) | 1
        sw t1, 0(t0)
    1:  j 1b
        .section .tohost, "aw"
        .globl tohost
    tohost: .dword 0
    """,
    # An even tohost value is an HTIF syscall request: not served.
    "tohost_htif": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        la t0, tohost
        li t1, 0x80001000
        sw t1, 0(t0)
    1:  j 1b
        .section .tohost, "aw"
        .globl tohost
    tohost: .dword 0
    """,
    # riscv-tests "p" environment shape: RVTEST_PASS/FAIL are ecalls, the
    # trap vector writes tohost, and tohost sits wherever the linker puts
    # it (found through the symbol table, not a fixed address).
    "riscv_tests_like": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        j reset_vector
    trap_vector:
        csrr t5, mcause
        li t6, 11
        bne t5, t6, 2f
        sll gp, gp, 1
        or gp, gp, 1
        la t5, tohost
        sw gp, 0(t5)
        sw zero, 4(t5)
    2:  j 2b
    reset_vector:
        la t0, trap_vector
        csrw mtvec, t0
        li gp, 2              /* TESTNUM */
        li a0, 6
        li a1, 7
        mul a2, a0, a1
        li a3, 42
        bne a2, a3, fail
    pass:
        fence
        li gp, 0              /* RVTEST_PASS: gp = 1 after the shift */
        sll gp, gp, 0
        li gp, 1
        srl gp, gp, 1
        ecall
    fail:
        ecall
        .data
        .skip 100
        .align 6
        .globl tohost
    tohost: .dword 0
        .align 6
        .globl fromhost
    fromhost: .dword 0
    """,
    # Ends through the simulation-control EXIT register.
    "exit7": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        li t0, MOSAIC_SIMCTRL_EXIT
        li t1, 7
        sw t1, 0(t0)
    1:  j 1b
    """,
    "exit0": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        li t0, MOSAIC_SIMCTRL_EXIT
        sw zero, 0(t0)
    1:  j 1b
    """,
    "forever": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        addi a0, a0, 1
        j _start
    """,
    # riscv-arch-test style signature region.
    "signature": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        la t0, begin_signature
        li t1, 0xdeadbeef
        sw t1, 4(t0)
        li t1, 0x00c0ffee
        sw t1, 8(t0)
        li t0, MOSAIC_SIMCTRL_EXIT
        sw zero, 0(t0)
    1:  j 1b
        .data
        .align 4
        .globl begin_signature
    begin_signature:
        .word 0x11111111, 0, 0, 0x44444444
        .globl end_signature
    end_signature:
        .word 0x99999999
    """,
    # A few tensor instructions for the trace and statistics.
    "tensor": r"""
        .section .text.init, "ax"
        .globl _start
    _start:
        .insn i 0x5b, 4, x3, x3, 0          /* tzero tr3 */
        .insn r 0x5b, 7, 1, x3, x1, x2      /* tmma tr3, tr1, tr2 */
        .insn r 0x5b, 7, 1, x3, x1, x2
        li a1, MOSAIC_MAIN_BASE
        .insn i 0x5b, 1, x3, a1, 64         /* tst tr3, 64(a1) */
        li t0, MOSAIC_SIMCTRL_EXIT
        sw zero, 0(t0)
    1:  j 1b
    """,
}


def build_programs(tmp):
    elfs = {}
    for name, body in PROGRAMS.items():
        src = os.path.join(tmp, name + ".S")
        with open(src, "w") as f:
            f.write(PRELUDE + body)
        elf = os.path.join(tmp, name + ".elf")
        p = subprocess.run([CC, "-march=rv32im_zicsr", "-mabi=ilp32", "-nostdlib",
                            "-nostartfiles", "-static", "-Wl,--no-warn-rwx-segments",
                            "-I" + os.path.join(ROOT, "sw", "golden"), "-T", LDS, src,
                            "-o", elf], capture_output=True, text=True)
        if p.returncode != 0:
            report(f"build-{name}", p.stderr.strip().splitlines()[-1:])
            continue
        elfs[name] = elf
    return elfs


# ---------------------------------------------------------------- CLI cases

def test_options(elfs):
    rc, out, err = run(["--help"])
    report("help", None if rc == 0 and out.startswith("usage: mosaic-iss") and
           "--max-insns" in out and "--signature" in out else f"rc {rc}, {out[:60]!r}")
    for name, args, needle in [
            ("bad-option", ["--bogus", elfs["hello"]], "--bogus"),
            ("bad-short-option", ["-x", elfs["hello"]], "-x"),
            ("missing-file", [os.path.join(BUILD, "no", "such.elf")], "such.elf"),
            ("no-program", [], None),
            ("two-programs", [elfs["hello"], elfs["hello"]], None),
            ("max-insns-no-value", [elfs["hello"], "--max-insns"], "--max-insns"),
            ("max-insns-not-a-number", ["--max-insns", "ten", elfs["hello"]], "ten"),
            ("max-insns-negative", ["--max-insns=-5", elfs["hello"]], "-5"),
            ("dram-poison-unaligned", ["--dram-poison", "0x40F00004", elfs["hello"]], "0x40F00004"),
            ("dram-poison-not-main", ["--dram-poison=0x80000000", elfs["hello"]], "0x80000000"),
            ("dram-poison-past-main", ["--dram-poison", "0x41000000", elfs["hello"]], "0x41000000"),
            ("dram-poison-not-a-number", ["--dram-poison", "P", elfs["hello"]], "P"),
            ("signature-no-symbols", ["--signature", "/dev/null", elfs["hello"]],
             "signature"),
            ("directory-as-program", [BUILD], None)]:
        rc, out, err = run(args, ISS_ASAN)
        report(name, one_line_error(rc, err, needle))


def test_endings(elfs, tmp):
    rc, out, err = run([elfs["hello"]])
    report("tohost-pass", None if rc == 0 and out == "hi\n" else f"rc {rc} out {out!r} {err!r}")
    rc, out, err = run([elfs["tohost_fail"]])
    report("tohost-fail-code", None if rc != 0 and "FAIL: test 5" in err
           else f"rc {rc}, stderr {err!r}")
    rc, out, err = run([elfs["tohost_htif"]])
    report("tohost-htif-request", None if rc == 4 and "tohost" in err else f"rc {rc} {err!r}")
    rc, out, err = run([elfs["riscv_tests_like"], "--max-insns", "10000"])
    report("riscv-tests-like-tohost-symbol", None if rc == 0 else f"rc {rc} {err!r}")
    rc, out, err = run([elfs["exit7"]])
    report("exit-register-code", None if rc == 7 else f"rc {rc}")
    rc, out, err = run([elfs["exit0"]])
    report("exit-register-zero", None if rc == 0 else f"rc {rc}")
    # A stripped file has no symbols: EXIT still ends it.
    stripped = os.path.join(tmp, "exit7-stripped.elf")
    shutil.copy(elfs["exit7"], stripped)
    subprocess.run(["riscv64-unknown-elf-strip", stripped], check=True)
    rc, out, err = run([stripped], ISS_ASAN)
    report("stripped-elf", None if rc == 7 else f"rc {rc} {err!r}")

    rc, out, err = run(["--max-insns", "1000", elfs["forever"]])
    lines = err.splitlines()
    report("max-insns", None if rc == 3 and len(lines) == 1 and "1000" in lines[0]
           else f"rc {rc} {lines}")
    rc, out, err = run(["--max-insns=5", elfs["hello"]])
    report("max-insns-equals-form", None if rc == 3 and out == "hi" else f"rc {rc} {out!r}")


def test_signature(elfs, tmp):
    sig = os.path.join(tmp, "sig.txt")
    rc, out, err = run(["--signature", sig, elfs["signature"]])
    want = "11111111\ndeadbeef\n00c0ffee\n44444444\n"
    got = open(sig).read() if os.path.exists(sig) else None
    report("signature", None if rc == 0 and got == want else f"rc {rc}, got {got!r}")
    rc, out, err = run(["--signature=" + sig + "2", elfs["signature"]])
    got = open(sig + "2").read() if os.path.exists(sig + "2") else None
    report("signature-equals-form", None if got == want else f"got {got!r}")


TRACE_RE = re.compile(r"^([0-9a-f]{8}) ([0-9a-f]{8}) (\S.*?)\s*$")


def test_trace(elfs, tmp):
    rc, out, err = run(["--trace", elfs["hello"]])
    lines = err.splitlines()
    bad = [l for l in lines if not TRACE_RE.match(l)]
    why = None
    if rc != 0 or out != "hi\n":
        why = f"rc {rc} out {out!r}"
    elif bad:
        why = f"malformed line {bad[0]!r}"
    elif not lines or not lines[0].startswith("80000000 "):
        why = f"first line {lines[:1]}"
    elif not any(re.search(r" addi a0, zero, 5 .*a0=0x00000005$", l) for l in lines):
        why = "no 'addi a0, zero, 5 ... a0=0x00000005' line"
    elif not any(re.search(r" sw a0, 0\(t0\) +\[0x8[0-9a-f]{7}\]=0x00000005$", l) for l in lines):
        why = "no store line with [addr]=data"
    elif not any(re.search(r" sb t1, 0\(t0\) +\[0x10000000\]=0x68$", l) for l in lines):
        why = "no UART byte store line"
    report("trace-format", why)

    tf = os.path.join(tmp, "trace.txt")
    rc, out, err = run(["--trace=" + tf, elfs["tensor"]])
    text = open(tf).read() if os.path.exists(tf) else ""
    why = None
    if rc != 0:
        why = f"rc {rc} {err!r}"
    elif not re.search(r"^[0-9a-f]{8} [0-9a-f]{8} tzero tr3 .*tr3$", text, re.M):
        why = "no 'tzero tr3 ... tr3' line"
    elif not re.search(r"^[0-9a-f]{8} 0220f1db tmma tr3, tr1, tr2 .*tr3$", text, re.M):
        why = "no tmma line"
    elif not re.search(r"tst tr3, 64\(a1\) +\[0x40000000\+1024\]$", text, re.M):
        why = "no tensor store range [0x40000000+1024]"
    report("trace-tensor", why)

    # A trapping instruction is traced with its cause.
    rc, out, err = run(["--trace", "--max-insns", "3", elfs["forever"]])
    report("trace-max-insns", None if rc == 3 and len(err.splitlines()) == 4
           else f"rc {rc} {err.splitlines()}")


def test_stats(elfs):
    rc, out, err = run(["--stats", elfs["tensor"]])
    why = None
    if rc != 0:
        why = f"rc {rc}"
    elif "tensor instructions: 4" not in err:
        why = f"no 'tensor instructions: 4' in {err!r}"
    elif not re.search(r"useful MACs: 8192\b", err):
        why = "useful MACs != 2 * 16^3"
    elif not re.search(r"^\s+tmma\s+2$", err, re.M):
        why = "no tmma 2 in the op mix"
    report("stats", why)


# ---------------------------------------------------------------- bad ELFs

def elf_variants(good):
    """(name, bytes, word the error must mention or None)."""
    hdr = bytearray(good)
    phoff, = struct.unpack_from("<I", hdr, 28)
    shoff, = struct.unpack_from("<I", hdr, 32)
    phnum, = struct.unpack_from("<H", hdr, 44)
    out = []

    def patched(off, fmt, val):
        b = bytearray(good)
        struct.pack_into(fmt, b, off, val)
        return bytes(b)

    for cut in [0, 1, 3, 4, 16, 40, 51, 52, phoff + 8, phoff + 31,
                phoff + 32 * phnum - 1]:
        out.append((f"truncated-at-{cut}", good[:cut], None))
    # Truncated inside the first loadable segment's data.
    for i in range(phnum):
        ptype, poff, _, _, fsz = struct.unpack_from("<IIIII", good, phoff + 32 * i)
        if ptype == 1 and fsz > 8:
            out.append(("truncated-in-segment", good[:poff + fsz // 2], "segment"))
            break
    out.append(("truncated-section-headers", good[:shoff + 10], "section"))
    out.append(("not-elf", b"\x7fELG" + good[4:], "ELF"))
    out.append(("text-file", b"hello, world\n" * 10, "ELF"))
    out.append(("wrong-class-elf64", patched(4, "B", 2), "CLASS32"))
    out.append(("wrong-class-none", patched(4, "B", 0), "CLASS32"))
    out.append(("big-endian", patched(5, "B", 2), "endian"))
    out.append(("bad-version", patched(6, "B", 9), "version"))
    out.append(("wrong-machine-x86_64", patched(18, "<H", 62), "RISC-V"))
    out.append(("wrong-machine-arm", patched(18, "<H", 40), "RISC-V"))
    out.append(("not-executable-dyn", patched(16, "<H", 3), "executable"))
    out.append(("not-executable-rel", patched(16, "<H", 1), "executable"))
    out.append(("phdr-offset-past-eof", patched(28, "<I", len(good) + 100), "program header"))
    out.append(("phdr-offset-huge", patched(28, "<I", 0xFFFFFFF0), "program header"))
    out.append(("phnum-huge", patched(44, "<H", 0xFFFF), "program header"))
    out.append(("phnum-zero", patched(44, "<H", 0), "program header"))
    out.append(("phentsize-wrong", patched(42, "<H", 56), "program header"))
    out.append(("shoff-past-eof", patched(32, "<I", 0xFFFFFF00), "section"))
    out.append(("shnum-huge", patched(48, "<H", 0xFFFF), "section"))
    out.append(("shentsize-wrong", patched(46, "<H", 64), "section"))
    out.append(("entry-outside-ram", patched(24, "<I", 0x40000000), "entry"))
    out.append(("entry-misaligned", patched(24, "<I", 0x80000002), "entry"))
    for i in range(phnum):
        base = phoff + 32 * i
        ptype, = struct.unpack_from("<I", good, base)
        if ptype != 1:
            continue
        out.append(("segment-outside-memory", patched(base + 12, "<I", 0x00001000), "outside"))
        out.append(("segment-straddles-ram-end", patched(base + 12, "<I", 0x8007FFF0), "outside"))
        out.append(("segment-wraps-address-space", patched(base + 12, "<I", 0xFFFFFFF0),
                    "outside"))
        out.append(("segment-memsz-huge", patched(base + 20, "<I", 0xFFFFFFFF), None))
        out.append(("segment-filesz-gt-memsz", patched(base + 16, "<I", 0x7FFFFFFF), "size"))
        out.append(("segment-offset-past-eof", patched(base + 4, "<I", 0xFFFFFF00), "segment"))
        out.append(("segment-into-mmio", patched(base + 12, "<I", 0x10000000), "outside"))
        break
    # Symbol table pointing outside the file.
    shnum, = struct.unpack_from("<H", good, 48)
    for i in range(shnum):
        sh = shoff + 40 * i
        if struct.unpack_from("<I", good, sh + 4)[0] == 2:  # SHT_SYMTAB
            out.append(("symtab-offset-past-eof", patched(sh + 16, "<I", 0xFFFFFFF0), "symbol"))
            out.append(("symtab-size-huge", patched(sh + 20, "<I", 0x7FFFFFF0), "symbol"))
            out.append(("symtab-link-bad", patched(sh + 24, "<I", 0xFFFF), "symbol"))
            link, = struct.unpack_from("<I", good, sh + 24)
            strh = shoff + 40 * link
            out.append(("strtab-past-eof", patched(strh + 16, "<I", 0xFFFFFFF0), "string"))
            break
    return out


def test_malformed(elfs, tmp):
    with open(elfs["hello"], "rb") as f:
        good = f.read()
    for name, data, needle in elf_variants(good):
        path = os.path.join(tmp, "bad-" + name + ".elf")
        with open(path, "wb") as f:
            f.write(data)
        rc, out, err = run([path], ISS_ASAN)
        why = one_line_error(rc, err, needle)
        if why is None and path not in err:
            why = f"error does not name the file: {err.strip()!r}"
        report("elf-" + name, why)

    # Random corruption of the headers and tables: whatever happens (an
    # error, or a run that ends or hits the limit), never a crash.
    rng = random.Random(1234)
    crashes = []
    for i in range(150):
        b = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            pos = rng.randrange(len(b)) if rng.random() < 0.3 else rng.randrange(min(len(b), 160))
            b[pos] = rng.randrange(256)
        if rng.random() < 0.2:
            b = b[:rng.randrange(len(b))]
        path = os.path.join(tmp, "fuzz.elf")
        with open(path, "wb") as f:
            f.write(b)
        rc, out, err = run(["--max-insns", "20000", path], ISS_ASAN)
        if rc < 0 or rc in (86, 87) or "Sanitizer" in err or "runtime error" in err:
            crashes.append((i, rc, err.strip().splitlines()[:2]))
        elif rc == 2 and len(err.splitlines()) != 1:
            crashes.append((i, rc, "not one line: " + repr(err.splitlines()[:3])))
    report("elf-fuzz-150", None if not crashes else f"{len(crashes)} bad runs, first {crashes[0]}")

    # A good file still runs under the sanitizers.
    rc, out, err = run([elfs["tensor"]], ISS_ASAN)
    report("asan-good-run", None if rc == 0 and not err else f"rc {rc} {err[:200]!r}")


def main():
    for b, what in [(ISS, "make golden"), (ISS_ASAN, "make iss-asan"), (LDS, "make isa-tests")]:
        if not os.path.exists(b):
            print(f"FAIL: setup: {b} missing ({what})")
            return 1
    if shutil.which(CC) is None:
        print(f"FAIL: setup: {CC} not installed (make setup)")
        return 1
    with tempfile.TemporaryDirectory(prefix="mosaic-iss-cli-") as tmp:
        elfs = build_programs(tmp)
        if len(elfs) != len(PROGRAMS):
            return 1
        test_options(elfs)
        test_endings(elfs, tmp)
        test_signature(elfs, tmp)
        test_trace(elfs, tmp)
        test_stats(elfs)
        test_malformed(elfs, tmp)
    return 1 if RESULTS["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
