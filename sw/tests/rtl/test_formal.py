#!/usr/bin/env python3
"""The bounded proofs of tools/formal.py as a test suite: in the test tier
every proof at its short depth, its covers reached, and the fixed mutants
each rejected; in the regress tier (MOSAIC_TIER=regress, also `make
formal`) full depths and random mutants. One PASS/FAIL line per case."""
import os
import sys

ROOT = os.environ.get("MOSAIC_ROOT") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import formal  # noqa: E402  (tools/ is not a package)

if __name__ == "__main__":
    sys.exit(formal.main(sys.argv[1:]))
