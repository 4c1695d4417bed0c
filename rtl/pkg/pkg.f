// Shared package: address map, opcodes, CSR numbers, trap causes.
// requires: (nothing)
rtl/pkg/mosaic_pkg.sv
