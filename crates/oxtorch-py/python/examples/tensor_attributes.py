"""The Python half of the main job: every ``>>>`` example of docs/spec/tensor_attributes.md, run with
``import oxtorch as torch`` as an interactive session would, printed with its result, and checked against the
documented output by the same runner the test suite uses (tests/test_spec_examples.py). Exits 1 on any
difference. Examples that need a CUDA device this machine lacks (or MPS) must raise PyTorch's error for that."""

import importlib.util
import pathlib
import sys

import oxtorch

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("spec_examples", HERE.parent / "tests" / "test_spec_examples.py")
runner = importlib.util.module_from_spec(spec)
sys.modules["spec_examples"] = runner  # dataclasses look their module up there
spec.loader.exec_module(runner)

session = runner.Session()
counts = {"ok": 0, "accel": 0, "dependent": 0, "fail": 0}
for i, example in enumerate(runner.EXAMPLES):
    outcome, message = session.run(i)
    counts[outcome] += 1
    lines = example.source.splitlines()
    print(">>> " + lines[0])
    for more in lines[1:]:
        print("... " + more)
    printed = session.printed.get(i, "")
    if printed:
        print(printed)
    if outcome == "accel":
        print("    # needs a CUDA/MPS device this machine lacks: raised PyTorch's error for that")
    elif outcome == "dependent":
        print(f"    # not run: {message}")
    elif outcome == "fail":
        print(f"    !! differs from the documentation: {message}")

total = len(runner.EXAMPLES)
print(
    f"\ntensor_attributes.md through Python: {total} examples, {counts['ok']} as documented, "
    f"{counts['accel']} need a device this machine lacks and raised PyTorch's error for that "
    f"({oxtorch.cuda.device_count()} CUDA devices visible), {counts['dependent']} depend on those, {counts['fail']} differ"
)
sys.exit(1 if counts["fail"] else 0)
