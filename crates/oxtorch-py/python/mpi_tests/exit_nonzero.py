"""Expected to fail: rank 2 calls sys.exit(3) after a collective while the others go on to the next one; the job
ends with an error instead of hanging."""

import sys

import oxtorch as flow

p = flow.placement("cpu", [0, 1, 2, 3])
x = flow.ones(8, placement=p, sbp=flow.sbp.split(0)).to_global(sbp=flow.sbp.broadcast)
if flow.env.get_rank() == 2:
    sys.exit(3)
x.to_global(sbp=flow.sbp.partial_sum).to_global(sbp=flow.sbp.broadcast)
print("unreachable: the job should have been aborted", flush=True)
