// Instruction decoder for RV32IM + Zicsr and the four custom opcodes.
//
// Purely combinational. Decoding is strict (every fixed field is checked) so
// that illegal-instruction traps agree with the golden ISS bit for bit; the
// only fields ignored are FENCE's fm/pred/succ/rs1/rd, which the base ISA
// reserves for future fences that must behave as a full FENCE today.

`default_nettype none

module mosaic_core_decoder (
  input  logic [31:0] insn_i,

  output logic        illegal_o,
  output logic        rs1_used_o,
  output logic        rs2_used_o,
  // Writes x[rd] (for custom opcodes: may write, the coprocessor decides).
  output logic        rd_we_o,
  // The result only exists in write-back (load, CSR, coprocessor).
  output logic        late_o,
  output logic [3:0]  alu_op_o,
  output logic [1:0]  op_a_sel_o,
  output logic        op_b_imm_o,
  output logic [31:0] imm_o,
  output logic        branch_o,
  output logic        jal_o,
  output logic        jalr_o,
  output logic        load_o,
  output logic        store_o,
  output logic        mul_o,
  output logic        div_o,
  output logic        csr_o,
  output logic        ecall_o,
  output logic        ebreak_o,
  output logic        mret_o,
  output logic        wfi_o,
  output logic        fence_o,
  output logic        xif_o
);

  logic [6:0] opcode;
  logic [2:0] funct3;
  logic [6:0] funct7;
  logic [31:0] imm_i, imm_s, imm_b, imm_u, imm_j;

  assign opcode = insn_i[6:0];
  assign funct3 = insn_i[14:12];
  assign funct7 = insn_i[31:25];

  assign imm_i = {{20{insn_i[31]}}, insn_i[31:20]};
  assign imm_s = {{20{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
  assign imm_b = {{19{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
  assign imm_u = {insn_i[31:12], 12'b0};
  assign imm_j = {{11{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

  // Raw decode; an illegal instruction then reads, writes and does nothing.
  logic [3:0]  raw_alu_op;
  logic        raw_branch;
  logic        raw_csr;
  logic        raw_div;
  logic        raw_ebreak;
  logic        raw_ecall;
  logic        raw_fence;
  logic        raw_illegal;
  logic [31:0] raw_imm;
  logic        raw_jal;
  logic        raw_jalr;
  logic        raw_late;
  logic        raw_load;
  logic        raw_mret;
  logic        raw_mul;
  logic [1:0]  raw_op_a_sel;
  logic        raw_op_b_imm;
  logic        raw_rd_we;
  logic        raw_rs1_used;
  logic        raw_rs2_used;
  logic        raw_store;
  logic        raw_wfi;
  logic        raw_xif;

  always_comb begin
    raw_illegal  = 1'b0;
    raw_rs1_used = 1'b0;
    raw_rs2_used = 1'b0;
    raw_rd_we    = 1'b0;
    raw_late     = 1'b0;
    raw_alu_op   = mosaic_pkg::AluAdd;
    raw_op_a_sel = mosaic_pkg::OpASelRs1;
    raw_op_b_imm = 1'b1;
    raw_imm      = imm_i;
    raw_branch   = 1'b0;
    raw_jal      = 1'b0;
    raw_jalr     = 1'b0;
    raw_load     = 1'b0;
    raw_store    = 1'b0;
    raw_mul      = 1'b0;
    raw_div      = 1'b0;
    raw_csr      = 1'b0;
    raw_ecall    = 1'b0;
    raw_ebreak   = 1'b0;
    raw_mret     = 1'b0;
    raw_wfi      = 1'b0;
    raw_fence    = 1'b0;
    raw_xif      = 1'b0;

    unique case (opcode)
      mosaic_pkg::OpLui: begin
        raw_rd_we    = 1'b1;
        raw_op_a_sel = mosaic_pkg::OpASelZero;
        raw_imm      = imm_u;
      end

      mosaic_pkg::OpAuipc: begin
        raw_rd_we    = 1'b1;
        raw_op_a_sel = mosaic_pkg::OpASelPc;
        raw_imm      = imm_u;
      end

      mosaic_pkg::OpJal: begin
        raw_rd_we = 1'b1;
        raw_jal   = 1'b1;
        raw_imm   = imm_j;
      end

      mosaic_pkg::OpJalr: begin
        raw_rd_we    = 1'b1;
        raw_jalr     = 1'b1;
        raw_rs1_used = 1'b1;
        raw_illegal  = (funct3 != 3'b000);
      end

      mosaic_pkg::OpBranch: begin
        raw_branch   = 1'b1;
        raw_rs1_used = 1'b1;
        raw_rs2_used = 1'b1;
        raw_imm      = imm_b;
        raw_illegal  = (funct3 == 3'b010) || (funct3 == 3'b011);
      end

      mosaic_pkg::OpLoad: begin
        raw_load     = 1'b1;
        raw_rd_we    = 1'b1;
        raw_late     = 1'b1;
        raw_rs1_used = 1'b1;
        raw_illegal  = (funct3 == 3'b011) || (funct3 == 3'b110) || (funct3 == 3'b111);
      end

      mosaic_pkg::OpStore: begin
        raw_store    = 1'b1;
        raw_rs1_used = 1'b1;
        raw_rs2_used = 1'b1;
        raw_imm      = imm_s;
        raw_illegal  = (funct3[2] == 1'b1) || (funct3[1:0] == 2'b11);
      end

      mosaic_pkg::OpImm: begin
        raw_rd_we    = 1'b1;
        raw_rs1_used = 1'b1;
        unique case (funct3)
          3'b000:  raw_alu_op = mosaic_pkg::AluAdd;
          3'b010:  raw_alu_op = mosaic_pkg::AluSlt;
          3'b011:  raw_alu_op = mosaic_pkg::AluSltu;
          3'b100:  raw_alu_op = mosaic_pkg::AluXor;
          3'b110:  raw_alu_op = mosaic_pkg::AluOr;
          3'b111:  raw_alu_op = mosaic_pkg::AluAnd;
          3'b001: begin
            raw_alu_op  = mosaic_pkg::AluSll;
            raw_illegal = (funct7 != 7'b0000000);
          end
          3'b101: begin
            raw_alu_op  = funct7[5] ? mosaic_pkg::AluSra : mosaic_pkg::AluSrl;
            raw_illegal = (funct7 != 7'b0000000) && (funct7 != 7'b0100000);
          end
          default: raw_illegal = 1'b1;
        endcase
      end

      mosaic_pkg::OpOp: begin
        raw_rd_we    = 1'b1;
        raw_rs1_used = 1'b1;
        raw_rs2_used = 1'b1;
        raw_op_b_imm = 1'b0;
        if (funct7 == 7'b0000001) begin
          raw_mul = ~funct3[2];
          raw_div = funct3[2];
        end else if (funct7 == 7'b0000000) begin
          unique case (funct3)
            3'b000:  raw_alu_op = mosaic_pkg::AluAdd;
            3'b001:  raw_alu_op = mosaic_pkg::AluSll;
            3'b010:  raw_alu_op = mosaic_pkg::AluSlt;
            3'b011:  raw_alu_op = mosaic_pkg::AluSltu;
            3'b100:  raw_alu_op = mosaic_pkg::AluXor;
            3'b101:  raw_alu_op = mosaic_pkg::AluSrl;
            3'b110:  raw_alu_op = mosaic_pkg::AluOr;
            3'b111:  raw_alu_op = mosaic_pkg::AluAnd;
            default: raw_alu_op = mosaic_pkg::AluAdd;
          endcase
        end else if (funct7 == 7'b0100000) begin
          unique case (funct3)
            3'b000:  raw_alu_op = mosaic_pkg::AluSub;
            3'b101:  raw_alu_op = mosaic_pkg::AluSra;
            default: raw_illegal = 1'b1;
          endcase
        end else begin
          raw_illegal = 1'b1;
        end
      end

      mosaic_pkg::OpMiscMem: begin
        // FENCE (000) and FENCE.I (001, Zifencei). Both drain the
        // coprocessor in write-back; FENCE.I then refetches (mosaic_core),
        // so instructions after it see every older store.
        raw_fence   = (funct3[2:1] == 2'b00);
        raw_illegal = (funct3[2:1] != 2'b00);
      end

      mosaic_pkg::OpSystem: begin
        if (funct3 == 3'b000) begin
          unique case (insn_i)
            32'h0000_0073: raw_ecall  = 1'b1;
            32'h0010_0073: raw_ebreak = 1'b1;
            32'h3020_0073: raw_mret   = 1'b1;
            32'h1050_0073: raw_wfi    = 1'b1;
            default:       raw_illegal = 1'b1;
          endcase
        end else if (funct3 == 3'b100) begin
          raw_illegal = 1'b1;
        end else begin
          raw_csr      = 1'b1;
          raw_rd_we    = 1'b1;
          raw_late     = 1'b1;
          raw_rs1_used = ~funct3[2];
        end
      end

      mosaic_pkg::OpCustom0, mosaic_pkg::OpCustom1,
      mosaic_pkg::OpCustom2, mosaic_pkg::OpCustom3: begin
        // The coprocessor decides legality and whether rd is written; the
        // core reads both scalar sources (and x[rd], in write-back).
        raw_xif      = 1'b1;
        raw_rd_we    = 1'b1;
        raw_late     = 1'b1;
        raw_rs1_used = 1'b1;
        raw_rs2_used = 1'b1;
      end

      default: raw_illegal = 1'b1;
    endcase
  end

  assign alu_op_o    = raw_alu_op;
  assign branch_o    = raw_branch & ~raw_illegal;
  assign csr_o       = raw_csr & ~raw_illegal;
  assign div_o       = raw_div & ~raw_illegal;
  assign ebreak_o    = raw_ebreak;
  assign ecall_o     = raw_ecall;
  assign fence_o     = raw_fence & ~raw_illegal;
  assign illegal_o   = raw_illegal;
  assign imm_o       = raw_imm;
  assign jal_o       = raw_jal & ~raw_illegal;
  assign jalr_o      = raw_jalr & ~raw_illegal;
  assign late_o      = raw_late & ~raw_illegal;
  assign load_o      = raw_load & ~raw_illegal;
  assign mret_o      = raw_mret;
  assign mul_o       = raw_mul & ~raw_illegal;
  assign op_a_sel_o  = raw_op_a_sel;
  assign op_b_imm_o  = raw_op_b_imm;
  assign rd_we_o     = raw_rd_we & ~raw_illegal;
  assign rs1_used_o  = raw_rs1_used & ~raw_illegal;
  assign rs2_used_o  = raw_rs2_used & ~raw_illegal;
  assign store_o     = raw_store & ~raw_illegal;
  assign wfi_o       = raw_wfi;
  assign xif_o       = raw_xif & ~raw_illegal;

endmodule

`default_nettype wire
