//! Global tensors: OneFlow's placement and SBP. A global tensor's logical value is spread over the ranks of a
//! [`Placement`] (a device type and a 1-D list or N-D grid of ranks) by one [`Sbp`] per grid dimension: split along a
//! tensor dimension, broadcast, or partial sum. Each rank holds its *local component*, an ordinary [`Tensor`].
//!
//! The layer sits above `tensor/`: it decides the layout of shards, converts between layouts with the collective
//! each conversion needs ([`boxing`]), infers the layout of arithmetic results as OneFlow does ([`infer`]), and then
//! calls local tensor operations on the shards (promotion stays where it lives, in `promotion.rs` and `iter`).
//! Communication goes through the [`comm::Collectives`] trait: MPI in production, a world of threads in tests.
//!
//! Every rank of a world runs the same program (SPMD): every rank, holding a component or not, makes the same
//! global calls in the same order. Operations that can see different data on different ranks (creating a global
//! tensor from local ones) exchange their metadata first, so that every rank reports the same error rather than
//! some ranks waiting for the others.
//!
//! ## Where this departs from OneFlow
//!
//! * Promotion, casting and errors of arithmetic are PyTorch's, as for local tensors (OneFlow's document shows
//!   `int32 + int64 zero-dim -> int64`; PyTorch gives int32).
//! * Every conversion between sbps is supported: OneFlow refuses some N-D conversions it has no boxing for; here
//!   those that cannot run grid dimension by grid dimension go through the general path. SBP inference makes
//!   OneFlow's choices ([`infer`]), with every conversion priced as supported; an `out=` tensor (OneFlow has
//!   none) pins the result's sbp.
//! * Partial sums are added by oxtorch in rank order with PyTorch's arithmetic ([`comm::reduce`]), not by the
//!   communication library; float16/bfloat16 ones in float32, rounded once.
//! * `oxtorch.tensor(data, placement=, sbp=)` with different data on different ranks is OneFlow's error on every
//!   rank of the world (OneFlow raises it on the ranks whose predecessor in the placement differs).
//! * Random factories on a placement draw the whole logical tensor from one seed (the placement's first rank's) and
//!   keep each rank's piece, so the logical value does not depend on the sbp; OneFlow draws per rank.
//! * A split dimension smaller than its grid dimension is OneFlow's error, reported with OneFlow's N-D message also
//!   for 1-D placements (OneFlow's 1-D check prints a bare `Check failed`).
//! * The repr wraps at 80 columns, as PyTorch's does; OneFlow takes the terminal's width.
//! * No autograd: `grad_sbp=` is accepted and ignored.
//!
//! [`Tensor`]: crate::Tensor

pub mod boxing;
pub mod comm;
pub mod infer;
pub mod join;
pub mod nary;
pub mod ops;
pub mod placement;
pub mod reduce;
pub mod sbp;
pub mod shard;
pub mod tensor;

pub use comm::{default_world, Collectives, World};
pub use ops::GlobalOperand;
pub use placement::Placement;
pub use sbp::{NdSbp, Sbp};
pub use tensor::GlobalTensor;

/// OneFlow's text of a shape: `(2,3)`, `(4,)`, `()`.
pub fn fmt_shape(sizes: &[usize]) -> String {
    match sizes {
        [one] => format!("({one},)"),
        _ => format!("({})", sizes.iter().map(usize::to_string).collect::<Vec<_>>().join(",")),
    }
}
