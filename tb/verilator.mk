# Lockstep testbench: the Verilator model of mosaic_soc (+define+RVFI) with
# the golden ISS linked in (tb/verilator/, docs/verification.md
# "## Lockstep testbench"). Included by the top Makefile.
#
#   make sim                 build/bin/mosaic-sim
#   make sim-fst             build/bin/mosaic-sim-fst: the same with --fst
#                            waveforms (a separate binary: --trace-fst costs
#                            ~+30 % wall, ~+55 % CPU build time; docs/performance.md)
#   make sim-mutant          the same bench built against RTL with one
#                            injected bug (sw/tests/sim/test_sim_mutant.py
#                            checks that lockstep catches it)
#   make sim-demo            run a scalar demo program on mosaic-sim --stats
#   make sim-8x8             build/bin/mosaic-sim-8x8 (make perf's middle size)
#   make sim-bench           simulation speed of the models, lockstep and RTL only
#   make sim-run ELF=p.elf [SIM_FLAGS=...]
#
# The C parts of the harness (options, comparison, reports) are compiled
# with the project's C flags into an archive; Verilator compiles the model
# and the thin C++ driver. Each build compiles -j 2; rtl/rtl.mk's HEAVY_LOCK
# serialises SoC builds under make -j, except in make test, whose models
# build two at a time (tb/modules.mk test-models).

SIM_RTL_SRCS := $(RTL_SRCS)
SIM_DIR      := $(BUILD)/tb/verilator
SIM_BIN      := $(BUILD)/bin/mosaic-sim
SIM_BIN_FST  := $(BUILD)/bin/mosaic-sim-fst
SIM_MUTANT   := $(SIM_DIR)/mosaic-sim-mutant
SIM_C_SRCS   := $(wildcard tb/verilator/*.c)
SIM_C_OBJS   := $(patsubst tb/verilator/%.c,$(SIM_DIR)/obj/%.o,$(SIM_C_SRCS))
SIM_C_LIB    := $(SIM_DIR)/libmosaic_sim.a
SIM_HDRS     := $(wildcard tb/verilator/*.h) $(wildcard sw/golden/*.h)
SIM_CPP      := $(abspath tb/verilator/sim_main.cpp)
SIM_VLT      := tb/verilator/mosaic_sim.vlt

# -O3 Verilator optimisation; the generated C++ at -O2 (Verilator's default
# is -Os), its constructors and initial code (the __Slow files, half the
# 16x16 model's source, run once) unoptimised: a tenth less compile time
# than -O1 there, the same simulation speed. -CFLAGS carries no -O:
# Verilator 5.048 puts -CFLAGS after OPT_FAST/OPT_SLOW, so one there would
# override both. Variables without a reset start random (--x-initial unique with
# the run's --seed), as do X assignments.
#
# The UART runs at SIM_UART_DIV cycles per bit (RX only: simulated TX is
# instantaneous), so --uart-pty loads a program in about a second of
# simulation rather than minutes at a real baud rate's divider.
SIM_UART_DIV := 4
SIM_VFLAGS = --cc --exe --build -j 2 $(VL_MAKEFLAGS) -O3 -Wall --assert $(RTL_INC) --x-assign unique --x-initial unique \
             +define+RVFI --top-module mosaic_soc -GUartClkDiv=$(SIM_UART_DIV) \
             -MAKEFLAGS "OPT_FAST=-O2 OPT_SLOW=-O0 OPT_GLOBAL=-O2" \
             -CFLAGS "-I$(abspath sw/golden) -I$(abspath tb/verilator) -DMOSAIC_SIM_UART_DIV=$(SIM_UART_DIV) $(1)" \
             -LDFLAGS "$(abspath $(SIM_C_LIB)) $(abspath $(GOLDEN_LIB)) -lm"

.PHONY: sim sim-fst sim-mutant sim-demo sim-bench sim-run
sim: $(SIM_BIN) ## build the lockstep testbench build/bin/mosaic-sim (Verilator + ISS)
sim-fst: $(SIM_BIN_FST) ## build/bin/mosaic-sim-fst: mosaic-sim with --fst waveforms

$(SIM_DIR)/obj/%.o: tb/verilator/%.c $(SIM_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itb/verilator -c $< -o $@

$(SIM_C_LIB): $(SIM_C_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# $(1) output, $(2) object dir, $(3) RTL sources, $(4) extra Verilator flags,
# $(5) extra C++ flags. The output is removed first: Verilator's makefile
# does not know the -LDFLAGS archives, so it would not relink for them.
define sim_verilate
	@mkdir -p $(dir $(1)) $(2)
	@echo "  VERILATE $(1) (log: $(2)/build.log)"
	@start=$$(date +%s); rm -f $(1); \
	$(HEAVY_LOCK) $(VERILATOR) $(call SIM_VFLAGS,$(5)) $(4) --Mdir $(2) -o $(abspath $(1)) \
	  $(3) $(SIM_VLT) $(SIM_CPP) > $(2)/build.log 2>&1 || { cat $(2)/build.log; exit 1; }; \
	echo "  built $(1) in $$(( $$(date +%s) - start )) s"
endef

SIM_DEPS := $(SIM_VLT) $(SIM_CPP) $(SIM_C_LIB) $(GOLDEN_LIB) $(SIM_HDRS) $(RTL_LISTS) $(VERILATOR_DEP) tb/verilator.mk

# mosaic-sim carries the tensor unit (TensorUnit = 2) with a 16x16 array;
# mosaic-sim-4x4 the same with a 4x4 array (the FPGA size).
SIM_TU       := -GTensorUnit=2
SIM_BIN_4X4  := $(BUILD)/bin/mosaic-sim-4x4
SIM_SCALAR   := $(SIM_DIR)/mosaic-sim-scalar

$(SIM_BIN): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model,$(SIM_RTL_SRCS),$(SIM_TU),)

$(SIM_BIN_4X4): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-4x4,$(SIM_RTL_SRCS),$(SIM_TU) -GPeRows=4 -GPeCols=4,)

# mosaic-sim-scalar: the SoC without the tensor unit (TensorUnit = 0; custom
# opcodes trap). With the tensor unit's clock gated while it is idle, the
# models that carry it still simulate scalar code 1.7-3x slower than this
# one (two runs, docs/performance.md), so the scalar suites (CLI contract, ISA
# programs, the scalar random campaign, the scalar mutant) run on this build.
$(SIM_SCALAR): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-scalar,$(SIM_RTL_SRCS),,)

# mosaic-sim-fpga: the FPGA configuration (mosaic_soc_fpga's parameters,
# docs/fpga.md): the core's FPGA timing (LoadFwd = 0: a load-use pair takes
# one more cycle; EarlyRedirect = 0) and a 4x4 tensor unit with one lane in
# each of the element-wise, tbdiv, tact and reduction units, TensorLoad's
# staging in RAM, no scratchpad mover, one FMA for the array, converters and
# an FMA shared by the row units and the element-wise lane
# (mosaic_tu_redseq; the narrowing one also the mma drain's), and
# one pair of row unpackers and one row packer in mosaic_tu (also the mma
# engine's), and a TRF that holds a read of a row written in the same
# cycle (TrfRwStall). The lockstep suite runs
# scalar and tensor programs on it, so neither the FPGA core nor an area
# parameter can change a result unnoticed.
SIM_FPGA := $(SIM_DIR)/mosaic-sim-fpga
SIM_FPGA_PARAMS := $(SIM_TU) -GPeRows=4 -GPeCols=4 -GLoadFwd=0 -GEarlyRedirect=0 \
                   -GVecLanes=1 -GDivLanes=1 -GActLanes=1 -GRedLanes=1 -GTlRam=1 -GScpadXfer=0 -GTrfRwStall=1 -GTrfBanks=1 -GPeFold=4 -GPeRowFold=4
$(SIM_FPGA): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-fpga,$(SIM_RTL_SRCS),$(SIM_FPGA_PARAMS),)

# The SoC mutant: the FPGA configuration (its model builds in half the
# time of the 4x4 one) with one PE rounding to nearest even whatever mcsr
# says (mosaic_tu_array MOSAIC_INJECT_ARRAY_BUG), plus the SoC-level bugs
# of rtl/prim/mosaic_mutant.svh (a corrupted core store, a corrupted SDMA
# byte, a reduction-engine instruction never dispatched), one at a time by
# the MOSAIC_MUTANT environment variable. The mutant suite requires
# lockstep to catch each with the right report. The mutants' runs are
# short (the scalar one runs ISA programs, the FPGA one stops at its bug),
# so their C++ is compiled at -O1 (SIM_MUT_OPT: about half the compile time
# of -O2).
SIM_MUT_OPT := -MAKEFLAGS OPT_FAST=-O1
SIM_TMUTANT := $(SIM_DIR)/mosaic-sim-fpga-mutant
$(SIM_TMUTANT): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/tmutant,$(SIM_RTL_SRCS),$(SIM_FPGA_PARAMS) +define+MOSAIC_INJECT_ARRAY_BUG +define+MOSAIC_INJECT_SOC_BUGS $(SIM_MUT_OPT),-DMOSAIC_SIM_MUTANT_ENV)

.PHONY: sim-4x4
sim-4x4: $(SIM_BIN_4X4) ## build/bin/mosaic-sim-4x4: mosaic-sim with a 4x4 MAC array
# The SoC models test-build needs, largest first (tb/modules.mk test-models
# builds them; this list is the only place that names them, but for the
# scalar SoC's FPGA netlist model, which fpga/fpga.mk adds).
# Their C archive is built before the pool: inside it make would start the
# archive step only when a module build left a slot, after all of them.
# The 4x4 model is not among them (make regress builds it): the FPGA
# configuration's array is 4x4 too, and make test's tensor programs run on
# it and on 16x16.
TEST_SOC_MODELS = $(SIM_BIN) $(SIM_FPGA) $(SIM_TMUTANT) $(SIM_SCALAR) $(SIM_MUTANT)
test-models: $(SIM_C_LIB)
test-build: $(TEST_SOC_MODELS)

# mosaic-sim-8x8: the middle array size of make perf's report (not built by
# make test; make regress runs lockstep programs on it).
SIM_BIN_8X8  := $(BUILD)/bin/mosaic-sim-8x8
$(SIM_BIN_8X8): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-8x8,$(SIM_RTL_SRCS),$(SIM_TU) -GPeRows=8 -GPeCols=8,)
.PHONY: sim-8x8
sim-8x8: $(SIM_BIN_8X8) ## build/bin/mosaic-sim-8x8: mosaic-sim with an 8x8 MAC array (make perf)

# mosaic-sim-cov: the 4x4 build with Verilator line coverage; each run adds
# its counts to the directory MOSAIC_COVERAGE_DIR names (make coverage,
# tools/coverage.py).
SIM_COV := $(SIM_DIR)/mosaic-sim-cov
$(SIM_COV): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-cov,$(SIM_RTL_SRCS),$(SIM_TU) -GPeRows=4 -GPeCols=4 --coverage-line,)

# mosaic-sim-cov-toggle: the same SoC with toggle coverage of the control
# logic (coverage_toggle.vlt leaves the arithmetic datapaths out; signals up
# to 64 bits). tools/coverage.py counts a bit toggled when it changed both
# ways after reset (the harness writes a snapshot when reset is released).
SIM_COV_TOGGLE := $(SIM_DIR)/mosaic-sim-cov-toggle
$(SIM_COV_TOGGLE): $(SIM_RTL_SRCS) $(SIM_DEPS) tb/verilator/coverage_toggle.vlt
	$(call sim_verilate,$@,$(SIM_DIR)/model-cov-toggle,$(SIM_RTL_SRCS),$(SIM_TU) -GPeRows=4 -GPeCols=4 --coverage-toggle --coverage-max-width 64 $(abspath tb/verilator/coverage_toggle.vlt),)

# COV_TIER=regress runs make regress's campaigns instead of make test's.
COV_TIER ?= test
.PHONY: coverage coverage-toggle
coverage: $(SIM_COV) test-build ## line coverage of rtl/ under the lockstep suites on a 4x4 coverage build (COV_TIER=test|regress): build/coverage/report.md
	@$(PYTHON) tools/coverage.py --tier $(COV_TIER)
coverage-toggle: $(SIM_COV_TOGGLE) test-build ## toggle coverage of rtl/'s control logic under the same suites (a 17-min build, runs ~7x slower): build/coverage/toggle.md
	@$(PYTHON) tools/coverage.py --toggle --tier $(COV_TIER)

$(SIM_BIN_FST): $(SIM_RTL_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/model-fst,$(SIM_RTL_SRCS),$(SIM_TU) --trace-fst,-DMOSAIC_SIM_FST)

# The mutant: if the core has a MOSAIC_INJECT_BUG hook, build with it;
# until then, a copy of the ALU whose XOR computes OR (the build fails if
# the line to mutate is gone, rather than silently testing nothing).
SIM_HOOK      := $(shell grep -l MOSAIC_INJECT_BUG rtl/core/*.sv 2>/dev/null)
SIM_MUT_ALU   := $(SIM_DIR)/mutant-src/mosaic_core_alu.sv
ifneq ($(SIM_HOOK),)
SIM_MUT_SRCS  := $(SIM_RTL_SRCS)
SIM_MUT_FLAGS := +define+MOSAIC_INJECT_BUG
else
SIM_MUT_SRCS  := $(patsubst rtl/core/mosaic_core_alu.sv,$(SIM_MUT_ALU),$(SIM_RTL_SRCS))
SIM_MUT_FLAGS :=
endif

$(SIM_MUT_ALU): rtl/core/mosaic_core_alu.sv
	@mkdir -p $(dir $@)
	sed 's/\(AluXor: *result_o = a_i\) ^ b_i;/\1 | b_i;  \/\/ MUTANT (tb\/verilator.mk)/' $< > $@
	@! cmp -s $< $@ || { echo "sim-mutant: XOR line not found in $<; update tb/verilator.mk"; rm -f $@; exit 1; }

$(SIM_MUTANT): $(SIM_MUT_SRCS) $(SIM_DEPS)
	$(call sim_verilate,$@,$(SIM_DIR)/mutant,$(SIM_MUT_SRCS),$(SIM_MUT_FLAGS) $(SIM_MUT_OPT),)

sim-mutant: $(SIM_MUTANT) ## the testbench against RTL with one injected bug (for the test suite)

# Programs of the sim suites (sw/tests/sim): exit-contract and limit tests,
# the speed benchmark (bare, like the ISA tests) and the scalar C demo.
SIM_PROG_DIR := $(BUILD)/sim
SIM_PROGS    := $(patsubst sw/tests/sim/%.S,$(SIM_PROG_DIR)/%.elf,$(wildcard sw/tests/sim/*.S)) \
                $(SIM_PROG_DIR)/spin_wfi.elf $(SIM_PROG_DIR)/sim_demo.elf

.PHONY: sim-progs
sim-progs: $(SIM_PROGS)
TEST_POOL += sim-progs

$(SIM_PROG_DIR)/%.elf: sw/tests/sim/%.S sw/golden/mosaic_memmap.h $(ISA_LDS)
	@mkdir -p $(dir $@)
	$(ISA_RV_CC) $(ISA_FLAGS) -T $(ISA_LDS) $< -o $@

$(SIM_PROG_DIR)/spin_wfi.elf: sw/tests/sim/spin.S sw/golden/mosaic_memmap.h $(ISA_LDS)
	@mkdir -p $(dir $@)
	$(ISA_RV_CC) $(ISA_FLAGS) -DWFI_HANG -T $(ISA_LDS) $< -o $@

$(SIM_PROG_DIR)/sim_demo.elf: $(SW_OBJ)/tests/sim/sim_demo.c.o $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) -lm -o $@

sim-demo: $(SIM_BIN) $(SIM_PROG_DIR)/sim_demo.elf ## run the scalar demo on the RTL in lockstep, with --stats
	$(SIM_BIN) --stats $(SIM_PROG_DIR)/sim_demo.elf

# Scalar (bench_sim), array busy (bench_tmma) and mixed (gemm_rtl: scalar
# set-up and checks around tensor work) on the tensor builds, bench_sim on
# the scalar one, lockstep and RTL only; SIM_BENCH_CYCLES bounds each run.
SIM_BENCH_CYCLES ?= 3000000
sim-bench: $(SIM_BIN) $(SIM_BIN_8X8) $(SIM_BIN_4X4) $(SIM_SCALAR) $(SIM_PROG_DIR)/bench_sim.elf $(SW_OUT)/bench/bench_tmma.elf $(SW_OUT)/gemm_rtl.elf ## simulation speed of the Verilator models, cycles per CPU-second (a benchmark, not a test)
	@$(PYTHON) tools/sim_bench.py --max-cycles $(SIM_BENCH_CYCLES) \
	  16x16=$(SIM_BIN) 8x8=$(SIM_BIN_8X8) 4x4=$(SIM_BIN_4X4) -- \
	  $(SIM_PROG_DIR)/bench_sim.elf $(SW_OUT)/bench/bench_tmma.elf $(SW_OUT)/gemm_rtl.elf
	@$(PYTHON) tools/sim_bench.py --no-header --max-cycles $(SIM_BENCH_CYCLES) \
	  "scalar (no tensor unit)=$(SIM_SCALAR)" -- $(SIM_PROG_DIR)/bench_sim.elf

sim-run: $(SIM_BIN) ## run one program: make sim-run ELF=prog.elf [SIM_FLAGS=...]
	@test -n "$(ELF)" || { echo "usage: make sim-run ELF=prog.elf [SIM_FLAGS=...]"; exit 2; }
	$(SIM_BIN) $(SIM_FLAGS) $(ELF)
