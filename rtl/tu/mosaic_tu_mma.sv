// tmma engine: operand staging from the TRF, the MAC array, and write-back.
//
// Three stages run concurrently on consecutive tmma instructions:
//   stage  unpacks tile row y of A and B in cycle y into a staging buffer,
//          reading a TRF row only when y enters a new one, and reads D's
//          raw TRF rows
//          (unless the op is chained) in the cycles a port is free, the
//          rest after: 16 cycles for 8/16-bit inputs with an 8/16-bit D,
//          up to 32 for 32-bit ones;
//   step   streams the op to mosaic_tu_array one output block at a time:
//          mtilek k-steps with a(i) = op(A)[i][k], b(j) = op(B)[k][j]
//          picked out of the staging buffer by index (mcsr.mmode / bTR:
//          bit 1 transposes A, bit 0 B) and widened (mosaic_fp_widen, as
//          mosaic_to_f32 / int value: PeRows + PeCols converters, or
//          PeRows + PeCols / PeFold with a folded array); the
//          next block's D rows go into the array's D staging while the
//          current block streams;
// An AME mmacc reaches this engine as one op per sub-operation (cmd_fin_i on
// the last); it differs from tmma only in the op parameters: rounding from
// mxcfg.RND, no FP8 saturation, integer wrap when SAT = 0 and nothing
// widens (cmd_wrap_i, in the array's clamp and the drain's conversion), and
// mxstatus.inexact, which tmma does not record (cmd_ame_i).
// A/B staging has three A and three B buffers, so the engine stages two ops
// ahead. Each buffer is tagged with what its widened elements depend on
// (TRF register, input format, mcsr.SUBN, integer or FP32 widening): an op
// whose A (B) matches a valid tag uses that buffer and skips reading and
// widening it, which leaves both read ports to D (a 2x2 BF16 -> FP32 mmacc
// sub-operation stages in 16 cycles instead of 24). Any TRF write to a
// register clears its tags, so reuse only spans ops with no write to the
// operand in between. A buffer is rewritten only when no op that is staged
// or stepping refers to it (reference counts). Op information and raw D
// have five slots: up to three ops staged or stepping, one draining, and
// one more accepted while it drains (two with a folded array, below). The
// stepper goes from one block's last step straight into the next block's
// first. Chained tmma (same FP32/INT32 D as the previous op, 16x16 array)
// skips D: the accumulators still hold it, so one 16x16x16 tile takes 16
// cycles in steady state; so does an
// unchained op whose staging fits in 16 cycles (every mmacc sub-operation
// of 8-bit inputs with a 16-bit result, for example).
//
// D written by an older op. An op may be accepted while an older op in the
// engine still has to write its D (a multi-tile mmacc: sub-operation s of
// the next mmacc accumulates into the C of sub-operation s of this one,
// four ops earlier). The stager then reads a D row only once it is final:
// no older op in the engine writes that register, or (16x16 array) the
// only one that does is draining and its drain has moved past that TRF row
// -- a 16x16 drain writes a register's TRF rows in ascending order, and the
// TRF is read-first, so the row was written in an earlier cycle. A
// smaller array drains block by block, block rows in order and each
// block's rows in order: a D row is final once the older op's drain has
// written it in every block column (d_prow below). Until then it
// reads A and B and leaves D for later, and the readiness only turns from
// false to true while a request waits, so a held TRF request never changes.
// Without this the next op could be dispatched only after the older one
// drained: 68 cycles from dispatch for an FP32 D against 64 for four ops.
//
// The caller (mosaic_tu) guarantees: mtilek > 0; A and B are not the D of
// an op still in this engine (pending_o); nothing else writes a register an
// op in the engine reads or writes (pending_o, reading_o), and a write to
// the D of chain_rd_o breaks the chain (chain_break_i); the engine's TRF
// requests always win: the write port is always ready after init (the drain
// relies on it for the array's early release).

`default_nettype none

module mosaic_tu_mma #(
  parameter int PeRows = 16,
  parameter int PeCols = 16,
  parameter int PeFold = 1,   // output columns per PE (mosaic_tu_array)
  parameter int PeRowFold = 1,   // output rows per PE
  // 1: A's and B's rows are unpacked by mosaic_tu's row unpackers, which
  // the element-wise and row sequencers share with this engine (they never
  // run beside it): rows, tile row and formats out on ux_*, the elements
  // back in the same cycle; the drain's rows are packed by their packer
  // (px_*) and, with one drain converter (PeCols / PeFold = 1), converted
  // by mosaic_tu_redseq's narrowing converter (cn_*). 0: its own.
  parameter bit ExtRow = 1'b0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // Dispatch.
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [4:0]   cmd_rd_i,
  input  logic [4:0]   cmd_ra_i,
  input  logic [4:0]   cmd_rb_i,
  input  logic [3:0]   cmd_fd_i,
  input  logic [3:0]   cmd_fa_i,
  input  logic [3:0]   cmd_fb_i,
  input  logic [2:0]   cmd_rm_i,
  input  logic         cmd_fp8_sat_i,
  input  logic         cmd_subn_i,
  input  logic         cmd_wrap_i,    // integer result wraps instead of saturating
  input  logic         cmd_ame_i,     // report inexact (done_nx_o)
  input  logic         cmd_fin_i,     // last op of the instruction (done_fin_o)
  input  logic [1:0]   cmd_mode_i,
  input  logic [4:0]   cmd_m_i,
  input  logic [4:0]   cmd_k_i,
  input  logic [4:0]   cmd_n_i,
  input  logic [mosaic_pkg::SeqW-1:0]   cmd_seq_i,
  output logic [4:0]   chain_rd_o,    // the D a chain would continue
  input  logic         chain_break_i, // another instruction ran: no chaining
  // Every TRF write (any engine, this one included): it invalidates the
  // A/B buffer tags of its register.
  input  logic         trf_wr_i,
  input  logic [4:0]   trf_wr_reg_i,
  input  logic         trf_wr1_i,     // write port 1
  input  logic [4:0]   trf_wr1_reg_i,
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
  // Completion, in dispatch order.
  output logic         done_o,
  output logic [mosaic_pkg::SeqW-1:0]   done_seq_o,
  output logic         done_sat_o,
  output logic         done_nx_o,     // AME op: some rounding was inexact
  output logic         done_fin_o,
  output logic [3:0]   done_fd_o,     // the op's D format (its tag)
  output logic         busy_o,
  output logic [31:0]  pending_o,     // D registers of ops in the engine
  output logic [31:0]  reading_o,     // registers the op being staged reads
  // The shared row unpackers (ExtRow = 1; unused at 0).
  output logic [511:0] ux_a_row_o,
  output logic [511:0] ux_b_row_o,
  output logic [3:0]   ux_y_o,
  output logic [3:0]   ux_fa_o,
  output logic [3:0]   ux_fb_o,
  input  logic [511:0] ux_a_i,
  input  logic [511:0] ux_b_i,
  // The shared row packer (ExtRow = 1; unused at 0): the drain's elements,
  // their enables, tile row and format out, the packed row back.
  output logic [511:0] px_el_o,
  output logic [15:0]  px_en_o,
  output logic [3:0]   px_y_o,
  output logic [3:0]   px_fmt_o,
  input  logic [3:0]   px_prow_i,
  input  logic [511:0] px_data_i,
  input  logic [63:0]  px_be_i,
  // The shared narrowing converter (ExtRow = 1 with PeCols / PeFold = 1;
  // unused otherwise).
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // Performance events.
  output logic         ev_mac_busy_o,
  output logic [15:0]  ev_macs_o
);

  localparam int BlkR  = 16 / PeRows;   // output blocks per tile, vertically
  localparam int BlkC  = 16 / PeCols;
  localparam int RowW  = PeRows > 1 ? $clog2(PeRows) : 1;
  localparam int BiW   = BlkR > 1 ? $clog2(BlkR) : 1;
  localparam int BjW   = BlkC > 1 ? $clog2(BlkC) : 1;
  localparam bit Chain = (PeRows == 16) && (PeCols == 16);
  // Folded array (mosaic_tu_array PeFold): PhysC groups of PeFold columns,
  // one column of each group a cycle; the stepper widens one B element per
  // group and the drain converts a row in PeFold cycles with PhysC
  // converters. Rows fold the same way (PeRowFold), one A widening per
  // group of PeRowFold rows (mosaic_tu_mma_stage).
  localparam bit ColFolded = (PeFold > 1);
  localparam bit Folded    = ColFolded || (PeRowFold > 1);
  localparam int PhysC  = PeCols / PeFold;
  localparam bit ExtCvt = ExtRow && (PhysC == 1);
  localparam int SubW   = (PeFold > 1) ? $clog2(PeFold) : 1;
  localparam int RsubW  = (PeRowFold > 1) ? $clog2(PeRowFold) : 1;
  // Op information and raw D slots. A folded array takes PeFold x
  // PeRowFold cycles a k-step, so an op steps for hundreds of cycles and
  // staging further ahead than the next op buys nothing: two slots (an op
  // stepping or draining, the next one staged), and the raw D is 32 TRF
  // rows of LUT RAM, not 80.
  localparam int Slots = Folded ? 2 : 5;
  localparam int SlotW = $clog2(Slots);
  // A and B buffers each: three unfolded (staging a tile takes 17 cycles,
  // stepping it 16, see "Chaining"); two folded, where an op is accepted
  // only into a free slot, so at most one other op still needs a buffer.
  localparam int NBuf  = Folded ? 2 : 3;

  // ------------------------------------------------------------------
  // Op information (slot = op number mod Slots) and A/B buffers (NBuf).
  // ------------------------------------------------------------------
  logic [Slots-1:0] info_v_q;
  logic [4:0]  info_rd_q  [Slots];
  logic [3:0]  info_fd_q  [Slots];
  logic [2:0]  info_rm_q  [Slots];
  logic        info_sat8_q[Slots];
  logic        info_subn_q[Slots];
  logic [3:0]  info_fa_q  [Slots];   // A and B formats (widened at the step)
  logic [3:0]  info_fb_q  [Slots];
  logic        info_wrap_q[Slots];
  logic        info_ame_q [Slots];
  logic        info_fin_q [Slots];
  logic [1:0]  info_mode_q[Slots];
  logic [4:0]  info_m_q   [Slots];
  logic [4:0]  info_k_q   [Slots];
  logic [4:0]  info_n_q   [Slots];
  logic [mosaic_pkg::SeqW-1:0]  info_seq_q [Slots];
  logic        info_chn_q [Slots];
  logic [511:0] sd_q [Slots*16]; // raw D, by TRF row: {slot, TRF row}
  // TRF rows 0 and 1 of raw D again, {slot, row[0]}: an FP4 D (the only
  // one the drain reads raw D for) is those two rows, so the drain's read
  // port is a memory of 2 rows a slot instead of a second copy of all 16.
  logic [511:0] sd4_q [Slots*2];
  // Unpacked A and B rows of the NBuf buffers (the memories are with the
  // stager below).
  logic [SlotW-1:0] disp_slot_q, step_slot_q, drain_slot_q;   // info slots
  logic [SlotW-1:0] ds;                                       // = drain_slot_q
  logic [SlotW-1:0] ss;                                       // = step_slot_q
  logic       op_steps_done;                            // its last step goes now
  logic       dr_go;                                    // the drain is at a row
  logic [1:0] ab_used_q;                                // ops accepted, not yet stepped
  logic [1:0] info_buf_q [2][Slots];                    // [A/B][slot]: the op's buffer

  function automatic logic [SlotW-1:0] slot_inc(input logic [SlotW-1:0] s);
    slot_inc = (s == SlotW'(Slots - 1)) ? '0 : s + SlotW'(1);
  endfunction

  function automatic logic fmt_is_int(input logic [3:0] f);
    fmt_is_int = (f == mosaic_pkg::FmtInt8) || (f == mosaic_pkg::FmtInt16) ||
                 (f == mosaic_pkg::FmtInt32);
  endfunction

  // ------------------------------------------------------------------
  // A/B buffer tags ([0] = A, [1] = B). A tag names what the buffer's
  // widened rows are a function of: the register's contents (valid until a
  // TRF write to it), its format, the FP8/FP4 subnormal mode and whether
  // elements widen to INT32 or FP32 (D's kind). The operand mode is applied
  // when stepping, so it is not part of the tag. tg_cnt_q counts the ops
  // accepted and not yet stepped that use the buffer; only a buffer at
  // zero is reallocated. At most two such ops exist when an op is accepted
  // (ab_used_q != 3, or 3 with the stepping op finishing its last step in
  // that cycle: its buffers count as released, ab_free), so of three
  // buffers one is always free. The stager writes a buffer from the second
  // cycle after acceptance, when the stepper no longer reads it.
  // ------------------------------------------------------------------
  logic [NBuf-1:0] tg_v_q [2];
  logic [4:0] tg_reg_q  [2][NBuf];
  logic [3:0] tg_fmt_q  [2][NBuf];
  logic       tg_subn_q [2][NBuf];
  logic       tg_int_q  [2][NBuf];
  logic [1:0] tg_cnt_q  [2][NBuf];
  logic [4:0] cmd_reg   [2];
  logic [3:0] cmd_fmt   [2];
  logic       cmd_int;
  logic [NBuf-1:0] tg_match [2];
  logic       cmd_hit   [2];       // the op's operand is in a valid buffer
  logic [1:0] cmd_buf   [2];       // the buffer it uses (hit or allocated)
  assign cmd_reg[0] = cmd_ra_i;
  assign cmd_reg[1] = cmd_rb_i;
  assign cmd_fmt[0] = cmd_fa_i;
  assign cmd_fmt[1] = cmd_fb_i;
  assign cmd_int    = fmt_is_int(cmd_fd_i);

  // The registers either TRF write port writes this cycle.
  logic [31:0] trf_wr_regs;
  assign trf_wr_regs = ({31'd0, trf_wr_i} << trf_wr_reg_i) | ({31'd0, trf_wr1_i} << trf_wr1_reg_i);

  logic [1:0] hit_b [2], free_b [2], empty_b [2];
  logic       found_empty [2];
  logic       ab_free [2][NBuf];  // no op needs the buffer after this cycle
  always_comb begin
    for (int o = 0; o < 2; o++) begin
      for (int b = 0; b < NBuf; b++) begin
        ab_free[o][b] = (tg_cnt_q[o][b] == 2'd0) ||
                        ((tg_cnt_q[o][b] == 2'd1) && op_steps_done && (info_buf_q[o][ss] == 2'(b)));
      end
    end
  end
  always_comb begin
    for (int o = 0; o < 2; o++) begin
      hit_b[o]       = 2'd0;
      free_b[o]      = 2'd0;
      empty_b[o]     = 2'd0;
      cmd_hit[o]     = 1'b0;
      found_empty[o] = 1'b0;
      for (int b = 0; b < NBuf; b++) begin
        // A write in this very cycle is not in the tag yet: no hit on it.
        tg_match[o][b] = tg_v_q[o][b] && (tg_reg_q[o][b] == cmd_reg[o]) &&
                         (tg_fmt_q[o][b] == cmd_fmt[o]) && (tg_subn_q[o][b] == cmd_subn_i) &&
                         (tg_int_q[o][b] == cmd_int) &&
                         !trf_wr_regs[cmd_reg[o]];
      end
      for (int b = NBuf - 1; b >= 0; b--) begin
        if (tg_match[o][b]) begin
          cmd_hit[o] = 1'b1;
          hit_b[o]   = 2'(b);
        end
        // A free buffer with no valid tag first, so tagged ones live
        // longer. Some buffer is free whenever an op is accepted.
        if (ab_free[o][b]) begin
          free_b[o] = 2'(b);
          if (!tg_v_q[o][b]) begin
            found_empty[o] = 1'b1;
            empty_b[o]     = 2'(b);
          end
        end
      end
      cmd_buf[o] = cmd_hit[o] ? hit_b[o] : found_empty[o] ? empty_b[o] : free_b[o];
    end
  end

  // ------------------------------------------------------------------
  // Chaining
  // ------------------------------------------------------------------
  logic       last_ok_q, chain_ok;   // cmd_rd_i/cmd_fd_i would chain
  logic [4:0] last_rd_q;
  assign chain_rd_o = last_rd_q;
  assign chain_ok = Chain && last_ok_q && (last_rd_q == cmd_rd_i) &&
                      ((cmd_fd_i == mosaic_pkg::FmtFp32) || (cmd_fd_i == mosaic_pkg::FmtInt32));

  // ------------------------------------------------------------------
  // Stage. Requests and responses are decoupled: a read returns exactly one
  // cycle after the TRF accepts it (mosaic_tu_trf), so every request cycle
  // passes its rows and op parameters through one pipeline register (p_*)
  // to its response.
  //
  // Tile row y of A and B is widened in stage cycle y (0..15). A TRF row
  // holds 1, 2, 4 or 8 tile rows (32-, 16-, 8-bit, FP4), so a port reads A
  // (B) only when y enters a new TRF row and otherwise widens from the row
  // it holds (a_hold_q). D is kept raw, by TRF row (2 << width class rows),
  // and read in the cycles a port is free -- one row per cycle, since two
  // rows of one register are in the same bank -- and after y = 15 for what
  // is left. A B tile of 16 bits or less is read one cycle early (its next
  // TRF row in the cycle before y enters it, into b_next_q), so port 1 is
  // free in the cycles port 0 reads A and D finds a free port in every
  // cycle but the first: 8- and 16-bit operands stage in 16 cycles with up
  // to 15 D rows, 17 with an FP32 D; 32-bit ones take 16 + 16. A cycle
  // with no request advances on its own.
  // ------------------------------------------------------------------
  logic        st_act_q, st_chain_q;
  logic [4:0]  st_ra_q, st_rb_q, st_rd_q;
  logic [3:0]  st_fa_q, st_fb_q, st_fd_q;
  logic [SlotW-1:0] st_islot_q;
  logic [1:0]  st_buf_q [2];         // A/B buffers being written
  logic        st_ahit_q, st_bhit_q;  // A (B) reused: not read
  logic [4:0]  st_c_q;               // A/B tile row, 16 = A/B done
  logic [4:0]  st_dn_q;              // D TRF rows requested
  logic [4:0]  st_nd;                // D TRF rows to read
  logic [1:0]  st_dw;
  logic        accept_cmd, st_fire, st_last, st_ab;
  logic        a_need, b_need, b_now, b_pref, b_early, d_left, d0_req, d1_req;
  logic [3:0]  st_y, prow_a, prow_b, prow_a_prev, prow_b_prev, prow_b_next;
  logic [1:0]  st_bw;

  mosaic_tu_fmt_width u_st_dw (.fmt_i (st_fd_q), .wsel_o (st_dw));
  assign st_nd  = st_chain_q ? 5'd0 : (5'd2 << st_dw);
  assign st_ab  = !st_c_q[4];
  assign st_y   = st_c_q[3:0];
  assign d_left = (st_dn_q != st_nd);

  // D row st_dn_q is final (see the header): no older op writes st_rd_q,
  // or only the draining one, already past that row.
  logic [Slots-1:0] d_older;
  logic             d_ok, d_go;
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      d_older[s] = info_v_q[s] && (SlotW'(s) != st_islot_q) && (info_rd_q[s] == st_rd_q);
    end
  end
  // The drain writes D block row by block row, each block's rows in order
  // (a 16x16 array: one block), so TRF row p is final once d_prow, the TRF
  // row (in the draining op's format) of the first tile row not yet
  // written in every block column, is past it. A row counted there was
  // written in an earlier cycle; d_prow only grows until the op has
  // drained (then no older op writes the register).
  logic [3:0] d_prow;  // assigned with the drain below
  assign d_ok = (d_older == '0) || ((d_older == (Slots'(1) << ds)) && (d_prow > st_dn_q[3:0]));
  assign d_go = d_left && d_ok;

  mosaic_tu_row_addr u_prow_a  (.y_i (st_y),        .fmt_i (st_fa_q), .prow_o (prow_a));
  mosaic_tu_row_addr u_prow_b  (.y_i (st_y),        .fmt_i (st_fb_q), .prow_o (prow_b));
  mosaic_tu_row_addr u_prow_ap (.y_i (st_y - 4'd1), .fmt_i (st_fa_q), .prow_o (prow_a_prev));
  mosaic_tu_row_addr u_prow_bp (.y_i (st_y - 4'd1), .fmt_i (st_fb_q), .prow_o (prow_b_prev));
  mosaic_tu_row_addr u_prow_bn (.y_i (st_y + 4'd1), .fmt_i (st_fb_q), .prow_o (prow_b_next));
  mosaic_tu_fmt_width u_st_bw (.fmt_i (st_fb_q), .wsel_o (st_bw));
  assign a_need  = st_ab && !st_ahit_q && ((st_y == 4'd0) || (prow_a != prow_a_prev));
  assign b_need  = st_ab && !st_bhit_q && ((st_y == 4'd0) || (prow_b != prow_b_prev));
  assign b_early = (st_bw != 2'd3);
  // b_now: read B's row for this y now; b_pref: read the row for y + 1.
  assign b_now  = b_early ? (st_ab && !st_bhit_q && (st_y == 4'd0)) : b_need;
  assign b_pref = b_early && st_ab && !st_bhit_q && (st_y != 4'd15) && (prow_b_next != prow_b);
  assign d0_req = !a_need && d_go;
  assign d1_req = !b_now && !b_pref && d_go && !d0_req;

  assign rd0_req_o = st_act_q && (a_need || d0_req);
  assign rd0_reg_o = a_need ? st_ra_q : st_rd_q;
  assign rd0_row_o = a_need ? prow_a : st_dn_q[3:0];
  assign rd1_req_o = st_act_q && (b_now || b_pref || d1_req);
  assign rd1_reg_o = (b_now || b_pref) ? st_rb_q : st_rd_q;
  assign rd1_row_o = b_now ? prow_b : b_pref ? prow_b_next : st_dn_q[3:0];

  assign st_fire = st_act_q && ((!rd0_req_o && !rd1_req_o) || rd_ready_i);
  // Nothing left after this cycle: A/B at their last row (or done) and the
  // last D row requested now (or none left).
  assign st_last = st_fire && (st_c_q >= 5'd15) &&
                   ((st_dn_q + 5'(d0_req || d1_req)) == st_nd);
  assign cmd_ready_o = (!st_act_q || st_last) && ((ab_used_q != 2'(NBuf)) || op_steps_done) &&
                       !info_v_q[disp_slot_q];
  assign accept_cmd  = cmd_valid_i && cmd_ready_o;

  // The request cycle of the response arriving now.
  logic       p_valid_q, p_a_q, p_b_q, p_bpref_q, p_bnew_q, p_d0_q, p_d1_q;
  logic       p_last_q;
  logic [3:0] p_y_q, p_fa_q, p_fb_q, p_dp_q;
  logic [SlotW-1:0] p_islot_q;
  logic [1:0] p_abuf_q, p_bbuf_q;
  logic       p_wa_q, p_wb_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_valid_q  <= 1'b0;
      p_a_q      <= 1'b0;
      p_b_q      <= 1'b0;
      p_bpref_q  <= 1'b0;
      p_bnew_q   <= 1'b0;
      p_d0_q     <= 1'b0;
      p_d1_q     <= 1'b0;
      p_last_q   <= 1'b0;
      p_y_q      <= '0;
      p_fa_q     <= '0;
      p_fb_q     <= '0;
      p_dp_q     <= '0;
      p_islot_q  <= '0;
      p_abuf_q   <= '0;
      p_bbuf_q   <= '0;
      p_wa_q     <= 1'b0;
      p_wb_q     <= 1'b0;
    end else begin
      p_valid_q <= st_fire;
      if (st_fire) begin
        p_a_q      <= a_need;
        p_b_q      <= b_now;
        p_bpref_q  <= b_pref;
        p_bnew_q   <= b_early && b_need;   // a new row, read a cycle early
        p_d0_q     <= d0_req;
        p_d1_q     <= d1_req;
        p_last_q   <= st_last;
        p_y_q      <= st_y;
        p_fa_q     <= st_fa_q;
        p_fb_q     <= st_fb_q;
        p_dp_q     <= st_dn_q[3:0];
        p_islot_q  <= st_islot_q;
        p_abuf_q   <= st_buf_q[0];
        p_bbuf_q   <= st_buf_q[1];
        p_wa_q     <= st_ab && !st_ahit_q;
        p_wb_q     <= st_ab && !st_bhit_q;
      end
    end
  end

  // Responses: the A/B rows (fresh or held), their tile row, unpacked.
  logic [511:0] a_row, b_row, a_hold_q, b_hold_q, b_next_q, a_raw, b_raw;
  assign a_row = p_a_q ? rd0_data_i : a_hold_q;
  assign b_row = p_b_q ? rd1_data_i : p_bnew_q ? b_next_q : b_hold_q;
  assign ux_a_row_o = a_row;
  assign ux_b_row_o = b_row;
  assign ux_y_o     = p_y_q;
  assign ux_fa_o    = p_fa_q;
  assign ux_fb_o    = p_fb_q;
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_a (
    .row_i (a_row), .y_i (p_y_q), .fmt_i (p_fa_q), .ext_el_i (ux_a_i), .el_o (a_raw)
  );
  mosaic_tu_row_unpack_slot #(.Ext (ExtRow)) u_rowx_b (
    .row_i (b_row), .y_i (p_y_q), .fmt_i (p_fb_q), .ext_el_i (ux_b_i), .el_o (b_raw)
  );

  // The buffers keep the unpacked elements; the stepper widens the PeRows
  // + PeCols it feeds the array (mosaic_fp_widen), with the op's formats,
  // which match the buffer's tag.
  logic wa_en, wb_en;
  assign wa_en = p_valid_q && p_wa_q;
  assign wb_en = p_valid_q && p_wb_q;

  logic st_last_rsp;
  assign st_last_rsp = p_valid_q && p_last_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_act_q    <= 1'b0;
      st_chain_q  <= 1'b0;
      st_c_q      <= '0;
      st_dn_q     <= '0;
      st_ra_q     <= '0;
      st_rb_q     <= '0;
      st_rd_q     <= '0;
      st_fa_q     <= '0;
      st_fb_q     <= '0;
      st_fd_q     <= '0;
      st_islot_q  <= '0;
      st_buf_q[0] <= '0;
      st_buf_q[1] <= '0;
      st_ahit_q   <= 1'b0;
      st_bhit_q   <= 1'b0;
    end else begin
      if (accept_cmd) begin
        st_act_q    <= 1'b1;
        st_chain_q  <= chain_ok;
        // Both operands reused: only D (if any) to read.
        st_c_q      <= (cmd_hit[0] && cmd_hit[1]) ? 5'd16 : 5'd0;
        st_dn_q     <= '0;
        st_ra_q     <= cmd_ra_i;
        st_rb_q     <= cmd_rb_i;
        st_rd_q     <= cmd_rd_i;
        st_fa_q     <= cmd_fa_i;
        st_fb_q     <= cmd_fb_i;
        st_fd_q     <= cmd_fd_i;
        st_islot_q  <= disp_slot_q;
        st_buf_q[0] <= cmd_buf[0];
        st_buf_q[1] <= cmd_buf[1];
        st_ahit_q   <= cmd_hit[0];
        st_bhit_q   <= cmd_hit[1];
      end else if (st_last) begin
        st_act_q <= 1'b0;
      end else if (st_fire) begin
        if (st_ab) st_c_q <= st_c_q + 5'd1;
        if (d0_req || d1_req) st_dn_q <= st_dn_q + 5'd1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (wa_en) begin
      a_hold_q <= a_row;
    end
    if (wb_en) begin
      b_hold_q <= b_row;
    end
    if (p_valid_q && p_bpref_q) begin
      b_next_q <= rd1_data_i;
    end
    if (p_valid_q && (p_d0_q || p_d1_q)) begin
      sd_q[{p_islot_q, p_dp_q}] <= p_d0_q ? rd0_data_i : rd1_data_i;
    end
    if (p_valid_q && (p_d0_q || p_d1_q) && (p_dp_q[3:1] == 3'd0)) begin
      sd4_q[{p_islot_q, p_dp_q[0]}] <= p_d0_q ? rd0_data_i : rd1_data_i;
    end
  end

  // ------------------------------------------------------------------
  // Step. The stepper streams one output block (PeRows x PeCols of the
  // tile) at a time; a block that loads D needs its D rows in the array's
  // staging first. The D loader writes them for the next block (nb_*) while
  // the current one streams -- the array allows that from the cycle after
  // the current block's first (load) step -- so back-to-back blocks do not
  // wait for D (mosaic_tu_array "D staging").
  // ------------------------------------------------------------------
  logic             sp_act_q, sp_load_q;
  logic [BiW-1:0]   sp_bi_q;
  logic [BjW-1:0]   sp_bj_q;
  logic [4:0]       sp_k_q;
  logic [1:0]       staged_q;      // ops staged, not yet taken by the stepper
  logic             step_valid, step_ready, step_load, step_last, step_int;
  logic [PeRows-1:0] row_en;
  logic [PeCols-1:0] col_en;
  logic [PeRows*32-1:0] step_a;
  logic [PeCols*32-1:0] step_b;
  logic [1:0]       sab, sbb;
  logic [SubW-1:0]  arr_sub;    // the array's column group (0 unfolded)
  logic [RsubW-1:0] arr_rsub;   // and row group
  logic [SubW-1:0]  arr_nsub;   // both in the next cycle
  logic [RsubW-1:0] arr_nrsub;

  assign ss  = step_slot_q;
  assign sab = info_buf_q[0][ss];
  assign sbb = info_buf_q[1][ss];

  logic [3:0] blk_r0, blk_c0;   // first tile row / column of the block
  assign blk_r0 = 4'(sp_bi_q * PeRows);
  assign blk_c0 = 4'(sp_bj_q * PeCols);

  assign step_int   = fmt_is_int(info_fd_q[ss]);
  assign step_valid = sp_act_q;
  assign step_load  = (sp_k_q == 5'd0) && sp_load_q;
  assign step_last  = (sp_k_q == info_k_q[ss] - 5'd1);

  // op(A)[ti][k]: A row ti at word k, or with A transposed A row k at word
  // ti. B the same way with its transpose bit the other way round.
  logic a_tr, b_tr;
  assign a_tr = info_mode_q[ss][1];
  assign b_tr = !info_mode_q[ss][0];

  // The stepper's next state (the flops below take it), for the staging's
  // block RAM read a cycle ahead (mosaic_tu_mma_stage): the op's slot, its
  // buffers and modes, k-step and block. The op a new slot holds was
  // accepted cycles before the stepper reaches it, so its info is stable.
  // (Assigned below, with the stepper's flops.)
  logic [SlotW-1:0] ss_n;
  logic [4:0]       sp_k_n;
  logic [BiW-1:0]   sp_bi_n;
  logic [BjW-1:0]   sp_bj_n;
  for (genvar r = 0; r < PeRows; r++) begin : g_row_en
    assign row_en[r] = ({1'b0, blk_r0 + 4'(r)} < info_m_q[ss]);
  end
  for (genvar c = 0; c < PeCols; c++) begin : g_col_en
    assign col_en[c] = ({1'b0, blk_c0 + 4'(c)} < info_n_q[ss]);
  end

  // The PE row groups' elements of op(A) and the column groups' of op(B),
  // widened (a folded array reads row q * PeRowFold + arr_rsub and column
  // p * PeFold + arr_sub of each group this cycle).
  mosaic_tu_mma_stage #(
    .Rows (PeRows), .Fold (PeRowFold), .NBuf (NBuf)
  ) u_stage_a (
    .clk_i    (clk_i),
    .we_i     (wa_en),
    .wbuf_i   (p_abuf_q),
    .wy_i     (p_y_q),
    .wrow_i   (a_raw),
    .rbuf_i   (sab),
    .tr_i     (a_tr),
    .k_i      (sp_k_q[3:0]),
    .blk_i    (4'(sp_bi_q)),
    .sub_i    (4'(arr_rsub)),
    .nrbuf_i  (info_buf_q[0][ss_n]),
    .ntr_i    (info_mode_q[ss_n][1]),
    .nk_i     (sp_k_n[3:0]),
    .nblk_i   (4'(sp_bi_n)),
    .nsub_i   (4'(arr_nrsub)),
    .wen_i    (sp_act_q),
    .fmt_i    (info_fa_q[ss]),
    .to_int_i (step_int),
    .subn_i   (info_subn_q[ss]),
    .wide_o   (step_a)
  );
  mosaic_tu_mma_stage #(
    .Rows (PeCols), .Fold (PeFold), .NBuf (NBuf)
  ) u_stage_b (
    .clk_i    (clk_i),
    .we_i     (wb_en),
    .wbuf_i   (p_bbuf_q),
    .wy_i     (p_y_q),
    .wrow_i   (b_raw),
    .rbuf_i   (sbb),
    .tr_i     (b_tr),
    .k_i      (sp_k_q[3:0]),
    .blk_i    (4'(sp_bj_q)),
    .sub_i    (4'(arr_sub)),
    .nrbuf_i  (info_buf_q[1][ss_n]),
    .ntr_i    (!info_mode_q[ss_n][0]),
    .nk_i     (sp_k_n[3:0]),
    .nblk_i   (4'(sp_bj_n)),
    .nsub_i   (4'(arr_nsub)),
    .wen_i    (sp_act_q),
    .fmt_i    (info_fb_q[ss]),
    .to_int_i (step_int),
    .subn_i   (info_subn_q[ss]),
    .wide_o   (step_b)
  );

  // Next block and its D load.
  logic [SlotW-1:0] nb_slot_q;
  logic [BiW-1:0]   nb_bi_q;
  logic [BjW-1:0]   nb_bj_q;
  logic             nb_loaded_q, nb_first, nb_avail, nb_chn, start;
  logic             dl_act_q, dl_ok, dl_go, dl_last;
  logic [RowW-1:0]  dl_row_q;
  logic             blk_last, blk_steps_done;

  assign nb_first = (BiW'(nb_bi_q) == '0) && (BjW'(nb_bj_q) == '0);
  // A block of the op being stepped is staged; a new op once staged.
  assign nb_avail = !nb_first || (staged_q != 2'd0);
  assign nb_chn   = nb_first && info_chn_q[nb_slot_q];
  assign blk_last = (BiW'(sp_bi_q) == BiW'(BlkR - 1)) && (BjW'(sp_bj_q) == BjW'(BlkC - 1));
  assign blk_steps_done = step_valid && step_ready && step_last;
  assign op_steps_done  = blk_steps_done && blk_last;
  // The array takes a load step as late as the cycle its last D row is
  // written, so the block may start (first step next cycle) while the
  // second-to-last row is written; the load then finishes for the block
  // that is now current (dl_nb_q low).
  assign start = nb_avail && (nb_chn || nb_loaded_q || dl_near || (dl_last && dl_nb)) &&
                 (!sp_act_q || blk_steps_done);

  // The array reads its D staging in the cycle after a load step: the
  // staging is free once the current block's first step has gone.
  assign dl_ok   = !sp_act_q || !sp_load_q || (sp_k_q != 5'd0);
  // Row 0 is written in the cycle the load starts (dl_go), the others
  // from dl_row_q.
  logic [RowW-1:0] dl_row;
  logic            dl_nb_q, dl_nb, dl_near;
  assign dl_go   = nb_avail && !nb_chn && !nb_loaded_q && !dl_act_q && dl_ok;
  assign dl_row  = dl_act_q ? dl_row_q : '0;
  assign dl_last = (dl_go || dl_act_q) && (dl_row == RowW'(PeRows - 1));
  assign dl_nb   = dl_go || (dl_act_q && dl_nb_q);   // loading the block not yet started
  assign dl_near = dl_nb && (dl_row == RowW'(PeRows - 2));

  // D rows of the block being loaded (nb_* when the load starts, then
  // latched: the block may start, moving nb_*, before its last row), raw
  // from its TRF row, widened for the array.
  logic [SlotW-1:0] dl_slot_q, dl_slot;
  logic [BiW-1:0]   dl_bi_q, dl_bi;
  logic [BjW-1:0]   dl_bj_q, dl_bj;
  logic [3:0]   dl_y, dl_prow, dl_c0, dl_fd;
  logic [511:0] dl_el;
  logic         dl_int;
  logic [PeCols*32-1:0] d_wide;
  logic         d_we;             // D staging write (below)
  assign dl_slot = dl_act_q ? dl_slot_q : nb_slot_q;
  assign dl_bi   = dl_act_q ? dl_bi_q : nb_bi_q;
  assign dl_bj   = dl_act_q ? dl_bj_q : nb_bj_q;
  assign dl_fd   = info_fd_q[dl_slot];
  assign dl_y    = 4'(dl_bi * PeRows) + 4'(dl_row);
  assign dl_c0   = 4'(dl_bj * PeCols);
  assign dl_int  = fmt_is_int(dl_fd);
  mosaic_tu_row_addr u_prow_dl (.y_i (dl_y), .fmt_i (dl_fd), .prow_o (dl_prow));
  mosaic_tu_row_unpack u_rowx_dl (.row_i (sd_q[{dl_slot, dl_prow}]), .y_i (dl_y),
                            .fmt_i (dl_fd), .el_o (dl_el));
  // Widened only while the loader writes the array's D staging (d_we).
  for (genvar c = 0; c < PeCols; c++) begin : g_dcvt
    logic [3:0] tj;
    assign tj = dl_c0 + 4'(c);
    mosaic_fp_widen u_wide_d (
      .en_i (d_we), .fmt_i (dl_fd), .to_int_i (dl_int), .subn_i (info_subn_q[dl_slot]),
      .bits_i (dl_el[32*tj +: 32]), .bits_o (d_wide[32*c +: 32])
    );
  end

  logic take;
  assign take = start && nb_first;   // the stepper takes a staged op

  assign ss_n    = op_steps_done ? slot_inc(ss) : ss;
  assign sp_k_n  = (start || blk_steps_done) ? 5'd0 :
                   (step_valid && step_ready) ? sp_k_q + 5'd1 : sp_k_q;
  assign sp_bi_n = start ? nb_bi_q : sp_bi_q;
  assign sp_bj_n = start ? nb_bj_q : sp_bj_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sp_act_q    <= 1'b0;
      sp_load_q   <= 1'b0;
      sp_bi_q     <= '0;
      sp_bj_q     <= '0;
      sp_k_q      <= '0;
      nb_slot_q   <= '0;
      nb_bi_q     <= '0;
      nb_bj_q     <= '0;
      nb_loaded_q <= 1'b0;
      dl_act_q    <= 1'b0;
      dl_row_q    <= '0;
      dl_nb_q     <= 1'b0;
      dl_slot_q   <= '0;
      dl_bi_q     <= '0;
      dl_bj_q     <= '0;
    end else begin
      sp_k_q  <= sp_k_n;
      sp_bi_q <= sp_bi_n;
      sp_bj_q <= sp_bj_n;
      if (start) begin
        sp_act_q    <= 1'b1;
        sp_load_q   <= !nb_chn;
        if (BjW'(nb_bj_q) != BjW'(BlkC - 1)) begin
          nb_bj_q <= nb_bj_q + BjW'(1);
        end else begin
          nb_bj_q <= '0;
          if (BiW'(nb_bi_q) != BiW'(BlkR - 1)) begin
            nb_bi_q <= nb_bi_q + BiW'(1);
          end else begin
            nb_bi_q   <= '0;
            nb_slot_q <= slot_inc(nb_slot_q);
          end
        end
      end else if (blk_steps_done) begin
        sp_act_q <= 1'b0;
      end
      if (start)                 nb_loaded_q <= 1'b0;
      else if (dl_last && dl_nb) nb_loaded_q <= 1'b1;
      if (start)      dl_nb_q <= 1'b0;
      else if (dl_go) dl_nb_q <= 1'b1;
      if (dl_last) begin
        dl_act_q <= 1'b0;
      end else if (dl_go) begin
        dl_act_q  <= 1'b1;
        dl_row_q  <= RowW'(1);
        dl_slot_q <= nb_slot_q;
        dl_bi_q   <= nb_bi_q;
        dl_bj_q   <= nb_bj_q;
      end else if (dl_act_q) begin
        dl_row_q <= dl_row_q + RowW'(1);
      end
    end
  end

  assign d_we = dl_go || dl_act_q;

  // ------------------------------------------------------------------
  // Array
  // ------------------------------------------------------------------
  logic                 out_valid, out_release, arr_busy, arr_work;
  logic [RowW-1:0]      out_row;
  logic [PeCols*32-1:0] out_data;
  logic [5:0]           out_flags;

  // The array's clock runs while it takes steps, D rows or a release, or
  // has a step in flight (arr_busy); between ops (vector, reduction, SDMA
  // work) the PEs are a fixed point and their clock stops, which is most
  // of an idle-array model's simulation cost (mosaic_clock_gate).
  logic arr_clk;
  mosaic_clock_gate u_array_cg (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .act_i  (step_valid || d_we || out_release || arr_busy),
    .clk_o  (arr_clk)
  );

  mosaic_tu_array #(
    .PeRows (PeRows),
    .PeCols (PeCols),
    .PeFold    (PeFold),
    .PeRowFold (PeRowFold)
  ) u_array (
    .clk_i         (arr_clk),
    .rst_ni        (rst_ni),
    .step_valid_i  (step_valid),
    .step_ready_o  (step_ready),
    .step_load_i   (step_load),
    .step_last_i   (step_last),
    .step_int_i    (step_int),
    .step_wrap_i   (info_wrap_q[ss]),
    .step_rm_i     (info_rm_q[ss]),
    .step_row_en_i (row_en),
    .step_col_en_i (col_en),
    .step_a_i      (step_a),
    .step_b_i      (step_b),
    .d_we_i        (d_we),
    .d_row_i       (dl_row),
    .d_data_i      (d_wide),
    .out_valid_o   (out_valid),
    .out_release_i (out_release),
    .out_row_i     (out_row),
    .out_data_o    (out_data),
    .out_flags_o   (out_flags),
    .work_o        (arr_work),
    .sub_o         (arr_sub),
    .rsub_o        (arr_rsub),
    .nsub_o        (arr_nsub),
    .nrsub_o       (arr_nrsub),
    .busy_o        (arr_busy)
  );

  // Useful MACs: enabled PEs of an accepted step.
  logic [4:0] n_rows_en, n_cols_en;
  always_comb begin
    n_rows_en = '0;
    n_cols_en = '0;
    for (int r = 0; r < PeRows; r++) n_rows_en = n_rows_en + 5'(row_en[r]);
    for (int c = 0; c < PeCols; c++) n_cols_en = n_cols_en + 5'(col_en[c]);
  end
  // Busy: the array works on a step (PeFold x PeRowFold cycles a step);
  // the useful MACs count once, as the step is accepted.
  assign ev_mac_busy_o = arr_work;
  assign ev_macs_o     = (step_valid && step_ready) ? 16'(n_rows_en) * 16'(n_cols_en) : 16'd0;

  // ------------------------------------------------------------------
  // Drain
  // ------------------------------------------------------------------
  logic             dr_act_q;      // reading a snapshot
  logic [RowW-1:0]  dr_row_q;
  logic [BiW-1:0]   dr_bi_q;
  logic [BjW-1:0]   dr_bj_q;
  logic             dr_sat_q, dr_nx_q;
  assign ds = drain_slot_q;

  // The snapshot is read from the cycle out_valid rises; the row counter
  // runs one row per cycle (the TRF write port never stalls). With a folded
  // array (PeFold > 1) a row takes PeFold cycles: its PeCols / PeFold
  // converters take column group s in the row's s-th cycle, and the row is
  // written in its last. The snapshot is then released as the last row is
  // read in its last cycle (the array's contract allows any time up to
  // there), not one row early.
  logic dr_last_row, dr_blk_last, dr_row_end;
  logic [SubW-1:0] dr_sub;   // the row's cycle (0 when not folded)
  assign dr_go       = out_valid || dr_act_q;
  assign out_row     = dr_row_q;
  if (ColFolded) begin : g_dr_sub
    logic [SubW-1:0] dr_sub_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        dr_sub_q <= '0;
      end else if (dr_go) begin
        dr_sub_q <= dr_sub_q + SubW'(1);   // wraps to 0 as the row ends
      end
    end
    assign dr_sub     = dr_sub_q;
    assign dr_row_end = dr_go && (dr_sub_q == SubW'(PeFold - 1));
  end else begin : g_dr_nosub
    assign dr_sub     = '0;
    assign dr_row_end = dr_go;
  end
  assign dr_last_row = dr_row_end && (dr_row_q == RowW'(PeRows - 1));
  assign out_release = ColFolded ? dr_last_row : (dr_go && (dr_row_q == RowW'(PeRows - 2)));
  assign dr_blk_last = (BiW'(dr_bi_q) == BiW'(BlkR - 1)) && (BjW'(dr_bj_q) == BjW'(BlkC - 1));

  logic [3:0] dr_r0, dr_c0, dr_i;
  assign dr_r0 = 4'(dr_bi_q * PeRows);
  assign dr_c0 = 4'(dr_bj_q * PeCols);
  assign dr_i  = dr_r0 + 4'(dr_row_q);

  logic [511:0] dr_el;
  logic [15:0]  dr_en;
  logic [PeCols-1:0] dr_sat, dr_nx;
  logic         dr_int, dr_row_in;
  assign dr_int    = fmt_is_int(info_fd_q[ds]);
  assign dr_row_in = ({1'b0, dr_i} < info_m_q[ds]);
  // The stager's d_prow (above): in a block row's last block column the
  // drain's own row, before it the block row's first.
  logic [3:0] d_tiles;
  assign d_tiles = (BjW'(dr_bj_q) == BjW'(BlkC - 1)) ? dr_i : dr_r0;
  mosaic_tu_row_addr u_prow_dd (.y_i (d_tiles), .fmt_i (info_fd_q[ds]), .prow_o (d_prow));

  // Converter p takes column p * PeFold + dr_sub (column p unfolded).
  logic [31:0] cv_in [PhysC];
  logic [31:0] cv_out [PhysC];
  logic [5:0]  cv_fl [PhysC];
  for (genvar p = 0; p < PhysC; p++) begin : g_drain_cvt
    always_comb begin
      cv_in[p] = '0;
      for (int s = 0; s < PeFold; s++) begin
        if (dr_sub == SubW'(s)) cv_in[p] = out_data[32*(p*PeFold + s) +: 32];
      end
    end
    logic [mosaic_pkg::CvtReqW-1:0] req;
    mosaic_tu_cvt_slot #(
      .Ext (ExtCvt)
    ) u_cvt_o (
      .from_i       (dr_int ? mosaic_pkg::FmtInt32 : mosaic_pkg::FmtFp32),
      .to_i         (info_fd_q[ds]),
      .bits_i       (cv_in[p]),
      .rm_i         (info_rm_q[ds]),
      .fp8_sat_i    (info_sat8_q[ds]),
      .subnormals_i (info_subn_q[ds]),
      .int_wrap_i   (info_wrap_q[ds]),
      .bits_o       (cv_out[p]),
      .flags_o      (cv_fl[p]),
      .req_o        (req),
      .res_i        (cn_res_i)
    );
    if (p == 0) begin : g_req
      assign cn_req_o = req;
    end else begin : g_no_req
      logic unused_req;
      assign unused_req = ^req;
    end
  end

  // Column c's result and flags: this cycle's converter, or one of an
  // earlier cycle of the row, held (folded only).
  logic [31:0] dr_cvt [PeCols];
  logic [5:0]  dr_fl [PeCols];
  if (ColFolded) begin : g_drain_hold
    logic [PeCols*32-1:0] res_q;
    logic [PeCols*6-1:0]  fl_q;
    always_ff @(posedge clk_i) begin
      for (int c = 0; c < PeCols; c++) begin
        if (dr_go && dr_sub == SubW'(c % PeFold)) begin
          res_q[32*c +: 32] <= cv_out[c / PeFold];
          fl_q[6*c +: 6]    <= cv_fl[c / PeFold];
        end
      end
    end
    always_comb begin
      for (int c = 0; c < PeCols; c++) begin
        dr_cvt[c] = res_q[32*c +: 32];
        dr_fl[c]  = fl_q[6*c +: 6];
        if (dr_sub == SubW'(c % PeFold)) begin
          dr_cvt[c] = cv_out[c / PeFold];
          dr_fl[c]  = cv_fl[c / PeFold];
        end
      end
    end
  end else begin : g_drain_now
    for (genvar c = 0; c < PeCols; c++) begin : g_col
      assign dr_cvt[c] = cv_out[c];
      assign dr_fl[c]  = cv_fl[c];
    end
  end
  for (genvar c = 0; c < PeCols; c++) begin : g_drain_fl
    assign dr_sat[c] = dr_fl[c][mosaic_pkg::FlagSat] && dr_row_in &&
                       ({1'b0, dr_c0 + 4'(c)} < info_n_q[ds]);
    assign dr_nx[c]  = dr_fl[c][mosaic_pkg::FlagNx] && dr_row_in &&
                       ({1'b0, dr_c0 + 4'(c)} < info_n_q[ds]);
  end

  for (genvar j = 0; j < 16; j++) begin : g_drain_el
    logic in_blk, en;
    assign in_blk = (BjW'(dr_bj_q) == BjW'(j / PeCols));
    assign en     = in_blk && dr_row_in && (5'(j) < info_n_q[ds]);
    assign dr_en[j] = en;
    assign dr_el[32*j +: 32] = en ? dr_cvt[j % PeCols] : 32'd0;
  end

  logic [3:0]   dr_prow;
  logic [511:0] dr_data;
  logic [63:0]  dr_be;
  mosaic_tu_row_pack_slot #(
    .Ext (ExtRow)
  ) u_rowp (
    .el_i       (dr_el),
    .en_i       (dr_en),
    .y_i        (dr_i),
    .fmt_i      (info_fd_q[ds]),
    .ext_prow_i (px_prow_i),
    .ext_data_i (px_data_i),
    .ext_be_i   (px_be_i),
    .prow_o     (dr_prow),
    .data_o     (dr_data),
    .be_o       (dr_be)
  );
  assign px_el_o  = dr_el;
  assign px_en_o  = dr_en;
  assign px_y_o   = dr_i;
  assign px_fmt_o = info_fd_q[ds];

  // An FP4 byte holds two elements, and the drain may write only one of
  // them (an odd mtilen, or a block column's edge on a smaller array): the
  // byte is enabled and its other nibble keeps D's old value, taken from
  // the raw D row as staged. FP4 tile row y is the 8 bytes at y[2:0] of
  // its TRF row (row y[3]), element e their nibble e.
  logic [511:0] dr_old, dr_wdata;
  logic         dr_fp4;
  assign dr_old = sd4_q[{ds, dr_i[3]}];
  assign dr_fp4 = (info_fd_q[ds] == mosaic_pkg::FmtFp4);
  for (genvar n = 0; n < 128; n++) begin : g_drain_nib
    logic keep;
    assign keep = dr_fp4 && (dr_i[2:0] == 3'(n / 16)) && !dr_en[n % 16];
    assign dr_wdata[4*n +: 4] = keep ? dr_old[4*n +: 4] : dr_data[4*n +: 4];
  end

  assign wr_req_o  = dr_row_end && (dr_be != 64'd0);
  assign wr_reg_o  = info_rd_q[ds];
  assign wr_row_o  = dr_prow;
  assign wr_be_o   = dr_be;
  assign wr_data_o = dr_wdata;

  logic dr_op_done;
  assign dr_op_done = dr_last_row && dr_blk_last;
  // The array's flags (integer clamp) are valid from the second cycle of
  // out_valid: PeRows >= 2 makes the last row late enough.
  assign done_o     = dr_op_done;
  assign done_seq_o = info_seq_q[ds];
  assign done_sat_o = dr_sat_q || (|dr_sat) || (dr_int && out_flags[mosaic_pkg::FlagSat]);
  assign done_fin_o = info_fin_q[ds];
  assign done_fd_o  = info_fd_q[ds];
  // Integer results are exact or clamped (SAT only), as in the golden model.
  logic dr_nx_now;
  assign dr_nx_now  = !dr_int && ((|dr_nx) || out_flags[mosaic_pkg::FlagNx]);
  assign done_nx_o  = info_ame_q[ds] && (dr_nx_q || dr_nx_now);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dr_act_q <= 1'b0;
      dr_row_q <= '0;
      dr_bi_q  <= '0;
      dr_bj_q  <= '0;
      dr_sat_q <= 1'b0;
      dr_nx_q  <= 1'b0;
    end else if (dr_row_end) begin
      if (dr_last_row) begin
        dr_act_q <= 1'b0;
        dr_row_q <= '0;
        if (dr_blk_last) begin
          dr_bi_q  <= '0;
          dr_bj_q  <= '0;
          dr_sat_q <= 1'b0;
          dr_nx_q  <= 1'b0;
        end else begin
          dr_sat_q <= dr_sat_q || (|dr_sat) || (dr_int && out_flags[mosaic_pkg::FlagSat]);
          dr_nx_q  <= dr_nx_q || dr_nx_now;
          if (BjW'(dr_bj_q) == BjW'(BlkC - 1)) begin
            dr_bj_q <= '0;
            dr_bi_q <= dr_bi_q + BiW'(1);
          end else begin
            dr_bj_q <= dr_bj_q + BjW'(1);
          end
        end
      end else begin
        dr_act_q <= 1'b1;
        dr_row_q <= dr_row_q + RowW'(1);
        dr_sat_q <= dr_sat_q || (|dr_sat);
        dr_nx_q  <= dr_nx_q || (!dr_int && (|dr_nx));
      end
    end
  end

  // ------------------------------------------------------------------
  // Slot bookkeeping
  // ------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      info_v_q     <= '0;
      disp_slot_q  <= '0;
      step_slot_q  <= '0;
      drain_slot_q <= '0;
      ab_used_q    <= '0;
      staged_q     <= '0;
      last_ok_q    <= 1'b0;
      last_rd_q    <= '0;
      for (int s = 0; s < Slots; s++) begin
        info_rd_q[s]   <= '0;
        info_fd_q[s]   <= '0;
        info_rm_q[s]   <= '0;
        info_sat8_q[s] <= 1'b0;
        info_subn_q[s] <= 1'b0;
        info_fa_q[s]   <= '0;
        info_fb_q[s]   <= '0;
        info_wrap_q[s] <= 1'b0;
        info_ame_q[s]  <= 1'b0;
        info_fin_q[s]  <= 1'b0;
        info_mode_q[s] <= '0;
        info_m_q[s]    <= '0;
        info_k_q[s]    <= '0;
        info_n_q[s]    <= '0;
        info_seq_q[s]  <= '0;
        info_chn_q[s]  <= 1'b0;
        info_buf_q[0][s] <= '0;
        info_buf_q[1][s] <= '0;
      end
    end else begin
      if (accept_cmd) begin
        info_v_q[disp_slot_q]    <= 1'b1;
        info_rd_q[disp_slot_q]   <= cmd_rd_i;
        info_fd_q[disp_slot_q]   <= cmd_fd_i;
        info_rm_q[disp_slot_q]   <= cmd_rm_i;
        info_sat8_q[disp_slot_q] <= cmd_fp8_sat_i;
        info_subn_q[disp_slot_q] <= cmd_subn_i;
        info_fa_q[disp_slot_q]   <= cmd_fa_i;
        info_fb_q[disp_slot_q]   <= cmd_fb_i;
        info_wrap_q[disp_slot_q] <= cmd_wrap_i;
        info_ame_q[disp_slot_q]  <= cmd_ame_i;
        info_fin_q[disp_slot_q]  <= cmd_fin_i;
        info_mode_q[disp_slot_q] <= cmd_mode_i;
        info_m_q[disp_slot_q]    <= cmd_m_i;
        info_k_q[disp_slot_q]    <= cmd_k_i;
        info_n_q[disp_slot_q]    <= cmd_n_i;
        info_seq_q[disp_slot_q]  <= cmd_seq_i;
        info_chn_q[disp_slot_q]  <= chain_ok;
        info_buf_q[0][disp_slot_q] <= cmd_buf[0];
        info_buf_q[1][disp_slot_q] <= cmd_buf[1];
        disp_slot_q <= slot_inc(disp_slot_q);
        last_ok_q   <= 1'b1;
        last_rd_q   <= cmd_rd_i;
      end else if (chain_break_i) begin
        last_ok_q <= 1'b0;
      end
      if (dr_op_done) begin
        info_v_q[drain_slot_q] <= 1'b0;
        drain_slot_q <= slot_inc(drain_slot_q);
      end
      step_slot_q <= ss_n;
      ab_used_q <= ab_used_q + 2'(accept_cmd) - 2'(op_steps_done);
      // An op counts as staged when its last row arrives; the stepper takes
      // it when it becomes idle.
      staged_q  <= staged_q + 2'(st_last_rsp) - 2'(take);
    end
  end

  // Tags and reference counts.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int o = 0; o < 2; o++) begin
        tg_v_q[o] <= '0;
        for (int b = 0; b < NBuf; b++) begin
          tg_reg_q[o][b]  <= '0;
          tg_fmt_q[o][b]  <= '0;
          tg_subn_q[o][b] <= 1'b0;
          tg_int_q[o][b]  <= 1'b0;
          tg_cnt_q[o][b]  <= '0;
        end
      end
    end else begin
      for (int o = 0; o < 2; o++) begin
        for (int b = 0; b < NBuf; b++) begin
          tg_cnt_q[o][b] <= tg_cnt_q[o][b] + 2'(accept_cmd && (cmd_buf[o] == 2'(b))) -
                            2'(op_steps_done && (info_buf_q[o][ss] == 2'(b)));
          if (accept_cmd && !cmd_hit[o] && (cmd_buf[o] == 2'(b))) begin
            // A write in the accept cycle leaves the new tag invalid: the
            // staging reads follow it, but dropping a tag is always safe.
            tg_v_q[o][b]    <= !trf_wr_regs[cmd_reg[o]];
            tg_reg_q[o][b]  <= cmd_reg[o];
            tg_fmt_q[o][b]  <= cmd_fmt[o];
            tg_subn_q[o][b] <= cmd_subn_i;
            tg_int_q[o][b]  <= cmd_int;
          end else if (trf_wr_regs[tg_reg_q[o][b]]) begin
            tg_v_q[o][b] <= 1'b0;
          end
        end
      end
    end
  end

  always_comb begin
    pending_o = '0;
    for (int s = 0; s < Slots; s++) begin
      if (info_v_q[s]) pending_o[info_rd_q[s]] = 1'b1;
    end
  end

  always_comb begin
    reading_o = '0;
    if (st_act_q) begin
      reading_o[st_ra_q] = 1'b1;
      reading_o[st_rb_q] = 1'b1;
      reading_o[st_rd_q] = 1'b1;
    end
  end

  assign busy_o = (info_v_q != '0) || st_act_q;

  logic unused;
  assign unused = arr_busy ^ (^out_flags) ^ rd0_valid_i;

endmodule

`default_nettype wire
