// Element width class of a format tag: 3 = 32-bit (FP32, INT32, TF32),
// 2 = 16-bit (FP16, BF16, INT16), 1 = 8-bit (E4M3, E5M2, INT8), 0 = FP4.
// Invalid tags never reach the datapath (the issue check traps them); they
// map to 8-bit.

`default_nettype none

module mosaic_tu_fmt_width (
  input  logic [3:0] fmt_i,
  output logic [1:0] wsel_o
);

  always_comb begin
    unique case (fmt_i)
      mosaic_pkg::FmtFp32, mosaic_pkg::FmtInt32, mosaic_pkg::FmtTf32: wsel_o = 2'd3;
      mosaic_pkg::FmtFp16, mosaic_pkg::FmtBf16, mosaic_pkg::FmtInt16: wsel_o = 2'd2;
      mosaic_pkg::FmtFp4:                                             wsel_o = 2'd0;
      default:                                                        wsel_o = 2'd1;
    endcase
  end

endmodule

`default_nettype wire
