// Dual-port on-chip RAM, 32-bit words with byte enables, synchronous read.
//
// Written in the shape FPGA tools infer block RAM from: one array, registered
// read data, byte-enable writes. Port A writes only when PortAWrite is set
// (the code RAM's port A is the instruction fetch and never writes, which
// lets tools use a simple dual-port RAM). Addresses are word indices.
//
// Initial contents: InitFile (a $readmemh image, used by synthesis and
// simulation alike); in simulation a +<InitPlusarg>=<file> plusarg loads an
// image over it. Image files hold 32-bit words, "@<word index>" lines for
// addresses (tools/elf2hex.py writes them).

`default_nettype none

module mosaic_mem_ram #(
  parameter int Bytes       = 4096,
  parameter     InitFile    = "",
  parameter     InitPlusarg = "",
  parameter bit PortAWrite  = 1'b0
) (
  input  logic                           clk_i,

  input  logic                           a_req_i,
  input  logic                           a_we_i,
  input  logic [3:0]                     a_be_i,
  input  logic [$clog2(Bytes / 4)-1:0]   a_addr_i,
  input  logic [31:0]                    a_wdata_i,
  output logic [31:0]                    a_rdata_o,

  input  logic                           b_req_i,
  input  logic                           b_we_i,
  input  logic [3:0]                     b_be_i,
  input  logic [$clog2(Bytes / 4)-1:0]   b_addr_i,
  input  logic [31:0]                    b_wdata_i,
  output logic [31:0]                    b_rdata_o
);

  localparam int Words = Bytes / 4;

  logic [31:0] mem_q [Words];
  logic [31:0] a_rdata_q, b_rdata_q;

  always_ff @(posedge clk_i) begin
    if (PortAWrite && a_req_i && a_we_i) begin
      for (int i = 0; i < 4; i++) begin
        if (a_be_i[i]) mem_q[a_addr_i][8*i +: 8] <= a_wdata_i[8*i +: 8];
      end
    end
    if (b_req_i && b_we_i) begin
      for (int i = 0; i < 4; i++) begin
        if (b_be_i[i]) mem_q[b_addr_i][8*i +: 8] <= b_wdata_i[8*i +: 8];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_req_i) a_rdata_q <= mem_q[a_addr_i];
  end

  always_ff @(posedge clk_i) begin
    if (b_req_i) b_rdata_q <= mem_q[b_addr_i];
  end

  assign a_rdata_o = a_rdata_q;
  assign b_rdata_o = b_rdata_q;

`ifndef SYNTHESIS
  // Simulation starts from zeroed memory, as the golden ISS does, so that a
  // program reading memory it never wrote behaves the same in both (FPGA
  // RAMs start at zero too).
  initial begin : init_sim
    string plusarg_file;
    for (int i = 0; i < Words; i++) mem_q[i] = 32'd0;
    if (InitFile != "") $readmemh(InitFile, mem_q);
    if (InitPlusarg != "") begin
      if ($value$plusargs({InitPlusarg, "=%s"}, plusarg_file)) begin
        $readmemh(plusarg_file, mem_q);
      end
    end
  end
`else
  if (InitFile != "") begin : g_init
    initial $readmemh(InitFile, mem_q);
  end
`endif

  // Port A of a read-only port carries no write data.
  if (!PortAWrite) begin : g_unused_a
    logic unused_a;
    assign unused_a = ^{a_we_i, a_be_i, a_wdata_i};
  end

endmodule

`default_nettype wire
