// SoC: core, memories, tensor unit, timer, UART, simulation control.
// requires: core mem tu
rtl/soc/mosaic_clint.sv
rtl/soc/mosaic_simctrl.sv
rtl/soc/mosaic_soc.sv
rtl/soc/mosaic_soc_fpga.sv
rtl/soc/mosaic_uart.sv
