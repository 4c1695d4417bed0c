# RTL module tests: Verilator harnesses (tb/modules/test_rtl_*.cpp) that
# compare one RTL block with the golden model (sw/golden) vector by vector,
# each with a mutant: the same harness built against the RTL with one
# injected bug (a +define+ hook in the RTL), which the real harness runs
# with --quick and must see fail. The executables land in build/tests/ (run
# by tools/run_tests.py), the mutants in build/modules/.
#
#   make rtl-module-tests            build them all
#   make test-block BLOCK=sdma       build and run one (build/tests/test_rtl_sdma)
#
# One template for every test. A line of MOD_TESTS is
#   name:top:ip:mutant-define[:variant]
# with the harness tb/modules/test_rtl_<name>.cpp (variants share it), the
# RTL sources $(call rtl_files,ip) (rtl/rtl.mk), and a wrapper
# tb/modules/tb_<name>.sv when top is tb_<name>. Per-test Verilator
# parameters go in MOD_GFLAGS_<name>.
#
# The Icarus benches of the numerics blocks (test_rtl_fp_icarus) and the
# gate-level checks (make gates) are at the end.

MOD_OUT      := $(BUILD)/modules
MOD_VFLAGS   := --cc --exe --build -j 2 $(VL_MAKEFLAGS) -Wall -O3 --assert $(RTL_INC) --x-assign fast --x-initial fast \
                -CFLAGS "-I$(abspath sw/golden) -I$(abspath tb/modules)" \
                -LDFLAGS "$(abspath $(GOLDEN_LIB))"
# The generated C++ at Verilator's defaults (-Os; constructors and initial
# code unoptimised): at -O2 the models build 20-30 % longer and the module
# suites save less than that (docs/performance.md, "Verilator version"); -CFLAGS
# carries no -O, which would override OPT_FAST and OPT_SLOW (Verilator 5.048
# puts -CFLAGS after them). The mutants only run --quick: built unoptimised.
MOD_MUTANT_OPT := -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"
MOD_TB_HDRS  := tb/modules/tb_check.h

# Own mutant defines where MOSAIC_INJECT_BUG would also break a shared
# helper (the rounding decision) that the block under test uses.
MOD_TESTS := \
  cvt:mosaic_fmt_cvt:fp:MOSAIC_INJECT_BUG \
  widen:mosaic_fp_widen:fp:MOSAIC_INJECT_WIDEN_BUG \
  fma32:tb_fma32:fp:MOSAIC_INJECT_BUG \
  div32:mosaic_div32:fp:MOSAIC_INJECT_DIV_BUG \
  tu_check:mosaic_tu_check:tu:MOSAIC_INJECT_BUG \
  trf:mosaic_tu_trf:tu:MOSAIC_INJECT_BUG \
  trf:mosaic_tu_trf:tu:MOSAIC_INJECT_TRF_RW_BUG:stall \
  trf:mosaic_tu_trf:tu:MOSAIC_INJECT_TRF_RW_BUG:one \
  vec:tb_vec:tu:MOSAIC_INJECT_VEC_BUG \
  lsu:mosaic_tu_lsu:tu:MOSAIC_INJECT_BUG \
  red:tb_red:tu:MOSAIC_INJECT_RED_BUG+MOSAIC_INJECT_DIV_BUG \
  red:tb_red:tu:MOSAIC_INJECT_RED_BUG+MOSAIC_INJECT_DIV_BUG:serial \
  sdma:mosaic_tu_sdma:tu:MOSAIC_INJECT_BUG \
  mem_sys:tb_mem_sys:mem:MOSAIC_INJECT_BUG \
  tact:mosaic_tu_tact:tu:MOSAIC_INJECT_TACT_BUG \
  tl:mosaic_tu_tl:tu:MOSAIC_INJECT_TL_BUG \
  tl:mosaic_tu_tl:tu:MOSAIC_INJECT_TL_BUG:ram \
  array:mosaic_tu_array:tu:MOSAIC_INJECT_ARRAY_BUG:4 \
  array:mosaic_tu_array:tu:MOSAIC_INJECT_ARRAY_BUG:8 \
  array:mosaic_tu_array:tu:MOSAIC_INJECT_ARRAY_BUG:16 \
  array:mosaic_tu_array:tu:MOSAIC_INJECT_ARRAY_BUG:4f \
  array:mosaic_tu_array:tu:MOSAIC_INJECT_ARRAY_BUG:4r \
  assert:tb_assert:tu:-

# The SDMA test's AXI data width (64 or 128) is the RTL's AxiDataWidth and
# the harness's slave (-DSDMA_AXI_BITS); the harness's memory windows are
# the RTL's sizes too.
SDMA_AXI_BITS := 128
MOD_GFLAGS_sdma    := -GRamBytes=16384 -GMainBytes=65536 -GScpadBytes=32768 -GScpadBankBytes=16384 \
                      -GAxiDataWidth=$(SDMA_AXI_BITS) -CFLAGS -DSDMA_AXI_BITS=$(SDMA_AXI_BITS)
# test_rtl_mem_sys runs the 128-bit bus (for 64: -GAxiDataWidth=64 and
# -CFLAGS -DMEMSYS_BUS_BYTES=8).
MOD_GFLAGS_mem_sys := -GRamBytes=16384 -GMainBytes=65536 -GScpadBytes=32768 -GAxiDataWidth=128
# The reduction unit of the FPGA configuration (mosaic_tu_red_serial).
MOD_GFLAGS_redserial := -GRedLanes=1 -CFLAGS -DRED_SERIAL
# The TRF of the FPGA configuration (a read of a row written that cycle waits).
MOD_GFLAGS_trfstall := -GRwStall=1 -CFLAGS -DTRF_RW_STALL
# ... with one bank (Banks = 1), as the FPGA configuration has it.
MOD_GFLAGS_trfone := -GRwStall=1 -GBanks=1 -CFLAGS -DTRF_RW_STALL -CFLAGS -DTRF_BANKS=1
# TensorLoad of the FPGA configuration (staging buffer in RAM, one lane).
MOD_GFLAGS_tlram := -GStageRam=1 -CFLAGS -DTL_RAM
# The array in three sizes: 4x4 (a 16x16 tile is 16 block passes), 8x8 (4)
# and 16x16 (1 pass, chained tmma).
MOD_GFLAGS_array4  := -GPeRows=4 -GPeCols=4 -CFLAGS -DPE_ROWS=4
MOD_GFLAGS_array8  := -GPeRows=8 -GPeCols=8 -CFLAGS -DPE_ROWS=8
MOD_GFLAGS_array16 := -GPeRows=16 -GPeCols=16 -CFLAGS -DPE_ROWS=16
# The FPGA configuration's array: 4x4 with one FMA (PeFold = PeRowFold = 4).
MOD_GFLAGS_array4f := -GPeRows=4 -GPeCols=4 -GPeFold=4 -GPeRowFold=4 \
                      -CFLAGS "-DPE_ROWS=4 -DPE_FOLD=4 -DPE_ROWFOLD=4"
# Both folds on a grid of 2x2 PEs, so that the mutant's PE (1, 1) exists.
MOD_GFLAGS_array4r := -GPeRows=4 -GPeCols=4 -GPeFold=2 -GPeRowFold=2 \
                      -CFLAGS "-DPE_ROWS=4 -DPE_FOLD=2 -DPE_ROWFOLD=2"

mod_f = $(word $(2),$(subst :, ,$(1)))
# $(1) output, $(2) object dir, $(3) top, $(4) sources, $(5) harness, $(6) flags.
define mod_verilate
	@mkdir -p $(dir $(1)) $(2)
	@echo "  VERILATE $(1)"
	@start=$$(date +%s); \
	$(HEAVY_LOCK) $(VERILATOR) $(MOD_VFLAGS) $(6) --top-module $(3) --Mdir $(2) -o $(abspath $(1)) \
	  $(4) $(abspath $(5)) > $(2)/build.log 2>&1 || { cat $(2)/build.log; exit 1; }; \
	echo "  built $(1) in $$(( $$(date +%s) - start )) s"
endef

# $(1) name, $(2) top, $(3) ip, $(4) mutant defines (+-joined, or -), $(5) variant.
define MOD_TEST_RULE
MOD_SRCS_$(1)$(5) := $$(call rtl_files,$(3)) $(if $(filter tb_%,$(2)),tb/modules/$(2).sv)
MOD_DEPS_$(1)$(5) := tb/modules/test_rtl_$(1).cpp $(MOD_TB_HDRS) $$(MOD_SRCS_$(1)$(5)) $(RTL_LISTS) $(VERILATOR_DEP) $(GOLDEN_LIB)
RTL_MOD_BINS += $(BUILD)/tests/test_rtl_$(1)$(5)
$(BUILD)/tests/test_rtl_$(1)$(5): $$(MOD_DEPS_$(1)$(5))
	$$(call mod_verilate,$$@,$(MOD_OUT)/$(1)$(5),$(2),$$(MOD_SRCS_$(1)$(5)),$$<,$$(MOD_GFLAGS_$(1)$(5)))
ifneq ($(4),-)
RTL_MOD_BINS += $(MOD_OUT)/test_rtl_$(1)$(5)_mutant
$(MOD_OUT)/test_rtl_$(1)$(5)_mutant: $$(MOD_DEPS_$(1)$(5))
	$$(call mod_verilate,$$@,$(MOD_OUT)/$(1)$(5)_mutant,$(2),$$(MOD_SRCS_$(1)$(5)),$$<,$$(MOD_GFLAGS_$(1)$(5)) $(patsubst %,+define+%,$(subst +, ,$(4))) $(MOD_MUTANT_OPT))
endif
endef
RTL_MOD_BINS :=
$(foreach t,$(MOD_TESTS),$(eval $(call MOD_TEST_RULE,$(call mod_f,$(t),1),$(call mod_f,$(t),2),$(call mod_f,$(t),3),$(call mod_f,$(t),4),$(call mod_f,$(t),5))))

# The module models are small: most compile as one generated file, so a
# build keeps one core busy. They build MOD_PAR at a time, outside the
# heavy lock (two of them load two cores as one SoC build does), which
# halves their wall time on a 2-core machine.
MOD_PAR ?= 2
.PHONY: rtl-module-tests test-models test-block
rtl-module-tests: ## build the RTL module tests and their mutants (Verilator, Icarus)
	@$(MAKE) --no-print-directory -j $(MOD_PAR) HEAVY_LOCK= $(RTL_MOD_BINS) $(BUILD)/tests/test_rtl_fp_icarus

# make test's builds in one pool of MOD_PAR jobs: the SoC models
# (tb/verilator.mk's TEST_SOC_MODELS, largest first), the module models,
# then the rest (TEST_POOL: golden model, target programs, fuzz targets,
# ...). A SoC build's single-threaded Verilator step and the tail of its
# C++ compile leave a core that another job fills.
test-models:
	@$(MAKE) --no-print-directory -j $(MOD_PAR) HEAVY_LOCK= $(TEST_SOC_MODELS) $(RTL_MOD_BINS) \
	  $(BUILD)/tests/test_rtl_fp_icarus $(TEST_POOL)
test-build: test-models

MOD_NAMES := $(sort $(foreach t,$(MOD_TESTS),$(call mod_f,$(t),1)$(call mod_f,$(t),5)))
test-block: ## build and run one module test: make test-block BLOCK=sdma (BLOCK= lists them)
	@test -n "$(filter $(BLOCK),$(MOD_NAMES))" || { echo "usage: make test-block BLOCK=<$(MOD_NAMES)>"; exit 2; }
	@$(MAKE) --no-print-directory $(filter $(BUILD)/tests/test_rtl_$(BLOCK) $(MOD_OUT)/test_rtl_$(BLOCK)_mutant,$(RTL_MOD_BINS))
	$(BUILD)/tests/test_rtl_$(BLOCK)

# ---------------------------------------------------------------------------
# Icarus, the second simulator: golden vectors replayed through the
# converter and the FMA (tb/modules/tb_*_icarus.sv), and the same benches
# built with MOSAIC_INJECT_BUG, which must report mismatches.
MOD_IC := $(MOD_OUT)/icarus
RTL_MOD_ICARUS := $(MOD_IC)/cvt_rtl.vvp $(MOD_IC)/fma32_rtl.vvp $(MOD_IC)/cvt.hex $(MOD_IC)/fma32.hex \
                  $(MOD_IC)/cvt_mutant.vvp $(MOD_IC)/fma32_mutant.vvp

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
	@echo "  IVERILOG $@"
	@set -o pipefail; $(IVERILOG) -g2012 $(RTL_INC) $(3) -s $(1) -o $@ $(2) 2>&1 | { grep -v 'sorry:' || true; }
	@test -s $@
endef

MOD_IC_FP_SRCS := $(call rtl_files,fp)
$(MOD_IC)/cvt_rtl.vvp: $(MOD_IC_FP_SRCS) tb/modules/tb_cvt_icarus.sv
	$(call mod_iverilog,tb_cvt_icarus,$^,)
$(MOD_IC)/cvt_mutant.vvp: $(MOD_IC_FP_SRCS) tb/modules/tb_cvt_icarus.sv
	$(call mod_iverilog,tb_cvt_icarus,$^,-DMOSAIC_INJECT_BUG)
$(MOD_IC)/fma32_rtl.vvp: $(MOD_IC_FP_SRCS) tb/modules/tb_fma32_icarus.sv
	$(call mod_iverilog,tb_fma32_icarus,$^,)
$(MOD_IC)/fma32_mutant.vvp: $(MOD_IC_FP_SRCS) tb/modules/tb_fma32_icarus.sv
	$(call mod_iverilog,tb_fma32_icarus,$^,-DMOSAIC_INJECT_BUG)

$(BUILD)/tests/test_rtl_fp_icarus: tb/modules/test_rtl_fp_icarus.sh $(RTL_MOD_ICARUS)
	@mkdir -p $(dir $@)
	cp $< $@ && chmod +x $@

# ---------------------------------------------------------------------------
# make gates: the Yosys netlists of the converter and the FMA (flattened
# generic synthesis), simulated by Icarus, replay the first golden vectors
# (fewer than the RTL bench: a netlist simulates slowly).
#   spec = top:bench:vectors:count
GATE_TOPS := mosaic_fmt_cvt:tb_cvt_icarus:cvt.hex:3000 mosaic_fma32:tb_fma32_icarus:fma32.hex:800
GATE_OUT  := $(BUILD)/gates

gates: $(LINT_OUT)/gates.ok ## gate-level checks: Yosys netlists of the numerics blocks under Icarus vs golden vectors
$(LINT_OUT)/gates.ok: $(MOD_IC)/cvt.hex $(MOD_IC)/fma32.hex $(MOD_IC_FP_SRCS) $(RTL_LISTS) tb/modules.mk
	@mkdir -p $(GATE_OUT) $(dir $@)
	@set -e; for spec in $(GATE_TOPS); do \
	  IFS=: read top bench vec n <<< "$$spec"; \
	  echo "  SYNTH   $$top, flattened (log $(GATE_OUT)/$$top.yosys.log)"; \
	  rm -f $(GATE_OUT)/$$top.net.v; \
	  $(HEAVY_LOCK) $(YOSYS) -q -l $(GATE_OUT)/$$top.yosys.log \
	    -p "read_verilog -sv $(RTL_INC) $(MOD_IC_FP_SRCS); synth -flatten -top $$top; stat; write_verilog -noattr $(GATE_OUT)/$$top.net.v" >/dev/null; \
	  grep -m1 'Number of cells' $(GATE_OUT)/$$top.yosys.log; \
	  echo "  GATES   $$top netlist under Icarus, $$n vectors"; \
	  $(IVERILOG) -g2012 $(RTL_INC) -s $$bench -o $(GATE_OUT)/$$top.net.vvp $(GATE_OUT)/$$top.net.v tb/modules/$$bench.sv; \
	  out=$$(vvp -n $(GATE_OUT)/$$top.net.vvp +vectors=$(MOD_IC)/$$vec +n=$$n +name=$${top}_netlist); \
	  echo "$$out" | grep -v readmemh; echo "$$out" | grep -q '^PASS'; \
	done
	@touch $@
