# Type stubs of the `oxtorch._C` extension module (crates/oxtorch-py/src/*.rs), annotated as PyTorch's own
# `torch/_C/__init__.pyi` is. The dtype singletons `int`, `float` and `bool` (and the Tensor methods of the same
# names) shadow the builtins in this file, so builtin types are always written through the private aliases below.
import builtins
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import Any, Literal, Optional, SupportsIndex, Union, final, overload

import numpy as _np
from numpy.typing import NDArray
from typing_extensions import Self, TypeAlias

from oxtorch import Size
from oxtorch import sbp as _sbp_module

# the names PyO3 puts in the module's __all__, in registration order
__all__ = [
    "dtype", "layout", "memory_format", "float32", "float64", "complex64", "complex128", "float16", "bfloat16",
    "uint8", "int8", "int16", "int32", "int64", "bool", "float", "double", "cfloat", "cdouble", "half", "short",
    "int", "long", "strided", "sparse_coo", "contiguous_format", "channels_last", "channels_last_3d",
    "preserve_format", "get_default_dtype", "set_default_dtype", "promote_types", "can_cast", "result_type",
    "device", "set_default_device", "get_default_device", "Tensor", "Generator", "tensor", "as_tensor", "zeros", "ones",
    "empty", "full", "empty_strided", "arange", "linspace", "manual_seed", "rand", "randn", "randint", "set_num_threads", "get_num_threads",
    "zeros_like", "ones_like", "empty_like", "rand_like", "randn_like", "full_like", "randint_like", "add", "sub",
    "mul", "div", "floor_divide", "equal", "allclose", "is_tensor", "sparse_coo_tensor", "_cuda_is_available",
    "_cuda_device_count",
    "_cuda_current_device", "_cuda_set_device", "_cuda_synchronize", "_cuda_empty_cache", "_cuda_memory_stats",
    "_tensor_get_device", "from_numpy", "from_dlpack", "OutOfMemoryError", "AcceleratorError", "placement",
    "_sbp_split", "_sbp_broadcast", "_sbp_partial_sum", "_sbp_from_state", "_env_get_rank", "_env_get_world_size",
    "_env_get_local_rank", "_global_world_kind", "_global_world_started", "_launched_by_mpi", "_global_finalize",
    "_global_abort", "_sbp_type",
]

_int: TypeAlias = builtins.int
_float: TypeAlias = builtins.float
_bool: TypeAlias = builtins.bool
_complex: TypeAlias = builtins.complex
_str: TypeAlias = builtins.str

# A Python number, as PyTorch's `torch.types.Number`.
_Number: TypeAlias = Union[_int, _float, _bool, _complex]
# Sizes given as one sequence (`zeros((2, 3))`, `zeros([2, 3])`, `zeros(x.shape)`).
_size: TypeAlias = Union[Size, Sequence[_int]]

# ----- dtype, layout, memory_format -----

@final
class dtype:
    @property
    def is_floating_point(self) -> _bool: ...
    @property
    def is_complex(self) -> _bool: ...
    @property
    def is_signed(self) -> _bool: ...
    @property
    def itemsize(self) -> _int: ...
    def __eq__(self, other: object, /) -> _bool: ...
    def __ne__(self, other: object, /) -> _bool: ...
    def __hash__(self) -> _int: ...
    def __reduce__(self) -> tuple[Any, tuple[_str]]: ...

@final
class layout:
    def __eq__(self, other: object, /) -> _bool: ...
    def __ne__(self, other: object, /) -> _bool: ...
    def __hash__(self) -> _int: ...

@final
class memory_format:
    def __eq__(self, other: object, /) -> _bool: ...
    def __ne__(self, other: object, /) -> _bool: ...
    def __hash__(self) -> _int: ...

# the class names are shadowed inside class Tensor by the attributes of the same names
_dtype: TypeAlias = dtype
_layout: TypeAlias = layout
_memory_format: TypeAlias = memory_format

bool: dtype
uint8: dtype
int8: dtype
int16: dtype
int32: dtype
int64: dtype
float16: dtype
bfloat16: dtype
float32: dtype
float64: dtype
complex64: dtype
complex128: dtype
# PyTorch's aliases
float: dtype
double: dtype
cfloat: dtype
cdouble: dtype
half: dtype
short: dtype
int: dtype
long: dtype

strided: layout
sparse_coo: layout

contiguous_format: memory_format
channels_last: memory_format
channels_last_3d: memory_format
preserve_format: memory_format

def get_default_dtype() -> dtype: ...
def set_default_dtype(d: dtype, /) -> None: ...
def promote_types(type1: dtype, type2: dtype) -> dtype: ...
def can_cast(from_: dtype, to: dtype) -> _bool: ...
# PyTorch's overloads: (tensor, other), (scalar, tensor), (scalar1, scalar2)
@overload
def result_type(tensor: Tensor, other: Union[Tensor, _Number]) -> dtype: ...
@overload
def result_type(scalar: _Number, tensor: Tensor) -> dtype: ...
@overload
def result_type(scalar1: _Number, scalar2: _Number) -> dtype: ...

# ----- device -----

@final
class device:
    def __new__(cls, type: Union[device, _str, _int], index: Optional[_int] = None) -> Self: ...
    @property
    def type(self) -> _str: ...
    @property
    def index(self) -> Optional[_int]: ...
    def __eq__(self, other: object, /) -> _bool: ...
    def __ne__(self, other: object, /) -> _bool: ...
    def __hash__(self) -> _int: ...
    def __reduce__(self) -> tuple[Any, tuple[_str]]: ...
    def __enter__(self) -> Self: ...
    def __exit__(
        self, _t: Optional[builtins.type[BaseException]], _v: Optional[BaseException], _tb: Optional[TracebackType]
    ) -> Literal[False]: ...

_device: TypeAlias = device
# What `device=` arguments accept, as PyTorch's `torch.types.Device`: a device, a string, or a cuda ordinal.
_DeviceLike: TypeAlias = Union[device, _str, _int]

def set_default_device(device: Optional[_DeviceLike]) -> None: ...
def get_default_device() -> device: ...

# ----- global tensors: placement (sbp objects are `oxtorch.sbp.sbp`, see sbp.pyi) -----

@final
class placement:
    def __new__(cls, type: _str, ranks: Any) -> Self: ...
    @property
    def type(self) -> _str: ...
    @property
    def device_type(self) -> _str: ...
    @property
    def ranks(self) -> NDArray[_np.int64]: ...
    @property
    def hierarchy(self) -> Size: ...
    @staticmethod
    def all(device_type: _str) -> placement: ...
    def __eq__(self, other: object, /) -> _bool: ...
    def __ne__(self, other: object, /) -> _bool: ...
    def __hash__(self) -> _int: ...
    def __reduce__(self) -> tuple[Any, tuple[_str, Any]]: ...

_placement: TypeAlias = placement
_SbpLike: TypeAlias = Union[_sbp_module.sbp, Sequence[_sbp_module.sbp]]

_sbp_type: type[_sbp_module.sbp]
def _sbp_split(dim: _int) -> _sbp_module.sbp: ...
def _sbp_broadcast() -> _sbp_module.sbp: ...
def _sbp_partial_sum() -> _sbp_module.sbp: ...
def _sbp_from_state(state: tuple[_str, _int]) -> _sbp_module.sbp: ...
def _env_get_rank() -> _int: ...
def _env_get_world_size() -> _int: ...
def _env_get_local_rank() -> _int: ...
def _global_world_kind() -> _str: ...
def _global_world_started() -> _bool: ...
def _launched_by_mpi() -> _bool: ...
def _global_finalize() -> None: ...
def _global_abort(code: _int) -> None: ...

# ----- Tensor -----

# One index item: an int, a slice, None (new axis), `...`, a bool, or an advanced index (an integer or bool tensor, a
# list of ints or bools).
_IndexItem: TypeAlias = Union[None, SupportsIndex, slice, builtins.ellipsis, _bool, Tensor, list[Any]]
_Index: TypeAlias = Union[_IndexItem, tuple[_IndexItem, ...]]

@final
class Tensor:
    # ----- attributes -----
    @property
    def dtype(self) -> _dtype: ...
    @property
    def device(self) -> _device: ...
    @property
    def layout(self) -> _layout: ...
    @property
    def shape(self) -> Size: ...
    @property
    def ndim(self) -> _int: ...
    @property
    def is_meta(self) -> _bool: ...
    @property
    def is_cpu(self) -> _bool: ...
    @property
    def is_cuda(self) -> _bool: ...
    def get_device(self) -> _int: ...
    @overload
    def size(self, dim: None = None) -> Size: ...
    @overload
    def size(self, dim: SupportsIndex) -> _int: ...
    @overload
    def stride(self, dim: None = None) -> tuple[_int, ...]: ...
    @overload
    def stride(self, dim: SupportsIndex) -> _int: ...
    def storage_offset(self) -> _int: ...
    def dim(self) -> _int: ...
    def ndimension(self) -> _int: ...
    def numel(self) -> _int: ...
    def nelement(self) -> _int: ...
    def element_size(self) -> _int: ...
    def is_floating_point(self) -> _bool: ...
    def is_complex(self) -> _bool: ...
    def is_contiguous(self, *, memory_format: Optional[_memory_format] = None) -> _bool: ...

    # ----- sparse COO -----
    @property
    def is_sparse(self) -> _bool: ...
    def sparse_dim(self) -> _int: ...
    def dense_dim(self) -> _int: ...
    def _nnz(self) -> _int: ...
    def indices(self) -> Tensor: ...
    def values(self) -> Tensor: ...
    def _indices(self) -> Tensor: ...
    def _values(self) -> Tensor: ...
    def is_coalesced(self) -> _bool: ...
    def _coalesced_(self, coalesced: _bool) -> Tensor: ...
    def coalesce(self) -> Tensor: ...
    def to_dense(self, dtype: Optional[_dtype] = None, *, masked_grad: Optional[_bool] = None) -> Tensor: ...
    def to_sparse(
        self,
        *args: Optional[SupportsIndex],
        layout: Optional[_layout] = None,
        blocksize: Any = None,
        dense_dim: Optional[_int] = None,
    ) -> Tensor: ...
    def to_sparse_coo(self) -> Tensor: ...

    # ----- views -----
    def t(self) -> Tensor: ...
    def __format__(self, format_spec: _str, /) -> _str: ...
    @property
    def T(self) -> Tensor: ...
    @property
    def mT(self) -> Tensor: ...
    def transpose(self, dim0: _int, dim1: _int) -> Tensor: ...
    @overload
    def permute(self, dims: Sequence[_int], /) -> Tensor: ...
    @overload
    def permute(self, *dims: _int) -> Tensor: ...
    @overload
    def permute(self, *, dims: Sequence[_int]) -> Tensor: ...
    @overload
    def view(self, dtype: _dtype, /) -> Tensor: ...
    @overload
    def view(self, *, dtype: _dtype) -> Tensor: ...
    @overload
    def view(self, size: _size, /) -> Tensor: ...
    @overload
    def view(self, *size: _int) -> Tensor: ...
    @overload
    def view(self, *, size: _size) -> Tensor: ...
    @overload
    def reshape(self, shape: _size, /) -> Tensor: ...
    @overload
    def reshape(self, *shape: _int) -> Tensor: ...
    @overload
    def reshape(self, *, shape: _size) -> Tensor: ...
    @overload
    def expand(self, size: _size, /, *, implicit: _bool = False) -> Tensor: ...
    @overload
    def expand(self, *sizes: _int, implicit: _bool = False) -> Tensor: ...
    @overload
    def expand(self, *, size: _size, implicit: _bool = False) -> Tensor: ...
    def expand_as(self, other: Tensor) -> Tensor: ...
    # a new tensor over the same storage (oxtorch has no autograd)
    def detach(self) -> Tensor: ...
    def detach_(self) -> Tensor: ...
    def narrow(self, dim: _int, start: _int, length: _int) -> Tensor: ...
    def select(self, dim: _int, index: _int) -> Tensor: ...
    def squeeze(self, dim: Union[None, _int, Sequence[_int]] = None) -> Tensor: ...
    def unsqueeze(self, dim: _int) -> Tensor: ...
    def flatten(self, start_dim: _int = 0, end_dim: _int = -1) -> Tensor: ...
    def unflatten(self, dim: _int, sizes: Sequence[_int]) -> Tensor: ...
    def diagonal(self, offset: _int = 0, dim1: _int = 0, dim2: _int = 1) -> Tensor: ...
    def movedim(self, source: Union[_int, Sequence[_int]], destination: Union[_int, Sequence[_int]]) -> Tensor: ...
    def as_strided(self, size: _size, stride: Sequence[_int], storage_offset: Optional[_int] = None) -> Tensor: ...
    def unfold(self, dimension: _int, size: _int, step: _int) -> Tensor: ...
    # PyTorch returns tuples from split / chunk; oxtorch returns lists
    def split(self, split_size: Union[_int, Sequence[_int]], dim: _int = 0) -> tuple[Tensor, ...]: ...
    def chunk(self, chunks: _int, dim: _int = 0) -> tuple[Tensor, ...]: ...
    def __getitem__(self, key: _Index, /) -> Tensor: ...
    def __setitem__(self, key: _Index, value: Union[Tensor, _Number], /) -> None: ...
    def __iter__(self) -> Iterator[Tensor]: ...

    # ----- copies and casts -----
    def contiguous(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def clone(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    @overload
    def to(
        self,
        dtype: _dtype,
        non_blocking: _bool = False,
        copy: _bool = False,
        *,
        memory_format: Optional[_memory_format] = None,
    ) -> Tensor: ...
    @overload
    def to(
        self,
        device: Optional[_DeviceLike] = None,
        dtype: Optional[_dtype] = None,
        non_blocking: _bool = False,
        copy: _bool = False,
        *,
        memory_format: Optional[_memory_format] = None,
    ) -> Tensor: ...
    @overload
    def to(
        self,
        other: Tensor,
        non_blocking: _bool = False,
        copy: _bool = False,
        *,
        memory_format: Optional[_memory_format] = None,
    ) -> Tensor: ...
    @overload
    def type(self, dtype: None = None, non_blocking: _bool = False, **kwargs: Any) -> _str: ...
    @overload
    def type(self, dtype: Union[_str, _dtype, type], non_blocking: _bool = False, **kwargs: Any) -> Tensor: ...
    def copy_(self, src: Tensor, non_blocking: _bool = False) -> Tensor: ...
    def fill_(self, value: Union[Tensor, _Number]) -> Tensor: ...
    def zero_(self) -> Tensor: ...
    def cpu(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def cuda(
        self,
        device: Optional[_DeviceLike] = None,
        non_blocking: _bool = False,
        *,
        memory_format: Optional[_memory_format] = None,
    ) -> Tensor: ...
    def float(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def double(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def half(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def bfloat16(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def int(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def long(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def short(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def char(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def byte(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def bool(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def cfloat(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...
    def cdouble(self, *, memory_format: Optional[_memory_format] = None) -> Tensor: ...

    # ----- arithmetic -----
    def add(self, other: Union[Tensor, _Number], *, alpha: Optional[_Number] = None) -> Tensor: ...
    def sub(self, other: Union[Tensor, _Number], *, alpha: Optional[_Number] = None) -> Tensor: ...
    def mul(self, other: Union[Tensor, _Number]) -> Tensor: ...
    def div(self, other: Union[Tensor, _Number], *, rounding_mode: Optional[_str] = None) -> Tensor: ...
    # `self // other` (division rounded toward negative infinity), and in place
    def floor_divide(self, other: Union[Tensor, _Number]) -> Tensor: ...
    def floor_divide_(self, other: Union[Tensor, _Number]) -> Tensor: ...
    def add_(self, other: Union[Tensor, _Number], *, alpha: Optional[_Number] = None) -> Tensor: ...
    def sub_(self, other: Union[Tensor, _Number], *, alpha: Optional[_Number] = None) -> Tensor: ...
    def mul_(self, other: Union[Tensor, _Number]) -> Tensor: ...
    def div_(self, other: Union[Tensor, _Number], *, rounding_mode: Optional[_str] = None) -> Tensor: ...
    def __add__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __radd__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __sub__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __rsub__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __mul__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __rmul__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __truediv__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __rtruediv__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __floordiv__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __rfloordiv__(self, other: Union[Tensor, _Number], /) -> Tensor: ...
    def __iadd__(self, other: Union[Tensor, _Number], /) -> Self: ...
    def __isub__(self, other: Union[Tensor, _Number], /) -> Self: ...
    def __imul__(self, other: Union[Tensor, _Number], /) -> Self: ...
    def __itruediv__(self, other: Union[Tensor, _Number], /) -> Self: ...
    def __ifloordiv__(self, other: Union[Tensor, _Number], /) -> Self: ...
    def __neg__(self) -> Tensor: ...
    def __pos__(self) -> Self: ...

    # ----- values -----
    def tolist(self) -> Any: ...
    def item(self) -> _Number: ...
    def __len__(self) -> _int: ...
    def __bool__(self) -> _bool: ...
    def __int__(self) -> _int: ...
    def __float__(self) -> _float: ...
    def __complex__(self) -> _complex: ...
    def __index__(self) -> _int: ...
    def equal(self, other: Tensor) -> _bool: ...
    def allclose(self, other: Tensor, rtol: _float = 1e-05, atol: _float = 1e-08, equal_nan: _bool = False) -> _bool: ...

    # ----- NumPy and DLPack -----
    def numpy(self, *, force: _bool = False) -> NDArray[Any]: ...
    def __array__(self, dtype: Optional[_np.dtype[Any]] = None, copy: Optional[_bool] = None) -> NDArray[Any]: ...
    def __dlpack__(
        self,
        *,
        stream: Optional[Any] = None,
        max_version: Optional[tuple[_int, _int]] = None,
        dl_device: Optional[tuple[_int, _int]] = None,
        copy: Optional[_bool] = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[_int, _int]: ...
    # ----- global tensors -----
    @property
    def is_global(self) -> _bool: ...
    @property
    def is_local(self) -> _bool: ...
    @property
    def placement(self) -> _placement: ...
    @property
    def sbp(self) -> tuple[_sbp_module.sbp, ...]: ...
    def to_global(
        self,
        placement: Optional[_placement] = None,
        sbp: Optional[_SbpLike] = None,
        *,
        grad_sbp: Optional[_SbpLike] = None,
        check_meta: Optional[_bool] = None,
        copy: _bool = False,
    ) -> Tensor: ...
    def local_to_global(
        self,
        placement: Optional[_placement] = None,
        sbp: Optional[_SbpLike] = None,
        *,
        check_meta: _bool = True,
        copy: _bool = False,
    ) -> Tensor: ...
    def global_to_global(
        self,
        placement: Optional[_placement] = None,
        sbp: Optional[_SbpLike] = None,
        *,
        grad_sbp: Optional[_SbpLike] = None,
        check_meta: _bool = False,
        copy: _bool = False,
    ) -> Tensor: ...
    def to_local(self, *, copy: _bool = False) -> Tensor: ...
    def to_consistent(self, *args: Any, **kwargs: Any) -> None: ...
    def is_consistent(self) -> None: ...

# ----- factories -----

def tensor(
    data: Any,
    *,
    dtype: Optional[dtype] = None,
    device: Optional[_DeviceLike] = None,
    requires_grad: _bool = False,
    pin_memory: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def zeros(
    size: _size,
    /,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def zeros(
    *size: _int,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def ones(
    size: _size,
    /,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def ones(
    *size: _int,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def empty(
    size: _size,
    /,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def empty(
    *size: _int,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
def full(
    size: _size,
    fill_value: _Number,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
def empty_strided(
    size: _size,
    stride: Sequence[_int],
    *,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
) -> Tensor: ...
# `arange(end)` or `arange(start, end, step=1)`
def arange(
    start: _Number,
    end: Optional[_Number] = None,
    step: Optional[_Number] = None,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
def linspace(
    start: _Number,
    end: _Number,
    steps: _int,
    *,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
) -> Tensor: ...

# ----- random -----

@final
class Generator:
    def __new__(cls, device: Optional[_DeviceLike] = None) -> Self: ...
    # any integer in [-2**63, 2**64); negative seeds are taken modulo 2**64
    def manual_seed(self, seed: _int) -> Self: ...

def manual_seed(seed: _int) -> None: ...
@overload
def rand(
    size: _size,
    /,
    *,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def rand(
    *size: _int,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def randn(
    size: _size,
    /,
    *,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def randn(
    *size: _int,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def randint(
    high: _int,
    size: _size,
    /,
    *,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...
@overload
def randint(
    low: _int,
    high: _int,
    size: _size,
    /,
    *,
    generator: Optional[Generator] = None,
    out: Optional[Tensor] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    placement: Optional[_placement] = None,
    sbp: Optional[_SbpLike] = None,
) -> Tensor: ...

# ----- *_like factories -----

def zeros_like(
    input: Tensor,
    *,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def ones_like(
    input: Tensor,
    *,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def empty_like(
    input: Tensor,
    *,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def rand_like(
    input: Tensor,
    *,
    generator: Optional[Generator] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def randn_like(
    input: Tensor,
    *,
    generator: Optional[Generator] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def full_like(
    input: Tensor,
    fill_value: _Number,
    *,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...
def randint_like(
    input: Tensor,
    low_or_high: _int,
    high: Optional[_int] = None,
    *,
    generator: Optional[Generator] = None,
    dtype: Optional[dtype] = None,
    layout: Optional[layout] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    memory_format: Optional[memory_format] = None,
) -> Tensor: ...

# ----- sparse COO -----

def sparse_coo_tensor(
    indices: Any = None,
    values: Any = None,
    size: Optional[Sequence[SupportsIndex]] = None,
    *,
    dtype: Optional[_dtype] = None,
    device: Optional[_DeviceLike] = None,
    pin_memory: _bool = False,
    requires_grad: _bool = False,
    check_invariants: Optional[_bool] = None,
    is_coalesced: Optional[_bool] = None,
) -> Tensor: ...

# ----- arithmetic -----

def add(
    input: Union[Tensor, _Number],
    other: Union[Tensor, _Number],
    *,
    alpha: Optional[_Number] = None,
    out: Optional[Tensor] = None,
) -> Tensor: ...
def sub(
    input: Union[Tensor, _Number],
    other: Union[Tensor, _Number],
    *,
    alpha: Optional[_Number] = None,
    out: Optional[Tensor] = None,
) -> Tensor: ...
def mul(input: Union[Tensor, _Number], other: Union[Tensor, _Number], *, out: Optional[Tensor] = None) -> Tensor: ...
def div(
    input: Union[Tensor, _Number],
    other: Union[Tensor, _Number],
    *,
    rounding_mode: Optional[_str] = None,
    out: Optional[Tensor] = None,
) -> Tensor: ...
def floor_divide(
    input: Union[Tensor, _Number], other: Union[Tensor, _Number], *, out: Optional[Tensor] = None
) -> Tensor: ...
def equal(input: Tensor, other: Tensor) -> _bool: ...
def allclose(
    input: Tensor, other: Tensor, rtol: _float = 1e-05, atol: _float = 1e-08, equal_nan: _bool = False
) -> _bool: ...
def is_tensor(obj: object, /) -> _bool: ...

# ----- NumPy and DLPack -----

def from_numpy(ndarray: NDArray[Any]) -> Tensor: ...
def as_tensor(data: Any, dtype: Optional[_dtype] = None, device: Optional[_DeviceLike] = None) -> Tensor: ...
def from_dlpack(obj: Any) -> Tensor: ...

def set_num_threads(n: _int) -> None: ...
def get_num_threads() -> _int: ...

# ----- errors and CUDA -----

class OutOfMemoryError(RuntimeError): ...
class AcceleratorError(RuntimeError): ...

def _cuda_is_available() -> _bool: ...
def _cuda_device_count() -> _int: ...
def _cuda_current_device() -> _int: ...
def _cuda_set_device(device: _DeviceLike) -> None: ...
def _cuda_synchronize(device: Optional[_DeviceLike] = None) -> None: ...
def _cuda_empty_cache() -> None: ...
def _cuda_memory_stats(device: Optional[_DeviceLike] = None) -> tuple[_int, _int]: ...
def _tensor_get_device(t: Tensor) -> _int: ...
