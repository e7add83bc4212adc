"""Arithmetic on global tensors: add/sub/mul/div between global tensors of every sbp pair on one placement (1-D and
2-D), with Python numbers and zero-dim global tensors, with PyTorch's promotion and OneFlow's sbp inference; in
place and out= (and a unary operation into out=); OneFlow's errors for mismatched placements and for mixing local and global tensors. Each result
is compared with the same operation on the logical (NumPy / local oxtorch) tensors."""

import itertools
import operator

from _check import Checker, flow, np, rank

c = Checker("arith")
p = flow.placement("cpu", [0, 1, 2, 3])
grid = flow.placement("cpu", [[0, 1], [2, 3]])
S0, S1, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum
X = (np.arange(48).reshape(8, 6) % 7 + 1).astype(np.float32)
Y = (np.arange(48).reshape(8, 6) % 5 + 2).astype(np.int32)
ROW = (np.arange(6) + 1).astype(np.float64)


def glob(arr, placement, sbp):
    return flow.tensor(arr, placement=placement, sbp=sbp)


def ops():
    return [("add", operator.add, flow.add), ("sub", operator.sub, flow.sub), ("mul", operator.mul, flow.mul),
            ("div", operator.truediv, flow.div)]


def block_pairs():
    for (name, op, fn), a, b in itertools.product(ops(), [S0, S1, B, P], [S0, S1, B, P]):
        x, y = glob(X, p, a), glob(Y, p, b)
        expected = fn(flow.tensor(X), flow.tensor(Y))
        z = op(x, y)
        c.equal(z.dtype, expected.dtype, f"{name} dtype")
        c.close(z.numpy(), expected.numpy(), f"{name} {a} {b}")
        z = fn(x, glob(ROW, p, b if b != S1 else S0))
        c.close(z.numpy(), fn(flow.tensor(X), flow.tensor(ROW)).numpy(), f"{name} broadcasting a row {a} {b}")
    for (name, op, fn), a, b in itertools.product(ops(), itertools.product([S0, B, P], [S1, B]), [(S0, B), (B, S1), (P, P)]):
        z = op(glob(X, grid, a), glob(Y, grid, b))
        c.close(z.numpy(), op(flow.tensor(X), flow.tensor(Y)).numpy(), f"2-D {name} {a} {b}")


def block_numbers_and_zero_dim():
    for (name, op, _), a in itertools.product(ops(), [S0, S1, B, P]):
        x = glob(X, p, a)
        for v in [3, 2.5]:
            c.close(op(x, v).numpy(), op(flow.tensor(X), v).numpy(), f"{name} {a} with {v}")
            c.close(op(v, x).numpy(), op(v, flow.tensor(X)).numpy(), f"{v} {name} {a}")
        z0 = flow.tensor(4.0, dtype=flow.float64, placement=p, sbp=B)
        got = op(x, z0)
        c.equal(got.dtype, flow.float32, f"{name}: a zero-dim float64 does not promote a float32 tensor")
        c.close(got.numpy(), op(flow.tensor(X), flow.tensor(4.0, dtype=flow.float64)).numpy(), f"{name} {a} with zero-dim")
    c.close((-glob(X, p, P)).numpy(), -X, "negation of a partial sum")


def block_promotion():
    # the promotion examples of the specification, on global tensors
    ones = {dt: flow.ones(4, dtype=dt, placement=p, sbp=S0) for dt in [flow.float, flow.double, flow.int, flow.long, flow.uint8, flow.bool]}
    long_zerodim = flow.tensor(1, dtype=flow.long, placement=p, sbp=B)
    a, b = flow.tensor(5, placement=p, sbp=B), flow.tensor(5, placement=p, sbp=B)
    c.equal(flow.add(a, b).dtype, flow.int64, "tensor(5) + tensor(5)")
    c.equal((ones[flow.int] + 5).dtype, flow.int32, "int_tensor + 5")
    c.equal((ones[flow.int] + long_zerodim).dtype, flow.int32, "int_tensor + long_zerodim (PyTorch's rule)")
    c.equal((ones[flow.long] + ones[flow.int]).dtype, flow.int64, "long + int")
    c.equal((ones[flow.bool] + ones[flow.long]).dtype, flow.int64, "bool + long")
    c.equal((ones[flow.bool] + ones[flow.uint8]).dtype, flow.uint8, "bool + uint8")
    c.equal((ones[flow.float] + ones[flow.double]).dtype, flow.float64, "float + double")
    c.equal((ones[flow.bool] + ones[flow.int]).dtype, flow.int32, "bool + int")
    c.equal(flow.add(ones[flow.long], ones[flow.float]).dtype, flow.float32, "long + float")
    c.equal((ones[flow.int] / 2).dtype, flow.float32, "int / 2")
    # casting rules of in-place operations
    f = flow.ones(4, dtype=flow.float, placement=p, sbp=S0)
    f *= ones[flow.int]
    f *= ones[flow.uint8]
    i = flow.ones(4, dtype=flow.int, placement=p, sbp=S0)
    i *= ones[flow.uint8]
    # PyTorch refuses an integral output for a float result and a bool output for a non-bool one (OneFlow's
    # document also lists float *= double, int *= long and uint8 *= int, which PyTorch allows; oxtorch follows
    # PyTorch, as the local tensors do)
    for target, other in [(flow.int, flow.float), (flow.bool, flow.int), (flow.bool, flow.uint8)]:
        t = flow.ones(4, dtype=target, placement=p, sbp=S0)
        c.raises(RuntimeError, "can't be cast to the desired output type", lambda: t.mul_(ones[other]), f"{target} *= {other}")
    for target, other in [(flow.float, flow.double), (flow.int, flow.long), (flow.uint8, flow.int)]:
        t = flow.ones(4, dtype=target, placement=p, sbp=S0)
        t.mul_(ones[other])
        c.equal(t.dtype, target, f"{target} *= {other} keeps the dtype, as on local tensors")


def block_inference():
    # OneFlow 0.9's choices (crates/oxtorch/src/global/infer.rs): inputs that already fit a signature outrank any
    # copy cost, and leaving broadcast costs 2^31 - 1 where gathering a small split tensor costs its bytes
    x = {s: glob(X, p, s) for s in [S0, S1, B, P]}
    c.equal((x[S0] + x[S0]).sbp, (S0,), "S(0) + S(0) -> S(0)")
    c.equal((x[S0] + x[B]).sbp, (B,), "S(0) + B -> B (OneFlow gathers the split input)")
    c.equal((x[S0] * x[B]).sbp, (B,), "S(0) * B -> B")
    c.equal((x[B] - x[S0]).sbp, (B,), "B - S(0) -> B")
    c.equal((x[S1] + x[B]).sbp, (B,), "S(1) + B -> B")
    c.equal((x[B] + x[S1]).sbp, (B,), "B + S(1) -> B")
    c.equal((x[P] + x[B]).sbp, (B,), "P + B -> B (the partial sum all-reduced)")
    c.equal((x[P] + x[P]).sbp, (P,), "P + P -> P")
    c.equal((x[P] - x[P]).sbp, (P,), "P - P -> P")
    c.equal((x[P] * x[B]).sbp, (P,), "P * B -> P")
    c.equal((x[B] * x[P]).sbp, (P,), "B * P -> P")
    c.equal((x[P] * x[P]).sbp, (P,), "P * P -> P (the first all-reduced: (B, P) -> P)")
    c.equal((x[P] / x[B]).sbp, (P,), "P / B -> P")
    c.equal((x[P] * 2).sbp, (P,), "P * 2 -> P")
    c.equal((x[P] / 2).sbp, (P,), "P / 2 -> P")
    c.equal((x[P] + 1).sbp, (S0,), "P + 1 -> S(0) (scalar_add has no partial sum; the first split wins)")
    c.equal((-x[P]).sbp, (S0,), "-P -> S(0) (negative has no partial sum)")
    c.equal((x[S0] + x[S1]).sbp, (S0,), "S(0) + S(1): the first signature of equal rank")
    c.equal((x[P] + glob(ROW, p, B)).sbp, (S0,), "P + a broadcast row -> S(0)")
    c.close((x[P] + x[B]).numpy(), X + X, "P + B value")
    c.close((x[P] * x[P]).numpy(), X * X, "P * P value: the product of the sums")
    # 2-D: `x - 2` with x (S(0), P) on [[0, 1]] is (B, S(0)) in OneFlow (a grid dimension of one rank is dropped
    # from the cost, and the last of the cheapest signatures wins)
    line = flow.placement("cpu", [[0, 1]])
    v = np.arange(8, dtype=np.float32)
    z = flow.tensor(v, placement=line, sbp=[S0, P]) - 2
    c.equal(z.sbp, (B, S0), "(S(0), P) - 2 on [[0, 1]] -> (B, S(0))")
    c.close(z.numpy(), v - 2, "(S(0), P) - 2 value")
    # the same rule for a matrix: every signature ending in a split costs the same, and the last, (B, S(1)), wins
    c.equal((flow.tensor(X, placement=line, sbp=[S0, P]) - 2).sbp, (B, S1), "(S(0), P) - 2 of a matrix -> (B, S(1))")
    g = glob(X, grid, (S0, B)) + glob(X, grid, (S0, B))
    c.equal(g.sbp, (S0, B), "(S(0), B) + (S(0), B) keeps its sbp")


def block_partial_sums_in_place():
    x = glob(X, p, P)
    c.raises(RuntimeError, "broadcast_mul has no maching sbp", lambda: x.mul_(x), "P *= P into itself")
    c.close(x.numpy(), X, "a refused in-place product leaves the tensor")
    y = glob(Y, p, P)
    x *= y
    c.equal(x.sbp, (P,), "P *= another P stays P")
    c.close(x.numpy(), X * Y, "P *= P value: the product of the sums")
    c.raises(RuntimeError, "scalar_add has no maching sbp", lambda: glob(X, p, P).add_(1), "P += 1")


def block_in_place_and_out():
    x = glob(X, p, S0)
    before = x.to_local()
    x += glob(Y, p, B)
    c.equal(x.sbp, (S0,), "in place keeps the sbp")
    c.close(x.numpy(), X + Y, "x += y")
    c.check(np.array_equal(before.numpy(), x.to_local().numpy()), "in place writes the same component")
    x.mul_(2)
    c.close(x.numpy(), (X + Y) * 2, "mul_")
    x.sub_(glob(X, p, P), alpha=2)
    c.close(x.numpy(), (X + Y) * 2 - 2 * X, "sub_ with alpha from a partial sum")
    x.div_(glob(Y, p, S1))
    c.close(x.numpy(), ((X + Y) * 2 - 2 * X) / Y, "div_ from S(1)")
    b = glob(X, p, B)
    b += glob(X, p, S0)
    c.equal(b.sbp, (B,), "B += S(0) keeps B")
    c.close(b.to_local().numpy(), 2 * X, "B += S(0) value on every rank")
    out = flow.zeros(8, 6, dtype=flow.float64, placement=p, sbp=P)
    r = flow.mul(glob(X, p, S0), 3, out=out)
    c.check(r is out, "out= returns out")
    c.equal((out.sbp, out.dtype), ((P,), flow.float64), "out keeps its sbp and dtype")
    c.close(out.numpy(), X * 3, "out value")
    empty = flow.zeros(0, dtype=flow.float32, placement=p, sbp=B)
    flow.add(glob(X, p, S1), 1, out=empty)
    c.equal(tuple(empty.shape), (8, 6), "an empty out takes the result's size")
    c.close(empty.numpy(), X + 1, "resized out value")


def block_unary_out():
    # a unary operation into a global out=, which keeps its sbp and dtype, from every input sbp
    for a, o in itertools.product([S0, S1, B, P], [S0, S1, B]):
        out = flow.zeros(8, 6, dtype=flow.float64, placement=p, sbp=o)
        r = flow.sqrt(glob(X, p, a), out=out)
        c.check(r is out, f"sqrt({a}, out={o}) returns out")
        c.equal((out.sbp, out.dtype), ((o,), flow.float64), f"sqrt({a}, out={o}) keeps the out's sbp and dtype")
        c.close(out.numpy(), np.sqrt(X.astype(np.float64)), f"sqrt({a}, out={o}) value", rtol=1e-6)
    empty = flow.zeros(0, dtype=flow.float32, placement=p, sbp=B)
    flow.neg(glob(X, p, S1), out=empty)
    c.equal(tuple(empty.shape), (8, 6), "an empty unary out takes the result's size")
    c.close(empty.numpy(), -X, "neg into a resized out")
    c.raises(RuntimeError, "Found dtype Double but expected Float",
             lambda: flow.abs(glob(X, p, S0), out=flow.zeros(8, 6, dtype=flow.float64, placement=p, sbp=B)),
             "abs into float64: the CPU kernel's error")
    c.raises(RuntimeError, "sin has no maching sbp",
             lambda: flow.sin(glob(X, p, S0), out=flow.zeros(8, 6, placement=p, sbp=P)), "sin into a partial sum")


def block_errors():
    x = glob(X, p, S0)
    y = glob(X, flow.placement("cpu", [0, 1]), S0)
    c.raises(RuntimeError, 'Expected all tensors to be on the same placement, but found at least two placements, '
             'oxtorch.placement(type="cpu", ranks=[0, 1, 2, 3]) (positional 0) and '
             'oxtorch.placement(type="cpu", ranks=[0, 1]) (positional 1)!', lambda: x + y, "mismatched placements")
    c.raises(RuntimeError, "Expected all tensors to be on the same placement", lambda: x.add_(y), "in place, mismatched")
    c.raises(RuntimeError, "Got input tensors with inconsistent attributes!\nop_type_name: broadcast_add\n"
             "attributes of inputs is:\nglobal, local", lambda: x + flow.tensor(X), "global + local")
    c.raises(RuntimeError, "Got input tensors with inconsistent attributes!", lambda: flow.tensor(X) * x, "local * global")
    c.raises(RuntimeError, "The size of tensor a (6) must match the size of tensor b (5) at non-singleton dimension 1",
             lambda: x + glob(np.ones((8, 5)), p, S0), "shape mismatch")
    c.raises(NotImplementedError, "Subtraction, the `-` operator, with two bool tensors is not supported",
             lambda: flow.ones(4, dtype=flow.bool, placement=p, sbp=B) - flow.ones(4, dtype=flow.bool, placement=p, sbp=B),
             "bool subtraction")
    c.raises(RuntimeError, "this operation is not supported for global tensors yet", lambda: x.t(), "a local-only method")


c.run(block_pairs, "sbp pairs")
c.run(block_numbers_and_zero_dim, "numbers and zero-dim tensors")
c.run(block_promotion, "promotion")
c.run(block_inference, "inference")
c.run(block_partial_sums_in_place, "partial sums in place")
c.run(block_in_place_and_out, "in place and out=")
c.run(block_unary_out, "unary operations into out=")
c.run(block_errors, "errors")
c.done()
