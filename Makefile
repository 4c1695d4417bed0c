# Mosaic: the one entry point. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

BUILD   ?= build
CC      ?= cc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
CWARN   := -Wall -Wextra -Werror
COPT    ?= -O2 -g
CFLAGS  := $(CSTD) $(CWARN) $(COPT) -Isw/golden
PYTHON  ?= python3

GOLDEN_SRCS  := $(wildcard sw/golden/*.c)
GOLDEN_OBJS  := $(patsubst sw/golden/%.c,$(BUILD)/obj/golden/%.o,$(GOLDEN_SRCS))
GOLDEN_LIB   := $(BUILD)/lib/libmosaic_golden.a
CLI_SRCS     := $(wildcard sw/golden/cli/*.c)
CLI_BINS     := $(patsubst sw/golden/cli/%.c,$(BUILD)/bin/%,$(CLI_SRCS))
GTEST_SRCS   := $(wildcard sw/golden/tests/test_*.c)
GTEST_BINS   := $(patsubst sw/golden/tests/%.c,$(BUILD)/tests/%,$(GTEST_SRCS))

.PHONY: help setup golden test test-quick regress lint run run-gemm bench clean

# Sub-makefiles add their own rules; rtl/rtl.mk first: the others take
# their RTL sources from its file lists.
# What make test needs besides the Verilator models (golden model, target
# programs, fuzz targets, ...): each .mk file adds its targets, and
# tb/modules.mk's test-models builds them in the same two-wide pool as the
# models instead of one at a time before them.
TEST_POOL := golden
include rtl/rtl.mk
include $(wildcard sw/*.mk sw/*/*.mk sw/*/*/*.mk tb/*.mk fpga/*.mk)

help: ## list the targets
	@grep -hE '^[a-zA-Z0-9_-]+:.*## ' $(MAKEFILE_LIST) | \
	  awk -F':.*## ' '{printf "  %-12s %s\n", $$1, $$2}'

setup: ## install the toolchain and Python oracles (idempotent)
	@tools/setup.sh

golden: $(GOLDEN_LIB) $(CLI_BINS) $(GTEST_BINS) ## build the golden model library, tools and host tests

$(BUILD)/obj/golden/%.o: sw/golden/%.c $(wildcard sw/golden/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(GOLDEN_LIB): $(GOLDEN_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/bin/%: sw/golden/cli/%.c $(GOLDEN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $< $(GOLDEN_LIB) -lm -o $@

$(BUILD)/tests/%: sw/golden/tests/%.c $(wildcard sw/golden/tests/*.h) $(GOLDEN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Isw/golden/tests $< $(GOLDEN_LIB) -lm -o $@

# Every .mk file adds what its suites need to test-build (TEST_POOL,
# TEST_SOC_MODELS, RTL_MOD_BINS; all built by test-models).
.PHONY: test-build

test: setup test-build ## build and run every test suite (what CI runs); ends with "N passed, N failed"
	@$(PYTHON) tools/run_tests.py --build $(BUILD)

# The same suites with their long campaigns (MOSAIC_TIER=regress): run it
# before resolving an issue that changes RTL (docs/verification.md).
# What only make regress needs besides test-build: the 4x4 and 8x8 models,
# whose lockstep programs and benchmark figures run in the regress tier
# (sw/tests/sim/test_sim_lockstep.py, sw/bench/test_bench_rtl.py).
.PHONY: regress-build
regress-build: test-build $(SIM_BIN_4X4) $(SIM_BIN_8X8)

regress: setup regress-build ## every suite with its long campaigns, make formal's included (47 min on the faster AMD EPYC guest with the test models built, 81 min of suites on the Zen 3 one); ends with "N passed, N failed"
	@$(PYTHON) tools/run_tests.py --build $(BUILD) --tier regress

test-quick: golden ## the C suites only, no setup and no oracles
	@$(PYTHON) tools/run_tests.py --build $(BUILD) --quick

lint: golden ## Verilator -Wall on every RTL module and SoC configuration, Icarus compile, C with -Werror (minutes)
	@echo "lint: C sources build with $(CWARN)"

# make run: an ONNX model (TinyTransformerBlock: attention, feed-forward,
# residual) compiled into an ATALLA00 blob, run by the on-target executor on
# the 16x16 RTL in lockstep with the ISS, checked against onnx's reference
# evaluator; a table of cycles, MACs and SDMA bytes per op. RUN_SIZE=large
# is the 128-wide model (several minutes more).
RUN_SIZE ?= small
run: setup golden sw model sim ## TinyTransformerBlock from ONNX on the 16x16 RTL in lockstep: per-op cycles, utilization, bytes
	@$(PYTHON) tools/run_model.py --model TinyTransformerBlock --size $(RUN_SIZE) --sim $(BUILD)/bin/mosaic-sim

run-gemm: setup golden sw sim ## the GEMM example (gemm_rtl.elf) on the 16x16 RTL in lockstep: cycles, CPI, MAC utilization
	@tools/run_demo.sh $(BUILD)

bench: golden ## golden-model throughput benchmark (not a test)
	@$(BUILD)/bin/mosaic-bench

clean: ## remove build outputs
	rm -rf $(BUILD)
