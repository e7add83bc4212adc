"""Shared helpers of the multi-process programs: a checker that counts checks on every rank and makes the program
exit non-zero (so that ``mpirun`` fails) when any check failed on any rank."""

from __future__ import annotations

import os
import sys
import traceback
from typing import Any, Callable

import numpy as np

import oxtorch as flow

rank = flow.env.get_rank()
world_size = flow.env.get_world_size()


class Checker:
    """Counts checks; ``done()`` reports and exits with 1 if any failed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.passed = 0
        self.failures: list[str] = []

    def check(self, condition: Any, what: str) -> None:
        if condition:
            self.passed += 1
        else:
            self.failures.append(what)

    def equal(self, got: Any, expected: Any, what: str) -> None:
        self.check(got == expected, f"{what}: got {got!r}, expected {expected!r}")

    def close(self, got: Any, expected: Any, what: str, rtol: float = 1e-5, atol: float = 1e-6) -> None:
        g, e = np.asarray(got), np.asarray(expected)
        ok = g.shape == e.shape and np.allclose(g.astype(np.complex128), e.astype(np.complex128), rtol=rtol, atol=atol)
        self.check(ok, f"{what}: got {g!r}, expected {e!r}")

    def raises(self, exc: type, message: str, fn: Callable[[], Any], what: str) -> None:
        """``fn()`` raises ``exc`` whose message contains ``message``."""
        try:
            fn()
        except exc as e:  # noqa: BLE001
            self.check(message in str(e), f"{what}: message {str(e)!r} lacks {message!r}")
            return
        except Exception as e:  # noqa: BLE001
            self.failures.append(f"{what}: raised {type(e).__name__}: {e} instead of {exc.__name__}")
            return
        self.failures.append(f"{what}: raised nothing")

    def run(self, fn: Callable[[], Any], what: str) -> None:
        """Runs a block of checks; an exception counts as a failure (collectives must still line up, so blocks
        raise on every rank or on none)."""
        try:
            fn()
        except Exception:  # noqa: BLE001
            self.failures.append(f"{what}: {traceback.format_exc()}")

    def done(self) -> None:
        sys.stdout.flush()
        if self.failures:
            for f in self.failures:
                print(f"[rank {rank}] FAIL {self.name}: {f}", flush=True)
            print(f"[rank {rank}] {self.name}: {self.passed} passed, {len(self.failures)} failed", flush=True)
            sys.exit(1)
        print(f"[rank {rank}] {self.name}: {self.passed} checks passed", flush=True)


def only_on(ranks: list[int]) -> bool:
    return rank in ranks


__all__ = ["Checker", "rank", "world_size", "flow", "np", "os"]
