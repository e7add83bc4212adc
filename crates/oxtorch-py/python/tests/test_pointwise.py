"""Replays pointwise.json (``crates/oxtorch/tests/data/pointwise.json``, recorded from PyTorch 2.15 by
``record_pointwise.py``) through oxtorch's Python API: ``addcmul``, ``addcdiv`` and ``lerp`` (their methods, their
in-place methods ``addcmul_``, ``addcdiv_``, ``lerp_`` and ``out=``) over the dtype grids, on special values, over
the positions of long tensors, with ``out=``, on strided layouts, on meta tensors and with sparse operands, and the
``errors`` section (expressions evaluated with ``torch`` bound to oxtorch and ``f``, ``g``, ``d``, ``i``, ``b``,
``c``, ``x`` defined as the data's note says).

Every case but the errors section's is one call: ``form`` function ``torch.<op>(*args, **kwargs)``, method
``args[0].<op>(*args[1:], **kwargs)``, inplace the same (the call returns ``args[0]``, which is the result), out
``torch.<op>(*args, **kwargs, out=out)`` (returns ``out``, which is the result). Operands are rebuilt with their
shapes and strides (test_compare's ``tensor``); ``{"kind": "none"}`` is Python ``None``.

Values compare exactly, as test_compare's ``check`` does (NaN equals NaN, -0.0 differs from 0.0, floats bit for
bit): the data's note gives the formulas PyTorch computes (addcmul and lerp with one rounding of a fused
multiply-add), and the ``long`` section holds them position by position over PyTorch's vectorized and scalar loops.
Errors compare by class and first line, except the reference's internal kernel names (``"addcmul_cpu_out" not
implemented for 'Bool'``, ``"lerp_kernel_scalar" not implemented for 'Long'``), where only the error is required.

Warnings: a case with ``warning`` is one where PyTorch warns (an ``out=`` resized, the deprecated overload
``addcmul(input, value, tensor1, tensor2)``); PyTorch warns once per process there, so oxtorch may stay silent, but
a UserWarning it gives must carry that text. A case without ``warning`` must give none.
"""

from __future__ import annotations

import json
import warnings

import pytest

import oxtorch
from test_compare import attempt, check
from test_compare import operand as strided_operand
from test_conformance import DATA_DIR, Mismatch, dtype

DATA = json.loads((DATA_DIR / "pointwise.json").read_text(encoding="utf-8"))
SECTIONS = ("values", "special", "long", "out", "layout", "meta", "sparse", "errors")
# the number of cases each section was recorded with
COUNTS = {"values": 2978, "special": 808, "long": 546, "out": 142, "layout": 132, "meta": 70, "sparse": 57,
          "errors": 156}


def operand(v):
    """An operand of the data: a tensor (any layout, meta, sparse), a Python number, or None."""
    if v["kind"] == "none":
        return None
    return strided_operand(v)


def error_names() -> dict:
    """The names the errors section's expressions use (the data's note), fresh for each case."""
    return {
        "torch": oxtorch,
        "f": oxtorch.tensor([7.5, -3.25, 0.001]),
        "g": oxtorch.tensor([1.0, 2.0, -4.0]),
        "d": oxtorch.tensor([0.5, -1.0, 2.0], dtype=oxtorch.float64),
        "i": oxtorch.tensor([7, -3, 2], dtype=oxtorch.int32),
        "b": oxtorch.tensor([True, False, True]),
        "c": oxtorch.tensor([1 + 1j, 2 - 1j, 0.5j]),
        "x": oxtorch.tensor([1.0, 2.0, 3.0, 4.0]),
    }


def call(case: dict):
    """Makes the case's operands and runs its call: (result, exception, the UserWarnings it gave)."""
    op, form = case["op"], case["form"]
    args = [operand(v) for v in case["args"]]
    kwargs = {k: operand(v) for k, v in case.get("kwargs", {}).items()}
    out = operand(case["out"]) if form == "out" else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if form == "function":
            result, err = attempt(lambda: getattr(oxtorch, op)(*args, **kwargs))
        elif form in ("method", "inplace"):
            result, err = attempt(lambda: getattr(args[0], op)(*args[1:], **kwargs))
        elif form == "out":
            result, err = attempt(lambda: getattr(oxtorch, op)(*args, **kwargs, out=out))
        else:
            raise Mismatch(f"unknown form {form!r}")
    if err is None and form == "inplace":
        if result is not args[0]:
            raise Mismatch(f"{op} returned {result!r}, not self")
    if err is None and form == "out":
        if result is not out:
            raise Mismatch(f"oxtorch.{op}(..., out=out) returned {result!r}, not out")
    return result, err, user_warnings(caught)


def user_warnings(caught) -> list[str]:
    """The first lines of the UserWarnings given, without PyTorch's "(Triggered internally at ...)" tail."""
    lines = []
    for w in caught:
        if issubclass(w.category, UserWarning):
            text = str(w.message)
            first = text.splitlines()[0] if text else ""
            lines.append(first.split(" (Triggered internally at")[0])
    return lines


def check_warnings(case: dict, given: list[str]) -> None:
    want = case.get("warning")
    if want is None:
        if given:
            raise Mismatch(f"unexpected warning: {given[0]!r}")
        return
    if given and want not in given and want.replace("torch.", "oxtorch.") not in given:
        raise Mismatch(f"warning: got {given!r}, want {want!r}")


def check_result(case: dict, result, err) -> None:
    """test_compare's ``check``, and a Python value other than a bool compared by its repr."""
    want = case.get("result")
    if err is None and isinstance(want, dict) and want.get("kind") == "python" and want.get("type") == "repr":
        if isinstance(result, oxtorch.Tensor) or repr(result) != want["value"]:
            raise Mismatch(f"got {result!r}, want {want['value']}")
        return
    check(case, result, err)


def run(section: str, case: dict) -> None:
    oxtorch.set_default_dtype(dtype(case.get("default_dtype", "float32")))  # restored by the autouse fixture
    if section == "errors":
        names = error_names()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result, err = attempt(lambda: eval(case["expr"], names))  # noqa: S307 - expressions from the golden data
        given = user_warnings(caught)
    else:
        result, err, given = call(case)
    check_result(case, result, err)
    check_warnings(case, given)


CASES = [(section, case) for section in SECTIONS for case in DATA[section]]
IDS = [
    f"{section}{k}-{case.get('op', '')}-{case.get('form', 'expr')}"
    for k, (section, case) in enumerate(CASES)
]


def test_pointwise_data_complete():
    """Every section is present and holds the cases it was recorded with."""
    assert set(SECTIONS) <= set(DATA)
    assert {section: len(DATA[section]) for section in SECTIONS} == COUNTS
    assert len(CASES) == sum(COUNTS.values())


@pytest.mark.parametrize("section,case", CASES, ids=IDS)
def test_pointwise_case(section, case, oxstats):
    try:
        run(section, case)
        why = None
    except Mismatch as e:
        why = str(e)
    oxstats.conformance("pointwise.json", why is None)
    assert why is None, f"{case.get('expr', '')} {why}"
