// Scratchpad storage: 64-byte words, so the tensor unit moves one TRF row
// per cycle (mosaic_tu_scpad_xfer), in the shape of a true dual-port block RAM.
//
//   port A  the AXI side (mosaic_mem_sys's slot): a Width-bit lane of a
//           word (Width = the AXI data width, 64 or 128), addressed by
//           Width-bit word index (word index * 512/Width + lane)
//   port B  the tensor unit's row port (whole word, byte enables) or, in
//           the cycles it leaves free, the core (32-bit); the core's
//           request waits (c_gnt_o low) while the row port has the port.
//
// Registered read data on both ports. Initial contents: none (the
// scratchpad is filled by SDMA, tst or the core), so no image loader.

`default_nettype none

module mosaic_mem_scpad #(
  parameter int Bytes = 131072,
  parameter int Width = 128     // port A width: 64 or 128
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,

  input  logic                          a_req_i,
  input  logic                          a_we_i,
  input  logic [Width/8-1:0]            a_be_i,
  input  logic [$clog2(Bytes / (Width/8))-1:0] a_addr_i,  // Width-bit word index
  input  logic [Width-1:0]              a_wdata_i,
  output logic [Width-1:0]              a_rdata_o,

  input  logic                          x_req_i,
  input  logic                          x_we_i,
  input  logic [63:0]                   x_be_i,
  input  logic [$clog2(Bytes / 64)-1:0] x_addr_i,    // 64-byte word index
  input  logic [511:0]                  x_wdata_i,
  output logic [511:0]                  x_rdata_o,

  input  logic                          c_req_i,
  output logic                          c_gnt_o,
  input  logic                          c_we_i,
  input  logic [3:0]                    c_be_i,
  input  logic [$clog2(Bytes / 4)-1:0]  c_addr_i,    // 32-bit word index
  input  logic [31:0]                   c_wdata_i,
  output logic [31:0]                   c_rdata_o
);

  localparam int Words  = Bytes / 64;
  localparam int Aw     = $clog2(Words);
  localparam int ALanes = 512 / Width;        // port-A lanes of a word
  localparam int LaneW  = $clog2(ALanes);

  // Port A: a Width-bit lane of a word.
  logic [Aw-1:0]    a_idx;
  logic [LaneW-1:0] a_lane, a_lane_q;
  logic [511:0]     a_rdata_q;
  assign a_idx      = a_addr_i[Aw+LaneW-1:LaneW];
  assign a_lane     = a_addr_i[LaneW-1:0];

  // Port B: the row port first, else the core.
  logic          b_req, b_we, c_go;
  logic [Aw-1:0] b_idx;
  logic [63:0]   b_be;
  logic [511:0]  b_wdata, b_rdata_q;
  logic [3:0]    c_lane, c_lane_q;
  assign c_gnt_o = !x_req_i;
  assign c_go    = c_req_i && !x_req_i;
  assign c_lane  = c_addr_i[3:0];
  assign b_req   = x_req_i || c_go;
  assign b_we    = x_req_i ? x_we_i : c_we_i;
  assign b_idx   = x_req_i ? x_addr_i : c_addr_i[Aw+3:4];
  assign b_be    = x_req_i ? x_be_i : (64'(c_be_i) << {c_lane, 2'b00});
  assign b_wdata = x_req_i ? x_wdata_i : {16{c_wdata_i}};

`ifdef SYNTHESIS
  // Synthesis: eight 64-bit column memories (ACols columns per port-A
  // lane), the block-RAM shape; one 512-bit array with 64 byte enables on
  // two ports makes Yosys build a large write-merge network. Column c is
  // 64-bit slice c % ACols of port-A lane c / ACols.
  localparam int ACols = Width / 64;          // 64-bit columns of a lane
  for (genvar c = 0; c < 8; c++) begin : g_col
    localparam int Sub = c % ACols;
    // One write process per port and no_rw_check, as in mosaic_mem_wide:
    // the true dual-port block RAM shape (a same-word access on both ports
    // happens only in a program that breaks the ISA's ordering, R21).
    (* no_rw_check *)
    logic [63:0] col_q [Words];
    logic [63:0] a_rd_q, b_rd_q;
    always_ff @(posedge clk_i) begin
      if (a_req_i && a_we_i && (a_lane == LaneW'(c / ACols))) begin
        for (int i = 0; i < 8; i++) begin
          if (a_be_i[8*Sub + i]) col_q[a_idx][8*i +: 8] <= a_wdata_i[64*Sub + 8*i +: 8];
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (b_req && b_we) begin
        for (int i = 0; i < 8; i++) begin
          if (b_be[8*c + i]) col_q[b_idx][8*i +: 8] <= b_wdata[64*c + 8*i +: 8];
        end
      end
    end
    always_ff @(posedge clk_i) begin
      if (a_req_i) a_rd_q <= col_q[a_idx];
    end
    always_ff @(posedge clk_i) begin
      if (b_req) b_rd_q <= col_q[b_idx];
    end
    assign a_rdata_q[64*c +: 64] = a_rd_q;
    assign b_rdata_q[64*c +: 64] = b_rd_q;
  end
`else
  // Simulation: one array, so the harnesses reach a 64-byte word as one
  // variable (mem_q).
  logic [511:0] mem_q [Words];
  logic [63:0]  a_be64;
  logic [511:0] a_wdata512;
  assign a_be64     = 64'(a_be_i) << (32'(a_lane) << $clog2(Width / 8));
  assign a_wdata512 = {ALanes{a_wdata_i}};

  always_ff @(posedge clk_i) begin
    if (a_req_i && a_we_i) begin
      for (int i = 0; i < 64; i++) begin
        if (a_be64[i]) mem_q[a_idx][8*i +: 8] <= a_wdata512[8*i +: 8];
      end
    end
    if (b_req && b_we) begin
      for (int i = 0; i < 64; i++) begin
        if (b_be[i]) mem_q[b_idx][8*i +: 8] <= b_wdata[8*i +: 8];
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (a_req_i) a_rdata_q <= mem_q[a_idx];
  end

  always_ff @(posedge clk_i) begin
    if (b_req) b_rdata_q <= mem_q[b_idx];
  end

  // Simulation starts from zeros (as the images of the other memories do).
  initial begin : init_sim
    for (int i = 0; i < Words; i++) mem_q[i] = '0;
  end
`endif

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      a_lane_q <= '0;
      c_lane_q <= '0;
    end else begin
      if (a_req_i) a_lane_q <= a_lane;
      if (c_go)    c_lane_q <= c_lane;
    end
  end

  logic [511:0] a_sh, c_sh;
  assign a_sh      = a_rdata_q >> (32'(a_lane_q) << $clog2(Width));
  assign c_sh      = b_rdata_q >> {c_lane_q, 5'b00000};
  assign a_rdata_o = a_sh[Width-1:0];
  assign x_rdata_o = b_rdata_q;
  assign c_rdata_o = c_sh[31:0];

  logic unused;
  assign unused = ^{a_sh[511:Width], c_sh[511:32]};

endmodule

`default_nettype wire
