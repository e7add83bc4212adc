"""The child process of the differential fuzzer: imports PyTorch and oxtorch once, then runs the programs the
driver asks for and writes one JSON line per program.

Protocol (stdin, one command per line): `RUN <first seed> <count> <family or ->`; the worker answers with one
JSON object per program (see `program.Result.to_json`) and then `{"done": true}`. Before each program and each
phase it records (seed, phase) in the status file named on the command line, so that when it dies or hangs the
driver knows which program and which library was running (phase 1: PyTorch, 2: oxtorch).
"""

from __future__ import annotations

import json
import mmap
import os
import resource
import struct
import sys
import time
import traceback
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

STATUS = struct.Struct("<qb")


def limit_memory(gib: float) -> None:
    """Makes huge allocations fail (an error in PyTorch, an abort in Rust: counted) instead of swapping."""
    if gib > 0:
        n = int(gib * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (n, n))


def main() -> None:
    status_path = sys.argv[1]
    limit_memory(float(os.environ.get("FUZZ_MEM_GIB", "8")))
    warnings.filterwarnings("ignore")
    import numpy as np
    import torch

    import oxtorch
    from program import Result, generate_torch, run_oxtorch, verdict

    torch.set_num_threads(1)
    oxtorch.set_num_threads(int(os.environ.get("FUZZ_OX_THREADS", "1")))
    fd = os.open(status_path, os.O_RDWR)
    status = mmap.mmap(fd, STATUS.size)
    out = sys.stdout
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    for line in sys.stdin:
        parts = line.split()
        if not parts or parts[0] != "RUN":
            continue
        first, count, family = int(parts[1]), int(parts[2]), parts[3]
        family = None if family == "-" else family
        for seed in range(first, first + count):
            status[:] = STATUS.pack(seed, 1)
            t0 = time.perf_counter()
            try:
                fam, stmts, outs = generate_torch(seed, family, torch, np)
                status[:] = STATUS.pack(seed, 2)
                oouts = run_oxtorch(stmts, outs, oxtorch, np)
                status[:] = STATUS.pack(seed, 0)
                res = verdict(seed, fam, stmts, outs, oouts)
            except Exception as e:  # noqa: BLE001 - a bug of the fuzzer itself, reported as such
                tb = traceback.extract_tb(e.__traceback__)[-1]
                res = Result(seed, family or "?", "harness", f"{type(e).__name__}: {e} at {tb.filename}:{tb.lineno}",
                             op="generator")
            d = res.to_json()
            spent = time.perf_counter() - t0
            if spent > 1.0:
                d["t"] = round(spent, 2)
            out.write(json.dumps(d) + "\n")
            out.flush()
        out.write('{"done": true}\n')
        out.flush()


if __name__ == "__main__":
    main()
