// Walks the AXI beats of one side of an SDMA transfer: a list of segments
// (the main-memory rows, or the one packed scratchpad range), each cut into
// INCR bursts of full BusBytes-wide beats (8: 64-bit bus, 16: 128-bit
// bus) that stop at 2 KiB boundaries (so no burst crosses 4 KiB nor
// exceeds 256 beats).
//
// Segment k starts at base + k * stride, is seg_bytes long and sits at
// staging-buffer offset k * buf_step. The caller steps either a burst at a
// time (address channels: addr_o/len_o describe the burst) or a beat at a
// time (data channels: mask_o = the beat's bytes inside the segment,
// blast_o = last beat of its burst). delta_o = segment address - buffer
// offset: buffer position of the byte at address a is a - delta_o.
//
// The transfer was checked before any iterator runs, so every segment is
// mapped and ends at or below 2^32.

`default_nettype none

module mosaic_tu_sdma_iter #(
  parameter int BusBytes = 16    // bytes per beat: 8 or 16
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                load_i,
  input  logic [31:0]         base_i,
  input  logic [31:0]         stride_i,
  input  logic [12:0]         seg_bytes_i,
  input  logic [5:0]          nseg_i,
  input  logic [12:0]         buf_step_i,
  input  logic                step_beat_i,
  input  logic                step_burst_i,
  output logic                done_o,
  output logic [31:0]         addr_o,
  output logic [7:0]          len_o,
  output logic                blast_o,
  output logic [BusBytes-1:0] mask_o,
  output logic [31:0]         delta_o
);

  localparam int OffW = $clog2(BusBytes);
  // Byte offset within a beat. Masks are written ~BeatOff, never ~N'(...):
  // Yosys (0.23 and 0.70 alike) drops a unary ~ or - written directly
  // before a size cast, so a[31:0] & ~32'(15) synthesized as a & 15 (found
  // by make formal; make lint rejects the form).
  localparam logic [31:0] BeatOff = 32'(BusBytes - 1);

  logic [31:0] stride_q, sa_q, a_q;
  logic [12:0] seg_bytes_q, buf_step_q, bo_q;
  logic [5:0]  nseg_q, seg_q;
  logic        done_q;

  logic [32:0] se, seg_lastb, blk_last, burst_last;
  logic        seg_end_burst;
  logic [31:0] next_sa;
  logic [32:0] len_bytes;

  assign se         = {1'b0, sa_q} + 33'(seg_bytes_q);
  assign seg_lastb  = (se - 33'd1) & {1'b1, ~BeatOff};
  assign blk_last   = {1'b0, a_q | (32'h0000_0800 - 32'(BusBytes))};
  assign burst_last = (seg_lastb < blk_last) ? seg_lastb : blk_last;
  assign seg_end_burst = (burst_last == seg_lastb);
  assign len_bytes  = burst_last - {1'b0, a_q};
`ifdef MOSAIC_INJECT_BUG
  // Mutant for the module test: rows after the first land one byte late.
  assign next_sa    = sa_q + stride_q + 32'd1;
`else
  assign next_sa    = sa_q + stride_q;
`endif

  assign done_o  = done_q;
  assign addr_o  = a_q;
  assign len_o   = len_bytes[OffW +: 8];
  assign blast_o = ({1'b0, a_q} == burst_last);
  assign delta_o = sa_q - 32'(bo_q);

  // Byte i of the beat at a_q is inside the segment when sa_q <= a_q + i <
  // se, i.e. lo <= i < hi with lo = sa_q - a_q and hi = se - a_q: two
  // subtractions per beat, then 4-bit compares per byte (a pair of 33-bit
  // compares per byte cost 32 carry chains on an ECP5).
  logic [33:0] lo, hi;
  logic        lo_none, hi_all, hi_none;
  assign lo      = {2'b00, sa_q} - {2'b00, a_q};
  assign hi      = {1'b0, se} - {2'b00, a_q};
  assign lo_none = !lo[33] && (lo[32:OffW] != '0);     // lo >= BusBytes
  assign hi_all  = !hi[33] && (hi[32:OffW] != '0);     // hi >= BusBytes
  assign hi_none = hi[33];                             // hi < 0

  always_comb begin
    for (int i = 0; i < BusBytes; i++) begin
      mask_o[i] = !lo_none && !hi_none &&
                  (lo[33] || (OffW'(i) >= lo[OffW-1:0])) &&
                  (hi_all || (OffW'(i) < hi[OffW-1:0]));
    end
  end

  logic next_seg, step_any;
  assign step_any = ~done_q & (step_beat_i | step_burst_i);
  assign next_seg = step_any & seg_end_burst & (step_burst_i | blast_o);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      stride_q    <= '0;
      seg_bytes_q <= '0;
      buf_step_q  <= '0;
      nseg_q      <= '0;
      seg_q       <= '0;
      sa_q        <= '0;
      bo_q        <= '0;
      a_q         <= '0;
      done_q      <= 1'b1;
    end else if (load_i) begin
      stride_q    <= stride_i;
      seg_bytes_q <= seg_bytes_i;
      buf_step_q  <= buf_step_i;
      nseg_q      <= nseg_i;
      seg_q       <= '0;
      sa_q        <= base_i;
      bo_q        <= '0;
      a_q         <= base_i & ~BeatOff;
      done_q      <= (nseg_i == 6'd0);
    end else if (next_seg) begin
      seg_q  <= seg_q + 6'd1;
      sa_q   <= next_sa;
      bo_q   <= bo_q + buf_step_q;
      a_q    <= next_sa & ~BeatOff;
      done_q <= (seg_q + 6'd1 == nseg_q);
    end else if (step_any) begin
      a_q <= (step_burst_i ? burst_last[31:0] : a_q) + 32'(BusBytes);
    end
  end

  logic unused;
  assign unused = ^{len_bytes[32:OffW+8], len_bytes[OffW-1:0], se[32], seg_lastb[32],
                    blk_last[32], burst_last[32]};

endmodule

`default_nettype wire
