//! `pow`'s cases that PyTorch computes without its `pow` kernel (`Pow.cpp`), which decide results `pow` itself would
//! give otherwise (`pow(-0.0, 0.5)` is 0.0 but `sqrt(-0.0)` is -0.0; `pow(-inf, 0.5)` is inf but `sqrt(-inf)` NaN):
//!
//! - a base that is a Python number (`pow.Scalar`): the result has the exponent's sizes, contiguous, in
//!   `result_type(base, t)`, or is the `out=` tensor resized to them (before any check of its dtype); a base of 1
//!   (not `True`) fills it with ones, any other base runs the tensor `pow` into it;
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

/// `pow(base, exponent)` of a number base into `output` (see the module documentation): `tensor_pow` computes a
/// base other than 1 into the result it is given.
pub(crate) fn number_base(
    base: Scalar,
    exponent: &Tensor,
    output: Output<'_>,
    tensor_pow: impl FnOnce(&mut Tensor) -> Result<Tensor>,
) -> Result<Tensor> {
    let dtype = crate::promotion::result_type(&[
        crate::promotion::Operand::Scalar(base),
        Operand::Tensor(exponent.clone()).promotion_class(),
    ])?;
    let mut result = match output {
        // resized keeping its storage where it holds the result (other views of it see the result)
        Output::Out(out) if out.sizes() != exponent.sizes() => {
            let strides = crate::shape::contiguous_strides(exponent.sizes());
            let (dtype, device) = (out.dtype(), out.device());
            super::ops::resize_output(out, exponent.sizes(), &strides, dtype, device)?
        }
        Output::Out(out) => out.clone(),
        _ => super::factory::empty(exponent.sizes(), (dtype, exponent.device()))?,
    };
    if !equals(base, 1.0) {
        return tensor_pow(&mut result);
    }
    result.fill_(Scalar::Int(1))?;
    Ok(result)
}

/// The strides of `pow(base, number)`'s new output: PyTorch builds a unary iterator over `base.to(common)`
/// (converted with its layout preserved where it is dense), whose output layout differs from the binary
/// iterator's for empty and size-1 dimensions.
pub(crate) fn number_exponent_strides(base: &Tensor, common: DType) -> Result<crate::shape::Dims> {
    let strides = if base.dtype() == common {
        base.strides().into()
    } else {
        super::factory::like_strides(base, crate::memory_format::MemoryFormat::Preserve)?
    };
    Ok(crate::iter::unary_output_strides(base.sizes(), &strides))
}
