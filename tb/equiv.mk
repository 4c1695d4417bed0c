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
