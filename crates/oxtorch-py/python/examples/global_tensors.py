"""The README's global-tensor example: run with `mpirun -n 4 .venv/bin/python global_tensors.py`."""

import oxtorch as flow

placement = flow.placement("cpu", ranks=[0, 1, 2, 3])
x = flow.arange(8, dtype=flow.float32, placement=placement, sbp=flow.sbp.split(0))
print(flow.env.get_rank(), x.to_local())      # rank r holds [2r, 2r + 1]: tensor([0., 1.]) on rank 0
y = x.to_global(sbp=flow.sbp.broadcast)       # all-gather: every rank holds all 8 values
z = x * 2 + y                                 # S(0) * 2 -> S(0); S(0) + B -> B, as OneFlow chooses it
print(z.sbp)                                  # (oxtorch.sbp.broadcast,)
p = flow.ones(8, placement=placement, sbp=flow.sbp.partial_sum)
print(p.to_global(sbp=flow.sbp.split(0)).to_local())    # reduce-scatter: tensor([1., 1.]) on every rank
print(z)   # every rank prints the logical tensor (a collective: every rank must print)
