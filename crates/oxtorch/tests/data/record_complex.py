"""Records complex.json, the golden data of torch.angle and of the complex views and conjugation operations
(view_as_real, view_as_complex, real, imag, conj, conj_physical, conj_physical_, resolve_conj, resolve_neg, is_conj,
is_neg, their methods and out=), from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_complex.py [output path]

(default output: complex.json beside this script). The test suites never run this script; they read the JSON it
writes (crates/oxtorch-py/python/tests/test_complex.py replays every section). Nothing here is random: two runs
give the same file.

The cases of the angle, views, meta and sparse sections are one call each, recorded by record_ternary.py's
``record`` in the format record_pointwise.py's docstring describes:

    {"op": name, "form": "function" | "method" | "inplace" | "out",
     "args": [operand, ...], "kwargs": {"input": operand} (absent when empty),
     "out": the out= tensor before the call (form "out" only),
     "default_dtype": "float64" (absent when float32),
     then {"result": ...} or {"error": class, "message": first line}}

function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs); inplace: the same with an op
ending in `_` (conj_physical_), which returns args[0] itself; out: torch.<op>(*args, **kwargs, out=out), which
returns out itself. Operands and results are golden_encoding's enc_strided / result_strided (shape, strides,
row-major values, "device" where not cpu, sparse COO as in sparse.json); a Python bool result (is_conj, is_neg) is
py_value's {"kind": "python", "type": "bool", "value": ...}. The values of a conjugate view (conj's result, the
is_conj() ones) are its logical values (what tolist() gives: the conjugated ones). "warning": the first line of the
UserWarning PyTorch gave (an out= of another shape resized; "ComplexHalf support is experimental"), recorded with
torch.set_warn_always(True).

An operand keeps its shape and strides but not its storage offset nor what it shares with other tensors (the
replay rebuilds it), so everything that depends on those (storage offsets of views, writes through a view into its
base, the conjugate and negative bits, view_as_complex's odd storage offset) is in the expressions section: Python
expressions evaluated as record_ternary.py evaluates its errors section, with the names the NOTE lists.

Sections (the note in the file says the same):

- angle:       torch.angle / Tensor.angle / out= on every dtype of golden_encoding.DTYPES (floats: NaN, infinities,
               signed zeros, subnormals, negative and positive values; integers: extremes and negative values;
               bool; complex: the grid of parts {0, -0, 1, -1, 2.5, -100, inf, -inf, nan} and a few more), long
               complex tensors (PyTorch's vectorized loop) and strided ones (its scalar loop), zero-dim tensors,
               out= of every dtype and of other shapes, keyword input=, default dtype float64.
- views:       view_as_real, view_as_complex, real, imag, conj, resolve_conj, resolve_neg, conj_physical (and out=),
               conj_physical_, is_conj, is_neg on contiguous, 2-D, transposed, stepped, sliced, zero-dim, expanded,
               permuted and empty complex64/complex128 tensors and on float, integer and bool tensors; the errors of
               view_as_real (real input), view_as_complex (last dimension not 2, its stride not 1, odd strides,
               integer/bool/bfloat16/complex input, zero-dim input), imag of a real tensor, conj_physical out=.
- expressions: storage offsets, sharing (writes through view_as_real, view_as_complex, real, imag and conj into the
               base), conjugate and negative bits through views, clone, contiguous, copy_, to, arithmetic,
               resolve_conj/resolve_neg, `is` identities (conj of a real tensor is itself), conj_physical_ on real
               and complex tensors, repr/str of conjugate and negative views, complex32 (PyTorch's view_as_complex
               of float16; the project has none: CONFORMANCE_README.md, deviation 1), errors that need a storage
               offset or a conjugate input.
- meta:        every op on 'meta' tensors (and out= on meta).
- sparse:      sparse COO inputs (record_unary.py's s2 of float32 and complex64, and one with complex values).
- errors:      argument errors (no arguments, Python numbers, wrong keywords, out= where there is none, the
               methods PyTorch lacks), each with the exact Python expression.

Transcendental values: angle of a complex input is atan2(imag, real), which PyTorch computes with SLEEF in its
vectorized loop (contiguous inputs, the first n - n % V elements, V = 8 complex64 or 4 complex128 lanes on AVX512)
and with the C library in its scalar loop; those results may differ by one unit in the last place between
machines and between the loops. Every other value is exact: angle of a real input is 0 for x >= 0 (and -0.0), pi
for x < 0 (and -inf), NaN for NaN, pi rounded to the result dtype; the views and conjugations move or negate
values without rounding.
"""

import os
import sys
import warnings

import torch

torch.set_default_dtype(torch.float32)
warnings.simplefilter("ignore")  # record() catches the warnings of each call
torch.set_warn_always(True)  # TORCH_WARN_ONCE warnings (out= resized, ComplexHalf) on every call

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import (  # noqa: E402
    DTYPES, SKIPPED, write,
)

# one call recorded as record_ternary.py records it (its clamp-only zero-sign note never applies here)
from record_ternary import SKIPPED_COMPLEX32, record  # noqa: E402
from record_ternary import errors as record_errors  # noqa: E402
from record_unary import s2  # noqa: E402

NAN, INF = float("nan"), float("inf")
FLOATS = [torch.float16, torch.bfloat16, torch.float32, torch.float64]
COMPLEX = [torch.complex64, torch.complex128]
INTS = [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]


def T(values, dtype):
    return torch.tensor(values, dtype=dtype)


# ---------------------------------------------------------------------------------------------------------------
# angle

COMPLEX_PARTS = [0.0, -0.0, 1.0, -1.0, 2.5, -100.0, INF, -INF, NAN]
COMPLEX_EXTRA = [complex(1e-30, 1e-30), complex(0.1, 0.2), complex(-0.5, -1e-8), complex(3.0, -4.0),
                 complex(-1e30, 1e-30), complex(1e-8, -1.0), complex(-2.5, 0.0), complex(-2.5, -0.0),
                 complex(0.5, 0.8660254037844386), complex(-7.0, 7.0), complex(1e20, 3.0), complex(-3.0, 1e20)]


def angle_values(d):
    """A 1-D tensor of representative values of dtype d (floats rounded once to d by torch.tensor)."""
    if d == torch.bool:
        return torch.tensor([False, True, True, False])
    if d.is_complex:
        grid = [complex(r, i) for r in COMPLEX_PARTS for i in COMPLEX_PARTS] + COMPLEX_EXTRA
        fi = torch.finfo(d)
        sub = fi.tiny * fi.eps
        grid += [complex(sub, sub), complex(-sub, sub), complex(sub, -0.0), complex(-fi.max, fi.max),
                 complex(fi.max, -fi.tiny)]
        return torch.tensor(grid, dtype=d)
    if d.is_floating_point:
        fi = torch.finfo(d)
        sub = fi.tiny * fi.eps  # the smallest positive subnormal
        vals = [NAN, INF, -INF, 0.0, -0.0, sub, -sub, fi.tiny, -fi.tiny, fi.max, -fi.max, 1.0, -1.0, 0.1, -0.1,
                2.5, -2.5, 3.14159265358979, -3.14159265358979, 1e-8, -1e-8, 100.0, -100.0, 7.0, -7.0]
        return torch.tensor(vals, dtype=torch.float64).to(d)
    if d == torch.uint8:
        return torch.tensor([0, 1, 2, 127, 128, 254, 255], dtype=d)
    ii = torch.iinfo(d)
    return torch.tensor([ii.min, ii.min + 1, ii.max, 0, -1, 1, 2, -7, 100, -100], dtype=d)


ZERODIM = {torch.bool: [True, False], torch.uint8: [0, 200], torch.int8: [-5, 0], torch.int16: [-32768, 3],
           torch.int32: [-1, 7], torch.int64: [-2 ** 63, 2 ** 63 - 1], torch.float16: [-2.5, -0.0],
           torch.bfloat16: [-1.0, NAN], torch.float32: [-0.0, -3.5], torch.float64: [-INF, 0.25],
           torch.complex64: [complex(-1.0, -0.0), 1 + 1j], torch.complex128: [complex(-1.0, 0.0), -3j]}


def angle():
    cases = []
    # every dtype: function and method
    for d in DTYPES:
        record(cases, "angle", "function", [angle_values(d)])
        record(cases, "angle", "method", [angle_values(d)])
    # long complex tensors: lengths around the vectorized loop's width (vector blocks and a scalar tail)
    grid = [complex(r, i) for r in COMPLEX_PARTS for i in COMPLEX_PARTS] + COMPLEX_EXTRA
    for d in COMPLEX:
        for n in (1, 3, 4, 7, 8, 9, 15, 16, 17, 33):
            record(cases, "angle", "function", [T(grid[n:2 * n], d)])
        # the same values strided (PyTorch's scalar loop) and transposed
        record(cases, "angle", "function", [T(grid[:40], d)[::2]])
        record(cases, "angle", "function", [T(grid[:40], d).reshape(5, 8).t()])
        record(cases, "angle", "function", [T(grid[:16], d).reshape(4, 4).t()[1:, ::2]])
    # real dtypes: strided and 2-D inputs
    for d in (torch.float32, torch.float64, torch.int64):
        record(cases, "angle", "function", [angle_values(d)[::2]])
        record(cases, "angle", "function", [angle_values(d)[:10].reshape(2, 5).t()])
    record(cases, "angle", "function", [angle_values(torch.float32)[:18].reshape(2, 3, 3).permute(2, 0, 1)])
    record(cases, "angle", "function", [torch.tensor([-1.5, 2.0]).expand(3, 2)])
    record(cases, "angle", "function", [torch.tensor([1 - 1j, -2 + 0j], dtype=torch.complex64).expand(3, 2)])
    # zero-dim tensors
    for d in DTYPES:
        for v in ZERODIM[d]:
            record(cases, "angle", "function", [torch.tensor(v, dtype=d)])
        record(cases, "angle", "method", [torch.tensor(ZERODIM[d][0], dtype=d)])
    # empty tensors
    for d in (torch.float32, torch.int64, torch.complex64, torch.complex128):
        record(cases, "angle", "function", [torch.empty(0, dtype=d)])
        record(cases, "angle", "function", [torch.empty(2, 0, dtype=d)])
    # keyword input=
    record(cases, "angle", "function", [], {"input": T([-1.0, 2.0], torch.float32)})
    record(cases, "angle", "function", [], {"input": T([-1 + 1j, 2j], torch.complex128)})
    # default dtype float64: integer and bool inputs give float64; floating and complex inputs keep theirs
    for d in DTYPES:
        record(cases, "angle", "function", [angle_values(d)], default=torch.float64)
    for d in (torch.int32, torch.bool, torch.float32, torch.complex64):
        record(cases, "angle", "function", [torch.tensor(ZERODIM[d][0], dtype=d)], default=torch.float64)
        record(cases, "angle", "out", [angle_values(d)], out=torch.empty(0, dtype=torch.float32),
               default=torch.float64)
    # out= of every dtype, for inputs of each kind
    for d in (torch.bool, torch.uint8, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float32,
              torch.float64, torch.complex64, torch.complex128):
        n = len(angle_values(d))
        for od in DTYPES:
            record(cases, "angle", "out", [angle_values(d)], out=torch.zeros(n, dtype=od))
    # out= of other shapes: empty (resized silently), another size (resized with a warning), 2-D, zero-dim
    for d in (torch.float32, torch.int64, torch.complex64):
        x = lambda: T([-1.0, 0.0, 2.0, -0.0], d) if not d.is_complex else T([-1j, 1 + 1j, -1, 0j], d)  # noqa: E731
        rd = torch.float32
        record(cases, "angle", "out", [x()], out=torch.empty(0, dtype=rd))
        record(cases, "angle", "out", [x()], out=torch.zeros(7, dtype=rd))
        record(cases, "angle", "out", [x()], out=torch.zeros(2, 2, dtype=rd))
        record(cases, "angle", "out", [x()], out=torch.zeros((), dtype=rd))
        record(cases, "angle", "out", [x()], out=torch.zeros(4, 2, dtype=rd)[:, 0])
        record(cases, "angle", "out", [x().reshape(2, 2)], out=torch.zeros(2, 2, dtype=rd).t())
        record(cases, "angle", "out", [torch.tensor(ZERODIM[d][0], dtype=d)], out=torch.zeros(3, dtype=rd))
        record(cases, "angle", "out", [torch.tensor(ZERODIM[d][0], dtype=d)], out=torch.zeros((), dtype=rd))
    # out= holding other values (overwritten)
    record(cases, "angle", "out", [T([-1.0, 2.0, -0.0], torch.float32)], out=T([5.0, 5.0, 5.0], torch.float32))
    # a Python number: TypeError
    record(cases, "angle", "function", [2.5])
    record(cases, "angle", "function", [-1])
    record(cases, "angle", "function", [1j])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# views: layouts

C_VALUES = [1 + 2j, -3 + 0.5j, 0.5j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(INF, -1.0),
            complex(NAN, 2.0), complex(-2.5, NAN), complex(1e30, -1e-30), -7 - 7j, 4 + 0j, complex(-0.0, -INF)]


def complex_bases(d):
    """(name, maker) of the complex layouts of dtype d; each call makes a fresh tensor."""
    base = lambda: T(C_VALUES, d)  # noqa: E731
    return [
        ("contiguous", lambda: base()),
        ("2-D", lambda: base().reshape(3, 4)),
        ("transposed", lambda: base().reshape(3, 4).t()),
        ("stepped", lambda: base()[1::3]),
        ("sliced", lambda: base()[2:7]),
        ("sliced columns", lambda: base().reshape(3, 4)[:, 1:3]),
        ("zero-dim", lambda: base()[1].clone()),
        ("zero-dim view", lambda: base()[5]),
        ("expanded", lambda: base()[:3].expand(2, 3)),
        ("expanded column", lambda: base()[:2].reshape(2, 1).expand(2, 3)),
        ("permuted", lambda: base().reshape(2, 3, 2).permute(2, 0, 1)),
        ("empty", lambda: torch.empty(0, dtype=d)),
        ("empty 2-D", lambda: torch.empty(2, 0, dtype=d)),
        ("one element", lambda: base()[:1]),
    ]


def real_bases():
    return [
        lambda: T([1.5, -2.0, -0.0, NAN, INF], torch.float32),
        lambda: T([[1.5, -2.0], [0.25, -INF]], torch.float64).t(),
        lambda: T([1.5, -2.0, 3.0], torch.float16),
        lambda: T([1.5, -2.0, 3.0], torch.bfloat16),
        lambda: T([-3, 0, 7], torch.int64),
        lambda: T([200, 0, 7], torch.uint8),
        lambda: T([-128, 5], torch.int8),
        lambda: T([True, False], torch.bool),
        lambda: torch.tensor(-2.5),
        lambda: torch.tensor(-4, dtype=torch.int32),
        lambda: torch.empty(0),
    ]


# view_as_complex inputs: (float dtype, maker)
VAC_INPUTS = [
    lambda d: torch.arange(8, dtype=d).reshape(4, 2) - 3,
    lambda d: torch.arange(12, dtype=d).reshape(2, 3, 2) * 0.5,
    lambda d: (torch.arange(12, dtype=d).reshape(2, 3, 2) - 6).transpose(0, 1),
    lambda d: (torch.arange(12, dtype=d).reshape(3, 2, 2) + 1).permute(1, 0, 2),
    lambda d: torch.arange(16, dtype=d).reshape(8, 2)[::2],
    lambda d: torch.arange(16, dtype=d).reshape(8, 2)[3:6],
    lambda d: torch.tensor([1.5, -2.0], dtype=d).expand(3, 2),
    lambda d: torch.tensor([[1.5, -2.0], [NAN, -0.0]], dtype=d).expand(2, 2, 2),
    lambda d: torch.tensor([-0.0, INF], dtype=d),
    lambda d: torch.empty(0, 2, dtype=d),
    lambda d: torch.empty(3, 0, 2, dtype=d),
    lambda d: torch.arange(24, dtype=d).reshape(2, 2, 3, 2)[:, 1],
    # errors: last dimension not 2, its stride not 1, a stride not divisible by 2, zero-dim
    lambda d: torch.zeros(2, 3, dtype=d),
    lambda d: torch.zeros(3, dtype=d),
    lambda d: torch.zeros(1, dtype=d),
    lambda d: torch.zeros(0, dtype=d),
    lambda d: torch.arange(6, dtype=d).reshape(3, 2).t(),
    lambda d: torch.arange(8, dtype=d).reshape(2, 4)[:, ::2],
    lambda d: torch.arange(9, dtype=d).reshape(3, 3)[:, :2],
    lambda d: torch.arange(15, dtype=d).reshape(3, 5)[:, 1:3],
    lambda d: torch.tensor(1.0, dtype=d),
    lambda d: torch.zeros(2, 1, dtype=d).expand(2, 2),
]


def views():
    cases = []
    fn_ops = ["view_as_real", "real", "imag", "conj", "resolve_conj", "resolve_neg", "conj_physical", "is_conj",
              "is_neg"]
    method_ops = ["conj", "conj_physical", "resolve_conj", "resolve_neg", "is_conj", "is_neg"]
    for d in COMPLEX:
        for name, make in complex_bases(d):
            for op in fn_ops:
                record(cases, op, "function", [make()])
            for op in method_ops:
                record(cases, op, "method", [make()])
            record(cases, "conj_physical_", "inplace", [make()])
            if name in ("contiguous", "zero-dim", "empty"):
                record(cases, "view_as_complex", "function", [make()])
    # conj_physical out=: the input's dtype, another one, another shape, strided
    for d in COMPLEX:
        x = lambda: T(C_VALUES[:4], d)  # noqa: E731
        for od in DTYPES:
            record(cases, "conj_physical", "out", [x()], out=torch.zeros(4, dtype=od))
        record(cases, "conj_physical", "out", [x()], out=torch.empty(0, dtype=d))
        record(cases, "conj_physical", "out", [x()], out=torch.zeros(6, dtype=d))
        record(cases, "conj_physical", "out", [x()], out=torch.zeros(2, 2, dtype=d))
        record(cases, "conj_physical", "out", [x().reshape(2, 2)], out=torch.zeros(2, 2, dtype=d).t())
        record(cases, "conj_physical", "out", [x()], out=torch.zeros(8, dtype=d)[::2])
    for d in (torch.float32, torch.int64, torch.bool):
        x = lambda: T([1, 0, 1], d)  # noqa: E731
        for od in (d, torch.float64, torch.complex64):
            record(cases, "conj_physical", "out", [x()], out=torch.zeros(3, dtype=od))
    # real, integer and bool tensors
    for make in real_bases():
        for op in fn_ops + ["view_as_complex"]:
            record(cases, op, "function", [make()])
        for op in method_ops:
            record(cases, op, "method", [make()])
        record(cases, "conj_physical_", "inplace", [make()])
    # view_as_complex of float32/float64 layouts and its errors; float16 (complex32) in the expressions section
    for d in (torch.float32, torch.float64):
        for make in VAC_INPUTS:
            record(cases, "view_as_complex", "function", [make(d)])
    for d in (torch.bfloat16, torch.int64, torch.int32, torch.uint8, torch.bool):
        record(cases, "view_as_complex", "function", [torch.zeros(3, 2).to(d)])
    # keyword input= (PyTorch's name is self for view_as_real and view_as_complex)
    for op in ("view_as_real", "real", "imag", "conj", "conj_physical", "resolve_conj", "resolve_neg", "is_conj",
               "is_neg"):
        record(cases, op, "function", [], {"input": T([1 - 1j, 2j], torch.complex64)})
        record(cases, op, "function", [], {"self": T([1 - 1j, 2j], torch.complex64)})
    record(cases, "view_as_complex", "function", [], {"input": T([[1.0, 2.0]], torch.float32)})
    record(cases, "view_as_complex", "function", [], {"self": T([[1.0, 2.0]], torch.float32)})
    return cases


# ---------------------------------------------------------------------------------------------------------------
# expressions: storage offsets, sharing, the conjugate and negative bits

SET0 = "(lambda v: (v.__setitem__(0, {val}), {base})[1])({view})"  # writes v[0] through the view, gives the base


def set0(view, val, base="c"):
    return SET0.format(view=view, val=val, base=base)


EXPRESSIONS = [
    # (name, op, expression): the names are those of expression_env()
    # storage offsets, strides and shapes of the views
    ("view_as_real storage offset", "view_as_real", "torch.view_as_real(c).storage_offset()"),
    ("view_as_real of a slice: storage offset", "view_as_real", "torch.view_as_real(c[1:]).storage_offset()"),
    ("view_as_real of a stepped slice", "view_as_real", "torch.view_as_real(c[1::2])"),
    ("view_as_real of a stepped slice: storage offset", "view_as_real",
     "torch.view_as_real(c[1::2]).storage_offset()"),
    ("view_as_real of z[1]: storage offset", "view_as_real", "torch.view_as_real(z[1]).storage_offset()"),
    ("view_as_real of z.t()[2]: storage offset", "view_as_real", "torch.view_as_real(z.t()[2]).storage_offset()"),
    ("view_as_real of z.t()[2]", "view_as_real", "torch.view_as_real(z.t()[2])"),
    ("view_as_complex storage offset", "view_as_complex", "torch.view_as_complex(x.reshape(4, 2)).storage_offset()"),
    ("view_as_complex of an even offset", "view_as_complex", "torch.view_as_complex(x[2:].reshape(3, 2))"),
    ("view_as_complex of an even offset: storage offset", "view_as_complex",
     "torch.view_as_complex(x[2:].reshape(3, 2)).storage_offset()"),
    ("view_as_complex of an offset of 4: storage offset", "view_as_complex",
     "torch.view_as_complex(x.reshape(4, 2)[2:]).storage_offset()"),
    ("view_as_complex of an odd offset", "view_as_complex", "torch.view_as_complex(x[1:7].reshape(3, 2))"),
    ("view_as_complex of an odd offset, 1-D", "view_as_complex", "torch.view_as_complex(x[3:5])"),
    ("view_as_complex of an odd offset, zero-size", "view_as_complex", "torch.view_as_complex(x[1:1].reshape(0, 2))"),
    ("view_as_complex of an odd offset, after an expand", "view_as_complex",
     "torch.view_as_complex(x[1:3].expand(2, 2))"),
    ("view_as_complex of an odd element offset in float64", "view_as_complex",
     "torch.view_as_complex(x.double()[3:7].reshape(2, 2))"),
    ("real storage offset", "real", "torch.real(c[1:]).storage_offset()"),
    ("real stride", "real", "torch.real(c).stride()"),
    ("imag storage offset", "imag", "torch.imag(c).storage_offset()"),
    ("imag of a slice: storage offset", "imag", "torch.imag(c[2:]).storage_offset()"),
    ("imag of z.t(): strides", "imag", "torch.imag(z.t()).stride()"),
    ("real of a real tensor is itself", "real", "torch.real(f) is f"),
    ("real of a complex tensor is a new tensor", "real", "torch.real(c) is c"),
    ("conj of a complex tensor: storage offset", "conj", "c[1:].conj().storage_offset()"),
    ("conj of a complex tensor is a new tensor", "conj", "torch.conj(c) is c"),
    ("view_as_real of view_as_complex", "view_as_real", "torch.view_as_real(torch.view_as_complex(x.reshape(4, 2)))"),
    ("view_as_complex of view_as_real", "view_as_complex", "torch.view_as_complex(torch.view_as_real(c))"),
    # sharing: writes through the view reach the base
    ("write through view_as_real", "view_as_real", set0("torch.view_as_real(c)", "9.0")),
    ("write through view_as_real of a slice", "view_as_real", set0("torch.view_as_real(c[2:])", "-1.5")),
    ("write one part through view_as_real", "view_as_real",
     "(lambda v: (v[:, 1].fill_(-5.0), c)[1])(torch.view_as_real(c))"),
    ("write through view_as_complex", "view_as_complex",
     set0("torch.view_as_complex(x.reshape(4, 2))", "5 - 5j", "x")),
    ("write through view_as_complex of a slice", "view_as_complex",
     set0("torch.view_as_complex(x[4:].reshape(2, 2))", "-1j", "x")),
    ("write through real", "real", set0("torch.real(c)", "-7.0")),
    ("write through imag", "imag", set0("torch.imag(c)", "-7.0")),
    ("write through the real property", "real", set0("c.real", "8.0")),
    ("write through imag of z.t()", "imag", set0("torch.imag(z.t())", "3.0", "z")),
    ("fill_ through imag", "imag", "(lambda v: (v.fill_(2.0), c)[1])(torch.imag(c))"),
    ("in-place add through real", "real", "(lambda v: (v.add_(1.0), c)[1])(torch.real(c))"),
    ("write through conj", "conj", set0("c.conj()", "1 + 1j")),
    ("write through torch.conj", "conj", set0("torch.conj(c)", "-2j")),
    ("fill_ through conj", "conj", "(lambda v: (v.fill_(2 + 3j), c)[1])(c.conj())"),
    ("add_ through conj", "conj", "(lambda v: (v.add_(1j), c)[1])(c.conj())"),
    ("mul_ through conj", "conj", "(lambda v: (v.mul_(1j), c)[1])(c.conj())"),
    ("copy_ into conj", "conj", "(lambda v: (v.copy_(torch.tensor([1j, 2j, 3j, 4j])), c)[1])(c.conj())"),
    ("copy_ into conj: still conj", "conj", "c.conj().copy_(torch.tensor([1j, 2j, 3j, 4j])).is_conj()"),
    ("copy_ a conj into conj", "conj", "(lambda v: (v.copy_(c.conj() * 2), c)[1])(c.conj())"),
    ("write through imag of conj (negative view)", "imag", set0("torch.imag(c.conj())", "4.0")),
    ("fill_ through imag of conj", "imag", "(lambda v: (v.fill_(-1.0), c)[1])(torch.imag(c.conj()))"),
    ("add_ through imag of conj", "imag", "(lambda v: (v.add_(1.0), c)[1])(torch.imag(c.conj()))"),
    ("write through real of conj", "real", set0("torch.real(c.conj())", "6.0")),
    ("write through conj of a slice", "conj", set0("c[1:].conj()", "3 - 1j")),
    ("write through resolve_conj of a real tensor", "resolve_conj", set0("torch.resolve_conj(c)", "0.5j")),
    ("write through resolve_conj of conj (a copy)", "resolve_conj", set0("c.conj().resolve_conj()", "0.5j")),
    ("write through conj_physical (a copy)", "conj_physical", set0("torch.conj_physical(c)", "0.5j")),
    # the conjugate bit
    ("conj is_conj", "conj", "c.conj().is_conj()"),
    ("torch.conj is_conj", "conj", "torch.conj(c).is_conj()"),
    ("torch.is_conj of conj", "is_conj", "torch.is_conj(c.conj())"),
    ("is_conj of a complex tensor", "is_conj", "c.is_conj()"),
    ("is_conj of a real tensor", "is_conj", "f.is_conj()"),
    ("conj of a real tensor is itself", "conj", "torch.conj(f) is f"),
    ("conj method of a real tensor is itself", "conj", "f.conj() is f"),
    ("conj of an int tensor is itself", "conj", "torch.conj(i) is i"),
    ("conj of a bool tensor is itself", "conj", "b.conj() is b"),
    ("conj of a real tensor is_conj", "conj", "torch.conj(f).is_conj()"),
    ("conj of conj", "conj", "c.conj().conj()"),
    ("conj of conj is_conj", "conj", "c.conj().conj().is_conj()"),
    ("conj of conj is a new tensor", "conj", "(lambda v: v.conj() is c)(c.conj())"),
    ("conj of conj: storage offset", "conj", "c[2:].conj().conj().storage_offset()"),
    ("conj of conj: write through", "conj", set0("c.conj().conj()", "1.5 + 2.5j")),
    ("conj values", "conj", "c.conj()"),
    ("conj of z.t()", "conj", "z.t().conj()"),
    ("conj is_neg", "conj", "c.conj().is_neg()"),
    ("resolve_conj of conj", "resolve_conj", "c.conj().resolve_conj()"),
    ("resolve_conj of conj is_conj", "resolve_conj", "c.conj().resolve_conj().is_conj()"),
    ("torch.resolve_conj of conj is_conj", "resolve_conj", "torch.resolve_conj(c.conj()).is_conj()"),
    ("resolve_conj of a complex tensor is itself", "resolve_conj", "torch.resolve_conj(c) is c"),
    ("resolve_conj of a real tensor is itself", "resolve_conj", "f.resolve_conj() is f"),
    ("resolve_conj of conj of z.t(): strides", "resolve_conj", "z.t().conj().resolve_conj()"),
    ("resolve_conj of conj of expanded", "resolve_conj", "c[:2].expand(2, 2).conj().resolve_conj()"),
    ("resolve_conj of conj of a stepped slice", "resolve_conj", "c[::2].conj().resolve_conj()"),
    ("views of conj keep the bit: slice", "conj", "c.conj()[1:].is_conj()"),
    ("views of conj keep the bit: index", "conj", "c.conj()[1].is_conj()"),
    ("views of conj keep the bit: reshape", "conj", "c.conj().reshape(2, 2).is_conj()"),
    ("views of conj keep the bit: view", "conj", "c.conj().view(2, 2).is_conj()"),
    ("views of conj keep the bit: unsqueeze", "conj", "c.conj().unsqueeze(0).is_conj()"),
    ("views of conj keep the bit: expand", "conj", "c.conj().expand(2, 4).is_conj()"),
    ("views of conj keep the bit: transpose", "conj", "z.conj().t().is_conj()"),
    ("views of conj keep the bit: flatten of a transpose (a copy)", "conj", "z.conj().t().flatten().is_conj()"),
    ("views of conj keep the bit: flatten of a transpose, values", "conj", "z.conj().t().flatten()"),
    ("views of conj keep the bit: detach", "conj", "c.conj().detach().is_conj()"),
    ("views of conj: reshape values", "conj", "c.conj().reshape(2, 2)"),
    ("conj view to another dtype", "conj", "c.conj().view(torch.float32)"),
    ("conj view to the same dtype", "conj", "c.conj().view(torch.complex64).is_conj()"),
    ("clone of conj", "conj", "c.conj().clone().is_conj()"),
    ("clone of conj, values", "conj", "c.conj().clone()"),
    ("contiguous of conj", "conj", "c.conj().contiguous().is_conj()"),
    ("contiguous of conj is itself", "conj", "(lambda v: v.contiguous() is v)(c.conj())"),
    ("contiguous of a transposed conj", "conj", "z.conj().t().contiguous().is_conj()"),
    ("contiguous of a transposed conj, values", "conj", "z.conj().t().contiguous()"),
    ("copy_ from conj", "conj", "torch.zeros(4, dtype=torch.complex64).copy_(c.conj())"),
    ("copy_ from conj is_conj", "conj", "torch.zeros(4, dtype=torch.complex64).copy_(c.conj()).is_conj()"),
    ("copy_ from conj into complex128", "conj", "torch.zeros(4, dtype=torch.complex128).copy_(c.conj())"),
    ("copy_ from conj into float32", "conj", "torch.zeros(4).copy_(c.conj())"),
    ("to complex128 of conj", "conj", "c.conj().to(torch.complex128).is_conj()"),
    ("to complex128 of conj, values", "conj", "c.conj().to(torch.complex128)"),
    ("to complex64 of conj is itself", "conj", "(lambda v: v.to(torch.complex64) is v)(c.conj())"),
    ("conj + 1", "conj", "c.conj() + 1"),
    ("conj + 1 is_conj", "conj", "(c.conj() + 1).is_conj()"),
    ("conj * c", "conj", "c.conj() * c"),
    ("conj - conj", "conj", "c.conj() - c.conj()"),
    ("neg of conj", "conj", "-c.conj()"),
    ("neg of conj is_conj", "conj", "(-c.conj()).is_conj()"),
    ("abs of conj", "conj", "c.conj().abs()"),
    ("sum of conj", "conj", "c.conj().sum()"),
    ("angle of conj", "angle", "torch.angle(c.conj())"),
    ("angle of conj of z.t()", "angle", "z.t().conj().angle()"),
    ("conj_physical of conj", "conj_physical", "torch.conj_physical(c.conj())"),
    ("conj_physical of conj is_conj", "conj_physical", "torch.conj_physical(c.conj()).is_conj()"),
    ("conj_physical is_conj", "conj_physical", "torch.conj_physical(c).is_conj()"),
    ("conj_physical_ of conj", "conj_physical_", "(lambda v: (v.conj_physical_(), c)[1])(c.conj())"),
    ("conj_physical_ of conj returns itself", "conj_physical_", "(lambda v: v.conj_physical_() is v)(c.conj())"),
    ("conj_physical_ of conj, values", "conj_physical_", "c.conj().conj_physical_()"),
    ("conj_physical_ of conj is_conj", "conj_physical_", "c.conj().conj_physical_().is_conj()"),
    ("conj_physical_ on complex", "conj_physical_", "c.conj_physical_()"),
    ("conj_physical_ on complex returns itself", "conj_physical_", "c.conj_physical_() is c"),
    ("conj_physical_ on complex, twice", "conj_physical_", "c.conj_physical_().conj_physical_()"),
    ("conj_physical_ on complex, is_conj", "conj_physical_", "c.conj_physical_().is_conj()"),
    ("conj_physical_ on a real tensor returns itself", "conj_physical_", "f.conj_physical_() is f"),
    ("conj_physical_ on a real tensor", "conj_physical_", "f.conj_physical_()"),
    ("conj_physical_ on int", "conj_physical_", "i.conj_physical_()"),
    ("conj_physical_ through a view", "conj_physical_", "(lambda v: (v.conj_physical_(), c)[1])(c[1:3])"),
    ("conj_physical_ through view_as_complex", "conj_physical_",
     "(lambda v: (v.conj_physical_(), x)[1])(torch.view_as_complex(x.reshape(4, 2)))"),
    ("conj_physical_ of expanded", "conj_physical_", "c[:1].expand(3).conj_physical_()"),
    ("torch.conj_physical_", "conj_physical_", "torch.conj_physical_(c)"),
    ("torch.conj_physical_ returns its input", "conj_physical_", "torch.conj_physical_(c) is c"),
    ("conj_physical of a real tensor is itself", "conj_physical", "torch.conj_physical(f) is f"),
    ("conj_physical of an int tensor is itself", "conj_physical", "torch.conj_physical(i) is i"),
    ("conj_physical of a complex tensor is a new tensor", "conj_physical", "torch.conj_physical(c) is c"),
    ("conj_physical out= its input", "conj_physical", "torch.conj_physical(c, out=c)"),
    ("conj_physical out= a conj view of its input", "conj_physical",
     "(lambda v: (torch.conj_physical(c, out=v), c)[1])(c.conj())"),
    ("conj_physical out= a conj tensor", "conj_physical",
     "(lambda v: torch.conj_physical(c, out=v).is_conj())(torch.zeros(4, dtype=torch.complex64).conj())"),
    ("conj_physical out= a conj tensor, values", "conj_physical",
     "torch.conj_physical(c, out=torch.zeros(4, dtype=torch.complex64).conj())"),
    ("angle out= a conj tensor", "angle", "torch.angle(c, out=torch.zeros(4, dtype=torch.complex64).conj())"),
    ("angle out= an imag view (negative)", "angle",
     "torch.angle(c, out=torch.imag(torch.zeros(4, dtype=torch.complex64).conj()))"),
    ("angle out= an imag view, its base", "angle",
     "(lambda w: (torch.angle(c, out=torch.imag(w.conj())), w)[1])(torch.zeros(4, dtype=torch.complex64))"),
    # the negative bit
    ("imag of conj", "imag", "torch.imag(c.conj())"),
    ("imag of conj is_neg", "imag", "torch.imag(c.conj()).is_neg()"),
    ("imag of conj is_conj", "imag", "torch.imag(c.conj()).is_conj()"),
    ("imag of conj: storage offset", "imag", "torch.imag(c.conj()).storage_offset()"),
    ("imag property of conj", "imag", "c.conj().imag"),
    ("imag property of conj is_neg", "imag", "c.conj().imag.is_neg()"),
    ("real of conj", "real", "torch.real(c.conj())"),
    ("real of conj is_conj", "real", "torch.real(c.conj()).is_conj()"),
    ("real of conj is_neg", "real", "torch.real(c.conj()).is_neg()"),
    ("resolve_neg of imag of conj", "resolve_neg", "torch.resolve_neg(torch.imag(c.conj()))"),
    ("resolve_neg of imag of conj is_neg", "resolve_neg", "torch.imag(c.conj()).resolve_neg().is_neg()"),
    ("resolve_neg of imag of conj: storage offset", "resolve_neg",
     "torch.imag(c.conj()).resolve_neg().storage_offset()"),
    ("resolve_neg of a tensor without the bit is itself", "resolve_neg", "torch.resolve_neg(f) is f"),
    ("resolve_neg of conj is itself", "resolve_neg", "(lambda v: torch.resolve_neg(v) is v)(c.conj())"),
    ("resolve_neg of conj is_conj", "resolve_neg", "torch.resolve_neg(c.conj()).is_conj()"),
    ("resolve_conj of imag of conj is itself", "resolve_conj",
     "(lambda v: torch.resolve_conj(v) is v)(torch.imag(c.conj()))"),
    ("resolve_conj of imag of conj is_neg", "resolve_conj", "torch.imag(c.conj()).resolve_conj().is_neg()"),
    ("clone of a negative view", "imag", "torch.imag(c.conj()).clone().is_neg()"),
    ("clone of a negative view, values", "imag", "torch.imag(c.conj()).clone()"),
    ("contiguous of a negative view", "imag", "torch.imag(c.conj()).contiguous().is_neg()"),
    ("negative view + 1", "imag", "torch.imag(c.conj()) + 1"),
    ("negative view + 1 is_neg", "imag", "(torch.imag(c.conj()) + 1).is_neg()"),
    ("negative view sliced is_neg", "imag", "torch.imag(c.conj())[1:].is_neg()"),
    ("negative view to float64", "imag", "torch.imag(c.conj()).double()"),
    ("negative view to float64 is_neg", "imag", "torch.imag(c.conj()).double().is_neg()"),
    ("copy_ from a negative view", "imag", "torch.zeros(4).copy_(torch.imag(c.conj()))"),
    ("copy_ into a negative view", "imag",
     "(lambda v: (v.copy_(torch.tensor([1., 2., 3., 4.])), c)[1])(torch.imag(c.conj()))"),
    ("is_neg of a real tensor", "is_neg", "f.is_neg()"),
    ("is_neg of neg", "is_neg", "(-f).is_neg()"),
    ("torch.is_neg of a negative view", "is_neg", "torch.is_neg(torch.imag(c.conj()))"),
    ("conj of a negative view", "conj", "(lambda v: torch.conj(v) is v)(torch.imag(c.conj()))"),
    ("view_as_real of a conj tensor", "view_as_real", "torch.view_as_real(c.conj())"),
    ("view_as_real of a resolved conj tensor", "view_as_real", "torch.view_as_real(c.conj().resolve_conj())"),
    ("view_as_real of conj_physical", "view_as_real", "torch.view_as_real(c.conj_physical())"),
    ("view_as_real of conj of conj", "view_as_real", "torch.view_as_real(c.conj().conj())"),
    ("view_as_real of a sliced conj tensor", "view_as_real", "torch.view_as_real(c.conj()[1:])"),
    ("view_as_complex of a negative view", "view_as_complex",
     "torch.view_as_complex(torch.imag(z.conj()).reshape(3, 2))"),
    ("view_as_complex of a negative view, values", "view_as_complex",
     "torch.view_as_complex(torch.imag(z.conj()).contiguous().reshape(3, 2))"),
    ("conj of view_as_complex", "conj", "torch.view_as_complex(x.reshape(4, 2)).conj()"),
    ("imag of conj of view_as_complex", "imag", "torch.imag(torch.view_as_complex(x.reshape(4, 2)).conj())"),
    ("equal conj and conj_physical", "conj", "torch.equal(c.conj(), c.conj_physical())"),
    ("eq of conj and conj_physical", "conj", "c.conj() == c.conj_physical()"),
    ("conj_physical zeros' signs", "conj_physical", "torch.conj_physical(torch.tensor([0j, complex(0.0, -0.0)]))"),
    ("conj zeros' signs", "conj", "torch.conj(torch.tensor([0j, complex(0.0, -0.0)]))"),
    ("imag of conj zeros' signs", "imag", "torch.imag(torch.tensor([0j, complex(0.0, -0.0)]).conj())"),
    # printing
    ("repr of conj", "conj", "repr(c.conj())"),
    ("str of conj", "conj", "str(c.conj())"),
    ("repr of conj of complex128", "conj", "repr(z.conj())"),
    ("repr of a negative view", "imag", "repr(torch.imag(c.conj()))"),
    ("repr of view_as_real", "view_as_real", "repr(torch.view_as_real(c))"),
    ("repr of angle", "angle", "repr(torch.angle(c))"),
    ("tolist of conj", "conj", "c.conj().tolist()"),
    ("item of conj", "conj", "c.conj()[0].item()"),
    ("tolist of a negative view", "imag", "torch.imag(c.conj()).tolist()"),
    # complex32: PyTorch's view_as_complex of float16 (the project has no complex32: deviation 1)
    ("view_as_complex of float16 (complex32)", "view_as_complex", "torch.view_as_complex(h.reshape(2, 2))"),
    ("view_as_complex of float16 (complex32) on meta", "view_as_complex",
     "torch.view_as_complex(torch.empty(3, 2, dtype=torch.float16, device='meta'))"),
    ("view_as_complex of float16 (complex32), errors as for float32", "view_as_complex",
     "torch.view_as_complex(h.reshape(4, 1))"),
    ("view_as_real of view_as_complex of float16 (complex32)", "view_as_real",
     "torch.view_as_real(torch.view_as_complex(h.reshape(2, 2)))"),
    ("real of complex32", "real", "torch.real(torch.view_as_complex(h.reshape(2, 2)))"),
    ("imag of complex32", "imag", "torch.imag(torch.view_as_complex(h.reshape(2, 2)))"),
    ("conj of complex32 is_conj", "conj", "torch.view_as_complex(h.reshape(2, 2)).conj().is_conj()"),
    ("angle of complex32", "angle", "torch.angle(torch.view_as_complex(h.reshape(2, 2)))"),
    ("conj_physical of complex32", "conj_physical", "torch.conj_physical(torch.view_as_complex(h.reshape(2, 2)))"),
    # errors of each op
    ("view_as_real of a real tensor", "view_as_real", "torch.view_as_real(f)"),
    ("view_as_real of an int tensor", "view_as_real", "torch.view_as_real(i)"),
    ("view_as_real of a bool tensor", "view_as_real", "torch.view_as_real(b)"),
    ("view_as_complex of float32 with last dim 3", "view_as_complex", "torch.view_as_complex(x[:6].reshape(2, 3))"),
    ("view_as_complex with last stride not 1", "view_as_complex", "torch.view_as_complex(x.reshape(2, 4)[:, ::2])"),
    ("view_as_complex with odd strides", "view_as_complex", "torch.view_as_complex(torch.zeros(3, 3)[:, :2])"),
    ("view_as_complex of an int tensor", "view_as_complex", "torch.view_as_complex(i[:2])"),
    ("view_as_complex of a bool tensor", "view_as_complex", "torch.view_as_complex(b[:2])"),
    ("view_as_complex of a complex tensor", "view_as_complex", "torch.view_as_complex(c[:2])"),
    ("view_as_complex of a zero-dim tensor", "view_as_complex", "torch.view_as_complex(torch.tensor(1.))"),
    ("view_as_complex of bfloat16", "view_as_complex", "torch.view_as_complex(x[:2].bfloat16())"),
    ("imag of a real tensor", "imag", "torch.imag(f)"),
    ("imag of an int tensor", "imag", "torch.imag(i)"),
    ("imag property of a real tensor", "imag", "f.imag"),
    ("real of an int tensor", "real", "torch.real(i)"),
    ("real of a bool tensor is itself", "real", "torch.real(b) is b"),
    ("angle out int", "angle", "torch.angle(f, out=torch.zeros(4, dtype=torch.int64))"),
    ("angle out int for an int input", "angle", "torch.angle(i, out=torch.zeros(3, dtype=torch.int32))"),
    ("angle out bool", "angle", "torch.angle(b, out=torch.zeros(3, dtype=torch.bool))"),
    ("angle out int for a complex input", "angle", "torch.angle(c, out=torch.zeros(4, dtype=torch.int64))"),
    ("angle out overlaps its input", "angle", "torch.angle(f, out=f)"),
    ("angle out partially overlaps its input", "angle", "torch.angle(x[:4], out=x[2:6])"),
    ("angle out with internal overlap", "angle", "torch.angle(f, out=torch.zeros(1).expand(4))"),
    ("angle out a real view of its complex input", "angle", "torch.angle(c, out=torch.real(c))"),
    ("angle out a real view of its complex input, values", "angle",
     "(lambda: (torch.angle(c, out=torch.imag(c)), c)[1])()"),
    ("conj_physical out another dtype", "conj_physical",
     "torch.conj_physical(c, out=torch.zeros(4, dtype=torch.complex128))"),
    ("conj_physical out real for complex", "conj_physical", "torch.conj_physical(c, out=torch.zeros(4))"),
    ("conj_physical out with internal overlap", "conj_physical",
     "torch.conj_physical(c, out=torch.zeros(1, dtype=torch.complex64).expand(4))"),
    ("conj_physical_ of expanded real", "conj_physical_", "torch.zeros(1).expand(3).conj_physical_()"),
    ("conj on meta is_conj", "conj", "torch.conj(torch.empty(3, dtype=torch.complex64, device='meta')).is_conj()"),
    ("imag of conj on meta is_neg", "imag",
     "torch.imag(torch.empty(3, dtype=torch.complex64, device='meta').conj()).is_neg()"),
    ("view_as_real of conj on meta", "view_as_real",
     "torch.view_as_real(torch.empty(3, dtype=torch.complex64, device='meta').conj())"),
    ("conj of sparse complex is_conj", "conj",
     "torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.tensor([1 + 1j, -2j]), (3,)).conj().is_conj()"),
    ("conj of sparse complex", "conj",
     "torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.tensor([1 + 1j, -2j]), (3,)).conj()"),
    ("conj of sparse real is itself", "conj",
     "(lambda s: torch.conj(s) is s)(torch.sparse_coo_tensor(torch.tensor([[0, 2]]), torch.tensor([1., -2.]), (3,)))"),
]


def expression_env():
    return {"torch": torch,
            "c": torch.tensor([1 + 2j, -3 + 0.5j, 0.5j, complex(-1.0, -0.0)]),
            "z": torch.tensor([[1 + 1j, 2 - 1j, -0.5j], [4 + 0j, -1 + 3j, 0.25 + 0.75j]], dtype=torch.complex128),
            "f": torch.tensor([7.5, -3.25, 0.0, -0.0]),
            "x": torch.arange(8.) - 2.5,
            "h": torch.tensor([1.5, -2.0, 0.25, 3.0], dtype=torch.float16),
            "i": torch.tensor([7, -3, 2], dtype=torch.int32),
            "b": torch.tensor([True, False, True])}


def expressions():
    return record_errors(EXPRESSIONS, expression_env)


# ---------------------------------------------------------------------------------------------------------------
# meta

def meta():
    cases = []

    def e(*shape, dtype=torch.float32):
        return torch.empty(shape, dtype=dtype, device="meta")

    for d in (torch.float32, torch.float16, torch.int64, torch.bool, torch.complex64, torch.complex128):
        record(cases, "angle", "function", [e(2, 3, dtype=d)])
        record(cases, "angle", "method", [e(dtype=d)])
        record(cases, "angle", "function", [e(2, 3, dtype=d).t()])
        record(cases, "angle", "out", [e(3, dtype=d)], out=e(3, dtype=torch.float32))
    record(cases, "angle", "function", [e(3, dtype=torch.int32)], default=torch.float64)
    record(cases, "angle", "out", [e(3, dtype=torch.complex64)], out=e(3, dtype=torch.complex64))
    record(cases, "angle", "out", [e(3, dtype=torch.complex64)], out=e(3, dtype=torch.float64))
    record(cases, "angle", "out", [e(3, dtype=torch.complex64)], out=e(3, dtype=torch.int64))
    record(cases, "angle", "out", [e(3)], out=e(0))
    record(cases, "angle", "out", [e(3)], out=e(5))
    record(cases, "angle", "out", [e(3)], out=torch.zeros(3))
    record(cases, "angle", "out", [torch.ones(3)], out=e(3))
    for d in (torch.complex64, torch.complex128):
        for x in (lambda: e(2, 3, dtype=d), lambda: e(2, 3, dtype=d).t(), lambda: e(dtype=d),
                  lambda: e(2, 3, dtype=d)[:, 1:], lambda: e(3, dtype=d).expand(2, 3), lambda: e(0, 2, dtype=d)):
            for op in ("view_as_real", "real", "imag", "conj", "resolve_conj", "resolve_neg", "conj_physical",
                       "is_conj", "is_neg"):
                record(cases, op, "function", [x()])
            record(cases, "conj", "method", [x()])
            record(cases, "conj_physical_", "inplace", [x()])
        record(cases, "conj_physical", "out", [e(3, dtype=d)], out=e(3, dtype=d))
        record(cases, "conj_physical", "out", [e(3, dtype=d)], out=e(0, dtype=d))
        record(cases, "conj_physical", "out", [e(3, dtype=d)], out=e(3, dtype=torch.complex128))
        record(cases, "conj_physical", "out", [e(3, dtype=d)], out=e(3, dtype=torch.float32))
        record(cases, "conj_physical", "out", [e(3, dtype=d)], out=torch.zeros(3, dtype=d))
    for d in (torch.float32, torch.int64, torch.bool):
        for op in ("view_as_real", "real", "imag", "conj", "resolve_conj", "resolve_neg", "conj_physical",
                   "is_conj", "is_neg", "view_as_complex"):
            record(cases, op, "function", [e(3, 2, dtype=d)])
        record(cases, "conj_physical_", "inplace", [e(3, dtype=d)])
    for d in (torch.float32, torch.float64):  # float16 (a complex32 result): the expressions section
        for x in (lambda: e(3, 2, dtype=d), lambda: e(2, 3, 2, dtype=d).transpose(0, 1), lambda: e(2, dtype=d),
                  lambda: e(2, 3, dtype=d), lambda: e(2, 4, dtype=d)[:, ::2], lambda: e(3, 3, dtype=d)[:, :2],
                  lambda: e(dtype=d), lambda: e(0, 2, dtype=d)):
            record(cases, "view_as_complex", "function", [x()])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# sparse

def s2j():
    """(2, 3) sparse COO of complex64 values, uncoalesced with a duplicate coordinate (s2's indices)."""
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]),
                                   torch.tensor([1 + 2j, -3 + 0.5j, -0.5j, complex(-1.0, -0.0)]), (2, 3))


def sparse():
    cases = []
    makers = [lambda: s2(torch.float32), lambda: s2(torch.complex64), s2j, lambda: s2(torch.int64),
              lambda: s2(torch.float32).coalesce(), lambda: s2j().coalesce()]
    for make in makers:
        for op in ("angle", "conj", "conj_physical", "real", "imag", "view_as_real", "resolve_conj", "resolve_neg",
                   "is_conj", "is_neg"):
            record(cases, op, "function", [make()])
        record(cases, "angle", "method", [make()])
        record(cases, "conj", "method", [make()])
        record(cases, "conj_physical", "method", [make()])
        record(cases, "conj_physical_", "inplace", [make()])
    for d in (torch.float32, torch.complex64):
        record(cases, "angle", "out", [s2(d)], out=torch.zeros(2, 3))
        record(cases, "angle", "out", [s2(d)], out=s2(torch.float32))
        record(cases, "conj_physical", "out", [s2(d)], out=torch.zeros(2, 3, dtype=d))
        record(cases, "conj_physical", "out", [s2(d)], out=s2(d))
        record(cases, "view_as_complex", "function", [s2(d)])
    record(cases, "angle", "out", [torch.ones(2, 3)], out=s2(torch.float32))
    record(cases, "view_as_complex", "function",
           [torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([[1.0, 2.0], [3.0, 4.0]]), (3, 2))])
    return cases


# ---------------------------------------------------------------------------------------------------------------
# errors: Python expressions

ERROR_EXPRS = [
    # (name, op, expression): the names are those of expression_env()
    ("angle no arguments", "angle", "torch.angle()"),
    ("angle a Python float", "angle", "torch.angle(2.5)"),
    ("angle a Python complex", "angle", "torch.angle(1j)"),
    ("angle None", "angle", "torch.angle(None)"),
    ("angle a list", "angle", "torch.angle([1., -2.])"),
    ("angle two tensors", "angle", "torch.angle(f, f)"),
    ("angle unknown keyword", "angle", "torch.angle(f, foo=1)"),
    ("angle other keyword", "angle", "torch.angle(other=f)"),
    ("angle input keyword", "angle", "torch.angle(input=f)"),
    ("angle self keyword", "angle", "torch.angle(self=f)"),
    ("angle input keyword and positional", "angle", "torch.angle(f, input=f)"),
    ("angle out a number", "angle", "torch.angle(f, out=2)"),
    ("angle out None", "angle", "torch.angle(f, out=None)"),
    ("angle out a list", "angle", "torch.angle(f, out=[torch.zeros(4)])"),
    ("angle out positional", "angle", "torch.angle(f, torch.zeros(4))"),
    ("angle method with an argument", "angle", "f.angle(f)"),
    ("angle method out", "angle", "f.angle(out=torch.zeros(4))"),
    ("angle_ method", "angle_", "f.angle_()"),
    ("torch.angle_", "angle_", "torch.angle_(f)"),
    ("view_as_real no arguments", "view_as_real", "torch.view_as_real()"),
    ("view_as_real a Python complex", "view_as_real", "torch.view_as_real(1j)"),
    ("view_as_real None", "view_as_real", "torch.view_as_real(None)"),
    ("view_as_real two tensors", "view_as_real", "torch.view_as_real(c, c)"),
    ("view_as_real out", "view_as_real", "torch.view_as_real(c, out=torch.zeros(4, 2))"),
    ("view_as_real unknown keyword", "view_as_real", "torch.view_as_real(c, foo=1)"),
    ("view_as_real method", "view_as_real", "c.view_as_real()"),
    ("view_as_complex no arguments", "view_as_complex", "torch.view_as_complex()"),
    ("view_as_complex a Python float", "view_as_complex", "torch.view_as_complex(1.5)"),
    ("view_as_complex a list", "view_as_complex", "torch.view_as_complex([[1., 2.]])"),
    ("view_as_complex out", "view_as_complex",
     "torch.view_as_complex(x.reshape(4, 2), out=torch.zeros(4, dtype=torch.complex64))"),
    ("view_as_complex method", "view_as_complex", "x.view_as_complex()"),
    ("real no arguments", "real", "torch.real()"),
    ("real a Python complex", "real", "torch.real(1j)"),
    ("real a Python float", "real", "torch.real(2.5)"),
    ("real out", "real", "torch.real(c, out=torch.zeros(4))"),
    ("real unknown keyword", "real", "torch.real(c, foo=1)"),
    ("real method", "real", "c.real()"),
    ("imag no arguments", "imag", "torch.imag()"),
    ("imag a Python complex", "imag", "torch.imag(1j)"),
    ("imag two tensors", "imag", "torch.imag(c, c)"),
    ("imag out", "imag", "torch.imag(c, out=torch.zeros(4))"),
    ("conj no arguments", "conj", "torch.conj()"),
    ("conj a Python complex", "conj", "torch.conj(1j)"),
    ("conj None", "conj", "torch.conj(None)"),
    ("conj out", "conj", "torch.conj(c, out=torch.zeros(4, dtype=torch.complex64))"),
    ("conj unknown keyword", "conj", "torch.conj(c, foo=1)"),
    ("conj method with an argument", "conj", "c.conj(c)"),
    ("conj_ method", "conj_", "c.conj_()"),
    ("conj_physical no arguments", "conj_physical", "torch.conj_physical()"),
    ("conj_physical a Python complex", "conj_physical", "torch.conj_physical(1j)"),
    ("conj_physical out a number", "conj_physical", "torch.conj_physical(c, out=1)"),
    ("conj_physical out None", "conj_physical", "torch.conj_physical(c, out=None)"),
    ("conj_physical unknown keyword", "conj_physical", "torch.conj_physical(c, foo=1)"),
    ("conj_physical method out", "conj_physical", "c.conj_physical(out=torch.zeros(4, dtype=torch.complex64))"),
    ("conj_physical_ with an argument", "conj_physical_", "c.conj_physical_(c)"),
    ("torch.conj_physical_ a Python complex", "conj_physical_", "torch.conj_physical_(1j)"),
    ("resolve_conj no arguments", "resolve_conj", "torch.resolve_conj()"),
    ("resolve_conj a Python complex", "resolve_conj", "torch.resolve_conj(1j)"),
    ("resolve_conj method with an argument", "resolve_conj", "c.resolve_conj(c)"),
    ("resolve_conj out", "resolve_conj", "torch.resolve_conj(c, out=c)"),
    ("resolve_neg no arguments", "resolve_neg", "torch.resolve_neg()"),
    ("resolve_neg a Python float", "resolve_neg", "torch.resolve_neg(2.5)"),
    ("resolve_neg method with an argument", "resolve_neg", "c.resolve_neg(c)"),
    ("is_conj no arguments", "is_conj", "torch.is_conj()"),
    ("is_conj a Python complex", "is_conj", "torch.is_conj(1j)"),
    ("is_conj method with an argument", "is_conj", "c.is_conj(c)"),
    ("is_conj input keyword", "is_conj", "torch.is_conj(input=c)"),
    ("is_neg no arguments", "is_neg", "torch.is_neg()"),
    ("is_neg a Python float", "is_neg", "torch.is_neg(2.5)"),
    ("is_neg method with an argument", "is_neg", "f.is_neg(1)"),
    ("resolve_conj_ method", "resolve_conj_", "c.resolve_conj_()"),
    ("resolve_neg_ method", "resolve_neg_", "c.resolve_neg_()"),
]


def errors():
    """The errors section, recorded as record_ternary.py records its own."""
    return record_errors(ERROR_EXPRS, expression_env)


NOTE = (
    "Recorded on CPU by record_complex.py (beside this file), with torch.set_default_dtype(default_dtype) (float32 "
    "where a case has none). Ops: angle, view_as_real, view_as_complex, real, imag, conj, conj_physical, "
    "conj_physical_, resolve_conj, resolve_neg, is_conj, is_neg. Each case of the angle, views, meta and sparse "
    "sections is one call of form function: torch.<op>(*args, **kwargs); method: args[0].<op>(*args[1:], **kwargs); "
    "inplace: args[0].<op>(*args[1:], **kwargs), which returns args[0]; out: torch.<op>(*args, **kwargs, out=out) "
    "with out the tensor the case gives (before the call), which returns out. The result of inplace and out is that "
    "tensor after the call. Operands and results: shape, stride and row-major values (device where not cpu; meta "
    "ones have no values; sparse COO as in sparse.json); a conjugate view's values are its logical (conjugated) "
    "values; {\"kind\": \"python\", \"type\": \"bool\"} is a Python bool (is_conj, is_neg), type repr any other "
    "Python value by its repr. An operand keeps shape and strides but not storage offset or sharing: those, and the "
    "conjugate and negative bits, are in the expressions section. warning: the first line of PyTorch's UserWarning "
    "(recorded with torch.set_warn_always(True); PyTorch gives it once per process). Values compare exactly except "
    "angle of a complex input (atan2(imag, real): transcendental; PyTorch's vectorized loop, the first n - n % V "
    "elements of a contiguous input, V = 8 complex64 / 4 complex128 lanes on the recording AVX512 machine, uses "
    "SLEEF, its scalar loop the C library, so values may differ by one unit in the last place); angle of a real "
    "input is exact: 0 for x >= 0 and -0.0, pi (rounded to the result dtype) for x < 0 and -inf, NaN for NaN. "
    "Sections: angle (every dtype, long and strided complex inputs, zero-dim, empty, out= of every dtype and of "
    "other shapes, default dtype float64), views (every op on contiguous, transposed, stepped, sliced, zero-dim, "
    "expanded, permuted and empty complex64/complex128 tensors and on real tensors; view_as_complex layouts and "
    "errors), expressions and errors: eval(expr) with c = torch.tensor([1+2j, -3+0.5j, 0.5j, complex(-1.0, -0.0)]), "
    "z = torch.tensor([[1+1j, 2-1j, -0.5j], [4+0j, -1+3j, 0.25+0.75j]], dtype=torch.complex128), f = "
    "torch.tensor([7.5, -3.25, 0.0, -0.0]), x = torch.arange(8.) - 2.5, h = torch.tensor([1.5, -2.0, 0.25, 3.0], "
    "dtype=torch.float16), i = torch.tensor([7, -3, 2], dtype=torch.int32), b = torch.tensor([True, False, True]), "
    "fresh for each case (expressions: storage offsets, writes through views into their base, the conjugate and "
    "negative bits through views, clone, contiguous, copy_, to and arithmetic, identities, printing, complex32 "
    "results of view_as_complex of float16, errors that need an offset or a conjugate input; errors: argument "
    "errors), meta, sparse (record_unary.py's s2 of float32, complex64 and int64, and complex-valued ones). The "
    "complex32 expressions (their names say complex32) are PyTorch's experimental dtype, which the project does not "
    "have (deviation 1); call cases whose result is complex32 are not recorded."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "complex.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "angle": angle(),
        "views": views(),
        "expressions": expressions(),
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
    for where, what in SKIPPED:
        print(f"  not recorded: {where}: {what}")


if __name__ == "__main__":
    main()
