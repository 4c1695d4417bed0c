// Rounding decision: does a magnitude truncated to its kept bits need +1?
// Mirrors round_up() in sw/golden/fmt_round.c, which every float and integer
// rounding in the golden model goes through.
//
// half_i is the first discarded bit, below_i the OR of everything under it.
// The reserved codes 5..7 never reach the datapath architecturally (they
// trap at issue), but they decide like the golden model's default branch:
// truncate.

`default_nettype none

module mosaic_fp_round_up (
  input  logic [2:0] rm_i,
  input  logic       sign_i,   // sign of the value being rounded
  input  logic       odd_i,    // LSB of the kept magnitude
  input  logic       half_i,
  input  logic       below_i,
  output logic       up_o
);

  // A continuous assign rather than an always_comb case: this module sits
  // inside chains of combinational logic that Icarus 11 only settled when
  // written without always_comb (see mosaic_fmt_cvt.sv).
  logic rne_up;
`ifdef MOSAIC_INJECT_BUG
  // Test-only mutant (tb/modules.mk builds one copy of each harness with
  // it): RNE ties go to odd instead of even, so the harnesses can prove they
  // notice one wrong rounding case.
  assign rne_up = half_i & (below_i | ~odd_i);
`else
  assign rne_up = half_i & (below_i | odd_i);
`endif

  assign up_o = (rm_i == mosaic_pkg::RmRne) ? rne_up :
                (rm_i == mosaic_pkg::RmRdn) ? (sign_i & (half_i | below_i)) :
                (rm_i == mosaic_pkg::RmRup) ? (~sign_i & (half_i | below_i)) :
                (rm_i == mosaic_pkg::RmRmm) ? half_i :
                                              1'b0;  // RTZ and reserved codes

endmodule

`default_nettype wire
