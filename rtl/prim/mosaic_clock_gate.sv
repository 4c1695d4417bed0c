// Clock gate for a block that is idle most of the time (the tensor unit
// while the core runs scalar code; one engine of it while others work).
//
// The gate is open in a cycle in which act_i is high and for HoldCycles
// cycles after the last such cycle, so the block's completion pulses and
// pipeline markers settle before its clock stops. The caller's act_i must
// cover every cycle in which the block's state could change: then the
// block's state is a fixed point whenever the gate is closed, and skipping
// those edges changes nothing.
//
// The enable is sampled on the falling edge and held through the high
// phase, so clk_o has no glitch and the block sees exactly the rising edges
// of clk_i after a cycle with the gate open: the behaviour of a latch-based
// integrated clock gate. The falling-edge flop rather than a latch keeps
// act_i's logic out of the clock computation of a Verilator model. Such a
// model evaluates the gated block's flop-fed logic only on edges of clk_o;
// that is what makes an idle block cheap to simulate.
//
// Enable = 0 ties clk_o to clk_i (no gate, nothing else).

`default_nettype none

module mosaic_clock_gate #(
  parameter bit          Enable     = 1'b1,
  parameter logic [1:0]  HoldCycles = 2'd3
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic act_i,
  output logic clk_o
);

  if (Enable) begin : g_gate
    logic [1:0] hold_q;
    logic       en_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)              hold_q <= HoldCycles;
      else if (act_i)           hold_q <= HoldCycles;
      else if (hold_q != 2'd0)  hold_q <= hold_q - 2'd1;
    end
    // Reset opens the gate: the block sees every edge until it settles.
    always_ff @(negedge clk_i or negedge rst_ni) begin
      if (!rst_ni) en_q <= 1'b1;
      else         en_q <= act_i || (hold_q != 2'd0);
    end
    assign clk_o = clk_i & en_q;
  end else begin : g_pass
    logic unused_act;
    assign unused_act = act_i ^ rst_ni;
    assign clk_o      = clk_i;
  end

endmodule
