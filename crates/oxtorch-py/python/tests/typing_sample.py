"""A type-checking sample of the oxtorch stubs (not a test module): `python -m mypy --strict` on this file must pass,
and it runs as a script. It uses the Tensor Attributes examples through `import oxtorch as torch`."""

import pathlib
from typing import Any, List, Optional, Tuple

import numpy as np

import oxtorch as torch

# ----- torch.dtype -----
dtypes: List[torch.dtype] = [torch.float32, torch.float, torch.float64, torch.double, torch.complex64, torch.cfloat,
                             torch.complex128, torch.cdouble, torch.float16, torch.half, torch.bfloat16, torch.uint8,
                             torch.int8, torch.int16, torch.short, torch.int32, torch.int, torch.int64, torch.long,
                             torch.bool]
flags: Tuple[bool, bool, bool, int] = (torch.float32.is_floating_point, torch.complex64.is_complex,
                                       torch.uint8.is_signed, torch.float64.itemsize)

float_tensor = torch.ones(1, dtype=torch.float)
double_tensor = torch.ones(1, dtype=torch.double)
complex_float_tensor = torch.ones(1, dtype=torch.complex64)
complex_double_tensor = torch.ones(1, dtype=torch.complex128)
int_tensor = torch.ones(1, dtype=torch.int)
long_tensor = torch.ones(1, dtype=torch.long)
uint_tensor = torch.ones(1, dtype=torch.uint8)
bool_tensor = torch.ones(1, dtype=torch.bool)
long_zerodim = torch.tensor(1, dtype=torch.long)
int_zerodim = torch.tensor(1, dtype=torch.int)

a: torch.dtype = torch.add(5, 5).dtype
promoted: torch.dtype = (int_tensor + 5).dtype
promoted = (int_tensor + long_zerodim).dtype
promoted = (long_tensor + int_tensor).dtype
promoted = (bool_tensor + long_tensor).dtype
promoted = (bool_tensor + uint_tensor).dtype
promoted = (float_tensor + double_tensor).dtype
promoted = (complex_float_tensor + complex_double_tensor).dtype
promoted = (bool_tensor + int_tensor).dtype
assert torch.promote_types(torch.int32, torch.float32) is torch.float32
assert torch.result_type(int_tensor, 5.0) == torch.float32
ok: bool = torch.can_cast(torch.double, torch.float)

# allowed and disallowed in-place casts
float_tensor *= float_tensor
float_tensor *= int_tensor
float_tensor *= uint_tensor
float_tensor *= bool_tensor
float_tensor *= double_tensor
int_tensor *= long_tensor
int_tensor *= uint_tensor
uint_tensor *= int_tensor
try:
    int_tensor *= float_tensor  # RuntimeError at run time, well typed
except RuntimeError:
    pass

torch.set_default_dtype(torch.float64)
assert torch.get_default_dtype() is torch.float64
torch.set_default_dtype(torch.float32)

# ----- torch.device -----
devices: List[torch.device] = [torch.device("cuda:0"), torch.device("cpu"), torch.device("mps"), torch.device("cuda"),
                               torch.device("cuda", 0), torch.device("cpu", 0), torch.device(1),
                               torch.device(torch.device("cpu"))]
device_type: str = torch.device("cuda", 0).type
device_index: Optional[int] = torch.device("cuda", 0).index
with torch.device("cpu") as d:
    assert isinstance(d, torch.device)
    r = torch.randn(2, 3)
torch.set_default_device("cpu")
torch.set_default_device(None)
default_device: torch.device = torch.get_default_device()

# ----- torch.layout and strides -----
x = torch.tensor([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
strides: Tuple[int, ...] = x.stride()
stride0: int = x.stride(0)
stride_last: int = x.t().stride(-1)
layout: torch.layout = x.layout
assert layout == torch.strided and torch.sparse_coo != torch.strided

# ----- torch.memory_format -----
nchw = torch.empty(2, 3, 4, 5)
nhwc = nchw.contiguous(memory_format=torch.channels_last)
contiguous_flags: List[bool] = [nhwc.is_contiguous(), nhwc.is_contiguous(memory_format=torch.channels_last)]
cloned = nhwc.clone(memory_format=torch.preserve_format)
formats: List[torch.memory_format] = [torch.contiguous_format, torch.channels_last, torch.channels_last_3d,
                                      torch.preserve_format]

# ----- Tensor attributes and Size -----
y = torch.tensor([[1, 2], [3, 4]])
shape: torch.Size = y.shape
size: torch.Size = y.size()
size1: int = y.size(1)
numel: int = y.size().numel()
dims: Tuple[int, int, int] = (y.dim(), y.ndim, y.numel())
dtype: torch.dtype = (y + 5).dtype
device: torch.device = y.device
flag: bool = y.is_cpu or y.is_meta or y.is_floating_point() or y.is_complex()

# ----- views, indexing, casts -----
v = y.view(4).reshape(2, 2).reshape((4,)).permute(0).unsqueeze(0).squeeze().expand(3, 4).flatten()
w = y.transpose(0, 1).narrow(0, 0, 1).select(0, 0)
parts: Tuple[torch.Tensor, ...] = y.split(1) + y.chunk(2, dim=1)
# the view surface: function forms, in-place views, aliases, attributes, the split family
fv = torch.reshape(y, (4,)) + torch.permute(y, (1, 0)).reshape(4) + torch.flatten(torch.squeeze(y, 0))
fw = torch.transpose(torch.swapaxes(y, 0, 1), 0, 1).t().H.mH.T.mT.real
inplace: torch.Tensor = y.clone().t_().transpose_(0, 1).swapaxes_(0, 1).squeeze_().unsqueeze_(0).as_strided_((4,), (1,))
aliased = y.swapdims(0, 1).moveaxis(0, 1).view_as(y).reshape_as(y) + torch.narrow(y, 0, torch.tensor(0), 1)
pieces: Tuple[torch.Tensor, ...] = (
    y.tensor_split(2) + y.tensor_split([1], dim=1) + torch.hsplit(y, 2) + y.vsplit([1]) + torch.unbind(y)
    + torch.split(y, [1, 1]) + y.split_with_sizes([1, 1]) + torch.unsafe_split(y, 1) + y.unbind(1)
)
zc = torch.zeros(2, dtype=torch.complex64)
zc.real = torch.ones(2)
zc.imag = 2.0
row: torch.Tensor = y[0]
elem: torch.Tensor = y[0, 1]
window: torch.Tensor = y[..., None, 0:1]
y[0] = 7
y[1, :] = torch.tensor([5, 6])
f = y.float().double().half().bfloat16().int().long().short().char().byte().bool().cfloat().cdouble()
t1 = y.to(torch.float64)
t2 = y.to("cpu")
t3 = y.to(torch.device("cpu"), torch.float32, copy=True)
t4 = y.to(t1)
t5 = y.to(dtype=torch.int8, memory_format=torch.preserve_format)
s = torch.empty_strided((2, 3), (1, 2)).as_strided((2, 2), (1, 2), 1)

# ----- arithmetic and values -----
z = (2 - y) * 3.0 / (y + 1) // 2
z = torch.div(y, 2, rounding_mode="floor") - torch.sub(y, 1, alpha=2) + torch.mul(y, y) + torch.floor_divide(y, 2)
z.add_(1, alpha=2).sub_(y).mul_(2).div_(3, rounding_mode="trunc")
z += 1
n: torch.Tensor = -z
values: Any = y.tolist()
item: complex = torch.tensor(2.5).item()
i: int = int(torch.tensor(3))
fl: float = float(torch.tensor(3.5))
same: bool = torch.equal(y, y) and y.allclose(y) and torch.allclose(y, y, rtol=1e-3) and torch.is_tensor(y)

# ----- factories -----
factories: List[torch.Tensor] = [
    torch.zeros(2, 3), torch.zeros((2, 3), dtype=torch.int64), torch.ones([2]), torch.empty(y.shape),
    torch.full((2, 2), 1.5), torch.arange(5), torch.arange(0, 5, 2), torch.linspace(0, 1, 5),
    torch.rand(2, generator=torch.Generator().manual_seed(1)), torch.randn((2, 2)), torch.randint(10, (3,)),
    torch.randint(0, 10, (3,), dtype=torch.int32), torch.zeros_like(y), torch.ones_like(y, dtype=torch.float),
    torch.empty_like(y), torch.rand_like(float_tensor), torch.randn_like(float_tensor), torch.full_like(y, 7),
    torch.randint_like(y, 10), torch.randint_like(y, 0, 10),
    torch.arange(end=3), torch.arange(0, end=3.5, step=0.5), torch.linspace(torch.tensor(0), torch.tensor(1), 5),
]
torch.manual_seed(0)

# ----- NumPy and DLPack -----
arr = y.numpy()
back = torch.from_numpy(np.zeros((2, 2)))
shared = torch.from_dlpack(y)
as_array = np.asarray(y)

# ----- legacy tensor types -----
legacy = torch.FloatTensor([1.0, 2.0])
legacy_sized = torch.LongTensor(2, 3)
legacy_dtype: torch.dtype = torch.BoolTensor.dtype
assert isinstance(legacy, torch.FloatTensor) and not isinstance(legacy, torch.DoubleTensor)

# ----- sparse COO -----
sp = torch.sparse_coo_tensor(torch.tensor([[0, 1], [1, 0]]), torch.tensor([1.0, 2.0]), (2, 2))
sp_dense: torch.Tensor = sp.coalesce().to_dense() + torch.zeros(2, 2)
sp_parts: Tuple[int, int, int] = (sp.sparse_dim(), sp.dense_dim(), sp._nnz())
sp_results: List[torch.Tensor] = [
    sp * 2, sp + sp, torch.floor_divide(sp, 2), sp // 2, sp.t(), sp.transpose(0, 1), sp.unsqueeze(0),
    sp.coalesce().indices(), y.to_sparse(), y.to_sparse(1), torch.zeros(2, 2, layout=torch.sparse_coo),
]
sp_flags: bool = sp.is_sparse and not sp.is_coalesced() and sp.layout == torch.sparse_coo
sp_strides: Tuple[int, ...] = sp.stride()

# ----- global tensors (placement, sbp, env) -----
def global_tensors() -> None:
    p: torch.placement = torch.placement("cpu", ranks=[0])
    grid = torch.placement(type="cpu", ranks=[[0]])
    s: torch.sbp.sbp = torch.sbp.split(0)
    b = torch.sbp.broadcast()
    x = torch.ones(2, 3, placement=p, sbp=s)
    y = x.to_global(sbp=[b]).to_local()
    z = torch.tensor([1, 2], placement=grid, sbp=[torch.sbp.partial_sum, b])
    flag: bool = x.is_global and y.is_local
    sbps: tuple[torch.sbp.sbp, ...] = z.sbp
    rank: int = torch.env.get_rank() + torch.env.get_world_size()
    everyone: torch.placement = torch.placement.all("cpu")
    print(p.type, p.ranks.shape, (x + 1).placement, flag, sbps, rank, everyone)


# ----- joining -----
def joining() -> None:
    a = torch.ones(2, 3)
    b = torch.zeros(1, 3, dtype=torch.int64)
    joined: torch.Tensor = torch.cat([a, b]) + torch.concat((a, a), dim=1).sum() + torch.concatenate([a], 0)
    stacked = torch.stack([a, a], dim=-1, out=torch.empty(0))
    numpy_style = torch.hstack([a, a]).sum() + torch.vstack((a, b)).sum() + torch.dstack([a]).sum()
    print(joined, stacked, numpy_style)


# ----- weights in the safetensors format -----
def weights(folder: pathlib.Path) -> None:
    from oxtorch.safetensors import load, save

    path = folder / "w.safetensors"
    torch.save_file({"w": torch.ones(2, 3), "b": torch.zeros(3)}, path, metadata={"format": "pt"})
    loaded: dict[str, torch.Tensor] = torch.load_file(str(path), device="cpu")
    again: dict[str, torch.Tensor] = load(save(loaded))
    try:
        torch.load(b"not a file")
    except torch.SafetensorError as e:
        print(loaded["w"].sum(), again, e)
