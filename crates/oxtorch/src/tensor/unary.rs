//! Elementwise operations of one tensor on strided tensors (CPU, CUDA, meta): the result dtype, the `out=` and
//! in-place rules of the operation's [`UnaryKind`], PyTorch's overlap checks and dtype errors in its order, then
//! the kernel (`backend::unary`). Sparse and global tensors reach these through `dispatch::unary`.
//!
//! The order of checks, as PyTorch 2.15 makes them (recorded in `tests/data/unary.json`): the operation's meta
//! function's dtype check (`floor is not supported for complex inputs`); overlap (an output that overlaps itself,
//! or partially overlaps the input); the output's dtype against the result's; then the kernel's dtype check (`"frac_cpu" not implemented for 'Int'`). Meta tensors follow PyTorch's references
//! instead, whose checks differ (the row's `meta`; `tensor/meta.rs`).

use super::operand::Output;
use super::Tensor;
use crate::backend::{self, Arg, UnaryCall};
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, PlanInput};
use crate::memory_format::MemoryFormat;
use crate::op::{UnaryKind, UnaryOp};
use crate::promotion::can_cast;
use crate::scalar::Scalar;

/// The dtype of `op`'s result for an input of `dtype` (before any `out=` or in-place target takes it).
pub fn result_dtype(op: UnaryOp, dtype: DType) -> Result<DType> {
    Ok(match op.info().kind {
        UnaryKind::Float => iter::computation_dtype(dtype, true),
        UnaryKind::Same | UnaryKind::Identity => dtype,
        UnaryKind::Abs => dtype.to_real(),
        UnaryKind::Square => crate::promotion::result_type(&[
            crate::promotion::Operand::Dimensioned(dtype),
            crate::promotion::Operand::Scalar(Scalar::Int(2)),
        ])?,
        UnaryKind::Predicate | UnaryKind::Composite | UnaryKind::Logical => DType::Bool,
    })
}

/// The dtype the kernel reads the input as: the result's, except where the result is bool or real.
pub fn kernel_dtype(op: UnaryOp, input: DType, result: DType) -> DType {
    match op.info().kind {
        UnaryKind::Float | UnaryKind::Square => result,
        _ => input,
    }
}

/// The check of an `out=` or in-place target's dtype by the operation's kind (strided devices).
fn check_target(op: UnaryOp, result: DType, target: DType, in_place: bool) -> Result<()> {
    match op.info().kind {
        UnaryKind::Float | UnaryKind::Square if !can_cast(result, target) => runtime_err!(
            "result type {} can't be cast to the desired output type {}",
            result.scalar_type_name(),
            target.scalar_type_name()
        ),
        UnaryKind::Same | UnaryKind::Abs if target != result && !in_place => {
            runtime_err!("Found dtype {} but expected {}", target.scalar_type_name(), result.scalar_type_name())
        }
        UnaryKind::Abs if in_place && target.is_complex() => {
            runtime_err!("In-place abs is not supported for complex tensors.")
        }
        UnaryKind::Predicate if target != DType::Bool => {
            runtime_err!("{} does not support non-boolean outputs.", op.name())
        }
        _ => Ok(()),
    }
}

/// `op(x)` into `output` (see the module documentation).
pub fn unary_op(op: UnaryOp, x: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let info = op.info();
    let meta = x.is_meta() || matches!(&output, Output::Out(t) if t.is_meta());
    if let (UnaryKind::Identity, Output::New) = (info.kind, &output) {
        (info.early_check)(op, x.dtype())?;
        return Ok(x.clone());
    }
    match (&output, info.kind.has_out(), info.inplace) {
        (Output::Out(_), false, _) => {
            return Err(Error::Type(format!("{}() got an unexpected keyword argument 'out'", op.name())))
        }
        (Output::InPlace, _, None) => {
            return Err(Error::Type(format!("'Tensor' object has no in-place method '{}_'", op.name())))
        }
        _ => {}
    }
    // the meta function's own check, then the iterator's overlap checks (meta tensors follow the reference's rules)
    if !meta {
        (info.early_check)(op, x.dtype())?;
    }
    match &output {
        Output::InPlace => iter::assert_no_internal_overlap(x.into())?,
        Output::Out(out) if out.numel() > 0 => {
            iter::assert_no_internal_overlap((&**out).into())?;
            iter::assert_no_partial_overlap((&**out).into(), x.into())?;
        }
        _ => {}
    }
    let result = result_dtype(op, x.dtype())?;
    let target = match &output {
        Output::InPlace => Some(x.dtype()),
        Output::Out(out) => Some(out.dtype()),
        Output::New => None,
    };
    if meta {
        // PyTorch's reference decides, with checks of its own
        return super::meta::unary(op, x, output);
    }
    if let Some(target) = target {
        check_target(op, result, target, matches!(output, Output::InPlace))?;
    }
    if x.device().is_cpu() {
        // the CPU kernel's dtypes; a CUDA kernel's are its formulas' (`backend/cuda/formulas.rs`)
        (info.late_check)(op, x.dtype())?;
    }
    let out = match output {
        Output::New => {
            let strides = iter::unary_output_strides(x.sizes(), x.strides());
            super::factory::empty_strided(x.sizes(), &strides, (result, x.device()))?
        }
        Output::InPlace => x.clone(),
        Output::Out(slot) => {
            if slot.device() != x.device() {
                runtime_err!(
                    "Expected all tensors to be on the same device, but found at least two devices, {} and {}!",
                    x.device(),
                    slot.device()
                )
            }
            if slot.sizes() != x.sizes() {
                let strides = iter::unary_output_strides(x.sizes(), x.strides());
                *slot = super::factory::empty_strided(x.sizes(), &strides, (slot.dtype(), slot.device()))?;
            }
            slot.clone()
        }
    };
    if out.numel() == 0 {
        return Ok(out);
    }
    let dtype = kernel_dtype(op, x.dtype(), result);
    let input = if out.is_same(x) {
        None
    } else if iter::needs_private_copy(x.into(), (&out).into()) {
        Some(x.clone_in(MemoryFormat::Contiguous)?)
    } else {
        Some(x.clone())
    };
    let plan = iter::binary_plan(
        (&out).into(),
        input.as_ref().map_or(PlanInput::Output, |t| PlanInput::Tensor(t.into())),
        PlanInput::Value,
    );
    let call = UnaryCall {
        op,
        dtype,
        plan: &plan,
        out: out.storage(),
        input: input.as_ref().map_or(Arg::Output, |t| Arg::Storage(t.storage())),
    };
    backend::unary(&call)?;
    Ok(out)
}

impl Tensor {
    /// Any unary operation of the table (`UnaryOp::Sqrt`, ...) into a new tensor.
    pub fn unary(&self, op: UnaryOp) -> Result<Tensor> {
        unary_op(op, self, Output::New)
    }

    /// Any unary operation of the table in place, returning `self`.
    pub fn unary_(&self, op: UnaryOp) -> Result<Tensor> {
        unary_op(op, self, Output::InPlace)
    }

    /// Any unary operation of the table into `out` (resized as PyTorch resizes an `out=` tensor).
    pub fn unary_out(&self, op: UnaryOp, out: &mut Tensor) -> Result<Tensor> {
        unary_op(op, self, Output::Out(out))
    }
}
