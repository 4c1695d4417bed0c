// FP32 FMA, addend half: adds c to the exact product from mosaic_fma32_mul
// and rounds once. Together they are exactly mosaic_f32_fma() of
// sw/golden/f32_mul.c: one rounding of a*b + c, all five rounding modes,
// subnormals kept, tininess after rounding, canonical NaN 0x7FC00000,
// flags in MOSAIC_FLAG_* order (NX, UF, OF, NV; DZ and SAT never).
//
// Window. The sum is formed in a 64-bit window (bit 63 catches the carry),
// so a simulator computes it in machine words: the operand whose top bit
// weighs more sits at a fixed place and the other is shifted right with
// every bit that leaves bit 0 ORed into bit 0 ("jammed"):
//  * product reference (the addend's top bit lies below the product's, or
//    the addend is zero): the product at bits 62:15, the addend's 24 bits
//    shifted right from bits 62:39 by u = top_p - top_c;
//  * addend reference (otherwise): the addend at bits 62:39, the product's
//    48 bits shifted right from bits 62:15 by t = top_c - top_p.
// top_p is the weight of product bit 47 (its top bit, unless an operand is
// subnormal: mosaic_fma32_mul does not normalise), top_c that of sc bit 23.
//
// Why the jam is exact (same argument as fp_add_exact in the golden model):
// the fixed operand has zeros at bit 0, so the jammed sum J is odd and the
// true sum lies strictly between J-1 and J+1; every rounding boundary and
// midpoint is a multiple of 2 as long as the rounding guard bit (the bit
// below the 24 kept ones, or below the subnormal rounding point) is at
// window bit 1 or above. Bits are jammed only in these cases:
//  * Product reference, u >= 40. The product is then not the product of two
//    subnormals (its top weight would be at most 2^-251, below any nonzero
//    addend's), so its significand is >= 2^23: >= window bit 38, the addend
//    below 2^23, the sum above 2^37, the guard at bit 13 or above.
//  * Addend reference, t >= 16. A normal addend is >= 2^62 and the product
//    below 2^47, so the sum is above 2^61 and the guard at bit 37 or above.
//    A subnormal addend has its LSB (2^-149, the finest rounding point of
//    any FP32 result) at bit 39, so the guard is at bit 38 or above.
// Where the two tops are within one binade (deep cancellation) nothing is
// shifted out: both operands lie whole in the window and the sum is exact.
//
// After the sum: a 64-bit leading-zero normalisation, then
// mosaic_fp_round_pack32 (shared with the divider): for results below the
// normal range a right shift (with sticky) to the subnormal rounding point,
// then one round-up decision and the usual packing trick, overflow judged on
// the rounded value.

`default_nettype none

module mosaic_fma32_add (
  // Product from mosaic_fma32_mul (possibly registered).
  input  logic        p_nan_i,
  input  logic        p_nv_i,
  input  logic        p_inf_i,
  input  logic        p_zero_i,
  input  logic        p_sign_i,
  input  logic [8:0]  p_exp_i,
  input  logic [47:0] p_sig_i,
  // Addend and rounding mode (RISC-V code; 5..7 truncate like the golden
  // model's default, overflow to Inf).
  input  logic [31:0] c_i,
  input  logic [2:0]  rm_i,
  output logic [31:0] res_o,
  output logic [5:0]  flags_o
);

  localparam int W = 64;

  // ---------------------------------------------------------------------
  // Addend decode
  // ---------------------------------------------------------------------
  logic [7:0]  ec, ec_eff;
  logic        c_zexp, c_ones, c_fnz, c_nan, c_inf, c_zero, c_sign;
  logic [23:0] sc;
  assign ec     = c_i[30:23];
  assign c_zexp = ~|ec;
  assign c_ones = &ec;
  assign c_fnz  = |c_i[22:0];
  assign c_nan  = c_ones & c_fnz;
  assign c_inf  = c_ones & ~c_fnz;
  assign c_zero = c_zexp & ~c_fnz;
  assign c_sign = c_i[31];
  assign sc     = {~c_zexp, c_i[22:0]};
  // Subnormals share the smallest normal exponent.
  assign ec_eff = c_zexp ? 8'd1 : ec;

  // ---------------------------------------------------------------------
  // Alignment
  // ---------------------------------------------------------------------
  // Weights: product LSB 2^(p_exp - 300), top 2^(p_exp - 253); addend LSB
  // 2^(ec_eff - 150), top 2^(ec_eff - 127). t = top_c - top_p.
  logic signed [10:0] t, sh;
  logic               c_ref;
  logic [5:0]         sh_amt;
  assign t      = $signed({3'b0, ec_eff}) - $signed({2'b0, p_exp_i}) + 11'sd126;
  assign c_ref  = (t >= 11'sd0) & ~c_zero;
  assign sh     = c_ref ? t : (11'sd0 - t);
  // A zero addend in product reference has nothing to shift; shifts of 63
  // and more leave only the sticky bit (bits 62:0 hold the operand).
  assign sh_amt = (sh < 11'sd0) ? 6'd0 : (sh > 11'sd63) ? 6'd63 : sh[5:0];

  logic [W-1:0] p_full, c_full, lo_op, lo_sh, p_win, c_win;
  logic         lo_sticky;
  // lo_op: the operand that is shifted (the one whose top weighs less).
  assign p_full    = {1'b0, p_sig_i, 15'b0};
  assign c_full    = {1'b0, sc, 39'b0};
  assign lo_op     = c_ref ? p_full : c_full;
  assign lo_sticky = |(lo_op & ~({W{1'b1}} << sh_amt));
  assign lo_sh     = (lo_op >> sh_amt) | {{(W-1){1'b0}}, lo_sticky};
  assign p_win     = c_ref ? lo_sh : p_full;
  assign c_win     = c_ref ? c_full : lo_sh;

  // Exponent of window bit 0, unbiased: product reference (p_exp - 300) -
  // 15, addend reference (ec_eff - 150) - 39.
  logic signed [10:0] e0;
  assign e0 = c_ref ? ($signed({3'b0, ec_eff}) - 11'sd189)
                    : ($signed({2'b0, p_exp_i}) - 11'sd315);

  // ---------------------------------------------------------------------
  // Add / subtract magnitudes
  // ---------------------------------------------------------------------
  logic         eff_sub, neg, sum_sign;
  logic [W-1:0] diff, sum;
  assign eff_sub  = p_sign_i ^ c_sign;
  // Both operands are below 2^63: a sum fits 64 bits, and a difference lies
  // in (-2^63, 2^63), so its bit 63 is its sign.
  assign diff     = eff_sub ? (p_win - c_win) : (p_win + c_win);
  assign neg      = eff_sub & diff[W-1];
  assign sum      = neg ? (~diff + {{(W-1){1'b0}}, 1'b1}) : diff;
  assign sum_sign = neg ? c_sign : p_sign_i;

  // ---------------------------------------------------------------------
  // Normalise, denormalise, round
  // ---------------------------------------------------------------------
  logic [W-1:0] nsum;
  logic [5:0]   lz;
  logic         sum_zero;

  mosaic_fp_norm #(
    .Width (W)
  ) u_norm (
    .in_i   (sum),
    .norm_o (nsum),
    .lz_o   (lz),
    .zero_o (sum_zero)
  );

  // Biased exponent the leading one would have: top + 127, top = e0 + 63 - lz.
  logic signed [10:0] be_pre;
  assign be_pre = e0 + 11'sd190 - $signed({5'b0, lz});

  // 24 kept bits, the half bit, and everything below as one sticky bit.
  logic [25:0] x;
  assign x = {nsum[W-1 -: 25], |nsum[W-26:0]};

  // Denormalise, round, pack, overflow and tininess (shared with the
  // divider).
  logic [31:0] rnd_res;
  logic [5:0]  rnd_flags;

  mosaic_fp_round_pack32 u_round_pack (
    .rm_i     (rm_i),
    .sign_i   (sum_sign),
    .be_pre_i (be_pre),
    .x_i      (x),
    .res_o    (rnd_res),
    .flags_o  (rnd_flags)
  );

  // ---------------------------------------------------------------------
  // Result selection (golden priorities)
  // ---------------------------------------------------------------------
  localparam logic [31:0] CanonNan = 32'h7FC0_0000;

  // Continuous assigns, not an always_comb: see mosaic_fp_round_up.sv.
  logic [31:0] inf_p, inf_c, zero_sum;
  logic        inf_clash;
  assign inf_p     = {p_sign_i, 8'hFF, 23'b0};
  assign inf_c     = {c_sign, 8'hFF, 23'b0};
  assign inf_clash = p_inf_i & c_inf & (c_sign != p_sign_i);
  // Exact zero product plus zero addend: IEEE 754 6.3 sign rule.
  assign zero_sum  = {(p_sign_i == c_sign) ? c_sign : (rm_i == mosaic_pkg::RmRdn), 31'b0};

  assign res_o = p_nan_i   ? CanonNan :
                 c_nan     ? CanonNan :
                 inf_clash ? CanonNan :
                 p_inf_i   ? inf_p :
                 c_inf     ? inf_c :
                 p_zero_i  ? (c_zero ? zero_sum : c_i) :  // exact zero product: c itself
                 // Exact cancellation: +0, or -0 when rounding down.
                 sum_zero  ? {(rm_i == mosaic_pkg::RmRdn), 31'b0} :
                             rnd_res;

  localparam logic [5:0] FNv = 6'b1 << mosaic_pkg::FlagNv;

  assign flags_o = p_nan_i   ? (p_nv_i ? FNv : 6'b0) :
                   c_nan     ? 6'b0 :
                   inf_clash ? FNv :
                   (p_inf_i | c_inf | p_zero_i | sum_zero) ? 6'b0 :
                               rnd_flags;

endmodule

`default_nettype wire
