# Tensor-unit benchmarks (sw/bench/bench_*.c): built like the on-target
# tests with sw/sw.mk's compiler, flags, runtime and linker script.
#
#   make bench-elfs                 build/sw/bench/bench_*.elf
#       (`make bench` is the golden model's own throughput benchmark)
#   make perf [PERF_BUILDS=...] [PERF_MODELS=...] [PERF_FMT_MAX=256|512]
#       the performance report
#       (tools/perf_report.py): the benchmark set on the 4x4, 8x8 and 16x16
#       RTL (builds them if needed), build/perf/report.html with the plots
#       embedded, the plots as PNG, the numbers as CSV (bench.csv,
#       models.csv, simspeed.csv). PERF_BUILDS lists NAME=SIM:PE (PE = MAC
#       units), e.g. PERF_BUILDS=16x16=build/bin/mosaic-sim:256 for one
#       build; PERF_MODELS the Atalla model sizes (small,large; empty: none);
#       PERF_FMT_MAX bench_fmt's largest size (256: bench_fmt256.elf; 512:
#       bench_fmt.elf, about 20 min more). About 10 min on the project's
#       2-core machine once the models are built (each model build takes
#       2-8 min; docs/performance.md).
#   make perf-replot   the plots and report.html again from build/perf's CSVs
#       and run.json, simulating nothing (after a change to a plot).
#   make perf-table [SIM=...] [PE=...]    run sw/bench on one build and tabulate (tools/perf.py):
#       on $(SIM) --no-cosim (the RTL) if it exists, else on mosaic-iss,
#       whose "cycles" are retired-instruction counts (labelled so);
#       table on stdout and in build/perf/perf.md, logs in build/perf/.
#       A program that fails still contributes the lines it printed;
#       perf-table then tabulates them and fails.
#   PE is the MAC-array size (docs/isa.md has no CSR that reports it):
#   256 for the default 16x16 array, 16 for a 4x4 build.
#   bench_gemm (a GEMM from main memory) runs on the RTL with
#   --dram-latency $(GEMM_DRAM_LAT) --dram-bw $(GEMM_DRAM_BW); perf.py puts
#   its roofline (max(compute, SDMA bytes / bandwidth)) beside it.
#   make perf-sweep [SIM=...] [PE=...]  bench_gemm at --dram-bw $(SWEEP_BW)
#       (latency GEMM_DRAM_LAT) on the RTL only, one table (bw, cycles,
#       utilization, roofline, bound type) on stdout and in
#       build/perf/sweep.md.
#   bench_gemm_check.elf: bench_gemm at 32x256x256 with every element of C
#   checked, bench_gemm512_check.elf: bench_gemm512 at 32x512x512 likewise
#   (for sw/bench/test_bench.py); bench_gemm_lockstep.elf and
#   bench_gemm512_lockstep.elf: both at M = 32 for the lockstep suite
#   (sw/tests/sim/test_sim_lockstep.py). Not benchmarks: perf skips them.

BENCH_SRCS := $(wildcard sw/bench/bench_*.c)
BENCH_OBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(BENCH_SRCS))
BENCH_ELFS := $(patsubst sw/bench/%.c,$(SW_OUT)/bench/%.elf,$(BENCH_SRCS))
PERF_DIR   := $(BUILD)/perf
SIM        ?= $(BUILD)/bin/mosaic-sim
PE         ?= 256
GEMM_DRAM_LAT ?= 100
GEMM_DRAM_BW  ?= 16
SWEEP_BW      ?= 4 8 16 32
# The SoC's SDMA copy ceiling for the roofline: one 128-bit AXI port, whose
# read and write channels each carry one 16-byte beat per cycle, main memory
# and the scratchpad each served once per cycle (docs/performance.md).
GEMM_COPY_BW  ?= 16
SWEEP_DIR     := $(PERF_DIR)/sweep
SWEEP_ELF     ?= $(SW_OUT)/bench/bench_gemm.elf
GEMM_CHECK_ELF := $(patsubst %,$(SW_OUT)/bench/%.elf,bench_gemm_check bench_gemm512_check bench_gemm_lockstep bench_gemm512_lockstep)
.SECONDARY: $(BENCH_OBJS) $(SW_OBJ)/bench/bench_fmt256.c.o $(patsubst $(SW_OUT)/%.elf,$(SW_OBJ)/%.c.o,$(GEMM_CHECK_ELF))

$(SW_OUT)/bench/%.elf: $(SW_OBJ)/bench/%.c.o $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) -lm -o $@

# bench_fmt (GEMM against size per format pair) runs the example's kernel;
# bench_fmt256.elf stops at S = 256 (make perf's default, PERF_FMT_MAX).
FMT256_ELF := $(SW_OUT)/bench/bench_fmt256.elf
$(SW_OUT)/bench/bench_fmt.elf $(FMT256_ELF): $(SW_OBJ)/examples/gemm/gemm.c.o
# A benchmark built again with other -D flags: $(1) the variant's name,
# $(2) its source's, $(3) the flags.
define BENCH_VARIANT
$(SW_OBJ)/bench/$(1).c.o: sw/bench/$(2).c
	@mkdir -p $$(dir $$@)
	$$(SWSAY) "  RVCC    $$@"
	$$(SWQ)$$(RV_CC) $$(RV_CFLAGS) $(3) -c $$< -o $$@
endef
$(eval $(call BENCH_VARIANT,bench_fmt256,bench_fmt,-DSIZES_MAX=256))
$(eval $(call BENCH_VARIANT,bench_gemm_check,bench_gemm,-DGEMM_M=32 -DGEMM_N=256 -DGEMM_K=256 -DGEMM_CHECK_ALL))
$(eval $(call BENCH_VARIANT,bench_gemm512_check,bench_gemm512,-DGEMM_M=32 -DGEMM_CHECK_ALL))
# The lockstep builds: the same kernels at M = 32, C's values checked by the
# lockstep harness instead of the soft-float reference (too slow there).
$(eval $(call BENCH_VARIANT,bench_gemm_lockstep,bench_gemm,-DGEMM_M=32 -DGEMM_LOCKSTEP))
$(eval $(call BENCH_VARIANT,bench_gemm512_lockstep,bench_gemm512,-DGEMM_M=32 -DGEMM_LOCKSTEP))

# make perf's builds (NAME=SIM:PE) and what it needs besides them.
PERF_BUILDS ?= 4x4=$(BUILD)/bin/mosaic-sim-4x4:16 8x8=$(BUILD)/bin/mosaic-sim-8x8:64 16x16=$(BUILD)/bin/mosaic-sim:256
PERF_MODELS ?= small,large
# bench_fmt's largest S (256 or 512; 512 adds about 20 min on the project's
# 2-core machine).
PERF_FMT_MAX ?= 256
PERF_SIMS   := $(foreach b,$(PERF_BUILDS),$(word 2,$(subst =, ,$(firstword $(subst :, ,$(b))))))
PERF_ELFS   := $(BENCH_ELFS) $(FMT256_ELF) $(SW_OUT)/atalla/atalla_sizes.elf $(SW_OUT)/atalla/atalla_sizes256.elf \
               $(SW_OUT)/model/run_model.elf

.PHONY: bench-elfs perf perf-replot perf-table perf-sweep
bench-elfs: $(BENCH_ELFS) $(GEMM_CHECK_ELF) $(FMT256_ELF) ## build the tensor-unit benchmarks (sw/bench)
# make test runs sw/bench/test_bench.py, which needs the ELFs.
TEST_POOL += bench-elfs

perf: setup $(PERF_SIMS) $(PERF_ELFS) ## performance report of the 4x4, 8x8, 16x16 RTL: build/perf/report.html, PNG plots, CSV (PERF_BUILDS=, PERF_MODELS=, PERF_FMT_MAX=; ~10 min once the models are built)
	@$(PYTHON) tools/perf_report.py --out $(PERF_DIR) --dram-latency $(GEMM_DRAM_LAT) \
	  --dram-bw $(GEMM_DRAM_BW) --sweep-bw "$(SWEEP_BW)" --models "$(PERF_MODELS)" \
	  --fmt-max $(PERF_FMT_MAX) $(PERF_BUILDS)

# perf-table runs bench_fmt up to 256 (bench_fmt256.elf), as make perf does
# by default.
TABLE_ELFS := $(filter-out %/bench_fmt.elf,$(BENCH_ELFS)) $(FMT256_ELF)
perf-replot: setup ## redraw make perf's plots and report.html from build/perf's CSVs and run.json (no simulation)
	@$(PYTHON) tools/perf_report.py --replot --out $(PERF_DIR)

perf-table: $(TABLE_ELFS) $(BUILD)/bin/mosaic-iss ## run sw/bench on one build (SIM=, else the ISS) and tabulate in build/perf/perf.md (PE=)
	@mkdir -p $(PERF_DIR); rm -f $(PERF_DIR)/*.log; \
	if [ -x "$(SIM)" ]; then run="$(SIM) --no-cosim"; src=rtl; \
	else run="$(BUILD)/bin/mosaic-iss"; src=iss; \
	  echo "perf: $(SIM) not built, running on the ISS (cycles = instructions)"; fi; \
	fail=0; for e in $(TABLE_ELFS); do n=$$(basename $$e .elf); opts=; \
	  if [ $${n%512} = bench_gemm ] && [ $$src = rtl ]; then opts="--dram-latency $(GEMM_DRAM_LAT) --dram-bw $(GEMM_DRAM_BW)"; fi; \
	  $$run $$opts $$e >$(PERF_DIR)/$$n.log 2>&1 || { echo "perf: $$n failed (exit $$?), see $(PERF_DIR)/$$n.log"; fail=1; }; \
	done; \
	$(PYTHON) tools/perf.py --source $$src --sim "$$run" --pe $(PE) \
	  --dram-bw $(GEMM_DRAM_BW) --dram-latency $(GEMM_DRAM_LAT) --copy-bw $(GEMM_COPY_BW) \
	  -o $(PERF_DIR)/perf.md $(PERF_DIR)/*.log \
	  && test $$fail = 0

# The sweep measures time, which only the RTL has: an ISS (or no SIM) is
# refused rather than tabulated.
perf-sweep: $(SWEEP_ELF) ## bench_gemm at DRAM 4/8/16/32 B/cycle on the RTL (SIM=, PE=): roofline table
	@if [ ! -x "$(SIM)" ] || ! "$(SIM)" --help 2>&1 | grep -q -- '--dram-bw'; then \
	  echo "perf-sweep: SIM=$(SIM) is not a built RTL simulator with --dram-bw (the ISS has no timing)"; exit 1; fi; \
	mkdir -p $(SWEEP_DIR); rm -f $(SWEEP_DIR)/*.log; fail=0; args=; \
	for bw in $(SWEEP_BW); do log=$(SWEEP_DIR)/bw$$bw.log; \
	  echo "perf-sweep: --dram-bw $$bw"; \
	  $(SIM) --no-cosim --dram-latency $(GEMM_DRAM_LAT) --dram-bw $$bw $< >$$log 2>&1 \
	    || { echo "perf-sweep: bw $$bw failed (exit $$?), see $$log"; fail=1; }; \
	  args="$$args $$bw=$$log"; \
	done; \
	$(PYTHON) tools/perf.py --sweep --pe $(PE) --copy-bw $(GEMM_COPY_BW) -o $(SWEEP_DIR)/sweep.md $$args \
	  && test $$fail = 0
