#!/usr/bin/env python3
"""Differential fuzzer: random programs run through PyTorch and oxtorch side by side.

    .venv/bin/python fuzz/differential/run.py -n 100000 -j 2            # run seeds 0..99999, print counts
    .venv/bin/python fuzz/differential/run.py --seed 5000000 -n 1000    # another range
    .venv/bin/python fuzz/differential/run.py --family views -n 5000    # one family only
    .venv/bin/python fuzz/differential/run.py --repro 1234              # one program, both outcomes, side by side
    .venv/bin/python fuzz/differential/run.py --script 1234             # the program as a standalone script

Programs run in child processes (`worker.py`), restarted after a crash; a program whose run through one library
takes longer than --timeout seconds is counted as a hang and its worker is killed and restarted. See fuzz/README.md.
"""

from __future__ import annotations

import argparse
import collections
import json
import mmap
import os
import selectors
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from worker import STATUS  # noqa: E402

# PyTorch's kernels for the CPU it runs on: on an AVX-512 CPU its vector blocks are twice as long, which moves
# the elements whose complex products its compiler fuses; oxtorch reproduces the AVX2 build's loop positions, as
# the golden data records them (FINDINGS.md, F74), so the fuzzer runs PyTorch's AVX2 kernels
AVX2 = "avx2"

# the order in which counts are printed
CLASSES = ["ok", "value", "dtype", "shape", "stride", "error-class", "error-message", "panic", "crash", "hang",
           "oxtorch-missing-feature", "deviation", "no-backend", "torch-crash", "torch-hang", "harness"]


class Worker:
    """One child process and the chunk of seeds it is running."""

    def __init__(self, family, timeout):
        self.family = family
        self.timeout = timeout
        fd, self.status_path = tempfile.mkstemp(prefix="fuzz-status-")
        os.write(fd, b"\0" * STATUS.size)
        os.close(fd)
        self.proc = None
        self.pending: list[int] = []  # seeds sent, not yet answered
        self.last = time.monotonic()
        self.phase = (0, 0)  # the (seed, phase) last read from the status file
        self.buf = b""
        self.start()

    def start(self):
        env = dict(os.environ)
        env["RUST_BACKTRACE"] = "0"
        env.setdefault("ATEN_CPU_CAPABILITY", AVX2)
        self.proc = subprocess.Popen([sys.executable, os.path.join(HERE, "worker.py"), self.status_path],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.buf = b""
        self.ready = False
        self.last = time.monotonic()

    def send(self, first, count):
        self.pending = list(range(first, first + count))
        fam = self.family or "-"
        self.proc.stdin.write(f"RUN {first} {count} {fam}\n".encode())
        self.proc.stdin.flush()
        self.last = time.monotonic()

    def status(self):
        with open(self.status_path, "rb") as f:
            seed, phase = STATUS.unpack(f.read(STATUS.size))
        return seed, phase

    def kill(self):
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        self.kill()
        os.unlink(self.status_path)


class Tally:
    """Counts by class, distinct signatures with their first example, deviations by name."""

    def __init__(self):
        self.counts = collections.Counter()
        self.sigs: dict[str, dict] = {}
        self.deviations = collections.Counter()
        self.families = collections.Counter()
        self.slow: list[tuple[float, int]] = []

    def add(self, r: dict):
        cls = r["c"]
        self.counts[cls] += 1
        if "t" in r:
            self.slow.append((r["t"], r["s"]))
        if cls == "ok":
            return
        if cls == "deviation":
            self.deviations[r.get("v", "?")] += 1
            return
        self.families[(r.get("f"), cls)] += 1
        sig = signature(r)
        s = self.sigs.setdefault(sig, {"count": 0, "seed": r["s"], "family": r.get("f"), "detail": r.get("d", "")})
        s["count"] += 1


def signature(r: dict) -> str:
    import re

    detail = r.get("d", "")
    detail = re.sub(r"0x[0-9a-f.]+p[-+]\d+", "F", detail)
    detail = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "#", detail)
    return f"{r['c']} | {r.get('o', '')} | {detail[:180]}"


def run(args) -> Tally:
    tally = Tally()
    sel = selectors.DefaultSelector()
    workers = [Worker(args.family, args.timeout) for _ in range(args.jobs)]
    for w in workers:
        sel.register(w.proc.stdout, selectors.EVENT_READ, w)
    next_seed, end = args.seed, args.seed + args.n
    done = 0
    t0 = last_report = time.monotonic()

    def feed(w):
        nonlocal next_seed
        if next_seed < end:
            count = min(args.chunk, end - next_seed)
            w.send(next_seed, count)
            next_seed += count

    def restart(w, cls):
        nonlocal done
        seed, phase = w.status()
        if w.pending:
            seed = w.pending[0]
        if cls in ("crash", "hang") and phase == 1:
            cls = "torch-" + cls
        tally.add({"s": seed, "c": cls, "f": args.family or "?", "d": f"{cls} while running "
                   f"{'PyTorch' if phase == 1 else 'oxtorch'} (exit {w.proc.poll()})", "o": ""})
        done += 1
        sel.unregister(w.proc.stdout)
        w.kill()
        rest = w.pending[1:]
        w.start()
        sel.register(w.proc.stdout, selectors.EVENT_READ, w)
        w.pending = []
        w.resume = rest

    for w in workers:
        w.resume = []
    active = set(workers)
    while active:
        events = sel.select(timeout=1.0)
        now = time.monotonic()
        for key, _ in events:
            w = key.data
            chunk = os.read(w.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                restart(w, "crash")
                continue
            w.buf += chunk
            w.last = now
            while b"\n" in w.buf:
                line, w.buf = w.buf.split(b"\n", 1)
                msg = json.loads(line)
                if msg.get("ready"):
                    w.ready = True
                    if w.resume:
                        w.send(w.resume[0], len(w.resume))
                        w.resume = []
                    elif not w.pending:
                        feed(w)
                    if not w.pending:
                        active.discard(w)
                    continue
                if msg.get("done"):
                    w.pending = []
                    feed(w)
                    if not w.pending:
                        active.discard(w)
                    continue
                if w.pending and msg["s"] == w.pending[0]:
                    w.pending.pop(0)
                tally.add(msg)
                done += 1
        for w in list(active):
            # each library's run of a program has its own time limit: the clock restarts when the worker moves
            # to another program or from PyTorch to oxtorch (a 2^31-element factory can take PyTorch 15 s alone)
            if w.ready and w.pending:
                phase = w.status()
                if phase != w.phase:
                    w.phase, w.last = phase, now
            if w.ready and w.pending and now - w.last > args.timeout:
                restart(w, "hang")
            elif not w.ready and now - w.last > max(args.timeout, 120):
                print("worker failed to start", file=sys.stderr)
                sys.exit(2)
        if not args.quiet and now - last_report > 10:
            last_report = now
            rate = done / (now - t0)
            bad = sum(v for k, v in tally.counts.items() if k not in ("ok", "deviation", "no-backend"))
            print(f"  {done}/{args.n} programs, {rate:.0f}/s, {bad} disagreements so far", file=sys.stderr)
    for w in workers:
        w.close()
    tally.elapsed = time.monotonic() - t0
    return tally


def print_report(tally: Tally, args) -> None:
    total = sum(tally.counts.values())
    fam = f" --family {args.family}" if args.family else ""
    print(f"differential fuzzer: {total} programs (seeds {args.seed}..{args.seed + args.n - 1}{fam}) "
          f"in {tally.elapsed:.0f} s")
    for c in CLASSES + sorted(set(tally.counts) - set(CLASSES)):
        print(f"  {c:<24} {tally.counts.get(c, 0)}")
    if tally.slow:
        slow = sorted(tally.slow, reverse=True)[:5]
        print(f"slow programs (> 1 s): {len(tally.slow)}; slowest: " + ", ".join(f"seed {s} {t} s" for t, s in slow))
    if tally.deviations:
        print("documented deviations: " + ", ".join(f"{k}: {v}" for k, v in sorted(tally.deviations.items())))
    bad = {k: v for k, v in tally.sigs.items() if not k.startswith(("no-backend",))}
    if bad:
        print(f"\n{len(bad)} distinct signatures (class | op | detail), most frequent first:")
        for sig, s in sorted(bad.items(), key=lambda kv: -kv[1]["count"])[: args.show]:
            print(f"  {s['count']:>7}  {sig}")
            print(f"           e.g. run.py --repro {s['seed']}{fam}   [{s['family']}] {s['detail'][:200]}")


def repro(seed: int, family: str | None, script_only: bool) -> int:
    import warnings

    os.environ.setdefault("ATEN_CPU_CAPABILITY", AVX2)

    warnings.filterwarnings("ignore")
    import numpy as np
    import torch

    import oxtorch
    from program import generate_torch, render, run_oxtorch, verdict

    fam, stmts, outs = generate_torch(seed, family, torch, np)
    if script_only:
        print(render(seed, fam, stmts), end="")
        return 0
    oouts = run_oxtorch(stmts, outs, oxtorch, np)
    res = verdict(seed, fam, stmts, outs, oouts)
    print(render(seed, fam, stmts, outs, oouts), end="")
    print(f"# verdict: {res.cls}" + (f" at statement {res.index} ({res.op}): {res.detail}" if res.cls != "ok" else ""))
    return 0 if res.cls in ("ok", "deviation", "no-backend") else 1


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, default=10000, help="number of programs (default 10000)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2)), help="worker processes")
    p.add_argument("--family", default=None, help="run one program family only")
    p.add_argument("--timeout", type=float, default=20.0,
                   help="seconds one library may spend on a program before it counts as a hang")
    p.add_argument("--chunk", type=int, default=250, help="programs per worker request")
    p.add_argument("--show", type=int, default=40, help="signatures to print")
    p.add_argument("--report", help="write all signatures as JSON to this file")
    p.add_argument("--repro", type=int, help="run one seed in-process and show both outcomes")
    p.add_argument("--script", type=int, help="print one seed's program as a standalone script")
    p.add_argument("-q", "--quiet", action="store_true")
    args = p.parse_args()
    if args.repro is not None:
        return repro(args.repro, args.family, False)
    if args.script is not None:
        return repro(args.script, args.family, True)
    tally = run(args)
    print_report(tally, args)
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"counts": tally.counts, "deviations": tally.deviations, "signatures": tally.sigs}, f, indent=1)
    bad = sum(v for k, v in tally.counts.items() if k not in ("ok", "deviation", "no-backend"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
