"""ATALLA00 blobs on the host: build, read, validate (docs/atalla.md,
"Blob format ATALLA00").

validate() applies the checks of sw/model/blob.c in the same order and
returns the same error code, so the two can be compared blob by blob.
"""
import struct
import zlib

MAGIC = b"ATALLA00"
VERSION = 1
HDR = 24
OP_BYTES = 24
T_BYTES = 72
PRELUDE = 16
MAX_OPS = 1024
MAX_TENSORS = 1024
MAX_ELEMS = 1 << 30
NO_INPUT = 0xFFFFFFFF

GEMM, RELU, SOFTMAX, ADD, SUB, MUL, TRANSPOSE = range(1, 8)
KIND_NAMES = {GEMM: "gemm", RELU: "relu", SOFTMAX: "softmax", ADD: "add", SUB: "sub",
              MUL: "mul", TRANSPOSE: "transpose"}
BINARY = {GEMM, ADD, SUB, MUL}
DT_BF16 = 1
ST_DRAM = 0
CONST, INPUT, TEMP, OUTPUT = range(4)
ROLE_NAMES = {CONST: "const", INPUT: "input", TEMP: "temp", OUTPUT: "output"}
FLAG_DUMP_OUTPUTS = 1
FLAG_DUMP_ALL = 2

OK, TRUNCATED, MAGIC_E, VERSION_E, SECTION, CRC, TENSOR, STORAGE, DATA, OP_KIND, OP_ID, \
    OP_DIM, OP_SHAPE, DATAFLOW = range(14)
ERR_NAMES = ["OK", "TRUNCATED", "MAGIC", "VERSION", "SECTION", "CRC", "TENSOR", "STORAGE",
             "DATA", "OP_KIND", "OP_ID", "OP_DIM", "OP_SHAPE", "DATAFLOW"]


def align64(n):
    return (n + 63) & ~63


class Tensor:
    def __init__(self, name, shape, role, data=None):
        self.name, self.shape, self.role, self.data = name, tuple(shape), role, data


def contiguous_strides(shape):
    st, s = [], 1
    for d in reversed(shape):
        st.insert(0, s)
        s *= d
    return st


def crc_of(blob, op_count, meta_off, total):
    c = zlib.crc32(blob[0:HDR + OP_BYTES * op_count])
    return zlib.crc32(blob[meta_off + 4:total], c) & 0xFFFFFFFF


def build(tensors, ops, flags=0):
    """tensors: list of Tensor (data: bytes of little-endian BF16 for CONST
    and INPUT); ops: list of (kind, in0, in1, out, dim0, dim1)."""
    op_count = len(ops)
    const_off = align64(HDR + OP_BYTES * op_count)
    consts = bytearray()
    recs = []
    for t in tensors:
        nd = len(t.shape)
        n = 1
        for d in t.shape:
            n *= d
        off = nbytes = 0
        if t.role in (CONST, INPUT):
            data = t.data if t.data is not None else bytes(2 * n)
            assert len(data) == 2 * n, t.name
            off, nbytes = len(consts), len(data)
            consts += data
            consts += bytes(align64(len(consts)) - len(consts))
        sizes = list(t.shape) + [0] * (4 - nd)
        strides = contiguous_strides(t.shape) + [0] * (4 - nd)
        name = t.name.encode("ascii")[:15]
        recs.append(struct.pack("<I4i4iIIIII16s", nd, *sizes, *strides, DT_BF16, ST_DRAM, t.role,
                                off, nbytes, name))
    meta = struct.pack("<IIII", 0, len(tensors), flags, 0) + b"".join(recs)
    hdr = MAGIC + struct.pack("<IIII", VERSION, op_count, len(consts), len(meta))
    body = b"".join(struct.pack("<IIIIii", *op) for op in ops)
    blob = bytearray(hdr + body)
    blob += bytes(const_off - len(blob))
    blob += consts
    meta_off = len(blob)
    blob += meta
    struct.pack_into("<I", blob, meta_off, crc_of(blob, op_count, meta_off, len(blob)))
    return bytes(blob)


def fix_crc(blob):
    """Recompute the CRC of a blob whose header sizes are intact."""
    b = bytearray(blob)
    _, op_count, cb, mb = struct.unpack_from("<IIII", b, 8)
    meta_off = align64(HDR + OP_BYTES * op_count) + cb
    total = meta_off + mb
    if len(b) < total or mb < 4:
        return bytes(b)
    struct.pack_into("<I", b, meta_off, crc_of(b, op_count, meta_off, total))
    return bytes(b)


class Blob:
    """A parsed blob (only after validate() returned OK)."""


def _u32(b, o):
    return struct.unpack_from("<I", b, o)[0]


def _i32(b, o):
    return struct.unpack_from("<i", b, o)[0]


def read_tensor(b, meta_off, i):
    o = meta_off + PRELUDE + T_BYTES * i
    f = struct.unpack_from("<I4i4iIIIII16s", b, o)
    return {"ndim": f[0], "sizes": list(f[1:5]), "strides": list(f[5:9]), "dtype": f[9],
            "storage": f[10], "role": f[11], "off": f[12], "bytes": f[13], "rawname": f[14],
            "name": f[14].split(b"\0")[0].decode("ascii", "replace")}


def read_op(b, i):
    k, a, c, o, d0, d1 = struct.unpack_from("<IIIIii", b, HDR + OP_BYTES * i)
    return {"kind": k, "in": [a, c], "out": o, "dim0": d0, "dim1": d1}


def validate(blob):
    """(code, message, Blob or None)."""
    b = bytes(blob)
    n = len(b)
    if n < HDR:
        return TRUNCATED, f"blob is {n} bytes, shorter than the 24-byte header", None
    if b[0:8] != MAGIC:
        return MAGIC_E, "magic is not ATALLA00", None
    version, op_count, cb, mb = struct.unpack_from("<IIII", b, 8)
    if version != VERSION:
        return VERSION_E, f"version {version}, only 1 is supported", None
    if not 1 <= op_count <= MAX_OPS:
        return SECTION, f"op_count {op_count} outside 1..{MAX_OPS}", None
    if cb % 64:
        return SECTION, f"const_bytes {cb} is not a multiple of 64", None
    if mb < PRELUDE + T_BYTES or (mb - PRELUDE) % T_BYTES:
        return SECTION, f"meta_bytes {mb} is not 16 + 72*k (k >= 1)", None
    const_off = align64(HDR + OP_BYTES * op_count)
    meta_off = const_off + cb
    total = meta_off + mb
    if total >= 1 << 31:
        return SECTION, f"blob size {total} is 2^31 or more", None
    if n < total:
        return TRUNCATED, f"blob is {n} bytes, its sections need {total}", None
    crc = _u32(b, meta_off)
    want = crc_of(b, op_count, meta_off, total)
    if crc != want:
        return CRC, f"crc32 0x{crc:08x}, computed 0x{want:08x}", None
    tcount, flags, resv = struct.unpack_from("<III", b, meta_off + 4)
    if not 1 <= tcount <= MAX_TENSORS or tcount != (mb - PRELUDE) // T_BYTES:
        return SECTION, f"tensor_count {tcount} does not match meta_bytes {mb}", None
    if flags & ~3:
        return SECTION, f"unknown flags 0x{flags:x}", None
    if resv:
        return SECTION, "reserved metadata word is not 0", None
    if any(b[HDR + OP_BYTES * op_count:const_off]):
        return SECTION, "padding after the op records is not zero", None
    ts = []
    for i in range(tcount):
        t = read_tensor(b, meta_off, i)
        code, msg = _check_tensor(t, cb, ts)
        if code:
            return code, f"tensor {i}: {msg}", None
        ts.append(t)
    written = [False] * tcount
    ops = []
    for i in range(op_count):
        op = read_op(b, i)
        code, msg = _check_op(op, ts, written)
        if code:
            return code, f"op {i}: {msg}", None
        ops.append(op)
    for i, t in enumerate(ts):
        if t["role"] in (TEMP, OUTPUT) and not written[i]:
            return DATAFLOW, f"tensor {i} ({ROLE_NAMES[t['role']]}) is never written", None
    r = Blob()
    r.op_count, r.tensor_count, r.flags, r.const_off, r.const_bytes = op_count, tcount, flags, \
        const_off, cb
    r.meta_off, r.total, r.tensors, r.ops, r.data = meta_off, total, ts, ops, b
    return OK, "valid", r


def _check_tensor(t, cb, prev):
    nd = t["ndim"]
    if not 1 <= nd <= 4:
        return TENSOR, f"ndim {nd} outside 1..4"
    for d in range(4):
        s = t["sizes"][d]
        if (d < nd and s < 1) or (d >= nd and s != 0):
            return TENSOR, f"sizes[{d}] = {s}"
    elems = 1
    for d in range(nd):
        elems *= t["sizes"][d]
        if elems > MAX_ELEMS:
            return TENSOR, "more than 2^30 elements"
    want = contiguous_strides(t["sizes"][:nd]) + [0] * (4 - nd)
    for d in range(4):
        if t["strides"][d] != want[d]:
            return TENSOR, f"strides[{d}] = {t['strides'][d]}, contiguous is {want[d]}"
    if t["dtype"] != DT_BF16:
        return TENSOR, f"dtype {t['dtype']}, only 1 (bf16)"
    if t["storage"] != ST_DRAM:
        return STORAGE, f"storage {t['storage']}, only 0 (dram) in version 1"
    if t["role"] > OUTPUT:
        return TENSOR, f"role {t['role']} outside 0..3"
    raw = t["rawname"]
    if raw[15] != 0:
        return TENSOR, "name is not NUL-terminated"
    end = raw.index(0)
    if any(c < 0x21 or c > 0x7E for c in raw[:end]) or any(raw[end:]):
        return TENSOR, "name has a character outside 0x21..0x7e or bytes after its NUL"
    t["elems"] = elems
    off, nb = t["off"], t["bytes"]
    if t["role"] in (CONST, INPUT):
        if off % 64:
            return DATA, f"data_offset {off} is not a multiple of 64"
        if nb != 2 * elems:
            return DATA, f"data_bytes {nb}, the shape needs {2 * elems}"
        if off > cb or nb > cb - off:
            return DATA, f"data {off}+{nb} outside the {cb}-byte constants section"
        for j, p in enumerate(prev):
            if p["role"] in (CONST, INPUT) and off < p["off"] + p["bytes"] and p["off"] < off + nb:
                return DATA, f"data overlaps tensor {j}'s"
    elif off or nb:
        return DATA, "a runtime tensor has a data range"
    return OK, ""


def _shape(t):
    return t["sizes"][:t["ndim"]]


def _check_op(op, ts, written):
    k = op["kind"]
    if not GEMM <= k <= TRANSPOSE:
        return OP_KIND, f"kind {k} outside 1..7"
    nt = len(ts)
    ids = [op["in"][0]] + ([op["in"][1]] if k in BINARY else []) + [op["out"]]
    for v in ids:
        if v >= nt:
            return OP_ID, f"tensor id {v} out of range (tensor_count {nt})"
    if k not in BINARY and op["in"][1] != NO_INPUT:
        return OP_ID, f"input_ids[1] = {op['in'][1]}, a one-input op needs 0xffffffff"
    x, o = ts[op["in"][0]], ts[op["out"]]
    nd = x["ndim"]
    d0, d1 = op["dim0"], op["dim1"]
    if k == SOFTMAX:
        if d0 not in (-1, nd - 1) or d1 != -1:
            return OP_DIM, f"softmax dim0 {d0} dim1 {d1}: dim0 must be -1 or {nd - 1}, dim1 -1"
    elif k == TRANSPOSE:
        if not (-nd <= d0 < nd and -nd <= d1 < nd):
            return OP_DIM, f"transpose dims {d0}, {d1} outside -{nd}..{nd - 1}"
    elif d0 != -1 or d1 != -1:
        return OP_DIM, f"dim0 {d0} dim1 {d1}, this op needs -1, -1"
    sx, so = _shape(x), _shape(o)
    if k in (ADD, SUB, MUL):
        sb = _shape(ts[op["in"][1]])
        if sx != sb or so != sx:
            return OP_SHAPE, f"{KIND_NAMES[k]} shapes {sx}, {sb} -> {so} are not all equal"
    elif k in (RELU, SOFTMAX):
        if so != sx:
            return OP_SHAPE, f"{KIND_NAMES[k]} shape {sx} -> {so}"
    elif k == TRANSPOSE:
        want = list(sx)
        a, c = d0 % nd, d1 % nd
        want[a], want[c] = want[c], want[a]
        if so != want:
            return OP_SHAPE, f"transpose of {sx} gives {want}, out is {so}"
    else:
        sb = _shape(ts[op["in"][1]])
        ok = (2 <= nd <= 4 and len(sb) == nd and len(so) == nd and sx[:-2] == sb[:-2] == so[:-2]
              and sx[-1] == sb[-2] and so[-2] == sx[-2] and so[-1] == sb[-1])
        if not ok:
            return OP_SHAPE, f"gemm shapes {sx} x {sb} -> {so}"
    if o["role"] not in (TEMP, OUTPUT):
        return DATAFLOW, f"output tensor {op['out']} is {ROLE_NAMES.get(o['role'])}"
    if written[op["out"]]:
        return DATAFLOW, f"output tensor {op['out']} is written twice"
    for v in ids[:-1]:
        if ts[v]["role"] in (TEMP, OUTPUT) and not written[v]:
            return DATAFLOW, f"input tensor {v} is read before it is written"
    written[op["out"]] = True
    return OK, ""


def dump(r):
    """Human-readable listing of a valid blob."""
    lines = [f"ATALLA00 version 1: {r.op_count} ops, {r.tensor_count} tensors, "
             f"{r.const_bytes} constant bytes, {r.total} bytes, flags 0x{r.flags:x}"]
    for i, t in enumerate(r.tensors):
        shape = "x".join(str(s) for s in _shape(t))
        data = f" data @{t['off']} +{t['bytes']}" if t["role"] in (CONST, INPUT) else ""
        lines.append(f"  t{i:<3} {ROLE_NAMES[t['role']]:<6} {t['name']:<15} bf16[{shape}]{data}")
    for i, op in enumerate(r.ops):
        k = op["kind"]
        ins = ", ".join(f"t{v}" for v in ([op["in"][0]] + ([op["in"][1]] if k in BINARY else [])))
        dims = f" dims ({op['dim0']}, {op['dim1']})" if k in (SOFTMAX, TRANSPOSE) else ""
        lines.append(f"  op{i:<3} {KIND_NAMES[k]:<9} {ins} -> t{op['out']}{dims}")
    return "\n".join(lines)
