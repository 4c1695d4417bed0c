// Test top for mosaic_tu_vec under Verilator (tb/modules/test_rtl_vec.cpp).
//
//   u_comb  mosaic_tu_vec #(.InReg(0)), driven straight from the ports: one
//           eval() per row, no clock (the bulk element sweeps).
//   u_pipe  mosaic_tu_vec #(.InReg(1)), the real configuration, for the
//           valid/ready tests. Its inputs are the same ports, latched on the
//           falling clock edge, so Verilator only evaluates its lanes on
//           clock edges (the sweeps, which never toggle the clock, pay for
//           one unit, not two). To the harness this is mosaic_tu_vec with
//           inputs set up before the falling edge and sampled at the rising
//           edge; ready_o is valid after the falling-edge eval.

`default_nettype none

module tb_vec (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [2:0]   op_i,
  input  logic [3:0]   a_fmt_i,
  input  logic [3:0]   b_fmt_i,
  input  logic [3:0]   d_fmt_i,
  input  logic [2:0]   rm_i,
  input  logic         fp8_sat_i,
  input  logic         subnormals_i,
  input  logic [511:0] a_i,
  input  logic [511:0] b_i,
  // u_comb
  output logic [511:0] c_d_o,
  output logic [95:0]  c_flags_o,
  output logic         c_sat_o,
  // u_pipe
  input  logic         valid_i,
  output logic         ready_o,
  output logic         valid_o,
  input  logic         ready_i,
  output logic [511:0] d_o,
  output logic [95:0]  flags_o,
  output logic         sat_o
);

  logic c_valid_unused, c_ready_unused;
  // The shared-unit ports (ExtCvt = 0 here: requests 0, results unused).
  logic [mosaic_pkg::CvtReqW-1:0] c_cw_unused, c_cb_unused, c_cn_unused;
  logic [mosaic_pkg::CvtReqW-1:0] p_cw_unused, p_cb_unused, p_cn_unused;
  logic [mosaic_pkg::FmaReqW-1:0] c_fx_unused, p_fx_unused;

  mosaic_tu_vec #(
    .Lanes  (16),
    .InReg  (1'b0)
  ) u_comb (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (1'b1),
    .ready_o      (c_ready_unused),
    .op_i         (op_i),
    .a_fmt_i      (a_fmt_i),
    .b_fmt_i      (b_fmt_i),
    .d_fmt_i      (d_fmt_i),
    .rm_i         (rm_i),
    .fp8_sat_i    (fp8_sat_i),
    .subnormals_i (subnormals_i),
    .a_i          (a_i),
    .b_i          (b_i),
    .valid_o      (c_valid_unused),
    .ready_i      (1'b1),
    .d_o          (c_d_o),
    .flags_o      (c_flags_o),
    .sat_o        (c_sat_o),
    .cw_req_o     (c_cw_unused),
    .cw_res_i     ('0),
    .cb_req_o     (c_cb_unused),
    .cb_res_i     ('0),
    .cn_req_o     (c_cn_unused),
    .cn_res_i     ('0),
    .fx_req_o     (c_fx_unused),
    .fx_res_i     ('0)
  );

  logic         valid_q, ready_q, fp8_sat_q, subnormals_q;
  logic [2:0]   op_q, rm_q;
  logic [3:0]   a_fmt_q, b_fmt_q, d_fmt_q;
  logic [511:0] a_q, b_q;

  always_ff @(negedge clk_i) begin
    valid_q      <= valid_i;
    ready_q      <= ready_i;
    op_q         <= op_i;
    a_fmt_q      <= a_fmt_i;
    b_fmt_q      <= b_fmt_i;
    d_fmt_q      <= d_fmt_i;
    rm_q         <= rm_i;
    fp8_sat_q    <= fp8_sat_i;
    subnormals_q <= subnormals_i;
    a_q          <= a_i;
    b_q          <= b_i;
  end

  mosaic_tu_vec #(
    .Lanes  (16),
    .InReg  (1'b1)
  ) u_pipe (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (valid_q),
    .ready_o      (ready_o),
    .op_i         (op_q),
    .a_fmt_i      (a_fmt_q),
    .b_fmt_i      (b_fmt_q),
    .d_fmt_i      (d_fmt_q),
    .rm_i         (rm_q),
    .fp8_sat_i    (fp8_sat_q),
    .subnormals_i (subnormals_q),
    .a_i          (a_q),
    .b_i          (b_q),
    .valid_o      (valid_o),
    .ready_i      (ready_q),
    .d_o          (d_o),
    .flags_o      (flags_o),
    .sat_o        (sat_o),
    .cw_req_o     (p_cw_unused),
    .cw_res_i     ('0),
    .cb_req_o     (p_cb_unused),
    .cb_res_i     ('0),
    .cn_req_o     (p_cn_unused),
    .cn_res_i     ('0),
    .fx_req_o     (p_fx_unused),
    .fx_res_i     ('0)
  );

  logic unused_cvt;
  assign unused_cvt = ^{c_cw_unused, c_cb_unused, c_cn_unused, c_fx_unused,
                        p_cw_unused, p_cb_unused, p_cn_unused, p_fx_unused};

endmodule

`default_nettype wire
