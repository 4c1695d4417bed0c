# RTL module test of the tensor MAC array (rtl/mosaic_array.sv, mosaic_pe.sv)
# against the golden model, in three array sizes:
#
#   build/tests/test_rtl_array4    4x4 PEs   (a 16x16 tile = 16 block passes)
#   build/tests/test_rtl_array8    8x8 PEs   (4 passes)
#   build/tests/test_rtl_array16   16x16 PEs (1 pass, chained tmma)
#   build/modules/test_rtl_array4_mutant  4x4 built with
#        +define+MOSAIC_INJECT_ARRAY_BUG; every size's test runs it and
#        checks that it reports mismatches.
#
# Uses MOD_VFLAGS / mod_verilate from tb/modules.mk (expanded when the
# recipes run). Builds are serialised behind the other module tests (one
# Verilator build at a time, -j 2).
#
#   make rtl-array-lint   Verilator -Wall (4x4, 16x16), Icarus, Yosys (4x4,
#                         hierarchical: mosaic_pe is synthesised once; a
#                         flattened synth spends many minutes in opt_share)

ARRAY_RTL_SRCS := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv \
                  rtl/mosaic_fma32_mul.sv rtl/mosaic_fma32_add.sv \
                  rtl/mosaic_pe.sv rtl/mosaic_array.sv
ARRAY_DEPS     := tb/modules/test_rtl_array.cpp tb/modules/tb_check.h $(ARRAY_RTL_SRCS) $(GOLDEN_LIB)
ARRAY_OUT      := $(BUILD)/modules
ARRAY_TESTS    := $(BUILD)/tests/test_rtl_array4 $(BUILD)/tests/test_rtl_array8 \
                  $(BUILD)/tests/test_rtl_array16
ARRAY_MUTANT   := $(ARRAY_OUT)/test_rtl_array4_mutant

.PHONY: rtl-array-tests rtl-array-lint
rtl-array-tests: $(ARRAY_TESTS) $(ARRAY_MUTANT) ## build the MAC-array module tests (Verilator)
rtl-module-tests: rtl-array-tests

# $(1) rows = cols, $(2) output, $(3) object dir, $(4) extra flags.
array_verilate = $(call mod_verilate,mosaic_array,$(ARRAY_RTL_SRCS),tb/modules/test_rtl_array.cpp,$(2),$(3),-GPeRows=$(1) -GPeCols=$(1) -CFLAGS -DPE_ROWS=$(1) $(4))

$(BUILD)/tests/test_rtl_array4: $(ARRAY_DEPS) | $(BUILD)/modules/test_rtl_fma32_mutant
	$(call array_verilate,4,$@,$(ARRAY_OUT)/array4,)

$(ARRAY_MUTANT): $(ARRAY_DEPS) | $(BUILD)/tests/test_rtl_array4
	$(call array_verilate,4,$@,$(ARRAY_OUT)/array4_mutant,+define+MOSAIC_INJECT_ARRAY_BUG)

$(BUILD)/tests/test_rtl_array8: $(ARRAY_DEPS) | $(ARRAY_MUTANT)
	$(call array_verilate,8,$@,$(ARRAY_OUT)/array8,)

$(BUILD)/tests/test_rtl_array16: $(ARRAY_DEPS) | $(BUILD)/tests/test_rtl_array8
	$(call array_verilate,16,$@,$(ARRAY_OUT)/array16,)

rtl-array-lint: $(BUILD)/lint/rtl-array-lint.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-array-lint.ok: $(ARRAY_RTL_SRCS) tb/array.mk
	@mkdir -p $(ARRAY_OUT)
	@set -e; for n in 4 16; do \
	  echo "verilator --lint-only -Wall mosaic_array $${n}x$${n}"; \
	  $(VERILATOR) --lint-only -Wall -GPeRows=$$n -GPeCols=$$n --top-module mosaic_array $(ARRAY_RTL_SRCS); \
	done; \
	$(VERILATOR) --lint-only -Wall --top-module mosaic_pe $(ARRAY_RTL_SRCS); \
	echo "iverilog -g2012 mosaic_array"; \
	iverilog -g2012 -s mosaic_array -o $(ARRAY_OUT)/mosaic_array.vvp $(ARRAY_RTL_SRCS) 2>&1 | { grep -v 'sorry:' || true; }; \
	test -s $(ARRAY_OUT)/mosaic_array.vvp; \
	echo "yosys synth -top mosaic_array (4x4)"; \
	yosys -q -l $(ARRAY_OUT)/mosaic_array4.yosys.log -p "read_verilog -sv $(ARRAY_RTL_SRCS); chparam -set PeRows 4 -set PeCols 4 mosaic_array; synth -top mosaic_array; stat" >/dev/null; \
	sed -n '/=== design hierarchy ===/,$$p' $(ARRAY_OUT)/mosaic_array4.yosys.log | grep -m1 'Number of cells'
	@mkdir -p $(dir $@) && touch $@
