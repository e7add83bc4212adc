//! `where` and the clamps on strided tensors (CPU, CUDA), with PyTorch 2.15's rules (recorded in
//! `tests/data/ternary.json`):
//!
//! - `where(condition, input, other)` (`where_self_out`): the result dtype is the promotion of `input` and `other`
//!   (the condition takes no part); an `out=` must have exactly that dtype; a Python number is converted to it
//!   (with c10's overflow check of a one-element fill); the condition must be bool (uint8 is accepted, deprecated);
//!   then the iterator over the condition and both inputs.
//! - `clamp(input, min, max)` with Python-number bounds (`clamp.out`, `clamp_min.out`, `clamp_max.out`): no
//!   complex dtype; the result dtype is the input's when it is floating, else its promotion with the bounds; the
//!   bounds must be representable in it; PyTorch then runs a unary loop over `input.to(result)` into an output of
//!   exactly that dtype, the bounds captured by the kernel.
//! - `clamp` with tensor bounds (`clamp.Tensor_out`): a binary (one bound: PyTorch's `maximum`/`minimum` kernels)
//!   or ternary iterator that promotes every operand and casts safely into the output.
//!
//! Meta tensors follow PyTorch's references, whose checks differ (`tensor/meta.rs`).

use super::math_bits;
use super::ops::{self, Input};
use super::{Operand, Output, Tensor};
use crate::backend::{self, Arg, TernaryCall};
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, ElementwiseIter, IterConfig, IterOperand};
use crate::op::ternary::{ClampBounds, TernaryOp};
use crate::promotion;
use crate::scalar::{cpp_double, ConversionCheck, Scalar};
use smallvec::SmallVec;

/// `torch.where(condition, input, other)` into `output` (`out=` only: there is no in-place form).
pub fn where_(condition: &Tensor, input: &Operand, other: &Operand, output: Output<'_>) -> Result<Tensor> {
    if math_bits::involved(&[input, other], &output) {
        return math_bits::elementwise(&[input, other], output, |o, output| where_(condition, o[0], o[1], output));
    }
    if super::meta::involves_meta_any(&[Some(condition), input.tensor(), other.tensor()], &output) {
        // PyTorch runs its reference for any meta tensor (`tensor/meta.rs`)
        return super::meta::where_(condition, input, other, output);
    }
    let result = promotion::result_type(&[input.promotion_class(), other.promotion_class()])?;
    for operand in [input, other] {
        if let Operand::Scalar(s) = operand {
            // the number becomes a tensor of the result dtype, one element filled with c10's check
            s.check_convertible(result, ConversionCheck::Fill)?;
        }
    }
    if let Output::Out(out) = &output {
        if out.dtype() != result {
            runtime_err!(
                "Expected out type to be {} but got {}",
                result.scalar_type_name(),
                out.dtype().scalar_type_name()
            )
        }
    }
    match condition.dtype() {
        // deprecated (PyTorch warns once), read as bool
        DType::Bool | DType::UInt8 => {}
        other => runtime_err!(
            "where expected condition to be a boolean tensor, but got a tensor with dtype {}",
            other.scalar_type_name()
        ),
    }
    let condition = Operand::Tensor(condition.clone());
    run(TernaryOp::Where, &[&condition, input, other], output, false)
}

/// The clamps (`clamp`, `clip`, and `clamp_min`, `clamp_max` when `name` says so) into `output`, with the bounds
/// PyTorch's argument parser chose an overload by ([`ClampBounds`]).
pub fn clamp(name: &str, input: &Tensor, bounds: &ClampBounds<Tensor>, output: Output<'_>) -> Result<Tensor> {
    let tensor_bounds = match bounds {
        ClampBounds::Tensors { min, max } => [min.as_ref(), max.as_ref()],
        ClampBounds::Numbers { .. } => [None, None],
    };
    if math_bits::involved_tensors(&[Some(input), tensor_bounds[0], tensor_bounds[1]], &output) {
        let resolve = |t: Option<&Tensor>| t.map(Tensor::resolved).transpose();
        let bounds = match bounds {
            ClampBounds::Tensors { min, max } => {
                ClampBounds::Tensors { min: resolve(min.as_ref())?, max: resolve(max.as_ref())? }
            }
            numbers => numbers.clone(),
        };
        return math_bits::unary(input, output, |input, output| clamp(name, input, &bounds, output));
    }
    let (min, max): (Option<Operand>, Option<Operand>) = match bounds {
        ClampBounds::Numbers { min, max } => (min.map(Operand::Scalar), max.map(Operand::Scalar)),
        ClampBounds::Tensors { min, max } => (min.clone().map(Operand::Tensor), max.clone().map(Operand::Tensor)),
    };
    let tensors = [Some(input), min.as_ref().and_then(Operand::tensor), max.as_ref().and_then(Operand::tensor)];
    if super::meta::involves_meta_any(&tensors, &output) {
        return super::meta::clamp(input, min.as_ref(), max.as_ref(), output);
    }
    let one_sided = matches!(name, "clamp_min" | "clamp_max");
    if let ClampBounds::Tensors { min: lo, max: hi } = bounds {
        // the `.Tensor` overloads' generated wrappers check devices first (no CPU scalar joins them)
        let function = if one_sided { name } else { "clamp" };
        let (out, method) = match &output {
            Output::New => (None, format!("{function}_Tensor")),
            Output::InPlace => (None, format!("{function}__Tensor")),
            Output::Out(t) => (Some(&**t), format!("{function}_out_Tensor_out")),
        };
        let arguments = [("out", out), ("self", Some(input)), ("min", lo.as_ref()), ("max", hi.as_ref())];
        ops::check_same_device(&arguments, &method)?;
    }
    if bounds.is_empty() {
        runtime_err!("oxtorch.clamp: At least one of 'min' or 'max' must not be None")
    }
    // `clamp_min`/`clamp_max` with a tensor bound have no check of their own: their `maximum`/`minimum` kernels
    // refuse complex dtypes after the iterator
    let tensor_bounds = matches!(bounds, ClampBounds::Tensors { .. });
    if input.dtype().is_complex() && !(one_sided && tensor_bounds) {
        return Err(complex_refusal());
    }
    match bounds {
        ClampBounds::Numbers { min, max } => clamp_numbers(one_sided, input, *min, *max, output),
        ClampBounds::Tensors { .. } => {
            let input = Operand::Tensor(input.clone());
            match (&min, &max) {
                (Some(min), Some(max)) => run(TernaryOp::Clamp, &[&input, min, max], output, false),
                (Some(min), None) => run(TernaryOp::ClampMin, &[&input, min], output, false),
                (None, Some(max)) => run(TernaryOp::ClampMax, &[&input, max], output, false),
                (None, None) => runtime_err!("oxtorch.clamp: At least one of 'min' or 'max' must not be None"),
            }
        }
    }
}

/// PyTorch's refusal of complex clamps.
fn complex_refusal() -> Error {
    Error::NotImplemented("clamp is not supported for complex types".into())
}

/// The result dtype of a clamp with number bounds: the input's when it is floating, else its promotion with the
/// bounds (which may be complex: the caller refuses it after its own checks).
pub fn clamp_numbers_dtype(input: DType, min: Option<Scalar>, max: Option<Scalar>) -> Result<DType> {
    if input.is_floating_point() || input.is_complex() {
        return Ok(input);
    }
    let mut operands = vec![promotion::Operand::Dimensioned(input)];
    operands.extend(min.into_iter().chain(max).map(promotion::Operand::Scalar));
    promotion::result_type(&operands)
}

/// A number bound read as a double (`Scalar::toDouble`): a complex one with an imaginary part is refused.
fn to_double(bound: Scalar) -> Result<f64> {
    if let Scalar::Complex(c) = bound {
        if c.im != 0.0 {
            runtime_err!("value cannot be converted to type double without overflow")
        }
    }
    Ok(bound.to_f64())
}

/// The kernel's conversion of a number bound to the result dtype: a floating result takes any bound its type can
/// hold (c10's checked conversion); an integral one refuses a lower bound above its range or an upper bound below
/// it (the other way round, the bound never matters).
fn check_bound(bound: Scalar, which: &str, result: DType) -> Result<()> {
    let value = to_double(bound)?;
    if result.is_floating_point() {
        return bound.check_convertible(result, ConversionCheck::Strict);
    }
    if !result.is_integral(false) {
        return Ok(());
    }
    let (lo, hi) = crate::scalar::int_range(result);
    let outside = match bound {
        Scalar::Int(i) => (which == "min" && i > hi) || (which == "max" && i < lo),
        Scalar::UInt(u) => which == "min" && u > hi as u64,
        _ => (which == "min" && value > hi as f64) || (which == "max" && value < lo as f64),
    };
    if outside {
        runtime_err!(
            "Clamp {which} value {} is outside the representable range of {}",
            cpp_double(value),
            result.scalar_type_name()
        )
    }
    Ok(())
}

/// A bound within an integral dtype's range (one outside it never decides an element, see [`check_bound`]).
fn representable(bound: Scalar, result: DType) -> Scalar {
    if !result.is_integral(false) {
        return bound;
    }
    let (lo, hi) = crate::scalar::int_range(result);
    match bound {
        Scalar::Int(i) => Scalar::Int(i.clamp(lo, hi)),
        Scalar::UInt(_) => Scalar::Int(hi),
        other => other,
    }
}

/// `clamp` with number bounds, in PyTorch's order: its meta function (`clamp_min`/`clamp_max` refuse a complex
/// bound first; the result dtype; an in-place target, or an `out=` that is the input, must hold it; no complex
/// result), its unary iterator over `input.to(result)` (overlap, an `out=` of exactly the result dtype, resized),
/// then its kernels: two bounds of which one is NaN fill the result with NaN, else each bound is converted to the
/// result dtype with its checks.
fn clamp_numbers(
    one_sided: bool,
    input: &Tensor,
    min: Option<Scalar>,
    max: Option<Scalar>,
    output: Output<'_>,
) -> Result<Tensor> {
    if one_sided && [min, max].iter().flatten().any(|b| matches!(b, Scalar::Complex(_))) {
        return Err(complex_refusal());
    }
    let result = clamp_numbers_dtype(input.dtype(), min, max)?;
    let in_place = match &output {
        Output::InPlace => true,
        Output::Out(out) => out.is_same_object(input),
        Output::New => false,
    };
    if in_place && result != input.dtype() {
        runtime_err!(
            "result type {} can't be cast to the desired output type {}",
            result.scalar_type_name(),
            input.dtype().type_meta_name()
        )
    }
    if result.is_complex() {
        return Err(complex_refusal());
    }
    // the unary iterator over `input.to(result)`: overlap, then the output's dtype and device
    match &output {
        Output::InPlace => iter::assert_no_internal_overlap(input.into())?,
        Output::Out(out) if out.numel() > 0 => {
            iter::assert_no_internal_overlap((&**out).into())?;
            iter::assert_no_partial_overlap((&**out).into(), input.into())?;
        }
        _ => {}
    }
    if let Output::Out(out) = &output {
        if out.dtype() != result {
            runtime_err!("Found dtype {} but expected {}", out.dtype().scalar_type_name(), result.scalar_type_name())
        }
        if out.device() != input.device() {
            runtime_err!(
                "Expected all tensors to be on the same device, but found at least two devices, {} and {}!",
                input.device(),
                out.device()
            )
        }
    }
    let strides = super::pow::number_exponent_strides(input, result)?;
    let out = match output {
        Output::New => super::factory::empty_strided(input.sizes(), &strides, (result, input.device()))?,
        Output::InPlace => input.clone(),
        Output::Out(slot) if slot.sizes() != input.sizes() => {
            ops::resize_output(slot, input.sizes(), &strides, slot.dtype(), slot.device())?
        }
        Output::Out(slot) => slot.clone(),
    };
    let op = match (min, max) {
        (Some(_), Some(_)) => TernaryOp::Clamp,
        (Some(_), None) => TernaryOp::ClampMin,
        _ => TernaryOp::ClampMax,
    };
    if let (Some(lo), Some(hi)) = (min, max) {
        // both bounds are read as doubles (a complex one with an imaginary part refused) before either is
        // tested for NaN (fuzzer seed 33005097)
        let (lo, hi) = (to_double(lo)?, to_double(hi)?);
        if lo.is_nan() || hi.is_nan() {
            if out.numel() > 0 {
                out.fill_(Scalar::Float(f64::NAN))?;
            }
            return Ok(out);
        }
    }
    if let (true, Some(bound)) = (one_sided, min.or(max)) {
        // `clamp_min`/`clamp_max` fill the result with a NaN bound themselves (`clamp`'s one-bound form leaves it
        // to its kernel, where CUDA's `fmax`/`fmin` ignore it)
        if to_double(bound)?.is_nan() {
            if out.numel() > 0 {
                out.fill_(bound)?;
            }
            return Ok(out);
        }
    }
    if result == DType::Bool {
        let kernel = format!("{}_{}", op.info().number_kernel, input.device().type_name());
        return Err(ops::not_implemented(&kernel, result));
    }
    // CUDA's kernels read floating bounds in the arithmetic type (`to<opmath_t>`: float32 for float16/bfloat16),
    // the CPU's in the result dtype
    let bound_dtype =
        if !input.device().is_cpu() && result.is_floating_point() { result.compute_dtype() } else { result };
    for (bound, which) in [(min, "min"), (max, "max")] {
        if let Some(bound) = bound {
            check_bound(bound, which, bound_dtype)?;
        }
    }
    if out.numel() == 0 {
        return Ok(out);
    }
    let source = Operand::Tensor(input.clone());
    let first = ops::separated(ops::kernel_input(out.device(), &source, true, &out)?, &out)?;
    let mut inputs: SmallVec<[Input<'_>; 3]> = smallvec::smallvec![first];
    inputs.extend(min.into_iter().chain(max).map(|b| Input::Value(representable(b, result))));
    kernel(op, result, &out, &inputs, true, None)?;
    Ok(out)
}

/// The iterator, the output and the kernel of `op` over `operands` (the first is the in-place target).
fn run(op: TernaryOp, operands: &[&Operand], output: Output<'_>, captured_values: bool) -> Result<Tensor> {
    let (it, out) = iterate(&op.info().iter, operands, output)?;
    check_kernel_dtype(op, it.common_dtype, it.device, false)?;
    if out.numel() > 0 {
        launch(op, it.common_dtype, &out, operands, captured_values, None)?;
    }
    Ok(out)
}

/// TensorIterator over `operands` (the first is the in-place target) under `config`, and the output it decided.
pub(super) fn iterate(
    config: &IterConfig,
    operands: &[&Operand],
    output: Output<'_>,
) -> Result<(ElementwiseIter, Tensor)> {
    let views: SmallVec<[IterOperand<'_>; 3]> = operands.iter().map(|o| o.view()).collect();
    let it = ElementwiseIter::general(config, &views, ops::iter_output(&output, operands))?;
    let out = ops::destination_tensor(&it, operands[0], output)?;
    Ok((it, out))
}

/// The kernel's dtype dispatch: PyTorch's "not implemented for" error when `op` has no kernel for `common` on
/// `device` (`number`: the overload whose bounds or weight are numbers).
pub(super) fn check_kernel_dtype(op: TernaryOp, common: DType, device: Device, number: bool) -> Result<()> {
    if op.info().dtypes.has(common) {
        return Ok(());
    }
    Err(ops::not_implemented(&op.kernel_message_name(device, number), common))
}

/// Runs the kernel of `op` over `out` (with elements) and `operands`, read as `common`, with the number it
/// captures (`parameter`).
pub(super) fn launch(
    op: TernaryOp,
    common: DType,
    out: &Tensor,
    operands: &[&Operand],
    captured_values: bool,
    parameter: Option<Scalar>,
) -> Result<()> {
    let mut inputs: SmallVec<[Input<'_>; 3]> = SmallVec::new();
    for (k, operand) in operands.iter().enumerate() {
        inputs.push(ops::separated(ops::kernel_input(out.device(), operand, k == 0, out)?, out)?);
    }
    if op.rounds_by_loop_layout() && out.device().is_cpu() {
        // the operands PyTorch's loop runs over: converted copies, and a temporary of the common dtype for an
        // output of another (which also rounds a float16/bfloat16 result to its dtype before the copy)
        let (temporary, inputs) = ops::pytorch_loop_operands(out, inputs, common)?;
        kernel(op, common, temporary.as_ref().unwrap_or(out), &inputs, captured_values, parameter)?;
        if let Some(t) = &temporary {
            out.copy_(t)?;
        }
        return Ok(());
    }
    kernel(op, common, out, &inputs, captured_values, parameter)
}

/// Plans the loop over `out` and the inputs and runs the kernel of `op` reading them as `common`.
fn kernel(
    op: TernaryOp,
    common: DType,
    out: &Tensor,
    inputs: &[Input<'_>],
    captured_values: bool,
    parameter: Option<Scalar>,
) -> Result<()> {
    let plan_inputs: SmallVec<[iter::PlanInput<'_>; 3]> = inputs.iter().map(Input::plan_input).collect();
    let plan = iter::elementwise_plan(out.into(), &plan_inputs);
    let call = TernaryCall {
        op,
        dtype: common,
        plan: &plan,
        out: out.storage(),
        inputs: inputs.iter().map(ops::arg).collect::<SmallVec<[Arg<'_>; 3]>>(),
        captured_values,
        parameter,
    };
    backend::ternary(&call)
}

impl crate::op::ternary::BoundTensor for Tensor {
    fn dim(&self) -> usize {
        Tensor::dim(self)
    }

    fn item(&self) -> Result<Scalar> {
        Tensor::item(self)
    }
}

/// `torch.where(condition)`: `condition.nonzero(as_tuple=True)`, the indices of its nonzero elements in row-major
/// order, one int64 tensor per dimension (a zero-dim condition counts as one-dimensional), on its device.
pub fn where_condition(condition: &Tensor) -> Result<Vec<Tensor>> {
    if condition.is_meta() {
        return Err(Error::NotImplemented(
            "Could not run 'aten::nonzero' with arguments from the 'Meta' backend.".into(),
        ));
    }
    let sizes: SmallVec<[usize; 4]> =
        if condition.dim() == 0 { smallvec::smallvec![1] } else { condition.sizes().iter().copied().collect() };
    let values = condition.to_scalars()?;
    let mut columns: Vec<Vec<i64>> = vec![Vec::new(); sizes.len()];
    for (flat, value) in values.iter().enumerate() {
        if !value.to_bool() {
            continue;
        }
        let mut rest = flat;
        for (d, &n) in sizes.iter().enumerate().rev() {
            columns[d].push((rest % n) as i64);
            rest /= n;
        }
    }
    columns
        .into_iter()
        .map(|c| {
            let n = c.len();
            super::factory::from_vec(c, &[n])?.to_device(condition.device())
        })
        .collect()
}
