// Toy coprocessor for the Icarus bench: exercises every X-IF channel the
// way a tensor unit will use it, and checks the core's side of the protocol
// (docs/microarchitecture.md, "Coprocessor port").
//
// It implements the tensor CSRs of docs/isa.md as plain registers (reset
// values and writable masks of sw/golden/tu_csr.c), so CSR tests run, and
// a handful of test instructions on custom-0 (0x0B):
//   funct3 0  xadd   x[rd] = x[rs1] + x[rs2] + x[rd] (rd read as a source),
//                     result after 0..3 cycles; sets TS Dirty
//   funct3 1  xexc   trap at issue: cause = x[rs1][4:0], tval = x[rs2]
//   funct3 2  xnop   accepted, no result, TS unchanged
//   funct3 3  xdirty accepted, no result, TS Dirty
//   funct3 4  xbusy  busy for x[rs1] cycles (fence waits; MAC/SDMA events count)
//   funct3 5  xnowe  promises a result, then writes no register
// Everything else (including custom-1..3) is not accepted.
// Issue readiness follows an LFSR so the core sees back-pressure.

`timescale 1ns / 1ps
`default_nettype none

module mosaic_xif_model (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        issue_valid_i,
  output logic        issue_ready_o,
  input  logic [31:0] issue_insn_i,
  input  logic [3:0]  issue_id_i,
  input  logic [31:0] issue_rs1_i,
  input  logic [31:0] issue_rs2_i,
  input  logic [31:0] issue_rd_i,
  output logic        issue_accept_o,
  output logic        issue_writeback_o,
  output logic        issue_dirty_o,
  output logic        issue_exc_o,
  output logic [4:0]  issue_exccode_o,
  output logic [31:0] issue_tval_o,

  input  logic        commit_valid_i,
  input  logic [3:0]  commit_id_i,
  input  logic        commit_kill_i,

  output logic        result_valid_o,
  input  logic        result_ready_i,
  output logic [3:0]  result_id_o,
  output logic [4:0]  result_rd_o,
  output logic        result_we_o,
  output logic [31:0] result_data_o,

  input  logic        fence_valid_i,
  output logic        fence_ready_o,
  input  logic [1:0]  ts_i,

  output logic        mac_busy_o,
  output logic [15:0] mac_count_o,
  output logic        bank_conflict_o,
  output logic [15:0] sdma_bytes_o,
  output logic        sdma_busy_o
);

  // ---- tensor CSRs ----------------------------------------------------------
  logic [31:0] csr_q [0:22];
  logic [11:0] csr_addr_tab [0:22];
  logic [31:0] csr_mask_tab [0:22];
  logic [31:0] csr_reset_tab [0:22];

  initial begin
    csr_addr_tab[0]  = 12'h800; csr_mask_tab[0]  = 32'hFFFF_FFFF; csr_reset_tab[0]  = 32'h0;
    csr_addr_tab[1]  = 12'h801; csr_mask_tab[1]  = 32'h0000_00FF; csr_reset_tab[1]  = 32'h0;
    csr_addr_tab[2]  = 12'h802; csr_mask_tab[2]  = 32'h0000_0001; csr_reset_tab[2]  = 32'h1;
    csr_addr_tab[3]  = 12'h803; csr_mask_tab[3]  = 32'h0000_0003; csr_reset_tab[3]  = 32'h0;
    csr_addr_tab[4]  = 12'h810; csr_mask_tab[4]  = 32'hFFFF_FFFF; csr_reset_tab[4]  = 32'h0;
    csr_addr_tab[5]  = 12'h811; csr_mask_tab[5]  = 32'hFFFF_FFFF; csr_reset_tab[5]  = 32'h0;
    csr_addr_tab[6]  = 12'h812; csr_mask_tab[6]  = 32'hFFFF_FFFF; csr_reset_tab[6]  = 32'h0;
    csr_addr_tab[7]  = 12'h813; csr_mask_tab[7]  = 32'hFFFF_FFFF; csr_reset_tab[7]  = 32'h0;
    csr_addr_tab[8]  = 12'h820; csr_mask_tab[8]  = 32'h0000_03FF; csr_reset_tab[8]  = 32'h0;
    csr_addr_tab[9]  = 12'h830; csr_mask_tab[9]  = 32'hFFFF_FFFF; csr_reset_tab[9]  = 32'h0;
    csr_addr_tab[10] = 12'h831; csr_mask_tab[10] = 32'h0000_001F; csr_reset_tab[10] = 32'h0;
    csr_addr_tab[11] = 12'h832; csr_mask_tab[11] = 32'hFFFF_FFFF; csr_reset_tab[11] = 32'h0;
    csr_addr_tab[12] = 12'h7C0; csr_mask_tab[12] = 32'h000F_FFFF; csr_reset_tab[12] = 32'h0000_2010;
    csr_addr_tab[13] = 12'h7C1; csr_mask_tab[13] = 32'h0007_FFFF; csr_reset_tab[13] = 32'h0001_1010;
    csr_addr_tab[14] = 12'h7C2; csr_mask_tab[14] = 32'h0000_000F; csr_reset_tab[14] = 32'h0;
    csr_addr_tab[15] = 12'h7D0; csr_mask_tab[15] = 32'hFFFF_FFFF; csr_reset_tab[15] = 32'h0;
    csr_addr_tab[16] = 12'h7D1; csr_mask_tab[16] = 32'hFFFF_FFFF; csr_reset_tab[16] = 32'hFFFF_FFFF;
    csr_addr_tab[17] = 12'h7D2; csr_mask_tab[17] = 32'h0000_0003; csr_reset_tab[17] = 32'h3;
    csr_addr_tab[18] = 12'hCC0; csr_mask_tab[18] = 32'h0;         csr_reset_tab[18] = 32'd16;
    csr_addr_tab[19] = 12'hCC1; csr_mask_tab[19] = 32'h0;         csr_reset_tab[19] = 32'd16;
    csr_addr_tab[20] = 12'hCC2; csr_mask_tab[20] = 32'h0;         csr_reset_tab[20] = 32'd16;
    csr_addr_tab[21] = 12'hCC3; csr_mask_tab[21] = 32'h0;         csr_reset_tab[21] = 32'h0;
    csr_addr_tab[22] = 12'hCC4; csr_mask_tab[22] = 32'h0;         csr_reset_tab[22] = 32'h0053_FB0E;
  end

  // ---- issue decode (combinational response) ---------------------------------
  logic [6:0]  opcode;
  logic [2:0]  funct3;
  logic [4:0]  rs1_field;
  logic [11:0] csr_addr;
  logic        is_csr, csr_wr;
  integer      csr_idx;
  logic [31:0] csr_old, csr_src, csr_new;
  logic [15:0] lfsr_q;
  logic        busy_any;

  assign opcode    = issue_insn_i[6:0];
  assign funct3    = issue_insn_i[14:12];
  assign rs1_field = issue_insn_i[19:15];
  assign csr_addr  = issue_insn_i[31:20];
  assign is_csr    = (opcode == 7'h73) && (funct3 != 3'b000) && (funct3 != 3'b100);
  assign csr_wr    = (funct3[1:0] == 2'b01) || (rs1_field != 5'd0);
  assign csr_src   = funct3[2] ? {27'd0, rs1_field} : issue_rs1_i;

  always @* begin
    csr_idx = -1;
    for (int i = 0; i < 23; i++) if (csr_addr_tab[i] == csr_addr) csr_idx = i;
    csr_old = (csr_idx >= 0) ? csr_q[csr_idx] : 32'd0;
    unique case (funct3[1:0])
      2'b10:   csr_new = csr_old | csr_src;
      2'b11:   csr_new = csr_old & ~csr_src;
      default: csr_new = csr_src;
    endcase
  end

  always @* begin
    issue_accept_o    = 1'b0;
    issue_writeback_o = 1'b0;
    issue_dirty_o     = 1'b0;
    issue_exc_o       = 1'b0;
    issue_exccode_o   = 5'd0;
    issue_tval_o      = 32'd0;
    if (is_csr) begin
      issue_accept_o    = (csr_idx >= 0);
      issue_writeback_o = (csr_idx >= 0) && (issue_insn_i[11:7] != 5'd0);
      issue_dirty_o     = (csr_idx >= 0) && csr_wr;
    end else if (opcode == 7'h0B) begin
      unique case (funct3)
        3'd0: begin issue_accept_o = 1'b1; issue_writeback_o = 1'b1; issue_dirty_o = 1'b1; end
        3'd1: begin
          issue_accept_o  = 1'b1;
          issue_exc_o     = 1'b1;
          issue_exccode_o = issue_rs1_i[4:0];
          issue_tval_o    = issue_rs2_i;
        end
        3'd2: issue_accept_o = 1'b1;
        3'd3: begin issue_accept_o = 1'b1; issue_dirty_o = 1'b1; end
        3'd4: begin issue_accept_o = 1'b1; issue_dirty_o = 1'b1; end
        3'd5: begin issue_accept_o = 1'b1; issue_writeback_o = 1'b1; end
        default: issue_accept_o = 1'b0;
      endcase
    end
  end

  // ---- state: pending result, busy counter, CSR writes ----------------------
  logic        pend_q;
  logic [3:0]  pend_id_q;
  logic [4:0]  pend_rd_q;
  logic        pend_we_q;
  logic [31:0] pend_data_q;
  logic [1:0]  pend_delay_q;
  logic [31:0] busy_q;
  logic        hs;
  logic        prev_stall_q;
  logic [31:0] prev_insn_q, prev_rs1_q, prev_rs2_q, prev_rd_q;
  logic [3:0]  prev_id_q;

  assign issue_ready_o = (lfsr_q[1:0] != 2'b00) && !pend_q;
  assign hs            = issue_valid_i && issue_ready_o;
  assign busy_any      = (busy_q != 32'd0);

  assign result_valid_o = pend_q && (pend_delay_q == 2'd0);
  assign result_id_o    = pend_id_q;
  assign result_rd_o    = pend_rd_q;
  assign result_we_o    = pend_we_q;
  assign result_data_o  = pend_data_q;

  assign fence_ready_o   = !busy_any && !pend_q;
  assign mac_busy_o      = busy_any;
  assign mac_count_o     = busy_any ? 16'd7 : 16'd0;
  assign bank_conflict_o = busy_any;
  assign sdma_bytes_o    = busy_any ? 16'd2 : 16'd0;
  assign sdma_busy_o     = busy_any;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lfsr_q       <= 16'hACE1;
      pend_q       <= 1'b0;
      pend_id_q    <= 4'd0;
      pend_rd_q    <= 5'd0;
      pend_we_q    <= 1'b0;
      pend_data_q  <= 32'd0;
      pend_delay_q <= 2'd0;
      busy_q       <= 32'd0;
      prev_stall_q <= 1'b0;
      for (int i = 0; i < 23; i++) csr_q[i] <= csr_reset_tab[i];
    end else begin
      lfsr_q <= {lfsr_q[14:0], lfsr_q[15] ^ lfsr_q[13] ^ lfsr_q[12] ^ lfsr_q[10]};
      if (busy_any) busy_q <= busy_q - 32'd1;
      if (pend_q && pend_delay_q != 2'd0) pend_delay_q <= pend_delay_q - 2'd1;
      if (result_valid_o && result_ready_i) pend_q <= 1'b0;

      // valid must hold, with stable payload, until ready.
      prev_stall_q <= issue_valid_i && !issue_ready_o;
      prev_insn_q  <= issue_insn_i;
      prev_rs1_q   <= issue_rs1_i;
      prev_rs2_q   <= issue_rs2_i;
      prev_rd_q    <= issue_rd_i;
      prev_id_q    <= issue_id_i;
      if (prev_stall_q && (!issue_valid_i || issue_insn_i != prev_insn_q ||
                           issue_rs1_i != prev_rs1_q || issue_rs2_i != prev_rs2_q ||
                           issue_rd_i != prev_rd_q || issue_id_i != prev_id_q)) begin
        $display("[xif] ERROR: issue request changed or withdrawn before ready");
      end

      if (hs) begin
        if (ts_i == 2'd0) $display("[xif] ERROR: issue while mstatus.TS is Off");
        // The core commits every accepted instruction in its issue cycle.
        if (issue_accept_o && (!commit_valid_i || commit_id_i != issue_id_i ||
                               commit_kill_i != issue_exc_o)) begin
          $display("[xif] ERROR: missing or wrong commit for id %0d", issue_id_i);
        end
        if (!issue_accept_o && commit_valid_i) $display("[xif] ERROR: commit of a rejected instruction");
        if (issue_accept_o && !issue_exc_o) begin
          if (is_csr) begin
            if (csr_wr) begin
              if (csr_addr[11:10] == 2'b11) $display("[xif] ERROR: write to read-only CSR issued");
              csr_q[csr_idx] <= (csr_old & ~csr_mask_tab[csr_idx]) | (csr_new & csr_mask_tab[csr_idx]);
            end
            if (issue_writeback_o) begin
              pend_q       <= 1'b1;
              pend_id_q    <= issue_id_i;
              pend_rd_q    <= issue_insn_i[11:7];
              pend_we_q    <= 1'b1;
              pend_data_q  <= csr_old;
              pend_delay_q <= lfsr_q[3:2];
            end
          end else begin
            unique case (funct3)
              3'd0: begin
                pend_q       <= 1'b1;
                pend_id_q    <= issue_id_i;
                pend_rd_q    <= issue_insn_i[11:7];
                pend_we_q    <= 1'b1;
                pend_data_q  <= issue_rs1_i + issue_rs2_i + issue_rd_i;
                pend_delay_q <= lfsr_q[3:2];
              end
              3'd4: busy_q <= issue_rs1_i;
              3'd5: begin
                pend_q       <= 1'b1;
                pend_id_q    <= issue_id_i;
                pend_rd_q    <= issue_insn_i[11:7];
                pend_we_q    <= 1'b0;
                pend_data_q  <= 32'hBAD0_BAD0;
                pend_delay_q <= 2'd1;
              end
              default: ;
            endcase
          end
        end
      end else if (commit_valid_i) begin
        $display("[xif] ERROR: commit without an issue handshake");
      end
    end
  end

  logic unused_model;
  assign unused_model = ^{fence_valid_i};

endmodule

`default_nettype wire
