"""``oxtorch.cuda``: the CUDA device, as ``torch.cuda`` exposes it. On a machine without an NVIDIA driver
``is_available()`` is False and ``device_count()`` is 0; every other call raises PyTorch's message for that."""

from __future__ import annotations

from typing import Any, Optional

from . import _C
from ._C import OutOfMemoryError

__all__ = [
    "OutOfMemoryError",
    "current_device",
    "device",
    "device_count",
    "empty_cache",
    "is_available",
    "memory_allocated",
    "memory_reserved",
    "set_device",
    "synchronize",
]


def is_available() -> bool:
    """Whether CUDA can be used: an NVIDIA driver and at least one GPU. Never raises."""
    return _C._cuda_is_available()


def device_count() -> int:
    """The number of visible GPUs (0 without a driver)."""
    return _C._cuda_device_count()


def current_device() -> int:
    """The index of the current CUDA device of this thread."""
    return _C._cuda_current_device()


def set_device(device: Any) -> None:
    """Makes ``device`` (an index, ``'cuda:N'`` or a device) the current CUDA device; a negative index does
    nothing."""
    _C._cuda_set_device(device)


def synchronize(device: Optional[Any] = None) -> None:
    """Waits for every operation queued on ``device`` (the current device when None)."""
    _C._cuda_synchronize(device)


def empty_cache() -> None:
    """Returns the memory the caching allocator holds to the driver."""
    _C._cuda_empty_cache()


def memory_allocated(device: Optional[Any] = None) -> int:
    """Bytes of device memory that tensors hold on ``device``."""
    return _C._cuda_memory_stats(device)[0]


def memory_reserved(device: Optional[Any] = None) -> int:
    """Bytes of device memory the caching allocator holds on ``device`` (held by tensors or cached)."""
    allocated, cached = _C._cuda_memory_stats(device)
    return allocated + cached


class device:
    """Context manager that changes the current CUDA device (``torch.cuda.device``); a negative or None index
    changes nothing."""

    def __init__(self, device: Any) -> None:
        self.idx = device
        self.prev_idx = -1

    def __enter__(self) -> "device":
        if self.idx is not None and not (isinstance(self.idx, int) and self.idx < 0):
            self.prev_idx = current_device()
            set_device(self.idx)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.prev_idx >= 0:
            set_device(self.prev_idx)
