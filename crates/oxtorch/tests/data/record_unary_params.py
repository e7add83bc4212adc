"""Records unary_params.json, the golden data of the unary operations with number parameters: torch.nan_to_num
(nan, posinf, neginf) and torch.round with decimals (their methods, their in-place methods nan_to_num_, round_,
out=, and torch.special.round), from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_unary_params.py [output path]

(default output: unary_params.json beside this script). The test suites never run this script; they read the JSON
it writes (crates/oxtorch-py/python/tests/test_unary_params.py replays every section). Nothing here is random: two
runs give the same file.

Every case but the errors section's is one call, recorded by record_ternary.py's `record` (the format of
ternary.json and pointwise.json):

    {"op": name, "form": "function" | "method" | "inplace" | "out",
     "args": [operand, ...], "kwargs": {"nan": operand, ...} (absent when empty),
     "out": the out= tensor before the call (form "out" only),
     "default_dtype": "float64" (absent when float32),
     then {"result": ...} or {"error": class, "message": first line}}

function: torch.<op>(*args, **kwargs), where a dotted op names a function of a submodule ("special.round":
torch.special.round); method: args[0].<op>(*args[1:], **kwargs); inplace: the same with an op ending in `_`, which
returns args[0] itself; out: torch.<op>(*args, **kwargs, out=out), which returns out itself. The result of inplace
and out is that tensor after the call. PyTorch's signatures: nan_to_num(input, nan=0.0, posinf=None, neginf=None,
*, out=None) (the three parameters may be positional), Tensor.nan_to_num(nan=0.0, posinf=None, neginf=None);
round(input, *, decimals=0, out=None) (decimals keyword-only; without it the overload round(input) that copies
integers), Tensor.round(*, decimals=0); special.round(input, *, decimals=0, out=None). Operands and results are
golden_encoding's enc_strided / result_strided (shape, strides, row-major values; "device" where not cpu; sparse
COO as in sparse.json), a Python number is scalar_enc's, and Python None is {"kind": "none"}. One optional key:

- "warning": the first line of the UserWarning PyTorch gave (its "(Triggered internally at ...)" tail cut): an out=
  tensor of another shape resized. Recorded with torch.set_warn_always(True); PyTorch itself gives it once per
  process.

Every value compares exactly. What PyTorch 2.15 computes on CPU: nan_to_num replaces NaN, +inf and -inf by nan
(default 0), posinf and neginf (default the dtype's largest finite value and its negation), each parameter a double
converted to the dtype as PyTorch converts a double (float16/bfloat16 through float: rounded twice; complex: to the
component type, each component replaced on its own); integers and bool are copied (a new tensor; out= must still be
of the input's dtype). round(decimals=d), d != 0, for float16/bfloat16/float32 in float and float64 in double:
p = 10^|d| (std::pow in double, then converted), nearbyint(x * p) / p for d > 0 and nearbyint(x / p) * p for d < 0
(ties to even; p infinite from d = 39 (float) or 309 (double) on makes every result NaN); d = 0 is round().

Sections (the note in the file says the same):

- values:        every dtype on representative values (NaN, infinities, signed zeros, subnormals, the smallest
                 normal, the largest finite values, half-integers, integer extremes, a complex grid with NaN and
                 infinities in either part): nan_to_num with parameter sets (none, nan, posinf/neginf, all three,
                 out of float range, integer and bool numbers, None, NaN and infinities as replacements, positional
                 parameters), parameters that float16/bfloat16/float32 round (twice through float), zero-dim
                 tensors, long tensors (vectorized loop positions), default dtype float64; round with decimals
                 -400..400 (and the overflow thresholds 38/39 and 308/309) on the floating dtypes (values whose
                 results differ where computed in the dtype or in double), on the integer, bool and complex dtypes
                 (errors); every form; out= of every dtype and of other shapes (resized).
- special.round: torch.special.round with and without decimals.
- layout:        result strides for transposed, permuted, channels-last, sliced and expanded inputs, in place on
                 them, non-contiguous out=.
- meta:          inputs on the 'meta' device (float32, int64, bool, complex64; function, method, in place, out=,
                 meta/cpu mixes).
- sparse:        sparse COO inputs (uncoalesced with a duplicate coordinate, coalesced, with NaN and infinities).
- errors:        parser errors and other errors (and a few edge results), each with the exact Python expression.
"""

import os
import sys
import warnings

import torch

torch.set_default_dtype(torch.float32)
warnings.simplefilter("ignore")  # record() catches the warnings of each call
torch.set_warn_always(True)  # TORCH_WARN_ONCE warnings (out= resized) on every call

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import (  # noqa: E402
    DTYPES, SKIPPED, write,
)

# one call recorded as record_ternary.py records it (its clamp-only zero-sign note never applies here)
from record_ternary import record  # noqa: E402
from record_ternary import errors as record_errors  # noqa: E402

NAN, INF = float("nan"), float("inf")

FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
COMPLEX = [torch.complex64, torch.complex128]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]

TINY = {torch.float16: 2.0 ** -24, torch.bfloat16: 2.0 ** -133, torch.float32: 2.0 ** -149,
        torch.float64: 2.0 ** -1074}  # the smallest subnormals


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


# ---------------------------------------------------------------------------------------------------------------
# representative values

def float_values(d):
    """NaN, infinities, signed zeros, the smallest subnormal, the smallest normal, the largest finite values,
    ordinary values and half-integers (rounded once to d by torch.tensor)."""
    fi = torch.finfo(d)
    return [NAN, INF, -INF, 0.0, -0.0, TINY[d], -TINY[d], fi.tiny, -fi.tiny, fi.max, -fi.max, 1.0, -1.5, 0.5, 2.5,
            -0.5, 0.1, 1234.5678, NAN, -3.0]


def int_values(d):
    ii = torch.iinfo(d)
    return [ii.min, ii.max, 0, 1, ii.max - 1, 7, 100] + ([-1, ii.min + 1] if ii.min < 0 else [ii.max // 2])


PARTS = [NAN, INF, -INF, -0.0, 1.5]  # the complex grid's real and imaginary parts


def complex_values(d):
    big = torch.finfo(torch.float32 if d == torch.complex64 else torch.float64).max
    return [complex(re, im) for re in PARTS for im in PARTS] + [complex(big, -big), complex(0.0, -0.0), 0.5 - 2.5j]


def vals(d):
    if d == torch.bool:
        return T([True, False, True, False, True], d)
    if d.is_complex:
        return T(complex_values(d), d)
    if d.is_floating_point:
        return T(float_values(d), d)
    return T(int_values(d), d)


def zerodim(d, v):
    return torch.tensor(v, dtype=d)


# round's values: ties in decimal that binary cannot hold (1.25 holds, 2.35 and 2.675 do not), tiny and huge ones,
# NaN, infinities, signed zeros, subnormals, the largest finite values; and for each dtype some whose results differ
# where PyTorch's float computation is done in the dtype itself (float16, bfloat16) or in double (float32)
ROUND_BASE = [1.25, 2.35, 2.675, 0.125, -0.05, 1234.5678, 1e-10, 1e15 + 0.3, 1e300, 0.5, 1.5, 2.5, -0.5, -2.5,
              5.5e-5, 123456.5, -987.65, 0.285, 1.005, NAN, INF, -INF, 0.0, -0.0]
ROUND_EXTRA = {
    torch.float16: [65504.0, -65504.0, 0.050018310546875, -0.4501953125, 2566.0, 0.005001068115234375,
                    0.0025005340576171875, 3e-5],
    torch.bfloat16: [0.050048828125, -0.451171875, 326.0, 0.0050048828125, 0.00250244140625, 3.3895313892515355e38,
                     1e30],
    torch.float32: [2.549999952316284, -9.074999809265137, 6.609499931335449, 16777215.0, 8388607.5, 1e30,
                    3.4028234663852886e38],
    torch.float64: [4503599627370495.5, 2.0 ** 52 + 1, 1e308, 1.7976931348623157e308, 0.1 + 0.2, 1e-300],
}
DECIMALS = [-400, -20, -3, -1, 0, 1, 2, 3, 8, 20, 40, 400]
THRESHOLDS = [38, 39, -38, -39, 308, 309, -308, -309]  # where 10^|d| overflows float, double


def round_vals(d):
    fi = torch.finfo(d)
    return T(ROUND_BASE + ROUND_EXTRA[d] + [TINY[d], -TINY[d], fi.tiny, fi.max, -fi.max], d)


# nan_to_num's parameter sets
NAN_PARAMS = [
    {},
    {"nan": 1.5},
    {"posinf": 2.0, "neginf": -3.0},
    {"nan": 1.5, "posinf": 2.0, "neginf": -3.0},
    {"posinf": 1e300, "neginf": -1e300},  # out of float32/float16/bfloat16 range: infinities
    {"nan": 1, "posinf": True},  # integer and bool numbers
    {"nan": 1, "posinf": 7, "neginf": False},
    {"nan": -0.0, "neginf": 0},
    {"nan": 0.1, "posinf": 1e-45, "neginf": -1e-320},  # rounded to the dtype, underflowing
    {"nan": INF, "posinf": NAN, "neginf": -INF},  # NaN and infinities as replacements
    {"nan": None, "posinf": None, "neginf": None},  # the defaults, given
    {"posinf": 2 ** 70, "neginf": -2 ** 64},  # integers beyond int64
]

# parameters that the float dtypes round: each used as nan, posinf and (negated) neginf. float16/bfloat16 convert a
# double through float (two roundings): the values marked differ from one rounding of the double
ROUNDED_PARAMS = {
    torch.float16: [65504.0, 65519.99, 65520.0, 65519.999999999,  # the last: float 65520.0, a tie: inf (marked)
                    2049.0000001,  # float 2049.0, a tie: 2048 (marked)
                    2049.0, 2051.0, 2 ** -24, 2 ** -25, 2 ** -25 + 2 ** -50,  # float 2^-25, a tie: 0 (marked)
                    3 * 2 ** -26, 1e-8, 1e5, 1e300, 0.1, 1 / 3],
    torch.bfloat16: [3.3895313892515355e38, 3.39e38, (2 - 2 ** -8) * 2 ** 127,  # a tie: inf
                     (2 - 2 ** -8) * 2 ** 127 - 2 ** 102,  # float the tie: inf (marked)
                     3.4e38, 3.4028235e38, 1 + 2 ** -8, 1 + 2 ** -8 + 2 ** -40,  # float 1 + 2^-8, a tie: 1 (marked)
                     1 + 3 * 2 ** -9, 2 ** -133, 2 ** -134, 2 ** -134 + 2 ** -160,  # float 2^-134: 0 (marked)
                     1e-40, 1e300, 0.1, 1 / 3],
    torch.float32: [3.4028234663852886e38, 3.4028235677973366e38, 3.402823567797336e38, 3.5e38, 2 ** -149,
                    2 ** -150, 2 ** -150 + 2 ** -200, 1e-46, 7e-46, 1e300, 0.1, 1 / 3, 16777217.0],
    torch.float64: [1.7976931348623157e308, 5e-324, 2.2250738585072014e-308, 0.1, 1 / 3],
}


def near(*ds):
    """The dtypes given, without repeats, in DTYPES's order."""
    return sorted(set(ds), key=DTYPES.index)


# ---------------------------------------------------------------------------------------------------------------
# values

def nan_to_num_values(cases):
    # every dtype x every parameter set: the function and in place
    for d in DTYPES:
        for kw in NAN_PARAMS:
            record(cases, "nan_to_num", "function", [vals(d)], kw)
            record(cases, "nan_to_num_", "inplace", [vals(d)], kw)
    # the method, out= of the same dtype, positional parameters
    for d in DTYPES:
        for kw in ({}, {"nan": 1.5, "posinf": 2.0, "neginf": -3.0}, {"posinf": 1e300, "neginf": -1e300}):
            record(cases, "nan_to_num", "method", [vals(d)], kw)
            record(cases, "nan_to_num", "out", [vals(d)], kw, out=torch.zeros(len(vals(d)), dtype=d))
        record(cases, "nan_to_num", "function", [vals(d), 1.5, 2.0, -3.0])
        record(cases, "nan_to_num", "function", [vals(d), 1.5], {"neginf": -3.0})
        record(cases, "nan_to_num", "method", [vals(d), 1.5, 2.0])
        record(cases, "nan_to_num_", "inplace", [vals(d), 1.5, 2.0, -3.0])
        record(cases, "nan_to_num", "out", [vals(d), -1, 1, 0], out=torch.zeros(len(vals(d)), dtype=d))
    # keyword input
    record(cases, "nan_to_num", "function", [], {"input": vals(torch.float32), "nan": 2.5})
    record(cases, "nan_to_num", "function", [], {"input": vals(torch.int32)})
    # parameters the dtype rounds (float16/bfloat16 through float)
    for d, params in ROUNDED_PARAMS.items():
        x = lambda: T([NAN, INF, -INF, 1.0], d)  # noqa: E731
        for v in params:
            record(cases, "nan_to_num", "function", [x()], {"nan": v, "posinf": v, "neginf": -v})
        for v in params[:4]:
            record(cases, "nan_to_num_", "inplace", [x()], {"nan": v, "posinf": v, "neginf": -v})
    for d in COMPLEX:
        x = lambda: T([complex(NAN, INF), complex(-INF, NAN), 1 + 1j], d)  # noqa: E731
        for v in (3.4028235677973366e38, 1e300, 0.1, 1e-46, 5e-324):
            record(cases, "nan_to_num", "function", [x()], {"nan": v, "posinf": v, "neginf": -v})
    # zero-dim tensors, every form
    for d, v in [(torch.float32, NAN), (torch.float32, INF), (torch.float32, -INF), (torch.float32, -2.5),
                 (torch.int64, -7)]:
        for kw in ({}, {"nan": 1.5, "posinf": 2.0, "neginf": -3.0}):
            record(cases, "nan_to_num", "function", [zerodim(d, v)], kw)
            record(cases, "nan_to_num", "method", [zerodim(d, v)], kw)
            record(cases, "nan_to_num_", "inplace", [zerodim(d, v)], kw)
            record(cases, "nan_to_num", "out", [zerodim(d, v)], kw, out=torch.zeros((), dtype=d))
    # empty tensors
    for d in (torch.float32, torch.int64, torch.complex64):
        record(cases, "nan_to_num", "function", [T([], d)], {"nan": 1.0})
        record(cases, "nan_to_num", "function", [torch.zeros(2, 0, dtype=d)])
    # long tensors: NaN and infinities at every position of PyTorch's vectorized loop and its tail
    for d in (torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64):
        pattern = [NAN, 1.5, INF, -0.0, -INF, 2.5, -1.0]
        for n in (16, 33, 70):
            x = lambda: T((pattern * (n // len(pattern) + 1))[:n], d)  # noqa: E731
            record(cases, "nan_to_num", "function", [x()], {"nan": 9.0, "posinf": 8.0, "neginf": -8.0})
            record(cases, "nan_to_num", "function", [x()])
        x70 = T((pattern * 11)[:70], d)
        record(cases, "nan_to_num", "function", [x70[::3]], {"nan": 9.0})
        record(cases, "nan_to_num_", "inplace", [x70.clone()], {"posinf": 8.0})
    # default dtype float64: the parameters still convert to the input's dtype
    for d in (torch.float32, torch.float16, torch.int64):
        record(cases, "nan_to_num", "function", [vals(d)], {"nan": 0.1, "posinf": 1e300, "neginf": -1e-320},
               default=torch.float64)
    record(cases, "nan_to_num", "function", [vals(torch.complex64)], {"nan": 0.1}, default=torch.float64)
    # out= of every dtype (of the input's dtype only), of other shapes (resized, with a warning where it had elements)
    f5 = lambda: T([NAN, INF, -INF, -0.0, 1.25], torch.float32)  # noqa: E731
    i5 = lambda: T([7, -3, 2, 0, 100], torch.int32)  # noqa: E731
    for od in DTYPES:
        record(cases, "nan_to_num", "out", [f5()], {"nan": 1.5}, out=torch.zeros(5, dtype=od))
        record(cases, "nan_to_num", "out", [i5()], out=torch.zeros(5, dtype=od))
        record(cases, "nan_to_num", "out", [vals(torch.bool)], out=torch.zeros(5, dtype=od))
        record(cases, "nan_to_num", "out", [T([complex(NAN, INF), 1j], torch.complex64)], out=torch.zeros(2, dtype=od))
    for shape in [(0,), (7,), (), (1,), (5, 1), (2, 5)]:
        record(cases, "nan_to_num", "out", [f5()], {"posinf": 2.0}, out=torch.zeros(shape))
        record(cases, "nan_to_num", "out", [i5()], out=torch.zeros(shape, dtype=torch.int32))
    record(cases, "nan_to_num", "out", [f5()], out=torch.zeros(7, dtype=torch.float64))


def round_values(cases):
    # floating dtypes: every decimals (absent: round(input)), every form but out=
    for d in FLOATS:
        for dec in [None] + DECIMALS:
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "function", [round_vals(d)], kw)
            record(cases, "round", "method", [round_vals(d)], kw)
            record(cases, "round_", "inplace", [round_vals(d)], kw)
        for dec in THRESHOLDS:
            record(cases, "round", "function", [round_vals(d)], {"decimals": dec})
        for dec in (None, 0, 2, -1):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "out", [round_vals(d)], kw, out=torch.zeros(len(round_vals(d)), dtype=d))
    # the integer, bool and complex dtypes (round(input) copies integers; no kernel with decimals, nor for bool or
    # complex)
    for d in INTS + [torch.bool] + COMPLEX:
        for dec in (None, 0, 1, -1, 400):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "function", [vals(d)], kw)
            record(cases, "round", "method", [vals(d)], kw)
            record(cases, "round_", "inplace", [vals(d)], kw)
        for dec in (None, 1):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "out", [vals(d)], kw, out=torch.zeros(len(vals(d)), dtype=d))
    # zero-dim and empty tensors
    for d, v in [(torch.float32, 2.675), (torch.float64, -1234.5678), (torch.float16, 0.050018310546875),
                 (torch.int64, 7)]:
        for dec in (None, 2, -1):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "function", [zerodim(d, v)], kw)
            record(cases, "round_", "inplace", [zerodim(d, v)], kw)
    for d in (torch.float32, torch.int64):
        record(cases, "round", "function", [T([], d)], {"decimals": 1})
        record(cases, "round", "function", [torch.zeros(0, 3, dtype=d)])
    # long tensors (PyTorch's vectorized loop for round(), its scalar loop with decimals)
    for d in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
        pattern = [0.5, 1.5, 2.5, -0.5, -2.5, 2.675, NAN, -0.0, 1.25, INF, 0.125]
        x = lambda: T((pattern * 7)[:70], d)  # noqa: E731
        for dec in (None, 1, 2):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "round", "function", [x()], kw)
    # decimals keyword with a default dtype of float64 (it decides nothing)
    for d in (torch.float32, torch.float16):
        record(cases, "round", "function", [round_vals(d)], {"decimals": 2}, default=torch.float64)
    # keyword input
    record(cases, "round", "function", [], {"input": round_vals(torch.float32), "decimals": 1})
    # out= of every dtype (only the input's), of other shapes (resized, with a warning where it had elements)
    f5 = lambda: T([1.25, 2.675, -0.05, NAN, 1234.5678], torch.float32)  # noqa: E731
    i5 = lambda: T([7, -3, 2, 0, 100], torch.int32)  # noqa: E731
    for od in DTYPES:
        record(cases, "round", "out", [f5()], out=torch.zeros(5, dtype=od))
        record(cases, "round", "out", [f5()], {"decimals": 1}, out=torch.zeros(5, dtype=od))
        record(cases, "round", "out", [i5()], out=torch.zeros(5, dtype=od))
        record(cases, "round", "out", [T([1.25, 2.675], torch.float16)], {"decimals": 2}, out=torch.zeros(2, dtype=od))
    for shape in [(0,), (7,), (), (1,), (5, 1), (2, 5)]:
        record(cases, "round", "out", [f5()], out=torch.zeros(shape))
        record(cases, "round", "out", [f5()], {"decimals": 2}, out=torch.zeros(shape))
        record(cases, "round", "out", [i5()], out=torch.zeros(shape, dtype=torch.int32))


def values():
    cases = []
    nan_to_num_values(cases)
    round_values(cases)
    return cases


# ---------------------------------------------------------------------------------------------------------------
# special.round

def special_round():
    cases = []
    for d in FLOATS:
        for dec in (None, 0, 1, 2, -1, -3, 20, 400):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "special.round", "function", [round_vals(d)], kw)
        record(cases, "special.round", "out", [round_vals(d)], {"decimals": 2},
               out=torch.zeros(len(round_vals(d)), dtype=d))
    for d in (torch.int64, torch.uint8, torch.bool, torch.complex64):
        for dec in (None, 0, 1):
            kw = {} if dec is None else {"decimals": dec}
            record(cases, "special.round", "function", [vals(d)], kw)
    record(cases, "special.round", "function", [torch.tensor(2.675)], {"decimals": 2})
    record(cases, "special.round", "function", [], {"input": torch.tensor([1.25, 2.35]), "decimals": 1})
    record(cases, "special.round", "out", [torch.tensor([1.25, 2.35])], {"decimals": 1},
           out=torch.zeros(2, dtype=torch.float64))
    record(cases, "special.round", "out", [torch.tensor([1.25, 2.35])], {"decimals": 1}, out=torch.zeros(5))
    record(cases, "special.round", "out", [torch.tensor([1, 2])], out=torch.zeros(2, dtype=torch.int64))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# layout: result strides (float32; int64 for nan_to_num's and round's copies)

def v(n, dtype=torch.float32):
    """n values cycling through NaN, infinities, signed zeros and decimal ties (integers for integer dtypes)."""
    if dtype.is_floating_point:
        cycle = [NAN, 1.25, -INF, 2.35, INF, -0.05, -0.0, 2.675, 1234.5678]
    else:
        cycle = [7, -3, 0, 100, -128, 5]
    return T((cycle * (n // len(cycle) + 1))[:n], dtype)


LAYOUT_EXPRS = [
    "v(6).reshape(2, 3).t()",
    "v(6).reshape(2, 3).t().flip(0)",
    "v(10)[::2]",
    "v(3).expand(2, 3)",
    "v(2).reshape(2, 1).expand(2, 3)",
    "v(24).reshape(2, 3, 4).permute(2, 0, 1)",
    "v(24).reshape(2, 3, 4).permute(1, 2, 0)",
    "v(24).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
    "v(6).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)",
    "v(12).reshape(3, 4)[:, ::2]",
    "v(12).reshape(3, 4)[1:, 1:]",
    "v(1).expand(3)",
    "v(24, torch.int64).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
    "v(6, torch.int64).reshape(2, 3).t()",
    "v(10, torch.int64)[::2]",
    "v(3, torch.int64).expand(2, 3)",
]


def layout():
    cases = []
    env = {"torch": torch, "v": v}

    def ev(e):
        return eval(e, env)  # noqa: S307 - our own literal expressions

    for xe in LAYOUT_EXPRS:
        record(cases, "nan_to_num", "function", [ev(xe)])
        record(cases, "nan_to_num", "function", [ev(xe)], {"nan": 1.5, "posinf": 2.0, "neginf": -3.0})
        record(cases, "nan_to_num", "method", [ev(xe)], {"nan": 1.5})
        record(cases, "round", "function", [ev(xe)])
        record(cases, "round", "function", [ev(xe)], {"decimals": 1})
        record(cases, "round", "function", [ev(xe)], {"decimals": 0})
        record(cases, "special.round", "function", [ev(xe)], {"decimals": -1})
        # in place into a strided self keeps its strides (an expanded self: an error, except nan_to_num_ of
        # integers, which does not write)
        record(cases, "nan_to_num_", "inplace", [ev(xe)], {"nan": 1.5})
        record(cases, "round_", "inplace", [ev(xe)])
        record(cases, "round_", "inplace", [ev(xe)], {"decimals": 2})
    # non-contiguous out=: written through its strides
    record(cases, "nan_to_num", "out", [v(3)], {"nan": 1.5}, out=torch.zeros(6)[::2])
    record(cases, "round", "out", [v(3)], {"decimals": 1}, out=torch.zeros(6)[::2])
    record(cases, "round", "out", [v(3)], out=torch.zeros(6)[::2])
    record(cases, "nan_to_num", "out", [v(4).reshape(2, 2)], out=torch.zeros(2, 2).t())
    record(cases, "round", "out", [v(4).reshape(2, 2)], {"decimals": 2}, out=torch.zeros(2, 2).t())
    record(cases, "nan_to_num", "out", [v(4, torch.int64).reshape(2, 2)], out=torch.zeros(2, 2, dtype=torch.int64).t())
    record(cases, "round", "out", [v(4, torch.int64).reshape(2, 2)], out=torch.zeros(2, 2, dtype=torch.int64).t())
    record(cases, "nan_to_num", "out", [v(4).reshape(2, 2).t()], out=torch.zeros(2, 2))
    record(cases, "round", "out", [v(4).reshape(2, 2).t()], {"decimals": 1}, out=torch.zeros(2, 2))
    # an out= of another shape takes the input's layout, resized
    record(cases, "nan_to_num", "out", [v(6).reshape(2, 3).t()], out=torch.zeros(0))
    record(cases, "round", "out", [v(6).reshape(2, 3).t()], {"decimals": 1}, out=torch.zeros(0))
    record(cases, "nan_to_num", "out", [v(6, torch.int64).reshape(2, 3).t()], out=torch.zeros(0, dtype=torch.int64))
    record(cases, "round", "out", [v(24).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)],
           out=torch.zeros(0))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# meta

def meta():
    cases = []

    def e(*shape, dtype=torch.float32):
        return torch.empty(shape, dtype=dtype, device="meta")

    for d in (torch.float32, torch.int64, torch.bool, torch.complex64):
        record(cases, "nan_to_num", "function", [e(3, dtype=d)])
        record(cases, "nan_to_num", "function", [e(3, dtype=d)], {"nan": 1.5, "posinf": 1e300, "neginf": -1e300})
        record(cases, "nan_to_num", "method", [e(3, dtype=d)], {"nan": 1.5})
        record(cases, "nan_to_num_", "inplace", [e(3, dtype=d)], {"posinf": 2.0})
        record(cases, "nan_to_num", "out", [e(3, dtype=d)], out=e(3, dtype=d))
        record(cases, "nan_to_num", "out", [e(3, dtype=d)], out=e(0, dtype=d))
        record(cases, "nan_to_num", "out", [e(3, dtype=d)], out=e(3, dtype=torch.float64))
        record(cases, "round", "function", [e(3, dtype=d)])
        record(cases, "round", "function", [e(3, dtype=d)], {"decimals": 1})
        record(cases, "round", "function", [e(3, dtype=d)], {"decimals": 0})
        record(cases, "round", "method", [e(3, dtype=d)], {"decimals": -2})
        record(cases, "round_", "inplace", [e(3, dtype=d)])
        record(cases, "round_", "inplace", [e(3, dtype=d)], {"decimals": 2})
        record(cases, "round", "out", [e(3, dtype=d)], out=e(3, dtype=d))
        record(cases, "round", "out", [e(3, dtype=d)], {"decimals": 1}, out=e(2, 2, dtype=d))
        record(cases, "round", "out", [e(3, dtype=d)], {"decimals": 1}, out=e(3, dtype=torch.float64))
        record(cases, "special.round", "function", [e(3, dtype=d)], {"decimals": 1})
    # strides of meta results
    for x in (e(2, 3).t(), e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last), e(3).expand(2, 3),
              e(4, dtype=torch.int64)[::2]):
        record(cases, "nan_to_num", "function", [x])
        record(cases, "round", "function", [x], {"decimals": 1})
    record(cases, "nan_to_num_", "inplace", [e(3).expand(2, 3)])
    record(cases, "round_", "inplace", [e(3).expand(2, 3)], {"decimals": 1})
    record(cases, "nan_to_num", "function", [e()], {"nan": 1.0})
    record(cases, "round", "function", [e(dtype=torch.float16)], {"decimals": 3})
    # meta and cpu together
    record(cases, "nan_to_num", "out", [e(3)], out=torch.zeros(3))
    record(cases, "nan_to_num", "out", [torch.tensor([NAN, 1.0, INF])], out=e(3))
    record(cases, "round", "out", [e(3)], {"decimals": 1}, out=torch.zeros(3))
    record(cases, "round", "out", [torch.tensor([1.25, 2.35, 2.675])], {"decimals": 1}, out=e(3))
    record(cases, "round", "out", [torch.tensor([1.25, 2.35, 2.675])], out=e(3))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# sparse

def s2(dtype):
    """(2, 3) sparse COO, uncoalesced with a duplicate coordinate (record_unary.py's s2)."""
    vals_ = {torch.bool: [True, False, True, True], torch.int64: [1, -2, 3, 4]}.get(dtype, [1.5, -2.0, 3.25, 0.5])
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]), torch.tensor(vals_).to(dtype), (2, 3))


def s2c(dtype):
    """(2, 3) sparse COO, coalesced (record_unary.py's s2c)."""
    vals_ = {torch.bool: [True, False], torch.int64: [1, -2]}.get(dtype, [1.5, -2.0])
    return torch.sparse_coo_tensor(torch.tensor([[0, 1], [1, 2]]), torch.tensor(vals_).to(dtype), (2, 3)).coalesce()


def s2n(dtype, coalesced=False):
    """s2's coordinates with NaN and infinities (and a decimal tie, 1.25 + 1.425 at the duplicate coordinate)."""
    t = torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]),
                                torch.tensor([1.25, NAN, 1.425, -INF], dtype=dtype), (2, 3))
    return t.coalesce() if coalesced else t


def sparse():
    cases = []
    for d in (torch.float32, torch.int64):
        for make in (s2, s2c):
            record(cases, "nan_to_num", "function", [make(d)])
            record(cases, "nan_to_num", "function", [make(d)], {"nan": 1.5, "posinf": 2.0, "neginf": -3.0})
            record(cases, "nan_to_num", "method", [make(d)], {"nan": 1.5})
            record(cases, "nan_to_num_", "inplace", [make(d)])
            record(cases, "nan_to_num_", "inplace", [make(d)], {"nan": 1.5, "posinf": 2.0})
            record(cases, "round", "function", [make(d)])
            record(cases, "round", "function", [make(d)], {"decimals": 1})
            record(cases, "round", "function", [make(d)], {"decimals": 0})
            record(cases, "round", "method", [make(d)], {"decimals": 1})
            record(cases, "round_", "inplace", [make(d)])
            record(cases, "round_", "inplace", [make(d)], {"decimals": 1})
            record(cases, "special.round", "function", [make(d)])
        record(cases, "nan_to_num", "out", [s2(d)], out=torch.zeros(2, 3, dtype=d))
        record(cases, "nan_to_num", "out", [s2c(d)], out=s2c(d))
        record(cases, "round", "out", [s2(d)], out=torch.zeros(2, 3, dtype=d))
        record(cases, "round", "out", [s2c(d)], out=s2c(d))
        record(cases, "round", "out", [s2c(d)], {"decimals": 1}, out=s2c(d))
    for d in (torch.float32, torch.complex64):
        for coalesced in (False, True):
            record(cases, "nan_to_num", "function", [s2n(d, coalesced)])
            record(cases, "nan_to_num", "function", [s2n(d, coalesced)], {"nan": 1.5, "posinf": 2.0, "neginf": -3.0})
            record(cases, "nan_to_num_", "inplace", [s2n(d, coalesced)], {"neginf": -3.0})
            record(cases, "round", "function", [s2n(d, coalesced)])
            record(cases, "round_", "inplace", [s2n(d, coalesced)])
    for d in (torch.bool, torch.complex64, torch.float16):
        record(cases, "nan_to_num", "function", [s2c(d)])
        record(cases, "round", "function", [s2c(d)])
        record(cases, "round", "function", [s2c(d)], {"decimals": 1})
    return cases


# ---------------------------------------------------------------------------------------------------------------
# errors: Python expressions

ERROR_EXPRS = [
    # (name, op, expression): `f` is torch.tensor([nan, inf, -inf, 1.25]), `x` torch.tensor([1.25, 2.35, -0.05,
    # 1234.5678]), `h` torch.tensor([nan, inf, -inf, 2.675], dtype=torch.float16), `i` torch.tensor([7, -3, 2],
    # dtype=torch.int32), `b` torch.tensor([True, False, True]), `c` torch.tensor([complex(nan, inf), 1.5-2.5j,
    # complex(-inf, 0.5)]); `nan` and `inf` are float('nan') and float('inf')
    ("nan_to_num no arguments", "nan_to_num", "torch.nan_to_num()"),
    ("nan_to_num a Python float", "nan_to_num", "torch.nan_to_num(1.5)"),
    ("nan_to_num a Python nan", "nan_to_num", "torch.nan_to_num(nan)"),
    ("nan_to_num a list", "nan_to_num", "torch.nan_to_num([nan, 1.0])"),
    ("nan_to_num None", "nan_to_num", "torch.nan_to_num(None)"),
    ("nan_to_num nan None", "nan_to_num", "torch.nan_to_num(f, nan=None)"),
    ("nan_to_num posinf None", "nan_to_num", "torch.nan_to_num(f, posinf=None, neginf=None)"),
    ("nan_to_num nan a string", "nan_to_num", "torch.nan_to_num(f, nan='a')"),
    ("nan_to_num posinf a string", "nan_to_num", "torch.nan_to_num(f, posinf='1')"),
    ("nan_to_num nan complex", "nan_to_num", "torch.nan_to_num(f, nan=1j)"),
    ("nan_to_num complex input, nan complex", "nan_to_num", "torch.nan_to_num(c, nan=1 + 1j)"),
    ("nan_to_num nan a tensor", "nan_to_num", "torch.nan_to_num(f, nan=torch.tensor(2.5))"),
    ("nan_to_num nan a one-element tensor", "nan_to_num", "torch.nan_to_num(f, nan=torch.tensor([2.5]))"),
    ("nan_to_num nan a two-element tensor", "nan_to_num", "torch.nan_to_num(f, nan=torch.tensor([2.5, 1.]))"),
    ("nan_to_num nan an int tensor", "nan_to_num", "torch.nan_to_num(f, nan=torch.tensor(3))"),
    ("nan_to_num nan a list", "nan_to_num", "torch.nan_to_num(f, nan=[1.0])"),
    ("nan_to_num nan a huge int", "nan_to_num", "torch.nan_to_num(f, nan=2 ** 1100)"),
    ("nan_to_num nan 2**70", "nan_to_num", "torch.nan_to_num(f, nan=2 ** 70)"),
    ("nan_to_num positional parameters", "nan_to_num", "torch.nan_to_num(f, 1.0, 2.0, 3.0)"),
    ("nan_to_num five positional arguments", "nan_to_num", "torch.nan_to_num(f, 1.0, 2.0, 3.0, 4.0)"),
    ("nan_to_num positional and keyword nan", "nan_to_num", "torch.nan_to_num(f, 1.0, nan=2.0)"),
    ("nan_to_num unknown keyword", "nan_to_num", "torch.nan_to_num(f, inf=1.0)"),
    ("nan_to_num keyword self", "nan_to_num", "torch.nan_to_num(self=f)"),
    ("nan_to_num keyword input", "nan_to_num", "torch.nan_to_num(input=f, nan=2.0)"),
    ("nan_to_num out a number", "nan_to_num", "torch.nan_to_num(f, out=1)"),
    ("nan_to_num out a list", "nan_to_num", "torch.nan_to_num(f, out=[f])"),
    ("nan_to_num out None", "nan_to_num", "torch.nan_to_num(f, out=None)"),
    ("nan_to_num out float64", "nan_to_num", "torch.nan_to_num(f, out=torch.zeros(4, dtype=torch.float64))"),
    ("nan_to_num out float16 of float32", "nan_to_num", "torch.nan_to_num(f, out=torch.zeros(4, dtype=torch.half))"),
    ("nan_to_num int, out float", "nan_to_num", "torch.nan_to_num(i, out=torch.zeros(3))"),
    ("nan_to_num int, out int64", "nan_to_num", "torch.nan_to_num(i, out=torch.zeros(3, dtype=torch.int64))"),
    ("nan_to_num bool, out uint8", "nan_to_num", "torch.nan_to_num(b, out=torch.zeros(3, dtype=torch.uint8))"),
    ("nan_to_num complex, out float", "nan_to_num", "torch.nan_to_num(c, out=torch.zeros(3))"),
    ("nan_to_num out is the input", "nan_to_num", "torch.nan_to_num(f, out=f)"),
    ("nan_to_num int, out is the input", "nan_to_num", "torch.nan_to_num(i, out=i)"),
    ("nan_to_num out overlaps the input", "nan_to_num", "torch.nan_to_num(x[:3], out=x[1:])"),
    ("nan_to_num int, out overlaps the input", "nan_to_num",
     "torch.nan_to_num(i[:2], out=i[1:])"),
    ("nan_to_num out with internal overlap", "nan_to_num", "torch.nan_to_num(f, out=torch.zeros(1).expand(4))"),
    ("nan_to_num int, out with internal overlap", "nan_to_num",
     "torch.nan_to_num(i, out=torch.zeros(1, dtype=torch.int32).expand(3))"),
    ("nan_to_num out on meta", "nan_to_num", "torch.nan_to_num(f, out=torch.empty(4, device='meta'))"),
    ("nan_to_num int, returns a copy", "nan_to_num", "torch.nan_to_num(i) is i"),
    ("nan_to_num int, a new storage", "nan_to_num", "torch.nan_to_num(i).data_ptr() == i.data_ptr()"),
    ("nan_to_num int, result written", "nan_to_num", "(lambda r: (r.add_(1), i)[1])(torch.nan_to_num(i))"),
    ("nan_to_num_ returns self", "nan_to_num_", "(lambda t: t.nan_to_num_() is t)(f)"),
    ("nan_to_num_ int returns self", "nan_to_num_", "(lambda t: t.nan_to_num_() is t)(i)"),
    ("nan_to_num_ expanded", "nan_to_num_", "torch.zeros(1).expand(3).nan_to_num_()"),
    ("nan_to_num_ expanded int", "nan_to_num_", "torch.zeros(1, dtype=torch.int64).expand(3).nan_to_num_()"),
    ("nan_to_num_ expanded bool", "nan_to_num_", "torch.ones(1, dtype=torch.bool).expand(3).nan_to_num_(2.)"),
    ("nan_to_num_ positional", "nan_to_num_", "f.nan_to_num_(1.0, 2.0, 3.0)"),
    ("nan_to_num_ nan a string", "nan_to_num_", "f.nan_to_num_(nan='a')"),
    ("nan_to_num_ out", "nan_to_num_", "f.nan_to_num_(out=f)"),
    ("torch.nan_to_num_", "nan_to_num_", "torch.nan_to_num_(f, nan=1.5)"),
    ("torch.nan_to_num_ int", "nan_to_num_", "torch.nan_to_num_(i)"),
    ("nan_to_num method out", "nan_to_num", "f.nan_to_num(out=torch.zeros(4))"),
    ("nan_to_num method four positional", "nan_to_num", "f.nan_to_num(1.0, 2.0, 3.0, 4.0)"),
    ("nan_to_num method keyword input", "nan_to_num", "f.nan_to_num(input=f)"),
    ("nan_to_num float16 posinf 65520", "nan_to_num", "torch.nan_to_num(h, posinf=65520.0)"),
    ("nan_to_num float16 posinf 1e300", "nan_to_num", "torch.nan_to_num(h, posinf=1e300, neginf=-1e300)"),
    ("nan_to_num float16 posinf bool", "nan_to_num", "torch.nan_to_num(h, nan=True, posinf=False)"),
    ("nan_to_num float16 out float32", "nan_to_num", "torch.nan_to_num(h, out=torch.zeros(4))"),
    ("nan_to_num a number tensor", "nan_to_num", "torch.nan_to_num(torch.tensor(nan), nan=3)"),
    ("round no arguments", "round", "torch.round()"),
    ("round a Python float", "round", "torch.round(2.5)"),
    ("round a Python float with decimals", "round", "torch.round(2.675, decimals=2)"),
    ("round None", "round", "torch.round(None)"),
    ("round a list", "round", "torch.round([1.5])"),
    ("round decimals positional", "round", "torch.round(x, 1)"),
    ("round decimals positional 0", "round", "torch.round(x, 0)"),
    ("round decimals a float", "round", "torch.round(x, decimals=1.5)"),
    ("round decimals 1.0", "round", "torch.round(x, decimals=1.0)"),
    ("round decimals None", "round", "torch.round(x, decimals=None)"),
    ("round decimals a string", "round", "torch.round(x, decimals='1')"),
    ("round decimals True", "round", "torch.round(x, decimals=True)"),
    ("round decimals a tensor", "round", "torch.round(x, decimals=torch.tensor(1))"),
    ("round decimals a float tensor", "round", "torch.round(x, decimals=torch.tensor(1.))"),
    ("round decimals 2**31", "round", "torch.round(x, decimals=2 ** 31)"),
    ("round decimals 2**40", "round", "torch.round(x, decimals=2 ** 40)"),
    ("round decimals -2**63", "round", "torch.round(x, decimals=-2 ** 63)"),
    ("round decimals 2**63", "round", "torch.round(x, decimals=2 ** 63)"),
    ("round decimals 2**64", "round", "torch.round(x, decimals=2 ** 64)"),
    ("round unknown keyword", "round", "torch.round(x, digits=1)"),
    ("round keyword self", "round", "torch.round(self=x, decimals=1)"),
    ("round keyword input", "round", "torch.round(input=x)"),
    ("round out a number", "round", "torch.round(x, out=1)"),
    ("round out a number with decimals", "round", "torch.round(x, decimals=1, out=1)"),
    ("round out a list", "round", "torch.round(x, decimals=1, out=[x])"),
    ("round out None", "round", "torch.round(x, decimals=1, out=None)"),
    ("round out float64", "round", "torch.round(x, out=torch.zeros(4, dtype=torch.float64))"),
    ("round decimals, out float64", "round", "torch.round(x, decimals=1, out=torch.zeros(4, dtype=torch.float64))"),
    ("round int, out float", "round", "torch.round(i, out=torch.zeros(3))"),
    ("round int, out int64", "round", "torch.round(i, out=torch.zeros(3, dtype=torch.int64))"),
    ("round out is the input", "round", "torch.round(x, decimals=1, out=x)"),
    ("round out overlaps the input", "round", "torch.round(x[:3], out=x[1:])"),
    ("round decimals, out overlaps the input", "round", "torch.round(x[:3], decimals=1, out=x[1:])"),
    ("round int, out overlaps the input", "round", "torch.round(i[:2], out=i[1:])"),
    ("round out with internal overlap", "round", "torch.round(x, decimals=2, out=torch.zeros(1).expand(4))"),
    ("round out on meta", "round", "torch.round(x, decimals=2, out=torch.empty(4, device='meta'))"),
    ("round int decimals", "round", "torch.round(i, decimals=1)"),
    ("round int decimals 0", "round", "torch.round(i, decimals=0)"),
    ("round int decimals -1", "round", "torch.round(i, decimals=-1)"),
    ("round int, returns a copy", "round", "torch.round(i) is i"),
    ("round bool", "round", "torch.round(b)"),
    ("round bool decimals", "round", "torch.round(b, decimals=2)"),
    ("round complex", "round", "torch.round(c)"),
    ("round complex decimals", "round", "torch.round(c, decimals=1)"),
    ("round complex decimals 0", "round", "torch.round(c, decimals=0)"),
    ("round method decimals positional", "round", "x.round(1)"),
    ("round method decimals a float", "round", "x.round(decimals=0.5)"),
    ("round method out", "round", "x.round(decimals=1, out=torch.zeros(4))"),
    ("round_ decimals positional", "round_", "x.round_(1)"),
    ("round_ decimals a float", "round_", "x.round_(decimals=1.5)"),
    ("round_ decimals None", "round_", "x.round_(decimals=None)"),
    ("round_ returns self", "round_", "(lambda t: t.round_(decimals=1) is t)(x)"),
    ("round_ expanded", "round_", "torch.zeros(1).expand(3).round_()"),
    ("round_ expanded, decimals", "round_", "torch.zeros(1).expand(3).round_(decimals=1)"),
    ("round_ expanded int", "round_", "torch.zeros(1, dtype=torch.int64).expand(3).round_()"),
    ("round_ int decimals", "round_", "i.round_(decimals=1)"),
    ("round_ int", "round_", "i.round_()"),
    ("round_ bool", "round_", "b.round_()"),
    ("round_ complex decimals", "round_", "c.round_(decimals=2)"),
    ("torch.round_", "round_", "torch.round_(x)"),
    ("torch.round_ decimals", "round_", "torch.round_(x, decimals=1)"),
    ("round float16 decimals 2", "round", "torch.round(h, decimals=2)"),
    ("round float16 decimals -3", "round", "torch.round(h, decimals=-3)"),
    ("round float16 out float32", "round", "torch.round(h, decimals=2, out=torch.zeros(4))"),
    ("round a number tensor", "round", "torch.round(torch.tensor(2.675), decimals=2)"),
    ("special.round decimals positional", "special.round", "torch.special.round(x, 1)"),
    ("special.round decimals a float", "special.round", "torch.special.round(x, decimals=1.5)"),
    ("special.round decimals None", "special.round", "torch.special.round(x, decimals=None)"),
    ("special.round a Python float", "special.round", "torch.special.round(2.5)"),
    ("special.round no arguments", "special.round", "torch.special.round()"),
    ("special.round int", "special.round", "torch.special.round(i)"),
    ("special.round keyword self", "special.round", "torch.special.round(self=x)"),
    ("special.round out float64", "special.round",
     "torch.special.round(x, decimals=1, out=torch.zeros(4, dtype=torch.float64))"),
    ("special.round out a number", "special.round", "torch.special.round(x, out=1)"),
    ("special.round out overlaps the input", "special.round", "torch.special.round(x[:3], decimals=1, out=x[1:])"),
]


def error_env():
    return {"torch": torch, "nan": NAN, "inf": INF,
            "f": torch.tensor([NAN, INF, -INF, 1.25]),
            "x": torch.tensor([1.25, 2.35, -0.05, 1234.5678]),
            "h": torch.tensor([NAN, INF, -INF, 2.675], dtype=torch.float16),
            "i": torch.tensor([7, -3, 2], dtype=torch.int32),
            "b": torch.tensor([True, False, True]),
            "c": torch.tensor([complex(NAN, INF), 1.5 - 2.5j, complex(-INF, 0.5)])}


def errors():
    """The errors section, recorded as record_ternary.py records its own."""
    return record_errors(ERROR_EXPRS, error_env)


NOTE = (
    "Recorded on CPU by record_unary_params.py (beside this file), with torch.set_default_dtype(default_dtype) "
    "(float32 where a case has none). Ops: nan_to_num, round (with and without decimals), special.round "
    "(torch.special.round) and the in-place nan_to_num_, round_. Each case but the errors section's is one call of "
    "form function: torch.<op>(*args, **kwargs) (a dotted op names a submodule's function); method: "
    "args[0].<op>(*args[1:], **kwargs); inplace: args[0].<op>(*args[1:], **kwargs), which returns args[0]; out: "
    "torch.<op>(*args, **kwargs, out=out) with out the tensor the case gives (before the call), which returns out. "
    "The result of inplace and out is that tensor after the call. Signatures are PyTorch's: nan_to_num(input, "
    "nan=0.0, posinf=None, neginf=None, *, out=None), round(input, *, decimals=0, out=None), special.round(input, *, "
    "decimals=0, out=None). Operands and results: shape, stride and row-major values (device where not cpu; meta "
    "ones have no values; sparse COO as in sparse.json); {\"kind\": \"none\"} is Python None. warning: the first "
    "line of PyTorch's UserWarning (recorded with torch.set_warn_always(True); PyTorch gives it once per process). "
    "Every value compares exactly: nan_to_num replaces NaN, +inf, -inf by nan (default 0), posinf, neginf (default "
    "the dtype's largest finite value and its negation), each a double converted to the dtype (float16/bfloat16 "
    "through float, rounded twice; complex: each component on its own); integers and bool are copied. "
    "round(decimals=d), d != 0, computes in float for float16/bfloat16/float32 and in double for float64 with p = "
    "10^|d| (std::pow in double, converted): nearbyint(x * p) / p for d > 0, nearbyint(x / p) * p for d < 0 (an "
    "infinite p gives NaN everywhere); d = 0 is round(). Sections: values (dtype grids, parameter sets, rounded "
    "parameters, decimals -400..400, every form, out= of every dtype and other shapes), special.round, layout "
    "(result strides), meta, sparse, errors: eval(expr) with f = torch.tensor([nan, inf, -inf, 1.25]), x = "
    "torch.tensor([1.25, 2.35, -0.05, 1234.5678]), h = torch.tensor([nan, inf, -inf, 2.675], dtype=torch.float16), "
    "i = torch.tensor([7, -3, 2], dtype=torch.int32), b = torch.tensor([True, False, True]), c = "
    "torch.tensor([complex(nan, inf), 1.5-2.5j, complex(-inf, 0.5)]), nan = float('nan'), inf = float('inf'), fresh "
    "for each case."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "unary_params.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "values": values(),
        "special.round": special_round(),
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
