// FP32 FMA, product half: decodes a and b and forms their exact product.
// Nothing here depends on the addend, so a systolic PE can register this
// stage's outputs and close its accumulation loop around mosaic_fma32_add
// alone (see mosaic_fma32.sv for the interface contract).
//
// The product is exact: |a*b| = sig_o * 2^(exp_o - 300), where exp_o is
// max(bexp_a, 1) + max(bexp_b, 1) (each operand's LSB weight is
// 2^(max(bexp, 1) - 150)). Subnormal operands are not normalised; the adder
// stage's window and leading-zero count absorb the leading zeros.
//
// Special operands are classified here with the golden model's priorities
// (mosaic_f32_fma in sw/golden/f32_mul.c): a NaN operand gives the canonical
// NaN with no flag (signalling NaNs are treated as quiet); Inf * 0 is
// invalid even when the addend is a NaN, so it is decided before c is seen.

`default_nettype none

module mosaic_fma32_mul (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        nan_o,   // result is the canonical NaN whatever c is
  output logic        nv_o,    // ... and raises NV (Inf * 0)
  output logic        inf_o,   // product is +-Inf (and not NaN)
  output logic        zero_o,  // product is an exact +-0 (and not NaN)
  output logic        sign_o,  // sign of the product
  output logic [8:0]  exp_o,
  output logic [47:0] sig_o
);

  logic [7:0] ea, eb;
  logic       a_ones, b_ones, a_zexp, b_zexp, a_fnz, b_fnz;
  logic       a_nan, b_nan, a_inf, b_inf, a_zero, b_zero;

  assign ea     = a_i[30:23];
  assign eb     = b_i[30:23];
  assign a_ones = &ea;
  assign b_ones = &eb;
  assign a_zexp = ~|ea;
  assign b_zexp = ~|eb;
  assign a_fnz  = |a_i[22:0];
  assign b_fnz  = |b_i[22:0];

  assign a_nan  = a_ones & a_fnz;
  assign b_nan  = b_ones & b_fnz;
  assign a_inf  = a_ones & ~a_fnz;
  assign b_inf  = b_ones & ~b_fnz;
  assign a_zero = a_zexp & ~a_fnz;
  assign b_zero = b_zexp & ~b_fnz;

  logic inf_times_zero;
  assign inf_times_zero = (a_inf & b_zero) | (a_zero & b_inf);

  assign nan_o  = a_nan | b_nan | inf_times_zero;
  assign nv_o   = inf_times_zero;
  assign inf_o  = (a_inf | b_inf) & ~nan_o;
  assign zero_o = (a_zero | b_zero) & ~nan_o;
  assign sign_o = a_i[31] ^ b_i[31];

  // Subnormals share the smallest normal exponent (bexp 1).
  assign exp_o = {1'b0, (a_zexp ? 8'd1 : ea)} + {1'b0, (b_zexp ? 8'd1 : eb)};
  logic [23:0] sa, sb;
  assign sa    = {~a_zexp, a_i[22:0]};
  assign sb    = {~b_zexp, b_i[22:0]};
  assign sig_o = 48'(sa) * 48'(sb);

endmodule

`default_nettype wire
