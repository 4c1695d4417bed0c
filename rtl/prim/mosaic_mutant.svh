// Run-time choice among the SoC-level injected bugs of one mutant build
// (MOSAIC_INJECT_SOC_BUGS; mosaic-sim-fpga-mutant, tb/verilator.mk). A module
// with such a bug declares `MOSAIC_MUTANT_SEL and tests mutant_sel == N; the
// plusarg +mutant=N picks the bug (mosaic-sim passes the MOSAIC_MUTANT
// environment variable as that plusarg in this build only), 0 or none picks
// no SoC bug. sw/tests/sim/test_sim_mutant.py runs each and requires
// lockstep to catch it with the right report.
//
//   1  mosaic_mem_sys  a core store to a word at address bits [4:2] = 5 writes
//                      bit 0 of its lowest enabled byte flipped (RVFI shows
//                      the right data: only a later load can tell)
//   2  mosaic_tu_sdma  an SDMA write beat with byte 0 enabled writes that
//                      byte with bit 0 flipped
//   3  mosaic_tu       a queued instruction of the reduction engine (tred,
//                      trowmax, trowsum, tact, tbdiv) is never dispatched:
//                      it never completes
//
// Never defined outside the mutant build: not part of the design.

`ifndef MOSAIC_MUTANT_SVH
`define MOSAIC_MUTANT_SVH

`define MOSAIC_MUTANT_SEL                                                     \
  int unsigned mutant_sel;                                                    \
  initial begin                                                               \
    if (!$value$plusargs("mutant=%d", mutant_sel)) mutant_sel = 0;            \
  end

`endif
