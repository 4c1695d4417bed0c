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

  logic [PadWidth-1:0] padded, x;
  logic [Levels-1:0]   cnt;

  if (PadWidth == Width) begin : g_nopad
    assign padded = in_i;
  end else begin : g_pad
    assign padded = {in_i, {(PadWidth - Width){1'b0}}};
  end

  // Largest step first: after testing step 2^l the top 2^l bits hold a one
  // (unless the input is zero), so the remaining steps complete the count.
  always_comb begin
    x = padded;
    for (int l = Levels - 1; l >= 0; l--) begin
      cnt[l] = ((x & ~({PadWidth{1'b1}} >> (1 << l))) == '0);
      if (cnt[l]) x = x << (1 << l);
    end
  end

  assign norm_o = x[PadWidth-1 -: Width];
  assign zero_o = ~|in_i;
  assign lz_o   = cnt;

endmodule

`default_nettype wire
