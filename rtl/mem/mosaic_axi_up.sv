// A narrow AXI4 master onto a wider bus (no IDs, responses in order).
//
// The tensor unit's LSU and TensorLoad engine move 64-bit beats; the bus to
// the memories is wider so that the SDMA engine can stream a full bus beat
// per cycle. Their bursts go through unchanged (same address, length and
// size): on the wide bus they are narrow bursts, whose beat i sits on the
// byte lanes of its address, lane (addr / NarrowBytes + i) % Ratio. The
// adapter only steers data: a W beat is copied to every lane and its
// strobes shifted onto its own; an R beat is taken from its lane.
//
// A burst's first lane is remembered from its address handshake until its
// last data beat, in order, one FIFO per direction (Outstanding deep; the
// address channel waits while it is full). The master's bursts must use
// size log2(NarrowBytes) (full narrow beats), as the LSU and TensorLoad
// do. A W beat waits until its burst's address has been accepted, as the
// arbiter behind this already requires.

`default_nettype none

module mosaic_axi_up #(
  parameter int NarrowWidth = 64,
  parameter int WideWidth   = 128,   // a power-of-two multiple of NarrowWidth
  parameter int Outstanding = 32     // power of two
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  // Narrow master
  input  logic [31:0]              m_awaddr_i,
  input  logic [7:0]               m_awlen_i,
  input  logic [2:0]               m_awsize_i,
  input  logic [1:0]               m_awburst_i,
  input  logic                     m_awvalid_i,
  output logic                     m_awready_o,
  input  logic [NarrowWidth-1:0]   m_wdata_i,
  input  logic [NarrowWidth/8-1:0] m_wstrb_i,
  input  logic                     m_wlast_i,
  input  logic                     m_wvalid_i,
  output logic                     m_wready_o,
  output logic [1:0]               m_bresp_o,
  output logic                     m_bvalid_o,
  input  logic                     m_bready_i,
  input  logic [31:0]              m_araddr_i,
  input  logic [7:0]               m_arlen_i,
  input  logic [2:0]               m_arsize_i,
  input  logic [1:0]               m_arburst_i,
  input  logic                     m_arvalid_i,
  output logic                     m_arready_o,
  output logic [NarrowWidth-1:0]   m_rdata_o,
  output logic [1:0]               m_rresp_o,
  output logic                     m_rlast_o,
  output logic                     m_rvalid_o,
  input  logic                     m_rready_i,
  // Wide slave
  output logic [31:0]              s_awaddr_o,
  output logic [7:0]               s_awlen_o,
  output logic [2:0]               s_awsize_o,
  output logic [1:0]               s_awburst_o,
  output logic                     s_awvalid_o,
  input  logic                     s_awready_i,
  output logic [WideWidth-1:0]     s_wdata_o,
  output logic [WideWidth/8-1:0]   s_wstrb_o,
  output logic                     s_wlast_o,
  output logic                     s_wvalid_o,
  input  logic                     s_wready_i,
  input  logic [1:0]               s_bresp_i,
  input  logic                     s_bvalid_i,
  output logic                     s_bready_o,
  output logic [31:0]              s_araddr_o,
  output logic [7:0]               s_arlen_o,
  output logic [2:0]               s_arsize_o,
  output logic [1:0]               s_arburst_o,
  output logic                     s_arvalid_o,
  input  logic                     s_arready_i,
  input  logic [WideWidth-1:0]     s_rdata_i,
  input  logic [1:0]               s_rresp_i,
  input  logic                     s_rlast_i,
  input  logic                     s_rvalid_i,
  output logic                     s_rready_o
);

  localparam int Ratio   = WideWidth / NarrowWidth;
  localparam int LaneW   = $clog2(Ratio);
  localparam int LaneLo  = $clog2(NarrowWidth / 8);
  localparam int CntW    = $clog2(Outstanding) + 1;

  // ------------------------------------------------------------------
  // Read: AR through, lane of each R beat
  // ------------------------------------------------------------------
  logic             rl_full, rl_empty, r_hs;
  logic [LaneW-1:0] rl_head, r_off_q, r_lane;
  logic [CntW-1:0]  rl_cnt;

  assign s_araddr_o  = m_araddr_i;
  assign s_arlen_o   = m_arlen_i;
  assign s_arsize_o  = m_arsize_i;
  assign s_arburst_o = m_arburst_i;
  assign s_arvalid_o = m_arvalid_i & ~rl_full;
  assign m_arready_o = s_arready_i & ~rl_full;

  mosaic_mem_fifo #(
    .Width (LaneW),
    .Depth (Outstanding)
  ) u_rlane (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (m_arvalid_i & m_arready_o),
    .wdata_i (m_araddr_i[LaneLo +: LaneW]),
    .pop_i   (r_hs & s_rlast_i),
    .rdata_o (rl_head),
    .empty_o (rl_empty),
    .full_o  (rl_full),
    .count_o (rl_cnt)
  );

  assign r_hs   = s_rvalid_i & m_rready_i;
  assign r_lane = rl_head + r_off_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                r_off_q <= '0;
    else if (r_hs && s_rlast_i) r_off_q <= '0;
    else if (r_hs)              r_off_q <= r_off_q + LaneW'(1);
  end

  assign m_rdata_o  = s_rdata_i[NarrowWidth * 32'(r_lane) +: NarrowWidth];
  assign m_rresp_o  = s_rresp_i;
  assign m_rlast_o  = s_rlast_i;
  assign m_rvalid_o = s_rvalid_i;
  assign s_rready_o = m_rready_i;

  // ------------------------------------------------------------------
  // Write: AW through, W beats steered onto their lane, B through
  // ------------------------------------------------------------------
  logic             wl_full, wl_empty, w_hs;
  logic [LaneW-1:0] wl_head, w_off_q, w_lane;
  logic [CntW-1:0]  wl_cnt;

  assign s_awaddr_o  = m_awaddr_i;
  assign s_awlen_o   = m_awlen_i;
  assign s_awsize_o  = m_awsize_i;
  assign s_awburst_o = m_awburst_i;
  assign s_awvalid_o = m_awvalid_i & ~wl_full;
  assign m_awready_o = s_awready_i & ~wl_full;

  mosaic_mem_fifo #(
    .Width (LaneW),
    .Depth (Outstanding)
  ) u_wlane (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (m_awvalid_i & m_awready_o),
    .wdata_i (m_awaddr_i[LaneLo +: LaneW]),
    .pop_i   (w_hs & m_wlast_i),
    .rdata_o (wl_head),
    .empty_o (wl_empty),
    .full_o  (wl_full),
    .count_o (wl_cnt)
  );

  assign w_hs   = m_wvalid_i & m_wready_o;
  assign w_lane = wl_head + w_off_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                w_off_q <= '0;
    else if (w_hs && m_wlast_i) w_off_q <= '0;
    else if (w_hs)              w_off_q <= w_off_q + LaneW'(1);
  end

  assign s_wdata_o  = {Ratio{m_wdata_i}};
  assign s_wstrb_o  = (WideWidth / 8)'(m_wstrb_i) << (NarrowWidth / 8 * 32'(w_lane));
  assign s_wlast_o  = m_wlast_i;
  assign s_wvalid_o = m_wvalid_i & ~wl_empty;
  assign m_wready_o = s_wready_i & ~wl_empty;

  assign m_bresp_o  = s_bresp_i;
  assign m_bvalid_o = s_bvalid_i;
  assign s_bready_o = m_bready_i;

  logic unused;
  assign unused = ^{rl_empty, rl_cnt, wl_cnt};

endmodule

`default_nettype wire
