// FP32 adder for the reductions: res = a + b, exactly mosaic_f32_add() of
// the golden model (bits and flags), built on the addend half of the FMA
// (mosaic_fma32_add) with a * 1.0 formed without a multiplier.
//
// mosaic_fma32 computes add(a, c) as fma(a, 1.0, c) (see mosaic_fma32.sv);
// here the "product" a * 1.0 is written down directly in the product-bundle
// form mosaic_fma32_mul would produce for b = 1.0 (bexp 127, significand
// 2^23): exponent max(bexp_a, 1) + 127, significand {hidden, frac} << 23.
// Same bits, same flags, and no 24x24 multiplier in each reduction lane.
// Combinational.

`default_nettype none

module mosaic_fp_add32 (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [2:0]  rm_i,
  output logic [31:0] res_o,
  output logic [5:0]  flags_o
);

  logic       a_zexp, a_ones, a_fnz;
  logic [7:0] ea;
  assign ea     = a_i[30:23];
  assign a_zexp = ~|ea;
  assign a_ones = &ea;
  assign a_fnz  = |a_i[22:0];

  logic        p_nan, p_inf, p_zero;
  logic [8:0]  p_exp;
  logic [47:0] p_sig;
  assign p_nan  = a_ones & a_fnz;
  assign p_inf  = a_ones & ~a_fnz;
  assign p_zero = a_zexp & ~a_fnz;
  assign p_exp  = {1'b0, (a_zexp ? 8'd1 : ea)} + 9'd127;
  assign p_sig  = {1'b0, ~a_zexp, a_i[22:0], 23'b0};

  mosaic_fma32_add u_add (
    .p_nan_i  (p_nan),
    .p_nv_i   (1'b0),
    .p_inf_i  (p_inf),
    .p_zero_i (p_zero),
    .p_sign_i (a_i[31]),
    .p_exp_i  (p_exp),
    .p_sig_i  (p_sig),
    .c_i      (b_i),
    .rm_i     (rm_i),
    .res_o    (res_o),
    .flags_o  (flags_o)
  );

endmodule

`default_nettype wire
