# make formal: bounded proofs of the bus blocks with SymbiYosys
# (tools/formal.py, harnesses in tb/formal/). The test tier of the same
# proofs runs in make test (sw/tests/rtl/test_formal.py).
.PHONY: formal
formal: ## bounded proofs (SymbiYosys + Yices) of the AXI arbiter, tensor LSU, SDMA engine and FIFO at full depth, with random mutants (minutes)
	@python3 tools/formal.py --tier regress
