"""Records math.json, the golden data of the floating functions of two arguments atan2, hypot, copysign, fmax,
fmin, logaddexp, logaddexp2, nextafter and xlogy, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_math.py [output path]

(default output: math.json beside this script). The sections, their operands and their encoding are
record_compare.py's (this script sets its operation lists, special values, expressions and note, then runs it), so
both runners of compare.json replay this file too. Nothing here is random: two runs give the same file.
"""

import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import record_compare as rc  # noqa: E402

OPS = ["atan2", "hypot", "copysign", "fmax", "fmin", "logaddexp", "logaddexp2", "nextafter", "xlogy"]
INPLACE = ["atan2", "hypot", "copysign", "nextafter", "xlogy"]

NAN, INF = float("nan"), float("inf")
T = rc.T
compare_special_pairs = rc.special_pairs


def special_pairs():
    """compare.json's special values, then this family's own: the quadrants and axes of atan2, infinities against
    NaN, signs of zeros and NaNs, extremes and subnormals, large and small differences of logaddexp's operands."""
    pairs = []
    for d in (torch.float16, torch.bfloat16, torch.float32, torch.float64):
        fi = torch.finfo(d)
        pairs.append((T([0.0, -0.0, 0.0, -0.0, 1.0, -1.0, 1.0, -1.0, INF, -INF, INF, -INF], d),
                      T([0.0, 0.0, -0.0, -0.0, 1.0, 1.0, -1.0, -1.0, INF, INF, -INF, 1.0], d), False))
        pairs.append((T([INF, NAN, -INF, NAN, 3.0, 1e-3, fi.max, fi.tiny, fi.smallest_normal / 4, 0.5], d),
                      T([NAN, INF, NAN, -INF, 4.0, 1e3, fi.max, fi.tiny, fi.smallest_normal / 2, 100.0], d), False))
        pairs.append((T([1.0, -2.0, NAN, -0.0, 0.0, 5.0, -5.0, INF], d),
                      T([-0.0, 0.0, -1.0, NAN, NAN, -3.0, 3.0, -0.0], d), False))
        pairs.append((T([0.0, 0.0, 0.0, 2.0, 2.0, -1.0, 1.0, 0.5], d),
                      T([NAN, 0.0, -1.0, 0.0, -2.0, 0.5, INF, 1e-5], d), False))
        pairs.append((T([1.0, 1.0, 0.0, -0.0, fi.max, -fi.max, fi.tiny, -fi.tiny, 1.0, 65504.0 if d == torch.float16 else 3.0], d),
                      T([2.0, 0.0, 1.0, -1.0, INF, -INF, 0.0, 0.0, 1.0, INF], d), False))
        pairs.append((T([30.0, -30.0, 100.0, -100.0, 1e-3, 88.0, -88.0, 0.25], d),
                      T([-30.0, 30.0, 99.0, -100.0, -1e-3, 88.5, -87.5, 0.125], d), False))
    pairs += [
        (T([1, -2, 0, 7], torch.int32), T([3, 0, 0, -7], torch.int32), False),
        (T([1, -2, 0, 7], torch.int64), T([3.5, -0.0, NAN, -7.0], torch.float32), False),
        (T([True, False, True, False], torch.bool), T([False, False, True, True], torch.bool), False),
        (T([200, 3, 0, 255], torch.uint8), T([-1, 3, -128, 127], torch.int8), False),
        (T([1.0, -2.0, NAN, 0.5], torch.float16), T([0.5, NAN, 2.0, -0.0], torch.bfloat16), False),
        (T([1.0, -2.0, 1e-40, 0.5], torch.float32), T([0.5, 3.0, -1e-300, -0.0], torch.float64), False),
    ]
    out = compare_special_pairs()
    out += [(a, b, z, torch.float32) for a, b, z in pairs]
    scalar_pairs = [
        (T([1.0, -1.0, 0.0, -0.0, NAN], torch.float32), -0.0), (T([1.0, -1.0, 0.0, NAN], torch.float32), 2),
        (T([1, -1, 0], torch.int64), -2.5), (T([1, -1, 0], torch.int32), True),
        (T([0.5, 2.0, 0.0], torch.float16), 0.1), (T([0.5, 2.0, 0.0], torch.float64), 3),
    ]
    for default in (torch.float32, torch.float64):
        out += [(a, x, False, default) for a, x in scalar_pairs]
    return out


PLAIN_EXPRS = [
    ("arctan2 alias", "torch.arctan2(a, torch.tensor([1., -4., 0.]))"),
    ("arctan2_ alias in place", "a.clone().arctan2_(torch.tensor([1., -4., 0.]))"),
    ("atan2 of ints", "torch.atan2(i, torch.tensor([1, 0, -1], dtype=torch.int32))"),
    ("atan2_ of ints in place", "i.clone().atan2_(i)"),
    ("hypot of ints", "torch.hypot(i, i)"),
    ("copysign number", "torch.copysign(a, -1)"),
    ("copysign of ints", "torch.copysign(i, -0.0)"),
    ("copysign_ int self", "i.clone().copysign_(-1.0)"),
    ("copysign number self", "torch.copysign(1.0, a)"),
    ("xlogy number self", "torch.xlogy(2, a)"),
    ("xlogy number other", "torch.xlogy(a, 2)"),
    ("xlogy two numbers", "torch.xlogy(2, 3)"),
    ("xlogy number self out", "torch.xlogy(2, a, out=torch.empty(3))"),
    ("xlogy of ints", "torch.xlogy(i, i)"),
    ("xlogy_ int self", "i.clone().xlogy_(a)"),
    ("fmax of ints", "torch.fmax(i, torch.tensor([1, 9, 2], dtype=torch.int32))"),
    ("fmax of bools", "torch.fmax(b, torch.tensor([False, True, False]))"),
    ("fmin complex", "torch.fmin(c, c)"),
    ("fmax number", "torch.fmax(a, 2.0)"),
    ("fmax_ method", "a.fmax_(a)"),
    ("logaddexp of ints", "torch.logaddexp(i, i)"),
    ("logaddexp complex", "torch.logaddexp(c, c)"),
    ("logaddexp2 complex", "torch.logaddexp2(c, c)"),
    ("nextafter float16", "torch.nextafter(torch.tensor([1., 0., -0., 65504.], dtype=torch.float16), torch.tensor([2., -1., 1., float('inf')], dtype=torch.float16))"),
    ("nextafter bfloat16", "torch.nextafter(torch.tensor([1., 0., -1.], dtype=torch.bfloat16), torch.tensor([0., 1., -2.], dtype=torch.bfloat16))"),
    ("nextafter of ints", "torch.nextafter(i, i)"),
    ("nextafter mixed", "torch.nextafter(a, torch.tensor([0., 0., 0.], dtype=torch.float64))"),
    ("long atan2", "torch.atan2(torch.arange(-50., 50.) / 7, torch.arange(100.) / 13 - 3)"),
    ("long hypot", "torch.hypot(torch.arange(-50., 50.) / 7, torch.arange(100.) / 13 - 3)"),
    ("long logaddexp", "torch.logaddexp(torch.arange(-50., 50.) / 3, torch.arange(100.) / 13 - 3)"),
    ("long logaddexp2", "torch.logaddexp2(torch.arange(-50., 50.) / 3, torch.arange(100.) / 13 - 3)"),
    ("long xlogy", "torch.xlogy(torch.arange(-50., 50.) / 3, torch.arange(100.) / 13)"),
    ("long fmax", "torch.fmax(torch.arange(-50., 50.) / 3, torch.arange(100.) / 13 - 3)"),
    ("long nextafter", "torch.nextafter(torch.arange(-50., 50.) / 3, torch.arange(100.) / 13 - 3)"),
]

NOTE = (
    "Recorded on CPU by record_math.py (beside this file) with record_compare.py's sections and encoding, for op "
    "in atan2, hypot, copysign, fmax, fmin, logaddexp, logaddexp2, nextafter, xlogy (in place: atan2, hypot, "
    "copysign, nextafter, xlogy). binary: torch.<op>(lhs, rhs) for every pair of the 28 operand kinds of "
    "promotion.json, both Python numbers excepted; default dtype float32, and float64 again where one operand is a "
    "Python number. special: compare.json's special values and this family's (the quadrants and axes of atan2, "
    "infinities against NaN, signed zeros, extremes, subnormals, near and far operands of logaddexp). inplace: "
    "self.<op>_(other) with inplace.json's operands. out, layout, meta, sparse: as compare.json. errors: eval(expr) "
    "with a = torch.tensor([7.5, -3.25, 0.001]), b = torch.tensor([True, False, True]), c = torch.tensor([1+1j, "
    "2-1j, 0.5j]), i = torch.tensor([7, -3, 2], dtype=torch.int32), x = torch.tensor([1., 2., 3., 4.]), fresh for "
    "each case. atan2, hypot, logaddexp and logaddexp2 are computed by PyTorch's vectorized loops with SLEEF where a "
    "tensor is long enough (and by the C library otherwise): compare them within 2 units in the last place."
)

if __name__ == "__main__":
    rc.OPS = OPS
    rc.CMP = INPLACE
    rc.special_pairs = special_pairs
    rc.PLAIN_EXPRS = PLAIN_EXPRS
    rc.NOTE = NOTE
    rc.main("math.json")
