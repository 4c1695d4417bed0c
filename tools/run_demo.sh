#!/usr/bin/env bash
# `make run`: the GEMM example, sized for simulation (gemm_rtl.elf), on the
# RTL (build/bin/mosaic-sim: the SoC with the 16x16 tensor unit, in lockstep
# with the golden ISS), after a hello on the ISS. (gemm.elf, the full
# example, runs 43 M instructions: hours on the RTL, seconds on the ISS.)
# The GEMM example checks every result element, and prints for
# every format pair and shape the cycles, instructions, useful MACs and MAC
# utilization from the performance counters; --stats adds the whole run's
# cycles, instructions and CPI. `make run` has built everything first.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
ISS=$BUILD/bin/mosaic-iss
SIM=$BUILD/bin/mosaic-sim
for f in "$ISS" "$SIM" "$BUILD/sw/hello.elf" "$BUILD/sw/gemm_rtl.elf"; do
  [ -e "$f" ] || { echo "run_demo: $f is missing (make golden sw sim)" >&2; exit 1; }
done

echo "== hello on the ISS: UART output and performance counters"
"$ISS" --max-insns 1000000 "$BUILD/sw/hello.elf"
echo
echo "== gemm on the RTL (16x16 MAC array), lockstep with the ISS: C = A x B"
echo "   (INT8, BF16, FP8 E4M3, FP16 inputs; tiles through SDMA and the scratchpad)"
"$SIM" --stats "$BUILD/sw/gemm_rtl.elf"
