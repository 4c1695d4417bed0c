// Test wrapper for tb/modules/test_rtl_red.cpp: the reduction unit (r_*
// ports) and mosaic_tu_vec_div (v_* ports) side by side in one Verilator
// model, sharing the clock and reset. RedLanes = 16: mosaic_tu_red; 1:
// mosaic_tu_red_serial (the test_rtl_redserial build) with its converters
// and its adder outside it, as mosaic_tu_redseq shares them in the FPGA
// configuration (ExtCvt = 1: the requests go out through mosaic_tu_cvt_slot
// and mosaic_tu_fma_slot and come back from the converters and the FMA
// here).

`default_nettype none

module tb_red #(
  parameter int RedLanes = 16
) (
  input  logic         clk_i,
  input  logic         rst_ni,

  input  logic         r_clear_i,
  input  logic         r_valid_i,
  output logic         r_ready_o,
  input  logic [2:0]   r_op_i,
  input  logic [3:0]   r_s_fmt_i,
  input  logic [3:0]   r_d_fmt_i,
  input  logic [2:0]   r_rm_i,
  input  logic         r_fp8_sat_i,
  input  logic         r_subnormals_i,
  input  logic [511:0] r_row_i,
  output logic         r_valid_o,
  input  logic         r_ready_i,
  output logic [31:0]  r_res_o,
  output logic [3:0]   r_row_o,
  output logic         r_last_o,
  output logic [5:0]   r_flags_o,
  output logic         r_sat_o,

  input  logic         v_valid_i,
  output logic         v_ready_o,
  input  logic [3:0]   v_a_fmt_i,
  input  logic [3:0]   v_b_fmt_i,
  input  logic [3:0]   v_d_fmt_i,
  input  logic [2:0]   v_rm_i,
  input  logic         v_fp8_sat_i,
  input  logic         v_subnormals_i,
  input  logic [511:0] v_a_i,
  input  logic [31:0]  v_b_i,
  output logic         v_valid_o,
  input  logic         v_ready_i,
  output logic [511:0] v_d_o,
  output logic [95:0]  v_flags_o,
  output logic         v_sat_o
);

  if (RedLanes == 16) begin : g_red
    mosaic_tu_red u_red (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .clear_i      (r_clear_i),
      .valid_i      (r_valid_i),
      .ready_o      (r_ready_o),
      .op_i         (r_op_i),
      .s_fmt_i      (r_s_fmt_i),
      .d_fmt_i      (r_d_fmt_i),
      .rm_i         (r_rm_i),
      .fp8_sat_i    (r_fp8_sat_i),
      .subnormals_i (r_subnormals_i),
      .row_i        (r_row_i),
      .valid_o      (r_valid_o),
      .ready_i      (r_ready_i),
      .res_o        (r_res_o),
      .row_o        (r_row_o),
      .last_o       (r_last_o),
      .flags_o      (r_flags_o),
      .sat_o        (r_sat_o)
    );
  end else begin : g_red_serial
    mosaic_cvt_req_t cw, cn;
    mosaic_cvt_res_t cw_res, cn_res;
    logic [31:0] cw_bits, cn_bits;
    logic [5:0]  cw_flags, cn_flags;
    assign cw_res = {cw_bits, cw_flags};
    assign cn_res = {cn_bits, cn_flags};
    mosaic_fmt_cvt u_widen (
      .from_i (cw.from), .to_i (cw.to), .bits_i (cw.bits), .rm_i (cw.rm),
      .fp8_sat_i (cw.fp8_sat), .subnormals_i (cw.subn), .int_wrap_i (cw.wrap),
      .bits_o (cw_bits), .flags_o (cw_flags)
    );
    mosaic_fmt_cvt u_narrow (
      .from_i (cn.from), .to_i (cn.to), .bits_i (cn.bits), .rm_i (cn.rm),
      .fp8_sat_i (cn.fp8_sat), .subnormals_i (cn.subn), .int_wrap_i (cn.wrap),
      .bits_o (cn_bits), .flags_o (cn_flags)
    );
    logic [mosaic_pkg::FmaReqW-1:0] fx;
    logic [31:0] fx_bits;
    logic [5:0]  fx_flags;
    logic        unused_fx_valid;
    mosaic_fma32 #(.Stages (0)) u_fma (
      .clk_i (1'b0), .rst_ni (1'b1), .valid_i (1'b1),
      .a_i (fx[98:67]), .b_i (fx[66:35]), .c_i (fx[34:3]), .rm_i (fx[2:0]),
      .valid_o (unused_fx_valid), .res_o (fx_bits), .flags_o (fx_flags)
    );
    mosaic_tu_red_serial #(
      .ExtCvt (1'b1)
    ) u_red (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .clear_i      (r_clear_i),
      .valid_i      (r_valid_i),
      .ready_o      (r_ready_o),
      .op_i         (r_op_i),
      .s_fmt_i      (r_s_fmt_i),
      .d_fmt_i      (r_d_fmt_i),
      .rm_i         (r_rm_i),
      .fp8_sat_i    (r_fp8_sat_i),
      .subnormals_i (r_subnormals_i),
      .row_i        (r_row_i),
      .valid_o      (r_valid_o),
      .ready_i      (r_ready_i),
      .res_o        (r_res_o),
      .row_o        (r_row_o),
      .last_o       (r_last_o),
      .flags_o      (r_flags_o),
      .sat_o        (r_sat_o),
      .cw_req_o     (cw),
      .cw_res_i     (cw_res),
      .cn_req_o     (cn),
      .cn_res_i     (cn_res),
      .fx_req_o     (fx),
      .fx_res_i     ({fx_bits, fx_flags})
    );
  end

  // The tbdiv unit here has 16 lanes, each with its own converters.
  mosaic_cvt_req_t v_cw, v_cb, v_cn;
  mosaic_cvt_res_t v_none;
  logic unused_v_cvt;
  assign v_none       = '0;
  assign unused_v_cvt = ^{v_cw, v_cb, v_cn};

  mosaic_tu_vec_div u_div (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (v_valid_i),
    .ready_o      (v_ready_o),
    .a_fmt_i      (v_a_fmt_i),
    .b_fmt_i      (v_b_fmt_i),
    .d_fmt_i      (v_d_fmt_i),
    .rm_i         (v_rm_i),
    .fp8_sat_i    (v_fp8_sat_i),
    .subnormals_i (v_subnormals_i),
    .a_i          (v_a_i),
    .b_i          (v_b_i),
    .valid_o      (v_valid_o),
    .ready_i      (v_ready_i),
    .d_o          (v_d_o),
    .flags_o      (v_flags_o),
    .sat_o        (v_sat_o),
    .cw_req_o     (v_cw),
    .cw_res_i     (v_none),
    .cb_req_o     (v_cb),
    .cb_res_i     (v_none),
    .cn_req_o     (v_cn),
    .cn_res_i     (v_none)
  );

endmodule

`default_nettype wire
