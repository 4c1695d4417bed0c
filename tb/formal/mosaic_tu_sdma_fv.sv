// Proof harness of mosaic_tu_sdma, the SDMA engine's AXI4 master (make
// formal, tools/formal.py), with QueueDepth 4 and the staging buffer
// abstracted (mosaic_tu_sdma_buf_abs.sv).
//
// Environment:
//   - any command, legal or not, with any DDC: the engine checks every
//     command itself (mosaic_tu_sdma_check) and must keep the bus legal
//     whatever it is given;
//   - a slave that follows AXI as Mosaic uses it (the checker's slave
//     properties, assumed), with any data, response and delay.
// Proven (the checker's master properties, asserted): AW, AR and W held
// until accepted; INCR bursts of full beats, none across 4 KiB; wlast on
// the (len+1)-th beat; at most MaxBursts outstanding; and, when the engine
// is not busy, nothing of its own on the bus (IdleQuietA).

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_sdma_fv #(
  parameter int Dw = 128
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            cmd_valid_i,
  input  logic            cmd_store_i,
  input  logic [31:0]     cmd_shape_i,
  input  logic [31:0]     cmd_sp_i,
  input  logic [31:0]     cmd_mem_i,
  input  logic [31:0]     cmd_stride_i,
  input  logic [31:0]     ddc_base_i,
  input  logic [31:0]     ddc_limit_i,
  input  logic [1:0]      ddc_perm_i,
  input  logic [mosaic_pkg::SeqW-1:0]      cmd_seq_i,
  input  logic            awready_i,
  input  logic            wready_i,
  input  logic [1:0]      bresp_i,
  input  logic            bvalid_i,
  input  logic            arready_i,
  input  logic [Dw-1:0]   rdata_i,
  input  logic [1:0]      rresp_i,
  input  logic            rlast_i,
  input  logic            rvalid_i
);

  logic            cmd_ready, busy, done, err, err_store, ev_busy;
  logic [mosaic_pkg::SeqW-1:0]      done_seq;
  logic [2:0]      err_code;
  logic [31:0]     err_addr;
  logic [15:0]     ev_bytes;
  logic [31:0]     awaddr, araddr;
  logic [7:0]      awlen, arlen;
  logic [2:0]      awsize, arsize;
  logic [1:0]      awburst, arburst;
  logic            awvalid, wlast, wvalid, bready, arvalid, rready;
  logic [Dw-1:0]   wdata;
  logic [Dw/8-1:0] wstrb;

  mosaic_tu_sdma #(
    .AxiDataWidth (Dw),
    .QueueDepth   (4)
  ) dut (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .cmd_valid_i  (cmd_valid_i),
    .cmd_ready_o  (cmd_ready),
    .cmd_store_i  (cmd_store_i),
    .cmd_shape_i  (cmd_shape_i),
    .cmd_sp_i     (cmd_sp_i),
    .cmd_mem_i    (cmd_mem_i),
    .cmd_stride_i (cmd_stride_i),
    .ddc_base_i   (ddc_base_i),
    .ddc_limit_i  (ddc_limit_i),
    .ddc_perm_i   (ddc_perm_i),
    .cmd_seq_i    (cmd_seq_i),
    .busy_o       (busy),
    .done_o       (done),
    .done_seq_o   (done_seq),
    .err_o        (err),
    .err_code_o   (err_code),
    .err_store_o  (err_store),
    .err_addr_o   (err_addr),
    .ev_bytes_o   (ev_bytes),
    .ev_busy_o    (ev_busy),
    .awaddr_o     (awaddr),
    .awlen_o      (awlen),
    .awsize_o     (awsize),
    .awburst_o    (awburst),
    .awvalid_o    (awvalid),
    .awready_i    (awready_i),
    .wdata_o      (wdata),
    .wstrb_o      (wstrb),
    .wlast_o      (wlast),
    .wvalid_o     (wvalid),
    .wready_i     (wready_i),
    .bresp_i      (bresp_i),
    .bvalid_i     (bvalid_i),
    .bready_o     (bready),
    .araddr_o     (araddr),
    .arlen_o      (arlen),
    .arsize_o     (arsize),
    .arburst_o    (arburst),
    .arvalid_o    (arvalid),
    .arready_i    (arready_i),
    .rdata_i      (rdata_i),
    .rresp_i      (rresp_i),
    .rlast_i      (rlast_i),
    .rvalid_i     (rvalid_i),
    .rready_o     (rready)
  );

  initial assume (!rst_ni);   // every trace starts in reset

  logic [6:0] bus_open;   // bursts accepted and not yet answered
  mosaic_axi_master_fv #(
    .Dw        (Dw),
    .MaxBursts (64)
  ) u_bus (
    .clk_i (clk_i), .rst_ni (rst_ni), .busy_i (busy),
    .awaddr_i (awaddr), .awlen_i (awlen), .awsize_i (awsize), .awburst_i (awburst),
    .awvalid_i (awvalid), .awready_i (awready_i),
    .wdata_i (wdata), .wstrb_i (wstrb), .wlast_i (wlast), .wvalid_i (wvalid),
    .wready_i (wready_i),
    .bresp_i (bresp_i), .bvalid_i (bvalid_i), .bready_i (bready),
    .araddr_i (araddr), .arlen_i (arlen), .arsize_i (arsize), .arburst_i (arburst),
    .arvalid_i (arvalid), .arready_i (arready_i),
    .rdata_i (rdata_i), .rresp_i (rresp_i), .rlast_i (rlast_i), .rvalid_i (rvalid_i),
    .rready_i (rready), .open_o (bus_open)
  );

  logic unused;
  assign unused = ^{cmd_ready, done, done_seq, err, err_code, err_store, err_addr, ev_bytes,
                    ev_busy, bus_open};

  // Covers: what the depth must reach for the proof to mean something
  // (tools/formal.py requires every one within the proof's depth).
  always_ff @(posedge clk_i) begin : CovBadCmd       // a bad command completes with its error
    if (rst_ni) cover (done && err);
  end

endmodule

`default_nettype wire
