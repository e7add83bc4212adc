"""oxtorch's safetensors files against PyTorch's ``safetensors.torch`` (needs PyTorch: ``BENCH=1 ./scripts/setup.sh``;
not part of the test command, whose ``test_safetensors.py`` checks against the ``safetensors`` package without
PyTorch). For every dtype both sides hold, on several shapes:

* ``safetensors.torch.save_file`` and ``oxtorch.save_file`` write the same bytes for the same values;
* a file written by ``safetensors.torch`` loads in oxtorch with every bit equal, and the other way round;
* the dicts come back in the same order, with the same dtypes and shapes;
* bad files raise the same message on both sides.

Run: ``.venv/bin/python benchmarks/safetensors_torch_check.py``; prints one line per check group and
``N passed, 0 failed``.
"""

from __future__ import annotations

import pathlib
import struct
import sys
import tempfile

import numpy as np
import safetensors
import safetensors.torch as st
import torch

import oxtorch

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64"]
SHAPES = [(2, 3), (), (0, 3), (7,), (1, 2, 1, 3)]
# the integer dtype of each element size: floats are compared by their bits
BITS = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}


def torch_values(name: str, shape) -> torch.Tensor:
    dtype = getattr(torch, name)
    n = int(np.prod(shape))
    if name == "bool":
        return (torch.arange(n) % 3 == 0).reshape(shape)
    if name == "complex64":
        t = torch.tensor([1 - 2j, complex(float("nan"), 0), complex(-0.0, float("inf")), 0.5 + 0.25j] * (n + 1))
        return t[:n].to(dtype).reshape(shape)
    if dtype.is_floating_point:
        info = torch.finfo(dtype)
        base = torch.tensor([float("nan"), -float("inf"), -0.0, info.tiny / 4, info.max, 0.1], dtype=torch.float64)
        return base.repeat(n // 6 + 1)[:n].to(dtype).reshape(shape)
    info = torch.iinfo(dtype)
    base = torch.tensor([info.min, info.max, 0, 1, info.max // 3], dtype=torch.int64)
    return base.repeat(n // 5 + 1)[:n].to(dtype).reshape(shape)


def torch_bits(t: torch.Tensor) -> bytes:
    t = t.contiguous()
    if t.dtype == torch.complex64:
        t = torch.view_as_real(t)
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    return t.view(BITS[t.element_size()]).numpy().tobytes()


def oxtorch_bits(t) -> bytes:
    t = t.contiguous()
    if t.dtype == oxtorch.complex64:
        t = oxtorch.view_as_real(t)
    if t.dtype == oxtorch.bool:
        t = t.to(oxtorch.uint8)
    return t.view({1: oxtorch.uint8, 2: oxtorch.int16, 4: oxtorch.int32, 8: oxtorch.int64}[t.element_size()]).numpy().tobytes()


def main() -> int:
    passed = failed = 0
    folder = pathlib.Path(tempfile.mkdtemp(prefix="oxtorch-st-"))

    def check(ok: bool, what: str):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAILED: {what}")

    for shape in SHAPES:
        tt = {name: torch_values(name, shape) for name in DTYPES}
        # the same values on the oxtorch side, through their bytes
        ot = {}
        for name, t in tt.items():
            # (a list, not from_numpy: NumPy gives an empty array stride 0, which no dtype view accepts)
            raw = oxtorch.tensor(list(torch_bits(t)), dtype=oxtorch.uint8)
            dtype = getattr(oxtorch, name)
            if name == "bool":
                ot[name] = raw.to(oxtorch.bool).reshape(shape)
            elif name == "complex64":
                ot[name] = oxtorch.view_as_complex(raw.view(oxtorch.float32).reshape(*shape, 2))
            else:
                ot[name] = raw.view(dtype).reshape(shape)
        pt_file, ox_file = folder / "pt.safetensors", folder / "ox.safetensors"
        st.save_file(tt, pt_file, metadata={"m": "1"})
        oxtorch.save_file(ot, ox_file, metadata={"m": "1"})
        check(pt_file.read_bytes() == ox_file.read_bytes(), f"{shape}: the two files differ")
        from_pt = oxtorch.load_file(pt_file)
        from_ox = st.load_file(ox_file)
        if 0 in shape:
            # every tensor at offsets [0, 0]: safetensors.torch returns them in a different order on each run (a
            # Rust HashMap's), oxtorch by name; only the set of names can be compared
            check(sorted(from_pt) == sorted(st.load_file(pt_file)), f"{shape}: key set")
        else:
            check(list(from_pt) == list(st.load_file(pt_file)), f"{shape}: key order")
        for name in DTYPES:
            check(str(from_pt[name].dtype) == f"oxtorch.{name}" and tuple(from_pt[name].shape) == shape, f"{shape} {name}: oxtorch dtype/shape")
            check(oxtorch_bits(from_pt[name]) == torch_bits(tt[name]), f"{shape} {name}: torch file -> oxtorch bits")
            check(from_ox[name].dtype == tt[name].dtype and tuple(from_ox[name].shape) == shape, f"{shape} {name}: torch dtype/shape")
            check(torch_bits(from_ox[name]) == torch_bits(tt[name]), f"{shape} {name}: oxtorch file -> torch bits")
        check(oxtorch.save(ot) == st.save(tt), f"{shape}: save() bytes")
    print(f"round trips and identical files: {len(SHAPES)} shapes x {len(DTYPES)} dtypes")

    bad = {
        "truncated": (folder / "pt.safetensors").read_bytes()[:-1],
        "header longer than the file": struct.pack("<Q", 10_000) + b"{}",
        "unknown dtype": struct.pack("<Q", 55) + b'{"a":{"dtype":"F33","shape":[1],"data_offsets":[0,4]}}' + bytes(4),
    }
    for what, data in bad.items():
        path = folder / "bad.safetensors"
        path.write_bytes(data)
        try:
            st.load_file(path)
            want = None
        except safetensors.SafetensorError as e:
            want = str(e)
        try:
            oxtorch.load_file(path)
            got = None
        except oxtorch.SafetensorError as e:
            got = str(e)
        check(want is not None and got == want, f"bad file {what}: {got!r} != {want!r}")
    print(f"bad files: {len(bad)}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
