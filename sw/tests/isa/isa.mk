# Bare ISA tests: sw/tests/isa/*.S -> build/isa/*.elf, run on mosaic-iss by
# sw/tests/isa/test_isa.py. No C library, no crt0: each test is its own
# program starting at the reset address.

ISA_RV_CC  ?= riscv64-unknown-elf-gcc
# binutils 2.40 needs Zicsr spelled out for the CSR instructions.
ISA_FLAGS  := -march=rv32im_zicsr -mabi=ilp32 -nostdlib -nostartfiles -static -Wl,--no-warn-rwx-segments \
              -Isw/tests/isa -Isw/golden
ISA_SRCS   := $(filter-out sw/tests/isa/link.ld.S,$(wildcard sw/tests/isa/*.S))
ISA_ELFS   := $(patsubst sw/tests/isa/%.S,$(BUILD)/isa/%.elf,$(ISA_SRCS))
ISA_LDS    := $(BUILD)/isa/link.ld

.PHONY: isa-tests
isa-tests: $(ISA_ELFS) $(BUILD)/bin/mosaic-iss ## build the bare ISA test programs (build/isa/*.elf)
TEST_POOL += isa-tests

$(ISA_LDS): sw/tests/isa/link.ld.S sw/golden/mosaic_memmap.h
	@mkdir -p $(dir $@)
	$(ISA_RV_CC) -E -P -undef -x c -Isw/golden $< -o $@

$(BUILD)/isa/%.elf: sw/tests/isa/%.S sw/tests/isa/isa_test.h sw/golden/mosaic_memmap.h $(ISA_LDS)
	@mkdir -p $(dir $@)
	$(ISA_RV_CC) $(ISA_FLAGS) -T $(ISA_LDS) $< -o $@
