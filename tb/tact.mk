# RTL module test of the activation unit (included by the top Makefile
# through tb/*.mk):
#
#   build/tests/test_rtl_tact         rtl/mosaic_tact.sv (+ mosaic_tact_lane,
#                                     mosaic_fma32, mosaic_div32,
#                                     mosaic_fmt_cvt) vs mosaic_tact_f32 and
#                                     the golden tact instruction
#   build/modules/test_rtl_tact_mutant  built with MOSAIC_INJECT_TACT_BUG
#                                     (exp polynomial c2 one ulp off); the
#                                     real harness runs it and expects FAILs
#   Own define, not MOSAIC_INJECT_BUG, which would also break the shared
#   rounding helper.
#
# TACT_SAMPLES=N (environment) sets the random FP32 inputs per function
# (default 10^6): `TACT_SAMPLES=10000000 build/tests/test_rtl_tact`.
#
# Verilator builds are serialised: TACT_AFTER orders the first build after
# the last build of tb/sdma.mk (or tb/red.mk, tb/lsu.mk). Literal paths: this
# file may be read before the files it names. `make TACT_AFTER=
# build/tests/test_rtl_tact` builds alone.
#
#   make rtl-tact-lint   Verilator -Wall, Icarus, Yosys synth of the unit
#                        (part of make lint)

TACT_OUT     := $(BUILD)/modules
TACT_SRCS    := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv \
                rtl/mosaic_fp_unpack.sv rtl/mosaic_fmt_cvt.sv \
                rtl/mosaic_fma32_mul.sv rtl/mosaic_fma32_add.sv rtl/mosaic_fma32.sv \
                rtl/mosaic_div32.sv rtl/mosaic_tact_lane.sv rtl/mosaic_tact.sv
TACT_AFTER   ?= $(if $(wildcard tb/sdma.mk),$(BUILD)/modules/test_rtl_mem_sys_mutant,$(if $(wildcard tb/red.mk),$(BUILD)/modules/test_rtl_red_mutant,$(if $(wildcard tb/lsu.mk),$(BUILD)/modules/test_rtl_lsu_mutant,)))
TACT_DEPS    := tb/modules/test_rtl_tact.cpp tb/modules/tb_check.h $(TACT_SRCS) $(GOLDEN_LIB)
TACT_MUTANT_FLAGS := +define+MOSAIC_INJECT_TACT_BUG -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"

.PHONY: rtl-tact-tests rtl-tact-lint
rtl-tact-tests: $(BUILD)/tests/test_rtl_tact $(TACT_OUT)/test_rtl_tact_mutant ## build the activation-unit module test (Verilator)
rtl-module-tests: rtl-tact-tests
test: rtl-tact-tests
lint: rtl-tact-lint

$(BUILD)/tests/test_rtl_tact: $(TACT_DEPS) | $(TACT_AFTER)
	$(call mod_verilate,mosaic_tact,$(TACT_SRCS),$<,$@,$(TACT_OUT)/tact,)

$(TACT_OUT)/test_rtl_tact_mutant: $(TACT_DEPS) | $(BUILD)/tests/test_rtl_tact
	$(call mod_verilate,mosaic_tact,$(TACT_SRCS),$<,$@,$(TACT_OUT)/tact_mutant,$(TACT_MUTANT_FLAGS))

# Lint: the unit and its lane as tops under Verilator -Wall, an Icarus
# compile, and a hierarchical Yosys synthesis (no latches).
TACT_LINT_TOPS := mosaic_tact_lane mosaic_tact
rtl-tact-lint: $(BUILD)/lint/rtl-tact-lint.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-tact-lint.ok: $(TACT_SRCS) tb/tact.mk
	@mkdir -p $(TACT_OUT) $(dir $@)
	@set -e; for top in $(TACT_LINT_TOPS); do \
	  echo "== $$top: verilator --lint-only -Wall"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $(TACT_SRCS); \
	  echo "== $$top: iverilog -g2012"; \
	  rm -f $(TACT_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(TACT_OUT)/$$top.vvp $(TACT_SRCS) 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(TACT_OUT)/$$top.vvp; \
	done; \
	for top in $(TACT_LINT_TOPS); do \
	  echo "== $$top: yosys synth (log $(TACT_OUT)/$$top.yosys.log)"; \
	  yosys -q -l $(TACT_OUT)/$$top.yosys.log -p "read_verilog -sv $(TACT_SRCS); \
	    hierarchy -check -top $$top; synth -top $$top -run begin:fine; \
	    select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null; \
	  sed -n '/=== design hierarchy ===/,$$p' $(TACT_OUT)/$$top.yosys.log | grep -m1 'Number of cells'; \
	done
	@touch $@
