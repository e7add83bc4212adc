"""The distributed environment of global tensors (OneFlow's ``oneflow.env``).

A process started by an MPI launcher (``mpirun -n 4 python script.py``) is one rank of that job's world; any other
process is a world of one rank. The world is set up on first use and MPI is finalised at exit; an uncaught
exception or a non-zero exit on any rank ends the whole job (``MPI_Abort``) rather than leaving the other ranks
waiting.
"""

from __future__ import annotations

from . import _C


def get_rank() -> int:
    """This process's rank, in ``[0, world_size)``."""
    return _C._env_get_rank()


def get_world_size() -> int:
    """The number of processes in the world."""
    return _C._env_get_world_size()


def get_local_rank() -> int:
    """This process's rank among the processes on its machine (the CUDA device it uses)."""
    return _C._env_get_local_rank()


def all_device_placement(device_type: str) -> _C.placement:
    """A placement over all devices of ``device_type`` (``"cpu"`` or ``"cuda"``): every rank of the world.
    ``oxtorch.placement.all`` is the same function."""
    return _C.placement.all(device_type)


__all__ = ["get_rank", "get_world_size", "get_local_rank", "all_device_placement"]
