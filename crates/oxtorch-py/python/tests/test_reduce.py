"""Replays reduce.json (``crates/oxtorch/tests/data/reduce.json``, recorded from PyTorch 2.15 by
``record_reduce.py``) through oxtorch's Python API: ``sum nansum prod mean nanmean amax amin all any max min argmax
argmin`` as functions and methods, over every dtype, dims given as None, an int or a tuple, ``keepdim``, ``dtype=``,
``out=``, special values, layouts and meta tensors (section ``cases``), and the sums, means and products of random
floats of every length class of PyTorch's cascade sum (section ``values``).

Everything compares exactly: dtypes, shapes, strides, values (NaN equals NaN; zeros by their sign), errors by class
and first line. The Rust runner (``tests/conformance/reduce.rs``) replays the same file.

With ``OXTORCH_TEST_DEVICE=cuda`` (scripts/gpu-check.sh) inputs and ``out=`` tensors live on the GPU. A CUDA
reduction runs through host memory (PyTorch's CPU orders), so the CPU's recorded results still hold bit for bit.
"""

from __future__ import annotations

import json

import pytest

import oxtorch
from test_conformance import DATA_DIR, DEVICE, Mismatch, dtype, expect_error, flat, same_float, value

DATA = json.loads((DATA_DIR / "reduce.json").read_text())
CASES = DATA["cases"]
VALUES = DATA["values"]


def make(spec):
    """The input a case describes (its layout as the recorder made it)."""
    dt = dtype(spec["dtype"])
    shape = spec["shape"]
    if spec["layout"] == "meta":
        return oxtorch.empty(shape, dtype=dt, device="meta")
    x = oxtorch.tensor([value(v) for v in spec["values"]], dtype=dt, device=DEVICE).reshape(shape)
    layout = spec["layout"]
    if layout == "transposed":
        rev = list(range(len(shape)))[::-1]
        x = x.permute(rev).contiguous().permute(rev)
    elif layout == "strided":
        wide = oxtorch.zeros(shape[:-1] + [shape[-1] * 2], dtype=dt, device=DEVICE)
        wide[..., ::2] = x
        x = wide[..., ::2]
    elif layout == "channels_last":
        x = x.contiguous(memory_format=oxtorch.channels_last)
    return x


def call(case, x):
    args, kwargs = [], {}
    if "dim" in case:
        d = case["dim"]
        args.append(tuple(d) if isinstance(d, list) else d)
    if "keepdim" in case:
        kwargs["keepdim"] = case["keepdim"]
    if "dtype" in case:
        kwargs["dtype"] = dtype(case["dtype"])
    if "out" in case:
        o = case["out"]
        device = "meta" if case["input"]["layout"] == "meta" else DEVICE
        if isinstance(o, list):
            kwargs["out"] = tuple(oxtorch.empty(p["shape"], dtype=dtype(p["dtype"]), device=device) for p in o)
        else:
            kwargs["out"] = oxtorch.empty(o["shape"], dtype=dtype(o["dtype"]), device=device)
    if case["form"] == "method":
        return getattr(x, case["op"])(*args, **kwargs)
    return getattr(oxtorch, case["op"])(x, *args, **kwargs)


def compare(got, want):
    if str(got.dtype) != "oxtorch." + want["dtype"]:
        raise Mismatch(f"dtype: got {got.dtype}, want {want['dtype']}")
    if list(got.shape) != want["shape"]:
        raise Mismatch(f"shape: got {list(got.shape)}, want {want['shape']}")
    if list(got.stride()) != want["stride"]:
        raise Mismatch(f"stride: got {list(got.stride())}, want {want['stride']}")
    if "values" not in want:
        if got.device.type != "meta":
            raise Mismatch(f"device: got {got.device}, want meta")
        return
    if got.device.type != DEVICE:
        raise Mismatch(f"device: got {got.device}, want {DEVICE}")
    values = flat(got)
    expected = [value(v) for v in want["values"]]
    for i, (g, w) in enumerate(zip(values, expected)):
        same = (same_float(g.real, w.real) and same_float(g.imag, w.imag)) if isinstance(w, complex) else (
            same_float(g, w) if isinstance(w, float) else g == w and type(g) is type(w))
        if not same:
            raise Mismatch(f"value {i}: got {g!r}, want {w!r}")


def run(case):
    x = make(case["input"])
    try:
        got = call(case, x)
    except Exception as e:  # noqa: BLE001 - judged against the case
        if "error" not in case:
            raise Mismatch(f"unexpected {type(e).__name__}: {e}") from e
        expect_error(e, case)
        return
    if "error" in case:
        raise Mismatch(f"no error, want {case['error']}: {case['message']}")
    want = case["result"]
    if "indices" in want:
        if not isinstance(got, tuple) or len(got) != 2:
            raise Mismatch(f"want a (values, indices) pair, got {type(got).__name__}")
        compare(got.values, want["values"])
        compare(got.indices, want["indices"])
    else:
        compare(got, want)


def case_id(i, case):
    i_ = case["input"]
    return f"{i}-{case['form'][0]}-{case['op']}-{i_['dtype']}{i_['shape']}-{i_['layout'][:4]}"


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(i, c) for i, c in enumerate(CASES)])
def test_reduce_case(index):
    run(CASES[index])


@pytest.mark.parametrize("index", range(len(VALUES)), ids=[f"values-{i}" for i in range(len(VALUES))])
def test_reduce_values(index):
    entry = VALUES[index]
    for c in entry["calls"]:
        run({**c, "form": "function", "input": entry["input"]})
