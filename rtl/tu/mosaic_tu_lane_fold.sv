// Runs a tile row of Lanes 32-bit elements through a unit that has only
// PhysLanes lanes, in Passes = Lanes / PhysLanes passes: the area parameters
// of the element-wise, division and activation engines (mosaic_tu VecLanes,
// DivLanes, ActLanes; docs/fpga.md). Every element goes through the same
// lane logic with the same options as in the full-width unit, so results and
// flags are the same; only the cycles per row grow.
//
// PhysLanes = Lanes: wires only (the unit's handshake and data are the
// row's), so a sequencer instantiates this and its unit the same way at
// every lane count.
//
// The row, and b (a row chunked like a, or one 32-bit element passed whole),
// are registered when accepted (valid_i & ready_o). Pass k presents elements
// [k*PhysLanes, (k+1)*PhysLanes) to the unit (u_valid_o, held until
// u_ready_i), takes its result when u_valid_i (u_ready_o is always high) and
// moves on; the operand registers shift down and the results shift in from
// the top, so no pass needs a variable index. After the last pass, valid_o
// rises and d_o/flags_o hold until valid_o & ready_i. ready_o is low while a
// row is in the passes, and otherwise high when the output is empty or taken
// in that cycle.
//
// The unit's own options (op, formats, rounding) come from its parent and
// must hold for the whole row: the sequencers keep them for a whole
// instruction. A combinational unit (mosaic_tu_vec with InReg = 0) answers
// in the cycle it is given a chunk: one cycle per pass.

`default_nettype none

module mosaic_tu_lane_fold #(
  parameter int Lanes     = 16,
  parameter int PhysLanes = 4,
  parameter int BWidth    = 32 * Lanes,  // 32*Lanes: b is a row; 32: one element
  // The unit's b: a chunk of the row, or the element as it is.
  parameter int UBWidth   = (BWidth == 32 * Lanes) ? 32 * PhysLanes : BWidth
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  // The row.
  input  logic                    valid_i,
  output logic                    ready_o,
  input  logic [32*Lanes-1:0]     a_i,
  input  logic [BWidth-1:0]       b_i,
  output logic                    valid_o,
  input  logic                    ready_i,
  output logic [32*Lanes-1:0]     d_o,
  output logic [6*Lanes-1:0]      flags_o,
  output logic                    sat_o,
  // The unit.
  output logic                    u_valid_o,
  input  logic                    u_ready_i,
  output logic [32*PhysLanes-1:0] u_a_o,
  output logic [UBWidth-1:0]      u_b_o,
  input  logic                    u_valid_i,
  output logic                    u_ready_o,
  input  logic [32*PhysLanes-1:0] u_d_i,
  input  logic [6*PhysLanes-1:0]  u_flags_i
);

  localparam bit BRow = (BWidth == 32 * Lanes);

  logic [Lanes-1:0] sat;
  for (genvar e = 0; e < Lanes; e++) begin : g_sat
    assign sat[e] = flags_o[6*e + mosaic_pkg::FlagSat];
  end
  assign sat_o = |sat;

  if (PhysLanes == Lanes) begin : g_direct
    assign u_valid_o = valid_i;
    assign ready_o   = u_ready_i;
    assign u_a_o     = a_i;
    assign u_b_o     = b_i;
    assign valid_o   = u_valid_i;
    assign u_ready_o = ready_i;
    assign d_o       = u_d_i;
    assign flags_o   = u_flags_i;
    // No registers: clock and reset stay in the port list so every lane
    // count has one interface.
    logic unused_clk_rst;
    assign unused_clk_rst = clk_i ^ rst_ni;
  end else begin : g_fold
    localparam int  Passes = Lanes / PhysLanes;
    localparam int  PassW  = (Passes > 1) ? $clog2(Passes) : 1;
    localparam int  ChunkW = 32 * PhysLanes;
    localparam int  FlagW  = 6 * PhysLanes;
    localparam logic [PassW-1:0] LastPass = PassW'(Passes - 1);

    logic             busy_q, issued_q, valid_q;
    logic [PassW-1:0] k_q;
    logic             accept, take;

    assign ready_o   = !busy_q && (!valid_q || ready_i);
    assign accept    = valid_i && ready_o;
    assign u_valid_o = busy_q && !issued_q;
    assign u_ready_o = 1'b1;
    assign take      = busy_q && u_valid_i;
    assign valid_o   = valid_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        busy_q   <= 1'b0;
        issued_q <= 1'b0;
        valid_q  <= 1'b0;
        k_q      <= '0;
      end else begin
        if (valid_q && ready_i) valid_q <= 1'b0;
        if (accept) begin
          busy_q   <= 1'b1;
          issued_q <= 1'b0;
          k_q      <= '0;
        end else if (busy_q) begin
          // A combinational unit takes and answers in one cycle: the result
          // decides.
          if (u_valid_o && u_ready_i) issued_q <= 1'b1;
          if (take) begin
            issued_q <= 1'b0;
            k_q      <= k_q + PassW'(1);
            if (k_q == LastPass) begin
              busy_q  <= 1'b0;
              valid_q <= 1'b1;
            end
          end
        end
      end
    end

    // Data registers need no reset: busy_q and valid_q qualify them.
    logic [32*Lanes-1:0] a_q, d_q;
    logic [BWidth-1:0]   b_q;
    logic [6*Lanes-1:0]  f_q;

    always_ff @(posedge clk_i) begin
      if (accept) begin
        a_q <= a_i;
        b_q <= b_i;
      end else if (take) begin
        a_q <= a_q >> ChunkW;
        if (BRow) b_q <= b_q >> ChunkW;
        d_q <= {u_d_i, d_q[32*Lanes-1:ChunkW]};
        f_q <= {u_flags_i, f_q[6*Lanes-1:FlagW]};
      end
    end

    assign u_a_o   = a_q[ChunkW-1:0];
    assign u_b_o   = b_q[UBWidth-1:0];
    assign d_o     = d_q;
    assign flags_o = f_q;
  end

endmodule

`default_nettype wire
