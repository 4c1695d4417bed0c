// UART, 8N1, no flow control.
//   TXDATA (+0x0, W) takes a byte.
//   STATUS (+0x4, R) bit 0 TX ready, bit 1 RX byte waiting, bit 2 RX overrun,
//                    bit 3 RX framing error (bits 2-3 sticky; W1C: writing a
//                    1 to a bit clears it).
//   RXDATA (+0x8, R) bit 31 = 1 when no byte is waiting, else [7:0] is the
//                    oldest byte, and the read removes it.
//
// TX: simulation prints each byte with $write. For FPGA builds a real 8N1
// shift register drives tx_o at ClkDiv clock cycles per bit, and STATUS.ready
// reflects it; in simulation ready is always 1 (sw/golden/mosaic_memmap.h),
// so programs never spin on the simulated line's speed.
//
// RX is the same in simulation and hardware: rx_i is synchronised, a start
// bit is confirmed at half a bit time, and each data bit is sampled at the
// middle of its bit time. Received bytes wait in a RxDepth-entry FIFO (the
// boot loader's pauses between bytes, at the end of a frame header, are
// shorter than RxDepth byte times even at the simulators' fast bit rate); a
// byte that completes with the FIFO full is dropped and sets the overrun
// flag.
//
// Bus side: request in one cycle, read data in the next (always granted).

`default_nettype none

module mosaic_uart #(
  parameter int ClkDiv  = 868, // 100 MHz / 115200 baud
  parameter int RxDepth = 8    // received-byte FIFO entries, a power of 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [3:0]  be_i,
  input  logic [11:0] addr_i,     // byte offset in the UART window
  input  logic [31:0] wdata_i,
  output logic [31:0] rdata_o,

  output logic        tx_o,
  input  logic        rx_i
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

  // -------------------------------------------------------------------------
  // Receiver
  // -------------------------------------------------------------------------
  logic [1:0]          rx_sync_q;            // two-flop synchroniser
  logic                rx_line;
  logic                rx_active_q, rx_active_d;
  logic [3:0]          rx_bit_q, rx_bit_d;   // 0 start, 1..8 data, 9 stop
  logic [DivWidth-1:0] rx_div_q, rx_div_d;
  logic [7:0]          rx_shift_q, rx_shift_d;
  localparam int PtrW = $clog2(RxDepth);
  logic [7:0]          rx_fifo_q [RxDepth];
  logic [PtrW:0]       rx_wr_q, rx_wr_d;     // one extra bit: full vs empty
  logic [PtrW:0]       rx_rd_q, rx_rd_d;
  logic                rx_push;
  logic                rx_empty, rx_full;
  logic                rx_ovr_q, rx_ovr_d;
  logic                rx_ferr_q, rx_ferr_d;
  logic                rx_pop, st_write;
  logic                rx_tick;

  assign rx_line  = rx_sync_q[1];
  assign rx_empty = (rx_wr_q == rx_rd_q);
  assign rx_full  = (rx_wr_q[PtrW] != rx_rd_q[PtrW]) &&
                    (rx_wr_q[PtrW-1:0] == rx_rd_q[PtrW-1:0]);
  assign rx_pop   = req_i & ~we_i & (addr_i[11:2] == 10'd2) & ~rx_empty;
  assign st_write = req_i & we_i & be_i[0] & (addr_i[11:2] == 10'd1);
  // The start bit is sampled half a bit in, every later bit a whole bit on.
  assign rx_tick  = (rx_bit_q == 4'd0) ? (rx_div_q == DivWidth'(ClkDiv / 2))
                                       : (rx_div_q == DivWidth'(ClkDiv - 1));

  always_comb begin
    rx_active_d = rx_active_q;
    rx_bit_d    = rx_bit_q;
    rx_div_d    = rx_div_q;
    rx_shift_d  = rx_shift_q;
    rx_push     = 1'b0;
    rx_ovr_d    = rx_ovr_q & ~(st_write & wdata_i[2]);
    rx_ferr_d   = rx_ferr_q & ~(st_write & wdata_i[3]);
    if (!rx_active_q) begin
      if (!rx_line) begin
        rx_active_d = 1'b1;
        rx_bit_d    = 4'd0;
        rx_div_d    = '0;
      end
    end else if (rx_tick) begin
      rx_div_d = '0;
      rx_bit_d = rx_bit_q + 4'd1;
      unique case (rx_bit_q)
        4'd0:    if (rx_line) rx_active_d = 1'b0;     // a glitch, not a start
        4'd9: begin
          rx_active_d = 1'b0;
          if (!rx_line) begin
            rx_ferr_d = 1'b1;
          end else if (rx_full) begin
            rx_ovr_d = 1'b1;
          end else begin
            rx_push = 1'b1;
          end
        end
        default: rx_shift_d = {rx_line, rx_shift_q[7:1]};
      endcase
    end else begin
      rx_div_d = rx_div_q + 1'b1;
    end
  end

  assign rx_wr_d = rx_wr_q + {{PtrW{1'b0}}, rx_push};
  assign rx_rd_d = rx_rd_q + {{PtrW{1'b0}}, rx_pop};

  // The FIFO's entries have no reset: only written entries are read.
  always_ff @(posedge clk_i) begin
    if (rx_push) rx_fifo_q[rx_wr_q[PtrW-1:0]] <= rx_shift_q;
  end

  always_comb begin
    rdata_d = 32'd0;
    if (req_i) begin
      unique case (addr_i[11:2])
        10'd1:   rdata_d = {28'd0, rx_ferr_q, rx_ovr_q, ~rx_empty, ready};
        10'd2:   rdata_d = rx_empty ? 32'h8000_0000 : {24'd0, rx_fifo_q[rx_rd_q[PtrW-1:0]]};
        default: rdata_d = 32'd0;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      shift_q     <= '1;
      bits_q      <= '0;
      div_q       <= '0;
      rdata_q     <= '0;
      rx_sync_q   <= 2'b11;
      rx_active_q <= 1'b0;
      rx_bit_q    <= '0;
      rx_div_q    <= '0;
      rx_shift_q  <= '0;
      rx_wr_q     <= '0;
      rx_rd_q     <= '0;
      rx_ovr_q    <= 1'b0;
      rx_ferr_q   <= 1'b0;
    end else begin
      shift_q     <= shift_d;
      bits_q      <= bits_d;
      div_q       <= div_d;
      rdata_q     <= rdata_d;
      rx_sync_q   <= {rx_sync_q[0], rx_i};
      rx_active_q <= rx_active_d;
      rx_bit_q    <= rx_bit_d;
      rx_div_q    <= rx_div_d;
      rx_shift_q  <= rx_shift_d;
      rx_wr_q     <= rx_wr_d;
      rx_rd_q     <= rx_rd_d;
      rx_ovr_q    <= rx_ovr_d;
      rx_ferr_q   <= rx_ferr_d;
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
