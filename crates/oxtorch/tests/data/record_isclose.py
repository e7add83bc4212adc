"""Records isclose.json, the golden data of torch.isclose and torch.allclose (their methods Tensor.isclose and
Tensor.allclose), from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_isclose.py [output path]

(default output: isclose.json beside this script). The test suites never run this script; they read the JSON it
writes (crates/oxtorch-py/python/tests/test_isclose.py replays every section). Nothing here is random: two runs give
the same file.

Every case but the errors section's is one call, recorded by record_ternary.py's `record`:

    {"op": "isclose" | "allclose", "form": "function" | "method",
     "args": [input, other], "kwargs": {"rtol": number, "atol": number, "equal_nan": bool} (absent when empty),
     "default_dtype": "float64" (absent when float32),
     then {"result": ...} or {"error": class, "message": first line}}

function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs). PyTorch's signatures:
isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> Tensor (bool), allclose(input, other, rtol=1e-05,
atol=1e-08, equal_nan=False) -> bool; Tensor.isclose(other, rtol=1e-05, atol=1e-08, equal_nan=False), the same for
Tensor.allclose. rtol, atol and equal_nan may be given by position (the errors section does); neither op has out=.
Operands and results are golden_encoding's enc_strided / result_strided (shape, strides, row-major values; "device"
where not cpu; sparse COO as in sparse.json); a Python number is scalar_enc's; allclose's Python bool result is
{"kind": "python", "type": "bool", "value": ...}.

What PyTorch computes (aten/src/ATen/native/TensorCompare.cpp, isclose; allclose is isclose(...).all().item()):

    checks, in order: input.dtype == other.dtype ("Float did not match Double"), neither quantized, rtol >= 0
    ("rtol must be greater than or equal to zero, but got -1"), atol >= 0 (the same with atol);
    close = input == other
    if equal_nan and the dtype is floating or complex: close |= input.isnan() & other.isnan()
    if rtol == 0 and atol == 0: return close
    input' = input.to(default dtype) if input is bool, else input
    other' = other.to(default dtype) if input is bool or an integer, else other
    allowed = atol + (rtol * other').abs();  actual = (input' - other').abs()
    close |= isfinite(actual) & (actual <= allowed);  return close

so that there is no type promotion between input and other, integers and bool compute in the default dtype, rtol and
atol are Python-number operands of the tensor ops (rounded to float32 for float32 and complex64, kept in float for
float16/bfloat16 whose ops compute in float and round once; complex rtol * other is a complex product), and the
result's strides are those of `input == other`. Every value compares exactly.

Sections (the note in the file says the same):

- values:  for every pair of the 12 dtypes (a mismatch is an error), two 1-D tensors pairing special values (NaN,
           infinities, the dtype's largest finite values, signed zeros, values near and at the edge of rtol * |other|
           + atol, integer extremes whose difference overflows, complex numbers with NaN and infinite parts), with
           the defaults, rtol=0 atol=0, atol=0.5, rtol=0.1, equal_nan=True; for every dtype with itself also rtol=0.5
           atol=0.25 (exact edges), equal_nan=True with zero tolerances, rtol=0 atol=1, atol=1e300, rtol=1e300,
           rtol=0 atol=1e-50, infinite tolerances; the method form.
- special: broadcasting, zero-dim and empty tensors, tolerance edges of float16/bfloat16/float32/float64 ulp by ulp,
           default dtype float64 with integer and bool inputs, rtol/atol given as ints and bools, equal_nan with
           complex, negative and NaN tolerances (errors) and the order of the checks, allclose on the same grids.
- layout:  result strides for transposed, permuted, channels-last, sliced and expanded inputs, and mixed layouts.
- meta:    inputs on the 'meta' device (and meta/cpu mixes, allclose on meta).
- sparse:  sparse COO inputs (PyTorch has no sparse kernel for `==`, the first op isclose runs).
- errors:  parser errors and other errors (and a few edge results), each with the exact Python expression.
"""

import math
import os
import sys
import warnings

import torch

torch.set_default_dtype(torch.float32)
warnings.simplefilter("ignore")  # record() catches the warnings of each call
torch.set_warn_always(True)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import DTYPES, SKIPPED, write  # noqa: E402

# one call recorded as record_ternary.py records it, the errors section as it records its own
from record_ternary import record  # noqa: E402
from record_ternary import errors as record_errors  # noqa: E402
from record_unary import s2, s2c  # noqa: E402  (the (2, 3) sparse COO operands, uncoalesced and coalesced)

NAN, INF = float("nan"), float("inf")
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
COMPLEX = [torch.complex64, torch.complex128]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]
MANTISSA = {torch.float16: (10, -14), torch.bfloat16: (7, -126), torch.float32: (23, -126),
            torch.float64: (52, -1022)}


# ---------------------------------------------------------------------------------------------------------------
# the pairs of values: (input, other) position by position

def float_pairs(d):
    big = torch.finfo(d).max
    tiny = torch.finfo(d).tiny
    return [
        (NAN, NAN), (NAN, 1.0), (1.0, NAN), (NAN, INF),
        (INF, INF), (-INF, -INF), (INF, -INF), (-INF, INF),
        (INF, big), (big, INF), (big, -big), (-big, big), (big, big),
        (0.0, -0.0), (-0.0, 0.0), (0.0, 0.0),
        (1.0, 1.0 + 1e-6), (1.0 + 1e-6, 1.0), (1.0, 1.0 + 1e-4), (1.0 + 1e-4, 1.0),
        (100.001, 100.0), (100.0011, 100.0), (-100.0, -100.001), (100.0, 100.001),
        (10.0, 11.05), (11.05, 10.0), (10.0, 11.0), (2.0, 2.5), (2.5, 2.0), (2.0, 2.6), (1.0, 0.5), (0.0, 0.5),
        (1e-9, 0.0), (0.0, 1e-9), (1e-7, 0.0), (tiny, -tiny), (5e-324, 0.0),
        (1e30, 1.00001e30), (3.0, 3.0), (-7.25, -7.25),
    ]


def complex_pairs():
    c = complex
    return [
        (c(NAN, 0), c(NAN, 0)), (c(NAN, 1), c(1, NAN)), (c(0, NAN), c(0, NAN)), (c(NAN, 0), 1 + 0j),
        (c(NAN, NAN), c(NAN, NAN)), (c(NAN, INF), c(NAN, INF)),
        (c(INF, 0), c(INF, 0)), (c(INF, 0), c(-INF, 0)), (c(INF, 1), c(INF, 2)), (c(0, INF), c(0, INF)),
        (c(INF, INF), c(INF, INF)), (c(INF, 0), 1e30 + 0j), (c(1, INF), c(1, -INF)), (c(0, -INF), 1e30j),
        (c(0.0, -0.0), c(-0.0, 0.0)), (1 + 1j, 1 + 1.000001j), (1 + 1j, 1.0001 + 1j), (3 + 4j, 3 + 4.00005j),
        (3 + 4j, 3.00004 + 4.00003j), (10 + 0j, 11.05 + 0j), (11.05 + 0j, 10 + 0j), (2j, 2.5j), (2.5j, 2j),
        (1 + 0j, 0.5 + 0j), (0.6 + 0.8j, 0.6 - 0.8j), (1e30 + 1e30j, 1e30 + 1.00001e30j), (-7.25j, -7.25j),
        (1e-9j, 0j), (1e38 + 1e38j, -1e38 - 1e38j),
    ]


def int_pairs(d):
    ii = torch.iinfo(d)
    lo, hi = ii.min, ii.max
    pairs = [(hi, lo), (lo, hi), (hi, hi), (lo, lo), (hi, hi - 1), (hi - 1, hi), (lo + 1, lo),
             (0, 0), (1, 2), (2, 1), (0, 1), (1, 0), (10, 11), (11, 10), (100, 101), (7, 7)]
    if lo < 0:
        pairs += [(-1, 0), (5, -5), (-100, -101)]
    else:
        pairs += [(0, hi), (hi, 0), (200, 199)]
    if d == torch.int32:
        pairs += [(2 ** 24 + 1, 2 ** 24), (2 ** 24, 2 ** 24 + 1), (2 ** 31 - 1, 2 ** 31 - 128)]
    if d == torch.int64:
        pairs += [(2 ** 53 + 1, 2 ** 53), (2 ** 53, 2 ** 53 + 1), (2 ** 24 + 1, 2 ** 24), (2 ** 62, -2 ** 62),
                  (hi, hi - 2 ** 40)]
    return pairs


def pairs(d):
    if d == torch.bool:
        return [(True, True), (True, False), (False, True), (False, False)]
    if d.is_complex:
        return complex_pairs()
    if d.is_floating_point:
        return float_pairs(d)
    return int_pairs(d)


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


def inputs(d, n=None):
    return T([p[0] for p in pairs(d)][:n], d)


def others(d, n=None):
    return T([p[1] for p in pairs(d)][:n], d)


def grid(d1, d2):
    """input of d1 and other of d2, of the same length (the shorter list's)."""
    n = min(len(pairs(d1)), len(pairs(d2)))
    return [inputs(d1, n), others(d2, n)]


GENERAL = [{}, {"rtol": 0, "atol": 0}, {"atol": 0.5}, {"rtol": 0.1}, {"equal_nan": True}]
SAME_DTYPE = [{"rtol": 0.5, "atol": 0.25}, {"rtol": 0.0, "atol": 0.0, "equal_nan": True},
              {"rtol": 0, "atol": 1}, {"atol": 1e300}, {"rtol": 1e300}, {"rtol": 0, "atol": 1e-50},
              {"rtol": 0.1, "atol": 0.5, "equal_nan": True}, {"rtol": INF}, {"atol": INF}]


# ---------------------------------------------------------------------------------------------------------------
# values: the dtype grids

def values():
    cases = []
    for d1 in DTYPES:
        for d2 in DTYPES:
            for kw in GENERAL:
                record(cases, "isclose", "function", grid(d1, d2), kw)
    for d in DTYPES:
        for kw in SAME_DTYPE:
            record(cases, "isclose", "function", grid(d, d), kw)
    # the method form
    for d in DTYPES:
        for kw in ({}, {"atol": 0.5, "equal_nan": True}):
            record(cases, "isclose", "method", grid(d, d), kw)
        record(cases, "isclose", "method", grid(d, torch.float32 if d != torch.float32 else torch.float64))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# special

def ulp(v, d):
    """The spacing of d's values at |v| (v a value of d)."""
    mantissa, min_exp = MANTISSA[d]
    e = math.frexp(abs(v))[1] - 1 if v != 0 else min_exp
    return 2.0 ** (max(e, min_exp) - mantissa)


def edge_pair(d, o, rtol, atol, k=3):
    """other all o (a value of d); input the d value nearest o + (atol + rtol * |o|) and its k neighbours each side,
    and the same below o."""
    o = T([o], d).to(torch.float64).item()
    ins = []
    for sign in (1, -1):
        edge = T([o + sign * (atol + rtol * abs(o))], d).to(torch.float64).item()
        u = ulp(edge, d)
        ins += [edge + j * u for j in range(-k, k + 1)]
    return [T(ins, d), T([o] * len(ins), d)]


def special():
    cases = []

    # broadcasting, zero-dim and empty tensors
    shapes = [((3, 1), (4,)), ((4,), (3, 1)), ((2, 1, 3), (4, 1)), ((1,), (3,)), ((3,), (1,)), ((), (3,)),
              ((3,), ()), ((), ()), ((0,), (0,)), ((0,), (1,)), ((1,), (0,)), ((2, 0), (1, 0)), ((0,), ()),
              ((2, 0), (3,)), ((3,), (4,)), ((2, 3), (3, 2)), ((2, 3), (2, 1)), ((1, 3), (2, 1))]
    for xs, ys in shapes:
        nx, ny = torch.Size(xs).numel(), torch.Size(ys).numel()
        for d in (torch.float32, torch.int64, torch.complex64, torch.bool):
            if d == torch.bool:
                x = (torch.arange(nx) % 2 == 0).reshape(xs)
                y = (torch.arange(ny) % 3 == 0).reshape(ys)
            else:
                x = torch.arange(nx).to(d).reshape(xs)
                y = (torch.arange(ny) % 3).to(d).reshape(ys)
            if d.is_floating_point or d.is_complex:
                x.view(-1)[::4] = NAN if nx else 0
                y.view(-1)[1::3] = NAN if ny else 0
            for kw in ({}, {"equal_nan": True}, {"rtol": 0, "atol": 0, "equal_nan": True}, {"atol": 1.5}):
                record(cases, "isclose", "function", [x.clone(), y.clone()], kw)
            record(cases, "allclose", "function", [x.clone(), y.clone()], {"atol": 1.5, "equal_nan": True})
    # zero-dim with 1-D (same dtype, another dtype: an error, no promotion), both zero-dim
    for d in DTYPES:
        z = torch.tensor(pairs(d)[1][1], dtype=d)
        for kw in ({}, {"atol": 0.5, "equal_nan": True}):
            record(cases, "isclose", "function", [inputs(d), z.clone()], kw)
            record(cases, "isclose", "function", [z.clone(), inputs(d)], kw)
            record(cases, "isclose", "function", [z.clone(), torch.tensor(pairs(d)[2][1], dtype=d)], kw)
        for d2 in (torch.float32, torch.float64, torch.int64):
            if d2 != d:
                record(cases, "isclose", "function", [inputs(d), torch.tensor(1, dtype=d2)])
                record(cases, "isclose", "function", [torch.tensor(1, dtype=d2), inputs(d)])
    for d in (torch.float32, torch.float64, torch.complex64):
        for a, b in [(NAN, NAN), (INF, INF), (1.0, 1.00001), (0.0, -0.0), (1e-9, 0.0)]:
            for kw in ({}, {"equal_nan": True}, {"rtol": 0, "atol": 0}):
                record(cases, "isclose", "function", [torch.tensor(a, dtype=d), torch.tensor(b, dtype=d)], kw)
    # empty tensors of every dtype
    for d in DTYPES:
        record(cases, "isclose", "function", [T([], d), T([], d)])
        record(cases, "isclose", "function", [torch.zeros(2, 0, dtype=d), torch.zeros(0, dtype=d)])
        record(cases, "allclose", "function", [T([], d), T([], d)])

    # tolerance edges, ulp by ulp: float16/bfloat16 (the products and sums computed in float, rounded once to the
    # dtype), float32 and float64 at the default tolerances
    for d in (torch.float16, torch.bfloat16):
        bases = [1.0, 1000.0, 0.1, -3.0, 60000.0 if d == torch.float16 else 3.0e38, 2.0 ** -10]
        for o in bases:
            for rtol, atol in [(1e-3, 0.0), (2.0 ** -10, 0.0), (2.0 ** -8, 0.0), (1e-2, 0.0), (1e-3, 1e-3),
                               (0.0, 1e-3), (1e-5, 1e-8), (0.05, 0.001)]:
                kw = {"rtol": rtol, "atol": atol}
                if rtol == 1e-5 and atol == 1e-8:
                    kw = {}
                record(cases, "isclose", "function", edge_pair(d, o, rtol, atol), kw)
    for d in (torch.float32, torch.float64):
        for o in [1.0, 100.0, 3.0, -0.1, 1e-3, 1e-8, 0.0, 1e30]:
            record(cases, "isclose", "function", edge_pair(d, o, 1e-5, 1e-8))
            record(cases, "isclose", "function", edge_pair(d, o, 0.1, 0.0), {"rtol": 0.1, "atol": 0.0})
            record(cases, "isclose", "function", edge_pair(d, o, 0.0, 1e-3), {"rtol": 0, "atol": 1e-3})
    for d in COMPLEX:
        for o in [1 + 1j, 3 + 4j, 100j, -0.1 + 0j]:
            ins = [o * (1 + k * 1e-6) for k in range(5, 16)] + [o + k * 1e-6j for k in range(5, 16)]
            record(cases, "isclose", "function", [T(ins, d), T([o] * len(ins), d)])

    # default dtype float64: integers and bool compute in it (float32 inputs do not change)
    for d in INTS + [torch.bool, torch.float32, torch.float16]:
        for kw in ({}, {"rtol": 0, "atol": 0.5}, {"rtol": 0, "atol": 1e-300}, {"rtol": 1e-10, "atol": 0}):
            record(cases, "isclose", "function", grid(d, d), kw, default=torch.float64)
            record(cases, "isclose", "function", grid(d, d), kw)
        record(cases, "allclose", "function", grid(d, d), {"rtol": 0, "atol": 0.5}, default=torch.float64)
    record(cases, "isclose", "function", grid(torch.int32, torch.float64), default=torch.float64)

    # rtol/atol as ints and bools (taken as doubles); equal_nan given as False
    f, g = T([1.0, 2.0, NAN, 10.0, 0.0], torch.float32), T([1.5, 4.0, NAN, 11.0, 0.5], torch.float32)
    i, j = T([1, 2, 3, 10, 0], torch.int64), T([2, 4, 3, 11, 1], torch.int64)
    for kw in ({"rtol": 1}, {"atol": 1}, {"rtol": 0, "atol": 2}, {"rtol": True}, {"atol": True},
               {"rtol": False, "atol": False}, {"rtol": False}, {"rtol": True, "atol": False, "equal_nan": True},
               {"equal_nan": False}, {"rtol": 2, "atol": 0}):
        record(cases, "isclose", "function", [f.clone(), g.clone()], kw)
        record(cases, "isclose", "function", [i.clone(), j.clone()], kw)
        record(cases, "allclose", "function", [f.clone(), g.clone()], kw)

    # equal_nan with complex: NaN anywhere in either component
    for d in COMPLEX:
        for kw in ({"equal_nan": True}, {"equal_nan": True, "rtol": 0, "atol": 0}):
            record(cases, "isclose", "function", grid(d, d), kw)
            record(cases, "isclose", "method", grid(d, d), kw)
            record(cases, "allclose", "function", grid(d, d), kw)

    # negative and NaN tolerances (errors), -0.0 (accepted), and the order of the checks: dtype, then rtol, then
    # atol; broadcasting and devices only after
    for d in (torch.float32, torch.int64, torch.complex64, torch.bool):
        for kw in ({"rtol": -1}, {"atol": -1}, {"rtol": -0.5, "atol": -2}, {"rtol": -1e-10}, {"atol": -1e-300},
                   {"rtol": -INF}, {"atol": -INF}, {"rtol": NAN}, {"atol": NAN}, {"rtol": -0.0, "atol": -0.0},
                   {"rtol": -0.0}, {"rtol": -1, "equal_nan": True}):
            record(cases, "isclose", "function", grid(d, d), kw)
        record(cases, "allclose", "function", grid(d, d), {"atol": -1})
    for kw in ({"rtol": -1}, {"atol": -1}):
        record(cases, "isclose", "function", grid(torch.float32, torch.float64), kw)
        record(cases, "isclose", "function", [T([1.0, 2.0, 3.0], torch.float32), T([1.0, 2.0], torch.float32)], kw)
        record(cases, "allclose", "function", grid(torch.int32, torch.int64), kw)

    # allclose on the same grids: the whole grid, and the positions isclose finds close (True)
    for d in DTYPES:
        x, y = grid(d, d)
        for kw in ({}, {"rtol": 0, "atol": 0}, {"atol": 0.5}, {"equal_nan": True}):
            record(cases, "allclose", "function", [x.clone(), y.clone()], kw)
            close = torch.isclose(x, y, **kw)
            record(cases, "allclose", "function", [x[close].clone(), y[close].clone()], kw)
            record(cases, "allclose", "method", [x[close].clone(), y[close].clone()], kw)
            if not bool(close.all()):
                record(cases, "allclose", "function", [x[~close].clone(), y[~close].clone()], kw)
        for d2 in (torch.float32, torch.int64):
            if d2 != d:
                record(cases, "allclose", "function", grid(d, d2))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# layout: result strides

LAYOUT_PAIRS = [
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(3, 2)"),
    ("torch.arange(6.).reshape(3, 2)", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(2, 3).t() * 1.000001"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.arange(24.).reshape(4, 2, 3)"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)", "torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last) + 1e-6"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "torch.tensor(3.)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(3.).reshape(3, 1, 1)"),
    ("torch.arange(10.)[::2]", "torch.arange(5.)"),
    ("torch.arange(5.)", "torch.arange(10.)[1::2]"),
    ("torch.arange(12.).reshape(3, 4)[:, 1:3]", "torch.arange(6.).reshape(3, 2)"),
    ("torch.tensor([1.]).expand(3)", "torch.arange(3.)"),
    ("torch.arange(3.).expand(2, 3)", "torch.arange(3.).expand(2, 3)"),
    ("torch.arange(3.).reshape(3, 1).expand(3, 4)", "torch.arange(4.)"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(24.).reshape(2, 3, 2, 2).contiguous("
     "memory_format=torch.channels_last)[0, :, :, 0]"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(12.)[::2].reshape(3, 2)"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.arange(24.).reshape(3, 4, 2).permute(1, 2, 0)"),
    ("torch.arange(6.).reshape(2, 3).t()", "torch.tensor(1.)"),
    ("torch.tensor(1.)", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.arange(3.).reshape(3, 1)", "torch.arange(8.).reshape(2, 4).t()[0]"),
    ("torch.arange(6.).reshape(1, 2, 3).permute(2, 0, 1)", "torch.arange(6.).reshape(3, 1, 2)"),
    ("torch.zeros(0, 3).t()", "torch.zeros(3, 0)"),
]


def layout():
    cases = []
    env = {"torch": torch}

    def ev(e):
        return eval(e, env)  # noqa: S307 - our own literal expressions

    for xe, ye in LAYOUT_PAIRS:
        for kw in ({}, {"rtol": 0, "atol": 0}, {"equal_nan": True}):
            record(cases, "isclose", "function", [ev(xe), ev(ye)], kw)
        record(cases, "isclose", "function", [ev(xe).to(torch.int64), ev(ye).to(torch.int64)])
        record(cases, "isclose", "function", [ev(xe).to(torch.complex64), ev(ye).to(torch.complex64)],
               {"equal_nan": True})
        record(cases, "isclose", "method", [ev(xe).to(torch.bool), ev(ye).to(torch.bool)])
        record(cases, "allclose", "function", [ev(xe), ev(ye)], {"atol": 0.5})
    return cases


# ---------------------------------------------------------------------------------------------------------------
# meta

def meta():
    cases = []

    def e(*shape, dtype=torch.float32):
        return torch.empty(shape, dtype=dtype, device="meta")

    for d in (torch.float32, torch.int64, torch.complex64, torch.bool, torch.float16):
        for kw in ({}, {"rtol": 0, "atol": 0}, {"equal_nan": True}, {"atol": 1e300}):
            record(cases, "isclose", "function", [e(3, dtype=d), e(3, dtype=d)], kw)
        record(cases, "isclose", "function", [e(3, dtype=d), e(3, dtype=d)], default=torch.float64)
        record(cases, "isclose", "method", [e(3, dtype=d), e(3, dtype=d)])
        record(cases, "isclose", "function", [e(3, dtype=d), e(3, dtype=d)], {"rtol": -1})
        record(cases, "allclose", "function", [e(3, dtype=d), e(3, dtype=d)])
        record(cases, "allclose", "method", [e(3, dtype=d), e(3, dtype=d)], {"rtol": 0, "atol": 0})
    record(cases, "isclose", "function", [e(3), e(3, dtype=torch.float64)])
    record(cases, "isclose", "function", [e(3, dtype=torch.int64), e(3, dtype=torch.int32)])
    record(cases, "isclose", "function", [e(2, 1), e(3)])
    record(cases, "isclose", "function", [e(2, 1), e(3)], {"equal_nan": True})
    record(cases, "isclose", "function", [e(3), e(2)])
    record(cases, "isclose", "function", [e(), e()])
    record(cases, "isclose", "function", [e(0), e(0)])
    record(cases, "isclose", "function", [e(2, 3).t(), e(3, 2)])
    record(cases, "isclose", "function", [e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last), e(3, 1, 1)])
    record(cases, "isclose", "function", [e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last), e()],
           {"rtol": 0, "atol": 0})
    # meta with cpu
    for kw in ({}, {"rtol": 0, "atol": 0}, {"equal_nan": True}):
        record(cases, "isclose", "function", [e(3), torch.tensor([1.0, 2.0, 3.0])], kw)
        record(cases, "isclose", "function", [torch.tensor([1.0, 2.0, 3.0]), e(3)], kw)
        record(cases, "isclose", "function", [e(3), torch.tensor(1.0)], kw)
        record(cases, "isclose", "function", [torch.tensor(1.0), e(3)], kw)
    record(cases, "isclose", "function", [e(3, dtype=torch.int64), torch.tensor([1, 2, 3])])
    record(cases, "isclose", "function", [e(3), torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)])
    record(cases, "allclose", "function", [e(3), torch.tensor([1.0, 2.0, 3.0])])
    record(cases, "allclose", "function", [torch.tensor(1.0), e(3)])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# sparse

def dense23(dtype):
    raw = [0.5, 1.0, -1.5, 2.0, 0.25, 4.0]
    if dtype == torch.bool:
        return torch.tensor([x != 0 for x in raw]).reshape(2, 3)
    return torch.tensor(raw, dtype=torch.float64).to(dtype).reshape(2, 3)


def sparse():
    cases = []
    for d in (torch.float32, torch.int64, torch.bool):
        for op in ("isclose", "allclose"):
            record(cases, op, "function", [s2(d), dense23(d)])
            record(cases, op, "function", [dense23(d), s2(d)])
            record(cases, op, "function", [s2(d), s2(d)])
            record(cases, op, "function", [s2c(d), s2c(d)])
            record(cases, op, "function", [s2(d), s2c(d)], {"rtol": 0, "atol": 0})
            record(cases, op, "function", [s2(d), s2(d)], {"equal_nan": True})
            record(cases, op, "method", [s2(d), dense23(d)])
            record(cases, op, "method", [dense23(d), s2c(d)])
        record(cases, "isclose", "function", [s2(d), torch.tensor(1, dtype=d)])
        record(cases, "isclose", "function", [s2(d), s2(d)], {"rtol": -1})
    record(cases, "isclose", "function", [s2(torch.float32), dense23(torch.float64)])
    record(cases, "isclose", "function", [s2(torch.float32), s2(torch.float64)])
    record(cases, "isclose", "function", [s2(torch.complex64), s2(torch.complex64)], {"equal_nan": True})
    return cases


# ---------------------------------------------------------------------------------------------------------------
# errors: Python expressions

ERROR_EXPRS = [
    # (name, op, expression): `f` is torch.tensor([7.5, -3.25, 0.001]), `g` torch.tensor([7.5, -3.2, 0.0011]),
    # `d` torch.tensor([7.5, -3.25, 0.001], dtype=torch.float64), `i` torch.tensor([7, -3, 2], dtype=torch.int32),
    # `b` torch.tensor([True, False, True]), `c` torch.tensor([1+1j, 2-1j, 0.5j]), `x` torch.tensor([1., 2., 3., 4.]),
    # `n` torch.tensor([float('nan'), 1., float('inf')])
    ("isclose no arguments", "isclose", "torch.isclose()"),
    ("isclose one argument", "isclose", "torch.isclose(f)"),
    ("isclose other a float", "isclose", "torch.isclose(f, 7.5)"),
    ("isclose other an int", "isclose", "torch.isclose(i, 7)"),
    ("isclose other a bool", "isclose", "torch.isclose(b, True)"),
    ("isclose input a float", "isclose", "torch.isclose(7.5, f)"),
    ("isclose both numbers", "isclose", "torch.isclose(1.0, 1.0)"),
    ("isclose other a list", "isclose", "torch.isclose(f, [7.5, -3.25, 0.001])"),
    ("isclose other None", "isclose", "torch.isclose(f, None)"),
    ("isclose input None", "isclose", "torch.isclose(None, f)"),
    ("isclose rtol a string", "isclose", "torch.isclose(f, g, rtol='a')"),
    ("isclose atol a string", "isclose", "torch.isclose(f, g, atol='a')"),
    ("isclose rtol None", "isclose", "torch.isclose(f, g, rtol=None)"),
    ("isclose atol None", "isclose", "torch.isclose(f, g, atol=None)"),
    ("isclose rtol complex", "isclose", "torch.isclose(f, g, rtol=1j)"),
    ("isclose rtol a list", "isclose", "torch.isclose(f, g, rtol=[0.1])"),
    ("isclose rtol a zero-dim tensor", "isclose", "torch.isclose(f, g, rtol=torch.tensor(0.1))"),
    ("isclose atol a zero-dim int tensor", "isclose", "torch.isclose(f, g, atol=torch.tensor(1))"),
    ("isclose rtol a 1-D tensor", "isclose", "torch.isclose(f, g, rtol=torch.tensor([0.1]))"),
    ("isclose equal_nan an int", "isclose", "torch.isclose(n, n, equal_nan=1)"),
    ("isclose equal_nan None", "isclose", "torch.isclose(n, n, equal_nan=None)"),
    ("isclose equal_nan a string", "isclose", "torch.isclose(n, n, equal_nan='yes')"),
    ("isclose equal_nan a float", "isclose", "torch.isclose(n, n, equal_nan=1.0)"),
    ("isclose out=", "isclose", "torch.isclose(f, g, out=torch.zeros(3, dtype=torch.bool))"),
    ("isclose out=None", "isclose", "torch.isclose(f, g, out=None)"),
    ("isclose rtol positional", "isclose", "torch.isclose(f, g, 0.1)"),
    ("isclose rtol atol positional", "isclose", "torch.isclose(f, g, 0, 0.01)"),
    ("isclose rtol atol equal_nan positional", "isclose", "torch.isclose(n, n, 0.0, 0.0, True)"),
    ("isclose six positional", "isclose", "torch.isclose(f, g, 0.1, 0.5, True, 1)"),
    ("isclose rtol keyword and positional", "isclose", "torch.isclose(f, g, 0.1, rtol=0.2)"),
    ("isclose unknown keyword", "isclose", "torch.isclose(f, g, tol=0.1)"),
    ("isclose input and other keywords", "isclose", "torch.isclose(input=f, other=g)"),
    ("isclose keywords in another order", "isclose", "torch.isclose(atol=0.1, other=g, input=f, equal_nan=True)"),
    ("isclose self keyword", "isclose", "torch.isclose(self=f, other=g)"),
    ("isclose cpu and meta", "isclose", "torch.isclose(f, torch.empty(3, device='meta'))"),
    ("isclose meta and cpu", "isclose", "torch.isclose(torch.empty(3, device='meta'), f)"),
    ("isclose meta and cpu zero-dim", "isclose", "torch.isclose(torch.empty(3, device='meta'), torch.tensor(1.))"),
    ("isclose cpu zero-dim and meta", "isclose", "torch.isclose(torch.tensor(1.), torch.empty(3, device='meta'))"),
    ("isclose cpu and meta, negative rtol", "isclose", "torch.isclose(f, torch.empty(3, device='meta'), rtol=-1)"),
    ("isclose float32 and float64", "isclose", "torch.isclose(f, d)"),
    ("isclose int32 and float32", "isclose", "torch.isclose(i, f)"),
    ("isclose bool and int32", "isclose", "torch.isclose(b, i)"),
    ("isclose complex64 and complex128", "isclose", "torch.isclose(c, c.to(torch.complex128))"),
    ("isclose float32 and zero-dim float64", "isclose", "torch.isclose(f, torch.tensor(7.5, dtype=torch.float64))"),
    ("isclose shape mismatch", "isclose", "torch.isclose(f, x)"),
    ("isclose 2-D shape mismatch", "isclose", "torch.isclose(torch.ones(2, 3), torch.ones(3, 2))"),
    ("isclose shape mismatch, equal_nan", "isclose", "torch.isclose(f, x, equal_nan=True)"),
    ("isclose shape mismatch, dtype mismatch", "isclose", "torch.isclose(d, x)"),
    ("isclose shape mismatch, negative atol", "isclose", "torch.isclose(f, x, atol=-1)"),
    ("isclose negative rtol", "isclose", "torch.isclose(f, g, rtol=-1)"),
    ("isclose negative rtol 0.5", "isclose", "torch.isclose(f, g, rtol=-0.5)"),
    ("isclose negative atol", "isclose", "torch.isclose(f, g, atol=-1e-08)"),
    ("isclose negative rtol and atol", "isclose", "torch.isclose(f, g, rtol=-1, atol=-2)"),
    ("isclose rtol nan", "isclose", "torch.isclose(f, g, rtol=float('nan'))"),
    ("isclose atol -inf", "isclose", "torch.isclose(f, g, atol=float('-inf'))"),
    ("isclose negative rtol, dtype mismatch", "isclose", "torch.isclose(f, d, rtol=-1)"),
    ("isclose rtol -0.0", "isclose", "torch.isclose(f, g, rtol=-0.0, atol=0)"),
    ("isclose rtol 2 ** 70", "isclose", "torch.isclose(f, g, rtol=2 ** 70)"),
    ("isclose complex equal_nan", "isclose", "torch.isclose(c, c, equal_nan=True)"),
    ("isclose complex with nan, equal_nan", "isclose",
     "torch.isclose(c * float('nan'), c * float('nan'), equal_nan=True)"),
    ("isclose nan equal_nan", "isclose", "torch.isclose(n, n, equal_nan=True)"),
    ("isclose int equal_nan", "isclose", "torch.isclose(i, i, equal_nan=True)"),
    ("isclose f g", "isclose", "torch.isclose(f, g)"),
    ("isclose f g rtol 0.1", "isclose", "torch.isclose(f, g, rtol=0.1)"),
    ("isclose f g atol 0.1", "isclose", "torch.isclose(f, g, atol=0.1)"),
    ("isclose of a list of tensors", "isclose", "torch.isclose(f, (g,))"),
    ("torch.isclose_", "isclose_", "torch.isclose_(f, g)"),
    ("isclose_ method", "isclose_", "f.isclose_(g)"),
    ("isclose method no arguments", "isclose", "f.isclose()"),
    ("isclose method other a float", "isclose", "f.isclose(7.5)"),
    ("isclose method positional", "isclose", "f.isclose(g, 0.1, 0.5, True)"),
    ("isclose method other keyword", "isclose", "f.isclose(other=g, rtol=0.1)"),
    ("isclose method input keyword", "isclose", "f.isclose(input=g)"),
    ("isclose method out=", "isclose", "f.isclose(g, out=torch.zeros(3, dtype=torch.bool))"),
    ("isclose method dtype mismatch", "isclose", "f.isclose(d)"),
    ("isclose method negative atol", "isclose", "f.isclose(g, atol=-1)"),
    ("isclose method shape mismatch", "isclose", "f.isclose(x)"),
    ("allclose no arguments", "allclose", "torch.allclose()"),
    ("allclose one argument", "allclose", "torch.allclose(f)"),
    ("allclose other a float", "allclose", "torch.allclose(f, 7.5)"),
    ("allclose input a float", "allclose", "torch.allclose(7.5, f)"),
    ("allclose rtol a string", "allclose", "torch.allclose(f, g, rtol='a')"),
    ("allclose out=", "allclose", "torch.allclose(f, g, out=torch.zeros(3, dtype=torch.bool))"),
    ("allclose rtol atol equal_nan positional", "allclose", "torch.allclose(n, n, 0.0, 0.0, True)"),
    ("allclose six positional", "allclose", "torch.allclose(f, g, 0.1, 0.5, True, 1)"),
    ("allclose unknown keyword", "allclose", "torch.allclose(f, g, tol=0.1)"),
    ("allclose keywords", "allclose", "torch.allclose(input=f, other=g, atol=0.01)"),
    ("allclose shape mismatch", "allclose", "torch.allclose(f, x)"),
    ("allclose 2-D shape mismatch", "allclose", "torch.allclose(torch.ones(2, 3), torch.ones(3, 2))"),
    ("allclose broadcast", "allclose", "torch.allclose(torch.ones(3, 1), torch.ones(4))"),
    ("allclose float32 and float64", "allclose", "torch.allclose(f, d)"),
    ("allclose negative rtol", "allclose", "torch.allclose(f, g, rtol=-1)"),
    ("allclose negative atol", "allclose", "torch.allclose(f, g, atol=-1)"),
    ("allclose cpu and meta", "allclose", "torch.allclose(f, torch.empty(3, device='meta'))"),
    ("allclose meta", "allclose", "torch.allclose(torch.empty(3, device='meta'), torch.empty(3, device='meta'))"),
    ("allclose meta empty", "allclose", "torch.allclose(torch.empty(0, device='meta'), torch.empty(0, device='meta'))"),
    ("allclose empty", "allclose", "torch.allclose(torch.empty(0), torch.empty(0))"),
    ("allclose empty broadcast", "allclose", "torch.allclose(torch.empty(0), f[:1])"),
    ("allclose same", "allclose", "torch.allclose(f, f)"),
    ("allclose f g", "allclose", "torch.allclose(f, g)"),
    ("allclose f g rtol 0.1", "allclose", "torch.allclose(f, g, rtol=0.1)"),
    ("allclose nan", "allclose", "torch.allclose(n, n)"),
    ("allclose nan equal_nan", "allclose", "torch.allclose(n, n, equal_nan=True)"),
    ("allclose complex equal_nan", "allclose", "torch.allclose(c, c, equal_nan=True)"),
    ("allclose int", "allclose", "torch.allclose(i, i + 1, atol=1)"),
    ("allclose bool", "allclose", "torch.allclose(b, b)"),
    ("allclose sparse", "allclose", "torch.allclose(f.to_sparse(), g.to_sparse())"),
    ("allclose method", "allclose", "f.allclose(g, atol=0.1)"),
    ("allclose method no arguments", "allclose", "f.allclose()"),
    ("allclose method other a float", "allclose", "f.allclose(7.5)"),
    ("allclose method dtype mismatch", "allclose", "f.allclose(d)"),
    ("allclose method positional", "allclose", "f.allclose(g, 0.1, 0.5, True)"),
    ("allclose method out=", "allclose", "f.allclose(g, out=torch.zeros(3, dtype=torch.bool))"),
    ("allclose_ method", "allclose_", "f.allclose_(g)"),
    ("isclose sparse and dense", "isclose", "torch.isclose(f.to_sparse(), f)"),
    ("isclose dense and sparse", "isclose", "torch.isclose(f, f.to_sparse())"),
    ("isclose sparse and sparse", "isclose", "torch.isclose(f.to_sparse(), f.to_sparse())"),
    ("isclose sparse, dtype mismatch", "isclose", "torch.isclose(f.to_sparse(), d)"),
]


def error_env():
    return {"torch": torch, "f": torch.tensor([7.5, -3.25, 0.001]), "g": torch.tensor([7.5, -3.2, 0.0011]),
            "d": torch.tensor([7.5, -3.25, 0.001], dtype=torch.float64),
            "i": torch.tensor([7, -3, 2], dtype=torch.int32), "b": torch.tensor([True, False, True]),
            "c": torch.tensor([1 + 1j, 2 - 1j, 0.5j]), "x": torch.tensor([1., 2., 3., 4.]),
            "n": torch.tensor([NAN, 1., INF])}


def errors():
    """The errors section, recorded as record_ternary.py records its own."""
    return record_errors(ERROR_EXPRS, error_env)


NOTE = (
    "Recorded on CPU by record_isclose.py (beside this file), with torch.set_default_dtype(default_dtype) (float32 "
    "where a case has none). Ops: isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool tensor and "
    "allclose (same arguments) -> Python bool; neither has out=. Each case but the errors section's is one call of "
    "form function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs). Operands and results: "
    "shape, stride and row-major values (device where not cpu; meta ones have no values); a Python bool result is "
    "{\"kind\": \"python\", \"type\": \"bool\"}. PyTorch's isclose (TensorCompare.cpp): checks input.dtype == "
    "other.dtype (\"Float did not match Double\"), not quantized, rtol >= 0, atol >= 0, in that order; close = input "
    "== other; with equal_nan and a floating or complex dtype close |= isnan(input) & isnan(other); if rtol == 0 and "
    "atol == 0 it returns close; else input' = input.to(default dtype) where input is bool, other' = "
    "other.to(default dtype) where input is bool or an integer, allowed = atol + abs(rtol * other'), actual = "
    "abs(input' - other'), close |= isfinite(actual) & (actual <= allowed). allclose = isclose(...).all().item(). "
    "Every value compares exactly. Sections: values (every dtype pair, special values, several tolerances), special "
    "(broadcasting, zero-dim and empty tensors, tolerance edges ulp by ulp, default dtype float64, int and bool "
    "tolerances, negative tolerances, allclose), layout (result strides), meta, sparse, errors: eval(expr) with f = "
    "torch.tensor([7.5, -3.25, 0.001]), g = torch.tensor([7.5, -3.2, 0.0011]), d = torch.tensor([7.5, -3.25, "
    "0.001], dtype=torch.float64), i = torch.tensor([7, -3, 2], dtype=torch.int32), b = torch.tensor([True, False, "
    "True]), c = torch.tensor([1+1j, 2-1j, 0.5j]), x = torch.tensor([1., 2., 3., 4.]), n = "
    "torch.tensor([float('nan'), 1., float('inf')]), fresh for each case."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "isclose.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "values": values(),
        "special": special(),
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
