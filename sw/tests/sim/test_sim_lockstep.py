#!/usr/bin/env python3
"""Programs on the RTL in lockstep with the ISS (build/bin/mosaic-sim).

  * every ISA-suite program (build/isa/*.elf),
  * the target examples and tests (build/sw/*.elf, build/sw/tests/*.elf) and
    the scalar demo (build/sim/sim_demo.elf),
  * a random campaign (tools/rvgen.py, CAMPAIGN): 40 seeds x 20k
    instructions with traps, 2 without, 6 with timer interrupts, 3 of 100k;
    without interrupts the RTL's final signature must also equal the ISS's;
    each runs with --seed = its generator seed,
  * three ISA programs again under other --seed values (random initial
    state of every non-reset flop).

  * a random tensor campaign (rvgen --tensor, the op set the RTL implements),
  * on the 16x16 build, a few tensor programs and the GEMM benchmarks
    from main memory (M = 32 builds; the whole 256^3 and 512^3 runs in the
    regress tier),
  * in the regress tier, every ISA and example program that uses the tensor
    unit, random tensor programs and the chained-tmma and mmacc benchmarks
    on the 4x4-array build (build/bin/mosaic-sim-4x4, which make test does
    not build),
  * in the regress tier, the benchmarks and two random tensor programs on
    the 8x8-array build (build/bin/mosaic-sim-8x8, make perf's middle size),
  * every program and part of the scalar campaign, and a random tensor
    program, on the FPGA configuration (mosaic-sim-fpga: no same-cycle load
    forwarding, one lane in the element-wise, tbdiv, tact and reduction units).

MOSAIC_TIER=test (make test) runs every program class at least once: all
ISA, example and target programs (those that use the tensor unit once:
ISA and examples on the 16x16 build, target tests on the FPGA
configuration, whose array is 4x4), one seed of each random-campaign
flavour;
MOSAIC_TIER=regress (make regress) runs the whole campaigns listed below.

A program passes when lockstep reports no difference and it ends in pass
(exit status 0). The programs run on MOSAIC_JOBS workers (default: one per
core). Prints `PASS: name [seconds]` / `FAIL: name: why` in the order above.
"""
import concurrent.futures
import functools
import glob
import importlib.util
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

ROOT, BUILD, SIM, ISS = simlib.ROOT, simlib.BUILD, simlib.SIM, simlib.ISS
MAX_CYCLES = 20_000_000
RVGEN = simlib.RVGEN
# (seed, generator flags, instructions); fixed so a failure reproduces.
CAMPAIGN = ([(s, [], 20000) for s in range(1, 41)] +
            [(s, ["--no-traps"], 20000) for s in (101, 102)] +
            [(s, ["--irq"], 20000) for s in (201, 203, 204, 205, 206)] +
            [(202, ["--irq", "--no-traps"], 20000)] +
            [(s, [], 100000) for s in (301, 302)] + [(303, ["--irq"], 100000)])
# Tensor programs (the default --tensor-ops: what the RTL implements). A
# tensor program carries ~11k fixed instructions, so 30k leaves ~19k random.
TENSOR_CAMPAIGN = [(s, ["--tensor"], 30000) for s in range(1, 4)]
TENSOR_4X4 = [(s, ["--tensor"], 30000) for s in (21, 22)]
# The 8x8 build, whose figures make perf reports: make regress only (its
# model is not built by make test).
TENSOR_8X8 = [(s, ["--tensor"], 30000) for s in (81, 82)]
# The FPGA configuration (fpga_config). Seeds 44 and 47 write FP4 results
# with an odd mtilen to tile rows 8..15 (the mma drain's FP4 merge reads
# raw D's second TRF row): a drain reading the first row there passes 41-43.
TENSOR_FPGA = [(s, ["--tensor"], 30000) for s in (41, 42, 43, 44, 47)]
SEEDS = [(name, seed) for name in ("rv32i_mem", "rv32m", "traps") for seed in (2, 77, 4000000000)]
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
# The FPGA configuration's share (fpga_config): other seeds than the test tier's.
FPGA_CAMPAIGN = CAMPAIGN if REGRESS else [c for c in CAMPAIGN if c[0] in (3, 102, 203)]
if not REGRESS:
    # make test: one case of each flavour (traps, none, interrupts, both,
    # 100k), one random tensor program on 16x16 and one on the FPGA
    # configuration, one reseeded run of each initial-state class.
    CAMPAIGN = [c for c in CAMPAIGN if c[0] in (1, 2, 101, 201, 202, 301)]
    TENSOR_CAMPAIGN = TENSOR_CAMPAIGN[:1]
    TENSOR_FPGA = TENSOR_FPGA[:1]
    SEEDS = [("rv32i_mem", 4000000000), ("traps", 77)]
# Programs that use the tensor unit run on this build; scalar ones on the
# scalar build (simlib.SIM_SCALAR), which is hundreds of times faster. make
# test does not build the 4x4 model (it costs two CPU-minutes to build and
# the FPGA configuration's array is 4x4 too), so there they run on 16x16.
TENSOR_SIM = simlib.SIM_4X4 if REGRESS else SIM

# Every case below is a job: a name and a function returning (why or None,
# note). The jobs are independent programs, so they run on all cores.

def run_program(elf, extra=(), sim=None, max_cycles=MAX_CYCLES):
    if sim is None:
        custom, csr = simlib.tensor_use(elf)
        sim = TENSOR_SIM if custom or csr else simlib.SIM_SCALAR
    rc, out, err = simlib.run([sim, "--max-cycles", str(max_cycles), *simlib.program_options(elf), *extra,
                               elf], timeout=1800)
    if rc is None:
        return "timed out", ""
    if "LOCKSTEP MISMATCH" in err:
        return f"exit {rc}: {simlib.mismatch_summary(err)}", ""
    if rc != 0:
        return f"exit {rc}: {simlib.first_lines(err, 4)}", ""
    return None, ""


# The full GEMM example runs 43 M instructions and spec_ame 23 M (their
# soft-float references): a few minutes each on the RTL, so only the
# regress tier runs them; make test runs their *_rtl.elf builds, the same
# programs sized for simulation.
LONG_PROGRAMS = {"gemm", "spec_ame"}
LONG_MAX_CYCLES = 200_000_000  # gemm.elf: 48.8 M cycles on the 4x4 build


@functools.lru_cache(maxsize=None)
def program_list(pattern):
    """The programs matching pattern (a tuple; each INFO line printed once)."""
    progs = []
    for elf in sorted(glob.glob(os.path.join(BUILD, pattern))):
        if not REGRESS and os.path.splitext(os.path.basename(elf))[0] in LONG_PROGRAMS:
            print(f"INFO: {elf}: run by make regress (its _rtl.elf build runs here)")
            continue
        progs.append(elf)
    return tuple(progs)


def fail_job(why):
    return lambda: (why, "")


def uses_tensor(elf):
    custom, csr = simlib.tensor_use(elf)
    return bool(custom or csr)


def split_tensor_programs(progs):
    """make test runs each program that uses the tensor unit once: the ISA
    programs and the examples (spec_*: every instruction of each
    specification) on TENSOR_SIM (16x16), the target tests (test_*: the
    same instructions' corner cases) on the FPGA configuration (a 4x4
    array), so both builds see every extension and neither runs every
    program. make regress runs every one on TENSOR_SIM (4x4 there) and on
    the FPGA configuration. The set on TENSOR_SIM."""
    tests = os.path.join(BUILD, "sw", "tests", "")
    return set(elf for elf in progs if uses_tensor(elf) and (REGRESS or not elf.startswith(tests)))


def all_programs():
    return program_list("isa/*.elf") + program_list("sw/*.elf") + program_list("sw/tests/*.elf")


def suite_programs(on_tensor_sim):
    jobs = []
    for label, pattern in (("isa", "isa/*.elf"), ("sw", "sw/*.elf"), ("sw/tests", "sw/tests/*.elf")):
        progs = program_list(pattern)
        if not progs:
            jobs.append((f"{label}: programs",
                         fail_job(f"none in {os.path.join(BUILD, pattern)} (make isa-tests sw)")))
        for elf in progs:
            if uses_tensor(elf) and elf not in on_tensor_sim:
                continue  # on the FPGA configuration (split_tensor_programs)
            name = os.path.splitext(os.path.basename(elf))[0]
            limit = LONG_MAX_CYCLES if name in LONG_PROGRAMS else MAX_CYCLES
            jobs.append((f"{label}/{name}", lambda elf=elf, limit=limit: run_program(elf, max_cycles=limit)))
    # A few short tensor programs on the 16x16 build too (in make regress
    # the rest run on the 4x4 build, whose model simulates faster). The
    # benchmarks' back-to-back tmma into one D and mmacc into the C of four
    # ops earlier read each D row as the older op's drain writes it (per
    # row on 16x16, per drained block column on 4x4: make regress).
    # The GEMM kernels from main memory keep SDMA commands outstanding across
    # hundreds of later tensor instructions (the sequence-number window):
    # their M = 32 builds here, the whole benchmarks in the regress tier,
    # under the DRAM settings make perf measures them at.
    gemm = ("sw/bench/bench_gemm", "sw/bench/bench_gemm512") if REGRESS else \
        ("sw/bench/bench_gemm_lockstep", "sw/bench/bench_gemm512_lockstep")
    builds = [(SIM, "16x16", ("sw/spec_tensorload", "sw/tests/test_runtime",
                              "sw/hello", "sw/bench/bench_ame") + gemm)]
    if REGRESS:
        builds.append((simlib.SIM_4X4, "4x4", ("sw/bench/bench_tmma", "sw/bench/bench_ame")))
    for sim, label, names in builds:
        for name in names:
            elf = os.path.join(BUILD, name + ".elf")
            extra = simlib.GEMM_DRAM if "bench_gemm" in name else ()
            if os.path.exists(elf):
                jobs.append((f"{label}: {name}", lambda elf=elf, sim=sim, extra=extra:
                             run_program(elf, extra, sim=sim)))
            else:
                jobs.append((f"{label}: {name}", fail_job(f"{elf} not built")))
    jobs.append(("sim_demo", sim_demo))
    return jobs


def sim_demo():
    demo = os.path.join(simlib.PROGS, "sim_demo.elf")
    if not os.path.exists(demo):
        return f"{demo} not built (make sim-progs)", ""
    rc, out, err = simlib.run([SIM, demo])
    return (None if rc == 0 and "PASS: sim_demo" in out and "hello" in out
            else f"exit {rc}, stdout {simlib.first_lines(out)!r}: {simlib.mismatch_summary(err)}"), ""


def seeds():
    jobs = []
    for name, seed in SEEDS:
        elf = os.path.join(BUILD, "isa", name + ".elf")
        if os.path.exists(elf):
            jobs.append((f"isa/{name} --seed {seed}",
                         lambda elf=elf, seed=seed: run_program(elf, extra=("--seed", str(seed)))))
        else:
            jobs.append((f"isa/{name} --seed {seed}", fail_job(f"{elf} not built")))
    return jobs


def random_case(rvgen, seed, flags, insns, sim):
    why, (retired, trapped, irqs, _), _ = simlib.random_run(seed, flags, insns, sim, max_cycles=MAX_CYCLES,
                                                            rvgen=rvgen)
    if why:
        return why, ""
    if "--irq" in flags:
        return None, f" ({retired} retired, {trapped} traps, {irqs} interrupts)"
    return None, f" ({retired} retired, {trapped} traps)"


def random_campaign(rvgen, campaign, sim=SIM, label=""):
    return [(f"{label}random seed {seed}{''.join(' ' + f for f in flags)}, {insns // 1000}k",
             lambda seed=seed, flags=flags, insns=insns: random_case(rvgen, seed, flags, insns, sim))
            for seed, flags, insns in campaign]


def slow_dram(seed, flags, insns, sim):
    base, why = simlib.build_random(seed, flags, insns)
    if why:
        return why, ""
    return run_program(base + ".elf", extra=("--dram-latency", "30", "--dram-stall-pct", "25", "--seed", str(seed)),
                       sim=sim)


def fpga_config(rvgen, on_tensor_sim):
    """The FPGA configuration (mosaic-sim-fpga: the core without same-cycle
    load-data forwarding and with registered branch redirects, a 4x4 array,
    one lane in the element-wise, tbdiv, tact and reduction units) runs every ISA,
    example and target program, scalar and tensor (in the test tier the
    tensor programs TENSOR_SIM does not run), the board's own check
    program, part of the scalar random campaign (all of it in the regress
    tier) and random tensor programs."""
    jobs = []
    board_check = program_list("sw/boot/board_check.elf")
    if not board_check:
        jobs.append(("fpga: sw/boot/board_check", fail_job("not built (make sw)")))
    progs = [elf for elf in all_programs() if REGRESS or elf not in on_tensor_sim]
    for elf in progs + list(board_check):
        name = os.path.relpath(os.path.splitext(elf)[0], BUILD)
        limit = LONG_MAX_CYCLES if os.path.basename(name) in LONG_PROGRAMS else MAX_CYCLES
        jobs.append((f"fpga: {name}", lambda elf=elf, limit=limit:
                     run_program(elf, sim=simlib.SIM_FPGA, max_cycles=limit)))
    return (jobs + random_campaign(rvgen, FPGA_CAMPAIGN, simlib.SIM_FPGA, "fpga: ") +
            random_campaign(rvgen, TENSOR_FPGA, simlib.SIM_FPGA, "fpga: "))


def small_array(rvgen):
    """Random tensor programs with a slow, randomly stalling main memory
    (every tensor-unit burst: 25 % of AXI cycles withheld, 30 cycles
    latency): make test the 16x16 one of TENSOR_CAMPAIGN; make regress
    TENSOR_4X4 on the 4x4-array build (a 16x16 tile is 16 block passes
    there), as they are and under the slow memory."""
    if not REGRESS:
        return [(f"16x16 slow DRAM: random seed {seed} --tensor",
                 lambda seed=seed, flags=flags, insns=insns: slow_dram(seed, flags, insns, SIM))
                for seed, flags, insns in TENSOR_CAMPAIGN]
    jobs = random_campaign(rvgen, TENSOR_4X4, simlib.SIM_4X4, "4x4: ")
    for seed, flags, insns in TENSOR_4X4:
        jobs.append((f"4x4 slow DRAM: random seed {seed} --tensor",
                     lambda seed=seed, flags=flags, insns=insns: slow_dram(seed, flags, insns, simlib.SIM_4X4)))
    return jobs


def mid_array(rvgen):
    """The 8x8 build (make perf's middle array size; a 16x16 tile is 4 block
    passes there): in the regress tier the chained-D and mmacc benchmarks
    and random tensor programs in lockstep, as on 4x4."""
    if not REGRESS:
        print("INFO: the 8x8 build's lockstep programs run in make regress", flush=True)
        return []
    if not os.access(simlib.SIM_8X8, os.X_OK):
        return [("8x8: setup", fail_job(f"{simlib.SIM_8X8} not built (make sim-8x8)"))]
    jobs = []
    for name in ("sw/bench/bench_tmma", "sw/bench/bench_ame"):
        elf = os.path.join(BUILD, name + ".elf")
        jobs.append((f"8x8: {name}", (lambda elf=elf: run_program(elf, sim=simlib.SIM_8X8))
                     if os.path.exists(elf) else fail_job(f"{elf} not built")))
    return jobs + random_campaign(rvgen, TENSOR_8X8, simlib.SIM_8X8, "8x8: ")


def main():
    t0 = time.time()
    for b in (SIM, simlib.SIM_SCALAR, simlib.SIM_FPGA) + ((simlib.SIM_4X4,) if REGRESS else ()):
        if not os.access(b, os.X_OK):
            print(f"FAIL: setup: {b} not built (make {'regress' if REGRESS else 'test'} builds it)")
            return 1
    spec = importlib.util.spec_from_file_location("rvgen", RVGEN)
    rvgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rvgen)
    on_tensor_sim = split_tensor_programs(all_programs())
    jobs = (suite_programs(on_tensor_sim) + seeds() + random_campaign(rvgen, CAMPAIGN, simlib.SIM_SCALAR) +
            random_campaign(rvgen, TENSOR_CAMPAIGN) + small_array(rvgen) + mid_array(rvgen) +
            fpga_config(rvgen, on_tensor_sim))
    workers = simlib.jobs()
    print(f"INFO: tier {'regress' if REGRESS else 'test'}: {len(jobs)} programs on {workers} workers", flush=True)

    def timed(fn):
        t = time.time()
        why, note = fn()
        return why, note, time.time() - t

    passed = failed = 0
    # The target programs and tensor programs take minutes each, the
    # scalar ones seconds: start those first so no core idles at the end. Results
    # still print in list order.
    heavy = [i for i, (name, _) in enumerate(jobs)
             if name.startswith(("sw/", "16x16: ", "8x8: ", "fpga: sw/")) or "--tensor" in name]
    order = heavy + [i for i in range(len(jobs)) if i not in heavy]
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        submitted = {i: pool.submit(timed, jobs[i][1]) for i in order}
        for i, (name, _) in enumerate(jobs):
            fut = submitted[i]
            try:
                why, note, secs = fut.result()
            except Exception as e:  # a bug in this script must still be a FAIL line
                why, note, secs = f"{type(e).__name__}: {e}", "", 0.0
            if why:
                failed += 1
                print(f"FAIL: {name}: {why}")
            else:
                passed += 1
                print(f"PASS: {name}{note} [{secs:.1f} s]")
            sys.stdout.flush()
    print(f"lockstep: {passed} passed, {failed} failed in {time.time() - t0:.1f} s on {workers} workers")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
