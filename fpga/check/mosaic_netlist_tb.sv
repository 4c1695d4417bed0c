// make fpga-check: the ECP5 netlist of mosaic_soc_fpga (fpga/synth.ys, written
// as Verilog, simulated with Yosys's ECP5 cell models under Verilator) runs the
// program synthesized into its RAM. The UART line is decoded bit by bit
// (the netlist has the real transmitter) into +uart=FILE; the run ends
// when simulation control signals an exit, once the line has been idle for
// a byte time, with "EXIT <code>" on stdout. +max_cycles=N bounds it.

`timescale 1ns / 1ps
`default_nettype none

module mosaic_netlist_tb #(
  parameter int Div = 4   // UartClkDiv the netlist was synthesized with
);
  logic        clk = 1'b0;
  logic        rst_n = 1'b0;
  logic        exit_valid;
  logic [31:0] exit_code;
  logic        tx;

  mosaic_soc_fpga dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .uart_tx_o    (tx),
    .uart_rx_i    (1'b1),
    .exit_valid_o (exit_valid),
    .exit_code_o  (exit_code)
  );

  always #5 clk = ~clk;

  integer fd = 0, cycles = 0, max_cycles = 50000000, idle = 0, exit_at = -1;
  string  uart_file;
  initial begin
    if ($value$plusargs("uart=%s", uart_file)) fd = $fopen(uart_file, "wb");
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 50000000;
    repeat (4) @(posedge clk);
    rst_n = 1'b1;
  end

  // UART receiver: sample the middle of each bit.
  integer     bit_i = -1, cnt = 0;
  logic [7:0] sh;
  always @(posedge clk) begin
    cycles <= cycles + 1;
    if (bit_i < 0) begin
      if (rst_n && !tx) begin
        bit_i <= 0;
        cnt   <= Div + Div / 2;   // to the middle of data bit 0
      end
    end else if (cnt > 1) begin
      cnt <= cnt - 1;
    end else if (bit_i < 8) begin
      sh    <= {tx, sh[7:1]};
      bit_i <= bit_i + 1;
      cnt   <= Div;
    end else begin
      if (fd != 0) begin
        $fwrite(fd, "%c", sh);
        $fflush(fd);
      end
      bit_i <= -1;                // the stop bit: wait for the next start
    end
    idle <= (bit_i < 0 && tx) ? idle + 1 : 0;
    if (exit_valid && exit_at < 0) exit_at <= cycles;
    if (cycles % 100000 == 0) begin
      $display("cycle %0d", cycles);   // progress: gate-level runs are slow
      $fflush();
    end
    if (exit_at >= 0 && idle > 12 * Div) begin
      $display("EXIT %0d", exit_code);
      if (fd != 0) $fclose(fd);
      $finish;
    end
    if (cycles >= max_cycles) begin
      $display("TIMEOUT after %0d cycles", cycles);
      if (fd != 0) $fclose(fd);
      $finish;
    end
  end
endmodule

`default_nettype wire
