// Row sequencer for the multi-cycle row units: tred, trowmax and trowsum on
// mosaic_tu_red, tbdiv on mosaic_tu_vec_div, tact on mosaic_tu_tact.
//
// Those units accept a row only every few cycles, and a TRF read cannot be
// held, so rows go one at a time: read tile row y (A on port 0; tbdiv's B on
// port 1), keep it in a register until the unit takes it, then read the
// next. Results: tred's scalar comes out on res_*; row-op and tbdiv result
// rows are packed into D's format and written, then every TRF row above D's
// tile is zeroed as the golden model's whole-register write does (R9).
// Rows run from 15 down to 0 when D is also a narrower source (see
// mosaic_tu_vecseq); tred always runs 0..15, its order is architectural.
//
// DivLanes, ActLanes < 16 (area parameters, docs/fpga.md): tbdiv and tact
// run a row through that many lanes in 16 / lanes passes
// (mosaic_tu_lane_fold); the results are the same, a row takes that many
// times the unit's latency. RedLanes = 1: tred/trowmax/trowsum on
// mosaic_tu_red_serial, one element per cycle, the same results.

`default_nettype none

`include "mosaic_assert.svh"

module mosaic_tu_redseq #(
  parameter int DivLanes = 16,   // 16, 8, 4, 2 or 1
  parameter int ActLanes = 16,
  parameter int RedLanes = 16,   // 16 (mosaic_tu_red) or 1 (mosaic_tu_red_serial)
  parameter bit ExtRow   = 1'b0  // unpack/pack rows in mosaic_tu (ux_*, px_*)
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // Dispatch.
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [1:0]   cmd_kind_i,    // 0 tred, 1 row op, 2 tbdiv, 3 tact
  input  logic [2:0]   cmd_op_i,      // mosaic_tu_red op (tred func, 4 trowmax, 5 trowsum); tact func
  input  logic [4:0]   cmd_rd_i,
  input  logic [4:0]   cmd_ra_i,
  input  logic [4:0]   cmd_rb_i,
  input  logic [3:0]   cmd_fd_i,
  input  logic [3:0]   cmd_fa_i,
  input  logic [3:0]   cmd_fb_i,
  input  logic [2:0]   cmd_rm_i,
  input  logic         cmd_fp8_sat_i,
  input  logic         cmd_subn_i,
  input  logic         cmd_desc_i,
  input  logic [mosaic_pkg::SeqW-1:0]   cmd_seq_i,
  // TRF read ports.
  output logic         rd0_req_o,
  output logic [4:0]   rd0_reg_o,
  output logic [3:0]   rd0_row_o,
  output logic         rd1_req_o,
  output logic [4:0]   rd1_reg_o,
  output logic [3:0]   rd1_row_o,
  input  logic         rd_ready_i,
  input  logic         rd0_valid_i,
  input  logic [511:0] rd0_data_i,
  input  logic [511:0] rd1_data_i,
  // TRF write port.
  output logic         wr_req_o,
  output logic [4:0]   wr_reg_o,
  output logic [3:0]   wr_row_o,
  output logic [63:0]  wr_be_o,
  output logic [511:0] wr_data_o,
  input  logic         wr_ready_i,
  // tred result.
  output logic         res_valid_o,
  output logic [31:0]  res_data_o,
  // Completion.
  output logic         done_o,
  output logic [mosaic_pkg::SeqW-1:0]   done_seq_o,
  output logic         done_sat_o,
  output logic         busy_o,
  // The row unpackers and packer (ExtRow = 1: mosaic_tu's, shared with the
  // other sequencer and, the unpackers, with the mma engine's staging, both
  // idle while this one is busy; unused at 0): tile row and formats out,
  // elements / TRF row data back in the same cycle.
  output logic [3:0]   ux_y_o,
  output logic [3:0]   ux_fa_o,
  output logic [3:0]   ux_fb_o,
  input  logic [511:0] ux_a_i,
  input  logic [511:0] ux_b_i,
  output logic [511:0] px_el_o,
  output logic [3:0]   px_y_o,
  output logic [3:0]   px_fmt_o,
  input  logic [3:0]   px_prow_i,
  input  logic [511:0] px_data_i,
  input  logic [63:0]  px_be_i,
  // The element-wise engine's use of the shared converters and FMA
  // (ShareCvt only): while x_sel_i (mosaic_tu_vecseq or the mma engine
  // busy; this sequencer is then idle, as mosaic_tu's dispatch starts each
  // only with the others idle) they take x_cw_i / x_cb_i / x_cn_i / x_fx_i,
  // results in the same cycle. The mma engine's drain uses x_cn_i only.
  input  logic         x_sel_i,
  input  logic [mosaic_pkg::CvtReqW-1:0] x_cw_i,
  input  logic [mosaic_pkg::CvtReqW-1:0] x_cb_i,
  input  logic [mosaic_pkg::CvtReqW-1:0] x_cn_i,
  output logic [mosaic_pkg::CvtResW-1:0] x_cw_res_o,
  output logic [mosaic_pkg::CvtResW-1:0] x_cb_res_o,
  output logic [mosaic_pkg::CvtResW-1:0] x_cn_res_o,
  // ... and of the shared FMA: x_fx_i while x_sel_i.
  input  logic [mosaic_pkg::FmaReqW-1:0] x_fx_i,
  output logic [mosaic_pkg::FmaResW-1:0] x_fx_res_o
);

  // Kinds: 0 tred, 1 row op (trowmax/trowsum), 2 tbdiv, 3 tact (in place).
  localparam logic [1:0] KindTred = 2'd0;
  localparam logic [1:0] KindDiv  = 2'd2;
  localparam logic [1:0] KindTact = 2'd3;

  logic        act_q, desc_q, sat_q;
  logic [1:0]  kind_q;
  logic [2:0]  op_q, rm_q;
  logic [4:0]  rd_q, ra_q, rb_q;
  logic [3:0]  fd_q, fa_q, fb_q;
  logic        sat8_q, subn_q;
  logic [mosaic_pkg::SeqW-1:0]  seq_q;
  logic [4:0]  req_q;       // rows read
  logic        inflight_q;  // a read is out
  logic        hold_q;      // a row waits for the unit
  logic [3:0]  hold_y_q;
  logic [511:0] hold_a_q;
  logic [31:0]  hold_b_q;
  logic [4:0]  out_q;       // result rows written (row ops, tbdiv)
  logic [4:0]  zrow_q;

  assign cmd_ready_o = !act_q;
  assign busy_o      = act_q;

  logic [3:0] req_y, out_y;
  assign req_y = desc_q ? ~req_q[3:0] : req_q[3:0];
  assign out_y = desc_q ? ~out_q[3:0] : out_q[3:0];

  // ---- reads -----------------------------------------------------------
  logic [3:0] prow_a, prow_b;
  mosaic_tu_row_addr u_prow_a (.y_i (req_y), .fmt_i (fa_q), .prow_o (prow_a));
  mosaic_tu_row_addr u_prow_b (.y_i (req_y), .fmt_i (fb_q), .prow_o (prow_b));

  assign rd0_req_o = act_q && !req_q[4] && !inflight_q && !hold_q;
  assign rd0_reg_o = ra_q;
  assign rd0_row_o = prow_a;
  assign rd1_req_o = rd0_req_o && (kind_q == KindDiv);
  assign rd1_reg_o = rb_q;
  assign rd1_row_o = prow_b;

  logic [3:0]   rsp_y;
  logic [511:0] a_el, b_el;
  assign rsp_y = desc_q ? ~(req_q[3:0] - 4'd1) : (req_q[3:0] - 4'd1);
  assign ux_y_o  = rsp_y;
  assign ux_fa_o = fa_q;
  assign ux_fb_o = fb_q;
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_a (
    .row_i (rd0_data_i), .y_i (rsp_y), .fmt_i (fa_q), .ext_el_i (ux_a_i), .el_o (a_el)
  );
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_b (
    .row_i (rd1_data_i), .y_i (rsp_y), .fmt_i (fb_q), .ext_el_i (ux_b_i), .el_o (b_el)
  );

  // ---- units -----------------------------------------------------------
  logic         red_valid, red_ready, red_ovalid, red_oready, red_last, red_sat;
  logic [31:0]  red_res;
  logic [3:0]   red_row;
  logic [5:0]   red_flags;
  logic         div_valid, div_ready, div_ovalid, div_oready, div_sat;
  logic [511:0] div_d;
  logic [95:0]  div_flags;

  logic         act_valid, act_ready, act_ovalid, act_oready, act_sat;
  logic [511:0] act_d;
  logic [95:0]  act_flags;

  // With one lane in each unit (the FPGA configuration) the reduction,
  // tbdiv and tact units share one widening and one narrowing converter
  // (mosaic_tu_cvt_slot): the sequencer runs one instruction, so one kind,
  // at a time, and a unit is idle once the instruction it worked on is done.
  // tbdiv's divisor widening is a third shared converter (cb). With one
  // element-wise lane too, mosaic_tu_vecseq's lane uses all three while it
  // runs (x_*): its widenings of A and B and its final conversion. One FP32
  // FMA (mosaic_tu_fma_slot) serves the tact lane, the serial reduction's
  // adder and the element-wise lane the same way.
  localparam bit ShareCvt = (DivLanes == 1) && (ActLanes == 1) && (RedLanes == 1);
  logic [mosaic_pkg::CvtReqW-1:0] red_cw, red_cn, div_cw, div_cb, div_cn, act_cw, act_cn;
  logic [mosaic_pkg::CvtResW-1:0] cw_res, cb_res, cn_res;
  logic [mosaic_pkg::FmaReqW-1:0] red_fx, act_fx, fx;
  logic [mosaic_pkg::FmaResW-1:0] fx_res;
  // The running kind's requests (declared here: Yosys 0.23 resolves no
  // struct declared inside a generate block).
  mosaic_cvt_req_t cw, cb, cn;

  if (ShareCvt) begin : g_share
    logic [31:0] cw_bits, cb_bits, cn_bits;
    logic [5:0]  cw_flags, cb_flags, cn_flags;
    assign cw_res = {cw_bits, cw_flags};
    assign cb_res = {cb_bits, cb_flags};
    assign cn_res = {cn_bits, cn_flags};
    always_comb begin
      unique case (kind_q)
        KindDiv:  begin cw = div_cw; cn = div_cn; end
        KindTact: begin cw = act_cw; cn = act_cn; end
        default:  begin cw = red_cw; cn = red_cn; end
      endcase
      cb = div_cb;
      fx = (kind_q == KindTact) ? act_fx : red_fx;
      if (x_sel_i) begin
        cw = x_cw_i;
        cb = x_cb_i;
        cn = x_cn_i;
        fx = x_fx_i;
      end
    end
    assign x_cw_res_o = cw_res;
    assign x_cb_res_o = cb_res;
    assign x_cn_res_o = cn_res;
    assign x_fx_res_o = fx_res;
    logic [31:0] fx_bits;
    logic [5:0]  fx_flags;
    logic        unused_fx_valid;
    assign fx_res = {fx_bits, fx_flags};
    mosaic_fma32 #(
      .Stages (0)
    ) u_fma (
      .clk_i   (1'b0),
      .rst_ni  (1'b1),
      .valid_i (1'b1),
      .a_i     (fx[98:67]),
      .b_i     (fx[66:35]),
      .c_i     (fx[34:3]),
      .rm_i    (fx[2:0]),
      .valid_o (unused_fx_valid),
      .res_o   (fx_bits),
      .flags_o (fx_flags)
    );
    // Every widening a unit asks for is to FP32 (mosaic_tu_vec_div,
    // mosaic_tu_tact, mosaic_tu_red_serial, mosaic_tu_vec_lane), so the two
    // widening converters are built for that target alone: a converter to
    // any format is twice the LUTs of one to FP32 (Yosys, ECP5).
    mosaic_fmt_cvt u_widen (
      .from_i       (cw.from),
      .to_i         (mosaic_pkg::FmtFp32),
      .bits_i       (cw.bits),
      .rm_i         (cw.rm),
      .fp8_sat_i    (cw.fp8_sat),
      .subnormals_i (cw.subn),
      .int_wrap_i   (1'b0),
      .bits_o       (cw_bits),
      .flags_o      (cw_flags)
    );
    mosaic_fmt_cvt u_widen_b (
      .from_i       (cb.from),
      .to_i         (mosaic_pkg::FmtFp32),
      .bits_i       (cb.bits),
      .rm_i         (cb.rm),
      .fp8_sat_i    (cb.fp8_sat),
      .subnormals_i (cb.subn),
      .int_wrap_i   (1'b0),
      .bits_o       (cb_bits),
      .flags_o      (cb_flags)
    );
    mosaic_fmt_cvt u_narrow (
      .from_i       (cn.from),
      .to_i         (cn.to),
      .bits_i       (cn.bits),
      .rm_i         (cn.rm),
      .fp8_sat_i    (cn.fp8_sat),
      .subnormals_i (cn.subn),
      .int_wrap_i   (cn.wrap),
      .bits_o       (cn_bits),
      .flags_o      (cn_flags)
    );
    `MOSAIC_ASSERT(WidenToFp32A, (cw.to == mosaic_pkg::FmtFp32) && !cw.wrap &&
                                (cb.to == mosaic_pkg::FmtFp32) && !cb.wrap, clk_i, rst_ni)
`ifndef MOSAIC_ASSERT_ON
    logic unused_to;
    assign unused_to = ^{cw.to, cw.wrap, cb.to, cb.wrap};
`endif
  end else begin : g_own_cvt
    assign cw     = '0;
    assign cb     = '0;
    assign cn     = '0;
    assign cw_res = '0;
    assign cb_res = '0;
    assign cn_res = '0;
    assign x_cw_res_o = '0;
    assign x_cb_res_o = '0;
    assign x_cn_res_o = '0;
    assign fx         = '0;
    assign fx_res     = '0;
    assign x_fx_res_o = '0;
    logic unused_cvt;
    assign unused_cvt = ^{red_cw, red_cn, div_cw, div_cb, div_cn, act_cw, act_cn, cw, cb, cn,
                          x_sel_i, x_cw_i, x_cb_i, x_cn_i, red_fx, act_fx, fx, x_fx_i};
  end

  assign red_valid = hold_q && ((kind_q == KindTred) || (kind_q == 2'd1));
  assign div_valid = hold_q && (kind_q == KindDiv);
  assign act_valid = hold_q && (kind_q == KindTact);

  if (RedLanes == 16) begin : g_red
    mosaic_tu_red u_red (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .clear_i      (1'b0),
      .valid_i      (red_valid),
      .ready_o      (red_ready),
      .op_i         (op_q),
      .s_fmt_i      (fa_q),
      .d_fmt_i      (fd_q),
      .rm_i         (rm_q),
      .fp8_sat_i    (sat8_q),
      .subnormals_i (subn_q),
      .row_i        (hold_a_q),
      .valid_o      (red_ovalid),
      .ready_i      (red_oready),
      .res_o        (red_res),
      .row_o        (red_row),
      .last_o       (red_last),
      .flags_o      (red_flags),
      .sat_o        (red_sat)
    );
    assign red_cw = '0;
    assign red_cn = '0;
    assign red_fx = '0;
  end else begin : g_red_serial
    mosaic_tu_red_serial #(
      .ExtCvt (ShareCvt)
    ) u_red (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .clear_i      (1'b0),
      .valid_i      (red_valid),
      .ready_o      (red_ready),
      .op_i         (op_q),
      .s_fmt_i      (fa_q),
      .d_fmt_i      (fd_q),
      .rm_i         (rm_q),
      .fp8_sat_i    (sat8_q),
      .subnormals_i (subn_q),
      .row_i        (hold_a_q),
      .valid_o      (red_ovalid),
      .ready_i      (red_oready),
      .res_o        (red_res),
      .row_o        (red_row),
      .last_o       (red_last),
      .flags_o      (red_flags),
      .sat_o        (red_sat),
      .cw_req_o     (red_cw),
      .cw_res_i     (cw_res),
      .cn_req_o     (red_cn),
      .cn_res_i     (cn_res),
      .fx_req_o     (red_fx),
      .fx_res_i     (fx_res)
    );
  end

  // tbdiv and tact: each unit behind a fold, which is wires when the unit
  // has all 16 lanes and otherwise runs the row through it in passes.
  logic                   dv_valid, dv_ready, dv_ovalid, dv_oready, dv_sat;
  logic [32*DivLanes-1:0] dv_a, dv_d;
  logic [31:0]            dv_b;
  logic [6*DivLanes-1:0]  dv_flags;

  mosaic_tu_lane_fold #(
    .Lanes     (16),
    .PhysLanes (DivLanes),
    .BWidth    (32)
  ) u_div_fold (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .valid_i   (div_valid),
    .ready_o   (div_ready),
    .a_i       (hold_a_q),
    .b_i       (hold_b_q),
    .valid_o   (div_ovalid),
    .ready_i   (div_oready),
    .d_o       (div_d),
    .flags_o   (div_flags),
    .sat_o     (div_sat),
    .u_valid_o (dv_valid),
    .u_ready_i (dv_ready),
    .u_a_o     (dv_a),
    .u_b_o     (dv_b),
    .u_valid_i (dv_ovalid),
    .u_ready_o (dv_oready),
    .u_d_i     (dv_d),
    .u_flags_i (dv_flags)
  );

  mosaic_tu_vec_div #(
    .Lanes  (DivLanes),
    .ExtCvt (ShareCvt)
  ) u_div (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (dv_valid),
    .ready_o      (dv_ready),
    .a_fmt_i      (fa_q),
    .b_fmt_i      (fb_q),
    .d_fmt_i      (fd_q),
    .rm_i         (rm_q),
    .fp8_sat_i    (sat8_q),
    .subnormals_i (subn_q),
    .a_i          (dv_a),
    .b_i          (dv_b),
    .valid_o      (dv_ovalid),
    .ready_i      (dv_oready),
    .d_o          (dv_d),
    .flags_o      (dv_flags),
    .sat_o        (dv_sat),
    .cw_req_o     (div_cw),
    .cw_res_i     (cw_res),
    .cb_req_o     (div_cb),
    .cb_res_i     (cb_res),
    .cn_req_o     (div_cn),
    .cn_res_i     (cn_res)
  );

  logic                   ac_valid, ac_ready, ac_ovalid, ac_oready, ac_sat, ac_b;
  logic [32*ActLanes-1:0] ac_a, ac_d;
  logic [6*ActLanes-1:0]  ac_flags;

  mosaic_tu_lane_fold #(
    .Lanes     (16),
    .PhysLanes (ActLanes),
    .BWidth    (1)          // tact has no B
  ) u_act_fold (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .valid_i   (act_valid),
    .ready_o   (act_ready),
    .a_i       (hold_a_q),
    .b_i       (1'b0),
    .valid_o   (act_ovalid),
    .ready_i   (act_oready),
    .d_o       (act_d),
    .flags_o   (act_flags),
    .sat_o     (act_sat),
    .u_valid_o (ac_valid),
    .u_ready_i (ac_ready),
    .u_a_o     (ac_a),
    .u_b_o     (ac_b),
    .u_valid_i (ac_ovalid),
    .u_ready_o (ac_oready),
    .u_d_i     (ac_d),
    .u_flags_i (ac_flags)
  );

  mosaic_tu_tact #(
    .Lanes  (ActLanes),
    .ExtCvt (ShareCvt)
  ) u_tact (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (ac_valid),
    .ready_o      (ac_ready),
    .func_i       (op_q),
    .fmt_i        (fa_q),
    .rm_i         (rm_q),
    .fp8_sat_i    (sat8_q),
    .subnormals_i (subn_q),
    .a_i          (ac_a),
    .valid_o      (ac_ovalid),
    .ready_i      (ac_oready),
    .d_o          (ac_d),
    .flags_o      (ac_flags),
    .sat_o        (ac_sat),
    .cw_req_o     (act_cw),
    .cw_res_i     (cw_res),
    .cn_req_o     (act_cn),
    .cn_res_i     (cn_res),
    .fx_req_o     (act_fx),
    .fx_res_i     (fx_res)
  );

  logic taken;
  assign taken = (red_valid && red_ready) || (div_valid && div_ready) ||
                 (act_valid && act_ready);

  // ---- results ---------------------------------------------------------
  logic [511:0] o_el;
  logic         o_valid, o_sat;
  always_comb begin
    o_el = '0;
    unique case (kind_q)
      KindDiv:  o_el = div_d;
      KindTact: o_el = act_d;
      default:  o_el[31:0] = red_res;
    endcase
  end
  assign o_valid = (kind_q == KindDiv) ? div_ovalid : (kind_q == KindTact) ? act_ovalid : red_ovalid;
  assign o_sat   = (kind_q == KindDiv) ? div_sat : (kind_q == KindTact) ? act_sat : red_sat;

  logic [3:0]   t_prow;
  logic [511:0] t_data;
  logic [63:0]  t_be;
  assign px_el_o  = o_el;
  assign px_y_o   = out_y;
  assign px_fmt_o = fd_q;
  mosaic_tu_row_pack_slot #(
    .Ext (ExtRow)
  ) u_rowp (
    .el_i       (o_el),
    .en_i       (16'hFFFF),
    .y_i        (out_y),
    .fmt_i      (fd_q),
    .ext_prow_i (px_prow_i),
    .ext_data_i (px_data_i),
    .ext_be_i   (px_be_i),
    .prow_o     (t_prow),
    .data_o     (t_data),
    .be_o       (t_be)
  );

  logic [1:0] wsel_d;
  logic [4:0] used_rows;
  mosaic_tu_fmt_width u_wd (.fmt_i (fd_q), .wsel_o (wsel_d));
  always_comb begin
    unique case (wsel_d)
      2'd3:    used_rows = 5'd16;
      2'd2:    used_rows = 5'd8;
      2'd1:    used_rows = 5'd4;
      default: used_rows = 5'd2;
    endcase
  end

  logic is_tred, row_phase, zero_phase, wr_fire, tred_end, last_write;
  assign is_tred    = (kind_q == KindTred);
  assign row_phase  = !is_tred && !out_q[4];
  assign zero_phase = !is_tred && out_q[4] && (zrow_q < 5'd16);
  assign wr_req_o   = act_q && (row_phase ? o_valid : zero_phase);
  assign wr_reg_o   = rd_q;
  assign wr_row_o   = row_phase ? t_prow : zrow_q[3:0];
  assign wr_be_o    = row_phase ? t_be : 64'hFFFF_FFFF_FFFF_FFFF;
  assign wr_data_o  = row_phase ? t_data : 512'd0;
  assign wr_fire    = wr_req_o && wr_ready_i;
  assign red_oready = is_tred ? 1'b1 : (row_phase && wr_ready_i);
  assign div_oready = row_phase && wr_ready_i;
  assign act_oready = row_phase && wr_ready_i;
  assign tred_end   = act_q && is_tred && red_ovalid && red_last;
  assign last_write = wr_fire && (row_phase ? ((out_q == 5'd15) && (used_rows == 5'd16))
                                            : (zrow_q == 5'd15));

  assign res_valid_o = tred_end;
  assign res_data_o  = red_res;
  assign done_o      = tred_end || (act_q && last_write);
  assign done_seq_o  = seq_q;
  assign done_sat_o  = sat_q || (o_valid && o_sat && (is_tred ? red_last : row_phase));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      act_q      <= 1'b0;
      desc_q     <= 1'b0;
      sat_q      <= 1'b0;
      kind_q     <= '0;
      op_q       <= '0;
      rm_q       <= '0;
      rd_q       <= '0;
      ra_q       <= '0;
      rb_q       <= '0;
      fd_q       <= '0;
      fa_q       <= '0;
      fb_q       <= '0;
      sat8_q     <= 1'b0;
      subn_q     <= 1'b0;
      seq_q      <= '0;
      req_q      <= '0;
      inflight_q <= 1'b0;
      hold_q     <= 1'b0;
      hold_y_q   <= '0;
      out_q      <= '0;
      zrow_q     <= '0;
    end else if (!act_q) begin
      if (cmd_valid_i) begin
        act_q      <= 1'b1;
        kind_q     <= cmd_kind_i;
        op_q       <= cmd_op_i;
        rm_q       <= cmd_rm_i;
        rd_q       <= cmd_rd_i;
        ra_q       <= cmd_ra_i;
        rb_q       <= cmd_rb_i;
        fd_q       <= cmd_fd_i;
        fa_q       <= cmd_fa_i;
        fb_q       <= cmd_fb_i;
        sat8_q     <= cmd_fp8_sat_i;
        subn_q     <= cmd_subn_i;
        desc_q     <= cmd_desc_i;
        seq_q      <= cmd_seq_i;
        sat_q      <= 1'b0;
        req_q      <= '0;
        inflight_q <= 1'b0;
        hold_q     <= 1'b0;
        out_q      <= '0;
        zrow_q     <= 5'd16;
      end
    end else begin
      if (rd0_req_o && rd_ready_i) begin
        req_q      <= req_q + 5'd1;
        inflight_q <= 1'b1;
      end
      if (inflight_q && rd0_valid_i) begin
        inflight_q <= 1'b0;
        hold_q     <= 1'b1;
        hold_y_q   <= rsp_y;
      end else if (taken) begin
        hold_q <= 1'b0;
      end
      if (o_valid && o_sat && (is_tred || row_phase) && (is_tred ? red_oready : wr_fire)) begin
        sat_q <= 1'b1;
      end
      if (row_phase && wr_fire) begin
        out_q <= out_q + 5'd1;
        if (out_q == 5'd15) zrow_q <= used_rows;
      end else if (zero_phase && wr_fire) begin
        zrow_q <= zrow_q + 5'd1;
      end
      if (done_o) act_q <= 1'b0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (act_q && inflight_q && rd0_valid_i) begin
      hold_a_q <= a_el;
      hold_b_q <= b_el[31:0];
    end
  end

  logic unused;
  assign unused = ^{red_row, red_flags, div_flags, act_flags, hold_y_q, b_el[511:32], dv_sat, ac_sat, ac_b};

endmodule

`default_nettype wire
