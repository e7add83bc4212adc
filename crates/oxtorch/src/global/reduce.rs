//! Reductions of global tensors, by OneFlow's sbp signatures of `reduce_sum`: each rank reduces its own piece, so
//! a dimension split across ranks and reduced gives a `partial_sum` with no communication, a kept split dimension
//! stays split (renumbered when reduced dimensions before it are dropped), and a broadcast stays broadcast.
//!
//! Only the sums (`sum`, `mean`: a sum divided by the logical count, which a partial sum passes through) are linear;
//! every other reduction (`prod`, `amax`, `all`, `argmax`, `max` over a dimension, `nansum`, whose NaN test does
//! not commute with a sum) first boxes the axes whose pieces it cannot combine, a reduced split or a partial sum,
//! to broadcast (OneFlow's sbp has no partial max), and then reduces locally. Errors are PyTorch's as the CPU raises
//! them, decided on a meta tensor of the logical sizes before any rank communicates.

use super::ops::meta;
use super::sbp::{NdSbp, Sbp};
use super::{boxing, GlobalTensor};
use crate::dtype::DType;
use crate::error::Result;
use crate::op::ReduceOp;
use crate::tensor::meta::checked_as_cpu;
use crate::tensor::reduce::{divided_sum, max_min_dim, reduce as strided_reduce, reduced_count, reduced_dims};
use crate::tensor::{Output, Tensor};

/// Whether a reduction commutes with summing the ranks' pieces (a partial sum passes through it).
fn linear(op: ReduceOp) -> bool {
    matches!(op, ReduceOp::Sum | ReduceOp::Mean)
}

/// The input sbp the local reduction needs (pieces it cannot combine boxed to broadcast) and the result's sbp.
fn signature(op: ReduceOp, sbp: &[Sbp], reduced: &[bool], keepdim: bool) -> (NdSbp, NdSbp) {
    let (mut input, mut result) = (NdSbp::new(), NdSbp::new());
    for &s in sbp {
        let (i, r) = match s {
            Sbp::Split(d) if reduced.get(d).copied().unwrap_or(true) => {
                if linear(op) {
                    (s, Sbp::PartialSum)
                } else {
                    (Sbp::Broadcast, Sbp::Broadcast)
                }
            }
            Sbp::Split(d) => {
                let dropped = if keepdim { 0 } else { reduced[..d].iter().filter(|&&r| r).count() };
                (s, Sbp::Split(d - dropped))
            }
            Sbp::PartialSum if linear(op) => (s, Sbp::PartialSum),
            Sbp::PartialSum | Sbp::Broadcast => (Sbp::Broadcast, Sbp::Broadcast),
        };
        input.push(i);
        result.push(r);
    }
    (input, result)
}

/// `x` with sbp `sbp` (itself when it has it).
fn boxed(x: &GlobalTensor, sbp: &[Sbp]) -> Result<GlobalTensor> {
    if x.sbp() == sbp {
        return Ok(x.clone());
    }
    boxing::to_global(x, x.placement(), sbp)
}

/// The global tensor of `like`'s world and placement with sbp `sbp`, logical sizes and dtype from `logical` (a
/// meta tensor), and this rank's piece `local` (an empty component on a rank outside the placement).
fn assemble(like: &GlobalTensor, sbp: NdSbp, logical: &Tensor, local: Option<Tensor>) -> Result<GlobalTensor> {
    let local = match local {
        Some(t) => t,
        None => boxing::empty_component(logical.dim(), logical.dtype(), like.local().device())?,
    };
    Ok(GlobalTensor::from_parts(
        like.world().clone(),
        like.placement().clone(),
        sbp,
        logical.sizes().to_vec(),
        logical.dtype(),
        local,
    ))
}

/// `op(x)` over `dims` (None: all) with `keepdim` and `dtype=` (see [`crate::tensor::reduce::reduce`]) on a
/// global tensor. Every rank of the world must call it.
pub fn reduce(
    op: ReduceOp,
    x: &GlobalTensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<GlobalTensor> {
    let logical = checked_as_cpu(|| strided_reduce(op, &meta(x)?, dims, keepdim, dtype, Output::New))?;
    let reduced = match op {
        // max()/min() of every element, argmax() of the flattened tensor
        ReduceOp::Max | ReduceOp::Min => vec![true; x.dim()],
        _ => reduced_dims(x.dim(), dims)?,
    };
    let (input_sbp, result_sbp) = signature(op, x.sbp(), &reduced, keepdim);
    let input = boxed(x, &input_sbp)?;
    let local = match input.parallel_id() {
        None => None,
        Some(_) if op == ReduceOp::Mean => {
            // the sum of the pieces, divided by the logical count: a partial sum divides piece by piece
            let count = reduced_count(x.shape(), &reduced);
            Some(divided_sum(input.local(), dims, keepdim, logical.dtype(), count)?)
        }
        Some(_) => Some(strided_reduce(op, input.local(), dims, keepdim, dtype, Output::New)?),
    };
    assemble(x, result_sbp, &logical, local)
}

/// `max`/`min` over `dim` of a global tensor: the values and the indices, with one sbp (a split `dim` is boxed
/// to broadcast first, so that each rank's indices count along the whole dimension). Every rank must call it.
pub fn max_min_dim_global(
    op: ReduceOp,
    x: &GlobalTensor,
    dim: i64,
    keepdim: bool,
) -> Result<(GlobalTensor, GlobalTensor)> {
    let (values, indices) = checked_as_cpu(|| max_min_dim(op, &meta(x)?, dim, keepdim, None))?;
    let reduced = reduced_dims(x.dim(), Some(&[dim]))?;
    let (input_sbp, result_sbp) = signature(op, x.sbp(), &reduced, keepdim);
    let input = boxed(x, &input_sbp)?;
    let (v, i) = match input.parallel_id() {
        None => (None, None),
        Some(_) => {
            let (v, i) = max_min_dim(op, input.local(), dim, keepdim, None)?;
            (Some(v), Some(i))
        }
    };
    Ok((assemble(x, result_sbp.clone(), &values, v)?, assemble(x, result_sbp, &indices, i)?))
}
