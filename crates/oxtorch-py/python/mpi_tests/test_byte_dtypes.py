"""Global tensors of bool, int8 and uint8 where some ranks hold nothing: every boxing case between placements of
one rank, of ranks [1, 2], of every rank and 2-D grids, for tensors with and without elements, and arithmetic on
them; partial sums of 8-bit integers wrap and float16 ones round once, whatever the installed MPI does (Open MPI
4.1's `op/avx` component, on by default, saturates 8-bit `MPI_SUM`: oxtorch never asks MPI to add). Each result is
compared with the logical value computed with NumPy from every rank's known local data. Regression tests of the
MPI aborts, saturating sums and the other faults found by running OneFlow 0.9 beside oxtorch."""

import itertools

from _check import Checker, flow, np, rank

c = Checker("byte dtypes")
S0, S1, B, P = flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum
DTYPES = {flow.bool: np.bool_, flow.int8: np.int8, flow.uint8: np.uint8}
ONE_D = [[0], [1], [1, 2], [0, 1, 2, 3]]
GRIDS = [[[0, 1], [2, 3]], [[0, 1]], [[1], [2]]]


def local_data(shape, r, np_dtype):
    """Rank r's local tensor: values that overflow 8 bits when summed over ranks."""
    n = int(np.prod(shape))
    values = (np.arange(n).reshape(shape) * 37 + 90 * r + 100) % 256
    if np_dtype == np.bool_:
        return (values % 3 == 0)
    return values.astype(np.uint8).view(np_dtype) if np_dtype == np.int8 else values.astype(np_dtype)


def combine(parts, sbp, np_dtype):
    """The logical value of rank tensors `parts` (in placement order) under one 1-D sbp."""
    if sbp == P:
        if np_dtype == np.bool_:
            return np.logical_or.reduce(parts)
        return np.add.reduce(np.stack(parts), axis=0, dtype=np_dtype)  # wraps, as PyTorch's integers do
    if sbp == B:
        return parts[0]
    return np.concatenate(parts, axis=0 if sbp == S0 else 1)


def valid(shape, sbps, sizes):
    """Whether every split of `sbps` (one per grid dimension of `sizes`) leaves each rank at least one row."""
    left = list(shape)
    for s, n in zip(sbps, sizes):
        if s in (S0, S1):
            d = 0 if s == S0 else 1
            if left[d] < n:
                return False
            left[d] //= n
    return True


def block_one_d_boxing():
    for dt, np_dt in DTYPES.items():
        for shape in [(4, 4), (0, 4)]:
            for pin, pout in itertools.product(ONE_D, ONE_D):
                p_in, p_out = flow.placement("cpu", pin), flow.placement("cpu", pout)
                for s_in, s_out in itertools.product([S0, S1, B, P], [S0, S1, B, P]):
                    if not (valid(shape, [s_in], [len(pin)]) and valid(shape, [s_out], [len(pout)])):
                        continue
                    what = f"{dt} {shape} {pin} {s_in} -> {pout} {s_out}"
                    t = flow.tensor(local_data(shape, rank, np_dt), dtype=dt)
                    x = t.to_global(placement=p_in, sbp=s_in)
                    y = x.to_global(placement=p_out, sbp=s_out)
                    want = combine([local_data(shape, r, np_dt) for r in pin], s_in, np_dt)
                    got = y.numpy()
                    c.check(got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want), what)


def block_grid_boxing():
    for dt, np_dt in DTYPES.items():
        for ranks in GRIDS:
            grid = flow.placement("cpu", ranks)
            sizes = list(np.array(ranks).shape)
            t = flow.tensor(local_data((4, 4), rank, np_dt), dtype=dt)
            for s_in in itertools.product([S0, B, P], repeat=2):
                if not valid((4, 4), s_in, sizes):
                    continue
                x = t.to_global(placement=grid, sbp=s_in)
                want = x.numpy()
                for s_out in itertools.product([S0, S1, B, P], repeat=2):
                    if not valid(want.shape, s_out, sizes):
                        continue
                    got = x.to_global(sbp=s_out).numpy()
                    c.check(np.array_equal(got, want), f"{dt} grid {ranks} {s_in} -> {s_out}")
                # and onto every 1-D placement
                for pout in ONE_D:
                    got = x.to_global(placement=flow.placement("cpu", pout), sbp=B).numpy()
                    c.check(np.array_equal(got, want), f"{dt} grid {ranks} {s_in} -> {pout} B")


def block_arithmetic():
    for dt, np_dt in DTYPES.items():
        for ranks in ONE_D + GRIDS:
            placement = flow.placement("cpu", ranks)
            ndim = np.array(ranks).ndim
            for shape in [(4, 4), (0, 4)]:
                a, b = local_data(shape, 0, np_dt), local_data(shape, 1, np_dt)
                for sa, sb in itertools.product(itertools.product([S1, B, P], repeat=ndim), repeat=2):
                    x = flow.tensor(a, placement=placement, sbp=sa)
                    y = flow.tensor(b, placement=placement, sbp=sb)
                    for name in ["add", "mul"] + ([] if dt == flow.bool else ["sub"]):
                        got = getattr(flow, name)(x, y).numpy()
                        want = getattr(flow, name)(flow.tensor(a), flow.tensor(b)).numpy()
                        c.check(np.array_equal(got, want), f"{dt} {ranks} {shape} {sa} {name} {sb}")
                    got = (x * 3).numpy() if dt != flow.bool else (x * True).numpy()
                    want = (flow.tensor(a) * (3 if dt != flow.bool else True)).numpy()
                    c.check(np.array_equal(got, want), f"{dt} {ranks} {shape} {sa} times a number")


def block_partial_sums_wrap():
    p = flow.placement("cpu", [0, 1, 2, 3])
    # 64 elements: long enough for the vector paths of MPI's reductions
    t = flow.tensor(np.full(64, 200, np.uint8)).to_global(placement=p, sbp=P)
    c.equal(t.numpy().tolist(), [32] * 64, "uint8: 4 x 200 wraps to 32")
    c.equal(t.to_global(sbp=S0).to_local().numpy().tolist(), [32] * 16, "uint8: reduce-scatter wraps")
    t = flow.tensor(np.full(64, 100, np.int8)).to_global(placement=p, sbp=P)
    c.equal(t.numpy().tolist(), [-112] * 64, "int8: 4 x 100 wraps to -112")
    t = flow.tensor(np.full(64, 30000, np.int16)).to_global(placement=p, sbp=P)
    c.equal(t.numpy().tolist(), [-11072] * 64, "int16: 4 x 30000 wraps")
    # float16 partial sums add in float32 and round once (as torch.stack(parts).sum(0)): 1024 + 3 x 0.5 is
    # 1025.5, which rounds to 1026; adding in float16 step by step would give 1024
    mine = np.full(64, 1024.0 if rank == 0 else 0.5, np.float16)
    t = flow.tensor(mine).to_global(placement=p, sbp=P)
    c.equal(t.numpy().tolist(), [1026.0] * 64, "float16: summed in float32, rounded once")
    c.equal(t.to_global(sbp=S0).to_local().numpy().tolist(), [1026.0] * 16, "float16: reduce-scatter")
    bf = flow.tensor(mine).to(flow.bfloat16).to_global(placement=p, sbp=P)
    c.equal(bf.to_global(sbp=B).to_local().to(flow.float32).tolist(), [1024.0] * 64, "bfloat16: 1025.5 rounds to 1024")
    # every rank gets the same bits
    x = flow.tensor((np.arange(64) * 0.1 + rank).astype(np.float32)).to_global(placement=p, sbp=P)
    bits = x.to_global(sbp=B).to_local().numpy().view(np.uint32)
    gathered = flow.tensor(bits.view(np.int32)).to_global(placement=p, sbp=S0).numpy().reshape(4, 64)
    c.check(all(np.array_equal(gathered[0], g) for g in gathered), "an all-reduce gives every rank the same bits")


def block_oneflow_cases():
    p = flow.placement("cpu", [0, 1, 2, 3])
    # the first case: an int8 tensor on rank 1 alone, broadcast to every rank, and printed
    t = flow.ones(4, dtype=flow.int8, placement=flow.placement("cpu", [1]), sbp=B)
    c.equal(t.to_global(placement=p, sbp=B).to_local().numpy().tolist(), [1, 1, 1, 1], "int8 from rank 1 to all")
    c.check("tensor([1, 1, 1, 1]" in repr(t), "repr of an int8 tensor on one rank")
    empty = flow.zeros(0, dtype=flow.bool, placement=p, sbp=B)
    c.equal(empty.to_global(sbp=P).numpy().tolist(), [], "an empty bool tensor through a partial sum")
    c.equal(tuple(empty.to_global(placement=flow.placement("cpu", [2]), sbp=B).to_local().shape), (0,),
            "an empty bool tensor onto one rank")


c.run(block_one_d_boxing, "1-D boxing")
c.run(block_grid_boxing, "2-D boxing")
c.run(block_arithmetic, "arithmetic")
c.run(block_partial_sums_wrap, "partial sums wrap")
c.run(block_oneflow_cases, "OneFlow's cases")
c.done()
