"""Boxing, after OneFlow's test_eager_boxing_exhaustive.py and test_eager_boxing.py (their CPU cases): every
(source, destination) sbp pair between 1-D placements of different rank sets, on the 2x2 grid, with special split
dimensions, and OneFlow's overlapping / non-overlapping / contained placement cases; each result is compared with
the source (`y.numpy()` vs `x.numpy()`, OneFlow's check) and with the logical tensor computed independently with
NumPy from every rank's known local data."""

import itertools

from _check import Checker, flow, np, rank

c = Checker("boxing")
sbps = [flow.sbp.split(0), flow.sbp.split(1), flow.sbp.broadcast, flow.sbp.partial_sum]


def local_data(shape, r, dtype=np.float32):
    """Rank r's local tensor: distinct small integers (exact in every dtype)."""
    n = int(np.prod(shape))
    return ((np.arange(n).reshape(shape) * 3 + 7 * r) % 29).astype(dtype)


def logical(shape, placement, sbp):
    """The logical value of `local_data(shape, r)` turned global by each rank r of a 1-D placement."""
    ranks = placement.ranks.tolist()
    parts = [local_data(shape, r) for r in ranks]
    if sbp == flow.sbp.partial_sum:
        return sum(parts)
    if sbp == flow.sbp.broadcast:
        return parts[0]
    return np.concatenate(parts, axis=int(repr(sbp).split("=")[1].rstrip(")")))


def block_1d_exhaustive():
    for shape, in_ranks, out_ranks in itertools.product([(4, 4), (6, 8), (5, 7)], [[0, 1], [1, 2, 3], [0, 1, 2, 3]],
                                                         [[0, 1, 3], [0, 1, 2, 3]]):
        pin, pout = flow.placement("cpu", ranks=in_ranks), flow.placement("cpu", ranks=out_ranks)
        for s_in, s_out in itertools.product(sbps, sbps):
            t = flow.tensor(local_data(shape, rank))
            x = t.to_global(placement=pin, sbp=s_in)
            y = x.to_global(placement=pout, sbp=s_out)
            xs, ys = x.numpy(), y.numpy()
            what = f"{shape} {in_ranks} {s_in} -> {out_ranks} {s_out}"
            c.check(np.allclose(ys, xs, 1e-3, 1e-3), what)
            c.close(xs, logical(shape, pin, s_in), what + " (logical)")


def block_2d_exhaustive():
    shape = (8, 8, 16)
    grid = flow.placement(type="cpu", ranks=[[0, 1], [2, 3]])
    t = flow.tensor(local_data((4, 4, 16), rank))
    for s_in, s_out in itertools.product(itertools.product(sbps, sbps), itertools.product(sbps, sbps)):
        x = t.to_global(placement=grid, sbp=s_in)
        y = x.to_global(placement=grid, sbp=s_out)
        c.check(np.allclose(y.numpy(), x.numpy(), 1e-3, 1e-3), f"2-D {s_in} -> {s_out}")
    del shape


def block_special_split_axes():
    special = [flow.sbp.split(2), flow.sbp.split(3), flow.sbp.broadcast, flow.sbp.partial_sum]
    for in_ranks, out_ranks in itertools.product([[0, 1], [1, 2, 3], [0, 1, 2, 3]], [[0, 1, 3], [0, 1, 2, 3]]):
        pin, pout = flow.placement("cpu", ranks=in_ranks), flow.placement("cpu", ranks=out_ranks)
        t = flow.tensor(local_data((4, 4, 5, 7), rank))
        for s_in, s_out in itertools.product(special, special):
            x = t.to_global(placement=pin, sbp=s_in)
            y = x.to_global(placement=pout, sbp=s_out)
            c.check(np.allclose(y.numpy(), x.numpy(), 1e-3, 1e-3), f"1-D special {in_ranks} {s_in} -> {out_ranks} {s_out}")
    special2 = [flow.sbp.split(2), flow.sbp.split(4), flow.sbp.broadcast, flow.sbp.partial_sum]
    grid = flow.placement("cpu", ranks=[[0, 1], [2, 3]])
    t = flow.tensor(local_data((4, 8, 4, 8, 4), rank))
    for s_in, s_out in itertools.product(itertools.product(special2, special2), itertools.product(special2, special2)):
        x = t.to_global(placement=grid, sbp=s_in)
        y = x.to_global(placement=grid, sbp=s_out)
        c.check(np.allclose(y.numpy(), x.numpy(), 1e-3, 1e-3), f"2-D special {s_in} -> {s_out}")


def block_oneflow_placement_cases():
    # test_eager_boxing.py: non-overlapping [0,1] -> [2,3], overlapping [0,1,3] -> [2,3], contained [0,1,3] -> [1,3],
    # containing [0,1,3] -> [0,1,2,3], each from P, B, S(0), S(1) to S(1), S(0), B, P
    cases = [([0, 1], [2, 3]), ([0, 1, 3], [2, 3]), ([0, 1, 3], [1, 3]), ([0, 2, 1, 3], [1, 3]), ([0, 1, 3], [0, 1, 2, 3])]
    np_arr = np.array([[4, 6, 5, 20], [6, 8, 9, 0], [3, 7, 5, 0], [6, 8, 9, 0]], dtype=np.float32)
    for src, dst in cases:
        pin, pout = flow.placement("cpu", ranks=src), flow.placement("cpu", ranks=dst)
        tensor = flow.tensor(np_arr)
        for s_in in sbps:
            for s_out in sbps:
                x = tensor.to_global(pin, s_in)
                y = x.to_global(pout, s_out)
                expected = logical_of(np_arr, pin, s_in)
                c.close(y.numpy(), expected, f"{src} {s_in} -> {dst} {s_out}")
                local = y.to_local().numpy()
                if rank in dst and s_out != flow.sbp.partial_sum:
                    i = sorted(dst).index(rank)
                    c.close(local, piece(expected, s_out, i, len(dst)), f"{src} {s_in} -> {dst} {s_out}: local piece")
                if rank not in dst:
                    c.equal(local.size, 0, "no component outside the placement")


def logical_of(arr, placement, sbp):
    n = placement.ranks.size
    if sbp == flow.sbp.partial_sum:
        return arr * n
    if sbp == flow.sbp.broadcast:
        return arr
    axis = int(repr(sbp).split("=")[1].rstrip(")"))
    return np.concatenate([arr] * n, axis=axis)


def piece(arr, sbp, i, n):
    if sbp == flow.sbp.broadcast:
        return arr
    axis = int(repr(sbp).split("=")[1].rstrip(")"))
    return np.array_split(arr, n, axis=axis)[i]


def block_dtypes():
    p = flow.placement("cpu", [0, 1, 2, 3])
    dtypes = [flow.bool, flow.uint8, flow.int8, flow.int16, flow.int32, flow.int64, flow.float16, flow.bfloat16,
              flow.float32, flow.float64, flow.complex64, flow.complex128]
    base = flow.tensor(local_data((5, 6), rank, np.int64))
    for dt in dtypes:
        t = base.to(dt) if dt != flow.bool else flow.tensor((local_data((5, 6), rank, np.int64) % 2) == 1)
        for s_in, s_out in itertools.product(sbps, sbps):
            x = t.to_global(placement=p, sbp=s_in)
            y = x.to_global(sbp=s_out)
            c.equal(y.dtype, dt, f"{dt} dtype kept")
            c.check(y.tolist() == x.tolist(), f"{dt} {s_in} -> {s_out}")
    # float16 partial sums are reduced in float32 and rounded once
    h = flow.full((4,), 1000.0 if rank == 0 else 0.25, dtype=flow.float16).to_global(placement=p, sbp=flow.sbp.partial_sum)
    c.equal(h.to_global(sbp=flow.sbp.broadcast).to_local().tolist(), [1001.0] * 4, "float16 P -> B rounds once")


c.run(block_1d_exhaustive, "1-D exhaustive")
c.run(block_2d_exhaustive, "2-D exhaustive")
c.run(block_special_split_axes, "special split axes")
c.run(block_oneflow_placement_cases, "OneFlow placement cases")
c.run(block_dtypes, "dtypes")
c.done()
