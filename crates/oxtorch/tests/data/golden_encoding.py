"""The encoding the recording scripts share (``record_compare.py``, ``record_sparse.py``): values, numbers, sparse
tensors and error messages as CONFORMANCE_README.md describes them, and the file layout (one case per line).
Imported by the scripts from this directory; the test suites never run it."""

import json

import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16,
          torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128]
NAME = {d: str(d).replace("torch.", "") for d in DTYPES + [torch.complex32]}


def num(v, dtype):
    """One element: a bool, an int, a float's repr, or a complex number's two reprs."""
    if dtype == torch.bool:
        return bool(v)
    if dtype.is_complex:
        return [repr(float(v.real)), repr(float(v.imag))]
    if dtype.is_floating_point:
        return repr(float(v))
    return int(v)


def flat(t):
    """A tensor's elements, row-major (float16/bfloat16 exactly, through float64; complex32 through complex64)."""
    t = t.detach().cpu()
    if t.dtype in (torch.float16, torch.bfloat16):
        vals = t.to(torch.float64).reshape(-1).tolist()
    elif t.dtype == torch.complex32:
        vals = t.to(torch.complex64).reshape(-1).tolist()
    else:
        vals = t.reshape(-1).tolist()
    return [num(v, t.dtype) for v in vals]


def scalar_enc(x):
    """A Python number."""
    kind = {bool: "bool", int: "int", float: "float", complex: "complex"}[type(x)]
    value = x if kind in ("bool", "int") else (repr(x) if kind == "float" else [repr(x.real), repr(x.imag)])
    return {"kind": "scalar", "type": kind, "value": value}


def sparse_enc(t):
    """A sparse COO tensor: sizes, indices (sparse_dim x nnz, row-major), values, whether coalesced."""
    return {"kind": "sparse", "dtype": NAME[t.dtype], "size": list(t.shape), "sparse_dim": t.sparse_dim(),
            "nnz": t._nnz(), "indices": flat(t._indices()), "values": flat(t._values()),
            "coalesced": t.is_coalesced()}


def message(e):
    """An error's first line; PyTorch's dispatcher messages up to their first sentence."""
    first = str(e).splitlines()[0] if str(e) else ""
    if first.startswith("Could not run"):
        first = first.split(" This could be because")[0]
    return first


def write(path, data):
    """The file: top-level keys one per line, each list's cases one per line."""
    with open(path, "w") as f:
        f.write("{\n")
        keys = list(data)
        for k_i, k in enumerate(keys):
            v = data[k]
            comma = "," if k_i + 1 < len(keys) else ""
            if isinstance(v, list):
                f.write(f' {json.dumps(k)}: [\n')
                for i, c in enumerate(v):
                    f.write("  " + json.dumps(c, separators=(",", ":")) + ("," if i + 1 < len(v) else "") + "\n")
                f.write(f" ]{comma}\n")
            else:
                f.write(f" {json.dumps(k)}: {json.dumps(v)}{comma}\n")
        f.write("}\n")
