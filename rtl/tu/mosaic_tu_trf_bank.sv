// One bank of the tile register file: a simple dual-port RAM (one
// synchronous read port, one byte-enable write port), Depth rows of
// RowBytes bytes.
//
// Written in the shape FPGA tools infer block RAM from (one array, registered
// read data that holds until the next read, byte-enable writes). A read and a
// write of the same row in one cycle return the old contents (read-first);
// the TRF's users order their own hazards.

`default_nettype none

module mosaic_tu_trf_bank #(
  parameter int Depth    = 128,
  parameter int RowBytes = 64
) (
  input  logic                      clk_i,
  input  logic                      re_i,
  input  logic [$clog2(Depth)-1:0]  raddr_i,
  output logic [8*RowBytes-1:0]     rdata_o,
  input  logic                      we_i,
  input  logic [$clog2(Depth)-1:0]  waddr_i,
  input  logic [RowBytes-1:0]       wbe_i,
  input  logic [8*RowBytes-1:0]     wdata_i
);

  logic [8*RowBytes-1:0] mem_q [Depth];
  logic [8*RowBytes-1:0] rdata_q;

  // A byte-enable write as one whole-row assignment: each byte from wdata_i
  // where wbe_i is set, else the row's old byte. Verilator turns a loop of
  // per-byte writes into RowBytes delayed assignments per bank, set up and
  // committed on every clock edge (about 10 % of the 4x4 model's time with the
  // array busy); this form is one, made only under we_i. Yosys turns the
  // old-byte feedback back into byte write enables (opt_mem_feedback), so
  // the inferred RAM is the same.
  function automatic logic [8*RowBytes-1:0] merge_row(input logic [8*RowBytes-1:0] old_row,
                                                     input logic [8*RowBytes-1:0] new_row,
                                                     input logic [RowBytes-1:0]   be);
    for (int i = 0; i < RowBytes; i++)
      merge_row[8*i +: 8] = be[i] ? new_row[8*i +: 8] : old_row[8*i +: 8];
  endfunction

  always_ff @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= merge_row(mem_q[waddr_i], wdata_i, wbe_i);
  end

  always_ff @(posedge clk_i) begin
    if (re_i) rdata_q <= mem_q[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule

`default_nettype wire
