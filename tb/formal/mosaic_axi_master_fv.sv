// What every proof of an AXI4 master block (tb/formal/mosaic_tu_lsu_fv.sv,
// mosaic_tu_sdma_fv.sv) states about its bus, in one place:
//   - the protocol checker (mosaic_axi_checker) with the slave side as the
//     environment (EnvSlave): a legal slave with any data, response and
//     delay is assumed, and everything the master sends is proven;
//   - IdleQuietA: while the block is not busy, nothing of its own is on the
//     bus, neither presented nor outstanding (what the tensor unit's
//     sequencer relies on for a fence and for handing the bus over);
//   - covers of a read burst and a write burst completing, which the proof's
//     depth must reach (tools/formal.py).
// open_o is the number of bursts accepted and not yet answered, for the
// harness's own covers.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_axi_master_fv #(
  parameter int Dw        = 64,
  parameter int MaxBursts = 64
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            busy_i,
  input  logic [31:0]     awaddr_i,
  input  logic [7:0]      awlen_i,
  input  logic [2:0]      awsize_i,
  input  logic [1:0]      awburst_i,
  input  logic            awvalid_i,
  input  logic            awready_i,
  input  logic [Dw-1:0]   wdata_i,
  input  logic [Dw/8-1:0] wstrb_i,
  input  logic            wlast_i,
  input  logic            wvalid_i,
  input  logic            wready_i,
  input  logic [1:0]      bresp_i,
  input  logic            bvalid_i,
  input  logic            bready_i,
  input  logic [31:0]     araddr_i,
  input  logic [7:0]      arlen_i,
  input  logic [2:0]      arsize_i,
  input  logic [1:0]      arburst_i,
  input  logic            arvalid_i,
  input  logic            arready_i,
  input  logic [Dw-1:0]   rdata_i,
  input  logic [1:0]      rresp_i,
  input  logic            rlast_i,
  input  logic            rvalid_i,
  input  logic            rready_i,
  output logic [6:0]      open_o
);

  mosaic_axi_checker #(
    .DataWidth (Dw),
    .MaxBursts (MaxBursts),
    .EnvSlave  (1'b1)
  ) u_chk (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .awaddr_i (awaddr_i), .awlen_i (awlen_i), .awsize_i (awsize_i), .awburst_i (awburst_i),
    .awvalid_i (awvalid_i), .awready_i (awready_i),
    .wdata_i (wdata_i), .wstrb_i (wstrb_i), .wlast_i (wlast_i), .wvalid_i (wvalid_i),
    .wready_i (wready_i),
    .bresp_i (bresp_i), .bvalid_i (bvalid_i), .bready_i (bready_i),
    .araddr_i (araddr_i), .arlen_i (arlen_i), .arsize_i (arsize_i), .arburst_i (arburst_i),
    .arvalid_i (arvalid_i), .arready_i (arready_i),
    .rdata_i (rdata_i), .rresp_i (rresp_i), .rlast_i (rlast_i), .rvalid_i (rvalid_i),
    .rready_i (rready_i)
  );

  logic [6:0] open_q;   // bursts accepted and not yet answered
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) open_q <= '0;
    else open_q <= open_q + 7'(arvalid_i && arready_i) + 7'(awvalid_i && awready_i)
                          - 7'(rvalid_i && rready_i && rlast_i) - 7'(bvalid_i && bready_i);
  end
  assign open_o = open_q;

  `MOSAIC_ASSERT(IdleQuietA, busy_i || (open_q == '0 && !awvalid_i && !arvalid_i && !wvalid_i),
                 clk_i, rst_ni)

  always_ff @(posedge clk_i) begin : CovRLast        // a read burst completes
    if (rst_ni) cover (rvalid_i && rready_i && rlast_i);
  end
  always_ff @(posedge clk_i) begin : CovWLast        // a write burst completes
    if (rst_ni) cover (wvalid_i && wready_i && wlast_i);
  end

endmodule

`default_nettype wire
