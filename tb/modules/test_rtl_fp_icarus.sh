#!/bin/sh
# Module tests of the numerics RTL under Icarus Verilog (the second
# simulator): replays golden-model vectors through mosaic_fmt_cvt and
# mosaic_fma32 (benches tb/modules/tb_*_icarus.sv, built by tb/modules.mk
# into build/modules/icarus/). Installed as build/tests/test_rtl_fp_icarus.
# Prints the benches' PASS:/FAIL: lines.
dir=$(cd "$(dirname "$0")/../modules/icarus" && pwd) || exit 1
status=0
run() { # name vvp vectors count
    out=$(vvp -n "$dir/$2" +vectors="$dir/$3" +n="$4" +name="$1" 2>&1) || status=1
    printf '%s\n' "$out" | grep -v '^WARNING: .*readmemh'
    printf '%s\n' "$out" | grep -q "^PASS: $1" || status=1
}
run icarus_cvt_rtl cvt_rtl.vvp cvt.hex 20000
run icarus_fma32_rtl fma32_rtl.vvp fma32.hex 20000
exit $status
