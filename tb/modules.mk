# RTL module tests: Verilator harnesses that compare one RTL block with the
# golden model (sw/golden) vector by vector. Each harness is a C++ program in
# tb/modules/ linked with the golden library; the executables land in
# build/tests/ so tools/run_tests.py runs them with the C suites.
#
#   build/tests/test_rtl_cvt        rtl/mosaic_fmt_cvt.sv vs mosaic_convert()
#   build/tests/test_rtl_fma32      rtl/mosaic_fma32*.sv  vs mosaic_f32_fma()
#   build/tests/test_rtl_fp_icarus  both blocks under Icarus, replaying golden
#                                   vectors from tb/modules/gen_fp_vectors.c
#
# Each harness also has a copy built against the RTL with +define+
# MOSAIC_INJECT_BUG (build/modules/test_rtl_*_mutant); the real harness runs
# it and checks that it reports mismatches.
#
# Verilator builds run one at a time with -j 2 (small shared machine).
#
# make rtl-fp-lint (also part of make lint): Verilator -Wall, Icarus and
# Yosys on the numerics blocks, plus the Yosys netlist simulated by Icarus
# against golden vectors (gate-level check).

VERILATOR    ?= verilator
MOD_OUT      := $(BUILD)/modules
MOD_VFLAGS   := --cc --exe --build -j 2 -Wall -O3 --x-assign fast --x-initial fast \
                -CFLAGS "-O2 -I$(abspath sw/golden) -I$(abspath tb/modules)" \
                -LDFLAGS "$(abspath $(GOLDEN_LIB))"

# The injected-bug copies only run --quick: build them unoptimised (faster).
MOD_MUTANT_FLAGS := +define+MOSAIC_INJECT_BUG -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"

RTL_FP_COMMON := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv
RTL_CVT_SRCS  := $(RTL_FP_COMMON) rtl/mosaic_fp_unpack.sv rtl/mosaic_fmt_cvt.sv
RTL_FMA_SRCS  := $(RTL_FP_COMMON) rtl/mosaic_fma32_mul.sv rtl/mosaic_fma32_add.sv \
                 rtl/mosaic_fma32.sv tb/modules/tb_fma32.sv
MOD_TB_HDRS   := tb/modules/tb_check.h

RTL_MOD_TESTS := $(BUILD)/tests/test_rtl_cvt $(BUILD)/tests/test_rtl_fma32 \
                 $(BUILD)/tests/test_rtl_fp_icarus
RTL_MOD_MUTANTS := $(MOD_OUT)/test_rtl_cvt_mutant $(MOD_OUT)/test_rtl_fma32_mutant
MOD_IC        := $(MOD_OUT)/icarus
RTL_MOD_ICARUS := $(MOD_IC)/cvt_rtl.vvp $(MOD_IC)/fma32_rtl.vvp $(MOD_IC)/cvt.hex $(MOD_IC)/fma32.hex \
                  $(MOD_IC)/cvt_mutant.vvp $(MOD_IC)/fma32_mutant.vvp

.PHONY: rtl-module-tests rtl-fp-lint
rtl-module-tests: $(RTL_MOD_TESTS) $(RTL_MOD_MUTANTS) $(RTL_MOD_ICARUS) ## build the RTL module tests (Verilator, Icarus)
test: rtl-module-tests
lint: rtl-fp-lint

# $(1) top module, $(2) sources, $(3) harness, $(4) output, $(5) object dir,
# $(6) extra Verilator flags.
define mod_verilate
	@mkdir -p $(dir $(4)) $(5)
	$(VERILATOR) $(MOD_VFLAGS) $(6) --top-module $(1) --Mdir $(5) -o $(abspath $(4)) \
	  $(2) $(abspath $(3)) > $(5)/build.log 2>&1 || { cat $(5)/build.log; exit 1; }
endef

# Serialised without .NOTPARALLEL: each build has an order-only dependency
# on the previous one, so `make -j` never runs two Verilator/g++ builds of
# this file at once (tb/array.mk chains its builds after these).
$(BUILD)/tests/test_rtl_cvt: tb/modules/test_rtl_cvt.cpp $(MOD_TB_HDRS) $(RTL_CVT_SRCS) $(GOLDEN_LIB)
	$(call mod_verilate,mosaic_fmt_cvt,$(RTL_CVT_SRCS),$<,$@,$(MOD_OUT)/cvt,)

$(MOD_OUT)/test_rtl_cvt_mutant: tb/modules/test_rtl_cvt.cpp $(MOD_TB_HDRS) $(RTL_CVT_SRCS) $(GOLDEN_LIB) | $(BUILD)/tests/test_rtl_cvt
	$(call mod_verilate,mosaic_fmt_cvt,$(RTL_CVT_SRCS),$<,$@,$(MOD_OUT)/cvt_mutant,$(MOD_MUTANT_FLAGS))

$(BUILD)/tests/test_rtl_fma32: tb/modules/test_rtl_fma32.cpp $(MOD_TB_HDRS) $(RTL_FMA_SRCS) $(GOLDEN_LIB) | $(MOD_OUT)/test_rtl_cvt_mutant
	$(call mod_verilate,tb_fma32,$(RTL_FMA_SRCS),$<,$@,$(MOD_OUT)/fma32,)

$(MOD_OUT)/test_rtl_fma32_mutant: tb/modules/test_rtl_fma32.cpp $(MOD_TB_HDRS) $(RTL_FMA_SRCS) $(GOLDEN_LIB) | $(BUILD)/tests/test_rtl_fma32
	$(call mod_verilate,tb_fma32,$(RTL_FMA_SRCS),$<,$@,$(MOD_OUT)/fma32_mutant,$(MOD_MUTANT_FLAGS))

# Icarus: golden vectors and the two benches (compiled against the RTL).
$(MOD_OUT)/gen_fp_vectors: tb/modules/gen_fp_vectors.c $(GOLDEN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(GOLDEN_LIB) -lm -o $@

$(MOD_IC)/cvt.hex: $(MOD_OUT)/gen_fp_vectors
	@mkdir -p $(dir $@)
	$< cvt 20000 > $@

$(MOD_IC)/fma32.hex: $(MOD_OUT)/gen_fp_vectors
	@mkdir -p $(dir $@)
	$< fma 20000 > $@

# $(1) bench top, $(2) sources, $(3) extra iverilog flags
define mod_iverilog
	@mkdir -p $(dir $@)
	@rm -f $@
	iverilog -g2012 $(3) -s $(1) -o $@ $(2) 2>&1 | { grep -v 'sorry:' || true; }
	@test -s $@
endef

MOD_IC_CVT_SRCS := $(RTL_CVT_SRCS) tb/modules/tb_cvt_icarus.sv
MOD_IC_FMA_SRCS := $(filter-out tb/%,$(RTL_FMA_SRCS)) tb/modules/tb_fma32_icarus.sv

$(MOD_IC)/cvt_rtl.vvp: $(MOD_IC_CVT_SRCS)
	$(call mod_iverilog,tb_cvt_icarus,$(MOD_IC_CVT_SRCS),)

$(MOD_IC)/cvt_mutant.vvp: $(MOD_IC_CVT_SRCS)
	$(call mod_iverilog,tb_cvt_icarus,$(MOD_IC_CVT_SRCS),-DMOSAIC_INJECT_BUG)

$(MOD_IC)/fma32_rtl.vvp: $(MOD_IC_FMA_SRCS)
	$(call mod_iverilog,tb_fma32_icarus,$(MOD_IC_FMA_SRCS),)

$(MOD_IC)/fma32_mutant.vvp: $(MOD_IC_FMA_SRCS)
	$(call mod_iverilog,tb_fma32_icarus,$(MOD_IC_FMA_SRCS),-DMOSAIC_INJECT_BUG)

$(BUILD)/tests/test_rtl_fp_icarus: tb/modules/test_rtl_fp_icarus.sh | $(RTL_MOD_ICARUS)
	@mkdir -p $(dir $@)
	cp $< $@ && chmod +x $@

# Static checks of the numerics blocks: Verilator -Wall lint, Icarus
# elaboration, Yosys synthesis (cell counts in build/modules/*.yosys.log),
# and a gate-level check: the Yosys netlist, simulated by Icarus, replays the
# first golden vectors (slow, so fewer than the RTL bench).
#   spec = top:bench:vectors:count:comma-separated sources
mod_empty :=
mod_space := $(mod_empty) $(mod_empty)
mod_comma := ,
RTL_FP_TOPS := \
  mosaic_fmt_cvt:tb_cvt_icarus:cvt.hex:3000:$(subst $(mod_space),$(mod_comma),$(RTL_CVT_SRCS)) \
  mosaic_fma32:tb_fma32_icarus:fma32.hex:800:$(subst $(mod_space),$(mod_comma),$(filter-out tb/%,$(RTL_FMA_SRCS)))

rtl-fp-lint: $(BUILD)/lint/rtl-fp-lint.ok ## lint, elaborate, synthesise and gate-level-check the numerics RTL
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-fp-lint.ok: $(MOD_IC)/cvt.hex $(MOD_IC)/fma32.hex $(RTL_CVT_SRCS) $(RTL_FMA_SRCS) tb/modules.mk
	@set -e; for spec in $(RTL_FP_TOPS); do \
	  IFS=: read top bench vec n srcs <<< "$$spec"; srcs=$$(echo $$srcs | tr , ' '); \
	  echo "== $$top: verilator --lint-only -Wall"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $$srcs; \
	  echo "== $$top: iverilog -g2012"; \
	  rm -f $(MOD_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(MOD_OUT)/$$top.vvp $$srcs 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(MOD_OUT)/$$top.vvp; \
	  echo "== $$top: yosys synth (log $(MOD_OUT)/$$top.yosys.log)"; \
	  rm -f $(MOD_OUT)/$$top.net.v; \
	  yosys -q -l $(MOD_OUT)/$$top.yosys.log \
	    -p "read_verilog -sv $$srcs; synth -flatten -top $$top; stat; write_verilog -noattr $(MOD_OUT)/$$top.net.v" >/dev/null; \
	  grep -m1 'Number of cells' $(MOD_OUT)/$$top.yosys.log; \
	  echo "== $$top: gate-level netlist under Icarus, $$n vectors"; \
	  iverilog -g2012 -s $$bench -o $(MOD_OUT)/$$top.net.vvp $(MOD_OUT)/$$top.net.v tb/modules/$$bench.sv; \
	  out=$$(vvp -n $(MOD_OUT)/$$top.net.vvp +vectors=$(MOD_IC)/$$vec +n=$$n +name=$${top}_netlist); \
	  echo "$$out" | grep -v readmemh; echo "$$out" | grep -q '^PASS'; \
	done
	@mkdir -p $(dir $@) && touch $@
