//! `pow`'s cases that PyTorch computes without its `pow` kernel (`Pow.cpp`), which decide results `pow` itself would
//! give otherwise (`pow(-0.0, 0.5)` is 0.0 but `sqrt(-0.0)` is -0.0; `pow(-inf, 0.5)` is inf but `sqrt(-inf)` NaN):
//!
//! - a base that is the Python number 1 (`pow(1, t)`, not `True`): a result of `t`'s sizes filled with ones,
//!   contiguous, in `result_type(1, t)`, or an `out=` of any dtype resized to them and filled;
//! - a Python-number exponent of 0 (a fill with ones) or 1 (a copy of the base in the common dtype), whatever the
//!   dtype, and 0.5, -0.5, -1 for float32, float64, bfloat16 and complex common dtypes: the `sqrt`, `rsqrt` and
//!   `reciprocal` kernels.
//!
//! The other exponents go to the backends' `pow` kernels, which tell a number exponent apart from a tensor one
//! (`backend/cpu/pow.rs`).

use super::{Operand, Output, Tensor};
use crate::dtype::DType;
use crate::error::Result;
use crate::op::UnaryOp;
use crate::scalar::Scalar;

/// What computes `pow(base, e)` for a Python-number exponent `e` in the common dtype `common`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberExponent {
    /// Every element 1.
    Ones,
    /// The base, converted to the common dtype.
    Base,
    /// A unary kernel of the base.
    Unary(UnaryOp),
    /// The `pow` kernel.
    Pow,
}

/// How PyTorch's `pow_Tensor_Scalar_out` computes the exponent `e` in `common`.
pub(crate) fn number_exponent(e: Scalar, common: DType) -> NumberExponent {
    if matches!(e, Scalar::Bool(false)) || equals(e, 0.0) {
        return NumberExponent::Ones;
    }
    if matches!(e, Scalar::Bool(true)) || equals(e, 1.0) {
        return NumberExponent::Base;
    }
    if matches!(common, DType::Float32 | DType::Float64 | DType::BFloat16) || common.is_complex() {
        for (v, op) in [(0.5, UnaryOp::Sqrt), (-0.5, UnaryOp::Rsqrt), (-1.0, UnaryOp::Reciprocal)] {
            if equals(e, v) {
                return NumberExponent::Unary(op);
            }
        }
    }
    NumberExponent::Pow
}

/// Whether the `pow` kernel converts a number exponent to the common dtype, with c10's overflow check
/// (`value cannot be converted to type int8_t without overflow`): integers, float16 and bfloat16 (float32 and
/// float64 read it as a double, complex dtypes as a complex double).
pub(crate) fn converts_exponent(common: DType) -> bool {
    common.is_integral(true) || matches!(common, DType::Float16 | DType::BFloat16)
}

/// c10's `Scalar::equal(v)` for a number `v`: a bool equals no number.
fn equals(e: Scalar, v: f64) -> bool {
    match e {
        Scalar::Bool(_) => false,
        Scalar::Int(i) => i as f64 == v,
        Scalar::UInt(u) => u as f64 == v,
        Scalar::Float(f) => f == v,
        Scalar::Complex(c) => c.re == v && c.im == 0.0,
    }
}

/// Whether `pow(base, exponent)` is PyTorch's fill with ones for a base of the Python number 1.
pub(crate) fn is_one_base(base: &Operand, exponent: &Operand) -> bool {
    matches!((base, exponent), (Operand::Scalar(b), Operand::Tensor(_)) if equals(*b, 1.0))
}

/// `pow(1, exponent)` into `output` (see the module documentation).
pub(crate) fn one_base(base: Scalar, exponent: &Tensor, output: Output<'_>) -> Result<Tensor> {
    let dtype = crate::promotion::result_type(&[
        crate::promotion::Operand::Scalar(base),
        Operand::Tensor(exponent.clone()).promotion_class(),
    ])?;
    let result = match output {
        Output::Out(out) => {
            if out.sizes() != exponent.sizes() {
                *out = super::factory::empty(exponent.sizes(), (out.dtype(), out.device()))?;
            }
            out.clone()
        }
        _ => super::factory::empty(exponent.sizes(), (dtype, exponent.device()))?,
    };
    result.fill_(Scalar::Int(1))?;
    Ok(result)
}
