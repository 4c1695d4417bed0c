// Tile reductions, fed one 16-element row per cycle: tred (sum, max, min of
// a whole tile to a scalar) and the row operations trowmax / trowsum (one
// value per row), exactly as sw/golden/minat_red.c and minat_elem.c compute
// them (bits; flags as the golden's flag word, of which only SAT is
// architectural).
//
// Input: row_i holds row r of the source tile, element c at [32c +: 32] as
// a right-aligned raw pattern of s_fmt_i (A's tag for the row ops, S's for
// tred). Rows come in order 0..15; the block counts them itself (clear_i
// drops a partly fed tile). op_i, formats and options are sampled with
// every row and must stay the same for the 16 rows of a tile.
//
//   op_i  0 tred sum   1 tred max   2 tred min   (3 acts as 2)
//         4 trowmax    5 trowsum                 (6, 7 act as 4, 5)
//
// Float domain (s_fmt_i a float format): every element widens exactly to
// FP32 (mosaic_fmt_cvt; FP8/FP4 subnormals flush unless subnormals_i).
//   tred sum: the architectural order. Sixteen FP32 adders
//     (mosaic_fp_add32) hold the column partial sums: row 0 loads them,
//     rows 1..15 add into them top to bottom; then the same adders reduce
//     the 16 columns pairwise, ((p0+p1)+(p2+p3))+..., one tree level per
//     cycle (8, 4, 2, 1 adds).
//   tred max/min, trowmax: maximumNumber/minimumNumber (mosaic_fp_minmax32).
//     On bit patterns it is associative and commutative, so a 16-input tree
//     per row and a running value across rows give the golden's
//     left-to-right result.
//   trowsum: left to right, acc = ((x0 + x1) + x2) + ...: the row is
//     buffered in the column registers and adder 0 adds one element per
//     cycle (15 cycles per row).
//   Row results convert FP32 -> d_fmt_i (mosaic_fmt_cvt under rm_i,
//   fp8_sat_i, subnormals_i); tred returns the FP32 pattern.
// Integer domain (INT8/INT16/INT32 source): exact. tred sum saturates to
// INT32 (SAT), tred max/min are exact INT32 values; trowsum/trowmax
// saturate to d_fmt_i (an integer format, SAT), result masked to its width.
//
// Output (one register, valid_o/ready_i): res_o is the tred scalar (x[rd]
// value) with last_o = 1 and row_o = 15, or, for a row op, D[r][0] in D's
// format with row_o = r and last_o = (r == 15); the rest of D's row r is
// zero (the golden writes the row result in column 0 only). flags_o is the
// flag word of that result (tred: the whole tile; row op: the row), sat_o
// its SAT bit (OR it into mcsr.msat).
//
// Timing (rows accepted on valid_i & ready_o; ready_o = accepting state &
// (~valid_o | ready_i)):
//   tred int, tred float max/min, trowmax, int trowsum: one row per cycle;
//     a result is in the output register the cycle after its row is
//     accepted (tred: after row 15).
//   tred float sum: one row per cycle, then 4 tree cycles; the result is
//     in the output register 4 cycles after row 15's accepting edge
//     (ready_o low meanwhile): 20 cycles per tile.
//   float trowsum: each row is accepted, then summed in 15 cycles (ready_o
//     low); its result is registered at the 15th: 16 cycles per row.
// A result waits in the output register for ready_i; while it does, a
// step that would write the register (and any row) stalls.
//
// MOSAIC_INJECT_RED_BUG (test builds only): the tred column tree pairs
// p[c] with p[c + width/2] instead of p[2c + 1] (tb/modules/test_rtl_red
// must notice).

`default_nettype none

module mosaic_tu_red (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         clear_i,

  input  logic         valid_i,
  output logic         ready_o,
  input  logic [2:0]   op_i,
  input  logic [3:0]   s_fmt_i,
  input  logic [3:0]   d_fmt_i,
  input  logic [2:0]   rm_i,
  input  logic         fp8_sat_i,
  input  logic         subnormals_i,
  input  logic [511:0] row_i,

  output logic         valid_o,
  input  logic         ready_i,
  output logic [31:0]  res_o,
  output logic [3:0]   row_o,
  output logic         last_o,
  output logic [5:0]   flags_o,
  output logic         sat_o
);

  localparam logic [1:0] SRows = 2'd0;  // accepting rows
  localparam logic [1:0] STree = 2'd1;  // tred float sum: column tree
  localparam logic [1:0] SRsum = 2'd2;  // float trowsum: sequential sum

  localparam logic [5:0] FSat = 6'b1 << mosaic_pkg::FlagSat;

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  logic [1:0]  state_q;
  logic [3:0]  row_q;      // index of the next row to accept
  logic [1:0]  lvl_q;      // tree level
  logic [3:0]  step_q;     // trowsum: element being added
  logic [3:0]  rrow_q;     // trowsum: row being summed
  logic [5:0]  fl_q;       // flags gathered so far
  logic [31:0] facc_q;     // tred float max/min running value
  logic signed [41:0] iacc_q;  // tred integer running sum / max / min
  logic [3:0]  d_fmt_q;
  logic [2:0]  rm_q;
  logic        fp8_sat_q, subnormals_q;

  logic        out_valid_q, out_last_q;
  logic [31:0] out_res_q;
  logic [3:0]  out_row_q;
  logic [5:0]  out_flags_q;

  logic out_free, accept, first, last;
  assign out_free = ~out_valid_q | ready_i;
  assign ready_o  = (state_q == SRows) & out_free;
  assign accept   = valid_i & ready_o;
  assign first    = (row_q == 4'd0);
  assign last     = (row_q == 4'd15);

  // Decoded op of the incoming row.
  logic is_row, is_sum, is_min, s_int;
  assign is_row = op_i[2];
  assign is_sum = is_row ? op_i[0] : (op_i[1:0] == 2'd0);
  assign is_min = ~is_row & op_i[1];
  assign s_int  = (s_fmt_i == mosaic_pkg::FmtInt8) | (s_fmt_i == mosaic_pkg::FmtInt16) |
                  (s_fmt_i == mosaic_pkg::FmtInt32);

  logic in_tsum, in_rsum_f;   // rows that start a multi-cycle phase or add
  assign in_tsum   = ~is_row & is_sum & ~s_int;
  assign in_rsum_f = is_row & is_sum & ~s_int;

  // ---------------------------------------------------------------------
  // Widening and integer views of the row
  // ---------------------------------------------------------------------
  logic [511:0] x;
  logic [95:0]  wflags_v;
  logic [5:0]   wflags;
  logic [511:0] iv;         // sign-extended integer elements

  for (genvar c = 0; c < 16; c++) begin : g_in
    logic [31:0] e;
    assign e = row_i[32*c +: 32];
    mosaic_fmt_cvt u_widen (
      .from_i       (s_fmt_i),
      .to_i         (mosaic_pkg::FmtFp32),
      .bits_i       (e),
      .rm_i         (rm_i),
      .fp8_sat_i    (fp8_sat_i),
      .subnormals_i (subnormals_i),
      .int_wrap_i   (1'b0),
      .bits_o       (x[32*c +: 32]),
      .flags_o      (wflags_v[6*c +: 6])
    );
    assign iv[32*c +: 32] = (s_fmt_i == mosaic_pkg::FmtInt8)  ? {{24{e[7]}}, e[7:0]} :
                            (s_fmt_i == mosaic_pkg::FmtInt16) ? {{16{e[15]}}, e[15:0]} : e;
  end

  // Icarus 11 mis-orders always_comb over part-selects; OR-reduce by
  // continuous assigns instead.
  for (genvar k = 0; k < 6; k++) begin : g_wfl
    logic [15:0] bits;
    for (genvar c = 0; c < 16; c++) begin : g_c
      assign bits[c] = wflags_v[6*c + k];
    end
    assign wflags[k] = s_int ? 1'b0 : |bits;
  end

  // ---------------------------------------------------------------------
  // Per-row trees: float max/min, integer max/min, integer sum
  // ---------------------------------------------------------------------
  logic fmin;
  assign fmin = is_min;

  for (genvar l = 0; l < 4; l++) begin : g_ft
    localparam int N = 8 >> l;
    logic [64*N-1:0] tin;
    logic [32*N-1:0] tout;
    logic [64*N-1:0] iin;
    logic [32*N-1:0] iout;
    if (l == 0) begin : g_first
      assign tin = x;
      assign iin = iv;
    end else begin : g_next
      assign tin = g_ft[l-1].tout;
      assign iin = g_ft[l-1].iout;
    end
    for (genvar k = 0; k < N; k++) begin : g_u
      mosaic_fp_minmax32 u_cmp (
        .a_i   (tin[64*k +: 32]),
        .b_i   (tin[64*k + 32 +: 32]),
        .min_i (fmin),
        .res_o (tout[32*k +: 32])
      );
      logic signed [31:0] ia, ib;
      logic               a_wins;
      assign ia     = $signed(iin[64*k +: 32]);
      assign ib     = $signed(iin[64*k + 32 +: 32]);
      assign a_wins = fmin ? (ia < ib) : (ia > ib);
      assign iout[32*k +: 32] = a_wins ? ia : ib;
    end
  end

  logic [31:0]        row_fm;   // float max/min of the row
  logic signed [31:0] row_im;   // integer max/min of the row
  assign row_fm = g_ft[3].tout;
  assign row_im = $signed(g_ft[3].iout);

  // Exact sum of 16 INT32 values: 36 bits.
  for (genvar c = 0; c < 16; c++) begin : g_isum
    logic signed [36:0] s;
    if (c == 0) begin : g_first
      assign s = 37'($signed(iv[31:0]));
    end else begin : g_next
      assign s = g_isum[c-1].s + 37'($signed(iv[32*c +: 32]));
    end
  end
  logic signed [36:0] row_isum;
  assign row_isum = g_isum[15].s;

  // ---------------------------------------------------------------------
  // The sixteen FP32 adders and the column registers
  // ---------------------------------------------------------------------
  logic [511:0] acc;        // column registers, flat
  logic [511:0] sum;
  logic [95:0]  sum_fl;
  logic [2:0]   add_rm;
  assign add_rm = (state_q == SRows) ? rm_i : rm_q;

  logic tree_go, rsum_go, rsum_last;
  assign tree_go   = (state_q == STree) & ((lvl_q != 2'd3) | out_free);
  assign rsum_last = (step_q == 4'd15);
  assign rsum_go   = (state_q == SRsum) & (~rsum_last | out_free);

  // Live adders in this tree level: c < 8 >> lvl.
  logic [3:0]  tree_n;
  logic [15:0] tree_live;
  assign tree_n    = 4'd8 >> lvl_q;
  assign tree_live = 16'h00FF >> (4'd8 - tree_n);

  logic [31:0] acc_j;
  assign acc_j = acc[32*step_q +: 32];

  for (genvar c = 0; c < 16; c++) begin : g_col
    logic [31:0] a, b, acc_q;
    if (c < 8) begin : g_tree
`ifdef MOSAIC_INJECT_RED_BUG
      logic [3:0] partner;
      assign partner = 4'(c) + tree_n;
      assign a = acc[32*c +: 32];
      assign b = (state_q == STree) ? acc[32*partner +: 32] :
                 (state_q == SRsum && c == 0) ? acc_j : x[32*c +: 32];
`else
      assign a = (state_q == STree) ? acc[64*c +: 32] : acc[32*c +: 32];
      assign b = (state_q == STree) ? acc[64*c + 32 +: 32] :
                 (state_q == SRsum && c == 0) ? acc_j : x[32*c +: 32];
`endif
    end else begin : g_plain
      assign a = acc[32*c +: 32];
      assign b = x[32*c +: 32];
    end

    mosaic_fp_add32 u_add (
      .a_i     (a),
      .b_i     (b),
      .rm_i    (add_rm),
      .res_o   (sum[32*c +: 32]),
      .flags_o (sum_fl[6*c +: 6])
    );

    logic load, add;
    assign load = accept & ((in_tsum & first) | in_rsum_f);
    assign add  = (accept & in_tsum & ~first) |
                  (tree_go & tree_live[c]) |
                  (rsum_go & (c == 0));

    // Data registers need no reset: the state machine qualifies them.
    always_ff @(posedge clk_i) begin
      if (load) begin
        acc_q <= x[32*c +: 32];
      end else if (add) begin
        acc_q <= sum[32*c +: 32];
      end
    end
    assign acc[32*c +: 32] = acc_q;
  end

  // Flags of the adders that work this cycle.
  logic [5:0] add_fl_all, add_fl_tree;
  for (genvar k = 0; k < 6; k++) begin : g_afl
    logic [15:0] all, live;
    for (genvar c = 0; c < 16; c++) begin : g_c
      assign all[c]  = sum_fl[6*c + k];
      assign live[c] = sum_fl[6*c + k] & tree_live[c];
    end
    assign add_fl_all[k]  = |all;
    assign add_fl_tree[k] = |live;
  end

  // ---------------------------------------------------------------------
  // Results
  // ---------------------------------------------------------------------
  // Row results to D's format: the float ones through one converter (the
  // trowsum sum once its 15th add is done, else this row's max).
  logic        rsum_phase;
  logic [31:0] cvt_out;
  logic [5:0]  cvt_fl;
  assign rsum_phase = (state_q == SRsum);

  mosaic_fmt_cvt u_narrow (
    .from_i       (mosaic_pkg::FmtFp32),
    .to_i         (rsum_phase ? d_fmt_q : d_fmt_i),
    .bits_i       (rsum_phase ? sum[31:0] : row_fm),
    .rm_i         (rsum_phase ? rm_q : rm_i),
    .fp8_sat_i    (rsum_phase ? fp8_sat_q : fp8_sat_i),
    .subnormals_i (rsum_phase ? subnormals_q : subnormals_i),
    .int_wrap_i   (1'b0),
    .bits_o       (cvt_out),
    .flags_o      (cvt_fl)
  );

  // Integer row result saturated to D (INT8/INT16/INT32).
  logic signed [41:0] ir_val;
  logic [31:0]        ir_sat;
  logic               ir_clamp;
  assign ir_val = is_sum ? 42'(row_isum) : 42'(row_im);
  mosaic_tu_int_sat u_row_sat (
    .val_i (ir_val),
    .fmt_i (d_fmt_i),
    .res_o (ir_sat),
    .sat_o (ir_clamp)
  );

  // tred integer: running value after this row, and its INT32 saturation.
  logic signed [41:0] it_next;
  logic               it_sat;
  logic [31:0]        it_res;
  assign it_next = is_sum ? ((first ? 42'sd0 : iacc_q) + 42'(row_isum)) :
                   (first | (is_min ? (42'(row_im) < iacc_q) : (42'(row_im) > iacc_q))) ?
                   42'(row_im) : iacc_q;
  mosaic_tu_int_sat u_tred_sat (
    .val_i (it_next),
    .fmt_i (mosaic_pkg::FmtInt32),
    .res_o (it_res),
    .sat_o (it_sat)
  );

  // tred float max/min: running value after this row.
  logic [31:0] ft_comb, ft_next;
  mosaic_fp_minmax32 u_run (
    .a_i   (facc_q),
    .b_i   (row_fm),
    .min_i (fmin),
    .res_o (ft_comb)
  );
  assign ft_next = first ? row_fm : ft_comb;

  // ---------------------------------------------------------------------
  // Sequencing
  // ---------------------------------------------------------------------
  // What this cycle writes to the output register.
  logic        out_we, out_last_d;
  logic [31:0] out_res_d;
  logic [3:0]  out_row_d;
  logic [5:0]  out_flags_d;

  always_comb begin
    out_we      = 1'b0;
    out_res_d   = 32'd0;
    out_row_d   = row_q;
    out_last_d  = last;
    out_flags_d = 6'd0;
    if (state_q == STree) begin
      out_we      = tree_go & (lvl_q == 2'd3);
      out_res_d   = sum[31:0];
      out_row_d   = 4'd15;
      out_last_d  = 1'b1;
      out_flags_d = fl_q | add_fl_tree;
    end else if (state_q == SRsum) begin
      out_we      = rsum_go & rsum_last;
      out_res_d   = cvt_out;
      out_row_d   = rrow_q;
      out_last_d  = (rrow_q == 4'd15);
      out_flags_d = fl_q | sum_fl[5:0] | cvt_fl;
    end else if (accept) begin
      if (is_row) begin
        // Float trowsum reports after its sequential phase.
        out_we      = ~in_rsum_f;
        out_res_d   = s_int ? ir_sat : cvt_out;
        out_flags_d = s_int ? (ir_clamp ? FSat : 6'd0) : (wflags | cvt_fl);
      end else if (~in_tsum) begin
        out_we      = last;
        out_res_d   = s_int ? (is_sum ? it_res : it_next[31:0]) : ft_next;
        out_flags_d = s_int ? ((is_sum & it_sat) ? FSat : 6'd0) : (fl_q | wflags);
        out_row_d   = 4'd15;
        out_last_d  = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= SRows;
      row_q       <= 4'd0;
      lvl_q       <= 2'd0;
      step_q      <= 4'd0;
      out_valid_q <= 1'b0;
    end else if (clear_i) begin
      state_q     <= SRows;
      row_q       <= 4'd0;
      lvl_q       <= 2'd0;
      step_q      <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      if (out_we) begin
        out_valid_q <= 1'b1;
      end else if (ready_i) begin
        out_valid_q <= 1'b0;
      end
      unique case (state_q)
        SRows: begin
          if (accept) begin
            row_q <= row_q + 4'd1;
            if (in_tsum & last) begin
              state_q <= STree;
              lvl_q   <= 2'd0;
            end else if (in_rsum_f) begin
              state_q <= SRsum;
              step_q  <= 4'd1;
            end
          end
        end
        STree: begin
          if (tree_go) begin
            lvl_q <= lvl_q + 2'd1;
            if (lvl_q == 2'd3) state_q <= SRows;
          end
        end
        SRsum: begin
          if (rsum_go) begin
            step_q <= step_q + 4'd1;
            if (rsum_last) state_q <= SRows;
          end
        end
        default: state_q <= SRows;
      endcase
    end
  end

  // Data registers need no reset: the state machine qualifies them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      d_fmt_q      <= d_fmt_i;
      rm_q         <= rm_i;
      fp8_sat_q    <= fp8_sat_i;
      subnormals_q <= subnormals_i;
      rrow_q       <= row_q;
      facc_q       <= ft_next;
      iacc_q       <= it_next;
      fl_q         <= ((first | is_row) ? 6'd0 : fl_q) | wflags |
                      ((in_tsum & ~first) ? add_fl_all : 6'd0);
    end else if (tree_go) begin
      fl_q <= fl_q | add_fl_tree;
    end else if (rsum_go) begin
      fl_q <= fl_q | sum_fl[5:0];
    end
    if (out_we) begin
      out_res_q   <= out_res_d;
      out_row_q   <= out_row_d;
      out_last_q  <= out_last_d;
      out_flags_q <= out_flags_d;
    end
  end

  assign valid_o = out_valid_q;
  assign res_o   = out_res_q;
  assign row_o   = out_row_q;
  assign last_o  = out_last_q;
  assign flags_o = out_flags_q;
  assign sat_o   = out_flags_q[mosaic_pkg::FlagSat];

endmodule

`default_nettype wire
