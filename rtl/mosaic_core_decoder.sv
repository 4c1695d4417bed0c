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

  always_comb begin
    illegal_o  = 1'b0;
    rs1_used_o = 1'b0;
    rs2_used_o = 1'b0;
    rd_we_o    = 1'b0;
    late_o     = 1'b0;
    alu_op_o   = mosaic_pkg::AluAdd;
    op_a_sel_o = mosaic_pkg::OpASelRs1;
    op_b_imm_o = 1'b1;
    imm_o      = imm_i;
    branch_o   = 1'b0;
    jal_o      = 1'b0;
    jalr_o     = 1'b0;
    load_o     = 1'b0;
    store_o    = 1'b0;
    mul_o      = 1'b0;
    div_o      = 1'b0;
    csr_o      = 1'b0;
    ecall_o    = 1'b0;
    ebreak_o   = 1'b0;
    mret_o     = 1'b0;
    wfi_o      = 1'b0;
    fence_o    = 1'b0;
    xif_o      = 1'b0;

    unique case (opcode)
      mosaic_pkg::OpLui: begin
        rd_we_o    = 1'b1;
        op_a_sel_o = mosaic_pkg::OpASelZero;
        imm_o      = imm_u;
      end

      mosaic_pkg::OpAuipc: begin
        rd_we_o    = 1'b1;
        op_a_sel_o = mosaic_pkg::OpASelPc;
        imm_o      = imm_u;
      end

      mosaic_pkg::OpJal: begin
        rd_we_o = 1'b1;
        jal_o   = 1'b1;
        imm_o   = imm_j;
      end

      mosaic_pkg::OpJalr: begin
        rd_we_o    = 1'b1;
        jalr_o     = 1'b1;
        rs1_used_o = 1'b1;
        illegal_o  = (funct3 != 3'b000);
      end

      mosaic_pkg::OpBranch: begin
        branch_o   = 1'b1;
        rs1_used_o = 1'b1;
        rs2_used_o = 1'b1;
        imm_o      = imm_b;
        illegal_o  = (funct3 == 3'b010) || (funct3 == 3'b011);
      end

      mosaic_pkg::OpLoad: begin
        load_o     = 1'b1;
        rd_we_o    = 1'b1;
        late_o     = 1'b1;
        rs1_used_o = 1'b1;
        illegal_o  = (funct3 == 3'b011) || (funct3 == 3'b110) || (funct3 == 3'b111);
      end

      mosaic_pkg::OpStore: begin
        store_o    = 1'b1;
        rs1_used_o = 1'b1;
        rs2_used_o = 1'b1;
        imm_o      = imm_s;
        illegal_o  = (funct3[2] == 1'b1) || (funct3[1:0] == 2'b11);
      end

      mosaic_pkg::OpImm: begin
        rd_we_o    = 1'b1;
        rs1_used_o = 1'b1;
        unique case (funct3)
          3'b000:  alu_op_o = mosaic_pkg::AluAdd;
          3'b010:  alu_op_o = mosaic_pkg::AluSlt;
          3'b011:  alu_op_o = mosaic_pkg::AluSltu;
          3'b100:  alu_op_o = mosaic_pkg::AluXor;
          3'b110:  alu_op_o = mosaic_pkg::AluOr;
          3'b111:  alu_op_o = mosaic_pkg::AluAnd;
          3'b001: begin
            alu_op_o  = mosaic_pkg::AluSll;
            illegal_o = (funct7 != 7'b0000000);
          end
          3'b101: begin
            alu_op_o  = funct7[5] ? mosaic_pkg::AluSra : mosaic_pkg::AluSrl;
            illegal_o = (funct7 != 7'b0000000) && (funct7 != 7'b0100000);
          end
          default: illegal_o = 1'b1;
        endcase
      end

      mosaic_pkg::OpOp: begin
        rd_we_o    = 1'b1;
        rs1_used_o = 1'b1;
        rs2_used_o = 1'b1;
        op_b_imm_o = 1'b0;
        if (funct7 == 7'b0000001) begin
          mul_o = ~funct3[2];
          div_o = funct3[2];
        end else if (funct7 == 7'b0000000) begin
          unique case (funct3)
            3'b000:  alu_op_o = mosaic_pkg::AluAdd;
            3'b001:  alu_op_o = mosaic_pkg::AluSll;
            3'b010:  alu_op_o = mosaic_pkg::AluSlt;
            3'b011:  alu_op_o = mosaic_pkg::AluSltu;
            3'b100:  alu_op_o = mosaic_pkg::AluXor;
            3'b101:  alu_op_o = mosaic_pkg::AluSrl;
            3'b110:  alu_op_o = mosaic_pkg::AluOr;
            3'b111:  alu_op_o = mosaic_pkg::AluAnd;
            default: alu_op_o = mosaic_pkg::AluAdd;
          endcase
        end else if (funct7 == 7'b0100000) begin
          unique case (funct3)
            3'b000:  alu_op_o = mosaic_pkg::AluSub;
            3'b101:  alu_op_o = mosaic_pkg::AluSra;
            default: illegal_o = 1'b1;
          endcase
        end else begin
          illegal_o = 1'b1;
        end
      end

      mosaic_pkg::OpMiscMem: begin
        // FENCE.I (Zifencei) is not part of Mosaic's ISA: only funct3 = 000.
        fence_o   = (funct3 == 3'b000);
        illegal_o = (funct3 != 3'b000);
      end

      mosaic_pkg::OpSystem: begin
        if (funct3 == 3'b000) begin
          unique case (insn_i)
            32'h0000_0073: ecall_o  = 1'b1;
            32'h0010_0073: ebreak_o = 1'b1;
            32'h3020_0073: mret_o   = 1'b1;
            32'h1050_0073: wfi_o    = 1'b1;
            default:       illegal_o = 1'b1;
          endcase
        end else if (funct3 == 3'b100) begin
          illegal_o = 1'b1;
        end else begin
          csr_o      = 1'b1;
          rd_we_o    = 1'b1;
          late_o     = 1'b1;
          rs1_used_o = ~funct3[2];
        end
      end

      mosaic_pkg::OpCustom0, mosaic_pkg::OpCustom1,
      mosaic_pkg::OpCustom2, mosaic_pkg::OpCustom3: begin
        // The coprocessor decides legality and whether rd is written; the
        // core reads both scalar sources (and x[rd], in write-back).
        xif_o      = 1'b1;
        rd_we_o    = 1'b1;
        late_o     = 1'b1;
        rs1_used_o = 1'b1;
        rs2_used_o = 1'b1;
      end

      default: illegal_o = 1'b1;
    endcase

    // An illegal instruction reads and writes nothing and does nothing else.
    if (illegal_o) begin
      rs1_used_o = 1'b0;
      rs2_used_o = 1'b0;
      rd_we_o    = 1'b0;
      late_o     = 1'b0;
      branch_o   = 1'b0;
      jal_o      = 1'b0;
      jalr_o     = 1'b0;
      load_o     = 1'b0;
      store_o    = 1'b0;
      mul_o      = 1'b0;
      div_o      = 1'b0;
      csr_o      = 1'b0;
      fence_o    = 1'b0;
      xif_o      = 1'b0;
    end
  end

endmodule

`default_nettype wire
