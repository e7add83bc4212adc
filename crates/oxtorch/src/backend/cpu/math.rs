//! The floating functions of two arguments on the CPU (`atan2`, `hypot`, `copysign`, `fmax`, `fmin`,
//! `logaddexp`, `logaddexp2`, `nextafter`, `xlogy`), as PyTorch's scalar loops compute them: the C library's
//! functions in the compute type (float32 for float16/bfloat16), rounded once (`xlogy`'s logarithm of a
//! float16/bfloat16 also rounded to it, as c10's `log` of those types returns them). Float32's `atan2` and the
//! exponentials and logarithms of `logaddexp`/`logaddexp2` are `float32_math`'s instead, which vectorize and round
//! correctly but in rare cases. PyTorch's vectorized loops take
//! `atan2`, `hypot` and the exponentials and logarithms from SLEEF instead, which can differ by an ulp or two
//! (`MathOp::is_transcendental`; the golden data's runners allow it). `nextafter` steps the bits of the storage
//! type itself (c10's algorithm, musl's). `fmax`/`fmin` of integers and bools are `maximum`/`minimum`, whose loops
//! `mod.rs` runs for them. Other dtypes have no kernel (the op table's `dtypes`; `fmax`/`fmin` refuse complex
//! numbers first). Complex `logaddexp` is `complex_logaddexp.rs`'s.

use super::binary;
use super::complex_logaddexp::ComplexLogAddExp;
use super::float32_math::Elementary;
use super::{rhs_as, CpuBuffer, CpuElement, Operand2};
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::MathOp;

/// The C library's functions of one floating compute type.
trait Libm:
    Elementary
    + Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Neg<Output = Self>
{
    const ZERO: Self;
    const NAN: Self;
    /// `1 / ln(2)` in this type.
    const INV_LN_2: Self;
    fn hypot(self, other: Self) -> Self;
    fn copysign(self, sign: Self) -> Self;
    fn abs(self) -> Self;
    /// The C library's `log` (`xlogy`'s: PyTorch's kernel has no vectorized loop, every element is the C
    /// library's).
    fn c_log(self) -> Self;
    /// `self * a + b`, rounded once.
    fn mul_add(self, a: Self, b: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_infinite(self) -> bool;
}

macro_rules! libm {
    ($($t:ty),*) => {$(
        impl Libm for $t {
            const ZERO: Self = 0.0;
            const NAN: Self = <$t>::NAN;
            const INV_LN_2: Self = (1.0 / std::f64::consts::LN_2) as $t;
            #[inline(always)] fn hypot(self, other: Self) -> Self { <$t>::hypot(self, other) }
            #[inline(always)] fn copysign(self, sign: Self) -> Self { <$t>::copysign(self, sign) }
            #[inline(always)] fn abs(self) -> Self { <$t>::abs(self) }
            #[inline(always)] fn c_log(self) -> Self { <$t>::ln(self) }
            #[inline(always)] fn mul_add(self, a: Self, b: Self) -> Self { <$t>::mul_add(self, a, b) }
            #[inline(always)] fn is_nan(self) -> bool { <$t>::is_nan(self) }
            #[inline(always)] fn is_infinite(self) -> bool { <$t>::is_infinite(self) }
        }
    )*};
}
libm!(f32, f64);

/// The bits of a floating storage type, for `nextafter`.
trait FloatBits: Copy {
    /// The sign bit.
    const SIGN: u64;
    fn to_bits64(self) -> u64;
    fn from_bits64(bits: u64) -> Self;
    fn is_nan(self) -> bool;
    fn plus(self, other: Self) -> Self;
}

macro_rules! float_bits {
    ($($t:ty: $u:ty, $sign:expr, $nan:expr, $add:expr),*) => {$(
        impl FloatBits for $t {
            const SIGN: u64 = $sign;
            #[inline(always)] fn to_bits64(self) -> u64 { u64::from(self.to_bits()) }
            #[inline(always)] fn from_bits64(bits: u64) -> Self { <$t>::from_bits(bits as $u) }
            #[inline(always)] fn is_nan(self) -> bool { $nan(self) }
            #[inline(always)] fn plus(self, other: Self) -> Self { $add(self, other) }
        }
    )*};
}
float_bits!(
    f32: u32, 1 << 31, f32::is_nan, |a: f32, b: f32| a + b,
    f64: u64, 1 << 63, f64::is_nan, |a: f64, b: f64| a + b,
    half::f16: u16, 1 << 15, half::f16::is_nan, |a: half::f16, b: half::f16| a + b,
    half::bf16: u16, 1 << 15, half::bf16::is_nan, |a: half::bf16, b: half::bf16| a + b
);

/// The next value of `T` after `from` toward `to` (c10's `nextafter`, musl's algorithm).
fn next_after<T: FloatBits>(from: T, to: T) -> T {
    if from.is_nan() || to.is_nan() {
        return from.plus(to);
    }
    let (f, t) = (from.to_bits64(), to.to_bits64());
    if f == t {
        return from;
    }
    let (abs_from, abs_to) = (f & !T::SIGN, t & !T::SIGN);
    if abs_from == 0 {
        // zeros of both signs: `to`'s; else the smallest subnormal of `to`'s sign
        return if abs_to == 0 { to } else { T::from_bits64((t & T::SIGN) | 1) };
    }
    T::from_bits64(if abs_from > abs_to || (f ^ t) & T::SIGN != 0 { f - 1 } else { f + 1 })
}

/// `op` with inputs read as `dtype`, the common dtype.
pub(super) fn run(
    op: MathOp,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) -> Result<()> {
    match dtype {
        DType::Float16 => floating::<half::f16>(op, plan, out, lhs, rhs),
        DType::BFloat16 => floating::<half::bf16>(op, plan, out, lhs, rhs),
        DType::Float32 => floating::<f32>(op, plan, out, lhs, rhs),
        DType::Float64 => floating::<f64>(op, plan, out, lhs, rhs),
        DType::Complex64 if op == MathOp::Logaddexp => {
            complex_logaddexp::<num_complex::Complex<f32>>(plan, out, lhs, rhs)
        }
        DType::Complex128 if op == MathOp::Logaddexp => {
            complex_logaddexp::<num_complex::Complex<f64>>(plan, out, lhs, rhs)
        }
        other => return Err(Error::Runtime(format!("internal error: no CPU {op:?} kernel for {other}"))),
    }
    Ok(())
}

/// `logaddexp` of complex numbers (`complex_logaddexp.rs`).
fn complex_logaddexp<D: CpuElement<Compute = D> + super::arith::Arith + ComplexLogAddExp>(
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) {
    let rhs = rhs_as::<D>(rhs);
    binary::binary::<D, D, D>(plan, out, lhs, rhs, false, move |a, b, _| a.logaddexp(b));
}

/// The floating functions, in `D`'s compute type.
fn floating<D: CpuElement + FloatBits>(
    op: MathOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) where
    D::Compute: super::arith::Arith + Libm,
{
    let rhs = rhs_as::<D>(rhs);
    let r = |x: D::Compute| x.cast::<D>();
    macro_rules! each {
        ($f:expr) => {{
            let f = binary::inlined(
                #[inline(always)]
                $f,
            );
            binary::binary::<D, D::Compute, D>(
                plan,
                out,
                lhs,
                rhs,
                false,
                #[inline(always)]
                move |a, b, _| r(f(a, b)),
            )
        }};
    }
    type C<D> = <D as Element>::Compute;
    match op {
        MathOp::Atan2 => each!(|a: C<D>, b: C<D>| a.atan2(b)),
        MathOp::Hypot => each!(|a: C<D>, b: C<D>| a.hypot(b)),
        MathOp::Copysign => each!(|a: C<D>, b: C<D>| a.copysign(b)),
        // `std::fmax`/`std::fmin` as glibc computes them: the first operand where they compare equal
        MathOp::Fmax => each!(|a: C<D>, b: C<D>| if a >= b || b.is_nan() { a } else { b }),
        MathOp::Fmin => each!(|a: C<D>, b: C<D>| if a <= b || b.is_nan() { a } else { b }),
        MathOp::Logaddexp => each!(|a: C<D>, b: C<D>| {
            if a.is_infinite() && a == b {
                a
            } else {
                let m = if a < b { b } else { a };
                m + (-(a - b).abs()).exp().ln_1p()
            }
        }),
        // `m + log1p(exp2(-|a - b|)) / ln(2)`, the product and the sum fused as PyTorch's compiler fuses them (which
        // decides results near zero: `logaddexp2(-1, -1)`)
        MathOp::Logaddexp2 => each!(|a: C<D>, b: C<D>| {
            if a.is_infinite() && a == b {
                a
            } else {
                let m = if a < b { b } else { a };
                (-(a - b).abs()).exp2().ln_1p().mul_add(C::<D>::INV_LN_2, m)
            }
        }),
        // c10's `log` of float16/bfloat16 returns the storage type: the logarithm is rounded to it before the product
        MathOp::Xlogy => each!(|x: C<D>, y: C<D>| {
            if y.is_nan() {
                C::<D>::NAN
            } else if x == C::<D>::ZERO {
                C::<D>::ZERO
            } else {
                x * y.c_log().cast::<D>().cast::<C<D>>()
            }
        }),
        // in the storage type's own bits
        MathOp::Nextafter => {
            binary::binary::<D, D::Compute, D>(plan, out, lhs, rhs, false, move |a, b, _| next_after(r(a), r(b)))
        }
    }
}
