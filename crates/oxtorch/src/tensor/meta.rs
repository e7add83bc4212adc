//! Elementwise binary operations (`add`, `sub`, `mul`, `div`, `floor_divide`, `maximum`, `minimum`, comparisons)
//! and `neg` when a meta tensor takes part, as PyTorch 2.15 runs them: through its Python references
//! (`torch/_refs`, `_prims_common/wrappers.py`) and meta registrations (`_meta_registrations.py`), not
//! TensorIterator. Their checks, messages, result dtypes and strides differ from the CPU path's; this file holds
//! the order of each operation's checks and which layout its primitives give, on top of the rules of
//! [`crate::iter::reference`].
//!
//! The path applies whenever an operand, the `out=` tensor or the in-place target is a meta tensor (the Meta
//! dispatch key outranks every backend). Forms:
//! - functional: `out_wrapper` (its device check when there is an `out=`), `elementwise_type_promotion_wrapper`
//!   (dtypes, conversion of the operands), `_maybe_broadcast`, the operation's own checks, the primitive (its device
//!   check with CPU scalars exempt, and `empty_permuted` strides);
//! - `out=`: the functional result, then `out` resized to contiguous strides of the result's shape when its shape
//!   differs (before the checks that follow), the device check (skipped for a CPU-scalar result) and the safe-cast
//!   check;
//! - in place: `add_`/`sub_`, `mul_` and `div_` have meta registrations of their own (dtype and broadcast checks
//!   only, no device check, `self` returned untouched); the other in-place forms are `_make_inplace`: a broadcast
//!   check, then the functional form into `out=self`.
//!
//! The rounded divisions replay their intermediate primitives (`floor`: every step of `_floor_divide_float` and
//! `_floor_divide_integer`; `trunc`: `trunc(prims.div(a, b))`), so their strides follow PyTorch's down to the
//! tie-breaks between size-1 dimensions that those intermediates make.
//!
//! Departures from PyTorch:
//! - `add` with `alpha = 1` (the integer, as `BinaryOp::ADD` holds it) is taken as `add` without `alpha`: PyTorch
//!   tells a given `alpha=1` apart, and its `prims.mul(b, alpha)` may change the strides of size-1 dimensions.
//! - `maximum_` / `minimum_` do not exist in PyTorch; in place they follow `_make_inplace`, as the comparisons do.
//! - No warnings (`out=` resize deprecation, ComplexHalf); no complex32 / bcomplex32 (float16 and bfloat16 with
//!   complex give complex64, the project's documented deviation).
//! - When no operand is a meta tensor (only the `out=` one is), PyTorch computes the result on the operands'
//!   device before refusing to copy it into `out` (or copying a CPU scalar into it). The errors of that computation
//!   reproduced are integer division by zero on the CPU, rounded division of bool or complex values, and bool
//!   subtraction; `floor_divide`, whose decomposition calls `torch.div`, runs the CPU path itself.

use super::{factory, Operand, Output, Tensor};
use crate::device::Device;
use crate::dtype::{Category, DType};
use crate::error::{runtime_err, Error, Result};
use crate::iter::reference::{
    self as r, broadcast_shapes, can_safe_cast_to, check_inplace_broadcast, elementwise_dtypes, prim_output, PrimArg,
    PromotionKind,
};
use crate::op::{BinaryOp, MetaInPlace, MetaOut, MetaRule, RoundingMode, TernaryOp, UnaryOp, UnaryParameters};
use crate::scalar::Scalar;
use crate::shape::{self, Dims};
use smallvec::SmallVec;

thread_local! {
    /// Set while a global tensor's operation is checked on meta tensors standing for its logical sizes: the checks
    /// are then the placement device's (the CPU's), not the meta device's own references.
    static CHECKS_AS_CPU: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether an operation on `x` follows the meta device's references (PyTorch's Python references for meta tensors
/// word some checks differently and skip the kernels' dtype checks): a meta tensor, outside [`checked_as_cpu`].
pub(crate) fn meta_rules(x: &Tensor) -> bool {
    x.is_meta() && !CHECKS_AS_CPU.with(|c| c.get())
}

/// Runs `f` with the checks made as the CPU makes them, whatever the device: a global tensor's reduction or join
/// checked on meta tensors of its logical sizes (`global/reduce.rs`, `global/join.rs`).
pub(crate) fn checked_as_cpu<R>(f: impl FnOnce() -> R) -> R {
    let before = CHECKS_AS_CPU.with(|c| c.replace(true));
    let result = f();
    CHECKS_AS_CPU.with(|c| c.set(before));
    result
}

/// `out_wrapper`'s end for the result of a reference computed elsewhere (`cat`'s, `tensor/join.rs`): `out`
/// resized to the result's shape, then the device and safe-cast checks (see [`Decided::copy_out`]).
pub(super) fn copy_reference_result(
    shape: &[usize],
    strides: &[usize],
    dtype: DType,
    device: Device,
    out: &mut Tensor,
) -> Result<()> {
    Decided { shape: shape.into(), strides: strides.into(), dtype, device }.copy_out(out)
}

/// PyTorch's message for subtracting two bool tensors.
const SUB_BOOL_MSG: &str = "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or \
                            `logical_xor()` operator instead.";

/// Whether an operation on these operands into `output` takes PyTorch's meta path: a meta tensor among the
/// operands or the `out=` tensor (an in-place target is the first operand).
pub(crate) fn involves_meta(lhs: &Operand, rhs: &Operand, output: &Output<'_>) -> bool {
    let out = match output {
        Output::Out(t) => Some(&**t),
        _ => None,
    };
    [lhs.tensor(), rhs.tensor(), out].into_iter().flatten().any(Tensor::is_meta)
}

/// `op(lhs, rhs)` into `output` when [`involves_meta`] says so: the result's geometry and dtype without data, and
/// PyTorch's errors, as its references give them. Returns the new tensor, the in-place target or the `out=`
/// tensor.
pub(crate) fn binary(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    match output {
        Output::New => functional(op, lhs, rhs)?.allocate(),
        Output::Out(out) => {
            check_out_device(lhs.tensor(), out)?;
            let result = functional(op, lhs, rhs)?;
            result.copy_out(out)?;
            Ok(out.clone())
        }
        Output::InPlace => in_place(op, lhs, rhs),
    }
}

/// A unary operation (`_make_elementwise_unary_reference`) with `a` or `out` on the meta device: `out=`'s device
/// check, the reference's own dtype check (the row's `meta`), then the new result, `a` untouched in place, or
/// `out` resized, each copy checked by `out_wrapper` as the row's `meta` says ([`MetaOut`]).
pub(crate) fn unary(op: UnaryOp, parameters: UnaryParameters, a: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let info = op.info();
    if let Output::Out(out) = &output {
        if info.meta_out == MetaOut::ResizeOutput {
            check_resize_output_device(a, out)?;
        } else {
            check_out_device(Some(a), out)?;
        }
    }
    (info.meta_check)(op, a.dtype())?;
    let decided = unary_result(op, a)?;
    let check_target = |target: &Tensor| -> Result<()> {
        match info.meta_out {
            MetaOut::ResizeOutput => return Ok(()),
            MetaOut::Exact if target.dtype() != decided.dtype => {
                runtime_err!("Expected out tensor to have dtype {} but got {} instead", decided.dtype, target.dtype())
            }
            MetaOut::Exact | MetaOut::Cast => {}
        }
        decided.check_copy_into(target)
    };
    match output {
        Output::New => decided.allocate(),
        Output::InPlace => {
            check_target(a)?;
            Ok(a.clone())
        }
        Output::Out(out) => {
            if out.sizes() != decided.shape.as_slice() {
                resize(out, &decided.shape)?;
            }
            if let UnaryParameters::Decimals(d) = parameters {
                // the `out=` form of `round.decimals`' reference meets `10 ** abs(decimals)` as an integer, which
                // Python converts to no 64-bit type past 2^64
                if d.unsigned_abs() >= 20 {
                    return Err(Error::Overflow("int too big to convert".into()));
                }
            }
            check_target(out)?;
            Ok(out.clone())
        }
    }
}

/// A zero-dim CPU tensor, which PyTorch's references exempt from device checks and layouts
/// (`is_cpu_scalar_tensor`).
fn is_cpu_scalar(t: &Tensor) -> bool {
    t.dim() == 0 && t.device().is_cpu()
}

/// PyTorch's `RuntimeError` for a result that `out_wrapper` will not copy across devices.
pub(super) fn cross_device(from: Device, to: Device) -> Error {
    Error::Runtime(format!(
        "Attempting to copy from device {from} to device {to}, but cross-device copies are not allowed!"
    ))
}

/// `_resize_output_(out, sizes, a.device)`, whose only kernel is the meta backend's: an `out` on another
/// backend has none to run, and a meta `out` must be on `a`'s device.
fn check_resize_output_device(a: &Tensor, out: &Tensor) -> Result<()> {
    if !out.is_meta() {
        let backend = crate::sparse::view::backend_name(out.device());
        return Err(Error::NotImplemented(format!(
            "Could not run 'aten::_resize_output_' with arguments from the '{backend}' backend."
        )));
    }
    if a.device() != out.device() {
        runtime_err!("out Tensor doesn't have the correct device set")
    }
    Ok(())
}

/// `out_wrapper`'s first check: the first positional argument, when it is a tensor, must be on `out`'s device.
fn check_out_device(first: Option<&Tensor>, out: &Tensor) -> Result<()> {
    match first {
        Some(t) if t.device() != out.device() => Err(cross_device(t.device(), out.device())),
        _ => Ok(()),
    }
}

/// What a reference returns for a functional call: a tensor's geometry, dtype and device.
#[derive(Debug)]
struct Decided {
    shape: Dims,
    strides: Dims,
    dtype: DType,
    device: Device,
}

impl Decided {
    /// A result of `shape` on `device` in `dtype`, laid out as the primitive output `layout`.
    fn new(shape: Dims, layout: &PrimArg, dtype: DType, device: Device) -> Result<Decided> {
        // the result is allocated before anything else looks at it: its sizes' product must fit
        shape::check_numel(&shape)?;
        Ok(Decided { strides: layout.strides(&shape), shape, dtype, device })
    }

    /// A zero-dim CPU tensor, which `out_wrapper` copies into an `out=` tensor on any device.
    fn is_cpu_scalar(&self) -> bool {
        self.shape.is_empty() && self.device.is_cpu()
    }

    /// The result as a new tensor.
    fn allocate(&self) -> Result<Tensor> {
        factory::empty_strided(&self.shape, &self.strides, (self.dtype, self.device))
    }

    /// `_safe_copy_out` into a tensor of `out`'s device and dtype: no copy across devices (but a CPU scalar goes
    /// anywhere), and only casts `can_safe_cast_to` allows.
    fn check_copy_into(&self, out: &Tensor) -> Result<()> {
        if !self.is_cpu_scalar() && self.device != out.device() {
            return Err(cross_device(self.device, out.device()));
        }
        if !can_safe_cast_to(out.dtype(), self.dtype) {
            runtime_err!(
                "Attempting to cast from {} to out tensor with dtype {}, but this can't be cast because it is not safe!",
                self.dtype,
                out.dtype()
            )
        }
        Ok(())
    }

    /// `out_wrapper`'s end: `out` resized to the result's shape (contiguous) when it has another, which stays even
    /// when the copy is then refused, and the copy's checks. Meta tensors hold no values to copy; a result that
    /// is not on the meta device was computed only to be refused, or is a CPU scalar whose value a meta `out`
    /// cannot hold.
    fn copy_out(&self, out: &mut Tensor) -> Result<()> {
        if out.sizes() != self.shape.as_slice() {
            resize(out, &self.shape)?;
        }
        self.check_copy_into(out)
    }
}

/// `out.resize_(shape)`: contiguous strides from the same storage offset; the storage is kept when it holds the new
/// geometry, else replaced by a larger one holding the old contents (other views keep the old storage).
fn resize(out: &mut Tensor, shape: &[usize]) -> Result<()> {
    let strides = shape::contiguous_strides(shape);
    let offset = out.storage_offset();
    let old = out.storage().clone();
    let Some(len) = shape::checked_storage_len(shape, &strides, old.dtype().itemsize()) else {
        runtime_err!(
            "Storage size calculation overflowed with sizes={} and strides={}",
            shape::fmt_list(shape),
            shape::fmt_list(&strides)
        )
    };
    let needed = if len == 0 { 0 } else { len.saturating_add(offset) };
    let resized = if needed <= old.len() {
        Tensor::from_storage(old, offset, shape, &strides)?
    } else {
        let grown = factory::empty(&[needed], (old.dtype(), old.device()))?;
        if old.has_data() && !old.is_empty() {
            let contents = Tensor::from_storage(old.clone(), 0, &[old.len()], &[1])?;
            grown.narrow(0, 0, old.len() as i64)?.copy_(&contents)?;
        }
        Tensor::from_storage(grown.storage().clone(), offset, shape, &strides)?
    };
    *out = resized;
    Ok(())
}

/// An operand once `elementwise_type_promotion_wrapper` converted it and `_maybe_broadcast` broadcast it.
#[derive(Debug)]
enum Input<'a> {
    /// A Python number.
    Number(Scalar),
    /// A zero-dim CPU tensor: never broadcast, exempt from device checks, no part in layouts.
    CpuScalar(&'a Tensor),
    /// Any other tensor, with its strides once converted to the computation dtype and broadcast.
    Tensor(&'a Tensor, Dims),
}

impl Input<'_> {
    /// The tensor's device, for a tensor.
    fn device(&self) -> Option<Device> {
        match self {
            Input::Number(_) => None,
            Input::CpuScalar(t) | Input::Tensor(t, _) => Some(t.device()),
        }
    }

    /// How the operand takes part in a primitive's layout: not at all for numbers and CPU scalars.
    fn prim_arg(&self) -> Option<PrimArg> {
        match self {
            Input::Tensor(_, strides) => Some(PrimArg::Strided(strides.clone())),
            _ => None,
        }
    }
}

/// The operands of a binary reference after its type promotion wrapper and `_maybe_broadcast`.
struct Promoted<'a> {
    /// The dtype the operation computes in.
    compute: DType,
    /// The dtype of the result.
    result: DType,
    /// The broadcast shape of the tensor operands.
    shape: Dims,
    /// `a`, `b`.
    inputs: [Input<'a>; 2],
}

impl<'a> Promoted<'a> {
    /// `elementwise_type_promotion_wrapper` of `kind`, then `_maybe_broadcast` (its error, M1, comes after the
    /// dtypes, which cannot fail).
    fn new(a: &'a Operand, b: &'a Operand, kind: PromotionKind) -> Result<Promoted<'a>> {
        let (compute, result) = elementwise_dtypes(&[a.promotion_class(), b.promotion_class()], kind);
        let shapes: SmallVec<[&[usize]; 2]> =
            [a, b].into_iter().filter_map(Operand::tensor).map(Tensor::sizes).collect();
        let shape = broadcast_shapes(&shapes)?;
        let input = |o: &'a Operand| match o {
            Operand::Scalar(s) => Input::Number(*s),
            Operand::Tensor(t) if is_cpu_scalar(t) => Input::CpuScalar(t),
            Operand::Tensor(t) => {
                let strides: Dims = if t.dtype() == compute {
                    t.strides().into()
                } else {
                    r::converted_strides(t.sizes(), t.strides())
                };
                Input::Tensor(t, r::expanded_strides(t.sizes(), &strides, &shape))
            }
        };
        let inputs = [input(a), input(b)];
        Ok(Promoted { compute, result, shape, inputs })
    }

    /// Whether both operands are tensors (CPU scalars included).
    fn both_tensors(&self) -> bool {
        self.inputs.iter().all(|i| !matches!(i, Input::Number(_)))
    }

    /// The primitive's device check over `inputs` (CPU scalars exempt): its device, or the CPU when every tensor
    /// is a CPU scalar.
    fn prim_device(&self) -> Result<Device> {
        prim_device(self.inputs.iter().filter(|i| matches!(i, Input::Tensor(..))).filter_map(Input::device))
    }

    /// The layout of the primitive over both operands.
    fn prim_layout(&self) -> PrimArg {
        let args: SmallVec<[PrimArg; 2]> = self.inputs.iter().filter_map(Input::prim_arg).collect();
        let refs: SmallVec<[&PrimArg; 2]> = args.iter().collect();
        prim_output(&self.shape, &refs)
    }

    /// The divisor's values hold a zero: what the CPU's integer division raises on, over a result with elements.
    fn divisor_has_zero(&self) -> Result<bool> {
        if shape::numel(&self.shape) == 0 {
            return Ok(false);
        }
        Ok(match &self.inputs[1] {
            Input::Number(s) => !s.to_bool(),
            Input::CpuScalar(t) | Input::Tensor(t, _) => t.to_scalars()?.iter().any(|s| !s.to_bool()),
        })
    }
}

/// `check_same_device(*args, allow_cpu_scalar_tensors=True)` over the devices of a primitive's tensors that are
/// not CPU scalars, in argument order: the first sets the device the others must be on. The CPU when there is none.
fn prim_device(devices: impl IntoIterator<Item = Device>) -> Result<Device> {
    let mut expected: Option<Device> = None;
    for device in devices {
        match expected {
            None => expected = Some(device),
            Some(e) if e != device => runtime_err!("Tensor on device {device} is not on the expected device {e}!"),
            Some(_) => {}
        }
    }
    Ok(expected.unwrap_or_else(Device::cpu))
}

/// The error integer division by zero raises when the primitives compute on the CPU.
fn zero_division() -> Error {
    Error::Runtime("ZeroDivisionError".into())
}

/// The functional form of `op` (its reference, or for `floor_divide` its decomposition).
fn functional(op: BinaryOp, a: &Operand, b: &Operand) -> Result<Decided> {
    let floor = BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) };
    match (op.info().meta, op) {
        // the decomposition calls `torch.div(a, b, rounding_mode="floor")`, which runs where its operands are
        (MetaRule::FloorDivide, _) if ![a, b].into_iter().filter_map(Operand::tensor).any(Tensor::is_meta) => {
            let t = super::ops::binary_op(floor, a, b, Output::New)?;
            Ok(Decided { shape: t.sizes().into(), strides: t.strides().into(), dtype: t.dtype(), device: t.device() })
        }
        (MetaRule::FloorDivide, _) => floor_divide(a, b),
        (MetaRule::Div, BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }) => floor_divide(a, b),
        (MetaRule::Div, BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }) => trunc_divide(a, b),
        (MetaRule::AddSub, BinaryOp::Add { alpha }) => add_sub(a, b, alpha, false),
        (MetaRule::AddSub, BinaryOp::Sub { alpha }) => add_sub(a, b, alpha, true),
        // `_refs.pow`'s number cases (`a * a`, `sqrt(a)`, `fill(b, True)`) lay out their results as the primitive
        (MetaRule::Pow, _) => elementwise(a, b, PromotionKind::BoolToLong),
        (MetaRule::Copysign, _) => copysign(a, b),
        (MetaRule::Xlogy, _) => xlogy(a, b),
        (MetaRule::NoComplex, _) => {
            let kind = promotion_kind(op);
            let (compute, _) = elementwise_dtypes(&[a.promotion_class(), b.promotion_class()], kind);
            if compute.is_complex() {
                runtime_err!("{} doesn't support complex dtypes", op.info().name)
            }
            elementwise(a, b, kind)
        }
        _ => elementwise(a, b, promotion_kind(op)),
    }
}

/// The type promotion of `op`'s reference, as its iterator configuration says: to float for true division, to
/// bool for comparisons, else the default.
fn promotion_kind(op: BinaryOp) -> PromotionKind {
    let config = op.iter_config();
    if config.promote_integer_inputs_to_float {
        PromotionKind::IntToFloat
    } else if config.static_dtype == Some(DType::Bool) {
        PromotionKind::AlwaysBool
    } else {
        PromotionKind::Default
    }
}

/// `_make_elementwise_binary_reference` over one primitive (mul, maximum, minimum, comparisons, true division):
/// promotion, broadcast, the primitive's device check and layout.
fn elementwise(a: &Operand, b: &Operand, kind: PromotionKind) -> Result<Decided> {
    let p = Promoted::new(a, b, kind)?;
    let device = p.prim_device()?;
    Decided::new(p.shape.clone(), &p.prim_layout(), p.result, device)
}

/// The layout of a unary reference (`signbit`, `abs`, `log`, ...) over `input`, as a primitive over it alone lays
/// out its result.
fn unary_layout(shape: &[usize], input: &PrimArg) -> PrimArg {
    prim_output(shape, &[input])
}

/// `_refs.copysign`: its device check of two tensors (a CPU scalar included), then `where(signbit(b),
/// neg(abs(a)), abs(a))` over the promoted and broadcast operands: laid out by `signbit(b)` first, then `abs(a)`
/// (a number `b` is a zero-dim tensor there, which lays out nothing).
fn copysign(a: &Operand, b: &Operand) -> Result<Decided> {
    if let (Some(x), Some(y)) = (a.tensor(), b.tensor()) {
        if x.device() != y.device() {
            runtime_err!(
                "Expected divisor (b) to be on the same device ({}) as dividend (a), but it is found on {}!",
                x.device(),
                y.device()
            )
        }
    }
    let p = Promoted::new(a, b, PromotionKind::IntToFloat)?;
    let device = p.prim_device()?;
    let [sign, magnitude] = [&p.inputs[1], &p.inputs[0]].map(|i| i.prim_arg().map(|arg| unary_layout(&p.shape, &arg)));
    let args: SmallVec<[&PrimArg; 3]> =
        [sign.as_ref(), magnitude.as_ref(), magnitude.as_ref()].into_iter().flatten().collect();
    Decided::new(p.shape.clone(), &prim_output(&p.shape, &args), p.result, device)
}

/// `_refs.xlogy` over the promoted operands (not broadcast first): `rhs = where(eq(a, 0), 0, mul(a, log(b)))`, then
/// `where(isnan(b), nan, rhs)`, where `eq(a, 0)`, `log(b)` and `isnan(b)` are laid out on their operand's own shape
/// and each primitive broadcasts what it takes.
fn xlogy(a: &Operand, b: &Operand) -> Result<Decided> {
    let p = Promoted::new(a, b, PromotionKind::IntToFloat)?;
    let device = p.prim_device()?;
    let shape = &p.shape;
    // a unary reference's layout on a tensor operand's own shape, once converted, broadcast to `shape`
    let unary = |o: &Operand| -> Option<PrimArg> {
        let t = o.tensor().filter(|t| !is_cpu_scalar(t))?;
        let strides: Dims =
            if t.dtype() == p.compute { t.strides().into() } else { r::converted_strides(t.sizes(), t.strides()) };
        let own = unary_layout(t.sizes(), &PrimArg::Strided(strides));
        Some(PrimArg::Strided(r::expanded_strides(t.sizes(), &own.strides(t.sizes()), shape)))
    };
    let (is_zero, log) = (unary(a), unary(b));
    let over = |args: &[Option<&PrimArg>]| {
        let args: SmallVec<[&PrimArg; 2]> = args.iter().flatten().copied().collect();
        prim_output(shape, &args)
    };
    let product_input = p.inputs[0].prim_arg();
    let product = over(&[product_input.as_ref(), log.as_ref()]);
    let rhs = over(&[is_zero.as_ref(), Some(&product)]);
    Decided::new(p.shape.clone(), &over(&[log.as_ref(), Some(&rhs)]), p.result, device)
}

/// Whether a number equals 1 as Python compares it (`True`, `1.0` and `1+0j` do).
fn is_one(s: &Scalar) -> bool {
    match *s {
        Scalar::Bool(b) => b,
        Scalar::Int(i) => i == 1,
        Scalar::UInt(_) => false,
        Scalar::Float(f) => f == 1.0,
        Scalar::Complex(c) => c.re == 1.0 && c.im == 0.0,
    }
}

/// `_refs.add` / `_refs.sub`: promotion, broadcast, sub's bool check (M12), alpha's type check (M11) and its
/// product with `b` (laid out alone), the primitive.
fn add_sub(a: &Operand, b: &Operand, alpha: Scalar, subtract: bool) -> Result<Decided> {
    let p = Promoted::new(a, b, PromotionKind::Default)?;
    if subtract && p.both_tensors() && p.compute == DType::Bool {
        return Err(Error::NotImplemented(SUB_BOOL_MSG.into()));
    }
    // add checks a given alpha; sub one that is not 1 (`alpha=1` of add is taken as no alpha, see the module doc)
    let given = if subtract { !is_one(&alpha) } else { alpha != Scalar::Int(1) };
    let mut args: SmallVec<[PrimArg; 2]> = SmallVec::new();
    args.extend(p.inputs[0].prim_arg());
    if let Some(b_arg) = p.inputs[1].prim_arg() {
        args.push(if given { prim_output(&p.shape, &[&b_arg]) } else { b_arg });
    }
    if given {
        let (alpha_type, python_type) = (r::number_category(&alpha), p.compute.category());
        if (subtract || python_type != Category::Bool) && alpha_type > python_type {
            return Err(Error::Value(format!(
                "alpha argument of type {} cannot be safely cast to type {}!",
                r::python_type_name(alpha_type),
                r::python_type_name(python_type)
            )));
        }
    }
    if given && p.compute == DType::Bool && !matches!(alpha, Scalar::Bool(_)) {
        // `prims.mul(b, alpha)` of a `b` with data runs its kernel, which promotes bool times a number; the
        // primitive's dtype check then refuses the product (before its device check)
        if !matches!(p.inputs[0], Input::Number(_)) && b.tensor().is_some_and(|t| !t.is_meta()) {
            let product = crate::promotion::scalar_dtype(&alpha);
            runtime_err!("Tensor with dtype {product} is not the expected dtype of {}!", DType::Bool)
        }
    }
    let device = p.prim_device()?;
    if subtract && !device.is_meta() && p.compute == DType::Bool {
        // the primitive subtracts on the CPU, whose kernel refuses bools
        return Err(Error::NotImplemented(SUB_BOOL_MSG.into()));
    }
    let refs: SmallVec<[&PrimArg; 2]> = args.iter().collect();
    Decided::new(p.shape.clone(), &prim_output(&p.shape, &refs), p.result, device)
}

/// `trunc_divide`: `prims.div` for integers, `trunc(prims.div(a, b))` for every other dtype (bool and complex
/// included), whose unary step lays the result out again from the quotient alone.
fn trunc_divide(a: &Operand, b: &Operand) -> Result<Decided> {
    let p = Promoted::new(a, b, PromotionKind::Default)?;
    let device = p.prim_device()?;
    if device.is_cpu() {
        // the primitives compute on the CPU (the first operand is then a number): an integral one truncates there
        match p.compute {
            DType::Bool => {
                return Err(Error::NotImplemented("\"div_trunc_cpu\" not implemented for 'Bool'".into()));
            }
            d if d.is_integral(false) && p.divisor_has_zero()? => return Err(zero_division()),
            d if d.is_complex() => {
                return Err(Error::NotImplemented("trunc is not supported for complex inputs".into()));
            }
            _ => {}
        }
    }
    let quotient = p.prim_layout();
    let layout = if p.compute.is_integral(false) { quotient } else { prim_output(&p.shape, &[&quotient]) };
    Decided::new(p.shape.clone(), &layout, p.result, device)
}

/// `_refs.floor_divide`: promotion and broadcast, numbers made zero-dim tensors on the other operand's device, a
/// divisor on another device than a non-CPU dividend moved to it (M15 for a CPU dividend), then the computation
/// dtype's branch (M16 for bool and complex).
fn floor_divide(a: &Operand, b: &Operand) -> Result<Decided> {
    let p = Promoted::new(a, b, PromotionKind::Default)?;
    let device = match (p.inputs[0].device(), p.inputs[1].device()) {
        (None, None) => Device::cpu(),
        (Some(d), None) | (None, Some(d)) => d,
        (Some(da), Some(db)) if da != db && da.is_cpu() => runtime_err!(
            "Expected divisor (b) to be on the same device ({da}) as dividend (a), but it is found on {db}!"
        ),
        (Some(da), Some(_)) => da,
    };
    let arg = |i: &Input<'_>| i.prim_arg().unwrap_or(PrimArg::ZeroDim);
    let (pa, pb) = (arg(&p.inputs[0]), arg(&p.inputs[1]));
    let layout = if p.compute.is_floating_point() {
        floor_divide_float_layout(&p.shape, &pa, &pb)
    } else if p.compute.is_integral(false) {
        if device.is_cpu() && p.divisor_has_zero()? {
            return Err(zero_division());
        }
        floor_divide_integer_layout(&p.shape, &pa.broadcast(&p.shape), &pb.broadcast(&p.shape), p.compute.is_signed())
    } else {
        runtime_err!("{} not supported for floor_divide", p.compute)
    };
    Decided::new(p.shape.clone(), &layout, p.result, device)
}

/// The layout of `_floor_divide_integer(a, b)` over broadcast operands: `prims.div(a, b)` for unsigned dtypes, else
/// the quotient minus `(signbit(a) != signbit(b)).logical_and(fmod(a, b) != 0)` converted to the dtype (a
/// conversion that keeps the dense strides of its input).
fn floor_divide_integer_layout(shape: &[usize], a: &PrimArg, b: &PrimArg, signed: bool) -> PrimArg {
    let p = |args: &[&PrimArg]| prim_output(shape, args);
    let quotient = p(&[a, b]);
    if !signed {
        return quotient;
    }
    let signs_differ = p(&[&p(&[a]), &p(&[b])]);
    let remainder_nonzero = p(&[&p(&[a, b])]);
    let offset = p(&[&signs_differ, &remainder_nonzero]);
    p(&[&quotient, &offset])
}

/// The layout of `_floor_divide_float(a, b)`, replayed primitive by primitive (each reference broadcasts its own
/// operands: a zero-dim one counts with stride 0 among others, and stays zero-dim alone).
fn floor_divide_float_layout(shape: &[usize], a: &PrimArg, b: &PrimArg) -> PrimArg {
    let p = |args: &[&PrimArg]| prim_output(shape, args);
    // mod = fmod(a, b); div = true_divide(sub(a, mod), b)
    let modulo = p(&[a, b]);
    let div = p(&[&p(&[a, &modulo]), b]);
    // mask = bitwise_and(ne(mod, 0), bitwise_xor(lt(a, 0), lt(b, 0))); div = where(mask, sub(div, 1), div)
    let different_signs = p(&[&p(&[a]), &p(&[b])]);
    let mask = p(&[&p(&[&modulo]), &different_signs]);
    let div = p(&[&mask, &p(&[&div]), &div]);
    // floor_div = floor(div); floor_div = where(gt(sub(div, floor_div), 0.5), add(floor_div, 1), floor_div)
    let floor_div = p(&[&div]);
    let mask = p(&[&p(&[&div, &floor_div])]);
    let floor_div = p(&[&mask, &p(&[&floor_div]), &floor_div]);
    // basic_div = true_divide(a, b); copysign(zero, basic_div) broadcasts the zero-dim zero first, then is
    // where(signbit(basic_div), neg(abs(zero)), abs(zero))
    let basic_div = p(&[a, b]);
    let zero = match &basic_div {
        PrimArg::ZeroDim => PrimArg::ZeroDim,
        PrimArg::Strided(_) => PrimArg::ZeroDim.broadcast(shape),
    };
    let abs_zero = p(&[&zero]);
    let copysign = p(&[&p(&[&basic_div]), &p(&[&abs_zero]), &abs_zero]);
    // floor_div = where(ne(div, 0), floor_div, copysign); where(ne(b, 0), floor_div, basic_div)
    let floor_div = p(&[&p(&[&div]), &floor_div, &copysign]);
    p(&[&p(&[b]), &floor_div, &basic_div])
}

/// The in-place forms: their meta registrations (`add_`, `sub_`, `mul_`, `div_`) or `_make_inplace`. Returns the
/// target, untouched.
fn in_place(op: BinaryOp, a: &Operand, b: &Operand) -> Result<Tensor> {
    let Operand::Tensor(target) = a else { runtime_err!("an in-place operation needs a tensor as its first operand") };
    let other_shape: SmallVec<[&[usize]; 1]> = b.tensor().map(Tensor::sizes).into_iter().collect();
    match (op.info().meta_inplace, op) {
        (MetaInPlace::BinopAlpha, _) => {
            // `meta_binop_inplace_alpha`: no alpha, device, complex or bool-subtraction check
            let floatic = match b {
                Operand::Tensor(t) => t.dtype().is_floating_point(),
                Operand::Scalar(s) => matches!(s, Scalar::Float(_)),
            };
            let booleanic = match b {
                Operand::Tensor(t) => t.dtype() == DType::Bool,
                Operand::Scalar(s) => matches!(s, Scalar::Bool(_)),
            };
            if target.dtype().is_integral(false) && floatic {
                runtime_err!(
                    "Promotion of int.add/sub_(float) in in-place ops are not possible due to element size change."
                )
            }
            if target.dtype() == DType::Bool && !booleanic {
                runtime_err!(
                    "Promotion of bool.add/sub_(others) in in-place ops are not possible due to element size change."
                )
            }
            check_inplace_broadcast(target.sizes(), &other_shape)?;
        }
        // `meta_binop_inplace`: the shapes only
        (MetaInPlace::Binop, _) => check_inplace_broadcast(target.sizes(), &other_shape)?,
        (MetaInPlace::Div, BinaryOp::Div { rounding_mode: None }) => {
            // `meta_div_inplace`: the true division's result dtype must cast safely, before the shapes
            let (_, result) =
                elementwise_dtypes(&[a.promotion_class(), b.promotion_class()], PromotionKind::IntToFloat);
            if !can_safe_cast_to(target.dtype(), result) {
                runtime_err!("result type {result} can't be cast to the desired output type {}", target.dtype())
            }
            check_inplace_broadcast(target.sizes(), &other_shape)?;
        }
        (MetaInPlace::CompositeOut, _) if b.tensor().is_some_and(|t| t.device() != target.device()) => {
            // the `.out` overload's meta kernel with a CPU and a meta tensor: the shapes only, `self` untouched
            check_inplace_broadcast(target.sizes(), &other_shape)?;
        }
        _ => {
            // `_make_inplace(fn)`: the shapes first, then `fn(a, b, out=a)` (`floor_divide_` takes the reference,
            // not the decomposition)
            check_inplace_broadcast(target.sizes(), &other_shape)?;
            let op = match op {
                BinaryOp::FloorDivide => BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) },
                other => other,
            };
            functional(op, a, b)?.check_copy_into(target)?;
        }
    }
    Ok(target.clone())
}

/// The reference of unary `op` on `a`: its result dtype (float16 and bfloat16 computed in float32, integers
/// converted first where the result is floating), the primitive's layout. The reference's own checks come
/// before (`tensor/unary.rs`, the row's `meta`).
fn unary_result(op: UnaryOp, a: &Tensor) -> Result<Decided> {
    let dtype = crate::tensor::unary::result_dtype(op, a.dtype())?;
    let layout = if is_cpu_scalar(a) {
        PrimArg::ZeroDim
    } else {
        let converted = a.dtype().compute_dtype() != a.dtype() || dtype.compute_dtype() != a.dtype().compute_dtype();
        let strides: Dims = if converted { r::converted_strides(a.sizes(), a.strides()) } else { a.strides().into() };
        prim_output(a.sizes(), &[&PrimArg::Strided(strides)])
    };
    Decided::new(a.sizes().into(), &layout, dtype, a.device())
}

/// An operand of a reference of several operands, once its type promotion wrapper converted it to `compute` and
/// `_maybe_broadcast` broadcast it to `shape`.
fn promoted_input<'a>(o: &'a Operand, compute: DType, shape: &[usize]) -> Input<'a> {
    match o {
        Operand::Scalar(s) => Input::Number(*s),
        Operand::Tensor(t) if is_cpu_scalar(t) => Input::CpuScalar(t),
        Operand::Tensor(t) => {
            let strides: Dims =
                if t.dtype() == compute { t.strides().into() } else { r::converted_strides(t.sizes(), t.strides()) };
            Input::Tensor(t, r::expanded_strides(t.sizes(), &strides, shape))
        }
    }
}

/// A reference of several operands whose result is one primitive over all of them (`prims.where`, and `clamp`'s
/// chain of `where`s): `check_same_device` over the operands (CPU scalars exempt), the reference's own `check`,
/// `_maybe_broadcast`, then the primitive's layout; the operands are promoted to `compute`, the result is `result`.
fn several(
    operands: &[&Operand],
    compute: DType,
    result: DType,
    check: impl FnOnce() -> Result<()>,
) -> Result<Decided> {
    let devices = operands.iter().filter_map(|o| o.tensor()).filter(|t| !is_cpu_scalar(t)).map(Tensor::device);
    let device = prim_device(devices)?;
    check()?;
    let shapes: SmallVec<[&[usize]; 3]> = operands.iter().filter_map(|o| o.tensor()).map(Tensor::sizes).collect();
    let shape = broadcast_shapes(&shapes)?;
    let inputs: SmallVec<[Input<'_>; 3]> = operands.iter().map(|o| promoted_input(o, compute, &shape)).collect();
    let args: SmallVec<[PrimArg; 3]> = inputs.iter().filter_map(Input::prim_arg).collect();
    let refs: SmallVec<[&PrimArg; 3]> = args.iter().collect();
    Decided::new(shape.clone(), &prim_output(&shape, &refs), result, device)
}

/// `_refs.where` with a meta tensor among its operands or its `out=` (`out_wrapper(exact_dtype=True)`): the
/// promotion of `a` and `b` (`NO_OPMATH`), the device check, a bool predicate, the broadcast, `prims.where`.
pub(crate) fn where_(condition: &Tensor, a: &Operand, b: &Operand, output: Output<'_>) -> Result<Tensor> {
    if let Output::Out(out) = &output {
        check_out_device(Some(condition), out)?;
    }
    let (_, result) = elementwise_dtypes(&[a.promotion_class(), b.promotion_class()], PromotionKind::Default);
    let pred = Operand::Tensor(condition.clone());
    let decided = several(&[&pred, a, b], result, result, || {
        if condition.dtype() != DType::Bool {
            runtime_err!("expected predicate to be bool, got {}", condition.dtype())
        }
        Ok(())
    })?;
    match output {
        Output::Out(out) => {
            if out.sizes() != decided.shape.as_slice() {
                resize(out, &decided.shape)?;
            }
            if !decided.is_cpu_scalar() && decided.device != out.device() {
                return Err(cross_device(decided.device, out.device()));
            }
            if out.dtype() != decided.dtype {
                runtime_err!("Expected out tensor to have dtype {} but got {} instead", decided.dtype, out.dtype())
            }
            Ok(out.clone())
        }
        _ => decided.allocate(),
    }
}

/// Whether `where` or a clamp over these operands into `output` takes PyTorch's meta path (see
/// [`involves_meta`]).
pub(crate) fn involves_meta_any(operands: &[Option<&Tensor>], output: &Output<'_>) -> bool {
    let out = match output {
        Output::Out(t) => Some(&**t),
        _ => None,
    };
    operands.iter().copied().chain([out]).flatten().any(Tensor::is_meta)
}

/// `_refs.clamp` (and `clamp_min`, `clamp_max`, which call it) with a meta tensor among its operands or its `out=`:
/// neither bound is a `ValueError`; the promotion of every operand (`DEFAULT`: complex is accepted), an integral
/// result's range check of number bounds, the device check and broadcast, the layout of its `where`s; in place it is
/// `_make_inplace`.
pub(crate) fn clamp(a: &Tensor, min: Option<&Operand>, max: Option<&Operand>, output: Output<'_>) -> Result<Tensor> {
    if min.is_none() && max.is_none() {
        return Err(Error::Value("clamp called but both min and max are none!".into()));
    }
    if let Output::Out(out) = &output {
        check_out_device(Some(a), out)?;
    }
    let input = Operand::Tensor(a.clone());
    let operands: SmallVec<[&Operand; 3]> = std::iter::once(&input).chain(min).chain(max).collect();
    let classes: SmallVec<[crate::promotion::Operand; 3]> = operands.iter().map(|o| o.promotion_class()).collect();
    let (compute, result) = elementwise_dtypes(&classes, PromotionKind::Default);
    if result.is_integral(false) {
        let (lo, hi) = crate::scalar::int_range(result);
        for (bound, which) in [(min, "min"), (max, "max")] {
            if let Some(Operand::Scalar(Scalar::Int(v))) = bound {
                if (which == "min" && *v > hi) || (which == "max" && *v < lo) {
                    runtime_err!("Clamp {which} value {v} is outside the representable range of {result}")
                }
            }
        }
    }
    if matches!(output, Output::InPlace) {
        let shapes: SmallVec<[&[usize]; 2]> =
            [min, max].into_iter().flatten().filter_map(Operand::tensor).map(Tensor::sizes).collect();
        check_inplace_broadcast(a.sizes(), &shapes)?;
    }
    let decided = several(&operands, compute, result, || Ok(()))?;
    match output {
        Output::New => decided.allocate(),
        Output::InPlace => {
            decided.check_copy_into(a)?;
            Ok(a.clone())
        }
        Output::Out(out) => {
            decided.copy_out(out)?;
            Ok(out.clone())
        }
    }
}

/// `addcmul`, `addcdiv` and `lerp` with a meta tensor among their tensors or their `out=` (`_meta_registrations.py`,
/// behind `out_wrapper`): `operands` are the tensors the registration promotes (`lerp`'s number weight is not
/// among them). Its own checks (`lerp`: `end`, and a weight of dimensions, of `input`'s dtype; `addcdiv`: not two
/// integer divisor operands, bool allowed), then `elementwise_meta`: the `DEFAULT` promotion, the operands converted
/// to the result dtype, `_maybe_broadcast`, the primitive's device check (CPU scalars exempt) and layout. In place
/// (`_register_inplace_meta`) only the broadcast is checked against `self`, which keeps its dtype.
pub(crate) fn pointwise(op: TernaryOp, operands: &[&Operand], output: Output<'_>) -> Result<Tensor> {
    let tensors: SmallVec<[&Tensor; 3]> = operands.iter().filter_map(|o| o.tensor()).collect();
    let [first, second, ..] = tensors.as_slice() else {
        return Err(Error::Runtime(format!("internal error: {op:?} of fewer than two tensors")));
    };
    if let Output::Out(out) = &output {
        check_out_device(Some(first), out)?;
    }
    match op {
        TernaryOp::Lerp => {
            if first.dtype() != second.dtype() {
                runtime_err!("expected dtype {} for `end`, but got dtype {}", first.dtype(), second.dtype())
            }
            if let Some(weight) = tensors.get(2).filter(|w| w.dim() != 0 && w.dtype() != first.dtype()) {
                runtime_err!("expected dtype {} for `weight`, but got dtype {}", first.dtype(), weight.dtype())
            }
        }
        TernaryOp::Addcdiv if tensors[1..].iter().all(|t| t.dtype().is_integral(false)) => {
            // the registration's message is a tuple of the C++ message's parts (its first without the C++ double
            // space), printed as Python prints it
            let parts: Vec<String> = crate::tensor::pointwise::ADDCDIV_INTEGER_PARTS
                .iter()
                .map(|p| format!("'{}'", p.replace("future  ", "future ")))
                .collect();
            runtime_err!("({})", parts.join(", "))
        }
        _ => {}
    }
    let classes: SmallVec<[crate::promotion::Operand; 3]> = operands.iter().map(|o| o.promotion_class()).collect();
    let (_, result) = elementwise_dtypes(&classes, PromotionKind::Default);
    let shapes: SmallVec<[&[usize]; 3]> = tensors.iter().map(|t| t.sizes()).collect();
    // `_maybe_broadcast` refuses before the primitive checks devices
    broadcast_shapes(&shapes)?;
    let decided = several(operands, result, result, || Ok(()))?;
    match output {
        Output::New => decided.allocate(),
        Output::InPlace => {
            check_inplace_broadcast(first.sizes(), &[&decided.shape])?;
            Ok((*first).clone())
        }
        Output::Out(out) => {
            decided.copy_out(out)?;
            Ok(out.clone())
        }
    }
}
