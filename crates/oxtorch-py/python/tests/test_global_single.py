"""Global tensors in a process not started by an MPI launcher: a world of one rank, without MPI."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import oxtorch as flow


def test_world_of_one() -> None:
    assert flow.env.get_rank() == 0
    assert flow.env.get_world_size() == 1
    assert flow._C._global_world_kind() == "single process"
    assert repr(flow.placement.all("cpu")) == 'oxtorch.placement(type="cpu", ranks=[0])'


def test_global_tensors_on_one_rank() -> None:
    p = flow.placement("cpu", [0])
    x = flow.tensor([[1.0, 2.0], [3.0, 4.0]]).to_global(placement=p, sbp=flow.sbp.split(0))
    assert x.is_global and x.sbp == (flow.sbp.split(0),) and x.placement == p
    for sbp in [flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum, flow.sbp.split(0)]:
        y = x.to_global(sbp=sbp)
        assert np.array_equal(y.numpy(), [[1.0, 2.0], [3.0, 4.0]])
    z = x * 2 + flow.ones(2, 2, placement=p, sbp=flow.sbp.broadcast)
    # OneFlow's choice, on one rank too: S(0) + B -> B (crates/oxtorch/src/global/infer.rs)
    assert z.sbp == (flow.sbp.broadcast,)
    assert z.tolist() == [[3.0, 5.0], [7.0, 9.0]]
    assert repr(z) == (
        'tensor([[3., 5.],\n        [7., 9.]], placement=oxtorch.placement(type="cpu", ranks=[0]),\n'
        "       sbp=(oxtorch.sbp.broadcast,), dtype=oxtorch.float32)"
    )
    assert z.to_local().tolist() == [[3.0, 5.0], [7.0, 9.0]]


def test_errors_without_mpi() -> None:
    x = flow.ones(2)
    with pytest.raises(RuntimeError, match="Placement is invalid because rank must be less than world size!"):
        x.to_global(placement=flow.placement("cpu", [0, 1]), sbp=flow.sbp.broadcast)
    with pytest.raises(RuntimeError, match="Expected global tensor for to_local but got local tensor!"):
        x.to_local()


def test_objects_pickle() -> None:
    p = flow.placement("cpu", [[0]])
    assert pickle.loads(pickle.dumps(p)) == p
    assert pickle.loads(pickle.dumps(flow.sbp.split(2))) == flow.sbp.split(2)


def test_ternary_operations_on_global_tensors() -> None:
    # where, the clamps, addcmul, addcdiv and lerp run on each rank's pieces by their sbp signatures (the
    # multi-process suite checks every combination); on one rank the result is the local one, its sbp inferred
    p = flow.placement("cpu", [0])
    x = flow.tensor([1.0, 2.0]).to_global(placement=p, sbp=flow.sbp.broadcast)
    s = flow.tensor([3.0, 0.5]).to_global(placement=p, sbp=flow.sbp.split(0))
    cases = [
        (flow.where(x > 1, x, 0.0), [0.0, 2.0]),
        (x.clamp(0.0, 1.5), [1.0, 1.5]),
        (flow.clamp(x, min=s), [3.0, 2.0]),
        (flow.addcmul(x, x, s), [4.0, 3.0]),
        (x.addcdiv(x, s, value=3), [2.0, 14.0]),
        (flow.lerp(x, s, 0.5), [2.0, 1.25]),
    ]
    for got, expected in cases:
        assert got.is_global and got.tolist() == expected
    assert flow.where(s > 1, s, s).sbp == (flow.sbp.split(0),)
    with pytest.raises(RuntimeError, match="^Got input tensors with inconsistent attributes!\nop_type_name: lerp"):
        flow.lerp(x, flow.tensor([1.0, 2.0]), 0.5)


def test_unary_operations_with_out_on_global_tensors() -> None:
    p = flow.placement("cpu", [0])
    x = flow.tensor([[0.25, -1.0], [4.0, 9.0]]).to_global(placement=p, sbp=flow.sbp.split(0))
    out = flow.zeros(2, 2, dtype=flow.float64, placement=p, sbp=flow.sbp.broadcast)
    assert flow.sqrt(x.abs(), out=out) is out
    assert (out.sbp, out.dtype, out.tolist()) == ((flow.sbp.broadcast,), flow.float64, [[0.5, 1.0], [2.0, 3.0]])
    # the placement device's errors (a CPU kernel's), not those of PyTorch's meta references
    with pytest.raises(RuntimeError, match="^Found dtype Double but expected Float$"):
        flow.abs(x, out=out)
    with pytest.raises(RuntimeError, match="has no maching sbp"):
        flow.neg(x, out=flow.zeros(2, 2, placement=p, sbp=flow.sbp.partial_sum))
    with pytest.raises(RuntimeError, match="Got input tensors with inconsistent attributes!"):
        flow.abs(x, out=flow.zeros(2, 2))
    assert flow.sqrt(x.abs()).tolist() == [[0.5, 1.0], [2.0, 3.0]]
