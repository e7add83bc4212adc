"""Replays unary_params.json (``crates/oxtorch/tests/data/unary_params.json``, recorded from PyTorch 2.15 by
``record_unary_params.py``) through oxtorch's Python API: ``nan_to_num`` (nan, posinf, neginf) and ``round`` with
``decimals`` (their methods, their in-place methods ``nan_to_num_``, ``round_``, ``out=``, and
``special.round``) over every dtype, on special values and on parameters the dtype rounds, with ``out=``, on
strided layouts, on meta tensors and with sparse operands, and the ``errors`` section (expressions evaluated with
``torch`` bound to oxtorch and ``f``, ``x``, ``h``, ``i``, ``b``, ``c``, ``nan``, ``inf`` defined as the data's
note says).

Every case but the errors section's is one call: ``form`` function ``torch.<op>(*args, **kwargs)`` (the op
``special.round`` is ``torch.special.round``), method ``args[0].<op>(*args[1:], **kwargs)``, inplace the same (the
call returns ``args[0]``, which is the result), out ``torch.<op>(*args, **kwargs, out=out)`` (returns ``out``,
which is the result). Operands are rebuilt with their shapes and strides (test_compare's ``tensor``);
``{"kind": "none"}`` is Python ``None``.

Values compare exactly, as test_compare's ``check`` does (NaN equals NaN, -0.0 differs from 0.0, floats bit for
bit): nan_to_num only selects and converts its parameters (float16/bfloat16 through float), and round with
decimals is ``nearbyint(x * 10^d) / 10^d`` (``nearbyint(x / 10^-d) * 10^-d`` for d < 0) in float for
float16/bfloat16/float32 and in double for float64, as the data's note says. Errors compare by class and first
line, except the reference's internal kernel names (``"round_cpu" not implemented for 'Long'``, ``"round_vml_cpu"
not implemented for 'Bool'``), where only the error is required.

Warnings: a case with ``warning`` is one where PyTorch warns (an ``out=`` resized); PyTorch warns once per process
there, so oxtorch may stay silent, but a UserWarning it gives must carry that text. A case without ``warning`` must
give none.
"""

from __future__ import annotations

import pytest

import oxtorch
from call_replay import CallData

# the number of cases each section was recorded with
COUNTS = {"values": 1098, "special.round": 53, "layout": 173, "meta": 85, "sparse": 87, "errors": 136}


def error_names() -> dict:
    """The names the errors section's expressions use (the data's note), fresh for each case."""
    nan, inf = float("nan"), float("inf")
    return {
        "torch": oxtorch,
        "nan": nan,
        "inf": inf,
        "f": oxtorch.tensor([nan, inf, -inf, 1.25]),
        "x": oxtorch.tensor([1.25, 2.35, -0.05, 1234.5678]),
        "h": oxtorch.tensor([nan, inf, -inf, 2.675], dtype=oxtorch.float16),
        "i": oxtorch.tensor([7, -3, 2], dtype=oxtorch.int32),
        "b": oxtorch.tensor([True, False, True]),
        "c": oxtorch.tensor([complex(nan, inf), 1.5 - 2.5j, complex(-inf, 0.5)]),
    }


DATA = CallData("unary_params.json", COUNTS, error_names)


def test_unary_params_data_complete():
    DATA.check_complete()


@pytest.mark.parametrize("section,case", DATA.cases, ids=DATA.ids)
def test_unary_params_case(section, case, oxstats):
    DATA.replay(section, case, oxstats)
