// Element-wise vector unit: one tile row (Lanes elements, default 16) of
// tadd/tsub/tmul/tmax/tmin/tbsub/tbmul/tscale/tcvt per cycle, each element
// exactly as sw/golden/minat_elem.c (see rtl/tu/mosaic_tu_vec_lane.sv for the
// datapath, the op codes and how the instructions map onto them).
//
// Timing: the lanes are combinational (widen -> FP32 fma / select / exact
// integer op -> narrow). InReg = 1 (default): one register stage, latency
// one cycle, throughput one row per cycle. The stage holds the accepted
// row's operands, op, formats and options, and the lanes compute the result
// from it: the same cycle behaviour as a result register, and the lanes
// depend only on this unit's flops, so a simulator evaluates them only on
// this unit's clock (mosaic_tu gates it while the engine is idle), not
// whenever the TRF ports that feed a_i/b_i change for another engine.
// Handshake: valid/ready on both sides; a row is accepted when
// valid_i & ready_o, and ready_o = ~valid_o | ready_i (the stage is the
// only buffer). InReg = 0: fully combinational, valid_o = valid_i,
// ready_o = ready_i, clk_i/rst_ni unused (for fast module tests).
// Op, formats and options are sampled with the row (per-row, so a stream of
// rows may change instruction at any row).
//
// Element e of a row occupies bits [32e +: 32] of a_i/b_i/d_o (patterns
// right-aligned as everywhere in Mosaic) and [6e +: 6] of flags_o. sat_o is
// the OR of the SAT flags of the row at the output (what sets mcsr.msat).
//
// ExtCvt = 1 (Lanes = 1 only): the lane's widenings of A and B, its final
// conversion and its FMA use the converters and the FMA mosaic_tu_redseq
// shares (cw_*, cb_*, cn_*, fx_*; see mosaic_tu_vec_lane).
//
// Not here: tbdiv and tact (need an iterative divider / the tact
// sequencer), tred / trowmax / trowsum (reductions across lanes).

`default_nettype none

module mosaic_tu_vec #(
  parameter int Lanes  = 16,
  parameter bit InReg  = 1'b1,
  parameter bit ExtCvt = 1'b0
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,

  input  logic                 valid_i,
  output logic                 ready_o,
  input  logic [2:0]           op_i,
  input  logic [3:0]           a_fmt_i,
  input  logic [3:0]           b_fmt_i,
  input  logic [3:0]           d_fmt_i,
  input  logic [2:0]           rm_i,
  input  logic                 fp8_sat_i,
  input  logic                 subnormals_i,
  input  logic [32*Lanes-1:0]  a_i,
  input  logic [32*Lanes-1:0]  b_i,

  output logic                 valid_o,
  input  logic                 ready_i,
  output logic [32*Lanes-1:0]  d_o,
  output logic [6*Lanes-1:0]   flags_o,
  output logic                 sat_o,
  // The shared converters (ExtCvt = 1; requests 0 and results unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cb_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cb_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // The shared FMA (ExtCvt = 1; request 0 and result unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);


  // The lanes' inputs: the ports (InReg = 0) or the stage (InReg = 1).
  logic [2:0]          l_op;
  logic [3:0]          l_a_fmt, l_b_fmt, l_d_fmt;
  logic [2:0]          l_rm;
  logic                l_fp8_sat, l_subn;
  logic [32*Lanes-1:0] l_a, l_b;

  logic [6*Lanes-1:0]  flags_d;
  logic [Lanes-1:0]    sat_d;

  for (genvar e = 0; e < Lanes; e++) begin : g_lane
    logic [mosaic_pkg::CvtReqW-1:0] cw_req, cb_req, cn_req;
    logic [mosaic_pkg::FmaReqW-1:0] fx_req;
    mosaic_tu_vec_lane #(
      .ExtCvt (ExtCvt)
    ) u_lane (
      .op_i         (l_op),
      .a_fmt_i      (l_a_fmt),
      .b_fmt_i      (l_b_fmt),
      .d_fmt_i      (l_d_fmt),
      .a_i          (l_a[32*e +: 32]),
      .b_i          (l_b[32*e +: 32]),
      .rm_i         (l_rm),
      .fp8_sat_i    (l_fp8_sat),
      .subnormals_i (l_subn),
      .d_o          (d_o[32*e +: 32]),
      .flags_o      (flags_d[6*e +: 6]),
      .cw_req_o     (cw_req),
      .cw_res_i     (cw_res_i),
      .cb_req_o     (cb_req),
      .cb_res_i     (cb_res_i),
      .cn_req_o     (cn_req),
      .cn_res_i     (cn_res_i),
      .fx_req_o     (fx_req),
      .fx_res_i     (fx_res_i)
    );
    assign sat_d[e] = flags_d[6*e + mosaic_pkg::FlagSat];
    // Only lane 0 may use the shared units (ExtCvt needs one lane).
    if (e == 0) begin : g_req
      assign cw_req_o = cw_req;
      assign cb_req_o = cb_req;
      assign cn_req_o = cn_req;
      assign fx_req_o = fx_req;
    end else begin : g_noreq
      logic unused_req;
      assign unused_req = ^{cw_req, cb_req, cn_req, fx_req};
    end
  end

  assign flags_o = flags_d;
  assign sat_o   = |sat_d;

  if (InReg) begin : g_reg
    logic accept;
    assign ready_o = ~valid_o | ready_i;
    assign accept  = valid_i & ready_o;

    logic valid_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= 1'b0;
      end else if (ready_o) begin
        valid_q <= valid_i;
      end
    end

    // Data registers need no reset: valid_q qualifies them.
    always_ff @(posedge clk_i) begin
      if (accept) begin
        l_op      <= op_i;
        l_a_fmt   <= a_fmt_i;
        l_b_fmt   <= b_fmt_i;
        l_d_fmt   <= d_fmt_i;
        l_rm      <= rm_i;
        l_fp8_sat <= fp8_sat_i;
        l_subn    <= subnormals_i;
        l_a       <= a_i;
        l_b       <= b_i;
      end
    end

    assign valid_o = valid_q;
  end else begin : g_comb
    assign l_op      = op_i;
    assign l_a_fmt   = a_fmt_i;
    assign l_b_fmt   = b_fmt_i;
    assign l_d_fmt   = d_fmt_i;
    assign l_rm      = rm_i;
    assign l_fp8_sat = fp8_sat_i;
    assign l_subn    = subnormals_i;
    assign l_a       = a_i;
    assign l_b       = b_i;
    assign valid_o   = valid_i;
    assign ready_o   = ready_i;
    // No registers: clock and reset stay in the port list so both
    // configurations have one interface.
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;
  end

endmodule

`default_nettype wire
