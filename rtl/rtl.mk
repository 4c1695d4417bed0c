# RTL lint and synthesis checks (included by the top Makefile).
#
#   make rtl-lint   Verilator -Wall, Yosys synthesis, Icarus compile
#   make lint       runs rtl-lint too
#
# Every file in rtl/ is checked. mosaic_soc is linted in each configuration
# that changes its structure (no tensor unit / external tensor unit /
# mosaic_tu at 16x16, 8x8 and 4x4, with and without the RVFI port); modules
# that the SoC does not instantiate are linted as their own tops, so nothing
# escapes -Wall.

VERILATOR ?= verilator
YOSYS     ?= yosys
IVERILOG  ?= iverilog

RTL_PKG     := rtl/mosaic_pkg.sv
RTL_SRCS    := $(RTL_PKG) $(filter-out $(RTL_PKG),$(sort $(wildcard rtl/mosaic_*.sv)))
RTL_MODULES := $(basename $(notdir $(filter-out $(RTL_PKG),$(RTL_SRCS))))
RTL_BUILD   := $(BUILD)/rtl

# Icarus prints these for constructs it simulates correctly; they are not
# warnings about the design (unique case is checked by Verilator instead).
IVERILOG_NOISE := -e 'sorry: constant selects in always_' -e 'sorry: Case unique/unique0'

.PHONY: rtl-lint rtl-verilator rtl-yosys rtl-icarus
lint: rtl-lint

rtl-lint: rtl-verilator rtl-icarus rtl-yosys ## Verilator -Wall, Icarus compile and Yosys synthesis of rtl/

rtl-verilator: $(BUILD)/lint/rtl-verilator.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-verilator.ok: $(RTL_SRCS) rtl/rtl.mk
	@set -e; \
	for cfg in "" "-DRVFI" "-GTensorUnit=1" "-DRVFI -GTensorUnit=1" "-GTensorUnit=2" \
	           "-DRVFI -GTensorUnit=2 -GPeRows=4 -GPeCols=4" "-GTensorUnit=2 -GPeRows=8 -GPeCols=8"; do \
	  $(VERILATOR) --lint-only -Wall $$cfg --top-module mosaic_soc $(RTL_SRCS); \
	done; \
	for m in $(RTL_MODULES); do \
	  $(VERILATOR) --lint-only -Wall --top-module $$m $(RTL_SRCS); \
	done; \
	echo "rtl-lint: verilator -Wall clean: mosaic_soc (7 configurations) and $(words $(RTL_MODULES)) modules"
	@mkdir -p $(dir $@) && touch $@

rtl-icarus: $(BUILD)/lint/rtl-icarus.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-icarus.ok: $(RTL_SRCS) rtl/rtl.mk
	@mkdir -p $(RTL_BUILD)
	@set -e -o pipefail; \
	$(IVERILOG) -g2012 -DRVFI -o $(RTL_BUILD)/all.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	$(IVERILOG) -g2012 -s mosaic_soc -o $(RTL_BUILD)/soc.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	$(IVERILOG) -g2012 -DRVFI -s mosaic_soc -Pmosaic_soc.TensorUnit=2 -o $(RTL_BUILD)/soc_tu.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	echo "rtl-lint: iverilog -g2012 compiles every module"
	@mkdir -p $(dir $@) && touch $@

rtl-yosys: $(BUILD)/lint/rtl-yosys.ok
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-yosys.ok: $(RTL_SRCS) rtl/synth.ys rtl/rtl.mk
	@mkdir -p $(RTL_BUILD)
	@{ echo "read_verilog -sv $(RTL_SRCS)"; cat rtl/synth.ys; \
	   echo "tee -q -o $(RTL_BUILD)/synth_stat.txt stat"; } > $(RTL_BUILD)/synth.ys
	@$(YOSYS) -q -l $(RTL_BUILD)/synth.log -s $(RTL_BUILD)/synth.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR|Assert" $(RTL_BUILD)/synth.log; echo "rtl-lint: yosys failed, see $(RTL_BUILD)/synth.log"; exit 1; }
	@sed -n '/=== design hierarchy ===/,$$p' $(RTL_BUILD)/synth_stat.txt | \
	  grep -E "Number of cells|mem_v2|DFF" | sed 's/^ */rtl-lint: yosys mosaic_soc: /'
	@mkdir -p $(dir $@) && touch $@
