"""Replays golden files of call cases (``ternary.json``, ``pointwise.json``, ``unary_params.json``): each case but
the errors section's is one call, ``form`` function ``torch.<op>(*args, **kwargs)`` (a dotted op such as
``special.round`` names a submodule's function, ``torch.special.round``), method ``args[0].<op>(*args[1:],
**kwargs)``, inplace the same (the call returns ``args[0]``, which is the result), out ``torch.<op>(*args,
**kwargs, out=out)`` (returns ``out``, which is the result); an errors case is a Python expression. Operands are
rebuilt with their shapes and strides (test_compare's ``tensor``); ``{"kind": "none"}`` is Python ``None``.

Results and errors compare as test_compare's ``check`` compares them (a Python value other than a bool by its
repr). Warnings: a case with ``warning`` is one where PyTorch warns; PyTorch warns once per process there, so
oxtorch may stay silent, but a UserWarning it gives must carry that text. A case without ``warning`` must give
none.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Callable

import pytest

import oxtorch
from test_compare import attempt, check
from test_compare import operand as strided_operand
from test_conformance import DATA_DIR, Mismatch, dtype


def operand(v):
    """An operand of the data: a tensor (any layout, meta, sparse), a Python number, or None."""
    if v["kind"] == "none":
        return None
    return strided_operand(v)


def function(op: str):
    """oxtorch.<op>; a dotted op ("special.round") names a function of a submodule (oxtorch.special.round)."""
    f = oxtorch
    for name in op.split("."):
        f = getattr(f, name)
    return f


def call(case: dict):
    """Makes the case's operands and runs its call: (result, exception, the UserWarnings it gave)."""
    op, form = case["op"], case["form"]
    args = [operand(v) for v in case["args"]]
    kwargs = {k: operand(v) for k, v in case.get("kwargs", {}).items()}
    out = operand(case["out"]) if form == "out" else None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if form == "function":
            result, err = attempt(lambda: function(op)(*args, **kwargs))
        elif form in ("method", "inplace"):
            result, err = attempt(lambda: getattr(args[0], op)(*args[1:], **kwargs))
        elif form == "out":
            result, err = attempt(lambda: function(op)(*args, **kwargs, out=out))
        else:
            raise Mismatch(f"unknown form {form!r}")
    if err is None and form == "inplace":
        if result is not args[0]:
            raise Mismatch(f"{op} returned {result!r}, not self")
    if err is None and form == "out":
        if result is not out:
            raise Mismatch(f"oxtorch.{op}(..., out=out) returned {result!r}, not out")
    return result, err, user_warnings(caught)


def user_warnings(caught) -> list[str]:
    """The first lines of the UserWarnings given, without PyTorch's "(Triggered internally at ...)" tail."""
    lines = []
    for w in caught:
        if issubclass(w.category, UserWarning):
            text = str(w.message)
            first = text.splitlines()[0] if text else ""
            lines.append(first.split(" (Triggered internally at")[0])
    return lines


def check_warnings(case: dict, given: list[str]) -> None:
    want = case.get("warning")
    if want is None:
        if given:
            raise Mismatch(f"unexpected warning: {given[0]!r}")
        return
    if given and want not in given and want.replace("torch.", "oxtorch.") not in given:
        raise Mismatch(f"warning: got {given!r}, want {want!r}")


def check_result(case: dict, result, err) -> None:
    """test_compare's ``check``, and a Python value other than a bool compared by its repr."""
    want = case.get("result")
    if err is None and isinstance(want, dict) and want.get("kind") == "python" and want.get("type") == "repr":
        # a repr names the package's dtypes (`dtype=oxtorch.complex128`), as every other repr check reads them
        expected = want["value"].replace("torch.", "oxtorch.")
        if isinstance(result, oxtorch.Tensor) or repr(result) != expected:
            raise Mismatch(f"got {result!r}, want {expected}")
        return
    check(case, result, err)


class CallData:
    """One golden file of call cases: its sections (each with the number of cases it was recorded with) and the
    names its errors section's expressions use (made fresh for each case).

    Optional hooks, for files that need them (their defaults are the behaviour every file had before them):
    ``expression_sections``, the sections whose cases are Python expressions evaluated with ``error_names()``
    (``("errors",)``); ``compare(section, case, result, err)``, which judges an outcome in place of
    ``check_result`` (raising ``Mismatch``), e.g. to compare some transcendental values within a tolerance and
    hand every other case on to ``check_result``; ``gaps``, a file beside the tests listing the ids of the cases
    oxtorch does not pass yet, one a line: each is a strict expected failure (a case that starts passing fails the
    run until it is removed from the file), left out of the conformance count."""

    def __init__(self, file: str, counts: dict[str, int], error_names: Callable[[], dict],
                 compare: Callable[[str, dict, object, BaseException | None], None] | None = None,
                 expression_sections: tuple[str, ...] = ("errors",), gaps: str | None = None) -> None:
        self.file = file
        self.data = json.loads((DATA_DIR / file).read_text(encoding="utf-8"))
        self.counts = counts
        self.error_names = error_names
        self.compare = compare
        self.expression_sections = expression_sections
        self.cases = [(section, case) for section in counts for case in self.data[section]]
        self.ids = [
            f"{section}{k}-{case.get('op', '')}-{case.get('form', 'expr')}"
            for k, (section, case) in enumerate(self.cases)
        ]
        self.gaps: set[str] = set()
        if gaps is not None:
            self.gaps = set((Path(__file__).parent / gaps).read_text(encoding="utf-8").splitlines())
        self.params = [
            pytest.param(section, case, id=ident, marks=[pytest.mark.xfail(strict=True)] if ident in self.gaps else [])
            for (section, case), ident in zip(self.cases, self.ids)
        ]

    def check_complete(self) -> None:
        """Every section is present and holds the cases it was recorded with."""
        assert set(self.counts) <= set(self.data)
        assert {section: len(self.data[section]) for section in self.counts} == self.counts
        assert len(self.cases) == sum(self.counts.values())

    def run(self, section: str, case: dict) -> None:
        oxtorch.set_default_dtype(dtype(case.get("default_dtype", "float32")))  # restored by the autouse fixture
        if section in self.expression_sections:
            names = self.error_names()
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                expr = case["expr"]
                result, err = attempt(lambda: eval(expr, names))  # noqa: S307 - expressions from the golden data
            given = user_warnings(caught)
        else:
            result, err, given = call(case)
        if self.compare is None:
            check_result(case, result, err)
        else:
            self.compare(section, case, result, err)
        check_warnings(case, given)

    def replay(self, section: str, case: dict, oxstats) -> None:
        """Runs one case, counts it in the conformance summary, and fails the test on a mismatch."""
        try:
            self.run(section, case)
            why = None
        except Mismatch as e:
            why = str(e)
        if not self.gaps or self.ids[self.cases.index((section, case))] not in self.gaps:
            oxstats.conformance(self.file, why is None)
        assert why is None, f"{case.get('expr', '')} {why}"
