// One byte lane of the SDMA staging buffer: Words x 8 bits, one write port
// and one registered read port (simple dual-port block RAM). One lane per
// byte of an AXI beat (8 for a 64-bit bus, 16 for 128-bit) makes the buffer
// (four 4 KiB command slots: Words = 16384 / lanes); each lane has its own
// address so that a beat landing at any byte offset of the buffer is
// written (or read) in one cycle.

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

  logic [7:0] mem_q [Words];
  logic [7:0] rdata_q;

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (re_i) rdata_q <= mem_q[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule

`default_nettype wire
