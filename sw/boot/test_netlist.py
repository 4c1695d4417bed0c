#!/usr/bin/env python3
"""The FPGA netlist computes what the golden model computes (make fpga-check,
docs/fpga.md "The netlist check").

build/fpga/check/Vmosaic_netlist_tb is the scalar SoC's ECP5 netlist
(fpga/synth.ys, the bitstream's mapping but for its DSP blocks) with
board_check.elf in its RAM, under Verilator with Yosys's cell models. Each
case runs it from a different random initial state (flip-flops and memories
the netlist does not initialise) and compares its UART output and exit code
with mosaic-iss running the same ELF.

One `PASS: name` / `FAIL: name: why` per case; exit 1 on any failure (a
missing binary is a FAIL)."""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
ISS = os.path.join(BUILD, "bin", "mosaic-iss")
CHECK = os.path.join(BUILD, "sw", "boot", "board_check.elf")
NETLIST = os.path.join(BUILD, "fpga", "check", "Vmosaic_netlist_tb")
SEEDS = (1, 7919)          # two initial states; any seed must give the same
MAX_CYCLES = 200000        # board_check.elf exits in about 34 000


def run_netlist(seed, tmp):
    """(UART bytes, 'EXIT n' or what ended the run) of one netlist run."""
    uart = os.path.join(tmp, "uart-%d.txt" % seed)
    out = subprocess.run([NETLIST, "+verilator+seed+%d" % seed, "+verilator+rand+reset+2",
                          "+uart=" + uart, "+max_cycles=%d" % MAX_CYCLES],
                         capture_output=True, text=True, timeout=600)
    ends = [ln for ln in out.stdout.splitlines() if ln.startswith(("EXIT ", "TIMEOUT"))]
    end = ends[-1] if ends else "no end line (exit status %d)" % out.returncode
    try:
        with open(uart, "rb") as f:
            return f.read(), end
    except OSError:
        return b"", end


def main():
    for path in (NETLIST, ISS, CHECK):
        if not os.path.exists(path):
            print("FAIL: netlist: %s not built (make fpga-check or make test-build)" % path)
            return 1
    iss = subprocess.run([ISS, CHECK], capture_output=True, timeout=600)
    want = (iss.stdout, "EXIT %d" % iss.returncode)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="test_netlist.") as tmp:
        for seed in SEEDS:
            got = run_netlist(seed, tmp)
            name = "netlist board_check.elf, initial state seed %d" % seed
            if got == want:
                print("PASS: %s (%d bytes, %s)" % (name, len(got[0]), got[1]))
            else:
                failed += 1
                print("FAIL: %s: netlist printed %d bytes and ended '%s', the ISS %d bytes and '%s'"
                      % (name, len(got[0]), got[1], len(want[0]), want[1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
