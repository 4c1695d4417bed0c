// Window decode of one AXI burst for mosaic_mem_sys: which memory holds the
// whole burst, the 64-bit word of its first beat inside it, whether its
// beats are narrow, and the response every beat of the burst will carry.
//
// Legal bursts are INCR of size $clog2(AxiDataWidth/8) (full-width beats)
// or, when the bus is wider than 64 bits, of size 3 (narrow 8-byte beats).
// A burst of size s is the beats [a0, a0 + 2^s * (len + 1)) with a0 = addr
// aligned down to 2^s (for any size, also an illegal one); it must lie
// inside one window (RAM, main memory or scratchpad, each with its
// parameter size), otherwise DECERR. Any other size or burst type inside a
// window answers SLVERR and moves nothing.

`default_nettype none

module mosaic_mem_decode #(
  parameter int RamBytes     = 4096,
  parameter int MainBytes    = 4096,
  parameter int ScpadBytes   = 4096,
  parameter int AxiDataWidth = 128    // 64 or 128
) (
  input  logic [31:0] addr_i,
  input  logic [7:0]  len_i,
  input  logic [2:0]  size_i,
  input  logic [1:0]  burst_i,
  output logic [1:0]  win_o,    // WinRam / WinMain / WinScpad / WinNone
  output logic [1:0]  resp_o,
  output logic [28:0] dw_o,     // 64-bit word index of the first beat in the window
  output logic        narrow_o  // size 3 on a bus wider than 64 bits
);

  localparam logic [1:0] WinRam   = 2'd0;
  localparam logic [1:0] WinMain  = 2'd1;
  localparam logic [1:0] WinScpad = 2'd2;
  localparam logic [1:0] WinNone  = 2'd3;

  localparam logic [2:0] FullSize = 3'($clog2(AxiDataWidth / 8));

  logic [31:0] a0, off_ram, off_main, off_scpad;
  logic [8:0]  beats;
  logic [32:0] span;
  logic        in_ram, in_main, in_scpad, size_ok;

  assign a0        = addr_i & ~((32'd1 << size_i) - 32'd1);
  assign beats     = {1'b0, len_i} + 9'd1;
  assign span      = 33'(beats) << size_i;
  assign off_ram   = a0 - mosaic_pkg::RamBase;
  assign off_main  = a0 - mosaic_pkg::MainBase;
  assign off_scpad = a0 - mosaic_pkg::ScpadBase;
  // An address below a base wraps to a huge offset, which fails the bound.
`ifdef MOSAIC_INJECT_BUG
  // Mutant for the module test: a burst ending exactly at a window's end
  // is refused.
  assign in_ram    = ({1'b0, off_ram} + span) < 33'(RamBytes);
  assign in_main   = ({1'b0, off_main} + span) < 33'(MainBytes);
  assign in_scpad  = ({1'b0, off_scpad} + span) < 33'(ScpadBytes);
`else
  assign in_ram    = ({1'b0, off_ram} + span) <= 33'(RamBytes);
  assign in_main   = ({1'b0, off_main} + span) <= 33'(MainBytes);
  assign in_scpad  = ({1'b0, off_scpad} + span) <= 33'(ScpadBytes);
`endif

  assign size_ok  = (size_i == FullSize) || (size_i == 3'd3);
  assign narrow_o = (size_i == 3'd3) && (FullSize != 3'd3);

  always_comb begin
    if (in_ram) begin
      win_o = WinRam;
      dw_o  = off_ram[31:3];
    end else if (in_main) begin
      win_o = WinMain;
      dw_o  = off_main[31:3];
    end else if (in_scpad) begin
      win_o = WinScpad;
      dw_o  = off_scpad[31:3];
    end else begin
      win_o = WinNone;
      dw_o  = '0;
    end
    if (win_o == WinNone)                     resp_o = 2'b11;  // DECERR
    else if (!size_ok || burst_i != 2'b01)    resp_o = 2'b10;  // SLVERR
    else                                      resp_o = 2'b00;
  end

  logic unused_off;
  assign unused_off = ^{off_ram[2:0], off_main[2:0], off_scpad[2:0]};

endmodule

`default_nettype wire
