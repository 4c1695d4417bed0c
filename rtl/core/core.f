// Scalar core: RV32IM + Zicsr + Zicntr pipeline, CSRs, RVFI.
// requires: pkg
rtl/core/mosaic_core.sv
rtl/core/mosaic_core_alu.sv
rtl/core/mosaic_core_csr.sv
rtl/core/mosaic_core_decoder.sv
rtl/core/mosaic_core_div.sv
rtl/core/mosaic_core_mul.sv
rtl/core/mosaic_core_regfile.sv
