"""ONNX graph -> ATALLA00 blob (docs/atalla.md, "ONNX to blob").

compile_model(model, inputs=None, flags=0) returns the blob bytes or raises
CompileError with one line naming the node.
"""
import numpy as np
import ml_dtypes
import onnx
from onnx import numpy_helper, TensorProto

import atalla_blob as ab

SUPPORTED = ("MatMul", "Transpose", "Softmax", "Relu", "Add", "Sub", "Mul")
ATEN = {"MatMul": "aten.matmul.default", "Transpose": "aten.transpose.int",
        "Softmax": "aten.softmax.int", "Relu": "aten.relu.default", "Add": "aten.add.Tensor",
        "Sub": "aten.sub.Tensor", "Mul": "aten.mul.Tensor"}


class CompileError(Exception):
    pass


def to_bf16_bytes(arr):
    """FP32 (or BF16) array -> little-endian BF16 bytes, nearest even."""
    a = np.asarray(arr)
    if a.dtype != ml_dtypes.bfloat16:
        a = a.astype(np.float32).astype(ml_dtypes.bfloat16)
    return np.ascontiguousarray(a).view(np.uint16).astype("<u2").tobytes()


def _dtype_ok(elem_type):
    return elem_type in (TensorProto.FLOAT, TensorProto.BFLOAT16)


def _node_name(node, i):
    return node.name or f"#{i}"


def compile_model(model, inputs=None, flags=0):
    inputs = dict(inputs or {})
    g = model.graph
    opset = 13
    for o in model.opset_import:
        if o.domain in ("", "ai.onnx"):
            opset = o.version
    tensors, index = [], {}
    shapes = {}

    def add(name, shape, role, data=None):
        index[name] = len(tensors)
        tensors.append(ab.Tensor(name, shape, role, data))
        shapes[name] = list(shape)

    def check_shape(what, name, shape):
        if not 1 <= len(shape) <= 4:
            raise CompileError(f"{what} '{name}': rank {len(shape)} (1..4 supported)")
        if any((not isinstance(d, int)) or d < 1 for d in shape):
            raise CompileError(f"{what} '{name}': shape {shape} is not static and positive")
        n = 1
        for d in shape:
            n *= d
        if n > ab.MAX_ELEMS:
            raise CompileError(f"{what} '{name}': {n} elements, more than 2^30")

    inits = {t.name: t for t in g.initializer}
    for t in g.initializer:
        if not _dtype_ok(t.data_type):
            raise CompileError(f"initializer '{t.name}': element type "
                               f"{TensorProto.DataType.Name(t.data_type)} (FLOAT or BFLOAT16 only)")
        arr = numpy_helper.to_array(t)
        shape = list(arr.shape)
        check_shape("initializer", t.name, shape)
        add(t.name, shape, ab.CONST, to_bf16_bytes(arr))
    for v in g.input:
        if v.name in inits:
            continue
        tt = v.type.tensor_type
        if not _dtype_ok(tt.elem_type):
            raise CompileError(f"input '{v.name}': element type "
                               f"{TensorProto.DataType.Name(tt.elem_type)} (FLOAT or BFLOAT16 only)")
        shape = [d.dim_value if d.HasField("dim_value") else None for d in tt.shape.dim]
        check_shape("input", v.name, shape)
        data = None
        if v.name in inputs:
            arr = np.asarray(inputs.pop(v.name))
            if list(arr.shape) != shape:
                raise CompileError(f"input '{v.name}': value of shape {list(arr.shape)}, "
                                   f"the graph says {shape}")
            data = to_bf16_bytes(arr)
        add(v.name, shape, ab.INPUT, data)
    if inputs:
        raise CompileError(f"input '{sorted(inputs)[0]}': not an input of the graph")
    outs = {v.name for v in g.output}
    ops = []
    for i, node in enumerate(g.node):
        nn = f"node '{_node_name(node, i)}' ({node.op_type})"
        if node.domain not in ("", "ai.onnx"):
            raise CompileError(f"{nn}: domain '{node.domain}' (only the default ONNX domain)")
        if node.op_type not in SUPPORTED:
            raise CompileError(f"{nn}: unsupported op (supported: {', '.join(SUPPORTED)})")
        nin = 2 if node.op_type in ("MatMul", "Add", "Sub", "Mul") else 1
        if len(node.input) != nin or len(node.output) != 1:
            raise CompileError(f"{nn}: {len(node.input)} inputs and {len(node.output)} outputs "
                               f"({nin} and 1 expected)")
        for x in node.input:
            if x not in index:
                raise CompileError(f"{nn}: input '{x}' is not defined before the node")
        y = node.output[0]
        if y in index:
            raise CompileError(f"{nn}: output '{y}' is defined twice")
        attrs = {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}
        sa = shapes[node.input[0]]
        sb = shapes[node.input[1]] if nin == 2 else None
        d0 = d1 = -1
        t = node.op_type
        if t in ("Add", "Sub", "Mul"):
            if sa != sb:
                raise CompileError(f"{nn}: broadcast {sa} with {sb} (shapes must be equal)")
            so, kind = sa, {"Add": ab.ADD, "Sub": ab.SUB, "Mul": ab.MUL}[t]
        elif t == "Relu":
            so, kind = sa, ab.RELU
        elif t == "MatMul":
            if len(sa) < 2 or len(sb) < 2:
                raise CompileError(f"{nn}: 1-D operand {sa} x {sb} (ranks 2..4 only)")
            if len(sa) != len(sb) or sa[:-2] != sb[:-2]:
                raise CompileError(f"{nn}: broadcast {sa} x {sb} (same rank and batch sizes only)")
            if sa[-1] != sb[-2]:
                raise CompileError(f"{nn}: inner sizes differ: {sa} x {sb}")
            so, kind = sa[:-1] + sb[-1:], ab.GEMM
        elif t == "Softmax":
            nd = len(sa)
            axis = attrs.get("axis", -1 if opset >= 13 else 1)
            if axis < 0:
                axis += nd
            if axis != nd - 1:
                raise CompileError(f"{nn}: axis {attrs.get('axis', 'default')} of a rank-{nd} "
                                   f"tensor (last axis only)")
            so, kind, d0 = sa, ab.SOFTMAX, -1
        else:  # Transpose
            nd = len(sa)
            perm = list(attrs.get("perm", list(range(nd))[::-1]))
            if sorted(perm) != list(range(nd)):
                raise CompileError(f"{nn}: perm {perm} is not a permutation of {nd} axes")
            moved = [d for d in range(nd) if perm[d] != d]
            if len(moved) == 0:
                d0 = d1 = 0
            elif len(moved) == 2:
                d0, d1 = moved
            else:
                raise CompileError(f"{nn}: perm {perm} is not a swap of two axes")
            so = list(sa)
            so[d0], so[d1] = so[d1], so[d0]
            kind = ab.TRANSPOSE
        check_shape(nn, y, so)
        add(y, so, ab.OUTPUT if y in outs else ab.TEMP)
        ops.append((kind, index[node.input[0]],
                    index[node.input[1]] if nin == 2 else ab.NO_INPUT, index[y], d0, d1))
    for v in g.output:
        if v.name not in index or tensors[index[v.name]].role not in (ab.TEMP, ab.OUTPUT):
            raise CompileError(f"output '{v.name}': not computed by a node of the graph")
        tt = v.type.tensor_type
        if tt.elem_type and not _dtype_ok(tt.elem_type):
            raise CompileError(f"output '{v.name}': element type "
                               f"{TensorProto.DataType.Name(tt.elem_type)} (FLOAT or BFLOAT16 only)")
    if not ops:
        raise CompileError("graph has no nodes")
    if len(ops) > ab.MAX_OPS or len(tensors) > ab.MAX_TENSORS:
        raise CompileError(f"graph has {len(ops)} nodes and {len(tensors)} tensors "
                           f"(at most {ab.MAX_OPS} each)")
    for tns in tensors:
        if len(tns.name.encode("ascii", "replace")) > 15 or not tns.name.isascii() or \
                any(not 0x21 <= ord(c) <= 0x7E for c in tns.name):
            tns.name = f"t{index[tns.name]}"  # blob names: 15 printable ASCII characters
    return ab.build(tensors, ops, flags)
