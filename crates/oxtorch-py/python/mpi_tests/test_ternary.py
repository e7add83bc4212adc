"""where, the clamps, addcmul, addcdiv and lerp on global tensors: every sbp combination of their operands on a
1-D placement and some on a 2-D one, with numbers, in place and out=, each compared with the same operation on the
logical (local oxtorch) tensors; the sbp choices (OneFlow's `where` keeps `(B, P, P) -> P`, the operations linear in
a partial sum keep it, a clamp converts it) and OneFlow's errors for mixed tensors."""

import itertools

from _check import Checker, flow, np

c = Checker("ternary")
p = flow.placement("cpu", [0, 1, 2, 3])
grid = flow.placement("cpu", [[0, 1], [2, 3]])
S0, S1, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum
X = (np.arange(48).reshape(8, 6) % 7 + 1).astype(np.float32)
Y = (np.arange(48).reshape(8, 6) % 5 + 2).astype(np.float32)
ROW = (np.arange(6) % 4 + 2).astype(np.float32)


def glob(arr, placement, sbp):
    return flow.tensor(arr, placement=placement, sbp=sbp)


def calls():
    """(name, function of three tensors) for each family."""
    return [
        ("where", lambda x, y, z: flow.where(x > z, y, z)),
        ("clamp", lambda x, y, z: flow.clamp(x, min=z, max=y)),
        ("addcmul", lambda x, y, z: flow.addcmul(x, y, z, value=2)),
        ("addcdiv", lambda x, y, z: x.addcdiv(y, z, value=0.5)),
        ("lerp", lambda x, y, z: flow.lerp(x, y, z * 0.125)),
    ]


def local(arr):
    return flow.tensor(arr)


def block_every_combination():
    for (name, fn), a, b, r in itertools.product(calls(), [S0, S1, B, P], [S0, S1, B, P], [S0, B, P]):
        got = fn(glob(X, p, a), glob(Y, p, b), glob(ROW, p, r))
        expected = fn(local(X), local(Y), local(ROW))
        c.equal(got.dtype, expected.dtype, f"{name} dtype")
        c.close(got.numpy(), expected.numpy(), f"{name} {a} {b} {r}")
    for (name, fn), a, b in itertools.product(calls(), [(S0, B), (P, S1), (B, P)], [(S0, S1), (B, B), (P, P)]):
        got = fn(glob(X, grid, a), glob(Y, grid, b), glob(ROW, grid, (B, B)))
        c.close(got.numpy(), fn(local(X), local(Y), local(ROW)).numpy(), f"2-D {name} {a} {b}")


def block_numbers():
    for a in [S0, S1, B, P]:
        x = glob(X, p, a)
        c.close(flow.where(x > 3, x, 0.5).numpy(), np.where(X > 3, X, 0.5), f"where with a number {a}")
        c.close(flow.where(x > 3, 2, x).numpy(), np.where(X > 3, 2, X), f"where with a number first {a}")
        c.close(flow.where(x > 3, 1.5, 0).numpy(), np.where(X > 3, 1.5, 0).astype(np.float32), f"two numbers {a}")
        c.close(x.clamp(2, 5).numpy(), np.clip(X, 2, 5), f"clamp numbers {a}")
        c.close(flow.clamp(x, max=4.5).numpy(), np.minimum(X, 4.5), f"clamp max {a}")
        c.close(x.clip(min=3).numpy(), np.maximum(X, 3), f"clip min {a}")
        c.close(flow.lerp(x, glob(Y, p, B), 0.25).numpy(), X + 0.25 * (Y - X), f"lerp number weight {a}")
    z0 = flow.tensor(3.0, placement=p, sbp=B)
    c.close(glob(X, p, S0).clamp(z0, 5.0).numpy(), np.clip(X, 3, 5), "a zero-dim global bound beside a number")


def block_sbp_choices():
    x_b, x_p = glob(X, p, B), glob(X, p, P)
    c.equal(flow.where(x_b > 3, x_p, glob(Y, p, P)).sbp, (P,), "where(B, P, P) -> P without communication")
    c.equal(flow.where(glob(X, p, S0) > 3, glob(X, p, S0), glob(Y, p, S0)).sbp, (S0,), "where keeps a common split")
    c.check(flow.where(x_b > 3, x_p, 0.5).sbp != (P,), "a number beside a partial sum: no partial signature")
    c.equal(flow.addcmul(x_p, x_p, x_b).sbp, (P,), "addcmul(P, P, B) -> P")
    c.equal(flow.lerp(x_p, glob(Y, p, P), 0.5).sbp, (P,), "lerp(P, P, number) -> P")
    c.equal(x_p.clamp(0, 3).sbp, (S0,), "a clamp converts a partial sum (clip_by_scalar splits)")


def block_in_place_and_out():
    x = glob(X, p, B)
    before = x.to_local()
    r = x.clamp_(2, 5)
    c.check(r is x, "clamp_ returns self")
    c.equal(x.sbp, (B,), "in place keeps the sbp")
    c.close(x.numpy(), np.clip(X, 2, 5), "clamp_")
    c.check(np.array_equal(before.numpy(), x.to_local().numpy()), "in place writes the same component")
    x = glob(X, p, S0)
    x.addcmul_(glob(X, p, B), glob(Y, p, P), value=3)
    c.equal(x.sbp, (S0,), "addcmul_ keeps S(0)")
    c.close(x.numpy(), X + 3 * X * Y, "addcmul_")
    x.lerp_(glob(Y, p, S1), 0.5)
    c.close(x.numpy(), (X + 3 * X * Y) + 0.5 * (Y - (X + 3 * X * Y)), "lerp_")
    x = glob(X, p, P)
    x.addcdiv_(glob(X, p, P), glob(Y, p, B))
    c.equal(x.sbp, (P,), "addcdiv_ into a partial sum keeps it")
    c.close(x.numpy(), X + X / Y, "addcdiv_")
    out = flow.zeros(8, 6, dtype=flow.float32, placement=p, sbp=P)
    r = flow.where(glob(X, p, S0) > 3, glob(X, p, S1), glob(Y, p, B), out=out)
    c.check(r is out, "out= returns out")
    c.equal(out.sbp, (P,), "out keeps its sbp")
    c.close(out.numpy(), np.where(X > 3, X, Y), "where out=")
    out = flow.zeros(8, 6, dtype=flow.float64, placement=p, sbp=S1)
    flow.addcmul(glob(X, p, S0), glob(X, p, B), glob(Y, p, P), out=out)
    c.equal((out.sbp, out.dtype), ((S1,), flow.float64), "out keeps its sbp and dtype")
    c.close(out.numpy(), X + X * Y, "addcmul out=")
    c.raises(RuntimeError, "Expected out tensor to have dtype oxtorch.float32 but got oxtorch.float64 instead",
             lambda: flow.where(glob(X, p, S0) > 3, glob(X, p, S1), glob(Y, p, B), out=out), "where's exact out= dtype")


def block_errors():
    x = glob(X, p, S0)
    c.raises(RuntimeError, "Got input tensors with inconsistent attributes!\nop_type_name: where",
             lambda: flow.where(x > 3, x, local(Y)), "global and local")
    c.raises(RuntimeError, "Expected all tensors to be on the same placement",
             lambda: flow.addcmul(x, x, glob(X, flow.placement("cpu", [0, 1]), B)), "mismatched placements")
    c.raises(RuntimeError, "expected dtype oxtorch.float32 for `end`, but got dtype oxtorch.float64",
             lambda: flow.lerp(x, glob(X.astype(np.float64), p, B), 0.5), "lerp's dtype check")
    c.raises(RuntimeError, "Attempting to cast from oxtorch.float32 to out tensor with dtype oxtorch.int64, but this "
             "can't be cast because it is not safe!",
             lambda: glob(X.astype(np.int64), p, B).clamp_(0.5, 2), "in-place cast check")


c.run(block_every_combination, "every combination")
c.run(block_numbers, "numbers")
c.run(block_sbp_choices, "sbp choices")
c.run(block_in_place_and_out, "in place and out=")
c.run(block_errors, "errors")
c.done()
