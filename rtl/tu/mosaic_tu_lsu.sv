// Tensor load/store unit: executes an accepted tld or tst as AXI4 bursts.
//
// The issue check (mosaic_tu_check) has already decided alignment, DDC and
// the memory map, so every row is a legal, element-aligned address range.
// A tld/tst moves 16 rows of RowBytes = 8/16/32/64 bytes (size_i 0..3: FP4,
// 8-bit, 16-bit, 32-bit tags); row y is at base + y*stride (stride signed).
//
// AXI4 master (one ID, INCR, full-width beats, AxSIZE = log2(bus bytes)):
// each row is one burst, two if it crosses a 4 KiB boundary
// (mosaic_tu_lsu_burst). Address issue runs ahead of data: every burst of the
// instruction may be outstanding; AR/AW issue does not wait for R/B.
//
// tld: R beats arrive in order and carry the register image in order (tile
// row y is image bytes [y*RowBytes, ...); mosaic_tu_lsu_beat says which lanes
// of a beat are row bytes), so they are packed into one 64-byte TRF row
// buffer; each full buffer is written to the TRF (all byte enables), then
// the TRF rows above the tile are written with zeros (R9: whole-register
// write). R is back-pressured while a full buffer waits for the TRF.
//
// tst: TRF rows 0.. are read one at a time into a buffer; W beats (lanes of
// the row bytes strobed, nothing else) are cut from it in row order
// y = 0..15, so overlapping rows land in order. done_o once every B has
// come back.
//
// done_o pulses when the instruction completes; err_o pulses with it if any
// RRESP/BRESP was not OKAY (SLVERR/DECERR): the other beats moved, an error
// beat's data arrived as zeros (mosaic_tu masks it), and mosaic_tu latches
// the error in sdma_status (docs/isa.md R32).

`default_nettype none

module mosaic_tu_lsu #(
  parameter int AxiDataWidth = 64
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // Request (one instruction at a time).
  input  logic                      req_valid_i,
  output logic                      req_ready_o,
  input  logic                      req_store_i,   // 0 tld, 1 tst
  input  logic [4:0]                req_treg_i,
  input  logic [1:0]                req_size_i,    // 0 FP4, 1 8-bit, 2 16-bit, 3 32-bit
  input  logic [31:0]               req_base_i,
  input  logic [31:0]               req_stride_i,  // sign-extended imm
  output logic                      busy_o,
  output logic                      done_o,
  output logic                      err_o,
  // TRF write port (tld).
  output logic                      trf_wr_req_o,
  output logic [4:0]                trf_wr_reg_o,
  output logic [3:0]                trf_wr_row_o,
  output logic [63:0]               trf_wr_be_o,
  output logic [511:0]              trf_wr_data_o,
  input  logic                      trf_wr_ready_i,
  // TRF read port (tst): request held until ready, data some cycles later.
  output logic                      trf_rd_req_o,
  output logic [4:0]                trf_rd_reg_o,
  output logic [3:0]                trf_rd_row_o,
  input  logic                      trf_rd_ready_i,
  input  logic                      trf_rd_valid_i,
  input  logic [511:0]              trf_rd_data_i,
  // AXI4 master: write address.
  output logic [31:0]               awaddr_o,
  output logic [7:0]                awlen_o,
  output logic [2:0]                awsize_o,
  output logic [1:0]                awburst_o,
  output logic                      awvalid_o,
  input  logic                      awready_i,
  // Write data.
  output logic [AxiDataWidth-1:0]   wdata_o,
  output logic [AxiDataWidth/8-1:0] wstrb_o,
  output logic                      wlast_o,
  output logic                      wvalid_o,
  input  logic                      wready_i,
  // Write response.
  input  logic [1:0]                bresp_i,
  input  logic                      bvalid_i,
  output logic                      bready_o,
  // Read address.
  output logic [31:0]               araddr_o,
  output logic [7:0]                arlen_o,
  output logic [2:0]                arsize_o,
  output logic [1:0]                arburst_o,
  output logic                      arvalid_o,
  input  logic                      arready_i,
  // Read data.
  input  logic [AxiDataWidth-1:0]   rdata_i,
  input  logic [1:0]                rresp_i,
  input  logic                      rlast_i,
  input  logic                      rvalid_i,
  output logic                      rready_o
);

  localparam int BusBytes = AxiDataWidth / 8;
  localparam int OffW     = $clog2(BusBytes);

  // ------------------------------------------------------------------
  // Instruction state
  // ------------------------------------------------------------------
  logic       active_q, store_q, err_q;
  logic [4:0] treg_q;
  logic [1:0] size_q;
  logic       start, finish;

  assign req_ready_o = !active_q;
  assign start       = req_valid_i && !active_q;
  assign busy_o      = active_q;

  // TRF rows holding tile data: 2/4/8/16 for FP4/8/16/32-bit.
  logic [4:0] ndrows;
  assign ndrows = 5'd2 << size_q;

  // ------------------------------------------------------------------
  // Address side (AR for tld, AW for tst)
  // ------------------------------------------------------------------
  logic        ax_valid, ax_next;
  logic [31:0] ax_addr;
  logic [7:0]  ax_len;

  mosaic_tu_lsu_burst #(.OffW(OffW)) u_burst (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .start_i  (start),
    .base_i   (req_base_i),
    .stride_i (req_stride_i),
    .size_i   (req_size_i),
    .valid_o  (ax_valid),
    .addr_o   (ax_addr),
    .len_o    (ax_len),
    .next_i   (ax_next)
  );

  assign arvalid_o = active_q && !store_q && ax_valid;
  assign awvalid_o = active_q && store_q && ax_valid;
  assign araddr_o  = ax_addr;
  assign awaddr_o  = ax_addr;
  assign arlen_o   = ax_len;
  assign awlen_o   = ax_len;
  assign arsize_o  = 3'(OffW);
  assign awsize_o  = 3'(OffW);
  assign arburst_o = 2'b01;  // INCR
  assign awburst_o = 2'b01;
  assign ax_next   = (arvalid_o && arready_i) || (awvalid_o && awready_i);

  // ------------------------------------------------------------------
  // Data side (R for tld, W for tst)
  // ------------------------------------------------------------------
  logic            bt_valid, bt_next, bt_last;
  logic [OffW-1:0] bt_lo;
  logic [6:0]      bt_cnt;
  logic [9:0]      bt_ptr;

  mosaic_tu_lsu_beat #(.OffW(OffW)) u_beat (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .start_i  (start),
    .base_i   (req_base_i),
    .stride_i (req_stride_i),
    .size_i   (req_size_i),
    .valid_o  (bt_valid),
    .lo_o     (bt_lo),
    .cnt_o    (bt_cnt),
    .ptr_o    (bt_ptr),
    .last_o   (bt_last),
    .next_i   (bt_next)
  );

  // Byte position of the beat in its 64-byte TRF row, and whether the beat
  // fills that row.
  logic [5:0]  q;
  logic [9:0]  ptr_end;
  logic        row_fill;
  logic [64:0] cnt_ones;
  logic [63:0] bmask;

  assign q        = bt_ptr[5:0];
  assign ptr_end  = bt_ptr + {3'd0, bt_cnt};
  assign row_fill = ptr_end[5:0] == 6'd0;
  assign cnt_ones = (65'd1 << bt_cnt) - 65'd1;
  assign bmask    = cnt_ones[63:0] << q;

  // ---- tld: R beats into the row buffer, row buffer into the TRF ----
  logic         wfull_q, wfull_d;
  logic [4:0]   wrow_q, wrow_d;
  logic [511:0] rowbuf_q;
  logic [AxiDataWidth-1:0] r_rot;
  logic [511:0] r_place;
  logic         r_hs, zero_phase, trf_wr_hs, ld_done;

  assign rready_o   = active_q && !store_q && bt_valid && !wfull_q;
  assign r_hs       = rvalid_i && rready_o;
  // Beat byte j (lo <= j < lo + cnt) goes to row byte q + j - lo. The
  // beat's bytes never leave their TRF row (a bus word never spans two
  // tile rows, and a TRF row holds whole tile rows), so row byte b takes
  // beat byte (b - q + lo) mod BusBytes: the beat rotated by q - lo within
  // the bus word, repeated across the row, and bmask keeps the right bytes:
  // one rotation inside a bus word instead of a 512-bit shift by 64 byte
  // positions (an FPGA's LUTs: about a quarter).
  logic [OffW-1:0]          r_amt;
  logic [2*AxiDataWidth-1:0] r_dbl;
  assign r_amt   = q[OffW-1:0] - bt_lo;
  assign r_dbl   = {rdata_i, rdata_i} << {r_amt, 3'b000};
  assign r_rot   = r_dbl[2*AxiDataWidth-1 -: AxiDataWidth];
  assign r_place = {(512 / AxiDataWidth){r_rot}};

  assign zero_phase    = wrow_q >= ndrows;
  assign trf_wr_req_o  = active_q && !store_q && (wfull_q || (zero_phase && !wrow_q[4]));
  assign trf_wr_reg_o  = treg_q;
  assign trf_wr_row_o  = wrow_q[3:0];
  assign trf_wr_be_o   = {64{1'b1}};
  // rowbuf_q is cleared as the last data row is written (every data row
  // is written whole, so it never needs clearing before), which gives the
  // zero rows without a 512-bit select on the write data.
  assign trf_wr_data_o = rowbuf_q;
  assign trf_wr_hs     = trf_wr_req_o && trf_wr_ready_i;
  assign ld_done       = trf_wr_hs && (wrow_q == 5'd15);

  assign wfull_d = start ? 1'b0 : trf_wr_hs ? 1'b0 : (r_hs && row_fill) ? 1'b1 : wfull_q;
  assign wrow_d  = start ? 5'd0 : trf_wr_hs ? wrow_q + 5'd1 : wrow_q;

  // ---- tst: TRF rows into the read buffer, W beats out of it ----
  logic         rbuf_valid_q, rbuf_valid_d, rd_pend_q, rd_pend_d;
  logic [4:0]   rrow_q, rrow_d;
  logic [511:0] rbuf_q, rbuf_d;
  logic [511:0] w_sel;
  logic         w_hs, rd_hs;
  logic [5:0]   aw_cnt_q, aw_cnt_d, b_cnt_q, b_cnt_d;
  logic         st_done;

  assign trf_rd_req_o = active_q && store_q && !rbuf_valid_q && !rd_pend_q && (rrow_q < ndrows);
  assign trf_rd_reg_o = treg_q;
  assign trf_rd_row_o = rrow_q[3:0];
  assign rd_hs        = trf_rd_req_o && trf_rd_ready_i;
  assign rd_pend_d    = start ? 1'b0 : rd_hs ? 1'b1 : trf_rd_valid_i ? 1'b0 : rd_pend_q;
  assign rrow_d       = start ? 5'd0 : rd_hs ? rrow_q + 5'd1 : rrow_q;
  assign rbuf_d       = (rd_pend_q && trf_rd_valid_i) ? trf_rd_data_i : rbuf_q;

  // W lane j (lo <= j < lo + cnt) carries row byte q + j - lo, all inside
  // the row: the bus word of the row holding q and the next one (wrapping,
  // never used past the row's end), shifted to byte q, then to lane lo.
  localparam int RowWords = 512 / AxiDataWidth;
  localparam int WordW    = 6 - OffW;
  logic [WordW-1:0]          w_word;
  logic [2*AxiDataWidth-1:0] w_pair;
  assign w_word   = q[5:OffW];
  always_comb begin
    w_pair = '0;
    for (int k = 0; k < RowWords; k++) begin
      if (w_word == WordW'(k)) begin
        w_pair = {rbuf_q[AxiDataWidth*((k + 1) % RowWords) +: AxiDataWidth],
                  rbuf_q[AxiDataWidth*k +: AxiDataWidth]};
      end
    end
  end
  assign w_sel    = 512'(w_pair >> {q[OffW-1:0], 3'b000});
  assign wvalid_o = active_q && store_q && bt_valid && rbuf_valid_q;
  assign wdata_o  = AxiDataWidth'(w_sel) << {bt_lo, 3'b000};
  assign wstrb_o  = cnt_ones[BusBytes-1:0] << bt_lo;
  assign wlast_o  = bt_last;
  assign w_hs     = wvalid_o && wready_i;

  assign rbuf_valid_d = start ? 1'b0 :
                        (rd_pend_q && trf_rd_valid_i) ? 1'b1 :
                        (w_hs && row_fill) ? 1'b0 : rbuf_valid_q;

  assign bt_next = r_hs || w_hs;

  assign bready_o = active_q && store_q;
  assign aw_cnt_d = start ? 6'd0 : (awvalid_o && awready_i) ? aw_cnt_q + 6'd1 : aw_cnt_q;
  assign b_cnt_d  = start ? 6'd0 : (bvalid_i && bready_o) ? b_cnt_q + 6'd1 : b_cnt_q;
  assign st_done  = active_q && store_q && !ax_valid && !bt_valid && (aw_cnt_q == b_cnt_q);

  assign finish = ld_done || st_done;
  assign done_o = finish;
  assign err_o  = finish && (err_q || (bvalid_i && bready_o && bresp_i[1]));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      active_q     <= 1'b0;
      store_q      <= 1'b0;
      err_q        <= 1'b0;
      treg_q       <= 5'd0;
      size_q       <= 2'd0;
      wfull_q      <= 1'b0;
      wrow_q       <= 5'd0;
      rbuf_valid_q <= 1'b0;
      rd_pend_q    <= 1'b0;
      rrow_q       <= 5'd0;
      aw_cnt_q     <= 6'd0;
      b_cnt_q      <= 6'd0;
    end else begin
      active_q     <= start || (active_q && !finish);
      if (start) begin
        store_q <= req_store_i;
        treg_q  <= req_treg_i;
        size_q  <= req_size_i;
      end
      err_q        <= !start && !finish &&
                      (err_q || (r_hs && rresp_i[1]) || (bvalid_i && bready_o && bresp_i[1]));
      wfull_q      <= wfull_d;
      wrow_q       <= wrow_d;
      rbuf_valid_q <= rbuf_valid_d;
      rd_pend_q    <= rd_pend_d;
      rrow_q       <= rrow_d;
      aw_cnt_q     <= aw_cnt_d;
      b_cnt_q      <= b_cnt_d;
    end
  end

  // Data buffers: no reset needed (written before they are read). A beat
  // writes its bytes only (byte enables, no read-modify-write select).
  always_ff @(posedge clk_i) begin
    for (int b = 0; b < 64; b++) begin
      if (trf_wr_hs && (wrow_q == ndrows - 5'd1)) begin
        rowbuf_q[8*b +: 8] <= 8'd0;
      end else if (r_hs && bmask[b]) begin
        rowbuf_q[8*b +: 8] <= r_place[8*b +: 8];
      end
    end
    rbuf_q <= rbuf_d;
  end

  logic unused;
  assign unused = ^{w_sel, r_dbl[AxiDataWidth-1:0], rlast_i, rresp_i[0], bresp_i[0], cnt_ones[64], ptr_end[9:6]};

endmodule

`default_nettype wire
