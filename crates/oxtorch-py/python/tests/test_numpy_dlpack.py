"""NumPy and DLPack interoperability: shared memory both ways, copies where PyTorch copies, the dtype mapping of
all twelve dtypes, strides of non-contiguous tensors, DLPack capsules and round trips."""

from __future__ import annotations

import math

import numpy as np
import pytest

import oxtorch

# (oxtorch dtype name, NumPy dtype) for the eleven dtypes NumPy has; bfloat16 has no NumPy counterpart.
PAIRS = [
    ("bool", np.bool_),
    ("uint8", np.uint8),
    ("int8", np.int8),
    ("int16", np.int16),
    ("int32", np.int32),
    ("int64", np.int64),
    ("float16", np.float16),
    ("float32", np.float32),
    ("float64", np.float64),
    ("complex64", np.complex64),
    ("complex128", np.complex128),
]
IDS = [p[0] for p in PAIRS]

# Values that each dtype holds exactly, edge values included.
SAMPLES = {
    "bool": [True, False, True],
    "uint8": [0, 255, 7],
    "int8": [-128, 127, -1],
    "int16": [-32768, 32767, 5],
    "int32": [-(2**31), 2**31 - 1, 3],
    "int64": [-(2**63), 2**63 - 1, 4611686018427387904],
    "float16": [65504.0, -0.0, 6.103515625e-05],
    "float32": [3.4028234663852886e38, -0.0, 1.401298464324817e-45],
    "float64": [1e-300, -0.0, 1.7976931348623157e308],
    "complex64": [complex(1.5, -2.0), complex(-0.0, 0.0), complex(3.4028234663852886e38, 1.401298464324817e-45)],
    "complex128": [complex(1e-300, -1e300), complex(-0.0, -0.0), complex(2.5, 0.5)],
}


def same(a, b) -> bool:
    """Elementwise equality that also compares the sign of zero."""
    if isinstance(a, complex) or isinstance(b, complex):
        return same(complex(a).real, complex(b).real) and same(complex(a).imag, complex(b).imag)
    if isinstance(a, float) or isinstance(b, float):
        if math.isnan(a) and math.isnan(b):
            return True
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    return a == b and type(a) is type(b)


def assert_same_values(got: list, want: list) -> None:
    assert len(got) == len(want), (got, want)
    for g, w in zip(got, want):
        assert same(g, w), (got, want)


# ----------------------------------------------------------------------------------------------------------------
# from_numpy / numpy() share memory; tensor(ndarray) copies
# ----------------------------------------------------------------------------------------------------------------


def test_from_numpy_shares_memory_both_ways():
    a = np.arange(3, dtype=np.float32)
    t = oxtorch.from_numpy(a)
    assert t.dtype == oxtorch.float32
    assert tuple(t.shape) == (3,)
    a[0] = 10.0
    assert t.tolist() == [10.0, 1.0, 2.0]
    assert t[0].item() == 10.0
    t.add_(1)
    assert a.tolist() == [11.0, 2.0, 3.0]
    t.fill_(7)
    assert a.tolist() == [7.0, 7.0, 7.0]
    t.mul_(2)
    assert a.tolist() == [14.0, 14.0, 14.0]


def test_from_numpy_keeps_the_array_alive():
    t = oxtorch.from_numpy(np.arange(4, dtype=np.int64) * 3)
    import gc

    gc.collect()
    assert t.tolist() == [0, 3, 6, 9]


def test_from_numpy_of_a_strided_array_shares_memory_with_element_strides():
    a = np.arange(24, dtype=np.float64).reshape(4, 6)
    view = a[1:, ::2]
    t = oxtorch.from_numpy(view)
    assert tuple(t.shape) == (3, 3)
    assert t.stride() == (6, 2)
    assert t.tolist() == view.tolist()
    a[1, 2] = -1.0
    assert t[0, 1].item() == -1.0
    t.fill_(0)
    assert a[1:, ::2].sum() == 0 and a[1:, 1::2].sum() != 0


def test_from_numpy_of_a_transposed_array():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    t = oxtorch.from_numpy(a.T)
    assert tuple(t.shape) == (3, 2)
    assert t.stride() == (1, 3)
    assert t.tolist() == a.T.tolist()


def test_from_numpy_rejects_negative_strides():
    a = np.arange(5, dtype=np.float32)[::-1]
    with pytest.raises(ValueError, match="negative"):
        oxtorch.from_numpy(a)


def test_from_numpy_rejects_unsupported_dtypes():
    with pytest.raises(TypeError):
        oxtorch.from_numpy(np.array(["a", "b"], dtype=object))
    with pytest.raises(TypeError):
        oxtorch.from_numpy([1, 2, 3])  # not an ndarray


def test_from_numpy_zero_dim_and_empty():
    t = oxtorch.from_numpy(np.array(2.5, dtype=np.float64))
    assert t.dim() == 0 and t.item() == 2.5 and t.dtype == oxtorch.float64
    e = oxtorch.from_numpy(np.zeros((0, 3), dtype=np.int16))
    assert tuple(e.shape) == (0, 3) and e.numel() == 0 and e.dtype == oxtorch.int16


def test_numpy_shares_memory_both_ways():
    t = oxtorch.zeros(3)
    n = t.numpy()
    assert isinstance(n, np.ndarray)
    assert n.dtype == np.float32 and n.shape == (3,)
    n[1] = 5.0
    assert t.tolist() == [0.0, 5.0, 0.0]
    t.add_(1)
    assert n.tolist() == [1.0, 6.0, 1.0]
    t.fill_(-2)
    assert n.tolist() == [-2.0, -2.0, -2.0]


def test_numpy_of_a_view_writes_into_the_base():
    base = oxtorch.arange(12, dtype=oxtorch.int64).reshape(3, 4)
    n = base[1].numpy()
    n[:] = 0
    assert base.tolist() == [[0, 1, 2, 3], [0, 0, 0, 0], [8, 9, 10, 11]]


def test_numpy_keeps_the_tensor_alive():
    n = oxtorch.arange(5, dtype=oxtorch.float64).numpy()
    import gc

    gc.collect()
    assert n.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_tensor_of_ndarray_copies():
    a = np.array([1.0, 2.0, 3.0], dtype=np.float64)
    t = oxtorch.tensor(a)
    assert t.dtype == oxtorch.float64
    a[0] = 100.0
    assert t.tolist() == [1.0, 2.0, 3.0]
    t.add_(1)
    assert a.tolist() == [100.0, 2.0, 3.0]


def test_tensor_of_ndarray_with_dtype_converts():
    t = oxtorch.tensor(np.array([1.7, -2.2]), dtype=oxtorch.int32)
    assert t.dtype == oxtorch.int32 and t.tolist() == [1, -2]


# ----------------------------------------------------------------------------------------------------------------
# dtype mapping
# ----------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,npdtype", PAIRS, ids=IDS)
def test_dtype_mapping_from_numpy(name, npdtype):
    a = np.array(SAMPLES[name], dtype=npdtype)
    t = oxtorch.from_numpy(a)
    assert t.dtype == getattr(oxtorch, name)
    assert t.element_size() == a.itemsize
    assert_same_values(t.tolist(), a.tolist())


@pytest.mark.parametrize("name,npdtype", PAIRS, ids=IDS)
def test_dtype_mapping_to_numpy(name, npdtype):
    t = oxtorch.tensor(SAMPLES[name], dtype=getattr(oxtorch, name))
    n = t.numpy()
    assert n.dtype == np.dtype(npdtype)
    assert n.shape == (3,)
    assert n.strides == (np.dtype(npdtype).itemsize,)
    assert_same_values(n.tolist(), t.tolist())
    assert_same_values(n.tolist(), SAMPLES[name])


def test_bfloat16_numpy_raises_type_error():
    t = oxtorch.tensor([1.5, 2.0], dtype=oxtorch.bfloat16)
    with pytest.raises(TypeError, match="Got unsupported ScalarType BFloat16"):
        t.numpy()


# ----------------------------------------------------------------------------------------------------------------
# strides of non-contiguous tensors
# ----------------------------------------------------------------------------------------------------------------


def test_numpy_of_a_transposed_tensor_keeps_strides():
    t = oxtorch.arange(12, dtype=oxtorch.float32).reshape(3, 4).t()
    n = t.numpy()
    assert n.shape == (4, 3)
    assert n.strides == (4, 16)  # bytes: element strides (1, 4) times 4
    assert n.tolist() == t.tolist()
    n[0, 1] = -1.0
    assert t[0, 1].item() == -1.0


def test_numpy_of_a_sliced_tensor_keeps_strides_and_offset():
    base = oxtorch.arange(24, dtype=oxtorch.int16).reshape(4, 6)
    t = base[1:, 1::2]
    assert t.storage_offset() == 7
    n = t.numpy()
    assert n.shape == (3, 3)
    assert n.strides == (12, 4)  # element strides (6, 2) times 2 bytes
    assert n.tolist() == t.tolist() == [[7, 9, 11], [13, 15, 17], [19, 21, 23]]
    n[2, 2] = 0
    assert base[3, 5].item() == 0


def test_numpy_of_an_expanded_tensor_has_zero_strides():
    t = oxtorch.tensor([1, 2, 3], dtype=oxtorch.int64).expand(2, 3)
    n = t.numpy()
    assert n.strides == (0, 8)
    assert n.tolist() == [[1, 2, 3], [1, 2, 3]]


def test_numpy_of_channels_last_tensor_keeps_strides():
    t = oxtorch.zeros(2, 3, 4, 5).contiguous(memory_format=oxtorch.channels_last)
    n = t.numpy()
    assert n.strides == tuple(4 * s for s in t.stride()) == (240, 4, 60, 12)


def test_numpy_of_zero_dim_tensor():
    n = oxtorch.tensor(3, dtype=oxtorch.int8).numpy()
    assert n.shape == () and n.dtype == np.int8 and int(n) == 3


# ----------------------------------------------------------------------------------------------------------------
# DLPack
# ----------------------------------------------------------------------------------------------------------------


def test_dlpack_device_is_cpu():
    assert oxtorch.ones(2).__dlpack_device__() == (1, 0)
    d = oxtorch.ones(2).__dlpack_device__()
    assert tuple(int(x) for x in d) == (1, 0)


def test_numpy_from_dlpack_is_zero_copy():
    t = oxtorch.arange(4, dtype=oxtorch.float64)
    n = np.from_dlpack(t)
    assert n.dtype == np.float64 and n.shape == (4,)
    assert n.tolist() == [0.0, 1.0, 2.0, 3.0]
    t.add_(10)
    assert n.tolist() == [10.0, 11.0, 12.0, 13.0]
    # NumPy marks arrays from legacy (unversioned) capsules read-only: __dlpack__ must honour
    # max_version=(1, 0) and hand out a versioned, writable DLPack 1.0 capsule, as PyTorch does
    assert n.flags.writeable, "np.from_dlpack(t) is read-only: __dlpack__ gave a legacy capsule"
    n[0] = -5.0
    assert t[0].item() == -5.0


def test_dlpack_accepts_the_keywords_numpy_passes():
    t = oxtorch.ones(2)
    cap = t.__dlpack__(stream=None, max_version=(1, 0), dl_device=None, copy=None)
    assert type(cap).__name__ == "PyCapsule"
    legacy = t.__dlpack__()
    assert type(legacy).__name__ == "PyCapsule"


def test_numpy_from_dlpack_of_strided_tensor():
    t = oxtorch.arange(12, dtype=oxtorch.int32).reshape(3, 4).t()
    n = np.from_dlpack(t)
    assert n.shape == (4, 3) and n.strides == (4, 16)
    assert n.tolist() == t.tolist()


def test_oxtorch_from_dlpack_of_numpy_is_zero_copy():
    a = np.arange(6, dtype=np.int64).reshape(2, 3)
    t = oxtorch.from_dlpack(a)
    assert t.dtype == oxtorch.int64 and tuple(t.shape) == (2, 3)
    assert t.tolist() == [[0, 1, 2], [3, 4, 5]]
    a[1, 2] = 50
    assert t[1, 2].item() == 50
    t.fill_(1)
    assert a.tolist() == [[1, 1, 1], [1, 1, 1]]


def test_oxtorch_from_dlpack_of_a_capsule():
    a = np.arange(3, dtype=np.float32)
    t = oxtorch.from_dlpack(a.__dlpack__())
    assert t.tolist() == [0.0, 1.0, 2.0]
    a[2] = 9.0
    assert t[2].item() == 9.0


def test_oxtorch_from_dlpack_of_its_own_tensor_shares_memory():
    t = oxtorch.tensor([1.5, 2.0, -3.0], dtype=oxtorch.bfloat16)
    u = oxtorch.from_dlpack(t)
    assert u.dtype == oxtorch.bfloat16
    assert u.tolist() == [1.5, 2.0, -3.0]
    u.fill_(4)
    assert t.tolist() == [4.0, 4.0, 4.0]


@pytest.mark.parametrize("name,npdtype", PAIRS, ids=IDS)
def test_round_trips_preserve_values(name, npdtype):
    d = getattr(oxtorch, name)
    t = oxtorch.tensor(SAMPLES[name], dtype=d)
    # tensor -> numpy -> tensor
    back = oxtorch.from_numpy(t.numpy())
    assert back.dtype == d
    assert_same_values(back.tolist(), t.tolist())
    # numpy -> tensor (copy) -> numpy
    a = np.array(SAMPLES[name], dtype=npdtype)
    assert_same_values(oxtorch.tensor(a).numpy().tolist(), a.tolist())


@pytest.mark.parametrize("name,npdtype", PAIRS, ids=IDS)
def test_dlpack_round_trips_preserve_values(name, npdtype):
    d = getattr(oxtorch, name)
    t = oxtorch.tensor(SAMPLES[name], dtype=d)
    # tensor -> numpy via DLPack
    n = np.from_dlpack(t)
    assert n.dtype == np.dtype(npdtype)
    assert_same_values(n.tolist(), SAMPLES[name])
    # numpy -> tensor via DLPack
    a = np.array(SAMPLES[name], dtype=npdtype)
    u = oxtorch.from_dlpack(a)
    assert u.dtype == d
    assert_same_values(u.tolist(), SAMPLES[name])
    # tensor -> tensor via DLPack
    assert_same_values(oxtorch.from_dlpack(t).tolist(), SAMPLES[name])


def test_round_trip_of_bfloat16_through_float32():
    t = oxtorch.tensor([1.5, -0.0, 3e38], dtype=oxtorch.bfloat16)
    n = t.to(oxtorch.float32).numpy()
    back = oxtorch.from_numpy(n).to(oxtorch.bfloat16)
    assert_same_values(back.tolist(), t.tolist())
