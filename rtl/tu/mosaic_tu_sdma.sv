// SDMA engine: scpad.ld / scpad.st (docs/isa.md "SDMA", R15, R18, R21;
// executable spec sw/golden/sdma.c).
//
// Commands arrive in program order (one per accepted scpad.ld/scpad.st,
// with the CSR values at issue) into a queue of QueueDepth and go through
// stages, one command in each (A and Q, R and W may hold the same one), so
// that the next commands' reads are issued (their DRAM latency included)
// while the current one moves:
//   check  the whole of sdma.c check_transfer before anything moves
//          (mosaic_tu_sdma_check, which checks the next command while the
//          current one transfers). A bad command moves nothing and
//          completes, in order, as soon as it has passed W, with its code.
//   A      issues the source's AR bursts, once the source does not overlap
//          the destination of the commands in Q, R, W and B (so every
//          command reads what the ones before it wrote, as sdma.c runs
//          them one after the other).
//   Q      holds the command from its first AR burst until R is free and W
//          is near the end of its own command, so A goes on to the next
//          command's bursts, and R and W then work on the same command (a
//          load's main-memory reads beside its scratchpad writes, a store's
//          the other way round).
//   R      takes the R beats into the command's 4 KiB slot of the staging
//          buffer (four slots, one byte lane per byte of a beat,
//          mosaic_tu_sdma_buf). Reading all of the source first makes
//          overlapping source and destination behave as one copy (sdma.c
//          transfer()).
//   W      writes the destination from the slot, rows in order
//          (overlapping main-memory rows of a store: the last row wins, as
//          W beats reach the slave in order), then hands the command to B
//          and takes the next one (not one writing into the destination
//          of the command B holds). W takes a command while R still fills
//          its slot and writes each beat once R has delivered its bytes
//          (both walk the slot in order), unless the command's source and
//          destination overlap: then W starts only when R has read all of
//          the source.
//   B      waits for the write responses of the command's bursts (the
//          slave answers in order, so: until as many B as AW bursts were
//          issued up to its last), so a store's write latency overlaps the
//          next command's writes.
// done_o pulses once per command (from B), in command order, with its tag;
// err_o with it for a bad command (code, op, address = x[rs2], which is what
// sdma.c latches), or with code 5 for a good one some of whose beats the
// bus answered with an error (RRESP/BRESP SLVERR or DECERR; docs/isa.md
// R32). The checks reject every range the memory map refuses, so that is
// the memory's own error (mosaic-sim --dram-poison injects one); the
// command's other beats still move, and an error beat's read data arrives
// as zeros (mosaic_tu masks it). R beats belong to R's command, which W
// may hold too once it cut through (r_rt_q); B responses come in AW order,
// so those since the last done belong to the command B finishes next.
//
// "Mapped" = inside the RAM, main-memory or scratchpad window with the
// SoC's sizes (the golden ISS's tu_ok). ScpadBankBytes must be a power of
// two; the scratchpad has two banks (sdma.c in_one_bank).
//
// AXI4 master (LSU signal names): INCR bursts of full AxiDataWidth-bit
// beats (BusBytes = AxiDataWidth / 8 bytes, AxSIZE = log2(BusBytes)) with
// strobes, never across a 2 KiB boundary. AxiDataWidth = 64 or 128.

`default_nettype none
`include "mosaic_mutant.svh"

module mosaic_tu_sdma #(
  parameter int AxiDataWidth   = 128,  // 64 or 128
  parameter int RamBytes       = mosaic_pkg::RamSize,
  parameter int MainBytes      = mosaic_pkg::MainSize,
  parameter int ScpadBytes     = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int ScpadBankBytes = mosaic_pkg::ScpadBankBytes,
  parameter int QueueDepth     = 16    // power of two
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  // Commands
  input  logic                      cmd_valid_i,
  output logic                      cmd_ready_o,
  input  logic                      cmd_store_i,
  input  logic [31:0]               cmd_shape_i,
  input  logic [31:0]               cmd_sp_i,
  input  logic [31:0]               cmd_mem_i,
  input  logic [31:0]               cmd_stride_i,
  input  logic [31:0]               ddc_base_i,
  input  logic [31:0]               ddc_limit_i,
  input  logic [1:0]                ddc_perm_i,
  input  logic [mosaic_pkg::SeqW-1:0]                cmd_seq_i,
  // Completion
  output logic                      busy_o,
  output logic                      done_o,
  output logic [mosaic_pkg::SeqW-1:0]                done_seq_o,
  output logic                      err_o,
  output logic [2:0]                err_code_o,
  output logic                      err_store_o,
  output logic [31:0]               err_addr_o,
  // Performance events
  output logic [15:0]               ev_bytes_o,
  output logic                      ev_busy_o,
  // AXI4 master
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
  output logic                      rready_o
);

  localparam int CmdW     = mosaic_pkg::SdmaReqW;
  localparam int BusBytes = AxiDataWidth / 8;
  localparam int OffW     = $clog2(BusBytes);
  localparam int BufWords = 4 * 4096 / BusBytes;   // per lane: four 4 KiB slots

  typedef enum logic [1:0] {
    WIdle, WLoad, WWrite, WDone
  } wstate_e;

  // ------------------------------------------------------------------
  // Command queue, then the check stage
  // ------------------------------------------------------------------
  logic             cq_empty, cq_full, ck_in_ready;
  mosaic_sdma_req_t cmd_req, cq_head;
  logic [$clog2(QueueDepth):0] cq_cnt;

  always_comb begin
    cmd_req        = '0;
    cmd_req.store  = cmd_store_i;
    cmd_req.shape  = cmd_shape_i;
    cmd_req.sp     = cmd_sp_i;
    cmd_req.mm     = cmd_mem_i;
    cmd_req.stride = cmd_stride_i;
    cmd_req.dbase  = ddc_base_i;
    cmd_req.dlimit = ddc_limit_i;
    cmd_req.dperm  = ddc_perm_i;
    cmd_req.seq    = cmd_seq_i;
  end

  mosaic_mem_fifo #(
    .Width (CmdW),
    .Depth (QueueDepth),
    .Ram   (1'b1)         // 32 x 203 bits: RAM, not flops (mosaic_mem_fifo)
  ) u_cmdq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (cmd_valid_i & ~cq_full),   // the cmd_valid_i/cmd_ready_o handshake
    .wdata_i (cmd_req),
    .pop_i   (ck_in_ready & ~cq_empty),   // the checker takes the head
    .rdata_o (cq_head),
    .empty_o (cq_empty),
    .full_o  (cq_full),
    .count_o (cq_cnt)
  );

  assign cmd_ready_o = ~cq_full;

  logic             ck_valid, ck_take;
  mosaic_sdma_req_t ck_cmd;
  logic [2:0]       ck_code;

  mosaic_tu_sdma_check #(
    .RamBytes       (RamBytes),
    .MainBytes      (MainBytes),
    .ScpadBytes     (ScpadBytes),
    .ScpadBankBytes (ScpadBankBytes),
    .CmdW           (CmdW)
  ) u_check (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (~cq_empty),
    .in_ready_o  (ck_in_ready),
    .in_cmd_i    (cq_head),
    .out_valid_o (ck_valid),
    .out_ready_i (ck_take),
    .out_cmd_o   (ck_cmd),
    .out_code_o  (ck_code)
  );

  // ------------------------------------------------------------------
  // Command fields, iterator settings and byte ranges
  // ------------------------------------------------------------------
  // One side of a transfer as the iterator walks it: the main-memory rows
  // (rows_side: the source of a load, the destination of a store) or the
  // one packed scratchpad range. {base, stride, seg_bytes, nseg, buf_step}.
  function automatic logic [95:0] side_cfg(input logic rows_side, input logic [1:0] esz,
                                           input logic [5:0] nrows, input logic [5:0] ncols,
                                           input logic [31:0] sp, input logic [31:0] mm,
                                           input logic [31:0] stride);
    logic [12:0] rb, tot;
    rb  = 13'(ncols) << esz;
    tot = 13'(nrows) * rb;
    side_cfg = rows_side ? {mm, stride, rb, nrows, rb} : {sp, 32'd0, tot, 6'd1, 13'd0};
  endfunction

  // The bytes a side covers, [lo, hi) with ok = 1, or ok = 0 when the rows
  // are not one ascending run below 2^32 (a stride that wraps): such a side
  // is taken to overlap everything.
  function automatic logic [65:0] side_range(input logic [95:13] cfg);
    logic [31:0] base, stride;
    logic [12:0] seg;
    logic [5:0]  nm1;
    logic [39:0] hi;
    base   = cfg[95:64];
    stride = cfg[63:32];
    seg    = cfg[31:19];
    nm1    = cfg[18:13] - 6'd1;
    hi     = 40'(base) + 40'(nm1) * 40'(stride) + 40'(seg);
    side_range = {hi <= 40'h1_0000_0000, hi[32:0], base};
  endfunction

  function automatic logic overlaps(input logic [65:0] a, input logic [65:0] b);
    overlaps = !a[65] || !b[65] || (({1'b0, a[31:0]} < b[64:32]) && ({1'b0, b[31:0]} < a[64:32]));
  endfunction

  // ------------------------------------------------------------------
  // Stages, one command each, in command order:
  //   A  issues the source's AR bursts (u_ar);
  //   Q  holds A's command until R is free: a command is in A and Q at
  //      once while its bursts are still being issued, so A issues the
  //      bursts of the command after R's (two commands of reads in flight
  //      beside R's: a 1 KiB command is 64 beats, less than the DRAM's
  //      latency, and with A handing straight to R the R channel idled 39
  //      of every 169 cycles at --dram-latency 100);
  //   R  takes the source's R beats into its buffer slot (u_rd);
  //   W  writes the destination from its slot (u_aw, u_wd);
  //   B  waits for every B of the command's bursts, reports done.
  // A command enters A only when its source does not overlap the
  // destination of the commands in Q, R, W and B, whose writes are still
  // to come, so a command still reads what the commands before it wrote
  // (sdma.c runs them one after the other); W writes in command order. The
  // buffer has four 4 KiB slots, one per command in A, Q, R and W (B no
  // longer reads its slot).
  // ------------------------------------------------------------------
  // Stage control beside each stage's command record: valid, "loaded
  // this cycle" (the iterators take their settings), "handed on" (the
  // next stage holds the record too), the byte progress of R and W, W's
  // state and the burst count B waits for.
  logic             a_v_q, a_ld_q, a_rt_q;
  logic             q_v_q;
  logic             r_v_q, r_ld_q, r_rt_q;
  logic [12:0]      r_prog_q, w_prog_q;
  wstate_e          w_state_q;
  logic             b_v_q;
  logic [9:0]       b_mark_q;
  logic [1:0]       slot_q;
  mosaic_sdma_cmd_t ck_rec, a_cmd_q, q_cmd_q, r_cmd_q, w_cmd_q, b_cmd_q;
  logic        b_fin;

  logic [95:0] ck_src_cfg, ck_dst_cfg, a_cfg, r_cfg, w_cfg;
  logic [65:0] ck_src, ck_dst;
  logic        ck_mv, hazard, a_fin, a_to_q, a_free, q_to_r, r_fin, r_ct, r_waw, r_to_w, r_free;

  assign ck_mv      = (ck_code == 3'd0);
  assign ck_src_cfg = side_cfg(~ck_cmd.store, ck_cmd.shape[17:16], ck_cmd.shape[13:8],
                               ck_cmd.shape[5:0], ck_cmd.sp, ck_cmd.mm, ck_cmd.stride);
  assign ck_dst_cfg = side_cfg(ck_cmd.store, ck_cmd.shape[17:16], ck_cmd.shape[13:8],
                               ck_cmd.shape[5:0], ck_cmd.sp, ck_cmd.mm, ck_cmd.stride);
  assign ck_src     = side_range(ck_src_cfg[95:13]);
  assign ck_dst     = side_range(ck_dst_cfg[95:13]);
  assign hazard     = ck_mv &&
                      ((q_v_q && q_cmd_q.mv && overlaps(ck_src, q_cmd_q.dst)) ||
                       (r_v_q && r_cmd_q.mv && overlaps(ck_src, r_cmd_q.dst)) ||
                       ((w_state_q != WIdle) && w_cmd_q.mv && overlaps(ck_src, w_cmd_q.dst)) ||
                       (b_v_q && b_cmd_q.mv && overlaps(ck_src, b_cmd_q.dst)));
  assign ck_take    = ck_valid && !a_v_q && !hazard;

  assign a_cfg = side_cfg(~a_cmd_q.store, a_cmd_q.shape[17:16], a_cmd_q.shape[13:8],
                          a_cmd_q.shape[5:0], a_cmd_q.sp, a_cmd_q.mm, a_cmd_q.stride);
  assign r_cfg = side_cfg(~r_cmd_q.store, r_cmd_q.shape[17:16], r_cmd_q.shape[13:8],
                          r_cmd_q.shape[5:0], r_cmd_q.sp, r_cmd_q.mm, r_cmd_q.stride);
  assign w_cfg = side_cfg(w_cmd_q.store, w_cmd_q.shape[17:16], w_cmd_q.shape[13:8],
                          w_cmd_q.shape[5:0], w_cmd_q.sp, w_cmd_q.mm, w_cmd_q.stride);

  // ------------------------------------------------------------------
  // Iterators: bursts for AR (source) and AW (destination), beats for R
  // and W
  // ------------------------------------------------------------------
  logic                ar_done, rd_done, aw_done, wd_done;
  logic                ar_step, rd_step, aw_step, wd_step;
  logic                rd_blast, wd_blast, ar_blast, aw_blast;
  logic [31:0]         ar_addr, rd_addr, aw_addr, wd_addr;
  logic [31:0]         ar_delta, rd_delta, aw_delta, wd_delta;
  logic [7:0]          ar_len, rd_len, aw_len, wd_len;
  logic [BusBytes-1:0] ar_mask, rd_mask, aw_mask, wd_mask;
  logic                w_load;

  assign w_load = (w_state_q == WLoad) && w_cmd_q.mv;

  // Walker k: 0 AR bursts and 1 R beats of the source (A and R's
  // commands), 2 AW bursts and 3 W beats of the destination (W's command).
  logic [3:0]            it_load, it_beat, it_burst, it_done, it_blast;
  logic [4*96-1:0]       it_cfg;
  logic [4*32-1:0]       it_addr, it_delta;
  logic [4*8-1:0]        it_len;
  logic [4*BusBytes-1:0] it_mask;

  assign it_load  = {w_load, w_load, r_ld_q && r_cmd_q.mv, a_ld_q && a_cmd_q.mv};
  assign it_cfg   = {w_cfg, w_cfg, r_cfg, a_cfg};
  assign it_beat  = {wd_step, 1'b0, rd_step, 1'b0};
  assign it_burst = {1'b0, aw_step, 1'b0, ar_step};
  assign {wd_done, aw_done, rd_done, ar_done}         = it_done;
  assign {wd_blast, aw_blast, rd_blast, ar_blast}     = it_blast;
  assign {wd_addr, aw_addr, rd_addr, ar_addr}         = it_addr;
  assign {wd_delta, aw_delta, rd_delta, ar_delta}     = it_delta;
  assign {wd_len, aw_len, rd_len, ar_len}             = it_len;
  assign {wd_mask, aw_mask, rd_mask, ar_mask}         = it_mask;

  for (genvar k = 0; k < 4; k++) begin : g_iter
    mosaic_tu_sdma_iter #(
      .BusBytes (BusBytes)
    ) u_iter (
      .clk_i        (clk_i),
      .rst_ni       (rst_ni),
      .load_i       (it_load[k]),
      .base_i       (it_cfg[96*k+64 +: 32]),
      .stride_i     (it_cfg[96*k+32 +: 32]),
      .seg_bytes_i  (it_cfg[96*k+19 +: 13]),
      .nseg_i       (it_cfg[96*k+13 +: 6]),
      .buf_step_i   (it_cfg[96*k +: 13]),
      .step_beat_i  (it_beat[k]),
      .step_burst_i (it_burst[k]),
      .done_o       (it_done[k]),
      .addr_o       (it_addr[32*k +: 32]),
      .len_o        (it_len[8*k +: 8]),
      .blast_o      (it_blast[k]),
      .mask_o       (it_mask[BusBytes*k +: BusBytes]),
      .delta_o      (it_delta[32*k +: 32])
    );
  end

  // ------------------------------------------------------------------
  // Staging buffer: BusBytes lanes of BufWords bytes; lane L holds slot
  // bytes p with p % BusBytes == L. Byte i of the beat at (aligned)
  // address A is slot byte p = A + i - delta, so lane L meets beat byte
  // (L + delta) % BusBytes at index p / BusBytes.
  // ------------------------------------------------------------------
  logic [BusBytes-1:0]     buf_we;
  logic [AxiDataWidth-1:0] buf_rdata;
  logic                    buf_re, r_act;
  logic [OffW-1:0]         rsh, wsh;

  // Slot byte of lane l's beat byte: base + bi with base = addr - delta,
  // once per beat. A lane adds only its carry out of the low OffW bits,
  // choosing between base's word index and that plus one (a 32-bit add
  // and subtract per lane filled the SDMA with carry chains on an ECP5).
  logic [11:0]       wbase, rbase;
  logic [11-OffW:0]  wbase1, rbase1;
  assign rsh    = rd_delta[OffW-1:0];
  assign wsh    = wd_delta[OffW-1:0];
  assign wbase  = rd_addr[11:0] - rd_delta[11:0];
  assign rbase  = wd_addr[11:0] - wd_delta[11:0];
  assign wbase1 = wbase[11:OffW] + 1'b1;
  assign rbase1 = rbase[11:OffW] + 1'b1;
  assign r_act  = r_v_q && !r_ld_q && r_cmd_q.mv && !rd_done;

  for (genvar l = 0; l < BusBytes; l++) begin : g_lane
    logic [OffW-1:0] wbi, rbi;
    logic [OffW:0]   wlo, rlo;
    logic [11-OffW:0] wp, rp;
    assign wbi       = OffW'(l) + rsh;
    assign wlo       = {1'b0, wbase[OffW-1:0]} + {1'b0, wbi};
    assign wp        = wlo[OffW] ? wbase1 : wbase[11:OffW];
    assign rbi       = OffW'(l) + wsh;
    assign rlo       = {1'b0, rbase[OffW-1:0]} + {1'b0, rbi};
    assign rp        = rlo[OffW] ? rbase1 : rbase[11:OffW];
    assign buf_we[l] = r_act & rvalid_i & rd_mask[wbi];

    mosaic_tu_sdma_buf #(
      .Words (BufWords)
    ) u_buf (
      .clk_i   (clk_i),
      .we_i    (buf_we[l]),
      .waddr_i ({r_cmd_q.slot, wp}),
      .wdata_i (rdata_i[8*wbi +: 8]),
      .re_i    (buf_re),
      .raddr_i ({w_cmd_q.slot, rp}),
      .rdata_o (buf_rdata[8*l +: 8])
    );

    logic unused_lo;
    assign unused_lo = ^{wlo[OffW-1:0], rlo[OffW-1:0]};
  end

  // The slot index needs the low 12 bits (4 KiB slots) of R and W's beat
  // addresses and deltas.
  logic unused_hi;
  assign unused_hi = ^{rd_addr[31:12], wd_addr[31:12], rd_delta[31:12], wd_delta[31:12]};

  // ------------------------------------------------------------------
  // A and R: the read side
  // ------------------------------------------------------------------
  assign arvalid_o = a_v_q & ~a_ld_q & a_cmd_q.mv & ~ar_done;
  assign araddr_o  = ar_addr;
  assign arlen_o   = ar_len;
  assign arsize_o  = 3'(OffW);
  assign arburst_o = 2'b01;
  assign rready_o  = r_act;
  assign ar_step   = arvalid_o & arready_i;
  assign rd_step   = r_act & rvalid_i;

  // Q takes A's command as soon as it is free, while A may still be
  // issuing its bursts, and R takes Q's as soon as R is free: the memory
  // system accepts only so many reads whose beats nobody takes
  // (--dram-outstanding, its queues), so the bursts of the command behind
  // R's must not wait for all of R's.
  // R takes the next command only when W is idle or near the end of its
  // own (at most four beats left to read from the slot). Otherwise, once
  // W fell a command behind, R would read command k + 1 beside W's
  // command k for good, and a load's W (scratchpad) beside a store's R
  // (scratchpad), or a store's W (main memory) beside a load's R (main
  // memory), share one memory a beat every second cycle. Kept together,
  // each command's R and W are in different memories for loads and
  // stores, a beat each way every cycle (docs/performance.md).
  logic [12:0] w_tot;
  logic        w_near;
  assign w_tot  = w_cfg[31:19] * 13'(w_cfg[18:13]);
  assign w_near = (w_state_q == WIdle) || (w_state_q == WDone) || !w_cmd_q.mv ||
                  ((w_state_q == WWrite) && (w_tot - w_prog_q <= 13'(4 * BusBytes)));
  assign a_fin  = a_v_q && !a_ld_q && (!a_cmd_q.mv || ar_done);
  assign q_to_r = q_v_q && (!r_v_q || r_free) && w_near;
  assign a_to_q = a_v_q && !a_rt_q && (!q_v_q || q_to_r);
  assign a_free = a_fin && (a_rt_q || a_to_q);
  // W takes R's command once R has read all of it or, when its source and
  // destination do not overlap, as soon as R has started (cut-through: a
  // lone command then costs one pass over its bytes, not two).
  assign r_fin  = r_v_q && !r_ld_q && (!r_cmd_q.mv || rd_done);
  assign r_ct   = r_v_q && !r_ld_q && r_cmd_q.mv && !r_cmd_q.self_ov;
  // Nor while B still waits for the responses of a command whose
  // destination it overlaps: a command's bytes are final when it reports
  // done (the lockstep testbench compares them then).
  assign r_waw  = b_v_q && !b_fin && b_cmd_q.mv && r_cmd_q.mv && overlaps(r_cmd_q.dst, b_cmd_q.dst);
  assign r_to_w = r_v_q && !r_rt_q && (r_fin || r_ct) && !r_waw &&
                  ((w_state_q == WIdle) || (w_state_q == WDone));
  assign r_free = r_fin && (r_rt_q || r_to_w);

  // ------------------------------------------------------------------
  // W: buffer read (one cycle) -> W queue
  // ------------------------------------------------------------------
  logic                    wp_v_q, wp_last_q;
  logic [BusBytes-1:0]     wp_mask_q;
  logic [OffW-1:0]         wp_dsh_q;
  logic [AxiDataWidth-1:0] wp_data;
`ifdef MOSAIC_INJECT_SOC_BUGS
  `MOSAIC_MUTANT_SEL
`endif
  logic                    wq_empty, wq_full;
  logic [2:0]              wq_cnt;
  logic                    w_room, w_avail;

  // Bytes of a beat: popcount of its mask (0..BusBytes).
  function automatic logic [OffW:0] popcnt(input logic [BusBytes-1:0] m);
    popcnt = '0;
    for (int i = 0; i < BusBytes; i++) popcnt = popcnt + (OffW+1)'(m[i]);
  endfunction

  // R fills the slot's bytes in order and W reads them in order, so while
  // R still holds W's command a beat may be read once R's count covers it.
  assign w_room  = (32'(wq_cnt) + 32'(wp_v_q)) < 4;
  assign w_avail = !(r_v_q && r_rt_q) || ((w_prog_q + 13'(popcnt(wd_mask))) <= r_prog_q);
  assign buf_re  = (w_state_q == WWrite) & ~wd_done & w_room & w_avail;

  // Beat byte i comes from lane (i - delta) % BusBytes.
  for (genvar i = 0; i < BusBytes; i++) begin : g_wbyte
    logic [OffW-1:0] li;
    assign li = OffW'(i) - wp_dsh_q;
    assign wp_data[8*i +: 8] = buf_rdata[8*li +: 8];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wp_v_q    <= 1'b0;
      wp_last_q <= 1'b0;
      wp_mask_q <= '0;
      wp_dsh_q  <= '0;
    end else begin
      wp_v_q    <= buf_re;
      wp_last_q <= wd_blast;
      wp_mask_q <= wd_mask;
      wp_dsh_q  <= wsh;
    end
  end

  mosaic_mem_fifo #(
    .Width (AxiDataWidth + BusBytes + 1),
    .Depth (4)
  ) u_wq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (wp_v_q),
`ifdef MOSAIC_INJECT_SOC_BUGS
    .wdata_i ({wp_data ^ AxiDataWidth'(mutant_sel == 2 && wp_mask_q[0]), wp_mask_q, wp_last_q}),
`else
    .wdata_i ({wp_data, wp_mask_q, wp_last_q}),
`endif
    .pop_i   (wvalid_o & wready_i),
    .rdata_o ({wdata_o, wstrb_o, wlast_o}),
    .empty_o (wq_empty),
    .full_o  (wq_full),
    .count_o (wq_cnt)
  );

  assign wvalid_o  = ~wq_empty;
  assign awvalid_o = (w_state_q == WWrite) & ~aw_done;
  assign awaddr_o  = aw_addr;
  assign awlen_o   = aw_len;
  assign awsize_o  = 3'(OffW);
  assign awburst_o = 2'b01;
  assign bready_o  = 1'b1;
  assign aw_step   = awvalid_o & awready_i;
  assign wd_step   = buf_re;

  // Bursts issued and write responses received since reset (mod 1024; at
  // most 64 bursts per command and two commands' worth outstanding). B
  // holds a command until the responses catch up with the count at its
  // last burst.
  logic [9:0] aw_tot_q, b_tot_q;
  logic       write_done, b_room, w_to_b;
  assign write_done = aw_done & wd_done & ~wp_v_q & wq_empty;
  assign b_fin      = b_v_q & (b_tot_q == b_mark_q);
  assign b_room     = ~b_v_q | b_fin;
  assign w_to_b     = b_room & (((w_state_q == WLoad) & ~w_cmd_q.mv) |
                                ((w_state_q == WWrite) & write_done));

  // ------------------------------------------------------------------
  // Stage registers: each stage copies the whole record from the one
  // before it; fields a stage does not use (B's shape, W's self_ov, ...)
  // are left for synthesis to drop.
  // ------------------------------------------------------------------
  always_comb begin
    ck_rec         = '0;
    ck_rec.store   = ck_cmd.store;
    ck_rec.mv      = ck_mv;
    ck_rec.self_ov = ck_mv && overlaps(ck_src, ck_dst);
    ck_rec.shape   = ck_cmd.shape;
    ck_rec.sp      = ck_cmd.sp;
    ck_rec.mm      = ck_cmd.mm;
    ck_rec.stride  = ck_cmd.stride;
    ck_rec.seq     = ck_cmd.seq;
    ck_rec.code    = ck_code;
    ck_rec.slot    = slot_q;
    ck_rec.dst     = ck_dst;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_q    <= '0;
      a_v_q     <= 1'b0;
      a_ld_q    <= 1'b0;
      a_rt_q    <= 1'b0;
      a_cmd_q   <= '0;
      q_v_q     <= 1'b0;
      q_cmd_q   <= '0;
      r_v_q     <= 1'b0;
      r_ld_q    <= 1'b0;
      r_rt_q    <= 1'b0;
      r_prog_q  <= '0;
      w_prog_q  <= '0;
      r_cmd_q   <= '0;
      w_state_q <= WIdle;
      w_cmd_q   <= '0;
      b_v_q     <= 1'b0;
      b_cmd_q   <= '0;
      b_mark_q  <= '0;
      aw_tot_q  <= '0;
      b_tot_q   <= '0;
    end else begin
      // A
      a_ld_q <= 1'b0;
      if (ck_take) begin
        a_v_q   <= 1'b1;
        a_ld_q  <= 1'b1;
        a_rt_q  <= 1'b0;
        a_cmd_q <= ck_rec;
        slot_q  <= slot_q + 2'd1;
      end else begin
        if (a_free) a_v_q  <= 1'b0;
        if (a_to_q) a_rt_q <= 1'b1;
      end
      // Q
      if (a_to_q) begin
        q_v_q   <= 1'b1;
        q_cmd_q <= a_cmd_q;
      end else if (q_to_r) begin
        q_v_q <= 1'b0;
      end
      // R
      r_ld_q <= 1'b0;
      if (q_to_r) begin
        r_v_q    <= 1'b1;
        r_ld_q   <= 1'b1;
        r_rt_q   <= 1'b0;
        r_prog_q <= '0;
        r_cmd_q  <= q_cmd_q;
      end else begin
        if (r_free) r_v_q <= 1'b0;
        if (r_to_w) r_rt_q <= 1'b1;
        if (rd_step) r_prog_q <= r_prog_q + 13'(popcnt(rd_mask));
      end
      if (r_to_w) w_prog_q <= '0;
      else if (buf_re) w_prog_q <= w_prog_q + 13'(popcnt(wd_mask));
      // W
      if (aw_step)  aw_tot_q <= aw_tot_q + 10'd1;
      if (bvalid_i) b_tot_q  <= b_tot_q + 10'd1;
      // W takes the next command when idle or in the cycle it reports the
      // previous one done.
      if (r_to_w) w_cmd_q <= r_cmd_q;
      // B: W's command once W has issued all of it (AW needs no step then).
      if (w_to_b) begin
        b_v_q    <= 1'b1;
        b_cmd_q  <= w_cmd_q;
        b_mark_q <= aw_tot_q;
      end else if (b_fin) begin
        b_v_q <= 1'b0;
      end
      unique case (w_state_q)
        WIdle:   if (r_to_w) w_state_q <= WLoad;
        WLoad:   if (w_cmd_q.mv) w_state_q <= WWrite;
                 else if (w_to_b) w_state_q <= WDone;
        WWrite:  if (w_to_b) w_state_q <= WDone;
        WDone:   w_state_q <= r_to_w ? WLoad : WIdle;
        default: w_state_q <= WIdle;
      endcase
    end
  end

  // Bus errors per command: R's, W's (R's once handed on), B's, and the B
  // responses since the last done.
  logic r_berr_q, w_berr_q, b_berr_q, bacc_q, r_err_now, b_err_now, b_bus;
  assign r_err_now = rd_step & rresp_i[1];
  assign b_err_now = bvalid_i & bresp_i[1];
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      r_berr_q <= 1'b0;
      w_berr_q <= 1'b0;
      b_berr_q <= 1'b0;
      bacc_q   <= 1'b0;
    end else begin
      if (q_to_r)         r_berr_q <= 1'b0;
      else if (r_err_now) r_berr_q <= 1'b1;
      if (r_to_w)                     w_berr_q <= r_berr_q | r_err_now;
      else if (r_rt_q && r_err_now)   w_berr_q <= 1'b1;
      if (w_to_b) b_berr_q <= w_berr_q;
      bacc_q <= b_err_now | (bacc_q & ~b_fin);
    end
  end
  assign b_bus = b_cmd_q.mv & (b_berr_q | bacc_q);

  assign done_o      = b_fin;
  assign done_seq_o  = b_cmd_q.seq;
  assign err_o       = done_o & ((b_cmd_q.code != 3'd0) | b_bus);
  assign err_code_o  = (b_cmd_q.code != 3'd0) ? b_cmd_q.code : (b_bus ? mosaic_pkg::SdmaCodeBus : 3'd0);
  assign err_store_o = b_cmd_q.store;
  assign err_addr_o  = b_cmd_q.mm;
  assign busy_o      = ~cq_empty | ~ck_in_ready | a_v_q | q_v_q | r_v_q | (w_state_q != WIdle) |
                       b_v_q;
  assign ev_busy_o   = busy_o;

  always_comb begin
    ev_bytes_o = 16'd0;
    if (wvalid_o && wready_i) ev_bytes_o = 16'(popcnt(wstrb_o));
  end

  // Record fields a stage does not need: the DDC window (the check's), the
  // shape's reserved bits, and what B and W never read.
  logic unused;
  assign unused = ^{bresp_i[0], rresp_i[0], rlast_i, cq_cnt, wq_full,
                    ar_blast, ar_mask, ar_delta, rd_len, rd_blast, aw_blast, aw_mask, aw_delta,
                    wd_len, ck_src_cfg[12:0], ck_dst_cfg[12:0], ck_cmd.dbase, ck_cmd.dlimit,
                    ck_cmd.dperm, ck_cmd.shape[31:18], ck_cmd.shape[15:14], ck_cmd.shape[7:6],
                    a_cmd_q.shape[31:18], a_cmd_q.shape[15:14], a_cmd_q.shape[7:6],
                    r_cmd_q.shape[31:18], r_cmd_q.shape[15:14], r_cmd_q.shape[7:6],
                    w_cmd_q.shape[31:18], w_cmd_q.shape[15:14], w_cmd_q.shape[7:6], w_cmd_q.self_ov,
                    b_cmd_q.self_ov, b_cmd_q.shape, b_cmd_q.sp, b_cmd_q.stride, b_cmd_q.slot};

endmodule

`default_nettype wire
