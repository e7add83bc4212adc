"""Local tensors to global ones and back: OneFlow's meaning of each sbp, logical vs local shapes, the examples of
OneFlow's `to_global` / `local_to_global` / `global_to_global` / `to_local` documentation (written for 2 ranks; here
ranks 2 and 3 run the same program without holding a component), and the metadata checks."""

from _check import Checker, flow, np, rank

c = Checker("to_global")
p4 = flow.placement("cpu", ranks=[0, 1, 2, 3])
p2 = flow.placement("cpu", ranks=[0, 1])
S0, B, P = flow.sbp.split(0), flow.sbp.broadcast, flow.sbp.partial_sum


def block_docs():
    # Tensor.to_global / local_to_global on a local tensor (results documented on rank 0 and rank 1)
    x = flow.tensor([0.0, 1.0], dtype=flow.float32)
    for method in ("to_global", "local_to_global"):
        out = getattr(x, method)(placement=flow.placement("cpu", ranks=[0, 1]), sbp=[flow.sbp.split(0)], check_meta=False)
        c.equal(repr(out.size()), "oxtorch.Size([4])", f"{method}: size")
        text = repr(out)
        c.equal(" ".join(text.split()),
                'tensor([0., 1., 0., 1.], placement=oxtorch.placement(type="cpu", ranks=[0, 1]), '
                "sbp=(oxtorch.sbp.split(dim=0),), dtype=oxtorch.float32)", f"{method}: print")
    # Tensor.global_to_global / to_global on a global tensor
    g = flow.tensor([0.0, 1.0], dtype=flow.float32, placement=flow.placement("cpu", ranks=[0, 1]), sbp=[flow.sbp.broadcast])
    for method in ("global_to_global", "to_global"):
        out = getattr(g, method)(placement=flow.placement("cpu", ranks=[0, 1]), sbp=[flow.sbp.split(0)])
        c.equal(repr(out.size()), "oxtorch.Size([2])", f"{method}: size")
        c.equal(" ".join(repr(out).split()),
                'tensor([0., 1.], placement=oxtorch.placement(type="cpu", ranks=[0, 1]), '
                "sbp=(oxtorch.sbp.split(dim=0),), dtype=oxtorch.float32)", f"{method}: print")
    # Tensor.to_local
    x = flow.tensor([0.0, 1.0], dtype=flow.float32, placement=flow.placement("cpu", ranks=[0, 1]), sbp=[flow.sbp.split(0)])
    y = x.to_local()
    if rank in (0, 1):
        c.equal(repr(y.size()), "oxtorch.Size([1])", "to_local size")
        c.equal(y.tolist(), [float(rank)], "to_local values")
    else:
        c.equal(tuple(y.shape), (0,), "to_local outside the placement: empty")


def block_meanings():
    local = flow.tensor([float(rank), 10.0 + rank])
    s = local.to_global(placement=p4, sbp=S0)
    c.check(s.is_global and not s.is_local and local.is_local and not local.is_global, "is_global / is_local")
    c.equal(tuple(s.shape), (8,), "split: logical shape concatenates")
    c.equal(tuple(s.to_local().shape), (2,), "split: local shape")
    c.equal(s.placement, p4, "placement attribute")
    c.equal(s.sbp, (S0,), "sbp attribute is a tuple")
    c.close(s.numpy(), [0, 10, 1, 11, 2, 12, 3, 13], "split: logical value")
    c.check(s.to_local().numpy().tolist() == local.numpy().tolist(), "split: the local tensor is the component")
    ps = local.to_global(placement=p4, sbp=P)
    c.close(ps.numpy(), [6, 46], "partial sum: the sum")
    mine = flow.tensor([float(rank), 10.0 + rank])
    b = mine.to_global(placement=p4, sbp=B)
    c.close(b.to_local().numpy(), [0, 10], "broadcast: rank 0's data")
    c.close(mine.numpy(), [rank, 10 + rank], "broadcast leaves the input unchanged (OneFlow 0.9), without copy=True")
    kept = flow.tensor([float(rank), 10.0 + rank])
    kept.to_global(placement=p4, sbp=B, copy=True)
    c.close(kept.numpy(), [rank, 10 + rank], "copy=True keeps the input")
    # uneven: ranks hold 3, 3, 2, 2 rows -> 10 rows, the first ranks holding the extra rows
    rows = 3 if rank < 2 else 2
    u = flow.ones(rows, 2).to_global(placement=p4, sbp=S0)
    c.equal(tuple(u.shape), (10, 2), "uneven split")
    back = u.to_global(sbp=B)
    c.equal(tuple(back.to_local().shape), (10, 2), "uneven split to broadcast")
    # a 2-D grid
    grid = flow.placement("cpu", [[0, 1], [2, 3]])
    g = flow.ones(2, 3).to_global(placement=grid, sbp=[S0, flow.sbp.split(1)])
    c.equal(tuple(g.shape), (4, 6), "2-D grid: logical shape")
    c.equal(g.sbp, (S0, flow.sbp.split(1)), "2-D sbp")
    # to_local copies on request
    y = s.to_local(copy=True)
    y += 100
    c.close(s.to_local().numpy(), local.numpy(), "to_local(copy=True) is a copy")
    # a global tensor to the same layout is itself
    c.check(s.to_global(placement=p4, sbp=S0) is not None, "no-op to_global")
    # dims, numel, len on the logical shape
    c.equal((s.dim(), s.ndim, s.numel(), len(s), s.size(0)), (1, 1, 8, 8, 8), "logical attributes")
    c.equal(s.dtype, flow.float32, "dtype")


def block_errors():
    x = flow.tensor([1, 2, 3, 4])
    c.raises(RuntimeError, "Expected global tensor for to_local but got local tensor!", lambda: x.to_local(), "to_local on local")
    # OneFlow: the Tensor method's check is a RuntimeError, the module function's a ValueError
    c.raises(RuntimeError, "Converting a local tensor to global tensor must have placement and sbp parameters.",
             lambda: x.to_global(placement=p4), "missing sbp")
    c.raises(ValueError, "Converting a local tensor to global tensor must have placement and sbp parameters.",
             lambda: flow.to_global(x, placement=p4), "missing sbp, module function")
    c.raises(TypeError, "Invalid parameter placement with type", lambda: x.to_global(placement="cpu", sbp=B), "bad placement")
    c.raises(TypeError, "Invalid parameter sbp with type", lambda: x.to_global(placement=p4, sbp=3), "bad sbp")
    c.raises(RuntimeError, "Split axis out of range (expected to be in range of [0, 1), but got 1!",
             lambda: x.to_global(placement=p4, sbp=flow.sbp.split(1)), "split dim out of range, local")
    g = flow.tensor([1, 2, 3, 4], placement=p4, sbp=B)
    c.raises(RuntimeError, "Split axis out of range (expected to be in range of [0, 1), but got 1!",
             lambda: g.to_global(sbp=flow.sbp.split(1)), "split dim out of range, global")
    c.raises(RuntimeError, "Only local tensors have 'device'. Please use '.placement' for global tensors.",
             lambda: g.device, "device of a global tensor")
    c.raises(RuntimeError, "Only global tensors have 'placement'", lambda: x.placement, "placement of a local tensor")
    c.raises(RuntimeError, "Local tensor has no sbp property", lambda: x.sbp, "sbp of a local tensor")
    c.raises(RuntimeError, ".to_consistent has been removed, please use .to_global instead",
             lambda: x.to_consistent(placement=p4, sbp=B), "to_consistent")
    c.raises(RuntimeError, ".is_consistent has been removed, please use .is_global instead",
             lambda: x.is_consistent(), "is_consistent")
    # OneFlow's test_local_to_global_with_invalid_size (ranks with 2 and 4 rows)
    y = flow.ones(2 if rank != 1 else 4, 4)
    c.raises(RuntimeError, "Sizes of tensors in dimension 0 must be same or match balanced split distribution. "
             "See https://github.com/Oneflow-Inc/oneflow/blob/master/oneflow/core/common/balanced_splitter.h "
             "for details of balanced split",
             lambda: y.to_global(placement=p4, sbp=S0), "uneven sizes, split 0")
    c.raises(RuntimeError, "Sizes of tensors must match except in dimension 1. Expected size 2 but got size 4 for tensor on rank 1!",
             lambda: y.to_global(placement=p4, sbp=flow.sbp.split(1)), "uneven sizes, split 1")
    c.raises(RuntimeError, "Expected input of each rank must have the same size",
             lambda: y.to_global(placement=p4, sbp=B), "broadcast of different sizes")
    z = flow.ones(2, dtype=flow.int64 if rank == 3 else flow.float32)
    c.raises(RuntimeError, "Expected all tensors on each rank to be the same dtype",
             lambda: z.to_global(placement=p4, sbp=S0), "different dtypes")
    # OneFlow's test_inconsistent_placement: ranks name different placements
    mine = flow.placement("cpu", [0, 1]) if rank == 0 else flow.placement("cpu", [0])
    c.raises(RuntimeError, "Inconsistent parallel description",
             lambda: flow.randn(2, 3).to_global(placement=mine, sbp=flow.sbp.split(1)), "inconsistent placement")
    c.raises(RuntimeError, "Each rank must have the same input sbp",
             lambda: flow.ones(4).to_global(placement=p4, sbp=S0 if rank else B), "inconsistent sbp")
    g4 = flow.ones(8, placement=p4, sbp=S0)
    c.raises(RuntimeError, "Each rank must have the same input sbp",
             lambda: g4.to_global(sbp=B if rank == 2 else S0, check_meta=True), "check_meta on a global tensor")
    c.raises(RuntimeError, "Each rank must have the same input placement",
             lambda: g4.to_global(placement=p2 if rank == 2 else p4, check_meta=True), "check_meta, placements")
    c.raises(RuntimeError, "Placement is invalid because rank must be less than world size!",
             lambda: x.to_global(placement=flow.placement("cpu", [0, 4]), sbp=B), "rank outside the world")
    c.raises(RuntimeError, "len(sbp) == len(placement.hierarchy) required, but len(sbp)==1, len(placement.hierarchy)==2",
             lambda: x.to_global(placement=flow.placement("cpu", [[0, 1], [2, 3]]), sbp=B), "sbp list of the wrong length")
    c.raises(RuntimeError, "Expected size at split axis (0) of logical shape must be be greater than or equal to parallel num",
             lambda: flow.ones(3, placement=p4, sbp=S0), "too few elements to split")


c.run(block_docs, "documentation examples")
c.run(block_meanings, "meanings")
c.run(block_errors, "errors")
c.done()
