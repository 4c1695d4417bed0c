# Yosys synthesis of the tensor-unit blocks that mosaic_soc does not yet
# instantiate, so `make lint` proves every file in rtl/ synthesizes (the
# converter/FMA and the array have their own rules: rtl-fp-lint,
# rtl-array-lint). Hierarchical synthesis: a flattened lane spends many
# minutes in Yosys's sharing passes. No latches allowed.
BLOCK_TOPS  ?= mosaic_tu_check mosaic_trf mosaic_lsu mosaic_vec_lane
BLOCK_OUT   := $(BUILD)/synth
BLOCK_SRCS   = rtl/mosaic_pkg.sv $(wildcard rtl/mosaic_fp_*.sv rtl/mosaic_fmt_cvt*.sv \
               rtl/mosaic_fma32*.sv rtl/mosaic_tu_*.sv rtl/mosaic_trf*.sv rtl/mosaic_lsu*.sv \
               rtl/mosaic_vec*.sv)

.PHONY: rtl-blocks-synth
rtl-blocks-synth: $(BUILD)/lint/rtl-blocks-synth.ok ## Yosys synthesis of the tensor-unit blocks (part of lint)
# Re-run only when its inputs change (a stamp per check).
$(BUILD)/lint/rtl-blocks-synth.ok: $(BLOCK_SRCS) rtl/blocks.mk
	@mkdir -p $(BLOCK_OUT)
	@set -e; for top in $(BLOCK_TOPS); do \
	  yosys -q -l $(BLOCK_OUT)/$$top.log -p "read_verilog -sv $(BLOCK_SRCS); \
	    hierarchy -check -top $$top; synth -top $$top -run begin:fine; \
	    select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null; \
	  echo "rtl-blocks-synth: yosys $$top: $$(sed -n '/=== design hierarchy ===/,$$p' $(BLOCK_OUT)/$$top.log | grep -m1 'Number of cells' | tr -s ' '), RAMs: $$(awk '/mem_v2/ {n = $$2} END {print n + 0}' $(BLOCK_OUT)/$$top.log)"; \
	done
	@mkdir -p $(dir $@) && touch $@
lint: rtl-blocks-synth rtl-array-lint

# The whole tensor unit (mosaic_tu with a 4x4 array, the FPGA size), same
# hierarchical flow: every module synthesised once per parameter set.
TU_SYNTH_SRCS = rtl/mosaic_pkg.sv $(filter-out rtl/mosaic_pkg.sv rtl/mosaic_soc.sv rtl/mosaic_core%,$(wildcard rtl/mosaic_*.sv))
.PHONY: rtl-tu-synth
rtl-tu-synth: $(BUILD)/lint/rtl-tu-synth.ok ## Yosys synthesis of mosaic_tu (4x4 array; part of lint)
$(BUILD)/lint/rtl-tu-synth.ok: $(TU_SYNTH_SRCS) rtl/blocks.mk
	@mkdir -p $(BLOCK_OUT)
	@yosys -q -l $(BLOCK_OUT)/mosaic_tu.log -p "read_verilog -defer -sv $(TU_SYNTH_SRCS); \
	    chparam -set PeRows 4 -set PeCols 4 mosaic_tu; \
	    hierarchy -check -top mosaic_tu; synth -top mosaic_tu -run begin:fine; \
	    select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr t:\$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null
	@echo "rtl-tu-synth: yosys mosaic_tu (4x4): $$(sed -n '/=== design hierarchy ===/,$$p' $(BLOCK_OUT)/mosaic_tu.log | grep -m1 'Number of cells' | tr -s ' '), RAMs: $$(awk '/mem_v2/ {n = $$2} END {print n + 0}' $(BLOCK_OUT)/mosaic_tu.log)"
	@mkdir -p $(dir $@) && touch $@
lint: rtl-tu-synth
