// Proof harness of mosaic_tu_lsu, the tensor load/store unit's AXI4 master
// (make formal, tools/formal.py).
//
// Environment:
//   - requests as the issue check (mosaic_tu_check) passes them: base and
//     stride multiples of the element size (docs/isa.md R29), any size,
//     register, direction and sign of the stride;
//   - a slave that follows AXI as Mosaic uses it (the checker's slave
//     properties, assumed: EnvSlave), answering with any data and any
//     response, OKAY or not, after any delay;
//   - a TRF that takes requests and returns read data after any delay.
// Proven (the checker's master properties, asserted): AW, AR and W held
// until accepted; INCR bursts of full beats; no burst crosses 4 KiB, for
// any base near a boundary; wlast on the (len+1)-th beat; no W beat for a
// burst whose AW was not taken; at most MaxBursts outstanding; and, when
// not busy, nothing on the bus (IdleQuietA).

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_lsu_fv #(
  parameter int Dw = 64
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            req_valid_i,
  input  logic            req_store_i,
  input  logic [4:0]      req_treg_i,
  input  logic [1:0]      req_size_i,
  input  logic [31:0]     req_base_i,
  input  logic [31:0]     req_stride_i,
  input  logic            trf_wr_ready_i,
  input  logic            trf_rd_ready_i,
  input  logic            trf_rd_valid_i,
  input  logic [511:0]    trf_rd_data_i,
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

  logic            req_ready, busy, done, err;
  logic            trf_wr_req, trf_rd_req;
  logic [4:0]      trf_wr_reg, trf_rd_reg;
  logic [3:0]      trf_wr_row, trf_rd_row;
  logic [63:0]     trf_wr_be;
  logic [511:0]    trf_wr_data;
  logic [31:0]     awaddr, araddr;
  logic [7:0]      awlen, arlen;
  logic [2:0]      awsize, arsize;
  logic [1:0]      awburst, arburst;
  logic            awvalid, wlast, wvalid, bready, arvalid, rready;
  logic [Dw-1:0]   wdata;
  logic [Dw/8-1:0] wstrb;

  mosaic_tu_lsu #(
    .AxiDataWidth (Dw)
  ) dut (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    (req_valid_i),
    .req_ready_o    (req_ready),
    .req_store_i    (req_store_i),
    .req_treg_i     (req_treg_i),
    .req_size_i     (req_size_i),
    .req_base_i     (req_base_i),
    .req_stride_i   (req_stride_i),
    .busy_o         (busy),
    .done_o         (done),
    .err_o          (err),
    .trf_wr_req_o   (trf_wr_req),
    .trf_wr_reg_o   (trf_wr_reg),
    .trf_wr_row_o   (trf_wr_row),
    .trf_wr_be_o    (trf_wr_be),
    .trf_wr_data_o  (trf_wr_data),
    .trf_wr_ready_i (trf_wr_ready_i),
    .trf_rd_req_o   (trf_rd_req),
    .trf_rd_reg_o   (trf_rd_reg),
    .trf_rd_row_o   (trf_rd_row),
    .trf_rd_ready_i (trf_rd_ready_i),
    .trf_rd_valid_i (trf_rd_valid_i),
    .trf_rd_data_i  (trf_rd_data_i),
    .awaddr_o       (awaddr),
    .awlen_o        (awlen),
    .awsize_o       (awsize),
    .awburst_o      (awburst),
    .awvalid_o      (awvalid),
    .awready_i      (awready_i),
    .wdata_o        (wdata),
    .wstrb_o        (wstrb),
    .wlast_o        (wlast),
    .wvalid_o       (wvalid),
    .wready_i       (wready_i),
    .bresp_i        (bresp_i),
    .bvalid_i       (bvalid_i),
    .bready_o       (bready),
    .araddr_o       (araddr),
    .arlen_o        (arlen),
    .arsize_o       (arsize),
    .arburst_o      (arburst),
    .arvalid_o      (arvalid),
    .arready_i      (arready_i),
    .rdata_i        (rdata_i),
    .rresp_i        (rresp_i),
    .rlast_i        (rlast_i),
    .rvalid_i       (rvalid_i),
    .rready_o       (rready)
  );

  initial assume (!rst_ni);   // every trace starts in reset

  // Element-aligned base and stride (size 3: 4 bytes, 2: 2, else bytes).
  logic [1:0] amask;
  assign amask = req_size_i == 2'd3 ? 2'b11 : req_size_i == 2'd2 ? 2'b01 : 2'b00;
  `MOSAIC_ASSUME(ReqAlignedM, !req_valid_i || ((req_base_i[1:0] | req_stride_i[1:0]) & amask) == 2'b00,
                 clk_i, rst_ni)

  // A tld/tst has at most 32 bursts (16 rows, two where a row crosses 4 KiB).
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
  assign unused = ^{done, err, trf_wr_req, trf_rd_req, trf_wr_reg, trf_rd_reg, trf_wr_row,
                    trf_rd_row, trf_wr_be, trf_wr_data};

  // Covers: what the depth must reach for the proof to mean something
  // (tools/formal.py requires every one within the proof's depth).
  always_ff @(posedge clk_i) begin : CovSplit        // a burst starting at a 4 KiB boundary behind another
    if (rst_ni) cover (awvalid && awready_i && awaddr[11:0] == 12'h000 && bus_open != '0);
  end

endmodule

`default_nettype wire
