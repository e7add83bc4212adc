"""Records cuda.json: what PyTorch's CUDA build gives where its CUDA kernels compute differently from its CPU
kernels. Needs PyTorch with CUDA and a GPU (scripts/gpu-check.sh runs it); the test suite never needs PyTorch.

Cases:
* every case of promotion.json and inplace.json that PyTorch may compute differently on CUDA (a Python number
  joining float16/bfloat16 add/sub, division by a Python number, integer division by zero with a rounding mode),
  replayed with every tensor on the GPU (the selection is test_conformance.cuda_differs);
* add/sub with alpha (one fused multiply-add on CUDA) for the floating and complex dtypes, tensor with tensor
  and tensor with a Python number;
* the error texts of CUDA-only situations.

    python3 crates/oxtorch/tests/data/record_cuda.py [output path, default: next to this file]
"""

import json
import pathlib
import sys

import torch

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "oxtorch-py" / "python" / "tests"))
import test_conformance as tc  # noqa: E402  (decoding, the CUDA-differing selection and the torch replay)


def encode(t):
    return {
        "dtype": str(t.dtype).replace("torch.", ""),
        "shape": list(t.shape),
        "values": [tc._encode(v) for v in t.cpu().reshape(-1).tolist()],
    }


def alpha_cases():
    values = {"lhs": [1.5, -2.25, 1e30], "rhs": [0.1, 3.0, -1e30]}
    for dt in ("float16", "bfloat16", "float32", "float64", "complex64", "complex128"):
        alphas = [2, 0.3, -1.5] + ([complex(0.5, 1.0)] if dt.startswith("complex") else [])
        for op in ("add", "sub"):
            for alpha in alphas:
                for rhs_kind in ("tensor", "scalar"):
                    lhs = {"kind": "tensor", "dtype": dt, "values": [tc._encode(v) for v in values["lhs"]]}
                    if rhs_kind == "tensor":
                        rhs = {"kind": "tensor", "dtype": dt, "values": [tc._encode(v) for v in values["rhs"]]}
                        r = torch.tensor(values["rhs"], dtype=getattr(torch, dt), device="cuda")
                    else:
                        rhs = {"kind": "scalar", "type": "float", "value": repr(0.1)}
                        r = 0.1
                    l = torch.tensor(values["lhs"], dtype=getattr(torch, dt), device="cuda")
                    result = getattr(torch, op)(l, r, alpha=alpha)
                    yield {"op": op, "alpha": tc._encode(alpha), "lhs": lhs, "rhs": rhs, "result": encode(result)}


def error_cases():
    def first_line(fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - the message is what is recorded
            return {"error": type(e).__name__, "message": str(e).splitlines()[0]}
        return {"error": None, "message": ""}

    yield {"expr": "torch.ones(2, device='cuda') + torch.ones(2)",
           **first_line(lambda: torch.ones(2, device="cuda") + torch.ones(2))}
    yield {"expr": "torch.ones(2).add_(torch.ones(2, device='cuda'))",
           **first_line(lambda: torch.ones(2).add_(torch.ones(2, device="cuda")))}
    yield {"expr": "torch.add(torch.ones(()), torch.ones(()), out=torch.empty((), device='cuda'))",
           **first_line(lambda: torch.add(torch.ones(()), torch.ones(()), out=torch.empty((), device="cuda")))}
    n = torch.cuda.device_count()
    yield {"expr": f"torch.zeros(1, device='cuda:{n}')  # past the device count",
           **first_line(lambda: torch.zeros(1, device=f"cuda:{n}"))}
    yield {"expr": "torch.ones(2, device='cuda').numpy()", **first_line(lambda: torch.ones(2, device="cuda").numpy())}


def main():
    assert torch.cuda.is_available(), "recording cuda.json needs PyTorch with CUDA and a GPU"
    out = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "cuda.json"
    cases = []
    for file in ("promotion.json", "inplace.json"):
        data = json.loads((HERE / file).read_text())
        for case in data["cases"]:
            if tc.cuda_differs(file, case):
                recorded = tc.torch_cuda_case(file, case)
                cases.append({"file": file, **recorded})
    record = {
        "reference": f"PyTorch {torch.__version__} (CUDA {torch.version.cuda}) on {torch.cuda.get_device_name()}",
        "note": "promotion/inplace cases PyTorch computes differently on CUDA (every tensor operand on cuda:0), "
        "add/sub with alpha on cuda:0, and CUDA error texts; encoded as promotion.json",
        "cases": cases,
        "alpha": list(alpha_cases()),
        "errors": list(error_cases()),
    }
    out.write_text(json.dumps(record, indent=1))
    print(f"recorded {out}: {len(cases)} differing cases, {len(record['alpha'])} alpha cases, "
          f"{len(record['errors'])} error texts")


if __name__ == "__main__":
    main()
