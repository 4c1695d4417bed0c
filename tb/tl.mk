# RTL module test of the TensorLoad engine (included by the top Makefile
# through tb/*.mk):
#
#   build/tests/test_rtl_tl         rtl/mosaic_tu_tl.sv (+ mosaic_tu_tl_mradd,
#                                   mosaic_tu_tl_gather,
#                                   mosaic_tu_tl_burst) vs the golden
#                                   tl.xpose / tl.concat / tl.addi / tl.mload /
#                                   tl.mstore, against a C++ TRF and a C++
#                                   AXI4 slave (random latency, 25% stalls)
#   build/modules/test_rtl_tl_mutant  built with +define+MOSAIC_INJECT_TL_BUG
#                                   (a gathered result keeps one byte past
#                                   N); the real harness runs it and expects
#                                   FAILs
#
# Verilator builds are serialised: TL_AFTER orders the first build after the
# last build of tb/tact.mk (or tb/sdma.mk, tb/red.mk, tb/lsu.mk, whichever
# exists first). Literal paths: the files it names may be absent. `make
# TL_AFTER= build/tests/test_rtl_tl` builds alone.
#
# make rtl-tl-lint (part of make lint): Verilator -Wall, Icarus -g2012 and
# Yosys synth (no latches) on mosaic_tu_tl and its helpers; Verilator also
# with SYNTHESIS defined, the form Yosys reads (mosaic_tu_tl_gather). Yosys
# takes about 2 minutes (8 lanes x 2048:1 byte mux trees).

TL_SRCS   := rtl/mosaic_pkg.sv rtl/mosaic_tu_tl_gather.sv rtl/mosaic_tu_tl_mradd.sv rtl/mosaic_tu_tl_burst.sv rtl/mosaic_tu_tl.sv
TL_OUT    := $(BUILD)/modules
TL_AFTER  ?= $(if $(wildcard tb/tact.mk),$(BUILD)/modules/test_rtl_tact_mutant,$(if $(wildcard tb/sdma.mk),$(BUILD)/modules/test_rtl_mem_sys_mutant,$(if $(wildcard tb/red.mk),$(BUILD)/modules/test_rtl_red_mutant,$(if $(wildcard tb/lsu.mk),$(BUILD)/modules/test_rtl_lsu_mutant,))))
TL_DEPS   := tb/modules/test_rtl_tl.cpp tb/modules/tb_check.h $(TL_SRCS) $(GOLDEN_LIB)
TL_MUTANT_FLAGS := +define+MOSAIC_INJECT_TL_BUG -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"

.PHONY: rtl-tl-tests rtl-tl-lint
rtl-tl-tests: $(BUILD)/tests/test_rtl_tl $(TL_OUT)/test_rtl_tl_mutant ## build the TensorLoad engine module test (Verilator)
rtl-module-tests: rtl-tl-tests
test: rtl-tl-tests
lint: rtl-tl-lint

$(BUILD)/tests/test_rtl_tl: $(TL_DEPS) | $(TL_AFTER)
	$(call mod_verilate,mosaic_tu_tl,$(TL_SRCS),$<,$@,$(TL_OUT)/tl,)

$(TL_OUT)/test_rtl_tl_mutant: $(TL_DEPS) | $(BUILD)/tests/test_rtl_tl
	$(call mod_verilate,mosaic_tu_tl,$(TL_SRCS),$<,$@,$(TL_OUT)/tl_mutant,$(TL_MUTANT_FLAGS))

TL_LINT_TOPS := mosaic_tu_tl mosaic_tu_tl_burst mosaic_tu_tl_mradd mosaic_tu_tl_gather
rtl-tl-lint: $(BUILD)/lint/rtl-tl-lint.ok
# Re-run only when its inputs change.
$(BUILD)/lint/rtl-tl-lint.ok: $(TL_SRCS) tb/tl.mk
	@mkdir -p $(TL_OUT) $(dir $@)
	@set -e; for top in $(TL_LINT_TOPS); do \
	  echo "== $$top: verilator --lint-only -Wall"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $(TL_SRCS); \
	  echo "== $$top: iverilog -g2012"; \
	  rm -f $(TL_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(TL_OUT)/$$top.vvp $(TL_SRCS) 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(TL_OUT)/$$top.vvp; \
	done; \
	echo "== mosaic_tu_tl: verilator --lint-only -Wall +define+SYNTHESIS (the gather mux trees)"; \
	$(VERILATOR) --lint-only -Wall +define+SYNTHESIS --top-module mosaic_tu_tl $(TL_SRCS); \
	echo "== mosaic_tu_tl: yosys synth (log $(TL_OUT)/mosaic_tu_tl.yosys.log)"; \
	yosys -q -l $(TL_OUT)/mosaic_tu_tl.yosys.log -p "read_verilog -sv $(TL_SRCS); \
	  hierarchy -check -top mosaic_tu_tl; synth -top mosaic_tu_tl -run begin:fine; \
	  select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	  opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null; \
	echo "rtl-tl-lint: yosys mosaic_tu_tl: $$(sed -n '/=== design hierarchy ===/,$$p' $(TL_OUT)/mosaic_tu_tl.yosys.log | grep -m1 'Number of cells' | tr -s ' ')"
	@touch $@
