// Assertion macros: the one way RTL states an invariant (in the manner of
// lowRISC's prim_assert.sv). Every file that asserts includes this header
// (`include "mosaic_assert.svh"; the tools get -Irtl/prim, $(RTL_INC) in
// rtl/rtl.mk).
//
// What the macros become:
//   - Verilator (and other simulators): immediate assertions in a clocked
//     block named after the assertion, checked when the model is built with
//     --assert (the lockstep and module-test builds are); a failure prints
//     "Assertion failed in <hierarchy>.<name>" and ends the run ($error,
//     and the error limit of a Verilator model is 1).
//   - Yosys with -formal (FORMAL defined): the same assertions, for proofs.
//
// Why immediate assertions in always_ff and not SVA `assert property`: the
// pinned Verilator (5.006) evaluates concurrent assertions with some operands
// already updated by the clock edge they are checked on (a flop's new value
// next to a combinational signal's old one), so a property over registered
// state fires or stays silent one edge off. Procedural code sees every
// value as it was before the edge, as the RTL's own flops do.
//   - Synthesis (SYNTHESIS, which Yosys defines by default) and Icarus 11
//     (no concurrent assertions): nothing. MOSAIC_ASSERT_ON is defined
//     exactly when they are real, so checker instances and the bookkeeping
//     logic that only assertions read can be guarded by it.
//
// Every macro takes the clock and the active-low reset explicitly; a
// property is not checked while the reset is asserted. Reading the
// asynchronous reset as data is what Verilator's SYNCASYNCNET flags; the
// macros waive that warning around the assertion alone. A property is a
// boolean expression (write an implication a -> b as !(a) || (b)). `__name` is the
// label the failure report shows: CamelCase, ending in A (lowRISC).
//
//   `MOSAIC_ASSERT(name, prop, clk, rst_n)        prop holds on every edge
//   `MOSAIC_ASSERT_NEVER(name, cond, clk, rst_n)  cond never holds
//   `MOSAIC_ASSERT_ONEHOT0(name, sig, clk, rst_n) at most one bit of sig set
//   `MOSAIC_ASSERT_HOLD(name, valid, ready, payload, clk, rst_n)
//        a valid/ready handshake: once valid is high without ready, valid
//        stays high and payload stays unchanged on the next edge (AXI A3.2.1)
//   `MOSAIC_ASSUME(name, prop, clk, rst_n)
//   `MOSAIC_ASSUME_HOLD(name, valid, ready, payload, clk, rst_n)
//        the same properties stated of what a block receives: a proof
//        (make formal, tb/formal/) takes them as given; a simulation checks
//        them like assertions, so an environment that breaks them is caught.

`ifndef MOSAIC_ASSERT_SVH
`define MOSAIC_ASSERT_SVH

`ifdef FORMAL
  `define MOSAIC_ASSERT_ON
`elsif SYNTHESIS
`elsif __ICARUS__
`else
  `define MOSAIC_ASSERT_ON
`endif

`ifdef MOSAIC_ASSERT_ON

// MOSAIC_CHECK_ is the one expansion behind the macros; __kind is assert or
// assume. Yosys accepts no action block after an immediate assertion, so the
// FORMAL form is the bare statement; simulators get the $error that names
// the failure.
`ifdef FORMAL
`define MOSAIC_CHECK_(__kind, __name, __prop, __clk, __rst_n)                 \
  always_ff @(posedge __clk) begin : __name                                   \
    if (__rst_n) __kind (__prop);                                             \
  end
`else
`define MOSAIC_CHECK_(__kind, __name, __prop, __clk, __rst_n)                 \
  /* verilator lint_off SYNCASYNCNET */                                       \
  always_ff @(posedge __clk) begin : __name                                   \
    if (__rst_n) __kind (__prop) else $error("assertion %s failed", `"__name`"); \
  end                                                                         \
  /* verilator lint_on SYNCASYNCNET */
`endif

`define MOSAIC_ASSERT(__name, __prop, __clk, __rst_n)                         \
  `MOSAIC_CHECK_(assert, __name, __prop, __clk, __rst_n)

`define MOSAIC_ASSUME(__name, __prop, __clk, __rst_n)                         \
  `MOSAIC_CHECK_(assume, __name, __prop, __clk, __rst_n)

`define MOSAIC_ASSERT_NEVER(__name, __cond, __clk, __rst_n)                   \
  `MOSAIC_ASSERT(__name, !(__cond), __clk, __rst_n)

`define MOSAIC_ASSERT_ONEHOT0(__name, __sig, __clk, __rst_n)                  \
  `MOSAIC_ASSERT(__name, $onehot0(__sig), __clk, __rst_n)

// The previous edge's valid-without-ready and payload are kept in two
// registers of the module (<name>_wait_q, <name>_data_q); the check itself
// is an ordinary MOSAIC_CHECK_ over them.
`define MOSAIC_HOLD_(__kind, __name, __valid, __ready, __payload, __clk, __rst_n) \
  logic __name``_wait_q;                                                        \
  logic [$bits(__payload)-1:0] __name``_data_q;                                 \
  always_ff @(posedge __clk or negedge __rst_n) begin                           \
    if (!(__rst_n)) __name``_wait_q <= 1'b0;                                    \
    else            __name``_wait_q <= (__valid) && !(__ready);                 \
  end                                                                           \
  always_ff @(posedge __clk) __name``_data_q <= (__payload);                    \
  `MOSAIC_CHECK_(__kind, __name, !__name``_wait_q || ((__valid) && (__payload) == __name``_data_q), \
                 __clk, __rst_n)

`define MOSAIC_ASSERT_HOLD(__name, __valid, __ready, __payload, __clk, __rst_n) \
  `MOSAIC_HOLD_(assert, __name, __valid, __ready, __payload, __clk, __rst_n)

`define MOSAIC_ASSUME_HOLD(__name, __valid, __ready, __payload, __clk, __rst_n) \
  `MOSAIC_HOLD_(assume, __name, __valid, __ready, __payload, __clk, __rst_n)

`else

`define MOSAIC_ASSERT(__name, __prop, __clk, __rst_n)
`define MOSAIC_ASSERT_NEVER(__name, __cond, __clk, __rst_n)
`define MOSAIC_ASSERT_ONEHOT0(__name, __sig, __clk, __rst_n)
`define MOSAIC_ASSERT_HOLD(__name, __valid, __ready, __payload, __clk, __rst_n)
`define MOSAIC_ASSUME(__name, __prop, __clk, __rst_n)
`define MOSAIC_ASSUME_HOLD(__name, __valid, __ready, __payload, __clk, __rst_n)

`endif

`endif
