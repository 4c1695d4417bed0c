// Row sequencer for the element-wise instructions on mosaic_tu_vec: tadd tsub
// tmul tmax tmin tbsub tbmul tscale tcvt, and tzero.
//
// Tile row y (0..15) of A is read on TRF port 0 and of B on port 1 (both
// from the TRF row that holds it, mosaic_tu_row_addr), the elements extracted
// (mosaic_tu_row_unpack) and handed to mosaic_tu_vec; its result row is packed into
// D's format (mosaic_tu_row_pack) and written. One row per cycle, bank
// conflicts aside. Then every TRF row above D's tile is written with zeros,
// as the golden model clears a register before writing a tile (R9) -- that
// is what makes tcvt to a narrower format exact. tzero writes only zeros.
//
// Operand kinds: KindBin B[y][j]; KindBcast B[y][0] in every lane (tbsub,
// tbmul); KindScalar the scalar in every lane (tscale, with A = D);
// KindUnary no B (tcvt); KindZero no operands (tzero).
//
// D may be a source register in a narrower format (tcvt tr1, tr1, fp32 from
// FP16): tile row y of D then covers source rows y*wd/ws and up, so the rows
// go from 15 down to 0 (cmd_desc_i), and every source row a write covers has
// been read before it. Otherwise rows go up, which covers the equal and
// narrowing cases the same way.
//
// VecLanes < 16 (an area parameter, docs/fpga.md): the row goes through
// VecLanes lanes in 16 / VecLanes passes (mosaic_tu_lane_fold), and a row is
// read only when the unit is empty and no read is out, so the one row it
// returns is always taken: a few cycles per row instead of one, the same
// results. With ExtCvt (VecLanes = 1 only) the lane's widenings of A and B,
// its final conversion and its FMA are mosaic_tu_redseq's shared
// converters and FMA: the two sequencers never run at the same time
// (mosaic_tu's dispatch).

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_vecseq #(
  parameter int VecLanes = 16,  // 16, 8, 4, 2 or 1
  parameter bit ExtCvt   = 1'b0, // 1 only with VecLanes = 1
  parameter bit ExtRow   = 1'b0  // unpack/pack rows in mosaic_tu (ux_*, px_*)
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // Dispatch.
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [2:0]   cmd_op_i,      // mosaic_tu_vec op
  input  logic [2:0]   cmd_kind_i,
  input  logic [4:0]   cmd_rd_i,
  input  logic [4:0]   cmd_ra_i,
  input  logic [4:0]   cmd_rb_i,
  input  logic [3:0]   cmd_fd_i,
  input  logic [3:0]   cmd_fa_i,
  input  logic [3:0]   cmd_fb_i,
  input  logic [2:0]   cmd_rm_i,
  input  logic         cmd_fp8_sat_i,
  input  logic         cmd_subn_i,
  input  logic [31:0]  cmd_scalar_i,
  input  logic [mosaic_pkg::SeqW-1:0]   cmd_seq_i,
  input  logic         cmd_desc_i,    // rows 15..0
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
  // The shared converters (ExtCvt = 1; requests 0 and results unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cb_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cb_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // The shared FMA (ExtCvt = 1; request 0 and result unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);

  localparam logic [2:0] KindBin    = 3'd0;
  localparam logic [2:0] KindBcast  = 3'd1;
  localparam logic [2:0] KindScalar = 3'd2;
  localparam logic [2:0] KindUnary  = 3'd3;
  localparam logic [2:0] KindZero   = 3'd4;

  logic        act_q;
  logic [2:0]  op_q, kind_q;
  logic [4:0]  rd_q, ra_q, rb_q;
  logic [3:0]  fd_q, fa_q, fb_q;
  logic [2:0]  rm_q;
  logic        sat8_q, subn_q, sat_q, desc_q;
  logic [31:0] scalar_q;
  logic [mosaic_pkg::SeqW-1:0]  seq_q;
  logic [4:0]  req_q, rsp_q;     // tile rows requested / returned
  logic [4:0]  wr_q;             // rows written: 0..15 tile rows, then zero rows
  logic [4:0]  zrow_q;           // next zero TRF row

  assign cmd_ready_o = !act_q;
  assign busy_o      = act_q;

  logic reads;
  assign reads = (kind_q != KindZero);

  // Tile row of the n-th request / response / write.
  logic [3:0] req_y, rsp_y, wr_y;
  assign req_y = desc_q ? ~req_q[3:0] : req_q[3:0];
  assign rsp_y = desc_q ? ~rsp_q[3:0] : rsp_q[3:0];
  assign wr_y  = desc_q ? ~wr_q[3:0] : wr_q[3:0];

  // ---- requests ----------------------------------------------------
  logic [3:0] prow_a, prow_b;
  mosaic_tu_row_addr u_prow_a (.y_i (req_y), .fmt_i (fa_q), .prow_o (prow_a));
  mosaic_tu_row_addr u_prow_b (.y_i (req_y), .fmt_i (fb_q), .prow_o (prow_b));

  logic req_ok;   // (below, with the unit)
  assign rd0_req_o = act_q && reads && !req_q[4] && req_ok;
  assign rd0_reg_o = ra_q;
  assign rd0_row_o = prow_a;
  assign rd1_req_o = rd0_req_o && (kind_q != KindUnary) && (kind_q != KindScalar);
  assign rd1_reg_o = rb_q;
  assign rd1_row_o = prow_b;

  // ---- operands ------------------------------------------------------
  logic [511:0] a_el, b_el, b_in;
  assign ux_y_o  = rsp_y;
  assign ux_fa_o = fa_q;
  assign ux_fb_o = fb_q;
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_a (
    .row_i (rd0_data_i), .y_i (rsp_y), .fmt_i (fa_q), .ext_el_i (ux_a_i), .el_o (a_el)
  );
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_b (
    .row_i (rd1_data_i), .y_i (rsp_y), .fmt_i (fb_q), .ext_el_i (ux_b_i), .el_o (b_el)
  );
  always_comb begin
    unique case (kind_q)
      KindBcast:  b_in = {16{b_el[31:0]}};
      KindScalar: b_in = {16{scalar_q}};
      KindBin:    b_in = b_el;
      default:    b_in = b_el;   // unused by tcvt; tzero reads nothing
    endcase
  end

  logic          v_valid_in, v_ready, v_valid_out, v_sat;
  logic [511:0]  v_d;
  logic [95:0]   v_flags;
  assign v_valid_in = act_q && reads && rd0_valid_i;

  // The unit: 16 lanes behind their own register stage, or fewer lanes,
  // combinational, run through the row in passes by the fold.
  localparam bit Full = (VecLanes == 16);
  // A folded unit takes a row only every few cycles, and the returned row
  // must find it ready (it is not held anywhere): one read at a time.
  assign req_ok = Full || ((req_q == rsp_q) && v_ready);

  logic                   u_valid, u_ready, u_ovalid, u_oready, u_sat;
  logic [32*VecLanes-1:0] u_a, u_b, u_d;
  logic [6*VecLanes-1:0]  u_flags;

  mosaic_tu_lane_fold #(
    .Lanes     (16),
    .PhysLanes (VecLanes)
  ) u_fold (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .valid_i   (v_valid_in),
    .ready_o   (v_ready),
    .a_i       (a_el),
    .b_i       (b_in),
    .valid_o   (v_valid_out),
    .ready_i   (wr_ready_i),
    .d_o       (v_d),
    .flags_o   (v_flags),
    .sat_o     (v_sat),
    .u_valid_o (u_valid),
    .u_ready_i (u_ready),
    .u_a_o     (u_a),
    .u_b_o     (u_b),
    .u_valid_i (u_ovalid),
    .u_ready_o (u_oready),
    .u_d_i     (u_d),
    .u_flags_i (u_flags)
  );

  mosaic_tu_vec #(
    .Lanes  (VecLanes),
    .InReg  (Full),
    .ExtCvt (ExtCvt)
  ) u_vec (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .valid_i      (u_valid),
    .ready_o      (u_ready),
    .op_i         (op_q),
    .a_fmt_i      (fa_q),
    .b_fmt_i      (fb_q),
    .d_fmt_i      (fd_q),
    .rm_i         (rm_q),
    .fp8_sat_i    (sat8_q),
    .subnormals_i (subn_q),
    .a_i          (u_a),
    .b_i          (u_b),
    .valid_o      (u_ovalid),
    .ready_i      (u_oready),
    .d_o          (u_d),
    .flags_o      (u_flags),
    .sat_o        (u_sat),
    .cw_req_o     (cw_req_o),
    .cw_res_i     (cw_res_i),
    .cb_req_o     (cb_req_o),
    .cb_res_i     (cb_res_i),
    .cn_req_o     (cn_req_o),
    .cn_res_i     (cn_res_i),
    .fx_req_o     (fx_req_o),
    .fx_res_i     (fx_res_i)
  );

  // ---- write-back ----------------------------------------------------
  logic [3:0]   t_prow;
  logic [511:0] t_data;
  logic [63:0]  t_be;
  assign px_el_o  = v_d;
  assign px_y_o   = wr_y;
  assign px_fmt_o = fd_q;
  mosaic_tu_row_pack_slot #(
    .Ext (ExtRow)
  ) u_rowp (
    .el_i       (v_d),
    .en_i       (16'hFFFF),
    .y_i        (wr_y),
    .fmt_i      (fd_q),
    .ext_prow_i (px_prow_i),
    .ext_data_i (px_data_i),
    .ext_be_i   (px_be_i),
    .prow_o     (t_prow),
    .data_o     (t_data),
    .be_o       (t_be)
  );

  // TRF rows D's tile occupies: 16, 8, 4 or 2.
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

  logic tile_phase, zero_phase, wr_fire, last_write;
  assign tile_phase = reads && !wr_q[4];
  assign zero_phase = !tile_phase && (zrow_q < 5'd16);
  assign wr_req_o   = act_q && (tile_phase ? v_valid_out : zero_phase);
  assign wr_reg_o   = rd_q;
  assign wr_row_o   = tile_phase ? t_prow : zrow_q[3:0];
  assign wr_be_o    = tile_phase ? t_be : 64'hFFFF_FFFF_FFFF_FFFF;
  assign wr_data_o  = tile_phase ? t_data : 512'd0;
  assign wr_fire    = wr_req_o && wr_ready_i;
  // The job ends with the last zero row, or the last tile row when D fills
  // the register.
  assign last_write = wr_fire && (tile_phase ? ((wr_q == 5'd15) && (used_rows == 5'd16))
                                             : (zrow_q == 5'd15));
  logic any_end;
  assign any_end = act_q && (last_write || (!tile_phase && !zero_phase));

  assign done_o     = any_end;
  assign done_seq_o = seq_q;
  assign done_sat_o = sat_q || (tile_phase && v_valid_out && v_sat);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      act_q    <= 1'b0;
      op_q     <= '0;
      kind_q   <= '0;
      rd_q     <= '0;
      ra_q     <= '0;
      rb_q     <= '0;
      fd_q     <= '0;
      fa_q     <= '0;
      fb_q     <= '0;
      rm_q     <= '0;
      sat8_q   <= 1'b0;
      subn_q   <= 1'b0;
      sat_q    <= 1'b0;
      desc_q   <= 1'b0;
      scalar_q <= '0;
      seq_q    <= '0;
      req_q    <= '0;
      rsp_q    <= '0;
      wr_q     <= '0;
      zrow_q   <= '0;
    end else if (!act_q) begin
      if (cmd_valid_i) begin
        act_q    <= 1'b1;
        op_q     <= cmd_op_i;
        kind_q   <= cmd_kind_i;
        rd_q     <= cmd_rd_i;
        ra_q     <= cmd_ra_i;
        rb_q     <= cmd_rb_i;
        fd_q     <= cmd_fd_i;
        fa_q     <= cmd_fa_i;
        fb_q     <= cmd_fb_i;
        rm_q     <= cmd_rm_i;
        sat8_q   <= cmd_fp8_sat_i;
        subn_q   <= cmd_subn_i;
        scalar_q <= cmd_scalar_i;
        seq_q    <= cmd_seq_i;
        sat_q    <= 1'b0;
        desc_q   <= cmd_desc_i;
        req_q    <= '0;
        rsp_q    <= '0;
        wr_q     <= '0;
        zrow_q   <= (cmd_kind_i == KindZero) ? 5'd0 : 5'd16;  // set below for tile ops
      end
    end else begin
      if (rd0_req_o && rd_ready_i) req_q <= req_q + 5'd1;
      if (v_valid_in && v_ready)   rsp_q <= rsp_q + 5'd1;
      if (tile_phase && wr_fire) begin
        wr_q <= wr_q + 5'd1;
        if (v_sat) sat_q <= 1'b1;
        if (wr_q == 5'd15) zrow_q <= used_rows;
      end else if (zero_phase && wr_fire) begin
        zrow_q <= zrow_q + 5'd1;
      end
      if (any_end) act_q <= 1'b0;
    end
  end

  // A returned row is never dropped: the unit takes it in its cycle.
  `MOSAIC_ASSERT_NEVER(RowDroppedA, v_valid_in && !v_ready, clk_i, rst_ni)

  logic unused;
  assign unused = ^{v_flags, u_sat};

endmodule

`default_nettype wire
