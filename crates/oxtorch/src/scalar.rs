//! `Scalar`: a Python-style number operand (bool, int, float or complex).

use crate::dtype::DType;
use num_complex::Complex;
use std::fmt;

/// A Python number: the operand `5` in `t + 5`. Its dtype comes from `promotion::scalar_dtype`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A Python `bool`.
    Bool(bool),
    /// A Python `int` (held as int64, as PyTorch does).
    Int(i64),
    /// A Python `float` (a double).
    Float(f64),
    /// A Python `complex` (two doubles).
    Complex(Complex<f64>),
}

impl Scalar {
    /// The number negated exactly, as PyTorch's `-scalar` (integers wrap; a bool becomes the integer 0 or -1).
    pub fn negated(self) -> Scalar {
        match self {
            Scalar::Bool(b) => Scalar::Int(-i64::from(b)),
            Scalar::Int(i) => Scalar::Int(i.wrapping_neg()),
            Scalar::Float(f) => Scalar::Float(-f),
            Scalar::Complex(c) => Scalar::Complex(-c),
        }
    }

    /// The dtype the value is held in before promotion: bool, int64, float64 or complex128.
    pub fn storage_dtype(&self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::Int(_) => DType::Int64,
            Scalar::Float(_) => DType::Float64,
            Scalar::Complex(_) => DType::Complex128,
        }
    }

    /// The value as a complex double (bool as 0/1).
    pub fn to_complex(&self) -> Complex<f64> {
        match *self {
            Scalar::Bool(b) => Complex::new(b as u8 as f64, 0.0),
            Scalar::Int(i) => Complex::new(i as f64, 0.0),
            Scalar::Float(f) => Complex::new(f, 0.0),
            Scalar::Complex(c) => c,
        }
    }

    /// The real part as a double (bool as 0/1).
    pub fn to_f64(&self) -> f64 {
        self.to_complex().re
    }

    /// The value as an int64: floats truncate toward zero, complex uses the real part.
    pub fn to_i64(&self) -> i64 {
        match *self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::Float(f) => f as i64,
            Scalar::Complex(c) => c.re as i64,
        }
    }

    /// "Nonzero": the value as a bool.
    pub fn to_bool(&self) -> bool {
        match *self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::Float(f) => f != 0.0,
            Scalar::Complex(c) => c.re != 0.0 || c.im != 0.0,
        }
    }
}

/// Python's repr of the number (`True`, `3`, `2.5`, `(1+2j)`).
impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scalar::Bool(b) => write!(f, "{}", if *b { "True" } else { "False" }),
            Scalar::Int(i) => write!(f, "{i}"),
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
