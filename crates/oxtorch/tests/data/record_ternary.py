"""Records ternary.json, the golden data of torch.where and the clamp family (clamp, clip, clamp_min, clamp_max),
from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_ternary.py [output path]

(default output: ternary.json beside this script). The test suites never run this script; they read the JSON it
writes (crates/oxtorch-py/python/tests/test_ternary.py replays every section). Nothing here is random: two runs
give the same file.

Every case but the errors section's is one call:

    {"op": name, "form": "function" | "method" | "inplace" | "out",
     "args": [operand, ...], "kwargs": {"min": operand, ...} (absent when empty),
     "out": the out= tensor before the call (form "out" only),
     "default_dtype": "float64" (absent when float32),
     then {"result": ...} or {"error": class, "message": first line}}

function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs); inplace: the same with an op
ending in `_`, which returns args[0] itself; out: torch.<op>(*args, **kwargs, out=out), which returns out itself.
The result of inplace and out is that tensor after the call. Operands and results are golden_encoding's
enc_strided / result_strided (shape, strides, row-major values; "device" where not cpu; sparse COO as in
sparse.json), a Python number is scalar_enc's, and Python None is {"kind": "none"}. Two optional keys:

- "warning": the first line of the UserWarning PyTorch gave (its "(Triggered internally at ...)" tail cut): a uint8
  condition of where, an out= tensor of another shape resized. Recorded with torch.set_warn_always(True); PyTorch
  itself gives these once per process.
- "ignore_zero_sign": true on clamp cases with a tensor bound, a real floating result and, at some position, zeros
  of opposite sign among the input and the bounds (after promotion to the result dtype): PyTorch's scalar loop
  (short tensors) keeps the input's zero there and its vectorized loop (AVX512, 16 float32 or 8 float64 lanes)
  the bound's, so the sign depends on the length and the machine. With Python-number bounds both loops agree, and
  those cases compare the zero's sign.

Sections (the note in the file says the same):

- values:  dtype grids: where(cond, x, y) for every pair of the 12 dtypes (tensors, zero-dim tensors and Python
           numbers on either side, the method form), clamp/clip/clamp_min/clamp_max with tensor bounds of every
           dtype pair and with Python-number bounds on every dtype (in place too), under default dtype float32, and
           float64 where a Python number decides.
- special: NaN, infinities, signed zeros, min > max, Python numbers outside the dtype's range (where's "value
           cannot be converted", clamp's "Clamp min value ... is outside the representable range of ..."), uint8
           and other conditions, broadcasting of all three operands, zero-dim and empty tensors, keyword forms.
- out:     out= of every dtype and of other shapes (resized).
- layout:  result strides for transposed, expanded, sliced, permuted and channels-last operands.
- meta:    operands on the 'meta' device (and meta/cpu mixes).
- sparse:  sparse COO operands (PyTorch has no sparse kernel for any of these ops).
- errors:  other errors (and a few edge results), each with the exact Python expression.

Not recorded: where() cases whose result PyTorch gives as its complex32/bcomplex32 dtype (a float16/bfloat16 tensor
with a complex operand): the project gives complex64 there (CONFORMANCE_README.md, deviation 1).
"""

import os
import sys
import warnings

import torch

torch.set_default_dtype(torch.float32)
warnings.simplefilter("ignore")  # record() catches the warnings of each call
torch.set_warn_always(True)  # TORCH_WARN_ONCE warnings (where's uint8 condition) on every call, not the first only

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import (  # noqa: E402
    DTYPES, NAME, SKIPPED, enc_strided, message, result_strided, scalar_enc, write,
)

NAN, INF = float("nan"), float("inf")
NONE = {"kind": "none"}
CLAMPS = ("clamp", "clip", "clamp_min", "clamp_max")
SKIPPED_COMPLEX32 = []  # where() cases not recorded: the result is PyTorch's complex32/bcomplex32


# ---------------------------------------------------------------------------------------------------------------
# encoding and recording one call (the shared parts in golden_encoding.py)

def operand(x):
    """An operand: None, a Python number (scalar_enc), or a tensor with its shape and strides (enc_strided)."""
    if x is None:
        return NONE
    if isinstance(x, (bool, int, float, complex)):
        return scalar_enc(x)
    return enc_strided(x)


def warning_text(w):
    first = str(w.message).splitlines()[0] if str(w.message) else ""
    return first.split(" (Triggered internally at")[0]


def snapshot(x):
    """A copy of an operand's values (for the signed-zero check after an in-place call changed it)."""
    if isinstance(x, torch.Tensor) and x.device.type == "cpu" and not x.is_sparse:
        return x.clone()
    return x


def zero_sign_ambiguous(op, before, kwargs, outcome):
    """See the module docstring: a clamp with a tensor bound, a real floating result and opposite-sign zeros."""
    if op.rstrip("_") not in CLAMPS or "result" not in outcome:
        return False
    dtype_name = outcome["result"].get("dtype")
    dtype = {NAME[d]: d for d in DTYPES}.get(dtype_name)
    if dtype is None or not dtype.is_floating_point:
        return False
    operands = [v for v in list(before) + list(kwargs.values()) if v is not None]
    if any(isinstance(v, torch.Tensor) and (v.is_sparse or v.device.type != "cpu") for v in operands):
        return False
    if not any(isinstance(v, torch.Tensor) for v in operands[1:]):
        return False
    try:
        vals = torch.broadcast_tensors(*[torch.as_tensor(v).to(dtype) if isinstance(v, torch.Tensor)
                                         else torch.tensor(v, dtype=torch.float64).to(dtype) for v in operands])
    except (RuntimeError, TypeError):
        return False
    zeros = [(v == 0) for v in vals]
    signs = [torch.signbit(v) for v in vals]
    for p in range(len(vals)):
        for q in range(p + 1, len(vals)):
            if bool((zeros[p] & zeros[q] & (signs[p] != signs[q])).any()):
                return True
    return False


def torch_function(op):
    """torch.<op>; a dotted op ("special.round") names a function of a submodule (torch.special.round)."""
    f = torch
    for name in op.split("."):
        f = getattr(f, name)
    return f


def call(op, form, args, kwargs, out):
    if form == "function":
        return torch_function(op)(*args, **kwargs)
    if form in ("method", "inplace"):
        return getattr(args[0], op)(*args[1:], **kwargs)
    return torch_function(op)(*args, **kwargs, out=out)


def record(cases, op, form, args, kwargs=None, out=None, default=torch.float32):
    """Runs one call (operands made fresh by the caller: in place and out= change them) and appends its case."""
    kwargs = kwargs or {}
    case = {"op": op, "form": form, "args": [operand(a) for a in args]}
    if kwargs:
        case["kwargs"] = {k: operand(v) for k, v in kwargs.items()}
    if form == "out":
        case["out"] = enc_strided(out)
    if default != torch.float32:
        case["default_dtype"] = NAME[default]
    before = [snapshot(a) for a in args]
    torch.set_default_dtype(default)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r = call(op, form, args, kwargs, out)
            if isinstance(r, torch.Tensor) and r.dtype in (torch.complex32, getattr(torch, "bcomplex32", None)):
                SKIPPED_COMPLEX32.append(op)
                return
            if form == "inplace":
                assert r is args[0], op
            if form == "out":
                assert r is out, op
            outcome = {"result": result_strided(r)}
        except Exception as e:  # noqa: BLE001 - every exception is data here
            if "INTERNAL ASSERT" in str(e):
                SKIPPED.append((op, message(e)))
                return
            outcome = {"error": type(e).__name__, "message": message(e)}
        finally:
            torch.set_default_dtype(torch.float32)
    warns = [warning_text(w) for w in caught if issubclass(w.category, UserWarning)]
    if warns:
        case["warning"] = warns[0]
    case.update(outcome)
    if zero_sign_ambiguous(op, before, kwargs, outcome):
        case["ignore_zero_sign"] = True
    cases.append(case)


# ---------------------------------------------------------------------------------------------------------------
# representative values: four of each dtype (NaN, infinities, signed zeros, integer extremes)

VALUES = {
    torch.bool: [True, False, False, True],
    torch.uint8: [0, 255, 7, 128],
    torch.int8: [-128, 127, 0, -7],
    torch.int16: [-32768, 32767, 1000, 0],
    torch.int32: [2 ** 31 - 1, -2 ** 31, 70000, 0],
    torch.int64: [2 ** 63 - 1, -5, -2 ** 63, 2 ** 53 + 1],
    torch.float16: [NAN, -INF, -0.0, 65504.0],
    torch.bfloat16: [-1.5, NAN, INF, 3.0e38],
    torch.float32: [0.1, INF, NAN, -0.0],
    torch.float64: [-0.0, 0.1, -INF, NAN],
    torch.complex64: [complex(NAN, 1.0), complex(-0.0, -INF), 1.5 - 0.5j, 0.1 + 0j],
    torch.complex128: [0.1j, complex(INF, 0.0), complex(-0.0, 0.0), complex(1.0, NAN)],
}
# a second set, the upper bounds of a two-bound clamp (the lower bounds are VALUES)
UPPER = {
    torch.bool: [True, True, False, False],
    torch.uint8: [3, 255, 0, 200],
    torch.int8: [-100, 127, 5, -128],
    torch.int16: [-1, 32767, 0, 2000],
    torch.int32: [0, -2 ** 31, 2 ** 31 - 1, 5],
    torch.int64: [-2 ** 63, 100, 2 ** 63 - 1, 7],
    torch.float16: [1.5, NAN, INF, -0.0],
    torch.bfloat16: [-0.0, 2.5, NAN, -INF],
    torch.float32: [INF, -1.5, 0.0, NAN],
    torch.float64: [NAN, 0.0, 1e300, -2.5],
    torch.complex64: [1 + 1j, 0j, complex(INF, 1), -1j],
    torch.complex128: [2j, 1 + 0j, -1 - 1j, complex(NAN, 0)],
}
MASK = [True, False, True, False, False, True, False, True]  # every value of x and of y is chosen once
NUMBERS = [True, -3, 2.5, 1.5 - 2j]  # a Python number of each kind
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


def vals(d, n=4):
    """The 1-D tensor of VALUES[d], repeated to n elements."""
    v = VALUES[d]
    return T((v * (n // len(v) + 1))[:n], d)


def zerodim(d, k=0):
    return torch.tensor(VALUES[d][k], dtype=d)


def cond8():
    return T(MASK, torch.bool)


# ---------------------------------------------------------------------------------------------------------------
# values: the dtype grids

def values():
    cases = []
    # where(cond, x, y): every dtype pair, each value of both chosen once
    for d1 in DTYPES:
        for d2 in DTYPES:
            record(cases, "where", "function", [cond8(), vals(d1, 8), vals(d2, 8)])
    # zero-dim tensors on either side
    for d1 in DTYPES:
        for d2 in DTYPES:
            record(cases, "where", "function", [cond8(), zerodim(d1, 1), vals(d2, 8)])
            record(cases, "where", "function", [cond8(), vals(d1, 8), zerodim(d2, 2)])
    # Python numbers on either side, against tensors and zero-dim tensors, under both default dtypes
    for default in (torch.float32, torch.float64):
        for d in DTYPES:
            for x in NUMBERS:
                if default == torch.float64 and (d.is_floating_point or d.is_complex or isinstance(x, bool)):
                    continue  # the default dtype decides nothing there
                record(cases, "where", "function", [cond8(), vals(d, 8), x], default=default)
                record(cases, "where", "function", [cond8(), x, vals(d, 8)], default=default)
                record(cases, "where", "function", [cond8(), zerodim(d, 3), x], default=default)
        # both Python numbers
        for x in NUMBERS:
            for y in NUMBERS:
                record(cases, "where", "function", [cond8(), x, y], default=default)
    # the method form: x.where(cond, y)
    for d1 in DTYPES:
        for d2 in sorted({d1, torch.float32, torch.int64}, key=DTYPES.index):
            record(cases, "where", "method", [vals(d1, 8), cond8(), vals(d2, 8)])
        for x in NUMBERS:
            record(cases, "where", "method", [vals(d1, 8), cond8(), x])

    # clamp with tensor bounds: min only, max only (keywords), both (positional); clamp_min/clamp_max
    for d1 in DTYPES:
        for d2 in DTYPES:
            record(cases, "clamp", "function", [vals(d1)], {"min": vals(d2)})
            record(cases, "clamp", "function", [vals(d1)], {"max": vals(d2)})
            record(cases, "clamp", "function", [vals(d1), vals(d2), T(UPPER[d2], d2)])
            record(cases, "clamp_min", "function", [vals(d1), vals(d2)])
            record(cases, "clamp_max", "function", [vals(d1), vals(d2)])
    # in place with a tensor bound (a result dtype the input cannot hold fails)
    for d1 in DTYPES:
        for d2 in DTYPES:
            record(cases, "clamp_", "inplace", [vals(d1), vals(d2)])
    # Python-number bounds on every dtype
    bound_sets = [
        ({"min": True}, None), ({"min": 0}, None), ({"min": -1}, None), ({"min": 3}, None), ({"min": 0.5}, None),
        ({"min": -2.5}, None), ({"min": 1j}, None),
        ({"max": False}, None), ({"max": 0}, None), ({"max": 3}, None), ({"max": 0.5}, None), ({"max": -2.5}, None),
        (None, [0, 3]), (None, [-1, 0.5]), (None, [0.5, 2.5]), (None, [False, True]), (None, [2.5, -1]),
        (None, [None, 3]), (None, [-2.5, None]), (None, [0, 1j]),
    ]
    for default in (torch.float32, torch.float64):
        for d in DTYPES:
            for kw, pos in bound_sets:
                numbers = list((kw or {}).values()) + [p for p in (pos or []) if p is not None]
                if default == torch.float64 and (d.is_floating_point or d.is_complex
                                                 or not any(isinstance(n, (float, complex)) for n in numbers)):
                    continue
                for op in (("clamp", "clip") if default == torch.float32 else ("clamp",)):
                    record(cases, op, "function", [vals(d)] + (pos or []), kw, default=default)
            if default == torch.float32:
                for x in (True, 0, -1, 3, 0.5, -2.5):
                    record(cases, "clamp_min", "function", [vals(d), x])
                    record(cases, "clamp_max", "function", [vals(d), x])
    # methods and in-place methods with number bounds, on every dtype
    for d in DTYPES:
        record(cases, "clamp", "method", [vals(d)], {"min": 0})
        record(cases, "clamp", "method", [vals(d), -1, 0.5])
        record(cases, "clip", "method", [vals(d)], {"max": 3})
        record(cases, "clamp_min", "method", [vals(d), 0])
        record(cases, "clamp_max", "method", [vals(d), 0.5])
        record(cases, "clamp_min", "method", [vals(d), vals(torch.float32)])
        record(cases, "clamp_max", "method", [vals(d), vals(d)])
        for op, args, kw in [("clamp_", [0], {}), ("clamp_", [], {"max": 3}), ("clamp_", [-1, 0.5], {}),
                             ("clamp_", [None, True], {}), ("clip_", [0, 3], {}), ("clip_", [], {"min": 0.5}),
                             ("clamp_min_", [0], {}), ("clamp_min_", [2.5], {}), ("clamp_max_", [3], {}),
                             ("clamp_max_", [-2.5], {}), ("clamp_min_", [vals(torch.int64)], {}),
                             ("clamp_max_", [vals(d)], {}), ("clip_", [], {"min": vals(d), "max": T(UPPER[d], d)})]:
            record(cases, op, "inplace", [vals(d)] + args, kw)
    return cases


# ---------------------------------------------------------------------------------------------------------------
# special: chosen values

def special():
    cases = []
    m3 = lambda: T([True, False, True], torch.bool)  # noqa: E731

    # where: Python numbers the tensor's dtype cannot hold, numbers that round, both numbers
    number_pairs = [
        (T([1, 2, 3], torch.int32), 2 ** 40), (T([1, 2, 3], torch.int32), -2 ** 31 - 1),
        (T([1, 2, 3], torch.int32), 2 ** 31 - 1), (T([1, 2, 3], torch.int8), 300), (T([1, 2, 3], torch.int8), -129),
        (T([1, 2, 3], torch.int8), 128), (T([1, 2, 3], torch.int8), 255), (T([1, 2, 3], torch.int8), -256),
        (T([1, 2, 3], torch.uint8), -1), (T([1, 2, 3], torch.uint8), -255), (T([1, 2, 3], torch.uint8), -256),
        (T([1, 2, 3], torch.uint8), 256), (T([1, 2, 3], torch.uint8), 255), (T([1, 2, 3], torch.int16), 40000),
        (T([1, 2, 3], torch.int16), -40000), (T([1, 2, 3], torch.int64), 2 ** 63),
        (T([1, 2, 3], torch.int64), 2 ** 63 - 1), (T([1, 2, 3], torch.int64), -2 ** 63),
        (T([1, 2, 3], torch.int64), -2 ** 63 - 1), (T([1, 2, 3], torch.uint8), 2 ** 63),
        (T([True, False, True], torch.bool), 2), (T([True, False, True], torch.bool), 2.5),
        (T([True, False, True], torch.bool), False), (T([1, 2, 3], torch.int32), True),
        (T([1, 2, 3], torch.int32), NAN), (T([1, 2, 3], torch.int64), INF), (T([1, 2, 3], torch.int64), 0.1),
        (T([1, 2, 3], torch.int64), 16777217.0), (T([1, 2, 3], torch.uint8), -0.0),
        (T([1., 2., 3.], torch.float16), 1e6), (T([1., 2., 3.], torch.float16), 65520.0),
        (T([1., 2., 3.], torch.float16), 65519.0), (T([1., 2., 3.], torch.float16), -1e6),
        (T([1., 2., 3.], torch.float16), 1e-8), (T([1., 2., 3.], torch.float16), 0.1),
        (T([1., 2., 3.], torch.float16), 2 ** 40), (T([1., 2., 3.], torch.bfloat16), 1e39),
        (T([1., 2., 3.], torch.bfloat16), 0.1), (T([1., 2., 3.], torch.bfloat16), 2 ** 63 - 1),
        (T([1., 2., 3.], torch.float32), 1e39), (T([1., 2., 3.], torch.float32), -1e39),
        (T([1., 2., 3.], torch.float32), 1e-50), (T([1., 2., 3.], torch.float32), 0.1),
        (T([1., 2., 3.], torch.float32), 16777217), (T([1., 2., 3.], torch.float32), 2 ** 64),
        (T([1., 2., 3.], torch.float64), 1e300), (T([1., 2., 3.], torch.float64), 2 ** 53 + 1),
        (T([1., 2., 3.], torch.float32), NAN), (T([1., 2., 3.], torch.float32), -0.0),
        (T([1 + 1j, 2, 3], torch.complex64), 1e39), (T([1 + 1j, 2, 3], torch.complex64), complex(INF, NAN)),
        (T([1 + 1j, 2, 3], torch.complex64), 0.1 + 0.1j), (T([1 + 1j, 2, 3], torch.complex64), True),
        (T([1 + 1j, 2, 3], torch.complex128), 2 ** 63),
    ]
    for default in (torch.float32, torch.float64):
        for x, y in number_pairs:
            if default == torch.float64 and not isinstance(y, (float, complex)):
                continue
            record(cases, "where", "function", [m3(), x.clone(), y], default=default)
            record(cases, "where", "function", [m3(), y, x.clone()], default=default)
        for x, y in [(2 ** 40, 1), (2 ** 63, 1), (1, 2 ** 63), (-2 ** 63 - 1, 1), (2 ** 63 - 1, -2 ** 63),
                     (2 ** 40, 2.5), (2 ** 64, 0.5), (True, 2), (True, 2.5), (False, 1j), (1j, 2), (NAN, 1),
                     (INF, -INF), (-0.0, 0.0), (0.1, 1), (1e39, 1), (1e300, 1j), (True, False), (2.5, 0.5 + 0j)]:
            record(cases, "where", "function", [m3(), x, y], default=default)

    # where: conditions of other dtypes (uint8: deprecated, warns; non-zero counts as true) and values
    for cd, cv in [(torch.uint8, [1, 0, 2]), (torch.uint8, [255, 0, 0]), (torch.int8, [1, 0, 1]),
                   (torch.int32, [1, 0, 1]), (torch.int64, [1, 0, 1]), (torch.float32, [1., 0., 0.5]),
                   (torch.float16, [1., 0., 1.]), (torch.complex64, [1, 0, 1])]:
        record(cases, "where", "function", [T(cv, cd), T([1., 2., 3.], torch.float32),
                                            T([-1., -2., -3.], torch.float32)])
        record(cases, "where", "function", [T(cv, cd), T([1., 2., 3.], torch.float32), 0.0])
    record(cases, "where", "function", [torch.tensor(2, dtype=torch.uint8), T([1., 2., 3.], torch.float32), 0.0])
    record(cases, "where", "method", [T([1., 2., 3.], torch.float32), T([1, 0, 1], torch.uint8), 0.0])
    record(cases, "where", "function", [torch.tensor(True), torch.tensor(1.5), torch.tensor(2, dtype=torch.int64)])
    record(cases, "where", "function", [torch.tensor(False), torch.tensor(1.5), 7])
    record(cases, "where", "function", [torch.tensor(False), 1, 2])
    record(cases, "where", "function", [T([True] * 4, torch.bool), T([NAN, -0.0, INF, 1.], torch.float32), 0.])
    record(cases, "where", "function", [T([False] * 4, torch.bool), 0., T([NAN, -0.0, INF, 1.], torch.float64)])

    # where: broadcasting of the three operands, zero-dim and empty tensors
    shapes = [((3,), (2, 1), ()), ((2, 1), (3,), (1,)), ((2, 1, 1), (3,), (4, 1)), ((1,), (2, 3), (3,)),
              ((), (2, 3), (2, 1)), ((), (), ()), ((), (3,), ()), ((4, 1, 3), (1, 3), (2, 1)),
              ((0,), (1,), ()), ((0,), (0,), (0,)), ((2, 0), (1,), (2, 1)), ((1, 0), (3, 1), ()),
              ((0,), (3,), (1,)), ((2,), (3,), ()), ((2, 3), (3, 2), (1,)), ((3,), (2, 1), (2, 4))]
    for cs, xs, ys in shapes:
        n = lambda s: max(1, int(torch.Size(s).numel()))  # noqa: E731
        c = (torch.arange(n(cs)) % 3 != 1)[: torch.Size(cs).numel()].reshape(cs)
        x = torch.arange(1., 1. + torch.Size(xs).numel()).reshape(xs)
        y = -torch.arange(1, 1 + torch.Size(ys).numel(), dtype=torch.int64).reshape(ys)
        record(cases, "where", "function", [c, x, y])
    record(cases, "where", "function", [T([[True], [False]], torch.bool), 2.5, T([1, 2, 3], torch.int32)])
    record(cases, "where", "function", [T([[True], [False]], torch.bool), 2, -1])

    # where: keyword forms (condition/input/other are PyTorch's names)
    record(cases, "where", "function", [m3(), T([1., 2., 3.], torch.float32)], {"other": 0.})
    record(cases, "where", "function", [m3()], {"input": T([1., 2., 3.], torch.float32),
                                               "other": T([4, 5, 6], torch.int32)})
    record(cases, "where", "function", [], {"condition": m3(), "input": 1, "other": T([4, 5, 6], torch.int32)})
    record(cases, "where", "function", [m3()], {"input": 2.5, "other": 1})
    record(cases, "where", "function", [m3()], {"self": T([1., 2., 3.], torch.float32), "other": 0.})
    record(cases, "where", "method", [T([1., 2., 3.], torch.float32), m3()], {"other": 2})
    record(cases, "where", "method", [T([1., 2., 3.], torch.float32)], {"condition": m3(), "other": 2})

    # clamp: NaN, infinities, signed zeros in the input and the bounds (numbers and tensors), min > max
    for d in FLOATS:
        x = lambda: T([NAN, 1.0, -1.0, INF, -INF, -0.0, 0.0, 2.5], d)  # noqa: E731
        for lo, hi in [(NAN, None), (None, NAN), (0.0, NAN), (NAN, 1.0), (NAN, NAN), (-INF, None), (None, INF),
                       (INF, None), (None, -INF), (-INF, INF), (0.0, None), (-0.0, None), (None, 0.0),
                       (None, -0.0), (0.0, -0.0), (-0.0, 0.0), (2.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (1.5, 1.5),
                       (0, 1), (True, None)]:
            record(cases, "clamp", "function", [x(), lo, hi])
        for y in (NAN, 0.0, -0.0, INF, -INF, 1):
            record(cases, "clamp_min", "function", [x(), y])
            record(cases, "clamp_max", "function", [x(), y])
        lo_t = lambda: T([0.0, NAN, 2.0, 0.0, 0.0, 0.0, -0.0, 1.0], d)  # noqa: E731
        hi_t = lambda: T([1.0, 1.0, NAN, 1.0, INF, -0.0, 0.0, -1.0], d)  # noqa: E731
        record(cases, "clamp", "function", [x(), lo_t(), hi_t()])
        record(cases, "clamp", "function", [x(), lo_t()])
        record(cases, "clamp", "function", [x()], {"max": hi_t()})
        record(cases, "clamp", "function", [x(), lo_t(), 1.0])
        record(cases, "clamp", "function", [x(), NAN, hi_t()])
        record(cases, "clamp", "function", [x(), torch.tensor(NAN, dtype=d)])
        record(cases, "clamp", "function", [x(), torch.tensor(2.0, dtype=d), torch.tensor(1.0, dtype=d)])
        record(cases, "clamp_min", "function", [x(), lo_t()])
        record(cases, "clamp_max", "function", [x(), hi_t()])
        record(cases, "clamp", "function", [x(), torch.tensor(INF), torch.tensor(NAN, dtype=torch.float64)])
    # long tensors (the vectorized loop) with number bounds: the signed zeros stay exact
    for d in (torch.float32, torch.float64):
        long = lambda: T([-0.0, 0.0, NAN, 3.0, -3.0, INF, -INF, 0.5] * 4, d)  # noqa: E731
        for lo, hi in [(0.0, None), (-0.0, None), (None, 0.0), (None, -0.0), (0.0, -0.0), (NAN, None), (-1, 1)]:
            record(cases, "clamp", "function", [long(), lo, hi])
        record(cases, "clamp_min", "function", [long(), -0.0])
        record(cases, "clamp_max", "function", [long(), 0.0])
        record(cases, "clamp", "function", [long(), T([1.0, NAN, -0.0, 0.0] * 8, d)])
    # integers: min > max, extremes
    for d in INTS:
        ii = torch.iinfo(d)
        x = lambda: T([ii.min, ii.max, 0, 1, 5, ii.min + 1, ii.max - 1], d)  # noqa: E731
        for lo, hi in [(5, 1), (1, 1), (ii.min, ii.max), (ii.max, None), (None, ii.min), (0, None), (-1, 2),
                       (0.5, None), (None, 2.5), (ii.max + 0.5, None)]:
            record(cases, "clamp", "function", [x(), lo, hi])
        record(cases, "clamp", "function", [x(), torch.tensor(5, dtype=d), torch.tensor(1, dtype=d)])
        record(cases, "clamp", "function", [x(), T([ii.max, ii.min, 3, 1, 9, 0, 0], d), torch.tensor(1, dtype=d)])
    # Python-number bounds outside the dtype's range: "Clamp min value ... is outside the representable range of
    # ...", or the scalar conversion's "value cannot be converted to type ... without overflow"
    out_of_range = {
        torch.uint8: [-1, 256, 300, -256, 255, 2 ** 40, 2 ** 63, 255.5, -0.5, 1e6],
        torch.int8: [-1, 300, -300, 128, -129, 127, -128, 2 ** 63, 1e6],
        torch.int16: [32768, -32769, 2 ** 40, 1e10],
        torch.int32: [2 ** 40, -2 ** 40, 2 ** 31, -2 ** 31 - 1, 2 ** 31 - 1, 2 ** 63, -2 ** 63 - 1, 2 ** 64],
        torch.int64: [2 ** 63, -2 ** 63 - 1, 2 ** 63 - 1, -2 ** 63, 2 ** 64, 2.0 ** 63, 1e300],
        torch.bool: [2, -1, 2 ** 40, 2 ** 63],
        torch.float16: [1e6, -1e6, 65504.0, 65520.0, 65519.0, 70000, 2 ** 63, 1e-10, INF],
        torch.bfloat16: [1e39, -1e39, 3.4e38, 3.3895313892515355e38, 3.3961e38, 2 ** 63, 2 ** 64],
        torch.float32: [1e39, -1e39, 3.4028235e38, 3.4028236e38, 1e-50, 2 ** 64, 2 ** 128, 2 ** 200],
        torch.float64: [1e308, 2 ** 200, -2 ** 200],
    }
    for d, bounds in out_of_range.items():
        for b in bounds:
            for kw in ("min", "max"):
                xs = VALUES[d][:3] if d != torch.float16 else [1.0, -0.0, 65504.0]
                record(cases, "clamp", "function", [T(xs, d)], {kw: b})
            record(cases, "clamp_min", "function", [T(VALUES[d][:3], d), b])
            record(cases, "clamp_max", "function", [T(VALUES[d][:3], d), b])
    for d, lo, hi in [(torch.uint8, -1, 300), (torch.int8, -300, 300), (torch.int32, -2 ** 40, 2 ** 40),
                      (torch.int8, 300, -300), (torch.uint8, 256, 0), (torch.float16, -1e6, 1e6)]:
        record(cases, "clamp", "function", [T(VALUES[d][:3], d), lo, hi])
        record(cases, "clamp_", "inplace", [T(VALUES[d][:3], d), lo, hi])
    # bool inputs: promotion by number bounds, bool bounds
    b3 = lambda: T([True, False, True], torch.bool)  # noqa: E731
    for lo, hi in [(0, None), (None, 0), (True, None), (None, False), (False, True), (0, 1), (0.5, None),
                   (None, 2.5), (torch.tensor(True), None), (None, torch.tensor(False)),
                   (torch.tensor(True), torch.tensor(False)), (T([False, True, True], torch.bool), None),
                   (torch.tensor(0), None), (T([0, 1, 2], torch.uint8), None), (torch.tensor(0.5), None)]:
        record(cases, "clamp", "function", [b3(), lo, hi])
    for y in (True, False, 0, torch.tensor(True), T([False, False, True], torch.bool), torch.tensor(2)):
        record(cases, "clamp_min", "function", [b3(), y])
        record(cases, "clamp_max", "function", [b3(), y])
    # zero-dim bounds, zero-dim inputs, broadcasting, empty tensors
    i3 = lambda: T([7, -3, 2], torch.int32)  # noqa: E731
    for lo, hi in [(torch.tensor(0.5), None), (torch.tensor(0.5, dtype=torch.float64), None),
                   (torch.tensor(1), torch.tensor(5, dtype=torch.int16)),
                   (None, torch.tensor(1.5, dtype=torch.float16)),
                   (torch.tensor(-1, dtype=torch.int8), 2), (0, torch.tensor(2.5)), (torch.tensor(1j), None),
                   (T([[0], [5]], torch.int64), None), (None, T([[0.], [5.]], torch.float32)),
                   (T([[0], [5]], torch.int64), T([1, 2, 3], torch.int8)), (T([0, 1], torch.int32), None),
                   (torch.tensor(2 ** 40), None), (None, torch.tensor(-2 ** 40)), (torch.tensor(300), None),
                   (torch.tensor(1e39, dtype=torch.float64), None)]:
        record(cases, "clamp", "function", [i3(), lo, hi])
    # a zero-dim tensor beside a Python number takes the (Tensor, Scalar?, Scalar?) overload and counts as a number
    # (a 1-D one there is a TypeError); beside None or a tensor it stays a tensor (its value cast to the result dtype)
    for lo, hi in [(torch.tensor(0.5, dtype=torch.float64), 2), (0, torch.tensor(2.5, dtype=torch.float64)),
                   (torch.tensor(2 ** 40), 3), (torch.tensor(1j), 2), (None, torch.tensor(2.5)),
                   (torch.tensor(True), 5)]:
        record(cases, "clamp", "function", [i3(), lo, hi])
    record(cases, "clamp", "function", [T([1., 2.], torch.float16), torch.tensor(1e6, dtype=torch.float64), 2])
    record(cases, "clamp", "function", [T([1., 2.], torch.float16), torch.tensor(1e6, dtype=torch.float64)])
    record(cases, "clamp", "method", [i3(), torch.tensor(0.5, dtype=torch.float64), 2])
    record(cases, "clamp_", "inplace", [i3(), torch.tensor(0.5, dtype=torch.float64), 2])
    record(cases, "clamp_min", "function", [i3(), torch.tensor(0.5, dtype=torch.float64)])
    record(cases, "where", "function", [m3(), torch.tensor(2.5, dtype=torch.float64), 1])
    record(cases, "where", "function", [m3(), 1, torch.tensor(2, dtype=torch.int8)])
    record(cases, "where", "function", [m3(), 1.5, torch.tensor(2, dtype=torch.int8)])
    record(cases, "where", "function", [m3(), torch.tensor(2 ** 40), T([1, 2, 3], torch.int32)])
    record(cases, "clamp", "function", [torch.tensor(5, dtype=torch.int32), T([1, 2, 9], torch.int32), 6])
    record(cases, "clamp", "function", [torch.tensor(5, dtype=torch.int32), 0.5, None])
    record(cases, "clamp", "function", [torch.tensor(2.5), None, torch.tensor(1, dtype=torch.int64)])
    record(cases, "clamp", "function", [torch.tensor(2.5, dtype=torch.float64), torch.tensor(3.), torch.tensor(1.)])
    record(cases, "clamp_min", "function", [torch.tensor(5, dtype=torch.int32), T([[1], [9]], torch.int32)])
    record(cases, "clamp_max", "function", [T([[1], [9]], torch.int64), T([1., 5., 10.], torch.float16)])
    for lo, hi in [(0, None), (0.5, 1.0), (torch.tensor(1.), None), (T([], torch.float32), None),
                   (None, T([1.], torch.float64)), (T([1., 2.], torch.float32), None)]:
        record(cases, "clamp", "function", [T([], torch.float32), lo, hi])
    record(cases, "clamp", "function", [T([[1.], [2.]], torch.float32), T([], torch.float32)])
    # keyword and positional forms; the keyword names PyTorch's parser takes
    x3 = lambda: T([7.5, -3.25, 0.001], torch.float32)  # noqa: E731
    for args, kw in [([], {"min": 0, "max": 1}), ([0], {"max": 1}), ([None], {"max": 1}), ([], {"min": None, "max": 1}),
                     ([], {"min": 0, "max": None}), ([None, None], {}), ([], {}), ([], {"min": None}),
                     ([], {"max": torch.tensor(1.), "min": torch.tensor(0.)}), ([0, torch.tensor(1.)], {}),
                     ([torch.tensor(0.), 1], {}), ([], {"min": 0, "max": torch.tensor(1.)})]:
        for op in ("clamp", "clip"):
            record(cases, op, "function", [x3()] + args, kw)
    record(cases, "clamp", "function", [], {"input": x3(), "min": 0})
    record(cases, "clamp", "function", [], {"input": x3(), "max": torch.tensor(0.)})
    record(cases, "clamp_min", "function", [x3()], {"min": 0})
    record(cases, "clamp_max", "function", [x3()], {"max": torch.tensor(0.)})
    record(cases, "clamp_min", "function", [], {"input": x3(), "min": 0})
    record(cases, "clamp", "method", [x3()], {})
    record(cases, "clamp", "method", [x3(), None, None])
    record(cases, "clamp", "method", [x3()], {"min": torch.tensor(0.), "max": 0.5})
    record(cases, "clamp_min", "method", [x3()], {"min": -1})
    record(cases, "clamp_max", "method", [x3()], {"max": torch.tensor(-1)})
    record(cases, "clamp_", "inplace", [x3()], {})
    record(cases, "clamp_", "inplace", [x3()], {"max": torch.tensor(0.)})
    record(cases, "clamp_min_", "inplace", [x3()], {"min": NAN})
    record(cases, "clamp_max_", "inplace", [x3()], {"max": torch.tensor([0., 1., NAN])})
    # complex: no clamp
    c3 = lambda: T([1 + 1j, 2 - 1j, 0.5j], torch.complex64)  # noqa: E731
    for lo, hi in [(0, None), (None, 1.5), (0j, 1j), (torch.tensor(1.), None), (None, c3())]:
        record(cases, "clamp", "function", [c3(), lo, hi])
    for y in (0, 1j, c3()):
        record(cases, "clamp_min", "function", [c3(), y])
        record(cases, "clamp_max", "function", [c3(), y])
    record(cases, "clamp", "function", [x3(), c3()])
    record(cases, "clamp", "function", [x3(), None, torch.tensor(1j)])
    record(cases, "clamp_min", "function", [x3(), c3()])
    record(cases, "clamp_", "inplace", [c3(), 0])
    # in place: the promoted dtype must cast to self's
    for d in (torch.int32, torch.uint8, torch.bool, torch.float16):
        for args in ([0.5], [None, 2.5], [T([0.5, 1., 2.], torch.float32)], [torch.tensor(1.5, dtype=torch.float64)],
                     [0, 1], [torch.tensor(1), None], [T([1, 2, 3], torch.int64), T([5, 5, 5], torch.int64)],
                     [torch.tensor(1j)]):
            record(cases, "clamp_", "inplace", [T([7, 0, 2], d)] + args)
        record(cases, "clamp_min_", "inplace", [T([7, 0, 2], d), 0.5])
        record(cases, "clamp_max_", "inplace", [T([7, 0, 2], d), torch.tensor(2.5)])
    # in place: self must not need broadcasting
    record(cases, "clamp_", "inplace", [T([1., 2., 3.], torch.float32), T([[0.], [5.]], torch.float32)])
    record(cases, "clamp_min_", "inplace", [T([1., 2., 3.], torch.float32), T([0., 5.], torch.float32)])
    record(cases, "clamp_max_", "inplace", [torch.tensor(5.), T([0., 5.], torch.float32)])
    record(cases, "clamp_", "inplace", [torch.tensor(5.), torch.tensor(1.), torch.tensor(2.)])
    # default dtype float64
    for args in ([i3(), 0.5], [i3(), None, 2.5], [b3(), 0.5], [i3(), torch.tensor(0.5)], [i3(), 1j],
                 [T([1., 2.], torch.float16), 0.5]):
        record(cases, "clamp", "function", args, default=torch.float64)
    return cases


# ---------------------------------------------------------------------------------------------------------------
# out=

def out_cases():
    cases = []
    m3 = lambda: T([True, False, True], torch.bool)  # noqa: E731
    f3 = lambda: T([7.5, -3.25, 0.001], torch.float32)  # noqa: E731
    i3 = lambda: T([7, -3, 2], torch.int32)  # noqa: E731
    zeros = lambda shape, d: torch.zeros(shape, dtype=d)  # noqa: E731
    # every out dtype
    for od in DTYPES:
        record(cases, "where", "out", [m3(), f3(), T([1., 2., 3.], torch.float32)], out=zeros(3, od))
        record(cases, "where", "out", [m3(), i3(), T([1, 2, 3], torch.int64)], out=zeros(3, od))
        record(cases, "where", "out", [m3(), f3(), torch.tensor(2, dtype=torch.int64)], out=zeros(3, od))
        record(cases, "clamp", "out", [f3(), 0.5], out=zeros(3, od))
        record(cases, "clamp", "out", [i3(), 0], out=zeros(3, od))
        record(cases, "clamp", "out", [i3(), 0.5, None], out=zeros(3, od))
        record(cases, "clamp", "out", [f3(), T([0., 0., 1.], torch.float32)], out=zeros(3, od))
        record(cases, "clamp", "out", [i3(), None, torch.tensor(1.5)], out=zeros(3, od))
        record(cases, "clip", "out", [f3(), -1, 1], out=zeros(3, od))
        record(cases, "clamp_min", "out", [f3(), 0.5], out=zeros(3, od))
        record(cases, "clamp_min", "out", [i3(), T([0, 0, 5], torch.int64)], out=zeros(3, od))
        record(cases, "clamp_max", "out", [i3(), 1], out=zeros(3, od))
        record(cases, "clamp_max", "out", [f3(), torch.tensor(1, dtype=torch.int64)], out=zeros(3, od))
    # Python numbers: the out= overload of where takes tensors only
    record(cases, "where", "out", [m3(), f3(), 0.], out=zeros(3, torch.float32))
    record(cases, "where", "out", [m3(), 2.5, f3()], out=zeros(3, torch.float32))
    record(cases, "where", "out", [m3(), 1, 2], out=zeros(3, torch.int64))
    # out of another shape: resized (with a warning where it had elements)
    for shape in [(0,), (5,), (), (1,), (3, 1), (2, 3)]:
        record(cases, "where", "out", [m3(), f3(), T([1., 2., 3.], torch.float32)], out=zeros(shape, torch.float32))
        record(cases, "clamp", "out", [f3(), -1, 1], out=zeros(shape, torch.float32))
        record(cases, "clamp", "out", [f3(), T([0., 0., 1.], torch.float32)], out=zeros(shape, torch.float32))
        record(cases, "clamp_min", "out", [i3(), 0], out=zeros(shape, torch.int32))
        record(cases, "clamp_max", "out", [i3(), T([0, 0, 1], torch.int32)], out=zeros(shape, torch.int32))
    record(cases, "where", "out", [T([[True], [False]], torch.bool), f3(), torch.tensor(0.)],
           out=zeros(3, torch.float32))
    record(cases, "where", "out", [torch.tensor(True), torch.tensor(1.), torch.tensor(0.)], out=zeros(3, torch.float32))
    record(cases, "clamp", "out", [torch.tensor(5.), T([[1.], [2.]], torch.float32)], out=zeros((), torch.float32))
    # an out= that is not contiguous: written through its strides
    record(cases, "where", "out", [m3(), f3(), T([1., 2., 3.], torch.float32)], out=torch.zeros(6)[::2])
    record(cases, "clamp", "out", [f3(), -1, 1], out=torch.zeros(6)[::2])
    record(cases, "clamp", "out", [T([[1., 5.], [-3., 0.5]], torch.float32), 0, 2], out=torch.zeros(2, 2).t())
    record(cases, "where", "out", [T([[True, False], [False, True]], torch.bool),
                                   T([[1., 2.], [3., 4.]], torch.float32), torch.tensor(0.)],
           out=torch.zeros(2, 2).t())
    return cases


# ---------------------------------------------------------------------------------------------------------------
# layout: result strides

LAYOUT_EXPRS = [
    # expressions of the operands: (condition or None for clamp, input, other / bound)
    "torch.arange(6.).reshape(2, 3).t()",
    "torch.arange(6.).reshape(2, 3).t().flip(0)",
    "torch.arange(10.)[::2]",
    "torch.arange(3.).expand(2, 3)",
    "torch.arange(2.).reshape(2, 1).expand(2, 3)",
    "torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)",
    "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
    "torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)",
    "torch.arange(12.).reshape(3, 4)[:, ::2]",
]
LAYOUT_PAIRS = [
    # (condition, input, other)
    ("torch.tensor([[True, False, True], [False, True, True]]).t()", "torch.arange(6.).reshape(3, 2)",
     "torch.tensor(0.)"),
    ("torch.tensor([[True, False, True], [False, True, True]]).t()", "torch.arange(6.).reshape(2, 3).t()",
     "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.tensor([True, False])", "torch.arange(6.).reshape(2, 3).t()", "torch.tensor(-1.)"),
    ("torch.tensor([True, False])", "torch.arange(6.).reshape(2, 3).t()", "-1.0"),
    ("torch.tensor([True, False, True])", "torch.tensor(2.)", "torch.arange(6.).reshape(2, 3).t().t()"),
    ("torch.tensor([[True, False, True], [False, True, True]])", "torch.arange(6.).reshape(3, 2).t()",
     "torch.arange(6, dtype=torch.int64).reshape(2, 3)"),
    ("torch.tensor([True, False, True]).expand(2, 3)", "torch.arange(2.).reshape(2, 1).expand(2, 3)", "5"),
    ("torch.tensor([True, False, True, False, True])", "torch.arange(10.)[::2]", "torch.arange(5.)"),
    ("torch.tensor([True, False, True, False, True])", "torch.arange(5.)", "torch.arange(10.)[::2]"),
    ("torch.tensor([True, False, True])", "torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)",
     "torch.tensor(0.)"),
    ("torch.tensor([True, False])",
     "torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)", "torch.arange(24.).reshape(3, 4, 2)"),
    ("torch.tensor(True)", "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.tensor(0.)"),
    ("torch.tensor([True, False])",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "-1.0"),
    ("(torch.arange(24).reshape(2, 3, 2, 2) % 2 == 0).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2)", "torch.tensor(0.)"),
    ("(torch.arange(24).reshape(2, 3, 2, 2) % 2 == 0).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2)"),
    ("torch.arange(24).reshape(2, 3, 2, 2) % 2 == 0",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)"),
    ("torch.tensor([True, False, True])",
     "torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)", "torch.tensor(0.)"),
    ("torch.tensor([[True], [False], [True]])", "torch.arange(12.).reshape(3, 4)[:, ::2]", "torch.arange(2.)"),
    ("torch.tensor([True, False, True]).reshape(3, 1)", "torch.arange(4.).reshape(1, 4)", "torch.tensor(0.)"),
]


def layout():
    cases = []
    env = {"torch": torch}

    def ev(e):
        return eval(e, env)  # noqa: S307 - our own literal expressions

    for ce, xe, ye in LAYOUT_PAIRS:
        record(cases, "where", "function", [ev(ce), ev(xe), ev(ye)])
    record(cases, "where", "method", [ev("torch.arange(6.).reshape(2, 3).t()"),
                                      ev("torch.tensor([True, False])"), ev("torch.tensor(0.)")])
    for xe in LAYOUT_EXPRS:
        record(cases, "clamp", "function", [ev(xe), 1.0, 3.5])
        record(cases, "clamp", "function", [ev(xe)], {"min": ev("torch.tensor(2.)")})
        record(cases, "clamp_min", "function", [ev(xe), ev("torch.tensor(2, dtype=torch.int64)")])
        record(cases, "clamp_max", "function", [ev(xe), 2])
        record(cases, "clamp", "function", [ev("torch.tensor(2.)"), ev(xe)])
        record(cases, "clamp", "function", [ev("torch.tensor(2.)"), None, ev(xe)])
        record(cases, "clamp_", "inplace", [ev(xe).clone(), 1.0, 3.5])
    for xe, le, he in [
        ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(3, 2)", "None"),
        ("torch.arange(6.).reshape(3, 2)", "torch.arange(6.).reshape(2, 3).t()", "None"),
        ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(2, 3).t()", "torch.tensor(4.)"),
        ("torch.arange(6.).reshape(2, 3).t()", "torch.tensor([1., 2.])", "torch.arange(6.).reshape(3, 2)"),
        ("torch.tensor([1., 2., 3.])", "torch.arange(6.).reshape(2, 3).t().t()", "None"),
        ("torch.arange(3.).reshape(3, 1)", "torch.arange(4.).reshape(1, 4)", "None"),
        ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
         "torch.arange(24.).reshape(2, 3, 2, 2) % 5", "None"),
        ("torch.arange(24.).reshape(2, 3, 2, 2) % 5",
         "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "None"),
        ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
         "torch.arange(3.).reshape(3, 1, 1)", "torch.tensor(20.)"),
        ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.tensor([1., 0., 3.])", "None"),
        ("torch.arange(10.)[::2]", "torch.arange(5.)", "torch.arange(10.)[1::2]"),
    ]:
        record(cases, "clamp", "function", [ev(xe), ev(le), ev(he)])
    # in place into a strided self keeps its strides
    record(cases, "clamp_min_", "inplace", [ev("torch.arange(6.).reshape(2, 3).t()"), ev("torch.tensor([1., 4.])")])
    record(cases, "clamp_max_", "inplace", [ev("torch.arange(10.)[::2]"), 2.5])
    record(cases, "clip_", "inplace", [ev("torch.arange(24.).reshape(2, 3, 2, 2).contiguous("
                                          "memory_format=torch.channels_last)"), ev("torch.tensor(3.)"), 20])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# meta

def meta():
    cases = []

    def e(*shape, dtype=torch.float32):
        return torch.empty(shape, dtype=dtype, device="meta")

    mb = lambda *s: e(*s, dtype=torch.bool)  # noqa: E731
    record(cases, "where", "function", [mb(3), e(3), e(3)])
    record(cases, "where", "function", [mb(3), e(3, dtype=torch.int32), e(3, dtype=torch.float16)])
    record(cases, "where", "function", [mb(3), e(3, dtype=torch.int32), 2.5])
    record(cases, "where", "function", [mb(3), 2, e(3, dtype=torch.int8)])
    record(cases, "where", "function", [mb(3), 2, 2.5])
    record(cases, "where", "function", [mb(2, 1), e(3), e()])
    record(cases, "where", "function", [mb(2), e(2, 3).t(), e()])
    record(cases, "where", "function", [mb(2, 3, 2, 2), e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last),
                                        e()])
    record(cases, "where", "function", [e(3, dtype=torch.uint8), e(3), e(3)])
    record(cases, "where", "function", [e(3, dtype=torch.int32), e(3), e(3)])
    record(cases, "where", "function", [mb(3), e(2), e(3)])
    record(cases, "where", "function", [mb(3), e(3), torch.tensor(1.)])
    record(cases, "where", "function", [mb(3), e(3), torch.tensor([1., 2., 3.])])
    record(cases, "where", "function", [T([True, False, True], torch.bool), e(3), e(3)])
    record(cases, "where", "function", [torch.tensor(True), e(3), e(3)])
    record(cases, "where", "method", [e(3), mb(3), 0])
    record(cases, "where", "out", [mb(3), e(3), e(3)], out=e(3))
    record(cases, "where", "out", [mb(3), e(3), e(3)], out=e(0))
    record(cases, "where", "out", [mb(3), e(3), e(3)], out=e(3, dtype=torch.float64))
    record(cases, "where", "out", [mb(3), e(3), e(3)], out=torch.zeros(3))
    for d in (torch.float32, torch.int32, torch.bool, torch.complex64, torch.float16):
        record(cases, "clamp", "function", [e(3, dtype=d), 0.5])
        record(cases, "clamp", "function", [e(3, dtype=d), 0, 1])
        record(cases, "clamp", "function", [e(3, dtype=d), e(3)])
        record(cases, "clamp_min", "function", [e(3, dtype=d), 0])
        record(cases, "clamp_max", "function", [e(3, dtype=d), e(3, dtype=torch.int64)])
    record(cases, "clamp", "function", [e(3)])
    record(cases, "clamp", "function", [e(3, dtype=torch.int32), 2 ** 40])
    record(cases, "clamp", "function", [e(3, dtype=torch.float16), 1e6])
    record(cases, "clamp", "function", [e(2, 3).t(), 0, 1])
    record(cases, "clamp", "function", [e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last), e(3, 1, 1)])
    record(cases, "clamp", "function", [e(2, 1), e(3), e()])
    record(cases, "clamp", "function", [e(3), e(2)])
    record(cases, "clamp", "function", [e(3), torch.tensor(1.)])
    record(cases, "clamp", "function", [e(3), torch.tensor([1., 2., 3.])])
    record(cases, "clamp", "function", [torch.tensor([1., 2., 3.]), e(3)])
    record(cases, "clamp_", "inplace", [e(3), 0.5])
    record(cases, "clamp_", "inplace", [e(3, dtype=torch.int32), 0.5])
    record(cases, "clamp_", "inplace", [e(3), e(2, 3)])
    record(cases, "clamp_min_", "inplace", [e(3), torch.tensor(1.)])
    record(cases, "clamp_max_", "inplace", [e(3), e(3, dtype=torch.float64)])
    record(cases, "clamp", "out", [e(3), 0.5], out=e(3))
    record(cases, "clamp", "out", [e(3), 0.5], out=e(3, dtype=torch.float64))
    record(cases, "clamp", "out", [e(3), e(3)], out=e(0, dtype=torch.float64))
    record(cases, "clamp", "out", [e(3), 0.5], out=torch.zeros(3))
    record(cases, "clamp_min", "out", [e(3), e(3)], out=e(2, 3))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# sparse

def s2(dtype):
    """(2, 3) sparse COO, uncoalesced with a duplicate coordinate (record_sparse.py's s2)."""
    vals_ = {torch.bool: [True, False, True, True], torch.int64: [1, -2, 3, 4]}.get(dtype, [1.5, -2.0, 3.25, 0.5])
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]), torch.tensor(vals_).to(dtype), (2, 3))


def dense23(dtype):
    raw = [0.5, 1.0, -1.5, 2.0, 0.0, 4.0]
    if dtype == torch.bool:
        return torch.tensor([x != 0 for x in raw]).reshape(2, 3)
    return torch.tensor(raw, dtype=torch.float64).to(dtype).reshape(2, 3)


def sparse():
    cases = []
    for d in (torch.float32, torch.int64):
        record(cases, "where", "function", [dense23(torch.bool), s2(d), dense23(d)])
        record(cases, "where", "function", [dense23(torch.bool), dense23(d), s2(d)])
        record(cases, "where", "function", [s2(torch.bool), dense23(d), dense23(d)])
        record(cases, "where", "function", [s2(torch.bool), s2(d), s2(d)])
        record(cases, "where", "function", [dense23(torch.bool), s2(d), 0])
        record(cases, "where", "function", [s2(torch.bool), 1, 0])
        record(cases, "where", "method", [s2(d), dense23(torch.bool), 0])
        record(cases, "where", "out", [dense23(torch.bool), s2(d), s2(d)], out=torch.zeros(2, 3, dtype=d))
        record(cases, "clamp", "function", [s2(d), 0])
        record(cases, "clamp", "function", [s2(d), 0, 1])
        record(cases, "clamp", "function", [s2(d)], {"max": 1})
        record(cases, "clamp", "function", [s2(d), dense23(d)])
        record(cases, "clamp", "function", [dense23(d), s2(d)])
        record(cases, "clamp", "function", [dense23(d), None, s2(d)])
        record(cases, "clip", "function", [s2(d), 0, 1])
        record(cases, "clamp_min", "function", [s2(d), 0])
        record(cases, "clamp_max", "function", [s2(d), dense23(d)])
        record(cases, "clamp", "method", [s2(d), 0])
        record(cases, "clamp_", "inplace", [s2(d), 0])
        record(cases, "clamp_", "inplace", [s2(d), 0, 1])
        record(cases, "clamp_min_", "inplace", [s2(d), 0])
        record(cases, "clamp_max_", "inplace", [s2(d), 1])
        record(cases, "clamp", "out", [s2(d), 0], out=torch.zeros(2, 3, dtype=d))
        record(cases, "clamp", "out", [dense23(d), 0], out=s2(d))
    record(cases, "clamp", "function", [s2(torch.bool), 0])
    record(cases, "clamp", "function", [s2(torch.complex64), 0])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# errors: Python expressions

ERROR_EXPRS = [
    # (name, op, expression): `a` is torch.tensor([7.5, -3.25, 0.001]), `b` torch.tensor([True, False, True]),
    # `c` torch.tensor([1+1j, 2-1j, 0.5j]), `i` torch.tensor([7, -3, 2], dtype=torch.int32),
    # `x` torch.tensor([1., 2., 3., 4.]), `m` torch.tensor([True, False, True])
    ("where no arguments", "where", "torch.where()"),
    ("where two arguments", "where", "torch.where(m, a)"),
    ("where four arguments", "where", "torch.where(m, a, a, a)"),
    ("where one argument: nonzero as a tuple", "where", "torch.where(m)[0]"),
    ("where one argument, tuple length", "where", "len(torch.where(torch.ones(2, 3)))"),
    ("where one argument, 2-D", "where", "torch.where(torch.tensor([[True, False], [True, True]]))[1]"),
    ("where one argument, float", "where", "torch.where(a)[0]"),
    ("where one argument, zero-dim", "where", "torch.where(torch.tensor(True))[0]"),
    ("where one argument, keyword", "where", "torch.where(condition=m)[0]"),
    ("where shape mismatch", "where", "torch.where(m, a, torch.ones(2))"),
    ("where condition shape mismatch", "where", "torch.where(torch.tensor([True, False]), a, a)"),
    ("where 2-D shape mismatch", "where", "torch.where(torch.ones(2, 3) > 0, torch.ones(3, 2), 0.)"),
    ("where int32 condition", "where", "torch.where(i, a, 0.)"),
    ("where float condition", "where", "torch.where(a, a, 0.)"),
    ("where complex condition", "where", "torch.where(c, a, 0.)"),
    ("where condition a number", "where", "torch.where(True, a, 0.)"),
    ("where condition None", "where", "torch.where(None, a, 0.)"),
    ("where condition a list", "where", "torch.where([True, False, True], a, 0.)"),
    ("where input None", "where", "torch.where(m, None, a)"),
    ("where other None", "where", "torch.where(m, a, None)"),
    ("where other a list", "where", "torch.where(m, a, [1., 2., 3.])"),
    ("where other a string", "where", "torch.where(m, a, 'x')"),
    ("where number overflow", "where", "torch.where(m, i, 2 ** 40)"),
    ("where number overflow int64", "where", "torch.where(m, torch.tensor([1, 2, 3]), 2 ** 63)"),
    ("where two numbers overflow", "where", "torch.where(m, 2 ** 63, 1)"),
    ("where two numbers out", "where", "torch.where(m, 1, 2, out=torch.zeros(3, dtype=torch.int64))"),
    ("where number out", "where", "torch.where(m, a, 0., out=torch.zeros(3))"),
    ("where out wrong dtype", "where", "torch.where(m, a, a, out=torch.zeros(3, dtype=torch.float16))"),
    ("where out wrong dtype (promoted)", "where", "torch.where(m, a, a.double(), out=torch.zeros(3))"),
    ("where out int for bool", "where", "torch.where(m, b, b, out=torch.zeros(3, dtype=torch.int64))"),
    ("where out overlaps input", "where", "torch.where(m, a, torch.zeros(3), out=a)"),
    ("where out overlaps condition", "where", "torch.where(b, b, torch.tensor([False, False, False]), out=b)"),
    ("where out partially overlaps input", "where",
     "torch.where(torch.tensor([True, False, True]), x[:3], x[1:], out=x[1:])"),
    ("where out with internal overlap", "where", "torch.where(m, a, a, out=torch.zeros(1).expand(3))"),
    ("where out on meta", "where", "torch.where(m, a, a, out=torch.empty(3, device='meta'))"),
    ("where out a number", "where", "torch.where(m, a, a, out=2)"),
    ("where cpu and meta", "where", "torch.where(m, a, torch.empty(3, device='meta'))"),
    ("where meta condition", "where", "torch.where(torch.empty(3, dtype=torch.bool, device='meta'), a, a)"),
    ("where method no other", "where", "a.where(m)"),
    ("where method number condition", "where", "a.where(True, 0.)"),
    ("where method self keyword", "where", "torch.where(m, self=a, other=0.)"),
    ("where_ (no such method)", "where_", "a.where_(m, 0.)"),
    ("where keyword out of order", "where", "torch.where(m, other=0., input=a)"),
    ("where condition keyword with positional", "where", "torch.where(a, condition=m, other=0.)"),
    ("clamp no bound", "clamp", "torch.clamp(a)"),
    ("clamp None bounds", "clamp", "torch.clamp(a, None, None)"),
    ("clamp method no bound", "clamp", "a.clamp()"),
    ("clip no bound", "clip", "torch.clip(a)"),
    ("clamp_ no bound", "clamp_", "a.clamp_()"),
    ("clamp no arguments", "clamp", "torch.clamp()"),
    ("clamp four arguments", "clamp", "torch.clamp(a, 0, 1, 2)"),
    ("clamp bound a string", "clamp", "torch.clamp(a, 'x')"),
    ("clamp bound a list", "clamp", "torch.clamp(a, [0., 1., 2.])"),
    ("clamp input a number", "clamp", "torch.clamp(2.5, 0, 1)"),
    ("clamp input a list", "clamp", "torch.clamp([2.5], 0, 1)"),
    ("clamp number and tensor mixed", "clamp", "torch.clamp(a, 0, torch.tensor(1.))"),
    ("clamp mixed bounds, int input", "clamp", "torch.clamp(i, torch.tensor(0), 2.5)"),
    ("clamp bool with bool bound", "clamp", "torch.clamp(b, True)"),
    ("clamp bool with two bool bounds", "clamp", "torch.clamp(b, False, True)"),
    ("clamp bool with bool max", "clamp", "torch.clamp(b, max=True)"),
    ("clamp_min bool with bool", "clamp_min", "torch.clamp_min(b, True)"),
    ("clamp_max bool with bool", "clamp_max", "torch.clamp_max(b, False)"),
    ("clamp complex", "clamp", "torch.clamp(c, 0)"),
    ("clamp complex bound", "clamp", "torch.clamp(a, 1j)"),
    ("clamp complex tensor bound", "clamp", "torch.clamp(a, c)"),
    ("clamp_ complex", "clamp_", "c.clamp_(0, 1)"),
    ("clamp_min complex", "clamp_min", "torch.clamp_min(c, 0)"),
    ("clamp int32 min overflow", "clamp", "torch.clamp(i, min=2 ** 40)"),
    ("clamp int32 max overflow", "clamp", "torch.clamp(i, max=-2 ** 40)"),
    ("clamp int32 huge negative min", "clamp", "torch.clamp(i, min=-2 ** 64)"),
    ("clamp uint8 min 300", "clamp", "torch.clamp(torch.tensor([1, 2], dtype=torch.uint8), 300)"),
    ("clamp uint8 max -1", "clamp", "torch.clamp(torch.tensor([1, 2], dtype=torch.uint8), max=-1)"),
    ("clamp int8 min 300", "clamp", "torch.clamp(torch.tensor([1, 2], dtype=torch.int8), 300)"),
    ("clamp float16 min 1e6", "clamp", "torch.clamp(torch.tensor([1., 2.], dtype=torch.float16), 1e6)"),
    ("clamp float32 min 1e39", "clamp", "torch.clamp(a, 1e39)"),
    ("clamp_ int with float bound", "clamp_", "i.clamp_(0.5)"),
    ("clamp_ int with float tensor bound", "clamp_", "i.clamp_(torch.tensor([0.5, 1., 2.]))"),
    ("clamp_ bool with int bound", "clamp_", "b.clamp_(0)"),
    ("clamp_min_ int with float", "clamp_min_", "i.clamp_min_(2.5)"),
    ("clamp out int for float", "clamp", "torch.clamp(a, 0, out=torch.zeros(3, dtype=torch.int32))"),
    ("clamp out float64 for float32, number bound", "clamp",
     "torch.clamp(a, 0, out=torch.zeros(3, dtype=torch.float64))"),
    ("clamp out float64 for float32, tensor bound", "clamp",
     "torch.clamp(a, torch.tensor(0.), out=torch.zeros(3, dtype=torch.float64))"),
    ("clamp out overlaps input", "clamp", "torch.clamp(a, 0, out=a)"),
    ("clamp out partially overlaps input", "clamp", "torch.clamp(x[:3], 0, out=x[1:])"),
    ("clamp out partially overlaps bound", "clamp", "torch.clamp(x[:3], x[1:], out=x[1:])"),
    ("clamp out with internal overlap", "clamp", "torch.clamp(a, 0, out=torch.zeros(1).expand(3))"),
    ("clamp out on meta", "clamp", "torch.clamp(a, 0, out=torch.empty(3, device='meta'))"),
    ("clamp cpu and meta bound", "clamp", "torch.clamp(a, torch.empty(3, device='meta'))"),
    ("clamp shape mismatch", "clamp", "torch.clamp(a, torch.ones(2))"),
    ("clamp bounds shape mismatch", "clamp", "torch.clamp(a, torch.ones(3), torch.ones(2))"),
    ("clamp_ self needs broadcast", "clamp_", "a.clamp_(torch.ones(2, 3))"),
    ("clamp_ self expanded", "clamp_", "torch.zeros(1).expand(3).clamp_(0)"),
    ("clamp_ self and bound overlap", "clamp_", "x[:3].clamp_(x[1:])"),
    ("clamp_min no bound", "clamp_min", "torch.clamp_min(a)"),
    ("clamp_min None", "clamp_min", "torch.clamp_min(a, None)"),
    ("clamp_min max keyword", "clamp_min", "torch.clamp_min(a, max=0)"),
    ("clamp_max min keyword", "clamp_max", "torch.clamp_max(a, min=0)"),
    ("clamp_min method no bound", "clamp_min", "a.clamp_min()"),
    ("clamp_max_ None", "clamp_max_", "a.clamp_max_(None)"),
    ("clamp_min two bounds", "clamp_min", "torch.clamp_min(a, 0, 1)"),
    ("clamp min keyword twice", "clamp", "torch.clamp(a, 0, min=1)"),
    ("clamp unknown keyword", "clamp", "torch.clamp(a, lower=0)"),
    ("clip_ no bound", "clip_", "a.clip_()"),
    ("clamp out=None", "clamp", "torch.clamp(a, min=0, max=1, out=None)"),
    ("clamp NaN bound", "clamp", "torch.clamp(a, float('nan'))"),
    ("clamp min > max", "clamp", "torch.clamp(a, 2, 1)"),
    ("clamp_min NaN", "clamp_min", "torch.clamp_min(torch.tensor([float('nan'), 1.]), 2.)"),
    ("Tensor.clamp is Tensor.clip", "clip", "a.clip(-1, 1)"),
    # found by the differential fuzzer (fuzz/FINDINGS.md, F72): the order of clamp's checks
    ("clamp_ complex number on int", "clamp_", "torch.tensor([1, 2]).clamp_(max=1j)"),
    ("clamp out= self complex number", "clamp", "torch.clamp(i, max=1j, out=i)"),
    ("clamp out= self promotes", "clamp", "torch.clamp(i, min=0.5, out=i)"),
    ("clamp_min out= self promotes", "clamp_min", "torch.clamp_min(i, 0.5, out=i)"),
    ("clamp_min complex number", "clamp_min", "torch.clamp_min(a, complex(0.5, 0))"),
    ("clamp_max complex number", "clamp_max", "torch.clamp_max(a, 0.5 + 1j)"),
    ("clamp_max complex number out=", "clamp_max", "torch.clamp_max(a, 0.5 + 1j, out=torch.zeros(3, dtype=torch.int64))"),
    ("clamp_max complex input, tensor bound", "clamp_max", "torch.clamp_max(c, torch.ones(2))"),
    ("clamp_min complex input, out=", "clamp_min", "torch.clamp_min(c, torch.ones(3), out=torch.zeros(3))"),
    ("clamp_min_ complex broadcast", "clamp_min_", "torch.ones(1, dtype=torch.complex64).clamp_min_(torch.ones(2))"),
    ("clamp_min complex input", "clamp_min", "torch.clamp_min(c, torch.ones(3))"),
    ("clamp complex max before min range", "clamp", "a.clamp(min=1e39, max=1j)"),
    ("out= self not resized", "add", "(lambda v: torch.add(v, torch.ones(3, 2), out=v))(x[:2])"),
    ("clamp out= self not resized", "clamp", "torch.clamp(a, torch.ones(3, 3), out=a)"),
    ("where out= self not resized", "where", "torch.where(torch.ones(2, 3) > 0, a, a, out=a)"),
    ("clamp NaN bound before range", "clamp", "a.clamp(1e39, float('nan'))"),
    ("clamp_ float16 NaN bound", "clamp_", "a.half().clamp_(-1e5, float('nan'))"),
    ("torch.clamp_", "clamp_", "torch.clamp_(x, 2, 3)"),
    ("torch.clip_", "clip_", "torch.clip_(x, max=3)"),
    ("torch.clamp_min_", "clamp_min_", "torch.clamp_min_(x, 2)"),
    ("torch.clamp_max_", "clamp_max_", "torch.clamp_max_(x, 2)"),
]


def error_env():
    return {"torch": torch, "a": torch.tensor([7.5, -3.25, 0.001]), "b": torch.tensor([True, False, True]),
            "c": torch.tensor([1 + 1j, 2 - 1j, 0.5j]), "i": torch.tensor([7, -3, 2], dtype=torch.int32),
            "x": torch.tensor([1., 2., 3., 4.]), "m": torch.tensor([True, False, True])}


def errors(exprs=None, make_env=None):
    """The errors section: each (name, op, expression) evaluated with the names `make_env()` gives (this file's
    ERROR_EXPRS and error_env by default; record_pointwise.py passes its own)."""
    cases = []
    for name, op, expr in exprs or ERROR_EXPRS:
        env = (make_env or error_env)()
        case = {"name": name, "expr": expr, "op": op}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                outcome = {"result": result_strided(eval(expr, env))}  # noqa: S307 - our own literal expressions
            except Exception as e:  # noqa: BLE001 - every exception is data here
                if "INTERNAL ASSERT" in str(e):
                    SKIPPED.append(("errors", expr))
                    continue
                outcome = {"error": type(e).__name__, "message": message(e)}
        warns = [warning_text(w) for w in caught if issubclass(w.category, UserWarning)]
        if warns:
            case["warning"] = warns[0]
        cases.append({**case, **outcome})
    return cases


NOTE = (
    "Recorded on CPU by record_ternary.py (beside this file), with torch.set_default_dtype(default_dtype) (float32 "
    "where a case has none). Ops: where, clamp, clip, clamp_min, clamp_max and the in-place clamp_, clip_, "
    "clamp_min_, clamp_max_. Each case but the errors section's is one call of form function: torch.<op>(*args, "
    "**kwargs); method: args[0].<op>(*args[1:], **kwargs); inplace: args[0].<op>(*args[1:], **kwargs), which returns "
    "args[0]; out: torch.<op>(*args, **kwargs, out=out) with out the tensor the case gives (before the call), which "
    "returns out. The result of inplace and out is that tensor after the call. Operands and results: shape, stride "
    "and row-major values (device where not cpu; meta ones have no values); {\"kind\": \"none\"} is Python None. "
    "warning: the first line of PyTorch's UserWarning (recorded with torch.set_warn_always(True); PyTorch gives it "
    "once per process). ignore_zero_sign: clamp with a tensor bound and zeros of opposite sign among input and "
    "bounds at some position: PyTorch's scalar loop keeps the input's zero, its vectorized loop the bound's, so the "
    "sign depends on length and machine; compare -0.0 and 0.0 as equal there. Sections: values (dtype grids), "
    "special (NaN, infinities, signed zeros, out-of-range numbers, conditions of other dtypes, broadcasting, "
    "keywords), out, layout (result strides), meta, sparse, errors: eval(expr) with a = torch.tensor([7.5, -3.25, "
    "0.001]), b = torch.tensor([True, False, True]), c = torch.tensor([1+1j, 2-1j, 0.5j]), i = torch.tensor([7, "
    "-3, 2], dtype=torch.int32), x = torch.tensor([1., 2., 3., 4.]), m = torch.tensor([True, False, True]), fresh "
    "for each case. Not recorded: where() results of PyTorch's complex32/bcomplex32 dtype (deviation 1)."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "ternary.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "values": values(),
        "special": special(),
        "out": out_cases(),
        "layout": layout(),
        "meta": meta(),
        "sparse": sparse(),
        "errors": errors(),
    }
    write(path, data)
    counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
    skipped = f", not recorded (internal assertions): {len(SKIPPED)}" if SKIPPED else ""
    print(f"{path}: " + ", ".join(f"{k} {n}" for k, n in counts.items()) + f", total {sum(counts.values())}"
          + f", {os.path.getsize(path)} bytes" + skipped
          + f", not recorded (complex32 results): {len(SKIPPED_COMPLEX32)}")


if __name__ == "__main__":
    main()
