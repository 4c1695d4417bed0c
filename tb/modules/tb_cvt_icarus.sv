// Icarus bench for mosaic_fmt_cvt: replays golden-model vectors written by
// tb/modules/gen_fp_vectors.c. Compiled twice by tb/modules.mk, against the
// RTL and against the Yosys netlist of it, so both the second simulator and
// the synthesised logic are held to the golden model.
//
// Plusargs: +vectors=FILE +n=COUNT +name=CASE. Prints `PASS: CASE` or
// `FAIL: CASE: ...` (mismatch details on `#` lines before it).

`default_nettype none

module tb_cvt_icarus;

  localparam int MaxVectors = 65536;

  logic [127:0] vec [MaxVectors];

  logic [3:0]  from, to;
  logic [31:0] bits_in, bits_out, want;
  logic [2:0]  rm;
  logic [2:0]  opts;
  logic [5:0]  flags_out, want_flags;

  mosaic_fmt_cvt u_dut (
    .from_i       (from),
    .to_i         (to),
    .bits_i       (bits_in),
    .rm_i         (rm),
    .fp8_sat_i    (opts[0]),
    .subnormals_i (opts[1]),
    .int_wrap_i   (opts[2]),
    .bits_o       (bits_out),
    .flags_o      (flags_out)
  );

  initial begin
    string file, name;
    int    n, mism;
    if (!$value$plusargs("vectors=%s", file)) file = "cvt.hex";
    if (!$value$plusargs("n=%d", n)) n = 0;
    if (!$value$plusargs("name=%s", name)) name = "icarus_cvt";
    if (n > MaxVectors) n = MaxVectors;
    $readmemh(file, vec, 0, n - 1);
    mism = 0;
    for (int i = 0; i < n; i++) begin
      bits_in    = vec[i][127:96];
      want       = vec[i][95:64];
      from       = vec[i][59:56];
      to         = vec[i][51:48];
      rm         = vec[i][42:40];
      opts       = vec[i][34:32];
      want_flags = vec[i][29:24];
      #1;
      if (bits_out !== want || flags_out !== want_flags) begin
        mism++;
        if (mism <= 5)
          $display("# mismatch: from %0d to %0d bits %08h rm %0d opts %0d: got %08h/%02h want %08h/%02h",
                   from, to, bits_in, rm, opts, bits_out, flags_out, want, want_flags);
      end
    end
    if (n == 0)         $display("FAIL: %0s: no vectors", name);
    else if (mism == 0) $display("PASS: %0s (%0d vectors)", name, n);
    else                $display("FAIL: %0s: %0d of %0d vectors mismatch", name, mism, n);
    $finish;
  end

endmodule

`default_nettype wire
