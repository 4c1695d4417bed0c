// Window decode of one AXI burst for mosaic_mem_sys: which memory holds the
// whole burst, the burst's first 64-bit word inside it, and the response
// every beat of the burst will carry.
//
// A burst is the full-width beats [addr & ~7, (addr & ~7) + 8 * (len + 1));
// it must lie inside one window (RAM, main memory or scratchpad, each
// with its parameter size), otherwise DECERR. Only full-width INCR bursts
// are implemented; anything else inside a window answers SLVERR and moves
// nothing.

`default_nettype none

module mosaic_mem_decode #(
  parameter int RamBytes   = 4096,
  parameter int MainBytes  = 4096,
  parameter int ScpadBytes = 4096
) (
  input  logic [31:0] addr_i,
  input  logic [7:0]  len_i,
  input  logic [2:0]  size_i,
  input  logic [1:0]  burst_i,
  output logic [1:0]  win_o,    // WinRam / WinMain / WinScpad / WinNone
  output logic [1:0]  resp_o,
  output logic [28:0] dw_o      // 64-bit word index inside the window
);

  localparam logic [1:0] WinRam   = 2'd0;
  localparam logic [1:0] WinMain  = 2'd1;
  localparam logic [1:0] WinScpad = 2'd2;
  localparam logic [1:0] WinNone  = 2'd3;

  logic [31:0] a0, off_ram, off_main, off_scpad;
  logic [32:0] span;
  logic        in_ram, in_main, in_scpad;

  assign a0        = {addr_i[31:3], 3'b000};
  assign span      = {21'd0, ({1'b0, len_i} + 9'd1), 3'b000};
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
    else if (size_i != 3'd3 || burst_i != 2'b01) resp_o = 2'b10;  // SLVERR
    else                                      resp_o = 2'b00;
  end

  logic unused_off;
  assign unused_off = ^{addr_i[2:0], off_ram[2:0], off_main[2:0], off_scpad[2:0]};

endmodule

`default_nettype wire
