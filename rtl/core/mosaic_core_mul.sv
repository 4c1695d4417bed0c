// RV32M multiplier: MUL, MULH, MULHSU, MULHU.
//
// Operands are registered when the multiply starts and the 33x33-bit signed
// product is formed from the registers in the following cycle, so the
// execute stage holds a multiply for exactly two cycles and the multiplier
// does not sit behind the operand-forwarding muxes (FPGA DSP blocks take the
// registered inputs directly).
//
// Handshake with the execute stage: req_i is high while a multiply with
// ready operands sits in execute; done_o rises one cycle after the first
// req_i and stays high until ack_i (the instruction leaves execute) or
// kill_i (pipeline flush).

`default_nettype none

module mosaic_core_mul (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        req_i,
  input  logic        ack_i,
  input  logic        kill_i,
  input  logic [1:0]  op_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        done_o,
  output logic [31:0] result_o
);

  logic        busy_q, busy_d;
  logic        high_q, high_d;
  logic [32:0] a_q, a_d;
  logic [32:0] b_q, b_d;

  logic signed [65:0] a_wide, b_wide, product;

  always_comb begin
    busy_d = busy_q;
    high_d = high_q;
    a_d    = a_q;
    b_d    = b_q;
    if (kill_i) begin
      busy_d = 1'b0;
    end else if (busy_q) begin
      if (ack_i) busy_d = 1'b0;
    end else if (req_i) begin
      busy_d = 1'b1;
      high_d = (op_i != mosaic_pkg::MulMul);
      // Sign-extend rs1 for MULH/MULHSU and rs2 for MULH only.
      a_d = {(op_i == mosaic_pkg::MulMulh || op_i == mosaic_pkg::MulMulhsu) & a_i[31], a_i};
      b_d = {(op_i == mosaic_pkg::MulMulh) & b_i[31], b_i};
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      high_q <= 1'b0;
      a_q    <= '0;
      b_q    <= '0;
    end else begin
      busy_q <= busy_d;
      high_q <= high_d;
      a_q    <= a_d;
      b_q    <= b_d;
    end
  end

  assign a_wide  = {{33{a_q[32]}}, a_q};
  assign b_wide  = {{33{b_q[32]}}, b_q};
  assign product = a_wide * b_wide;

  assign done_o   = busy_q;
  assign result_o = high_q ? product[63:32] : product[31:0];

  // Bits 65:64 of the 66-bit product are sign copies.
  logic unused_product_msbs;
  assign unused_product_msbs = ^product[65:64];

endmodule

`default_nettype wire
