"""Records sparse.json, the golden data of sparse COO tensors, from a real PyTorch.

Run with PyTorch installed (`BENCH=1 ./scripts/setup.sh` puts it into .venv):

    .venv/bin/python crates/oxtorch/tests/data/record_sparse.py [output path]

The test suites never run this script; they read the JSON it writes. The encoding is that of the other files
(see CONFORMANCE_README.md), plus:

- a sparse operand or result: {"kind": "sparse", "dtype": D, "size": [...], "sparse_dim": n, "nnz": k,
  "indices": [...] (sparse_dim x nnz, row-major), "values": [...] (nnz x dense sizes, row-major),
  "coalesced": bool}; a dense multi-dimensional operand: {"kind": "tensor", "dtype": D, "shape": [...],
  "values": [...]} (row-major).
- a dense result: {"kind": "tensor", ...} as above.
- in python_methods, a result that is not a tensor: {"kind": "python", "type": T, "value": V} (see py_value).
"""

import os
import sys
import warnings

import torch

warnings.simplefilter("ignore")
torch.set_default_dtype(torch.float32)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from golden_encoding import DTYPES, NAME, flat, message, scalar_enc, sparse_enc, write  # noqa: E402

SUBSET = [torch.bool, torch.uint8, torch.int32, torch.int64, torch.float16, torch.float32, torch.float64,
          torch.complex64]

def enc(t):
    if isinstance(t, torch.Tensor) and t.is_sparse:
        return sparse_enc(t)
    if isinstance(t, torch.Tensor):
        if t.dim() == 0:
            return {"kind": "zerodim", "dtype": NAME[t.dtype], "value": flat(t)[0]}
        return {"kind": "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}
    return scalar_enc(t)


def result(t):
    if isinstance(t, torch.Tensor) and not t.is_sparse:
        return {"kind": "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}
    return enc(t)


def run(f):
    """The result or the error of f(), or None when PyTorch fails with an internal assertion or with its
    intersection kernel's storage-bounds bug (a sparse product whose dense dimensions broadcast, where the operand
    searched into has no elements: "setStorage: ... out of bounds for storage of size 0"). Neither is recorded;
    oxtorch computes the zero product there (see the README's departures)."""
    try:
        return {"result": result(f())}
    except Exception as e:  # noqa: BLE001 - every exception is data here
        if "INTERNAL ASSERT" in str(e) or str(e).startswith("setStorage:"):
            return None
        return {"error": type(e).__name__, "message": message(e)}


def values_of(dtype, raw):
    return torch.tensor(raw, dtype=torch.complex128).to(dtype) if dtype.is_complex else \
        torch.tensor([x.real if isinstance(x, complex) else x for x in raw], dtype=torch.float64).to(dtype) \
        if dtype.is_floating_point else torch.tensor([int(x.real) if isinstance(x, complex) else int(x)
                                                      for x in raw]).to(dtype)


RAW4 = [1.5 + 1j, -2.0, 3.25 - 0.5j, 0.5j]
RAW_INT4 = [1, -2, 3, 4]
RAW_BOOL4 = [True, False, True, True]


def vals(dtype, n, hybrid=0):
    if dtype == torch.bool:
        base = (RAW_BOOL4 * 4)[: n * max(hybrid, 1)]
        t = torch.tensor(base)
    elif dtype.is_floating_point or dtype.is_complex:
        t = values_of(dtype, (RAW4 * 4)[: n * max(hybrid, 1)])
    else:
        t = values_of(dtype, (RAW_INT4 * 4)[: n * max(hybrid, 1)])
    return t.reshape(n, hybrid) if hybrid else t


def s2(dtype):
    """(2, 3), uncoalesced with a duplicate coordinate."""
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 1, 0], [2, 1, 2, 0]]), vals(dtype, 4), (2, 3))


def s2c(dtype):
    """(2, 3), coalesced."""
    return torch.sparse_coo_tensor(torch.tensor([[0, 1], [1, 2]]), vals(dtype, 2), (2, 3)).coalesce()


def s2u(dtype):
    """(2, 3), uncoalesced, three distinct coordinates."""
    return torch.sparse_coo_tensor(torch.tensor([[1, 0, 0], [2, 2, 0]]), vals(dtype, 3), (2, 3))


def e2(dtype):
    return torch.sparse_coo_tensor(torch.zeros(2, 0, dtype=torch.long), vals(dtype, 0), (2, 3))


def h3(dtype):
    """(3, 2) hybrid, one sparse dimension, uncoalesced."""
    return torch.sparse_coo_tensor(torch.tensor([[2, 0, 2]]), vals(dtype, 3, 2), (3, 2))


def h3c(dtype):
    return torch.sparse_coo_tensor(torch.tensor([[0, 1]]), vals(dtype, 2, 2), (3, 2)).coalesce()


def h31(dtype):
    """(3, 1) hybrid, one sparse dimension, uncoalesced: broadcasts against h3's dense dimension."""
    return torch.sparse_coo_tensor(torch.tensor([[0, 2, 0]]), vals(dtype, 3, 1), (3, 1))


def h31c(dtype):
    return torch.sparse_coo_tensor(torch.tensor([[2, 0]]), vals(dtype, 2, 1), (3, 1)).coalesce()


def e31(dtype):
    return torch.sparse_coo_tensor(torch.zeros(1, 0, dtype=torch.long), vals(dtype, 0, 1), (3, 1))


def hh(dtype, dense_sizes, coalesce=False):
    """(3, *dense_sizes) hybrid with one sparse dimension and len(dense_sizes) dense ones."""
    n = 1
    for d in dense_sizes:
        n *= d
    v = vals(dtype, 3, n).reshape(3, *dense_sizes)
    t = torch.sparse_coo_tensor(torch.tensor([[1, 0, 1]]), v, (3, *dense_sizes))
    return t.coalesce() if coalesce else t


def s3h(dtype, dense_size, coalesce=False):
    """(2, 3, dense_size) hybrid with two sparse dimensions."""
    v = vals(dtype, 3, dense_size)
    t = torch.sparse_coo_tensor(torch.tensor([[1, 0, 1], [2, 1, 2]]), v, (2, 3, dense_size))
    return t.coalesce() if coalesce else t


def dense(dtype, shape=(2, 3)):
    n = 1
    for s in shape:
        n *= s
    raw = ([0.5, 1.0, -1.5, 2.0, 0.0, 4.0] * 8)[:n]
    if dtype == torch.bool:
        t = torch.tensor([x != 0 for x in raw])
    elif dtype.is_floating_point or dtype.is_complex:
        t = torch.tensor(raw, dtype=torch.float64).to(dtype)
    else:
        t = torch.tensor([int(x * 2) for x in raw]).to(dtype)
    return t.reshape(shape)


def zerodim(dtype):
    return torch.tensor(2).to(dtype) if dtype != torch.bool else torch.tensor(True)


SCALARS = [True, 2, 2.5, 1 + 1j]

OPS = {
    "add": lambda a, b, **k: torch.add(a, b, **k),
    "sub": lambda a, b, **k: torch.sub(a, b, **k),
    "mul": lambda a, b, **k: torch.mul(a, b, **k),
    "div": lambda a, b, **k: torch.div(a, b, **k),
    "floor_divide": lambda a, b, **k: torch.floor_divide(a, b, **k),
}
INPLACE = {
    "add": lambda a, b, **k: a.add_(b, **k),
    "sub": lambda a, b, **k: a.sub_(b, **k),
    "mul": lambda a, b, **k: a.mul_(b, **k),
    "div": lambda a, b, **k: a.div_(b, **k),
    "floor_divide": lambda a, b, **k: a.floor_divide_(b, **k),
}


def copy(x):
    return x.clone() if isinstance(x, torch.Tensor) else x


def arith_case(cases, op, lhs, rhs, form="new", out=None, **kwargs):
    case = {"op": op, "form": form, "lhs": enc(lhs), "rhs": enc(rhs)}
    case.update({k: enc(v) if k == "alpha" else v for k, v in kwargs.items()})
    if form == "new":
        outcome = run(lambda: OPS[op](copy(lhs), copy(rhs), **kwargs))
    elif form == "inplace":
        outcome = run(lambda: INPLACE[op](copy(lhs), copy(rhs), **kwargs))
    else:
        case["out"] = enc(out)
        outcome = run(lambda: OPS[op](copy(lhs), copy(rhs), out=copy(out), **kwargs))
    if outcome is None:
        return
    case.update(outcome)
    cases.append(case)


def arithmetic():
    cases = []
    for op in OPS:
        for a in DTYPES:
            for b in DTYPES:
                arith_case(cases, op, s2(a), s2c(b))
                arith_case(cases, op, dense(a), s2(b))
                arith_case(cases, op, s2(a), dense(b))
                arith_case(cases, op, s2(a), zerodim(b))
            for x in SCALARS:
                arith_case(cases, op, s2(a), x)
                arith_case(cases, op, x, s2(a))
            arith_case(cases, op, zerodim(a), s2(torch.float32))
    # coalescing and emptiness variants
    for op in ("add", "sub", "mul"):
        for a, b in [(torch.float32, torch.float32), (torch.int64, torch.float32), (torch.float64, torch.int32)]:
            for lhs, rhs in [(s2, s2), (s2, s2c), (s2c, s2), (s2c, s2c), (s2, s2u), (s2u, s2), (s2c, s2u),
                             (e2, s2), (s2, e2), (e2, e2), (e2, s2c), (h3, h3c), (h3c, h3), (h3, h3), (h3c, h3c)]:
                arith_case(cases, op, lhs(a), rhs(b))
            arith_case(cases, op, dense(a, (3, 2)), h3(b))
            arith_case(cases, op, h3(a), dense(b, (3, 2)))
            arith_case(cases, op, dense(a), e2(b))
            arith_case(cases, op, s2(a), h3(b))
    # broadcasting products
    for shape in [(3,), (1, 3), (2, 1), (4, 2, 3), (1,), (2, 2, 3)]:
        for a, b in [(torch.float32, torch.float32), (torch.int64, torch.float64)]:
            arith_case(cases, "mul", s2(a), dense(b, shape))
            arith_case(cases, "mul", dense(b, shape), s2c(a))
            arith_case(cases, "add", dense(b, shape), s2(a))
    for shape in [(2,), (1, 2), (3, 1), (5, 3, 2)]:
        arith_case(cases, "mul", h3(torch.float32), dense(torch.float32, shape))
        arith_case(cases, "mul", dense(torch.float64, shape), h3c(torch.float32))
    # sparse * sparse whose dense dimensions broadcast (PyTorch's intersection kernel; add/sub refuse them)
    pairs = [(h3, h31), (h31, h3), (h3c, h31c), (h31c, h3c), (h3, h31c), (h31c, h3), (h3c, h31), (h31, h3c),
             (e31, h3c), (h3c, e31), (h31c, lambda d: h3(d).coalesce()),
             (lambda d: hh(d, (1, 2)), lambda d: hh(d, (4, 1))), (lambda d: hh(d, (4, 1), True), lambda d: hh(d, (1, 2))),
             (lambda d: s3h(d, 1), lambda d: s3h(d, 2, True)), (lambda d: s3h(d, 2), lambda d: s3h(d, 1)),
             (h3, lambda d: hh(d, (3,))), (h3, lambda d: s3h(d, 1)), (h3, lambda d: hh(d, (1, 2)))]
    for lhs, rhs in pairs:
        for a, b in [(torch.float32, torch.float32), (torch.int64, torch.float32), (torch.float64, torch.int32),
                     (torch.bool, torch.bool), (torch.complex64, torch.float64), (torch.float16, torch.float16)]:
            arith_case(cases, "mul", lhs(a), rhs(b))
    for op in ("add", "sub"):
        arith_case(cases, op, h3(torch.float32), h31(torch.float32))
        arith_case(cases, op, h31c(torch.float32), h3c(torch.float32))
    for a, b in [(torch.float32, torch.float32), (torch.int64, torch.float32), (torch.float64, torch.int64)]:
        arith_case(cases, "mul", h31(a), h3(b), form="inplace")
        arith_case(cases, "mul", h3c(a), h31c(b), form="inplace")
        arith_case(cases, "mul", h3(a), h31(b), form="out", out=e31(torch.float64))
        arith_case(cases, "mul", h3c(a), h31(b), form="out", out=e2(a))
    # floor_divide: div(..., rounding_mode='floor') with its own messages
    for a in DTYPES:
        arith_case(cases, "floor_divide", s2(a), 2)
        arith_case(cases, "floor_divide", s2(a), -1.5)
        arith_case(cases, "floor_divide", s2c(a), zerodim(torch.int64))
        arith_case(cases, "floor_divide", s2(a), zerodim(torch.float32))
        arith_case(cases, "floor_divide", h3(a), 2)
    for a in SUBSET:
        arith_case(cases, "floor_divide", s2(a), dense(a))
        arith_case(cases, "floor_divide", dense(a), s2(a))
        arith_case(cases, "floor_divide", s2(a), s2c(a))
        arith_case(cases, "floor_divide", 2, s2(a))
        arith_case(cases, "floor_divide", zerodim(a), s2(a))
        for x in (2, 2.5):
            arith_case(cases, "floor_divide", s2(a), x, form="inplace")
        arith_case(cases, "floor_divide", s2c(a), zerodim(torch.int32), form="inplace")
        arith_case(cases, "floor_divide", s2(a), dense(a), form="inplace")
        for o in (torch.int64, torch.float32, torch.float64, torch.uint8):
            arith_case(cases, "floor_divide", s2(a), 2, form="out", out=e2(o))
    # alpha
    for op in ("add", "sub"):
        for alpha in [2, -1, 2.5, True, 1 + 1j]:
            for a, b in [(torch.float32, torch.float32), (torch.int64, torch.int64), (torch.bool, torch.bool),
                         (torch.complex64, torch.float32), (torch.int32, torch.float64), (torch.bfloat16, torch.bfloat16)]:
                arith_case(cases, op, s2(a), s2c(b), alpha=alpha)
                arith_case(cases, op, dense(a), s2(b), alpha=alpha)
                arith_case(cases, op, e2(a), s2(b), alpha=alpha)
    # rounding division
    for mode in ["trunc", "floor"]:
        for a in DTYPES:
            arith_case(cases, "div", s2(a), 2, rounding_mode=mode)
            arith_case(cases, "div", s2c(a), zerodim(torch.int64), rounding_mode=mode)
            arith_case(cases, "div", s2(a), -1.5, rounding_mode=mode)
    # in place
    for a in SUBSET:
        for b in SUBSET:
            arith_case(cases, "add", s2(a), s2c(b), form="inplace")
            arith_case(cases, "sub", s2c(a), s2(b), form="inplace")
            arith_case(cases, "add", dense(a), s2(b), form="inplace")
            arith_case(cases, "mul", s2(a), s2c(b), form="inplace")
            arith_case(cases, "mul", dense(a), s2(b), form="inplace")
            arith_case(cases, "mul", s2(a), dense(b), form="inplace")
            arith_case(cases, "div", s2(a), zerodim(b), form="inplace")
        for x in SCALARS:
            arith_case(cases, "mul", s2(a), x, form="inplace")
            arith_case(cases, "div", s2(a), x, form="inplace")
            arith_case(cases, "add", s2(a), x, form="inplace")
        arith_case(cases, "div", s2(a), 2, form="inplace", rounding_mode="floor")
        arith_case(cases, "add", s2(a), s2(a), form="inplace", alpha=2)
    # out=
    for a in SUBSET:
        for o in SUBSET:
            arith_case(cases, "add", s2(a), s2c(a), form="out", out=e2(o))
            arith_case(cases, "mul", s2(a), s2c(a), form="out", out=e2(o))
            arith_case(cases, "add", dense(a), s2(a), form="out", out=torch.empty(0, dtype=o))
            arith_case(cases, "add", dense(a), s2(a), form="out", out=torch.zeros(2, 3, dtype=o))
        arith_case(cases, "mul", s2(a), 2, form="out", out=e2(a))
        arith_case(cases, "div", s2(a), 2, form="out", out=e2(torch.float64))
        arith_case(cases, "add", dense(a), s2(a), form="out", out=e2(a))
    return cases


def constructor():
    T = torch.tensor
    L = torch.long
    specs = [
        ("infer", T([[0, 1], [2, 0]]), T([1., 2.]), None, {}),
        ("infer hybrid", T([[0, 1]]), T([[1., 2.], [3, 4]]), None, {}),
        ("infer empty", torch.zeros(2, 0, dtype=L), T([]), None, {}),
        ("infer empty hybrid", torch.zeros(1, 0, dtype=L), torch.zeros(0, 3), None, {}),
        ("explicit size", T([[0, 1], [2, 0]]), T([1., 2.]), [4, 5], {}),
        ("int values", T([[0, 1], [2, 0]]), T([1, 2]), None, {}),
        ("dtype", T([[0, 1], [2, 0]]), T([1, 2]), None, {"dtype": "float64"}),
        ("dtype bool", T([[0, 1], [2, 0]]), T([1, 0]), [3, 3], {"dtype": "bool"}),
        ("dtype complex", T([[0, 1]]), T([1.5, 2]), [2], {"dtype": "complex128"}),
        ("duplicates", T([[0, 0, 1]]), T([1., 2., 3.]), [2], {}),
        ("one element", T([[1], [2]]), T([7.]), [2, 3], {}),
        ("indices 3-d", T([[[0, 1]]]), T([1., 2.]), None, {}),
        ("indices 1-d", T([0, 1]), T([1., 2.]), [3], {}),
        ("nnz mismatch", T([[0, 1], [2, 0]]), T([1., 2., 3.]), None, {}),
        ("nnz mismatch with size", T([[0, 1], [2, 0]]), T([1., 2., 3.]), [3, 3], {}),
        ("negative index", T([[0, -1], [2, 0]]), T([1., 2.]), None, {}),
        ("negative index with size", T([[0, -1], [2, 0]]), T([1., 2.]), [3, 3], {}),
        ("negative index checked", T([[0, -1], [2, 0]]), T([1., 2.]), [3, 3], {"check_invariants": True}),
        ("index out of range", T([[0, 3], [2, 0]]), T([1., 2.]), [3, 3], {}),
        ("index out of range checked", T([[0, 3], [2, 0]]), T([1., 2.]), [3, 3], {"check_invariants": True}),
        ("index in range checked", T([[0, 2], [2, 0]]), T([1., 2.]), [3, 3], {"check_invariants": True}),
        ("size too short", T([[0, 1], [2, 0]]), T([1., 2.]), [3], {}),
        ("size too long", T([[0, 1], [2, 0]]), T([1., 2.]), [3, 3, 3], {}),
        ("hybrid size", T([[0, 1]]), T([[1., 2.], [3, 4]]), [3, 2], {}),
        ("hybrid wrong dense size", T([[0, 1]]), T([[1., 2.], [3, 4]]), [3, 3], {}),
        ("negative size", T([[0, 1]]), T([1., 2.]), [-3], {}),
        ("zero-dim values", T([[0, 1]]), T(1.), [3], {}),
        ("zero-dim values one index", T([[1]]), T(5.), [3], {}),
        ("no sparse dims", torch.zeros(0, 1, dtype=L), T([[1., 2.]]), None, {}),
        ("no sparse dims two", torch.zeros(0, 2, dtype=L), T([[1., 2.], [3, 4]]), [2], {}),
        ("zero-dim sparse", torch.zeros(0, 1, dtype=L), T([5.]), [], {}),
        ("bool values", T([[0, 1]]), T([True, False]), None, {}),
        ("int32 indices", T([[0, 1], [2, 0]], dtype=torch.int32), T([1., 2.]), None, {}),
        ("float indices", T([[0., 1.], [2., 0.]]), T([1., 2.]), None, {}),
        ("is_coalesced", T([[0, 1], [0, 2]]), T([1., 2.]), [2, 3], {"is_coalesced": True}),
    ]
    cases = []
    for name, i, v, size, kw in specs:
        kwargs = dict(kw)
        if "dtype" in kwargs:
            kwargs["dtype"] = getattr(torch, kwargs["dtype"])
        args = (i, v) if size is None else (i, v, size)
        outcome = run(lambda: torch.sparse_coo_tensor(*args, **kwargs))
        case = {"name": name, "indices": enc(i) if i.dim() else {"kind": "zerodim"},
                "values": enc(v), "size": size, "options": kw}
        case.update(outcome)
        cases.append(case)
    return cases


def conversions():
    cases = []
    T = torch.tensor
    denses = [T([[0, 1.], [2, 0]]), T([[0, 0, 3], [0, 0, 0]], dtype=torch.int32), T([0., float("nan"), -0.0]),
              T(3.), T(0.), T([[[1, 0], [0, 0]], [[0, 0], [0, 2]]], dtype=torch.float64), torch.zeros(2, 0),
              T([[True, False], [False, False]]), T([[1 + 1j, 0], [0, 0]])]
    for d in denses:
        for sd in [None, 0, 1, 2, 3, -1]:
            outcome = run(lambda: d.to_sparse() if sd is None else d.to_sparse(sd))
            case = {"op": "to_sparse", "input": result(d) if d.dim() else enc(d), "sparse_dim": sd}
            case.update(outcome)
            cases.append(case)
    sparse_inputs = [s2(torch.float32), s2c(torch.float32), s2(torch.int64), s2(torch.float16), s2(torch.bool),
                     s2(torch.uint8), s2(torch.complex64), e2(torch.float32), h3(torch.float32), h3c(torch.int32),
                     torch.sparse_coo_tensor(T([[3, 1, 3, 0, 1, 3]]), T([1., 2, 3, 4, 5, 6]), (5,)),
                     torch.sparse_coo_tensor(torch.zeros(0, 2, dtype=torch.long), T([[1., 2], [3, 4]]), (2,))]
    for s in sparse_inputs:
        for op, f in [("coalesce", lambda: s.coalesce()), ("to_dense", lambda: s.to_dense()),
                      ("indices", lambda: s.indices()), ("values", lambda: s.values()),
                      ("to_sparse", lambda: s.to_sparse()), ("to_sparse_dim", lambda: s.to_sparse(1)),
                      ("to_float64", lambda: s.to(torch.float64))]:
            case = {"op": op, "input": enc(s)}
            case.update(run(f))
            cases.append(case)
    # shape operations PyTorch supports on sparse tensors: t(), transpose (sparse dimensions only), unsqueeze
    shape_inputs = sparse_inputs + [s3h(torch.float32, 2), s3h(torch.int32, 2, True),
                                    torch.sparse_coo_tensor(torch.zeros(0, 1, dtype=torch.long), T([5.]), ()),
                                    torch.zeros(2, 3, 4, layout=torch.sparse_coo)]
    for s in shape_inputs:
        every = list(range(s.dim()))
        for op, args in [("t", []), ("transpose", [0, 1]), ("transpose", [0, -1]), ("transpose", [1, 2]),
                         ("transpose", [-1, -1]), ("transpose", [0, 3]), ("unsqueeze", [0]), ("unsqueeze", [1]),
                         ("unsqueeze", [-1]), ("unsqueeze", [4]), ("permute", every[::-1]), ("permute", every),
                         ("permute", every[1:] + every[:1]), ("movedim", [0, -1]), ("select", [0, 0]),
                         ("select", [0, -1]), ("select", [-1, 1]), ("select", [1, 5])]:
            if op == "permute" and not args:
                continue  # Python's permute() needs its argument; zero-dim tensors are covered by movedim
            case = {"op": op, "args": args, "input": enc(s)}
            case.update(run(lambda: getattr(s.clone(), op)(*args)))
            cases.append(case)
    return cases


def reprs():
    T = torch.tensor
    exprs = [
        "torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3., 4., 5.]), (2, 3))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3, 4, 5]), (2, 3))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1, 1], [2, 0, 2]]), torch.tensor([3., 4., 5.], dtype=torch.float64), (2, 3))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([[1.5, 2.], [3., 4.]]), (3, 2))",
        "torch.sparse_coo_tensor(torch.zeros(2, 0, dtype=torch.long), torch.zeros(0), (2, 3))",
        "torch.sparse_coo_tensor(torch.zeros(1, 0, dtype=torch.long), torch.zeros(0, 2, dtype=torch.int32), (4, 2))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([True, False]), (3,))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([1+2j, -1j]), (3,))",
        "torch.sparse_coo_tensor(torch.tensor([[0, 1]]), torch.tensor([1.5, 2.]), (3,), dtype=torch.float16)",
        "torch.sparse_coo_tensor(torch.zeros(0, 1, dtype=torch.long), torch.tensor([5.]), ())",
        "torch.zeros(2, 3, layout=torch.sparse_coo)",
        "torch.zeros(2, 3, layout=torch.sparse_coo, dtype=torch.int8)",
        "torch.tensor([[0., 1.5], [2., 0.]]).to_sparse()",
        "torch.arange(1200.).reshape(40, 30).to_sparse()",
        "torch.arange(60.).reshape(3, 20).to_sparse(1)",
        "torch.sparse_coo_tensor(torch.tensor([[0, 100000]]), torch.tensor([1e-10, 1e10]), (200000,))",
    ]
    cases = []
    for expr in exprs:
        t = eval(expr, {"torch": torch, "T": T})
        cases.append({"expr": expr, "input": enc(t), "repr": repr(t)})
    return cases


def py_value(r):
    """A method's result: a tensor in the usual encoding, else {"kind": "python", "type": T, "value": V} with
    tuples and torch.Size as lists (enum members as their int), floats as repr strings, complex numbers as
    [re, im] and other objects (dtype, layout, device) as their repr."""
    if isinstance(r, torch.Tensor):
        return result(r)
    if isinstance(r, torch.Size):
        return {"kind": "python", "type": "Size", "value": list(r)}
    if isinstance(r, tuple):
        return {"kind": "python", "type": "tuple", "value": [py_value(x)["value"] for x in r]}
    if isinstance(r, bool):
        return {"kind": "python", "type": "bool", "value": r}
    if isinstance(r, int):  # also IntEnum members such as DLDeviceType.kDLCPU
        return {"kind": "python", "type": "int", "value": int(r)}
    if isinstance(r, float):
        return {"kind": "python", "type": "float", "value": repr(r)}
    if isinstance(r, complex):
        return {"kind": "python", "type": "complex", "value": [repr(r.real), repr(r.imag)]}
    return {"kind": "python", "type": "repr", "value": repr(r)}


# The inputs of python_methods, by name; `s` in an expression is the input itself.
METHOD_INPUTS = {
    "s2": lambda: s2(torch.float32),
    "h3": lambda: h3(torch.float32),
    "one": lambda: torch.sparse_coo_tensor(torch.tensor([[0, 0]]), torch.tensor([2, 3]), (1,)),
    "zerodim": lambda: torch.sparse_coo_tensor(torch.zeros(0, 1, dtype=torch.long), torch.tensor([5.]), ()),
    "empty1": lambda: torch.zeros(1, layout=torch.sparse_coo),
}

METHOD_EXPRS = [
    "stride()", "stride(0)", "stride(5)", "storage()", "untyped_storage()", "view(6)", "view(torch.int32)",
    "reshape(6)", "is_contiguous()", "is_contiguous(memory_format=torch.channels_last)", "contiguous()",
    "contiguous(memory_format=torch.channels_last)", "data_ptr()", "indices()", "values()", "numel()", "dim()",
    "ndimension()", "size()", "size(0)", "size(5)", "shape", "dtype", "layout", "device", "is_meta", "is_cpu",
    "is_cuda", "get_device()", "sparse_dim()", "dense_dim()", "_nnz()", "is_coalesced()", "coalesce()",
    "to_dense()", "to_sparse()", "tolist()", "item()", "__bool__()", "__int__()", "__float__()", "__complex__()",
    "__index__()", "expand(2, 2, 3)", "expand_as(torch.ones(2, 2, 3))", "numpy()", "__array__()", "__dlpack__()",
    "__dlpack_device__()", "narrow(0, 0, 1)", "flatten()", "is_floating_point()", "is_complex()", "element_size()",
    "ndim", "is_sparse", "nelement()", "__len__()", "fill_(1)", "zero_()", "squeeze()", "squeeze(0)",
    "unsqueeze(0)", "unsqueeze(-1)", "as_strided((1,), (1,))", "unflatten(0, (1, 2))", "diagonal()", "split(1)",
    "chunk(2)", "unfold(0, 1, 1)", "storage_offset()", "t()", "transpose(0, -1)", "permute(0)", "movedim(0, 0)",
    "select(0, 0)", "__setitem__(0, 1)", "__getitem__(0)", "__getitem__(slice(0, 1))", "clone()",
    "clone(memory_format=torch.contiguous_format)", "copy_(torch.ones(1))", "copy_(s.double())", "cpu()",
    "to(torch.float64)", "float()", "int()", "bool()", "cfloat()", "__neg__()", "__pos__()", "equal(s)",
    "allclose(s)", "permute(-1)", "movedim(0, -1)", "select(-1, 0)", "__getitem__((0, 0))", "__getitem__(None)",
    "__getitem__((None, 0))", "__getitem__((slice(None), 0))", "__getitem__(Ellipsis)", "__getitem__(5)",
    # module functions (an expression starting with "torch." is evaluated as it is)
    "torch.zeros_like(s)", "torch.empty_like(s, dtype=torch.int32)", "torch.zeros_like(s, layout=torch.strided)",
    "torch.zeros_like(s, memory_format=torch.contiguous_format)", "torch.ones_like(s)", "torch.full_like(s, 2)",
    "torch.rand_like(s)", "torch.randn_like(s)", "torch.randint_like(s, 5)", "torch.equal(s, s)",
    "torch.allclose(s, s)", "torch.from_dlpack(s)",
]


def python_methods():
    """What PyTorch does when Python methods and attributes meet a sparse tensor (the Python suite checks them)."""
    cases = []
    for name, make in METHOD_INPUTS.items():
        for expr in METHOD_EXPRS:
            def f(expr=expr, make=make):
                s = make()
                return eval(expr if expr.startswith("torch.") else "s." + expr, {"s": s, "torch": torch})
            try:
                outcome = {"result": py_value(f())}
            except Exception as e:  # noqa: BLE001 - every exception is data here
                if "INTERNAL ASSERT" in str(e):
                    continue
                outcome = {"error": type(e).__name__, "message": message(e)}
            cases.append({"input_name": name, "input": enc(make()), "expr": expr, **outcome})
    return cases


def main():
    data = {
        "reference": f"torch {torch.__version__.split('+')[0]}",
        "note": "sparse COO tensors: construction (torch.sparse_coo_tensor), conversions (to_sparse, coalesce, "
                "to_dense, indices/values, t/transpose/permute/movedim/unsqueeze/select), arithmetic "
                "(torch.add/sub/mul/div/floor_divide with every layout pair, in place and out=) under default "
                "dtype float32, repr, and Python methods on sparse tensors (python_methods). See "
                "record_sparse.py for the exact expressions.",
        "constructor": constructor(),
        "conversions": conversions(),
        "arithmetic": arithmetic(),
        "repr": reprs(),
        "python_methods": python_methods(),
    }
    here = os.path.dirname(os.path.abspath(__file__))
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "sparse.json")
    write(path, data)
    counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
    print(path, counts)


if __name__ == "__main__":
    main()
