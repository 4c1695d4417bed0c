// TensorLoad engine: the 2 KiB staging buffer as distributed RAM, read as an
// 8-byte window from any byte or a 64-byte window from any byte 0..7 of a
// row (mosaic_tu_tl with StageRam = 1).
//
// Staging byte x sits in row x[10:6], byte-bank x[5:0]. Each bank is two
// 16 x 8 RAMs (groups 0 and 1) with one write and one asynchronous read
// port, so an FPGA maps the buffer to LUT RAM instead of 16 k flops and a
// 2048:1 mux per gather lane.
//
// Groups exist so that Fetch writes two TRF rows per cycle, one per group.
// Port 0's rows land in group 0 and port 1's in group 1, both at the local
// row rw_local_i: tl.concat fetches rows r and r + 16 (group = row[4],
// local = row[3:0]); the others fetch r and r + 8 (group = row[3], local =
// {row[4], row[2:0]}; rows 16.. are only tl.mload's tail, at local 8..).
//
// Banks have their own read address, so the window [a, a + 63] (mod 2048)
// reads bank b at the row of the one window byte it holds (row a[10:6] or
// the next), and the bank outputs are rotated into window order.

`default_nettype none

module mosaic_tu_tl_stage_ram (
  input  logic         clk_i,
  input  logic         concat_i,      // row-to-group mapping (see above)
  // Row pair write: group 0 <- rw0_data_i, group 1 <- rw1_data_i.
  input  logic         rw_i,
  input  logic [3:0]   rw_local_i,
  input  logic [511:0] rw0_data_i,
  input  logic [511:0] rw1_data_i,
  // Aligned 8-byte word write (tl.mload R beat), byte enables.
  input  logic         bw_i,
  input  logic [7:0]   bw_word_i,
  input  logic [7:0]   bw_be_i,
  input  logic [63:0]  bw_data_i,
  // Window read: byte i of rd_data_o is staging byte rd_addr_i + i, for
  // bytes 8..63 only when rd_addr_i[5:3] == 0.
  input  logic [10:0]  rd_addr_i,
  output logic [511:0] rd_data_o
);

  // {group, local row} of a staging row.
  function automatic logic [4:0] place(input logic [4:0] row, input logic concat);
    place = concat ? row : {row[3], row[4], row[2:0]};
  endfunction

  logic [4:0] bw_place;
  assign bw_place = place(bw_word_i[7:3], concat_i);

  logic [5:0] rd_sh;
  logic [4:0] rd_row;
  assign rd_sh  = rd_addr_i[5:0];
  assign rd_row = rd_addr_i[10:6];

  logic [511:0] bank_q;   // bank b's window byte in [8b +: 8]

  // Bank b holds window byte (b - a) mod 64, in row a[10:6] if b >= a[5:0],
  // else in the next row: the two rows' places, made once for all banks.
  logic [4:0] pl_cur, pl_next;
  assign pl_cur  = place(rd_row, concat_i);
  assign pl_next = place(rd_row + 5'd1, concat_i);

  for (genvar gb = 0; gb < 64; gb++) begin : g_bank
    localparam logic [5:0] BankIdx = gb;
    logic [4:0] pl_b;
    if (gb == 63) begin : g_last   // no window starts after bank 63
      assign pl_b = pl_cur;
    end else begin : g_cmp
      assign pl_b = (BankIdx < rd_sh) ? pl_next : pl_cur;
    end

    logic [7:0] out_g [2];
    for (genvar gg = 0; gg < 2; gg++) begin : g_grp
      localparam logic Grp = (gg == 1);
      logic [7:0] mem [16];
      logic       we;
      logic [3:0] wa;
      logic [7:0] wd;
      assign we = rw_i || (bw_i && (bw_place[4] == Grp) && (bw_word_i[2:0] == BankIdx[5:3]) &&
                           bw_be_i[gb % 8]);
      assign wa = rw_i ? rw_local_i : bw_place[3:0];
      assign wd = rw_i ? (Grp ? rw1_data_i[8*gb +: 8] : rw0_data_i[8*gb +: 8])
                       : bw_data_i[8*(gb % 8) +: 8];
      // No reset: mosaic_tu_tl writes every byte it reads back.
      always_ff @(posedge clk_i) begin
        if (we) mem[wa] <= wd;
      end
      assign out_g[gg] = mem[pl_b[3:0]];
    end
    assign bank_q[8*gb +: 8] = pl_b[4] ? out_g[1] : out_g[0];
  end

  // Window byte i is bank (a + i) mod 64. First every bank byte is rotated
  // by a[2:0] (rot byte j = bank (j + a[2:0]) mod 64); window bytes 0..7 (a
  // gather lane, a tl.mstore W beat: any address) are then rot's 8-byte
  // word a[5:3], and bytes 8..63 (read only when a[5:3] = 0: tl.addi /
  // tl.mload rows, a = 64 row + base[2:0]) are rot's own. The rotation is
  // three fixed ones, 4 bytes first: as one variable shift, or 1 byte
  // first, Yosys 0.70 maps it to some 700 LUT4 more; a full rotation of
  // bytes 0..7 beside it took 5 700 LUT4 for the two.
  logic [511:0] r4, r2, rot;
  logic [63:0]  word;
  assign r4  = rd_sh[2] ? {bank_q[31:0], bank_q[511:32]} : bank_q;
  assign r2  = rd_sh[1] ? {r4[15:0], r4[511:16]} : r4;
  assign rot = rd_sh[0] ? {r2[7:0], r2[511:8]} : r2;
  always_comb begin
    word = '0;
    for (int w = 0; w < 8; w++) begin
      if (rd_sh[5:3] == 3'(w)) word = rot[64*w +: 64];
    end
  end
  assign rd_data_o = {rot[511:64], word};

endmodule

`default_nettype wire
