//! Elementwise operations on global tensors: one entry ([`elementwise`]) that decides the result on meta tensors,
//! infers the sbp signature, converts the operands and runs the local operation on every rank's pieces, for the
//! binary operations ([`ops::binary_op`](super::ops::binary_op), signatures from their [`SbpRule`](infer::SbpRule))
//! and those of up to three operands (`where`, the clamps, `addcmul`, `addcdiv`, `lerp`).
//!
//! The signatures of the latter ([`NarySbp`]):
//! * `where` lists OneFlow 0.9's own (`where_op.cpp`): the three tensors split along a dimension they all have with
//!   one size other than 1, then `(B, P, P) -> P` (a condition chooses between two partial sums term by term);
//! * a clamp with number bounds is OneFlow's `clip_by_scalar`: the tensor split along each of its dimensions;
//! * `addcmul` and `addcdiv` are compositions in OneFlow 0.9 (`mul`, `scalar_mul`, `add`), `lerp` and a clamp with
//!   tensor bounds have no OneFlow op: they are one fused operation here (PyTorch's kernel, PyTorch's rounding),
//!   with the signatures of a broadcasting elementwise operation (each tensor split along the result's dimension
//!   where it has it with the result's size, else broadcast) and the partial sums the operation is linear in:
//!   `input + value * tensor1 * tensor2` with `(P, P, B)` and `(P, B, P)`, `input + value * tensor1 / tensor2` with
//!   `(P, P, B)`, `lerp(input, end, weight)` with `(P, P, B)`; none for a clamp.
//!
//! After them "everything broadcast", as OneFlow appends it, and inference chooses as for two operands
//! ([`infer::choose`]). One departure: OneFlow lists `(B, P) -> P` also for `where` with a number (`where_scalar_x`),
//! which would add the number once per rank; a partial-sum signature is listed here only when every operand it
//! makes a partial sum is a tensor.

use super::boxing;
use super::infer::{self, Candidate, Input, Signatures};
use super::ops::{meta, placement_mismatch, GlobalOperand, GlobalOutput};
use super::sbp::{NdSbp, Sbp};
use super::tensor::GlobalTensor;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::tensor::{Operand, Output, Tensor};
use std::sync::Arc;

/// Which dimensions an operation's split signatures use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Splits {
    /// Each dimension of the result that every tensor operand has, with the result's size, not 1 (OneFlow's
    /// `where`; with the condition alone, each of its dimensions).
    Matching,
    /// Each dimension of the result of size other than 1: the operands that have it with that size split, the
    /// others broadcast.
    Broadcasting,
    /// Each dimension of the one tensor operand (OneFlow's `clip_by_scalar`).
    EachAxis,
}

/// The sbp signatures of an elementwise operation of up to three operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarySbp {
    /// The split signatures.
    pub splits: Splits,
    /// The partial-sum signatures, in order: each operand's sbp (`P` or `B`), the result `P`.
    pub partials: &'static [[Sbp; 3]],
}

impl Signatures for NarySbp {
    fn candidates(&self, shapes: &[Option<&[usize]>], out: &[usize]) -> Vec<Candidate> {
        use Sbp::{Broadcast as B, PartialSum as P, Split as S};
        let ndim = out.len();
        // operand k's dimension aligned with the result's dimension i, and its size
        let aligned = |shape: &[usize], i: usize| (i + shape.len()).checked_sub(ndim).map(|d| (d, shape[d]));
        let mut list = Vec::new();
        let tensors = shapes.iter().filter(|s| s.is_some()).count();
        match self.splits {
            Splits::EachAxis | Splits::Matching if tensors == 1 => {
                for i in 0..shapes.iter().flatten().next().map_or(0, |s| s.len()) {
                    list.push(Candidate { inputs: shapes.iter().map(|s| s.map(|_| S(i))).collect(), out: S(i) });
                }
            }
            Splits::EachAxis | Splits::Matching => {
                for i in (0..ndim).filter(|&i| out[i] != 1) {
                    let all = shapes.iter().flatten().all(|s| aligned(s, i).is_some_and(|(_, n)| n == out[i]));
                    if all {
                        let inputs = shapes.iter().map(|s| s.and_then(|s| aligned(s, i)).map(|(d, _)| S(d))).collect();
                        list.push(Candidate { inputs, out: S(i) });
                    }
                }
            }
            Splits::Broadcasting => {
                for i in (0..ndim).filter(|&i| out[i] != 1) {
                    let sbp = |s: &[usize]| match aligned(s, i) {
                        Some((d, n)) if n == out[i] => S(d),
                        _ => B,
                    };
                    list.push(Candidate { inputs: shapes.iter().map(|s| s.map(sbp)).collect(), out: S(i) });
                }
            }
        }
        for pattern in self.partials {
            let applies = pattern.iter().zip(shapes).all(|(sbp, shape)| *sbp != P || shape.is_some());
            if applies {
                let inputs = pattern.iter().zip(shapes).map(|(sbp, shape)| shape.map(|_| *sbp)).collect();
                list.push(Candidate { inputs, out: P });
            }
        }
        list.push(Candidate { inputs: shapes.iter().map(|s| s.map(|_| B)).collect(), out: B });
        list
    }
}

/// `where`'s signatures.
pub const WHERE: NarySbp =
    NarySbp { splits: Splits::Matching, partials: &[[Sbp::Broadcast, Sbp::PartialSum, Sbp::PartialSum]] };
/// A clamp with number bounds (`clip_by_scalar`).
pub const CLIP_BY_SCALAR: NarySbp = NarySbp { splits: Splits::EachAxis, partials: &[] };
/// A clamp with tensor bounds.
pub const CLIP_BY_TENSOR: NarySbp = NarySbp { splits: Splits::Broadcasting, partials: &[] };
/// `addcmul`: linear in the input and either factor.
pub const ADDCMUL: NarySbp = NarySbp {
    splits: Splits::Broadcasting,
    partials: &[[Sbp::PartialSum, Sbp::PartialSum, Sbp::Broadcast], [Sbp::PartialSum, Sbp::Broadcast, Sbp::PartialSum]],
};
/// `addcdiv` and `lerp`: linear in the first two operands together.
pub const LINEAR_IN_FIRST_TWO: NarySbp =
    NarySbp { splits: Splits::Broadcasting, partials: &[[Sbp::PartialSum, Sbp::PartialSum, Sbp::Broadcast]] };

/// An operand of [`elementwise`]: a global tensor, a number, or None for an absent one (a clamp's missing bound).
pub type NaryOperand = Option<GlobalOperand>;

/// The local operation behind a global elementwise operation, over operands as [`elementwise`] hands them (None
/// for an absent one). A closure is one: its result's sizes and dtype are decided by running it on meta tensors.
pub trait LocalOperation {
    /// The operation on one rank's pieces.
    fn run(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<Tensor>;

    /// The result's sizes and dtype, with every error of the operation, from meta tensors of the logical sizes
    /// (and a meta `out=`), before any rank computes.
    fn sizes_and_dtype(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<(Vec<usize>, DType)> {
        let result = self.run(operands, output)?;
        Ok((result.sizes().to_vec(), result.dtype()))
    }
}

impl<F: Fn(&[Option<Operand>], Output<'_>) -> Result<Tensor>> LocalOperation for F {
    fn run(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<Tensor> {
        self(operands, output)
    }
}

/// `name(operands...)` on global tensors into `output`: `local` decides the result's sizes and dtype on meta
/// tensors of the logical sizes (raising PyTorch's errors on every rank alike, before any communication), the
/// signature is chosen among `signatures`, and `local` runs on each rank's pieces in its layout. `args` names the
/// operands in OneFlow's errors, whose positions count the tensor operands (then an `out=` tensor). At least one
/// operand is a global tensor; every rank of the world must call it.
pub fn elementwise(
    name: &str,
    args: &[&str],
    signatures: &dyn Signatures,
    operands: &[NaryOperand],
    output: GlobalOutput<'_>,
    local: impl LocalOperation,
) -> Result<GlobalTensor> {
    let tensor_of = |o: &NaryOperand| match o {
        Some(GlobalOperand::Tensor(t)) => Some(t.clone()),
        _ => None,
    };
    let tensors: Vec<Option<GlobalTensor>> = operands.iter().map(tensor_of).collect();
    let first = tensors
        .iter()
        .flatten()
        .next()
        .ok_or_else(|| Error::Runtime("a global operation needs a global tensor operand".into()))?
        .clone();
    let mut others: Vec<(usize, &GlobalTensor)> = tensors.iter().flatten().enumerate().collect();
    if let GlobalOutput::Out(out) = &output {
        others.push((others.len(), out));
    }
    for (position, t) in others {
        if !Arc::ptr_eq(t.world(), first.world()) {
            return Err(Error::Runtime("global tensors of different worlds cannot be combined".into()));
        }
        if t.placement() != first.placement() {
            return Err(placement_mismatch(&first, t, position));
        }
    }
    let target = match (&output, &tensors[0]) {
        (GlobalOutput::InPlace, None) => {
            return Err(Error::Runtime("an in-place operation needs a tensor to write into".into()))
        }
        (GlobalOutput::InPlace, Some(t)) => Some(t.clone()),
        _ => None,
    };
    // 1. sizes, dtype and PyTorch's errors, on meta tensors of the logical sizes
    let meta_operands: Vec<Option<Operand>> = operands.iter().map(|o| local_operand(o, meta)).collect::<Result<_>>()?;
    let mut meta_out = match &output {
        GlobalOutput::Out(out) => Some(meta(out)?),
        _ => None,
    };
    let meta_output = match (&output, meta_out.as_mut()) {
        (GlobalOutput::InPlace, _) => Output::InPlace,
        (GlobalOutput::Out(_), Some(m)) => Output::Out(m),
        _ => Output::New,
    };
    let (shape, dtype) = local
        .sizes_and_dtype(&meta_operands, meta_output)
        .map_err(|e| super::ops::on_placement_device(e, first.placement()))?;
    // 2. the signature: an in-place target pins its own sbp (and that of an operand that is the target again),
    // an `out=` tensor the result's
    let pin: Option<NdSbp> = match &output {
        GlobalOutput::New => None,
        GlobalOutput::InPlace => target.as_ref().map(|t| t.sbp().into()),
        GlobalOutput::Out(out) => Some(out.sbp().into()),
    };
    let mut constraints = infer::Constraints { out: pin.as_deref(), ..Default::default() };
    if let Some(target) = &target {
        for (k, t) in tensors.iter().enumerate().take(3) {
            let is_target = t.as_ref().is_some_and(|t| t.local().is_same(target.local()) && t.sbp() == target.sbp());
            if is_target {
                constraints.inputs[k] = pin.as_deref();
            }
        }
    }
    let shapes: Vec<Option<&[usize]>> = tensors.iter().map(|t| t.as_ref().map(|t| t.shape())).collect();
    let inputs: Vec<Option<Input>> = tensors
        .iter()
        .map(|t| t.as_ref().map(|t| Input { shape: t.shape(), sbp: t.sbp(), itemsize: t.dtype().itemsize() }))
        .collect();
    let one_d = signatures.candidates(&shapes, &shape);
    let sig = infer::choose(name, args, &one_d, &inputs, first.placement(), constraints)?;
    // 3. the operands in the signature's layout
    let converted: Vec<NaryOperand> = operands
        .iter()
        .enumerate()
        .map(|(k, o)| match (o, sig.input(k)) {
            (Some(GlobalOperand::Tensor(t)), Some(s)) => {
                Ok(Some(GlobalOperand::Tensor(t.to_global(None, Some(s), false)?)))
            }
            _ => Ok(o.clone()),
        })
        .collect::<Result<_>>()?;
    // 4. the local operation on the pieces
    let world = first.world().clone();
    let placement = first.placement().clone();
    let member = placement.parallel_id(world.rank()).is_some();
    let device = placement.device_for(world.local_rank())?;
    let pieces = || -> Result<Vec<Option<Operand>>> {
        converted.iter().map(|o| local_operand(o, |t| Ok(t.local().clone()))).collect()
    };
    match output {
        GlobalOutput::New => {
            let piece = if member {
                local.run(&pieces()?, Output::New)?
            } else {
                boxing::empty_component(shape.len(), dtype, device)?
            };
            Ok(GlobalTensor::from_parts(world, placement, sig.out, shape, dtype, piece))
        }
        GlobalOutput::InPlace => {
            let target = target.ok_or_else(|| Error::Runtime("an in-place operation needs a tensor".into()))?;
            if member {
                let mut pieces = pieces()?;
                let moved = sig.input(0).is_some_and(|s| &s[..] != target.sbp());
                if moved {
                    target.local().copy_(&local.run(&pieces, Output::New)?)?;
                } else {
                    pieces[0] = Some(Operand::Tensor(target.local().clone()));
                    local.run(&pieces, Output::InPlace)?;
                }
            }
            Ok(target)
        }
        GlobalOutput::Out(out) => {
            if member {
                let mut piece = out.local().clone();
                local.run(&pieces()?, Output::Out(&mut piece))?;
                *out = GlobalTensor::from_parts(world, placement, sig.out, shape, out.dtype(), piece);
            } else if out.shape() != &shape[..] {
                let piece = boxing::empty_component(shape.len(), out.dtype(), device)?;
                *out = GlobalTensor::from_parts(world, placement, sig.out, shape, out.dtype(), piece);
            }
            Ok(out.clone())
        }
    }
}

/// An operand as the local operation takes it, its tensor replaced by `tensor(t)` (its meta stand-in or its piece).
fn local_operand(o: &NaryOperand, tensor: impl Fn(&GlobalTensor) -> Result<Tensor>) -> Result<Option<Operand>> {
    Ok(match o {
        Some(GlobalOperand::Tensor(t)) => Some(Operand::Tensor(tensor(t)?)),
        Some(GlobalOperand::Scalar(s)) => Some(Operand::Scalar(*s)),
        None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use Sbp::{Broadcast as B, PartialSum as P, Split as S};

    fn list(sbp: &NarySbp, shapes: &[Option<&[usize]>], out: &[usize]) -> Vec<(Vec<Option<Sbp>>, Sbp)> {
        sbp.candidates(shapes, out).into_iter().map(|c| (c.inputs, c.out)).collect()
    }

    #[test]
    fn where_splits_only_along_dimensions_all_three_share() {
        let (c, x, y): (&[usize], &[usize], &[usize]) = (&[4, 3], &[4, 3], &[3]);
        assert_eq!(
            list(&WHERE, &[Some(c), Some(x), Some(y)], &[4, 3]),
            [
                (vec![Some(S(1)), Some(S(1)), Some(S(0))], S(1)),
                (vec![Some(B), Some(P), Some(P)], P),
                (vec![Some(B), Some(B), Some(B)], B),
            ]
        );
        // a number for `input`: no partial sum made of it
        assert_eq!(
            list(&WHERE, &[Some(c), None, Some(x)], &[4, 3]),
            [
                (vec![Some(S(0)), None, Some(S(0))], S(0)),
                (vec![Some(S(1)), None, Some(S(1))], S(1)),
                (vec![Some(B), None, Some(B)], B),
            ]
        );
        // the condition alone: each of its dimensions
        assert_eq!(list(&WHERE, &[Some(&[1, 2]), None, None], &[1, 2]).len(), 3);
    }

    #[test]
    fn broadcasting_operations_broadcast_what_lacks_the_dimension() {
        let (x, row, col): (&[usize], &[usize], &[usize]) = (&[4, 3], &[3], &[4, 1]);
        assert_eq!(
            list(&ADDCMUL, &[Some(x), Some(row), Some(col)], &[4, 3]),
            [
                (vec![Some(S(0)), Some(B), Some(S(0))], S(0)),
                (vec![Some(S(1)), Some(S(0)), Some(B)], S(1)),
                (vec![Some(P), Some(P), Some(B)], P),
                (vec![Some(P), Some(B), Some(P)], P),
                (vec![Some(B), Some(B), Some(B)], B),
            ]
        );
        // lerp with a number weight keeps (P, P)
        assert_eq!(
            list(&LINEAR_IN_FIRST_TWO, &[Some(x), Some(x), None], &[4, 3])[2],
            (vec![Some(P), Some(P), None], P)
        );
        // clip_by_scalar: every dimension of the tensor, size 1 included
        assert_eq!(list(&CLIP_BY_SCALAR, &[Some(&[1, 3]), None, None], &[1, 3]).len(), 3);
    }
}
