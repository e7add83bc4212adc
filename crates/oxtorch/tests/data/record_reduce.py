"""Records reduce.json, the golden data of the reductions sum, nansum, prod, mean, nanmean, amax, amin, all, any,
max, min, argmax and argmin, from a real PyTorch (CPU).

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_reduce.py [output path]

(default output: reduce.json beside this script). The test suites never run this script; they read the JSON it
writes. Nothing here is random (the "values" section draws from a seeded generator): two runs give the same file.

A case is {"op", "input", "dim", "keepdim", "dtype", "out", "form"} and the outcome:

- "op": the function's name; "form": "function" (torch.<op>(input, ...)) or "method" (input.<op>(...)).
- "input": {"dtype", "shape", "values" (row-major), "layout"}, where layout is how the runner lays the tensor out:
  "contiguous"; "transposed" (dimensions in reverse order in memory: x.permute(rev).contiguous().permute(rev));
  "strided" (every other element of a tensor twice as long in its last dimension); "channels_last" (4-D, PyTorch's
  channels-last memory format); "meta" (on the meta device, no values).
- "dim": absent (the call passes none), an int, or a list (passed as a tuple); "keepdim": absent or a bool;
  "dtype": absent or a dtype name (the dtype= keyword); "out": absent or {"dtype", "shape"} (an out= tensor made by
  torch.empty(shape, dtype=dtype); for max/min with a dim, a pair of them).
- outcome: {"result": {"dtype", "shape", "stride", "values"}} (values absent on meta; max/min with a dim give
  {"values": <result>, "indices": <result>}), or {"error": class, "message": first line}.

Sections: "cases" (every op over dtypes, shapes, dims, keepdim, dtype= and out=; special values: NaN, infinities,
signed zeros, ties, empty dimensions; layouts; meta) and "values" (random float16/bfloat16/float32/float64 inputs
of every length class of PyTorch's cascade sum, and matrices: one entry per input, {"input", "calls": [{"op",
"dim" (absent: every dimension), outcome}]}, for the summation and product orders). Both runners compare every
value bit for bit.
"""

import json
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

OPS = ["sum", "nansum", "prod", "mean", "nanmean", "amax", "amin", "all", "any", "max", "min", "argmax", "argmin"]
# the ops with a dtype= keyword, and those whose dim form returns (values, indices)
WITH_DTYPE = {"sum", "nansum", "prod", "mean", "nanmean"}
PAIRS = {"max", "min"}


def base_values(dtype, n, special):
    """n values of dtype, row-major: small integers (so sums are exact in any order), with NaN, infinities and a
    negative zero where special (floating dtypes only)."""
    vals = [((i * 7) % 11) - 4 for i in range(n)]
    if dtype == torch.bool:
        return [v > 0 for v in vals]
    if dtype == torch.uint8:
        return [abs(v) for v in vals]
    if dtype.is_complex:
        return [complex(v, (i % 3) - 1) for i, v in enumerate(vals)]
    if dtype.is_floating_point:
        out = [float(v) / 2 for v in vals]
        if special and n >= 4:
            out[1] = math.nan
            out[n // 2] = -math.inf if n > 5 else 0.0
            out[-1] = -0.0
        return out
    return vals






def input_spec(dtype, shape, layout="contiguous", special=True, values=None):
    n = math.prod(shape)
    spec = {"dtype": NAME[dtype], "shape": list(shape), "layout": layout}
    if layout != "meta":
        vals = values if values is not None else base_values(dtype, n, special)
        spec["values"] = flat(torch.tensor(vals, dtype=dtype)) if n else []
    return spec


def encode_result(t):
    r = {"dtype": NAME[t.dtype], "shape": list(t.shape), "stride": list(t.stride())}
    if t.device.type == "meta":
        r["device"] = "meta"
    else:
        r["values"] = flat(t)
    return r


def call(case):
    x = make_input(case["input"])
    args = []
    kwargs = {}
    if "dim" in case:
        d = case["dim"]
        args.append(tuple(d) if isinstance(d, list) else d)
    if "keepdim" in case:
        kwargs["keepdim"] = case["keepdim"]
    if "dtype" in case:
        kwargs["dtype"] = BY_NAME[case["dtype"]]
    if "out" in case:
        o = case["out"]
        device = "meta" if case["input"]["layout"] == "meta" else "cpu"
        if isinstance(o, list):
            kwargs["out"] = tuple(torch.empty(p["shape"], dtype=BY_NAME[p["dtype"]], device=device) for p in o)
        else:
            kwargs["out"] = torch.empty(o["shape"], dtype=BY_NAME[o["dtype"]], device=device)
    if case["form"] == "method":
        return getattr(x, case["op"])(*args, **kwargs)
    return getattr(torch, case["op"])(x, *args, **kwargs)


def outcome(case):
    try:
        r = call(case)
    except Exception as e:  # noqa: BLE001 - every exception is data here
        return {"error": type(e).__name__, "message": message(e)}
    if isinstance(r, tuple):
        return {"result": {"values": encode_result(r[0]), "indices": encode_result(r[1])}}
    return {"result": encode_result(r)}


def cases():
    out = []

    def add(**case):
        case.setdefault("form", "function")
        case.update(outcome(case))
        out.append(case)

    shapes = [[], [5], [3, 4], [2, 3, 4], [0], [0, 3], [3, 0]]
    dims_for = {
        0: [None, 0, -1, [], 1],
        1: [None, 0, -1, [0], [], 1, [0, 0]],
        2: [None, 0, 1, -1, [0, 1], [1, 0], [], [-1, 1], 2],
        3: [None, 0, 1, 2, [0, 2], [2, 1], [0, 1, 2], -3],
    }
    for op in OPS:
        for dtype in DTYPES:
            for shape in shapes:
                spec = input_spec(dtype, shape)
                for dim in dims_for[len(shape)]:
                    if dim is None:
                        add(op=op, input=spec)
                        add(op=op, input=spec, form="method")
                        continue
                    if isinstance(dim, list) and op in PAIRS | {"argmax", "argmin", "prod"}:
                        if op != "prod" or dtype != torch.float32:
                            continue
                    for keepdim in (False, True):
                        add(op=op, input=spec, dim=dim, keepdim=keepdim)
                    add(op=op, input=spec, dim=dim, form="method")
    # dtype= and out=
    for op in sorted(WITH_DTYPE):
        for dtype in DTYPES:
            spec = input_spec(dtype, [3, 4])
            for target in DTYPES:
                add(op=op, input=spec, dtype=NAME[target])
                add(op=op, input=spec, dim=1, dtype=NAME[target])
                add(op=op, input=spec, dim=1, out={"dtype": NAME[target], "shape": [0]})
            add(op=op, input=spec, dim=0, keepdim=True, dtype="float64", out={"dtype": "float64", "shape": [1, 4]})
            add(op=op, input=spec, dim=0, dtype="float32", out={"dtype": "float64", "shape": [4]})
    for op in ["amax", "amin", "all", "any", "argmax", "argmin"]:
        for dtype in DTYPES:
            spec = input_spec(dtype, [3, 4])
            for target in ["bool", "uint8", "int32", "int64", "float32", "float64"]:
                add(op=op, input=spec, dim=1, out={"dtype": target, "shape": [0]})
            add(op=op, input=spec, dim=1, out={"dtype": NAME[dtype], "shape": [2, 2]})
    for op in ["max", "min"]:
        for dtype in [torch.int32, torch.float32, torch.float64, torch.bool]:
            spec = input_spec(dtype, [3, 4])
            for vd, idd in [(dtype, torch.int64), (torch.float64, torch.int64), (dtype, torch.int32)]:
                add(op=op, input=spec, dim=1,
                    out=[{"dtype": NAME[vd], "shape": [0]}, {"dtype": NAME[idd], "shape": [0]}])
            add(op=op, input=spec, out={"dtype": NAME[dtype], "shape": [0]})
    # special values: NaN among others, all NaN, ties, infinities, signed zeros
    specials = [
        [1.0, math.nan, 3.0, 2.0], [math.nan, math.nan, 1.0, 0.5], [2.0, 5.0, 5.0, 1.0], [1.0, 1.0, 1.0, 1.0],
        [math.inf, -math.inf, 1.0, 2.0], [-0.0, 0.0, -0.0, -0.0], [0.0, -0.0, 0.0, 0.0], [-math.inf, 1.0, math.nan, 0.0],
        [3.0, -1.0, -1.0, 3.0],
    ]
    for op in OPS:
        for dtype in [torch.float16, torch.bfloat16, torch.float32, torch.float64]:
            for vals in specials:
                spec = input_spec(dtype, [2, 2], values=[vals[:2], vals[2:]])
                add(op=op, input=spec)
                add(op=op, input=spec, dim=0)
                add(op=op, input=spec, dim=1)
        for dtype in [torch.int8, torch.int64, torch.uint8]:
            spec = input_spec(dtype, [2, 3], values=[[5, 9, 9], [9, 1, 5]])
            add(op=op, input=spec, dim=1)
            add(op=op, input=spec)
    # integer overflow wraps; bool sums count
    for op in ["sum", "prod"]:
        spec = input_spec(torch.int64, [3], values=[2**62, 2**62, 2**62])
        add(op=op, input=spec)
        spec = input_spec(torch.int8, [3], values=[100, 100, 100])
        add(op=op, input=spec)
        add(op=op, input=spec, dtype="int8")
    # layouts
    for op in OPS:
        for dtype in [torch.int32, torch.float32, torch.float64, torch.bool]:
            for shape, layout in [([3, 4], "transposed"), ([2, 3, 4], "transposed"), ([3, 4], "strided"),
                                  ([2, 3, 2, 2], "channels_last")]:
                spec = input_spec(dtype, shape, layout=layout)
                add(op=op, input=spec)
                for dim in range(len(shape)):
                    add(op=op, input=spec, dim=dim, keepdim=True)
                if op not in PAIRS | {"argmax", "argmin"}:
                    add(op=op, input=spec, dim=[0, len(shape) - 1])
    # meta
    for op in OPS:
        for dtype in [torch.int32, torch.float32, torch.bool, torch.complex64]:
            for shape in [[3, 4], [0, 3]]:
                spec = input_spec(dtype, shape, layout="meta")
                add(op=op, input=spec)
                add(op=op, input=spec, dim=1, keepdim=True)
                add(op=op, input=spec, dim=0)
            spec = input_spec(dtype, [3, 4], layout="meta")
            if op in WITH_DTYPE:
                add(op=op, input=spec, dim=1, dtype="float64")
            if op not in PAIRS:
                add(op=op, input=spec, dim=1, out={"dtype": NAME[dtype], "shape": [0]})
    return out


def random_values():
    """Sums, means and products of random floats of every length class of PyTorch's cascade sum, and over each
    dimension of matrices: one entry per input, {"input", "calls": [{"op", "dim" (absent: all), outcome}]}."""
    g = torch.Generator().manual_seed(20261127)
    out = []

    def add(dtype, x, calls):
        spec = input_spec(dtype, list(x.shape), values=x.tolist())
        entry = {"input": spec, "calls": []}
        for op, dim in calls:
            c = {"op": op, "form": "function", "input": spec}
            if dim is not None:
                c["dim"] = dim
            r = outcome(c)
            del c["input"], c["form"]
            c.update(r)
            entry["calls"].append(c)
        out.append(entry)

    lengths = [1, 2, 3, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 255, 256, 257, 1000, 1023,
               1024, 1025, 4096, 4099, 20000]
    for dtype in [torch.float32, torch.float64, torch.float16, torch.bfloat16]:
        for n in lengths:
            x = (torch.rand(n, generator=g, dtype=torch.float64) * 2 - 0.5).to(dtype)
            add(dtype, x, [("sum", None), ("mean", None), ("nansum", None)])
        for shape in [[3, 100], [100, 3], [17, 33], [64, 64], [5, 1000], [1000, 5]]:
            x = (torch.rand(shape, generator=g, dtype=torch.float64) * 2 - 0.5).to(dtype)
            add(dtype, x, [("sum", 0), ("sum", 1), ("mean", 0), ("mean", 1)])
        x = (torch.rand(40, generator=g, dtype=torch.float64) + 0.5).to(dtype)
        add(dtype, x, [("prod", None), ("prod", 0)])
    return out


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "reduce.json")
    data = {
        "note": "Reductions recorded from PyTorch " + torch.__version__ + " (CPU, one thread) by record_reduce.py; "
                "the encoding is described there.",
        "cases": cases(),
        "values": random_values(),
    }
    write(path, data)
    print(f"{path}: {len(data['cases'])} cases, {len(data['values'])} value cases")


if __name__ == "__main__":
    main()
