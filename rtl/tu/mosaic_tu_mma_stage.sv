// The mma engine's staging of one operand (mosaic_tu_mma): NBuf buffers of
// a 16x16 tile's unpacked elements (32 bits each, 16 to a tile row, as the
// row unpacker gives them), written a tile row per cycle by the stager and
// read by the stepper for the array's PE row groups (A) or column groups
// (B) of the current output block.
//
// Names below are A's: Rows = PeRows, Fold = PeRowFold, Blks = 16 / PeRows.
// B is the same with PeCols / PeFold / 16 / PeCols and its transpose bit
// the other way round (mosaic_tu_mma). op(A)[ti][k] is A row ti at element
// k, or with tr_i (A transposed) A row k at element ti.
//
// Group q of the array's Rows / Fold row groups reads row
// ti = blk_i * Rows + q * Fold + sub_i this cycle (sub_i: the array's rsub,
// 0 unfolded). Its element is widened exactly to FP32 or INT32
// (mosaic_fp_widen, with the op's format) once per group and goes to every
// row of the group on wide_o (row r at [32*r +: 32]); only the one the
// array reads matters.
//
// Two layouts, the same contents:
//   * Several groups (Rows / Fold > 1): banked by tile row, row y of buffer
//     f in bank y mod Rows at entry f * Blks + y / Rows. The block's row r
//     reads bank r, and a k row (transposed) is one bank's entry, so each
//     bank has one read port: on an FPGA one LUT-RAM copy per bank instead
//     of one copy of every row per PE row.
//   * One group (the FPGA configuration's single PE): one memory of
//     NBuf * 16 rows, row y of buffer f at f * 16 + y, and one row read a
//     cycle (the row the one element is in), in block RAM: the row is read
//     a cycle ahead, at the address the stepper's and the array's next
//     state gives (n*_i), into a register. An ECP5 DP16KD is 36 bits wide,
//     so the 512-bit rows take 15 of them, which fill only 32 of their 512
//     rows; as LUT RAM they took 256 TRELLIS_DPR16X4 (about 1 500 LUT4
//     sites) an operand. An assertion holds the next-state address to the
//     one the current state gives a cycle later, whenever the element is
//     used.
// The banked layout reads asynchronously (LUT RAM). A buffer is never
// written while the stepper reads it (mosaic_tu_mma's buffer tags), nor in
// the cycle before (asserted for the block RAM).

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_mma_stage #(
  parameter int Rows = 16,   // PE rows of the array (B: columns)
  parameter int Fold = 1,    // rows per PE (B: columns)
  parameter int NBuf = 3,
  localparam int Blks = 16 / Rows,   // blocks of a tile
  localparam int Phys = Rows / Fold
) (
  input  logic              clk_i,
  // Stager: tile row wy_i of buffer wbuf_i.
  input  logic              we_i,
  input  logic [1:0]        wbuf_i,
  input  logic [3:0]        wy_i,
  input  logic [511:0]      wrow_i,
  // Stepper: buffer, transpose, k-step, block, the array's row group.
  input  logic [1:0]        rbuf_i,
  input  logic              tr_i,
  input  logic [3:0]        k_i,
  input  logic [3:0]        blk_i,
  input  logic [3:0]        sub_i,
  // The same a cycle ahead (the one-group layout's block RAM read; unused
  // by the banked one).
  input  logic [1:0]        nrbuf_i,
  input  logic              ntr_i,
  input  logic [3:0]        nk_i,
  input  logic [3:0]        nblk_i,
  input  logic [3:0]        nsub_i,
  // Widening: enable, the operand's format, to INT32, FP8/FP4 subnormals.
  input  logic              wen_i,
  input  logic [3:0]        fmt_i,
  input  logic              to_int_i,
  input  logic              subn_i,
  output logic [Rows*32-1:0] wide_o
);

  logic [Phys*32-1:0] el_o;   // the element each group reads

  if (Phys == 1) begin : g_one
    localparam int Dep = NBuf * 16;
    localparam int Aw  = $clog2(Dep);
    (* ram_style = "block", no_rw_check *) logic [511:0] mem [Dep];
    // The row holding op[ti][k] (ti = blk * Rows + sub), or op[k][ti]
    // transposed, in buffer b.
    function automatic logic [Aw-1:0] row_of(input logic [1:0] b, input logic tr,
                                             input logic [3:0] k, input logic [3:0] ti);
      row_of = Aw'(32'(b) * 16 + 32'(tr ? k : ti));
    endfunction
    logic [Aw-1:0] wa, ra_n;
    logic [3:0]    ti, ti_n, ei;   // the element's row (now, next cycle), its place in the row
    logic [511:0]  rd_q;
    assign wa   = Aw'(32'(wbuf_i) * 16 + 32'(wy_i));
    assign ti_n = 4'(32'(nblk_i) * Rows) + nsub_i;
    assign ra_n = row_of(nrbuf_i, ntr_i, nk_i, ti_n);
    always_ff @(posedge clk_i) begin
      if (we_i) mem[wa] <= wrow_i;
    end
    always_ff @(posedge clk_i) begin
      rd_q <= mem[ra_n];
    end
    assign ti   = 4'(32'(blk_i) * Rows) + sub_i;
    assign ei   = tr_i ? ti : k_i;
    assign el_o = rd_q[32*ei +: 32];
    // The row read is the one the current state names, and it was not
    // being written as it was read.
`ifdef MOSAIC_ASSERT_ON
    logic [Aw-1:0] ra_q;
    logic          rw_q;
    always_ff @(posedge clk_i) begin
      ra_q <= ra_n;
      rw_q <= we_i && (wa == ra_n);
    end
    `MOSAIC_ASSERT(StageNextA, !wen_i || (ra_q == row_of(rbuf_i, tr_i, k_i, ti) && !rw_q),
                   clk_i, 1'b1)
`endif
  end else begin : g_banked
    // The next-cycle read is the one-group layout's (block RAM).
    logic unused_n;
    assign unused_n = ^{nrbuf_i, ntr_i, nk_i, nblk_i, nsub_i};
    localparam int Dep = NBuf * Blks;
    localparam int Aw  = Dep > 1 ? $clog2(Dep) : 1;
    logic [511:0]  rd [Rows];
    logic [Aw-1:0] wa, ra;
    logic [511:0]  krow;
    logic [31:0]   el [Rows];
    assign wa = Aw'(32'(wbuf_i) * Blks + 32'(wy_i) / Rows);
    assign ra = Aw'(32'(rbuf_i) * Blks + (tr_i ? 32'(k_i) / Rows : 32'(blk_i)));
    for (genvar g = 0; g < Rows; g++) begin : g_bank
      logic [511:0] mem [Dep];
      always_ff @(posedge clk_i) begin
        if (we_i && (32'(wy_i) % Rows == g)) mem[wa] <= wrow_i;
      end
      assign rd[g] = mem[ra];
    end
    assign krow = rd[32'(k_i) % Rows];
    for (genvar r = 0; r < Rows; r++) begin : g_el
      logic [3:0] ti;
      assign ti    = 4'(32'(blk_i) * Rows + r);
      assign el[r] = tr_i ? krow[32*ti +: 32] : rd[r][32*k_i +: 32];
    end
    for (genvar q = 0; q < Phys; q++) begin : g_grp
      always_comb begin
        el_o[32*q +: 32] = '0;
        for (int u = 0; u < Fold; u++) begin
          if (sub_i == 4'(u)) el_o[32*q +: 32] = el[q*Fold + u];
        end
      end
    end
  end

  for (genvar q = 0; q < Phys; q++) begin : g_wide
    logic [31:0] wide;
    mosaic_fp_widen u_wide (
      .en_i (wen_i), .fmt_i (fmt_i), .to_int_i (to_int_i), .subn_i (subn_i),
      .bits_i (el_o[32*q +: 32]), .bits_o (wide)
    );
    for (genvar u = 0; u < Fold; u++) begin : g_rep
      assign wide_o[32*(q*Fold + u) +: 32] = wide;
    end
  end

endmodule

`default_nettype wire
