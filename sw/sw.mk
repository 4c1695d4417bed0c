# Target software: runtime, on-target test framework, examples and tests,
# built with Debian's riscv64-unknown-elf-gcc and picolibc for RV32IM.
#
#   sw/examples/NAME/*.c        -> build/sw/NAME.elf   (one program per folder)
#   sw/tests/target/test_*.c    -> build/sw/tests/test_*.elf
#   sw/tests/target/other *.c   -> helpers linked into every target test
#   sw/runtime, sw/lib          -> linked into every program

RV_PREFIX ?= riscv64-unknown-elf-
RV_CC     := $(RV_PREFIX)gcc
# binutils 2.40 wants Zicsr spelled out for csrr/csrw, but picolibc's
# multilib directory is selected by the plain rv32im spelling, so compile
# and link use different -march strings.
RV_ARCH_CC := -march=rv32im_zicsr -mabi=ilp32
RV_ARCH_LD := -march=rv32im -mabi=ilp32
RV_CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -g $(RV_ARCH_CC) -mcmodel=medany \
             -specs=picolibc.specs -ffunction-sections -fdata-sections \
             -Isw/include -Isw/lib -Isw/golden -MMD -MP
RV_ASFLAGS := $(RV_ARCH_CC) -mcmodel=medany -specs=picolibc.specs -Isw/include -Isw/golden -MMD -MP
RV_LDFLAGS := $(RV_ARCH_LD) -specs=picolibc.specs -nostartfiles -Wl,--gc-sections

SW_OUT     := $(BUILD)/sw
SW_OBJ     := $(SW_OUT)/obj
SW_LDS     := $(SW_OUT)/link.ld

SW_RT_SRCS := $(filter-out %.ld.S,$(wildcard sw/runtime/*.c sw/runtime/*.S sw/lib/*.c))
SW_RT_OBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(SW_RT_SRCS))

SW_EXAMPLES := $(notdir $(patsubst %/,%,$(dir $(wildcard sw/examples/*/*.c))))
SW_EXAMPLES := $(sort $(SW_EXAMPLES))
SW_EX_ELFS  := $(patsubst %,$(SW_OUT)/%.elf,$(SW_EXAMPLES))

SW_TT_SRCS  := $(wildcard sw/tests/target/test_*.c)
SW_TT_HELP  := $(filter-out $(SW_TT_SRCS),$(wildcard sw/tests/target/*.c))
SW_TT_HOBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(SW_TT_HELP))
SW_TT_OBJS  := $(patsubst sw/%,$(SW_OBJ)/%.o,$(SW_TT_SRCS))
SW_TT_ELFS  := $(patsubst sw/tests/target/%.c,$(SW_OUT)/tests/%.elf,$(SW_TT_SRCS))
# Keep test objects: pattern-rule intermediates would be deleted otherwise.
.SECONDARY: $(SW_TT_OBJS) $(SW_TT_HOBJS)

SW_ELFS := $(SW_EX_ELFS) $(SW_TT_ELFS)

# Short command lines unless V=1.
ifeq ($(V),1)
SWQ :=
SWSAY := @true
else
SWQ := @
SWSAY := @echo
endif

.PHONY: sw
sw: $(SW_ELFS) ## build the target software (examples, on-target tests) for RV32IM
TEST_POOL += sw
run: sw

# The linker script takes the address map from the one shared header.
$(SW_LDS): sw/runtime/link.ld.S sw/golden/mosaic_memmap.h
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCPP   $@"
	$(SWQ)$(RV_CC) -E -P -undef -x c -Isw/golden $< -o $@

$(SW_OBJ)/%.c.o: sw/%.c
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $<"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -c $< -o $@

$(SW_OBJ)/%.S.o: sw/%.S
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVAS    $<"
	$(SWQ)$(RV_CC) $(RV_ASFLAGS) -c $< -o $@

# Each example folder is one program; its objects are found by folder name.
define SW_EXAMPLE_RULE
$(SW_OUT)/$(1).elf: $(patsubst sw/%,$(SW_OBJ)/%.o,$(wildcard sw/examples/$(1)/*.c)) $(SW_RT_OBJS) $(SW_LDS)
	$$(SWSAY) "  RVLD    $$@"
	$$(SWQ)$$(RV_CC) $$(RV_LDFLAGS) -T $(SW_LDS) $$(filter %.o,$$^) -lm -o $$@
endef
$(foreach e,$(SW_EXAMPLES),$(eval $(call SW_EXAMPLE_RULE,$(e))))

# <example>_rtl.elf: an example sized for the RTL simulator with -D<DEFINE>
# (gemm: see sw/examples/gemm/main.c, `make run` runs it on mosaic-sim;
# spec_ame: checks a sample of the FP8 example's elements on target, lockstep
# still compares every one).
define SW_RTL_VARIANT_RULE
SW_$(2)_OBJS := $$(patsubst sw/examples/$(1)/%.c,$$(SW_OBJ)/examples/$(1)_rtl/%.c.o,$$(wildcard sw/examples/$(1)/*.c))
$$(SW_OBJ)/examples/$(1)_rtl/%.c.o: sw/examples/$(1)/%.c
	@mkdir -p $$(dir $$@)
	$$(SWSAY) "  RVCC    $$< ($(2))"
	$$(SWQ)$$(RV_CC) $$(RV_CFLAGS) -D$(2) -c $$< -o $$@
$$(SW_OUT)/$(1)_rtl.elf: $$(SW_$(2)_OBJS) $$(SW_RT_OBJS) $$(SW_LDS)
	$$(SWSAY) "  RVLD    $$@"
	$$(SWQ)$$(RV_CC) $$(RV_LDFLAGS) -T $$(SW_LDS) $$(filter %.o,$$^) -lm -o $$@
sw: $$(SW_OUT)/$(1)_rtl.elf
endef
$(eval $(call SW_RTL_VARIANT_RULE,gemm,GEMM_RTL))
$(eval $(call SW_RTL_VARIANT_RULE,spec_ame,SPEC_AME_RTL))

$(SW_OUT)/tests/%.elf: $(SW_OBJ)/tests/target/%.c.o $(SW_TT_HOBJS) $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) -lm -o $@

-include $(shell find $(SW_OBJ) -name '*.d' 2>/dev/null)
