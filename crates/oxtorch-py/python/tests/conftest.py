"""Shared fixtures of the oxtorch Python test suite.

Nothing here touches ``sys.path``: the package is installed into the virtual environment by
``scripts/setup.sh`` (``maturin develop``), and the tests import it like any user would.

* ``oxstats`` (session scope) collects what the spec-example and conformance tests ran and how it went;
  ``pytest_terminal_summary`` prints it at the end of the run, e.g.::

      spec examples: 52 run, 52 as documented, 9 expected CUDA/MPS failures, 1 dependent
      conformance promotion.json: 5624 run, 5624 passed (104 through documented deviations)

* ``_restore_defaults`` (autouse) puts the default dtype back to float32 and the default device back to
  what it was before each test, so that a test that changes them cannot leak into the next one.
"""

from __future__ import annotations

import collections
import pathlib

import pytest

TESTS_DIR = pathlib.Path(__file__).resolve().parent
# crates/oxtorch-py/python/tests -> repository root
REPO_ROOT = TESTS_DIR.parents[3]
DATA_DIR = REPO_ROOT / "crates" / "oxtorch" / "tests" / "data"
SPEC_FILE = REPO_ROOT / "docs" / "spec" / "tensor_attributes.md"

# The order in which the conformance files are reported (the Rust runner's order).
CONFORMANCE_FILES = (
    "dtypes.json",
    "device.json",
    "views.json",
    "casts.json",
    "printing.json",
    "memory_format.json",
    "promotion.json",
    "inplace.json",
    "sparse.json",
    "compare.json",
    "modular.json",
    "math.json",
)


class Stats:
    """Counters filled in by the tests while they run and printed by ``pytest_terminal_summary``."""

    def __init__(self) -> None:
        # spec examples
        self.spec_run = 0
        self.spec_ok = 0
        self.spec_accel = 0  # expected CUDA/MPS failures that failed as expected
        self.spec_dependent = 0
        self.spec_failed: list[str] = []
        # conformance: file -> counters
        self.conf: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
        self.conf_total: dict[str, int] = {}
        # sparse.json's python_methods: outcome -> count
        self.methods: collections.Counter = collections.Counter()

    def spec(self, outcome: str) -> None:
        """``outcome``: 'ok', 'accel' (an expected CUDA/MPS failure, as documented), 'dependent', 'fail'."""
        if outcome == "dependent":
            self.spec_dependent += 1
            return
        self.spec_run += 1
        if outcome in ("ok", "accel"):
            self.spec_ok += 1
        if outcome == "accel":
            self.spec_accel += 1

    def conformance_not_compared(self, file: str) -> None:
        """A case replayed on a device that has no reference to compare with there (counted, not silent)."""
        self.conf[file]["not_compared"] += 1
    def conformance_absent(self, file: str) -> None:
        """A case that calls a function oxtorch does not have yet (listed by the runner, checked to be absent)."""
        self.conf[file]["absent"] += 1

    def python_method(self, outcome: str) -> None:
        """``outcome``: 'passed', 'absent' (no such method in oxtorch), 'unsupported' (listed), 'failed'."""
        self.methods[outcome] += 1

    def conformance(self, file: str, passed: bool, deviation: bool = False) -> None:
        c = self.conf[file]
        c["run"] += 1
        if passed:
            c["passed"] += 1
            if deviation:
                c["deviations"] += 1


_STATS_KEY = pytest.StashKey[Stats]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_STATS_KEY] = Stats()


@pytest.fixture(scope="session")
def oxstats(pytestconfig: pytest.Config) -> Stats:
    """The session's counters (see ``Stats``)."""
    return pytestconfig.stash[_STATS_KEY]


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    stats = config.stash.get(_STATS_KEY, None)
    if stats is None:
        return
    lines = []
    if stats.spec_run or stats.spec_dependent:
        lines.append(
            f"spec examples: {stats.spec_run} run, {stats.spec_ok} as documented, "
            f"{stats.spec_accel} need a CUDA/MPS device this machine lacks (raised PyTorch's error), "
            f"{stats.spec_dependent} dependent"
        )
    ran = passed = 0
    for file in CONFORMANCE_FILES:
        c = stats.conf.get(file)
        if not c:
            continue
        if not c["run"] and c["not_compared"]:
            lines.append(f"conformance {file}: {c['not_compared']} not compared on this device")
            continue
        line = f"conformance {file}: {c['run']} run, {c['passed']} passed"
        if c["deviations"]:
            line += f" ({c['deviations']} through documented deviations)"
        if c["not_compared"]:
            line += f", {c['not_compared']} not compared on this device"
        if c["absent"]:
            line += f", {c['absent']} use functions oxtorch does not have yet (listed)"
        total = stats.conf_total.get(file)
        if total is not None and total != c["run"]:
            line += f" [{total} cases in the file]"
        lines.append(line)
        ran += c["run"]
        passed += c["passed"]
    if ran:
        lines.append(f"conformance: {ran} cases run in all, {passed} passed, {ran - passed} failed")
    m = stats.methods
    if m:
        lines.append(
            f"conformance sparse.json python_methods: {sum(m.values())} run, {m['passed']} as PyTorch, "
            f"{m['unsupported']} not supported on sparse tensors by oxtorch (listed), {m['absent']} not in "
            f"oxtorch's surface, {m['failed']} failed"
        )
    if lines:
        terminalreporter.section("oxtorch spec examples and conformance")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(autouse=True)
def _restore_defaults():
    """Restores the default dtype (float32) and the default device after every test."""
    try:
        import oxtorch
    except ImportError:  # the test itself reports the missing package
        yield
        return
    get_device = getattr(oxtorch, "get_default_device", None)
    saved_device = None
    if get_device is not None:
        try:
            saved_device = get_device()
        except Exception:  # noqa: BLE001 - a broken getter is the test's business, not the fixture's
            saved_device = None
    yield
    oxtorch.set_default_dtype(oxtorch.float32)
    set_device = getattr(oxtorch, "set_default_device", None)
    if set_device is not None:
        set_device(saved_device if saved_device is not None else "cpu")
