//! Arithmetic: `add`, `sub`, `mul`, `div` between tensors and Python-style numbers, with PyTorch's promotion,
//! in place (`add_` ...) and into `out=` tensors. The iterator ([`crate::iter::BinaryIter`]) decides shapes,
//! dtypes, devices, strides and overlap; this file checks each operation's own rules (bool subtraction, alpha,
//! rounding modes), allocates the output, and hands the kernel call to the backend of the output's device.

use super::{Operand, Output, Tensor};
use crate::backend::{self, Arg, BinaryCall};
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, BinaryIter, Destination, IterOutput, PlanInput, TensorView};
use crate::memory_format::MemoryFormat;
use crate::scalar::Scalar;

pub use crate::op::{BinaryOp, RoundingMode};

/// The kernel name PyTorch reports when a dtype has no kernel, e.g. `"div_trunc_cpu" not implemented for 'Bool'`.
fn not_implemented(kernel: &str, dtype: DType) -> Error {
    Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name()))
}

/// PyTorch's `sub_check`: no subtraction with bool operands.
fn check_sub(lhs: &Operand, rhs: &Operand) -> Result<()> {
    check_sub_dtypes(lhs.dtype(), rhs.dtype())
}

/// PyTorch's `sub_check` on the operands' dtypes (shared with the sparse operations).
pub(crate) fn check_sub_dtypes(lhs: DType, rhs: DType) -> Result<()> {
    let (a, b) = (lhs == DType::Bool, rhs == DType::Bool);
    let message = if a && b {
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."
    } else if a || b {
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
    } else {
        return Ok(());
    };
    Err(Error::NotImplemented(message.into()))
}

/// PyTorch's `alpha_check` against the result dtype (shared with the sparse operations).
pub(crate) fn check_alpha(dtype: DType, alpha: &Scalar) -> Result<()> {
    if matches!(alpha, Scalar::Bool(_)) && dtype != DType::Bool {
        runtime_err!("Boolean alpha only supported for Boolean results.")
    }
    if !(dtype.is_floating_point() || dtype.is_complex()) && matches!(alpha, Scalar::Float(_) | Scalar::Complex(_)) {
        runtime_err!("For integral input tensors, argument alpha must not be a floating point number.")
    }
    if !dtype.is_complex() && matches!(alpha, Scalar::Complex(_)) {
        runtime_err!("For non-complex input tensors, argument alpha must not be a complex number.")
    }
    Ok(())
}

/// An input as a kernel receives it.
#[derive(Clone, Debug)]
enum Input {
    /// The elements of a tensor on the operation's device, laid out by the plan.
    Tensor(Tensor),
    /// One value for every element: a Python number, or a zero-dim CPU tensor joining an operation on another
    /// device (read once on the host, as TensorIterator's CPU scalars are), as the operand's own dtype holds it.
    Value(Scalar),
    /// The output itself: the first input of an in-place operation.
    Output,
}

impl Input {
    fn plan_input(&self) -> PlanInput<'_> {
        match self {
            Input::Tensor(t) => PlanInput::Tensor(t.into()),
            Input::Value(_) => PlanInput::Value,
            Input::Output => PlanInput::Output,
        }
    }
}

/// The inputs as the kernel receives them, once the output is known: the output itself for an in-place first
/// input, numbers and CPU scalars joining another device as values, other tensors as they are.
fn kernel_inputs(device: crate::device::Device, lhs: &Operand, rhs: &Operand, out: &Tensor) -> Result<(Input, Input)> {
    let input = |op: &Operand, may_be_output: bool| -> Result<Input> {
        Ok(match op {
            Operand::Scalar(s) => Input::Value(*s),
            Operand::Tensor(t) if may_be_output && t.is_same(out) => Input::Output,
            Operand::Tensor(t) if t.device() != device => Input::Value(t.item()?),
            Operand::Tensor(t) => Input::Tensor(t.clone()),
        })
    };
    Ok((input(lhs, true)?, input(rhs, false)?))
}

/// The output the iterator decided on: the given one (the first input in place, the `out=` tensor), or a new
/// tensor (replacing an `out=` tensor of another shape).
fn destination_tensor(it: &BinaryIter, lhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    match &it.destination {
        Destination::Existing => match output {
            Output::Out(t) => Ok(t.clone()),
            Output::InPlace => lhs.tensor().cloned().ok_or_else(|| Error::Runtime("internal error: no output".into())),
            Output::New => Err(Error::Runtime("internal error: a new output the iterator did not allocate".into())),
        },
        Destination::Allocate { dtype, strides } => {
            if let Output::Out(slot) = output {
                // PyTorch's `resize_output`: the out= tensor keeps its storage and offset when they hold the new
                // geometry, so other views of that storage see the result; a storage too small grows in PyTorch
                // (keeping its contents), here it is replaced by a larger copy (other views keep the old one)
                let offset = slot.storage_offset();
                let needed = crate::shape::required_storage_len(&it.shape, strides, offset);
                let old = slot.storage();
                let t = if needed <= old.len() {
                    Tensor::from_storage(old.clone(), offset, &it.shape, strides)?
                } else if old.dtype() == *dtype && old.device() == it.device {
                    let grown = super::factory::empty(&[needed], (*dtype, it.device))?;
                    let contents = Tensor::from_storage(old.clone(), 0, &[old.len()], &[1])?;
                    grown.narrow(0, 0, old.len() as i64)?.copy_(&contents)?;
                    Tensor::from_storage(grown.storage().clone(), offset, &it.shape, strides)?
                } else {
                    super::factory::empty_strided(&it.shape, strides, (*dtype, it.device))?
                };
                *slot = t.clone();
                return Ok(t);
            }
            super::factory::empty_strided(&it.shape, strides, (*dtype, it.device))
        }
    }
}

/// An input that shares memory with the output (other than an in-place first input) is read from a private copy.
fn separated(input: Input, out: &Tensor) -> Result<Input> {
    Ok(match input {
        Input::Tensor(t) if iter::needs_private_copy((&t).into(), out.into()) => {
            Input::Tensor(t.clone_in(MemoryFormat::Contiguous)?)
        }
        other => other,
    })
}

fn arg(input: &Input) -> Arg<'_> {
    match input {
        Input::Tensor(t) => Arg::Storage(t.storage()),
        Input::Value(v) => Arg::Value(*v),
        Input::Output => Arg::Output,
    }
}

/// Runs `op` on `lhs` and `rhs` into `output`: the one entry point behind every arithmetic method, function and
/// operator. Returns the result tensor (the output for in-place and `out=` forms).
pub fn binary_op(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    if matches!(op, BinaryOp::Sub { .. }) {
        check_sub(lhs, rhs)?;
    }
    let iter_output = match &output {
        Output::New => IterOutput::New,
        Output::InPlace => IterOutput::InPlace,
        Output::Out(t) => IterOutput::Out(TensorView::from(&**t)),
    };
    let it = BinaryIter::build(&op.iter_config(), &lhs.view(), &rhs.view(), iter_output)?;
    let out = destination_tensor(&it, lhs, output)?;
    let common = it.common_dtype;
    match op {
        BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } => {
            // PyTorch checks alpha against the iterator's dtype, the common dtype (an `out=` of another dtype
            // gets the result cast), and converts it to that type with c10's overflow check; `sub` is `add` with
            // the negated alpha, which is what gets converted
            check_alpha(common, &alpha)?;
            let converted = if matches!(op, BinaryOp::Sub { .. }) { alpha.negated() } else { alpha };
            converted.check_convertible(common, crate::scalar::ConversionCheck::Strict)?;
        }
        BinaryOp::Div { rounding_mode: Some(mode) } if common == DType::Bool || common.is_complex() => {
            let kernel = format!("div_{}_{}", mode.name(), it.device.type_name());
            return Err(not_implemented(&kernel, common));
        }
        _ => {}
    }
    let (lhs_in, rhs_in) = kernel_inputs(it.device, lhs, rhs, &out)?;
    if out.numel() == 0 {
        // no element to compute: no kernel runs, so nothing checks the values (an integer divisor of zero)
        return Ok(out);
    }
    let (lhs_in, rhs_in) = (separated(lhs_in, &out)?, separated(rhs_in, &out)?);
    if backend::rounds_by_loop_layout(op, common, it.device) {
        let (temporary, lhs_in, rhs_in) = pytorch_loop_operands(&out, lhs_in, rhs_in, common)?;
        let target = temporary.as_ref().unwrap_or(&out);
        run_kernel(op, common, target, &lhs_in, &rhs_in)?;
        if let Some(t) = &temporary {
            out.copy_(t)?;
        }
        return Ok(out);
    }
    run_kernel(op, common, &out, &lhs_in, &rhs_in)?;
    Ok(out)
}

/// Plans the loop over `out` and the inputs and runs the kernel of `op` computing in `common`.
fn run_kernel(op: BinaryOp, common: DType, out: &Tensor, lhs: &Input, rhs: &Input) -> Result<()> {
    let plan = iter::binary_plan(out.into(), lhs.plan_input(), rhs.plan_input());
    backend::binary(&BinaryCall { op, dtype: common, plan: &plan, out: out.storage(), lhs: arg(lhs), rhs: arg(rhs) })
}

/// The operands TensorIterator's CPU loop runs over, for an operation whose rounding depends on the loop's layout
/// (`backend::rounds_by_loop_layout`): an input of another dtype than `common` is `input.to(common)` (dense, its
/// layout kept where it was dense), and an output of another dtype is computed into a contiguous temporary
/// (returned first), which the caller copies into it. Other operations convert on the fly, with the same values.
fn pytorch_loop_operands(
    out: &Tensor,
    lhs: Input,
    rhs: Input,
    common: DType,
) -> Result<(Option<Tensor>, Input, Input)> {
    let temporary =
        (out.dtype() != common).then(|| super::factory::empty(out.sizes(), (common, out.device()))).transpose()?;
    let converted = |input: Input| -> Result<Input> {
        Ok(match input {
            Input::Tensor(t) if iter::converts_first(t.dtype(), common, out.device()) => {
                Input::Tensor(t.to_dtype(common)?)
            }
            // an in-place first input is read from the output before the temporary replaces it
            Input::Output if temporary.is_some() => Input::Tensor(out.to_dtype(common)?),
            other => other,
        })
    };
    let (lhs, rhs) = (converted(lhs)?, converted(rhs)?);
    Ok((temporary, lhs, rhs))
}

impl Tensor {
    /// `self + other` (`torch.add`).
    pub fn add(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary(BinaryOp::ADD, other)
    }

    /// `self - other` (`torch.sub`).
    pub fn sub(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary(BinaryOp::SUB, other)
    }

    /// `self * other` (`torch.mul`).
    pub fn mul(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary(BinaryOp::Mul, other)
    }

    /// `1 / self` (`torch.reciprocal`): integers and bools give the default dtype; the result is laid out as
    /// PyTorch's unary operations lay out theirs.
    pub fn reciprocal(&self) -> Result<Tensor> {
        let dtype = iter::computation_dtype(self.dtype(), true);
        self.unary_result(dtype, BinaryOp::DIV, &Operand::Scalar(Scalar::Int(1)), &Operand::from(self))
    }

    /// `-self` (`torch.neg`), in a new tensor laid out as PyTorch's unary operations lay out their result (a
    /// contiguous input gives a contiguous result, whatever its size-1 strides). PyTorch's error for bool.
    /// Real values are multiplied by -1 (exact, zeros change sign); complex values have each part negated on its
    /// own, as PyTorch's `-x` does (a complex product with -1 would turn an infinite part's partner into NaN).
    pub fn neg(&self) -> Result<Tensor> {
        if self.dtype() == DType::Bool {
            return Err(Error::NotImplemented(
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.".into(),
            ));
        }
        let minus_one = Operand::Scalar(Scalar::Int(-1));
        if !self.is_complex() {
            return self.unary_result(self.dtype(), BinaryOp::Mul, &Operand::from(self), &minus_one);
        }
        // the values copied into the (dense) result, whose memory is then negated as 2 * numel real parts
        let strides = iter::unary_output_strides(self.sizes(), self.strides());
        let out = super::factory::empty_strided(self.sizes(), &strides, (self.dtype(), self.device()))?;
        out.copy_(self)?;
        let parts =
            out.as_strided(&[self.numel()], &[1], Some(out.storage_offset()))?.view_dtype(self.dtype().to_real())?;
        parts.mul_(minus_one)?;
        Ok(out)
    }

    /// A unary operation written as `op` between this tensor and a number (`lhs`, `rhs`), computed into a new
    /// tensor of `dtype` laid out as PyTorch's unary TensorIterator lays out its result (the binary iterator would
    /// order the dimensions with the number as a second operand).
    fn unary_result(&self, dtype: DType, op: BinaryOp, lhs: &Operand, rhs: &Operand) -> Result<Tensor> {
        let strides = iter::unary_output_strides(self.sizes(), self.strides());
        let mut out = super::factory::empty_strided(self.sizes(), &strides, (dtype, self.device()))?;
        binary_op(op, lhs, rhs, Output::Out(&mut out))
    }

    /// `self / other`, true division (`torch.div`): integers promote to the default dtype.
    pub fn div(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary(BinaryOp::DIV, other)
    }

    /// Any arithmetic operation with its parameters, e.g. `BinaryOp::Add { alpha: 2.into() }` or
    /// `BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }`, into a new tensor.
    pub fn binary(&self, op: BinaryOp, other: impl Into<Operand>) -> Result<Tensor> {
        binary_op(op, &Operand::from(self), &other.into(), Output::New)
    }

    /// `self += other` (`add_`), returning `self`. The result type must be castable to `self`'s dtype.
    pub fn add_(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary_(BinaryOp::ADD, other)
    }

    /// `self -= other` (`sub_`), returning `self`.
    pub fn sub_(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary_(BinaryOp::SUB, other)
    }

    /// `self *= other` (`mul_`), returning `self`.
    pub fn mul_(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary_(BinaryOp::Mul, other)
    }

    /// `self /= other` (`div_`), returning `self`.
    pub fn div_(&self, other: impl Into<Operand>) -> Result<Tensor> {
        self.binary_(BinaryOp::DIV, other)
    }

    /// Any arithmetic operation in place, returning `self`.
    pub fn binary_(&self, op: BinaryOp, other: impl Into<Operand>) -> Result<Tensor> {
        binary_op(op, &Operand::from(self), &other.into(), Output::InPlace)
    }
}

/// `lhs + rhs` for any mix of tensors and numbers (`torch.add`); two numbers give a zero-dim tensor.
pub fn add(lhs: impl Into<Operand>, rhs: impl Into<Operand>) -> Result<Tensor> {
    binary_op(BinaryOp::ADD, &lhs.into(), &rhs.into(), Output::New)
}

/// `lhs - rhs` (`torch.sub`).
pub fn sub(lhs: impl Into<Operand>, rhs: impl Into<Operand>) -> Result<Tensor> {
    binary_op(BinaryOp::SUB, &lhs.into(), &rhs.into(), Output::New)
}

/// `lhs * rhs` (`torch.mul`).
pub fn mul(lhs: impl Into<Operand>, rhs: impl Into<Operand>) -> Result<Tensor> {
    binary_op(BinaryOp::Mul, &lhs.into(), &rhs.into(), Output::New)
}

/// `lhs / rhs`, true division (`torch.div`).
pub fn div(lhs: impl Into<Operand>, rhs: impl Into<Operand>) -> Result<Tensor> {
    binary_op(BinaryOp::DIV, &lhs.into(), &rhs.into(), Output::New)
}

/// `op(lhs, rhs)` written into `out` (`torch.add(..., out=out)`): an `out` of another shape than the result's is
/// replaced by a tensor of the result's shape, keeping its dtype and device (PyTorch resizes it).
pub fn binary_out(op: BinaryOp, lhs: impl Into<Operand>, rhs: impl Into<Operand>, out: &mut Tensor) -> Result<Tensor> {
    binary_op(op, &lhs.into(), &rhs.into(), Output::Out(out))
}
