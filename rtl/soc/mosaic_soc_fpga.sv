// mosaic_soc as a device sees it: clock, reset, UART and the exit signal.
// The X-IF port (no external coprocessor), tohost (no ELF symbols on a
// board) and the DRAM model's knobs (on-chip block RAM: no added latency)
// are tied off here once, for the ULX3S board top (fpga/ulx3s) and for the
// netlist that make fpga-check simulates (docs/fpga.md).

`default_nettype none

module mosaic_soc_fpga #(
  parameter int          RamBytes    = 65536,
  parameter int          MainBytes   = 65536,
  parameter int          ScpadBytes  = 32768,
  parameter int          TensorUnit  = 0,      // 0 or 2 (1 would need a coprocessor)
  parameter int          PeRows      = 4,
  parameter int          PeCols      = 4,
  // One FMA: the array's single PE computes its 16 elements in turn.
  parameter int          PeFold      = 4,
  parameter int          PeRowFold   = 4,
  parameter              RamInitFile = "",
  parameter int          UartClkDiv  = 434,
  parameter logic [31:0] BootAddr    = mosaic_pkg::ResetPc,
  // The core's FPGA timing (docs/fpga.md): no same-cycle load-data
  // forwarding, and taken branches redirect the fetch from a register.
  parameter bit          LoadFwd       = 1'b0,
  parameter bit          EarlyRedirect = 1'b0,
  // The tensor unit's area parameters (docs/fpga.md).
  parameter int          VecLanes      = 1,
  parameter int          DivLanes      = 1,
  parameter int          ActLanes      = 1,
  parameter int          RedLanes      = 1,
  parameter int          TlRam         = 1,
  parameter int          ScpadXfer     = 0,
  parameter int          TrfRwStall    = 1,
  parameter int          TrfBanks      = 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        uart_tx_o,
  input  logic        uart_rx_i,
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o
);

  // The X-IF outputs go nowhere.
  logic        issue_valid, commit_valid, commit_kill, result_ready, fence_valid;
  logic [31:0] issue_insn, issue_rs1, issue_rs2, issue_rd;
  logic [3:0]  issue_id, commit_id;
  logic [1:0]  mstatus_ts;

  mosaic_soc #(
    .RamBytes    (RamBytes),
    .MainBytes   (MainBytes),
    .ScpadBytes  (ScpadBytes),
    .TensorUnit  (TensorUnit),
    .PeRows      (PeRows),
    .PeCols      (PeCols),
    .PeFold      (PeFold),
    .PeRowFold   (PeRowFold),
    .RamInitFile (RamInitFile),
    .UartClkDiv  (UartClkDiv),
    .BootAddr    (BootAddr),
    .LoadFwd       (LoadFwd),
    .EarlyRedirect (EarlyRedirect),
    .VecLanes      (VecLanes),
    .DivLanes      (DivLanes),
    .ActLanes      (ActLanes),
    .RedLanes      (RedLanes),
    .TlRam         (TlRam),
    .ScpadXfer     (ScpadXfer),
    .TrfRwStall    (TrfRwStall),
    .TrfBanks      (TrfBanks)
  ) u_soc (
    .clk_i                  (clk_i),
    .rst_ni                 (rst_ni),
    .tohost_addr_i          (32'd0),
    .exit_valid_o           (exit_valid_o),
    .exit_code_o            (exit_code_o),
    .uart_tx_o              (uart_tx_o),
    .uart_rx_i              (uart_rx_i),
    .tu_issue_valid_o       (issue_valid),
    .tu_issue_ready_i       (1'b0),
    .tu_issue_insn_o        (issue_insn),
    .tu_issue_id_o          (issue_id),
    .tu_issue_rs1_o         (issue_rs1),
    .tu_issue_rs2_o         (issue_rs2),
    .tu_issue_rd_o          (issue_rd),
    .tu_issue_accept_i      (1'b0),
    .tu_issue_writeback_i   (1'b0),
    .tu_issue_dirty_i       (1'b0),
    .tu_issue_exc_i         (1'b0),
    .tu_issue_exccode_i     (5'd0),
    .tu_issue_tval_i        (32'd0),
    .tu_commit_valid_o      (commit_valid),
    .tu_commit_id_o         (commit_id),
    .tu_commit_kill_o       (commit_kill),
    .tu_result_valid_i      (1'b0),
    .tu_result_ready_o      (result_ready),
    .tu_result_id_i         (4'd0),
    .tu_result_rd_i         (5'd0),
    .tu_result_we_i         (1'b0),
    .tu_result_data_i       (32'd0),
    .tu_fence_valid_o       (fence_valid),
    .tu_fence_ready_i       (1'b0),
    .tu_mstatus_ts_o        (mstatus_ts),
    .tu_hpm_mac_busy_i      (1'b0),
    .tu_hpm_mac_count_i     (16'd0),
    .tu_hpm_bank_conflict_i (1'b0),
    .tu_hpm_sdma_bytes_i    (16'd0),
    .tu_hpm_sdma_busy_i     (1'b0),
    .dram_latency_i         (16'd0),
    .dram_stall_pct_i       (7'd0),
    .dram_seed_i            (32'd1),
    .dram_bw_i              (8'd0),
    .dram_outstanding_i     (8'd0),
    .dram_poison_i          (32'd0)
  );

  logic unused_xif;
  assign unused_xif = ^{issue_valid, issue_insn, issue_id, issue_rs1, issue_rs2, issue_rd,
                        commit_valid, commit_id, commit_kill, result_ready, fence_valid,
                        mstatus_ts};

endmodule

`default_nettype wire
