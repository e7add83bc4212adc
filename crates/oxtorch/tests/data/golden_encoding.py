"""The encoding the recording scripts share (``record_compare.py``, ``record_sparse.py``, ...): values, numbers,
sparse tensors and error messages as CONFORMANCE_README.md describes them, the file layout (one case per line), and
the inputs the newer scripts describe by dtype, shape, values and layout (``make_input``).
Imported by the scripts from this directory; the test suites never run it."""

import json

import torch

DTYPES = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16,
          torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128]
NAME = {d: str(d).replace("torch.", "") for d in DTYPES + [torch.complex32]}
BY_NAME = {v: k for k, v in NAME.items()}

SKIPPED = []  # (section, expression) of cases not recorded: PyTorch failed an internal assertion


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


def enc(t):
    """A 1-D or zero-dim operand as in CONFORMANCE_README.md (1-D tensors of any length), a sparse one as in
    sparse.json."""
    if isinstance(t, torch.Tensor) and t.is_sparse:
        return sparse_enc(t)
    if isinstance(t, torch.Tensor):
        if t.dim() == 0:
            return {"kind": "zerodim", "dtype": NAME[t.dtype], "value": flat(t)[0]}
        if t.dim() == 1:
            return {"kind": "tensor", "dtype": NAME[t.dtype], "values": flat(t)}
        return {"kind": "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}
    return scalar_enc(t)


def enc_strided(t):
    """An operand with its shape and strides (layout and errors): values row-major; meta operands have none."""
    if not isinstance(t, torch.Tensor):
        return scalar_enc(t)
    if t.is_sparse:
        return enc(t)
    e = {"kind": "zerodim" if t.dim() == 0 else "tensor", "dtype": NAME[t.dtype], "shape": list(t.shape),
         "stride": list(t.stride())}
    if t.device.type != "cpu":
        e["device"] = str(t.device)
    elif t.dim() == 0:
        e["value"] = flat(t)[0]
    else:
        e["values"] = flat(t)
    return e


def result(t):
    if isinstance(t, torch.Tensor) and t.is_sparse:
        return enc(t)
    return {"dtype": NAME[t.dtype], "shape": list(t.shape), "values": flat(t)}


def result_strided(t):
    if not isinstance(t, torch.Tensor):
        return py_value(t)
    if t.is_sparse:
        return enc(t)
    r = {"dtype": NAME[t.dtype], "shape": list(t.shape), "stride": list(t.stride())}
    if t.device.type != "cpu":
        r["device"] = str(t.device)
    else:
        r["values"] = flat(t)
    return r


def py_value(r):
    if isinstance(r, bool):
        return {"kind": "python", "type": "bool", "value": r}
    return {"kind": "python", "type": "repr", "value": repr(r)}


def run(f, encode=result, where=""):
    """{"result": ...} or {"error": class, "message": first line}; None (not recorded, listed in SKIPPED) for
    PyTorch's internal assertion failures."""
    try:
        return {"result": encode(f())}
    except Exception as e:  # noqa: BLE001 - every exception is data here
        if "INTERNAL ASSERT" in str(e):
            SKIPPED.append((where, message(e)))
            return None
        return {"error": type(e).__name__, "message": message(e)}


def decode(values):
    """Values as ``flat`` writes them, back as Python numbers: complex numbers from their two parts, floats from
    their reprs (NaN, infinities)."""
    out = []
    for v in values:
        if isinstance(v, list):
            out.append(complex(float(v[0]), float(v[1])))
        elif isinstance(v, str):
            out.append(float(v))
        else:
            out.append(v)
    return out


def make_input(spec):
    """The tensor an input spec describes ({"dtype", "shape", "values", "layout"}), laid out as the layout says:
    "contiguous"; "transposed" (dimensions in reverse order in memory); "mT" (the last two swapped in memory);
    "strided" (every other element of a tensor twice as long in its last dimension); "channels_last" (4-D);
    "expanded" (the first row along dimension 0, expanded); "sparse" / "hybrid" (COO of the nonzero elements, every
    dimension / the first sparse); "meta" (on the meta device, no values)."""
    dtype = BY_NAME[spec["dtype"]]
    shape = list(spec["shape"])
    layout = spec["layout"]
    if layout == "meta":
        return torch.empty(shape, dtype=dtype, device="meta")
    x = torch.tensor(decode(spec["values"]), dtype=dtype).reshape(shape)
    if layout == "transposed":
        rev = list(range(len(shape)))[::-1]
        x = x.permute(rev).contiguous().permute(rev)
    elif layout == "mT":
        x = x.mT.contiguous().mT
    elif layout == "strided":
        wide = torch.zeros(shape[:-1] + [shape[-1] * 2], dtype=dtype)
        wide[..., ::2] = x
        x = wide[..., ::2]
    elif layout == "channels_last":
        x = x.contiguous(memory_format=torch.channels_last)
    elif layout == "expanded":
        x = x[:1].clone().expand(shape)
    elif layout == "sparse":
        x = x.to_sparse()
    elif layout == "hybrid":
        x = x.to_sparse(1)
    return x
