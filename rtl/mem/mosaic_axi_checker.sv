// AXI4 protocol checker: assertions on one AXI interface as Mosaic uses it
// (no IDs, so responses come back in request order; INCR bursts). It drives
// nothing. mosaic_axi_arb instantiates one on each of its three ports, so
// every AXI master of the tensor unit (LSU, TensorLoad, SDMA) and the tensor
// unit's port to the memory system are checked.
//
// Checked (labels as a failure reports them):
//   AwHoldA ArHoldA WHoldA RHoldA BHoldA
//                 valid stays high and the payload stable until ready
//                 (AXI A3.2.1)
//   AwBurstA ArBurstA   INCR bursts only, beat size within the bus
//   Aw4kA Ar4kA    a burst does not cross a 4 KiB boundary (AXI A3.4.1)
//   WNoAwA         a W beat is accepted only for an accepted AW whose data is
//                  not complete (Mosaic's arbiter accepts W after AW)
//   WLastA RLastA  wlast / rlast on exactly the (len+1)-th beat of a burst
//   RNoReqA        no R beat without an outstanding read burst
//   BNoReqA        no B response without a write burst whose data is complete
//   CheckerDepthA  the checker's own bookkeeping (MaxBursts bursts per
//                  direction) is deep enough for what is outstanding
//
// The bookkeeping (burst-length queues and beat counters) exists only where
// assertions are real (MOSAIC_ASSERT_ON, rtl/prim/mosaic_assert.svh); for
// synthesis and Icarus the module is empty and mosaic_axi_arb does not
// instantiate it.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_axi_checker #(
  parameter int DataWidth   = 64,
  parameter int MaxBursts   = 16,    // power of two
  // 0: a test that sends illegal bursts on purpose (to see the slave's
  // error responses) turns the burst-form checks off; the rest stay.
  parameter bit CheckBursts = 1'b1,
  // Whose properties are assumed rather than asserted, for a proof whose
  // top is the block this checker watches (tb/formal/, make formal): with
  // EnvMaster the master side of this interface is the proof's environment
  // (what it drives: AW, W, AR, and the burst and wlast rules), with
  // EnvSlave the slave side (R, B, rlast, no response without a request).
  // A simulation checks assumptions like assertions, so these change nothing
  // outside a proof.
  parameter bit EnvMaster   = 1'b0,
  parameter bit EnvSlave    = 1'b0
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [31:0]            awaddr_i,
  input  logic [7:0]             awlen_i,
  input  logic [2:0]             awsize_i,
  input  logic [1:0]             awburst_i,
  input  logic                   awvalid_i,
  input  logic                   awready_i,
  input  logic [DataWidth-1:0]   wdata_i,
  input  logic [DataWidth/8-1:0] wstrb_i,
  input  logic                   wlast_i,
  input  logic                   wvalid_i,
  input  logic                   wready_i,
  input  logic [1:0]             bresp_i,
  input  logic                   bvalid_i,
  input  logic                   bready_i,
  input  logic [31:0]            araddr_i,
  input  logic [7:0]             arlen_i,
  input  logic [2:0]             arsize_i,
  input  logic [1:0]             arburst_i,
  input  logic                   arvalid_i,
  input  logic                   arready_i,
  input  logic [DataWidth-1:0]   rdata_i,
  input  logic [1:0]             rresp_i,
  input  logic                   rlast_i,
  input  logic                   rvalid_i,
  input  logic                   rready_i
);

`ifdef MOSAIC_ASSERT_ON

  localparam int PtrW  = $clog2(MaxBursts);
  localparam int CntW  = PtrW + 1;
  localparam int MaxSz = $clog2(DataWidth / 8);

  // Bytes a burst spans from its start address aligned to the beat size;
  // it crosses 4 KiB when that end passes 4096 (offs: the address within
  // its 4 KiB page; 17 bits hold 4095 + 256 x 128).
  function automatic logic crosses_4k(input logic [11:0] offs, input logic [7:0] len,
                                      input logic [2:0] size);
    logic [16:0] start, span;
    start = 17'(offs) & ~((17'd1 << size) - 17'd1);
    span  = (17'(len) + 17'd1) << size;
    crosses_4k = start + span > 17'd4096;
  endfunction

  logic aw_hs, w_hs, b_hs, ar_hs, r_hs;
  assign aw_hs = awvalid_i & awready_i;
  assign w_hs  = wvalid_i & wready_i;
  assign b_hs  = bvalid_i & bready_i;
  assign ar_hs = arvalid_i & arready_i;
  assign r_hs  = rvalid_i & rready_i;

  logic r_end, w_end;   // the last beat of a burst handed over
  assign r_end = r_hs & rlast_i;
  assign w_end = w_hs & wlast_i;

  // ------------------------------------------------------------------
  // Bookkeeping: the lengths of accepted bursts, in order, and the beat
  // number within the burst at the head.
  // ------------------------------------------------------------------
  logic [7:0]      ar_len_q [MaxBursts];
  logic [7:0]      aw_len_q [MaxBursts];
  logic [PtrW-1:0] ar_wp_q, ar_rp_q, aw_wp_q, aw_rp_q;
  logic [CntW-1:0] r_open_q;   // read bursts accepted, last beat not yet
  logic [CntW-1:0] w_open_q;   // write bursts accepted, data not complete
  logic [CntW-1:0] b_owed_q;   // write bursts with data complete, no B yet
  logic [7:0]      r_beat_q, w_beat_q;
  logic [7:0]      ar_head_len, aw_head_len;   // the burst at the head

  // Read out of the queues here, not inside an assertion (Verilator 5.006
  // cannot lower an array select within one).
  assign ar_head_len = ar_len_q[ar_rp_q];
  assign aw_head_len = aw_len_q[aw_rp_q];

  // The terms of the properties below, named once for both of their forms.
  logic aw_form_ok, ar_form_ok, aw_4k, ar_4k;
  logic w_in_burst, w_last_due, r_in_burst, r_last_due;
  assign aw_form_ok = awburst_i == 2'b01 && 32'(awsize_i) <= MaxSz;   // INCR, within the bus
  assign ar_form_ok = arburst_i == 2'b01 && 32'(arsize_i) <= MaxSz;
  assign aw_4k      = crosses_4k(awaddr_i[11:0], awlen_i, awsize_i);
  assign ar_4k      = crosses_4k(araddr_i[11:0], arlen_i, arsize_i);
  assign w_in_burst = w_hs && w_open_q != '0;
  assign w_last_due = w_beat_q == aw_head_len;
  assign r_in_burst = r_hs && r_open_q != '0;
  assign r_last_due = r_beat_q == ar_head_len;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ar_wp_q  <= '0;
      ar_rp_q  <= '0;
      aw_wp_q  <= '0;
      aw_rp_q  <= '0;
      r_open_q <= '0;
      w_open_q <= '0;
      b_owed_q <= '0;
      r_beat_q <= '0;
      w_beat_q <= '0;
    end else begin
      if (ar_hs) begin
        ar_len_q[ar_wp_q] <= arlen_i;
        ar_wp_q           <= ar_wp_q + PtrW'(1);
      end
      if (aw_hs) begin
        aw_len_q[aw_wp_q] <= awlen_i;
        aw_wp_q           <= aw_wp_q + PtrW'(1);
      end
      if (r_hs) begin
        r_beat_q <= rlast_i ? 8'd0 : r_beat_q + 8'd1;
        if (rlast_i) ar_rp_q <= ar_rp_q + PtrW'(1);
      end
      if (w_hs) begin
        w_beat_q <= wlast_i ? 8'd0 : w_beat_q + 8'd1;
        if (wlast_i) aw_rp_q <= aw_rp_q + PtrW'(1);
      end
      r_open_q <= r_open_q + CntW'(ar_hs) - CntW'(r_end);
      w_open_q <= w_open_q + CntW'(aw_hs) - CntW'(w_end);
      b_owed_q <= b_owed_q + CntW'(w_end) - CntW'(b_hs);
    end
  end

  // ------------------------------------------------------------------
  // What the master owes: handshakes on AW, W, AR; burst form; wlast
  // ------------------------------------------------------------------
  if (EnvMaster) begin : g_master_assumed
    `MOSAIC_ASSUME_HOLD(AwHoldA, awvalid_i, awready_i, {awaddr_i, awlen_i, awsize_i, awburst_i},
                        clk_i, rst_ni)
    `MOSAIC_ASSUME_HOLD(ArHoldA, arvalid_i, arready_i, {araddr_i, arlen_i, arsize_i, arburst_i},
                        clk_i, rst_ni)
    `MOSAIC_ASSUME_HOLD(WHoldA, wvalid_i, wready_i, {wdata_i, wstrb_i, wlast_i}, clk_i, rst_ni)
    `MOSAIC_ASSUME(AwBurstA, !CheckBursts || !awvalid_i || aw_form_ok, clk_i, rst_ni)
    `MOSAIC_ASSUME(ArBurstA, !CheckBursts || !arvalid_i || ar_form_ok, clk_i, rst_ni)
    `MOSAIC_ASSUME(Aw4kA, !CheckBursts || !awvalid_i || !aw_4k, clk_i, rst_ni)
    `MOSAIC_ASSUME(Ar4kA, !CheckBursts || !arvalid_i || !ar_4k, clk_i, rst_ni)
    `MOSAIC_ASSUME(WLastA, !w_in_burst || wlast_i == w_last_due, clk_i, rst_ni)
  end else begin : g_master_asserted
    `MOSAIC_ASSERT_HOLD(AwHoldA, awvalid_i, awready_i, {awaddr_i, awlen_i, awsize_i, awburst_i},
                        clk_i, rst_ni)
    `MOSAIC_ASSERT_HOLD(ArHoldA, arvalid_i, arready_i, {araddr_i, arlen_i, arsize_i, arburst_i},
                        clk_i, rst_ni)
    `MOSAIC_ASSERT_HOLD(WHoldA, wvalid_i, wready_i, {wdata_i, wstrb_i, wlast_i}, clk_i, rst_ni)
    `MOSAIC_ASSERT(AwBurstA, !CheckBursts || !awvalid_i || aw_form_ok, clk_i, rst_ni)
    `MOSAIC_ASSERT(ArBurstA, !CheckBursts || !arvalid_i || ar_form_ok, clk_i, rst_ni)
    `MOSAIC_ASSERT(Aw4kA, !CheckBursts || !awvalid_i || !aw_4k, clk_i, rst_ni)
    `MOSAIC_ASSERT(Ar4kA, !CheckBursts || !arvalid_i || !ar_4k, clk_i, rst_ni)
    `MOSAIC_ASSERT(WLastA, !w_in_burst || wlast_i == w_last_due, clk_i, rst_ni)
  end

  // ------------------------------------------------------------------
  // What the slave owes: handshakes on R and B; responses only to requests
  // ------------------------------------------------------------------
  if (EnvSlave) begin : g_slave_assumed
    `MOSAIC_ASSUME_HOLD(RHoldA, rvalid_i, rready_i, {rdata_i, rresp_i, rlast_i}, clk_i, rst_ni)
    `MOSAIC_ASSUME_HOLD(BHoldA, bvalid_i, bready_i, bresp_i, clk_i, rst_ni)
    `MOSAIC_ASSUME(RNoReqA, !rvalid_i || r_open_q != '0, clk_i, rst_ni)
    `MOSAIC_ASSUME(RLastA, !r_in_burst || rlast_i == r_last_due, clk_i, rst_ni)
    `MOSAIC_ASSUME(BNoReqA, !bvalid_i || b_owed_q != '0, clk_i, rst_ni)
  end else begin : g_slave_asserted
    `MOSAIC_ASSERT_HOLD(RHoldA, rvalid_i, rready_i, {rdata_i, rresp_i, rlast_i}, clk_i, rst_ni)
    `MOSAIC_ASSERT_HOLD(BHoldA, bvalid_i, bready_i, bresp_i, clk_i, rst_ni)
    `MOSAIC_ASSERT(RNoReqA, !rvalid_i || r_open_q != '0, clk_i, rst_ni)
    `MOSAIC_ASSERT(RLastA, !r_in_burst || rlast_i == r_last_due, clk_i, rst_ni)
    `MOSAIC_ASSERT(BNoReqA, !bvalid_i || b_owed_q != '0, clk_i, rst_ni)
  end

  // ------------------------------------------------------------------
  // A W beat is handed over only for an accepted AW. AXI lets a master
  // present W first; Mosaic's slave (mosaic_axi_arb) takes it only after
  // the AW, so this is the slave's promise: assumed of an environment
  // slave, proven of a design that is the slave (the arbiter's master
  // ports). The checker's own bookkeeping never overflows (the slave that
  // accepts bursts bounds what is outstanding).
  // ------------------------------------------------------------------
  if (EnvSlave) begin : g_w_assumed
    `MOSAIC_ASSUME(WNoAwA, !w_hs || w_open_q != '0, clk_i, rst_ni)
  end else begin : g_w_asserted
    `MOSAIC_ASSERT(WNoAwA, !w_hs || w_open_q != '0, clk_i, rst_ni)
  end
  `MOSAIC_ASSERT(CheckerDepthA, (32'(r_open_q) < MaxBursts) && (32'(w_open_q) < MaxBursts),
                 clk_i, rst_ni)

`else
  // Synthesis and Icarus: no checks (see the header comment).
  logic unused;
  assign unused = ^{clk_i, rst_ni, awaddr_i, awlen_i, awsize_i, awburst_i, awvalid_i, awready_i,
                    wdata_i, wstrb_i, wlast_i, wvalid_i, wready_i, bresp_i, bvalid_i, bready_i,
                    araddr_i, arlen_i, arsize_i, arburst_i, arvalid_i, arready_i,
                    rdata_i, rresp_i, rlast_i, rvalid_i, rready_i};
`endif

endmodule

`default_nettype wire
