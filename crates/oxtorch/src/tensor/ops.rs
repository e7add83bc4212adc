//! Arithmetic: `add`, `sub`, `mul`, `div` between tensors and Python-style numbers, with PyTorch's promotion,
//! in place (`add_` ...) and into `out=` tensors. The iterator ([`crate::iter::BinaryIter`]) decides shapes,
//! dtypes, strides and overlap; this file checks each operation's own rules (bool subtraction, alpha, division
//! by zero) and picks the kernel.

use super::Tensor;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{BinaryIter, Operand, Output};
use crate::kernels::cpu::arith::Arith;
use crate::kernels::cpu::binary::{binary, load, Rhs, CHUNK};
use crate::scalar::Scalar;
use crate::storage::{lock_all, split_exclusive, BufferAccess};

/// How `div` rounds its quotient (`rounding_mode=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundingMode {
    /// Toward zero (`"trunc"`).
    Trunc,
    /// Toward negative infinity (`"floor"`).
    Floor,
}

impl RoundingMode {
    /// Parses `"trunc"` / `"floor"`, with PyTorch's error otherwise.
    pub fn parse(s: &str) -> Result<RoundingMode> {
        match s {
            "trunc" => Ok(RoundingMode::Trunc),
            "floor" => Ok(RoundingMode::Floor),
            other => Err(Error::Runtime(format!(
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{other}'"
            ))),
        }
    }
}

/// One of the four arithmetic operations and its parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BinaryOp {
    /// `a + alpha * b`
    Add {
        /// the multiplier of `b`
        alpha: Scalar,
    },
    /// `a - alpha * b`
    Sub {
        /// the multiplier of `b`
        alpha: Scalar,
    },
    /// `a * b`
    Mul,
    /// `a / b`: true division (integers promote to the default dtype) or rounded.
    Div {
        /// `None` for true division.
        rounding_mode: Option<RoundingMode>,
    },
}

impl BinaryOp {
    /// `add` with `alpha = 1`.
    pub const ADD: BinaryOp = BinaryOp::Add { alpha: Scalar::Int(1) };
    /// `sub` with `alpha = 1`.
    pub const SUB: BinaryOp = BinaryOp::Sub { alpha: Scalar::Int(1) };
    /// true division.
    pub const DIV: BinaryOp = BinaryOp::Div { rounding_mode: None };
}

/// The kernel name PyTorch reports when a dtype has no kernel, e.g. `"div_trunc_cpu" not implemented for 'Bool'`.
fn not_implemented(kernel: &str, dtype: DType) -> Error {
    Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name()))
}

fn dtype_of(op: &Operand) -> DType {
    match op {
        Operand::Tensor(t) => t.dtype(),
        Operand::Scalar(s) => s.storage_dtype(),
    }
}

/// PyTorch's `sub_check`: no subtraction with bool operands.
fn check_sub(lhs: &Operand, rhs: &Operand) -> Result<()> {
    let (a, b) = (dtype_of(lhs) == DType::Bool, dtype_of(rhs) == DType::Bool);
    let message = if a && b {
        "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."
    } else if a || b {
        "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
    } else {
        return Ok(());
    };
    Err(Error::NotImplemented(message.into()))
}

/// PyTorch's `alpha_check` against the result dtype.
fn check_alpha(dtype: DType, alpha: &Scalar) -> Result<()> {
    if matches!(alpha, Scalar::Bool(_)) && dtype != DType::Bool {
        runtime_err!("Boolean alpha only supported for Boolean results.")
    }
    if !(dtype.is_floating_point() || dtype.is_complex()) && matches!(alpha, Scalar::Float(_) | Scalar::Complex(_)) {
        runtime_err!("For integral input tensors, argument alpha must not be a floating point number.")
    }
    if !dtype.is_complex() && matches!(alpha, Scalar::Complex(_)) {
        runtime_err!("Complex alpha only supported for complex results.")
    }
    Ok(())
}

/// Runs `op` on `lhs` and `rhs` into `output`: the one entry point behind every arithmetic method, function and
/// operator. Returns the result tensor (the output for in-place and `out=` forms).
pub fn binary_op(op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> Result<Tensor> {
    if matches!(op, BinaryOp::Sub { .. }) {
        check_sub(lhs, rhs)?;
    }
    let int_to_float = matches!(op, BinaryOp::Div { rounding_mode: None });
    let mut it = BinaryIter::build(lhs, rhs, output, int_to_float)?;
    let common = it.common_dtype;
    match op {
        BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } => {
            check_alpha(it.output.dtype(), &alpha)?;
            super::convert::check_scalar_fits(&alpha, common)?;
        }
        BinaryOp::Div { rounding_mode: Some(mode) } if common == DType::Bool || common.is_complex() => {
            let kernel = if mode == RoundingMode::Trunc { "div_trunc_cpu" } else { "div_floor_cpu" };
            return Err(not_implemented(kernel, common));
        }
        _ => {}
    }
    if !it.has_data() {
        return Ok(it.output);
    }
    it.separate_inputs()?;
    let plan = it.plan();
    let lhs_t = it.lhs.clone();
    let mut handles: smallvec::SmallVec<[(&crate::storage::Storage, bool); 3]> =
        smallvec::smallvec![(it.output.storage(), true), (it.rhs.storage(), false)];
    if let Some(l) = &lhs_t {
        handles.push((l.storage(), false));
    }
    {
        let (mut guards, index) = lock_all(&handles);
        let (out_buf, others) = index[0].and_then(|o| split_exclusive(&mut guards, o)).ok_or_else(internal)?;
        let rhs_buf = index[1].and_then(|i| others[i]).ok_or_else(internal)?;
        let lhs_buf = match index.get(2) {
            Some(i) => Some(i.and_then(|i| others[i]).ok_or_else(internal)?),
            None => None,
        };
        // a one-element second input is read once, from the buffer already locked
        let rhs_value = (it.rhs.numel() == 1).then(|| element_at(rhs_buf, it.rhs.storage_offset())).flatten();
        if matches!(op, BinaryOp::Div { rounding_mode: Some(_) }) && common.is_integral(false) {
            check_no_zero_divisor(&plan, rhs_buf, common)?;
        }
        crate::kernels::cpu::dispatch_compute!(common, D, C => {
            run::<D, C>(op, &plan, out_buf, lhs_buf, rhs_buf, rhs_value)
        })?;
    }
    Ok(it.output.clone())
}

/// The element at `offset` of a buffer, as a Python-style number.
fn element_at(buffer: &crate::storage::CpuBuffer, offset: usize) -> Option<Scalar> {
    crate::dispatch_dtype!(buffer.dtype(), T => T::slice(buffer).and_then(|s| s.get(offset)).map(|v| v.to_scalar()))
}

fn internal() -> Error {
    Error::Runtime("internal error: an operand's storage was not locked".into())
}

/// Integer division with a rounding mode by zero is an error (checked before any element is written).
fn check_no_zero_divisor(plan: &crate::iter::Plan, rhs: &crate::storage::CpuBuffer, common: DType) -> Result<()> {
    let found = crate::dispatch_dtype!(common, D => {
        let mut zero = false;
        let stride = plan.inner_stride(2);
        let mut chunk = [D::default(); CHUNK];
        plan.for_each_run(|offs, len| {
            let mut done = 0;
            while done < len && !zero {
                let n = CHUNK.min(len - done);
                load::<D, D>(rhs, offs[2] + done * stride, stride, &mut chunk[..n]);
                zero |= chunk[..n].contains(&D::default());
                done += n;
            }
        });
        zero
    });
    if found {
        runtime_err!("ZeroDivisionError")
    }
    Ok(())
}

/// Picks the element function for `op` in compute type `C` and runs the loop.
fn run<D: Element, C: Arith>(
    op: BinaryOp,
    plan: &crate::iter::Plan,
    out: &mut crate::storage::CpuBuffer,
    lhs: Option<&crate::storage::CpuBuffer>,
    rhs: &crate::storage::CpuBuffer,
    rhs_value: Option<Scalar>,
) -> Result<()> {
    // float16/bfloat16 multiply and divide by a one-element operand read it at compute precision, as PyTorch's
    // kernels do (`original_scalar_value`); everything else reads it rounded to the common dtype.
    let reduced = D::DTYPE != C::DTYPE;
    let scalar_rhs = rhs_value.is_some() && reduced && matches!(op, BinaryOp::Mul | BinaryOp::Div { .. });
    let rhs_arg = match rhs_value {
        Some(v) if scalar_rhs => Rhs::Value(C::from_scalar(v)),
        // a one-element operand is read once, rounded to the common dtype as its buffer would be
        Some(v) => Rhs::Value(D::from_scalar(v).cast::<C>()),
        None => Rhs::Buffer(rhs),
    };
    // rounding of intermediate results to the storage type where PyTorch computes in it (float16/bfloat16
    // rounded division against a tensor); the one-element path computes purely in float32
    let round = move |x: C| if scalar_rhs { x } else { x.cast::<D>().cast::<C>() };
    let is_one = |s: &Scalar| s.to_complex() == num_complex::Complex::new(1.0, 0.0);
    match op {
        BinaryOp::Add { alpha } if is_one(&alpha) => binary::<D, C>(plan, out, lhs, rhs_arg, C::add),
        BinaryOp::Sub { alpha } if is_one(&alpha) => binary::<D, C>(plan, out, lhs, rhs_arg, C::sub),
        BinaryOp::Add { alpha } => {
            let alpha: C = D::from_scalar(alpha).cast();
            binary::<D, C>(plan, out, lhs, rhs_arg, move |a, b| C::add(a, C::mul(alpha, b)))
        }
        BinaryOp::Sub { alpha } => {
            let alpha: C = D::from_scalar(alpha).cast();
            binary::<D, C>(plan, out, lhs, rhs_arg, move |a, b| C::sub(a, C::mul(alpha, b)))
        }
        BinaryOp::Mul => binary::<D, C>(plan, out, lhs, rhs_arg, C::mul),
        BinaryOp::Div { rounding_mode: None } => binary::<D, C>(plan, out, lhs, rhs_arg, C::div),
        BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) } => {
            binary::<D, C>(plan, out, lhs, rhs_arg, move |a, b| C::div_trunc_rounding(a, b, round))
        }
        BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) } => {
            binary::<D, C>(plan, out, lhs, rhs_arg, move |a, b| C::div_floor_rounding(a, b, round))
        }
    }
    Ok(())
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

/// `op(lhs, rhs)` written into `out` (`torch.add(..., out=out)`): an `out` without elements is replaced by a
/// tensor of the result's shape (keeping its dtype and device); a non-empty one of the wrong shape is an error.
pub fn binary_out(op: BinaryOp, lhs: impl Into<Operand>, rhs: impl Into<Operand>, out: &mut Tensor) -> Result<Tensor> {
    binary_op(op, &lhs.into(), &rhs.into(), Output::Out(out))
}
