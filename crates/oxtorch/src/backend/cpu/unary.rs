//! The unary formulas on the CPU: `out = f(x)` runs the binary loop (`binary.rs`) with no second operand, so a
//! unary operation gets its conversions on load, its vectorized contiguous runs, its threads and its mixed-dtype
//! chunks from the same code. `D` is the dtype the input is read as (the iterator's common dtype), `D::Compute`
//! the type the formula runs in (float32 for float16/bfloat16), and the result type is `D` (rounded once), bool
//! for predicates, or the real type for `abs` of complex numbers.
//!
//! Float32's exponentials, logarithms, `tanh` and `erf` (also float16's and bfloat16's, computed in float32) are
//! [`float32_math`](super::float32_math)'s, which vectorize and round correctly but in rare cases; so are its `sin`,
//! `cos` and `tan` when a scan of the input finds no finite element beyond 2^19 (`map_trig`); the other real
//! functions, and all of float64's, are the C library's, as PyTorch's scalar loops call them. PyTorch's vectorized
//! loops call MKL or SLEEF instead, which can differ by one ulp in the transcendental functions (the golden tests
//! compare those within one ulp; see `tests/data/README.md`). Float64's `erf` and every `erfc` come from `libm`.
//! Every formula is inlined into the loops (`inlined!`, `#[inline(always)]` closures), so that they vectorize.

use super::arith::{Arith, FusedComplex, LoopPosition};
use super::binary::{self, Rhs};
use super::buffer::{CpuBuffer, CpuElement};
use super::complex_libm::CLibm;
use super::float32_math::{self, BoundedTrig, Elementary};
use super::ordering::Ordered;
use super::real_libm::RealLibm;
use crate::dtype::DType;
use crate::element::{Element, C32, C64};
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::{UnaryOp, UnaryParameters};
use num_complex::Complex;

/// The function `$f` as a closure marked `#[inline(always)]`: inlined into the loops, whatever its size, so that they
/// vectorize (a function path passed as it is goes through a call shim that the compiler may keep).
macro_rules! inlined {
    ($f:path) => {
        #[allow(clippy::redundant_closure)]
        #[inline(always)]
        |v| $f(v)
    };
}

/// `out = f(x)` along `plan`, `x = None` reading the output itself (in place).
fn map<D: CpuElement, R: CpuElement>(
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
    f: impl Fn(D::Compute) -> R + Sync,
) -> Result<()>
where
    D::Compute: Arith,
{
    let none = <D::Compute as Default>::default();
    binary::binary::<D, D::Compute, R>(
        plan,
        out,
        x,
        Rhs::Value(none),
        false,
        #[inline(always)]
        move |a, _, _| f(a),
    );
    Ok(())
}

/// [`map`] for a formula whose bits depend on where PyTorch's CPU loop computes the element ([`LoopPosition`]).
fn map_at<D: CpuElement, R: CpuElement>(
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
    f: impl Fn(D::Compute, LoopPosition) -> R + Sync,
) -> Result<()>
where
    D::Compute: Arith,
{
    let none = <D::Compute as Default>::default();
    binary::binary::<D, D::Compute, R>(
        plan,
        out,
        x,
        Rhs::Value(none),
        true,
        #[inline(always)]
        move |a, _, at| f(a, at),
    );
    Ok(())
}

fn no_kernel(op: UnaryOp, dtype: DType) -> Error {
    Error::Runtime(format!("internal error: no CPU kernel for {} on {dtype}", op.name()))
}

/// Runs `op` with `parameters` reading the input as `dtype` (see the module documentation).
pub(crate) fn run(
    op: UnaryOp,
    parameters: UnaryParameters,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
) -> Result<()> {
    match dtype {
        DType::Float16 => real::<half::f16>(op, parameters, plan, out, x),
        DType::BFloat16 => real::<half::bf16>(op, parameters, plan, out, x),
        DType::Float32 => real::<f32>(op, parameters, plan, out, x),
        DType::Float64 => real::<f64>(op, parameters, plan, out, x),
        DType::Complex64 => complex::<C32>(op, parameters, plan, out, x),
        DType::Complex128 => complex::<C64>(op, parameters, plan, out, x),
        DType::Bool => boolean(op, plan, out, x),
        DType::UInt8 => integer::<u8>(op, plan, out, x),
        DType::Int8 => integer::<i8>(op, plan, out, x),
        DType::Int16 => integer::<i16>(op, plan, out, x),
        DType::Int32 => integer::<i32>(op, plan, out, x),
        DType::Int64 => integer::<i64>(op, plan, out, x),
    }
}

/// The real functions, as PyTorch's CPU kernels compute them.
/// The exponentials, logarithms and `tanh` come from [`Elementary`] (float32's vectorize), and so do float32's
/// `sin`, `cos` and `tan` within a bound ([`BoundedTrig`], [`map_trig`]).
pub trait RealMath: Arith + Ordered + Elementary + BoundedTrig + std::ops::Neg<Output = Self> {
    fn sqrt(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    fn erf(self) -> Self;
    /// PyTorch's vectorized `erf` (`Vectorized<float>::erf`: Abramowitz and Stegun's 7.1.26, a degree-5 polynomial
    /// in `t = 1 / (1 + p|x|)` times `e^(-x^2)`, with fused multiply-adds), which its float16 and bfloat16 kernels
    /// compute for every element (its `vml` loop maps the vector function over the remainder too; float32 and
    /// float64 go to MKL there); about 1e-7 absolute error, so tiny inputs give 0.
    fn erf_approximated(self) -> Self;
    fn erfc(self) -> Self;
    /// SLEEF's `sinh`, which PyTorch's vectorized blocks compute: `±inf` beyond the logarithm of the largest finite
    /// value, where its `e^|x|` overflows (the true `sinh` is finite up to `ln 2` further), else `sinh`.
    fn vectorized_sinh(self) -> Self;
    /// SLEEF's `cosh` (see [`RealMath::vectorized_sinh`]).
    fn vectorized_cosh(self) -> Self;
    fn abs(self) -> Self;
    fn floor(self) -> Self;
    fn ceil(self) -> Self;
    fn trunc(self) -> Self;
    /// Rounding half to even (`std::nearbyint`).
    fn round(self) -> Self;
    fn one() -> Self;
    fn zero() -> Self;
    fn is_nan(self) -> bool;
    fn is_infinite(self) -> bool;
    fn is_sign_negative(self) -> bool;
}

/// The constants of [`RealMath::erf_approximated`], as PyTorch writes them (`float` literals, rounded to float32):
/// `p`, then the polynomial's coefficients `p1` ... `p5` (Abramowitz and Stegun 7.1.26).
#[allow(clippy::excessive_precision)]
const ERF_APPROXIMATION: [f32; 6] = [0.3275911, 0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429];

macro_rules! real_math {
    ($($t:ty: $erf:path, $erfc:path),*) => {$(
        impl RealMath for $t {
            #[inline(always)] fn sqrt(self) -> Self { <$t>::sqrt(self) }
            #[inline(always)] fn sin(self) -> Self { <$t>::sin(self) }
            #[inline(always)] fn cos(self) -> Self { <$t>::cos(self) }
            #[inline(always)] fn tan(self) -> Self { <$t>::tan(self) }
            #[inline(always)] fn asin(self) -> Self { <$t>::asin(self) }
            #[inline(always)] fn acos(self) -> Self { <$t>::acos(self) }
            #[inline(always)] fn atan(self) -> Self { <$t>::atan(self) }
            #[inline(always)] fn sinh(self) -> Self { <$t>::sinh(self) }
            #[inline(always)] fn cosh(self) -> Self { <$t>::cosh(self) }
            #[inline(always)] fn asinh(self) -> Self { self.c_asinh() }
            #[inline(always)] fn acosh(self) -> Self { self.c_acosh() }
            #[inline(always)] fn atanh(self) -> Self { self.c_atanh() }
            #[inline(always)] fn erf(self) -> Self { $erf(self) }
            #[inline(always)]
            fn erf_approximated(self) -> Self {
                let [p, p1, p2, p3, p4, p5] = ERF_APPROXIMATION.map(|c| c as $t);
                let t = 1.0 / p.mul_add(self.abs(), 1.0);
                let r = p5.mul_add(t, p4).mul_add(t, p3).mul_add(t, p2).mul_add(t, p1);
                let e = <$t as Elementary>::exp(-(self * self));
                // `1 - e^(-x^2) t r`, its sign flipped for a negative `x` (the sign bit of `x` xored in)
                let magnitude = (-e * t).mul_add(r, 1.0);
                if self.is_sign_negative() { -magnitude } else { magnitude }
            }
            #[inline(always)] fn erfc(self) -> Self { $erfc(self) }
            #[inline(always)]
            fn vectorized_sinh(self) -> Self {
                if self.abs() as f64 > (<$t>::MAX as f64).ln() { <$t>::INFINITY.copysign(self) } else { <$t>::sinh(self) }
            }
            #[inline(always)]
            fn vectorized_cosh(self) -> Self {
                if self.abs() as f64 > (<$t>::MAX as f64).ln() { <$t>::INFINITY } else { <$t>::cosh(self) }
            }
            #[inline(always)] fn abs(self) -> Self { <$t>::abs(self) }
            #[inline(always)] fn floor(self) -> Self { <$t>::floor(self) }
            #[inline(always)] fn ceil(self) -> Self { <$t>::ceil(self) }
            #[inline(always)] fn trunc(self) -> Self { <$t>::trunc(self) }
            #[inline(always)] fn round(self) -> Self { <$t>::round_ties_even(self) }
            #[inline(always)] fn one() -> Self { 1.0 }
            #[inline(always)] fn zero() -> Self { 0.0 }
            #[inline(always)] fn is_nan(self) -> bool { <$t>::is_nan(self) }
            #[inline(always)] fn is_infinite(self) -> bool { <$t>::is_infinite(self) }
            #[inline(always)] fn is_sign_negative(self) -> bool { <$t>::is_sign_negative(self) }
        }
    )*};
}
real_math!(f32: float32_math::erf, libm::erfcf, f64: libm::erf, libm::erfc);

/// `nan_to_num`'s replacements `(nan, posinf, neginf)` in the element type `E` (PyTorch's `static_cast` of each
/// double, through float32 for float16 and bfloat16, overflowing to infinity), by default 0 and `E`'s largest and
/// lowest finite values.
fn replacements<E: Element>(parameters: UnaryParameters) -> (E, E, E) {
    let (nan, posinf, neginf) = parameters.replacement_values(E::DTYPE);
    (E::from_f64(nan), E::from_f64(posinf), E::from_f64(neginf))
}

/// `round`'s scale for `decimals`: `10^|decimals|` (the C library's `pow`, then rounded to the type the formula
/// runs in), and whether `decimals` is negative (divide, round, multiply back; else multiply, round, divide).
fn decimal_scale<F: Element>(decimals: i64) -> (F, bool) {
    (F::from_f64(10f64.powf(decimals.unsigned_abs() as f64)), decimals < 0)
}

/// `sin`, `cos` or `tan` along `plan`: the `bounded` formula, which vectorizes, when every input element is
/// within its bound ([`BoundedTrig::TRIG_BOUND`]), else the `general` one (the C library's, element by element).
fn map_trig<D: CpuElement>(
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
    bounded: impl Fn(D::Compute) -> D::Compute + Sync,
    general: impl Fn(D::Compute) -> D::Compute + Sync,
) -> Result<()>
where
    D::Compute: RealMath,
{
    let within = match D::Compute::TRIG_BOUND {
        // float16's largest value is far below the bound
        Some(_) if D::DTYPE == DType::Float16 => true,
        Some(bound) => reads_within::<D>(plan, x.unwrap_or(out), bound),
        None => false,
    };
    if within {
        map::<D, D>(plan, out, x, rounded::<D>(bounded))
    } else {
        map::<D, D>(plan, out, x, rounded::<D>(general))
    }
}

/// Whether every finite element `plan` reads of `input` has a magnitude at most `bound`, judged over the whole
/// buffer (so a view whose storage holds a larger element elsewhere counts as reading it), and only where the
/// buffer holds `D` and is not much larger than what the plan reads (else false). A vectorized scan, split over
/// the threads as the operation is.
fn reads_within<D: CpuElement>(plan: &Plan, input: &CpuBuffer, bound: f32) -> bool {
    let Some(values) = D::slice(input) else { return false };
    if values.len() > 2 * plan.numel() + 4096 {
        return false;
    }
    // the magnitude's bits, which order as the magnitudes do; NaN and the infinities count as 0 (the bounded
    // formulas give them their NaN)
    let largest = |chunk: &[D]| {
        chunk
            .iter()
            .map(|v| {
                let bits = v.cast::<f32>().to_bits() & 0x7fff_ffff;
                if bits < 0x7f80_0000 {
                    bits
                } else {
                    0
                }
            })
            .max()
            .unwrap_or(0)
    };
    let threads = super::parallel::get_num_threads();
    let parts = if values.len() >= 2 * super::parallel::GRAIN_SIZE { threads.max(1) } else { 1 };
    let mut maxima = vec![0u32; parts];
    let size = values.len().div_ceil(parts).max(1);
    let tasks: Vec<(&[D], &mut u32)> = values.chunks(size).zip(maxima.iter_mut()).collect();
    super::parallel::run_tasks(tasks, |(chunk, slot)| *slot = largest(chunk));
    maxima.into_iter().max().unwrap_or(0) <= bound.to_bits()
}

/// `f` with its result rounded to `D`.
#[inline(always)]
fn rounded<D: CpuElement>(f: impl Fn(D::Compute) -> D::Compute + Sync) -> impl Fn(D::Compute) -> D + Sync {
    binary::inlined(
        #[inline(always)]
        move |v| f(v).cast::<D>(),
    )
}

/// Whether PyTorch's vectorized `sinh` and `cosh` of dtype `D` overflow where `e^|x|` does
/// ([`RealMath::vectorized_sinh`]).
fn overflows_early<D: Element>() -> bool {
    matches!(D::DTYPE, DType::BFloat16 | DType::Float64)
}

/// The formulas of the floating-point dtypes (`D` is float16, bfloat16, float32 or float64).
fn real<D: CpuElement>(
    op: UnaryOp,
    parameters: UnaryParameters,
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
) -> Result<()>
where
    D::Compute: RealMath,
{
    use UnaryOp::*;
    type F<D> = <D as Element>::Compute;
    let one = F::<D>::one();
    match op {
        Sqrt => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::sqrt))),
        Rsqrt => map::<D, D>(plan, out, x, move |v| F::<D>::div(one, v.sqrt()).cast::<D>()),
        Exp => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::exp))),
        Exp2 => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::exp2))),
        Expm1 => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::expm1))),
        Log => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::ln))),
        Log2 => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::log2))),
        Log10 => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::log10))),
        Log1p => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::ln_1p))),
        Sin => map_trig::<D>(plan, out, x, inlined!(F::<D>::bounded_sin), inlined!(F::<D>::sin)),
        Cos => map_trig::<D>(plan, out, x, inlined!(F::<D>::bounded_cos), inlined!(F::<D>::cos)),
        Tan => map_trig::<D>(plan, out, x, inlined!(F::<D>::bounded_tan), inlined!(F::<D>::tan)),
        Asin => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::asin))),
        Acos => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::acos))),
        Atan => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::atan))),
        // bfloat16's and float64's vectorized blocks overflow early (SLEEF); float32's do not (measured against
        // PyTorch 2.15: `sinh(89.0)` is finite in float32 and infinite in bfloat16), float16's cannot reach it
        Sinh if overflows_early::<D>() => {
            map_at::<D, D>(plan, out, x, |v, at| (if at.vector { v.vectorized_sinh() } else { v.sinh() }).cast())
        }
        Cosh if overflows_early::<D>() => {
            map_at::<D, D>(plan, out, x, |v, at| (if at.vector { v.vectorized_cosh() } else { v.cosh() }).cast())
        }
        Sinh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::sinh))),
        Cosh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::cosh))),
        Tanh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::tanh))),
        Asinh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::asinh))),
        Acosh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::acosh))),
        Atanh => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::atanh))),
        // PyTorch's scalar formula: `1 / (1 + exp(-x))`
        Sigmoid => map::<D, D>(plan, out, x, move |v| F::<D>::div(one, F::<D>::add(one, (-v).exp())).cast::<D>()),
        // float32 and float64 through MKL (correctly rounded but in rare cases), float16 and bfloat16 through
        // PyTorch's own vector function, for every element
        Erf if matches!(D::DTYPE, DType::Float16 | DType::BFloat16) => {
            map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::erf_approximated)))
        }
        Erf => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::erf))),
        Erfc => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::erfc))),
        Reciprocal => map::<D, D>(plan, out, x, move |v| F::<D>::div(one, v).cast::<D>()),
        Abs => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::abs))),
        // a sign flip: `-0.0` for `0.0`
        Neg => map::<D, D>(plan, out, x, move |v| (-v).cast::<D>()),
        // `(0 < x) - (x < 0)`: NaN and both zeros give +0
        Sign | Sgn => map::<D, D>(plan, out, x, move |v| {
            let zero = F::<D>::zero();
            let positive = if F::<D>::less(zero, v) { one } else { zero };
            let negative = if F::<D>::less(v, zero) { one } else { zero };
            F::<D>::sub(positive, negative).cast::<D>()
        }),
        Floor => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::floor))),
        Ceil => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::ceil))),
        Trunc => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::trunc))),
        Round => match decimal_scale::<F<D>>(parameters.decimals()) {
            _ if parameters.decimals() == 0 => map::<D, D>(plan, out, x, rounded::<D>(inlined!(F::<D>::round))),
            (scale, true) => {
                map::<D, D>(plan, out, x, move |v| F::<D>::mul(F::<D>::div(v, scale).round(), scale).cast::<D>())
            }
            (scale, false) => {
                map::<D, D>(plan, out, x, move |v| F::<D>::div(F::<D>::mul(v, scale).round(), scale).cast::<D>())
            }
        },
        // the replacements are `D` values (a float16 replacement rounded to float16 first)
        NanToNum => {
            let (nan, posinf, neginf) = replacements::<D>(parameters);
            let (nan, posinf, neginf) = (nan.cast::<F<D>>(), posinf.cast::<F<D>>(), neginf.cast::<F<D>>());
            map::<D, D>(plan, out, x, move |v| {
                let r = match (v.is_nan(), v.is_infinite(), v.is_sign_negative()) {
                    (true, _, _) => nan,
                    (_, true, false) => posinf,
                    (_, true, true) => neginf,
                    _ => v,
                };
                r.cast::<D>()
            })
        }
        ConjPhysical => map::<D, D>(plan, out, x, |v| v.cast::<D>()),
        // NaN kept; `pi` (rounded to `D`) for negative numbers, else 0 (-0.0 too)
        Angle => {
            let pi = F::<D>::from_f64(std::f64::consts::PI);
            map::<D, D>(plan, out, x, move |v| {
                let r = if v.is_nan() {
                    v
                } else if F::<D>::less(v, F::<D>::zero()) {
                    pi
                } else {
                    F::<D>::zero()
                };
                r.cast::<D>()
            })
        }
        Frac => map::<D, D>(plan, out, x, move |v| F::<D>::sub(v, v.trunc()).cast::<D>()),
        Square => map::<D, D>(plan, out, x, move |v| F::<D>::mul(v, v).cast::<D>()),
        IsNan => map::<D, bool>(plan, out, x, inlined!(F::<D>::is_nan)),
        IsInf => map::<D, bool>(plan, out, x, inlined!(F::<D>::is_infinite)),
        IsFinite => map::<D, bool>(plan, out, x, |v| !v.is_nan() && !v.is_infinite()),
        IsPosInf => map::<D, bool>(plan, out, x, |v| v.is_infinite() && !v.is_sign_negative()),
        IsNegInf => map::<D, bool>(plan, out, x, |v| v.is_infinite() && v.is_sign_negative()),
        SignBit => map::<D, bool>(plan, out, x, inlined!(F::<D>::is_sign_negative)),
        LogicalNot => map::<D, bool>(plan, out, x, |v| v == F::<D>::zero()),
        IsReal => map::<D, bool>(plan, out, x, |_| true),
        Positive | BitwiseNot => Err(no_kernel(op, D::DTYPE)),
    }
}

/// The complex functions (`Complex<f32>`, `Complex<f64>`), with the real part type `Real`.
pub trait ComplexMath: Arith + std::ops::Neg<Output = Self> {
    /// The real type of the parts.
    type Real: CpuElement<Compute = Self::Real> + Arith;
    fn parts(self) -> (Self::Real, Self::Real);
    fn from_parts(re: Self::Real, im: Self::Real) -> Self;
    fn sqrt(self) -> Self;
    fn exp(self) -> Self;
    /// `e^(ln 2 z)` (c10's `exp2_impl` and the vectorized `exp2`, with `ln 2` in the real type).
    fn exp2(self) -> Self;
    fn ln(self) -> Self;
    /// `log(z) / ln 2`, each part divided, as PyTorch's vectorized `log2` (its scalar code's complex division by
    /// `(ln 2, 0)` multiplies each part by `1 / ln 2`, within a rounding of this).
    fn log2(self) -> Self;
    /// `log(z) / ln 10`, each part divided, as both of PyTorch's loops (libstdc++'s `log10`) compute it.
    fn log10(self) -> Self;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn tan(self) -> Self;
    fn asin(self) -> Self;
    fn acos(self) -> Self;
    /// The vectorized `acos`: `pi/2 - asin(z)`, which loses the digits of a real part near 0 that `acos` keeps.
    fn vectorized_acos(self) -> Self;
    fn atan(self) -> Self;
    fn sinh(self) -> Self;
    fn cosh(self) -> Self;
    fn tanh(self) -> Self;
    fn asinh(self) -> Self;
    fn acosh(self) -> Self;
    fn atanh(self) -> Self;
    /// c10's `expm1`: `expm1(x) cos(y) - 2 sin(y/2)^2 + i e^x sin(y)`, the real part's product and difference
    /// one fused multiply-add as PyTorch's compiler emits it.
    fn expm1(self) -> Self;
    /// c10's `log1p` on the CPU (NumPy's algorithm): `u = 1 + z`; `z` where `u` is 1, `log(u)` where `u - 1` is `z`,
    /// else `log(u) * (z / (u - 1))`, the product and quotient fused.
    fn log1p(self) -> Self;
    /// `|z|` (`std::abs`, a `hypot`).
    fn norm(self) -> Self::Real;
    /// The angle `atan2(im, re)` (`std::arg`; float32's from [`float32_math`](super::float32_math)).
    fn arg(self) -> Self::Real;
    /// The conjugate: the imaginary part's sign flipped.
    fn conj(self) -> Self;
    /// Each part's NaN, positive and negative infinity replaced (`nan_to_num`).
    fn replace_non_finite(self, nan: Self::Real, posinf: Self::Real, neginf: Self::Real) -> Self;
    fn one() -> Self;
    fn is_nan(self) -> bool;
    fn is_infinite(self) -> bool;
}

macro_rules! complex_math {
    ($($t:ty => $f:ty),*) => {$(
        impl ComplexMath for $t {
            type Real = $f;
            #[inline(always)] fn parts(self) -> ($f, $f) { (self.re, self.im) }
            #[inline(always)] fn from_parts(re: $f, im: $f) -> Self { Complex::new(re, im) }
            #[inline(always)] fn sqrt(self) -> Self { self.c_sqrt() }
            #[inline(always)] fn exp(self) -> Self { self.c_exp() }
            #[inline(always)]
            fn exp2(self) -> Self {
                let ln_2 = std::f64::consts::LN_2 as $f;
                Complex::new(ln_2 * self.re, ln_2 * self.im).c_exp()
            }
            #[inline(always)] fn ln(self) -> Self { self.c_log() }
            #[inline(always)]
            fn log2(self) -> Self {
                let (l, ln_2) = (self.c_log(), std::f64::consts::LN_2 as $f);
                Complex::new(l.re / ln_2, l.im / ln_2)
            }
            #[inline(always)]
            fn log10(self) -> Self {
                let (l, ln_10) = (self.c_log(), std::f64::consts::LN_10 as $f);
                Complex::new(l.re / ln_10, l.im / ln_10)
            }
            #[inline(always)] fn sin(self) -> Self { self.c_sin() }
            #[inline(always)] fn cos(self) -> Self { self.c_cos() }
            #[inline(always)] fn tan(self) -> Self { self.c_tan() }
            #[inline(always)] fn asin(self) -> Self { self.c_asin() }
            #[inline(always)] fn acos(self) -> Self { self.c_acos() }
            #[inline(always)]
            fn vectorized_acos(self) -> Self {
                let asin = self.c_asin();
                Complex::new(std::f64::consts::FRAC_PI_2 as $f - asin.re, 0.0 - asin.im)
            }
            #[inline(always)] fn atan(self) -> Self { self.c_atan() }
            #[inline(always)] fn sinh(self) -> Self { self.c_sinh() }
            #[inline(always)] fn cosh(self) -> Self { self.c_cosh() }
            #[inline(always)] fn tanh(self) -> Self { self.c_tanh() }
            #[inline(always)] fn asinh(self) -> Self { self.c_asinh() }
            #[inline(always)] fn acosh(self) -> Self { self.c_acosh() }
            #[inline(always)] fn atanh(self) -> Self { self.c_atanh() }
            #[inline(always)]
            fn expm1(self) -> Self {
                let (x, y) = (self.re, self.im);
                let half_sin = (y / 2.0).sin();
                Complex::new(x.exp_m1().mul_add(y.cos(), -(2.0 * half_sin * half_sin)), x.exp() * y.sin())
            }
            #[inline(always)]
            fn log1p(self) -> Self {
                let u = Complex::new(self.re + 1.0, self.im);
                if u.re == 1.0 && u.im == 0.0 {
                    return self;
                }
                let log_u = u.c_log();
                let u_minus_1 = Complex::new(u.re - 1.0, u.im);
                if u_minus_1 == self {
                    return log_u;
                }
                Self::fused_mul(log_u, Self::fused_div(self, u_minus_1))
            }
            #[inline(always)] fn norm(self) -> $f { self.re.hypot(self.im) }
            #[inline(always)] fn arg(self) -> $f { Elementary::atan2(self.im, self.re) }
            #[inline(always)] fn conj(self) -> Self { Complex::conj(&self) }
            #[inline(always)]
            fn replace_non_finite(self, nan: $f, posinf: $f, neginf: $f) -> Self {
                let part = |v: $f| match (v.is_nan(), v.is_infinite()) {
                    (true, _) => nan,
                    (_, true) if v > 0.0 => posinf,
                    (_, true) => neginf,
                    _ => v,
                };
                Complex::new(part(self.re), part(self.im))
            }
            #[inline(always)] fn one() -> Self { Complex::new(1.0, 0.0) }
            #[inline(always)] fn is_nan(self) -> bool { self.re.is_nan() || self.im.is_nan() }
            #[inline(always)] fn is_infinite(self) -> bool { self.re.is_infinite() || self.im.is_infinite() }
        }
    )*};
}
complex_math!(C32 => f32, C64 => f64);

/// The formulas of the complex dtypes.
fn complex<D: CpuElement<Compute = D> + ComplexMath>(
    op: UnaryOp,
    parameters: UnaryParameters,
    plan: &Plan,
    out: &mut CpuBuffer,
    x: Option<&CpuBuffer>,
) -> Result<()> {
    use UnaryOp::*;
    let one = D::one();
    let zero = D::default();
    match op {
        Sqrt => map::<D, D>(plan, out, x, inlined!(D::sqrt)),
        // `1 / sqrt(z)` as `reciprocal` divides (Smith's scale fused, as in both of PyTorch's loops)
        Rsqrt => map_at::<D, D>(plan, out, x, move |v, at| D::div_at(one, v.sqrt(), at)),
        Exp => map::<D, D>(plan, out, x, inlined!(D::exp)),
        Exp2 => map::<D, D>(plan, out, x, inlined!(D::exp2)),
        Expm1 => map::<D, D>(plan, out, x, inlined!(D::expm1)),
        Log => map::<D, D>(plan, out, x, inlined!(D::ln)),
        Log2 => map::<D, D>(plan, out, x, inlined!(D::log2)),
        Log10 => map::<D, D>(plan, out, x, inlined!(D::log10)),
        Log1p => map::<D, D>(plan, out, x, inlined!(D::log1p)),
        Sin => map::<D, D>(plan, out, x, inlined!(D::sin)),
        Cos => map::<D, D>(plan, out, x, inlined!(D::cos)),
        Tan => map::<D, D>(plan, out, x, inlined!(D::tan)),
        Asin => map::<D, D>(plan, out, x, inlined!(D::asin)),
        // PyTorch's acos kernel has no AVX-512 build, so its blocks are the AVX2 ones of every other loop here
        Acos => map_at::<D, D>(plan, out, x, |v, at| if at.vector { v.vectorized_acos() } else { v.acos() }),
        Atan => map::<D, D>(plan, out, x, inlined!(D::atan)),
        Sinh => map::<D, D>(plan, out, x, inlined!(D::sinh)),
        Cosh => map::<D, D>(plan, out, x, inlined!(D::cosh)),
        Tanh => map::<D, D>(plan, out, x, inlined!(D::tanh)),
        Asinh => map::<D, D>(plan, out, x, inlined!(D::asinh)),
        Acosh => map::<D, D>(plan, out, x, inlined!(D::acosh)),
        Atanh => map::<D, D>(plan, out, x, inlined!(D::atanh)),
        Sigmoid => map::<D, D>(plan, out, x, move |v| D::div(one, D::add(one, (-v).exp()))),
        Reciprocal => map_at::<D, D>(plan, out, x, move |v, at| D::div_at(one, v, at)),
        Abs => map::<D, D::Real>(plan, out, x, inlined!(D::norm)),
        // the imaginary part's sign flipped (NaN's too), as both of PyTorch's loops do
        ConjPhysical => map::<D, D>(plan, out, x, inlined!(D::conj)),
        // `atan2(imag, real)` (the C library's `std::arg`), in the real dtype
        Angle => map::<D, D::Real>(plan, out, x, inlined!(D::arg)),
        // each part replaced as a real number is
        NanToNum => {
            let (nan, posinf, neginf) = replacements::<D::Real>(parameters);
            map::<D, D>(plan, out, x, move |v| v.replace_non_finite(nan, posinf, neginf))
        }
        // PyTorch's vectorized blocks compute `0 - z`, its scalar code `-z` (each part's sign flipped: a product
        // with -1 would turn an infinite part's partner into NaN); they differ in the sign of zero parts
        Neg => map_at::<D, D>(plan, out, x, move |v, at| if at.vector { D::sub(zero, v) } else { -v }),
        // `z / |z|`, 0 for 0
        Sgn => map::<D, D>(plan, out, x, move |v| {
            let norm = v.norm();
            if norm == <D::Real as Default>::default() {
                zero
            } else {
                let (re, im) = v.parts();
                D::from_parts(D::Real::div(re, norm), D::Real::div(im, norm))
            }
        }),
        // `pow(x, 2)`, whose one-input loop rounds as the two-input loop whose inputs both advance: `x * x`
        Square => map_at::<D, D>(plan, out, x, |v, at| D::mul_at(v, v, LoopPosition { inputs_move: true, ..at })),
        IsNan => map::<D, bool>(plan, out, x, inlined!(D::is_nan)),
        IsInf => map::<D, bool>(plan, out, x, inlined!(D::is_infinite)),
        IsFinite => map::<D, bool>(plan, out, x, |v| !v.is_nan() && !v.is_infinite()),
        LogicalNot => map::<D, bool>(plan, out, x, move |v| v == zero),
        IsReal => map::<D, bool>(plan, out, x, |v| v.parts().1 == <D::Real as Default>::default()),
        Erf | Erfc | Positive | Sign | Floor | Ceil | Trunc | Round | Frac | BitwiseNot | IsPosInf | IsNegInf
        | SignBit => Err(no_kernel(op, D::DTYPE)),
    }
}

/// Integer arithmetic of the unary operations (wrapping, as PyTorch's: `abs(-128)` of int8 is -128).
pub trait IntMath: CpuElement<Compute = Self> + Arith + Ordered {
    fn wrapping_abs(self) -> Self;
    fn not(self) -> Self;
    fn one() -> Self;
}

macro_rules! int_math {
    ($($t:ty: $abs:expr),*) => {$(
        impl IntMath for $t {
            #[inline(always)] fn wrapping_abs(self) -> Self { ($abs)(self) }
            #[inline(always)] fn not(self) -> Self { !self }
            #[inline(always)] fn one() -> Self { 1 }
        }
    )*};
}
int_math!(u8: |v: u8| v, i8: i8::wrapping_abs, i16: i16::wrapping_abs, i32: i32::wrapping_abs, i64: i64::wrapping_abs);

/// The formulas of the integer dtypes.
fn integer<D: IntMath>(op: UnaryOp, plan: &Plan, out: &mut CpuBuffer, x: Option<&CpuBuffer>) -> Result<()> {
    use UnaryOp::*;
    let (zero, one) = (D::default(), D::one());
    match op {
        Abs => map::<D, D>(plan, out, x, inlined!(D::wrapping_abs)),
        Neg => map::<D, D>(plan, out, x, move |v| D::sub(zero, v)),
        Sign | Sgn => map::<D, D>(plan, out, x, move |v| {
            D::sub(if D::less(zero, v) { one } else { zero }, if D::less(v, zero) { one } else { zero })
        }),
        Floor | Ceil | Trunc | Round | ConjPhysical => map::<D, D>(plan, out, x, |v| v),
        Square => map::<D, D>(plan, out, x, |v| D::mul(v, v)),
        BitwiseNot => map::<D, D>(plan, out, x, inlined!(D::not)),
        IsNan | IsInf | IsPosInf | IsNegInf => map::<D, bool>(plan, out, x, |_| false),
        IsFinite | IsReal => map::<D, bool>(plan, out, x, |_| true),
        SignBit => map::<D, bool>(plan, out, x, move |v| D::less(v, zero)),
        LogicalNot => map::<D, bool>(plan, out, x, move |v| v == zero),
        _ => Err(no_kernel(op, D::DTYPE)),
    }
}

/// The formulas of bool.
fn boolean(op: UnaryOp, plan: &Plan, out: &mut CpuBuffer, x: Option<&CpuBuffer>) -> Result<()> {
    use UnaryOp::*;
    match op {
        Sign | Sgn | ConjPhysical => map::<bool, bool>(plan, out, x, |v| v),
        BitwiseNot | LogicalNot => map::<bool, bool>(plan, out, x, |v| !v),
        IsNan | IsInf | IsPosInf | IsNegInf | SignBit => map::<bool, bool>(plan, out, x, |_| false),
        IsFinite | IsReal => map::<bool, bool>(plan, out, x, |_| true),
        _ => Err(no_kernel(op, DType::Bool)),
    }
}
