// FP32 division res = a / b, exactly mosaic_f32_div() of the golden model
// (sw/golden/f32_div.c): correctly rounded in all five rounding modes,
// subnormal operands and results kept, tininess after rounding, canonical
// NaN 0x7FC00000, flags in MOSAIC_FLAG_* order (NX UF OF DZ NV; SAT never).
//
// Special operands, in the golden model's priority: a NaN operand gives the
// canonical NaN with no flag (signalling NaNs read as quiet); Inf/Inf and
// 0/0 give the canonical NaN with NV; Inf/x gives Inf, x/Inf a signed zero;
// x/0 gives Inf with DZ; 0/x a signed zero.
//
// Datapath. Both significands are normalised to a leading one at bit 23
// when the operands are accepted (subnormals too), so the quotient ma/mb
// lies in (1/2, 2). A restoring divider then produces two quotient bits per
// cycle for 13 cycles: 26 bits with weights 2^0 .. 2^-25, enough for 24
// kept bits and a half bit whichever binade the quotient falls in, plus the
// remainder as the sticky bit. Rounding (and the shift to the subnormal
// rounding point) is mosaic_fp_round_pack32, the stage mosaic_fma32_add
// ends with: one round-up decision and the packing trick, overflow judged on
// the rounded value.
//
// Timing: fixed, operand-independent latency (specials too), so lanes that
// start together finish together. A division is accepted when
// valid_i & ready_o; valid_o rises Latency = 14 cycles after the accepting
// clock edge and the result holds until valid_o & ready_i. ready_o is high
// when idle and, combinationally from ready_i, in the cycle the previous
// result is taken, so back-to-back divisions run every 14 cycles.
// res_o/flags_o are combinational from registers (the rounding stage) and
// only meaningful while valid_o.
//
// MOSAIC_INJECT_DIV_BUG (test builds only): the sticky bit forgets the final
// remainder, so inexact quotients just above a halfway point or an integer
// round wrongly (tb/modules/test_rtl_div32 must notice).

`default_nettype none

module mosaic_div32 (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        valid_i,
  output logic        ready_o,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [2:0]  rm_i,

  output logic        valid_o,
  input  logic        ready_i,
  output logic [31:0] res_o,
  output logic [5:0]  flags_o
);

  localparam logic [31:0] CanonNan = 32'h7FC0_0000;
  localparam logic [3:0]  Steps    = 4'd13;  // two quotient bits per step

  // ---------------------------------------------------------------------
  // Operand decode and normalisation (at accept)
  // ---------------------------------------------------------------------
  logic [7:0]  ea, eb;
  logic        a_zexp, b_zexp, a_ones, b_ones, a_fnz, b_fnz;
  logic        a_nan, b_nan, a_inf, b_inf, a_zero, b_zero, q_sign;
  assign ea     = a_i[30:23];
  assign eb     = b_i[30:23];
  assign a_zexp = ~|ea;
  assign b_zexp = ~|eb;
  assign a_ones = &ea;
  assign b_ones = &eb;
  assign a_fnz  = |a_i[22:0];
  assign b_fnz  = |b_i[22:0];
  assign a_nan  = a_ones & a_fnz;
  assign b_nan  = b_ones & b_fnz;
  assign a_inf  = a_ones & ~a_fnz;
  assign b_inf  = b_ones & ~b_fnz;
  assign a_zero = a_zexp & ~a_fnz;
  assign b_zero = b_zexp & ~b_fnz;
  assign q_sign = a_i[31] ^ b_i[31];

  // Special results are decided now; the divider still runs its fixed
  // number of steps (on whatever significands) and the result is replaced.
  localparam logic [5:0] FDz = 6'b1 << mosaic_pkg::FlagDz;
  localparam logic [5:0] FNv = 6'b1 << mosaic_pkg::FlagNv;

  logic        spec_d;
  logic [31:0] spec_res_d;
  logic [5:0]  spec_flags_d;
  assign spec_d       = a_nan | b_nan | a_inf | b_inf | a_zero | b_zero;
  assign spec_res_d   = (a_nan | b_nan)                     ? CanonNan :
                        (a_inf & b_inf)                     ? CanonNan :
                        a_inf                               ? {q_sign, 8'hFF, 23'b0} :
                        b_inf                               ? {q_sign, 31'b0} :
                        (b_zero & a_zero)                   ? CanonNan :
                        b_zero                              ? {q_sign, 8'hFF, 23'b0} :
                                                              {q_sign, 31'b0};
  assign spec_flags_d = (a_nan | b_nan)   ? 6'b0 :
                        (a_inf & b_inf)   ? FNv :
                        (a_inf | b_inf)   ? 6'b0 :
                        (b_zero & a_zero) ? FNv :
                        b_zero            ? FDz : 6'b0;

  logic [23:0] sa, sb, na, nb;
  logic [4:0]  lza, lzb;
  logic        za_unused, zb_unused;
  assign sa = {~a_zexp, a_i[22:0]};
  assign sb = {~b_zexp, b_i[22:0]};

  mosaic_fp_norm #(
    .Width (24)
  ) u_norm_a (
    .in_i   (sa),
    .norm_o (na),
    .lz_o   (lza),
    .zero_o (za_unused)
  );

  mosaic_fp_norm #(
    .Width (24)
  ) u_norm_b (
    .in_i   (sb),
    .norm_o (nb),
    .lz_o   (lzb),
    .zero_o (zb_unused)
  );

  // Biased exponent of quotient weight 2^0: (ea' - eb') + 127, where e' is
  // the biased exponent of the normalised operand (max(e, 1) - lz).
  logic signed [10:0] qexp_d;
  assign qexp_d = $signed({3'b0, (a_zexp ? 8'd1 : ea)}) - $signed({6'b0, lza})
                - $signed({3'b0, (b_zexp ? 8'd1 : eb)}) + $signed({6'b0, lzb}) + 11'sd127;

  // ---------------------------------------------------------------------
  // Control
  // ---------------------------------------------------------------------
  logic       busy_q, done_q, accept;
  logic [3:0] step_q;
  assign ready_o = ~busy_q & (~done_q | ready_i);
  assign accept  = valid_i & ready_o;
  assign valid_o = done_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      step_q <= 4'd0;
    end else if (accept) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      step_q <= Steps - 4'd1;
    end else if (busy_q) begin
      step_q <= step_q - 4'd1;
      if (step_q == 4'd0) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
      end
    end else if (done_q & ready_i) begin
      done_q <= 1'b0;
    end
  end

  // ---------------------------------------------------------------------
  // Restoring division, two bits per step
  // ---------------------------------------------------------------------
  // Invariant: rem < 2 * div before each bit, so rem fits 25 bits.
  logic [24:0] rem_q, rem1, rem2;
  logic [23:0] div_q;
  logic [25:0] quo_q;
  logic [25:0] d1, d2;
  logic        bit1, bit2;
  assign d1   = {1'b0, rem_q} - {2'b0, div_q};
  assign bit1 = ~d1[25];
  assign rem1 = bit1 ? {d1[23:0], 1'b0} : {rem_q[23:0], 1'b0};
  assign d2   = {1'b0, rem1} - {2'b0, div_q};
  assign bit2 = ~d2[25];
  assign rem2 = bit2 ? {d2[23:0], 1'b0} : {rem1[23:0], 1'b0};

  logic               spec_q, sign_q;
  logic [31:0]        spec_res_q;
  logic [5:0]         spec_flags_q;
  logic signed [10:0] qexp_q;
  logic [2:0]         rm_q;

  // Data registers need no reset: busy_q/done_q qualify them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      rem_q        <= {1'b0, na};
      div_q        <= nb;
      quo_q        <= 26'd0;
      spec_q       <= spec_d;
      spec_res_q   <= spec_res_d;
      spec_flags_q <= spec_flags_d;
      sign_q       <= q_sign;
      qexp_q       <= qexp_d;
      rm_q         <= rm_i;
    end else if (busy_q) begin
      rem_q <= rem2;
      quo_q <= {quo_q[23:0], bit1, bit2};
    end
  end

  // ---------------------------------------------------------------------
  // Round and pack
  // ---------------------------------------------------------------------
  logic sticky;
`ifdef MOSAIC_INJECT_DIV_BUG
  assign sticky = 1'b0;
`else
  assign sticky = |rem_q;
`endif

  // 24 kept bits, the half bit, the sticky bit; the leading one is quo[25]
  // (quotient >= 1) or quo[24].
  logic               hi;
  logic [25:0]        x;
  logic signed [10:0] be_pre;
  assign hi     = quo_q[25];
  assign x      = hi ? {quo_q[25:1], quo_q[0] | sticky} : {quo_q[24:0], sticky};
  // be_pre lies in [-150, 403], inside the range the round-and-pack stage
  // takes.
  assign be_pre = hi ? qexp_q : qexp_q - 11'sd1;

  // Denormalise, round, pack, overflow and tininess: the FMA's stage.
  logic [31:0] rnd_res;
  logic [5:0]  rnd_flags;

  mosaic_fp_round_pack32 u_round_pack (
    .rm_i     (rm_q),
    .sign_i   (sign_q),
    .be_pre_i (be_pre),
    .x_i      (x),
    .res_o    (rnd_res),
    .flags_o  (rnd_flags)
  );

  assign res_o   = spec_q ? spec_res_q   : rnd_res;
  assign flags_o = spec_q ? spec_flags_q : rnd_flags;

  // The normaliser's zero outputs (a zero operand is a special case) and
  // bit 24 of a non-negative difference (rem - div < div < 2^24).
  logic unused;
  assign unused = za_unused ^ zb_unused ^ d1[24] ^ d2[24];

endmodule

`default_nettype wire
