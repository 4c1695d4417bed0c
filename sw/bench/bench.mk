# Tensor-unit benchmarks (sw/bench/bench_*.c): built like the on-target
# tests with sw/sw.mk's compiler, flags, runtime and linker script.
#
#   make bench-elfs                 build/sw/bench/bench_*.elf
#       (`make bench` is the golden model's own throughput benchmark)
#   make perf [SIM=...] [PE=...]    run them and tabulate (tools/perf.py):
#       on $(SIM) --no-cosim (the RTL) if it exists, else on mosaic-iss,
#       whose "cycles" are retired-instruction counts (labelled so);
#       table on stdout and in build/perf/perf.md, logs in build/perf/.
#       A program that fails still contributes the lines it printed; perf
#       then tabulates them and fails.
#   PE is the MAC-array size (docs/isa.md has no CSR that reports it):
#   256 for the default 16x16 array, 16 for a 4x4 build.

BENCH_SRCS := $(wildcard sw/bench/bench_*.c)
BENCH_OBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(BENCH_SRCS))
BENCH_ELFS := $(patsubst sw/bench/%.c,$(SW_OUT)/bench/%.elf,$(BENCH_SRCS))
PERF_DIR   := $(BUILD)/perf
SIM        ?= $(BUILD)/bin/mosaic-sim
PE         ?= 256
.SECONDARY: $(BENCH_OBJS)

$(SW_OUT)/bench/%.elf: $(SW_OBJ)/bench/%.c.o $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) -lm -o $@

.PHONY: bench-elfs perf
bench-elfs: $(BENCH_ELFS) ## build the tensor-unit benchmarks (sw/bench)
# make test runs sw/bench/test_bench.py, which needs the ELFs.
test: bench-elfs

perf: $(BENCH_ELFS) $(BUILD)/bin/mosaic-iss ## run sw/bench on the RTL (SIM=, else the ISS) and tabulate (PE=)
	@mkdir -p $(PERF_DIR); rm -f $(PERF_DIR)/*.log; \
	if [ -x "$(SIM)" ]; then run="$(SIM) --no-cosim"; src=rtl; \
	else run="$(BUILD)/bin/mosaic-iss"; src=iss; \
	  echo "perf: $(SIM) not built, running on the ISS (cycles = instructions)"; fi; \
	fail=0; for e in $(BENCH_ELFS); do n=$$(basename $$e .elf); \
	  $$run $$e >$(PERF_DIR)/$$n.log 2>&1 || { echo "perf: $$n failed (exit $$?), see $(PERF_DIR)/$$n.log"; fail=1; }; \
	done; \
	$(PYTHON) tools/perf.py --source $$src --sim "$$run" --pe $(PE) -o $(PERF_DIR)/perf.md $(PERF_DIR)/*.log \
	  && test $$fail = 0
