"""Replays ternary.json (``crates/oxtorch/tests/data/ternary.json``, recorded from PyTorch 2.15 by
``record_ternary.py``) through oxtorch's Python API: ``where`` and the clamp family (``clamp``, ``clip``,
``clamp_min``, ``clamp_max``, their methods, their in-place methods and ``out=``) over the dtype grids, on special
values, with ``out=``, on strided layouts, on meta tensors and with sparse operands, and the ``errors`` section
(expressions evaluated with ``torch`` bound to oxtorch and ``a``, ``b``, ``c``, ``i``, ``x``, ``m`` defined as the
data's note says).

Every case but the errors section's is one call: ``form`` function ``torch.<op>(*args, **kwargs)``, method
``args[0].<op>(*args[1:], **kwargs)``, inplace the same (the call returns ``args[0]``, which is the result), out
``torch.<op>(*args, **kwargs, out=out)`` (returns ``out``, which is the result). Operands are rebuilt with their
shapes and strides (test_compare's ``tensor``); ``{"kind": "none"}`` is Python ``None``.

Values compare exactly, as test_compare's ``check`` does (NaN equals NaN, -0.0 differs from 0.0, floats bit for
bit): ``where`` and ``clamp`` only select and convert. Where a case says ``ignore_zero_sign`` (a tensor bound and
zeros of opposite sign), zeros of either sign are equal. Errors compare by class and first line, except the
reference's internal kernel names (``"clamp_cpu" not implemented for ...``), where only the error is required.

Warnings: a case with ``warning`` is one where PyTorch warns (a uint8 condition, an ``out=`` resized); PyTorch warns
once per process there, so oxtorch may stay silent, but a UserWarning it gives must carry that text. A case without
``warning`` must give none.
"""

from __future__ import annotations

import pytest

import oxtorch
from call_replay import CallData

# the number of cases each section was recorded with
COUNTS = {"values": 2516, "special": 959, "out": 196, "layout": 97, "meta": 65, "sparse": 50, "errors": 129}


def error_names() -> dict:
    """The names the errors section's expressions use (the data's note), fresh for each case."""
    return {
        "torch": oxtorch,
        "a": oxtorch.tensor([7.5, -3.25, 0.001]),
        "b": oxtorch.tensor([True, False, True]),
        "c": oxtorch.tensor([1 + 1j, 2 - 1j, 0.5j]),
        "i": oxtorch.tensor([7, -3, 2], dtype=oxtorch.int32),
        "x": oxtorch.tensor([1.0, 2.0, 3.0, 4.0]),
        "m": oxtorch.tensor([True, False, True]),
    }


DATA = CallData("ternary.json", COUNTS, error_names)


def test_ternary_data_complete():
    DATA.check_complete()


@pytest.mark.parametrize("section,case", DATA.cases, ids=DATA.ids)
def test_ternary_case(section, case, oxstats):
    DATA.replay(section, case, oxstats)
