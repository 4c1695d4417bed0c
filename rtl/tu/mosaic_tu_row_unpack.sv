// Tile-row extract: the 16 elements of tile row y_i of a register in format
// fmt_i, out of the 64-byte TRF row that holds it (mosaic_tu_row_addr gives its
// index). Elements come out right-aligned in 32 bits, zero-extended (the
// pattern convention of mosaic_fmt_cvt and mosaic_tu_vec).
//
// Layout (sw/golden tu_state.c mosaic_tile_get): element e of a register
// holding `bits`-bit elements starts at bit e * bits of the 1 KiB register,
// so tile row y starts at bit 256 * bits * y / 16 = y * 16 * bits, i.e. in
// TRF row (y * 16 * bits) / 512 at bit (y * 16 * bits) mod 512.

`default_nettype none

module mosaic_tu_row_unpack (
  input  logic [511:0]  row_i,
  input  logic [3:0]    y_i,
  input  logic [3:0]    fmt_i,
  output logic [511:0]  el_o     // element j at [32*j +: 32]
);

  logic [1:0]   wsel;   // 0: 4-bit, 1: 8-bit, 2: 16-bit, 3: 32-bit
  logic [2:0]   seg;    // 64-bit segment where the tile row starts
  logic [511:0] sh;

  mosaic_tu_fmt_width u_w (
    .fmt_i  (fmt_i),
    .wsel_o (wsel)
  );

  always_comb begin
    unique case (wsel)
      2'd3:    seg = 3'd0;
      2'd2:    seg = {y_i[0], 2'b00};
      2'd1:    seg = {y_i[1:0], 1'b0};
      default: seg = y_i[2:0];
    endcase
  end

  assign sh = row_i >> {seg, 6'd0};

  // y_i[3] only picks the TRF row (mosaic_tu_row_addr), which the caller read.
  logic unused_y;
  assign unused_y = y_i[3];

  for (genvar j = 0; j < 16; j++) begin : g_el
    always_comb begin
      unique case (wsel)
        2'd3:    el_o[32*j +: 32] = sh[32*j +: 32];
        2'd2:    el_o[32*j +: 32] = {16'd0, sh[16*j +: 16]};
        2'd1:    el_o[32*j +: 32] = {24'd0, sh[8*j +: 8]};
        default: el_o[32*j +: 32] = {28'd0, sh[4*j +: 4]};
      endcase
    end
  end

endmodule

`default_nettype wire
