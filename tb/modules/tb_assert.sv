// Test wrapper for tb/modules/test_rtl_assert.cpp: the blocks that carry
// assertions, driven straight from the harness so that each assertion can be
// violated on purpose: a FIFO (f_* ports), the AXI protocol checker on a bus
// the harness plays both ends of (ports named as the checker's), and the tile
// register file (t_* ports).

`default_nettype none

module tb_assert (
  input  logic           clk_i,
  input  logic           rst_ni,

  input  logic           f_push_i,
  input  logic [7:0]     f_wdata_i,
  input  logic           f_pop_i,
  output logic [7:0]     f_rdata_o,
  output logic           f_empty_o,
  output logic           f_full_o,

  input  logic [31:0]    awaddr_i,
  input  logic [7:0]     awlen_i,
  input  logic [2:0]     awsize_i,
  input  logic [1:0]     awburst_i,
  input  logic           awvalid_i,
  input  logic           awready_i,
  input  logic [63:0]    wdata_i,
  input  logic [7:0]     wstrb_i,
  input  logic           wlast_i,
  input  logic           wvalid_i,
  input  logic           wready_i,
  input  logic [1:0]     bresp_i,
  input  logic           bvalid_i,
  input  logic           bready_i,
  input  logic [31:0]    araddr_i,
  input  logic [7:0]     arlen_i,
  input  logic [2:0]     arsize_i,
  input  logic [1:0]     arburst_i,
  input  logic           arvalid_i,
  input  logic           arready_i,
  input  logic [63:0]    rdata_i,
  input  logic [1:0]     rresp_i,
  input  logic           rlast_i,
  input  logic           rvalid_i,
  input  logic           rready_i,

  output logic           t_init_done_o,
  input  logic           t_rd0_req_i,
  input  logic [4:0]     t_rd0_reg_i,
  input  logic [3:0]     t_rd0_row_i,
  input  logic           t_rd1_req_i,
  input  logic [4:0]     t_rd1_reg_i,
  input  logic [3:0]     t_rd1_row_i,
  output logic           t_rd_ready_o,
  input  logic           t_wr_req_i,
  input  logic [4:0]     t_wr_reg_i,
  input  logic           t_wr1_req_i,
  input  logic [4:0]     t_wr1_reg_i
);

  logic [2:0] f_count;
  mosaic_mem_fifo #(
    .Width (8),
    .Depth (4)
  ) u_fifo (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .push_i  (f_push_i),
    .wdata_i (f_wdata_i),
    .pop_i   (f_pop_i),
    .rdata_o (f_rdata_o),
    .empty_o (f_empty_o),
    .full_o  (f_full_o),
    .count_o (f_count)
  );

  mosaic_axi_checker #(
    .DataWidth (64)
  ) u_axi (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .awaddr_i  (awaddr_i),
    .awlen_i   (awlen_i),
    .awsize_i  (awsize_i),
    .awburst_i (awburst_i),
    .awvalid_i (awvalid_i),
    .awready_i (awready_i),
    .wdata_i   (wdata_i),
    .wstrb_i   (wstrb_i),
    .wlast_i   (wlast_i),
    .wvalid_i  (wvalid_i),
    .wready_i  (wready_i),
    .bresp_i   (bresp_i),
    .bvalid_i  (bvalid_i),
    .bready_i  (bready_i),
    .araddr_i  (araddr_i),
    .arlen_i   (arlen_i),
    .arsize_i  (arsize_i),
    .arburst_i (arburst_i),
    .arvalid_i (arvalid_i),
    .arready_i (arready_i),
    .rdata_i   (rdata_i),
    .rresp_i   (rresp_i),
    .rlast_i   (rlast_i),
    .rvalid_i  (rvalid_i),
    .rready_i  (rready_i)
  );

  logic           t_conflict, t_rd0_valid, t_rd1_valid, t_wr_ready;
  logic [511:0]   t_rd0_data, t_rd1_data;
  logic [127:0]   t_tags;
  mosaic_tu_trf u_trf (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .init_done_o (t_init_done_o),
    .rd0_req_i   (t_rd0_req_i),
    .rd0_reg_i   (t_rd0_reg_i),
    .rd0_row_i   (t_rd0_row_i),
    .rd1_req_i   (t_rd1_req_i),
    .rd1_reg_i   (t_rd1_reg_i),
    .rd1_row_i   (t_rd1_row_i),
    .rd_ready_o  (t_rd_ready_o),
    .conflict_o  (t_conflict),
    .rd0_valid_o (t_rd0_valid),
    .rd0_data_o  (t_rd0_data),
    .rd1_valid_o (t_rd1_valid),
    .rd1_data_o  (t_rd1_data),
    .wr_req_i    (t_wr_req_i),
    .wr_reg_i    (t_wr_reg_i),
    .wr_row_i    (4'd0),
    .wr_be_i     ({64{1'b1}}),
    .wr_data_i   ('0),
    .wr_ready_o  (t_wr_ready),
    .wr1_req_i   (t_wr1_req_i),
    .wr1_reg_i   (t_wr1_reg_i),
    .wr1_row_i   (4'd1),
    .wr1_data_i  ('0),
    .tag_we_i    ('0),
    .tag_i       ('0),
    .tags_o      (t_tags)
  );

  // The harness reads only what it drives the protocol by.
  logic unused;
  assign unused = ^{f_count, t_conflict, t_rd0_valid, t_rd1_valid, t_wr_ready, t_rd0_data,
                    t_rd1_data, t_tags};

endmodule

`default_nettype wire
