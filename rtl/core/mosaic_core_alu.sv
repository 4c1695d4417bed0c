// Integer ALU for RV32I (one cycle, combinational).
//
// Branch comparisons use their own comparators (mosaic_core's execute stage)
// so that an ALU operation and the branch condition never share an adder
// with a mux in front of it.

`default_nettype none

module mosaic_core_alu (
  input  logic [3:0]  op_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic [31:0] result_o
);

  logic [4:0]  shamt;
  logic [32:0] sra_wide;

  assign shamt    = b_i[4:0];
  // Arithmetic shift as a logical shift of the sign-extended 33-bit value,
  // which all three tools treat identically.
  assign sra_wide = $signed({a_i[31], a_i}) >>> shamt;

  always_comb begin
    unique case (op_i)
      mosaic_pkg::AluAdd:  result_o = a_i + b_i;
      mosaic_pkg::AluSub:  result_o = a_i - b_i;
      mosaic_pkg::AluSll:  result_o = a_i << shamt;
      mosaic_pkg::AluSlt:  result_o = {31'b0, $signed(a_i) < $signed(b_i)};
      mosaic_pkg::AluSltu: result_o = {31'b0, a_i < b_i};
      mosaic_pkg::AluXor:  result_o = a_i ^ b_i;
      mosaic_pkg::AluSrl:  result_o = a_i >> shamt;
      mosaic_pkg::AluSra:  result_o = sra_wide[31:0];
      mosaic_pkg::AluOr:   result_o = a_i | b_i;
      mosaic_pkg::AluAnd:  result_o = a_i & b_i;
      default:             result_o = a_i + b_i;
    endcase
  end

  // sra_wide[32] is a copy of the sign bit and never needed.
  logic unused_sra_msb;
  assign unused_sra_msb = sra_wide[32];

endmodule

`default_nettype wire
