"""Records compare.json, the golden data of the elementwise binary operations maximum, minimum and the six
comparisons eq, ne, lt, le, gt, ge, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_compare.py [output path]

(default output: compare.json beside this script). It reads promotion.json and inplace.json beside it for the
operand values, so that the operands of its `binary`, `inplace` and `out` sections are exactly theirs. The test
suites never run this script; they read the JSON it writes. Nothing here is random: two runs give the same file.

Sections (the note in the file says the same):

- binary:  torch.<op>(lhs, rhs) for the 8 ops and every pair of the 28 operand kinds of promotion.json (both
           Python numbers excepted), under default dtype float32, and again under float64 where one operand is a
           Python number.
- special: torch.<op>(lhs, rhs) on chosen values: NaN, infinities, signed zeros, integer extremes, values that
           round when promoted, Python integers outside the tensor's range, empty tensors.
- inplace: self.<op>_(other) for the six comparisons (maximum/minimum have no in-place method), every self dtype
           and every other operand kind of inplace.json.
- out:     torch.<op>(lhs, rhs, out=torch.empty(out_shape, dtype=out_dtype)).
- layout:  result strides of torch.<op>(lhs, rhs) for transposed, sliced, expanded, permuted and channels-last
           operands, and broadcasting.
- meta:    torch.<op> (and in place, out=) with operands on the 'meta' device, and meta/cpu mixes.
- sparse:  the ops with sparse COO operands (every layout pair), in place and out=.
- errors:  other errors (and a few edge results) of the ops, each with the exact Python expression.

A maximum/minimum case whose operands hold zeros of opposite sign at one position carries "ignore_zero_sign": true:
which zero PyTorch returns there depends on whether its scalar or its vectorized loop ran.

The encoding is that of CONFORMANCE_README.md (operands, numbers, results, errors: the first line of the message;
PyTorch's dispatcher messages "Could not run 'aten::...' with arguments from the 'SparseCPU' backend. ..." are
kept up to their first sentence, as record_sparse.py does), extended for multi-dimensional and strided operands:
{"kind": "tensor", "dtype", "shape", "stride", "values" (row-major)}, a "device" field where it is not cpu, and a
sparse operand or result as in sparse.json.
"""

import json
import os
import sys
import warnings

import torch

warnings.simplefilter("ignore")
torch.set_default_dtype(torch.float32)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import (  # noqa: E402
    DTYPES, NAME, SKIPPED, enc, enc_strided, flat, message, py_value, result, result_strided, run, write,
)

BY_NAME = {v: k for k, v in NAME.items()}

OPS = ["maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge"]
CMP = ["eq", "ne", "lt", "le", "gt", "ge"]



# ---------------------------------------------------------------------------------------------------------------
# encoding (the shared parts in golden_encoding.py)

def copy(x):
    return x.clone() if isinstance(x, torch.Tensor) else x


def zero_sign_ambiguous(op, lhs, rhs, outcome):
    """True for maximum/minimum (and fmax/fmin) with a real floating result where some position holds zeros of
    opposite sign on the two sides (after promotion to the result dtype): PyTorch's scalar loop returns lhs there
    and its vectorized loop rhs (fmax/fmin: the C library's choice, which differs between dtypes), so the sign of
    that zero depends on the length and the machine."""
    if op not in ("maximum", "minimum", "fmax", "fmin") or "result" not in outcome:
        return False
    if not (isinstance(lhs, torch.Tensor) and isinstance(rhs, torch.Tensor)) or lhs.is_sparse or rhs.is_sparse:
        return False
    dtype = BY_NAME[outcome["result"]["dtype"]]
    if not dtype.is_floating_point or lhs.device.type != "cpu" or rhs.device.type != "cpu":
        return False
    a, b = torch.broadcast_tensors(lhs.to(dtype), rhs.to(dtype))
    return bool(((a == 0) & (b == 0) & (torch.signbit(a) != torch.signbit(b))).any())


# ---------------------------------------------------------------------------------------------------------------
# operands of promotion.json / inplace.json

def dec_num(v, dtype_name):
    if dtype_name == "bool":
        return bool(v)
    if isinstance(v, list):
        return complex(float(v[0]), float(v[1]))
    if isinstance(v, str):
        return float(v)
    return int(v)


def dec(o):
    """The torch value of an encoded operand (Python numbers are made from their repr; tensors by torch.tensor
    from the Python numbers, which rounds once to the dtype)."""
    if o["kind"] == "scalar":
        return dec_num(o["value"], o["type"])
    dtype = BY_NAME[o["dtype"]]
    if o["kind"] == "zerodim":
        return torch.tensor(dec_num(o["value"], o["dtype"]), dtype=dtype)
    return torch.tensor([dec_num(v, o["dtype"]) for v in o["values"]], dtype=dtype)


def kind_key(o):
    return o["kind"] + ":" + (o.get("dtype") or o.get("type"))


def load_operands():
    """The 28 operand kinds of promotion.json in its order (lhs order of its add cases), and the 12 self operands
    and 28 other operands of inplace.json in its order."""
    with open(os.path.join(HERE, "promotion.json")) as f:
        prom = json.load(f)["cases"]
    kinds = {}
    for c in prom:
        for side in ("lhs", "rhs"):
            kinds.setdefault(kind_key(c[side]), c[side])
    order = []
    for c in prom:
        k = kind_key(c["lhs"])
        if c["op"] == "add" and c["default_dtype"] == "float32" and k not in order:
            order.append(k)
    assert len(order) == 28 and set(order) == set(kinds), order
    with open(os.path.join(HERE, "inplace.json")) as f:
        inpl = json.load(f)["cases"]
    selves, others = [], []
    for c in inpl:
        if "self" in c:
            if c["self"] not in selves:
                selves.append(c["self"])
            if c["other"] not in others:
                others.append(c["other"])
    assert len(selves) == 12 and len(others) == 28
    for o in others:  # inplace.json's operands are promotion.json's
        assert kinds[kind_key(o)] == o
    return [kinds[k] for k in order], selves, others


# ---------------------------------------------------------------------------------------------------------------
# sections

def binary(operands):
    cases = []
    for default in (torch.float32, torch.float64):
        torch.set_default_dtype(default)
        for op in OPS:
            f = getattr(torch, op)
            for lo in operands:
                for ro in operands:
                    if lo["kind"] == "scalar" and ro["kind"] == "scalar":
                        continue
                    if default == torch.float64 and lo["kind"] != "scalar" and ro["kind"] != "scalar":
                        continue
                    lhs, rhs = dec(lo), dec(ro)
                    outcome = run(lambda: f(lhs, rhs), where=f"binary {op}")
                    if outcome is None:
                        continue
                    case = {"op": op, "default_dtype": NAME[default], "lhs": lo, "rhs": ro, **outcome}
                    if zero_sign_ambiguous(op, lhs, rhs, outcome):
                        case["ignore_zero_sign"] = True
                    cases.append(case)
    torch.set_default_dtype(torch.float32)
    return cases


NAN, INF = float("nan"), float("inf")


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


def special_pairs():
    """(lhs, rhs, is a signed-zero pair, default dtype) of the special section."""
    pairs = []
    floats = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
    for d in floats:
        fi = torch.finfo(d)
        # NaN in either operand, both NaN, infinities, equal values
        pairs.append((T([NAN, 1.0, NAN, -INF, INF, 2.0, -1.5, NAN], d),
                      T([1.0, NAN, NAN, INF, -INF, 2.0, -1.5, -INF], d), False))
        # infinities and extremes
        pairs.append((T([INF, -INF, INF, fi.max, -fi.max, fi.tiny, fi.smallest_normal / 4, 0.0], d),
                      T([INF, -INF, -INF, INF, -INF, 0.0, 0.0, -fi.tiny], d), False))
        # signed zeros: which zero maximum/minimum return for equal operands is the kernel's choice (see note)
        pairs.append((T([-0.0, 0.0, -0.0, 0.0], d), T([0.0, -0.0, -0.0, 0.0], d), True))
        # signed zeros against nonzero values and NaN (no ambiguity)
        pairs.append((T([-0.0, 0.0, -0.0, NAN, 1.0, -1.0], d), T([1.0, -1.0, NAN, -0.0, 0.0, -0.0], d), False))
    for d in (torch.complex64, torch.complex128):
        pairs.append((T([complex(NAN, 0), 1 + 1j, complex(1, NAN), complex(INF, 0), 1 + 0j, 0j, complex(-0.0, 0)], d),
                      T([complex(NAN, 0), 1 + 1j, complex(1, NAN), complex(INF, 0), complex(1, -0.0), -0j,
                         complex(0, -0.0)], d), False))
        pairs.append((T([1 + 2j, 2 + 1j, complex(INF, INF), -1j], d), T([2 + 1j, 1 + 2j, complex(INF, INF), 1j], d),
                      False))
    # complex against real
    pairs.append((T([1 + 0j, 1 + 1j, complex(NAN, 0), complex(INF, 0)], torch.complex64),
                  T([1.0, 1.0, NAN, INF], torch.float32), False))
    pairs.append((T([1.0, 2.0, NAN, 0.0], torch.float64), T([1 + 0j, 2 - 1j, complex(NAN, 0), -0j], torch.complex64),
                  False))
    # integer extremes
    for d in (torch.int8, torch.int16, torch.int32, torch.int64):
        ii = torch.iinfo(d)
        pairs.append((T([ii.min, ii.max, ii.min, ii.max, 0, -1, ii.min + 1, 5], d),
                      T([ii.max, ii.min, ii.min, ii.max, -1, 0, ii.min, 5], d), False))
    pairs.append((T([0, 255, 0, 255, 128, 127], torch.uint8), T([255, 0, 0, 255, 127, 128], torch.uint8), False))
    pairs.append((T([True, False, True, False], torch.bool), T([True, True, False, False], torch.bool), False))
    # mixed dtypes
    pairs += [
        (T([NAN, 1.0, 65504.0, -INF, 0.5, 2.0], torch.float16), T([1.0, NAN, 65505.0, -INF, 0.50000006, INF],
                                                                  torch.float32), False),
        (T([NAN, 1.0, 256.0, 3.0e38, -0.0, 1.0078125], torch.bfloat16),
         T([1.0, NAN, 257.0, INF, 0.0, 1.0009765625], torch.float16), False),
        (T([1.0, NAN, 1e-40, -0.0], torch.float32), T([1.0, NAN, 1e-40, 0.0], torch.float64), False),
        (T([65504, 65520, 70000, -65520, 1, 0, 2049, 2048], torch.int64),
         T([65504.0, INF, INF, -INF, 1.0, -0.0, 2048.0, NAN], torch.float16), False),
        (T([257, 256, 2 ** 40, -1], torch.int64), T([256.0, 256.0, 2.0 ** 40, NAN], torch.bfloat16), False),
        (T([16777217, 2 ** 62, -2 ** 63, 2 ** 63 - 1], torch.int64),
         T([16777216.0, 2.0 ** 62, -2.0 ** 63, 2.0 ** 63], torch.float32), False),
        (T([2 ** 53 + 1, 2 ** 63 - 1, -2 ** 63, 7], torch.int64),
         T([2.0 ** 53, 2.0 ** 63, -2.0 ** 63, NAN], torch.float64), False),
        (T([16777217, 2 ** 31 - 1, -2 ** 31, 3], torch.int32), T([16777216.0, 2.0 ** 31, -2.0 ** 31, INF],
                                                                  torch.float32), False),
        (T([0, 255, 128, 127, 1], torch.uint8), T([-1, -128, -128, 127, 1], torch.int8), False),
        (T([0, 255, 200, 7], torch.uint8), T([2 ** 63 - 1, -2 ** 63, 200, -7], torch.int64), False),
        (T([-128, 127, 0, 1], torch.int8), T([True, True, False, True], torch.bool), False),
        (T([True, False, True, False], torch.bool), T([0.5, -0.5, NAN, 0.0], torch.float32), False),
        (T([True, False, True, False], torch.bool), T([255, 0, 1, 2], torch.uint8), False),
        # empty tensors
        (T([], torch.float32), T([], torch.float32), False),
        (T([], torch.float32), T([1.0], torch.float64), False),
        (T([], torch.int64), torch.tensor(1.5), False),
        (T([], torch.float32), T([1.0, 2.0, 3.0], torch.float32), False),
        # zero-dim operands that do not promote past their category
        (T([0, 255, 7], torch.uint8), torch.tensor(-1), False),
        (T([0, 255, 7], torch.uint8), torch.tensor(256), False),
        (T([-128, 127, 7], torch.int8), torch.tensor(200, dtype=torch.int16), False),
        (T([0.1, 65504.0, INF], torch.float16), torch.tensor(65520.0, dtype=torch.float64), False),
        (T([0.1, 1.0, NAN], torch.float32), torch.tensor(0.1, dtype=torch.float64), False),
        (T([16777217, 3, -1], torch.int64), torch.tensor(16777216.0, dtype=torch.float64), False),
        (T([1.0, NAN, -0.0], torch.float32), torch.tensor(NAN, dtype=torch.float16), False),
    ]
    out = [(a, b, z, torch.float32) for a, b, z in pairs]
    # Python numbers: wrapping integers, rounding floats, NaN; the default dtype matters for an integer tensor
    # against a Python float
    scalar_pairs = [
        (T([0, 255, 7], torch.uint8), -1), (T([0, 255, 7], torch.uint8), 256), (T([0, 255, 7], torch.uint8), 300),
        (T([0, 255, 7], torch.uint8), 255.5), (T([-128, 127, -56], torch.int8), 200), (T([-128, 127, 0], torch.int8), -129),
        (T([7, -3, 2 ** 62], torch.int64), 2 ** 63), (T([7, -3, -2 ** 63], torch.int64), -2 ** 63 - 1),
        (T([1, 0, 255], torch.uint8), 2 ** 63), (T([7, -3, 0], torch.int64), 2 ** 64),
        (T([16777217, 3, -1], torch.int64), 16777216.0), (T([16777217, 3, -1], torch.int32), 16777216.0),
        (T([2 ** 53 + 1, 3, -1], torch.int64), 9007199254740992.0),
        (T([0.1, 65504.0, INF], torch.float16), 0.1), (T([0.1, 65504.0, INF], torch.float16), 65520.0),
        (T([0.1, 1.0, NAN], torch.bfloat16), 0.1), (T([0.1, 1.0, NAN], torch.float32), 0.1),
        (T([0.1, 1e-300, NAN], torch.float64), 0.1), (T([1.0, NAN, -0.0], torch.float32), NAN),
        (T([1.0, NAN, -0.0], torch.float16), 0.0), (T([1.0, INF, -INF], torch.float32), INF),
        (T([1.0, INF, -INF], torch.float32), 1e39), (T([1, 0, 1], torch.bool), 0.5),
        (T([True, False, True], torch.bool), 2), (T([1, 2, 3], torch.int32), True),
        (T([1 + 0j, 2 + 0j, 1j], torch.complex64), 1), (T([1 + 0j, 2 + 0j, 1j], torch.complex64), 1j),
        (T([1.0, 2.0, 0.0], torch.float32), 1 + 0j),
    ]
    for default in (torch.float32, torch.float64):
        out += [(a, x, False, default) for a, x in scalar_pairs]
    return out


def special():
    cases = []
    for lhs, rhs, zero_sign, default in special_pairs():
        torch.set_default_dtype(default)
        for op in OPS:
            f = getattr(torch, op)
            outcome = run(lambda: f(copy(lhs), copy(rhs)), where=f"special {op}")
            if outcome is None:
                continue
            case = {"op": op, "default_dtype": NAME[default], "lhs": enc(lhs), "rhs": enc(rhs), **outcome}
            if zero_sign_ambiguous(op, lhs, rhs, outcome):
                case["ignore_zero_sign"] = True
            elif zero_sign and op in ("maximum", "minimum") and "result" in outcome:
                raise AssertionError("signed-zero pair not detected")
            cases.append(case)
    torch.set_default_dtype(torch.float32)
    # the same signed-zero question on a tensor long enough for the vectorized kernel (still ignore_zero_sign)
    for d in (torch.float32, torch.float64):
        lhs, rhs = T([-0.0, 0.0] * 16, d), T([0.0, -0.0] * 16, d)
        for op in ("maximum", "minimum"):
            cases.append({"op": op, "default_dtype": "float32", "lhs": enc(lhs), "rhs": enc(rhs),
                          "result": result(getattr(torch, op)(lhs, rhs)), "ignore_zero_sign": True})
    return cases


def inplace(selves, others):
    cases = []
    for op in CMP:
        for so in selves:
            for oo in others:
                s, o = dec(so), dec(oo)
                outcome = run(lambda: getattr(s, op + "_")(o), where=f"inplace {op}_")
                if outcome is None:
                    continue
                cases.append({"op": op + "_", "self": so, "other": oo, **outcome})
    return cases


def out_cases(operands):
    kinds = {kind_key(o): o for o in operands}
    lhs_o = kinds["tensor:float32"]
    rhs_kinds = ["tensor:float32", "tensor:int64", "scalar:float", "zerodim:int64", "tensor:complex64"]
    cases = []

    def add(op, lo, ro, out_dtype, out_shape):
        lhs, rhs = dec(lo), dec(ro)
        out = torch.empty(out_shape, dtype=out_dtype)
        outcome = run(lambda: getattr(torch, op)(lhs, rhs, out=out), where=f"out {op}")
        if outcome is not None:
            if "result" in outcome:  # the returned tensor is out itself
                assert outcome["result"] == result(out)
            case = {"op": op, "lhs": lo, "rhs": ro, "out_dtype": NAME[out_dtype], "out_shape": list(out_shape),
                    **outcome}
            if zero_sign_ambiguous(op, lhs, rhs, outcome):
                case["ignore_zero_sign"] = True
            cases.append(case)

    for op in OPS:
        for rk in rhs_kinds:
            for od in DTYPES:
                add(op, lhs_o, kinds[rk], od, (3,))
    # an out of another shape is resized to the broadcast shape
    for op in OPS:
        for shape in [(0,), (5,), (), (1,), (3, 1)]:
            for od in (torch.bool, torch.float32, torch.int64):
                add(op, lhs_o, kinds["tensor:float32"], od, shape)
        add(op, kinds["zerodim:float32"], kinds["zerodim:int64"], torch.bool, (3,))
        add(op, kinds["zerodim:float32"], kinds["zerodim:int64"], torch.float32, (0,))
    return cases


LAYOUT_PAIRS = [
    ("torch.arange(6.).reshape(2, 3).t()", "torch.tensor([1., 4.])"),
    ("torch.tensor([1., 4.])", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(3, 2)"),
    ("torch.arange(6.).reshape(3, 2)", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(2, 3).t().flip(0)"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.tensor(2.)"),
    ("torch.tensor(2.)", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.arange(6.).reshape(2, 3).t()", "2.5"),
    ("torch.arange(6, dtype=torch.int64).reshape(2, 3).t()", "torch.tensor([1., 4.])"),
    ("torch.tensor(3.)", "torch.arange(6.).reshape(2, 3)"),
    ("torch.arange(10.)[::2]", "torch.arange(5.)"),
    ("torch.arange(5.)", "torch.arange(10.)[::2]"),
    ("torch.arange(10.)[::2]", "torch.tensor(4.)"),
    ("torch.arange(12.).reshape(3, 4)[:, ::2]", "torch.arange(6.).reshape(3, 2)"),
    ("torch.arange(12.).reshape(3, 4).t()[::2]", "torch.arange(6.).reshape(2, 3)"),
    ("torch.arange(3.).expand(2, 3)", "torch.arange(6.).reshape(2, 3)"),
    ("torch.arange(2.).reshape(2, 1).expand(2, 3)", "torch.arange(6.).reshape(2, 3).t().t()"),
    ("torch.arange(3.).reshape(3, 1)", "torch.arange(4.).reshape(1, 4)"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.arange(24.).reshape(4, 2, 3) % 5"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.tensor([1., 0., 3.])"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)", "torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1).permute(2, 0, 1)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2) % 5"),
    ("torch.arange(24.).reshape(2, 3, 2, 2) % 5",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "(torch.arange(24.).reshape(2, 3, 2, 2) % 5).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "torch.tensor([1., 4.])"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "torch.tensor(5.)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(3.).reshape(3, 1, 1)"),
    ("torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)",
     "torch.arange(6.).reshape(2, 3, 1, 1) % 4"),
    ("torch.arange(6.).reshape(2, 3, 1, 1) % 4",
     "torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(12.).reshape(1, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(12, dtype=torch.int32).reshape(1, 3, 2, 2) % 5"),
]


def layout():
    cases = []
    for le, re_ in LAYOUT_PAIRS:
        for op in OPS:
            env = {"torch": torch}
            lhs, rhs = eval(le, env), eval(re_, env)  # noqa: S307 - our own literal expressions
            outcome = run(lambda: getattr(torch, op)(lhs, rhs), encode=result_strided, where=f"layout {op}")
            if outcome is None:
                continue
            case = {"op": op, "lhs_expr": le, "rhs_expr": re_, "lhs": enc_strided(lhs), "rhs": enc_strided(rhs),
                    **outcome}
            if zero_sign_ambiguous(op, lhs, rhs, outcome):
                case["ignore_zero_sign"] = True
            cases.append(case)
    return cases


META_PAIRS = [
    # (lhs, rhs, form, out): expressions; form "new" torch.<op>(lhs, rhs), "inplace" lhs.<op>_(rhs), "out"
    ("torch.empty(3, device='meta')", "torch.empty(3, device='meta')", "new", None),
    ("torch.empty(3, device='meta')", "torch.empty(3, dtype=torch.int64, device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.float16, device='meta')", "torch.empty(3, dtype=torch.float64, device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.int32, device='meta')", "torch.empty(3, dtype=torch.bool, device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.uint8, device='meta')", "torch.empty(3, dtype=torch.int8, device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.complex64, device='meta')", "torch.empty(3, dtype=torch.complex64, device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.bfloat16, device='meta')", "torch.empty(3, dtype=torch.complex64, device='meta')", "new", None),
    ("torch.empty(2, 1, device='meta')", "torch.empty(3, device='meta')", "new", None),
    ("torch.empty(2, 3, device='meta').t()", "torch.empty(2, device='meta')", "new", None),
    ("torch.empty(2, 3, 2, 2, device='meta').contiguous(memory_format=torch.channels_last)",
     "torch.empty(2, 3, 2, 2, device='meta')", "new", None),
    ("torch.empty(3, device='meta')", "torch.empty(2, device='meta')", "new", None),
    ("torch.empty((), device='meta')", "torch.empty((), dtype=torch.int64, device='meta')", "new", None),
    ("torch.empty(3, device='meta')", "torch.tensor(2.5)", "new", None),
    ("torch.empty(3, dtype=torch.int64, device='meta')", "torch.tensor(2.5, dtype=torch.float64)", "new", None),
    ("torch.tensor(2.5)", "torch.empty(2, 3, device='meta')", "new", None),
    ("torch.empty(3, device='meta')", "torch.tensor([1., 2., 3.])", "new", None),
    ("torch.tensor([1., 2., 3.])", "torch.empty(3, device='meta')", "new", None),
    ("torch.tensor([1., 2., 3.])", "torch.empty((), device='meta')", "new", None),
    ("torch.empty(3, dtype=torch.int32, device='meta')", "2.5", "new", None),
    ("torch.empty(3, dtype=torch.float16, device='meta')", "2", "new", None),
    ("torch.empty(3, device='meta')", "torch.empty(3, dtype=torch.int64, device='meta')", "inplace", None),
    ("torch.empty(3, dtype=torch.int32, device='meta')", "torch.empty(2, 3, device='meta')", "inplace", None),
    ("torch.empty(3, device='meta')", "torch.tensor(1)", "inplace", None),
    ("torch.empty(3, device='meta')", "torch.empty(3, device='meta')", "out",
     "torch.empty(3, dtype=torch.float64, device='meta')"),
    ("torch.empty(3, device='meta')", "torch.empty(3, device='meta')", "out",
     "torch.empty(0, dtype=torch.int32, device='meta')"),
    ("torch.empty(3, device='meta')", "torch.empty(3, device='meta')", "out", "torch.zeros(3)"),
    ("torch.ones(3)", "torch.ones(3)", "out", "torch.empty(3, device='meta')"),
]


def meta():
    cases = []
    for le, re_, form, oe in META_PAIRS:
        for op in OPS:
            if form == "inplace" and op not in CMP:
                continue
            env = {"torch": torch}
            lhs, rhs = eval(le, env), eval(re_, env)  # noqa: S307 - our own literal expressions
            out = eval(oe, env) if oe else None  # noqa: S307
            if form == "new":
                f = lambda: getattr(torch, op)(lhs, rhs)  # noqa: E731
            elif form == "inplace":
                f = lambda: getattr(lhs, op + "_")(rhs)  # noqa: E731
            else:
                f = lambda: getattr(torch, op)(lhs, rhs, out=out)  # noqa: E731
            case = {"op": op, "form": form, "lhs_expr": le, "rhs_expr": re_, "lhs": enc_strided(lhs),
                    "rhs": enc_strided(rhs)}
            if oe:
                case["out_expr"] = oe
                case["out"] = enc_strided(out)
            outcome = run(f, encode=result_strided, where=f"meta {op}")
            if outcome is None:
                continue
            cases.append({**case, **outcome})
    return cases


def s2(dtype):
    """(2, 3) sparse COO, uncoalesced with a duplicate coordinate (record_sparse.py's s2)."""
    vals = {torch.bool: [True, False, True, True], torch.int64: [1, -2, 3, 4]}.get(dtype, [1.5, -2.0, 3.25, 0.5])
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]), torch.tensor(vals).to(dtype), (2, 3))


def s2c(dtype):
    """(2, 3) sparse COO, coalesced."""
    vals = {torch.bool: [True, False], torch.int64: [1, -2]}.get(dtype, [1.5, -2.0])
    return torch.sparse_coo_tensor(torch.tensor([[0, 1], [1, 2]]), torch.tensor(vals).to(dtype), (2, 3)).coalesce()


def dense23(dtype):
    raw = [0.5, 1.0, -1.5, 2.0, 0.0, 4.0]
    if dtype == torch.bool:
        return torch.tensor([x != 0 for x in raw]).reshape(2, 3)
    if dtype.is_floating_point or dtype.is_complex:
        return torch.tensor(raw, dtype=torch.float64).to(dtype).reshape(2, 3)
    return torch.tensor([int(x * 2) for x in raw]).to(dtype).reshape(2, 3)


def sparse():
    cases = []
    sub = [torch.float32, torch.int64, torch.bool, torch.complex64]

    def add(op, lhs, rhs, form="new", out=None):
        case = {"op": op, "form": form, "lhs": enc(lhs), "rhs": enc(rhs)}
        if form == "new":
            f = lambda: getattr(torch, op)(copy(lhs), copy(rhs))  # noqa: E731
        elif form == "inplace":
            f = lambda: getattr(copy(lhs), op + "_")(copy(rhs))  # noqa: E731
        else:
            case["out"] = enc(out)
            f = lambda: getattr(torch, op)(copy(lhs), copy(rhs), out=copy(out))  # noqa: E731
        outcome = run(f, encode=result_kind, where=f"sparse {op}")
        if outcome is not None:
            cases.append({**case, **outcome})

    for op in OPS:
        for a in sub:
            add(op, s2(a), s2c(a))
            add(op, s2(a), dense23(a))
            add(op, dense23(a), s2(a))
            add(op, s2(a), torch.tensor(2).to(a))
            add(op, torch.tensor(2).to(a), s2(a))
            for x in (2, 2.5):
                add(op, s2(a), x)
            add(op, 2, s2(a))
        add(op, s2(torch.float32), s2c(torch.int64))
        add(op, s2(torch.float32), s2c(torch.float32), form="out", out=torch.empty(0, dtype=torch.bool))
        add(op, s2(torch.float32), s2c(torch.float32), form="out",
            out=torch.sparse_coo_tensor(torch.zeros(2, 0, dtype=torch.long), torch.zeros(0, dtype=torch.bool), (2, 3)))
    for op in CMP:
        for a in sub:
            add(op, s2(a), s2c(a), form="inplace")
            add(op, s2(a), dense23(a), form="inplace")
            add(op, dense23(a), s2(a), form="inplace")
            add(op, s2(a), 2, form="inplace")
            add(op, s2(a), torch.tensor(2).to(a), form="inplace")
    return cases


def result_kind(t):
    """A result as sparse.json writes it: {"kind": "sparse", ...} or {"kind": "tensor", "dtype", "shape",
    "values"}."""
    if isinstance(t, torch.Tensor) and not t.is_sparse:
        return {"kind": "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}
    return enc(t)


ERROR_EXPRS = [
    # (name, expression): `a` is torch.tensor([7.5, -3.25, 0.001]), `b` torch.tensor([True, False, True]),
    # `c` torch.tensor([1+1j, 2-1j, 0.5j]), `i` torch.tensor([7, -3, 2], dtype=torch.int32)
    ("shape mismatch", "torch.{op}(a, torch.tensor([1., 2.]))"),
    ("shape mismatch reversed", "torch.{op}(torch.tensor([1., 2.]), a)"),
    ("shape mismatch 2-D", "torch.{op}(torch.ones(2, 3), torch.ones(3, 2))"),
    ("shape mismatch 3-D", "torch.{op}(torch.ones(2, 3), torch.ones(4, 3, 3))"),
    ("broadcast to 3-D", "torch.{op}(torch.ones(2, 3), torch.ones(4, 1, 3))"),
    ("empty against 3", "torch.{op}(torch.ones(0), a)"),
    ("method", "a.{op}(torch.tensor([1., 2.]))"),
    ("lhs Python int", "torch.{op}(2, a)"),
    ("lhs Python float", "torch.{op}(2.5, a)"),
    ("rhs Python float", "torch.{op}(a, 2.5)"),
    ("method Python float", "a.{op}(2.5)"),
    ("two Python ints", "torch.{op}(2, 3)"),
    ("two Python floats", "torch.{op}(2.5, 2.5)"),
    ("rhs None", "torch.{op}(a, None)"),
    ("rhs list", "torch.{op}(a, [1., 2., 3.])"),
    ("complex tensors", "torch.{op}(c, c)"),
    ("complex and float", "torch.{op}(a, c)"),
    ("float and complex zero-dim", "torch.{op}(a, torch.tensor(1+1j))"),
    ("complex and Python complex", "torch.{op}(c, 1j)"),
    ("complex and Python int", "torch.{op}(c, 1)"),
    ("cpu and meta", "torch.{op}(a, torch.empty(3, device='meta'))"),
    ("meta and cpu", "torch.{op}(torch.empty(3, device='meta'), a)"),
    ("cpu and meta zero-dim", "torch.{op}(a, torch.empty((), device='meta'))"),
    ("meta and cpu zero-dim", "torch.{op}(torch.empty(3, device='meta'), torch.tensor(1.))"),
    ("out overlaps lhs (bool)", "torch.{op}(b, torch.tensor([False, False, True]), out=b)"),
    ("out overlaps lhs (float32)", "torch.{op}(a, torch.tensor([1., -4., 0.]), out=a)"),
    ("out overlaps rhs (int32)", "torch.{op}(torch.tensor([1, 9, 2], dtype=torch.int32), i, out=i)"),
    ("out partially overlaps input", "torch.{op}(x[:3], x[1:], out=x[:3])"),
    ("out is input exactly (x[1:])", "torch.{op}(x[1:], x[1:], out=x[1:])"),
    ("out with internal overlap", "torch.{op}(a, a, out=torch.zeros(1).expand(3))"),
    ("out non-contiguous", "torch.{op}(a, torch.tensor([1., -4., 0.]), out=torch.zeros(6)[::2])"),
    ("out on meta", "torch.{op}(a, a, out=torch.empty(3, device='meta'))"),
    ("out int32 for float inputs", "torch.{op}(a, a, out=torch.empty(3, dtype=torch.int32))"),
    ("out float16 for float32 inputs", "torch.{op}(a, a, out=torch.empty(3, dtype=torch.float16))"),
    ("out bool for float inputs", "torch.{op}(a, a, out=torch.empty(3, dtype=torch.bool))"),
    ("out float32 for complex inputs", "torch.{op}(c, c, out=torch.empty(3))"),
    ("out too small, 2-D broadcast", "torch.{op}(torch.ones(2, 1), a, out=torch.empty(3))"),
    ("out zero-dim, 2-D broadcast", "torch.{op}(torch.ones(2, 1), a, out=torch.empty(()))"),
    ("out is a view of an input", "torch.{op}(a, a, out=a.view(3))"),
]

INPLACE_ERROR_EXPRS = [
    ("in place, other needs broadcast", "a.{op}_(torch.ones(2, 3))"),
    ("in place, zero-dim self", "torch.tensor(5.).{op}_(a)"),
    ("in place, shape mismatch", "a.{op}_(torch.tensor([1., 2.]))"),
    ("in place, self (1, 3) other (3, 1)", "torch.ones(1, 3).{op}_(torch.ones(3, 1))"),
    ("in place, self broadcasts", "torch.ones(2, 3).{op}_(a)"),
    ("in place, int32 self, float other", "i.{op}_(a)"),
    ("in place, bool self, float other", "b.{op}_(a)"),
    ("in place, uint8 self, Python -1", "torch.tensor([0, 255, 7], dtype=torch.uint8).{op}_(-1)"),
    ("in place, complex self", "c.{op}_(c)"),
    ("in place, complex self, Python float", "c.{op}_(0.5)"),
    ("in place, float self, complex other", "a.{op}_(c)"),
    ("in place, self expanded", "torch.zeros(1).expand(3).{op}_(a)"),
    ("in place, self and other overlap", "x[:3].{op}_(x[1:])"),
    ("in place, self is other", "a.{op}_(a)"),
    ("in place, cpu self, meta other", "a.{op}_(torch.empty(3, device='meta'))"),
    ("in place, meta self, cpu other", "torch.empty(3, device='meta').{op}_(a)"),
    ("in place, meta self, cpu zero-dim other", "torch.empty(3, device='meta').{op}_(torch.tensor(1.))"),
    ("in place, Python None", "a.{op}_(None)"),
]

PLAIN_EXPRS = [
    ("maximum_ method", "a.maximum_(a)"),
    ("minimum_ method", "a.minimum_(a)"),
    ("torch.maximum_", "torch.maximum_(a, a)"),
    ("operator == None", "a == None"),
    ("operator != None", "a != None"),
    ("operator == list", "a == [7.5, 0., 0.]"),
    ("operator < str", "a < 'x'"),
    ("operator Python lhs", "2.5 < a"),
    ("operator Python lhs ==", "7.5 == a"),
    ("max two tensors", "torch.max(a, torch.tensor([1., -4., 0.]))"),
    ("min two tensors", "torch.min(a, torch.tensor([1., -4., 0.]))"),
    ("max tensor and Python number", "torch.max(a, 2.5)"),
    ("fmax NaN", "torch.fmax(torch.tensor([float('nan'), 1.]), torch.tensor([1., float('nan')]))"),
    ("clamp_min NaN", "torch.clamp_min(torch.tensor([float('nan'), 1.]), 2.)"),
    ("eq with alpha", "torch.eq(a, a, alpha=2)"),
    ("greater alias", "torch.greater(a, torch.tensor([1., -4., 0.]))"),
    ("greater_equal alias", "torch.greater_equal(a, torch.tensor([7.5, -4., 0.]))"),
    ("less alias", "torch.less(a, torch.tensor([1., -4., 0.]))"),
    ("less_equal alias", "torch.less_equal(a, torch.tensor([7.5, -4., 0.]))"),
    ("not_equal alias", "torch.not_equal(a, torch.tensor([7.5, -4., 0.]))"),
    ("greater_ alias in place", "a.clone().greater_(torch.tensor([1., -4., 0.]))"),
    ("torch.equal", "torch.equal(a, a.clone())"),
    ("torch.equal different dtype", "torch.equal(a, a.double())"),
    ("torch.equal different shape", "torch.equal(a, a[:2])"),
    ("torch.equal NaN", "torch.equal(torch.tensor([float('nan')]), torch.tensor([float('nan')]))"),
]


def error_env():
    x = torch.tensor([1., 2., 3., 4.])
    return {"torch": torch, "a": torch.tensor([7.5, -3.25, 0.001]), "b": torch.tensor([True, False, True]),
            "c": torch.tensor([1 + 1j, 2 - 1j, 0.5j]), "i": torch.tensor([7, -3, 2], dtype=torch.int32), "x": x}


def errors():
    cases = []

    def add(name, expr, op=None):
        env = error_env()
        # noqa: S307 - our own literal expressions
        outcome = run(lambda: eval(expr, env), encode=result_strided, where=f"errors {expr}")
        if outcome is None:
            return
        case = {"name": name, "expr": expr}
        if op is not None:
            case["op"] = op
        cases.append({**case, **outcome})

    for name, expr in ERROR_EXPRS:
        for op in OPS:
            add(name, expr.format(op=op), op)
    for name, expr in INPLACE_ERROR_EXPRS:
        for op in CMP:
            add(name, expr.format(op=op), op + "_")
    for name, expr in PLAIN_EXPRS:
        add(name, expr)
    return cases


NOTE = (
    "Recorded on CPU by record_compare.py (beside this file), with torch.set_default_dtype(default_dtype) "
    "(float32 where a case has no default_dtype). binary: torch.<op>(lhs, rhs) for op in maximum, minimum, eq, ne, "
    "lt, le, gt, ge and every pair of the 28 operand kinds of promotion.json (same values), both Python numbers "
    "excepted; default dtype float32, and float64 again where one operand is a Python number. special: "
    "torch.<op>(lhs, rhs) on chosen values (NaN, infinities, signed zeros, integer extremes, values that round when "
    "promoted, Python integers outside the tensor dtype's range, empty tensors). ignore_zero_sign: true (any "
    "section) on maximum/minimum cases where some position holds zeros of opposite sign on the two sides after "
    "promotion: the sign of that zero result is the kernel's choice (PyTorch returns lhs from its scalar loop, "
    "used for these short tensors, and rhs from its vectorized loop, AVX512 here; special's two 32-element cases "
    "show the latter), so it depends on the length and the machine; compare -0.0 and 0.0 as equal there. inplace: self.<op>_(other) for the six comparisons "
    "(maximum/minimum have no in-place method) with the self and other operands of inplace.json. out: "
    "torch.<op>(lhs, rhs, out=torch.empty(out_shape, dtype=out_dtype)); the result is the returned tensor, which is "
    "out. layout: torch.<op>(eval(lhs_expr), eval(rhs_expr)), result strides. meta: torch.<op>(lhs, rhs) (form new), "
    "lhs.<op>_(rhs) (form inplace), torch.<op>(lhs, rhs, out=eval(out_expr)) (form out) with meta operands. sparse: "
    "as sparse.json's arithmetic (form new: torch.<op>(lhs, rhs); inplace: lhs.<op>_(rhs); out: torch.<op>(lhs, "
    "rhs, out=out)). errors: eval(expr) with a = torch.tensor([7.5, -3.25, 0.001]), b = torch.tensor([True, False, "
    "True]), c = torch.tensor([1+1j, 2-1j, 0.5j]), i = torch.tensor([7, -3, 2], dtype=torch.int32), "
    "x = torch.tensor([1., 2., 3., 4.]), fresh for each case."
)


def main(default_name="compare.json"):
    """Records every section into the path given on the command line, or `default_name` beside this script. The
    module's OPS, CMP (the operations recorded in place), special_pairs, PLAIN_EXPRS and NOTE decide what; another
    family's recorder (record_modular.py) sets them and calls this."""
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, default_name)
    operands, selves, others = load_operands()
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "binary": binary(operands),
        "special": special(),
        "inplace": inplace(selves, others),
        "out": out_cases(operands),
        "layout": layout(),
        "meta": meta(),
        "sparse": sparse(),
        "errors": errors(),
    }
    write(path, data)
    counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
    skipped = f", not recorded (internal assertions): {len(SKIPPED)}" if SKIPPED else ""
    print(f"{path}: " + ", ".join(f"{k} {n}" for k, n in counts.items()) + f", total {sum(counts.values())}"
          + f", {os.path.getsize(path)} bytes" + skipped)


if __name__ == "__main__":
    main()
