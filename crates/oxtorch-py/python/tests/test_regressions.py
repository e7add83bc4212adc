"""Regression tests for the causes the differential fuzzer (fuzz/differential) found in the Python surface, one test
per cause, each with PyTorch 2.15's answer written out so that no PyTorch is needed. The core library's
counterparts are in crates/oxtorch/tests/regressions.rs."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

import oxtorch as torch


def raises(cls, message):
    """pytest.raises for an exact first line of the message."""
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


# ----- panics -----


def test_zero_dim_unflatten_and_split_raise_instead_of_panicking():
    with raises(RuntimeError, "unflatten got an unexpected error:\nDimension specified as 0 but tensor has no dimensions"):
        torch.tensor(5).unflatten(0, (1,))
    with raises(RuntimeError, "split expects at least a 1-dimensional tensor"):
        torch.tensor(5).split([1], 0)


def test_arange_integer_dtype_fractional_step():
    assert torch.arange(0, 5, 0.5, dtype=torch.int64).tolist() == [0] * 10
    with raises(RuntimeError, "invalid size, possible overflow?"):
        torch.arange(1e20, 7.0, -10, dtype=torch.int64)


# ----- indexing -----


def test_index_single_item_versus_tuple():
    x = torch.zeros(2, 2)
    with raises(IndexError, "index 5 is out of bounds for dimension 1 with size 2"):
        x[None, 5]
    with raises(IndexError, "too many indices for tensor of dimension 0"):
        torch.tensor(1)[0,]
    with raises(IndexError, "index 1 is out of bounds for dimension 0 with size 0"):
        torch.tensor(1)[1]
    with raises(IndexError, "slice() cannot be applied to a 0-dim tensor."):
        torch.tensor(1)[:]
    with raises(ValueError, "slice step cannot be zero"):
        x[::0]
    with raises(ValueError, "step must be greater than zero"):
        torch.tensor(1)[::-1]
    assert x[1, ..., ...].shape == torch.Size([2])
    # slice bounds beyond 64 bits clamp as Python's slice unpacking does
    assert torch.arange(4)[: 2**70].tolist() == [0, 1, 2, 3]


def test_setitem_follows_copy_to():
    x = torch.zeros(2, 3, dtype=torch.int64)
    x[0] = torch.tensor([[1, 2, 3]])  # leading size-1 dims are stripped, then expanded
    assert x.tolist() == [[1, 2, 3], [0, 0, 0]]
    with raises(RuntimeError, "The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]"):
        x[0] = torch.tensor([1, 2])
    x[False] = 9  # does nothing
    assert x.tolist() == [[1, 2, 3], [0, 0, 0]]
    h = torch.zeros(2, dtype=torch.float16)
    with raises(RuntimeError, "value cannot be converted to type c10::Half without overflow"):
        h[:] = 70000.0
    f = torch.zeros(2, dtype=torch.float64)
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        f[:] = 1 + 2j
    f[0] = torch.tensor(1 + 2j)  # a 0-dim tensor value is copied (real part)
    assert f.tolist() == [1.0, 0.0]
    with raises(TypeError, "can't assign a str to a oxtorch.DoubleTensor"):
        f[0] = "a"


def test_iteration():
    assert [t.tolist() for t in torch.tensor([[1, 2], [3, 4]])] == [[1, 2], [3, 4]]
    with raises(TypeError, "iteration over a 0-d tensor"):
        list(torch.tensor(1))


# ----- methods and keywords -----


def test_detach_shares_storage():
    x = torch.arange(4)
    d = x.detach()
    assert d is not x and d.stride() == x.stride()
    d.fill_(7)
    assert x.tolist() == [7, 7, 7, 7]


def test_floor_divide_methods():
    x = torch.tensor([5, -7, 7])
    assert x.floor_divide(2).tolist() == [2, -4, 3]
    assert torch.tensor([5.0, -7.0]).floor_divide(2).tolist() == [2.0, -4.0]
    y = torch.tensor([5, -7])
    assert y.floor_divide_(2) is y and y.tolist() == [2, -4]
    assert (x // 2).tolist() == [2, -4, 3]
    with pytest.raises(NotImplementedError):
        torch.tensor([1j]).floor_divide(2)
    with raises(RuntimeError, "ZeroDivisionError"):
        torch.tensor([1]).floor_divide(0)


def test_keyword_forms():
    x = torch.zeros(2, 3)
    assert x.view(size=(3, 2)).shape == torch.Size([3, 2])
    assert x.reshape(shape=(6,)).shape == torch.Size([6])
    assert x.permute(dims=(1, 0)).shape == torch.Size([3, 2])
    assert x[0].expand(size=(2, 3), implicit=False).shape == torch.Size([2, 3])
    assert len(x.split(split_size=1)) == 2
    assert x.copy_(torch.ones(2, 3), non_blocking=True) is x
    assert x.cpu(memory_format=torch.preserve_format) is x
    assert x.double(memory_format=torch.contiguous_format).dtype == torch.float64
    assert x.float() is x
    assert torch.tensor([1], pin_memory=False).tolist() == [1]
    assert torch.zeros(2, pin_memory=False).shape == torch.Size([2])
    assert torch.zeros_like(x, pin_memory=False).shape == x.shape


def test_keyword_only_and_positional_only_like_pytorch():
    x = torch.zeros(2)
    for call in (lambda: x.is_contiguous(torch.contiguous_format), lambda: x.contiguous(torch.contiguous_format),
                 lambda: x.clone(torch.contiguous_format), lambda: x.float(torch.contiguous_format)):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(TypeError):
        torch.set_default_dtype(d=torch.float32)
    with pytest.raises(TypeError):
        torch.is_tensor(obj=x)
    with pytest.raises(TypeError):
        torch.zeros(2, memory_format=torch.contiguous_format)  # zeros has no memory_format
    with pytest.raises(TypeError):
        torch.rand(2, memory_format=torch.contiguous_format)


def test_factory_out_argument():
    out = torch.zeros(2, 3, dtype=torch.int32)
    r = torch.ones(2, 3, out=out)
    assert r is out and out.tolist() == [[1, 1, 1], [1, 1, 1]] and out.dtype == torch.int32
    small = torch.zeros(0)
    assert torch.arange(4, out=small) is small and small.tolist() == [0.0, 1.0, 2.0, 3.0]
    with raises(RuntimeError, "dtype Double does not match dtype of out parameter (Int)"):
        torch.zeros(2, dtype=torch.float64, out=torch.zeros(2, dtype=torch.int32))


def test_result_type_overloads():
    t = torch.zeros(1, dtype=torch.int32)
    assert torch.result_type(tensor=t, other=2.5) == torch.float32
    assert torch.result_type(scalar=2.5, tensor=t) == torch.float32
    assert torch.result_type(scalar1=1, scalar2=2.5) == torch.float32
    with pytest.raises(TypeError):
        torch.result_type(tensor=2.5, other=t)
    with pytest.raises(TypeError):
        torch.result_type(t, 1, 2)


def test_requires_grad_and_layout_errors():
    with raises(RuntimeError, "Only Tensors of floating point and complex dtype can require gradients"):
        torch.zeros(2, dtype=torch.int32, requires_grad=True)
    with raises(RuntimeError, "full(...) is not implemented for sparse layout"):
        torch.full((2,), 1, layout=torch.sparse_coo)


# ----- values -----


def test_fill_checks_and_tensor_values():
    with raises(RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions."):
        torch.zeros(2).fill_(torch.tensor([1.0, 2.0]))
    assert torch.zeros(2).fill_(torch.tensor(1.25 + 5j)).tolist() == [1.25, 1.25]  # a copy: the real part
    with raises(RuntimeError, "value cannot be converted to type float without overflow"):
        torch.zeros(2).fill_(1e300)
    with raises(RuntimeError, "value cannot be converted to type c10::Half without overflow"):
        torch.zeros(2, dtype=torch.float16).fill_(70000)
    assert torch.zeros(1, dtype=torch.float16).fill_(70000).tolist() == [math.inf]
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        torch.zeros(1, dtype=torch.bfloat16).fill_(1j)


def test_python_number_conversions():
    with raises(ValueError, "only one element tensors can be converted to Python scalars"):
        int(torch.zeros(2))
    with raises(ValueError, "only one element tensors can be converted to Python scalars"):
        float(torch.zeros(0))
    assert int(torch.tensor(1e30)) == 1000000015047466219876688855040
    with pytest.raises(ValueError):
        int(torch.tensor(math.nan))
    with raises(RuntimeError, "value cannot be converted to type int64_t without overflow"):
        int(torch.tensor(complex(3, 1)))
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        float(torch.tensor(1 + 2j))


def test_tensor_data_rules():
    assert torch.tensor(np.int32(1)).dtype == torch.int32
    with raises(ValueError, "Overflow when unpacking long long"):
        torch.tensor([2**64])
    assert torch.tensor([1.0, 2**70]).tolist() == [1.0, float(2**70)]
    assert torch.tensor([2**70], dtype=torch.float32).dtype == torch.float32
    with raises(TypeError, "'complex' object cannot be interpreted as an integer"):
        torch.tensor([1, complex(1, 0)], dtype=torch.int8)
    with raises(TypeError, "must be real number, not complex"):
        torch.tensor([complex(1, 2)], dtype=torch.float32)
    with raises(RuntimeError, "value cannot be converted to type uint8 without overflow"):
        torch.tensor([-0.5], dtype=torch.uint8)
    assert torch.tensor([-1], dtype=torch.uint8).tolist() == [255]


def test_misc_messages():
    with raises(RuntimeError, "Char did not match Float"):
        torch.allclose(torch.zeros(2, dtype=torch.int8), torch.zeros(2))
    with pytest.raises(NotImplementedError):
        -torch.tensor([True])
    with raises(RuntimeError, "zeros: Dimension size must be non-negative."):
        torch.zeros(2, -1)
    with raises(RuntimeError, "Trying to create tensor with negative dimension -1: [2, -1]"):
        torch.ones(2, -1)
    with raises(RuntimeError, "META device type not an accelerator."):
        torch.Generator("meta")
    torch.manual_seed(-1)
    with raises(ValueError, "Overflow when unpacking long long"):
        torch.manual_seed(2**64)
    with raises(RuntimeError, "legacy constructor expects device type: cpu but device type: meta was passed"):
        torch.FloatTensor([1, 2], device="meta")
    with pytest.raises(TypeError, match=r"^expected TensorOptions\(dtype=float, device=cpu"):
        torch.FloatTensor(torch.tensor([1, 2]))
    x = torch.tensor([1.0, 2.0])
    assert torch.FloatTensor(x).tolist() == [1.0, 2.0]


def test_random_checks():
    with pytest.raises(NotImplementedError):
        torch.rand(2, dtype=torch.int32)
    with raises(RuntimeError, "to - 1 is out of bounds for bool"):
        torch.randint(0, 5, (2,), dtype=torch.bool)
    g = torch.Generator().manual_seed(3)
    a = torch.rand_like(torch.zeros(3), generator=g)
    b = torch.rand_like(torch.zeros(3), generator=torch.Generator().manual_seed(3))
    assert a.tolist() == b.tolist()


# ----- devices and printing -----


def test_cpu_and_meta_tensors_have_no_device_index():
    assert torch.zeros(2, device="cpu:0").device == torch.device("cpu")
    m = torch.zeros(2, device="meta:0")
    assert m.device == torch.device("meta")
    assert repr(m) == "tensor(..., device='meta', size=(2,))"


def test_repr_device_suffix_ignores_the_default_device():
    # PyTorch compares with the default tensor type's device (cpu), not torch.set_default_device
    torch.set_default_device("meta")
    try:
        cpu = torch.tensor([1], device="cpu")
        assert repr(cpu) == "tensor([1])"
    finally:
        torch.set_default_device(None)


def test_contiguous_preserve_format():
    x = torch.zeros(2, 3)
    assert x.contiguous(memory_format=torch.preserve_format) is x
    with raises(RuntimeError, "preserve memory format is unsupported by the contiguous operator"):
        x.t().contiguous(memory_format=torch.preserve_format)


def test_printing_a_large_tensor_reads_only_its_edges():
    import time

    t = torch.arange(2**24, dtype=torch.float32)
    start = time.perf_counter()
    text = repr(t)
    assert time.perf_counter() - start < 0.05
    assert text == "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.6777e+07, 1.6777e+07,\n        1.6777e+07])"


def test_size_arithmetic_returns_size():
    s = torch.Size([2, 3])
    assert isinstance(s * 2, torch.Size) and s * 2 == (2, 3, 2, 3)
    assert isinstance((1,) + s, torch.Size) and (1,) + s == (1, 2, 3)
    assert torch.Size([True]) == (1,)
    with pytest.raises(TypeError):
        s + [1]


def test_T_mT_detach__and_type():
    """F17: `.T`, `.mT`, `detach_()` and `type()` were missing (PyTorch 2.15's answers written out)."""
    import warnings

    x = torch.zeros(2, 3, 4)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert (x.T.shape, x.T.stride()) == ((4, 3, 2), (1, 4, 12))
        assert torch.tensor(1.0).T.shape == ()
    assert (x.mT.shape, x.mT.stride()) == ((2, 4, 3), (12, 1, 4))
    assert torch.zeros(2, 3).T.stride() == (1, 3)
    with raises(RuntimeError, "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."):
        torch.zeros(3).mT
    y = torch.zeros(2, 3)
    assert y.detach_() is y
    assert y.type() == "oxtorch.FloatTensor"
    assert torch.zeros(2, dtype=torch.complex128).type() == "oxtorch.ComplexDoubleTensor"
    assert torch.zeros(2, device="meta").type() == "oxtorch.meta.FloatTensor"
    assert torch.zeros(2).to_sparse().type() == "oxtorch.sparse.FloatTensor"
    assert y.type(torch.float32) is y
    assert y.type(torch.int32).dtype == torch.int32
    assert y.type("torch.IntTensor").dtype == torch.int32
    assert y.type(torch.IntTensor).dtype == torch.int32
    assert y.type("torch.sparse.IntTensor").layout == torch.strided
    with raises(ValueError, "invalid type: 'torch.float64'"):
        y.type("torch.float64")
    with raises(TypeError, "dtype must be a type, str, or dtype object"):
        y.type(3)


def test_numpy_and_dlpack_strides_as_pytorch_gives_them():
    """F18: torch.tensor(ndarray) keeps a dense array's strides; DLPack import normalizes the negative stride of a
    size-1 dimension; DLPack export of an empty tensor has zero strides; as_tensor shares memory."""
    f = np.ones((2, 2), dtype=np.int32, order="F")
    assert torch.tensor(f).stride() == (1, 2)
    assert torch.tensor(np.ones((3, 4), dtype=np.int32)[::2]).stride() == (4, 1)
    assert torch.tensor(np.ones((0, 3), dtype=np.float32)[::-1]).stride() == (0, 0)
    assert torch.from_dlpack(np.ones((1, 1), np.float32)[::-1]).stride() == (1, 1)
    assert torch.from_dlpack(np.ones((4, 6), np.float32)[::2, ::2][:1][::-1]).stride() == (6, 2)
    assert torch.from_dlpack(np.ones((4, 6), np.float32)[::2, ::2][:, :1][:, ::-1]).stride() == (12, 1)
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[2, 3] and strides=[-3, 1]"):
        torch.from_dlpack(np.ones((2, 3), np.float32)[::-1])
    assert np.from_dlpack(torch.zeros(0, 3)).strides == (0, 0)
    a = np.ones(3)
    t = torch.as_tensor(a)
    a[0] = 5
    assert t[0].item() == 5.0
    y = torch.zeros(2, 3)
    assert torch.as_tensor(y) is y and torch.as_tensor(y, dtype=torch.float32) is y
    assert torch.as_tensor(y, dtype=torch.int64).dtype == torch.int64
    assert torch.as_tensor(f).stride() == (1, 2)
    assert torch.as_tensor([1, 2]).dtype == torch.int64


def test_cuda_generator_without_a_driver():
    """The CUDA generator reaches the CUDA runtime directly in PyTorch: without a driver its error is the runtime's."""
    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    with pytest.raises(RuntimeError) as e:
        torch.Generator("cuda")
    assert isinstance(e.value, torch.AcceleratorError)
    assert str(e.value).split("\n")[0] in (
        "CUDA error: CUDA driver version is insufficient for CUDA runtime version",
        "CUDA error: no CUDA-capable device is detected",
    )


def test_tensor_data_is_read_as_pytorch_reads_it():
    """F19: torch.tensor's errors for values it cannot infer a dtype from or store into the dtype given, and no
    value checks on the meta device (PyTorch 2.15's answers written out)."""
    import warnings

    class Index:
        def __index__(self):
            return 3

    class Float:
        def __float__(self):
            return 2.5

    with raises(TypeError, "new(): invalid data type 'str'"):
        torch.tensor([1, "a"])
    with raises(TypeError, "new(): invalid data type 'str'"):
        torch.tensor("a")
    with raises(ValueError, "too many dimensions 'str'"):
        torch.tensor(["a"])
    with raises(RuntimeError, "Could not infer dtype of NoneType"):
        torch.tensor([1, None])
    with raises(RuntimeError, "Could not infer dtype of Index"):
        torch.tensor([Index()])
    with raises(TypeError, "'numpy.bool' object cannot be interpreted as an integer"):
        torch.tensor(np.bool_(1), dtype=torch.uint8)
    with raises(TypeError, "'numpy.float32' object cannot be interpreted as an integer"):
        torch.tensor([[np.float32(1)]], dtype=torch.int32)
    with raises(TypeError, "'str' object cannot be interpreted as an integer"):
        torch.tensor([1, "a"], dtype=torch.int64)
    with raises(TypeError, "must be real number, not NoneType"):
        torch.tensor([None], dtype=torch.float32)
    with raises(TypeError, "'Float' object cannot be interpreted as an integer"):
        torch.tensor([Float()], dtype=torch.bool)
    assert torch.tensor([Index()], dtype=torch.int32).tolist() == [3]
    assert torch.tensor([Float()], dtype=torch.float32).tolist() == [2.5]
    assert torch.tensor([np.float64(2.5)], dtype=torch.int64).tolist() == [2]
    assert torch.tensor([1j, 2**70], dtype=torch.bool).tolist() == [True, True]
    assert torch.tensor([np.bool_(True)], dtype=torch.bool).tolist() == [True]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's ComplexWarning: the imaginary part is dropped
        assert torch.tensor([np.complex128(1 + 2j)], dtype=torch.float32).tolist() == [1.0]
    assert torch.tensor([1, 2j], dtype=torch.int32, device="meta").shape == (2,)
    assert torch.tensor([2**70, "a"], dtype=torch.int64, device="meta").shape == (2,)
    assert torch.tensor([-(2**63) - 1], device="meta").dtype == torch.int64



def test_views_know_they_are_views():
    """F20: `detach_()` of a view is PyTorch's error, so tensors record whether a view operation made them."""
    x = torch.zeros(2, 3)
    views = [x[...], x.reshape(2, 3), x.t(), x.expand(2, 3), x.split(2)[0], x[0], x.as_strided((2,), (1,)), x.mT]
    assert all(v._is_view() for v in views)
    others = [x.detach(), x.contiguous(), x.view(torch.int32), x[[0]], x.t().reshape(6), x.clone(), torch.from_dlpack(x)]
    assert not any(v._is_view() for v in others)
    with pytest.raises(RuntimeError, match="^Can't detach views in-place. Use detach\\(\\) instead."):
        torch.arange(1, dtype=torch.int32).reshape(()).detach_()
    d = x.detach()
    assert d.detach_() is d


def test_int_list_overflow_is_the_parsers_type_error():
    """F24: an int-list element beyond 64 bits is PyTorch's parser TypeError, naming function, argument and position."""
    tail = ' with error "Overflow when unpacking long long'
    with raises(TypeError, "zeros(): argument 'size' failed to unpack the object at pos 4" + tail):
        torch.zeros(size=(1, 2, 2, 10**20))
    with raises(TypeError, "zeros(): argument 'size' failed to unpack the object at pos 1" + tail):
        torch.zeros(2**70)
    with raises(TypeError, "permute(): argument 'dims' failed to unpack the object at pos 2" + tail):
        torch.zeros(2, 3).permute(0, 2**70)


def test_random_factories_check_after_allocating():
    """F21: the kernel's dtype check comes after the size checks, and normal_ runs no kernel for no elements."""
    assert torch.randn(0, dtype=torch.int16).dtype == torch.int16
    assert torch.randn_like(torch.zeros(0, dtype=torch.bool)).shape == (0,)
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]"):
        torch.randn(3, 2, 2**62, dtype=torch.int16)
    with raises(NotImplementedError, "\"check_uniform_bounds\" not implemented for 'Short'"):
        torch.rand(0, dtype=torch.int16)
    assert torch.randint_like(torch.zeros(1, dtype=torch.int64), 3, 2, device="meta").shape == (1,)


def test_tensors_inside_data_are_stored_as_numbers():
    """F19: a tensor inside a list is stored through `__index__` / `__float__`, as PyTorch's store does."""
    with raises(TypeError, "only integer tensors of a single element can be converted to an index"):
        torch.tensor([torch.tensor(-1.0)], dtype=torch.long)
    with raises(TypeError, "only integer tensors of a single element can be converted to an index"):
        torch.tensor([torch.tensor([1.5, 2.0])], dtype=torch.bool)
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        torch.tensor([torch.tensor(1 + 2j)], dtype=torch.float32)
    assert torch.tensor([torch.tensor(True)], dtype=torch.int32).tolist() == [1]
    assert torch.tensor([torch.tensor(1.5)], dtype=torch.complex64).tolist() == [1.5 + 0j]
    assert torch.tensor(torch.tensor([1.5, 2.0]), dtype=torch.int64).tolist() == [1, 2]


def test_format_of_a_zero_dim_tensor_formats_its_value():
    """F29: `format(t)` / f-strings of a 0-dim tensor format its value, as PyTorch's `Tensor.__format__` does."""
    assert format(torch.tensor(-13, dtype=torch.int8)) == "-13"
    assert f"{torch.tensor(2.5):.3f}" == "2.500"
    assert format(torch.tensor([1, 2])) == str(torch.tensor([1, 2]))
    with pytest.raises(TypeError):
        format(torch.tensor([1, 2]), ".2f")


def test_misnested_data_and_negation_strides():
    """F31: a sequence where a number belongs is stored as a number (CPython's message for the dtype, inferred from
    every number); a number where a sequence belongs is "not a sequence". F32: `-t` lays out its result as
    PyTorch's unary operations do."""
    with raises(TypeError, "'list' object cannot be interpreted as an integer"):
        torch.tensor([1, [2]])
    with raises(TypeError, "must be real number, not list"):
        torch.tensor([1, [2.5]])
    with raises(TypeError, "must be real number, not list"):
        torch.tensor([1, []])
    with raises(TypeError, "must be real number, not tuple"):
        torch.tensor([1, (2,)], dtype=torch.float32)
    with raises(TypeError, "not a sequence"):
        torch.tensor([[1], 2])
    with raises(ValueError, "expected sequence of length 2 at dim 1 (got 1)"):
        torch.tensor([[1, 2], [3]])
    v = torch.tensor([[2.0], [3.0], [4.0]]).transpose(0, 1)
    assert (-v).stride() == (3, 1)
    assert (-torch.zeros(2, 3).t()).stride() == (1, 3)
    with pytest.raises(NotImplementedError):
        -torch.tensor([True])


def test_empty_strided_negative_strides():
    """F33: a negative stride is PyTorch's storage-size error on a dimension of more than one element; on one of
    one element or none PyTorch gives that dimension its contiguous stride."""
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[2] and strides=[-1]"):
        torch.empty_strided((2,), (-1,))
    assert torch.empty_strided((1,), (-1,)).stride() == (1,)
    assert torch.empty_strided((1, 2), (-5, 1)).stride() == (2, 1)
    assert torch.empty_strided((1, 1), (-1, 2)).stride() == (2, 2)
    assert torch.empty_strided((0, 2), (-3, -1)).stride() == (2, 1)
    assert torch.empty_strided((1, 0, 2), (-1, -1, 3)).stride() == (6, 6, 3)
    with raises(RuntimeError, "Trying to create tensor with negative dimension -1: [-1]"):
        torch.empty_strided((-1,), (1,))


def test_empty_like_of_a_strided_tensor_has_no_sparse_layout():
    """F33: `empty_like(dense, layout=sparse_coo)` is PyTorch's dispatcher error; `zeros_like` makes the sparse
    tensor."""
    with pytest.raises(NotImplementedError, match="^Could not run 'aten::empty_strided' with arguments from the 'SparseCPU'"):
        torch.empty_like(torch.zeros(2, 3), layout=torch.sparse_coo)
    assert torch.zeros_like(torch.zeros(2, 3), layout=torch.sparse_coo).layout == torch.sparse_coo
    assert torch.empty_like(torch.zeros(2, 3).to_sparse()).layout == torch.sparse_coo


def test_rtruediv_array_copy_and_sparse_check_order():
    """F34: `n / t` is `t.reciprocal() * n` laid out as PyTorch's unary reciprocal; `np.array(t)` keeps the memory
    order; `empty_like(..., layout=sparse_coo, memory_format=...)` fails on the memory format first."""
    v = torch.tensor([[8.2, 9.6, 70000.0]], dtype=torch.float16).transpose(0, 1)
    assert (False / v).stride() == (1, 1)
    assert (1 / torch.zeros(2, 3).t()).stride() == (1, 3)
    assert np.array(torch.zeros(4, 3, dtype=torch.uint8).t()).strides == (1, 3)
    with raises(RuntimeError, "memory format option is only supported by strided tensors"):
        torch.empty_like(torch.zeros(0, 1), layout=torch.sparse_coo, memory_format=torch.contiguous_format)


def test_unary_plus_on_bool():
    """F35: PyTorch 2.15 refuses `+t` for a bool tensor; other tensors are returned as they are."""
    with raises(NotImplementedError, "The `+` operator, on a bool tensor is not supported."):
        +torch.tensor([True])
    x = torch.tensor([1])
    assert (+x) is x


def test_factories_with_a_sparse_layout():
    """F38: `empty(..., layout=sparse_coo)` is an empty sparse tensor (whatever the memory format); the factories
    without a sparse kernel allocate one and then fail in the dispatcher, after the sparse tensor's own size check;
    the `*_like` factories of a strided tensor fail on the memory format, else in `empty_strided`."""
    for fmt in (None, torch.contiguous_format, torch.channels_last, torch.preserve_format):
        kw = {} if fmt is None else {"memory_format": fmt}
        t = torch.empty((1, 4), layout=torch.sparse_coo, **kw)
        assert (t.layout, t.shape, t._nnz()) == (torch.sparse_coo, torch.Size([1, 4]), 0)
    with raises(RuntimeError, "numel: integer multiplication overflow"):
        torch.empty(-1, 3, layout=torch.sparse_coo)
    with raises(RuntimeError, "numel: integer multiplication overflow"):
        torch.randn(-1, 3, layout=torch.sparse_coo)
    # the dispatcher's first sentence (PyTorch goes on with the backends it has kernels for)
    dispatcher = "Could not run 'aten::{}' with arguments from the '{}' backend."
    for make, kernel in [
        (lambda **k: torch.rand(2, 3, **k), "uniform_"),
        (lambda **k: torch.randn(-1, 0, **k), "normal_"),
        (lambda **k: torch.randint(5, 2, (3,), **k), "random_.from"),
        (lambda **k: torch.arange(0, -1, **k), "arange.start_out"),
        (lambda **k: torch.linspace(0, 1, 3, dtype=torch.bool, **k), "linspace.out"),
        (lambda **k: torch.empty_strided((2, 3), (3, 1), **k), "empty_strided"),
    ]:
        with pytest.raises(NotImplementedError, match="^" + re.escape(dispatcher.format(kernel, "SparseCPU"))):
            make(layout=torch.sparse_coo)
    with pytest.raises(NotImplementedError, match="^" + re.escape(dispatcher.format("normal_", "SparseMeta"))):
        torch.randn(2, 3, layout=torch.sparse_coo, device="meta")
    with raises(RuntimeError, "number of steps must be non-negative"):
        torch.linspace(0, 1, -1, layout=torch.sparse_coo)
    dense = torch.ones(2, 2, dtype=torch.int16).t()
    for like in (
        lambda **k: torch.ones_like(dense, **k),
        lambda **k: torch.full_like(dense, 3, **k),
        lambda **k: torch.rand_like(dense.float(), **k),
        lambda **k: torch.randint_like(dense, 5, **k),
    ):
        with raises(RuntimeError, "memory format option is only supported by strided tensors"):
            like(layout=torch.sparse_coo, memory_format=torch.channels_last)
        with pytest.raises(NotImplementedError, match="^" + re.escape(dispatcher.format("empty_strided", "SparseCPU"))):
            like(layout=torch.sparse_coo)


def test_reading_a_meta_tensor_is_not_implemented():
    """F39: copying values out of a meta tensor is PyTorch's `NotImplementedError`; `item()` stays its
    RuntimeError."""
    m = torch.ones(2, device="meta")
    for read in (m.tolist, m.cpu, lambda: torch.ones(2).copy_(m)):
        with raises(NotImplementedError, "Cannot copy out of meta tensor; no data!"):
            read()
    with raises(RuntimeError, "Tensor.item() cannot be called on meta tensors"):
        torch.ones(1, device="meta").item()


def test_zero_divisor_partial_writes_and_floor_divide_out():
    """F40: integer division with a rounding mode writes the quotients before the first zero divisor (loop
    order), then raises; `floor_divide` with an `out=` of another dtype divides into a temporary, so `out` keeps
    its shape and values; `div(..., rounding_mode=...)` resizes `out` first (structured kernel)."""
    a = torch.tensor([6, 9, 4])
    with raises(RuntimeError, "ZeroDivisionError"):
        a.div_(torch.tensor([2, 0, 1]), rounding_mode="floor")
    assert a.tolist() == [3, 9, 4]
    x, y = torch.tensor([4, 5]), torch.tensor([1, 0])
    o = torch.zeros(5, dtype=torch.bfloat16)
    with raises(RuntimeError, "ZeroDivisionError"):
        torch.floor_divide(x, y, out=o)
    assert (o.shape, o.tolist()) == (torch.Size([5]), [0.0] * 5)
    o = torch.zeros(5, dtype=torch.int64)
    with raises(RuntimeError, "ZeroDivisionError"):
        torch.floor_divide(x, y, out=o)
    assert o.tolist() == [4, 0]
    o = torch.zeros(5, dtype=torch.bfloat16)
    with raises(RuntimeError, "ZeroDivisionError"):
        torch.div(x, y, rounding_mode="floor", out=o)
    assert o.tolist() == [0.0, 0.0]


def test_check_orders_of_sparse_linspace_and_meta_randn():
    """F43: `linspace` checks the dtype against complex bounds before its sparse layout fails; `randn` on the meta
    device checks negative sizes with a bare assertion (PyTorch's Python decomposition of `normal_`)."""
    with raises(RuntimeError, "torch.linspace(): inferred dtype c10::complex<float> can't be safely cast to passed dtype BFloat16"):
        torch.linspace(complex(1, 1), 2, 3, dtype=torch.bfloat16, layout=torch.sparse_coo)
    message = ("Expected cond to be True, but got False. (Could this error message be improved? If so, please report an "
               "enhancement request to PyTorch.)")
    for size in ((-3,), (2, -3), (-3, 0)):
        with raises(RuntimeError, message):
            torch.randn(*size, device="meta")
    with raises(RuntimeError, "Trying to create tensor with negative dimension -3: [-3]"):
        torch.rand(-3, device="meta")


def test_assignment_between_disjoint_views_of_one_storage():
    """F47: `x[0] = x[1]` (a copy between views of one storage that do not overlap) failed with an internal
    error."""
    x = torch.arange(4.0)
    x[0] = x[1]
    assert x.tolist() == [1.0, 1.0, 2.0, 3.0]
    v = torch.tensor([[[-10.0]], [[79.0]], [[-33.0]], [[-17.0]]], dtype=torch.float64)
    v.select(-3, -2)[...] = v.select(0, 1)
    assert v.flatten().tolist() == [-10.0, 79.0, 79.0, -17.0]


def test_tensor_data_in_pytorchs_three_passes():
    """F48: `torch.tensor(data)` measures the shape along the first elements (a tensor is not descended into),
    infers the dtype by promoting every element's (tensors and NumPy values by their own dtype, stopping at
    complex128), then stores element by element in order, each through the protocol of the dtype; the meta
    device stores nothing, so ragged data is accepted there."""
    T = torch.tensor
    with raises(RuntimeError, "value cannot be converted to type int32 without overflow"):
        T([[9223372036854775807], [complex(1.5, 0.18936)]], dtype=torch.int32)
    with raises(RuntimeError, "value cannot be converted to type int16 without overflow"):
        T([T(32768), T(1.0)], dtype=torch.int16)
    with raises(ValueError, "Overflow when unpacking long long"):
        T([[2**64], [1.5j]], dtype=torch.int8)
    with raises(TypeError, "'complex' object cannot be interpreted as an integer"):
        T([[1.5j], [2**64]], dtype=torch.int8)
    assert T([T(complex(-2, 5e-324)), T(0.0)], dtype=torch.float64).tolist() == [-2.0, 0.0]
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        T([T(complex(-2, 1)), T(0.0)], dtype=torch.float64)
    assert T([T(1.0, dtype=torch.float64), 2]).dtype == torch.float64
    assert T([T(1, dtype=torch.int8), T(2, dtype=torch.uint8)]).dtype == torch.int16
    assert T([1, T(2.5, dtype=torch.bfloat16)]).dtype == torch.bfloat16
    assert T([np.float64(1.0)]).dtype == torch.float64
    assert T([np.float16(1.0), 2]).dtype == torch.float16
    assert T(T([1, 2], dtype=torch.int8)).dtype == torch.int8
    with raises(ValueError, "only one element tensors can be converted to Python scalars"):
        T([T([1.5, 2.5]), [1, 2]])
    t = T([T([[1]]), T([1])])
    assert (t.shape, t.tolist()) == (torch.Size([2]), [1, 1])
    with raises(ValueError, "expected sequence of length 2 at dim 1 (got 3)"):
        T([[1, 2], T([1, 2, 3])])
    assert T([[1, 2], T([1.5, 2])]).tolist() == [[1.0, 2.0], [1.5, 2.0]]
    # the dtype is inferred before anything is stored: complex128 ends the inference, so a string after it is
    # met only when stored
    with raises(TypeError, "must be real number, not str"):
        T([T(1, dtype=torch.complex128), 1.5j, "a"])
    with raises(TypeError, "new(): invalid data type 'str'"):
        T([1.5j, "a"])
    assert T([[], [1]]).shape == torch.Size([2, 0])
    assert T([[1, 2], range(2)]).tolist() == [[1, 2], [0, 1]]
    assert T([[1, 2], {1: 2, 3: 4}], dtype=torch.int32).tolist() == [[1, 2], [1, 3]]
    with raises(TypeError, "'range' object cannot be interpreted as an integer"):
        T([1, range(2)])
    with raises(TypeError, "len() of unsized object"):
        T([np.array(3)])
    for data, dtype, shape, expected in (([[1], 2], torch.complex128, (2, 1), torch.complex128),
                                         ([[1, 2], []], torch.float64, (2, 2), torch.float64),
                                         ([1, [2]], None, (2,), torch.int64),
                                         ([T([1.0, 2.0]), 3], None, (2,), torch.float32)):
        t = T(data, device="meta", dtype=dtype)
        assert (t.shape, t.dtype) == (torch.Size(shape), expected)


def test_floor_divide_out_of_another_dtype_checks_before_it_divides():
    """F49: `floor_divide` with an `out=` of another dtype divides into a temporary: the iterator's overlap check
    of `out` comes before a zero divisor, and any error of the division (also a dtype without the kernel) leaves
    `out` as it was."""
    out = torch.zeros((1,)).expand((3,))
    with raises(RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a "
                              "single memory location. Please clone() the tensor before performing the operation."):
        torch.floor_divide(torch.tensor([8], dtype=torch.uint8), torch.tensor([0], dtype=torch.int32), out=out)
    out = torch.tensor(0, dtype=torch.uint8).unsqueeze(0)
    with raises(NotImplementedError, "\"div_floor_cpu\" not implemented for 'Bool'"):
        torch.floor_divide(torch.tensor(False), False, out=out)
    assert out.shape == torch.Size([1])


def test_empty_strided_negative_strides_by_device():
    """F51: on the meta device `empty_strided` checks no storage size and replaces every negative stride as
    PyTorch's `set_sizes_and_strides` does (the next dimension's stride times its size, 1 for the last); on the
    CPU a negative stride on a dimension of more than one element is the storage-size error."""
    assert torch.empty_strided((3,), (-1,), device="meta").stride() == (1,)
    assert torch.empty_strided((4, 1, 1), (-1, 6, 3), device="meta").stride() == (6, 6, 3)
    assert torch.empty_strided((3, 1), (-1, -1), device="meta").stride() == (1, 1)
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[3] and strides=[-1]"):
        torch.empty_strided((3,), (-1,))
    assert torch.empty_strided((3, 0), (-1, -1)).stride() == (1, 1)


def test_factory_check_orders():
    """F52: `linspace` on the meta device (PyTorch's Python decomposition) checks the dtype before the number of
    steps, and with a sparse layout gives the C++ function's message on any device; `full` parses its arguments,
    then refuses a sparse layout, then negative sizes; `ones(layout=sparse_coo)` is `full`'s refusal before the
    sizes' signs; and the legacy deviation 9 (`-2^63` as a size)."""
    # (dtypes are named as the module's own, `oxtorch.complex64` here)
    with raises(RuntimeError, f"linspace(): inferred dtype {torch.complex64} can't be safely cast to passed dtype {torch.int32}"):
        torch.linspace(1j, 2, -1, dtype=torch.int32, device="meta")
    with raises(RuntimeError, "number of steps must be non-negative"):
        torch.linspace(1j, 2, -1, dtype=torch.int32)
    with raises(RuntimeError, "torch.linspace(): inferred dtype c10::complex<float> can't be safely cast to passed dtype Int"):
        torch.linspace(1j, 2, 3, dtype=torch.int32, device="meta", layout=torch.sparse_coo)
    with raises(TypeError, "full(): argument 'size' failed to unpack the object at pos 2 with error \"Overflow when unpacking long long"):
        torch.full((2, 10**20), 0, layout=torch.sparse_coo)
    with raises(TypeError, "full(): argument 'fill_value' (position 2) must be Number, not str"):
        torch.full((2, 1), "a", layout=torch.sparse_coo)
    with raises(RuntimeError, "full(...) is not implemented for sparse layout"):
        torch.ones(size=(-1,), layout=torch.sparse_coo)
    with raises(RuntimeError, "Trying to create tensor with negative dimension -9223372036854775808: "
                              "[-9223372036854775808]"):
        torch.FloatTensor(-2**63)


def test_flatten_of_one_dimension_is_the_tensor_itself():
    """F58: `flatten` whose range is one dimension returns the tensor itself (PyTorch's `return self`), so resizing
    it through `out=` resizes the other name too (the fuzzer's alias family: `v3 = v2.flatten()` then
    `torch.add(v0, 1, out=v3)` left `v2` empty here, resized in PyTorch)."""
    v0 = torch.full((3,), 58.0)
    v2 = v0.as_strided((0,), (2,))
    v3 = v2.flatten()
    assert v3 is v2
    torch.add(v0, 1, out=v3)
    assert v2.shape == torch.Size([3]) and v2.tolist() == [59.0, 59.0, 59.0]
    m = torch.ones((3, 2), dtype=torch.int64)
    assert m.flatten(1, -1) is m and m.flatten(-2, 0) is m
    assert m.flatten() is not m and m.flatten().shape == torch.Size([6])
    s = torch.tensor(5.0)
    assert s.flatten() is not s and s.flatten().shape == torch.Size([1])
    with raises(RuntimeError, "flatten() has invalid args: start_dim cannot come after end_dim"):
        m.flatten(1, 0)
    sp = torch.zeros((2, 3), layout=torch.sparse_coo)
    assert sp.flatten(1, 1) is sp


def test_requires_grad_is_checked_on_the_new_tensor_of_every_layout():
    """F59: `requires_grad=True` on a sparse or global factory's integer result is PyTorch's dtype error (PyTorch
    sets it once the tensor exists); a floating one is oxtorch's no-autograd refusal (README deviation)."""
    v0 = torch.empty((3, 3, 1, 0), dtype=torch.float16)
    with raises(RuntimeError, "Only Tensors of floating point and complex dtype can require gradients"):
        torch.zeros_like(v0, dtype=torch.int8, requires_grad=True, layout=torch.sparse_coo)
    with raises(RuntimeError, "Only Tensors of floating point and complex dtype can require gradients"):
        torch.zeros((2,), dtype=torch.int32, requires_grad=True, layout=torch.sparse_coo)
    with raises(RuntimeError, "Only Tensors of floating point and complex dtype can require gradients"):
        torch.sparse_coo_tensor(torch.tensor([[0]]), torch.tensor([1]), (2,), requires_grad=True)
    with raises(NotImplementedError, "oxtorch has no autograd: requires_grad=True is not supported"):
        torch.zeros_like(v0, requires_grad=True, layout=torch.sparse_coo)


def test_meta_randn_checks_as_the_overload_it_reaches():
    """F60: `randn(size, device='meta')` without a generator is PyTorch's Python decomposition: negative sizes
    (a bare assertion), then the dtype, then its row-major strides parsed by `empty_strided` (a stride beyond int64
    is the parser's TypeError), then the element count; no storage-size check. With a generator it is the C++
    kernel (also for `generator=None`): the sizes as `empty` checks them, then the dtype (the fuzzer's random family;
    PyTorch 2.15's text)."""
    cond = ("Expected cond to be True, but got False. (Could this error message be improved? If so, please report "
            "an enhancement request to PyTorch.)")
    overflow = ("empty_strided(): argument 'stride' failed to unpack the object at pos 1 with error \"Overflow when "
                "unpacking long long")
    g = torch.Generator("cpu").manual_seed(0)
    with raises(RuntimeError, cond):
        torch.randn((2, -1), device="meta", dtype=torch.int64)
    with raises(RuntimeError, "Trying to create tensor with negative dimension -1: [-1]"):
        torch.randn(size=(-1,), generator=g, device="meta")
    with raises(TypeError, overflow):
        torch.randn((3, 2, 2**62), device="meta")
    with raises(TypeError, overflow):
        torch.randn((0, 2**62, 4), device="meta")
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]"):
        torch.randn((3, 2, 2**62), device="meta", generator=g)
    # `generator=None` given explicitly picks the generator overload too: sizes before the dtype
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]"):
        torch.randn((3, 2, 2**62), device="meta", generator=None, dtype=torch.int64)
    with raises(RuntimeError, "numel: integer multiplication overflow"):
        torch.randn((2**62, 2, 2), device="meta")
    assert torch.randn((2**63 - 1,), device="meta").stride() == (1,)
    assert torch.randn((2**62, 0, 4), device="meta").stride() == (4, 4, 1)
    with raises(RuntimeError, f"expected a floating-point or complex dtype, but got dtype={torch.int64}"):
        torch.randn((3, 2, 2**62), device="meta", dtype=torch.int64)
    with raises(RuntimeError, "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]"):
        torch.randn((3, 2, 2**62), device="meta", dtype=torch.int64, generator=g)


def test_sparse_empty_with_a_negative_and_a_zero_size():
    """Deviation 10: PyTorch's sparse `empty` makes a tensor of shape `[0, -1]`; here it is the negative-dimension
    error. Without a zero the element count overflows first, as in PyTorch."""
    with raises(RuntimeError, "Trying to create tensor with negative dimension -1: [1, 0, -1]"):
        torch.empty([1, 0, -1], layout=torch.sparse_coo, dtype=torch.float16)
    with raises(RuntimeError, "numel: integer multiplication overflow"):
        torch.empty([2, -1], layout=torch.sparse_coo)


def test_half_alpha_rounds_the_product_in_the_scalar_loop():
    """F62: float16/bfloat16 `add`/`sub` with an alpha round `alpha * other` to the storage type where PyTorch's
    scalar loop computes (short tensors, the remainder after its 32-element vector blocks), and fuse it in float32
    in the blocks. PyTorch 2.15's values (the fuzzer's arith family)."""
    v0 = torch.arange(48, dtype=torch.float16).reshape((4, 3, 4))
    r = v0.add(other=torch.tensor(-32768, dtype=torch.int16), alpha=2)
    # the vector blocks (elements 0..31) fuse in float32: -65536 + x is -inf in float16 up to x = 16, -65504 from
    # 17 on; the scalar loop (32..47) rounds -65536 to float16 (-inf) first
    values = r.flatten().tolist()
    assert values == [-math.inf] * 17 + [-65504.0] * 15 + [-math.inf] * 16
    out = torch.zeros((1, 3), dtype=torch.float64)
    torch.sub(torch.tensor([[-45.0, 92.0, -54.0]], dtype=torch.bfloat16), 11, alpha=-3.727, out=out)
    assert out.tolist() == [[-4.0, 133.0, -13.0]]


def test_sparse_attributes_and_densifying_beyond_memory():
    """F63, F64, F69: a sparse tensor whose dense layout would overflow (`[1, 2^62]` on meta) still reports its dtype
    and shape (one whose element count overflows int64 is not made), and densifying one beyond memory is PyTorch's allocation error, not an abort of the process."""
    v0 = torch.empty(size=(1, 2**62), device="meta", layout=torch.sparse_coo, dtype=torch.bfloat16)
    assert (v0.dtype, v0.shape, v0.sparse_dim()) == (torch.bfloat16, torch.Size([1, 2**62]), 2)
    # F69: sizes whose product overflows int64 are refused when the tensor is made (seed 11170592)
    overflow = "numel: integer multiplication overflow"
    with raises(RuntimeError, overflow):
        torch.zeros([3, 2**62], device="cpu", layout=torch.sparse_coo, dtype=torch.int16, pin_memory=False)
    with raises(RuntimeError, overflow):
        torch.sparse_coo_tensor(torch.zeros(2, 0, dtype=torch.int64), torch.zeros(0), (3, 2**62))
    big = torch.zeros((2**40, 2**20), layout=torch.sparse_coo)
    with raises(RuntimeError, "DefaultCPUAllocator: can't allocate memory: you tried to allocate "
                              "4611686018427387904 bytes. Error code 12 (Cannot allocate memory)"):
        big.to_dense()


def test_setitem_checks_a_leading_mask_before_converting_the_value():
    """F66: assigning one value through advanced indices meets PyTorch's `canDispatchToMaskedFill` first, which
    checks the shape of the first index if that is a mask, before the value is converted; other masks and index
    tensors are checked after it (the fuzzer's index family, seed 8267190)."""
    v0 = torch.full((1, 1, 2), -65.0, dtype=torch.float16)
    with raises(IndexError, "The shape of the mask [1] at index 0 does not match the shape of the indexed tensor "
                            "[0, 1, 2, 1] at index 2"):
        v0[2:, ..., torch.tensor([True]), False] = complex(2.0, -6.0)
    v1 = torch.full((2, 2, 2), -65.0)
    with raises(IndexError, "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor "
                            "[2, 2, 2] at index 0"):
        v1[torch.tensor([True, False, True]), torch.tensor([0])] = 1e300
    with raises(RuntimeError, "value cannot be converted to type float without overflow"):
        v1[torch.tensor([0]), torch.tensor([[True, False, True]])] = 1e300
    with raises(RuntimeError, "value cannot be converted to type float without overflow"):
        v1[torch.tensor([True, True]), torch.tensor([True]), 0] = complex(2.0, -6.0)


def test_complex_loops_run_over_the_converted_operands():
    """F67: on the CPU, PyTorch converts an input of another dtype than the common one to a dense copy
    (`input.to(common)`) and computes into a contiguous temporary for an `out=` of another dtype, and its loop runs
    over those: a strided float32 view added to a complex128 tensor is one contiguous loop of vector blocks (plain
    products), not the view's short runs (fused scalar code). PyTorch 2.15's bits (the fuzzer's arith family, seed
    10308055)."""
    v0 = torch.tensor([[[5.0, 65.0, -74.0]], [[20.0, -89.0, -60.0]]], dtype=torch.float32)
    v2 = torch.full((2, 1, 2), complex(-1e300, 5.7), dtype=torch.complex128)
    r = v0[:, :, 1:].add(v2, alpha=complex(3.5, 3.0))
    assert [(z.real.hex(), z.imag.hex()) for z in r.flatten().tolist()] == [
        ("-0x1.4e7b4f70066e8p+998", "-0x1.1eb2d66005835p+998")
    ] * 4
    a = torch.tensor([39.42857142857143 - 158.66666666666666j, 74.28571428571429 - 88.33333333333333j,
                      89.85714285714286 + 138.33333333333334j, 133 + 241.33333333333334j,
                      73.71428571428571 + 112j, 127 + 28.666666666666668j,
                      -134.28571428571428 + 240.66666666666666j, -6.571428571428571 + 196.66666666666666j],
                     dtype=torch.complex64).reshape(2, 4)
    b = torch.tensor([84.72727272727273 - 37.61538461538461j, 30 - 68.6923076923077j,
                      76.9090909090909 - 52.15384615384615j, -69.81818181818181 - 18.307692307692307j,
                      -3.5454545454545454 + 59.92307692307692j, -45 - 16.923076923076923j,
                      10.363636363636363 - 60.84615384615385j, 16 - 37.61538461538461j],
                     dtype=torch.complex64).reshape(2, 4)
    plain = torch.mul(a, b)
    # a transposed complex64 output is the scalar loop's (fused) for elements 2 and 4 ...
    scalar = torch.empty(4, 2, dtype=torch.complex64).t()
    torch.mul(a, b, out=scalar)
    differs = [x != y for x, y in zip(plain.flatten().tolist(), scalar.flatten().tolist())]
    assert differs == [False, False, True, False, True, False, False, False]
    # ... but a transposed complex128 one gets the contiguous complex64 temporary's (plain) values
    wide = torch.empty(4, 2, dtype=torch.complex128).t()
    torch.mul(a, b, out=wide)
    assert wide.tolist() == plain.tolist()


def test_views_refuse_strides_that_wrap():
    """F70: `diagonal`, `slice`, `unfold` and `unsqueeze` compute new strides in int64, which wraps for the huge
    strides `as_strided` allows beside a zero size; PyTorch refuses the result where it makes the view (the
    cargo-fuzz target found `diagonal`'s overflow). PyTorch 2.15's messages."""
    negative = "as_strided: Negative strides are not supported at the moment, got strides: "
    t = torch.empty(0).as_strided((2, 2, 0), (2**63 - 1, 2**62, 1))
    with raises(RuntimeError, "IntArrayRef contains an int that cannot be represented as a SymInt: -4611686018427387905"):
        t.diagonal(0, 0, 1)
    t = torch.empty(0).as_strided((5, 0), (2**62, 1))
    with raises(RuntimeError, negative + "[-4611686018427387904, 1]"):
        t[1::3]
    with raises(RuntimeError, "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808"):
        t[::2]
    assert t[::4].stride() == (0, 1)
    with raises(RuntimeError, negative + "[-4611686018427387904, 1, 4611686018427387904]"):
        t.unfold(0, 2, 3)
    with raises(RuntimeError, negative + "[-4611686018427387904, 4611686018427387904, 1]"):
        torch.empty(0).as_strided((3, 0), (2**62, 1)).unsqueeze(0)
    # view(dtype) keeps a wrapped stride, as PyTorch's does
    assert t.view(torch.int16).stride() == (-2**63, 1)


# ----- a new user's reports: factories, overflowing ints, to() and copy_() -----

_FACTORY_KEYWORDS = ("oxtorch.dtype dtype = None, oxtorch.layout layout = None, oxtorch.device device = None, "
                     "bool pin_memory = False, bool requires_grad = False")
_ARANGE_SIGNATURES = (
    f" * (Number end, *, Tensor out = None, {_FACTORY_KEYWORDS})\n"
    f" * (Number start, Number end, *, {_FACTORY_KEYWORDS})\n"
    f" * (Number start, Number end, Number step = 1, *, Tensor out = None, {_FACTORY_KEYWORDS})\n"
)


def test_arange_binds_bounds_by_keyword():
    """`arange(0, end=3)` ignored `end=` (an empty tensor); PyTorch binds the bounds of its three signatures by
    position or keyword. PyTorch 2.15's values and messages."""
    cases = [
        (lambda: torch.arange(0, end=3), [0, 1, 2], torch.int64),
        (lambda: torch.arange(0, end=3.1, dtype=torch.int8), [0, 1, 2, 3], torch.int8),
        (lambda: torch.arange(end=3), [0, 1, 2], torch.int64),
        (lambda: torch.arange(start=1, end=3), [1, 2], torch.int64),
        (lambda: torch.arange(3, end=5), [3, 4], torch.int64),
        (lambda: torch.arange(1, 3, step=0.5), [1.0, 1.5, 2.0, 2.5], torch.float32),
        (lambda: torch.arange(1, end=3, step=0.5), [1.0, 1.5, 2.0, 2.5], torch.float32),
        (lambda: torch.arange(start=1, end=3, step=0.5), [1.0, 1.5, 2.0, 2.5], torch.float32),
        (lambda: torch.arange(1, 2.5, 0.5, dtype=torch.float64), [1.0, 1.5, 2.0], torch.float64),
        (lambda: torch.arange(3, dtype=float), [0.0, 1.0, 2.0], torch.float64),
        # zero-dim tensors are numbers to PyTorch's parser
        (lambda: torch.arange(torch.tensor(3)), [0, 1, 2], torch.int64),
        (lambda: torch.arange(end=torch.tensor(3.5)), [0.0, 1.0, 2.0, 3.0], torch.float32),
    ]
    for make, values, dtype in cases:
        t = make()
        assert (t.tolist(), t.dtype) == (values, dtype)
    out = torch.empty(0)
    assert torch.arange(start=1, end=2, out=out) is out and out.tolist() == [1.0]
    invalid = "arange() received an invalid combination of arguments - got ({}), but expected one of:\n"
    for call, got in [
        (lambda: torch.arange(end=3, step=2), "step=int, end=int, "),
        (lambda: torch.arange(3, step=2), "int, step=int"),
        (lambda: torch.arange(1, start=2), "int, start=int"),
        (lambda: torch.arange(1, 3, end=4), "int, int, end=int"),
        (lambda: torch.arange(1, "a"), "int, str"),
        (lambda: torch.arange(), ""),
    ]:
        with pytest.raises(TypeError) as e:
            call()
        assert str(e.value) == invalid.format(got) + _ARANGE_SIGNATURES
    with raises(TypeError, 'arange() missing 1 required positional arguments: "end"'):
        torch.arange(start=1)
    with raises(TypeError, "arange(): argument 'end' must be Number, not NoneType"):
        torch.arange(end=None)
    with raises(TypeError, "arange(): argument 'end' (position 1) must be Number, not str"):
        torch.arange("a")
    with raises(TypeError, "arange(): argument 'end' (position 1) must be Number, not Tensor"):
        torch.arange(torch.tensor([3]))


def test_linspace_takes_zero_dim_tensor_bounds():
    """`linspace(torch.tensor(0), torch.tensor(1), 5)` was refused ("start must be a number"); PyTorch reads a
    zero-dim bound of any dtype with `item()`, so the result's dtype is chosen as for numbers (the default dtype,
    the default complex dtype for a complex value). PyTorch 2.15's values and messages."""
    cases = [
        (lambda: torch.linspace(torch.tensor(0), torch.tensor(1), 5), [0.0, 0.25, 0.5, 0.75, 1.0], torch.float32),
        (lambda: torch.linspace(torch.tensor(0, dtype=torch.int8), torch.tensor(10, dtype=torch.int16), 5),
         [0.0, 2.5, 5.0, 7.5, 10.0], torch.float32),
        (lambda: torch.linspace(torch.tensor(0.5, dtype=torch.float64), torch.tensor(2), 4),
         [0.5, 1.0, 1.5, 2.0], torch.float32),
        (lambda: torch.linspace(torch.tensor(1j), torch.tensor(2), 3), [1j, 1 + 0.5j, 2 + 0j], torch.complex64),
        (lambda: torch.linspace(torch.tensor(0), 1, 3, dtype=torch.float64), [0.0, 0.5, 1.0], torch.float64),
        (lambda: torch.linspace(2, torch.tensor(1.0), 3), [2.0, 1.5, 1.0], torch.float32),
        (lambda: torch.linspace(torch.tensor(0), torch.tensor(1), 5, dtype=torch.int32), [0, 0, 0, 0, 1], torch.int32),
        (lambda: torch.linspace(start=torch.tensor(0), end=torch.tensor(1), steps=torch.tensor(3)),
         [0.0, 0.5, 1.0], torch.float32),
    ]
    for make, values, dtype in cases:
        t = make()
        assert (t.tolist(), t.dtype) == (values, dtype)
    prefix = "linspace only supports 0-dimensional start and end tensors, but got "
    with raises(RuntimeError, prefix + "start with 1 dimension(s) and end with 0 dimension(s)."):
        torch.linspace(torch.tensor([0]), torch.tensor(1), 5)
    with raises(RuntimeError, prefix + "start with 2 dimension(s) and end with 1 dimension(s)."):
        torch.linspace(torch.tensor([[0]]), torch.tensor([1]), 5)
    with raises(RuntimeError, prefix + "start with 1 dimension(s)."):
        torch.linspace(torch.tensor([0]), 1, -5)
    with raises(RuntimeError, prefix + "end with 1 dimension(s)."):
        torch.linspace(0, torch.tensor([1]), 5)
    with raises(RuntimeError, "number of steps must be non-negative"):
        torch.linspace(torch.tensor(0), torch.tensor(1), -1)
    # a bound on the meta device takes PyTorch's meta function: a meta result, whatever device= says
    m = torch.linspace(torch.tensor(0, device="meta"), torch.tensor(1), 5, device="cpu")
    assert (m.device.type, m.dtype, m.shape) == ("meta", torch.float32, torch.Size([5]))
    with raises(RuntimeError, "linspace only supports 0-dimensional start and end tensors"):
        torch.linspace(torch.tensor([0], device="meta"), 1, 5)
    with pytest.raises(TypeError) as e:
        torch.linspace("a", 1, 5)
    assert str(e.value).startswith(
        "linspace() received an invalid combination of arguments - got (str, int, int), but expected one of:\n"
        f" * (Tensor start, Tensor end, int steps, *, Tensor out = None, {_FACTORY_KEYWORDS})\n"
        f" * (Number start, Tensor end, int steps, *, Tensor out = None, {_FACTORY_KEYWORDS})\n")


def test_ints_beyond_int64_raise_as_pytorch():
    """Python ints beyond int64: numbers take [2**63, 2**64) as unsigned and refuse the rest (OverflowError), integer
    arguments and device indices refuse anything beyond int64 (ValueError). PyTorch 2.15's messages."""
    t, f = torch.tensor([1, 2]), torch.tensor([1.0, 2.0])
    with raises(OverflowError, "int too big to convert"):
        torch.result_type(t, 2**64)
    assert torch.result_type(t, 2**63) == torch.int64
    with raises(OverflowError, "can't convert negative int to unsigned"):
        torch.result_type(t, -(2**63) - 1)
    with raises(OverflowError, "int too big to convert"):
        t.clone().fill_(2**64)
    with raises(RuntimeError, "value cannot be converted to type int64_t without overflow"):
        t.clone().fill_(2**63)
    assert f.clone().fill_(2**63).tolist() == [2.0**63, 2.0**63]
    with raises(OverflowError, "int too big to convert"):
        torch.full((2,), 2**64)
    with raises(OverflowError, "int too big to convert"):
        t.clone().add_(2**64)
    with raises(OverflowError, "int too big to convert"):
        torch.arange(2**64)
    with raises(RuntimeError, "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808"):
        torch.arange(0, 2**63, 1.0)
    overflow = "Overflow when unpacking long long"
    for call in [
        lambda: torch.device("cpu", 2**64),
        lambda: torch.device("cuda", 2**63),
        lambda: torch.device("cuda", -(2**63) - 1),
        lambda: torch.device(2**64),
        lambda: torch.zeros(1, device=2**63),
        lambda: torch.randint(2**63, (2,)),
        lambda: torch.randint(0, 2**64, (2,)),
        lambda: torch.randint(low=2**63, high=3, size=(2,)),
        lambda: torch.randint_like(t, 2**63),
        lambda: torch.linspace(0, 1, 2**63),
    ]:
        with raises(ValueError, overflow):
            call()
    with raises(RuntimeError, "Device index must not be negative"):
        torch.device("cpu", -1)


def test_main_script_installs_dependencies_before_building():
    """`./scripts/main.sh` on a fresh machine built the Rust example (and with it `mpi-sys`) before
    `scripts/deps.sh` had installed OpenMPI: the script now installs the system packages first."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[4]
    lines = [ln.strip() for ln in (root / "scripts" / "main.sh").read_text().splitlines()]
    commands = [ln for ln in lines if ln and not ln.startswith("#")]
    deps = commands.index("./scripts/deps.sh")
    first_build = next(i for i, c in enumerate(commands) if c.startswith(("cargo", "./scripts/setup.sh")))
    assert deps < first_build


def test_to_follows_pytorchs_three_signatures():
    """`t.to(None)` raised a TypeError (PyTorch returns `t`), `t.to(torch.float32, torch.int32)` was accepted.
    PyTorch 2.15's answers."""
    t = torch.tensor([1, 2])
    assert t.to(None) is t
    assert t.to(None, None) is t
    assert t.to("cpu", None) is t
    assert t.to(None, torch.float32).dtype == torch.float32
    assert t.to(float).dtype == torch.float64
    assert t.to(1.5).dtype == torch.float64
    assert t.to(True).dtype == torch.bool
    assert t.to(torch.float32, False, True).dtype == torch.float32
    signatures = (
        " * (oxtorch.device device = None, oxtorch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, "
        "oxtorch.memory_format memory_format = None)\n"
        " * (oxtorch.dtype dtype, bool non_blocking = False, bool copy = False, *, oxtorch.memory_format memory_format = "
        "None)\n"
        " * (Tensor tensor, bool non_blocking = False, bool copy = False, *, oxtorch.memory_format memory_format = None)\n"
    )
    invalid = "to() received an invalid combination of arguments - got ({}), but expected one of:\n"
    for call, got in [
        (lambda: t.to(torch.float32, torch.int32), "oxtorch.dtype, oxtorch.dtype"),
        (lambda: t.to(torch.float32, "cpu"), "oxtorch.dtype, str"),
        (lambda: t.to(torch.float32, None), "oxtorch.dtype, NoneType"),
        (lambda: t.to(t, torch.float32), "Tensor, oxtorch.dtype"),
        (lambda: t.to(torch.float32, dtype=torch.int32), "oxtorch.dtype, dtype=oxtorch.dtype"),
        (lambda: t.to(torch.float32, non_blocking=None), "oxtorch.dtype, non_blocking=NoneType"),
        (lambda: t.to([1]), "list"),
    ]:
        with pytest.raises(TypeError) as e:
            call()
        assert str(e.value) == invalid.format(got) + signatures
    with raises(TypeError, "to() takes from 0 to 4 positional arguments but 5 were given"):
        t.to("cpu", torch.float32, False, True, True)


def test_copy_refuses_lists_and_arrays():
    """`copy_` of a list or a NumPy array: PyTorch's parser refuses anything but a tensor or a number."""
    t = torch.tensor([1, 2])
    for src, name in [([1, 2], "list"), (np.array([1, 2]), "numpy.ndarray"), (None, "NoneType"), ((1, 2), "tuple")]:
        with raises(TypeError, f"copy_(): argument 'other' (position 1) must be Tensor, not {name}"):
            t.copy_(src)
    assert t.copy_(1.5).tolist() == [1, 1]


def test_setitem_unpacks_a_python_int_as_long_long():
    # PyTorch's valueToTensor: ValueError beyond int64, whatever the tensor's dtype; fill_ says OverflowError
    for dtype in (torch.float32, torch.int64, torch.uint8):
        t = torch.zeros(3, dtype=dtype)
        for value in (2**63, 2**64, -(2**63) - 1):
            with pytest.raises(ValueError, match="^Overflow when unpacking long long$"):
                t[0] = value
        t[0] = 2**63 - 1 if dtype == torch.int64 else 1
    with pytest.raises(OverflowError, match="^int too big to convert$"):
        torch.zeros(3).fill_(2**64)


def test_result_type_parses_as_pytorchs_four_signatures():
    """`result_type` goes through the one argument parser: PyTorch 2.15's values and messages."""
    t = torch.tensor([1])
    assert torch.result_type(t, other=2.5) == torch.float32
    assert torch.result_type(scalar=2, tensor=t) == torch.int64
    assert torch.result_type(1, 2.5) == torch.float32
    assert torch.result_type(torch.tensor(2.5), 1) == torch.float32
    signatures = (" * (Tensor tensor, Tensor other)\n * (Number scalar, Tensor tensor)\n"
                  " * (Tensor tensor, Number other)\n * (Number scalar1, Number scalar2)\n")
    with pytest.raises(TypeError) as e:
        torch.result_type(t)
    assert str(e.value) == ("result_type() received an invalid combination of arguments - got (Tensor), but "
                            "expected one of:\n" + signatures)
    with pytest.raises(TypeError) as e:
        torch.result_type(tensor=t, other="x")
    assert str(e.value) == (
        "result_type() received an invalid combination of arguments - got (other=str, tensor=Tensor, ), but "
        "expected one of:\n"
        " * (Tensor tensor, Tensor other)\n"
        "      didn't match because some of the arguments have invalid types: (tensor=Tensor, !other=str!, )\n"
        " * (Number scalar, Tensor tensor)\n"
        "      didn't match because some of the keywords were incorrect: other\n"
        " * (Tensor tensor, Number other)\n"
        "      didn't match because some of the arguments have invalid types: (tensor=Tensor, !other=str!, )\n"
        " * (Number scalar1, Number scalar2)\n"
        "      didn't match because some of the keywords were incorrect: other, tensor\n")


def test_five_dim_outputs_follow_the_stride_order():
    """Fuzzer seed 20522533: TensorIterator's fast setup knows only 4-D channels-last, so two 5-D inputs that are
    channels_last_3d by PyTorch's flag (size-1 dimensions ignored) get the stride ordering's output (PyTorch 2.15)."""
    a = torch.zeros(36).as_strided((3, 2, 3, 1, 1), (6, 1, 2, 2, 6))
    b = torch.zeros(3, 2, 3, 1, 1).contiguous(memory_format=torch.channels_last_3d)
    assert b.stride() == (6, 1, 2, 2, 2)
    assert (a + b).stride() == (6, 1, 2, 2, 6)
    assert (b + a).stride() == (6, 1, 2, 2, 6)
    a4 = torch.zeros(36).as_strided((3, 2, 3, 1), (6, 1, 2, 6))
    b4 = torch.zeros(3, 2, 3, 1).contiguous(memory_format=torch.channels_last)
    assert (a4 + b4).stride() == (b4 + a4).stride() == (6, 1, 2, 2)


def test_clamp_reads_both_number_bounds_before_a_nan_fills():
    """Fuzzer seed 33005097 (F73): PyTorch 2.15 reads both bounds as doubles first, so a complex upper bound is
    refused even when the lower bound is NaN; a NaN with a convertible other bound fills the result."""
    for f in (lambda: torch.zeros(1, dtype=torch.bfloat16).clip_(min=float("nan"), max=complex(1.25, 2.0)),
              lambda: torch.zeros(1).clamp(min=float("nan"), max=complex(1.25, 2.0))):
        with pytest.raises(RuntimeError, match="value cannot be converted to type double without overflow"):
            f()
    assert str(torch.zeros(1).clamp_(min=float("nan"), max=complex(1.25, 0.0)).tolist()) == "[nan]"
    assert str(torch.clamp_min(torch.tensor([1.0, -3.0]), float("nan")).tolist()) == "[nan, nan]"


def test_a_number_base_past_int64_is_not_wrapped():
    """Fuzzer seed 73015680: a Python integer of 2^63 or more on the left of a binary operation is PyTorch's uint64
    scalar, which a floating or complex common dtype reads as its value and an integer one wraps (PyTorch 2.15)."""
    big = 9223372036854775808
    assert (big - torch.tensor([1.0], dtype=torch.float64)).tolist() == [9.223372036854776e18]
    assert (big ** torch.tensor([0.5])).tolist() == [3037000448.0]
    assert torch.pow(big, torch.tensor([1.0], dtype=torch.float64)).tolist() == [9.223372036854776e18]
    assert (big - torch.tensor([1])).tolist() == [9223372036854775807]
    assert (big ** torch.tensor([complex(1.0, 0.0)], dtype=torch.complex128)).tolist()[0].real > 0


def test_a_conjugate_view_reads_and_writes_through_its_bits():
    """PyTorch's lazy conjugate and negative bits (complex.json's expressions hold the full record)."""
    c = torch.tensor([1 + 2j, -3 + 0.5j])
    v = c.conj()
    assert v.is_conj() and v._is_view() and (v + 0).tolist() == [1 - 2j, -3 - 0.5j] and not (v + 0).is_conj()
    v[0] = 5 + 1j
    assert c[0].item() == 5 - 1j
    imag = v.imag
    assert imag.is_neg() and imag.tolist() == [1.0, -0.5]
    imag.add_(1.0)
    assert c.tolist() == [5 - 2j, -3 - 0.5j]
    with pytest.raises(RuntimeError, match="Can't call numpy\\(\\) on Tensor that has conjugate bit set"):
        v.numpy()
    assert v.resolve_conj().tolist() == [5 + 2j, -3 + 0.5j] and not v.resolve_conj().is_conj()


def test_view_as_complex_halves_the_stride_of_a_size_one_dimension_unchecked():
    """Fuzzer seed 75352240: PyTorch 2.15 checks the stride of every dimension but the last for divisibility by 2
    except dimensions of size 1, whose stride it halves rounding down."""
    base = torch.zeros(100)
    cases = [(((1, 2), (1, 1)), ((1,), (0,))), (((1, 2), (3, 1)), ((1,), (1,))), (((3, 1, 2), (4, 5, 1)), ((3, 1), (2, 2)))]
    for (size, stride), (want_size, want_stride) in cases:
        v = torch.view_as_complex(base.as_strided(size, stride))
        assert (tuple(v.shape), v.stride()) == (want_size, want_stride)
    for size, stride in [((2, 2), (3, 1)), ((0, 2), (3, 1))]:
        with pytest.raises(RuntimeError, match="^Tensor must have a stride divisible by 2 for all but last dimension$"):
            torch.view_as_complex(base.as_strided(size, stride))


def test_complex_pow_tells_its_special_exponents_apart_in_complex_double():
    """Fuzzer seed 75271640: `exp == -2` is decided on the exponent as a complex double, so an imaginary part that
    complex64 rounds to 0 still takes glibc's cpow (PyTorch 2.15's values)."""
    x = torch.tensor([[-6.0, -8.0]])
    assert x.pow(complex(-2.0, 1e-310)).tolist() == [[0.0277777761220932 - 4.856820723375677e-09j,
                                                      0.015625 - 2.7319617679211206e-09j]]
    assert x.pow(complex(-2.0, 0)).tolist() == [[0.02777777798473835 + 0j, 0.015625 + 0j]]


def test_complex_expm1_and_log1p_are_c10s_formulas():
    """unary.json's gaps unary70 and unary130: PyTorch computes complex `expm1` as `expm1(x) cos(y) - 2 sin(y/2)^2 +
    i e^x sin(y)` (fused) and `log1p` by NumPy's algorithm `log(u) * (z / (u - 1))`, `u = 1 + z`, not as
    `exp(z) - 1` and `log(1 + z)`; values recorded from PyTorch 2.15, bit for bit."""
    vals = [complex(-100, -0.0), complex(0.2, -0.0), complex(1e-9, 2e-9), complex(-0.3276768356711912, 1.3292401940446954),
            complex(-0.02738947744835407, -0.303053611267571), complex(2.408564745668901, -2.816460101798679)]
    want = {
        ("log1p", torch.complex128): [
            ("0x1.2616719161d2bp+2", "-0x1.921fb54442d18p+1"), ("0x1.7565011e49677p-3", "0x0.0p+0"),
            ("0x1.12e0be89584c8p-30", "0x1.12e0be7dd0d1dp-29"), ("0x1.9811c77dfd5d4p-2", "0x1.1a3ef93a52256p+0"),
            ("0x1.300c84d413195p-6", "-0x1.354d8cfe4db6cp-2"), ("0x1.7c8bbadace6e2p+0", "-0x1.6191f313aa5c4p-1")],
        ("expm1", torch.complex128): [
            ("-0x1.0000000000000p+0", "-0x0.0p+0"), ("0x1.c56ecf2c56468p-3", "-0x0.0p+0"),
            ("0x1.12e0be7b82862p-30", "0x1.12e0be870a00dp-29"), ("-0x1.a7be43b804af7p-1", "0x1.663bc3ea45e7dp-1"),
            ("-0x1.24472dbdcf9c2p-4", "-0x1.29578815a1238p-2"), ("-0x1.7122d7493dddcp+3", "-0x1.c6968b32f6b6ap+1")],
        ("log1p", torch.complex64): [
            ("0x1.2616720000000p+2", "-0x1.921fb60000000p+1"), ("0x1.7565020000000p-3", "0x0.0p+0"),
            ("0x1.12e0be0000000p-30", "0x1.12e0be0000000p-29"), ("0x1.9811ca0000000p-2", "0x1.1a3efa0000000p+0"),
            ("0x1.300c840000000p-6", "-0x1.354d8c0000000p-2"), ("0x1.7c8bba0000000p+0", "-0x1.6191f40000000p-1")],
        ("expm1", torch.complex64): [
            ("-0x1.0000000000000p+0", "-0x0.0p+0"), ("0x1.c56ed00000000p-3", "-0x0.0p+0"),
            ("0x1.12e0be0000000p-30", "0x1.12e0be0000000p-29"), ("-0x1.a7be440000000p-1", "0x1.663bc20000000p-1"),
            ("-0x1.24472e0000000p-4", "-0x1.2957880000000p-2"), ("-0x1.7122da0000000p+3", "-0x1.c6968c0000000p+1")],
    }
    for (name, dtype), expected in want.items():
        got = getattr(torch, name)(torch.tensor(vals, dtype=dtype)).tolist()
        assert [(z.real.hex(), z.imag.hex()) for z in got] == expected, (name, dtype)
    inf = torch.expm1(torch.tensor([complex(float("inf"), 0.0)], dtype=torch.complex128)).tolist()[0]
    assert inf.real == float("inf") and inf.imag != inf.imag


def test_conj_physical_of_a_conjugate_view_is_a_clone_of_its_conjugate():
    """Fuzzer seed 77014024: PyTorch's `conj_physical` of a tensor with the conjugate bit is `self.conj().clone()`,
    which keeps a dense layout's strides (here on meta and on the CPU)."""
    for device in ("meta", "cpu"):
        v = torch.zeros(1, 3, dtype=torch.complex128, device=device).permute(1, 0).conj()
        r = v.conj_physical()
        assert (tuple(r.shape), r.stride(), r.is_conj()) == ((3, 1), (1, 3), False)
    c = torch.tensor([[1 + 2j, 3 - 4j]]).t()
    assert c.conj().conj_physical().tolist() == [[1 + 2j], [3 - 4j]]


def test_nansum_out_checks_a_given_dtype_before_the_dimension():
    """Fuzzer (issue 22's reduce family, seed range 900000): `nansum_out` with a floating `dtype=` other than the
    `out=` tensor's refuses it (`make_reduction`'s first check) before wrapping an out-of-range dimension; without
    `dtype=`, or with an integer one, the dimension is wrapped first (PyTorch 2.15's messages)."""
    x = torch.ones(2, 3)
    cases = [
        (dict(dtype=torch.float64, out=torch.empty(0)), RuntimeError,
         "nansum: provided dtype must match dtype of result. Got Float and Double."),
        (dict(dtype=torch.int64, out=torch.empty(0)), IndexError,
         "Dimension out of range (expected to be in range of [-2, 1], but got 5)"),
        (dict(out=torch.empty(0, dtype=torch.float64)), IndexError,
         "Dimension out of range (expected to be in range of [-2, 1], but got 5)"),
    ]
    for kwargs, error, message in cases:
        with pytest.raises(error) as e:
            torch.nansum(x, 5, **kwargs)
        assert str(e.value) == message


def test_nansum_refuses_a_repeated_dimension_before_a_later_one_out_of_range():
    """Fuzzer (1,000,000 programs of issue 22's reduce family, seed 3000000: 89 disagreements): `nansum` builds its
    dimension mask as PyTorch's `make_dim_mask` does, wrapping and checking each dimension in turn, where `sum`
    wraps them all first (PyTorch 2.15's messages)."""
    x = torch.ones(2, 3, 4, 5)
    with pytest.raises(RuntimeError, match="^dim 1 appears multiple times in the list of dims$"):
        torch.nansum(x, (1, 1, -5))
    with pytest.raises(RuntimeError, match="^dim 1 appears multiple times in the list of dims$"):
        torch.nansum(x, (1, 1, -5), out=torch.empty(0))
    with pytest.raises(IndexError, match=r"^Dimension out of range \(expected to be in range of \[-4, 3\], but got -5\)$"):
        torch.nansum(x, (1, -5, 1))
    with pytest.raises(IndexError, match=r"^Dimension out of range \(expected to be in range of \[-4, 3\], but got -5\)$"):
        torch.sum(x, (1, 1, -5))
    with pytest.raises(IndexError, match=r"^Dimension out of range \(expected to be in range of \[-4, 3\], but got -5\)$"):
        torch.nansum(x.int(), (1, 1, -5), out=torch.empty(0, dtype=torch.int64))


def test_any_all_of_one_element_into_uint8_convert_it_to_bool():
    """Fuzzer (the same 10^6-program run, seed 3007001: 38 disagreements): PyTorch's `allany_impl` copies a
    one-element input converted to bool, so a fraction or a NaN is true even into a uint8 `out=`; with more
    elements the input is converted to uint8 first (0.3 becomes 0)."""
    for x in (torch.tensor(-0.1, dtype=torch.float16), torch.tensor([[0.5]]), torch.tensor(float("nan"))):
        for name in ("any", "all"):
            out = torch.empty(0, dtype=torch.uint8)
            getattr(torch, name)(x, -1, out=out)
            assert out.flatten().tolist() == [1], (name, x)
    out = torch.empty(0, dtype=torch.uint8)
    torch.any(torch.tensor([0.3, 0.0]), -1, out=out)
    assert out.tolist() == 0


def test_nansum_with_an_integer_dtype_into_out_converts_the_input_first():
    """Fuzzer (the same 10^6-program run, seed 3091836: 30 disagreements): `nansum(x, dtype=uint8, out=uint8)` of a
    floating input converts it and sums integers, as without `out=`; only an integer dtype taken from `out=` alone
    has no kernel (PyTorch 2.15)."""
    x = torch.tensor([10.7, 3.2])
    out = torch.empty(0, dtype=torch.uint8)
    torch.nansum(x, -1, dtype=torch.uint8, out=out)
    assert (out.dtype, out.tolist()) == (torch.uint8, 13)
    with pytest.raises(NotImplementedError, match="^\"nansum_cpu\" not implemented for 'Byte'$"):
        torch.nansum(x, -1, out=torch.empty(0, dtype=torch.uint8))


# ----- the argument parser -----

# A binary operation called without its second operand, PyTorch 2.15's first line of each TypeError (recorded with
# the local PyTorch; `a = torch.tensor([1., 2.])`): one signature names the missing parameter, several are listed,
# and an operation with hidden overloads (`add`, `sub`) lists its one visible signature when too few arguments came.
MISSING_OPERAND = [
    ('torch.add(a)', 'add() received an invalid combination of arguments - got (Tensor), but expected (Tensor input, Tensor other, *, Number alpha = 1, Tensor out = None)'),
    ('a.add()', 'add() received an invalid combination of arguments - got (), but expected (Tensor other, *, Number alpha = 1)'),
    ('a.add_()', 'add_() received an invalid combination of arguments - got (), but expected (Tensor other, *, Number alpha = 1)'),
    ('torch.sub(a, foo=1)', 'sub() missing 1 required positional arguments: "other"'),
    ('torch.div(a)', 'div() received an invalid combination of arguments - got (Tensor), but expected one of:'),
    ('a.div(foo=1)', 'div() missing 1 required positional arguments: "other"'),
    ('torch.mul(a)', 'mul() missing 1 required positional arguments: "other"'),
    ('torch.pow(a)', 'pow() received an invalid combination of arguments - got (Tensor), but expected one of:'),
    ('torch.pow(a, out=a)', 'pow() received an invalid combination of arguments - got (Tensor, out=Tensor), but expected one of:'),
    ('a.pow(foo=1)', 'pow() received an invalid combination of arguments - got (foo=int, ), but expected one of:'),
    ('torch.eq(a, out=a)', 'eq() received an invalid combination of arguments - got (Tensor, out=Tensor), but expected one of:'),
    ('torch.subtract(a)', 'subtract() received an invalid combination of arguments - got (Tensor), but expected one of:'),
    ('a.subtract(foo=1)', 'subtract() received an invalid combination of arguments - got (foo=int, ), but expected one of:'),
    ('a.multiply_()', 'multiply_() received an invalid combination of arguments - got (), but expected one of:'),
    ('torch.divide(a, out=a)', 'divide() received an invalid combination of arguments - got (Tensor, out=Tensor), but expected one of:'),
    ('a.true_divide()', 'true_divide() received an invalid combination of arguments - got (), but expected one of:'),
    ('torch.logical_and(a)', 'logical_and() missing 1 required positional arguments: "other"'),
    ('torch.remainder(a, foo=1)', 'remainder() received an invalid combination of arguments - got (Tensor, foo=int), but expected one of:'),
    ('a.xlogy()', 'xlogy() received an invalid combination of arguments - got (), but expected one of:'),
    ('torch.add(a, alpha=2)', 'add() missing 1 required positional arguments: "other"'),
    ('a.sub(alpha=2)', 'sub() missing 1 required positional arguments: "other"'),
    ('torch.div(a, rounding_mode="floor")', 'div() missing 1 required positional arguments: "other"'),
    # several keywords, listed in the order of PyTorch's `std::unordered_map`, not as given
    ('torch.pow(a, foo=1, bar=2)',
     'pow() received an invalid combination of arguments - got (Tensor, bar=int, foo=int), but expected one of:'),
    ('torch.pow(a, bar=2, foo=1)',
     'pow() received an invalid combination of arguments - got (Tensor, foo=int, bar=int), but expected one of:'),
    ('a.remainder(x=1, other2=3)',
     'remainder() received an invalid combination of arguments - got (other2=int, x=int, ), but expected one of:'),
    ('torch.pow(a, foo=1, out=a)',
     'pow() received an invalid combination of arguments - got (Tensor, out=Tensor, foo=int), but expected one of:'),
]


@pytest.mark.parametrize("expression,message", MISSING_OPERAND)
def test_a_missing_operand_is_the_parsers_type_error(expression, message):
    a = torch.tensor([1.0, 2.0])
    with pytest.raises(TypeError) as caught:
        eval(expression, {"torch": torch, "a": a})
    assert str(caught.value).splitlines()[0] == message
