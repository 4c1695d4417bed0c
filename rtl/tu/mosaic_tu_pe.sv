// Tensor-array processing element: one output-stationary accumulator of a
// tmma / mmacc tile, updated by one k-step per cycle.
//
// Arithmetic (docs/numerics.md "Tensor arithmetic", golden mosaic_mma_tile):
//   float:   acc = fma(a, b, acc) with ONE FP32 rounding per k-step
//            (mosaic_fma32_mul + mosaic_fma32_add, bit-exact with
//            mosaic_f32_fma). The PE sees its k-steps strictly in the order
//            they are issued, one per cycle, so the order of the reduction is
//            the issue order k = 0..K-1 and nothing else.
//   integer: acc = acc + a*b exactly. a, b are INT8/INT16 values sign-extended
//            to 32 bits by the array edge; only bits 15:0 matter (the product
//            of two INT16 is at most 2^30 in magnitude). The accumulator is
//            IntAccW = 40 bits: an op starts from an INT32 (D, or the
//            previous op's result clamped to INT32) and adds at most 16
//            products, |sum| <= 2^31 + 16 * 2^30 < 2^35, so 36 bits would do;
//            40 bits leave room for up to 2^39 / 2^30 - 2 = 510 steps.
//            The last step of an op clamps the sum to INT32 (saturate, or
//            wrap for AME SAT=0) so a chained op continues from exactly what
//            the golden model writes to an INT32 D. Clamping to INT32 first
//            is also exact for a narrower D: sat8(sat32(x)) = sat8(x) and
//            wrap8(wrap32(x)) = wrap8(x).
//
// Pipeline (one loop, one cycle long):
//   S0 (cycle t)   operands at the ports; the exact product (float bundle or
//                  32-bit integer product) is formed and registered.
//   S1 (cycle t+1) the add half adds the registered product to the
//                  accumulator (or to the staged D on a load step) and rounds;
//                  acc_q (and out_q on a last step) load at the end of t+1.
// So step k+1's product is registered while step k is added: one k-step per
// cycle, and acc_q after step t is visible from cycle t+2.
//
// Registers: acc_q (accumulator), d_q (staged D for the next load op, so D
// can be written while the previous op still streams), out_q (snapshot of
// the accumulator at the end of each op, read out while the next op streams).
//
// Fold > 1 (mosaic_tu_array PeFold x PeRowFold, the FPGA configuration):
// the PE holds Fold output elements (Fold accumulators, D and snapshot
// registers) and one FMA; sel_i says which element a step updates, one per
// cycle, so the array does a k-step in Fold cycles. Each element still
// sees its k-steps in issue order, so the results are those of Fold = 1.
// The elements are DRows rows of Fold / DRows; D is written a row at a
// time (d_we_i[u] writes row u from d_i).

`default_nettype none

module mosaic_tu_pe #(
  parameter int Fold  = 1,
  parameter int DRows = 1   // divides Fold
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // k-step (S0): valid for this PE (array valid AND row/col enable) ...
  input  logic        step_i,
  // ... and a step of the op that does not update this PE (outside m x n):
  // it still takes D on a load step and snapshots on a last step.
  input  logic        pass_i,
  input  logic        load_i,   // first step of an op that starts from d_q
  input  logic        last_i,   // last step of an op: snapshot (and clamp)
  input  logic        int_i,    // integer op
  input  logic        wrap_i,   // integer op: wrap instead of saturating
  input  logic [2:0]  rm_i,     // float rounding mode (RISC-V code)
  // Which of the Fold elements the step updates (ignored when Fold = 1).
  input  logic [$clog2(Fold > 1 ? Fold : 2)-1:0] sel_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  // D staging write of row u (its element f at [32*f +: 32]).
  input  logic [DRows-1:0] d_we_i,
  input  logic [Fold/DRows*32-1:0] d_i,
  // Snapshot of the accumulators at the last op end (FP32 or INT32 bits).
  output logic [Fold*32-1:0] out_o,
  // Flags of the step that completed in the previous cycle (0 if none).
  output logic [5:0]  flags_o
);

  // Not inlined: the Verilator model keeps this module a class of its own
  // and runs one copy of its code for all PeRows x PeCols instances instead
  // of one inlined copy per instance, about 1.5x faster with the 16x16
  // array busy (docs/performance.md, "RTL simulation speed"). Synthesis and
  // Icarus ignore the comment.
  /* verilator no_inline_module */

  localparam int IntAccW = 40;
  localparam int SelW    = $clog2(Fold > 1 ? Fold : 2);
  localparam bit Folded  = (Fold > 1);
  localparam int DRowW   = Fold / DRows * 32;

  // ---------------------------------------------------------------------
  // S0: product
  // ---------------------------------------------------------------------
  logic        p_nan, p_nv, p_inf, p_zero, p_sign;
  logic [8:0]  p_exp;
  logic [47:0] p_sig;

  mosaic_fma32_mul u_mul (
    .a_i    (a_i),
    .b_i    (b_i),
    .nan_o  (p_nan),
    .nv_o   (p_nv),
    .inf_o  (p_inf),
    .zero_o (p_zero),
    .sign_o (p_sign),
    .exp_o  (p_exp),
    .sig_o  (p_sig)
  );

  // Integer product: INT16 x INT16 fits 32 bits signed.
  logic signed [31:0] int_prod;
  assign int_prod = $signed(a_i[15:0]) * $signed(b_i[15:0]);

  // ---------------------------------------------------------------------
  // S0 -> S1 registers. The integer product shares the significand register
  // (an op is either float or integer), so the PE pays one product register.
  // ---------------------------------------------------------------------
  logic        s1_step_q, s1_pass_q;
  logic        s1_load_q, s1_last_q, s1_int_q, s1_wrap_q;
  logic [2:0]  s1_rm_q;
  logic [SelW-1:0] s1_sel;
  logic        s1_nan_q, s1_nv_q, s1_inf_q, s1_zero_q, s1_sign_q;
  logic [8:0]  s1_exp_q;
  logic [47:0] s1_sig_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      s1_step_q <= 1'b0;
      s1_pass_q <= 1'b0;
    end else begin
      s1_step_q <= step_i;
      s1_pass_q <= pass_i && !step_i;
    end
  end

  // Data registers need no reset: s1_step_q / s1_pass_q qualify them.
  always_ff @(posedge clk_i) begin
    if (step_i || pass_i) begin
      s1_load_q <= load_i;
      s1_last_q <= last_i;
      s1_int_q  <= int_i;
      s1_wrap_q <= wrap_i;
      s1_rm_q   <= rm_i;
    end
    if (step_i) begin
      s1_nan_q  <= p_nan;
      s1_nv_q   <= p_nv;
      s1_inf_q  <= p_inf;
      s1_zero_q <= p_zero;
      s1_sign_q <= p_sign;
      s1_exp_q  <= p_exp;
      s1_sig_q  <= int_i ? {{16{int_prod[31]}}, int_prod} : p_sig;
    end
  end

  // ---------------------------------------------------------------------
  // S1: accumulate
  // ---------------------------------------------------------------------
  // Element f at [IntAccW*f +: IntAccW] / [32*f +: 32] (flat vectors:
  // Yosys 0.23 reads no multi-dimensional packed arrays).
  logic [Fold*IntAccW-1:0] acc_q;
  logic [Fold*32-1:0]      d_q, out_q;
  logic [IntAccW-1:0]      acc_d;

  // With one element the select is the constant 0: no mux, and the
  // simulator sees the Fold = 1 logic unchanged.
  if (Folded) begin : g_sel
    logic [SelW-1:0] s1_sel_q;
    always_ff @(posedge clk_i) begin
      if (step_i || pass_i) begin
        s1_sel_q <= sel_i;
      end
    end
    assign s1_sel = s1_sel_q;
  end else begin : g_nosel
    assign s1_sel = '0;
    logic unused_sel;
    assign unused_sel = ^sel_i;
  end

  // Addend: the staged D on a load step, else the running accumulator.
  logic [IntAccW-1:0] base, acc_sel;
  logic [31:0]        d_sel;
  // A select per element, not a variable part-select (Yosys 0.23 builds
  // that as a shifter by a multiple of 40 over the whole vector).
  always_comb begin
    acc_sel = '0;
    d_sel   = '0;
    for (int f = 0; f < Fold; f++) begin
      if (s1_sel == SelW'(f)) begin
        acc_sel = acc_q[IntAccW*f +: IntAccW];
        d_sel   = d_q[32*f +: 32];
      end
    end
  end
  assign base    = s1_load_q ? {{(IntAccW-32){d_sel[31]}}, d_sel} : acc_sel;

  logic [31:0] f_res;
  logic [5:0]  f_flags;

  mosaic_fma32_add u_add (
    .p_nan_i  (s1_nan_q),
    .p_nv_i   (s1_nv_q),
    .p_inf_i  (s1_inf_q),
    .p_zero_i (s1_zero_q),
    .p_sign_i (s1_sign_q),
    .p_exp_i  (s1_exp_q),
    .p_sig_i  (s1_sig_q),
    .c_i      (base[31:0]),
    .rm_i     (s1_rm_q),
    .res_o    (f_res),
    .flags_o  (f_flags)
  );

  // Integer sum, then the op-end clamp to INT32.
  logic [IntAccW-1:0] i_sum, i_res;
  logic               i_hi, i_lo, i_sat;
  assign i_sum = base + {{(IntAccW-32){s1_sig_q[31]}}, s1_sig_q[31:0]};
  assign i_hi  = !i_sum[IntAccW-1] && (i_sum[IntAccW-2:31] != '0);
  assign i_lo  = i_sum[IntAccW-1] && (i_sum[IntAccW-2:31] != '1);
  assign i_sat = s1_last_q && !s1_wrap_q && (i_hi || i_lo);
  always_comb begin
    i_res = i_sum;
    if (s1_last_q) begin
      if (s1_wrap_q) begin
        i_res = {{(IntAccW-32){i_sum[31]}}, i_sum[31:0]};
      end else if (i_hi) begin
        i_res = {{(IntAccW-31){1'b0}}, {31{1'b1}}};
      end else if (i_lo) begin
        i_res = {{(IntAccW-31){1'b1}}, {31{1'b0}}};
      end
    end
  end

  // Next accumulator: updated by a step, or just reloaded from D by a pass
  // step (outside m x n the element keeps D's bits).
  always_comb begin
    acc_d = acc_sel;
    if (s1_step_q) begin
      acc_d = s1_int_q ? i_res : {{(IntAccW-32){1'b0}}, f_res};
    end else if (s1_pass_q) begin
      acc_d = base;
    end
  end

  logic [5:0] flags_d;
  always_comb begin
    flags_d = '0;
    if (s1_step_q) begin
      flags_d = s1_int_q ? {i_sat, 5'b0} : f_flags;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_q   <= '0;
      out_q   <= '0;
      d_q     <= '0;
      flags_o <= '0;
    end else begin
      flags_o <= flags_d;
      // One enable per element (a variable-index write of the packed
      // vector would synthesise to a shifter).
      for (int f = 0; f < Fold; f++) begin
        if ((s1_step_q || s1_pass_q) && s1_sel == SelW'(f)) begin
          acc_q[IntAccW*f +: IntAccW] <= acc_d;
          if (s1_last_q) begin
            out_q[32*f +: 32] <= acc_d[31:0];
          end
        end
      end
      for (int u = 0; u < DRows; u++) begin
        if (d_we_i[u]) begin
          d_q[DRowW*u +: DRowW] <= d_i;
        end
      end
    end
  end

  assign out_o = out_q;

endmodule

`default_nettype wire
