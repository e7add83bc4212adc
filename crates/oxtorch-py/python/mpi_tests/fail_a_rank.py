"""Expected to fail: rank 1 raises while the others wait in a collective. The whole job must end with an error
(MPI_Abort from oxtorch's exit hook) instead of hanging."""

import oxtorch as flow

p = flow.placement("cpu", [0, 1, 2, 3])
x = flow.ones(8, placement=p, sbp=flow.sbp.split(0))
if flow.env.get_rank() == 1:
    raise RuntimeError("rank 1 fails on purpose")
y = x.to_global(sbp=flow.sbp.broadcast)  # ranks 0, 2, 3 wait here for rank 1
print("unreachable: the job should have been aborted", flush=True)
