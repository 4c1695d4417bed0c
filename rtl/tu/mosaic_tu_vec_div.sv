// tbdiv for one tile row: D[r][c] = A[r][c] / B[r][0] for the Lanes (16)
// elements of a row, exactly as sw/golden/minat_elem.c computes tbdiv
// (binary_float with MINAT_TBDIV): A and the broadcast divisor widen exactly
// to FP32 (mosaic_fmt_cvt; FP8/FP4 subnormals flush unless subnormals_i),
// one correctly rounded FP32 division under rm_i (mosaic_div32 per lane),
// then mosaic_fmt_cvt to D's format under rm_i / fp8_sat_i / subnormals_i.
// tbdiv is float-only (the issue side traps any integer tag), so there is
// no integer path; an integer format code here is simply what the
// converters make of it.
//
// Ports follow mosaic_tu_vec, except that there is no op_i and b_i is the one
// divisor element B[r][0] (the issue side picks it; the vector unit's
// tbsub/tbmul get it replicated instead). Element e of a row occupies bits
// [32e +: 32] of a_i/d_o and [6e +: 6] of flags_o; flags_o is the OR of each
// lane's steps (widening of A and B, the division, the narrowing) in
// MOSAIC_FLAG_* order; sat_o is the OR of the row's SAT flags (what sets
// mcsr.msat; only SAT is architectural).
//
// Timing: a row is accepted when valid_i & ready_o (formats and options are
// sampled with it); valid_o rises 14 cycles after the accepting edge (the
// mosaic_div32 latency, the same for every operand) and d_o/flags_o/sat_o
// hold until valid_o & ready_i. ready_o is high when idle and in the cycle
// the previous row is taken (combinationally from ready_i), so a stream of
// rows runs at one row per 14 cycles: 224 cycles for a 16-row tile. d_o is
// combinational from the dividers' registers through the narrowing
// converters (no extra register stage).

`default_nettype none

module mosaic_tu_vec_div #(
  parameter int Lanes  = 16,
  // The widenings of A and of the divisor and the narrowing: the unit's
  // own (0), or shared by mosaic_tu_redseq's units through cw_*/cb_*/cn_*
  // (1, with Lanes = 1).
  parameter bit ExtCvt = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic                 valid_i,
  output logic                 ready_o,
  input  logic [3:0]           a_fmt_i,
  input  logic [3:0]           b_fmt_i,
  input  logic [3:0]           d_fmt_i,
  input  logic [2:0]           rm_i,
  input  logic                 fp8_sat_i,
  input  logic                 subnormals_i,
  input  logic [32*Lanes-1:0]  a_i,
  input  logic [31:0]          b_i,

  output logic                 valid_o,
  input  logic                 ready_i,
  output logic [32*Lanes-1:0]  d_o,
  output logic [6*Lanes-1:0]   flags_o,
  output logic                 sat_o,
  // The shared converters (ExtCvt = 1; unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cb_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cb_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i
);

  // The divisor widens once for the whole row.
  logic [31:0] xb;
  logic [5:0]  xb_flags;

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

  // Options of the row in flight, for the narrowing at the end.
  logic       accept;
  logic [3:0] d_fmt_q;
  logic [2:0] rm_q;
  logic       fp8_sat_q, subnormals_q;
  assign accept = valid_i & ready_o;

  // Data registers need no reset: valid_o qualifies them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      d_fmt_q      <= d_fmt_i;
      rm_q         <= rm_i;
      fp8_sat_q    <= fp8_sat_i;
      subnormals_q <= subnormals_i;
    end
  end

  logic [Lanes-1:0] lane_ready, lane_valid, lane_sat;

  for (genvar e = 0; e < Lanes; e++) begin : g_lane
    logic [31:0] xa, q, d;
    logic [5:0]  xa_flags, q_flags, d_flags, in_flags_q;
    logic [mosaic_pkg::CvtReqW-1:0] wa_req, n_req;

    mosaic_tu_cvt_slot #(
      .Ext (ExtCvt)
    ) u_widen_a (
      .from_i       (a_fmt_i),
      .to_i         (mosaic_pkg::FmtFp32),
      .bits_i       (a_i[32*e +: 32]),
      .rm_i         (rm_i),
      .fp8_sat_i    (fp8_sat_i),
      .subnormals_i (subnormals_i),
      .int_wrap_i   (1'b0),
      .bits_o       (xa),
      .flags_o      (xa_flags),
      .req_o        (wa_req),
      .res_i        (cw_res_i)
    );

    always_ff @(posedge clk_i) begin
      if (accept) begin
        in_flags_q <= xa_flags | xb_flags;
      end
    end

    mosaic_div32 u_div (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .valid_i (valid_i),
      .ready_o (lane_ready[e]),
      .a_i     (xa),
      .b_i     (xb),
      .rm_i    (rm_i),
      .valid_o (lane_valid[e]),
      .ready_i (ready_i),
      .res_o   (q),
      .flags_o (q_flags)
    );

    mosaic_tu_cvt_slot #(
      .Ext (ExtCvt)
    ) u_narrow (
      .from_i       (mosaic_pkg::FmtFp32),
      .to_i         (d_fmt_q),
      .bits_i       (q),
      .rm_i         (rm_q),
      .fp8_sat_i    (fp8_sat_q),
      .subnormals_i (subnormals_q),
      .int_wrap_i   (1'b0),
      .bits_o       (d),
      .flags_o      (d_flags),
      .req_o        (n_req),
      .res_i        (cn_res_i)
    );

    // Only lane 0 may use the shared converters (ExtCvt needs one lane).
    if (e == 0) begin : g_req
      assign cw_req_o = wa_req;
      assign cn_req_o = n_req;
    end else begin : g_noreq
      logic unused_req;
      assign unused_req = ^{wa_req, n_req};
    end

    logic [5:0] lane_flags;
    assign lane_flags        = in_flags_q | q_flags | d_flags;
    assign d_o[32*e +: 32]   = d;
    assign flags_o[6*e +: 6] = lane_flags;
    assign lane_sat[e]       = lane_flags[mosaic_pkg::FlagSat];
  end

  // Every lane sees the same handshake and has the same fixed latency, so
  // the lanes run in lockstep and lane 0 speaks for all.
  assign ready_o = lane_ready[0];
  assign valid_o = lane_valid[0];
  assign sat_o   = |lane_sat;

  if (Lanes > 1) begin : g_unused
    logic unused_lanes;
    assign unused_lanes = ^{lane_ready[Lanes-1:1], lane_valid[Lanes-1:1]};
  end

endmodule

`default_nettype wire
