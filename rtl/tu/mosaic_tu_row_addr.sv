// TRF row (64 bytes) that holds tile row y_i of a register in format fmt_i
// (see mosaic_tu_row_unpack for the layout).

`default_nettype none

module mosaic_tu_row_addr (
  input  logic [3:0] y_i,
  input  logic [3:0] fmt_i,
  output logic [3:0] prow_o
);

  logic [1:0] wsel;

  mosaic_tu_fmt_width u_w (
    .fmt_i  (fmt_i),
    .wsel_o (wsel)
  );

  always_comb begin
    unique case (wsel)
      2'd3:    prow_o = y_i;
      2'd2:    prow_o = {1'b0, y_i[3:1]};
      2'd1:    prow_o = {2'b00, y_i[3:2]};
      default: prow_o = {3'b000, y_i[3]};
    endcase
  end

endmodule

`default_nettype wire
