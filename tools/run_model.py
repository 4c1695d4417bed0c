#!/usr/bin/env python3
"""Compile an Atalla op-set model from ONNX, run it on the ISS or the RTL
with --load, print the per-op table and the total, and check the result
against onnx's ReferenceEvaluator (docs/atalla.md, "Blob format ATALLA00").

  tools/run_model.py [--sim build/bin/mosaic-sim] [--model TinyTransformerBlock]
                     [--size large|small] [--no-check] [-- SIM-ARGS...]

The output check needs every element of the outputs, which the core prints
in hex: cheap on the ISS, minutes on the RTL. So the blob run on the
simulator prints only the table, and the check runs the same blob (flagged
to print its outputs) on mosaic-iss; in lockstep (mosaic-sim's default)
every tensor write of the RTL run is compared with the ISS, so the RTL
computed those same bits. Exit status: 0, 1 a failed run or check, 2 usage.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.environ.get("MOSAIC_BUILD") or os.path.join(ROOT, "build")
sys.path.insert(0, HERE)
import numpy as np  # noqa: E402

import atalla_blob as ab  # noqa: E402
import atalla_models  # noqa: E402
import atalla_onnx  # noqa: E402

ADDR = 0x40800000


def run_blob(sim, elf, blob_path, extra):
    cmd = [sim, "--load", f"{blob_path}@0x{ADDR:08x}"] + extra + [elf]
    t0 = time.time()
    r = subprocess.run(cmd, capture_output=True)
    return r, time.time() - t0, cmd


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sim", default=os.path.join(BUILD, "bin", "mosaic-iss"),
                    help="mosaic-iss or mosaic-sim (default: the ISS)")
    ap.add_argument("--model", default="TinyTransformerBlock", choices=atalla_models.MODELS)
    ap.add_argument("--size", default="large", choices=sorted(atalla_models.SIZES))
    ap.add_argument("--no-check", action="store_true", help="skip the reference check")
    ap.add_argument("--keep", metavar="DIR", help="keep the .onnx and .blob files in DIR")
    ap.add_argument("sim_args", nargs="*", help="more simulator options (after --)")
    a = ap.parse_args(argv)
    iss = os.path.join(BUILD, "bin", "mosaic-iss")
    elf = os.path.join(BUILD, "sw", "model", "run_model.elf")
    for p in (a.sim, elf) + (() if a.no_check else (iss,)):
        if not os.path.exists(p):
            print(f"run_model: {p} is missing (make golden model, make sim)", file=sys.stderr)
            return 2
    work = a.keep or tempfile.mkdtemp(prefix="run_model.")
    os.makedirs(work, exist_ok=True)
    import onnx
    model, feeds = atalla_models.build(a.model, a.size)
    onnx_path = os.path.join(work, f"{a.model}_{a.size}.onnx")
    onnx.save(model, onnx_path)
    blob = atalla_onnx.compile_model(model, feeds)
    blob_path = os.path.join(work, f"{a.model}_{a.size}.blob")
    with open(blob_path, "wb") as f:
        f.write(blob)
    p = atalla_models.SIZES[a.size]
    print(f"run_model: {a.model} ({a.size}: S={p['S']} D={p['D']} FF={p['FF']}) from {onnx_path}, "
          f"{len(blob)}-byte blob, on {os.path.basename(a.sim)}", flush=True)
    r, secs, cmd = run_blob(a.sim, elf, blob_path, a.sim_args)
    out = r.stdout.decode(errors="replace")
    for line in out.splitlines():
        if line.startswith(("MODEL", "OPHDR", "OP ", "TOTAL", "run_model:")):
            print(line)
    print(f"run_model: {' '.join(cmd)}: exit {r.returncode}, {secs:.1f} s")
    if r.returncode:
        sys.stdout.write(r.stderr.decode(errors="replace")[-2000:])
        return 1
    if "mosaic-iss" in os.path.basename(a.sim):
        print("run_model: on the ISS 'cycles' are retired instructions; the RTL gives cycles")
    if a.no_check:
        return 0
    import atalla_bound
    dump_blob = atalla_onnx.compile_model(model, feeds, ab.FLAG_DUMP_OUTPUTS)
    dump_path = os.path.join(work, f"{a.model}_{a.size}_dump.blob")
    with open(dump_path, "wb") as f:
        f.write(dump_blob)
    r2, _, _ = run_blob(iss, elf, dump_path, [])
    if r2.returncode:
        print(f"run_model: check run on the ISS failed: exit {r2.returncode}")
        return 1
    got = {}
    for line in r2.stdout.decode().splitlines():
        if line.startswith("T "):
            f = line.split()
            nd = int(f[3])
            shape = tuple(int(v) for v in f[4:4 + nd])
            got[f[2]] = np.frombuffer(bytes.fromhex(f[4 + nd]), ">u2").astype(np.uint16).reshape(shape)
    _, _, rb = ab.validate(dump_blob)
    names = [t["name"] for t in rb.tensors]
    want = [n for n in names if rb.tensors[names.index(n)]["role"] in (ab.TEMP, ab.OUTPUT)]
    ref = atalla_bound.reference(model, feeds, want)
    for n, v in feeds.items():
        ref[n] = v.astype(np.float64)
    for init in model.graph.initializer:
        ref[init.name] = onnx.numpy_helper.to_array(init).astype(np.float64)
    E = atalla_bound.bounds(rb, ref)
    bad = 0
    for t in rb.tensors:
        if t["role"] != ab.OUTPUT:
            continue
        n = t["name"]
        why = atalla_bound.compare(got[n], ref[n], E[n])
        g = atalla_bound.bf16_bits_to_f32(got[n]).astype(np.float64)
        err = np.max(np.abs(g - ref[n]))
        print(f"run_model: output {n}: max |Mosaic - ReferenceEvaluator| = {err:.3g}, "
              f"{atalla_bound.margin(got[n], ref[n], E[n]):.2f} of the bound (docs/atalla.md): "
              f"{'PASS' if why is None else 'FAIL: ' + why}")
        bad += why is not None
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
