// Module test: mosaic_core_mul (MUL, MULH, MULHSU, MULHU) against 64-bit
// products computed here, on corner cases and random operands; also the
// handshake: done one cycle after the request, held until ack, cleared by
// kill. Prints "PASS: name" / "FAIL: name: why" lines.

`timescale 1ns / 1ps
`default_nettype none

module mosaic_core_mul_tb;

  logic        clk, rst_n, req, ack, kill, done;
  logic [1:0]  op;
  logic [31:0] a, b, y;
  integer      errors, proto_errors;

  mosaic_core_mul dut (
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

  function automatic logic [31:0] ref_mul(input logic [1:0] o, input logic [31:0] x,
                                          input logic [31:0] z);
    longint p;
    longint unsigned pu;
    case (o)
      2'd0: begin pu = {32'd0, x} * {32'd0, z}; ref_mul = pu[31:0]; end
      2'd1: begin p = longint'($signed(x)) * longint'($signed(z)); ref_mul = p[63:32]; end
      2'd2: begin p = longint'($signed(x)) * longint'({32'd0, z}); ref_mul = p[63:32]; end
      default: begin pu = {32'd0, x} * {32'd0, z}; ref_mul = pu[63:32]; end
    endcase
  endfunction

  // One multiply: request, expect done after exactly one cycle, hold for
  // `hold` extra cycles (result must stay), then acknowledge.
  task automatic run(input logic [1:0] o, input logic [31:0] x, input logic [31:0] z,
                     input integer hold);
    logic [31:0] exp;
    exp = ref_mul(o, x, z);
    @(negedge clk);
    op = o; a = x; b = z; req = 1'b1;
    @(negedge clk);
    if (!done) proto_errors = proto_errors + 1;
    // Operands may change once the multiply has started.
    a = ~x; b = ~z;
    for (int h = 0; h < hold; h++) begin
      if (!done || y !== exp) proto_errors = proto_errors + 1;
      @(negedge clk);
    end
    if (y !== exp) begin
      errors = errors + 1;
      if (errors <= 5) $display("FAIL: mul op %0d %08x * %08x: got %08x, expected %08x",
                                o, x, z, y, exp);
    end
    ack = 1'b1;
    @(negedge clk);
    ack = 1'b0; req = 1'b0;
    if (done) proto_errors = proto_errors + 1;
  endtask

  logic [31:0] corners [0:7];

  initial begin
    errors = 0; proto_errors = 0;
    req = 1'b0; ack = 1'b0; kill = 1'b0; op = 2'd0; a = '0; b = '0;
    rst_n = 1'b0;
    repeat (2) @(negedge clk);
    rst_n = 1'b1;
    corners[0] = 32'h0; corners[1] = 32'h1; corners[2] = 32'hFFFF_FFFF; corners[3] = 32'h7FFF_FFFF;
    corners[4] = 32'h8000_0000; corners[5] = 32'h8000_0001; corners[6] = 32'h0001_0000;
    corners[7] = 32'hDEAD_BEEF;
    for (int o = 0; o < 4; o++)
      for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) run(o[1:0], corners[i], corners[j], 0);
    if (errors == 0) $display("PASS: mul corner cases");
    for (int n = 0; n < 3000; n++) run($urandom % 4, $urandom, $urandom, n % 3);
    if (errors == 0) $display("PASS: mul random operands (3000)");
    // kill while done: the unit drops the result and is idle again
    @(negedge clk);
    op = 2'd0; a = 32'd3; b = 32'd5; req = 1'b1;
    @(negedge clk);
    req = 1'b0; kill = 1'b1;
    @(negedge clk);
    kill = 1'b0;
    if (done) proto_errors = proto_errors + 1;
    run(2'd0, 32'd6, 32'd7, 1);
    if (proto_errors == 0) $display("PASS: mul handshake (one-cycle latency, hold, ack, kill)");
    else $display("FAIL: mul handshake: %0d violations", proto_errors);
    if (errors != 0) $display("FAIL: mul: %0d wrong results", errors);
    $finish;
  end

endmodule

`default_nettype wire
