// One format conversion of a row or element-wise unit (the widenings and
// narrowing of mosaic_tu_vec_div, mosaic_tu_tact, mosaic_tu_red_serial,
// mosaic_tu_vec_lane) or of the mma engine's drain (its narrowing): a
// mosaic_fmt_cvt of the unit's own (Ext = 0), or the
// request for a converter mosaic_tu_redseq shares among units that never
// work at the same time (Ext = 1: one lane in each unit, the FPGA
// configuration). Either way bits_o/flags_o follow the inputs
// combinationally, so the unit's timing and results do not depend on Ext.

`default_nettype none

module mosaic_tu_cvt_slot #(
  parameter bit Ext = 1'b0
) (
  input  logic [3:0]      from_i,
  input  logic [3:0]      to_i,
  input  logic [31:0]     bits_i,
  input  logic [2:0]      rm_i,
  input  logic            fp8_sat_i,
  input  logic            subnormals_i,
  input  logic            int_wrap_i,     // an integer target wraps (mosaic_fmt_cvt)
  output logic [31:0]     bits_o,
  output logic [5:0]      flags_o,
  // The shared converter (Ext = 1; req_o is 0 and res_i unused otherwise).
  // (mosaic_cvt_req_t and mosaic_cvt_res_t as vectors: mosaic_pkg CvtReqW).
  output logic [mosaic_pkg::CvtReqW-1:0] req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] res_i
);

  if (Ext) begin : g_ext
    // The members in mosaic_cvt_req_t / mosaic_cvt_res_t order (Yosys 0.23
    // resolves no struct declared inside a generate block).
    assign req_o             = {from_i, to_i, bits_i, rm_i, fp8_sat_i, subnormals_i, int_wrap_i};
    assign {bits_o, flags_o} = res_i;
  end else begin : g_own
    assign req_o = '0;
    logic unused_res;
    assign unused_res = ^res_i;
    mosaic_fmt_cvt u_cvt (
      .from_i       (from_i),
      .to_i         (to_i),
      .bits_i       (bits_i),
      .rm_i         (rm_i),
      .fp8_sat_i    (fp8_sat_i),
      .subnormals_i (subnormals_i),
      .int_wrap_i   (int_wrap_i),
      .bits_o       (bits_o),
      .flags_o      (flags_o)
    );
  end

endmodule

`default_nettype wire
