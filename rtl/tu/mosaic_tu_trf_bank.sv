// One bank of the tile register file: a simple dual-port RAM (one
// synchronous read port, one byte-enable write port), Depth rows of
// RowBytes bytes.
//
// Written in the shape FPGA tools infer block RAM from (one array, registered
// read data that holds until the next read, byte-enable writes). A read and a
// write of the same row in one cycle return the old contents (read-first);
// the TRF's users order their own hazards.
//
// NoRw = 1: the caller never reads a row in the cycle it writes it
// (mosaic_tu_trf RwStall), so the memory is marked no_rw_check. An ECP5
// block RAM cannot read first across its ports, and without the mark Yosys
// builds read-first from a write delayed a cycle and a bypass, about 780
// LUT4 and 1 160 flip-flops a bank.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_trf_bank #(
  parameter int Depth    = 128,
  parameter int RowBytes = 64,
  parameter bit NoRw     = 1'b0
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

  // The two forms differ only in the attribute (Yosys reads no attribute
  // that depends on a parameter).
  if (NoRw) begin : g_norw
    (* no_rw_check *) logic [8*RowBytes-1:0] mem_q [Depth];
    always_ff @(posedge clk_i) begin
      if (we_i) mem_q[waddr_i] <= merge_row(mem_q[waddr_i], wdata_i, wbe_i);
    end
    always_ff @(posedge clk_i) begin
      if (re_i) rdata_q <= mem_q[raddr_i];
    end
    `MOSAIC_ASSERT_NEVER(NoRwA, re_i && we_i && (raddr_i == waddr_i), clk_i, 1'b1)
  end else begin : g_rf
    logic [8*RowBytes-1:0] mem_q [Depth];
    always_ff @(posedge clk_i) begin
      if (we_i) mem_q[waddr_i] <= merge_row(mem_q[waddr_i], wdata_i, wbe_i);
    end
    always_ff @(posedge clk_i) begin
      if (re_i) rdata_q <= mem_q[raddr_i];
    end
  end

  assign rdata_o = rdata_q;

endmodule

`default_nettype wire
