"""The README's global-tensor example (python/examples/global_tensors.py): the README shows the same code, and on
every rank it prints what the README's comments say."""

import contextlib
import io
import pathlib
import runpy

from _check import Checker, rank

c = Checker("readme")
HERE = pathlib.Path(__file__).resolve().parent
example = HERE.parent / "examples" / "global_tensors.py"
readme = (HERE.parents[3] / "README.md").read_text()


def block():
    code = [line for line in example.read_text().splitlines() if line and not line.startswith('"""')]
    start = readme.index("# mpirun -n 4 .venv/bin/python crates/oxtorch-py/python/examples/global_tensors.py")
    shown = readme[start:readme.index("```", start)]
    c.check(all(line in shown for line in code), "the README shows the example's code")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(example), run_name="__main__")
    lines = out.getvalue().splitlines()
    c.equal(lines[0], f"{rank} tensor([{2 * rank}., {2 * rank + 1}.])", "the local component")
    c.equal(lines[1], "(oxtorch.sbp.broadcast,)", "the sbp of z")
    c.equal(lines[2], "tensor([1., 1.])", "reduce-scatter")
    expected = [l[2:] for l in shown.splitlines() if l.startswith("# tensor") or l.startswith("#        ")]
    c.equal(lines[3:], expected, "the printed logical tensor")


c.run(block, "readme example")
c.done()
