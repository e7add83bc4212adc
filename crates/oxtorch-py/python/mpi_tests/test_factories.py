"""Factories with placement= and sbp=, after OneFlow's test_global_constant.py / test_global_rand*.py (CPU
placements of its all_placement(): 1-D (4,) and 2-D (1, 4), every sbp of all_sbp()), and oxtorch.tensor(data,
placement=, sbp=)."""

import itertools

from _check import Checker, flow, np, rank

c = Checker("factories")


def all_placement():
    return [flow.placement("cpu", np.array(range(4)).reshape(h)) for h in [(4,), (1, 4)]] + [
        flow.placement("cpu", [[0, 1], [2, 3]]),
        flow.placement("cpu", [1, 2, 3]),
    ]


def all_sbp(placement, max_dim, except_partial_sum=False):
    choices = [flow.sbp.split(i) for i in range(max_dim)] + [flow.sbp.broadcast]
    if not except_partial_sum:
        choices.append(flow.sbp.partial_sum)
    return list(itertools.product(choices, repeat=len(placement.ranks.shape)))


def to_b(x):
    return x.to_global(placement=x.placement, sbp=[flow.sbp.broadcast for _ in range(len(x.placement.ranks.shape))])


def block_constants():
    for shape in [(8,), (8, 8), (8, 8, 8)]:
        for placement in all_placement():
            for sbp in all_sbp(placement, len(shape)):
                for name, func, expected in [("ones", flow.ones, np.ones(shape)), ("zeros", flow.zeros, np.zeros(shape))]:
                    x = func(*shape, placement=placement, sbp=sbp)
                    c.equal(x.shape, flow.Size(shape), f"{name} shape")
                    c.equal(x.sbp, sbp, f"{name} sbp")
                    c.equal(x.placement, placement, f"{name} placement")
                    c.equal(x.dtype, flow.float32, f"{name} dtype")
                    c.check(np.array_equal(to_b(x).to_local().numpy(), expected) or rank not in placement.ranks,
                            f"{name} {shape} {placement} {sbp}")
                for value in [2, 3.5]:
                    x = flow.full(shape, value, placement=placement, sbp=sbp)
                    c.equal(x.dtype, flow.int64 if isinstance(value, int) else flow.float32, "full dtype from the value")
                    c.close(x.numpy(), np.full(shape, value), f"full {value} {shape} {placement} {sbp}")
                e = flow.empty(*shape, placement=placement, sbp=sbp)
                c.equal((e.shape, e.sbp), (flow.Size(shape), sbp), "empty")


def block_ranges_and_random():
    p = flow.placement("cpu", [0, 1, 2, 3])
    grid = flow.placement("cpu", [[0, 1], [2, 3]])
    for sbp in [flow.sbp.split(0), flow.sbp.broadcast, flow.sbp.partial_sum]:
        r = flow.arange(10, placement=p, sbp=sbp)
        c.close(r.numpy(), np.arange(10), f"arange {sbp}")
        c.equal(r.dtype, flow.int64, "arange dtype")
        r = flow.arange(1, 4, 0.5, placement=p, sbp=sbp)
        c.close(r.numpy(), np.arange(1, 4, 0.5), f"arange with a step {sbp}")
    # rand / randn / randint: the same logical tensor on every rank, whatever the sbp
    for fn, args in [(flow.rand, (8, 6)), (flow.randn, (8, 6))]:
        flow.manual_seed(3)
        a = fn(*args, placement=p, sbp=flow.sbp.broadcast).to_local().numpy()
        flow.manual_seed(3)
        b = fn(*args, placement=p, sbp=flow.sbp.split(0)).numpy()
        flow.manual_seed(3)
        d = fn(*args, placement=grid, sbp=[flow.sbp.split(1), flow.sbp.broadcast]).numpy()
        c.close(a, b, f"{fn.__name__}: broadcast and split agree")
        c.close(a, d, f"{fn.__name__}: 2-D layout agrees")
        # the broadcast value is the same on every rank
        gathered = flow.tensor(a).to_global(placement=p, sbp=flow.sbp.split(0)).numpy()
        c.close(gathered, np.concatenate([a] * 4), f"{fn.__name__}: identical on every rank")
    flow.manual_seed(5)
    ri = flow.randint(0, 10, (6, 4), placement=p, sbp=flow.sbp.split(1))
    c.equal(ri.dtype, flow.int64, "randint dtype")
    v = ri.numpy()
    c.check(v.shape == (6, 4) and v.min() >= 0 and v.max() < 10, "randint range")
    g = flow.Generator().manual_seed(11)
    x1 = flow.rand(4, generator=g, placement=p, sbp=flow.sbp.broadcast).numpy()
    g = flow.Generator().manual_seed(11)
    x2 = flow.rand(4, generator=g, placement=p, sbp=flow.sbp.split(0)).numpy()
    c.close(x1, x2, "rand with a generator")
    c.raises(RuntimeError, "not implemented for 'Long'", lambda: flow.rand(4, dtype=flow.int64, placement=p, sbp=flow.sbp.broadcast),
             "rand of an integer dtype")


def block_tensor():
    p = flow.placement("cpu", [0, 1, 2, 3])
    data = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    for sbp in [flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum]:
        if sbp == flow.sbp.split(1):
            continue  # 3 columns over 4 ranks: too few to split (OneFlow's error, checked below)
        t = flow.tensor(data, placement=p, sbp=sbp)
        c.close(t.numpy(), np.array(data), f"tensor(data) {sbp}")
        c.equal(t.dtype, flow.int64, "tensor(data) dtype")
    # every rank must give the same data (OneFlow's check; never rank 0's data silently)
    c.raises(RuntimeError, "Each rank must have same input sequence or numpy array",
             lambda: flow.tensor([float(rank)] * 4, placement=p, sbp=flow.sbp.split(0)), "different data")
    t = flow.tensor(np.arange(8.0), dtype=flow.float64, placement=flow.placement("cpu", [2, 3]), sbp=flow.sbp.split(0))
    c.equal(t.dtype, flow.float64, "tensor(ndarray, dtype=)")
    c.close(t.numpy(), np.arange(8.0), "a placement without rank 0")
    c.raises(RuntimeError, "Expected size at split axis (1)", lambda: flow.tensor(data, placement=p, sbp=flow.sbp.split(1)),
             "too few columns")
    c.raises(AssertionError, "sbp: None", lambda: flow.zeros(2, placement=p), "placement without sbp")
    c.raises(AssertionError, "device and placement can not be given at the same time",
             lambda: flow.zeros(2, device="cpu", placement=p, sbp=flow.sbp.broadcast), "device with placement")


c.run(block_constants, "constants")
c.run(block_ranges_and_random, "ranges and random")
c.run(block_tensor, "tensor")
c.done()
