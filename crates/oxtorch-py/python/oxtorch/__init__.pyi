# Type stubs of the `oxtorch` package (__init__.py): everything of the `_C` extension module, plus `Size`, the
# dtype unpickler and the legacy tensor constructors (`FloatTensor` ...).
import builtins as _builtins
from collections.abc import Sequence
from typing import Any, overload, type_check_only

from typing_extensions import TypeAlias, disjoint_base

from . import _C as _C
from . import cuda as cuda
from . import env as env
from . import return_types as return_types
from . import safetensors as safetensors
from . import sbp as sbp
from ._C import *
from ._C import Tensor, _DeviceLike, dtype

__all__ = [
    "dtype", "layout", "memory_format", "float32", "float64", "complex64", "complex128", "float16", "bfloat16",
    "uint8", "int8", "int16", "int32", "int64", "bool", "float", "double", "cfloat", "cdouble", "half", "short",
    "int", "long", "strided", "sparse_coo", "contiguous_format", "channels_last", "channels_last_3d",
    "preserve_format", "get_default_dtype", "set_default_dtype", "promote_types", "can_cast", "result_type",
    "device", "set_default_device", "get_default_device", "Tensor", "Generator", "tensor", "zeros", "ones",
    "empty", "full", "empty_strided", "arange", "linspace", "manual_seed", "rand", "randn", "randint", "set_num_threads", "get_num_threads",
    "zeros_like", "ones_like", "empty_like", "rand_like", "randn_like", "full_like", "randint_like", "sparse_coo_tensor", "equal", "allclose", "is_tensor", "from_numpy", "as_tensor", "from_dlpack",
    "reshape", "permute", "squeeze", "unsqueeze", "narrow", "flatten", "unflatten", "movedim", "moveaxis", "diagonal",
    "clone", "as_strided", "as_strided_", "transpose", "swapaxes", "swapdims", "t", "chunk", "select", "tensor_split",
    "hsplit", "vsplit", "dsplit", "split_with_sizes", "unsafe_split", "unsafe_split_with_sizes", "unbind",
    "view_as_real", "view_as_complex", "real", "imag", "conj", "resolve_conj", "resolve_neg", "is_conj", "is_neg",
    "split",
    "where", "clamp", "clip", "clamp_min", "clamp_max", "clamp_", "clip_", "clamp_min_", "clamp_max_",
    "addcmul", "addcdiv", "lerp", "isclose",
    "sum", "nansum", "prod", "mean", "nanmean", "amax", "amin", "all", "any", "max", "min", "argmax", "argmin",
    "cat", "concat", "concatenate", "stack", "hstack", "vstack", "dstack",
    "matmul", "mm", "bmm", "mv", "dot", "vdot", "outer", "ger",
    "placement", "OutOfMemoryError", "AcceleratorError",
    "save_file", "load_file", "save", "load", "SafetensorError", "safetensors",
    "Size", "cuda", "env", "sbp", "return_types",
    "FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor", "ShortTensor",
    "IntTensor", "LongTensor", "BoolTensor", "to_global",
]

# ----- generated from the op tables by crates/oxtorch-py/src/stubs.rs: do not edit -----
__all__ += [
    "add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide", "floor_divide", "maximum",
    "minimum", "eq", "ne", "not_equal", "lt", "less", "le", "less_equal", "gt", "greater",
    "ge", "greater_equal", "remainder", "fmod", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift", "logical_and",
    "logical_or", "logical_xor", "atan2", "arctan2", "hypot", "copysign", "fmax", "fmin", "logaddexp", "logaddexp2",
    "nextafter", "xlogy", "pow", "float_power", "sqrt", "sqrt_", "rsqrt", "rsqrt_", "exp", "exp_",
    "exp2", "exp2_", "expm1", "expm1_", "log", "log_", "log2", "log2_", "log10", "log10_",
    "log1p", "log1p_", "sin", "sin_", "cos", "cos_", "tan", "tan_", "asin", "asin_",
    "arcsin", "arcsin_", "acos", "acos_", "arccos", "arccos_", "atan", "atan_", "arctan", "arctan_",
    "sinh", "sinh_", "cosh", "cosh_", "tanh", "tanh_", "asinh", "asinh_", "arcsinh", "arcsinh_",
    "acosh", "acosh_", "arccosh", "arccosh_", "atanh", "atanh_", "arctanh", "arctanh_", "sigmoid", "sigmoid_",
    "erf", "erf_", "erfc", "erfc_", "reciprocal", "reciprocal_", "abs", "abs_", "absolute", "neg",
    "neg_", "negative", "negative_", "positive", "sign", "sgn", "floor", "floor_", "ceil", "ceil_",
    "trunc", "trunc_", "fix", "fix_", "round", "round_", "frac", "frac_", "square", "square_",
    "bitwise_not", "isnan", "isinf", "isfinite", "isposinf", "isneginf", "signbit", "logical_not", "isreal", "nan_to_num",
    "nan_to_num_", "angle", "conj_physical", "conj_physical_", "special",
]
# ----- end of generated stubs -----

_int: TypeAlias = _builtins.int

@disjoint_base
class Size(tuple[_int, ...]):
    def numel(self) -> _int: ...
    # concatenation and repetition keep the type, as torch.Size's do
    def __radd__(self, other: tuple[_int, ...], /) -> Size: ...

def _dtype_by_name(name: _builtins.str) -> dtype: ...
# `oneflow.to_global`: `input.to_global(...)` (a local input without placement or sbp is a ValueError)
def to_global(
    input: Tensor,
    placement: _C._placement | None = None,
    sbp: _C._SbpLike | None = None,
    *,
    check_meta: _builtins.bool | None = None,
    copy: _builtins.bool = False,
) -> Tensor: ...
def _get_device(self: Tensor) -> _int: ...

# The type of the legacy constructors. At runtime each is a class made by the metaclass `_LegacyTensorType`, whose
# `__new__` returns a plain Tensor (so no instance of the class itself ever exists); typed here as a callable
# class object, which keeps `FloatTensor(...)` a Tensor and `isinstance(t, FloatTensor)` valid.
@type_check_only
class _LegacyTensorConstructor(type):
    # the dtype of the tensors it makes
    dtype: _C.dtype
    # `isinstance(t, oxtorch.FloatTensor)`: t is a cpu Tensor of that dtype
    def __instancecheck__(cls, obj: object) -> _builtins.bool: ...
    # `FloatTensor(*sizes)` allocates, `FloatTensor(data)` copies data
    @overload
    def __call__(cls, *sizes: _int, device: _DeviceLike | None = None) -> Tensor: ...
    @overload
    def __call__(cls, data: Sequence[Any] | Tensor, /, *, device: _DeviceLike | None = None) -> Tensor: ...

FloatTensor: _LegacyTensorConstructor
DoubleTensor: _LegacyTensorConstructor
HalfTensor: _LegacyTensorConstructor
BFloat16Tensor: _LegacyTensorConstructor
ByteTensor: _LegacyTensorConstructor
CharTensor: _LegacyTensorConstructor
ShortTensor: _LegacyTensorConstructor
IntTensor: _LegacyTensorConstructor
LongTensor: _LegacyTensorConstructor
BoolTensor: _LegacyTensorConstructor
