"""PyTorch's named tuples of results (``torch.return_types``): ``max(input, dim)`` gives ``(values, indices)``,
readable by position and by name, printed as PyTorch prints them."""

__all__ = ["max", "min", "max_out", "min_out"]


class _ValuesIndices(tuple):
    """A pair ``(values, indices)`` of tensors (PyTorch's structseq)."""

    n_fields = 2
    n_sequence_fields = 2
    n_unnamed_fields = 0

    def __new__(cls, sequence):
        values, indices = sequence
        return super().__new__(cls, (values, indices))

    @property
    def values(self):
        """The values."""
        return self[0]

    @property
    def indices(self):
        """The indices of the values along the reduced dimension."""
        return self[1]

    def __repr__(self):
        return f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\nindices={self[1]!r})"

    def __reduce__(self):
        return (type(self), (tuple(self),))


def _named(name):
    return type(name, (_ValuesIndices,), {"__module__": "oxtorch.return_types", "__qualname__": name})


max = _named("max")  # noqa: A001 - PyTorch's name
min = _named("min")  # noqa: A001
max_out = _named("max_out")
min_out = _named("min_out")
