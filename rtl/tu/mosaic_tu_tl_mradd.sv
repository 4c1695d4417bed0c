// TensorLoad engine: mixed-radix position adder of one gather lane.
//
// A lane walks the result tensor in row-major order as four digits x3..x0
// (x3 fastest) with radices r3..r0, and keeps the source byte offset p of
// its position incrementally, so no lane ever multiplies or divides. Adding
// the digits c3..c0 (a constant already in this mixed radix: every c_r <
// r_r, or the +1 step where c3 = 1) can wrap each digit at most once,
// because x_r + c_r + carry <= 2*r_r - 1. The offset moves by cp (the
// constant's own offset) plus, for each wrap of digit r >= 1, w_r =
// step_{r-1} - r_r*step_r; a wrap of digit 0 only happens past the end of
// the tensor, where lanes are masked, so it costs nothing. Offsets are
// modulo 1024: every real position's offset is in 0..1023.

`default_nettype none

module mosaic_tu_tl_mradd (
  input  logic [9:0]  x0_i,
  input  logic [9:0]  x1_i,
  input  logic [9:0]  x2_i,
  input  logic [9:0]  x3_i,
  input  logic [9:0]  p_i,
  input  logic [9:0]  c0_i,
  input  logic [9:0]  c1_i,
  input  logic [9:0]  c2_i,
  input  logic [9:0]  c3_i,
  input  logic [9:0]  cp_i,
  input  logic [10:0] r0_i,
  input  logic [10:0] r1_i,
  input  logic [10:0] r2_i,
  input  logic [10:0] r3_i,
  input  logic [9:0]  w1_i,
  input  logic [9:0]  w2_i,
  input  logic [9:0]  w3_i,
  output logic [9:0]  x0_o,
  output logic [9:0]  x1_o,
  output logic [9:0]  x2_o,
  output logic [9:0]  x3_o,
  output logic [9:0]  p_o
);

  logic [10:0] s0, s1, s2, s3;
  logic        k0, k1, k2, k3;
  logic [10:0] y0, y1, y2, y3;

  assign s3 = {1'b0, x3_i} + {1'b0, c3_i};
  assign k3 = s3 >= r3_i;
  assign y3 = k3 ? s3 - r3_i : s3;
  assign s2 = {1'b0, x2_i} + {1'b0, c2_i} + {10'd0, k3};
  assign k2 = s2 >= r2_i;
  assign y2 = k2 ? s2 - r2_i : s2;
  assign s1 = {1'b0, x1_i} + {1'b0, c1_i} + {10'd0, k2};
  assign k1 = s1 >= r1_i;
  assign y1 = k1 ? s1 - r1_i : s1;
  assign s0 = {1'b0, x0_i} + {1'b0, c0_i} + {10'd0, k1};
  assign k0 = s0 >= r0_i;
  assign y0 = k0 ? s0 - r0_i : s0;

  assign x0_o = y0[9:0];
  assign x1_o = y1[9:0];
  assign x2_o = y2[9:0];
  assign x3_o = y3[9:0];
  assign p_o  = p_i + cp_i + (k1 ? w1_i : 10'd0) + (k2 ? w2_i : 10'd0) + (k3 ? w3_i : 10'd0);

  logic unused;
  assign unused = y0[10] ^ y1[10] ^ y2[10] ^ y3[10];

endmodule

`default_nettype wire
