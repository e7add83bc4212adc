"""Tensor.view(dtype) and advanced indexing (__getitem__ / __setitem__ with index tensors, lists and masks).

Expected values come from NumPy (same indexing rules for the cases compared) or are written out from PyTorch 2.15's
answers (messages, shapes, strides), so no PyTorch is needed. Byte-level expectations assume a little-endian
machine, as NumPy's native dtypes below do."""

from __future__ import annotations

import re

import numpy as np
import pytest

import oxtorch as torch


def raises(cls, message):
    """pytest.raises for an exact first line of the message."""
    return pytest.raises(cls, match="^" + re.escape(message) + "$")


def geometry(t):
    return tuple(t.shape), t.stride(), t.storage_offset()


# ----- view(dtype) -----


def test_view_dtype_same_size():
    x = torch.arange(12, dtype=torch.uint8).reshape(3, 4)
    v = x.view(torch.int8)
    assert v.dtype == torch.int8 and geometry(v) == geometry(x)
    assert x.view(dtype=torch.int8).dtype == torch.int8
    assert x.view(torch.uint8).dtype == torch.uint8
    v[0, 1] = -1
    assert x[0, 1].item() == 255


def test_view_dtype_bigger_and_smaller_match_numpy():
    a = np.arange(32, dtype=np.uint8).reshape(2, 16)
    x = torch.tensor(a)
    for dst, np_dst in [(torch.int16, np.int16), (torch.int32, np.int32), (torch.float32, np.float32),
                        (torch.int64, np.int64), (torch.float16, np.float16)]:
        v = x.view(dst)
        expected = a.view(np_dst)
        assert tuple(v.shape) == expected.shape
        assert v.stride() == tuple(s // expected.itemsize for s in expected.strides)
        np.testing.assert_array_equal(v.numpy(), expected)
        back = v.view(torch.uint8)
        assert geometry(back) == geometry(x)
        assert back.tolist() == a.tolist()
    f = torch.tensor([1.0, 2.0])
    assert f.view(torch.uint8).tolist() == [0, 0, 128, 63, 0, 0, 0, 64]
    assert f.view(torch.int32).tolist() == [1065353216, 1073741824]
    assert geometry(torch.zeros(4, 4)[1:].view(torch.int16)) == ((3, 8), (8, 1), 8)
    assert geometry(torch.zeros(4, 4)[1:].view(torch.complex128)) == ((3, 1), (1, 1), 1)
    assert geometry(torch.arange(12, dtype=torch.uint8).reshape(3, 4)[1:].view(torch.int32)) == ((2, 1), (1, 1), 1)
    assert torch.tensor(1.0).view(torch.int32).item() == 1065353216


def test_view_dtype_aliases_both_ways():
    a = torch.zeros(4)
    b = a.view(torch.int32)
    b[1] = 7
    assert b.tolist() == [0, 7, 0, 0]
    assert a[1].item() == pytest.approx(9.80908925027372e-45)
    a[2] = 2.0
    assert b[2].item() == 0x40000000
    a += 1
    assert b[0].item() == 0x3F800000


def test_view_dtype_bool():
    c = torch.zeros(2, dtype=torch.bool)
    d = c.view(torch.uint8)
    d[0] = 1
    assert c.tolist() == [True, False]
    # PyTorch keeps the byte 5; oxtorch stores bool memory as 0/1 (Rust's bool), so the byte reads back as 1
    d[1] = 5
    assert c.tolist() == [True, True]
    assert d.tolist() == [1, 1]
    ones = torch.tensor([0, 1, 1], dtype=torch.uint8).view(torch.bool)
    assert ones.tolist() == [False, True, True]
    # other bytes read as byte != 0, as in PyTorch
    raw = torch.tensor([2, 0, 1, 255], dtype=torch.uint8)
    two = raw.view(torch.bool)
    assert two.tolist() == [True, False, True, True]
    assert two[[0, 3]].tolist() == [True, True]
    # writing False changes the byte; writing True over a nonzero byte leaves it (PyTorch would store 1)
    two[1] = True
    two[3] = False
    assert raw.tolist() == [2, 1, 1, 0]


def test_view_dtype_errors():
    with raises(RuntimeError, "self.dim() cannot be 0 to view Float as Short (different element sizes)"):
        torch.tensor(1.0).view(torch.int16)
    x = torch.arange(12, dtype=torch.uint8).reshape(3, 4)
    with raises(RuntimeError, "self.size(-1) must be divisible by 2 to view Byte as Short (different element sizes), but got 3"):
        x[:, :3].view(torch.int16)
    with raises(RuntimeError, "self.storage_offset() must be divisible by 2 to view Byte as Short (different element sizes), but got 1"):
        x[:, 1:3].view(torch.int16)
    with raises(RuntimeError, "self.stride(0) must be divisible by 4 to view Byte as Int (different element sizes), but got 6"):
        x.reshape(2, 6)[:, :4].view(torch.int32)
    with raises(RuntimeError, "self.stride(-1) must be 1 to view Float as Short (different element sizes), but got 4"):
        torch.zeros(4, 4)[:, ::4].view(torch.int16)
    with raises(RuntimeError, "self.stride(-1) must be 1 to view Byte as Short (different element sizes), but got 3"):
        x.reshape(4, 3).t().view(torch.int16)
    with raises(RuntimeError, "self.size(-1) must be divisible by 8 to view Byte as ComplexFloat (different element sizes), but got 2"):
        x[:, :2].view(torch.complex64)
    # view(shape) still works
    assert x.view(4, 3).shape == (4, 3)
    assert x.view((4, 3)).shape == (4, 3)
    assert x.view(-1).shape == (12,)


# ----- advanced indexing: reading, against NumPy -----

A = np.arange(24).reshape(2, 3, 4)

NUMPY_CASES = [
    lambda: [1, 0],
    lambda: ([1, 0],),
    lambda: [-1, -2],
    lambda: (slice(None), [0, 2]),
    lambda: (slice(None), [0, 1], [1, 2]),
    lambda: ([0, 1], slice(None), [1, 2]),
    lambda: ([0, 1], 0, [1, 2]),
    lambda: ([0, 1], [[0], [1]]),
    lambda: (Ellipsis, [0, 3]),
    lambda: ([0, 1], Ellipsis, [0, 1]),
    lambda: (None, [0, 1], None),
    lambda: (slice(None), None, [0, 1]),
    lambda: ([0, 1], slice(1, None), None, [2, 3]),
    lambda: (0, [1, 2], slice(1, None)),
    lambda: ([[0, 1], [1, 0]],),
    lambda: (slice(None), [[2, 1], [0, 0]], slice(1, 3)),
    lambda: [[True, False]],
    lambda: (slice(None), [False, True, True]),
    lambda: np.array([[True, False, True], [False, False, True]]),
    lambda: (np.array([[True, False, True], [False, False, True]]), [1, 2, 3]),
    lambda: (slice(None), slice(None), np.array([True, False, False, True])),
    lambda: ([1], slice(None), None, [1]),
    lambda: (slice(None, None, 2), [2, 0]),
]


def to_oxtorch_index(index):
    """The NumPy index with bool arrays as oxtorch tensors (lists stay lists)."""
    if isinstance(index, tuple):
        return tuple(to_oxtorch_index(i) for i in index)
    if isinstance(index, np.ndarray):
        return torch.tensor(index.tolist())
    return index


@pytest.mark.parametrize("case", range(len(NUMPY_CASES)))
def test_getitem_matches_numpy(case):
    index = NUMPY_CASES[case]()
    # a list holding lists is a tuple to PyTorch (treatSequenceAsTuple); NumPy needs it spelled as one
    as_tuple = isinstance(index, list) and any(isinstance(i, list) for i in index)
    expected = A[tuple(index) if as_tuple else index]
    x = torch.tensor(A)
    got = x[to_oxtorch_index(index)]
    assert tuple(got.shape) == expected.shape
    assert got.tolist() == expected.tolist()
    assert got.dtype == torch.int64


def test_getitem_with_tensors():
    x = torch.arange(24).reshape(2, 3, 4)
    assert x[torch.tensor([1, 0])].tolist() == A[[1, 0]].tolist()
    assert x[torch.tensor([1], dtype=torch.int32)].shape == (1, 3, 4)
    assert x[:, torch.tensor([[0, 2]])].shape == (2, 1, 2, 4)
    above = torch.tensor((A > 20).tolist())
    assert x[above].tolist() == [21, 22, 23]
    m = torch.tensor([[True, False, True], [False, False, True]])
    assert x[m].tolist() == A[np.array([[True, False, True], [False, False, True]])].tolist()
    # NumPy arrays index as the tensors they convert to
    assert x[np.array([1, 0])].tolist() == A[[1, 0]].tolist()
    assert x[:, np.array([False, True, True])].tolist() == A[:, [False, True, True]].tolist()
    # a result is a copy
    r = x[[0]]
    r[0, 0, 0] = 100
    assert x[0, 0, 0].item() == 0
    # a 0-dim integer tensor is an integer (a view)
    v = x[torch.tensor(1)]
    assert v.shape == (3, 4)
    v[0, 0] = -7
    assert x[1, 0, 0].item() == -7
    # Python bools and 0-dim bool tensors
    assert x[True].shape == (1, 2, 3, 4)
    assert x[False].shape == (0, 2, 3, 4)
    assert x[torch.tensor(True)].shape == (1, 2, 3, 4)
    assert torch.tensor(5)[torch.tensor(True)].tolist() == [5]
    # empty lists and tensors
    assert x[[]].shape == (0, 3, 4)
    assert x[torch.tensor([], dtype=torch.int64)].shape == (0, 3, 4)
    # lists of floats are truncated to int64 (PyTorch's indexing_tensor_from_data)
    assert x[[0.5]].shape == (1, 3, 4)
    # an integer is applied first as a view, so the list stays in place (NumPy moves it to the front: (2, 3))
    assert x[0, :, [1, 2]].tolist() == [[1, 2], [5, 6], [9, 10]]
    # a list holding a list is a tuple (PyTorch's treatSequenceAsTuple)
    assert x[[0, [1]]].shape == (1, 4)
    # non-contiguous and other dtypes
    y = torch.arange(24).reshape(2, 3, 4).transpose(0, 2)
    assert y[[3, 0], 1].tolist() == [[7, 19], [4, 16]]
    b = torch.tensor([True, False, True])
    assert b[[2, 1, 0]].tolist() == [True, False, True]
    c = torch.tensor([1 + 2j, 3 - 1j])
    assert c[[1, 1]].tolist() == [3 - 1j, 3 - 1j]


def test_getitem_errors():
    x = torch.arange(24).reshape(2, 3, 4)
    with raises(IndexError, "index 5 is out of bounds for dimension 0 with size 3"):
        x[:, [5]]
    with raises(IndexError, "index 7 is out of bounds for dimension 0 with size 4"):
        x[:, :, [7]]
    with raises(IndexError, "index 9 is out of bounds for dimension 1 with size 3"):
        x[[1], [9]]
    with raises(IndexError, "index -3 is out of bounds for dimension 0 with size 2"):
        x[[-3]]
    with raises(IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"):
        x[[0, 1], [0, 1, 2]]
    with raises(IndexError, "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 0"):
        x[torch.tensor([True, False, True])]
    with raises(IndexError, "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 1"):
        x[:, torch.tensor([True, False])]
    with raises(IndexError, "tensors used as indices must be long, int, byte or bool tensors"):
        x[torch.tensor([0.0])]
    with raises(IndexError, "tensors used as indices must be long, int, byte or bool tensors"):
        x[torch.tensor([1], dtype=torch.int16)]
    with raises(IndexError, "too many indices for tensor of dimension 3"):
        x[[1], [1], [1], [1]]
    with raises(IndexError, "too many indices for tensor of dimension 0"):
        torch.tensor(5)[[0]]
    # nothing to produce: no bounds check
    assert torch.zeros(2, 0)[[5]].shape == (1, 0)


# ----- advanced indexing: writing -----


def test_setitem_matches_numpy():
    cases = [
        ((slice(None), [0, 2]), np.array([1.0, 2.0])),
        (([0, 1], [1, 2]), np.array([[[7.0, 8.0]]])),
        (([0, 1],), np.array([7.0, 8.0, 9.0])),
        (([0, 1],), np.array([[7.0], [8.0]])),
        ((np.array([[True, False, True], [False, False, True]]),), np.array(5.0)),
        (([True, False],), np.array([1.0, 2.0, 3.0])),
        ((slice(None), [[1], [0]]), np.array([4.0])),
    ]
    for index, value in cases:
        a = np.zeros((2, 3))
        a[index] = value
        x = torch.zeros(2, 3, dtype=torch.float64)
        x[to_oxtorch_index(index)] = torch.tensor(value.tolist(), dtype=torch.float64)
        assert x.tolist() == a.tolist(), index


def test_setitem_values_and_aliasing():
    x = torch.zeros(3, dtype=torch.int64)
    x[[0, 2]] = 2.7
    assert x.tolist() == [2, 0, 2]
    b = torch.zeros(3, dtype=torch.bool)
    b[[0]] = 3
    assert b.tolist() == [True, False, False]
    # repeated positions: the last write wins
    y = torch.zeros(3)
    y[[0, 0, 0]] = torch.tensor([1.0, 2.0, 3.0])
    assert y.tolist() == [3.0, 0.0, 0.0]
    # masks
    z = torch.arange(6).reshape(2, 3)
    z[torch.tensor([[True, False, True], [False, True, False]])] = 0
    assert z.tolist() == [[0, 1, 0], [3, 0, 5]]
    w = torch.zeros(2, 3)
    w[torch.ones(2, 3, dtype=torch.bool)] = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    assert w.tolist() == [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    # writes through a view land in the base
    base = torch.zeros(2, 4, dtype=torch.int32)
    base[:, 1::2][[1], [1]] = 9
    assert base.tolist() == [[0, 0, 0, 0], [0, 0, 0, 9]]
    # a copy of the target, or a non-dense view of it, as the value
    r = torch.tensor([1, 2, 3])
    r[[0, 1, 2]] = r[[2, 1, 0]]
    assert r.tolist() == [3, 2, 1]
    s = torch.tensor([1, 2, 3, 4])
    s[[0, 1]] = s[::2]
    assert s.tolist() == [1, 3, 3, 4]
    # one mask and a one-element value of another dtype (PyTorch's masked_fill_ shortcut)
    m = torch.zeros(2, 3)
    m[:, [True, False, True]] = torch.tensor(5, dtype=torch.int64)
    assert m.tolist() == [[5.0, 0.0, 5.0], [5.0, 0.0, 5.0]]
    m[torch.tensor([[False, True, False], [False, True, False]])] = torch.tensor([7.0], dtype=torch.float64)
    assert m.tolist() == [[5.0, 7.0, 5.0], [5.0, 7.0, 5.0]]
    # True selects everything, False nothing
    t = torch.zeros(2)
    t[True] = 1.0
    assert t.tolist() == [1.0, 1.0]
    t[False] = 5.0
    assert t.tolist() == [1.0, 1.0]
    # through a dtype view
    f = torch.zeros(2)
    f.view(torch.int32)[[1]] = 0x3F800000
    assert f.tolist() == [0.0, 1.0]


def test_setitem_errors():
    x = torch.zeros(3)
    with raises(RuntimeError, "Index put requires the source and destination dtypes match, got Float for the destination and Double for the source."):
        x[[0, 2]] = torch.tensor([1.5, 2.5], dtype=torch.float64)
    with raises(RuntimeError, "Index put requires the source and destination dtypes match, got Float for the destination and Bool for the source."):
        x[[0]] = torch.tensor(True)
    with raises(RuntimeError, "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]"):
        x[[0, 2]] = torch.tensor([1.0, 2.0, 3.0])
    with raises(RuntimeError, "shape mismatch: value tensor of shape [2, 3] cannot be broadcast to indexing result of shape [1]"):
        x[[0]] = torch.zeros(2, 3)
    with raises(IndexError, "index 5 is out of bounds for dimension 0 with size 3"):
        x[[5]] = 1
    with raises(RuntimeError, "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result of shape [1, 3]"):
        torch.zeros(2, 3)[[0]] = torch.zeros(2, dtype=torch.float64)
    overlap = ("unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory "
               "location. Please clone() the tensor before performing the operation.")
    r = torch.tensor([1, 2, 3])
    with raises(RuntimeError, overlap):
        r[[0, 1, 2]] = r
    with raises(RuntimeError, overlap):
        r[[0, 1]] = r[1:]
    with raises(RuntimeError, "index_fill_(): Converting complex Scalar to non-complex type is not supported"):
        x[[0]] = 1 + 2j
    # the order of checks: too many indices, a lone mask's shape, the number's conversion, then the rest
    i16 = torch.zeros(3, dtype=torch.int16)
    with raises(IndexError, "too many indices for tensor of dimension 1"):
        i16[[0], [0]] = 1e10
    with raises(IndexError, "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [3] at index 0"):
        i16[torch.tensor([True, False])] = 1e10
    with raises(RuntimeError, "value cannot be converted to type int16_t without overflow"):
        i16[[5]] = 1e10
    with raises(RuntimeError, "value cannot be converted to type int16_t without overflow"):
        i16[torch.tensor([0.5])] = 1e10
    with raises(RuntimeError, "value cannot be converted to type float without overflow"):
        x[torch.tensor([True, False, True])] = 1 + 2j
    x[torch.tensor([True, False, True])] = 1 + 0j
    assert x.tolist() == [1.0, 0.0, 1.0]
    with raises(TypeError, "can't assign a str to a oxtorch.FloatTensor"):
        x[[1]] = "a"
    # nothing selected: no bounds check
    e = torch.zeros(2, 0)
    e[[5]] = 1
    assert e.shape == (2, 0)


def test_setitem_true_is_a_copy_into_unsqueeze():
    # x[True] = v copies (with a dtype cast) into x.unsqueeze(0), as PyTorch's set_item does for one boolean
    b = torch.tensor([True, True])
    b[True] = torch.tensor(0.25 + 0.75j, dtype=torch.complex128)
    assert b.tolist() == [True, True]
    u = torch.zeros(2, dtype=torch.uint8)
    u[True] = torch.tensor(7.0, dtype=torch.float16)
    assert u.tolist() == [7, 7]


def test_setitem_number_conversion_by_path():
    # the general path converts as a one-element fill: bfloat16 through double
    x = torch.zeros(2, 2, dtype=torch.bfloat16)
    x[[0], [1]] = 1e300
    assert x.tolist() == [[0.0, float("inf")], [0.0, 0.0]]
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        x[[0], [1]] = 1 + 2j
    # masked_fill_ and index_fill_ convert strictly
    with raises(RuntimeError, "value cannot be converted to type c10::BFloat16 without overflow"):
        x[torch.tensor([[True, False], [True, True]])] = 1 + 2j
    with raises(RuntimeError, "value cannot be converted to type c10::BFloat16 without overflow"):
        torch.zeros(3, dtype=torch.bfloat16)[[0, 1]] = 1e300


def test_setitem_restrided_source_out_of_storage():
    v = torch.zeros(1, 1, dtype=torch.int8).transpose(0, 1)[0, None][1:2:3, None, None]
    assert tuple(v.shape) == (0, 1, 1, 1)
    with raises(RuntimeError, "setStorage: sizes [3, 1, 1], strides [0, 1, 1], storage offset 1, and itemsize 1 requiring a storage size of 2 are out of bounds for storage of size 1"):
        v[torch.tensor([0, 0, 0]), 0] = True
    with raises(IndexError, "index is out of bounds for dimension with size 0"):
        torch.zeros(0, 3)[[0]]
    # an assignment has no size-0 check: the restrided source's bounds, then the kernel's
    with raises(RuntimeError, "setStorage: sizes [1, 3], strides [0, 1], storage offset 0, and itemsize 4 requiring a storage size of 12 are out of bounds for storage of size 0"):
        torch.zeros(0, 3)[[0]] = 1
    e = torch.zeros(0, 0)
    e[[0]] = 1
    with raises(IndexError, "index 0 is out of bounds for dimension 0 with size 0"):
        torch.zeros(5)[4:4][[0]] = 1.0
    # a tensor value takes index_put_'s checks: the size-0 one first
    with raises(IndexError, "index is out of bounds for dimension with size 0"):
        torch.zeros(0, 3)[[0]] = torch.ones(3)


def test_too_many_indices_after_several_ellipses():
    v = torch.zeros(1, 4, 1, dtype=torch.complex128)
    with raises(IndexError, "too many indices for tensor of dimension 3 (got 5)"):
        v[..., ..., torch.tensor([False])]
    w = torch.zeros(3, 0, 1, 4, dtype=torch.float16)
    with raises(IndexError, "too many indices for tensor of dimension 4 (got 7)"):
        w[..., ..., torch.tensor([-2, 0, -3])]
    with raises(IndexError, "index 100 is out of bounds for dimension 2 with size 1"):
        w[-3, [0, 0], 100, 2]


def test_index_fill_route_messages():
    # one int64 index and a number: index_fill_'s dimension in the message, storage check before the conversion
    b = torch.full((2, 1), False, dtype=torch.bool)
    with raises(IndexError, "index 1 is out of bounds for dimension 1 with size 1"):
        b[..., torch.tensor([1])] = -1.5
    u = torch.zeros(0, 2, 4, dtype=torch.uint8)
    with raises(RuntimeError, "setStorage: sizes [2, 2, 4], strides [0, 4, 1], storage offset 0, and itemsize 1 requiring a storage size of 8 are out of bounds for storage of size 0"):
        u[torch.tensor([0, 0])] = 1e300
    # a lone mask with a one-element tensor: masked_fill_ converts its number strictly
    h = torch.zeros(2, dtype=torch.bfloat16)
    with raises(RuntimeError, "value cannot be converted to type c10::BFloat16 without overflow"):
        h[torch.tensor([True, False]),] = torch.tensor(-6 - 0.5j, dtype=torch.complex128)


def test_basic_setitem_number_checks_as_fill_of_the_view():
    # one element: float16/bfloat16 through double (huge reals become inf, imaginary parts reported as double)
    x = torch.zeros(3, dtype=torch.bfloat16)
    x[0:1] = 1e300
    assert x.tolist()[0] == float("inf")
    with raises(RuntimeError, "value cannot be converted to type double without overflow"):
        x[0:1] = 1 + 2j
    with raises(RuntimeError, "value cannot be converted to type c10::BFloat16 without overflow"):
        x[0:2] = 1 + 2j
    h = torch.zeros(1, 1, 1, dtype=torch.float16)
    h[..., :] = 9007199254740993
    assert h.tolist() == [[[float("inf")]]]


def test_index_fill_complex_check_comes_first():
    v = torch.tensor([[24.0, -24.0, 87.0]], dtype=torch.float64).unsqueeze(1)
    with raises(RuntimeError, "index_fill_(): Converting complex Scalar to non-complex type is not supported"):
        v[..., ..., [-1]] = complex(6.0, -6.0)
    # index_fill_ wraps the dimension the index landed on
    with raises(IndexError, "Dimension out of range (expected to be in range of [-3, 2], but got 4)"):
        v[..., ..., [-1]] = 1.0
    # other routes count the indices
    with raises(IndexError, "too many indices for tensor of dimension 3 (got 5)"):
        v[..., ..., [-1]] = torch.ones(1, dtype=torch.float64)


def test_failed_assignment_keeps_the_writes_before_the_bad_index():
    # PyTorch's kernels write in order and stop at the first position out of range
    v = torch.arange(8, dtype=torch.float32).reshape(4, 2)
    with raises(IndexError, "index -3 is out of bounds for dimension 1 with size 2"):
        v[..., [-2, -3]] = 2.0
    assert v.tolist() == [[2.0, 1.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]
    w = torch.arange(8, dtype=torch.float32).reshape(4, 2)
    with raises(IndexError, "index 5 is out of bounds for dimension 0 with size 4"):
        w[[0, 5, 1]] = torch.tensor([9.0, 9.0])
    assert w.tolist() == [[9.0, 9.0], [2.0, 3.0], [4.0, 5.0], [6.0, 7.0]]
