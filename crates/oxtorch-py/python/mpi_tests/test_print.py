"""Printing global tensors as OneFlow prints them (the values of the logical tensor, then placement, sbp, dtype),
the same text on every rank."""

from _check import Checker, flow, np, rank

c = Checker("print")
p = flow.placement("cpu", [0, 1, 2, 3])


def block():
    x = flow.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]], placement=p, sbp=flow.sbp.split(0))
    c.equal(repr(x), 'tensor([[1., 2.],\n        [3., 4.],\n        [5., 6.],\n        [7., 8.]], '
            'placement=oxtorch.placement(type="cpu", ranks=[0, 1, 2, 3]),\n'
            '       sbp=(oxtorch.sbp.split(dim=0),), dtype=oxtorch.float32)', "2-D float")
    y = flow.ones(4, dtype=flow.int64).to_global(placement=p, sbp=flow.sbp.partial_sum)
    c.equal(repr(y), 'tensor([4, 4, 4, 4],\n       placement=oxtorch.placement(type="cpu", ranks=[0, 1, 2, 3]),\n'
            '       sbp=(oxtorch.sbp.partial_sum,), dtype=oxtorch.int64)', "partial sum prints the sum")
    g = flow.arange(6, placement=flow.placement("cpu", [[0, 1], [2, 3]]), sbp=[flow.sbp.broadcast, flow.sbp.split(0)])
    c.equal(str(g), 'tensor([0, 1, 2, 3, 4, 5],\n       placement=oxtorch.placement(type="cpu", ranks=[[0, 1], [2, 3]]),\n'
            '       sbp=(oxtorch.sbp.broadcast, oxtorch.sbp.split(dim=0)),\n       dtype=oxtorch.int64)', "2-D placement")
    e = flow.zeros(0, 3, placement=flow.placement("cpu", [1, 2]), sbp=flow.sbp.broadcast)
    c.equal(repr(e), 'tensor([], placement=oxtorch.placement(type="cpu", ranks=[1, 2]),\n'
            '       sbp=(oxtorch.sbp.broadcast,), size=(0, 3), dtype=oxtorch.float32)', "empty")
    s = flow.tensor(2.5, placement=p, sbp=flow.sbp.broadcast)
    c.equal(repr(s), 'tensor(2.5000, placement=oxtorch.placement(type="cpu", ranks=[0, 1, 2, 3]),\n'
            '       sbp=(oxtorch.sbp.broadcast,), dtype=oxtorch.float32)', "zero-dim")
    # every rank prints the same text
    text = repr(flow.randn(4, 4, placement=p, sbp=flow.sbp.split(1)))
    codes = flow.tensor([float(sum(map(ord, text)))]).to_global(placement=p, sbp=flow.sbp.split(0)).numpy()
    c.check(len(set(codes.tolist())) == 1, "the same text on every rank")
    c.equal(flow.tensor([1, 2], placement=p, sbp=flow.sbp.broadcast).tolist(), [1, 2], "tolist")
    c.equal(flow.tensor([3.5], placement=p, sbp=flow.sbp.partial_sum).item(), 3.5, "item of a partial sum (the data is the logical value)")
    c.check(np.array_equal(np.asarray(flow.arange(4, placement=p, sbp=flow.sbp.split(0))), np.arange(4)), "__array__")


c.run(block, "printing")
c.done()
