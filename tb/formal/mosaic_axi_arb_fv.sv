// Proof harness of mosaic_axi_arb (make formal, tb/formal/formal.py).
//
// The arbiter is built with AssumeEnv: its three protocol checkers
// (mosaic_axi_checker) assume that both masters and the slave follow AXI as
// Mosaic uses it, and assert everything the arbiter itself sends: handshakes
// held, bursts passed on intact, W only after its AW, wlast and rlast on the
// right beat, no R or B to a master without its request.
// This harness adds what a checker on one port cannot see:
//   ArPassA AwPassA  a burst leaves on the slave port exactly when one
//                    master's burst is accepted, with that master's payload
//   WPassA           a W beat reaches the slave exactly when one master's
//                    beat is taken, with that master's data
//   RRouteA BRouteA  each R beat and B response goes to exactly one master,
//                    the one that issued the burst (a reference queue of
//                    owners, kept here), with the slave's data
//   ArFairA AwFairA  round robin: while one master waits, the other is
//                    granted at most once

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_axi_arb_fv #(
  parameter int Dw          = 8,
  parameter int Outstanding = 2
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [1:0][31:0]     m_awaddr_i,
  input  logic [1:0][7:0]      m_awlen_i,
  input  logic [1:0][2:0]      m_awsize_i,
  input  logic [1:0][1:0]      m_awburst_i,
  input  logic [1:0]      m_awvalid_i,
  input  logic [1:0][Dw-1:0]   m_wdata_i,
  input  logic [1:0][Dw/8-1:0] m_wstrb_i,
  input  logic [1:0]      m_wlast_i,
  input  logic [1:0]      m_wvalid_i,
  input  logic [1:0]      m_bready_i,
  input  logic [1:0][31:0]     m_araddr_i,
  input  logic [1:0][7:0]      m_arlen_i,
  input  logic [1:0][2:0]      m_arsize_i,
  input  logic [1:0][1:0]      m_arburst_i,
  input  logic [1:0]      m_arvalid_i,
  input  logic [1:0]      m_rready_i,
  input  logic            s_awready_i,
  input  logic            s_wready_i,
  input  logic [1:0]      s_bresp_i,
  input  logic            s_bvalid_i,
  input  logic            s_arready_i,
  input  logic [Dw-1:0]   s_rdata_i,
  input  logic [1:0]      s_rresp_i,
  input  logic            s_rlast_i,
  input  logic            s_rvalid_i
);

  logic [1:0]    m_awready, m_wready, m_bvalid, m_arready, m_rvalid, m_rlast;
  logic [1:0][1:0]    m_bresp, m_rresp;
  logic [1:0][Dw-1:0] m_rdata;
  logic [31:0]   s_awaddr, s_araddr;
  logic [7:0]    s_awlen, s_arlen;
  logic [2:0]    s_awsize, s_arsize;
  logic [1:0]    s_awburst, s_arburst;
  logic          s_awvalid, s_wlast, s_wvalid, s_bready, s_arvalid, s_rready;
  logic [Dw-1:0] s_wdata;
  logic [Dw/8-1:0] s_wstrb;

  mosaic_axi_arb #(
    .AxiDataWidth (Dw),
    .Outstanding  (Outstanding),
    .AssumeEnv    (1'b1)
  ) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .m0_awaddr_i  (m_awaddr_i[0]),  .m0_awlen_i   (m_awlen_i[0]),
    .m0_awsize_i  (m_awsize_i[0]),  .m0_awburst_i (m_awburst_i[0]),
    .m0_awvalid_i (m_awvalid_i[0]), .m0_awready_o (m_awready[0]),
    .m0_wdata_i   (m_wdata_i[0]),   .m0_wstrb_i   (m_wstrb_i[0]),
    .m0_wlast_i   (m_wlast_i[0]),   .m0_wvalid_i  (m_wvalid_i[0]),
    .m0_wready_o  (m_wready[0]),    .m0_bresp_o   (m_bresp[0]),
    .m0_bvalid_o  (m_bvalid[0]),    .m0_bready_i  (m_bready_i[0]),
    .m0_araddr_i  (m_araddr_i[0]),  .m0_arlen_i   (m_arlen_i[0]),
    .m0_arsize_i  (m_arsize_i[0]),  .m0_arburst_i (m_arburst_i[0]),
    .m0_arvalid_i (m_arvalid_i[0]), .m0_arready_o (m_arready[0]),
    .m0_rdata_o   (m_rdata[0]),     .m0_rresp_o   (m_rresp[0]),
    .m0_rlast_o   (m_rlast[0]),     .m0_rvalid_o  (m_rvalid[0]),
    .m0_rready_i  (m_rready_i[0]),
    .m1_awaddr_i  (m_awaddr_i[1]),  .m1_awlen_i   (m_awlen_i[1]),
    .m1_awsize_i  (m_awsize_i[1]),  .m1_awburst_i (m_awburst_i[1]),
    .m1_awvalid_i (m_awvalid_i[1]), .m1_awready_o (m_awready[1]),
    .m1_wdata_i   (m_wdata_i[1]),   .m1_wstrb_i   (m_wstrb_i[1]),
    .m1_wlast_i   (m_wlast_i[1]),   .m1_wvalid_i  (m_wvalid_i[1]),
    .m1_wready_o  (m_wready[1]),    .m1_bresp_o   (m_bresp[1]),
    .m1_bvalid_o  (m_bvalid[1]),    .m1_bready_i  (m_bready_i[1]),
    .m1_araddr_i  (m_araddr_i[1]),  .m1_arlen_i   (m_arlen_i[1]),
    .m1_arsize_i  (m_arsize_i[1]),  .m1_arburst_i (m_arburst_i[1]),
    .m1_arvalid_i (m_arvalid_i[1]), .m1_arready_o (m_arready[1]),
    .m1_rdata_o   (m_rdata[1]),     .m1_rresp_o   (m_rresp[1]),
    .m1_rlast_o   (m_rlast[1]),     .m1_rvalid_o  (m_rvalid[1]),
    .m1_rready_i  (m_rready_i[1]),
    .s_awaddr_o   (s_awaddr),       .s_awlen_o    (s_awlen),
    .s_awsize_o   (s_awsize),       .s_awburst_o  (s_awburst),
    .s_awvalid_o  (s_awvalid),      .s_awready_i  (s_awready_i),
    .s_wdata_o    (s_wdata),        .s_wstrb_o    (s_wstrb),
    .s_wlast_o    (s_wlast),        .s_wvalid_o   (s_wvalid),
    .s_wready_i   (s_wready_i),     .s_bresp_i    (s_bresp_i),
    .s_bvalid_i   (s_bvalid_i),     .s_bready_o   (s_bready),
    .s_araddr_o   (s_araddr),       .s_arlen_o    (s_arlen),
    .s_arsize_o   (s_arsize),       .s_arburst_o  (s_arburst),
    .s_arvalid_o  (s_arvalid),      .s_arready_i  (s_arready_i),
    .s_rdata_i    (s_rdata_i),      .s_rresp_i    (s_rresp_i),
    .s_rlast_i    (s_rlast_i),      .s_rvalid_i   (s_rvalid_i),
    .s_rready_o   (s_rready)
  );

  initial assume (!rst_ni);   // every trace starts in reset

  // Handshakes on each port.
  logic [1:0] m_ar_hs, m_aw_hs, m_w_hs, m_r_hs, m_b_hs;
  logic       s_ar_hs, s_aw_hs, s_w_hs, s_r_hs, s_b_hs;
  assign m_ar_hs = m_arvalid_i & m_arready;
  assign m_aw_hs = m_awvalid_i & m_awready;
  assign m_w_hs  = m_wvalid_i & m_wready;
  assign m_r_hs  = m_rvalid & m_rready_i;
  assign m_b_hs  = m_bvalid & m_bready_i;
  assign s_ar_hs = s_arvalid & s_arready_i;
  assign s_aw_hs = s_awvalid & s_awready_i;
  assign s_w_hs  = s_wvalid & s_wready_i;
  assign s_r_hs  = s_rvalid_i & s_rready;
  assign s_b_hs  = s_bvalid_i & s_bready;

  // The master a handshake on the slave side belongs to (meaningful when
  // exactly one master handshakes).
  logic ar_who, aw_who, w_who;
  assign ar_who = m_ar_hs[1];
  assign aw_who = m_aw_hs[1];
  assign w_who  = m_w_hs[1];

  `MOSAIC_ASSERT(ArPassA, s_ar_hs == (m_ar_hs != 2'b00) && m_ar_hs != 2'b11 &&
                 (!s_ar_hs || {s_araddr, s_arlen, s_arsize, s_arburst} ==
                   {m_araddr_i[ar_who], m_arlen_i[ar_who], m_arsize_i[ar_who], m_arburst_i[ar_who]}),
                 clk_i, rst_ni)
  `MOSAIC_ASSERT(AwPassA, s_aw_hs == (m_aw_hs != 2'b00) && m_aw_hs != 2'b11 &&
                 (!s_aw_hs || {s_awaddr, s_awlen, s_awsize, s_awburst} ==
                   {m_awaddr_i[aw_who], m_awlen_i[aw_who], m_awsize_i[aw_who], m_awburst_i[aw_who]}),
                 clk_i, rst_ni)
  `MOSAIC_ASSERT(WPassA, s_w_hs == (m_w_hs != 2'b00) && m_w_hs != 2'b11 &&
                 (!s_w_hs || {s_wdata, s_wstrb, s_wlast} ==
                   {m_wdata_i[w_who], m_wstrb_i[w_who], m_wlast_i[w_who]}),
                 clk_i, rst_ni)

  // Reference queues of owners, in the order the slave accepted the bursts:
  // reads until their last R beat, writes until their B. Bits at and above
  // the count are zero.
  localparam int QW = 2 * Outstanding;
  logic [QW-1:0]        rq_q, bq_q;
  logic [$clog2(QW):0]  rn_q, bn_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rq_q <= '0;
      bq_q <= '0;
      rn_q <= '0;
      bn_q <= '0;
    end else begin
      // pop at the head (bit 0) first, then append at the tail
      logic [QW-1:0]       rq, bq;
      logic [$clog2(QW):0] rn, bn;
      rq = rq_q; rn = rn_q; bq = bq_q; bn = bn_q;
      if (s_r_hs && s_rlast_i && rn != '0) begin rq = rq >> 1; rn = rn - 1'b1; end
      if (s_b_hs && bn != '0)              begin bq = bq >> 1; bn = bn - 1'b1; end
      if (s_ar_hs) begin rq[rn[$clog2(QW)-1:0]] = ar_who; rn = rn + 1'b1; end
      if (s_aw_hs) begin bq[bn[$clog2(QW)-1:0]] = aw_who; bn = bn + 1'b1; end
      rq_q <= rq; rn_q <= rn; bq_q <= bq; bn_q <= bn;
    end
  end

  logic r_to, b_to;   // owner of the burst the slave is answering
  assign r_to = rq_q[0];
  assign b_to = bq_q[0];

  `MOSAIC_ASSERT(RRouteA, !s_rvalid_i || rn_q == '0 ||
                 (m_rvalid == (r_to ? 2'b10 : 2'b01) && s_rready == m_rready_i[r_to] &&
                  {m_rdata[r_to], m_rresp[r_to], m_rlast[r_to]} == {s_rdata_i, s_rresp_i, s_rlast_i}),
                 clk_i, rst_ni)
  `MOSAIC_ASSERT(BRouteA, !s_bvalid_i || bn_q == '0 ||
                 (m_bvalid == (b_to ? 2'b10 : 2'b01) && s_bready == m_bready_i[b_to] &&
                  m_bresp[b_to] == s_bresp_i),
                 clk_i, rst_ni)
  `MOSAIC_ASSERT(RNoneA, s_rvalid_i || m_rvalid == 2'b00, clk_i, rst_ni)
  `MOSAIC_ASSERT(BNoneA, s_bvalid_i || m_bvalid == 2'b00, clk_i, rst_ni)

  // Fairness: grants to one master while the other has been waiting since
  // its own last grant.
  logic [1:0][1:0] ar_skips_q, aw_skips_q;   // per master
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ar_skips_q <= '0;
      aw_skips_q <= '0;
    end else begin
      for (int i = 0; i < 2; i++) begin
        if (!m_arvalid_i[i] || m_ar_hs[i]) ar_skips_q[i] <= '0;
        else if (m_ar_hs[1-i])             ar_skips_q[i] <= ar_skips_q[i] + 2'd1;
        if (!m_awvalid_i[i] || m_aw_hs[i]) aw_skips_q[i] <= '0;
        else if (m_aw_hs[1-i])             aw_skips_q[i] <= aw_skips_q[i] + 2'd1;
      end
    end
  end
  `MOSAIC_ASSERT(ArFairA, ar_skips_q[0] <= 2'd1 && ar_skips_q[1] <= 2'd1, clk_i, rst_ni)
  `MOSAIC_ASSERT(AwFairA, aw_skips_q[0] <= 2'd1 && aw_skips_q[1] <= 2'd1, clk_i, rst_ni)

  // Covers: what the depth must reach for the proof to mean something
  // (tools/formal.py requires every one within the proof's depth).
  logic w_mid_q;   // the last W beat through was not a burst's last
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)     w_mid_q <= 1'b0;
    else if (s_w_hs) w_mid_q <= !s_wlast;
  end
  always_ff @(posedge clk_i) begin : CovArBoth       // both masters ask, one is granted
    if (rst_ni) cover (m_arvalid_i == 2'b11 && s_ar_hs);
  end
  always_ff @(posedge clk_i) begin : CovROrder       // m0's last beat with m1's burst queued behind
    if (rst_ni) cover (s_r_hs && s_rlast_i && rn_q == 2 && rq_q[1:0] == 2'b10);
  end
  always_ff @(posedge clk_i) begin : CovWBurst       // a two-beat W burst completes
    if (rst_ni) cover (s_w_hs && s_wlast && w_mid_q);
  end
  always_ff @(posedge clk_i) begin : CovBToM1        // m1 gets its B while m0's is queued
    if (rst_ni) cover (m_b_hs[1] && bn_q == 2);
  end

endmodule

`default_nettype wire
