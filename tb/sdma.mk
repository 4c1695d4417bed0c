# RTL module tests of the memory side of the tensor unit (included by the
# top Makefile through tb/*.mk):
#
#   build/tests/test_rtl_sdma       rtl/mosaic_sdma.sv (+ mosaic_sdma_check,
#                                   mosaic_sdma_iter, mosaic_sdma_buf,
#                                   mosaic_mem_fifo) vs the
#                                   golden scpad.ld / scpad.st, against a C++
#                                   AXI4 slave (random latency, 25% stalls)
#                                   of SDMA_AXI_BITS = 128 bits
#   build/tests/test_rtl_mem_sys    mosaic_axi_arb + mosaic_mem_sys (top
#                                   tb/modules/tb_mem_sys.sv) on the 128-bit
#                                   bus, with two random AXI masters (full
#                                   and narrow bursts) and a random core port
#                                   vs a C++ reference memory, plus the DRAM
#                                   model's latency, bandwidth, outstanding
#                                   and stall checks
#   build/modules/test_rtl_{sdma,mem_sys}_mutant  built with
#                                   +define+MOSAIC_INJECT_BUG; each real
#                                   harness runs its mutant and expects FAILs
#
# Verilator builds are serialised: SDMA_AFTER orders the first build after
# the last build of tb/red.mk (or tb/lsu.mk). Literal paths: this file may be
# read before the files it names. `make SDMA_AFTER= build/tests/test_rtl_sdma`
# builds alone.
#
# make rtl-sdma-lint (part of make lint): Verilator -Wall, Icarus and Yosys
# (synth, no latches, block-RAM count from `memory -nomap; stat`) on
# mosaic_sdma, mosaic_axi_arb and mosaic_mem_sys.

SDMA_SRCS    := rtl/mosaic_pkg.sv rtl/mosaic_mem_fifo.sv rtl/mosaic_sdma_check.sv rtl/mosaic_sdma_iter.sv \
                rtl/mosaic_sdma_buf.sv rtl/mosaic_sdma.sv
MEMSYS_SRCS  := rtl/mosaic_pkg.sv rtl/mosaic_ram.sv rtl/mosaic_mem_fifo.sv \
                rtl/mosaic_mem_decode.sv rtl/mosaic_mem_wide.sv rtl/mosaic_scpad.sv rtl/mosaic_mem_sys.sv \
                rtl/mosaic_axi_arb.sv
MEMSYS_TB    := $(MEMSYS_SRCS) tb/modules/tb_mem_sys.sv
SDMA_OUT     := $(BUILD)/modules
SDMA_AFTER   ?= $(if $(wildcard tb/red.mk),$(BUILD)/modules/test_rtl_red_mutant,$(if $(wildcard tb/lsu.mk),$(BUILD)/modules/test_rtl_lsu_mutant,))
SDMA_DEPS    := tb/modules/test_rtl_sdma.cpp tb/modules/tb_check.h $(SDMA_SRCS) $(GOLDEN_LIB)
MEMSYS_DEPS  := tb/modules/test_rtl_mem_sys.cpp tb/modules/tb_check.h $(MEMSYS_TB)
# The SDMA test's AXI data width (64 or 128): the RTL's AxiDataWidth and the
# harness's slave (-DSDMA_AXI_BITS). A change needs a clean SDMA build.
SDMA_AXI_BITS := 128
# The harness's memory windows (the RTL gets the same sizes).
SDMA_GFLAGS  := -GRamBytes=16384 -GMainBytes=65536 -GScpadBytes=32768 -GScpadBankBytes=16384 \
                -GAxiDataWidth=$(SDMA_AXI_BITS) -CFLAGS -DSDMA_AXI_BITS=$(SDMA_AXI_BITS)
# test_rtl_mem_sys runs the 128-bit bus (for 64: -GAxiDataWidth=64 and
# -CFLAGS -DMEMSYS_BUS_BYTES=8).
MEMSYS_GFLAGS := -GRamBytes=16384 -GMainBytes=65536 -GScpadBytes=32768 -GAxiDataWidth=128

.PHONY: rtl-sdma-tests rtl-sdma-lint
rtl-sdma-tests: $(BUILD)/tests/test_rtl_sdma $(SDMA_OUT)/test_rtl_sdma_mutant \
                $(BUILD)/tests/test_rtl_mem_sys $(SDMA_OUT)/test_rtl_mem_sys_mutant ## build the SDMA / memory-system module tests (Verilator)
rtl-module-tests: rtl-sdma-tests
test: rtl-sdma-tests
lint: rtl-sdma-lint

$(BUILD)/tests/test_rtl_sdma: $(SDMA_DEPS) | $(SDMA_AFTER)
	$(call mod_verilate,mosaic_sdma,$(SDMA_SRCS),$<,$@,$(SDMA_OUT)/sdma,$(SDMA_GFLAGS))

$(SDMA_OUT)/test_rtl_sdma_mutant: $(SDMA_DEPS) | $(BUILD)/tests/test_rtl_sdma
	$(call mod_verilate,mosaic_sdma,$(SDMA_SRCS),$<,$@,$(SDMA_OUT)/sdma_mutant,$(SDMA_GFLAGS) $(MOD_MUTANT_FLAGS))

$(BUILD)/tests/test_rtl_mem_sys: $(MEMSYS_DEPS) | $(SDMA_OUT)/test_rtl_sdma_mutant
	$(call mod_verilate,tb_mem_sys,$(MEMSYS_TB),$<,$@,$(SDMA_OUT)/mem_sys,$(MEMSYS_GFLAGS))

$(SDMA_OUT)/test_rtl_mem_sys_mutant: $(MEMSYS_DEPS) | $(BUILD)/tests/test_rtl_mem_sys
	$(call mod_verilate,tb_mem_sys,$(MEMSYS_TB),$<,$@,$(SDMA_OUT)/mem_sys_mutant,$(MEMSYS_GFLAGS) $(MOD_MUTANT_FLAGS))

# Every top: Verilator -Wall, Icarus, Yosys synth at the SoC's default sizes
# (main memory 16 MiB) with a no-latch check; the memory count is what
# `memory -nomap` leaves as $mem cells (block RAMs) in
# build/modules/<top>.yosys.log.
SDMA_LINT_TOPS := mosaic_sdma mosaic_axi_arb mosaic_mem_sys
SDMA_LINT_SRCS := rtl/mosaic_pkg.sv $(sort $(filter-out rtl/mosaic_pkg.sv,$(SDMA_SRCS) $(MEMSYS_SRCS)))
rtl-sdma-lint: $(BUILD)/lint/rtl-sdma-lint.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-sdma-lint.ok: $(SDMA_LINT_SRCS) tb/sdma.mk
	@mkdir -p $(SDMA_OUT) $(dir $@)
	@set -e; for top in $(SDMA_LINT_TOPS) mosaic_mem_decode mosaic_mem_wide mosaic_sdma_iter mosaic_sdma_check; do \
	  echo "== $$top: verilator --lint-only -Wall"; \
	  $(VERILATOR) --lint-only -Wall --top-module $$top $(SDMA_LINT_SRCS); \
	  echo "== $$top: iverilog -g2012"; \
	  rm -f $(SDMA_OUT)/$$top.vvp; \
	  iverilog -g2012 -s $$top -o $(SDMA_OUT)/$$top.vvp $(SDMA_LINT_SRCS) 2>&1 | { grep -v 'sorry:' || true; }; \
	  test -s $(SDMA_OUT)/$$top.vvp; \
	done; \
	for top in $(SDMA_LINT_TOPS); do \
	  echo "== $$top: yosys synth (log $(SDMA_OUT)/$$top.yosys.log)"; \
	  yosys -q -l $(SDMA_OUT)/$$top.yosys.log -p "read_verilog -sv $(SDMA_LINT_SRCS); \
	    hierarchy -check -top $$top; proc; opt -fast; memory -nomap; tee -o $(SDMA_OUT)/$$top.mem.txt stat; \
	    synth -top $$top -run begin:fine; \
	    select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null; \
	  echo "rtl-sdma-lint: yosys $$top: $$(awk '/=== design hierarchy ===/ {s = ""} {s = s $$0 "\n"} END {printf "%s", s}' $(SDMA_OUT)/$$top.yosys.log | grep -m1 'Number of cells' | tr -s ' '), memories after memory -nomap: $$(sed -n '/=== design hierarchy ===/,$$p' $(SDMA_OUT)/$$top.mem.txt | awk '/\$$mem/ {n += $$2} END {print n + 0}')"; \
	done
	@touch $@
