// Tensor unit: issue check, queue, TRF, MAC array, vector/reduction/activation
// engines, TensorLoad, load/store, SDMA.
// requires: pkg prim fp mem
rtl/tu/mosaic_tu.sv
rtl/tu/mosaic_tu_array.sv
rtl/tu/mosaic_tu_check.sv
rtl/tu/mosaic_tu_csr.sv
rtl/tu/mosaic_tu_decode.sv
rtl/tu/mosaic_tu_fmt_width.sv
rtl/tu/mosaic_tu_lane_fold.sv
rtl/tu/mosaic_tu_lsu.sv
rtl/tu/mosaic_tu_lsu_beat.sv
rtl/tu/mosaic_tu_lsu_burst.sv
rtl/tu/mosaic_tu_mma.sv
rtl/tu/mosaic_tu_pe.sv
rtl/tu/mosaic_tu_range_ok.sv
rtl/tu/mosaic_tu_red.sv
rtl/tu/mosaic_tu_redseq.sv
rtl/tu/mosaic_tu_row_addr.sv
rtl/tu/mosaic_tu_row_pack.sv
rtl/tu/mosaic_tu_row_unpack.sv
rtl/tu/mosaic_tu_scpad_xfer.sv
rtl/tu/mosaic_tu_sdma.sv
rtl/tu/mosaic_tu_sdma_buf.sv
rtl/tu/mosaic_tu_sdma_check.sv
rtl/tu/mosaic_tu_sdma_iter.sv
rtl/tu/mosaic_tu_tact.sv
rtl/tu/mosaic_tu_tact_lane.sv
rtl/tu/mosaic_tu_tl.sv
rtl/tu/mosaic_tu_tl_burst.sv
rtl/tu/mosaic_tu_tl_gather.sv
rtl/tu/mosaic_tu_tl_mradd.sv
rtl/tu/mosaic_tu_trf.sv
rtl/tu/mosaic_tu_trf_bank.sv
rtl/tu/mosaic_tu_vec.sv
rtl/tu/mosaic_tu_vec_div.sv
rtl/tu/mosaic_tu_vec_lane.sv
rtl/tu/mosaic_tu_vecseq.sv
