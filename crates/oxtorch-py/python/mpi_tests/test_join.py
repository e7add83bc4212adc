"""cat and stack of global tensors on 4 ranks (1-D and 2-D placements), by OneFlow's sbp signatures of concat and
stack: inputs split along the same dimension other than the joined one give a result split there with no
communication (renumbered past stack's new dimension), partial sums give a partial sum, anything else is boxed by
inference first. Each result is checked on every rank against the same call on the logical (local) tensors: dtype
(promoted across inputs), shape, values, and the sbp where the signature says it."""

import itertools

from _check import Checker, flow, np

c = Checker("join")
p = flow.placement("cpu", [0, 1, 2, 3])
grid = flow.placement("cpu", [[0, 1], [2, 3]])
S0, S1, S2, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.split(2), flow.sbp.broadcast, flow.sbp.partial_sum
X = ((np.arange(48).reshape(8, 6) * 7) % 11 - 3).astype(np.float32)
Y = ((np.arange(32).reshape(8, 4) * 5) % 9 + 1).astype(np.int64)
Z = ((np.arange(48).reshape(8, 6) * 3) % 7 - 2).astype(np.float64)


def block_cat_signatures():
    for a, b in itertools.product([S0, S1, B, P], repeat=2):
        x, y = flow.tensor(X, placement=p, sbp=a), flow.tensor(Y, placement=p, sbp=b)
        want = flow.cat([flow.tensor(X), flow.tensor(Y)], 1)
        got = flow.cat([x, y], 1)
        what = f"cat dim 1 of ({a}, {b})"
        c.equal(got.dtype, want.dtype, what + " dtype")
        c.equal(tuple(got.shape), tuple(want.shape), what + " shape")
        c.close(got.numpy(), want.numpy(), what)
        if a == b == S0:
            c.equal(got.sbp, (S0,), what + ": split along the kept dimension, no communication")
        if a == b == P:
            c.equal(got.sbp, (P,), what + ": partial sums stay partial")
        z = flow.tensor(Z, placement=p, sbp=b if b != S1 else S0)
        want = flow.cat([flow.tensor(X), flow.tensor(Z)], 0)
        c.close(flow.cat((x, z)).numpy(), want.numpy(), f"cat dim 0 of ({a}, {b})")


def block_stack_signatures():
    for sbp, dim in itertools.product([S0, S1, B, P], [0, 1, 2, -1]):
        x, z = flow.tensor(X, placement=p, sbp=sbp), flow.tensor(Z, placement=p, sbp=sbp)
        want = flow.stack([flow.tensor(X), flow.tensor(Z)], dim)
        got = flow.stack([x, z], dim)
        what = f"stack dim {dim} of {sbp}"
        c.equal(got.dtype, want.dtype, what + " dtype")
        c.close(got.numpy(), want.numpy(), what)
        if sbp == S0:
            c.equal(got.sbp, (S0 if dim % 3 > 0 else S1,), what + ": the split renumbered past the new dimension")


def block_two_d_placement():
    for a, b in itertools.product([S0, S1, B, P], [S0, S1, B]):
        x, z = flow.tensor(X, placement=grid, sbp=(a, b)), flow.tensor(Z, placement=grid, sbp=(a, b))
        for dim in [0, 1]:
            want = flow.cat([flow.tensor(X), flow.tensor(Z)], dim)
            c.close(flow.cat([x, z], dim).numpy(), want.numpy(), f"2-D cat dim {dim} of ({a}, {b})")
            want = flow.stack([flow.tensor(X), flow.tensor(Z)], dim)
            c.close(flow.stack([x, z], dim).numpy(), want.numpy(), f"2-D stack dim {dim} of ({a}, {b})")


def block_errors():
    x = flow.tensor(X, placement=p, sbp=S0)
    y = flow.tensor(Y, placement=p, sbp=S0)
    w = flow.tensor(np.ones((4, 6), dtype=np.float32), placement=p, sbp=S0)
    c.raises(RuntimeError, "Sizes of tensors must match except in dimension 1. Expected size 8 but got size 4 for "
             "tensor number 1 in the list.", lambda: flow.cat([x, w], 1), "sizes")
    c.raises(IndexError, "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
             lambda: flow.cat([x, x], 2), "dim out of range")
    c.raises(RuntimeError, "stack expects each tensor to be equal size, but got [8, 6] at entry 0 and [8, 4] at entry "
             "1", lambda: flow.stack([x, y]), "stack sizes")
    c.raises(RuntimeError, "Got input tensors with inconsistent attributes!", lambda: flow.cat([x, flow.tensor(X)]),
             "local beside global")
    q = flow.tensor(X, placement=flow.placement("cpu", [0, 1]), sbp=B)
    c.raises(RuntimeError, "Expected all tensors to be on the same placement", lambda: flow.cat([x, q]),
             "two placements")


c.run(block_cat_signatures, "cat signatures")
c.run(block_stack_signatures, "stack signatures")
c.run(block_two_d_placement, "2-D placements")
c.run(block_errors, "errors")
c.done()
