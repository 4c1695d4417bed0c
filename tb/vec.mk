# RTL module test of the element-wise vector unit (included by the top
# Makefile through tb/*.mk):
#
#   build/tests/test_rtl_vec        rtl/mosaic_vec.sv (16 x mosaic_vec_lane)
#                                   vs the golden element numerics and
#                                   mosaic_tu_exec (tadd tsub tmul tmax tmin
#                                   tbsub tbmul tscale tcvt)
#   build/modules/test_rtl_vec_mutant  the same harness against the RTL built
#                                   with +define+MOSAIC_INJECT_VEC_BUG; the
#                                   real harness runs it and expects FAILs
#
# Verilator builds are serialised like tb/modules.mk and tb/tu.mk: the first
# one waits (order-only) for VEC_AFTER, the last build of tb/tu.mk;
# `make VEC_AFTER= build/tests/test_rtl_vec` builds alone.

VEC_OUT    := $(BUILD)/modules
VEC_SRCS   := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv \
              rtl/mosaic_fp_unpack.sv rtl/mosaic_fmt_cvt.sv rtl/mosaic_fma32_mul.sv \
              rtl/mosaic_fma32_add.sv rtl/mosaic_fma32.sv rtl/mosaic_vec_lane.sv rtl/mosaic_vec.sv
VEC_DEPS   := tb/modules/test_rtl_vec.cpp tb/modules/tb_check.h tb/modules/tb_vec.sv $(VEC_SRCS) $(GOLDEN_LIB)
VEC_AFTER  ?= $(TU_OUT)/test_rtl_trf_mutant

# The mutant only runs --quick: unoptimised build. MOSAIC_INJECT_VEC_BUG
# (not MOSAIC_INJECT_BUG, which would also break the shared converter).
VEC_MUTANT_FLAGS := +define+MOSAIC_INJECT_VEC_BUG -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"

.PHONY: rtl-vec-tests
rtl-vec-tests: $(BUILD)/tests/test_rtl_vec $(VEC_OUT)/test_rtl_vec_mutant ## build the vector-unit module test (Verilator)
rtl-module-tests: rtl-vec-tests

$(BUILD)/tests/test_rtl_vec: $(VEC_DEPS) | $(VEC_AFTER)
	$(call mod_verilate,tb_vec,$(VEC_SRCS) tb/modules/tb_vec.sv,$<,$@,$(VEC_OUT)/vec,)

$(VEC_OUT)/test_rtl_vec_mutant: $(VEC_DEPS) | $(BUILD)/tests/test_rtl_vec
	$(call mod_verilate,tb_vec,$(VEC_SRCS) tb/modules/tb_vec.sv,$<,$@,$(VEC_OUT)/vec_mutant,$(VEC_MUTANT_FLAGS))
