// Tensor-unit CSRs (docs/isa.md "CSRs"; golden sw/golden/tu_csr.c): storage,
// WARL masks, reset values, the CSR-instruction read/modify/write, and the
// status updates the rest of the unit makes (sticky flags, msettile, SDMA
// errors, TensorLoad descriptor status, AME geometry flags).
//
// CSR instructions reach this block only when the tensor unit is idle
// (mosaic_tu holds issue until then), so a CSR read sees every earlier
// instruction's sticky flags and a write never races with one in flight.

`default_nettype none

module mosaic_tu_csr (
  input  logic        clk_i,
  input  logic        rst_ni,
  // CSR instruction (valid in its issue handshake cycle).
  input  logic        req_i,
  input  logic [11:0] addr_i,
  input  logic [2:0]  funct3_i,     // 1 rw, 2 rs, 3 rc, 5 rwi, 6 rsi, 7 rci
  input  logic [4:0]  rs1_field_i,  // rs1 / zimm field
  input  logic [31:0] rs1_val_i,
  output logic        mine_o,       // addr_i is a tensor CSR
  output logic        writes_o,     // the instruction writes it (TS -> Dirty)
  output logic [31:0] rdata_o,      // old value
  // Status updates.
  input  logic        set_sat_i,          // mcsr.msat and mxstatus.sat_hit
  input  logic        set_inexact_i,      // mxstatus.inexact (AME)
  input  logic        set_badgeom_i,
  input  logic        set_guard_fallback_i,
  input  logic        tl_xstatus_we_i,
  input  logic [1:0]  tl_xstatus_i,
  input  logic        mtile_we_i,
  input  logic [1:0]  mtile_sel_i,        // 1 m, 2 k, 3 n
  input  logic [4:0]  mtile_i,
  input  logic        tl_shape_we_i,      // tl.xpose / tl.concat result shape
  input  logic [31:0] tl_shape_i,
  input  logic        tl_perm_we_i,       // tl.xpose permutation
  input  logic [7:0]  tl_perm_i,
  input  logic        sdma_err_i,         // a transfer failed: latch unless ERR is set
  input  logic [2:0]  sdma_err_code_i,
  input  logic        sdma_err_store_i,
  input  logic [31:0] sdma_err_addr_i,
  // State.
  output logic [9:0]  mcsr_o,
  output logic [19:0] mxcfg_o,
  output logic [18:0] mxtile_o,
  output logic [3:0]  mxstatus_o,
  output logic [4:0]  mtilem_o,
  output logic [4:0]  mtilek_o,
  output logic [4:0]  mtilen_o,
  output logic [31:0] ddc_base_o,
  output logic [31:0] ddc_limit_o,
  output logic [1:0]  ddc_perm_o,
  output logic [31:0] sdma_stride_o,
  output logic [4:0]  sdma_status_o,
  output logic [31:0] sdma_erraddr_o,
  output logic [31:0] tl_shape_o,
  output logic [7:0]  tl_perm_o,
  output logic        tl_xcfg_o,
  output logic [1:0]  tl_xstatus_o,
  output logic [31:0] tl_mask1_o,
  output logic [31:0] tl_mask2_o,
  output logic [31:0] tl_lmask_o,
  output logic [31:0] tl_smask_o
);

  // Matrix ISA register (tu_csr.c mmisa_value): the features implemented.
  localparam logic [31:0] MmisaValue = 32'h0053_FB0E;

  logic [9:0]  mcsr_q;
  logic [19:0] mxcfg_q;
  logic [18:0] mxtile_q;
  logic [3:0]  mxstatus_q;
  logic [4:0]  mtilem_q, mtilek_q, mtilen_q;
  logic [31:0] ddc_base_q, ddc_limit_q;
  logic [1:0]  ddc_perm_q;
  logic [31:0] sdma_stride_q, sdma_erraddr_q;
  logic [4:0]  sdma_status_q;
  logic [31:0] tl_shape_q, tl_mask1_q, tl_mask2_q, tl_lmask_q, tl_smask_q;
  logic [7:0]  tl_perm_q;
  logic        tl_xcfg_q;
  logic [1:0]  tl_xstatus_q;

  // ------------------------------------------------------------------
  // Read
  // ------------------------------------------------------------------
  always_comb begin
    mine_o  = 1'b1;
    rdata_o = 32'd0;
    unique case (addr_i)
      mosaic_pkg::CsrTlTensorShape:     rdata_o = tl_shape_q;
      mosaic_pkg::CsrTlPerm:      rdata_o = {24'd0, tl_perm_q};
      mosaic_pkg::CsrTlXcfg:      rdata_o = {31'd0, tl_xcfg_q};
      mosaic_pkg::CsrTlXstatus:   rdata_o = {30'd0, tl_xstatus_q};
      mosaic_pkg::CsrTlMask1:     rdata_o = tl_mask1_q;
      mosaic_pkg::CsrTlMask2:     rdata_o = tl_mask2_q;
      mosaic_pkg::CsrTlLmask:     rdata_o = tl_lmask_q;
      mosaic_pkg::CsrTlSmask:     rdata_o = tl_smask_q;
      mosaic_pkg::CsrMcsr:        rdata_o = {22'd0, mcsr_q};
      mosaic_pkg::CsrSdmaStride:  rdata_o = sdma_stride_q;
      mosaic_pkg::CsrSdmaStatus:  rdata_o = {27'd0, sdma_status_q};
      mosaic_pkg::CsrSdmaErraddr: rdata_o = sdma_erraddr_q;
      mosaic_pkg::CsrMxcfg:       rdata_o = {12'd0, mxcfg_q};
      mosaic_pkg::CsrMxtile:      rdata_o = {13'd0, mxtile_q};
      mosaic_pkg::CsrMxstatus:    rdata_o = {28'd0, mxstatus_q};
      mosaic_pkg::CsrMddcbase:    rdata_o = ddc_base_q;
      mosaic_pkg::CsrMddclimit:   rdata_o = ddc_limit_q;
      mosaic_pkg::CsrMddcperm:    rdata_o = {30'd0, ddc_perm_q};
      mosaic_pkg::CsrMtilem:      rdata_o = {27'd0, mtilem_q};
      mosaic_pkg::CsrMtilek:      rdata_o = {27'd0, mtilek_q};
      mosaic_pkg::CsrMtilen:      rdata_o = {27'd0, mtilen_q};
      mosaic_pkg::CsrMamul:       rdata_o = 32'd0;  // AMUL = 1: no separate accumulators
      mosaic_pkg::CsrMmisa:       rdata_o = MmisaValue;
      default:                    mine_o  = 1'b0;
    endcase
  end

  // ------------------------------------------------------------------
  // Write: csrrw always writes; csrrs/c only with a non-zero rs1 field.
  // 0xC00-0xFFF is read-only (the core traps writes there).
  // ------------------------------------------------------------------
  logic [31:0] src, wval;
  logic        we;
  assign src      = funct3_i[2] ? {27'd0, rs1_field_i} : rs1_val_i;
  assign writes_o = mine_o && (addr_i[11:10] != 2'b11) &&
                    ((funct3_i[1:0] == 2'd1) || (rs1_field_i != 5'd0));
  assign we       = req_i && writes_o;
  always_comb begin
    unique case (funct3_i[1:0])
      2'd1:    wval = src;
      2'd2:    wval = rdata_o | src;
      default: wval = rdata_o & ~src;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mcsr_q         <= '0;
      mxcfg_q        <= 20'h0_2010;    // INT8 -> INT16, RNE, SAT = 0
      mxtile_q       <= 19'h1_1010;    // 16 x 16, 2x2 tiling
      mxstatus_q     <= '0;
      mtilem_q       <= 5'd16;
      mtilek_q       <= 5'd16;
      mtilen_q       <= 5'd16;
      ddc_base_q     <= '0;
      ddc_limit_q    <= 32'hFFFF_FFFF;
      ddc_perm_q     <= 2'b11;
      sdma_stride_q  <= '0;
      sdma_status_q  <= '0;
      sdma_erraddr_q <= '0;
      tl_shape_q     <= '0;
      tl_perm_q      <= '0;
      tl_xcfg_q      <= 1'b1;          // descriptor errors trap
      tl_xstatus_q   <= '0;
      tl_mask1_q     <= '0;
      tl_mask2_q     <= '0;
      tl_lmask_q     <= '0;
      tl_smask_q     <= '0;
    end else begin
      if (we) begin
        unique case (addr_i)
          mosaic_pkg::CsrTlTensorShape:     tl_shape_q     <= wval;
          mosaic_pkg::CsrTlPerm:      tl_perm_q      <= wval[7:0];
          mosaic_pkg::CsrTlXcfg:      tl_xcfg_q      <= wval[0];
          mosaic_pkg::CsrTlXstatus:   tl_xstatus_q   <= wval[1:0];
          mosaic_pkg::CsrTlMask1:     tl_mask1_q     <= wval;
          mosaic_pkg::CsrTlMask2:     tl_mask2_q     <= wval;
          mosaic_pkg::CsrTlLmask:     tl_lmask_q     <= wval;
          mosaic_pkg::CsrTlSmask:     tl_smask_q     <= wval;
          mosaic_pkg::CsrMcsr:        mcsr_q         <= wval[9:0];
          mosaic_pkg::CsrSdmaStride:  sdma_stride_q  <= wval;
          mosaic_pkg::CsrSdmaStatus:  sdma_status_q  <= wval[4:0];
          mosaic_pkg::CsrSdmaErraddr: sdma_erraddr_q <= wval;
          mosaic_pkg::CsrMxcfg:       mxcfg_q        <= wval[19:0];
          mosaic_pkg::CsrMxtile:      mxtile_q       <= wval[18:0];
          mosaic_pkg::CsrMxstatus:    mxstatus_q     <= wval[3:0];
          mosaic_pkg::CsrMddcbase:    ddc_base_q     <= wval;
          mosaic_pkg::CsrMddclimit:   ddc_limit_q    <= wval;
          mosaic_pkg::CsrMddcperm:    ddc_perm_q     <= wval[1:0];
          default: ;
        endcase
      end
      // Status updates come from instructions, never in the same cycle as
      // a CSR instruction (those issue only when the unit is idle).
      if (set_sat_i) begin
        mcsr_q[2]     <= 1'b1;
        mxstatus_q[3] <= 1'b1;
      end
      if (set_inexact_i)        mxstatus_q[2] <= 1'b1;
      if (set_badgeom_i)        mxstatus_q[1] <= 1'b1;
      if (set_guard_fallback_i) mxstatus_q[0] <= 1'b1;
      if (tl_xstatus_we_i)      tl_xstatus_q  <= tl_xstatus_i;
      if (tl_shape_we_i)        tl_shape_q    <= tl_shape_i;
      if (tl_perm_we_i)         tl_perm_q     <= tl_perm_i;
      if (mtile_we_i) begin
        unique case (mtile_sel_i)
          2'd1:    mtilem_q <= mtile_i;
          2'd2:    mtilek_q <= mtile_i;
          default: mtilen_q <= mtile_i;
        endcase
      end
      if (sdma_err_i && !sdma_status_q[0]) begin
        sdma_status_q  <= {sdma_err_store_i, sdma_err_code_i, 1'b1};
        sdma_erraddr_q <= sdma_err_addr_i;
      end
    end
  end

  assign mcsr_o         = mcsr_q;
  assign mxcfg_o        = mxcfg_q;
  assign mxtile_o       = mxtile_q;
  assign mxstatus_o     = mxstatus_q;
  assign mtilem_o       = mtilem_q;
  assign mtilek_o       = mtilek_q;
  assign mtilen_o       = mtilen_q;
  assign ddc_base_o     = ddc_base_q;
  assign ddc_limit_o    = ddc_limit_q;
  assign ddc_perm_o     = ddc_perm_q;
  assign sdma_stride_o  = sdma_stride_q;
  assign sdma_status_o  = sdma_status_q;
  assign sdma_erraddr_o = sdma_erraddr_q;
  assign tl_shape_o     = tl_shape_q;
  assign tl_perm_o      = tl_perm_q;
  assign tl_xcfg_o      = tl_xcfg_q;
  assign tl_xstatus_o   = tl_xstatus_q;
  assign tl_mask1_o     = tl_mask1_q;
  assign tl_mask2_o     = tl_mask2_q;
  assign tl_lmask_o     = tl_lmask_q;
  assign tl_smask_o     = tl_smask_q;

endmodule

`default_nettype wire
