"""The Python surface of CUDA tensors, on a machine with a GPU (skipped, and counted as skipped, elsewhere):
``oxtorch.cuda``'s queries and controls, ``Tensor.cuda()``/``cpu()``/``is_cuda``/``get_device()``, printing,
values through the host, NumPy's refusal, DLPack in both directions (zero copy, with PyTorch and CuPy where they
are installed), and the errors PyTorch gives (an ordinal past the device count, tensors on two devices, out of
memory). The conformance data replayed on the GPU is test_conformance.py with ``OXTORCH_TEST_DEVICE=cuda``."""

from __future__ import annotations

import pytest

import oxtorch

pytestmark = pytest.mark.skipif(not oxtorch.cuda.is_available(), reason="no CUDA device on this machine")

CROSS = "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"


def test_queries():
    assert oxtorch.cuda.device_count() >= 1
    assert oxtorch.cuda.current_device() == 0
    oxtorch.cuda.synchronize()
    with oxtorch.cuda.device(0):
        assert oxtorch.cuda.current_device() == 0
    t = oxtorch.ones(1000, device="cuda")
    assert oxtorch.cuda.memory_allocated() >= 4000
    assert oxtorch.cuda.memory_reserved() >= oxtorch.cuda.memory_allocated()
    del t
    oxtorch.cuda.empty_cache()


def test_tensors_move_and_report_their_device():
    x = oxtorch.arange(6).reshape(2, 3)
    g = x.cuda()
    assert g.is_cuda and not x.is_cuda
    assert g.device == oxtorch.device("cuda", 0) and g.get_device() == 0 and x.get_device() == -1
    assert g.cuda() is g and x.cpu() is x
    assert g.cpu().tolist() == [[0, 1, 2], [3, 4, 5]]
    assert g.to("cuda:0") is g
    assert oxtorch.zeros(2, device="cuda").device == oxtorch.device("cuda:0")
    assert repr(g) == "tensor([[0, 1, 2],\n        [3, 4, 5]], device='cuda:0')"
    assert repr(oxtorch.ones(2, dtype=oxtorch.float16, device="cuda")) == (
        "tensor([1., 1.], device='cuda:0', dtype=oxtorch.float16)"
    )
    assert g[1, 2].item() == 5 and int(g[0, 1]) == 1
    assert g.t().contiguous().stride() == (2, 1)
    assert g.float().contiguous(memory_format=oxtorch.contiguous_format).is_cuda


def test_numpy_needs_the_host():
    with pytest.raises(TypeError, match="can't convert cuda:0 device type tensor to numpy"):
        oxtorch.ones(2, device="cuda").numpy()


def test_scalars_join_and_dimensioned_tensors_do_not():
    assert (oxtorch.ones(()) + oxtorch.ones(()).cuda()).device.type == "cuda"
    assert (oxtorch.ones(1).cuda() + oxtorch.ones(())).device.type == "cuda"
    assert (oxtorch.ones(3, device="cuda") * 2.5).tolist() == [2.5, 2.5, 2.5]
    with pytest.raises(RuntimeError, match=CROSS):
        oxtorch.ones(()).cuda() + oxtorch.ones(1)
    with pytest.raises(RuntimeError, match=CROSS):
        oxtorch.ones(2).add_(oxtorch.ones(2, device="cuda"))


def test_errors():
    count = oxtorch.cuda.device_count()
    with pytest.raises(oxtorch.AcceleratorError, match="^CUDA error: invalid device ordinal"):
        oxtorch.zeros(1, device=f"cuda:{count}")
    with pytest.raises(oxtorch.AcceleratorError, match="^CUDA error: invalid device ordinal"):
        oxtorch.cuda.set_device(count)
    with pytest.raises(oxtorch.OutOfMemoryError, match="^CUDA out of memory. Tried to allocate"):
        oxtorch.empty(1 << 47, device="cuda")


def test_dlpack_with_pytorch():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch without CUDA")
    a = oxtorch.arange(12, dtype=oxtorch.float32, device="cuda").reshape(3, 4)
    assert a.__dlpack_device__() == (2, 0)
    t = torch.from_dlpack(a)
    assert t.device.type == "cuda" and t.tolist() == a.tolist()
    t += 1  # shared memory
    assert a[0, 0].item() == 1.0
    back = oxtorch.from_dlpack(torch.arange(6, device="cuda", dtype=torch.int32).reshape(2, 3).t())
    assert back.is_cuda and back.stride() == (1, 3) and back.tolist() == [[0, 3], [1, 4], [2, 5]]
    with pytest.raises(BufferError, match="per-thread default stream"):
        a.__dlpack__(stream=2)


def test_dlpack_with_cupy():
    cupy = pytest.importorskip("cupy")
    x = cupy.arange(5, dtype=cupy.float64)
    t = oxtorch.from_dlpack(x)
    assert t.is_cuda and t.tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]
    y = cupy.from_dlpack(oxtorch.ones(3, device="cuda"))
    assert float(y.sum()) == 3.0


# ----------------------------------------------------------------------------------------------------------------
# cuda.json: PyTorch's CUDA results where they differ from its CPU results (recorded by
# crates/oxtorch/tests/data/record_cuda.py on a GPU machine)
# ----------------------------------------------------------------------------------------------------------------

import json  # noqa: E402
import pathlib  # noqa: E402

import test_conformance as tc  # noqa: E402

CUDA_JSON = pathlib.Path(tc.DATA_DIR) / "cuda.json"


def _golden():
    if not CUDA_JSON.exists():
        return []
    return json.loads(CUDA_JSON.read_text())


@pytest.mark.skipif(not CUDA_JSON.exists(), reason="no cuda.json recorded yet (scripts/gpu-check.sh records it)")
def test_cuda_golden(monkeypatch):
    data = _golden()
    monkeypatch.setattr(tc, "DEVICE", "cuda")
    failures = []
    for case in data["cases"]:
        # PyTorch recorded each case under the default dtype it names, float32 where it names none
        oxtorch.set_default_dtype(getattr(oxtorch, case.get("default_dtype", "float32")))
        try:
            tc.RUNNERS[case["file"]](case)
        except Exception as e:  # noqa: BLE001 - collected and reported together
            failures.append(f"{case['file']} {case['op']}: {e}")
    oxtorch.set_default_dtype(oxtorch.float32)
    for case in data["alpha"]:
        lhs, rhs = tc.operand(case["lhs"]), tc.operand(case["rhs"])
        result = getattr(oxtorch, case["op"])(lhs, rhs, alpha=tc.value(case["alpha"]))
        try:
            tc.compare_arith(result, case["result"]["values"], case["op"], False)
        except Exception as e:  # noqa: BLE001
            failures.append(f"alpha {case['op']} {case['lhs']['dtype']} alpha={case['alpha']}: {e}")
    for case in data["errors"]:
        try:
            eval(case["expr"].split("  #")[0], {"torch": oxtorch})  # noqa: S307 - the recorded expressions
            got = {"error": None, "message": ""}
        except Exception as e:  # noqa: BLE001
            got = {"error": type(e).__name__, "message": str(e).splitlines()[0]}
        want = {"error": case["error"], "message": case["message"].replace("torch.", "oxtorch.")}
        if got != want:
            failures.append(f"{case['expr']}: got {got}, want {want}")
    assert not failures, f"{len(failures)} failures:\n" + "\n".join(failures)


# Behaviours recorded from PyTorch 2.11's CUDA build on an H100 (issue 21, part 6), where its CUDA kernels or
# generated wrappers differ from its CPU ones.
def _wrapper_check(arg: str, on: str, common: str, method: str) -> str:
    return (
        f"Expected all tensors to be on the same device, but got {arg} is on {on}, different from other tensors on "
        f"{common} (when checking argument in method wrapper_CUDA_{method})"
    )


def test_wrapper_device_checks_refuse_cpu_scalars():
    x, s = oxtorch.tensor([1.0, 2.0], device="cuda"), oxtorch.tensor(1.5)
    for op in ["logaddexp", "logaddexp2", "nextafter"]:
        f = getattr(oxtorch, op)
        with pytest.raises(RuntimeError) as e:
            f(x, s)
        assert str(e.value) == _wrapper_check("other", "cpu", "cuda:0", op)
        with pytest.raises(RuntimeError) as e:
            f(s, x)
        assert str(e.value) == _wrapper_check("other", "cuda:0", "cpu", op)
        with pytest.raises(RuntimeError) as e:
            f(s, x, out=oxtorch.zeros(2, device="cuda"))
        assert str(e.value) == _wrapper_check("self", "cpu", "cuda:0", f"{op}_out_out")
        with pytest.raises(RuntimeError) as e:
            f(x, x, out=oxtorch.zeros(2))
        assert str(e.value) == _wrapper_check("self", "cuda:0", "cpu", f"{op}_out_out")
    with pytest.raises(RuntimeError) as e:
        oxtorch.clamp(x, min=s)
    assert str(e.value) == _wrapper_check("min", "cpu", "cuda:0", "clamp_Tensor")
    # the other binary operations and where take CPU scalars, where any number of them
    assert oxtorch.atan2(x, s).is_cuda
    c = oxtorch.tensor([True, False, True], device="cuda")
    assert oxtorch.where(c, oxtorch.tensor(7.0, dtype=oxtorch.float64), oxtorch.tensor(1)).tolist() == [7.0, 1.0, 7.0]
    assert oxtorch.where(c, 1, 2.5).tolist() == [1.0, 2.5, 1.0]


def test_cuda_kernels_that_differ_from_the_cpu_ones():
    # integer remainders by zero are all ones (no ZeroDivisionError)
    u8 = oxtorch.arange(256, dtype=oxtorch.uint8, device="cuda")
    assert oxtorch.remainder(u8, 0).tolist() == [255] * 256
    assert oxtorch.fmod(oxtorch.tensor([-5, 0, 5], dtype=oxtorch.int8, device="cuda"), 0).tolist() == [-1, -1, -1]
    # float16 bounds are read as float32: no overflow error for 1e5
    h = oxtorch.tensor([0.5, 2.0, 4.0], dtype=oxtorch.float16, device="cuda")
    assert oxtorch.clamp(h, min=0.7, max=1e5).tolist() == [0.7001953125, 2.0, 4.0]
    # clamp's one NaN bound goes to fmax (ignored), clamp_min's fills the result
    x = oxtorch.tensor([1.0, float("nan"), -3.0], device="cuda")
    assert str(oxtorch.clamp(x, min=float("nan")).tolist()) == "[1.0, nan, -3.0]"
    assert str(oxtorch.clamp_min(x, float("nan")).tolist()) == "[nan, nan, nan]"
    # abs of bool exists on CUDA; frac of integers does not
    assert oxtorch.abs(oxtorch.tensor([True, False], device="cuda")).tolist() == [True, False]
    with pytest.raises(NotImplementedError, match="\"frac_cuda\" not implemented for 'Int'"):
        oxtorch.frac(oxtorch.tensor([1, 2], dtype=oxtorch.int32, device="cuda"))
    # a zero-dim CPU divisor of a float16 remainder is rounded to float16 first
    r = oxtorch.remainder(
        oxtorch.tensor([0.3, 5.5, -2.2], dtype=oxtorch.float16, device="cuda"), oxtorch.tensor(0.3017, dtype=oxtorch.float64)
    )
    assert r.tolist() == [0.300048828125, 0.068359375, 0.21484375]
