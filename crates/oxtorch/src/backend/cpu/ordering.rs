//! Comparisons and extrema per compute type, as PyTorch's CPU kernels compute them: `eq`/`ne`/`lt`/... give
//! bools (IEEE comparisons for floats: NaN compares unequal to everything), `maximum`/`minimum` propagate NaN.
//!
//! For floats, PyTorch's `maximum`/`minimum` give different bits by where an element falls in its loop
//! ([`LoopPosition`]): its vectorized blocks use the CPU's `max`/`min` instructions, which return the second
//! operand when the two compare equal (`maximum(-0.0, 0.0)` is `0.0`) and an all-ones NaN, while its scalar code
//! uses `std::max`/`std::min`, which return the first (`-0.0`) and a quiet NaN. Recorded from PyTorch 2.15:
//! `tests/data/compare.json`, section `special`.

use super::arith::LoopPosition;
use crate::element::{C32, C64};
use crate::op::CmpOp;

/// Comparisons and extrema of one compute type.
pub trait Ordered: Copy + PartialEq {
    /// Whether [`Ordered::max_at`] and [`Ordered::min_at`] depend on the [`LoopPosition`] (floats).
    const EXTREMA_BY_POSITION: bool = false;
    /// `a < b`.
    fn less(a: Self, b: Self) -> bool;
    /// The larger of `a` and `b` at `pos` (NaN propagates).
    fn max_at(a: Self, b: Self, pos: LoopPosition) -> Self;
    /// The smaller of `a` and `b` at `pos` (NaN propagates).
    fn min_at(a: Self, b: Self, pos: LoopPosition) -> Self;
    /// The comparison `op` of `a` and `b`.
    #[inline(always)]
    fn compare(op: CmpOp, a: Self, b: Self) -> bool {
        match op {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => Self::less(a, b),
            CmpOp::Le => Self::less(a, b) || a == b,
            CmpOp::Gt => Self::less(b, a),
            CmpOp::Ge => Self::less(b, a) || a == b,
        }
    }
}

macro_rules! int_ordered {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline(always)] fn less(a: Self, b: Self) -> bool { a < b }
            #[inline(always)] fn max_at(a: Self, b: Self, _: LoopPosition) -> Self { a.max(b) }
            #[inline(always)] fn min_at(a: Self, b: Self, _: LoopPosition) -> Self { a.min(b) }
        }
    )*};
}
int_ordered!(u8, i8, i16, i32, i64);

impl Ordered for bool {
    #[inline(always)]
    fn less(a: Self, b: Self) -> bool {
        !a & b
    }
    #[inline(always)]
    fn max_at(a: Self, b: Self, _: LoopPosition) -> Self {
        a || b
    }
    #[inline(always)]
    fn min_at(a: Self, b: Self, _: LoopPosition) -> Self {
        a && b
    }
}

macro_rules! float_ordered {
    ($($t:ty => $bits:ty),*) => {$(
        impl Ordered for $t {
            const EXTREMA_BY_POSITION: bool = true;
            #[inline(always)] fn less(a: Self, b: Self) -> bool { a < b }
            #[inline(always)]
            fn max_at(a: Self, b: Self, pos: LoopPosition) -> Self {
                match (a.is_nan() || b.is_nan(), pos.vector) {
                    // the vector code: `max(a, b)` returns `b` unless `a > b`, OR-ed with an all-ones NaN mask
                    (true, true) => <$t>::from_bits(<$bits>::MAX),
                    (false, true) => if a > b { a } else { b },
                    // the scalar code: `std::max(a, b)`, after a quiet NaN for either NaN
                    (true, false) => <$t>::NAN,
                    (false, false) => if a < b { b } else { a },
                }
            }
            #[inline(always)]
            fn min_at(a: Self, b: Self, pos: LoopPosition) -> Self {
                match (a.is_nan() || b.is_nan(), pos.vector) {
                    (true, true) => <$t>::from_bits(<$bits>::MAX),
                    (false, true) => if a < b { a } else { b },
                    (true, false) => <$t>::NAN,
                    (false, false) => if b < a { b } else { a },
                }
            }
        }
    )*};
}
float_ordered!(f32 => u32, f64 => u64);

/// Complex numbers have no order: PyTorch refuses `maximum`, `minimum` and the ordering comparisons of complex
/// tensors before any kernel runs (`tensor/ops.rs`), so only `eq`/`ne` reach these. The order given is the
/// lexicographic one (real parts, then imaginary parts), NumPy's, so that the methods have a meaning.
macro_rules! complex_ordered {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline(always)]
            fn less(a: Self, b: Self) -> bool {
                a.re < b.re || (a.re == b.re && a.im < b.im)
            }
            #[inline(always)]
            fn max_at(a: Self, b: Self, _: LoopPosition) -> Self {
                if Self::less(a, b) { b } else { a }
            }
            #[inline(always)]
            fn min_at(a: Self, b: Self, _: LoopPosition) -> Self {
                if Self::less(b, a) { b } else { a }
            }
        }
    )*};
}
complex_ordered!(C32, C64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_zeros_and_nan_by_position() {
        let vector = LoopPosition { vector: true, ..LoopPosition::default() };
        let scalar = LoopPosition::default();
        // PyTorch 2.15: the scalar code keeps the first of two equal values, the vector code the second
        assert!(f32::max_at(-0.0, 0.0, scalar).is_sign_negative());
        assert!(f32::max_at(-0.0, 0.0, vector).is_sign_positive());
        assert!(f32::min_at(0.0, -0.0, scalar).is_sign_positive());
        assert!(f32::min_at(0.0, -0.0, vector).is_sign_negative());
        assert!(f64::max_at(f64::NAN, 1.0, scalar).is_nan() && f64::max_at(1.0, f64::NAN, vector).is_nan());
        assert_eq!(f32::min_at(3.0, -2.0, scalar), -2.0);
    }

    #[test]
    fn comparisons() {
        assert!(f32::compare(CmpOp::Ne, f32::NAN, f32::NAN) && !f32::compare(CmpOp::Eq, f32::NAN, f32::NAN));
        assert!(!f32::compare(CmpOp::Le, f32::NAN, 1.0) && f32::compare(CmpOp::Ge, 2.0, 2.0));
        assert!(bool::compare(CmpOp::Lt, false, true) && !bool::compare(CmpOp::Gt, false, true));
        assert!(C64::compare(CmpOp::Eq, C64::new(1.0, 2.0), C64::new(1.0, 2.0)));
        assert_eq!(i8::max_at(-3, 7, LoopPosition::default()), 7);
    }
}
