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

  always_comb begin
    t_valid     = 1'b1;
    t_float     = 1'b1;
    t_int       = 1'b0;
    t_mbits     = 5'd23;
    t_bias      = 8'd127;
    t_signpos   = 5'd31;
    t_max       = 32'h7F7F_FFFF;
    t_nan       = 32'h7FC0_0000;
    t_inf       = 32'h7F80_0000;
    t_tf32      = 1'b0;
    t_flushable = 1'b0;
    t_ovf_ieee  = 1'b1;
    t_ovf_fp8   = 1'b0;
    t_fn        = 1'b0;
    t_no_nan    = 1'b0;
    t_iw        = 6'd32;
    unique case (to_i)
      mosaic_pkg::FmtFp32: ;
      mosaic_pkg::FmtTf32: begin
        t_mbits   = 5'd10;
        t_signpos = 5'd18;
        t_max     = 32'h0003_FBFF;
        t_tf32    = 1'b1;
      end
      mosaic_pkg::FmtFp16: begin
        t_mbits   = 5'd10;
        t_bias    = 8'd15;
        t_signpos = 5'd15;
        t_max     = 32'h0000_7BFF;
        t_nan     = 32'h0000_7E00;
        t_inf     = 32'h0000_7C00;
      end
      mosaic_pkg::FmtBf16: begin
        t_mbits   = 5'd7;
        t_signpos = 5'd15;
        t_max     = 32'h0000_7F7F;
        t_nan     = 32'h0000_7FC0;
        t_inf     = 32'h0000_7F80;
      end
      mosaic_pkg::FmtE4m3: begin
        t_mbits     = 5'd3;
        t_bias      = 8'd7;
        t_signpos   = 5'd7;
        t_max       = 32'h0000_007E;
        t_nan       = 32'h0000_007F;
        t_inf       = 32'h0000_0000;
        t_flushable = 1'b1;
        t_ovf_ieee  = 1'b0;
        t_ovf_fp8   = 1'b1;
        t_fn        = 1'b1;
      end
      mosaic_pkg::FmtE5m2: begin
        t_mbits     = 5'd2;
        t_bias      = 8'd15;
        t_signpos   = 5'd7;
        t_max       = 32'h0000_007B;
        t_nan       = 32'h0000_007E;
        t_inf       = 32'h0000_007C;
        t_flushable = 1'b1;
        t_ovf_ieee  = 1'b0;
        t_ovf_fp8   = 1'b1;
      end
      mosaic_pkg::FmtFp4: begin
        t_mbits     = 5'd1;
        t_bias      = 8'd1;
        t_signpos   = 5'd3;
        t_max       = 32'h0000_0007;
        t_nan       = 32'h0000_0000;
        t_inf       = 32'h0000_0000;
        t_flushable = 1'b1;
        t_ovf_ieee  = 1'b0;
        t_no_nan    = 1'b1;
      end
      mosaic_pkg::FmtInt8: begin
        t_float = 1'b0;
        t_int   = 1'b1;
        t_iw    = 6'd8;
      end
      mosaic_pkg::FmtInt16: begin
        t_float = 1'b0;
        t_int   = 1'b1;
        t_iw    = 6'd16;
      end
      mosaic_pkg::FmtInt32: begin
        t_float = 1'b0;
        t_int   = 1'b1;
        t_iw    = 6'd32;
      end
      default: begin
        t_valid = 1'b0;
        t_float = 1'b0;
      end
    endcase
  end

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

  always_comb begin
    if (t_int) begin
      if (int_big)                shift = 6'd0;
      else if (shift_i > 12'sd34) shift = 6'd34;
      else                        shift = shift_i[5:0];
    end else begin
      if (shift_f > 12'sd34)      shift = 6'd34;
      else                        shift = shift_f[5:0];
    end
  end

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

  // IEEE 754 7.4: directed modes stop at max on the side they round away from.
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

  logic [31:0] f_bits;
  logic [5:0]  f_flags;

  // The result blocks assign each output exactly once on every path rather
  // than a default that a branch overrides: Icarus 11 re-triggers chained
  // always_comb blocks written the latter way forever at time zero.
  always_comb begin
    if (src_nan) begin
      // FP4 has no NaN: +max, flagged.
      f_bits  = t_no_nan ? t_max : t_nan;
      f_flags = t_no_nan ? (FSat | FNv) : 6'b0;
    end else if (src_inf) begin
      if (t_no_nan || (t_ovf_fp8 && fp8_sat_i)) begin
        f_bits  = max_signed;
        f_flags = FSat;
      end else if (t_fn) begin
        // E4M3 cannot hold Inf.
        f_bits  = t_nan;
        f_flags = FNv;
      end else begin
        f_bits  = t_inf | place(sign_bit, t_tf32);
        f_flags = 6'b0;
      end
    end else if (src_zero || norm_zero) begin
      f_bits  = place(sign_bit, t_tf32);
      f_flags = 6'b0;
    end else if (ovf) begin
      if (t_ovf_ieee) begin
        f_bits  = to_max ? max_signed : (t_inf | place(sign_bit, t_tf32));
        f_flags = FOf | FNx;
      end else if (t_ovf_fp8 && !fp8_sat_i) begin
        // E4M3 overflows to its (unsigned) canonical NaN, E5M2 to +-Inf.
        f_bits  = t_fn ? t_nan : (t_inf | sign_bit);
        f_flags = FOf | FNx;
      end else begin
        f_bits  = max_signed;
        f_flags = FSat | FNx;
      end
    end else if (flush_res) begin
      // FP8/FP4 flush: a rounded result in the subnormal range becomes zero.
      f_bits  = place(sign_bit, t_tf32);
      f_flags = FUf | FNx;
    end else begin
      f_bits  = place(sign_bit | mag[31:0], t_tf32);
      f_flags = (inexact ? FNx : 6'b0) | ((inexact && tiny) ? FUf : 6'b0);
    end
  end

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

  logic [31:0] i_bits, i_sat_bits;
  logic [5:0]  i_flags;
  logic [5:0]  i_nx;
  assign i_sat_bits = sign ? (ilimit_neg & imask) : ilimit_pos;
  assign i_nx       = inexact ? FNx : 6'b0;

  always_comb begin
    if (src_nan) begin
      // RISC-V convention: NaN -> largest positive integer.
      i_bits  = ilimit_pos;
      i_flags = FSat | FNv;
    end else if (src_inf) begin
      // Saturates even when wrapping: Inf has no low bits.
      i_bits  = i_sat_bits;
      i_flags = FSat;
    end else if (src_zero || norm_zero) begin
      i_bits  = 32'd0;
      i_flags = 6'b0;
    end else if (!int_big && m == 32'd0) begin
      // -0 and values rounding to zero are plain 0.
      i_bits  = 32'd0;
      i_flags = i_nx;
    end else if (int_wrap_i) begin
      i_bits  = (sign ? i_neg : low) & imask;
      i_flags = i_nx;
    end else if (int_big || m > (sign ? ilimit_neg : ilimit_pos)) begin
      i_bits  = i_sat_bits;
      i_flags = FSat | i_nx;
    end else begin
      i_bits  = (sign ? i_neg : low) & imask;
      i_flags = i_nx;
    end
  end

  // ---------------------------------------------------------------------
  // Result
  // ---------------------------------------------------------------------
  logic from_valid;
  assign from_valid = (from_i <= mosaic_pkg::FmtTf32);

  assign bits_o  = !(from_valid && t_valid) ? 32'd0 : t_float ? f_bits : i_bits;
  assign flags_o = !(from_valid && t_valid) ? 6'd0 : t_float ? f_flags : i_flags;

endmodule

`default_nettype wire
