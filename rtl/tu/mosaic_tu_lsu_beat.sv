// Load/store unit: beat walker (R or W side of one tld/tst).
//
// The data beats of a tld/tst do not depend on how rows are cut into
// bursts: bursts only split at 4 KiB boundaries, which are bus aligned, so
// the beats are the bus words covering row 0, then row 1, ... in order. The
// walker steps through those beats and says, for the presented beat, which
// byte lanes carry row bytes (lo_o .. lo_o + cnt_o - 1), where those bytes
// sit in the 1 KiB register image (ptr_o: image byte of lane lo_o; tile row
// y occupies image bytes [y*RowBytes, (y+1)*RowBytes)), and whether it ends
// a burst (last_o: end of the row or of a 4 KiB page).
//
// start_i loads a new instruction (ignored while busy); next_i consumes the
// presented beat.

`default_nettype none

module mosaic_tu_lsu_beat #(
  parameter int OffW = 3  // log2(bus bytes)
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            start_i,
  input  logic [31:0]     base_i,
  input  logic [31:0]     stride_i,
  input  logic [1:0]      size_i,
  output logic            valid_o,
  output logic [OffW-1:0] lo_o,
  output logic [6:0]      cnt_o,
  output logic [9:0]      ptr_o,
  output logic            last_o,
  input  logic            next_i
);

  localparam logic [7:0] BusBytes = 8'(1 << OffW);

  logic        busy_q, busy_d;
  logic [3:0]  row_q, row_d;
  logic [31:0] row_addr_q, row_addr_d;
  logic [32:0] cur_q, cur_d;
  logic [9:0]  ptr_q, ptr_d;
  logic [31:0] stride_q, stride_d;
  logic [1:0]  size_q, size_d;

  logic [6:0]  row_bytes;
  logic [32:0] row_end, nxt;
  logic [7:0]  room, rem;
  logic [6:0]  cnt;
  logic        row_done;
  logic [31:0] next_row;

  assign row_bytes = 7'd8 << size_q;
  assign row_end   = {1'b0, row_addr_q} + {26'd0, row_bytes};
  assign room      = BusBytes - {{(8-OffW){1'b0}}, cur_q[OffW-1:0]};
  assign rem       = 8'(row_end - cur_q);
  assign cnt       = (room < rem) ? room[6:0] : rem[6:0];
  assign nxt       = cur_q + {26'd0, cnt};
  assign row_done  = nxt == row_end;
  assign next_row  = row_addr_q + stride_q;

  assign valid_o = busy_q;
  assign lo_o    = cur_q[OffW-1:0];
  assign cnt_o   = cnt;
  assign ptr_o   = ptr_q;
  assign last_o  = row_done || (nxt[11:0] == 12'd0);

  logic load, step;
  assign load = !busy_q && start_i;
  assign step = busy_q && next_i;

  assign busy_d     = load || (busy_q && !(step && row_done && row_q == 4'd15));
  assign row_d      = load ? 4'd0 : (step && row_done) ? row_q + 4'd1 : row_q;
  assign row_addr_d = load ? base_i : (step && row_done) ? next_row : row_addr_q;
  assign cur_d      = load ? {1'b0, base_i} :
                      step ? (row_done ? {1'b0, next_row} : nxt) : cur_q;
  assign ptr_d      = load ? 10'd0 : step ? ptr_q + {3'd0, cnt} : ptr_q;
  assign stride_d   = load ? stride_i : stride_q;
  assign size_d     = load ? size_i : size_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q     <= 1'b0;
      row_q      <= 4'd0;
      row_addr_q <= 32'd0;
      cur_q      <= 33'd0;
      ptr_q      <= 10'd0;
      stride_q   <= 32'd0;
      size_q     <= 2'd0;
    end else begin
      busy_q     <= busy_d;
      row_q      <= row_d;
      row_addr_q <= row_addr_d;
      cur_q      <= cur_d;
      ptr_q      <= ptr_d;
      stride_q   <= stride_d;
      size_q     <= size_d;
    end
  end

  logic unused;
  assign unused = ^{room[7], rem[7]};

endmodule

`default_nettype wire
