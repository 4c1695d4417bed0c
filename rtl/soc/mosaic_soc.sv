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
// The three memories live in mosaic_mem_sys, which also serves the tensor
// unit's AXI4 master (through mosaic_axi_arb: load/store unit and SDMA). The
// core's data port waits (gnt low) only when it and AXI want the on-chip
// RAM in the same cycle; the peripherals answer one cycle after the request.
//
// TensorUnit selects the coprocessor: 0 = none (the X-IF port answers "not
// accepted", so every custom opcode and tensor CSR traps illegal), 1 =
// external (the X-IF port and the performance events appear on tu_* ports,
// for a testbench model), 2 = the tensor unit mosaic_tu with a PeRows x
// PeCols array. The DRAM-model inputs set main memory's latency and random
// backpressure as seen from the tensor unit (mosaic_mem_sys).

`default_nettype none

module mosaic_soc #(
  parameter int          RamBytes     = mosaic_pkg::RamSize,
  parameter int          MainBytes    = mosaic_pkg::MainSize,
  parameter int          ScpadBytes   = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int          TensorUnit   = 0,
  parameter int          PeRows       = 16,
  parameter int          PeCols       = 16,
  parameter int          PeFold       = 1,   // output columns per PE (mosaic_tu_array)
  parameter int          PeRowFold    = 1,   // output rows per PE
  parameter              RamInitFile  = "",
  parameter              MainInitFile = "",
  parameter int          UartClkDiv   = 868,
  parameter logic [31:0] BootAddr     = mosaic_pkg::ResetPc,
  parameter bit          LoadFwd      = 1'b1,  // mosaic_core: load-use forwarding
  parameter bit          EarlyRedirect = 1'b1, // mosaic_core: branch redirect timing
  parameter bit          TuClockGate  = 1'b1,  // gate mosaic_tu's clock while it is idle
  // mosaic_tu's area parameters (docs/fpga.md): lanes of the element-wise,
  // tbdiv, tact and reduction units; fewer lanes, the same results in more
  // cycles; TensorLoad's staging buffer in RAM (1) or flops (0);
  // scratchpad tld/tst through the row port (1) or the LSU (0); a TRF read
  // of a row written in the same cycle held a cycle (1) or read first (0);
  // the TRF in 4 banks or 1.
  parameter int          VecLanes     = 16,
  parameter int          DivLanes     = 16,
  parameter int          ActLanes     = 16,
  parameter int          RedLanes     = 16,
  parameter int          TlRam        = 0,
  parameter int          ScpadXfer    = 1,
  parameter int          TrfRwStall   = 0,
  parameter int          TrfBanks     = 4
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  // Simulation control
  input  logic [31:0] tohost_addr_i,   // the ELF's tohost symbol; 0 = none
  output logic        exit_valid_o,
  output logic [31:0] exit_code_o,

  output logic        uart_tx_o,
  input  logic        uart_rx_i,       // idle high

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
  // Main-memory model (mosaic_mem_sys): extra latency in cycles, percent
  // of cycles with backpressure, the seed of its generator, bandwidth in
  // bytes per cycle and bursts in flight per direction (0: no limit).
  input  logic [15:0] dram_latency_i,
  input  logic [6:0]  dram_stall_pct_i,
  input  logic [31:0] dram_seed_i,
  input  logic [7:0]  dram_bw_i,
  input  logic [7:0]  dram_outstanding_i,
  input  logic [31:0] dram_poison_i       // fault injection (mosaic_mem_sys), 0 = off

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
  output logic [31:0] rvfi_mem_wdata,
  // Tensor-unit trace for the lockstep testbench (mosaic_tu trace_*_o;
  // zero unless TensorUnit == 2).
  output logic         trace_tu_trf_we,
  output logic [4:0]   trace_tu_trf_reg,
  output logic [3:0]   trace_tu_trf_row,
  output logic [63:0]  trace_tu_trf_be,
  output logic [511:0] trace_tu_trf_data,
  output logic         trace_tu_trf1_we,
  output logic [4:0]   trace_tu_trf1_reg,
  output logic [3:0]   trace_tu_trf1_row,
  output logic [511:0] trace_tu_trf1_data,
  output logic         trace_tu_done,
  output logic [mosaic_pkg::SeqW-1:0]   trace_tu_done_seq,
  output logic [3:0]   trace_tu_done_tag,
  output logic         trace_tu_sdma_done,
  output logic [mosaic_pkg::SeqW-1:0]   trace_tu_sdma_done_seq
`endif
);

  localparam int XifIdWidth = 4;
  // The tensor unit's bus: the SDMA engine streams 16-byte beats (a DRAM
  // at 16 B/cycle keeps up with a 16x16 array on GEMM); its LSU and
  // TensorLoad use narrow 8-byte bursts on it.
  localparam int AxiDw      = 128;
  // Read bursts in flight: 100 cycles of DRAM latency at 16 B/cycle is
  // 1600 bytes, 50 of the SDMA engine's 32-byte row bursts.
  localparam int AxiBursts  = 64;

  // -----------------------------------------------------------------------
  // Core
  // -----------------------------------------------------------------------
  logic        instr_req;
  logic [31:0] instr_addr, instr_rdata;
  logic        instr_err_q;

  logic        data_req, data_gnt, data_we;
  logic [31:0] data_addr, data_wdata, data_rdata;
  logic [3:0]  data_be;
  logic        data_rvalid, data_err_q;

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
  logic                  tr_trf_we, tr_done;
  logic [4:0]            tr_trf_reg;
  logic [3:0]            tr_trf_row, tr_done_tag;
  logic [63:0]           tr_trf_be;
  logic [511:0]          tr_trf_data;
  logic                  tr_trf1_we;
  logic [4:0]            tr_trf1_reg;
  logic [3:0]            tr_trf1_row;
  logic [511:0]          tr_trf1_data;
  logic [mosaic_pkg::SeqW-1:0]            tr_done_seq, tr_sdma_seq;
  logic                  tr_sdma_done;

  mosaic_core #(
    .BootAddr      (BootAddr),
    .XifIdWidth    (XifIdWidth),
    .LoadFwd       (LoadFwd),
    .EarlyRedirect (EarlyRedirect)
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
    .data_rvalid_i         (data_rvalid),
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
  // Instruction fetch (on-chip RAM only)
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
  // Data bus: memories (mosaic_mem_sys, may stall) and peripherals
  // -----------------------------------------------------------------------
  logic [31:0] off_clint, off_uart, off_simctrl;
  logic        hit_clint, hit_uart, hit_simctrl, hit_mem, hit_any;
  logic [31:0] rdata_clint, rdata_uart, rdata_simctrl, rdata_mem;
  logic        mem_gnt, mem_rvalid, io_req;

  assign off_clint   = data_addr - mosaic_pkg::ClintBase;
  assign off_uart    = data_addr - mosaic_pkg::UartBase;
  assign off_simctrl = data_addr - mosaic_pkg::SimctrlBase;
  assign hit_clint   = (off_clint < mosaic_pkg::ClintSize);
  assign hit_uart    = (off_uart < mosaic_pkg::UartSize);
  assign hit_simctrl = (off_simctrl < mosaic_pkg::SimctrlSize);
  assign hit_any     = hit_mem | hit_clint | hit_uart | hit_simctrl;

  // mosaic_mem_sys grants every request outside its windows at once.
  assign data_gnt = mem_gnt;
  assign io_req   = data_req & ~hit_mem;

  localparam logic [1:0] SelMem     = 2'd0;
  localparam logic [1:0] SelClint   = 2'd1;
  localparam logic [1:0] SelUart    = 2'd2;
  localparam logic [1:0] SelSimctrl = 2'd3;
  logic [1:0] sel_d, sel_q;
  logic       io_rvalid_q;
  always_comb begin
    if (hit_clint)        sel_d = SelClint;
    else if (hit_uart)    sel_d = SelUart;
    else if (hit_simctrl) sel_d = SelSimctrl;
    else                  sel_d = SelMem;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      io_rvalid_q <= 1'b0;
      data_err_q  <= 1'b0;
      sel_q       <= SelMem;
    end else begin
      io_rvalid_q <= io_req;
      data_err_q  <= io_req & ~hit_any;
      if (data_req & data_gnt) sel_q <= sel_d;
    end
  end
  assign data_rvalid = mem_rvalid | io_rvalid_q;

  always_comb begin
    unique case (sel_q)
      SelClint:   data_rdata = rdata_clint;
      SelUart:    data_rdata = rdata_uart;
      SelSimctrl: data_rdata = rdata_simctrl;
      default:    data_rdata = io_rvalid_q ? 32'd0 : rdata_mem;
    endcase
  end

  // AXI4 between the tensor unit and the memories.
  logic [31:0]        s_awaddr, s_araddr;
  logic [7:0]         s_awlen, s_arlen;
  logic [2:0]         s_awsize, s_arsize;
  logic [1:0]         s_awburst, s_arburst, s_bresp, s_rresp;
  logic               s_awvalid, s_awready, s_wlast, s_wvalid, s_wready, s_bvalid, s_bready;
  logic               s_arvalid, s_arready, s_rlast, s_rvalid, s_rready;
  logic [AxiDw-1:0]   s_wdata, s_rdata;
  logic [AxiDw/8-1:0] s_wstrb;
  logic               spx_req, spx_we;
  logic [31:0]        spx_addr;
  logic [63:0]        spx_be;
  logic [511:0]       spx_wdata, spx_rdata;

  mosaic_mem_sys #(
    .RamBytes     (RamBytes),
    .MainBytes    (MainBytes),
    .ScpadBytes   (ScpadBytes),
    .AxiDataWidth (AxiDw),
    .BurstDepth   (AxiBursts),
    .RamInitFile  (RamInitFile),
    .MainInitFile (MainInitFile)
  ) u_mem (
    .clk_i            (clk_i),
    .rst_ni           (rst_ni),
    .instr_req_i      (instr_req),
    .instr_addr_i     (instr_addr),
    .instr_rdata_o    (instr_rdata),
    .data_req_i       (data_req),
    .data_we_i        (data_we),
    .data_be_i        (data_be),
    .data_addr_i      (data_addr),
    .data_wdata_i     (data_wdata),
    .data_hit_o       (hit_mem),
    .data_gnt_o       (mem_gnt),
    .data_rvalid_o    (mem_rvalid),
    .data_rdata_o     (rdata_mem),
    .s_awaddr_i       (s_awaddr),
    .s_awlen_i        (s_awlen),
    .s_awsize_i       (s_awsize),
    .s_awburst_i      (s_awburst),
    .s_awvalid_i      (s_awvalid),
    .s_awready_o      (s_awready),
    .s_wdata_i        (s_wdata),
    .s_wstrb_i        (s_wstrb),
    .s_wlast_i        (s_wlast),
    .s_wvalid_i       (s_wvalid),
    .s_wready_o       (s_wready),
    .s_bresp_o        (s_bresp),
    .s_bvalid_o       (s_bvalid),
    .s_bready_i       (s_bready),
    .s_araddr_i       (s_araddr),
    .s_arlen_i        (s_arlen),
    .s_arsize_i       (s_arsize),
    .s_arburst_i      (s_arburst),
    .s_arvalid_i      (s_arvalid),
    .s_arready_o      (s_arready),
    .s_rdata_o        (s_rdata),
    .s_rresp_o        (s_rresp),
    .s_rlast_o        (s_rlast),
    .s_rvalid_o       (s_rvalid),
    .s_rready_i       (s_rready),
    .dram_latency_i     (dram_latency_i),
    .dram_stall_pct_i   (dram_stall_pct_i),
    .dram_seed_i        (dram_seed_i),
    .dram_bw_i          (dram_bw_i),
    .dram_outstanding_i (dram_outstanding_i),
    .dram_poison_i      (dram_poison_i),
    .spx_req_i          (spx_req),
    .spx_we_i           (spx_we),
    .spx_addr_i         (spx_addr),
    .spx_be_i           (spx_be),
    .spx_wdata_i        (spx_wdata),
    .spx_rdata_o        (spx_rdata)
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
    .tx_o    (uart_tx_o),
    .rx_i    (uart_rx_i)
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
  // Coprocessor attachment
  // -----------------------------------------------------------------------
  if (TensorUnit == 2) begin : g_tu_internal
    // The tensor unit's clock stops while it is idle and the core offers it
    // nothing: no instruction, commit or fence on X-IF (mosaic_clock_gate:
    // an idle unit's state is a fixed point once its last completion pulses
    // have cleared). Nothing changes in the design's behaviour; in Verilator
    // an idle unit then costs almost nothing.
    logic tu_idle, tu_clk;
    mosaic_clock_gate #(
      .Enable (TuClockGate)
    ) u_tu_cg (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .act_i  (!tu_idle || x_issue_valid || x_commit_valid || x_fence_valid),
      .clk_o  (tu_clk)
    );

    mosaic_tu #(
      .PeRows       (PeRows),
      .PeCols       (PeCols),
      .PeFold       (PeFold),
      .PeRowFold    (PeRowFold),
      .AxiDataWidth (AxiDw),
      .AxiBursts    (AxiBursts),
      .XifIdWidth   (XifIdWidth),
      .VecLanes     (VecLanes),
      .DivLanes     (DivLanes),
      .ActLanes     (ActLanes),
      .RedLanes     (RedLanes),
      .TlRam        (TlRam),
      .ScpadXfer    (ScpadXfer),
      .TrfRwStall   (TrfRwStall),
      .TrfBanks     (TrfBanks)
    ) u_tu (
      .clk_i              (tu_clk),
      .rst_ni             (rst_ni),
      .issue_valid_i      (x_issue_valid),
      .issue_ready_o      (x_issue_ready),
      .issue_insn_i       (x_issue_insn),
      .issue_id_i         (x_issue_id),
      .issue_rs1_i        (x_issue_rs1),
      .issue_rs2_i        (x_issue_rs2),
      .issue_rd_i         (x_issue_rd),
      .issue_accept_o     (x_accept),
      .issue_writeback_o  (x_writeback),
      .issue_dirty_o      (x_dirty),
      .issue_exc_o        (x_exc),
      .issue_exccode_o    (x_exccode),
      .issue_tval_o       (x_tval),
      .commit_valid_i     (x_commit_valid),
      .commit_id_i        (x_commit_id),
      .commit_kill_i      (x_commit_kill),
      .result_valid_o     (x_result_valid),
      .result_ready_i     (x_result_ready),
      .result_id_o        (x_result_id),
      .result_rd_o        (x_result_rd),
      .result_we_o        (x_result_we),
      .result_data_o      (x_result_data),
      .fence_valid_i      (x_fence_valid),
      .fence_ready_o      (x_fence_ready),
      .idle_o             (tu_idle),
      .mstatus_ts_i       (x_ts),
      .ev_mac_busy_o      (ev_mac_busy),
      .ev_mac_count_o     (ev_mac_count),
      .ev_bank_conflict_o (ev_bank_conflict),
      .ev_sdma_bytes_o    (ev_sdma_bytes),
      .ev_sdma_busy_o     (ev_sdma_busy),
      .awaddr_o           (s_awaddr),
      .awlen_o            (s_awlen),
      .awsize_o           (s_awsize),
      .awburst_o          (s_awburst),
      .awvalid_o          (s_awvalid),
      .awready_i          (s_awready),
      .wdata_o            (s_wdata),
      .wstrb_o            (s_wstrb),
      .wlast_o            (s_wlast),
      .wvalid_o           (s_wvalid),
      .wready_i           (s_wready),
      .bresp_i            (s_bresp),
      .bvalid_i           (s_bvalid),
      .bready_o           (s_bready),
      .araddr_o           (s_araddr),
      .arlen_o            (s_arlen),
      .arsize_o           (s_arsize),
      .arburst_o          (s_arburst),
      .arvalid_o          (s_arvalid),
      .arready_i          (s_arready),
      .rdata_i            (s_rdata),
      .rresp_i            (s_rresp),
      .rlast_i            (s_rlast),
      .rvalid_i           (s_rvalid),
      .rready_o           (s_rready),
      .spx_req_o          (spx_req),
      .spx_we_o           (spx_we),
      .spx_addr_o         (spx_addr),
      .spx_be_o           (spx_be),
      .spx_wdata_o        (spx_wdata),
      .spx_rdata_i        (spx_rdata),
      .trace_trf_we_o     (tr_trf_we),
      .trace_trf_reg_o    (tr_trf_reg),
      .trace_trf_row_o    (tr_trf_row),
      .trace_trf_be_o     (tr_trf_be),
      .trace_trf_data_o   (tr_trf_data),
      .trace_trf1_we_o    (tr_trf1_we),
      .trace_trf1_reg_o   (tr_trf1_reg),
      .trace_trf1_row_o   (tr_trf1_row),
      .trace_trf1_data_o  (tr_trf1_data),
      .trace_done_o       (tr_done),
      .trace_done_seq_o   (tr_done_seq),
      .trace_done_tag_o   (tr_done_tag),
      .trace_sdma_done_o     (tr_sdma_done),
      .trace_sdma_done_seq_o (tr_sdma_seq)
    );

    // The external port is unused.
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
    logic unused_ext_ports;
    assign unused_ext_ports = ^{tu_issue_ready_i, tu_issue_accept_i, tu_issue_writeback_i,
                                tu_issue_dirty_i, tu_issue_exc_i, tu_issue_exccode_i,
                                tu_issue_tval_i, tu_result_valid_i, tu_result_id_i,
                                tu_result_rd_i, tu_result_we_i, tu_result_data_i,
                                tu_fence_ready_i, tu_hpm_mac_busy_i, tu_hpm_mac_count_i,
                                tu_hpm_bank_conflict_i, tu_hpm_sdma_bytes_i,
                                tu_hpm_sdma_busy_i};
  end else if (TensorUnit == 1) begin : g_tu_external
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

  // Without mosaic_tu (TensorUnit 0 or 1) the memories' AXI port stays idle
  // and the trace is quiet.
  if (TensorUnit != 2) begin : g_no_axi
    assign s_awaddr  = 32'd0;
    assign s_awlen   = 8'd0;
    assign s_awsize  = 3'd0;
    assign s_awburst = 2'd0;
    assign s_awvalid = 1'b0;
    assign s_wdata   = '0;
    assign s_wstrb   = '0;
    assign s_wlast   = 1'b0;
    assign s_wvalid  = 1'b0;
    assign s_bready  = 1'b1;
    assign s_araddr  = 32'd0;
    assign s_arlen   = 8'd0;
    assign s_arsize  = 3'd0;
    assign s_arburst = 2'd0;
    assign s_arvalid = 1'b0;
    assign s_rready  = 1'b1;
    assign spx_req   = 1'b0;
    assign spx_we    = 1'b0;
    assign spx_addr  = 32'd0;
    assign spx_be    = '0;
    assign spx_wdata = '0;
    assign tr_trf_we   = 1'b0;
    assign tr_trf_reg  = '0;
    assign tr_trf_row  = '0;
    assign tr_trf_be   = '0;
    assign tr_trf_data = '0;
    assign tr_trf1_we   = 1'b0;
    assign tr_trf1_reg  = '0;
    assign tr_trf1_row  = '0;
    assign tr_trf1_data = '0;
    assign tr_done     = 1'b0;
    assign tr_done_seq = '0;
    assign tr_done_tag = '0;
    assign tr_sdma_done = 1'b0;
    assign tr_sdma_seq  = '0;
    logic unused_axi_slave;
    assign unused_axi_slave = ^{s_awready, s_wready, s_bresp, s_bvalid, s_arready, s_rdata,
                                s_rresp, s_rlast, s_rvalid, spx_rdata};
  end

  // Offsets are compared in full; only their word-index bits address RAMs.
  logic unused_offsets;
  assign unused_offsets = ^{i_off[1:0], off_clint[31:16], off_uart[31:12],
                            off_simctrl[31:12], tohost_addr_i[1:0]};

  // Tensor-unit trace.
`ifdef RVFI
  assign trace_tu_trf_we   = tr_trf_we;
  assign trace_tu_trf_reg  = tr_trf_reg;
  assign trace_tu_trf_row  = tr_trf_row;
  assign trace_tu_trf_be   = tr_trf_be;
  assign trace_tu_trf_data = tr_trf_data;
  assign trace_tu_trf1_we   = tr_trf1_we;
  assign trace_tu_trf1_reg  = tr_trf1_reg;
  assign trace_tu_trf1_row  = tr_trf1_row;
  assign trace_tu_trf1_data = tr_trf1_data;
  assign trace_tu_done     = tr_done;
  assign trace_tu_done_seq = tr_done_seq;
  assign trace_tu_done_tag = tr_done_tag;
  assign trace_tu_sdma_done     = tr_sdma_done;
  assign trace_tu_sdma_done_seq = tr_sdma_seq;
`else
  logic unused_trace;
  assign unused_trace = ^{tr_trf_we, tr_trf_reg, tr_trf_row, tr_trf_be, tr_trf_data, tr_done,
                          tr_trf1_we, tr_trf1_reg, tr_trf1_row, tr_trf1_data,
                          tr_done_seq, tr_done_tag, tr_sdma_done, tr_sdma_seq};
`endif

endmodule

`default_nettype wire
