//! `Scalar`: a Python-style number operand (bool, int, float or complex).

use crate::dtype::DType;
use num_complex::Complex;
use std::fmt;

/// A Python number: the operand `5` in `t + 5`. Its dtype comes from `promotion::scalar_dtype`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A Python `bool`.
    Bool(bool),
    /// A Python `int` that fits int64 (held as int64, as PyTorch does).
    Int(i64),
    /// A Python `int` in `[2^63, 2^64)`, which PyTorch holds unsigned: it promotes as an int, converts exactly to
    /// floating types and wraps into integer types (`int64_tensor == 2**63` compares with -2^63).
    UInt(u64),
    /// A Python `float` (a double).
    Float(f64),
    /// A Python `complex` (two doubles).
    Complex(Complex<f64>),
}

impl Scalar {
    /// The Python type of the number, as PyTorch's messages name it: `bool`, `int`, `float`, `complex`.
    pub fn python_type_name(&self) -> &'static str {
        match self {
            Scalar::Bool(_) => "bool",
            Scalar::Int(_) | Scalar::UInt(_) => "int",
            Scalar::Float(_) => "float",
            Scalar::Complex(_) => "complex",
        }
    }

    /// The number negated exactly, as PyTorch's `-scalar` (integers wrap; a bool becomes the integer 0 or -1).
    pub fn negated(self) -> Scalar {
        match self {
            Scalar::Bool(b) => Scalar::Int(-i64::from(b)),
            Scalar::Int(i) => Scalar::Int(i.wrapping_neg()),
            Scalar::UInt(u) => Scalar::Int((u as i64).wrapping_neg()),
            Scalar::Float(f) => Scalar::Float(-f),
            Scalar::Complex(c) => Scalar::Complex(-c),
        }
    }

    /// The dtype the value is held in before promotion: bool, int64, float64 or complex128.
    pub fn storage_dtype(&self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::Int(_) | Scalar::UInt(_) => DType::Int64,
            Scalar::Float(_) => DType::Float64,
            Scalar::Complex(_) => DType::Complex128,
        }
    }

    /// The value as a complex double (bool as 0/1).
    pub fn to_complex(&self) -> Complex<f64> {
        match *self {
            Scalar::Bool(b) => Complex::new(b as u8 as f64, 0.0),
            Scalar::Int(i) => Complex::new(i as f64, 0.0),
            Scalar::UInt(u) => Complex::new(u as f64, 0.0),
            Scalar::Float(f) => Complex::new(f, 0.0),
            Scalar::Complex(c) => c,
        }
    }

    /// The real part as a double (bool as 0/1).
    pub fn to_f64(&self) -> f64 {
        self.to_complex().re
    }

    /// The value as an int64: floats truncate toward zero, complex uses the real part, an unsigned int wraps.
    pub fn to_i64(&self) -> i64 {
        match *self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::UInt(u) => u as i64,
            Scalar::Float(f) => f as i64,
            Scalar::Complex(c) => c.re as i64,
        }
    }

    /// "Nonzero": the value as a bool.
    pub fn to_bool(&self) -> bool {
        match *self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::UInt(u) => u != 0,
            Scalar::Float(f) => f != 0.0,
            Scalar::Complex(c) => c.re != 0.0 || c.im != 0.0,
        }
    }
}

/// How strictly a number is checked against the element type it is converted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConversionCheck {
    /// c10's `checked_convert` as `Scalar::to<T>()` runs it (indexed assignment of a number, `arange` bounds):
    /// every dtype but bool refuses values it cannot hold.
    Strict,
    /// `fill_` / `full` of a one-element tensor (PyTorch's `scalar_fill`): as [`ConversionCheck::Strict`],
    /// except that float16 and bfloat16 go through double, so they take any real value (rounding to infinity).
    /// Fills of any other number of elements are [`ConversionCheck::Strict`].
    Fill,
}

/// The C++ type name PyTorch's overflow message gives for an element type (`int64_t`, `c10::Half` ...).
pub fn c10_type_name(dtype: DType) -> &'static str {
    match dtype {
        DType::Bool => "bool",
        DType::UInt8 => "uint8_t",
        DType::Int8 => "int8_t",
        DType::Int16 => "int16_t",
        DType::Int32 => "int",
        DType::Int64 => "int64_t",
        DType::Float16 => "c10::Half",
        DType::BFloat16 => "c10::BFloat16",
        DType::Float32 => "float",
        DType::Float64 => "double",
        DType::Complex64 => "c10::complex<float>",
        DType::Complex128 => "c10::complex<double>",
    }
}

/// The largest finite value of a floating element type (of the component type for complex dtypes).
pub(crate) fn float_max(dtype: DType) -> f64 {
    match dtype {
        DType::Float16 => 65504.0,
        DType::BFloat16 => 3.3895313892515355e38,
        DType::Float32 | DType::Complex64 => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// The range of an integer element type as `(lowest, max)`.
pub(crate) fn int_range(dtype: DType) -> (i64, i64) {
    match dtype {
        DType::UInt8 => (0, 255),
        DType::Int8 => (-128, 127),
        DType::Int16 => (-32768, 32767),
        DType::Int32 => (i32::MIN as i64, i32::MAX as i64),
        _ => (i64::MIN, i64::MAX),
    }
}

impl Scalar {
    /// Whether PyTorch's checked conversion of this number to `dtype` refuses it (c10's `overflows<To, From>`):
    /// a complex number with an imaginary part for a real dtype; NaN or infinity for an integer dtype; a
    /// finite value beyond the dtype's range (for floats into integers: below the lowest value, or at or above
    /// the largest plus one, since the fraction is dropped); negative integers down to -max wrap into uint8.
    pub fn overflows(&self, dtype: DType, check: ConversionCheck) -> bool {
        if dtype == DType::Bool {
            return false;
        }
        let dtype = conversion_target(dtype, check);
        let float_overflows = |f: f64| -> bool {
            if dtype.is_integral(false) {
                let (lo, hi) = int_range(dtype);
                !f.is_finite() || f < lo as f64 || f >= hi as f64 + 1.0
            } else {
                f.is_finite() && f.abs() > float_max(dtype)
            }
        };
        match *self {
            Scalar::Bool(_) => false,
            Scalar::Int(i) => {
                if dtype.is_integral(false) {
                    let (lo, hi) = int_range(dtype);
                    if dtype == DType::UInt8 {
                        i > hi || i < -hi
                    } else {
                        i < lo || i > hi
                    }
                } else {
                    (i as f64).abs() > float_max(dtype)
                }
            }
            // beyond int64: every integer dtype refuses it, floats take it (beyond float16's range it overflows)
            Scalar::UInt(u) => dtype.is_integral(false) || (u as f64) > float_max(dtype),
            Scalar::Float(f) => float_overflows(f),
            Scalar::Complex(c) => {
                if !dtype.is_complex() && c.im != 0.0 {
                    return true;
                }
                float_overflows(c.re) || (dtype.is_complex() && float_overflows(c.im))
            }
        }
    }

    /// `Err` with PyTorch's message (`value cannot be converted to type int8_t without overflow`) when
    /// [`Scalar::overflows`] says the conversion is refused.
    pub fn check_convertible(&self, dtype: DType, check: ConversionCheck) -> crate::Result<()> {
        if self.overflows(dtype, check) {
            return Err(crate::Error::Runtime(format!(
                "value cannot be converted to type {} without overflow",
                c10_type_name(conversion_target(dtype, check))
            )));
        }
        Ok(())
    }
}

/// The type a number is checked against: a one-element fill of float16/bfloat16 converts through double.
fn conversion_target(dtype: DType, check: ConversionCheck) -> DType {
    match (check, dtype) {
        (ConversionCheck::Fill, DType::Float16 | DType::BFloat16) => DType::Float64,
        _ => dtype,
    }
}

/// The check a fill of `numel` elements makes (PyTorch fills a single element through `scalar_fill`).
pub fn fill_check(numel: usize) -> ConversionCheck {
    if numel == 1 {
        ConversionCheck::Fill
    } else {
        ConversionCheck::Strict
    }
}

/// A double as C++ streams print it by default (`printf("%g")`: six significant digits, `1e+20`, `inf`,
/// `nan`), which is how PyTorch's messages show doubles.
pub fn cpp_double(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // the exponent after rounding to six significant digits decides between fixed and scientific notation
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let strip = |s: String| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    };
    if (-4..6).contains(&exp) {
        let decimals = (5 - exp).max(0) as usize;
        strip(format!("{x:.decimals$}"))
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip(mantissa.to_string()), exp.abs())
    }
}

/// Python's repr of the number (`True`, `3`, `2.5`, `(1+2j)`).
impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Bool(b) => write!(f, "{}", if *b { "True" } else { "False" }),
            Scalar::Int(i) => write!(f, "{i}"),
            Scalar::UInt(u) => write!(f, "{u}"),
            Scalar::Float(x) => write!(f, "{x:?}"),
            Scalar::Complex(c) => write!(f, "({:?}{:+?}j)", c.re, c.im),
        }
    }
}

macro_rules! scalar_from {
    ($($t:ty => $variant:ident as $as:ty),* $(,)?) => {$(
        impl From<$t> for Scalar {
            fn from(v: $t) -> Self { Scalar::$variant(v as $as) }
        }
    )*};
}
scalar_from!(bool => Bool as bool, i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    u8 => Int as i64, u16 => Int as i64, u32 => Int as i64, f32 => Float as f64, f64 => Float as f64);

impl From<Complex<f64>> for Scalar {
    fn from(v: Complex<f64>) -> Self {
        Scalar::Complex(v)
    }
}
impl From<Complex<f32>> for Scalar {
    fn from(v: Complex<f32>) -> Self {
        Scalar::Complex(Complex::new(v.re as f64, v.im as f64))
    }
}
