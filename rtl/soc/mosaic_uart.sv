// UART transmitter: TXDATA (+0x0) takes a byte, STATUS (+0x4) bit 0 = ready.
//
// Simulation prints each byte with $write. For FPGA builds a real 8N1 shift
// register drives tx_o at ClkDiv clock cycles per bit, and STATUS.ready
// reflects it; in simulation ready is always 1 (sw/golden/mosaic_memmap.h),
// so programs never spin on the simulated line's speed.
//
// Bus side: request in one cycle, read data in the next (always granted).

`default_nettype none

module mosaic_uart #(
  parameter int ClkDiv = 868   // 100 MHz / 115200 baud
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [3:0]  be_i,
  input  logic [11:0] addr_i,     // byte offset in the UART window
  input  logic [31:0] wdata_i,
  output logic [31:0] rdata_o,

  output logic        tx_o
);

  localparam int DivWidth = $clog2(ClkDiv + 1);

  logic                tx_write;
  logic                busy;
  logic                ready;
  logic [9:0]          shift_q, shift_d;     // stop, data[7:0], start
  logic [3:0]          bits_q, bits_d;       // bits left to send
  logic [DivWidth-1:0] div_q, div_d;
  logic [31:0]         rdata_q, rdata_d;

  assign tx_write = req_i & we_i & be_i[0] & (addr_i[11:2] == 10'd0);
  assign busy     = (bits_q != 4'd0);

`ifdef SYNTHESIS
  assign ready = ~busy;
`else
  assign ready = 1'b1;
`endif

  always_comb begin
    shift_d = shift_q;
    bits_d  = bits_q;
    div_d   = div_q;
    if (busy) begin
      if (div_q == DivWidth'(ClkDiv - 1)) begin
        div_d   = '0;
        shift_d = {1'b1, shift_q[9:1]};
        bits_d  = bits_q - 4'd1;
      end else begin
        div_d = div_q + 1'b1;
      end
    end else if (tx_write) begin
      shift_d = {1'b1, wdata_i[7:0], 1'b0};
      bits_d  = 4'd10;
      div_d   = '0;
    end
  end

  always_comb begin
    rdata_d = 32'd0;
    if (req_i && (addr_i[11:2] == 10'd1)) rdata_d = {31'd0, ready};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shift_q <= '1;
      bits_q  <= '0;
      div_q   <= '0;
      rdata_q <= '0;
    end else begin
      shift_q <= shift_d;
      bits_q  <= bits_d;
      div_q   <= div_d;
      rdata_q <= rdata_d;
    end
  end

  assign tx_o    = shift_q[0];
  assign rdata_o = rdata_q;

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (tx_write) begin
      $write("%c", wdata_i[7:0]);
      $fflush();
    end
  end
`endif

  logic unused_uart_bus;
  assign unused_uart_bus = ^{be_i[3:1], wdata_i[31:8], addr_i[1:0]};

endmodule

`default_nettype wire
