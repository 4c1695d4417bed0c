// Test top for mosaic_fma32 under Verilator: the same operand stream drives the
// combinational unit, both pipelined configurations and the late-addend
// (systolic PE) form, so test_rtl_fma32 checks all of them on every vector.

`default_nettype none

module tb_fma32 (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        valid_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic [31:0] c_late_i,  // c of the previous cycle's a_i/b_i
  input  logic [2:0]  rm_i,
  output logic        s0_valid_o,
  output logic [31:0] s0_res_o,
  output logic [5:0]  s0_flags_o,
  output logic        s1_valid_o,
  output logic [31:0] s1_res_o,
  output logic [5:0]  s1_flags_o,
  output logic        s2_valid_o,
  output logic [31:0] s2_res_o,
  output logic [5:0]  s2_flags_o,
  output logic        late_valid_o,
  output logic [31:0] late_res_o,
  output logic [5:0]  late_flags_o
);

  mosaic_fma32 #(
    .Stages (0)
  ) u_s0 (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_i),
    .rm_i    (rm_i),
    .valid_o (s0_valid_o),
    .res_o   (s0_res_o),
    .flags_o (s0_flags_o)
  );

  mosaic_fma32 #(
    .Stages (1)
  ) u_s1 (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_i),
    .rm_i    (rm_i),
    .valid_o (s1_valid_o),
    .res_o   (s1_res_o),
    .flags_o (s1_flags_o)
  );

  mosaic_fma32 #(
    .Stages (2)
  ) u_s2 (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_i),
    .rm_i    (rm_i),
    .valid_o (s2_valid_o),
    .res_o   (s2_res_o),
    .flags_o (s2_flags_o)
  );

  mosaic_fma32 #(
    .Stages (1),
    .CLate  (1'b1)
  ) u_late (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (valid_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .c_i     (c_late_i),
    .rm_i    (rm_i),
    .valid_o (late_valid_o),
    .res_o   (late_res_o),
    .flags_o (late_flags_o)
  );

endmodule

`default_nettype wire
