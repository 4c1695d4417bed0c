// TensorLoad engine: burst generator of tl.mload / tl.mstore.
//
// Slice s (dimension 0) is S bytes at register offset s*S and at memory
// address base + s*S, so a run of consecutive selected slices is one
// contiguous range on both sides; the generator presents one INCR burst at
// a time over each run, cut at every 4 KiB boundary. A run is at most 1024
// bytes, so a burst has at most 129 beats (len <= 128). Bursts start at the
// aligned beat address; lo_o/hi_o are the register offsets [lo, hi) the
// burst carries, which is how the data side knows the strobes of the first
// and last beats. The issue check has proved every selected slice is in
// memory without wrapping past 2^32.
//
// Two instances run the same sequence: one on the address channel (AR or
// AW) and one on the data channel (R or W), so address issue runs ahead of
// data without a queue. start_i loads the instruction; next_i consumes the
// presented burst.

`default_nettype none

module mosaic_tu_tl_burst (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [31:0] base_i,
  input  logic [10:0] slice_i,   // S = D1*D2*D3 (1..1024)
  input  logic [31:0] mask_i,    // selected slices, already limited to D0
  output logic        valid_o,
  output logic [31:0] addr_o,    // beat-aligned
  output logic [7:0]  len_o,
  output logic [10:0] lo_o,
  output logic [10:0] hi_o,
  input  logic        next_i
);

  logic [31:0] rem_q;      // selected slices not yet started
  logic        inrun_q;    // in the middle of a run cut at 4 KiB
  logic [10:0] pos_q, rhi_q;
  logic [31:0] base_q;
  logic [10:0] slice_q;

  // First selected slice and the end of its run (first unselected above).
  logic [4:0]  first;
  logic [5:0]  run_end;
  always_comb begin
    first = 5'd0;
    for (int i = 31; i >= 0; i--) begin
      if (rem_q[i]) first = i[4:0];
    end
    run_end = 6'd32;
    for (int i = 31; i >= 0; i--) begin
      if (!rem_q[i] && (i[5:0] > {1'b0, first})) run_end = i[5:0];
    end
  end

  logic [16:0] run_lo, run_hi;
  assign run_lo = {1'b0, first} * slice_q;
  assign run_hi = run_end * slice_q;

  logic [10:0] cur_lo, cur_hi, remain, blen, bhi;
  logic [31:0] addr;
  logic [12:0] page_left;
  logic [12:0] last_off;
  assign cur_lo    = inrun_q ? pos_q : run_lo[10:0];
  assign cur_hi    = inrun_q ? rhi_q : run_hi[10:0];
  assign addr      = base_q + {21'd0, cur_lo};
  assign page_left = 13'h1000 - {1'b0, addr[11:0]};
  assign remain    = cur_hi - cur_lo;
  assign blen      = ({2'b0, remain} > page_left) ? page_left[10:0] : remain;
  assign bhi       = cur_lo + blen;
  assign last_off  = {10'd0, addr[2:0]} + {2'b0, blen} - 13'd1;

  assign valid_o = inrun_q || (rem_q != 32'd0);
  assign addr_o  = {addr[31:3], 3'b000};
  assign len_o   = last_off[10:3];
  assign lo_o    = cur_lo;
  assign hi_o    = bhi;

  logic [32:0] below_end;
  assign below_end = (33'd1 << run_end) - 33'd1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rem_q   <= '0;
      inrun_q <= 1'b0;
      pos_q   <= '0;
      rhi_q   <= '0;
      base_q  <= '0;
      slice_q <= '0;
    end else if (start_i) begin
      rem_q   <= mask_i;
      inrun_q <= 1'b0;
      base_q  <= base_i;
      slice_q <= slice_i;
    end else if (next_i && valid_o) begin
      if (!inrun_q) rem_q <= rem_q & ~below_end[31:0];
      inrun_q <= (blen != remain);
      pos_q   <= bhi;
      rhi_q   <= cur_hi;
    end
  end

  logic unused;
  assign unused = ^{run_lo[16:11], run_hi[16:11], last_off[12:11], last_off[2:0], below_end[32]};

endmodule

`default_nettype wire
