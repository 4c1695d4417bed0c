#!/bin/sh
# Module tests of the numerics RTL under Icarus Verilog (the second
# simulator): replays golden-model vectors through mosaic_fmt_cvt and
# mosaic_fma32 (benches tb/modules/tb_*_icarus.sv, built by tb/modules.mk
# into build/modules/icarus/), then checks that the same benches built with
# MOSAIC_INJECT_BUG (one wrong rounding case) report mismatches.
# Installed as build/tests/test_rtl_fp_icarus; prints PASS:/FAIL: lines.
dir=$(cd "$(dirname "$0")/../modules/icarus" && pwd) || exit 1
status=0

run() { # name vvp vectors count
    out=$(vvp -n "$dir/$2" +vectors="$dir/$3" +n="$4" +name="$1" 2>&1) || status=1
    printf '%s\n' "$out" | grep -v '^WARNING: .*readmemh'
    printf '%s\n' "$out" | grep -q "^PASS: $1" || status=1
}

mutant() { # name vvp vectors count
    out=$(vvp -n "$dir/$2" +vectors="$dir/$3" +n="$4" +name=mutant 2>&1)
    if printf '%s\n' "$out" | grep -q '^FAIL: mutant: '; then
        echo "PASS: $1 ($(printf '%s\n' "$out" | sed -n 's/^FAIL: mutant: //p'))"
    else
        echo "FAIL: $1: the bench built with MOSAIC_INJECT_BUG reported no mismatch"
        status=1
    fi
}

run icarus_cvt_rtl cvt_rtl.vvp cvt.hex 20000
run icarus_fma32_rtl fma32_rtl.vvp fma32.hex 20000
mutant icarus_cvt_injected_bug_detected cvt_mutant.vvp cvt.hex 5000
mutant icarus_fma32_injected_bug_detected fma32_mutant.vvp fma32.hex 5000
exit $status
