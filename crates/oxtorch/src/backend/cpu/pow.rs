//! `pow` on the CPU, as PyTorch's two kernels compute it (`PowKernel.cpp`).
//!
//! - **A tensor exponent** (`pow.Tensor_Tensor`, also a Python number as the base, which PyTorch wraps into a
//!   tensor): `pow` in the compute type (float32's for float32, float16 and bfloat16, rounded once),
//!   complex `pow` as `exp(exponent * log(base))` (glibc's `cpow`), integers by repeated squaring with wrapping
//!   products and PyTorch's answers for negative exponents (1 for a base of 1, ±1 for -1, else 0).
//! - **A Python-number exponent** (`pow.Tensor_Scalar`; 0, 1, and 0.5, -0.5, -1 where PyTorch calls other kernels,
//!   are the core's, `tensor/ops.rs`): for float32, float64, bfloat16 and complex, 2, 3 and -2 are `x * x`,
//!   `x * x * x` and `1 / (x * x)` (bfloat16 rounding after each step, as its vectorized type does); other exponents are `pow` in double precision rounded once for float32 (PyTorch's scalar
//!   loop, `std::pow(float, double)`), in the compute type otherwise. Float16 has none of these cases: its
//!   exponent is rounded to float16 and every element is float32's `pow`. BFloat16's exponent is rounded to bfloat16 before
//!   the 2, 3, -2 cases are told apart, the integer dtypes' converted to the dtype (the caller has checked that
//!   both conversions fit: `value cannot be converted to type c10::Half without overflow`).
//!
//! Float32's `pow` is `float32_math::pow`, which computes in double precision and rounds once, as glibc's `powf` and
//! `std::pow(float, double)` do (so a float32 exponent and its double give the same results), and vectorizes;
//! float64's is the C library's.
//! PyTorch's vectorized loops take `pow` from SLEEF instead of the C library, which can differ by an ulp; the
//! golden data's runners compare the results of `pow` proper within 2 ulps and the cases above exactly. Bool has
//! no kernel (the op table's `dtypes`).

use super::arith::{Arith, LoopPosition};
use super::binary::{self, Rhs};
use super::complex_libm::CLibm;
use super::float32_math;
use super::{rhs_as, CpuBuffer, CpuElement, Operand2};
use crate::dtype::DType;
use crate::element::{Element, C32, C64};
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::scalar::Scalar;
use num_complex::Complex;

/// `pow` with inputs read as `dtype`, the common dtype; `number_exponent` is the exponent when it is a Python
/// number (PyTorch's `Tensor_Scalar` kernel), other than those the core computes with other kernels (0, 1, and 0.5,
/// -0.5, -1 where PyTorch calls `sqrt`, `rsqrt`, `reciprocal`: `tensor/ops.rs`).
pub(super) fn run(
    number_exponent: Option<Scalar>,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) -> Result<()> {
    if let Some(e) = number_exponent {
        return match dtype {
            DType::Float32 => real_number::<f32>(e.to_f64(), plan, out, lhs),
            DType::Float64 => real_number::<f64>(e.to_f64(), plan, out, lhs),
            DType::Float16 => {
                let e = half::f16::from_scalar(e).to_f32();
                tensor_exponent::<half::f16>(plan, out, lhs, Rhs::Value(e))
            }
            DType::BFloat16 => bfloat16_number(half::bf16::from_scalar(e), plan, out, lhs),
            DType::Complex64 => complex_number::<C32>(e, plan, out, lhs),
            DType::Complex128 => complex_number::<C64>(e, plan, out, lhs),
            DType::UInt8 => tensor_exponent::<u8>(plan, out, lhs, Rhs::Value(u8::from_scalar(e))),
            DType::Int8 => tensor_exponent::<i8>(plan, out, lhs, Rhs::Value(i8::from_scalar(e))),
            DType::Int16 => tensor_exponent::<i16>(plan, out, lhs, Rhs::Value(i16::from_scalar(e))),
            DType::Int32 => tensor_exponent::<i32>(plan, out, lhs, Rhs::Value(i32::from_scalar(e))),
            DType::Int64 => tensor_exponent::<i64>(plan, out, lhs, Rhs::Value(i64::from_scalar(e))),
            DType::Bool => Err(no_kernel(dtype)),
        };
    }
    match dtype {
        DType::Float16 => tensor_exponent::<half::f16>(plan, out, lhs, rhs_as::<half::f16>(rhs)),
        DType::BFloat16 => tensor_exponent::<half::bf16>(plan, out, lhs, rhs_as::<half::bf16>(rhs)),
        DType::Float32 => tensor_exponent::<f32>(plan, out, lhs, rhs_as::<f32>(rhs)),
        DType::Float64 => tensor_exponent::<f64>(plan, out, lhs, rhs_as::<f64>(rhs)),
        DType::Complex64 => tensor_exponent::<C32>(plan, out, lhs, rhs_as::<C32>(rhs)),
        DType::Complex128 => tensor_exponent::<C64>(plan, out, lhs, rhs_as::<C64>(rhs)),
        DType::UInt8 => tensor_exponent::<u8>(plan, out, lhs, rhs_as::<u8>(rhs)),
        DType::Int8 => tensor_exponent::<i8>(plan, out, lhs, rhs_as::<i8>(rhs)),
        DType::Int16 => tensor_exponent::<i16>(plan, out, lhs, rhs_as::<i16>(rhs)),
        DType::Int32 => tensor_exponent::<i32>(plan, out, lhs, rhs_as::<i32>(rhs)),
        DType::Int64 => tensor_exponent::<i64>(plan, out, lhs, rhs_as::<i64>(rhs)),
        DType::Bool => Err(no_kernel(dtype)),
    }
}

fn no_kernel(dtype: DType) -> Error {
    Error::Runtime(format!("internal error: no CPU pow kernel for {dtype}"))
}

/// `pow` of one compute type, as PyTorch's tensor-exponent kernel computes it: the C library's for floating types,
/// glibc's `cpow` formula for complex ones, repeated squaring for integers.
trait Power: Arith {
    fn power(self, e: Self) -> Self;
}

/// `pow` with inputs read as `D` and computed in its compute type (float16/bfloat16 in float32), rounded once.
fn tensor_exponent<D: CpuElement>(
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Rhs<'_, D::Compute>,
) -> Result<()>
where
    D::Compute: Power,
{
    binary::binary::<D, D::Compute, D>(
        plan,
        out,
        lhs,
        rhs,
        false,
        #[inline(always)]
        |a, b, _| a.power(b).cast::<D>(),
    );
    Ok(())
}

/// A floating compute type's `pow` with a double-precision exponent.
trait RealPow: Power + PartialEq {
    /// `std::pow(self, e)` with a double `e`: computed in double precision, rounded once.
    fn pow_f64(self, e: f64) -> Self;
    fn one() -> Self;
}

impl Power for f32 {
    #[inline(always)]
    fn power(self, e: Self) -> Self {
        float32_math::pow(self, f64::from(e))
    }
}

impl RealPow for f32 {
    #[inline(always)]
    fn pow_f64(self, e: f64) -> Self {
        float32_math::pow(self, e)
    }
    fn one() -> Self {
        1.0
    }
}

impl Power for f64 {
    #[inline(always)]
    fn power(self, e: Self) -> Self {
        self.powf(e)
    }
}

impl RealPow for f64 {
    #[inline(always)]
    fn pow_f64(self, e: f64) -> Self {
        self.powf(e)
    }
    fn one() -> Self {
        1.0
    }
}

/// float32/float64 with a Python-number exponent `e`.
fn real_number<D: CpuElement<Compute = D> + RealPow>(
    e: f64,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
) -> Result<()> {
    let none = D::default();
    macro_rules! each {
        ($f:expr) => {
            binary::binary::<D, D, D>(
                plan,
                out,
                lhs,
                Rhs::Value(none),
                false,
                #[inline(always)]
                $f,
            )
        };
    }
    if e == 2.0 {
        each!(|a, _, _| D::mul(a, a));
    } else if e == 3.0 {
        each!(|a, _, _| D::mul(D::mul(a, a), a));
    } else if e == -2.0 {
        each!(|a, _, _| D::div(D::one(), D::mul(a, a)));
    } else {
        each!(move |a: D, _, _| a.pow_f64(e));
    }
    Ok(())
}

/// bfloat16 with a Python-number exponent, rounded to bfloat16 (`e`): each product and quotient of the 2, 3, -2
/// cases rounded to bfloat16, as PyTorch's bfloat16 arithmetic rounds.
fn bfloat16_number(e: half::bf16, plan: &Plan, out: &mut CpuBuffer, lhs: Option<&CpuBuffer>) -> Result<()> {
    type B = half::bf16;
    let round = |x: f32| B::from_f32(x).to_f32();
    macro_rules! each {
        ($f:expr) => {{
            let f = binary::inlined(
                #[inline(always)]
                $f,
            );
            binary::binary::<B, f32, B>(
                plan,
                out,
                lhs,
                Rhs::Value(0.0),
                false,
                #[inline(always)]
                move |a, _, _| B::from_f32(f(a)),
            )
        }};
    }
    let e = e.to_f32();
    if e == 2.0 {
        each!(|a: f32| a * a);
    } else if e == 3.0 {
        each!(move |a: f32| round(a * a) * a);
    } else if e == -2.0 {
        each!(move |a: f32| 1.0 / round(a * a));
    } else {
        each!(move |a: f32| float32_math::pow(a, f64::from(e)));
    }
    Ok(())
}

/// Complex `pow`: glibc's `cpow` (`complex_libm.rs`), which PyTorch's CPU kernels call element by element
/// (`std::pow` of `std::complex`).
trait ComplexPow: Power + Copy {
    fn one() -> Self;
}

macro_rules! complex_pow {
    ($($t:ty => $f:ty),*) => {$(
        impl Power for $t {
            #[inline(always)]
            fn power(self, e: Self) -> Self {
                self.c_pow(e)
            }
        }

        impl ComplexPow for $t {
            fn one() -> Self {
                Complex::new(1.0, 0.0)
            }
        }
    )*};
}
complex_pow!(C32 => f32, C64 => f64);

/// Complex `pow` with a Python-number exponent `e`: the products of the 2, 3, -2 cases rounded as PyTorch's loop
/// rounds complex products at each position (its one-input loop groups its scalar code as the two-input loop
/// whose inputs both advance: `pow(x, 2)` is bit for bit `x * x`). The cases are told apart on the exponent as a
/// complex double, before it is rounded to `D` (PyTorch's `exp_scalar.to<c10::complex<double>>() == 2.0`): an
/// imaginary part that complex64 cannot hold still takes the general path.
fn complex_number<D: CpuElement<Compute = D> + ComplexPow>(
    exponent: Scalar,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
) -> Result<()> {
    let e = D::from_scalar(exponent);
    let z = exponent.to_complex();
    let is_real = |v: f64| z.im == 0.0 && z.re == v;
    let none = D::default();
    macro_rules! each {
        ($f:expr) => {
            binary::binary::<D, D, D>(
                plan,
                out,
                lhs,
                Rhs::Value(none),
                true,
                #[inline(always)]
                $f,
            )
        };
    }
    let moving = |at: LoopPosition| LoopPosition { inputs_move: true, ..at };
    if is_real(2.0) {
        each!(move |a, _, at| D::mul_at(a, a, moving(at)));
    } else if is_real(3.0) {
        each!(move |a, _, at| D::mul_at(D::mul_at(a, a, moving(at)), a, moving(at)));
    } else if is_real(-2.0) {
        each!(move |a, _, at| D::div_at(D::one(), D::mul_at(a, a, moving(at)), moving(at)));
    } else {
        each!(move |a: D, _, _| a.power(e));
    }
    Ok(())
}

macro_rules! int_pow {
    ($($t:ty: $signed:expr),*) => {$(
        /// Repeated squaring with wrapping products (PyTorch's `powi`).
        impl Power for $t {
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn power(self, e: Self) -> Self {
                if $signed && e < 0 {
                    // 1 stays 1, -1 alternates with the exponent's parity, anything else underflows to 0
                    return match self as i64 {
                        1 => 1,
                        -1 => if e % 2 == 0 { 1 } else { self },
                        _ => 0,
                    };
                }
                let (mut base, mut e, mut result): ($t, $t, $t) = (self, e, 1);
                while e != 0 {
                    if e & 1 != 0 {
                        result = result.wrapping_mul(base);
                    }
                    e /= 2;
                    base = base.wrapping_mul(base);
                }
                result
            }
        }
    )*};
}
int_pow!(u8: false, i8: true, i16: true, i32: true, i64: true);

#[cfg(test)]
mod tests {
    use super::Power;

    #[test]
    fn integer_powers_wrap_and_answer_negative_exponents_as_pytorch() {
        assert_eq!(3i8.power(5), 3i8.wrapping_pow(5));
        assert_eq!(2i64.power(63), i64::MIN);
        assert_eq!(7u8.power(3), 7u8.wrapping_pow(3));
        assert_eq!(1i32.power(-5), 1);
        assert_eq!((-1i32).power(-5), -1);
        assert_eq!((-1i32).power(-4), 1);
        assert_eq!((-1i32).power(i32::MIN), 1);
        assert_eq!(2i32.power(-1), 0);
        assert_eq!(0i16.power(-1), 0);
        assert_eq!(0i16.power(0), 1);
    }
}
