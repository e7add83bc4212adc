//! Scalar arithmetic per compute type, as PyTorch's CPU kernels compute it: integers wrap (division by zero is
//! caught before any kernel runs), floats follow IEEE, float16/bfloat16 are computed in float32 (the iterator
//! rounds the result once), complex division is Smith's scaled algorithm as in `c10::complex`.

use crate::element::Element;
use num_complex::Complex;

/// The arithmetic of one compute type.
pub trait Arith: Element {
    /// `a + b`
    fn add(a: Self, b: Self) -> Self;
    /// `a - b`
    fn sub(a: Self, b: Self) -> Self;
    /// `a * b`
    fn mul(a: Self, b: Self) -> Self;
    /// `a * b + c`, as PyTorch's `add` with an `alpha` computes `other * alpha + self`: one rounding for
    /// float32/float64 (its vectorized `fmadd`, and the compiler's contraction of its scalar loop, on every CPU
    /// with AVX2), two for complex types (`c10::complex` multiplies, then adds).
    fn mul_add(a: Self, b: Self, c: Self) -> Self {
        Self::add(Self::mul(a, b), c)
    }
    /// `a / b` (true division; only called on floating and complex types).
    fn div(a: Self, b: Self) -> Self;
    /// `a / b` rounded toward zero.
    fn div_trunc(a: Self, b: Self) -> Self {
        Self::div_trunc_rounding(a, b, |x| x)
    }
    /// `div_trunc` with `round` applied to the quotient before truncation: PyTorch computes float16/bfloat16
    /// `trunc(a / b)` with the quotient rounded to the storage type.
    fn div_trunc_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self;
    /// `div_floor` with `round` applied after every intermediate operation, as PyTorch's scalar
    /// `div_floor_floating` does in float16/bfloat16 arithmetic.
    fn div_floor_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self;
}

macro_rules! int_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(a: Self, b: Self) -> Self { a.wrapping_add(b) }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { a.wrapping_sub(b) }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a.wrapping_mul(b) }
            #[inline(always)] fn div(a: Self, b: Self) -> Self { Self::div_trunc(a, b) }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self {
                if b == 0 { 0 } else { a.wrapping_div(b) }
            }
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self {
                if b == 0 {
                    return 0;
                }
                let q = a.wrapping_div(b);
                #[allow(unused_comparisons)]
                let signs_differ = (a < 0) != (b < 0);
                if signs_differ && a.wrapping_rem(b) != 0 { q.wrapping_sub(1) } else { q }
            }
        }
    )*};
}
int_arith!(u8, i8, i16, i32, i64);

impl Arith for bool {
    #[inline(always)]
    fn add(a: Self, b: Self) -> Self {
        a || b
    }
    #[inline(always)]
    fn sub(a: Self, b: Self) -> Self {
        a && !b
    }
    #[inline(always)]
    fn mul(a: Self, b: Self) -> Self {
        a && b
    }
    #[inline(always)]
    fn div(a: Self, _b: Self) -> Self {
        a
    }
    #[inline(always)]
    fn div_trunc_rounding(a: Self, _b: Self, _: impl Fn(Self) -> Self) -> Self {
        a
    }
    #[inline(always)]
    fn div_floor_rounding(a: Self, _b: Self, _: impl Fn(Self) -> Self) -> Self {
        a
    }
}

macro_rules! float_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(a: Self, b: Self) -> Self { a + b }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { a - b }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a * b }
            #[inline(always)] fn mul_add(a: Self, b: Self, c: Self) -> Self { fused::mul_add(a, b, c) }
            #[inline(always)] fn div(a: Self, b: Self) -> Self { a / b }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self { round(a / b).trunc() }
            /// PyTorch's `div_floor_floating`: floor of the quotient computed through `fmod`, exact for
            /// representable results, with IEEE results for a zero divisor.
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, r: impl Fn(Self) -> Self) -> Self {
                if b == 0.0 {
                    return r(a / b);
                }
                let m = r(a % b);
                let mut div = r(r(a - m) / b);
                if m != 0.0 && (b < 0.0) != (m < 0.0) {
                    div = r(div - 1.0);
                }
                if div != 0.0 {
                    let mut floordiv = div.floor();
                    if r(div - floordiv) > 0.5 {
                        floordiv = r(floordiv + 1.0);
                    }
                    floordiv
                } else {
                    (0.0 as $t).copysign(r(a / b))
                }
            }
        }
    )*};
}
float_arith!(f32, f64);

/// One-rounding `a * b + c` on the CPU's FMA unit. The library is built for baseline x86-64, where Rust's
/// `mul_add` is a call to the C library's `fma` (a loop over 10^7 doubles took 37 ms that way, 21 ms with the
/// instruction detected at run time, 15 ms unfused); `add(alpha=2.5)` of 10^7 doubles takes about 18 ms against
/// 12 ms for a plain `add`.
mod fused {
    /// The generic fallback and the hardware version compute the same exactly rounded value.
    pub(super) trait MulAdd: Copy {
        fn software(self, b: Self, c: Self) -> Self;
        #[cfg(target_arch = "x86_64")]
        fn hardware(self, b: Self, c: Self) -> Self;
    }

    macro_rules! mul_add_impl {
        ($($t:ty),*) => {$(
            impl MulAdd for $t {
                #[inline(always)]
                fn software(self, b: Self, c: Self) -> Self {
                    self.mul_add(b, c)
                }
                #[cfg(target_arch = "x86_64")]
                #[inline(always)]
                fn hardware(self, b: Self, c: Self) -> Self {
                    #[target_feature(enable = "fma")]
                    fn with_fma(a: $t, b: $t, c: $t) -> $t {
                        a.mul_add(b, c)
                    }
                    // SAFETY: `with_fma` needs only the FMA instructions, and `hardware` is called only after
                    // `is_x86_feature_detected!("fma")` found them on the running CPU.
                    unsafe { with_fma(self, b, c) }
                }
            }
        )*};
    }
    mul_add_impl!(f32, f64);

    /// `a * b + c` rounded once.
    #[inline(always)]
    pub(super) fn mul_add<T: MulAdd>(a: T, b: T, c: T) -> T {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            return a.hardware(b, c);
        }
        a.software(b, c)
    }
}

macro_rules! complex_arith {
    ($($f:ty),*) => {$(
        impl Arith for Complex<$f> {
            #[inline(always)] fn add(a: Self, b: Self) -> Self { Complex::new(a.re + b.re, a.im + b.im) }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { Complex::new(a.re - b.re, a.im - b.im) }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self {
                Complex::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
            }
            /// Smith's algorithm (as `c10::complex::operator/=`): scales by the larger divisor component so that
            /// components near the type's range do not overflow.
            #[inline(always)]
            fn div(a: Self, b: Self) -> Self {
                let (x, y, c, d) = (a.re, a.im, b.re, b.im);
                let (abs_c, abs_d) = (c.abs(), d.abs());
                if abs_c >= abs_d {
                    if abs_c == 0.0 && abs_d == 0.0 {
                        return Complex::new(x / abs_c, y / abs_d);
                    }
                    let rat = d / c;
                    let scl = 1.0 / (c + d * rat);
                    Complex::new((x + y * rat) * scl, (y - x * rat) * scl)
                } else {
                    let rat = c / d;
                    let scl = 1.0 / (d + c * rat);
                    Complex::new((x * rat + y) * scl, (y * rat - x) * scl)
                }
            }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self { Self::div(a, b) }
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self { Self::div(a, b) }
        }
    )*};
}
complex_arith!(f32, f64);
