// Small synchronous FIFO for the memory system and the SDMA engine:
// bookkeeping of outstanding AXI bursts and response skid buffers.
//
// Storage (Ram = 0, the default): one flat vector of flops written entry by
// entry, not an unpacked array, so Yosys does not count these few-entry
// queues among the block RAMs of the design (they are far too small for
// one). Ram = 1: an array Yosys infers as a memory with one write port and
// an asynchronous read of the head (distributed RAM on an ECP5), for deep,
// wide queues such as the SDMA command queue (32 x 203 bits). The same
// behaviour either way. rdata_o is the head entry, valid while !empty_o.
// A push into a full FIFO or a pop from an empty one is a caller's bug
// (assertions PushFullA, PopEmptyA); the FIFO ignores it.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_mem_fifo #(
  parameter int Width = 8,
  parameter int Depth = 4,  // power of two, >= 2
  parameter bit Ram   = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,
  output logic [Width-1:0] rdata_o,
  output logic             empty_o,
  output logic             full_o,
  output logic [$clog2(Depth):0] count_o
);

  localparam int PtrW = $clog2(Depth);

  logic [PtrW-1:0]             wptr_q, rptr_q;
  logic [PtrW:0]               count_q;
  logic                        do_push, do_pop;

  assign empty_o = (count_q == '0);
  assign full_o  = (count_q == (PtrW + 1)'(Depth));
  assign count_o = count_q;
  assign do_push = push_i & ~full_o;
  assign do_pop  = pop_i & ~empty_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q  <= '0;
      rptr_q  <= '0;
      count_q <= '0;
    end else begin
      if (do_push) wptr_q <= wptr_q + PtrW'(1);
      if (do_pop)  rptr_q <= rptr_q + PtrW'(1);
      if (do_push && !do_pop)      count_q <= count_q + (PtrW + 1)'(1);
      else if (do_pop && !do_push) count_q <= count_q - (PtrW + 1)'(1);
    end
  end

  if (Ram) begin : g_ram
    logic [Width-1:0] mem_q [Depth];
    always_ff @(posedge clk_i) begin
      if (do_push) mem_q[wptr_q] <= wdata_i;
    end
    assign rdata_o = mem_q[rptr_q];
  end else begin : g_flops
    // One write enable per entry: an indexed part-select write
    // (q_q[wptr * Width +: Width]) is a shifter over the whole vector to
    // Yosys when Width is not a power of two (a 4 x 145 queue: 9 596 ECP5
    // LUT4 against 618 this way, the same flops).
    logic [Depth*Width-1:0] q_q;
    logic [Width-1:0]       ent [Depth];
    for (genvar e = 0; e < Depth; e++) begin : g_ent
      always_ff @(posedge clk_i) begin
        if (do_push && (wptr_q == PtrW'(e))) q_q[e*Width +: Width] <= wdata_i;
      end
      assign ent[e] = q_q[e*Width +: Width];
    end
    assign rdata_o = ent[rptr_q];
  end

  `MOSAIC_ASSERT_NEVER(PushFullA, push_i && full_o, clk_i, rst_ni)
  `MOSAIC_ASSERT_NEVER(PopEmptyA, pop_i && empty_o, clk_i, rst_ni)

endmodule

`default_nettype wire
