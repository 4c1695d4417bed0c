# Random programs from tools/rvgen.py (see its header for what they contain
# and the lockstep rules they follow), built like the bare ISA tests.
#
#   make random-elfs [SEEDS=N] [SEED0=S] [INSNS=M] [RVGEN_FLAGS="--no-traps --irq"]
#       generate and assemble seeds S..S+N-1 (default 1..10, 20000
#       instructions) into build/random/i<M><flags>_s<seed>.{S,elf}
#   make random-iss  (same variables)
#       ... and run each on mosaic-iss: PASS/FAIL per program, .sig (signature)
#       and .log (ISS --stats) next to the ELF; fails if any program fails
#   make random-sim  (same variables, SIM_FLAGS=...)
#       ... and run each on the lockstep testbench, build/bin/mosaic-sim
#   make random-expect RVGEN_FLAGS="--tensor ..." (same variables)
#       after random-iss, rebuild each program as <name>.x.elf with the ISS's
#       checksums embedded (rvgen --expect): it fails by itself (code 7) on a
#       wrong result, e.g. on mosaic-sim --no-cosim
#   Tensor programs: RVGEN_FLAGS="--tensor [--tensor-ops all]"; their fixed
#   part is ~11k instructions, so INSNS=30000 or more gives a useful body.

SEEDS       ?= 10
SEED0       ?= 1
INSNS       ?= 20000
RVGEN_FLAGS ?=
RANDOM_CC   ?= riscv64-unknown-elf-gcc
RANDOM_DIR  := $(BUILD)/random
RANDOM_CFLAGS := -march=rv32im_zicsr -mabi=ilp32 -nostdlib -nostartfiles -static \
                 -Wl,--no-warn-rwx-segments
RANDOM_LDS  := $(RANDOM_DIR)/link.ld
# Far above what a program needs (the body is sized to INSNS; prologue and
# checksum add ~4k), so a runaway fails fast.
RANDOM_MAX  := $(shell echo $$(( 3 * $(INSNS) + 20000 )))
RANDOM_TAG  := i$(INSNS)$(subst $(eval) ,,$(subst --,_,$(RVGEN_FLAGS)))
RANDOM_NAMES := $(foreach s,$(shell seq $(SEED0) $$(( $(SEED0) + $(SEEDS) - 1 ))),$(RANDOM_TAG)_s$(s))
RANDOM_ELFS := $(patsubst %,$(RANDOM_DIR)/%.elf,$(RANDOM_NAMES))
RANDOM_SRCS := $(patsubst %,$(RANDOM_DIR)/%.S,$(RANDOM_NAMES))

.PHONY: random-elfs random-iss random-sim random-expect
random-elfs: $(RANDOM_SRCS) $(RANDOM_ELFS) ## random RV32IM programs (SEEDS= INSNS= RVGEN_FLAGS=)

random-iss: random-elfs $(BUILD)/bin/mosaic-iss ## run random programs on the ISS (SEEDS= INSNS= RVGEN_FLAGS=)
	@fail=0; for n in $(RANDOM_NAMES); do p=$(RANDOM_DIR)/$$n; \
	  if $(BUILD)/bin/mosaic-iss --stats --max-insns $(RANDOM_MAX) --signature $$p.sig $$p.elf \
	       >$$p.log 2>&1; then echo "PASS: $$n"; \
	  else echo "FAIL: $$n: mosaic-iss exit $$? (see $$p.log)"; fail=$$((fail + 1)); fi; \
	done; echo "random-iss: $(words $(RANDOM_NAMES)) programs, $$fail failed"; test $$fail = 0

random-sim: random-elfs ## run random programs on the lockstep testbench (build/bin/mosaic-sim)
	@test -x $(BUILD)/bin/mosaic-sim || { echo "random-sim: $(BUILD)/bin/mosaic-sim not built"; exit 1; }
	@fail=0; for n in $(RANDOM_NAMES); do p=$(RANDOM_DIR)/$$n; \
	  if $(BUILD)/bin/mosaic-sim $(SIM_FLAGS) $$p.elf >$$p.sim.log 2>&1; then echo "PASS: $$n"; \
	  else echo "FAIL: $$n: mosaic-sim exit $$? (see $$p.sim.log)"; fail=$$((fail + 1)); fi; \
	done; echo "random-sim: $(words $(RANDOM_NAMES)) programs, $$fail failed"; test $$fail = 0

random-expect: random-iss ## self-checking copies of random tensor programs (<name>.x.elf, needs --tensor)
	@case " $(RVGEN_FLAGS) " in *" --tensor "*) ;; *) echo "random-expect: needs RVGEN_FLAGS=--tensor"; exit 1;; esac
	@for s in $(shell seq $(SEED0) $$(( $(SEED0) + $(SEEDS) - 1 ))); do p=$(RANDOM_DIR)/$(RANDOM_TAG)_s$$s; \
	  $(PYTHON) tools/rvgen.py --seed $$s --insns $(INSNS) $(RVGEN_FLAGS) --expect $$p.sig -o $$p.x.S && \
	  $(RANDOM_CC) $(RANDOM_CFLAGS) -T $(RANDOM_LDS) $$p.x.S -o $$p.x.elf && echo "  $$p.x.elf" || exit 1; \
	done

$(RANDOM_LDS): sw/tests/random/link.ld.S sw/golden/mosaic_memmap.h
	@mkdir -p $(dir $@)
	$(RANDOM_CC) -E -P -undef -x c -Isw/golden $< -o $@

$(RANDOM_DIR)/$(RANDOM_TAG)_s%.S: tools/rvgen.py sw/golden/mosaic_memmap.h
	@mkdir -p $(dir $@)
	$(PYTHON) tools/rvgen.py --seed $* --insns $(INSNS) $(RVGEN_FLAGS) -o $@

$(RANDOM_DIR)/%.elf: $(RANDOM_DIR)/%.S $(RANDOM_LDS)
	$(RANDOM_CC) $(RANDOM_CFLAGS) -T $(RANDOM_LDS) $< -o $@
