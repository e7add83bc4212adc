//! Rust's arithmetic operators on tensors and numbers, for [`crate::Tensor`] (strided) and
//! [`crate::AnyTensor`] (any layout or distribution). Every operator returns a `Result`, never panics:
//! `(&a + &b)?`, `(&a * 2.5)?`, `(1 - &a)?`, `(-&a)?`. A number on the left is an `i64`, `f64`, `bool` or complex
//! double (one impl per kind, so that plain literals infer). The compound forms apply to a `Result` accumulator so
//! that an error is kept rather than thrown: `let mut acc = Ok(a); acc += &b; acc *= Scalar::Float(2.0); let a =
//! acc?;` (in place, like `add_`). Rust's orphan rules allow a number on the right of a compound assignment to a
//! `Result` only through oxtorch's own [`crate::Scalar`].

/// The operators of one row of the op table (`dispatch/surface.rs` invokes it for the rows that name them), for
/// both tensor types: `$binop` is the row's operation.
macro_rules! tensor_operators {
    ($Op:ident, $method:ident, $OpAssign:ident, $assign:ident, $binop:expr) => {
        $crate::tensor::operators::tensor_operators!(@type $crate::tensor::Tensor, $crate::tensor::Operand,
            $Op, $method, $OpAssign, $assign, $binop);
        $crate::tensor::operators::tensor_operators!(@type $crate::dispatch::AnyTensor, $crate::dispatch::AnyOperand,
            $Op, $method, $OpAssign, $assign, $binop);
    };
    (@type $T:ty, $Operand:ty, $Op:ident, $method:ident, $OpAssign:ident, $assign:ident, $binop:expr) => {
        impl<R: Into<$Operand>> std::ops::$Op<R> for &$T {
            type Output = $crate::error::Result<$T>;
            fn $method(self, rhs: R) -> $crate::error::Result<$T> {
                <$T as $crate::tensor::operators::Operators>::binary($binop, <$Operand>::from(self), rhs.into(), false)
            }
        }
        impl<R: Into<$Operand>> std::ops::$Op<R> for $T {
            type Output = $crate::error::Result<$T>;
            fn $method(self, rhs: R) -> $crate::error::Result<$T> {
                <$T as $crate::tensor::operators::Operators>::binary($binop, <$Operand>::from(self), rhs.into(), false)
            }
        }
        $crate::tensor::operators::tensor_operators!(
            @assign $T,
            $Operand,
            $OpAssign,
            $assign,
            $binop,
            &$T,
            $T,
            $crate::scalar::Scalar
        );
        $crate::tensor::operators::tensor_operators!(
            @numbers $T,
            $Operand,
            $Op,
            $method,
            $binop,
            bool,
            i64,
            f64,
            num_complex::Complex<f64>
        );
    };
    (@assign $T:ty, $Operand:ty, $OpAssign:ident, $assign:ident, $binop:expr, $($rhs:ty),*) => {$(
        impl std::ops::$OpAssign<$rhs> for $crate::error::Result<$T> {
            fn $assign(&mut self, rhs: $rhs) {
                if let Ok(t) = self {
                    let lhs = <$Operand>::from(&*t);
                    let rhs = <$Operand>::from(rhs);
                    if let Err(e) = <$T as $crate::tensor::operators::Operators>::binary($binop, lhs, rhs, true) {
                        *self = Err(e);
                    }
                }
            }
        }
    )*};
    (@numbers $T:ty, $Operand:ty, $Op:ident, $method:ident, $binop:expr, $($num:ty),*) => {$(
        impl std::ops::$Op<&$T> for $num {
            type Output = $crate::error::Result<$T>;
            fn $method(self, rhs: &$T) -> $crate::error::Result<$T> {
                <$T as $crate::tensor::operators::Operators>::binary(
                    $binop,
                    <$Operand>::from(self),
                    <$Operand>::from(rhs),
                    false,
                )
            }
        }
        impl std::ops::$Op<$T> for $num {
            type Output = $crate::error::Result<$T>;
            fn $method(self, rhs: $T) -> $crate::error::Result<$T> {
                <$T as $crate::tensor::operators::Operators>::binary(
                    $binop,
                    <$Operand>::from(self),
                    <$Operand>::from(rhs),
                    false,
                )
            }
        }
    )*};
}

pub(crate) use tensor_operators;

use crate::dispatch::{AnyOperand, AnyOutput, AnyTensor};
use crate::error::Result;
use crate::op::BinaryOp;
use crate::tensor::{Operand, Output, Tensor};

/// How an operator runs an operation on one tensor type: into a new tensor, or into the first operand.
pub trait Operators: Sized {
    /// The operand type (a tensor of this type or a number).
    type Operand;
    /// `op(lhs, rhs)`, in place into `lhs` when `in_place`.
    fn binary(op: BinaryOp, lhs: Self::Operand, rhs: Self::Operand, in_place: bool) -> Result<Self>;
}

impl Operators for Tensor {
    type Operand = Operand;
    fn binary(op: BinaryOp, lhs: Operand, rhs: Operand, in_place: bool) -> Result<Tensor> {
        let output = if in_place { Output::InPlace } else { Output::New };
        crate::tensor::ops::binary_op(op, &lhs, &rhs, output)
    }
}

impl Operators for AnyTensor {
    type Operand = AnyOperand;
    fn binary(op: BinaryOp, lhs: AnyOperand, rhs: AnyOperand, in_place: bool) -> Result<AnyTensor> {
        let output = if in_place { AnyOutput::InPlace } else { AnyOutput::New };
        crate::dispatch::binary(op, lhs, rhs, output)
    }
}

impl std::ops::Neg for &Tensor {
    type Output = Result<Tensor>;
    fn neg(self) -> Result<Tensor> {
        Tensor::neg(self)
    }
}

impl std::ops::Neg for &AnyTensor {
    type Output = Result<AnyTensor>;
    fn neg(self) -> Result<AnyTensor> {
        AnyTensor::neg(self)
    }
}

/// PyTorch's own check of `~` (`Tensor.__invert__`, before `bitwise_not`): integer and bool tensors only, else a
/// `TypeError` (`bitwise_not` itself refuses a float tensor with `"bitwise_not_cpu" not implemented for
/// 'Float'`).
pub fn check_invert(dtype: crate::dtype::DType) -> Result<()> {
    if dtype.is_integral(true) {
        Ok(())
    } else {
        Err(crate::error::Error::Type(
            "~ (operator.invert) is only implemented on integer and Boolean-type tensors".into(),
        ))
    }
}

impl std::ops::Not for &Tensor {
    type Output = Result<Tensor>;
    /// `~self`: bitwise NOT of an integer tensor, logical NOT of a bool one.
    fn not(self) -> Result<Tensor> {
        check_invert(self.dtype())?;
        self.unary(crate::op::UnaryOp::BitwiseNot)
    }
}

impl std::ops::Not for &AnyTensor {
    type Output = Result<AnyTensor>;
    /// `~self`: bitwise NOT of an integer tensor, logical NOT of a bool one.
    fn not(self) -> Result<AnyTensor> {
        check_invert(self.dtype())?;
        crate::dispatch::unary(crate::op::UnaryOp::BitwiseNot, self, crate::dispatch::AnyOutput::New)
    }
}
