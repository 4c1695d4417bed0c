// Dual-port RAM, 64-bit words: port A is a full 64-bit port (the AXI side
// of main memory and the scratchpad), port B a 32-bit port (the core).
//
// One array of 64-bit words with byte enables and registered read data on
// both ports: the shape FPGA tools map onto true dual-port block RAM. Port
// B addresses 32-bit words; bit 0 of its word address picks the half.
//
// Initial contents use the same image files as mosaic_ram (32-bit words,
// "@<32-bit word index>" lines, tools/elf2hex.py): in simulation InitFile
// and then the +<InitPlusarg>=<file> plusarg are read into a 32-bit staging
// image, which is packed into the 64-bit words. Synthesis has no staging
// step: there InitFile is read directly and must hold 64-bit words
// ("@<64-bit word index>").

`default_nettype none

module mosaic_mem_wide #(
  parameter int Bytes       = 4096,
  parameter     InitFile    = "",
  parameter     InitPlusarg = ""
) (
  input  logic                          clk_i,

  input  logic                          a_req_i,
  input  logic                          a_we_i,
  input  logic [7:0]                    a_be_i,
  input  logic [$clog2(Bytes / 8)-1:0]  a_addr_i,
  input  logic [63:0]                   a_wdata_i,
  output logic [63:0]                   a_rdata_o,

  input  logic                          b_req_i,
  input  logic                          b_we_i,
  input  logic [3:0]                    b_be_i,
  input  logic [$clog2(Bytes / 4)-1:0]  b_addr_i,
  input  logic [31:0]                   b_wdata_i,
  output logic [31:0]                   b_rdata_o
);

  localparam int Words = Bytes / 8;
  localparam int Aw    = $clog2(Words);

  logic [63:0] mem_q [Words];
  logic [63:0] a_rdata_q, b_rdata_q;
  logic        b_hi_q;
  logic [Aw-1:0] b_idx;
  logic [7:0]  b_be8;
  logic [63:0] b_wdata64;

  assign b_idx = b_addr_i[Aw:1];
  assign b_be8     = b_addr_i[0] ? {b_be_i, 4'b0000} : {4'b0000, b_be_i};
  assign b_wdata64 = {b_wdata_i, b_wdata_i};

  always_ff @(posedge clk_i) begin
    if (a_req_i && a_we_i) begin
      for (int i = 0; i < 8; i++) begin
        if (a_be_i[i]) mem_q[a_addr_i][8*i +: 8] <= a_wdata_i[8*i +: 8];
      end
    end
    if (b_req_i && b_we_i) begin
      for (int i = 0; i < 8; i++) begin
        if (b_be8[i]) mem_q[b_idx][8*i +: 8] <= b_wdata64[8*i +: 8];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_req_i) a_rdata_q <= mem_q[a_addr_i];
  end

  always_ff @(posedge clk_i) begin
    if (b_req_i) begin
      b_rdata_q <= mem_q[b_idx];
      b_hi_q    <= b_addr_i[0];
    end
  end

  assign a_rdata_o = a_rdata_q;
  assign b_rdata_o = b_hi_q ? b_rdata_q[63:32] : b_rdata_q[31:0];

`ifndef SYNTHESIS
  initial begin : init_sim
    string plusarg_file;
    logic [31:0] img [Words * 2];
    for (int i = 0; i < Words * 2; i++) img[i] = 32'd0;
    if (InitFile != "") $readmemh(InitFile, img);
    if (InitPlusarg != "") begin
      if ($value$plusargs({InitPlusarg, "=%s"}, plusarg_file)) begin
        $readmemh(plusarg_file, img);
      end
    end
    for (int i = 0; i < Words; i++) mem_q[i] = {img[2*i+1], img[2*i]};
  end
`else
  if (InitFile != "") begin : g_init
    initial $readmemh(InitFile, mem_q);
  end
`endif

endmodule

`default_nettype wire
