"""Side-by-side benchmark: oxtorch, PyTorch and NumPy in one process, on identical data; with ``--cuda``, oxtorch
and PyTorch on the GPU (NumPy has no GPU column).

For every case and thread count, the libraries run alternately (their order rotates each round) and the median
time per call of each is reported, with the ratio oxtorch / PyTorch. Run it with

    BENCH=1 ./scripts/setup.sh           # once: .venv with oxtorch (release build), PyTorch and NumPy
    .venv/bin/python benchmarks/compare.py [--rounds N] [--threads 1,2] [--markdown]

    .venv/bin/python benchmarks/compare.py --cuda [--sizes 24,28] [--markdown]   # on a machine with a GPU

Ratios, not absolute times, are the result: timings on a shared machine drift, ratios measured in one process
hold. NumPy has no bfloat16 (its column is empty there) and runs elementwise work on one thread. CUDA cases are
timed over many calls followed by one synchronize (a kernel's time once the queue is full; for the one-element
add, the Python and launch overhead per call).
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import time

import numpy as np
import oxtorch
import torch

N = 1 << 24  # elements of the large elementwise cases


def _timed(fn, number):
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def _synchronized(fn, sync):
    """``fn`` followed by a wait for the GPU: the timing loop calls it ``number`` times; the waits of all but the
    last call return at once when the queue is busy, so the time per call is the kernels' own."""
    state = {"pending": 0}

    def call():
        fn()
        state["pending"] += 1
        if state["pending"] % 64 == 0:
            sync()

    call.finish = sync  # type: ignore[attr-defined]
    return call


class Case:
    """One benchmark case: a name and, per library, a zero-argument callable (None when not applicable)."""

    def __init__(self, name, ox, pt, nps, number=1):
        self.name, self.fns, self.number = name, {"oxtorch": ox, "torch": pt, "numpy": nps}, number


def make_cases():
    rng = np.random.default_rng(0)
    f32 = rng.standard_normal(N, dtype=np.float32)
    g32 = rng.standard_normal(N, dtype=np.float32)
    i32 = rng.integers(-1000, 1000, N, dtype=np.int32)
    j32 = rng.integers(1, 1000, N, dtype=np.int32)
    sq = rng.standard_normal((4096, 4096), dtype=np.float32)
    row = rng.standard_normal(4096, dtype=np.float32)
    nchw = rng.standard_normal((32, 64, 56, 56), dtype=np.float32)
    nchw2 = rng.standard_normal((32, 64, 56, 56), dtype=np.float32)

    def both(a):
        """The same values as an oxtorch tensor and a PyTorch tensor, each owning its memory."""
        return oxtorch.from_numpy(a).clone(), torch.from_numpy(a).clone()

    (of, tf), (og, tg), (oi, ti), (oj, tj) = both(f32), both(g32), both(i32), both(j32)
    (osq, tsq), (orow, trow) = both(sq), both(row)
    (osq_out, tsq_out), sq_out = both(np.empty_like(sq)), np.empty_like(sq)
    (on, tn), (on2, tn2) = both(nchw), both(nchw2)
    ocl, tcl = on.contiguous(memory_format=oxtorch.channels_last), tn.contiguous(memory_format=torch.channels_last)
    ocl2, tcl2 = on2.contiguous(memory_format=oxtorch.channels_last), tn2.contiguous(memory_format=torch.channels_last)
    ncl, ncl2 = np.ascontiguousarray(nchw.transpose(0, 2, 3, 1)), np.ascontiguousarray(nchw2.transpose(0, 2, 3, 1))
    c64 = (g32 + 1j * f32).astype(np.complex64)
    oc, tc = both(c64)
    mask = rng.random(N) < 0.5  # where's condition: bool, half true, in no pattern
    lo32 = -np.abs(rng.standard_normal(N, dtype=np.float32))  # clamp's tensor bounds: lo <= 0 <= hi
    hi32 = np.abs(rng.standard_normal(N, dtype=np.float32))
    (omask, tmask), (olo, tlo), (ohi, thi) = both(mask), both(lo32), both(hi32)
    o_acc, t_acc, n_acc = of.clone(), tf.clone(), f32.copy()
    o1, o2 = oxtorch.ones(1), oxtorch.ones(1)
    t1, t2 = torch.ones(1), torch.ones(1)
    n1, n2 = np.ones(1, dtype=np.float32), np.ones(1, dtype=np.float32)
    # cat's many-pieces case: 64 row blocks, every other one int64 (so each is converted on the way)
    pieces = [sq[64 * k:64 * (k + 1)] if k % 2 else sq[64 * k:64 * (k + 1)].astype(np.int64) for k in range(64)]
    opieces, tpieces = zip(*(both(np.ascontiguousarray(p)) for p in pieces))
    opieces, tpieces = list(opieces), list(tpieces)
    eight = [f32[k * 2**21:(k + 1) * 2**21] for k in range(8)]  # issue 22's cat target: eight 2^21-element tensors
    oeight, teight = zip(*(both(np.ascontiguousarray(p)) for p in eight))
    return [
        Case("add f32 + f32 (2^24)", lambda: of + og, lambda: tf + tg, lambda: f32 + g32),
        Case("add i32 + f32 (2^24)", lambda: oi + of, lambda: ti + tf, lambda: i32 + f32),
        Case("mul f32 * python float (2^24)", lambda: of * 2.5, lambda: tf * 2.5, lambda: f32 * np.float32(2.5)),
        Case("in-place add_ f32 (2^24)", lambda: o_acc.add_(og), lambda: t_acc.add_(tg),
             lambda: np.add(n_acc, g32, out=n_acc)),
        Case("div i32 / i32 true (2^24)", lambda: oi / oj, lambda: ti / tj, lambda: i32 / j32),
        Case("mul f32 * c64 (2^24)", lambda: of * oc, lambda: tf * tc, lambda: f32 * c64),
        Case("t().contiguous() 4096x4096 f32", lambda: osq.t().contiguous(), lambda: tsq.t().contiguous(),
             lambda: np.ascontiguousarray(sq.T)),
        Case("NCHW (32,64,56,56) -> channels_last", lambda: on.contiguous(memory_format=oxtorch.channels_last),
             lambda: tn.contiguous(memory_format=torch.channels_last),
             lambda: np.ascontiguousarray(nchw.transpose(0, 2, 3, 1))),
        Case("add channels_last + channels_last", lambda: ocl + ocl2, lambda: tcl + tcl2, lambda: ncl + ncl2),
        # issue 24's layout copies, beside the copy bandwidth of the same run (the same bytes, 2^24 float32)
        Case("copy bandwidth: clone 2^24 f32", lambda: of.clone(), lambda: tf.clone(),
             lambda: np.copyto(sq_out, f32.reshape(4096, 4096))),
        Case("t() -> bf16 contiguous 4096x4096", lambda: osq.t().to(dtype=oxtorch.bfloat16, memory_format=oxtorch.contiguous_format),
             lambda: tsq.t().to(dtype=torch.bfloat16, memory_format=torch.contiguous_format), None),
        Case("channels_last -> NCHW (32,64,56,56)", lambda: ocl.contiguous(), lambda: tcl.contiguous(),
             lambda: np.ascontiguousarray(ncl.transpose(0, 3, 1, 2))),
        Case("permute(0,2,3,1).contiguous() (32,64,56,56)", lambda: on.permute(0, 2, 3, 1).contiguous(),
             lambda: tn.permute(0, 2, 3, 1).contiguous(), lambda: np.ascontiguousarray(nchw.transpose(0, 2, 3, 1))),
        Case("transposed copy_ 4096x4096 f32", lambda: osq_out.copy_(osq.t()), lambda: tsq_out.copy_(tsq.t()),
             lambda: np.copyto(sq_out, sq.T)),
        Case("4096x4096 + row of 4096 (broadcast)", lambda: osq + orow, lambda: tsq + trow, lambda: sq + row),
        Case("f32 -> bf16 (2^24)", lambda: of.to(oxtorch.bfloat16), lambda: tf.to(torch.bfloat16), None),
        Case("one-element add from Python", lambda: o1 + o2, lambda: t1 + t2, lambda: n1 + n2, number=20000),
        Case("one-element mul by 2 from Python", lambda: o1 * 2, lambda: t1 * 2, lambda: n1 * 2, number=20000),
        Case("lt f32 < f32 (2^24)", lambda: of < og, lambda: tf < tg, lambda: f32 < g32),
        Case("eq i32 == f32 (2^24)", lambda: oi == of, lambda: ti == tf, lambda: i32 == f32),
        Case("maximum f32 (2^24)", lambda: oxtorch.maximum(of, og), lambda: torch.maximum(tf, tg),
             lambda: np.maximum(f32, g32)),
        Case("one-element eq from Python", lambda: o1 == o2, lambda: t1 == t2, lambda: n1 == n2, number=20000),
        Case("abs f32 (2^24)", lambda: of.abs(), lambda: tf.abs(), lambda: np.abs(f32)),
        Case("sqrt f32 (2^24)", lambda: of.sqrt(), lambda: tf.sqrt(), lambda: np.sqrt(f32)),
        Case("exp f32 (2^24)", lambda: of.exp(), lambda: tf.exp(), lambda: np.exp(f32)),
        Case("log f32 (2^24)", lambda: ohi.log(), lambda: thi.log(), lambda: np.log(hi32)),
        Case("sin f32 (2^24)", lambda: of.sin(), lambda: tf.sin(), lambda: np.sin(f32)),
        Case("cos f32 (2^24)", lambda: of.cos(), lambda: tf.cos(), lambda: np.cos(f32)),
        Case("tan f32 (2^24)", lambda: of.tan(), lambda: tf.tan(), lambda: np.tan(f32)),
        Case("tanh f32 (2^24)", lambda: of.tanh(), lambda: tf.tanh(), lambda: np.tanh(f32)),
        Case("sigmoid f32 (2^24)", lambda: of.sigmoid(), lambda: tf.sigmoid(), lambda: 1 / (1 + np.exp(-f32))),
        Case("erf f32 (2^24)", lambda: of.erf(), lambda: tf.erf(), None),
        Case("expm1 f32 (2^24)", lambda: of.expm1(), lambda: tf.expm1(), lambda: np.expm1(f32)),
        Case("log1p f32 (2^24)", lambda: ohi.log1p(), lambda: thi.log1p(), lambda: np.log1p(hi32)),
        Case("isnan f32 (2^24)", lambda: of.isnan(), lambda: tf.isnan(), lambda: np.isnan(f32)),
        Case("one-element abs from Python", lambda: o1.abs(), lambda: t1.abs(), lambda: np.abs(n1), number=20000),
        Case("remainder i32 % i32 (2^24)", lambda: oi % oj, lambda: ti % tj, lambda: np.remainder(i32, j32)),
        Case("remainder f32 % python float (2^24)", lambda: of % 1.5, lambda: tf % 1.5,
             lambda: np.remainder(f32, np.float32(1.5))),
        Case("bitwise_and i32 & i32 (2^24)", lambda: oi & oj, lambda: ti & tj, lambda: i32 & j32),
        Case("left shift i32 << python int (2^24)", lambda: oi << 3, lambda: ti << 3, lambda: i32 << 3),
        Case("atan2 f32 (2^24)", lambda: oxtorch.atan2(of, og), lambda: torch.atan2(tf, tg),
             lambda: np.arctan2(f32, g32)),
        Case("fmax f32 (2^24)", lambda: oxtorch.fmax(of, og), lambda: torch.fmax(tf, tg), lambda: np.fmax(f32, g32)),
        Case("logaddexp f32 (2^24)", lambda: oxtorch.logaddexp(of, og), lambda: torch.logaddexp(tf, tg),
             lambda: np.logaddexp(f32, g32)),
        Case("logical_and f32 (2^24)", lambda: oxtorch.logical_and(of, og), lambda: torch.logical_and(tf, tg),
             lambda: np.logical_and(f32, g32)),
        Case("pow f32 ** 2 (2^24)", lambda: of ** 2, lambda: tf ** 2, lambda: f32 ** 2),
        Case("pow f32 ** 2.5 (2^24)", lambda: of ** 2.5, lambda: tf ** 2.5, lambda: f32 ** np.float32(2.5)),
        Case("pow f32 ** f32 (2^24)", lambda: of ** og, lambda: tf ** tg, lambda: f32 ** g32),
        Case("pow i32 ** 3 (2^24)", lambda: oi ** 3, lambda: ti ** 3, lambda: i32 ** 3),
        Case("where bool, f32, f32 (2^24)", lambda: oxtorch.where(omask, of, og), lambda: torch.where(tmask, tf, tg),
             lambda: np.where(mask, f32, g32)),
        Case("where bool, f32, python float (2^24)", lambda: oxtorch.where(omask, of, 0.0),
             lambda: torch.where(tmask, tf, 0.0), lambda: np.where(mask, f32, np.float32(0.0))),
        Case("clamp f32, number min and max (2^24)", lambda: of.clamp(-0.5, 0.5), lambda: tf.clamp(-0.5, 0.5),
             lambda: np.clip(f32, np.float32(-0.5), np.float32(0.5))),
        Case("clamp f32, tensor min and max (2^24)", lambda: oxtorch.clamp(of, olo, ohi),
             lambda: torch.clamp(tf, tlo, thi), lambda: np.clip(f32, lo32, hi32)),
        Case("addcmul f32, value 0.5 (2^24)", lambda: oxtorch.addcmul(of, og, ohi, value=0.5),
             lambda: torch.addcmul(tf, tg, thi, value=0.5), lambda: f32 + np.float32(0.5) * g32 * hi32),
        Case("addcdiv f32, value 0.5 (2^24)", lambda: oxtorch.addcdiv(of, og, ohi, value=0.5),
             lambda: torch.addcdiv(tf, tg, thi, value=0.5), lambda: f32 + np.float32(0.5) * g32 / hi32),
        Case("lerp f32, number weight 0.3 (2^24)", lambda: oxtorch.lerp(of, og, 0.3), lambda: torch.lerp(tf, tg, 0.3),
             lambda: f32 + np.float32(0.3) * (g32 - f32)),
        Case("lerp f32, tensor weight (2^24)", lambda: oxtorch.lerp(of, og, ohi), lambda: torch.lerp(tf, tg, thi),
             lambda: f32 + hi32 * (g32 - f32)),
        Case("nan_to_num f32 (2^24)", lambda: of.nan_to_num(), lambda: tf.nan_to_num(), lambda: np.nan_to_num(f32)),
        Case("round f32, decimals=2 (2^24)", lambda: of.round(decimals=2), lambda: tf.round(decimals=2),
             lambda: np.round(f32, 2)),
        Case("angle c64 (2^24)", lambda: oc.angle(), lambda: tc.angle(), lambda: np.angle(c64)),
        Case("conj() view + c64 (2^24)", lambda: oc.conj() + oc, lambda: tc.conj() + tc,
             lambda: np.conj(c64) + c64),
        Case("logaddexp c64 (2^20)", lambda: oxtorch.logaddexp(oc[:2**20], oc[2**20:2**21]),
             lambda: torch.logaddexp(tc[:2**20], tc[2**20:2**21]),
             lambda: np.log(np.exp(c64[:2**20]) + np.exp(c64[2**20:2**21]))),
        Case("pow c64 ** c64 (2^20)", lambda: oc[:2**20] ** oc[2**20:2**21], lambda: tc[:2**20] ** tc[2**20:2**21],
             lambda: c64[:2**20] ** c64[2**20:2**21]),
        Case("isclose f32 (2^24)", lambda: oxtorch.isclose(of, og), lambda: torch.isclose(tf, tg),
             lambda: np.isclose(f32, g32, rtol=1e-05, atol=1e-08)),
        # issue 22's reductions: the input read once is the copy bandwidth case's half (2^24 float32 = 64 MiB)
        Case("sum f32 (2^24)", lambda: of.sum(), lambda: tf.sum(), lambda: f32.sum()),
        Case("mean f32 (2^24)", lambda: of.mean(), lambda: tf.mean(), lambda: f32.mean()),
        Case("amax f32 (2^24)", lambda: of.amax(), lambda: tf.amax(), lambda: f32.max()),
        Case("sum(dim=1) 4096x4096 f32", lambda: osq.sum(dim=1), lambda: tsq.sum(dim=1), lambda: sq.sum(axis=1)),
        Case("sum(dim=0) 4096x4096 f32", lambda: osq.sum(dim=0), lambda: tsq.sum(dim=0), lambda: sq.sum(axis=0)),
        Case("sum i32 (2^24)", lambda: oi.sum(), lambda: ti.sum(), lambda: i32.sum(dtype=np.int64)),
        Case("argmax f32 (2^24)", lambda: of.argmax(), lambda: tf.argmax(), lambda: f32.argmax()),
        Case("max(dim=1) 4096x4096 f32", lambda: osq.max(dim=1), lambda: tsq.max(dim=1), lambda: sq.max(axis=1)),
        Case("prod f32 (2^24)", lambda: of.prod(), lambda: tf.prod(), lambda: f32.prod()),
        Case("all bool (2^24)", lambda: omask.all(), lambda: tmask.all(), lambda: mask.all()),
        # issue 22's joining functions: 4096x4096 float32 pieces (64 MiB each), read once and written once
        Case("cat of eight 2^21 f32", lambda: oxtorch.cat(oeight), lambda: torch.cat(teight),
             lambda: np.concatenate(eight)),
        Case("cat dim=0 2x(4096x4096) f32", lambda: oxtorch.cat([osq, osq]), lambda: torch.cat([tsq, tsq]),
             lambda: np.concatenate([sq, sq])),
        Case("cat dim=1 2x(4096x4096) f32", lambda: oxtorch.cat([osq, osq], 1), lambda: torch.cat([tsq, tsq], 1),
             lambda: np.concatenate([sq, sq], axis=1)),
        Case("stack dim=2 2x(4096x4096) f32", lambda: oxtorch.stack([osq, osq], 2),
             lambda: torch.stack([tsq, tsq], 2), lambda: np.stack([sq, sq], axis=2)),
        Case("cat 64x(64x4096) f32 + i64 (promoted)", lambda: oxtorch.cat(opieces), lambda: torch.cat(tpieces),
             lambda: np.concatenate(pieces)),
    ] + matmul_cases(rng) + sparse_cases(rng) + safetensors_cases(rng)


def safetensors_cases(rng):
    """Weights (issue 23): a 1 GiB safetensors file of sixteen 64 MiB float32 tensors, loaded by
    ``oxtorch.load_file``, ``safetensors.torch.load_file`` and ``safetensors.numpy.load_file`` (which copies every
    tensor out of the file: the NumPy column is that copy), then the same with every tensor summed (every page read
    through the map, as a first use does), and written by each ``save_file``. The page cache holds the file, so
    the times are the loaders' own, not the disk's."""
    import atexit
    import os
    import shutil
    import tempfile

    import safetensors.numpy
    import safetensors.torch

    folder = tempfile.mkdtemp(prefix="oxtorch-bench-")
    atexit.register(shutil.rmtree, folder, True)
    path = os.path.join(folder, "weights.safetensors")
    pieces = {f"layer{i}.weight": rng.standard_normal((4096, 4096), dtype=np.float32) for i in range(16)}
    safetensors.numpy.save_file(pieces, path)
    o_pieces = {k: oxtorch.from_numpy(v) for k, v in pieces.items()}
    t_pieces = {k: torch.from_numpy(v) for k, v in pieces.items()}
    out = {name: os.path.join(folder, f"{name}.safetensors") for name in ("oxtorch", "torch", "numpy")}

    def summed(tensors):
        return [t.sum() for t in tensors.values()]

    return [
        Case("load_file 1 GiB (16 x 64 MiB f32)", lambda: oxtorch.load_file(path),
             lambda: safetensors.torch.load_file(path), lambda: safetensors.numpy.load_file(path)),
        Case("load_file 1 GiB + sum of each tensor", lambda: summed(oxtorch.load_file(path)),
             lambda: summed(safetensors.torch.load_file(path)), lambda: summed(safetensors.numpy.load_file(path))),
        Case("save_file 1 GiB (16 x 64 MiB f32)", lambda: oxtorch.save_file(o_pieces, out["oxtorch"]),
             lambda: safetensors.torch.save_file(t_pieces, out["torch"]),
             lambda: safetensors.numpy.save_file(pieces, out["numpy"])),
    ]


def matmul_cases(rng):
    """Issue 22's matrix products: 2048x2048 float32 and bfloat16 (NumPy has no bfloat16: its case is float32),
    a batch of 64 256x256 float32, a small 64x64 float32 product (the call's overhead) and an int64 one (no BLAS on
    either side). Targets are in GFLOP/s, so the ratio of times is the inverse ratio of GFLOP/s."""
    a = rng.standard_normal((2048, 2048), dtype=np.float32)
    b = rng.standard_normal((2048, 2048), dtype=np.float32)
    oa, ob, ta, tb = oxtorch.from_numpy(a), oxtorch.from_numpy(b), torch.from_numpy(a), torch.from_numpy(b)
    oa16, ob16, ta16, tb16 = oa.bfloat16(), ob.bfloat16(), ta.bfloat16(), tb.bfloat16()
    x = rng.standard_normal((64, 256, 256), dtype=np.float32)
    y = rng.standard_normal((64, 256, 256), dtype=np.float32)
    ox, oy, tx, ty = oxtorch.from_numpy(x), oxtorch.from_numpy(y), torch.from_numpy(x), torch.from_numpy(y)
    s = rng.standard_normal((64, 64), dtype=np.float32)
    os_, ts = oxtorch.from_numpy(s), torch.from_numpy(s)
    i = rng.integers(-100, 100, (256, 256), dtype=np.int64)
    oi, ti = oxtorch.from_numpy(i), torch.from_numpy(i)
    return [
        Case("matmul 2048x2048 f32", lambda: oa @ ob, lambda: ta @ tb, lambda: a @ b),
        Case("matmul 2048x2048 bf16", lambda: oa16 @ ob16, lambda: ta16 @ tb16, lambda: a @ b),
        Case("bmm 64x256x256 f32", lambda: oxtorch.bmm(ox, oy), lambda: torch.bmm(tx, ty), lambda: x @ y),
        Case("mm 64x64 f32", lambda: os_ @ os_, lambda: ts @ ts, lambda: s @ s, number=100),
        Case("mm 256x256 i64", lambda: oi @ oi, lambda: ti @ ti, lambda: i @ i),
    ]


def sparse_cases(rng):
    """Sparse COO: coalesce of 10^6 random entries, sparse + sparse and dense + sparse at 4096x4096, 1% density
    (PyTorch has no sparse add with a dense second operand; dense + sparse is the supported order)."""
    n = 4096
    idx = rng.integers(0, n, (2, 10**6), dtype=np.int64)
    val = rng.standard_normal(10**6, dtype=np.float32)
    o_unc = oxtorch.sparse_coo_tensor(oxtorch.from_numpy(idx), oxtorch.from_numpy(val), (n, n))
    t_unc = torch.sparse_coo_tensor(torch.from_numpy(idx), torch.from_numpy(val), (n, n))
    nnz = n * n // 100

    def random_sparse(seed):
        r = np.random.default_rng(seed)
        flat = np.sort(r.choice(n * n, nnz, replace=False))
        i = np.stack([flat // n, flat % n]).astype(np.int64)
        v = r.standard_normal(nnz, dtype=np.float32)
        o = oxtorch.sparse_coo_tensor(oxtorch.from_numpy(i), oxtorch.from_numpy(v), (n, n), is_coalesced=True)
        t = torch.sparse_coo_tensor(torch.from_numpy(i), torch.from_numpy(v), (n, n), is_coalesced=True)
        return o, t

    (oa, ta), (ob, tb) = random_sparse(1), random_sparse(2)
    dense = rng.standard_normal((n, n), dtype=np.float32)
    od, td = oxtorch.from_numpy(dense).clone(), torch.from_numpy(dense).clone()
    return [
        Case("sparse coalesce 10^6 random entries", lambda: o_unc.coalesce(), lambda: t_unc.coalesce(), None),
        Case("sparse + sparse 4096^2, 1% (coalesced)", lambda: oa + ob, lambda: ta + tb, None),
        Case("dense + sparse 4096^2, 1%", lambda: od + oa, lambda: td + ta, None),
    ]


def make_cuda_cases(log2n):
    """The CPU cases on the GPU: elementwise cases over 2^log2n elements, the 4096^2 and NCHW ones as on the CPU."""
    n = 1 << log2n
    rng = np.random.default_rng(0)

    def both(shape, dtype=np.float32, low=None):
        a = rng.standard_normal(shape, dtype=np.float32) if low is None else rng.integers(low, 1000, shape, dtype=dtype)
        return oxtorch.from_numpy(a).cuda(), torch.from_numpy(a).cuda()

    (of, tf), (og, tg) = both(n), both(n)
    (oi, ti), (oj, tj) = both(n, np.int32, -1000), both(n, np.int32, 1)
    (osq, tsq), (orow, trow) = both((4096, 4096)), both(4096)
    (on, tn), (on2, tn2) = both((32, 64, 56, 56)), both((32, 64, 56, 56))
    ocl, tcl = on.contiguous(memory_format=oxtorch.channels_last), tn.contiguous(memory_format=torch.channels_last)
    ocl2, tcl2 = on2.contiguous(memory_format=oxtorch.channels_last), tn2.contiguous(memory_format=torch.channels_last)
    o_acc, t_acc = of.clone(), tf.clone()
    o_cond, t_cond = of < og, tf < tg
    o1, o2, t1, t2 = oxtorch.ones(1).cuda(), oxtorch.ones(1).cuda(), torch.ones(1).cuda(), torch.ones(1).cuda()
    ox = lambda fn: _synchronized(fn, oxtorch.cuda.synchronize)  # noqa: E731
    pt = lambda fn: _synchronized(fn, torch.cuda.synchronize)  # noqa: E731
    k = f"2^{log2n}"
    return [
        Case(f"cuda add f32 + f32 ({k})", ox(lambda: of + og), pt(lambda: tf + tg), None, number=20),
        Case(f"cuda add i32 + f32 ({k})", ox(lambda: oi + of), pt(lambda: ti + tf), None, number=20),
        Case(f"cuda mul f32 * python float ({k})", ox(lambda: of * 2.5), pt(lambda: tf * 2.5), None, number=20),
        Case(f"cuda in-place add_ f32 ({k})", ox(lambda: o_acc.add_(og)), pt(lambda: t_acc.add_(tg)), None, number=20),
        Case(f"cuda div i32 / i32 true ({k})", ox(lambda: oi / oj), pt(lambda: ti / tj), None, number=20),
        Case(f"cuda f32 -> bf16 ({k})", ox(lambda: of.to(oxtorch.bfloat16)), pt(lambda: tf.to(torch.bfloat16)), None,
             number=20),
        Case("cuda t().contiguous() 4096x4096 f32", ox(lambda: osq.t().contiguous()), pt(lambda: tsq.t().contiguous()),
             None, number=50),
        Case("cuda NCHW (32,64,56,56) -> channels_last", ox(lambda: on.contiguous(memory_format=oxtorch.channels_last)),
             pt(lambda: tn.contiguous(memory_format=torch.channels_last)), None, number=50),
        Case("cuda add channels_last + channels_last", ox(lambda: ocl + ocl2), pt(lambda: tcl + tcl2), None, number=50),
        Case("cuda 4096x4096 + row of 4096", ox(lambda: osq + orow), pt(lambda: tsq + trow), None, number=50),
        Case("cuda one-element add from Python", ox(lambda: o1 + o2), pt(lambda: t1 + t2), None, number=20000),
        Case(f"cuda lt f32 < f32 ({k})", ox(lambda: of < og), pt(lambda: tf < tg), None, number=20),
        Case(f"cuda eq i32 == f32 ({k})", ox(lambda: oi == of), pt(lambda: ti == tf), None, number=20),
        Case(f"cuda maximum f32 ({k})", ox(lambda: oxtorch.maximum(of, og)), pt(lambda: torch.maximum(tf, tg)), None,
             number=20),
        Case(f"cuda sqrt f32 ({k})", ox(lambda: oxtorch.sqrt(of)), pt(lambda: torch.sqrt(tf)), None, number=20),
        Case(f"cuda remainder f32 ({k})", ox(lambda: oxtorch.remainder(of, og)), pt(lambda: torch.remainder(tf, tg)),
             None, number=20),
        Case(f"cuda where f32 ({k})", ox(lambda: oxtorch.where(o_cond, of, og)), pt(lambda: torch.where(t_cond, tf, tg)),
             None, number=20),
        Case(f"cuda clamp f32 numbers ({k})", ox(lambda: oxtorch.clamp(of, -0.5, 0.5)),
             pt(lambda: torch.clamp(tf, -0.5, 0.5)), None, number=20),
        Case(f"cuda clamp f32 tensors ({k})", ox(lambda: oxtorch.clamp(of, og, o_acc)),
             pt(lambda: torch.clamp(tf, tg, t_acc)), None, number=20),
        Case(f"cuda addcmul f32 ({k})", ox(lambda: oxtorch.addcmul(of, og, o_acc, value=0.5)),
             pt(lambda: torch.addcmul(tf, tg, t_acc, value=0.5)), None, number=20),
        Case(f"cuda lerp f32 tensor weight ({k})", ox(lambda: oxtorch.lerp(of, og, o_acc)),
             pt(lambda: torch.lerp(tf, tg, t_acc)), None, number=20),
    ]


def run(cases, threads, rounds):
    oxtorch.set_num_threads(threads)
    torch.set_num_threads(threads)
    libs = ["oxtorch", "torch", "numpy"]
    rows = []
    for case in cases:
        samples = {lib: [] for lib in libs}
        for lib, fn in case.fns.items():  # warm up (first-touch pages, caches, lazy initialization, kernels)
            if fn is not None:
                try:
                    _timed(fn, max(1, case.number // 10))
                except (AttributeError, TypeError):
                    if lib != "oxtorch":
                        raise
                    # an older oxtorch build (the baseline of a before/after comparison) lacks the operation
                    case.fns[lib] = None
                    continue
                getattr(fn, "finish", lambda: None)()
        for r in range(rounds):
            order = libs[r % 3:] + libs[:r % 3]
            for lib in order:
                fn = case.fns[lib]
                if fn is not None:
                    start = time.perf_counter()
                    for _ in range(case.number):
                        fn()
                    getattr(fn, "finish", lambda: None)()
                    samples[lib].append((time.perf_counter() - start) / case.number)
        med = {lib: statistics.median(s) if s else None for lib, s in samples.items()}
        rows.append((case.name, threads, med))
    return rows


def _vm_kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise RuntimeError(f"no {field} in /proc/self/status")


def peak_extra_bytes(fn):
    """Peak resident memory an operation adds beyond what the process held before it (Linux: VmHWM is reset
    through /proc/self/clear_refs). The result is dropped right away."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")
    before = _vm_kib("VmRSS")
    result = fn()
    peak = _vm_kib("VmHWM")
    del result
    return (peak - before) * 1024


def memory_report():
    """Peak extra memory of the int32 + float32 add (2^24 elements): the output alone is 64 MiB; a full-size
    float32 temporary of the converted int32 input would add another 64 MiB."""
    rng = np.random.default_rng(1)
    i32 = rng.integers(-1000, 1000, N, dtype=np.int32)
    f32 = rng.standard_normal(N, dtype=np.float32)
    oi, of = oxtorch.from_numpy(i32).clone(), oxtorch.from_numpy(f32).clone()
    ti, tf = torch.from_numpy(i32).clone(), torch.from_numpy(f32).clone()
    output = N * 4
    inputs = N * 8
    rows = []
    for name, fn in [("oxtorch", lambda: oi + of), ("torch", lambda: ti + tf), ("numpy", lambda: i32 + f32)]:
        extra = peak_extra_bytes(fn)
        rows.append((name, extra, (inputs + extra) / (inputs + output)))
    return rows


def fmt_time(t):
    if t is None:
        return "-"
    return f"{t * 1e6:.2f} us" if t < 1e-3 else f"{t * 1e3:.2f} ms"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--only", default="", help="run only cases whose name contains this text")
    parser.add_argument("--memory", action="store_true", help="only report the peak memory of the mixed add")
    parser.add_argument("--cuda", action="store_true", help="the cases on the GPU, against PyTorch's CUDA build")
    parser.add_argument("--sizes", default="24,28", help="log2 of the elementwise CUDA cases' sizes")
    args = parser.parse_args()
    if args.memory:
        print("peak memory of int32 + float32 (2^24): (inputs + peak extra) / (inputs + output)")
        for name, extra, ratio in memory_report():
            print(f"  {name:<8} peak extra {extra / 2**20:7.1f} MiB   ratio {ratio:.2f}")
        return
    rows = []
    if args.cuda:
        for log2n in [int(x) for x in args.sizes.split(",")]:
            cases = [c for c in make_cuda_cases(log2n) if args.only in c.name]
            if log2n != int(args.sizes.split(",")[0]):  # the fixed-size cases once
                cases = [c for c in cases if "2^" in c.name]
            rows += run(cases, 1, args.rounds)
            oxtorch.cuda.empty_cache()
            torch.cuda.empty_cache()
    else:
        cases = [c for c in make_cases() if args.only in c.name]
        for threads in [int(t) for t in args.threads.split(",")]:
            rows += run(cases, threads, args.rounds)
    where = torch.cuda.get_device_name() if args.cuda else platform.processor() or platform.machine()
    print(f"# {datetime.date.today()}  {where}  "
          f"oxtorch vs torch {torch.__version__} vs numpy {np.__version__}, median of {args.rounds} rounds")
    header = ["case", "threads", "oxtorch", "torch", "numpy", "oxtorch / torch"]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    else:
        print(f"{header[0]:<40} {header[1]:>7} {header[2]:>12} {header[3]:>12} {header[4]:>12} {header[5]:>16}")
    for name, threads, med in rows:
        ratio = "-" if med["oxtorch"] is None else f"{med['oxtorch'] / med['torch']:.2f}x"
        cells = [name, str(threads), fmt_time(med["oxtorch"]), fmt_time(med["torch"]), fmt_time(med["numpy"]), ratio]
        if args.markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            print(f"{cells[0]:<40} {cells[1]:>7} {cells[2]:>12} {cells[3]:>12} {cells[4]:>12} {cells[5]:>16}")


if __name__ == "__main__":
    main()
