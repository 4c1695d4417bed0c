// Tensor-unit instruction decode: which tensor instruction a word is and
// whether its encoding is legal (docs/isa.md "Encodings").
//
// Purely combinational and a function of the instruction word only, so the
// encoding part of the issue check never waits for operands or shadow state.
// Mirrors the golden encoding rules one for one: tu_exec.c (owned opcodes),
// minat.c encoding_ok, ame.c exec_mmacc/exec_msettile, sdma.c and tl.c
// encoding_ok. The format, rounding-mode, geometry, descriptor and memory
// rules need state and live in mosaic_tu_check.

`default_nettype none

module mosaic_tu_decode (
  input  logic [31:0] insn_i,
  // One of custom-0..3: the tensor unit owns the instruction (CV-X-IF accept).
  output logic        tensor_o,
  // The encoding is listed and its must-be-zero fields are zero.
  output logic        enc_ok_o,
  // mosaic_pkg::TuOp* (TuOpNone when not a tensor instruction; for an
  // illegal encoding the code of the slot it sits in, if any).
  output logic [5:0]  op_o
);

  logic [6:0]  opcode;
  logic [2:0]  funct3;
  logic [6:0]  funct7;
  logic [4:0]  rd, rs1, rs2;
  logic [11:0] uimm;

  assign opcode = insn_i[6:0];
  assign rd     = insn_i[11:7];
  assign funct3 = insn_i[14:12];
  assign rs1    = insn_i[19:15];
  assign rs2    = insn_i[24:20];
  assign funct7 = insn_i[31:25];
  assign uimm   = insn_i[31:20];

  // R-type classes 6 (trowmax) and 7 (trowsum) read no B: rs2 must be zero.
  logic r_uses_b;
  assign r_uses_b = (funct7 != 7'd6) && (funct7 != 7'd7);

  always_comb begin
    tensor_o = 1'b1;
    enc_ok_o = 1'b0;
    op_o     = mosaic_pkg::TuOpNone;
    unique case (opcode)
      // ---------------- custom-2: MINA-T and extensions ----------------
      mosaic_pkg::OpCustom2: begin
        op_o = {3'b000, funct3};
        unique case (funct3)
          3'd0, 3'd1: enc_ok_o = 1'b1;  // the whole immediate is the stride
          // tact: rs1 = rd, func 0..4 in imm[2:0], imm[11:3] zero.
          3'd2: enc_ok_o = (rs1 == rd) && (uimm[11:3] == 9'd0) && (uimm[2:0] <= 3'd4);
          // tcvt: fmt in imm[3:0] must name a format (codes 0..9).
          3'd3: enc_ok_o = (uimm[11:4] == 8'd0) && (uimm[3:0] <= 4'd9);
          3'd4: enc_ok_o = (rs1 == rd) && (uimm == 12'd0);                  // tzero
          3'd5: enc_ok_o = (uimm[11:2] == 10'd0) && (uimm[1:0] <= 2'd2);    // tred
          3'd6: enc_ok_o = (uimm == 12'd0);                                 // tscale
          default: begin                                                    // R-type
            op_o     = 6'd16 + {2'b00, funct7[3:0]};
            enc_ok_o = (funct7 <= 7'd10) && (r_uses_b || (rs2 == 5'd0));
          end
        endcase
      end
      // ---------------- custom-1: AME ----------------------------------
      mosaic_pkg::OpCustom1: begin
        unique case (funct3)
          3'd0: begin
            op_o     = mosaic_pkg::TuOpMmacc;
            // funct7 = 00000 btr: other bits are an encoding error (no badgeom).
            enc_ok_o = (funct7[6:2] == 5'd0);
          end
          3'd1, 3'd2, 3'd3: begin
            op_o     = 6'd32 + {4'd0, funct3[1:0]};
            enc_ok_o = (funct7 == 7'd0) && (rs2 == 5'd0);
          end
          3'd5, 3'd6, 3'd7: begin
            // The immediate fills funct7/rs2; rs1 must be zero.
            op_o     = 6'd32 + {4'd0, funct3[1:0]};
            enc_ok_o = (rs1 == 5'd0);
          end
          default: enc_ok_o = 1'b0;  // funct3 100 is not listed
        endcase
      end
      // ---------------- custom-0: SDMA ---------------------------------
      mosaic_pkg::OpCustom0: begin
        if (funct3 <= 3'd2) op_o = 6'd40 + {3'd0, funct3};
        enc_ok_o = (funct7 == 7'd0) && (funct3 <= 3'd2) &&
                   ((funct3 != 3'd2) || ((rd | rs1 | rs2) == 5'd0));
      end
      // ---------------- custom-3: TensorLoad ---------------------------
      mosaic_pkg::OpCustom3: begin
        if (funct3 <= 3'd4) op_o = 6'd48 + {3'd0, funct3};
        unique case (funct3)
          // tl.xpose.ab: funct7 = 011 b a with a != b (R5).
          3'd0: enc_ok_o = (funct7[6:4] == 3'b011) && (funct7[1:0] != funct7[3:2]);
          // tl.concat.d: funct7 = 10000 d with d <= 2.
          3'd1: enc_ok_o = (funct7[6:2] == 5'b10000) && (funct7[1:0] != 2'd3);
          3'd2: enc_ok_o = 1'b1;  // tl.addi: any immediate
          3'd3: enc_ok_o = (funct7 == 7'h50);
          3'd4: enc_ok_o = (funct7 == 7'h51);
          default: enc_ok_o = 1'b0;
        endcase
      end
      default: tensor_o = 1'b0;
    endcase
  end

endmodule

`default_nettype wire
