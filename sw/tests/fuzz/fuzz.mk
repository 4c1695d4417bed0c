# libFuzzer targets (docs/verification.md "Fuzzing"), built with clang,
# AddressSanitizer and UndefinedBehaviorSanitizer; sw/tests/fuzz/test_fuzz.py
# runs each for seconds in make test and for minutes in make regress. The
# golden model is compiled again with coverage instrumentation
# (fuzzer-no-link) into its own objects.

FUZZ_CC      ?= clang-14
FUZZ_FLAGS   := $(CSTD) $(CWARN) -O1 -g -Isw/golden -Itb/verilator -Isw/model -fno-omit-frame-pointer \
                -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_OBJ     := $(BUILD)/obj/golden-fuzz
FUZZ_GOLDEN  := $(patsubst sw/golden/%.c,$(FUZZ_OBJ)/%.o,$(GOLDEN_SRCS))
FUZZ_TARGETS := elf decode iss_cli sim_cli fmt_cli blob
FUZZ_BINS    := $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_TARGETS))

.PHONY: fuzz
fuzz: $(FUZZ_BINS) ## build the libFuzzer targets (build/fuzz/fuzz_*); test_fuzz.py runs them
TEST_POOL += fuzz

.SECONDARY: $(FUZZ_GOLDEN)
$(FUZZ_OBJ)/%.o: sw/golden/%.c $(wildcard sw/golden/*.h)
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $<"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -c $< -o $@

$(BUILD)/fuzz/fuzz_iss_cli: sw/golden/cli/mosaic-iss.c
$(BUILD)/fuzz/fuzz_fmt_cli: sw/golden/cli/mosaic-fmt.c
$(BUILD)/fuzz/fuzz_sim_cli: tb/verilator/sim_cli.c tb/verilator/sim.h
FUZZ_EXTRA_sim_cli := tb/verilator/sim_cli.c
$(BUILD)/fuzz/fuzz_blob: sw/model/blob.c sw/model/blob.h sw/model/blob_check.c
FUZZ_EXTRA_blob := sw/model/blob.c

$(BUILD)/fuzz/fuzz_%: sw/tests/fuzz/fuzz_%.c $(FUZZ_GOLDEN) sw/tests/fuzz/fuzz.mk sw/tests/fuzz/fuzz_argv.h
	@mkdir -p $(dir $@)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer $< $(FUZZ_EXTRA_$*) $(FUZZ_GOLDEN) -lm -o $@
