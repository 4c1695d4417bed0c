# The ISS built with AddressSanitizer and UndefinedBehaviorSanitizer, for the
# malformed-input tests (sw/tests/iss/test_iss_cli.py): a bad ELF must give a
# one-line error, never a crash. Separate objects so the normal library
# stays unsanitized (and fast).

ISS_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
                 -fno-omit-frame-pointer -O1
ISS_SAN_OBJS  := $(patsubst sw/golden/%.c,$(BUILD)/obj/golden-asan/%.o,$(GOLDEN_SRCS))

.PHONY: iss-asan
iss-asan: $(BUILD)/bin/mosaic-iss-asan ## the ISS under ASan/UBSan (build/bin/mosaic-iss-asan)
TEST_POOL += iss-asan

$(BUILD)/obj/golden-asan/%.o: sw/golden/%.c $(wildcard sw/golden/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ISS_SAN_FLAGS) -c $< -o $@

$(BUILD)/bin/mosaic-iss-asan: sw/golden/cli/mosaic-iss.c $(ISS_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ISS_SAN_FLAGS) $^ -lm -o $@

# ISS speed on a scalar loop (a benchmark, not a test; docs/performance.md).
ISS_BENCH_ELF := $(BUILD)/iss/bench_loop.elf

.PHONY: iss-bench
iss-bench: $(ISS_BENCH_ELF) $(BUILD)/bin/mosaic-iss ## ISS speed in scalar instructions/s
	$(BUILD)/bin/mosaic-iss --stats $(ISS_BENCH_ELF)

$(ISS_BENCH_ELF): sw/tests/iss/bench_loop.S sw/golden/mosaic_memmap.h $(BUILD)/isa/link.ld
	@mkdir -p $(dir $@)
	$(ISA_RV_CC) $(ISA_FLAGS) -T $(BUILD)/isa/link.ld $< -o $@
