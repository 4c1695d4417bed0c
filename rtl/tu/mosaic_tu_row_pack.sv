// Tile-row pack, the inverse of mosaic_tu_row_unpack: elements of tile row y_i in
// format fmt_i (right-aligned in 32 bits; element j enabled by en_i[j]) placed
// in their 64-byte TRF row, with byte enables. An FP4 byte holds two
// elements: it is enabled if either is, and the other nibble then comes from
// its own el_i value, so a caller that writes part of a row must put the
// old value there (the MMA drain replaces those nibbles of data_o with its
// raw D row's).

`default_nettype none

module mosaic_tu_row_pack (
  input  logic [511:0] el_i,
  input  logic [15:0]  en_i,
  input  logic [3:0]   y_i,
  input  logic [3:0]   fmt_i,
  output logic [3:0]   prow_o,   // TRF row
  output logic [511:0] data_o,
  output logic [63:0]  be_o
);

  logic [1:0]   wsel;
  logic [2:0]   seg;
  logic [511:0] dat;
  logic [63:0]  be;

  mosaic_tu_fmt_width u_w (
    .fmt_i  (fmt_i),
    .wsel_o (wsel)
  );

  mosaic_tu_row_addr u_prow (
    .y_i    (y_i),
    .fmt_i  (fmt_i),
    .prow_o (prow_o)
  );

  always_comb begin
    unique case (wsel)
      2'd3:    seg = 3'd0;
      2'd2:    seg = {y_i[0], 2'b00};
      2'd1:    seg = {y_i[1:0], 1'b0};
      default: seg = y_i[2:0];
    endcase
  end

  for (genvar j = 0; j < 16; j++) begin : g_el
    always_comb begin
      unique case (wsel)
        2'd3: begin
          dat[32*j +: 32] = el_i[32*j +: 32];
          be[4*j +: 4]    = {4{en_i[j]}};
        end
        2'd2: begin
          dat[32*j +: 32] = (j < 8) ? {el_i[32*(2*(j%8)+1) +: 16], el_i[32*(2*(j%8)) +: 16]} : 32'd0;
          be[4*j +: 4]    = (j < 8) ? {{2{en_i[2*(j%8)+1]}}, {2{en_i[2*(j%8)]}}} : 4'd0;
        end
        2'd1: begin
          dat[32*j +: 32] = (j < 4) ? {el_i[32*(4*(j%4)+3) +: 8], el_i[32*(4*(j%4)+2) +: 8],
                                        el_i[32*(4*(j%4)+1) +: 8], el_i[32*(4*(j%4)) +: 8]} : 32'd0;
          be[4*j +: 4]    = (j < 4) ? {en_i[4*(j%4)+3], en_i[4*(j%4)+2],
                                        en_i[4*(j%4)+1], en_i[4*(j%4)]} : 4'd0;
        end
        default: begin
          dat[32*j +: 32] = (j < 2) ? {el_i[32*(8*(j%2)+7) +: 4], el_i[32*(8*(j%2)+6) +: 4],
                                        el_i[32*(8*(j%2)+5) +: 4], el_i[32*(8*(j%2)+4) +: 4],
                                        el_i[32*(8*(j%2)+3) +: 4], el_i[32*(8*(j%2)+2) +: 4],
                                        el_i[32*(8*(j%2)+1) +: 4], el_i[32*(8*(j%2)) +: 4]} : 32'd0;
          be[4*j +: 4]    = (j < 2) ? {en_i[8*(j%2)+7] | en_i[8*(j%2)+6],
                                        en_i[8*(j%2)+5] | en_i[8*(j%2)+4],
                                        en_i[8*(j%2)+3] | en_i[8*(j%2)+2],
                                        en_i[8*(j%2)+1] | en_i[8*(j%2)]} : 4'd0;
        end
      endcase
    end
  end

  assign data_o = dat << {seg, 6'd0};
  assign be_o   = be << {seg, 3'd0};

endmodule

`default_nettype wire
