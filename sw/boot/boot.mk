# UART boot loader for the FPGA board (sw/boot, docs/fpga.md "Loading
# programs"): build/sw/boot/boot.elf, linked into the top 4 KiB of the
# board's RAM. The FPGA flow turns it into the RAM's initial contents; the
# simulators run it like any program (its reset word jumps up to it).
#
#   make boot   build/sw/boot/boot.elf

BOOT_ELF  := $(SW_OUT)/boot/boot.elf
BOOT_LDS  := $(SW_OUT)/boot/boot.ld
BOOT_SRCS := sw/boot/boot.c sw/boot/start.S

# $(1) the ELF, $(2) its linker script, $(3) the memory sizes as -D flags.
# -Os: the loader and its stack share 4 KiB. No runtime, no libc.
define boot_link
	$(SWSAY) "  RVLD    $(1)"
	$(SWQ)$(RV_CC) -E -P -undef -x c -Isw/golden -DBOOT_LINKER_SCRIPT $(3) sw/boot/boot.ld.S -o $(2)
	$(SWQ)$(RV_CC) -std=c11 -Wall -Wextra -Werror -Os $(RV_ARCH_CC) -mcmodel=medany \
	  -ffreestanding -nostdlib -nostartfiles -Isw/golden $(3) \
	  -Wl,--gc-sections -T $(2) $(BOOT_SRCS) -o $(1)
endef

$(BOOT_ELF): $(BOOT_SRCS) sw/boot/boot.h sw/boot/boot.ld.S sw/golden/mosaic_memmap.h sw/boot/boot.mk
	@mkdir -p $(dir $@)
	$(call boot_link,$@,$(BOOT_LDS),)

.PHONY: boot
boot: $(BOOT_ELF) ## build the UART boot loader build/sw/boot/boot.elf (docs/fpga.md)
sw: boot
TEST_POOL += boot

# Programs for the board are linked with their stack below the loader
# (__stack_top), so a program never overwrites the loader the board resets
# into; tools/mosaic-load refuses an ELF whose stack lies elsewhere.
# build/sw/boot/gemm_rtl.elf is the GEMM example (gemm_rtl) linked so: the
# loader's tests and the documented first program for a board.
BOOT_STACK_TOP := 0x8000F000
BOOT_DEMO      := $(SW_OUT)/boot/gemm_rtl.elf
BOOT_DEMO_OBJS := $(patsubst sw/examples/gemm/%.c,$(SW_OBJ)/examples/gemm_rtl/%.c.o,$(wildcard sw/examples/gemm/*.c))
$(BOOT_DEMO): $(BOOT_DEMO_OBJS) $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@ (stack below the boot loader)"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -Wl,--defsym,__stack_top=$(BOOT_STACK_TOP) -T $(SW_LDS) \
	  $(filter %.o,$^) -lm -o $@
boot: $(BOOT_DEMO)

# board_check.elf: the scalar program of the FPGA configuration's checks
# (the boot loader over the scalar SoC's UART, make fpga-check's netlist).
BOOT_CHECK := $(SW_OUT)/boot/board_check.elf
$(SW_OBJ)/boot/board_check.c.o: sw/boot/board_check.c sw/golden/mosaic_memmap.h
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $<"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -c $< -o $@
$(BOOT_CHECK): $(SW_OBJ)/boot/board_check.c.o $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@ (stack below the boot loader)"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -Wl,--defsym,__stack_top=$(BOOT_STACK_TOP) -T $(SW_LDS) \
	  $(filter %.o,$^) -lm -o $@
boot: $(BOOT_CHECK)
