// Unpack one element of any Mosaic format into a class, a sign and an
// unnormalised magnitude: |value| = sig_o * 2^(exp_o - 31), i.e. exp_o is the
// weight of sig_o bit 31. Mirrors fp_decode() in sw/golden/fmt_decode.c.
//
// Floats put the hidden bit at sig_o[31] (0 for subnormals, whose exp_o is
// the minimum normal exponent), so a normal input needs no normalisation;
// integers put their magnitude in the low bits with exp_o = 31. One
// leading-zero count downstream (mosaic_fp_norm) serves both.
//
// flush_i (the inverse of the subnormals option) makes FP8/FP4 subnormal
// inputs read as signed zeros, silently; wider formats always keep theirs.
// Invalid format codes read as +0.

`default_nettype none

module mosaic_fp_unpack (
  input  logic [3:0]         fmt_i,
  input  logic [31:0]        bits_i,
  input  logic               flush_i,
  output logic               zero_o,
  output logic               inf_o,
  output logic               nan_o,
  output logic               sign_o,
  output logic [31:0]        sig_o,
  output logic signed [9:0]  exp_o
);

  // Format selects.
  logic is_fp32, is_tf32, is_fp16, is_bf16, is_e4m3, is_e5m2, is_fp4;
  logic is_int8, is_int16, is_int32, is_float;
  assign is_fp32  = (fmt_i == mosaic_pkg::FmtFp32);
  assign is_tf32  = (fmt_i == mosaic_pkg::FmtTf32);
  assign is_fp16  = (fmt_i == mosaic_pkg::FmtFp16);
  assign is_bf16  = (fmt_i == mosaic_pkg::FmtBf16);
  assign is_e4m3  = (fmt_i == mosaic_pkg::FmtE4m3);
  assign is_e5m2  = (fmt_i == mosaic_pkg::FmtE5m2);
  assign is_fp4   = (fmt_i == mosaic_pkg::FmtFp4);
  assign is_int8  = (fmt_i == mosaic_pkg::FmtInt8);
  assign is_int16 = (fmt_i == mosaic_pkg::FmtInt16);
  assign is_int32 = (fmt_i == mosaic_pkg::FmtInt32);
  assign is_float = is_fp32 | is_tf32 | is_fp16 | is_bf16 | is_e4m3 | is_e5m2 | is_fp4;

  // Field extraction for each float layout. All exponent fields are widened
  // to 8 bits so one "max(bexp, 1) - bias" expression serves every format.
  // Written as continuous assigns: Icarus 11 can spin forever at time zero
  // on always_comb blocks in this datapath (see mosaic_fmt_cvt.sv).
  logic [7:0]  bexp;
  logic [22:0] frac;       // fraction, left-aligned in 23 bits
  logic [7:0]  bias;
  logic        float_sign;
  logic        flushable;  // FP8/FP4: subnormals follow flush_i
  logic        fn_nan;     // E4M3FN: only S.1111.111 is special
  logic        has_inf;    // IEEE-style all-ones exponent (FP4 has none)
  logic        exp_ones, exp_zero, frac_nz;

  // TF32 ignores its low 13 container bits (mosaic_fmt.h).
  assign bexp = (is_fp32 | is_tf32) ? bits_i[30:23] :
                is_fp16             ? {3'b0, bits_i[14:10]} :
                is_bf16             ? bits_i[14:7] :
                is_e4m3             ? {4'b0, bits_i[6:3]} :
                is_e5m2             ? {3'b0, bits_i[6:2]} :
                is_fp4              ? {6'b0, bits_i[2:1]} : 8'd0;
  assign frac = is_fp32 ? bits_i[22:0] :
                is_tf32 ? {bits_i[22:13], 13'b0} :
                is_fp16 ? {bits_i[9:0], 13'b0} :
                is_bf16 ? {bits_i[6:0], 16'b0} :
                is_e4m3 ? {bits_i[2:0], 20'b0} :
                is_e5m2 ? {bits_i[1:0], 21'b0} :
                is_fp4  ? {bits_i[0], 22'b0} : 23'd0;
  assign exp_ones = (is_fp32 | is_tf32) ? &bits_i[30:23] :
                    is_fp16             ? &bits_i[14:10] :
                    is_bf16             ? &bits_i[14:7] :
                    is_e4m3             ? &bits_i[6:3] :
                    is_e5m2             ? &bits_i[6:2] : 1'b0;
  assign bias = (is_fp16 | is_e5m2) ? 8'd15 :
                is_e4m3             ? 8'd7 :
                is_fp4              ? 8'd1 : 8'd127;
  assign float_sign = (is_fp16 | is_bf16) ? bits_i[15] :
                      (is_e4m3 | is_e5m2) ? bits_i[7] :
                      is_fp4              ? bits_i[3] : bits_i[31];
  assign flushable = is_e4m3 | is_e5m2 | is_fp4;
  assign fn_nan    = is_e4m3;
  assign has_inf   = ~(is_e4m3 | is_fp4);
  assign exp_zero  = (bexp == 8'd0);
  assign frac_nz   = |frac;

  // Integer source, sign-extended to 32 bits (an invalid code reads as 0).
  logic [31:0] int_val, int_mag;
  logic        int_sign;
  assign int_val  = is_int8  ? {{24{bits_i[7]}}, bits_i[7:0]} :
                    is_int16 ? {{16{bits_i[15]}}, bits_i[15:0]} :
                    is_int32 ? bits_i : 32'd0;
  assign int_sign = int_val[31];
  // -2^31 negates to itself, which read unsigned is the right magnitude.
  assign int_mag  = int_sign ? (32'd0 - int_val) : int_val;

  logic f_nan, f_inf, f_zero;
  assign f_nan  = exp_ones & (has_inf ? frac_nz : (fn_nan & (frac[22:20] == 3'b111)));
  assign f_inf  = exp_ones & has_inf & ~frac_nz;
  // Flushed FP8/FP4 subnormals keep their sign and raise nothing.
  assign f_zero = exp_zero & (~frac_nz | (flush_i & flushable));

  assign nan_o  = is_float & f_nan;
  assign inf_o  = is_float & f_inf;
  assign zero_o = is_float ? f_zero : (int_val == 32'd0);
  assign sign_o = is_float ? float_sign : int_sign;
  assign sig_o  = is_float ? {~exp_zero, frac, 8'b0} : int_mag;
  // max(bexp, 1) - bias: subnormals share the smallest normal exponent.
  assign exp_o  = is_float ? ($signed({2'b0, (exp_zero ? 8'd1 : bexp)}) - $signed({2'b0, bias}))
                           : 10'sd31;

endmodule

`default_nettype wire
