"""Runs every interactive example (``>>>`` / ``...`` lines) of the tensor-attributes specification,
``docs/spec/tensor_attributes.md``, against oxtorch with ``torch`` bound to ``oxtorch``.

* The examples run in document order in one shared namespace (later blocks use the tensors that earlier
  blocks create, as the document does); each example is its own test id (``L<line>:<source>``).
* An expression prints ``repr`` of its value like the interactive shell, a statement prints nothing (besides what
  it prints itself); in a block with documented output the printed text must equal the documented output with
  ``torch.`` written ``oxtorch.``. In a block without any documented output an example just has to run.
* Lines after a ``# disallowed (RuntimeError: <message>)`` comment must raise that error with that message (the
  reference message with its dtype names, e.g. ``Float``, left out).
* An example that needs a CUDA or MPS device (allocates there, ``.cuda()``, ``device=1``, ``device='cuda:1'``,
  ``with torch.device('cuda:1'):``) runs as documented where this machine has that device (``cuda:1`` needs two
  GPUs; an example commented ``# Fail`` must raise PyTorch's cross-device error). Where the machine lacks it, it
  must raise PyTorch's error for that situation: no NVIDIA driver, no GPU, an invalid device ordinal, or (MPS)
  no backend in this build. A later example that reads a name only such a failed example would have created
  (``r`` after the ``with`` block) is skipped as *dependent*, and counted as such in the summary.

A test id that is run on its own first replays the examples before it in the document (without asserting them)
so that its namespace is the one the document assumes.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import io
import pathlib
import re

import pytest

import oxtorch  # the package under test; an ImportError fails the module loudly

# crates/oxtorch-py/python/tests/<this file> -> the repository root
REPO_ROOT = pathlib.Path(__file__).resolve().parents[4]
SPEC_FILE = REPO_ROOT / "docs" / "spec" / "tensor_attributes.md"

# --------------------------------------------------------------------------------------------------------------
# Parsing the document
# --------------------------------------------------------------------------------------------------------------

# PyTorch's names of the scalar types, which the disallowed comments leave out of their messages.
SCALAR_TYPE_NAMES = (
    "ComplexHalf|ComplexFloat|ComplexDouble|BFloat16|BComplex32|Byte|Char|Short|Int|Long|Half|Float|Double|Bool"
)


@dataclasses.dataclass
class Example:
    lineno: int  # 1-based line of the ``>>>`` in the document
    block: int  # index of its code block
    source: str  # the statement, continuation lines joined with newlines
    expected: list  # documented output lines (may be empty)
    block_has_output: bool = False
    disallowed: tuple | None = None  # (exception class name, message) from a "# disallowed (...)" comment

    @property
    def id(self) -> str:
        first = self.source.splitlines()[0]
        return f"L{self.lineno}:{first[:60]}"


def parse_examples(text: str) -> list[Example]:
    """Every ``>>>`` example of every fenced code block of ``text``, in order."""
    examples: list[Example] = []
    lines = text.splitlines()
    i = 0
    block = -1
    while i < len(lines):
        fence = re.match(r"^(\s*(?:>\s?)*)```", lines[i])
        if not fence:
            i += 1
            continue
        prefix = fence.group(1)
        block += 1
        body = []  # (lineno, text without the block-quote prefix)
        i += 1
        while i < len(lines):
            raw = lines[i]
            if raw.startswith(prefix):
                content = raw[len(prefix):]
            elif raw.strip() in (">", "") or raw.rstrip() == prefix.rstrip():
                content = ""
            else:
                content = raw
            if content.lstrip().startswith("```"):
                break
            body.append((i + 1, content))
            i += 1
        i += 1  # past the closing fence
        block_examples = parse_block(body, block)
        has_output = any(e.expected for e in block_examples)
        for e in block_examples:
            e.block_has_output = has_output
        examples.extend(block_examples)
    return examples


def parse_block(body: list, block: int) -> list[Example]:
    out: list[Example] = []
    disallowed = None
    j = 0
    while j < len(body):
        lineno, line = body[j]
        stripped = line.strip()
        if stripped.startswith("#"):
            m = re.match(r"#\s*disallowed\s*\((\w+):\s*(.*?)\)\s*:?\s*$", stripped)
            if m:
                disallowed = (m.group(1), m.group(2))
            elif re.match(r"#\s*allowed\b", stripped):
                disallowed = None
            # other comments explain the next example and leave the mode as it is
            j += 1
            continue
        if not line.startswith(">>>"):
            j += 1
            continue
        source = [line[4:] if line.startswith(">>> ") else line[3:]]
        j += 1
        while j < len(body) and body[j][1].startswith("..."):
            cont = body[j][1]
            source.append(cont[4:] if cont.startswith("... ") else cont[3:])
            j += 1
        expected = []
        while j < len(body):
            text = body[j][1]
            if not text.strip() or text.startswith(">>>") or text.lstrip().startswith("#"):
                break
            expected.append(text.rstrip())
            j += 1
        code = "\n".join(source)
        # a trailing comment on the line is part of the source (Python ignores it)
        out.append(Example(lineno, block, code, expected, disallowed=disallowed))
    return out


EXAMPLES = parse_examples(SPEC_FILE.read_text(encoding="utf-8"))

# --------------------------------------------------------------------------------------------------------------
# Which examples need an accelerator
# --------------------------------------------------------------------------------------------------------------

ACCEL_TYPES = ("cuda", "mps")
NO_BACKEND_RE = re.compile(r"Cannot allocate a tensor on device '((?:cuda|mps)(?::\d+)?)'")
NO_DRIVER = (
    "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from "
    "http://www.nvidia.com/Download/index.aspx"
)
CROSS_DEVICE = "Expected all tensors to be on the same device, but found at least two devices"


def device_available(accel: str) -> bool:
    """Whether this machine has the device an example needs (``'cuda:1'``, ``'cuda|cuda:0'``, ``'mps'``)."""
    first = accel.split("|")[0]
    kind, _, index = first.partition(":")
    if kind != "cuda" or not oxtorch.cuda.is_available():
        return False
    return int(index or 0) < oxtorch.cuda.device_count()


def accelerator_device(source: str, namespace: dict):
    """The device an example would allocate on when that device is CUDA or MPS, else None.

    Returns the device string the error must name (``'cuda:1'``), or ``'cuda|cuda:0'`` for ``.cuda()`` (the
    current CUDA device), or the bare type where no index is given."""
    if re.search(r"\.cuda\(\s*\)", source):
        return "cuda|cuda:0"
    if re.search(r"\.mps\(\s*\)", source):
        return "mps|mps:0"
    m = re.search(r"with\s+torch\.device\(\s*['\"]((?:cuda|mps)(?::\d+)?)['\"]", source)
    if m:
        return m.group(1)
    for m in re.finditer(r"\bdevice\s*=\s*(torch\.device\([^)]*\)|[^,)]+)", source):
        arg = m.group(1).strip()
        s = re.fullmatch(r"(?:torch\.device\(\s*)?['\"]((?:cuda|mps)(?::\d+)?)['\"]\s*\)?", arg)
        if s:
            return s.group(1)
        if re.fullmatch(r"\d+", arg):  # legacy ordinal: a CUDA device
            return f"cuda:{arg}"
        if re.fullmatch(r"[A-Za-z_]\w*", arg):
            value = namespace.get(arg)
            if isinstance(value, oxtorch.device) and value.type in ACCEL_TYPES:
                return str(value)
    return None


def assigned_names(source: str) -> set:
    """Names a statement binds (assignment targets, also inside ``with``/``for`` bodies)."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def loaded_names(source: str) -> set:
    return {
        node.id
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def builtin_kind(exc: BaseException) -> str:
    """The name of the most derived built-in exception class of ``exc`` (so NotImplementedError is not taken for
    its base class RuntimeError, while a project subclass of RuntimeError still counts as one)."""
    import builtins

    for cls in type(exc).__mro__:
        if getattr(builtins, cls.__name__, None) is cls:
            return cls.__name__
    return type(exc).__name__


# --------------------------------------------------------------------------------------------------------------
# Running them
# --------------------------------------------------------------------------------------------------------------


class Session:
    """The document's shared namespace and what has happened so far."""

    def __init__(self) -> None:
        self.namespace: dict = {"torch": oxtorch, "__name__": "__spec__"}
        self.missing: dict = {}  # name -> lineno of the accelerator example that would have bound it
        self.done: dict = {}  # index -> (outcome, message)
        self.printed: dict = {}  # index -> what the example printed (or the error it raised)
        self.next = 0

    def run(self, index: int):
        """Runs example ``index`` (once) and returns (outcome, message); outcome is 'ok', 'accel', 'dependent'
        or 'fail'."""
        if index in self.done:
            return self.done[index]
        result = self._run(EXAMPLES[index], index)
        self.done[index] = result
        self.next = max(self.next, index + 1)
        return result

    def _run(self, ex: Example, index: int):
        try:
            tree = ast.parse(ex.source)
        except SyntaxError as e:
            return "fail", f"example does not parse: {e}"
        deps = sorted(n for n in loaded_names(ex.source) if n in self.missing)
        if deps:
            where = ", ".join(f"{n!r} (line {self.missing[n]})" for n in deps)
            return "dependent", f"reads {where}, which only an example that needs CUDA/MPS would have created"

        accel = accelerator_device(ex.source, self.namespace)
        buf = io.StringIO()
        error = None
        try:
            with contextlib.redirect_stdout(buf):
                if len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr):
                    value = eval(compile(ast.Expression(tree.body[0].value), "<spec>", "eval"), self.namespace)
                    if value is not None:
                        print(repr(value))
                else:
                    exec(compile(tree, "<spec>", "exec"), self.namespace)
        except Exception as e:  # noqa: BLE001 - judged below
            error = e
        printed = buf.getvalue().rstrip("\n")
        self.printed[index] = printed if error is None else f"{type(error).__name__}: {error}"

        if accel is not None and not device_available(accel):
            for name in assigned_names(ex.source):
                if name not in self.namespace:
                    self.missing[name] = ex.lineno
            if error is None:
                return "fail", f"needs a {accel} device, which this machine lacks: expected an error, got {printed!r}"
            return self._check_unavailable(error, accel)
        if accel is not None and "# Fail" in ex.source:
            if error is None or CROSS_DEVICE not in str(error):
                return "fail", f"documented to fail across devices, got {self.printed[index]!r}"
            return "ok", ""

        for name in assigned_names(ex.source):
            self.missing.pop(name, None)

        if ex.disallowed is not None:
            kind, message = ex.disallowed
            if error is None:
                return "fail", f"documented as disallowed ({kind}: {message}) but ran"
            if builtin_kind(error) != kind:
                return "fail", f"expected {kind}, got {builtin_kind(error)}: {error}"
            got = str(error).splitlines()[0] if str(error) else ""
            without_types = re.sub(r"\s+", " ", re.sub(rf"\b(?:{SCALAR_TYPE_NAMES})\b", "", got)).strip()
            if without_types != message:
                return "fail", f"message {got!r} does not read as the documented {message!r}"
            return "ok", ""

        if error is not None:
            return "fail", f"raised {type(error).__name__}: {error}"
        if ex.block_has_output:
            want = "\n".join(ex.expected).replace("torch.", "oxtorch.")
            if printed != want:
                return "fail", f"printed {printed!r}, documented {want!r}"
        return "ok", ""

    @staticmethod
    def _check_unavailable(error: BaseException, accel: str):
        if accel.startswith("cuda"):
            first = str(error).splitlines()[0] if str(error) else ""
            if oxtorch.cuda.device_count() > 0:
                if type(error).__name__ == "AcceleratorError" and first == "CUDA error: invalid device ordinal":
                    return "accel", ""
                return "fail", f"expected AcceleratorError (invalid device ordinal), got {type(error).__name__}: {first}"
            expected = (NO_DRIVER, "No CUDA GPUs are available")
            if builtin_kind(error) == "RuntimeError" and first in expected:
                return "accel", ""
            return "fail", f"expected RuntimeError ({NO_DRIVER!r}), got {type(error).__name__}: {first}"
        return Session._check_no_backend(error, accel)

    @staticmethod
    def _check_no_backend(error: BaseException, accel: str):
        if builtin_kind(error) != "RuntimeError":
            return "fail", f"expected RuntimeError (no backend for {accel}), got {type(error).__name__}: {error}"
        text = str(error)
        if text.startswith("Found no NVIDIA driver on your system"):
            return "accel", ""  # the CUDA backend's (PyTorch's) message on a machine without a driver
        m = NO_BACKEND_RE.search(text)
        if not m or "without a backend" not in text:
            return "fail", f"RuntimeError does not say it cannot allocate on {accel} without a backend: {text!r}"
        if m.group(1) not in accel.split("|"):
            return "fail", f"RuntimeError names device {m.group(1)!r}, expected {accel!r}: {text!r}"
        return "accel", ""


_SESSION = Session()


def test_spec_has_examples():
    """The parser found the document's examples (a parser that finds nothing would make the suite vacuous)."""
    assert len(EXAMPLES) >= 40, [e.id for e in EXAMPLES]
    assert sum(1 for e in EXAMPLES if e.expected) >= 15
    assert sum(1 for e in EXAMPLES if e.disallowed) == 4
    assert any(e.source.startswith("with torch.device('cuda:1'):") for e in EXAMPLES)


@pytest.mark.parametrize("index", range(len(EXAMPLES)), ids=[e.id for e in EXAMPLES])
def test_spec_example(index, oxstats):
    # replay the examples before this one that have not run yet, so the namespace is the document's
    # (not counted: a replayed example is counted by its own test when that runs)
    for earlier in range(_SESSION.next, index):
        _SESSION.run(earlier)
    outcome, message = _SESSION.run(index)
    # the autouse fixture restores the defaults after each test; the document never changes them
    oxstats.spec(outcome)
    if outcome == "dependent":
        pytest.skip(f"dependent example (counted): {message}")
    assert outcome in ("ok", "accel"), f"{EXAMPLES[index].id}: {message}"
