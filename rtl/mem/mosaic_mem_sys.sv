// Mosaic memories: on-chip RAM (code/data), main memory and the scratchpad,
// with the core's fetch and data ports and one AXI4 slave port (the tensor
// unit's LSU and SDMA engine, through mosaic_axi_arb).
//
//   RAM         mosaic_mem_ram, 32-bit: port A instruction fetch, port B data.
//               Port B is shared by the core and the AXI side, round robin
//               when both want it. An AXI beat takes one RAM cycle per
//               32-bit word it covers: BusBytes/4 for a full-width beat, 2
//               for a narrow (8-byte) one.
//   main        mosaic_mem_wide, AxiDataWidth-bit words: port A AXI, port
//               B core, so the core and AXI never wait for each other there.
//   scpad       mosaic_mem_scpad, 64-byte words: port A AXI (an AxiDataWidth-bit
//               lane of a word), port B the tensor unit's row port (spx_*)
//               or, when it is idle, the core.
//
// Core data port (OBI-like, as mosaic_core expects): data_req_i is held
// until data_gnt_o; data_rvalid_o / data_rdata_o come the cycle after the
// grant. Only requests whose address is in one of the three windows
// (data_hit_o) are ours; for any other address data_gnt_o is 1 and
// data_rvalid_o stays 0, so the SoC answers it (bus error or MMIO).
//
// AXI4 slave (no IDs, responses in order), AxiDataWidth = 64 or 128 bits
// (BusBytes = AxiDataWidth / 8): AR and AW are queued (BurstDepth each),
// decoded by mosaic_mem_decode at acceptance. Reads and writes proceed
// independently: in one cycle each may access a different memory (an SDMA
// load reads main memory while it writes the scratchpad); when both need
// the same one they share its access slot, round robin. A burst outside
// the windows, or leaving its window (its byte span computed from its
// size), answers DECERR on every beat and writes nothing; a burst of a
// size other than those below, or not INCR, answers SLVERR likewise. W
// beats are counted against AWLEN (WLAST is not checked).
//
// Burst sizes: full width, size $clog2(BusBytes) (beat i at
// (addr & ~(BusBytes-1)) + BusBytes * i), and, on the 128-bit bus only,
// narrow size 3 (beat i at (addr & ~7) + 8 * i), which the 64-bit masters
// of the tensor unit issue through their width adapter. A narrow beat's
// data and strobes are on the byte lanes of its address (lane = address
// bit 3); strobes on the other lane are ignored. A narrow read beat
// returns the whole 16-byte word that holds it from main memory and the
// scratchpad, and its 8 bytes on both lanes from the RAM (which reads only
// the beat's two 32-bit words).
//
// Main-memory timing model (only bursts in the main window): every AR/AW
// gets a due time dram_latency_i cycles after acceptance (AR: first R beat;
// AW: the B response, counted from the last W beat), and arready, awready,
// wready and rvalid are each withheld in dram_stall_pct_i percent of the
// cycles, from a xorshift32 generator seeded with dram_seed_i (taken in the
// first cycle after reset); an R beat already shown is never withdrawn.
// 0 / 0 runs one beat per cycle.
//
// dram_bw_i limits main-window R and W beats to that many bytes per cycle
// on average: a byte-credit counter gains dram_bw_i per cycle, up to
// DramCreditCap (two full beats, 2 * BusBytes, so a limited stream can
// recover from one idle cycle but not bank a long burst), and a
// main-window beat reads or writes the memory only with credit for its
// bytes (BusBytes for a full beat, 8 for a narrow one), which it pays.
// Reads and writes share the credit, as they share a DRAM's pins. The port
// moves at most one beat per cycle, so 0 (no limit) and any value of
// BusBytes or more are the same: one beat per cycle. RAM and scratchpad
// bursts are never limited.
//
// dram_outstanding_i limits main-window bursts in flight, per direction: a
// read from AR acceptance until its last R beat is handed over, a write
// from AW acceptance until its B response is handed over. At the limit,
// arready (awready) is withheld for a main-window address. 0 = no limit but
// the structure's: BurstDepth accepted bursts queued per direction (a read
// burst leaves the queue when its last beat is read from memory, so up to
// RDepth more can still be draining through the R queue).
//
// dram_poison_i injects bus errors (mosaic-sim --dram-poison; docs/isa.md
// R32): every access to the 64-byte main-memory block at that address
// answers an error. An AXI read beat of the block answers SLVERR with zero
// data, a write beat writes nothing and its burst's B answers SLVERR; the
// core's port misses (the SoC makes that an access fault). A beat never
// straddles the block (beats are at most 16 bytes, aligned). 0 = off; an
// address outside main memory poisons nothing.

`default_nettype none
`include "mosaic_mutant.svh"

module mosaic_mem_sys #(
  parameter int RamBytes     = mosaic_pkg::RamSize,
  parameter int MainBytes    = mosaic_pkg::MainSize,
  parameter int ScpadBytes   = mosaic_pkg::ScpadBankBytes * mosaic_pkg::ScpadBanks,
  parameter int AxiDataWidth = 128,   // 64 or 128
  parameter     RamInitFile  = "",
  parameter     MainInitFile = "",
  // Queued bursts per direction, a power of two. 32 covers the model's
  // latency-bandwidth product for short bursts at 8 B/cycle: 100 cycles
  // is 800 bytes in flight, 25 bursts of 32 bytes (SDMA rows of packed
  // tiles); at 16 B/cycle 32 such bursts cover 64 cycles of latency.
  parameter int BurstDepth   = 32
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Instruction fetch (RAM only; the SoC decides hit / fault)
  input  logic                      instr_req_i,
  input  logic [31:0]               instr_addr_i,
  output logic [31:0]               instr_rdata_o,

  // Core data port
  input  logic                      data_req_i,
  input  logic                      data_we_i,
  input  logic [3:0]                data_be_i,
  input  logic [31:0]               data_addr_i,
  input  logic [31:0]               data_wdata_i,
  output logic                      data_hit_o,
  output logic                      data_gnt_o,
  output logic                      data_rvalid_o,
  output logic [31:0]               data_rdata_o,

  // AXI4 slave
  input  logic [31:0]               s_awaddr_i,
  input  logic [7:0]                s_awlen_i,
  input  logic [2:0]                s_awsize_i,
  input  logic [1:0]                s_awburst_i,
  input  logic                      s_awvalid_i,
  output logic                      s_awready_o,
  input  logic [AxiDataWidth-1:0]   s_wdata_i,
  input  logic [AxiDataWidth/8-1:0] s_wstrb_i,
  input  logic                      s_wlast_i,
  input  logic                      s_wvalid_i,
  output logic                      s_wready_o,
  output logic [1:0]                s_bresp_o,
  output logic                      s_bvalid_o,
  input  logic                      s_bready_i,
  input  logic [31:0]               s_araddr_i,
  input  logic [7:0]                s_arlen_i,
  input  logic [2:0]                s_arsize_i,
  input  logic [1:0]                s_arburst_i,
  input  logic                      s_arvalid_i,
  output logic                      s_arready_o,
  output logic [AxiDataWidth-1:0]   s_rdata_o,
  output logic [1:0]                s_rresp_o,
  output logic                      s_rlast_o,
  output logic                      s_rvalid_o,
  input  logic                      s_rready_i,

  // Main-memory timing model
  input  logic [15:0]               dram_latency_i,
  input  logic [6:0]                dram_stall_pct_i,
  input  logic [31:0]               dram_seed_i,
  input  logic [7:0]                dram_bw_i,           // bytes per cycle, 0 = no limit
  input  logic [7:0]                dram_outstanding_i,  // bursts per direction, 0 = no limit
  input  logic [31:0]               dram_poison_i,       // 64-byte block answering errors, 0 = off

  // Scratchpad row port (the tensor unit's tld/tst, mosaic_mem_scpad port B):
  // one 64-byte word per cycle, always granted, ahead of the core.
  input  logic                      spx_req_i,
  input  logic                      spx_we_i,
  input  logic [31:0]               spx_addr_i,          // inside the window; [5:0] ignored
  input  logic [63:0]               spx_be_i,
  input  logic [511:0]              spx_wdata_i,
  output logic [511:0]              spx_rdata_o
);

  localparam int BusBytes  = AxiDataWidth / 8;
  localparam int BeatShift = $clog2(BusBytes / 8);  // log2(64-bit words of a full beat)
  localparam int RamParts  = BusBytes / 4;          // RAM accesses of a full beat
  localparam int PartW     = $clog2(RamParts);
  localparam int RamAw     = $clog2(RamBytes / 4);         // 32-bit word index
  localparam int MainAb    = $clog2(MainBytes);            // byte offset
  localparam int MainAw    = $clog2(MainBytes / BusBytes); // bus word index
  localparam int ScpadAb   = $clog2(ScpadBytes);
  localparam int ScpadAw   = $clog2(ScpadBytes / BusBytes);
  localparam int RDepth    = 4;
  // Byte credit of the bandwidth limiter: two full beats.
  localparam int DramCreditCap = 2 * BusBytes;

  localparam logic [1:0] WinRam   = 2'd0;
  localparam logic [1:0] WinMain  = 2'd1;
  localparam logic [1:0] WinScpad = 2'd2;
  localparam logic [1:0] WinNone  = 2'd3;

  // ------------------------------------------------------------------
  // Time and the main-memory stall generator
  // ------------------------------------------------------------------
  logic [31:0] now_q, rng_q, rng_x1, rng_x2, rng_x3;
  logic        seeded_q;
  logic        stall_ar, stall_aw, stall_w, stall_r;

  assign rng_x1 = rng_q ^ (rng_q << 13);
  assign rng_x2 = rng_x1 ^ (rng_x1 >> 17);
  assign rng_x3 = rng_x2 ^ (rng_x2 << 5);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      now_q    <= '0;
      rng_q    <= 32'h1;
      seeded_q <= 1'b0;
    end else begin
      now_q    <= now_q + 32'd1;
      seeded_q <= 1'b1;
      if (!seeded_q) rng_q <= (dram_seed_i == 32'd0) ? 32'h1 : dram_seed_i;
      else           rng_q <= rng_x3;
    end
  end

  // A 10-bit slice r withholds when floor(r * 100 / 1024) < pct: pct
  // percent of the slice values (within 1%).
  function automatic logic stall_of(input logic [9:0] r, input logic [6:0] pct);
    logic [16:0] scaled;
    scaled   = (17'(r) * 17'd100) >> 10;
    stall_of = scaled < 17'(pct);
  endfunction

  assign stall_ar = stall_of(rng_q[9:0], dram_stall_pct_i);
  assign stall_aw = stall_of(rng_q[19:10], dram_stall_pct_i);
  assign stall_w  = stall_of(rng_q[29:20], dram_stall_pct_i);
  assign stall_r  = stall_of({rng_q[31:30], rng_q[7:0]} ^ rng_q[25:16], dram_stall_pct_i);

  function automatic logic due_ok(input logic [31:0] now, input logic [31:0] due);
    logic [31:0] diff;
    diff   = now - due;
    due_ok = diff < 32'h8000_0000;
  endfunction

  // ------------------------------------------------------------------
  // Core data port decode
  // ------------------------------------------------------------------
  logic [31:0] off_ram, off_main, off_scpad, i_off;
  logic        hit_ram, hit_main, hit_scpad;

  // Fault injection: the poisoned block as a main-window block index.
  localparam int PoisonW = $clog2(mosaic_pkg::PoisonBytes);
  localparam int BlkW    = MainAb - PoisonW;
  logic [31:0]     poison_off;
  logic            poison_en, core_poison;
  logic [BlkW-1:0] poison_blk;
  assign poison_off  = dram_poison_i - mosaic_pkg::MainBase;
  assign poison_en   = (dram_poison_i != 32'd0) & (poison_off < 32'(MainBytes));
  assign poison_blk  = poison_off[MainAb-1:PoisonW];
  assign core_poison = poison_en & (off_main < 32'(MainBytes)) &
                       (off_main[MainAb-1:PoisonW] == poison_blk);

  assign off_ram   = data_addr_i - mosaic_pkg::RamBase;
  assign off_main  = data_addr_i - mosaic_pkg::MainBase;
  assign off_scpad = data_addr_i - mosaic_pkg::ScpadBase;
  assign hit_ram   = off_ram < 32'(RamBytes);
  assign hit_main  = (off_main < 32'(MainBytes)) & ~core_poison;
  assign hit_scpad = off_scpad < 32'(ScpadBytes);
  assign i_off     = instr_addr_i - mosaic_pkg::RamBase;

  // ------------------------------------------------------------------
  // AXI address queues
  // ------------------------------------------------------------------
  // Entry: due[31:0], len[7:0], dw[28:0], narrow, resp[1:0], win[1:0]
  localparam int QW = 32 + 8 + 29 + 1 + 2 + 2;

  logic [1:0]  ar_win, aw_win, ar_resp_d, aw_resp_d;
  logic [28:0] ar_dw_d, aw_dw_d;
  logic        ar_narrow_d, aw_narrow_d;
  logic [QW-1:0] arq_head, awq_head;
  logic        rd_pop, wr_pop;
  logic        arq_empty, arq_full, awq_empty, awq_full, ar_fire, aw_fire;
  logic [$clog2(BurstDepth):0] arq_cnt, awq_cnt;

  mosaic_mem_decode #(
    .RamBytes     (RamBytes),
    .MainBytes    (MainBytes),
    .ScpadBytes   (ScpadBytes),
    .AxiDataWidth (AxiDataWidth)
  ) u_ar_dec (
    .addr_i   (s_araddr_i),
    .len_i    (s_arlen_i),
    .size_i   (s_arsize_i),
    .burst_i  (s_arburst_i),
    .win_o    (ar_win),
    .resp_o   (ar_resp_d),
    .dw_o     (ar_dw_d),
    .narrow_o (ar_narrow_d)
  );

  mosaic_mem_decode #(
    .RamBytes     (RamBytes),
    .MainBytes    (MainBytes),
    .ScpadBytes   (ScpadBytes),
    .AxiDataWidth (AxiDataWidth)
  ) u_aw_dec (
    .addr_i   (s_awaddr_i),
    .len_i    (s_awlen_i),
    .size_i   (s_awsize_i),
    .burst_i  (s_awburst_i),
    .win_o    (aw_win),
    .resp_o   (aw_resp_d),
    .dw_o     (aw_dw_d),
    .narrow_o (aw_narrow_d)
  );

  logic rd_out_full, wr_out_full;   // outstanding-burst limit reached

  assign s_arready_o = ~arq_full & ~((ar_win == WinMain) & (stall_ar | rd_out_full));
  assign s_awready_o = ~awq_full & ~((aw_win == WinMain) & (stall_aw | wr_out_full));
  assign ar_fire     = s_arvalid_i & s_arready_o;
  assign aw_fire     = s_awvalid_i & s_awready_o;

  logic [31:0] ar_due_d, aw_lat_d;
  assign ar_due_d = now_q + ((ar_win == WinMain) ? 32'(dram_latency_i) : 32'd0);
  assign aw_lat_d = (aw_win == WinMain) ? 32'(dram_latency_i) : 32'd0;

  mosaic_mem_fifo #(
    .Width (QW),
    .Depth (BurstDepth)
  ) u_arq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (ar_fire),
    .wdata_i ({ar_due_d, s_arlen_i, ar_dw_d, ar_narrow_d, ar_resp_d, ar_win}),
    .pop_i   (rd_pop),
    .rdata_o (arq_head),
    .empty_o (arq_empty),
    .full_o  (arq_full),
    .count_o (arq_cnt)
  );

  // The write queue keeps the latency, not a due time: B is due after the
  // last W beat.
  mosaic_mem_fifo #(
    .Width (QW),
    .Depth (BurstDepth)
  ) u_awq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (aw_fire),
    .wdata_i ({aw_lat_d, s_awlen_i, aw_dw_d, aw_narrow_d, aw_resp_d, aw_win}),
    .pop_i   (wr_pop),
    .rdata_o (awq_head),
    .empty_o (awq_empty),
    .full_o  (awq_full),
    .count_o (awq_cnt)
  );

  logic [31:0] rh_due, wh_lat;
  logic [7:0]  rh_len, wh_len;
  logic [28:0] rh_dw, wh_dw;
  logic        rh_narrow, wh_narrow;
  logic [1:0]  rh_resp, rh_win, wh_resp, wh_win;

  assign {rh_due, rh_len, rh_dw, rh_narrow, rh_resp, rh_win} = arq_head;
  assign {wh_lat, wh_len, wh_dw, wh_narrow, wh_resp, wh_win} = awq_head;

  // Beat b of a burst is at 64-bit word dw + b (narrow) or dw + b * BusBytes/8;
  // its RAM accesses are the 32-bit words from 2 * that word on, the last
  // one 1 (narrow) or RamParts - 1.
  function automatic logic [28:0] beat_dw(input logic [28:0] dw, input logic [7:0] beat,
                                          input logic narrow);
    beat_dw = dw + (narrow ? 29'(beat) : (29'(beat) << BeatShift));
  endfunction

  function automatic logic [PartW-1:0] last_part(input logic narrow);
    last_part = narrow ? PartW'(1) : PartW'(RamParts - 1);
  endfunction

  // ------------------------------------------------------------------
  // Access slot and RAM port arbitration
  // ------------------------------------------------------------------
  logic rd_want, wr_want;           // an engine needs a memory access
  logic slot_rd, slot_wr;           // who holds the slot this cycle
  logic slot_last_rd_q;
  logic axi_ram_req, ram_gnt_core, ram_gnt_axi, ram_last_core_q;
  logic core_ram_req;
  logic rd_fire, wr_fire;           // the engine's access happens
  logic bw_ok_rd, bw_ok_wr;         // the main-memory beat has its credit
  logic split;                      // read and write want different memories

  assign split   = (rh_win != wh_win);
  assign slot_rd = rd_want & (~wr_want | ~slot_last_rd_q | split);
  assign slot_wr = wr_want & (~slot_rd | split);

  assign core_ram_req = data_req_i & hit_ram;
  assign axi_ram_req  = (slot_rd & (rh_win == WinRam)) | (slot_wr & (wh_win == WinRam));
  assign ram_gnt_core = core_ram_req & (~axi_ram_req | ~ram_last_core_q);
  assign ram_gnt_axi  = axi_ram_req & ~ram_gnt_core;

  assign rd_fire = slot_rd & ((rh_win != WinRam) | ram_gnt_axi);
  assign wr_fire = slot_wr & ((wh_win != WinRam) | ram_gnt_axi);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      slot_last_rd_q  <= 1'b0;
      ram_last_core_q <= 1'b0;
    end else begin
      if (rd_fire || wr_fire)          slot_last_rd_q  <= rd_fire;
      if (ram_gnt_core || ram_gnt_axi) ram_last_core_q <= ram_gnt_core;
    end
  end

  // ------------------------------------------------------------------
  // Read engine
  // ------------------------------------------------------------------
  localparam int ShW = 32 * (RamParts - 1);   // RAM words before a beat's last

  logic [7:0]  rd_beat_q;
  logic [PartW-1:0] rd_part_q;
  logic        rd_ok, rd_room, rd_step, rd_beat_done, rd_part_last;
  logic [28:0] rd_dw;
  logic        rp_v_q, rp_push_q, rp_last_q, rp_main_q, rp_narrow_q;
  logic [1:0]  rp_win_q, rp_resp_q;
  logic [ShW-1:0] ram_sh_q;
  logic        rf_empty, rf_full;
  logic [2:0]  rf_cnt;
  logic [AxiDataWidth-1:0] rf_data;
  logic [1:0]  rf_resp;
  logic        rf_last, rf_main;
  logic [AxiDataWidth-1:0] main_a_rdata, scpad_a_rdata, rp_ram, rp_data;
  logic [31:0] ram_b_rdata;

  assign rd_ok   = ~arq_empty & due_ok(now_q, rh_due);
  // Room for the beat in the R queue, counting the one in the pipeline.
  assign rd_room = (32'(rf_cnt) + 32'(rp_v_q)) < RDepth;
  assign rd_want = rd_ok & rd_room & (rh_resp == 2'b00) & ((rh_win != WinMain) | bw_ok_rd);
  // Error bursts need no memory: their beats go straight to the pipeline.
  assign rd_step = rd_ok & rd_room & ((rh_resp != 2'b00) | rd_fire);
  // A RAM beat is 2 or RamParts 32-bit accesses, lowest word first.
  assign rd_part_last = rd_part_q == last_part(rh_narrow);
  assign rd_beat_done = rd_step & ((rh_resp != 2'b00) | (rh_win != WinRam) | rd_part_last);
  assign rd_pop  = rd_beat_done & (rd_beat_q == rh_len);
  assign rd_dw   = beat_dw(rh_dw, rd_beat_q, rh_narrow);

  // A main-memory beat of the poisoned block answers SLVERR (data zeroed
  // below, as for any error beat).
  logic rd_poison;
  assign rd_poison = poison_en & (rh_win == WinMain) & (rd_dw[MainAb-4:PoisonW-3] == poison_blk);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_beat_q   <= '0;
      rd_part_q   <= '0;
      rp_v_q      <= 1'b0;
      rp_push_q   <= 1'b0;
      rp_last_q   <= 1'b0;
      rp_main_q   <= 1'b0;
      rp_narrow_q <= 1'b0;
      rp_win_q    <= WinNone;
      rp_resp_q   <= 2'b00;
    end else begin
      if (rd_step && rh_resp == 2'b00 && rh_win == WinRam) begin
        rd_part_q <= rd_part_last ? '0 : rd_part_q + PartW'(1);
      end
      if (rd_pop)            rd_beat_q <= '0;
      else if (rd_beat_done) rd_beat_q <= rd_beat_q + 8'd1;
      rp_v_q      <= rd_step;
      rp_push_q   <= rd_beat_done;
      rp_last_q   <= rd_pop;
      rp_main_q   <= rh_win == WinMain;
      rp_narrow_q <= rh_narrow;
      rp_win_q    <= rh_win;
      rp_resp_q   <= rh_resp | (rd_poison ? 2'b10 : 2'b00);
    end
  end

  // The RAM words of a beat before its last, the newest at the top.
  always_ff @(posedge clk_i) begin
    if (rp_v_q && !rp_push_q) ram_sh_q <= ShW'({ram_b_rdata, ram_sh_q} >> 32);
  end

  // A narrow RAM beat's two words go on both lanes.
  assign rp_ram = rp_narrow_q ? {(BusBytes / 8){ram_b_rdata, ram_sh_q[ShW-1 -: 32]}}
                              : {ram_b_rdata, ram_sh_q};

  always_comb begin
    unique case (rp_win_q)
      WinRam:   rp_data = rp_ram;
      WinMain:  rp_data = main_a_rdata;
      WinScpad: rp_data = scpad_a_rdata;
      default:  rp_data = '0;
    endcase
    if (rp_resp_q != 2'b00) rp_data = '0;
  end

  mosaic_mem_fifo #(
    .Width (AxiDataWidth + 2 + 1 + 1),
    .Depth (RDepth)
  ) u_rq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (rp_v_q & rp_push_q),
    .wdata_i ({rp_data, rp_resp_q, rp_last_q, rp_main_q}),
    .pop_i   (s_rvalid_o & s_rready_i),
    .rdata_o ({rf_data, rf_resp, rf_last, rf_main}),
    .empty_o (rf_empty),
    .full_o  (rf_full),
    .count_o (rf_cnt)
  );

  // A stall only delays a beat that is not yet shown: once rvalid is up it
  // stays up until rready (AXI A3.2.1; the checkers' RHoldA).
  logic r_shown_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) r_shown_q <= 1'b0;
    else         r_shown_q <= s_rvalid_o & ~s_rready_i;
  end
  assign s_rvalid_o = ~rf_empty & (r_shown_q | ~(rf_main & stall_r));
  assign s_rdata_o  = rf_data;
  assign s_rresp_o  = rf_resp;
  assign s_rlast_o  = rf_last;

  // ------------------------------------------------------------------
  // Write engine
  // ------------------------------------------------------------------
  logic [7:0]  wr_beat_q;
  logic [PartW-1:0] wr_part_q;
  logic        wr_ok, wr_hs, wr_part_last;
  logic [28:0] wr_dw;
  logic [BusBytes-1:0] wr_be;
  logic        bq_empty, bq_full;
  logic [$clog2(BurstDepth):0] bq_cnt;
  logic [31:0] bq_due;
  logic [1:0]  bq_resp;
  logic        bq_main;

  // A beat can be taken when its burst is known, B has room for the
  // burst's response and the main-memory model does not withhold wready.
  assign wr_ok   = ~awq_empty & ~bq_full & ~((wh_win == WinMain) & stall_w);
  assign wr_want = wr_ok & s_wvalid_i & (wh_resp == 2'b00) & ((wh_win != WinMain) | bw_ok_wr);
  assign wr_part_last = wr_part_q == last_part(wh_narrow);
  assign wr_hs   = wr_ok & s_wvalid_i &
                   ((wh_resp != 2'b00) | (wr_fire & ((wh_win != WinRam) | wr_part_last)));
  assign s_wready_o = wr_hs;
  assign wr_pop  = wr_hs & (wr_beat_q == wh_len);
  assign wr_dw   = beat_dw(wh_dw, wr_beat_q, wh_narrow);
  // Strobes for main memory and the scratchpad: a narrow beat writes only
  // its own lane (bit 0 of its 64-bit word; only on the 128-bit bus).
  assign wr_be   = wh_narrow ? (s_wstrb_i & (BusBytes'(8'hFF) << {wr_dw[0], 3'b000}))
                             : s_wstrb_i;

  // A write beat of the poisoned block writes nothing; its burst's B
  // answers SLVERR (w_poison_q: an earlier beat of this burst was one).
  logic wr_poison, w_poison_q, wr_burst_poison;
  logic [BusBytes-1:0] main_be;
  assign wr_poison       = poison_en & (wh_win == WinMain) & (wr_dw[MainAb-4:PoisonW-3] == poison_blk);
  assign main_be         = wr_poison ? '0 : wr_be;
  assign wr_burst_poison = w_poison_q | wr_poison;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wr_beat_q  <= '0;
      wr_part_q  <= '0;
      w_poison_q <= 1'b0;
    end else begin
      if (wr_fire && wh_win == WinRam) wr_part_q <= wr_part_last ? '0 : wr_part_q + PartW'(1);
      if (wr_pop)     wr_beat_q <= '0;
      else if (wr_hs) wr_beat_q <= wr_beat_q + 8'd1;
      if (wr_pop)     w_poison_q <= 1'b0;
      else if (wr_hs) w_poison_q <= wr_burst_poison;
    end
  end

  mosaic_mem_fifo #(
    .Width (32 + 2 + 1),
    .Depth (BurstDepth)
  ) u_bq (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (wr_pop),
    .wdata_i ({now_q + wh_lat, wh_resp | (wr_burst_poison ? 2'b10 : 2'b00), wh_win == WinMain}),
    .pop_i   (s_bvalid_o & s_bready_i),
    .rdata_o ({bq_due, bq_resp, bq_main}),
    .empty_o (bq_empty),
    .full_o  (bq_full),
    .count_o (bq_cnt)
  );

  assign s_bvalid_o = ~bq_empty & due_ok(now_q, bq_due);
  assign s_bresp_o  = bq_resp;

  // ------------------------------------------------------------------
  // Main-memory bandwidth and outstanding-burst limits
  // ------------------------------------------------------------------
  logic       bw_unlimited, main_beat;
  logic [7:0] credit_q, credit_add, rd_need, wr_need, credit_pay;
  logic [8:0] credit_sum;
  logic [7:0] rd_out_q, wr_out_q;
  logic       rd_out_inc, rd_out_dec, wr_out_inc, wr_out_dec;

  assign bw_unlimited = (dram_bw_i == 8'd0) | (dram_bw_i >= 8'(BusBytes));
  // Bytes of the beat at the head of each engine.
  assign rd_need      = rh_narrow ? 8'd8 : 8'(BusBytes);
  assign wr_need      = wh_narrow ? 8'd8 : 8'(BusBytes);
  assign bw_ok_rd     = bw_unlimited | (credit_q >= rd_need);
  assign bw_ok_wr     = bw_unlimited | (credit_q >= wr_need);
  // One main-memory access per cycle (read and write share it): at most
  // one beat per cycle pays.
  logic rd_main, wr_main;
  assign rd_main      = rd_fire & (rh_win == WinMain);
  assign wr_main      = wr_fire & (wh_win == WinMain);
  assign main_beat    = rd_main | wr_main;
  assign credit_pay   = rd_main ? rd_need : (wr_main ? wr_need : 8'd0);
  assign credit_add   = bw_unlimited ? 8'(BusBytes) : dram_bw_i;
  assign credit_sum   = 9'(credit_q) + 9'(credit_add) - 9'(credit_pay);

  assign rd_out_inc  = ar_fire & (ar_win == WinMain);
  assign rd_out_dec  = s_rvalid_o & s_rready_i & rf_last & rf_main;
  assign wr_out_inc  = aw_fire & (aw_win == WinMain);
  assign wr_out_dec  = s_bvalid_o & s_bready_i & bq_main;
  assign rd_out_full = (dram_outstanding_i != 8'd0) & (rd_out_q >= dram_outstanding_i);
  assign wr_out_full = (dram_outstanding_i != 8'd0) & (wr_out_q >= dram_outstanding_i);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      credit_q <= 8'(DramCreditCap);
      rd_out_q <= '0;
      wr_out_q <= '0;
    end else begin
      credit_q <= (credit_sum > 9'(DramCreditCap)) ? 8'(DramCreditCap) : credit_sum[7:0];
      rd_out_q <= rd_out_q + 8'(rd_out_inc) - 8'(rd_out_dec);
      wr_out_q <= wr_out_q + 8'(wr_out_inc) - 8'(wr_out_dec);
    end
  end

  // ------------------------------------------------------------------
  // Memories
  // ------------------------------------------------------------------
  // Each memory's port A (RAM: port B) takes the read or the write that
  // holds it this cycle.
  logic        ram_rd, rd_scpad, wr_scpad;
  logic [28:0] ram_dw;
  logic [PartW-1:0] ram_part, ram_k;
  logic [29:0] ram_word;

  assign ram_rd   = slot_rd & (rh_win == WinRam);
  assign ram_dw   = ram_rd ? rd_dw : wr_dw;
  assign ram_part = ram_rd ? rd_part_q : wr_part_q;
  // The access's 32-bit word in the window, and its word on the bus.
  assign ram_word = {ram_dw, 1'b0} + 30'(ram_part);
  assign ram_k    = ram_word[PartW-1:0];
  assign rd_scpad = rd_fire & (rh_win == WinScpad);
  assign wr_scpad = wr_fire & (wh_win == WinScpad);

  logic        ram_b_req, ram_b_we;
  logic [3:0]  ram_b_be;
  logic [RamAw-1:0] ram_b_addr;
  logic [31:0] ram_b_wdata;

  assign ram_b_req   = ram_gnt_core | ram_gnt_axi;
  assign ram_b_we    = ram_gnt_core ? data_we_i : ~ram_rd;
  assign ram_b_be    = ram_gnt_core ? data_be_i : s_wstrb_i[4*ram_k +: 4];
  assign ram_b_addr  = ram_gnt_core ? off_ram[RamAw+1:2] : ram_word[RamAw-1:0];
`ifdef MOSAIC_INJECT_SOC_BUGS
  `MOSAIC_MUTANT_SEL
  logic [31:0] core_wdata;
  always_comb begin
    core_wdata = data_wdata_i;
    if (mutant_sel == 1 && off_ram[4:2] == 3'd5) begin
      for (int k = 3; k >= 0; k--) if (data_be_i[k]) core_wdata = data_wdata_i ^ (32'd1 << (8 * k));
    end
  end
  assign ram_b_wdata = ram_gnt_core ? core_wdata : s_wdata_i[32*ram_k +: 32];
`else
  assign ram_b_wdata = ram_gnt_core ? data_wdata_i : s_wdata_i[32*ram_k +: 32];
`endif

  mosaic_mem_ram #(
    .Bytes       (RamBytes),
    .InitFile    (RamInitFile),
    .InitPlusarg ("ram_hex"),
    .PortAWrite  (1'b0)
  ) u_ram (
    .clk_i     (clk_i),
    .a_req_i   (instr_req_i),
    .a_we_i    (1'b0),
    .a_be_i    (4'b0000),
    .a_addr_i  (i_off[RamAw+1:2]),
    .a_wdata_i (32'd0),
    .a_rdata_o (instr_rdata_o),
    .b_req_i   (ram_b_req),
    .b_we_i    (ram_b_we),
    .b_be_i    (ram_b_be),
    .b_addr_i  (ram_b_addr),
    .b_wdata_i (ram_b_wdata),
    .b_rdata_o (ram_b_rdata)
  );

  logic [31:0] main_b_rdata, scpad_b_rdata;

  logic [MainAw-1:0]  main_a_addr;
  logic [ScpadAw-1:0] scpad_a_addr;
  assign main_a_addr  = MainAw'((rd_main ? rd_dw : wr_dw) >> BeatShift);
  assign scpad_a_addr = ScpadAw'((rd_scpad ? rd_dw : wr_dw) >> BeatShift);

  mosaic_mem_wide #(
    .Bytes       (MainBytes),
    .Width       (AxiDataWidth),
    .InitFile    (MainInitFile),
    .InitPlusarg ("main_hex")
  ) u_main (
    .clk_i     (clk_i),
    .a_req_i   (main_beat),
    .a_we_i    (wr_main),
    .a_be_i    (main_be),
    .a_addr_i  (main_a_addr),
    .a_wdata_i (s_wdata_i),
    .a_rdata_o (main_a_rdata),
    .b_req_i   (data_req_i & hit_main),
    .b_we_i    (data_we_i),
    .b_be_i    (data_be_i),
    .b_addr_i  (off_main[MainAb-1:2]),
    .b_wdata_i (data_wdata_i),
    .b_rdata_o (main_b_rdata)
  );

  logic [31:0] spx_off;
  logic        scpad_c_gnt;
  assign spx_off = spx_addr_i - mosaic_pkg::ScpadBase;

  mosaic_mem_scpad #(
    .Bytes (ScpadBytes),
    .Width (AxiDataWidth)
  ) u_scpad (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .a_req_i   (rd_scpad | wr_scpad),
    .a_we_i    (wr_scpad),
    .a_be_i    (wr_be),
    .a_addr_i  (scpad_a_addr),
    .a_wdata_i (s_wdata_i),
    .a_rdata_o (scpad_a_rdata),
    .x_req_i   (spx_req_i),
    .x_we_i    (spx_we_i),
    .x_be_i    (spx_be_i),
    .x_addr_i  (spx_off[ScpadAb-1:6]),
    .x_wdata_i (spx_wdata_i),
    .x_rdata_o (spx_rdata_o),
    .c_req_i   (data_req_i & hit_scpad),
    .c_gnt_o   (scpad_c_gnt),
    .c_we_i    (data_we_i),
    .c_be_i    (data_be_i),
    .c_addr_i  (off_scpad[ScpadAb-1:2]),
    .c_wdata_i (data_wdata_i),
    .c_rdata_o (scpad_b_rdata)
  );

  // ------------------------------------------------------------------
  // Core response
  // ------------------------------------------------------------------
  logic       hit_any, core_go;
  logic [1:0] sel_q;
  logic       rvalid_q;

  assign hit_any    = hit_ram | hit_main | hit_scpad;
  assign data_hit_o = hit_any;
  assign data_gnt_o = hit_ram ? ram_gnt_core : (hit_scpad ? scpad_c_gnt : 1'b1);
  assign core_go    = data_req_i & hit_any & data_gnt_o;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      sel_q    <= WinNone;
    end else begin
      rvalid_q <= core_go;
      if (core_go) sel_q <= hit_ram ? WinRam : (hit_main ? WinMain : WinScpad);
    end
  end

  assign data_rvalid_o = rvalid_q;
  always_comb begin
    unique case (sel_q)
      WinRam:   data_rdata_o = ram_b_rdata;
      WinMain:  data_rdata_o = main_b_rdata;
      WinScpad: data_rdata_o = scpad_b_rdata;
      default:  data_rdata_o = 32'd0;
    endcase
  end

  logic unused;
  assign unused = ^{s_wlast_i, rf_full, arq_cnt, awq_cnt, bq_cnt, off_ram,
                    off_main, off_scpad, i_off, ram_word, rd_dw, wr_dw, spx_off};

endmodule

`default_nettype wire
