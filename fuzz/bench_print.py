"""Printing cost side by side: repr() of a 2**24-element float32 tensor in PyTorch and oxtorch (median of runs),
and the peak memory the repr adds. Run: .venv/bin/python fuzz/bench_print.py"""

import statistics
import time
import tracemalloc

import torch

import oxtorch


def median_ms(f, runs=21):
    f()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        f()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def main():
    torch.set_num_threads(1)
    for name, mod in (("torch", torch), ("oxtorch", oxtorch)):
        for n, shape in ((2**24, (2**24,)), (2**24, (4096, 4096)), (1000, (1000,))):
            t = mod.arange(n, dtype=mod.float32).reshape(shape)
            ms = median_ms(lambda: repr(t))
            tracemalloc.start()
            repr(t)
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            print(f"{name:8} repr of {n:>9} float32 elements {str(shape):14} {ms:8.3f} ms  (Python-heap peak {peak / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
