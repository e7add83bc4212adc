//! `remainder` and `fmod` on the CPU, as PyTorch's kernels compute them: for integers the remainder of truncated
//! division (`fmod`), moved into the divisor's sign for `remainder` (Python's `%`); for floating types C's `fmod`
//! (exact), the divisor added for `remainder` when the signs differ, in the compute type (float32 for
//! float16/bfloat16) and rounded once. A zero integer divisor is PyTorch's `ZeroDivisionError`, raised by the caller
//! (`mod.rs`) before or after this loop runs; here it gives 0, never a panic. Bool and complex have no kernel (the
//! op table's `dtypes`).

use super::binary;
use super::{rhs_as, CpuBuffer, CpuElement, Operand2};
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::BinaryOp;

/// The two remainders of one compute type.
trait Modular: Copy {
    /// `fmod(a, b)`: the dividend's sign.
    fn fmod(a: Self, b: Self) -> Self;
    /// `remainder(a, b)`: the divisor's sign.
    fn remainder(a: Self, b: Self) -> Self;
}

macro_rules! signed_modular {
    ($($t:ty),*) => {$(
        impl Modular for $t {
            #[inline(always)]
            fn fmod(a: Self, b: Self) -> Self {
                // the most negative value by -1 is 0; a zero divisor was refused by the caller
                a.checked_rem(b).unwrap_or(0)
            }
            #[inline(always)]
            fn remainder(a: Self, b: Self) -> Self {
                let r = Self::fmod(a, b);
                if r != 0 && ((r < 0) != (b < 0)) { r.wrapping_add(b) } else { r }
            }
        }
    )*};
}
signed_modular!(i8, i16, i32, i64);

impl Modular for u8 {
    #[inline(always)]
    fn fmod(a: Self, b: Self) -> Self {
        a.checked_rem(b).unwrap_or(0)
    }
    #[inline(always)]
    fn remainder(a: Self, b: Self) -> Self {
        Self::fmod(a, b)
    }
}

macro_rules! float_modular {
    ($($t:ty),*) => {$(
        impl Modular for $t {
            #[inline(always)]
            fn fmod(a: Self, b: Self) -> Self {
                // Rust's `%` on floats is C's `fmod`
                a % b
            }
            #[inline(always)]
            fn remainder(a: Self, b: Self) -> Self {
                let m = a % b;
                if m != 0.0 && ((b < 0.0) != (m < 0.0)) { m + b } else { m }
            }
        }
    )*};
}
float_modular!(f32, f64);

/// `op` (`remainder` or `fmod`) with inputs read as `dtype`, the common dtype.
pub(super) fn run(
    op: BinaryOp,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) -> Result<()> {
    let floor = op == BinaryOp::Remainder;
    match dtype {
        DType::UInt8 => typed::<u8>(floor, plan, out, lhs, rhs),
        DType::Int8 => typed::<i8>(floor, plan, out, lhs, rhs),
        DType::Int16 => typed::<i16>(floor, plan, out, lhs, rhs),
        DType::Int32 => typed::<i32>(floor, plan, out, lhs, rhs),
        DType::Int64 => typed::<i64>(floor, plan, out, lhs, rhs),
        DType::Float16 => typed::<half::f16>(floor, plan, out, lhs, rhs),
        DType::BFloat16 => typed::<half::bf16>(floor, plan, out, lhs, rhs),
        DType::Float32 => typed::<f32>(floor, plan, out, lhs, rhs),
        DType::Float64 => typed::<f64>(floor, plan, out, lhs, rhs),
        other => return Err(Error::Runtime(format!("internal error: no CPU remainder kernel for {other}"))),
    }
    Ok(())
}

fn typed<D: CpuElement>(floor: bool, plan: &Plan, out: &mut CpuBuffer, lhs: Option<&CpuBuffer>, rhs: Operand2<'_>)
where
    D::Compute: super::arith::Arith + Modular,
{
    let rhs = rhs_as::<D>(rhs);
    if floor {
        binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, |a, b, _| {
            <D::Compute as Modular>::remainder(a, b).cast::<D>()
        })
    } else {
        binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, |a, b, _| {
            <D::Compute as Modular>::fmod(a, b).cast::<D>()
        })
    }
}
