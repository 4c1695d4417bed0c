// Machine-mode CSRs, trap state, counters (Zicntr + hpm) and mstatus.TS.
//
// All accesses happen in the write-back stage, where the instruction is the
// oldest in the pipeline, so reads see every older instruction's effects and
// writes are never speculative. The register-read value is combinational from
// addr_i; the write (and trap entry / mret) takes effect at the clock edge.
//
// Tensor CSRs (docs/isa.md) are not stored here: tensor_o tells the core to
// forward the access over the coprocessor port.

`default_nettype none

module mosaic_core_csr (
  input  logic        clk_i,
  input  logic        rst_ni,

  // CSR instruction in write-back
  input  logic [11:0] addr_i,
  input  logic        write_i,     // the instruction writes (not just reads)
  input  logic [1:0]  op_i,        // funct3[1:0]: 01 write, 10 set, 11 clear
  input  logic [31:0] wdata_i,     // x[rs1] or the zero-extended uimm
  input  logic        commit_i,    // perform the write at this clock edge
  output logic [31:0] rdata_o,
  output logic        illegal_o,   // core CSR: not implemented, or write to read-only
  output logic        tensor_o,    // the coprocessor owns this address
  output logic        flush_o,     // the write changes interrupt enables: refetch

  // Trap entry and return (from write-back)
  input  logic        trap_i,
  input  logic        trap_irq_i,
  input  logic [4:0]  trap_cause_i,
  input  logic [31:0] trap_pc_i,
  input  logic [31:0] trap_tval_i,
  input  logic        mret_i,
  output logic [31:0] trap_vector_o,  // handler for trap_irq_i / trap_cause_i
  output logic [31:0] mepc_o,

  // Interrupts
  input  logic        irq_timer_i,
  output logic        irq_pending_o,  // take an interrupt: mstatus.MIE && (mip & mie)
  output logic        wfi_wake_o,     // (mip & mie) != 0, whatever mstatus.MIE

  // Counters and events
  input  logic        instr_ret_i,
  input  logic [63:0] mtime_i,
  input  logic        ev_tensor_insn_i,
  input  logic        ev_mac_busy_i,
  input  logic [15:0] ev_mac_count_i,
  input  logic        ev_bank_conflict_i,
  input  logic        ev_tu_stall_i,
  input  logic [15:0] ev_sdma_bytes_i,
  input  logic        ev_sdma_busy_i,

  // Tensor context status (mstatus.TS)
  input  logic        ts_dirty_i,
  output logic [1:0]  ts_o
);

  localparam int NumHpm = 7;  // mhpmcounter3..9 count events; 10..31 read 0

  // -----------------------------------------------------------------------
  // State
  // -----------------------------------------------------------------------
  logic        mie_q, mie_d;          // mstatus.MIE
  logic        mpie_q, mpie_d;        // mstatus.MPIE
  logic [1:0]  ts_q, ts_d;            // mstatus.TS
  logic        mtie_q, mtie_d;        // mie.MTIE
  logic [31:0] mtvec_q, mtvec_d;      // [31:2] base, [0] vectored
  logic [31:0] mscratch_q, mscratch_d;
  logic [31:0] mepc_q, mepc_d;
  logic [31:0] mcause_q, mcause_d;
  logic [31:0] mtval_q, mtval_d;
  logic [9:0]  mcountinhibit_q, mcountinhibit_d;
  logic [63:0] mcycle_q, mcycle_d;
  logic [63:0] minstret_q, minstret_d;
  // Counters 3..9 flattened, counter 3+i in bits [64*i +: 64] (Yosys 0.23
  // has no multi-dimensional packed arrays).
  logic [NumHpm*64-1:0] hpm_q, hpm_d;

  // -----------------------------------------------------------------------
  // Address decode and read
  // -----------------------------------------------------------------------
  logic [31:0] mstatus;
  logic [31:0] mip;
  logic [31:0] mie_reg;
  logic [4:0]  cidx;           // counter index for the hpm ranges
  logic        in_mhpm_lo, in_mhpm_hi, in_hpm_lo, in_hpm_hi, in_mhpmevent;
  logic        hpm_live;       // index 3..9
  logic [63:0] hpm_sel;
  logic        known;
  logic        read_only;

  assign mstatus = {(ts_q == mosaic_pkg::TsDirty), 6'b0, ts_q, 10'b0, 2'b11, 3'b0,
                    mpie_q, 3'b0, mie_q, 3'b0};
  assign mip     = {24'b0, irq_timer_i, 7'b0};
  assign mie_reg = {24'b0, mtie_q, 7'b0};

  assign cidx         = addr_i[4:0];
  assign in_mhpm_lo   = (addr_i[11:5] == 7'b1011_000) && (cidx >= 5'd3);  // 0xB03..0xB1F
  assign in_mhpm_hi   = (addr_i[11:5] == 7'b1011_100) && (cidx >= 5'd3);  // 0xB83..0xB9F
  assign in_hpm_lo    = (addr_i[11:5] == 7'b1100_000) && (cidx >= 5'd3);  // 0xC03..0xC1F
  assign in_hpm_hi    = (addr_i[11:5] == 7'b1100_100) && (cidx >= 5'd3);  // 0xC83..0xC9F
  assign in_mhpmevent = (addr_i[11:5] == 7'b0011_001) && (cidx >= 5'd3);  // 0x323..0x33F
  assign hpm_live     = (cidx >= 5'd3) && (cidx <= 5'd9);

  always_comb begin
    hpm_sel = 64'd0;
    for (int i = 0; i < NumHpm; i++) begin
      if (cidx == 5'(i + 3)) hpm_sel = hpm_q[64*i +: 64];
    end
  end

  always_comb begin
    known    = 1'b1;
    tensor_o = 1'b0;
    rdata_o  = 32'd0;
    unique case (addr_i)
      mosaic_pkg::CsrMstatus:       rdata_o = mstatus;
      mosaic_pkg::CsrMisa:          rdata_o = mosaic_pkg::Misa;
      mosaic_pkg::CsrMie:           rdata_o = mie_reg;
      mosaic_pkg::CsrMtvec:         rdata_o = mtvec_q;
      mosaic_pkg::CsrMcountinhibit: rdata_o = {22'd0, mcountinhibit_q};
      mosaic_pkg::CsrMscratch:      rdata_o = mscratch_q;
      mosaic_pkg::CsrMepc:          rdata_o = mepc_q;
      mosaic_pkg::CsrMcause:        rdata_o = mcause_q;
      mosaic_pkg::CsrMtval:         rdata_o = mtval_q;
      mosaic_pkg::CsrMip:           rdata_o = mip;
      mosaic_pkg::CsrMcycle,
      mosaic_pkg::CsrCycle:         rdata_o = mcycle_q[31:0];
      mosaic_pkg::CsrMcycleh,
      mosaic_pkg::CsrCycleh:        rdata_o = mcycle_q[63:32];
      mosaic_pkg::CsrMinstret,
      mosaic_pkg::CsrInstret:       rdata_o = minstret_q[31:0];
      mosaic_pkg::CsrMinstreth,
      mosaic_pkg::CsrInstreth:      rdata_o = minstret_q[63:32];
      mosaic_pkg::CsrTime:          rdata_o = mtime_i[31:0];
      mosaic_pkg::CsrTimeh:         rdata_o = mtime_i[63:32];
      mosaic_pkg::CsrMvendorid:     rdata_o = mosaic_pkg::Mvendorid;
      mosaic_pkg::CsrMarchid:       rdata_o = mosaic_pkg::Marchid;
      mosaic_pkg::CsrMimpid:        rdata_o = mosaic_pkg::Mimpid;
      mosaic_pkg::CsrMhartid:       rdata_o = mosaic_pkg::Mhartid;
      // No triggers: software probing for them sees a legal "none".
      mosaic_pkg::CsrTselect,
      mosaic_pkg::CsrTdata1,
      mosaic_pkg::CsrTdata2,
      mosaic_pkg::CsrTdata3:        rdata_o = 32'd0;
      mosaic_pkg::CsrTinfo:         rdata_o = 32'd1;

      mosaic_pkg::CsrTlTensorShape, mosaic_pkg::CsrTlPerm,
      mosaic_pkg::CsrTlXcfg,        mosaic_pkg::CsrTlXstatus,
      mosaic_pkg::CsrTlMask1,       mosaic_pkg::CsrTlMask2,
      mosaic_pkg::CsrTlLmask,       mosaic_pkg::CsrTlSmask,
      mosaic_pkg::CsrMcsr,
      mosaic_pkg::CsrSdmaStride,    mosaic_pkg::CsrSdmaStatus,
      mosaic_pkg::CsrSdmaErraddr,
      mosaic_pkg::CsrMxcfg,         mosaic_pkg::CsrMxtile,
      mosaic_pkg::CsrMxstatus,
      mosaic_pkg::CsrMddcbase,      mosaic_pkg::CsrMddclimit,
      mosaic_pkg::CsrMddcperm,
      mosaic_pkg::CsrMtilem,        mosaic_pkg::CsrMtilek,
      mosaic_pkg::CsrMtilen,        mosaic_pkg::CsrMamul,
      mosaic_pkg::CsrMmisa:         tensor_o = 1'b1;

      default: begin
        if (in_mhpm_lo || in_hpm_lo) begin
          rdata_o = hpm_live ? hpm_sel[31:0] : 32'd0;
        end else if (in_mhpm_hi || in_hpm_hi) begin
          rdata_o = hpm_live ? hpm_sel[63:32] : 32'd0;
        end else if (in_mhpmevent) begin
          rdata_o = 32'd0;
        end else begin
          known = 1'b0;
        end
      end
    endcase
  end

  // RISC-V convention: addresses 0xC00-0xFFF are read-only.
  assign read_only = (addr_i[11:10] == 2'b11);
  assign illegal_o = ~tensor_o & (~known | (write_i & read_only));

  // -----------------------------------------------------------------------
  // Write and trap state update
  // -----------------------------------------------------------------------
  logic [31:0] wval;       // value the instruction writes
  logic [NumHpm*16-1:0] hpm_inc;  // per-cycle increment of counter 3+i

  assign hpm_inc = {15'd0, ev_sdma_busy_i,        // mhpmcounter9: SDMA busy cycles
                    ev_sdma_bytes_i,              // mhpmcounter8: SDMA bytes
                    15'd0, ev_tu_stall_i,         // mhpmcounter7: core stalled on the TU
                    15'd0, ev_bank_conflict_i,    // mhpmcounter6: TRF bank-conflict stalls
                    ev_mac_count_i,               // mhpmcounter5: useful MACs
                    15'd0, ev_mac_busy_i,         // mhpmcounter4: MAC-array busy cycles
                    15'd0, ev_tensor_insn_i};     // mhpmcounter3: tensor instructions
  logic        wr;         // a core CSR write happens now

  always_comb begin
    unique case (op_i)
      2'b10:   wval = rdata_o | wdata_i;
      2'b11:   wval = rdata_o & ~wdata_i;
      default: wval = wdata_i;
    endcase
  end

  assign wr = commit_i & write_i & ~illegal_o & ~tensor_o;

  // Decode attaches interrupts to younger instructions using mstatus.MIE and
  // mie.MTIE, so a write to either must not let those instructions go on.
  // No other CSR is consumed before write-back.
  assign flush_o = write_i & ~illegal_o & ~tensor_o &
                   ((addr_i == mosaic_pkg::CsrMstatus) || (addr_i == mosaic_pkg::CsrMie));

  always_comb begin
    mie_d           = mie_q;
    mpie_d          = mpie_q;
    ts_d            = ts_q;
    mtie_d          = mtie_q;
    mtvec_d         = mtvec_q;
    mscratch_d      = mscratch_q;
    mepc_d          = mepc_q;
    mcause_d        = mcause_q;
    mtval_d         = mtval_q;
    mcountinhibit_d = mcountinhibit_q;

    // Counters first, so that an explicit write below overrides the
    // increment of the same cycle. A write of either half is a write of the
    // whole 64-bit counter, the other half keeping its old value: the
    // writing instruction's own retirement (or cycle) is not counted in
    // either half (Spike's and Sail's rule, riscv-tests instret_overflow).
    mcycle_d   = mcountinhibit_q[0] ? mcycle_q : mcycle_q + 64'd1;
    minstret_d = (mcountinhibit_q[2] || !instr_ret_i) ? minstret_q : minstret_q + 64'd1;
    hpm_d      = hpm_q;
    for (int i = 0; i < NumHpm; i++) begin
      if (!mcountinhibit_q[i + 3]) hpm_d[64*i +: 64] = hpm_q[64*i +: 64] + {48'd0, hpm_inc[16*i +: 16]};
    end

    if (ts_dirty_i) ts_d = mosaic_pkg::TsDirty;

    if (trap_i) begin
      mepc_d   = trap_pc_i;  // instruction addresses are always aligned
      mcause_d = {trap_irq_i, 26'd0, trap_cause_i};
      mtval_d  = trap_tval_i;
      mpie_d   = mie_q;
      mie_d    = 1'b0;
    end else if (mret_i) begin
      mie_d  = mpie_q;
      mpie_d = 1'b1;
    end else if (wr) begin
      unique case (addr_i)
        mosaic_pkg::CsrMstatus: begin
          mie_d  = wval[3];
          mpie_d = wval[7];
          ts_d   = wval[24:23];
        end
        mosaic_pkg::CsrMie:           mtie_d = wval[7];
        mosaic_pkg::CsrMtvec:         mtvec_d = {wval[31:2], 1'b0, wval[0]};
        mosaic_pkg::CsrMcountinhibit: mcountinhibit_d = {wval[9:2], 1'b0, wval[0]};
        mosaic_pkg::CsrMscratch:      mscratch_d = wval;
        mosaic_pkg::CsrMepc:          mepc_d = {wval[31:2], 2'b00};
        mosaic_pkg::CsrMcause:        mcause_d = wval;
        mosaic_pkg::CsrMtval:         mtval_d = wval;
        mosaic_pkg::CsrMcycle:        mcycle_d = {mcycle_q[63:32], wval};
        mosaic_pkg::CsrMcycleh:       mcycle_d = {wval, mcycle_q[31:0]};
        mosaic_pkg::CsrMinstret:      minstret_d = {minstret_q[63:32], wval};
        mosaic_pkg::CsrMinstreth:     minstret_d = {wval, minstret_q[31:0]};
        default: begin
          for (int i = 0; i < NumHpm; i++) begin
            if (cidx == 5'(i + 3)) begin
              if (in_mhpm_lo) hpm_d[64*i +: 64] = {hpm_q[64*i + 32 +: 32], wval};
              if (in_mhpm_hi) hpm_d[64*i +: 64] = {wval, hpm_q[64*i +: 32]};
            end
          end
        end
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mie_q           <= 1'b0;
      mpie_q          <= 1'b0;
      ts_q            <= mosaic_pkg::TsInitial;
      mtie_q          <= 1'b0;
      mtvec_q         <= '0;
      mscratch_q      <= '0;
      mepc_q          <= '0;
      mcause_q        <= '0;
      mtval_q         <= '0;
      mcountinhibit_q <= '0;
      mcycle_q        <= '0;
      minstret_q      <= '0;
      hpm_q           <= '0;
    end else begin
      mie_q           <= mie_d;
      mpie_q          <= mpie_d;
      ts_q            <= ts_d;
      mtie_q          <= mtie_d;
      mtvec_q         <= mtvec_d;
      mscratch_q      <= mscratch_d;
      mepc_q          <= mepc_d;
      mcause_q        <= mcause_d;
      mtval_q         <= mtval_d;
      mcountinhibit_q <= mcountinhibit_d;
      mcycle_q        <= mcycle_d;
      minstret_q      <= minstret_d;
      hpm_q           <= hpm_d;
    end
  end

  // -----------------------------------------------------------------------
  // Outputs
  // -----------------------------------------------------------------------
  assign trap_vector_o = (mtvec_q[0] && trap_irq_i) ?
                         {mtvec_q[31:2], 2'b00} + {25'd0, trap_cause_i, 2'b00} :
                         {mtvec_q[31:2], 2'b00};
  assign mepc_o        = mepc_q;
  assign irq_pending_o = mie_q & mtie_q & irq_timer_i;
  assign wfi_wake_o    = mtie_q & irq_timer_i;
  assign ts_o          = ts_q;

endmodule

`default_nettype wire
