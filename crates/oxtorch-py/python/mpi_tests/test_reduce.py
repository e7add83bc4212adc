"""Reductions of global tensors on 4 ranks (1-D and 2-D placements): sum, mean, prod, amax, amin, all, any,
argmax, max(dim) and min(dim) over every sbp of the input and every dim form, each checked on every rank against
the same reduction of the logical (local) tensor, with OneFlow's reduce_sum signatures: a reduced split
dimension gives a partial sum for sum and mean (no communication), a kept split dimension stays split
(renumbered), a broadcast stays broadcast, and the other reductions box what they cannot combine to broadcast."""

import itertools

from _check import Checker, flow, np

c = Checker("reduce")
p = flow.placement("cpu", [0, 1, 2, 3])
grid = flow.placement("cpu", [[0, 1], [2, 3]])
S0, S1, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum
X = ((np.arange(48).reshape(8, 6) * 7) % 11 - 3).astype(np.float64)
XI = ((np.arange(48).reshape(8, 6) * 5) % 9 + 1).astype(np.int32)

DIMS = [None, 0, 1, (0, 1), -1]


def call(name, t, dim, keepdim):
    if dim is None:
        return getattr(t, name)()
    return getattr(t, name)(dim, keepdim=keepdim)


def block_sbp_signatures():
    for name, arr in [("sum", X), ("mean", X), ("sum", XI), ("prod", XI), ("amax", X), ("amin", XI), ("all", XI),
                      ("any", X), ("argmax", X)]:
        for sbp, dim, keepdim in itertools.product([S0, S1, B, P], DIMS, [False, True]):
            if name in ("prod", "argmax") and isinstance(dim, tuple):
                continue
            x = flow.tensor(arr, placement=p, sbp=sbp)
            want = call(name, flow.tensor(arr), dim, keepdim)
            got = call(name, x, dim, keepdim)
            what = f"{name} over {dim} keepdim={keepdim} of {sbp}"
            c.equal(got.dtype, want.dtype, what + " dtype")
            c.equal(tuple(got.shape), tuple(want.shape), what + " shape")
            c.close(got.numpy(), want.numpy(), what)
            dims = range(2) if dim is None else ([dim % 2] if isinstance(dim, int) else [d % 2 for d in dim])
            split = 0 if sbp == S0 else 1 if sbp == S1 else None
            if name in ("sum", "mean") and (sbp == P or (split is not None and split in dims)):
                c.equal(got.sbp, (P,), what + ": a partial sum, no communication")


def block_two_d_placement():
    for a, b in itertools.product([S0, S1, B, P], [S0, S1, B]):
        x = flow.tensor(X, placement=grid, sbp=(a, b))
        for dim in [None, 0, 1]:
            for name in ["sum", "mean", "amax"]:
                want = call(name, flow.tensor(X), dim, False)
                c.close(call(name, x, dim, False).numpy(), want.numpy(), f"2-D {name} over {dim} of ({a}, {b})")


def block_max_min_dim():
    for sbp, dim, name in itertools.product([S0, S1, B], [0, 1], ["max", "min"]):
        x = flow.tensor(X, placement=p, sbp=sbp)
        got = getattr(x, name)(dim)
        want = getattr(flow.tensor(X), name)(dim)
        c.close(got.values.numpy(), want.values.numpy(), f"{name}({dim}) values of {sbp}")
        c.close(got.indices.numpy(), want.indices.numpy(), f"{name}({dim}) indices of {sbp}")
        c.equal(got.values.sbp, got.indices.sbp, f"{name}({dim}) of {sbp}: one sbp")


def block_errors():
    x = flow.tensor(XI, placement=p, sbp=S0)
    c.raises(NotImplementedError, "mean(): could not infer output dtype.", lambda: x.mean(), "mean of integers")
    c.raises(IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)", lambda: x.sum(2),
             "dim out of range")


c.run(block_sbp_signatures, "sbp signatures")
c.run(block_two_d_placement, "2-D placements")
c.run(block_max_min_dim, "max and min over a dimension")
c.run(block_errors, "errors")
c.done()
