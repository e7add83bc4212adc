//! The C library's complex functions that PyTorch's CPU kernels reach through `std::complex` (libstdc++ calls
//! glibc's `cexp`, `clog` and `cpow`), for the kernels whose results are those functions' bits: complex `pow`
//! (`std::pow`, element by element even in PyTorch's vectorized loop) and `logaddexp` (`complex_logaddexp.rs`).
//! glibc's functions are careful where a formula of our own is not (`clog` near `|z| = 1`, `cexp` near overflow, the
//! special values of C's Annex G), so calling them is what reproduces PyTorch's values to the bit.

use num_complex::Complex;

// `num_complex::Complex<T>` is `#[repr(C)]` with fields `re`, `im`: the layout of C's `T _Complex`, which the x86-64
// and AArch64 calling conventions pass and return as that two-field structure.
extern "C" {
    fn cexpf(z: Complex<f32>) -> Complex<f32>;
    fn clogf(z: Complex<f32>) -> Complex<f32>;
    fn cpowf(x: Complex<f32>, e: Complex<f32>) -> Complex<f32>;
    fn csqrtf(z: Complex<f32>) -> Complex<f32>;
    fn csinf(z: Complex<f32>) -> Complex<f32>;
    fn ccosf(z: Complex<f32>) -> Complex<f32>;
    fn ctanf(z: Complex<f32>) -> Complex<f32>;
    fn casinf(z: Complex<f32>) -> Complex<f32>;
    fn cacosf(z: Complex<f32>) -> Complex<f32>;
    fn catanf(z: Complex<f32>) -> Complex<f32>;
    fn csinhf(z: Complex<f32>) -> Complex<f32>;
    fn ccoshf(z: Complex<f32>) -> Complex<f32>;
    fn ctanhf(z: Complex<f32>) -> Complex<f32>;
    fn casinhf(z: Complex<f32>) -> Complex<f32>;
    fn cacoshf(z: Complex<f32>) -> Complex<f32>;
    fn catanhf(z: Complex<f32>) -> Complex<f32>;
    fn cexp(z: Complex<f64>) -> Complex<f64>;
    fn clog(z: Complex<f64>) -> Complex<f64>;
    fn cpow(x: Complex<f64>, e: Complex<f64>) -> Complex<f64>;
    fn csqrt(z: Complex<f64>) -> Complex<f64>;
    fn csin(z: Complex<f64>) -> Complex<f64>;
    fn ccos(z: Complex<f64>) -> Complex<f64>;
    fn ctan(z: Complex<f64>) -> Complex<f64>;
    fn casin(z: Complex<f64>) -> Complex<f64>;
    fn cacos(z: Complex<f64>) -> Complex<f64>;
    fn catan(z: Complex<f64>) -> Complex<f64>;
    fn csinh(z: Complex<f64>) -> Complex<f64>;
    fn ccosh(z: Complex<f64>) -> Complex<f64>;
    fn ctanh(z: Complex<f64>) -> Complex<f64>;
    fn casinh(z: Complex<f64>) -> Complex<f64>;
    fn cacosh(z: Complex<f64>) -> Complex<f64>;
    fn catanh(z: Complex<f64>) -> Complex<f64>;
}

/// A function of one complex value that the C library has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CFunction {
    Exp,
    Log,
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
}

/// The C library's complex functions of one complex type.
pub(super) trait CLibm: Copy {
    /// `f(self)` (`cexp`, `clog`, `csqrt`, ...).
    fn c_call(self, f: CFunction) -> Self;
    /// `cexp(self)`.
    fn c_exp(self) -> Self {
        self.c_call(CFunction::Exp)
    }
    /// `clog(self)`.
    fn c_log(self) -> Self {
        self.c_call(CFunction::Log)
    }
    /// `cpow(self, e)`.
    fn c_pow(self, e: Self) -> Self;
}

macro_rules! c_libm {
    ($($t:ty: $pow:ident, [$($f:ident => $c:ident),*]);*) => {$(
        impl CLibm for Complex<$t> {
            #[inline]
            fn c_call(self, f: CFunction) -> Self {
                match f {
                    // SAFETY: pure C library functions of a value passed in C's complex layout (above).
                    $(CFunction::$f => unsafe { $c(self) },)*
                }
            }
            #[inline]
            fn c_pow(self, e: Self) -> Self {
                // SAFETY: as for `c_call`.
                unsafe { $pow(self, e) }
            }
        }
    )*};
}
c_libm!(
    f32: cpowf, [Exp => cexpf, Log => clogf, Sqrt => csqrtf, Sin => csinf, Cos => ccosf, Tan => ctanf,
        Asin => casinf, Acos => cacosf, Atan => catanf, Sinh => csinhf, Cosh => ccoshf, Tanh => ctanhf,
        Asinh => casinhf, Acosh => cacoshf, Atanh => catanhf];
    f64: cpow, [Exp => cexp, Log => clog, Sqrt => csqrt, Sin => csin, Cos => ccos, Tan => ctan,
        Asin => casin, Acos => cacos, Atan => catan, Sinh => csinh, Cosh => ccosh, Tanh => ctanh,
        Asinh => casinh, Acosh => cacosh, Atanh => catanh]
);

#[cfg(test)]
mod tests {
    use super::CLibm;
    use num_complex::Complex;

    #[test]
    fn the_c_library_functions_are_called_with_c_complex_values() {
        let z = Complex::new(0.5f64, -1.25);
        let (e, l) = (z.c_exp(), z.c_log());
        assert!((e - z.exp()).norm() < 1e-15 && (l - z.ln()).norm() < 1e-15);
        let zf = Complex::new(0.5f32, -1.25);
        assert!((zf.c_exp() - zf.exp()).norm() < 1e-6 && (zf.c_log() - zf.ln()).norm() < 1e-6);
        assert_eq!(Complex::new(2.0f64, 0.0).c_pow(Complex::new(10.0, 0.0)).re.round(), 1024.0);
        assert!((zf.c_pow(Complex::new(2.0, 0.0)) - zf * zf).norm() < 1e-6);
        // Annex G: cexp(x + 0i) has a zero imaginary part, even for an infinite real part
        let inf = Complex::new(f64::INFINITY, 0.0).c_exp();
        assert!(inf.re.is_infinite() && inf.im == 0.0);
    }
}
