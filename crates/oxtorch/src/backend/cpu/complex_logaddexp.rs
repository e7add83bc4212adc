//! `logaddexp` of complex numbers as PyTorch's CPU kernel computes it: one element at a time (its loop has no
//! vectorized path for complex numbers), by `_log_add_exp_helper` of `ATen/native/cpu/LogAddExp.h`:
//!
//! - `min`/`max` by real part (`x.re < y.re` picks `x` as the smaller; a tie makes `y` the smaller), a number
//!   with a NaN part taking both places (`y`'s first);
//! - a NaN part gives `nan + nanj`; two equal infinite real parts give `y` when they are -inf, else
//!   `log(exp(min) + exp(max))`;
//! - otherwise `log1p(exp(min - max)) + max`, with c10's complex `log1p` (`u = z + 1`; `z` when `u == 1`, else
//!   `log(u) * (z / (u - 1))`, or `log(u)` when `u - 1 == z` exactly).
//!
//! `exp` and `log` are the C library's `cexp`/`clog` (`complex_libm.rs`: c10 calls `std::exp`/`std::log` of
//! `std::complex`; glibc's `clog` is careful near `|z| = 1`, where `log1p` evaluates it). The complex product and quotient are c10's (Smith's
//! division), with the multiply-adds fused as PyTorch's AVX2 and AVX-512 builds compile them (the build this
//! project's golden data comes from; without the fusion about 1.7% of the values differ by an ulp or two).

use num_complex::Complex;

/// `logaddexp` of one complex type.
pub(super) trait ComplexLogAddExp: Copy {
    /// `logaddexp(self, other)`.
    fn logaddexp(self, other: Self) -> Self;
}

use super::complex_libm::CLibm;

#[allow(non_camel_case_types)]
type c32 = Complex<f32>;
#[allow(non_camel_case_types)]
type c64 = Complex<f64>;

macro_rules! complex_logaddexp {
    ($($c:ty: $t:ty);*) => {$(
        impl ComplexLogAddExp for $c {
            fn logaddexp(self, other: Self) -> Self {
                let (exp, log) = (CLibm::c_exp, CLibm::c_log);
                let is_nan = |z: $c| z.re.is_nan() || z.im.is_nan();
                let (x, y) = (self, other);
                let (min, max) = if is_nan(y) {
                    (y, y)
                } else if is_nan(x) {
                    (x, x)
                } else if x.re < y.re {
                    (x, y)
                } else {
                    (y, x)
                };
                if is_nan(min) {
                    return Complex::new(<$t>::NAN, <$t>::NAN);
                }
                if !min.re.is_finite() && min.re == max.re {
                    if min.re < 0.0 {
                        return min;
                    }
                    let (a, b) = (exp(min), exp(max));
                    return log(Complex::new(a.re + b.re, a.im + b.im));
                }
                let z = exp(Complex::new(min.re - max.re, min.im - max.im));
                let l = log1p(z, log);
                Complex::new(l.re + max.re, l.im + max.im)
            }
        }

        impl Log1p for $c {
            fn fused_mul(self, w: Self) -> Self {
                let (a, b, c, d) = (self.re, self.im, w.re, w.im);
                Complex::new(a.mul_add(c, -(b * d)), a.mul_add(d, b * c))
            }

            fn fused_div(self, w: Self) -> Self {
                let (a, b, c, d) = (self.re, self.im, w.re, w.im);
                let (abs_c, abs_d) = (c.abs(), d.abs());
                if abs_c >= abs_d {
                    if abs_c == 0.0 && abs_d == 0.0 {
                        return Complex::new(a / abs_c, b / abs_d);
                    }
                    let rat = d / c;
                    let scl = 1.0 / d.mul_add(rat, c);
                    Complex::new(b.mul_add(rat, a) * scl, (-a).mul_add(rat, b) * scl)
                } else {
                    let rat = c / d;
                    let scl = 1.0 / c.mul_add(rat, d);
                    Complex::new(a.mul_add(rat, b) * scl, b.mul_add(rat, -a) * scl)
                }
            }

            fn plus_one(self, sign: f64) -> Self {
                Complex::new(self.re + sign as $t, self.im)
            }

            fn is_one(self) -> bool {
                self.re == 1.0 && self.im == 0.0
            }
        }
    )*};
}
complex_logaddexp!(c32: f32; c64: f64);

/// c10's complex arithmetic that `log1p` uses.
trait Log1p: Copy + PartialEq {
    /// The product, its multiply-adds fused.
    fn fused_mul(self, w: Self) -> Self;
    /// Smith's quotient, its multiply-adds fused.
    fn fused_div(self, w: Self) -> Self;
    /// `self + sign` (`sign` is 1 or -1), the real part changed only.
    fn plus_one(self, sign: f64) -> Self;
    /// Whether `self == 1` (a zero imaginary part).
    fn is_one(self) -> bool;
}

/// c10's complex `log1p` on the CPU (numpy's algorithm), with `log` the C library's.
fn log1p<C: Log1p>(z: C, log: impl Fn(C) -> C) -> C {
    let u = z.plus_one(1.0);
    if u.is_one() {
        return z;
    }
    let log_u = log(u);
    let u_minus_one = u.plus_one(-1.0);
    if u_minus_one == z {
        return log_u;
    }
    log_u.fused_mul(z.fused_div(u_minus_one))
}
