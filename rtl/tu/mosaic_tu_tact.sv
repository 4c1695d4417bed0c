// tact for one tile row: the Lanes (16) elements of a row of trD mapped
// through an activation function in place, exactly as sw/golden/minat_elem.c
// minat_tact computes them (bits and flags):
//   integer tag and func recip and value 0  -> stays 0, no flags
//   otherwise x = mosaic_fmt_cvt(tag -> FP32) under rm_i / fp8_sat_i /
//   subnormals_i (INT32 rounds under rm_i), y = mosaic_tact_f32(func, x)
//   (mosaic_tu_tact_lane: tact.c's FP32 sequences, every step RNE whatever
//   rm_i says), d = mosaic_fmt_cvt(FP32 -> tag) under the same options.
//
// func_i is the instruction's func field: 0 relu, 1 gelu, 2 silu, 3 exp,
// 4 recip; 5-7 are illegal (the issue side traps them) and give the
// canonical NaN converted to the tag. fmt_i is trD's tag; rm_i is the
// effective mfrm (a reserved mfrm traps before the unit, docs/isa.md R20).
//
// Ports follow mosaic_tu_vec_div: element e of a row occupies bits [32e +: 32]
// of a_i/d_o (right-aligned patterns, high bits ignored on input and zero on
// output) and [6e +: 6] of flags_o; flags_o is the OR of each lane's steps
// (widening, the tact sequence, narrowing) in MOSAIC_FLAG_* order; sat_o is
// the OR of the row's SAT flags (what sets mcsr.msat; only SAT is
// architectural).
//
// Timing: a row is accepted when valid_i & ready_o (func, format and options
// are sampled with it); valid_o rises a func-dependent, operand-independent
// number of cycles after the accepting edge, and d_o/flags_o/sat_o hold
// until valid_o & ready_i:
//   relu 1, gelu 49, silu 35, exp 19, recip 16 (5-7: 1)
// ready_o is high when idle and, combinationally from ready_i, in the cycle
// the previous row is taken, so a stream of rows runs at one row per that
// many cycles (gelu: 784 cycles for a 16-row tile). d_o is combinational
// from the lanes' registers through the narrowing converters.
//
// Area: per lane one combinational mosaic_fma32, one mosaic_div32, two
// mosaic_fmt_cvt (with ExtCvt no FMA or converter: mosaic_tu_redseq's
// shared ones), nine
// 32-bit registers and a 6-bit step counter (the lanes sequence themselves
// and stay in lockstep; lane 0 speaks for all).

`default_nettype none

module mosaic_tu_tact #(
  parameter int Lanes  = 16,
  // The widening of A, the narrowing and the FMA: each lane's own (0), or
  // shared by mosaic_tu_redseq's units through cw_*/cn_*/fx_* (1, with
  // Lanes = 1).
  parameter bit ExtCvt = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic                 valid_i,
  output logic                 ready_o,
  input  logic [2:0]           func_i,
  input  logic [3:0]           fmt_i,
  input  logic [2:0]           rm_i,
  input  logic                 fp8_sat_i,
  input  logic                 subnormals_i,
  input  logic [32*Lanes-1:0]  a_i,

  output logic                 valid_o,
  input  logic                 ready_i,
  output logic [32*Lanes-1:0]  d_o,
  output logic [6*Lanes-1:0]   flags_o,
  output logic                 sat_o,
  // The shared converters (ExtCvt = 1; unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // The shared FMA (ExtCvt = 1; unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);

  localparam logic [2:0] FnRecip = 3'd4;

  logic       accept;
  logic [3:0] fmt_q;
  logic [2:0] rm_q;
  logic       fp8_sat_q, subnormals_q;
  assign accept = valid_i & ready_o;

  // MINA-T §3.5: an integer 1/0 is 0, not a saturated maximum.
  logic int_recip;
  assign int_recip = (func_i == FnRecip) &
                     ((fmt_i == mosaic_pkg::FmtInt8) | (fmt_i == mosaic_pkg::FmtInt16) |
                      (fmt_i == mosaic_pkg::FmtInt32));

  // Data registers need no reset: valid_o qualifies them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      fmt_q        <= fmt_i;
      rm_q         <= rm_i;
      fp8_sat_q    <= fp8_sat_i;
      subnormals_q <= subnormals_i;
    end
  end

  logic [Lanes-1:0] lane_ready, lane_valid, lane_sat;

  for (genvar e = 0; e < Lanes; e++) begin : g_lane
    logic [31:0] x, y, d;
    logic [5:0]  x_flags, y_flags, d_flags, in_flags_q;
    logic [mosaic_pkg::CvtReqW-1:0] w_req, n_req;
    logic [mosaic_pkg::FmaReqW-1:0] f_req;
    logic        keep_q;

    mosaic_tu_cvt_slot #(
      .Ext (ExtCvt)
    ) u_widen (
      .from_i       (fmt_i),
      .to_i         (mosaic_pkg::FmtFp32),
      .bits_i       (a_i[32*e +: 32]),
      .rm_i         (rm_i),
      .fp8_sat_i    (fp8_sat_i),
      .subnormals_i (subnormals_i),
      .int_wrap_i   (1'b0),
      .bits_o       (x),
      .flags_o      (x_flags),
      .req_o        (w_req),
      .res_i        (cw_res_i)
    );

    // An integer converts to a zero FP32 pattern exactly when it is 0.
    always_ff @(posedge clk_i) begin
      if (accept) begin
        in_flags_q <= x_flags;
        keep_q     <= int_recip & (x == 32'h0);
      end
    end

    mosaic_tu_tact_lane #(
      .ExtFma (ExtCvt)
    ) u_lane (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .valid_i (valid_i),
      .ready_o (lane_ready[e]),
      .func_i  (func_i),
      .x_i     (x),
      .valid_o (lane_valid[e]),
      .ready_i (ready_i),
      .y_o     (y),
      .flags_o (y_flags),
      .fx_req_o (f_req),
      .fx_res_i (fx_res_i)
    );

    mosaic_tu_cvt_slot #(
      .Ext (ExtCvt)
    ) u_narrow (
      .from_i       (mosaic_pkg::FmtFp32),
      .to_i         (fmt_q),
      .bits_i       (y),
      .rm_i         (rm_q),
      .fp8_sat_i    (fp8_sat_q),
      .subnormals_i (subnormals_q),
      .int_wrap_i   (1'b0),
      .bits_o       (d),
      .flags_o      (d_flags),
      .req_o        (n_req),
      .res_i        (cn_res_i)
    );

    // Only lane 0 may use the shared units (ExtCvt needs one lane).
    if (e == 0) begin : g_req
      assign cw_req_o = w_req;
      assign cn_req_o = n_req;
      assign fx_req_o = f_req;
    end else begin : g_noreq
      logic unused_req;
      assign unused_req = ^{w_req, n_req, f_req};
    end

    logic [5:0] lane_flags;
    assign lane_flags        = keep_q ? 6'd0 : (in_flags_q | y_flags | d_flags);
    assign d_o[32*e +: 32]   = keep_q ? 32'h0 : d;
    assign flags_o[6*e +: 6] = lane_flags;
    assign lane_sat[e]       = lane_flags[mosaic_pkg::FlagSat];
  end

  // Every lane sees the same handshake and func and has the same
  // operand-independent sequence, so the lanes run in lockstep.
  assign ready_o = lane_ready[0];
  assign valid_o = lane_valid[0];
  assign sat_o   = |lane_sat;

  if (Lanes > 1) begin : g_unused
    logic unused_lanes;
    assign unused_lanes = ^{lane_ready[Lanes-1:1], lane_valid[Lanes-1:1]};
  end

endmodule

`default_nettype wire
