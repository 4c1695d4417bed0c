// Machine timer in the SiFive CLINT layout: mtime at +0xBFF8, mtimecmp at
// +0x4000 (both 64-bit, accessed as two 32-bit words). mtime counts clock
// cycles. msip and every other offset read as zero and ignore writes (the
// machine has no software interrupt).
//
// Bus side: request in one cycle, read data in the next (always granted).

`default_nettype none

module mosaic_clint (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        req_i,
  input  logic        we_i,
  input  logic [3:0]  be_i,
  input  logic [15:0] addr_i,     // byte offset in the CLINT window
  input  logic [31:0] wdata_i,
  output logic [31:0] rdata_o,

  output logic [63:0] mtime_o,
  output logic        irq_timer_o
);

  localparam logic [15:0] OffMtimecmpLo = 16'h4000;
  localparam logic [15:0] OffMtimecmpHi = 16'h4004;
  localparam logic [15:0] OffMtimeLo    = 16'hBFF8;
  localparam logic [15:0] OffMtimeHi    = 16'hBFFC;

  logic [63:0] mtime_q, mtime_d;
  logic [63:0] mtimecmp_q, mtimecmp_d;
  logic [31:0] rdata_q, rdata_d;
  // The compare of the next mtime and mtimecmp, registered: the same value
  // mtime_q >= mtimecmp_q has this cycle, without a 64-bit comparator
  // between these registers and the core's trap logic (an FPGA timing
  // path, docs/fpga.md).
  logic        irq_q;
  logic [31:0] bmask;
  logic [15:0] word_addr;

  assign bmask     = {{8{be_i[3]}}, {8{be_i[2]}}, {8{be_i[1]}}, {8{be_i[0]}}};
  assign word_addr = {addr_i[15:2], 2'b00};

  always_comb begin
    mtime_d    = mtime_q + 64'd1;
    mtimecmp_d = mtimecmp_q;
    rdata_d    = 32'd0;
    if (req_i) begin
      unique case (word_addr)
        OffMtimecmpLo: rdata_d = mtimecmp_q[31:0];
        OffMtimecmpHi: rdata_d = mtimecmp_q[63:32];
        OffMtimeLo:    rdata_d = mtime_q[31:0];
        OffMtimeHi:    rdata_d = mtime_q[63:32];
        default:       rdata_d = 32'd0;
      endcase
      if (we_i) begin
        unique case (word_addr)
          OffMtimecmpLo: mtimecmp_d[31:0]  = (mtimecmp_q[31:0] & ~bmask) | (wdata_i & bmask);
          OffMtimecmpHi: mtimecmp_d[63:32] = (mtimecmp_q[63:32] & ~bmask) | (wdata_i & bmask);
          OffMtimeLo:    mtime_d[31:0]     = (mtime_q[31:0] & ~bmask) | (wdata_i & bmask);
          OffMtimeHi:    mtime_d[63:32]    = (mtime_q[63:32] & ~bmask) | (wdata_i & bmask);
          default: ;
        endcase
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mtime_q    <= '0;
      // All ones: no interrupt until software programs a compare value.
      mtimecmp_q <= '1;
      rdata_q    <= '0;
      irq_q      <= 1'b0;
    end else begin
      mtime_q    <= mtime_d;
      mtimecmp_q <= mtimecmp_d;
      rdata_q    <= rdata_d;
      irq_q      <= (mtime_d >= mtimecmp_d);
    end
  end

  // Registers are words; the byte offset within a word is irrelevant.
  logic unused_byte_offset;
  assign unused_byte_offset = ^addr_i[1:0];

  assign rdata_o     = rdata_q;
  assign mtime_o     = mtime_q;
  assign irq_timer_o = irq_q;

endmodule

`default_nettype wire
