// One tile-row unpack of an engine (mosaic_tu_vecseq, mosaic_tu_redseq,
// mosaic_tu_mma): a mosaic_tu_row_unpack of the engine's own (Ext = 0), or
// the elements of the one mosaic_tu shares among engines that never run at
// the same time (Ext = 1, the FPGA configuration), which unpacks the
// engine's row, tile row and format (exported by the engine alongside) and
// answers in the same cycle. Either way el_o follows the inputs
// combinationally, so timing and results do not depend on Ext.

`default_nettype none

module mosaic_tu_row_unpack_slot #(
  parameter bit Ext = 1'b0
) (
  input  logic [511:0] row_i,
  input  logic [3:0]   y_i,
  input  logic [3:0]   fmt_i,
  input  logic [511:0] ext_el_i,   // the shared unpacker's elements (Ext = 1)
  output logic [511:0] el_o
);

  if (Ext) begin : g_ext
    assign el_o = ext_el_i;
    logic unused_own;
    assign unused_own = ^{row_i, y_i, fmt_i};
  end else begin : g_own
    mosaic_tu_row_unpack u_unpack (.row_i (row_i), .y_i (y_i), .fmt_i (fmt_i), .el_o (el_o));
    logic unused_ext;
    assign unused_ext = ^ext_el_i;
  end

endmodule

`default_nettype wire
