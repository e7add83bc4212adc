"""Records modular.json, the golden data of the elementwise binary operations remainder, fmod, bitwise_and,
bitwise_or, bitwise_xor, bitwise_left_shift, bitwise_right_shift, logical_and, logical_or and logical_xor, from a
real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_modular.py [output path]

(default output: modular.json beside this script). The sections, their operands and their encoding are
record_compare.py's (this script sets its operation lists, special values, expressions and note, then runs it), so
both runners of compare.json replay this file too. Nothing here is random: two runs give the same file.
"""

import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import record_compare as rc  # noqa: E402

OPS = ["remainder", "fmod", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
       "bitwise_right_shift", "logical_and", "logical_or", "logical_xor"]

NAN, INF = float("nan"), float("inf")
T = rc.T
compare_special_pairs = rc.special_pairs


def special_pairs():
    """compare.json's special values, then this family's own: integer divisors of both signs and zero, the most
    negative integer by -1, shift amounts below 0, at and beyond the width; floating remainders of NaN, infinities,
    signed zeros, subnormals and large ratios."""
    pairs = []
    for d in (torch.int8, torch.int16, torch.int32, torch.int64):
        ii = torch.iinfo(d)
        bits = ii.bits
        pairs.append((T([7, -7, 7, -7, 0, ii.min, ii.max, ii.min, 6, -6], d),
                      T([3, 3, -3, -3, 5, -1, -1, ii.max, 3, -3], d), False))
        pairs.append((T([7, -7, 1, 0], d), T([0, 1, 0, 0], d), False))  # a zero divisor: ZeroDivisionError
        pairs.append((T([1, -1, 5, -5, ii.max, ii.min, 3, -3, 1, -1], d),
                      T([0, 1, bits - 1, bits - 1, bits - 2, 1, bits, bits, -1, -1], d), False))
        pairs.append((T([1, -1, 5, -5], d), T([bits + 1, bits + 1, 100, -100], d), False))
    pairs.append((T([0, 1, 200, 255, 255, 128, 7, 9], torch.uint8), T([1, 1, 7, 8, 9, 255, 0, 2], torch.uint8), False))
    pairs.append((T([200, 255, 1], torch.uint8), T([3, 16, 1], torch.uint8), False))
    for d in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        fi = torch.finfo(d)
        pairs.append((T([5.5, -5.5, 5.5, -5.5, 0.0, -0.0, 0.0, -0.0, 3.0, -3.0], d),
                      T([2.0, 2.0, -2.0, -2.0, 3.0, 3.0, -3.0, -3.0, 3.0, 3.0], d), False))
        pairs.append((T([NAN, 1.0, INF, -INF, 1.0, -1.0, INF, 1.0, 0.0, fi.max], d),
                      T([1.0, NAN, 2.0, 2.0, INF, INF, INF, -INF, 0.0, fi.tiny], d), False))
        pairs.append((T([fi.tiny, -fi.tiny, fi.smallest_normal / 4, 1e-3, fi.max, -fi.max, 0.1, 1.0], d),
                      T([fi.smallest_normal / 8, fi.tiny, -fi.smallest_normal / 2, 1e-4, 3.0, 7.0, 0.01, 0.1], d),
                      False))
    pairs += [
        (T([True, False, True, False], torch.bool), T([5, 0, 255, 1], torch.uint8), False),
        (T([-128, 127, -1, 5], torch.int8), T([200, 255, 1, 2], torch.uint8), False),
        (T([1, -8, 2 ** 40, 7], torch.int64), T([3, 2, 63, 64], torch.int32), False),
        (T([5, -5, 7, 0], torch.int32), T([2.5, 2.5, -0.0, 3.0], torch.float32), False),
        (T([5.5, -5.5, 2.0, 1.0], torch.float16), T([2, -3, 0, 7], torch.int64), False),
        (T([1 + 1j, 0j, complex(NAN, 0), complex(0, -0.0)], torch.complex64), T([0.0, 1.0, 0.0, 1.0], torch.float32),
         False),
        (T([7, -7, 0, 5], torch.int64), torch.tensor(3.5), False),
        (T([7, -7, 0, 5], torch.int16), torch.tensor(-3, dtype=torch.int64), False),
    ]
    out = compare_special_pairs()
    out += [(a, b, z, torch.float32) for a, b, z in pairs]
    scalar_pairs = [
        (T([7, -7, 0, 100], torch.int64), 3), (T([7, -7, 0, 100], torch.int64), -3), (T([7, -7, 0], torch.int32), 0),
        (T([7, -7, 0, 100], torch.int64), 2.5), (T([7, -7, 0, 100], torch.uint8), 3),
        (T([5.5, -5.5, 0.0, -0.0], torch.float32), 2), (T([5.5, -5.5, 0.0, -0.0], torch.float32), -0.0),
        (T([5.5, -5.5, INF, NAN], torch.float64), 1.5), (T([5.5, -5.5, 0.1, NAN], torch.float16), 0.1),
        (T([1, 2, 4], torch.int8), 7), (T([1, 2, 4], torch.int8), -1), (T([1, 2, 4], torch.int8), 200),
        (T([True, False, True], torch.bool), True), (T([True, False, True], torch.bool), 3),
        (T([1, 0, -1], torch.int32), True),
    ]
    for default in (torch.float32, torch.float64):
        out += [(a, x, False, default) for a, x in scalar_pairs]
    return out


ERROR_EXPRS = rc.ERROR_EXPRS + [
    # `i` is torch.tensor([7, -3, 2], dtype=torch.int32), `b` a bool tensor
    ("int32 against int64", "torch.{op}(i, torch.tensor([2, -2, 5]))"),
    ("int32 and Python int", "torch.{op}(i, 3)"),
    ("Python int and int32", "torch.{op}(3, i)"),
    ("int32 and Python float", "torch.{op}(i, 2.5)"),
    ("bool and Python int", "torch.{op}(b, 1)"),
    ("bool tensors", "torch.{op}(b, b)"),
    ("int32 by zero", "torch.{op}(i, torch.zeros(3, dtype=torch.int32))"),
    ("int32 by Python zero", "torch.{op}(i, 0)"),
    ("int32 out float32", "torch.{op}(i, i, out=torch.empty(3))"),
    ("int32 out bool", "torch.{op}(i, i, out=torch.empty(3, dtype=torch.bool))"),
    ("int32 out int8", "torch.{op}(i, i, out=torch.empty(3, dtype=torch.int8))"),
    ("method Python int", "i.{op}(2)"),
    ("out not a tensor", "torch.{op}(i, 2, out=3)"),
    ("str rhs", "torch.{op}(i, 'x')"),
    ("str lhs", "torch.{op}('x', i)"),
    ("method str", "i.{op}('x')"),
]

INPLACE_ERROR_EXPRS = rc.INPLACE_ERROR_EXPRS + [
    ("in place, int32 self, int64 other", "i.{op}_(torch.tensor([2, -2, 5]))"),
    ("in place, int32 self, Python int", "i.{op}_(3)"),
    ("in place, int32 self, Python float", "i.{op}_(2.5)"),
    ("in place, bool self, bool other", "b.{op}_(torch.tensor([True, True, False]))"),
    ("in place, bool self, int other", "b.{op}_(i)"),
    ("in place, int32 self, zero divisor", "i.{op}_(torch.tensor([1, 0, 1], dtype=torch.int32))"),
    ("in place, method str", "i.{op}_('x')"),
]

PLAIN_EXPRS = [
    ("operator %", "i % torch.tensor([2, -2, 5], dtype=torch.int32)"),
    ("operator % Python int", "i % 3"),
    ("operator % Python float", "a % 2.5"),
    ("operator % reflected", "7 % i"),
    ("operator % reflected float", "7.5 % a"),
    ("operator % float by zero", "a % 0"),
    ("operator %=", "i.clone().__imod__(3)"),
    ("operator & bool", "b & torch.tensor([True, True, False])"),
    ("operator & Python bool", "b & True"),
    ("operator & reflected", "True & b"),
    ("operator & int", "i & 6"),
    ("operator & reflected int", "6 & i"),
    ("operator | int", "i | 8"),
    ("operator ^ int", "i ^ -1"),
    ("operator ^ reflected", "5 ^ i"),
    ("operator | reflected", "5 | i"),
    ("operator & float", "a & a"),
    ("operator & float and Python int", "a & 1"),
    ("operator << int", "i << 2"),
    ("operator << reflected", "1 << i"),
    ("operator >> int", "i >> 1"),
    ("operator >> reflected", "-64 >> torch.tensor([1, 2, 70])"),
    ("operator <<=", "i.clone().__ilshift__(3)"),
    ("operator >>=", "i.clone().__irshift__(1)"),
    ("operator &=", "i.clone().__iand__(6)"),
    ("operator |=", "i.clone().__ior__(8)"),
    ("operator ^=", "i.clone().__ixor__(1)"),
    ("operator << float", "a << 1"),
    ("operator & None", "i & None"),
    ("operator % str", "i % 'x'"),
    ("operator explicit __rand__", "i.__rand__(torch.tensor([6, 6, 6], dtype=torch.int32))"),
    ("operator explicit __rmod__", "i.__rmod__(torch.tensor([6, 6, 6], dtype=torch.int32))"),
    ("operator explicit __rlshift__", "i.__rlshift__(torch.tensor([1, 1, 1], dtype=torch.int32))"),
    ("remainder two numbers", "torch.remainder(5, 3)"),
    ("remainder number self", "torch.remainder(5, i)"),
    ("remainder number self float", "torch.remainder(5.5, a)"),
    ("remainder number self keyword", "torch.remainder(5, other=i)"),
    ("fmod number self", "torch.fmod(5, i)"),
    ("bitwise_and number self", "torch.bitwise_and(6, i)"),
    ("bitwise_left_shift number self", "torch.bitwise_left_shift(1, i)"),
    ("logical_and number", "torch.logical_and(i, 1)"),
    ("logical_and complex", "torch.logical_and(c, torch.tensor([0j, 1j, 0j]))"),
    ("logical_or int and float", "torch.logical_or(i, a)"),
    ("logical_xor in place float self", "a.clone().logical_xor_(i)"),
    ("logical_and in place int self", "i.clone().logical_and_(a)"),
    ("logical_and in place bool self, complex", "b.clone().logical_and_(c)"),
    ("remainder int64 min by -1", "torch.remainder(torch.tensor([-2 ** 63]), -1)"),
    ("fmod int64 min by -1", "torch.fmod(torch.tensor([-2 ** 63]), torch.tensor([-1]))"),
    ("remainder long vector", "torch.remainder(torch.arange(-50, 50, dtype=torch.int32), 7)"),
    ("remainder long vector float", "torch.remainder(torch.arange(-50., 50.) / 4, -1.5)"),
    ("fmod long vector float", "torch.fmod(torch.arange(-50., 50.) / 4, 1.5)"),
    ("shift long vector", "torch.arange(-40, 40, dtype=torch.int8) << torch.arange(80, dtype=torch.int8) % 10"),
    ("right shift long vector", "torch.arange(-40, 40, dtype=torch.int16) >> (torch.arange(80, dtype=torch.int16) - 20)"),
    ("remainder zero divisor partial", "torch.remainder(torch.arange(5), torch.tensor([1, 2, 0, 1, 1]))"),
]

NOTE = (
    "Recorded on CPU by record_modular.py (beside this file) with record_compare.py's sections and encoding, for "
    "op in remainder, fmod, bitwise_and, bitwise_or, bitwise_xor, bitwise_left_shift, bitwise_right_shift, "
    "logical_and, logical_or, logical_xor. binary: torch.<op>(lhs, rhs) for every pair of the 28 operand kinds of "
    "promotion.json, both Python numbers excepted; default dtype float32, and float64 again where one operand is a "
    "Python number. special: compare.json's special values and this family's (zero and negative integer divisors, "
    "the most negative integer by -1, shift amounts outside the width, NaN, infinities, signed zeros and "
    "subnormals as remainders). inplace: self.<op>_(other) with inplace.json's operands. out: torch.<op>(lhs, rhs, "
    "out=torch.empty(out_shape, dtype=out_dtype)). layout, meta, sparse: as compare.json. errors: eval(expr) with "
    "a = torch.tensor([7.5, -3.25, 0.001]), b = torch.tensor([True, False, True]), c = torch.tensor([1+1j, 2-1j, "
    "0.5j]), i = torch.tensor([7, -3, 2], dtype=torch.int32), x = torch.tensor([1., 2., 3., 4.]), fresh for each "
    "case."
)

if __name__ == "__main__":
    rc.OPS = OPS
    rc.CMP = OPS
    rc.special_pairs = special_pairs
    rc.ERROR_EXPRS = ERROR_EXPRS
    rc.INPLACE_ERROR_EXPRS = INPLACE_ERROR_EXPRS
    rc.PLAIN_EXPRS = PLAIN_EXPRS
    rc.NOTE = NOTE
    rc.main("modular.json")
