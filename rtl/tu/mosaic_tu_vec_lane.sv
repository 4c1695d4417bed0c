// One lane of the element-wise vector unit: D = op(A, B) for one element,
// exactly as sw/golden/minat_elem.c computes it (bits and flags).
//
// Combinational. Float domain (d_fmt_i a float format):
//   A, B --mosaic_fmt_cvt--> FP32 (exact; FP8/FP4 subnormals flush unless
//   subnormals_i) -> one FP32 operation under rm_i -> mosaic_fmt_cvt to D
//   under rm_i / fp8_sat_i / subnormals_i.
//   add: fma(a, 1.0, b); sub: fma(a, 1.0, b ^ sign);
//   mul: fma(a, b, rm == RDN ? +0 : -0) (see rtl/fp/mosaic_fma32.sv);
//   max/min: IEEE 754-2019 maximumNumber/minimumNumber (mosaic_f32_max/min:
//   a NaN loses to a number, two NaNs give the canonical NaN, +0 > -0).
// Integer domain (d_fmt_i INT8/INT16/INT32): A and B sign-extended from
//   their formats, the operation exact in 64 bits, the result saturated to
//   D's width (flag SAT); no other flags.
// cvt: A converted to D by mosaic_fmt_cvt (B unused), any pair of formats.
//
// Flags: the OR of every step's flags (widening of A and B, the FP32
// operation, the final conversion), in the MOSAIC_FLAG_* bit order; only SAT
// is architectural (mcsr.msat), the rest match the golden model anyway.
//
// Instruction mapping (done by the issue side, not here):
//   tadd/tsub/tmul/tmax/tmin  op Add/Sub/Mul/Max/Min, B = B[i]
//   tbsub/tbmul               op Sub/Mul, B = B[row, 0] broadcast
//   tscale                    op Mul, A = D[i], a_fmt = d_fmt = tag,
//                             b_fmt = FP32 (float tag) or INT32 (integer
//                             tag), B = x[rs1]
//   tcvt                      op Cvt, A = S[i], a_fmt = tag(S), d_fmt = fmt
// Not here: tbdiv (needs a divider), tact, tred/trowmax/trowsum.
//
// Element patterns are right-aligned in 32 bits as everywhere in Mosaic
// (see mosaic_fmt_cvt); high bits above a source's width are ignored and the
// result's high bits are zero. Op codes 6..7 give 0 with no flags.
//
// ExtCvt = 1 (one lane in the unit, the FPGA configuration): the widenings
// of A and B, the final conversion and the FMA go out as requests (cw_*,
// cb_*, cn_*, fx_*; mosaic_tu_cvt_slot, mosaic_tu_fma_slot) to the
// converters and the FMA mosaic_tu_redseq shares, which the element-wise
// engine may use because the two sequencers never run at the same time.
// The result comes back in the same cycle, so timing and results are those
// of the lane's own units.
//
// MOSAIC_INJECT_VEC_BUG (test builds only): float sub forgets to negate B
// under RUP, so tb/modules/test_rtl_vec can prove it notices.

`default_nettype none

module mosaic_tu_vec_lane #(
  parameter bit ExtCvt = 1'b0
) (
  input  logic [2:0]  op_i,          // 0 add, 1 sub, 2 mul, 3 max, 4 min, 5 cvt
  input  logic [3:0]  a_fmt_i,
  input  logic [3:0]  b_fmt_i,
  input  logic [3:0]  d_fmt_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [2:0]  rm_i,
  input  logic        fp8_sat_i,
  input  logic        subnormals_i,
  output logic [31:0] d_o,
  output logic [5:0]  flags_o,
  // The shared converters (ExtCvt = 1; requests 0 and results unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cb_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cb_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // The shared FMA (ExtCvt = 1, as the converters; request 0 and result
  // unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);

  localparam logic [2:0] OpAdd = 3'd0;
  localparam logic [2:0] OpSub = 3'd1;
  localparam logic [2:0] OpMul = 3'd2;
  localparam logic [2:0] OpMax = 3'd3;
  localparam logic [2:0] OpMin = 3'd4;
  localparam logic [2:0] OpCvt = 3'd5;

  logic is_add, is_sub, is_mul, is_max, is_min, is_cvt, op_valid;
  assign is_add   = (op_i == OpAdd);
  assign is_sub   = (op_i == OpSub);
  assign is_mul   = (op_i == OpMul);
  assign is_max   = (op_i == OpMax);
  assign is_min   = (op_i == OpMin);
  assign is_cvt   = (op_i == OpCvt);
  assign op_valid = is_add | is_sub | is_mul | is_max | is_min | is_cvt;

  logic d_int;
  assign d_int = (d_fmt_i == mosaic_pkg::FmtInt8) | (d_fmt_i == mosaic_pkg::FmtInt16) |
                 (d_fmt_i == mosaic_pkg::FmtInt32);

  // ---------------------------------------------------------------------
  // Float domain: widen A and B exactly to FP32
  // ---------------------------------------------------------------------
  logic [31:0] xa, xb;
  logic [5:0]  xa_flags, xb_flags;

  mosaic_tu_cvt_slot #(
    .Ext (ExtCvt)
  ) u_widen_a (
    .from_i       (a_fmt_i),
    .to_i         (mosaic_pkg::FmtFp32),
    .bits_i       (a_i),
    .rm_i         (rm_i),
    .fp8_sat_i    (fp8_sat_i),
    .subnormals_i (subnormals_i),
    .int_wrap_i   (1'b0),
    .bits_o       (xa),
    .flags_o      (xa_flags),
    .req_o        (cw_req_o),
    .res_i        (cw_res_i)
  );

  mosaic_tu_cvt_slot #(
    .Ext (ExtCvt)
  ) u_widen_b (
    .from_i       (b_fmt_i),
    .to_i         (mosaic_pkg::FmtFp32),
    .bits_i       (b_i),
    .rm_i         (rm_i),
    .fp8_sat_i    (fp8_sat_i),
    .subnormals_i (subnormals_i),
    .int_wrap_i   (1'b0),
    .bits_o       (xb),
    .flags_o      (xb_flags),
    .req_o        (cb_req_o),
    .res_i        (cb_res_i)
  );

  // ---------------------------------------------------------------------
  // FP32 add / sub / mul on one fused multiply-add
  // ---------------------------------------------------------------------
  logic        neg_b;
`ifdef MOSAIC_INJECT_VEC_BUG
  assign neg_b = is_sub & (rm_i != mosaic_pkg::RmRup);
`else
  assign neg_b = is_sub;
`endif

  logic [31:0] fma_b, fma_c, fma_res;
  logic [5:0]  fma_flags;
  assign fma_b = is_mul ? xb : 32'h3F80_0000;
  assign fma_c = is_mul ? {(rm_i != mosaic_pkg::RmRdn), 31'b0} : {xb[31] ^ neg_b, xb[30:0]};

  mosaic_tu_fma_slot #(
    .Ext (ExtCvt)
  ) u_fma (
    .a_i     (xa),
    .b_i     (fma_b),
    .c_i     (fma_c),
    .rm_i    (rm_i),
    .res_o   (fma_res),
    .flags_o (fma_flags),
    .req_o   (fx_req_o),
    .res_i   (fx_res_i)
  );

  // ---------------------------------------------------------------------
  // FP32 maximumNumber / minimumNumber (mosaic_f32_max / mosaic_f32_min)
  // ---------------------------------------------------------------------
  logic xa_nan, xb_nan;
  assign xa_nan = (xa[30:23] == 8'hFF) & (xa[22:0] != 23'd0);
  assign xb_nan = (xb[30:23] == 8'hFF) & (xb[22:0] != 23'd0);

  // Total order key of a non-NaN pattern: +-magnitude (+0 and -0 equal).
  logic signed [32:0] key_a, key_b;
  assign key_a = xa[31] ? -$signed({2'b00, xa[30:0]}) : $signed({2'b00, xa[30:0]});
  assign key_b = xb[31] ? -$signed({2'b00, xb[30:0]}) : $signed({2'b00, xb[30:0]});

  logic        keys_eq, a_gt_b;
  logic [31:0] max_res, min_res, sel_res;
  assign keys_eq = (key_a == key_b);
  assign a_gt_b  = (key_a > key_b);
  assign max_res = (xa_nan & xb_nan) ? 32'h7FC0_0000 :
                   xa_nan            ? xb :
                   xb_nan            ? xa :
                   keys_eq           ? (xa & xb) :
                   a_gt_b            ? xa : xb;
  assign min_res = (xa_nan & xb_nan) ? 32'h7FC0_0000 :
                   xa_nan            ? xb :
                   xb_nan            ? xa :
                   keys_eq           ? (xa | xb) :
                   a_gt_b            ? xb : xa;
  assign sel_res = is_max ? max_res : min_res;

  logic        arith;
  logic [31:0] f32_res;
  logic [5:0]  f32_flags;
  assign arith     = is_add | is_sub | is_mul;
  assign f32_res   = arith ? fma_res : sel_res;
  assign f32_flags = xa_flags | (is_cvt ? 6'd0 : xb_flags) | (arith ? fma_flags : 6'd0);

  // ---------------------------------------------------------------------
  // Conversion to D (float results, and every cvt)
  // ---------------------------------------------------------------------
  logic [31:0] cvt_res;
  logic [5:0]  cvt_flags;

  mosaic_tu_cvt_slot #(
    .Ext (ExtCvt)
  ) u_narrow (
    .from_i       (is_cvt ? a_fmt_i : mosaic_pkg::FmtFp32),
    .to_i         (d_fmt_i),
    .bits_i       (is_cvt ? a_i : f32_res),
    .rm_i         (rm_i),
    .fp8_sat_i    (fp8_sat_i),
    .subnormals_i (subnormals_i),
    .int_wrap_i   (1'b0),
    .bits_o       (cvt_res),
    .flags_o      (cvt_flags),
    .req_o        (cn_req_o),
    .res_i        (cn_res_i)
  );

  // ---------------------------------------------------------------------
  // Integer domain: exact 64-bit arithmetic, saturation to D
  // ---------------------------------------------------------------------
  logic signed [31:0] ia, ib;
  assign ia = (a_fmt_i == mosaic_pkg::FmtInt8)  ? $signed({{24{a_i[7]}}, a_i[7:0]}) :
              (a_fmt_i == mosaic_pkg::FmtInt16) ? $signed({{16{a_i[15]}}, a_i[15:0]}) :
                                                  $signed(a_i);
  assign ib = (b_fmt_i == mosaic_pkg::FmtInt8)  ? $signed({{24{b_i[7]}}, b_i[7:0]}) :
              (b_fmt_i == mosaic_pkg::FmtInt16) ? $signed({{16{b_i[15]}}, b_i[15:0]}) :
                                                  $signed(b_i);

  logic signed [63:0] ia64, ib64, int_sum, int_diff, int_prod, int_res;
  assign ia64     = 64'(ia);
  assign ib64     = 64'(ib);
  assign int_sum  = ia64 + ib64;
  assign int_diff = ia64 - ib64;
  assign int_prod = ia64 * ib64;
  assign int_res  = is_add ? int_sum :
                    is_sub ? int_diff :
                    is_mul ? int_prod :
                    is_max ? ((ia > ib) ? ia64 : ib64) :
                             ((ia < ib) ? ia64 : ib64);

  // Limits of D: [-2^(w-1), 2^(w-1) - 1].
  logic signed [63:0] int_hi, int_lo;
  assign int_hi = (d_fmt_i == mosaic_pkg::FmtInt8)  ? 64'sd127 :
                  (d_fmt_i == mosaic_pkg::FmtInt16) ? 64'sd32767 : 64'sd2147483647;
  assign int_lo = ~int_hi;

  logic        int_ovf, int_unf;
  logic [31:0] int_sat, int_mask;
  assign int_ovf  = (int_res > int_hi);
  assign int_unf  = (int_res < int_lo);
  assign int_sat  = int_ovf ? int_hi[31:0] : int_unf ? int_lo[31:0] : int_res[31:0];
  assign int_mask = (d_fmt_i == mosaic_pkg::FmtInt8)  ? 32'h0000_00FF :
                    (d_fmt_i == mosaic_pkg::FmtInt16) ? 32'h0000_FFFF : 32'hFFFF_FFFF;

  logic [5:0] int_flags;
  assign int_flags = {int_ovf | int_unf, 5'd0};  // SAT is bit 5 (FlagSat)

  // ---------------------------------------------------------------------
  // Result
  // ---------------------------------------------------------------------
  logic use_int;
  assign use_int = d_int & ~is_cvt;

  assign d_o     = !op_valid ? 32'd0 :
                   use_int   ? (int_sat & int_mask) : cvt_res;
  assign flags_o = !op_valid ? 6'd0 :
                   use_int   ? int_flags :
                   is_cvt    ? cvt_flags : (f32_flags | cvt_flags);

endmodule

`default_nettype wire
