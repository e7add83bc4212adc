"""Replays every case of the conformance data (``crates/oxtorch/tests/data/*.json``, recorded from PyTorch 2.15)
through oxtorch's Python API, one test per case, comparing by the rules of ``CONFORMANCE_README.md`` and with the
same handling of the documented deviations as the Rust runner (``crates/oxtorch/tests/conformance/*.rs``):

1. complex32 / bcomplex32 results are complex64 here, matching to float16 precision; where the reference fails
   with ``not implemented for 'ComplexHalf'/'BComplex32'`` oxtorch computes the complex64 result.
2. device indices above 127 are rejected (no case in device.json reaches them; see test_api.py).
3. ``div(int64 min, -1, rounding_mode=...)`` wraps (not in the data; see test_api.py).

Each case records its outcome for the end-of-run summary (conftest.py), e.g.
``conformance promotion.json: 5624 run, 5624 passed (104 through documented deviations)``.

With ``OXTORCH_TEST_DEVICE=cuda`` (scripts/gpu-check.sh) the tensor cases of views, casts, memory_format,
promotion and inplace are replayed on the GPU: every tensor operand, input and ``out=`` tensor is created there
(Python numbers stay host values, as in PyTorch). The reference is the CPU data, except for the cases where
PyTorch's CUDA kernels compute differently from its CPU kernels (a Python number joining float16/bfloat16
add/sub at float32 precision, division by a Python number through its reciprocal, integer division by zero
with a rounding mode): those are compared with PyTorch's CUDA build, run live in the same process, and counted
as *not compared* where no PyTorch with CUDA is importable.
"""

from __future__ import annotations

import builtins
import json
import math
import os
import pathlib
import struct

import pytest

import oxtorch  # the package under test

REPO_ROOT = pathlib.Path(__file__).resolve().parents[4]
DATA_DIR = REPO_ROOT / "crates" / "oxtorch" / "tests" / "data"

FILES = (
    "dtypes.json",
    "device.json",
    "views.json",
    "casts.json",
    "printing.json",
    "memory_format.json",
    "promotion.json",
    "inplace.json",
    "sparse.json",
)


# where the tensor cases run: "cpu", or "cuda" to replay them on the GPU
DEVICE = os.environ.get("OXTORCH_TEST_DEVICE", "cpu")
# files whose cases create tensors and therefore run on DEVICE
DEVICE_FILES = ("views.json", "casts.json", "memory_format.json", "promotion.json", "inplace.json")


class Mismatch(Exception):
    """A case whose outcome differs from the reference."""


class NotCompared(Exception):
    """A case PyTorch computes differently on CUDA, with no PyTorch CUDA build at hand to compare against."""


# --------------------------------------------------------------------------------------------------------------
# Decoding and comparing (support.rs)
# --------------------------------------------------------------------------------------------------------------


def dtype(name: str):
    d = getattr(oxtorch, name, None)
    if not isinstance(d, oxtorch.dtype):
        raise Mismatch(f"oxtorch.{name} is not a dtype: {d!r}")
    return d


def value(v):
    """A number in the data's encoding as the Python number it stands for."""
    if isinstance(v, bool) or isinstance(v, int):
        return v
    if isinstance(v, str):
        return float(v)
    if isinstance(v, list):
        return complex(float(v[0]), float(v[1]))
    raise ValueError(f"unexpected value {v!r}")


def same_float(a: float, b: float) -> bool:
    """Bitwise equality, where every NaN equals every NaN and -0.0 differs from 0.0."""
    return (math.isnan(a) and math.isnan(b)) or struct.pack("<d", a) == struct.pack("<d", b)


def flat(t) -> list:
    """The tensor's values in logical (row-major) order, as Python numbers, via ``tolist()``."""
    out = t.tolist()
    if not isinstance(out, list):
        return [out]

    def walk(x):
        for item in x:
            if isinstance(item, list):
                yield from walk(item)
            else:
                yield item

    return list(walk(out))


def same_kind(g, w) -> bool:
    """The Python type of a value from ``tolist()`` is the one the data's value has (bool is not int)."""
    if isinstance(w, bool):
        return isinstance(g, bool)
    if isinstance(w, int):
        return isinstance(g, int) and not isinstance(g, bool)
    if isinstance(w, float):
        return isinstance(g, float)
    return isinstance(g, complex)


def compare_exact(t, want_values: list) -> None:
    """support.rs ``compare_values`` with ulps 0: every value equal, floats bit for bit."""
    got = flat(t)
    want = [value(v) for v in want_values]
    if len(got) != len(want):
        raise Mismatch(f"values: got {len(got)} elements, want {len(want)}")
    for i, (g, w) in enumerate(zip(got, want)):
        if not same_kind(g, w):
            raise Mismatch(f"value {i}: got {g!r} ({type(g).__name__}), want {w!r} (all: {got!r})")
        if isinstance(w, float):
            ok = same_float(g, w)
        elif isinstance(w, complex):
            ok = same_float(g.real, w.real) and same_float(g.imag, w.imag)
        else:
            ok = g == w
        if not ok:
            raise Mismatch(f"value {i}: got {g!r}, want {w!r} (all: {got!r})")


def builtin_kind(exc: BaseException) -> str:
    """The most derived built-in exception class of ``exc``: NotImplementedError is not its base RuntimeError."""
    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return type(exc).__name__


def first_line(exc: BaseException) -> str:
    text = str(exc)
    return text.splitlines()[0] if text else ""


def expect_error(exc: BaseException, case: dict) -> None:
    """support.rs ``expect_error``: the class and the message's first line (``torch.`` written ``oxtorch.``)."""
    want_kind = case.get("error", "")
    want_msg = case.get("message", "").replace("torch.", "oxtorch.")
    if builtin_kind(exc) != want_kind:
        raise Mismatch(f"error class: got {builtin_kind(exc)} ({first_line(exc)}), want {want_kind} ({want_msg})")
    if first_line(exc) != want_msg:
        raise Mismatch(f"message: got {first_line(exc)!r}, want {want_msg!r}")


def expect_eq(what: str, got, want) -> None:
    if got != want:
        raise Mismatch(f"{what}: got {got!r}, want {want!r}")


def attempt(fn):
    """Runs ``fn``; returns (result, None) or (None, exception)."""
    try:
        return fn(), None
    except Exception as e:  # noqa: BLE001 - the caller judges the exception against the case
        return None, e


# --------------------------------------------------------------------------------------------------------------
# dtypes.json (dtypes.rs)
# --------------------------------------------------------------------------------------------------------------


def dtypes_cases(data):
    for name, props in data["properties"].items():
        yield f"properties-{name}", ("properties", name, props)
    for alias, target in data["aliases"].items():
        yield f"alias-{alias}", ("alias", alias, target)
    for table in ("promote_types", "can_cast"):
        for a, row in data[table].items():
            for b, want in row.items():
                yield f"{table}-{a}-{b}", (table, (a, b), want)
    for name, target in data["legacy_constructors"].items():
        yield f"legacy-{name}", ("legacy", name, target)


def run_dtypes(case):
    kind, key, want = case
    if kind == "properties":
        d = dtype(key)
        expect_eq("itemsize", d.itemsize, want["itemsize"])
        expect_eq("is_floating_point", d.is_floating_point, want["is_floating_point"])
        expect_eq("is_complex", d.is_complex, want["is_complex"])
        expect_eq("is_signed", d.is_signed, want["is_signed"])
        expect_eq("repr", repr(d), want["repr"].replace("torch.", "oxtorch."))
        expect_eq("str", str(d), want["str"].replace("torch.", "oxtorch."))
    elif kind == "alias":
        expect_eq(f"oxtorch.{key}", dtype(key), dtype(want))
        expect_eq(f"hash(oxtorch.{key})", hash(dtype(key)), hash(dtype(want)))
    elif kind == "promote_types":
        got = oxtorch.promote_types(dtype(key[0]), dtype(key[1]))
        expect_eq("promote_types", got, dtype(want))
    elif kind == "can_cast":
        expect_eq("can_cast", oxtorch.can_cast(dtype(key[0]), dtype(key[1])), want)
    elif kind == "legacy":
        ctor = getattr(oxtorch, key, None)
        if ctor is None:
            raise Mismatch(f"oxtorch.{key} is missing")
        d = dtype(want)
        t = ctor([1, 0])
        expect_eq(f"{key}([1, 0]).dtype", t.dtype, d)
        expect_eq(f"{key}([1, 0]).tolist()", t.tolist(), [True, False] if want == "bool" else [1, 0])
        t = ctor(2, 3)
        expect_eq(f"{key}(2, 3).dtype", t.dtype, d)
        expect_eq(f"{key}(2, 3).shape", tuple(t.shape), (2, 3))
    return False


# --------------------------------------------------------------------------------------------------------------
# device.json (device.rs)
# --------------------------------------------------------------------------------------------------------------


def device_cases(data):
    for i, case in enumerate(data["cases"]):
        yield f"device{i}-{case['args']!r}", ("case", case)
    for i, row in enumerate(data["equality"]):
        yield f"equality{i}-{row[0]}-{row[1]}", ("equality", row)


def run_device(item):
    kind, case = item
    if kind == "equality":
        lhs, rhs, want = case
        l, r = oxtorch.device(lhs), oxtorch.device(rhs)
        expect_eq("==", l == r, want)
        expect_eq("!=", l != r, not want)
        if want:
            expect_eq("hash", hash(l), hash(r))
        return False
    args = case["args"]
    d, err = attempt(lambda: oxtorch.device(*args))
    want = case.get("result")
    if want is not None:
        if err is not None:
            raise Mismatch(f"unexpected error {type(err).__name__}: {err}")
        expect_eq("repr", repr(d), want["repr"])
        expect_eq("str", str(d), want["str"])
        expect_eq("type", d.type, want["type"])
        expect_eq("index", d.index, want["index"])
    else:
        if err is None:
            raise Mismatch(f"expected {case['error']} ({case['message']}), got {d!r}")
        expect_error(err, case)
    return False


# --------------------------------------------------------------------------------------------------------------
# views.json (views.rs)
# --------------------------------------------------------------------------------------------------------------


def _step_int(step, i, default):
    return step[i] if len(step) > i and isinstance(step[i], int) else default


def apply_view(x, step):
    """One step of a chain, e.g. ``["slice", 1, 1, 5, 2]``, through the Python API."""
    op = step[0]
    if op == "t":
        return x.t()
    if op == "transpose":
        return x.transpose(_step_int(step, 1, 0), _step_int(step, 2, 0))
    if op == "permute":
        return x.permute(*step[1])
    if op == "contiguous":
        return x.contiguous()
    if op == "contiguous_cl":
        return x.contiguous(memory_format=oxtorch.channels_last)
    if op == "contiguous_cl3d":
        return x.contiguous(memory_format=oxtorch.channels_last_3d)
    if op == "view":
        return x.view(*step[1])
    if op == "reshape":
        return x.reshape(*step[1])
    if op == "expand":
        return x.expand(*step[1])
    if op == "slice":  # x[:, ..., start:stop:step] with the slice at position dim (python slicing)
        dim = _step_int(step, 1, 0)
        return x[(slice(None),) * dim + (slice(step[2], step[3], _step_int(step, 4, 1)),)]
    if op == "index":  # x[:, ..., i] with the integer at position dim
        dim = _step_int(step, 1, 0)
        return x[(slice(None),) * dim + (_step_int(step, 2, 0),)]
    if op == "narrow":
        return x.narrow(_step_int(step, 1, 0), _step_int(step, 2, 0), _step_int(step, 3, 0))
    if op == "select":
        return x.select(_step_int(step, 1, 0), _step_int(step, 2, 0))
    if op == "squeeze":
        return x.squeeze(step[1]) if len(step) > 1 else x.squeeze()
    if op == "unsqueeze":
        return x.unsqueeze(_step_int(step, 1, 0))
    if op == "flatten":
        return x.flatten(_step_int(step, 1, 0), _step_int(step, 2, -1))
    if op == "diagonal":
        return x.diagonal(_step_int(step, 1, 0), _step_int(step, 2, 0), _step_int(step, 3, 1))
    if op == "movedim":
        return x.movedim(_step_int(step, 1, 0), _step_int(step, 2, 0))
    if op == "as_strided":
        return x.as_strided(step[1], step[2], step[3] if len(step) > 3 else None)
    if op == "unfold":
        return x.unfold(_step_int(step, 1, 0), _step_int(step, 2, 0), _step_int(step, 3, 1))
    raise ValueError(f"views.json: unknown op {op}")


def run_views(case):
    shape = case["shape"]
    n = math.prod(shape)
    x = oxtorch.arange(n, dtype=oxtorch.int64, device=DEVICE).reshape(*shape)
    err = None
    for step in case["chain"]:
        x_next, err = attempt(lambda: apply_view(x, step))
        if err is not None:
            break
        x = x_next
    if "error" in case:
        if err is None:
            raise Mismatch(f"expected error {case['message']!r}, got shape {tuple(x.shape)} stride {x.stride()}")
        expect_error(err, case)
        return False
    if err is not None:
        raise Mismatch(f"unexpected error {type(err).__name__}: {err}")
    want = case["result"]
    expect_eq("shape", tuple(x.shape), tuple(want["shape"]))
    expect_eq("size()", tuple(x.size()), tuple(want["shape"]))
    expect_eq("stride", tuple(x.stride()), tuple(want["stride"]))
    expect_eq("storage_offset", x.storage_offset(), want["storage_offset"])
    expect_eq("is_contiguous", x.is_contiguous(), want["is_contiguous"])
    if "is_contiguous_channels_last" in want:
        expect_eq(
            "is_contiguous(channels_last)",
            x.is_contiguous(memory_format=oxtorch.channels_last),
            want["is_contiguous_channels_last"],
        )
    if "is_contiguous_channels_last_3d" in want:
        expect_eq(
            "is_contiguous(channels_last_3d)",
            x.is_contiguous(memory_format=oxtorch.channels_last_3d),
            want["is_contiguous_channels_last_3d"],
        )
    compare_exact(x, want["values"])
    return False


# --------------------------------------------------------------------------------------------------------------
# casts.json (casts.rs)
# --------------------------------------------------------------------------------------------------------------


def run_casts(case):
    src = oxtorch.tensor([value(v) for v in case["from"]["values"]], dtype=dtype(case["from"]["dtype"]), device=DEVICE)
    got = src.to(dtype(case["to"]))
    want = case["result"]
    expect_eq("dtype", got.dtype, dtype(want["dtype"]))
    expect_eq("shape", tuple(got.shape), tuple(want["shape"]))
    compare_exact(got, want["values"])
    return False


# --------------------------------------------------------------------------------------------------------------
# printing.json (printing.rs): the expression is evaluated with ``torch`` bound to oxtorch
# --------------------------------------------------------------------------------------------------------------


def run_printing(case):
    t = eval(case["expr"], {"torch": oxtorch})  # noqa: S307 - the data's own expressions
    expect_eq("repr", repr(t), case["repr"].replace("torch.", "oxtorch."))
    return False


# --------------------------------------------------------------------------------------------------------------
# memory_format.json (memory_format.rs)
# --------------------------------------------------------------------------------------------------------------


def layout_input(spec):
    """A float32 tensor with exactly the spec's sizes and strides, over ``arange`` just large enough."""
    sizes, strides = spec["shape"], spec["stride"]
    length = 1 + sum((s - 1) * st for s, st in zip(sizes, strides))
    return oxtorch.arange(length, dtype=oxtorch.float32, device=DEVICE).as_strided(sizes, strides, 0)


def memory_format(name):
    f = getattr(oxtorch, name, None)
    if f is None:
        raise Mismatch(f"oxtorch.{name} is missing")
    return f


def run_memory_format(case):
    op = case["op"]
    if op == "is_contiguous":
        x = layout_input(case["input"])
        for name, want in case["result"].items():
            expect_eq(f"is_contiguous(memory_format={name})", x.is_contiguous(memory_format=memory_format(name)), want)
        return False
    if op == "empty":
        fn = lambda: oxtorch.empty(  # noqa: E731
            tuple(case["shape"]), memory_format=memory_format(case["memory_format"]), device=DEVICE
        )
    elif op == "clone":
        fn = lambda: layout_input(case["input"]).clone(memory_format=memory_format(case["memory_format"]))  # noqa: E731
    elif op == "empty_like":
        fn = lambda: oxtorch.empty_like(  # noqa: E731
            layout_input(case["input"]), memory_format=memory_format(case["memory_format"])
        )
    elif op == "contiguous":
        fn = lambda: layout_input(case["input"]).contiguous(  # noqa: E731
            memory_format=memory_format(case["memory_format"])
        )
    elif op == "add":
        fn = lambda: layout_input(case["lhs"]).add(layout_input(case["rhs"]))  # noqa: E731
    elif op == "to":
        fn = lambda: layout_input(case["input"]).to(  # noqa: E731
            oxtorch.float64, memory_format=memory_format(case["memory_format"])
        )
    else:
        raise ValueError(f"memory_format.json: unknown op {op}")
    t, err = attempt(fn)
    if "error" in case:
        if err is None:
            raise Mismatch(f"expected error {case['message']!r}, got strides {t.stride()}")
        expect_error(err, case)
    else:
        if err is not None:
            raise Mismatch(f"unexpected error {type(err).__name__}: {err}")
        expect_eq("stride", tuple(t.stride()), tuple(case["result"]["stride"]))
    return False


# --------------------------------------------------------------------------------------------------------------
# promotion.json and inplace.json (arithmetic.rs)
# --------------------------------------------------------------------------------------------------------------


def operand(v):
    """A 1-D tensor, a zero-dim tensor, or a Python number, as the data encodes it."""
    if v["kind"] == "tensor":
        return oxtorch.tensor([value(x) for x in v["values"]], dtype=dtype(v["dtype"]), device=DEVICE)
    if v["kind"] == "zerodim":
        return oxtorch.tensor(value(v["value"]), dtype=dtype(v["dtype"]), device=DEVICE)
    typ = v["type"]
    x = value(v["value"])
    if typ == "bool":
        assert isinstance(x, bool)
    elif typ == "int":
        assert isinstance(x, int) and not isinstance(x, bool)
    elif typ == "float":
        x = float(x)
    elif typ == "complex":
        x = complex(x)
    else:
        raise ValueError(f"unknown scalar type {typ}")
    return x


def names_complex32(message: str) -> bool:
    return "ComplexHalf" in message or "BComplex32" in message


def compare_arith(t, want_values, op: str, complex32: bool) -> None:
    """arithmetic.rs ``compare``: real values bit for bit; complex add/sub bit for bit, mul/div within 2 ulp of the
    component precision (relative to the larger component); complex32 references at float16 precision."""
    got = flat(t)
    want = [value(v) for v in want_values]
    if len(got) != len(want):
        raise Mismatch(f"got {len(got)} values, want {len(want)}")
    if complex32:
        eps = 2.0**-10
    elif t.dtype == oxtorch.complex64:
        eps = 2.0**-23  # f32::EPSILON
    else:
        eps = 2.0**-52  # f64::EPSILON
    if complex32:
        ulps = 1.0
    elif op.startswith("mul") or op.startswith("div"):
        ulps = 2.0
    else:
        ulps = 0.0
    for i, (g, w) in enumerate(zip(got, want)):
        if not same_kind(g, w):
            raise Mismatch(f"value {i}: got {g!r} ({type(g).__name__}), want {w!r} (all: {got!r})")
        if isinstance(w, float):
            ok = same_float(g, w)
        elif isinstance(w, complex):
            scale = max(abs(w.real), abs(w.imag))

            def near(x, y):
                return same_float(x, y) or abs(x - y) <= ulps * eps * scale

            ok = near(g.real, w.real) and near(g.imag, w.imag)
        else:
            ok = g == w
        if not ok:
            raise Mismatch(f"value {i}: got {g!r}, want {w!r} (all: {got!r})")


def check_arith(case, op: str, result, err) -> bool:
    """arithmetic.rs ``check``. Returns True when the case passes through a documented deviation (1)."""
    want_error = "error" in case
    message = case.get("message", "")
    kernel_message = "not implemented for" in message
    if err is not None and want_error:
        if kernel_message:
            # the reference's internal kernel name: only an error is required (a clear one: not a binding bug)
            if builtin_kind(err) in ("AttributeError", "NameError", "AssertionError", "SystemError"):
                raise Mismatch(f"expected an error ({message}), got a binding failure {type(err).__name__}: {err}")
            return False
        if names_complex32(message):
            # the reference's complex32 is complex64 here, so the cast message names ComplexFloat
            adjusted = message.replace("ComplexHalf", "ComplexFloat").replace("BComplex32", "ComplexFloat")
            expect_eq("error class", builtin_kind(err), case["error"])
            expect_eq("message", first_line(err), adjusted)
            return True
        expect_error(err, case)
        return False
    if err is None and want_error:
        if kernel_message and names_complex32(message) and ("div" not in op or case.get("rounding_mode") is None):
            # deviation 1: the reference has no kernel for complex32; oxtorch computes complex64
            expect_eq("dtype", result.dtype, oxtorch.complex64)
            return True
        raise Mismatch(f"expected {case['error']} ({message}), got a {result.dtype} result")
    if err is not None:
        raise Mismatch(f"unexpected error {type(err).__name__}: {err}")
    want = case["result"]
    complex32 = want["dtype"] in ("complex32", "bcomplex32")
    want_dtype = oxtorch.complex64 if complex32 else dtype(want["dtype"])
    expect_eq("dtype", result.dtype, want_dtype)
    expect_eq("shape", tuple(result.shape), tuple(want["shape"]))
    compare_arith(result, want["values"], op, complex32)
    return complex32


def run_promotion(case):
    oxtorch.set_default_dtype(dtype(case["default_dtype"]))  # restored by the autouse fixture
    op = case["op"]
    lhs, rhs = operand(case["lhs"]), operand(case["rhs"])
    fn = getattr(oxtorch, op)
    if case.get("rounding_mode") is not None:
        result, err = attempt(lambda: fn(lhs, rhs, rounding_mode=case["rounding_mode"]))
    else:
        result, err = attempt(lambda: fn(lhs, rhs))
    return check_arith(case, op, result, err)


def run_inplace(case):
    op = case["op"]
    if op.endswith("_"):
        target = operand(case["self"])
        other = operand(case["other"])
        returned, err = attempt(lambda: getattr(target, op)(other))
        if err is None and returned is not target:
            raise Mismatch(f"{op} returned {returned!r}, not self")
        result = target if err is None else None
    else:
        out = oxtorch.empty(3, dtype=dtype(case["out_dtype"]), device=DEVICE)
        lhs, rhs = operand(case["lhs"]), operand(case["rhs"])
        returned, err = attempt(lambda: getattr(oxtorch, op)(lhs, rhs, out=out))
        if err is None and returned is not out:
            raise Mismatch(f"oxtorch.{op}(..., out=out) returned {returned!r}, not out")
        result = out if err is None else None
    return check_arith(case, op, result, err)


# --------------------------------------------------------------------------------------------------------------
# Replaying on CUDA: the cases PyTorch computes differently there, compared with PyTorch's CUDA build
# --------------------------------------------------------------------------------------------------------------


def _operands(case):
    if "self" in case:
        return case["self"], case["other"]
    return case["lhs"], case["rhs"]


def cuda_differs(file: str, case: dict) -> bool:
    """Whether PyTorch's CUDA kernels may compute this promotion/inplace case differently from its CPU kernels."""
    if file not in ("promotion.json", "inplace.json") or "result" not in case and "error" not in case:
        return False
    op = case["op"].rstrip("_")
    lhs, rhs = _operands(case)
    number_rhs = rhs["kind"] == "scalar"
    if op == "div" and number_rhs:
        return True  # division by a CPU scalar multiplies by its reciprocal
    if op in ("add", "sub") and "scalar" in (lhs["kind"], rhs["kind"]):
        result = case.get("result", {}).get("dtype", "")
        return result in ("float16", "bfloat16", "complex32", "bcomplex32")  # a number joins at float32 precision
    if op == "div" and case.get("rounding_mode") and case.get("message") == "ZeroDivisionError":
        return True  # integer division by zero is not checked on CUDA
    return False


def _encode(x):
    """A Python number in the data's encoding."""
    if isinstance(x, bool) or isinstance(x, int):
        return x
    if isinstance(x, float):
        return repr(x)
    return [repr(x.real), repr(x.imag)]


def torch_cuda_case(file: str, case: dict) -> dict:
    """The case with PyTorch's CUDA result (or error) in place of the CPU reference."""
    try:
        import torch
    except ImportError:
        torch = None
    if torch is None or not torch.cuda.is_available():
        raise NotCompared("PyTorch computes this case differently on CUDA; no PyTorch with CUDA to compare with")

    def t_operand(v):
        if v["kind"] == "scalar":
            return operand(v)
        dt = getattr(torch, "float16" if v["dtype"] == "float16" else v["dtype"])
        if v["kind"] == "tensor":
            return torch.tensor([value(x) for x in v["values"]], dtype=dt, device="cuda")
        return torch.tensor(value(v["value"]), dtype=dt, device="cuda")

    torch.set_default_dtype(getattr(torch, case.get("default_dtype", "float32")))
    try:
        op = case["op"]
        kwargs = {"rounding_mode": case["rounding_mode"]} if case.get("rounding_mode") else {}
        if op.endswith("_"):
            target, other = t_operand(case["self"]), t_operand(case["other"])
            result = getattr(target, op)(other, **kwargs)
        elif "out_dtype" in case:
            out = torch.empty(3, dtype=getattr(torch, case["out_dtype"]), device="cuda")
            result = getattr(torch, op)(t_operand(case["lhs"]), t_operand(case["rhs"]), out=out, **kwargs)
        else:
            result = getattr(torch, op)(t_operand(case["lhs"]), t_operand(case["rhs"]), **kwargs)
        values = result.cpu().reshape(-1).tolist()
        shape = list(result.shape)
        reference = {"dtype": str(result.dtype).replace("torch.", ""), "shape": shape, "values": [_encode(v) for v in values]}
        return {**{k: v for k, v in case.items() if k not in ("error", "message")}, "result": reference}
    except Exception as e:  # noqa: BLE001 - the reference's error is the expectation
        return {
            **{k: v for k, v in case.items() if k != "result"},
            "error": type(e).__name__ if type(e).__name__ != "AcceleratorError" else "RuntimeError",
            "message": str(e).splitlines()[0] if str(e) else "",
        }
    finally:
        torch.set_default_dtype(torch.float32)


# --------------------------------------------------------------------------------------------------------------
# Collection: one test per case

# --------------------------------------------------------------------------------------------------------------
# sparse.json (sparse.rs): construction, conversions, arithmetic over every layout pair, reprs
# --------------------------------------------------------------------------------------------------------------


def sp_dtype(name: str):
    return dtype("complex64" if name == "complex32" else name)


def sp_dense(v):
    if v["kind"] == "zerodim":
        return oxtorch.tensor(value(v["value"]), dtype=sp_dtype(v["dtype"]))
    values = [value(x) for x in v["values"]]
    return oxtorch.tensor(values, dtype=sp_dtype(v["dtype"])).reshape(v["shape"])


def sp_sparse(v):
    sd, nnz, size = v["sparse_dim"], v["nnz"], v["size"]
    indices = oxtorch.tensor(v["indices"], dtype=oxtorch.int64).reshape(sd, nnz)
    values = oxtorch.tensor([value(x) for x in v["values"]], dtype=sp_dtype(v["dtype"])).reshape([nnz] + size[sd:])
    return oxtorch.sparse_coo_tensor(indices, values, size, is_coalesced=v["coalesced"])


def sp_operand(v):
    if v["kind"] == "sparse":
        return sp_sparse(v)
    if v["kind"] in ("tensor", "zerodim"):
        return sp_dense(v)
    if v["type"] == "float":
        return float(v["value"])
    if v["type"] == "complex":
        return complex(float(v["value"][0]), float(v["value"][1]))
    return v["value"]


def sp_compare_values(got: list, want: list, ulps: float, complex32: bool, complex64: bool) -> None:
    if len(got) != len(want):
        raise Mismatch(f"got {len(got)} values, want {len(want)}")
    eps = 2.0 ** -10 if complex32 else (2.0 ** -23 if complex64 else 2.0 ** -52)
    for i, (g, w) in enumerate(zip(got, want)):
        w = value(w)
        if isinstance(w, complex) or isinstance(g, complex):
            g, w = complex(g), complex(w)
            for a, b in ((g.real, w.real), (g.imag, w.imag)):
                exact = same_float(a, b)
                near = math.isfinite(a) and math.isfinite(b) and abs(a - b) <= max(ulps, 1) * eps * max(abs(b), 1e-30)
                if not (exact or ((ulps > 0 or complex32) and near)):
                    raise Mismatch(f"value {i}: got {g!r}, want {w!r}")
        elif isinstance(w, float):
            if not same_float(float(g), w):
                raise Mismatch(f"value {i}: got {g!r}, want {w!r}")
        elif g != w or type(g) is not type(w):
            raise Mismatch(f"value {i}: got {g!r}, want {w!r}")


def sp_check_result(got, want, ulps: float) -> None:
    complex32 = want.get("dtype") == "complex32"
    complex64 = want.get("dtype") in ("complex64", "complex32")
    if want["kind"] == "sparse":
        if not (isinstance(got, oxtorch.Tensor) and got.is_sparse):
            raise Mismatch(f"got {got!r}, want a sparse result")
        checks = [("dtype", got.dtype, sp_dtype(want["dtype"])), ("size", list(got.shape), want["size"]),
                  ("sparse_dim", got.sparse_dim(), want["sparse_dim"]), ("nnz", got._nnz(), want["nnz"]),
                  ("coalesced", got.is_coalesced(), want["coalesced"])]
        for what, g, w in checks:
            if g != w:
                raise Mismatch(f"{what}: got {g!r}, want {w!r}")
        if flat(got._indices()) != want["indices"]:
            raise Mismatch(f"indices: got {flat(got._indices())}, want {want['indices']}")
        sp_compare_values(flat(got._values()), want["values"], ulps, complex32, complex64)
        return
    if not isinstance(got, oxtorch.Tensor) or got.is_sparse:
        raise Mismatch(f"got {got!r}, want a dense result")
    if got.dtype != sp_dtype(want["dtype"]):
        raise Mismatch(f"dtype: got {got.dtype}, want {want['dtype']}")
    if want["kind"] == "zerodim":
        sp_compare_values(flat(got), [want["value"]], ulps, complex32, complex64)
        return
    if list(got.shape) != want["shape"]:
        raise Mismatch(f"shape: got {list(got.shape)}, want {want['shape']}")
    sp_compare_values(flat(got), want["values"], ulps, complex32, complex64)


def sp_outcome(f, case, ulps: float = 0.0) -> bool:
    """Runs f and compares with the case; returns whether deviation 1 (complex32) applied."""
    message = case.get("message", "")
    deviation = (case.get("result") or {}).get("dtype") == "complex32" or "ComplexHalf" in message \
        or "BComplex32" in message
    try:
        got = f()
    except Exception as e:  # noqa: BLE001 - compared with the reference's error
        if "result" in case:
            raise Mismatch(f"unexpected {type(e).__name__}: {e}") from e
        if type(e).__name__ != case["error"]:
            raise Mismatch(f"error class: got {type(e).__name__} ({e}), want {case['error']}") from e
        if deviation or "not implemented for" in message:
            return deviation
        want = message.replace("torch.", "oxtorch.")
        if str(e) != want:
            raise Mismatch(f"message: got {str(e)!r}, want {want!r}") from e
        return deviation
    if "result" not in case:
        if deviation:
            return True
        raise Mismatch(f"expected {case['error']}: {message}, got {got!r}")
    sp_check_result(got, case["result"], ulps)
    return deviation


SP_OPS = {"add": oxtorch.add, "sub": oxtorch.sub, "mul": oxtorch.mul, "div": oxtorch.div,
          "floor_divide": oxtorch.floor_divide}


def sp_arithmetic(case):
    kwargs = {}
    if "alpha" in case:
        kwargs["alpha"] = sp_operand(case["alpha"])
    if case.get("rounding_mode"):
        kwargs["rounding_mode"] = case["rounding_mode"]
    lhs, rhs = sp_operand(case["lhs"]), sp_operand(case["rhs"])
    if case["form"] == "inplace" and case["op"] == "floor_divide":
        # oxtorch has no Tensor.floor_divide_: `//=` is the in-place floor division
        target = lhs
        target //= rhs
        if target is not lhs:
            raise Mismatch("//= did not update the tensor in place")
        return target
    if case["form"] == "inplace":
        return getattr(lhs, case["op"] + "_")(rhs, **kwargs)
    if case["form"] == "out":
        out = sp_operand(case["out"])
        SP_OPS[case["op"]](lhs, rhs, out=out, **kwargs)
        return out
    return SP_OPS[case["op"]](lhs, rhs, **kwargs)


def sp_constructor(case):
    opts = dict(case["options"])
    if "dtype" in opts:
        opts["dtype"] = sp_dtype(opts["dtype"])
    indices, values = sp_dense(case["indices"]), sp_dense(case["values"])
    if case["size"] is None:
        return oxtorch.sparse_coo_tensor(indices, values, **opts)
    return oxtorch.sparse_coo_tensor(indices, values, case["size"], **opts)


def sp_conversion(case):
    x = sp_operand(case["input"])
    op = case["op"]
    if op == "to_sparse":
        return x.to_sparse() if case.get("sparse_dim") is None else x.to_sparse(case["sparse_dim"])
    if op == "to_sparse_dim":
        return x.to_sparse(1)
    if op == "to_float64":
        return x.to(oxtorch.float64)
    return getattr(x, op)(*case.get("args", []))


def run_sparse(case) -> bool:
    section = case["section"]
    if section == "constructor":
        return sp_outcome(lambda: sp_constructor(case), case)
    if section == "conversions":
        return sp_outcome(lambda: sp_conversion(case), case)
    if section == "arithmetic":
        return sp_outcome(lambda: sp_arithmetic(case), case, 2.0 if case["op"] in ("mul", "div") else 0.0)
    got = repr(sp_sparse(case["input"]))
    want = case["repr"].replace("torch.", "oxtorch.")
    if got != want:
        raise Mismatch(f"repr: got {got!r}, want {want!r}")
    return False


def sparse_cases(data):
    for section in ("constructor", "conversions", "arithmetic", "repr"):
        for i, c in enumerate(data[section]):
            yield f"sparse-{section}{i}", {**c, "section": section}


# --------------------------------------------------------------------------------------------------------------
# sparse.json, python_methods: PyTorch's Python methods and attributes on sparse tensors (this suite only)
# --------------------------------------------------------------------------------------------------------------

# Names in python_methods that oxtorch.Tensor does not have at all, for any layout (storage access, raw pointers,
# and methods outside oxtorch's surface). Kept explicit so that a method going missing by accident fails.
SP_NOT_IN_OXTORCH = {"storage", "untyped_storage", "data_ptr"}

# Expressions for which PyTorch gives a result and oxtorch raises NotImplementedError ("oxtorch does not support
# ... on sparse COO tensors yet"): sparse paths oxtorch does not have. Kept explicit, so that each one is either
# implemented or listed here (none at present).
SP_NOT_SUPPORTED: set = set()


def sp_method_name(expr: str) -> str:
    return expr.split("(")[0].removeprefix("torch.")


def sp_has(expr: str) -> bool:
    """Whether oxtorch has the method (or, for "torch.f(...)", the function) at all."""
    owner = oxtorch if expr.startswith("torch.") else oxtorch.Tensor
    return hasattr(owner, sp_method_name(expr))


def sp_py_result(got, want) -> None:
    """Compares a method's result with the data's encoding of it (py_value in record_sparse.py)."""
    if want["kind"] != "python":
        sp_check_result(got, want, 0.0)
        return
    kind, value = want["type"], want["value"]
    if kind == "Size":
        ok = isinstance(got, oxtorch.Size) and list(got) == value
    elif kind == "tuple":
        ok = isinstance(got, tuple) and [int(x) for x in got] == value
    elif kind == "bool":
        ok = got is value
    elif kind == "int":
        ok = type(got) is int and got == value
    elif kind == "float":
        ok = type(got) is float and same_float(got, float(value))
    elif kind == "complex":
        ok = type(got) is complex and same_float(got.real, float(value[0])) and same_float(got.imag, float(value[1]))
    else:
        ok = repr(got) == value.replace("torch.", "oxtorch.")
    if not ok:
        raise Mismatch(f"got {got!r}, want {kind} {value!r}")


def run_python_method(case) -> str:
    """Runs one python_methods case; returns 'passed', 'absent' (not in oxtorch's surface) or 'unsupported'."""
    expr = case["expr"]
    if not sp_has(expr):
        if sp_method_name(expr) not in SP_NOT_IN_OXTORCH:
            raise Mismatch(f"oxtorch.Tensor has no {sp_method_name(expr)} and it is not listed as absent")
        return "absent"
    s = sp_sparse(case["input"])
    try:
        code = expr if expr.startswith("torch.") else "s." + expr
        got = eval(code, {"s": s, "torch": oxtorch})  # noqa: S307 - expressions from the golden data
    except Exception as e:  # noqa: BLE001 - compared with the reference's outcome
        if expr in SP_NOT_SUPPORTED and "result" in case:
            if type(e) is NotImplementedError and "oxtorch does not support" in str(e):
                return "unsupported"
            raise Mismatch(f"want oxtorch's NotImplementedError, got {type(e).__name__}: {e}") from e
        if "result" in case:
            raise Mismatch(f"unexpected {type(e).__name__}: {e}") from e
        if type(e).__name__ != case["error"]:
            raise Mismatch(f"error class: got {type(e).__name__} ({e}), want {case['error']}") from e
        # the data keeps PyTorch's messages up to their first line
        want = case["message"].replace("torch.", "oxtorch.")
        got = str(e).splitlines()[0] if str(e) else ""
        if got != want:
            raise Mismatch(f"message: got {str(e)!r}, want {want!r}") from e
        return "passed"
    if expr in SP_NOT_SUPPORTED:
        raise Mismatch(f"{expr} is listed as unsupported but gave {got!r}: update SP_NOT_SUPPORTED")
    if "result" not in case:
        raise Mismatch(f"expected {case['error']}: {case['message']}, got {got!r}")
    sp_py_result(got, case["result"])
    return "passed"


SP_METHODS = json.loads((DATA_DIR / "sparse.json").read_text(encoding="utf-8"))["python_methods"]


@pytest.mark.parametrize("case", SP_METHODS, ids=[f"{c['input_name']}-{c['expr']}" for c in SP_METHODS])
def test_sparse_python_method(case, oxstats):
    """PyTorch's behaviour of Python methods on sparse tensors, recorded in sparse.json's python_methods."""
    try:
        outcome, why = run_python_method(case), None
    except Mismatch as e:
        outcome, why = "failed", str(e)
    oxstats.python_method(outcome)
    assert why is None, why


def test_sparse_python_methods_lists_are_current():
    """Every expression listed as unsupported or absent occurs in the data."""
    exprs = {c["expr"] for c in SP_METHODS}
    assert SP_NOT_SUPPORTED <= exprs
    assert SP_NOT_IN_OXTORCH <= {sp_method_name(e) for e in exprs}


# --------------------------------------------------------------------------------------------------------------

RUNNERS = {
    "dtypes.json": run_dtypes,
    "device.json": run_device,
    "views.json": run_views,
    "casts.json": run_casts,
    "printing.json": run_printing,
    "memory_format.json": run_memory_format,
    "promotion.json": run_promotion,
    "inplace.json": run_inplace,
    "sparse.json": run_sparse,
}


def _case_id(file: str, i: int, case: dict) -> str:
    stem = file[: -len(".json")]
    if file == "promotion.json":
        rm = f"[{case['rounding_mode']}]" if case.get("rounding_mode") else ""
        side = lambda v: f"{v['kind'][0]}:{v.get('dtype', v.get('type'))}"  # noqa: E731
        return f"{stem}{i}-{case['op']}{rm}-{side(case['lhs'])}-{side(case['rhs'])}-d{case['default_dtype']}"
    if file == "inplace.json":
        side = lambda v: f"{v['kind'][0]}:{v.get('dtype', v.get('type'))}"  # noqa: E731
        if case["op"].endswith("_"):
            return f"{stem}{i}-{case['op']}-{side(case['self'])}-{side(case['other'])}"
        return f"{stem}{i}-{case['op']}-{side(case['lhs'])}-{side(case['rhs'])}-out:{case['out_dtype']}"
    if file == "casts.json":
        return f"{stem}{i}-{case['from']['dtype']}-to-{case['to']}"
    if file == "memory_format.json":
        desc = case.get("memory_format") or ""
        layout = (case.get("input") or case.get("lhs") or {}).get("layout", "")
        return f"{stem}{i}-{case['op']}-{layout}-{desc}"
    if file == "printing.json":
        return f"{stem}{i}-{case['expr']}"
    if file == "views.json":
        return f"{stem}{i}-{case['shape']}-{'+'.join(str(s[0]) for s in case['chain'])}"
    return f"{stem}{i}"


def _collect():
    params, ids, totals = [], [], {}
    for file in FILES:
        data = json.loads((DATA_DIR / file).read_text(encoding="utf-8"))
        if file == "dtypes.json":
            items = list(dtypes_cases(data))
            labelled = [(f"dtypes-{label}", item) for label, item in items]
        elif file == "device.json":
            labelled = [(label, item) for label, item in device_cases(data)]
        elif file == "sparse.json":
            labelled = list(sparse_cases(data))
        else:
            labelled = [(_case_id(file, i, c), c) for i, c in enumerate(data["cases"])]
        totals[file] = len(labelled)
        for label, item in labelled:
            params.append((file, item))
            ids.append(label)
    return params, ids, totals


PARAMS, IDS, TOTALS = _collect()


def test_conformance_data_complete(oxstats):
    """Every file is present and holds the number of cases the data was recorded with."""
    oxstats.conf_total.update(TOTALS)
    assert set(TOTALS) == set(FILES)
    assert TOTALS["promotion.json"] == 5624
    assert TOTALS["inplace.json"] == 3072
    assert sum(TOTALS.values()) > 9000


@pytest.mark.parametrize("file,case", PARAMS, ids=IDS)
def test_case(file, case, oxstats):
    oxstats.conf_total.setdefault(file, TOTALS[file])
    if DEVICE != "cpu" and file not in DEVICE_FILES:
        oxstats.conformance_not_compared(file)
        pytest.skip(f"{file} creates no tensors: nothing to replay on {DEVICE}")
    try:
        if DEVICE == "cuda" and cuda_differs(file, case):
            case = torch_cuda_case(file, case)
        deviation = bool(RUNNERS[file](case))
        why = None
    except NotCompared as e:
        oxstats.conformance_not_compared(file)
        pytest.skip(str(e))
    except Mismatch as e:
        deviation, why = False, str(e)
    except Exception as e:  # noqa: BLE001 - a binding that raises where the case expects a result fails the case
        deviation, why = False, f"{type(e).__name__}: {e}"
    oxstats.conformance(file, why is None, deviation)
    assert why is None, why
