// One tile-row pack of a sequencer (mosaic_tu_vecseq, mosaic_tu_redseq) or
// of the mma engine's drain: a mosaic_tu_row_pack of its own (Ext = 0), or
// the result of the one mosaic_tu shares among the three, which are never
// busy at once (Ext = 1, the FPGA configuration): that packer packs the
// busy one's elements, enables, tile row and format (exported by the
// engine alongside) and answers in the same cycle. The sequencers write
// every element (en = all ones).

`default_nettype none

module mosaic_tu_row_pack_slot #(
  parameter bit Ext = 1'b0
) (
  input  logic [511:0] el_i,
  input  logic [15:0]  en_i,
  input  logic [3:0]   y_i,
  input  logic [3:0]   fmt_i,
  // The shared packer's results (Ext = 1).
  input  logic [3:0]   ext_prow_i,
  input  logic [511:0] ext_data_i,
  input  logic [63:0]  ext_be_i,
  output logic [3:0]   prow_o,
  output logic [511:0] data_o,
  output logic [63:0]  be_o
);

  if (Ext) begin : g_ext
    assign prow_o = ext_prow_i;
    assign data_o = ext_data_i;
    assign be_o   = ext_be_i;
    logic unused_own;
    assign unused_own = ^{el_i, en_i, y_i, fmt_i};
  end else begin : g_own
    mosaic_tu_row_pack u_pack (
      .el_i   (el_i),
      .en_i   (en_i),
      .y_i    (y_i),
      .fmt_i  (fmt_i),
      .prow_o (prow_o),
      .data_o (data_o),
      .be_o   (be_o)
    );
    logic unused_ext;
    assign unused_ext = ^{ext_prow_i, ext_data_i, ext_be_i};
  end

endmodule

`default_nettype wire
