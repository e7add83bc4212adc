"""Records pointwise.json, the golden data of torch.addcmul, torch.addcdiv and torch.lerp (their methods, their
in-place methods addcmul_, addcdiv_, lerp_ and out=), from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_pointwise.py [output path]

(default output: pointwise.json beside this script). The test suites never run this script; they read the JSON it
writes (crates/oxtorch-py/python/tests/test_pointwise.py replays every section). Nothing here is random: the long
section's values come from a torch.Generator with a fixed seed, and two runs give the same file.

Every case but the errors section's is one call:

    {"op": name, "form": "function" | "method" | "inplace" | "out",
     "args": [operand, ...], "kwargs": {"value": operand, ...} (absent when empty),
     "out": the out= tensor before the call (form "out" only),
     "default_dtype": "float64" (absent when float32),
     then {"result": ...} or {"error": class, "message": first line}}

function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs); inplace: the same with an op
ending in `_`, which returns args[0] itself; out: torch.<op>(*args, **kwargs, out=out), which returns out itself.
The result of inplace and out is that tensor after the call. PyTorch's signatures: addcmul/addcdiv(input, tensor1,
tensor2, *, value=1, out=None), Tensor.addcmul(tensor1, tensor2, *, value=1); lerp(input, end, weight, *, out=None),
Tensor.lerp(end, weight). `value` is always a keyword here (the deprecated overload addcmul(input, value, tensor1,
tensor2), which PyTorch still takes with a warning, is in the errors section). Operands and results are
golden_encoding's enc_strided / result_strided (shape, strides, row-major values; "device" where not cpu; sparse
COO as in sparse.json), a Python number is scalar_enc's, and Python None is {"kind": "none"}. One optional key:

- "warning": the first line of the UserWarning PyTorch gave (its "(Triggered internally at ...)" tail cut): an out=
  tensor of another shape resized, the deprecated overload, PyTorch's "ComplexHalf support is experimental"
  beside a complex32 error. Recorded with torch.set_warn_always(True); PyTorch
  itself gives these once per process.

Every value compares exactly. What the recording machine's PyTorch (AVX512) computes, in the dtype (float for
float16/bfloat16, rounded once at the end), the same at every position of its vectorized and scalar loops for the
real dtypes: addcmul fma(value * tensor1, tensor2, input), addcdiv input + (value * tensor1) / tensor2 (no fused
operation), lerp fma(weight, end - start, start) where |weight| < 0.5, else end - (end - start) * (1 - weight)
fused into one rounding. The one difference between the loops there: lerp's vectorized loop (contiguous operands,
the first n - n % V elements, V = 16 float32, 8 float64, 32 float16/bfloat16 lanes) computes the second formula as
fma(weight - 1, end - start, end), whose zero result has the other sign where weight is 1. For
complex64/complex128, addcmul and lerp with a tensor weight round differently (in the last bit) in PyTorch's loop
over contiguous operands and in its loop over strided ones. The long section records that, position by position.

Sections (the note in the file says the same):

- values:  dtype grids: addcmul/addcdiv for every input dtype x tensor dtype (both tensors of it, and tensor2 of a
           fixed other dtype), with value absent and 2 (every pair), 0.5, True, -1.5 (some); zero-dim input, tensor1
           and tensor2; the method and in-place forms; lerp for every dtype with number weights, tensor weights of
           the same dtype, zero-dim weights of every dtype (promoted), start/end of every dtype pair (an error where
           they differ), zero-dim start and end; Python numbers as tensor1/tensor2 (TypeError); default dtype
           float64 where a Python number could decide (it never does).
- special: NaN, infinities, signed zeros, subnormals, overflow to infinity, integer extremes (wrapping), value and
           weight numbers a dtype cannot hold ("value cannot be converted to type ... without overflow", complex
           values for real dtypes, 2.5 on integers truncated), lerp weights near 0.5 (numbers and tensors holding
           both sides), broadcasting of all three operands, zero-dim and empty tensors, keyword forms, in place
           with a self that would broadcast.
- long:    bit-exactness over loop positions: contiguous float32/float64/float16/bfloat16/complex64/complex128
           tensors of lengths 1..40 with deterministic random values, a broadcast operand of shape [1], transposed
           and strided operands (PyTorch's scalar loop), lerp with weight 1 onto signed zeros (the loops' zero
           signs), in place.
- out:     out= of every dtype and of other shapes (resized), non-contiguous out=.
- layout:  result strides for transposed, expanded, sliced, permuted and channels-last operands, mixed dtypes.
- meta:    operands on the 'meta' device (and meta/cpu mixes, meta out=, in place on meta).
- sparse:  sparse COO operands (PyTorch has no sparse kernel for any of these ops).
- errors:  parser errors and other errors (and a few edge results), each with the exact Python expression.

Not recorded: cases whose result PyTorch gives as its complex32/bcomplex32 dtype (a float16/bfloat16 tensor with a
complex zero-dim operand): the project gives complex64 there (CONFORMANCE_README.md, deviation 1).
"""

import os
import sys
import warnings

import torch

torch.set_default_dtype(torch.float32)
warnings.simplefilter("ignore")  # record() catches the warnings of each call
torch.set_warn_always(True)  # TORCH_WARN_ONCE warnings (out= resized, deprecated overloads) on every call

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import (  # noqa: E402
    DTYPES, SKIPPED, write,
)

# one call recorded as record_ternary.py records it (its clamp-only zero-sign note never applies here)
from record_ternary import SKIPPED_COMPLEX32, record  # noqa: E402
from record_ternary import errors as record_errors  # noqa: E402

NAN, INF = float("nan"), float("inf")


# ---------------------------------------------------------------------------------------------------------------
# representative values: four of each dtype (extremes that wrap or overflow among ordinary values)

VALUES = {  # input, tensor1, lerp's start
    torch.bool: [True, False, True, False],
    torch.uint8: [0, 255, 7, 128],
    torch.int8: [-128, 127, 0, -7],
    torch.int16: [-32768, 32767, 1000, -3],
    torch.int32: [2 ** 31 - 1, -2 ** 31, 70000, -9],
    torch.int64: [2 ** 63 - 1, -5, -2 ** 63, 2 ** 53 + 1],
    torch.float16: [0.1, -1.5, 300.0, 65504.0],
    torch.bfloat16: [-1.5, 0.1, 3.0e38, 7.25],
    torch.float32: [0.1, -2.5, 3.0e38, 1e-3],
    torch.float64: [-0.3, 0.1, 1e300, 2.5],
    torch.complex64: [1.5 - 0.5j, 0.1 + 0j, -2j, 3 + 1e30j],
    torch.complex128: [0.1j, 1 - 1j, -2.5 + 0.5j, 1e300 + 0j],
}
OTHER = {  # tensor2 (no zeros: the divisor of addcdiv), lerp's end
    torch.bool: [True, True, False, True],
    torch.uint8: [3, 2, 255, 1],
    torch.int8: [-1, 2, 5, -128],
    torch.int16: [7, -2, 3, 1],
    torch.int32: [3, -1, 2, 5],
    torch.int64: [-1, 3, 1, 7],
    torch.float16: [3.0, -0.25, 0.1, 2.0],
    torch.bfloat16: [2.0, -3.0, 0.5, 0.1],
    torch.float32: [-0.7, 3.0, 0.5, 1e10],
    torch.float64: [3.0, -0.7, 1e-300, 0.1],
    torch.complex64: [1 + 1j, -0.5j, 2.0 + 0j, 0.1 - 0.2j],
    torch.complex128: [2 - 1j, 0.5 + 0j, 1j, -3 + 0.1j],
}
WEIGHTS = {  # lerp's tensor weights: both sides of 0.5, outside [0, 1]
    torch.bool: [True, False, True, False],
    torch.uint8: [0, 1, 2, 3],
    torch.int8: [0, 1, 2, -1],
    torch.int16: [0, 1, 2, -1],
    torch.int32: [0, 1, 2, -1],
    torch.int64: [0, 1, 2, -1],
    torch.float16: [0.25, 0.75, -0.5, 1.5],
    torch.bfloat16: [0.25, 0.75, -0.5, 1.5],
    torch.float32: [0.25, 0.75, -0.5, 1.5],
    torch.float64: [0.25, 0.75, -0.5, 1.5],
    torch.complex64: [0.25 + 0.1j, 0.75 - 0.2j, -0.5j, 1.5 + 0j],
    torch.complex128: [0.25 + 0.1j, 0.75 - 0.2j, -0.5j, 1.5 + 0j],
}
ZERODIM_WEIGHT = {
    torch.bool: True, torch.uint8: 1, torch.int8: -1, torch.int16: 2, torch.int32: 0, torch.int64: 1,
    torch.float16: 0.25, torch.bfloat16: 0.75, torch.float32: 0.3, torch.float64: 0.7,
    torch.complex64: 0.5 + 0.5j, torch.complex128: 0.25j,
}
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
COMPLEX = [torch.complex64, torch.complex128]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]
ADDC = ("addcmul", "addcdiv")


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


def vals(d):
    return T(VALUES[d], d)


def other(d):
    return T(OTHER[d], d)


def weights(d):
    return T(WEIGHTS[d], d)


def zerodim(d, k=0):
    return torch.tensor(VALUES[d][k], dtype=d)


def zerodim_other(d, k=0):
    return torch.tensor(OTHER[d][k], dtype=d)


def near(*ds):
    """The dtypes given, without repeats, in DTYPES's order."""
    return sorted(set(ds), key=DTYPES.index)


# ---------------------------------------------------------------------------------------------------------------
# values: the dtype grids

def values():
    cases = []
    for op in ADDC:
        # every input dtype x tensor dtype: value absent and 2
        for d1 in DTYPES:
            for d2 in DTYPES:
                record(cases, op, "function", [vals(d1), vals(d2), other(d2)])
                record(cases, op, "function", [vals(d1), vals(d2), other(d2)], {"value": 2})
        # value 0.5 (truncated to 0 on integers), True and -1.5 where the tensors are of the input's dtype and a few
        for d1 in DTYPES:
            for d2 in near(d1, torch.bool, torch.int32, torch.float16, torch.float32, torch.float64, torch.complex64):
                record(cases, op, "function", [vals(d1), vals(d2), other(d2)], {"value": 0.5})
            for d2 in near(d1, torch.float32, torch.int64):
                for v in (True, -1.5):
                    record(cases, op, "function", [vals(d1), vals(d2), other(d2)], {"value": v})
        # tensor2 of a fixed other dtype (int16), and tensor1 of a fixed one (bfloat16)
        for d1 in DTYPES:
            for d2 in DTYPES:
                record(cases, op, "function", [vals(d1), vals(d2), other(torch.int16)])
        for d2 in DTYPES:
            record(cases, op, "function", [vals(torch.float32), vals(torch.bfloat16), other(d2)])
            record(cases, op, "function", [vals(torch.int64), vals(torch.uint8), other(d2)], {"value": 2})
        # zero-dim tensors: the input (every pair), and both tensors
        for d1 in DTYPES:
            for d2 in DTYPES:
                record(cases, op, "function", [zerodim(d1, 1), vals(d2), other(d2)])
            for d2 in near(d1, torch.bool, torch.uint8, torch.int64, torch.float16, torch.float32, torch.float64,
                           torch.complex128):
                record(cases, op, "function", [vals(d1), zerodim(d2, 3), zerodim_other(d2, 1)])
        # one zero-dim tensor beside a dimensioned one
        for d1 in DTYPES:
            for d2 in near(d1, torch.float64, torch.int64, torch.complex128):
                record(cases, op, "function", [vals(d1), zerodim(d2, 1), other(d1)])
                record(cases, op, "function", [vals(d1), vals(d1), zerodim_other(d2, 2)], {"value": 2})
        # the method form
        for d1 in DTYPES:
            for d2 in near(d1, torch.float32, torch.int64):
                record(cases, op, "method", [vals(d1), vals(d2), other(d2)])
                record(cases, op, "method", [vals(d1), vals(d2), other(d2)], {"value": 2})
        # in place: every self dtype x tensor dtype (a result dtype self cannot hold fails)
        for d1 in DTYPES:
            for d2 in DTYPES:
                record(cases, op + "_", "inplace", [vals(d1), vals(d2), other(d2)])
            record(cases, op + "_", "inplace", [vals(d1), vals(d1), other(d1)], {"value": 0.5})
            record(cases, op + "_", "inplace", [vals(d1), zerodim(torch.float64, 1), other(d1)])
        # Python numbers as tensor1/tensor2: TypeError
        for d in (torch.float32, torch.int64):
            record(cases, op, "function", [vals(d), 2, other(d)])
            record(cases, op, "function", [vals(d), vals(d), 0.5])
            record(cases, op, "function", [vals(d), True, 1.5 + 1j], {"value": 2})
            record(cases, op, "method", [vals(d), 2, other(d)])
        record(cases, op, "function", [2.5, vals(torch.float32), other(torch.float32)])
        # default dtype float64: the value number never decides the result dtype
        for args, v in [([vals(torch.int64), vals(torch.int64), other(torch.int64)], 0.5),
                        ([vals(torch.int32), vals(torch.float32), other(torch.float32)], 0.5),
                        ([vals(torch.float32), vals(torch.float32), other(torch.float32)], 0.1),
                        ([vals(torch.float16), vals(torch.float16), other(torch.float16)], 0.1),
                        ([vals(torch.uint8), vals(torch.uint8), other(torch.uint8)], 1j)]:
            record(cases, op, "function", args, {"value": v}, default=torch.float64)

    # lerp: every dtype with number weights
    for d in DTYPES:
        for w in (0.25, 0.5, 0.75, -1.0, 2, True, 1 + 1j):
            record(cases, "lerp", "function", [vals(d), other(d), w])
    # tensor weights of the same dtype, dimensioned weights of other dtypes (an error)
    for d in DTYPES:
        record(cases, "lerp", "function", [vals(d), other(d), weights(d)])
        for wd in near(torch.float32, torch.float64, torch.complex64):
            if wd != d:
                record(cases, "lerp", "function", [vals(d), other(d), weights(wd)])
    # zero-dim weights of every dtype (promoted with start and end)
    for d in DTYPES:
        for wd in DTYPES:
            record(cases, "lerp", "function", [vals(d), other(d), torch.tensor(ZERODIM_WEIGHT[wd], dtype=wd)])
    # start and end of every dtype pair (an error where they differ)
    for d1 in DTYPES:
        for d2 in DTYPES:
            record(cases, "lerp", "function", [vals(d1), other(d2), 0.5])
    # zero-dim start or end (same dtype, and others: still an error)
    for d1 in DTYPES:
        for d2 in near(d1, torch.float32, torch.float64, torch.int64):
            record(cases, "lerp", "function", [zerodim(d1, 1), other(d2), 0.25])
            record(cases, "lerp", "function", [vals(d1), zerodim_other(d2, 1), 0.75])
            record(cases, "lerp", "function", [zerodim(d1, 1), zerodim_other(d2, 2), weights(d2)])
    # method and in place
    for d in DTYPES:
        record(cases, "lerp", "method", [vals(d), other(d), 0.3])
        record(cases, "lerp", "method", [vals(d), other(d), weights(d)])
        record(cases, "lerp", "method", [vals(d), other(d), torch.tensor(0.7, dtype=torch.float64)])
        record(cases, "lerp_", "inplace", [vals(d), other(d), 0.3])
        record(cases, "lerp_", "inplace", [vals(d), other(d), weights(d)])
        record(cases, "lerp_", "inplace", [vals(d), other(d), torch.tensor(ZERODIM_WEIGHT[torch.complex64])])
    # Python numbers as start, end: TypeError
    record(cases, "lerp", "function", [vals(torch.float32), 1.5, 0.5])
    record(cases, "lerp", "function", [1.5, other(torch.float32), 0.5])
    record(cases, "lerp", "function", [vals(torch.float32), 1.5, weights(torch.float32)])
    record(cases, "lerp", "method", [vals(torch.float32), 2, 0.5])
    # default dtype float64: the weight number never decides the result dtype
    for d in (torch.float32, torch.float16, torch.bfloat16, torch.int64):
        record(cases, "lerp", "function", [vals(d), other(d), 0.3], default=torch.float64)
    record(cases, "lerp", "function", [vals(torch.float32), other(torch.float32), 1 + 1j], default=torch.float64)
    return cases


# ---------------------------------------------------------------------------------------------------------------
# special: chosen values

def special():
    cases = []
    # NaN, infinities, signed zeros: each position a combination (0 * inf, inf - inf, -0.0 + -0.0, ...)
    x_sp = [NAN, 1.0, -0.0, 0.0, INF, -INF, -0.0, 2.5, INF, 0.0, -1.0, -0.0]
    t1_sp = [1.0, NAN, -0.0, 0.0, 1.0, INF, 0.0, INF, 0.0, -0.0, 2.0, 0.0]
    t2_sp = [1.0, 1.0, 1.0, -1.0, INF, 1.0, -1.0, 0.0, -2.0, 0.0, 0.5, -0.0]
    for d in FLOATS + COMPLEX:
        for op in ADDC:
            for v in (None, -1, 0, 0.5, -0.0, NAN, INF, -INF):
                kw = {} if v is None else {"value": v}
                record(cases, op, "function", [T(x_sp, d), T(t1_sp, d), T(t2_sp, d)], kw)
    # complex: NaN and infinities in either component
    cx = [complex(NAN, 1), complex(1, INF), complex(-0.0, 0.0), complex(INF, -INF), 1 + 1j, complex(0.0, -0.0)]
    cy = [1 + 0j, complex(0, 1), complex(-0.0, -0.0), 2 + 0j, complex(INF, 0), complex(-0.0, 0.0)]
    cz = [1j, 2 + 0j, complex(0.0, -0.0), complex(NAN, 0), 0j, complex(-1, 0)]
    for d in COMPLEX:
        for op in ADDC:
            for v in (None, -1, 1j, 0.5 - 0.5j):
                kw = {} if v is None else {"value": v}
                record(cases, op, "function", [T(cx, d), T(cy, d), T(cz, d)], kw)
        record(cases, "lerp", "function", [T(cx, d), T(cy, d), 0.5])
        record(cases, "lerp", "function", [T(cx, d), T(cy, d), 0.25])
        record(cases, "lerp", "function", [T(cx, d), T(cy, d), T(cz, d)])
    # subnormals and overflow: the smallest positive values of each dtype, products that underflow or overflow,
    # float16/bfloat16 computed in float (an intermediate beyond the dtype's range comes back)
    tiny = {torch.float16: 2.0 ** -24, torch.bfloat16: 2.0 ** -133, torch.float32: 2.0 ** -149,
            torch.float64: 2.0 ** -1074}
    big = {torch.float16: 60000.0, torch.bfloat16: 3.0e38, torch.float32: 3.0e38, torch.float64: 1.5e308}
    for d in FLOATS:
        s, b = tiny[d], big[d]
        x = [s, -s, s * 3, 0.0, b, -b, b, 1.0]
        t1 = [s, s, 1.0, s, b, b, 2.0, b]
        t2 = [1.0, 0.5, 0.5, s, 1e-30, 1.0, 1.0, 1.0 / b]
        for op in ADDC:
            for v in (None, 0.5, 2, -1e-3, 1e-30):
                kw = {} if v is None else {"value": v}
                record(cases, op, "function", [T(x, d), T(t1, d), T(t2, d)], kw)
        record(cases, "addcmul", "function", [T([60000.0, -60000.0], d), T([300.0, 300.0], d),
                                              T([300.0, -300.0], d)], {"value": 1e-3})
        record(cases, "addcdiv", "function", [T([1.0, 1.0], d), T([60000.0, 1e-7], d), T([1e-7, 60000.0], d)],
               {"value": 1e-3})
        for w in (0.5, 0.25, 2.0, -1.0):
            record(cases, "lerp", "function", [T(x, d), T(t1, d), w])
        record(cases, "lerp", "function", [T([-b, b, s, -s], d), T([b, -b, -s, s], d), T([0.25, 0.75, 0.5, 2.0], d)])
    # addcdiv: division by zero, 0/0, signed zeros in the divisor, an integer input with float tensors
    for d in FLOATS + COMPLEX:
        record(cases, "addcdiv", "function", [T([1.0, 1.0, 1.0, -0.0, 0.0, INF], d),
                                              T([1.0, -1.0, 0.0, 0.0, 1.0, 1.0], d),
                                              T([0.0, 0.0, 0.0, -0.0, -0.0, INF], d)])
    for ti, d2 in [(torch.int64, torch.float32), (torch.int32, torch.float64), (torch.uint8, torch.float16),
                   (torch.bool, torch.float32), (torch.int8, torch.complex64)]:
        record(cases, "addcdiv", "function", [vals(ti), vals(d2), other(d2)])
        record(cases, "addcdiv", "function", [vals(ti), vals(ti), other(d2)], {"value": 2})
        record(cases, "addcdiv", "function", [vals(d2), vals(d2), other(ti)])
        record(cases, "addcdiv", "function", [vals(d2), vals(ti), other(ti)])
        record(cases, "addcdiv_", "inplace", [vals(ti), vals(d2), other(d2)])
    # integers: extremes wrap (two's complement), value numbers negative and large
    for d in INTS:
        ii = torch.iinfo(d)
        x = [ii.max, ii.min, ii.max, ii.min, 0, 1, ii.max, 5]
        t1 = [1, 1, ii.max, ii.min, ii.min, ii.max, 2, -1 if ii.min < 0 else 1]
        t2 = [1, -1 if ii.min < 0 else 255, 2, ii.min if ii.min < 0 else 3, -1 if ii.min < 0 else 7, ii.max, 3, 7]
        for v in (None, -1, 2, 0, ii.max, ii.min, 2.5, -2.5, 0.9, True, False):
            kw = {} if v is None else {"value": v}
            record(cases, "addcmul", "function", [T(x, d), T(t1, d), T(t2, d)], kw)
        record(cases, "addcmul_", "inplace", [T(x, d), T(t1, d), T(t2, d)], {"value": 3})
    # value numbers each dtype cannot hold ("value cannot be converted to type ... without overflow"), floats
    # truncated on integers, complex numbers on real dtypes, NaN and infinities
    bad_values = {
        torch.bool: [2, -1, 0.5, 1j, 2 ** 63],
        torch.uint8: [-1, -128, -129, 255, 256, 300, -256, 2 ** 63, 255.5, -0.5, 1e6, NAN, INF, 1j],
        torch.int8: [-1, 127, 128, -128, -129, 255, 256, 300, -300, 2.5, -2.5, 1e6, NAN, -INF, 1 + 0j],
        torch.int16: [32767, 32768, -32769, 65535, 65536, 2 ** 40, 1e10, 0.5],
        torch.int32: [2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, -2 ** 31 - 1, 2 ** 40, 2 ** 63 - 1, 1e10, 2.9],
        torch.int64: [2 ** 63 - 1, 2 ** 63, -2 ** 63, -2 ** 63 - 1, 2 ** 64 - 1, 2.0 ** 63, 1e300, INF, 0.5, 1j],
        torch.float16: [65504.0, 65520.0, 70000, 1e6, -1e6, 1e-10, 3.5e38, 1e39, INF, NAN, 1j],
        torch.bfloat16: [3.0e38, 3.4e38, 3.4028235e38, 3.5e38, 1e39, -1e39, 2 ** 128, 1e-50, 1 + 1j],
        torch.float32: [3.4028235e38, 3.4028236e38, 3.5e38, 1e39, -1e39, 1e300, 2 ** 128, 1e-50, INF, 0.5j],
        torch.float64: [1e308, -1e308, 2 ** 1000, 2 ** 63, 5e-324, complex(1, 0)],
        torch.complex64: [1e39, 1e39j, 1e300 + 0j, complex(INF, NAN), 3e38 + 3e38j, 2 ** 128],
        torch.complex128: [1e300j, complex(NAN, INF), 2 ** 1000],
    }
    for d, bad in bad_values.items():
        for v in bad:
            record(cases, "addcmul", "function", [vals(d), vals(d), other(d)], {"value": v})
            if d.is_floating_point or d.is_complex:
                record(cases, "addcdiv", "function", [vals(d), vals(d), other(d)], {"value": v})
    # the dtype the value converts to is the result's: an int8 input with float tensors takes 300
    record(cases, "addcmul", "function", [vals(torch.int8), vals(torch.float32), other(torch.float32)], {"value": 300})
    record(cases, "addcmul", "function", [vals(torch.float16), vals(torch.float32), other(torch.float32)],
           {"value": 1e6})
    record(cases, "addcmul", "function", [vals(torch.float32), zerodim(torch.float64), other(torch.float32)],
           {"value": 1e300})
    record(cases, "addcmul", "function", [vals(torch.int8), zerodim(torch.int64), zerodim(torch.int64)],
           {"value": 300})
    record(cases, "addcmul_", "inplace", [vals(torch.int8), vals(torch.int8), other(torch.int8)], {"value": 300})
    record(cases, "addcmul_", "inplace", [vals(torch.int8), vals(torch.int8), other(torch.int8)], {"value": 2.5})
    record(cases, "addcdiv_", "inplace", [vals(torch.float16), vals(torch.float16), other(torch.float16)],
           {"value": 1e6})
    # lerp weight numbers each dtype cannot hold
    bad_weights = {
        torch.float16: [65504.0, 70000, 1e6, 3.5e38, 1e39, INF, NAN, 1j, 2 ** 128],
        torch.bfloat16: [3.5e38, 1e39, 2 ** 128, 0.5 + 0j],
        torch.float32: [3.4028236e38, 1e39, 1e300, -1e300, 2 ** 128, 1e-50, INF, -INF, NAN, 0.5j],
        torch.float64: [1e308, 2 ** 1000, 2 ** 63, 1j],
        torch.complex64: [1e39, 1e39j, 2 ** 128, complex(NAN, 0.5)],
        torch.complex128: [1e300j, complex(INF, 0)],
        torch.int8: [300, 1e300, 1j],
        torch.int64: [2 ** 63, 0.5],
        torch.bool: [2, 0.5],
    }
    for d, bad in bad_weights.items():
        for w in bad:
            record(cases, "lerp", "function", [vals(d), other(d), w])
    # lerp weights near 0.5 (the two formulas meet there), 0 and 1 (start and end exactly), -0.0, NaN, infinities
    starts = [1.0, -3.0, 0.1, 1e30, -0.0, INF, 2.0, NAN, 7.0, -INF]
    ends = [2.0, 5.0, 0.3, -1e30, 0.0, INF, INF, 1.0, 7.0, 1.0]
    for d in FLOATS + COMPLEX:
        for w in (0.4999999, 0.5, 0.5000001, -0.5, 0.49999999999999994, 0.5000000000000001, -0.4999999, 0.0, 1.0,
                  -0.0, 1e-30, 1 - 1e-16, NAN, INF, -INF):
            record(cases, "lerp", "function", [T(starts, d), T(ends, d), w])
        ws = [0.4999999, 0.5, 0.5000001, -0.5, 0.0, 1.0, 0.25, 0.75, -0.4999999, NAN]
        record(cases, "lerp", "function", [T(starts, d), T(ends, d), T(ws, d)])
        record(cases, "lerp", "function", [T(ends, d), T(starts, d), T(ws[::-1], d)])
        record(cases, "lerp", "function", [T([1.0, 2.0, 3.0], d), T([3.0, -1.0, 0.5], d), torch.tensor(NAN, dtype=d)])
    # complex weights: |w| < 0.5 decides the formula (0.3+0.4j has |w| = 0.5)
    for d in COMPLEX:
        for w in (0.3 + 0.4j, 0.3 + 0.39j, 0.3 + 0.41j, -0.4j, 0.5j, 1 + 1j, complex(0.5, -0.0)):
            record(cases, "lerp", "function", [T([1 + 2j, -3 + 0.5j, 0.1j], d), T([2 - 1j, 5 + 0j, -0.3 + 1j], d), w])
        record(cases, "lerp", "function", [T([1 + 2j, -3 + 0.5j, 0.1j], d), T([2 - 1j, 5 + 0j, -0.3 + 1j], d),
                                           T([0.3 + 0.4j, 0.3 + 0.39j, 0.5j], d)])
    # lerp of reduced floats: the weight number is a float, not a float16 (0.1, 1e-5)
    for d in (torch.float16, torch.bfloat16):
        for w in (0.1, 1e-5, 0.3333333333333333, 0.7):
            record(cases, "lerp", "function", [T([1.0, -2.0, 1000.0, 0.1], d), T([1.5, 3.0, 1001.0, 0.2], d), w])
    # lerp on integers and bool: no kernel
    for d in INTS + [torch.bool]:
        record(cases, "lerp", "function", [vals(d), other(d), torch.tensor(0.5)])
        record(cases, "lerp_", "inplace", [vals(d), other(d), 1])
    # zero-dim weight tensors of other dtypes: their values converted (a float64 beyond float16's range)
    for wd, wv in [(torch.float64, 1e6), (torch.float64, 0.1), (torch.int64, 2 ** 40), (torch.bool, False),
                   (torch.float64, NAN), (torch.int64, -3)]:
        for d in (torch.float16, torch.float32):
            record(cases, "lerp", "function", [T([1.0, 2.0, 3.0], d), T([3.0, 5.0, -1.0], d),
                                               torch.tensor(wv, dtype=wd)])

    # broadcasting of all three operands; zero-dim and empty tensors
    shapes = [((3,), (2, 1), ()), ((2, 1), (3,), (1,)), ((2, 1, 1), (3,), (4, 1)), ((1,), (2, 3), (3,)),
              ((), (2, 3), (2, 1)), ((), (), ()), ((), (3,), ()), ((4, 1, 3), (1, 3), (2, 1)),
              ((0,), (1,), ()), ((0,), (0,), (0,)), ((2, 0), (1,), (2, 1)), ((1, 0), (3, 1), ()),
              ((0,), (3,), (1,)), ((2,), (3,), ()), ((2, 3), (3, 2), (1,)), ((3,), (2, 1), (2, 4)),
              ((2, 1), (1, 3), (2, 3)), ((1, 2, 1), (3, 1, 1), (1, 1, 4))]
    for xs, ys, zs in shapes:
        x = torch.arange(1., 1. + torch.Size(xs).numel()).reshape(xs)
        y = (torch.arange(torch.Size(ys).numel(), dtype=torch.float32) * 0.5 - 1.).reshape(ys)
        z = (torch.arange(torch.Size(zs).numel(), dtype=torch.float32) * 0.25 + 0.5).reshape(zs)
        record(cases, "addcmul", "function", [x.clone(), y.clone(), z.clone()], {"value": 2})
        record(cases, "addcdiv", "function", [x.clone(), y.clone(), z.clone()])
        record(cases, "lerp", "function", [x.clone(), y.clone(), z.clone()])
        record(cases, "lerp", "function", [x.clone(), y.clone(), 0.25])
        record(cases, "addcmul_", "inplace", [x.clone(), y.clone(), z.clone()])
        record(cases, "lerp_", "inplace", [x.clone(), y.clone(), z.clone()])
    record(cases, "addcmul", "function", [T([[1], [2]], torch.int64), T([1, 2, 3], torch.int8), torch.tensor(2.5)])
    record(cases, "addcdiv", "function", [T([[1], [2]], torch.int64), T([1, 2, 3], torch.int8), torch.tensor(2.5)])
    record(cases, "lerp", "function", [T([[1.], [2.]], torch.float64), T([1., 2., 3.], torch.float64),
                                       torch.tensor(0.5, dtype=torch.float32)])
    for d in (torch.float32, torch.int64, torch.complex64):
        for op in ADDC:
            record(cases, op, "function", [T([], d), T([], d), T([], d)])
            record(cases, op, "function", [T([], d), torch.tensor(1, dtype=d), T([1], d)], {"value": 2})
        record(cases, "lerp", "function", [T([], d), T([], d), 0.5])
        record(cases, "lerp", "function", [T([], d), T([], d), T([], d)])
    record(cases, "addcmul", "function", [torch.zeros(2, 0), torch.zeros(3, 1, 1), torch.zeros(1)])

    # keyword forms (input/tensor1/tensor2/value, input/end/weight are PyTorch's names)
    x3 = lambda: T([7.5, -3.25, 0.001], torch.float32)  # noqa: E731
    y3 = lambda: T([1.0, 2.0, -4.0], torch.float32)  # noqa: E731
    z3 = lambda: T([0.5, -3.0, 8.0], torch.float32)  # noqa: E731
    for op in ADDC:
        record(cases, op, "function", [x3(), y3()], {"tensor2": z3()})
        record(cases, op, "function", [x3()], {"tensor1": y3(), "tensor2": z3(), "value": -2})
        record(cases, op, "function", [], {"input": x3(), "tensor1": y3(), "tensor2": z3(), "value": 0.5})
        record(cases, op, "function", [], {"tensor2": z3(), "value": 3, "tensor1": y3(), "input": x3()})
        record(cases, op, "function", [], {"self": x3(), "tensor1": y3(), "tensor2": z3()})
        record(cases, op, "method", [x3()], {"tensor1": y3(), "tensor2": z3()})
        record(cases, op, "method", [x3(), y3()], {"tensor2": z3(), "value": 1.5})
        record(cases, op + "_", "inplace", [x3()], {"tensor1": y3(), "tensor2": z3(), "value": -1})
    record(cases, "lerp", "function", [x3(), y3()], {"weight": 0.25})
    record(cases, "lerp", "function", [x3()], {"end": y3(), "weight": z3()})
    record(cases, "lerp", "function", [], {"input": x3(), "end": y3(), "weight": 0.75})
    record(cases, "lerp", "function", [], {"weight": z3(), "end": y3(), "input": x3()})
    record(cases, "lerp", "function", [], {"self": x3(), "end": y3(), "weight": 0.75})
    record(cases, "lerp", "method", [x3()], {"end": y3(), "weight": 0.25})
    record(cases, "lerp", "method", [x3(), y3()], {"weight": z3()})
    record(cases, "lerp_", "inplace", [x3()], {"end": y3(), "weight": 0.25})

    # in place: self must not need broadcasting, its dtype must hold the result
    f23 = lambda: torch.arange(6.).reshape(2, 3)  # noqa: E731
    for op in ADDC:
        record(cases, op + "_", "inplace", [x3(), f23(), f23() + 1])
        record(cases, op + "_", "inplace", [torch.tensor(5.), y3(), z3()])
        record(cases, op + "_", "inplace", [torch.tensor(5.), torch.tensor(2.), torch.tensor(4.)])
        record(cases, op + "_", "inplace", [f23(), x3(), torch.tensor(2.)])
        record(cases, op + "_", "inplace", [T([1, 2, 3], torch.int32), y3(), z3()])
        record(cases, op + "_", "inplace", [T([1, 2, 3], torch.int32), T([1, 2, 3], torch.int64),
                                            T([1, 2, 3], torch.int64)])
        record(cases, op + "_", "inplace", [T([1., 2., 3.], torch.float16), y3(), z3()])
        record(cases, op + "_", "inplace", [x3(), T([1, 2, 3], torch.int64), torch.tensor(2 + 1j)])
    record(cases, "lerp_", "inplace", [x3(), f23(), 0.5])
    record(cases, "lerp_", "inplace", [torch.tensor(5.), y3(), 0.5])
    record(cases, "lerp_", "inplace", [torch.tensor(5.), torch.tensor(1.), torch.tensor(0.25)])
    record(cases, "lerp_", "inplace", [x3(), torch.tensor(2.), y3()])
    record(cases, "lerp_", "inplace", [f23(), y3(), torch.tensor(0.5, dtype=torch.float64)])
    record(cases, "lerp_", "inplace", [T([1., 2., 3.], torch.float16), T([1., 2., 3.], torch.float16),
                                       torch.tensor(1 + 1j)])
    record(cases, "lerp_", "inplace", [x3(), y3(), torch.tensor(1 + 1j)])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# long: bit-exactness over the loop's positions

LONG_DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.complex64, torch.complex128]
LENGTHS = [1, 7, 8, 15, 16, 17, 31, 33, 40]


def long_cases():
    cases = []
    gen = torch.Generator().manual_seed(20260415)

    def rnd(n, d, lo=None, hi=None):
        if d.is_complex:
            return torch.randn(n, dtype=d, generator=gen) * 2
        if lo is not None:
            return (torch.rand(n, dtype=torch.float64, generator=gen) * (hi - lo) + lo).to(d)
        return (torch.randn(n, dtype=torch.float64, generator=gen) * 3).to(d)

    def weight(n, d):
        if d.is_complex:
            return (torch.rand(n, dtype=torch.float64, generator=gen) * 2 - 0.5).to(d) + \
                (torch.rand(n, dtype=torch.float64, generator=gen) * 0.6 - 0.3).to(d) * 1j
        return rnd(n, d, -0.5, 1.5)

    for d in LONG_DTYPES:
        for n in LENGTHS:
            x, y, z = rnd(n, d), rnd(n, d), rnd(n, d)
            for v in (0.3, 1):
                record(cases, "addcmul", "function", [x.clone(), y.clone(), z.clone()], {"value": v})
            for v in (0.7, 1):
                record(cases, "addcdiv", "function", [x.clone(), y.clone(), z.clone()], {"value": v})
            for w in (0.3, 0.8):
                record(cases, "lerp", "function", [x.clone(), y.clone(), w])
            record(cases, "lerp", "function", [x.clone(), y.clone(), weight(n, d)])
    # a broadcast operand of shape [1] (PyTorch's vectorized loop broadcasts it), each position in turn
    for d in LONG_DTYPES:
        for n in ((17, 33) if d == torch.float32 else (33,)):
            x, y, z, w = rnd(n, d), rnd(n, d), rnd(n, d), weight(n, d)
            one = rnd(1, d)
            record(cases, "addcmul", "function", [one.clone(), y.clone(), z.clone()], {"value": 0.3})
            record(cases, "addcmul", "function", [x.clone(), one.clone(), z.clone()], {"value": 0.3})
            record(cases, "addcdiv", "function", [x.clone(), y.clone(), one.clone()], {"value": 0.7})
            record(cases, "lerp", "function", [one.clone(), y.clone(), w.clone()])
            record(cases, "lerp", "function", [x.clone(), one.clone(), 0.8])
            record(cases, "lerp", "function", [x.clone(), y.clone(), weight(1, d)])
    # transposed and strided operands (PyTorch's scalar loop over a non-contiguous dimension)
    for d in LONG_DTYPES:
        x, y, w = rnd(40, d).reshape(2, 20), rnd(40, d).reshape(20, 2).t(), weight(40, d).reshape(2, 20)
        z = rnd(80, d)[::2].reshape(2, 20)
        record(cases, "addcmul", "function", [x.clone(), y, z], {"value": 0.3})
        record(cases, "addcdiv", "function", [x.clone(), y, z], {"value": 0.7})
        record(cases, "lerp", "function", [x.clone(), y, 0.3])
        record(cases, "lerp", "function", [x.clone(), y, 0.8])
        record(cases, "lerp", "function", [y, x.clone(), w])
        s = rnd(66, d)[::2]
        e = rnd(33, d)
        record(cases, "addcmul", "function", [s, e, rnd(33, d)], {"value": 1})
        record(cases, "lerp", "function", [s, e, 0.3])
        record(cases, "lerp", "function", [e, s, weight(33, d)])
        t = rnd(32, d).reshape(16, 2).t()
        record(cases, "lerp", "function", [t, rnd(32, d).reshape(2, 16), 0.8])
        record(cases, "addcdiv", "function", [t, rnd(32, d).reshape(2, 16), rnd(32, d).reshape(2, 16)])
    # lerp with weight 1 onto zeros: the vectorized loop's fma(weight - 1, end - start, end) and the scalar loop's
    # end - (end - start) * (1 - weight) differ only in the sign of such a zero
    for d in FLOATS:
        zs = lambda: T([0.0, -0.0] * 20, d)  # noqa: E731
        ze = lambda: T([-0.0] * 40, d)  # noqa: E731
        record(cases, "lerp", "function", [zs(), ze(), 1.0])
        record(cases, "lerp", "function", [zs(), ze(), torch.ones(40, dtype=d)])
        record(cases, "lerp", "function", [T([0.0, 0.0, -0.0, -0.0] * 20, d)[::2], ze(), 1.0])
    # in place
    for d in LONG_DTYPES:
        for n in (17, 33):
            record(cases, "addcmul_", "inplace", [rnd(n, d), rnd(n, d), rnd(n, d)], {"value": 0.3})
            record(cases, "addcdiv_", "inplace", [rnd(n, d), rnd(n, d), rnd(n, d)], {"value": 0.7})
            record(cases, "lerp_", "inplace", [rnd(n, d), rnd(n, d), 0.3])
            record(cases, "lerp_", "inplace", [rnd(n, d), rnd(n, d), weight(n, d)])
        record(cases, "lerp_", "inplace", [rnd(66, d)[::2], rnd(33, d), 0.8])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# out=

def out_cases():
    cases = []
    f3 = lambda: T([7.5, -3.25, 0.001], torch.float32)  # noqa: E731
    g3 = lambda: T([1.0, 2.0, -4.0], torch.float32)  # noqa: E731
    i3 = lambda: T([7, -3, 2], torch.int32)  # noqa: E731
    zeros = lambda shape, d: torch.zeros(shape, dtype=d)  # noqa: E731
    # every out dtype
    for od in DTYPES:
        record(cases, "addcmul", "out", [f3(), g3(), f3()], {"value": 2}, out=zeros(3, od))
        record(cases, "addcmul", "out", [i3(), i3(), T([1, 2, 3], torch.int64)], out=zeros(3, od))
        record(cases, "addcmul", "out", [i3(), i3(), i3()], {"value": 2.5}, out=zeros(3, od))
        record(cases, "addcmul", "out", [i3(), g3(), torch.tensor(2, dtype=torch.int64)], out=zeros(3, od))
        record(cases, "addcdiv", "out", [f3(), g3(), f3()], out=zeros(3, od))
        record(cases, "addcdiv", "out", [i3(), g3(), i3()], {"value": 0.5}, out=zeros(3, od))
        record(cases, "lerp", "out", [f3(), g3(), 0.5], out=zeros(3, od))
        record(cases, "lerp", "out", [f3(), g3(), T([0.25, 0.75, 2.0], torch.float32)], out=zeros(3, od))
        record(cases, "lerp", "out", [f3(), g3(), torch.tensor(0.25, dtype=torch.float64)], out=zeros(3, od))
    # out of another shape: resized (with a warning where it had elements)
    for shape in [(0,), (5,), (), (1,), (3, 1), (2, 3)]:
        record(cases, "addcmul", "out", [f3(), g3(), f3()], out=zeros(shape, torch.float32))
        record(cases, "addcdiv", "out", [f3(), g3(), f3()], {"value": -1}, out=zeros(shape, torch.float32))
        record(cases, "lerp", "out", [f3(), g3(), 0.25], out=zeros(shape, torch.float32))
        record(cases, "lerp", "out", [f3(), g3(), T([0.25, 0.75, 2.0], torch.float32)],
               out=zeros(shape, torch.float32))
    record(cases, "addcmul", "out", [torch.tensor(1.), T([[1.], [2.]], torch.float32), f3()],
           out=zeros(3, torch.float32))
    record(cases, "lerp", "out", [torch.tensor(5.), T([[1.], [2.]], torch.float32), 0.5], out=zeros((), torch.float32))
    # a dimensioned weight and an out of another dtype, and of another dtype and shape
    record(cases, "lerp", "out", [f3(), g3(), T([0.25, 0.75, 2.0], torch.float32)], out=zeros(5, torch.float64))
    record(cases, "lerp", "out", [f3().double(), g3().double(), T([0.25, 0.75, 2.0], torch.float64)],
           out=zeros(3, torch.float32))
    record(cases, "lerp", "out", [f3(), g3(), T([[0.25], [0.75]], torch.float32)], out=zeros((2, 3), torch.float16))
    # an out= that is not contiguous: written through its strides
    record(cases, "addcmul", "out", [f3(), g3(), f3()], out=torch.zeros(6)[::2])
    record(cases, "addcdiv", "out", [f3(), g3(), f3()], out=torch.zeros(6)[::2])
    record(cases, "lerp", "out", [f3(), g3(), 0.5], out=torch.zeros(6)[::2])
    m22 = lambda: T([[1., 5.], [-3., 0.5]], torch.float32)  # noqa: E731
    record(cases, "addcmul", "out", [m22(), m22(), torch.tensor(2.)], out=torch.zeros(2, 2).t())
    record(cases, "lerp", "out", [m22(), m22() * 2, m22()], out=torch.zeros(2, 2).t())
    return cases


# ---------------------------------------------------------------------------------------------------------------
# layout: result strides

LAYOUT_EXPRS = [
    "torch.arange(6.).reshape(2, 3).t()",
    "torch.arange(6.).reshape(2, 3).t().flip(0)",
    "torch.arange(10.)[::2]",
    "torch.arange(3.).expand(2, 3)",
    "torch.arange(2.).reshape(2, 1).expand(2, 3)",
    "torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)",
    "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
    "torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)",
    "torch.arange(12.).reshape(3, 4)[:, ::2]",
    "torch.arange(24, dtype=torch.int64).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
]
LAYOUT_TRIPLES = [
    # (input, tensor1, tensor2) of addcmul and addcdiv; (start, end, weight) of lerp
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(3, 2)", "torch.tensor(2.)"),
    ("torch.arange(6.).reshape(3, 2)", "torch.arange(6.).reshape(2, 3).t()", "torch.arange(6.).reshape(2, 3).t()"),
    ("torch.tensor([1., 2.])", "torch.arange(6.).reshape(2, 3).t()", "torch.tensor(-1.)"),
    ("torch.tensor(2.)", "torch.tensor([1., 2., 3.])", "torch.arange(6.).reshape(2, 3).t().t()"),
    ("torch.arange(2.).reshape(2, 1).expand(2, 3)", "torch.arange(3.).expand(2, 3)", "torch.tensor(0.5)"),
    ("torch.arange(10.)[::2]", "torch.arange(5.)", "torch.arange(10.)[1::2]"),
    ("torch.arange(5.)", "torch.arange(10.)[::2]", "torch.arange(5.) + 1"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.tensor([1., 0., 3.])", "torch.tensor(1.5)"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(1, 2, 0)", "torch.arange(24.).reshape(3, 4, 2)",
     "torch.tensor([1., 2.])"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2) % 5", "torch.tensor(0.5)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2) % 5",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(3.).reshape(3, 1, 1)", "torch.tensor(2.)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2)",
     "torch.arange(24.).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)", "torch.tensor(0.25)"),
    ("torch.arange(6.).reshape(2, 3, 1, 1).contiguous(memory_format=torch.channels_last)", "torch.tensor(1.)",
     "torch.arange(6.).reshape(2, 3, 1, 1)"),
    ("torch.arange(12.).reshape(3, 4)[:, ::2]", "torch.tensor([[1.], [2.], [3.]])", "torch.arange(2.)"),
    ("torch.arange(3.).reshape(3, 1)", "torch.arange(4.).reshape(1, 4)", "torch.tensor(0.5)"),
]
MIXED_TRIPLES = [
    # addcmul/addcdiv operands of several dtypes: the input converted to the result dtype
    ("torch.arange(6, dtype=torch.int32).reshape(2, 3).t()", "torch.arange(6.).reshape(3, 2)", "torch.tensor(2.)"),
    ("torch.arange(6, dtype=torch.int64).reshape(3, 2)", "torch.arange(6.).reshape(2, 3).t()",
     "torch.tensor(2., dtype=torch.float64)"),
    ("torch.arange(24, dtype=torch.int16).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.arange(24.).reshape(2, 3, 2, 2)", "torch.tensor(3.)"),
    ("torch.arange(24.).reshape(2, 3, 2, 2)",
     "torch.arange(24, dtype=torch.int8).reshape(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)",
     "torch.ones(2, 3, 2, 2, dtype=torch.float64).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(10, dtype=torch.uint8)[::2]", "torch.arange(5., dtype=torch.float16)",
     "torch.arange(10, dtype=torch.int64)[1::2]"),
]


def layout():
    cases = []
    env = {"torch": torch}

    def ev(e):
        return eval(e, env)  # noqa: S307 - our own literal expressions

    for xe, ye, ze in LAYOUT_TRIPLES:
        record(cases, "addcmul", "function", [ev(xe), ev(ye), ev(ze)], {"value": 2})
        record(cases, "addcdiv", "function", [ev(xe), ev(ye), ev(ze) + 1])
        record(cases, "lerp", "function", [ev(xe), ev(ye), ev(ze)])
    for xe in LAYOUT_EXPRS:
        record(cases, "addcmul", "function", [ev(xe), ev("torch.tensor(2.)"), ev("torch.tensor(3.)")])
        record(cases, "addcdiv", "function", [ev("torch.tensor(2.)"), ev(xe), ev("torch.tensor(4.)")])
        record(cases, "addcmul", "function", [ev("torch.tensor(2.)"), ev("torch.tensor(3.)"), ev(xe)])
        record(cases, "lerp", "function", [ev(xe), ev(xe) * 2, 0.25])
        record(cases, "lerp", "function", [ev(xe), ev("torch.tensor(1.)"), 0.75])
        record(cases, "lerp", "function", [ev("torch.tensor(1.)"), ev(xe), 0.75])
        record(cases, "lerp", "function", [ev("torch.tensor(1.)"), ev("torch.tensor(3.)"), ev(xe)])
    for xe, ye, ze in MIXED_TRIPLES:
        record(cases, "addcmul", "function", [ev(xe), ev(ye), ev(ze)])
        record(cases, "addcdiv", "function", [ev(xe), ev(ye), ev(ze)])
    # in place into a strided self keeps its strides
    record(cases, "addcmul_", "inplace", [ev("torch.arange(6.).reshape(2, 3).t()"), ev("torch.tensor([1., 4.])"),
                                          ev("torch.tensor(2.)")])
    record(cases, "addcdiv_", "inplace", [ev("torch.arange(10.)[::2]"), ev("torch.arange(5.)"), ev("torch.tensor(2.)")])
    record(cases, "lerp_", "inplace", [ev("torch.arange(24.).reshape(2, 3, 2, 2).contiguous("
                                          "memory_format=torch.channels_last)"), ev("torch.tensor(3.)"), 0.25])
    record(cases, "lerp_", "inplace", [ev("torch.arange(6.).reshape(2, 3).t()"), ev("torch.arange(6.).reshape(3, 2)"),
                                       ev("torch.arange(6.).reshape(3, 2) / 4")])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# meta

def meta():
    cases = []

    def e(*shape, dtype=torch.float32):
        return torch.empty(shape, dtype=dtype, device="meta")

    for op in ADDC:
        record(cases, op, "function", [e(3), e(3), e(3)])
        record(cases, op, "function", [e(3), e(3, dtype=torch.int32), e(3)], {"value": 2})
        record(cases, op, "function", [e(3, dtype=torch.int32), e(3, dtype=torch.int32), e(3, dtype=torch.int64)])
        record(cases, op, "function", [e(3, dtype=torch.bool), e(3, dtype=torch.bool), e(3, dtype=torch.bool)])
        record(cases, op, "function", [e(3, dtype=torch.int8), e(3, dtype=torch.int8), e(3, dtype=torch.int8)],
               {"value": 300})
        record(cases, op, "function", [e(3), e(3), e(3)], {"value": 1e300})
        record(cases, op, "function", [e(3, dtype=torch.float16), e(3, dtype=torch.float16), e(dtype=torch.complex64)])
        record(cases, op, "function", [e(2, 1), e(3), e()])
        record(cases, op, "function", [e(2, 3).t(), e(), e()])
        record(cases, op, "function", [e(2, 3, 2, 2).contiguous(memory_format=torch.channels_last), e(3, 1, 1), e()])
        record(cases, op, "function", [e(3), e(2), e(3)])
        record(cases, op, "function", [e(3), torch.tensor([1., 2., 3.]), e(3)])
        record(cases, op, "function", [torch.tensor([1., 2., 3.]), e(3), e(3)])
        record(cases, op, "function", [torch.tensor(1.), e(3), e(3)])
        record(cases, op, "function", [e(3), e(3), torch.tensor(2.)])
        record(cases, op, "method", [e(3), e(3), e(3)], {"value": 2})
        record(cases, op + "_", "inplace", [e(3), e(3), e(3)])
        record(cases, op + "_", "inplace", [e(3, dtype=torch.int32), e(3), e(3)])
        record(cases, op + "_", "inplace", [e(3), e(2, 3), e(3)])
        record(cases, op, "out", [e(3), e(3), e(3)], out=e(3))
        record(cases, op, "out", [e(3), e(3), e(3)], out=e(0, dtype=torch.float64))
        record(cases, op, "out", [e(3), e(3), e(3)], out=e(3, dtype=torch.int64))
        record(cases, op, "out", [e(3), e(3), e(3)], out=torch.zeros(3))
        record(cases, op, "out", [torch.ones(3), torch.ones(3), torch.ones(3)], out=e(3))
    record(cases, "lerp", "function", [e(3), e(3), 0.5])
    record(cases, "lerp", "function", [e(3), e(3), e(3)])
    record(cases, "lerp", "function", [e(3), e(3), e()])
    record(cases, "lerp", "function", [e(3), e(3), e(dtype=torch.float64)])
    record(cases, "lerp", "function", [e(3), e(3), e(dtype=torch.complex64)])
    record(cases, "lerp", "function", [e(3), e(3), e(3, dtype=torch.float64)])
    record(cases, "lerp", "function", [e(3), e(3, dtype=torch.float64), 0.5])
    record(cases, "lerp", "function", [e(3, dtype=torch.int32), e(3, dtype=torch.int32), 0.5])
    record(cases, "lerp", "function", [e(3), e(3), 1e300])
    record(cases, "lerp", "function", [e(3), e(3), 1j])
    record(cases, "lerp", "function", [e(2, 1), e(3), e()])
    record(cases, "lerp", "function", [e(2, 3).t(), e(3, 2), 0.5])
    record(cases, "lerp", "function", [e(3), e(2), 0.5])
    record(cases, "lerp", "function", [e(3), torch.tensor([1., 2., 3.]), 0.5])
    record(cases, "lerp", "function", [e(3), e(3), torch.tensor(0.5)])
    record(cases, "lerp", "function", [e(3), e(3), torch.tensor([0.5, 1., 2.])])
    record(cases, "lerp", "method", [e(3), e(3), 0.5])
    record(cases, "lerp_", "inplace", [e(3), e(3), 0.5])
    record(cases, "lerp_", "inplace", [e(3), e(3), e(3)])
    record(cases, "lerp_", "inplace", [e(3), e(2, 3), 0.5])
    record(cases, "lerp", "out", [e(3), e(3), 0.5], out=e(3))
    record(cases, "lerp", "out", [e(3), e(3), e(3)], out=e(0))
    record(cases, "lerp", "out", [e(3), e(3), e(3)], out=e(3, dtype=torch.float64))
    record(cases, "lerp", "out", [e(3), e(3), 0.5], out=torch.zeros(3))
    return cases


# ---------------------------------------------------------------------------------------------------------------
# sparse

def s2(dtype):
    """(2, 3) sparse COO, uncoalesced with a duplicate coordinate (record_sparse.py's s2)."""
    vals_ = {torch.bool: [True, False, True, True], torch.int64: [1, -2, 3, 4]}.get(dtype, [1.5, -2.0, 3.25, 0.5])
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]), torch.tensor(vals_).to(dtype), (2, 3))


def dense23(dtype):
    raw = [0.5, 1.0, -1.5, 2.0, 0.25, 4.0]
    if dtype == torch.bool:
        return torch.tensor([x != 0 for x in raw]).reshape(2, 3)
    return torch.tensor(raw, dtype=torch.float64).to(dtype).reshape(2, 3)


def sparse():
    cases = []
    for d in (torch.float32, torch.int64):
        for op in ADDC:
            record(cases, op, "function", [s2(d), dense23(d), dense23(d)])
            record(cases, op, "function", [dense23(d), s2(d), dense23(d)])
            record(cases, op, "function", [dense23(d), dense23(d), s2(d)])
            record(cases, op, "function", [s2(d), s2(d), s2(d)], {"value": 2})
            record(cases, op, "method", [s2(d), dense23(d), dense23(d)])
            record(cases, op + "_", "inplace", [s2(d), dense23(d), dense23(d)])
            record(cases, op + "_", "inplace", [dense23(d), s2(d), dense23(d)])
            record(cases, op, "out", [s2(d), dense23(d), dense23(d)], out=torch.zeros(2, 3, dtype=d))
            record(cases, op, "out", [dense23(d), dense23(d), dense23(d)], out=s2(d))
        record(cases, "lerp", "function", [s2(d), dense23(d), 0.5])
        record(cases, "lerp", "function", [dense23(d), s2(d), 0.5])
        record(cases, "lerp", "function", [dense23(d), dense23(d), s2(d)])
        record(cases, "lerp", "function", [s2(d), s2(d), s2(d)])
        record(cases, "lerp", "method", [s2(d), dense23(d), 0.5])
        record(cases, "lerp_", "inplace", [s2(d), dense23(d), 0.5])
        record(cases, "lerp_", "inplace", [dense23(d), s2(d), dense23(d)])
        record(cases, "lerp", "out", [s2(d), dense23(d), 0.5], out=torch.zeros(2, 3, dtype=d))
        record(cases, "lerp", "out", [dense23(d), dense23(d), 0.5], out=s2(d))
    record(cases, "addcmul", "function", [s2(torch.bool), dense23(torch.bool), dense23(torch.bool)])
    record(cases, "addcmul", "function", [s2(torch.complex64), dense23(torch.complex64), dense23(torch.complex64)])
    record(cases, "lerp", "function", [dense23(torch.float32), dense23(torch.float32), s2(torch.float64)])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# errors: Python expressions

ERROR_EXPRS = [
    # (name, op, expression): `f` is torch.tensor([7.5, -3.25, 0.001]), `g` torch.tensor([1., 2., -4.]),
    # `d` torch.tensor([0.5, -1., 2.], dtype=torch.float64), `i` torch.tensor([7, -3, 2], dtype=torch.int32),
    # `b` torch.tensor([True, False, True]), `c` torch.tensor([1+1j, 2-1j, 0.5j]), `x` torch.tensor([1., 2., 3., 4.])
    ("addcmul no arguments", "addcmul", "torch.addcmul()"),
    ("addcmul one argument", "addcmul", "torch.addcmul(f)"),
    ("addcmul two arguments", "addcmul", "torch.addcmul(f, g)"),
    ("addcmul four tensors", "addcmul", "torch.addcmul(f, g, f, g)"),
    ("addcmul value positional", "addcmul", "torch.addcmul(f, g, f, 2)"),
    ("addcmul value positional, five", "addcmul", "torch.addcmul(f, g, f, 1, 2)"),
    ("addcmul value None", "addcmul", "torch.addcmul(f, g, f, value=None)"),
    ("addcmul value a string", "addcmul", "torch.addcmul(f, g, f, value='2')"),
    ("addcmul value a list", "addcmul", "torch.addcmul(f, g, f, value=[2])"),
    ("addcmul value a 1-D tensor", "addcmul", "torch.addcmul(f, g, f, value=torch.tensor([2.]))"),
    ("addcmul value a zero-dim tensor", "addcmul", "torch.addcmul(f, g, f, value=torch.tensor(2.))"),
    ("addcmul value a zero-dim int tensor", "addcmul", "torch.addcmul(f, g, f, value=torch.tensor(3))"),
    ("addcmul value a zero-dim float tensor on int", "addcmul", "torch.addcmul(i, i, i, value=torch.tensor(2.5))"),
    ("addcmul value too big for int64", "addcmul", "torch.addcmul(f, g, f, value=2 ** 70)"),
    ("addcmul value 2 ** 64 on int64", "addcmul", "torch.addcmul(i.long(), i.long(), i.long(), value=2 ** 64)"),
    ("addcmul value False", "addcmul", "torch.addcmul(f, g, f, value=False)"),
    ("addcmul tensor1 a number", "addcmul", "torch.addcmul(f, 2, g)"),
    ("addcmul tensor2 a number", "addcmul", "torch.addcmul(f, g, 2.5)"),
    ("addcmul input a number", "addcmul", "torch.addcmul(2.5, f, g)"),
    ("addcmul tensor1 None", "addcmul", "torch.addcmul(f, None, g)"),
    ("addcmul tensor1 a list", "addcmul", "torch.addcmul(f, [1., 2., 3.], g)"),
    ("addcmul input None", "addcmul", "torch.addcmul(None, f, g)"),
    ("addcmul unknown keyword", "addcmul", "torch.addcmul(f, g, f, alpha=2)"),
    ("addcmul tensor1 keyword and positional", "addcmul", "torch.addcmul(f, g, f, tensor1=g)"),
    ("addcmul self keyword", "addcmul", "torch.addcmul(self=f, tensor1=g, tensor2=f)"),
    ("addcmul other keyword", "addcmul", "torch.addcmul(f, other=g, tensor2=f)"),
    ("addcmul out a number", "addcmul", "torch.addcmul(f, g, f, out=2)"),
    ("addcmul out None", "addcmul", "torch.addcmul(f, g, f, out=None)"),
    ("addcmul out a list", "addcmul", "torch.addcmul(f, g, f, out=[torch.zeros(3)])"),
    ("addcmul out int for float", "addcmul", "torch.addcmul(f, g, f, out=torch.zeros(3, dtype=torch.int64))"),
    ("addcmul out float16 for float32", "addcmul", "torch.addcmul(f, g, f, out=torch.zeros(3, dtype=torch.float16))"),
    ("addcmul out bool for int", "addcmul", "torch.addcmul(i, i, i, out=torch.zeros(3, dtype=torch.bool))"),
    ("addcmul out overlaps input", "addcmul", "torch.addcmul(f, g, g, out=f)"),
    ("addcmul out overlaps tensor1", "addcmul", "torch.addcmul(f, g, f, out=g)"),
    ("addcmul out partially overlaps input", "addcmul", "torch.addcmul(x[:3], g, g, out=x[1:])"),
    ("addcmul out with internal overlap", "addcmul", "torch.addcmul(f, g, f, out=torch.zeros(1).expand(3))"),
    ("addcmul out on meta", "addcmul", "torch.addcmul(f, g, f, out=torch.empty(3, device='meta'))"),
    ("addcmul out= self not resized", "addcmul", "torch.addcmul(f, torch.ones(3, 3), g, out=f)"),
    ("addcmul shape mismatch", "addcmul", "torch.addcmul(f, x, g)"),
    ("addcmul shape mismatch tensor2", "addcmul", "torch.addcmul(f, g, x)"),
    ("addcmul 2-D shape mismatch", "addcmul", "torch.addcmul(torch.ones(2, 3), torch.ones(3, 2), torch.ones(1))"),
    ("addcmul bool", "addcmul", "torch.addcmul(b, b, b)"),
    ("addcmul bool value 2", "addcmul", "torch.addcmul(b, b, b, value=2)"),
    ("addcmul bool with int", "addcmul", "torch.addcmul(b, i, i)"),
    ("addcmul int8 value 300", "addcmul",
     "torch.addcmul(i.to(torch.int8), i.to(torch.int8), i.to(torch.int8), value=300)"),
    ("addcmul float32 value 1e300", "addcmul", "torch.addcmul(f, g, f, value=1e300)"),
    ("addcmul complex value on float", "addcmul", "torch.addcmul(f, g, f, value=1j)"),
    ("addcmul complex value on int", "addcmul", "torch.addcmul(i, i, i, value=1 + 0j)"),
    ("addcmul float value on int truncates", "addcmul", "torch.addcmul(i, i, i, value=2.5)"),
    ("addcmul cpu and meta", "addcmul", "torch.addcmul(f, torch.empty(3, device='meta'), g)"),
    ("addcmul meta and cpu", "addcmul", "torch.addcmul(torch.empty(3, device='meta'), f, g)"),
    ("addcmul meta and cpu zero-dim", "addcmul", "torch.addcmul(torch.empty(3, device='meta'), f, torch.tensor(2.))"),
    ("addcmul_ int self, float tensors", "addcmul_", "i.addcmul_(f, f)"),
    ("addcmul_ int self, float value", "addcmul_", "i.addcmul_(i, i, value=0.5)"),
    ("addcmul_ float32 self, float64 tensors", "addcmul_", "f.addcmul_(d, d)"),
    ("addcmul_ float32 self, complex tensors", "addcmul_", "f.addcmul_(c, c)"),
    ("addcmul_ bool self", "addcmul_", "b.addcmul_(b, b)"),
    ("addcmul_ self needs broadcast", "addcmul_", "f.addcmul_(torch.ones(2, 3), g)"),
    ("addcmul_ self expanded", "addcmul_", "torch.zeros(1).expand(3).addcmul_(f, g)"),
    ("addcmul_ self and tensor1 overlap", "addcmul_", "x[:3].addcmul_(x[1:], g)"),
    ("addcmul_ self is tensor1", "addcmul_", "f.addcmul_(f, f)"),
    ("addcmul_ value positional", "addcmul_", "f.addcmul_(g, f, 2)"),
    ("addcmul_ value None", "addcmul_", "f.addcmul_(g, f, value=None)"),
    ("addcmul_ tensor1 a number", "addcmul_", "f.addcmul_(2, g)"),
    ("addcmul method value positional", "addcmul", "f.addcmul(g, f, 2)"),
    ("addcmul method one argument", "addcmul", "f.addcmul(g)"),
    ("addcmul method out", "addcmul", "f.addcmul(g, f, out=torch.zeros(3))"),
    ("torch.addcmul_", "addcmul_", "torch.addcmul_(f, g, f)"),
    ("addcmul deprecated overload", "addcmul", "torch.addcmul(f, 2, g, f)"),
    ("addcmul deprecated overload, value keyword too", "addcmul", "torch.addcmul(f, 2, g, f, value=3)"),
    ("addcmul deprecated overload, float value", "addcmul", "torch.addcmul(f, 0.5, g, f, out=torch.zeros(3))"),
    ("addcmul deprecated overload, method", "addcmul", "f.addcmul(2, g, f)"),
    ("addcmul_ deprecated overload", "addcmul_", "f.addcmul_(-1, g, f)"),
    ("addcmul deprecated overload, tensor value", "addcmul", "torch.addcmul(f, torch.tensor(2.), g, f)"),
    ("addcdiv no arguments", "addcdiv", "torch.addcdiv()"),
    ("addcdiv two arguments", "addcdiv", "torch.addcdiv(f, g)"),
    ("addcdiv value positional", "addcdiv", "torch.addcdiv(f, g, f, 2)"),
    ("addcdiv value None", "addcdiv", "torch.addcdiv(f, g, f, value=None)"),
    ("addcdiv tensor2 a number", "addcdiv", "torch.addcdiv(f, g, 2)"),
    ("addcdiv integer tensors", "addcdiv", "torch.addcdiv(f, i, i)"),
    ("addcdiv integer tensors and input", "addcdiv", "torch.addcdiv(i, i, i)"),
    ("addcdiv bool tensors", "addcdiv", "torch.addcdiv(f, b, b)"),
    ("addcdiv bool and int tensors", "addcdiv", "torch.addcdiv(f, b, i)"),
    ("addcdiv int zero-dim tensors", "addcdiv", "torch.addcdiv(f, torch.tensor(1), torch.tensor(2))"),
    ("addcdiv integer tensors on meta", "addcdiv",
     "torch.addcdiv(torch.empty(3, device='meta'), torch.empty(3, dtype=torch.int64, device='meta'), "
     "torch.empty(3, dtype=torch.int64, device='meta'))"),
    ("addcdiv integer tensors, out=", "addcdiv", "torch.addcdiv(f, i, i, out=torch.zeros(3))"),
    ("addcdiv_ integer tensors", "addcdiv_", "f.addcdiv_(i, i)"),
    ("addcdiv_ int self", "addcdiv_", "i.addcdiv_(f, g)"),
    ("addcdiv int input, float tensors", "addcdiv", "torch.addcdiv(i, f, g)"),
    ("addcdiv int input, float tensors, out int", "addcdiv",
     "torch.addcdiv(i, f, g, out=torch.zeros(3, dtype=torch.int32))"),
    ("addcdiv float16 value 1e6", "addcdiv", "torch.addcdiv(f.half(), g.half(), g.half(), value=1e6)"),
    ("addcdiv shape mismatch", "addcdiv", "torch.addcdiv(f, g, x)"),
    ("addcdiv out overlaps tensor2", "addcdiv", "torch.addcdiv(f, g, d.float(), out=g)"),
    ("addcdiv out on meta", "addcdiv", "torch.addcdiv(f, g, f, out=torch.empty(3, device='meta'))"),
    ("torch.addcdiv_", "addcdiv_", "torch.addcdiv_(f, g, f)"),
    ("addcdiv deprecated overload", "addcdiv", "torch.addcdiv(f, 2, g, f)"),
    ("addcdiv_ deprecated overload", "addcdiv_", "f.addcdiv_(0.5, g, f)"),
    ("lerp no arguments", "lerp", "torch.lerp()"),
    ("lerp two arguments", "lerp", "torch.lerp(f, g)"),
    ("lerp four arguments", "lerp", "torch.lerp(f, g, 0.5, 0.5)"),
    ("lerp weight None", "lerp", "torch.lerp(f, g, None)"),
    ("lerp weight a string", "lerp", "torch.lerp(f, g, 'x')"),
    ("lerp weight a list", "lerp", "torch.lerp(f, g, [0.5])"),
    ("lerp end a number", "lerp", "torch.lerp(f, 0.5, 0.5)"),
    ("lerp input a number", "lerp", "torch.lerp(0.5, f, 0.5)"),
    ("lerp end None", "lerp", "torch.lerp(f, None, 0.5)"),
    ("lerp unknown keyword", "lerp", "torch.lerp(f, g, 0.5, value=1)"),
    ("lerp weight keyword and positional", "lerp", "torch.lerp(f, g, 0.5, weight=0.5)"),
    ("lerp other keyword", "lerp", "torch.lerp(f, other=g, weight=0.5)"),
    ("lerp out a number", "lerp", "torch.lerp(f, g, 0.5, out=1)"),
    ("lerp end of another dtype", "lerp", "torch.lerp(f, d, 0.5)"),
    ("lerp end of another dtype, tensor weight", "lerp", "torch.lerp(f, d, g)"),
    ("lerp weight of another dtype", "lerp", "torch.lerp(f, g, d)"),
    ("lerp weight of another dtype, end too", "lerp", "torch.lerp(f, d, d)"),
    ("lerp weight int", "lerp", "torch.lerp(f, g, i)"),
    ("lerp zero-dim end of another dtype", "lerp", "torch.lerp(f, torch.tensor(1., dtype=torch.float64), 0.5)"),
    ("lerp zero-dim start of another dtype", "lerp", "torch.lerp(torch.tensor(1., dtype=torch.float64), f, 0.5)"),
    ("lerp zero-dim weight of another dtype", "lerp", "torch.lerp(f, g, torch.tensor(0.5, dtype=torch.float64))"),
    ("lerp zero-dim complex weight", "lerp", "torch.lerp(f, g, torch.tensor(1j))"),
    ("lerp zero-dim int weight", "lerp", "torch.lerp(f, g, torch.tensor(2))"),
    ("lerp int", "lerp", "torch.lerp(i, i, 0.5)"),
    ("lerp int, tensor weight", "lerp", "torch.lerp(i, i, i)"),
    ("lerp int, float zero-dim weight", "lerp", "torch.lerp(i, i, torch.tensor(0.5))"),
    ("lerp bool", "lerp", "torch.lerp(b, b, True)"),
    ("lerp complex weight number on float", "lerp", "torch.lerp(f, g, 1 + 1j)"),
    ("lerp float32 weight 1e300", "lerp", "torch.lerp(f, g, 1e300)"),
    ("lerp complex", "lerp", "torch.lerp(c, c * 2, 0.5)"),
    ("lerp complex weight on complex", "lerp", "torch.lerp(c, c * 2, 0.5j)"),
    ("lerp shape mismatch", "lerp", "torch.lerp(f, x, 0.5)"),
    ("lerp weight shape mismatch", "lerp", "torch.lerp(f, g, x)"),
    ("lerp out float64, tensor weight", "lerp", "torch.lerp(f, g, g, out=torch.zeros(3, dtype=torch.float64))"),
    ("lerp out float64, number weight", "lerp", "torch.lerp(f, g, 0.5, out=torch.zeros(3, dtype=torch.float64))"),
    ("lerp out int, number weight", "lerp", "torch.lerp(f, g, 0.5, out=torch.zeros(3, dtype=torch.int64))"),
    ("lerp out int, tensor weight", "lerp", "torch.lerp(f, g, g, out=torch.zeros(3, dtype=torch.int64))"),
    ("lerp out overlaps end", "lerp", "torch.lerp(f, g, 0.5, out=g)"),
    ("lerp out overlaps weight", "lerp", "torch.lerp(f, g, d.float(), out=f)"),
    ("lerp out partially overlaps start", "lerp", "torch.lerp(x[:3], g, 0.5, out=x[1:])"),
    ("lerp out with internal overlap", "lerp", "torch.lerp(f, g, 0.5, out=torch.zeros(1).expand(3))"),
    ("lerp out on meta", "lerp", "torch.lerp(f, g, 0.5, out=torch.empty(3, device='meta'))"),
    ("lerp cpu and meta", "lerp", "torch.lerp(f, torch.empty(3, device='meta'), 0.5)"),
    ("lerp meta weight", "lerp", "torch.lerp(f, g, torch.empty(3, device='meta'))"),
    ("lerp_ shape error (overlap)", "lerp_", "f.lerp_(f[:1], 0.5)"),
    ("lerp_ end of another shape", "lerp_", "f.lerp_(x, 0.5)"),
    ("lerp_ self needs broadcast", "lerp_", "f[:1].clone().lerp_(f, 0.5)"),
    ("lerp_ self needs broadcast, weight", "lerp_", "f[:1].clone().lerp_(f[:1].clone(), g)"),
    ("lerp_ self expanded", "lerp_", "torch.zeros(1).expand(3).lerp_(f, 0.5)"),
    ("lerp_ self is end", "lerp_", "f.lerp_(f, 0.5)"),
    ("lerp_ end of another dtype", "lerp_", "f.lerp_(d, 0.5)"),
    ("lerp_ int self", "lerp_", "i.lerp_(i, 0.5)"),
    ("lerp_ zero-dim complex weight", "lerp_", "f.lerp_(g, torch.tensor(1j))"),
    ("lerp_ weight None", "lerp_", "f.lerp_(g, None)"),
    ("lerp_ end a number", "lerp_", "f.lerp_(2., 0.5)"),
    ("lerp method one argument", "lerp", "f.lerp(g)"),
    ("lerp method out", "lerp", "f.lerp(g, 0.5, out=torch.zeros(3))"),
    ("lerp method end keyword", "lerp", "f.lerp(end=g, weight=0.5)"),
    ("torch.lerp_", "lerp_", "torch.lerp_(f, g, 0.5)"),
]


def error_env():
    return {"torch": torch, "f": torch.tensor([7.5, -3.25, 0.001]), "g": torch.tensor([1., 2., -4.]),
            "d": torch.tensor([0.5, -1., 2.], dtype=torch.float64), "i": torch.tensor([7, -3, 2], dtype=torch.int32),
            "b": torch.tensor([True, False, True]), "c": torch.tensor([1 + 1j, 2 - 1j, 0.5j]),
            "x": torch.tensor([1., 2., 3., 4.])}


def errors():
    """The errors section, recorded as record_ternary.py records its own."""
    return record_errors(ERROR_EXPRS, error_env)


NOTE = (
    "Recorded on CPU by record_pointwise.py (beside this file), with torch.set_default_dtype(default_dtype) (float32 "
    "where a case has none). Ops: addcmul, addcdiv, lerp and the in-place addcmul_, addcdiv_, lerp_. Each case but the "
    "errors section's is one call of form function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], "
    "**kwargs); inplace: args[0].<op>(*args[1:], **kwargs), which returns args[0]; out: torch.<op>(*args, **kwargs, "
    "out=out) with out the tensor the case gives (before the call), which returns out. The result of inplace and out "
    "is that tensor after the call. Keywords are PyTorch's: addcmul/addcdiv(input, tensor1, tensor2, *, value=1, "
    "out=None), lerp(input, end, weight, *, out=None); value is always a keyword (the deprecated overload "
    "addcmul(input, value, tensor1, tensor2) is in the errors section). Operands and results: shape, stride and "
    "row-major values (device where not cpu; meta ones have no values); {\"kind\": \"none\"} is Python None. warning: "
    "the first line of PyTorch's UserWarning (recorded with torch.set_warn_always(True); PyTorch gives it once per "
    "process). Every value compares exactly (real dtypes: addcmul is fma(value * tensor1, tensor2, input), addcdiv "
    "input + (value * tensor1) / tensor2, lerp fma(weight, end - start, start) where |weight| < 0.5, else end - (end - "
    "start) * (1 - weight) in one rounding, in float for float16/bfloat16, at every position, except that PyTorch's "
    "vectorized loop (the first n - n % V elements of contiguous operands, V = 16 float32, 8 float64, 32 "
    "float16/bfloat16 lanes) gives the other sign to a zero result where weight is 1; complex results of addcmul and "
    "of lerp with a tensor weight round differently in PyTorch's loop over contiguous operands and its loop over "
    "strided ones; recorded on an AVX512 machine). Sections: values (dtype grids), special (NaN, infinities, signed "
    "zeros, subnormals, overflow, integer wrapping, value and weight numbers out of range, lerp weights near 0.5, "
    "broadcasting, empty tensors, keywords, in place), long (lengths 1..40 of random values, broadcast and strided "
    "operands), out, layout (result strides), meta, sparse, errors: eval(expr) with f = torch.tensor([7.5, -3.25, "
    "0.001]), g = torch.tensor([1., 2., -4.]), d = torch.tensor([0.5, -1., 2.], dtype=torch.float64), i = "
    "torch.tensor([7, -3, 2], dtype=torch.int32), b = torch.tensor([True, False, True]), c = torch.tensor([1+1j, 2-1j, "
    "0.5j]), x = torch.tensor([1., 2., 3., 4.]), fresh for each case. Not recorded: results of PyTorch's "
    "complex32/bcomplex32 dtype (deviation 1)."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "pointwise.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "values": values(),
        "special": special(),
        "long": long_cases(),
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
