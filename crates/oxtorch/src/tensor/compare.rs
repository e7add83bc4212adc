//! Whole-tensor comparisons: `torch.equal` and `torch.allclose`. Values are compared in the tensors' own
//! arithmetic (exactly for integers: `equal(tensor([2**53 + 1]), tensor([2**53]))` is false), as PyTorch's
//! elementwise comparisons are, never through a wider type that would round them.

use super::Tensor;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Result};
use crate::promotion::{get_default_dtype, promote_types};
use num_complex::Complex;

/// PyTorch's message for tensors on two devices.
fn check_same_device(a: &Tensor, b: &Tensor) -> Result<()> {
    if a.device() != b.device() {
        let (first, second) = if a.device().is_cpu() { (b.device(), a.device()) } else { (a.device(), b.device()) };
        runtime_err!(
            "Expected all tensors to be on the same device, but found at least two devices, {first} and {second}!"
        )
    }
    Ok(())
}

/// The elements of `t` converted to `dtype`, broadcast to `shape`, in row-major order, as `T` (`dtype`'s type).
fn values_as<T: crate::backend::cpu::CpuElement>(t: &Tensor, dtype: DType, shape: &[usize]) -> Result<Vec<T>> {
    t.to_dtype(dtype)?.expand(&super::view::to_i64(shape))?.to_vec::<T>()
}

/// The closeness test of one dtype's arithmetic (PyTorch's `isclose`): `a == b`, or NaN on both sides with
/// `equal_nan`, or a finite `|a - b| <= atol + |rtol * b|` with every operation rounded as a tensor operation
/// of that dtype would round it.
trait Close: Sized {
    fn close(a: Self, b: Self, rtol: f64, atol: f64, equal_nan: bool) -> bool;
}

macro_rules! float_close {
    ($($t:ty),*) => {$(
        impl Close for $t {
            fn close(a: Self, b: Self, rtol: f64, atol: f64, equal_nan: bool) -> bool {
                // each tensor operation computes in the compute type and rounds to the storage type
                let round = |x: <$t as Element>::Compute| -> <$t as Element>::Compute { x.cast::<$t>().cast() };
                let c = |x: $t| -> <$t as Element>::Compute { x.cast() };
                // as the tensor operations read a Python number: `rtol *` at compute precision, `atol +` rounded
                let rtol = <<$t as Element>::Compute as Element>::from_f64(rtol);
                let atol = c(<$t as Element>::from_f64(atol));
                if a == b || (equal_nan && c(a).is_nan() && c(b).is_nan()) {
                    return true;
                }
                let allowed = round(atol + round(round(rtol * c(b)).abs()));
                let actual = round(round(c(a) - c(b)).abs());
                actual.is_finite() && actual <= allowed
            }
        }
    )*};
}
float_close!(f32, f64, half::f16, half::bf16);

macro_rules! complex_close {
    ($($f:ty),*) => {$(
        impl Close for Complex<$f> {
            fn close(a: Self, b: Self, rtol: f64, atol: f64, equal_nan: bool) -> bool {
                let nan = |z: Self| z.re.is_nan() || z.im.is_nan();
                if a == b || (equal_nan && nan(a) && nan(b)) {
                    return true;
                }
                let scaled = Complex::new(rtol as $f, 0.0) * b;
                let allowed = atol as $f + scaled.norm();
                let actual = (a - b).norm();
                actual.is_finite() && actual <= allowed
            }
        }
    )*};
}
complex_close!(f32, f64);

/// PyTorch's `isclose` for integer and bool tensors once `a == b` failed: both are converted to the default
/// dtype, then `|a - b| <= atol + |rtol * b|` is computed with each operation rounded to it (so the difference
/// does not wrap in the integer type, and integers the default dtype cannot tell apart are close).
fn int_close_in_default_dtype(a: i64, b: i64, rtol: f64, atol: f64) -> bool {
    let d = get_default_dtype();
    let round = |x: f64| -> f64 { crate::dispatch_dtype!(d, T => T::from_f64(x).to_scalar().to_f64()) };
    let convert = |x: i64| -> f64 { crate::dispatch_dtype!(d, T => T::from_i64(x).to_scalar().to_f64()) };
    let (a, b) = (convert(a), convert(b));
    let allowed = round(round(atol) + round(round(rtol) * b).abs());
    let actual = round(round(a - b).abs());
    actual.is_finite() && actual <= allowed
}

macro_rules! int_close {
    ($($t:ty),*) => {$(
        impl Close for $t {
            fn close(a: Self, b: Self, rtol: f64, atol: f64, _equal_nan: bool) -> bool {
                a == b || int_close_in_default_dtype(i64::from(a), i64::from(b), rtol, atol)
            }
        }
    )*};
}
int_close!(i8, i16, i32, i64, u8, bool);

impl Tensor {
    /// `torch.equal(self, other)`: the same sizes and equal elements, compared in the promoted dtype (NaN equals
    /// nothing). Tensors on two devices are PyTorch's error.
    pub fn equal(&self, other: &Tensor) -> Result<bool> {
        check_same_device(self, other)?;
        if self.sizes() != other.sizes() {
            return Ok(false);
        }
        let dtype = promote_types(self.dtype(), other.dtype());
        crate::dispatch_dtype!(dtype, T => {
            Ok(values_as::<T>(self, dtype, self.sizes())? == values_as::<T>(other, dtype, self.sizes())?)
        })
    }

    /// `torch.allclose(self, other, rtol, atol, equal_nan)`: every element (after broadcasting) satisfies
    /// `|self - other| <= atol + rtol * |other|` in the tensors' dtype, which must be the same for both.
    pub fn allclose(&self, other: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<bool> {
        if self.dtype() != other.dtype() {
            runtime_err!("{} did not match {}", self.dtype().scalar_type_name(), other.dtype().scalar_type_name())
        }
        check_same_device(self, other)?;
        let shape = crate::shape::broadcast_shapes(self.sizes(), other.sizes())?;
        let dtype = self.dtype();
        crate::dispatch_dtype!(dtype, T => {
            let (x, y) = (values_as::<T>(self, dtype, &shape)?, values_as::<T>(other, dtype, &shape)?);
            Ok(x.into_iter().zip(y).all(|(p, q)| T::close(p, q, rtol, atol, equal_nan)))
        })
    }
}
