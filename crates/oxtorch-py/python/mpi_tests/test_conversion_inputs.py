"""What a conversion must never do to its input, and the argument errors of global factories, as OneFlow 0.9 has
them: a local tensor turned global and a global tensor converted are unchanged afterwards on every rank, for every
sbp pair; `oxtorch.tensor(data, placement=, sbp=)` with different data on different ranks is OneFlow's error on
every rank (never rank 0's data silently); random factories refuse a partial sum; and the factories' own checks
raise OneFlow's classes."""

import itertools

from _check import Checker, flow, np, rank

c = Checker("conversion inputs")
S0, S1, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum
p4 = flow.placement("cpu", [0, 1, 2, 3])
grid = flow.placement("cpu", [[0, 1], [2, 3]])


def mine(shape, dtype=np.float32):
    return ((np.arange(int(np.prod(shape))).reshape(shape) + 10 * rank) % 23).astype(dtype)


def block_local_inputs_unchanged():
    for placement, sbps in [(p4, [S0, S1, B, P]), (flow.placement("cpu", [1, 2]), [S0, B, P])]:
        for s, dt in itertools.product(sbps, [np.float32, np.int8, np.bool_]):
            data = mine((4, 4), dt) if dt != np.bool_ else mine((4, 4)) % 2 == 0
            t = flow.tensor(data)
            t.to_global(placement=placement, sbp=s)
            c.check(np.array_equal(t.numpy(), data), f"local input of to_global({s}) on {placement.ranks.tolist()}, {dt}")
    for s in itertools.product([S0, S1, B, P], repeat=2):
        t = flow.tensor(mine((4, 4)))
        t.to_global(placement=grid, sbp=s)
        c.check(np.array_equal(t.numpy(), mine((4, 4))), f"local input of to_global({s}) on the grid")
    # the case: rank 1 keeps [1., 11.]
    l = flow.tensor([float(rank), 10.0 + rank])
    l.to_global(placement=p4, sbp=B)
    c.equal(l.tolist(), [float(rank), 10.0 + rank], "broadcast leaves every rank's input as it was")


def block_global_inputs_unchanged():
    for (pin, sbps), pout in itertools.product([(p4, [S0, S1, B, P]), (flow.placement("cpu", [1, 2]), [S0, B, P])],
                                               [p4, flow.placement("cpu", [0, 3]), flow.placement("cpu", [2])]):
        for s_in, s_out in itertools.product(sbps, [S0, S1, B, P]):
            x = flow.tensor(mine((4, 4))).to_global(placement=pin, sbp=s_in)
            before = x.to_local().numpy().copy()
            x.to_global(placement=pout, sbp=s_out)
            c.check(np.array_equal(x.to_local().numpy(), before),
                    f"component of {pin.ranks.tolist()} {s_in} after -> {pout.ranks.tolist()} {s_out}")
    for s_in, s_out in itertools.product(itertools.product([S0, S1, B, P], repeat=2), repeat=2):
        x = flow.tensor(mine((4, 4))).to_global(placement=grid, sbp=s_in)
        before = x.to_local().numpy().copy()
        x.to_global(sbp=s_out)
        c.check(np.array_equal(x.to_local().numpy(), before), f"grid component {s_in} after -> {s_out}")


def block_tensor_data_must_agree():
    c.raises(RuntimeError, "Each rank must have same input sequence or numpy array",
             lambda: flow.tensor([1.0, 2.0 + (rank == 2)], placement=p4, sbp=B), "different data on rank 2")
    c.raises(RuntimeError, "Each rank must have same input sequence or numpy array",
             lambda: flow.tensor(np.full(3, rank, np.int8), placement=p4, sbp=S0), "different numpy arrays")
    # ranks outside the placement may give anything
    t = flow.tensor([1.0, float(rank in (0, 1) or rank * 7)], placement=flow.placement("cpu", [0, 1]), sbp=B)
    c.equal(t.numpy().tolist(), [1.0, 1.0], "only the placement's ranks must agree")
    # byte for byte, as OneFlow's memcmp: -0.0 and 0.0 differ
    c.raises(RuntimeError, "Each rank must have same input sequence or numpy array",
             lambda: flow.tensor([0.0 if rank else -0.0], placement=p4, sbp=B), "signed zeros differ")
    same = flow.tensor([[1, 2], [3, 4], [5, 6], [7, 8]], placement=p4, sbp=S0)
    c.equal(same.numpy().tolist(), [[1, 2], [3, 4], [5, 6], [7, 8]], "the same data everywhere is accepted")


def block_random_partial_sum():
    for name, make in [("rand", lambda s: flow.rand(4, placement=p4, sbp=s)),
                       ("randn", lambda s: flow.randn(4, placement=p4, sbp=s)),
                       ("randint", lambda s: flow.randint(0, 5, (4,), placement=p4, sbp=s))]:
        c.raises(RuntimeError, "random source op only support broadcast or split", lambda: make(P), f"{name} with P")
        c.raises(RuntimeError, "random source op only support broadcast or split",
                 lambda: flow.rand(4, 4, placement=grid, sbp=[S0, P]), f"{name} with (S(0), P)")
        c.equal(tuple(make(S0).shape), (4,), f"{name} with S(0) still works")


def block_factory_argument_classes():
    c.raises(AssertionError, "len(sbp) == len(placement.hierarchy) required",
             lambda: flow.zeros(4, placement=p4, sbp=[B, B]), "wrong-length sbp list")
    c.raises(AssertionError, "sbp: None", lambda: flow.zeros(4, placement=p4), "placement without sbp")
    c.raises(AssertionError, "sbp: None", lambda: flow.ones(4, placement=p4, sbp=None), "sbp=None")
    c.raises(AssertionError, "device and placement can not be given at the same time",
             lambda: flow.ones(4, device="cpu", placement=p4, sbp=B), "device with placement")
    c.raises(AssertionError, "sbp: ", lambda: flow.zeros(4, sbp=B), "sbp without placement")
    c.raises(AssertionError, "sbp: None", lambda: flow.tensor([1, 2], placement=p4), "tensor: placement without sbp")
    c.raises(AssertionError, "sbp: None", lambda: flow.rand(4, placement=p4), "rand: placement without sbp")
    c.raises(RuntimeError, "Converting a local tensor to global tensor must have placement and sbp parameters.",
             lambda: flow.ones(4).to_global(placement=p4), "Tensor.to_global without sbp")


c.run(block_local_inputs_unchanged, "local inputs")
c.run(block_global_inputs_unchanged, "global inputs")
c.run(block_tensor_data_must_agree, "tensor data")
c.run(block_random_partial_sum, "random factories")
c.run(block_factory_argument_classes, "factory arguments")
c.done()
