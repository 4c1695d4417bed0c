// Mosaic shared constants: address map, opcodes, ALU/M-extension operation
// codes, trap causes and CSR addresses.
//
// Users refer to these as mosaic_pkg::Name rather than importing the
// package: Yosys 0.23 (Debian) does not parse `import` at all, and explicit
// scoping works in Verilator, Icarus and Yosys alike.
//
// The address map must agree with sw/golden/mosaic_memmap.h;
// sw/tests/rtl/test_memmap_agree.py compares the two (MOSAIC_FOO_BAR in the
// header is FooBar here).

`default_nettype none

package mosaic_pkg;

  // The package mirrors the whole map and every CSR number so that software
  // constants and RTL live in one place; not every constant has an RTL user
  // in every configuration.
  /* verilator lint_off UNUSEDPARAM */

  // ---------------------------------------------------------------------
  // Address map (sw/golden/mosaic_memmap.h)
  // ---------------------------------------------------------------------
  localparam logic [31:0] ClintBase      = 32'h0200_0000;
  localparam logic [31:0] ClintMtimecmp  = 32'h0200_4000;
  localparam logic [31:0] ClintMtime     = 32'h0200_BFF8;
  localparam logic [31:0] ClintSize      = 32'h0001_0000;
  localparam logic [31:0] UartBase       = 32'h1000_0000;
  localparam logic [31:0] UartTxdata     = 32'h1000_0000;
  localparam logic [31:0] UartStatus     = 32'h1000_0004;
  localparam logic [31:0] UartRxdata     = 32'h1000_0008;
  localparam logic [31:0] UartSize       = 32'h0000_1000;
  localparam logic [31:0] SimctrlBase    = 32'h1100_0000;
  localparam logic [31:0] SimctrlExit    = 32'h1100_0000;
  localparam logic [31:0] SimctrlSize    = 32'h0000_1000;
  localparam logic [31:0] ScpadBase      = 32'h2000_0000;
  localparam logic [31:0] ScpadBankBytes = 32'h0001_0000;
  localparam logic [31:0] ScpadBanks     = 32'd2;
  localparam logic [31:0] MainBase       = 32'h4000_0000;
  localparam logic [31:0] MainSize       = 32'h0100_0000;
  localparam logic [31:0] RamBase        = 32'h8000_0000;
  localparam logic [31:0] RamSize        = 32'h0008_0000;
  localparam logic [31:0] ResetPc        = 32'h8000_0000;
  // Fault injection granule (mosaic_mem_sys dram_poison_i, mosaic-sim
  // --dram-poison): a whole number of bus beats.
  localparam logic [31:0] PoisonBytes    = 32'd64;

  // ---------------------------------------------------------------------
  // Major opcodes (inst[6:0])
  // ---------------------------------------------------------------------
  localparam logic [6:0] OpLoad    = 7'h03;
  localparam logic [6:0] OpCustom0 = 7'h0B;
  localparam logic [6:0] OpMiscMem = 7'h0F;
  localparam logic [6:0] OpImm     = 7'h13;
  localparam logic [6:0] OpAuipc   = 7'h17;
  localparam logic [6:0] OpStore   = 7'h23;
  localparam logic [6:0] OpCustom1 = 7'h2B;
  localparam logic [6:0] OpOp      = 7'h33;
  localparam logic [6:0] OpLui     = 7'h37;
  localparam logic [6:0] OpCustom2 = 7'h5B;
  localparam logic [6:0] OpBranch  = 7'h63;
  localparam logic [6:0] OpJalr    = 7'h67;
  localparam logic [6:0] OpJal     = 7'h6F;
  localparam logic [6:0] OpSystem  = 7'h73;
  localparam logic [6:0] OpCustom3 = 7'h7B;

  // ---------------------------------------------------------------------
  // ALU operations (mosaic_core_alu)
  // ---------------------------------------------------------------------
  localparam logic [3:0] AluAdd  = 4'd0;
  localparam logic [3:0] AluSub  = 4'd1;
  localparam logic [3:0] AluSll  = 4'd2;
  localparam logic [3:0] AluSlt  = 4'd3;
  localparam logic [3:0] AluSltu = 4'd4;
  localparam logic [3:0] AluXor  = 4'd5;
  localparam logic [3:0] AluSrl  = 4'd6;
  localparam logic [3:0] AluSra  = 4'd7;
  localparam logic [3:0] AluOr   = 4'd8;
  localparam logic [3:0] AluAnd  = 4'd9;

  // M extension: funct3 of OP with funct7 = 0000001.
  localparam logic [1:0] MulMul    = 2'd0;
  localparam logic [1:0] MulMulh   = 2'd1;
  localparam logic [1:0] MulMulhsu = 2'd2;
  localparam logic [1:0] MulMulhu  = 2'd3;
  localparam logic [1:0] DivDiv    = 2'd0;
  localparam logic [1:0] DivDivu   = 2'd1;
  localparam logic [1:0] DivRem    = 2'd2;
  localparam logic [1:0] DivRemu   = 2'd3;

  // Operand A select.
  localparam logic [1:0] OpASelRs1   = 2'd0;
  localparam logic [1:0] OpASelPc    = 2'd1;
  localparam logic [1:0] OpASelZero  = 2'd2;

  // ---------------------------------------------------------------------
  // Trap causes (mcause exception codes)
  // ---------------------------------------------------------------------
  localparam logic [4:0] ExcInstrMisaligned = 5'd0;
  localparam logic [4:0] ExcInstrFault      = 5'd1;
  localparam logic [4:0] ExcIllegal         = 5'd2;
  localparam logic [4:0] ExcBreakpoint      = 5'd3;
  localparam logic [4:0] ExcLoadMisaligned  = 5'd4;
  localparam logic [4:0] ExcLoadFault       = 5'd5;
  localparam logic [4:0] ExcStoreMisaligned = 5'd6;
  localparam logic [4:0] ExcStoreFault      = 5'd7;
  localparam logic [4:0] ExcEcallM          = 5'd11;
  localparam logic [4:0] IrqMachineTimer    = 5'd7;

  // ---------------------------------------------------------------------
  // CSR addresses
  // ---------------------------------------------------------------------
  localparam logic [11:0] CsrMstatus       = 12'h300;
  localparam logic [11:0] CsrMisa          = 12'h301;
  localparam logic [11:0] CsrMie           = 12'h304;
  localparam logic [11:0] CsrMtvec         = 12'h305;
  localparam logic [11:0] CsrMcountinhibit = 12'h320;
  localparam logic [11:0] CsrMscratch      = 12'h340;
  localparam logic [11:0] CsrMepc          = 12'h341;
  localparam logic [11:0] CsrMcause        = 12'h342;
  localparam logic [11:0] CsrMtval         = 12'h343;
  localparam logic [11:0] CsrMip           = 12'h344;
  localparam logic [11:0] CsrMcycle        = 12'hB00;
  localparam logic [11:0] CsrMinstret      = 12'hB02;
  localparam logic [11:0] CsrMcycleh       = 12'hB80;
  localparam logic [11:0] CsrMinstreth     = 12'hB82;
  localparam logic [11:0] CsrCycle         = 12'hC00;
  localparam logic [11:0] CsrTime          = 12'hC01;
  localparam logic [11:0] CsrInstret       = 12'hC02;
  localparam logic [11:0] CsrCycleh        = 12'hC80;
  localparam logic [11:0] CsrTimeh         = 12'hC81;
  localparam logic [11:0] CsrInstreth      = 12'hC82;
  localparam logic [11:0] CsrMvendorid     = 12'hF11;
  localparam logic [11:0] CsrMarchid       = 12'hF12;
  localparam logic [11:0] CsrMimpid        = 12'hF13;
  localparam logic [11:0] CsrMhartid       = 12'hF14;
  // Trigger CSRs (debug specification) of a core with no triggers: tselect
  // reads 0, tdata1 reads 0 (type 0: no trigger at this index), tdata2/3
  // read 0, tinfo reads 1; writes are ignored.
  localparam logic [11:0] CsrTselect       = 12'h7A0;
  localparam logic [11:0] CsrTdata1        = 12'h7A1;
  localparam logic [11:0] CsrTdata2        = 12'h7A2;
  localparam logic [11:0] CsrTdata3        = 12'h7A3;
  localparam logic [11:0] CsrTinfo         = 12'h7A4;
  // mhpmcounter3..31 = 0xB03..0xB1F, ...h = 0xB83..0xB9F,
  // hpmcounter3..31 = 0xC03..0xC1F, ...h = 0xC83..0xC9F,
  // mhpmevent3..31 = 0x323..0x33F.

  // Tensor CSRs (docs/isa.md "CSRs"): owned by the coprocessor.
  localparam logic [11:0] CsrTlTensorShape = 12'h800;
  localparam logic [11:0] CsrTlPerm        = 12'h801;
  localparam logic [11:0] CsrTlXcfg        = 12'h802;
  localparam logic [11:0] CsrTlXstatus     = 12'h803;
  localparam logic [11:0] CsrTlMask1       = 12'h810;
  localparam logic [11:0] CsrTlMask2       = 12'h811;
  localparam logic [11:0] CsrTlLmask       = 12'h812;
  localparam logic [11:0] CsrTlSmask       = 12'h813;
  localparam logic [11:0] CsrMcsr          = 12'h820;
  localparam logic [11:0] CsrSdmaStride    = 12'h830;
  localparam logic [11:0] CsrSdmaStatus    = 12'h831;
  localparam logic [11:0] CsrSdmaErraddr   = 12'h832;
  // sdma_status code of a bus error on a tensor memory access (docs/isa.md
  // R32); codes 1-4 are mosaic_tu_sdma_check's.
  localparam logic [2:0]  SdmaCodeBus      = 3'd5;
  localparam logic [11:0] CsrMxcfg         = 12'h7C0;
  localparam logic [11:0] CsrMxtile        = 12'h7C1;
  localparam logic [11:0] CsrMxstatus      = 12'h7C2;
  localparam logic [11:0] CsrMddcbase      = 12'h7D0;
  localparam logic [11:0] CsrMddclimit     = 12'h7D1;
  localparam logic [11:0] CsrMddcperm      = 12'h7D2;
  localparam logic [11:0] CsrMtilem        = 12'hCC0;
  localparam logic [11:0] CsrMtilek        = 12'hCC1;
  localparam logic [11:0] CsrMtilen        = 12'hCC2;
  localparam logic [11:0] CsrMamul         = 12'hCC3;
  localparam logic [11:0] CsrMmisa         = 12'hCC4;

  // ---------------------------------------------------------------------
  // Machine identity and fixed CSR fields
  // ---------------------------------------------------------------------
  // misa: MXL = 1 (RV32), I, M and X. The custom opcodes are part of the
  // Mosaic ISA whether or not a tensor unit is attached (without one they
  // trap), so X is always set, as in the golden ISS.
  localparam logic [31:0] Misa         = 32'h4080_1100;
  localparam logic [31:0] Mvendorid    = 32'h0;
  localparam logic [31:0] Marchid      = 32'h0;
  localparam logic [31:0] Mimpid       = 32'h0;
  localparam logic [31:0] Mhartid      = 32'h0;

  // mstatus.TS (tensor context status, bits 24:23; docs/isa.md R8).
  localparam logic [1:0] TsOff     = 2'd0;
  localparam logic [1:0] TsInitial = 2'd1;
  localparam logic [1:0] TsClean   = 2'd2;
  localparam logic [1:0] TsDirty   = 2'd3;

  // --- numerics --------------------------------------------------------
  // Format tags, rounding modes and flag bits of the tensor numerics
  // (sw/golden/mosaic_fmt.h: MOSAIC_FMT_FOO is FmtFoo, MOSAIC_RM_FOO is
  // RmFoo, MOSAIC_FLAG_FOO is bit FlagFoo). Users: mosaic_fmt_cvt,
  // mosaic_fma32 and their helpers (mosaic_fp_*).
  localparam logic [3:0] FmtFp32  = 4'd0;
  localparam logic [3:0] FmtFp16  = 4'd1;
  localparam logic [3:0] FmtBf16  = 4'd2;
  localparam logic [3:0] FmtE4m3  = 4'd3;
  localparam logic [3:0] FmtE5m2  = 4'd4;
  localparam logic [3:0] FmtInt8  = 4'd5;
  localparam logic [3:0] FmtFp4   = 4'd6;
  localparam logic [3:0] FmtInt16 = 4'd7;
  localparam logic [3:0] FmtInt32 = 4'd8;
  localparam logic [3:0] FmtTf32  = 4'd9;

  localparam logic [2:0] RmRne = 3'd0;
  localparam logic [2:0] RmRtz = 3'd1;
  localparam logic [2:0] RmRdn = 3'd2;
  localparam logic [2:0] RmRup = 3'd3;
  localparam logic [2:0] RmRmm = 3'd4;

  // Bit positions in a 6-bit flags vector.
  localparam int FlagNx  = 0; // inexact
  localparam int FlagUf  = 1; // underflow (tiny after rounding, inexact)
  localparam int FlagOf  = 2; // overflow
  localparam int FlagDz  = 3; // divide by zero
  localparam int FlagNv  = 4; // invalid
  localparam int FlagSat = 5; // clamped to a format's max/min
  // --- end numerics ----------------------------------------------------

  // --- tensor-unit issue (mosaic_tu_check, mosaic_tu_decode, mosaic_tu_trf) ---
  // Operation codes the issue-and-check unit hands to the sequencer. One code
  // per instruction, grouped by opcode so a group is a range: custom-2
  // I-type = funct3, custom-2 R-type = 16 + funct7 class, custom-1 = 32 +
  // (0 mmacc, 1..3 msettile m/k/n), custom-0 = 40 + funct3, custom-3 = 48 +
  // funct3. TuOpNone marks an instruction that is not a tensor one.
  localparam logic [5:0] TuOpTld       = 6'd0;
  localparam logic [5:0] TuOpTst       = 6'd1;
  localparam logic [5:0] TuOpTact      = 6'd2;
  localparam logic [5:0] TuOpTcvt      = 6'd3;
  localparam logic [5:0] TuOpTzero     = 6'd4;
  localparam logic [5:0] TuOpTred      = 6'd5;
  localparam logic [5:0] TuOpTscale    = 6'd6;
  localparam logic [5:0] TuOpTadd      = 6'd16;
  localparam logic [5:0] TuOpTmma      = 6'd17;
  localparam logic [5:0] TuOpTsub      = 6'd18;
  localparam logic [5:0] TuOpTmul      = 6'd19;
  localparam logic [5:0] TuOpTmax      = 6'd20;
  localparam logic [5:0] TuOpTmin      = 6'd21;
  localparam logic [5:0] TuOpTrowmax   = 6'd22;
  localparam logic [5:0] TuOpTrowsum   = 6'd23;
  localparam logic [5:0] TuOpTbsub     = 6'd24;
  localparam logic [5:0] TuOpTbmul     = 6'd25;
  localparam logic [5:0] TuOpTbdiv     = 6'd26;
  localparam logic [5:0] TuOpMmacc     = 6'd32;
  localparam logic [5:0] TuOpMsettilem = 6'd33;
  localparam logic [5:0] TuOpMsettilek = 6'd34;
  localparam logic [5:0] TuOpMsettilen = 6'd35;
  localparam logic [5:0] TuOpScpadLd   = 6'd40;
  localparam logic [5:0] TuOpScpadSt   = 6'd41;
  localparam logic [5:0] TuOpScpadWait = 6'd42;
  localparam logic [5:0] TuOpTlXpose   = 6'd48;
  localparam logic [5:0] TuOpTlConcat  = 6'd49;
  localparam logic [5:0] TuOpTlAddi    = 6'd50;
  localparam logic [5:0] TuOpTlMload   = 6'd51;
  localparam logic [5:0] TuOpTlMstore  = 6'd52;
  localparam logic [5:0] TuOpNone      = 6'd63;

  // AME tiling modes after the guard (mosaic_tu_check tiling_o).
  localparam logic [2:0] TuTile1x1 = 3'd0;
  localparam logic [2:0] TuTile2x2 = 3'd1;
  localparam logic [2:0] TuTile1x4 = 3'd2;
  localparam logic [2:0] TuTile4x1 = 3'd3;
  localparam logic [2:0] TuTile4x4 = 3'd4;

  // tl_xpose_status codes (docs/isa.md CSRs).
  localparam logic [1:0] TlDescOk      = 2'd0;
  localparam logic [1:0] TlDescZeroDim = 2'd1;
  localparam logic [1:0] TlDescTooBig  = 2'd2;
  // --- end tensor-unit issue ---------------------------------------------

  // Width of a tensor instruction's issue sequence number. It travels with
  // the instruction to its engine and comes back with its completion, only
  // for the lockstep trace (trace_tu_done_seq / trace_tu_sdma_done_seq),
  // which matches completions to retired instructions modulo 2^SeqW. An
  // SDMA command can stay outstanding across many later tensor
  // instructions (bench_gemm512 keeps one across more than 256 of them), so
  // the window is 65 536; tb/verilator/cosim_tensor.c's must equal it.
  localparam int SeqW = 16;

  // Widths of the record types declared after the package: `$bits` of a
  // type is a syntax error in Yosys 0.23, so a vector that holds a record
  // (a FIFO's data) is sized by these. Verilator -Wall checks them: a
  // record meeting a vector of another width is a WIDTH warning.
  localparam int SdmaReqW = 1 + 32 * 6 + 2 + SeqW;   // mosaic_sdma_req_t
  // mosaic_cvt_req_t / mosaic_cvt_res_t. Ports carrying them are plain
  // vectors of these widths: Yosys 0.23 reads a port of a struct type
  // declared outside the module as one bit.
  localparam int CvtReqW  = 4 + 4 + 32 + 3 + 1 + 1 + 1;
  localparam int CvtResW  = 32 + 6;
  // A request for a shared FP32 fused multiply-add ({a, b, c, rm},
  // mosaic_tu_fma_slot) and its answer ({res, flags}).
  localparam int FmaReqW  = 32 * 3 + 3;
  localparam int FmaResW  = 32 + 6;

  /* verilator lint_on UNUSEDPARAM */

endpackage

// ---------------------------------------------------------------------------
// Records that travel together, as packed structs.
//
// They are declared here, in the compilation unit after the package, and
// not inside mosaic_pkg: Icarus 11 aborts on any struct type named through
// a package scope (mosaic_pkg::foo_t: "assert: elab_type.cc:86: failed
// assertion scope"), and the only other way to reach a package type,
// `import`, is a syntax error in Yosys 0.23 (and still in Yosys 0.70).
// Compilation-unit types work in all three tools because every flow reads
// this file first in the same invocation as the RTL (rtl/pkg/pkg.f). The
// names carry the mosaic_ prefix since the compilation unit is one
// namespace. No port is of one of these types and none is declared inside
// a generate block: Yosys 0.23 reads such a port as one bit and misresolves
// such a signal, silently (docs/microarchitecture.md, "Conventions").
// ---------------------------------------------------------------------------

// An SDMA command as issued (scpad.ld / scpad.st with the CSR values at
// issue): what the command queue and mosaic_tu_sdma_check carry.
typedef struct packed {
  logic        store;    // scpad.st: scratchpad -> memory
  logic [31:0] shape;    // sdma_shape CSR
  logic [31:0] sp;       // scratchpad address
  logic [31:0] mm;       // memory address (x[rs2])
  logic [31:0] stride;   // memory row stride
  logic [31:0] dbase;    // DDC window, only the check reads it
  logic [31:0] dlimit;
  logic [1:0]  dperm;
  logic [mosaic_pkg::SeqW-1:0] seq;  // completion tag
} mosaic_sdma_req_t;

// An SDMA command once checked, as it travels mosaic_tu_sdma's stages
// A -> Q -> R -> W -> B (one register of this type per stage).
typedef struct packed {
  logic        store;
  logic        mv;       // passed the check (code 0): moves bytes
  logic        self_ov;  // its source overlaps its destination: W waits for all of R
  logic [31:0] shape;
  logic [31:0] sp;
  logic [31:0] mm;
  logic [31:0] stride;
  logic [mosaic_pkg::SeqW-1:0] seq;
  logic [2:0]  code;     // check result, reported at done
  logic [1:0]  slot;     // 4 KiB staging-buffer slot
  logic [65:0] dst;      // destination bytes (side_range: {ok, hi, lo})
} mosaic_sdma_cmd_t;

// A format conversion one row unit asks of a converter its sequencer shares
// (mosaic_tu_cvt_slot, mosaic_tu_redseq), and the answer: the inputs and
// outputs of mosaic_fmt_cvt.
typedef struct packed {
  logic [3:0]  from;
  logic [3:0]  to;
  logic [31:0] bits;
  logic [2:0]  rm;
  logic        fp8_sat;
  logic        subn;
  logic        wrap;     // an integer target wraps (an AME result at the mma drain)
} mosaic_cvt_req_t;

typedef struct packed {
  logic [31:0] bits;
  logic [5:0]  flags;
} mosaic_cvt_res_t;

`default_nettype wire
