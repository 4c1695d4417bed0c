// Mosaic scalar core: RV32IM + Zicsr + Zicntr + Zifencei, machine mode only.
//
// Five stages, in order, one instruction per cycle at best:
//   IF   present the fetch address to the (synchronous) instruction memory
//   ID   decode the instruction the memory returns; read rs1/rs2
//   EX   ALU, branch resolution, address generation, multiply/divide
//   MEM  issue the data-memory request
//   WB   take the data response, CSRs, traps, coprocessor issue, retire
// docs/microarchitecture.md describes the pipeline, the hazards, the trap
// model and the coprocessor (X-IF) protocol in detail.
//
// Write-back is the single commit point: traps, interrupts, mret, CSR
// writes and coprocessor issue all happen there, so every side effect that
// cannot be undone (a store, a CSR write, a tensor instruction) happens only
// once everything older has completed without a trap.

`default_nettype none

module mosaic_core #(
  parameter logic [31:0] BootAddr   = mosaic_pkg::ResetPc,
  parameter int          XifIdWidth = 4,
  // 1: a load's data, arriving in write-back, is forwarded to the
  // instruction in execute in the same cycle (no load-use bubble). 0: that
  // instruction waits one cycle instead. Results are identical; 0 takes the
  // data memory's read port out of the path through execute's adders and
  // branch compare to the fetch address, the FPGA's critical path
  // (docs/fpga.md).
  parameter bit          LoadFwd    = 1'b1,
  // 1: a taken branch or jump redirects the fetch in the cycle execute
  // resolves it. 0: in the next cycle, from a register (one more bubble
  // per taken branch/jump), which takes execute's forwarding, compare and
  // adder out of the instruction RAM's address path. Results are identical.
  parameter bit          EarlyRedirect = 1'b1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  // Instruction port: read data returns in the cycle after the address,
  // always granted (on-chip RAM).
  output logic                  instr_req_o,
  output logic [31:0]           instr_addr_o,
  input  logic [31:0]           instr_rdata_i,
  input  logic                  instr_err_i,

  // Data port (OBI-like): req/gnt address phase, rvalid response phase,
  // one outstanding request. addr is word aligned, be selects the bytes.
  output logic                  data_req_o,
  input  logic                  data_gnt_i,
  output logic [31:0]           data_addr_o,
  output logic                  data_we_o,
  output logic [3:0]            data_be_o,
  output logic [31:0]           data_wdata_o,
  input  logic                  data_rvalid_i,
  input  logic [31:0]           data_rdata_i,
  input  logic                  data_err_i,

  // Machine timer interrupt (CLINT) and time for the time/timeh CSRs
  input  logic                  irq_timer_i,
  input  logic [63:0]           mtime_i,

  // Coprocessor port (X-IF): issue
  output logic                  xif_issue_valid_o,
  input  logic                  xif_issue_ready_i,
  output logic [31:0]           xif_issue_insn_o,
  output logic [XifIdWidth-1:0] xif_issue_id_o,
  output logic [31:0]           xif_issue_rs1_o,
  output logic [31:0]           xif_issue_rs2_o,
  output logic [31:0]           xif_issue_rd_o,
  input  logic                  xif_issue_accept_i,
  input  logic                  xif_issue_writeback_i,
  input  logic                  xif_issue_dirty_i,
  input  logic                  xif_issue_exc_i,
  input  logic [4:0]            xif_issue_exccode_i,
  input  logic [31:0]           xif_issue_tval_i,
  // commit
  output logic                  xif_commit_valid_o,
  output logic [XifIdWidth-1:0] xif_commit_id_o,
  output logic                  xif_commit_kill_o,
  // result
  input  logic                  xif_result_valid_i,
  output logic                  xif_result_ready_o,
  input  logic [XifIdWidth-1:0] xif_result_id_i,
  input  logic [4:0]            xif_result_rd_i,
  input  logic                  xif_result_we_i,
  input  logic [31:0]           xif_result_data_i,
  // fence: drain the coprocessor
  output logic                  cpu_fence_valid_o,
  input  logic                  cpu_fence_ready_i,
  // mstatus.TS, for the coprocessor's information
  output logic [1:0]            xif_mstatus_ts_o,

  // Performance events from the tensor unit (mhpmcounter4,5,6,8,9)
  input  logic                  hpm_mac_busy_i,
  input  logic [15:0]           hpm_mac_count_i,
  input  logic                  hpm_bank_conflict_i,
  input  logic [15:0]           hpm_sdma_bytes_i,
  input  logic                  hpm_sdma_busy_i

`ifdef RVFI
  ,
  output logic                  rvfi_valid,
  output logic [63:0]           rvfi_order,
  output logic [31:0]           rvfi_insn,
  output logic                  rvfi_trap,
  output logic                  rvfi_halt,
  output logic                  rvfi_intr,
  output logic [1:0]            rvfi_mode,
  output logic [1:0]            rvfi_ixl,
  output logic [4:0]            rvfi_rs1_addr,
  output logic [4:0]            rvfi_rs2_addr,
  output logic [31:0]           rvfi_rs1_rdata,
  output logic [31:0]           rvfi_rs2_rdata,
  output logic [4:0]            rvfi_rd_addr,
  output logic [31:0]           rvfi_rd_wdata,
  output logic [31:0]           rvfi_pc_rdata,
  output logic [31:0]           rvfi_pc_wdata,
  output logic [31:0]           rvfi_mem_addr,
  output logic [3:0]            rvfi_mem_rmask,
  output logic [3:0]            rvfi_mem_wmask,
  output logic [31:0]           rvfi_mem_rdata,
  output logic [31:0]           rvfi_mem_wdata
`endif
);

  // =======================================================================
  // Cross-stage control
  // =======================================================================
  logic        flush_all;        // write-back redirects: squash IF..MEM
  logic [31:0] wb_redirect_pc;
  logic        ex_redirect;      // taken branch/jump leaves execute
  logic [31:0] ex_redirect_pc;
  logic        br_redirect;      // the fetch follows a taken branch/jump now
  logic [31:0] br_redirect_pc;
  logic        late_redirect_q;  // EarlyRedirect = 0: ex_redirect last cycle
  logic [31:0] late_redirect_pc_q;
  logic        ex_free;          // execute takes a new instruction this cycle
  logic        mem_free;
  logic        wb_free;
  logic        wb_rf_we;         // register write in write-back this cycle
  logic [4:0]  wb_rd_q;
  logic [31:0] wb_wdata;
  logic [31:0] wb_other_data;    // wb_wdata of everything but a load
  logic [31:0] wb_fwd_data;      // what execute may take from write-back
  logic        wb_done;          // write-back instruction completes this cycle
  logic        irq_pending;

  // =======================================================================
  // IF
  // =======================================================================
  logic [31:0] if_pc_q, if_pc_d;   // address fetched last cycle = decode PC
  logic        if_valid_q;         // low only in the first cycle after reset
  logic        id_stall;

  always_comb begin
    if (flush_all) begin
      if_pc_d = wb_redirect_pc;
    end else if (br_redirect) begin
      if_pc_d = br_redirect_pc;
    end else if (!if_valid_q || id_stall) begin
      // The memory has no output enable: fetching the decode PC again keeps
      // the instruction on its read port while decode waits.
      if_pc_d = if_pc_q;
    end else begin
      if_pc_d = if_pc_q + 32'd4;
    end
  end

  // With EarlyRedirect = 0 the cycle after a taken branch fetches its
  // target; the instruction fetched meanwhile (sequentially) sits in ID
  // and is dropped there (id_adv). A write-back flush in either cycle wins:
  // everything younger than the flushing instruction is discarded.
  assign br_redirect    = EarlyRedirect ? ex_redirect    : late_redirect_q;
  assign br_redirect_pc = EarlyRedirect ? ex_redirect_pc : late_redirect_pc_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      if_pc_q            <= BootAddr;
      if_valid_q         <= 1'b0;
      late_redirect_q    <= 1'b0;
      late_redirect_pc_q <= 32'd0;
    end else begin
      if_pc_q            <= if_pc_d;
      if_valid_q         <= 1'b1;
      late_redirect_q    <= !EarlyRedirect && ex_redirect && !flush_all;
      late_redirect_pc_q <= ex_redirect_pc;
    end
  end

  assign instr_req_o  = 1'b1;
  assign instr_addr_o = if_pc_d;

  // =======================================================================
  // ID
  // =======================================================================
  logic        id_valid;
  logic [31:0] id_insn;
  logic        id_illegal, id_rs1_used, id_rs2_used, id_rd_we, id_late;
  logic [3:0]  id_alu_op;
  logic [1:0]  id_op_a_sel;
  logic        id_op_b_imm;
  logic [31:0] id_imm;
  logic        id_branch, id_jal, id_jalr, id_load, id_store, id_mul, id_div;
  logic        id_csr, id_ecall, id_ebreak, id_mret, id_wfi, id_fence, id_xif;
  logic [31:0] id_rf_a, id_rf_b, id_rs1_val, id_rs2_val;
  logic        id_exc, id_irq;
  logic [4:0]  id_cause;
  logic [31:0] id_tval;
  logic        id_adv;

  assign id_valid = if_valid_q;
  // A fetch fault has no instruction; record zeros rather than bus garbage.
  assign id_insn  = instr_err_i ? 32'd0 : instr_rdata_i;

  mosaic_core_decoder u_decoder (
    .insn_i     (id_insn),
    .illegal_o  (id_illegal),
    .rs1_used_o (id_rs1_used),
    .rs2_used_o (id_rs2_used),
    .rd_we_o    (id_rd_we),
    .late_o     (id_late),
    .alu_op_o   (id_alu_op),
    .op_a_sel_o (id_op_a_sel),
    .op_b_imm_o (id_op_b_imm),
    .imm_o      (id_imm),
    .branch_o   (id_branch),
    .jal_o      (id_jal),
    .jalr_o     (id_jalr),
    .load_o     (id_load),
    .store_o    (id_store),
    .mul_o      (id_mul),
    .div_o      (id_div),
    .csr_o      (id_csr),
    .ecall_o    (id_ecall),
    .ebreak_o   (id_ebreak),
    .mret_o     (id_mret),
    .wfi_o      (id_wfi),
    .fence_o    (id_fence),
    .xif_o      (id_xif)
  );

  logic [31:0] wb_xrd_val;  // x[rd] for the coprocessor, read in write-back
  logic [31:0] wb_insn_q;

  mosaic_core_regfile u_regfile (
    .clk_i     (clk_i),
    .raddr_a_i (id_insn[19:15]),
    .rdata_a_o (id_rf_a),
    .raddr_b_i (id_insn[24:20]),
    .rdata_b_o (id_rf_b),
    .raddr_c_i (wb_insn_q[11:7]),
    .rdata_c_o (wb_xrd_val),
    .we_i      (wb_rf_we),
    .waddr_i   (wb_rd_q),
    .wdata_i   (wb_wdata)
  );

  // Write-back writes the register file at the end of this cycle; bypass so
  // that decode never captures a stale value.
  assign id_rs1_val = (wb_rf_we && (wb_rd_q == id_insn[19:15]) && (id_insn[19:15] != 5'd0)) ?
                      wb_wdata : id_rf_a;
  assign id_rs2_val = (wb_rf_we && (wb_rd_q == id_insn[24:20]) && (id_insn[24:20] != 5'd0)) ?
                      wb_wdata : id_rf_b;

  // Interrupts are attached to the instruction leaving decode: it becomes a
  // bubble that traps in write-back with mepc = its PC. Anything older that
  // could change the interrupt enables (CSR write, mret, trap) flushes it.
  always_comb begin
    id_irq   = irq_pending;
    id_exc   = 1'b1;
    id_cause = mosaic_pkg::IrqMachineTimer;
    id_tval  = 32'd0;
    if (irq_pending) begin
      id_cause = mosaic_pkg::IrqMachineTimer;
    end else if (instr_err_i) begin
      id_cause = mosaic_pkg::ExcInstrFault;
      id_tval  = if_pc_q;
    end else if (id_illegal) begin
      id_cause = mosaic_pkg::ExcIllegal;
      id_tval  = id_insn;
    end else if (id_ecall) begin
      id_cause = mosaic_pkg::ExcEcallM;
    end else if (id_ebreak) begin
      id_cause = mosaic_pkg::ExcBreakpoint;
      id_tval  = if_pc_q;
    end else begin
      id_exc = 1'b0;
    end
  end

  assign id_stall = id_valid & ~ex_free;
  assign id_adv   = id_valid & ex_free & ~flush_all & ~ex_redirect & ~late_redirect_q;

  // =======================================================================
  // EX
  // =======================================================================
  logic        ex_valid_q;
  logic [31:0] ex_pc_q, ex_insn_q, ex_imm_q;
  logic [31:0] ex_rs1_q, ex_rs2_q;
  logic [3:0]  ex_alu_op_q;
  logic [1:0]  ex_op_a_sel_q;
  logic        ex_op_b_imm_q;
  logic        ex_rs1_used_q, ex_rs2_used_q, ex_rd_we_q, ex_late_q;
  logic        ex_branch_q, ex_jal_q, ex_jalr_q, ex_load_q, ex_store_q;
  logic        ex_mul_q, ex_div_q, ex_csr_q, ex_mret_q, ex_wfi_q, ex_fence_q, ex_xif_q;
  logic        ex_exc_q, ex_irq_q;
  logic [4:0]  ex_cause_q;
  logic [31:0] ex_tval_q;

  logic [4:0]  ex_rs1, ex_rs2, ex_rd;
  assign ex_rs1 = ex_insn_q[19:15];
  assign ex_rs2 = ex_insn_q[24:20];
  assign ex_rd  = ex_insn_q[11:7];

  // ---- Forwarding -------------------------------------------------------
  logic        mem_valid_q, mem_wr_q, mem_ready_q;
  logic [4:0]  mem_rd_q;
  logic [31:0] mem_result_q;
  logic        wb_valid_q, wb_wr_q;

  logic        mem_hit1, mem_hit2, wb_hit1, wb_hit2;
  logic [31:0] older1, older2, fwd1, fwd2;
  logic        haz1, haz2, ex_hazard;

  assign mem_hit1 = mem_valid_q & mem_wr_q & (mem_rd_q == ex_rs1);
  assign mem_hit2 = mem_valid_q & mem_wr_q & (mem_rd_q == ex_rs2);
  assign wb_hit1  = wb_valid_q & wb_wr_q & (wb_rd_q == ex_rs1);
  assign wb_hit2  = wb_valid_q & wb_wr_q & (wb_rd_q == ex_rs2);

  // The youngest producer wins. A producer whose value does not exist yet
  // (load/CSR/coprocessor in MEM, or an unfinished write-back) is a hazard;
  // the value captured meanwhile is the next older one, so nothing is lost
  // if that producer turns out not to write after all.
  // With LoadFwd = 0 a load in write-back is a hazard even when its data
  // has arrived, and execute's operands see wb_fwd_data, which has no path
  // from the load data at all; the held operand (hold1/hold2) still
  // captures the loaded value, so the instruction proceeds next cycle.
  logic        wb_load_haz;
  logic [31:0] hold1, hold2;
  assign wb_load_haz = !LoadFwd && wb_load_q;
  assign older1 = (wb_hit1 && wb_rf_we) ? wb_fwd_data : ex_rs1_q;
  assign older2 = (wb_hit2 && wb_rf_we) ? wb_fwd_data : ex_rs2_q;
  assign fwd1   = (mem_hit1 && mem_ready_q) ? mem_result_q : older1;
  assign fwd2   = (mem_hit2 && mem_ready_q) ? mem_result_q : older2;
  assign hold1  = (mem_hit1 && mem_ready_q) ? mem_result_q :
                  (wb_hit1 && wb_rf_we)     ? wb_wdata     : ex_rs1_q;
  assign hold2  = (mem_hit2 && mem_ready_q) ? mem_result_q :
                  (wb_hit2 && wb_rf_we)     ? wb_wdata     : ex_rs2_q;
  assign haz1   = ex_rs1_used_q & ((mem_hit1 & ~mem_ready_q) | (wb_hit1 & (~wb_done | wb_load_haz)));
  assign haz2   = ex_rs2_used_q & ((mem_hit2 & ~mem_ready_q) | (wb_hit2 & (~wb_done | wb_load_haz)));
  assign ex_hazard = ex_valid_q & (haz1 | haz2);

  // ---- ALU, branches ------------------------------------------------------
  logic [31:0] alu_a, alu_b, alu_result;
  logic [31:0] ex_pc_plus4, ex_target, ex_npc, ex_result;
  logic        br_eq, br_lt, br_ltu, br_cond, ex_taken, ex_target_misaligned;

  always_comb begin
    unique case (ex_op_a_sel_q)
      mosaic_pkg::OpASelPc:   alu_a = ex_pc_q;
      mosaic_pkg::OpASelZero: alu_a = 32'd0;
      default:                alu_a = fwd1;
    endcase
  end
  assign alu_b = ex_op_b_imm_q ? ex_imm_q : fwd2;

  mosaic_core_alu u_alu (
    .op_i     (ex_alu_op_q),
    .a_i      (alu_a),
    .b_i      (alu_b),
    .result_o (alu_result)
  );

  assign br_eq  = (fwd1 == fwd2);
  assign br_lt  = ($signed(fwd1) < $signed(fwd2));
  assign br_ltu = (fwd1 < fwd2);

  always_comb begin
    unique case (ex_insn_q[14:12])
      3'b000:  br_cond = br_eq;
      3'b001:  br_cond = ~br_eq;
      3'b100:  br_cond = br_lt;
      3'b101:  br_cond = ~br_lt;
      3'b110:  br_cond = br_ltu;
      3'b111:  br_cond = ~br_ltu;
      default: br_cond = 1'b0;
    endcase
  end

  assign ex_pc_plus4 = ex_pc_q + 32'd4;
  assign ex_taken    = ex_jal_q | ex_jalr_q | (ex_branch_q & br_cond);
  // jalr computes rs1 + imm in the ALU; branches and jal use their own adder.
  assign ex_target   = ex_jalr_q ? {alu_result[31:1], 1'b0} : (ex_pc_q + ex_imm_q);
  assign ex_target_misaligned = ex_taken & ex_target[1];
  assign ex_npc      = ex_taken ? ex_target : ex_pc_plus4;

  // ---- Multiply / divide ---------------------------------------------------
  logic        mul_req, div_req, mul_done, div_done, ex_adv;
  logic [31:0] mul_result, div_result;
  logic        ex_md_wait;

  assign mul_req = ex_valid_q & ex_mul_q & ~ex_hazard;
  assign div_req = ex_valid_q & ex_div_q & ~ex_hazard;

  mosaic_core_mul u_mul (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .req_i    (mul_req),
    .ack_i    (ex_adv),
    .kill_i   (flush_all),
    .op_i     (ex_insn_q[13:12]),
    .a_i      (fwd1),
    .b_i      (fwd2),
    .done_o   (mul_done),
    .result_o (mul_result)
  );

  mosaic_core_div u_div (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .req_i    (div_req),
    .ack_i    (ex_adv),
    .kill_i   (flush_all),
    .op_i     (ex_insn_q[13:12]),
    .a_i      (fwd1),
    .b_i      (fwd2),
    .done_o   (div_done),
    .result_o (div_result)
  );

  assign ex_md_wait = (ex_mul_q & ~mul_done) | (ex_div_q & ~div_done);

  always_comb begin
    if (ex_jal_q || ex_jalr_q) ex_result = ex_pc_plus4;
    else if (ex_mul_q)         ex_result = mul_result;
    else if (ex_div_q)         ex_result = div_result;
    else                       ex_result = alu_result;
  end

  // ---- Exceptions found in execute ------------------------------------------
  // Misaligned loads and stores do not trap: the data port carries them out
  // (MEM and WB below).
  logic        ex_exc;
  logic [4:0]  ex_cause;
  logic [31:0] ex_tval;

  always_comb begin
    ex_exc   = ex_exc_q;
    ex_cause = ex_cause_q;
    ex_tval  = ex_tval_q;
    if (!ex_exc_q) begin
      if (ex_target_misaligned) begin
        ex_exc   = 1'b1;
        ex_cause = mosaic_pkg::ExcInstrMisaligned;
        ex_tval  = ex_target;
      end
    end
  end

  assign ex_adv         = ex_valid_q & ~ex_hazard & ~ex_md_wait & mem_free;
  assign ex_free        = ~ex_valid_q | ex_adv;
  assign ex_redirect    = ex_adv & ex_taken & ~ex_exc;
  assign ex_redirect_pc = ex_target;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ex_valid_q    <= 1'b0;
      ex_pc_q       <= '0;
      ex_insn_q     <= '0;
      ex_imm_q      <= '0;
      ex_rs1_q      <= '0;
      ex_rs2_q      <= '0;
      ex_alu_op_q   <= mosaic_pkg::AluAdd;
      ex_op_a_sel_q <= mosaic_pkg::OpASelRs1;
      ex_op_b_imm_q <= 1'b0;
      ex_rs1_used_q <= 1'b0;
      ex_rs2_used_q <= 1'b0;
      ex_rd_we_q    <= 1'b0;
      ex_late_q     <= 1'b0;
      ex_branch_q   <= 1'b0;
      ex_jal_q      <= 1'b0;
      ex_jalr_q     <= 1'b0;
      ex_load_q     <= 1'b0;
      ex_store_q    <= 1'b0;
      ex_mul_q      <= 1'b0;
      ex_div_q      <= 1'b0;
      ex_csr_q      <= 1'b0;
      ex_mret_q     <= 1'b0;
      ex_wfi_q      <= 1'b0;
      ex_fence_q    <= 1'b0;
      ex_xif_q      <= 1'b0;
      ex_exc_q      <= 1'b0;
      ex_irq_q      <= 1'b0;
      ex_cause_q    <= '0;
      ex_tval_q     <= '0;
    end else if (flush_all) begin
      ex_valid_q <= 1'b0;
    end else if (ex_free) begin
      ex_valid_q <= id_adv;
      if (id_adv) begin
        // An instruction that traps in decode does nothing further: its
        // function flags are cleared and it only carries the trap along.
        ex_pc_q       <= if_pc_q;
        ex_insn_q     <= id_insn;
        ex_imm_q      <= id_imm;
        ex_rs1_q      <= id_rs1_val;
        ex_rs2_q      <= id_rs2_val;
        ex_alu_op_q   <= id_alu_op;
        ex_op_a_sel_q <= id_op_a_sel;
        ex_op_b_imm_q <= id_op_b_imm;
        ex_rs1_used_q <= id_rs1_used & ~id_exc;
        ex_rs2_used_q <= id_rs2_used & ~id_exc;
        ex_rd_we_q    <= id_rd_we & ~id_exc & (id_insn[11:7] != 5'd0);
        ex_late_q     <= id_late;
        ex_branch_q   <= id_branch & ~id_exc;
        ex_jal_q      <= id_jal & ~id_exc;
        ex_jalr_q     <= id_jalr & ~id_exc;
        ex_load_q     <= id_load & ~id_exc;
        ex_store_q    <= id_store & ~id_exc;
        ex_mul_q      <= id_mul & ~id_exc;
        ex_div_q      <= id_div & ~id_exc;
        ex_csr_q      <= id_csr & ~id_exc;
        ex_mret_q     <= id_mret & ~id_exc;
        ex_wfi_q      <= id_wfi & ~id_exc;
        ex_fence_q    <= id_fence & ~id_exc;
        ex_xif_q      <= id_xif & ~id_exc;
        ex_exc_q      <= id_exc;
        ex_irq_q      <= id_irq;
        ex_cause_q    <= id_cause;
        ex_tval_q     <= id_tval;
      end
    end else begin
      // Holding: keep the operands fresh, since the producers we forward
      // from move on (and retire) while this instruction waits.
      ex_rs1_q <= hold1;
      ex_rs2_q <= hold2;
    end
  end

  // =======================================================================
  // MEM
  // =======================================================================
  logic [31:0] mem_pc_q, mem_insn_q, mem_rs1_q, mem_rs2_q, mem_npc_q, mem_tval_q;
  logic        mem_rs1_used_q, mem_rs2_used_q;
  logic        mem_load_q, mem_store_q, mem_csr_q, mem_mret_q, mem_wfi_q;
  logic        mem_fence_q, mem_xif_q, mem_exc_q, mem_irq_q;
  logic [4:0]  mem_cause_q;
  logic        mem_need, mem_adv;
  logic [3:0]  mem_size;   // the access's bytes, from bit 0
  logic [7:0]  mem_be2;    // its byte lanes in two consecutive words
  logic [63:0] mem_wdata2; // the store data in those lanes
  logic        wb_blocks_mem;

  logic        wb_may_redirect_q, wb_load_q, wb_store_q;

  assign mem_need = mem_valid_q & (mem_load_q | mem_store_q);

  always_comb begin
    unique case (mem_insn_q[13:12])
      2'b00:   mem_size = 4'b0001;
      2'b01:   mem_size = 4'b0011;
      default: mem_size = 4'b1111;
    endcase
  end

  // Any address: the access covers the lanes of its aligned word and, if it
  // crosses into the next word (mem_be2[7:4] != 0), lanes of that one too,
  // which write-back requests as a second access (docs/microarchitecture.md,
  // "Misaligned accesses").
  assign mem_be2    = {4'b0000, mem_size} << mem_result_q[1:0];
  assign mem_wdata2 = {32'd0, mem_rs2_q} << {mem_result_q[1:0], 3'b000};

  // A request is irrevocable, so it waits until nothing older can trap or
  // redirect: write-back must be free, and not hold an instruction that may
  // flush (trap, coprocessor, mret, fence, an illegal CSR access or an
  // interrupt-enable write) or a load/store whose response is an error.
  logic wb_csr_blocks;

  assign wb_blocks_mem = wb_valid_q &
                         (wb_may_redirect_q | wb_csr_blocks |
                          ((wb_load_q | wb_store_q) & data_err_i));

  logic mem_req, wb_hi_req;
  logic [31:0] wb_hi_addr;  // the second word of write-back's access
  logic [3:0]  wb_hi_be_q;
  logic [31:0] wb_hi_wdata_q;

  // The port carries MEM's access, or write-back's second word of a
  // misaligned one (write-back is then busy, so MEM is not asking).
  assign mem_req      = mem_need & wb_free & ~wb_blocks_mem;
  assign data_req_o   = mem_req | wb_hi_req;
  assign wb_hi_addr   = {wb_result_q[31:2] + 30'd1, 2'b00};
  assign data_addr_o  = wb_hi_req ? wb_hi_addr : {mem_result_q[31:2], 2'b00};
  assign data_we_o    = wb_hi_req ? wb_store_q : mem_store_q;
  assign data_be_o    = wb_hi_req ? wb_hi_be_q : mem_be2[3:0];
  assign data_wdata_o = wb_hi_req ? wb_hi_wdata_q : mem_wdata2[31:0];

  assign mem_adv  = mem_valid_q & wb_free & (~mem_need | (mem_req & data_gnt_i));
  assign mem_free = ~mem_valid_q | mem_adv;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mem_valid_q    <= 1'b0;
      mem_pc_q       <= '0;
      mem_insn_q     <= '0;
      mem_result_q   <= '0;
      mem_rs1_q      <= '0;
      mem_rs2_q      <= '0;
      mem_npc_q      <= '0;
      mem_rs1_used_q <= 1'b0;
      mem_rs2_used_q <= 1'b0;
      mem_rd_q       <= '0;
      mem_wr_q       <= 1'b0;
      mem_ready_q    <= 1'b0;
      mem_load_q     <= 1'b0;
      mem_store_q    <= 1'b0;
      mem_csr_q      <= 1'b0;
      mem_mret_q     <= 1'b0;
      mem_wfi_q      <= 1'b0;
      mem_fence_q    <= 1'b0;
      mem_xif_q      <= 1'b0;
      mem_exc_q      <= 1'b0;
      mem_irq_q      <= 1'b0;
      mem_cause_q    <= '0;
      mem_tval_q     <= '0;
    end else if (flush_all) begin
      mem_valid_q <= 1'b0;
    end else if (mem_free) begin
      mem_valid_q <= ex_adv;
      if (ex_adv) begin
        mem_pc_q       <= ex_pc_q;
        mem_insn_q     <= ex_insn_q;
        mem_result_q   <= ex_result;
        mem_rs1_q      <= fwd1;
        mem_rs2_q      <= fwd2;
        mem_npc_q      <= ex_npc;
        mem_rs1_used_q <= ex_rs1_used_q;
        mem_rs2_used_q <= ex_rs2_used_q;
        mem_rd_q       <= ex_rd;
        mem_wr_q       <= ex_rd_we_q & ~ex_exc;
        mem_ready_q    <= ~ex_late_q;
        mem_load_q     <= ex_load_q & ~ex_exc;
        mem_store_q    <= ex_store_q & ~ex_exc;
        mem_csr_q      <= ex_csr_q & ~ex_exc;
        mem_mret_q     <= ex_mret_q & ~ex_exc;
        mem_wfi_q      <= ex_wfi_q & ~ex_exc;
        mem_fence_q    <= ex_fence_q & ~ex_exc;
        mem_xif_q      <= ex_xif_q & ~ex_exc;
        mem_exc_q      <= ex_exc;
        mem_irq_q      <= ex_irq_q;
        mem_cause_q    <= ex_cause;
        mem_tval_q     <= ex_tval;
      end
    end
  end

  // =======================================================================
  // WB
  // =======================================================================
  logic [31:0] wb_pc_q, wb_result_q, wb_rs1_q, wb_rs2_q, wb_npc_q, wb_tval_q;
  logic        wb_rs1_used_q, wb_rs2_used_q;
  logic        wb_csr_q, wb_mret_q, wb_wfi_q, wb_fence_q, wb_xif_q;
  logic        wb_exc_q, wb_irq_q;
  logic [4:0]  wb_cause_q;
  logic        wb_xif_wait_q, wb_xif_dirty_q;
  logic [XifIdWidth-1:0] xif_id_q, wb_xif_id_q;
  logic        intr_pending_q;

  // ---- Misaligned accesses: the second word ------------------------------------
  // A load/store that crosses a word boundary is two accesses: MEM requests
  // the lower word; when its response is back without error, write-back
  // requests the upper word (wb_hi_q: the second access is this one;
  // wb_hi_sent_q: it has been granted) and completes with that response.
  // A load keeps the lower word's data in wb_lo_q.
  logic        wb_cross_q, wb_hi_q, wb_hi_sent_q;
  logic [31:0] wb_lo_q;
  logic        wb_lo_back;  // the lower word's response, no error

  assign wb_lo_back = wb_valid_q & wb_cross_q & ~wb_hi_q & data_rvalid_i & ~data_err_i;
  assign wb_hi_req  = wb_valid_q & wb_hi_q & ~wb_hi_sent_q;

  // ---- Load data ------------------------------------------------------------
  logic [31:0] ld_raw, ld_data;
  logic [63:0] ld_pair;  // the lower word, then the upper one if there is one
  assign ld_pair = wb_hi_q ? {data_rdata_i, wb_lo_q} : {32'd0, data_rdata_i};
  assign ld_raw  = 32'(ld_pair >> {wb_result_q[1:0], 3'b000});
  always_comb begin
    unique case (wb_insn_q[13:12])
      2'b00:   ld_data = {{24{~wb_insn_q[14] & ld_raw[7]}}, ld_raw[7:0]};
      2'b01:   ld_data = {{16{~wb_insn_q[14] & ld_raw[15]}}, ld_raw[15:0]};
      default: ld_data = ld_raw;
    endcase
  end

  // ---- CSR file ---------------------------------------------------------------
  logic [11:0] csr_addr;
  logic        csr_write;
  logic [31:0] csr_wdata, csr_rdata;
  logic        csr_illegal, csr_tensor, csr_commit, csr_flush;
  logic        trap_take;
  logic [4:0]  trap_cause;
  logic [31:0] trap_tval, trap_vector, mepc;
  logic        wfi_wake, instr_ret, ts_set_dirty;
  logic [1:0]  ts;
  logic        ev_tensor_insn, ev_tu_stall;

  assign csr_addr  = wb_insn_q[31:20];
  // csrrw/csrrwi always write; csrrs/csrrc only with a non-zero rs1 field.
  assign csr_write = (wb_insn_q[13:12] == 2'b01) || (wb_insn_q[19:15] != 5'd0);
  assign csr_wdata = wb_insn_q[14] ? {27'd0, wb_insn_q[19:15]} : wb_rs1_q;

  mosaic_core_csr u_csr (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .addr_i             (csr_addr),
    .write_i            (csr_write),
    .op_i               (wb_insn_q[13:12]),
    .wdata_i            (csr_wdata),
    .commit_i           (csr_commit),
    .rdata_o            (csr_rdata),
    .illegal_o          (csr_illegal),
    .tensor_o           (csr_tensor),
    .flush_o            (csr_flush),
    .trap_i             (trap_take),
    .trap_irq_i         (wb_irq_q),
    .trap_cause_i       (trap_cause),
    .trap_pc_i          (wb_pc_q),
    .trap_tval_i        (trap_tval),
    .mret_i             (wb_valid_q & wb_mret_q),
    .trap_vector_o      (trap_vector),
    .mepc_o             (mepc),
    .irq_timer_i        (irq_timer_i),
    .irq_pending_o      (irq_pending),
    .wfi_wake_o         (wfi_wake),
    .instr_ret_i        (instr_ret),
    .mtime_i            (mtime_i),
    .ev_tensor_insn_i   (ev_tensor_insn),
    .ev_mac_busy_i      (hpm_mac_busy_i),
    .ev_mac_count_i     (hpm_mac_count_i),
    .ev_bank_conflict_i (hpm_bank_conflict_i),
    .ev_tu_stall_i      (ev_tu_stall),
    .ev_sdma_bytes_i    (hpm_sdma_bytes_i),
    .ev_sdma_busy_i     (hpm_sdma_busy_i),
    .ts_dirty_i         (ts_set_dirty),
    .ts_o               (ts)
  );

  // ---- Coprocessor issue --------------------------------------------------------
  logic wb_core_csr, wb_xif_path, xif_pre_illegal;
  logic xif_hs, xif_rej, xif_exc, xif_ok_now, xif_go_wait, xif_res;

  assign wb_core_csr = wb_csr_q & ~csr_tensor;
  // Tensor CSRs go to the coprocessor and may trap there.
  assign wb_csr_blocks = wb_csr_q & (csr_tensor | csr_illegal | (csr_flush & csr_write));
  assign wb_xif_path = wb_xif_q | (wb_csr_q & csr_tensor);
  // The core owns mstatus.TS, so it applies the first check of every tensor
  // instruction (TS Off) itself, and the RISC-V read-only rule for CSRs.
  assign xif_pre_illegal = wb_xif_path &
                           ((ts == mosaic_pkg::TsOff) ||
                            (wb_csr_q && csr_write && (csr_addr[11:10] == 2'b11)));

  assign xif_issue_valid_o = wb_valid_q & wb_xif_path & ~xif_pre_illegal & ~wb_xif_wait_q;
  assign xif_issue_insn_o  = wb_insn_q;
  assign xif_issue_id_o    = xif_id_q;
  assign xif_issue_rs1_o   = wb_rs1_q;
  assign xif_issue_rs2_o   = wb_rs2_q;
  assign xif_issue_rd_o    = wb_xrd_val;

  assign xif_hs      = xif_issue_valid_o & xif_issue_ready_i;
  assign xif_rej     = xif_hs & ~xif_issue_accept_i;
  assign xif_exc     = xif_hs & xif_issue_accept_i & xif_issue_exc_i;
  assign xif_ok_now  = xif_hs & xif_issue_accept_i & ~xif_issue_exc_i & ~xif_issue_writeback_i;
  assign xif_go_wait = xif_hs & xif_issue_accept_i & ~xif_issue_exc_i & xif_issue_writeback_i;
  assign xif_res     = wb_valid_q & wb_xif_wait_q & xif_result_valid_i;

  // Issue is never speculative (write-back is the oldest instruction), so
  // every accepted instruction is committed in its issue cycle; the kill
  // flag only marks instructions the coprocessor itself rejected with an
  // exception.
  assign xif_commit_valid_o = xif_hs & xif_issue_accept_i;
  assign xif_commit_id_o    = xif_id_q;
  assign xif_commit_kill_o  = xif_issue_exc_i;
  assign xif_result_ready_o = wb_valid_q & wb_xif_wait_q;
  assign cpu_fence_valid_o  = wb_valid_q & wb_fence_q;
  assign xif_mstatus_ts_o   = ts;

  // ---- Trap, completion, redirect -------------------------------------------------
  logic ls_err, wb_trap, wb_csr_flush;

  assign ls_err = (wb_load_q | wb_store_q) & data_rvalid_i & data_err_i;

  // Trap priority: an exception carried from an earlier stage, then the
  // bus error of this load/store, then illegal (CSR, TS Off, rejected by the
  // coprocessor), then an exception the coprocessor reports at issue.
  logic trap_bus, trap_illegal;
  assign trap_bus     = ~wb_exc_q & ls_err;
  assign trap_illegal = ~wb_exc_q & ~ls_err &
                        ((wb_core_csr & csr_illegal) | xif_pre_illegal | xif_rej);
  assign wb_trap      = wb_exc_q | ls_err | (wb_core_csr & csr_illegal) | xif_pre_illegal |
                        xif_rej | xif_exc;

  always_comb begin
    if (wb_exc_q) begin
      trap_cause = wb_cause_q;
      trap_tval  = wb_tval_q;
    end else if (trap_bus) begin
      trap_cause = wb_load_q ? mosaic_pkg::ExcLoadFault : mosaic_pkg::ExcStoreFault;
      // The second word's fault names that word (the part that faulted).
      trap_tval  = wb_hi_q ? wb_hi_addr : wb_result_q;
    end else if (trap_illegal) begin
      trap_cause = mosaic_pkg::ExcIllegal;
      trap_tval  = wb_insn_q;
    end else begin
      trap_cause = xif_issue_exccode_i;
      trap_tval  = xif_issue_tval_i;
    end
  end

  logic wb_ready;  // the write-back instruction can complete (if there is one)

  // Useful MACs and SDMA bytes ((m)hpmcounter5/8(h)) count when the tensor
  // unit executes, the ISS when the instruction retires: a CSR instruction
  // on them waits, like a fence, until the unit is idle, so it sees every
  // earlier instruction counted.
  logic csr_tu_count;
  assign csr_tu_count = ((csr_addr[11:8] == 4'hB) || (csr_addr[11:8] == 4'hC)) &&  // bit 7: h
                        ((csr_addr[6:0] == 7'h05) || (csr_addr[6:0] == 7'h08));

  always_comb begin
    if (wb_exc_q) begin
      wb_ready = 1'b1;
    end else if (wb_load_q || wb_store_q) begin
      // A crossing access completes with its second response, or with an
      // error on the first.
      wb_ready = data_rvalid_i & (~wb_cross_q | wb_hi_q | data_err_i);
    end else if (wb_xif_path) begin
      wb_ready = xif_pre_illegal | xif_rej | xif_exc | xif_ok_now | xif_res;
    end else if (wb_wfi_q) begin
      wb_ready = wfi_wake;
    end else if (wb_fence_q || (wb_csr_q && csr_tu_count)) begin
      wb_ready = cpu_fence_ready_i;
    end else begin
      wb_ready = 1'b1;
    end
  end

  assign wb_done = wb_ready & wb_valid_q;

  assign wb_free      = ~wb_valid_q | wb_done;
  assign trap_take    = wb_done & wb_trap;
  assign csr_commit   = wb_valid_q & wb_core_csr & ~csr_illegal;
  // Only interrupt-enable writes need a refetch (see mosaic_core_csr);
  // every other CSR is read where it is written, in write-back.
  assign wb_csr_flush = csr_commit & csr_flush;
  // wfi also refetches: the instructions behind it passed decode before the
  // interrupt that woke it was pending, and the interrupt must be taken
  // right after the wfi, not a few instructions later.
  // fence.i (a fence with funct3 001) refetches: the instructions behind it
  // were fetched before the stores older than it were written.
  assign flush_all    = wb_done & (wb_trap | wb_mret_q | wb_csr_flush | wb_wfi_q |
                                   (wb_fence_q & wb_insn_q[12]));

  always_comb begin
    if (wb_trap)        wb_redirect_pc = trap_vector;
    else if (wb_mret_q) wb_redirect_pc = mepc;
    else                wb_redirect_pc = wb_npc_q;
  end

  assign instr_ret    = wb_done & ~wb_trap;
  assign ts_set_dirty = (xif_ok_now & xif_issue_dirty_i) | (xif_res & wb_xif_dirty_q);

  assign wb_rf_we = wb_done & ~wb_trap & wb_wr_q & (~wb_xif_path | (xif_res & xif_result_we_i));

  always_comb begin
    if (wb_xif_path)   wb_other_data = xif_result_data_i;
    else if (wb_csr_q) wb_other_data = csr_rdata;
    else               wb_other_data = wb_result_q;
  end
  assign wb_wdata    = wb_load_q ? ld_data : wb_other_data;
  assign wb_fwd_data = LoadFwd ? wb_wdata : wb_other_data;

  assign ev_tensor_insn = xif_hs & xif_issue_accept_i & ~xif_issue_exc_i & wb_xif_q;
  assign ev_tu_stall    = wb_valid_q & ~wb_done &
                          ((wb_xif_path & ~xif_pre_illegal) | wb_fence_q);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wb_valid_q        <= 1'b0;
      wb_pc_q           <= '0;
      wb_insn_q         <= '0;
      wb_result_q       <= '0;
      wb_rs1_q          <= '0;
      wb_rs2_q          <= '0;
      wb_npc_q          <= '0;
      wb_rs1_used_q     <= 1'b0;
      wb_rs2_used_q     <= 1'b0;
      wb_rd_q           <= '0;
      wb_wr_q           <= 1'b0;
      wb_load_q         <= 1'b0;
      wb_store_q        <= 1'b0;
      wb_csr_q          <= 1'b0;
      wb_mret_q         <= 1'b0;
      wb_wfi_q          <= 1'b0;
      wb_fence_q        <= 1'b0;
      wb_xif_q          <= 1'b0;
      wb_exc_q          <= 1'b0;
      wb_irq_q          <= 1'b0;
      wb_cause_q        <= '0;
      wb_tval_q         <= '0;
      wb_may_redirect_q <= 1'b0;
      wb_xif_wait_q     <= 1'b0;
      wb_xif_dirty_q    <= 1'b0;
      wb_xif_id_q       <= '0;
      wb_cross_q        <= 1'b0;
      wb_hi_q           <= 1'b0;
      wb_hi_sent_q      <= 1'b0;
      wb_lo_q           <= '0;
      wb_hi_be_q        <= '0;
      wb_hi_wdata_q     <= '0;
    end else begin
      if (wb_free) begin
        wb_valid_q   <= mem_adv & ~flush_all;
        wb_hi_q      <= 1'b0;
        wb_hi_sent_q <= 1'b0;
        if (mem_adv) begin
          wb_cross_q        <= mem_need & (mem_be2[7:4] != 4'b0000);
          wb_hi_be_q        <= mem_be2[7:4];
          wb_hi_wdata_q     <= mem_wdata2[63:32];
          wb_pc_q           <= mem_pc_q;
          wb_insn_q         <= mem_insn_q;
          wb_result_q       <= mem_result_q;
          wb_rs1_q          <= mem_rs1_q;
          wb_rs2_q          <= mem_rs2_q;
          wb_npc_q          <= mem_npc_q;
          wb_rs1_used_q     <= mem_rs1_used_q;
          wb_rs2_used_q     <= mem_rs2_used_q;
          wb_rd_q           <= mem_rd_q;
          wb_wr_q           <= mem_wr_q;
          wb_load_q         <= mem_load_q;
          wb_store_q        <= mem_store_q;
          wb_csr_q          <= mem_csr_q;
          wb_mret_q         <= mem_mret_q;
          wb_wfi_q          <= mem_wfi_q;
          wb_fence_q        <= mem_fence_q;
          wb_xif_q          <= mem_xif_q;
          wb_exc_q          <= mem_exc_q;
          wb_irq_q          <= mem_irq_q;
          wb_cause_q        <= mem_cause_q;
          wb_tval_q         <= mem_tval_q;
          wb_may_redirect_q <= mem_exc_q | mem_xif_q | mem_mret_q | mem_fence_q;
        end
        wb_xif_wait_q <= 1'b0;
      end else if (wb_lo_back) begin
        wb_hi_q <= 1'b1;
        wb_lo_q <= data_rdata_i;
      end else if (wb_hi_req && data_gnt_i) begin
        wb_hi_sent_q <= 1'b1;
      end else if (xif_go_wait) begin
        wb_xif_wait_q  <= 1'b1;
        wb_xif_dirty_q <= xif_issue_dirty_i;
        wb_xif_id_q    <= xif_id_q;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      xif_id_q       <= '0;
      intr_pending_q <= 1'b0;
    end else begin
      if (xif_hs) xif_id_q <= xif_id_q + 1'b1;
      if (trap_take && wb_irq_q) begin
        intr_pending_q <= 1'b1;
      end else if (wb_done && !wb_irq_q) begin
        intr_pending_q <= 1'b0;
      end
    end
  end

`ifndef SYNTHESIS
  // The coprocessor answers the one outstanding write-back instruction.
  // Checked from the third clock edge: before the first edge with rst_ni
  // low the flops hold random initial values (Verilator --x-initial).
  int unsigned chk_edges;
  initial chk_edges = 0;
  always @(posedge clk_i) begin
    if (chk_edges < 2) chk_edges <= chk_edges + 1;
    if (chk_edges >= 2 && xif_res) begin
      if (xif_result_id_i != wb_xif_id_q) begin
        $display("%m: X-IF result id %0d, expected %0d", xif_result_id_i, wb_xif_id_q);
      end
      if (xif_result_we_i && (xif_result_rd_i != wb_rd_q) && wb_wr_q) begin
        $display("%m: X-IF result rd x%0d, instruction names x%0d", xif_result_rd_i, wb_rd_q);
      end
    end
  end
`else
  logic unused_xif_result_tag;
  assign unused_xif_result_tag = ^{xif_result_id_i, xif_result_rd_i, wb_xif_id_q};
`endif

  // =======================================================================
  // RVFI (riscv-formal trace), one record per retired instruction
  // =======================================================================
`ifdef RVFI
  logic [63:0] order_q;
  logic [3:0]  rvfi_size_mask;

  always_comb begin
    unique case (wb_insn_q[13:12])
      2'b00:   rvfi_size_mask = 4'b0001;
      2'b01:   rvfi_size_mask = 4'b0011;
      default: rvfi_size_mask = 4'b1111;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      order_q        <= '0;
      rvfi_valid     <= 1'b0;
      rvfi_order     <= '0;
      rvfi_insn      <= '0;
      rvfi_trap      <= 1'b0;
      rvfi_halt      <= 1'b0;
      rvfi_intr      <= 1'b0;
      rvfi_mode      <= 2'd3;
      rvfi_ixl       <= 2'd1;
      rvfi_rs1_addr  <= '0;
      rvfi_rs2_addr  <= '0;
      rvfi_rs1_rdata <= '0;
      rvfi_rs2_rdata <= '0;
      rvfi_rd_addr   <= '0;
      rvfi_rd_wdata  <= '0;
      rvfi_pc_rdata  <= '0;
      rvfi_pc_wdata  <= '0;
      rvfi_mem_addr  <= '0;
      rvfi_mem_rmask <= '0;
      rvfi_mem_wmask <= '0;
      rvfi_mem_rdata <= '0;
      rvfi_mem_wdata <= '0;
    end else begin
      // An interrupt bubble is not an instruction: it retires nothing, and
      // the handler's first instruction carries rvfi_intr instead.
      rvfi_valid <= wb_done & ~wb_irq_q;
      if (wb_done && !wb_irq_q) begin
        order_q        <= order_q + 64'd1;
        rvfi_order     <= order_q;
        rvfi_insn      <= wb_insn_q;
        rvfi_trap      <= wb_trap;
        rvfi_halt      <= 1'b0;
        rvfi_intr      <= intr_pending_q;
        rvfi_mode      <= 2'd3;
        rvfi_ixl       <= 2'd1;
        rvfi_rs1_addr  <= wb_rs1_used_q ? wb_insn_q[19:15] : 5'd0;
        rvfi_rs2_addr  <= wb_rs2_used_q ? wb_insn_q[24:20] : 5'd0;
        rvfi_rs1_rdata <= (wb_rs1_used_q && wb_insn_q[19:15] != 5'd0) ? wb_rs1_q : 32'd0;
        rvfi_rs2_rdata <= (wb_rs2_used_q && wb_insn_q[24:20] != 5'd0) ? wb_rs2_q : 32'd0;
        rvfi_rd_addr   <= wb_rf_we ? wb_rd_q : 5'd0;
        rvfi_rd_wdata  <= wb_rf_we ? wb_wdata : 32'd0;
        rvfi_pc_rdata  <= wb_pc_q;
        rvfi_pc_wdata  <= flush_all ? wb_redirect_pc : wb_npc_q;
        if ((wb_load_q || wb_store_q) && !wb_trap) begin
          rvfi_mem_addr  <= wb_result_q;
          rvfi_mem_rmask <= wb_load_q ? rvfi_size_mask : 4'b0000;
          rvfi_mem_wmask <= wb_store_q ? rvfi_size_mask : 4'b0000;
          rvfi_mem_rdata <= wb_load_q ? (ld_raw & {{8{rvfi_size_mask[3]}}, {8{rvfi_size_mask[2]}},
                                                   {8{rvfi_size_mask[1]}}, {8{rvfi_size_mask[0]}}})
                                      : 32'd0;
          rvfi_mem_wdata <= wb_store_q ? (wb_rs2_q & {{8{rvfi_size_mask[3]}}, {8{rvfi_size_mask[2]}},
                                                      {8{rvfi_size_mask[1]}}, {8{rvfi_size_mask[0]}}})
                                       : 32'd0;
        end else begin
          rvfi_mem_addr  <= '0;
          rvfi_mem_rmask <= '0;
          rvfi_mem_wmask <= '0;
          rvfi_mem_rdata <= '0;
          rvfi_mem_wdata <= '0;
        end
      end
    end
  end
`else
  // Without the trace port these values only feed RVFI.
  logic unused_rvfi_only;
  assign unused_rvfi_only = ^{wb_rs1_used_q, wb_rs2_used_q, intr_pending_q};
`endif

endmodule

`default_nettype wire
