// Is the byte range [lo_i, hi_i] one the tensor unit may access?
//
// The golden model checks every row or slice of a tensor memory operation
// separately (tu_state.c mosaic_tile_access_ok, tl_mem.c slices_ok). The
// hardware checks the hull of the accessed rows instead, which is exact
// because
//  - the DDC region is one interval, so every row is inside it iff the
//    lowest row starts at or above the base and the highest row ends at or
//    below the limit;
//  - every memory window (RAM, main memory, the scratchpad's two banks back
//    to back) is one interval, and the windows are hundreds of MiB apart,
//    while consecutive checked rows are at most 32 KiB apart (tld/tst:
//    |stride| <= 2048; tl.mload/mstore: 31 slices of <= 1 KiB), so a set of
//    rows that are each in some window are all in the same one.
// Addresses are 34-bit two's complement so that a row below 0 (negative
// stride) or ending past 2^32 (wrap) is visible; the DDC compares are 33-bit
// (lo and hi are known non-negative and below 2^33 there).

`default_nettype none

module mosaic_tu_range_ok (
  input  logic [33:0] lo_i,        // first byte, signed
  input  logic [33:0] hi_i,        // last byte (inclusive), signed, >= lo_i
  input  logic        write_i,     // needs W (else R) permission
  input  logic [31:0] ddc_base_i,
  input  logic [31:0] ddc_limit_i,
  input  logic [1:0]  ddc_perm_i,  // [0] R, [1] W
  output logic        ok_o
);

  localparam logic [32:0] RamLo  = {1'b0, mosaic_pkg::RamBase};
  localparam logic [32:0] RamHi  = {1'b0, mosaic_pkg::RamBase} + {1'b0, mosaic_pkg::RamSize} - 33'd1;
  localparam logic [32:0] MainLo = {1'b0, mosaic_pkg::MainBase};
  localparam logic [32:0] MainHi = {1'b0, mosaic_pkg::MainBase} + {1'b0, mosaic_pkg::MainSize} - 33'd1;
  localparam logic [32:0] SpLo   = {1'b0, mosaic_pkg::ScpadBase};
  localparam logic [32:0] SpHi   = {1'b0, mosaic_pkg::ScpadBase} +
                                   {1'b0, mosaic_pkg::ScpadBankBytes} * {1'b0, mosaic_pkg::ScpadBanks} - 33'd1;

  logic        in_32;   // no row below 0 or past 2^32 - 1
  logic [32:0] lo, hi;
  logic        perm_ok, ddc_ok, mapped;

  assign in_32   = (lo_i[33:32] == 2'b00) && (hi_i[33:32] == 2'b00);
  assign lo      = lo_i[32:0];
  assign hi      = hi_i[32:0];
  assign perm_ok = write_i ? ddc_perm_i[1] : ddc_perm_i[0];
`ifdef MOSAIC_INJECT_BUG
  // Deliberate off-by-one (module-test mutant): the last DDC byte is refused.
  assign ddc_ok  = (lo >= {1'b0, ddc_base_i}) && (hi < {1'b0, ddc_limit_i});
`else
  assign ddc_ok  = (lo >= {1'b0, ddc_base_i}) && (hi <= {1'b0, ddc_limit_i});
`endif
  assign mapped  = ((lo >= RamLo) && (hi <= RamHi)) ||
                   ((lo >= MainLo) && (hi <= MainHi)) ||
                   ((lo >= SpLo) && (hi <= SpHi));
  assign ok_o    = in_32 && perm_ok && ddc_ok && mapped;

endmodule

`default_nettype wire
