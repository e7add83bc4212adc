//! Arithmetic: `add`, `sub`, `mul`, `div` between tensors and Python-style numbers, with PyTorch's promotion,
//! in place (`add_` ...) and into `out=` tensors. The iterator ([`crate::iter::ElementwiseIter`]) decides shapes,
//! dtypes, devices, strides and overlap; this file checks each operation's own rules (bool subtraction, alpha,
//! rounding modes), allocates the output, and hands the kernel call to the backend of the output's device.

use super::{Operand, Output, Tensor};
use crate::backend::{self, Arg, BinaryCall};
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, Destination, ElementwiseIter, IterOperand, IterOutput, PlanInput, TensorView};
use crate::memory_format::MemoryFormat;
use crate::scalar::Scalar;
use smallvec::SmallVec;
use std::borrow::Cow;

pub use crate::op::{BinaryOp, RoundingMode};

/// The kernel name PyTorch reports when a dtype has no kernel, e.g. `"div_trunc_cpu" not implemented for 'Bool'`.
pub(super) fn not_implemented(kernel: &str, dtype: DType) -> Error {
    Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name()))
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

/// The checks PyTorch makes before its iterator runs (the op table's `check`: bool subtraction, complex extrema),
/// after its argument parser's ([`check_argument_kinds`]).
pub(crate) fn check_operands(op: BinaryOp, lhs: &IterOperand<'_>, rhs: &IterOperand<'_>) -> Result<()> {
    let number = match rhs {
        IterOperand::Scalar(s) => Some(*s),
        IterOperand::Tensor(_) => None,
    };
    (op.info().check)(op, lhs.dtype(), rhs.dtype(), number)
}

/// PyTorch's argument parser on the operands' kinds: a number where the operation takes only tensors (the op
/// table's `scalars`), with its `TypeError`s, worded for the function form (with `out=`), or the in-place method's.
pub(crate) fn check_argument_kinds(
    op: BinaryOp,
    lhs: &crate::iter::IterOperand<'_>,
    rhs: &crate::iter::IterOperand<'_>,
    output: &Output<'_>,
) -> Result<()> {
    use crate::iter::IterOperand;
    use crate::op::{parser, ArgKind, Form};
    let kind = |o: &IterOperand<'_>| match o {
        IterOperand::Tensor(_) => ArgKind::Tensor,
        IterOperand::Scalar(s) => ArgKind::Number(s.python_type_name()),
    };
    let (name, lhs, rhs) = (op.info().name, kind(lhs), kind(rhs));
    let form = if matches!(output, Output::InPlace) { Form::InPlace } else { Form::Function };
    parser::check_binary_kinds(op, name, form, lhs, rhs)?;
    if matches!(output, Output::Out(_)) {
        parser::check_out_kinds(op, name, lhs, rhs)?;
    }
    Ok(())
}

/// An input as a kernel receives it.
#[derive(Clone, Debug)]
pub(super) enum Input<'a> {
    /// The elements of a tensor on the operation's device, laid out by the plan: the operand itself (borrowed: no
    /// handle is made per call), or a private copy or conversion of it.
    Tensor(Cow<'a, Tensor>),
    /// One value for every element: a Python number, or a zero-dim CPU tensor joining an operation on another
    /// device (read once on the host, as TensorIterator's CPU scalars are), as the operand's own dtype holds it.
    Value(Scalar),
    /// The output itself: the first input of an in-place operation.
    Output,
}

impl Input<'_> {
    pub(super) fn plan_input(&self) -> PlanInput<'_> {
        match self {
            Input::Tensor(t) => PlanInput::Tensor((&**t).into()),
            Input::Value(_) => PlanInput::Value,
            Input::Output => PlanInput::Output,
        }
    }
}

/// The inputs as the kernel receives them, once the output is known (see [`kernel_input`]).
fn kernel_inputs<'a>(
    device: crate::device::Device,
    lhs: &'a Operand,
    rhs: &'a Operand,
    out: &Tensor,
) -> Result<(Input<'a>, Input<'a>)> {
    Ok((kernel_input(device, lhs, true, out)?, kernel_input(device, rhs, false, out)?))
}

/// An input as the kernel receives it, once the output is known: the output itself for an in-place first input
/// (`may_be_output`), numbers and CPU scalars joining another device as values, other tensors as they are.
pub(super) fn kernel_input<'a>(
    device: crate::device::Device,
    operand: &'a Operand,
    may_be_output: bool,
    out: &Tensor,
) -> Result<Input<'a>> {
    Ok(match operand {
        Operand::Scalar(s) => Input::Value(*s),
        Operand::Tensor(t) if may_be_output && t.is_same(out) => Input::Output,
        Operand::Tensor(t) if t.device() != device => Input::Value(t.item()?),
        Operand::Tensor(t) => Input::Tensor(Cow::Borrowed(t)),
    })
}

/// The output the iterator decided on: the given one (the first input in place, the `out=` tensor), or a new
/// tensor (replacing an `out=` tensor of another shape).
pub(super) fn destination_tensor(it: &ElementwiseIter, lhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    match &it.destination {
        Destination::Existing => match output {
            Output::Out(t) => Ok(t.clone()),
            Output::InPlace => lhs.tensor().cloned().ok_or_else(|| Error::Runtime("internal error: no output".into())),
            Output::New => Err(Error::Runtime("internal error: a new output the iterator did not allocate".into())),
        },
        Destination::Allocate { dtype, strides } => {
            if let Output::Out(slot) = output {
                return resize_output(slot, &it.shape, strides, *dtype, it.device);
            }
            super::factory::empty_strided(&it.shape, strides, (*dtype, it.device))
        }
    }
}

/// PyTorch's `resize_output` of an `out=` tensor to `sizes` and `strides`: it keeps its storage and offset when
/// they hold the new geometry, so other views of that storage see the result; a storage too small grows in
/// PyTorch (keeping its contents), here it is replaced by a larger copy (other views keep the old one). `dtype`
/// and `device` are the slot's own unless the iterator decided otherwise.
pub(super) fn resize_output(
    slot: &mut Tensor,
    sizes: &[usize],
    strides: &[usize],
    dtype: DType,
    device: crate::device::Device,
) -> Result<Tensor> {
    let offset = slot.storage_offset();
    let needed = crate::shape::required_storage_len(sizes, strides, offset);
    let old = slot.storage();
    let t = if needed <= old.len() {
        Tensor::from_storage(old.clone(), offset, sizes, strides)?
    } else if old.dtype() == dtype && old.device() == device {
        let grown = super::factory::empty(&[needed], (dtype, device))?;
        let contents = Tensor::from_storage(old.clone(), 0, &[old.len()], &[1])?;
        grown.narrow(0, 0, old.len() as i64)?.copy_(&contents)?;
        Tensor::from_storage(grown.storage().clone(), offset, sizes, strides)?
    } else {
        super::factory::empty_strided(sizes, strides, (dtype, device))?
    };
    *slot = t.clone();
    Ok(t)
}

/// An input that shares memory with the output (other than an in-place first input) is read from a private copy.
pub(super) fn separated<'a>(input: Input<'a>, out: &Tensor) -> Result<Input<'a>> {
    Ok(match input {
        Input::Tensor(t) if iter::needs_private_copy((&*t).into(), out.into()) => {
            Input::Tensor(Cow::Owned(t.clone_in(MemoryFormat::Contiguous)?))
        }
        other => other,
    })
}

pub(super) fn arg<'a>(input: &'a Input<'_>) -> Arg<'a> {
    match input {
        Input::Tensor(t) => Arg::Storage(t.storage()),
        Input::Value(v) => Arg::Value(*v),
        Input::Output => Arg::Output,
    }
}

/// Runs `op` on `lhs` and `rhs` into `output`: the one entry point behind every arithmetic method, function and
/// operator. Returns the result tensor (the output for in-place and `out=` forms).
pub fn binary_op(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    check_argument_kinds(op, &lhs.view(), &rhs.view(), &output)?;
    binary_op_parsed(op, lhs, rhs, output)
}

/// [`binary_op`] after PyTorch's argument parser: for the dispatch, which has checked the arguments' kinds itself
/// (worded for the form it was called as).
pub(crate) fn binary_op_parsed(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    if super::math_bits::involved(&[lhs, rhs], &output) {
        return super::math_bits::elementwise(&[lhs, rhs], output, |o, output| {
            binary_op_parsed(op, o[0], o[1], output)
        });
    }
    if op == BinaryOp::FloatPower {
        // PyTorch's composite (`op::float_power`): the operands converted, then `pow`
        let (lhs, rhs) = float_power_operands(lhs, rhs, &output)?;
        return binary_op_parsed(BinaryOp::Pow, &lhs, &rhs, output);
    }
    if super::meta::involves_meta(lhs, rhs, &output) {
        // PyTorch runs its Python references for any meta tensor (`tensor/meta.rs`)
        return super::meta::binary(op, lhs, rhs, output);
    }
    if let BinaryOp::Math(math) = op {
        if math.checks_devices() {
            check_binary_devices(op, lhs, rhs, &output)?;
        }
    }
    if let (BinaryOp::Pow, Operand::Scalar(base), Operand::Tensor(exponent)) = (op, lhs, rhs) {
        // PyTorch's `pow.Scalar` lays out (or resizes) the result itself, then computes into it
        return super::pow::number_base(*base, exponent, output, |out| strided(op, lhs, rhs, Output::Out(out)));
    }
    strided(op, lhs, rhs, output)
}

/// The device check of PyTorch's generated wrapper for the binary operations whose schema asks for one
/// ([`crate::op::MathOp::checks_devices`]), over `out`, `self`, `other`.
fn check_binary_devices(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: &Output<'_>) -> Result<()> {
    let out = match output {
        Output::Out(t) => Some(&**t),
        _ => None,
    };
    let form = match output {
        Output::New => "",
        Output::InPlace => "_",
        Output::Out(_) => "_out_out",
    };
    let method = format!("{}{form}", op.info().name);
    check_same_device(&[("out", out), ("self", lhs.tensor()), ("other", rhs.tensor())], &method)
}

/// The device check of PyTorch's generated wrapper of an operation whose `native_functions.yaml` entry has no
/// `device_check: NoCheck`: the tensor arguments in the wrapper's order (`out` first, then the schema's, as
/// recorded from PyTorch's CUDA build), each on the first one's device; a zero-dim CPU tensor gets no exception.
/// It runs where the operation dispatches to a CUDA kernel (a CPU tensor and a CUDA tensor together dispatch to
/// CUDA); `method` is the wrapper's name after `wrapper_CUDA_` (`logaddexp_out_out`, `clamp_Tensor`).
pub(super) fn check_same_device(tensors: &[(&str, Option<&Tensor>)], method: &str) -> Result<()> {
    let tensors: SmallVec<[(&str, &Tensor); 4]> = tensors.iter().filter_map(|&(n, t)| Some((n, t?))).collect();
    if tensors.iter().all(|(_, t)| t.device().is_cpu()) {
        return Ok(());
    }
    let common = tensors[0].1.device();
    let Some((name, t)) = tensors.iter().find(|(_, t)| t.device() != common) else { return Ok(()) };
    runtime_err!(
        "Expected all tensors to be on the same device, but got {name} is on {}, different from other tensors on \
         {common} (when checking argument in method wrapper_CUDA_{method})",
        t.device()
    )
}

/// [`binary_op_parsed`] on strided tensors, past the meta path and the composites: the iterator, the output, the
/// kernel.
fn strided(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    let mut it = build(op, &lhs.view(), &rhs.view(), iter_output(&output, &[lhs, rhs]))?;
    if let (BinaryOp::Pow, Operand::Tensor(base), Operand::Scalar(_)) = (op, lhs, rhs) {
        // `pow.Tensor_Scalar` is built as a unary operation of the base
        if let Destination::Allocate { strides, .. } = &mut it.destination {
            *strides = super::pow::number_exponent_strides(base, it.common_dtype)?;
        }
    }
    let out = destination_tensor(&it, lhs, output)?;
    check_kernel(op, &it, number(rhs))?;
    let common = it.common_dtype;
    let (lhs_in, rhs_in) = kernel_inputs(it.device, lhs, rhs, &out)?;
    if out.numel() == 0 {
        // no element to compute: no kernel runs, so nothing checks the values (an integer divisor of zero)
        return Ok(out);
    }
    let (lhs_in, rhs_in) = (separated(lhs_in, &out)?, separated(rhs_in, &out)?);
    if let (BinaryOp::Pow, Some(e)) = (op, number(rhs)) {
        if number_exponent_kernel(e, common, &out, &lhs_in, &rhs_in)? {
            return Ok(out);
        }
    }
    if backend::rounds_by_loop_layout(op, common, it.device) {
        let (temporary, inputs) = pytorch_loop_operands(&out, smallvec::smallvec![lhs_in, rhs_in], common)?;
        let mut inputs = inputs.into_iter();
        let (Some(lhs_in), Some(rhs_in)) = (inputs.next(), inputs.next()) else {
            return Err(Error::Runtime("internal error: an operand lost in conversion".into()));
        };
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

/// The iterator's view of where a result goes: an `out=` tensor that is one of `operands` (the same tensor object)
/// is read and written.
pub(super) fn iter_output<'a>(output: &'a Output<'_>, operands: &[&Operand]) -> IterOutput<'a> {
    match output {
        Output::New => IterOutput::New,
        Output::InPlace => IterOutput::InPlace,
        Output::Out(t) if operands.iter().any(|o| o.tensor().is_some_and(|o| o.is_same_object(t))) => {
            IterOutput::ReadWrite(TensorView::from(&**t))
        }
        Output::Out(t) => IterOutput::Out(TensorView::from(&**t)),
    }
}

/// PyTorch's checks before its iterator (bool subtraction, complex extrema), then the iterator's decision.
fn build(
    op: BinaryOp,
    lhs: &IterOperand<'_>,
    rhs: &IterOperand<'_>,
    output: IterOutput<'_>,
) -> Result<ElementwiseIter> {
    check_operands(op, lhs, rhs)?;
    ElementwiseIter::build(&op.iter_config(), lhs, rhs, output)
}

/// The operands `pow` receives for `float_power(lhs, rhs)` into `output` (`op::float_power`'s rules).
fn float_power_operands(lhs: &Operand, rhs: &Operand, output: &Output<'_>) -> Result<(Operand, Operand)> {
    let out = match output {
        Output::Out(t) => Some(t.dtype()),
        _ => None,
    };
    crate::op::float_power::operands(lhs.clone(), rhs.clone(), matches!(output, Output::InPlace), out)
}

impl crate::op::float_power::FloatPowerOperand for Operand {
    fn is_complex(&self) -> bool {
        match self {
            Operand::Tensor(t) => t.dtype().is_complex(),
            Operand::Scalar(s) => matches!(s, Scalar::Complex(_)),
        }
    }

    fn tensor_dtype(&self) -> Option<DType> {
        self.tensor().map(Tensor::dtype)
    }

    fn converted(self, dtype: DType) -> Result<Self> {
        Ok(match self {
            Operand::Tensor(t) => Operand::Tensor(t.to_dtype(dtype)?),
            Operand::Scalar(s) => Operand::Scalar(crate::op::float_power::number(s, dtype)),
        })
    }
}

/// The second operand's value when it is a Python number.
fn number(rhs: &Operand) -> Option<Scalar> {
    match rhs {
        Operand::Scalar(s) => Some(*s),
        Operand::Tensor(_) => None,
    }
}

/// `pow` with a Python-number exponent that PyTorch computes with another kernel (`tensor/pow.rs`): runs it and
/// says so, or leaves it to the `pow` kernel.
fn number_exponent_kernel(e: Scalar, common: DType, out: &Tensor, lhs: &Input<'_>, rhs: &Input<'_>) -> Result<bool> {
    use super::pow::NumberExponent;
    match super::pow::number_exponent(e, common) {
        NumberExponent::Ones => out.fill_(Scalar::Int(1))?,
        NumberExponent::Base => match lhs {
            // the base converted to the common dtype, then copied into the output
            Input::Tensor(t) => out.copy_(&t.to_dtype(common)?)?,
            Input::Output => {}
            Input::Value(v) => out.fill_(*v)?,
        },
        NumberExponent::Unary(unary) => {
            let plan = iter::binary_plan(out.into(), lhs.plan_input(), rhs.plan_input());
            let call = backend::UnaryCall {
                op: unary,
                parameters: Default::default(),
                dtype: common,
                plan: &plan,
                out: out.storage(),
                input: arg(lhs),
            };
            backend::unary(&call)?;
        }
        NumberExponent::Pow => return Ok(false),
    }
    Ok(true)
}

/// The name PyTorch's message gives the kernel a dtype has none of: `<kernel>_<device>` (`"div_trunc_cpu"`), but
/// the bare `"pow"`.
fn kernel_label(op: BinaryOp, device: crate::device::Device) -> String {
    match op {
        BinaryOp::Pow | BinaryOp::FloatPower => op.kernel_name().to_string(),
        _ => format!("{}_{}", op.kernel_name(), device.type_name()),
    }
}

/// The checks of `op`'s kernel once the iterator has decided (after it resized an `out=` tensor, as PyTorch's
/// structured kernels check in their meta function): `alpha` against the common dtype, the dtypes without a
/// kernel (rounded division of bool and complex, ordering of complex numbers), and `pow`'s number exponent
/// (`number`), which its kernel converts to the common dtype unless another kernel computes it.
fn check_kernel(op: BinaryOp, it: &ElementwiseIter, number: Option<Scalar>) -> Result<()> {
    let common = it.common_dtype;
    match op {
        BinaryOp::Pow => match number.map(|e| (e, super::pow::number_exponent(e, common))) {
            Some((_, n)) if n != super::pow::NumberExponent::Pow => Ok(()),
            _ if !op.info().dtypes.has(common) => Err(not_implemented(&kernel_label(op, it.device), common)),
            Some((e, _)) if super::pow::converts_exponent(common) => {
                e.check_convertible(common, crate::scalar::ConversionCheck::Strict)
            }
            _ => Ok(()),
        },
        BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } => {
            // PyTorch checks alpha against the iterator's dtype, the common dtype (an `out=` of another dtype
            // gets the result cast), and converts it to that type with c10's overflow check; `sub` is `add` with
            // the negated alpha, which is what gets converted
            check_alpha(common, &alpha)?;
            let converted = if matches!(op, BinaryOp::Sub { .. }) { alpha.negated() } else { alpha };
            converted.check_convertible(common, crate::scalar::ConversionCheck::Strict)
        }
        _ if op.rounding_mode().is_some() && (common == DType::Bool || common.is_complex()) => {
            Err(not_implemented(&kernel_label(op, it.device), common))
        }
        BinaryOp::Compare(cmp) if cmp.orders() && common.is_complex() => {
            Err(not_implemented(&kernel_label(op, it.device), common))
        }
        _ if !op.info().dtypes.has(common) => Err(not_implemented(&kernel_label(op, it.device), common)),
        _ => Ok(()),
    }
}

/// The sizes and dtype of `op`'s result, with every error of the operation, as a strided device (CPU, CUDA)
/// decides them, without computing anything: what a global tensor's operation takes from its local operation
/// before any rank computes (`global/ops.rs`). The operands may be meta tensors standing for other tensors'
/// sizes and dtypes: they are read by the device rules, not by meta tensors' own (`tensor/meta.rs`).
pub fn result_sizes_and_dtype(
    op: BinaryOp,
    lhs: &Operand,
    rhs: &Operand,
    output: Output<'_>,
) -> Result<(crate::shape::Dims, DType)> {
    check_argument_kinds(op, &lhs.view(), &rhs.view(), &output)?;
    if op == BinaryOp::FloatPower {
        let (lhs, rhs) = float_power_operands(lhs, rhs, &output)?;
        return result_sizes_and_dtype(BinaryOp::Pow, &lhs, &rhs, output);
    }
    let it = build(op, &lhs.view(), &rhs.view(), iter_output(&output, &[lhs, rhs]))?;
    check_kernel(op, &it, number(rhs))?;
    let dtype = match (&it.destination, &output) {
        (Destination::Allocate { dtype, .. }, _) => *dtype,
        (Destination::Existing, Output::Out(t)) => t.dtype(),
        (Destination::Existing, _) => lhs.tensor().map_or(it.common_dtype, Tensor::dtype),
    };
    Ok((it.shape, dtype))
}

/// Plans the loop over `out` and the inputs and runs the kernel of `op` computing in `common`.
fn run_kernel(op: BinaryOp, common: DType, out: &Tensor, lhs: &Input<'_>, rhs: &Input<'_>) -> Result<()> {
    let plan = iter::binary_plan(out.into(), lhs.plan_input(), rhs.plan_input());
    let op = op.kernel_op();
    backend::binary(&BinaryCall { op, dtype: common, plan: &plan, out: out.storage(), lhs: arg(lhs), rhs: arg(rhs) })
}

/// The operands TensorIterator's CPU loop runs over, for an operation whose rounding depends on the loop's layout
/// (`backend::rounds_by_loop_layout`): an input of another dtype than `common` is `input.to(common)` (dense, its
/// layout kept where it was dense), and an output of another dtype is computed into a contiguous temporary
/// (returned first), which the caller copies into it. Other operations convert on the fly, with the same values.
pub(super) fn pytorch_loop_operands<'a>(
    out: &Tensor,
    inputs: SmallVec<[Input<'a>; 3]>,
    common: DType,
) -> Result<(Option<Tensor>, SmallVec<[Input<'a>; 3]>)> {
    let temporary =
        (out.dtype() != common).then(|| super::factory::empty(out.sizes(), (common, out.device()))).transpose()?;
    let converted = |input: Input<'a>| -> Result<Input<'a>> {
        Ok(match input {
            Input::Tensor(t) if iter::converts_first(t.dtype(), common, out.device()) => {
                Input::Tensor(Cow::Owned(t.to_dtype(common)?))
            }
            // an in-place first input is read from the output before the temporary replaces it
            Input::Output if temporary.is_some() => Input::Tensor(Cow::Owned(out.to_dtype(common)?)),
            other => other,
        })
    };
    let inputs = inputs.into_iter().map(converted).collect::<Result<SmallVec<[Input<'a>; 3]>>>()?;
    Ok((temporary, inputs))
}

impl Tensor {
    /// `1 / self` (`torch.reciprocal`): integers and bools give the default dtype; the result is laid out as
    /// PyTorch's unary operations lay out theirs.
    pub fn reciprocal(&self) -> Result<Tensor> {
        let dtype = iter::computation_dtype(self.dtype(), true);
        self.unary_result(dtype, BinaryOp::DIV, &Operand::Scalar(Scalar::Int(1)), &Operand::from(self))
    }

    /// `-self` (`torch.neg`; see [`crate::op::UnaryOp::Neg`]).
    pub fn neg(&self) -> Result<Tensor> {
        self.unary(crate::op::UnaryOp::Neg)
    }

    /// A unary operation written as `op` between this tensor and a number (`lhs`, `rhs`), computed into a new
    /// tensor of `dtype` laid out as PyTorch's unary TensorIterator lays out its result (the binary iterator would
    /// order the dimensions with the number as a second operand).
    fn unary_result(&self, dtype: DType, op: BinaryOp, lhs: &Operand, rhs: &Operand) -> Result<Tensor> {
        let strides = iter::unary_output_strides(self.sizes(), self.strides());
        let mut out = super::factory::empty_strided(self.sizes(), &strides, (dtype, self.device()))?;
        binary_op(op, lhs, rhs, Output::Out(&mut out))
    }
}

/// `op(lhs, rhs)` written into `out` (`torch.add(..., out=out)`): an `out` of another shape than the result's is
/// replaced by a tensor of the result's shape, keeping its dtype and device (PyTorch resizes it, before its
/// kernel checks the values, so a resize stays even when the operation then fails).
///
/// `floor_divide` is not one of PyTorch's structured kernels: with an `out=` of another dtype that the result
/// can be cast to, it divides into a temporary and touches `out` only once that succeeded, so an error of the
/// division itself (a zero divisor, a dtype without the kernel) leaves `out` as it was.
pub fn binary_out(op: BinaryOp, lhs: impl Into<Operand>, rhs: impl Into<Operand>, out: &mut Tensor) -> Result<Tensor> {
    let (lhs, rhs) = (lhs.into(), rhs.into());
    let meta = super::meta::involves_meta(&lhs, &rhs, &Output::Out(out));
    if op == BinaryOp::FloorDivide && !meta && divides_into_a_temporary(&lhs, &rhs, out) {
        binary_op(op, &lhs, &rhs, Output::New)?;
    }
    binary_op(op, &lhs, &rhs, Output::Out(out))
}

/// Whether `floor_divide` into `out` goes through a temporary (see [`binary_out`]): `out` takes a cast of the
/// result, and neither overlaps itself nor partially overlaps an input (those are the iterator's errors, which
/// come first).
fn divides_into_a_temporary(lhs: &Operand, rhs: &Operand, out: &Tensor) -> bool {
    let Ok(common) = crate::promotion::result_type(&[lhs.promotion_class(), rhs.promotion_class()]) else {
        return false;
    };
    if common == out.dtype() || !crate::promotion::can_cast(common, out.dtype()) {
        return false;
    }
    let partially_overlaps =
        |o: &Operand| o.tensor().is_some_and(|t| iter::assert_no_partial_overlap(out.into(), t.into()).is_err());
    iter::assert_no_internal_overlap(out.into()).is_ok() && !partially_overlaps(lhs) && !partially_overlaps(rhs)
}
