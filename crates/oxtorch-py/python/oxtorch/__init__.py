"""oxtorch: PyTorch's tensor semantics (dtypes, type promotion, devices, layouts, strides, memory formats),
implemented natively in Rust. ``import oxtorch as torch`` runs the Tensor Attributes examples unchanged."""

import builtins as _builtins

from . import _C
from . import cuda
from ._C import *  # noqa: F401,F403  (dtypes, device, layouts, memory formats, Tensor, factories, arithmetic)
from ._C import Tensor, dtype, device, tensor, empty
from . import env, sbp  # noqa: E402  (global tensors: oxtorch.env, oxtorch.sbp; oxtorch.placement comes from _C)
from . import special  # noqa: E402  (torch.special's functions, generated from the unary table)
from . import return_types  # noqa: E402  (the named tuples of max(dim) and min(dim))
from . import safetensors  # noqa: E402  (safetensors.torch's functions: save_file, load_file, save, load)

__all__ = [name for name in dir(_C) if not name.startswith("_")] + ["Size", "cuda", "env", "sbp", "return_types", "safetensors"]

if _C._launched_by_mpi():
    from . import _exit

    _exit.install()


class Size(tuple):
    """The sizes of a tensor (``torch.Size``): a tuple of ints with PyTorch's repr."""

    def __new__(cls, iterable=(), /):
        sizes = tuple(iterable)
        for i, s in enumerate(sizes):
            if not isinstance(s, _builtins.int):
                raise TypeError(f"torch.Size() takes an iterable of 'int' (item {i} is '{type(s).__name__}')")
        # bools are ints to PyTorch's Size, stored as 0 / 1
        return super().__new__(cls, tuple(_builtins.int(s) for s in sizes))

    def __getitem__(self, index):
        item = super().__getitem__(index)
        return Size(item) if isinstance(index, slice) else item

    def __add__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple(self) + tuple(other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple(other) + tuple(self))

    def __mul__(self, n):
        if not isinstance(n, _builtins.int):
            return NotImplemented
        return Size(tuple(self) * n)

    __rmul__ = __mul__

    def __repr__(self):
        return "oxtorch.Size([" + ", ".join(str(s) for s in self) + "])"

    def numel(self):
        """The number of elements a tensor of these sizes holds."""
        n = 1
        for s in self:
            n *= s
        return n


def _get_device(self):
    """The CUDA device index of this tensor, or -1 for a tensor on the CPU (``Tensor.get_device()``)."""
    return _C._tensor_get_device(self)


Tensor.get_device = _get_device  # type: ignore[attr-defined]


def _dtype_by_name(name):
    """Unpickles a dtype, layout or memory format: the module-level singleton of that name."""
    return globals()[name]


class _LegacyTensorType(type):
    """Metaclass of the legacy constructors: ``isinstance(t, oxtorch.FloatTensor)`` checks dtype and device."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and obj.dtype == cls.dtype and obj.device.type == "cpu"


# C++'s names of the element types, as PyTorch prints them in TensorOptions (`dtype=long int`).
_TYPE_META_NAMES = {
    "bool": "bool", "uint8": "unsigned char", "int8": "signed char", "int16": "short int", "int32": "int",
    "int64": "long int", "float16": "c10::Half", "bfloat16": "c10::BFloat16", "float32": "float",
    "float64": "double", "complex64": "c10::complex<float>", "complex128": "c10::complex<double>",
}


def _options_text(dt, device_type):
    name = _TYPE_META_NAMES[str(dt).split(".")[-1]]
    return (f"TensorOptions(dtype={name}, device={device_type}, layout=Strided, requires_grad=false (default), "
            "pinned_memory=false (default), memory_format=(nullopt))")


def _legacy(name, dt):
    def __new__(cls, *args, device=None):
        if device is not None:
            kind = (device if isinstance(device, _C.device) else _C.device(device)).type
            if kind != "cpu":
                raise RuntimeError(f"legacy constructor expects device type: cpu but device type: {kind} was passed")
        if len(args) == 1 and isinstance(args[0], (_builtins.float, _builtins.complex, _builtins.bool)):
            raise TypeError(f"new(): data must be a sequence (got {type(args[0]).__name__})")
        if len(args) == 1 and isinstance(args[0], Tensor):
            other = args[0]
            if other.dtype != dt or other.device.type != "cpu":
                raise TypeError(f"expected {_options_text(dt, 'cpu')} (got {_options_text(other.dtype, other.device.type)})")
            return other.detach()
        if len(args) == 1 and not isinstance(args[0], _builtins.int):
            return tensor(args[0], dtype=dt, device=device)
        return empty(*(args or (0,)), dtype=dt, device=device)

    doc = f"Legacy constructor ``torch.{name}``: ``{name}(data)`` copies data, ``{name}(*sizes)`` allocates."
    return _LegacyTensorType(name, (), {"__new__": __new__, "dtype": dt, "__doc__": doc, "__module__": "oxtorch"})


FloatTensor = _legacy("FloatTensor", float32)  # noqa: F405
DoubleTensor = _legacy("DoubleTensor", float64)  # noqa: F405
HalfTensor = _legacy("HalfTensor", float16)  # noqa: F405
BFloat16Tensor = _legacy("BFloat16Tensor", bfloat16)  # noqa: F405
ByteTensor = _legacy("ByteTensor", uint8)  # noqa: F405
CharTensor = _legacy("CharTensor", int8)  # noqa: F405
ShortTensor = _legacy("ShortTensor", int16)  # noqa: F405
IntTensor = _legacy("IntTensor", int32)  # noqa: F405
LongTensor = _legacy("LongTensor", int64)  # noqa: F405
BoolTensor = _legacy("BoolTensor", bool)  # noqa: F405

__all__ += ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor",
            "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"]


def to_global(input, placement=None, sbp=None, **kwargs):  # noqa: A002 - OneFlow's parameter name
    """``oneflow.to_global(input, placement, sbp)``: ``input.to_global(...)``. A local input needs both a placement
    and an sbp; OneFlow's module function refuses it with a ValueError (the method raises a RuntimeError)."""
    if input.is_local and (placement is None or sbp is None):
        raise ValueError("Converting a local tensor to global tensor must have placement and sbp parameters.")
    return input.to_global(placement=placement, sbp=sbp, **kwargs)


__all__ += ["to_global"]
