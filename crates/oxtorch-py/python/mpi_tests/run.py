"""Runs the multi-process suite: every program of this directory under `mpirun -n 4` (oversubscribed, so it runs on
a machine with fewer cores), each checked on every rank against the logical result. Programs named `test_*.py`
and `spec_examples.py` must succeed; `fail_a_rank.py` and `exit_nonzero.py` must make the whole job fail promptly
(a failing rank aborts the job instead of leaving the others waiting). Prints one line per program and
`mpi suite: N programs ran, M passed`; exits non-zero unless all passed.

Usage: python run.py [-n RANKS] [--timeout SECONDS] [program.py ...]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
EXPECTED_TO_FAIL = {"fail_a_rank.py", "exit_nonzero.py"}


def programs(selected: list[str]) -> list[pathlib.Path]:
    if selected:
        return [HERE / s if not os.path.isabs(s) else pathlib.Path(s) for s in selected]
    names = sorted(p.name for p in HERE.glob("test_*.py")) + ["spec_examples.py"] + sorted(EXPECTED_TO_FAIL)
    return [HERE / n for n in names if (HERE / n).exists()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=4, help="number of ranks (default 4)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds before a program counts as hung")
    ap.add_argument("programs", nargs="*")
    args = ap.parse_args()
    mpirun = shutil.which("mpirun")
    if mpirun is None:
        print("mpi suite: mpirun not found (scripts/deps.sh installs OpenMPI)", file=sys.stderr)
        return 1
    env = dict(os.environ)
    # oversubscribed ranks should yield the CPU while they wait; keep each rank's kernels on one thread
    env.setdefault("OMPI_MCA_mpi_yield_when_idle", "1")
    env.setdefault("RAYON_NUM_THREADS", "1")
    env["PYTHONPATH"] = str(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    ran = passed = 0
    for prog in programs(args.programs):
        cmd = [mpirun, "--allow-run-as-root", "--oversubscribe", "-n", str(args.n), sys.executable, str(prog)]
        start = time.time()
        try:
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout, cwd=HERE)
            code, out = proc.returncode, proc.stdout + proc.stderr
        except subprocess.TimeoutExpired as e:
            code, out = None, f"{e.stdout or ''}{e.stderr or ''}\nTIMED OUT after {args.timeout:.0f} s (a hang)"
        elapsed = time.time() - start
        ran += 1
        expect_failure = prog.name in EXPECTED_TO_FAIL
        if expect_failure:
            ok = code is not None and code != 0 and "unreachable" not in out
            verdict = f"failed as expected (exit {code})" if ok else "did not fail cleanly"
        else:
            ok = code == 0
            summary = re.search(r"\[rank 0\] ([^\[\n]*(?:checks passed|spec examples:[^\[\n]*))", out)
            verdict = "passed" if ok else f"FAILED (exit {code})"
            if ok and summary:
                verdict += ": " + summary.group(1).strip()
        print(f"{prog.name}: {verdict} [{elapsed:.1f} s]", flush=True)
        if not ok:
            print("----- output -----\n" + out[-8000:] + "\n------------------", flush=True)
        passed += ok
    print(f"mpi suite: {ran} programs ran, {passed} passed", flush=True)
    return 0 if ran == passed else 1


if __name__ == "__main__":
    sys.exit(main())
