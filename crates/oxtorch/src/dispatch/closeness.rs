//! `torch.isclose` and `torch.allclose`, composed of the elementwise operations in the order PyTorch composes them
//! (`isclose` in `TensorCompare.cpp`), so that every kind of tensor and every device gets PyTorch's rules from the
//! operations themselves: the result is laid out as `input == other` is, a sparse operand meets `eq`'s refusal,
//! and meta tensors, CUDA tensors and global tensors take the paths of their operations.
//!
//! The composition: both dtypes must be the same; `rtol` and `atol` non-negative; `close = input == other`, or'ed
//! with NaN on both sides under `equal_nan` (floating and complex dtypes); with two zero tolerances that is all.
//! Otherwise a bool `input` is converted to the default dtype, and `other` too when `input` is bool or an integer;
//! then `close |= isfinite(|input - other|) & (|input - other| <= atol + |rtol * other|)`, each operation rounding
//! in its own dtype (`rtol` and `atol` are numbers to the operations, so float32 tensors see them in float32).

use super::{binary, unary, AnyOperand, AnyOutput, AnyTensor};
use crate::error::{runtime_err, Result};
use crate::op::{BinaryOp, BitOp, CmpOp, UnaryOp};
use crate::promotion::get_default_dtype;
use crate::scalar::{cpp_double, Scalar};

/// `a op b` into a new tensor (PyTorch's composite uses no in-place operation, so that broadcasting may grow
/// the result).
fn apply(op: BinaryOp, a: &AnyTensor, b: impl Into<AnyOperand>) -> Result<AnyTensor> {
    binary(op, AnyOperand::from(a), b.into(), AnyOutput::New)
}

/// `a.__ior__(b)`: `b` or-ed into `a` in place (which keeps `a`'s layout).
fn or_into(a: AnyTensor, b: &AnyTensor) -> Result<AnyTensor> {
    binary(BinaryOp::Bitwise(BitOp::Or), AnyOperand::from(a), AnyOperand::from(b), AnyOutput::InPlace)
}

/// `torch.isclose(input, other, rtol, atol, equal_nan)`: elementwise, whether `input` is close to `other` (see the
/// module documentation); a bool tensor laid out as `input == other`. PyTorch's errors: `Float did not match
/// Double`, `rtol must be greater than or equal to zero, but got -1`.
pub fn isclose(input: &AnyTensor, other: &AnyTensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<AnyTensor> {
    let dtype = input.dtype();
    if dtype != other.dtype() {
        runtime_err!("{} did not match {}", dtype.scalar_type_name(), other.dtype().scalar_type_name())
    }
    for (name, tolerance) in [("rtol", rtol), ("atol", atol)] {
        // NaN fails the check too
        if tolerance.is_nan() || tolerance < 0.0 {
            runtime_err!("{name} must be greater than or equal to zero, but got {}", cpp_double(tolerance))
        }
    }
    let mut close = apply(BinaryOp::Compare(CmpOp::Eq), input, other)?;
    if equal_nan && (dtype.is_floating_point() || dtype.is_complex()) {
        let nan = unary(UnaryOp::IsNan, input, AnyOutput::New)?;
        let both = apply(BinaryOp::Bitwise(BitOp::And), &nan, &unary(UnaryOp::IsNan, other, AnyOutput::New)?)?;
        close = or_into(close, &both)?;
    }
    if rtol == 0.0 && atol == 0.0 {
        return Ok(close);
    }
    let default = get_default_dtype();
    let input = if dtype == crate::dtype::DType::Bool { input.to_dtype(default)? } else { input.clone() };
    let other = if dtype.is_integral(true) { other.to_dtype(default)? } else { other.clone() };
    let scaled = apply(BinaryOp::Mul, &other, Scalar::Float(rtol))?;
    let allowed = apply(BinaryOp::ADD, &unary(UnaryOp::Abs, &scaled, AnyOutput::New)?, Scalar::Float(atol))?;
    let actual = unary(UnaryOp::Abs, &apply(BinaryOp::SUB, &input, &other)?, AnyOutput::New)?;
    let finite = unary(UnaryOp::IsFinite, &actual, AnyOutput::New)?;
    let within = apply(BinaryOp::Compare(CmpOp::Le), &actual, &allowed)?;
    or_into(close, &apply(BinaryOp::Bitwise(BitOp::And), &finite, &within)?)
}

/// `torch.allclose(input, other, rtol, atol, equal_nan)`: whether [`isclose`] holds everywhere (true for no
/// elements). A meta result has no values: PyTorch's `item()` error.
pub fn allclose(input: &AnyTensor, other: &AnyTensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<bool> {
    let close = isclose(input, other, rtol, atol, equal_nan)?;
    if close.device().is_meta() {
        runtime_err!("Tensor.item() cannot be called on meta tensors")
    }
    let values = close.into_strided()?.to_vec::<bool>()?;
    Ok(values.into_iter().all(|v| v))
}
