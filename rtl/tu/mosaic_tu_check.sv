// Tensor-unit issue check: decides at issue, from the instruction, its three
// scalar operands and the unit's shadow state, everything the golden model
// (sw/golden/tu_exec.c and the group files) decides before it touches state:
//   - whether the instruction is a tensor one (CV-X-IF accept);
//   - whether it traps, with mcause and mtval (ARCHITECTURE §1: every tensor
//     trap is decided here, so traps are precise while execution overlaps
//     scalar code);
//   - the status CSR bits a trapping or TRAP=0 instruction still sets
//     (mxstatus.badgeom, tl_xpose_status; R12, R17) and AME's guard_fallback;
//   - whether it writes a scalar register (tred, msettile* with rd != x0),
//     and the msettile value, which is known at issue;
//   - whether it sets mstatus.TS to Dirty (R8, a static rule);
//   - the decoded operation for the sequencer.
// Purely combinational: one DDC/mapping range check (mosaic_tu_range_ok)
// shared by tld/tst and tl.mload/mstore, which checks the hull of the rows
// or slices (exact, see there).
//
// Check order (docs/isa.md "Instruction semantics"): TS Off -> encoding ->
// reserved mfrm / formats / mmode / AME geometry / TensorLoad descriptor
// (all cause 2 with mtval = instruction, so their relative order is not
// observable, except that a bad descriptor only writes status after a good
// encoding) -> misalignment -> DDC / mapping.
//
// SDMA transfers never trap at issue (their errors go to sdma_status, which
// the SDMA engine computes); scpad.wait traps from the shadow sdma_status,
// which the sequencer must present only once the SDMA queue has drained.
//
// The shadow mtilem/k/n and mxstatus are not inputs: no issue decision
// depends on them.

`default_nettype none

module mosaic_tu_check (
  input  logic [31:0]  insn_i,
  input  logic [31:0]  rs1_val_i,        // x[rs1]
  input  logic [31:0]  rs2_val_i,        // x[rs2]
  input  logic [31:0]  rd_val_i,         // x[rd] (tl.mstore descriptor, SDMA shape)
  // Shadow state.
  input  logic [1:0]   ts_i,             // mstatus.TS
  input  logic [127:0] tags_i,           // tag of tr r in [4r+3:4r]
  input  logic [9:0]   mcsr_i,
  input  logic [19:0]  mxcfg_i,
  input  logic [18:0]  mxtile_i,
  input  logic         tl_trap_i,        // tl_xpose_config.TRAP
  input  logic [31:0]  tl_shape_i,       // tl_tensor_shape (tl.concat source)
  input  logic [31:0]  tl_mask1_i,
  input  logic [31:0]  tl_mask2_i,
  input  logic [31:0]  tl_lmask_i,
  input  logic [31:0]  tl_smask_i,
  input  logic [31:0]  ddc_base_i,
  input  logic [31:0]  ddc_limit_i,
  input  logic [1:0]   ddc_perm_i,
  input  logic [4:0]   sdma_status_i,    // [0] ERR, [3:1] code, [4] op (1 = st)
  input  logic [31:0]  sdma_erraddr_i,
  // Decision.
  output logic         accept_o,
  output logic         trap_o,
  output logic [4:0]   mcause_o,
  output logic [31:0]  mtval_o,
  output logic         set_badgeom_o,    // mxstatus.badgeom |= 1 (with the trap)
  output logic         set_guard_fallback_o, // mxstatus.guard_fallback |= 1
  output logic         tl_xstatus_we_o,  // tl_xpose_status <= tl_xstatus_o
  output logic [1:0]   tl_xstatus_o,
  output logic         nop_o,            // completes with no effect but status
  output logic         writeback_o,      // the core must wait for x[rd]
  output logic         wb_known_o,       // ... and the value is wb_value_o
  output logic [31:0]  wb_value_o,
  output logic         dirty_o,          // mstatus.TS <= Dirty
  // Decoded operation for the sequencer (meaningful when accepted, no trap).
  output logic [5:0]   op_o,             // mosaic_pkg::TuOp*
  output logic [4:0]   rd_o,
  output logic [4:0]   rs1_o,
  output logic [4:0]   rs2_o,
  // MINA-T: tags of rd / rs1 / rs2 (tcvt: fmt_d_o = target format);
  // mmacc: RFmt / IFmt / IFmt as Mosaic tags.
  output logic [3:0]   fmt_d_o,
  output logic [3:0]   fmt_a_o,
  output logic [3:0]   fmt_b_o,
  output logic [2:0]   rm_o,             // mcsr.mfrm, or mmacc's RND as a RISC-V rm
  output logic [2:0]   tiling_o          // mmacc mode after the guard (TuTile*)
);

  // ------------------------------------------------------------------
  // Format helpers (sw/golden/fmt_info.c). Codes 10..15 are no format:
  // neither float nor integer.
  // ------------------------------------------------------------------
  function automatic logic fmt_valid(input logic [3:0] t);
    fmt_valid = (t <= 4'd9);
  endfunction

  function automatic logic fmt_float(input logic [3:0] t);
    fmt_float = (t == mosaic_pkg::FmtFp32) || (t == mosaic_pkg::FmtFp16) ||
           (t == mosaic_pkg::FmtBf16) || (t == mosaic_pkg::FmtE4m3) ||
           (t == mosaic_pkg::FmtE5m2) || (t == mosaic_pkg::FmtFp4) ||
           (t == mosaic_pkg::FmtTf32);
  endfunction

  function automatic logic fmt_int(input logic [3:0] t);
    fmt_int = (t == mosaic_pkg::FmtInt8) || (t == mosaic_pkg::FmtInt16) ||
           (t == mosaic_pkg::FmtInt32);
  endfunction

  // ------------------------------------------------------------------
  // Fields and decode
  // ------------------------------------------------------------------
  logic [6:0]  opcode;
  logic [2:0]  funct3;
  logic [6:0]  funct7;
  logic [4:0]  rd, rs1, rs2;
  logic [11:0] uimm;
  logic        tensor, enc_ok;
  logic [5:0]  op;

  assign opcode = insn_i[6:0];
  assign rd     = insn_i[11:7];
  assign funct3 = insn_i[14:12];
  assign rs1    = insn_i[19:15];
  assign rs2    = insn_i[24:20];
  assign funct7 = insn_i[31:25];
  assign uimm   = insn_i[31:20];

  mosaic_tu_decode u_decode (
    .insn_i   (insn_i),
    .tensor_o (tensor),
    .enc_ok_o (enc_ok),
    .op_o     (op)
  );

  logic is_minat, is_ame, is_sdma, is_tl;
  assign is_minat = (opcode == mosaic_pkg::OpCustom2);
  assign is_ame   = (opcode == mosaic_pkg::OpCustom1);
  assign is_sdma  = (opcode == mosaic_pkg::OpCustom0);
  assign is_tl    = (opcode == mosaic_pkg::OpCustom3);

  logic [3:0] tag_d, tag_a, tag_b;
  assign tag_d = tags_i[{rd, 2'b00} +: 4];
  assign tag_a = tags_i[{rs1, 2'b00} +: 4];
  assign tag_b = tags_i[{rs2, 2'b00} +: 4];

  // ------------------------------------------------------------------
  // MINA-T (custom-2): rounding-mode, format-domain and mmode rules
  // (minat.c rounds / formats_ok).
  // ------------------------------------------------------------------
  logic frm_bad, r_uses_b, m_rounds, m_fmt_ok, m_mmode_bad, m_illegal;
  logic d_f, a_f, b_f, d_i, a_i8_16, b_i8_16;

  assign frm_bad  = (mcsr_i[8:6] > mosaic_pkg::RmRmm);  // R13: 5..7 reserved
  assign r_uses_b = (funct7 != 7'd6) && (funct7 != 7'd7);
  assign d_f      = fmt_float(tag_d);
  assign a_f      = fmt_float(tag_a);
  assign b_f      = fmt_float(tag_b);
  assign d_i      = fmt_int(tag_d);
  assign a_i8_16  = (tag_a == mosaic_pkg::FmtInt8) || (tag_a == mosaic_pkg::FmtInt16);
  assign b_i8_16  = (tag_b == mosaic_pkg::FmtInt8) || (tag_b == mosaic_pkg::FmtInt16);

  always_comb begin
    unique case (funct3)
      3'd0, 3'd1, 3'd4: m_rounds = 1'b0;                      // tld, tst, tzero
      3'd2:             m_rounds = 1'b1;                      // tact always rounds
      3'd3:             m_rounds = a_f || fmt_float(uimm[3:0]); // tcvt
      3'd5:             m_rounds = a_f;                       // tred
      3'd6:             m_rounds = d_f;                       // tscale
      default:          m_rounds = d_f || a_f || (r_uses_b && b_f);
    endcase
  end

  always_comb begin
    if (funct3 != 3'd7) begin
      // Single-register instructions accept any format the table names.
      m_fmt_ok = (funct3 == 3'd3 || funct3 == 3'd5) ? fmt_valid(tag_a) : fmt_valid(tag_d);
    end else if (!fmt_valid(tag_d) || !fmt_valid(tag_a) || (r_uses_b && !fmt_valid(tag_b))) begin
      m_fmt_ok = 1'b0;
    end else begin
      unique case (funct7)
        7'd6, 7'd7: m_fmt_ok = (a_f == d_f);                  // trowmax, trowsum
        7'd10:      m_fmt_ok = a_f && b_f && d_f;             // tbdiv
        7'd1:       m_fmt_ok = d_i ? (a_i8_16 && b_i8_16) : (a_f && b_f);  // tmma (R4)
        default:    m_fmt_ok = (a_f == d_f) && (b_f == d_f);
      endcase
    end
  end

  assign m_mmode_bad = (funct3 == 3'd7) && (funct7 == 7'd1) && (mcsr_i[1:0] == 2'd3);
  assign m_illegal   = !enc_ok || (frm_bad && m_rounds) || !m_fmt_ok || m_mmode_bad;

  // tld / tst geometry: a row is 16 elements of the tag's size; the base and
  // the stride must be multiples of the element size (FP4: bytes).
  logic [6:0]  row_bytes;
  logic [1:0]  amask;
  always_comb begin
    unique case (tag_d)
      mosaic_pkg::FmtFp32, mosaic_pkg::FmtInt32, mosaic_pkg::FmtTf32: begin
        row_bytes = 7'd64; amask = 2'b11;
      end
      mosaic_pkg::FmtFp16, mosaic_pkg::FmtBf16, mosaic_pkg::FmtInt16: begin
        row_bytes = 7'd32; amask = 2'b01;
      end
      mosaic_pkg::FmtFp4: begin
        row_bytes = 7'd8;  amask = 2'b00;
      end
      default: begin  // 8-bit formats (invalid tags have trapped already)
        row_bytes = 7'd16; amask = 2'b00;
      end
    endcase
  end

  logic [31:0] stride;
  logic [16:0] stride15;  // 15 x stride, |.| <= 30720
  logic        mis_base, mis_stride;
  logic [31:0] mis_tval;
  logic [33:0] row_first, row_last, t_lo, t_hi;

  assign stride     = {{20{uimm[11]}}, uimm};
  assign stride15   = {uimm[11], uimm, 4'b0000} - {{5{uimm[11]}}, uimm};
  assign mis_base   = |(rs1_val_i[1:0] & amask);
  assign mis_stride = |(uimm[1:0] & amask);  // 16 rows: the stride matters
  assign mis_tval   = mis_base ? rs1_val_i : rs1_val_i + stride;
  // Rows 0 and 15 bound the accessed range; a negative stride swaps them.
  assign row_first  = {2'b00, rs1_val_i};
  assign row_last   = row_first + {{17{stride15[16]}}, stride15};
  assign t_lo       = uimm[11] ? row_last : row_first;
  assign t_hi       = (uimm[11] ? row_first : row_last) + {27'd0, row_bytes} - 34'd1;

  // ------------------------------------------------------------------
  // TensorLoad (custom-3): descriptors (R6, R17) and slice ranges.
  // ------------------------------------------------------------------
  logic [31:0] desc;
  always_comb begin
    unique case (funct3)
      3'd0:    desc = rs2_val_i;   // tl.xpose: x[rs2]
      3'd1:    desc = tl_shape_i;  // tl.concat: tl_tensor_shape
      3'd3:    desc = rs1_val_i;   // tl.mload: x[rs1]
      default: desc = rd_val_i;    // tl.mstore: x[rd]
    endcase
  end

  logic [7:0]  d0, d1, d2, d3;
  logic [15:0] p01, p23;
  logic [10:0] p12;
  logic [21:0] pn;
  logic        desc_zero, desc_big;
  logic [1:0]  err1;
  assign d0 = desc[7:0];
  assign d1 = desc[15:8];
  assign d2 = desc[23:16];
  assign d3 = desc[31:24];
  assign p01 = d0 * d1;
  assign p23 = d2 * d3;
  // Once both halves are <= 1024, an 11x11-bit product decides N > 1024.
  assign pn  = p01[10:0] * p23[10:0];
  assign desc_zero = (d0 == 8'd0) || (d1 == 8'd0) || (d2 == 8'd0) || (d3 == 8'd0);
  assign desc_big  = (p01 > 16'd1024) || (p23 > 16'd1024) || (pn > 22'd1024);
  assign err1 = desc_zero ? mosaic_pkg::TlDescZeroDim :
                desc_big  ? mosaic_pkg::TlDescTooBig  : mosaic_pkg::TlDescOk;

  // tl.concat result shape: dimension `dim` becomes the number of selected
  // positions (bit i = position i, positions >= 32 never selected).
  logic [1:0]  dim;
  logic [7:0]  clen;
  logic [31:0] clen_mask;
  logic [5:0]  n1, n2;
  logic [6:0]  nsel;
  logic [10:0] oth_ab, others;
  logic [17:0] ndst;
  logic [1:0]  err2;

  assign dim = funct7[1:0];
  always_comb begin
    unique case (dim)
      2'd0:    clen = d0;
      2'd1:    clen = d1;
      2'd2:    clen = d2;
      default: clen = d3;  // not encodable (tl.concat.3 is illegal)
    endcase
  end
  assign clen_mask = (clen >= 8'd32) ? 32'hFFFF_FFFF : ((32'd1 << clen[4:0]) - 32'd1);

  always_comb begin
    n1 = 6'd0;
    n2 = 6'd0;
    for (int i = 0; i < 32; i++) begin
      n1 = n1 + {5'd0, tl_mask1_i[i] & clen_mask[i]};
      n2 = n2 + {5'd0, tl_mask2_i[i] & clen_mask[i]};
    end
  end
  assign nsel   = {1'b0, n1} + {1'b0, n2};
  // Product of the three other dimensions (each partial product <= 1024 when
  // the source descriptor is good, the only case where err2 is used).
  logic [7:0] oth_a, oth_b;
  assign oth_a  = (dim == 2'd0) ? d1 : d0;
  assign oth_b  = (dim == 2'd2) ? d1 : d2;
  assign oth_ab = {3'b000, oth_a} * {3'b000, oth_b};
  assign others = oth_ab * {3'b000, d3};
  assign ndst   = {7'd0, others} * {11'd0, nsel};
  assign err2   = (nsel == 7'd0)     ? mosaic_pkg::TlDescZeroDim :
                  (ndst > 18'd1024)  ? mosaic_pkg::TlDescTooBig  : mosaic_pkg::TlDescOk;

  logic       tl_has_desc;
  logic [1:0] desc_err;
  assign tl_has_desc = is_tl && (funct3 != 3'd2);
  assign desc_err    = !tl_has_desc           ? mosaic_pkg::TlDescOk :
                       (err1 != 2'd0)          ? err1 :
                       (funct3 == 3'd1)        ? err2 : mosaic_pkg::TlDescOk;

  // tl.mload / tl.mstore: slices (dimension 0) of S = D1·D2·D3 bytes at
  // x[rs2] + s·S; only selected slices below min(D0, 32) are checked, and
  // the lowest and highest bound the range.
  logic [31:0] sl_mask, sl_valid, sl_sel;
  logic [4:0]  imin, imax;
  logic        sl_any;
  logic [10:0] sl_size;
  logic [33:0] s_lo, s_hi;

  assign sl_mask  = (funct3 == 3'd3) ? tl_lmask_i : tl_smask_i;
  assign sl_valid = (d0 >= 8'd32) ? 32'hFFFF_FFFF : ((32'd1 << d0[4:0]) - 32'd1);
  assign sl_sel   = sl_mask & sl_valid;
  assign sl_any   = |sl_sel;
  always_comb begin
    imin = 5'd0;
    imax = 5'd0;
    for (int i = 31; i >= 0; i--)
      if (sl_sel[i]) imin = 5'(i);
    for (int i = 0; i < 32; i++)
      if (sl_sel[i]) imax = 5'(i);
  end
  assign p12     = {3'b000, d1} * {3'b000, d2};
  // <= 1024 whenever the descriptor is good (the only case it is used).
  assign sl_size = p12 * {3'b000, d3};
  assign s_lo    = {2'b00, rs2_val_i} + {18'd0, {11'd0, imin} * {5'd0, sl_size}};
  assign s_hi    = {2'b00, rs2_val_i} + {18'd0, {11'd0, imax} * {5'd0, sl_size}} + {23'd0, sl_size} - 34'd1;

  // ------------------------------------------------------------------
  // Shared DDC / mapping check.
  // ------------------------------------------------------------------
  logic        mem_is_tl, mem_write, range_ok;
  logic [33:0] mem_lo, mem_hi;
  assign mem_is_tl = is_tl;
  assign mem_write = mem_is_tl ? (funct3 == 3'd4) : (funct3 == 3'd1);
  assign mem_lo    = mem_is_tl ? s_lo : t_lo;
  assign mem_hi    = mem_is_tl ? s_hi : t_hi;

  mosaic_tu_range_ok u_range (
    .lo_i        (mem_lo),
    .hi_i        (mem_hi),
    .write_i     (mem_write),
    .ddc_base_i  (ddc_base_i),
    .ddc_limit_i (ddc_limit_i),
    .ddc_perm_i  (ddc_perm_i),
    .ok_o        (range_ok)
  );

  // ------------------------------------------------------------------
  // AME mmacc (custom-1): formats, geometry, tiling, register range (ame.c).
  // ------------------------------------------------------------------
  logic       ifv, rfv;
  logic [3:0] ifmt, rfmt;

  // AME 8-bit format code -> Mosaic tag; unimplemented codes are badgeom.
  always_comb begin
    ifv = 1'b1;
    unique case (mxcfg_i[7:0])
      8'h00, 8'h10: ifmt = mosaic_pkg::FmtInt8;
      8'h11:        ifmt = mosaic_pkg::FmtE4m3;
      8'h12:        ifmt = mosaic_pkg::FmtE5m2;
      8'h02:        ifmt = mosaic_pkg::FmtFp4;
      8'h20:        ifmt = mosaic_pkg::FmtInt16;
      8'h28:        ifmt = mosaic_pkg::FmtFp16;
      8'h29:        ifmt = mosaic_pkg::FmtBf16;
      8'h40:        ifmt = mosaic_pkg::FmtInt32;
      8'h48:        ifmt = mosaic_pkg::FmtFp32;
      8'h49:        ifmt = mosaic_pkg::FmtTf32;
      default: begin ifmt = mosaic_pkg::FmtFp32; ifv = 1'b0; end
    endcase
    rfv = 1'b1;
    unique case (mxcfg_i[15:8])
      8'h00, 8'h10: rfmt = mosaic_pkg::FmtInt8;
      8'h11:        rfmt = mosaic_pkg::FmtE4m3;
      8'h12:        rfmt = mosaic_pkg::FmtE5m2;
      8'h02:        rfmt = mosaic_pkg::FmtFp4;
      8'h20:        rfmt = mosaic_pkg::FmtInt16;
      8'h28:        rfmt = mosaic_pkg::FmtFp16;
      8'h29:        rfmt = mosaic_pkg::FmtBf16;
      8'h40:        rfmt = mosaic_pkg::FmtInt32;
      8'h48:        rfmt = mosaic_pkg::FmtFp32;
      8'h49:        rfmt = mosaic_pkg::FmtTf32;
      default: begin rfmt = mosaic_pkg::FmtFp32; rfv = 1'b0; end
    endcase
  end

  // Implemented IFmt -> RFmt pairs, as a set of result tags per input tag.
  logic [9:0] pair_outs;
  always_comb begin
    unique case (ifmt)
      mosaic_pkg::FmtInt8:  pair_outs = 10'b01_1010_0000;  // INT8, INT16, INT32
      mosaic_pkg::FmtInt16: pair_outs = 10'b01_1000_0000;  // INT16, INT32
      mosaic_pkg::FmtE4m3,
      mosaic_pkg::FmtE5m2:  pair_outs = 10'b00_0001_1010;  // E4M3, E5M2, FP16
      mosaic_pkg::FmtFp4:   pair_outs = 10'b00_0001_1000;  // E4M3, E5M2
      mosaic_pkg::FmtFp16:  pair_outs = 10'b00_0000_0011;  // FP16, FP32
      mosaic_pkg::FmtBf16:  pair_outs = 10'b10_0000_0101;  // BF16, FP32, TF32
      mosaic_pkg::FmtTf32:  pair_outs = 10'b10_0000_0000;  // TF32
      mosaic_pkg::FmtFp32:  pair_outs = 10'b00_0000_0001;  // FP32
      default:              pair_outs = 10'b00_0000_0000;  // INT32 is no input
    endcase
  end

  logic       geo_bad, guard_pass, a_range_bad, ame_badgeom;
  logic [2:0] tiling;
  logic [1:0] amax, bmax;
  logic [3:0] cmax;
  logic [5:0] a_top, b_top, c_top;

  assign geo_bad = !ifv || !rfv || !pair_outs[rfmt] || (mxtile_i[15:8] != 8'd16) ||
                   (mxtile_i[7:0] != 8'd16) || (mxcfg_i[18:16] > 3'd3);
  // AME guard: outputs of at most 16 bits (16 results x 1 or 2 tiles fit 32).
  assign guard_pass = !((rfmt == mosaic_pkg::FmtFp32) || (rfmt == mosaic_pkg::FmtInt32) ||
                        (rfmt == mosaic_pkg::FmtTf32));
  assign tiling = !mxtile_i[18] ? {1'b0, mxtile_i[17:16]} :
                  guard_pass    ? mosaic_pkg::TuTile4x4 : mosaic_pkg::TuTile2x2;

  // Largest register offsets of A, B and C in each mode (ame.c mode_subops).
  always_comb begin
    unique case (tiling)
      mosaic_pkg::TuTile1x1: begin amax = 2'd0; bmax = 2'd0; cmax = 4'd0;  end
      mosaic_pkg::TuTile2x2: begin amax = 2'd1; bmax = 2'd1; cmax = 4'd3;  end
      mosaic_pkg::TuTile1x4: begin amax = 2'd0; bmax = 2'd3; cmax = 4'd3;  end
      mosaic_pkg::TuTile4x1: begin amax = 2'd3; bmax = 2'd0; cmax = 4'd3;  end
      default:               begin amax = 2'd3; bmax = 2'd3; cmax = 4'd15; end
    endcase
  end
  assign a_top = {1'b0, rs1} + {4'd0, amax};
  assign b_top = {1'b0, rs2} + {4'd0, bmax};
  assign c_top = {1'b0, rd} + {2'd0, cmax};
  assign a_range_bad = (a_top > 6'd31) || (b_top > 6'd31) || (c_top > 6'd31);
  assign ame_badgeom = (op == mosaic_pkg::TuOpMmacc) && (geo_bad || a_range_bad);

  // msettile*: min(value, 16), unsigned (R19).
  logic [31:0] tile_val, tile_sat;
  assign tile_val = funct3[2] ? {20'd0, uimm} : rs1_val_i;
  assign tile_sat = (tile_val > 32'd16) ? 32'd16 : tile_val;

  // ------------------------------------------------------------------
  // Decision
  // ------------------------------------------------------------------
  logic ts_off;
  assign ts_off = (ts_i == mosaic_pkg::TsOff);

  always_comb begin
    trap_o          = 1'b0;
    mcause_o        = mosaic_pkg::ExcIllegal;
    mtval_o         = insn_i;
    set_badgeom_o   = 1'b0;
    tl_xstatus_we_o = 1'b0;
    tl_xstatus_o    = desc_err;
    nop_o           = 1'b0;
    if (!tensor) begin
      // Not ours: the core raises its own illegal instruction.
      trap_o = 1'b0;
    end else if (ts_off) begin
      trap_o = 1'b1;
    end else if (is_minat) begin
      if (m_illegal) begin
        trap_o = 1'b1;
      end else if ((funct3 == 3'd0 || funct3 == 3'd1) && (mis_base || mis_stride)) begin
        trap_o   = 1'b1;
        mcause_o = funct3[0] ? mosaic_pkg::ExcStoreMisaligned : mosaic_pkg::ExcLoadMisaligned;
        mtval_o  = mis_tval;
      end else if ((funct3 == 3'd0 || funct3 == 3'd1) && !range_ok) begin
        trap_o   = 1'b1;
        mcause_o = funct3[0] ? mosaic_pkg::ExcStoreFault : mosaic_pkg::ExcLoadFault;
        mtval_o  = rs1_val_i;
      end
    end else if (is_ame) begin
      if (!enc_ok) begin
        trap_o = 1'b1;
      end else if (ame_badgeom) begin
        trap_o        = 1'b1;
        set_badgeom_o = 1'b1;
      end
    end else if (is_sdma) begin
      if (!enc_ok) begin
        trap_o = 1'b1;
      end else if (op == mosaic_pkg::TuOpScpadWait && sdma_status_i[0]) begin
        trap_o   = 1'b1;
        mcause_o = sdma_status_i[4] ? mosaic_pkg::ExcStoreFault : mosaic_pkg::ExcLoadFault;
        mtval_o  = sdma_erraddr_i;
      end
    end else begin  // TensorLoad
      if (!enc_ok) begin
        trap_o = 1'b1;
      end else if (desc_err != mosaic_pkg::TlDescOk) begin
        tl_xstatus_we_o = 1'b1;
        trap_o          = tl_trap_i;
        nop_o           = !tl_trap_i;
      end else if ((funct3 == 3'd3 || funct3 == 3'd4) && sl_any && !range_ok) begin
        trap_o   = 1'b1;
        mcause_o = funct3[0] ? mosaic_pkg::ExcLoadFault : mosaic_pkg::ExcStoreFault;
        mtval_o  = rs2_val_i;
      end
    end
  end

  assign accept_o = tensor;
  assign set_guard_fallback_o = tensor && !ts_off && (op == mosaic_pkg::TuOpMmacc) && enc_ok &&
                                !ame_badgeom && mxtile_i[18] && !guard_pass;

  // Scalar results: tred always (rd = x0 included, R20), msettile* unless
  // rd = x0 (R19). msettile's value is decided here.
  logic is_msettile;
  assign is_msettile = (op == mosaic_pkg::TuOpMsettilem) || (op == mosaic_pkg::TuOpMsettilek) ||
                       (op == mosaic_pkg::TuOpMsettilen);
  assign writeback_o = tensor && !trap_o &&
                       ((op == mosaic_pkg::TuOpTred) || (is_msettile && (rd != 5'd0)));
  assign wb_known_o  = is_msettile;
  assign wb_value_o  = tile_sat;

  // R8: every completing instruction but tst / tl.mstore, and any
  // instruction that writes a status CSR on its way to a trap or no-op.
  assign dirty_o = tensor && !ts_off &&
                   (set_badgeom_o || tl_xstatus_we_o ||
                    (!trap_o && (op != mosaic_pkg::TuOpTst) && (op != mosaic_pkg::TuOpTlMstore)));

  // Shadow-state bits no issue decision reads (whole CSRs are passed so the
  // hookup is one wire per CSR): mcsr msat/mrm/mfp8sat/mfp8sub, mxcfg.SAT,
  // sdma_status.code.
  logic unused_state;
  assign unused_state = ^{mcsr_i[9], mcsr_i[5:2], mxcfg_i[19], sdma_status_i[3:1]};

  // ------------------------------------------------------------------
  // Sequencer view
  // ------------------------------------------------------------------
  assign op_o     = op;
  assign rd_o     = rd;
  assign rs1_o    = rs1;
  assign rs2_o    = rs2;
  assign fmt_d_o  = is_ame ? rfmt : (is_minat && funct3 == 3'd3) ? uimm[3:0] : tag_d;
  assign fmt_a_o  = is_ame ? ifmt : tag_a;
  assign fmt_b_o  = is_ame ? ifmt : tag_b;
  assign tiling_o = tiling;

  // AME RND 0..3 = RNE, RUP, RDN, RTZ.
  always_comb begin
    if (is_ame) begin
      unique case (mxcfg_i[17:16])
        2'd0:    rm_o = mosaic_pkg::RmRne;
        2'd1:    rm_o = mosaic_pkg::RmRup;
        2'd2:    rm_o = mosaic_pkg::RmRdn;
        default: rm_o = mosaic_pkg::RmRtz;
      endcase
    end else begin
      rm_o = mcsr_i[8:6];
    end
  end

endmodule

`default_nettype wire
