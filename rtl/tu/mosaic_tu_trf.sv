// Tile register file: tr0..tr31, 1 KiB each, in four banks (bank = register
// index mod 4, ARCHITECTURE §2), two read ports and two write ports.
//
// Row width: 64 bytes. A TRF row is bytes [64·row, 64·row + 63] of a
// register (row 0..15), i.e. one 16-element FP32/INT32 tile row, two 16-bit
// tile rows, four 8-bit or eight FP4 rows. That is what the PE array eats per
// operand per cycle for the widest format (16 x 32 bits), so a 16x16 FP32
// operand streams in 16 cycles per port; narrower formats need fewer cycles.
// A bank is 8 registers x 16 rows = 128 x 512 bits (8 KiB), one simple
// dual-port block RAM (mosaic_tu_trf_bank), address {reg[4:2], row}.
//
// Banks = 1 (the FPGA configuration): one bank of all 32 registers, 512 x
// 512 bits, address {reg, row}. Every read pair of two different rows is
// then a conflict (one stall cycle, as below), and write port 1 writes only
// in a cycle port 0 does not. An ECP5 block RAM is 512 deep: four banks of
// 128 rows each take the 16 DP16KD a 512-bit row needs and fill a quarter
// of them, so one bank takes 16 instead of 64, and the 512-bit bank-select
// muxes on both read ports and the per-bank write muxes go away.
//
// Reads: the two ports present a request pair (rd0/rd1, either or both) and
// hold it until rd_ready_o. Both rows come back together one cycle after the
// pair is accepted (rd0_valid_o / rd1_valid_o). If both ports name the same
// bank and different rows, the bank can serve only one: the TRF reads port 0
// that cycle with rd_ready_o low (one stall cycle, conflict_o high: the
// bank-conflict performance counter counts these cycles), reads port 1 the
// next cycle and returns both rows a cycle later than usual. The same row of
// the same register on both ports is one read and no conflict.
//
// Write: port 0 writes one row per cycle with byte enables; port 1 writes a
// whole row in a bank port 0 does not write that cycle (each bank RAM has one
// write port; the caller guarantees the banks differ, and if they did not,
// port 0 would win and port 1's row be lost). The mma engine's result drain
// takes port 0 and a tld from the scratchpad port 1, so a tile load into
// another bank no longer waits for the 16-row drain of every tmma. A read of
// a row written in the same cycle returns the old contents (read-first). In
// a conflict the port 1 row is read in the stall's second cycle, so it sees
// a write made in the stall cycle.
//
// RwStall = 1 (the FPGA configuration): a read of a row that either write
// port writes in the same cycle is not made that cycle; rd_ready_o stays low
// (conflict_o does not pulse) and the pair is read once no write hits its
// rows, so it returns the new contents. The banks then never read a row
// they write (mosaic_tu_trf_bank NoRw), and block RAM needs no read-first
// logic. No engine reads bytes that are written in the same cycle (the
// sequencers' in-place rows share a TRF row only in disjoint bytes, the mma
// engine reads a D row only once it is final), so old and new contents give
// the same results; the lockstep suite's FPGA build checks it.
//
// Reset: architecturally every register is zero after reset (ARCHITECTURE
// §2), and block RAM cannot be reset, so after rst_ni the TRF writes zeros to
// all rows of the banks in parallel (128 cycles; 512 with one bank) with
// rd_ready_o and wr_ready_o low (init_done_o low).
//
// Tags: 32 x 4 bits in flops (reset FP32 = 0); tags_o is the copy the issue
// check (mosaic_tu_check tags_i) reads. One write sets every register of
// tag_we_i to tag_i: an AME mmacc retags up to 16 result registers at once.

`default_nettype none
`include "mosaic_assert.svh"

module mosaic_tu_trf #(
  parameter bit RwStall = 1'b0,
  parameter int Banks   = 4      // 4 or 1
) (
  input  logic           clk_i,
  input  logic           rst_ni,
  output logic           init_done_o,
  // Read request pair.
  input  logic           rd0_req_i,
  input  logic [4:0]     rd0_reg_i,
  input  logic [3:0]     rd0_row_i,
  input  logic           rd1_req_i,
  input  logic [4:0]     rd1_reg_i,
  input  logic [3:0]     rd1_row_i,
  output logic           rd_ready_o,
  output logic           conflict_o,   // one pulse per bank-conflict stall cycle
  // Read data (one cycle after acceptance).
  output logic           rd0_valid_o,
  output logic [511:0]   rd0_data_o,
  output logic           rd1_valid_o,
  output logic [511:0]   rd1_data_o,
  // Write port.
  input  logic           wr_req_i,
  input  logic [4:0]     wr_reg_i,
  input  logic [3:0]     wr_row_i,
  input  logic [63:0]    wr_be_i,
  input  logic [511:0]   wr_data_i,
  output logic           wr_ready_o,   // both write ports
  // Second write port: a full row, to a bank port 0 leaves alone.
  input  logic           wr1_req_i,
  input  logic [4:0]     wr1_reg_i,
  input  logic [3:0]     wr1_row_i,
  input  logic [511:0]   wr1_data_i,
  // Format tags.
  input  logic [31:0]    tag_we_i,     // one bit per register
  input  logic [3:0]     tag_i,
  output logic [127:0]   tags_o
);

  localparam int Depth = 512 / Banks;        // rows a bank
  localparam int Aw    = $clog2(Depth);
  localparam int BankW = Banks > 1 ? $clog2(Banks) : 1;

  // Bank and row address of a register's row (bank = register mod Banks).
  function automatic logic [BankW-1:0] bank_of(input logic [4:0] r);
    bank_of = (Banks > 1) ? BankW'(r % 5'(Banks)) : '0;
  endfunction
  function automatic logic [Aw-1:0] addr_of(input logic [4:0] r, input logic [3:0] row);
    addr_of = Aw'({r / 5'(Banks), row});
  endfunction

  // ------------------------------------------------------------------
  // Reset sweep
  // ------------------------------------------------------------------
  logic          init_q, init_d;
  logic [Aw-1:0] init_addr_q, init_addr_d;

  always_comb begin
    init_d      = init_q;
    init_addr_d = init_addr_q;
    if (init_q) begin
      init_addr_d = init_addr_q + Aw'(1);
      if (init_addr_q == Aw'(Depth - 1)) init_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q      <= 1'b1;
      init_addr_q <= '0;
    end else begin
      init_q      <= init_d;
      init_addr_q <= init_addr_d;
    end
  end

  assign init_done_o = !init_q;

  // ------------------------------------------------------------------
  // Read arbitration
  // ------------------------------------------------------------------
  logic [BankW-1:0] b0, b1;
  logic [Aw-1:0]    a0, a1;
  logic             conflict_raw, conflict, pend_q, pend_d;

  assign b0 = bank_of(rd0_reg_i);
  assign b1 = bank_of(rd1_reg_i);
  assign a0 = addr_of(rd0_reg_i, rd0_row_i);
  assign a1 = addr_of(rd1_reg_i, rd1_row_i);
`ifdef MOSAIC_INJECT_BUG
  // Deliberate mapping bug (module-test mutant): banks compared on bit 0 only.
  assign conflict_raw = !init_q && !pend_q && rd0_req_i && rd1_req_i && (b0[0] == b1[0]) &&
                        (a0 != a1);
`else
  assign conflict_raw = !init_q && !pend_q && rd0_req_i && rd1_req_i && (b0 == b1) && (a0 != a1);
`endif
  // RwStall: a read this cycle would hit a row a write port writes (port 0
  // names its bank in reg[1:0], its row in {reg[4:2], row}: the register
  // and row must both match).
  logic rw_stall;
  if (RwStall) begin : g_rw_stall
    logic hit0, hit1;
`ifdef MOSAIC_INJECT_TRF_RW_BUG
    // Deliberate bug (module-test mutant): write port 1 forgotten, so a read
    // of the row it writes goes ahead (the bank's NoRwA fires).
    assign hit0 = rd0_req_i && wr_req_i && (rd0_reg_i == wr_reg_i) && (rd0_row_i == wr_row_i);
    assign hit1 = rd1_req_i && wr_req_i && (rd1_reg_i == wr_reg_i) && (rd1_row_i == wr_row_i);
`else
    assign hit0 = rd0_req_i &&
                  ((wr_req_i && (rd0_reg_i == wr_reg_i) && (rd0_row_i == wr_row_i)) ||
                   (wr1_req_i && (rd0_reg_i == wr1_reg_i) && (rd0_row_i == wr1_row_i)));
    assign hit1 = rd1_req_i &&
                  ((wr_req_i && (rd1_reg_i == wr_reg_i) && (rd1_row_i == wr_row_i)) ||
                   (wr1_req_i && (rd1_reg_i == wr1_reg_i) && (rd1_row_i == wr1_row_i)));
`endif
    // The reads this cycle would make: port 1's alone in a conflict's second
    // cycle, port 0's alone in its first.
    assign rw_stall = !init_q && (pend_q ? hit1 : (hit0 || (hit1 && !conflict_raw)));
  end else begin : g_rw_first
    assign rw_stall = 1'b0;
  end
  assign conflict   = conflict_raw && !rw_stall;
  assign pend_d     = conflict || (pend_q && rw_stall);
  assign rd_ready_o = !init_q && !conflict && !rw_stall;
  assign conflict_o = conflict;

  // Per-bank read enable and address. In the stall's second cycle (pend_q)
  // only port 1's row is read; port 0's came out of the bank a cycle ago and
  // is held in hold_q.
  logic [Banks-1:0] bank_re;
  logic [Aw-1:0]    bank_raddr [Banks];
  always_comb begin
    for (int k = 0; k < Banks; k++) begin
      bank_re[k]    = 1'b0;
      bank_raddr[k] = '0;
      if (rw_stall) begin
        // No read this cycle (RwStall).
      end else if (pend_q) begin
        if (rd1_req_i && (b1 == BankW'(k))) begin
          bank_re[k] = 1'b1; bank_raddr[k] = a1;
        end
      end else if (!init_q) begin
        if (rd1_req_i && !conflict && (b1 == BankW'(k))) begin
          bank_re[k] = 1'b1; bank_raddr[k] = a1;
        end
        // Port 0 wins its bank (equal rows in one bank read the same row).
        if (rd0_req_i && (b0 == BankW'(k))) begin
          bank_re[k] = 1'b1; bank_raddr[k] = a0;
        end
      end
    end
  end

  // ------------------------------------------------------------------
  // Banks
  // ------------------------------------------------------------------
  logic [511:0] bank_rdata [Banks];

  for (genvar k = 0; k < Banks; k++) begin : g_bank
    logic          bwe;
    logic [Aw-1:0] bwaddr;
    logic [63:0]   bwbe;
    logic [511:0]  bwdata;
    logic w0, w1;
    assign w0     = wr_req_i && (bank_of(wr_reg_i) == BankW'(k));
    assign w1     = wr1_req_i && (bank_of(wr1_reg_i) == BankW'(k)) && !w0;
    assign bwe    = init_q || w0 || w1;
    assign bwaddr = init_q ? init_addr_q :
                    w1     ? addr_of(wr1_reg_i, wr1_row_i) : addr_of(wr_reg_i, wr_row_i);
    assign bwbe   = (init_q || w1) ? {64{1'b1}} : wr_be_i;
    assign bwdata = init_q ? 512'd0 : w1 ? wr1_data_i : wr_data_i;

    mosaic_tu_trf_bank #(
      .Depth    (Depth),
      .RowBytes (64),
      .NoRw     (RwStall)
    ) u_bank (
      .clk_i   (clk_i),
      .re_i    (bank_re[k]),
      .raddr_i (bank_raddr[k]),
      .rdata_o (bank_rdata[k]),
      .we_i    (bwe),
      .waddr_i (bwaddr),
      .wbe_i   (bwbe),
      .wdata_i (bwdata)
    );
  end

  assign wr_ready_o = !init_q;

  // The callers' side of the contract above: port 1 never writes the bank
  // port 0 writes (its row would be lost), and a read pair is held until
  // rd_ready_o (in a conflict, port 1's row is read in the second cycle).
  `MOSAIC_ASSERT_NEVER(Wr1BankA, !init_q && wr_req_i && wr1_req_i &&
                       bank_of(wr_reg_i) == bank_of(wr1_reg_i), clk_i, rst_ni)
  `MOSAIC_ASSERT_HOLD(RdHoldA, !init_q && (rd0_req_i || rd1_req_i), rd_ready_o,
                      {rd0_req_i, rd0_reg_i, rd0_row_i, rd1_req_i, rd1_reg_i, rd1_row_i}, clk_i, rst_ni)

  // ------------------------------------------------------------------
  // Read data return
  // ------------------------------------------------------------------
  logic         v0_q, v1_q, from_hold_q;
  logic [BankW-1:0] rb0_q, rb1_q;
  logic [511:0] hold_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pend_q      <= 1'b0;
      v0_q        <= 1'b0;
      v1_q        <= 1'b0;
      from_hold_q <= 1'b0;
      rb0_q       <= '0;
      rb1_q       <= '0;
    end else begin
      pend_q      <= pend_d;
      v0_q        <= rd_ready_o && rd0_req_i;
      v1_q        <= rd_ready_o && rd1_req_i;
      from_hold_q <= pend_q;
      rb0_q       <= b0;
      rb1_q       <= b1;
    end
  end

  // Port 0's row of a conflicting pair, captured as it leaves the bank.
  always_ff @(posedge clk_i) begin
    if (pend_q) hold_q <= bank_rdata[b0];
  end

  assign rd0_valid_o = v0_q;
  assign rd1_valid_o = v1_q;
  assign rd0_data_o  = from_hold_q ? hold_q : bank_rdata[rb0_q];
  assign rd1_data_o  = bank_rdata[rb1_q];

  // ------------------------------------------------------------------
  // Tags
  // ------------------------------------------------------------------
  logic [127:0] tags_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tags_q <= 128'd0;  // FP32 (MINA-T 4.1)
    end else begin
      for (int r = 0; r < 32; r++) begin
        if (tag_we_i[r]) tags_q[4*r +: 4] <= tag_i;
      end
    end
  end
  assign tags_o = tags_q;

endmodule

`default_nettype wire
