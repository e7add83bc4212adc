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

import pytest

import oxtorch
from call_replay import CallData

# the number of cases each section was recorded with
COUNTS = {"values": 2978, "special": 808, "long": 546, "out": 142, "layout": 132, "meta": 70, "sparse": 57,
          "errors": 156}


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


DATA = CallData("pointwise.json", COUNTS, error_names)


def test_pointwise_data_complete():
    DATA.check_complete()


@pytest.mark.parametrize("section,case", DATA.cases, ids=DATA.ids)
def test_pointwise_case(section, case, oxstats):
    DATA.replay(section, case, oxstats)
