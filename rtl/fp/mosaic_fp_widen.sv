// Exact widening of one element to FP32 or INT32: what mosaic_convert()
// (sw/golden/fmt_convert.c) gives, with any rounding mode and options but
// the subnormal mode, for the pairs whose result is exact -- a float format
// to FP32, INT8/INT16/INT32 to INT32. These are the only pairs the MMA
// engine widens: A, B and D of a tmma or mmacc share a domain (docs/isa.md
// "Format domains", AME's IFmt/RFmt pairs). Every other pair, and the
// invalid format codes, give 0.
//
// Why not mosaic_fmt_cvt: widening needs no rounding, saturation or
// integer-to-float path, so this is a few muxes and a 10-bit leading-zero
// count. And the result is computed under en_i: the MMA engine's staging
// and D loader feed their converters from the TRF read ports, which change
// in every cycle the engine reads, and a Verilator model evaluates
// combinational logic on every edge of the clock of the flops it depends
// on unless it sits under a condition (docs/performance.md, "RTL simulation
// speed"). With en_i low the output is 0 and nothing else is evaluated;
// callers use the output only when en_i is high.
//
// Rules (as the golden decode/encode):
//   - a NaN gives the canonical FP32 NaN 0x7FC00000 (E4M3: S.1111.111 is
//     its only NaN; FP4 has none);
//   - Inf keeps its sign; E4M3's exponent 1111 with a fraction other than
//     111 is an ordinary normal number;
//   - a zero, and an FP8/FP4 subnormal when subn_i is low (flush), gives a
//     zero of the same sign;
//   - FP32, BF16 and TF32 share FP32's exponent, so their subnormals stay
//     FP32 subnormals; FP16/FP8/FP4 subnormals become FP32 normals;
//   - TF32 ignores the low 13 bits of its container, the narrow formats
//     the bits above their width.

`default_nettype none

module mosaic_fp_widen (
  input  logic        en_i,
  input  logic [3:0]  fmt_i,     // source format (mosaic_pkg::Fmt*)
  input  logic        to_int_i,  // 1: to INT32 (integer source), 0: to FP32
  input  logic        subn_i,    // FP8/FP4 keep subnormals (0: flush to zero)
  input  logic [31:0] bits_i,
  output logic [31:0] bits_o
);

  localparam logic [31:0] CanonNan = 32'h7FC0_0000;

  // A float source whose exponent field is 8 bits wide: its bits moved to
  // FP32's positions are already the result, except that a NaN becomes the
  // canonical one.
  function automatic logic [31:0] wide_e8(input logic [31:0] x);
    wide_e8 = ((x[30:23] == 8'hFF) && (x[22:0] != '0)) ? CanonNan : x;
  endfunction

  // FP16, E5M2, E4M3 or FP4: sign, exponent field e (emax = all ones), the
  // fraction f left-aligned in 23 bits (its LSB at bit 23 - mbits), bias.
  function automatic logic [31:0] wide_small(input logic s, input logic [4:0] e,
                                             input logic [4:0] emax, input logic [22:0] f,
                                             input logic [7:0] bias, input logic ieee,
                                             input logic fn_nan, input logic flush);
    logic [4:0] lz;
    logic [7:0] ex;
    logic [22:0] fr;
    wide_small = {s, 31'b0};
    if ((e == emax) && ieee) begin
      wide_small = (f != '0) ? CanonNan : {s, 8'hFF, 23'b0};
    end else if ((e == emax) && fn_nan) begin
      wide_small = CanonNan;
    end else if (e == '0) begin
      if ((f != '0) && !flush) begin
        // Only the top 10 bits can be set (FP16's fraction is the widest).
        lz = 5'd0;
        for (int i = 13; i <= 22; i++) begin
          if (f[i]) lz = 5'(22 - i);
        end
        ex = 8'd127 - bias - 8'(lz);
`ifdef MOSAIC_INJECT_WIDEN_BUG
        // Test-only mutant (tb/modules.mk): subnormals come out twice too large.
        ex = ex + 8'd1;
`endif
        fr = f << (lz + 5'd1);
        wide_small = {s, ex, fr};
      end
    end else begin
      wide_small = {s, 8'(e) + 8'd127 - bias, f};
    end
  endfunction

  always_comb begin
    bits_o = '0;
    if (en_i) begin
      unique case (fmt_i)
        mosaic_pkg::FmtFp32:  bits_o = to_int_i ? '0 : wide_e8(bits_i);
        mosaic_pkg::FmtTf32:  bits_o = to_int_i ? '0 : wide_e8({bits_i[31:13], 13'b0});
        mosaic_pkg::FmtBf16:  bits_o = to_int_i ? '0 : wide_e8({bits_i[15:0], 16'b0});
        mosaic_pkg::FmtFp16:
          bits_o = to_int_i ? '0 : wide_small(bits_i[15], bits_i[14:10], 5'd31,
                                              {bits_i[9:0], 13'b0}, 8'd15, 1'b1, 1'b0, 1'b0);
        mosaic_pkg::FmtE5m2:
          bits_o = to_int_i ? '0 : wide_small(bits_i[7], bits_i[6:2], 5'd31,
                                              {bits_i[1:0], 21'b0}, 8'd15, 1'b1, 1'b0, !subn_i);
        // E4M3: exponent 1111 is a NaN only with fraction 111.
        mosaic_pkg::FmtE4m3:
          bits_o = to_int_i ? '0 : wide_small(bits_i[7], {1'b0, bits_i[6:3]}, 5'd15,
                                              {bits_i[2:0], 20'b0}, 8'd7, 1'b0,
                                              bits_i[2:0] == 3'b111, !subn_i);
        mosaic_pkg::FmtFp4:
          bits_o = to_int_i ? '0 : wide_small(bits_i[3], {3'b0, bits_i[2:1]}, 5'd3,
                                              {bits_i[0], 22'b0}, 8'd1, 1'b0, 1'b0, !subn_i);
        mosaic_pkg::FmtInt8:  bits_o = to_int_i ? {{24{bits_i[7]}}, bits_i[7:0]} : '0;
        mosaic_pkg::FmtInt16: bits_o = to_int_i ? {{16{bits_i[15]}}, bits_i[15:0]} : '0;
        mosaic_pkg::FmtInt32: bits_o = to_int_i ? bits_i : '0;
        default:              bits_o = '0;
      endcase
    end
  end

endmodule

`default_nettype wire
