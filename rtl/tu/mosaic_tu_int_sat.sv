// An exact integer result saturated to an integer format, as the golden
// model's reductions write them (sw/golden/minat_red.c, minat_elem.c): the
// value clamped to [min, max] of fmt_i (INT8, INT16, INT32; any other code
// acts as INT32) and masked to the format's width, and whether it clamped
// (the SAT flag). Shared by mosaic_tu_red and mosaic_tu_red_serial, so the
// rule is written once.

`default_nettype none

module mosaic_tu_int_sat (
  input  logic signed [41:0] val_i,
  input  logic [3:0]         fmt_i,
  output logic [31:0]        res_o,
  output logic               sat_o
);

  logic signed [41:0] hi, lo;
  logic [31:0]        mask;
  assign hi    = (fmt_i == mosaic_pkg::FmtInt8)  ? 42'sd127 :
                 (fmt_i == mosaic_pkg::FmtInt16) ? 42'sd32767 : 42'sd2147483647;
  assign lo    = ~hi;
  assign mask  = (fmt_i == mosaic_pkg::FmtInt8)  ? 32'h0000_00FF :
                 (fmt_i == mosaic_pkg::FmtInt16) ? 32'h0000_FFFF : 32'hFFFF_FFFF;
  assign sat_o = (val_i > hi) | (val_i < lo);
  assign res_o = ((val_i > hi) ? hi[31:0] : (val_i < lo) ? lo[31:0] : val_i[31:0]) & mask;

endmodule

`default_nettype wire
