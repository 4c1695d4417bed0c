# The ISS built with AddressSanitizer and UndefinedBehaviorSanitizer, for the
# malformed-input tests (sw/tests/iss/test_iss_cli.py): a bad ELF must give a
# one-line error, never a crash. Separate objects so the normal library
# stays unsanitized (and fast).

ISS_SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
                 -fno-omit-frame-pointer -O1
ISS_SAN_OBJS  := $(patsubst sw/golden/%.c,$(BUILD)/obj/golden-asan/%.o,$(GOLDEN_SRCS))

.PHONY: iss-asan
iss-asan: $(BUILD)/bin/mosaic-iss-asan ## the ISS under ASan/UBSan (build/bin/mosaic-iss-asan)
test: iss-asan

$(BUILD)/obj/golden-asan/%.o: sw/golden/%.c $(wildcard sw/golden/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ISS_SAN_FLAGS) -c $< -o $@

$(BUILD)/bin/mosaic-iss-asan: sw/golden/cli/mosaic-iss.c $(ISS_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ISS_SAN_FLAGS) $^ -lm -o $@
