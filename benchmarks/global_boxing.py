"""Boxing of global tensors against the plain MPI collective it runs, side by side in one MPI job.

For a float32 tensor of 2^24 logical elements on 4 ranks:

* all-gather: `x.to_global(sbp=broadcast)` for `x` split along dim 0 (2^22 elements per rank), against mpi4py's
  `Allgather` from that rank's local component (the same buffer) into a preallocated output;
* all-reduce: `x.to_global(sbp=broadcast)` for `x` a partial sum (2^24 elements per rank), against mpi4py's
  `Allreduce` of the local component into a preallocated output.

Each round runs both, in alternating order, after a barrier; a call's time is the slowest rank's. Prints the median
per call and the ratio oxtorch / mpi4py. Run with `.venv/bin/python benchmarks/global_boxing.py` (it starts
`mpirun -n 4` itself; `BENCH=1 ./scripts/setup.sh` installs mpi4py, built against the same OpenMPI).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time


def launch(args: argparse.Namespace) -> int:
    mpirun = shutil.which("mpirun")
    if mpirun is None:
        print("mpirun not found: run ./scripts/deps.sh", file=sys.stderr)
        return 1
    cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "-n", str(args.ranks), sys.executable, __file__,
           "--rounds", str(args.rounds), "--log2", str(args.log2)] + (["--markdown"] if args.markdown else [])
    env = dict(os.environ, OXTORCH_BENCH_CHILD="1")
    return subprocess.call(cmd, env=env)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--log2", type=int, default=24, help="log2 of the logical number of elements")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    if os.environ.get("OXTORCH_BENCH_CHILD") != "1":
        return launch(args)

    from mpi4py import MPI  # initialises MPI first; oxtorch then uses the same MPI world

    import numpy as np
    import oxtorch as flow

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    n = 1 << args.log2
    placement = flow.placement.all("cpu")

    def timed(fn):
        comm.Barrier()
        start = time.perf_counter()
        fn()
        elapsed = time.perf_counter() - start
        return comm.allreduce(elapsed, op=MPI.MAX)

    results = []
    # all-gather: S(0) -> B
    x = flow.rand(n, placement=placement, sbp=flow.sbp.split(0))
    local = x.to_local().numpy()
    out = np.empty(n, dtype=np.float32)
    # all-reduce: P -> B
    p = flow.ones(n).to_global(placement=placement, sbp=flow.sbp.partial_sum)
    plocal = p.to_local().numpy()
    pout = np.empty(n, dtype=np.float32)
    cases = [
        ("all-gather S(0) -> B", lambda: x.to_global(sbp=flow.sbp.broadcast), lambda: comm.Allgather(local, out)),
        ("all-reduce P -> B", lambda: p.to_global(sbp=flow.sbp.broadcast), lambda: comm.Allreduce(plocal, pout, op=MPI.SUM)),
    ]
    for name, ours, plain in cases:
        # correctness first: both give the same values
        y = ours().to_local().numpy()
        plain()
        ref = out if "gather" in name else pout
        assert np.array_equal(y, ref), name
        t_ours, t_plain = [], []
        for r in range(args.rounds + 2):
            pair = [(t_ours, ours), (t_plain, plain)]
            if r % 2:
                pair.reverse()
            for bucket, fn in pair:
                t = timed(fn)
                if r >= 2:  # two warm-up rounds
                    bucket.append(t)
        results.append((name, statistics.median(t_ours), statistics.median(t_plain)))
    if rank == 0:
        mb = n * 4 / 2**20
        print(f"{size} ranks, float32 tensor of 2^{args.log2} elements ({mb:.0f} MiB logical), "
              f"median of {args.rounds} rounds, slowest rank per call")
        if args.markdown:
            print("| boxing | oxtorch | mpi4py | oxtorch / mpi4py |\n|---|---|---|---|")
        for name, a, b in results:
            if args.markdown:
                print(f"| {name} | {a * 1e3:.2f} ms | {b * 1e3:.2f} ms | {a / b:.2f}x |")
            else:
                print(f"{name:24s} oxtorch {a * 1e3:8.2f} ms   mpi4py {b * 1e3:8.2f} ms   ratio {a / b:5.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
