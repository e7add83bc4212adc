"""PyTorch's ``torch.special``: the functions of the unary table's ``special`` column (``expit``, ``exp2``,
``expm1``, ``erf``, ``erfc``, ``log1p``, ``round``), generated in the extension module (``oxtorch._C.special``).
Their argument errors name them as PyTorch does (``special_expit(): argument 'input' ...``)."""

from ._C import special as _generated

__all__ = [name for name in dir(_generated) if not name.startswith("_")]
globals().update({name: getattr(_generated, name) for name in __all__})
