// SDMA command check (sw/golden/sdma.c check_transfer), one command at a
// time, ahead of the engine: the next command is checked while the current
// one moves data, so the check costs no transfer time.
//
// Order and codes as sdma.c: shape (1), alignment (2), one bank (3) in the
// first cycle; then one main-memory row per cycle, row r at
// mm + r * stride on 40-bit signed addresses (the product needs 37 bits),
// against the DDC (mosaic_ddc_allows: R for a load, W for a store) and the
// memory map (tu_ok: inside the RAM, main-memory or scratchpad window);
// then the packed scratchpad range against the DDC (the other permission)
// and the map (4). The result waits in out_* until the engine takes it.
//
// Command word: {store, shape, sp, mm, stride, ddc_base, ddc_limit,
// ddc_perm[1:0], seq} (mosaic_sdma_req_t).

`default_nettype none

module mosaic_tu_sdma_check #(
  parameter int RamBytes       = mosaic_pkg::RamSize,
  parameter int MainBytes      = mosaic_pkg::MainSize,
  parameter int ScpadBytes     = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int ScpadBankBytes = mosaic_pkg::ScpadBankBytes,
  parameter int CmdW           = mosaic_pkg::SdmaReqW
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            in_valid_i,
  output logic            in_ready_o,
  input  logic [CmdW-1:0] in_cmd_i,
  output logic            out_valid_o,
  input  logic            out_ready_i,
  output logic [CmdW-1:0] out_cmd_o,
  output logic [2:0]      out_code_o
);

  localparam int BankSh = $clog2(ScpadBankBytes);

  localparam logic [2:0] CodeShape  = 3'd1;
  localparam logic [2:0] CodeAlign  = 3'd2;
  localparam logic [2:0] CodeBank   = 3'd3;
  localparam logic [2:0] CodeAccess = 3'd4;

  localparam logic [1:0] CIdle = 2'd0;
  localparam logic [1:0] CStat = 2'd1;
  localparam logic [1:0] CRows = 2'd2;
  localparam logic [1:0] CHold = 2'd3;

  logic [1:0]      state_q;
  logic [CmdW-1:0] cmd_q;
  logic [2:0]      code_q;

  logic        store;
  logic [31:0] shape, sp, mm, stride, dbase, dlimit;
  logic [1:0]  dperm;
  logic [mosaic_pkg::SeqW-1:0]  seq;

  assign {store, shape, sp, mm, stride, dbase, dlimit, dperm, seq} = cmd_q;

  logic [5:0]  cols, rows;
  logic [1:0]  lg;
  logic [7:0]  row_bytes;     // <= 128 for a good shape
  logic [12:0] total;         // <= 4096 for a good shape
  logic [31:0] emask, sp_off;
  logic        bad_shape, misaligned, bank_bad;

  assign cols      = shape[5:0];
  assign rows      = shape[13:8];
  assign lg        = shape[17:16];
  assign row_bytes = 8'({2'b00, cols} << lg);
  assign total     = 13'(rows) * 13'(row_bytes);
  assign emask     = (32'd1 << lg) - 32'd1;
  assign bad_shape = ((shape & ~32'h0003_3F3F) != 32'd0) | (cols == 6'd0) | (cols > 6'd32) |
                     (rows == 6'd0) | (rows > 6'd32) | (lg == 2'd3);
  assign misaligned = ((sp & emask) != 32'd0) | ((mm & emask) != 32'd0) |
                      ((rows > 6'd1) & ((stride & emask) != 32'd0));
  assign sp_off    = sp - mosaic_pkg::ScpadBase;
  // sp below the base wraps to a huge offset, which fails the bank test.
  assign bank_bad  = (sp < mosaic_pkg::ScpadBase) |
                     ({1'b0, sp_off} >= 33'(2 * ScpadBankBytes)) |
                     (33'(sp_off[BankSh-1:0]) + 33'(total) > 33'(ScpadBankBytes));

  function automatic logic ddc_ok(input logic signed [39:0] a, input logic [12:0] len,
                                  input logic write, input logic [1:0] perm,
                                  input logic [31:0] base, input logic [31:0] limit);
    logic signed [39:0] last;
    last   = a + 40'(len) - 40'sd1;
    ddc_ok = (write ? perm[1] : perm[0]) & (a >= $signed({8'd0, base})) &
             (last <= $signed({8'd0, limit}));
  endfunction

  function automatic logic in_win(input logic signed [39:0] a, input logic [12:0] len,
                                  input logic [31:0] base, input int size);
    in_win = (a >= $signed({8'd0, base})) &
             (a + 40'(len) <= $signed({8'd0, base}) + 40'(size));
  endfunction

  function automatic logic mapped(input logic signed [39:0] a, input logic [12:0] len);
    mapped = in_win(a, len, mosaic_pkg::RamBase, RamBytes) |
             in_win(a, len, mosaic_pkg::MainBase, MainBytes) |
             in_win(a, len, mosaic_pkg::ScpadBase, ScpadBytes);
  endfunction

  logic signed [39:0] row_a_q;
  logic [5:0]         row_q;
  logic               row_ok, sp_ok;

  assign row_ok = ~row_a_q[39] &
                  ddc_ok(row_a_q, 13'(row_bytes), store, dperm, dbase, dlimit) &
                  mapped(row_a_q, 13'(row_bytes));
  assign sp_ok  = ddc_ok($signed({8'd0, sp}), total, ~store, dperm, dbase, dlimit) &
                  mapped($signed({8'd0, sp}), total);

  assign in_ready_o  = (state_q == CIdle);
  assign out_valid_o = (state_q == CHold);
  assign out_cmd_o   = cmd_q;
  assign out_code_o  = code_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= CIdle;
      cmd_q   <= '0;
      code_q  <= '0;
      row_a_q <= '0;
      row_q   <= '0;
    end else begin
      unique case (state_q)
        CIdle: begin
          if (in_valid_i) begin
            cmd_q   <= in_cmd_i;
            state_q <= CStat;
          end
        end
        CStat: begin
          row_a_q <= $signed({8'd0, mm});
          row_q   <= '0;
          if (bad_shape)       begin code_q <= CodeShape; state_q <= CHold; end
          else if (misaligned) begin code_q <= CodeAlign; state_q <= CHold; end
          else if (bank_bad)   begin code_q <= CodeBank;  state_q <= CHold; end
          else                 begin code_q <= 3'd0;      state_q <= CRows; end
        end
        CRows: begin
          if (row_q == rows) begin
            code_q  <= sp_ok ? 3'd0 : CodeAccess;
            state_q <= CHold;
          end else if (!row_ok) begin
            code_q  <= CodeAccess;
            state_q <= CHold;
          end else begin
            row_q   <= row_q + 6'd1;
            row_a_q <= row_a_q + {{8{stride[31]}}, stride};
          end
        end
        CHold: begin
          if (out_ready_i) state_q <= CIdle;
        end
        default: state_q <= CIdle;
      endcase
    end
  end

  logic unused;
  assign unused = ^{seq};

endmodule

`default_nettype wire
