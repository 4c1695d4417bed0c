# RTL module tests: Verilator harnesses that compare one RTL block with the
# golden model (sw/golden) vector by vector. Each harness is a C++ program in
# tb/modules/ linked with the golden library; the executables land in
# build/tests/ so tools/run_tests.py runs them with the C suites.
#
#   build/tests/test_rtl_cvt     rtl/mosaic_fmt_cvt.sv vs mosaic_convert()
#   build/tests/test_rtl_fma32   rtl/mosaic_fma32*.sv  vs mosaic_f32_fma()
#
# Each harness also has a copy built against the RTL with +define+
# MOSAIC_INJECT_BUG (build/modules/test_rtl_*_mutant); the real harness runs
# it and checks that it reports mismatches.
#
# Verilator builds run one at a time with -j 2 (small shared machine).

VERILATOR    ?= verilator
MOD_OUT      := $(BUILD)/modules
MOD_VFLAGS   := --cc --exe --build -j 2 -Wall -O3 --x-assign fast --x-initial fast \
                -CFLAGS "-O2 -I$(abspath sw/golden) -I$(abspath tb/modules)" \
                -LDFLAGS "$(abspath $(GOLDEN_LIB))"

RTL_FP_COMMON := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv
RTL_CVT_SRCS  := $(RTL_FP_COMMON) rtl/mosaic_fp_unpack.sv rtl/mosaic_fmt_cvt.sv
RTL_FMA_SRCS  := $(RTL_FP_COMMON) rtl/mosaic_fma32_mul.sv rtl/mosaic_fma32_add.sv \
                 rtl/mosaic_fma32.sv tb/modules/tb_fma32.sv
MOD_TB_HDRS   := tb/modules/tb_check.h

RTL_MOD_TESTS := $(BUILD)/tests/test_rtl_cvt $(BUILD)/tests/test_rtl_fma32
RTL_MOD_MUTANTS := $(MOD_OUT)/test_rtl_cvt_mutant $(MOD_OUT)/test_rtl_fma32_mutant

.PHONY: rtl-module-tests rtl-fp-lint
rtl-module-tests: $(RTL_MOD_TESTS) $(RTL_MOD_MUTANTS) ## build the RTL module tests (Verilator)
test: rtl-module-tests

# $(1) top module, $(2) sources, $(3) harness, $(4) output, $(5) object dir,
# $(6) extra Verilator flags.
define mod_verilate
	@mkdir -p $(dir $(4)) $(5)
	$(VERILATOR) $(MOD_VFLAGS) $(6) --top-module $(1) --Mdir $(5) -o $(abspath $(4)) \
	  $(2) $(abspath $(3)) > $(5)/build.log 2>&1 || { cat $(5)/build.log; exit 1; }
endef

# .NOTPARALLEL-free serialisation: each build depends on the previous one
# so `make -j` never runs two Verilator/g++ builds at once.
$(BUILD)/tests/test_rtl_cvt: tb/modules/test_rtl_cvt.cpp $(MOD_TB_HDRS) $(RTL_CVT_SRCS) $(GOLDEN_LIB)
	$(call mod_verilate,mosaic_fmt_cvt,$(RTL_CVT_SRCS),$<,$@,$(MOD_OUT)/cvt,)

$(MOD_OUT)/test_rtl_cvt_mutant: tb/modules/test_rtl_cvt.cpp $(MOD_TB_HDRS) $(RTL_CVT_SRCS) $(GOLDEN_LIB) | $(BUILD)/tests/test_rtl_cvt
	$(call mod_verilate,mosaic_fmt_cvt,$(RTL_CVT_SRCS),$<,$@,$(MOD_OUT)/cvt_mutant,+define+MOSAIC_INJECT_BUG)

$(BUILD)/tests/test_rtl_fma32: tb/modules/test_rtl_fma32.cpp $(MOD_TB_HDRS) $(RTL_FMA_SRCS) $(GOLDEN_LIB) | $(MOD_OUT)/test_rtl_cvt_mutant
	$(call mod_verilate,tb_fma32,$(RTL_FMA_SRCS),$<,$@,$(MOD_OUT)/fma32,)

$(MOD_OUT)/test_rtl_fma32_mutant: tb/modules/test_rtl_fma32.cpp $(MOD_TB_HDRS) $(RTL_FMA_SRCS) $(GOLDEN_LIB) | $(BUILD)/tests/test_rtl_fma32
	$(call mod_verilate,tb_fma32,$(RTL_FMA_SRCS),$<,$@,$(MOD_OUT)/fma32_mutant,+define+MOSAIC_INJECT_BUG)

# Static checks of the numerics blocks: Verilator -Wall lint, Icarus
# elaboration and a Yosys synthesis (cell counts in build/modules/*.yosys.log).
mod_empty :=
mod_space := $(mod_empty) $(mod_empty)
mod_comma := ,
RTL_FP_TOPS := mosaic_fmt_cvt:$(subst $(mod_space),$(mod_comma),$(RTL_CVT_SRCS)) \
               mosaic_fma32:$(subst $(mod_space),$(mod_comma),$(filter-out tb/%,$(RTL_FMA_SRCS)))
rtl-fp-lint: ## lint (Verilator), elaborate (Icarus) and synthesise (Yosys) the numerics RTL
	@mkdir -p $(MOD_OUT)
	@set -e; for spec in $(RTL_FP_TOPS); do \
	  top=$${spec%%:*}; srcs=$$(echo $${spec#*:} | tr , ' '); \
	  echo "verilator --lint-only -Wall $$top"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $$srcs; \
	  echo "iverilog -g2012 $$top"; \
	  rm -f $(MOD_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(MOD_OUT)/$$top.vvp $$srcs 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(MOD_OUT)/$$top.vvp; \
	  echo "yosys synth -top $$top"; \
	  yosys -q -l $(MOD_OUT)/$$top.yosys.log -p "read_verilog -sv $$srcs; synth -flatten -top $$top; stat" >/dev/null; \
	  grep -m1 'Number of cells' $(MOD_OUT)/$$top.yosys.log; \
	done
