//! The bitwise operations (`&`, `|`, `^` of integers and bools; `<<`, `>>` of integers) and the logical ones (any
//! dtype, a bool result) on the CPU, as PyTorch's kernels compute them. A shift by a negative amount or by the
//! type's width or more gives 0 to the left and the sign to the right (0 for `uint8`). Other dtypes have no kernel
//! (the op table's `dtypes`).

use super::binary;
use super::{rhs_as, CpuBuffer, CpuElement, Operand2};
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::{BitOp, LogicalOp};

/// `&`, `|`, `^` of one type (bool or an integer).
trait Bits:
    Copy + std::ops::BitAnd<Output = Self> + std::ops::BitOr<Output = Self> + std::ops::BitXor<Output = Self>
{
}
impl Bits for bool {}
impl Bits for u8 {}
impl Bits for i8 {}
impl Bits for i16 {}
impl Bits for i32 {}
impl Bits for i64 {}

/// PyTorch's shifts of one integer type.
trait Shift: Bits {
    /// `a << b`, 0 outside `0..bits`.
    fn shl(a: Self, b: Self) -> Self;
    /// `a >> b`, the sign (or 0) outside the type's range of shifts.
    fn shr(a: Self, b: Self) -> Self;
}

macro_rules! signed_shift {
    ($($t:ty: $u:ty),*) => {$(
        impl Shift for $t {
            #[inline(always)]
            fn shl(a: Self, b: Self) -> Self {
                if b < 0 || b >= <$t>::BITS as $t { 0 } else { (a as $u).wrapping_shl(b as u32) as $t }
            }
            #[inline(always)]
            fn shr(a: Self, b: Self) -> Self {
                let max = <$t>::BITS as $t - 1;
                a.wrapping_shr(if b < 0 || b >= max { max } else { b } as u32)
            }
        }
    )*};
}
signed_shift!(i8: u8, i16: u16, i32: u32, i64: u64);

impl Shift for u8 {
    #[inline(always)]
    fn shl(a: Self, b: Self) -> Self {
        if b >= 8 {
            0
        } else {
            a.wrapping_shl(b as u32)
        }
    }
    #[inline(always)]
    fn shr(a: Self, b: Self) -> Self {
        if b >= 8 {
            0
        } else {
            a.wrapping_shr(b as u32)
        }
    }
}

fn no_kernel(name: &str, dtype: DType) -> Error {
    Error::Runtime(format!("internal error: no CPU {name} kernel for {dtype}"))
}

/// A bitwise operation with inputs read as `dtype`, the common dtype.
pub(super) fn bitwise(
    op: BitOp,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) -> Result<()> {
    let shift = matches!(op, BitOp::LeftShift | BitOp::RightShift);
    match dtype {
        DType::Bool if !shift => logic::<bool>(op, plan, out, lhs, rhs),
        DType::UInt8 => shifts::<u8>(op, plan, out, lhs, rhs),
        DType::Int8 => shifts::<i8>(op, plan, out, lhs, rhs),
        DType::Int16 => shifts::<i16>(op, plan, out, lhs, rhs),
        DType::Int32 => shifts::<i32>(op, plan, out, lhs, rhs),
        DType::Int64 => shifts::<i64>(op, plan, out, lhs, rhs),
        other => return Err(no_kernel("bitwise", other)),
    }
    Ok(())
}

/// `&`, `|`, `^` (a shift is not asked of bools).
fn logic<D: CpuElement + Bits>(op: BitOp, plan: &Plan, out: &mut CpuBuffer, lhs: Option<&CpuBuffer>, rhs: Operand2<'_>)
where
    D::Compute: super::arith::Arith,
{
    let rhs = rhs_as::<D>(rhs);
    let r = |x: D::Compute| x.cast::<D>();
    match op {
        BitOp::And => binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, move |a, b, _| r(a) & r(b)),
        BitOp::Or => binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, move |a, b, _| r(a) | r(b)),
        _ => binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, move |a, b, _| r(a) ^ r(b)),
    }
}

/// Every bitwise operation of an integer type.
fn shifts<D: CpuElement + Shift>(
    op: BitOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) where
    D::Compute: super::arith::Arith,
{
    let rhs_value = rhs_as::<D>(rhs);
    let r = |x: D::Compute| x.cast::<D>();
    match op {
        BitOp::LeftShift => {
            binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs_value, false, move |a, b, _| D::shl(r(a), r(b)))
        }
        BitOp::RightShift => {
            binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs_value, false, move |a, b, _| D::shr(r(a), r(b)))
        }
        _ => logic::<D>(op, plan, out, lhs, rhs),
    }
}

/// A logical operation with inputs read as `D`, the common dtype: each operand's truth value (nonzero; NaN is
/// true, a complex number is true when either part is nonzero), a bool result.
pub(super) fn logical<D: CpuElement>(
    op: LogicalOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) where
    D::Compute: super::arith::Arith,
{
    let rhs = rhs_as::<D>(rhs);
    let zero = <D::Compute as Default>::default();
    match op {
        // `&` and `|`, not `&&` and `||`: no branch, so that the loops vectorize
        LogicalOp::And => {
            binary::binary::<D, D::Compute, bool>(plan, out, lhs, rhs, false, move |a, b, _| (a != zero) & (b != zero))
        }
        LogicalOp::Or => {
            binary::binary::<D, D::Compute, bool>(plan, out, lhs, rhs, false, move |a, b, _| (a != zero) | (b != zero))
        }
        LogicalOp::Xor => {
            binary::binary::<D, D::Compute, bool>(plan, out, lhs, rhs, false, move |a, b, _| (a != zero) != (b != zero))
        }
    }
}
