# Atalla kernel library (sw/atalla/*.c, docs/atalla.md) and its target
# programs (sw/atalla/tests/*.c), built with sw/sw.mk's compiler, flags,
# runtime and linker script.
#
#   make atalla        build/sw/atalla/libatalla.a and build/sw/atalla/*.elf
#                      (part of make sw, which make test builds)
#   sw/atalla/test_atalla.py (run by make test) runs the programs on the ISS
#   against a numpy reference, and in lockstep on the RTL builds.
#   make atalla-bench  the benchmark program on $(SIM) (16x16) --no-cosim at
#                      --dram-latency $(GEMM_DRAM_LAT) --dram-bw $(GEMM_DRAM_BW)

ATALLA_SRCS  := $(wildcard sw/atalla/*.c)
ATALLA_OBJS  := $(patsubst sw/%,$(SW_OBJ)/%.o,$(ATALLA_SRCS))
ATALLA_LIB   := $(SW_OUT)/atalla/libatalla.a
ATALLA_PSRCS := $(wildcard sw/atalla/tests/*.c)
ATALLA_POBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(ATALLA_PSRCS))
ATALLA_ELFS  := $(patsubst sw/atalla/tests/%.c,$(SW_OUT)/atalla/%.elf,$(ATALLA_PSRCS))
# The test driver (tests/lib) is linked into every program.
ATALLA_TOBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(wildcard sw/atalla/tests/lib/*.c))
.SECONDARY: $(ATALLA_OBJS) $(ATALLA_POBJS) $(ATALLA_TOBJS)

$(ATALLA_LIB): $(ATALLA_OBJS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVAR    $@"
	$(SWQ)rm -f $@ && $(RV_PREFIX)ar rcs $@ $^

# Programs include atalla.h by name (as user code would).
$(SW_OBJ)/atalla/tests/%.c.o: sw/atalla/tests/%.c
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $<"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -Isw/atalla -Isw/atalla/tests/lib -Isw/bench -c $< -o $@
$(SW_OBJ)/atalla/tests/lib/%.c.o: sw/atalla/tests/lib/%.c
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $<"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -Isw/atalla -Isw/atalla/tests/lib -Isw/bench -c $< -o $@

$(SW_OUT)/atalla/%.elf: $(SW_OBJ)/atalla/tests/%.c.o $(ATALLA_TOBJS) $(ATALLA_LIB) $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) $(ATALLA_LIB) -lm -o $@

# atalla_sizes256.elf: the size sweep up to 256 (make perf runs it on the 4x4
# array, where 512^3 would take minutes of simulation).
ATALLA_SIZES256 := $(SW_OUT)/atalla/atalla_sizes256.elf
$(SW_OBJ)/atalla/tests/atalla_sizes256.c.o: sw/atalla/tests/atalla_sizes.c
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $@"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -DSIZES_MAX=256 -Isw/atalla -Isw/atalla/tests/lib -Isw/bench -c $< -o $@
.SECONDARY: $(SW_OBJ)/atalla/tests/atalla_sizes256.c.o

.PHONY: atalla atalla-bench
atalla: $(ATALLA_LIB) $(ATALLA_ELFS) $(ATALLA_SIZES256) ## build the Atalla kernel library and its programs (sw/atalla)
sw: atalla
TEST_POOL += atalla

atalla-bench: $(SW_OUT)/atalla/atalla_bench.elf ## Atalla kernels' benchmark on $(SIM) (16x16 RTL, --no-cosim, GEMM_DRAM_LAT/BW)
	@if [ ! -x "$(SIM)" ]; then echo "atalla-bench: $(SIM) is not built"; exit 1; fi
	$(SIM) --no-cosim --dram-latency $(GEMM_DRAM_LAT) --dram-bw $(GEMM_DRAM_BW) $<
