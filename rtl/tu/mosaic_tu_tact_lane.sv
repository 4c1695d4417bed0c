// One lane of the activation unit: y = mosaic_tact_f32(func, x) of the
// golden model (sw/golden/tact.c), bits and flags, for one FP32 element.
//
// tact.c's operation sequences are the specification: this lane performs
// the same FP32 operations on the same operands in the same data flow, one
// per cycle on a single combinational mosaic_fma32 (always RNE), plus one
// mosaic_div32 for recip and for the sigmoid's quotient. Between them only
// the integer manipulations tact.c allows: sign flips, 2^k patterns,
// pattern comparisons, selects. Using the FMA for every operation is exact
// (rtl/fp/mosaic_fma32.sv): add(a, b) = fma(a, 1, b), sub(a, b) =
// fma(a, 1, -b), mul(a, b) = fma(a, b, -0) under RNE.
//
// Micro-program (uop_q; one FMA operation per step, dest in brackets):
//   gelu 2u  G0..G13  x2[r0] x2l[r1] ph[r2] pl[r3] wh[r4] z[r5] e[r5]
//                     (e+pl)[r5] (+K2_LO)[r5] fma(A2_LO,x2,.)[r5]
//                     wl[r5] th[r6] fma(x,wh,-th)[r0] tl[r7]
//   exp_core E0..E15  k[r0] (n <- k - MAGIC) m[r1] r1[r2] s[r3] r[r1]
//                     q[r4] x4 r2[r1] h[r5] z[r0] hl[r0] (hl+s)[r0] u[r0]
//                     p[r0]
//   sigmoid  D  d = fma(p, 2^max(n,-126), 1)[r1]
//            Num  num = x * (t<0 ? p : 1)[r2]
//            Div  q = num / d issued to the divider (recip: 1 / x)
//            DivW waits for the quotient; on its arrival the first scale
//                 multiply q * 2^k1 [r1] (recip: the quotient itself [r3])
//   exp      Sc0  p * 2^k1 [r1]
//   both     Sc1  * 2^k2 [r1]
// Sequences per func (all operand-independent; the clamp and NaN cases of
// tact.c run the same steps and select their constant result at the end):
//   relu, 5-7  Out                                   latency  1
//   gelu       G0-G13 E0-E15 D Num Div DivW(14) Sc1 Out       49
//   silu       E0-E15 D Num Div DivW(14) Sc1 Out              35
//   exp        E0-E15 Sc0 Sc1 Out                             19
//   recip      Div DivW(14) Out                               16
// (latency: cycles from the accepting edge to valid_o.)
//
// Flags (tact.c): NX if any executed operation was inexact (OR of the FMA's
// and the divider's NX over the sequence), then result_flags(x, y, nx): UF
// if NX and y is subnormal or zero, OF|NX if y is infinite and x finite.
// Clamped results use nx = 1 (tact.c sets the same flags directly), and none
// when x is infinite; NaN inputs give the canonical NaN with no flags; recip
// gives exactly the divider's flags. Func 5-7 (illegal, trapped before the
// unit) give the canonical NaN with no flags, as mosaic_tact_f32 does.
//
// Handshake: a value is accepted when valid_i & ready_o (func_i and x_i are
// sampled then); valid_o is high in step Out and y_o/flags_o hold until
// valid_o & ready_i. ready_o is high when idle and, combinationally from
// ready_i, in the cycle the result is taken. Lanes given the same handshake
// run in lockstep (the sequence length depends on func only).
//
// MOSAIC_INJECT_TACT_BUG (test builds only): the exp polynomial's c2 is one
// ulp too large, so tb/modules/test_rtl_tact can prove it notices.

`default_nettype none

module mosaic_tu_tact_lane #(
  // 1: the FMA is the one mosaic_tu_redseq shares (mosaic_tu_fma_slot).
  parameter bit ExtFma = 1'b0
) (
  input  logic        clk_i,
  input  logic        rst_ni,

  input  logic        valid_i,
  output logic        ready_o,
  input  logic [2:0]  func_i,
  input  logic [31:0] x_i,

  output logic        valid_o,
  input  logic        ready_i,
  output logic [31:0] y_o,
  output logic [5:0]  flags_o,
  // The shared FMA (ExtFma = 1; request 0 and result unused at 0).
  output logic [mosaic_pkg::FmaReqW-1:0] fx_req_o,
  input  logic [mosaic_pkg::FmaResW-1:0] fx_res_i
);

  // FP32 constants of sw/golden/tact.c.
  localparam logic [31:0] Sign     = 32'h8000_0000;
  localparam logic [31:0] Abs      = 32'h7FFF_FFFF;
  localparam logic [31:0] QNan     = 32'h7FC0_0000;
  localparam logic [31:0] PInf     = 32'h7F80_0000;
  localparam logic [31:0] One      = 32'h3F80_0000;
  localparam logic [31:0] NegZero  = 32'h8000_0000;
  localparam logic [31:0] Magic    = 32'h4B40_0000;
  localparam logic [31:0] Log2e    = 32'h3FB8_AA3B;
  localparam logic [31:0] Ln2Hi    = 32'h3F31_7218;
  localparam logic [31:0] Ln2Lo    = 32'hB102_E308;
`ifdef MOSAIC_INJECT_TACT_BUG
  localparam logic [31:0] ExpC2    = 32'h3EFF_FFFF;
`else
  localparam logic [31:0] ExpC2    = 32'h3EFF_FFFE;
`endif
  localparam logic [31:0] ExpC3    = 32'h3E2A_AA49;
  localparam logic [31:0] ExpC4    = 32'h3D2A_AC55;
  localparam logic [31:0] ExpC5    = 32'h3C09_1CB7;
  localparam logic [31:0] ExpC6    = 32'h3AB5_291C;
  localparam logic [31:0] ExpXmax  = 32'h42B1_7217;
  localparam logic [31:0] ExpXmin  = 32'hC2CF_F1B4;
  localparam logic [31:0] K2Hi     = 32'h3FCC_422A;
  localparam logic [31:0] K2Lo     = 32'hB342_BC9B;
  localparam logic [31:0] A2Hi     = 32'h3D92_2279;
  localparam logic [31:0] A2Lo     = 32'h3124_D8B5;
  localparam logic [31:0] GeluXbig = 32'h4180_0000;
  localparam logic [31:0] SigAmin  = 32'hC2F0_0000;

  localparam logic [2:0] FnRelu  = 3'd0;
  localparam logic [2:0] FnGelu  = 3'd1;
  localparam logic [2:0] FnSilu  = 3'd2;
  localparam logic [2:0] FnExp   = 3'd3;
  localparam logic [2:0] FnRecip = 3'd4;

  // Steps, numbered so that most of them simply advance by one.
  localparam logic [5:0] UIdle = 6'd0;
  localparam logic [5:0] UG0   = 6'd1;   // .. UG13 = 14
  localparam logic [5:0] UG13  = 6'd14;
  localparam logic [5:0] UE0   = 6'd15;  // .. UE15 = 30
  localparam logic [5:0] UE15  = 6'd30;
  localparam logic [5:0] UD    = 6'd31;
  localparam logic [5:0] UNum  = 6'd32;
  localparam logic [5:0] UDiv  = 6'd33;
  localparam logic [5:0] UDivW = 6'd34;
  localparam logic [5:0] USc0  = 6'd35;
  localparam logic [5:0] USc1  = 6'd36;
  localparam logic [5:0] UOut  = 6'd37;

  // Operand sources of the FMA.
  localparam logic [4:0] SConst = 5'd0;
  localparam logic [4:0] SX     = 5'd1;
  localparam logic [4:0] SR0    = 5'd2;
  localparam logic [4:0] SR1    = 5'd3;
  localparam logic [4:0] SR2    = 5'd4;
  localparam logic [4:0] SR3    = 5'd5;
  localparam logic [4:0] SR4    = 5'd6;
  localparam logic [4:0] SR5    = 5'd7;
  localparam logic [4:0] SR6    = 5'd8;
  localparam logic [4:0] SBmax  = 5'd9;
  localparam logic [4:0] SSmin  = 5'd10;
  localparam logic [4:0] SAh    = 5'd11;
  localparam logic [4:0] SAl    = 5'd12;
  localparam logic [4:0] SP2d   = 5'd13;
  localparam logic [4:0] SNumB  = 5'd14;
  localparam logic [4:0] SP2k1  = 5'd15;
  localparam logic [4:0] SP2k2  = 5'd16;
  localparam logic [4:0] SQuot  = 5'd17;

  // Destinations.
  localparam logic [3:0] DR0   = 4'd0;
  localparam logic [3:0] DR1   = 4'd1;
  localparam logic [3:0] DR2   = 4'd2;
  localparam logic [3:0] DR3   = 4'd3;
  localparam logic [3:0] DR4   = 4'd4;
  localparam logic [3:0] DR5   = 4'd5;
  localparam logic [3:0] DR6   = 4'd6;
  localparam logic [3:0] DR7   = 4'd7;
  localparam logic [3:0] DNone = 4'd8;

  logic [5:0]  uop_q, uop_d;
  logic [2:0]  func_q;
  logic [31:0] x_q;
  logic [31:0] r0_q, r1_q, r2_q, r3_q, r4_q, r5_q, r6_q, r7_q;
  logic signed [9:0] n_q;
  logic        nx_q;
  logic [5:0]  dfl_q;

  logic is_gelu, is_silu, is_exp, is_recip;
  assign is_gelu  = func_q == FnGelu;
  assign is_silu  = func_q == FnSilu;
  assign is_exp   = func_q == FnExp;
  assign is_recip = func_q == FnRecip;

  logic accept;
  assign accept  = valid_i & ready_o;
  assign valid_o = uop_q == UOut;
  assign ready_o = (uop_q == UIdle) | (valid_o & ready_i);

  // ---------------------------------------------------------------------
  // Lane-local operands (integer manipulations only)
  // ---------------------------------------------------------------------
  // t = 2u (gelu: th + tl in r6/r7) or x (silu); a = -|t|.
  logic        neg;
  logic [31:0] a_hi, a_lo;
  assign neg  = is_gelu ? r6_q[31] : x_q[31];
  assign a_hi = is_gelu ? (r6_q | Sign) : is_silu ? (x_q | Sign) : x_q;
  assign a_lo = is_gelu ? (neg ? r7_q : r7_q ^ Sign) :
                is_silu ? (neg ? 32'h0 : Sign) : 32'h0;

  // max/min(K2_HI, ph): both non-negative, so the patterns order like the
  // values.
  logic        ph_big;
  logic [31:0] bmax, smin;
  assign ph_big = r2_q > K2Hi;
  assign bmax   = ph_big ? r2_q : K2Hi;
  assign smin   = ph_big ? K2Hi : r2_q;

  // 2^k patterns. k is only meaningful (|k| < 512, factors normal) where
  // tact.c uses the result; elsewhere the bits are don't-care garbage, and
  // the biased exponents' top bits are never needed.
  logic signed [9:0] n_d, ks, k1, k2;
  logic [9:0]  e_d, e_k1, e_k2;
  logic [31:0] p2d, p2k1, p2k2, num_b;
  assign n_d  = (n_q < -10'sd126) ? -10'sd126 : n_q;
  assign ks   = (is_exp | neg) ? n_q : 10'sd0;
  assign k1   = ks >>> 1;            // floor(k / 2), as tact.c's scale()
  assign k2   = ks - k1;
  assign e_d  = n_d + 10'sd127;
  assign e_k1 = k1 + 10'sd127;
  assign e_k2 = k2 + 10'sd127;
  assign p2d  = {1'b0, e_d[7:0], 23'd0};
  assign p2k1 = {1'b0, e_k1[7:0], 23'd0};
  assign p2k2 = {1'b0, e_k2[7:0], 23'd0};
  assign num_b = neg ? r0_q : One;

  // ---------------------------------------------------------------------
  // Step decode
  // ---------------------------------------------------------------------
  logic [4:0]  sel_a, sel_b, sel_c;
  logic [31:0] ka, kb, kc;
  logic        neg_c;
  logic [3:0]  dst;

  always_comb begin
    sel_a = SConst;
    sel_b = SConst;
    sel_c = SConst;
    ka    = One;
    kb    = One;
    kc    = NegZero;
    neg_c = 1'b0;
    dst   = DNone;
    unique case (uop_q)
      // gelu: 2u = x (K2 + A2 x^2) as th + tl
      6'd1:  begin sel_a = SX;    sel_b = SX;                               dst = DR0; end
      6'd2:  begin sel_a = SX;    sel_b = SX;    sel_c = SR0; neg_c = 1'b1; dst = DR1; end
      6'd3:  begin ka = A2Hi;     sel_b = SR0;                              dst = DR2; end
      6'd4:  begin ka = A2Hi;     sel_b = SR0;   sel_c = SR2; neg_c = 1'b1; dst = DR3; end
      6'd5:  begin sel_a = SBmax;                sel_c = SSmin;             dst = DR4; end
      6'd6:  begin sel_a = SR4;                  sel_c = SBmax; neg_c = 1'b1; dst = DR5; end
      6'd7:  begin sel_a = SSmin;                sel_c = SR5; neg_c = 1'b1; dst = DR5; end
      6'd8:  begin sel_a = SR5;                  sel_c = SR3;               dst = DR5; end
      6'd9:  begin sel_a = SR5;                  kc = K2Lo;                 dst = DR5; end
      6'd10: begin ka = A2Lo;     sel_b = SR0;   sel_c = SR5;               dst = DR5; end
      6'd11: begin ka = A2Hi;     sel_b = SR1;   sel_c = SR5;               dst = DR5; end
      6'd12: begin sel_a = SX;    sel_b = SR4;                              dst = DR6; end
      6'd13: begin sel_a = SX;    sel_b = SR4;   sel_c = SR6; neg_c = 1'b1; dst = DR0; end
      6'd14: begin sel_a = SX;    sel_b = SR5;   sel_c = SR0;               dst = DR7; end
      // exp_core(a_hi, a_lo) -> p, n
      6'd15: begin sel_a = SAh;   kb = Log2e;    kc = Magic;                dst = DR0; end
      6'd16: begin ka = Magic;                   sel_c = SR0; neg_c = 1'b1; dst = DR1; end
      6'd17: begin sel_a = SR1;   kb = Ln2Hi;    sel_c = SAh;               dst = DR2; end
      6'd18: begin sel_a = SR1;   kb = Ln2Lo;    sel_c = SAl;               dst = DR3; end
      6'd19: begin sel_a = SR2;                  sel_c = SR3;               dst = DR1; end
      6'd20: begin ka = ExpC6;    sel_b = SR1;   kc = ExpC5;                dst = DR4; end
      6'd21: begin sel_a = SR4;   sel_b = SR1;   kc = ExpC4;                dst = DR4; end
      6'd22: begin sel_a = SR4;   sel_b = SR1;   kc = ExpC3;                dst = DR4; end
      6'd23: begin sel_a = SR4;   sel_b = SR1;   kc = ExpC2;                dst = DR4; end
      6'd24: begin sel_a = SR1;   sel_b = SR1;                              dst = DR1; end
      6'd25: begin                               sel_c = SR2;               dst = DR5; end
      6'd26: begin sel_a = SR5;                  kc = One; neg_c = 1'b1;    dst = DR0; end
      6'd27: begin sel_a = SR2;                  sel_c = SR0; neg_c = 1'b1; dst = DR0; end
      6'd28: begin sel_a = SR0;                  sel_c = SR3;               dst = DR0; end
      6'd29: begin sel_a = SR1;   sel_b = SR4;   sel_c = SR0;               dst = DR0; end
      6'd30: begin sel_a = SR5;                  sel_c = SR0;               dst = DR0; end
      // x_sigmoid tail and scale()
      UD:    begin sel_a = SR0;   sel_b = SP2d;  kc = One;                  dst = DR1; end
      UNum:  begin sel_a = SX;    sel_b = SNumB;                            dst = DR2; end
      UDivW: begin sel_a = SQuot; sel_b = SP2k1;                            dst = DR1; end
      USc0:  begin sel_a = SR0;   sel_b = SP2k1;                            dst = DR1; end
      USc1:  begin sel_a = SR1;   sel_b = SP2k2;                            dst = DR1; end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------
  // FMA operands and the units
  // ---------------------------------------------------------------------
  logic [31:0] div_res;
  logic [5:0]  div_flags;
  logic        div_valid, div_ready;

  logic [31:0] op_a, op_b, op_c0, op_c;
  always_comb begin
    unique case (sel_a)
      SX:      op_a = x_q;
      SR0:     op_a = r0_q;
      SR1:     op_a = r1_q;
      SR2:     op_a = r2_q;
      SR4:     op_a = r4_q;
      SR5:     op_a = r5_q;
      SBmax:   op_a = bmax;
      SSmin:   op_a = smin;
      SAh:     op_a = a_hi;
      SQuot:   op_a = div_res;
      default: op_a = ka;
    endcase
  end

  always_comb begin
    unique case (sel_b)
      SX:      op_b = x_q;
      SR0:     op_b = r0_q;
      SR1:     op_b = r1_q;
      SR4:     op_b = r4_q;
      SR5:     op_b = r5_q;
      SP2d:    op_b = p2d;
      SNumB:   op_b = num_b;
      SP2k1:   op_b = p2k1;
      SP2k2:   op_b = p2k2;
      default: op_b = kb;
    endcase
  end

  always_comb begin
    unique case (sel_c)
      SR0:     op_c0 = r0_q;
      SR2:     op_c0 = r2_q;
      SR3:     op_c0 = r3_q;
      SR5:     op_c0 = r5_q;
      SR6:     op_c0 = r6_q;
      SBmax:   op_c0 = bmax;
      SSmin:   op_c0 = smin;
      SAh:     op_c0 = a_hi;
      SAl:     op_c0 = a_lo;
      default: op_c0 = kc;
    endcase
  end
  assign op_c = op_c0 ^ {neg_c, 31'd0};

  logic [31:0] fma_res;
  logic [5:0]  fma_flags;

  mosaic_tu_fma_slot #(
    .Ext (ExtFma)
  ) u_fma (
    .a_i     (op_a),
    .b_i     (op_b),
    .c_i     (op_c),
    .rm_i    (mosaic_pkg::RmRne),
    .res_o   (fma_res),
    .flags_o (fma_flags),
    .req_o   (fx_req_o),
    .res_i   (fx_res_i)
  );

  mosaic_div32 u_div (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (uop_q == UDiv),
    .ready_o (div_ready),
    .a_i     (is_recip ? One : r2_q),
    .b_i     (is_recip ? x_q : r1_q),
    .rm_i    (mosaic_pkg::RmRne),
    .valid_o (div_valid),
    .ready_i (uop_q == UDivW),
    .res_o   (div_res),
    .flags_o (div_flags)
  );

  // ---------------------------------------------------------------------
  // Sequencer and registers
  // ---------------------------------------------------------------------
  // A step in DivW only happens when the quotient is there.
  logic step, wr_fma;
  assign step   = (uop_q != UDivW) | div_valid;
  assign wr_fma = step & (dst != DNone) & ~(uop_q == UDivW & is_recip);

  logic [5:0] start;
  always_comb begin
    unique case (func_i)
      FnGelu:        start = UG0;
      FnSilu, FnExp: start = UE0;
      FnRecip:       start = UDiv;
      default:       start = UOut;
    endcase
  end

  always_comb begin
    uop_d = uop_q;
    unique case (uop_q)
      UIdle:   if (accept) uop_d = start;
      UOut:    if (accept) uop_d = start; else if (ready_i) uop_d = UIdle;
      UG13:    uop_d = UE0;
      UE15:    uop_d = is_exp ? USc0 : UD;
      UDivW:   if (div_valid) uop_d = is_recip ? UOut : USc1;
      USc1:    uop_d = UOut;
      default: uop_d = uop_q + 6'd1;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      uop_q <= UIdle;
    end else begin
      uop_q <= uop_d;
    end
  end

  // Data registers need no reset: valid_o qualifies them.
  always_ff @(posedge clk_i) begin
    if (accept) begin
      func_q <= func_i;
      x_q    <= x_i;
      nx_q   <= 1'b0;
    end else if (step) begin
      if (wr_fma) begin
        nx_q <= nx_q | fma_flags[mosaic_pkg::FlagNx] |
                ((uop_q == UDivW) & div_flags[mosaic_pkg::FlagNx]);
      end
      if (uop_q == UE0) begin
        // k = MAGIC + n exactly and MAGIC's low bits are zero.
        n_q <= fma_res[9:0];
      end
      if (uop_q == UDivW & is_recip) begin
        r3_q  <= div_res;
        dfl_q <= div_flags;
      end
    end
    if (wr_fma) begin
      unique case (dst)
        DR0:     r0_q <= fma_res;
        DR1:     r1_q <= fma_res;
        DR2:     r2_q <= fma_res;
        DR3:     r3_q <= fma_res;
        DR4:     r4_q <= fma_res;
        DR5:     r5_q <= fma_res;
        DR6:     r6_q <= fma_res;
        DR7:     r7_q <= fma_res;
        default: ;
      endcase
    end
  end

  // ---------------------------------------------------------------------
  // Result selection: tact.c's special and clamped cases, flags
  // ---------------------------------------------------------------------
  logic        x_nan, x_inf, exp_hi, exp_lo, silu_big, gelu_big, sig_big;
  assign x_nan    = (x_q & Abs) > PInf;
  assign x_inf    = (x_q & Abs) == PInf;
  assign exp_hi   = ~x_q[31] & ((x_q & Abs) > (ExpXmax & Abs));
  assign exp_lo   = x_q[31] & ((x_q & Abs) > (ExpXmin & Abs));
  assign silu_big = (x_q & Abs) > (SigAmin & Abs);
  assign gelu_big = ~((GeluXbig & Abs) > (x_q & Abs));
  assign sig_big  = (r6_q & Abs) > (SigAmin & Abs);

  logic [31:0] y;
  logic        clamp, y_nan, use_div_flags;
  always_comb begin
    y             = QNan;
    clamp         = 1'b0;
    y_nan         = 1'b0;
    use_div_flags = 1'b0;
    unique case (func_q)
      FnRelu: begin
        y_nan = x_nan;
        y     = x_nan ? QNan : x_q[31] ? 32'h0 : x_q;
      end
      FnGelu: begin
        y_nan = x_nan;
        if (x_nan) begin
          y = QNan;
        end else if (gelu_big | sig_big) begin
          clamp = 1'b1;
          y     = (gelu_big ? x_q[31] : r6_q[31]) ? Sign : x_q;
        end else begin
          y = r1_q;
        end
      end
      FnSilu: begin
        y_nan = x_nan;
        if (x_nan) begin
          y = QNan;
        end else if (silu_big) begin
          clamp = 1'b1;
          y     = x_q[31] ? Sign : x_q;
        end else begin
          y = r1_q;
        end
      end
      FnExp: begin
        y_nan = x_nan;
        if (x_nan) begin
          y = QNan;
        end else if (exp_hi | exp_lo) begin
          clamp = 1'b1;
          y     = exp_hi ? PInf : 32'h0;
        end else begin
          y = r1_q;
        end
      end
      FnRecip: begin
        use_div_flags = 1'b1;
        y             = r3_q;
      end
      default: y_nan = 1'b1;
    endcase
  end

  // result_flags(x, y, nx) of tact.c.
  logic       nx_eff, quiet;
  logic [5:0] rflags;
  assign nx_eff = clamp | nx_q;
  assign quiet  = y_nan | (func_q == FnRelu) | (clamp & x_inf);
  always_comb begin
    rflags = 6'd0;
    rflags[mosaic_pkg::FlagNx] = nx_eff;
    rflags[mosaic_pkg::FlagUf] = nx_eff & (y[30:23] == 8'd0);
    if ((y & Abs) == PInf && !x_inf) begin
      rflags[mosaic_pkg::FlagOf] = 1'b1;
      rflags[mosaic_pkg::FlagNx] = 1'b1;
    end
  end

  assign y_o     = y;
  assign flags_o = use_div_flags ? dfl_q : quiet ? 6'd0 : rflags;

  logic unused;
  assign unused = ^{div_ready, e_d[9:8], e_k1[9:8], e_k2[9:8]};

endmodule

`default_nettype wire
