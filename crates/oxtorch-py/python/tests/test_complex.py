"""Replays complex.json (``crates/oxtorch/tests/data/complex.json``, recorded from PyTorch 2.15 by
``record_complex.py``) through oxtorch's Python API: ``angle`` (function, method, ``out=``) on every dtype, the
complex views and conjugations ``view_as_real``, ``view_as_complex``, ``real``, ``imag``, ``conj``,
``conj_physical`` (and ``out=``), ``conj_physical_``, ``resolve_conj``, ``resolve_neg``, ``is_conj``, ``is_neg`` on
strided layouts, on meta tensors and on sparse tensors, and two sections of Python expressions (evaluated with
``torch`` bound to oxtorch and ``c``, ``z``, ``f``, ``x``, ``h``, ``i``, ``b`` defined as the data's note says):
``expressions`` (storage offsets, writes through views into their base, the conjugate and negative bits, identities,
printing) and ``errors`` (argument errors).

Every case but the expression sections' is one call: ``form`` function ``torch.<op>(*args, **kwargs)``, method
``args[0].<op>(*args[1:], **kwargs)``, inplace the same (the call returns ``args[0]``, which is the result), out
``torch.<op>(*args, **kwargs, out=out)`` (returns ``out``, which is the result). Operands are rebuilt with their
shapes and strides (test_compare's ``tensor``), not their storage offsets: those are the expressions' business.

Values compare exactly (NaN equals NaN, -0.0 differs from 0.0, floats bit for bit), strides too, except:

- ``angle`` of a complex input, which is ``atan2(imag, real)``: PyTorch computes it with SLEEF in its vectorized
  loop and with the C library in its scalar loop, so a value may differ by one unit in the last place. A real
  result is compared as test_unary's ``close_values`` compares a transcendental one (one ulp of its dtype); where
  the result dtype is finer than the computation's (an ``out=`` of float64 for a complex64 input) or complex (an
  ``out=`` of a complex dtype), each component within one ulp, in the computation's dtype, of the value's larger
  component (test_compare's ``within_ulps``).
- the expressions whose name says ``complex32``: PyTorch's ``view_as_complex`` of a float16 tensor gives its
  experimental complex32, which the project does not have (CONFORMANCE_README.md, deviation 1). While oxtorch has
  no ``complex32`` dtype, such a case passes when oxtorch raises an error or gives what PyTorch gives with
  complex64 in place of complex32.

Errors compare by class and first line, except the reference's internal kernel names (``"angle_cpu" not
implemented for 'ComplexHalf'``), where only the error is required. Warnings: a case with ``warning`` is one where
PyTorch warns (an ``out=`` resized); PyTorch warns once per process there, so oxtorch may stay silent, but a
UserWarning it gives must carry that text. A case without ``warning`` must give none.
"""

from __future__ import annotations

import re

import pytest

import oxtorch
from call_replay import CallData, check_result
from test_compare import within_ulps
from test_conformance import Mismatch, dtype, flat, same_float, value
from test_unary import close_values

# the number of cases each section was recorded with
COUNTS = {"angle": 273, "views": 753, "expressions": 243, "meta": 223, "sparse": 94, "errors": 72}
EXPRESSION_SECTIONS = ("expressions", "errors")

# the real dtype a complex dtype's components have, and the precision order of the floating dtypes
COMPONENT = {"complex64": "float32", "complex128": "float64"}
MANTISSA_BITS = {"float16": 10, "bfloat16": 7, "float32": 23, "float64": 52, "complex64": 23, "complex128": 52}
# an expression with a complex operand (c, z) among the data's names
COMPLEX_NAMES = re.compile(r"\b[cz]\b")


def error_names() -> dict:
    """The names the expression sections use (the data's note), fresh for each case."""
    return {
        "torch": oxtorch,
        "c": oxtorch.tensor([1 + 2j, -3 + 0.5j, 0.5j, complex(-1.0, -0.0)]),
        "z": oxtorch.tensor([[1 + 1j, 2 - 1j, -0.5j], [4 + 0j, -1 + 3j, 0.25 + 0.75j]], dtype=oxtorch.complex128),
        "f": oxtorch.tensor([7.5, -3.25, 0.0, -0.0]),
        "x": oxtorch.arange(8.0) - 2.5,
        "h": oxtorch.tensor([1.5, -2.0, 0.25, 3.0], dtype=oxtorch.float16),
        "i": oxtorch.tensor([7, -3, 2], dtype=oxtorch.int32),
        "b": oxtorch.tensor([True, False, True]),
    }


def complex_input(case: dict) -> str | None:
    """The complex dtype of an angle case's input (None for a real one): its operand, or a complex name (c, z) in
    its expression (complex64: c's dtype, the coarser)."""
    operands = list(case.get("args", [])) + list(case.get("kwargs", {}).values())
    for v in operands:
        if isinstance(v, dict) and v.get("dtype") in COMPONENT:
            return v["dtype"]
    if "expr" in case and COMPLEX_NAMES.search(case["expr"]):
        return "complex64"
    return None


def transcendental(case: dict, result, err) -> str | None:
    """The complex input dtype of a case whose values compare within the tolerance: a tensor result of angle of a
    complex input, on the CPU."""
    if err is not None or case.get("op") != "angle" or "result" not in case:
        return None
    want = case["result"]
    if not isinstance(result, oxtorch.Tensor) or want.get("kind") is not None or "values" not in want:
        return None
    if result.layout != oxtorch.strided or result.is_meta:
        return None
    return complex_input(case)


def close_angle(case: dict, result, input_dtype: str) -> None:
    """angle of a complex input: dtype, shape and strides exactly, values within one ulp (module documentation)."""
    want = case["result"]
    if result.dtype != dtype(want["dtype"]) or list(result.shape) != want["shape"]:
        return check_result(case, result, None)
    if list(result.stride()) != want["stride"]:
        raise Mismatch(f"stride: got {list(result.stride())}, want {want['stride']}")
    computed = COMPONENT[input_dtype]
    result_name = want["dtype"]
    if result_name not in COMPONENT and MANTISSA_BITS[result_name] <= MANTISSA_BITS[computed]:
        return close_values(case, result)
    precision = min(COMPONENT.get(result_name, result_name), computed, key=MANTISSA_BITS.__getitem__)
    got, expected = flat(result), [value(v) for v in want["values"]]
    if len(got) != len(expected):
        raise Mismatch(f"values: got {len(got)} elements, want {len(expected)}")
    for k, (g, w) in enumerate(zip(got, expected)):
        parts = [(g.real, w.real), (g.imag, w.imag)] if isinstance(w, complex) else [(g, w)]
        if isinstance(w, complex) and not isinstance(g, complex):
            raise Mismatch(f"value {k}: got {g!r}, want {w!r}")
        scale = max(abs(w.real), abs(w.imag)) if isinstance(w, complex) else 0.0
        if not all(same_float(a, b) or within_ulps(a, b, precision, scale, ulps=1) for a, b in parts):
            raise Mismatch(f"value {k}: got {g!r}, want {w!r} (beyond one ulp; all: {got!r})")


def has_complex32() -> bool:
    return isinstance(getattr(oxtorch, "complex32", None), oxtorch.dtype)


def as_complex64(case: dict) -> dict:
    """The case with complex32 read as complex64 in its result (deviation 1)."""
    want = case.get("result")
    if isinstance(want, dict) and want.get("dtype") == "complex32":
        return {**case, "result": {**want, "dtype": "complex64"}}
    return case


def compare(section: str, case: dict, result, err) -> None:
    """call_replay's check_result, but for angle of a complex input (within one ulp) and the complex32 cases."""
    if "complex32" in case.get("name", "") and not has_complex32():
        if err is not None:
            return None
        return check_result(as_complex64(case), result, err)
    input_dtype = transcendental(case, result, err)
    if input_dtype is not None:
        return close_angle(case, result, input_dtype)
    return check_result(case, result, err)


# the cases oxtorch does not pass yet (sparse real/imag/view_as_real/view_as_complex, sum of a conjugate view,
# complex32) are strict expected failures, one id a line in complex_gaps.txt
DATA = CallData("complex.json", COUNTS, error_names, compare=compare, expression_sections=EXPRESSION_SECTIONS,
                gaps="complex_gaps.txt")


def test_complex_data_complete():
    DATA.check_complete()


@pytest.mark.parametrize("section,case", DATA.params)
def test_complex_case(section, case, oxstats):
    DATA.replay(section, case, oxstats)
