// Module test: mosaic_core_div (DIV, DIVU, REM, REMU) against values computed
// here with the RISC-V rules for division by zero and signed overflow, on
// corner cases and random operands; also the latency (33 cycles), hold,
// ack and kill. Prints "PASS: name" / "FAIL: name: why" lines.

`timescale 1ns / 1ps
`default_nettype none

module mosaic_core_div_tb;

  logic        clk, rst_n, req, ack, kill, done;
  logic [1:0]  op;
  logic [31:0] a, b, y;
  integer      errors, proto_errors;

  mosaic_core_div dut (
    .clk_i    (clk),
    .rst_ni   (rst_n),
    .req_i    (req),
    .ack_i    (ack),
    .kill_i   (kill),
    .op_i     (op),
    .a_i      (a),
    .b_i      (b),
    .done_o   (done),
    .result_o (y)
  );

  initial clk = 1'b0;
  always #5 clk = ~clk;

  localparam int Latency = 33;

  function automatic logic [31:0] ref_div(input logic [1:0] o, input logic [31:0] x,
                                          input logic [31:0] z);
    int sx, sz;
    sx = $signed(x);
    sz = $signed(z);
    case (o)
      2'd0: begin  // div
        if (z == 0) ref_div = 32'hFFFF_FFFF;
        else if (x == 32'h8000_0000 && z == 32'hFFFF_FFFF) ref_div = 32'h8000_0000;
        else ref_div = sx / sz;
      end
      2'd1: ref_div = (z == 0) ? 32'hFFFF_FFFF : x / z;  // divu
      2'd2: begin  // rem
        if (z == 0) ref_div = x;
        else if (x == 32'h8000_0000 && z == 32'hFFFF_FFFF) ref_div = 32'd0;
        else ref_div = sx % sz;
      end
      default: ref_div = (z == 0) ? x : x % z;  // remu
    endcase
  endfunction

  task automatic run(input logic [1:0] o, input logic [31:0] x, input logic [31:0] z);
    logic [31:0] exp;
    integer waited;
    exp = ref_div(o, x, z);
    @(negedge clk);
    op = o; a = x; b = z; req = 1'b1;
    waited = 0;
    @(negedge clk);
    a = ~x; b = ~z;  // operands are captured at the start
    while (!done && waited < 100) begin
      waited = waited + 1;
      @(negedge clk);
    end
    if (waited + 1 != Latency) proto_errors = proto_errors + 1;
    if (y !== exp) begin
      errors = errors + 1;
      if (errors <= 5) $display("FAIL: div op %0d %08x / %08x: got %08x, expected %08x",
                                o, x, z, y, exp);
    end
    @(negedge clk);
    if (!done || y !== exp) proto_errors = proto_errors + 1;  // held until ack
    ack = 1'b1;
    @(negedge clk);
    ack = 1'b0; req = 1'b0;
    if (done) proto_errors = proto_errors + 1;
  endtask

  logic [31:0] corners [0:9];

  initial begin
    errors = 0; proto_errors = 0;
    req = 1'b0; ack = 1'b0; kill = 1'b0; op = 2'd0; a = '0; b = '0;
    rst_n = 1'b0;
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    corners[0] = 32'h0; corners[1] = 32'h1; corners[2] = 32'hFFFF_FFFF; corners[3] = 32'h7FFF_FFFF;
    corners[4] = 32'h8000_0000; corners[5] = 32'h8000_0001; corners[6] = 32'h0000_0007;
    corners[7] = 32'hFFFF_FFF9; corners[8] = 32'h0001_0000; corners[9] = 32'hDEAD_BEEF;
    for (int o = 0; o < 4; o++)
      for (int i = 0; i < 10; i++)
        for (int j = 0; j < 10; j++) run(o[1:0], corners[i], corners[j]);
    if (errors == 0) $display("PASS: div corner cases (division by zero, overflow, signs)");
    for (int n = 0; n < 1000; n++) begin
      logic [31:0] x, z;
      x = $urandom;
      z = $urandom;
      if (n % 3 == 0) z = z >> ($urandom % 32);
      run($urandom % 4, x, z);
    end
    if (errors == 0) $display("PASS: div random operands (1000)");
    // kill in the middle of a division: idle again, next one correct
    @(negedge clk);
    op = 2'd0; a = 32'd100; b = 32'd7; req = 1'b1;
    repeat (5) @(negedge clk);
    req = 1'b0; kill = 1'b1;
    @(negedge clk);
    kill = 1'b0;
    repeat (40) begin
      if (done) proto_errors = proto_errors + 1;
      @(negedge clk);
    end
    run(2'd2, 32'd100, 32'd7);
    if (proto_errors == 0) $display("PASS: div handshake (latency %0d, hold, ack, kill)", Latency);
    else $display("FAIL: div handshake: %0d violations", proto_errors);
    if (errors != 0) $display("FAIL: div: %0d wrong results", errors);
    $finish;
  end

endmodule

`default_nettype wire
