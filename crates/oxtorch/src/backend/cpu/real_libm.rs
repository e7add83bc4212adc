//! The C library's real inverse hyperbolic functions. Rust's standard library computes `asinh`, `acosh` and
//! `atanh` with formulas of its own, which overflow for the largest floats (`asinh(f32::MAX)` is infinite) and
//! lose digits near the poles (float32 `atanh(-0.9999)` is 50 ulps off); PyTorch's CPU kernels call the C
//! library's (`std::asinh`, glibc's), which is what these are.

/// Declares the C library's functions of one real value (float and double versions) and the trait [`RealLibm`]
/// with one method each.
macro_rules! real_libm {
    ($($(#[$doc:meta])* $method:ident: $f32:ident, $f64:ident;)*) => {
        extern "C" {
            $(
                fn $f32(x: f32) -> f32;
                fn $f64(x: f64) -> f64;
            )*
        }

        /// The C library's real functions of one floating-point type.
        pub(super) trait RealLibm: Copy {
            $($(#[$doc])* fn $method(self) -> Self;)*
        }

        impl RealLibm for f32 {
            $(
                #[inline]
                fn $method(self) -> Self {
                    // SAFETY: a pure C library function of one float, which reads and writes no memory.
                    unsafe { $f32(self) }
                }
            )*
        }

        impl RealLibm for f64 {
            $(
                #[inline]
                fn $method(self) -> Self {
                    // SAFETY: a pure C library function of one double, which reads and writes no memory.
                    unsafe { $f64(self) }
                }
            )*
        }
    };
}
real_libm! {
    /// `asinh(self)`.
    c_asinh: asinhf, asinh;
    /// `acosh(self)`.
    c_acosh: acoshf, acosh;
    /// `atanh(self)`.
    c_atanh: atanhf, atanh;
}

#[cfg(test)]
mod tests {
    use super::RealLibm;

    #[test]
    fn the_largest_floats_and_the_poles() {
        // ln(2 * f32::MAX), where Rust's formula overflows
        assert_eq!(f32::MAX.c_asinh(), 89.415_985_f32);
        assert_eq!(f32::MAX.c_acosh(), 89.415_985_f32);
        assert_eq!(f64::MAX.c_asinh(), 710.475_860_073_943_9_f64);
        // within one unit in the last place of PyTorch's value (Rust's formula: 50 units off)
        assert!(((-0.9999_f32).c_atanh() - -4.951_636).abs() <= 4.8e-7);
        assert_eq!(1.0_f64.c_atanh(), f64::INFINITY);
        assert!((0.5_f64).c_acosh().is_nan());
    }
}
