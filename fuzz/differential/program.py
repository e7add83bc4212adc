"""Programs: statements of Python source run once against PyTorch and once against oxtorch.

A program is a list of `Stmt`s. Each holds one or more lines of Python that use the module under the name
`torch` (so the same source runs with `import torch` and with `import oxtorch as torch`), and an expression
whose value is observed after the statement ran (usually the variable it assigned).

`execute` runs a program: the generator (`gen.Gen`) proposes statements one at a time and sees what PyTorch did
with each (so it can pick valid dimensions, sizes and indices from real results); then the same statements run
against oxtorch and every outcome is compared. Programs are reproducible from their seed alone: PyTorch is
deterministic on everything the generator looks at.
"""

from __future__ import annotations

import copy
import math
import operator
import pickle
import random
import re

from compare import combine_tols, compare, exception_outcome, observe, split_tol, within_range_ulps

HEADER = "from math import inf, nan\nimport numpy as np\nimport operator, pickle, copy\n"


class Stmt:
    """One statement of a program.

    code: Python source (may span lines). observe: an expression evaluated after `code`, whose value is compared
    (None: only the outcome, ok or which error, is compared). tol: ulps allowed on float/complex components
    (complex mul/div; compare.C64_4ULP for complex64 addcmul/addcdiv/lerp; see compare.py). meta_only: compare
    dtype/shape/strides/device but not values (random and uninitialized data). deviation: the name of a documented
    deviation this statement runs into; `run_torch` False means PyTorch is not run at all (it would crash), and the
    program ends after this statement either way.
    op: the operation's short name, used to group findings.
    """

    __slots__ = ("code", "observe", "tol", "meta_only", "deviation", "run_torch", "op", "_code", "_obs")

    def __init__(self, code, observe=None, *, op="", tol=None, meta_only=False, deviation=None, run_torch=True):
        self.code = code
        self.observe = observe
        self.op = op
        self.tol = tol
        self.meta_only = meta_only
        self.deviation = deviation
        self.run_torch = run_torch
        self._code = compile(code, "<fuzz>", "exec")
        self._obs = compile(observe, "<fuzz>", "eval") if observe else None


class Outcome:
    """What running a statement did: `out` is the compared outcome, `value` the Python value observed (or the
    exception raised)."""

    __slots__ = ("out", "value")

    def __init__(self, out, value):
        self.out = out
        self.value = value

    @property
    def ok(self) -> bool:
        return self.out[0] == "ok"


def namespace(mod, np) -> dict:
    """The globals a program runs in."""
    return {
        "torch": mod,
        "np": np,
        "inf": math.inf,
        "nan": math.nan,
        "operator": operator,
        "pickle": pickle,
        "copy": copy,
        "__builtins__": __builtins__,
    }


def run_stmt(stmt: Stmt, ns: dict, mod, np) -> Outcome:
    """Runs one statement in `ns`, catching everything but interrupts (a Rust panic is a BaseException)."""
    is_ox = mod.__name__ == "oxtorch"
    try:
        exec(stmt._code, ns)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001 - PanicException derives from BaseException
        return Outcome(exception_outcome(e, is_ox), e)
    if stmt._obs is None:
        return Outcome(("ok", ("None",)), None)
    try:
        value = eval(stmt._obs, ns)
        return Outcome(("ok", observe(value, mod, np, stmt.meta_only)), value)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001
        out = exception_outcome(e, is_ox)
        if out[0] == "err":
            out = ("err", out[1], "[while observing] " + out[2])
        return Outcome(out, e)


def _mentions_complex32(out) -> bool:
    """Whether PyTorch's outcome shows its complex32 dtype (as a result or in an error message)."""
    t = repr(out)
    return any(k in t for k in ("complex32", "ComplexHalf", "BComplex32", "bcomplex32", "complex<c10::Half>",
                                "complex<c10::BFloat16>"))


def _deviation(tout, oout) -> str | None:
    """The documented deviation a disagreement comes from, if any (see CONFORMANCE_README.md)."""
    # (also PyTorch's refusal of an alpha that complex32, the computation's dtype there, cannot hold)
    if _mentions_complex32(tout):
        return "1-complex32"
    if oout[0] == "err" and "supports device indices 0..=127" in oout[2]:
        return "2-device-index"
    if tout[0] == "ok" and oout[0] == "err" and "has no autograd" in oout[2]:
        return "6-no-autograd"
    if (tout[0] == oout[0] == "err" and "SymIntArrayRef expected to contain only concrete integers" in tout[2]
            and ("Trying to create tensor with negative dimension" in oout[2]
                 or "Negative strides are not supported" in oout[2])):
        return "9-int64-min-size"
    if (tout[0] == "ok" and tout[1][0] == "S" and any(n < 0 for n in tout[1][3]) and oout[0] == "err"
            and "Trying to create tensor with negative dimension" in oout[2]):
        return "10-sparse-negative-size"
    return None


# a negation in a statement: `-v0`, `v0.neg()`, `torch.neg(v0)`, `operator.neg(v0)`, `negative`, `neg_`
# value differences a documented deviation explains: (name, whether the statement can run into it, whether it
# explains PyTorch's and oxtorch's observations)
_VALUE_DEVIATIONS = (
    ("4-range-vector-rounding", lambda code: "torch.arange(" in code, lambda t, o: within_range_ulps(t, o, 4)),
    ("5-complex-negation-zero-sign", lambda code: bool(_NEGATION.search(code)),
     lambda t, o: _without_zero_signs(t) == _without_zero_signs(o)),
    ("8-alpha-scalar-loop", lambda code: "alpha=" in code, lambda t, o: within_range_ulps(t, o, 2)),
)
# an index tuple with two ellipses (also around a list or tensor index), which can reach past the last dimension
# (README deviation 7)
_REPEATED_ELLIPSIS = re.compile(r"\.\.\..*\.\.\.")
_NEGATION = re.compile(r"(^|[=(,\s])-\s*v\d|\bneg(ative)?_?\(")


_VARIABLE = re.compile(r"\bv\d+\b")
_OUT_ARGUMENT = re.compile(r"\bout=v\d+")
_COMPLEX_LITERAL = re.compile(r"\bcomplex\(|\d[jJ]\b")
_NO_COMPLEX32_KERNEL = re.compile(r"^((out|inplace)\.)?(addcdiv|lerp)$")
_POINTWISE_OP = re.compile(r"^((out|inplace)\.)?(addcmul|addcdiv|lerp)$")


def _computes_in_complex32(i, stmts, outs) -> bool:
    """Whether statement `i` computes with a float16 tensor and a complex operand (a complex tensor or number),
    which PyTorch does in complex32 whatever dtype the result is then stored in (README deviation 1; the result's
    own dtype does not show it when it is written into an `out=` tensor of another dtype). The operands' dtypes are
    the ones PyTorch's earlier statements observed for the variables the statement names. Never for addcdiv
    and lerp, which PyTorch has no complex32 kernels of (it refuses them there, so a value it computed is not
    complex32's: a float16 tensor beside a complex64 one of dimensions computes in complex64)."""
    if _NO_COMPLEX32_KERNEL.search(stmts[i].op):
        return False
    code = _OUT_ARGUMENT.sub("", stmts[i].code)
    dtypes = set()
    for name in set(_VARIABLE.findall(code)):
        for s, o in zip(stmts[:i], outs[:i]):
            if s.observe == name and o is not None and o.out[0] == "ok" and o.out[1][0] == "T":
                dtypes.add(o.out[1][1])
    complex_operand = any(d.startswith("complex") for d in dtypes) or bool(_COMPLEX_LITERAL.search(code))
    return "float16" in dtypes and complex_operand


def _c64_overflow(stmt, tobs, oobs) -> bool:
    """Whether a value difference is a complex64 result of addcmul, addcdiv or lerp (compare.C64_4ULP) that holds an
    infinity or NaN on either side. PyTorch's compiler vectorizes the scalar loops of these operations in groups of
    elements whose grouping oxtorch does not reproduce (CONFORMANCE_README.md's complex64 rule); where a product
    overflows, that changes more than the last bits: NaN against an infinity, and an overflow in one element of a
    group can change its neighbours' results (seed 36005167: a 0 where the input is returned, lerp with weight 0)."""
    if not (split_tol(stmt.tol)[1] and _POINTWISE_OP.search(stmt.op)):
        return False

    def nonfinite(obs) -> bool:
        return (isinstance(obs, tuple) and obs[:1] == ("T",) and obs[7] is not None
                and any(v[0] == "complex" and any(c == "nan" or "inf" in c for c in v[1:]) for v in obs[7]))

    return nonfinite(tobs) or nonfinite(oobs)


def _without_zero_signs(obs) -> str:
    """An observation's text with the sign of every zero dropped (deviation 5: PyTorch's vectorized complex
    negation computes `0 - x`, giving +0 for a zero part, where its scalar loop and oxtorch give -0)."""
    return repr(obs).replace("'-0x0.0p+0'", "'0x0.0p+0'")


def _no_backend(tout, oout) -> bool:
    """oxtorch refused a device it has no backend for (cuda, mps, ...), as this PyTorch build could not use it
    either, or could."""
    return oout[0] == "err" and "built without a backend" in oout[2]


class Result:
    """The verdict on one program: cls is 'ok', a disagreement category, 'deviation', 'no-backend',
    'harness' (a bug of the fuzzer), or (set by the driver) 'crash' / 'hang'."""

    __slots__ = ("seed", "family", "cls", "detail", "index", "op", "deviation")

    def __init__(self, seed, family, cls, detail="", index=-1, op="", deviation=None):
        self.seed, self.family, self.cls, self.detail = seed, family, cls, detail
        self.index, self.op, self.deviation = index, op, deviation

    def to_json(self) -> dict:
        d = {"s": self.seed, "c": self.cls}
        if self.cls != "ok":
            d.update(f=self.family, d=self.detail, i=self.index, o=self.op)
        if self.deviation:
            d["v"] = self.deviation
        return d

    def signature(self) -> str:
        detail = re.sub(r"0x[0-9a-f.]+p[-+]\d+", "F", self.detail)
        detail = re.sub(r"-?\d+(\.\d+)?(e[-+]?\d+)?", "#", detail)
        return f"{self.cls} | {self.op} | {detail[:200]}"


def generate_torch(seed: int, family: str | None, torch, np):
    """Generates the program of `seed` while running it against PyTorch: (family, statements, outcomes)."""
    import gen

    ns = namespace(torch, np)
    g = gen.Gen(random.Random(seed), ns, torch, np)
    fam, co = g.program(family)
    stmts: list[Stmt] = []
    outs: list[Outcome | None] = []
    sent = None
    while True:
        try:
            stmt = co.send(sent)
        except StopIteration:
            break
        stmts.append(stmt)
        if not stmt.run_torch:
            outs.append(None)
            break
        o = run_stmt(stmt, ns, torch, np)
        outs.append(o)
        if stmt.deviation:
            break
        sent = o
    if not stmts or stmts[-1].deviation is None:
        # finally, every tensor variable again: in-place writes through views show up here
        names = [k for k, v in ns.items() if isinstance(v, torch.Tensor) and k.startswith("v") and k not in g.meta_vars]
        if names:
            # values that went through complex mul/div keep that tolerance when they are looked at again
            tol = combine_tols(s.tol for s in stmts)
            final = Stmt("_final = (" + ", ".join(names) + ",)", "_final", op="final", tol=tol)
            stmts.append(final)
            outs.append(run_stmt(final, ns, torch, np))
    g.reset()
    # PyTorch's values are compared by their observations from here on: release them (a 4 GiB result would
    # otherwise still hold the worker's address-space limit while oxtorch computes its own)
    for o in outs:
        if o is not None:
            o.value = None
    ns.clear()
    return fam, stmts, outs


def run_oxtorch(stmts, outs, oxtorch, np):
    """Runs the statements against oxtorch: the oxtorch outcomes, stopping after the first disagreement."""
    ns = namespace(oxtorch, np)
    oouts = []
    try:
        for stmt, tout in zip(stmts, outs):
            o = run_stmt(stmt, ns, oxtorch, np)
            oouts.append(o)
            if stmt.deviation or tout is None:
                break
            if compare(tout.out, o.out, stmt.tol) is not None:
                break
    finally:
        reset_defaults(oxtorch)
    return oouts


def verdict(seed, fam, stmts, outs, oouts) -> Result:
    """Compares the outcomes statement by statement."""
    for i, (stmt, tout, oout) in enumerate(zip(stmts, outs, oouts)):
        if oout.out[0] == "panic":
            return Result(seed, fam, "panic", oout.out[1], i, stmt.op)
        if tout is None:
            return Result(seed, fam, "deviation", stmt.deviation or "", i, stmt.op, stmt.deviation)
        if tout.out[0] == "err" and "[while observing]" in tout.out[2]:
            return Result(seed, fam, "harness", "torch: " + tout.out[2], i, stmt.op)
        diff = compare(tout.out, oout.out, stmt.tol)
        if diff is None:
            if stmt.deviation:
                return Result(seed, fam, "deviation", stmt.deviation, i, stmt.op, stmt.deviation)
            continue
        dev = _deviation(tout.out, oout.out)
        if dev is None and stmt.op == "final" and diff[0] == "shape" and any(
                o.out[0] == "err" and _mentions_complex32(o.out) for o in outs[:i] if o):
            # PyTorch refused an earlier statement in complex32 before touching its `out=` tensor (computing into a
            # temporary), where oxtorch computes in complex64 straight into `out=`, resized before the same refusal
            dev = "1-complex32"
        if dev:
            return Result(seed, fam, "deviation", dev, i, stmt.op, dev)
        if diff[0] == "value" and tout.out[0] == oout.out[0] == "ok":
            if _computes_in_complex32(i, stmts, outs):
                return Result(seed, fam, "deviation", "1-complex32", i, stmt.op, "1-complex32")
            if _c64_overflow(stmt, tout.out[1], oout.out[1]):
                return Result(seed, fam, "deviation", "c64-pointwise-overflow", i, stmt.op, "c64-pointwise-overflow")
            for name, applies, explains in _VALUE_DEVIATIONS:
                if applies(stmt.code) and explains(tout.out[1], oout.out[1]):
                    return Result(seed, fam, "deviation", name, i, stmt.op, name)
        if "IndexError" in (tout.out[1], oout.out[1]) and _REPEATED_ELLIPSIS.search(stmt.code):
            return Result(seed, fam, "deviation", "7-ellipsis-past-last-dim", i, stmt.op, "7-ellipsis-past-last-dim")
        if stmt.deviation:
            if diff[0] == "value":
                return Result(seed, fam, "deviation", stmt.deviation, i, stmt.op, stmt.deviation)
            # PyTorch's in-place loop reads an overlapping input as it writes it, so an integer divisor may turn 0
            # under it (seed 21045163); oxtorch reads that input from a copy, whose divisors are the original ones
            if (stmt.deviation == "overlap-read-from-copy" and tout.out[0] == "err" and oout.out[0] == "ok"
                    and "ZeroDivisionError" in tout.out[2]):
                return Result(seed, fam, "deviation", stmt.deviation, i, stmt.op, stmt.deviation)
        if _no_backend(tout.out, oout.out):
            return Result(seed, fam, "no-backend", oout.out[2], i, stmt.op)
        if tout.out[0] == "err" and tout.out[1] in ("NameError", "SyntaxError", "UnboundLocalError"):
            return Result(seed, fam, "harness", tout.out[2], i, stmt.op)
        return Result(seed, fam, diff[0], diff[1], i, stmt.op)
    return Result(seed, fam, "ok")


def reset_defaults(mod) -> None:
    """Puts back the process-wide defaults a program may have changed."""
    try:
        mod.set_default_dtype(mod.float32)
    except Exception:  # noqa: BLE001
        pass
    try:
        mod.set_default_device(None)
    except Exception:  # noqa: BLE001
        pass


def render(seed, fam, stmts, outs=None, oouts=None, module="oxtorch") -> str:
    """The program as a standalone Python script (with each outcome as a comment when given)."""
    lines = [f"# differential fuzzer program, seed {seed} (family {fam})"]
    lines.append("import oxtorch as torch" if module == "oxtorch" else "import torch")
    lines.append(HEADER.rstrip())
    for i, s in enumerate(stmts):
        if s.deviation:
            lines.append(f"# documented deviation {s.deviation}:")
        lines.append(s.code)
        if s.observe and s.observe != s.code.split("=")[0].strip():
            lines.append(f"print({s.observe})")
        elif s.observe:
            lines.append(f"print({s.observe})")
        if outs is not None and i < len(outs) and outs[i] is not None:
            lines.append("#   torch:   " + _one_line(outs[i].out))
        if oouts is not None and i < len(oouts):
            lines.append("#   oxtorch: " + _one_line(oouts[i].out))
    return "\n".join(lines) + "\n"


def _one_line(out, n=300) -> str:
    s = repr(out)
    return s if len(s) <= n else s[: n - 3] + "..."
