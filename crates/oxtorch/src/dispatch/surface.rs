//! The Rust surface of the op table: for every row, methods on [`AnyTensor`] (every layout and distribution,
//! through [`super::binary`]) and on [`Tensor`] (strided only, through `tensor::ops::binary_op`), the in-place
//! forms, free functions in [`crate::ops`], and Rust's operators where the row names them. Parameters take their
//! defaults (`alpha = 1`, true division); `binary`/`binary_` take a [`BinaryOp`] with parameters.

use super::{binary, AnyOperand, AnyOutput, AnyTensor};
use crate::error::Result;
use crate::op::{BinaryOp, UnaryOp};
use crate::tensor::{Operand, Output, Tensor};

/// The default of each kind of parameter.
macro_rules! default_param {
    (alpha) => {
        $crate::scalar::Scalar::Int(1)
    };
    (rounding_mode) => {
        None
    };
}

macro_rules! rust_surface {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident($($param:ident)?) {
            op: $pat:pat, make: $make:expr,
            scalars: $scalars:ident, other: $other:ident, info: $info:tt,
            inplace: $inplace:tt, dunders: [$($dunder:ident $kind:ident),*], idunders: [$($idunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident, $alias_kind:ident)),*],
            rust: [$($rust:ident)*],
        }
    )*) => {
        impl AnyTensor {
            $(
                $(#[doc = $doc])*
                pub fn $name(&self, other: impl Into<AnyOperand>) -> Result<AnyTensor> {
                    $(let $param = default_param!($param);)?
                    binary($make, AnyOperand::from(self), other.into(), AnyOutput::New)
                }
                rust_surface!(@inplace_any $name $inplace ($($param)?) $make);
            )*
        }

        impl Tensor {
            $(
                $(#[doc = $doc])*
                pub fn $name(&self, other: impl Into<Operand>) -> Result<Tensor> {
                    $(let $param = default_param!($param);)?
                    crate::tensor::ops::binary_op($make, &Operand::from(self), &other.into(), Output::New)
                }
                rust_surface!(@inplace_strided $name $inplace ($($param)?) $make);
            )*
        }

        /// The op tables' functions: `torch.<name>(input, other)` and `torch.<name>(input)` for operands of any
        /// kind.
        pub mod functions {
            use super::*;
            pub use super::unary_functions::*;
            $(
                $(#[doc = $doc])*
                pub fn $name(input: impl Into<AnyOperand>, other: impl Into<AnyOperand>) -> Result<AnyTensor> {
                    $(let $param = default_param!($param);)?
                    binary($make, input.into(), other.into(), AnyOutput::New)
                }
            )*
        }

        $(rust_surface!(@operators ($($param)?) $make; $($rust)*);)*
    };
    (@inplace_any $name:ident _ ($($param:ident)?) $make:expr) => {};
    (@inplace_any $name:ident $inplace:ident ($($param:ident)?) $make:expr) => {
        #[doc = concat!("`self.", stringify!($inplace), "(other)`: [`AnyTensor::", stringify!($name), "`] in place. Returns the result: this tensor written through (strided, global), or the new sparse tensor that replaces it.")]
        pub fn $inplace(&self, other: impl Into<AnyOperand>) -> Result<AnyTensor> {
            $(let $param = default_param!($param);)?
            binary($make, AnyOperand::from(self), other.into(), AnyOutput::InPlace)
        }
    };
    (@inplace_strided $name:ident _ ($($param:ident)?) $make:expr) => {};
    (@inplace_strided $name:ident $inplace:ident ($($param:ident)?) $make:expr) => {
        #[doc = concat!("`self.", stringify!($inplace), "(other)`: [`Tensor::", stringify!($name), "`] into this tensor, which keeps its dtype (PyTorch's casting rules). Returns `self`.")]
        pub fn $inplace(&self, other: impl Into<Operand>) -> Result<Tensor> {
            $(let $param = default_param!($param);)?
            crate::tensor::ops::binary_op($make, &Operand::from(self), &other.into(), Output::InPlace)
        }
    };
    (@operators ($($param:ident)?) $make:expr;) => {};
    (@operators ($($param:ident)?) $make:expr; $Op:ident $method:ident $OpAssign:ident $assign:ident) => {
        crate::tensor::operators::tensor_operators!(
            $Op,
            $method,
            $OpAssign,
            $assign,
            { $(let $param = default_param!($param);)? $make }
        );
    };
}

crate::binary_op_table!(rust_surface);

impl AnyTensor {
    /// Any operation of the table with its parameters (`BinaryOp::Add { alpha: 2.into() }`), into a new tensor.
    pub fn binary(&self, op: BinaryOp, other: impl Into<AnyOperand>) -> Result<AnyTensor> {
        binary(op, AnyOperand::from(self), other.into(), AnyOutput::New)
    }

    /// Any operation of the table in place.
    pub fn binary_(&self, op: BinaryOp, other: impl Into<AnyOperand>) -> Result<AnyTensor> {
        binary(op, AnyOperand::from(self), other.into(), AnyOutput::InPlace)
    }
}

/// The Rust surface of the unary table: methods and in-place methods on [`AnyTensor`], free functions.
macro_rules! unary_rust_surface {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            op: $op:ident, info: $info:tt,
            inplace: [$($inplace:ident $($inplace_only:ident)?)?], dunders: [$($dunder:ident),*],
            aliases: [$(($alias:ident, $alias_inplace:ident $($alias_only:ident)?)),*]
            $(, special: [$($special:ident),*])?
        }
    )*) => {
        impl AnyTensor {
            $(
                $(#[doc = $doc])*
                pub fn $name(&self) -> Result<AnyTensor> {
                    super::unary(UnaryOp::$op, self, AnyOutput::New)
                }
                $(
                    #[doc = concat!("`self.", stringify!($inplace), "()`: [`AnyTensor::", stringify!($name), "`] in place; returns the result (this tensor written through, or the new sparse tensor that replaces it).")]
                    pub fn $inplace(&self) -> Result<AnyTensor> {
                        super::unary(UnaryOp::$op, self, AnyOutput::InPlace)
                    }
                )?
            )*
        }

        /// The unary table's functions (re-exported by [`functions`]).
        mod unary_functions {
            use super::*;
            $(
                $(#[doc = $doc])*
                pub fn $name(input: &AnyTensor) -> Result<AnyTensor> {
                    super::super::unary(UnaryOp::$op, input, AnyOutput::New)
                }
            )*
        }
    };
}

crate::unary_op_table!(unary_rust_surface);

impl Tensor {
    /// `torch.isclose(self, other, rtol, atol, equal_nan)`: elementwise closeness (see [`super::isclose`]).
    pub fn isclose(&self, other: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<Tensor> {
        let (a, b) = (AnyTensor::Strided(self.clone()), AnyTensor::Strided(other.clone()));
        super::isclose(&a, &b, rtol, atol, equal_nan)?.into_strided()
    }

    /// `torch.allclose(self, other, rtol, atol, equal_nan)`: whether every element (after broadcasting) is close
    /// (see [`super::allclose`]).
    pub fn allclose(&self, other: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> Result<bool> {
        let (a, b) = (AnyTensor::Strided(self.clone()), AnyTensor::Strided(other.clone()));
        super::allclose(&a, &b, rtol, atol, equal_nan)
    }

    /// Any operation of the table with its parameters, e.g. `BinaryOp::Add { alpha: 2.into() }` or
    /// `BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }`, into a new tensor.
    pub fn binary(&self, op: BinaryOp, other: impl Into<Operand>) -> Result<Tensor> {
        crate::tensor::ops::binary_op(op, &Operand::from(self), &other.into(), Output::New)
    }

    /// Any operation of the table in place, returning `self`.
    pub fn binary_(&self, op: BinaryOp, other: impl Into<Operand>) -> Result<Tensor> {
        crate::tensor::ops::binary_op(op, &Operand::from(self), &other.into(), Output::InPlace)
    }
}
