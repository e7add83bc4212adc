//! Elementwise operations of one tensor on strided tensors (CPU, CUDA, meta): the result dtype, the `out=` and
//! in-place rules of the operation's [`UnaryKind`], PyTorch's overlap checks and dtype errors in its order, then
//! the kernel (`backend::unary`). Sparse and global tensors reach these through `dispatch::unary`.
//!
//! The order of checks, as PyTorch 2.15 makes them (recorded in `tests/data/unary.json`): the operation's meta
//! function's dtype checks (`floor is not supported for complex inputs`; a predicate's `out=` of bool only); overlap (an output that overlaps itself,
//! or partially overlaps the input); the output's dtype against the result's; then the kernel's dtype check (`"frac_cpu" not implemented for 'Int'`). Meta tensors follow PyTorch's references
//! instead, whose checks differ (the row's `meta`; `tensor/meta.rs`).

use super::operand::Output;
use super::Tensor;
use crate::backend::{self, Arg, UnaryCall};
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, PlanInput};
use crate::memory_format::MemoryFormat;
use crate::op::{UnaryKind, UnaryOp, UnaryParameters};
use crate::promotion::can_cast;
use crate::scalar::Scalar;

/// The dtype of `op`'s result for an input of `dtype` (before any `out=` or in-place target takes it).
pub fn result_dtype(op: UnaryOp, dtype: DType) -> Result<DType> {
    Ok(match op.info().kind {
        UnaryKind::Float => iter::computation_dtype(dtype, true),
        UnaryKind::Angle if dtype.is_complex() => dtype.to_real(),
        UnaryKind::Angle => iter::computation_dtype(dtype, true),
        UnaryKind::Same | UnaryKind::Identity | UnaryKind::NanToNum | UnaryKind::Conjugate => dtype,
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
        UnaryKind::Angle if !input.is_complex() => result,
        _ => input,
    }
}

/// The check of an `out=` or in-place target's dtype by the operation's kind (strided devices), for an input of
/// dtype `input`.
fn check_target(op: UnaryOp, input: DType, result: DType, target: DType, in_place: bool) -> Result<()> {
    match op.info().kind {
        // PyTorch's `unary_op_impl_with_complex_to_float_out`: a complex input's absolute value goes into a complex
        // `out=` of exactly the input's dtype (as a complex number), or into any real one its real dtype casts to
        UnaryKind::Abs if input.is_complex() && !in_place => {
            if target.is_complex() && target != input {
                runtime_err!("Found dtype {} but expected {}", target.scalar_type_name(), input.scalar_type_name())
            }
            if !target.is_complex() && !can_cast(result, target) {
                runtime_err!(
                    "result type {} can't be cast to the desired output type {}",
                    result.scalar_type_name(),
                    target.scalar_type_name()
                )
            }
            Ok(())
        }
        UnaryKind::Float | UnaryKind::Square | UnaryKind::Angle if !can_cast(result, target) => runtime_err!(
            "result type {} can't be cast to the desired output type {}",
            result.scalar_type_name(),
            target.scalar_type_name()
        ),
        UnaryKind::Same | UnaryKind::Abs | UnaryKind::Conjugate if target != result && !in_place => {
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

/// `nan_to_num`'s own check, before any other: an `out=` of exactly the input's dtype.
fn check_nan_to_num_out(x: &Tensor, output: &Output<'_>) -> Result<()> {
    match output {
        Output::Out(out) if out.dtype() != x.dtype() => runtime_err!(
            "nan_to_num: dtype of out: {} should be same as input: {}",
            out.dtype().scalar_type_name(),
            x.dtype().scalar_type_name()
        ),
        _ => Ok(()),
    }
}

/// `round` with `decimals` given (`round.decimals`, which `torch.special.round` always calls): kernels for
/// floating-point dtypes only, even for `decimals=0` (plain `round` copies integers instead). The kernel PyTorch
/// names is the decimal one, or its plain one for `decimals=0` (`"round_vml_cpu" not implemented for 'Long'`), on
/// the CPU (`cpu`) or CUDA.
fn check_decimals(dtype: DType, parameters: UnaryParameters, cpu: bool) -> Result<()> {
    let UnaryParameters::Decimals(decimals) = parameters else { return Ok(()) };
    if dtype.is_floating_point() {
        return Ok(());
    }
    let kernel = match (cpu, decimals) {
        (true, 0) => "round_vml_cpu",
        (true, _) => "round_cpu",
        (false, _) => "round_cuda",
    };
    Err(Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name())))
}

/// The forms the operation has: an `out=` or in-place call of one without it is PyTorch's `TypeError`.
fn check_forms(op: UnaryOp, output: &Output<'_>) -> Result<()> {
    let info = op.info();
    match (output, info.kind.has_out(), info.inplace) {
        (Output::Out(_), false, _) => {
            Err(Error::Type(format!("{}() got an unexpected keyword argument 'out'", op.name())))
        }
        (Output::InPlace, _, None) => {
            Err(Error::Type(format!("'Tensor' object has no in-place method '{}_'", op.name())))
        }
        _ => Ok(()),
    }
}

/// What a strided device's checks of a unary operation decided ([`device_checks`]).
enum Checked {
    /// `nan_to_num` of an integer or bool tensor: a copy of the input ([`copy_integers`]).
    CopyIntegers,
    /// The result's dtype (before an `out=` or in-place target takes it).
    Result(DType),
}

/// PyTorch's checks of `op(x)` into `output` on a strided device, in its order, up to the output's allocation:
/// `nan_to_num`'s `out=` dtype, the meta function's dtype checks, overlap, then the target's dtype.
fn device_checks(op: UnaryOp, x: &Tensor, output: &Output<'_>) -> Result<Checked> {
    let info = op.info();
    if info.kind == UnaryKind::NanToNum {
        check_nan_to_num_out(x, output)?;
        if x.dtype().is_integral(true) {
            return Ok(Checked::CopyIntegers);
        }
    }
    (info.early_check)(op, x.dtype())?;
    // the predicates' meta functions check the output's dtype before the iterator checks overlap
    if let (UnaryKind::Predicate, Output::Out(out)) = (info.kind, output) {
        check_target(op, x.dtype(), DType::Bool, out.dtype(), false)?;
    }
    match output {
        Output::InPlace => iter::assert_no_internal_overlap(x.into())?,
        Output::Out(out) if out.numel() > 0 => {
            iter::assert_no_internal_overlap((&**out).into())?;
            iter::assert_no_partial_overlap((&**out).into(), x.into())?;
        }
        _ => {}
    }
    let result = result_dtype(op, x.dtype())?;
    match output {
        Output::InPlace => check_target(op, x.dtype(), result, x.dtype(), true)?,
        Output::Out(out) => check_target(op, x.dtype(), result, out.dtype(), false)?,
        Output::New => {}
    }
    Ok(Checked::Result(result))
}

/// The kernel's dtype checks, which come after the structured kernel's meta function allocated or resized the
/// output: `round`'s decimals, and the CPU kernel's dispatch (`"frac_cpu" not implemented for 'Int'`) when `cpu`
/// (a CUDA kernel's are its formulas', `backend/cuda/formulas.rs`).
fn kernel_checks(op: UnaryOp, parameters: UnaryParameters, dtype: DType, cpu: bool) -> Result<()> {
    check_decimals(dtype, parameters, cpu)?;
    if cpu {
        (op.info().late_check)(op, dtype)?;
    }
    Ok(())
}

/// `op(x)` into `output` with the operation's default parameters (see the module documentation).
pub fn unary_op(op: UnaryOp, x: &Tensor, output: Output<'_>) -> Result<Tensor> {
    unary_op_with(op, UnaryParameters::Default, x, output)
}

/// The sizes and dtype of `op(x)`'s result into `output`, with every error of the operation, as a strided device
/// decides them (the CPU's kernel checks too when `cpu`), without computing anything: what a global tensor's unary
/// operation takes from its local operation before any rank computes (`global/ops.rs`). `x` and an `out=` may be
/// meta tensors standing for other tensors' sizes and dtypes: they are read by the device's rules, not by meta
/// tensors' own (`tensor/meta.rs`).
pub fn result_sizes_and_dtype(
    op: UnaryOp,
    parameters: UnaryParameters,
    x: &Tensor,
    output: Output<'_>,
    cpu: bool,
) -> Result<(crate::shape::Dims, DType)> {
    let info = op.info();
    let result = match (info.kind, &output) {
        (UnaryKind::Identity, Output::New) => {
            (info.early_check)(op, x.dtype())?;
            x.dtype()
        }
        (UnaryKind::Conjugate, Output::New | Output::InPlace) if !x.is_complex() => x.dtype(),
        _ => {
            check_forms(op, &output)?;
            match device_checks(op, x, &output)? {
                Checked::CopyIntegers => x.dtype(),
                Checked::Result(result) => {
                    kernel_checks(op, parameters, x.dtype(), cpu)?;
                    result
                }
            }
        }
    };
    let dtype = match output {
        Output::New => result,
        Output::InPlace => x.dtype(),
        Output::Out(out) => out.dtype(),
    };
    Ok((crate::shape::Dims::from_slice(x.sizes()), dtype))
}

/// `op(x)` with `parameters` (`round`'s decimals, `nan_to_num`'s replacements) into `output`.
pub fn unary_op_with(op: UnaryOp, parameters: UnaryParameters, x: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let info = op.info();
    let meta = x.is_meta() || matches!(&output, Output::Out(t) if t.is_meta());
    match (info.kind, &output) {
        (UnaryKind::Identity, Output::New) => {
            (info.early_check)(op, x.dtype())?;
            return Ok(x.clone());
        }
        // the conjugate of a real tensor is the tensor
        (UnaryKind::Conjugate, Output::New | Output::InPlace) if !x.is_complex() => return Ok(x.clone()),
        // of a tensor with the conjugate bit, PyTorch's `conj_physical` is `self.conj().clone()`: the values the
        // storage holds, laid out as `clone` lays the tensor out
        (UnaryKind::Conjugate, Output::New) if x.is_conj() => return x.conj().clone_tensor(),
        _ => {}
    }
    if x.math_bits().any() || matches!(&output, Output::Out(t) if t.math_bits().any()) {
        return super::math_bits::unary(x, output, |x, output| unary_op_with(op, parameters, x, output));
    }
    check_forms(op, &output)?;
    if meta {
        // PyTorch's reference decides, with checks of its own (no overlap checks among them)
        return super::meta::unary(op, parameters, x, output);
    }
    let result = match device_checks(op, x, &output)? {
        Checked::CopyIntegers => return copy_integers(x, output),
        Checked::Result(result) => result,
    };
    let out = match output {
        // PyTorch computes a complex input's angle into a temporary and copies its real part into a new result,
        // which is contiguous
        Output::New if info.kind == UnaryKind::Angle && x.is_complex() => {
            super::factory::empty(x.sizes(), (result, x.device()))?
        }
        // `nan_to_num` is PyTorch's composite over `empty_like(input)`, which keeps the strides of a dense input
        // (a one-element view's too); so is `conj_physical` (`_conj_physical`)
        Output::New if matches!(info.kind, UnaryKind::NanToNum | UnaryKind::Conjugate) => x.empty_like(result)?,
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
                // PyTorch's `resize_output`: the slot keeps its storage when it is large enough (other views of it
                // see the result)
                let strides = iter::unary_output_strides(x.sizes(), x.strides());
                let (dtype, device) = (slot.dtype(), slot.device());
                super::ops::resize_output(slot, x.sizes(), &strides, dtype, device)?;
            }
            slot.clone()
        }
    };
    kernel_checks(op, parameters, x.dtype(), x.device().is_cpu())?;
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
        parameters,
        dtype,
        plan: &plan,
        out: out.storage(),
        input: input.as_ref().map_or(Arg::Output, |t| Arg::Storage(t.storage())),
    };
    backend::unary(&call)?;
    Ok(out)
}

/// `nan_to_num` of an integer or bool tensor, which has nothing to replace: PyTorch's copy of the input into the
/// output (a new tensor laid out as the input, the input itself in place, or `out=` resized).
fn copy_integers(x: &Tensor, output: Output<'_>) -> Result<Tensor> {
    match output {
        Output::New => x.clone_in(MemoryFormat::Preserve),
        Output::InPlace => Ok(x.clone()),
        Output::Out(slot) => {
            if slot.sizes() != x.sizes() {
                let strides = crate::shape::contiguous_strides(x.sizes());
                let (dtype, device) = (slot.dtype(), slot.device());
                super::ops::resize_output(slot, x.sizes(), &strides, dtype, device)?;
            }
            slot.copy_(x)?;
            Ok(slot.clone())
        }
    }
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

    /// Any unary operation of the table with `parameters` (`round`'s decimals, `nan_to_num`'s replacements) into
    /// a new tensor.
    pub fn unary_with(&self, op: UnaryOp, parameters: UnaryParameters) -> Result<Tensor> {
        unary_op_with(op, parameters, self, Output::New)
    }

    /// [`Tensor::unary_with`] in place, returning `self`.
    pub fn unary_with_(&self, op: UnaryOp, parameters: UnaryParameters) -> Result<Tensor> {
        unary_op_with(op, parameters, self, Output::InPlace)
    }

    /// Any unary operation of the table into `out` (resized as PyTorch resizes an `out=` tensor).
    pub fn unary_out(&self, op: UnaryOp, out: &mut Tensor) -> Result<Tensor> {
        unary_op(op, self, Output::Out(out))
    }

    /// NaN, positive and negative infinity replaced (`torch.nan_to_num(self, nan, posinf, neginf)`); `None` takes
    /// PyTorch's default: 0 for NaN, the dtype's largest and lowest finite values for the infinities.
    pub fn nan_to_num(&self, nan: Option<f64>, posinf: Option<f64>, neginf: Option<f64>) -> Result<Tensor> {
        let parameters = UnaryParameters::Replacements { nan, posinf, neginf };
        unary_op_with(UnaryOp::NanToNum, parameters, self, Output::New)
    }

    /// Rounded to `decimals` decimal places (`torch.round(self, decimals=decimals)`; negative `decimals` round to
    /// tens, hundreds, ...), half to even, as PyTorch computes it: `nearbyint(x * 10^d) / 10^d` (for negative `d`,
    /// `nearbyint(x / 10^-d) * 10^-d`) in float32 for float16, bfloat16 and float32.
    pub fn round_decimals(&self, decimals: i64) -> Result<Tensor> {
        unary_op_with(UnaryOp::Round, UnaryParameters::Decimals(decimals), self, Output::New)
    }
}
