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
// reads bank b at the row of the one window byte it holds, and the bank
// outputs are rotated into window order.

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

  for (genvar gb = 0; gb < 64; gb++) begin : g_bank
    localparam logic [5:0] BankIdx = gb;
    // Bank b holds window byte (b - a) mod 64, in row a[10:6] or the next.
    // The borrow of b - a[5:0]: bank b lies before the window start.
    logic [6:0] diff;
    logic [4:0] row_b, pl_b;
    assign diff  = {1'b0, BankIdx} - {1'b0, rd_sh};
    assign row_b = rd_row + {4'd0, diff[6]};
    logic unused_diff;
    assign unused_diff = ^diff[5:0];
    assign pl_b  = place(row_b, concat_i);

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

  // Window byte i is bank (a + i) mod 64. Bytes 0..7 come through a full
  // rotation (gather lane, tl.mstore W beat: any address); bytes 8..63 only
  // through a rotation by a[2:0], which is all the one 64-byte window read
  // needs (tl.addi / tl.mload rows: a = 64 row + base[2:0]). Half the
  // select logic of a 64-byte rotation of the whole window.
  logic [1023:0] bank2;
  logic [575:0]  near;
  assign bank2     = {bank_q, bank_q} >> {rd_sh, 3'b000};
  assign near      = {bank_q[63:0], bank_q} >> {rd_sh[2:0], 3'b000};
  assign rd_data_o = {near[511:64], bank2[63:0]};

  logic unused;
  assign unused = ^{bank2[1023:64], near[575:512], near[63:0]};

endmodule

`default_nettype wire
