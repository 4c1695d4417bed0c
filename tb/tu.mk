# RTL module tests of the tensor unit's issue side (included by the top
# Makefile through tb/*.mk):
#
#   build/tests/test_rtl_tu_check   rtl/mosaic_tu_check.sv (+ mosaic_tu_decode,
#                                   mosaic_tu_range_ok) vs the golden
#                                   mosaic_tu_exec trap/status/writeback/dirty
#                                   decisions, every tensor opcode group
#   build/tests/test_rtl_trf        rtl/mosaic_trf.sv vs a C++ reference array
#                                   (data, tags, bank conflicts, stalls)
#   build/modules/test_rtl_*_mutant the same harnesses built with
#                                   +define+MOSAIC_INJECT_BUG; the real
#                                   harness runs its mutant and expects FAILs
#
# Verilator builds are serialised (each waits for the previous one) and use
# -j 2, like tb/modules.mk. TU_AFTER orders the first build after the other
# module tests; `make TU_AFTER= build/tests/test_rtl_tu_check` builds alone.

TU_OUT        := $(BUILD)/modules
TU_CHECK_SRCS := rtl/mosaic_pkg.sv rtl/mosaic_tu_decode.sv rtl/mosaic_tu_range_ok.sv \
                 rtl/mosaic_tu_check.sv
TRF_SRCS      := rtl/mosaic_pkg.sv rtl/mosaic_trf_bank.sv rtl/mosaic_trf.sv
TU_TB_HDRS    := tb/modules/tb_check.h
TU_AFTER      ?= $(ARRAY_MUTANT)

TU_TESTS   := $(BUILD)/tests/test_rtl_tu_check $(BUILD)/tests/test_rtl_trf
TU_MUTANTS := $(TU_OUT)/test_rtl_tu_check_mutant $(TU_OUT)/test_rtl_trf_mutant

.PHONY: rtl-tu-tests
rtl-tu-tests: $(TU_TESTS) $(TU_MUTANTS) ## build the tensor-unit issue module tests (Verilator)
rtl-module-tests: rtl-tu-tests

$(BUILD)/tests/test_rtl_tu_check: tb/modules/test_rtl_tu_check.cpp $(TU_TB_HDRS) $(TU_CHECK_SRCS) $(GOLDEN_LIB) | $(TU_AFTER)
	$(call mod_verilate,mosaic_tu_check,$(TU_CHECK_SRCS),$<,$@,$(TU_OUT)/tu_check,)

$(TU_OUT)/test_rtl_tu_check_mutant: tb/modules/test_rtl_tu_check.cpp $(TU_TB_HDRS) $(TU_CHECK_SRCS) $(GOLDEN_LIB) | $(BUILD)/tests/test_rtl_tu_check
	$(call mod_verilate,mosaic_tu_check,$(TU_CHECK_SRCS),$<,$@,$(TU_OUT)/tu_check_mutant,$(MOD_MUTANT_FLAGS))

$(BUILD)/tests/test_rtl_trf: tb/modules/test_rtl_trf.cpp $(TU_TB_HDRS) $(TRF_SRCS) | $(TU_OUT)/test_rtl_tu_check_mutant
	$(call mod_verilate,mosaic_trf,$(TRF_SRCS),$<,$@,$(TU_OUT)/trf,)

$(TU_OUT)/test_rtl_trf_mutant: tb/modules/test_rtl_trf.cpp $(TU_TB_HDRS) $(TRF_SRCS) | $(BUILD)/tests/test_rtl_trf
	$(call mod_verilate,mosaic_trf,$(TRF_SRCS),$<,$@,$(TU_OUT)/trf_mutant,$(MOD_MUTANT_FLAGS))
