// FP32 round and pack: turns a normalised significand with its biased
// exponent into the FP32 encoding and its NX/UF/OF flags, in one of the five
// rounding modes, with subnormal results, tininess after rounding (RISC-V,
// SoftFloat) and IEEE 754 7.4 overflow. It is the last stage of the divider
// (mosaic_div32) and of the FMA's addend half (mosaic_fma32_add, which the
// adder and the PEs reuse): one copy of the logic that mirrors the golden
// model's f32_round() (sw/golden/fmt_convert.c, through fp_pack_float() in
// fmt_round.c), which its division, FMA and addition all end with.
//
// Input. x_i holds 24 kept bits (the leading one at bit 25), the half bit at
// bit 1 and the sticky bit (OR of everything below) at bit 0. be_pre_i is the
// biased exponent the leading one would have with an unbounded exponent
// range; any value in [-1022, 1023] is handled (both callers stay far inside
// it). Zero, Inf and NaN are the caller's: it overrides res_o/flags_o.
//
// Stages:
//  * Results below the normal range (be_pre_i < 1): x is shifted right by
//    1 - be_pre_i (26 and more leave only sticky) to the subnormal rounding
//    point, the bits shifted out joining the sticky bit.
//  * One round-up decision (mosaic_fp_round_up) on the kept LSB, half bit
//    and sticky.
//  * Packing trick: (exponent - 1) << 23 plus the 24-bit significand with its
//    hidden bit adds the hidden bit into the exponent field, so a rounding
//    carry into the next binade, and a subnormal rounding up to the smallest
//    normal, land on the right encoding with no extra logic. Overflow is
//    judged on this rounded magnitude (at or above Inf's pattern).
//  * Tininess after rounding: the value rounded to 24 bits with an unbounded
//    exponent is still below 2^-126. Only be_pre_i == 0 can round up out of
//    it (all 24 kept bits ones, rounding up), which a second round-up
//    decision on the unshifted bits tells.
//  * Overflow gives Inf, or the largest finite value in a directed mode that
//    rounds toward zero for this sign (RTZ; RDN if positive; RUP if
//    negative).
// Continuous assigns only, no always_comb: see mosaic_fp_round_up.sv.

`default_nettype none

module mosaic_fp_round_pack32 (
  input  logic [2:0]         rm_i,      // RISC-V rounding mode; 5..7 truncate
  input  logic               sign_i,
  input  logic signed [10:0] be_pre_i,  // biased exponent of x_i[25]
  input  logic [25:0]        x_i,       // {24 kept bits, half, sticky}
  output logic [31:0]        res_o,     // rounded FP32 (Inf/max on overflow)
  output logic [5:0]         flags_o    // NX, UF, OF (MOSAIC_FLAG_* order)
);

  localparam logic [5:0] FNx = 6'b1 << mosaic_pkg::FlagNx;
  localparam logic [5:0] FUf = 6'b1 << mosaic_pkg::FlagUf;
  localparam logic [5:0] FOf = 6'b1 << mosaic_pkg::FlagOf;

  // Shift to the subnormal rounding point.
  logic signed [10:0] dn;
  logic [4:0]         dn_amt;
  logic [25:0]        xs;
  logic               dn_sticky;
  assign dn        = 11'sd1 - be_pre_i;
  assign dn_amt    = (be_pre_i >= 11'sd1) ? 5'd0 : (dn > 11'sd26) ? 5'd26 : dn[4:0];
  assign xs        = x_i >> dn_amt;
  assign dn_sticky = |(x_i & ~(26'h3FF_FFFF << dn_amt));

  logic [23:0] kept;
  logic        half, below, inexact, inc;
  assign kept    = xs[25:2];
  assign half    = xs[1];
  assign below   = xs[0] | dn_sticky;
  assign inexact = half | below;

  mosaic_fp_round_up u_round (
    .rm_i    (rm_i),
    .sign_i  (sign_i),
    .odd_i   (kept[0]),
    .half_i  (half),
    .below_i (below),
    .up_o    (inc)
  );

  // Packing trick. A positive be_pre_i fits be_pre_i[9:0], and mag stays
  // below 2^34, so overflow is simply mag at or above Inf's pattern.
  logic [9:0]  be_base;
  logic [33:0] mag;
  logic        ovf;
  assign be_base = (be_pre_i >= 11'sd1) ? be_pre_i[9:0] - 10'd1 : 10'd0;
  assign mag     = {1'b0, be_base, 23'b0} + {10'b0, kept} + {33'b0, inc};
  assign ovf     = (mag >= 34'h0_7F80_0000);

  // Tininess after rounding.
  logic carry0, tiny;

  mosaic_fp_round_up u_round0 (
    .rm_i    (rm_i),
    .sign_i  (sign_i),
    .odd_i   (1'b1),
    .half_i  (x_i[1]),
    .below_i (x_i[0]),
    .up_o    (carry0)
  );

  assign tiny = (be_pre_i < 11'sd0) | ((be_pre_i == 11'sd0) & ~(&x_i[25:2] & carry0));

  logic to_max;
  assign to_max = (rm_i == mosaic_pkg::RmRtz) |
                  ((rm_i == mosaic_pkg::RmRdn) & ~sign_i) |
                  ((rm_i == mosaic_pkg::RmRup) & sign_i);

  assign res_o   = ovf ? (to_max ? {sign_i, 31'h7F7F_FFFF} : {sign_i, 8'hFF, 23'b0}) :
                         {sign_i, mag[30:0]};
  assign flags_o = ovf ? (FOf | FNx) :
                         ((inexact ? FNx : 6'b0) | ((inexact & tiny) ? FUf : 6'b0));

endmodule

`default_nettype wire
