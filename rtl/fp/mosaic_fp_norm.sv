// Leading-zero count and normalisation: shifts in_i left until its most
// significant set bit reaches bit Width-1, and reports the shift.
//
// Built as log2(Width) stages that each test the top 2^s bits and shift by
// 2^s when they are all zero, so the count and the shifted value come out of
// the same mux tree (depth ~ log2(Width) shift stages plus their OR trees)
// instead of a priority encoder followed by a separate barrel shifter.
// A non-power-of-two Width is padded with zeros below the LSB, which changes
// neither the count nor the top Width bits of the result.
//
// For in_i == 0, zero_o is set and lz_o/norm_o are don't-care (all ones /
// zero here; callers must not use them).

`default_nettype none

module mosaic_fp_norm #(
  parameter int Width = 32
) (
  input  logic [Width-1:0]         in_i,
  output logic [Width-1:0]         norm_o,
  output logic [$clog2(Width)-1:0] lz_o,
  output logic                     zero_o
);

  localparam int Levels   = $clog2(Width);
  localparam int PadWidth = 1 << Levels;

  // Level l tests step 2^(Levels-1-l), largest step first: once step 2^k
  // has been tested the top 2^k bits hold a one (unless the input is zero),
  // so the remaining steps complete the count. Each level is its own signal
  // in its generate block (g_level[l].out), written by a continuous assign:
  // an always_comb that shifts one variable in place makes Icarus 11 spin
  // (it reads back what it writes), and one flat vector of all levels is
  // slow in Icarus and needs split_var in Verilator.
  logic [PadWidth-1:0] padded;
  logic [Levels-1:0]   cnt /* verilator split_var */;

  if (PadWidth == Width) begin : g_nopad
    assign padded = in_i;
  end else begin : g_pad
    assign padded = {in_i, {(PadWidth - Width){1'b0}}};
  end

  for (genvar l = 0; l < Levels; l++) begin : g_level
    localparam int Step = 1 << (Levels - 1 - l);
    logic [PadWidth-1:0] in, out;
    if (l == 0) begin : g_first
      assign in = padded;
    end else begin : g_next
      assign in = g_level[l-1].out;
    end
    assign cnt[Levels-1-l] = ~|in[PadWidth-1 -: Step];
    assign out             = cnt[Levels-1-l] ? (in << Step) : in;
  end

  // Below bit PadWidth-Width lies only the zero padding, which is dropped.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [PadWidth-1:0] last;
  /* verilator lint_on UNUSEDSIGNAL */
  assign last   = g_level[Levels-1].out;
  assign norm_o = last[PadWidth-1 -: Width];
  assign zero_o = ~|in_i;
  assign lz_o   = cnt;

endmodule

`default_nettype wire
