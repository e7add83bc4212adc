"""Every example of the OneFlow Tensor Attributes specification (docs/spec/oneflow_tensor_attributes.rst), run on 4
ranks with `oneflow` bound to `oxtorch`: the `>>>` examples of the document itself, and those of the OneFlow
docstrings its `autoclass` / `autofunction` directives pull in (`oneflow.placement`, `oneflow.placement.all`,
`oneflow.env.all_device_placement`, `oneflow.sbp.sbp`, quoted below from OneFlow's sources).

Each example's printed output must equal the documented one with `oneflow.` read as `oxtorch.`. Examples that need
a GPU must fail with a RuntimeError naming what is missing (this machine has none; with a GPU they run). Lines
after a `# disallowed (RuntimeError: ...)` comment must raise that error. Where oxtorch prints PyTorch's value and
OneFlow's documentation shows OneFlow's own (`DEVIATIONS`), the example must print PyTorch's value.
"""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import sys

import oxtorch

HERE = pathlib.Path(__file__).resolve().parent
SPEC = HERE.parents[3] / "docs" / "spec" / "oneflow_tensor_attributes.rst"

# The docstrings behind the spec's autoclass/autofunction directives (OneFlow's python/oneflow/framework/docstr/
# tensor_attributes.py and framework/env_util.py); "# Runs on 4 ranks" blocks state results as comments.
DOCSTRINGS = {
    "oneflow.placement": '''
        >>> import oneflow as flow
        >>> p = flow.placement(type="cuda", ranks=[0, 1, 2, 3])
        >>> p
        oneflow.placement(type="cuda", ranks=[0, 1, 2, 3])
        >>> p = flow.placement(type="cuda", ranks=[[0, 1], [2, 3]])
        >>> p
        oneflow.placement(type="cuda", ranks=[[0, 1], [2, 3]])
''',
    "oneflow.placement.all": '''
        >>> import oneflow as flow
        >>> p = flow.placement.all("cuda") # oneflow.placement(type="cuda", ranks=[0, 1, 2, 3])
        >>> p = flow.placement.all("cpu") # oneflow.placement(type="cpu", ranks=[0, 1, 2, 3])
''',
    "oneflow.env.all_device_placement": '''
        >>> import oneflow as flow
        >>> p = flow.env.all_device_placement("cuda") # oneflow.placement(type="cuda", ranks=[0, 1, 2, 3])
        >>> p = flow.env.all_device_placement("cpu") # oneflow.placement(type="cpu", ranks=[0, 1, 2, 3])
''',
    "oneflow.sbp.sbp": '''
        >>> import oneflow as flow
        >>> s = flow.sbp.split(0)
        >>> s
        oneflow.sbp.split(dim=0)
        >>> b = flow.sbp.broadcast()
        >>> b
        oneflow.sbp.broadcast
        >>> p = flow.sbp.partial_sum()
        >>> p
        oneflow.sbp.partial_sum
''',
}

# Documented OneFlow outputs where oxtorch keeps PyTorch's (the project's contract), with the value it prints.
DEVIATIONS = {
    "oneflow.device('cpu')": ("device(type='cpu')", "PyTorch prints no index for a device given without one"),
    "oneflow.device('cuda')  # current cuda device": ("device(type='cuda')", "as above"),
    "(int_tensor + long_zerodim).dtype": (
        "oxtorch.int32",
        "PyTorch's promotion: a zero-dim tensor of the same category does not promote a dimensioned one",
    ),
    # OneFlow's document marks these disallowed; PyTorch (and oxtorch) allow a result to be cast to an output of
    # the same category: they run and print nothing
    "float_tensor *= double_tensor": (None, "PyTorch casts a float64 result into a float32 output"),
    "int_tensor *= long_tensor": (None, "PyTorch casts an int64 result into an int32 output"),
    "uint_tensor *= int_tensor": (None, "PyTorch casts an int32 result into a uint8 output"),
}

GPU = re.compile(r"cuda|device=1|device=oneflow.device\('cuda")


class Example:
    def __init__(self, source: str, expected: list[str], where: str, disallowed: bool, comment: str | None) -> None:
        self.source, self.expected, self.where, self.disallowed, self.comment = source, expected, where, disallowed, comment


def parse(text: str, where: str) -> list[Example]:
    examples: list[Example] = []
    disallowed = False
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped.startswith("# disallowed"):
            disallowed = True
        elif stripped.startswith("# allowed") or (stripped and not lines[i].startswith(" ") and not stripped.startswith(">>>")):
            disallowed = False
        if stripped.startswith(">>>"):
            source = stripped[3:].strip()
            comment = None
            m = re.search(r"#\s*(oneflow\.placement\(.*\))\s*$", source)
            if m:
                comment = m.group(1)
            expected = []
            j = i + 1
            while j < len(lines) and lines[j].strip() and not lines[j].strip().startswith(">>>") \
                    and not lines[j].strip().startswith("#") and not lines[j].strip().startswith(".."):
                expected.append(lines[j].strip())
                j += 1
            examples.append(Example(source, expected, f"{where}:{i + 1}", disallowed, comment))
            i = j
            continue
        i += 1
    return examples


def run_one(ex: Example, ns: dict) -> tuple[str, str]:
    """Returns (outcome, detail); outcome is ok / gpu / deviation / fail."""
    src = ex.source
    if src.startswith("import oneflow"):
        return "ok", ""
    code = src.split("#")[0].strip() if ex.comment else src
    if not code or code.startswith("#"):
        return "ok", ""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            try:
                value = eval(compile(code, ex.where, "eval"), ns)
                if value is not None:
                    print(repr(value))
            except SyntaxError:
                exec(compile(code, ex.where, "exec"), ns)
    except RuntimeError as e:
        if ex.disallowed:
            ok = "can't be cast to the desired output type" in str(e)
            return ("ok", "") if ok else ("fail", f"wrong error: {e}")
        if GPU.search(src):
            missing = any(w in str(e) for w in ("CUDA", "NVIDIA", "driver", "cuda", "device"))
            return ("gpu", str(e).splitlines()[0]) if missing else ("fail", f"unclear GPU error: {e}")
        return "fail", f"RuntimeError: {e}"
    except Exception as e:  # noqa: BLE001
        return "fail", f"{type(e).__name__}: {e}"
    printed = out.getvalue().splitlines()
    if ex.disallowed:
        if src in DEVIATIONS and DEVIATIONS[src][0] is None and not printed:
            return "deviation", "runs (allowed by PyTorch)"
        return "fail", "no error raised"
    if ex.comment is not None:
        name = code.split("=")[0].strip()
        printed = [repr(ns[name])]
        expected = [ex.comment.replace("oneflow.", "oxtorch.")]
    else:
        expected = [e.replace("oneflow.", "oxtorch.") for e in ex.expected]
    if src in DEVIATIONS:
        want, _ = DEVIATIONS[src]
        return ("deviation", f"prints {want}") if printed == [want] else ("fail", f"printed {printed}, expected {want}")
    if printed == expected:
        return "ok", ""
    return "fail", f"printed {printed}, documented {expected}"


def main() -> int:
    rank = oxtorch.env.get_rank()
    examples = parse(SPEC.read_text(), SPEC.name)
    for name, text in DOCSTRINGS.items():
        examples += parse(text, name)
    ns: dict = {"oneflow": oxtorch, "flow": oxtorch}
    counts = {"ok": 0, "gpu": 0, "deviation": 0, "fail": 0}
    failures = []
    for ex in examples:
        outcome, detail = run_one(ex, ns)
        counts[outcome] += 1
        if outcome == "fail":
            failures.append(f"{ex.where}: {ex.source}: {detail}")
        elif rank == 0 and outcome != "ok":
            print(f"  {ex.where}: {ex.source}  -> {outcome}: {detail}")
    total = sum(counts.values())
    for f in failures:
        print(f"[rank {rank}] FAIL {f}", flush=True)
    if rank == 0 or failures:
        print(
            f"[rank {rank}] spec examples: {total} run, {counts['ok']} as documented, {counts['gpu']} expected GPU failures,"
            f" {counts['deviation']} documented deviations, {counts['fail']} failed",
            flush=True,
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
