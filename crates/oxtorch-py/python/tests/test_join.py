"""Replays join.json (``crates/oxtorch/tests/data/join.json``, recorded from PyTorch 2.15 by ``record_join.py``)
through oxtorch's Python API: ``cat`` (``concat``, ``concatenate``), ``stack``, ``hstack``, ``vstack`` and
``dstack`` over every pair of dtypes, every dimension, numpy's ``axis=``, the legacy skipped 1-D empty inputs,
layouts and memory formats, ``out=`` (dtypes, resizing, strides kept or not, overlapping inputs), meta tensors,
sparse COO inputs (PyTorch's sparse ``cat``, along sparse and dense dimensions) and the argument parser's errors.

Everything compares exactly: dtypes, shapes, strides, values (NaN equals NaN; zeros by their sign), errors by class
and first line. The Rust runner (``tests/conformance/join.rs``) replays the same file. With
``OXTORCH_TEST_DEVICE=cuda`` the tensors that are not meta live on the GPU.
"""

from __future__ import annotations

import json

import pytest

import oxtorch
from test_conformance import DATA_DIR, DEVICE, Mismatch, dtype, expect_error
from test_reduce import compare
from test_reduce import make as make_strided

CASES = json.loads((DATA_DIR / "join.json").read_text())["cases"]


def make(spec):
    """An input: reduce.json's layouts, and sparse COO tensors of the nonzero elements ("sparse": every dimension
    sparse, "hybrid": the first)."""
    if spec["layout"] == "sparse":
        return make_strided({**spec, "layout": "contiguous"}).to_sparse()
    if spec["layout"] == "hybrid":
        return make_strided({**spec, "layout": "contiguous"}).to_sparse(1)
    return make_strided(spec)


def compare_sparse(got, want):
    if got.layout != oxtorch.sparse_coo:
        raise Mismatch(f"layout: got {got.layout}, want sparse_coo")
    facts = {"nnz": got._nnz(), "coalesced": got.is_coalesced(), "sparse_dim": got.sparse_dim()}
    for key, value in facts.items():
        if value != want[key]:
            raise Mismatch(f"{key}: got {value}, want {want[key]}")
    dense = got.to_dense()
    compare(dense, {**want, "stride": list(dense.stride())})


def make_out(o, inputs):
    if "alias" in o:
        return inputs[o["alias"]]
    dt = dtype(o["dtype"])
    shape = o["shape"]
    layout = o.get("layout", "contiguous")
    if layout == "meta":
        return oxtorch.empty(shape, dtype=dt, device="meta")
    if layout == "channels_last":
        return oxtorch.empty(shape, dtype=dt, device=DEVICE).contiguous(memory_format=oxtorch.channels_last)
    if layout == "transposed":
        return oxtorch.empty(shape[::-1], dtype=dt, device=DEVICE).permute(list(range(len(shape)))[::-1])
    if layout == "expanded":
        return oxtorch.empty([1] + shape[1:], dtype=dt, device=DEVICE).expand(shape)
    return oxtorch.empty(shape, dtype=dt, device=DEVICE)


def run(case):
    tensors = [make(s) for s in case["inputs"]]
    args = tensors if case["container"] == "list" else tuple(tensors)
    if case.get("bad") == "tensor":
        args = tensors[0]
    elif case.get("bad") == "number":
        args = list(tensors) + [1]
    pos, kwargs = [], {}
    if "dim" in case:
        if "dim_keyword" in case:
            kwargs[case["dim_keyword"]] = case["dim"]
        else:
            pos.append(case["dim"])
    if "out" in case:
        kwargs["out"] = make_out(case["out"], tensors)
    try:
        got = getattr(oxtorch, case["op"])(args, *pos, **kwargs)
    except Exception as e:  # noqa: BLE001 - judged against the case
        if "error" not in case:
            raise Mismatch(f"unexpected {type(e).__name__}: {e}") from e
        expect_error(e, case)
        return
    if "error" in case:
        raise Mismatch(f"no error, want {case['error']}: {case['message']}")
    if "out" in case and got is not kwargs["out"]:
        raise Mismatch("the result is not the out= tensor")
    if case["result"].get("layout") == "sparse_coo":
        compare_sparse(got, case["result"])
    else:
        compare(got, case["result"])


def case_id(i, case):
    shapes = "+".join(f"{s['dtype']}{s['shape']}" for s in case["inputs"][:3])
    return f"{i}-{case['op']}-{shapes}"


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case_id(i, c) for i, c in enumerate(CASES)])
def test_join_case(index):
    run(CASES[index])


def test_every_function_is_recorded():
    assert {c["op"] for c in CASES} == {"cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack"}
