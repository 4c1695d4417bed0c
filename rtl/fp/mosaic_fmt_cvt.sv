// Convert one element between any two Mosaic formats: exactly
// mosaic_convert() of sw/golden/fmt_convert.c, bit pattern and flags.
//
// Combinational. Datapath (one path for every source/target pair):
//   unpack -> leading-zero normalise (leading one at bit 31, exponent top)
//   -> one right shift with sticky to the target's rounding point
//   -> round-up decision -> pack (float) or saturate/wrap (integer).
// The float rounding point is the target precision p below the leading one,
// moved further right for results below the target's normal range
// (subnormals), so a single shifter covers normal and subnormal results and
// overflow is judged on the rounded value ("round first, then check", OCP and
// IEEE alike). Integer targets round at the binary point instead.
//
// Ports: element patterns are right-aligned in 32 bits (FP4 in 3:0, 8-bit in
// 7:0, 16-bit in 15:0; TF32 in the FP32 container with its low 13 bits
// ignored on input and zero on output); unused high bits of the source are
// ignored and those of the result are zero. rm_i is the RISC-V rounding-mode
// code, flags_o uses the MOSAIC_FLAG_* bit order (mosaic_pkg::Flag*).
// Invalid format codes (10..15) give 0 with no flags.

`default_nettype none

module mosaic_fmt_cvt (
  input  logic [3:0]  from_i,
  input  logic [3:0]  to_i,
  input  logic [31:0] bits_i,
  input  logic [2:0]  rm_i,
  input  logic        fp8_sat_i,     // FP8 overflow: 1 -> +-max, 0 -> E4M3 NaN / E5M2 Inf
  input  logic        subnormals_i,  // FP8/FP4 keep subnormals (0: flush to zero)
  input  logic        int_wrap_i,    // integer targets wrap instead of saturating
  output logic [31:0] bits_o,
  output logic [5:0]  flags_o
);

  // ---------------------------------------------------------------------
  // Source: unpack and normalise
  // ---------------------------------------------------------------------
  logic              src_zero, src_inf, src_nan, sign;
  logic [31:0]       src_sig;
  logic signed [9:0] src_exp;

  mosaic_fp_unpack u_unpack (
    .fmt_i   (from_i),
    .bits_i  (bits_i),
    .flush_i (~subnormals_i),
    .zero_o  (src_zero),
    .inf_o   (src_inf),
    .nan_o   (src_nan),
    .sign_o  (sign),
    .sig_o   (src_sig),
    .exp_o   (src_exp)
  );

  logic [31:0] norm;     // |value| = norm * 2^(top - 31), norm[31] = 1
  logic [4:0]  lz;
  logic        norm_zero;

  mosaic_fp_norm #(
    .Width (32)
  ) u_norm (
    .in_i   (src_sig),
    .norm_o (norm),
    .lz_o   (lz),
    .zero_o (norm_zero)
  );

  // Exponent of the leading one: in [-157, 127] for every source.
  logic signed [10:0] top;
  assign top = 11'(src_exp) - $signed({6'b0, lz});

  // ---------------------------------------------------------------------
  // Target description (the fp_desc table of sw/golden/fmt_info.c)
  // ---------------------------------------------------------------------
  logic        t_valid, t_float, t_int;
  logic [4:0]  t_mbits;      // fraction bits; precision p = t_mbits + 1
  logic [7:0]  t_bias;
  logic [4:0]  t_signpos;    // bit index of the sign (unshifted layout)
  logic [31:0] t_max;        // unshifted encoding of +max finite
  logic [31:0] t_nan;        // canonical NaN (container position)
  logic [31:0] t_inf;        // +Inf (container position); 0 if none
  logic        t_tf32;       // layout sits at bit 13 of the container
  logic        t_flushable;  // FP8/FP4: subnormals follow subnormals_i
  logic        t_ovf_ieee;   // overflow: Inf or max by rounding mode
  logic        t_ovf_fp8;    // overflow: follows fp8_sat_i
  logic        t_fn;         // E4M3FN: Inf and overflow become the NaN
  logic        t_no_nan;     // FP4: NaN has no encoding
  logic [5:0]  t_iw;         // integer width

  logic to_fp32, to_tf32, to_fp16, to_bf16, to_e4m3, to_e5m2, to_fp4;
  logic to_int8, to_int16, to_int32;
  assign to_fp32  = (to_i == mosaic_pkg::FmtFp32);
  assign to_tf32  = (to_i == mosaic_pkg::FmtTf32);
  assign to_fp16  = (to_i == mosaic_pkg::FmtFp16);
  assign to_bf16  = (to_i == mosaic_pkg::FmtBf16);
  assign to_e4m3  = (to_i == mosaic_pkg::FmtE4m3);
  assign to_e5m2  = (to_i == mosaic_pkg::FmtE5m2);
  assign to_fp4   = (to_i == mosaic_pkg::FmtFp4);
  assign to_int8  = (to_i == mosaic_pkg::FmtInt8);
  assign to_int16 = (to_i == mosaic_pkg::FmtInt16);
  assign to_int32 = (to_i == mosaic_pkg::FmtInt32);

  // Continuous assigns rather than an always_comb table: see the note on
  // Icarus at the result selection below.
  assign t_float     = to_fp32 | to_tf32 | to_fp16 | to_bf16 | to_e4m3 | to_e5m2 | to_fp4;
  assign t_int       = to_int8 | to_int16 | to_int32;
  assign t_valid     = t_float | t_int;
  assign t_mbits     = to_fp32             ? 5'd23 :
                       (to_tf32 | to_fp16) ? 5'd10 :
                       to_bf16             ? 5'd7 :
                       to_e4m3             ? 5'd3 :
                       to_e5m2             ? 5'd2 : 5'd1;
  assign t_bias      = (to_fp16 | to_e5m2) ? 8'd15 :
                       to_e4m3             ? 8'd7 :
                       to_fp4              ? 8'd1 : 8'd127;
  assign t_signpos   = to_tf32             ? 5'd18 :
                       (to_fp16 | to_bf16) ? 5'd15 :
                       (to_e4m3 | to_e5m2) ? 5'd7 :
                       to_fp4              ? 5'd3 : 5'd31;
  assign t_max       = to_tf32 ? 32'h0003_FBFF :
                       to_fp16 ? 32'h0000_7BFF :
                       to_bf16 ? 32'h0000_7F7F :
                       to_e4m3 ? 32'h0000_007E :
                       to_e5m2 ? 32'h0000_007B :
                       to_fp4  ? 32'h0000_0007 : 32'h7F7F_FFFF;
  assign t_nan       = to_fp16 ? 32'h0000_7E00 :
                       to_bf16 ? 32'h0000_7FC0 :
                       to_e4m3 ? 32'h0000_007F :
                       to_e5m2 ? 32'h0000_007E :
                       to_fp4  ? 32'h0000_0000 : 32'h7FC0_0000;
  assign t_inf       = to_fp16 ? 32'h0000_7C00 :
                       to_bf16 ? 32'h0000_7F80 :
                       to_e5m2 ? 32'h0000_007C :
                       (to_e4m3 | to_fp4) ? 32'h0000_0000 : 32'h7F80_0000;
  assign t_tf32      = to_tf32;
  assign t_flushable = to_e4m3 | to_e5m2 | to_fp4;
  assign t_ovf_ieee  = to_fp32 | to_tf32 | to_fp16 | to_bf16;
  assign t_ovf_fp8   = to_e4m3 | to_e5m2;
  assign t_fn        = to_e4m3;
  assign t_no_nan    = to_fp4;
  assign t_iw        = to_int8 ? 6'd8 : to_int16 ? 6'd16 : 6'd32;

  // ---------------------------------------------------------------------
  // Rounding point
  // ---------------------------------------------------------------------
  // Float: biased exponent the leading one would have, and how far below the
  // normal range it sits (the extra right shift for a subnormal result).
  logic signed [10:0] be_pre;
  logic signed [10:0] denorm;
  assign be_pre = top + $signed({3'b0, t_bias});
  assign denorm = (be_pre >= 11'sd1) ? 11'sd0 : (11'sd1 - be_pre);

  // Right shift of norm that leaves the kept magnitude in the low bits.
  // Float: 31 - mbits (p bits kept) plus the subnormal shift. Integer: the
  // binary point, 31 - top; top > 31 means |value| >= 2^32 (no fraction).
  // Any shift >= 33 leaves only sticky (norm[31] is set), so clamp at 34.
  logic signed [11:0] shift_f, shift_i;
  logic [5:0]         shift;
  logic               int_big;
  assign shift_f = 12'(denorm) + 12'sd31 - $signed({7'b0, t_mbits});
  assign shift_i = 12'sd31 - 12'(top);
  assign int_big = (top > 11'sd31);

  assign shift = t_int ? (int_big                ? 6'd0  :
                           (shift_i > 12'sd34)    ? 6'd34 : shift_i[5:0])
                       : ((shift_f > 12'sd34)    ? 6'd34 : shift_f[5:0]);

  logic [64:0] shifted;
  logic [31:0] kept;
  logic        half, below, inexact, inc;
  assign shifted = {norm, 33'b0} >> shift;
  assign kept    = shifted[64:33];
  assign half    = shifted[32];
  assign below   = |shifted[31:0];
  assign inexact = half | below;

  mosaic_fp_round_up u_round (
    .rm_i    (rm_i),
    .sign_i  (sign),
    .odd_i   (kept[0]),
    .half_i  (half),
    .below_i (below),
    .up_o    (inc)
  );

  // Never carries out of 32 bits: a shift of 0 (integer, top == 31) is exact.
  logic [31:0] m;
  assign m = kept + {31'b0, inc};

  // ---------------------------------------------------------------------
  // Float target: pack, overflow, underflow
  // ---------------------------------------------------------------------
  // Packing trick: (exponent field - 1) << mbits plus the significand with
  // its hidden bit adds the hidden bit into the exponent field, so a
  // rounding carry into a new binade and a subnormal rounding up to the
  // smallest normal both land on the right encoding with no extra logic.
  logic [9:0]  be_base;
  logic [33:0] mag;
  logic        ovf, flush_res, fmag_sub;
  assign be_base   = (be_pre >= 11'sd1) ? be_pre[9:0] - 10'd1 : 10'd0;
  assign mag       = ({24'b0, be_base} << t_mbits) + {2'b0, m};
  assign ovf       = (mag > {2'b0, t_max});
  // Result is subnormal (or zero): exponent field zero.
  assign fmag_sub  = ((mag >> t_mbits) == 34'd0);
  assign flush_res = t_flushable & ~subnormals_i & fmag_sub & (mag != 34'd0);

  // Tininess after rounding (RISC-V/SoftFloat): the value rounded to p bits
  // with an unbounded exponent is still below the smallest normal. Only a
  // leading one just under the normal range (be_pre == 0) can round up out
  // of it; that happens when the p kept bits are all ones and round up.
  logic [31:0] kmask0, gmask0, smask0;
  logic        ones0, half0, below0, carry0, tiny;
  assign kmask0 = ~(32'hFFFF_FFFF >> (t_mbits + 5'd1));
  assign gmask0 = 32'h8000_0000 >> (t_mbits + 5'd1);
  assign smask0 = 32'hFFFF_FFFF >> (t_mbits + 5'd2);
  assign ones0  = &(norm | ~kmask0);
  assign half0  = |(norm & gmask0);
  assign below0 = |(norm & smask0);

  mosaic_fp_round_up u_round0 (
    .rm_i    (rm_i),
    .sign_i  (sign),
    .odd_i   (1'b1),
    .half_i  (half0),
    .below_i (below0),
    .up_o    (carry0)
  );

  assign tiny = (be_pre < 11'sd0) | ((be_pre == 11'sd0) & ~(ones0 & carry0));

  // IEEE 754 7.4: a directed mode that rounds toward zero for this sign
  // (RTZ; RDN if positive; RUP if negative) overflows to max, not Inf.
  logic to_max;
  assign to_max = (rm_i == mosaic_pkg::RmRtz) |
                  ((rm_i == mosaic_pkg::RmRdn) & ~sign) |
                  ((rm_i == mosaic_pkg::RmRup) & sign);

  // Moves an unshifted float pattern to its container position (TF32: 13).
  function automatic logic [31:0] place(input logic [31:0] x, input logic tf32);
    place = tf32 ? (x << 13) : x;
  endfunction

  logic [31:0] sign_bit;   // sign at the target's sign position, unshifted
  logic [31:0] max_signed; // +-max, container position
  assign sign_bit   = {31'b0, sign} << t_signpos;
  assign max_signed = place(t_max | sign_bit, t_tf32);

  // Flag vectors (MOSAIC_FLAG_* order).
  localparam logic [5:0] FNx  = 6'b1 << mosaic_pkg::FlagNx;
  localparam logic [5:0] FUf  = 6'b1 << mosaic_pkg::FlagUf;
  localparam logic [5:0] FOf  = 6'b1 << mosaic_pkg::FlagOf;
  localparam logic [5:0] FNv  = 6'b1 << mosaic_pkg::FlagNv;
  localparam logic [5:0] FSat = 6'b1 << mosaic_pkg::FlagSat;

  // Float result, in the golden model's order of cases (fp_encode, then
  // fp_pack_float). This module and mosaic_fp_unpack use continuous assigns
  // instead of always_comb: written with always_comb blocks, this datapath
  // made Icarus 11 spin forever at time zero on some inputs (the same blocks
  // as `always @*` settled; Verilator and Yosys accept either form).
  logic        f_inf_sat;      // Inf into FP4, or into FP8 with fp8_sat
  logic [31:0] zero_bits;      // signed zero of the target
  logic [31:0] inf_bits;       // signed Inf of an IEEE-style target
  logic [31:0] f_bits_ovf, f_bits;
  logic [5:0]  f_flags_ovf, f_flags;

  assign f_inf_sat = t_no_nan | (t_ovf_fp8 & fp8_sat_i);
  assign zero_bits = place(sign_bit, t_tf32);
  assign inf_bits  = t_inf | zero_bits;

  // Overflow: IEEE targets by rounding mode; FP8 per fp8_sat (E4M3's
  // overflow is its unsigned canonical NaN); FP4 always saturates.
  assign f_bits_ovf  = t_ovf_ieee                ? (to_max ? max_signed : inf_bits) :
                       (t_ovf_fp8 && !fp8_sat_i) ? (t_fn ? t_nan : inf_bits) :
                                                   max_signed;
  assign f_flags_ovf = (t_ovf_ieee || (t_ovf_fp8 && !fp8_sat_i)) ? (FOf | FNx) : (FSat | FNx);

  assign f_bits  = src_nan               ? (t_no_nan ? t_max : t_nan) :   // FP4: +max
                   src_inf               ? (f_inf_sat ? max_signed :
                                            t_fn      ? t_nan : inf_bits) :
                   (src_zero | norm_zero) ? zero_bits :
                   ovf                   ? f_bits_ovf :
                   flush_res             ? zero_bits :  // FP8/FP4 flush
                                           place(sign_bit | mag[31:0], t_tf32);
  assign f_flags = src_nan               ? (t_no_nan ? (FSat | FNv) : 6'b0) :
                   src_inf               ? (f_inf_sat ? FSat : t_fn ? FNv : 6'b0) :
                   (src_zero | norm_zero) ? 6'b0 :
                   ovf                   ? f_flags_ovf :
                   flush_res             ? (FUf | FNx) :
                                           ((inexact ? FNx : 6'b0) |
                                            ((inexact && tiny) ? FUf : 6'b0));

  // ---------------------------------------------------------------------
  // Integer target: saturate or wrap
  // ---------------------------------------------------------------------
  // |value| >= 2^32 only matters for wrapping: its low 32 bits are norm
  // shifted left by top - 31 (zero once that reaches 32).
  logic [31:0] imask, ilimit_pos, ilimit_neg, big_low, low, i_neg;
  logic [4:0]  big_sh;
  assign imask      = 32'hFFFF_FFFF >> (6'd32 - t_iw);
  assign ilimit_pos = imask >> 1;
  assign ilimit_neg = ilimit_pos + 32'd1;
  assign big_sh     = top[4:0] - 5'd31; // top - 31 mod 32, used for top in 32..62
  assign big_low    = (top > 11'sd62) ? 32'd0 : (norm << big_sh);
  assign low        = int_big ? big_low : m;
  assign i_neg      = 32'd0 - low;

  // NaN -> largest positive integer (RISC-V convention); Inf saturates even
  // when wrapping (it has no low bits); values rounding to 0 (and -0) are 0.
  logic [31:0] i_sat_bits, i_value, i_bits;
  logic [5:0]  i_nx, i_flags;
  logic        i_rounds_to_zero, i_sat;
  assign i_sat_bits       = sign ? (ilimit_neg & imask) : ilimit_pos;
  assign i_value          = (sign ? i_neg : low) & imask;
  assign i_nx             = inexact ? FNx : 6'b0;
  assign i_rounds_to_zero = !int_big && (m == 32'd0);
  assign i_sat            = !int_wrap_i && (int_big || m > (sign ? ilimit_neg : ilimit_pos));

  assign i_bits  = src_nan               ? ilimit_pos :
                   src_inf               ? i_sat_bits :
                   (src_zero | norm_zero) ? 32'd0 :
                   i_rounds_to_zero      ? 32'd0 :
                   i_sat                 ? i_sat_bits : i_value;
  assign i_flags = src_nan               ? (FSat | FNv) :
                   src_inf               ? FSat :
                   (src_zero | norm_zero) ? 6'b0 :
                   i_sat && !i_rounds_to_zero ? (FSat | i_nx) : i_nx;

  // ---------------------------------------------------------------------
  // Result
  // ---------------------------------------------------------------------
  logic from_valid;
  assign from_valid = (from_i <= mosaic_pkg::FmtTf32);

  assign bits_o  = !(from_valid && t_valid) ? 32'd0 : t_float ? f_bits : i_bits;
  assign flags_o = !(from_valid && t_valid) ? 6'd0 : t_float ? f_flags : i_flags;

endmodule

`default_nettype wire
