"""Replays matmul.json (``crates/oxtorch/tests/data/matmul.json``, recorded from PyTorch 2.15 by
``record_matmul.py``) through oxtorch's Python API: ``matmul`` (and ``a @ b``), ``mm``, ``bmm``, ``mv``, ``dot``,
``vdot`` and ``outer`` over every dtype and mixed dtypes, every rank combination of ``matmul``, broadcast batches,
empty dimensions, input layouts (transposed, strided, the last two dimensions swapped, expanded batches),
``out=`` (shapes, dtypes, strides kept, meta) and meta operands.

Dtypes, shapes, strides and errors (class and first line) compare exactly, and so do the values, except in the
cases marked ``inexact`` (inputs with NaN or infinities), where a finite value compares exactly and a NaN or
infinity as any NaN or infinity. The Rust runner (``tests/conformance/matmul.rs``) replays the same file.
"""

from __future__ import annotations

import json
import math

import pytest

import oxtorch
from test_conformance import DATA_DIR, DEVICE, Mismatch, dtype, expect_error
from test_reduce import compare
from test_reduce import make as make_strided

CASES = json.loads((DATA_DIR / "matmul.json").read_text())["cases"]


def make(spec):
    """An input: reduce.json's layouts, "mT" (the last two dimensions swapped in memory) and "expanded" (every
    slice of the first dimension a stride-0 copy of the first)."""
    if spec["layout"] == "mT":
        x = make_strided({**spec, "layout": "contiguous"})
        return x.mT.contiguous().mT
    if spec["layout"] == "expanded":
        x = make_strided({**spec, "layout": "contiguous"})
        shape = spec["shape"]
        first = x[:1].contiguous() if shape[0] else oxtorch.zeros([1] + shape[1:], dtype=x.dtype, device=DEVICE)
        return first.expand(shape)
    return make_strided(spec)


def make_out(o):
    dt = dtype(o["dtype"])
    shape = o["shape"]
    layout = o.get("layout", "contiguous")
    if layout == "meta":
        return oxtorch.empty(shape, dtype=dt, device="meta")
    if layout == "transposed":
        return oxtorch.empty(shape[::-1], dtype=dt, device=DEVICE).permute(list(range(len(shape)))[::-1])
    if layout == "expanded":
        return oxtorch.empty([1] + shape[1:], dtype=dt, device=DEVICE).expand(shape)
    if layout == "strided":
        return oxtorch.empty(shape[:-1] + [shape[-1] * 2], dtype=dt, device=DEVICE)[..., ::2]
    return oxtorch.empty(shape, dtype=dt, device=DEVICE)


def compare_loosely(got, want):
    if str(got.dtype) != "oxtorch." + want["dtype"]:
        raise Mismatch(f"dtype: got {got.dtype}, want {want['dtype']}")
    if list(got.shape) != want["shape"] or list(got.stride()) != want["stride"]:
        raise Mismatch(f"geometry: got {list(got.shape)} {list(got.stride())}, want {want['shape']} {want['stride']}")
    values = got.reshape(-1).tolist() if got.dim() else [got.item()]
    for i, (g, w) in enumerate(zip(values, want["values"])):
        w = float(w)
        if (g != w) if math.isfinite(w) else math.isfinite(g):
            raise Mismatch(f"value {i}: got {g}, want {w}")


def run(case):
    a, b = (make(s) for s in case["inputs"])
    kwargs = {}
    if "out" in case:
        kwargs["out"] = make_out(case["out"])
    try:
        got = a @ b if case.get("form") == "operator" else getattr(oxtorch, case["op"])(a, b, **kwargs)
    except Exception as e:  # noqa: BLE001 - judged against the case
        if "error" not in case:
            raise Mismatch(f"unexpected {type(e).__name__}: {e}") from e
        expect_error(e, case)
        return
    if "error" in case:
        raise Mismatch(f"no error, want {case['error']}: {case['message']}")
    if "out" in case and got is not kwargs["out"]:
        raise Mismatch("the result is not the out= tensor")
    if case.get("inexact"):
        compare_loosely(got, case["result"])
    else:
        compare(got, case["result"])


def case_id(i, case):
    shapes = "+".join(f"{s['dtype']}{s['shape']}" for s in case["inputs"])
    return f"{i}-{case['op']}{'@' if case.get('form') else ''}-{shapes}"


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(i, c) for i, c in enumerate(CASES)])
def test_matmul_case(index):
    run(CASES[index])


def test_every_function_is_recorded():
    assert {c["op"] for c in CASES} == {"matmul", "mm", "bmm", "mv", "dot", "vdot", "outer"}


def test_methods_and_operators():
    a = oxtorch.arange(6.0).reshape(2, 3)
    b = oxtorch.arange(12.0).reshape(3, 4)
    want = oxtorch.matmul(a, b)
    assert oxtorch.equal(a @ b, want) and oxtorch.equal(a.matmul(b), want) and oxtorch.equal(a.mm(b), want)
    assert oxtorch.equal(b.__rmatmul__(a), want)
    v = oxtorch.arange(3.0)
    assert a.mv(v).tolist() == [5.0, 14.0]
    assert v.dot(v).item() == 5.0 and v.vdot(v).item() == 5.0
    assert oxtorch.equal(v.outer(v), oxtorch.ger(v, v)) and v.ger(v).shape == (3, 3)
    assert a.unsqueeze(0).bmm(b.unsqueeze(0)).shape == (1, 2, 4)
    with pytest.raises(TypeError):
        a @ 2  # noqa: B018 - the operator's refusal
    with pytest.raises(TypeError):
        2 @ a  # noqa: B018


def test_vdot_conjugates_the_first_vector():
    x = oxtorch.tensor([1 + 2j, 3 - 1j])
    y = oxtorch.tensor([2 - 1j, 1 + 1j])
    assert oxtorch.vdot(x, y).item() == (1 - 2j) * (2 - 1j) + (3 + 1j) * (1 + 1j)
    assert oxtorch.dot(x.conj(), y).item() == oxtorch.vdot(x, y).item()
    assert oxtorch.matmul(x.conj(), y).item() == oxtorch.vdot(x, y).item()


def test_large_products_match_a_float64_reference():
    # past the kernels' blocking and threading thresholds: each float32 (float16) value within the worst-case
    # rounding bound of a K-term sum, K * eps * sum |a_ik b_kj|, of the float64 product
    a = oxtorch.randn(130, 257, generator=oxtorch.Generator().manual_seed(1))
    b = oxtorch.randn(257, 70, generator=oxtorch.Generator().manual_seed(2))
    want = a.double() @ b.double()
    magnitude = a.double().abs() @ b.double().abs()
    assert ((a @ b).double() - want).abs().le(magnitude * (257 * 2.0**-24)).all().item()
    a16, b16 = a.half(), b.half()
    want16 = a16.double() @ b16.double()
    # float32 accumulation, then one float16 rounding
    bound16 = magnitude * (257 * 2.0**-24) + want16.abs() * 2.0**-11
    assert ((a16 @ b16).double() - want16).abs().le(bound16).all().item()
    ints = oxtorch.randint(-5, 5, (40, 300), generator=oxtorch.Generator().manual_seed(3))
    assert oxtorch.equal(ints @ ints.t(), (ints.double() @ ints.t().double()).long())
