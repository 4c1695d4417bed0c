// Mosaic tensor unit: the coprocessor on the core's X-IF port
// (docs/microarchitecture.md §4 for the protocol, §9 for this block).
//
// Issue: mosaic_tu_check decides every trap from the instruction and the
// shadow state (tags, CSRs) at issue; tensor CSR instructions, msettile and
// scpad.wait execute at issue once the unit is idle; everything else goes
// into an in-order queue and the core runs on. Tags change at issue (tcvt),
// so later checks see them.
//
// Execution, in program order, one engine at a time except that consecutive
// tmma overlap inside mosaic_tu_mma:
//   tld/tst          mosaic_lsu over the AXI4 master (after SDMA drained)
//   element-wise     mosaic_tu_vecseq (tadd tsub tmul tmax tmin tbsub tbmul
//                    tscale tcvt tzero)
//   tmma             mosaic_tu_mma (staging, array, write-back)
// An engine starts only when the others are idle, so instructions complete
// (done, trace) in program order; tmma waits only for tmma whose D it reads.
//
// Not implemented yet (the unit does not accept them, so the core traps
// illegal where the golden model would execute): tact, tred, trowmax,
// trowsum, tbdiv, AME mmacc, TensorLoad, SDMA. Encoding errors and other
// traps of those instructions are still raised as the golden model does.

`default_nettype none

module mosaic_tu #(
  parameter int PeRows       = 16,
  parameter int PeCols       = 16,
  parameter int AxiDataWidth = 64,
  parameter int XifIdWidth   = 4
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
  // Trace for the lockstep testbench (unconnected in synthesis): every TRF
  // row write, and every accepted, non-trapping custom-opcode instruction
  // completing, in program order, tagged with its issue sequence number.
  output logic                  trace_trf_we_o,
  output logic [4:0]            trace_trf_reg_o,
  output logic [3:0]            trace_trf_row_o,
  output logic [63:0]           trace_trf_be_o,
  output logic [511:0]          trace_trf_data_o,
  output logic                  trace_done_o,
  output logic [7:0]            trace_done_seq_o,
  output logic [3:0]            trace_done_tag_o
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
      mosaic_pkg::TuOpTscale, mosaic_pkg::TuOpTadd, mosaic_pkg::TuOpTmma, mosaic_pkg::TuOpTsub,
      mosaic_pkg::TuOpTmul, mosaic_pkg::TuOpTmax, mosaic_pkg::TuOpTmin, mosaic_pkg::TuOpTbsub,
      mosaic_pkg::TuOpTbmul, mosaic_pkg::TuOpMsettilem, mosaic_pkg::TuOpMsettilek,
      mosaic_pkg::TuOpMsettilen: impl = 1'b1;
      default: impl = 1'b0;
    endcase
  end
  assign is_msettile = (ck_op == mosaic_pkg::TuOpMsettilem) ||
                       (ck_op == mosaic_pkg::TuOpMsettilek) ||
                       (ck_op == mosaic_pkg::TuOpMsettilen);
  assign at_issue    = is_msettile;

  // Tensor CSR instructions (the core sends only tensor CSR addresses).
  logic        is_csr, csr_mine, csr_writes;
  logic [31:0] csr_rdata;
  assign is_csr = (issue_insn_i[6:0] == mosaic_pkg::OpSystem) && (issue_insn_i[13:12] != 2'b00);

  // ------------------------------------------------------------------
  // Queue
  // ------------------------------------------------------------------
  localparam int QDepth = 4;
  logic [5:0]  q_op   [QDepth];
  logic [4:0]  q_rd   [QDepth];
  logic [4:0]  q_rs1  [QDepth];
  logic [4:0]  q_rs2  [QDepth];
  logic [3:0]  q_fd   [QDepth];
  logic [3:0]  q_fa   [QDepth];
  logic [3:0]  q_fb   [QDepth];
  logic [2:0]  q_rm   [QDepth];
  logic [31:0] q_x1   [QDepth];
  logic [11:0] q_imm  [QDepth];
  logic [7:0]  q_seq  [QDepth];
  logic [1:0]  q_wp_q, q_rp_q;
  logic [2:0]  q_cnt_q;
  logic        q_push, q_pop, q_full, q_empty;
  assign q_full  = (q_cnt_q == 3'(QDepth));
  assign q_empty = (q_cnt_q == 3'd0);

  // ------------------------------------------------------------------
  // Engines' state
  // ------------------------------------------------------------------
  logic mma_busy, vec_busy, lsu_busy, idle, init_done;
  logic res_valid_q;
  assign idle = q_empty && !mma_busy && !vec_busy && !lsu_busy && !res_valid_q;

  // ------------------------------------------------------------------
  // Issue handshake
  // ------------------------------------------------------------------
  logic hs, do_ok, tensor_ok;
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
      issue_ready_o     = at_issue ? idle : !q_full;
    end
  end

  assign hs     = issue_valid_i && issue_ready_o;
  assign do_ok  = hs && !is_csr && tensor_ok;
  assign q_push = do_ok && !at_issue;

  logic [7:0] seq_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)    seq_q <= '0;
    else if (do_ok) seq_q <= seq_q + 8'd1;
  end

  // Scalar result (CSR read, msettile), one cycle after issue.
  logic [XifIdWidth-1:0] res_id_q;
  logic [4:0]            res_rd_q;
  logic [31:0]           res_data_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      res_valid_q <= 1'b0;
      res_id_q    <= '0;
      res_rd_q    <= '0;
      res_data_q  <= '0;
    end else if (hs && issue_accept_o && !issue_exc_o && issue_writeback_o) begin
      res_valid_q <= 1'b1;
      res_id_q    <= issue_id_i;
      res_rd_q    <= issue_insn_i[11:7];
      res_data_q  <= is_csr ? csr_rdata : ck_wb_value;
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

  // ------------------------------------------------------------------
  // CSRs
  // ------------------------------------------------------------------
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
    .set_inexact_i        (1'b0),
    .set_badgeom_i        (hs && !is_csr && ck_set_badgeom),
    .set_guard_fallback_i (hs && !is_csr && ck_set_gfb),
    .tl_xstatus_we_i      (hs && !is_csr && ck_tlx_we),
    .tl_xstatus_i         (ck_tlx),
    .mtile_we_i           (do_ok && is_msettile),
    .mtile_sel_i          (ck_op[1:0]),
    .mtile_i              (ck_wb_value[4:0]),
    .sdma_err_i           (1'b0),
    .sdma_err_code_i      (3'd0),
    .sdma_err_store_i     (1'b0),
    .sdma_err_addr_i      (32'd0),
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
      if (q_push) q_wp_q <= q_wp_q + 2'd1;
      if (q_pop)  q_rp_q <= q_rp_q + 2'd1;
      q_cnt_q <= q_cnt_q + 3'(q_push) - 3'(q_pop);
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
      q_imm[q_wp_q] <= issue_insn_i[31:20];
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
  logic [7:0]  h_seq;
  assign h_op  = q_op[q_rp_q];
  assign h_rd  = q_rd[q_rp_q];
  assign h_rs1 = q_rs1[q_rp_q];
  assign h_rs2 = q_rs2[q_rp_q];
  assign h_fd  = q_fd[q_rp_q];
  assign h_fa  = q_fa[q_rp_q];
  assign h_fb  = q_fb[q_rp_q];
  assign h_rm  = q_rm[q_rp_q];
  assign h_seq = q_seq[q_rp_q];

  logic h_valid, h_mma, h_mem, h_vec, h_skip;
  assign h_valid = !q_empty && init_done;
  assign h_mma   = (h_op == mosaic_pkg::TuOpTmma);
  assign h_mem   = (h_op == mosaic_pkg::TuOpTld) || (h_op == mosaic_pkg::TuOpTst);
  assign h_vec   = !h_mma && !h_mem;
  // tmma with mtilek = 0 changes nothing (the golden model rewrites D's own
  // bits): it completes without the engine, in order.
  assign h_skip  = h_mma && (mtilek == 5'd0);

  logic [31:0] mma_pending;
  logic        mma_ready, mma_chain_ok, mma_hazard;
  assign mma_hazard = mma_pending[h_rs1] || mma_pending[h_rs2] ||
                      (mma_pending[h_rd] && !mma_chain_ok);

  logic mma_go, vec_go, lsu_go, skip_go, lsu_ready, vec_ready;
  assign mma_go  = h_valid && h_mma && !h_skip && !vec_busy && !lsu_busy && mma_ready &&
                   !mma_hazard;
  assign skip_go = h_valid && h_skip && !vec_busy && !lsu_busy && !mma_busy;
  assign vec_go  = h_valid && h_vec && vec_ready && !lsu_busy && !mma_busy;
  assign lsu_go  = h_valid && h_mem && !vec_busy && !lsu_busy && !mma_busy && lsu_ready;
  assign q_pop   = mma_go || skip_go || vec_go || lsu_go;

  // mosaic_vec op and operand kind of an element-wise instruction.
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

  // ------------------------------------------------------------------
  // TRF and its port muxes
  // ------------------------------------------------------------------
  logic         t_rd0_req, t_rd1_req, t_rd_ready, t_conflict, t_rd0_valid, t_rd1_valid;
  logic [4:0]   t_rd0_reg, t_rd1_reg, t_wr_reg;
  logic [3:0]   t_rd0_row, t_rd1_row, t_wr_row;
  logic [511:0] t_rd0_data, t_rd1_data, t_wr_data;
  logic         t_wr_req, t_wr_ready;
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
  logic         l_rd_req, l_wr_req;
  logic [4:0]   l_rd_reg, l_wr_reg;
  logic [3:0]   l_rd_row, l_wr_row;
  logic [511:0] l_wr_data;
  logic [63:0]  l_wr_be;

  always_comb begin
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
    end else begin
      t_rd0_req = m_rd0_req; t_rd0_reg = m_rd0_reg; t_rd0_row = m_rd0_row;
      t_rd1_req = m_rd1_req; t_rd1_reg = m_rd1_reg; t_rd1_row = m_rd1_row;
      t_wr_req  = m_wr_req;  t_wr_reg  = m_wr_reg;  t_wr_row  = m_wr_row;
      t_wr_be   = m_wr_be;   t_wr_data = m_wr_data;
    end
  end

  mosaic_trf u_trf (
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
    .tag_we_i    (do_ok && (ck_op == mosaic_pkg::TuOpTcvt)),
    .tag_reg_i   (ck_rd),
    .tag_i       (ck_fd),
    .tags_o      (tags)
  );

  // ------------------------------------------------------------------
  // Engines
  // ------------------------------------------------------------------
  logic       mma_done, mma_sat, vec_done, vec_sat, lsu_done, lsu_err;
  logic [7:0] mma_seq, vec_seq;

  mosaic_tu_mma #(
    .PeRows (PeRows),
    .PeCols (PeCols)
  ) u_mma (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .cmd_valid_i   (mma_go),
    .cmd_ready_o   (mma_ready),
    .cmd_rd_i      (h_rd),
    .cmd_ra_i      (h_rs1),
    .cmd_rb_i      (h_rs2),
    .cmd_fd_i      (h_fd),
    .cmd_fa_i      (h_fa),
    .cmd_fb_i      (h_fb),
    .cmd_rm_i      (h_rm),
    .cmd_fp8_sat_i (mcsr[5]),
    .cmd_subn_i    (mcsr[9]),
    .cmd_mode_i    (mcsr[1:0]),
    .cmd_m_i       (mtilem),
    .cmd_k_i       (mtilek),
    .cmd_n_i       (mtilen),
    .cmd_seq_i     (h_seq),
    .chain_ok_o    (mma_chain_ok),
    .chain_break_i (vec_go || lsu_go),
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
    .busy_o        (mma_busy),
    .pending_o     (mma_pending),
    .ev_mac_busy_o (ev_mac_busy_o),
    .ev_macs_o     (ev_mac_count_o)
  );

  mosaic_tu_vecseq u_vec (
    .clk_i         (clk_i),
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
    .busy_o        (vec_busy)
  );

  // Size code of mosaic_lsu: 0 FP4, 1 8-bit, 2 16-bit, 3 32-bit.
  logic [1:0] h_size;
  mosaic_tu_fmtw u_hw (.fmt_i (h_fd), .wsel_o (h_size));

  logic [7:0] lsu_seq_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)     lsu_seq_q <= '0;
    else if (lsu_go) lsu_seq_q <= h_seq;
  end

  mosaic_lsu #(
    .AxiDataWidth (AxiDataWidth)
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
    .awaddr_o       (awaddr_o),
    .awlen_o        (awlen_o),
    .awsize_o       (awsize_o),
    .awburst_o      (awburst_o),
    .awvalid_o      (awvalid_o),
    .awready_i      (awready_i),
    .wdata_o        (wdata_o),
    .wstrb_o        (wstrb_o),
    .wlast_o        (wlast_o),
    .wvalid_o       (wvalid_o),
    .wready_i       (wready_i),
    .bresp_i        (bresp_i),
    .bvalid_i       (bvalid_i),
    .bready_o       (bready_o),
    .araddr_o       (araddr_o),
    .arlen_o        (arlen_o),
    .arsize_o       (arsize_o),
    .arburst_o      (arburst_o),
    .arvalid_o      (arvalid_o),
    .arready_i      (arready_i),
    .rdata_i        (rdata_i),
    .rresp_i        (rresp_i),
    .rlast_i        (rlast_i),
    .rvalid_i       (rvalid_i),
    .rready_o       (rready_o)
  );

  // ------------------------------------------------------------------
  // Completion
  // ------------------------------------------------------------------
  // Tags of completed instructions, for the trace: the queue entry's D
  // format (tcvt: the new tag). The issue-time ones (msettile) write none.
  logic [3:0] mma_tag_q, vec_tag_q, lsu_tag_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mma_tag_q <= '0;
      vec_tag_q <= '0;
      lsu_tag_q <= '0;
    end else begin
      if (mma_go) mma_tag_q <= h_fd;
      if (vec_go) vec_tag_q <= h_fd;
      if (lsu_go) lsu_tag_q <= h_fd;
    end
  end

  assign set_sat = (mma_done && mma_sat) || (vec_done && vec_sat);

  always_comb begin
    trace_done_o     = 1'b0;
    trace_done_seq_o = seq_q;
    trace_done_tag_o = ck_fd;
    if (mma_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = mma_seq;   trace_done_tag_o = mma_tag_q;
    end else if (vec_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = vec_seq;   trace_done_tag_o = vec_tag_q;
    end else if (lsu_done) begin
      trace_done_o = 1'b1; trace_done_seq_o = lsu_seq_q; trace_done_tag_o = lsu_tag_q;
    end else if (skip_go) begin
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

  assign ev_bank_conflict_o = t_conflict;
  assign ev_sdma_bytes_o    = 16'd0;
  assign ev_sdma_busy_o     = 1'b0;

  // Not used yet: commit (this core never issues speculatively, so every
  // accepted instruction commits unkilled), fences (idle answers them),
  // state no implemented instruction reads.
  logic unused;
  assign unused = ^{commit_valid_i, commit_id_i, commit_kill_i, fence_valid_i, ck_nop,
                    ck_wb_known, ck_tiling, mxstatus, sdma_stride, tl_perm, tl_xstatus,
                    t_rd1_valid, lsu_err, mosaic_pkg::TuOpNone};

endmodule

`default_nettype wire
