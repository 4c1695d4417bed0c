// Simulation control: the run ends when software writes EXIT (+0x0, exit
// code = the byte lanes written) or, riscv-tests style, writes a non-zero
// value v to the low word of the ELF's tohost (exit code = v >> 1 for odd v,
// so 1 means pass; an even v is an HTIF request we do not serve and ends
// the run with code v). The SoC snoops the tohost store (tohost lives in
// RAM) and reports its written lanes here; lanes a narrow store does not
// write count as zero.
//
// The first exit request wins; exit_valid_o stays high. A testbench stops
// on it; on an FPGA it can drive an LED.
//
// Bus side: request in one cycle, read data in the next (always granted);
// reads return zero.

`default_nettype none

module mosaic_simctrl (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [3:0]  be_i,
  input  logic [11:0] addr_i,     // byte offset in the window
  input  logic [31:0] wdata_i,
  output logic [31:0] rdata_o,

  input  logic        tohost_we_i,
  input  logic [31:0] tohost_wdata_i,

  output logic        exit_valid_o,
  output logic [31:0] exit_code_o
);

  logic        exit_valid_q, exit_valid_d;
  logic [31:0] exit_code_q, exit_code_d;
  logic [31:0] lanes;

  assign lanes = {{8{be_i[3]}}, {8{be_i[2]}}, {8{be_i[1]}}, {8{be_i[0]}}};

  always_comb begin
    exit_valid_d = exit_valid_q;
    exit_code_d  = exit_code_q;
    if (!exit_valid_q) begin
      if (req_i && we_i && (addr_i[11:2] == 10'd0)) begin
        exit_valid_d = 1'b1;
        exit_code_d  = wdata_i & lanes;
      end else if (tohost_we_i && (tohost_wdata_i != 32'd0)) begin
        exit_valid_d = 1'b1;
        exit_code_d  = tohost_wdata_i[0] ? {1'b0, tohost_wdata_i[31:1]} : tohost_wdata_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      exit_valid_q <= 1'b0;
      exit_code_q  <= '0;
    end else begin
      exit_valid_q <= exit_valid_d;
      exit_code_q  <= exit_code_d;
    end
  end

  assign rdata_o      = 32'd0;
  assign exit_valid_o = exit_valid_q;
  assign exit_code_o  = exit_code_q;

  logic unused_simctrl;
  assign unused_simctrl = ^{addr_i[1:0]};

endmodule

`default_nettype wire
