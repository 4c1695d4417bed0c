// Icarus bench for mosaic_fma32 (Stages = 0): replays golden-model vectors
// written by tb/modules/gen_fp_vectors.c, against the RTL and against its
// Yosys netlist (see tb_cvt_icarus.sv).
//
// Plusargs: +vectors=FILE +n=COUNT +name=CASE.

`default_nettype none

module tb_fma32_icarus;

  localparam int MaxVectors = 65536;

  logic [159:0] vec [MaxVectors];

  logic [31:0] a, b, c, res, want;
  logic [2:0]  rm;
  logic [5:0]  flags, want_flags;
  logic        valid_out;

  mosaic_fma32 u_dut (
    .clk_i   (1'b0),
    .rst_ni  (1'b1),
    .valid_i (1'b1),
    .a_i     (a),
    .b_i     (b),
    .c_i     (c),
    .rm_i    (rm),
    .valid_o (valid_out),
    .res_o   (res),
    .flags_o (flags)
  );

  initial begin
    string file, name;
    int    n, mism;
    if (!$value$plusargs("vectors=%s", file)) file = "fma.hex";
    if (!$value$plusargs("n=%d", n)) n = 0;
    if (!$value$plusargs("name=%s", name)) name = "icarus_fma32";
    if (n > MaxVectors) n = MaxVectors;
    $readmemh(file, vec, 0, n - 1);
    mism = 0;
    for (int i = 0; i < n; i++) begin
      a          = vec[i][159:128];
      b          = vec[i][127:96];
      c          = vec[i][95:64];
      want       = vec[i][63:32];
      rm         = vec[i][10:8];
      want_flags = vec[i][5:0];
      #1;
      if (res !== want || flags !== want_flags || valid_out !== 1'b1) begin
        mism++;
        if (mism <= 5)
          $display("# mismatch: a %08h b %08h c %08h rm %0d: got %08h/%02h want %08h/%02h",
                   a, b, c, rm, res, flags, want, want_flags);
      end
    end
    if (n == 0)         $display("FAIL: %0s: no vectors", name);
    else if (mism == 0) $display("PASS: %0s (%0d vectors)", name, n);
    else                $display("FAIL: %0s: %0d of %0d vectors mismatch", name, mism, n);
    $finish;
  end

endmodule

`default_nettype wire
