// FP32 fused multiply-add, res = a*b + c with one rounding: exactly
// mosaic_f32_fma() of the golden model (all five rounding modes, subnormals
// kept, canonical NaN 0x7FC00000, flags in MOSAIC_FLAG_* order).
//
// Built from two halves that can be used directly:
//   mosaic_fma32_mul  a, b -> exact product bundle (62 bits: nan, nv, inf,
//                     zero, sign, 9-bit exponent, 48-bit significand).
//                     Independent of c.
//   mosaic_fma32_add  product bundle, c, rm -> result, flags.
//
// Stages (register stages, latency in cycles):
//   0  combinational; clk_i/rst_ni unused, valid_o = valid_i.
//   1  product bundle (and c, rm) registered between the halves.
//   2  as 1, plus the result and flags registered.
//   Larger values act as 2.
// Registers load only when their stage holds a valid operation; valid_o
// follows valid_i with the same latency (reset clears it).
//
// CLate (Stages >= 1 only): c_i is not registered with a and b but taken
// directly by the add stage, one cycle after the a_i/b_i it belongs to.
// This is the systolic-PE form: a PE registers the product of the operands
// streaming past it and feeds its own accumulator into c_i, so the only
// loop (acc -> add -> round -> acc) is the add half, one cycle long, while
// the multiplier runs a cycle ahead. A PE may equally instantiate the two
// halves itself.
//
// Other operations on the same unit (checked by tb/modules/test_rtl_fma32):
//   add: a + c = fma(a, 1.0, c), bits and flags (a*1 is exact, so the one
//        rounding is that of the exact sum; Inf/NaN/zero-sign rules agree).
//   sub: a - c = fma(a, 1.0, c ^ 32'h8000_0000).
//   mul: a * b = fma(a, b, rm == RDN ? +0 : -0). The addend's zero sign
//        matters when a*b is an exact zero: +0 + -0 is +0 except under RDN
//        where it is -0, so -0 alone is not neutral in RDN.

`default_nettype none

module mosaic_fma32 #(
  parameter int Stages = 0,
  parameter bit CLate  = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic [2:0]  rm_i,
  output logic        valid_o,
  output logic [31:0] res_o,
  output logic [5:0]  flags_o
);

  // Product half.
  logic        p_nan, p_nv, p_inf, p_zero, p_sign;
  logic [8:0]  p_exp;
  logic [47:0] p_sig;

  mosaic_fma32_mul u_mul (
    .a_i    (a_i),
    .b_i    (b_i),
    .nan_o  (p_nan),
    .nv_o   (p_nv),
    .inf_o  (p_inf),
    .zero_o (p_zero),
    .sign_o (p_sign),
    .exp_o  (p_exp),
    .sig_o  (p_sig)
  );

  // Operands of the add half (registered or not).
  logic        s_nan, s_nv, s_inf, s_zero, s_sign, s_valid;
  logic [8:0]  s_exp;
  logic [47:0] s_sig;
  logic [31:0] s_c;
  logic [2:0]  s_rm;

  // Add half outputs.
  logic [31:0] sum_res;
  logic [5:0]  sum_flags;

  if (Stages == 0) begin : g_comb
    assign s_valid = valid_i;
    assign s_nan   = p_nan;
    assign s_nv    = p_nv;
    assign s_inf   = p_inf;
    assign s_zero  = p_zero;
    assign s_sign  = p_sign;
    assign s_exp   = p_exp;
    assign s_sig   = p_sig;
    assign s_c     = c_i;
    assign s_rm    = rm_i;
    assign valid_o = s_valid;
    assign res_o   = sum_res;
    assign flags_o = sum_flags;
    // No registers: the clock and reset are part of the port list only so
    // every configuration has the same interface.
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;
  end else begin : g_pipe
    logic        valid_q;
    logic        nan_q, nv_q, inf_q, zero_q, sign_q;
    logic [8:0]  exp_q;
    logic [47:0] sig_q;
    logic [2:0]  rm_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
      end else begin
        valid_q <= valid_i;
      end
    end

    // Data registers need no reset: valid_q qualifies them.
    always_ff @(posedge clk_i) begin
      if (valid_i) begin
        nan_q  <= p_nan;
        nv_q   <= p_nv;
        inf_q  <= p_inf;
        zero_q <= p_zero;
        sign_q <= p_sign;
        exp_q  <= p_exp;
        sig_q  <= p_sig;
        rm_q   <= rm_i;
      end
    end

    assign s_valid = valid_q;
    assign s_nan   = nan_q;
    assign s_nv    = nv_q;
    assign s_inf   = inf_q;
    assign s_zero  = zero_q;
    assign s_sign  = sign_q;
    assign s_exp   = exp_q;
    assign s_sig   = sig_q;
    assign s_rm    = rm_q;

    if (CLate) begin : g_c_late
      assign s_c = c_i;
    end else begin : g_c_reg
      logic [31:0] c_q;
      always_ff @(posedge clk_i) begin
        if (valid_i) c_q <= c_i;
      end
      assign s_c = c_q;
    end

    if (Stages == 1) begin : g_out_comb
      assign valid_o = s_valid;
      assign res_o   = sum_res;
      assign flags_o = sum_flags;
    end else begin : g_out_reg
      logic        out_valid_q;
      logic [31:0] res_q;
      logic [5:0]  flags_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          out_valid_q <= 1'b0;
        end else begin
          out_valid_q <= s_valid;
        end
      end
      always_ff @(posedge clk_i) begin
        if (s_valid) begin
          res_q   <= sum_res;
          flags_q <= sum_flags;
        end
      end
      assign valid_o = out_valid_q;
      assign res_o   = res_q;
      assign flags_o = flags_q;
    end
  end

  mosaic_fma32_add u_add (
    .p_nan_i  (s_nan),
    .p_nv_i   (s_nv),
    .p_inf_i  (s_inf),
    .p_zero_i (s_zero),
    .p_sign_i (s_sign),
    .p_exp_i  (s_exp),
    .p_sig_i  (s_sig),
    .c_i      (s_c),
    .rm_i     (s_rm),
    .res_o    (sum_res),
    .flags_o  (sum_flags)
  );

endmodule

`default_nettype wire
