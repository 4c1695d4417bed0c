# Icarus benches (tb/icarus), included by the top Makefile.
#
#   make tb-icarus                     build the SoC bench and module benches
#   make icarus-run ELF=prog.elf [TU=1] [ARGS=+trace=t.log]
#                                      run one program on the Icarus SoC
#
# The SoC bench comes in two builds: soc.vvp (TensorUnit = 0: custom opcodes
# trap) and soc_tu.vvp (TensorUnit = 1 with the toy coprocessor of
# tb/icarus/mosaic_xif_model.sv). sw/tests/rtl/test_icarus_smoke.py runs them.

TB_IV_DIR      := $(BUILD)/tb/icarus
TB_IV_SOC_SRCS := tb/icarus/mosaic_soc_tb.sv tb/icarus/mosaic_xif_model.sv

# Icarus 11.0 (Debian 12) re-triggers always_comb processes spuriously and
# loops forever at one time step on designs like the core (iverilog #508,
# fixed after 11.0; reproducer in docs/microarchitecture.md). The
# benches therefore simulate a copy of rtl/ with always_comb spelled
# `always @*`, which Icarus implements correctly and which has the same
# meaning for our blocks (none has only constant inputs). Lint, synthesis
# and the rtl-icarus compile check use rtl/ itself.
TB_IV_RTL      := $(patsubst rtl/%,$(TB_IV_DIR)/rtl/%,$(RTL_SRCS))

$(TB_IV_DIR)/rtl/%.sv: rtl/%.sv
	@mkdir -p $(dir $@)
	@sed 's/\<always_comb\>/always @*/' $< > $@

TB_IV_UNITS    := alu mul div
TB_IV_ALL      := $(TB_IV_DIR)/soc.vvp $(TB_IV_DIR)/soc_tu.vvp \
                  $(patsubst %,$(TB_IV_DIR)/%.vvp,$(TB_IV_UNITS))

.PHONY: tb-icarus icarus-run
tb-icarus: $(TB_IV_ALL) ## build the Icarus benches (build/tb/icarus/*.vvp)

$(TB_IV_DIR)/soc.vvp: $(TB_IV_SOC_SRCS) $(TB_IV_RTL)
	@set -o pipefail; $(IVERILOG) -g2012 $(RTL_INC) -DRVFI -s mosaic_soc_tb -o $@ \
	  $(TB_IV_RTL) $(TB_IV_SOC_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }

$(TB_IV_DIR)/soc_tu.vvp: $(TB_IV_SOC_SRCS) $(TB_IV_RTL)
	@set -o pipefail; $(IVERILOG) -g2012 $(RTL_INC) -DRVFI -s mosaic_soc_tb -Pmosaic_soc_tb.TensorUnit=1 -o $@ \
	  $(TB_IV_RTL) $(TB_IV_SOC_SRCS) 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }

$(TB_IV_DIR)/%.vvp: tb/icarus/mosaic_core_%_tb.sv $(TB_IV_DIR)/rtl/core/mosaic_core_%.sv $(TB_IV_DIR)/rtl/pkg/mosaic_pkg.sv
	@set -o pipefail; $(IVERILOG) -g2012 $(RTL_INC) -s mosaic_core_$*_tb -o $@ \
	  $(TB_IV_DIR)/rtl/pkg/mosaic_pkg.sv $(TB_IV_DIR)/rtl/core/mosaic_core_$*.sv $< 2>&1 | { grep -v $(IVERILOG_NOISE) || true; }

icarus-run: tb-icarus
	@test -n "$(ELF)" || { echo "usage: make icarus-run ELF=prog.elf [TU=1] [ARGS=...]"; exit 2; }
	@$(PYTHON) sw/tests/rtl/test_icarus_smoke.py --run $(ELF) $(if $(TU),--tu) $(if $(ARGS),--args "$(ARGS)")
