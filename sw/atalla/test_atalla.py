#!/usr/bin/env python3
"""Atalla kernels and scratchpad allocator (sw/atalla, docs/atalla.md).

On the ISS (build/bin/mosaic-iss):
  * atalla_kernels.elf: every kernel on many shapes; each case's inputs and
    output are printed by the program and checked here against atalla_ref.py
    (numpy + ml_dtypes, written from the documented rules): bit-exact for
    add/sub/mul/relu/gemm/transpose, within 1 BF16 ulp for softmax (its exp
    is tact's, <= 0.69 FP32 ulp from the correctly rounded one the
    reference uses), and every output element written.
  * atalla_errors.elf: every error code, each with out unchanged (checked
    on target; prints PASS/FAIL per case).
  * atalla_scpad.elf: directed and random allocator sequences replayed on
    the host model.
  * atalla_bench.elf (the benchmark) runs: each kernel returns 0 and moves
    the bytes its rule implies.
  * atalla_sizes.elf / atalla_sizes256.elf (make perf's size sweep) run:
    every size's GEMM returns 0 with S^3 useful MACs, one BENCH line each.
On the RTL, in lockstep with the ISS: atalla_rtl.elf (all seven kernels and
the allocator, small shapes, outputs checked here as above) on a 4x4 array,
the FPGA configuration's (mosaic-sim-fpga; make regress also on
MOSAIC_BUILD/bin/mosaic-sim-4x4, which make test does not build), and
atalla_rtl16.elf (one GEMM) on mosaic-sim, the 16x16 build. A missing
simulator is a FAIL.

One `PASS: name` / `FAIL: name: why` per case; exit 1 on any failure.
"""
import os
import sys

import numpy as np

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "sim"))
import atalla_ref as ref  # noqa: E402
import simlib  # noqa: E402  (paths from MOSAIC_BUILD, running a command)

ISS, SIM_4X4, SIM_FPGA, SIM_16 = simlib.ISS, simlib.SIM_4X4, simlib.SIM_FPGA, simlib.SIM
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
ELF = os.path.join(simlib.BUILD, "sw", "atalla")
SOFTMAX_ULP = 1

TALLY = simlib.Tally()


def report(name, why):
    """A case: why is None when it passed."""
    TALLY.check(name, why is None, why or "")


def parse_tensor(line):
    f = line.split()
    nd = int(f[2])
    shape = tuple(int(v) for v in f[3:3 + nd])
    hx = f[3 + nd] if len(f) > 3 + nd else ""
    bits = np.frombuffer(bytes.fromhex(hx), dtype=">u2").astype(np.uint16)
    if bits.size != int(np.prod(shape)):
        raise ValueError(f"{f[1]}: {bits.size} elements for shape {shape}")
    return f[1], bits.reshape(shape)


def parse_cases(out):
    """{name: dict(kern, a, b, out, rc, params)} from a tcase program."""
    cases, cur = {}, None
    for line in out.splitlines():
        if line.startswith("CASE "):
            _, name, kern = line.split()
            cur = cases[name] = {"kern": kern}
        elif line.startswith("T ") and cur is not None:
            role, t = parse_tensor(line)
            cur[role] = t
        elif line.startswith("RC "):
            _, name, rc = line.split()
            cases.setdefault(name, {})["rc"] = int(rc)
        elif line.startswith("P ") and cur is not None:
            cur["params"] = [int(v) for v in line.split()[1:]]
    return cases


def first_diff(got, want):
    idx = np.argwhere(got != want)
    i = tuple(idx[0])
    return f"{len(idx)} of {got.size} differ, first at {i}: got 0x{int(got[i]):04x}, want 0x{int(want[i]):04x}"


def check_case(name, c):
    """None or why."""
    if c.get("rc") != 0:
        return f"returned {c.get('rc')}"
    k, a, o = c["kern"], c["a"], c["out"]
    if k in "aumr":
        want = ref.elementwise(k, a, c.get("b"))
    elif k == "g":
        want = ref.gemm(a, c["b"])
    elif k == "t":
        d0, d1 = c["params"]
        want = ref.transpose(a, d0, d1)
    elif k == "s":
        want = ref.softmax(a)
        if o.shape != want.shape:
            return f"shape {o.shape}, want {want.shape}"
        gi, wi = o.astype(np.int64), want.astype(np.int64)
        # Outputs are in [0, 1]: ulp distance is the difference of the bits.
        if np.any(gi >= 0x8000) or np.any(wi >= 0x8000):
            return "negative or NaN output"
        dist = np.abs(gi - wi)
        if dist.max() > SOFTMAX_ULP:
            i = tuple(np.argwhere(dist == dist.max())[0])
            return f"{dist.max()} ulp at {i}: got 0x{int(gi[i]):04x}, want 0x{int(wi[i]):04x}"
        return None
    else:
        return f"unknown kernel {k}"
    if o.shape != want.shape:
        return f"shape {o.shape}, want {want.shape}"
    if not np.array_equal(o, want):
        return first_diff(o, want)
    return None


def check_kernel_output(prefix, out, want_names=None):
    cases = parse_cases(out)
    if not cases:
        report(prefix, "no case in the output")
        return
    for name, c in cases.items():
        try:
            why = check_case(name, c)
        except (KeyError, ValueError) as e:
            why = f"incomplete output: {e}"
        report(f"{prefix}/{name}", why)
    if "END" not in out.split():
        report(f"{prefix}/end", "the program stopped before END")


def iss_kernels():
    elf = os.path.join(ELF, "atalla_kernels.elf")
    rc, out, err = simlib.run([ISS, "--max-insns", "3000000000", elf], timeout=600)
    check_kernel_output("iss", out)
    report("iss/atalla_kernels.elf exit", None if rc == 0 else f"exit {rc}: {err.strip()[-200:]}")


def iss_errors():
    elf = os.path.join(ELF, "atalla_errors.elf")
    rc, out, err = simlib.run([ISS, "--max-insns", "500000000", elf], timeout=300)
    n = 0
    for line in out.splitlines():
        if line.startswith(("PASS: ", "FAIL: ")):
            n += 1
            kind, rest = line.split(": ", 1)
            name, _, why = rest.partition(": ")
            report(f"iss/errors/{name}", None if kind == "PASS" else why)
    if n == 0:
        report("iss/errors", "no case ran")
    report("iss/atalla_errors.elf exit", None if rc == 0 else f"exit {rc}: {err.strip()[-200:]}")


def iss_scpad():
    elf = os.path.join(ELF, "atalla_scpad.elf")
    rc, out, err = simlib.run([ISS, "--max-insns", "500000000", elf], timeout=300)
    model, seq, ops, bad = ref.ScpadModel(), None, 0, None
    spec = {}
    for line in out.splitlines():
        f = line.split()
        if not f:
            continue
        if f[0] == "SEQ":
            if seq is not None:
                report(f"iss/scpad/{seq}", bad if bad else None)
            seq, ops, bad = "_".join(f[1:]), 0, None
            model = ref.ScpadModel()
        elif f[0] == "ALLOC":
            ops += 1
            want = model.alloc(int(f[1]), int(f[2]), int(f[3]))
            got = (int(f[5]), int(f[6]))
            if got != want and bad is None:
                bad = f"op {ops}: {line}: model gives {want[0]:#x} {want[1]}"
        elif f[0] == "FREE":
            ops += 1
            model.free(int(f[1]), int(f[2]))
        elif f[0] == "FREEPAGES":
            want = (model.free_pages(0), model.free_pages(1))
            if (int(f[1]), int(f[2])) != want and bad is None:
                bad = f"after op {ops}: pool has {f[1]}/{f[2]} free pages, model {want}"
        elif f[0] == "SPEC":
            spec[f[1]] = [int(v) for v in f[2:]]
    if seq is not None:
        report(f"iss/scpad/{seq}", bad)
    want = {"alloc1": [ref.ScpadModel.BASE, 0], "alloc2": [0],
            "realloc": [ref.ScpadModel.BASE, 0], "free": [256, 256]}
    for k, v in want.items():
        report(f"iss/scpad/spec_{k}", None if spec.get(k) == v else f"got {spec.get(k)}, want {v}")
    report("iss/atalla_scpad.elf exit", None if rc == 0 else f"exit {rc}: {err.strip()[-200:]}")


def iss_bench():
    """The benchmark program runs on the ISS (its cycles there are
    instructions; docs/performance.md has the RTL figures): every kernel
    returns 0 and moves the bytes its rule implies."""
    elf = os.path.join(ELF, "atalla_bench.elf")
    rc, out, err = simlib.run([ISS, "--max-insns", "500000000", elf], timeout=300)
    lines = [l for l in out.splitlines() if l.startswith(("PASS: ", "FAIL: "))]
    for line in lines:
        kind, rest = line.split(": ", 1)
        report(f"iss/bench/{rest.split(':')[0]}", None if kind == "PASS" else rest)
    if len(lines) != 7:
        report("iss/bench", f"{len(lines)} cases reported, want 7")
    report("iss/atalla_bench.elf exit", None if rc == 0 else f"exit {rc}: {err.strip()[-200:]}")


def iss_sizes():
    """make perf's size sweep runs on the ISS: exit 0 (each GEMM returned 0
    and counted S^3 MACs) and one BENCH line per size, S = 16 .. max."""
    for name, top in (("atalla_sizes.elf", 512), ("atalla_sizes256.elf", 256)):
        rc, out, err = simlib.run([ISS, "--max-insns", "500000000", os.path.join(ELF, name)],
                                  timeout=300)
        got = [l.split()[1] for l in out.splitlines() if l.startswith("BENCH ")]
        want = [f"gemm_size_{s}" for s in (16, 32, 64, 128, 256, 512) if s <= top]
        report(f"iss/{name}", None if rc == 0 and got == want else
               f"exit {rc}, BENCH cases {got} (want {want}): {err.strip()[-200:]}")


def rtl(sim, elf_name, label, max_cycles, timeout):
    elf = os.path.join(ELF, elf_name)
    if not os.access(sim, os.X_OK):
        report(f"{label}/{elf_name}", f"{sim} is not built")
        return
    rc, out, err = simlib.run([sim, "--max-cycles", str(max_cycles), elf], timeout=timeout)
    if "LOCKSTEP MISMATCH" in err:
        i = err.index("LOCKSTEP MISMATCH")
        report(f"{label}/{elf_name} lockstep", " | ".join(err[i:].splitlines()[:6]))
    else:
        report(f"{label}/{elf_name} lockstep", None if rc == 0 else
               f"exit {rc}: {' | '.join(err.strip().splitlines()[-4:])}")
    check_kernel_output(label, out)


def main():
    if not os.access(ISS, os.X_OK):
        report("atalla", f"{ISS} is missing (make golden)")
        return 1
    iss_scpad()
    iss_errors()
    iss_kernels()
    iss_bench()
    iss_sizes()
    rtl(SIM_FPGA, "atalla_rtl.elf", "rtl4x4-fpga", 30_000_000, 1500)
    if REGRESS:
        rtl(SIM_4X4, "atalla_rtl.elf", "rtl4x4", 30_000_000, 1500)
    rtl(SIM_16, "atalla_rtl16.elf", "rtl16x16", 5_000_000, 900)
    print(f"{TALLY.passed} passed, {TALLY.failed} failed")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
