// Tile reductions one element per cycle: mosaic_tu_red's ports, operations,
// results and flags (bits), with one widening converter, one FP32 adder,
// one maximumNumber/minimumNumber unit and one narrowing converter instead
// of sixteen of each. mosaic_tu RedLanes = 1 selects it (an area parameter,
// docs/fpga.md); see mosaic_tu_red.sv for the operations and the golden
// model's rules, which this unit follows in the same order:
//   tred float sum: column partial sums p[c], row 0 loading them and rows
//     1..15 adding into them top to bottom, then the pairwise column tree
//     ((p0+p1)+(p2+p3))+... level by level. The tree runs as a queue over
//     the 16 column registers: each add takes the two oldest values and
//     appends its sum, which is exactly level order (15 adds).
//   tred max/min, trowmax: a running maximumNumber/minimumNumber in row-major
//     order (the golden's own order; the RTL tree of mosaic_tu_red relies on
//     the operation being associative and commutative on bit patterns).
//   trowsum: left to right, acc = ((x0 + x1) + x2) + ...
//   integers: exact (42-bit) running sums and max/min, saturated at the end
//     as in mosaic_tu_red.
// Flags are the OR of every widening, add and narrowing step of the result,
// as there.
//
// Timing: a row is accepted when valid_i & ready_o (ready_o is high only in
// the idle state; op, formats and options are sampled with every row), its
// 16 elements take one cycle each, and a result (row ops: every row; tred:
// after row 15, float sums after their 15 tree adds) takes one more cycle
// into the output register, waiting there while it is occupied:
//   row ops: 18 cycles per row (accept, 16 elements, result)
//   tred max/min and integer tred: 16 x 17 + 1 = 273 cycles per tile
//   tred float sum: 16 x 17 + 15 + 1 = 288 cycles per tile
// valid_o/ready_i, res_o, row_o, last_o, flags_o and sat_o mean what they
// mean in mosaic_tu_red.
//
// MOSAIC_INJECT_RED_BUG (test builds only): the column tree adds the queue's
// oldest value to the fourth oldest instead of the second
// (tb/modules/test_rtl_redserial must notice).

`default_nettype none

module mosaic_tu_red_serial #(
  // The widening and narrowing converters and the adder: its own (0), or
  // shared by mosaic_tu_redseq's units through cw_*/cn_*/fx_* (1;
  // mosaic_tu_cvt_slot; the adder then is the shared FMA, a + b =
  // fma(a, 1.0, b) with the same bits and flags, see mosaic_fp_add32).
  parameter bit ExtCvt = 1'b0
) (
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
  output logic         sat_o,
  // The shared converters (ExtCvt = 1; unused at 0).
  output logic [mosaic_pkg::CvtReqW-1:0] cw_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cw_res_i,
  output logic [mosaic_pkg::CvtReqW-1:0] cn_req_o,
  input  logic [mosaic_pkg::CvtResW-1:0] cn_res_i,
  // The shared FMA (ExtCvt = 1; request 0 and result unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);

  localparam logic [1:0] SIdle = 2'd0;  // accepting a row
  localparam logic [1:0] SElem = 2'd1;  // one element per cycle
  localparam logic [1:0] STree = 2'd2;  // tred float sum: column tree
  localparam logic [1:0] SOut  = 2'd3;  // the result into the output register

  localparam logic [5:0] FSat = 6'b1 << mosaic_pkg::FlagSat;

  logic [1:0]   state_q;
  logic [3:0]   row_q;       // tile row of the next accepted row
  logic [3:0]   rrow_q;      // tile row being reduced
  logic [3:0]   j_q;         // element (SElem) / tree add (STree)
  logic [3:0]   head_q, tail_q;  // tree queue over the column registers
  logic [511:0] rb_q;        // the row, element j in bits [31:0]
  logic [2:0]   op_q, rm_q;
  logic [3:0]   s_fmt_q, d_fmt_q;
  logic         fp8_sat_q, subnormals_q;
  logic [31:0]  facc_q;      // float running value (tred max/min across rows)
  logic signed [41:0] iacc_q;  // integer running value (tred across rows)
  logic [5:0]   fl_q;
  logic [31:0]  p_q [16];    // column partial sums (tred float sum)

  logic        out_valid_q, out_last_q;
  logic [31:0] out_res_q;
  logic [3:0]  out_row_q;
  logic [5:0]  out_flags_q;

  logic out_free, accept;
  assign out_free = ~out_valid_q | ready_i;
  assign ready_o  = (state_q == SIdle);
  assign accept   = valid_i & ready_o;

  // Decoded op of the row being reduced.
  logic is_row, is_sum, is_min, s_int, tsum_f, first_row, first_el;
  assign is_row    = op_q[2];
  assign is_sum    = is_row ? op_q[0] : (op_q[1:0] == 2'd0);
  assign is_min    = ~is_row & op_q[1];
  assign s_int     = (s_fmt_q == mosaic_pkg::FmtInt8) | (s_fmt_q == mosaic_pkg::FmtInt16) |
                     (s_fmt_q == mosaic_pkg::FmtInt32);
  assign tsum_f    = ~is_row & is_sum & ~s_int;
  assign first_row = (rrow_q == 4'd0);
  // The element that starts a running value: a row's first for row ops, the
  // tile's first for tred.
  assign first_el  = (j_q == 4'd0) & (is_row | first_row);

  // ---- the element ---------------------------------------------------
  logic [31:0] e, x;
  logic [5:0]  xf, wf;
  logic signed [41:0] iv;
  assign e = rb_q[31:0];

  mosaic_tu_cvt_slot #(
    .Ext (ExtCvt)
  ) u_widen (
    .from_i       (s_fmt_q),
    .to_i         (mosaic_pkg::FmtFp32),
    .bits_i       (e),
    .rm_i         (rm_q),
    .fp8_sat_i    (fp8_sat_q),
    .subnormals_i (subnormals_q),
    .int_wrap_i   (1'b0),
    .bits_o       (x),
    .flags_o      (xf),
    .req_o        (cw_req_o),
    .res_i        (cw_res_i)
  );
  assign wf = s_int ? 6'd0 : xf;
  assign iv = (s_fmt_q == mosaic_pkg::FmtInt8)  ? 42'($signed(e[7:0])) :
              (s_fmt_q == mosaic_pkg::FmtInt16) ? 42'($signed(e[15:0])) : 42'($signed(e));

  // ---- the one adder and the one max/min -----------------------------
  logic        in_tree;
  logic [31:0] add_a, add_b, sum, mm;
  logic [5:0]  add_fl;
  assign in_tree = (state_q == STree);
  always_comb begin
    if (in_tree) begin
      add_a = p_q[head_q];
`ifdef MOSAIC_INJECT_RED_BUG
      add_b = p_q[head_q + 4'd3];
`else
      add_b = p_q[head_q + 4'd1];
`endif
    end else if (is_row) begin
      add_a = facc_q;             // trowsum
      add_b = x;
    end else begin
      add_a = p_q[j_q];           // tred sum: the column's partial sum
      add_b = x;
    end
  end

  if (ExtCvt) begin : g_ext_add
    mosaic_tu_fma_slot #(
      .Ext (1'b1)
    ) u_add (
      .a_i     (add_a),
      .b_i     (32'h3F80_0000),
      .c_i     (add_b),
      .rm_i    (rm_q),
      .res_o   (sum),
      .flags_o (add_fl),
      .req_o   (fx_req_o),
      .res_i   (fx_res_i)
    );
  end else begin : g_own_add
    assign fx_req_o = '0;
    logic unused_fx;
    assign unused_fx = ^fx_res_i;
    mosaic_fp_add32 u_add (
      .a_i     (add_a),
      .b_i     (add_b),
      .rm_i    (rm_q),
      .res_o   (sum),
      .flags_o (add_fl)
    );
  end

  mosaic_fp_minmax32 u_mm (
    .a_i   (facc_q),
    .b_i   (x),
    .min_i (is_min),
    .res_o (mm)
  );

  // Whether this element's step adds (float sums past their first value).
  logic el_adds;
  assign el_adds = ~s_int & is_sum & (is_row ? (j_q != 4'd0) : ~first_row);

  // Running values after this element.
  logic [31:0]        facc_d;
  logic signed [41:0] iacc_d;
  logic               i_wins;
  assign facc_d = first_el ? x : (is_sum ? sum : mm);
  assign i_wins = is_min ? (iv < iacc_q) : (iv > iacc_q);
  assign iacc_d = first_el ? iv : is_sum ? (iacc_q + iv) : (i_wins ? iv : iacc_q);

  // ---- results ---------------------------------------------------------
  logic [31:0] cvt_out;
  logic [5:0]  cvt_fl;
  mosaic_tu_cvt_slot #(
    .Ext (ExtCvt)
  ) u_narrow (
    .from_i       (mosaic_pkg::FmtFp32),
    .to_i         (d_fmt_q),
    .bits_i       (facc_q),
    .rm_i         (rm_q),
    .fp8_sat_i    (fp8_sat_q),
    .subnormals_i (subnormals_q),
    .int_wrap_i   (1'b0),
    .bits_o       (cvt_out),
    .flags_o      (cvt_fl),
    .req_o        (cn_req_o),
    .res_i        (cn_res_i)
  );

  // Integer results saturated: a row op's to D, a tred sum's to INT32.
  logic [31:0] i_sat;
  logic        i_clamp;
  mosaic_tu_int_sat u_sat (
    .val_i (iacc_q),
    .fmt_i (is_row ? d_fmt_q : mosaic_pkg::FmtInt32),
    .res_o (i_sat),
    .sat_o (i_clamp)
  );

  logic [31:0] out_res_d;
  logic [5:0]  out_flags_d;
  always_comb begin
    if (is_row) begin
      out_res_d   = s_int ? i_sat : cvt_out;
      out_flags_d = s_int ? (i_clamp ? FSat : 6'd0) : (fl_q | cvt_fl);
    end else if (s_int) begin
      out_res_d   = is_sum ? i_sat : iacc_q[31:0];
      out_flags_d = (is_sum & i_clamp) ? FSat : 6'd0;
    end else begin
      out_res_d   = facc_q;       // tred: the FP32 pattern (a float sum's tree result too)
      out_flags_d = fl_q;
    end
  end

  // ---- sequencing ------------------------------------------------------
  logic last_el, last_add, out_we;
  assign last_el  = (j_q == 4'd15);
  assign last_add = (j_q == 4'd14);
  assign out_we   = (state_q == SOut) & out_free;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q     <= SIdle;
      row_q       <= 4'd0;
      j_q         <= 4'd0;
      out_valid_q <= 1'b0;
    end else if (clear_i) begin
      state_q     <= SIdle;
      row_q       <= 4'd0;
      j_q         <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      if (out_we) begin
        out_valid_q <= 1'b1;
      end else if (ready_i) begin
        out_valid_q <= 1'b0;
      end
      unique case (state_q)
        SIdle: begin
          if (accept) begin
            state_q <= SElem;
            row_q   <= row_q + 4'd1;
            j_q     <= 4'd0;
          end
        end
        SElem: begin
          j_q <= j_q + 4'd1;
          if (last_el) begin
            j_q <= 4'd0;
            if (is_row) begin
              state_q <= SOut;
            end else if (rrow_q == 4'd15) begin
              state_q <= tsum_f ? STree : SOut;
            end else begin
              state_q <= SIdle;
            end
          end
        end
        STree: begin
          j_q <= j_q + 4'd1;
          if (last_add) state_q <= SOut;
        end
        SOut: begin
          if (out_free) state_q <= SIdle;
        end
        default: state_q <= SIdle;
      endcase
    end
  end

  // Data registers need no reset: the state machine qualifies them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      rb_q         <= row_i;
      op_q         <= op_i;
      s_fmt_q      <= s_fmt_i;
      d_fmt_q      <= d_fmt_i;
      rm_q         <= rm_i;
      fp8_sat_q    <= fp8_sat_i;
      subnormals_q <= subnormals_i;
      rrow_q       <= row_q;
      head_q       <= 4'd0;
      tail_q       <= 4'd0;
    end
    if (state_q == SElem) begin
      rb_q   <= rb_q >> 32;
      facc_q <= facc_d;
      iacc_q <= iacc_d;
      fl_q   <= (first_el ? 6'd0 : fl_q) | wf | (el_adds ? add_fl : 6'd0);
      if (tsum_f) p_q[j_q] <= first_row ? x : sum;
    end
    if (in_tree) begin
      p_q[tail_q] <= sum;
      head_q      <= head_q + 4'd2;
      tail_q      <= tail_q + 4'd1;
      facc_q      <= sum;
      fl_q        <= fl_q | add_fl;
    end
    if (out_we) begin
      out_res_q   <= out_res_d;
      out_row_q   <= is_row ? rrow_q : 4'd15;
      out_last_q  <= is_row ? (rrow_q == 4'd15) : 1'b1;
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
