//! `Element`: the Rust type behind each dtype, PyTorch's value-conversion rules between them, and the macros that
//! dispatch a runtime [`DType`] to a generic function.
//!
//! Conversion follows c10's `static_cast` rules as PyTorch's x86-64 CPU build computes them: integers wrap,
//! floats truncate toward zero when cast to integers (out of range and NaN as `cvttsd2si` gives them, through
//! int32 for int8 and int16 and through int64 for uint8),
//! float16 / bfloat16 round to nearest even (a double reaches them through float32, as in c10), complex to real keeps
//! the real part, anything to bool is "nonzero".

use crate::dtype::DType;
use crate::scalar::Scalar;
use half::{bf16, f16};
use num_complex::Complex;

/// complex64's element type.
pub type C32 = Complex<f32>;
/// complex128's element type.
pub type C64 = Complex<f64>;

/// A Rust type that stores one dtype's elements.
pub trait Element: Copy + Default + PartialEq + Send + Sync + std::fmt::Debug + 'static {
    /// The dtype this type stores.
    const DTYPE: DType;
    /// The type arithmetic on this type runs in (c10's `opmath_type`): float32 for float16 and bfloat16, which
    /// are computed in float32 and rounded once; the type itself otherwise.
    type Compute: Element;
    /// Converts a bool (false -> 0, true -> 1).
    fn from_bool(v: bool) -> Self;
    /// Converts an int64 (integers wrap; floats round to nearest).
    fn from_i64(v: i64) -> Self;
    /// Converts a float32 (integers truncate toward zero).
    fn from_f32(v: f32) -> Self;
    /// Converts a float64 (integers truncate toward zero; half types go through float32).
    fn from_f64(v: f64) -> Self;
    /// Converts a complex64 (real targets keep the real part; bool is "either part nonzero").
    fn from_c32(v: C32) -> Self;
    /// Converts a complex128.
    fn from_c64(v: C64) -> Self;
    /// Converts this value to another element type by the rules above.
    fn cast<T: Element>(self) -> T;
    /// The value as a Python-style number (half types widen exactly to f64).
    fn to_scalar(self) -> Scalar;
    /// Converts a Python-style number to this type.
    fn from_scalar(s: Scalar) -> Self {
        match s {
            Scalar::Bool(b) => Self::from_bool(b),
            Scalar::Int(i) => Self::from_i64(i),
            // c10's conversion of an unsigned 64-bit value: integer types wrap, the others take its value (through
            // a double, whose rounding float32 then rounds again, as c10's conversion through double does)
            Scalar::UInt(u) if Self::DTYPE.is_integral(true) => Self::from_i64(u as i64),
            Scalar::UInt(u) => Self::from_f64(u as f64),
            Scalar::Float(f) => Self::from_f64(f),
            Scalar::Complex(c) => Self::from_c64(c),
        }
    }
}

/// A double truncated toward zero to int64 as x86-64's `cvttsd2si` does it, which is what PyTorch's CPU casts
/// compile to: NaN, infinities and values out of range give `i64::MIN` (Rust's `as` would saturate).
#[inline(always)]
fn x86_trunc_i64(v: f64) -> i64 {
    if v.is_nan() || !((i64::MIN as f64)..-(i64::MIN as f64)).contains(&v) {
        i64::MIN
    } else {
        v as i64
    }
}

/// A double truncated toward zero to int32 as x86-64's 32-bit `cvttsd2si` does it: `i32::MIN` for NaN,
/// infinities and values out of range.
#[inline(always)]
fn x86_trunc_i32(v: f64) -> i32 {
    if v.is_nan() || !(-2_147_483_648.0..2_147_483_648.0).contains(&v) {
        i32::MIN
    } else {
        v as i32
    }
}

/// Floating values to an integer type as PyTorch's CPU casts give them: int32 and int64 directly (see
/// [`x86_trunc_i32`]); int8 and int16 through int32 and uint8 (c10 routes it explicitly) through int64, wrapping.
trait FromFloat {
    fn from_float(v: f64) -> Self;
}
impl FromFloat for i64 {
    #[inline(always)]
    fn from_float(v: f64) -> Self {
        x86_trunc_i64(v)
    }
}
impl FromFloat for i32 {
    #[inline(always)]
    fn from_float(v: f64) -> Self {
        x86_trunc_i32(v)
    }
}
macro_rules! narrow_from_float {
    ($($t:ty => $through:ident),*) => {$(
        impl FromFloat for $t {
            #[inline(always)]
            fn from_float(v: f64) -> Self {
                $through(v) as $t
            }
        }
    )*};
}
// `static_cast<int8_t>` / `<int16_t>` of a float compile to the 32-bit `cvttsd2si` (1e10 gives 0, not the low bits
// of 10^10); c10 sends uint8 through int64 on purpose (`static_cast_with_inter_type<uint8_t>`)
narrow_from_float!(i8 => x86_trunc_i32, i16 => x86_trunc_i32, u8 => x86_trunc_i64);

macro_rules! int_element {
    ($($t:ty => $dtype:ident),*) => {$(
        impl Element for $t {
            const DTYPE: DType = DType::$dtype;
            type Compute = $t;
            #[inline(always)] fn from_bool(v: bool) -> Self { v as $t }
            #[inline(always)] fn from_i64(v: i64) -> Self { v as $t }
            #[inline(always)] fn from_f32(v: f32) -> Self { <$t>::from_float(f64::from(v)) }
            #[inline(always)] fn from_f64(v: f64) -> Self { <$t>::from_float(v) }
            #[inline(always)] fn from_c32(v: C32) -> Self { <$t>::from_float(f64::from(v.re)) }
            #[inline(always)] fn from_c64(v: C64) -> Self { <$t>::from_float(v.re) }
            #[inline(always)] fn cast<T: Element>(self) -> T { T::from_i64(self as i64) }
            fn to_scalar(self) -> Scalar { Scalar::Int(self as i64) }
        }
    )*};
}
int_element!(u8 => UInt8, i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64);

impl Element for bool {
    const DTYPE: DType = DType::Bool;
    type Compute = bool;
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        v
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v != 0
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v != 0.0
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
    #[inline(always)]
    fn from_c32(v: C32) -> Self {
        v.re != 0.0 || v.im != 0.0
    }
    #[inline(always)]
    fn from_c64(v: C64) -> Self {
        v.re != 0.0 || v.im != 0.0
    }
    #[inline(always)]
    fn cast<T: Element>(self) -> T {
        T::from_bool(self)
    }
    fn to_scalar(self) -> Scalar {
        Scalar::Bool(self)
    }
}

macro_rules! float_element {
    ($($t:ty => $dtype:ident, $from_self:ident),*) => {$(
        impl Element for $t {
            const DTYPE: DType = DType::$dtype;
            type Compute = $t;
            #[inline(always)] fn from_bool(v: bool) -> Self { v as u8 as $t }
            #[inline(always)] fn from_i64(v: i64) -> Self { v as $t }
            #[inline(always)] fn from_f32(v: f32) -> Self { v as $t }
            #[inline(always)] fn from_f64(v: f64) -> Self { v as $t }
            #[inline(always)] fn from_c32(v: C32) -> Self { v.re as $t }
            #[inline(always)] fn from_c64(v: C64) -> Self { v.re as $t }
            #[inline(always)] fn cast<T: Element>(self) -> T { T::$from_self(self) }
            fn to_scalar(self) -> Scalar { Scalar::Float(self as f64) }
        }
    )*};
}
float_element!(f32 => Float32, from_f32, f64 => Float64, from_f64);

macro_rules! half_element {
    ($($t:ty => $dtype:ident),*) => {$(
        impl Element for $t {
            const DTYPE: DType = DType::$dtype;
            type Compute = f32;
            #[inline(always)] fn from_bool(v: bool) -> Self { <$t>::from_f32(v as u8 as f32) }
            #[inline(always)] fn from_i64(v: i64) -> Self { <$t>::from_f32(v as f32) }
            #[inline(always)] fn from_f32(v: f32) -> Self { <$t>::from_f32(v) }
            #[inline(always)] fn from_f64(v: f64) -> Self { <$t>::from_f32(v as f32) }
            #[inline(always)] fn from_c32(v: C32) -> Self { <$t>::from_f32(v.re) }
            #[inline(always)] fn from_c64(v: C64) -> Self { <$t>::from_f32(v.re as f32) }
            #[inline(always)] fn cast<T: Element>(self) -> T { T::from_f32(self.to_f32()) }
            fn to_scalar(self) -> Scalar { Scalar::Float(self.to_f64()) }
        }
    )*};
}
half_element!(f16 => Float16, bf16 => BFloat16);

macro_rules! complex_element {
    ($($f:ty => $dtype:ident, $from_self:ident),*) => {$(
        impl Element for Complex<$f> {
            const DTYPE: DType = DType::$dtype;
            type Compute = Complex<$f>;
            #[inline(always)] fn from_bool(v: bool) -> Self { Complex::new(v as u8 as $f, 0.0) }
            #[inline(always)] fn from_i64(v: i64) -> Self { Complex::new(v as $f, 0.0) }
            #[inline(always)] fn from_f32(v: f32) -> Self { Complex::new(v as $f, 0.0) }
            #[inline(always)] fn from_f64(v: f64) -> Self { Complex::new(v as $f, 0.0) }
            #[inline(always)] fn from_c32(v: C32) -> Self { Complex::new(v.re as $f, v.im as $f) }
            #[inline(always)] fn from_c64(v: C64) -> Self { Complex::new(v.re as $f, v.im as $f) }
            #[inline(always)] fn cast<T: Element>(self) -> T { T::$from_self(self) }
            fn to_scalar(self) -> Scalar { Scalar::Complex(Complex::new(self.re as f64, self.im as f64)) }
        }
    )*};
}
complex_element!(f32 => Complex64, from_c32, f64 => Complex128, from_c64);

/// Runs `$body` with `$T` bound to the element type of the runtime dtype `$dtype`.
///
/// ```text
/// dispatch_dtype!(tensor.dtype(), T => fill::<T>(...))
/// ```
#[macro_export]
macro_rules! dispatch_dtype {
    ($dtype:expr, $T:ident => $body:expr) => {
        match $dtype {
            $crate::DType::Bool => {
                type $T = bool;
                $body
            }
            $crate::DType::UInt8 => {
                type $T = u8;
                $body
            }
            $crate::DType::Int8 => {
                type $T = i8;
                $body
            }
            $crate::DType::Int16 => {
                type $T = i16;
                $body
            }
            $crate::DType::Int32 => {
                type $T = i32;
                $body
            }
            $crate::DType::Int64 => {
                type $T = i64;
                $body
            }
            $crate::DType::Float16 => {
                type $T = half::f16;
                $body
            }
            $crate::DType::BFloat16 => {
                type $T = half::bf16;
                $body
            }
            $crate::DType::Float32 => {
                type $T = f32;
                $body
            }
            $crate::DType::Float64 => {
                type $T = f64;
                $body
            }
            $crate::DType::Complex64 => {
                type $T = num_complex::Complex<f32>;
                $body
            }
            $crate::DType::Complex128 => {
                type $T = num_complex::Complex<f64>;
                $body
            }
        }
    };
}
