// Mosaic SoC: scalar core, on-chip code/data RAM, machine timer (CLINT),
// UART, simulation control, main-memory and scratchpad windows, and the
// attachment point of the tensor unit.
//
// Address map (mosaic_pkg, = sw/golden/mosaic_memmap.h):
//   0x0200_0000  CLINT (mtimecmp +0x4000, mtime +0xBFF8)      64 KiB window
//   0x1000_0000  UART (TXDATA +0, STATUS +4)                    4 KiB window
//   0x1100_0000  simulation control (EXIT +0)                   4 KiB window
//   0x2000_0000  scratchpad, ScpadBytes (2 banks)
//   0x4000_0000  main memory, MainBytes (window 16 MiB)
//   0x8000_0000  on-chip RAM, RamBytes: code, data, stack; reset PC
// Anything else, and the unbacked part of a memory window, answers with a
// bus error: an access fault for the core. Instructions are fetched from the
// on-chip RAM only; a fetch elsewhere is an instruction access fault.
//
// Every slave answers one cycle after the request and never stalls, so the
// data bus grants at once; the core's OBI-like port also supports wait
// states for when main memory moves behind AXI.
//
// TensorUnit selects the coprocessor: 0 = none (the X-IF port answers "not
// accepted", so every custom opcode and tensor CSR traps illegal), 1 =
// external (the X-IF port, the performance events and a memory port into
// main memory / scratchpad appear on tu_* ports, for a testbench model or a
// wrapper holding the tensor unit).

`default_nettype none

module mosaic_soc #(
  parameter int          RamBytes     = mosaic_pkg::RamSize,
  parameter int          MainBytes    = mosaic_pkg::MainSize,
  parameter int          ScpadBytes   = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int          TensorUnit   = 0,
  parameter              RamInitFile  = "",
  parameter              MainInitFile = "",
  parameter int          UartClkDiv   = 868,
  parameter logic [31:0] BootAddr     = mosaic_pkg::ResetPc
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  // Simulation control
  input  logic [31:0] tohost_addr_i,   // the ELF's tohost symbol; 0 = none
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o,

  output logic        uart_tx_o,

  // External tensor unit (TensorUnit == 1): X-IF, see docs/microarchitecture.md
  output logic        tu_issue_valid_o,
  input  logic        tu_issue_ready_i,
  output logic [31:0] tu_issue_insn_o,
  output logic [3:0]  tu_issue_id_o,
  output logic [31:0] tu_issue_rs1_o,
  output logic [31:0] tu_issue_rs2_o,
  output logic [31:0] tu_issue_rd_o,
  input  logic        tu_issue_accept_i,
  input  logic        tu_issue_writeback_i,
  input  logic        tu_issue_dirty_i,
  input  logic        tu_issue_exc_i,
  input  logic [4:0]  tu_issue_exccode_i,
  input  logic [31:0] tu_issue_tval_i,
  output logic        tu_commit_valid_o,
  output logic [3:0]  tu_commit_id_o,
  output logic        tu_commit_kill_o,
  input  logic        tu_result_valid_i,
  output logic        tu_result_ready_o,
  input  logic [3:0]  tu_result_id_i,
  input  logic [4:0]  tu_result_rd_i,
  input  logic        tu_result_we_i,
  input  logic [31:0] tu_result_data_i,
  output logic        tu_fence_valid_o,
  input  logic        tu_fence_ready_i,
  output logic [1:0]  tu_mstatus_ts_o,
  input  logic        tu_hpm_mac_busy_i,
  input  logic [15:0] tu_hpm_mac_count_i,
  input  logic        tu_hpm_bank_conflict_i,
  input  logic [15:0] tu_hpm_sdma_bytes_i,
  input  logic        tu_hpm_sdma_busy_i,
  // Tensor-unit memory port into main memory and the scratchpad: a
  // placeholder for the AXI4 master (memory-system issue). Always granted,
  // read data and err one cycle after req; addr is a byte address, word
  // aligned.
  input  logic        tu_mem_req_i,
  input  logic        tu_mem_we_i,
  input  logic [3:0]  tu_mem_be_i,
  input  logic [31:0] tu_mem_addr_i,
  input  logic [31:0] tu_mem_wdata_i,
  output logic [31:0] tu_mem_rdata_o,
  output logic        tu_mem_err_o

`ifdef RVFI
  ,
  output logic        rvfi_valid,
  output logic [63:0] rvfi_order,
  output logic [31:0] rvfi_insn,
  output logic        rvfi_trap,
  output logic        rvfi_halt,
  output logic        rvfi_intr,
  output logic [1:0]  rvfi_mode,
  output logic [1:0]  rvfi_ixl,
  output logic [4:0]  rvfi_rs1_addr,
  output logic [4:0]  rvfi_rs2_addr,
  output logic [31:0] rvfi_rs1_rdata,
  output logic [31:0] rvfi_rs2_rdata,
  output logic [4:0]  rvfi_rd_addr,
  output logic [31:0] rvfi_rd_wdata,
  output logic [31:0] rvfi_pc_rdata,
  output logic [31:0] rvfi_pc_wdata,
  output logic [31:0] rvfi_mem_addr,
  output logic [3:0]  rvfi_mem_rmask,
  output logic [3:0]  rvfi_mem_wmask,
  output logic [31:0] rvfi_mem_rdata,
  output logic [31:0] rvfi_mem_wdata
`endif
);

  localparam int XifIdWidth = 4;
  localparam int RamAw      = $clog2(RamBytes / 4);
  localparam int MainAw     = $clog2(MainBytes / 4);
  localparam int ScpadAw    = $clog2(ScpadBytes / 4);

  // -----------------------------------------------------------------------
  // Core
  // -----------------------------------------------------------------------
  logic        instr_req;
  logic [31:0] instr_addr, instr_rdata;
  logic        instr_err_q;

  logic        data_req, data_gnt, data_we;
  logic [31:0] data_addr, data_wdata, data_rdata;
  logic [3:0]  data_be;
  logic        data_rvalid_q, data_err_q;

  logic [63:0] mtime;
  logic        irq_timer;

  logic                  x_issue_valid, x_issue_ready;
  logic [31:0]           x_issue_insn, x_issue_rs1, x_issue_rs2, x_issue_rd;
  logic [XifIdWidth-1:0] x_issue_id;
  logic                  x_accept, x_writeback, x_dirty, x_exc;
  logic [4:0]            x_exccode;
  logic [31:0]           x_tval;
  logic                  x_commit_valid, x_commit_kill;
  logic [XifIdWidth-1:0] x_commit_id;
  logic                  x_result_valid, x_result_ready, x_result_we;
  logic [XifIdWidth-1:0] x_result_id;
  logic [4:0]            x_result_rd;
  logic [31:0]           x_result_data;
  logic                  x_fence_valid, x_fence_ready;
  logic [1:0]            x_ts;
  logic                  ev_mac_busy, ev_bank_conflict, ev_sdma_busy;
  logic [15:0]           ev_mac_count, ev_sdma_bytes;

  mosaic_core #(
    .BootAddr   (BootAddr),
    .XifIdWidth (XifIdWidth)
  ) u_core (
    .clk_i                 (clk_i),
    .rst_ni                (rst_ni),
    .instr_req_o           (instr_req),
    .instr_addr_o          (instr_addr),
    .instr_rdata_i         (instr_rdata),
    .instr_err_i           (instr_err_q),
    .data_req_o            (data_req),
    .data_gnt_i            (data_gnt),
    .data_addr_o           (data_addr),
    .data_we_o             (data_we),
    .data_be_o             (data_be),
    .data_wdata_o          (data_wdata),
    .data_rvalid_i         (data_rvalid_q),
    .data_rdata_i          (data_rdata),
    .data_err_i            (data_err_q),
    .irq_timer_i           (irq_timer),
    .mtime_i               (mtime),
    .xif_issue_valid_o     (x_issue_valid),
    .xif_issue_ready_i     (x_issue_ready),
    .xif_issue_insn_o      (x_issue_insn),
    .xif_issue_id_o        (x_issue_id),
    .xif_issue_rs1_o       (x_issue_rs1),
    .xif_issue_rs2_o       (x_issue_rs2),
    .xif_issue_rd_o        (x_issue_rd),
    .xif_issue_accept_i    (x_accept),
    .xif_issue_writeback_i (x_writeback),
    .xif_issue_dirty_i     (x_dirty),
    .xif_issue_exc_i       (x_exc),
    .xif_issue_exccode_i   (x_exccode),
    .xif_issue_tval_i      (x_tval),
    .xif_commit_valid_o    (x_commit_valid),
    .xif_commit_id_o       (x_commit_id),
    .xif_commit_kill_o     (x_commit_kill),
    .xif_result_valid_i    (x_result_valid),
    .xif_result_ready_o    (x_result_ready),
    .xif_result_id_i       (x_result_id),
    .xif_result_rd_i       (x_result_rd),
    .xif_result_we_i       (x_result_we),
    .xif_result_data_i     (x_result_data),
    .cpu_fence_valid_o     (x_fence_valid),
    .cpu_fence_ready_i     (x_fence_ready),
    .xif_mstatus_ts_o      (x_ts),
    .hpm_mac_busy_i        (ev_mac_busy),
    .hpm_mac_count_i       (ev_mac_count),
    .hpm_bank_conflict_i   (ev_bank_conflict),
    .hpm_sdma_bytes_i      (ev_sdma_bytes),
    .hpm_sdma_busy_i       (ev_sdma_busy)
`ifdef RVFI
    ,
    .rvfi_valid            (rvfi_valid),
    .rvfi_order            (rvfi_order),
    .rvfi_insn             (rvfi_insn),
    .rvfi_trap             (rvfi_trap),
    .rvfi_halt             (rvfi_halt),
    .rvfi_intr             (rvfi_intr),
    .rvfi_mode             (rvfi_mode),
    .rvfi_ixl              (rvfi_ixl),
    .rvfi_rs1_addr         (rvfi_rs1_addr),
    .rvfi_rs2_addr         (rvfi_rs2_addr),
    .rvfi_rs1_rdata        (rvfi_rs1_rdata),
    .rvfi_rs2_rdata        (rvfi_rs2_rdata),
    .rvfi_rd_addr          (rvfi_rd_addr),
    .rvfi_rd_wdata         (rvfi_rd_wdata),
    .rvfi_pc_rdata         (rvfi_pc_rdata),
    .rvfi_pc_wdata         (rvfi_pc_wdata),
    .rvfi_mem_addr         (rvfi_mem_addr),
    .rvfi_mem_rmask        (rvfi_mem_rmask),
    .rvfi_mem_wmask        (rvfi_mem_wmask),
    .rvfi_mem_rdata        (rvfi_mem_rdata),
    .rvfi_mem_wdata        (rvfi_mem_wdata)
`endif
  );

  // -----------------------------------------------------------------------
  // Instruction fetch: on-chip RAM port A
  // -----------------------------------------------------------------------
  logic [31:0] i_off;
  logic        i_hit;

  assign i_off = instr_addr - mosaic_pkg::RamBase;
  assign i_hit = (i_off < 32'(RamBytes));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) instr_err_q <= 1'b0;
    else         instr_err_q <= instr_req & ~i_hit;
  end

  // -----------------------------------------------------------------------
  // Data bus decode
  // -----------------------------------------------------------------------
  logic [31:0] off_ram, off_clint, off_uart, off_simctrl, off_scpad, off_main;
  logic        hit_ram, hit_clint, hit_uart, hit_simctrl, hit_scpad, hit_main, hit_any;
  logic [31:0] rdata_ram, rdata_clint, rdata_uart, rdata_simctrl, rdata_scpad, rdata_main;

  assign off_ram     = data_addr - mosaic_pkg::RamBase;
  assign off_clint   = data_addr - mosaic_pkg::ClintBase;
  assign off_uart    = data_addr - mosaic_pkg::UartBase;
  assign off_simctrl = data_addr - mosaic_pkg::SimctrlBase;
  assign off_scpad   = data_addr - mosaic_pkg::ScpadBase;
  assign off_main    = data_addr - mosaic_pkg::MainBase;

  assign hit_ram     = (off_ram < 32'(RamBytes));
  assign hit_clint   = (off_clint < mosaic_pkg::ClintSize);
  assign hit_uart    = (off_uart < mosaic_pkg::UartSize);
  assign hit_simctrl = (off_simctrl < mosaic_pkg::SimctrlSize);
  assign hit_scpad   = (off_scpad < 32'(ScpadBytes));
  assign hit_main    = (off_main < 32'(MainBytes));
  assign hit_any     = hit_ram | hit_clint | hit_uart | hit_simctrl | hit_scpad | hit_main;

  // Every slave answers in one cycle: grant at once, respond next cycle.
  assign data_gnt = 1'b1;

  localparam logic [2:0] SelRam     = 3'd0;
  localparam logic [2:0] SelClint   = 3'd1;
  localparam logic [2:0] SelUart    = 3'd2;
  localparam logic [2:0] SelSimctrl = 3'd3;
  localparam logic [2:0] SelScpad   = 3'd4;
  localparam logic [2:0] SelMain    = 3'd5;
  localparam logic [2:0] SelNone    = 3'd6;

  logic [2:0] sel_d, sel_q;

  always_comb begin
    if (hit_ram)          sel_d = SelRam;
    else if (hit_clint)   sel_d = SelClint;
    else if (hit_uart)    sel_d = SelUart;
    else if (hit_simctrl) sel_d = SelSimctrl;
    else if (hit_scpad)   sel_d = SelScpad;
    else if (hit_main)    sel_d = SelMain;
    else                  sel_d = SelNone;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      data_rvalid_q <= 1'b0;
      data_err_q    <= 1'b0;
      sel_q         <= SelNone;
    end else begin
      data_rvalid_q <= data_req;
      data_err_q    <= data_req & ~hit_any;
      if (data_req) sel_q <= sel_d;
    end
  end

  always_comb begin
    unique case (sel_q)
      SelRam:     data_rdata = rdata_ram;
      SelClint:   data_rdata = rdata_clint;
      SelUart:    data_rdata = rdata_uart;
      SelSimctrl: data_rdata = rdata_simctrl;
      SelScpad:   data_rdata = rdata_scpad;
      SelMain:    data_rdata = rdata_main;
      default:    data_rdata = 32'd0;
    endcase
  end

  // -----------------------------------------------------------------------
  // On-chip RAM: port A instruction fetch, port B data
  // -----------------------------------------------------------------------
  mosaic_ram #(
    .Bytes       (RamBytes),
    .InitFile    (RamInitFile),
    .InitPlusarg ("ram_hex"),
    .PortAWrite  (1'b0)
  ) u_ram (
    .clk_i     (clk_i),
    .a_req_i   (instr_req),
    .a_we_i    (1'b0),
    .a_be_i    (4'b0000),
    .a_addr_i  (i_off[RamAw+1:2]),
    .a_wdata_i (32'd0),
    .a_rdata_o (instr_rdata),
    .b_req_i   (data_req & hit_ram),
    .b_we_i    (data_we),
    .b_be_i    (data_be),
    .b_addr_i  (off_ram[RamAw+1:2]),
    .b_wdata_i (data_wdata),
    .b_rdata_o (rdata_ram)
  );

  // -----------------------------------------------------------------------
  // Peripherals
  // -----------------------------------------------------------------------
  mosaic_clint u_clint (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .req_i       (data_req & hit_clint),
    .we_i        (data_we),
    .be_i        (data_be),
    .addr_i      (off_clint[15:0]),
    .wdata_i     (data_wdata),
    .rdata_o     (rdata_clint),
    .mtime_o     (mtime),
    .irq_timer_o (irq_timer)
  );

  mosaic_uart #(
    .ClkDiv (UartClkDiv)
  ) u_uart (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .req_i   (data_req & hit_uart),
    .we_i    (data_we),
    .be_i    (data_be),
    .addr_i  (off_uart[11:0]),
    .wdata_i (data_wdata),
    .rdata_o (rdata_uart),
    .tx_o    (uart_tx_o)
  );

  // tohost lives in RAM; a store to its low word is both a RAM write and
  // (if non-zero) an exit request.
  logic        tohost_we;
  logic [31:0] tohost_wdata;
  assign tohost_we    = data_req & data_we & (tohost_addr_i != 32'd0) &
                        (data_addr == {tohost_addr_i[31:2], 2'b00});
  assign tohost_wdata = data_wdata & {{8{data_be[3]}}, {8{data_be[2]}},
                                      {8{data_be[1]}}, {8{data_be[0]}}};

  mosaic_simctrl u_simctrl (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_i          (data_req & hit_simctrl),
    .we_i           (data_we),
    .be_i           (data_be),
    .addr_i         (off_simctrl[11:0]),
    .wdata_i        (data_wdata),
    .rdata_o        (rdata_simctrl),
    .tohost_we_i    (tohost_we),
    .tohost_wdata_i (tohost_wdata),
    .exit_valid_o   (exit_valid_o),
    .exit_code_o    (exit_code_o)
  );

  // -----------------------------------------------------------------------
  // Scratchpad and main memory (simple RAMs for now): port B data bus,
  // port A tensor unit
  // -----------------------------------------------------------------------
  logic        tu_req, tu_hit_main, tu_hit_scpad;
  logic [31:0] tu_off_main, tu_off_scpad;
  logic        tu_sel_main_q, tu_err_q;
  logic [31:0] tu_rdata_main, tu_rdata_scpad;

  assign tu_req       = (TensorUnit == 1) & tu_mem_req_i;
  assign tu_off_main  = tu_mem_addr_i - mosaic_pkg::MainBase;
  assign tu_off_scpad = tu_mem_addr_i - mosaic_pkg::ScpadBase;
  assign tu_hit_main  = (tu_off_main < 32'(MainBytes));
  assign tu_hit_scpad = (tu_off_scpad < 32'(ScpadBytes));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tu_sel_main_q <= 1'b0;
      tu_err_q      <= 1'b0;
    end else begin
      if (tu_req) tu_sel_main_q <= tu_hit_main;
      tu_err_q <= tu_req & ~tu_hit_main & ~tu_hit_scpad;
    end
  end

  assign tu_mem_rdata_o = tu_sel_main_q ? tu_rdata_main : tu_rdata_scpad;
  assign tu_mem_err_o   = tu_err_q;

  mosaic_ram #(
    .Bytes       (ScpadBytes),
    .InitFile    (""),
    .InitPlusarg (""),
    .PortAWrite  (1'b1)
  ) u_scpad (
    .clk_i     (clk_i),
    .a_req_i   (tu_req & tu_hit_scpad),
    .a_we_i    (tu_mem_we_i),
    .a_be_i    (tu_mem_be_i),
    .a_addr_i  (tu_off_scpad[ScpadAw+1:2]),
    .a_wdata_i (tu_mem_wdata_i),
    .a_rdata_o (tu_rdata_scpad),
    .b_req_i   (data_req & hit_scpad),
    .b_we_i    (data_we),
    .b_be_i    (data_be),
    .b_addr_i  (off_scpad[ScpadAw+1:2]),
    .b_wdata_i (data_wdata),
    .b_rdata_o (rdata_scpad)
  );

  mosaic_ram #(
    .Bytes       (MainBytes),
    .InitFile    (MainInitFile),
    .InitPlusarg ("main_hex"),
    .PortAWrite  (1'b1)
  ) u_main (
    .clk_i     (clk_i),
    .a_req_i   (tu_req & tu_hit_main),
    .a_we_i    (tu_mem_we_i),
    .a_be_i    (tu_mem_be_i),
    .a_addr_i  (tu_off_main[MainAw+1:2]),
    .a_wdata_i (tu_mem_wdata_i),
    .a_rdata_o (tu_rdata_main),
    .b_req_i   (data_req & hit_main),
    .b_we_i    (data_we),
    .b_be_i    (data_be),
    .b_addr_i  (off_main[MainAw+1:2]),
    .b_wdata_i (data_wdata),
    .b_rdata_o (rdata_main)
  );

  // -----------------------------------------------------------------------
  // Coprocessor attachment
  // -----------------------------------------------------------------------
  if (TensorUnit == 1) begin : g_tu_external
    assign tu_issue_valid_o  = x_issue_valid;
    assign tu_issue_insn_o   = x_issue_insn;
    assign tu_issue_id_o     = x_issue_id;
    assign tu_issue_rs1_o    = x_issue_rs1;
    assign tu_issue_rs2_o    = x_issue_rs2;
    assign tu_issue_rd_o     = x_issue_rd;
    assign tu_commit_valid_o = x_commit_valid;
    assign tu_commit_id_o    = x_commit_id;
    assign tu_commit_kill_o  = x_commit_kill;
    assign tu_result_ready_o = x_result_ready;
    assign tu_fence_valid_o  = x_fence_valid;
    assign tu_mstatus_ts_o   = x_ts;

    assign x_issue_ready    = tu_issue_ready_i;
    assign x_accept         = tu_issue_accept_i;
    assign x_writeback      = tu_issue_writeback_i;
    assign x_dirty          = tu_issue_dirty_i;
    assign x_exc            = tu_issue_exc_i;
    assign x_exccode        = tu_issue_exccode_i;
    assign x_tval           = tu_issue_tval_i;
    assign x_result_valid   = tu_result_valid_i;
    assign x_result_id      = tu_result_id_i;
    assign x_result_rd      = tu_result_rd_i;
    assign x_result_we      = tu_result_we_i;
    assign x_result_data    = tu_result_data_i;
    assign x_fence_ready    = tu_fence_ready_i;
    assign ev_mac_busy      = tu_hpm_mac_busy_i;
    assign ev_mac_count     = tu_hpm_mac_count_i;
    assign ev_bank_conflict = tu_hpm_bank_conflict_i;
    assign ev_sdma_bytes    = tu_hpm_sdma_bytes_i;
    assign ev_sdma_busy     = tu_hpm_sdma_busy_i;
  end else begin : g_tu_none
    // No coprocessor: take every offer and accept none of them, so the core
    // raises an illegal-instruction trap; fences have nothing to drain.
    assign tu_issue_valid_o  = 1'b0;
    assign tu_issue_insn_o   = 32'd0;
    assign tu_issue_id_o     = '0;
    assign tu_issue_rs1_o    = 32'd0;
    assign tu_issue_rs2_o    = 32'd0;
    assign tu_issue_rd_o     = 32'd0;
    assign tu_commit_valid_o = 1'b0;
    assign tu_commit_id_o    = '0;
    assign tu_commit_kill_o  = 1'b0;
    assign tu_result_ready_o = 1'b0;
    assign tu_fence_valid_o  = 1'b0;
    assign tu_mstatus_ts_o   = 2'd0;

    assign x_issue_ready    = 1'b1;
    assign x_accept         = 1'b0;
    assign x_writeback      = 1'b0;
    assign x_dirty          = 1'b0;
    assign x_exc            = 1'b0;
    assign x_exccode        = 5'd0;
    assign x_tval           = 32'd0;
    assign x_result_valid   = 1'b0;
    assign x_result_id      = '0;
    assign x_result_rd      = 5'd0;
    assign x_result_we      = 1'b0;
    assign x_result_data    = 32'd0;
    assign x_fence_ready    = 1'b1;
    assign ev_mac_busy      = 1'b0;
    assign ev_mac_count     = 16'd0;
    assign ev_bank_conflict = 1'b0;
    assign ev_sdma_bytes    = 16'd0;
    assign ev_sdma_busy     = 1'b0;

    logic unused_tu_ports;
    assign unused_tu_ports = ^{x_issue_valid, x_issue_insn, x_issue_id, x_issue_rs1,
                               x_issue_rs2, x_issue_rd, x_commit_valid, x_commit_id,
                               x_commit_kill, x_result_ready, x_fence_valid, x_ts,
                               tu_issue_ready_i, tu_issue_accept_i, tu_issue_writeback_i,
                               tu_issue_dirty_i, tu_issue_exc_i, tu_issue_exccode_i,
                               tu_issue_tval_i, tu_result_valid_i, tu_result_id_i,
                               tu_result_rd_i, tu_result_we_i, tu_result_data_i,
                               tu_fence_ready_i, tu_hpm_mac_busy_i, tu_hpm_mac_count_i,
                               tu_hpm_bank_conflict_i, tu_hpm_sdma_bytes_i,
                               tu_hpm_sdma_busy_i};
  end

  // Offsets are compared in full; only their word-index bits address RAMs.
  logic unused_offsets;
  assign unused_offsets = ^{i_off[1:0], off_ram[1:0], off_clint[31:16], off_uart[31:12],
                            off_simctrl[31:12], off_scpad[1:0], off_main[1:0],
                            tu_off_main[1:0], tu_off_scpad[1:0], tohost_addr_i[1:0]};

endmodule

`default_nettype wire
