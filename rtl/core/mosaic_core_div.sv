// RV32M divider: DIV, DIVU, REM, REMU.
//
// Radix-2 restoring division of the operands' magnitudes, one quotient bit
// per cycle: 1 cycle to start, 32 iterations, then the result (signs applied)
// is available, i.e. done_o rises 33 cycles after the first req_i. Division
// by zero and the signed overflow case (-2^31 / -1) give the values the
// RISC-V spec requires; the overflow case falls out of the magnitude
// algorithm, division by zero is special-cased at the end.
//
// Handshake as mosaic_core_mul: req_i high while a division with ready
// operands sits in execute; done_o stays high until ack_i or kill_i.

`default_nettype none

module mosaic_core_div (
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

  logic        run_q, run_d;
  logic        done_q, done_d;
  logic [4:0]  cnt_q, cnt_d;
  logic [31:0] rem_q, rem_d;
  logic [31:0] quo_q, quo_d;
  logic [31:0] divisor_q, divisor_d;
  logic [31:0] a_q, a_d;
  logic        neg_q_q, neg_q_d;
  logic        neg_r_q, neg_r_d;
  logic        want_rem_q, want_rem_d;
  logic        div_zero_q, div_zero_d;

  logic        is_signed;
  logic        neg_a, neg_b;
  logic [32:0] shifted;
  logic [33:0] diff;
  logic [31:0] quotient, remainder;

  assign is_signed = (op_i == mosaic_pkg::DivDiv) || (op_i == mosaic_pkg::DivRem);
  assign neg_a     = is_signed & a_i[31];
  assign neg_b     = is_signed & b_i[31];

  assign shifted = {rem_q, quo_q[31]};
  assign diff    = {1'b0, shifted} - {2'b0, divisor_q};

  always_comb begin
    run_d      = run_q;
    done_d     = done_q;
    cnt_d      = cnt_q;
    rem_d      = rem_q;
    quo_d      = quo_q;
    divisor_d  = divisor_q;
    a_d        = a_q;
    neg_q_d    = neg_q_q;
    neg_r_d    = neg_r_q;
    want_rem_d = want_rem_q;
    div_zero_d = div_zero_q;

    if (kill_i) begin
      run_d  = 1'b0;
      done_d = 1'b0;
    end else if (done_q) begin
      if (ack_i) done_d = 1'b0;
    end else if (run_q) begin
      quo_d = {quo_q[30:0], ~diff[33]};
      rem_d = diff[33] ? shifted[31:0] : diff[31:0];
      cnt_d = cnt_q + 5'd1;
      if (cnt_q == 5'd31) begin
        run_d  = 1'b0;
        done_d = 1'b1;
      end
    end else if (req_i) begin
      run_d      = 1'b1;
      cnt_d      = 5'd0;
      rem_d      = '0;
      quo_d      = neg_a ? (32'd0 - a_i) : a_i;
      divisor_d  = neg_b ? (32'd0 - b_i) : b_i;
      a_d        = a_i;
      neg_q_d    = neg_a ^ neg_b;
      neg_r_d    = neg_a;
      want_rem_d = op_i[1];
      div_zero_d = (b_i == 32'd0);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q      <= 1'b0;
      done_q     <= 1'b0;
      cnt_q      <= '0;
      rem_q      <= '0;
      quo_q      <= '0;
      divisor_q  <= '0;
      a_q        <= '0;
      neg_q_q    <= 1'b0;
      neg_r_q    <= 1'b0;
      want_rem_q <= 1'b0;
      div_zero_q <= 1'b0;
    end else begin
      run_q      <= run_d;
      done_q     <= done_d;
      cnt_q      <= cnt_d;
      rem_q      <= rem_d;
      quo_q      <= quo_d;
      divisor_q  <= divisor_d;
      a_q        <= a_d;
      neg_q_q    <= neg_q_d;
      neg_r_q    <= neg_r_d;
      want_rem_q <= want_rem_d;
      div_zero_q <= div_zero_d;
    end
  end

  always_comb begin
    if (div_zero_q) begin
      quotient  = '1;
      remainder = a_q;
    end else begin
      quotient  = neg_q_q ? (32'd0 - quo_q) : quo_q;
      remainder = neg_r_q ? (32'd0 - rem_q) : rem_q;
    end
  end

  // diff[32] is zero whenever there is no borrow; only the borrow matters.
  logic unused_diff_bit;
  assign unused_diff_bit = diff[32];

  assign done_o   = done_q;
  assign result_o = want_rem_q ? remainder : quotient;

endmodule

`default_nettype wire
