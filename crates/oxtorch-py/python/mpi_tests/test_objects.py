"""placement, sbp and env objects: constructors, reprs, equality, attributes and errors as OneFlow has them."""

import pickle
import warnings

from _check import Checker, flow, np, rank, world_size

c = Checker("objects")

c.equal(world_size, 4, "world size")
c.equal(flow.env.get_world_size(), 4, "env.get_world_size")
c.check(0 <= rank < 4, "env.get_rank")
c.equal(flow.env.get_local_rank(), rank, "local rank on one machine")

p = flow.placement(type="cuda", ranks=[0, 1, 2, 3])
c.equal(repr(p), 'oxtorch.placement(type="cuda", ranks=[0, 1, 2, 3])', "1-D repr")
p2 = flow.placement(type="cuda", ranks=[[0, 1], [2, 3]])
c.equal(repr(p2), 'oxtorch.placement(type="cuda", ranks=[[0, 1], [2, 3]])', "2-D repr")
c.equal(str(p2), repr(p2), "str")
c.equal(p.type, "cuda", "type")
c.check(isinstance(p.ranks, np.ndarray) and p.ranks.tolist() == [0, 1, 2, 3], "ranks as a NumPy array")
c.equal(p2.ranks.shape, (2, 2), "ranks shape")
c.equal(p2.ranks.dtype, np.int64, "ranks dtype")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    h = p2.hierarchy
c.equal(tuple(h), (2, 2), "hierarchy")
c.check(any("deprecated" in str(w.message) for w in caught), "hierarchy warns as deprecated")
c.check(p != p2, "grids differ")
c.check(flow.placement("cpu", [3, 1, 2, 0]) == flow.placement("cpu", [0, 1, 2, 3]), "ranks are sorted")
c.check(flow.placement("cpu", range(4)) == flow.placement("cpu", np.arange(4)), "ranges and arrays")
c.check(hash(flow.placement("cpu", [0, 1])) == hash(flow.placement("cpu", [0, 1])), "hash")
c.check(flow.placement("cpu", [0, 1]) != flow.placement("cuda", [0, 1]), "types differ")
c.check(pickle.loads(pickle.dumps(p2)) == p2, "pickling a placement")
c.equal(repr(flow.placement.all("cpu")), 'oxtorch.placement(type="cpu", ranks=[0, 1, 2, 3])', "placement.all")
c.equal(flow.env.all_device_placement("cpu"), flow.placement.all("cpu"), "env.all_device_placement")
c.raises(RuntimeError, "Expected one of cpu, cuda device type at start of device string: tpu",
         lambda: flow.placement("tpu", [0]), "bad type")
c.raises(RuntimeError, "placement ranks shoule be an array of long int",
         lambda: flow.placement("cpu", [[0, 1], [2]]), "ragged ranks")
c.raises(RuntimeError, "Can't construct placement with \"cuda\" type because there is no device!",
         lambda: flow.placement.all("cuda"), "placement.all('cuda') without a GPU")

s = flow.sbp.split(0)
c.equal(repr(s), "oxtorch.sbp.split(dim=0)", "split repr")
c.equal(repr(flow.sbp.broadcast()), "oxtorch.sbp.broadcast", "broadcast() repr")
c.equal(repr(flow.sbp.partial_sum()), "oxtorch.sbp.partial_sum", "partial_sum() repr")
c.check(flow.sbp.broadcast() is flow.sbp.broadcast, "calling an sbp returns it")
c.check(flow.sbp.split(1) == flow.sbp.split(dim=1) and flow.sbp.split(1) != flow.sbp.split(0), "split equality")
c.check(isinstance(s, flow.sbp.sbp), "oxtorch.sbp.sbp is the class")
c.check(pickle.loads(pickle.dumps(s)) == s and pickle.loads(pickle.dumps(flow.sbp.partial_sum)) == flow.sbp.partial_sum,
        "pickling sbps")
c.check(len({flow.sbp.split(0), flow.sbp.split(0), flow.sbp.broadcast}) == 2, "sbps hash")
c.raises(RuntimeError, "Split axis must not be negative, but got -1!", lambda: flow.sbp.split(-1), "negative split")
c.raises(RuntimeError, "Expected split axis to be less than the supported maximum axis (6), but got 7!",
         lambda: flow.sbp.split(7), "split too large")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    c.equal(flow.sbp.split(axis=1), flow.sbp.split(1), "deprecated axis=")

c.done()
