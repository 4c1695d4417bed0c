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

  // Field extraction for each float layout. All exponent fields are widened
  // to 8 bits so one "max(bexp, 1) - bias" expression serves every format.
  logic [7:0]  bexp;
  logic [22:0] frac;     // fraction, left-aligned in 23 bits
  logic        frac_nz;
  logic        exp_ones;
  logic        exp_zero;
  logic [7:0]  bias;
  logic        is_float;
  logic        flushable;
  logic        fn_nan;   // E4M3FN: only S.1111.111 is special
  logic        has_inf;  // IEEE-style all-ones exponent
  logic        float_sign;

  // Integer source magnitude.
  logic        int_sign;
  logic [31:0] int_val;  // sign-extended to 32 bits

  always_comb begin
    bexp       = '0;
    frac       = '0;
    exp_ones   = 1'b0;
    bias       = 8'd127;
    is_float   = 1'b1;
    flushable  = 1'b0;
    fn_nan     = 1'b0;
    has_inf    = 1'b1;
    float_sign = bits_i[31];
    int_val    = '0;
    unique case (fmt_i)
      mosaic_pkg::FmtFp32, mosaic_pkg::FmtTf32: begin
        // TF32 ignores its low 13 container bits (mosaic_fmt.h).
        bexp     = bits_i[30:23];
        frac     = (fmt_i == mosaic_pkg::FmtTf32) ? {bits_i[22:13], 13'b0} : bits_i[22:0];
        exp_ones = &bits_i[30:23];
      end
      mosaic_pkg::FmtFp16: begin
        bexp       = {3'b0, bits_i[14:10]};
        frac       = {bits_i[9:0], 13'b0};
        exp_ones   = &bits_i[14:10];
        bias       = 8'd15;
        float_sign = bits_i[15];
      end
      mosaic_pkg::FmtBf16: begin
        bexp       = bits_i[14:7];
        frac       = {bits_i[6:0], 16'b0};
        exp_ones   = &bits_i[14:7];
        float_sign = bits_i[15];
      end
      mosaic_pkg::FmtE4m3: begin
        bexp       = {4'b0, bits_i[6:3]};
        frac       = {bits_i[2:0], 20'b0};
        exp_ones   = &bits_i[6:3];
        bias       = 8'd7;
        flushable  = 1'b1;
        fn_nan     = 1'b1;
        has_inf    = 1'b0;
        float_sign = bits_i[7];
      end
      mosaic_pkg::FmtE5m2: begin
        bexp       = {3'b0, bits_i[6:2]};
        frac       = {bits_i[1:0], 21'b0};
        exp_ones   = &bits_i[6:2];
        bias       = 8'd15;
        flushable  = 1'b1;
        float_sign = bits_i[7];
      end
      mosaic_pkg::FmtFp4: begin
        bexp       = {6'b0, bits_i[2:1]};
        frac       = {bits_i[0], 22'b0};
        bias       = 8'd1;
        flushable  = 1'b1;
        has_inf    = 1'b0; // every FP4 encoding is finite
        float_sign = bits_i[3];
      end
      mosaic_pkg::FmtInt8: begin
        is_float = 1'b0;
        int_val  = {{24{bits_i[7]}}, bits_i[7:0]};
      end
      mosaic_pkg::FmtInt16: begin
        is_float = 1'b0;
        int_val  = {{16{bits_i[15]}}, bits_i[15:0]};
      end
      mosaic_pkg::FmtInt32: begin
        is_float = 1'b0;
        int_val  = bits_i;
      end
      default: begin
        // Invalid code: an integer zero, so the result is +0 with no flags.
        is_float = 1'b0;
      end
    endcase
  end

  assign frac_nz  = |frac;
  assign exp_zero = (bexp == 8'd0);
  assign int_sign = int_val[31];

  always_comb begin
    zero_o = 1'b0;
    inf_o  = 1'b0;
    nan_o  = 1'b0;
    sign_o = float_sign;
    sig_o  = {~exp_zero, frac, 8'b0};
    // max(bexp, 1) - bias: subnormals share the smallest normal exponent.
    exp_o  = $signed({2'b0, (exp_zero ? 8'd1 : bexp)}) - $signed({2'b0, bias});
    if (!is_float) begin
      sign_o = int_sign;
      // -2^31 negates to itself, which read unsigned is the right magnitude.
      sig_o  = int_sign ? (32'd0 - int_val) : int_val;
      exp_o  = 10'sd31;
      zero_o = (int_val == 32'd0);
    end else if (exp_ones && has_inf) begin
      inf_o = ~frac_nz;
      nan_o = frac_nz;
    end else if (exp_ones && fn_nan && (frac[22:20] == 3'b111)) begin
      nan_o = 1'b1;
    end else if (exp_zero && (!frac_nz || (flush_i && flushable))) begin
      zero_o = 1'b1;
    end
  end

endmodule

`default_nettype wire
