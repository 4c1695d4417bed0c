// Proof harness of mosaic_mem_fifo (make formal, tb/formal/formal.py).
//
// Environment: the callers' obligation, no push when full and no pop when
// empty (the FIFO asserts both; its callers are proven or simulated against
// them).
// Proven against a reference that shares nothing with the design:
//   CountA   count_o, empty_o and full_o follow the pushes and pops taken;
//   OrderA   any one entry, chosen by the solver (track_i on its push),
//            reaches the head after exactly the entries pushed before it
//            have been popped, and is read there unchanged.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_mem_fifo_fv #(
  parameter int Width = 4,
  parameter int Depth = 4
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             push_i,
  input  logic [Width-1:0] wdata_i,
  input  logic             pop_i,
  input  logic             track_i   // solver's choice of the entry to follow
);

  localparam int CntW = $clog2(Depth) + 1;

  logic [Width-1:0] rdata;
  logic             empty, full;
  logic [CntW-1:0]  count;

  mosaic_mem_fifo #(
    .Width (Width),
    .Depth (Depth)
  ) dut (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (push_i),
    .wdata_i (wdata_i),
    .pop_i   (pop_i),
    .rdata_o (rdata),
    .empty_o (empty),
    .full_o  (full),
    .count_o (count)
  );

  initial assume (!rst_ni);   // every trace starts in reset

  `MOSAIC_ASSUME(NoPushFullM, !(push_i && full), clk_i, rst_ni)
  `MOSAIC_ASSUME(NoPopEmptyM, !(pop_i && empty), clk_i, rst_ni)

  // Reference: the number of entries, and one followed entry with the
  // number of entries ahead of it.
  logic [CntW-1:0]  ref_cnt_q;
  logic             trk_q;
  logic [Width-1:0] trk_data_q;
  logic [CntW-1:0]  ahead_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ref_cnt_q  <= '0;
      trk_q      <= 1'b0;
      trk_data_q <= '0;
      ahead_q    <= '0;
    end else begin
      ref_cnt_q <= ref_cnt_q + CntW'(push_i) - CntW'(pop_i);
      if (!trk_q && track_i && push_i) begin
        trk_q      <= 1'b1;
        trk_data_q <= wdata_i;
        ahead_q    <= ref_cnt_q - CntW'(pop_i);
      end else if (trk_q && pop_i) begin
        if (ahead_q == '0) trk_q <= 1'b0;
        else               ahead_q <= ahead_q - CntW'(1);
      end
    end
  end

  `MOSAIC_ASSERT(CountA, count == ref_cnt_q && empty == (ref_cnt_q == '0) &&
                         full == (ref_cnt_q == CntW'(Depth)), clk_i, rst_ni)
  `MOSAIC_ASSERT(OrderA, !(trk_q && ahead_q == '0) || (!empty && rdata == trk_data_q),
                 clk_i, rst_ni)

  // Covers: what the depth must reach for the proof to mean something
  // (tools/formal.py requires every one within the proof's depth).
  always_ff @(posedge clk_i) begin : CovFull
    if (rst_ni) cover (full && pop_i);
  end
  always_ff @(posedge clk_i) begin : CovTrackedOut   // a followed entry leaves with others behind it
    if (rst_ni) cover (trk_q && ahead_q == '0 && pop_i && ref_cnt_q > CntW'(1));
  end

endmodule

`default_nettype wire
