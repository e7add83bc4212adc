"""How a global tensor is distributed over one grid dimension of its placement (OneFlow's ``oneflow.sbp``).

* ``split(dim)``: the tensor is split along ``dim``; rank ``i`` of the grid dimension holds the ``i``-th balanced
  piece (the first ranks hold one extra element when the size does not divide);
* ``broadcast``: every rank holds the whole tensor;
* ``partial_sum``: the tensor is the elementwise sum of the ranks' tensors.

``oxtorch.sbp.broadcast()`` and ``oxtorch.sbp.partial_sum()`` return the objects themselves, as in OneFlow.
"""

from __future__ import annotations

import warnings

from . import _C

sbp = _C._sbp_type

#: OneFlow's largest split dimension plus one.
max_split_axis: int = 6

broadcast: sbp = _C._sbp_broadcast()
partial_sum: sbp = _C._sbp_partial_sum()


def split(dim: int | None = None, **kwargs: int) -> sbp:
    """The distribution that splits a tensor along ``dim`` (OneFlow's ``oneflow.sbp.split``; ``axis=`` is the
    deprecated name of ``dim``)."""
    if dim is None:
        for key, value in kwargs.items():
            if key == "axis":
                if not isinstance(value, int):
                    raise TypeError("split_sbp(): parameter must be int, not {}.".format(type(value)))
                warnings.warn(
                    "This 'axis' parameter of oneflow.sbp.split() has been updated to 'dim' since OneFlow version 0.8."
                )
                dim = value
            else:
                raise TypeError("split_sbp() got an unexpected keyword argument '%s'." % key)
        if dim is None:
            raise TypeError("split_sbp() missing 1 required argument: 'dim'.")
    else:
        for key in kwargs:
            if key == "axis":
                raise TypeError("split_sbp() received an invalid combination of arguments - got (int, axis=int).")
            raise TypeError("split_sbp() got an unexpected keyword argument '%s'." % key)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError("split_sbp(): parameter must be int, not {}.".format(type(dim)))
    return _C._sbp_split(dim)


def _from_state(state: tuple[str, int]) -> sbp:
    """Unpickles an sbp."""
    return _C._sbp_from_state(state)


__all__ = ["sbp", "split", "broadcast", "partial_sum", "max_split_axis"]
