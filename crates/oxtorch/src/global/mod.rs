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
//! [`Tensor`]: crate::Tensor

pub mod boxing;
pub mod comm;
pub mod infer;
pub mod ops;
pub mod placement;
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
