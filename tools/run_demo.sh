#!/usr/bin/env bash
# `make run`: run the target examples on the instruction-set simulator.
# The GEMM example prints, for every format pair and shape, its check
# result, instruction counts and tensor-instruction mix. `make run` has
# already built the simulator (golden) and the programs (sw).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
ISS=$BUILD/bin/mosaic-iss
for f in "$ISS" "$BUILD/sw/hello.elf" "$BUILD/sw/gemm.elf"; do
  [ -e "$f" ] || { echo "run_demo: $f is missing (make golden sw)" >&2; exit 1; }
done

echo "== hello: UART output and performance counters"
"$ISS" --max-insns 1000000 "$BUILD/sw/hello.elf"
echo
echo "== gemm: C = A x B on the tensor unit (INT8, BF16, FP8 E4M3, FP16 inputs)"
"$ISS" --stats --max-insns 1000000000 "$BUILD/sw/gemm.elf"
