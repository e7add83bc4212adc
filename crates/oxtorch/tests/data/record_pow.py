"""Records pow.json, the golden data of pow and float_power, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_pow.py [output path]

(default output: pow.json beside this script). The sections, their operands and their encoding are
record_compare.py's (this script sets its operation lists, special values, expressions and note, then runs it), so
both runners of compare.json replay this file too. Nothing here is random: two runs give the same file.
"""

import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import record_compare as rc  # noqa: E402

OPS = ["pow", "float_power"]
INPLACE = ["pow", "float_power"]

NAN, INF = float("nan"), float("inf")
T = rc.T
compare_special_pairs = rc.special_pairs

# the exponents PyTorch's tensor-number kernel treats apart (0, 1, 0.5, -0.5, -1, 2, 3, -2), others, and the
# exponents a float16/bfloat16/integer common dtype cannot hold
NUMBER_EXPONENTS = [0, 1, 2, 3, -2, -1, 0.5, -0.5, 2.0, 3.0, -2.0, -1.0, 0.0, 1.0, 2.5, -3, 4, 7, 0.1, -0.0, True,
                    False, 1 + 0j, 2 + 0j, 0.5 + 0j, -1 + 0j, 0j, 1.5j, 2.001, 1e6, 1e39, NAN, INF, -INF, 63, 64,
                    200, 256, -129]


def special_pairs():
    """compare.json's special values, then this family's own: the special exponents of each dtype as tensors and
    as Python numbers, the C library's special cases (zeros, infinities, NaN, -1 and 1, negative bases with
    integral and fractional exponents), integer overflow and negative integer exponents, Python numbers as bases."""
    pairs = []
    for d in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        fi = torch.finfo(d)
        base = [0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, INF, -INF, NAN, fi.tiny, fi.max, 3.75, -3.75, 1.5]
        for e in (0.0, -0.0, 1.0, 2.0, 3.0, -2.0, -1.0, 0.5, -0.5, 2.5, -3.0, INF, -INF, NAN, 0.125, 7.0):
            pairs.append((T(base, d), T([e] * len(base), d), False))
        pairs.append((T([0.0, -0.0, -1.0, 1.0, 0.5, 2.0, -8.0, 1e-3], d),
                      T([-INF, -1.0, INF, NAN, INF, -INF, 1.0 / 3.0, 0.5], d), False))
    for d in (torch.complex64, torch.complex128):
        base = [0j, 1 + 0j, -1 + 0j, 1j, 1 + 1j, -2 + 0.5j, complex(INF, 0), complex(NAN, 0), 0.5 - 3j, 3 + 0j]
        for e in (0j, 1 + 0j, 2 + 0j, 3 + 0j, -2 + 0j, -1 + 0j, 0.5 + 0j, -0.5 + 0j, 1j, 2.5 - 1j):
            pairs.append((T(base, d), T([e] * len(base), d), False))
    for d in (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
        signed = d != torch.uint8
        base = [0, 1, 2, 3, 7, 10, 127] + ([-1, -2, -3, -128] if signed else [255, 128, 200, 16])
        for e in [0, 1, 2, 3, 7, 8, 31, 63, 64, 100] + ([-1, -2, -3, -128] if signed else [255]):
            pairs.append((T(base, d), T([e] * len(base), d), False))
    pairs += [
        (T([2, 3, -2], torch.int64), T([62, 39, 63], torch.int64), False),
        (T([3, -3, 5], torch.int64), T([40, 41, 27], torch.int64), False),
        (T([1, -1, 2, 0], torch.int32), T([-2147483648, -2147483648, -1, -5], torch.int32), False),
        (T([True, False, True, False], torch.bool), T([True, True, False, False], torch.bool), False),
        (T([True, False, True], torch.bool), T([2, 3, 0], torch.int32), False),
        (T([2, 3, 0], torch.int32), T([True, False, True], torch.bool), False),
        (T([2.0, 3.0, -0.5], torch.float16), T([2, -3, 5], torch.int32), False),
        (T([2, -3, 5], torch.int8), T([0.5, 2.0, -1.0], torch.bfloat16), False),
        (T([2.0, -0.5, NAN], torch.float32), T([1 + 1j, 2 + 0j, 0j], torch.complex64), False),
        (T([1 + 1j, -1j, 0j], torch.complex64), T([2.0, 0.5, 0.0], torch.float64), False),
        (T([3.0, 1.5, 2.0], torch.float16), T([0.5, 2.0, 10.0], torch.bfloat16), False),
    ]
    out = compare_special_pairs()
    out += [(a, b, z, torch.float32) for a, b, z in pairs]
    # Python numbers as exponents, on each dtype
    bases = [
        T([0.0, -0.0, 1.0, -1.0, 2.0, -3.5, INF, -INF, NAN, 0.1, 65504.0 if False else 100.0], torch.float32),
        T([0.0, -0.0, 1.0, -1.0, 2.0, -3.5, INF, -INF, NAN, 0.1, 1e300], torch.float64),
        T([0.0, -0.0, 1.0, -1.0, 2.0, -3.5, INF, -INF, NAN, 0.1, 60000.0], torch.float16),
        T([0.0, -0.0, 1.0, -1.0, 2.0, -3.5, INF, -INF, NAN, 0.1, 3e38], torch.bfloat16),
        T([0j, 1 + 0j, -1 + 0j, 1j, 1 + 1j, -2 + 0.5j, complex(INF, 0), complex(NAN, 0), 3 + 0j], torch.complex64),
        T([0, 1, -1, 2, -3, 5, 11], torch.int32),
        T([0, 1, 2, 3, 255], torch.uint8),
        T([0, 1, -1, 2, -3, 5], torch.int8),
        T([0, 1, -1, 3, -3, 2 ** 31], torch.int64),
        T([True, False], torch.bool),
    ]
    # (complex numbers with float16/bfloat16 give PyTorch's complex32 dtypes, which oxtorch does not have: the
    # documented deviation 1)
    scalar_pairs = [(b, e) for b in bases for e in NUMBER_EXPONENTS
                    if not (isinstance(e, complex) and b.dtype in (torch.float16, torch.bfloat16))]
    # Python numbers as bases
    exps = [T([0.0, -0.0, 1.0, 2.5, -1.0, INF, -INF, NAN, 0.5], torch.float32),
            T([0, 1, 2, 3, -1, -2, 62], torch.int64), T([0, 1, 3], torch.uint8), T([True, False], torch.bool),
            T([0j, 1 + 1j, 2 + 0j], torch.complex64), T([0.0, 1.0, -2.5, NAN], torch.bfloat16)]
    number_bases = [(x, e) for x in (1, 2, -2, 0, 1.0, 2.0, 0.5, -0.5, True, False, 1j, 1 + 0j, 2 + 0j, NAN)
                    for e in exps]
    for default in (torch.float32, torch.float64):
        out += [(a, x, False, default) for a, x in scalar_pairs]
        out += [(x, e, False, default) for x, e in number_bases]
    return out


PLAIN_EXPRS = [
    ("operator **", "a ** 2"),
    ("operator ** tensor", "a ** torch.tensor([1., 2., 0.5])"),
    ("operator ** float", "a ** 0.5"),
    ("operator ** zero-dim", "a ** torch.tensor(0.5)"),
    ("operator reflected **", "2 ** a"),
    ("operator reflected ** int", "2 ** i"),
    ("operator reflected ** float", "0.5 ** i"),
    ("operator ** int negative", "i ** -2"),
    ("operator ** bool", "b ** 2"),
    ("operator ** None", "a ** None"),
    ("operator ** str", "a ** 'x'"),
    ("operator ** list", "a ** [1, 2, 3]"),
    ("operator reflected ** str", "'x' ** a"),
    ("operator **=", "x.clone().__ipow__(2)"),
    ("operator **= float into int", "i.clone().__ipow__(0.5)"),
    ("__rpow__ explicitly", "a.__rpow__(2)"),
    ("__rpow__ of a tensor", "a.__rpow__(torch.tensor([1., 2., 3.]))"),
    ("builtin pow with a modulo", "pow(a, 2, 3)"),
    ("pow of two numbers", "torch.pow(2, 3)"),
    ("pow one argument", "torch.pow(a)"),
    ("pow keyword exponent", "torch.pow(a, exponent=2)"),
    ("pow keyword input", "torch.pow(input=a, exponent=a)"),
    ("pow keyword other", "torch.pow(a, other=2)"),
    ("pow method keyword exponent", "a.pow(exponent=3)"),
    ("pow method keyword other", "a.pow(other=3)"),
    ("pow method str", "a.pow('x')"),
    ("pow_ method str", "a.clone().pow_('x')"),
    ("pow str", "torch.pow(a, 'x')"),
    ("pow number and str", "torch.pow(2, 'x')"),
    ("pow out str", "torch.pow(a, 2, out='x')"),
    ("pow number base out", "torch.pow(2, a, out=torch.empty(3))"),
    ("pow number base out int", "torch.pow(2, a, out=torch.empty(3, dtype=torch.int32))"),
    ("pow one base out int", "torch.pow(1, a, out=torch.empty(3, dtype=torch.int32))"),
    ("pow one base out of another shape", "torch.pow(1, a, out=torch.empty(2, 2))"),
    ("pow one base, transposed", "torch.pow(1, torch.ones(2, 3).t())"),
    ("pow one exponent, transposed", "torch.pow(torch.arange(6.).reshape(2, 3).t(), 1)"),
    ("pow zero exponent, transposed", "torch.pow(torch.arange(6.).reshape(2, 3).t(), 0)"),
    ("pow number base, transposed", "torch.pow(2, torch.ones(2, 3).t())"),
    ("pow number base, expanded", "torch.pow(2.5, torch.arange(3.).expand(2, 3))"),
    ("pow number exponent, empty", "torch.pow(torch.zeros((0, 1), dtype=torch.int64), -1e-05)"),
    ("pow number exponent, size-1 and empty", "torch.zeros((1, 0, 1), dtype=torch.int64) ** 3"),
    ("float_power number exponent, empty", "torch.float_power(torch.zeros((0, 1), dtype=torch.int16), True)"),
    ("pow number exponent, sliced int", "torch.pow(torch.ones(4, 3, dtype=torch.int32)[::2].t(), 2.5)"),
    ("pow int negative exponent out", "torch.pow(i, -2, out=torch.empty(3))"),
    ("pow int negative exponent in place", "i.clone().pow_(-1)"),
    ("pow int negative zero-dim exponent", "torch.pow(i, torch.tensor(-2))"),
    ("pow int8 exponent overflow", "torch.pow(torch.tensor([3], dtype=torch.int8), 200)"),
    ("pow int64 exponent overflow", "torch.pow(torch.tensor([3]), 2 ** 63)"),
    ("pow float16 exponent overflow", "torch.pow(torch.tensor([1.], dtype=torch.float16), 1e6)"),
    ("pow float16 exponent overflow, one", "torch.pow(torch.tensor([1.], dtype=torch.float16), 1)"),
    ("pow bfloat16 exponent overflow", "torch.pow(torch.tensor([1.], dtype=torch.bfloat16), 1e39)"),
    ("pow bool tensors", "torch.pow(b, b)"),
    ("pow bool tensor and True", "torch.pow(b, True)"),
    ("pow True and bool tensor", "torch.pow(True, b)"),
    ("pow_ bool in place", "b.clone().pow_(b)"),
    ("pow long", "torch.pow(torch.arange(1., 101.) / 7, torch.arange(100.) / 13 - 3)"),
    ("pow long number", "torch.pow(torch.arange(1., 101.) / 7, 2.5)"),
    ("pow long number three", "torch.pow(torch.arange(-50., 50.) / 7, 3)"),
    ("pow long number minus two", "torch.pow(torch.arange(-50., 50.) / 7, -2)"),
    ("pow long bfloat16 three", "torch.pow((torch.arange(-50., 50.) / 7).bfloat16(), 3)"),
    ("pow long bfloat16 minus two", "torch.pow((torch.arange(-50., 50.) / 7).bfloat16(), -2)"),
    ("pow long complex two", "torch.pow(torch.arange(40.).reshape(20, 2).contiguous().view(torch.complex64) / 9, 2)"),
    ("pow long complex three", "torch.pow(torch.arange(40.).reshape(20, 2).contiguous().view(torch.complex64) / 9, 3)"),
    ("pow long int", "torch.pow(torch.arange(-20, 20), torch.arange(40) % 9)"),
    ("pow long number base", "torch.pow(1.5, torch.arange(-50., 50.) / 7)"),
    ("float_power of ints", "torch.float_power(i, 2)"),
    ("float_power of ints, negative", "torch.float_power(i, -2)"),
    ("float_power complex number", "torch.float_power(i, 2j)"),
    ("float_power number base", "torch.float_power(2, a)"),
    ("float_power two numbers", "torch.float_power(2, 3)"),
    ("float_power bools", "torch.float_power(b, b)"),
    ("float_power_ float32 self", "a.clone().float_power_(2)"),
    ("float_power_ float64 self", "a.double().float_power_(2)"),
    ("float_power_ float64 self, complex", "a.double().float_power_(1j)"),
    ("float_power_ complex128 self", "c.to(torch.complex128).float_power_(2)"),
    ("float_power out float32", "torch.float_power(a, 2, out=torch.empty(3))"),
    ("float_power out float64", "torch.float_power(a, 2, out=torch.empty(3, dtype=torch.float64))"),
    ("float_power out complex128", "torch.float_power(a, 1j, out=torch.empty(3, dtype=torch.complex128))"),
    ("float_power out complex128 real", "torch.float_power(a, 2, out=torch.empty(3, dtype=torch.complex128))"),
    ("float_power str", "torch.float_power(a, 'x')"),
    ("float_power method str", "a.float_power('x')"),
    ("float_power keyword exponent", "torch.float_power(a, exponent=a)"),
    ("float_power long", "torch.float_power(torch.arange(1., 101.) / 7, torch.arange(100.) / 13 - 3)"),
    ("pow number base, out= resized in its storage (the viewed tensor sees the result)",
     "(lambda v: (torch.pow(20, torch.tensor(False), out=v[None]), v)[1])(torch.zeros((), dtype=torch.int32))"),
]

NOTE = (
    "Recorded on CPU by record_pow.py (beside this file) with record_compare.py's sections and encoding, for op "
    "in pow, float_power (both also in place). binary: torch.<op>(lhs, rhs) for every pair of the 28 operand kinds "
    "of promotion.json, both Python numbers excepted; default dtype float32, and float64 again where one operand is "
    "a Python number. special: compare.json's special values and this family's (each dtype's special exponents as "
    "tensors and as Python numbers, the C library's special cases, integer overflow and negative integer "
    "exponents, Python numbers as bases). inplace: self.<op>_(other) with inplace.json's operands. out, layout, "
    "meta, sparse: as compare.json. errors: eval(expr) with a = torch.tensor([7.5, -3.25, 0.001]), b = "
    "torch.tensor([True, False, True]), c = torch.tensor([1+1j, 2-1j, 0.5j]), i = torch.tensor([7, -3, 2], "
    "dtype=torch.int32), x = torch.tensor([1., 2., 3., 4.]), fresh for each case. A floating or complex pow is "
    "computed by PyTorch's vectorized loops with SLEEF where a tensor is long enough, by the C library otherwise, "
    "except for a Python-number exponent of 0, 1, 2, 3, -2 (and 0.5, -0.5, -1 but for float16), which its "
    "tensor-number kernel computes as products, quotients and square roots: compare floating results of other "
    "exponents within 2 units in the last place."
)

if __name__ == "__main__":
    rc.OPS = OPS
    rc.CMP = INPLACE
    rc.special_pairs = special_pairs
    rc.PLAIN_EXPRS = PLAIN_EXPRS
    rc.NOTE = NOTE
    rc.main("pow.json")
