//! Rust's arithmetic operators on tensors and numbers. Every operator returns a `Result`, never panics:
//! `(&a + &b)?`, `(&a * 2.5)?`, `(1 - &a)?`. A number on the left is an `i64`, `f64`, `bool` or complex double (one
//! impl per kind, so that plain literals infer). The compound forms apply to a `Result<Tensor>` accumulator so that an
//! error is kept rather than thrown: `let mut acc = Ok(a); acc += &b; acc *= Scalar::Float(2.0); let a = acc?;` (in
//! place, like `add_`). Rust's orphan rules allow a number on the right of a compound assignment to a
//! `Result` only through oxtorch's own [`crate::Scalar`].

use super::ops::{binary_op, BinaryOp};
use super::{Operand, Output, Tensor};
use crate::error::Result;
use std::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Sub, SubAssign};

macro_rules! tensor_operators {
    ($(($Op:ident, $method:ident, $OpAssign:ident, $assign:ident, $binop:expr)),* $(,)?) => {$(
        impl<R: Into<Operand>> $Op<R> for &Tensor {
            type Output = Result<Tensor>;
            fn $method(self, rhs: R) -> Result<Tensor> {
                binary_op($binop, &Operand::from(self), &rhs.into(), Output::New)
            }
        }
        impl<R: Into<Operand>> $Op<R> for Tensor {
            type Output = Result<Tensor>;
            fn $method(self, rhs: R) -> Result<Tensor> {
                binary_op($binop, &Operand::from(self), &rhs.into(), Output::New)
            }
        }
        tensor_operators!(@assign $OpAssign, $assign, $binop, &Tensor, Tensor, crate::scalar::Scalar);
        tensor_operators!(@numbers $Op, $method, $binop, bool, i64, f64, num_complex::Complex<f64>);
    )*};
    (@assign $OpAssign:ident, $assign:ident, $binop:expr, $($rhs:ty),*) => {$(
        impl $OpAssign<$rhs> for Result<Tensor> {
            fn $assign(&mut self, rhs: $rhs) {
                if let Ok(t) = self {
                    if let Err(e) = binary_op($binop, &Operand::from(&*t), &Operand::from(rhs), Output::InPlace) {
                        *self = Err(e);
                    }
                }
            }
        }
    )*};
    (@numbers $Op:ident, $method:ident, $binop:expr, $($num:ty),*) => {$(
        impl $Op<&Tensor> for $num {
            type Output = Result<Tensor>;
            fn $method(self, rhs: &Tensor) -> Result<Tensor> {
                binary_op($binop, &Operand::from(self), &Operand::from(rhs), Output::New)
            }
        }
        impl $Op<Tensor> for $num {
            type Output = Result<Tensor>;
            fn $method(self, rhs: Tensor) -> Result<Tensor> {
                binary_op($binop, &Operand::from(self), &Operand::from(rhs), Output::New)
            }
        }
    )*};
}

tensor_operators!(
    (Add, add, AddAssign, add_assign, BinaryOp::ADD),
    (Sub, sub, SubAssign, sub_assign, BinaryOp::SUB),
    (Mul, mul, MulAssign, mul_assign, BinaryOp::Mul),
    (Div, div, DivAssign, div_assign, BinaryOp::DIV),
);
