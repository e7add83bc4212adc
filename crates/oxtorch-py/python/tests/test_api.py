"""The Python surface of oxtorch against PyTorch's: module attributes, dtypes, devices and the device context,
default dtype/device, legacy constructors, Size, Tensor attributes, factories and their keyword forms, Python
protocols (tolist, item, len, bool, indexing, arithmetic dunders), out=, equal/allclose, docstrings, the documented
deviations 2 (device index > 127) and 3 (int64 min / -1 wraps), and that bad input raises Python exceptions
instead of crashing the interpreter."""

from __future__ import annotations

import copy
import json
import math
import pathlib
import pickle
import pydoc
import re
import subprocess
import sys
import textwrap

import pytest

import oxtorch

REPO_ROOT = pathlib.Path(__file__).resolve().parents[4]
DATA_DIR = REPO_ROOT / "crates" / "oxtorch" / "tests" / "data"
DTYPES = json.loads((DATA_DIR / "dtypes.json").read_text(encoding="utf-8"))

DTYPE_NAMES = list(DTYPES["properties"])  # the twelve dtypes
NO_BACKEND = "without a backend"


def no_backend(device: str):
    """``pytest.raises`` for an allocation on a device that has no backend."""
    return pytest.raises(RuntimeError, match=re.escape(f"Cannot allocate a tensor on device '{device}'") + ".*")


NO_DRIVER = "Found no NVIDIA driver on your system"


def assert_no_backend(excinfo, device: str):
    text = str(excinfo.value)
    if device.startswith("cuda") and text.startswith(NO_DRIVER):
        return  # the CUDA backend is compiled in; this machine has no driver (PyTorch's message)
    assert f"Cannot allocate a tensor on device '{device}'" in text, text
    assert NO_BACKEND in text, text


# ----------------------------------------------------------------------------------------------------------------
# module attributes, dtypes
# ----------------------------------------------------------------------------------------------------------------


def test_twelve_dtypes_exist():
    assert len(DTYPE_NAMES) == 12
    for name in DTYPE_NAMES:
        d = getattr(oxtorch, name)
        assert isinstance(d, oxtorch.dtype), name


@pytest.mark.parametrize("alias,target", sorted(DTYPES["aliases"].items()))
def test_dtype_aliases(alias, target):
    a, t = getattr(oxtorch, alias), getattr(oxtorch, target)
    assert a == t
    assert hash(a) == hash(t)
    assert repr(a) == f"oxtorch.{target}"


def test_all_brief_aliases_present():
    pairs = {
        "float": "float32", "double": "float64", "cfloat": "complex64", "cdouble": "complex128",
        "half": "float16", "short": "int16", "int": "int32", "long": "int64",
    }
    for alias, target in pairs.items():
        assert getattr(oxtorch, alias) == getattr(oxtorch, target), alias


@pytest.mark.parametrize("name", DTYPE_NAMES)
def test_dtype_properties(name):
    props = DTYPES["properties"][name]
    d = getattr(oxtorch, name)
    assert d.is_floating_point is props["is_floating_point"]
    assert d.is_complex is props["is_complex"]
    assert d.is_signed is props["is_signed"]
    assert d.itemsize == props["itemsize"]
    assert repr(d) == props["repr"].replace("torch.", "oxtorch.")
    assert str(d) == props["str"].replace("torch.", "oxtorch.")
    assert oxtorch.zeros(2, dtype=d).element_size() == props["itemsize"]


def test_dtypes_compare_and_hash():
    assert oxtorch.float32 != oxtorch.float64
    assert oxtorch.float32 == oxtorch.float32
    assert len({getattr(oxtorch, n) for n in DTYPE_NAMES}) == 12
    assert len({getattr(oxtorch, n) for n in DTYPE_NAMES} | {oxtorch.float, oxtorch.long}) == 12
    table = {oxtorch.float32: "f"}
    assert table[oxtorch.float] == "f"
    assert oxtorch.float32 != "float32"


def test_dtypes_pickle():
    for name in DTYPE_NAMES:
        d = getattr(oxtorch, name)
        assert pickle.loads(pickle.dumps(d)) == d


def test_promote_types_result_type_can_cast():
    assert oxtorch.promote_types(oxtorch.int32, oxtorch.float16) == oxtorch.float16
    assert oxtorch.promote_types(oxtorch.uint8, oxtorch.int8) == oxtorch.int16
    assert oxtorch.promote_types(oxtorch.bool, oxtorch.bool) == oxtorch.bool
    assert oxtorch.promote_types(oxtorch.bfloat16, oxtorch.float16) == oxtorch.float32
    i32 = oxtorch.tensor([1, 2], dtype=oxtorch.int32)
    assert oxtorch.result_type(i32, 5) == oxtorch.int32
    assert oxtorch.result_type(i32, 2.5) == oxtorch.float32
    assert oxtorch.result_type(i32, 1j) == oxtorch.complex64
    assert oxtorch.result_type(oxtorch.tensor(1, dtype=oxtorch.int64), oxtorch.tensor([1], dtype=oxtorch.int8)) == (
        oxtorch.int8
    )
    # a zero-dim operand of a higher category decides (spec: type promotion)
    assert oxtorch.result_type(oxtorch.tensor(1.0, dtype=oxtorch.float64), i32) == oxtorch.float64
    assert oxtorch.can_cast(oxtorch.int32, oxtorch.float32) is True
    assert oxtorch.can_cast(oxtorch.float32, oxtorch.int32) is False
    assert oxtorch.can_cast(oxtorch.complex64, oxtorch.float64) is False
    assert oxtorch.can_cast(oxtorch.int64, oxtorch.bool) is False


def test_layouts_and_memory_formats():
    assert repr(oxtorch.strided) == "oxtorch.strided"
    assert repr(oxtorch.sparse_coo) == "oxtorch.sparse_coo"
    assert oxtorch.strided != oxtorch.sparse_coo
    assert oxtorch.ones(2).layout == oxtorch.strided
    names = ["contiguous_format", "channels_last", "channels_last_3d", "preserve_format"]
    formats = [getattr(oxtorch, n) for n in names]
    for n, f in zip(names, formats):
        assert repr(f) == f"oxtorch.{n}"
    assert len(set(formats)) == 4


# ----------------------------------------------------------------------------------------------------------------
# default dtype
# ----------------------------------------------------------------------------------------------------------------


def test_default_dtype_is_float32():
    assert oxtorch.get_default_dtype() == oxtorch.float32
    assert oxtorch.tensor([1.5]).dtype == oxtorch.float32
    assert oxtorch.tensor([1j]).dtype == oxtorch.complex64
    assert oxtorch.zeros(2).dtype == oxtorch.float32


def test_set_default_dtype_float64():
    oxtorch.set_default_dtype(oxtorch.float64)
    assert oxtorch.get_default_dtype() == oxtorch.float64
    assert oxtorch.tensor([1.5]).dtype == oxtorch.float64
    assert oxtorch.tensor([1j]).dtype == oxtorch.complex128
    assert oxtorch.zeros(2).dtype == oxtorch.float64
    assert oxtorch.arange(3.0).dtype == oxtorch.float64
    assert oxtorch.tensor([1]).dtype == oxtorch.int64
    assert (oxtorch.tensor([1]) + 2.5).dtype == oxtorch.float64


@pytest.mark.parametrize("name", ["int32", "int64", "bool", "uint8", "complex64", "complex128"])
def test_set_default_dtype_rejects_non_floating(name):
    with pytest.raises(TypeError, match="only floating-point types are supported as the default type"):
        oxtorch.set_default_dtype(getattr(oxtorch, name))
    assert oxtorch.get_default_dtype() == oxtorch.float32


def test_set_default_dtype_rejects_non_dtypes():
    with pytest.raises(TypeError):
        oxtorch.set_default_dtype("float64")
    assert oxtorch.get_default_dtype() == oxtorch.float32


# ----------------------------------------------------------------------------------------------------------------
# devices
# ----------------------------------------------------------------------------------------------------------------


def test_device_constructor_forms():
    d = oxtorch.device("cuda:0")
    assert (d.type, d.index) == ("cuda", 0)
    assert oxtorch.device("cuda", 0) == d
    assert oxtorch.device(0) == d
    assert oxtorch.device(d) == d
    assert oxtorch.device(type="cuda", index=0) == d
    assert oxtorch.device("cpu").index is None
    assert oxtorch.device("cuda", None).index is None
    assert repr(oxtorch.device(1)) == "device(type='cuda', index=1)"
    assert str(oxtorch.device(1)) == "cuda:1"
    assert str(oxtorch.device("mps")) == "mps"
    assert repr(oxtorch.device("cpu")) == "device(type='cpu')"


def test_device_eq_and_hash():
    assert oxtorch.device("cuda") != oxtorch.device("cuda:0")
    assert oxtorch.device("cpu") == oxtorch.device("cpu")
    assert hash(oxtorch.device("cuda:1")) == hash(oxtorch.device("cuda", 1))
    devices = {oxtorch.device("cpu"), oxtorch.device("cpu"), oxtorch.device("cuda:1"), oxtorch.device(1)}
    assert len(devices) == 2


@pytest.mark.parametrize("spec", ["cpu", "cuda:1", "meta", "mps:0", "cuda"])
def test_device_pickles(spec):
    d = oxtorch.device(spec)
    back = pickle.loads(pickle.dumps(d))
    assert back == d
    assert (back.type, back.index) == (d.type, d.index)
    assert copy.deepcopy(d) == d


def test_device_index_over_127_is_rejected():  # documented deviation 2
    assert oxtorch.device("cuda:127").index == 127
    assert oxtorch.device("cuda", 127).index == 127
    with pytest.raises(RuntimeError):
        oxtorch.device("cuda:128")
    with pytest.raises(RuntimeError):
        oxtorch.device("cuda", 128)
    with pytest.raises(RuntimeError):
        oxtorch.device(300)


def test_device_errors():
    with pytest.raises(RuntimeError, match=re.escape("Invalid device string: 'cuda:01'")):
        oxtorch.device("cuda:01")
    with pytest.raises(RuntimeError, match="Device index must not be negative"):
        oxtorch.device("cuda", -1)
    with pytest.raises(TypeError):
        oxtorch.device(1.5)
    with pytest.raises(TypeError):
        oxtorch.device("cuda", "0")


def test_tensor_device_is_cpu_by_default():
    t = oxtorch.ones(2)
    assert t.device == oxtorch.device("cpu")
    assert t.device.type == "cpu"
    assert oxtorch.get_default_device() == oxtorch.device("cpu")


def test_device_context_manager_meta():
    with oxtorch.device("meta"):
        x = oxtorch.ones(2)
        y = oxtorch.ones(2, device="cpu")  # an explicit device wins
        z = oxtorch.zeros(2, 3, dtype=oxtorch.float64)
        assert oxtorch.get_default_device() == oxtorch.device("meta")
    assert x.device == oxtorch.device("meta")
    assert x.device.type == "meta"
    assert tuple(x.shape) == (2,)
    assert y.device == oxtorch.device("cpu")
    assert z.device.type == "meta" and z.dtype == oxtorch.float64
    assert oxtorch.ones(2).device == oxtorch.device("cpu")
    assert oxtorch.get_default_device() == oxtorch.device("cpu")


def test_device_context_manager_applies_to_all_factories():
    with oxtorch.device("meta"):
        made = [
            oxtorch.zeros(2), oxtorch.empty(2), oxtorch.full((2,), 1.0), oxtorch.arange(3),
            oxtorch.rand(2), oxtorch.randn(2), oxtorch.randint(0, 5, (2,)), oxtorch.linspace(0, 1, 3),
            oxtorch.tensor([1, 2]),
        ]
    for t in made:
        assert t.device.type == "meta", t


def test_device_context_manager_restores_after_exception():
    with pytest.raises(ZeroDivisionError):
        with oxtorch.device("meta"):
            1 / 0
    assert oxtorch.ones(1).device.type == "cpu"


def test_device_context_manager_nests():
    with oxtorch.device("meta"):
        with oxtorch.device("cpu"):
            inner = oxtorch.ones(1)
        outer = oxtorch.ones(1)
    assert inner.device.type == "cpu"
    assert outer.device.type == "meta"


CUDA_COUNT = oxtorch.cuda.device_count()
NO_DRIVER = (
    "Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver from "
    "http://www.nvidia.com/Download/index.aspx"
)


def cuda_unavailable(index: int):
    """``pytest.raises`` for using CUDA device ``index``, which this machine lacks: PyTorch's error for that."""
    if CUDA_COUNT == 0:
        return pytest.raises(RuntimeError, match=re.escape(NO_DRIVER) + "$")
    return pytest.raises(oxtorch.AcceleratorError, match="^CUDA error: invalid device ordinal\n")


def test_device_context_on_a_missing_device_raises():
    with cuda_unavailable(CUDA_COUNT):
        with oxtorch.device(f"cuda:{CUDA_COUNT}"):
            oxtorch.randn(2, 3)
    assert oxtorch.ones(1).device.type == "cpu"


def test_set_default_device():
    oxtorch.set_default_device("meta")
    assert oxtorch.get_default_device() == oxtorch.device("meta")
    assert oxtorch.zeros(2).device.type == "meta"
    assert oxtorch.zeros(2, device="cpu").device.type == "cpu"
    oxtorch.set_default_device(None)
    assert oxtorch.get_default_device() == oxtorch.device("cpu")
    assert oxtorch.zeros(2).device.type == "cpu"


@pytest.mark.parametrize(
    "make,device",
    [
        (lambda: oxtorch.zeros(2, device="cuda:1"), "cuda:1"),
        (lambda: oxtorch.randn((2, 3), device=oxtorch.device("cuda:1")), "cuda:1"),
        (lambda: oxtorch.randn((2, 3), device=1), "cuda:1"),
        (lambda: oxtorch.ones(2).to("cuda:1"), "cuda:1"),
        (lambda: oxtorch.tensor([1, 2], device="cuda:1"), "cuda:1"),
        (lambda: oxtorch.empty_like(oxtorch.ones(2), device="cuda:1"), "cuda:1"),
    ],
    ids=["zeros", "randn-device-obj", "randn-ordinal", "to", "tensor", "empty_like"],
)
def test_allocation_on_a_missing_device_raises(make, device):
    if CUDA_COUNT > 1:
        pytest.skip("this machine has cuda:1")
    with cuda_unavailable(1):
        make()


def test_cuda_without_a_gpu():
    if CUDA_COUNT > 0:
        pytest.skip("this machine has a GPU: tests/test_cuda.py covers it")
    with cuda_unavailable(0):
        oxtorch.ones(()).cuda()
    assert not oxtorch.cuda.is_available() and oxtorch.cuda.device_count() == 0
    for call in (oxtorch.cuda.current_device, oxtorch.cuda.synchronize, lambda: oxtorch.cuda.set_device(0)):
        with cuda_unavailable(0):
            call()
    oxtorch.cuda.empty_cache()  # nothing to release
    assert oxtorch.ones(1).get_device() == -1 and not oxtorch.ones(1).is_cuda
    assert issubclass(oxtorch.OutOfMemoryError, RuntimeError) and issubclass(oxtorch.AcceleratorError, RuntimeError)
    assert oxtorch.cuda.OutOfMemoryError is oxtorch.OutOfMemoryError


def test_mps_has_no_backend():
    with pytest.raises(RuntimeError) as excinfo:
        oxtorch.zeros(1, device="mps")
    assert_no_backend(excinfo, "mps")


def test_meta_tensors():
    t = oxtorch.empty(2, 3, device="meta")
    assert t.device.type == "meta"
    assert tuple(t.shape) == (2, 3) and t.stride() == (3, 1)
    assert repr(t) == "tensor(..., device='meta', size=(2, 3))"
    u = t.t()
    assert u.device.type == "meta" and u.stride() == (1, 3)
    v = t + 1
    assert v.device.type == "meta" and tuple(v.shape) == (2, 3)
    with pytest.raises((RuntimeError, NotImplementedError)):
        t.tolist()


# ----------------------------------------------------------------------------------------------------------------
# legacy constructors, Size
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,target", sorted(DTYPES["legacy_constructors"].items()))
def test_legacy_constructors(name, target):
    ctor = getattr(oxtorch, name)
    d = getattr(oxtorch, target)
    t = ctor([1, 2])
    assert t.dtype == d
    assert t.tolist() == ([True, True] if target == "bool" else [1, 2])
    t = ctor(2, 3)
    assert t.dtype == d and tuple(t.shape) == (2, 3) and t.is_contiguous()
    e = ctor()
    assert e.dtype == d and tuple(e.shape) == (0,)


def test_legacy_constructor_examples():
    t = oxtorch.FloatTensor([1, 2])
    assert t.dtype == oxtorch.float32 and t.tolist() == [1.0, 2.0]
    t = oxtorch.LongTensor(2, 3)
    assert t.dtype == oxtorch.int64 and t.size() == oxtorch.Size([2, 3])
    assert oxtorch.DoubleTensor([[1, 2], [3, 4]]).shape == (2, 2)


def test_size():
    t = oxtorch.zeros(2, 3)
    s = t.size()
    assert isinstance(s, oxtorch.Size)
    assert isinstance(s, tuple)
    assert s == (2, 3)
    assert t.shape == s
    assert isinstance(t.shape, oxtorch.Size)
    assert repr(s) == "oxtorch.Size([2, 3])"
    assert repr(oxtorch.zeros(()).size()) == "oxtorch.Size([])"
    assert t.size(1) == 3 and t.size(-1) == 3 and t.size(dim=0) == 2
    assert isinstance(t.size(0), int)
    assert isinstance(s[1:], oxtorch.Size) and s[1:] == (3,)
    assert oxtorch.Size([2, 3]) == (2, 3)
    assert oxtorch.Size([2, 3]).numel() == 6
    assert oxtorch.zeros(oxtorch.Size([4, 1])).shape == (4, 1)
    a, b = t.shape
    assert (a, b) == (2, 3)
    with pytest.raises(IndexError, match=re.escape("Dimension out of range (expected to be in range of [-2, 1], but got 2)")):
        t.size(2)


# ----------------------------------------------------------------------------------------------------------------
# Tensor attributes
# ----------------------------------------------------------------------------------------------------------------


def test_tensor_attributes():
    t = oxtorch.zeros(2, 3, 4, dtype=oxtorch.float64)
    assert isinstance(t, oxtorch.Tensor)
    assert t.dtype == oxtorch.float64
    assert t.device == oxtorch.device("cpu")
    assert t.layout == oxtorch.strided
    assert t.shape == (2, 3, 4)
    assert t.ndim == 3 and t.dim() == 3
    assert t.numel() == 24
    assert t.element_size() == 8
    assert t.is_floating_point() is True
    assert t.is_complex() is False
    assert t.stride() == (12, 4, 1)
    assert isinstance(t.stride(), tuple)
    assert t.stride(0) == 12 and t.stride(-1) == 1 and t.stride(dim=1) == 4
    assert t.storage_offset() == 0
    assert t.is_contiguous() is True
    assert t.is_contiguous(memory_format=oxtorch.contiguous_format) is True
    c = oxtorch.zeros(1, 2, 3, 4, dtype=oxtorch.complex64)
    assert c.is_complex() is True and c.is_floating_point() is False and c.element_size() == 8
    assert oxtorch.zeros(2, dtype=oxtorch.int32).is_floating_point() is False
    assert oxtorch.tensor(5).dim() == 0 and oxtorch.tensor(5).shape == ()


def test_is_contiguous_channels_last():
    t = oxtorch.empty(2, 3, 4, 5, memory_format=oxtorch.channels_last)
    assert t.stride() == (60, 1, 15, 3)
    assert t.is_contiguous() is False
    assert t.is_contiguous(memory_format=oxtorch.channels_last) is True
    u = oxtorch.empty(2, 3, 4, 5, 6, memory_format=oxtorch.channels_last_3d)
    assert u.is_contiguous(memory_format=oxtorch.channels_last_3d) is True
    with pytest.raises(RuntimeError, match="required rank 4 tensor to use channels_last format"):
        oxtorch.empty(2, 3, memory_format=oxtorch.channels_last)


# ----------------------------------------------------------------------------------------------------------------
# factories
# ----------------------------------------------------------------------------------------------------------------


def test_tensor_factory_inference():
    assert oxtorch.tensor([1, 2]).dtype == oxtorch.int64
    assert oxtorch.tensor([1, 2.0]).dtype == oxtorch.float32
    assert oxtorch.tensor([True, False]).dtype == oxtorch.bool
    assert oxtorch.tensor([1 + 2j]).dtype == oxtorch.complex64
    assert oxtorch.tensor([[1, 2], [3, 4]]).shape == (2, 2)
    assert oxtorch.tensor(3).shape == () and oxtorch.tensor(3).item() == 3
    e = oxtorch.tensor([])
    assert e.shape == (0,) and e.dtype == oxtorch.float32
    assert oxtorch.tensor([1, 2], dtype=oxtorch.float16).dtype == oxtorch.float16
    assert oxtorch.tensor(data=[1, 2], dtype=oxtorch.int8).dtype == oxtorch.int8
    assert oxtorch.tensor((1, 2)).tolist() == [1, 2]
    assert oxtorch.tensor([2**63 - 1]).tolist() == [2**63 - 1]


def test_tensor_factory_errors():
    with pytest.raises(ValueError, match=re.escape("expected sequence of length 2 at dim 1 (got 1)")):
        oxtorch.tensor([[1, 2], [3]])
    with pytest.raises((TypeError, RuntimeError)):
        oxtorch.tensor([1, "a"])
    with pytest.raises(ValueError, match="Overflow when unpacking long long"):
        oxtorch.tensor([2**64])


def test_shape_argument_forms():
    for t in (
        oxtorch.zeros(2, 3),
        oxtorch.zeros((2, 3)),
        oxtorch.zeros([2, 3]),
        oxtorch.zeros(size=(2, 3)),
        oxtorch.ones(2, 3),
        oxtorch.ones((2, 3)),
        oxtorch.empty(2, 3),
        oxtorch.empty((2, 3)),
        oxtorch.rand(2, 3),
        oxtorch.rand((2, 3)),
        oxtorch.randn(2, 3),
        oxtorch.randn([2, 3]),
        oxtorch.full((2, 3), 1.0),
        oxtorch.full(size=[2, 3], fill_value=1.0),
    ):
        assert t.shape == (2, 3)
        assert t.dtype == oxtorch.float32


def test_factory_keywords():
    t = oxtorch.zeros(2, 3, dtype=oxtorch.int16, device="cpu")
    assert t.dtype == oxtorch.int16 and t.device.type == "cpu" and t.tolist() == [[0, 0, 0], [0, 0, 0]]
    t = oxtorch.ones(2, dtype=oxtorch.bool, device=oxtorch.device("cpu"))
    assert t.tolist() == [True, True]
    assert oxtorch.full((2,), 7).dtype == oxtorch.int64
    assert oxtorch.full((2,), 1.5).dtype == oxtorch.float32
    assert oxtorch.full((2,), True).dtype == oxtorch.bool
    assert oxtorch.full((2,), 1 + 1j).dtype == oxtorch.complex64
    assert oxtorch.full((2,), 7, dtype=oxtorch.float64).tolist() == [7.0, 7.0]
    assert oxtorch.empty_strided((2, 3), (1, 2)).stride() == (1, 2)
    assert oxtorch.empty_strided((2, 3), (1, 2), dtype=oxtorch.int8).dtype == oxtorch.int8
    assert oxtorch.empty(2, 3, 4, 5, memory_format=oxtorch.channels_last).stride() == (60, 1, 15, 3)


def test_arange_and_linspace():
    assert oxtorch.arange(5).tolist() == [0, 1, 2, 3, 4]
    assert oxtorch.arange(5).dtype == oxtorch.int64
    assert oxtorch.arange(5.0).dtype == oxtorch.float32
    assert oxtorch.arange(1, 10, 3).tolist() == [1, 4, 7]
    assert oxtorch.arange(0, 1, 0.25).tolist() == [0.0, 0.25, 0.5, 0.75]
    assert oxtorch.arange(start=1, end=5, step=2).tolist() == [1, 3]
    assert oxtorch.arange(end=3).tolist() == [0, 1, 2]
    assert oxtorch.arange(3, dtype=oxtorch.float64).tolist() == [0.0, 1.0, 2.0]
    assert oxtorch.arange(5, 0, -2).tolist() == [5, 3, 1]
    l = oxtorch.linspace(0, 1, 5)
    assert l.dtype == oxtorch.float32 and l.tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert oxtorch.linspace(start=0, end=1, steps=3).tolist() == [0.0, 0.5, 1.0]
    assert oxtorch.linspace(0, 1, 3, dtype=oxtorch.float64).dtype == oxtorch.float64
    with pytest.raises(RuntimeError):
        oxtorch.arange(0, 10, 0)


def test_random_factories():
    oxtorch.manual_seed(0)
    a = oxtorch.rand(1000)
    assert a.dtype == oxtorch.float32
    values = a.tolist()
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6
    assert len(set(values)) > 900
    n = oxtorch.randn(10000, dtype=oxtorch.float64).tolist()
    mean = sum(n) / len(n)
    std = math.sqrt(sum((x - mean) ** 2 for x in n) / len(n))
    assert abs(mean) < 0.05 and 0.95 < std < 1.05
    r = oxtorch.randint(3, 5, (200,))
    assert r.dtype == oxtorch.int64 and set(r.tolist()) == {3, 4}
    assert set(oxtorch.randint(10, (100,)).tolist()) <= set(range(10))
    assert oxtorch.randint(low=0, high=2, size=(3,)).shape == (3,)
    assert oxtorch.randint(0, 5, (3,), dtype=oxtorch.int8).dtype == oxtorch.int8


def test_manual_seed_reproduces():
    oxtorch.manual_seed(1234)
    a, b, c = oxtorch.rand(5).tolist(), oxtorch.randn(5).tolist(), oxtorch.randint(0, 100, (5,)).tolist()
    oxtorch.manual_seed(1234)
    assert oxtorch.rand(5).tolist() == a
    assert oxtorch.randn(5).tolist() == b
    assert oxtorch.randint(0, 100, (5,)).tolist() == c
    oxtorch.manual_seed(1235)
    assert oxtorch.rand(5).tolist() != a


def test_like_factories():
    base = oxtorch.zeros(2, 3, dtype=oxtorch.float64)
    for t in (
        oxtorch.zeros_like(base),
        oxtorch.ones_like(base),
        oxtorch.full_like(base, 7),
        oxtorch.empty_like(base),
        oxtorch.rand_like(base),
        oxtorch.randn_like(base),
        oxtorch.randint_like(base, 10),
    ):
        assert t.shape == (2, 3) and t.dtype == oxtorch.float64 and t.device.type == "cpu"
    assert oxtorch.ones_like(base).tolist() == [[1.0] * 3] * 2
    assert oxtorch.full_like(base, 7).tolist() == [[7.0] * 3] * 2
    assert oxtorch.zeros_like(base, dtype=oxtorch.int32).dtype == oxtorch.int32
    assert all(0 <= v < 10 and v == int(v) for v in oxtorch.randint_like(base, 10).flatten().tolist())
    assert all(3 <= v < 5 for v in oxtorch.randint_like(base, 3, 5).flatten().tolist())
    cl = oxtorch.empty(2, 3, 4, 5, memory_format=oxtorch.channels_last)
    assert oxtorch.empty_like(cl).stride() == (60, 1, 15, 3)  # preserve_format
    assert oxtorch.zeros_like(cl, memory_format=oxtorch.contiguous_format).stride() == (60, 20, 5, 1)
    assert oxtorch.ones_like(base, device="meta").device.type == "meta"


# ----------------------------------------------------------------------------------------------------------------
# Python protocols
# ----------------------------------------------------------------------------------------------------------------


def test_tolist():
    assert oxtorch.arange(6).reshape(2, 3).tolist() == [[0, 1, 2], [3, 4, 5]]
    assert oxtorch.zeros(2, 0).tolist() == [[], []]
    assert oxtorch.tensor(2.5).tolist() == 2.5
    assert oxtorch.tensor([True]).tolist() == [True]
    assert type(oxtorch.tensor([True]).tolist()[0]) is bool
    assert type(oxtorch.tensor([1]).tolist()[0]) is int
    assert type(oxtorch.tensor([1.0]).tolist()[0]) is float
    assert oxtorch.tensor([1 + 2j]).tolist() == [1 + 2j]
    assert oxtorch.arange(6).reshape(2, 3).t().tolist() == [[0, 3], [1, 4], [2, 5]]


def test_item():
    assert oxtorch.tensor(3).item() == 3 and type(oxtorch.tensor(3).item()) is int
    assert oxtorch.tensor([2.5]).item() == 2.5
    assert oxtorch.tensor([[True]]).item() is True
    assert oxtorch.tensor(1 + 1j).item() == 1 + 1j
    assert oxtorch.tensor(0.1).item() == 0.10000000149011612
    with pytest.raises(RuntimeError, match="a Tensor with 2 elements cannot be converted to Scalar"):
        oxtorch.tensor([1, 2]).item()


def test_len():
    assert len(oxtorch.zeros(4, 2)) == 4
    assert len(oxtorch.zeros(0)) == 0
    with pytest.raises(TypeError, match="len\\(\\) of a 0-d tensor"):
        len(oxtorch.tensor(1))


def test_bool():
    assert bool(oxtorch.tensor([1])) is True
    assert bool(oxtorch.tensor(0.0)) is False
    assert bool(oxtorch.tensor([[False]])) is False
    assert bool(oxtorch.tensor(0.5j)) is True
    with pytest.raises(RuntimeError, match="Boolean value of Tensor with more than one value is ambiguous"):
        bool(oxtorch.tensor([1, 2]))
    with pytest.raises(RuntimeError, match="Boolean value of Tensor with more than one value is ambiguous"):
        if oxtorch.zeros(2, 2):
            pass


def test_getitem():
    t = oxtorch.arange(24).reshape(2, 3, 4)
    assert t[0].shape == (3, 4) and t[0].storage_offset() == 0
    assert t[-1].tolist() == t[1].tolist()
    assert t[1, 2].tolist() == [20, 21, 22, 23]
    assert t[1, 2, 3].item() == 23 and t[1, 2, 3].dim() == 0
    assert t[:, 1].shape == (2, 4)
    assert t[..., 0].tolist() == [[0, 4, 8], [12, 16, 20]]
    assert t[None].shape == (1, 2, 3, 4)
    assert t[:, None, 1].shape == (2, 1, 4)
    assert t[..., None].shape == (2, 3, 4, 1)
    assert t[0, ..., 1].tolist() == [1, 5, 9]
    s = t[:, 1:3, ::2]
    assert s.shape == (2, 2, 2) and s.stride() == (12, 4, 2) and s.storage_offset() == 4
    assert t[:, -2:].shape == (2, 2, 4)
    assert t[5:].shape == (0, 3, 4)
    assert t[1:0].shape == (0, 3, 4)
    assert t[(0, 1)].tolist() == [4, 5, 6, 7]


def test_getitem_views_share_storage():
    t = oxtorch.zeros(3, 4)
    t[1].fill_(5)
    t[:, 3].fill_(1)
    assert t.tolist() == [[0, 0, 0, 1], [5, 5, 5, 1], [0, 0, 0, 1]]


def test_getitem_errors():
    t = oxtorch.arange(4)
    with pytest.raises(IndexError, match="index 5 is out of bounds for dimension 0 with size 4"):
        t[5]
    with pytest.raises(IndexError, match="index -5 is out of bounds for dimension 0 with size 4"):
        t[-5]
    with pytest.raises(IndexError, match="too many indices for tensor of dimension 1"):
        t[0, 0]
    with pytest.raises(ValueError, match="step must be greater than zero"):
        t[::-1]
    with pytest.raises(ValueError):
        t[::0]
    with pytest.raises((IndexError, TypeError)):
        t[1.5]
    # PyTorch accepts several ellipses (each stands for the dimensions no integer or slice names)
    assert t[..., ...].tolist() == [0, 1, 2, 3]
    with pytest.raises(IndexError):
        oxtorch.tensor(1)[0]


def test_view_methods():
    t = oxtorch.arange(24).reshape(2, 3, 4)
    assert t.transpose(0, 2).stride() == (1, 4, 12)
    assert t.permute(2, 0, 1).shape == (4, 2, 3)
    assert t.permute((2, 0, 1)).shape == (4, 2, 3)
    assert t.view(6, 4).shape == (6, 4) and t.view((6, 4)).shape == (6, 4) and t.view(-1).shape == (24,)
    assert t.reshape(4, -1).shape == (4, 6) and t.reshape([4, 6]).shape == (4, 6)
    assert oxtorch.zeros(3, 1).expand(3, 4).stride() == (1, 0)
    assert oxtorch.zeros(3, 1).expand((2, 3, 4)).shape == (2, 3, 4)
    assert oxtorch.zeros(3, 1).expand(-1, 4).shape == (3, 4)
    assert oxtorch.zeros(3, 1).expand_as(oxtorch.zeros(3, 5)).shape == (3, 5)
    assert t.narrow(2, 1, 2).tolist()[0][0] == [1, 2]
    assert t.select(1, 2).tolist() == [[8, 9, 10, 11], [20, 21, 22, 23]]
    assert oxtorch.zeros(2, 1, 3, 1).squeeze().shape == (2, 3)
    assert oxtorch.zeros(2, 1, 3, 1).squeeze(1).shape == (2, 3, 1)
    assert oxtorch.zeros(2, 1, 3, 1).squeeze(dim=-1).shape == (2, 1, 3)
    assert oxtorch.zeros(2, 3).unsqueeze(1).shape == (2, 1, 3)
    assert t.flatten().shape == (24,) and t.flatten(start_dim=1).shape == (2, 12)
    assert t.flatten(0, 1).shape == (6, 4)
    assert oxtorch.zeros(4, 6).unflatten(1, (2, 3)).shape == (4, 2, 3)
    d = oxtorch.arange(9).reshape(3, 3).diagonal()
    assert d.tolist() == [0, 4, 8] and d.stride() == (4,)
    assert oxtorch.arange(9).reshape(3, 3).diagonal(offset=1).tolist() == [1, 5]
    assert oxtorch.arange(12).reshape(3, 4).diagonal(0, 1, 0).tolist() == [0, 5, 10]
    assert t.movedim(0, -1).shape == (3, 4, 2)
    a = oxtorch.arange(12).reshape(3, 4).as_strided((2, 2), (1, 2), 1)
    assert a.tolist() == [[1, 3], [2, 4]] and a.storage_offset() == 1
    assert oxtorch.arange(6).as_strided([2], [2]).tolist() == [0, 2]
    u = oxtorch.arange(6).unfold(0, 2, 1)
    assert u.shape == (5, 2) and u.stride() == (1, 1)
    parts = oxtorch.arange(10).split(3)
    assert [p.tolist() for p in parts] == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]
    assert [p.shape[0] for p in oxtorch.arange(10).split([2, 8])] == [2, 8]
    assert [p.shape[0] for p in oxtorch.arange(10).chunk(3)] == [4, 4, 2]
    assert [p.shape for p in oxtorch.zeros(2, 6).chunk(2, dim=1)] == [(2, 3), (2, 3)]
    assert oxtorch.zeros(2, 3).t().shape == (3, 2)


def test_views_share_storage():
    base = oxtorch.zeros(2, 3)
    base.t().select(0, 1).fill_(7)
    base.view(6).narrow(0, 5, 1).fill_(9)
    assert base.tolist() == [[0, 7, 0], [0, 7, 9]]
    r = base.reshape(3, 2)  # contiguous: a view
    r.fill_(1)
    assert base.tolist() == [[1, 1, 1], [1, 1, 1]]


def test_contiguous_clone_to_copy():
    t = oxtorch.arange(6, dtype=oxtorch.float32).reshape(2, 3)
    assert t.contiguous() is t
    tt = t.t()
    c = tt.contiguous()
    assert c.is_contiguous() and c.stride() == (2, 1) and c.tolist() == tt.tolist()
    cl = oxtorch.zeros(2, 3, 4, 5).contiguous(memory_format=oxtorch.channels_last)
    assert cl.stride() == (60, 1, 15, 3)
    k = t.clone()
    k.fill_(0)
    assert t.tolist() == [[0, 1, 2], [3, 4, 5]]
    assert cl.clone().stride() == (60, 1, 15, 3)  # preserve_format
    assert cl.clone(memory_format=oxtorch.contiguous_format).stride() == (60, 20, 5, 1)
    # to
    assert t.to(oxtorch.float32) is t
    assert t.to("cpu") is t
    assert t.to(oxtorch.float32, copy=True) is not t
    d = t.to(oxtorch.float64)
    assert d.dtype == oxtorch.float64 and d.tolist() == t.tolist()
    assert t.to(dtype=oxtorch.int32).dtype == oxtorch.int32
    other = oxtorch.zeros(1, dtype=oxtorch.int16)
    assert t.to(other).dtype == oxtorch.int16
    assert t.to("cpu", oxtorch.float64).dtype == oxtorch.float64
    assert t.to(device="meta").device.type == "meta"
    assert oxtorch.zeros(2, 3, 4, 5).to(memory_format=oxtorch.channels_last).stride() == (60, 1, 15, 3)
    # copy_ broadcasts and casts, in place
    dst = oxtorch.zeros(2, 3, dtype=oxtorch.int64)
    out = dst.copy_(oxtorch.tensor([1.7, -2.2, 3.9]))
    assert out is dst
    assert dst.tolist() == [[1, -2, 3], [1, -2, 3]]
    # fill_
    f = oxtorch.zeros(3)
    assert f.fill_(2.5) is f and f.tolist() == [2.5, 2.5, 2.5]


def test_repr_basic():
    assert repr(oxtorch.tensor([1, 2, 3])) == "tensor([1, 2, 3])"
    assert repr(oxtorch.tensor([1.0, 2.5], dtype=oxtorch.float64)) == "tensor([1.0000, 2.5000], dtype=oxtorch.float64)"
    assert str(oxtorch.tensor([True])) == "tensor([True])"


# ----------------------------------------------------------------------------------------------------------------
# arithmetic
# ----------------------------------------------------------------------------------------------------------------


def test_arithmetic_dunders():
    t = oxtorch.tensor([1, 2, 4])
    assert (t + 1).tolist() == [2, 3, 5]
    assert (1 + t).tolist() == [2, 3, 5]
    assert (t - 1).tolist() == [0, 1, 3]
    assert (5 - t).tolist() == [4, 3, 1]
    assert (t * 3).tolist() == [3, 6, 12]
    assert (3 * t).tolist() == [3, 6, 12]
    assert (t / 2).tolist() == [0.5, 1.0, 2.0]
    assert (t / 2).dtype == oxtorch.float32
    assert (2 / t).tolist() == [2.0, 1.0, 0.5]
    assert (2 / t).dtype == oxtorch.float32
    assert (t + t).tolist() == [2, 4, 8]
    assert (t + 1.5).dtype == oxtorch.float32
    assert (t + True).dtype == oxtorch.int64
    assert (t * 1j).dtype == oxtorch.complex64
    assert (t + oxtorch.tensor(2.5, dtype=oxtorch.float64)).dtype == oxtorch.float64  # zero-dim, higher category
    assert (t + oxtorch.tensor(2, dtype=oxtorch.int8)).dtype == oxtorch.int64  # zero-dim, same category
    assert (oxtorch.ones(2, 1) + oxtorch.ones(3)).shape == (2, 3)


def test_binary_methods_and_functions():
    a = oxtorch.tensor([1.0, 2.0])
    b = oxtorch.tensor([10.0, 20.0])
    assert a.add(b).tolist() == [11.0, 22.0]
    assert a.add(b, alpha=2).tolist() == [21.0, 42.0]
    assert a.sub(b, alpha=0.5).tolist() == [-4.0, -8.0]
    assert a.mul(b).tolist() == [10.0, 40.0]
    assert b.div(a).tolist() == [10.0, 10.0]
    assert oxtorch.add(a, 1, alpha=3).tolist() == [4.0, 5.0]
    assert oxtorch.sub(a, b).tolist() == [-9.0, -18.0]
    assert oxtorch.mul(2, a).tolist() == [2.0, 4.0]
    assert oxtorch.div(a, 4).tolist() == [0.25, 0.5]
    assert oxtorch.add(input=a, other=b).tolist() == [11.0, 22.0]
    i = oxtorch.tensor([7, -7])
    assert i.div(2).tolist() == [3.5, -3.5]
    assert i.div(2, rounding_mode="floor").tolist() == [3, -4]
    assert i.div(2, rounding_mode="trunc").tolist() == [3, -3]
    assert i.div(2, rounding_mode=None).tolist() == [3.5, -3.5]
    assert oxtorch.div(i, 2, rounding_mode="floor").dtype == oxtorch.int64
    with pytest.raises(RuntimeError, match="rounding_mode"):
        i.div(2, rounding_mode="bad")
    with pytest.raises(RuntimeError, match="alpha must not be a floating point number"):
        i.add(i, alpha=0.5)
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        i.div(0, rounding_mode="trunc")


def test_integer_division_overflow_wraps():  # documented deviation 3
    lo = -(2**63)
    x = oxtorch.tensor([lo, 7], dtype=oxtorch.int64)
    assert x.div(-1, rounding_mode="trunc").tolist() == [lo, -7]
    assert x.div(-1, rounding_mode="floor").tolist() == [lo, -7]
    m = oxtorch.tensor([-1, -1], dtype=oxtorch.int64)
    assert oxtorch.div(x, m, rounding_mode="trunc").tolist() == [lo, -7]
    assert x.div(-1).tolist() == [9.223372036854775808e18, -7.0]
    assert (x + x).tolist() == [0, 14]  # ordinary overflow wraps


def test_inplace_dunders_keep_identity_and_storage():
    t = oxtorch.zeros(3)
    alias = t
    view = t[1:]
    t += 1
    assert t is alias
    assert view.tolist() == [1.0, 1.0]
    t *= 4
    t -= 1
    t /= 2
    assert t is alias
    assert t.tolist() == [1.5, 1.5, 1.5] and view.tolist() == [1.5, 1.5]
    r = t.add_(1)
    assert r is t
    assert t.sub_(1, alpha=2) is t and t.tolist() == [0.5, 0.5, 0.5]
    assert t.mul_(oxtorch.tensor([2.0, 4.0, 6.0])) is t and t.tolist() == [1.0, 2.0, 3.0]
    assert t.div_(2) is t and t.tolist() == [0.5, 1.0, 1.5]
    assert view.tolist() == [1.0, 1.5]


def test_inplace_cast_rules():
    i = oxtorch.tensor([1, 2], dtype=oxtorch.int32)
    f = oxtorch.tensor([1.5, 2.0])
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Int"):
        i *= f
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Int"):
        i /= 2
    with pytest.raises(RuntimeError, match="result type ComplexFloat can't be cast to the desired output type Float"):
        f.add_(1j)
    assert i.tolist() == [1, 2] and f.tolist() == [1.5, 2.0]
    i += oxtorch.tensor([1, 1], dtype=oxtorch.int64)
    assert i.dtype == oxtorch.int32 and i.tolist() == [2, 3]
    with pytest.raises(RuntimeError):
        oxtorch.zeros(3).add_(oxtorch.zeros(2, 3))  # cannot broadcast into self


def test_out_argument():
    a = oxtorch.ones(2, 3)
    out = oxtorch.empty(0)
    r = oxtorch.add(a, 1, out=out)
    assert r is out
    assert out.shape == (2, 3) and out.tolist() == [[2.0] * 3] * 2
    o64 = oxtorch.empty(2, 3, dtype=oxtorch.float64)
    oxtorch.mul(oxtorch.ones(2, 3, dtype=oxtorch.int32), 3, out=o64)
    assert o64.dtype == oxtorch.float64 and o64.tolist() == [[3.0] * 3] * 2
    oi = oxtorch.empty(2, dtype=oxtorch.int64)
    oxtorch.div(oxtorch.tensor([7, -7]), 2, rounding_mode="floor", out=oi)
    assert oi.tolist() == [3, -4]
    oxtorch.sub(oxtorch.tensor([5, 5]), oxtorch.tensor([1, 2]), out=oi)
    assert oi.tolist() == [4, 3]
    with pytest.raises(RuntimeError, match="result type Float can't be cast to the desired output type Long"):
        oxtorch.div(oxtorch.tensor([7, -7]), 2, out=oi)


def test_equal_and_allclose():
    a = oxtorch.tensor([1.0, 2.0, 3.0])
    assert oxtorch.equal(a, a.clone()) is True
    assert oxtorch.equal(a, a + 1) is False
    assert oxtorch.equal(a, a.view(3, 1)) is False
    assert oxtorch.equal(oxtorch.arange(6).reshape(2, 3).t(), oxtorch.tensor([[0, 3], [1, 4], [2, 5]])) is True
    assert oxtorch.allclose(a, a + 1e-9) is True
    assert oxtorch.allclose(a, a + 0.1) is False
    assert oxtorch.allclose(a, a + 0.1, atol=0.2) is True
    assert oxtorch.allclose(a, a * 1.01, rtol=0.02) is True
    nan = oxtorch.tensor([float("nan"), 1.0])
    assert oxtorch.allclose(nan, nan) is False
    assert oxtorch.allclose(nan, nan, equal_nan=True) is True
    assert oxtorch.allclose(oxtorch.tensor([1.0, 1.0]), oxtorch.tensor(1.0)) is True  # broadcasts


def test_docstrings():
    for name in ("add", "sub", "mul", "div", "view", "to", "size", "stride"):
        doc = getattr(oxtorch.Tensor, name).__doc__
        assert doc and doc.strip(), f"oxtorch.Tensor.{name} has no docstring"
    for name in ("tensor", "zeros", "add", "device", "from_numpy"):
        doc = getattr(oxtorch, name).__doc__
        assert doc and doc.strip(), f"oxtorch.{name} has no docstring"
    text = pydoc.render_doc(oxtorch.Tensor.add, renderer=pydoc.plaintext)  # what help() shows
    assert "add" in text
    assert oxtorch.Tensor.add.__doc__.strip() in text


# ----------------------------------------------------------------------------------------------------------------
# bad input never crashes the interpreter
# ----------------------------------------------------------------------------------------------------------------

# (expression, accepted exception classes); each runs in a child interpreter so that a crash is reported here
BAD_INPUTS = [
    ("oxtorch.zeros(-1)", "RuntimeError"),
    ("oxtorch.empty(2**62, 2**62)", "RuntimeError OverflowError"),
    ("oxtorch.zeros(2**70)", "RuntimeError OverflowError TypeError"),
    ("oxtorch.ones(2**40, dtype=oxtorch.float64)", "RuntimeError MemoryError"),
    ("oxtorch.arange(0, 10, 0)", "RuntimeError"),
    ("oxtorch.arange(0, float('inf'))", "RuntimeError"),
    ("oxtorch.linspace(0, 1, -1)", "RuntimeError"),
    ("oxtorch.randint(5, 2, (3,))", "RuntimeError"),
    ("oxtorch.tensor([[1, 2], [3]])", "ValueError"),
    ("oxtorch.tensor(object())", "TypeError RuntimeError"),
    ("oxtorch.tensor([1], dtype='float32')", "TypeError"),
    ("oxtorch.device(None)", "TypeError RuntimeError"),
    ("oxtorch.device('cuda', 'x')", "TypeError"),
    ("oxtorch.device('')", "RuntimeError"),
    ("oxtorch.device('cuda:99999999999')", "RuntimeError"),
    ("oxtorch.set_default_dtype(oxtorch.int64)", "TypeError"),
    ("oxtorch.arange(6).view(7)", "RuntimeError"),
    ("oxtorch.arange(6).view(-1, -1)", "RuntimeError"),
    ("oxtorch.arange(6).reshape(4, -1)", "RuntimeError"),
    ("oxtorch.arange(6).permute(0, 0)", "RuntimeError"),
    ("oxtorch.arange(6).permute(1)", "IndexError RuntimeError"),
    ("oxtorch.arange(6).expand(-2)", "RuntimeError"),
    ("oxtorch.arange(6).expand(2, 5)", "RuntimeError"),
    ("oxtorch.arange(6).as_strided([3], [1], 100)", "RuntimeError"),
    ("oxtorch.arange(6).as_strided([2**40], [2**40])", "RuntimeError OverflowError"),
    ("oxtorch.arange(6).as_strided([3], [-1])", "RuntimeError"),
    ("oxtorch.arange(6).narrow(0, 5, 2)", "RuntimeError IndexError"),
    ("oxtorch.arange(6).narrow(0, 0, -1)", "RuntimeError"),
    ("oxtorch.arange(6).select(0, 6)", "IndexError"),
    ("oxtorch.arange(6).select(3, 0)", "IndexError"),
    ("oxtorch.arange(6).transpose(0, 9)", "IndexError"),
    ("oxtorch.arange(6).squeeze(4)", "IndexError"),
    ("oxtorch.arange(6).unsqueeze(-9)", "IndexError"),
    ("oxtorch.arange(6).flatten(1, 0)", "IndexError RuntimeError"),
    ("oxtorch.arange(6).unflatten(0, (4, 2))", "RuntimeError"),
    ("oxtorch.arange(6).diagonal()", "IndexError RuntimeError"),
    ("oxtorch.arange(6).movedim(0, 3)", "IndexError"),
    ("oxtorch.arange(6).unfold(0, 7, 1)", "RuntimeError"),
    ("oxtorch.arange(6).unfold(0, 2, 0)", "RuntimeError"),
    ("oxtorch.arange(6).split(0)", "RuntimeError ValueError"),
    ("oxtorch.arange(6).chunk(0)", "RuntimeError"),
    ("oxtorch.arange(6)[10]", "IndexError"),
    ("oxtorch.arange(6)[0, 0]", "IndexError"),
    ("oxtorch.arange(6)[::-1]", "ValueError"),
    ("oxtorch.arange(6)['a']", "IndexError TypeError"),
    ("oxtorch.arange(6).item()", "RuntimeError"),
    ("oxtorch.zeros(0).item()", "RuntimeError"),
    ("bool(oxtorch.zeros(0))", "RuntimeError"),
    ("len(oxtorch.tensor(3))", "TypeError"),
    ("oxtorch.arange(6) + oxtorch.arange(5)", "RuntimeError"),
    ("oxtorch.arange(6) + 'a'", "TypeError"),
    ("oxtorch.arange(6) + None", "TypeError"),
    ("oxtorch.arange(6).add(1, alpha='x')", "TypeError"),
    ("oxtorch.arange(6).div(0, rounding_mode='floor')", "RuntimeError"),
    ("oxtorch.arange(6).div(2, rounding_mode='round')", "RuntimeError ValueError"),
    ("oxtorch.tensor([True]) - oxtorch.tensor([True])", "NotImplementedError"),
    ("oxtorch.arange(6).to('gpu')", "RuntimeError"),
    ("oxtorch.arange(6).copy_(oxtorch.zeros(4))", "RuntimeError"),
    ("oxtorch.arange(6).contiguous(memory_format=oxtorch.channels_last)", "RuntimeError"),
    ("oxtorch.empty(2, 3, memory_format=oxtorch.preserve_format)", "RuntimeError"),
    ("oxtorch.arange(6).is_contiguous(memory_format=oxtorch.float32)", "TypeError"),
    ("oxtorch.from_numpy(np.arange(4)[::-1])", "ValueError"),
    ("oxtorch.from_numpy('x')", "TypeError"),
    ("oxtorch.from_dlpack(3)", "TypeError AttributeError ValueError RuntimeError"),
    ("oxtorch.tensor([1.0], dtype=oxtorch.bfloat16).numpy()", "TypeError"),
    ("oxtorch.empty(2, device='meta').numpy()", "RuntimeError NotImplementedError TypeError"),
    ("oxtorch.empty(2, device='meta').item()", "RuntimeError NotImplementedError"),
    ("oxtorch.ones(2, device='meta') + oxtorch.ones(2)", "RuntimeError"),
    ("oxtorch.zeros(2, device='cuda:1')", "RuntimeError"),
    ("oxtorch.equal(oxtorch.ones(2), 1)", "TypeError"),
    ("oxtorch.Size([2, 'a'])", "TypeError"),
    ("oxtorch.LongTensor(-1)", "RuntimeError"),
    ("oxtorch.FloatTensor('abc')", "TypeError"),
    ("oxtorch.add(oxtorch.ones(2), 1, out=oxtorch.ones(2, dtype=oxtorch.bool))", "RuntimeError"),
    ("oxtorch.add(oxtorch.ones(3), 1, out=oxtorch.ones(6).as_strided((3,), (0,)))", "RuntimeError"),
]

_CHILD = textwrap.dedent(
    """
    import json, sys, builtins
    import numpy as np
    import oxtorch
    cases = json.loads(sys.argv[1])
    for i, expr in enumerate(cases):
        try:
            eval(expr)
            kind, msg = None, ""
        except BaseException as e:
            kind = next(c.__name__ for c in type(e).__mro__ if getattr(builtins, c.__name__, None) is c)
            msg = str(e).splitlines()[0] if str(e) else ""
        print(json.dumps([i, kind, msg]), flush=True)
    """
)


def test_bad_inputs_raise_python_exceptions_without_crashing():
    exprs = [e for e, _ in BAD_INPUTS]
    results = {}  # index -> (exception class name or None, first line of the message)
    crashes = []
    start = 0
    while start < len(exprs):  # after a crash, go on in a fresh interpreter with the next input
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, json.dumps(exprs[start:])], capture_output=True, text=True, timeout=300
        )
        done = 0
        for line in proc.stdout.splitlines():
            i, kind, msg = json.loads(line)
            results[start + i] = (kind, msg)
            done = i + 1
        if proc.returncode == 0:
            break
        culprit = start + done
        if culprit < len(exprs):
            tail = proc.stderr.strip().splitlines()
            crashes.append(
                f"{exprs[culprit]}: the interpreter died (exit status {proc.returncode}): "
                + " | ".join(tail[:3])[:500]
            )
        start = culprit + 1
    problems = list(crashes)
    for i, (expr, accepted) in enumerate(BAD_INPUTS):
        if i not in results:
            continue
        kind, msg = results[i]
        if kind is None:
            problems.append(f"{expr}: no exception")
        elif kind not in accepted.split():
            problems.append(f"{expr}: {kind}: {msg} (expected {accepted})")
    assert not problems, "\n".join(problems)
