"""Observing results and comparing them by the rules of crates/oxtorch/tests/data/CONFORMANCE_README.md.

An *observation* is a plain, module-independent description of a value: a tensor becomes its dtype, shape,
strides, storage offset, device and values (floats as their hex text, so -0.0 differs from 0.0 and every bit
counts; every NaN is the same NaN); a dtype its name; a `Size` its tuple; text has `oxtorch` replaced by `torch`.
An *outcome* is either ("ok", observation) or ("err", class name, first message line) or ("panic", message).

`compare` returns None when two outcomes agree, else a (category, detail) pair. Categories:
value, dtype, shape, stride, error-class, error-message, panic, oxtorch-missing-feature.

Rules beyond CONFORMANCE_README.md's, each because the text is PyTorch-internal rather than a message about the
user's input: the dispatcher's "Could not run 'aten::<op>' with arguments from the '<Backend>' backend" is treated
as a kernel-name message (class only); a `TypeError` of PyTorch's argument parser (the signature list it prints) is compared by class
only; an allocation failure is compared without the `[enforce fail at <file>:<line>]` prefix.
"""

from __future__ import annotations

import builtins
import math
import re

# Tensors with more elements than this are compared by metadata and a sample of values.
MAX_VALUES = 20000

_BUILTIN_EXCEPTIONS = {
    name for name, obj in vars(builtins).items() if isinstance(obj, type) and issubclass(obj, BaseException)
}


def exception_outcome(e: BaseException, is_ox: bool) -> tuple:
    """("panic", msg) for a Rust panic surfacing as pyo3's PanicException, else ("err", class, first line)."""
    name = type(e).__name__
    text = str(e)
    first = text.split("\n", 1)[0]
    if name == "PanicException":
        return ("panic", first)
    # torch's own exception classes (torch.AcceleratorError, torch.OutOfMemoryError ...) are reported as the
    # nearest builtin base class, which is what `except RuntimeError` sees.
    cls = name
    if name not in _BUILTIN_EXCEPTIONS:
        for base in type(e).__mro__:
            if base.__name__ in _BUILTIN_EXCEPTIONS and base.__module__ == "builtins":
                cls = base.__name__
                break
    if is_ox:
        first = normalize_text(first)
    return ("err", cls, first)


def normalize_text(s: str) -> str:
    """oxtorch's text with its module name replaced by PyTorch's."""
    return s.replace("oxtorch", "torch")


def _float(v: float) -> str:
    return "nan" if v != v else v.hex()


def _flatten(values, out: list) -> None:
    if isinstance(values, list):
        for v in values:
            _flatten(v, out)
    else:
        out.append(values)


def _scalar_obs(v):
    if isinstance(v, bool):
        return ("bool", v)
    if isinstance(v, int):
        return ("int", v)
    if isinstance(v, float):
        return ("float", _float(v))
    if isinstance(v, complex):
        return ("complex", _float(v.real), _float(v.imag))
    return ("other", type(v).__name__, repr(v))


def tensor_values(t) -> list:
    """The values of a tensor with data, flattened, as scalar observations (a sample for huge tensors)."""
    out: list = []
    n = t.numel()
    if n > MAX_VALUES:
        # a sample: elements read one by one (reshaping an expanded tensor would copy it whole)
        shape = tuple(t.shape)
        for k in range(0, n, n // 97 + 1):
            idx = []
            for s in reversed(shape):
                idx.append(k % s)
                k //= s
            out.append(t[tuple(reversed(idx))].item())
    else:
        _flatten(t.tolist(), out)
    return [_scalar_obs(v) for v in out]


def observe(x, mod, np, meta_only: bool = False):
    """The observation of `x`, a value produced through module `mod` (torch or oxtorch)."""
    is_ox = mod.__name__ == "oxtorch"
    if isinstance(x, mod.Tensor) and x.layout != mod.strided:
        # a sparse tensor: its layout, shape, dimensions and values (it has no strides or storage)
        dtype = str(x.dtype).split(".")[-1]
        base = ("S", normalize_text(str(x.layout)), dtype, tuple(x.shape), x.sparse_dim(), x.dense_dim(), x.device.type)
        if meta_only or x.device.type == "meta":
            return base + (None,)
        return base + (tensor_values(x.to_dense()),)
    if isinstance(x, mod.Tensor):
        dtype = str(x.dtype).split(".")[-1]
        dev = x.device
        base = ("T", dtype, tuple(x.shape), tuple(x.stride()), x.storage_offset(), dev.type, dev.index)
        # the conjugate and negative bits, after the values
        bits = (x.is_conj(), x.is_neg())
        if meta_only or dev.type == "meta":
            return base + (None, bits)
        return base + (tensor_values(x), bits)
    if isinstance(x, mod.dtype):
        return ("dtype", str(x).split(".")[-1])
    if isinstance(x, mod.device):
        return ("device", x.type, x.index)
    if isinstance(x, mod.Size):
        return ("Size", tuple(x))
    if isinstance(x, mod.layout) or isinstance(x, mod.memory_format):
        return ("attr", normalize_text(repr(x)))
    if isinstance(x, (bool, int, float, complex)):
        return _scalar_obs(x)
    if isinstance(x, str):
        return ("str", normalize_text(x) if is_ox else x)
    if isinstance(x, (tuple, list)):
        return (type(x).__name__, tuple(observe(e, mod, np, meta_only) for e in x))
    if x is None:
        return ("None",)
    if np is not None and isinstance(x, np.ndarray):
        values = [_scalar_obs(v) for v in x.reshape(-1).tolist()] if x.size <= MAX_VALUES else None
        return ("ndarray", str(x.dtype), x.shape, x.strides, values)
    if np is not None and isinstance(x, np.generic):
        return ("npscalar", str(x.dtype), _scalar_obs(x.item()))
    if isinstance(x, type):
        return ("type", x.__name__)
    return ("object", type(x).__name__)


# ----- comparison -----

_KERNEL_NOT_IMPLEMENTED = re.compile(
    r'^"[^"]+" not implemented for \'[^\']+\'$'
    # the dispatcher's message when an operator has no kernel for a backend (a sparse layout, say)
    r"|^Could not run 'aten::[^']+' with arguments from the '[^']+' backend"
)
# PyTorch's Python argument parser (and CPython's own argument errors): the overload list it prints is PyTorch's
# generated signature text, so for these TypeErrors only the class is compared.
_ARG_PARSER = re.compile(
    r"received an invalid combination of arguments|argument '[^']+' (\(position \d+\) )?must be "
    r"|takes \d+ positional arguments? but \d+ (was|were) given|got an unexpected keyword argument"
    r"|missing \d+ required positional argument|got multiple values for argument|failed to unpack the object"
    r"|positional-only arguments passed as keyword arguments|takes no keyword arguments"
)
# An allocation failure is reported with the source location of PyTorch's allocator first.
_ENFORCE_PREFIX = re.compile(r"^\[enforce fail at [^\]]+\] err == 0\. ")
_MISSING = (
    re.compile(r"object has no attribute"),
    re.compile(r"module '(ox)?torch' has no attribute"),
    re.compile(r"got an unexpected keyword argument"),
    re.compile(r"not supported by (ox)?torch yet"),
    re.compile(r"(ox)?torch has no autograd"),
    re.compile(r"(ox)?torch supports only the strided layout"),
)


# (mantissa bits including the implicit one, smallest subnormal) of each floating element type
_PRECISION = {True: (24, 2.0**-149), "float32": (24, 2.0**-149), "complex64": (24, 2.0**-149),
              "float16": (11, 2.0**-24), "bfloat16": (8, 2.0**-133)}


def _ulp(x: float, single) -> float:
    """The spacing of floats at |x| in float32 (`single` True), float64 (False), or the dtype named."""
    if single not in _PRECISION:
        return math.ulp(x)
    bits, tiny = _PRECISION[single]
    if x == 0.0:
        return tiny
    _, e = math.frexp(x)
    return max(2.0 ** (e - bits), tiny)


def _close(a: str, b: str, single: bool, ulps: int) -> bool:
    if a == b:
        return True
    if a == "nan" or b == "nan":
        return False
    x, y = float.fromhex(a), float.fromhex(b)
    if not (math.isfinite(x) and math.isfinite(y)):
        return False
    # ulps < 0: only zeros of opposite sign may differ (maximum/minimum of two zeros)
    return abs(x - y) <= max(ulps, 0) * _ulp(max(abs(x), abs(y)), single)


# A statement's tolerance (`Stmt.tol`): None (exact); an int n, n ulps of the result dtype on every float or complex
# component (ZERO_SIGN, -1: only zeros of opposite sign may differ); C64_4ULP, each component of a complex value
# within 4 ulps of float32 counted at the magnitude of PyTorch's value's larger component (complex64 results of
# addcmul, addcdiv and lerp: CONFORMANCE_README.md); or a tuple of these (the final look at every variable), any
# one of which may accept a value.
C64_4ULP = "complex64-4ulp-of-larger-component"
# With an int rule: the ulps counted in float32's spacing where the value is float64 or complex128 (an `out=` of a
# finer dtype holding a float32 computation, as the golden runners count it: the coarsest dtype involved)
IN_FLOAT32 = "ulps-in-float32"


def split_tol(tol) -> tuple:
    """(the ulps of the int rules, or None; whether C64_4ULP is among them) of a statement's tolerance."""
    rules = tol if isinstance(tol, tuple) else (tol,)
    ints = [t for t in rules if isinstance(t, int) and not isinstance(t, bool) and t]
    return (max(ints) if ints else None), C64_4ULP in rules


def combine_tols(tols) -> object:
    """The tolerance that accepts what any of `tols` accepts (None where all are exact)."""
    rules = set()
    for t in tols:
        rules.update(t if isinstance(t, tuple) else (t,))
    rules.discard(None)
    rules.discard(0)
    if not rules:
        return None
    ints = [t for t in rules if isinstance(t, int)]
    out = ([max(ints)] if ints else []) + sorted(t for t in rules if not isinstance(t, int))
    return out[0] if len(out) == 1 else tuple(out)


def _close_c64(a: str, b: str, scale: float) -> bool:
    """Within 4 ulps of float32 at the larger of |a| and `scale` (PyTorch's value's larger component)."""
    if a == b:
        return True
    if a == "nan" or b == "nan":
        return False
    x, y = float.fromhex(a), float.fromhex(b)
    if not (math.isfinite(x) and math.isfinite(y)):
        return False
    return abs(x - y) <= 4 * _ulp(max(abs(x), scale), "complex64")


def values_equal(ta: list, tb: list, tol: tuple | None) -> bool:
    """Exact equality of scalar-observation lists; with `tol` = (single, ulps, c64), complex and float components
    may differ by that many ulps (ulps -1: only in the sign of a zero; None: not at all), and with c64 a complex
    value's components by 4 ulps of float32 counted at PyTorch's (`ta`'s) larger component."""
    if len(ta) != len(tb):
        return False
    if tol is None:
        return ta == tb
    single, ulps, c64 = tol
    for a, b in zip(ta, tb):
        if a == b:
            continue
        if a[0] != b[0]:
            return False
        if a[0] == "complex":
            if ulps is not None and _close(a[1], b[1], single, ulps) and _close(a[2], b[2], single, ulps):
                continue
            if c64:
                re_, im = float.fromhex(a[1]), float.fromhex(a[2])
                scale = max(abs(re_), abs(im)) if math.isfinite(re_) and math.isfinite(im) else 0.0
                if _close_c64(a[1], b[1], scale) and _close_c64(a[2], b[2], scale):
                    continue
            return False
        elif a[0] == "float":
            if ulps is None or not _close(a[1], b[1], single, ulps):
                return False
        else:
            return False
    return True


def within_range_ulps(a, b, ulps: int) -> bool:
    """Whether two tensor observations of a range (`arange`, `linspace`) differ only in float values, each within
    `ulps` of the dtype's spacing at the range's largest magnitude: an element computed as `start + i * step` from
    another block start is off by the rounding of the larger terms, which near zero is many of its own ulps."""
    if not (isinstance(a, tuple) and isinstance(b, tuple) and a[:1] == b[:1] == ("T",) and a[:7] == b[:7]):
        return False
    if a[7] is None or b[7] is None or len(a[7]) != len(b[7]):
        return False
    magnitudes = [abs(float.fromhex(v[1])) for v in a[7] + b[7] if v[0] == "float" and v[1] != "nan"]
    finite = [m for m in magnitudes if math.isfinite(m)]
    if not finite:
        return False
    spacing = ulps * _ulp(max(finite), a[1])
    for x, y in zip(a[7], b[7]):
        if x == y:
            continue
        if x[0] != "float" or y[0] != "float" or "nan" in (x[1], y[1]):
            return False
        u, v = float.fromhex(x[1]), float.fromhex(y[1])
        if not (math.isfinite(u) and math.isfinite(v)) or abs(u - v) > spacing:
            return False
    return True


def compare_obs(a, b, tol=None) -> tuple | None:
    """None when the observations agree, else (category, detail)."""
    if a == b:
        return None
    if isinstance(a, tuple) and isinstance(b, tuple) and a and b and a[0] == b[0] == "T":
        if a[1] != b[1]:
            return ("dtype", f"dtype {a[1]} vs {b[1]}")
        if a[2] != b[2]:
            return ("shape", f"shape {a[2]} vs {b[2]}")
        if a[3] != b[3] or a[4] != b[4]:
            return ("stride", f"stride {a[3]}+{a[4]} vs {b[3]}+{b[4]}")
        if a[5:7] != b[5:7]:
            return ("value", f"device {a[5:7]} vs {b[5:7]}")
        if a[8:] != b[8:]:
            return ("bits", f"(is_conj, is_neg) {a[8:]} vs {b[8:]}")
        if a[7] is None or b[7] is None:
            return None
        single = a[1]  # the dtype whose spacing a tolerance is counted in
        if IN_FLOAT32 in (tol if isinstance(tol, tuple) else (tol,)) and single in ("float64", "complex128"):
            single = "float32"
        ulps, c64 = split_tol(tol)
        t = (single, ulps, c64) if (ulps is not None or c64) else None
        if values_equal(a[7], b[7], t):
            return None
        return ("value", _value_diff(a[7], b[7], t))
    if isinstance(a, tuple) and isinstance(b, tuple) and a and b and a[0] == b[0] and a[0] in ("tuple", "list"):
        if len(a[1]) != len(b[1]):
            return ("shape", f"{a[0]} of {len(a[1])} vs {len(b[1])}")
        for x, y in zip(a[1], b[1]):
            d = compare_obs(x, y, tol)
            if d:
                return d
        return None
    if isinstance(a, tuple) and isinstance(b, tuple) and a and b and a[0] == b[0] == "ndarray":
        if a[1] != b[1]:
            return ("dtype", f"ndarray {a[1]} vs {b[1]}")
        if a[2] != b[2]:
            return ("shape", f"ndarray {a[2]} vs {b[2]}")
        if a[3] != b[3]:
            return ("stride", f"ndarray {a[3]} vs {b[3]}")
        return ("value", _value_diff(a[4] or [], b[4] or []))
    if isinstance(a, tuple) and isinstance(b, tuple) and a and b and a[0] == b[0] == "dtype":
        return ("dtype", f"{a[1]} vs {b[1]}")
    return ("value", f"{_short(a)} vs {_short(b)}")


def _short(x, n: int = 160) -> str:
    s = repr(x)
    return s if len(s) <= n else s[: n - 3] + "..."


def _value_diff(a: list, b: list, tol=None) -> str:
    """The first element that differs (beyond the tolerance `tol`, as values_equal takes it)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y and (tol is None or not values_equal([x], [y], tol)):
            return f"element {i}: {_pretty(x)} vs {_pretty(y)}"
    return f"{len(a)} values vs {len(b)}"


def _pretty(s) -> str:
    if isinstance(s, tuple) and s and s[0] == "float":
        return repr(float.fromhex(s[1])) if s[1] != "nan" else "nan"
    if isinstance(s, tuple) and s and s[0] == "complex":
        re_, im = (float.fromhex(v) if v != "nan" else math.nan for v in s[1:])
        return repr(complex(re_, im))
    return repr(s)


def compare(torch_out: tuple, ox_out: tuple, tol=None) -> tuple | None:
    """Compares two outcomes; None when they agree."""
    if ox_out[0] == "panic":
        return ("panic", ox_out[1])
    # oxtorch refused a call it does not support yet, where PyTorch ran it or refused it another way (when PyTorch
    # raised the same class too, both refused the call, and the messages are compared by the rules below)
    if ox_out[0] == "err" and any(p.search(ox_out[2]) for p in _MISSING):
        if not (torch_out[0] == "err" and torch_out[1] == ox_out[1]):
            return ("oxtorch-missing-feature", f"{ox_out[1]}: {ox_out[2]}")
    if torch_out[0] == "ok" and ox_out[0] == "ok":
        return compare_obs(torch_out[1], ox_out[1], tol)
    if torch_out[0] == "err" and ox_out[0] == "err":
        if torch_out[1] != ox_out[1]:
            return ("error-class", f"{torch_out[1]}: {torch_out[2]} | oxtorch {ox_out[1]}: {ox_out[2]}")
        if torch_out[2] == ox_out[2]:
            return None
        if _KERNEL_NOT_IMPLEMENTED.match(torch_out[2]):
            return None
        if torch_out[1] == "TypeError" and _ARG_PARSER.search(torch_out[2]):
            return None
        if _ENFORCE_PREFIX.sub("", torch_out[2]) == ox_out[2]:
            return None
        return ("error-message", f"{torch_out[1]}: {torch_out[2]!r} | oxtorch: {ox_out[2]!r}")
    if ox_out[0] == "err":
        return ("error-class", f"torch ok | oxtorch {ox_out[1]}: {ox_out[2]}")
    return ("error-class", f"torch {torch_out[1]}: {torch_out[2]} | oxtorch ok")
