// FP library: format converter, FP32 FMA (product and addend halves), divider,
// adder and min/max, and the unpack/normalise/round/round-and-pack stages
// they share.
// requires: pkg
rtl/fp/mosaic_div32.sv
rtl/fp/mosaic_fma32.sv
rtl/fp/mosaic_fma32_add.sv
rtl/fp/mosaic_fma32_mul.sv
rtl/fp/mosaic_fmt_cvt.sv
rtl/fp/mosaic_fp_add32.sv
rtl/fp/mosaic_fp_minmax32.sv
rtl/fp/mosaic_fp_norm.sv
rtl/fp/mosaic_fp_round_pack32.sv
rtl/fp/mosaic_fp_round_up.sv
rtl/fp/mosaic_fp_unpack.sv
rtl/fp/mosaic_fp_widen.sv
