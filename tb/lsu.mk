# RTL module test of the tensor load/store unit (included by the top
# Makefile through tb/*.mk):
#
#   build/tests/test_rtl_lsu        rtl/mosaic_lsu.sv (+ mosaic_lsu_burst,
#                                   mosaic_lsu_beat) vs the golden tld/tst,
#                                   against a C++ AXI4 slave (random latency,
#                                   25% ready stalls) and a C++ TRF
#   build/modules/test_rtl_lsu_mutant  built with +define+MOSAIC_INJECT_BUG
#                                   (no 4 KiB split); the real harness runs it
#                                   and expects FAILs
#
# Verilator builds are serialised: LSU_AFTER orders the first build after the
# last build of tb/vec.mk (itself chained after tb/tu.mk), or after tb/tu.mk's
# last build if there is no tb/vec.mk. Literal paths: this file is read before
# tu.mk and vec.mk. `make LSU_AFTER= build/tests/test_rtl_lsu` builds alone.

LSU_SRCS   := rtl/mosaic_pkg.sv rtl/mosaic_lsu_burst.sv rtl/mosaic_lsu_beat.sv rtl/mosaic_lsu.sv
LSU_AFTER  ?= $(if $(wildcard tb/vec.mk),$(BUILD)/modules/test_rtl_vec_mutant,$(BUILD)/modules/test_rtl_trf_mutant)
LSU_DEPS   := tb/modules/test_rtl_lsu.cpp tb/modules/tb_check.h $(LSU_SRCS) $(GOLDEN_LIB)

.PHONY: rtl-lsu-tests
rtl-lsu-tests: $(BUILD)/tests/test_rtl_lsu $(BUILD)/modules/test_rtl_lsu_mutant ## build the load/store unit module test (Verilator)
rtl-module-tests: rtl-lsu-tests

$(BUILD)/tests/test_rtl_lsu: $(LSU_DEPS) | $(LSU_AFTER)
	$(call mod_verilate,mosaic_lsu,$(LSU_SRCS),$<,$@,$(BUILD)/modules/lsu,)

$(BUILD)/modules/test_rtl_lsu_mutant: $(LSU_DEPS) | $(BUILD)/tests/test_rtl_lsu
	$(call mod_verilate,mosaic_lsu,$(LSU_SRCS),$<,$@,$(BUILD)/modules/lsu_mutant,$(MOD_MUTANT_FLAGS))
