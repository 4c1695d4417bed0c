// Two AXI4 masters onto one slave (m0 = tensor LSU, m1 = SDMA engine).
//
// No IDs anywhere: the slave answers in order, so the arbiter remembers who
// issued each burst in FIFOs of owners and routes R and B back from their
// heads. Read and write address channels are arbitrated independently, at
// burst granularity, round robin (the master that did not win last time
// wins a tie), so neither master starves. Once an address is presented to
// the slave it stays until accepted (AXI forbids withdrawing it), so the
// choice is locked while s_axvalid && !s_axready.
//
// W beats follow AW order: the owner of the oldest AW whose data is not
// complete supplies W until its wlast. A master's W before its AW was
// accepted simply waits (AXI lets a slave wait for AW before W).
//
// Outstanding bursts are limited by the owner FIFOs (Outstanding each);
// address issue stalls when they are full. Paths are combinational apart
// from the FIFOs and the locks.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_axi_arb #(
  parameter int AxiDataWidth = 64,
  parameter int Outstanding  = 8,   // power of two
  // The protocol checkers' burst-form checks (mosaic_axi_checker); only a
  // test that sends illegal bursts on purpose turns them off.
  parameter bit CheckBursts  = 1'b1,
  // 1 only when the arbiter is the top of a proof (tb/formal/): what its
  // masters and its slave send is then assumed to follow the protocol, and
  // what the arbiter sends is proven to.
  parameter bit AssumeEnv    = 1'b0
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // Master 0
  input  logic [31:0]               m0_awaddr_i,
  input  logic [7:0]                m0_awlen_i,
  input  logic [2:0]                m0_awsize_i,
  input  logic [1:0]                m0_awburst_i,
  input  logic                      m0_awvalid_i,
  output logic                      m0_awready_o,
  input  logic [AxiDataWidth-1:0]   m0_wdata_i,
  input  logic [AxiDataWidth/8-1:0] m0_wstrb_i,
  input  logic                      m0_wlast_i,
  input  logic                      m0_wvalid_i,
  output logic                      m0_wready_o,
  output logic [1:0]                m0_bresp_o,
  output logic                      m0_bvalid_o,
  input  logic                      m0_bready_i,
  input  logic [31:0]               m0_araddr_i,
  input  logic [7:0]                m0_arlen_i,
  input  logic [2:0]                m0_arsize_i,
  input  logic [1:0]                m0_arburst_i,
  input  logic                      m0_arvalid_i,
  output logic                      m0_arready_o,
  output logic [AxiDataWidth-1:0]   m0_rdata_o,
  output logic [1:0]                m0_rresp_o,
  output logic                      m0_rlast_o,
  output logic                      m0_rvalid_o,
  input  logic                      m0_rready_i,
  // Master 1
  input  logic [31:0]               m1_awaddr_i,
  input  logic [7:0]                m1_awlen_i,
  input  logic [2:0]                m1_awsize_i,
  input  logic [1:0]                m1_awburst_i,
  input  logic                      m1_awvalid_i,
  output logic                      m1_awready_o,
  input  logic [AxiDataWidth-1:0]   m1_wdata_i,
  input  logic [AxiDataWidth/8-1:0] m1_wstrb_i,
  input  logic                      m1_wlast_i,
  input  logic                      m1_wvalid_i,
  output logic                      m1_wready_o,
  output logic [1:0]                m1_bresp_o,
  output logic                      m1_bvalid_o,
  input  logic                      m1_bready_i,
  input  logic [31:0]               m1_araddr_i,
  input  logic [7:0]                m1_arlen_i,
  input  logic [2:0]                m1_arsize_i,
  input  logic [1:0]                m1_arburst_i,
  input  logic                      m1_arvalid_i,
  output logic                      m1_arready_o,
  output logic [AxiDataWidth-1:0]   m1_rdata_o,
  output logic [1:0]                m1_rresp_o,
  output logic                      m1_rlast_o,
  output logic                      m1_rvalid_o,
  input  logic                      m1_rready_i,
  // Slave
  output logic [31:0]               s_awaddr_o,
  output logic [7:0]                s_awlen_o,
  output logic [2:0]                s_awsize_o,
  output logic [1:0]                s_awburst_o,
  output logic                      s_awvalid_o,
  input  logic                      s_awready_i,
  output logic [AxiDataWidth-1:0]   s_wdata_o,
  output logic [AxiDataWidth/8-1:0] s_wstrb_o,
  output logic                      s_wlast_o,
  output logic                      s_wvalid_o,
  input  logic                      s_wready_i,
  input  logic [1:0]                s_bresp_i,
  input  logic                      s_bvalid_i,
  output logic                      s_bready_o,
  output logic [31:0]               s_araddr_o,
  output logic [7:0]                s_arlen_o,
  output logic [2:0]                s_arsize_o,
  output logic [1:0]                s_arburst_o,
  output logic                      s_arvalid_o,
  input  logic                      s_arready_i,
  input  logic [AxiDataWidth-1:0]   s_rdata_i,
  input  logic [1:0]                s_rresp_i,
  input  logic                      s_rlast_i,
  input  logic                      s_rvalid_i,
  output logic                      s_rready_o
);

  localparam int CntW = $clog2(Outstanding) + 1;

  // ------------------------------------------------------------------
  // Read address: choose, lock, remember the owner
  // ------------------------------------------------------------------
  logic ar_lock_q, ar_sel_q, ar_last_q, ar_sel, ar_any, ar_room;
  logic r_own_empty, r_own_full, r_owner;
  logic [CntW-1:0] r_own_cnt;

  always_comb begin
    if (ar_lock_q)                         ar_sel = ar_sel_q;
    else if (m0_arvalid_i && m1_arvalid_i) ar_sel = ~ar_last_q;
    else                                   ar_sel = m1_arvalid_i;
  end

  assign ar_any      = ar_sel ? m1_arvalid_i : m0_arvalid_i;
  assign ar_room     = ~r_own_full;
  assign s_arvalid_o = ar_any & ar_room;
  assign s_araddr_o  = ar_sel ? m1_araddr_i  : m0_araddr_i;
  assign s_arlen_o   = ar_sel ? m1_arlen_i   : m0_arlen_i;
  assign s_arsize_o  = ar_sel ? m1_arsize_i  : m0_arsize_i;
  assign s_arburst_o = ar_sel ? m1_arburst_i : m0_arburst_i;
  assign m0_arready_o = ~ar_sel & ar_room & s_arready_i;
  assign m1_arready_o =  ar_sel & ar_room & s_arready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ar_lock_q <= 1'b0;
      ar_sel_q  <= 1'b0;
      ar_last_q <= 1'b1;
    end else begin
      ar_lock_q <= s_arvalid_o & ~s_arready_i;
      ar_sel_q  <= ar_sel;
      if (s_arvalid_o && s_arready_i) ar_last_q <= ar_sel;
    end
  end

  mosaic_mem_fifo #(
    .Width (1),
    .Depth (Outstanding)
  ) u_r_owner (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (s_arvalid_o & s_arready_i),
    .wdata_i (ar_sel),
    .pop_i   (s_rvalid_i & s_rready_o & s_rlast_i),
    .rdata_o (r_owner),
    .empty_o (r_own_empty),
    .full_o  (r_own_full),
    .count_o (r_own_cnt)
  );

  // R beats with no burst outstanding are a slave error; they are dropped
  // (ready) rather than allowed to hang the bus.
  assign m0_rdata_o  = s_rdata_i;
  assign m1_rdata_o  = s_rdata_i;
  assign m0_rresp_o  = s_rresp_i;
  assign m1_rresp_o  = s_rresp_i;
  assign m0_rlast_o  = s_rlast_i;
  assign m1_rlast_o  = s_rlast_i;
  assign m0_rvalid_o = s_rvalid_i & ~r_own_empty & ~r_owner;
  assign m1_rvalid_o = s_rvalid_i & ~r_own_empty &  r_owner;
  assign s_rready_o  = r_own_empty | (r_owner ? m1_rready_i : m0_rready_i);

  // ------------------------------------------------------------------
  // Write address: choose, lock, remember the owner for W and for B
  // ------------------------------------------------------------------
  logic aw_lock_q, aw_sel_q, aw_last_q, aw_sel, aw_any, aw_room;
  logic w_own_empty, w_own_full, w_owner;
  logic b_own_empty, b_own_full, b_owner;
  logic [CntW-1:0] w_own_cnt, b_own_cnt;
  logic aw_fire;

  always_comb begin
    if (aw_lock_q)                         aw_sel = aw_sel_q;
    else if (m0_awvalid_i && m1_awvalid_i) aw_sel = ~aw_last_q;
    else                                   aw_sel = m1_awvalid_i;
  end

  assign aw_any      = aw_sel ? m1_awvalid_i : m0_awvalid_i;
  assign aw_room     = ~w_own_full & ~b_own_full;
  assign s_awvalid_o = aw_any & aw_room;
  assign s_awaddr_o  = aw_sel ? m1_awaddr_i  : m0_awaddr_i;
  assign s_awlen_o   = aw_sel ? m1_awlen_i   : m0_awlen_i;
  assign s_awsize_o  = aw_sel ? m1_awsize_i  : m0_awsize_i;
  assign s_awburst_o = aw_sel ? m1_awburst_i : m0_awburst_i;
  assign m0_awready_o = ~aw_sel & aw_room & s_awready_i;
  assign m1_awready_o =  aw_sel & aw_room & s_awready_i;
  assign aw_fire      = s_awvalid_o & s_awready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aw_lock_q <= 1'b0;
      aw_sel_q  <= 1'b0;
      aw_last_q <= 1'b1;
    end else begin
      aw_lock_q <= s_awvalid_o & ~s_awready_i;
      aw_sel_q  <= aw_sel;
      if (aw_fire) aw_last_q <= aw_sel;
    end
  end

  mosaic_mem_fifo #(
    .Width (1),
    .Depth (Outstanding)
  ) u_w_owner (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (aw_fire),
    .wdata_i (aw_sel),
    .pop_i   (s_wvalid_o & s_wready_i & s_wlast_o),
    .rdata_o (w_owner),
    .empty_o (w_own_empty),
    .full_o  (w_own_full),
    .count_o (w_own_cnt)
  );

  mosaic_mem_fifo #(
    .Width (1),
    .Depth (Outstanding)
  ) u_b_owner (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (aw_fire),
    .wdata_i (aw_sel),
    .pop_i   (s_bvalid_i & s_bready_o),
    .rdata_o (b_owner),
    .empty_o (b_own_empty),
    .full_o  (b_own_full),
    .count_o (b_own_cnt)
  );

  assign s_wvalid_o  = ~w_own_empty & (w_owner ? m1_wvalid_i : m0_wvalid_i);
  assign s_wdata_o   = w_owner ? m1_wdata_i : m0_wdata_i;
  assign s_wstrb_o   = w_owner ? m1_wstrb_i : m0_wstrb_i;
  assign s_wlast_o   = w_owner ? m1_wlast_i : m0_wlast_i;
  assign m0_wready_o = ~w_own_empty & ~w_owner & s_wready_i;
  assign m1_wready_o = ~w_own_empty &  w_owner & s_wready_i;

  assign m0_bresp_o  = s_bresp_i;
  assign m1_bresp_o  = s_bresp_i;
  assign m0_bvalid_o = s_bvalid_i & ~b_own_empty & ~b_owner;
  assign m1_bvalid_o = s_bvalid_i & ~b_own_empty &  b_owner;
  assign s_bready_o  = b_own_empty | (b_owner ? m1_bready_i : m0_bready_i);

  logic unused_cnt;
  assign unused_cnt = ^{r_own_cnt, w_own_cnt, b_own_cnt};

  // ------------------------------------------------------------------
  // Protocol checks on the three ports (simulation and formal only); at
  // most Outstanding bursts per direction are in flight at each port.
  // ------------------------------------------------------------------
`ifdef MOSAIC_ASSERT_ON
  mosaic_axi_checker #(.DataWidth (AxiDataWidth), .MaxBursts (2 * Outstanding),
                       .CheckBursts (CheckBursts), .EnvMaster (AssumeEnv)) u_chk_m0 (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .awaddr_i (m0_awaddr_i), .awlen_i (m0_awlen_i), .awsize_i (m0_awsize_i),
    .awburst_i (m0_awburst_i), .awvalid_i (m0_awvalid_i), .awready_i (m0_awready_o),
    .wdata_i (m0_wdata_i), .wstrb_i (m0_wstrb_i), .wlast_i (m0_wlast_i),
    .wvalid_i (m0_wvalid_i), .wready_i (m0_wready_o),
    .bresp_i (m0_bresp_o), .bvalid_i (m0_bvalid_o), .bready_i (m0_bready_i),
    .araddr_i (m0_araddr_i), .arlen_i (m0_arlen_i), .arsize_i (m0_arsize_i),
    .arburst_i (m0_arburst_i), .arvalid_i (m0_arvalid_i), .arready_i (m0_arready_o),
    .rdata_i (m0_rdata_o), .rresp_i (m0_rresp_o), .rlast_i (m0_rlast_o),
    .rvalid_i (m0_rvalid_o), .rready_i (m0_rready_i)
  );
  mosaic_axi_checker #(.DataWidth (AxiDataWidth), .MaxBursts (2 * Outstanding),
                       .CheckBursts (CheckBursts), .EnvMaster (AssumeEnv)) u_chk_m1 (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .awaddr_i (m1_awaddr_i), .awlen_i (m1_awlen_i), .awsize_i (m1_awsize_i),
    .awburst_i (m1_awburst_i), .awvalid_i (m1_awvalid_i), .awready_i (m1_awready_o),
    .wdata_i (m1_wdata_i), .wstrb_i (m1_wstrb_i), .wlast_i (m1_wlast_i),
    .wvalid_i (m1_wvalid_i), .wready_i (m1_wready_o),
    .bresp_i (m1_bresp_o), .bvalid_i (m1_bvalid_o), .bready_i (m1_bready_i),
    .araddr_i (m1_araddr_i), .arlen_i (m1_arlen_i), .arsize_i (m1_arsize_i),
    .arburst_i (m1_arburst_i), .arvalid_i (m1_arvalid_i), .arready_i (m1_arready_o),
    .rdata_i (m1_rdata_o), .rresp_i (m1_rresp_o), .rlast_i (m1_rlast_o),
    .rvalid_i (m1_rvalid_o), .rready_i (m1_rready_i)
  );
  mosaic_axi_checker #(.DataWidth (AxiDataWidth), .MaxBursts (2 * Outstanding),
                       .CheckBursts (CheckBursts), .EnvSlave (AssumeEnv)) u_chk_s (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .awaddr_i (s_awaddr_o), .awlen_i (s_awlen_o), .awsize_i (s_awsize_o),
    .awburst_i (s_awburst_o), .awvalid_i (s_awvalid_o), .awready_i (s_awready_i),
    .wdata_i (s_wdata_o), .wstrb_i (s_wstrb_o), .wlast_i (s_wlast_o),
    .wvalid_i (s_wvalid_o), .wready_i (s_wready_i),
    .bresp_i (s_bresp_i), .bvalid_i (s_bvalid_i), .bready_i (s_bready_o),
    .araddr_i (s_araddr_o), .arlen_i (s_arlen_o), .arsize_i (s_arsize_o),
    .arburst_i (s_arburst_o), .arvalid_i (s_arvalid_o), .arready_i (s_arready_i),
    .rdata_i (s_rdata_i), .rresp_i (s_rresp_i), .rlast_i (s_rlast_i),
    .rvalid_i (s_rvalid_i), .rready_i (s_rready_o)
  );
`endif

endmodule

`default_nettype wire
