// Behavioural simulation model of the ECP5 DP16KD block RAM, for the
// gate-level netlist check (make fpga-check). Yosys ships DP16KD only as a
// blackbox shell; this model replaces it in the copied cell library.
//
// It models what synth_ecp5's block-RAM mapping (Yosys's
// lattice/brams_map_16kd.v, memory library lattice/brams_16kd.txt) uses:
// - DATA_WIDTH_A/B of 1, 2, 4, 9 or 18 (true dual port), or 36 on both
//   ports (the pseudo-dual-port form: A writes {DIB, DIA}, B reads
//   {DOB, DOA});
// - 18- and 36-bit writes with the byte enables on the low address bits
//   (ADx[1:0], and ADA[3:0] at 36), narrower writes with WEx alone;
// - WRITEMODE NORMAL (the port's output holds while it writes),
//   WRITETHROUGH (shows the new data), READBEFOREWRITE (the old data);
// - RESETMODE SYNC or ASYNC clearing the output register only;
// - REGMODE NOREG, CSDECODE 0b000, non-inverted clocks. Anything else stops
//   the simulation with $fatal, so a mapping this model does not know can
//   never pass the check by accident.
//
// Layout, as Yosys's memory library rules state it (passes/memory/memlib.md):
// the block is 1024 words of 18 bits; an 18-bit word is two 9-bit words (low
// first); a 9-bit word is two 4-bit words plus an extra bit (bit 8); 4 is
// two 2s, 2 is two 1s; a 36-bit word is two 18-bit words, low first.
// INITVAL_k holds 18-bit words 16k..16k+15, each in a 20-bit field.
// Both ports see the memory as it was before the clock edge: a read and a
// write of the same bit on the two ports in one cycle reads the old value.

`timescale 1ns / 1ps

module DP16KD (
  input  DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9,
         DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
  input  ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4,
         ADA3, ADA2, ADA1, ADA0,
  input  CEA, OCEA, CLKA, WEA, RSTA,
  input  CSA2, CSA1, CSA0,
  output DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9,
         DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
  input  DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9,
         DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
  input  ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4,
         ADB3, ADB2, ADB1, ADB0,
  input  CEB, OCEB, CLKB, WEB, RSTB,
  input  CSB2, CSB1, CSB0,
  output DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9,
         DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
  parameter DATA_WIDTH_A = 18;
  parameter DATA_WIDTH_B = 18;
  parameter REGMODE_A = "NOREG";
  parameter REGMODE_B = "NOREG";
  parameter RESETMODE = "SYNC";
  parameter ASYNC_RESET_RELEASE = "SYNC";
  parameter CSDECODE_A = "0b000";
  parameter CSDECODE_B = "0b000";
  parameter WRITEMODE_A = "NORMAL";
  parameter WRITEMODE_B = "NORMAL";
  parameter CLKAMUX = "CLKA";
  parameter CLKBMUX = "CLKB";
  parameter GSR = "ENABLED";
  parameter [319:0]
    INITVAL_00 = 0, INITVAL_01 = 0, INITVAL_02 = 0, INITVAL_03 = 0,
    INITVAL_04 = 0, INITVAL_05 = 0, INITVAL_06 = 0, INITVAL_07 = 0,
    INITVAL_08 = 0, INITVAL_09 = 0, INITVAL_0A = 0, INITVAL_0B = 0,
    INITVAL_0C = 0, INITVAL_0D = 0, INITVAL_0E = 0, INITVAL_0F = 0,
    INITVAL_10 = 0, INITVAL_11 = 0, INITVAL_12 = 0, INITVAL_13 = 0,
    INITVAL_14 = 0, INITVAL_15 = 0, INITVAL_16 = 0, INITVAL_17 = 0,
    INITVAL_18 = 0, INITVAL_19 = 0, INITVAL_1A = 0, INITVAL_1B = 0,
    INITVAL_1C = 0, INITVAL_1D = 0, INITVAL_1E = 0, INITVAL_1F = 0,
    INITVAL_20 = 0, INITVAL_21 = 0, INITVAL_22 = 0, INITVAL_23 = 0,
    INITVAL_24 = 0, INITVAL_25 = 0, INITVAL_26 = 0, INITVAL_27 = 0,
    INITVAL_28 = 0, INITVAL_29 = 0, INITVAL_2A = 0, INITVAL_2B = 0,
    INITVAL_2C = 0, INITVAL_2D = 0, INITVAL_2E = 0, INITVAL_2F = 0,
    INITVAL_30 = 0, INITVAL_31 = 0, INITVAL_32 = 0, INITVAL_33 = 0,
    INITVAL_34 = 0, INITVAL_35 = 0, INITVAL_36 = 0, INITVAL_37 = 0,
    INITVAL_38 = 0, INITVAL_39 = 0, INITVAL_3A = 0, INITVAL_3B = 0,
    INITVAL_3C = 0, INITVAL_3D = 0, INITVAL_3E = 0, INITVAL_3F = 0;

  localparam Pdp = (DATA_WIDTH_A == 36);   // pseudo dual port: A writes, B reads

  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5,
                     ADA4, ADA3, ADA2, ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5,
                     ADB4, ADB3, ADB2, ADB1, ADB0};
  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10,
                     DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10,
                     DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
  wire        sel_a = ({CSA2, CSA1, CSA0} == 3'b000);
  wire        sel_b = ({CSB2, CSB1, CSB0} == 3'b000);

  reg  [17:0] mem [0:1023];
  reg  [35:0] doa_q, dob_q;

  function [319:0] initval(input integer k);
    case (k)
      'h00: initval = INITVAL_00; 'h01: initval = INITVAL_01;
      'h02: initval = INITVAL_02; 'h03: initval = INITVAL_03;
      'h04: initval = INITVAL_04; 'h05: initval = INITVAL_05;
      'h06: initval = INITVAL_06; 'h07: initval = INITVAL_07;
      'h08: initval = INITVAL_08; 'h09: initval = INITVAL_09;
      'h0A: initval = INITVAL_0A; 'h0B: initval = INITVAL_0B;
      'h0C: initval = INITVAL_0C; 'h0D: initval = INITVAL_0D;
      'h0E: initval = INITVAL_0E; 'h0F: initval = INITVAL_0F;
      'h10: initval = INITVAL_10; 'h11: initval = INITVAL_11;
      'h12: initval = INITVAL_12; 'h13: initval = INITVAL_13;
      'h14: initval = INITVAL_14; 'h15: initval = INITVAL_15;
      'h16: initval = INITVAL_16; 'h17: initval = INITVAL_17;
      'h18: initval = INITVAL_18; 'h19: initval = INITVAL_19;
      'h1A: initval = INITVAL_1A; 'h1B: initval = INITVAL_1B;
      'h1C: initval = INITVAL_1C; 'h1D: initval = INITVAL_1D;
      'h1E: initval = INITVAL_1E; 'h1F: initval = INITVAL_1F;
      'h20: initval = INITVAL_20; 'h21: initval = INITVAL_21;
      'h22: initval = INITVAL_22; 'h23: initval = INITVAL_23;
      'h24: initval = INITVAL_24; 'h25: initval = INITVAL_25;
      'h26: initval = INITVAL_26; 'h27: initval = INITVAL_27;
      'h28: initval = INITVAL_28; 'h29: initval = INITVAL_29;
      'h2A: initval = INITVAL_2A; 'h2B: initval = INITVAL_2B;
      'h2C: initval = INITVAL_2C; 'h2D: initval = INITVAL_2D;
      'h2E: initval = INITVAL_2E; 'h2F: initval = INITVAL_2F;
      'h30: initval = INITVAL_30; 'h31: initval = INITVAL_31;
      'h32: initval = INITVAL_32; 'h33: initval = INITVAL_33;
      'h34: initval = INITVAL_34; 'h35: initval = INITVAL_35;
      'h36: initval = INITVAL_36; 'h37: initval = INITVAL_37;
      'h38: initval = INITVAL_38; 'h39: initval = INITVAL_39;
      'h3A: initval = INITVAL_3A; 'h3B: initval = INITVAL_3B;
      'h3C: initval = INITVAL_3C; 'h3D: initval = INITVAL_3D;
      'h3E: initval = INITVAL_3E; default: initval = INITVAL_3F;
    endcase
  endfunction

  function legal_width(input integer w);
    legal_width = (w == 1 || w == 2 || w == 4 || w == 9 || w == 18);
  endfunction

  integer k, i;
  reg [319:0] iv;
  initial begin
    if (!(Pdp ? DATA_WIDTH_B == 36 : legal_width(DATA_WIDTH_A) && legal_width(DATA_WIDTH_B)))
      $fatal(1, "DP16KD %m: DATA_WIDTH_A=%0d DATA_WIDTH_B=%0d not modelled",
             DATA_WIDTH_A, DATA_WIDTH_B);
    if (REGMODE_A != "NOREG" || REGMODE_B != "NOREG")
      $fatal(1, "DP16KD %m: only REGMODE NOREG is modelled");
    if (CSDECODE_A != "0b000" || CSDECODE_B != "0b000")
      $fatal(1, "DP16KD %m: only CSDECODE 0b000 is modelled");
    if (CLKAMUX != "CLKA" || CLKBMUX != "CLKB")
      $fatal(1, "DP16KD %m: inverted clocks are not modelled");
    if (RESETMODE != "SYNC" && RESETMODE != "ASYNC")
      $fatal(1, "DP16KD %m: RESETMODE %0s", RESETMODE);
    for (k = 0; k < 64; k = k + 1) begin
      iv = initval(k);
      for (i = 0; i < 16; i = i + 1) mem[k * 16 + i] = iv[i * 20 +: 18];
    end
    doa_q = 36'd0;
    dob_q = 36'd0;
  end

  // The bit offset of a narrow (1/2/4/9-bit) entry inside its 18-bit word.
  function integer bit_off(input integer width, input [13:0] ad);
    if (width == 9) bit_off = ad[3] * 9;
    else            bit_off = ad[3] * 9 + (ad[2:0] & ~(width - 1));
  endfunction

  function [35:0] rd(input integer width, input [13:0] ad);
    reg [17:0] w;
    integer    j;
    begin
      rd = 36'd0;
      if (width == 36) rd = {mem[{ad[13:5], 1'b1}], mem[{ad[13:5], 1'b0}]};
      else if (width == 18) rd = {18'd0, mem[ad[13:4]]};
      else begin
        w = mem[ad[13:4]];
        for (j = 0; j < width; j = j + 1) rd[j] = w[bit_off(width, ad) + j];
      end
    end
  endfunction

  // Nonblocking, bit by bit: the other port's read in the same edge sees
  // the old contents, and two ports writing different bits of one word
  // both land.
  task wr(input integer width, input [13:0] ad, input [35:0] d);
    integer j, off;
    begin
      if (width == 36) begin
        for (j = 0; j < 36; j = j + 1)
          if (ad[j / 9]) mem[{ad[13:5], j >= 18}][j % 18] <= d[j];
      end else if (width == 18) begin
        for (j = 0; j < 18; j = j + 1)
          if (ad[j / 9]) mem[ad[13:4]][j] <= d[j];
      end else begin
        off = bit_off(width, ad);
        for (j = 0; j < width; j = j + 1) mem[ad[13:4]][off + j] <= d[j];
      end
    end
  endtask

  // The data a port's output shows after it writes d (WRITETHROUGH).
  function [35:0] merged(input integer width, input [13:0] ad, input [35:0] d);
    integer j;
    begin
      merged = rd(width, ad);
      if (width >= 18) begin
        for (j = 0; j < width; j = j + 1) if (ad[j / 9]) merged[j] = d[j];
      end else merged = d & ((36'd1 << width) - 1);
    end
  endfunction

  wire arst_a = (RESETMODE == "ASYNC") && RSTA;
  wire arst_b = (RESETMODE == "ASYNC") && RSTB;

  always @(posedge CLKA or posedge arst_a) begin
    if (arst_a) doa_q <= 36'd0;
    else begin
      if (CEA && sel_a && WEA) wr(DATA_WIDTH_A, ada, {dib, dia});
      if (RESETMODE == "SYNC" && RSTA) doa_q <= 36'd0;
      else if (CEA && sel_a && !Pdp) begin
        if (!WEA) doa_q <= rd(DATA_WIDTH_A, ada);
        else if (WRITEMODE_A == "WRITETHROUGH") doa_q <= merged(DATA_WIDTH_A, ada, {18'd0, dia});
        else if (WRITEMODE_A == "READBEFOREWRITE") doa_q <= rd(DATA_WIDTH_A, ada);
      end
    end
  end

  always @(posedge CLKB or posedge arst_b) begin
    if (arst_b) dob_q <= 36'd0;
    else begin
      if (CEB && sel_b && WEB && !Pdp) wr(DATA_WIDTH_B, adb, {18'd0, dib});
      if (RESETMODE == "SYNC" && RSTB) dob_q <= 36'd0;
      else if (CEB && sel_b) begin
        if (!WEB || Pdp) dob_q <= rd(DATA_WIDTH_B, adb);
        else if (WRITEMODE_B == "WRITETHROUGH") dob_q <= merged(DATA_WIDTH_B, adb, {18'd0, dib});
        else if (WRITEMODE_B == "READBEFOREWRITE") dob_q <= rd(DATA_WIDTH_B, adb);
      end
    end
  end

  wire [17:0] doa = Pdp ? dob_q[17:0]  : doa_q[17:0];
  wire [17:0] dob = Pdp ? dob_q[35:18] : dob_q[17:0];
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8,
          DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8,
          DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;
endmodule
