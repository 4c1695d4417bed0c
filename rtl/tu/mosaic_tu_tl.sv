// TensorLoad engine (custom-3): tl.xpose, tl.concat, tl.addi, tl.mload,
// tl.mstore, one instruction at a time.
//
// The issue check (mosaic_tu_check) has already decided every trap and
// descriptor error: this engine only sees instructions that execute, with
// a good descriptor and every selected slice in allowed memory. A register
// is 1024 plain bytes (TRF row r = bytes 64r..64r+63).
//
// Phases:
//   Fetch   the source register(s) are read into a 2 KiB staging buffer
//           (A: rows 0-15, B: rows 16-31; tl.concat reads tA on port 0 and
//           tB on port 1, the others read A's rows 0-7 on port 0 and 8-15
//           on port 1). At the same time the gather lanes are set up (see
//           below) and, for tl.concat, the table of selected positions is
//           built one mask bit per cycle (32 cycles).
//   Gather  tl.xpose / tl.concat: Lanes byte-gather lanes each pick one
//           result byte from the staging buffer per cycle (2048:1,
//           mosaic_tu_tl_gather), so an output row
//           of 64 bytes takes 64/Lanes cycles; each full row goes to the
//           TRF while the next is gathered. Result bytes past N are zero.
//           A lane follows its result position as mixed-radix digits and
//           the source offset incrementally (mosaic_tu_tl_mradd): tl.xpose
//           walks the result shape with the permuted source strides,
//           tl.concat walks (outer, selected position q, inner) and adds
//           the table entry of q (q*inner of tA or tB). Lane t starts at
//           position t (an 8-step walk during Fetch), and every lane adds
//           Lanes per cycle (the digits of Lanes, taken from that walk).
//   Rows    one TRF row per cycle: the rest of a gathered result (zero
//           rows), tl.addi (64 saturating byte adders on staging row r),
//           tl.mload (staging row r, shifted by base[2:0]).
//   MemRd   tl.mload: the staging buffer is cleared at issue; AR bursts
//           over the runs of selected slices (mosaic_tu_tl_burst) run ahead
//           of R; each R beat lands in the staging buffer at its own
//           aligned word (the buffer holds memory bytes from base & ~7, so
//           a beat is one aligned word) with the bytes of the burst's
//           register range enabled; then Rows writes all 16 rows.
//   MemWr   tl.mstore: after Fetch, AW bursts run ahead of W; a W beat's
//           bytes come from the gather lanes (lane i = register byte at
//           beat address + i - base), strobed only inside the burst's
//           register range. done_o once every B is back.
//
// StageRam = 1 (the FPGA configuration) keeps the phases with the buffer
// in mosaic_tu_tl_stage_ram (distributed RAM, read as 8 bytes from any
// byte or a row from any of its first 8 bytes) and Lanes = 1: the gather
// lane, a tl.mstore W beat and a Rows-phase row are each one window read, and tl.mload clears its rows in Fetch instead
// of at issue.
//
// done_o pulses once the last TRF write (tl.mstore: the last B) has been
// accepted, in that cycle or the next; the engine takes a new command the
// cycle after done_o. With it: done_sat_o (tl.addi clamped a byte), done_err_o (some RRESP/BRESP
// was not OKAY; the other beats moved, as in mosaic_tu_lsu; R32),
// done_shape_we_o/done_shape_o (tl_tensor_shape <- result shape: xpose,
// concat) and done_perm_we_o/done_perm_o (tl_transpose_perm: xpose).

`default_nettype none

module mosaic_tu_tl #(
  // 0: the staging buffer in flops, 8 gather lanes (2048:1 byte muxes);
  // 1: in distributed RAM (mosaic_tu_tl_stage_ram), one gather lane, and
  // tl.mload clears the rows it uses during Fetch (9 cycles). Same results.
  parameter int StageRam = 0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  // Dispatch.
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic [31:0]  cmd_insn_i,
  input  logic [31:0]  cmd_x1_i,
  input  logic [31:0]  cmd_x2_i,
  input  logic [31:0]  cmd_xrd_i,
  input  logic [31:0]  cmd_shape_i,
  input  logic [31:0]  cmd_mask1_i,
  input  logic [31:0]  cmd_mask2_i,
  input  logic [31:0]  cmd_lmask_i,
  input  logic [31:0]  cmd_smask_i,
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
  // Completion.
  output logic         done_o,
  output logic [mosaic_pkg::SeqW-1:0]   done_seq_o,
  output logic         done_sat_o,
  output logic         done_err_o,
  output logic         done_shape_we_o,
  output logic [31:0]  done_shape_o,
  output logic         done_perm_we_o,
  output logic [7:0]   done_perm_o,
  output logic         busy_o,
  // AXI4 master (64-bit, INCR, full-width beats): write address.
  output logic [31:0]  awaddr_o,
  output logic [7:0]   awlen_o,
  output logic [2:0]   awsize_o,
  output logic [1:0]   awburst_o,
  output logic         awvalid_o,
  input  logic         awready_i,
  // Write data.
  output logic [63:0]  wdata_o,
  output logic [7:0]   wstrb_o,
  output logic         wlast_o,
  output logic         wvalid_o,
  input  logic         wready_i,
  // Write response.
  input  logic [1:0]   bresp_i,
  input  logic         bvalid_i,
  output logic         bready_o,
  // Read address.
  output logic [31:0]  araddr_o,
  output logic [7:0]   arlen_o,
  output logic [2:0]   arsize_o,
  output logic [1:0]   arburst_o,
  output logic         arvalid_o,
  input  logic         arready_i,
  // Read data.
  input  logic [63:0]  rdata_i,
  input  logic [1:0]   rresp_i,
  input  logic         rlast_i,
  input  logic         rvalid_i,
  output logic         rready_o
);

  localparam bit Ram    = (StageRam != 0);
  localparam int Lanes  = Ram ? 1 : 8;   // gather bytes per cycle (64 / Lanes cycles a row)
  localparam int LaneW  = $clog2(Lanes);
  localparam int ChunkW = 6 - LaneW;          // chunk = Lanes bytes of a row
  localparam logic [3:0]        LanesC    = Lanes[3:0];
  localparam logic [ChunkW-1:0] LastChunk = '1;   // chunk index of a row's last Lanes bytes

  localparam logic [2:0] OpXpose  = 3'd0;
  localparam logic [2:0] OpConcat = 3'd1;
  localparam logic [2:0] OpAddi   = 3'd2;
  localparam logic [2:0] OpMload  = 3'd3;
  localparam logic [2:0] OpMstore = 3'd4;

  localparam logic [2:0] StIdle   = 3'd0;
  localparam logic [2:0] StFetch  = 3'd1;
  localparam logic [2:0] StGather = 3'd2;
  localparam logic [2:0] StRows   = 3'd3;
  localparam logic [2:0] StMemRd  = 3'd4;
  localparam logic [2:0] StMemWr  = 3'd5;

  // ------------------------------------------------------------------
  // Instruction
  // ------------------------------------------------------------------
  logic [2:0]  st_q, st_d;
  logic [31:0] insn_q, x1_q, x2_q, xrd_q, shape_q, mask1_q, mask2_q, lmask_q, smask_q;
  logic [mosaic_pkg::SeqW-1:0]  seq_q;
  logic        start;

  assign start       = cmd_valid_i && (st_q == StIdle);
  assign cmd_ready_o = (st_q == StIdle);
  assign busy_o      = (st_q != StIdle);

  logic [2:0] op;
  logic [6:0] f7;
  logic [4:0] rd_f, rs1_f, rs2_f;
  assign op    = insn_q[14:12];
  assign f7    = insn_q[31:25];
  assign rd_f  = insn_q[11:7];
  assign rs1_f = insn_q[19:15];
  assign rs2_f = insn_q[24:20];

  logic is_concat, is_gather;
  assign is_concat = (op == OpConcat);
  assign is_gather = (op == OpXpose) || (op == OpConcat);

  // Descriptor of each instruction (docs/isa.md operand roles).
  logic [31:0] desc;
  always_comb begin
    unique case (op)
      OpXpose:  desc = x2_q;
      OpConcat: desc = shape_q;
      OpMload:  desc = x1_q;
      default:  desc = xrd_q;
    endcase
  end
  logic [7:0] d0, d1, d2, d3;
  assign d0 = desc[7:0];
  assign d1 = desc[15:8];
  assign d2 = desc[23:16];
  assign d3 = desc[31:24];

  // Products of dimensions. Every product of a good descriptor's dimensions
  // is at most 1024, so 11 bits hold them (the issue check rejected the rest).
  logic [15:0] p23, p12, p01;
  logic [23:0] p123, p012;
  logic [10:0] sz23, sz123, sz01, nbytes;
  logic [31:0] p0123;
  assign p23    = d2 * d3;
  assign p12    = d1 * d2;
  assign p01    = d0 * d1;
  assign p123   = p12 * d3;
  assign p012   = p01 * d2;
  assign p0123  = p012 * d3;
  assign sz23   = p23[10:0];
  assign sz123  = p123[10:0];
  assign sz01   = p01[10:0];
  assign nbytes = p0123[10:0];

  // ---- tl.xpose: perm[r] = source dimension of result dimension r ----
  logic [1:0] xa, xb;
  logic [1:0] perm0, perm1, perm2, perm3;
  assign xa    = f7[1:0];
  assign xb    = f7[3:2];
  assign perm0 = (xa == 2'd0) ? xb : (xb == 2'd0) ? xa : 2'd0;
  assign perm1 = (xa == 2'd1) ? xb : (xb == 2'd1) ? xa : 2'd1;
  assign perm2 = (xa == 2'd2) ? xb : (xb == 2'd2) ? xa : 2'd2;
  assign perm3 = (xa == 2'd3) ? xb : (xb == 2'd3) ? xa : 2'd3;

  // Source dimension r in [8r +: 8], its row-major stride in [11r +: 11].
  logic [31:0] dvec;
  logic [43:0] svec;
  assign dvec = desc;
  assign svec = {11'd1, {3'd0, d3}, sz23, sz123};

  logic [7:0]  xd0, xd1, xd2, xd3;
  logic [10:0] xs0, xs1, xs2, xs3;
  assign xd0 = dvec[8*perm0 +: 8];
  assign xd1 = dvec[8*perm1 +: 8];
  assign xd2 = dvec[8*perm2 +: 8];
  assign xd3 = dvec[8*perm3 +: 8];
  assign xs0 = svec[11*perm0 +: 11];
  assign xs1 = svec[11*perm1 +: 11];
  assign xs2 = svec[11*perm2 +: 11];
  assign xs3 = svec[11*perm3 +: 11];

  // ---- tl.concat.d --------------------------------------------------
  logic [1:0]  cdim;
  logic [7:0]  clen;
  logic [10:0] outer, inner;
  logic [31:0] lenmask, sel1, sel2;
  logic [5:0]  n1, n2;
  logic [6:0]  ncat;   // up to 64: 32 positions of each source
  assign cdim = f7[1:0];
  always_comb begin
    unique case (cdim)
      2'd0:    begin clen = d0; outer = 11'd1;          inner = sz123; end
      2'd1:    begin clen = d1; outer = {3'd0, d0};     inner = sz23;  end
      default: begin clen = d2; outer = sz01;           inner = {3'd0, d3}; end
    endcase
  end
  assign lenmask = (clen >= 8'd32) ? 32'hFFFF_FFFF : ((32'd1 << clen[4:0]) - 32'd1);
  assign sel1    = mask1_q & lenmask;
  assign sel2    = mask2_q & lenmask;
  always_comb begin
    n1 = 6'd0;
    n2 = 6'd0;
    for (int i = 0; i < 32; i++) begin
      n1 = n1 + {5'd0, sel1[i]};
      n2 = n2 + {5'd0, sel2[i]};
    end
  end
  assign ncat = {1'b0, n1} + {1'b0, n2};
  logic [21:0] clen_inner, cat_n1, cat_n;
  assign clen_inner = clen * inner;
  assign cat_n1     = outer * {4'd0, ncat};
  assign cat_n      = cat_n1[10:0] * inner;

  // ---- walk parameters: radices r, strides st, wrap offsets w ---------
  logic [10:0] r0, r1, r2, r3, st0, st1, st2, st3, nout;
  always_comb begin
    if (is_concat) begin
      r0 = outer;                r1 = {4'd0, ncat}; r2 = inner;  r3 = 11'd1;
      st0 = clen_inner[10:0];    st1 = 11'd0;       st2 = 11'd1; st3 = 11'd0;
      nout = cat_n[10:0];
    end else begin
      r0 = {3'd0, xd0}; r1 = {3'd0, xd1}; r2 = {3'd0, xd2}; r3 = {3'd0, xd3};
      st0 = xs0;        st1 = xs1;        st2 = xs2;        st3 = xs3;
      nout = nbytes;
    end
  end
  logic [21:0] rs1p, rs2p, rs3p;
  logic [9:0]  w1, w2, w3;
  assign rs1p = r1 * st1;
  assign rs2p = r2 * st2;
  assign rs3p = r3 * st3;
  assign w1   = st0[9:0] - rs1p[9:0];
  assign w2   = st1[9:0] - rs2p[9:0];
  assign w3   = st2[9:0] - rs3p[9:0];

  // Result shape / permutation for the CSRs.
  logic [31:0] res_shape;
  always_comb begin
    res_shape = desc;
    if (is_concat) res_shape[8*cdim +: 8] = {1'b0, ncat};
    else           res_shape = {xd3, xd2, xd1, xd0};
  end

  // ------------------------------------------------------------------
  // Staging buffer: 32 rows of 64 bytes (A = rows 0..15, B = 16..31).
  // ------------------------------------------------------------------
  logic [4:0]     req_q, rsp_q, nreq;
  logic           rsp_fire;
  assign nreq     = (op == OpMload) ? 5'd0 : is_concat ? 5'd16 : 5'd8;
  assign rsp_fire = (st_q == StFetch) && rd0_valid_i && (rsp_q < nreq);

  logic [4:0] rsp_row0, rsp_row1;
  assign rsp_row0 = rsp_q;
  assign rsp_row1 = is_concat ? (rsp_q + 5'd16) : (rsp_q + 5'd8);

  assign rd0_req_o = (st_q == StFetch) && (req_q < nreq);
  assign rd1_req_o = rd0_req_o;
  assign rd0_reg_o = rs1_f;
  assign rd1_reg_o = is_concat ? rs2_f : rs1_f;
  assign rd0_row_o = req_q[3:0];
  assign rd1_row_o = is_concat ? req_q[3:0] : (req_q[3:0] + 4'd8);

  // tl.mload R beats: aligned word index from base & ~7 (0..128).
  logic        beat_we;
  logic [7:0]  beat_wi;
  logic [7:0]  beat_be;

  // Reads: the gather lanes' bytes (gsel), and in the Rows phase the 64
  // bytes from staging byte 64*row + rot (rrow). With StageRam, also the 8
  // bytes of a tl.mstore W beat (wwin).
  wire  [8*Lanes-1:0] gsel;
  wire  [10:0]        gidx_v [Lanes];
  logic [511:0]       rrow;
  logic [63:0]        wwin;
  logic [2:0]         rot;
  logic [4:0]         row_q;
  logic [10:0]        woff;    // register offset of the W beat's byte 0
  wire  [79:0]        beat_off;    // register offset of W beat byte i, [10i +: 10]
  // StageRam: tl.mload clears staging rows 0..16 (locals 0..8 of both
  // groups) during Fetch, since the RAM cannot clear at issue.
  logic [3:0]         clr_q;
  logic               clr_busy;
  assign clr_busy = Ram && (st_q == StFetch) && (op == OpMload) && (clr_q <= 4'd8);

  if (Ram) begin : g_ram
    logic [10:0]  ra;
    logic [511:0] win;
    always_comb begin
      unique case (st_q)
        StGather: ra = gidx_v[0];
        StMemWr:  ra = woff;
        default:  ra = {1'b0, row_q[3:0], 6'd0} | {8'd0, rot};
      endcase
    end
    mosaic_tu_tl_stage_ram u_stage (
      .clk_i      (clk_i),
      .concat_i   (is_concat),
      .rw_i       (rsp_fire || clr_busy),
      .rw_local_i (clr_busy ? clr_q : rsp_q[3:0]),
      .rw0_data_i (clr_busy ? 512'd0 : rd0_data_i),
      .rw1_data_i (clr_busy ? 512'd0 : rd1_data_i),
      .bw_i       (beat_we),
      .bw_word_i  (beat_wi),
      .bw_be_i    (beat_be),
      .bw_data_i  (rdata_i),
      .rd_addr_i  (ra),
      .rd_data_o  (win)
    );
    assign gsel = win[7:0];
    assign rrow = win;
    assign wwin = win[63:0];
    logic unused_ram;
    assign unused_ram = ^{rsp_row0, rsp_row1};
  end else begin : g_flop
    wire [16383:0] stage;
    for (genvar gr = 0; gr < 32; gr++) begin : g_row
      localparam logic [4:0] RowIdx = gr;
      logic [511:0] srow_q;
      // No reset: every instruction clears the buffer before using it.
      always_ff @(posedge clk_i) begin
        if (start) begin
          srow_q <= '0;
        end else begin
          if (rsp_fire && (rsp_row0 == RowIdx)) srow_q <= rd0_data_i;
          if (rsp_fire && (rsp_row1 == RowIdx)) srow_q <= rd1_data_i;
          // Byte b of the row is lane b % 8 of aligned word b / 8.
          for (int b = 0; b < 64; b++) begin
            if (beat_we && (beat_wi[7:3] == RowIdx) && (beat_wi[2:0] == b[5:3]) && beat_be[b % 8]) begin
              srow_q[8*b +: 8] <= rdata_i[8*(b % 8) +: 8];
            end
          end
        end
      end
      assign stage[512*gr +: 512] = srow_q;
    end
    // tl.mstore reads through the gather lanes (lane i = beat byte i).
    for (genvar gt = 0; gt < Lanes; gt++) begin : g_gather
      mosaic_tu_tl_gather #(.IdxW (11)) u_gather (
        .data_i (stage),
        .idx_i  ((op == OpMstore) ? {1'b0, beat_off[10*gt +: 10]} : gidx_v[gt]),
        .byte_o (gsel[8*gt +: 8])
      );
    end
    logic [575:0] rpair;
    always_comb begin
      rpair = stage[575:0];
      for (int r = 1; r < 16; r++) begin
        if (row_q[3:0] == r[3:0]) rpair = stage[512*r +: 576];
      end
    end
    assign rrow = rpair[8*rot +: 512];
    assign wwin = gsel;
    logic unused_flop;
    assign unused_flop = ^{clr_busy, woff};
  end

  // ------------------------------------------------------------------
  // Fetch-time setup: walker (lane start positions, +Lanes constant) and
  // the tl.concat position table.
  // ------------------------------------------------------------------
  logic [3:0] init_q;     // 0..Lanes: lane init_q takes the walker's position
  logic [9:0] wk0_q, wk1_q, wk2_q, wk3_q, wkp_q;
  logic [9:0] wk0_n, wk1_n, wk2_n, wk3_n, wkp_n;
  logic [9:0] c0_q, c1_q, c2_q, c3_q, cp_q;
  logic       init_busy;
  assign init_busy = (st_q == StFetch) && (init_q <= LanesC);

  mosaic_tu_tl_mradd u_walk (
    .x0_i (wk0_q), .x1_i (wk1_q), .x2_i (wk2_q), .x3_i (wk3_q), .p_i (wkp_q),
    .c0_i (10'd0), .c1_i (10'd0), .c2_i (10'd0), .c3_i (10'd1), .cp_i (st3[9:0]),
    .r0_i (r0), .r1_i (r1), .r2_i (r2), .r3_i (r3),
    .w1_i (w1), .w2_i (w2), .w3_i (w3),
    .x0_o (wk0_n), .x1_o (wk1_n), .x2_o (wk2_n), .x3_o (wk3_n), .p_o (wkp_n)
  );

  logic [5:0]   scan_q, cnt1_q, cnt2_q;
  logic [9:0]   poff_q;
  // q-th selected position * inner. A memory (no reset: the scan writes
  // entry q before any lane reads it), so an FPGA maps each table to a few
  // LUT-RAM cells instead of a 320-bit vector with a stride-10 index.
  logic [9:0]   tbl1_q [32];
  logic [9:0]   tbl2_q [32];
  logic         scan_busy;
  assign scan_busy = (st_q == StFetch) && is_concat && !scan_q[5];

  logic fetch_done;
  assign fetch_done = (st_q == StFetch) && (rsp_q == nreq) && !scan_busy &&
                      !(is_gather && init_busy) && !clr_busy;

  // ------------------------------------------------------------------
  // Gather lanes
  // ------------------------------------------------------------------
  logic [10:0] gpos_q;        // result position of lane 0
  logic [4:0]  ngrows;        // result rows holding data: ceil(nout / 64)
  logic        g_adv, wpend_q;
  logic [511-8*Lanes:0] gbuf_q;   // the first chunks of the row being gathered
  logic [ChunkW-1:0] chunk;
  assign chunk = gpos_q[5:LaneW];
  logic [511:0] wbuf_q;
  logic [3:0]  wrow_q;
  wire  [8*Lanes-1:0] gbytes;
  logic        wr_fire;
  logic [10:0] nout_up;
  assign nout_up = nout + 11'd63;
  assign ngrows  = nout_up[10:6];
  // The last chunk of a row needs the write buffer free (or freed now).
  assign g_adv  = (st_q == StGather) && (gpos_q[10:6] < ngrows) &&
                  (chunk != LastChunk || !wpend_q || wr_fire);

  // Data-side burst (R or W) and the register offset of each beat byte.
  logic        gd_valid, gd_next;
  logic [31:0] gd_addr;
  logic [7:0]  gd_len;
  logic [10:0] gd_lo, gd_hi;
  logic [7:0]  dbt_q;        // beat within the data-side burst
  logic [31:0] beat_addr;
  assign beat_addr = gd_addr + {21'd0, dbt_q, 3'b000};
  wire  [7:0]  in_rng;
  logic [31:0] woff32;
  assign woff32 = beat_addr - x2_q;
  assign woff   = woff32[10:0];
  // Byte i's offset woff32 + i (mod 2^32) is in [gd_lo, gd_hi) only below
  // 2^11: its bits 31:11 are woff32's plus the carry out of the low 11-bit
  // sum, zero when woff32's are all zero without a carry or all one with
  // one. Per byte an 11-bit sum and two 11-bit compares, not three 32-bit
  // carry chains.
  logic woff_hi0, woff_hi1;
  assign woff_hi0 = (woff32[31:11] == '0);
  assign woff_hi1 = (woff32[31:11] == '1);
  for (genvar gw = 0; gw < 8; gw++) begin : g_beat
    localparam logic [10:0] ByteOff = gw;
    logic [11:0] off;
    assign off = {1'b0, woff32[10:0]} + {1'b0, ByteOff};
    assign beat_off[10*gw +: 10] = off[9:0];
    assign in_rng[gw] = (off[11] ? woff_hi1 : woff_hi0) &&
                        (off[10:0] >= gd_lo) && (off[10:0] < gd_hi);
  end

  for (genvar gt = 0; gt < Lanes; gt++) begin : g_lane
    localparam logic [3:0]  LaneIdx = gt;
    logic [9:0] lx0_q, lx1_q, lx2_q, lx3_q, lp_q;
    logic [9:0] lx0_n, lx1_n, lx2_n, lx3_n, lp_n;
    mosaic_tu_tl_mradd u_add (
      .x0_i (lx0_q), .x1_i (lx1_q), .x2_i (lx2_q), .x3_i (lx3_q), .p_i (lp_q),
      .c0_i (c0_q), .c1_i (c1_q), .c2_i (c2_q), .c3_i (c3_q), .cp_i (cp_q),
      .r0_i (r0), .r1_i (r1), .r2_i (r2), .r3_i (r3),
      .w1_i (w1), .w2_i (w2), .w3_i (w3),
      .x0_o (lx0_n), .x1_o (lx1_n), .x2_o (lx2_n), .x3_o (lx3_n), .p_o (lp_n)
    );
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        lx0_q <= '0; lx1_q <= '0; lx2_q <= '0; lx3_q <= '0; lp_q <= '0;
      end else if (init_busy && (init_q == LaneIdx)) begin
        lx0_q <= wk0_q; lx1_q <= wk1_q; lx2_q <= wk2_q; lx3_q <= wk3_q; lp_q <= wkp_q;
      end else if (g_adv) begin
        lx0_q <= lx0_n; lx1_q <= lx1_n; lx2_q <= lx2_n; lx3_q <= lx3_n; lp_q <= lp_n;
      end
    end

    // tl.concat: position q = x1 is the q-th selected slice of tA, or of tB
    // past n1.
    logic [5:0]  q2;
    logic [9:0]  tv;
    assign q2   = lx1_q[5:0] - n1;
    logic unused_q2;
    assign unused_q2 = q2[5];
    assign tv   = (lx1_q < {4'd0, n1}) ? tbl1_q[lx1_q[4:0]] : tbl2_q[q2[4:0]];
    assign gidx_v[gt] = is_concat ? {(lx1_q >= {4'd0, n1}), lp_q + tv} : {1'b0, lp_q};

    logic [11:0] pos;
    logic        live;
    assign pos = {1'b0, gpos_q} + {8'd0, LaneIdx};
`ifdef MOSAIC_INJECT_TL_BUG
    // Deliberate bug (module-test mutant): one byte past the result kept.
    assign live = pos <= {1'b0, nout};
`else
    assign live = pos < {1'b0, nout};
`endif
    assign gbytes[8*gt +: 8] = live ? gsel[8*gt +: 8] : 8'd0;
  end

  // ------------------------------------------------------------------
  // Rows phase: zero rows, tl.addi, tl.mload
  // ------------------------------------------------------------------
  logic         zrows_q;      // rows after a gathered result: zeros
  logic         sat_q, err_q;
  wire  [511:0] arow;
  wire  [63:0]  row_sat;
  assign rot   = (op == OpMload) ? x2_q[2:0] : 3'd0;

  // byte + imm12, clamped to [0, 255]. An immediate of 256 or more
  // clamps every byte to 255, one below -256 every byte to 0; for one in
  // [-256, 255] a 10-bit sum decides (64 adders of 10 bits, not 13).
  logic [11:0] imm12;
  logic        imm_big, imm_neg;
  logic [9:0]  imm10;
  assign imm12   = insn_q[31:20];
  assign imm_big = !imm12[11] && (imm12[10:8] != 3'd0);     // >= 256
  assign imm_neg = imm12[11] && (imm12[10:8] != 3'b111);    // < -256
  assign imm10   = {imm12[11], imm12[8:0]};
  for (genvar gb = 0; gb < 64; gb++) begin : g_addi
    logic [9:0] v;     // byte + imm in [-256, 510] when neither flag
    logic       lo, hi;
    assign v  = {2'd0, rrow[8*gb +: 8]} + imm10;
    assign lo = imm_neg || (!imm_big && v[9]);
    assign hi = imm_big || (!imm_neg && !v[9] && v[8]);
    assign row_sat[gb] = lo || hi;
    assign arow[8*gb +: 8] = lo ? 8'd0 : hi ? 8'hFF : v[7:0];
  end

  // ------------------------------------------------------------------
  // TRF write port
  // ------------------------------------------------------------------
  logic rows_last;
  always_comb begin
    wr_req_o  = 1'b0;
    wr_row_o  = row_q[3:0];
    wr_data_o = '0;
    if (st_q == StGather) begin
      wr_req_o  = wpend_q;
      wr_row_o  = wrow_q;
      wr_data_o = wbuf_q;
    end else if (st_q == StRows) begin
      wr_req_o  = 1'b1;
      wr_data_o = zrows_q ? 512'd0 : (op == OpAddi) ? arow : rrow;
    end
  end
  assign wr_reg_o  = rd_f;
  assign wr_be_o   = '1;
  assign wr_fire   = wr_req_o && wr_ready_i;
  assign rows_last = (st_q == StRows) && wr_fire && (row_q == 5'd15);

  // ------------------------------------------------------------------
  // AXI
  // ------------------------------------------------------------------
  logic        mem_start;
  logic [10:0] slice_b;
  logic [31:0] sl_mask, d0mask;
  assign mem_start = fetch_done && ((op == OpMload) || (op == OpMstore));
  assign slice_b   = sz123;
  assign d0mask    = (d0 >= 8'd32) ? 32'hFFFF_FFFF : ((32'd1 << d0[4:0]) - 32'd1);
  assign sl_mask   = ((op == OpMload) ? lmask_q : smask_q) & d0mask;

  logic        ga_valid, ga_next;
  logic [31:0] ga_addr;
  logic [7:0]  ga_len;
  logic [10:0] ga_lo, ga_hi;
  mosaic_tu_tl_burst u_ga (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .start_i (mem_start),
    .base_i  (x2_q),
    .slice_i (slice_b),
    .mask_i  (sl_mask),
    .valid_o (ga_valid),
    .addr_o  (ga_addr),
    .len_o   (ga_len),
    .lo_o    (ga_lo),
    .hi_o    (ga_hi),
    .next_i  (ga_next)
  );
  mosaic_tu_tl_burst u_gd (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .start_i (mem_start),
    .base_i  (x2_q),
    .slice_i (slice_b),
    .mask_i  (sl_mask),
    .valid_o (gd_valid),
    .addr_o  (gd_addr),
    .len_o   (gd_len),
    .lo_o    (gd_lo),
    .hi_o    (gd_hi),
    .next_i  (gd_next)
  );

  assign arvalid_o = (st_q == StMemRd) && ga_valid;
  assign araddr_o  = ga_addr;
  assign arlen_o   = ga_len;
  assign arsize_o  = 3'd3;
  assign arburst_o = 2'b01;
  assign awvalid_o = (st_q == StMemWr) && ga_valid;
  assign awaddr_o  = ga_addr;
  assign awlen_o   = ga_len;
  assign awsize_o  = 3'd3;
  assign awburst_o = 2'b01;
  assign ga_next   = (arvalid_o && arready_i) || (awvalid_o && awready_i);

  logic r_fire, w_fire, d_last;
  assign rready_o = (st_q == StMemRd) && gd_valid;
  assign r_fire   = rready_o && rvalid_i;
  assign wvalid_o = (st_q == StMemWr) && gd_valid;
  assign w_fire   = wvalid_o && wready_i;
  assign d_last   = (dbt_q == gd_len);
  assign gd_next  = (r_fire || w_fire) && d_last;
  assign wlast_o  = d_last;
  assign wstrb_o  = in_rng;
  wire [63:0] wdata;
  for (genvar gw = 0; gw < 8; gw++) begin : g_wdata
    assign wdata[8*gw +: 8] = in_rng[gw] ? wwin[8*gw +: 8] : 8'd0;
  end
  assign wdata_o = wdata;

  // Staging word of an R beat: memory bytes from base & ~7.
  logic [31:0] wi_full;
  assign wi_full = beat_addr - {x2_q[31:3], 3'b000};
  assign beat_we = r_fire;
  assign beat_wi = wi_full[10:3];
  // R byte i is register byte beat_addr + i - base; the buffer keeps it at
  // that offset + base[2:0], i.e. lane i of the aligned word.
  assign beat_be = in_rng;

  logic [5:0] aw_cnt_q, b_cnt_q;
  assign bready_o = (st_q == StMemWr);
  logic wr_all_done;
  assign wr_all_done = (st_q == StMemWr) && !ga_valid && !gd_valid && (aw_cnt_q == b_cnt_q);

  // ------------------------------------------------------------------
  // Completion
  // ------------------------------------------------------------------
  logic gather_end;
  assign gather_end = (st_q == StGather) && (gpos_q[10:6] >= ngrows) && !wpend_q;

  assign done_o          = rows_last || wr_all_done || (gather_end && ngrows == 5'd16);
  assign done_seq_o      = seq_q;
  assign done_sat_o      = (op == OpAddi) && (sat_q || ((st_q == StRows) && (row_sat != 64'd0)));
  assign done_err_o      = err_q || (r_fire && rresp_i != 2'b00) ||
                           (bvalid_i && bready_o && bresp_i != 2'b00);
  assign done_shape_we_o = is_gather;
  assign done_shape_o    = res_shape;
  assign done_perm_we_o  = (op == OpXpose);
  assign done_perm_o     = {perm3, perm2, perm1, perm0};

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle:   if (start) st_d = StFetch;
      StFetch:  if (fetch_done) begin
                  unique case (op)
                    OpXpose, OpConcat: st_d = StGather;
                    OpMload:           st_d = StMemRd;
                    OpMstore:          st_d = StMemWr;
                    default:           st_d = StRows;
                  endcase
                end
      StGather: if (gather_end) st_d = (ngrows == 5'd16) ? StIdle : StRows;
      StRows:   if (rows_last) st_d = StIdle;
      StMemRd:  if (!gd_valid) st_d = StRows;
      StMemWr:  if (wr_all_done) st_d = StIdle;
      default:  st_d = StIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q    <= StIdle;
      insn_q  <= '0;
      x1_q    <= '0;
      x2_q    <= '0;
      xrd_q   <= '0;
      shape_q <= '0;
      mask1_q <= '0;
      mask2_q <= '0;
      lmask_q <= '0;
      smask_q <= '0;
      seq_q   <= '0;
      req_q   <= '0;
      rsp_q   <= '0;
      init_q  <= '0;
      wk0_q   <= '0;
      wk1_q   <= '0;
      wk2_q   <= '0;
      wk3_q   <= '0;
      wkp_q   <= '0;
      c0_q    <= '0;
      c1_q    <= '0;
      c2_q    <= '0;
      c3_q    <= '0;
      cp_q    <= '0;
      scan_q  <= '0;
      cnt1_q  <= '0;
      cnt2_q  <= '0;
      poff_q  <= '0;
      gpos_q  <= '0;
      wpend_q <= 1'b0;
      gbuf_q  <= '0;
      wbuf_q  <= '0;
      wrow_q  <= '0;
      row_q   <= '0;
      zrows_q <= 1'b0;
      sat_q   <= 1'b0;
      err_q   <= 1'b0;
      dbt_q   <= '0;
      clr_q   <= '0;
      aw_cnt_q <= '0;
      b_cnt_q <= '0;
    end else begin
      st_q <= st_d;
      if (start) begin
        insn_q   <= cmd_insn_i;
        x1_q     <= cmd_x1_i;
        x2_q     <= cmd_x2_i;
        xrd_q    <= cmd_xrd_i;
        shape_q  <= cmd_shape_i;
        mask1_q  <= cmd_mask1_i;
        mask2_q  <= cmd_mask2_i;
        lmask_q  <= cmd_lmask_i;
        smask_q  <= cmd_smask_i;
        seq_q    <= cmd_seq_i;
        req_q    <= '0;
        rsp_q    <= '0;
        init_q   <= '0;
        wk0_q    <= '0;
        wk1_q    <= '0;
        wk2_q    <= '0;
        wk3_q    <= '0;
        wkp_q    <= '0;
        scan_q   <= '0;
        cnt1_q   <= '0;
        cnt2_q   <= '0;
        poff_q   <= '0;
        gpos_q   <= '0;
        wpend_q  <= 1'b0;
        row_q    <= '0;
        zrows_q  <= 1'b0;
        sat_q    <= 1'b0;
        err_q    <= 1'b0;
        dbt_q    <= '0;
        clr_q    <= '0;
        aw_cnt_q <= '0;
        b_cnt_q  <= '0;
      end
      // Fetch: TRF reads.
      if (rd0_req_o && rd_ready_i) req_q <= req_q + 5'd1;
      if (rsp_fire) rsp_q <= rsp_q + 5'd1;
      if (clr_busy) clr_q <= clr_q + 4'd1;
      // Fetch: walker. Step k gives lane k its start position; step Lanes
      // is the per-cycle constant.
      if (init_busy) begin
        init_q <= init_q + 4'd1;
        {wk0_q, wk1_q, wk2_q, wk3_q, wkp_q} <= {wk0_n, wk1_n, wk2_n, wk3_n, wkp_n};
        if (init_q == LanesC) begin
          {c0_q, c1_q, c2_q, c3_q, cp_q} <= {wk0_q, wk1_q, wk2_q, wk3_q, wkp_q};
        end
      end
      // Fetch: tl.concat position tables.
      if (scan_busy) begin
        scan_q <= scan_q + 6'd1;
        poff_q <= poff_q + inner[9:0];
        if (sel1[scan_q[4:0]]) cnt1_q <= cnt1_q + 6'd1;
        if (sel2[scan_q[4:0]]) cnt2_q <= cnt2_q + 6'd1;
      end
      // Gather.
      if (g_adv) begin
        gpos_q <= gpos_q + {7'd0, LanesC};
        if (chunk == LastChunk) begin
          wbuf_q  <= {gbytes, gbuf_q};
          wpend_q <= 1'b1;
          wrow_q  <= gpos_q[9:6];
        end else begin
          gbuf_q[8*Lanes*chunk +: 8*Lanes] <= gbytes;
          if (wr_fire) wpend_q <= 1'b0;
        end
      end else if ((st_q == StGather) && wr_fire) begin
        wpend_q <= 1'b0;
      end
      if (gather_end) begin
        row_q   <= ngrows;
        zrows_q <= 1'b1;
      end
      // Rows.
      if ((st_q == StRows) && wr_fire) begin
        row_q <= row_q + 5'd1;
        if ((op == OpAddi) && (row_sat != 64'd0)) sat_q <= 1'b1;
      end
      // Memory.
      if (r_fire || w_fire) dbt_q <= d_last ? 8'd0 : dbt_q + 8'd1;
      if (awvalid_o && awready_i) aw_cnt_q <= aw_cnt_q + 6'd1;
      if (bvalid_i && bready_o) b_cnt_q <= b_cnt_q + 6'd1;
      if ((r_fire && rresp_i != 2'b00) || (bvalid_i && bready_o && bresp_i != 2'b00)) err_q <= 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (scan_busy && sel1[scan_q[4:0]]) tbl1_q[cnt1_q[4:0]] <= poff_q;
    if (scan_busy && sel2[scan_q[4:0]]) tbl2_q[cnt2_q[4:0]] <= poff_q;
  end

  logic unused;
  assign unused = ^{rlast_i, gd_len, ga_lo, ga_hi, beat_off, wi_full[31:11], wi_full[2:0],
                    clen_inner[21:11], cat_n1[21:11], cat_n[21:11], rs1p[21:10], rs2p[21:10],
                    rs3p[21:10], p0123[31:11], p123[23:11], p012[23:11], p23[15:11],
                    p01[15:11], insn_q[6:0], f7[6:4], nout_up[5:0], st1[10], st2[10], st3[10], st0[10], cnt1_q[5], cnt2_q[5]};

endmodule

`default_nettype wire
