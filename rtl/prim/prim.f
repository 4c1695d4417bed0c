// Primitives the IPs share: the clock gate.
// requires: (nothing)
rtl/prim/mosaic_clock_gate.sv
