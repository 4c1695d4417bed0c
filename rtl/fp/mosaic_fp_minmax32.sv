// FP32 maximumNumber / minimumNumber for the reductions, exactly
// mosaic_f32_max / mosaic_f32_min (sw/golden/f32_cmp.c): a NaN loses to a
// number, two NaNs give the canonical NaN, +0 > -0, no flags.
//
// On bit patterns the operation is associative and commutative (a lattice
// join/meet on the non-NaN values with -0 < +0, NaN as the identity, and two
// NaNs collapsing to the canonical one), so a reduction may evaluate it as a
// tree: the golden's left-to-right order gives the same bits.
// Combinational.

`default_nettype none

module mosaic_fp_minmax32 (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic        min_i,   // 0: maximumNumber, 1: minimumNumber
  output logic [31:0] res_o
);

  logic a_nan, b_nan;
  assign a_nan = (a_i[30:23] == 8'hFF) & (a_i[22:0] != 23'd0);
  assign b_nan = (b_i[30:23] == 8'hFF) & (b_i[22:0] != 23'd0);

  // Total order key of a non-NaN pattern: +-magnitude (+0 and -0 equal).
  logic signed [32:0] key_a, key_b;
  assign key_a = a_i[31] ? -$signed({2'b00, a_i[30:0]}) : $signed({2'b00, a_i[30:0]});
  assign key_b = b_i[31] ? -$signed({2'b00, b_i[30:0]}) : $signed({2'b00, b_i[30:0]});

  logic keys_eq, a_gt_b;
  assign keys_eq = (key_a == key_b);
  assign a_gt_b  = (key_a > key_b);

  assign res_o = (a_nan & b_nan) ? 32'h7FC0_0000 :
                 a_nan           ? b_i :
                 b_nan           ? a_i :
                 keys_eq         ? (min_i ? (a_i | b_i) : (a_i & b_i)) :
                 (a_gt_b ^ min_i) ? a_i : b_i;

endmodule

`default_nettype wire
