// Integer register file: 31 x 32-bit registers plus the constant x0.
//
// Three asynchronous read ports (rs1 and rs2 in decode, x[rd] for the
// coprocessor in write-back) and one write port. Written as an array without
// a reset so FPGA tools map it to distributed RAM; the initial block zeroes
// it (FPGA bitstreams and simulators honour it) so that simulation starts
// from the same state as the golden ISS.

`default_nettype none

module mosaic_core_regfile (
  input  logic        clk_i,
  input  logic [4:0]  raddr_a_i,
  output logic [31:0] rdata_a_o,
  input  logic [4:0]  raddr_b_i,
  output logic [31:0] rdata_b_o,
  input  logic [4:0]  raddr_c_i,
  output logic [31:0] rdata_c_o,
  input  logic        we_i,
  input  logic [4:0]  waddr_i,
  input  logic [31:0] wdata_i
);

  logic [31:0] mem_q [32];

  initial begin
    for (int i = 0; i < 32; i++) begin
      mem_q[i] = 32'd0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (we_i && (waddr_i != 5'd0)) begin
      mem_q[waddr_i] <= wdata_i;
    end
  end

  assign rdata_a_o = (raddr_a_i == 5'd0) ? 32'd0 : mem_q[raddr_a_i];
  assign rdata_b_o = (raddr_b_i == 5'd0) ? 32'd0 : mem_q[raddr_b_i];
  assign rdata_c_o = (raddr_c_i == 5'd0) ? 32'd0 : mem_q[raddr_c_i];

endmodule

`default_nettype wire
