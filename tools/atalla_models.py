#!/usr/bin/env python3
"""The Atalla phase-1 op sets as ONNX graphs (docs/atalla.md, "The three op
sets as ONNX models"): AttentionBlock, TinyTransformerBlock, ElementwiseMix,
each at a small size (tests) and a realistic one (sequence 128, width 128).

Weights and inputs come from NumPy's PCG64 with a fixed seed and are rounded
to BF16 (stored as FLOAT), so the compiler's rounding leaves them unchanged
and onnx's reference evaluator sees exactly the values Mosaic gets.

  tools/atalla_models.py MODEL SIZE -o FILE.onnx [--inputs FILE.npz]
"""
import argparse
import sys

import numpy as np
import ml_dtypes
import onnx
from onnx import helper, numpy_helper, TensorProto

MODELS = ("AttentionBlock", "TinyTransformerBlock", "ElementwiseMix")
SIZES = {"small": dict(S=12, D=20, FF=40), "large": dict(S=128, D=128, FF=256)}
SEED = 2024


def bf16(a):
    return np.asarray(a, np.float32).astype(ml_dtypes.bfloat16).astype(np.float32)


def build(name, size, seed=SEED):
    """(onnx.ModelProto, {input name: FP32 array of BF16 values})."""
    p = SIZES[size]
    S, D, FF = p["S"], p["D"], p["FF"]
    rng = np.random.Generator(np.random.PCG64(seed))
    inits, nodes, feeds = [], [], {}

    def weight(wname, shape, scale):
        w = bf16(rng.standard_normal(shape) * scale)
        inits.append(numpy_helper.from_array(w, wname))

    def node(op, ins, out, **kw):
        nodes.append(helper.make_node(op, ins, [out], name=f"{op.lower()}_{out}", **kw))

    def attention():
        weight("Wq", (D, D), 1.0 / D)  # 1/sqrt(D) of the weights times the 1/sqrt(D) scale
        weight("Wk", (D, D), 1.0 / np.sqrt(D))
        weight("Wv", (D, D), 1.0 / np.sqrt(D))
        node("MatMul", ["X", "Wq"], "Q")
        node("MatMul", ["X", "Wk"], "K")
        node("MatMul", ["X", "Wv"], "V")
        node("Transpose", ["K"], "Kt", perm=[1, 0])
        node("MatMul", ["Q", "Kt"], "S")
        node("Softmax", ["S"], "P", axis=-1)

    if name == "AttentionBlock":
        ins = [("X", (S, D))]
        attention()
        node("MatMul", ["P", "V"], "O")
        outs = [("O", (S, D))]
    elif name == "TinyTransformerBlock":
        ins = [("X", (S, D))]
        attention()
        node("MatMul", ["P", "V"], "O")
        node("Add", ["X", "O"], "H")
        weight("W1", (D, FF), 1.0 / np.sqrt(D))
        weight("W2", (FF, D), 1.0 / np.sqrt(FF))
        node("MatMul", ["H", "W1"], "F1")
        node("Relu", ["F1"], "R")
        node("MatMul", ["R", "W2"], "F2")
        node("Add", ["H", "F2"], "Y")
        outs = [("Y", (S, D))]
    elif name == "ElementwiseMix":
        ins = [("A", (S, D)), ("B", (S, D)), ("C", (S, D))]
        weight("W", (S, D), 1.0)
        node("Add", ["A", "B"], "T0")
        node("Mul", ["T0", "C"], "T1")
        node("Sub", ["T1", "A"], "T2")
        node("Mul", ["T2", "W"], "Z")
        outs = [("Z", (S, D))]
    else:
        raise ValueError(f"unknown model {name} (one of {', '.join(MODELS)})")
    for n, shape in ins:
        feeds[n] = bf16(rng.standard_normal(shape))
    graph = helper.make_graph(
        nodes, f"{name}_{size}",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(s)) for n, s in ins],
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, list(s)) for n, s in outs],
        initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)],
                              producer_name="mosaic atalla_models")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model, feeds


def main(argv):
    ap = argparse.ArgumentParser(description="Build an Atalla op-set model as ONNX.")
    ap.add_argument("model", choices=MODELS)
    ap.add_argument("size", choices=sorted(SIZES))
    ap.add_argument("-o", "--output", required=True, help="the .onnx file to write")
    ap.add_argument("--inputs", help="also write the inputs (FP32, BF16 values) to this .npz")
    ap.add_argument("--seed", type=int, default=SEED)
    a = ap.parse_args(argv)
    model, feeds = build(a.model, a.size, a.seed)
    onnx.save(model, a.output)
    if a.inputs:
        np.savez(a.inputs, **feeds)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
