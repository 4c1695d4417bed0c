// TensorLoad engine: one gather lane's byte select (2^IdxW : 1).
//
// For synthesis it is an explicit binary tree of 2:1 byte muxes (level k
// picks with idx bit k): Yosys maps `data_i[8*idx_i +: 8]` to a full-width
// barrel shifter and takes many minutes to prune it, while the tree is the
// 2^IdxW - 1 byte muxes directly. Simulators get the indexed select, since
// an event-driven simulator (Icarus) crawls through 16k mux nodes per lane.
// test_rtl_tl can be built with +define+SYNTHESIS to run the tree.

`default_nettype none

module mosaic_tu_tl_gather #(
  parameter int IdxW = 11
) (
  input  logic [8*(2**IdxW)-1:0] data_i,
  input  logic [IdxW-1:0]        idx_i,
  output logic [7:0]             byte_o
);

`ifdef SYNTHESIS
  localparam int N = 2 ** IdxW;

  // Level k holds N >> k bytes: element e is the byte among
  // [e << k, (e + 1) << k) that the low k index bits select.
  for (genvar k = 0; k < IdxW; k++) begin : g_lvl
    wire [8*(N >> (k + 1))-1:0] sel;
    for (genvar e = 0; e < (N >> (k + 1)); e++) begin : g_e
      if (k == 0) begin : g_leaf
        assign sel[8*e +: 8] = idx_i[0] ? data_i[8*(2*e+1) +: 8] : data_i[8*(2*e) +: 8];
      end else begin : g_inner
        assign sel[8*e +: 8] = idx_i[k] ? g_lvl[k-1].sel[8*(2*e+1) +: 8] : g_lvl[k-1].sel[8*(2*e) +: 8];
      end
    end
  end

  assign byte_o = g_lvl[IdxW-1].sel;
`else
  assign byte_o = data_i[8*idx_i +: 8];
`endif

endmodule

`default_nettype wire
