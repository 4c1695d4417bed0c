// Mosaic tensor unit: the coprocessor on the core's X-IF port
// (docs/microarchitecture.md §2.6 for the protocol, §5 for this block).
//
// Issue: mosaic_tu_check decides every trap from the instruction and the
// shadow state (tags, CSRs) at issue; tensor CSR instructions, msettile and
// scpad.wait execute at issue once the unit is idle; everything else goes
// into an in-order queue and the core runs on. Tags change at issue (tcvt),
// so later checks see them.
//
// Execution, in program order, one engine at a time except that consecutive
// tmma overlap inside mosaic_tu_mma and SDMA runs beside everything but
// tld/tst:
//   tld/tst          mosaic_tu_lsu (after SDMA has drained)
//   element-wise     mosaic_tu_vecseq (tadd tsub tmul tmax tmin tbsub tbmul
//                    tscale tcvt tzero)
//   row units        mosaic_tu_redseq (tred trowmax trowsum tbdiv tact)
//   tmma, mmacc      mosaic_tu_mma (staging, array, write-back); an AME
//                    mmacc goes in as its sub-operations (1, 4 or 16 ops,
//                    ame.c order), back to back like consecutive tmma
//   scpad.ld/st      mosaic_tu_sdma (queued; scpad.wait waits for it at issue)
//   TensorLoad       mosaic_tu_tl (issued only when the unit is idle: an
//                    xpose/concat sets tl_tensor_shape, which the next
//                    TensorLoad instruction's issue check reads)
// LSU, TensorLoad and SDMA share the AXI4 master through two mosaic_axi_arb. An engine
// starts only when the others are idle, so instructions complete (done,
// trace) in program order -- SDMA transfers among themselves, on their own
// trace channel; tmma waits only for tmma whose D it reads.
//
// R9 for the array's results: the mma engine writes only the rows of D's
// tile, which is enough while the bytes above are already zero. They are not
// when TensorLoad (which ignores tags) wrote the register, or when mmacc
// retags a result narrower than its old tag; the issue records that per
// sub-operation (q_clr) and the zero writer clears the rows above the tile
// before the op is dispatched (the engine idle, so it owns the write port).

`default_nettype none
`include "mosaic_assert.svh"
`include "mosaic_mutant.svh"

module mosaic_tu #(
  parameter int PeRows       = 16,
  parameter int PeCols       = 16,
  // Output columns per PE, computed one per cycle (mosaic_tu_array): 1, or
  // a power of two dividing PeCols (fewer FMAs, a k-step in PeFold cycles).
  parameter int PeFold       = 1,
  // Output rows per PE, the same way (a power of two dividing PeRows): the
  // array has PeRows * PeCols / (PeFold * PeRowFold) FMAs.
  parameter int PeRowFold    = 1,
  parameter int AxiDataWidth = 128,  // the SDMA engine's beat; LSU and TensorLoad use 64
  parameter int AxiBursts    = 64,   // bursts in flight per direction (power of two)
  parameter int XifIdWidth   = 4,
  // Area parameters (docs/fpga.md): lanes of the element-wise, tbdiv and
  // tact units (16, 8, 4, 2 or 1) and of the reduction unit (16, or 1: one
  // element per cycle). Fewer lanes: the same results in more cycles.
  parameter int VecLanes     = 16,
  parameter int DivLanes     = 16,
  parameter int ActLanes     = 16,
  parameter int RedLanes     = 16,
  // TensorLoad's staging buffer: 0 flops and 8 gather lanes, 1 distributed
  // RAM and one lane (mosaic_tu_tl_stage_ram).
  parameter int TlRam        = 0,
  // Scratchpad tld/tst: 1 through the scratchpad's row port
  // (mosaic_tu_scpad_xfer), 0 through the LSU and the AXI bus like any
  // other memory (slower; no scpad_xfer).
  parameter int ScpadXfer    = 1,
  // The TRF: 1 holds a read of a row written in the same cycle a cycle, so
  // that its block RAM needs no read-first logic (mosaic_tu_trf RwStall); 0
  // reads the old contents.
  parameter int TrfRwStall   = 0,
  // The TRF's banks: 4, or 1 (one block RAM bank of 512 rows: every read
  // pair of two rows takes a stall cycle; mosaic_tu_trf Banks).
  parameter int TrfBanks     = 4
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  // X-IF (core side names mirrored).
  input  logic                  issue_valid_i,
  output logic                  issue_ready_o,
  input  logic [31:0]           issue_insn_i,
  input  logic [XifIdWidth-1:0] issue_id_i,
  input  logic [31:0]           issue_rs1_i,
  input  logic [31:0]           issue_rs2_i,
  input  logic [31:0]           issue_rd_i,
  output logic                  issue_accept_o,
  output logic                  issue_writeback_o,
  output logic                  issue_dirty_o,
  output logic                  issue_exc_o,
  output logic [4:0]            issue_exccode_o,
  output logic [31:0]           issue_tval_o,
  input  logic                  commit_valid_i,
  input  logic [XifIdWidth-1:0] commit_id_i,
  input  logic                  commit_kill_i,
  output logic                  result_valid_o,
  input  logic                  result_ready_i,
  output logic [XifIdWidth-1:0] result_id_o,
  output logic [4:0]            result_rd_o,
  output logic                  result_we_o,
  output logic [31:0]           result_data_o,
  input  logic                  fence_valid_i,
  output logic                  fence_ready_o,
  output logic                  idle_o,         // nothing in flight, TRF initialised
  input  logic [1:0]            mstatus_ts_i,
  // Performance events.
  output logic                  ev_mac_busy_o,
  output logic [15:0]           ev_mac_count_o,
  output logic                  ev_bank_conflict_o,
  output logic [15:0]           ev_sdma_bytes_o,
  output logic                  ev_sdma_busy_o,
  // AXI4 master (tensor memory).
  output logic [31:0]               awaddr_o,
  output logic [7:0]                awlen_o,
  output logic [2:0]                awsize_o,
  output logic [1:0]                awburst_o,
  output logic                      awvalid_o,
  input  logic                      awready_i,
  output logic [AxiDataWidth-1:0]   wdata_o,
  output logic [AxiDataWidth/8-1:0] wstrb_o,
  output logic                      wlast_o,
  output logic                      wvalid_o,
  input  logic                      wready_i,
  input  logic [1:0]                bresp_i,
  input  logic                      bvalid_i,
  output logic                      bready_o,
  output logic [31:0]               araddr_o,
  output logic [7:0]                arlen_o,
  output logic [2:0]                arsize_o,
  output logic [1:0]                arburst_o,
  output logic                      arvalid_o,
  input  logic                      arready_i,
  input  logic [AxiDataWidth-1:0]   rdata_i,
  input  logic [1:0]                rresp_i,
  input  logic                      rlast_i,
  input  logic                      rvalid_i,
  output logic                      rready_o,
  // Scratchpad row port (mosaic_mem_sys spx_*): tld/tst of scratchpad tiles.
  output logic                      spx_req_o,
  output logic                      spx_we_o,
  output logic [31:0]               spx_addr_o,
  output logic [63:0]               spx_be_o,
  output logic [511:0]              spx_wdata_o,
  input  logic [511:0]              spx_rdata_i,
  // Trace for the lockstep testbench (unconnected in synthesis): every TRF
  // row write, and every accepted, non-trapping custom-opcode instruction
  // completing, in program order, tagged with its issue sequence number.
  output logic                  trace_trf_we_o,
  output logic [4:0]            trace_trf_reg_o,
  output logic [3:0]            trace_trf_row_o,
  output logic [63:0]           trace_trf_be_o,
  output logic [511:0]          trace_trf_data_o,
  output logic                  trace_trf1_we_o,    // TRF write port 1 (full rows)
  output logic [4:0]            trace_trf1_reg_o,
  output logic [3:0]            trace_trf1_row_o,
  output logic [511:0]          trace_trf1_data_o,
  output logic                  trace_done_o,
  output logic [mosaic_pkg::SeqW-1:0]            trace_done_seq_o,
  output logic [3:0]            trace_done_tag_o,
  output logic                  trace_sdma_done_o,
  output logic [mosaic_pkg::SeqW-1:0]            trace_sdma_done_seq_o
);

  // ------------------------------------------------------------------
  // Shadow state
  // ------------------------------------------------------------------
  logic [127:0] tags;
  logic [9:0]   mcsr;
  logic [19:0]  mxcfg;
  logic [18:0]  mxtile;
  logic [3:0]   mxstatus;
  logic [4:0]   mtilem, mtilek, mtilen;
  logic [31:0]  ddc_base, ddc_limit, sdma_stride, sdma_erraddr;
  logic [31:0]  tl_shape, tl_mask1, tl_mask2, tl_lmask, tl_smask;
  logic [1:0]   ddc_perm, tl_xstatus;
  logic [4:0]   sdma_status;
  logic [7:0]   tl_perm;
  logic         tl_xcfg;

  // ------------------------------------------------------------------
  // Issue check
  // ------------------------------------------------------------------
  logic        ck_accept, ck_trap, ck_set_badgeom, ck_set_gfb, ck_tlx_we, ck_nop;
  logic        ck_wb, ck_wb_known, ck_dirty;
  logic [4:0]  ck_mcause;
  logic [31:0] ck_mtval, ck_wb_value;
  logic [1:0]  ck_tlx;
  logic [5:0]  ck_op;
  logic [4:0]  ck_rd, ck_rs1, ck_rs2;
  logic [3:0]  ck_fd, ck_fa, ck_fb;
  logic [2:0]  ck_rm, ck_tiling;

  mosaic_tu_check u_check (
    .insn_i               (issue_insn_i),
    .rs1_val_i            (issue_rs1_i),
    .rs2_val_i            (issue_rs2_i),
    .rd_val_i             (issue_rd_i),
    .ts_i                 (mstatus_ts_i),
    .tags_i               (tags),
    .mcsr_i               (mcsr),
    .mxcfg_i              (mxcfg),
    .mxtile_i             (mxtile),
    .tl_trap_i            (tl_xcfg),
    .tl_shape_i           (tl_shape),
    .tl_mask1_i           (tl_mask1),
    .tl_mask2_i           (tl_mask2),
    .tl_lmask_i           (tl_lmask),
    .tl_smask_i           (tl_smask),
    .ddc_base_i           (ddc_base),
    .ddc_limit_i          (ddc_limit),
    .ddc_perm_i           (ddc_perm),
    .sdma_status_i        (sdma_status),
    .sdma_erraddr_i       (sdma_erraddr),
    .accept_o             (ck_accept),
    .trap_o               (ck_trap),
    .mcause_o             (ck_mcause),
    .mtval_o              (ck_mtval),
    .set_badgeom_o        (ck_set_badgeom),
    .set_guard_fallback_o (ck_set_gfb),
    .tl_xstatus_we_o      (ck_tlx_we),
    .tl_xstatus_o         (ck_tlx),
    .nop_o                (ck_nop),
    .writeback_o          (ck_wb),
    .wb_known_o           (ck_wb_known),
    .wb_value_o           (ck_wb_value),
    .dirty_o              (ck_dirty),
    .op_o                 (ck_op),
    .rd_o                 (ck_rd),
    .rs1_o                (ck_rs1),
    .rs2_o                (ck_rs2),
    .fmt_d_o              (ck_fd),
    .fmt_a_o              (ck_fa),
    .fmt_b_o              (ck_fb),
    .rm_o                 (ck_rm),
    .tiling_o             (ck_tiling)
  );

  // Instructions the datapath executes.
  logic impl, is_msettile, at_issue;
  always_comb begin
    unique case (ck_op)
      mosaic_pkg::TuOpTld, mosaic_pkg::TuOpTst, mosaic_pkg::TuOpTcvt, mosaic_pkg::TuOpTzero,
      mosaic_pkg::TuOpTact,
      mosaic_pkg::TuOpTscale, mosaic_pkg::TuOpTadd, mosaic_pkg::TuOpTmma, mosaic_pkg::TuOpTsub,
      mosaic_pkg::TuOpTmul, mosaic_pkg::TuOpTmax, mosaic_pkg::TuOpTmin, mosaic_pkg::TuOpTbsub,
      mosaic_pkg::TuOpTbmul, mosaic_pkg::TuOpMsettilem, mosaic_pkg::TuOpMsettilek,
      mosaic_pkg::TuOpMsettilen, mosaic_pkg::TuOpTred, mosaic_pkg::TuOpTrowmax,
      mosaic_pkg::TuOpTrowsum, mosaic_pkg::TuOpTbdiv, mosaic_pkg::TuOpScpadLd,
      mosaic_pkg::TuOpScpadSt, mosaic_pkg::TuOpScpadWait, mosaic_pkg::TuOpTlXpose,
      mosaic_pkg::TuOpTlConcat, mosaic_pkg::TuOpTlAddi, mosaic_pkg::TuOpTlMload,
      mosaic_pkg::TuOpTlMstore, mosaic_pkg::TuOpMmacc: impl = 1'b1;
      default: impl = 1'b0;
    endcase
  end
  assign is_msettile = (ck_op == mosaic_pkg::TuOpMsettilem) ||
                       (ck_op == mosaic_pkg::TuOpMsettilek) ||
                       (ck_op == mosaic_pkg::TuOpMsettilen);
  // Executed at issue, once the unit is idle: msettile (its value is known
  // now), scpad.wait (its trap decision needs every transfer finished) and a
  // TensorLoad no-op (bad descriptor with tl_xpose_config.TRAP = 0: only
  // the status, written at issue).
  logic is_tl;
  assign is_tl       = (ck_op >= mosaic_pkg::TuOpTlXpose) && (ck_op <= mosaic_pkg::TuOpTlMstore);
  assign at_issue    = is_msettile || (ck_op == mosaic_pkg::TuOpScpadWait) || ck_nop;

  // mmacc retags its results at issue (later checks see RFmt, R10), and the
  // issue decides per sub-operation whether D needs the R9 clear: its bytes
  // above the tile may be nonzero after a TensorLoad write (dirty_q) or
  // under a wider old tag.
  logic        hs, do_ok, tensor_ok;
  logic [31:0] ck_tag_we, dirty_q, ame_cmask;
  logic [15:0] ck_clr, ame_nmask, ame_clr;
  logic [1:0]  ck_dw;
  logic        ck_tl_wr;
  mosaic_tu_fmt_width u_ck_dw (.fmt_i (ck_fd), .wsel_o (ck_dw));
  always_comb begin
    unique case (ck_tiling)
      mosaic_pkg::TuTile1x1: ame_nmask = 16'h0001;
      mosaic_pkg::TuTile4x4: ame_nmask = 16'hFFFF;
      default:               ame_nmask = 16'h000F;
    endcase
  end
  assign ame_cmask = 32'(ame_nmask) << ck_rd;
  for (genvar c = 0; c < 16; c++) begin : g_ame_clr
    logic [4:0] r;
    logic [1:0] ow;
    assign r = ck_rd + 5'(c);
    mosaic_tu_fmt_width u_ow (.fmt_i (tags[{r, 2'b00} +: 4]), .wsel_o (ow));
    assign ame_clr[c] = ame_nmask[c] && (dirty_q[r] || (ow > ck_dw));
  end
  always_comb begin
    ck_tag_we = '0;
    ck_clr    = '0;
    if (ck_op == mosaic_pkg::TuOpMmacc) begin
      ck_tag_we = ame_cmask;
      ck_clr    = (ck_dw == 2'd3) ? 16'd0 : ame_clr;
    end else if (ck_op == mosaic_pkg::TuOpTcvt) begin
      ck_tag_we = 32'd1 << ck_rd;
    end else if (ck_op == mosaic_pkg::TuOpTmma) begin
      ck_clr = {15'd0, dirty_q[ck_rd] && (ck_dw != 2'd3)};
    end
    if (!do_ok) ck_tag_we = '0;
  end
  assign ck_tl_wr = is_tl && !ck_nop && (ck_op != mosaic_pkg::TuOpTlMstore);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dirty_q <= '0;
    end else if (do_ok) begin
      if (ck_tl_wr) dirty_q[ck_rd] <= 1'b1;
      else if (ck_op == mosaic_pkg::TuOpTmma) dirty_q[ck_rd] <= 1'b0;
      else if (ck_op == mosaic_pkg::TuOpMmacc) dirty_q <= dirty_q & ~ame_cmask;
    end
  end

  // Tensor CSR instructions (the core sends only tensor CSR addresses).
  logic        is_csr, csr_mine, csr_writes;
  logic [31:0] csr_rdata;
  assign is_csr = (issue_insn_i[6:0] == mosaic_pkg::OpSystem) && (issue_insn_i[13:12] != 2'b00);

  // ------------------------------------------------------------------
  // Queue
  // ------------------------------------------------------------------
  // Deep enough that the core's scalar work between a kernel's blocks of
  // tensor instructions (a GEMM row block's set-up: ~100 cycles) does not
  // drain it: an in-order queue of 4 left the array idle there.
  localparam int QDepth = 16;   // power of two
  localparam int QPtrW  = $clog2(QDepth);
  logic [5:0]  q_op   [QDepth];
  logic [4:0]  q_rd   [QDepth];
  logic [4:0]  q_rs1  [QDepth];
  logic [4:0]  q_rs2  [QDepth];
  logic [3:0]  q_fd   [QDepth];
  logic [3:0]  q_fa   [QDepth];
  logic [3:0]  q_fb   [QDepth];
  logic [2:0]  q_rm   [QDepth];
  logic [31:0] q_x1   [QDepth];
  logic [31:0] q_x2   [QDepth];
  logic [31:0] q_xd   [QDepth];
  logic [31:0] q_insn [QDepth];
  logic [11:0] q_imm  [QDepth];
  logic [mosaic_pkg::SeqW-1:0]  q_seq  [QDepth];
  logic [2:0]  q_til  [QDepth];   // mmacc tiling after the guard
  logic [15:0] q_clr  [QDepth];   // sub-operations whose D needs the R9 clear
  logic [QPtrW-1:0] q_wp_q, q_rp_q;
  logic [QPtrW:0]   q_cnt_q;
  logic        q_push, q_pop, q_full, q_empty;
  assign q_full  = (q_cnt_q == (QPtrW + 1)'(QDepth));
  assign q_empty = (q_cnt_q == '0);

  // ------------------------------------------------------------------
  // Engines' state
  // ------------------------------------------------------------------
  logic mma_busy, vec_busy, red_busy, lsu_busy, sdma_busy, tl_busy, idle, init_done;
  logic spx_any;
  logic res_valid_q, res_wait_q;
  assign idle = q_empty && !mma_busy && !vec_busy && !red_busy && !lsu_busy && !sdma_busy &&
                !tl_busy && !spx_any && !res_valid_q && !res_wait_q;

  // ------------------------------------------------------------------
  // Issue handshake
  // ------------------------------------------------------------------
  assign tensor_ok = ck_accept && !ck_trap && impl;

  always_comb begin
    issue_accept_o    = 1'b0;
    issue_exc_o       = 1'b0;
    issue_exccode_o   = ck_mcause;
    issue_tval_o      = ck_mtval;
    issue_writeback_o = 1'b0;
    issue_dirty_o     = 1'b0;
    issue_ready_o     = 1'b1;
    if (is_csr) begin
      issue_accept_o    = csr_mine;
      issue_writeback_o = csr_mine && (issue_insn_i[11:7] != 5'd0);
      issue_dirty_o     = csr_mine && csr_writes;
      issue_ready_o     = idle;
    end else if (ck_accept && ck_trap) begin
      issue_accept_o = 1'b1;
      issue_exc_o    = 1'b1;
      issue_dirty_o  = ck_dirty;
    end else if (tensor_ok) begin
      issue_accept_o    = 1'b1;
      issue_writeback_o = ck_wb;
      issue_dirty_o     = ck_dirty;
      issue_ready_o     = (at_issue || is_tl) ? idle : !q_full;
    end
  end

  assign hs     = issue_valid_i && issue_ready_o;
  assign do_ok  = hs && !is_csr && tensor_ok;
  assign q_push = do_ok && !at_issue;

  logic [mosaic_pkg::SeqW-1:0] seq_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)    seq_q <= '0;
    else if (do_ok) seq_q <= seq_q + 1'b1;
  end

  // Scalar result: CSR read and msettile one cycle after issue; tred when
  // its reduction finishes (res_wait_q meanwhile; the core waits for it).
  logic [XifIdWidth-1:0] res_id_q;
  logic [4:0]            res_rd_q;
  logic [31:0]           res_data_q;
  logic                  red_res_valid;
  logic [31:0]           red_res_data;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q <= 1'b0;
      res_wait_q  <= 1'b0;
      res_id_q    <= '0;
      res_rd_q    <= '0;
      res_data_q  <= '0;
    end else if (hs && issue_accept_o && !issue_exc_o && issue_writeback_o) begin
      res_valid_q <= is_csr || at_issue;
      res_wait_q  <= !(is_csr || at_issue);
      res_id_q    <= issue_id_i;
      res_rd_q    <= issue_insn_i[11:7];
      res_data_q  <= is_csr ? csr_rdata : ck_wb_value;
    end else if (res_wait_q && red_res_valid) begin
      res_valid_q <= 1'b1;
      res_wait_q  <= 1'b0;
      res_data_q  <= red_res_data;
    end else if (result_ready_i) begin
      res_valid_q <= 1'b0;
    end
  end
  assign result_valid_o = res_valid_q;
  assign result_id_o    = res_id_q;
  assign result_rd_o    = res_rd_q;
  assign result_we_o    = 1'b1;
  assign result_data_o  = res_data_q;
  assign fence_ready_o  = idle;
  assign idle_o         = idle && init_done;

  // ------------------------------------------------------------------
  // CSRs
  // ------------------------------------------------------------------
  // The first error of a tensor memory instruction, for sdma_status (R32;
  // driven beside the SDMA engine below).
  logic        mem_err, mem_err_store;
  logic [2:0]  mem_err_code;
  logic [31:0] mem_err_addr;

  logic set_sat;
  mosaic_tu_csr u_csr (
    .clk_i                (clk_i),
    .rst_ni               (rst_ni),
    .req_i                (hs && is_csr),
    .addr_i               (issue_insn_i[31:20]),
    .funct3_i             (issue_insn_i[14:12]),
    .rs1_field_i          (issue_insn_i[19:15]),
    .rs1_val_i            (issue_rs1_i),
    .mine_o               (csr_mine),
    .writes_o             (csr_writes),
    .rdata_o              (csr_rdata),
    .set_sat_i            (set_sat),
    .set_inexact_i        (mma_done && mma_nx),
    .set_badgeom_i        (hs && !is_csr && ck_set_badgeom),
    .set_guard_fallback_i (hs && !is_csr && ck_set_gfb),
    .tl_xstatus_we_i      (hs && !is_csr && ck_tlx_we),
    .tl_xstatus_i         (ck_tlx),
    .mtile_we_i           (do_ok && is_msettile),
    .mtile_sel_i          (ck_op[1:0]),
    .mtile_i              (ck_wb_value[4:0]),
    .tl_shape_we_i        (tl_done && tl_shape_we),
    .tl_shape_i           (tl_shape_new),
    .tl_perm_we_i         (tl_done && tl_perm_we),
    .tl_perm_i            (tl_perm_new),
    .sdma_err_i           (mem_err),
    .sdma_err_code_i      (mem_err_code),
    .sdma_err_store_i     (mem_err_store),
    .sdma_err_addr_i      (mem_err_addr),
    .mcsr_o               (mcsr),
    .mxcfg_o              (mxcfg),
    .mxtile_o             (mxtile),
    .mxstatus_o           (mxstatus),
    .mtilem_o             (mtilem),
    .mtilek_o             (mtilek),
    .mtilen_o             (mtilen),
    .ddc_base_o           (ddc_base),
    .ddc_limit_o          (ddc_limit),
    .ddc_perm_o           (ddc_perm),
    .sdma_stride_o        (sdma_stride),
    .sdma_status_o        (sdma_status),
    .sdma_erraddr_o       (sdma_erraddr),
    .tl_shape_o           (tl_shape),
    .tl_perm_o            (tl_perm),
    .tl_xcfg_o            (tl_xcfg),
    .tl_xstatus_o         (tl_xstatus),
    .tl_mask1_o           (tl_mask1),
    .tl_mask2_o           (tl_mask2),
    .tl_lmask_o           (tl_lmask),
    .tl_smask_o           (tl_smask)
  );

  // ------------------------------------------------------------------
  // Queue storage
  // ------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_wp_q  <= '0;
      q_rp_q  <= '0;
      q_cnt_q <= '0;
    end else begin
      if (q_push) q_wp_q <= q_wp_q + QPtrW'(1);
      if (q_pop)  q_rp_q <= q_rp_q + QPtrW'(1);
      q_cnt_q <= q_cnt_q + (QPtrW + 1)'(q_push) - (QPtrW + 1)'(q_pop);
    end
  end

  always_ff @(posedge clk_i) begin
    if (q_push) begin
      q_op[q_wp_q]  <= ck_op;
      q_rd[q_wp_q]  <= ck_rd;
      q_rs1[q_wp_q] <= ck_rs1;
      q_rs2[q_wp_q] <= ck_rs2;
      q_fd[q_wp_q]  <= ck_fd;
      q_fa[q_wp_q]  <= ck_fa;
      q_fb[q_wp_q]  <= ck_fb;
      q_rm[q_wp_q]  <= ck_rm;
      q_x1[q_wp_q]  <= issue_rs1_i;
      q_x2[q_wp_q]  <= issue_rs2_i;
      q_xd[q_wp_q]  <= issue_rd_i;
      q_insn[q_wp_q] <= issue_insn_i;
      q_imm[q_wp_q] <= issue_insn_i[31:20];
      q_til[q_wp_q] <= ck_tiling;
      q_clr[q_wp_q] <= ck_clr;
      q_seq[q_wp_q] <= seq_q;
    end
  end

  // ------------------------------------------------------------------
  // Dispatch
  // ------------------------------------------------------------------
  logic [5:0]  h_op;
  logic [4:0]  h_rd, h_rs1, h_rs2;
  logic [3:0]  h_fd, h_fa, h_fb;
  logic [2:0]  h_rm;
  logic [mosaic_pkg::SeqW-1:0]  h_seq;
  assign h_op  = q_op[q_rp_q];
  assign h_rd  = q_rd[q_rp_q];
  assign h_rs1 = q_rs1[q_rp_q];
  assign h_rs2 = q_rs2[q_rp_q];
  assign h_fd  = q_fd[q_rp_q];
  assign h_fa  = q_fa[q_rp_q];
  assign h_fb  = q_fb[q_rp_q];
  assign h_rm  = q_rm[q_rp_q];
  assign h_seq = q_seq[q_rp_q];

  logic h_valid, h_mma, h_mem, h_vec, h_red, h_sdma, h_tl, h_skip;
  assign h_valid = !q_empty && init_done;
  assign h_mma   = (h_op == mosaic_pkg::TuOpTmma) || (h_op == mosaic_pkg::TuOpMmacc);
  assign h_mem   = (h_op == mosaic_pkg::TuOpTld) || (h_op == mosaic_pkg::TuOpTst);
  assign h_red   = (h_op == mosaic_pkg::TuOpTred) || (h_op == mosaic_pkg::TuOpTrowmax) ||
                   (h_op == mosaic_pkg::TuOpTact) ||
                   (h_op == mosaic_pkg::TuOpTrowsum) || (h_op == mosaic_pkg::TuOpTbdiv);
  assign h_sdma  = (h_op == mosaic_pkg::TuOpScpadLd) || (h_op == mosaic_pkg::TuOpScpadSt);
  assign h_tl    = (h_op >= mosaic_pkg::TuOpTlXpose) && (h_op <= mosaic_pkg::TuOpTlMstore);
  assign h_vec   = !h_mma && !h_mem && !h_red && !h_sdma && !h_tl;
  // tmma with mtilek = 0 changes nothing (the golden model rewrites D's own
  // bits): it completes without the engine, in order.
  assign h_skip  = h_mma && (mtilek == 5'd0);

  // mmacc sub-operation sub_q of the head: registers C = rd + sub_q,
  // A = rs1 + i, B = rs2 + j (ame.c mode_subops). tmma is sub-operation 0.
  logic       h_ame, h_last_sub, h_clr, zdone_q;
  logic [3:0] sub_q, sub_last;
  logic [1:0] a_off, b_off;
  logic [4:0] e_rd, e_rs1, e_rs2;
  assign h_ame = (h_op == mosaic_pkg::TuOpMmacc);
  always_comb begin
    a_off    = 2'd0;
    b_off    = 2'd0;
    sub_last = 4'd3;
    unique case (q_til[q_rp_q])
      mosaic_pkg::TuTile2x2: begin a_off = {1'b0, sub_q[1]}; b_off = {1'b0, sub_q[0]}; end
      mosaic_pkg::TuTile1x4: b_off = sub_q[1:0];
      mosaic_pkg::TuTile4x1: a_off = sub_q[1:0];
      mosaic_pkg::TuTile4x4: begin a_off = sub_q[3:2]; b_off = sub_q[1:0]; sub_last = 4'd15; end
      default: sub_last = 4'd0;   // 1x1
    endcase
  end
  assign h_last_sub = !h_ame || (sub_q == sub_last);
  assign e_rd  = h_rd + {1'b0, sub_q};
  assign e_rs1 = h_rs1 + {3'd0, a_off};
  assign e_rs2 = h_rs2 + {3'd0, b_off};
  assign h_clr = q_clr[q_rp_q][sub_q] && !zdone_q;

  logic [31:0] mma_pending, mma_reading;
  logic [4:0]  mma_chain_rd, spx_reg;
  logic        mma_ready, mma_hazard;
  // The scratchpad mover runs beside the engine: an op waits for a tld/tst
  // of any of its registers. A D still to be written by an op in the engine
  // is the engine's to wait for (row by row, mosaic_tu_mma).
  assign mma_hazard = mma_pending[e_rs1] || mma_pending[e_rs2] ||
                      (spx_any && ((spx_reg == e_rs1) || (spx_reg == e_rs2) || (spx_reg == e_rd)));

  logic mma_go, vec_go, red_go, lsu_go, sdma_go, tl_go, skip_go, z_go, z_act_q, spx_go;
  logic lsu_ready, vec_ready, red_ready, sdma_ready, tl_ready, others_idle, spx_ready;
  logic h_spx, spx_hazard, sdr_full, sdr_hit;
  assign others_idle = !vec_busy && !red_busy && !lsu_busy && !tl_busy;
  assign mma_go  = h_valid && h_mma && !h_skip && !h_clr && others_idle && mma_ready &&
                   !mma_hazard;
  assign skip_go = h_valid && h_skip && !h_clr && others_idle && !mma_busy && !spx_any;
  assign z_go    = h_valid && h_mma && h_clr && !z_act_q && others_idle && !mma_busy && !spx_any;
  assign vec_go  = h_valid && h_vec && vec_ready && !red_busy && !lsu_busy && !tl_busy &&
                   !mma_busy && !spx_any;
`ifdef MOSAIC_INJECT_SOC_BUGS
  `MOSAIC_MUTANT_SEL
  assign red_go  = h_valid && h_red && red_ready && !vec_busy && !lsu_busy && !tl_busy &&
                   !mma_busy && !spx_any && mutant_sel != 3;
`else
  assign red_go  = h_valid && h_red && red_ready && !vec_busy && !lsu_busy && !tl_busy &&
                   !mma_busy && !spx_any;
`endif
  // TensorLoad moves memory too (mload/mstore): after everything, SDMA too.
  assign tl_go   = h_valid && h_tl && tl_ready && others_idle && !mma_busy && !sdma_busy &&
                   !spx_any;
  assign lsu_go  = h_valid && h_mem && !h_spx && others_idle && !mma_busy && !sdma_busy &&
                   !spx_any && lsu_ready;
  // A scratchpad tld/tst runs beside the mma engine when no op there uses
  // its register (tld writes it; tst must not miss a write still coming)
  // and no SDMA transfer in flight touches its bytes (R21).
  assign spx_hazard = mma_pending[h_rd] ||
                      ((h_op == mosaic_pkg::TuOpTld) && mma_reading[h_rd]);
  // (Back to back: the next one may start as the current one reports done.)
  assign spx_go  = h_valid && h_mem && h_spx && others_idle && !z_act_q &&
                   (!spx_any || (spx_done && !spx_pend_q && !(mma_done && mma_fin))) &&
                   spx_ready && !spx_hazard && !sdr_hit;
  // Tensor memory operations are ordered: a transfer waits for tld/tst.
  assign sdma_go = h_valid && h_sdma && !lsu_busy && !tl_busy && !spx_any && !sdr_full &&
                   sdma_ready;
  assign q_pop   = ((mma_go || skip_go) && h_last_sub) || vec_go || red_go || lsu_go ||
                   sdma_go || tl_go || spx_go;

  // The queue is never pushed full or popped empty, and its head goes to one
  // engine at a time.
  `MOSAIC_ASSERT_NEVER(QPushFullA, q_push && q_full, clk_i, rst_ni)
  `MOSAIC_ASSERT_NEVER(QPopEmptyA, q_pop && q_cnt_q == '0, clk_i, rst_ni)
  `MOSAIC_ASSERT_ONEHOT0(DispatchOneA, {mma_go, skip_go, vec_go, red_go, lsu_go, sdma_go, tl_go,
                                        spx_go}, clk_i, rst_ni)

  // mosaic_tu_vec op and operand kind of an element-wise instruction.
  logic [2:0] v_op, v_kind;
  logic [4:0] v_ra;
  logic [3:0] v_fa, v_fb;
  always_comb begin
    v_op   = 3'd0;
    v_kind = 3'd0;     // binary
    v_ra   = h_rs1;
    v_fa   = h_fa;
    v_fb   = h_fb;
    unique case (h_op)
      mosaic_pkg::TuOpTadd:   v_op = 3'd0;
      mosaic_pkg::TuOpTsub:   v_op = 3'd1;
      mosaic_pkg::TuOpTmul:   v_op = 3'd2;
      mosaic_pkg::TuOpTmax:   v_op = 3'd3;
      mosaic_pkg::TuOpTmin:   v_op = 3'd4;
      mosaic_pkg::TuOpTbsub: begin v_op = 3'd1; v_kind = 3'd1; end
      mosaic_pkg::TuOpTbmul: begin v_op = 3'd2; v_kind = 3'd1; end
      mosaic_pkg::TuOpTscale: begin
        v_op   = 3'd2;
        v_kind = 3'd2;
        v_ra   = h_rd;
        v_fa   = h_fd;
        v_fb   = (h_fd == mosaic_pkg::FmtInt8 || h_fd == mosaic_pkg::FmtInt16 ||
                  h_fd == mosaic_pkg::FmtInt32) ? mosaic_pkg::FmtInt32 : mosaic_pkg::FmtFp32;
      end
      mosaic_pkg::TuOpTcvt: begin v_op = 3'd5; v_kind = 3'd3; end
      default: begin v_op = 3'd0; v_kind = 3'd4; end  // tzero
    endcase
  end

  // Element width classes (also mosaic_tu_lsu's size code: 0 FP4, 1 8-bit,
  // 2 16-bit, 3 32-bit). An element-wise op whose D is also a narrower
  // source runs its rows downwards (mosaic_tu_vecseq).
  logic [1:0] h_size, wa, wb;
  logic       v_desc;
  mosaic_tu_fmt_width u_hw (.fmt_i (h_fd), .wsel_o (h_size));
  mosaic_tu_fmt_width u_wa (.fmt_i (v_fa), .wsel_o (wa));
  mosaic_tu_fmt_width u_wb (.fmt_i (v_fb), .wsel_o (wb));
  assign v_desc = ((v_ra == h_rd) && (h_size > wa)) ||
                  ((v_kind <= 3'd1) && (h_rs2 == h_rd) && (h_size > wb));

  // Reductions: mosaic_tu_red op (tred's function is the immediate's low bits)
  // and the unit; a row op or tbdiv whose D is a narrower source runs down.
  logic [1:0] r_kind;
  logic [2:0] r_op;
  logic [1:0] wa_r, wb_r;
  logic       r_desc;
  always_comb begin
    unique case (h_op)
      mosaic_pkg::TuOpTred:    begin r_kind = 2'd0; r_op = {1'b0, q_imm[q_rp_q][1:0]}; end
      mosaic_pkg::TuOpTrowmax: begin r_kind = 2'd1; r_op = 3'd4; end
      mosaic_pkg::TuOpTrowsum: begin r_kind = 2'd1; r_op = 3'd5; end
      mosaic_pkg::TuOpTact:    begin r_kind = 2'd3; r_op = q_imm[q_rp_q][2:0]; end
      default:                 begin r_kind = 2'd2; r_op = 3'd0; end
    endcase
  end
  mosaic_tu_fmt_width u_wa_r (.fmt_i (h_fa), .wsel_o (wa_r));
  mosaic_tu_fmt_width u_wb_r (.fmt_i (h_fb), .wsel_o (wb_r));
  assign r_desc = (r_kind != 2'd0) && (r_kind != 2'd3) &&
                  (((h_rs1 == h_rd) && (h_size > wa_r)) ||
                   ((r_kind == 2'd2) && (h_rs2 == h_rd) && (h_size > wb_r)));

  // Zero writer (R9 clear above D's tile; see the header).
  logic [4:0] z_reg_q;
  logic [3:0] z_row_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sub_q   <= '0;
      zdone_q <= 1'b0;
      z_act_q <= 1'b0;
      z_reg_q <= '0;
      z_row_q <= '0;
    end else begin
      if (mma_go || skip_go) begin
        sub_q   <= h_last_sub ? 4'd0 : sub_q + 4'd1;
        zdone_q <= 1'b0;
      end
      if (z_go) begin
        z_act_q <= 1'b1;
        z_reg_q <= e_rd;
        z_row_q <= 4'd2 << h_size;   // the rows of D's tile stay
      end else if (z_act_q && t_wr_ready) begin
        z_row_q <= z_row_q + 4'd1;
        if (z_row_q == 4'd15) begin
          z_act_q <= 1'b0;
          zdone_q <= 1'b1;
        end
      end
    end
  end

  // AME integer results wrap when SAT = 0 and nothing widens (ame.c).
  logic h_ame_wrap;
  assign h_ame_wrap = h_ame && !mxcfg[19] && (h_size == wa_r) &&
                      ((h_fd == mosaic_pkg::FmtInt8) || (h_fd == mosaic_pkg::FmtInt16));

  // ------------------------------------------------------------------
  // TRF and its port muxes
  // ------------------------------------------------------------------
  logic         t_rd0_req, t_rd1_req, t_rd_ready, t_conflict, t_rd0_valid, t_rd1_valid;
  logic [4:0]   t_rd0_reg, t_rd1_reg, t_wr_reg;
  logic [3:0]   t_rd0_row, t_rd1_row, t_wr_row;
  logic [511:0] t_rd0_data, t_rd1_data, t_wr_data;
  logic         t_wr_req, t_wr_ready;
  logic         t_wr1_req;   // write port 1: the scratchpad mover's row (x_wr_*)
  logic [63:0]  t_wr_be;

  logic         m_rd0_req, m_rd1_req, m_wr_req;
  logic [4:0]   m_rd0_reg, m_rd1_reg, m_wr_reg;
  logic [3:0]   m_rd0_row, m_rd1_row, m_wr_row;
  logic [511:0] m_wr_data;
  logic [63:0]  m_wr_be;
  logic         v_rd0_req, v_rd1_req, v_wr_req;
  logic [4:0]   v_rd0_reg, v_rd1_reg, v_wr_reg;
  logic [3:0]   v_rd0_row, v_rd1_row, v_wr_row;
  logic [511:0] v_wr_data;
  logic [63:0]  v_wr_be;
  logic         r_rd0_req, r_rd1_req, r_wr_req;
  logic [4:0]   r_rd0_reg, r_rd1_reg, r_wr_reg;
  logic [3:0]   r_rd0_row, r_rd1_row, r_wr_row;
  logic [511:0] r_wr_data;
  logic [63:0]  r_wr_be;
  logic         g_rd0_req, g_rd1_req, g_wr_req;
  logic [4:0]   g_rd0_reg, g_rd1_reg, g_wr_reg;
  logic [3:0]   g_rd0_row, g_rd1_row, g_wr_row;
  logic [511:0] g_wr_data;
  logic [63:0]  g_wr_be;
  logic         x_rd_req, x_wr_req, x_rd_gnt, x_wr_gnt;
  logic [4:0]   x_rd_reg, x_wr_reg;
  logic [3:0]   x_rd_row, x_wr_row;
  logic [511:0] x_wr_data;
  logic         l_rd_req, l_wr_req;
  logic [4:0]   l_rd_reg, l_wr_reg;
  logic [3:0]   l_rd_row, l_wr_row;
  logic [511:0] l_wr_data;
  logic [63:0]  l_wr_be;

  always_comb begin
    t_wr1_req  = 1'b0;
    if (lsu_busy) begin
      t_rd0_req = l_rd_req;  t_rd0_reg = l_rd_reg;  t_rd0_row = l_rd_row;
      t_rd1_req = 1'b0;      t_rd1_reg = '0;        t_rd1_row = '0;
      t_wr_req  = l_wr_req;  t_wr_reg  = l_wr_reg;  t_wr_row  = l_wr_row;
      t_wr_be   = l_wr_be;   t_wr_data = l_wr_data;
    end else if (vec_busy) begin
      t_rd0_req = v_rd0_req; t_rd0_reg = v_rd0_reg; t_rd0_row = v_rd0_row;
      t_rd1_req = v_rd1_req; t_rd1_reg = v_rd1_reg; t_rd1_row = v_rd1_row;
      t_wr_req  = v_wr_req;  t_wr_reg  = v_wr_reg;  t_wr_row  = v_wr_row;
      t_wr_be   = v_wr_be;   t_wr_data = v_wr_data;
    end else if (tl_busy) begin
      t_rd0_req = g_rd0_req; t_rd0_reg = g_rd0_reg; t_rd0_row = g_rd0_row;
      t_rd1_req = g_rd1_req; t_rd1_reg = g_rd1_reg; t_rd1_row = g_rd1_row;
      t_wr_req  = g_wr_req;  t_wr_reg  = g_wr_reg;  t_wr_row  = g_wr_row;
      t_wr_be   = g_wr_be;   t_wr_data = g_wr_data;
    end else if (z_act_q) begin
      t_rd0_req = 1'b0;      t_rd0_reg = '0;        t_rd0_row = '0;
      t_rd1_req = 1'b0;      t_rd1_reg = '0;        t_rd1_row = '0;
      t_wr_req  = 1'b1;      t_wr_reg  = z_reg_q;   t_wr_row  = z_row_q;
      t_wr_be   = '1;        t_wr_data = '0;
    end else if (red_busy) begin
      t_rd0_req = r_rd0_req; t_rd0_reg = r_rd0_reg; t_rd0_row = r_rd0_row;
      t_rd1_req = r_rd1_req; t_rd1_reg = r_rd1_reg; t_rd1_row = r_rd1_row;
      t_wr_req  = r_wr_req;  t_wr_reg  = r_wr_reg;  t_wr_row  = r_wr_row;
      t_wr_be   = r_wr_be;   t_wr_data = r_wr_data;
    end else begin
      // The mma engine, and the scratchpad mover: reads in the port cycles
      // the engine leaves free (port 0 only when port 1 cannot conflict
      // with it), writes on write port 1 to any bank the engine's result
      // drain is not writing.
      t_rd0_req = m_rd0_req; t_rd0_reg = m_rd0_reg; t_rd0_row = m_rd0_row;
      t_rd1_req = m_rd1_req; t_rd1_reg = m_rd1_reg; t_rd1_row = m_rd1_row;
      t_wr_req  = m_wr_req;  t_wr_reg  = m_wr_reg;  t_wr_row  = m_wr_row;
      t_wr_be   = m_wr_be;   t_wr_data = m_wr_data;
      if (x_rd_gnt) begin
        t_rd0_req = 1'b1;    t_rd0_reg = x_rd_reg;  t_rd0_row = x_rd_row;
      end
      t_wr1_req = x_wr_gnt;
    end
  end

  mosaic_tu_trf #(
    .RwStall (TrfRwStall != 0),
    .Banks   (TrfBanks)
  ) u_trf (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .init_done_o (init_done),
    .rd0_req_i   (t_rd0_req),
    .rd0_reg_i   (t_rd0_reg),
    .rd0_row_i   (t_rd0_row),
    .rd1_req_i   (t_rd1_req),
    .rd1_reg_i   (t_rd1_reg),
    .rd1_row_i   (t_rd1_row),
    .rd_ready_o  (t_rd_ready),
    .conflict_o  (t_conflict),
    .rd0_valid_o (t_rd0_valid),
    .rd0_data_o  (t_rd0_data),
    .rd1_valid_o (t_rd1_valid),
    .rd1_data_o  (t_rd1_data),
    .wr_req_i    (t_wr_req),
    .wr_reg_i    (t_wr_reg),
    .wr_row_i    (t_wr_row),
    .wr_be_i     (t_wr_be),
    .wr_data_i   (t_wr_data),
    .wr_ready_o  (t_wr_ready),
    .wr1_req_i   (t_wr1_req),
    .wr1_reg_i   (x_wr_reg),
    .wr1_row_i   (x_wr_row),
    .wr1_data_i  (x_wr_data),
    .tag_we_i    (ck_tag_we),
    .tag_i       (ck_fd),
    .tags_o      (tags)
  );

  // ------------------------------------------------------------------
  // Engines
  // ------------------------------------------------------------------
  logic [3:0] mma_fd;
  logic       mma_done, mma_sat, mma_nx, mma_fin, vec_done, vec_sat, red_done, red_sat, lsu_done, lsu_err;
  logic [mosaic_pkg::SeqW-1:0] mma_seq, vec_seq, red_seq;

  // With one lane in every element-wise and row unit (the FPGA
  // configuration) engines that never run at the same time share logic
  // (dispatch above: the element-wise and row sequencers start only with
  // everything else idle, SDMA aside, and tmma/mmacc only with both of them
  // idle):
  // - the element-wise lane uses the row units' converters and FMA
  //   (mosaic_tu_redseq: vx_*);
  // - one row unpacker on each TRF read port (A on port 0, B on port 1)
  //   serves the two sequencers and the mma engine's operand staging, and
  //   one row packer the two sequencers (mosaic_tu_row_unpack/_pack, about
  //   2 600 LUT4 each on an ECP5). The busy sequencer's tile row and
  //   formats select, else the mma engine's (its rows are its own: fresh
  //   or held); the results go to all.
  localparam bit ShareIdle = (VecLanes == 1) && (DivLanes == 1) && (ActLanes == 1) &&
                             (RedLanes == 1);
  logic [mosaic_pkg::CvtReqW-1:0] vx_cw, vx_cb, vx_cn;
  logic [mosaic_pkg::CvtResW-1:0] vx_cw_res, vx_cb_res, vx_cn_res;
  logic [mosaic_pkg::FmaReqW-1:0] vx_fx;
  logic [mosaic_pkg::FmaResW-1:0] vx_fx_res;
  logic [mosaic_pkg::CvtReqW-1:0] mx_cn;

  logic [3:0]   v_ux_y, v_ux_fa, v_ux_fb, v_px_y, v_px_fmt;
  logic [3:0]   r_ux_y, r_ux_fa, r_ux_fb, r_px_y, r_px_fmt;
  logic [3:0]   m_ux_y, m_ux_fa, m_ux_fb;
  logic [511:0] m_ux_a_row, m_ux_b_row;
  logic [511:0] v_px_el, r_px_el, m_px_el;
  logic [15:0]  m_px_en;
  logic [3:0]   m_px_y, m_px_fmt;
  logic [511:0] sx_a, sx_b, sx_data;
  logic [3:0]   sx_prow;
  logic [63:0]  sx_be;
  if (ShareIdle) begin : g_share_row
    logic       seq;
    logic [3:0] ux_y, ux_fa, ux_fb;
    assign seq   = vec_busy || red_busy;
    assign ux_y  = vec_busy ? v_ux_y : red_busy ? r_ux_y : m_ux_y;
    assign ux_fa = vec_busy ? v_ux_fa : red_busy ? r_ux_fa : m_ux_fa;
    assign ux_fb = vec_busy ? v_ux_fb : red_busy ? r_ux_fb : m_ux_fb;
    mosaic_tu_row_unpack u_rowx_a (
      .row_i (seq ? t_rd0_data : m_ux_a_row),
      .y_i   (ux_y),
      .fmt_i (ux_fa),
      .el_o  (sx_a)
    );
    mosaic_tu_row_unpack u_rowx_b (
      .row_i (seq ? t_rd1_data : m_ux_b_row),
      .y_i   (ux_y),
      .fmt_i (ux_fb),
      .el_o  (sx_b)
    );
    mosaic_tu_row_pack u_rowp (
      .el_i   (vec_busy ? v_px_el : red_busy ? r_px_el : m_px_el),
      .en_i   (seq ? 16'hFFFF : m_px_en),
      .y_i    (vec_busy ? v_px_y : red_busy ? r_px_y : m_px_y),
      .fmt_i  (vec_busy ? v_px_fmt : red_busy ? r_px_fmt : m_px_fmt),
      .prow_o (sx_prow),
      .data_o (sx_data),
      .be_o   (sx_be)
    );
  end else begin : g_own_row
    assign sx_a    = '0;
    assign sx_b    = '0;
    assign sx_data = '0;
    assign sx_prow = '0;
    assign sx_be   = '0;
    logic unused_sx;
    assign unused_sx = ^{v_ux_y, v_ux_fa, v_ux_fb, v_px_y, v_px_fmt, v_px_el,
                         r_ux_y, r_ux_fa, r_ux_fb, r_px_y, r_px_fmt, r_px_el,
                         m_ux_y, m_ux_fa, m_ux_fb, m_ux_a_row, m_ux_b_row,
                         m_px_el, m_px_en, m_px_y, m_px_fmt};
  end

  mosaic_tu_mma #(
    .PeRows (PeRows),
    .PeCols (PeCols),
    .PeFold    (PeFold),
    .PeRowFold (PeRowFold),
    .ExtRow    (ShareIdle)
  ) u_mma (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cmd_valid_i   (mma_go),
    .cmd_ready_o   (mma_ready),
    .cmd_rd_i      (e_rd),
    .cmd_ra_i      (e_rs1),
    .cmd_rb_i      (e_rs2),
    .cmd_fd_i      (h_fd),
    .cmd_fa_i      (h_fa),
    .cmd_fb_i      (h_fb),
    .cmd_rm_i      (h_rm),
    .cmd_fp8_sat_i (!h_ame && mcsr[5]),   // AME §3.1: FP8 overflows to Inf/NaN
    .cmd_subn_i    (mcsr[9]),
    .cmd_wrap_i    (h_ame_wrap),
    .cmd_ame_i     (h_ame),
    .cmd_fin_i     (h_last_sub),
    .cmd_mode_i    (h_ame ? q_insn[q_rp_q][26:25] : mcsr[1:0]),   // bTR
    .cmd_m_i       (mtilem),
    .cmd_k_i       (mtilek),
    .cmd_n_i       (mtilen),
    .cmd_seq_i     (h_seq),
    .chain_rd_o    (mma_chain_rd),
    .trf_wr_i      (t_wr_req),
    .trf_wr_reg_i  (t_wr_reg),
    .trf_wr1_i     (t_wr1_req),
    .trf_wr1_reg_i (x_wr_reg),
    .chain_break_i (vec_go || red_go || lsu_go || tl_go || z_go ||
                    (spx_go && (h_op == mosaic_pkg::TuOpTld) && (h_rd == mma_chain_rd))),
    .rd0_req_o     (m_rd0_req),
    .rd0_reg_o     (m_rd0_reg),
    .rd0_row_o     (m_rd0_row),
    .rd1_req_o     (m_rd1_req),
    .rd1_reg_o     (m_rd1_reg),
    .rd1_row_o     (m_rd1_row),
    .rd_ready_i    (t_rd_ready),
    .rd0_valid_i   (t_rd0_valid),
    .rd0_data_i    (t_rd0_data),
    .rd1_data_i    (t_rd1_data),
    .wr_req_o      (m_wr_req),
    .wr_reg_o      (m_wr_reg),
    .wr_row_o      (m_wr_row),
    .wr_be_o       (m_wr_be),
    .wr_data_o     (m_wr_data),
    .done_o        (mma_done),
    .done_seq_o    (mma_seq),
    .done_sat_o    (mma_sat),
    .done_nx_o     (mma_nx),
    .done_fin_o    (mma_fin),
    .done_fd_o     (mma_fd),
    .busy_o        (mma_busy),
    .ux_a_row_o    (m_ux_a_row),
    .ux_b_row_o    (m_ux_b_row),
    .ux_y_o        (m_ux_y),
    .ux_fa_o       (m_ux_fa),
    .ux_fb_o       (m_ux_fb),
    .ux_a_i        (sx_a),
    .ux_b_i        (sx_b),
    .px_el_o       (m_px_el),
    .px_en_o       (m_px_en),
    .px_y_o        (m_px_y),
    .px_fmt_o      (m_px_fmt),
    .px_prow_i     (sx_prow),
    .px_data_i     (sx_data),
    .px_be_i       (sx_be),
    .cn_req_o      (mx_cn),
    .cn_res_i      (vx_cn_res),
    .pending_o     (mma_pending),
    .reading_o     (mma_reading),
    .ev_mac_busy_o (ev_mac_busy_o),
    .ev_macs_o     (ev_mac_count_o)
  );

  // The element-wise, reduction and TensorLoad engines each run on their
  // own gated clock: on from the command to the end of the operation (busy)
  // and a few cycles more (mosaic_clock_gate). An idle engine is a fixed
  // point, and in simulation its lanes then cost nothing while other
  // engines work.
  logic vec_clk;
  mosaic_clock_gate u_vec_cg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .act_i  (vec_go || vec_busy),
    .clk_o  (vec_clk)
  );

  mosaic_tu_vecseq #(
    .VecLanes (VecLanes),
    .ExtCvt   (ShareIdle),
    .ExtRow   (ShareIdle)
  ) u_vec (
    .clk_i         (vec_clk),
    .rst_ni        (rst_ni),
    .cmd_valid_i   (vec_go),
    .cmd_ready_o   (vec_ready),
    .cmd_op_i      (v_op),
    .cmd_kind_i    (v_kind),
    .cmd_rd_i      (h_rd),
    .cmd_ra_i      (v_ra),
    .cmd_rb_i      (h_rs2),
    .cmd_fd_i      (h_fd),
    .cmd_fa_i      (v_fa),
    .cmd_fb_i      (v_fb),
    .cmd_rm_i      (h_rm),
    .cmd_fp8_sat_i (mcsr[5]),
    .cmd_subn_i    (mcsr[9]),
    .cmd_scalar_i  (q_x1[q_rp_q]),
    .cmd_seq_i     (h_seq),
    .cmd_desc_i    (v_desc),
    .rd0_req_o     (v_rd0_req),
    .rd0_reg_o     (v_rd0_reg),
    .rd0_row_o     (v_rd0_row),
    .rd1_req_o     (v_rd1_req),
    .rd1_reg_o     (v_rd1_reg),
    .rd1_row_o     (v_rd1_row),
    .rd_ready_i    (t_rd_ready),
    .rd0_valid_i   (t_rd0_valid),
    .rd0_data_i    (t_rd0_data),
    .rd1_data_i    (t_rd1_data),
    .wr_req_o      (v_wr_req),
    .wr_reg_o      (v_wr_reg),
    .wr_row_o      (v_wr_row),
    .wr_be_o       (v_wr_be),
    .wr_data_o     (v_wr_data),
    .wr_ready_i    (t_wr_ready),
    .done_o        (vec_done),
    .done_seq_o    (vec_seq),
    .done_sat_o    (vec_sat),
    .busy_o        (vec_busy),
    .ux_y_o        (v_ux_y),
    .ux_fa_o       (v_ux_fa),
    .ux_fb_o       (v_ux_fb),
    .ux_a_i        (sx_a),
    .ux_b_i        (sx_b),
    .px_el_o       (v_px_el),
    .px_y_o        (v_px_y),
    .px_fmt_o      (v_px_fmt),
    .px_prow_i     (sx_prow),
    .px_data_i     (sx_data),
    .px_be_i       (sx_be),
    .cw_req_o      (vx_cw),
    .cw_res_i      (vx_cw_res),
    .cb_req_o      (vx_cb),
    .cb_res_i      (vx_cb_res),
    .cn_req_o      (vx_cn),
    .cn_res_i      (vx_cn_res),
    .fx_req_o      (vx_fx),
    .fx_res_i      (vx_fx_res)
  );


  logic red_clk;
  mosaic_clock_gate u_red_cg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .act_i  (red_go || red_busy),
    .clk_o  (red_clk)
  );

  mosaic_tu_redseq #(
    .DivLanes (DivLanes),
    .ActLanes (ActLanes),
    .RedLanes (RedLanes),
    .ExtRow   (ShareIdle)
  ) u_red (
    .clk_i         (red_clk),
    .rst_ni        (rst_ni),
    .cmd_valid_i   (red_go),
    .cmd_ready_o   (red_ready),
    .cmd_kind_i    (r_kind),
    .cmd_op_i      (r_op),
    .cmd_rd_i      (h_rd),
    .cmd_ra_i      (h_rs1),
    .cmd_rb_i      (h_rs2),
    .cmd_fd_i      (h_fd),
    .cmd_fa_i      (h_fa),
    .cmd_fb_i      (h_fb),
    .cmd_rm_i      (h_rm),
    .cmd_fp8_sat_i (mcsr[5]),
    .cmd_subn_i    (mcsr[9]),
    .cmd_desc_i    (r_desc),
    .cmd_seq_i     (h_seq),
    .rd0_req_o     (r_rd0_req),
    .rd0_reg_o     (r_rd0_reg),
    .rd0_row_o     (r_rd0_row),
    .rd1_req_o     (r_rd1_req),
    .rd1_reg_o     (r_rd1_reg),
    .rd1_row_o     (r_rd1_row),
    .rd_ready_i    (t_rd_ready),
    .rd0_valid_i   (t_rd0_valid),
    .rd0_data_i    (t_rd0_data),
    .rd1_data_i    (t_rd1_data),
    .wr_req_o      (r_wr_req),
    .wr_reg_o      (r_wr_reg),
    .wr_row_o      (r_wr_row),
    .wr_be_o       (r_wr_be),
    .wr_data_o     (r_wr_data),
    .wr_ready_i    (t_wr_ready),
    .res_valid_o   (red_res_valid),
    .res_data_o    (red_res_data),
    .done_o        (red_done),
    .done_seq_o    (red_seq),
    .done_sat_o    (red_sat),
    .busy_o        (red_busy),
    .ux_y_o        (r_ux_y),
    .ux_fa_o       (r_ux_fa),
    .ux_fb_o       (r_ux_fb),
    .ux_a_i        (sx_a),
    .ux_b_i        (sx_b),
    .px_el_o       (r_px_el),
    .px_y_o        (r_px_y),
    .px_fmt_o      (r_px_fmt),
    .px_prow_i     (sx_prow),
    .px_data_i     (sx_data),
    .px_be_i       (sx_be),
    .x_sel_i       (ShareIdle && (vec_busy || mma_busy)),
    .x_cw_i        (vx_cw),
    .x_cb_i        (vx_cb),
    .x_cn_i        (vec_busy ? vx_cn : mx_cn),
    .x_cw_res_o    (vx_cw_res),
    .x_cb_res_o    (vx_cb_res),
    .x_cn_res_o    (vx_cn_res),
    .x_fx_i        (vx_fx),
    .x_fx_res_o    (vx_fx_res)
  );

  // redseq's two widening converters are built for FP32 alone; its
  // WidenToFp32A holds its own units' requests to that, but its clock is
  // gated while only the element-wise lane uses them, so the lane's are
  // held here (0 when the lane has converters of its own).
`ifdef MOSAIC_ASSERT_ON
  mosaic_cvt_req_t vx_cw_r, vx_cb_r;
  assign vx_cw_r = vx_cw;
  assign vx_cb_r = vx_cb;
  logic unused_vx_r;    // the check reads two fields of each
  assign unused_vx_r = ^{vx_cw_r, vx_cb_r};
`endif
  `MOSAIC_ASSERT(XWidenToFp32A, (vx_cw_r.to == mosaic_pkg::FmtFp32) && !vx_cw_r.wrap &&
                                (vx_cb_r.to == mosaic_pkg::FmtFp32) && !vx_cb_r.wrap, clk_i, rst_ni)

  // ------------------------------------------------------------------
  // AXI: (LSU and TensorLoad) and SDMA
  // ------------------------------------------------------------------
  localparam int NarrowDw = 64;   // the LSU's and TensorLoad's beat

  logic [31:0]               g_awaddr, g_araddr, n_awaddr, n_araddr;
  logic [7:0]                g_awlen, g_arlen, n_awlen, n_arlen;
  logic [2:0]                g_awsize, g_arsize, n_awsize, n_arsize;
  logic [1:0]                g_awburst, g_arburst, n_awburst, n_arburst;
  logic [1:0]                g_bresp, g_rresp, n_bresp, n_rresp;
  logic                      g_awvalid, g_awready, g_wlast, g_wvalid, g_wready, g_bvalid,
                             g_bready, g_arvalid, g_arready, g_rlast, g_rvalid, g_rready;
  logic                      n_awvalid, n_awready, n_wlast, n_wvalid, n_wready, n_bvalid,
                             n_bready, n_arvalid, n_arready, n_rlast, n_rvalid, n_rready;
  logic [NarrowDw-1:0]       g_wdata, g_rdata, n_wdata, n_rdata;
  logic [NarrowDw/8-1:0]     g_wstrb, n_wstrb;
  logic                      tl_done, tl_sat, tl_err, tl_shape_we, tl_perm_we;
  logic [mosaic_pkg::SeqW-1:0] tl_seq;
  logic [7:0]                tl_perm_new;
  logic [31:0]               tl_shape_new;

  logic tl_clk;
  mosaic_clock_gate u_tl_cg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .act_i  (tl_go || tl_busy),
    .clk_o  (tl_clk)
  );

  mosaic_tu_tl #(
    .StageRam (TlRam)
  ) u_tl (
    .clk_i           (tl_clk),
    .rst_ni          (rst_ni),
    .cmd_valid_i     (tl_go),
    .cmd_ready_o     (tl_ready),
    .cmd_insn_i      (q_insn[q_rp_q]),
    .cmd_x1_i        (q_x1[q_rp_q]),
    .cmd_x2_i        (q_x2[q_rp_q]),
    .cmd_xrd_i       (q_xd[q_rp_q]),
    .cmd_shape_i     (tl_shape),
    .cmd_mask1_i     (tl_mask1),
    .cmd_mask2_i     (tl_mask2),
    .cmd_lmask_i     (tl_lmask),
    .cmd_smask_i     (tl_smask),
    .cmd_seq_i       (h_seq),
    .rd0_req_o       (g_rd0_req),
    .rd0_reg_o       (g_rd0_reg),
    .rd0_row_o       (g_rd0_row),
    .rd1_req_o       (g_rd1_req),
    .rd1_reg_o       (g_rd1_reg),
    .rd1_row_o       (g_rd1_row),
    .rd_ready_i      (t_rd_ready),
    .rd0_valid_i     (t_rd0_valid),
    .rd0_data_i      (t_rd0_data),
    .rd1_data_i      (t_rd1_data),
    .wr_req_o        (g_wr_req),
    .wr_reg_o        (g_wr_reg),
    .wr_row_o        (g_wr_row),
    .wr_be_o         (g_wr_be),
    .wr_data_o       (g_wr_data),
    .wr_ready_i      (t_wr_ready),
    .done_o          (tl_done),
    .done_seq_o      (tl_seq),
    .done_sat_o      (tl_sat),
    .done_err_o      (tl_err),
    .done_shape_we_o (tl_shape_we),
    .done_shape_o    (tl_shape_new),
    .done_perm_we_o  (tl_perm_we),
    .done_perm_o     (tl_perm_new),
    .busy_o          (tl_busy),
    .awaddr_o        (g_awaddr),
    .awlen_o         (g_awlen),
    .awsize_o        (g_awsize),
    .awburst_o       (g_awburst),
    .awvalid_o       (g_awvalid),
    .awready_i       (g_awready),
    .wdata_o         (g_wdata),
    .wstrb_o         (g_wstrb),
    .wlast_o         (g_wlast),
    .wvalid_o        (g_wvalid),
    .wready_i        (g_wready),
    .bresp_i         (g_bresp),
    .bvalid_i        (g_bvalid),
    .bready_o        (g_bready),
    .araddr_o        (g_araddr),
    .arlen_o         (g_arlen),
    .arsize_o        (g_arsize),
    .arburst_o       (g_arburst),
    .arvalid_o       (g_arvalid),
    .arready_i       (g_arready),
    .rdata_i         (g_rdata),
    .rresp_i         (g_rresp),
    .rlast_i         (g_rlast),
    .rvalid_i        (g_rvalid),
    .rready_o        (g_rready)
  );

  logic [31:0]               l_awaddr, l_araddr, d_awaddr, d_araddr;
  logic [7:0]                l_awlen, l_arlen, d_awlen, d_arlen;
  logic [2:0]                l_awsize, l_arsize, d_awsize, d_arsize;
  logic [1:0]                l_awburst, l_arburst, d_awburst, d_arburst;
  logic [1:0]                l_bresp, l_rresp, d_bresp, d_rresp;
  logic                      l_awvalid, l_awready, l_wlast, l_wvalid, l_wready, l_bvalid,
                             l_bready, l_arvalid, l_arready, l_rlast, l_rvalid, l_rready;
  logic                      d_awvalid, d_awready, d_wlast, d_wvalid, d_wready, d_bvalid,
                             d_bready, d_arvalid, d_arready, d_rlast, d_rvalid, d_rready;
  logic [NarrowDw-1:0]       l_wdata, l_rdata;
  logic [NarrowDw/8-1:0]     l_wstrb;
  logic [AxiDataWidth-1:0]   d_wdata, d_rdata;
  logic [AxiDataWidth/8-1:0] d_wstrb;

  // Bursts in flight per arbiter and direction (AxiBursts): SDMA reads a
  // 32-byte row per burst, so covering 100 cycles of DRAM latency at
  // 16 B/cycle takes 50 of them; mosaic_mem_sys queues as many (BurstDepth).
  localparam int AxiOutstanding = AxiBursts;
  // SDMA commands queued ahead of the engine (and scratchpad ranges the
  // tld/tst hazard check holds, one per command in flight): a GEMM step's
  // transfers, issued together, must fit or the tmma behind them wait.
  localparam int SdmaQueue = 32;

  mosaic_axi_arb #(
    .AxiDataWidth (NarrowDw),
    .Outstanding  (AxiOutstanding)
  ) u_arb_lt (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .m0_awaddr_i  (l_awaddr),
    .m0_awlen_i   (l_awlen),
    .m0_awsize_i  (l_awsize),
    .m0_awburst_i (l_awburst),
    .m0_awvalid_i (l_awvalid),
    .m0_awready_o (l_awready),
    .m0_wdata_i   (l_wdata),
    .m0_wstrb_i   (l_wstrb),
    .m0_wlast_i   (l_wlast),
    .m0_wvalid_i  (l_wvalid),
    .m0_wready_o  (l_wready),
    .m0_bresp_o   (l_bresp),
    .m0_bvalid_o  (l_bvalid),
    .m0_bready_i  (l_bready),
    .m0_araddr_i  (l_araddr),
    .m0_arlen_i   (l_arlen),
    .m0_arsize_i  (l_arsize),
    .m0_arburst_i (l_arburst),
    .m0_arvalid_i (l_arvalid),
    .m0_arready_o (l_arready),
    .m0_rdata_o   (l_rdata),
    .m0_rresp_o   (l_rresp),
    .m0_rlast_o   (l_rlast),
    .m0_rvalid_o  (l_rvalid),
    .m0_rready_i  (l_rready),
    .m1_awaddr_i  (g_awaddr),
    .m1_awlen_i   (g_awlen),
    .m1_awsize_i  (g_awsize),
    .m1_awburst_i (g_awburst),
    .m1_awvalid_i (g_awvalid),
    .m1_awready_o (g_awready),
    .m1_wdata_i   (g_wdata),
    .m1_wstrb_i   (g_wstrb),
    .m1_wlast_i   (g_wlast),
    .m1_wvalid_i  (g_wvalid),
    .m1_wready_o  (g_wready),
    .m1_bresp_o   (g_bresp),
    .m1_bvalid_o  (g_bvalid),
    .m1_bready_i  (g_bready),
    .m1_araddr_i  (g_araddr),
    .m1_arlen_i   (g_arlen),
    .m1_arsize_i  (g_arsize),
    .m1_arburst_i (g_arburst),
    .m1_arvalid_i (g_arvalid),
    .m1_arready_o (g_arready),
    .m1_rdata_o   (g_rdata),
    .m1_rresp_o   (g_rresp),
    .m1_rlast_o   (g_rlast),
    .m1_rvalid_o  (g_rvalid),
    .m1_rready_i  (g_rready),
    .s_awaddr_o   (n_awaddr),
    .s_awlen_o    (n_awlen),
    .s_awsize_o   (n_awsize),
    .s_awburst_o  (n_awburst),
    .s_awvalid_o  (n_awvalid),
    .s_awready_i  (n_awready),
    .s_wdata_o    (n_wdata),
    .s_wstrb_o    (n_wstrb),
    .s_wlast_o    (n_wlast),
    .s_wvalid_o   (n_wvalid),
    .s_wready_i   (n_wready),
    .s_bresp_i    (n_bresp),
    .s_bvalid_i   (n_bvalid),
    .s_bready_o   (n_bready),
    .s_araddr_o   (n_araddr),
    .s_arlen_o    (n_arlen),
    .s_arsize_o   (n_arsize),
    .s_arburst_o  (n_arburst),
    .s_arvalid_o  (n_arvalid),
    .s_arready_i  (n_arready),
    .s_rdata_i    (n_rdata),
    .s_rresp_i    (n_rresp),
    .s_rlast_i    (n_rlast),
    .s_rvalid_i   (n_rvalid),
    .s_rready_o   (n_rready)
  );

  // The LSU and TensorLoad move 64-bit beats: on the wide bus their bursts
  // are narrow ones (mosaic_axi_up); the SDMA engine uses the full width.
  logic [31:0]               nw_awaddr, nw_araddr;
  logic [7:0]                nw_awlen, nw_arlen;
  logic [2:0]                nw_awsize, nw_arsize;
  logic [1:0]                nw_awburst, nw_arburst;
  logic [1:0]                nw_bresp, nw_rresp;
  logic                      nw_awvalid, nw_awready, nw_wlast, nw_wvalid, nw_wready,
                             nw_bvalid, nw_bready, nw_arvalid, nw_arready, nw_rlast,
                             nw_rvalid, nw_rready;
  logic [AxiDataWidth-1:0]   nw_wdata, nw_rdata;
  logic [AxiDataWidth/8-1:0] nw_wstrb;

  mosaic_axi_up #(
    .NarrowWidth (NarrowDw),
    .WideWidth   (AxiDataWidth),
    .Outstanding (AxiOutstanding)
  ) u_up (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .m_awaddr_i   (n_awaddr),
    .m_awlen_i    (n_awlen),
    .m_awsize_i   (n_awsize),
    .m_awburst_i  (n_awburst),
    .m_awvalid_i  (n_awvalid),
    .m_awready_o  (n_awready),
    .m_wdata_i    (n_wdata),
    .m_wstrb_i    (n_wstrb),
    .m_wlast_i    (n_wlast),
    .m_wvalid_i   (n_wvalid),
    .m_wready_o   (n_wready),
    .m_bresp_o    (n_bresp),
    .m_bvalid_o   (n_bvalid),
    .m_bready_i   (n_bready),
    .m_araddr_i   (n_araddr),
    .m_arlen_i    (n_arlen),
    .m_arsize_i   (n_arsize),
    .m_arburst_i  (n_arburst),
    .m_arvalid_i  (n_arvalid),
    .m_arready_o  (n_arready),
    .m_rdata_o    (n_rdata),
    .m_rresp_o    (n_rresp),
    .m_rlast_o    (n_rlast),
    .m_rvalid_o   (n_rvalid),
    .m_rready_i   (n_rready),
    .s_awaddr_o   (nw_awaddr),
    .s_awlen_o    (nw_awlen),
    .s_awsize_o   (nw_awsize),
    .s_awburst_o  (nw_awburst),
    .s_awvalid_o  (nw_awvalid),
    .s_awready_i  (nw_awready),
    .s_wdata_o    (nw_wdata),
    .s_wstrb_o    (nw_wstrb),
    .s_wlast_o    (nw_wlast),
    .s_wvalid_o   (nw_wvalid),
    .s_wready_i   (nw_wready),
    .s_bresp_i    (nw_bresp),
    .s_bvalid_i   (nw_bvalid),
    .s_bready_o   (nw_bready),
    .s_araddr_o   (nw_araddr),
    .s_arlen_o    (nw_arlen),
    .s_arsize_o   (nw_arsize),
    .s_arburst_o  (nw_arburst),
    .s_arvalid_o  (nw_arvalid),
    .s_arready_i  (nw_arready),
    .s_rdata_i    (nw_rdata),
    .s_rresp_i    (nw_rresp),
    .s_rlast_i    (nw_rlast),
    .s_rvalid_i   (nw_rvalid),
    .s_rready_o   (nw_rready)
  );

  // A read beat answered with an error carries zeros to every engine,
  // whatever the slave put on the bus (R32: its bytes read as zero).
  logic [AxiDataWidth-1:0] rdata_ok;
  assign rdata_ok = rresp_i[1] ? '0 : rdata_i;

  mosaic_axi_arb #(
    .AxiDataWidth (AxiDataWidth),
    .Outstanding  (AxiOutstanding)
  ) u_arb (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .m0_awaddr_i  (nw_awaddr),
    .m0_awlen_i   (nw_awlen),
    .m0_awsize_i  (nw_awsize),
    .m0_awburst_i (nw_awburst),
    .m0_awvalid_i (nw_awvalid),
    .m0_awready_o (nw_awready),
    .m0_wdata_i   (nw_wdata),
    .m0_wstrb_i   (nw_wstrb),
    .m0_wlast_i   (nw_wlast),
    .m0_wvalid_i  (nw_wvalid),
    .m0_wready_o  (nw_wready),
    .m0_bresp_o   (nw_bresp),
    .m0_bvalid_o  (nw_bvalid),
    .m0_bready_i  (nw_bready),
    .m0_araddr_i  (nw_araddr),
    .m0_arlen_i   (nw_arlen),
    .m0_arsize_i  (nw_arsize),
    .m0_arburst_i (nw_arburst),
    .m0_arvalid_i (nw_arvalid),
    .m0_arready_o (nw_arready),
    .m0_rdata_o   (nw_rdata),
    .m0_rresp_o   (nw_rresp),
    .m0_rlast_o   (nw_rlast),
    .m0_rvalid_o  (nw_rvalid),
    .m0_rready_i  (nw_rready),
    .m1_awaddr_i  (d_awaddr),
    .m1_awlen_i   (d_awlen),
    .m1_awsize_i  (d_awsize),
    .m1_awburst_i (d_awburst),
    .m1_awvalid_i (d_awvalid),
    .m1_awready_o (d_awready),
    .m1_wdata_i   (d_wdata),
    .m1_wstrb_i   (d_wstrb),
    .m1_wlast_i   (d_wlast),
    .m1_wvalid_i  (d_wvalid),
    .m1_wready_o  (d_wready),
    .m1_bresp_o   (d_bresp),
    .m1_bvalid_o  (d_bvalid),
    .m1_bready_i  (d_bready),
    .m1_araddr_i  (d_araddr),
    .m1_arlen_i   (d_arlen),
    .m1_arsize_i  (d_arsize),
    .m1_arburst_i (d_arburst),
    .m1_arvalid_i (d_arvalid),
    .m1_arready_o (d_arready),
    .m1_rdata_o   (d_rdata),
    .m1_rresp_o   (d_rresp),
    .m1_rlast_o   (d_rlast),
    .m1_rvalid_o  (d_rvalid),
    .m1_rready_i  (d_rready),
    .s_awaddr_o   (awaddr_o),
    .s_awlen_o    (awlen_o),
    .s_awsize_o   (awsize_o),
    .s_awburst_o  (awburst_o),
    .s_awvalid_o  (awvalid_o),
    .s_awready_i  (awready_i),
    .s_wdata_o    (wdata_o),
    .s_wstrb_o    (wstrb_o),
    .s_wlast_o    (wlast_o),
    .s_wvalid_o   (wvalid_o),
    .s_wready_i   (wready_i),
    .s_bresp_i    (bresp_i),
    .s_bvalid_i   (bvalid_i),
    .s_bready_o   (bready_o),
    .s_araddr_o   (araddr_o),
    .s_arlen_o    (arlen_o),
    .s_arsize_o   (arsize_o),
    .s_arburst_o  (arburst_o),
    .s_arvalid_o  (arvalid_o),
    .s_arready_i  (arready_i),
    .s_rdata_i    (rdata_ok),
    .s_rresp_i    (rresp_i),
    .s_rlast_i    (rlast_i),
    .s_rvalid_i   (rvalid_i),
    .s_rready_o   (rready_o)
  );

  logic        sdma_done, sdma_err, sdma_err_store;
  logic [2:0]  sdma_err_code;
  logic [31:0] sdma_err_addr;
  logic [mosaic_pkg::SeqW-1:0]  sdma_seq;

  mosaic_tu_sdma #(
    .AxiDataWidth (AxiDataWidth),
    .QueueDepth   (SdmaQueue)
  ) u_sdma (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .cmd_valid_i  (sdma_go),
    .cmd_ready_o  (sdma_ready),
    .cmd_store_i  (h_op == mosaic_pkg::TuOpScpadSt),
    .cmd_shape_i  (q_xd[q_rp_q]),
    .cmd_sp_i     (q_x1[q_rp_q]),
    .cmd_mem_i    (q_x2[q_rp_q]),
    .cmd_stride_i (sdma_stride),
    .ddc_base_i   (ddc_base),
    .ddc_limit_i  (ddc_limit),
    .ddc_perm_i   (ddc_perm),
    .cmd_seq_i    (h_seq),
    .busy_o       (sdma_busy),
    .done_o       (sdma_done),
    .done_seq_o   (sdma_seq),
    .err_o        (sdma_err),
    .err_code_o   (sdma_err_code),
    .err_store_o  (sdma_err_store),
    .err_addr_o   (sdma_err_addr),
    .ev_bytes_o   (ev_sdma_bytes_o),
    .ev_busy_o    (ev_sdma_busy_o),
    .awaddr_o     (d_awaddr),
    .awlen_o      (d_awlen),
    .awsize_o     (d_awsize),
    .awburst_o    (d_awburst),
    .awvalid_o    (d_awvalid),
    .awready_i    (d_awready),
    .wdata_o      (d_wdata),
    .wstrb_o      (d_wstrb),
    .wlast_o      (d_wlast),
    .wvalid_o     (d_wvalid),
    .wready_i     (d_wready),
    .bresp_i      (d_bresp),
    .bvalid_i     (d_bvalid),
    .bready_o     (d_bready),
    .araddr_o     (d_araddr),
    .arlen_o      (d_arlen),
    .arsize_o     (d_arsize),
    .arburst_o    (d_arburst),
    .arvalid_o    (d_arvalid),
    .arready_i    (d_arready),
    .rdata_i      (d_rdata),
    .rresp_i      (d_rresp),
    .rlast_i      (d_rlast),
    .rvalid_i     (d_rvalid),
    .rready_o     (d_rready)
  );

  logic [mosaic_pkg::SeqW-1:0] lsu_seq_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)     lsu_seq_q <= '0;
    else if (lsu_go) lsu_seq_q <= h_seq;
  end

  mosaic_tu_lsu #(
    .AxiDataWidth (NarrowDw)
  ) u_lsu (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .req_valid_i    (lsu_go),
    .req_ready_o    (lsu_ready),
    .req_store_i    (h_op == mosaic_pkg::TuOpTst),
    .req_treg_i     (h_rd),
    .req_size_i     (h_size),
    .req_base_i     (q_x1[q_rp_q]),
    .req_stride_i   ({{20{q_imm[q_rp_q][11]}}, q_imm[q_rp_q]}),
    .busy_o         (lsu_busy),
    .done_o         (lsu_done),
    .err_o          (lsu_err),
    .trf_wr_req_o   (l_wr_req),
    .trf_wr_reg_o   (l_wr_reg),
    .trf_wr_row_o   (l_wr_row),
    .trf_wr_be_o    (l_wr_be),
    .trf_wr_data_o  (l_wr_data),
    .trf_wr_ready_i (t_wr_ready),
    .trf_rd_req_o   (l_rd_req),
    .trf_rd_reg_o   (l_rd_reg),
    .trf_rd_row_o   (l_rd_row),
    .trf_rd_ready_i (t_rd_ready),
    .trf_rd_valid_i (t_rd0_valid),
    .trf_rd_data_i  (t_rd0_data),
    .awaddr_o       (l_awaddr),
    .awlen_o        (l_awlen),
    .awsize_o       (l_awsize),
    .awburst_o      (l_awburst),
    .awvalid_o      (l_awvalid),
    .awready_i      (l_awready),
    .wdata_o        (l_wdata),
    .wstrb_o        (l_wstrb),
    .wlast_o        (l_wlast),
    .wvalid_o       (l_wvalid),
    .wready_i       (l_wready),
    .bresp_i        (l_bresp),
    .bvalid_i       (l_bvalid),
    .bready_o       (l_bready),
    .araddr_o       (l_araddr),
    .arlen_o        (l_arlen),
    .arsize_o       (l_arsize),
    .arburst_o      (l_arburst),
    .arvalid_o      (l_arvalid),
    .arready_i      (l_arready),
    .rdata_i        (l_rdata),
    .rresp_i        (l_rresp),
    .rlast_i        (l_rlast),
    .rvalid_i       (l_rvalid),
    .rready_o       (l_rready)
  );

  // sdma_status latches the first error of any tensor memory instruction
  // (docs/isa.md R32): SDMA's own codes 1-5 at its done, and a bus error
  // (code 5) of a tld/tst (LSU) or tl.mload/tl.mstore at theirs, with the
  // op and the instruction's main-memory address (x[rs1] for tld/tst,
  // x[rs2] for TensorLoad) taken when the engine started. The three
  // engines never run at once, so at most one reports in a cycle.
  logic        bus_err, lt_store_q;
  logic [31:0] lt_addr_q;
  assign bus_err       = lsu_err || (tl_done && tl_err);
  assign mem_err       = (sdma_done && sdma_err) || bus_err;
  assign mem_err_code  = bus_err ? mosaic_pkg::SdmaCodeBus : sdma_err_code;
  assign mem_err_store = bus_err ? lt_store_q : sdma_err_store;
  assign mem_err_addr  = bus_err ? lt_addr_q : sdma_err_addr;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lt_store_q <= 1'b0;
      lt_addr_q  <= '0;
    end else if (lsu_go) begin
      lt_store_q <= h_op == mosaic_pkg::TuOpTst;
      lt_addr_q  <= q_x1[q_rp_q];
    end else if (tl_go) begin
      lt_store_q <= h_op == mosaic_pkg::TuOpTlMstore;
      lt_addr_q  <= q_x2[q_rp_q];
    end
  end
  `MOSAIC_ASSERT_ONEHOT0(MemDoneOneA, {sdma_done, lsu_done, tl_done}, clk_i, rst_ni)

  // ------------------------------------------------------------------
  // Scratchpad tld/tst (mosaic_tu_scpad_xfer)
  // ------------------------------------------------------------------
  // The issue check put rows 0 and 15 inside one memory window and the
  // windows are far apart, so a first row in the scratchpad means all rows.
  logic [31:0] h_x1, h_stride;
  logic [6:0]  h_rb;
  assign h_x1     = q_x1[q_rp_q];
  assign h_stride = {{20{q_imm[q_rp_q][11]}}, q_imm[q_rp_q]};
  assign h_rb     = 7'd8 << h_size;
  assign h_spx    = (ScpadXfer != 0) && ((h_x1 - mosaic_pkg::ScpadBase) <
                    (mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks));

  // Bytes [lo, hi) the tld/tst at the head touches (33 bits: no wrap).
  logic [32:0] t_first, t_last, t_lo, t_hi;
  assign t_first = {1'b0, h_x1};
  logic [36:0] t_span;              // 15 * stride, sign-extended
  assign t_span  = {{5{h_stride[31]}}, h_stride} * 37'd15;
  assign t_last  = t_first + t_span[32:0];
  assign t_lo    = h_stride[31] ? t_last : t_first;
  assign t_hi    = (h_stride[31] ? t_first : t_last) + 33'(h_rb);

  // Scratchpad ranges of the SDMA transfers in flight, in command order
  // (they complete in order): [sp, sp + rows*cols*size). A bad descriptor
  // moves nothing; its range only delays a tld/tst.
  localparam int SdrDepth = SdmaQueue;
  localparam int SdrW     = $clog2(SdrDepth);
  localparam int SdrCw    = SdrW + 1;
  logic [32:0] sdr_lo_q [SdrDepth];
  logic [32:0] sdr_hi_q [SdrDepth];
  logic [SdrW-1:0] sdr_wp_q, sdr_rp_q;
  logic [SdrCw-1:0] sdr_cnt_q;
  logic [31:0] h_shape;
  logic [14:0] sd_bytes;
  assign h_shape  = q_xd[q_rp_q];
  assign sd_bytes = 15'(h_shape[5:0] * h_shape[13:8]) << h_shape[17:16];
  assign sdr_full = sdr_cnt_q == SdrCw'(SdrDepth);
  always_comb begin
    sdr_hit = 1'b0;
    for (int i = 0; i < SdrDepth; i++) begin
      if ((SdrW'(i) - sdr_rp_q) < sdr_cnt_q[SdrW-1:0] || sdr_full) begin
        if ((t_lo < sdr_hi_q[i]) && (sdr_lo_q[i] < t_hi)) sdr_hit = 1'b1;
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sdr_wp_q  <= '0;
      sdr_rp_q  <= '0;
      sdr_cnt_q <= '0;
    end else begin
      if (sdma_go)   sdr_wp_q <= sdr_wp_q + SdrW'(1);
      if (sdma_done) sdr_rp_q <= sdr_rp_q + SdrW'(1);
      sdr_cnt_q <= sdr_cnt_q + SdrCw'(sdma_go) - SdrCw'(sdma_done);
    end
  end
  always_ff @(posedge clk_i) begin
    if (sdma_go) begin
      sdr_lo_q[sdr_wp_q] <= {1'b0, h_x1};
      sdr_hi_q[sdr_wp_q] <= {1'b0, h_x1} + 33'(sd_bytes);
    end
  end

  // Rows known to be all zero, from every TRF write (reset zeroes the TRF):
  // a tld skips writing zeros over them.
  logic [511:0] zrow_q;
  logic [511:0] t_wr_bits;
  logic         t_wr_zero;
  for (genvar b = 0; b < 64; b++) begin : g_wbits
    assign t_wr_bits[8*b +: 8] = {8{t_wr_be[b]}};
  end
  assign t_wr_zero = (t_wr_data & t_wr_bits) == '0;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      zrow_q <= '1;
    end else begin
      if (t_wr_req && t_wr_ready) begin
        zrow_q[{t_wr_reg, t_wr_row}] <= t_wr_zero && ((&t_wr_be) || zrow_q[{t_wr_reg, t_wr_row}]);
      end
      // Port 1 writes another bank, so another register, than port 0.
      if (t_wr1_req && t_wr_ready) begin
        zrow_q[{x_wr_reg, x_wr_row}] <= x_wr_data == '0;
      end
    end
  end

  logic       spx_busy, spx_done, spx_pend_q;
  logic [mosaic_pkg::SeqW-1:0] spx_seq_q;
  logic [3:0] spx_tag_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      spx_seq_q <= '0;
      spx_tag_q <= '0;
    end else if (spx_go) begin
      spx_seq_q <= h_seq;
      spx_tag_q <= h_fd;
    end
  end

  // TRF read ports in the cycles the mma engine leaves them (port 0 only if
  // the engine's port 1 read cannot conflict with it); write port 1 unless
  // the engine writes the same bank.
  // (Registers in different banks: reg mod TrfBanks differs; one bank
  // holds them all.)
  function automatic logic trf_other_bank(input logic [1:0] r0, input logic [1:0] r1);
    trf_other_bank = (TrfBanks > 1) && (r0 != r1);
  endfunction
  assign x_rd_gnt = x_rd_req && init_done && !m_rd0_req &&
                    (!m_rd1_req || trf_other_bank(m_rd1_reg[1:0], x_rd_reg[1:0]) ||
                     ((m_rd1_reg == x_rd_reg) && (m_rd1_row == x_rd_row)));
  assign x_wr_gnt = x_wr_req && init_done &&
                    (!m_wr_req || trf_other_bank(m_wr_reg[1:0], x_wr_reg[1:0]));

  if (ScpadXfer != 0) begin : g_spx
  mosaic_tu_scpad_xfer u_spx (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .req_valid_i  (spx_go),
    .req_ready_o  (spx_ready),
    .req_store_i  (h_op == mosaic_pkg::TuOpTst),
    .req_treg_i   (h_rd),
    .req_size_i   (h_size),
    .req_base_i   (h_x1),
    .req_stride_i (h_stride),
    .zrow_i       (zrow_q[{spx_reg, 4'd0} +: 16]),
    .busy_o       (spx_busy),
    .done_o       (spx_done),
    .wr_req_o     (x_wr_req),
    .wr_reg_o     (x_wr_reg),
    .wr_row_o     (x_wr_row),
    .wr_data_o    (x_wr_data),
    .wr_gnt_i     (x_wr_gnt),
    .rd_req_o     (x_rd_req),
    .rd_reg_o     (x_rd_reg),
    .rd_row_o     (x_rd_row),
    .rd_gnt_i     (x_rd_gnt),
    .rd_data_i    (t_rd0_data),
    .sp_req_o     (spx_req_o),
    .sp_we_o      (spx_we_o),
    .sp_addr_o    (spx_addr_o),
    .sp_be_o      (spx_be_o),
    .sp_wdata_o   (spx_wdata_o),
    .sp_rdata_i   (spx_rdata_i)
  );
  end else begin : g_no_spx
    // Every tld/tst goes to the LSU (h_spx is 0), so spx_go never fires.
    assign spx_ready   = 1'b0;
    assign spx_busy    = 1'b0;
    assign spx_done    = 1'b0;
    assign x_wr_req    = 1'b0;
    assign x_wr_reg    = '0;
    assign x_wr_row    = '0;
    assign x_wr_data   = '0;
    assign x_rd_req    = 1'b0;
    assign x_rd_reg    = '0;
    assign x_rd_row    = '0;
    assign spx_req_o   = 1'b0;
    assign spx_we_o    = 1'b0;
    assign spx_addr_o  = '0;
    assign spx_be_o    = '0;
    assign spx_wdata_o = '0;
    logic unused_spx;
    assign unused_spx = ^{spx_go, spx_rdata_i, x_wr_gnt, x_rd_gnt, zrow_q};
  end
  assign spx_reg = x_wr_reg;
  assign spx_any = spx_busy || spx_pend_q;

  // ------------------------------------------------------------------
  // Completion
  // ------------------------------------------------------------------
  // Tags of completed instructions, for the trace: the queue entry's D
  // format (tcvt: the new tag). The issue-time ones (msettile) write none.
  // (the mma engine reports its op's D format with done: several are in it)
  logic [3:0] vec_tag_q, red_tag_q, lsu_tag_q, tl_tag_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vec_tag_q <= '0;
      red_tag_q <= '0;
      lsu_tag_q <= '0;
      tl_tag_q  <= '0;
    end else begin
      if (vec_go) vec_tag_q <= h_fd;
      if (red_go) red_tag_q <= h_fd;
      if (lsu_go) lsu_tag_q <= h_fd;
      if (tl_go)  tl_tag_q  <= h_fd;
    end
  end

  assign set_sat = (mma_done && mma_sat) || (vec_done && vec_sat) || (red_done && red_sat) ||
                   (tl_done && tl_sat);

  // A scratchpad tld/tst may finish in the cycle an mma op does: it reports
  // a cycle later (and counts as busy until then).
  logic spx_rep;
  assign spx_rep = spx_done || spx_pend_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) spx_pend_q <= 1'b0;
    else         spx_pend_q <= spx_rep && mma_done && mma_fin;
  end

  always_comb begin
    trace_done_o     = 1'b0;
    trace_done_seq_o = seq_q;
    trace_done_tag_o = ck_fd;
    if (mma_done && mma_fin) begin
      trace_done_o = 1'b1; trace_done_seq_o = mma_seq;   trace_done_tag_o = mma_fd;
    end else if (spx_rep) begin
      trace_done_o = 1'b1; trace_done_seq_o = spx_seq_q; trace_done_tag_o = spx_tag_q;
    end else if (vec_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = vec_seq;   trace_done_tag_o = vec_tag_q;
    end else if (red_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = red_seq;   trace_done_tag_o = red_tag_q;
    end else if (tl_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = tl_seq;    trace_done_tag_o = tl_tag_q;
    end else if (lsu_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = lsu_seq_q; trace_done_tag_o = lsu_tag_q;
    end else if (skip_go && h_last_sub) begin
      trace_done_o = 1'b1; trace_done_seq_o = h_seq;     trace_done_tag_o = h_fd;
    end else if (do_ok && at_issue) begin
      trace_done_o = 1'b1;
    end
  end

  assign trace_trf_we_o   = t_wr_req && t_wr_ready;
  assign trace_trf_reg_o  = t_wr_reg;
  assign trace_trf_row_o  = t_wr_row;
  assign trace_trf_be_o   = t_wr_be;
  assign trace_trf_data_o = t_wr_data;
  assign trace_trf1_we_o   = t_wr1_req && t_wr_ready;
  assign trace_trf1_reg_o  = x_wr_reg;
  assign trace_trf1_row_o  = x_wr_row;
  assign trace_trf1_data_o = x_wr_data;

  assign trace_sdma_done_o     = sdma_done;
  assign trace_sdma_done_seq_o = sdma_seq;

  assign ev_bank_conflict_o = t_conflict;

  // Not used yet: commit (this core never issues speculatively, so every
  // accepted instruction commits unkilled), fences (idle answers them),
  // state no implemented instruction reads.
  logic unused;
  assign unused = ^{commit_valid_i, commit_id_i, commit_kill_i, fence_valid_i, ck_nop,
                    ck_wb_known, ck_tiling, mxstatus, sdma_stride, tl_perm, tl_xstatus,
                    t_rd1_valid, mosaic_pkg::TuOpNone,
                    h_shape[31:18], h_shape[15:14], h_shape[7:6], t_span[36:33]};

endmodule

`default_nettype wire
