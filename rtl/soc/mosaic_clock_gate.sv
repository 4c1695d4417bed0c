// Clock gate for a block that is idle most of the time (the tensor unit
// while the core runs scalar code).
//
// en_i is sampled on the falling edge and held through the high phase, so
// clk_o has no glitch and a block clocked by clk_o sees exactly the rising
// edges of clk_i at which en_i was high in the cycle before the edge: the
// behaviour of a latch-based integrated clock gate. The falling-edge flop
// rather than a latch keeps en_i's logic out of the clock computation of
// a Verilator model. Such a model evaluates the gated block's flop-fed logic
// only on edges of clk_o; that is what makes an idle tensor unit cheap to
// simulate.
//
// Enable = 0 (ClockGate = 0 at the instance) ties clk_o to clk_i.

`default_nettype none

module mosaic_clock_gate #(
  parameter bit Enable = 1'b1
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic en_i,
  output logic clk_o
);

  if (Enable) begin : g_gate
    logic en_q;
    // Reset opens the gate: the block sees every edge until told otherwise.
    always_ff @(negedge clk_i or negedge rst_ni) begin
      if (!rst_ni) en_q <= 1'b1;
      else         en_q <= en_i;
    end
    assign clk_o = clk_i & en_q;
  end else begin : g_pass
    logic unused_en;
    assign unused_en = en_i ^ rst_ni;
    assign clk_o     = clk_i;
  end

endmodule
