// Abstraction of mosaic_tu_sdma_buf for the SDMA proof (tools/formal.py
// reads this file instead of rtl/tu/mosaic_tu_sdma_buf.sv): the staging
// buffer's read data is whatever the solver chooses, every cycle. The
// buffer drives nothing but data, so every control property proven with it
// holds of the real buffer too; the 16 KiB array would only slow the
// solver down. What the buffer stores is checked by lockstep simulation.

`default_nettype none

module mosaic_tu_sdma_buf #(
  parameter int Words = 1024
) (
  input  logic                     clk_i,
  input  logic                     we_i,
  input  logic [$clog2(Words)-1:0] waddr_i,
  input  logic [7:0]               wdata_i,
  input  logic                     re_i,
  input  logic [$clog2(Words)-1:0] raddr_i,
  output logic [7:0]               rdata_o
);

  (* anyseq *) logic [7:0] any_data;
  assign rdata_o = any_data;

  logic unused;
  assign unused = ^{clk_i, we_i, waddr_i, wdata_i, re_i, raddr_i};

endmodule

`default_nettype wire
