// SDMA engine: scpad.ld / scpad.st (docs/isa.md "SDMA", R15, R18, R21;
// executable spec sw/golden/sdma.c).
//
// Commands arrive in program order (one per accepted scpad.ld/scpad.st,
// with the CSR values at issue) into a queue of QueueDepth, and are executed
// one at a time:
//   check  the whole of sdma.c check_transfer before anything moves
//          (mosaic_sdma_check, which checks the next command while the
//          current one transfers). A bad command moves nothing and
//          completes as soon as it reaches the engine, with its code.
//   read   the whole source into a 4 KiB staging buffer (8 byte lanes,
//          mosaic_sdma_buf): AR bursts issued ahead, R beats written as
//          they come. Reading all of it first makes overlapping source and
//          destination behave as one copy (sdma.c transfer()).
//   write  the destination from the buffer, rows in order (overlapping
//          main-memory rows of a store: the last row wins, as W beats
//          reach the slave in order), then wait for every B.
// done_o pulses once per command, in command order, with its tag; err_o
// with it for a bad command (code, op, address = x[rs2], which is what
// sdma.c latches). RRESP/BRESP are not looked at: the checks already
// rejected everything the memory system would refuse.
//
// "Mapped" = inside the RAM, main-memory or scratchpad window with the
// SoC's sizes (the golden ISS's tu_ok). ScpadBankBytes must be a power of
// two; the scratchpad has two banks (sdma.c in_one_bank).
//
// AXI4 master (LSU signal names): INCR bursts, full 64-bit beats with
// strobes, never across a 2 KiB boundary. Only AxiDataWidth = 64.

`default_nettype none

module mosaic_sdma #(
  parameter int AxiDataWidth   = 64,
  parameter int RamBytes       = mosaic_pkg::RamSize,
  parameter int MainBytes      = mosaic_pkg::MainSize,
  parameter int ScpadBytes     = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int ScpadBankBytes = mosaic_pkg::ScpadBankBytes,
  parameter int QueueDepth     = 4     // power of two
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
  input  logic [7:0]                cmd_seq_i,
  // Completion
  output logic                      busy_o,
  output logic                      done_o,
  output logic [7:0]                done_seq_o,
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

  localparam int CmdW = 1 + 32 * 6 + 2 + 8;

  typedef enum logic [2:0] {
    SIdle, SLoad, SRead, SWrite, SDone
  } state_e;

  // ------------------------------------------------------------------
  // Command queue, then the check stage
  // ------------------------------------------------------------------
  logic            cq_empty, cq_full, ck_in_ready;
  logic [CmdW-1:0] cq_head;
  logic [$clog2(QueueDepth):0] cq_cnt;

  mosaic_mem_fifo #(
    .Width (CmdW),
    .Depth (QueueDepth)
  ) u_cmdq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (cmd_valid_i),
    .wdata_i ({cmd_store_i, cmd_shape_i, cmd_sp_i, cmd_mem_i, cmd_stride_i, ddc_base_i,
               ddc_limit_i, ddc_perm_i, cmd_seq_i}),
    .pop_i   (ck_in_ready),
    .rdata_o (cq_head),
    .empty_o (cq_empty),
    .full_o  (cq_full),
    .count_o (cq_cnt)
  );

  assign cmd_ready_o = ~cq_full;

  state_e          state_q;
  logic            ck_valid, ck_take;
  logic [CmdW-1:0] ck_cmd;
  logic [2:0]      ck_code;

  assign ck_take = (state_q == SIdle) & ck_valid;

  mosaic_sdma_check #(
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
  // Command in the engine
  // ------------------------------------------------------------------
  logic        store_q;
  logic [31:0] shape_q, sp_q, mm_q, stride_q;
  logic [7:0]  seq_q;
  logic [2:0]  code_q;

  logic [5:0]  rows;
  logic [7:0]  row_bytes;     // <= 128
  logic [12:0] total;         // <= 4096

  assign rows      = shape_q[13:8];
  assign row_bytes = 8'({2'b00, shape_q[5:0]} << shape_q[17:16]);
  assign total     = 13'(rows) * 13'(row_bytes);

  // ------------------------------------------------------------------
  // Iterators: "ai" walks bursts for AR / AW, "di" walks beats for R / W
  // ------------------------------------------------------------------
  logic        it_load, it_rows;
  logic [31:0] it_base, it_stride;
  logic [12:0] it_seg_bytes, it_buf_step;
  logic [5:0]  it_nseg;

  logic        ai_done, ai_blast, di_done, di_blast;
  logic        ai_step, di_step;
  logic [31:0] ai_addr, ai_delta, di_addr, di_delta;
  logic [7:0]  ai_len, di_len, ai_mask, di_mask;

  // Read phase walks the source, write phase the destination: rows are
  // the main-memory side (the source of a load, the destination of a store).
  always_comb begin
    it_rows      = (state_q == SLoad) ? ~store_q : store_q;
    it_base      = it_rows ? mm_q : sp_q;
    it_stride    = it_rows ? stride_q : 32'd0;
    it_seg_bytes = it_rows ? 13'(row_bytes) : total;
    it_nseg      = it_rows ? rows : 6'd1;
    it_buf_step  = it_rows ? 13'(row_bytes) : 13'd0;
  end

  mosaic_sdma_iter u_ai (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .load_i       (it_load),
    .base_i       (it_base),
    .stride_i     (it_stride),
    .seg_bytes_i  (it_seg_bytes),
    .nseg_i       (it_nseg),
    .buf_step_i   (it_buf_step),
    .step_beat_i  (1'b0),
    .step_burst_i (ai_step),
    .done_o       (ai_done),
    .addr_o       (ai_addr),
    .len_o        (ai_len),
    .blast_o      (ai_blast),
    .mask_o       (ai_mask),
    .delta_o      (ai_delta)
  );

  mosaic_sdma_iter u_di (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .load_i       (it_load),
    .base_i       (it_base),
    .stride_i     (it_stride),
    .seg_bytes_i  (it_seg_bytes),
    .nseg_i       (it_nseg),
    .buf_step_i   (it_buf_step),
    .step_beat_i  (di_step),
    .step_burst_i (1'b0),
    .done_o       (di_done),
    .addr_o       (di_addr),
    .len_o        (di_len),
    .blast_o      (di_blast),
    .mask_o       (di_mask),
    .delta_o      (di_delta)
  );

  // ------------------------------------------------------------------
  // Staging buffer: lane L holds buffer bytes p with p % 8 == L. Byte i of
  // the beat at (aligned) address A is buffer byte p = A + i - delta, so
  // lane L meets beat byte (L + delta) % 8 at index p / 8.
  // ------------------------------------------------------------------
  logic [7:0]      buf_we;
  logic [63:0]     buf_rdata;
  logic            buf_re;
  logic [2:0]      dsh;

  assign dsh = di_delta[2:0];

  for (genvar l = 0; l < 8; l++) begin : g_lane
    logic [2:0]  bi;
    logic [31:0] p;
    assign bi        = 3'(l) + dsh;
    assign p         = di_addr + 32'(bi) - di_delta;
    assign buf_we[l] = (state_q == SRead) & rvalid_i & di_mask[bi];

    mosaic_sdma_buf u_buf (
      .clk_i   (clk_i),
      .we_i    (buf_we[l]),
      .waddr_i (p[11:3]),
      .wdata_i (rdata_i[8*bi +: 8]),
      .re_i    (buf_re),
      .raddr_i (p[11:3]),
      .rdata_o (buf_rdata[8*l +: 8])
    );

    logic unused_p;
    assign unused_p = ^{p[31:12], p[2:0]};
  end

  // ------------------------------------------------------------------
  // Read phase
  // ------------------------------------------------------------------
  assign arvalid_o = (state_q == SRead) & ~ai_done;
  assign araddr_o  = ai_addr;
  assign arlen_o   = ai_len;
  assign arsize_o  = 3'd3;
  assign arburst_o = 2'b01;
  assign rready_o  = (state_q == SRead);

  // ------------------------------------------------------------------
  // Write phase: buffer read (one cycle) -> W queue
  // ------------------------------------------------------------------
  logic        wp_v_q, wp_last_q;
  logic [7:0]  wp_mask_q;
  logic [2:0]  wp_dsh_q;
  logic [63:0] wp_data;
  logic        wq_empty, wq_full;
  logic [2:0]  wq_cnt;
  logic        w_room;

  assign w_room = (32'(wq_cnt) + 32'(wp_v_q)) < 4;
  assign buf_re = (state_q == SWrite) & ~di_done & w_room;

  // Beat byte i comes from lane (i - delta) % 8.
  for (genvar i = 0; i < 8; i++) begin : g_wbyte
    logic [2:0] li;
    assign li = 3'(i) - wp_dsh_q;
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
      wp_last_q <= di_blast;
      wp_mask_q <= di_mask;
      wp_dsh_q  <= dsh;
    end
  end

  mosaic_mem_fifo #(
    .Width (64 + 8 + 1),
    .Depth (4)
  ) u_wq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (wp_v_q),
    .wdata_i ({wp_data, wp_mask_q, wp_last_q}),
    .pop_i   (wvalid_o & wready_i),
    .rdata_o ({wdata_o, wstrb_o, wlast_o}),
    .empty_o (wq_empty),
    .full_o  (wq_full),
    .count_o (wq_cnt)
  );

  assign wvalid_o  = ~wq_empty;
  assign awvalid_o = (state_q == SWrite) & ~ai_done;
  assign awaddr_o  = ai_addr;
  assign awlen_o   = ai_len;
  assign awsize_o  = 3'd3;
  assign awburst_o = 2'b01;
  assign bready_o  = 1'b1;

  logic [9:0] aw_cnt_q, b_cnt_q;   // <= 2 bursts per row, 64 in all

  assign ai_step = (arvalid_o & arready_i) | (awvalid_o & awready_i);
  assign di_step = ((state_q == SRead) & rvalid_i) | buf_re;

  // ------------------------------------------------------------------
  // Control
  // ------------------------------------------------------------------
  logic        done_q, err_q;
  logic        write_done;
  logic        ck_store;
  logic [31:0] ck_shape, ck_sp, ck_mm, ck_stride, ck_dbase, ck_dlimit;
  logic [1:0]  ck_dperm;
  logic [7:0]  ck_seq;

  // The DDC fields were only needed by the check.
  assign {ck_store, ck_shape, ck_sp, ck_mm, ck_stride, ck_dbase, ck_dlimit, ck_dperm,
          ck_seq} = ck_cmd;

  assign write_done = ai_done & di_done & ~wp_v_q & wq_empty & (aw_cnt_q == b_cnt_q);
  assign it_load    = (state_q == SLoad) | ((state_q == SRead) & di_done);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q  <= SIdle;
      store_q  <= 1'b0;
      shape_q  <= '0;
      sp_q     <= '0;
      mm_q     <= '0;
      stride_q <= '0;
      seq_q    <= '0;
      code_q   <= '0;
      aw_cnt_q <= '0;
      b_cnt_q  <= '0;
    end else begin
      if (awvalid_o && awready_i) aw_cnt_q <= aw_cnt_q + 10'd1;
      if (bvalid_i)               b_cnt_q  <= b_cnt_q + 10'd1;
      unique case (state_q)
        SIdle: begin
          if (ck_valid) begin
            store_q  <= ck_store;
            shape_q  <= ck_shape;
            sp_q     <= ck_sp;
            mm_q     <= ck_mm;
            stride_q <= ck_stride;
            seq_q    <= ck_seq;
            code_q   <= ck_code;
            aw_cnt_q <= '0;
            b_cnt_q  <= '0;
            state_q  <= (ck_code != 3'd0) ? SDone : SLoad;
          end
        end
        SLoad: begin
          state_q <= SRead;
        end
        SRead: begin
          if (di_done) state_q <= SWrite;
        end
        SWrite: begin
          if (write_done) state_q <= SDone;
        end
        SDone: begin
          state_q <= SIdle;
        end
        default: state_q <= SIdle;
      endcase
    end
  end

  assign done_q      = (state_q == SDone);
  assign err_q       = (code_q != 3'd0);
  assign done_o      = done_q;
  assign done_seq_o  = seq_q;
  assign err_o       = done_q & err_q;
  assign err_code_o  = code_q;
  assign err_store_o = store_q;
  assign err_addr_o  = mm_q;
  assign busy_o      = ~cq_empty | ~ck_in_ready | (state_q != SIdle);
  assign ev_busy_o   = busy_o;

  always_comb begin
    ev_bytes_o = 16'd0;
    if (wvalid_o && wready_i) begin
      for (int i = 0; i < 8; i++) ev_bytes_o = ev_bytes_o + 16'(wstrb_o[i]);
    end
  end

  logic unused;
  assign unused = ^{ck_dbase, ck_dlimit, ck_dperm, shape_q[31:18], shape_q[15:14], shape_q[7:6],
                    bresp_i, rresp_i, rlast_i, cq_cnt, wq_full, ai_blast, ai_mask, ai_delta,
                    di_len};

endmodule

`default_nettype wire
