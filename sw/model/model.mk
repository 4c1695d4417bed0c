# ATALLA00 model runtime (sw/model, docs/atalla.md "Blob format ATALLA00"):
# the blob loader and executor on the core, and the loader built for the host
# with ASan/UBSan for the malformed-blob tests.
#
#   make model   build/sw/model/run_model.elf (runs the blob loaded at
#                0x40800000: mosaic-iss --load FILE@0x40800000 ...) and
#                build/model/blob_check (host loader, sanitized)
#   sw/model/test_model.py: compiler, loader and end-to-end tests

MODEL_TSRCS := sw/model/blob.c sw/model/exec.c sw/model/run_model.c
MODEL_TOBJS := $(patsubst sw/%,$(SW_OBJ)/%.o,$(MODEL_TSRCS))
MODEL_ELF   := $(SW_OUT)/model/run_model.elf
MODEL_CHECK := $(BUILD)/model/blob_check
.SECONDARY: $(MODEL_TOBJS)

$(SW_OBJ)/model/%.c.o: sw/model/%.c $(wildcard sw/model/*.h)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVCC    $<"
	$(SWQ)$(RV_CC) $(RV_CFLAGS) -Isw/model -Isw/atalla -Isw/bench -c $< -o $@

$(MODEL_ELF): $(MODEL_TOBJS) $(ATALLA_LIB) $(SW_RT_OBJS) $(SW_LDS)
	@mkdir -p $(dir $@)
	$(SWSAY) "  RVLD    $@"
	$(SWQ)$(RV_CC) $(RV_LDFLAGS) -T $(SW_LDS) $(filter %.o,$^) $(ATALLA_LIB) -lm -o $@

$(MODEL_CHECK): sw/model/blob.c sw/model/blob_check.c sw/model/blob.h
	@mkdir -p $(dir $@)
	$(SWSAY) "  CC      $@ (ASan/UBSan)"
	$(SWQ)$(CC) -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=all -fno-omit-frame-pointer -Isw/model \
		sw/model/blob.c sw/model/blob_check.c -o $@

.PHONY: model
model: $(MODEL_ELF) $(MODEL_CHECK) ## build the ATALLA00 runtime (run_model.elf) and the host blob checker
sw: model
TEST_POOL += model
