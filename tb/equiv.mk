# Long lockstep equivalence campaigns (RTL vs golden ISS on random programs).
# `make test` runs a short campaign; this one is for soak runs:
#   make equiv SEEDS=500 INSNS=50000 [SEED0=1000] [RVGEN_FLAGS=--irq]
#   make equiv SEEDS=50 INSNS=40000 RVGEN_FLAGS=--tensor   (tensor programs:
#       every instruction the RTL implements; ~11k of INSNS are fixed set-up
#       and the final register dump)
.PHONY: equiv
equiv: golden sim ## long random lockstep campaign: make equiv SEEDS=N INSNS=M
	$(MAKE) --no-print-directory random-sim SEEDS=$(SEEDS) INSNS=$(INSNS) SEED0=$(SEED0) \
	  RVGEN_FLAGS="$(RVGEN_FLAGS)"

# The documented long campaign (docs/verification.md "Long equivalence
# campaign"): 10^4 random programs, scalar and tensor mixed, on the scalar,
# 4x4 and 16x16 builds, the tensor ones with main-memory stress drawn from
# their seeds (docs/verification.md gives its time). CAMPAIGN_SEEDS and
# CAMPAIGN_SEED0 pick another range; every failure prints the command that
# reproduces it.
CAMPAIGN_SEEDS ?= 10000
CAMPAIGN_SEED0 ?= 1000000
.PHONY: campaign
# (tb/verilator.mk defines the models after this file is read: build them
# from the recipe.)
campaign: ## the long lockstep campaign: 10^4 random programs, scalar and tensor (CAMPAIGN_SEEDS=N CAMPAIGN_SEED0=S), report in build/campaign/report.md
	@$(MAKE) --no-print-directory $(SIM_BIN) $(SIM_BIN_4X4) $(SIM_SCALAR) $(BUILD)/bin/mosaic-iss
	$(PYTHON) tools/campaign.py --seeds $(CAMPAIGN_SEEDS) --seed0 $(CAMPAIGN_SEED0) \
	  --report $(BUILD)/campaign/report.md
