"""The program generator: seeded random programs over oxtorch's public surface (and the everyday PyTorch calls
it is expected to grow), written as Python source that runs unchanged against `torch` and `oxtorch`.

Each family is a Python generator function that yields `Stmt`s and receives PyTorch's `Outcome` for each, so it
can choose valid dimensions, sizes and indices from actual results (and, on purpose, invalid ones now and then).
Everything random comes from one `random.Random(seed)`.
"""

from __future__ import annotations

import math

from compare import C64_4ULP, IN_FLOAT32, combine_tols
from program import Stmt, reset_defaults

DTYPES = [
    "bool", "uint8", "int8", "int16", "int32", "int64",
    "float16", "bfloat16", "float32", "float64", "complex64", "complex128",
]
INT_DTYPES = ["uint8", "int8", "int16", "int32", "int64"]
FLOAT_DTYPES = ["float16", "bfloat16", "float32", "float64"]
COMPLEX_DTYPES = ["complex64", "complex128"]
ALIASES = ["float", "double", "cfloat", "cdouble", "half", "short", "int", "long"]
INT_RANGE = {
    "uint8": (0, 255), "int8": (-128, 127), "int16": (-(2**15), 2**15 - 1),
    "int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1),
}
SPECIAL_FLOATS = [
    0.0, -0.0, 1.0, -1.0, 0.5, 2.5, -2.5, 3.0, -7.0, 0.1, 1 / 3, 1e-3, 1e-5, 1e-8, 1e-40, 5e-324, 1e-310, 1e4,
    1e8, 1e10, 65504.0, 65520.0, 70000.0, 3.4e38, 3.5e38, 1e300, 1.7976931348623157e308, 123456789.0,
    2.0**24 + 1, 2.0**53 + 1, 255.5, 256.0, -129.0, 2.0**31, -(2.0**31), 2.0**63, -(2.0**63), 1.5, -0.5,
    math.inf, -math.inf, math.nan, 0.3, 0.7, 9.5, -9.5, 1e-4, 1.0001, 0.9999,
]
SPECIAL_INTS = [0, 1, -1, 2, -2, 3, 7, -7, 127, 128, -128, -129, 255, 256, 32767, 32768, -32769, 2**31 - 1, 2**31,
                -(2**31), 2**53 + 1, 2**62, 2**63 - 1, -(2**63), 10, 100, -100, 1000]
# `tol` that allows only zeros of opposite sign to differ (compare.py)
ZERO_SIGN = -1

DEVICE_NAMES = ["cpu", "cuda", "meta", "mps", "xpu", "hip", "xla", "lazy", "vulkan", "ipu", "hpu", "mtia",
                "privateuseone", "fpga", "ve", "maia", "mkldnn", "opengl", "opencl", "ideep", "ort", "msnpu"]
MEMORY_FORMATS = ["contiguous_format", "channels_last", "channels_last_3d", "preserve_format"]


def flit(x: float) -> str:
    """A float as Python source (nan and inf come from `math`)."""
    if x != x:
        return "nan"
    if x == math.inf:
        return "inf"
    if x == -math.inf:
        return "-inf"
    return repr(float(x))


def tup(xs) -> str:
    """A tuple literal."""
    xs = list(xs)
    if len(xs) == 1:
        return f"({xs[0]},)"
    return "(" + ", ".join(str(x) for x in xs) + ")"


def lst(xs) -> str:
    """A list literal."""
    return "[" + ", ".join(str(x) for x in xs) + "]"


def prod(xs) -> int:
    n = 1
    for x in xs:
        n *= x
    return n



def _elements_overlap(t) -> bool:
    """Whether two elements of a (small) tensor share a memory location."""
    import itertools

    if t.numel() > 4096:
        return any(st == 0 and n > 1 for n, st in zip(t.shape, t.stride()))
    offsets = [sum(i * st for i, st in zip(idx, t.stride())) for idx in itertools.product(*(range(n) for n in t.shape))]
    return len(set(offsets)) < len(offsets)

class Gen:
    """Generates one program; `ns` is the PyTorch namespace the program runs in as it is generated."""

    def __init__(self, rng, ns, torch, np):
        self.r = rng
        self.ns = ns
        self.torch = torch
        self.np = np
        self.n = 0
        self.meta_vars: set[str] = set()

    # ----- plumbing -----

    def reset(self) -> None:
        reset_defaults(self.torch)

    def fresh(self) -> str:
        v = f"v{self.n}"
        self.n += 1
        return v

    def val(self, name):
        return self.ns.get(name)

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, xs):
        return self.r.choice(xs)

    def assign(self, expr, op, **kw):
        """Yields `vN = expr`; returns vN if PyTorch ran it without error, else None."""
        v = self.fresh()
        o = yield Stmt(f"{v} = {expr}", v, op=op, **kw)
        if kw.get("meta_only"):
            self.meta_vars.add(v)
        return v if o is not None and o.ok else None

    def do(self, code, observe=None, op="", **kw):
        """Yields a statement; returns its Outcome."""
        o = yield Stmt(code, observe, op=op, **kw)
        return o

    def program(self, family=None):
        families = {
            "views": (self.fam_views, 14),
            "arith": (self.fam_arith, 18),
            "casts": (self.fam_casts, 6),
            "memfmt": (self.fam_memfmt, 6),
            "print": (self.fam_print, 7),
            "device": (self.fam_device, 6),
            "factories": (self.fam_factories, 9),
            "index": (self.fam_index, 8),
            "copy": (self.fam_copy, 5),
            "alias": (self.fam_alias, 5),
            "values": (self.fam_values, 5),
            "dtypes": (self.fam_dtypes, 4),
            "numpy": (self.fam_numpy, 3),
            "random": (self.fam_random, 3),
            "everyday": (self.fam_everyday, 5),
            # where and the clamp family alone (they are also among `arith`'s operations)
            "ternary": (self.fam_ternary, 6),
            # addcmul, addcdiv and lerp alone (they are also among `arith`'s operations)
            "pointwise": (self.fam_pointwise, 5),
            # nan_to_num, round(decimals=), angle, conj_physical, view_as_real / view_as_complex, isclose / allclose
            "numeric": (self.fam_numeric, 5),
            # the reductions: sum, nansum, prod, mean, nanmean, amax, amin, all, any, max, min, argmax, argmin
            "reduce": (self.fam_reduce, 8),
            # cat (concat, concatenate), stack, hstack, vstack, dstack
            "join": (self.fam_join, 6),
            # calls beyond oxtorch's surface (opt-in with --family beyond): what a new user reaches for next
            "beyond": (self.fam_beyond, 0),
            "size": (self.fam_size, 2),
            "legacy": (self.fam_legacy, 2),
        }
        if family is None:
            names = list(families)
            family = self.r.choices(names, weights=[families[n][1] for n in names])[0]
        return family, families[family][0]()

    # ----- random values -----

    def dtype(self, pool=None) -> str:
        return self.pick(pool or DTYPES)

    def dt(self, pool=None) -> str:
        """`torch.<dtype>`, now and then through an alias."""
        if pool is None and self.chance(0.05):
            return "torch." + self.pick(ALIASES)
        return "torch." + self.dtype(pool)

    def shape(self, max_dims=4, max_size=4, allow_zero=True) -> tuple:
        nd = self.r.choices(range(max_dims + 1), weights=[2, 5, 5, 3, 2, 1, 1][: max_dims + 1])[0]
        sizes = []
        for _ in range(nd):
            if allow_zero and self.chance(0.05):
                sizes.append(0)
            elif self.chance(0.3):
                sizes.append(1)
            else:
                sizes.append(self.r.randint(1, max_size))
        return tuple(sizes)

    def int_value(self, dtype="int64", in_range=True) -> int:
        lo, hi = INT_RANGE.get(dtype, INT_RANGE["int64"])
        if self.chance(0.3):
            v = self.pick(SPECIAL_INTS)
            if not in_range or lo <= v <= hi:
                return v
        if self.chance(0.1):
            return self.pick([lo, hi])
        return self.r.randint(max(lo, -20), min(hi, 20))

    def float_value(self, profile="mixed") -> float:
        if profile == "small":
            return float(self.r.randint(-9, 9)) / self.pick([1, 1, 2, 4])
        if profile == "int":
            return float(self.r.randint(-100, 100))
        if profile == "tiny":
            return self.r.uniform(-1, 1) * 10.0 ** self.r.randint(-12, -3)
        if profile == "big":
            return self.r.uniform(-1, 1) * 10.0 ** self.r.randint(5, 40)
        if profile == "zeros":
            # signed zeros, now and then a one (lerp onto zeros: the sign of a zero result is its loop's)
            return self.pick([0.0, -0.0, 0.0, -0.0, 1.0, -1.0])
        if self.chance(0.5):
            return self.pick(SPECIAL_FLOATS) * self.pick([1, 1, -1])
        return round(self.r.uniform(-10, 10), self.r.randint(0, 6))

    def elem(self, dtype, profile="mixed") -> str:
        """One element literal for a tensor of `dtype`."""
        if dtype == "bool":
            return self.pick(["True", "False"])
        if dtype in INT_RANGE:
            return str(self.int_value(dtype))
        if dtype in COMPLEX_DTYPES:
            return f"complex({flit(self.float_value(profile))}, {flit(self.float_value(profile))})"
        return flit(self.float_value(profile))

    def nested(self, dtype, shape, profile="mixed") -> str:
        if not shape:
            return self.elem(dtype, profile)
        return "[" + ", ".join(self.nested(dtype, shape[1:], profile) for _ in range(shape[0])) + "]"

    def scalar(self, kind=None) -> str:
        """A Python number literal: bool, int, float or complex."""
        kind = kind or self.pick(["bool", "int", "int", "float", "float", "complex"])
        if kind == "bool":
            return self.pick(["True", "False"])
        if kind == "int":
            return str(self.int_value("int64"))
        if kind == "float":
            return flit(self.float_value(self.pick(["mixed", "small", "small"])))
        return f"complex({flit(self.float_value('small'))}, {flit(self.float_value(self.pick(['mixed', 'small'])))})"

    def device_str(self) -> str:
        r = self.r.random()
        if r < 0.45:
            return self.pick(["cpu", "cpu", "meta", "cuda", "cpu:0", "cuda:0", "cuda:1", "meta:0", "mps"])
        if r < 0.8:
            name = self.pick(DEVICE_NAMES)
            if self.chance(0.5):
                name += ":" + str(self.pick([0, 1, 2, 7, 127, 128, 255, 256, 1000, 2**31, 2**32]))
            return name
        junk = ["", " ", "cuda:", ":0", "cuda:-1", "cuda:01", "cuda:00", "CUDA", "Cpu", "cuda:1:2", "cuda0",
                "cu da", "cuda:1 ", "cuda:+1", "gpu", "cuda:x", "cpu:a", "_", "cuda_:0", "cuda:१", "cpu\n",
                "cuda:99999999999", "cuda:2147483647", "cuda:2147483648", "meta:1", "cpu:-0", "xla:0"]
        return self.pick(junk)

    def device_expr(self) -> str:
        r = self.r.random()
        if r < 0.6:
            return repr(self.device_str())
        if r < 0.85:
            return f"torch.device({self.device_str()!r})"
        return str(self.pick([0, 1, -1, 200]))

    def dim(self, nd, valid=0.9) -> int:
        if nd == 0:
            return self.pick([0, -1]) if self.chance(valid) else self.pick([1, -2, 2])
        if self.chance(valid):
            return self.r.randint(-nd, nd - 1)
        return self.pick([nd, -nd - 1, nd + 3, -100])

    # ----- tensors -----

    def make_tensor(self, dtype=None, shape=None, profile=None, relayout=0.3, device=None):
        """Yields the creation of a tensor with well-defined values; returns its name (None if it failed)."""
        dtype = dtype or self.dtype()
        shape = self.shape() if shape is None else tuple(shape)
        n = prod(shape)
        profile = profile or self.pick(["mixed", "small", "small", "int"])
        dev = "" if device is None else f", device={device!r}"
        r = self.r.random()
        if n == 0:
            expr = f"torch.zeros({tup(shape)}, dtype=torch.{dtype}{dev})"
        elif r < 0.55 and n <= 30:
            expr = f"torch.tensor({self.nested(dtype, shape, profile)}, dtype=torch.{dtype}{dev})"
        elif r < 0.8 and dtype not in ("bool",) + tuple(COMPLEX_DTYPES) and n <= 256:
            expr = f"torch.arange({n}, dtype=torch.{dtype}{dev}).reshape({tup(shape)})"
            if dtype in ("uint8", "int8") and n > 127:
                expr = f"torch.arange({n}{dev}).reshape({tup(shape)}).to(torch.{dtype})"
        elif r < 0.9:
            expr = f"torch.full({tup(shape)}, {self.elem(dtype, profile)}, dtype=torch.{dtype}{dev})"
        else:
            expr = f"torch.{self.pick(['zeros', 'ones'])}({tup(shape)}, dtype=torch.{dtype}{dev})"
        v = yield from self.assign(expr, "make")
        if v is not None and self.chance(relayout):
            w = yield from self.relayout(v)
            if w is not None:
                return w
        return v

    def relayout(self, v):
        """Yields a view or copy of v with other strides (transposed, sliced, expanded, channels-last ...)."""
        t = self.val(v)
        nd = t.dim()
        opts = ["unsqueeze", "clone"]
        if nd >= 2:
            opts += ["t", "permute", "permute", "transpose"]
        if nd >= 1:
            opts += ["slice", "flip_slice", "select", "expand"]
        if nd == 4:
            opts += ["cl", "cl"]
        if nd == 5:
            opts += ["cl3d"]
        if t.is_complex():
            opts += ["conj"]  # a view with PyTorch's lazy conjugate bit
        op = self.pick(opts)
        if op == "conj":
            expr = f"{v}.conj()"
        elif op == "t":
            expr = f"{v}.transpose({nd - 2}, {nd - 1})"
        elif op == "transpose":
            expr = f"{v}.transpose(0, {nd - 1})"
        elif op == "permute":
            perm = list(range(nd))
            self.r.shuffle(perm)
            expr = f"{v}.permute({', '.join(map(str, perm))})"
        elif op == "slice":
            d = self.r.randrange(nd)
            expr = f"{v}[{':, ' * d}::2]"
        elif op == "flip_slice":
            d = self.r.randrange(nd)
            expr = f"{v}[{':, ' * d}1:]"
        elif op == "select":
            if t.shape[0] == 0:
                return None
            expr = f"{v}[{self.r.randrange(t.shape[0])}]"
        elif op == "expand":
            sizes = [s if s != 1 else self.r.randint(1, 3) for s in t.shape]
            lead = [self.r.randint(1, 3)] if self.chance(0.3) else []
            expr = f"{v}.expand({tup(lead + sizes)})"
        elif op == "unsqueeze":
            expr = f"{v}.unsqueeze({self.r.randint(0, nd)})"
        elif op == "cl":
            expr = f"{v}.contiguous(memory_format=torch.channels_last)"
        elif op == "cl3d":
            expr = f"{v}.contiguous(memory_format=torch.channels_last_3d)"
        else:
            expr = f"{v}.clone()"
        return (yield from self.assign(expr, "relayout." + op))

    def operand(self, like=None, allow_scalar=True):
        """Yields an arithmetic operand: returns (source text, is_tensor)."""
        r = self.r.random()
        if allow_scalar and r < 0.3:
            return self.scalar(), False
        if r < 0.45:
            v = yield from self.make_tensor(shape=(), relayout=0)
            return v, True
        shape = None
        if like is not None and self.chance(0.8):
            shape = self.broadcast_shape(like)
        v = yield from self.make_tensor(shape=shape)
        return v, True

    def broadcast_shape(self, shape) -> tuple:
        shape = list(shape)
        r = self.r.random()
        if r < 0.4:
            return tuple(shape)
        if r < 0.6 and shape:
            k = self.r.randint(0, len(shape))
            return tuple(shape[k:])
        if r < 0.8:
            return tuple(1 if self.chance(0.4) else s for s in shape)
        if r < 0.9:
            return tuple([self.r.randint(1, 3)] + shape)
        return tuple(s + 1 if self.chance(0.5) else s for s in shape)

    # ----- families -----

    def fam_views(self):
        t = yield from self.make_tensor(dtype=self.pick(["int64"] * 4 + DTYPES), shape=self.shape(max_dims=5),
                                       profile="int", relayout=0.2)
        if t is None:
            return
        for _ in range(self.r.randint(1, 6)):
            w = yield from self.view_op(t)
            if w is not None and self.chance(0.85):
                t = w

    def kw(self, positional, keywords):
        """Arguments as text: `positional` values always positional; `keywords` (name, value) pairs passed
        positionally up to a random cut, by keyword after it."""
        cut = self.r.randint(0, len(keywords)) if self.chance(0.3) else len(keywords)
        parts = [str(p) for p in positional]
        parts += [str(val) for _, val in keywords[:cut]]
        parts += [f"{name}={val}" for name, val in keywords[cut:]]
        return ", ".join(parts)

    def view_op(self, v):
        t = self.val(v)
        nd = t.dim()
        shape = list(t.shape)
        n = t.numel()
        ops = ["t", "transpose", "permute", "view", "reshape", "expand", "narrow", "select", "squeeze",
               "unsqueeze", "flatten", "unflatten", "diagonal", "movedim", "as_strided", "unfold", "split",
               "chunk", "getitem", "contiguous", "expand_as", "view_neg", "T", "detach", "size", "stride"]
        op = self.pick(ops)
        d = lambda valid=0.9: self.dim(nd, valid)  # noqa: E731
        if op == "t":
            expr = f"{v}.t()"
        elif op == "T":
            expr = f"{v}.T" if nd == 2 else f"{v}.t()"
        elif op == "transpose":
            expr = f"{v}.transpose({self.kw([], [('dim0', d()), ('dim1', d())])})"
        elif op == "permute":
            perm = list(range(nd))
            self.r.shuffle(perm)
            perm = [p - nd if self.chance(0.2) else p for p in perm]
            if self.chance(0.1):
                perm = perm[:-1] if perm else [0]
            elif self.chance(0.05) and perm:
                perm[0] = perm[-1]
            form = self.r.random()
            if form < 0.5:
                expr = f"{v}.permute({', '.join(map(str, perm))})"
            elif form < 0.8:
                expr = f"{v}.permute({tup(perm)})"
            elif form < 0.9:
                expr = f"{v}.permute({lst(perm)})"
            else:
                expr = f"{v}.permute(dims={tup(perm)})"
        elif op in ("view", "reshape", "view_neg"):
            new = self.factor(n)
            if op == "view_neg" and new:
                new[self.r.randrange(len(new))] = -1
            if self.chance(0.1):
                new = new + [self.pick([2, 3, 0, -1])]
            meth = "view" if op != "reshape" else "reshape"
            form = self.r.random()
            if form < 0.5:
                args = ", ".join(map(str, new))
            elif form < 0.8:
                args = tup(new)
            elif form < 0.9:
                args = lst(new)
            else:
                args = f"{'size' if meth == 'view' else 'shape'}={tup(new)}"
            expr = f"{v}.{meth}({args})"
        elif op == "expand":
            sizes = [self.r.randint(1, 3) if s == 1 and self.chance(0.7) else (-1 if self.chance(0.2) else s)
                     for s in shape]
            lead = [self.r.randint(0, 3) for _ in range(self.r.randint(0, 2))]
            if self.chance(0.1) and sizes:
                sizes[0] += 1
            all_sizes = lead + sizes
            form = self.r.random()
            expr = f"{v}.expand({', '.join(map(str, all_sizes)) if form < 0.6 else tup(all_sizes)})"
            if form > 0.9:
                expr = f"{v}.expand(size={tup(all_sizes)})"
        elif op == "expand_as":
            other_shape = tuple(self.r.randint(1, 3) if s == 1 else s for s in shape)
            o = yield from self.assign(f"torch.zeros({tup(other_shape)})", "make")
            if o is None:
                return None
            expr = f"{v}.expand_as({o})"
        elif op == "narrow":
            dd = d()
            size = shape[dd] if nd and -nd <= dd < nd else 1
            start = self.r.randint(-size - 1, size + 1) if self.chance(0.2) else self.r.randint(0, size)
            length = self.r.randint(0, max(0, size - max(start, 0))) if self.chance(0.9) else self.r.randint(-1, 5)
            expr = f"{v}.narrow({self.kw([], [('dim', dd), ('start', start), ('length', length)])})"
        elif op == "select":
            dd = d()
            size = shape[dd] if nd and -nd <= dd < nd else 1
            idx = self.r.randint(-size, size - 1) if size and self.chance(0.9) else self.pick([size, -size - 1, 0])
            expr = f"{v}.select({self.kw([], [('dim', dd), ('index', idx)])})"
        elif op == "squeeze":
            r = self.r.random()
            if r < 0.3:
                expr = f"{v}.squeeze()"
            elif r < 0.7:
                expr = f"{v}.squeeze({d()})" if self.chance(0.7) else f"{v}.squeeze(dim={d()})"
            else:
                dims = list({d() for _ in range(self.r.randint(0, 3))})
                expr = f"{v}.squeeze({tup(dims)})"
        elif op == "unsqueeze":
            dd = self.r.randint(-nd - 1, nd) if self.chance(0.9) else self.pick([nd + 1, -nd - 2])
            expr = f"{v}.unsqueeze({dd})" if self.chance(0.8) else f"{v}.unsqueeze(dim={dd})"
        elif op == "flatten":
            r = self.r.random()
            if r < 0.3:
                expr = f"{v}.flatten()"
            else:
                expr = f"{v}.flatten({self.kw([], [('start_dim', d()), ('end_dim', d())])})"
        elif op == "unflatten":
            dd = d()
            size = shape[dd] if nd and -nd <= dd < nd else 1
            parts = self.factor(size) or [1]
            if self.chance(0.2):
                parts[self.r.randrange(len(parts))] = -1
            if self.chance(0.1):
                parts = parts + [2]
            if self.chance(0.05):
                parts = []
            expr = f"{v}.unflatten({self.kw([], [('dim', dd), ('sizes', tup(parts))])})"
        elif op == "diagonal":
            kws = [("offset", self.r.randint(-3, 3)), ("dim1", d()), ("dim2", d())]
            k = self.r.randint(0, 3)
            expr = f"{v}.diagonal({self.kw([], kws[:k])})"
        elif op == "movedim":
            if self.chance(0.5):
                expr = f"{v}.movedim({d()}, {d()})"
            else:
                k = self.r.randint(0, max(nd, 1))
                src = self.r.sample(range(-nd, nd), min(k, 2 * nd)) if nd else [0] * k
                dst = self.r.sample(range(-nd, nd), min(k, 2 * nd)) if nd else [0] * k
                if self.chance(0.1):
                    dst = dst[:-1]
                expr = f"{v}.movedim({self.kw([], [('source', tup(src)), ('destination', tup(dst))])})"
        elif op == "as_strided":
            storage = n + t.storage_offset() + 4
            k = self.r.randint(0, 3)
            sizes = [self.r.randint(0, 4) for _ in range(k)]
            strides = [self.r.randint(0, 4) for _ in range(k)]
            if self.chance(0.05) and strides:
                strides[0] = -1
            off = self.r.randint(0, 3) if self.chance(0.5) else None
            if not self.storage_defined(v):
                return None
            kws = [("size", tup(sizes)), ("stride", tup(strides))]
            if off is not None:
                kws.append(("storage_offset", off))
            del storage
            expr = f"{v}.as_strided({self.kw([], kws)})"
        elif op == "unfold":
            dd = d()
            size = shape[dd] if nd and -nd <= dd < nd else 1
            expr = f"{v}.unfold({self.kw([], [('dimension', dd), ('size', self.r.randint(0, size + 1)), ('step', self.r.randint(0, 3))])})"
        elif op == "split":
            dd = d()
            size = shape[dd] if nd and -nd <= dd < nd else 1
            if self.chance(0.5):
                arg = self.r.randint(0, size + 1) if self.chance(0.95) else -1
            else:
                parts = self.partition(size)
                if self.chance(0.1):
                    parts = parts + [1]
                arg = lst(parts) if self.chance(0.5) else tup(parts)
            expr = f"{v}.split({self.kw([arg], [('dim', dd)])})" if self.chance(0.8) else f"{v}.split({arg})"
        elif op == "chunk":
            expr = f"{v}.chunk({self.kw([], [('chunks', self.r.randint(0, 5)), ('dim', d())])})"
        elif op == "getitem":
            expr = f"{v}[{self.index_expr(t)}]"
        elif op == "contiguous":
            expr = f"{v}.contiguous()"
        elif op == "detach":
            expr = f"{v}.detach()"
        elif op == "size":
            yield from self.assign(f"{v}.size({d()})", "size")
            return None
        else:
            yield from self.assign(f"{v}.stride({d()})", "stride")
            return None
        w = yield from self.assign(expr, "view." + op)
        if w is not None and not isinstance(self.val(w), self.torch.Tensor):
            return None
        return w

    def storage_defined(self, v) -> bool:
        """Whether every element of v's storage holds a defined value (as_strided may show any of them)."""
        t = self.val(v)
        try:
            return t.untyped_storage().nbytes() == t.numel() * t.element_size() and t.is_contiguous()
        except Exception:  # noqa: BLE001
            return False

    def factor(self, n) -> list:
        """A random factorization of n into 0-4 factors (n == 0 gets a 0 somewhere)."""
        if n == 0:
            parts = [self.r.randint(1, 3) for _ in range(self.r.randint(0, 2))]
            parts.insert(self.r.randint(0, len(parts)), 0)
            return parts
        parts = []
        rest = n
        for p in (2, 3, 5, 7):
            while rest % p == 0 and self.chance(0.7):
                parts.append(p)
                rest //= p
        parts.append(rest)
        parts = [p for p in parts if p != 1] or [1]
        self.r.shuffle(parts)
        # merge some neighbours, add some ones
        while len(parts) > 4 or (len(parts) > 1 and self.chance(0.3)):
            i = self.r.randrange(len(parts) - 1)
            parts[i:i + 2] = [parts[i] * parts[i + 1]]
        if self.chance(0.2):
            parts.insert(self.r.randint(0, len(parts)), 1)
        if self.chance(0.05):
            parts = [n + 1]
        return parts

    def partition(self, n) -> list:
        parts = []
        while n > 0:
            k = self.r.randint(0, n)
            parts.append(k)
            n -= k
        if not parts or self.chance(0.2):
            parts.append(0)
        self.r.shuffle(parts)
        return parts

    def index_expr(self, t, advanced=0.0) -> str:
        """A Python index for tensor t: ints, slices, None, Ellipsis (and, with `advanced`, lists, tensors,
        bools)."""
        nd = t.dim()
        items = []
        used = 0
        k = self.r.randint(1, max(1, min(nd + 1, 4)))
        ellipsis = False
        for _ in range(k):
            r = self.r.random()
            size = t.shape[used] if used < nd else 1
            if r < 0.3:
                if self.chance(0.9) and size:
                    items.append(str(self.r.randint(-size, size - 1)))
                else:
                    items.append(str(self.pick([size, -size - 1, 100])))
                used += 1
            elif r < 0.6:
                start = self.pick(["", "", str(self.r.randint(-size - 1, size + 1))])
                stop = self.pick(["", "", str(self.r.randint(-size - 1, size + 1))])
                step = self.pick(["", "", "", ":2", ":3", ":1", ":-1", ":0"])
                items.append(f"{start}:{stop}{step}")
                used += 1
            elif r < 0.7:
                items.append("None")
            elif r < 0.78 and not ellipsis:
                items.append("...")
                ellipsis = True
            elif r < 0.8:
                items.append("...")
            elif advanced and r < 0.8 + advanced:
                a = self.r.random()
                if a < 0.3:
                    idx = [self.r.randint(-size, size - 1) if size else 0 for _ in range(self.r.randint(0, 3))]
                    items.append(lst(idx))
                elif a < 0.6:
                    idx = [self.r.randint(-size, size - 1) if size else 0 for _ in range(self.r.randint(1, 3))]
                    items.append(f"torch.tensor({lst(idx)})")
                elif a < 0.8:
                    items.append(f"torch.tensor({lst([self.pick(['True', 'False']) for _ in range(size)])})")
                else:
                    items.append(self.pick(["True", "False"]))
                used += 1
            else:
                items.append(str(self.r.randint(-size, max(size - 1, 0))))
                used += 1
        if len(items) == 1 and self.chance(0.7):
            return items[0]
        return ", ".join(items) + ("," if len(items) == 1 else "")

    # arithmetic

    ARITH = ["add", "sub", "mul", "div", "div_trunc", "div_floor", "floor_divide",
             "maximum", "minimum", "eq", "ne", "lt", "le", "gt", "ge", "neg",
             "remainder", "fmod", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
             "bitwise_right_shift", "logical_and", "logical_or", "logical_xor",
             "atan2", "hypot", "copysign", "fmax", "fmin", "logaddexp", "logaddexp2", "nextafter", "xlogy",
             "pow", "float_power", "clamp_min", "clamp_max", "where", "clamp", "clip", "addcmul", "addcdiv", "lerp"]
    # ARITH's operations of three operands, generated by their own functions (`fam_where`, `fam_clamp`,
    # `pointwise_call`); like `neg`, never the second operation of a chain
    TERNARY = ("where", "clamp", "clip")
    POINTWISE = ("addcmul", "addcdiv", "lerp")
    # the functions PyTorch's vectorized loops take from SLEEF: within 2 ulps of the C library's
    TRANSCENDENTAL = ("atan2", "hypot", "logaddexp", "logaddexp2", "pow", "float_power")
    # the second parameter's name where it is not `other`
    OTHER_NAME = {"pow": "exponent", "float_power": "exponent", "clamp_min": "min", "clamp_max": "max"}
    # the operators of ARITH's operations
    SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floor_divide": "//", "eq": "==", "ne": "!=",
               "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "remainder": "%", "bitwise_and": "&",
               "bitwise_or": "|", "bitwise_xor": "^", "bitwise_left_shift": "<<", "bitwise_right_shift": ">>",
               "pow": "**"}
    # the in-place operators
    ISYMBOLS = {"add": "+=", "sub": "-=", "mul": "*=", "div": "/=", "floor_divide": "//=", "remainder": "%=",
                "bitwise_and": "&=", "bitwise_or": "|=", "bitwise_xor": "^=", "bitwise_left_shift": "<<=",
                "bitwise_right_shift": ">>=", "pow": "**="}
    # operations whose number-first overload is `(Number self, Tensor other)`
    NUMBER_SELF = ("remainder", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift",
                   "bitwise_right_shift", "xlogy", "pow", "float_power")
    # operations without an in-place method (PyTorch has no maximum_)
    NO_INPLACE = ("maximum", "minimum", "fmax", "fmin", "logaddexp", "logaddexp2")

    def arith_call(self, op, a, b, form, alpha=None):
        """The source of one arithmetic call between operand texts a and b."""
        extra = ""
        if op in ("add", "sub") and alpha is not None:
            extra = f", alpha={alpha}"
        rm = {"div_trunc": "'trunc'", "div_floor": "'floor'"}.get(op)
        name = {"div_trunc": "div", "div_floor": "div"}.get(op, op)
        if rm:
            extra = f", rounding_mode={rm}"
        if form == "method":
            return f"{a}.{name}({b}{extra})"
        other = self.OTHER_NAME.get(op, "other")
        if form == "method_kw":
            return f"{a}.{name}({other}={b}{extra})"
        if form == "function":
            return f"torch.{name}({a}, {b}{extra})"
        if form == "function_kw":
            return f"torch.{name}(input={a}, {other}={b}{extra})"
        sym = self.SYMBOLS.get(op)
        if form == "operator" and sym:
            return f"{a} {sym} {b}"
        return f"torch.{name}({a}, {b}{extra})"

    def fam_arith(self):
        op = self.pick(self.ARITH)
        if op == "neg":
            yield from self.fam_neg()
            return
        if op in self.TERNARY:
            yield from (self.fam_where() if op == "where" else self.fam_clamp(op))
            return
        if op in self.POINTWISE:
            yield from self.pointwise_call(op)
            return
        a_is_scalar = self.chance(0.08)
        if a_is_scalar:
            a, a_t = self.scalar(), False
        else:
            a = yield from self.make_tensor(shape=self.shape(max_dims=3))
            a_t = a is not None
            if a is None:
                return
        like = tuple(self.val(a).shape) if a_t else ()
        b, b_t = yield from self.operand(like=like)
        if b is None:
            return
        alpha = None
        if op in ("add", "sub") and self.chance(0.3):
            alpha = self.scalar()
        tol = self.complex_tol(op, a, b, a_t, b_t)
        form = self.pick(["method", "function", "operator", "operator", "inplace", "out", "method_kw",
                          "function_kw", "ioperator", "reflected"])
        if not a_t and form in ("method", "method_kw", "inplace", "ioperator"):
            form = "function"
        if not a_t and form == "function_kw" and op in self.NUMBER_SELF:
            # an open gap (issue 21's note): PyTorch's parser refuses a number passed as `input=` to these
            # operations (their number-first overload names it `self`); oxtorch's functions take it
            form = "function"
        if op in self.NO_INPLACE and form in ("inplace", "ioperator"):
            form = "method"
        if form == "reflected":
            if not b_t and a_t:
                sym = self.SYMBOLS.get(op)
                if sym:
                    expr = f"{b} {sym} {a}"
                    yield from self.checked_arith(expr, op, b, a, tol)
                    return
            form = "function"
        if form in ("inplace", "ioperator"):
            if not a_t:
                return
            dev = self.overlap_deviation(a, b) if b_t else None
            if form == "ioperator" and op in self.ISYMBOLS and alpha is None:
                code = f"{a} {self.ISYMBOLS[op]} {b}"
            else:
                name = {"div_trunc": "div_", "div_floor": "div_"}.get(op, op + "_")
                extra = f", alpha={alpha}" if alpha is not None and op in ("add", "sub") else ""
                extra += {"div_trunc": ", rounding_mode='trunc'", "div_floor": ", rounding_mode='floor'"}.get(op, "")
                code = f"_r = {a}.{name}({b}{extra})"
            if self.intdiv_hazard(op, a, b):
                yield Stmt(code, None, op="inplace." + op, deviation="3-int-div-overflow", run_torch=False)
                return
            o = yield Stmt(code, a, op="inplace." + op, tol=tol, deviation=dev)
            if o is not None and o.ok and self.chance(0.3):
                yield Stmt("_same = _r is " + a if code.startswith("_r") else "_same = True", "_same", op="identity")
            return
        if form == "out":
            out_dtype = self.dtype() if self.chance(0.7) else None
            shape = self.broadcast_result_shape(a, b, a_t, b_t)
            if self.chance(0.2):
                shape = self.pick([(0,), (), (5,), shape + (1,)])
            o_expr = f"torch.zeros({tup(shape)}" + (f", dtype=torch.{out_dtype})" if out_dtype else ")")
            out = yield from self.assign(o_expr, "make")
            if out is None:
                return
            if self.chance(0.2):
                w = yield from self.relayout(out)
                out = w or out
            call = self.arith_call(op, a, b, "function", alpha)
            expr = call[:-1] + f", out={out})"
            if self.intdiv_hazard(op, a, b):
                yield Stmt(f"_r = {expr}", None, op="out." + op, deviation="3-int-div-overflow", run_torch=False)
                return
            dev = self.out_growth_deviation(out, self.broadcast_result_shape(a, b, a_t, b_t))
            if op in self.TRANSCENDENTAL and not any(self.is_double(x) for x in (a, b)):
                # computed in float32 unless an operand is double: its ulps, whatever out='s dtype
                tol = combine_tols([tol, IN_FLOAT32])
            o = yield Stmt(f"_r = {expr}", "_r", op="out." + op, tol=tol, deviation=dev)
            if o is not None and o.ok:
                yield Stmt(f"_same = _r is {out}", "_same", op="out.identity")
            return
        expr = self.arith_call(op, a, b, form, alpha)
        yield from self.checked_arith(expr, op, a, b, tol)

    def checked_arith(self, expr, op, a, b, tol):
        if self.intdiv_hazard(op, a, b):
            yield Stmt(f"_r = {expr}", None, op=op, deviation="3-int-div-overflow", run_torch=False)
            return
        v = yield from self.assign(expr, "arith." + op, tol=tol)
        # (an operation on two Python numbers, `2 + 3.5`, gives a number: nothing to chain on)
        # (not after a function within ulps of PyTorch's: an exact operation would show the difference again)
        # (nor after a clamp with a tensor bound: the sign of a zero result is PyTorch's loop's, see complex_tol)
        clamp_zero_sign = op in ("clamp_min", "clamp_max") and tol == ZERO_SIGN
        if (v is not None and hasattr(self.val(v), "shape") and op not in self.TRANSCENDENTAL and not clamp_zero_sign
                and self.chance(0.25)):
            # chain: use the result again
            b2, _ = yield from self.operand(like=tuple(self.val(v).shape))
            if b2 is not None:
                op2 = self.pick([o for o in self.ARITH if o != "neg" and o not in self.TERNARY
                                 and o not in self.POINTWISE])
                expr2 = self.arith_call(op2, v, b2, self.pick(["method", "function", "operator"]))
                if self.intdiv_hazard(op2, v, b2):
                    yield Stmt(f"_r = {expr2}", None, op=op2, deviation="3-int-div-overflow", run_torch=False)
                    return
                yield from self.assign(expr2, "arith." + op2, tol=self.complex_tol(op2, v, b2, True, True))

    def _is_complex(self, x) -> bool:
        """Whether an operand text is a complex tensor or number."""
        v = self._value(x)
        return isinstance(v, complex) or (isinstance(v, self.torch.Tensor) and v.is_complex())

    def is_double(self, x) -> bool:
        """Whether `x` is a float64 or complex128 tensor (or a Python number under a float64 default dtype)."""
        torch = self.torch
        val = self._value(x)
        if isinstance(val, torch.Tensor):
            return val.dtype in (torch.float64, torch.complex128)
        return torch.get_default_dtype() == torch.float64

    def _value(self, x):
        """PyTorch's value of an operand text (a variable or a literal)."""
        if x in self.ns:
            return self.ns[x]
        try:
            return eval(x, self.ns)
        except Exception:  # noqa: BLE001
            return None

    def fam_neg(self):
        """`-x`, `x.neg()`, `torch.neg(x)`, `torch.negative(x)`, in place and with `out=`."""
        a = yield from self.make_tensor(shape=self.shape(max_dims=3))
        if a is None:
            return
        form = self.pick(["-{a}", "{a}.neg()", "torch.neg({a})", "torch.negative({a})", "{a}.negative()"])
        if self.chance(0.2):
            yield Stmt(f"_r = {a}.{self.pick(['neg_', 'negative_'])}()", a, op="inplace.neg")
            return
        if self.chance(0.15):
            out = yield from self.assign(f"torch.zeros({tup(tuple(self.val(a).shape))}, dtype=torch.{self.dtype()})", "make")
            if out is not None:
                yield Stmt(f"_r = torch.neg({a}, out={out})", "_r", op="out.neg")
            return
        yield from self.assign(form.format(a=a), "arith.neg")

    # the reductions

    REDUCE = ["sum", "nansum", "prod", "mean", "nanmean", "amax", "amin", "all", "any", "max", "min", "argmax",
              "argmin"]
    # the reductions whose `dim` is one int (the others take a tuple too), and those with `dtype=`
    ONE_DIM = ("prod", "argmax", "argmin", "max", "min")
    WITH_DTYPE = ("sum", "nansum", "prod", "mean", "nanmean")

    def fam_reduce(self):
        """A reduction of a tensor of any dtype and layout (empty and zero-dim ones too): over every dimension, one
        (now and then out of range) or a tuple of them (now and then repeated), with `keepdim`, `dtype=` and `out=`,
        as a function or a method."""
        x = yield from self.make_tensor(shape=self.shape(max_dims=4, max_size=5))
        if x is None:
            return
        nd = self.val(x).dim()
        op = self.pick(self.REDUCE)
        args = []
        if op in self.ONE_DIM:
            if self.chance(0.7):
                args.append(str(self.dim(nd)))
        elif self.chance(0.75):
            if self.chance(0.5):
                args.append(str(self.dim(nd)))
            else:
                args.append(tup([self.dim(nd) for _ in range(self.r.randint(0, max(nd, 1)))]))
        keywords = []
        if args and self.chance(0.5):
            keywords.append(f"keepdim={self.pick(['True', 'False'])}")
        if op in self.WITH_DTYPE and self.chance(0.3):
            keywords.append(f"dtype=torch.{self.dtype()}")
        if self.chance(0.15) and args and op not in ("max", "min"):
            out = yield from self.assign(f"torch.empty(0, dtype=torch.{self.dtype()})", "make")
            if out is not None:
                call = ", ".join([x] + args + keywords + [f"out={out}"])
                o = yield Stmt(f"_r = torch.{op}({call})", out, op=f"out.{op}")
                if o is None or not o.ok:
                    # a call that failed after resizing its out= leaves PyTorch's new memory uninitialized
                    self.meta_vars.add(out)
            return
        if self.chance(0.5):
            expr = f"{x}.{op}({', '.join(args + keywords)})"
        else:
            expr = f"torch.{op}({', '.join([x] + args + keywords)})"
        yield from self.assign(expr, f"reduce.{op}")

    # the joining functions

    JOIN = ["cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack"]

    def fam_join(self):
        """A joining function over one to four tensors of one base shape, each of any dtype and layout, now and then
        with a size changed along the joined dimension, a dimension or rank changed, a 1-D empty tensor (which cat
        skips) or a meta tensor among them; dim in range and not, numpy's axis=, out= of any dtype."""
        op = self.pick(self.JOIN)
        base = list(self.shape(max_dims=4, max_size=4))
        nd = len(base)
        dim = self.dim(nd + (1 if op == "stack" else 0))
        tensors = []
        for _ in range(self.r.randint(1, 4)):
            shape = list(base)
            if op in ("cat", "concat", "concatenate") and nd and self.chance(0.5):
                d = dim if -nd <= dim < nd else 0
                shape[d] = self.r.randint(0, 3)
            if self.chance(0.05) and shape:
                shape[self.r.randrange(len(shape))] += 1
            if self.chance(0.04):
                shape = [0]
            elif self.chance(0.03):
                shape = shape + [2]
            device = "meta" if self.chance(0.04) else None
            t = yield from self.make_tensor(shape=tuple(shape), device=device)
            if t is None:
                return
            tensors.append(t)
        seq = "[" + ", ".join(tensors) + "]" if self.chance(0.7) else "(" + ", ".join(tensors) + ",)"
        args = [seq]
        if op not in ("hstack", "vstack", "dstack") and self.chance(0.8):
            if self.chance(0.15):
                args.append(f"{self.pick(['dim', 'axis'])}={dim}")
            else:
                args.append(str(dim))
        if self.chance(0.15):
            out = yield from self.assign(f"torch.empty(0, dtype=torch.{self.dtype()})", "make")
            if out is not None:
                o = yield Stmt(f"_r = torch.{op}({', '.join(args + [f'out={out}'])})", out, op=f"out.{op}")
                if o is None or not o.ok:
                    # a call that failed after resizing its out= leaves PyTorch's new memory uninitialized
                    self.meta_vars.add(out)
            return
        yield from self.assign(f"torch.{op}({', '.join(args)})", f"join.{op}")

    # where and the clamp family

    def fam_ternary(self):
        """where, clamp, clip, clamp_min and clamp_max alone (each is also one of `fam_arith`'s operations)."""
        if self.chance(0.08):
            # Python numbers take the default dtype
            yield from self.do(f"torch.set_default_dtype({self.dt(['float64', 'float64', 'float16', 'bfloat16'])})",
                               None, op="set_default_dtype")
        op = self.pick(["where", "where", "where", "clamp", "clamp", "clip", "clamp_min", "clamp_max"])
        if op == "where":
            yield from self.fam_where()
        else:
            yield from self.fam_clamp(op)

    def special_number(self) -> str:
        """A Python float that clamp and where treat apart: NaN, an infinity or a signed zero."""
        return flit(self.pick([math.nan, math.inf, -math.inf, 0.0, -0.0]))

    def ternary_number(self, x=None) -> str:
        """A Python number operand of where or a bound of clamp: mostly ints and floats (now and then NaN, an
        infinity, a signed zero, an int beyond `x`'s dtype), sometimes a bool or a complex number."""
        r = self.r.random()
        if r < 0.15:
            return self.special_number()
        if r < 0.5:
            t = self._value(x) if x is not None else None
            dtype = str(t.dtype).split(".")[-1] if isinstance(t, self.torch.Tensor) else "int64"
            return str(self.int_value(dtype, in_range=self.chance(0.8)))
        if r < 0.9:
            return self.scalar("float")
        return self.scalar(self.pick(["bool", "complex"]))

    def ternary_tensor(self, shape, like_dtype=None, profile=None, dtype=None):
        """Yields a tensor operand of where or clamp: mostly of a shape that broadcasts with `shape` (now and then
        one that does not), sometimes zero-dim; of `dtype`, else of `like_dtype` about half the time."""
        if dtype is None:
            dtype = like_dtype if like_dtype is not None and self.chance(0.5) else self.dtype()
        profile = profile or self.pick(["mixed", "mixed", "small", "int"])
        if self.chance(0.2):
            return (yield from self.make_tensor(dtype=dtype, shape=(), profile=profile, relayout=0))
        return (yield from self.make_tensor(dtype=dtype, shape=self.broadcast_shape(shape), profile=profile))

    def ternary_dtype(self, expr):
        """The dtype name of PyTorch's result of `expr` (a call without `out=`), or None where it fails."""
        try:
            r = eval(expr, self.ns)
        except Exception:  # noqa: BLE001
            return None
        if isinstance(r, self.torch.Tensor):
            return str(r.dtype).split(".")[-1]
        return None

    def ternary_out(self, call, shape, inputs):
        """Yields the out= tensor of a ternary call (`call`: the source without `out=`): of PyTorch's result dtype
        about half the time (where wants it exactly), of the result shape or another one (resized), now and then an
        input itself; returns (name, deviation) or (None, None)."""
        if inputs and self.chance(0.1):
            out = self.pick(inputs)
        else:
            dtype = self.ternary_dtype(call) if self.chance(0.5) else None
            if dtype is None or dtype in ("complex32", "bcomplex32"):
                dtype = self.dtype()
            oshape = shape
            if self.chance(0.15):
                oshape = self.pick([(0,), (), (5,), tuple(shape) + (1,)])
            out = yield from self.assign(f"torch.zeros({tup(oshape)}, dtype=torch.{dtype})", "make")
            if out is None:
                return None, None
            if self.chance(0.2):
                w = yield from self.relayout(out)
                out = w or out
        dev = self.out_growth_deviation(out, shape)
        for x in inputs:
            if x != out:
                dev = dev or self.overlap_deviation(out, x)
        return out, dev

    def ternary_shape(self, texts) -> tuple:
        """The broadcast shape of the tensor operands among `texts` (the first's shape where they do not broadcast)."""
        shapes = [tuple(v.shape) for v in (self._value(t) for t in texts) if isinstance(v, self.torch.Tensor)]
        try:
            return tuple(self.torch.broadcast_shapes(*shapes)) if shapes else ()
        except Exception:  # noqa: BLE001
            return shapes[0] if shapes else ()

    def condition(self, shape, x=None):
        """Yields where's condition: returns its text. Mostly a bool tensor (fresh, or a comparison of the input),
        sometimes uint8 (PyTorch's deprecated mask), now and then another dtype or a Python bool (both refused)."""
        r = self.r.random()
        xv = self._value(x) if x is not None else None
        if r < 0.25 and isinstance(xv, self.torch.Tensor) and not xv.is_complex():
            rhs = self.pick(["0", "0.5", "-1", x, self.special_number()])
            return (yield from self.assign(f"{x} {self.pick(['>', '<', '>=', '==', '!='])} {rhs}", "make.cond"))
        if r < 0.8:
            return (yield from self.ternary_tensor(shape, dtype="bool"))
        if r < 0.92:
            return (yield from self.ternary_tensor(shape, dtype="uint8", profile=self.pick(["small", "int"])))
        if r < 0.97:
            return (yield from self.ternary_tensor(shape, dtype=self.pick(["int64", "float32", "int8", "complex64"])))
        return self.pick(["True", "False"])

    def fam_where(self, x=None):
        """`torch.where(condition, input, other)` (input and other tensors, zero-dim tensors or Python numbers),
        keyword forms, `input.where(condition, other)`, and `out=`. Not `torch.where(condition)` (oxtorch has no
        one-argument form yet)."""
        if x is None:
            if self.chance(0.2):
                x = self.ternary_number()
            else:
                x = yield from self.ternary_tensor(self.shape(max_dims=self.pick([3, 3, 4])))
                if x is None:
                    return
        xv = self._value(x)
        x_t = isinstance(xv, self.torch.Tensor)
        shape = tuple(xv.shape) if x_t else self.shape(max_dims=self.pick([3, 3, 4]))
        if self.chance(0.25):
            y = self.ternary_number(x)
        else:
            y = yield from self.ternary_tensor(shape, str(xv.dtype).split(".")[-1] if x_t else None)
            if y is None:
                return
        c = yield from self.condition(shape, x)
        if c is None:
            return
        form = self.pick(["function", "function", "function_kw", "method", "method", "method_kw", "out"])
        if form == "out" and not all(isinstance(self._value(t), self.torch.Tensor) for t in (x, y)) and self.chance(0.8):
            form = "function"  # (PyTorch's out= overload takes tensors only)
        if not x_t and form in ("method", "method_kw"):
            form = "function"
        if form == "method":
            expr = f"{x}.where({c}, {y})"
        elif form == "method_kw":
            expr = f"{x}.where({self.kw([], [('condition', c), ('other', y)])})"
        elif form == "function_kw":
            expr = f"torch.where({self.kw([c], [('input', x), ('other', y)])})" if self.chance(0.7) else \
                f"torch.where(condition={c}, input={x}, other={y})"
        else:
            expr = f"torch.where({c}, {x}, {y})"
        if form == "out":
            shape = self.ternary_shape([c, x, y])
            inputs = [t for t in (x, y) if isinstance(self._value(t), self.torch.Tensor)]
            out, dev = yield from self.ternary_out(expr, shape, inputs)
            if out is None:
                return
            o = yield Stmt(f"_r = {expr[:-1]}, out={out})", "_r", op="out.where", deviation=dev)
            if o is not None and o.ok and dev is None:
                yield Stmt(f"_same = _r is {out}", "_same", op="out.identity")
            return
        v = yield from self.assign(expr, "where")
        if v is not None and isinstance(self.val(v), self.torch.Tensor) and self.chance(0.3):
            # chain: the result as another where's or clamp's input
            if self.chance(0.5):
                yield from self.fam_where(v)
            else:
                yield from self.fam_clamp(self.pick(["clamp", "clip", "clamp_min", "clamp_max"]), v)

    def clamp_bound(self, x, shape, tensor=None):
        """Yields one bound of clamp: returns (text, is_tensor). A Python number, a tensor that broadcasts with the
        input (mostly of a real dtype), now and then the input itself or a view of it. `tensor` (the other bound's
        kind) makes the same kind likelier: PyTorch's parser refuses a number beside a tensor of dimensions."""
        r = self.r.random()
        if tensor is not None and self.chance(0.7):
            r = 0.6 if tensor else 0.0
        if r < 0.45:
            return self.ternary_number(x), False
        if r < 0.5 and isinstance(self._value(x), self.torch.Tensor):
            if self.chance(0.4):
                return x, True
            w = yield from self.relayout(x)
            return w, w is not None
        xv = self._value(x)
        like = str(xv.dtype).split(".")[-1] if isinstance(xv, self.torch.Tensor) else None
        dtype = None if self.chance(0.5) else self.dtype(FLOAT_DTYPES * 2 + INT_DTYPES + ["bool"])
        t = yield from self.ternary_tensor(shape, like, dtype=dtype)
        return t, t is not None

    def fam_clamp(self, op, x=None):
        """clamp / clip (`min`, `max` or both; Python numbers, tensors or one of each; positional, keyword and
        explicit None), clamp_min / clamp_max, as functions, methods, in-place methods and with `out=`."""
        if x is None:
            if self.chance(0.02):
                x = self.ternary_number()  # refused: the input must be a tensor
            else:
                dtype = self.pick(FLOAT_DTYPES * 4 + INT_DTYPES * 2 + ["bool"] + COMPLEX_DTYPES)
                x = yield from self.make_tensor(dtype=dtype, shape=self.shape(max_dims=self.pick([3, 3, 4])),
                                                profile=self.pick(["mixed", "mixed", "small", "int"]))
                if x is None:
                    return
        xv = self._value(x)
        x_t = isinstance(xv, self.torch.Tensor)
        shape = tuple(xv.shape) if x_t else ()
        if op in ("clamp_min", "clamp_max"):
            b, b_t = yield from self.clamp_bound(x, shape)
            if b is None:
                return
            bounds = [b]
            tensor_bound = b_t
            name = "min" if op == "clamp_min" else "max"
            args = self.kw([], [(name, b)])
        else:
            mode = self.r.choices(["min", "max", "both", "none"], weights=[3, 3, 6, 0.3])[0]
            lo = hi = None
            tensor_bound = False
            if mode in ("min", "both"):
                lo, lt = yield from self.clamp_bound(x, shape)
                if lo is None:
                    return
                tensor_bound |= lt
            if mode in ("max", "both"):
                hi, ht = yield from self.clamp_bound(x, shape, tensor_bound if lo is not None else None)
                if hi is None:
                    return
                tensor_bound |= ht
            bounds = [t for t in (lo, hi) if t is not None]
            style = self.pick(["positional", "keyword", "keyword", "explicit_none"])
            if style == "positional":
                args = ", ".join([lo or "None"] + ([hi] if hi is not None else []))
                if mode == "none":
                    args = self.pick(["", "None", "None, None"])
            elif style == "keyword":
                parts = ([f"min={lo}"] if lo is not None else []) + ([f"max={hi}"] if hi is not None else [])
                if lo is not None and hi is not None and self.chance(0.3):
                    parts = [lo, f"max={hi}"]
                args = ", ".join(parts)
            else:
                args = f"min={lo or 'None'}, max={hi or 'None'}"
        # zeros of opposite sign in the input and a tensor bound: the result's sign is PyTorch's loop's
        tol = ZERO_SIGN if tensor_bound else None
        form = self.pick(["function", "function", "function_kw", "method", "method", "inplace", "inplace", "out"])
        if not x_t and form in ("method", "inplace"):
            form = "function"
        if form == "function_kw":
            # `input=` by keyword: the bounds by keyword too
            names = ["min", "max"] if op in ("clamp", "clip") else ["min" if op == "clamp_min" else "max"]
            if op in ("clamp", "clip"):
                given = [(n, t) for n, t in zip(names, (lo, hi)) if t is not None]
            else:
                given = [(names[0], bounds[0])]
            args = ", ".join(f"{n}={t}" for n, t in given)
        sep = ", " if args else ""
        if form == "method":
            expr = f"{x}.{op}({args})"
        elif form == "function_kw":
            expr = f"torch.{op}(input={x}{sep}{args})"
        else:
            expr = f"torch.{op}({x}{sep}{args})"
        if form == "inplace":
            dev = None
            for bnd in bounds:
                if isinstance(self._value(bnd), self.torch.Tensor):
                    dev = dev or self.overlap_deviation(x, bnd)
            o = yield Stmt(f"_r = {x}.{op}_({args})", x, op=f"inplace.{op}", tol=tol, deviation=dev)
            if o is not None and o.ok and dev is None and self.chance(0.3):
                yield Stmt(f"_same = _r is {x}", "_same", op="identity")
            return
        if form == "out":
            shape = self.ternary_shape([x] + bounds)
            inputs = [t for t in [x] + bounds if isinstance(self._value(t), self.torch.Tensor)]
            out, dev = yield from self.ternary_out(expr, shape, inputs)
            if out is None:
                return
            o = yield Stmt(f"_r = {expr[:-1]}, out={out})", "_r", op=f"out.{op}", tol=tol, deviation=dev)
            if o is not None and o.ok and dev is None:
                yield Stmt(f"_same = _r is {out}", "_same", op="out.identity")
            return
        v = yield from self.assign(expr, op, tol=tol)
        if v is not None and tol is None and isinstance(self.val(v), self.torch.Tensor) and self.chance(0.3):
            # chain (not after a tensor bound, whose zero signs are PyTorch's loop's)
            if self.chance(0.5):
                yield from self.fam_where(v)
            else:
                yield from self.fam_clamp(self.pick(["clamp", "clip", "clamp_min", "clamp_max"]), v)

    # addcmul, addcdiv and lerp

    # lerp's number weights: around 0.5, where PyTorch's two formulas meet (|weight| < 0.5 takes the first; 0.49999997
    # and 0.50000006 are float32's neighbours of 0.5), 0 and 1 (start and end exactly), signed zeros, NaN,
    # infinities, and magnitudes that overflow the formulas
    LERP_WEIGHTS = [0.5, -0.5, 0.49999999999999994, 0.5000000000000001, 0.49999997, 0.50000006, -0.49999997, 0.0,
                    -0.0, 1.0, 1.0, -1.0, 0.25, 0.75, 0.3, 0.8, 0.1, 2.0, -1.5, 1e-8, 1e10, 1e300, math.nan, math.inf,
                    -math.inf]
    LERP_INTS = [0, 1, 1, -1, 2, 3, 2**31, 2**63 - 1, -(2**63), 2**70]
    LERP_COMPLEX = ["complex(0.3, 0.4)", "complex(0.5, 0.0)", "complex(0.0, 0.5)", "complex(0.25, -0.25)",
                    "complex(1.0, 0.0)", "complex(0.6, 0.1)", "complex(nan, 0.0)", "1j", "complex(-0.5, 0.5)"]

    def fam_pointwise(self):
        """addcmul, addcdiv and lerp alone (each is also one of `fam_arith`'s operations)."""
        if self.chance(0.08):
            # Python numbers take the default dtype (they never decide these operations' dtype)
            yield from self.do(f"torch.set_default_dtype({self.dt(['float64', 'float64', 'float16', 'bfloat16'])})",
                               None, op="set_default_dtype")
        op = self.pick(["addcmul", "addcmul", "addcdiv", "addcdiv", "lerp", "lerp", "lerp"])
        yield from self.pointwise_call(op)

    def fam_numeric(self):
        """The unary operations with parameters and the complex ones: nan_to_num (random replacements), round with
        decimals, angle, conj_physical, view_as_real / view_as_complex, and isclose / allclose against a perturbed
        copy (random tolerances, equal_nan); each as function, method, in place and with `out=` where PyTorch has
        them. Complex angle is atan2 (within one ulp)."""
        if self.chance(0.08):
            yield from self.do(f"torch.set_default_dtype({self.dt(['float64', 'float64', 'float16'])})", None,
                               op="set_default_dtype")
        dtype = self.dtype()
        profile = self.pick(["mixed", "mixed", "small", "int", "big", "tiny", "zeros"])
        device = "meta" if self.chance(0.03) else None
        x = yield from self.make_tensor(dtype=dtype, shape=self.shape(max_dims=3), profile=profile, device=device)
        if x is None:
            return
        base = None
        if dtype.startswith("complex") and self.chance(0.3):
            # PyTorch's lazy conjugate bit (and, on the imaginary part of a conjugate, the negative bit): the
            # operation reads the view's values; in place or as out= it writes through the view into `base`
            base = x
            imag = self.chance(0.35)
            x = yield from self.assign(f"{x}.conj().imag" if imag else f"{x}.conj()", "conj_view")
            if x is None:
                return
            if imag:
                dtype = {"complex64": "float32", "complex128": "float64"}[dtype]
        op = self.pick(["nan_to_num", "nan_to_num", "round", "round", "angle", "conj_physical", "view_as_real",
                        "view_as_complex", "isclose", "isclose", "allclose"])
        args = ""
        if op == "nan_to_num":
            numbers = [self.special_number(), flit(self.float_value(self.pick(["mixed", "small", "big"]))),
                       str(self.int_value()), "None"]
            args = ", ".join(f"{n}={self.pick(numbers)}" for n in ("nan", "posinf", "neginf") if self.chance(0.5))
        elif op == "round":
            args = "" if self.chance(0.2) else f"decimals={self.pick([-40, -3, -1, 0, 1, 2, 3, 5, 10, 40, 400])}"
        elif op in ("isclose", "allclose"):
            other = yield from self.assign(f"{x} + {self.pick(['0', '1e-6', '1e-3', '1', 'nan'])}", "make")
            if other is None or self.chance(0.2):
                other = yield from self.make_tensor(dtype=dtype, shape=self.shape(max_dims=3), profile=profile,
                                                    device=device)
                if other is None:
                    return
            other = f"{other}.to({x}.dtype)" if self.chance(0.9) else other
            tols = []
            if self.chance(0.5):
                tols.append(f"rtol={self.pick(['0', '0.0', '1e-3', '0.5', '2', '-1'])}")
            if self.chance(0.5):
                tols.append(f"atol={self.pick(['0', '1e-8', '0.5', '1', '1e300'])}")
            if self.chance(0.3):
                tols.append("equal_nan=True")
            args = ", ".join([other] + tols)
        elif op == "view_as_complex" and self.chance(0.7):
            x = yield from self.assign(f"{x}.reshape(-1)[:({x}.numel() // 2) * 2].reshape(-1, 2)", "make")
            if x is None:
                return
        sep = ", " if args else ""
        call = f"torch.{op}({x}{sep}{args})"
        # complex angle is atan2: PyTorch's vectorized loop calls SLEEF, its scalar loop the C library (one ulp apart)
        tol = 1 if op == "angle" and dtype.startswith("complex") else None
        inplace = op in ("nan_to_num", "round", "conj_physical")
        form = self.pick(["function", "method", "inplace", "out"] if inplace else ["function", "method", "out"])
        if op in ("view_as_real", "view_as_complex"):
            form = "function"
        if op == "allclose":
            form = self.pick(["function", "method"])
        if form == "method":
            yield from self.assign(f"{x}.{op}({args})", op, tol=tol)
        elif form == "inplace":
            yield Stmt(f"_r = {x}.{op}_({args})", x, op=f"inplace.{op}", tol=tol)
        elif form == "out":
            # of the result's shape: a resized out= holds uninitialized memory where the call then fails
            shape = tuple(self.val(x).shape) if isinstance(self.val(x), self.torch.Tensor) else ()
            out = yield from self.make_tensor(dtype=self.pick([dtype, dtype, self.dtype()]), shape=shape,
                                              relayout=0, device=device)
            if out is None:
                return
            if base is not None and self.chance(0.5):
                # an out= tensor with the conjugate bit keeps it and stores the conjugated values
                out = yield from self.assign(f"{out}.conj()", "conj_view")
                if out is None:
                    return
            if tol and dtype == "complex64":
                # computed in float32 whatever out='s dtype: its ulps
                tol = combine_tols([tol, IN_FLOAT32])
            o = yield Stmt(f"_r = {call[:-1]}, out={out})", "_r", op=f"out.{op}", tol=tol)
            if o is not None and o.ok:
                yield Stmt(f"_same = _r is {out}", "_same", op="out.identity")
        else:
            yield from self.assign(call, op, tol=tol)
        if base is not None:
            yield from self.assign(f"{base}.clone()", "conj_view.base")

    def pointwise_tensor(self, shape, like_dtype=None, device=None, dtype=None, zero_dim=0.2):
        """Yields a tensor operand of addcmul, addcdiv or lerp: of a shape that mostly broadcasts with `shape`,
        sometimes zero-dim; of `dtype`, else of `like_dtype` about half the time; on `device` (None: the CPU), now
        and then on the other one. Beside a long input (`long_input`), mostly a long tensor of its shape."""
        if dtype is None:
            dtype = like_dtype if like_dtype is not None and self.chance(0.5) else self.dtype()
        if self.chance(0.01):
            device = None if device == "meta" else "meta"
        if prod(shape) > 16 and self.chance(0.7):
            return (yield from self.long_tensor(dtype, shape, device))
        profile = self.pick(["mixed", "mixed", "small", "int", "big", "zeros"])
        if self.chance(zero_dim):
            return (yield from self.make_tensor(dtype=dtype, shape=(), profile=profile, relayout=0, device=device))
        return (yield from self.make_tensor(dtype=dtype, shape=self.pointwise_shape(shape), profile=profile,
                                            device=device))

    def long_tensor(self, dtype, shape, device=None):
        """Yields a tensor of `shape` (17 to 80 elements) written out element by element (make_tensor fills larger
        ones with a range or one value): PyTorch's vectorized loops and the scalar loops of their remainders."""
        dev = "" if device is None else f", device={device!r}"
        profile = self.pick(["mixed", "mixed", "small", "tiny", "zeros", "big"])
        v = yield from self.assign(f"torch.tensor({self.nested(dtype, shape, profile)}, dtype=torch.{dtype}{dev})",
                                   "make")
        if v is not None and self.chance(0.3):
            w = yield from self.relayout(v)
            v = w or v
        return v

    def long_input(self, dtype, device):
        """Yields an input of 17 to 80 elements (see `long_tensor`): returns its text."""
        n = self.r.randint(17, 80)
        shape = self.pick([(n,), (n,), (2, n // 2), (n // 4, 4), (3, n // 3)])
        return (yield from self.long_tensor(dtype, shape, device))

    def pointwise_shape(self, shape) -> tuple:
        """`broadcast_shape`, with fewer shapes that do not broadcast (three operands: one would refuse most calls)."""
        s = self.broadcast_shape(shape)
        for _ in range(2):
            try:
                self.torch.broadcast_shapes(tuple(shape), s)
                return s
            except RuntimeError:
                s = self.broadcast_shape(shape)
        return s

    def pointwise_operand(self, x, shape, like_dtype, device):
        """Yields tensor1 or tensor2 of addcmul/addcdiv: returns its text. Mostly a tensor (of any dtype, about half
        the time the input's), now and then the input itself or a view of it, or a Python number (refused)."""
        r = self.r.random()
        if r < 0.03:
            return self.ternary_number(x)
        if r < 0.1 and isinstance(self._value(x), self.torch.Tensor):
            if self.chance(0.4):
                return x
            return (yield from self.relayout(x))
        return (yield from self.pointwise_tensor(shape, like_dtype, device))

    def pointwise_value(self, x) -> str:
        """addcmul's and addcdiv's `value=`: a Python number of any kind (ints beyond the input's dtype now and
        then, NaN, infinities, signed zeros, floats beyond float16's and float32's range, complex numbers)."""
        if self.chance(0.12):
            return flit(self.pick([1e10, 1e300, -1e300, 65504.0, 65520.0, 70000.0, 3.4e38, 3.5e38, 1e-40, 2.0**63]))
        return self.ternary_number(x)

    def lerp_weight_number(self) -> str:
        r = self.r.random()
        if r < 0.55:
            return flit(self.pick(self.LERP_WEIGHTS))
        if r < 0.7:
            return flit(round(self.r.uniform(-1.5, 2.5), self.r.randint(1, 8)))
        if r < 0.82:
            return str(self.pick(self.LERP_INTS))
        if r < 0.88:
            return self.pick(["True", "False"])
        return self.pick(self.LERP_COMPLEX)

    def lerp_weight_elem(self, dtype) -> str:
        if dtype == "bool":
            return self.pick(["True", "False"])
        if dtype in INT_RANGE:
            return str(self.pick([0, 1, 1, -1, 2, 3]))
        w = self.pick(self.LERP_WEIGHTS) if self.chance(0.6) else round(self.r.uniform(-1.5, 2.5), self.r.randint(1, 8))
        if dtype in COMPLEX_DTYPES:
            im = self.pick([0.0, 0.0, -0.0, 0.1, -0.25, 0.5, 1.0]) if self.chance(0.8) else self.pick(self.LERP_WEIGHTS)
            return f"complex({flit(w)}, {flit(im)})"
        return flit(w)

    def lerp_weight_tensor(self, x, end, shape, device):
        """Yields lerp's tensor weight: returns its text. Mostly of the input's dtype and a shape that broadcasts;
        zero-dim of any dtype (PyTorch promotes the computation with it); now and then of another dtype with
        dimensions (refused), the input or `end` itself."""
        xv = self._value(x)
        xd = str(xv.dtype).split(".")[-1] if isinstance(xv, self.torch.Tensor) else "float32"
        r = self.r.random()
        if r < 0.05:
            return self.pick([x, end])
        if r < 0.5:
            dtype, wshape = xd, self.pointwise_shape(shape)
        elif r < 0.62:
            dtype, wshape = xd, ()
        elif r < 0.92:
            dtype, wshape = self.dtype(), ()
        else:
            dtype, wshape = self.dtype(), self.pointwise_shape(shape)
        if self.chance(0.01):
            device = None if device == "meta" else "meta"
        dev = "" if device is None else f", device={device!r}"
        n = prod(wshape)
        if n == 0:
            expr = f"torch.zeros({tup(wshape)}, dtype=torch.{dtype}{dev})"
        elif n > 80:
            expr = f"torch.full({tup(wshape)}, {self.lerp_weight_elem(dtype)}, dtype=torch.{dtype}{dev})"
        else:
            def nest(sh):
                if not sh:
                    return self.lerp_weight_elem(dtype)
                return "[" + ", ".join(nest(sh[1:]) for _ in range(sh[0])) + "]"
            expr = f"torch.tensor({nest(wshape)}, dtype=torch.{dtype}{dev})"
        w = yield from self.assign(expr, "make.weight")
        if w is not None and wshape and self.chance(0.3):
            w2 = yield from self.relayout(w)
            w = w2 or w
        return w

    def pointwise_call(self, op, x=None, depth=0):
        """`addcmul(input, tensor1, tensor2, *, value=1)`, `addcdiv` (the same) and `lerp(input, end, weight)` (a
        number or a tensor weight) as functions (positional and keyword arguments, now and then the deprecated
        `addcmul(input, value, tensor1, tensor2)`), methods, in-place methods and with `out=`; now and then on meta
        tensors."""
        device = "meta" if self.chance(0.05) else None
        if x is None:
            if self.chance(0.02):
                x = self.ternary_number()  # refused: the input must be a tensor
            else:
                pool = FLOAT_DTYPES * 4 + COMPLEX_DTYPES * 3 + INT_DTYPES + ["bool"]
                if op == "lerp":
                    pool = FLOAT_DTYPES * 6 + COMPLEX_DTYPES * 4 + INT_DTYPES + ["bool"]
                if self.chance(0.2):
                    x = yield from self.long_input(self.pick(pool), device)
                else:
                    x = yield from self.make_tensor(dtype=self.pick(pool),
                                                    shape=self.shape(max_dims=self.pick([3, 3, 4])),
                                                    profile=self.pick(["mixed", "mixed", "small", "int", "big",
                                                                       "zeros"]),
                                                    device=device)
                if x is None:
                    return
        xv = self._value(x)
        x_t = isinstance(xv, self.torch.Tensor)
        if x_t:
            device = "meta" if xv.is_meta else None
        xd = str(xv.dtype).split(".")[-1] if x_t else None
        shape = tuple(xv.shape) if x_t else self.shape(max_dims=3)
        value = None
        if op == "lerp":
            # end: of the input's dtype (another one is refused)
            end_dtype = xd if xd is not None and self.chance(0.9) else self.dtype()
            end = yield from self.pointwise_tensor(shape, dtype=end_dtype, device=device, zero_dim=0.1)
            if end is None:
                return
            if self.chance(0.5):
                weight = self.lerp_weight_number()
            else:
                weight = yield from self.lerp_weight_tensor(x, end, shape, device)
                if weight is None:
                    return
            names = [("end", end), ("weight", weight)]
        else:
            t1 = yield from self.pointwise_operand(x, shape, xd, device)
            if t1 is None:
                return
            t2 = yield from self.pointwise_operand(x, shape, xd, device)
            if t2 is None:
                return
            names = [("tensor1", t1), ("tensor2", t2)]
            if self.chance(0.65):
                value = self.pointwise_value(x)
        operands = [t for _, t in names]
        vkw = f", value={value}" if value is not None else ""
        form = self.pick(["function", "function", "function_kw", "method", "method", "method_kw", "inplace",
                          "inplace", "out"])
        if not x_t and form in ("method", "method_kw", "inplace"):
            form = "function"
        # the function form: its result's dtype is the computation's (in place and `out=` only cast it)
        call = f"torch.{op}({x}, {', '.join(operands)}{vkw})"
        tol = C64_4ULP if self.ternary_dtype(call) == "complex64" else None
        if form == "function_kw":
            if self.chance(0.5):
                expr = f"torch.{op}(input={x}, " + ", ".join(f"{n}={t}" for n, t in names) + f"{vkw})"
            else:
                expr = f"torch.{op}({self.kw([x], names)}{vkw})"
        elif form == "method":
            expr = f"{x}.{op}({', '.join(operands)}{vkw})"
        elif form == "method_kw":
            expr = f"{x}.{op}({self.kw([], names)}{vkw})"
        else:
            expr = call
        if value is not None and form in ("function", "method") and self.chance(0.05):
            # the deprecated overload (value second; PyTorch warns once)
            expr = f"torch.{op}({x}, {value}, {', '.join(operands)})" if form == "function" else \
                f"{x}.{op}({value}, {', '.join(operands)})"
        elif op != "lerp" and value is None and form in ("function", "method") and self.chance(0.02):
            # a value positionally after the tensors (refused: it is keyword-only)
            expr = f"{expr[:-1]}, {self.pointwise_value(x)})"
        if form == "inplace":
            dev = None
            for t in operands:
                if isinstance(self._value(t), self.torch.Tensor):
                    dev = dev or self.overlap_deviation(x, t)
            o = yield Stmt(f"_r = {x}.{op}_({', '.join(operands)}{vkw})", x, op=f"inplace.{op}", tol=tol,
                           deviation=dev)
            if o is not None and o.ok and dev is None and self.chance(0.3):
                yield Stmt(f"_same = _r is {x}", "_same", op="identity")
            return
        if form == "out":
            oshape = self.ternary_shape([x] + operands)
            inputs = [t for t in [x] + operands if isinstance(self._value(t), self.torch.Tensor)]
            out, dev = yield from self.ternary_out(call, oshape, inputs)
            if out is None:
                return
            o = yield Stmt(f"_r = {call[:-1]}, out={out})", "_r", op=f"out.{op}", tol=tol, deviation=dev)
            if o is not None and o.ok and dev is None:
                yield Stmt(f"_same = _r is {out}", "_same", op="out.identity")
            return
        v = yield from self.assign(expr, op, tol=tol)
        if (v is not None and tol is None and depth < 2 and isinstance(self.val(v), self.torch.Tensor)
                and self.chance(0.25)):
            # chain: the result as another one's input (not after a complex64 result, which is within ulps only)
            yield from self.pointwise_call(self.pick(list(self.POINTWISE)), v, depth + 1)

    def complex_tol(self, op, a, b, a_t, b_t):
        """2 ulp for complex mul/div (CONFORMANCE_README); zeros of either sign equal for maximum/minimum (the sign
        PyTorch returns for two zeros depends on its loop: CONFORMANCE_README's ignore_zero_sign); else exact."""
        if op in ("maximum", "minimum", "fmax", "fmin"):
            return ZERO_SIGN
        if op in ("clamp_min", "clamp_max"):
            # a tensor bound: PyTorch's scalar loop keeps the input's zero where the input and the bound are zeros of
            # opposite sign, its vectorized loop the bound's (ternary.json's ignore_zero_sign); a number bound is exact
            return ZERO_SIGN if b_t else None
        if op in self.TRANSCENDENTAL:
            return 2
        if op not in ("mul", "div"):
            return None
        for x in (a, b):
            val = self._value(x)
            if isinstance(val, complex) or (isinstance(val, self.torch.Tensor) and val.is_complex()):
                return 2
        return None

    def intdiv_hazard(self, op, a, b) -> bool:
        """PyTorch dies with SIGFPE on int32/int64 min divided by -1 (or a number that wraps to -1) with a rounding
        mode, or its remainder (deviation 3)."""
        if op not in ("div_trunc", "div_floor", "floor_divide", "remainder", "fmod"):
            return False
        torch = self.torch
        av, bv = self._value(a), self._value(b)

        def has(x, pred_tensor, pred_num):
            if isinstance(x, torch.Tensor):
                if x.is_meta or x.is_complex() or x.is_floating_point():
                    return False
                try:
                    return bool(pred_tensor(x).any())
                except Exception:  # noqa: BLE001
                    return False
            if isinstance(x, bool):
                return False
            if isinstance(x, int):
                return pred_num(x)
            return False

        a_min = has(av, lambda x: (x == -(2**31)) | (x == -(2**63)) if x.dtype in (torch.int32, torch.int64)
                    else x != x, lambda n: n in (-(2**31), -(2**63)))
        # a Python int divisor is cast to the dividend's dtype first: 2**63 - 1 wraps to -1 in int32 (seed 20403089)
        b_m1 = has(bv, lambda x: x == -1, lambda n: n % 2**32 == 2**32 - 1)
        return a_min and b_m1

    def out_growth_deviation(self, out, shape):
        """The README's deviation: an `out=` tensor whose storage is too small for the result gets a larger copy
        of it, where PyTorch grows the storage in place (other views of it see the result only in PyTorch, and the
        new elements are unspecified until written)."""
        torch = self.torch
        t = self._value(out)
        if not isinstance(t, torch.Tensor) or t.is_meta or tuple(t.shape) == tuple(shape):
            return None
        numel = math.prod(shape)
        try:
            elements = t.untyped_storage().nbytes() // t.element_size()
        except Exception:  # noqa: BLE001
            return None
        if numel > 0 and t.storage_offset() + numel > elements:
            return "out-storage-grows"
        return None

    def overlap_deviation(self, a, b):
        """The README's deviation: an in-place input that overlaps the output fully but with other strides is
        read from a copy (PyTorch's result depends on its loop order)."""
        torch = self.torch
        x, y = self._value(a), self._value(b)
        if not (isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor)) or x.is_meta:
            return None
        try:
            if x.untyped_storage().data_ptr() != y.untyped_storage().data_ptr() or x.numel() == 0:
                return None
        except Exception:  # noqa: BLE001
            return None
        if x.storage_offset() == y.storage_offset() and x.stride() == y.stride() and x.shape == y.shape:
            # the output itself as the other input: only an output whose own elements overlap (which PyTorch
            # cannot classify and lets through) is computed differently, PyTorch reading it in loop order
            return "overlap-read-from-copy" if _elements_overlap(x) else None
        return "overlap-read-from-copy"

    def broadcast_result_shape(self, a, b, a_t, b_t) -> tuple:
        shapes = [tuple(self.val(x).shape) for x, is_t in ((a, a_t), (b, b_t)) if is_t]
        try:
            return tuple(self.torch.broadcast_shapes(*shapes)) if shapes else ()
        except Exception:  # noqa: BLE001
            return shapes[0] if shapes else ()

    # casts

    def fam_casts(self):
        src = self.dtype()
        a = yield from self.make_tensor(dtype=src, shape=self.shape(max_dims=2, max_size=6),
                                        profile=self.pick(["mixed", "mixed", "big", "tiny", "small"]))
        if a is None:
            return
        for _ in range(self.r.randint(1, 3)):
            r = self.r.random()
            dst = self.dtype()
            if r < 0.35:
                expr = f"{a}.to(torch.{dst})"
            elif r < 0.45:
                expr = f"{a}.to(dtype=torch.{dst})"
            elif r < 0.55:
                meth = {"float32": "float", "float64": "double", "float16": "half", "bfloat16": "bfloat16",
                        "int32": "int", "int64": "long", "int16": "short", "int8": "char", "uint8": "byte",
                        "bool": "bool", "complex64": "cfloat", "complex128": "cdouble"}[dst]
                expr = f"{a}.{meth}()"
            elif r < 0.62:
                expr = f"{a}.to(torch.{dst}, copy={self.pick(['True', 'False'])})"
            elif r < 0.68:
                expr = f"{a}.to(torch.{dst}, {self.pick(['True', 'False'])}, {self.pick(['True', 'False'])})"
            elif r < 0.74:
                other = yield from self.make_tensor(dtype=dst, shape=(1,), relayout=0)
                if other is None:
                    return
                expr = f"{a}.to({other})"
            elif r < 0.8:
                expr = f"{a}.to({self.device_expr()}, torch.{dst})"
            elif r < 0.86:
                expr = f"{a}.to(device={self.device_expr()}, dtype=torch.{dst}, non_blocking={self.pick(['True', 'False'])})"
            elif r < 0.92:
                expr = f"torch.tensor({self.nested(dst, (self.r.randint(0, 4),), self.pick(['mixed', 'big']))}, dtype=torch.{src})"
            else:
                expr = f"torch.tensor({self.scalar()}, dtype=torch.{dst})"
            w = yield from self.assign(expr, "cast")
            if w is not None and isinstance(self.val(w), self.torch.Tensor) and self.chance(0.5):
                a = w

    # memory formats

    def fam_memfmt(self):
        nd = self.pick([3, 4, 4, 4, 5, 5])
        shape = tuple(self.r.randint(1, 3) if self.chance(0.8) else self.pick([0, 1]) for _ in range(nd))
        fmt = lambda: "torch." + self.pick(MEMORY_FORMATS)  # noqa: E731
        r = self.r.random()
        if r < 0.3:
            v = yield from self.assign(f"torch.empty({tup(shape)}, memory_format={fmt()}).fill_(1)", "empty.fmt")
        elif r < 0.4:
            v = yield from self.assign(f"torch.zeros({tup(shape)}, memory_format={fmt()})", "zeros.fmt")
        else:
            v = yield from self.make_tensor(shape=shape, relayout=0.0, profile="int")
            if v is not None and self.chance(0.6):
                w = yield from self.relayout(v)
                v = w or v
        if v is None:
            return
        for _ in range(self.r.randint(1, 4)):
            r = self.r.random()
            if r < 0.2:
                yield from self.assign(f"{v}.is_contiguous({self.pick(['', 'memory_format='])}{fmt()})", "is_contiguous")
                continue
            if r < 0.35:
                expr = f"{v}.contiguous(memory_format={fmt()})"
            elif r < 0.5:
                expr = f"{v}.clone(memory_format={fmt()})" if self.chance(0.8) else f"{v}.clone()"
            elif r < 0.6:
                expr = f"{v}.to(torch.{self.dtype()}, memory_format={fmt()})"
            elif r < 0.75:
                like = self.pick(["empty_like", "zeros_like", "ones_like", "full_like", "rand_like", "randn_like",
                                  "randint_like"])
                extra = {"full_like": ", 2", "randint_like": ", 5"}.get(like, "")
                mf = f", memory_format={fmt()}" if self.chance(0.7) else ""
                dt = f", dtype={self.dt(FLOAT_DTYPES)}" if self.chance(0.3) else ""
                meta = like in ("empty_like", "rand_like", "randn_like", "randint_like")
                w = yield from self.assign(f"torch.{like}({v}{extra}{dt}{mf})", like, meta_only=meta)
                continue
            elif r < 0.9:
                b, _ = yield from self.operand(like=tuple(self.val(v).shape), allow_scalar=self.chance(0.3))
                if b is None:
                    return
                if self.chance(0.5) and b in self.ns and isinstance(self.val(b), self.torch.Tensor) and self.val(b).dim() == 4:
                    b2 = yield from self.assign(f"{b}.contiguous(memory_format=torch.channels_last)", "relayout.cl")
                    b = b2 or b
                expr = self.arith_call(self.pick(["add", "mul", "sub"]), v, b, self.pick(["method", "operator"]))
            else:
                expr = f"{v}.permute({', '.join(map(str, self.r.sample(range(nd), nd)))})"
            w = yield from self.assign(expr, "memfmt")
            if w is not None and isinstance(self.val(w), self.torch.Tensor) and self.chance(0.5):
                v = w

    # printing

    def fam_print(self):
        r = self.r.random()
        dtype = self.dtype()
        if r < 0.55:
            profile = self.pick(["mixed", "small", "int", "tiny", "big"])
            v = yield from self.make_tensor(dtype=dtype, shape=self.shape(max_dims=4, max_size=5), profile=profile,
                                            relayout=0.2)
        elif r < 0.75:
            n = self.pick([999, 1000, 1001, 1500, 3000, 2**12])
            shape = self.pick([(n,), (n // 10, 10), (10, n // 10), (2, n // 20, 10), (n // 4, 2, 2)])
            if dtype in ("bool",) + tuple(COMPLEX_DTYPES):
                expr = f"torch.ones({tup(shape)}, dtype=torch.{dtype})"
            else:
                scale = self.pick(["", " * 1e-5", " * 1e10", " / 7"])
                src = f"torch.arange({prod(shape)}, dtype=torch.float64){scale}"
                expr = f"({src}).to(torch.{dtype}).reshape({tup(shape)})"
            v = yield from self.assign(expr, "make.big")
        elif r < 0.85:
            shape = self.shape()
            v = yield from self.assign(f"torch.empty({tup(shape)}, dtype=torch.{dtype}, device='meta')", "make.meta")
        else:
            v = yield from self.assign(f"torch.tensor({self.scalar()})", "make.scalar")
        if v is None:
            return
        if self.chance(0.15):
            yield from self.do(f"torch.set_default_dtype({self.dt(['float64', 'float16', 'bfloat16', 'float32'])})",
                               None, op="set_default_dtype")
        if self.chance(0.05):
            yield from self.do(f"torch.set_default_device({self.pick(['meta', 'cpu'])!r})", None,
                               op="set_default_device")
        yield from self.assign(f"{self.pick(['repr', 'repr', 'str'])}({v})", "repr")

    # devices

    def fam_device(self):
        for _ in range(self.r.randint(1, 4)):
            r = self.r.random()
            if r < 0.4:
                expr = f"torch.device({self.device_str()!r})"
            elif r < 0.6:
                idx = self.pick(["0", "1", "None", "-1", "127", "128", "300", "True", "'0'", "1.0", "2**40"])
                name = self.pick(DEVICE_NAMES[:6] + ["cuda:0", "cpu:0", "", "bogus"])
                if self.chance(0.3):
                    expr = f"torch.device({name!r}, index={idx})"
                else:
                    expr = f"torch.device({name!r}, {idx})"
            elif r < 0.7:
                expr = f"torch.device({self.pick(['0', '1', '-1', '127', '128', 'True', '1.5', 'None', '[0]'])})"
            elif r < 0.75:
                expr = f"torch.device(torch.device({self.device_str()!r}))"
            elif r < 0.85:
                f = self.pick(["zeros", "ones", "empty", "rand", "arange"])
                args = "3" if f == "arange" else tup(self.shape(max_dims=2))
                meta = f in ("empty", "rand")
                expr = f"torch.{f}({args}, device={self.device_expr()})"
                v = yield from self.assign(expr, "factory.device", meta_only=meta)
                if v is not None and self.chance(0.5):
                    yield from self.assign(f"{v}.device", "device.attr")
                continue
            elif r < 0.92:
                d = self.device_str()
                fn = self.pick(["zeros", "ones", "arange", "full"])
                call = {"zeros": "torch.zeros(2)", "ones": "torch.ones(1, 2)", "arange": "torch.arange(3)",
                        "full": "torch.full((2,), 1.5)"}[fn]
                v = self.fresh()
                yield Stmt(f"with torch.device({d!r}):\n    {v} = {call}", v, op="device.with")
                continue
            else:
                d = self.device_str()
                v = self.fresh()
                yield Stmt(f"torch.set_default_device({d!r})\n{v} = (torch.get_default_device(), torch.zeros(1).device)",
                           v, op="set_default_device")
                continue
            v = yield from self.assign(expr, "device")
            if v is None:
                continue
            for _ in range(self.r.randint(0, 3)):
                attr = self.pick(["type", "index", "str", "repr", "eq", "hash", "pickle", "ne"])
                if attr in ("type", "index"):
                    e = f"{v}.{attr}"
                elif attr in ("str", "repr"):
                    e = f"{attr}({v})"
                elif attr in ("eq", "ne"):
                    sym = "==" if attr == "eq" else "!="
                    e = f"{v} {sym} torch.device({self.device_str()!r})" if self.chance(0.7) else f"{v} {sym} {self.device_str()!r}"
                elif attr == "hash":
                    e = f"hash({v}) == hash(torch.device(str({v})))"
                else:
                    e = f"pickle.loads(pickle.dumps({v})) == {v}"
                yield from self.assign(e, "device." + attr)

    # factories

    def size_args(self, sizes, allow_kw=True) -> str:
        r = self.r.random()
        if r < 0.4:
            return ", ".join(map(str, sizes)) if sizes else "()"
        if r < 0.7:
            return tup(sizes)
        if r < 0.85:
            return lst(sizes)
        if r < 0.95 and allow_kw:
            return f"size={tup(sizes)}"
        return f"torch.Size({lst(sizes)})"

    def factory_kwargs(self, dtypes=None, memory_format=False, device=True, extra=()) -> str:
        parts = []
        if self.chance(0.6):
            parts.append(f"dtype={self.dt(dtypes)}")
        if device and self.chance(0.15):
            parts.append(f"device={self.pick(['cpu', 'meta', 'cpu'])!r}")
        if self.chance(0.05):
            parts.append(f"layout=torch.{self.pick(['strided', 'strided', 'sparse_coo'])}")
        if self.chance(0.05):
            parts.append(f"requires_grad={self.pick(['False', 'False', 'True'])}")
        if self.chance(0.04):
            parts.append("pin_memory=False")
        if memory_format and self.chance(0.2):
            parts.append(f"memory_format=torch.{self.pick(MEMORY_FORMATS)}")
        parts += list(extra)
        self.r.shuffle(parts)
        return (", " + ", ".join(parts)) if parts else ""

    def sizes(self) -> list:
        s = list(self.shape(max_dims=3))
        if self.chance(0.08):
            s.append(self.pick([-1, -3, 2**62, 2**31, 10**20, 2.0, True]))
        return s

    def fam_factories(self):
        r = self.r.random()
        meta = False
        if r < 0.12:
            f = self.pick(["zeros", "ones"])
            expr = f"torch.{f}({self.size_args(self.sizes())}{self.factory_kwargs(memory_format=False)})"
        elif r < 0.2:
            sizes = self.sizes()
            if any(isinstance(x, int) and not isinstance(x, bool) and x > 10**6 for x in sizes):
                expr = f"torch.empty({self.size_args(sizes)}, device='meta'{self.factory_kwargs(device=False)})"
            else:
                expr = f"torch.empty({self.size_args(sizes)}{self.factory_kwargs(memory_format=True)})"
            meta = True
        elif r < 0.3:
            expr = f"torch.full({tup(self.sizes()) if self.chance(0.8) else lst(self.sizes())}, {self.scalar()}{self.factory_kwargs()})"
            if self.chance(0.1):
                expr = f"torch.full(size={tup(self.shape(max_dims=2))}, fill_value={self.scalar()}{self.factory_kwargs()})"
        elif r < 0.5:
            expr = self.arange_expr()
        elif r < 0.6:
            start, end = self.scalar(self.pick(["int", "float", "float", "complex"])), self.scalar(self.pick(["int", "float"]))
            steps = self.pick([0, 1, 2, 3, 5, 7, 10, -1])
            expr = f"torch.linspace({start}, {end}, {steps}{self.factory_kwargs()})"
            if self.chance(0.2):
                expr = f"torch.linspace(start={start}, end={end}, steps={steps}{self.factory_kwargs()})"
        elif r < 0.68:
            sizes = list(self.shape(max_dims=3))
            strides = [self.r.randint(0, 6) for _ in sizes]
            if self.chance(0.1):
                strides.append(1)
            if self.chance(0.05) and strides:
                strides[0] = -1
            expr = f"torch.empty_strided({tup(sizes)}, {tup(strides)}{self.factory_kwargs()})"
            meta = True
        elif r < 0.88:
            expr = f"torch.tensor({self.data_literal()}{self.factory_kwargs(memory_format=False)})"
        else:
            like = self.pick(["zeros_like", "ones_like", "empty_like", "full_like"])
            src = yield from self.make_tensor()
            if src is None:
                return
            extra = f", {self.scalar()}" if like == "full_like" else ""
            meta = like == "empty_like"
            expr = f"torch.{like}({src}{extra}{self.factory_kwargs(memory_format=True)})"
        v = yield from self.assign(expr, "factory", meta_only=meta)
        if v is not None and self.chance(0.3) and isinstance(self.val(v), self.torch.Tensor):
            yield from self.assign(f"({v}.dtype, {v}.shape, {v}.is_contiguous(), {v}.numel(), {v}.dim())", "attrs")

    def arange_expr(self) -> str:
        kinds = self.pick([("int",), ("int", "int"), ("int", "int", "int"), ("float",), ("float", "float", "float"),
                           ("int", "float", "int"), ("int", "int", "float")])
        vals = []
        for k in kinds:
            if k == "int":
                vals.append(str(self.pick([0, 1, 3, 5, 10, -3, -10, 0, 2, 7, 2**31, 20])))
            else:
                vals.append(flit(self.pick([0.0, 0.5, 1.5, -2.5, 3.7, 10.0, 0.1, 0.3, -0.1, 1e-3, math.inf, math.nan,
                                            7.0, 2.5])))
        if len(vals) == 3 and self.chance(0.15):
            vals[2] = self.pick(["0", "0.0", "-1", "-0.5"])
        if self.chance(0.05):
            vals[0] = self.pick(["True", "complex(1, 0)", "1e20"])
        kw = self.factory_kwargs()
        if len(vals) == 1 and self.chance(0.2):
            return f"torch.arange(end={vals[0]}{kw})"
        if len(vals) == 3 and self.chance(0.2):
            return f"torch.arange({vals[0]}, {vals[1]}, step={vals[2]}{kw})"
        return f"torch.arange({', '.join(vals)}{kw})"

    def data_literal(self) -> str:
        r = self.r.random()
        if r < 0.15:
            return self.scalar()
        if r < 0.6:
            shape = self.shape(max_dims=3, allow_zero=False)
            kinds = self.pick([["int"], ["float"], ["bool"], ["complex"], ["int", "float"], ["bool", "int"],
                               ["int", "complex"], ["float", "bool"]])
            return self.mixed_nested(shape, kinds)
        if r < 0.7:
            return self.pick(["[]", "[[]]", "[[], []]", "()", "[[1, 2], [3]]", "[[1], 2]", "[1, [2]]", "[[[]]]",
                              "[None]", "'abc'", "[1, 'a']", "[[1, 2], []]", "[(1, 2), [3, 4]]", "[2**63]",
                              "[-2**63 - 1]", "[2**64]", "[1.0, 2**70]", "[True, 2.5j]"])
        if r < 0.8:
            n = self.r.randint(0, 3)
            return "[" + ", ".join(f"torch.tensor({self.scalar()})" for _ in range(n)) + "]"
        if r < 0.9:
            dt = self.pick(["np.float32", "np.int64", "np.float64", "np.int8", "np.uint8", "np.bool_",
                            "np.complex64", "np.float16", "np.int16"])
            return f"np.array({self.mixed_nested(self.shape(max_dims=2, allow_zero=False), ['int'])}, dtype={dt})"
        return f"np.{self.pick(['float32', 'int64', 'float64', 'bool_', 'int32'])}({self.pick(['1', '0', '3'])})"

    def mixed_nested(self, shape, kinds) -> str:
        if not shape:
            return self.scalar(self.pick(kinds))
        inner = [self.mixed_nested(shape[1:], kinds) for _ in range(shape[0])]
        open_, close = ("(", ")") if self.chance(0.1) else ("[", "]")
        if open_ == "(" and len(inner) == 1:
            return "(" + inner[0] + ",)"
        return open_ + ", ".join(inner) + close

    # indexing

    def fam_index(self):
        v = yield from self.make_tensor(shape=self.shape(max_dims=4), profile="int", relayout=0.2)
        if v is None:
            return
        for _ in range(self.r.randint(1, 4)):
            t = self.val(v)
            idx = self.index_expr(t, advanced=0.08)
            if self.chance(0.6):
                w = yield from self.assign(f"{v}[{idx}]", "getitem")
                if w is not None and isinstance(self.val(w), self.torch.Tensor) and self.chance(0.4):
                    v = w
            else:
                r = self.r.random()
                if r < 0.5:
                    value = self.scalar()
                else:
                    value, _ = yield from self.operand(allow_scalar=False)
                    if value is None:
                        return
                yield from self.do(f"{v}[{idx}] = {value}", v, op="setitem")

    # copies

    def fam_copy(self):
        dst = yield from self.make_tensor(shape=self.shape(max_dims=3))
        if dst is None:
            return
        for _ in range(self.r.randint(1, 3)):
            r = self.r.random()
            if r < 0.45:
                src = yield from self.make_tensor(shape=self.broadcast_shape(tuple(self.val(dst).shape)))
                if src is None:
                    return
                nb = self.pick(["", "", ", non_blocking=False", ", True", ", non_blocking=True"])
                dev = self.overlap_deviation(dst, src)
                yield Stmt(f"_r = {dst}.copy_({src}{nb})", dst, op="copy_", deviation=dev)
            elif r < 0.7:
                value = self.scalar() if self.chance(0.6) else f"torch.tensor({self.scalar()})"
                if self.chance(0.1):
                    value = f"torch.tensor([{self.scalar()}, {self.scalar()}])"
                if self.chance(0.1):
                    value = f"torch.tensor({self.scalar()}, dtype={self.dt()})"
                yield Stmt(f"_r = {dst}.fill_({value})", dst, op="fill_")
            elif r < 0.8:
                yield Stmt(f"_r = {dst}.zero_()", dst, op="zero_")
            elif r < 0.9:
                w = yield from self.assign(f"{dst}.clone()", "clone")
                if w is not None:
                    yield Stmt(f"_r = {w}.add_(1) if {w}.dtype != torch.bool else {w}.fill_(True)", dst, op="clone.independent")
            else:
                w = yield from self.assign(f"{dst}.contiguous()", "contiguous")
                if w is not None:
                    yield from self.assign(f"{w} is {dst}", "contiguous.identity")

    # in-place aliasing

    def fam_alias(self):
        base = yield from self.make_tensor(dtype=self.pick(["int64", "float32", "float64", "int32", "complex64"]),
                                           shape=self.shape(max_dims=3, max_size=4), relayout=0.0, profile="int")
        if base is None:
            return
        views = [base]
        for _ in range(self.r.randint(1, 3)):
            w = yield from self.view_op(self.pick(views))
            if w is not None and isinstance(self.val(w), self.torch.Tensor):
                views.append(w)
        for _ in range(self.r.randint(1, 3)):
            x = self.pick(views)
            y = self.pick(views)
            op = self.pick(["add_", "sub_", "mul_", "copy_", "div_", "fill_", "iadd", "setitem", "out"])
            dev = self.overlap_deviation(x, y)
            if op == "fill_":
                code = f"_r = {x}.fill_({self.scalar(self.pick(['int', 'float']))})"
            elif op == "iadd":
                code = f"{x} += {y}"
            elif op == "setitem":
                code = f"{x}[...] = {y}"
            elif op == "out":
                code = f"_r = torch.add({y}, 1, out={x})"
                dev = dev or self.out_growth_deviation(x, tuple(self.val(y).shape))
            elif op == "div_":
                code = f"_r = {x}.div_({y}, rounding_mode='floor')" if self.chance(0.5) else f"_r = {x}.div_(2)"
                if self.intdiv_hazard("div_floor", x, y):
                    return
            else:
                code = f"_r = {x}.{op}({y})"
            yield Stmt(code, x, op="alias." + op, deviation=dev)
            if dev:
                return

    # values

    def fam_values(self):
        r = self.r.random()
        if r < 0.5:
            v = yield from self.make_tensor(shape=self.pick([(), (1,), (1, 1), (2,), (0,), self.shape(max_dims=2)]))
            if v is None:
                return
            for _ in range(self.r.randint(1, 3)):
                e = self.pick(["{v}.tolist()", "{v}.item()", "int({v})", "float({v})", "complex({v})", "bool({v})",
                               "len({v})", "operator.index({v})", "{v}.numel()", "{v}.nelement()", "{v}.dim()",
                               "{v}.ndim", "{v}.ndimension()", "{v}.element_size()", "{v}.is_floating_point()",
                               "{v}.is_complex()", "{v}.shape", "{v}.size()", "{v}.stride()", "{v}.layout",
                               "{v}.is_cpu", "{v}.is_meta", "torch.is_tensor({v})", "{v}.dtype.itemsize",
                               "{v}.storage_offset()", "list({v})", "[x.tolist() for x in {v}]", "+{v}",
                               "-{v}", "{v}.__index__()", "{v}.numpy().tolist()", "str({v}.dtype)",
                               "format({v})",
                               "{v}.__array__()", "{v}.is_contiguous()"]).format(v=v)
                yield from self.assign(e, "values")
        else:
            a = yield from self.make_tensor(shape=self.shape(max_dims=2), relayout=0.1)
            if a is None:
                return
            t = self.val(a)
            if self.chance(0.5):
                b = yield from self.make_tensor(dtype=str(t.dtype).split(".")[-1] if self.chance(0.7) else None,
                                                shape=self.broadcast_shape(tuple(t.shape)) if self.chance(0.5) else tuple(t.shape))
            else:
                b = yield from self.assign(f"{a}.clone()", "clone")
                if b is not None and self.chance(0.5) and t.numel() and t.dtype != self.torch.bool:
                    yield Stmt(f"{b}[{(0,) * t.dim() if t.dim() else '...'}] += {self.pick(['1', '1e-9', '1e-3'])}", b, op="perturb")
            if b is None:
                return
            if self.chance(0.5):
                e = self.pick([f"torch.equal({a}, {b})", f"{a}.equal({b})", f"torch.equal(input={a}, other={b})"])
            else:
                args = []
                if self.chance(0.5):
                    args.append(f"rtol={self.pick(['1e-5', '0.0', '1e-2', '0.5'])}")
                if self.chance(0.5):
                    args.append(f"atol={self.pick(['1e-8', '0.0', '1e-2', '1.0'])}")
                if self.chance(0.3):
                    args.append(f"equal_nan={self.pick(['True', 'False'])}")
                extra = (", " + ", ".join(args)) if args else ""
                e = self.pick([f"torch.allclose({a}, {b}{extra})", f"{a}.allclose({b}{extra})"])
            yield from self.assign(e, "compare")

    # dtype functions

    def fam_dtypes(self):
        for _ in range(self.r.randint(1, 4)):
            r = self.r.random()
            if r < 0.25:
                e = f"torch.promote_types({self.dt()}, {self.dt()})"
            elif r < 0.4:
                e = f"torch.can_cast({self.dt()}, {self.dt()})" if self.chance(0.8) else f"torch.can_cast(from_={self.dt()}, to={self.dt()})"
            elif r < 0.7:
                ops = []
                for _ in range(2):
                    k = self.r.random()
                    if k < 0.35:
                        ops.append(self.scalar())
                    elif k < 0.7:
                        ops.append(f"torch.zeros((), dtype={self.dt()})")
                    else:
                        ops.append(f"torch.zeros({self.pick([1, 2, 0])}, dtype={self.dt()})")
                if self.chance(0.15):
                    e = f"torch.result_type(tensor={ops[0]}, other={ops[1]})"
                else:
                    e = f"torch.result_type({', '.join(ops)})"
            elif r < 0.8:
                d = self.dt()
                yield from self.do(f"torch.set_default_dtype({d})", None, op="set_default_dtype")
                e = self.pick(["torch.get_default_dtype()", "torch.tensor(1.5).dtype", "torch.tensor(1j).dtype",
                               "torch.arange(2.0).dtype", "(torch.ones(2, dtype=torch.int32) / 2).dtype",
                               "torch.result_type(torch.ones(1, dtype=torch.int64), 1.5)", "torch.full((1,), 2.5).dtype",
                               "torch.linspace(0, 1, 3).dtype", "torch.tensor([1, 2.5j]).dtype", "torch.zeros(1).dtype"])
            else:
                d = self.dt()
                e = self.pick([f"{d}.is_floating_point", f"{d}.is_complex", f"{d}.is_signed", f"{d}.itemsize",
                               f"repr({d})", f"str({d})", f"{d} == {self.dt()}", f"hash({d}) == hash({self.dt()})",
                               f"pickle.loads(pickle.dumps({d})) is {d}", f"copy.deepcopy({d}) is {d}",
                               f"torch.{self.pick(['strided', 'sparse_coo'])}",
                               f"torch.{self.pick(MEMORY_FORMATS)}"])
            yield from self.assign(e, "dtypes")

    # NumPy

    def fam_numpy(self):
        np = self.np
        r = self.r.random()
        if r < 0.5:
            dt = self.pick(["np.float32", "np.float64", "np.int64", "np.int32", "np.int16", "np.int8", "np.uint8",
                            "np.bool_", "np.complex64", "np.complex128", "np.float16"])
            shape = self.shape(max_dims=3)
            a = self.fresh()
            yield Stmt(f"{a} = np.arange({prod(shape)}).astype({dt}).reshape({tup(shape)})", None, op="np")
            if self.chance(0.3) and len(shape) >= 2:
                yield Stmt(f"{a} = {a}.T", None, op="np")
            if self.chance(0.2) and len(shape) >= 1:
                yield Stmt(f"{a} = {a}[::-1]", None, op="np")
            f = self.pick(["torch.from_numpy", "torch.tensor", "torch.from_dlpack"])
            v = yield from self.assign(f"{f}({a})", "from_numpy")
            if v is not None and self.chance(0.6) and f != "torch.tensor":
                val = self.val(v)
                if isinstance(val, self.torch.Tensor) and val.numel() and val.dtype != self.torch.bool:
                    yield Stmt(f"{v}.add_(1)", a, op="shared")
                    yield Stmt(f"{a}[...] = 0", v, op="shared")
        else:
            v = yield from self.make_tensor(dtype=self.pick(DTYPES), relayout=0.3)
            if v is None:
                return
            e = self.pick([f"{v}.numpy()", f"np.asarray({v})", f"np.array({v})", f"{v}.numpy(force=True)",
                           f"np.from_dlpack({v})", f"torch.from_dlpack({v})"])
            w = yield from self.assign(e, "to_numpy")
            if w is not None and self.chance(0.5) and isinstance(self.val(w), np.ndarray) and self.val(w).size:
                if self.val(w).flags.writeable:
                    yield Stmt(f"{w}.reshape(-1)[0] = 1", v, op="shared")

    # random

    def fam_random(self):
        for _ in range(self.r.randint(1, 3)):
            r = self.r.random()
            if r < 0.1:
                yield from self.do(f"torch.manual_seed({self.pick([0, 1, 42, 2**32, -1, 2**64])})", None, op="manual_seed")
                continue
            gen = ""
            if self.chance(0.2):
                g = yield from self.assign(f"torch.Generator({self.pick(['', repr('cpu'), repr('meta'), repr('cuda')])}).manual_seed({self.pick([0, 1, 7])})", "Generator", meta_only=True)
                if g is None:
                    continue
                gen = f", generator={g}"
            if r < 0.4:
                f = self.pick(["rand", "randn"])
                e = f"torch.{f}({self.size_args(self.sizes())}{gen}{self.factory_kwargs(memory_format=True)})"
            elif r < 0.7:
                lo_hi = self.pick([["5"], ["-3", "3"], ["0", "1"], ["3", "3"], ["10", "0"], ["2**40"], ["-2**63", "2**63 - 1"],
                                   ["0", "256"]])
                sz = tup(self.shape(max_dims=2))
                if self.chance(0.2):
                    e = f"torch.randint(low={lo_hi[0]}, high={lo_hi[-1]}, size={sz}{gen}{self.factory_kwargs()})"
                else:
                    e = f"torch.randint({', '.join(lo_hi)}, {sz}{gen}{self.factory_kwargs()})"
            else:
                src = yield from self.make_tensor()
                if src is None:
                    return
                f = self.pick(["rand_like", "randn_like", "randint_like"])
                extra = f", {self.pick(['5', '0, 3', '3, 2'])}" if f == "randint_like" else ""
                e = f"torch.{f}({src}{extra}{self.factory_kwargs(memory_format=True)})"
            yield from self.assign(e, "random", meta_only=True)

    # everyday PyTorch calls a new user makes (several are not in oxtorch yet)

    def fam_everyday(self):
        v = yield from self.make_tensor(shape=self.shape(max_dims=3), relayout=0.3)
        if v is None:
            return
        t = self.val(v)
        r = self.r.random()
        if r < 0.15:
            w = yield from self.assign(f"{v}.detach()", "detach")
            if w is not None and t.numel() and t.dtype != self.torch.bool:
                yield Stmt(f"{w}.fill_(3)", v, op="detach.shares")
        elif r < 0.3:
            b, _ = yield from self.operand(like=tuple(t.shape))
            if b is None:
                return
            if self.intdiv_hazard("floor_divide", v, b):
                return
            form = self.pick(["method", "inplace", "function", "operator", "ioperator", "rop"])
            if form == "method":
                yield from self.assign(f"{v}.floor_divide({b})", "floor_divide")
            elif form == "inplace":
                yield Stmt(f"_r = {v}.floor_divide_({b})", v, op="floor_divide_")
            elif form == "function":
                yield from self.assign(f"torch.floor_divide({v}, {b})", "floor_divide")
            elif form == "operator":
                yield from self.assign(f"{v} // {b}", "floordiv")
            elif form == "ioperator":
                yield Stmt(f"{v} //= {b}", v, op="ifloordiv")
            else:
                yield from self.assign(f"{self.scalar(self.pick(['int', 'float']))} // {v}", "rfloordiv")
        elif r < 0.45:
            dst = self.dtype()
            yield from self.assign(f"{v}.view(torch.{dst})" if self.chance(0.8) else f"{v}.view(dtype=torch.{dst})",
                                   "view_dtype")
        elif r < 0.65:
            idx = self.index_expr(t, advanced=0.6)
            if self.chance(0.6):
                yield from self.assign(f"{v}[{idx}]", "adv_getitem")
            else:
                yield Stmt(f"{v}[{idx}] = {self.scalar()}", v, op="adv_setitem")
        else:
            e = self.pick([
                f"{v}.cpu(memory_format=torch.contiguous_format)", f"{v}.to('cpu', non_blocking=True)",
                f"{v}.copy_({v}.clone(), non_blocking=True)", f"{v}.contiguous(memory_format=torch.contiguous_format)",
                f"{v}.size(dim=0)", f"{v}.stride(dim=-1)", f"{v}.float(memory_format=torch.preserve_format)",
                f"{v}.clone(memory_format=torch.contiguous_format)", f"torch.tensor([1, 2], pin_memory=False)",
                f"torch.zeros(2, out=None)", f"torch.zeros_like({v}, pin_memory=False)",
                f"{v}.transpose(dim0=0, dim1=-1)", f"{v}.split(split_size=1)", f"{v}.chunk(chunks=2)",
                f"{v}.narrow(dim=0, start=0, length=1)", f"{v}.numpy(force=False)", f"{v}.to(other={v})",
                f"{v}.add(other=1)", f"{v}.mul(other=2)", f"{v}.div(other=2, rounding_mode=None)",
                f"{v}.expand_as(other={v})", f"{v}.equal(other={v})", f"{v}.fill_(value=1)",
                f"{v}.is_contiguous(memory_format=torch.contiguous_format)", f"{v}.unsqueeze(dim=0)",
                f"{v}.flatten(start_dim=0)", f"torch.is_tensor(obj={v})", f"{v}.movedim(source=0, destination=-1)",
                f"{v}.diagonal(offset=0)", f"{v}.unfold(dimension=0, size=1, step=1)", f"{v}.select(dim=0, index=0)",
                f"torch.full((2,), 1, out=None)", f"torch.arange(3, out=None)", f"torch.empty(2, pin_memory=False).fill_(1)",
                f"torch.manual_seed(1) and None", f"torch.set_default_dtype(d=torch.float32)",
                f"torch.promote_types(type1=torch.int32, type2=torch.float32)", f"{v}.cuda(non_blocking=True)",
                f"{v}.storage_offset()", f"{v}.detach_()", f"{v}.expand({v}.shape, implicit=False)",
                f"{v}.cpu(memory_format=torch.preserve_format)", f"{v}.double(memory_format=torch.preserve_format)",
                f"torch.rand_like({v}.float(), generator=torch.Generator().manual_seed(1)).shape",
                f"torch.randint(5, (2,), generator=torch.Generator().manual_seed(1)).dtype",
            ])
            yield from self.assign(e, "everyday")

    def fam_beyond(self):
        v = yield from self.make_tensor(shape=self.shape(max_dims=3), relayout=0.3)
        if v is None:
            return
        e = self.pick([
            f"{v}.type(torch.float64)", f"{v}.T", f"{v}.mT", f"{v}.H", f"{v}.data", f"{v}.requires_grad",
            f"{v}.is_leaf", f"{v}.grad", f"{v}.new_zeros(2)", f"{v}.new_ones((2, 1))", f"{v}.new_full((1,), 3)",
            f"{v}.new_empty(2).fill_(0)", f"{v}.new_tensor([1, 2])", f"{v}.itemsize", f"{v}.nbytes",
            f"{v}.is_sparse", f"{v}.is_quantized", f"{v}.names", f"{v}.untyped_storage().nbytes()",
            f"{v}.data_ptr() != 0", f"{v}.get_device()", f"torch.numel({v})", f"{v}.type()",
            f"torch.as_tensor({v})", f"{v}.dtype.to_complex()", f"{v}.dtype.to_real()",
            f"pickle.loads(pickle.dumps({v}))", f"copy.deepcopy({v})", f"{v}.abs()", f"{v}.sum()", f"{v} == {v}",
        ])
        yield from self.assign(e, "beyond")

    # Size

    def fam_size(self):
        s = list(self.shape())
        r = self.r.random()
        if r < 0.3:
            e = self.pick([f"torch.Size({lst(s)})", f"torch.Size({tup(s)})", "torch.Size()", "torch.Size([1.5])",
                           "torch.Size([True])", "torch.Size([-1])", "torch.Size(3)", "torch.Size([2**70])"])
        else:
            v = yield from self.make_tensor(shape=s, relayout=0.2)
            if v is None:
                return
            e = self.pick([f"{v}.shape", f"{v}.size()", f"{v}.shape[1:]", f"{v}.shape + (2,)", f"{v}.shape.numel()",
                           f"repr({v}.shape)", f"{v}.shape == {tup(s)}", f"len({v}.shape)", f"{v}.shape[-1]",
                           f"list({v}.shape)", f"str({v}.shape)", f"{v}.shape * 2", f"(2,) + {v}.shape",
                           f"{v}.shape[::-1]", f"hash({v}.shape) == hash({tup(s)})", f"{v}.shape.count(1)",
                           f"{v}.shape.index(1) if 1 in {v}.shape else -1"])
        yield from self.assign(e, "Size")

    # legacy constructors

    def fam_legacy(self):
        name = self.pick(["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor",
                          "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"])
        r = self.r.random()
        if r < 0.3:
            e = f"torch.{name}({', '.join(map(str, self.shape(max_dims=2)))})"
            meta = True
        elif r < 0.6:
            data = self.mixed_nested(self.shape(max_dims=2, allow_zero=False), ['int', 'float'])
            e = f"torch.{name}({data})"
            # a bare number is a size to the legacy constructors: the values are then unspecified
            meta = not data.lstrip().startswith("[")
        elif r < 0.8:
            v = yield from self.make_tensor()
            if v is None:
                return
            e = self.pick([f"isinstance({v}, torch.{name})", f"torch.{name}.dtype", f"{v}.type() == torch.__name__ + '.{name}'"])
            meta = False
        else:
            e = self.pick([f"torch.{name}()", f"torch.{name}(2.5)", f"torch.{name}([1, 2], device='meta')",
                           f"torch.{name}(torch.tensor([1, 2]))", f"torch.{name}(True)", f"torch.{name}((1, 2))"])
            meta = "meta" in e or e.endswith("()")
        yield from self.assign(e, "legacy", meta_only=meta)
