//! Elementwise operations on global tensors with one or two operands: the binary table's operations (`add`, `mul`,
//! the comparisons, ...) between global tensors on one placement and with Python numbers, in place and into `out=`
//! tensors, and the unary table's.
//!
//! A binary operation runs through [`nary::elementwise`] with its [`SbpRule`]'s signatures: it first decides the
//! result on meta tensors of the logical sizes (PyTorch's promotion and errors, identically on every rank and
//! before any communication), then [`infer`](super::infer) picks the sbp signature, the operands are converted to it
//! ([`boxing`](super::boxing)), and every rank of the placement runs the local operation on its pieces.

use super::infer::SbpRule;
use super::nary::{self, LocalOperation};
use super::placement::Placement;
use super::tensor::GlobalTensor;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::op::{BinaryOp, UnaryOp, UnaryParameters};
use crate::scalar::Scalar;
use crate::tensor::{factory, ops, Tensor, TensorOptions};
use crate::tensor::{Operand, Output};

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

/// OneFlow's error for operands on different placements (`positional` counts the tensor operands from 0, then an
/// `out=` tensor).
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

/// `op(lhs, rhs)` on global tensors: the entry point behind every global arithmetic method, function and operator.
/// At least one operand is a global tensor; every rank of the world must call it.
pub fn binary_op(
    op: BinaryOp,
    lhs: &GlobalOperand,
    rhs: &GlobalOperand,
    output: GlobalOutput<'_>,
) -> Result<GlobalTensor> {
    let same_shape = matches!((lhs.tensor(), rhs.tensor()), (Some(l), Some(r)) if l.shape() == r.shape());
    let (name, rule) = (op.info().sbp)(op, lhs.tensor().is_some(), rhs.tensor().is_some(), same_shape);
    let operands = [Some(lhs.clone()), Some(rhs.clone())];
    nary::elementwise(name, &["x", "y"], &rule, &operands, output, Binary(op))
}

/// The local operation of a binary global operation.
struct Binary(BinaryOp);

impl Binary {
    fn operands(operands: &[Option<Operand>]) -> Result<(&Operand, &Operand)> {
        match operands {
            [Some(lhs), Some(rhs)] => Ok((lhs, rhs)),
            _ => Err(Error::Runtime("internal error: a binary operation without two operands".into())),
        }
    }
}

impl LocalOperation for Binary {
    fn run(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<Tensor> {
        let (lhs, rhs) = Binary::operands(operands)?;
        ops::binary_op(self.0, lhs, rhs, output)
    }

    /// As the placement's device decides them for the logical sizes: the meta tensors stand for those sizes and are
    /// read by the device's rules, not by meta tensors' own (PyTorch's Python references, whose layouts differ).
    fn sizes_and_dtype(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<(Vec<usize>, DType)> {
        let (lhs, rhs) = Binary::operands(operands)?;
        let (shape, dtype) = ops::result_sizes_and_dtype(self.0, lhs, rhs, output)?;
        Ok((shape.to_vec(), dtype))
    }
}

/// The local operation of a unary global operation: the strided operation with `parameters`, its result decided by
/// the placement's device rules (the CPU's kernel checks when `cpu`).
struct Unary {
    op: UnaryOp,
    parameters: UnaryParameters,
    cpu: bool,
}

impl Unary {
    fn operand(operands: &[Option<Operand>]) -> Result<&Tensor> {
        match operands {
            [Some(Operand::Tensor(t))] => Ok(t),
            _ => Err(Error::Runtime("internal error: a unary operation without its tensor".into())),
        }
    }
}

impl LocalOperation for Unary {
    fn run(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<Tensor> {
        crate::tensor::unary::unary_op_with(self.op, self.parameters, Unary::operand(operands)?, output)
    }

    /// As the placement's device decides them for the logical sizes (see [`Binary`]'s): a meta reference's
    /// `out=` errors differ from the device's (`abs` into float64 is "Found dtype Double but expected Float").
    fn sizes_and_dtype(&self, operands: &[Option<Operand>], output: Output<'_>) -> Result<(Vec<usize>, DType)> {
        let x = Unary::operand(operands)?;
        let (shape, dtype) =
            crate::tensor::unary::result_sizes_and_dtype(self.op, self.parameters, x, output, self.cpu)?;
        Ok((shape.to_vec(), dtype))
    }
}

/// `op(x)` with `parameters` on a global tensor into `output`: a new tensor, `x` itself (which keeps its sbp) or
/// an `out=` global tensor (which keeps its sbp and dtype; one without elements takes the result's sizes). Each
/// rank computes its piece of a split or broadcast layout; a partial sum is first converted, as OneFlow's
/// signatures of unary elementwise operations list none (`EachAxis` without `P`), and a partial sum pinned in
/// place or as `out=` gets OneFlow's "has no maching sbp" error. PyTorch's errors as the placement's device gives
/// them, decided on meta tensors of the logical sizes. Every rank of the world must call it.
pub fn unary_op(
    op: UnaryOp,
    parameters: UnaryParameters,
    x: &GlobalTensor,
    output: GlobalOutput<'_>,
) -> Result<GlobalTensor> {
    let local = Unary { op, parameters, cpu: x.placement().type_name() == "cpu" };
    let operands = [Some(GlobalOperand::Tensor(x.clone()))];
    nary::elementwise(op.info().oneflow, &["x"], &SbpRule::EachAxis { partial: false }, &operands, output, local)
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
        unary_op(op, parameters, self, GlobalOutput::New)
    }

    /// `op(self)` in place (`sqrt_`, `neg_`): the tensor keeps its sbp, which OneFlow's signatures must list (a
    /// partial sum has none: OneFlow's "has no maching sbp" error). Returns `self`.
    pub fn unary_(&self, op: UnaryOp) -> Result<GlobalTensor> {
        self.unary_with_(op, UnaryParameters::Default)
    }

    /// [`GlobalTensor::unary_`] with `parameters`.
    pub fn unary_with_(&self, op: UnaryOp, parameters: UnaryParameters) -> Result<GlobalTensor> {
        unary_op(op, parameters, self, GlobalOutput::InPlace)
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
