"""Records matmul.json, the golden data of the matrix products matmul (and the @ operator), mm, bmm, mv, dot, vdot
and outer, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_matmul.py [output path]

(default output: matmul.json beside this script). The test suites never run this script; they read the JSON it
writes. Nothing here is random: two runs give the same file.

A case is {"op", "form", "inputs", "out", "inexact"} and the outcome:

- "op": the function's name, called as torch.<op>(a, b[, out=...]).
- "form": absent (the function) or "operator" (the expression `a @ b`; op is then "matmul").
- "inputs": two {"dtype", "shape", "values" (row-major), "layout"}; layout as in join.json: "contiguous",
  "transposed" (dimensions in reverse order in memory), "strided" (every other element of a tensor twice as long
  in its last dimension), "meta" (no values), and two more: "mT" (the last two dimensions swapped in memory, as
  `x.mT.contiguous().mT`) and "expanded" (a tensor whose first dimension has size 1, expanded: stride 0 there; the
  values are written out in full, every slice of the first dimension equal).
- "out": absent or {"dtype", "shape", "layout"}: an out= tensor, torch.empty(shape, dtype=dtype) laid out as the
  layout says, "contiguous", "transposed", "strided" (every other element of a tensor twice as long in its last
  dimension), "expanded" (a (1, ...) tensor expanded to the shape) or "meta".
- "inexact": true on the cases whose inputs hold NaN or infinities (float32 only): there the BLAS kernels' order
  and their treatment of 0 * inf decide which of NaN/inf appears; a runner may compare dtype, shape and stride
  exactly and the values loosely (NaN as NaN, or not at all). Every other case is exact: the inputs are small
  integers (halves for floats, one -0.0 at the end of inputs with four or more elements), so every product and
  partial sum is exact in any summation order, and float results compare bit for bit (a zero sum is +0.0: the
  accumulators start at +0.0).
- outcome: {"result": {"dtype", "shape", "stride", "values"}} (values absent on meta), or {"error": class,
  "message": first line}.

Not recorded: an out= tensor that is one of the inputs (PyTorch overwrites the input while the kernel reads it,
with kernel-dependent results); an expanded out= of bmm and mv (and the matmul forms that reach them), which
PyTorch accepts and fills with whichever overlapping element it writes last; and mm(CPU, meta), bmm(meta, CPU) and
the matmul forms that reach them, which PyTorch answers with a CPU tensor of uninitialised memory (case() drops any
such case it meets and main() lists it).
"""

import math
import os
import sys
import warnings

import torch

warnings.simplefilter("ignore")
torch.set_default_dtype(torch.float32)
torch.set_num_threads(1)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import BY_NAME, DTYPES, NAME, flat, make_input, message, write  # noqa: E402



def base_values(dtype, n, seed):
    """n values of dtype, row-major, different for each seed: small integers (halves among floats), a negative zero
    last among floats of four and more elements; no NaN, no infinity."""
    vals = [((i * 7 + seed * 3) % 11) - 4 for i in range(n)]
    if dtype == torch.bool:
        return [v > 0 for v in vals]
    if dtype == torch.uint8:
        return [abs(v) for v in vals]
    if dtype.is_complex:
        return [complex(v, (i % 3) - 1) for i, v in enumerate(vals)]
    if dtype.is_floating_point:
        out = [float(v) / 2 for v in vals]
        if n >= 4:
            out[-1] = -0.0
        return out
    return vals


def spec(dtype, shape, layout="contiguous", seed=0, values=None):
    s = {"dtype": NAME[dtype], "shape": list(shape), "layout": layout}
    if layout == "meta":
        return s
    n = math.prod(shape)
    if values is None:
        if layout == "expanded":
            one = base_values(dtype, n // shape[0], seed) if shape[0] else []
            values = one * shape[0]
        else:
            values = base_values(dtype, n, seed)
    s["values"] = flat(torch.tensor(values, dtype=dtype)) if n else []
    return s






def make_out(o):
    dtype = BY_NAME[o["dtype"]]
    shape = list(o["shape"])
    layout = o.get("layout", "contiguous")
    if layout == "meta":
        return torch.empty(shape, dtype=dtype, device="meta")
    if layout == "transposed":
        return torch.empty(shape[::-1], dtype=dtype).permute(list(range(len(shape)))[::-1])
    if layout == "expanded":
        return torch.empty([1] + shape[1:], dtype=dtype).expand(shape)
    if layout == "strided":
        return torch.empty(shape[:-1] + [shape[-1] * 2], dtype=dtype)[..., ::2]
    return torch.empty(shape, dtype=dtype)


def encode_result(t):
    r = {"dtype": NAME[t.dtype], "shape": list(t.shape), "stride": list(t.stride())}
    if t.device.type != "meta":
        r["values"] = flat(t)
    return r


def check_exact(op, a, b, r):
    """The recorder's own check that a CPU result is the exact product: the same op in int64 (wrapped back into the
    integer dtype) or in float64/complex128 (exact for these values), rounded once to the result dtype."""
    if r.device.type != "cpu" or r.dtype == torch.bool or a.dtype != b.dtype:
        return
    wide = torch.complex128 if r.dtype.is_complex else (torch.float64 if r.dtype.is_floating_point else torch.int64)
    ref = getattr(torch, op)(a.to(wide), b.to(wide)).to(r.dtype)
    assert torch.equal(ref, r), (op, a, b, r, ref)


CASES = []
SKIPPED = []


def case(op, inputs, out=None, form=None, inexact=False):
    c = {"op": op}
    if form:
        c["form"] = form
    c["inputs"] = inputs
    if out is not None:
        c["out"] = out
    if inexact:
        c["inexact"] = True
    a, b = (make_input(s) for s in inputs)
    kwargs = {}
    if out is not None:
        kwargs["out"] = make_out(out)
    try:
        if form == "operator":
            r = a @ b
        else:
            r = getattr(torch, op)(a, b, **kwargs)
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        c["error"] = type(e).__name__
        c["message"] = message(e)
    else:
        if a.device != b.device and r.device.type == "cpu":
            SKIPPED.append(c)  # a CPU result computed from a meta operand: uninitialised memory
            return
        if not inexact and out is None:
            check_exact(op, a, b, r)
        c["result"] = encode_result(r)
    CASES.append(c)


F32, F64, I32, I64, BOOL, C64 = torch.float32, torch.float64, torch.int32, torch.int64, torch.bool, torch.complex64
F16, BF16, U8, I8, I16, C128 = torch.float16, torch.bfloat16, torch.uint8, torch.int8, torch.int16, torch.complex128

# the shape of each op's plain case; matmul's kinds by rank
PLAIN = {"mm": ([2, 3], [3, 4]), "bmm": ([2, 2, 3], [2, 3, 4]), "mv": ([2, 3], [3]), "dot": ([3], [3]),
         "vdot": ([3], [3]), "outer": ([3], [4])}
MATMUL_KINDS = [([3], [3]), ([3], [3, 4]), ([2, 3], [3]), ([2, 3], [3, 4]), ([2, 2, 3], [2, 3, 4]),
                ([2, 2, 3], [3, 4]), ([2, 3], [2, 3, 4]), ([3], [2, 3, 4]), ([2, 2, 3], [3])]
# every dtype on each side, beside float32; and a few pairs of one kind
MIXED = ([(d, F32) for d in DTYPES if d != F32] + [(F32, d) for d in DTYPES if d != F32]
         + [(I64, I32), (I8, U8), (I16, I8), (F16, BF16), (C64, C128), (F64, C128)])
MIXED_FEW = [(F32, F64), (I64, F32), (BOOL, I64), (C128, C64), (F16, F32), (U8, I8)]


def pair(a_shape, b_shape, dt=F32, dt_b=None, layouts=("contiguous", "contiguous")):
    return [spec(dt, a_shape, layouts[0]), spec(dt if dt_b is None else dt_b, b_shape, layouts[1], seed=1)]


def record():
    # every dtype: each op's plain case, each of matmul's rank combinations (and a @ b), products over K = 0
    for dt in DTYPES:
        for op, (a, b) in PLAIN.items():
            case(op, pair(a, b, dt))
        for a, b in MATMUL_KINDS:
            case("matmul", pair(a, b, dt))
        case("matmul", pair([2, 3], [3, 4], dt), form="operator")
        case("matmul", pair([2, 2, 3], [2, 3, 4], dt), form="operator")
        case("matmul", pair([3], [3], dt), form="operator")
        for op, a, b in (("mm", [2, 0], [0, 3]), ("bmm", [2, 2, 0], [2, 0, 3]), ("mv", [2, 0], [0]),
                         ("dot", [0], [0]), ("vdot", [0], [0]), ("matmul", [2, 2, 0], [0, 3]),
                         ("matmul", [0], [0]), ("mm", [0, 3], [3, 2])):
            case(op, pair(a, b, dt))
    # a longer contraction (more than a vector block) in the dtypes whose sums stay exact for it
    for dt in (U8, I8, I16, I32, I64, F32, F64, C64, C128):
        case("mm", pair([5, 17], [17, 6], dt))
        case("bmm", pair([3, 4, 17], [3, 17, 5], dt))
        case("mv", pair([6, 17], [17], dt))
        case("dot", pair([33], [33], dt))
        case("vdot", pair([33], [33], dt))
        case("matmul", pair([2, 3, 4, 17], [17, 5], dt))
    # mixed dtypes: PyTorch's products refuse them (outer promotes)
    for da, db in MIXED:
        for op in ("mm", "bmm", "mv", "dot", "outer"):
            case(op, pair(*PLAIN[op], da, db))
        case("matmul", pair([2, 3], [3, 4], da, db))
    for da, db in MIXED_FEW:
        case("vdot", pair([3], [3], da, db))
        for a, b in MATMUL_KINDS:
            if (a, b) != ([2, 3], [3, 4]):
                case("matmul", pair(a, b, da, db))
        case("matmul", pair([2, 2, 3], [2, 3, 4], da, db), form="operator")
    # matmul's shapes: broadcasting of batch dimensions, vectors against stacks, empty dimensions, mismatches,
    # zero-dim operands
    shapes = [
        ([3], [3]), ([3], [3, 2]), ([2, 3], [3]), ([2, 3], [3, 4]), ([1, 3], [3, 1]), ([3, 1], [1, 2]),
        ([2, 3], [3, 1]), ([1, 3], [3, 4]), ([1], [1]),
        ([4, 2, 3], [4, 3, 2]), ([4, 2, 3], [3, 2]), ([2, 3], [4, 3, 2]), ([1, 2, 3], [4, 3, 2]),
        ([4, 2, 3], [1, 3, 2]), ([2, 1, 2, 3], [3, 3, 2]), ([2, 1, 2, 3], [1, 3, 3, 2]), ([3, 1, 2, 3], [3, 2]),
        ([2, 3], [2, 1, 3, 2]), ([4, 2, 3], [3]), ([3], [4, 3, 2]), ([3], [2, 2, 3, 2]), ([2, 2, 2, 3], [3]),
        ([1, 2, 3], [3]), ([3], [1, 3, 2]), ([4, 1, 3], [3]), ([2, 1, 3], [1, 3, 5]), ([1, 1, 2, 3], [3, 2]),
        ([2, 2, 1, 3], [2, 1, 3, 2]),
        ([0], [0]), ([0, 3], [3, 2]), ([2, 0], [0, 3]), ([2, 3], [3, 0]), ([0], [0, 3]), ([2, 0], [0]),
        ([4, 0, 3], [3, 2]), ([0, 2, 3], [3, 4]), ([2, 3], [0, 3, 4]), ([0, 2, 3], [1, 3, 4]),
        ([4, 2, 0], [4, 0, 3]), ([3], [0, 3, 2]), ([0, 2, 3], [3]), ([2, 2, 0], [0]), ([2, 3, 0], [0, 0]),
        ([3], [4]), ([2, 3], [4, 2]), ([3], [2, 3]), ([2, 3], [2]), ([4, 2, 3], [3, 3, 2]), ([4, 2, 3], [4, 2, 3]),
        ([2, 4, 2, 3], [3, 3, 2]), ([4, 2, 3], [4]), ([4], [4, 3, 2]), ([4, 2, 3], [2, 2]), ([2, 2], [4, 3, 2]),
        ([0, 2, 3], [2, 3, 2]), ([3], [0]), ([0], [3, 0]),
        ([], [3]), ([3], []), ([], []), ([], [2, 3]), ([2, 2, 3], []),
    ]
    for a, b in shapes:
        case("matmul", pair(a, b))
        case("matmul", pair(a, b), form="operator")
        case("matmul", pair(a, b, layouts=("meta", "meta")))
    for a, b in (([4, 2, 3], [3, 2]), ([2, 1, 2, 3], [3, 3, 2]), ([3], [2, 2, 3, 2]), ([2, 2, 2, 3], [3]),
                 ([2, 3], [4, 3, 2]), ([2, 2, 0], [0])):
        case("matmul", pair(a, b, I64))
    # the other products' shapes and ranks, on CPU and meta
    other = {
        "mm": [([2, 3], [3, 4]), ([1, 1], [1, 1]), ([3], [3, 2]), ([2, 3], [3]), ([2, 2, 3], [3, 2]),
               ([2, 3], [2, 3, 2]), ([], [3, 2]), ([2, 3], []), ([2, 3], [4, 2]), ([0, 3], [3, 0]),
               ([2, 0], [0, 3]), ([0, 0], [0, 0]), ([2, 3], [3, 0])],
        "bmm": [([2, 3], [2, 3, 2]), ([2, 2, 3], [2, 3]), ([2, 2, 3], [3, 3, 2]), ([2, 2, 3], [2, 4, 2]),
                ([1, 2, 3], [2, 3, 2]), ([2, 2, 3], [1, 3, 2]), ([0, 2, 3], [0, 3, 2]), ([2, 0, 3], [2, 3, 2]),
                ([2, 2, 0], [2, 0, 2]), ([2, 2, 3], [2, 3, 0]), ([2, 2, 2, 3], [2, 2, 3, 2]), ([], []),
                ([0, 2, 3], [2, 3, 2])],
        "mv": [([3], [3]), ([2, 3], [3, 1]), ([2, 3], [2]), ([2, 2, 3], [3]), ([2, 3], []), ([0, 3], [3]),
               ([2, 0], [0]), ([1, 1], [1]), ([3], [3, 2]), ([], [])],
        "dot": [([3], [2]), ([2, 3], [3]), ([3], [3, 1]), ([], []), ([3], []), ([0], [0]), ([1], [1]),
                ([0], [1])],
        "vdot": [([3], [2]), ([2, 3], [3]), ([], []), ([1], [1]), ([3], [3, 1])],
        "outer": [([3], [2, 1]), ([2, 3], [2]), ([], []), ([3], []), ([0], [2]), ([2], [0]), ([1], [1]),
                  ([2, 2], [2, 2])],
    }
    for op, lst in other.items():
        for a, b in lst:
            case(op, pair(a, b))
            case(op, pair(a, b, layouts=("meta", "meta")))
    # bool products over nothing (no kernel runs) and bool on meta
    for op, a, b in (("mm", [0, 3], [3, 2]), ("mm", [2, 3], [3, 0]), ("bmm", [0, 2, 3], [0, 3, 2]),
                     ("mv", [0, 3], [3]), ("matmul", [0, 2, 3], [3, 2]), ("matmul", [2, 0], [0])):
        case(op, pair(a, b, BOOL))
    for op, (a, b) in PLAIN.items():
        case(op, pair(a, b, BOOL, layouts=("meta", "meta")))
    for a, b in MATMUL_KINDS:
        case("matmul", pair(a, b, BOOL, layouts=("meta", "meta")))
    # input layouts: transposed, strided, last two dimensions swapped, expanded batch dimension
    two = [("transposed", "contiguous"), ("contiguous", "transposed"), ("transposed", "transposed"),
           ("strided", "contiguous"), ("contiguous", "strided"), ("strided", "transposed")]
    batched = two + [("mT", "contiguous"), ("contiguous", "mT"), ("mT", "mT"), ("expanded", "contiguous"),
                     ("contiguous", "expanded"), ("expanded", "expanded"), ("expanded", "mT")]
    vec = [("strided", "contiguous"), ("contiguous", "strided"), ("strided", "strided")]

    def layout_sets(a, b):
        if len(a) == 1 and len(b) == 1:
            return vec
        if max(len(a), len(b)) >= 3:
            return [(la, lb) for la, lb in batched
                    if not (len(a) == 1 and la in ("transposed", "mT", "expanded"))
                    and not (len(b) == 1 and lb in ("transposed", "mT", "expanded"))
                    and not (len(a) == 2 and la == "mT") and not (len(b) == 2 and lb == "mT")]
        return [(la, lb) for la, lb in two + [("expanded", "contiguous"), ("contiguous", "expanded")]
                if not (len(a) == 1 and la in ("transposed", "expanded"))
                and not (len(b) == 1 and lb in ("transposed", "expanded"))]

    for a, b in MATMUL_KINDS + [([2, 1, 2, 3], [2, 3, 2]), ([2, 3, 2, 3], [3, 2])]:
        for ls in layout_sets(a, b):
            case("matmul", pair(a, b, layouts=ls))
    for dt in (I64, C64, F16):
        for a, b in (([2, 3], [3, 4]), ([2, 2, 3], [2, 3, 4]), ([2, 2, 3], [3, 4]), ([2, 3], [3])):
            for ls in (("transposed", "transposed"), ("strided", "mT" if len(b) == 3 else "transposed"),
                       ("expanded", "contiguous")):
                if len(b) == 1 and ls[1] != "contiguous":
                    ls = (ls[0], "strided")
                case("matmul", pair(a, b, dt, layouts=ls))
    for op, (a, b) in PLAIN.items():
        for ls in layout_sets(a, b):
            case(op, pair(a, b, layouts=ls))
        case(op, pair(a, b, I64, layouts=("strided", "strided")))
    case("matmul", pair([2, 3], [3, 4], layouts=("transposed", "transposed")), form="operator")
    case("matmul", pair([2, 2, 3], [3], layouts=("mT", "strided")), form="operator")
    # out=: the right shape, empty, another shape (resized), other dtypes, transposed, expanded
    variants = [(op, a, b) for op, (a, b) in PLAIN.items()] + [("matmul", a, b) for a, b in MATMUL_KINDS]
    for op, a, b in variants:
        rs = list(getattr(torch, op)(make_input(spec(F32, a)), make_input(spec(F32, b))).shape)
        outs = [{"dtype": "float32", "shape": rs}, {"dtype": "float32", "shape": [0]},
                {"dtype": "float32", "shape": [7]}, {"dtype": "float32", "shape": [2, 50]},
                {"dtype": "float64", "shape": rs}, {"dtype": "float64", "shape": [0]},
                {"dtype": "int64", "shape": [0]}]
        if len(rs) >= 2:
            outs.append({"dtype": "float32", "shape": rs, "layout": "transposed"})
        if len(rs) >= 1:
            outs.append({"dtype": "float32", "shape": rs, "layout": "strided"})
        # an expanded out= where PyTorch refuses it (bmm and mv write the overlapping elements in turn, last one
        # wins: not recorded)
        if (op in ("mm", "outer") or op == "matmul" and len(b) <= 2 and len(a) + len(b) > 2
                and not (len(a) == 2 and len(b) == 1)):
            outs.append({"dtype": "float32", "shape": rs, "layout": "expanded"})
        for out in outs:
            case(op, pair(a, b), out=out)
        for out in ({"dtype": "float32", "shape": rs, "layout": "meta"}, {"dtype": "float32", "shape": [0],
                    "layout": "meta"}, {"dtype": "float64", "shape": [0], "layout": "meta"}):
            case(op, pair(a, b, layouts=("meta", "meta")), out=out)
        case(op, pair(a, b), out={"dtype": "float32", "shape": [0], "layout": "meta"})
        case(op, pair(a, b, layouts=("meta", "meta")), out={"dtype": "float32", "shape": [0]})
    for dt in DTYPES:
        for op in ("mm", "bmm", "mv", "dot", "outer"):
            case(op, pair(*PLAIN[op], I32), out={"dtype": NAME[dt], "shape": [0]})
        case("outer", pair([3], [4], F32), out={"dtype": NAME[dt], "shape": [3, 4]})
        case("matmul", pair([2, 2, 3], [3], I32), out={"dtype": NAME[dt], "shape": [0]})
    for op in ("mm", "bmm", "mv", "dot", "outer"):
        case(op, pair(*PLAIN[op], F32, F64), out={"dtype": "float64", "shape": [0]})
    case("mm", pair([2, 3], [4, 2]), out={"dtype": "float32", "shape": [0]})
    case("mm", pair([2, 3], [4, 2]), out={"dtype": "int64", "shape": [0]})
    case("bmm", pair([2, 2, 3], [2, 3, 2]), out={"dtype": "float32", "shape": [2, 2, 2], "layout": "transposed"})
    case("matmul", pair([2, 0], [0, 3]), out={"dtype": "float32", "shape": [5]})
    case("matmul", pair([0, 2, 3], [3, 4]), out={"dtype": "float32", "shape": [5]})
    case("matmul", pair([], [3]), out={"dtype": "float32", "shape": [0]})
    # one meta operand beside a CPU one
    for op, a, b in (("mv", [2, 3], [3]), ("dot", [3], [3]), ("outer", [3], [4]), ("matmul", [2, 3], [3]),
                     ("matmul", [3], [3])):
        case(op, pair(a, b, layouts=("contiguous", "meta")))
        case(op, pair(a, b, layouts=("meta", "contiguous")))
    case("bmm", pair([2, 2, 3], [2, 3, 4], layouts=("contiguous", "meta")))  # (meta, CPU) is not recorded
    case("matmul", pair([2, 2, 3], [2, 3, 4], layouts=("contiguous", "meta")))
    # meta with mixed dtypes: the meta kernels check less (mm) or promote (mv)
    for da, db in MIXED_FEW:
        for op in ("mm", "bmm", "mv", "dot", "vdot", "outer"):
            case(op, pair(*PLAIN[op], da, db, layouts=("meta", "meta")))
        for a, b in MATMUL_KINDS:
            case("matmul", pair(a, b, da, db, layouts=("meta", "meta")))
    # NaN and infinities (float32): inexact
    nan, inf = math.nan, math.inf
    for op, a, av, b, bv in (
            ("mm", [2, 2], [inf, 0.0, 1.0, 2.0], [2, 2], [0.0, 1.0, 1.0, 1.0]),
            ("mm", [1, 2], [inf, 1.0], [2, 1], [1.0, -inf]),
            ("mm", [2, 2], [0.0, 0.0, 1.0, 1.0], [2, 2], [nan, 1.0, 1.0, 1.0]),
            ("mm", [2, 3], [inf, 1.0, 2.0, -inf, 0.5, 1.0], [3, 2], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]),
            ("bmm", [2, 1, 2], [nan, 1.0, inf, 1.0], [2, 2, 1], [1.0, 1.0, 1.0, inf]),
            ("mv", [2, 2], [inf, 0.0, 1.0, nan], [2], [0.0, 1.0]),
            ("mv", [2, 2], [inf, 1.0, 1.0, 1.0], [2], [1.0, 2.0]),
            ("dot", [2], [inf, 0.0], [2], [0.0, 1.0]),
            ("dot", [3], [inf, -inf, 1.0], [3], [1.0, 1.0, 1.0]),
            ("vdot", [2], [nan, 1.0], [2], [1.0, 2.0]),
            ("outer", [2], [inf, nan], [3], [0.0, 1.0, -1.0]),
            ("matmul", [3], [inf, 1.0, 2.0], [3, 2], [1.0, 0.0, 1.0, 1.0, 1.0, 1.0]),
            ("matmul", [2, 2, 2], [inf, 1.0, 1.0, 1.0, nan, 0.0, 1.0, 1.0], [2, 1], [1.0, 0.0]),
            ("matmul", [2, 2], [1.0, inf, -inf, 1.0], [2, 2, 2], [1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0])):
        inputs = [spec(F32, a, values=av), spec(F32, b, values=bv)]
        case(op, inputs, inexact=True)
    case("matmul", [spec(F32, [2, 2], values=[inf, 0.0, 1.0, 1.0]), spec(F32, [2, 2], values=[0.0, 1.0, 1.0, 0.0])],
         form="operator", inexact=True)


def main():
    record()
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "matmul.json")
    write(path, {"torch": torch.__version__, "cases": CASES})
    print(f"{len(CASES)} cases -> {path}")
    for c in SKIPPED:
        print("not recorded (CPU result from a meta operand):", c["op"], [s["layout"] for s in c["inputs"]],
              [s["shape"] for s in c["inputs"]])


if __name__ == "__main__":
    main()
