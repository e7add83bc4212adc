//! The casting copy: `dst[i] = src[i] as D` by PyTorch's conversion rules (see [`crate::element`]).

use crate::element::Element;
use crate::iter::Plan;

/// Copies `src` into `dst` along `plan` (operand 0 is `dst`, operand 1 is `src`), converting each element.
pub fn cast_copy<D: Element, S: Element>(plan: &Plan, dst: &mut [D], src: &[S]) {
    let (ds, ss) = (plan.inner_stride(0), plan.inner_stride(1));
    plan.for_each_run(|offsets, len| {
        let (d0, s0) = (offsets[0], offsets[1]);
        match (ds, ss) {
            (1, 1) => {
                for (d, s) in dst[d0..d0 + len].iter_mut().zip(&src[s0..s0 + len]) {
                    *d = s.cast();
                }
            }
            (1, 0) => dst[d0..d0 + len].fill(src[s0].cast()),
            _ => {
                for i in 0..len {
                    dst[d0 + i * ds] = src[s0 + i * ss].cast();
                }
            }
        }
    });
}
