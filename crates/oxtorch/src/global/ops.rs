//! Arithmetic on global tensors: `add`, `sub`, `mul`, `div` between global tensors on one placement and with
//! Python numbers, in place and into `out=` tensors.
//!
//! Each operation first runs on meta tensors of the logical sizes: that decides the result's sizes and dtype with
//! PyTorch's promotion and raises PyTorch's errors, identically on every rank and before any communication. Then
//! [`infer`](super::infer) picks the sbp signature, the operands are converted to it ([`boxing`](super::boxing)), and
//! every rank of the placement runs the local operation on its pieces.

use super::boxing;
use super::infer::SbpRule;
use super::infer::{self, Input};
use super::placement::Placement;
use super::sbp::NdSbp;
use super::tensor::GlobalTensor;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::op::{BinaryOp, UnaryOp, UnaryParameters};
use crate::scalar::Scalar;
use crate::tensor::{factory, ops, Tensor, TensorOptions};
use crate::tensor::{Operand, Output};
use std::sync::Arc;

/// An operand of global arithmetic: a global tensor or a Python-style number.
#[derive(Clone, Debug)]
pub enum GlobalOperand {
    /// A global tensor (dimensioned or zero-dim).
    Tensor(GlobalTensor),
    /// A number.
    Scalar(Scalar),
}

impl From<&GlobalTensor> for GlobalOperand {
    fn from(t: &GlobalTensor) -> Self {
        GlobalOperand::Tensor(t.clone())
    }
}

impl<T: Into<Scalar>> From<T> for GlobalOperand {
    fn from(v: T) -> Self {
        GlobalOperand::Scalar(v.into())
    }
}

impl GlobalOperand {
    fn tensor(&self) -> Option<&GlobalTensor> {
        match self {
            GlobalOperand::Tensor(t) => Some(t),
            GlobalOperand::Scalar(_) => None,
        }
    }
}

/// Where a global result goes.
pub enum GlobalOutput<'a> {
    /// A new global tensor.
    New,
    /// Into the first operand.
    InPlace,
    /// Into a given global tensor (`out=`), which keeps its sbp; one without elements takes the result's sizes.
    Out(&'a mut GlobalTensor),
}

/// A meta tensor with a global tensor's logical sizes and dtype.
pub(super) fn meta(t: &GlobalTensor) -> Result<Tensor> {
    factory::empty(t.shape(), TensorOptions::new().dtype(t.dtype()).device(Device::meta()))
}

fn meta_operand(o: &GlobalOperand) -> Result<Operand> {
    Ok(match o {
        GlobalOperand::Tensor(t) => Operand::Tensor(meta(t)?),
        GlobalOperand::Scalar(s) => Operand::Scalar(*s),
    })
}

/// OneFlow's error for operands on different placements (`positional` counts operands from 0).
pub(super) fn placement_mismatch(a: &GlobalTensor, b: &GlobalTensor, positional: usize) -> Error {
    Error::Runtime(format!(
        "Expected all tensors to be on the same placement, but found at least two placements, {} (positional 0) and {} (positional {positional})!",
        a.placement().repr(),
        b.placement().repr()
    ))
}

/// An error of the meta run that stands for a global operation, as the placement's device gives it: the kernel
/// name in "not implemented" errors names that device, not meta.
pub(super) fn on_placement_device(e: Error, placement: &Placement) -> Error {
    match e {
        Error::NotImplemented(m) => {
            Error::NotImplemented(m.replace("_meta\"", &format!("_{}\"", placement.type_name())))
        }
        other => other,
    }
}

/// What sbp inference needs to know of an operand.
fn input(t: Option<&GlobalTensor>) -> Option<Input<'_>> {
    t.map(|t| Input { shape: t.shape(), sbp: t.sbp(), itemsize: t.dtype().itemsize() })
}

/// `op(lhs, rhs)` on global tensors: the entry point behind every global arithmetic method, function and operator.
/// At least one operand is a global tensor; every rank of the world must call it.
pub fn binary_op(
    op: BinaryOp,
    lhs: &GlobalOperand,
    rhs: &GlobalOperand,
    output: GlobalOutput<'_>,
) -> Result<GlobalTensor> {
    let first = lhs
        .tensor()
        .or(rhs.tensor())
        .ok_or_else(|| Error::Runtime("a global operation needs a global tensor operand".into()))?
        .clone();
    let mut others: Vec<(usize, &GlobalTensor)> = Vec::new();
    if let (Some(_), Some(r)) = (lhs.tensor(), rhs.tensor()) {
        others.push((1, r));
    }
    if let GlobalOutput::Out(out) = &output {
        others.push((others.len() + 1, out));
    }
    for (position, t) in others {
        if !Arc::ptr_eq(t.world(), first.world()) {
            return Err(Error::Runtime("global tensors of different worlds cannot be combined".into()));
        }
        if t.placement() != first.placement() {
            return Err(placement_mismatch(&first, t, position));
        }
    }
    if matches!(output, GlobalOutput::InPlace) && lhs.tensor().is_none() {
        return Err(Error::Runtime("an in-place operation needs a tensor to write into".into()));
    }
    // 1. sizes, dtype and PyTorch's errors, as the placement's device decides them for the logical sizes (meta
    // tensors standing for them)
    let (meta_lhs, meta_rhs) = (meta_operand(lhs)?, meta_operand(rhs)?);
    let mut meta_out = match &output {
        GlobalOutput::Out(out) => Some(meta(out)?),
        _ => None,
    };
    let meta_output = match (&output, meta_out.as_mut()) {
        (GlobalOutput::InPlace, _) => Output::InPlace,
        (GlobalOutput::Out(_), Some(m)) => Output::Out(m),
        _ => Output::New,
    };
    let (shape, dtype) = ops::result_sizes_and_dtype(op, &meta_lhs, &meta_rhs, meta_output)
        .map_err(|e| on_placement_device(e, first.placement()))?;
    let shape = shape.to_vec();
    // 2. the sbp signature: an in-place target pins its own sbp (and the other operand's, when that is the target
    // too, as OneFlow pins a tensor), an `out=` tensor the result's
    let target: Option<NdSbp> = match &output {
        GlobalOutput::New => None,
        GlobalOutput::InPlace => lhs.tensor().map(|t| t.sbp().into()),
        GlobalOutput::Out(out) => Some(out.sbp().into()),
    };
    let in_place = matches!(output, GlobalOutput::InPlace);
    let rhs_is_target = in_place
        && matches!((lhs.tensor(), rhs.tensor()), (Some(l), Some(r)) if l.local().is_same(r.local()) && l.sbp() == r.sbp());
    let constraints = infer::Constraints {
        inputs: [target.as_deref().filter(|_| in_place), target.as_deref().filter(|_| rhs_is_target), None],
        out: target.as_deref(),
    };
    let same_shape = matches!((lhs.tensor(), rhs.tensor()), (Some(l), Some(r)) if l.shape() == r.shape());
    let rule = (op.info().sbp)(op, lhs.tensor().is_some(), rhs.tensor().is_some(), same_shape);
    let sig = infer::infer(rule, input(lhs.tensor()), input(rhs.tensor()), first.placement(), constraints)?;
    // 3. the operands in the signature's layout
    let convert = |o: &GlobalOperand, sbp: &Option<NdSbp>| -> Result<GlobalOperand> {
        Ok(match (o, sbp) {
            (GlobalOperand::Tensor(t), Some(s)) => GlobalOperand::Tensor(t.to_global(None, Some(s), false)?),
            _ => o.clone(),
        })
    };
    let (blhs, brhs) = (convert(lhs, &sig.inputs[0])?, convert(rhs, &sig.inputs[1])?);
    // 4. the local operation on the pieces
    let world = first.world().clone();
    let placement = first.placement().clone();
    let member = placement.parallel_id(world.rank()).is_some();
    let local_operand = |o: &GlobalOperand| match o {
        GlobalOperand::Tensor(t) => Operand::Tensor(t.local().clone()),
        GlobalOperand::Scalar(s) => Operand::Scalar(*s),
    };
    let device = placement.device_for(world.local_rank())?;
    match output {
        GlobalOutput::New => {
            let local = if member {
                ops::binary_op(op, &local_operand(&blhs), &local_operand(&brhs), Output::New)?
            } else {
                boxing::empty_component(shape.len(), dtype, device)?
            };
            Ok(GlobalTensor::from_parts(world, placement, sig.out, shape, dtype, local))
        }
        GlobalOutput::InPlace => {
            let target = lhs.tensor().ok_or_else(|| Error::Runtime("an in-place operation needs a tensor".into()))?;
            if member {
                let converted = blhs.tensor().is_some_and(|b| b.sbp() != target.sbp());
                if converted {
                    let value = ops::binary_op(op, &local_operand(&blhs), &local_operand(&brhs), Output::New)?;
                    target.local().copy_(&value)?;
                } else {
                    ops::binary_op(
                        op,
                        &Operand::Tensor(target.local().clone()),
                        &local_operand(&brhs),
                        Output::InPlace,
                    )?;
                }
            }
            Ok(target.clone())
        }
        GlobalOutput::Out(out) => {
            if member {
                let mut local = out.local().clone();
                ops::binary_op(op, &local_operand(&blhs), &local_operand(&brhs), Output::Out(&mut local))?;
                *out = GlobalTensor::from_parts(world, placement, sig.out, shape, out.dtype(), local);
            } else if out.shape() != &shape[..] {
                let local = boxing::empty_component(shape.len(), out.dtype(), device)?;
                *out = GlobalTensor::from_parts(world, placement, sig.out, shape, out.dtype(), local);
            }
            Ok(out.clone())
        }
    }
}

impl GlobalTensor {
    /// `op(self)` (`sqrt`, `neg`, ...): each rank computes its piece of a split or broadcast layout; a partial
    /// sum is first converted, as OneFlow's sbp signatures of unary elementwise operations list no partial sum.
    /// PyTorch's errors, as for local tensors. Every rank of the world must call it.
    pub fn unary(&self, op: UnaryOp) -> Result<GlobalTensor> {
        self.unary_with(op, UnaryParameters::Default)
    }

    /// [`GlobalTensor::unary`] with `parameters` (`round`'s decimals, `nan_to_num`'s replacements).
    pub fn unary_with(&self, op: UnaryOp, parameters: UnaryParameters) -> Result<GlobalTensor> {
        let dtype = meta(self)?.unary_with(op, parameters)?.dtype();
        let rule = (op.info().oneflow, SbpRule::EachAxis { partial: false });
        let sig = infer::infer(rule, input(Some(self)), None, self.placement(), infer::Constraints::default())?;
        let x = self.to_global(None, sig.input(0).map(|s| &s[..]), false)?;
        let local = match x.parallel_id() {
            Some(_) => x.local().unary_with(op, parameters)?,
            None => boxing::empty_component(self.dim(), dtype, x.local().device())?,
        };
        Ok(GlobalTensor::from_parts(
            self.world().clone(),
            self.placement().clone(),
            sig.out,
            self.shape().to_vec(),
            dtype,
            local,
        ))
    }

    /// `op(self)` in place (`sqrt_`, `neg_`): the tensor keeps its sbp, which OneFlow's signatures must list (a
    /// partial sum has none: OneFlow's "has no maching sbp" error). Returns `self`.
    pub fn unary_(&self, op: UnaryOp) -> Result<GlobalTensor> {
        self.unary_with_(op, UnaryParameters::Default)
    }

    /// [`GlobalTensor::unary_`] with `parameters`.
    pub fn unary_with_(&self, op: UnaryOp, parameters: UnaryParameters) -> Result<GlobalTensor> {
        meta(self)?.unary_with_(op, parameters)?;
        let rule = (op.info().oneflow, SbpRule::EachAxis { partial: false });
        let pinned = infer::Constraints { inputs: [Some(self.sbp()), None, None], out: Some(self.sbp()) };
        infer::infer(rule, input(Some(self)), None, self.placement(), pinned)?;
        if self.parallel_id().is_some() {
            self.local().unary_with_(op, parameters)?;
        }
        Ok(self.clone())
    }

    /// Any arithmetic operation into a new global tensor.
    pub fn binary(&self, op: BinaryOp, other: impl Into<GlobalOperand>) -> Result<GlobalTensor> {
        binary_op(op, &GlobalOperand::Tensor(self.clone()), &other.into(), GlobalOutput::New)
    }

    /// Any arithmetic operation in place (`add_` ...), returning `self`; the result keeps this tensor's sbp.
    pub fn binary_(&self, op: BinaryOp, other: impl Into<GlobalOperand>) -> Result<GlobalTensor> {
        binary_op(op, &GlobalOperand::Tensor(self.clone()), &other.into(), GlobalOutput::InPlace)
    }
}
