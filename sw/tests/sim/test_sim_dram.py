#!/usr/bin/env python3
"""mosaic-sim's main-memory model: --dram-bw and --dram-outstanding, measured
by the performance counters of an on-target program, in lockstep, on the
16x16 build (build/bin/mosaic-sim; the memory system and SDMA are the same
at every array size).

build/sim/dram_bw.elf (sw/tests/sim/dram_bw.S) times three phases of four
4 KiB SDMA transfers (128 bursts of 16 beats each): REF from scratchpad to
scratchpad, LD from main memory, ST to main memory, and leaves for each the
cycles, SDMA busy cycles (hpmcounter9) and SDMA bytes (hpmcounter8) in its
signature. The engine reads the next transfer while it writes the current
one, and the memory system serves main memory and the scratchpad in the
same cycle, so LD and ST stream main memory for the whole phase apart from
a fixed overhead (the first transfer's read in ST, the last one's write in
LD, per-command steps), which the same phase without limits measures:
there main memory moves one 16-byte beat per cycle, bytes / 16 cycles. So
    dram cycles = busy(phase) - busy_unlimited(phase) + bytes / 16
and the DRAM's rate is bytes / dram cycles.

Checks:
  * defaults, --dram-bw 16 and --dram-bw 200: the same busy cycles, LD and
    ST each below 0.7 x REF's, whose reads and writes share the scratchpad
    (main memory and the scratchpad are served in the same cycle);
  * --dram-bw 2, 4, 8: read and write rate <= 1.01 * bw + 0.05 (the credit
    starts full, two beats, and the overhead estimate is good to a few
    cycles) and >= 0.8 * bw;
  * --dram-latency 100: --dram-outstanding 1 waits the latency for every
    burst (DRAM cycles >= 128 * 100), --dram-outstanding 4 takes less than
    half of that;
  * data correctness under all the limits and random stalls together
    (--dram-bw 3 --dram-outstanding 1 --dram-latency 37 --dram-stall-pct 25):
    dram_bw.elf and the SDMA test program build/sw/tests/test_sdma.elf pass
    in lockstep;
  * every on-target test program (build/sw/tests/test_*.elf) passes in
    lockstep, with the RTL's assertions on, under random stalls and
    latency (STALLS; make test: the first setting, without the two slow
    programs; make regress: all programs, all three settings).
Prints `PASS: name` / `FAIL: name: why`.
"""
import glob
import os
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import simlib  # noqa: E402

SIM = simlib.SIM
PROG = os.path.join(simlib.PROGS, "dram_bw.elf")
SDMA_TEST = os.path.join(simlib.BUILD, "sw", "tests", "test_sdma.elf")
BYTES = 4 * 4096           # per phase
BURSTS = BYTES // 128      # one burst per 128-byte row
BEAT = 16                  # bytes per AXI beat (mosaic_soc AxiDw)
STRESS = ["--dram-bw", "3", "--dram-outstanding", "1", "--dram-latency", "37", "--dram-stall-pct", "25"]
# Random stalls with latency: every test program in make test under the
# first, in make regress under all three.
STALLS = [
    ["--dram-stall-pct", "40", "--dram-latency", "30"],
    ["--dram-stall-pct", "60", "--dram-latency", "5", "--seed", "3"],
    ["--dram-bw", "2", "--dram-outstanding", "1", "--dram-latency", "60", "--dram-stall-pct", "10"],
]
# Minutes under stress; regress only.
SLOW_UNDER_STRESS = {"test_ame.elf", "test_minat.elf"}
REGRESS = os.environ.get("MOSAIC_TIER", "test") == "regress"
TALLY = simlib.Tally()
check = TALLY.check


def measure(opts, tmp):
    """Run dram_bw.elf; returns ({phase: (cycles, busy, bytes)}, None) or
    (None, why)."""
    sig = os.path.join(tmp, "sig")
    rc, out, err = simlib.run([SIM, "--max-cycles", "2000000", *opts, "--signature", sig, PROG])
    if rc != 0:
        return None, f"exit {rc}: {simlib.first_lines(err, 4)}"
    with open(sig) as f:
        w = [int(x, 16) for x in f.read().split()]
    if len(w) != 12:
        return None, f"signature has {len(w)} words, not 12"
    ph = {n: tuple(w[4 * i:4 * i + 3]) for i, n in enumerate(("REF", "LD", "ST"))}
    bad = [n for n, v in ph.items() if v[2] != BYTES]
    if bad:
        return None, f"SDMA bytes (hpmcounter8) {[ph[n][2] for n in bad]} in {bad}, not {BYTES}"
    return ph, None


def dram_cycles(ph, base, phase):
    return ph[phase][1] - base[phase][1] + BYTES // BEAT


def fmt(ph):
    return ", ".join(f"{n} {c} cycles / {b} busy" for n, (c, b, _) in ph.items())


def main():
    t0 = time.time()
    for path, how in ((SIM, "make sim"), (PROG, "make sim-progs"), (SDMA_TEST, "make sw")):
        if not os.path.exists(path):
            print(f"FAIL: setup: {path} not built ({how})")
            return 1
    tmp = tempfile.mkdtemp(prefix="mosaic-sim-dram-")

    # No limit: main memory moves a beat per cycle, like the scratchpad.
    base = None
    for opts in ([], ["--dram-bw", "16"], ["--dram-bw", "200"]):
        name = "no bandwidth limit" + (f" ({' '.join(opts)})" if opts else " (defaults)")
        ph, why = measure(opts, tmp)
        if why:
            check(name, False, why)
            continue
        ok = max(ph["LD"][1], ph["ST"][1]) < 0.7 * ph["REF"][1]
        if base is None:
            base = ph
        check(name, ok and ph == base,
              f"{fmt(ph)}; expected LD, ST < 0.7 x REF busy and the defaults' {fmt(base)}")
    if base is None:
        print(f"dram: {TALLY.passed} passed, {TALLY.failed} failed in {time.time() - t0:.1f} s")
        return 1

    # Bandwidth-limited: the DRAM phases at the set rate.
    for bw in (2, 4, 8):
        name = f"--dram-bw {bw}"
        ph, why = measure(["--dram-bw", str(bw)], tmp)
        if why:
            check(name, False, why)
            continue
        rd = BYTES / dram_cycles(ph, base, "LD")
        wr = BYTES / dram_cycles(ph, base, "ST")
        hi = 1.01 * bw + 0.05
        ok = all(0.8 * bw <= r <= hi for r in (rd, wr))
        check(f"{name}: read {rd:.2f}, write {wr:.2f} bytes/cycle", ok,
              f"outside {0.8 * bw:.2f}..{hi:.2f}: {fmt(ph)}")

    # Outstanding bursts at 100 cycles latency.
    res = {}
    for n in (1, 4):
        ph, why = measure(["--dram-latency", "100", "--dram-outstanding", str(n)], tmp)
        if why:
            check(f"--dram-latency 100 --dram-outstanding {n}", False, why)
            continue
        res[n] = ph
    if len(res) == 2:
        for phase, what in (("LD", "read"), ("ST", "write")):
            one, four = dram_cycles(res[1], base, phase), dram_cycles(res[4], base, phase)
            check(f"--dram-latency 100: {what}: {one} DRAM cycles with --dram-outstanding 1 "
                  f"(>= {BURSTS} x 100), {four} with 4 (< half)",
                  one >= BURSTS * 100 and 2 * four < one, f"{fmt(res[1])} | {fmt(res[4])}")

    # Data under every limit at once, with random stalls.
    ph, why = measure(STRESS, tmp)
    check(f"dram_bw.elf {' '.join(STRESS)}", ph is not None, why)
    rc, out, err = simlib.run([SIM, *STRESS, "--seed", "7", SDMA_TEST], timeout=600)
    check(f"test_sdma.elf {' '.join(STRESS)}",
          rc == 0 and "LOCKSTEP MISMATCH" not in err,
          f"exit {rc}: {simlib.first_lines(err, 6)} {simlib.first_lines(out, 4)}")

    # Every on-target tensor test program under a slow, stalling DRAM: a
    # program that reuses a buffer a tensor load may still be reading
    # without a fence, or a bus rule the RTL's AXI checkers see broken
    # (they stop the run, exit 5), fails here.
    progs = sorted(glob.glob(os.path.join(simlib.BUILD, "sw", "tests", "test_*.elf")))
    if not REGRESS:
        progs = [p for p in progs if os.path.basename(p) not in SLOW_UNDER_STRESS]
    check("on-target test programs found", len(progs) >= 5, f"{progs}")
    for opts in (STALLS if REGRESS else STALLS[:1]):
        for elf in progs:
            rc, out, err = simlib.run([SIM, *opts, *simlib.program_options(elf), elf], timeout=1200)
            check(f"{os.path.basename(elf)} {' '.join(opts)}", rc == 0,
                  f"exit {rc}: {simlib.first_lines(err, 6)} {simlib.first_lines(out, 4)}")

    print(f"dram: {TALLY.passed} passed, {TALLY.failed} failed in {time.time() - t0:.1f} s")
    return 1 if TALLY.failed else 0


if __name__ == "__main__":
    sys.exit(main())
