"""Weights in the safetensors format (``oxtorch.save_file``, ``load_file``, ``save``, ``load``, also as
``oxtorch.safetensors``), checked against the ``safetensors`` package itself (its NumPy functions and raw
serializer, which need no PyTorch):

* files and bytes written by oxtorch are byte for byte the package's for the same tensors, every dtype the format
  and oxtorch share (bfloat16 through the package's raw ``TensorSpec`` serializer, which NumPy lacks a dtype for);
* files written by the package load in oxtorch bit for bit, in the package's order, and the other way round;
* bad files (truncated, lying headers, unknown dtypes, overlapping tensors ...) raise ``SafetensorError`` with the
  package's own message;
* ``safetensors.torch``'s refusals (not a dict, not a tensor, sparse, shared memory) with its classes and messages;
* ``load_file`` maps the file copy-on-write: loading reads nothing, writes never reach the file.

The same checks against ``safetensors.torch`` and PyTorch, and the load-time benchmark, are in
``benchmarks/safetensors_torch.py`` (it needs PyTorch).
"""

from __future__ import annotations

import pathlib
import struct

import numpy as np
import pytest
import safetensors
import safetensors.numpy as stnp

import oxtorch
from oxtorch.safetensors import SafetensorError, load, load_file, save, save_file

# the dtypes the format and oxtorch share, with the NumPy dtype of their bytes (bfloat16: its bits as uint16)
DTYPES = {
    "bool": np.bool_,
    "uint8": np.uint8,
    "int8": np.int8,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
    "float16": np.float16,
    "bfloat16": np.uint16,
    "float32": np.float32,
    "float64": np.float64,
    "complex64": np.complex64,
}


def edge_values(name: str, shape=(2, 3)) -> np.ndarray:
    """An array of the dtype's edge values (as bits for bfloat16), of `shape`."""
    n = int(np.prod(shape))
    np_dtype = DTYPES[name]
    if name == "bool":
        values = np.array([True, False, True, True, False, False] * n, dtype=np.bool_)
    elif name == "bfloat16":
        values = np.array([0x7FC0, 0xFF80, 0x8000, 0x0001, 0x7F7F, 0x3F80] * n, dtype=np.uint16)
    elif np.issubdtype(np_dtype, np.integer):
        info = np.iinfo(np_dtype)
        values = np.array([info.min, info.max, 0, 1, info.max // 3, info.min // 5] * n, dtype=np_dtype)
    elif name == "complex64":
        values = np.array([1 - 2j, complex(np.nan, 0), complex(-0.0, np.inf), 0.5 + 0.25j, 3e38 - 3e38j, 0] * n, dtype=np.complex64)
    else:
        finfo = np.finfo(np_dtype)
        values = np.array([np.nan, -np.inf, -0.0, finfo.smallest_subnormal, finfo.max, 0.1] * n, dtype=np_dtype)
    return values[:n].reshape(shape)


def to_oxtorch(name: str, array: np.ndarray) -> oxtorch.Tensor:
    if name == "bfloat16":
        return oxtorch.from_numpy(array.view(np.int16).copy()).view(oxtorch.bfloat16)
    return oxtorch.from_numpy(array.copy())


def stored_bytes(t: oxtorch.Tensor) -> bytes:
    """A tensor's elements as stored, in row-major order."""
    t = t.contiguous()
    if t.dtype == oxtorch.bfloat16:
        t = t.view(oxtorch.int16)
    return t.numpy().tobytes()


def spec(name: str, array: np.ndarray, keep: list) -> safetensors.TensorSpec:
    """The package's raw description of an array of dtype `name` (kept alive in `keep` while it is serialized)."""
    array = array.copy(order="C")  # (np.ascontiguousarray makes a zero-dim array 1-D)
    keep.append(array)
    return safetensors.TensorSpec(dtype=name, shape=list(array.shape), data_ptr=array.ctypes.data, data_len=array.nbytes)


SHAPES = [(2, 3), (), (0, 3), (5,), (1, 2, 1, 2)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_files_are_the_packages_byte_for_byte(tmp_path, shape):
    arrays = {name: edge_values(name, shape) for name in DTYPES}
    tensors = {name: to_oxtorch(name, a) for name, a in arrays.items()}
    # one key: the header's metadata is a hash map, whose order (so the bytes of a file with several keys) varies
    metadata = {"note": "é \"quoted\""}
    keep: list = []
    want = bytes(safetensors.serialize({name: spec(name, a, keep) for name, a in arrays.items()}, metadata=metadata))
    assert save(tensors, metadata) == want
    assert oxtorch.save(tensors, metadata=metadata) == want
    save_file(tensors, tmp_path / "a.safetensors", metadata=metadata)
    assert (tmp_path / "a.safetensors").read_bytes() == want
    oxtorch.save_file(tensors, str(tmp_path / "b.safetensors"))
    no_bf16 = {name: a for name, a in arrays.items() if name != "bfloat16"}
    stnp.save_file(no_bf16, tmp_path / "c.safetensors")
    save_file({name: tensors[name] for name in no_bf16}, tmp_path / "d.safetensors")
    assert (tmp_path / "c.safetensors").read_bytes() == (tmp_path / "d.safetensors").read_bytes()


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_package_files_load_bit_for_bit(tmp_path, shape):
    arrays = {name: edge_values(name, shape) for name in DTYPES}
    keep: list = []
    path = tmp_path / "package.safetensors"
    safetensors.serialize_file({name: spec(name, a, keep) for name, a in arrays.items()}, path, metadata={"k": "v"})
    with safetensors.safe_open(path, framework="numpy") as f:
        order = f.offset_keys()
    for loaded in (load_file(path), load(path.read_bytes()), oxtorch.load_file(str(path), device="cpu")):
        if 0 in shape:  # empty tensors share their offsets: the package orders them by its hash map, oxtorch by name
            assert list(loaded) == sorted(order)
        else:
            assert list(loaded) == order
        for name, array in arrays.items():
            t = loaded[name]
            assert str(t.dtype) == f"oxtorch.{name}"
            assert tuple(t.shape) == shape
            assert t.is_contiguous()
            assert stored_bytes(t) == array.tobytes(), name


def test_oxtorch_files_load_in_the_package(tmp_path):
    arrays = {name: edge_values(name, (3, 4)) for name in DTYPES}
    path = tmp_path / "oxtorch.safetensors"
    save_file({name: to_oxtorch(name, a) for name, a in arrays.items()}, path, metadata={"a": "1"})
    for name, entry in safetensors.deserialize(path.read_bytes()):
        assert entry["shape"] == [3, 4]
        assert bytes(entry["data"]) == arrays[name].tobytes(), name
    with safetensors.safe_open(path, framework="numpy") as f:
        assert f.metadata() == {"a": "1"}
        assert np.array_equal(f.get_tensor("int64"), arrays["int64"])


def test_views_are_saved_contiguous_and_conjugates_resolved():
    base = oxtorch.arange(12.0).reshape(3, 4)
    other = base.clone()  # (two views of `base` share memory: refused)
    c = oxtorch.tensor([1 + 2j], dtype=oxtorch.complex64).conj()
    loaded = load(save({"t": base.t(), "cols": other[:, 1:3], "conj": c}))
    assert loaded["t"].tolist() == base.t().tolist()
    assert loaded["cols"].tolist() == [[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]]
    assert loaded["conj"].tolist() == [1 - 2j]
    assert not loaded["conj"].is_conj()


def test_load_file_maps_the_file_copy_on_write(tmp_path):
    path = tmp_path / "big.safetensors"
    n = 16 << 20  # 64 MiB of float32
    save_file({"w": oxtorch.ones(n)}, path)
    on_disk = path.read_bytes()

    def rss_kib() -> int:
        for line in pathlib.Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise AssertionError("no VmRSS")

    before = rss_kib()
    first = load_file(path)
    assert rss_kib() - before < 8 << 10, "loading reads or copies no tensor byte"
    second = load_file(path)
    first["w"][:10] = 5.0
    assert path.read_bytes() == on_disk, "a write to a loaded tensor never reaches the file"
    assert second["w"][:10].tolist() == [1.0] * 10, "nor another load of the same file"
    assert first["w"][:11].tolist() == [5.0] * 10 + [1.0]
    # saving over a loaded file replaces it; the loaded tensors keep their values
    save_file({"w": oxtorch.zeros(2)}, path)
    assert second["w"].sum().item() == n
    assert load_file(path)["w"].tolist() == [0.0, 0.0]


def test_devices_and_paths(tmp_path):
    path = tmp_path / "t.safetensors"
    save_file({"a": oxtorch.arange(4, dtype=oxtorch.int16)}, path)
    assert load_file(path, device=oxtorch.device("cpu"))["a"].tolist() == [0, 1, 2, 3]
    meta = load_file(str(path), device="meta")["a"]
    assert meta.is_meta and meta.dtype == oxtorch.int16 and tuple(meta.shape) == (4,)
    with pytest.raises(FileNotFoundError, match="No such file or directory: "):
        load_file(tmp_path / "missing.safetensors")


def test_refusals_as_safetensors_torch():
    with pytest.raises(ValueError, match=r"^Expected a dict of \[str, torch.Tensor\] but received <class 'list'>$"):
        save([oxtorch.ones(1)])
    with pytest.raises(ValueError, match=r"^Key `b` is invalid, expected torch.Tensor but received <class 'int'>$"):
        save({"a": oxtorch.ones(1), "b": 1})
    with pytest.raises(ValueError, match=r"^You are trying to save a sparse tensors: `\['s'\]` which this library does not support."):
        save({"s": oxtorch.ones(2).to_sparse()})
    a = oxtorch.zeros(10)
    with pytest.raises(RuntimeError) as e:
        save({"a": a, "b": a[2:5]})
    assert "Some tensors share memory, this will lead to duplicate memory on disk and potential differences when loading them again: [{'a', 'b'}]." in str(e.value)
    # disjoint pieces of one storage are fine, as in safetensors.torch
    assert list(load(save({"l": a[:5], "r": a[5:]}))) == ["l", "r"]
    with pytest.raises(SafetensorError, match="safetensors has no dtype for oxtorch.complex128"):
        save({"c": oxtorch.zeros(1, dtype=oxtorch.complex128)})
    with pytest.raises(TypeError):
        save({1: oxtorch.ones(1)})
    with pytest.raises(TypeError):
        save({"a": oxtorch.ones(1)}, metadata={"a": 1})


def header_file(header: str, data: bytes = b"") -> bytes:
    return struct.pack("<Q", len(header.encode())) + header.encode() + data


GOOD = header_file('{"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]},"b":{"dtype":"I8","shape":[2],"data_offsets":[16,18]}}', bytes(18))
BAD_FILES = {
    "empty": b"",
    "short": b"\x01\x00\x00",
    "truncated": GOOD[:-1],
    "trailing": GOOD + b"\x00",
    "header longer than the file": struct.pack("<Q", 10_000) + GOOD[8:],
    "header length past 100 MB": struct.pack("<Q", 2**64 - 1) + GOOD[8:],
    "header not UTF-8": struct.pack("<Q", 2) + b"\xff\xfe",
    "header not JSON": header_file("{not json}"),
    "unknown dtype": header_file('{"a":{"dtype":"F33","shape":[4],"data_offsets":[0,16]}}', bytes(16)),
    "offsets that lie": header_file('{"a":{"dtype":"F32","shape":[4],"data_offsets":[0,12]}}', bytes(16)),
    "shape that does not fit": header_file('{"a":{"dtype":"F32","shape":[5],"data_offsets":[0,16]}}', bytes(16)),
    "overlapping tensors": header_file(
        '{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}', bytes(12)
    ),
    "gap between tensors": header_file(
        '{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}}', bytes(12)
    ),
    "size that overflows": header_file('{"a":{"dtype":"F32","shape":[4611686018427387904,8],"data_offsets":[0,0]}}'),
    "not an object": header_file("[1, 2]"),
    "metadata not text": header_file('{"__metadata__":{"a":1}}'),
}


@pytest.mark.parametrize("name", list(BAD_FILES))
def test_bad_files_raise_the_packages_errors(tmp_path, name):
    data = BAD_FILES[name]
    path = tmp_path / "bad.safetensors"
    path.write_bytes(data)
    with pytest.raises(safetensors.SafetensorError) as want:
        stnp.load_file(path)
    with pytest.raises(SafetensorError) as got:
        load_file(path)
    assert str(got.value) == str(want.value)
    with pytest.raises(safetensors.SafetensorError) as want:
        safetensors.deserialize(data)
    with pytest.raises(SafetensorError) as got:
        load(data)
    assert str(got.value) == str(want.value)


def test_files_oxtorch_cannot_hold_are_refused(tmp_path):
    path = tmp_path / "u16.safetensors"
    path.write_bytes(header_file('{"a":{"dtype":"U16","shape":[1],"data_offsets":[0,2]}}', bytes(2)))
    with pytest.raises(SafetensorError, match="oxtorch has no dtype for the safetensors dtype U16 of tensor `a`"):
        load_file(path)


def test_odd_but_valid_files(tmp_path):
    # a float32 tensor at an odd offset (copied out) and bool bytes other than 0 and 1 (read as true)
    data = b"\x07" + struct.pack("<ff", 1.5, -2.0) + bytes([0, 1, 2, 255])
    header = (
        '{"a":{"dtype":"I8","shape":[1],"data_offsets":[0,1]},"b":{"dtype":"F32","shape":[2],"data_offsets":[1,9]},'
        '"m":{"dtype":"BOOL","shape":[4],"data_offsets":[9,13]}}'
    )
    path = tmp_path / "odd.safetensors"
    path.write_bytes(header_file(header, data))
    for loaded in (load_file(path), load(path.read_bytes())):
        assert loaded["a"].tolist() == [7]
        assert loaded["b"].tolist() == [1.5, -2.0]
        assert loaded["m"].tolist() == [False, True, True, True]


def test_the_module_is_a_drop_in_for_safetensors_torch():
    import oxtorch.safetensors as st

    assert {"save_file", "load_file", "save", "load"} <= set(st.__all__)
    assert st.save_file is oxtorch.save_file and st.load is oxtorch.load
    assert issubclass(st.SafetensorError, Exception)
