// Memory system and bus blocks: on-chip RAM, main memory, scratchpad, the
// AXI slave that serves them, FIFOs, the AXI arbiter and width adapter, and
// the AXI protocol checker (assertions only).
// requires: pkg
rtl/mem/mosaic_axi_arb.sv
rtl/mem/mosaic_axi_checker.sv
rtl/mem/mosaic_axi_up.sv
rtl/mem/mosaic_mem_decode.sv
rtl/mem/mosaic_mem_fifo.sv
rtl/mem/mosaic_mem_ram.sv
rtl/mem/mosaic_mem_scpad.sv
rtl/mem/mosaic_mem_sys.sv
rtl/mem/mosaic_mem_wide.sv
