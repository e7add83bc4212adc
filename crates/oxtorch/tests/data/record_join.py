"""Records join.json, the golden data of the joining functions cat (and its aliases concat, concatenate), stack,
hstack, vstack and dstack, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_join.py [output path]

(default output: join.json beside this script). The test suites never run this script; they read the JSON it
writes. Nothing here is random: two runs give the same file.

A case is {"op", "inputs", "dim", "dim_keyword", "container", "out"} and the outcome:

- "op": the function's name, called as torch.<op>(tensors, ...).
- "inputs": a list of {"dtype", "shape", "values" (row-major), "layout"}; layout as in reduce.json: "contiguous",
  "transposed" (dimensions in reverse order in memory), "strided" (every other element of a tensor twice as long
  in its last dimension), "channels_last" (4-D), "meta" (no values), "sparse" (x.to_sparse(): a COO tensor of
  the nonzero elements) and "hybrid" (x.to_sparse(1): one sparse dimension, the others dense in each value).
- "container": "list" or "tuple" (what holds the tensors); "bad": absent, or "tensor" (a tensor is passed where
  the list goes) or "number" (the int 1 joins the list after the tensors): the argument parser's errors.
- "dim": absent (the default) or an int; "dim_keyword": absent (dim passed positionally) or "dim" / "axis" (the
  keyword that carries it; PyTorch's parser takes numpy's name too).
- "out": absent or {"dtype", "shape", "layout"} (an out= tensor: torch.empty(shape, dtype=dtype) laid out as the
  layout says, "contiguous", "channels_last", "transposed" or "expanded" (a (1, ...) tensor expanded to the shape));
  or {"alias": k}: the out= tensor is input k itself.
- outcome: {"result": {"dtype", "shape", "stride", "values"}} (values absent on meta; a sparse result is
  {"layout": "sparse_coo", "dtype", "shape", "nnz", "coalesced", "sparse_dim", "values" (of to_dense())}), or
  {"error": class, "message": first line}.
"""

import json
import math
import os
import sys
import warnings

import torch

warnings.simplefilter("ignore")
torch.set_default_dtype(torch.float32)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from golden_encoding import BY_NAME, DTYPES, NAME, flat, make_input, message, write  # noqa: E402



def base_values(dtype, n, seed):
    """n values of dtype, row-major, different for each seed: small integers, with NaN, an infinity and a negative
    zero among floats."""
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
            out[1] = math.nan
            out[n // 2] = -math.inf
            out[-1] = -0.0
        return out
    return vals


def spec(dtype, shape, layout="contiguous", seed=0):
    s = {"dtype": NAME[dtype], "shape": list(shape), "layout": layout}
    if layout != "meta":
        n = math.prod(shape)
        s["values"] = flat(torch.tensor(base_values(dtype, n, seed), dtype=dtype)) if n else []
    return s






def make_out(o, inputs):
    if "alias" in o:
        return inputs[o["alias"]]
    dtype = BY_NAME[o["dtype"]]
    shape = o["shape"]
    layout = o.get("layout", "contiguous")
    if layout == "meta":
        return torch.empty(shape, dtype=dtype, device="meta")
    if layout == "channels_last":
        return torch.empty(shape, dtype=dtype).contiguous(memory_format=torch.channels_last)
    if layout == "transposed":
        return torch.empty(shape[::-1], dtype=dtype).permute(list(range(len(shape)))[::-1])
    if layout == "expanded":
        return torch.empty([1] + shape[1:], dtype=dtype).expand(shape)
    return torch.empty(shape, dtype=dtype)


def encode_result(t):
    if t.is_sparse:
        return {"layout": "sparse_coo", "dtype": NAME[t.dtype], "shape": list(t.shape), "nnz": t._nnz(),
                "coalesced": t.is_coalesced(), "sparse_dim": t.sparse_dim(), "values": flat(t.to_dense())}
    r = {"dtype": NAME[t.dtype], "shape": list(t.shape), "stride": list(t.stride())}
    if t.device.type != "meta":
        r["values"] = flat(t)
    return r


CASES = []


def case(op, inputs, dim=None, dim_keyword=None, container="list", out=None, bad=None):
    c = {"op": op, "inputs": inputs, "container": container}
    if dim is not None:
        c["dim"] = dim
        if dim_keyword:
            c["dim_keyword"] = dim_keyword
    if out is not None:
        c["out"] = out
    if bad:
        c["bad"] = bad
    tensors = [make_input(s) for s in inputs]
    args = tensors if container == "list" else tuple(tensors)
    if bad == "tensor":
        args = tensors[0]
    elif bad == "number":
        args = list(tensors) + [1]
    kwargs = {}
    pos = []
    if dim is not None:
        if dim_keyword:
            kwargs[dim_keyword] = dim
        else:
            pos.append(dim)
    if out is not None:
        kwargs["out"] = make_out(out, tensors)
    try:
        r = getattr(torch, op)(args, *pos, **kwargs)
        c["result"] = encode_result(r)
    except Exception as e:  # noqa: BLE001 - recorded as the outcome
        c["error"] = type(e).__name__
        c["message"] = message(e)
    CASES.append(c)


F32, F64, I64, BOOL, C64 = torch.float32, torch.float64, torch.int64, torch.bool, torch.complex64
SHAPE_OPS = ["cat", "stack"]


def record():
    # promotion: every pair of dtypes, along each dimension (cat) / into a new one (stack)
    for a in DTYPES:
        for b in DTYPES:
            case("cat", [spec(a, [2, 3]), spec(b, [1, 3], seed=1)])
            case("stack", [spec(a, [2, 3]), spec(b, [2, 3], seed=1)], dim=1)
            if a == b or a in (BOOL, torch.uint8):
                case("cat", [spec(a, [2, 3]), spec(b, [2, 2], seed=1)], dim=-1)
    # three and more inputs, mixed kinds; one input
    case("cat", [spec(BOOL, [1, 2]), spec(torch.int8, [2, 2], seed=1), spec(torch.uint8, [1, 2], seed=2)])
    case("cat", [spec(torch.float16, [3]), spec(torch.bfloat16, [2], seed=1), spec(torch.int32, [1], seed=2)])
    case("cat", [spec(F32, [2, 2]), spec(C64, [1, 2], seed=1), spec(F64, [1, 2], seed=2)])
    for dt in DTYPES:
        case("cat", [spec(dt, [2, 3])])
        case("stack", [spec(dt, [3])])
    # every dimension of 1-D to 4-D inputs, in range and out of it
    for shape in ([4], [2, 3], [2, 3, 2], [2, 1, 3, 2]):
        n = len(shape)
        for d in range(-n - 2, n + 2):
            other = list(shape)
            if -n <= d < n:
                other[d] = 1
            case("cat", [spec(F32, shape), spec(F32, other, seed=1)], dim=d)
            case("stack", [spec(I64, shape), spec(I64, shape, seed=1), spec(I64, shape, seed=2)], dim=d)
    # keyword dim, numpy's axis, tuples, the aliases
    for op in ("cat", "concat", "concatenate"):
        case(op, [spec(F32, [2, 3]), spec(I64, [2, 1], seed=1)], dim=1, dim_keyword="dim")
        case(op, [spec(F32, [2, 3]), spec(I64, [2, 1], seed=1)], dim=-1, dim_keyword="axis")
        case(op, [spec(F32, [2, 3]), spec(F64, [1, 3], seed=1)], container="tuple")
        case(op, [spec(F32, [2, 3]), spec(F64, [1, 3], seed=1)], dim=1)
        case(op, [])
        case(op, [spec(F32, [2, 3])], bad="tensor")
        case(op, [spec(F32, [2, 3])], bad="number")
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], dim=-1, dim_keyword="dim")
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], dim=2, dim_keyword="axis")
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], container="tuple")
    case("stack", [])
    case("stack", [spec(F32, [2, 3])], bad="tensor")
    case("stack", [spec(F32, [2, 3])], bad="number")
    # the checks: zero-dim inputs, ranks, sizes (each position), the legacy skipped 1-D empty tensors
    case("cat", [spec(F32, [])])
    case("cat", [spec(F32, [2]), spec(F32, [])])
    case("cat", [spec(F32, []), spec(F32, [2])], dim=3)
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 3, 1])])
    case("cat", [spec(F32, [2, 3, 1]), spec(F32, [2, 3])], dim=5)
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 4])])
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 3]), spec(F32, [3, 4])], dim=1)
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 3]), spec(F32, [3, 4])], dim=0)
    case("cat", [spec(F32, [2, 3]), spec(F64, [0])])
    case("cat", [spec(F32, [0]), spec(I64, [2, 3]), spec(F32, [0])], dim=1)
    case("cat", [spec(F32, [0]), spec(I64, [2, 3]), spec(F32, [0])], dim=-3)
    case("cat", [spec(F32, [0]), spec(F64, [0])])
    case("cat", [spec(F32, [0]), spec(F64, [0])], dim=7)
    case("cat", [spec(F32, [0]), spec(F32, [3])])
    case("cat", [spec(I64, [0]), spec(F32, [2, 0])], dim=1)
    case("cat", [spec(F32, [0, 3]), spec(F32, [2, 3]), spec(F32, [0, 3])])
    case("cat", [spec(F32, [2, 0]), spec(F32, [2, 0])], dim=1)
    case("cat", [spec(F32, [2, 0]), spec(F32, [3, 0])])
    case("cat", [spec(F32, [2, 0]), spec(F32, [3, 1])])
    case("stack", [spec(F32, []), spec(I64, [], seed=1)])
    case("stack", [spec(F32, []), spec(I64, [], seed=1)], dim=-1)
    case("stack", [spec(F32, []), spec(I64, [], seed=1)], dim=1)
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 4])])
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3]), spec(F32, [3, 2])], dim=2)
    case("stack", [spec(F32, [2, 3]), spec(F32, [3])], dim=-1)
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 4])], dim=3)
    case("stack", [spec(F32, [0]), spec(F32, [0])])
    case("stack", [spec(F32, [0]), spec(F32, [3])])
    case("stack", [spec(F32, [2, 0, 3]), spec(F32, [2, 0, 3])], dim=1)
    # layouts: the result's memory format is the inputs' common suggested format
    cl = [2, 3, 2, 2]
    for layouts in (("channels_last", "channels_last"), ("channels_last", "contiguous"),
                    ("contiguous", "channels_last"), ("transposed", "transposed"), ("strided", "channels_last"),
                    ("strided", "strided"), ("transposed", "contiguous")):
        for d in range(4):
            other = list(cl)
            other[d] = 1
            case("cat", [spec(F32, cl, layouts[0]), spec(F64, other, layouts[1], seed=1)], dim=d)
        for d in range(5):
            case("stack", [spec(F32, cl, layouts[0]), spec(F32, cl, layouts[1], seed=1)], dim=d)
    case("cat", [spec(F32, cl, "channels_last"), spec(F32, [0]), spec(F32, cl, "channels_last", seed=1)], dim=1)
    case("cat", [spec(F32, [2, 3, 1, 1], "channels_last"), spec(F32, [2, 3, 1, 1], "channels_last")], dim=1)
    case("cat", [spec(F32, [2, 1, 2, 2], "channels_last"), spec(F32, [2, 1, 2, 2])], dim=0)
    case("cat", [spec(F32, [2, 3, 4], "transposed"), spec(I64, [2, 3, 4], "strided", seed=1)], dim=1)
    case("stack", [spec(F32, [2, 3, 4], "transposed"), spec(F32, [2, 3, 4], "transposed", seed=1)], dim=1)
    case("stack", [spec(F32, [2, 3, 4], "strided"), spec(F32, [2, 3, 4], "strided", seed=1)], dim=3)
    # meta tensors, alone and beside CPU tensors
    for op in SHAPE_OPS:
        case(op, [spec(F32, [2, 3], "meta"), spec(F32, [2, 3], "meta")])
        case(op, [spec(F32, [2, 3], "meta"), spec(I64, [2, 3], "meta")], dim=1)
        case(op, [spec(F32, cl, "meta"), spec(F32, cl, "meta")], dim=1)
        case(op, [spec(F32, [2, 3], "meta"), spec(F32, [2, 3])])
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], "meta")])
        case(op, [spec(F32, [2, 3], "meta"), spec(F32, [2, 4], "meta")])
        case(op, [spec(F32, [2, 3], "meta"), spec(F32, [2, 3], "meta")], out={"dtype": "float32", "shape": [0],
                                                                             "layout": "meta"})
    case("cat", [spec(F32, [2, 3], "meta"), spec(F32, [2, 3], "meta")], out={"dtype": "int64", "shape": [0],
                                                                            "layout": "meta"})
    # stack(out=) with a meta tensor runs PyTorch's Python reference (its own size message); a new last dimension
    # of meta tensors unsqueezes each input unchecked
    case("stack", [spec(F32, [4], "meta"), spec(I64, [4]), spec(F32, [2], seed=1)], dim=-2,
         out={"dtype": "complex128", "shape": [0]})
    case("stack", [spec(F32, [4], "meta"), spec(F32, [2], "meta")], out={"dtype": "float32", "shape": [0],
                                                                        "layout": "meta"})
    case("stack", [spec(F32, [4], "meta"), spec(F32, [4], "meta")], dim=1, out={"dtype": "float64", "shape": [3],
                                                                               "layout": "meta"})
    case("stack", [spec(F32, [4], "meta"), spec(F32, [4], "meta")], out={"dtype": "int32", "shape": [0],
                                                                        "layout": "meta"})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3])], out={"dtype": "float32", "shape": [0], "layout": "meta"})
    case("stack", [spec(F32, [1]), spec(F32, []), spec(F32, [], "meta")], dim=-1)
    case("stack", [spec(F32, [2], "meta"), spec(F32, [3], "meta")], dim=1)
    case("cat", [spec(F32, [], "meta")])
    case("cat", [spec(F32, [2], "meta"), spec(F32, [], "meta")])
    case("cat", [spec(F32, [2, 3], "meta")], out={"dtype": "float32", "shape": [0]})
    case("cat", [spec(F32, [2, 3])], out={"dtype": "float32", "shape": [0], "layout": "meta"})
    # out=: dtypes (castable or not), shapes (right, empty, wrong), layouts, aliasing
    for dt in DTYPES:
        case("cat", [spec(F32, [2, 3]), spec(I64, [1, 3], seed=1)], out={"dtype": NAME[dt], "shape": [3, 3]})
        case("stack", [spec(I64, [2]), spec(torch.int32, [2], seed=1)], out={"dtype": NAME[dt], "shape": [0]})
        case("cat", [spec(BOOL, [2]), spec(BOOL, [1], seed=1)], out={"dtype": NAME[dt], "shape": [0]})
    for op in SHAPE_OPS:
        two = [spec(F32, cl, "channels_last"), spec(F32, cl, "channels_last", seed=1)]
        rshape = [4, 3, 2, 2] if op == "cat" else [2, 2, 3, 2, 2]
        for out in ({"dtype": "float32", "shape": [0]}, {"dtype": "float32", "shape": [3]},
                    {"dtype": "float32", "shape": rshape}, {"dtype": "float32", "shape": rshape[:2]},
                    {"dtype": "float64", "shape": rshape, "layout": "transposed"},
                    {"dtype": "float32", "shape": rshape, "layout": "expanded"},
                    {"dtype": "float32", "shape": [4, 3, 2, 2], "layout": "channels_last"},
                    {"dtype": "float32", "shape": [2, 6, 2, 2], "layout": "channels_last"}):
            for d in (0, 1):
                case(op, two, dim=d, out=out)
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], out={"alias": 0})
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], out={"alias": 1})
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 4], seed=1)], out={"alias": 1})
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], out={"dtype": "float32", "shape": [4, 3, 2],
                                                                     "layout": "transposed"}, dim=-1)
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], dim=1,
         out={"dtype": "float32", "shape": [2, 2, 3], "layout": "transposed"})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], dim=2,
         out={"dtype": "float32", "shape": [2, 2, 3], "layout": "transposed"})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], dim=0,
         out={"dtype": "float32", "shape": [2, 2, 3], "layout": "transposed"})
    case("cat", [spec(F32, [0]), spec(F32, [0])], out={"alias": 0})
    case("cat", [spec(F32, [2, 3]), spec(F32, [0])], out={"dtype": "int64", "shape": [0]})
    case("cat", [spec(F32, [])], out={"dtype": "float32", "shape": [0]})
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 4])], out={"dtype": "int64", "shape": [0]})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 4])], out={"dtype": "int64", "shape": [0]})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3])], out={"dtype": "int64", "shape": [0]})
    case("stack", [spec(F32, [2, 3]), spec(F32, [2, 3])], dim=9, out={"dtype": "float32", "shape": [0]})
    # sparse COO inputs: cat along sparse and dense dimensions, promotion, the checks, and the functions built on it
    for op, d in (("cat", 0), ("cat", 1), ("cat", -1), ("stack", 0), ("stack", 2), ("hstack", None),
                  ("vstack", None), ("dstack", None)):
        case(op, [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "sparse", seed=1)], dim=d)
        case(op, [spec(I64, [2, 3], "hybrid"), spec(F64, [2, 3], "hybrid", seed=1),
                  spec(I64, [2, 3], "hybrid", seed=2)], dim=d)
    for d in (0, 1, 2, -1):
        case("cat", [spec(F32, [2, 3, 2], "hybrid"), spec(F32, [2, 3, 2], "hybrid", seed=1)], dim=d)
        case("cat", [spec(F32, [2, 3, 2], "sparse"), spec(BOOL, [2, 3, 2], "sparse", seed=1)], dim=d)
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [3, 3], "sparse", seed=1)], dim=0)
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [3, 3], "sparse", seed=1)], dim=1)
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "hybrid", seed=1)])
    case("cat", [spec(F32, [2, 3], "hybrid"), spec(F32, [2, 3], "sparse", seed=1)], dim=1)
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3, 1], "sparse", seed=1)])
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], seed=1)])
    case("cat", [spec(F32, [2, 3]), spec(F32, [2, 3], "sparse", seed=1)])
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "sparse", seed=1)], dim=2)
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "sparse", seed=1)], dim=-3)
    case("cat", [spec(F32, [2, 3], "sparse")])
    case("cat", [spec(F32, [0], "sparse"), spec(F32, [2, 3], "sparse", seed=1)])
    case("cat", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "sparse", seed=1)],
         out={"dtype": "float32", "shape": [0]})
    case("stack", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 4], "sparse", seed=1)])
    case("stack", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], seed=1)])
    case("stack", [spec(F32, [2, 3], "sparse"), spec(F32, [2, 3], "sparse", seed=1)], dim=3)
    # hstack, vstack, dstack: numpy's stacking through atleast_1d/2d/3d
    for op in ("hstack", "vstack", "dstack"):
        for shapes in ([[], []], [[3], [2]], [[3], [3]], [[2, 3], [2, 1]], [[2, 3], [1, 3]], [[2, 3, 1], [2, 3, 2]],
                       [[1, 2, 3], [1, 2, 3]], [[2], [2, 1]], [[], [2]], [[0], [2]], [[2, 2], [2, 2, 2]],
                       [[2, 3]], [[4]]):
            case(op, [spec(F32, s) if i == 0 else spec(I64, s, seed=i) for i, s in enumerate(shapes)])
        case(op, [])
        case(op, [spec(F32, [2, 3])], bad="tensor")
        case(op, [spec(F32, [2, 3]), spec(F64, [2, 3], seed=1)], container="tuple")
        case(op, [spec(F32, [2, 2], "transposed"), spec(F32, [2, 2], seed=1)])
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], out={"dtype": "float64", "shape": [0]})
        case(op, [spec(F32, [2, 3]), spec(F32, [2, 3], seed=1)], out={"dtype": "int64", "shape": [0]})
        case(op, [spec(F32, [2, 3], "meta"), spec(F32, [2, 3], "meta")])


def main():
    record()
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "join.json")
    write(path, {"torch": torch.__version__, "cases": CASES})
    print(f"{len(CASES)} cases -> {path}")


if __name__ == "__main__":
    main()
