"""Ends an MPI job cleanly (OneFlow's ``ExitHook``): at a normal exit MPI is finalised; after an uncaught
exception or ``sys.exit`` with a non-zero code the whole job is aborted (``MPI_Abort``), so that no other rank waits
forever in a collective for this one."""

from __future__ import annotations

import atexit
import sys
from typing import Any

from . import _C


class _ExitHook:
    def __init__(self) -> None:
        self.exit_code: Any = None
        self.failed = False
        self._orig_exit = sys.exit
        self._orig_excepthook = sys.excepthook

        def exit(code: Any = 0) -> None:
            self.exit_code = code
            self._orig_exit(code)

        def excepthook(exc_type: Any, exc: Any, tb: Any) -> None:
            self.failed = True
            self._orig_excepthook(exc_type, exc, tb)
            sys.stderr.flush()
            sys.stdout.flush()
            _C._global_abort(1)

        sys.exit = exit  # type: ignore[assignment]
        sys.excepthook = excepthook

    def at_exit(self) -> None:
        code = self.exit_code
        abnormal = self.failed or (code is not None and code != 0 and code is not False)
        sys.stdout.flush()
        sys.stderr.flush()
        if abnormal:
            _C._global_abort(code if isinstance(code, int) and not isinstance(code, bool) else 1)
        else:
            _C._global_finalize()


def install() -> None:
    """Installs the hooks (once)."""
    global _installed
    if _installed:
        return
    _installed = True
    hook = _ExitHook()
    atexit.register(hook.at_exit)


_installed = False
