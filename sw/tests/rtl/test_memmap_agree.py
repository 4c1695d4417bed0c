#!/usr/bin/env python3
"""The address map in rtl/pkg/mosaic_pkg.sv must agree with
sw/golden/mosaic_memmap.h: every MOSAIC_FOO_BAR define of the header has a
localparam FooBar with the same value in the package, and every address-map
localparam of the package (the block between "Address map" and the next
section) comes from the header. Prints `PASS: name` / `FAIL: name: why`."""
import os
import re
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
HEADER = os.path.join(ROOT, "sw", "golden", "mosaic_memmap.h")
PKG = os.path.join(ROOT, "rtl", "pkg", "mosaic_pkg.sv")


def camel(define):
    """MOSAIC_CLINT_MTIMECMP -> ClintMtimecmp"""
    parts = define[len("MOSAIC_"):].split("_")
    return "".join(p[:1].upper() + p[1:].lower() for p in parts)


def header_values(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    raw = dict(re.findall(r"^[ \t]*#define[ \t]+(MOSAIC_\w+)[ \t]+(\S.*?)[ \t]*$", text, flags=re.M))
    raw.pop("MOSAIC_MEMMAP_H", None)
    values = {}

    def value(name, depth=0):
        if name in values:
            return values[name]
        expr = raw[name]
        if depth > 10:
            raise ValueError("recursive define " + name)
        # Defines may refer to other defines and use simple arithmetic.
        expr = re.sub(r"\bMOSAIC_\w+\b", lambda m: str(value(m.group(0), depth + 1)), expr)
        expr = re.sub(r"(0x[0-9a-fA-F]+|\d+)[uUlL]+", r"\1", expr)
        if not re.fullmatch(r"[0-9a-fA-Fx()+\-*<>| ]+", expr):
            raise ValueError("cannot evaluate %s = %s" % (name, raw[name]))
        values[name] = int(eval(expr, {"__builtins__": {}}))  # digits and operators only
        return values[name]

    for n in raw:
        value(n)
    return values


def sv_number(text):
    text = text.replace("_", "")
    m = re.fullmatch(r"(\d+)?'([hdbo])([0-9a-fA-F]+)", text)
    if m:
        return int(m.group(3), {"h": 16, "d": 10, "b": 2, "o": 8}[m.group(2)])
    return int(text, 0)


def package_map(text):
    start = text.index("Address map")
    end = text.index("// ------", text.index("localparam", start))
    params = re.findall(r"localparam\s+logic\s*\[31:0\]\s+(\w+)\s*=\s*([^;]+);", text[start:end])
    return {n: sv_number(v.strip()) for n, v in params}


def main():
    failed = 0
    try:
        with open(HEADER, encoding="utf-8") as f:
            hdr = header_values(f.read())
        with open(PKG, encoding="utf-8") as f:
            pkg = package_map(f.read())
    except (OSError, ValueError) as e:
        print("FAIL: memmap: %s" % e)
        return 1
    if not hdr or not pkg:
        print("FAIL: memmap: nothing parsed (header %d, package %d)" % (len(hdr), len(pkg)))
        return 1
    for define, value in sorted(hdr.items()):
        name = camel(define)
        if name not in pkg:
            print("FAIL: memmap %s: no localparam %s in rtl/pkg/mosaic_pkg.sv" % (define, name))
            failed += 1
        elif pkg[name] != value:
            print("FAIL: memmap %s: header 0x%x, mosaic_pkg::%s 0x%x" % (define, value, name,
                                                                         pkg[name]))
            failed += 1
        else:
            print("PASS: memmap %s = mosaic_pkg::%s = 0x%x" % (define, name, value))
    extra = sorted(set(pkg) - {camel(d) for d in hdr})
    for name in extra:
        print("FAIL: memmap mosaic_pkg::%s: not in sw/golden/mosaic_memmap.h" % name)
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
