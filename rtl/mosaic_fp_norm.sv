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

  // Slice l of stage (bits l*PadWidth +: PadWidth) is the value before
  // testing step 2^(Levels-1-l), largest step first: once step 2^k has been
  // tested the top 2^k bits hold a one (unless the input is zero), so the
  // remaining steps complete the count. Written as continuous assigns, not
  // an always_comb that reads back what it wrote: Icarus 11 puts such
  // variables in the block's sensitivity list and can re-trigger it forever.
  // One flat vector because Yosys 0.23 parses no multi-dimensional packed
  // arrays; split_var lets Verilator schedule its slices separately.
  // The last slice's padding bits are never read (see norm_o).
  /* verilator lint_off UNUSEDSIGNAL */
  logic [(Levels+1)*PadWidth-1:0] stage /* verilator split_var */;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [Levels-1:0]              cnt /* verilator split_var */;

  if (PadWidth == Width) begin : g_nopad
    assign stage[0 +: PadWidth] = in_i;
  end else begin : g_pad
    assign stage[0 +: PadWidth] = {in_i, {(PadWidth - Width){1'b0}}};
  end

  for (genvar l = 0; l < Levels; l++) begin : g_level
    localparam int Step = 1 << (Levels - 1 - l);
    logic [PadWidth-1:0] cur;
    assign cur                            = stage[l*PadWidth +: PadWidth];
    assign cnt[Levels-1-l]                = ~|cur[PadWidth-1 -: Step];
    assign stage[(l+1)*PadWidth +: PadWidth] = cnt[Levels-1-l] ? (cur << Step) : cur;
  end

  // Below bit PadWidth-Width lies only the zero padding, which is dropped.
  assign norm_o = stage[Levels*PadWidth + (PadWidth-Width) +: Width];
  assign zero_o = ~|in_i;
  assign lz_o   = cnt;

endmodule

`default_nettype wire
