"""Replays isclose.json (``crates/oxtorch/tests/data/isclose.json``, recorded from PyTorch 2.15 by
``record_isclose.py``) through oxtorch's Python API: ``isclose`` and ``allclose`` (and their methods) over every
pair of dtypes with special values and several tolerances, on broadcast, zero-dim and empty tensors, at tolerance
edges ulp by ulp, under default dtype float64, on strided layouts, on meta tensors and with sparse operands, and the
``errors`` section (expressions evaluated with ``torch`` bound to oxtorch and ``f``, ``g``, ``d``, ``i``, ``b``,
``c``, ``x``, ``n`` defined as the data's note says).

Every case but the errors section's is one call: ``form`` function ``torch.<op>(*args, **kwargs)``, method
``args[0].<op>(*args[1:], **kwargs)``. Operands are rebuilt with their shapes and strides (test_compare's
``tensor``). ``allclose`` returns a Python bool, which must be a ``bool`` of the recorded value.

Values compare exactly, as test_compare's ``check`` does: the results are bool tensors, compared with their shapes
and strides (those of PyTorch's ``input == other``, the first op of its composite; the data's note gives the
composite). Errors compare by class and first line (PyTorch's dispatcher messages, for sparse operands, up to their
first sentence). No case warns, so none may give a UserWarning.
"""

from __future__ import annotations

import pytest

import oxtorch
from call_replay import CallData

# the number of cases each section was recorded with
COUNTS = {"values": 864, "special": 1118, "layout": 168, "meta": 71, "sparse": 57, "errors": 118}


def error_names() -> dict:
    """The names the errors section's expressions use (the data's note), fresh for each case."""
    return {
        "torch": oxtorch,
        "f": oxtorch.tensor([7.5, -3.25, 0.001]),
        "g": oxtorch.tensor([7.5, -3.2, 0.0011]),
        "d": oxtorch.tensor([7.5, -3.25, 0.001], dtype=oxtorch.float64),
        "i": oxtorch.tensor([7, -3, 2], dtype=oxtorch.int32),
        "b": oxtorch.tensor([True, False, True]),
        "c": oxtorch.tensor([1 + 1j, 2 - 1j, 0.5j]),
        "x": oxtorch.tensor([1.0, 2.0, 3.0, 4.0]),
        "n": oxtorch.tensor([float("nan"), 1.0, float("inf")]),
    }


DATA = CallData("isclose.json", COUNTS, error_names)


def test_isclose_data_complete():
    DATA.check_complete()


@pytest.mark.parametrize("section,case", DATA.cases, ids=DATA.ids)
def test_isclose_case(section, case, oxstats):
    DATA.replay(section, case, oxstats)
