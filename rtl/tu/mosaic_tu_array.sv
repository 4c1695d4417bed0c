// Tensor MAC array: PeRows x PeCols output-stationary PEs (mosaic_tu_pe) for
// tmma / mmacc. Peak PeRows * PeCols MACs per cycle.
//
// Dataflow: broadcast. Each accepted k-step carries one column vector of
// op(A) (a(i, k) for the PeRows rows of the current output block) and one
// row vector of op(B) (b(k, j) for the PeCols columns); PE (i, j) does
// acc(i, j) = fma(a(i), b(j), acc(i, j)) (or the exact integer MAC). Steps
// reach every PE in the cycle they are accepted, in issue order, so the
// per-element reduction order is exactly the order in which the feeder
// issues k = 0..K-1 (golden mosaic_mma_tile order); no skewing is needed.
//
// Operands arrive already widened: FP32 bits for float ops (the format
// converter at the array edge does mosaic_to_f32), or INT8/INT16 values
// sign-extended to 32 bits for integer ops. Transposes (tmma modes A*B^T,
// A^T*B, AME A^T*B^T) are not the array's business: the operand feeder picks
// a(i, k) / b(k, j) out of its staging buffers by index.
//
// Op protocol (valid/ready on the step port):
//   * An op is 1..N consecutive steps (a 16x16x16 tile block: mtilek steps).
//     step_load_i on its first step: start from the staged D (d_q), else
//     continue from the accumulators (a chained tmma into the same D).
//     step_last_i on its last step: integer sums are clamped to INT32
//     (step_wrap_i: wrap, else saturate) and every accumulator is copied to
//     the output snapshot. step_int_i / step_wrap_i / step_rm_i hold for the
//     whole op.
//   * step_row_en_i / step_col_en_i: which PEs the op updates (mtilem/mtilen
//     restriction, i < m and j < n). Disabled PEs keep their value (and
//     still take D on a load step and snapshot on a last step), so elements
//     outside m x n keep D's bits as the golden model requires.
//   * Ops follow each other with no gap and no drain: the next op's first
//     step may be accepted in the cycle after the previous op's last step.
//   * mtilek = 0 ops change nothing (golden: bits unchanged); the integrator
//     skips them and does not send them here.
//   * Chaining (no load) is exact only when D is FP32 or INT32: the golden
//     model converts the result to D's format after every op. Ops with a
//     narrower D load D (converted exactly to FP32 / sign-extended) and are
//     converted back outside the array after read-out.
//
// D staging: d_we_i writes row d_row_i of d_q (PeCols 32-bit values, FP32 or
// sign-extended INT32), one row per cycle like a TRF read port. d_q is read
// in the cycle after a load step is accepted, so the rows of an op's D may
// be written from the cycle after the previous load op's first step was
// accepted up to (and including) the cycle in which this op's first step is
// accepted: D loading overlaps the previous op's streaming.
//
// Output: out_valid_o rises 2 cycles after an op's last step was accepted
// (t+1: last add into the snapshot registers, t+2: visible) and stays until
// out_release_i. out_row_i selects the row on out_data_o (combinational
// mux; one row per cycle suits the TRF's single write port). out_flags_o,
// the OR of the NX/UF/OF/NV (float) or SAT (integer clamp) flags raised by
// the op's enabled steps, is valid one cycle later (t+3, the second cycle
// of out_valid_o) until the next op's flags replace it. The snapshot lives
// in its own registers, so read-out overlaps the next op's streaming; a
// last step is held off (step_ready_o low) only while the previous snapshot
// is unreleased or still being made.
// Release contract: out_release_i may be asserted in the cycle the reader
// reads its second-to-last row, provided it reads the last row in the very
// next cycle (out_valid_o is then already low but out_data_o still shows
// the snapshot: a last step accepted in the release cycle overwrites it at
// the end of the following cycle). With that, a chained 16-step op and the
// 16-row read-out of the previous one overlap exactly: 16 cycles per tile.
//
// Timing: an accepted step at cycle t updates the accumulators at the end of
// t+1 (product registered at the end of t). A 16x16x16 op is 16 accepted
// steps; back-to-back ops sustain one op per 16 cycles in steady state; the
// last op's snapshot is readable 2 cycles after its last step.
//
// Folded array (PeFold or PeRowFold > 1, the FPGA configuration): each PE
// computes PeRowFold x PeFold output elements (PeRowFold adjacent rows,
// PeFold adjacent columns) with one FMA (mosaic_tu_pe Fold), one per
// cycle, so there are PeRows x PeCols / (PeRowFold x PeFold) FMAs and a
// k-step takes Steps = PeRowFold x PeFold cycles. The step at the port is
// worked on while it waits: in its s-th cycle (s = 0..Steps-1) the PEs
// work on row group rsub = s / PeFold and column group sub = s mod PeFold,
// and it is accepted in the last (step_ready_o is high only then), so the
// source must hold a step it has offered until it is accepted (asserted
// below). A step starts only when it
// could be accepted at PeFold = 1 (a last step waits for the snapshot), and
// nothing that condition reads changes before the step is accepted, so the
// snapshot and D timing of the protocol above hold as written, counted from
// the cycle the step is accepted. Results are those of PeFold = 1.
//
// Pass schedule on an array smaller than 16x16 (docs): a 16x16 tile is
// (16/PeRows) x (16/PeCols) output blocks, processed one after another, each
// as one op (load that block's D, stream the K steps with the block's rows of
// op(A) and columns of op(B), last -> snapshot, read out PeRows rows while
// the next block streams). Chaining across tmma instructions is then not
// possible (the accumulators hold one block only); every block op loads D.

`default_nettype none

`include "mosaic_assert.svh"

module mosaic_tu_array #(
  parameter int PeRows = 16,
  parameter int PeCols = 16,
  // Output columns per PE, computed one per cycle: 1, or a power of two
  // that divides PeCols (see "Folded array" above).
  parameter int PeFold = 1,
  // Output rows per PE, the same way: 1, or a power of two dividing PeRows.
  parameter int PeRowFold = 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  // k-step stream.
  input  logic                 step_valid_i,
  output logic                 step_ready_o,
  input  logic                 step_load_i,
  input  logic                 step_last_i,
  input  logic                 step_int_i,
  input  logic                 step_wrap_i,
  input  logic [2:0]           step_rm_i,
  input  logic [PeRows-1:0]    step_row_en_i,
  input  logic [PeCols-1:0]    step_col_en_i,
  input  logic [PeRows*32-1:0] step_a_i,     // a(i) of row i at [32*i +: 32]
  input  logic [PeCols*32-1:0] step_b_i,     // b(j) of column j at [32*j +: 32]
  // D staging, one row per cycle.
  input  logic                 d_we_i,
  input  logic [RowW-1:0]      d_row_i,
  input  logic [PeCols*32-1:0] d_data_i,
  // Output snapshot.
  output logic                 out_valid_o,
  input  logic                 out_release_i,
  input  logic [RowW-1:0]      out_row_i,
  output logic [PeCols*32-1:0] out_data_o,
  output logic [5:0]           out_flags_o,
  // The PEs work on the step at the port this cycle (unfolded, the step
  // is accepted), on columns c with c mod PeFold = sub_o and rows r with
  // r mod PeRowFold = rsub_o (0 unfolded): only those elements of step_a_i
  // and step_b_i are read this cycle.
  output logic                 work_o,
  output logic [(PeFold > 1 ? $clog2(PeFold) : 1)-1:0] sub_o,
  output logic [(PeRowFold > 1 ? $clog2(PeRowFold) : 1)-1:0] rsub_o,
  // ... and the groups of the next cycle (sub_o and rsub_o one cycle
  // ahead), for a source that reads its operands a cycle early from block
  // RAM (mosaic_tu_mma_stage).
  output logic [(PeFold > 1 ? $clog2(PeFold) : 1)-1:0] nsub_o,
  output logic [(PeRowFold > 1 ? $clog2(PeRowFold) : 1)-1:0] nrsub_o,
  // Steps in flight (not yet in the accumulators).
  output logic                 busy_o
);

  localparam int RowW  = PeRows > 1 ? $clog2(PeRows) : 1;
  localparam int PhysC = PeCols / PeFold;              // PE columns
  localparam int PhysR = PeRows / PeRowFold;           // PE rows
  localparam int Steps = PeFold * PeRowFold;           // cycles a k-step
  localparam int SubW  = PeFold > 1 ? $clog2(PeFold) : 1;
  localparam int RsubW = PeRowFold > 1 ? $clog2(PeRowFold) : 1;
  localparam int StW   = Steps > 1 ? $clog2(Steps) : 1;
  localparam bit Folded = (Steps > 1);

  // ---------------------------------------------------------------------
  // Step acceptance and the array-level pipeline markers
  // ---------------------------------------------------------------------
  logic s1_valid_q, s1_last_q, s2_last_q, out_valid_q;
  logic may_start, work, accept;
  logic [StW-1:0]   st;     // the step's cycle: rsub * PeFold + sub
  logic [StW-1:0]   st_n;   // ... next cycle's
  logic [SubW-1:0]  sub;    // column group the PEs work on this cycle
  logic [RsubW-1:0] rsub;   // row group

  // A last step accepted now overwrites the snapshot at the end of the next
  // cycle: hold it while a snapshot is being made (S1) or is unreleased.
  // out_release_i may come one row early (see the header), which is what
  // lets a 16-row read-out fit in a 16-step op.
  assign may_start = !(step_last_i && (s1_last_q || (out_valid_q && !out_release_i)));

  if (Folded) begin : g_fold
    logic [StW-1:0] st_q;
    // A started step goes on: nothing can make may_start fall before it is
    // accepted (no last step is accepted meanwhile, so no snapshot starts).
    assign work         = step_valid_i && (st_q != '0 || may_start);
    assign step_ready_o = (st_q == StW'(Steps - 1));
    assign st_n         = work ? st_q + StW'(1) : st_q;   // wraps to 0 as the step is accepted
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        st_q <= '0;
      end else begin
        st_q <= st_n;
      end
    end
    assign st = st_q;
    `MOSAIC_ASSERT(FoldHoldA, st_q == '0 || step_valid_i, clk_i, rst_ni)
    `MOSAIC_ASSERT(FoldAcceptA, !accept || may_start, clk_i, rst_ni)
  end else begin : g_nofold
    assign work         = step_valid_i && may_start;
    assign step_ready_o = may_start;
    assign st           = '0;
    assign st_n         = '0;
  end
  // Steps is a power of two: the column group is st's low bits, the row
  // group the bits above them.
  assign sub  = (PeFold > 1)    ? SubW'(st) : '0;
  assign rsub = (PeRowFold > 1) ? RsubW'(st >> (PeFold > 1 ? SubW : 0)) : '0;
  assign accept = step_valid_i && step_ready_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
      s1_last_q  <= 1'b0;
      s2_last_q  <= 1'b0;
    end else begin
      s1_valid_q <= work;
      s1_last_q  <= accept && step_last_i;
      s2_last_q  <= s1_last_q;
    end
  end

  assign busy_o = s1_valid_q;
  assign work_o = work;
  assign sub_o  = sub;
  assign rsub_o = rsub;
  assign nsub_o  = (PeFold > 1)    ? SubW'(st_n) : '0;
  assign nrsub_o = (PeRowFold > 1) ? RsubW'(st_n >> (PeFold > 1 ? SubW : 0)) : '0;

  // ---------------------------------------------------------------------
  // PE grid: PE (q, p) holds the output rows q * PeRowFold .. + PeRowFold
  // - 1 and columns p * PeFold .. + PeFold - 1, element (u, s) of them at
  // index u * PeFold + s of its registers.
  // ---------------------------------------------------------------------
  localparam int PeW = Steps * 32;           // one PE's elements
  logic [PeW-1:0] pe_out [PhysR * PhysC];
  logic [5:0]     pe_flags [PhysR * PhysC];

  for (genvar q = 0; q < PhysR; q++) begin : g_row
    // The row this cycle's work is for, and the D rows of this PE.
    logic [31:0] row;
    assign row = 32'(q * PeRowFold) + 32'(rsub);
    logic [PeRowFold-1:0] d_we;
    for (genvar u = 0; u < PeRowFold; u++) begin : g_dwe
      assign d_we[u] = d_we_i && (d_row_i == RowW'(q * PeRowFold + u));
    end
    for (genvar c = 0; c < PhysC; c++) begin : g_col
      // Rounding mode of this PE. The module-test mutant build
      // (MOSAIC_INJECT_ARRAY_BUG) breaks one PE: (1, 1), or (0, 0) / (1, 0)
      // / (0, 1) when the grid has a single PE row or column, always rounds
      // to nearest-even; tb/modules/test_rtl_array must catch it.
      logic [2:0] pe_rm;
`ifdef MOSAIC_INJECT_ARRAY_BUG
      assign pe_rm = (q == (PhysR > 1 ? 1 : 0) && c == (PhysC > 1 ? 1 : 0)) ? 3'd0 : step_rm_i;
`else
      assign pe_rm = step_rm_i;
`endif
      // The column this cycle's work is for.
      logic [31:0] col;
      assign col = 32'(c * PeFold) + 32'(sub);

      mosaic_tu_pe #(
        .Fold  (Steps),
        .DRows (PeRowFold)
      ) u_pe (
        .clk_i   (clk_i),
        .rst_ni  (rst_ni),
        .step_i  (work && step_row_en_i[row] && step_col_en_i[col]),
        .pass_i  (work),
        .load_i  (step_load_i),
        .last_i  (step_last_i),
        .int_i   (step_int_i),
        .wrap_i  (step_wrap_i),
        .rm_i    (pe_rm),
        .sel_i   (st),
        .a_i     (step_a_i[32*row +: 32]),
        .b_i     (step_b_i[32*col +: 32]),
        .d_we_i  (d_we),
        .d_i     (d_data_i[32*PeFold*c +: 32*PeFold]),
        .out_o   (pe_out[q*PhysC + c]),
        .flags_o (pe_flags[q*PhysC + c])
      );
    end
  end

  // ---------------------------------------------------------------------
  // Flags of the op: PE flags of the steps that completed last cycle are
  // ORed and collected until the op's last step has completed.
  // ---------------------------------------------------------------------
  logic [5:0] cyc_flags;
  always_comb begin
    cyc_flags = '0;
    for (int p = 0; p < PhysR * PhysC; p++) begin
      cyc_flags = cyc_flags | pe_flags[p];
    end
  end

  logic [5:0] op_flags_q, out_flags_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_flags_q  <= '0;
      out_flags_q <= '0;
      out_valid_q <= 1'b0;
    end else begin
      // The snapshot registers load at the end of S1 of the last step.
      if (s1_last_q) begin
        out_valid_q <= 1'b1;
      end else if (out_release_i) begin
        out_valid_q <= 1'b0;
      end
      // Its flags one cycle later (the PE flags are registered).
      if (s2_last_q) begin
        op_flags_q  <= '0;
        out_flags_q <= op_flags_q | cyc_flags;
      end else begin
        op_flags_q <= op_flags_q | cyc_flags;
      end
    end
  end

  assign out_valid_o = out_valid_q;
  assign out_flags_o = out_flags_q;

  // ---------------------------------------------------------------------
  // Read-out row mux
  // ---------------------------------------------------------------------
  // Row r is element row r mod PeRowFold of PE row r / PeRowFold.
  always_comb begin
    out_data_o = '0;
    for (int r = 0; r < PeRows; r++) begin
      if (out_row_i == RowW'(r)) begin
        for (int c = 0; c < PhysC; c++) begin
          out_data_o[32*PeFold*c +: 32*PeFold] =
              pe_out[(r / PeRowFold) * PhysC + c][32*PeFold*(r % PeRowFold) +: 32*PeFold];
        end
      end
    end
  end

endmodule

`default_nettype wire
