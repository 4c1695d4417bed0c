#!/usr/bin/env python3
"""CSR numbers, opcodes, trap causes, tensor funct fields and CSR field
positions are written in several places: the RTL package and RTL blocks
(rtl/), the golden model (sw/golden/), the target headers (sw/include/) and
the random program generator (tools/rvgen.py). This test holds one
canonical table (canonical name -> the name of that constant in each source
that writes it) and checks

  * every entry: the value agrees in every source named, and each named
    constant exists;
  * the other direction: every constant of the checked kinds that a source
    defines is in the table, so a constant added in one place only fails;
  * rvgen's T_CSR_* lists: every number is a tensor CSR, T_CSR_READ is all
    of them, T_CSR_RO is exactly the read-only ones of mosaic_csr.h.

A missing file, or a source that parses to nothing, is a failure. The repo
root is $MOSAIC_ROOT or three folders up. Prints `PASS: name` /
`FAIL: name: why`; exits 1 if anything failed. (The memory map has its own
test, test_memmap_agree.py.)"""
import ast
import os
import re
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

# --------------------------------------------------------------------------
# Parsers. Each returns {name: int}; names that a parser derives from code
# rather than from a named constant are written "what(where)".
# --------------------------------------------------------------------------


def sv_number(text):
    text = text.strip().replace("_", "")
    m = re.fullmatch(r"(\d+)?'([hdbo])([0-9a-fA-F]+)", text)
    if m:
        return int(m.group(3), {"h": 16, "d": 10, "b": 2, "o": 8}[m.group(2)])
    return int(text, 0)


def strip_sv_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def sv_params(text):
    out = {}
    for name, val in re.findall(
            r"localparam\s+(?:logic|bit|int|integer)?\s*(?:\[[^\]]*\])?\s*(\w+)\s*=\s*([^;]+);",
            strip_sv_comments(text)):
        try:
            out[name] = sv_number(val)
        except ValueError:
            pass
    return out


def parse_pkg(text):
    out = sv_params(text)
    # Counter ranges are written as a comment in the CSR section:
    # "mhpmcounter3..31 = 0xB03..0xB1F, ...h = 0xB83..0xB9F,"
    last = None
    for name, lo, hi in re.findall(r"(\w+3\.\.31|\.\.\.h) = 0x([0-9A-Fa-f]+)\.\.0x([0-9A-Fa-f]+)",
                                   text):
        if name == "...h":
            name = last + "h"
        else:
            last = name = name[:-len("3..31")]
        out["comment:%s" % name] = int(lo, 16)
        out["comment:%s.last" % name] = int(hi, 16)
    m = re.search(r"mstatus\.TS \([^)]*bits (\d+):(\d+)", text)
    if m:
        out["comment:mstatus.TS.shift"] = int(m.group(2))
        out["comment:mstatus.TS.mask"] = ((1 << (int(m.group(1)) - int(m.group(2)) + 1)) - 1) \
            << int(m.group(2))
    return out


def slice_mask(hi, lo):
    hi, lo = int(hi), int(lo)
    return ((1 << (hi - lo + 1)) - 1) << lo


def find_all(pattern, text, what):
    found = re.findall(pattern, text)
    if not found:
        return None
    if len(set(found)) != 1:
        raise ValueError("%s written differently in one file: %s" % (what, sorted(set(found))))
    return found[0]


def parse_core_csr(text):
    out = {n: v for n, v in sv_params(text).items() if n == "NumHpm"}
    m = find_all(r"ts_d\s*=\s*wval\[(\d+):(\d+)\]", text, "mstatus.TS write slice")
    if m:
        out["ts_d=wval[hi:lo].shift"] = int(m[1])
        out["ts_d=wval[hi:lo].mask"] = slice_mask(*m)
    return out


def parse_tu_csr(text):
    out = {}
    m = re.search(r"mcsr_q\s*<=\s*wval\[(\d+):(\d+)\]", text)
    if m:
        out["mcsr_q<=wval[..]"] = slice_mask(m.group(1), m.group(2))
    m = re.search(r"if \(set_sat_i\) begin\s*mcsr_q\[(\d+)\]\s*<=\s*1'b1;\s*"
                  r"mxstatus_q\[(\d+)\]\s*<=\s*1'b1;", text)
    if m:
        out["set_sat_i->mcsr_q[]"] = 1 << int(m.group(1))
        out["set_sat_i->mxstatus_q[]"] = 1 << int(m.group(2))
    for sig in ("inexact", "badgeom", "guard_fallback"):
        m = re.search(r"if \(set_%s_i\)\s*mxstatus_q\[(\d+)\]\s*<=" % sig, text)
        if m:
            out["set_%s_i->mxstatus_q[]" % sig] = 1 << int(m.group(1))
    return out


def parse_tu_check(text):
    out = {}
    m = find_all(r"rm_o\s*=\s*mcsr_i\[(\d+):(\d+)\]", text, "mcsr.mfrm slice")
    if m:
        out["rm_o=mcsr_i[..].shift"] = int(m[1])
        out["rm_o=mcsr_i[..].mask"] = slice_mask(*m)
    m = find_all(r"frm_bad\s*=\s*\(mcsr_i\[(\d+):(\d+)\]", text, "mcsr.mfrm slice")
    if m:
        out["frm_bad=mcsr_i[..].mask"] = slice_mask(*m)
    m = find_all(r"m_mmode_bad\s*=.*?mcsr_i\[(\d+):(\d+)\]", text, "mcsr.mmode slice")
    if m:
        out["m_mmode_bad=mcsr_i[..].mask"] = slice_mask(*m)
    return out


def parse_tu_top(text):
    out = {}
    for port, what in (("cmd_subn_i", "mfp8sub"), ("cmd_fp8_sat_i", "mfp8sat")):
        m = find_all(r"\.%s\s*\([^()]*?mcsr\[(\d+)\]\)" % port, text, "mcsr." + what)
        if m:
            out[".%s(mcsr[])" % port] = 1 << int(m)
    m = find_all(r"\.cmd_mode_i\s*\([^;]*?:\s*mcsr\[(\d+):(\d+)\]\)", text, "mcsr.mmode")
    if m:
        out[".cmd_mode_i(mcsr[..])"] = slice_mask(*m)
    return out


def parse_tu_decode(text):
    out = {}
    for f3, f7 in re.findall(r"3'd(\d):\s*enc_ok_o\s*=\s*\(funct7\s*==\s*7'h([0-9a-fA-F]+)\)",
                             text):
        out["enc_ok_o(f3=%s)" % f3] = int(f7, 16)
    return out


def strip_c_comments(text):
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", " ", text, flags=re.S))


C_EXPR = re.compile(r"[0-9a-fA-Fx()+\-*<>|&~ ]+")


def c_eval(expr, env):
    expr = re.sub(r"\b[A-Za-z_]\w*\b",
                  lambda m: str(env[m.group(0)]) if m.group(0) in env else m.group(0), expr)
    expr = re.sub(r"\b(0x[0-9a-fA-F]+|\d+)[uUlL]+\b", r"\1", expr)
    expr = re.sub(r"\(\s*uint32_t\s*\)", "", expr)
    if not C_EXPR.fullmatch(expr):
        raise ValueError(expr)
    return int(eval(expr, {"__builtins__": {}}))  # digits and operators only


def c_enums(text, env):
    out = {}
    for body in re.findall(r"\benum\s*\w*\s*\{(.*?)\}", text, flags=re.S):
        nxt = 0
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            name, _, expr = item.partition("=")
            name = name.strip()
            nxt = c_eval(expr, {**env, **out}) if expr.strip() else nxt
            out[name] = nxt
            nxt += 1
    return out


def c_defines(text, env=None):
    """Object-like defines that evaluate to integers; a one-parameter
    function-like define is evaluated with its parameter 0 and named
    NAME(). Enums too. Returns (values, names that did not evaluate)."""
    env = dict(env or {})
    text = strip_c_comments(text.replace("\\\n", " "))
    raw = re.findall(r"^[ \t]*#define[ \t]+(\w+)(\([^)]*\))?[ \t]+(\S.*?)[ \t]*$", text, flags=re.M)
    out, bad = {}, []
    pending = list(raw)
    for _ in range(5):  # defines may refer to later ones
        rest = []
        for name, params, expr in pending:
            key = name + "()" if params else name
            e = expr
            if params:
                ps = [p.strip() for p in params[1:-1].split(",")]
                if len(ps) != 1 or not ps[0]:
                    continue
                e = re.sub(r"\b%s\b" % re.escape(ps[0]), "0", e)
            try:
                out[key] = c_eval(e, {**env, **out})
            except (ValueError, SyntaxError, TypeError):
                rest.append((name, params, expr))
        pending = rest
    bad = [n for n, p, _ in pending if not p]
    try:
        out.update(c_enums(text, {**env, **out}))
    except (ValueError, SyntaxError, TypeError) as e:
        bad.append("enum (%s)" % e)
    return out, bad


def parse_ame_c(text):
    out, bad = c_defines(text)
    # Field extractors: ((v) & M) or (((v) >> S) & M); flags (1u << B).
    for name, s, m in re.findall(r"#define\s+(\w+)\(v\)\s+\(\(*\(v\)\)*(?:\s*>>\s*(\d+)\))?\s*&\s*"
                                 r"(0x[0-9A-Fa-f]+)u?\)", text):
        s = int(s or 0)
        out.pop(name + "()", None)
        out[name + ".shift"] = s
        out[name + ".mask"] = int(m, 16) << s
    return out, bad


def parse_csr_h(text):
    out, bad = c_defines(text)
    for kind, name, csr in re.findall(r"^MOSAIC_CSR_(RO|RW)\((\w+),\s*(\w+)\)", text, flags=re.M):
        out["MOSAIC_CSR_%s(%s)" % (kind, name)] = out.get(csr, -1)
    return out, bad


class PyEval(ast.NodeVisitor):
    """Module-level constants of a Python file, without running it."""

    OPS = {ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
           ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b,
           ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
           ast.Mult: lambda a, b: a * b}

    def __init__(self):
        self.env = {}

    def ev(self, n):
        if isinstance(n, ast.Constant):
            return n.value
        if isinstance(n, ast.Name):
            return self.env[n.id]
        if isinstance(n, ast.BinOp) and type(n.op) in self.OPS:
            return self.OPS[type(n.op)](self.ev(n.left), self.ev(n.right))
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
            return -self.ev(n.operand)
        if isinstance(n, (ast.List, ast.Tuple)):
            return [self.ev(e) for e in n.elts]
        if isinstance(n, ast.Dict):
            return {(k.id if isinstance(k, ast.Name) else self.ev(k)): self.ev(v)
                    for k, v in zip(n.keys, n.values)}
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "range":
            return list(range(*[self.ev(a) for a in n.args]))
        raise KeyError("not a constant")

    def run(self, tree):
        for node in tree.body:
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            t = node.targets[0]
            try:
                v = self.ev(node.value)
            except (KeyError, TypeError, ValueError):
                continue
            if isinstance(t, ast.Name):
                self.env[t.id] = v
            elif isinstance(t, ast.Tuple) and isinstance(v, list) and len(v) == len(t.elts):
                for e, x in zip(t.elts, v):
                    if isinstance(e, ast.Name):
                        self.env[e.id] = x
        return self.env


def parse_rvgen(text):
    env = PyEval().run(ast.parse(text))
    out = {}
    for k, v in env.items():
        if isinstance(v, int) and not isinstance(v, bool):
            out[k] = v
        elif isinstance(v, dict) and k in ("TBINARY", "TROW", "AME_CODE"):
            for kk, vv in v.items():
                out["%s[%s]" % (k, kk)] = vv
        elif k == "FMT_NAMES":
            for i, n in enumerate(v):
                out["FMT_NAMES[%s]" % n] = i
    lists = {k: v for k, v in env.items() if k.startswith("T_CSR_")}
    # Trap sites: emit_trap_X(...) calls trap_site(g, cause).
    for fn, body in re.findall(r"^def (emit_trap_\w+)\(.*?\):\n(.*?)(?=^\S)", text,
                               flags=re.M | re.S):
        causes = set(re.findall(r"trap_site\(g, (\d+)\)", body))
        if len(causes) == 1:
            out["%s:trap_site" % fn] = int(causes.pop())
        elif causes:
            raise ValueError("%s raises several causes %s" % (fn, sorted(causes)))
    m = re.search(r"^def enc_csr\(.*?\):\n\s*return .*?\|\s*(0x[0-9A-Fa-f]+)\s*$", text, flags=re.M)
    if m:
        out["enc_csr:opcode"] = int(m.group(1), 16)
    return out, lists


# --------------------------------------------------------------------------
# Sources: key -> (path, parser, kinds). kinds: regexes of the names that
# must all be in the table (the reverse direction).
# --------------------------------------------------------------------------

SOURCES = {
    "pkg": ("rtl/pkg/mosaic_pkg.sv",
            [r"^Csr", r"^Op(?!ASel)", r"^Exc", r"^Irq", r"^Ts[A-Z]", r"^TuOp(?!None$)",
             r"^TuTile", r"^TlDesc", r"^SdmaCode", r"^Fmt", r"^Rm[A-Z]", r"^Flag", r"^Misa$", r"^SeqW$",
             r"^comment:"]),
    "core_csr": ("rtl/core/mosaic_core_csr.sv", [r"^ts_d", r"^NumHpm$"]),
    "tu_csr": ("rtl/tu/mosaic_tu_csr.sv", [r"->|<="]),
    "tu_check": ("rtl/tu/mosaic_tu_check.sv", [r"."]),
    "tu_top": ("rtl/tu/mosaic_tu.sv", [r"."]),
    "tu_tl": ("rtl/tu/mosaic_tu_tl.sv", [r"^Op"]),
    "tu_decode": ("rtl/tu/mosaic_tu_decode.sv", [r"."]),
    "tu_h": ("sw/golden/mosaic_tu.h",
             [r"^MOSAIC_CSR_(?!OK$|NOT_MINE$|ILLEGAL$)", r"^MOSAIC_OP_", r"^MOSAIC_CAUSE_",
              r"^MOSAIC_MCSR_", r"^MOSAIC_MX_", r"^MOSAIC_TS_", r"^MOSAIC_MSTATUS_"]),
    "iss_h": ("sw/golden/mosaic_iss.h", [r"^MOSAIC_CAUSE_", r"^MOSAIC_IRQ_"]),
    "iss_int": ("sw/golden/iss_internal.h", [r"^CSR_", r"^MSTATUS_(TS|SD)$", r"^ISS_MISA$",
                                             r"^HPM_"]),
    "fmt_h": ("sw/golden/mosaic_fmt.h", [r"^MOSAIC_FMT_", r"^MOSAIC_RM_", r"^MOSAIC_FLAG_"]),
    "minat_h": ("sw/golden/minat.h", [r"^MINAT_(?!ELEMS$|NCLASS$)"]),
    "mma_h": ("sw/golden/mma.h", [r"^MOSAIC_MMA_"]),
    "tl_int": ("sw/golden/tl_internal.h", [r"^TL_DESC_"]),
    "ame_c": ("sw/golden/ame.c", [r"^MXCFG_", r"^MXTILE_", r"^MODE_"]),
    "sdma_c": ("sw/golden/tu_internal.h", [r"^SDMA_"]),
    "red_c": ("sw/golden/minat_red.c", [r"^TRED_"]),
    "csr_h": ("sw/include/mosaic_csr.h",
              [r"^CSR_", r"^MSTATUS_", r"^TS_", r"^CAUSE_", r"^MCSR_", r"^MMODE_", r"^RM_",
               r"^MXCFG_", r"^MXTILE_", r"^MX_", r"^MXSTATUS_", r"^TL_XSTATUS_", r"^SDMA_",
               r"^AME_", r"^HPM_", r"^MOSAIC_CSR_R[OW]\("]),
    "mosaic_h": ("sw/include/mosaic.h",
                 [r"^MOSAIC_OPC_", r"^F3_", r"^F7_", r"^FMT_(?!BITS\(\)$)", r"^ACT_", r"^RED_",
                  r"^BTR_"]),
    "cosim": ("tb/verilator/cosim_tensor.c", [r"^SLOTS$"]),
    "rvgen": ("tools/rvgen.py",
              [r"^OPC_", r"^CSR_", r"^MSTATUS_TS$", r"^MCAUSE_", r"^TBINARY\[", r"^TROW\[",
               r"^AME_CODE\[", r"^FMT_NAMES\[", r"^(FP32|FP16|BF16|E4M3|E5M2|INT8|FP4|INT16|"
               r"INT32|TF32)$", r":trap_site$", r"^enc_csr:"]),
}


def shift(n):
    return lambda v: v - n


def bit(v):
    return 1 << v


# --------------------------------------------------------------------------
# The canonical table: (canonical name, {source: name or (name, transform)}).
# A transform maps the source's raw value to the canonical value.
# --------------------------------------------------------------------------

TABLE = []


def row(name, **src):
    TABLE.append((name, src))


# Machine CSRs.
for c, pkg, iss, hdr in [
        ("mstatus", "CsrMstatus", "CSR_MSTATUS", "CSR_MSTATUS"),
        ("misa", "CsrMisa", "CSR_MISA", "CSR_MISA"),
        ("mie", "CsrMie", "CSR_MIE", "CSR_MIE"),
        ("mtvec", "CsrMtvec", "CSR_MTVEC", "CSR_MTVEC"),
        ("mcountinhibit", "CsrMcountinhibit", "CSR_MCOUNTINHIBIT", None),
        ("mscratch", "CsrMscratch", "CSR_MSCRATCH", "CSR_MSCRATCH"),
        ("mepc", "CsrMepc", "CSR_MEPC", "CSR_MEPC"),
        ("mcause", "CsrMcause", "CSR_MCAUSE", "CSR_MCAUSE"),
        ("mtval", "CsrMtval", "CSR_MTVAL", "CSR_MTVAL"),
        ("mip", "CsrMip", "CSR_MIP", "CSR_MIP"),
        ("mcycle", "CsrMcycle", "CSR_MCYCLE", None),
        ("minstret", "CsrMinstret", "CSR_MINSTRET", None),
        ("mcycleh", "CsrMcycleh", "CSR_MCYCLEH", None),
        ("minstreth", "CsrMinstreth", "CSR_MINSTRETH", None),
        ("cycle", "CsrCycle", "CSR_CYCLE", "CSR_CYCLE"),
        ("time", "CsrTime", "CSR_TIME", "CSR_TIME"),
        ("instret", "CsrInstret", "CSR_INSTRET", "CSR_INSTRET"),
        ("cycleh", "CsrCycleh", "CSR_CYCLEH", "CSR_CYCLEH"),
        ("timeh", "CsrTimeh", "CSR_TIMEH", None),
        ("instreth", "CsrInstreth", "CSR_INSTRETH", "CSR_INSTRETH"),
        ("mvendorid", "CsrMvendorid", "CSR_MVENDORID", None),
        ("marchid", "CsrMarchid", "CSR_MARCHID", None),
        ("mimpid", "CsrMimpid", "CSR_MIMPID", None),
        ("mhartid", "CsrMhartid", "CSR_MHARTID", None),
        ("tselect", "CsrTselect", "CSR_TSELECT", None),
        ("tdata1", "CsrTdata1", "CSR_TDATA1", None),
        ("tdata2", "CsrTdata2", "CSR_TDATA2", None),
        ("tdata3", "CsrTdata3", "CSR_TDATA3", None),
        ("tinfo", "CsrTinfo", "CSR_TINFO", None)]:
    src = {"pkg": pkg, "iss_int": iss}
    if hdr:
        src["csr_h"] = hdr
    row("csr." + c, **src)
# Counter ranges (the package writes them in a comment).
row("csr.mhpmevent3", pkg="comment:mhpmevent", iss_int="CSR_MHPMEVENT3")
row("csr.mhpmevent31", pkg="comment:mhpmevent.last", iss_int="CSR_MHPMEVENT31")
row("csr.mhpmcounter3", pkg="comment:mhpmcounter", iss_int="CSR_MHPMCOUNTER3")
row("csr.mhpmcounter31", pkg="comment:mhpmcounter.last", iss_int="CSR_MHPMCOUNTER31")
row("csr.mhpmcounter3h", pkg="comment:mhpmcounterh", iss_int="CSR_MHPMCOUNTER3H")
row("csr.mhpmcounter31h", pkg="comment:mhpmcounterh.last", iss_int="CSR_MHPMCOUNTER31H")
row("csr.hpmcounter3", pkg="comment:hpmcounter", iss_int="CSR_HPMCOUNTER3",
    csr_h=("CSR_HPMCOUNTER()", lambda v: v + 3))
row("csr.hpmcounter31", pkg="comment:hpmcounter.last", iss_int="CSR_HPMCOUNTER31")
row("csr.hpmcounter3h", pkg="comment:hpmcounterh", iss_int="CSR_HPMCOUNTER3H",
    csr_h=("CSR_HPMCOUNTERH()", lambda v: v + 3))
row("csr.hpmcounter31h", pkg="comment:hpmcounterh.last", iss_int="CSR_HPMCOUNTER31H")

# Tensor CSRs: (canonical, pkg, mosaic_tu.h, mosaic_csr.h, rvgen or None).
TENSOR_CSRS = [
    ("tl_tensor_shape", "CsrTlTensorShape", "MOSAIC_CSR_TL_SHAPE", "CSR_TL_TENSOR_SHAPE",
     "CSR_TL_SHAPE"),
    ("tl_transpose_perm", "CsrTlPerm", "MOSAIC_CSR_TL_PERM", "CSR_TL_TRANSPOSE_PERM", None),
    ("tl_xpose_config", "CsrTlXcfg", "MOSAIC_CSR_TL_XCFG", "CSR_TL_XPOSE_CONFIG", "CSR_TL_XCFG"),
    ("tl_xpose_status", "CsrTlXstatus", "MOSAIC_CSR_TL_XSTATUS", "CSR_TL_XPOSE_STATUS", None),
    ("tl_mask1", "CsrTlMask1", "MOSAIC_CSR_TL_MASK1", "CSR_TL_MASK1", None),
    ("tl_mask2", "CsrTlMask2", "MOSAIC_CSR_TL_MASK2", "CSR_TL_MASK2", None),
    ("tl_load_mask", "CsrTlLmask", "MOSAIC_CSR_TL_LMASK", "CSR_TL_LOAD_MASK", None),
    ("tl_store_mask", "CsrTlSmask", "MOSAIC_CSR_TL_SMASK", "CSR_TL_STORE_MASK", None),
    ("mcsr", "CsrMcsr", "MOSAIC_CSR_MCSR", "CSR_MCSR", "CSR_MCSR"),
    ("sdma_stride", "CsrSdmaStride", "MOSAIC_CSR_SDMA_STRIDE", "CSR_SDMA_STRIDE", "CSR_SDMA_STRIDE"),
    ("sdma_status", "CsrSdmaStatus", "MOSAIC_CSR_SDMA_STATUS", "CSR_SDMA_STATUS", "CSR_SDMA_STATUS"),
    ("sdma_erraddr", "CsrSdmaErraddr", "MOSAIC_CSR_SDMA_ERRADDR", "CSR_SDMA_ERRADDR",
     "CSR_SDMA_ERRADDR"),
    ("mxcfg", "CsrMxcfg", "MOSAIC_CSR_MXCFG", "CSR_MXCFG", "CSR_MXCFG"),
    ("mxtile", "CsrMxtile", "MOSAIC_CSR_MXTILE", "CSR_MXTILE", "CSR_MXTILE"),
    ("mxstatus", "CsrMxstatus", "MOSAIC_CSR_MXSTATUS", "CSR_MXSTATUS", "CSR_MXSTATUS"),
    ("mddcbase", "CsrMddcbase", "MOSAIC_CSR_MDDCBASE", "CSR_MDDCBASE", "CSR_MDDCBASE"),
    ("mddclimit", "CsrMddclimit", "MOSAIC_CSR_MDDCLIMIT", "CSR_MDDCLIMIT", "CSR_MDDCLIMIT"),
    ("mddcperm", "CsrMddcperm", "MOSAIC_CSR_MDDCPERM", "CSR_MDDCPERM", "CSR_MDDCPERM"),
    ("mtilem", "CsrMtilem", "MOSAIC_CSR_MTILEM", "CSR_MTILEM", None),
    ("mtilek", "CsrMtilek", "MOSAIC_CSR_MTILEK", "CSR_MTILEK", None),
    ("mtilen", "CsrMtilen", "MOSAIC_CSR_MTILEN", "CSR_MTILEN", None),
    ("mamul", "CsrMamul", "MOSAIC_CSR_MAMUL", "CSR_MAMUL", None),
    ("mmisa", "CsrMmisa", "MOSAIC_CSR_MMISA", "CSR_MMISA", None),
]
READ_ONLY = {"mtilem", "mtilek", "mtilen", "mamul", "mmisa"}
for c, pkg, tu, hdr, py in TENSOR_CSRS:
    src = {"pkg": pkg, "tu_h": tu, "csr_h": hdr,
           # mosaic_csr.h's accessor list names the CSR and says RO or RW.
           "csr_h ": "MOSAIC_CSR_%s(%s)" % ("RO" if c in READ_ONLY else "RW", c)}
    if py:
        src["rvgen"] = py
    row("tcsr." + c, **src)

# Major opcodes.
for c, pkg, tu, h, py in [("custom0", "OpCustom0", "MOSAIC_OP_CUSTOM0", "MOSAIC_OPC_SDMA", "OPC_SDMA"),
                          ("custom1", "OpCustom1", "MOSAIC_OP_CUSTOM1", "MOSAIC_OPC_AME", "OPC_AME"),
                          ("custom2", "OpCustom2", "MOSAIC_OP_CUSTOM2", "MOSAIC_OPC_MINAT", "OPC_MINAT"),
                          ("custom3", "OpCustom3", "MOSAIC_OP_CUSTOM3", "MOSAIC_OPC_TL", "OPC_TL")]:
    row("opcode." + c, pkg=pkg, tu_h=tu, mosaic_h=h, rvgen=py)
row("opcode.system", pkg="OpSystem", rvgen="enc_csr:opcode")
for c in ["Load", "MiscMem", "Imm", "Auipc", "Store", "Op", "Lui", "Branch", "Jalr", "Jal"]:
    row("opcode." + c.lower(), pkg="Op" + c)  # the golden ISS decodes with literals

# Trap causes.
for c, src in [
        ("instr_misaligned", dict(pkg="ExcInstrMisaligned", iss_h="MOSAIC_CAUSE_FETCH_MISALIGNED",
                                  rvgen="emit_trap_jump_misaligned:trap_site")),
        ("instr_fault", dict(pkg="ExcInstrFault", iss_h="MOSAIC_CAUSE_FETCH_FAULT",
                             rvgen="emit_trap_fetch_fault:trap_site")),
        ("illegal", dict(pkg="ExcIllegal", tu_h="MOSAIC_CAUSE_ILLEGAL", csr_h="CAUSE_ILLEGAL_INSN",
                         rvgen="emit_trap_illegal:trap_site")),
        ("breakpoint", dict(pkg="ExcBreakpoint", iss_h="MOSAIC_CAUSE_BREAKPOINT",
                            rvgen="emit_trap_ebreak:trap_site")),
        # Scalar loads and stores never raise 4/6 (misaligned ones are
        # carried out); tensor loads and stores do.
        ("load_misaligned", dict(pkg="ExcLoadMisaligned", tu_h="MOSAIC_CAUSE_LOAD_MISALIGNED",
                                 csr_h="CAUSE_LOAD_MISALIGNED")),
        ("load_fault", dict(pkg="ExcLoadFault", tu_h="MOSAIC_CAUSE_LOAD_FAULT",
                            csr_h="CAUSE_LOAD_FAULT", rvgen="emit_trap_ld_fault:trap_site")),
        ("load_fault.split", dict(pkg="ExcLoadFault", rvgen="emit_trap_ld_split:trap_site")),
        ("store_misaligned", dict(pkg="ExcStoreMisaligned", tu_h="MOSAIC_CAUSE_STORE_MISALIGNED",
                                  csr_h="CAUSE_STORE_MISALIGNED")),
        ("store_fault", dict(pkg="ExcStoreFault", tu_h="MOSAIC_CAUSE_STORE_FAULT",
                             csr_h="CAUSE_STORE_FAULT", rvgen="emit_trap_st_fault:trap_site")),
        ("store_fault.split", dict(pkg="ExcStoreFault", rvgen="emit_trap_st_split:trap_site")),
        ("ecall_m", dict(pkg="ExcEcallM", iss_h="MOSAIC_CAUSE_ECALL_M",
                         rvgen="emit_trap_ecall:trap_site")),
        ("irq_mtimer", dict(pkg="IrqMachineTimer", iss_h="MOSAIC_IRQ_MTIMER",
                            rvgen=("MCAUSE_IRQ", lambda v: v & 0x7FFFFFFF))),
        ("interrupt_bit", dict(iss_h="MOSAIC_CAUSE_INTERRUPT",
                               rvgen=("MCAUSE_IRQ", lambda v: v & 0x80000000)))]:
    row("cause." + c, **src)

# mstatus.TS: position and values.
row("mstatus.ts.shift", pkg="comment:mstatus.TS.shift", core_csr="ts_d=wval[hi:lo].shift",
    tu_h="MOSAIC_MSTATUS_TS_SHIFT", csr_h="MSTATUS_TS_SHIFT")
row("mstatus.ts.mask", pkg="comment:mstatus.TS.mask", core_csr="ts_d=wval[hi:lo].mask",
    iss_int="MSTATUS_TS", csr_h="MSTATUS_TS_MASK", rvgen="MSTATUS_TS")
row("mstatus.sd", iss_int="MSTATUS_SD", csr_h="MSTATUS_SD")
row("misa.value", pkg="Misa", iss_int="ISS_MISA")

# The lockstep harness matches tensor completions to retired instructions
# modulo the RTL's sequence-number window.
row("lockstep.seq_window", pkg=("SeqW", lambda v: 1 << v), cosim="SLOTS")
# Performance counters: what mhpmcounter3..9 count, and how many exist.
for c in ["TENSOR_INSNS", "USEFUL_MACS", "SDMA_BYTES"]:
    row("hpm." + c.lower(), iss_int="HPM_" + c, csr_h="HPM_" + c)
for c in ["MAC_BUSY", "BANK_CONFLICTS", "TU_STALLS", "SDMA_BUSY"]:
    row("hpm." + c.lower(), csr_h="HPM_" + c)  # timing events the ISS does not model
row("hpm.first", csr_h="HPM_FIRST", core_csr=("NumHpm", lambda v: 3))
row("hpm.last", iss_int="HPM_LAST", csr_h="HPM_LAST", core_csr=("NumHpm", lambda v: 3 + v - 1))
for c in ["Off", "Initial", "Clean", "Dirty"]:
    row("ts." + c.lower(), pkg="Ts" + c, tu_h="MOSAIC_TS_" + c.upper(), csr_h="TS_" + c.upper())

# mcsr fields (masks in place, or shifts).
row("mcsr.mmode.mask", tu_h="MOSAIC_MCSR_MMODE_MASK", csr_h="MCSR_MMODE_MASK",
    tu_check="m_mmode_bad=mcsr_i[..].mask", tu_top=".cmd_mode_i(mcsr[..])")
row("mcsr.mmode.shift", csr_h="MCSR_MMODE_SHIFT")
row("mcsr.msat", tu_h="MOSAIC_MCSR_MSAT", csr_h="MCSR_MSAT_MASK", tu_csr="set_sat_i->mcsr_q[]")
row("mcsr.msat.alias", csr_h="MCSR_MSAT", tu_h="MOSAIC_MCSR_MSAT")
row("mcsr.msat.bit", csr_h=("MCSR_MSAT_SHIFT", bit), tu_h="MOSAIC_MCSR_MSAT")
row("mcsr.mrm.shift", tu_h="MOSAIC_MCSR_MRM_SHIFT", csr_h="MCSR_MRM_SHIFT")
row("mcsr.mrm.mask", csr_h="MCSR_MRM_MASK")
row("mcsr.mfp8sat", tu_h="MOSAIC_MCSR_MFP8SAT", csr_h="MCSR_MFP8SAT_MASK",
    tu_top=".cmd_fp8_sat_i(mcsr[])")
row("mcsr.mfp8sat.alias", csr_h="MCSR_MFP8SAT")
row("mcsr.mfp8sat.bit", csr_h=("MCSR_MFP8SAT_SHIFT", bit), tu_h="MOSAIC_MCSR_MFP8SAT")
row("mcsr.mfrm.shift", tu_h="MOSAIC_MCSR_MFRM_SHIFT", csr_h="MCSR_MFRM_SHIFT",
    tu_check="rm_o=mcsr_i[..].shift")
row("mcsr.mfrm.mask", csr_h="MCSR_MFRM_MASK", tu_check="rm_o=mcsr_i[..].mask")
row("mcsr.mfrm.mask(check)", csr_h="MCSR_MFRM_MASK", tu_check="frm_bad=mcsr_i[..].mask")
row("mcsr.mfp8sub", tu_h="MOSAIC_MCSR_MFP8SUB", csr_h="MCSR_MFP8SUB_MASK",
    tu_top=".cmd_subn_i(mcsr[])")
row("mcsr.mfp8sub.alias", csr_h="MCSR_MFP8SUB")
row("mcsr.mfp8sub.bit", csr_h=("MCSR_MFP8SUB_SHIFT", bit), tu_h="MOSAIC_MCSR_MFP8SUB")
row("mcsr.wmask", tu_h="MOSAIC_MCSR_WMASK", tu_csr="mcsr_q<=wval[..]")

# mxstatus sticky bits.
for c, sig in [("GUARD_FALLBACK", "set_guard_fallback_i->mxstatus_q[]"),
               ("BADGEOM", "set_badgeom_i->mxstatus_q[]"),
               ("INEXACT", "set_inexact_i->mxstatus_q[]"),
               ("SAT_HIT", "set_sat_i->mxstatus_q[]")]:
    row("mxstatus." + c.lower(), tu_h="MOSAIC_MX_" + c, csr_h="MXSTATUS_" + c, tu_csr=sig)

# mxcfg / mxtile fields: mosaic_csr.h against the golden AME (ame.c).
for reg, fields in [("MXCFG", ["IFMT", "RFMT", "RND", "SAT"]),
                    ("MXTILE", ["K", "M", "TILING", "GUARD4X4"])]:
    for f in fields:
        n = "%s_%s" % (reg, f)
        if f in ("SAT", "GUARD4X4"):  # single-bit flags
            row("%s.%s" % (reg.lower(), f.lower()), csr_h=n + "_MASK", ame_c=n)
            row("%s.%s.alias" % (reg.lower(), f.lower()), csr_h=n, ame_c=n)
            row("%s.%s.bit" % (reg.lower(), f.lower()), csr_h=(n + "_SHIFT", bit), ame_c=n)
        else:
            row("%s.%s.shift" % (reg.lower(), f.lower()), csr_h=n + "_SHIFT", ame_c=n + ".shift")
            row("%s.%s.mask" % (reg.lower(), f.lower()), csr_h=n + "_MASK", ame_c=n + ".mask")
# mxtile.tiling values: package TuTile*, golden ame.c MODE_*, mosaic_csr.h MX_TILING_*.
for t in ["1x1", "2x2", "1x4", "4x1"]:
    row("mxtile.tiling." + t, pkg="TuTile" + t, ame_c="MODE_" + t.upper(),
        csr_h="MX_TILING_" + t.upper())
row("mxtile.tiling.4x4(internal)", pkg="TuTile4x4", ame_c="MODE_4X4")
for c in ["RNE", "RUP", "RDN", "RTZ"]:
    row("mxcfg.rnd." + c.lower(), csr_h="MX_RND_" + c)  # golden ame.c decodes with a switch

# mmode / bTR operand orders.
for c in ["AB", "ABT", "ATB"]:
    row("mmode." + c.lower(), mma_h="MOSAIC_MMA_" + c, csr_h="MMODE_" + c, mosaic_h="BTR_" + c)
row("mmode.atbt", mma_h="MOSAIC_MMA_ATBT", mosaic_h="BTR_ATBT")

# Formats, rounding modes, numeric flags.
FMTS = ["Fp32", "Fp16", "Bf16", "E4m3", "E5m2", "Int8", "Fp4", "Int16", "Int32", "Tf32"]
for f in FMTS:
    row("fmt." + f.lower(), pkg="Fmt" + f, fmt_h="MOSAIC_FMT_" + f.upper(),
        mosaic_h="FMT_" + f.upper(), rvgen=f.upper(), **{"rvgen ": "FMT_NAMES[%s]" % f.lower()})
row("fmt.count", fmt_h="MOSAIC_FMT_COUNT", mosaic_h="FMT_COUNT")
for f in ["Rne", "Rtz", "Rdn", "Rup", "Rmm"]:
    row("rm." + f.lower(), pkg="Rm" + f, fmt_h="MOSAIC_RM_" + f.upper(), csr_h="RM_" + f.upper())
for f in ["Nx", "Uf", "Of", "Dz", "Nv", "Sat"]:
    row("flag." + f.lower(), pkg=("Flag" + f, bit), fmt_h="MOSAIC_FLAG_" + f.upper())
# AME format codes (mxcfg.ifmt/rfmt).
row("ame.int8_default", csr_h="AME_INT8_DEFAULT")
for f in ["FP4", "INT8", "E4M3", "E5M2", "INT16", "FP16", "BF16", "INT32", "FP32", "TF32"]:
    row("ame." + f.lower(), csr_h="AME_" + f, rvgen="AME_CODE[%s]" % f)

# Tensor instruction fields. The package's TuOp codes are grouped so that
# custom-2 I-type = funct3, custom-2 R-type = 16 + funct7 class, custom-1 =
# 32 + funct3 (register forms), custom-0 = 40 + funct3, custom-3 = 48 + funct3.
for op, f3 in [("Tld", "TLD"), ("Tst", "TST"), ("Tact", "TACT"), ("Tcvt", "TCVT"),
               ("Tzero", "TZERO"), ("Tred", "TRED"), ("Tscale", "TSCALE")]:
    row("minat.funct3." + op.lower(), pkg="TuOp" + op, minat_h="MINAT_F3_" + f3,
        mosaic_h="F3_" + f3)
row("minat.funct3.rtype", minat_h="MINAT_F3_RTYPE", mosaic_h="F3_TRTYPE")
for op in ["Tadd", "Tmma", "Tsub", "Tmul", "Tmax", "Tmin", "Trowmax", "Trowsum", "Tbsub", "Tbmul",
           "Tbdiv"]:
    src = dict(pkg=("TuOp" + op, shift(16)), minat_h="MINAT_" + op.upper(),
               mosaic_h="F7_" + op.upper())
    low = op.lower()
    if low in ("tadd", "tsub", "tmul", "tmax", "tmin", "tbsub", "tbmul", "tbdiv"):
        src["rvgen"] = "TBINARY[%s]" % low
    elif low in ("trowmax", "trowsum"):
        src["rvgen"] = "TROW[%s]" % low
    row("minat.funct7." + low, **src)
row("ame.funct3.mmacc", pkg=("TuOpMmacc", shift(32)), mosaic_h="F3_MMACC")
for d in "mkn":
    row("ame.funct3.msettile" + d, pkg=("TuOpMsettile" + d, shift(32)),
        mosaic_h="F3_MSETTILE" + d.upper())
    row("ame.funct3.msettile%si" % d, mosaic_h="F3_MSETTILE%sI" % d.upper())
for op, f3 in [("ScpadLd", "SCPAD_LD"), ("ScpadSt", "SCPAD_ST"), ("ScpadWait", "SCPAD_WAIT")]:
    row("sdma.funct3." + f3.lower(), pkg=("TuOp" + op, shift(40)), mosaic_h="F3_" + f3)
for op, f3 in [("Xpose", "XPOSE"), ("Concat", "CONCAT"), ("Addi", "ADDI"), ("Mload", "MLOAD"),
               ("Mstore", "MSTORE")]:
    row("tl.funct3." + f3.lower(), pkg=("TuOpTl" + op, shift(48)), tu_tl="Op" + op,
        mosaic_h="F3_TL_" + f3)
row("tl.funct7.mload", mosaic_h="F7_TL_MLOAD", tu_decode="enc_ok_o(f3=3)")
row("tl.funct7.mstore", mosaic_h="F7_TL_MSTORE", tu_decode="enc_ok_o(f3=4)")
row("tl.funct7.concat_base", mosaic_h="F7_TL_CONCAT()")
for p in ["01", "02", "03", "12", "13", "23"]:
    row("tl.funct7.xpose_" + p, mosaic_h="F7_TL_XPOSE_" + p)  # the others compute these
for c in ["RELU", "GELU", "SILU", "EXP", "RECIP"]:
    row("tact.func." + c.lower(), mosaic_h="ACT_" + c)
for c in ["SUM", "MAX", "MIN"]:
    row("tred.op." + c.lower(), mosaic_h="RED_" + c, red_c="TRED_" + c)

# TensorLoad descriptor status (tl_xpose_status).
for c, pkg in [("OK", "TlDescOk"), ("ZERO_DIM", "TlDescZeroDim"), ("TOO_BIG", "TlDescTooBig")]:
    row("tl_xstatus." + c.lower(), pkg=pkg, tl_int="TL_DESC_" + c, csr_h="TL_XSTATUS_" + c)

# SDMA status fields and error codes: mosaic_csr.h against the golden model's
# (sw/golden/tu_internal.h).
row("sdma_status.err", csr_h="SDMA_STATUS_ERR", sdma_c="SDMA_ERR")
row("sdma_status.code.shift", csr_h="SDMA_STATUS_CODE_SHIFT", sdma_c="SDMA_CODE_SHIFT")
row("sdma_status.code.mask", csr_h="SDMA_STATUS_CODE_MASK")
row("sdma_status.op", csr_h="SDMA_STATUS_OP_MASK", sdma_c="SDMA_OP_ST")
row("sdma_status.op.bit", csr_h=("SDMA_STATUS_OP_SHIFT", bit), sdma_c="SDMA_OP_ST")
row("sdma.err.none", sdma_c="SDMA_OK")
for c, g in [("SHAPE", "SDMA_BAD_SHAPE"), ("ALIGN", "SDMA_MISALIGNED"), ("BANK", "SDMA_BANK"),
             ("ACCESS", "SDMA_ACCESS")]:
    row("sdma.err." + c.lower(), csr_h="SDMA_ERR_" + c, sdma_c=g)
row("sdma.err.bus", csr_h="SDMA_ERR_BUS", sdma_c="SDMA_BUS", pkg="SdmaCodeBus")


# --------------------------------------------------------------------------

def load(failed):
    parsed = {}
    texts = {}
    for key, (rel, _) in SOURCES.items():
        path = os.path.join(ROOT, rel)
        try:
            with open(path, encoding="utf-8") as f:
                texts[key] = f.read()
        except OSError as e:
            failed.append("source %s: cannot read %s (%s)" % (key, rel, e.strerror))
    env = {}
    for key in ["iss_h", "tu_h"]:  # iss_internal.h refers to their defines
        if key in texts:
            env.update(c_defines(texts[key])[0])
    lists = {}
    for key, text in texts.items():
        rel = SOURCES[key][0]
        try:
            bad = []
            if key == "pkg":
                vals = parse_pkg(text)
            elif key in ("tu_tl",):
                vals = sv_params(text)
            elif key == "core_csr":
                vals = parse_core_csr(text)
            elif key == "tu_csr":
                vals = parse_tu_csr(text)
            elif key == "tu_check":
                vals = parse_tu_check(text)
            elif key == "tu_top":
                vals = parse_tu_top(text)
            elif key == "tu_decode":
                vals = parse_tu_decode(text)
            elif key == "ame_c":
                vals, bad = parse_ame_c(text)
            elif key == "csr_h":
                vals, bad = parse_csr_h(text)
            elif key == "rvgen":
                vals, lists = parse_rvgen(text)
            else:
                vals, bad = c_defines(text, env if key == "iss_int" else None)
        except (ValueError, SyntaxError) as e:
            failed.append("source %s: %s does not parse: %s" % (key, rel, e))
            continue
        kinds = [re.compile(k) for k in SOURCES[key][1]]
        for n in bad:
            if any(k.search(n) for k in kinds):
                failed.append("source %s: %s: cannot evaluate #define %s" % (key, rel, n))
        vals = {n: v for n, v in vals.items() if any(k.search(n) for k in kinds)}
        if not vals:
            failed.append("source %s: %s: no constants of the checked kinds parsed" % (key, rel))
            continue
        parsed[key] = vals
    return parsed, lists


def main():
    results = []

    class Sink(list):
        def __init__(self, ok):
            self.ok = ok

        def append(self, msg):
            results.append((self.ok, msg))

    failed, passed = Sink(False), Sink(True)
    parsed, lists = load(failed)
    used = {k: set() for k in SOURCES}
    canon = {}
    for name, src in TABLE:
        vals, why = [], []
        for skey, ref in sorted(src.items()):
            key = skey.strip()  # a trailing space lets one source appear twice in a row
            sname, fn = (ref if isinstance(ref, tuple) else (ref, None))
            used[key].add(sname)
            if key not in parsed:
                why.append("%s unavailable" % SOURCES[key][0])
                continue
            if sname not in parsed[key]:
                why.append("%s not found in %s" % (sname, SOURCES[key][0]))
                continue
            v = parsed[key][sname]
            vals.append((key, sname, fn(v) if fn else v, v))
        distinct = {v for _, _, v, _ in vals}
        if len(distinct) > 1:
            why.append("disagree: " + ", ".join(
                "%s %s = %#x%s" % (k, n, v, "" if v == raw else " (raw %#x)" % raw)
                for k, n, v, raw in vals))
        if why:
            failed.append("%s: %s" % (name, "; ".join(why)))
            continue
        canon[name] = vals[0][2]
        where = ", ".join("%s %s" % (k, n) for k, n, _, _ in vals)
        note = "" if len({k for k, _, _, _ in vals}) > 1 else " (one source: listed, not compared)"
        passed.append("%s = %#x (%s)%s" % (name, canon[name], where, note))

    # Reverse direction: every parsed constant of a checked kind is in the table.
    for key, vals in sorted(parsed.items()):
        extra = sorted(set(vals) - used[key])
        for n in extra:
            failed.append("%s in %s: not in the table of test_defs_agree.py (add it, with the "
                          "name it has in every other source)" % (n, SOURCES[key][0]))
        if not extra:
            passed.append("table covers all %d checked constants of %s" % (len(vals),
                                                                          SOURCES[key][0]))

    # rvgen's tensor CSR lists.
    tensor = {canon["tcsr." + c]: c for c, *_ in TENSOR_CSRS if "tcsr." + c in canon}
    ro = {canon["tcsr." + c] for c in READ_ONLY if "tcsr." + c in canon}
    if "rvgen" in parsed:
        for ln in ("T_CSR_FREE", "T_CSR_RO", "T_CSR_READ"):
            lst = lists.get(ln)
            if not isinstance(lst, list) or not lst:
                failed.append("rvgen %s: missing or empty in tools/rvgen.py" % ln)
                continue
            unknown = [x for x in lst if x not in tensor]
            dup = sorted({x for x in lst if lst.count(x) > 1})
            if unknown or dup:
                failed.append("rvgen %s: %s" % (ln, "; ".join(
                    (["not tensor CSRs: " + ", ".join("%#x" % x for x in unknown)] if unknown else [])
                    + (["repeated: " + ", ".join("%#x" % x for x in dup)] if dup else []))))
            else:
                passed.append("rvgen %s: %d tensor CSRs, all known" % (ln, len(lst)))
        if isinstance(lists.get("T_CSR_READ"), list):
            miss = sorted(set(tensor) - set(lists["T_CSR_READ"]))
            if miss:
                failed.append("rvgen T_CSR_READ: misses tensor CSRs %s" % ", ".join(
                    "%s (%#x)" % (tensor[x], x) for x in miss))
            else:
                passed.append("rvgen T_CSR_READ holds every tensor CSR (%d)" % len(tensor))
        if isinstance(lists.get("T_CSR_RO"), list):
            if set(lists["T_CSR_RO"]) != ro:
                failed.append("rvgen T_CSR_RO: %s, read-only in mosaic_csr.h: %s" % (
                    sorted(hex(x) for x in lists["T_CSR_RO"]), sorted(hex(x) for x in ro)))
            else:
                passed.append("rvgen T_CSR_RO = the MOSAIC_CSR_RO CSRs of mosaic_csr.h")
        if isinstance(lists.get("T_CSR_FREE"), list):
            both = set(lists["T_CSR_FREE"]) & ro
            if both:
                failed.append("rvgen T_CSR_FREE: holds read-only CSRs %s" % sorted(map(hex, both)))
            else:
                passed.append("rvgen T_CSR_FREE holds no read-only CSR")
    agreed = [c for c, *_ in TENSOR_CSRS if "tcsr." + c in canon]
    if len(tensor) != len(agreed):
        failed.append("tensor CSRs: two share a number")

    for ok, msg in results:
        print(("PASS: " if ok else "FAIL: ") + msg)
    nfail = sum(1 for ok, _ in results if not ok)
    print("%d passed, %d failed" % (len(results) - nfail, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
