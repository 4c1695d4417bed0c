// Icarus Verilog bench for mosaic_soc: runs one program image to EXIT or
// tohost and writes the riscv-arch-test signature.
//
// Plusargs:
//   +ram_hex=FILE           on-chip RAM image (tools/elf2hex.py; loaded by the RAM)
//   +main_hex=FILE          main-memory image (optional)
//   +tohost=HEX             address of the ELF's tohost symbol (0: none)
//   +begin_signature=HEX +end_signature=HEX +signature=FILE
//                           dump [begin, end) as 8 hex digits per line at the end
//   +max_cycles=N           give up after N cycles (default 2000000)
//   +uart=FILE              also write the UART output to FILE
//   +trace=FILE             one line per retired instruction (RVFI)
//   +vcd=FILE               waveform
// The last line is "[tb] exit <code> cycles <n> instret <n>" or
// "[tb] timeout cycles <n> instret <n>"; sw/tests/rtl/test_icarus_smoke.py
// reads it.
//
// TensorUnit = 1 attaches tb/icarus/mosaic_xif_model.sv, a toy coprocessor
// that exercises every X-IF channel and implements the tensor CSRs.

`timescale 1ns / 1ps
`default_nettype none

module mosaic_soc_tb;

  parameter int TensorUnit = 0;

  logic clk, rst_n;
  logic exit_valid;
  logic [31:0] exit_code;
  logic [31:0] tohost_addr;
  logic uart_tx;

  logic        tu_issue_valid, tu_issue_ready;
  logic [31:0] tu_issue_insn, tu_issue_rs1, tu_issue_rs2, tu_issue_rd;
  logic [3:0]  tu_issue_id;
  logic        tu_issue_accept, tu_issue_writeback, tu_issue_dirty, tu_issue_exc;
  logic [4:0]  tu_issue_exccode;
  logic [31:0] tu_issue_tval;
  logic        tu_commit_valid, tu_commit_kill;
  logic [3:0]  tu_commit_id;
  logic        tu_result_valid, tu_result_ready, tu_result_we;
  logic [3:0]  tu_result_id;
  logic [4:0]  tu_result_rd;
  logic [31:0] tu_result_data;
  logic        tu_fence_valid, tu_fence_ready;
  logic [1:0]  tu_ts;
  logic        tu_mac_busy, tu_bank_conflict, tu_sdma_busy;
  logic [15:0] tu_mac_count, tu_sdma_bytes;

  logic        rvfi_valid, rvfi_trap, rvfi_halt, rvfi_intr;
  logic [63:0] rvfi_order;
  logic [31:0] rvfi_insn, rvfi_rs1_rdata, rvfi_rs2_rdata, rvfi_rd_wdata;
  logic [31:0] rvfi_pc_rdata, rvfi_pc_wdata, rvfi_mem_addr, rvfi_mem_rdata, rvfi_mem_wdata;
  logic [1:0]  rvfi_mode, rvfi_ixl;
  logic [4:0]  rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rd_addr;
  logic [3:0]  rvfi_mem_rmask, rvfi_mem_wmask;

  mosaic_soc #(
    .TensorUnit (TensorUnit)
  ) dut (
    .clk_i                  (clk),
    .rst_ni                 (rst_n),
    .tohost_addr_i          (tohost_addr),
    .exit_valid_o           (exit_valid),
    .exit_code_o            (exit_code),
    .uart_tx_o              (uart_tx),
    .uart_rx_i              (1'b1),
    .tu_issue_valid_o       (tu_issue_valid),
    .tu_issue_ready_i       (tu_issue_ready),
    .tu_issue_insn_o        (tu_issue_insn),
    .tu_issue_id_o          (tu_issue_id),
    .tu_issue_rs1_o         (tu_issue_rs1),
    .tu_issue_rs2_o         (tu_issue_rs2),
    .tu_issue_rd_o          (tu_issue_rd),
    .tu_issue_accept_i      (tu_issue_accept),
    .tu_issue_writeback_i   (tu_issue_writeback),
    .tu_issue_dirty_i       (tu_issue_dirty),
    .tu_issue_exc_i         (tu_issue_exc),
    .tu_issue_exccode_i     (tu_issue_exccode),
    .tu_issue_tval_i        (tu_issue_tval),
    .tu_commit_valid_o      (tu_commit_valid),
    .tu_commit_id_o         (tu_commit_id),
    .tu_commit_kill_o       (tu_commit_kill),
    .tu_result_valid_i      (tu_result_valid),
    .tu_result_ready_o      (tu_result_ready),
    .tu_result_id_i         (tu_result_id),
    .tu_result_rd_i         (tu_result_rd),
    .tu_result_we_i         (tu_result_we),
    .tu_result_data_i       (tu_result_data),
    .tu_fence_valid_o       (tu_fence_valid),
    .tu_fence_ready_i       (tu_fence_ready),
    .tu_mstatus_ts_o        (tu_ts),
    .tu_hpm_mac_busy_i      (tu_mac_busy),
    .tu_hpm_mac_count_i     (tu_mac_count),
    .tu_hpm_bank_conflict_i (tu_bank_conflict),
    .tu_hpm_sdma_bytes_i    (tu_sdma_bytes),
    .tu_hpm_sdma_busy_i     (tu_sdma_busy),
    .dram_latency_i         (16'd0),
    .dram_stall_pct_i       (7'd0),
    .dram_seed_i            (32'd1),
    .dram_bw_i              (8'd0),
    .dram_outstanding_i     (8'd0),
    .dram_poison_i          (32'd0),
    .rvfi_valid             (rvfi_valid),
    .rvfi_order             (rvfi_order),
    .rvfi_insn              (rvfi_insn),
    .rvfi_trap              (rvfi_trap),
    .rvfi_halt              (rvfi_halt),
    .rvfi_intr              (rvfi_intr),
    .rvfi_mode              (rvfi_mode),
    .rvfi_ixl               (rvfi_ixl),
    .rvfi_rs1_addr          (rvfi_rs1_addr),
    .rvfi_rs2_addr          (rvfi_rs2_addr),
    .rvfi_rs1_rdata         (rvfi_rs1_rdata),
    .rvfi_rs2_rdata         (rvfi_rs2_rdata),
    .rvfi_rd_addr           (rvfi_rd_addr),
    .rvfi_rd_wdata          (rvfi_rd_wdata),
    .rvfi_pc_rdata          (rvfi_pc_rdata),
    .rvfi_pc_wdata          (rvfi_pc_wdata),
    .rvfi_mem_addr          (rvfi_mem_addr),
    .rvfi_mem_rmask         (rvfi_mem_rmask),
    .rvfi_mem_wmask         (rvfi_mem_wmask),
    .rvfi_mem_rdata         (rvfi_mem_rdata),
    .rvfi_mem_wdata         (rvfi_mem_wdata),
    .trace_tu_trf_we        (),
    .trace_tu_trf_reg       (),
    .trace_tu_trf_row       (),
    .trace_tu_trf_be        (),
    .trace_tu_trf_data      (),
    .trace_tu_trf1_we       (),
    .trace_tu_trf1_reg      (),
    .trace_tu_trf1_row      (),
    .trace_tu_trf1_data     (),
    .trace_tu_done          (),
    .trace_tu_done_seq      (),
    .trace_tu_done_tag      (),
    .trace_tu_sdma_done     (),
    .trace_tu_sdma_done_seq ()
  );

  if (TensorUnit == 1) begin : g_model
    mosaic_xif_model u_model (
      .clk_i              (clk),
      .rst_ni             (rst_n),
      .issue_valid_i      (tu_issue_valid),
      .issue_ready_o      (tu_issue_ready),
      .issue_insn_i       (tu_issue_insn),
      .issue_id_i         (tu_issue_id),
      .issue_rs1_i        (tu_issue_rs1),
      .issue_rs2_i        (tu_issue_rs2),
      .issue_rd_i         (tu_issue_rd),
      .issue_accept_o     (tu_issue_accept),
      .issue_writeback_o  (tu_issue_writeback),
      .issue_dirty_o      (tu_issue_dirty),
      .issue_exc_o        (tu_issue_exc),
      .issue_exccode_o    (tu_issue_exccode),
      .issue_tval_o       (tu_issue_tval),
      .commit_valid_i     (tu_commit_valid),
      .commit_id_i        (tu_commit_id),
      .commit_kill_i      (tu_commit_kill),
      .result_valid_o     (tu_result_valid),
      .result_ready_i     (tu_result_ready),
      .result_id_o        (tu_result_id),
      .result_rd_o        (tu_result_rd),
      .result_we_o        (tu_result_we),
      .result_data_o      (tu_result_data),
      .fence_valid_i      (tu_fence_valid),
      .fence_ready_o      (tu_fence_ready),
      .ts_i               (tu_ts),
      .mac_busy_o         (tu_mac_busy),
      .mac_count_o        (tu_mac_count),
      .bank_conflict_o    (tu_bank_conflict),
      .sdma_bytes_o       (tu_sdma_bytes),
      .sdma_busy_o        (tu_sdma_busy)
    );
  end else begin : g_no_model
    assign tu_issue_ready     = 1'b0;
    assign tu_issue_accept    = 1'b0;
    assign tu_issue_writeback = 1'b0;
    assign tu_issue_dirty     = 1'b0;
    assign tu_issue_exc       = 1'b0;
    assign tu_issue_exccode   = 5'd0;
    assign tu_issue_tval      = 32'd0;
    assign tu_result_valid    = 1'b0;
    assign tu_result_id       = 4'd0;
    assign tu_result_rd       = 5'd0;
    assign tu_result_we       = 1'b0;
    assign tu_result_data     = 32'd0;
    assign tu_fence_ready     = 1'b0;
    assign tu_mac_busy        = 1'b0;
    assign tu_mac_count       = 16'd0;
    assign tu_bank_conflict   = 1'b0;
    assign tu_sdma_bytes      = 16'd0;
    assign tu_sdma_busy       = 1'b0;
  end

  // -----------------------------------------------------------------------
  // Clock, reset, run control
  // -----------------------------------------------------------------------
  initial clk = 1'b0;
  always #5 clk = ~clk;

  longint unsigned cycles;
  longint unsigned instret;
  longint unsigned max_cycles;
  logic [31:0] sig_begin, sig_end;
  string sig_file, uart_file, trace_file, vcd_file;
  integer uart_fd, trace_fd;
  logic [63:0] next_order;

  initial begin
    tohost_addr = 32'd0;
    max_cycles  = 64'd2000000;
    sig_begin   = 32'd0;
    sig_end     = 32'd0;
    uart_fd     = 0;
    trace_fd    = 0;
    if (!$value$plusargs("tohost=%h", tohost_addr)) tohost_addr = 32'd0;
    if (!$value$plusargs("max_cycles=%d", max_cycles)) max_cycles = 64'd2000000;
    if (!$value$plusargs("begin_signature=%h", sig_begin)) sig_begin = 32'd0;
    if (!$value$plusargs("end_signature=%h", sig_end)) sig_end = 32'd0;
    if ($value$plusargs("uart=%s", uart_file)) uart_fd = $fopen(uart_file, "w");
    if ($value$plusargs("trace=%s", trace_file)) trace_fd = $fopen(trace_file, "w");
    if ($value$plusargs("vcd=%s", vcd_file)) begin
      $dumpfile(vcd_file);
      $dumpvars(0, mosaic_soc_tb);
    end
    rst_n = 1'b0;
    repeat (4) @(posedge clk);
    #1 rst_n = 1'b1;
  end

  function automatic logic [31:0] mem_word(input logic [31:0] addr);
    logic [31:0] w;
    w = 32'hdeadbeef;
    if (addr >= 32'h8000_0000 && addr < 32'h8000_0000 + dut.RamBytes)
      w = dut.u_mem.u_ram.mem_q[(addr - 32'h8000_0000) >> 2];
    else if (addr >= 32'h4000_0000 && addr < 32'h4000_0000 + dut.MainBytes)
      w = dut.u_mem.u_main.mem_q[(addr - 32'h4000_0000) >> 4] >> (32 * addr[3:2]);
    else if (addr >= 32'h2000_0000 && addr < 32'h2000_0000 + dut.ScpadBytes)
      w = dut.u_mem.u_scpad.mem_q[(addr - 32'h2000_0000) >> 6] >> (32 * addr[5:2]);
    mem_word = w;
  endfunction

  task automatic finish_run(input bit timed_out);
    integer fd;
    logic [31:0] a;
    if ($value$plusargs("signature=%s", sig_file) && sig_end > sig_begin) begin
      fd = $fopen(sig_file, "w");
      for (a = sig_begin; a < sig_end; a = a + 4) $fdisplay(fd, "%08x", mem_word(a));
      $fclose(fd);
    end
    if (uart_fd != 0) $fclose(uart_fd);
    if (trace_fd != 0) $fclose(trace_fd);
    if (timed_out) $display("\n[tb] timeout cycles %0d instret %0d", cycles, instret);
    else $display("\n[tb] exit %0d cycles %0d instret %0d", exit_code, cycles, instret);
    $finish;
  endtask

  always @(posedge clk) begin
    if (!rst_n) begin
      cycles     <= 0;
      instret    <= 0;
      next_order <= 64'd0;
    end else begin
      cycles <= cycles + 1;
      if (rvfi_valid) begin
        instret <= instret + 1;
        if (rvfi_order != next_order) begin
          $display("[tb] ERROR: rvfi_order %0d, expected %0d", rvfi_order, next_order);
        end
        next_order <= rvfi_order + 64'd1;
        if (trace_fd != 0) begin
          $fwrite(trace_fd, "%0d %08x %08x%s%s", rvfi_order, rvfi_pc_rdata, rvfi_insn,
                  rvfi_intr ? " intr" : "", rvfi_trap ? " trap" : "");
          if (rvfi_rd_addr != 5'd0) $fwrite(trace_fd, " x%0d=%08x", rvfi_rd_addr, rvfi_rd_wdata);
          if (rvfi_mem_rmask != 4'd0)
            $fwrite(trace_fd, " load[%08x]=%08x", rvfi_mem_addr, rvfi_mem_rdata);
          if (rvfi_mem_wmask != 4'd0)
            $fwrite(trace_fd, " store[%08x]=%08x/%b", rvfi_mem_addr, rvfi_mem_wdata, rvfi_mem_wmask);
          $fwrite(trace_fd, " -> %08x\n", rvfi_pc_wdata);
        end
      end
      if (dut.u_uart.tx_write && uart_fd != 0) $fwrite(uart_fd, "%c", dut.u_uart.wdata_i[7:0]);
      if (exit_valid) finish_run(1'b0);
      else if (cycles >= max_cycles) finish_run(1'b1);
    end
  end

  logic unused_tb;
  assign unused_tb = ^{uart_tx, rvfi_halt, rvfi_mode, rvfi_ixl,
                       rvfi_rs1_addr, rvfi_rs2_addr, rvfi_rs1_rdata, rvfi_rs2_rdata};

endmodule

`default_nettype wire
