// Scratchpad tile mover: executes a tld/tst whose rows lie in the
// scratchpad through the scratchpad's 64-byte row port, one scratchpad word
// per cycle, beside the mma engine.
//
// The issue check (mosaic_tu_check) has decided alignment, DDC and the map;
// mosaic_tu sends a tld/tst here only when its first row is in the
// scratchpad window, so every row is (the window is contiguous and far from
// the others). Row y of RowBytes = 8 << size_i bytes is at base + y*stride.
//
// A row is one step per 64-byte scratchpad word it touches (one, or two
// when it straddles a word boundary). A packed tile (stride = RowBytes,
// base 64-byte aligned: what SDMA leaves in the scratchpad) is its register
// image, so it is walked as 2/4/8/16 rows of 64 bytes instead: one word per
// TRF row. tld: a step reads its word, unless the
// previous step used the same word (two 32-byte rows at pitch 32 share
// one), and the next cycle rotates the row's bytes into place in a 64-byte
// TRF row buffer (the golden layout: image bytes y*RowBytes.. in order), so
// a packed BF16 tile takes 8 reads. A full buffer is written to the TRF;
// then the rows above the tile are written with zeros (R9), except those
// the caller knows are zero already (zrow_i). tst: TRF rows are read one at a
// time (the next while the current is being written out) and every step
// writes its part of a row with byte enables.
//
// TRF ports are lent by mosaic_tu in cycles the mma engine does not use
// them: a write is done when wr_gnt_i is high in the cycle it is requested,
// a read likewise, with its data on rd_data_i in the next cycle. A request
// without grant is repeated; the pipeline holds meanwhile.

`default_nettype none

module mosaic_tu_scpad_xfer (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic         req_valid_i,
  output logic         req_ready_o,
  input  logic         req_store_i,   // 0 tld, 1 tst
  input  logic [4:0]   req_treg_i,
  input  logic [1:0]   req_size_i,    // 0 FP4, 1 8-bit, 2 16-bit, 3 32-bit
  input  logic [31:0]  req_base_i,
  input  logic [31:0]  req_stride_i,
  input  logic [15:0]  zrow_i,        // rows of the register known to be zero
  output logic         busy_o,
  output logic         done_o,
  // TRF write port (tld).
  output logic         wr_req_o,
  output logic [4:0]   wr_reg_o,
  output logic [3:0]   wr_row_o,
  output logic [511:0] wr_data_o,
  input  logic         wr_gnt_i,
  // TRF read port (tst).
  output logic         rd_req_o,
  output logic [4:0]   rd_reg_o,
  output logic [3:0]   rd_row_o,
  input  logic         rd_gnt_i,
  input  logic [511:0] rd_data_i,
  // Scratchpad row port (64-byte words, read data the next cycle).
  output logic         sp_req_o,
  output logic         sp_we_o,
  output logic [31:0]  sp_addr_o,
  output logic [63:0]  sp_be_o,
  output logic [511:0] sp_wdata_o,
  input  logic [511:0] sp_rdata_i
);

  logic       act_q, store_q, zph_q, fin_q, walked_q;
  logic [4:0] treg_q, nd_q;
  logic [3:0] ylast_q;
  logic [1:0] size_q;            // the walk's size (3 for a packed tile)
  logic [31:0] stride_q;
  logic       packed_req;
  logic [6:0] req_rb;
  assign req_rb     = 7'd8 << req_size_i;
  assign packed_req = (req_stride_i == 32'(req_rb)) && (req_base_i[5:0] == 6'd0);

  // A new request may start in the cycle the current one finishes.
  assign req_ready_o = !act_q || done_o;
  assign busy_o      = act_q;

  logic start;
  assign start = req_valid_i && req_ready_o;

  // ------------------------------------------------------------------
  // Step walk: (y, part) with the row address a_q = base + y*stride
  // ------------------------------------------------------------------
  logic [4:0]  y_q;              // 16: all rows stepped
  logic        part_q;
  logic [31:0] a_q;
  logic [6:0]  rb;               // row bytes
  logic [6:0]  off_end;
  logic        straddle, step_last, walk_v;
  logic [25:0] wa;

  assign rb        = 7'd8 << size_q;
  assign off_end   = {1'b0, a_q[5:0]} + rb;
  assign straddle  = off_end > 7'd64;
  assign step_last = part_q || !straddle;
  assign walk_v    = act_q && !walked_q;
  assign wa        = a_q[31:6] + 26'(part_q);

  // Byte position of row y in its TRF row, the TRF row, and whether y is
  // the last tile row of that TRF row.
  function automatic logic [5:0] row_pos(input logic [3:0] y, input logic [1:0] size);
    row_pos = 6'({2'b00, y} << (3 + size));
  endfunction
  function automatic logic [3:0] trf_row(input logic [3:0] y, input logic [1:0] size);
    trf_row = y >> (3 - size);
  endfunction
  function automatic logic row_fills(input logic [3:0] y, input logic [1:0] size);
    row_fills = row_pos(y + 4'd1, size) == 6'd0;
  endfunction

  // Bytes k of the row that this part covers: part 0 the first
  // min(RowBytes, 64 - off), part 1 the rest.
  function automatic logic [63:0] part_mask(input logic part, input logic [5:0] off,
                                            input logic [6:0] rb_i);
    logic [63:0] m_rb, m_lo;
    m_rb = (rb_i == 7'd64) ? '1 : ((64'd1 << rb_i) - 64'd1);
    m_lo = (off == 6'd0) ? '1 : ((64'd1 << (7'd64 - {1'b0, off})) - 64'd1);
    part_mask = part ? (m_rb & ~m_lo) : (m_rb & m_lo);
  endfunction

  // ------------------------------------------------------------------
  // tld: read stage (the step) and place stage (P, the cycle after)
  // ------------------------------------------------------------------
  logic         p_v_q, p_rd_q, p_part_q, p_fill_q;
  logic [3:0]   p_y_q;
  logic [5:0]   p_off_q;
  logic [25:0]  last_wa_q;
  logic         last_wa_v_q;
  logic [511:0] held_q, rowbuf_q, word, rot, placed, maskbits, merged;
  logic [63:0]  pmask;
  logic         p_write, p_adv, ld_step, ld_read;

  assign word = p_rd_q ? sp_rdata_i : held_q;
  // rot byte k = word byte (off + k) mod 64
  logic [1023:0] word2;
  assign word2 = {word, word} >> {p_off_q, 3'b000};
  assign rot   = word2[511:0];
  assign pmask = part_mask(p_part_q, p_off_q, rb) << row_pos(p_y_q, size_q);
  for (genvar b = 0; b < 64; b++) begin : g_mask
    assign maskbits[8*b +: 8] = {8{pmask[b]}};
  end
  assign placed  = rot << {row_pos(p_y_q, size_q), 3'b000};
  assign merged  = (rowbuf_q & ~maskbits) | (placed & maskbits);
  assign p_write = p_v_q && p_fill_q;
  assign p_adv   = p_v_q && (!p_write || wr_gnt_i);

  // A step may go when P is free next cycle.
  assign ld_step = walk_v && !store_q && (!p_v_q || p_adv);
  assign ld_read = ld_step && !(last_wa_v_q && (last_wa_q == wa));

  // Zero phase: the rows from nd_q up that are not known zero, lowest
  // first (zrow_q: rows below it are done).
  logic [4:0]  zrow_q, z_next;
  logic [15:0] z_todo;
  logic        z_write;
  assign z_todo = ~zrow_i & ~((16'd1 << zrow_q[3:0]) - 16'd1) & {16{!zrow_q[4]}};
  always_comb begin
    z_next = 5'd16;
    for (int r = 15; r >= 0; r--) begin
      if (z_todo[r]) z_next = 5'(r);
    end
  end
  assign z_write = act_q && !store_q && zph_q && !z_next[4];

  // ------------------------------------------------------------------
  // tst: TRF row buffer and write steps
  // ------------------------------------------------------------------
  logic [4:0]   rrow_q;          // next TRF row to read
  logic         rb_v_q, rd_pend_q, arriving;
  logic [511:0] rbuf_q, cur, src, wdat2;
  logic [3:0]   cur_row_q;       // TRF row held (or arriving)
  logic         st_step, st_row_end, cur_v;
  logic [1023:0] src2;

  assign arriving   = rd_pend_q;
  assign cur        = arriving ? rd_data_i : rbuf_q;
  assign cur_v      = arriving || rb_v_q;
  assign st_step    = walk_v && store_q && cur_v;
  assign st_row_end = st_step && step_last && row_fills(y_q[3:0], size_q);
  // The row's bytes at the bottom, then rotated left by off into the word.
  assign src   = cur >> {row_pos(y_q[3:0], size_q), 3'b000};
  assign src2  = {src, src} << {a_q[5:0], 3'b000};
  assign wdat2 = src2[1023:512];

  assign rd_req_o = act_q && store_q && !rd_pend_q && (rrow_q < nd_q) &&
                    (!cur_v || st_row_end);
  assign rd_reg_o = treg_q;
  assign rd_row_o = rrow_q[3:0];

  // ------------------------------------------------------------------
  // Ports
  // ------------------------------------------------------------------
  logic [63:0] st_be;
  logic [63:0] st_mask;
  assign st_mask = part_mask(part_q, a_q[5:0], rb);
  // byte (off + k) mod 64 of the word takes row byte k
  logic [127:0] st_be2;
  assign st_be2 = {st_mask, st_mask} << a_q[5:0];
  assign st_be  = st_be2[127:64];

  assign sp_req_o   = ld_read || st_step;
  assign sp_we_o    = store_q;
  assign sp_addr_o  = {wa, 6'd0};
  assign sp_be_o    = st_be;
  assign sp_wdata_o = wdat2;

  assign wr_req_o  = p_write || z_write;
  assign wr_reg_o  = treg_q;
  assign wr_row_o  = p_write ? trf_row(p_y_q, size_q) : z_next[3:0];
  assign wr_data_o = p_write ? merged : '0;

  // ------------------------------------------------------------------
  // Completion
  // ------------------------------------------------------------------
  logic ld_finish, st_finish, walk_step, walk_end;
  assign walk_step = ld_step || st_step;
  assign walk_end  = walk_step && step_last && (y_q[3:0] == ylast_q);
  // tld: done with the last data row when no zero row needs writing, else
  // when no zero row is left (written in this cycle or none).
  assign ld_finish = act_q && !store_q &&
                     ((!zph_q && p_write && wr_gnt_i && (p_y_q == ylast_q) && z_next[4]) ||
                      (zph_q && !p_v_q &&
                       (z_next[4] || (wr_gnt_i && (z_todo == (16'd1 << z_next[3:0]))))));
  // tst: a cycle after the last scratchpad write, which lands at that edge.
  assign st_finish = walk_end && store_q;
  assign done_o    = ld_finish || fin_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      act_q       <= 1'b0;
      store_q     <= 1'b0;
      zph_q       <= 1'b0;
      fin_q       <= 1'b0;
      walked_q    <= 1'b0;
      nd_q        <= '0;
      ylast_q     <= '0;
      treg_q      <= '0;
      size_q      <= '0;
      stride_q    <= '0;
      y_q         <= '0;
      part_q      <= 1'b0;
      a_q         <= '0;
      p_v_q       <= 1'b0;
      p_rd_q      <= 1'b0;
      p_part_q    <= 1'b0;
      p_fill_q    <= 1'b0;
      p_y_q       <= '0;
      p_off_q     <= '0;
      last_wa_q   <= '0;
      last_wa_v_q <= 1'b0;
      zrow_q      <= '0;
      rrow_q      <= '0;
      rb_v_q      <= 1'b0;
      rd_pend_q   <= 1'b0;
      cur_row_q   <= '0;
    end else begin
      if (start) begin
        act_q       <= 1'b1;
        store_q     <= req_store_i;
        zph_q       <= 1'b0;
        fin_q       <= 1'b0;
        walked_q    <= 1'b0;
        nd_q        <= 5'd2 << req_size_i;
        ylast_q     <= packed_req ? 4'((5'd2 << req_size_i) - 5'd1) : 4'd15;
        treg_q      <= req_treg_i;
        size_q      <= packed_req ? 2'd3 : req_size_i;
        stride_q    <= packed_req ? 32'd64 : req_stride_i;
        y_q         <= '0;
        part_q      <= 1'b0;
        a_q         <= req_base_i;
        last_wa_v_q <= 1'b0;
        zrow_q      <= 5'd2 << req_size_i;
        rrow_q      <= '0;
        rb_v_q      <= 1'b0;
        rd_pend_q   <= 1'b0;
      end else if (done_o) begin
        act_q <= 1'b0;
        fin_q <= 1'b0;
      end else begin
        if (st_finish) fin_q <= 1'b1;
        if (walk_end) walked_q <= 1'b1;
        if (walk_step) begin
          if (step_last) begin
            y_q    <= y_q + 5'd1;
            part_q <= 1'b0;
            a_q    <= a_q + stride_q;
          end else begin
            part_q <= 1'b1;
          end
        end
        if (ld_step) begin
          last_wa_q   <= wa;
          last_wa_v_q <= 1'b1;
        end
        // tld: the zero phase starts once the last data row is written.
        if (p_write && p_adv && (p_y_q == ylast_q)) zph_q <= 1'b1;
        if (z_write && wr_gnt_i) zrow_q <= z_next + 5'd1;
        // tst
        if (rd_req_o && rd_gnt_i) rrow_q <= rrow_q + 5'd1;
        rd_pend_q <= rd_req_o && rd_gnt_i;
        if (arriving) cur_row_q <= rrow_q[3:0] - 4'd1;
        rb_v_q <= cur_v && !st_row_end;
      end
      // P stage
      if (ld_step) begin
        p_v_q    <= 1'b1;
        p_rd_q   <= ld_read;
        p_part_q <= part_q;
        p_fill_q <= step_last && row_fills(y_q[3:0], size_q);
        p_y_q    <= y_q[3:0];
        p_off_q  <= a_q[5:0];
      end else if (p_adv) begin
        p_v_q <= 1'b0;
      end else if (p_v_q) begin
        p_rd_q <= 1'b0;          // held: the word is in held_q now
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (p_v_q) held_q <= word;
    if (p_adv) rowbuf_q <= p_write ? '0 : merged;
    if (arriving) rbuf_q <= rd_data_i;
  end

  logic unused;
  assign unused = ^{cur_row_q, word2[1023:512], src2[511:0], st_be2[63:0], off_end[6]};

endmodule

`default_nettype wire
