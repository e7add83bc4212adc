//! `addcmul`, `addcdiv` and `lerp` on the CPU, as PyTorch's `PointwiseOpsKernel.cpp` and `LerpKernel.cpp` compute
//! them, over the loop of `ternary.rs`:
//!
//! - `addcmul`: `self + value * t1 * t2`. Its compiler contracts the last product and the sum into one fused
//!   multiply-add, in the vector blocks and in the scalar code alike: `fma(value * t1, t2, self)` for float32 and
//!   float64 (float16/bfloat16 in float32, the value read as float32); integers wrap; complex numbers multiply in
//!   `c10::complex`'s order (rounded by loop position, `arith.rs`), then add.
//! - `addcdiv`: `self + (value * t1) / t2`, nothing fused (a quotient does not contract).
//! - `lerp`: from the nearer end, with one rounding: `fma(w, end - self, self)` when `|w| < 0.5`, else the vector
//!   blocks' `fma(w - 1, end - self, end)` or the scalar code's contraction of `end - (end - self) * (1 - w)`
//!   (which differ in a zero's sign when `w == 1`). Complex weights: the vector blocks test `|w|^2 < 0.25` and compute
//!   `(w - 1) * d + end`; the scalar code tests `|w| < 0.5` (a hypotenuse) and computes `end - d * (1 - w)`.
//!
//! Measured against PyTorch 2.15 on AVX512 (`tests/data/pointwise.json`, section `long`).

use super::arith::{Arith, LoopPosition};
use super::buffer::{CpuBuffer, CpuElement};
use super::ternary::{elementwise, Input, Layout};
use crate::backend::TernaryCall;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::iter::Plan;
use crate::op::TernaryOp;
use crate::scalar::Scalar;
use half::{bf16, f16};
use num_complex::Complex;

/// Runs `addcmul`, `addcdiv` or `lerp` (see [`crate::backend::ternary`]).
pub(super) fn pointwise(call: &TernaryCall<'_>, out: &mut CpuBuffer, inputs: &[Input<'_>]) -> Result<()> {
    match call.op {
        TernaryOp::Addcmul | TernaryOp::Addcdiv => {
            let value = call.parameter.ok_or_else(|| internal("addcmul/addcdiv without a value"))?;
            let divide = call.op == TernaryOp::Addcdiv;
            crate::dispatch_dtype!(call.dtype, D => add_product::<D>(divide, value, call.plan, out, inputs));
            Ok(())
        }
        TernaryOp::Lerp => {
            let weight = call.parameter;
            match call.dtype {
                DType::Float16 => lerp::<f16>(weight, call.plan, out, inputs),
                DType::BFloat16 => lerp::<bf16>(weight, call.plan, out, inputs),
                DType::Float32 => lerp::<f32>(weight, call.plan, out, inputs),
                DType::Float64 => lerp::<f64>(weight, call.plan, out, inputs),
                DType::Complex64 => lerp::<Complex<f32>>(weight, call.plan, out, inputs),
                DType::Complex128 => lerp::<Complex<f64>>(weight, call.plan, out, inputs),
                other => return Err(internal(&format!("no lerp kernel for {other}"))),
            }
            Ok(())
        }
        other => Err(internal(&format!("{other:?} is not a pointwise kernel"))),
    }
}

fn internal(what: &str) -> Error {
    Error::Runtime(format!("internal error: {what}"))
}

/// `addcmul` (`divide == false`) or `addcdiv` in `D`'s compute type.
fn add_product<D: CpuElement>(divide: bool, value: Scalar, plan: &Plan, out: &mut CpuBuffer, inputs: &[Input<'_>])
where
    D::Compute: Arith,
{
    type C<D> = <D as Element>::Compute;
    let v = C::<D>::from_scalar(value);
    let layout = Layout { condition: false, captured_values: false, positional: C::<D>::POSITIONAL };
    if divide {
        elementwise::<D, C<D>, C<D>>(plan, out, inputs, layout, |x, at| {
            C::<D>::add(x[0], C::<D>::div_at(C::<D>::mul_at(v, x[1], at), x[2], at))
        })
    } else if C::<D>::POSITIONAL {
        elementwise::<D, C<D>, C<D>>(plan, out, inputs, layout, |x, at| {
            C::<D>::add(x[0], C::<D>::mul_at(C::<D>::mul_at(v, x[1], at), x[2], at))
        })
    } else {
        elementwise::<D, C<D>, C<D>>(plan, out, inputs, layout, |x, _| {
            C::<D>::mul_add(C::<D>::mul(v, x[1]), x[2], x[0])
        })
    }
}

/// `lerp` in `D`'s compute type; the weight is the third input, or `weight` when it is a number.
fn lerp<D: CpuElement>(weight: Option<Scalar>, plan: &Plan, out: &mut CpuBuffer, inputs: &[Input<'_>])
where
    D::Compute: Lerp,
{
    type C<D> = <D as Element>::Compute;
    // the vector blocks and the scalar code compute the far end's formula differently (for every dtype)
    let layout = Layout { condition: false, captured_values: false, positional: true };
    match weight {
        Some(w) => {
            let w = C::<D>::from_scalar(w);
            elementwise::<D, C<D>, C<D>>(plan, out, inputs, layout, |x, at| C::<D>::lerp(x[0], x[1], w, at))
        }
        None => elementwise::<D, C<D>, C<D>>(plan, out, inputs, layout, |x, at| C::<D>::lerp(x[0], x[1], x[2], at)),
    }
}

/// PyTorch's `lerp` of one compute type.
trait Lerp: Arith {
    /// `start + weight * (end - start)` as PyTorch's loop computes it at `at`.
    fn lerp(start: Self, end: Self, weight: Self, at: LoopPosition) -> Self;
}

macro_rules! real_lerp {
    ($($t:ty: $bits:ty),*) => {$(
        impl Lerp for $t {
            #[inline(always)]
            fn lerp(start: Self, end: Self, weight: Self, at: LoopPosition) -> Self {
                let d = end - start;
                let small = weight.abs() < 0.5;
                // one fused multiply-add whose operands are selected by masks, not branches on the weight (a tensor
                // of weights on both sides of 0.5 made the branches mispredict: 2.8x slower): `fma(w, d, start)`
                // near the start; near the end the vector blocks' `fma(w - 1, d, end)`, or the scalar code's
                // `fma(-d, 1 - w, end)`, the same value but for a zero's sign (`w == 1`: `-(d * 0) + end`)
                let mask = |c: bool| <$bits>::from(c).wrapping_neg();
                let select = |m: $bits, a: Self, b: Self| Self::from_bits((a.to_bits() & m) | (b.to_bits() & !m));
                let (near_start, scalar_far) = (mask(small), mask(!small & !at.vector));
                let a = select(near_start, weight, select(scalar_far, -d, weight - 1.0));
                let b = select(scalar_far, 1.0 - weight, d);
                Self::mul_add(a, b, select(near_start, start, end))
            }
        }
    )*};
}
real_lerp!(f32: u32, f64: u64);

macro_rules! complex_lerp {
    ($($t:ty),*) => {$(
        impl Lerp for Complex<$t> {
            #[inline(always)]
            fn lerp(start: Self, end: Self, weight: Self, at: LoopPosition) -> Self {
                let d = Self::sub(end, start);
                if at.vector {
                    // `blendv` of the coefficient and the base by `|w|^2 < 0.25`, then `fmadd` (a product and a sum)
                    let small = weight.re * weight.re + weight.im * weight.im < 0.25;
                    let (coeff, base) = if small { (weight, start) } else { (Complex::new(weight.re - 1.0, weight.im), end) };
                    Self::add(Self::mul_at(coeff, d, at), base)
                } else if weight.norm() < 0.5 {
                    Self::add(start, Self::mul_at(weight, d, at))
                } else {
                    Self::sub(end, Self::mul_at(d, Self::sub(Complex::new(1.0, 0.0), weight), at))
                }
            }
        }
    )*};
}
complex_lerp!(f32, f64);
