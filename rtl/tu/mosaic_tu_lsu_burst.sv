// Load/store unit: burst generator (AR or AW side of one tld/tst).
//
// Walks the 16 tile rows of a tld/tst (row y at base + y*stride, RowBytes =
// 8 << size_i bytes) and presents one INCR burst at a time: a row becomes
// one burst, or two when it crosses a 4 KiB boundary (a row is at most 64
// bytes, so it crosses at most one). Bursts are full bus width (AxSIZE =
// log2 of the bus bytes) starting at the row's first byte, so the first beat
// may be unaligned; len_o = beats - 1. The issue check has already proved
// every row lies in memory without wrapping past 2^32.
//
// start_i loads a new instruction (ignored while busy); next_i consumes the
// presented burst (the AXI address handshake).

`default_nettype none

module mosaic_tu_lsu_burst #(
  parameter int OffW = 3  // log2(bus bytes)
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,
  input  logic [31:0] base_i,
  input  logic [31:0] stride_i,
  input  logic [1:0]  size_i,
  output logic        valid_o,
  output logic [31:0] addr_o,
  output logic [7:0]  len_o,
  input  logic        next_i
);

  logic        busy_q, busy_d;
  logic        part_q, part_d;       // 1: second burst of a split row
  logic [3:0]  row_q, row_d;
  logic [31:0] row_addr_q, row_addr_d;
  logic [31:0] stride_q, stride_d;
  logic [1:0]  size_q, size_d;

  logic [32:0] row_end, b4k, bstart, bend, blast;
  logic [6:0]  row_bytes;
  logic        split;
  logic [32:0] beats_m1;

  assign row_bytes = 7'd8 << size_q;
  assign row_end   = {1'b0, row_addr_q} + {26'd0, row_bytes};
  assign b4k       = {1'b0, row_addr_q[31:12], 12'h000} + 33'h1000;
`ifdef MOSAIC_INJECT_BUG
  // Deliberate bug (module-test mutant): rows are never split at 4 KiB.
  assign split     = 1'b0;
`else
  assign split     = row_end > b4k;
`endif
  assign bstart    = part_q ? b4k : {1'b0, row_addr_q};
  assign bend      = (!part_q && split) ? b4k : row_end;
  assign blast     = bend - 33'd1;
  assign beats_m1  = (blast >> OffW) - (bstart >> OffW);

  assign valid_o = busy_q;
  assign addr_o  = bstart[31:0];
  assign len_o   = beats_m1[7:0];

  assign part_d = !busy_q ? 1'b0 : (next_i ? (!part_q && split) : part_q);
  assign row_d  = (!busy_q && start_i) ? 4'd0 :
                  (busy_q && next_i && !(!part_q && split)) ? row_q + 4'd1 : row_q;
  assign row_addr_d = (!busy_q && start_i) ? base_i :
                      (busy_q && next_i && !(!part_q && split)) ? row_addr_q + stride_q :
                      row_addr_q;
  assign busy_d = !busy_q ? start_i :
                  !(next_i && !(!part_q && split) && (row_q == 4'd15));
  assign stride_d = (!busy_q && start_i) ? stride_i : stride_q;
  assign size_d   = (!busy_q && start_i) ? size_i : size_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q     <= 1'b0;
      part_q     <= 1'b0;
      row_q      <= 4'd0;
      row_addr_q <= 32'd0;
      stride_q   <= 32'd0;
      size_q     <= 2'd0;
    end else begin
      busy_q     <= busy_d;
      part_q     <= part_d;
      row_q      <= row_d;
      row_addr_q <= row_addr_d;
      stride_q   <= stride_d;
      size_q     <= size_d;
    end
  end

  logic unused;
  assign unused = ^{beats_m1[32:8], blast[OffW-1:0], bstart[32]};

endmodule

`default_nettype wire
