//! The C library's complex functions that PyTorch's CPU kernels reach through `std::complex` (libstdc++ calls
//! glibc's `cexp`, `clog` and `cpow`), for the kernels whose results are those functions' bits: complex `pow`
//! (`std::pow`, element by element even in PyTorch's vectorized loop) and `logaddexp` (`complex_logaddexp.rs`).
//! glibc's functions are careful where a formula of our own is not (`clog` near `|z| = 1`, `cexp` near overflow, the
//! special values of C's Annex G), so calling them is what reproduces PyTorch's values to the bit.

use num_complex::Complex;

/// Declares the C library's functions of one complex value (float and double versions) and the trait
/// [`CLibm`] with one method each, plus `cpow`.
macro_rules! c_libm {
    ($($(#[$doc:meta])* $method:ident: $f32:ident, $f64:ident;)*) => {
        // `num_complex::Complex<T>` is `#[repr(C)]` with fields `re`, `im`: the layout of C's `T _Complex`, which the
        // x86-64 and AArch64 calling conventions pass and return as that two-field structure.
        extern "C" {
            $(
                fn $f32(z: Complex<f32>) -> Complex<f32>;
                fn $f64(z: Complex<f64>) -> Complex<f64>;
            )*
            fn cpowf(x: Complex<f32>, e: Complex<f32>) -> Complex<f32>;
            fn cpow(x: Complex<f64>, e: Complex<f64>) -> Complex<f64>;
        }

        /// The C library's complex functions of one complex type.
        pub(super) trait CLibm: Copy {
            $($(#[$doc])* fn $method(self) -> Self;)*
            /// `cpow(self, e)`.
            fn c_pow(self, e: Self) -> Self;
        }

        impl CLibm for Complex<f32> {
            $(
                #[inline]
                fn $method(self) -> Self {
                    // SAFETY: a pure C library function of a value passed in C's complex layout (above).
                    unsafe { $f32(self) }
                }
            )*
            #[inline]
            fn c_pow(self, e: Self) -> Self {
                // SAFETY: as for the functions of one value.
                unsafe { cpowf(self, e) }
            }
        }

        impl CLibm for Complex<f64> {
            $(
                #[inline]
                fn $method(self) -> Self {
                    // SAFETY: a pure C library function of a value passed in C's complex layout (above).
                    unsafe { $f64(self) }
                }
            )*
            #[inline]
            fn c_pow(self, e: Self) -> Self {
                // SAFETY: as for the functions of one value.
                unsafe { cpow(self, e) }
            }
        }
    };
}
c_libm! {
    /// `cexp(self)`.
    c_exp: cexpf, cexp;
    /// `clog(self)`.
    c_log: clogf, clog;
    /// `csqrt(self)`.
    c_sqrt: csqrtf, csqrt;
    /// `csin(self)`.
    c_sin: csinf, csin;
    /// `ccos(self)`.
    c_cos: ccosf, ccos;
    /// `ctan(self)`.
    c_tan: ctanf, ctan;
    /// `casin(self)`.
    c_asin: casinf, casin;
    /// `cacos(self)`.
    c_acos: cacosf, cacos;
    /// `catan(self)`.
    c_atan: catanf, catan;
    /// `csinh(self)`.
    c_sinh: csinhf, csinh;
    /// `ccosh(self)`.
    c_cosh: ccoshf, ccosh;
    /// `ctanh(self)`.
    c_tanh: ctanhf, ctanh;
    /// `casinh(self)`.
    c_asinh: casinhf, casinh;
    /// `cacosh(self)`.
    c_acosh: cacoshf, cacosh;
    /// `catanh(self)`.
    c_atanh: catanhf, catanh;
}

#[cfg(test)]
mod tests {
    use super::CLibm;
    use num_complex::Complex;

    type F64 = fn(Complex<f64>) -> Complex<f64>;
    type F32 = fn(Complex<f32>) -> Complex<f32>;

    #[test]
    fn the_c_library_functions_are_called_with_c_complex_values() {
        let z = Complex::new(0.5f64, -1.25);
        let (e, l) = (z.c_exp(), z.c_log());
        assert!((e - z.exp()).norm() < 1e-15 && (l - z.ln()).norm() < 1e-15);
        let zf = Complex::new(0.5f32, -1.25);
        assert!((zf.c_exp() - zf.exp()).norm() < 1e-6 && (zf.c_log() - zf.ln()).norm() < 1e-6);
        assert_eq!(Complex::new(2.0f64, 0.0).c_pow(Complex::new(10.0, 0.0)).re.round(), 1024.0);
        assert!((zf.c_pow(Complex::new(2.0, 0.0)) - zf * zf).norm() < 1e-6);
        // each function is the one its name says (num-complex's formulas agree away from their weak spots)
        let pairs: [(F64, F64); 13] = [
            (CLibm::c_sqrt, Complex::sqrt),
            (CLibm::c_sin, Complex::sin),
            (CLibm::c_cos, Complex::cos),
            (CLibm::c_tan, Complex::tan),
            (CLibm::c_asin, Complex::asin),
            (CLibm::c_acos, Complex::acos),
            (CLibm::c_atan, Complex::atan),
            (CLibm::c_sinh, Complex::sinh),
            (CLibm::c_cosh, Complex::cosh),
            (CLibm::c_tanh, Complex::tanh),
            (CLibm::c_asinh, Complex::asinh),
            (CLibm::c_acosh, Complex::acosh),
            (CLibm::c_atanh, Complex::atanh),
        ];
        for (c, rust) in pairs {
            assert!((c(z) - rust(z)).norm() < 1e-14, "{} vs {}", c(z), rust(z));
        }
        let pairs32: [(F32, F32); 3] =
            [(CLibm::c_sqrt, Complex::sqrt), (CLibm::c_sin, Complex::sin), (CLibm::c_atanh, Complex::atanh)];
        for (c, rust) in pairs32 {
            assert!((c(zf) - rust(zf)).norm() < 1e-5);
        }
        // Annex G: cexp(x + 0i) has a zero imaginary part, even for an infinite real part
        let inf = Complex::new(f64::INFINITY, 0.0).c_exp();
        assert!(inf.re.is_infinite() && inf.im == 0.0);
    }
}
