//! `cat` and `stack` of global tensors, by OneFlow 0.9's sbp signatures of `concat` (`concat_op.cpp`) and `stack`
//! (`stack_op.cpp`): every input split along the same dimension other than the joined one gives a result split
//! there (renumbered past a new dimension for `stack`), every input a partial sum gives a partial sum (joining is
//! linear), and "everything broadcast" last; inference chooses among them as for every other operation
//! ([`infer::choose`]). Each rank then joins its own pieces with the strided function, so no rank sees another's
//! data unless a boxing moves it. 1-D empty inputs (which `cat` skips) are broadcast in the split signatures.
//!
//! The result's sizes, dtype and PyTorch's errors are decided first, on meta tensors of the logical sizes with the
//! CPU's checks, identically on every rank.

use super::infer::{self, Candidate, Input, Signatures};
use super::ops::{meta, on_placement_device, placement_mismatch};
use super::sbp::Sbp;
use super::{boxing, GlobalTensor};
use crate::error::{Error, Result};
use crate::shape::wrap_dim;
use crate::tensor::join;
use crate::tensor::meta::checked_as_cpu;
use crate::tensor::{Output, Tensor};
use std::sync::Arc;

/// Which joining function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Joining {
    /// `cat` along an existing dimension.
    Cat,
    /// `stack` along a new dimension.
    Stack,
}

/// The signatures of joining inputs along `axis` (a dimension of the inputs for `cat`, of the result for
/// `stack`).
struct JoinSbp {
    joining: Joining,
    axis: usize,
}

impl Signatures for JoinSbp {
    fn candidates(&self, shapes: &[Option<&[usize]>], out: &[usize]) -> Vec<Candidate> {
        let skipped = |s: &[usize]| self.joining == Joining::Cat && s.len() == 1 && s[0] == 0;
        let rank = out.len() - usize::from(self.joining == Joining::Stack);
        let mut list = Vec::new();
        for d in (0..rank).filter(|&d| self.joining == Joining::Stack || d != self.axis) {
            let inputs = shapes.iter().map(|s| s.map(|s| if skipped(s) { Sbp::Broadcast } else { Sbp::Split(d) }));
            let out_dim = if self.joining == Joining::Stack && d >= self.axis { d + 1 } else { d };
            list.push(Candidate { inputs: inputs.collect(), out: Sbp::Split(out_dim) });
        }
        list.push(Candidate {
            inputs: shapes.iter().map(|s| s.map(|_| Sbp::PartialSum)).collect(),
            out: Sbp::PartialSum,
        });
        list.push(Candidate {
            inputs: shapes.iter().map(|s| s.map(|_| Sbp::Broadcast)).collect(),
            out: Sbp::Broadcast,
        });
        list
    }
}

/// `torch.cat` / `torch.stack` of global tensors along `dim` (a new tensor). Every rank of the world must call it.
pub fn join(joining: Joining, tensors: &[&GlobalTensor], dim: i64) -> Result<GlobalTensor> {
    let local = |pieces: &[&Tensor], output: Output<'_>| match joining {
        Joining::Cat => join::cat(pieces, dim, output),
        Joining::Stack => join::stack(pieces, dim, output),
    };
    // 1. sizes, dtype and PyTorch's errors (an empty list included), on meta tensors of the logical sizes
    let metas: Vec<Tensor> = tensors.iter().map(|t| meta(t)).collect::<Result<_>>()?;
    let meta_refs: Vec<&Tensor> = metas.iter().collect();
    let Some(first) = tensors.first() else {
        return Err(checked_as_cpu(|| local(&meta_refs, Output::New))
            .err()
            .unwrap_or_else(|| Error::Runtime("internal error: joining no tensors".into())));
    };
    for (position, t) in tensors.iter().enumerate().skip(1) {
        if !Arc::ptr_eq(t.world(), first.world()) {
            return Err(Error::Runtime("global tensors of different worlds cannot be combined".into()));
        }
        if t.placement() != first.placement() {
            return Err(placement_mismatch(first, t, position));
        }
    }
    let logical =
        checked_as_cpu(|| local(&meta_refs, Output::New)).map_err(|e| on_placement_device(e, first.placement()))?;
    // 2. the signature
    let axis = match joining {
        Joining::Stack => wrap_dim(dim, logical.dim().max(1))?,
        // a result of every input skipped is [0]: nothing to split, the dimension is irrelevant
        Joining::Cat => wrap_dim(dim, logical.dim()).unwrap_or(0),
    };
    let shapes: Vec<Option<&[usize]>> = tensors.iter().map(|t| Some(t.shape())).collect();
    let inputs: Vec<Option<Input>> = tensors
        .iter()
        .map(|t| Some(Input { shape: t.shape(), sbp: t.sbp(), itemsize: t.dtype().itemsize() }))
        .collect();
    let one_d = JoinSbp { joining, axis }.candidates(&shapes, logical.sizes());
    let name = match joining {
        Joining::Cat => "concat",
        Joining::Stack => "stack",
    };
    let args: Vec<String> = (0..tensors.len()).map(|k| format!("in_{k}")).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let sig = infer::choose(name, &args, &one_d, &inputs, first.placement(), Default::default())?;
    // 3. the inputs in the signature's layout, joined piece by piece
    let converted: Vec<GlobalTensor> = tensors
        .iter()
        .enumerate()
        .map(|(k, t)| t.to_global(None, sig.input(k).map(|s| &s[..]), false))
        .collect::<Result<_>>()?;
    let world = first.world().clone();
    let placement = first.placement().clone();
    let piece = if placement.parallel_id(world.rank()).is_some() {
        let pieces: Vec<&Tensor> = converted.iter().map(GlobalTensor::local).collect();
        local(&pieces, Output::New)?
    } else {
        boxing::empty_component(logical.dim(), logical.dtype(), placement.device_for(world.local_rank())?)?
    };
    Ok(GlobalTensor::from_parts(world, placement, sig.out, logical.sizes().to_vec(), logical.dtype(), piece))
}
