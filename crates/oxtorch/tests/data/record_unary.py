"""Records unary.json, the golden data of PyTorch's elementwise unary operations, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_unary.py [output path]

(default output: unary.json beside this script). The test suites never run this script; they read the JSON it
writes. Nothing here is random: two runs give the same file.

The operations (recorded by name; "special.expit" is torch.special.expit):

- float-promoting (integer and bool inputs give the default dtype): sqrt rsqrt exp exp2 expm1 log log2 log10 log1p
  sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh sigmoid erf erfc reciprocal
- dtype kept: abs neg positive sign sgn floor ceil trunc round frac square bitwise_not
- bool result: isnan isinf isfinite isposinf isneginf signbit logical_not isreal
- aliases (unary and inplace sections only, on five dtypes; each case names its target in "alias_of"): absolute
  negative fix arcsin arccos arctan arcsinh arccosh arctanh special.expit special.exp2 special.expm1 special.erf
  special.erfc special.log1p special.round

Sections (the note in the file says the same):

- unary:         torch.<op>(x) for every op and the 12 dtypes on a 1-D tensor of representative values of the dtype
                 (floats: NaN, infinities, signed zeros, the smallest subnormal, the smallest normal, the largest
                 finite, domain edges, half-integers, overflow edges; integers: the extremes; complex: a grid of
                 such parts), a zero-dim float32 and int64 tensor, and torch.<op>(2.5) (a Python float: TypeError).
- default_dtype: the float-promoting ops on int32, bool and zero-dim int64 tensors under default dtype float64.
- inplace:       x.<op>_() for every op with an in-place method, the unary section's tensors: x after the call.
- out:           torch.<op>(x, out=torch.empty(out_shape, dtype=out_dtype)), x a float32 and an int32 tensor.
- layout:        result strides of torch.<op>(eval(x_expr)) for transposed, permuted, channels-last, sliced and
                 expanded inputs (float32; int64 for bitwise_not).
- meta:          torch.<op>, in place and out= on the 'meta' device.
- sparse:        torch.<op>(s) and s.<op>_() for sparse COO inputs.
- errors:        other errors (and a few edge results), each with the exact Python expression.

The encoding is that of CONFORMANCE_README.md (operands, numbers, results, errors: the first line of the message;
PyTorch's dispatcher messages "Could not run 'aten::...' with arguments from the 'SparseCPU' backend. ..." are
kept up to their first sentence, as record_sparse.py does), extended as record_compare.py extends it: 1-D operands
of any length, {"kind": "tensor", "dtype", "shape", "stride", "values" (row-major)} for strided operands, a
"device" field where it is not cpu, and a sparse operand or result as in sparse.json.
"""

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

FLOAT_OPS = ["sqrt", "rsqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin",
             "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "sigmoid", "erf", "erfc",
             "reciprocal"]
KEEP_OPS = ["abs", "neg", "positive", "sign", "sgn", "floor", "ceil", "trunc", "round", "frac", "square",
            "bitwise_not"]
BOOL_OPS = ["isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "logical_not", "isreal"]
OPS = FLOAT_OPS + KEEP_OPS + BOOL_OPS

ALIASES = [("absolute", "abs"), ("negative", "neg"), ("fix", "trunc"), ("arcsin", "asin"), ("arccos", "acos"),
           ("arctan", "atan"), ("arcsinh", "asinh"), ("arccosh", "acosh"), ("arctanh", "atanh"),
           ("special.expit", "sigmoid"), ("special.exp2", "exp2"), ("special.expm1", "expm1"),
           ("special.erf", "erf"), ("special.erfc", "erfc"), ("special.log1p", "log1p"),
           ("special.round", "round")]
ALIAS_OF = dict(ALIASES)
ALIAS_DTYPES = [torch.bool, torch.int32, torch.float16, torch.float32, torch.complex64]



def fn(op):
    """torch.<op> ("special.expit": torch.special.expit)."""
    obj = torch
    for part in op.split("."):
        obj = getattr(obj, part)
    return obj


def has_inplace(op):
    return "." not in op and hasattr(torch.Tensor, op + "_")


# ---------------------------------------------------------------------------------------------------------------
# encoding (the shared parts in golden_encoding.py)

def result_kind(t):
    """A result as sparse.json writes it: {"kind": "sparse", ...} or {"kind": "tensor", "dtype", "shape",
    "values"}."""
    if isinstance(t, torch.Tensor) and not t.is_sparse:
        return {"kind": "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}
    return enc(t)


def copy(x):
    return x.clone() if isinstance(x, torch.Tensor) else x


def op_fields(op):
    return {"op": op, "alias_of": ALIAS_OF[op]} if op in ALIAS_OF else {"op": op}


# ---------------------------------------------------------------------------------------------------------------
# representative values

NAN, INF = float("nan"), float("inf")

FLOAT_VALUES = [
    NAN, INF, -INF, 0.0, -0.0,
    1e-8, -1e-8, 1e-4, 0.1, -0.1, 0.25, 0.49999997, 0.5, -0.5, 0.75, 0.9999, -0.9999,
    1.0, -1.0, 1.0001, -1.0001, 1.5, -1.5, 1.5707963267948966, 2.0, -2.0, 2.5, -2.5, 3.0, 3.14159265358979, 3.5,
    -3.7, 4.0, 4.5, 7.0, 9.0, 10.0, 15.9, -15.9, 20.0, -20.0, 100.0, -100.0,
    88.7, 89.0, -88.7, -104.0, 709.0, 710.0, -745.0, -746.0, 1e6, -1e6, 8388609.0, 1e10, -1e10, 1e30, -1e30,
    4503599627370497.0, 1e300,
]

COMPLEX_PARTS = [0.0, -0.0, 0.5, -1.0, 1.0, 2.5, -100.0, INF, -INF, NAN]
COMPLEX_EXTRA = [complex(89.0, 0.0), complex(710.0, 1.0), complex(-710.0, 0.0), complex(1e-8, 1e-8),
                 complex(1e30, 1e30), complex(0.0, 100.0), complex(1.0, 1e-8), complex(-2.5, -0.0)]


def values(d):
    """A 1-D tensor of representative values of dtype d (floats rounded once to d by torch.tensor)."""
    if d == torch.bool:
        return torch.tensor([False, True])
    if d.is_complex:
        grid = [complex(r, i) for r in COMPLEX_PARTS for i in COMPLEX_PARTS] + COMPLEX_EXTRA
        return torch.tensor(grid, dtype=d)
    if d.is_floating_point:
        fi = torch.finfo(d)
        sub = fi.tiny * fi.eps  # the smallest positive subnormal
        vals = FLOAT_VALUES[:5] + [sub, -sub, fi.tiny, -fi.tiny, fi.max, -fi.max] + FLOAT_VALUES[5:]
        return torch.tensor(vals, dtype=torch.float64).to(d)
    if d == torch.uint8:
        return torch.tensor([0, 1, 2, 4, 7, 9, 100, 127, 128, 254, 255], dtype=d)
    ii = torch.iinfo(d)
    vals = [ii.min, ii.min + 1, ii.max, 0, -1, 1, 2, 4, 7, -7, 9, 100, -100]
    if d in (torch.int32, torch.int64):
        vals += [16777217, -16777217]
    if d == torch.int64:
        vals += [2 ** 53 + 1, -2 ** 53 - 1]
    return torch.tensor(vals, dtype=d)


ZERODIM = [torch.tensor(0.5, dtype=torch.float32), torch.tensor(3, dtype=torch.int64)]


# ---------------------------------------------------------------------------------------------------------------
# sections

def unary():
    cases = []
    for op in OPS + [a for a, _ in ALIASES]:
        f = fn(op)
        dtypes = ALIAS_DTYPES if op in ALIAS_OF else DTYPES
        inputs = [values(d) for d in dtypes] + [copy(z) for z in ZERODIM] + [2.5]
        for x in inputs:
            outcome = run(lambda: f(copy(x)), where=f"unary {op}")
            if outcome is None:
                continue
            cases.append({**op_fields(op), "default_dtype": "float32", "x": enc(x), **outcome})
    return cases


def default_dtype():
    cases = []
    ops = FLOAT_OPS + [a for a, t in ALIASES if t in FLOAT_OPS]
    torch.set_default_dtype(torch.float64)
    try:
        for op in ops:
            f = fn(op)
            for x in (values(torch.int32), values(torch.bool), torch.tensor(3, dtype=torch.int64)):
                outcome = run(lambda: f(copy(x)), where=f"default_dtype {op}")
                if outcome is None:
                    continue
                cases.append({**op_fields(op), "default_dtype": "float64", "x": enc(x), **outcome})
    finally:
        torch.set_default_dtype(torch.float32)
    return cases


def inplace():
    cases = []
    for op in OPS + [a for a, _ in ALIASES]:
        if not has_inplace(op):
            continue
        dtypes = ALIAS_DTYPES if op in ALIAS_OF else DTYPES
        for x in [values(d) for d in dtypes] + [copy(z) for z in ZERODIM]:
            s = copy(x)
            outcome = run(lambda: getattr(s, op + "_")(), where=f"inplace {op}_")
            if outcome is None:
                continue
            if "result" in outcome:  # the returned tensor is x itself
                assert outcome["result"] == result(s)
            cases.append({**op_fields(op + "_"), "default_dtype": "float32", "x": enc(x), **outcome})
    return cases


OUT_X = [torch.tensor([0.25, -1.5, 4.0], dtype=torch.float32), torch.tensor([4, -3, 0], dtype=torch.int32)]
OUT_DTYPES = [torch.bool, torch.int32, torch.int64, torch.float16, torch.float32, torch.float64, torch.complex64]
OUT_SHAPES = [(3,), (0,), (2, 2)]


def out_cases():
    cases = []
    for op in OPS:
        f = fn(op)
        for x in OUT_X:
            for od in OUT_DTYPES:
                for shape in OUT_SHAPES:
                    out = torch.empty(shape, dtype=od)
                    outcome = run(lambda: f(copy(x), out=out), where=f"out {op}")
                    if outcome is None:
                        continue
                    if "result" in outcome:  # the returned tensor is out itself
                        assert outcome["result"] == result(out)
                    cases.append({"op": op, "default_dtype": "float32", "x": enc(x), "out_dtype": NAME[od],
                                  "out_shape": list(shape), **outcome})
    return cases


LAYOUT_X = [
    # (float32 expression, int64 expression for the ops that refuse float)
    ("torch.arange(6.).reshape(2, 3).t()", "torch.arange(6).reshape(2, 3).t()"),
    ("torch.arange(24.).reshape(2, 3, 4).permute(2, 0, 1)", "torch.arange(24).reshape(2, 3, 4).permute(2, 0, 1)"),
    ("torch.arange(48.).reshape(2, 3, 2, 4).contiguous(memory_format=torch.channels_last)",
     "torch.arange(48).reshape(2, 3, 2, 4).contiguous(memory_format=torch.channels_last)"),
    ("torch.arange(12.).reshape(3, 4)[:, ::2]", "torch.arange(12).reshape(3, 4)[:, ::2]"),
    ("torch.tensor([1., 2.]).expand(3, 2)", "torch.tensor([1, 2]).expand(3, 2)"),
]


def layout():
    cases = []
    for op in OPS:
        f = fn(op)
        use_int = "result" not in run(lambda: f(torch.ones(2)))
        for fe, ie in LAYOUT_X:
            xe = ie if use_int else fe
            x = eval(xe, {"torch": torch})  # noqa: S307 - our own literal expressions
            outcome = run(lambda: f(x), encode=result_strided, where=f"layout {op}")
            if outcome is None:
                continue
            cases.append({"op": op, "default_dtype": "float32", "x_expr": xe, "x": enc_strided(x), **outcome})
    return cases


META_DTYPES = ["torch.float32", "torch.int64", "torch.bool", "torch.complex64"]


def meta():
    cases = []
    for op in OPS:
        f = fn(op)
        for dn in META_DTYPES:
            xe = f"torch.empty(2, 3, dtype={dn}, device='meta')"
            forms = [("new", None)]
            if has_inplace(op):
                forms.append(("inplace", None))
            forms += [("out", "torch.empty(2, 3, device='meta')"),
                      ("out", f"torch.empty(0, dtype={dn}, device='meta')")]
            for form, oe in forms:
                env = {"torch": torch}
                x = eval(xe, env)  # noqa: S307 - our own literal expressions
                out = eval(oe, env) if oe else None  # noqa: S307
                if form == "new":
                    g = lambda: f(x)  # noqa: E731
                elif form == "inplace":
                    g = lambda: getattr(x, op + "_")()  # noqa: E731
                else:
                    g = lambda: f(x, out=out)  # noqa: E731
                case = {"op": op, "form": form, "default_dtype": "float32", "x_expr": xe, "x": enc_strided(x)}
                if oe:
                    case["out_expr"] = oe
                    case["out"] = enc_strided(out)
                outcome = run(g, encode=result_strided, where=f"meta {op}")
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


def sparse():
    cases = []
    for op in OPS:
        f = fn(op)
        for s in (s2(torch.float32), s2(torch.int64), s2c(torch.float32)):
            forms = ["new"] + (["inplace"] if has_inplace(op) else [])
            for form in forms:
                if form == "new":
                    g = lambda: f(copy(s))  # noqa: E731
                else:
                    g = lambda: getattr(copy(s), op + "_")()  # noqa: E731
                outcome = run(g, encode=result_kind, where=f"sparse {op}")
                if outcome is None:
                    continue
                cases.append({"op": op, "form": form, "default_dtype": "float32", "x": enc(s), **outcome})
    return cases


ERROR_EXPRS = [
    # (name, expression): `a` is torch.tensor([0.25, -1.5, 4.0]), `m` torch.tensor([[0.25, 4.], [9., 2.25]]),
    # `i` torch.tensor([4, -3, 0], dtype=torch.int32), `b` torch.tensor([True, False, True]),
    # `c` torch.tensor([1+1j, 2-1j, 0.5j]), `x` torch.tensor([1., 2., 3., 4.])
    ("two tensors", "torch.{op}(a, a)"),
    ("alpha keyword", "torch.{op}(a, alpha=2)"),
    ("no argument", "torch.{op}()"),
    ("None", "torch.{op}(None)"),
    ("Python int", "torch.{op}(2)"),
    ("Python bool", "torch.{op}(True)"),
    ("list", "torch.{op}([0.25, 4.0])"),
    ("input keyword", "torch.{op}(input=a)"),
    ("method", "a.{op}()"),
    ("method with an argument", "a.{op}(a)"),
    ("empty", "torch.{op}(torch.empty(0))"),
    ("empty 2-D", "torch.{op}(torch.empty(2, 0, 3))"),
    ("out is the input", "torch.{op}(a, out=a)"),
    ("out is the input transposed", "torch.{op}(m, out=m.t())"),
    ("out partially overlaps input", "torch.{op}(x[:3], out=x[1:])"),
    ("out is input exactly (x[1:])", "torch.{op}(x[1:], out=x[1:])"),
    ("out with internal overlap", "torch.{op}(a, out=torch.zeros(1).expand(3))"),
    ("out non-contiguous", "torch.{op}(a, out=torch.zeros(6)[::2])"),
    ("out zero-dim, 1-D input", "torch.{op}(a, out=torch.empty(()))"),
    ("out on meta", "torch.{op}(a, out=torch.empty(3, device='meta'))"),
    ("meta input, cpu out", "torch.{op}(torch.empty(3, device='meta'), out=torch.empty(3))"),
    ("out not a tensor", "torch.{op}(a, out=[0., 0., 0.])"),
    ("out int32 for int32 input", "torch.{op}(i, out=torch.empty(3, dtype=torch.int32))"),
    ("out bool for bool input", "torch.{op}(b, out=torch.empty(3, dtype=torch.bool))"),
    ("out complex64 for complex input", "torch.{op}(c, out=torch.empty(3, dtype=torch.complex64))"),
    ("out float32 for complex input", "torch.{op}(c, out=torch.empty(3))"),
]

INPLACE_ERROR_EXPRS = [
    ("in place, self expanded", "torch.zeros(1).expand(3).{op}_()"),
    ("in place, self expanded 2-D", "torch.tensor([0.25, 4.]).expand(2, 2).{op}_()"),
    ("in place, self transposed", "m.t().{op}_()"),
    ("in place, self sliced", "x[::2].{op}_()"),
    ("in place, with an argument", "a.{op}_(a)"),
    ("in place, torch function", "torch.{op}_(a)"),
    ("in place, meta self", "torch.empty(3, device='meta').{op}_()"),
    ("in place, empty self", "torch.empty(0).{op}_()"),
]

PLAIN_EXPRS = [
    ("abs with alpha", "torch.abs(a, alpha=2)"),
    ("logical_not out int32", "torch.logical_not(a, out=torch.empty(3, dtype=torch.int32))"),
    ("logical_not out float32", "torch.logical_not(i, out=torch.empty(3))"),
    ("logical_not_ float", "a.logical_not_()"),
    ("logical_not_ int32", "i.logical_not_()"),
    ("round decimals 1", "torch.round(torch.tensor([1.25, 2.35, -0.05, 1234.5678]), decimals=1)"),
    ("round decimals -2", "torch.round(torch.tensor([1234.5678, 150., 250., -50.]), decimals=-2)"),
    ("round decimals float64", "torch.round(torch.tensor([1.25, 2.35, 0.125], dtype=torch.float64), decimals=2)"),
    ("round decimals int32", "torch.round(i, decimals=1)"),
    ("round decimals 0 int32", "torch.round(i, decimals=0)"),
    ("round decimals complex", "torch.round(c, decimals=1)"),
    ("round decimals as positional", "torch.round(a, 1)"),
    ("round_ decimals", "a.round_(decimals=1)"),
    ("round decimals out", "torch.round(a, decimals=1, out=torch.empty(3))"),
    ("special.round decimals", "torch.special.round(a, decimals=1)"),
    ("operator -", "-a"),
    ("operator - bool", "-b"),
    ("operator - int32", "-i"),
    ("operator +", "+a"),
    ("operator + bool", "+b"),
    ("operator ~ bool", "~b"),
    ("operator ~ int32", "~i"),
    ("operator ~ float", "~a"),
    ("operator abs()", "abs(a)"),
    ("operator abs() int32", "abs(i)"),
    ("operator abs() complex", "abs(c)"),
    ("operator abs() bool", "abs(b)"),
    ("Tensor.absolute", "a.absolute()"),
    ("Tensor.negative_", "a.negative_()"),
    ("Tensor.arccos", "a.arccos()"),
    ("Tensor.fix_", "a.fix_()"),
    ("Tensor.sigmoid_", "a.sigmoid_()"),
    ("torch.sigmoid_", "torch.sigmoid_(a)"),
    ("torch.exp_", "torch.exp_(a)"),
    ("torch.abs_", "torch.abs_(a)"),
    ("torch.special.expit out", "torch.special.expit(a, out=torch.empty(3))"),
    ("torch.special.expit int32", "torch.special.expit(i)"),
    ("torch.special.exp2 Python float", "torch.special.exp2(2.5)"),
    ("positive returns the input's storage", "torch.positive(a).data_ptr() == a.data_ptr()"),
    ("positive returns the input object", "torch.positive(a) is a"),
    ("positive of int32 shares storage", "torch.positive(i).data_ptr() == i.data_ptr()"),
    ("neg_ expanded", "torch.tensor([1., 2.]).expand(3, 2).neg_()"),
    ("neg_ zero-dim", "torch.tensor(2.5).neg_()"),
    ("sqrt out resize from 2-D", "torch.sqrt(m, out=torch.empty(3))"),
    ("sqrt out 2-D channels-last kept",
     "torch.sqrt(torch.ones(1, 2, 2, 2), out=torch.empty(1, 2, 2, 2).contiguous(memory_format=torch.channels_last))"),
    ("sqrt channels-last input, out empty 0",
     "torch.sqrt(torch.ones(1, 2, 2, 2).contiguous(memory_format=torch.channels_last), out=torch.empty(0))"),
    ("sqrt transposed input, out empty 0", "torch.sqrt(m.t(), out=torch.empty(0))"),
    ("abs int8 min", "torch.abs(torch.tensor([-128, 127], dtype=torch.int8))"),
    ("neg int64 min", "torch.neg(torch.tensor([-9223372036854775808], dtype=torch.int64))"),
    ("square bool", "torch.square(b)"),
    ("square int8 overflow", "torch.square(torch.tensor([100, -12], dtype=torch.int8))"),
    ("square uint8 overflow", "torch.square(torch.tensor([16, 255], dtype=torch.uint8))"),
    ("sign bool", "torch.sign(b)"),
    ("sgn complex zero", "torch.sgn(torch.tensor([0j, complex(0., -0.), 3+4j]))"),
    ("abs complex32", "torch.abs(torch.tensor([3+4j], dtype=torch.complex32))"),
    ("sqrt complex32", "torch.sqrt(torch.tensor([3+4j], dtype=torch.complex32))"),
    ("isnan complex32", "torch.isnan(torch.tensor([3+4j], dtype=torch.complex32))"),
    ("reciprocal int zero", "torch.reciprocal(torch.tensor([0, 2], dtype=torch.int32))"),
    ("rsqrt zero", "torch.rsqrt(torch.tensor([0., -0.]))"),
    ("isreal real tensor", "torch.isreal(a)"),
    ("isreal complex", "torch.isreal(torch.tensor([1+0j, 1j, complex(float('nan'), 0.), complex(0., -0.)]))"),
    ("exp uint8 large", "torch.exp(torch.tensor([255, 0], dtype=torch.uint8))"),
]


def error_env():
    return {"torch": torch, "a": torch.tensor([0.25, -1.5, 4.0]), "m": torch.tensor([[0.25, 4.], [9., 2.25]]),
            "i": torch.tensor([4, -3, 0], dtype=torch.int32), "b": torch.tensor([True, False, True]),
            "c": torch.tensor([1 + 1j, 2 - 1j, 0.5j]), "x": torch.tensor([1., 2., 3., 4.])}


def errors():
    cases = []

    def add(name, expr, op=None):
        env = error_env()
        # noqa: S307 - our own literal expressions
        outcome = run(lambda: eval(expr, env), encode=result_strided, where=f"errors {expr}")
        if outcome is None:
            return
        case = {"name": name, "default_dtype": "float32", "expr": expr}
        if op is not None:
            case["op"] = op
        cases.append({**case, **outcome})

    for name, expr in ERROR_EXPRS:
        for op in OPS:
            add(name, expr.format(op=op), op)
    for name, expr in INPLACE_ERROR_EXPRS:
        for op in OPS:
            if has_inplace(op):
                add(name, expr.format(op=op), op + "_")
    for name, expr in PLAIN_EXPRS:
        add(name, expr)
    return cases


NOTE = (
    "Recorded on CPU by record_unary.py (beside this file), with torch.set_default_dtype(default_dtype) (every case "
    "names it). Ops: float-promoting (integer/bool inputs give the default dtype): " + " ".join(FLOAT_OPS)
    + "; dtype kept: " + " ".join(KEEP_OPS) + "; bool result: " + " ".join(BOOL_OPS) + "; aliases (unary and "
    "inplace sections, dtypes bool int32 float16 float32 complex64; alias_of names the target): "
    + " ".join(f"{a}->{t}" for a, t in ALIASES) + ". An op named special.<f> is torch.special.<f>. "
    "unary: torch.<op>(x) for every op and dtype on a 1-D tensor of representative values of the dtype (floats: "
    "NaN, infinities, signed zeros, the smallest subnormal, the smallest normal, the largest finite, domain edges, "
    "half-integers, overflow edges, made by torch.tensor(float64 values).to(dtype); integers: extremes; complex: "
    "a grid of parts including infinities and NaN), on a zero-dim float32 and int64 tensor, and torch.<op>(2.5) "
    "(x a Python float). Transcendental results are PyTorch's (SLEEF-vectorized or libm) values: compare them "
    "within a tolerance. default_dtype: the float-promoting ops on int32, bool and zero-dim int64 tensors under "
    "default dtype float64. inplace: x.<op>_() (op written with its underscore) for every op with an in-place "
    "method, on the unary section's tensors; the result is x after the call. out: torch.<op>(x, "
    "out=torch.empty(out_shape, dtype=out_dtype)); the result is the returned tensor, which is out (an out of "
    "another shape is resized). layout: torch.<op>(eval(x_expr)), result shape and strides. meta: torch.<op>(x) "
    "(form new), x.<op>_() (form inplace), torch.<op>(x, out=eval(out_expr)) (form out), x = eval(x_expr). sparse: "
    "torch.<op>(x) (form new), x.<op>_() (form inplace) on a sparse COO x, encoded as in sparse.json. errors: "
    "eval(expr) with a = torch.tensor([0.25, -1.5, 4.0]), m = torch.tensor([[0.25, 4.], [9., 2.25]]), "
    "i = torch.tensor([4, -3, 0], dtype=torch.int32), b = torch.tensor([True, False, True]), "
    "c = torch.tensor([1+1j, 2-1j, 0.5j]), x = torch.tensor([1., 2., 3., 4.]), fresh for each case. Errors: the "
    "exception class and the first line of its message (dispatcher messages up to their first sentence)."
)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "unary.json")
    data = {
        "reference": f"PyTorch {torch.__version__} (CPU)",
        "note": NOTE,
        "unary": unary(),
        "default_dtype": default_dtype(),
        "inplace": inplace(),
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
          + f", {os.path.getsize(path)} bytes" + skipped)
    for where, msg in SKIPPED:
        print("  skipped:", where, msg)


if __name__ == "__main__":
    main()
