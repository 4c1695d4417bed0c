# RTL module tests of the blocks for the tensor operations the vector unit
# lacks (included by the top Makefile through tb/*.mk):
#
#   build/tests/test_rtl_div32     rtl/mosaic_div32.sv vs mosaic_f32_div
#                                  (specials, 10^6 pairs per rounding mode)
#   build/tests/test_rtl_red       rtl/mosaic_red.sv (tred, trowmax, trowsum)
#                                  and rtl/mosaic_vec_div.sv (tbdiv) vs the
#                                  golden instructions through mosaic_tu_exec
#   build/modules/test_rtl_div32_mutant  built with MOSAIC_INJECT_DIV_BUG
#   build/modules/test_rtl_red_mutant    built with MOSAIC_INJECT_RED_BUG and
#                                  MOSAIC_INJECT_DIV_BUG
#   The real harnesses run their mutant and expect FAILs. Own defines, not
#   MOSAIC_INJECT_BUG, which would also break the shared rounding helper.
#
# Verilator builds are serialised: RED_AFTER orders the first build after the
# last build of tb/lsu.mk (itself chained after tb/vec.mk). Literal paths:
# this file is read before lsu.mk. `make RED_AFTER= build/tests/test_rtl_red`
# builds alone.
#
#   make rtl-red-lint   Verilator -Wall, Icarus, Yosys synth of the new
#                       blocks (part of make lint)

RED_OUT      := $(BUILD)/modules
DIV32_SRCS   := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv rtl/mosaic_div32.sv
RED_SRCS     := rtl/mosaic_pkg.sv rtl/mosaic_fp_norm.sv rtl/mosaic_fp_round_up.sv \
                rtl/mosaic_fp_unpack.sv rtl/mosaic_fmt_cvt.sv rtl/mosaic_fma32_add.sv \
                rtl/mosaic_div32.sv rtl/mosaic_vec_div.sv \
                rtl/mosaic_red_add32.sv rtl/mosaic_red_fcmp.sv rtl/mosaic_red.sv
RED_TB_SRCS  := $(RED_SRCS) tb/modules/tb_red.sv
RED_AFTER    ?= $(if $(wildcard tb/lsu.mk),$(BUILD)/modules/test_rtl_lsu_mutant,)
DIV32_DEPS   := tb/modules/test_rtl_div32.cpp tb/modules/tb_check.h $(DIV32_SRCS) $(GOLDEN_LIB)
RED_DEPS     := tb/modules/test_rtl_red.cpp tb/modules/tb_check.h $(RED_TB_SRCS) $(GOLDEN_LIB)
RED_MUTANT_FLAGS := +define+MOSAIC_INJECT_DIV_BUG -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"

.PHONY: rtl-red-tests rtl-red-lint
rtl-red-tests: $(BUILD)/tests/test_rtl_div32 $(RED_OUT)/test_rtl_div32_mutant \
               $(BUILD)/tests/test_rtl_red $(RED_OUT)/test_rtl_red_mutant ## build the divider / reduction module tests (Verilator)
rtl-module-tests: rtl-red-tests
test: rtl-red-tests
lint: rtl-red-lint

$(BUILD)/tests/test_rtl_div32: $(DIV32_DEPS) | $(RED_AFTER)
	$(call mod_verilate,mosaic_div32,$(DIV32_SRCS),$<,$@,$(RED_OUT)/div32,)

$(RED_OUT)/test_rtl_div32_mutant: $(DIV32_DEPS) | $(BUILD)/tests/test_rtl_div32
	$(call mod_verilate,mosaic_div32,$(DIV32_SRCS),$<,$@,$(RED_OUT)/div32_mutant,$(RED_MUTANT_FLAGS))

$(BUILD)/tests/test_rtl_red: $(RED_DEPS) | $(RED_OUT)/test_rtl_div32_mutant
	$(call mod_verilate,tb_red,$(RED_TB_SRCS),$<,$@,$(RED_OUT)/red,)

$(RED_OUT)/test_rtl_red_mutant: $(RED_DEPS) | $(BUILD)/tests/test_rtl_red
	$(call mod_verilate,tb_red,$(RED_TB_SRCS),$<,$@,$(RED_OUT)/red_mutant,+define+MOSAIC_INJECT_RED_BUG $(RED_MUTANT_FLAGS))

# Lint: every new block as its own top under Verilator -Wall, an Icarus
# compile, and a hierarchical Yosys synthesis (no latches).
RED_LINT_TOPS := mosaic_div32 mosaic_vec_div mosaic_red
rtl-red-lint: $(BUILD)/lint/rtl-red-lint.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-red-lint.ok: $(RED_SRCS) tb/red.mk
	@mkdir -p $(RED_OUT) $(dir $@)
	@set -e; for top in $(RED_LINT_TOPS) mosaic_red_add32 mosaic_red_fcmp; do \
	  echo "== $$top: verilator --lint-only -Wall"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $(RED_SRCS); \
	  echo "== $$top: iverilog -g2012"; \
	  rm -f $(RED_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(RED_OUT)/$$top.vvp $(RED_SRCS) 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(RED_OUT)/$$top.vvp; \
	done; \
	for top in $(RED_LINT_TOPS); do \
	  echo "== $$top: yosys synth (log $(RED_OUT)/$$top.yosys.log)"; \
	  yosys -q -l $(RED_OUT)/$$top.yosys.log -p "read_verilog -sv $(RED_SRCS); \
	    hierarchy -check -top $$top; synth -top $$top -run begin:fine; \
	    select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null; \
	  sed -n '/=== design hierarchy ===/,$$p' $(RED_OUT)/$$top.yosys.log | grep -m1 'Number of cells'; \
	done
	@touch $@
