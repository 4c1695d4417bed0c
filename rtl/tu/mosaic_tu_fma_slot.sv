// One FP32 fused multiply-add of an element-wise, activation or reduction
// unit (mosaic_tu_vec_lane, mosaic_tu_tact_lane, mosaic_tu_red_serial): a
// combinational mosaic_fma32 of the unit's own (Ext = 0), or the request for
// the one mosaic_tu_redseq shares among units that never work at the same
// time (Ext = 1: one lane in each unit, the FPGA configuration). Either way
// res_o/flags_o follow the inputs combinationally, so the unit's timing and
// results do not depend on Ext.

`default_nettype none

module mosaic_tu_fma_slot #(
  parameter bit Ext = 1'b0
) (
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic [2:0]  rm_i,
  output logic [31:0] res_o,
  output logic [5:0]  flags_o,
  // The shared FMA (Ext = 1; req_o is 0 and res_i unused otherwise):
  // {a, b, c, rm} out, {res, flags} back in the same cycle.
  output logic [mosaic_pkg::FmaReqW-1:0] req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] res_i
);

  if (Ext) begin : g_ext
    assign req_o            = {a_i, b_i, c_i, rm_i};
    assign {res_o, flags_o} = res_i;
  end else begin : g_own
    assign req_o = '0;
    logic unused_res, unused_valid;
    assign unused_res = ^res_i;
    mosaic_fma32 #(
      .Stages (0)
    ) u_fma (
      .clk_i   (1'b0),
      .rst_ni  (1'b1),
      .valid_i (1'b1),
      .a_i     (a_i),
      .b_i     (b_i),
      .c_i     (c_i),
      .rm_i    (rm_i),
      .valid_o (unused_valid),
      .res_o   (res_o),
      .flags_o (flags_o)
    );
  end

endmodule

`default_nettype wire
