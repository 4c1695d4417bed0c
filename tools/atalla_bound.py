"""Mosaic vs onnx's reference evaluator: the error bound of docs/atalla.md
("Accuracy bound against the ONNX reference"), propagated through a
compiled graph, and the comparison of the target's BF16 tensors with it."""
import numpy as np
import ml_dtypes
from onnx.reference import ReferenceEvaluator

import atalla_blob as ab

U = 2.0 ** -24


def bf16_bits_to_f32(bits):
    return np.asarray(bits, np.uint16).view(ml_dtypes.bfloat16).astype(np.float32)


def half_ulp_bf16(x):
    """Half a BF16 ulp at magnitude x (float64 array)."""
    x = np.abs(np.asarray(x, np.float64))
    _, e = np.frexp(np.maximum(x, 2.0 ** -126))
    return 0.5 * np.ldexp(1.0, e - 8)


def reference(model, feeds, names):
    """FP32 values of the named tensors from ReferenceEvaluator."""
    sess = ReferenceEvaluator(model)
    out = sess.run(list(names), feeds)
    return {n: np.asarray(v, np.float64) for n, v in zip(names, out)}


def bounds(blob, ref):
    """{tensor name: absolute bound E}, propagated op by op (blob: a
    validated atalla_blob.Blob; ref: reference values by name)."""
    ts = blob.tensors
    E = {}
    for t in ts:
        if t["role"] in (ab.CONST, ab.INPUT):
            E[t["name"]] = np.zeros(t["sizes"][:t["ndim"]])
    for op in blob.ops:
        k = op["kind"]
        a = ts[op["in"][0]]["name"]
        o = ts[op["out"]]["name"]
        ra, ea = np.abs(ref[a]), E[a]
        r = np.abs(ref[o])
        if k in (ab.ADD, ab.SUB, ab.MUL, ab.GEMM):
            b = ts[op["in"][1]]["name"]
            rb, eb = np.abs(ref[b]), E[b]
        if k in (ab.ADD, ab.SUB):
            pre = ea + eb + U * (ra + rb)
        elif k == ab.MUL:
            pre = ea * (rb + eb) + ra * eb + U * ra * rb
        elif k == ab.RELU:
            E[o] = ea
            continue
        elif k == ab.TRANSPOSE:
            E[o] = np.ascontiguousarray(np.swapaxes(ea, op["dim0"], op["dim1"]))
            continue
        elif k == ab.GEMM:
            K = ra.shape[-1]
            pre = np.matmul(ea, rb + eb) + np.matmul(ra, eb) + \
                2 * K * U * np.matmul(ra + ea, rb + eb)
        else:  # SOFTMAX
            L = ra.shape[-1]
            delta = np.max(ea, axis=-1, keepdims=True)
            pre = r * np.expm1(2 * delta) + L * U * r
            E[o] = pre + 2 * half_ulp_bf16(r + pre)
            continue
        E[o] = pre + half_ulp_bf16(r + pre)
    return E


def compare(got_bits, want, bound):
    """None or why: |mosaic - reference| <= bound everywhere, no NaN/Inf
    where the reference is finite."""
    g = bf16_bits_to_f32(got_bits).astype(np.float64)
    if g.shape != want.shape:
        return f"shape {g.shape}, reference {want.shape}"
    fin = np.isfinite(want)
    if np.any(fin & ~np.isfinite(g)):
        return "NaN/Inf where the reference is finite"
    d = np.where(fin, np.abs(g - want), 0.0)
    over = d > bound
    if np.any(over):
        i = tuple(np.argwhere(over)[0])
        return (f"{int(over.sum())} of {g.size} outside the bound, first at {i}: "
                f"got {g[i]:.6g}, reference {want[i]:.6g}, bound {bound[i]:.3g}")
    return None


def margin(got_bits, want, bound):
    """max |mosaic - reference| / bound (how much of the bound is used)."""
    g = bf16_bits_to_f32(got_bits).astype(np.float64)
    return float(np.max(np.abs(g - want) / np.maximum(bound, 1e-300)))
