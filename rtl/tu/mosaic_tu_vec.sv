// Element-wise vector unit: one tile row (Lanes elements, default 16) of
// tadd/tsub/tmul/tmax/tmin/tbsub/tbmul/tscale/tcvt per cycle, each element
// exactly as sw/golden/minat_elem.c (see rtl/tu/mosaic_tu_vec_lane.sv for the
// datapath, the op codes and how the instructions map onto them).
//
// Timing: the lanes are combinational (widen -> FP32 fma / select / exact
// integer op -> narrow). OutReg = 1 (default): one register stage holds the
// result row, so the latency is one cycle and the throughput one row per
// cycle. Handshake: valid/ready on both sides; a row is accepted when
// valid_i & ready_o, and ready_o = ~valid_o | ready_i (the output register
// is the only buffer). OutReg = 0: fully combinational, valid_o = valid_i,
// ready_o = ready_i, clk_i/rst_ni unused (for a consumer that registers the
// row itself, and for fast module tests).
// Op, formats and options are sampled with the row (per-row, so a stream of
// rows may change instruction at any row).
//
// Element e of a row occupies bits [32e +: 32] of a_i/b_i/d_o (patterns
// right-aligned as everywhere in Mosaic) and [6e +: 6] of flags_o. sat_o is
// the OR of the SAT flags of the row in the output register (what sets
// mcsr.msat).
//
// Not here: tbdiv and tact (need an iterative divider / the tact
// sequencer), tred / trowmax / trowsum (reductions across lanes).

`default_nettype none

module mosaic_tu_vec #(
  parameter int Lanes  = 16,
  parameter bit OutReg = 1'b1
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
  output logic                 sat_o
);

  logic [32*Lanes-1:0] d_d;
  logic [6*Lanes-1:0]  flags_d;
  logic [Lanes-1:0]    sat_d;

  for (genvar e = 0; e < Lanes; e++) begin : g_lane
    mosaic_tu_vec_lane u_lane (
      .op_i         (op_i),
      .a_fmt_i      (a_fmt_i),
      .b_fmt_i      (b_fmt_i),
      .d_fmt_i      (d_fmt_i),
      .a_i          (a_i[32*e +: 32]),
      .b_i          (b_i[32*e +: 32]),
      .rm_i         (rm_i),
      .fp8_sat_i    (fp8_sat_i),
      .subnormals_i (subnormals_i),
      .d_o          (d_d[32*e +: 32]),
      .flags_o      (flags_d[6*e +: 6])
    );
    assign sat_d[e] = flags_d[6*e + mosaic_pkg::FlagSat];
  end

  if (OutReg) begin : g_reg
    logic accept;
    assign ready_o = ~valid_o | ready_i;
    assign accept  = valid_i & ready_o;

    logic valid_q, sat_q;
    logic [32*Lanes-1:0] d_q;
    logic [6*Lanes-1:0]  flags_q;

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
        d_q     <= d_d;
        flags_q <= flags_d;
        sat_q   <= |sat_d;
      end
    end

    assign valid_o = valid_q;
    assign d_o     = d_q;
    assign flags_o = flags_q;
    assign sat_o   = sat_q;
  end else begin : g_comb
    assign valid_o = valid_i;
    assign ready_o = ready_i;
    assign d_o     = d_d;
    assign flags_o = flags_d;
    assign sat_o   = |sat_d;
    // No registers: clock and reset stay in the port list so both
    // configurations have one interface.
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;
  end

endmodule

`default_nettype wire
