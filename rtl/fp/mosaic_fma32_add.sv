// FP32 FMA, addend half: adds c to the exact product from mosaic_fma32_mul
// and rounds once. Together they are exactly mosaic_f32_fma() of
// sw/golden/f32_mul.c: one rounding of a*b + c, all five rounding modes,
// subnormals kept, tininess after rounding, canonical NaN 0x7FC00000,
// flags in MOSAIC_FLAG_* order (NX, UF, OF, NV; DZ and SAT never).
//
// Window. The sum is formed in a 77-bit window (bit 76 catches the carry)
// whose bit 0 weighs 2^E0. The product sits at bits 50:3, three guard bits
// above bit 0. The addend significand starts at bits 75:52 (LSB 49 places
// above the product's LSB) and is shifted right by s = 49 - D, where D is
// the addend's LSB weight minus the product's. Bits shifted out below bit 0
// are ORed into bit 0 ("jammed").
//
// Why the jam is exact (same argument as fp_add_exact in the golden model):
// the other operand has zeros at bit 0, so the jammed sum J is odd and the
// true sum lies strictly between J-1 and J+1; every rounding boundary and
// midpoint is a multiple of 2 as long as the rounding guard bit is at window
// bit 1 or above.
//  * Addend below the window (D < -3): then the product's exponent exceeds
//    the addend's, so at most one operand of a*b is subnormal and the
//    product has >= 24 significant bits (window bit 26 or above); the addend
//    is below 2^23 in window units, so the sum keeps its leading one at bit
//    25 or above and the guard bit is at bit 1 or above.
//  * Addend far above the product (s < 0, D > 49): the addend is placed at
//    bits 75:52 (E0 follows the addend instead of the product) and the whole
//    product becomes the jam bit. The product is then below 2^(LSB_c - 2),
//    i.e. below the rounding guard of any result (the sum loses at most one
//    leading bit, and a subnormal addend already sits on the rounding
//    floor), so the true sum and the jammed one round alike.
// 49 is the smallest lift that makes the second case hold; 3 guard bits the
// fewest for the first.
//
// After the sum: a 77-bit leading-zero normalisation, then
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

  localparam int W = 77;

  // ---------------------------------------------------------------------
  // Addend decode
  // ---------------------------------------------------------------------
  logic [7:0]  ec;
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

  // ---------------------------------------------------------------------
  // Alignment
  // ---------------------------------------------------------------------
  // D = (max(ec,1) - 150) - (p_exp - 300); s = 49 - D.
  logic signed [10:0] s;
  logic               clamp;
  logic [6:0]         s_amt;
  assign s     = 11'sd49 - ($signed({3'b0, (c_zexp ? 8'd1 : ec)}) + 11'sd150
                            - $signed({2'b0, p_exp_i}));
  // A zero addend never moves the window (the sum is the product).
  assign clamp = (s < 11'sd0) & ~c_zero;
  // Shifts of 76 and more leave only sticky bits; clamp there.
  assign s_amt = (s < 11'sd0) ? 7'd0 : (s > 11'sd76) ? 7'd76 : s[6:0];

  logic [W-1:0] c_win, p_win;
  logic [23:0]  c_lost_mask;
  logic         c_sticky;
  // Addend bit j lands at window bit 52 + j - s; those with j < s - 52 fall
  // out of the window.
  assign c_lost_mask = (s_amt > 7'd52) ? ~(24'hFF_FFFF << (s_amt - 7'd52)) : 24'h0;
  assign c_sticky    = |(sc & c_lost_mask);
  // A zero addend has sc == 0, so c_win is 0 and the sum is the product.
  assign c_win       = ({1'b0, sc, 52'b0} >> s_amt) | {{(W-1){1'b0}}, c_sticky};
  assign p_win       = clamp ? {{(W-1){1'b0}}, 1'b1} : {26'b0, p_sig_i, 3'b0};

  // Exponent of window bit 0, unbiased:
  //   product reference: (p_exp - 300) - 3;  addend reference: (ec - 150) - 52.
  logic signed [10:0] e0;
  assign e0 = clamp ? ($signed({3'b0, (c_zexp ? 8'd1 : ec)}) - 11'sd202)
                    : ($signed({2'b0, p_exp_i}) - 11'sd303);

  // ---------------------------------------------------------------------
  // Add / subtract magnitudes
  // ---------------------------------------------------------------------
  logic         eff_sub, neg, sum_sign;
  logic [W:0]   diff;
  logic [W-1:0] sum;
  assign eff_sub  = p_sign_i ^ c_sign;
  assign diff     = eff_sub ? ({1'b0, p_win} - {1'b0, c_win}) : ({1'b0, p_win} + {1'b0, c_win});
  // Effective addition never reaches bit W (addend < 2^76, product < 2^51),
  // so bit W of diff is the borrow of a subtraction.
  assign neg      = eff_sub & diff[W];
  assign sum      = neg ? (~diff[W-1:0] + {{(W-1){1'b0}}, 1'b1}) : diff[W-1:0];
  assign sum_sign = neg ? c_sign : p_sign_i;

  // ---------------------------------------------------------------------
  // Normalise, denormalise, round
  // ---------------------------------------------------------------------
  logic [W-1:0] nsum;
  logic [6:0]   lz;
  logic         sum_zero;

  mosaic_fp_norm #(
    .Width (W)
  ) u_norm (
    .in_i   (sum),
    .norm_o (nsum),
    .lz_o   (lz),
    .zero_o (sum_zero)
  );

  // Biased exponent the leading one would have: top + 127, top = e0 + 76 - lz.
  logic signed [10:0] be_pre;
  assign be_pre = e0 + 11'sd203 - $signed({4'b0, lz});

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
