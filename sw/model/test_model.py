#!/usr/bin/env python3
"""ATALLA00 models end to end (docs/atalla.md, "Blob format ATALLA00").

  * compiler (tools/atalla_onnx.py): every supported ONNX node, every
    rejection (one line naming the node), the mosaic-blob CLI's usage;
  * loader: the host build of sw/model/blob.c under ASan/UBSan
    (build/model/blob_check) and tools/atalla_blob.py's validate() on
    directed malformed blobs (each its documented code), truncation at every
    byte, random bit flips in header, op records and metadata with and
    without the CRC recomputed: C and Python agree on every code, no
    sanitizer report;
  * mosaic-iss --load: the memory-map check and its errors; run_model.elf on
    malformed blobs ends with the loader's code;
  * end to end on the ISS: AttentionBlock, TinyTransformerBlock,
    ElementwiseMix (small) and TinyTransformerBlock (128x128): every op's
    output against sw/atalla/atalla_ref.py on the target's own inputs
    (bit-exact, softmax <= 1 ulp), and every tensor against onnx's
    ReferenceEvaluator within the propagated bound of docs/atalla.md; the
    table's useful MACs (the counter) against batch x M x N x K per GEMM;
  * RTL: AttentionBlock (small) in lockstep with --load on the 16x16 build
    (build/bin/mosaic-sim; make regress also on mosaic-sim-4x4), tensors
    bit-identical to the ISS run (a missing simulator is a FAIL).

One `PASS: name` / `FAIL: name: why` per case; exit 1 on any failure.
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(os.path.dirname(HERE))
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "sw", "atalla"))
import onnx  # noqa: E402
from onnx import helper, numpy_helper, TensorProto  # noqa: E402

import atalla_blob as ab  # noqa: E402
import atalla_bound  # noqa: E402
import atalla_models  # noqa: E402
import atalla_onnx  # noqa: E402
import atalla_ref as kref  # noqa: E402

ISS = os.path.join(BUILD, "bin", "mosaic-iss")
ELF = os.path.join(BUILD, "sw", "model", "run_model.elf")
CHECK = os.path.join(BUILD, "model", "blob_check")
MBLOB = os.path.join(ROOT, "tools", "mosaic-blob")
ADDR = 0x40800000
TMP = tempfile.mkdtemp(prefix="test_model.")

passed = failed = 0


def report(name, why):
    global passed, failed
    if why is None:
        passed += 1
        print(f"PASS: {name}")
    else:
        failed += 1
        print(f"FAIL: {name}: {why}")
    sys.stdout.flush()


def run(cmd, inp=None, timeout=300):
    return subprocess.run(cmd, input=inp, capture_output=True, timeout=timeout)


# ---- compiler ------------------------------------------------------------------

F = TensorProto.FLOAT


def graph(nodes, ins, outs, inits=(), opset=17):
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(n, t, s) for n, t, s in ins],
                          [helper.make_tensor_value_info(n, t, s) for n, t, s in outs],
                          initializer=list(inits))
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m


def one(op, shapes, out_shape, **attrs):
    names = ["a", "b"][:len(shapes)]
    return graph([helper.make_node(op, names, ["y"], name="n0", **attrs)],
                 [(n, F, s) for n, s in zip(names, shapes)], [("y", F, out_shape)])


def compile_ok(name, model, kind, dims=(-1, -1), nin=2):
    try:
        blob = atalla_onnx.compile_model(model)
    except atalla_onnx.CompileError as e:
        return report(f"compile {name}", f"rejected: {e}")
    code, msg, r = ab.validate(blob)
    if code:
        return report(f"compile {name}", f"invalid blob: {msg}")
    op = r.ops[0]
    why = None
    if op["kind"] != kind or (op["dim0"], op["dim1"]) != tuple(dims):
        why = f"op {op}, want kind {kind} dims {dims}"
    elif nin == 1 and op["in"][1] != ab.NO_INPUT:
        why = "second input not 0xffffffff"
    elif r.tensors[op["out"]]["role"] != ab.OUTPUT:
        why = "output tensor not OUTPUT"
    report(f"compile {name}", why)


def compile_bad(name, model, want):
    try:
        atalla_onnx.compile_model(model)
    except atalla_onnx.CompileError as e:
        s = str(e)
        return report(f"reject {name}", None if want in s and "\n" not in s else
                      f"message {s!r} lacks {want!r}")
    report(f"reject {name}", "compiled")


def test_compiler():
    compile_ok("MatMul 2-D", one("MatMul", [[3, 5], [5, 7]], [3, 7]), ab.GEMM)
    compile_ok("MatMul batched 4-D", one("MatMul", [[2, 3, 4, 5], [2, 3, 5, 6]], [2, 3, 4, 6]),
               ab.GEMM)
    compile_ok("Transpose 2-D", one("Transpose", [[3, 5]], [5, 3], perm=[1, 0]), ab.TRANSPOSE,
               (0, 1), 1)
    compile_ok("Transpose default perm 2-D", one("Transpose", [[3, 5]], [5, 3]), ab.TRANSPOSE,
               (0, 1), 1)
    compile_ok("Transpose 3-D swap 0,2", one("Transpose", [[2, 3, 4]], [4, 3, 2], perm=[2, 1, 0]),
               ab.TRANSPOSE, (0, 2), 1)
    compile_ok("Transpose identity", one("Transpose", [[2, 3]], [2, 3], perm=[0, 1]),
               ab.TRANSPOSE, (0, 0), 1)
    compile_ok("Softmax default axis", one("Softmax", [[3, 5]], [3, 5]), ab.SOFTMAX, (-1, -1), 1)
    compile_ok("Softmax axis=2 of 3-D", one("Softmax", [[2, 3, 5]], [2, 3, 5], axis=2), ab.SOFTMAX,
               (-1, -1), 1)
    m = one("Softmax", [[3, 5]], [3, 5])
    m.opset_import[0].version = 11
    compile_ok("Softmax opset 11 2-D", m, ab.SOFTMAX, (-1, -1), 1)
    compile_ok("Relu", one("Relu", [[4, 4]], [4, 4]), ab.RELU, (-1, -1), 1)
    for op, k in (("Add", ab.ADD), ("Sub", ab.SUB), ("Mul", ab.MUL)):
        compile_ok(op, one(op, [[2, 3, 4], [2, 3, 4]], [2, 3, 4]), k)
    # initializer as a constant, FP32 rounded to BF16 nearest even
    w = np.array([[1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8]], np.float32)  # ties -> even: 1.0, 1+2^-6
    m = graph([helper.make_node("Add", ["x", "w"], ["y"], name="n0")], [("x", F, [1, 2])],
              [("y", F, [1, 2])], [numpy_helper.from_array(w, "w")])
    blob = atalla_onnx.compile_model(m)
    _, _, r = ab.validate(blob)
    t = [t for t in r.tensors if t["name"] == "w"][0]
    got = struct.unpack_from("<2H", blob, r.const_off + t["off"])
    report("compile initializer rounded to BF16 (RNE)",
           None if t["role"] == ab.CONST and got == (0x3F80, 0x3F82) else f"{t['role']} {got}")
    # input values bound at compile time
    blob = atalla_onnx.compile_model(one("Relu", [[1, 2]], [1, 2]),
                                     {"a": np.array([[2.0, -3.0]], np.float32)})
    _, _, r = ab.validate(blob)
    t = r.tensors[0]
    got = struct.unpack_from("<2H", blob, r.const_off + t["off"])
    report("compile input value", None if t["role"] == ab.INPUT and got == (0x4000, 0xC040)
           else f"{t['role']} {got}")

    compile_bad("unsupported op", graph([helper.make_node("Tanh", ["a"], ["y"], name="act")],
                                        [("a", F, [2, 2])], [("y", F, [2, 2])]),
                "node 'act' (Tanh): unsupported op")
    compile_bad("Add broadcast", one("Add", [[2, 3], [3]], [2, 3]), "node 'n0' (Add): broadcast")
    compile_bad("Sub broadcast", one("Sub", [[2, 3], [1, 3]], [2, 3]), "node 'n0' (Sub): broadcast")
    compile_bad("Mul broadcast", one("Mul", [[2, 3], [2, 1]], [2, 3]), "node 'n0' (Mul): broadcast")
    compile_bad("MatMul rank broadcast", one("MatMul", [[2, 3, 4], [4, 5]], [2, 3, 5]),
                "node 'n0' (MatMul): broadcast")
    compile_bad("MatMul batch mismatch", one("MatMul", [[2, 3, 4], [3, 4, 5]], [2, 3, 5]),
                "node 'n0' (MatMul): broadcast")
    compile_bad("MatMul 1-D", one("MatMul", [[4], [4, 5]], [5]), "node 'n0' (MatMul): 1-D")
    compile_bad("MatMul inner sizes", one("MatMul", [[3, 4], [5, 6]], [3, 6]),
                "node 'n0' (MatMul): inner sizes")
    compile_bad("Transpose 3-cycle", one("Transpose", [[2, 3, 4]], [3, 4, 2], perm=[1, 2, 0]),
                "not a swap of two axes")
    compile_bad("Softmax axis 0", one("Softmax", [[3, 5]], [3, 5], axis=0), "(last axis only)")
    m = one("Softmax", [[2, 3, 5]], [2, 3, 5])
    m.opset_import[0].version = 11
    compile_bad("Softmax opset 11 3-D default axis", m, "node 'n0' (Softmax): axis")
    compile_bad("dtype int64 input", graph([helper.make_node("Relu", ["a"], ["y"], name="n0")],
                                           [("a", TensorProto.INT64, [2])], [("y", F, [2])]),
                "input 'a': element type INT64")
    compile_bad("dtype float16 initializer",
                graph([helper.make_node("Relu", ["w"], ["y"], name="n0")], [], [("y", F, [2])],
                      [numpy_helper.from_array(np.ones(2, np.float16), "w")]),
                "initializer 'w': element type FLOAT16")
    compile_bad("dynamic shape", graph([helper.make_node("Relu", ["a"], ["y"], name="n0")],
                                       [("a", F, ["N", 4])], [("y", F, ["N", 4])]),
                "not static")
    compile_bad("rank 5", one("Relu", [[1, 1, 1, 1, 2]], [1, 1, 1, 1, 2]), "rank 5")
    compile_bad("output not computed", graph([helper.make_node("Relu", ["a"], ["y"], name="n0")],
                                             [("a", F, [2])], [("a", F, [2])]),
                "output 'a': not computed")
    compile_bad("custom domain", graph([helper.make_node("Relu", ["a"], ["y"], name="n0",
                                                         domain="com.x")],
                                       [("a", F, [2])], [("y", F, [2])]), "domain 'com.x'")
    compile_bad("undefined input", graph([helper.make_node("Relu", ["q"], ["y"], name="n0")],
                                         [("a", F, [2])], [("y", F, [2])]), "input 'q'")
    compile_bad("unnamed node named by index",
                graph([helper.make_node("Relu", ["a"], ["r"]), helper.make_node("Tanh", ["r"], ["y"])],
                      [("a", F, [2])], [("y", F, [2])]), "node '#1' (Tanh)")


def test_cli():
    r = run([MBLOB, "--help"])
    report("mosaic-blob --help", None if r.returncode == 0 and b"compile" in r.stdout
           else f"exit {r.returncode}")
    for args, what in (([], "no command"), (["frob"], "unknown command"),
                       (["compile"], "compile without a model"),
                       (["validate", "a", "b"], "validate with two files")):
        r = run([MBLOB] + args)
        report(f"mosaic-blob {what}: exit 2", None if r.returncode == 2 else f"exit {r.returncode}")
    bad = os.path.join(TMP, "tanh.onnx")
    onnx.save(graph([helper.make_node("Tanh", ["a"], ["y"], name="act")], [("a", F, [2])],
                    [("y", F, [2])]), bad)
    r = run([MBLOB, "compile", bad, "-o", os.path.join(TMP, "x.blob")])
    err = r.stderr.decode().strip()
    report("mosaic-blob compile unsupported: exit 1, one line naming the node",
           None if r.returncode == 1 and "\n" not in err and "node 'act' (Tanh)" in err
           else f"exit {r.returncode}: {err!r}")
    junk = os.path.join(TMP, "junk.blob")
    with open(junk, "wb") as f:
        f.write(b"ATALLA00" + struct.pack("<IIII", 2, 1, 0, 88))
    r = run([MBLOB, "validate", junk])
    err = r.stderr.decode().strip()
    report("mosaic-blob validate invalid: exit 1, code named",
           None if r.returncode == 1 and "error 3 VERSION" in err else f"exit {r.returncode}: {err!r}")


# ---- loader ----------------------------------------------------------------------

def tiny_blob():
    """A small valid blob: relu, add, transpose, softmax, gemm (all kinds but
    sub/mul use the same path as add)."""
    def bits(n, seed):
        rng = np.random.default_rng(seed)
        return atalla_onnx.to_bf16_bytes(rng.standard_normal(n).astype(np.float32))
    T = ab.Tensor
    ts = [T("x", [4, 8], ab.INPUT, bits(32, 1)), T("w", [8, 4], ab.CONST, bits(32, 2)),
          T("r", [4, 8], ab.TEMP), T("s", [4, 8], ab.TEMP), T("t", [8, 4], ab.TEMP),
          T("p", [4, 8], ab.TEMP), T("y", [4, 4], ab.OUTPUT)]
    ops = [(ab.RELU, 0, ab.NO_INPUT, 2, -1, -1), (ab.ADD, 0, 2, 3, -1, -1),
           (ab.TRANSPOSE, 3, ab.NO_INPUT, 4, 0, 1), (ab.SOFTMAX, 3, ab.NO_INPUT, 5, -1, -1),
           (ab.GEMM, 5, 1, 6, -1, -1)]
    return ab.build(ts, ops), ts, ops


def c_codes(blobs):
    """Codes from the sanitized host loader for many blobs (one process)."""
    inp = b"".join(struct.pack("<I", len(b)) + b for b in blobs)
    r = run([CHECK, "--batch"], inp)
    if r.returncode != 0 or r.stderr:
        raise RuntimeError(f"blob_check exit {r.returncode}: {r.stderr.decode()[:300]}")
    lines = r.stdout.decode().splitlines()
    if len(lines) != len(blobs):
        raise RuntimeError(f"{len(lines)} results for {len(blobs)} blobs")
    return [int(line.split()[0]) for line in lines]


def patch(blob, off, fmt, *vals, crc=True):
    b = bytearray(blob)
    struct.pack_into(fmt, b, off, *vals)
    return ab.fix_crc(bytes(b)) if crc else bytes(b)


def test_loader():
    if not os.path.exists(CHECK):
        return report("loader host build", f"{CHECK} missing (make model)")
    blob, ts, ops = tiny_blob()
    code, _, r = ab.validate(blob)
    meta, c_off = r.meta_off, r.const_off
    T0 = meta + ab.PRELUDE  # tensor 0's record

    def trec(i, field):
        return T0 + ab.T_BYTES * i + field

    def orec(i, field):
        return ab.HDR + ab.OP_BYTES * i + field

    big = ab.build([ab.Tensor("a", [1 << 16, 1 << 15], ab.TEMP), ab.Tensor("b", [2], ab.OUTPUT)],
                   [(ab.RELU, 0, ab.NO_INPUT, 1, -1, -1)])
    T = ab.Tensor
    cases = [
        ("valid", blob, ab.OK),
        ("valid with trailing bytes", blob + b"\xff" * 100, ab.OK),
        ("empty", b"", ab.TRUNCATED),
        ("magic", b"ATALLA01" + blob[8:], ab.MAGIC_E),
        ("version 2", patch(blob, 8, "<I", 2, crc=False), ab.VERSION_E),
        ("version 0", patch(blob, 8, "<I", 0, crc=False), ab.VERSION_E),
        ("op_count 0", patch(blob, 12, "<I", 0, crc=False), ab.SECTION),
        ("op_count 1025", patch(blob, 12, "<I", 1025, crc=False), ab.SECTION),
        ("const_bytes not multiple of 64", patch(blob, 16, "<I", r.const_bytes + 4, crc=False),
         ab.SECTION),
        ("meta_bytes not 16+72k", patch(blob, 20, "<I", 16 + 72 * 7 + 1, crc=False), ab.SECTION),
        ("sizes past 2^31", patch(blob, 16, "<I", 0x7FFFFFC0, crc=False), ab.SECTION),
        ("sections past the end", patch(blob, 16, "<I", r.const_bytes + 64, crc=False), ab.TRUNCATED),
        ("crc", patch(blob, meta, "<I", 0x12345678, crc=False), ab.CRC),
        ("tensor_count mismatch", patch(blob, meta + 4, "<I", 6), ab.SECTION),
        ("unknown flag", patch(blob, meta + 8, "<I", 4), ab.SECTION),
        ("reserved word", patch(blob, meta + 12, "<I", 1), ab.SECTION),
        ("nonzero padding", patch(blob, ab.HDR + ab.OP_BYTES * 5, "<B", 1), ab.SECTION),
        ("ndim 0", patch(blob, trec(0, 0), "<I", 0), ab.TENSOR),
        ("ndim 5", patch(blob, trec(0, 0), "<I", 5), ab.TENSOR),
        ("size 0", patch(blob, trec(0, 4), "<i", 0), ab.TENSOR),
        ("size negative", patch(blob, trec(0, 4), "<i", -4), ab.TENSOR),
        ("size past ndim", patch(blob, trec(0, 12), "<i", 1), ab.TENSOR),
        ("more than 2^30 elements", big, ab.TENSOR),
        ("stride not contiguous", patch(blob, trec(0, 20), "<i", 9), ab.TENSOR),
        ("dtype 2", patch(blob, trec(0, 36), "<I", 2), ab.TENSOR),
        ("storage scratchpad", patch(blob, trec(0, 40), "<I", 1), ab.STORAGE),
        ("role 4", patch(blob, trec(0, 44), "<I", 4), ab.TENSOR),
        ("name not terminated", patch(blob, trec(0, 56), "16s", b"A" * 16), ab.TENSOR),
        ("name control character", patch(blob, trec(0, 56), "16s", b"a\tb"), ab.TENSOR),
        ("data offset misaligned", patch(blob, trec(1, 48), "<I", 64 + 2), ab.DATA),
        ("data size wrong", patch(blob, trec(1, 52), "<I", 62), ab.DATA),
        ("data outside section", patch(blob, trec(1, 48), "<I", r.const_bytes), ab.DATA),
        ("data overlap", patch(blob, trec(1, 48), "<I", 0), ab.DATA),
        ("runtime tensor with data", patch(blob, trec(2, 52), "<I", 64), ab.DATA),
        ("op kind 0", patch(blob, orec(0, 0), "<I", 0), ab.OP_KIND),
        ("op kind 8", patch(blob, orec(0, 0), "<I", 8), ab.OP_KIND),
        ("input id out of range", patch(blob, orec(1, 4), "<I", 7), ab.OP_ID),
        ("second input id out of range", patch(blob, orec(1, 8), "<I", 0xFFFFFFFF), ab.OP_ID),
        ("output id out of range", patch(blob, orec(4, 12), "<I", 1000), ab.OP_ID),
        ("unused input id set", patch(blob, orec(0, 8), "<I", 1), ab.OP_ID),
        ("softmax dim 0", patch(blob, orec(3, 16), "<i", 0), ab.OP_DIM),
        ("softmax dim1 set", patch(blob, orec(3, 20), "<i", 0), ab.OP_DIM),
        ("transpose dim 2 of 2-D", patch(blob, orec(2, 20), "<i", 2), ab.OP_DIM),
        ("transpose dim -3 of 2-D", patch(blob, orec(2, 16), "<i", -3), ab.OP_DIM),
        ("add with dims", patch(blob, orec(1, 16), "<i", 0), ab.OP_DIM),
        ("add shape mismatch", patch(blob, orec(1, 8), "<I", 1), ab.OP_SHAPE),
        ("gemm inner mismatch", patch(blob, orec(4, 4), "<I", 4), ab.OP_SHAPE),
        ("transpose wrong out", patch(blob, orec(2, 12), "<I", 5), ab.OP_SHAPE),
        ("transpose identity dims vs out", patch(blob, orec(2, 20), "<i", 0), ab.OP_SHAPE),
        ("output is an input", patch(blob, orec(0, 12), "<I", 0), ab.DATAFLOW),
        ("output written twice", ab.build(ts, ops[:1] + [(ab.RELU, 0, ab.NO_INPUT, 2, -1, -1)]
                                          + ops[1:]), ab.DATAFLOW),
        ("read before write", ab.build(ts, [ops[1], ops[0]] + ops[2:]), ab.DATAFLOW),
        ("output never written", ab.build(ts, ops[:4]), ab.DATAFLOW),
        ("output is const", ab.build([T("x", [4], ab.INPUT), T("c", [4], ab.CONST),
                                      T("y", [4], ab.OUTPUT)],
                                     [(ab.RELU, 0, ab.NO_INPUT, 1, -1, -1),
                                      (ab.RELU, 0, ab.NO_INPUT, 2, -1, -1)]), ab.DATAFLOW),
    ]
    codes = c_codes([c[1] for c in cases])
    for (name, b, want), cc in zip(cases, codes):
        pc = ab.validate(b)[0]
        report(f"loader {name}: {ab.ERR_NAMES[want]}",
               None if cc == pc == want else f"C {ab.ERR_NAMES[cc]}, Python {ab.ERR_NAMES[pc]}")

    # truncation at every byte, each prefix in a buffer of exactly its size
    for tname, tb in (("a small blob", blob),
                      ("ElementwiseMix", atalla_onnx.compile_model(
                          *atalla_models.build("ElementwiseMix", "small")))):
        p = run([CHECK, "--truncate", write(tb, "trunc.blob")])
        got = [int(line.split()[1]) for line in p.stdout.decode().splitlines()]
        bad = [i for i, c in enumerate(got) if c != ab.TRUNCATED]
        report(f"loader truncation of {tname} at each of {len(tb)} bytes: TRUNCATED",
               None if p.returncode == 0 and not p.stderr and len(got) == len(tb) and not bad
               else f"exit {p.returncode}, {len(got)} results, first wrong {bad[:3]} "
                    f"{p.stderr.decode()[:200]}")

    # random bit flips: header, op records, padding, metadata; with and without the CRC fixed
    rng = random.Random(24)
    regions = {"header": (0, ab.HDR), "op records": (ab.HDR, ab.HDR + ab.OP_BYTES * 5),
               "metadata": (meta, r.total), "constants": (c_off, meta)}
    for fix in (False, True):
        for reg, (lo, hi) in regions.items():
            muts = []
            for _ in range(300):
                b = bytearray(blob)
                for bit in rng.sample(range(8 * lo, 8 * hi), rng.choice((1, 1, 2, 3))):
                    b[bit // 8] ^= 1 << (bit % 8)  # distinct bits: the blob always changes
                muts.append(ab.fix_crc(bytes(b)) if fix else bytes(b))
            try:
                cc = c_codes(muts)
            except RuntimeError as e:
                report(f"loader bit flips in {reg}{' (CRC fixed)' if fix else ''}", str(e))
                continue
            pcs = [ab.validate(m)[0] for m in muts]
            diff = [i for i in range(len(muts)) if cc[i] != pcs[i]]
            if not fix:
                allowed = {"header": {ab.TRUNCATED, ab.MAGIC_E, ab.VERSION_E, ab.SECTION, ab.CRC},
                           "op records": {ab.CRC}, "metadata": {ab.CRC},
                           "constants": {ab.OK}}[reg]
            else:
                allowed = set(range(14))
            wrong = [c for c in cc if c not in allowed]
            hist = {}
            for c in cc:
                hist[ab.ERR_NAMES[c]] = hist.get(ab.ERR_NAMES[c], 0) + 1
            report(f"loader 300 bit flips in {reg}{' (CRC fixed)' if fix else ''}: "
                   + ", ".join(f"{k} {v}" for k, v in sorted(hist.items())),
                   None if not diff and not wrong else
                   f"C/Python differ on {len(diff)}, codes outside {sorted(allowed)}: {wrong[:5]}")


def write(data, name):
    p = os.path.join(TMP, name)
    with open(p, "wb") as f:
        f.write(data)
    return p


# ---- ISS: --load and run_model.elf -------------------------------------------

def iss(blob_path, addr=ADDR, extra=()):
    cmd = [ISS] + list(extra)
    if blob_path:
        cmd += ["--load", f"{blob_path}@0x{addr:08x}"]
    return run(cmd + [ELF], timeout=600)


def test_iss_load():
    for p in (ISS, ELF):
        if not os.path.exists(p):
            return report("ISS --load", f"{p} missing")
    blob, _, _ = tiny_blob()
    path = write(blob, "tiny.blob")
    for what, spec, want in (
            ("outside memory", f"{path}@0x30000000", "is not inside one memory"),
            ("past the end of main memory", f"{path}@0x40fffff0", "is not inside one memory"),
            ("no address", path, "expected FILE@ADDR"),
            ("bad address", f"{path}@0xzz", "bad address"),
            ("missing file", f"{TMP}/nope.blob@0x40800000", "cannot read"),
            ("empty file", f"{write(b'', 'empty')}@0x40800000", "is empty")):
        r = run([ISS, "--load", spec, ELF])
        err = r.stderr.decode().strip()
        report(f"mosaic-iss --load {what}: exit 2, one line",
               None if r.returncode == 2 and want in err and "\n" not in err
               else f"exit {r.returncode}: {err!r}")
    r = run([ISS, "--help"])
    report("mosaic-iss --help lists --load", None if b"--load FILE@ADDR" in r.stdout else "missing")
    r = iss(None)
    out = r.stdout.decode()
    report("run_model without a blob: MAGIC and a hint",
           None if r.returncode == ab.MAGIC_E and "--load FILE@0x40800000" in out
           else f"exit {r.returncode}: {out[-200:]}")
    code, _, rb = ab.validate(blob)
    for what, b, want in (("CRC", patch(blob, rb.meta_off, "<I", 1, crc=False), ab.CRC),
                          ("OP_SHAPE", patch(blob, ab.HDR + ab.OP_BYTES * 1 + 8, "<I", 1),
                           ab.OP_SHAPE),
                          ("OP_ID", patch(blob, ab.HDR + 4, "<I", 99), ab.OP_ID)):
        r = iss(write(b, f"bad_{what}.blob"))
        out = r.stdout.decode()
        report(f"run_model on a malformed blob: exit {want} ({what}), nothing run",
               None if r.returncode == want and f"error {want} {what}" in out and "OP " not in out
               else f"exit {r.returncode}: {out[-200:]}")
    r = iss(path, ADDR + 8)
    report("run_model: blob loaded at another address: MAGIC",
           None if r.returncode == ab.MAGIC_E else f"exit {r.returncode}")


# ---- end to end ------------------------------------------------------------------

def parse_dump(out):
    ts = {}
    for line in out.splitlines():
        if line.startswith("T "):
            f = line.split()
            nd = int(f[3])
            shape = tuple(int(v) for v in f[4:4 + nd])
            hx = f[4 + nd] if len(f) > 4 + nd else ""
            ts[f[2]] = np.frombuffer(bytes.fromhex(hx), dtype=">u2").astype(np.uint16).reshape(shape)
    return ts


def op_check(r, got):
    """Every op against atalla_ref on the target's own inputs. None or why."""
    names = [t["name"] for t in r.tensors]
    for i, op in enumerate(r.ops):
        k = op["kind"]
        a = got[names[op["in"][0]]]
        o = got[names[op["out"]]]
        b = got[names[op["in"][1]]] if k in ab.BINARY else None
        if k == ab.GEMM:
            want = kref.gemm(a, b)
        elif k == ab.SOFTMAX:
            want = kref.softmax(a)
            d = np.abs(o.astype(np.int64) - want.astype(np.int64))
            if d.max() > 1:
                return f"op {i} softmax: {d.max()} ulp from the kernel rule"
            continue
        elif k == ab.TRANSPOSE:
            want = kref.transpose(a, op["dim0"], op["dim1"])
        else:
            want = kref.elementwise({ab.ADD: "a", ab.SUB: "u", ab.MUL: "m", ab.RELU: "r"}[k], a, b)
        if not np.array_equal(o, want):
            return f"op {i} {ab.KIND_NAMES[k]}: {int((o != want).sum())} elements differ from the rule"
    return None


def macs_check(r, out):
    """The table's useful MACs (the counter) against batch x M x N x K of
    each GEMM from the blob's shapes, 0 for every other op. None or why."""
    rows = [line.split() for line in out.splitlines() if line.startswith("OP ")]
    for op, f in zip(r.ops, rows):
        want = 0
        if op["kind"] == ab.GEMM:
            a, o = r.tensors[op["in"][0]], r.tensors[op["out"]]
            want = int(np.prod(a["sizes"][:a["ndim"]])) * o["sizes"][o["ndim"] - 1]
        if int(f[8]) != want:
            return f"op {f[1]} {f[2]}: {f[8]} useful MACs, want {want}"
    return None


def test_models():
    if not (os.path.exists(ISS) and os.path.exists(ELF)):
        return report("models", "ISS or run_model.elf missing")
    for name, size in [(m, "small") for m in atalla_models.MODELS] + \
                      [("TinyTransformerBlock", "large")]:
        tag = f"{name} {size}"
        model, feeds = atalla_models.build(name, size)
        blob = atalla_onnx.compile_model(model, feeds, ab.FLAG_DUMP_ALL)
        code, msg, r = ab.validate(blob)
        if code:
            report(f"{tag}: compile", msg)
            continue
        res = iss(write(blob, f"{name}_{size}.blob"))
        out = res.stdout.decode()
        nops = sum(1 for line in out.splitlines() if line.startswith("OP "))
        ok = res.returncode == 0 and "run_model: done" in out and nops == r.op_count
        report(f"{tag}: runs on the ISS, {r.op_count} ops in the table",
               None if ok else f"exit {res.returncode}, {nops} op lines: {out[-300:]}")
        if not ok:
            continue
        got = parse_dump(out)
        names = [t["name"] for t in r.tensors]
        missing = [n for n in names if n not in got]
        if missing:
            report(f"{tag}: tensors dumped", f"missing {missing}")
            continue
        report(f"{tag}: every op follows its kernel rule on the target's inputs", op_check(r, got))
        report(f"{tag}: useful MACs per op = batch x M x N x K", macs_check(r, out))
        ref = atalla_bound.reference(model, feeds, [n for n in names if n not in feeds and
                                                   r.tensors[names.index(n)]["role"] != ab.CONST])
        for n, v in feeds.items():
            ref[n] = v.astype(np.float64)
        for t in r.tensors:
            if t["role"] == ab.CONST:
                init = [i for i in model.graph.initializer if i.name == t["name"]][0]
                ref[t["name"]] = numpy_helper.to_array(init).astype(np.float64)
        E = atalla_bound.bounds(r, ref)
        why, worst = None, 0.0
        for t in r.tensors:
            if t["role"] in (ab.TEMP, ab.OUTPUT):
                w = atalla_bound.compare(got[t["name"]], ref[t["name"]], E[t["name"]])
                if w:
                    why = f"tensor {t['name']}: {w}"
                    break
                worst = max(worst, atalla_bound.margin(got[t["name"]], ref[t["name"]], E[t["name"]]))
        report(f"{tag}: every tensor within the bound of ReferenceEvaluator "
               f"(at most {worst:.2f} of it)", why)


def test_rtl():
    """AttentionBlock (small) in lockstep on the RTL (mosaic-sim --load):
    exit 0 and every tensor bit-identical to the ISS run; and the --load
    memory-map error. The 16x16 build; make regress also the 4x4 one (make
    test does not build it). A missing simulator is a FAIL."""
    model, feeds = atalla_models.build("AttentionBlock", "small")
    path = write(atalla_onnx.compile_model(model, feeds, ab.FLAG_DUMP_ALL), "attn_rtl.blob")
    ri = iss(path)
    builds = [("16x16", "mosaic-sim")]
    if os.environ.get("MOSAIC_TIER", "test") == "regress":
        builds.append(("4x4", "mosaic-sim-4x4"))
    for label, name in builds:
        sim = os.path.join(BUILD, "bin", name)
        tag = f"RTL {label}: AttentionBlock small in lockstep"
        if not os.path.exists(sim):
            report(tag, f"{sim} is not built")
            continue
        r = run([sim, "--load", f"{path}@0x30000000", ELF])
        err = r.stderr.decode().strip()
        report(f"{name} --load outside memory: exit 2, one line",
               None if r.returncode == 2 and "is not inside one memory" in err and "\n" not in err
               else f"exit {r.returncode}: {err[-200:]!r}")
        rs = run([sim, "--load", f"{path}@0x{ADDR:08x}", ELF], timeout=1200)
        out = rs.stdout.decode()
        if rs.returncode != 0 or "run_model: done" not in out:
            report(tag, f"exit {rs.returncode}: {(out + rs.stderr.decode())[-400:]}")
            continue
        a, b = parse_dump(ri.stdout.decode()), parse_dump(out)
        same = a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
        report(f"{tag}, every tensor as on the ISS", None if same else "tensors differ from the ISS run")


def main():
    for fn in (test_compiler, test_cli, test_loader, test_iss_load, test_models, test_rtl):
        try:
            fn()
        except Exception as e:  # a crash of one part is a FAIL line, the rest still runs
            report(fn.__name__, f"{e.__class__.__name__}: {e}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
